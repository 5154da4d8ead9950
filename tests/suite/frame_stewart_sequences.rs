//! Frame–Stewart and star numbers: every route against every other, and the literature.

use hanoilab::sequences::frame_stewart::*;
use hanoilab::sequences::star::*;
use num_bigint::BigInt;

fn big(v: u64) -> BigInt {
    BigInt::from(v)
}

#[test]
fn all_frame_stewart_routes_agree_on_a_grid() {
    let rec = min_recurrence_table(10, 150).unwrap();
    let inc = table(3, 10, 150).unwrap();
    for p in 3..=10usize {
        for n in 0..=150u64 {
            let r = &rec[p - 3][n as usize];
            assert_eq!(r, &inc[p - 3][n as usize], "increments n={n} p={p}");
            assert_eq!(r, &frame_stewart(n, p).unwrap(), "alternating n={n} p={p}");
            if n > 0 {
                assert_eq!(r, &lunnon_s_sum(n, p).unwrap(), "s-sum n={n} p={p}");
                assert_eq!(r, &lunnon_alternating_sum(n, p).unwrap());
            }
            if p == 4 {
                assert_eq!(r, &stockmeyer_lemma2(n), "Lemma 2 n={n}");
            }
        }
    }
}

#[test]
fn optimal_split_sets_equal_lunnon_k_range() {
    // Lunnon 000_3e39fda85b098e00.txt, Reves Puzzle: any k with
    // max(k0, k1-n1+n) <= k <= min(k1, k0-n0+n) is optimal. The scan finds ALL optimal k.
    for p in 4..=12usize {
        for n in 1..=400u64 {
            let ks = optimal_splits(n, p).unwrap();
            let lp = lunnon_params(n, p).unwrap();
            let range: Vec<u64> = (lp.k_min as u64..=lp.k_max as u64).collect();
            assert_eq!(ks, range, "n={n} p={p}");
        }
    }
    // Stockmeyer section 1 (Frame, Stewart): for n = t_k only k; for t_{k-1} < n < t_k
    // both k-1 and k.
    assert_eq!(optimal_splits(10, 4).unwrap(), vec![4]);
    assert_eq!(optimal_splits(8, 4).unwrap(), vec![3, 4]);
}

#[test]
fn optimal_splits_against_brute_min_recurrence() {
    let rec = min_recurrence_table(7, 80).unwrap();
    for p in 4..=7usize {
        for n in 1..=80usize {
            let best = &rec[p - 3][n];
            let brute: Vec<u64> = (1..=n)
                .filter(|&k| &((&rec[p - 3][n - k] << 1) + &rec[p - 4][k]) == best)
                .map(|k| k as u64)
                .collect();
            assert_eq!(optimal_splits(n as u64, p).unwrap(), brute, "n={n} p={p}");
        }
    }
}

#[test]
fn literature_values_frame_stewart() {
    // Dudeney, The Canterbury Puzzles, via Stockmeyer 004_33861799d4694a49.txt, section 1:
    // 33, 49, 321 moves for 8, 10, 21 cheeses.
    assert_eq!(frame_stewart(8, 4).unwrap(), big(33));
    assert_eq!(frame_stewart(10, 4).unwrap(), big(49));
    assert_eq!(frame_stewart(21, 4).unwrap(), big(321));
    // Stockmeyer section 5: M(100) = 172,033.
    assert_eq!(frame_stewart(100, 4).unwrap(), big(172_033));
    // Dudeney's triangular recurrence M(t_k) = 2 M(t_{k-1}) + 2^k - 1, M(1) = 1
    // (Stockmeyer section 1).
    let mut m = big(1);
    for k in 2..=60u64 {
        m = (m << 1) + (big(1) << k) - 1;
        assert_eq!(frame_stewart(k * (k + 1) / 2, 4).unwrap(), m, "t_{k}");
    }
    // Lunnon, Reves Puzzle: (n - k(k-1)/2 - 1) 2^k + 1 with t_{k-1} < ... (his k): checked
    // through Lemma 2 above; Lunnon Many-Pin: m = 6, n = 35 costs 209.
    assert_eq!(frame_stewart(35, 6).unwrap(), big(209));
}

#[test]
fn stockmeyer_theorem1_is_certified_equal() {
    for n in (1..=150u64).chain([1000, 5000]) {
        let c = stockmeyer_theorem1(n).unwrap();
        assert_eq!(c.integer, stockmeyer_lemma2(n).to_string(), "n={n}");
        assert_eq!(c.k, stockmeyer_k(n));
    }
}

#[test]
#[ignore = "slow: certified Theorem 1 up to n = 3000 and at n = 100000"]
fn stockmeyer_theorem1_is_certified_equal_far() {
    for n in (1..=3000u64).chain([100_000]) {
        let c = stockmeyer_theorem1(n).unwrap();
        assert_eq!(c.integer, stockmeyer_lemma2(n).to_string(), "n={n}");
    }
}

#[test]
fn asymptotic_ratio_within_stockmeyer_bound() {
    // Stockmeyer section 1: M(n) within 6.2% of sqrt(n) 2^sqrt(2n) for large n.
    let rows = asymptotic_ratio(&[1000, 10_000, 100_000, 1_000_000]).unwrap();
    for r in rows {
        assert!((r.ratio - 1.0).abs() < 0.062, "n={} ratio={}", r.n, r.ratio);
    }
}

#[test]
fn star_routes_and_literature() {
    let rec = star_min_recurrence(200).unwrap();
    for n in 0..=200u64 {
        assert_eq!(rec[n as usize], star(n).unwrap(), "n={n}");
    }
    for n in 1..=400u64 {
        // Stockmeyer Theorem 2: unique optimal i = floor(log3 a_n) + 1.
        assert_eq!(
            star_optimal_splits(n).unwrap(),
            vec![theorem2_split(n).unwrap()]
        );
    }
    // Stockmeyer section 4: minimizing i is 1 for n = 1, 2; 2 for n = 3..6; >= 3 for n >= 7.
    assert_eq!(theorem2_split(2).unwrap(), 1);
    assert_eq!(theorem2_split(3).unwrap(), 2);
    assert_eq!(theorem2_split(6).unwrap(), 2);
    assert_eq!(theorem2_split(7).unwrap(), 3);
    // Stockmeyer section 5: S(100) = 2,792,570.
    assert_eq!(star(100).unwrap(), big(2_792_570));
}

#[test]
fn lunnon_star_k_approximation_exactly() {
    // Lunnon 000_3e39fda85b098e00.txt, Four-Star: floor(sqrt(2n log2/log3) + 0.1809) is
    // "exact for n < 1737"; his HTML comment: n = 1737, k = 47, appr = 46.998.
    let fails = lunnon_k_failures(1737).unwrap();
    assert_eq!(fails, vec![1737]);
    assert_eq!(theorem2_split(1737).unwrap(), 47);
    assert_eq!(lunnon_k_approx(1737).unwrap(), 46);
    // Comment: n = 570, k = 26 (approximation 26.9999...).
    assert_eq!(theorem2_split(570).unwrap(), 26);
}

#[test]
fn errors_are_typed() {
    use hanoilab::sequences::SequenceError;
    assert!(matches!(
        frame_stewart(3, 1),
        Err(SequenceError::TooFewPegs { .. })
    ));
    assert!(matches!(
        table(3, 20, 10_000_000),
        Err(SequenceError::TooLarge { .. })
    ));
    assert!(matches!(
        optimal_splits(10_000_000, 4),
        Err(SequenceError::TooLarge { .. })
    ));
}

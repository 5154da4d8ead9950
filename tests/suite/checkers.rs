//! Checkers: the Frame-type algorithm simulated, compared with Reve's and with the seed.

use crate::checkers_reference::{
    checkers_p, checkers_puzzle, persistence, reves_count, CheckersFrame,
};
use crate::common::simulate_independently as simulate;
use hanoilab::puzzle::model::Move;
use num_bigint::BigInt;

#[test]
fn frame_algorithm_simulates_for_all_base_patterns() {
    let mut f = CheckersFrame::new();
    let pats: [[Option<u8>; 4]; 6] = [
        [None, None, None, None],             // DDDD
        [None, None, None, Some(1)],          // DDDB
        [Some(1), Some(0), None, None],       // BADD
        [None, None, Some(1), Some(1)],       // DDBB
        [Some(1), None, None, Some(1)],       // BDDB
        [Some(1), Some(0), Some(1), Some(1)], // BABB
    ];
    for b in pats {
        for n in 1..=12usize {
            let Some(c) = f.count(n, b, 0, 3) else {
                continue;
            };
            let mv = f.moves(n, b, 0, 3);
            let k = simulate(&checkers_puzzle(n, b.to_vec()), mv)
                .unwrap_or_else(|e| panic!("{b:?} {n}: {e}"));
            assert_eq!(BigInt::from(k), c);
        }
    }
}

#[test]
fn seed_values_n15_n21() {
    // Lunnon 000_3e39fda85b098e00.txt, section Checkers Hanoi: "At n = 15 ... 137 moves
    // against 129 for Reves ... At n = 21 ... 337 against 321".
    let mut f = CheckersFrame::new();
    assert_eq!(f.dddd(15), BigInt::from(137));
    assert_eq!(reves_count(15), BigInt::from(129));
    assert_eq!(f.dddd(21), BigInt::from(337));
    assert_eq!(reves_count(21), BigInt::from(321));
    // "Optimal solutions, common to both Checkers and Reves ... exist for all n < 27
    // except n = 15, 21"
    let differ: Vec<usize> = (1..27).filter(|&n| f.dddd(n) != reves_count(n)).collect();
    assert_eq!(differ, vec![15, 21]);
}

#[test]
fn persistence_rule_up_to_80() {
    // Lunnon: "DDDD(n) = Reves(n) just when |p(n)| <= 2" (checked to 200 with --ignored)
    let mut f = CheckersFrame::new();
    for n in 1..=80usize {
        let eq = f.dddd(n) == reves_count(n);
        assert_eq!(eq, persistence(n as u64).abs() <= 2, "n = {n}");
    }
}

#[test]
#[ignore]
fn persistence_rule_up_to_200() {
    let mut f = CheckersFrame::new();
    for n in 1..=200usize {
        let eq = f.dddd(n) == reves_count(n);
        assert_eq!(eq, persistence(n as u64).abs() <= 2, "n = {n}");
    }
}

#[test]
fn checkers_p_solves_dddd_under_checkers_rules() {
    // Lunnon, §Checkers Hanoi: Checkers_P is Reversi_P's periodic rule; its moves are legal
    // under the Checkers rules on uncoloured bases.
    for n in 1..=10usize {
        let a: Vec<Move> = checkers_p(n).collect();
        simulate(&checkers_puzzle(n, vec![None; 4]), a).unwrap();
    }
}

#[test]
fn babb_baab_order_follows_parity_of_nearest_triangular_index() {
    // Lunnon, section Checkers Hanoi: with j = [(2n + 1/4)^(1/2)] (= floor(sqrt(8n+1)/2)),
    // "When j is even, odd then BABB(n) <=, >= BAAB(n) respectively".
    let babb = [Some(1), Some(0), Some(1), Some(1)];
    let baab = [Some(1), Some(0), Some(0), Some(1)];
    let mut f = CheckersFrame::new();
    for n in 1..=60usize {
        let j = (8 * n + 1).isqrt() / 2;
        let (a, b) = (
            f.count(n, babb, 0, 3).unwrap(),
            f.count(n, baab, 0, 3).unwrap(),
        );
        if j % 2 == 0 {
            assert!(a <= b, "n = {n}");
        } else {
            assert!(a >= b, "n = {n}");
        }
    }
}

/// Checkers_P is Reversi_P (Lunnon, section Checkers Hanoi), whose counts satisfy
/// P(n) = 3P(n-2) + 4: the program of `checkers.P` gets the transfer system it gets in
/// `reversi.toml` although the same file holds Frame-type procedures with square-root
/// splits, and the claim that the two are identical is proved, not only checked to n = 60.
#[test]
fn checkers_p_has_a_transfer_system_and_equals_reversi_p_for_every_n() {
    use hanoilab::literature::check::check_claim;
    use hanoilab::literature::{builtin_claims, VerdictKind};
    use hanoilab::variants::{Params, Variant};
    let v = Variant::builtin("checkers").unwrap();
    let sys = v
        .transfer_system(&Params::new())
        .unwrap()
        .expect("checkers.P has a transfer system");
    assert!(sys.names.iter().any(|n| n == "P"), "{:?}", sys.names);
    // P(n) = 3P(n-2) + 4 from the counts themselves.
    let p = |n: i64| v.count("P", n, &Params::new()).unwrap();
    for n in 3..40 {
        assert_eq!(p(n), BigInt::from(3) * p(n - 2) + 4, "n = {n}");
    }
    let claim = builtin_claims()
        .unwrap()
        .into_iter()
        .find(|c| c.id.ends_with("checkers.P-is-reversi-P"))
        .unwrap();
    let checked = check_claim(&claim);
    assert_eq!(checked.verdict, VerdictKind::Proved, "{}", checked.detail);
}

//! Lunnon's phase structure of Turtle / Multi-stack (000_3e39fda85b098e00.txt, section
//! Turtle & Multi-Stack Hanoi, the notes after the optimality argument): the solution splits
//! into phases during which a single stack moves; stack g(j) moves h(j) times in phase j.

use hanoilab::puzzle::{simulate_with, Move, SimulateOptions, Tower};
use hanoilab::variants::{Params, Variant};

/// (stack, run length) of the maximal runs of moves by discs of one stack.
fn phases(id: &str, n: i64, p: &Params) -> Vec<(u8, u64)> {
    let v = Variant::builtin(id).unwrap();
    let puzzle = v.puzzle("HAHA", n, p).unwrap();
    let mut runs: Vec<(u8, u64)> = Vec::new();
    let mut obs = |_: u64, m: Move, t: &Tower| {
        let d = *t.pins[m.to as usize].last().unwrap();
        let g = puzzle.discs[d as usize].group;
        match runs.last_mut() {
            Some((h, c)) if *h == g => *c += 1,
            _ => runs.push((g, 1)),
        }
    };
    let opts = SimulateOptions {
        observer: Some(&mut obs),
        ..Default::default()
    };
    simulate_with(&puzzle, v.moves("HAHA", n, p).unwrap(), opts).unwrap();
    runs
}

#[test]
fn turtle_phases_match_lunnon() {
    for n in 1..=10i64 {
        let runs = phases("turtle", n, &Params::new());
        // Lunnon: phases 0 <= j <= 2n; h(0) = 1, h(n) = 1, h(j) = 3 * 2^(j-1) for 0 < j < n,
        // h(j) = h(2n - j); g(j) = (j + n + 1) mod 2.
        let h = |j: i64| -> u64 {
            let j = if j > n { 2 * n - j } else { j };
            if j == 0 || j == n {
                1
            } else {
                3 << (j - 1)
            }
        };
        let expect: Vec<(u8, u64)> = (0..=2 * n)
            .map(|j| (((j + n + 1) % 2) as u8, h(j)))
            .collect();
        let lengths: Vec<u64> = runs.iter().map(|r| r.1).collect();
        let expect_lengths: Vec<u64> = expect.iter().map(|r| r.1).collect();
        assert_eq!(lengths, expect_lengths, "n={n}");
        // Which stack moves first depends on labelling; Lunnon's g alternates, as ours does.
        for w in runs.windows(2) {
            assert_ne!(w[0].0, w[1].0);
        }
        if runs[0].0 != expect[0].0 {
            eprintln!(
                "n={n}: our first phase moves stack {}, Lunnon's g(0) = {}",
                runs[0].0, expect[0].0
            );
        }
    }
}

#[test]
fn multi_stack_phase_count() {
    for l in 3..=5i64 {
        for n in 2..=7i64 {
            let p = Params::from([("l".to_string(), l)]);
            let runs = phases("multi-stack", n, &p);
            // Lunnon: p(l, n) = 2(l-1)(n-1) + 2 phases for l > 2 (phases numbered 0..=p).
            let lunnon = 2 * (l - 1) * (n - 1) + 2;
            // Finding: the stream of Lunnon's own HAHA program has 2(l-1)n + 4 - l phases, not
            // p + 1 = 2(l-1)(n-1) + 3; the lengths are symmetric only for l = 3; h((l-1)k) = 3 * 2^(k-1) and h((l-1)k + i) =
            // 2^k hold for k < n-1, h((l-1)(n-1)) = 2^(n-2) + 1 holds, but the central phase
            // is stack 0 alone moving 2^(n-1) - 1 times instead of Lunnon's h((l-1)n) = 1.
            let lengths: Vec<u64> = runs.iter().map(|r| r.1).collect();
            assert_eq!(runs.len() as i64, 2 * (l - 1) * n + 4 - l);
            let mut rev = lengths.clone();
            rev.reverse();
            if lengths != rev {
                eprintln!("l={l} n={n}: phase lengths not symmetric (Lunnon: h(j) = h(p-j))");
            }
            for k in 1..n - 1 {
                assert_eq!(lengths[((l - 1) * k) as usize], 3 << (k - 1));
                for i in 1..l - 1 {
                    assert_eq!(lengths[((l - 1) * k + i) as usize], 1 << k);
                }
            }
            assert_eq!(lengths[((l - 1) * (n - 1)) as usize], (1 << (n - 2)) + 1);
            assert_eq!(lengths[((l - 1) * n) as usize], (1 << (n - 1)) - 1);
            eprintln!(
                "l={l} n={n}: {} runs, Lunnon p = {lunnon} (so {} phases); lengths {:?}",
                runs.len(),
                lunnon + 1,
                runs.iter().map(|r| r.1).collect::<Vec<_>>()
            );
        }
    }
}

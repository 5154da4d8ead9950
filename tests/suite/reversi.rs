//! Reversi: every algorithm simulated under the rules of `src/puzzle/model.rs`, counts
//! compared with the programs' recurrences and with Lunnon's printed formulas.

use crate::common::simulate_independently as simulate;
use crate::reversi_reference::{bottom_count, bottom_moves, reversi_g, reversi_g_count};
use hanoilab::puzzle::model::Move;
use hanoilab::variants::alternatives::four_pin_periodic;
use hanoilab::variants::reversi::{Bottom, Top};
use num_bigint::BigInt;

/// Lunnon's printed times, `000_3e39fda85b098e00.txt`, section Reversi Hanoi:
/// BABA(n) = (2)3^(n/2) - 2 (n even), (3)3^[n/2] - 2 (n odd);
/// BABB(n) = (2)3^(n/2) - 2 (n even), (4)3^[n/2] - 2 (n odd);
/// BAAB(n) = [(8/3)3^(n/2) - 2] (n even), (4)3^[n/2] - 2 (n odd).
fn printed(p: Bottom, n: u32) -> BigInt {
    let h = BigInt::from(3).pow(n / 2);
    let even = n % 2 == 0;
    match (p, even) {
        (Bottom::Baba, true) | (Bottom::Babb, true) => h * 2 - 2,
        (Bottom::Baba, false) => h * 3 - 2,
        (Bottom::Babb, false) | (Bottom::Baab, false) => h * 4 - 2,
        // floor((8/3) 3^(n/2) - 2) = floor((8 * 3^(n/2) - 6) / 3)
        (Bottom::Baab, true) => {
            let v: BigInt = h * 8 - 6;
            num_integer::Integer::div_floor(&v, &BigInt::from(3))
        }
    }
}

/// The Maple procedure in the seed's header comment:
/// `if n mod 2 = 1 then 4*3^((n-1)/2) - 2 else 2*3^(n/2) - 2 fi`.
fn maple_reversi_b(n: u32) -> BigInt {
    if n % 2 == 1 {
        BigInt::from(3).pow((n - 1) / 2) * 4 - 2
    } else {
        BigInt::from(3).pow(n / 2) * 2 - 2
    }
}

#[test]
fn bottom_problems_simulate_and_match_printed_times() {
    for p in Bottom::ALL {
        for n in 1..=12usize {
            let k = simulate(&p.puzzle(n), bottom_moves(p, n))
                .unwrap_or_else(|e| panic!("{p}({n}): {e}"));
            assert_eq!(
                BigInt::from(k),
                bottom_count(p, n),
                "{p}({n}) stream vs recurrence"
            );
            assert_eq!(
                bottom_count(p, n),
                printed(p, n as u32),
                "{p}({n}) vs Lunnon"
            );
        }
        for n in 13..=60u32 {
            assert_eq!(
                bottom_count(p, n as usize),
                printed(p, n),
                "{p}({n}) vs Lunnon"
            );
        }
    }
}

#[test]
fn maple_header_agrees_with_printed_babb() {
    for n in 0..=60u32 {
        assert_eq!(maple_reversi_b(n), printed(Bottom::Babb, n));
    }
}

#[test]
fn colour_check_before_flip_makes_babb_insoluble_for_one_disc() {
    // Under "check before flipping" the first move of BABB(1) (W -> X, base A, disc A) is
    // illegal, and so is every other first move of the disc except to Y / Z (base B),
    // from which it can never land on Z as A; the programs rely on checking after the flip.
    let mut p = Bottom::Babb.puzzle(1);
    p.rules.check_after_recolour = false;
    assert!(simulate(&p, bottom_moves(Bottom::Babb, 1)).is_err());
}

#[test]
fn reversi_p_is_the_recursive_babb_move_for_move() {
    for n in 0..=13usize {
        let a: Vec<Move> = four_pin_periodic(n as u32).collect();
        let b: Vec<Move> = bottom_moves(Bottom::Babb, n).collect();
        assert_eq!(a, b, "n = {n}");
        if n > 0 {
            simulate(&Bottom::Babb.puzzle(n), a).unwrap();
        }
    }
}

#[test]
fn reversi_p_smallest_disc_times() {
    // Lunnon, section Reversi Hanoi: "The smallest disc moves when t mod 3 = 0 (n even),
    // t mod 8 = 0,1,4,5 (n odd)" -- holds exactly (checked for every move).
    for n in 1..=10usize {
        let p = Bottom::Babb.puzzle(n);
        let mut c = p.start.clone();
        for (t, m) in four_pin_periodic(n as u32).enumerate() {
            let d = c.pins[m.from as usize].pop().unwrap();
            c.pins[m.to as usize].push(d);
            let smallest = d as usize == n - 1;
            let predicted = if n % 2 == 0 {
                t % 3 == 0
            } else {
                matches!(t % 8, 0 | 1 | 4 | 5)
            };
            assert_eq!(smallest, predicted, "n = {n}, t = {t}");
        }
    }
}

#[test]
fn reversi_g_solves_dddf_in_twice_classic() {
    for n in 1..=10usize {
        let k = simulate(&Top::Dddf.puzzle(n), reversi_g(n)).unwrap();
        // Lunnon, section Reversi Hanoi: "the time is 2(2^n - 1)"
        assert_eq!(BigInt::from(k), reversi_g_count(n));
        assert_eq!(BigInt::from(k), (BigInt::from(2).pow(n as u32) - 1) * 2);
    }
}

mod frame {
    use super::simulate;
    use crate::reversi_reference::bottom_count;
    use hanoilab::variants::reversi::{Bottom, ReversiFrame, Top};
    use num_bigint::BigInt;

    #[test]
    fn frame_reproduces_the_bottom_recursions() {
        let mut f = ReversiFrame::new();
        for p in Bottom::ALL {
            let b = p.bases().map(Some);
            for n in 1..=20usize {
                assert_eq!(
                    f.count(b, 0, 3, p.goal_flipped(), n),
                    Some(bottom_count(p, n)),
                    "{p}({n})"
                );
            }
            for n in 1..=8usize {
                let mv = f.moves(b, 0, 3, p.goal_flipped(), n);
                assert_eq!(
                    simulate(&p.puzzle(n), mv).unwrap(),
                    usize::try_from(bottom_count(p, n)).unwrap()
                );
            }
        }
    }

    #[test]
    fn frame_solves_the_uncoloured_problems() {
        // Breadth-first optima n = 1..7 (a scratch prototype in Python):
        // DDDF 2 4 8 12 20 28 36, DDDE 1 4 7 12 17 24 35, EDDD 3 6 11 16 23 32 45.
        let opt = [
            (Top::Dddf, [2, 4, 8, 12, 20, 28, 36]),
            (Top::Ddde, [1, 4, 7, 12, 17, 24, 35]),
            (Top::Eddd, [3, 6, 11, 16, 23, 32, 45]),
        ];
        let mut f = ReversiFrame::new();
        for (t, o) in opt {
            let (dst, fl) = match t {
                Top::Dddf => (3, false),
                Top::Ddde => (3, true),
                Top::Eddd => (0, true),
            };
            for n in 1..=8usize {
                let c = f.count([None; 4], 0, dst, fl, n).unwrap();
                let mv = f.moves([None; 4], 0, dst, fl, n);
                let k = simulate(&t.puzzle(n), mv).unwrap_or_else(|e| panic!("{t:?}({n}): {e}"));
                assert_eq!(BigInt::from(k), c);
                if n <= 7 {
                    assert!(c >= BigInt::from(o[n - 1]), "{t:?}({n}) below the optimum");
                }
                if n <= 3 {
                    assert_eq!(c, BigInt::from(o[n - 1]), "{t:?}({n})");
                }
            }
        }
    }
}

mod frame_system {
    use hanoilab::algebra::MatrixAnalysis;
    use hanoilab::variants::reversi::{FrameType, ReversiFrame};
    use num_traits::ToPrimitive;

    /// The transfer system read off the plans at one n must reproduce the family's exact
    /// minimum, computed independently at every n of its class (matrix vs dynamic programme).
    #[test]
    fn odd_system_reproduces_the_minimum_from_n_1() {
        let mut f = ReversiFrame::new();
        let sys = f.transfer_system(21, 1).unwrap();
        assert_eq!(sys.names[..3], ["DDDF", "DDDE", "EDDD"]);
        assert_eq!(sys.mismatches(&mut f, 1, 33), Vec::<usize>::new());
        // Read at another n: the same matrix (the plans are stable for odd n).
        assert_eq!(f.transfer_system(25, 1).unwrap().matrix, sys.matrix);
    }

    #[test]
    fn even_systems_need_steps_of_four() {
        let mut f = ReversiFrame::new();
        for read_at in [20usize, 22] {
            let sys = f.transfer_system(read_at, 2).unwrap();
            let bad = sys.mismatches(&mut f, 0, 32);
            assert!(bad.iter().all(|&m| m < 8), "read at {read_at}: {bad:?}");
            // One step of two discs does not serve: the plans alternate modulo 4.
            let two = f.transfer_system(read_at, 1).unwrap();
            assert!(!two.mismatches(&mut f, 8, 30).is_empty());
        }
    }

    /// The dominant root of the odd system (algebra) against the ratio of exact counts (DP).
    #[test]
    fn growth_is_three_per_two_discs() {
        let mut f = ReversiFrame::new();
        let sys = f.transfer_system(21, 1).unwrap();
        let init = sys.state(&mut f, 1).unwrap();
        let a = MatrixAnalysis::from_first_n(sys.matrix.clone(), init, 1, None, 20, None)
            .unwrap()
            .to_report();
        let dom = a.components[0].dominant.as_ref().unwrap();
        let top = FrameType::TOPS[0].1;
        let r = f.type_count(top, 41).unwrap().to_f64().unwrap()
            / f.type_count(top, 39).unwrap().to_f64().unwrap();
        assert!(
            (r - dom.lambda_approx).abs() < 0.01,
            "{r} vs {}",
            dom.lambda
        );
    }
}

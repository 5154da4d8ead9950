//! Move generators of `hanoilab::sequences::moves` simulated under the puzzle rules.

use hanoilab::puzzle::{simulate, simulate_with, Move, SimulateOptions, Tower};
use hanoilab::search::{search, SearchOptions};
use hanoilab::sequences::frame_stewart::frame_stewart;
use hanoilab::sequences::moves::*;
use hanoilab::sequences::star::star;
use hanoilab::variants::{Params, Variant};
use num_bigint::BigInt;

fn big(v: u64) -> BigInt {
    BigInt::from(v)
}

#[test]
fn frame_stewart_moves_are_legal_and_count_t() {
    // p up to 10, n up to 40 (sampled to keep the test fast; the count is T(n, p)).
    for p in 3..=10usize {
        let n_max = if p == 3 {
            16
        } else if p == 4 {
            28
        } else {
            40
        };
        for n in (0..=n_max).step_by(if p <= 4 { 1 } else { 3 }) {
            let r = simulate(
                &frame_stewart_puzzle(p, n),
                frame_stewart_moves(p, n).unwrap(),
            )
            .unwrap_or_else(|e| panic!("p={p} n={n}: {e}"));
            assert_eq!(
                big(r.moves),
                frame_stewart(n as u64, p).unwrap(),
                "p={p} n={n}"
            );
        }
    }
}

#[test]
fn lunnon_many_pin_example_m6_n35() {
    // Lunnon 000_3e39fda85b098e00.txt, Reves Puzzle & Many-Pin Hanoi: m = 6, n = 35 takes
    // 1+8+40+160 = 209 moves; after move 105: 35 on pin 6; 34..32 on pin 5; 31..26 on pin 4;
    // 25..16 on pin 3; 15..1 on pin 2; none on pin 1 (pins numbered from 1).
    let puzzle = frame_stewart_puzzle(6, 35);
    let mut snapshot = None;
    let mut obs = |i: u64, _m: Move, t: &Tower| {
        if i == 105 {
            snapshot = Some(t.pins.clone());
        }
    };
    let opts = SimulateOptions {
        observer: Some(&mut obs),
        ..Default::default()
    };
    let r = simulate_with(&puzzle, frame_stewart_moves(6, 35).unwrap(), opts).unwrap();
    assert_eq!(r.moves, 209);
    let pins = snapshot.unwrap();
    let sizes = |pin: usize| -> Vec<u32> { pins[pin].iter().map(|&id| 35 - id).collect() };
    let range = |hi: u32, lo: u32| -> Vec<u32> { (lo..=hi).rev().collect() };
    assert_eq!(sizes(5), vec![35]);
    assert_eq!(sizes(4), range(34, 32));
    assert_eq!(sizes(3), range(31, 26));
    assert_eq!(sizes(2), range(25, 16));
    assert_eq!(sizes(1), range(15, 1));
    assert!(sizes(0).is_empty());
}

#[test]
fn smallest_disc_moves_at_multiples_of_four_for_triangular_n() {
    // Lunnon, Reves Puzzle: "when n is triangular, the smallest disc moves only at times
    // divisible by 4". This holds with time = number of moves made before (0-based): the
    // first move is at time 0; with 1-based move numbers it reads "1 mod 4".
    for k in 2..=7u32 {
        let n = k * (k + 1) / 2;
        let puzzle = frame_stewart_puzzle(4, n);
        let mut tower = Tower::new(&puzzle);
        for (i, m) in frame_stewart_moves(4, n).unwrap().enumerate() {
            let top = *tower.pins[m.from as usize].last().unwrap();
            tower.play(&puzzle, m, i as u64 + 1).unwrap();
            if top == n - 1 {
                assert_eq!(i % 4, 0, "n={n}, move {}", i + 1);
            }
        }
    }
}

#[test]
fn star_algorithm_simulated() {
    for n in 0..=40u32 {
        let r = simulate(&star_puzzle(n), star_moves(n).unwrap()).unwrap();
        assert_eq!(big(r.moves), star(n as u64).unwrap(), "n={n}");
    }
    for n in 0..=12u32 {
        let d = simulate(&star_puzzle(n), star_detour_moves(n).unwrap()).unwrap();
        // Stockmeyer section 4: the detour solution takes 2 (2^n - 1) moves.
        assert_eq!(d.moves, 2 * ((1u64 << n) - 1));
    }
}

#[test]
fn cyclic4_sgs_and_bottom_driven() {
    for n in 0..=8u32 {
        let r = simulate(&cyclic4_puzzle(n), cyclic4_sgs_moves(n).unwrap()).unwrap();
        // Stockmeyer section 2: N(n) = 3^n - 1.
        assert_eq!(r.moves, 3u64.pow(n) - 1);
        assert!(r.moves as u128 >= cyclic4_lower_bound(n as u64));
    }
    // Stockmeyer section 2: the bottom-driven algorithm is minimal for n = 1..4
    // (2, 8, 18, 36 by exhaustive search) and makes 70 moves at n = 5 (optimum 66).
    let expected = [0u64, 2, 8, 18, 36, 70];
    for n in 0..=5u32 {
        let r = simulate(&cyclic4_puzzle(n), cyclic4_bottom_driven_moves(n).unwrap()).unwrap();
        assert_eq!(r.moves, expected[n as usize], "n={n}");
    }
    for n in 6..=9u32 {
        let r = simulate(&cyclic4_puzzle(n), cyclic4_bottom_driven_moves(n).unwrap()).unwrap();
        assert!(r.moves as u128 >= cyclic4_lower_bound(n as u64));
    }
}

#[test]
fn four_in_a_row_simulated() {
    for n in 0..=9u32 {
        let r = simulate(&four_in_a_row_puzzle(n), four_in_a_row_moves(n).unwrap()).unwrap();
        // Stockmeyer section 3: R(n) = 3^n + n - 1.
        assert_eq!(r.moves, 3u64.pow(n) + n as u64 - 1);
    }
}

/// The 2x5 multistack Reve's puzzle (Wikipedia 001_f2dd7c3193aeec0c.txt, section Two stacks
/// and more stacks), the variant file `multistack-reves`.
fn multistack_reves() -> Variant {
    Variant::builtin("multistack-reves").unwrap()
}

/// Wikipedia's count of the interlocked solution, `R(n) + 2R(n-1) + 2` (0 without discs),
/// from the Frame–Stewart numbers (not from the variant's program).
fn wikipedia_interlocked(n: u64) -> BigInt {
    if n == 0 {
        big(0)
    } else {
        frame_stewart(n, 4).unwrap() + frame_stewart(n - 1, 4).unwrap() * 2 + 2
    }
}

/// Simulates `function` of `multistack-reves` for n = 0..=12 (every move checked, the goal
/// reached) and compares the number of moves, and the program's count, with `expected(n)`.
fn multistack_reves_simulates_to(function: &str, expected: impl Fn(u64) -> BigInt) {
    let v = multistack_reves();
    let p = Params::new();
    for n in 0..=12u64 {
        let r = v
            .simulate(function, n as i64, &p)
            .unwrap_or_else(|e| panic!("{function} n={n}: {e}"));
        assert_eq!(big(r.moves), expected(n), "{function} n={n}");
        assert_eq!(
            v.count(function, n as i64, &p).unwrap(),
            big(r.moves),
            "{function} n={n}"
        );
    }
}

#[test]
fn multistack_reves_interlocked_simulated() {
    // Our interlocked reconstruction makes Wikipedia's R(n) + 2R(n-1) + 2 moves.
    multistack_reves_simulates_to("interlocked", wikipedia_interlocked);
}

#[test]
fn multistack_reves_simple_simulated() {
    // Not interlocked: R(n) + 2^n moves (n >= 1).
    multistack_reves_simulates_to("simple", |n| {
        if n == 0 {
            big(0)
        } else {
            frame_stewart(n, 4).unwrap() + (big(1) << n)
        }
    });
}

#[test]
fn multistack_reves_29_moves_at_n5_beats_wikipedia_formula() {
    // Wikipedia 001_f2dd7c3193aeec0c.txt (multistack Reve's): the interlocked solution with
    // R(n) + 2R(n-1) + 2 moves is "conjectured to be optimal"; at n = 5 that is
    // 13 + 2*9 + 2 = 33. A breadth-first search (a throwaway Python script during development,
    // same rules) found this 29-move solution; the simulator checks it here on the variant's
    // puzzle. Optimum by that search: 3, 7, 13, 21, 29 for n = 1..5.
    let path = "a1:0>1 b1:2>0 b2:2>4 b3:2>3 b2:4>3 b1:0>3 b4:2>4 a2:0>2 a3:0>4 a2:2>4 \
                a1:1>4 a4:0>2 a5:0>1 a4:2>1 b5:2>0 a4:1>0 a5:1>2 a1:4>1 a4:0>2 a2:4>0 \
                a3:4>2 a2:0>2 b1:3>2 b4:4>0 b2:3>4 b3:3>0 b2:4>0 b1:2>0 a1:1>2";
    let moves: Vec<Move> = path
        .split_whitespace()
        .map(|m| {
            let (_, pins) = m.split_once(':').unwrap();
            let (f, t) = pins.split_once('>').unwrap();
            Move::new(f.parse().unwrap(), t.parse().unwrap())
        })
        .collect();
    let puzzle = multistack_reves()
        .puzzle("interlocked", 5, &Params::new())
        .unwrap();
    let r = simulate(&puzzle, moves).unwrap();
    assert_eq!(r.moves, 29);
    assert_eq!(wikipedia_interlocked(5), big(33));
}

fn multistack_reves_optimum(n: i64) -> u64 {
    let puzzle = multistack_reves()
        .puzzle("interlocked", n, &Params::new())
        .unwrap();
    search(&puzzle, &SearchOptions::default())
        .unwrap()
        .minimum
        .unwrap()
}

#[test]
fn multistack_reves_search_optimum_matches_interlocked_up_to_4() {
    // Breadth-first search: the interlocked algorithm (and Wikipedia's formula) is optimal
    // for n = 1..4.
    let v = multistack_reves();
    for (n, opt) in [(1, 3u64), (2, 7), (3, 13), (4, 21)] {
        assert_eq!(multistack_reves_optimum(n), opt, "n={n}");
        assert_eq!(wikipedia_interlocked(n as u64), big(opt), "n={n}");
        assert_eq!(
            v.count("interlocked", n, &Params::new()).unwrap(),
            big(opt),
            "n={n}"
        );
    }
}

#[test]
fn multistack_reves_search_optimum_at_5_is_below_the_formula() {
    // n = 5: search finds 29 (the hand-checked path above has 29 moves), the formula 33;
    // "conjectured to be optimal" fails here. About 5 s in the (optimised) test profile.
    assert_eq!(multistack_reves_optimum(5), 29);
    assert!(wikipedia_interlocked(5) > big(29));
}

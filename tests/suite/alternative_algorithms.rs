//! The seeds' alternative algorithms, move for move against the recursive programs.

use hanoilab::puzzle::{
    simulate, simulate_with, Config, Disc, Move, MoveGraph, Puzzle, Rules, SimulateOptions, Tower,
};
use hanoilab::variants::alternatives::*;
use hanoilab::variants::{Params, Variant};
use std::collections::HashSet;

fn program(id: &str, f: &str, n: u32) -> Vec<Move> {
    Variant::builtin(id)
        .unwrap()
        .moves(f, n as i64, &Params::new())
        .unwrap()
        .collect()
}

#[test]
fn classic_iterative_rules_equal_the_recursion() {
    for n in 1..=14 {
        let rec = program("classic", "T", n);
        assert_eq!(
            classic_period3(n).collect::<Vec<_>>(),
            rec,
            "period-3 n={n}"
        );
        assert_eq!(
            classic_bichromatic(n).collect::<Vec<_>>(),
            rec,
            "bichromatic n={n}"
        );
        assert_eq!(classic_binary(n).collect::<Vec<_>>(), rec, "binary n={n}");
        assert_eq!(classic_gray(n).collect::<Vec<_>>(), rec, "gray n={n}");
        assert_eq!(
            sniedovich_recipe(n).collect::<Vec<_>>(),
            rec,
            "Sniedovich n={n}"
        );
    }
}

#[test]
fn classic_positions_without_replay() {
    let v = Variant::builtin("classic").unwrap();
    for n in 1..=10u32 {
        let puzzle = v.puzzle("T", n as i64, &Params::new()).unwrap();
        let mut tower = Tower::new(&puzzle);
        let check = |tower: &Tower, m: u64| {
            // pin of each disc, largest first (disc ids are largest first).
            let mut pos = vec![0u8; n as usize];
            for (p, st) in tower.pins.iter().enumerate() {
                for &d in st {
                    pos[d as usize] = p as u8;
                }
            }
            assert_eq!(classic_position_after(n, m, 0, 2), pos, "conf n={n} m={m}");
            assert_eq!(
                classic_position_from_bits(n, m, 0, 2),
                pos,
                "bits n={n} m={m}"
            );
        };
        check(&tower, 0);
        for (i, m) in v.moves("T", n as i64, &Params::new()).unwrap().enumerate() {
            let top = *tower.pins[m.from as usize].last().unwrap();
            assert_eq!(
                puzzle.discs[top as usize].size,
                classic_disc_of_move(i as u64 + 1)
            );
            tower.play(&puzzle, m, i as u64 + 1).unwrap();
            check(&tower, i as u64 + 1);
        }
    }
}

#[test]
fn classic_colours_alternate_on_every_pin() {
    // Lunnon, section Classic Hanoi: "The colours of all discs and bases on each pin
    // alternate" throughout the solution (discs coloured by size parity, bases continuing).
    let v = Variant::builtin("classic").unwrap();
    for n in 1..=12u32 {
        let puzzle = v.puzzle("T", n as i64, &Params::new()).unwrap();
        let base = [(n + 1) % 2, n % 2, (n + 1) % 2];
        let mut bad = 0;
        let mut obs = |_: u64, _: Move, t: &Tower| {
            for (p, st) in t.pins.iter().enumerate() {
                let mut prev = base[p];
                for &d in st {
                    let c = puzzle.discs[d as usize].size % 2;
                    if c == prev {
                        bad += 1;
                    }
                    prev = c;
                }
            }
        };
        let opts = SimulateOptions {
            observer: Some(&mut obs),
            ..Default::default()
        };
        simulate_with(
            &puzzle,
            v.moves("T", n as i64, &Params::new()).unwrap(),
            opts,
        )
        .unwrap();
        assert_eq!(bad, 0, "n={n}");
    }
}

#[test]
fn cyclic_coloured_algorithm_equals_the_recursion() {
    for n in 1..=10 {
        let mut consecutive_blue = false;
        let left = cyclic_coloured(n, true, |c| {
            consecutive_blue |= c.windows(2).any(|w| w[0] == 1 && w[1] == 1)
        });
        assert_eq!(left, program("cyclic", "A", n), "A n={n}");
        assert!(!consecutive_blue, "n={n}");
        let right = cyclic_coloured(n, false, |c| {
            consecutive_blue |= c.windows(2).any(|w| w[0] == 1 && w[1] == 1)
        });
        assert_eq!(right, program("cyclic", "C", n), "C n={n}");
        assert!(!consecutive_blue, "n={n}");
    }
}

#[test]
fn cyclic_average_blue_small() {
    for n in 1..=10 {
        let (avg, ok) = cyclic_average_blue(n);
        assert!(ok);
        eprintln!(
            "n={n}: average blue {avg} vs (2-sqrt3)n: {:?}",
            compare_with_two_minus_sqrt3(&avg, n)
        );
    }
}

#[test]
#[ignore = "A(20) is about 6e8 moves; release only"]
fn cyclic_average_blue_to_20() {
    for n in 1..=20 {
        let (avg, ok) = cyclic_average_blue(n);
        assert!(ok);
        println!(
            "n={n}: average blue {avg} ({:?} (2-sqrt3) n)",
            compare_with_two_minus_sqrt3(&avg, n)
        );
    }
}

/// Adjacent: three pins, moves only 0-1 and 1-2, tower 0 -> 2 (built here; the domino
/// helper's file has it as ABA).
fn adjacent_puzzle(n: u32) -> Puzzle {
    let all: Vec<u32> = (0..n).collect();
    let mut rules = Rules::classic(3);
    rules.arcs = MoveGraph::Path.arcs(3);
    Puzzle {
        pins: 3,
        discs: (0..n)
            .map(|i| Disc {
                size: n - i,
                group: 0,
            })
            .collect(),
        rules,
        bases: vec![None; 3],
        start: Config {
            pins: vec![all.clone(), vec![], vec![]],
            colours: vec![0; n as usize],
        },
        goal: Config {
            pins: vec![vec![], vec![], all],
            colours: vec![0; n as usize],
        },
    }
}

#[test]
fn adjacent_period6_equals_fancy_and_long_recursions() {
    for n in 1..=9 {
        let p6: Vec<Move> = adjacent_period6(n).collect();
        assert_eq!(
            simulate(&adjacent_puzzle(n), p6.iter().copied())
                .unwrap()
                .moves,
            3u64.pow(n) - 1
        );
        assert_eq!(p6, program("fancy", "F", n), "n={n}");
        assert_eq!(p6, program("longest", "L", n), "n={n}");
    }
}

#[test]
fn fancy_ternary_strings() {
    // Chapla 002_9eac287ca9267591.txt, Fancy[1..3] as printed (largest disc last there:
    // the list runs from the smallest disc).
    assert_eq!(
        ternary_strings(1, program("fancy", "F", 1).into_iter()),
        ["012"]
    );
    assert_eq!(
        ternary_strings(2, program("fancy", "F", 2).into_iter()),
        ["012210012", "000111222"]
    );
    assert_eq!(
        ternary_strings(3, program("fancy", "F", 3).into_iter()),
        [
            "012210012210012210012210012",
            "000111222222111000000111222",
            "000000000111111111222222222"
        ]
    );
    for n in 1..=8 {
        let s = ternary_strings(n, program("fancy", "F", n).into_iter());
        for (k, st) in s.iter().enumerate() {
            assert_eq!(st.len() as u64, 3u64.pow(n));
            for (m, ch) in st.bytes().enumerate() {
                assert_eq!(
                    ch - b'0',
                    fancy_position(k as u32 + 1, m as u64),
                    "n={n} k={} m={m}",
                    k + 1
                );
            }
        }
    }
}

fn visited(v: &Variant, f: &str, n: u32) -> (u64, usize, bool) {
    let puzzle = v.puzzle(f, n as i64, &Params::new()).unwrap();
    let mut seen: HashSet<Vec<Vec<u32>>> = HashSet::new();
    seen.insert(puzzle.start.pins.clone());
    let mut repeat_before_end = false;
    let mut total = 0u64;
    let last = v.count(f, n as i64, &Params::new()).unwrap();
    let last: u64 = last.try_into().unwrap();
    let mut obs = |k: u64, _: Move, t: &Tower| {
        total = k;
        if !seen.insert(t.pins.clone()) && k != last {
            repeat_before_end = true;
        }
    };
    let opts = SimulateOptions {
        observer: Some(&mut obs),
        ..Default::default()
    };
    simulate_with(&puzzle, v.moves(f, n as i64, &Params::new()).unwrap(), opts).unwrap();
    (total, seen.len(), repeat_before_end)
}

#[test]
fn longest_visits_every_configuration_once() {
    let v = Variant::builtin("longest").unwrap();
    for n in 1..=8u32 {
        // 001: long-move-tower traverses all 3^height distributions; the circular path has
        // length 3^height and returns to the start.
        let (moves, distinct, rep) = visited(&v, "L", n);
        assert_eq!(
            (moves, distinct as u64, rep),
            (3u64.pow(n) - 1, 3u64.pow(n), false)
        );
        let (moves, distinct, rep) = visited(&v, "H", n);
        assert_eq!(
            (moves, distinct as u64, rep),
            (3u64.pow(n), 3u64.pow(n), false)
        );
        // Sniedovich 003, Theorem 6: the k-th smallest piece moves 2 * 3^(m-k) times and the
        // smallest follows a, c, b, c, a, c, b, c, ... (a = 0, b = 2, c = 1).
        let (counts, small) = disc_move_profile(n, program("longest", "L", n).into_iter());
        for (k, c) in counts.iter().enumerate() {
            assert_eq!(*c, 2 * 3u64.pow(n - 1 - k as u32));
        }
        for (i, p) in small.iter().enumerate() {
            assert_eq!(*p, [0, 1, 2, 1][i % 4]);
        }
    }
}

#[test]
fn lundon_colour_rule_semantics() {
    // Which reading of "a disc may move only onto a larger disc of the same colour" makes
    // Lunnon's algorithms legal: the colour the disc lands with (after recolouring), or the
    // colour it had before the move?
    let text = include_str!("../../data/variants/lundon.toml");
    let after = Variant::from_toml(text, "after").unwrap();
    let before = Variant::from_toml(
        &text.replace("check_colour = \"after\"", "check_colour = \"before\""),
        "before",
    )
    .unwrap();
    let p = Params::new();
    for f in ["Lundon", "Brandonbug", "Lundon_B", "Lundon_C"] {
        for n in 1..=8 {
            assert!(after.simulate(f, n, &p).is_ok(), "{f} n={n} after");
        }
        let before_ok = (1..=8).all(|n| before.simulate(f, n, &p).is_ok());
        eprintln!("{f}: legal with the before-move colour: {before_ok}");
    }
}

//! The variant files `data/variants/reversi.toml` and `checkers.toml` through the engine:
//! simulation (every move legal, goal reached) agrees with the program's counts, with the
//! native algorithms in `src/variants/{reversi,checkers}.rs`, and with the seed's numbers.

use crate::reversi_reference::{bottom_count, bottom_moves, reversi_g_count};
use hanoilab::puzzle::model::Move;
use hanoilab::variants::reversi::Bottom;
use hanoilab::variants::{Params, Variant};
use num_bigint::BigInt;

fn reversi() -> Variant {
    Variant::from_toml(
        include_str!("../../data/variants/reversi.toml"),
        "reversi.toml",
    )
    .unwrap()
}

#[test]
fn reversi_file_simulates_and_counts() {
    let v = reversi();
    let p = Params::new();
    for n in 1..=11i64 {
        for (f, native) in [("BABB", Bottom::Babb), ("BAAB", Bottom::Baab)] {
            let r = v
                .simulate(f, n, &p)
                .unwrap_or_else(|e| panic!("{f}({n}): {e}"));
            let c = v.count(f, n, &p).unwrap();
            assert_eq!(BigInt::from(r.moves), c, "{f}({n})");
            assert_eq!(
                c,
                bottom_count(native, n as usize),
                "{f}({n}) file vs native"
            );
            let a: Vec<Move> = v.moves(f, n, &p).unwrap().collect();
            let b: Vec<Move> = bottom_moves(native, n as usize).collect();
            assert_eq!(a, b, "{f}({n}) stream");
        }
        let r = v.simulate("G", n, &p).unwrap();
        assert_eq!(BigInt::from(r.moves), reversi_g_count(n as usize));
        assert_eq!(v.count("G", n, &p).unwrap(), reversi_g_count(n as usize));
    }
    // Lunnon 000_3e39fda85b098e00.txt, section Reversi Hanoi: BABB(n) = (4)3^[n/2] - 2 for
    // n odd; BAAB(n) = [(8/3)3^(n/2) - 2] for n even.
    assert_eq!(
        v.count("BABB", 21, &p).unwrap(),
        BigInt::from(4 * 3i64.pow(10) - 2)
    );
    assert_eq!(
        v.count("BAAB", 20, &p).unwrap(),
        BigInt::from(8 * 3i64.pow(9) - 2)
    );
}

#[test]
fn checkers_file_p_is_checkers_p() {
    let v = Variant::from_toml(
        include_str!("../../data/variants/checkers.toml"),
        "checkers.toml",
    )
    .unwrap();
    let p = Params::new();
    for n in 1..=11i64 {
        let r = v
            .simulate("P", n, &p)
            .unwrap_or_else(|e| panic!("P({n}): {e}"));
        assert_eq!(BigInt::from(r.moves), v.count("P", n, &p).unwrap());
        let a: Vec<Move> = v.moves("P", n, &p).unwrap().collect();
        let b: Vec<Move> = crate::checkers_reference::checkers_p(n as usize).collect();
        assert_eq!(a, b, "n = {n}");
    }
}

#[test]
fn reversi_h_matches_the_printed_formula_read_with_floor() {
    // Lunnon 000_3e39fda85b098e00.txt, section Reversi Hanoi: "Reversi_H improves on it
    // with [(4/3)(2^n - 1/2)] moves"; [..] is the floor (stated in section Four-Star
    // Hanoi). (4/3)(2^n - 1/2) = (2^(n+2) - 2)/3 is an integer only for odd n.
    let v = reversi();
    let p = Params::new();
    for n in 1..=12i64 {
        let r = v
            .simulate("H", n, &p)
            .unwrap_or_else(|e| panic!("H({n}): {e}"));
        let c = v.count("H", n, &p).unwrap();
        assert_eq!(BigInt::from(r.moves), c);
        let printed = num_integer::Integer::div_floor(
            &((BigInt::from(1) << (n as usize + 2)) - 2),
            &BigInt::from(3),
        );
        assert_eq!(c, printed, "n = {n}");
    }
    for n in 13..=100i64 {
        let printed = num_integer::Integer::div_floor(
            &((BigInt::from(1) << (n as usize + 2)) - 2),
            &BigInt::from(3),
        );
        assert_eq!(v.count("H", n, &p).unwrap(), printed, "n = {n}");
    }
}

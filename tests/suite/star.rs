//! The star variant file (`data/variants/star.toml`): its recursion program, whose split i is
//! found by counting 3-smooth numbers with 64-bit integers, against the sequence module's
//! `S(n) = 2 (a_1 + ... + a_n)` (an independent route), and its moves under the star rules.

use hanoilab::sequences::star::star;
use hanoilab::variants::{Params, Variant};
use num_bigint::BigInt;

#[test]
fn program_count_equals_the_three_smooth_sum() {
    let v = Variant::builtin("star").unwrap();
    let p = Params::new();
    for n in 0..=300i64 {
        assert_eq!(
            v.count("S", n, &p).unwrap(),
            star(n as u64).unwrap(),
            "S({n})"
        );
    }
    // Stockmeyer 004_33861799d4694a49.txt, section 5: S(100) = 2,792,570.
    assert_eq!(v.count("S", 100, &p).unwrap(), BigInt::from(2_792_570));
}

#[test]
fn star_moves_are_legal_and_reach_the_goal() {
    let v = Variant::builtin("star").unwrap();
    let p = Params::new();
    for n in 1..=9i64 {
        for f in ["S", "detour"] {
            let r = v.simulate(f, n, &p).unwrap();
            assert_eq!(
                BigInt::from(r.moves),
                v.count(f, n, &p).unwrap(),
                "{f}({n})"
            );
        }
        // The detour solution: 2 (2^n - 1) moves (every classic move through the centre).
        assert_eq!(
            v.count("detour", n, &p).unwrap(),
            BigInt::from(2 * ((1i64 << n) - 1))
        );
    }
}

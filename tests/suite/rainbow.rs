//! Rainbow Hanoi (Lunnon, `seeds/000_3e39fda85b098e00.txt`, section "Rainbow Hanoi"):
//! the 17 reconstructed procedures in `data/variants/rainbow.toml` are simulated under the
//! Rainbow rule, their counts compared with the derived transfer matrix, and the derived
//! matrix with Lunnon's printed one.

use crate::common::variant_file;

use hanoilab::program::Program;
use hanoilab::puzzle::{simulate, Move, Puzzle};
use hanoilab::variants::{Params, Variant};
use num_bigint::BigInt;

/// Lunnon's eleven functions, in the order of his vector s.
const LUNNON_S: [&str; 11] = [
    "DDD", "CDD", "CBD", "CAD", "BCD", "BDC", "CDC", "CBC", "BAC", "CAC", "BCB",
];

fn load() -> Variant {
    variant_file("rainbow")
}

/// The puzzle of function `like` at n with other base letters (for the reflected
/// procedures, which are not functions of the variant).
fn puzzle_with_bases(v: &Variant, like: &str, n: u32, bases: &str) -> Puzzle {
    let mut p = v.puzzle(like, n as i64, &Params::new()).unwrap();
    p.bases = bases
        .chars()
        .map(|c| match c {
            'A' => Some(0),
            'B' => Some(1),
            'C' => Some(2),
            _ => None,
        })
        .collect();
    p
}

fn moves(program: &Program, call: &str, n: u32) -> Vec<Move> {
    program.moves(call, n as i64, &[], 3).unwrap().collect()
}

fn count(v: &Variant, f: &str, n: i64) -> BigInt {
    v.count(f, n, &Params::new()).unwrap()
}

#[test]
fn every_function_is_legal_and_counts_agree_n1_to_12() {
    let v = load();
    let sys = v
        .transfer_system(&Params::new())
        .unwrap()
        .expect("all calls are on n-1: a transfer matrix exists");
    for f in v.functions() {
        let i = sys.index(&f.name).expect("component for every function");
        for n in 1..=12i64 {
            let report = v
                .simulate(&f.name, n, &Params::new())
                .unwrap_or_else(|e| panic!("{}({n}): {e}", f.name));
            let counted = count(&v, &f.name, n);
            let from_matrix = sys.state(n as u64).unwrap()[i].clone();
            assert_eq!(BigInt::from(report.moves), counted, "{}({n})", f.name);
            assert_eq!(counted, from_matrix, "{}({n})", f.name);
        }
    }
}

#[test]
fn derived_matrix_is_lunnons_printed_matrix() {
    // Lunnon 000_3e39fda85b098e00.txt, section Rainbow Hanoi:
    // s = (DDD,CDD,CBD,CAD,BCD,BDC,CDC,CBC,BAC,CAC,BCB, 1), s(1) = (1,...,1), s(n+1) = M s(n).
    let printed_m: [[i64; 12]; 12] = [
        [0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1],
        [0, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 1],
        [0, 0, 0, 1, 1, 0, 0, 0, 1, 0, 0, 2],
        [0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 1],
        [0, 0, 0, 0, 0, 1, 0, 0, 1, 0, 0, 1],
        [0, 0, 1, 1, 0, 0, 0, 0, 0, 0, 0, 1],
        [0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 1],
        [0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 1, 2],
        [0, 0, 0, 0, 0, 0, 0, 1, 0, 1, 0, 1],
        [0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 1],
        [0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 1],
        [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1],
    ];
    let printed_s1 = [1i64; 12];
    let v = load();
    let sys = v
        .program
        .transfer_system(&[], &v.count_as)
        .unwrap()
        .unwrap();
    let mut names: Vec<&str> = LUNNON_S.to_vec();
    names.push("1");
    let lunnon = sys
        .restrict(&names)
        .expect("Lunnon's 11 functions are closed under the recursion");
    for (i, row) in printed_m.iter().enumerate() {
        let row: Vec<BigInt> = row.iter().map(|&x| BigInt::from(x)).collect();
        assert_eq!(lunnon.matrix[i], row, "row {}", names[i]);
    }
    let s1: Vec<BigInt> = printed_s1.iter().map(|&x| BigInt::from(x)).collect();
    assert_eq!(lunnon.initial, s1);
    assert_eq!(lunnon.first_n, 1);
}

#[test]
fn seventeen_procedures_six_of_them_exact_reflections() {
    // Lunnon: "programmed as 17 mutually recursive procedures"; reflections such as
    // CAB(n) = BAC(n): "the moves of one being the moves of the other reversed, and in the
    // reverse order". Pins X and Z swap roles.
    let v = load();
    let lunnon_procs: Vec<&str> = v
        .program
        .procedures
        .iter()
        .map(|p| p.name.as_str())
        .filter(|p| !["DCD", "DDD3", "CDD3", "CDC3"].contains(p))
        .collect();
    assert_eq!(lunnon_procs.len(), 17, "{lunnon_procs:?}");
    let reflections = [
        ("DDC", "CDD"),
        ("DBC", "CBD"),
        ("DCB", "BCD"),
        ("CDB", "BDC"),
        ("DAC", "CAD"),
        ("CAB", "BAC"),
    ];
    for (r, c) in reflections {
        assert_eq!(v.count_as[r], c);
        for n in 1..=8u32 {
            let mine = moves(&v.program, &format!("{r}(n; 0, 1, 2)"), n);
            let theirs: Vec<Move> = moves(&v.program, &format!("{c}(n; 2, 1, 0)"), n)
                .into_iter()
                .rev()
                .map(|m| Move {
                    from: m.to,
                    to: m.from,
                })
                .collect();
            assert_eq!(mine, theirs, "{r}({n}) is {c}({n}) reflected");
            // and the reflected problem is legal on its own bases
            simulate(&puzzle_with_bases(&v, c, n, r), mine).unwrap();
        }
    }
}

#[test]
fn cdc3_equals_cdc2_only_at_n3_and_the_printed_constants_are_one_too_large() {
    // Lunnon, section Rainbow Hanoi: "CDC(3) = 11 = 2 CBD(2) + 2 = 3 BDC(2) + 3".
    let v = load();
    assert_eq!(count(&v, "CDC", 3), BigInt::from(11));
    assert_eq!(count(&v, "CDC3", 3), BigInt::from(11));
    let (cbd2, bdc2, bcb2) = (
        count(&v, "CBD", 2),
        count(&v, "BDC", 2),
        count(&v, "BCB", 2),
    );
    // What the two decompositions really take: one move of the largest disc per gap.
    assert_eq!(BigInt::from(2) * &cbd2 + 1, BigInt::from(11));
    assert_eq!(&bdc2 + &bcb2 + &bdc2 + 2, BigInt::from(11));
    // The printed right-hand sides evaluate to 12, not 11 (finding about the printed text).
    assert_eq!(BigInt::from(2) * &cbd2 + 2, BigInt::from(12));
    assert_eq!(BigInt::from(3) * &bdc2 + 3, BigInt::from(12));
}

#[test]
fn three_subproblems_never_beat_two_n1_to_300() {
    // Lunnon: "it may be shown that the former [three sub-problems] is never shorter".
    let v = load();
    let sys = v
        .program
        .transfer_system(&[], &v.count_as)
        .unwrap()
        .unwrap();
    let mut s = sys.initial.clone();
    for n in 1..=300i64 {
        for f in ["DDD", "CDD", "CDC"] {
            let two = &s[sys.index(f).unwrap()];
            let three = &s[sys.index(&format!("{f}3")).unwrap()];
            assert!(three >= two, "{f}({n}): three {three} < two {two}");
            if three == two {
                assert_eq!((f, n), ("CDC", 3), "the only tie");
            }
            if n <= 12 {
                // the stepped matrix agrees with memoised counting of the program
                assert_eq!(*three, count(&v, &format!("{f}3"), n));
            }
        }
        s = sys
            .matrix
            .iter()
            .map(|row| row.iter().zip(&s).map(|(a, b)| a * b).sum())
            .collect();
    }
}

#[test]
fn lunnons_order_ten_recurrence_holds_for_all_eleven_functions() {
    // Lunnon, section Rainbow Hanoi: characteristic polynomial
    // E^10 - E^9 - 2E^8 - 7E^7 + 5E^6 + 8E^5 + 14E^4 - 2E^3 - 4E^2 - 4E - 8.
    let c: [i64; 11] = [1, -1, -2, -7, 5, 8, 14, -2, -4, -4, -8];
    let v = load();
    for f in LUNNON_S {
        let s: Vec<BigInt> = (1..=40).map(|n| count(&v, f, n)).collect();
        for i in 0..s.len() - 10 {
            let sum: BigInt = (0..=10).map(|k| BigInt::from(c[k]) * &s[i + 10 - k]).sum();
            assert_eq!(sum, BigInt::from(0), "{f} at n = {}", i + 11);
        }
    }
}

#[test]
fn printed_factorisation_multiplies_out_and_ddd_grows_like_2_3117() {
    // Lunnon, section Rainbow Hanoi: E^10 - E^9 - 2E^8 - 7E^7 + 5E^6 + 8E^5 + 14E^4 - 2E^3
    // - 4E^2 - 4E - 8 = (E - 1)(E^5 - 3E^2 - 2)(E^4 - 2E^2 - 6E - 4), and its maximal root
    // x = 2.3117... gives DDD(n) ~ 0.6576 (2.3117...)^n. Coefficients from the highest power.
    fn mul(a: &[i64], b: &[i64]) -> Vec<i64> {
        let mut c = vec![0; a.len() + b.len() - 1];
        for (i, x) in a.iter().enumerate() {
            for (j, y) in b.iter().enumerate() {
                c[i + j] += x * y;
            }
        }
        c
    }
    let product = mul(&mul(&[1, -1], &[1, 0, 0, -3, 0, -2]), &[1, 0, -2, -6, -4]);
    assert_eq!(product, [1, -1, -2, -7, 5, 8, 14, -2, -4, -4, -8]);
    // DDD(n+1)/DDD(n) lies in (2.3117, 2.3118) for large n: exact integer comparisons.
    let v = load();
    for n in [60i64, 100] {
        let (a, b) = (count(&v, "DDD", n), count(&v, "DDD", n + 1));
        assert!(
            &b * 10_000 > &a * 23_117 && &b * 10_000 < &a * 23_118,
            "n = {n}"
        );
    }
}

#[test]
fn cbd_by_two_subproblems_is_illegal_and_the_simulator_says_why() {
    // Why CBD needs three sub-problems: the two-sub-problem scheme would park the n-1 tower
    // on the middle pin, whose base B is the colour of that tower's largest disc.
    let v = load();
    let mut program_text = v.program_text.clone();
    program_text
        .push_str("\nCBD2(n; X, Y, Z) = CDD(n-1; X, Z, Y), move(X, Z), DBC(n-1; Y, X, Z)\n");
    let program = Program::parse(&program_text).unwrap();
    let moves: Vec<Move> = program
        .moves("CBD2(n; 0, 1, 2)", 2, &[], 3)
        .unwrap()
        .collect();
    let err = simulate(&v.puzzle("CBD", 2, &Params::new()).unwrap(), moves).unwrap_err();
    let shown = err.to_string();
    assert!(
        shown.contains("move 1") && shown.contains("colour"),
        "{shown}"
    );
    // the real CBD(2) is legal and takes 5 moves
    assert_eq!(count(&v, "CBD", 2), BigInt::from(5));
}

//! Domino & Adjacent Hanoi (Lunnon, `seeds/000_3e39fda85b098e00.txt`, section
//! "Domino & Adjacent Hanoi"): the 20 reconstructed procedures in `data/variants/domino.toml`
//! are simulated under the Domino rule (every disc flips as it moves; no disc on a disc or
//! coloured base of a different colour), their counts compared with the derived transfer
//! matrix, and that matrix with Lunnon's printed M and s(1).

use crate::common::variant_file;

use hanoilab::variants::{Params, Variant};
use num_bigint::BigInt;

/// Lunnon's ten functions, in the order of his vector s.
const LUNNON_S: [&str; 10] = [
    "DDE", "DDF", "EDD", "ADE", "ADF", "ADB", "ABE", "ABF", "AAB", "ABA",
];

fn load() -> Variant {
    variant_file("domino")
}

fn count(v: &Variant, f: &str, n: i64) -> BigInt {
    v.count(f, n, &Params::new()).unwrap()
}

#[test]
fn every_function_is_legal_and_counts_agree_n1_to_10() {
    let v = load();
    let sys = v
        .transfer_system(&Params::new())
        .unwrap()
        .expect("all calls are on n-1: a transfer matrix exists");
    for f in v.functions() {
        // the component counting this function (following count_as chains)
        let mut target = f.name.as_str();
        while sys.index(target).is_none() {
            target = &v.count_as[target];
        }
        let i = sys.index(target).unwrap();
        for n in 1..=10i64 {
            let report = v
                .simulate(&f.name, n, &Params::new())
                .unwrap_or_else(|e| panic!("{}({n}): {e}", f.name));
            let counted = count(&v, &f.name, n);
            assert_eq!(BigInt::from(report.moves), counted, "{}({n})", f.name);
            assert_eq!(counted, sys.state(n as u64).unwrap()[i], "{}({n})", f.name);
        }
    }
}

#[test]
#[ignore = "several million checked moves (about 1 s); run with --ignored"]
fn every_function_is_legal_n11_and_n12() {
    let v = load();
    for f in v.functions() {
        for n in 11..=12i64 {
            let report = v
                .simulate(&f.name, n, &Params::new())
                .unwrap_or_else(|e| panic!("{}({n}): {e}", f.name));
            assert_eq!(BigInt::from(report.moves), count(&v, &f.name, n));
        }
    }
}

#[test]
fn derived_matrix_is_lunnons_printed_matrix() {
    // Lunnon 000_3e39fda85b098e00.txt, section Domino & Adjacent Hanoi:
    // s = (DDE,DDF,EDD,ADE,ADF,ADB,ABE,ABF,AAB,ABA, 1), s(n+1) = M s(n).
    let printed_m: [[i64; 11]; 11] = [
        [0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 1],
        [0, 0, 0, 1, 1, 0, 1, 0, 0, 0, 2],
        [0, 0, 0, 1, 1, 0, 2, 0, 0, 0, 3],
        [0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 1],
        [0, 0, 0, 1, 0, 0, 1, 0, 0, 1, 2],
        [0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 1],
        [0, 0, 0, 0, 0, 1, 0, 0, 0, 1, 1],
        [0, 0, 0, 0, 0, 0, 2, 0, 0, 1, 2],
        [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1],
        [0, 0, 0, 0, 0, 0, 0, 0, 0, 3, 2],
        [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1],
    ];
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
        .expect("Lunnon's 10 functions are closed under the recursion");
    for (i, row) in printed_m.iter().enumerate() {
        let row: Vec<BigInt> = row.iter().map(|&x| BigInt::from(x)).collect();
        assert_eq!(lunnon.matrix[i], row, "row {}", names[i]);
    }
    assert_eq!(lunnon.first_n, 1);
}

#[test]
fn printed_s1_has_thirteen_entries_for_eleven_components() {
    // Lunnon, section Domino & Adjacent Hanoi, printed verbatim:
    // s(1) = (1,2,3,1,2,1,2,1,1,2,1,2,1) for s = (DDE,...,ABA, 1) of 11 components.
    let printed_s1: [i64; 13] = [1, 2, 3, 1, 2, 1, 2, 1, 1, 2, 1, 2, 1];
    let v = load();
    let sys = v
        .program
        .transfer_system(&[], &v.count_as)
        .unwrap()
        .unwrap();
    let mut names: Vec<&str> = LUNNON_S.to_vec();
    names.push("1");
    let derived: Vec<i64> = sys
        .restrict(&names)
        .unwrap()
        .initial
        .iter()
        .map(|x| i64::try_from(x).unwrap())
        .collect();
    assert_eq!(derived, [1, 2, 3, 1, 2, 1, 1, 2, 1, 2, 1]);
    assert_ne!(printed_s1.len(), derived.len(), "the printed inconsistency");
    // The printed list is the derived one with two spurious entries "2, 1" after ADB.
    let mut repaired = printed_s1[..6].to_vec();
    repaired.extend_from_slice(&printed_s1[8..]);
    assert_eq!(repaired, derived);
}

#[test]
fn lunnons_equalities_between_functions_hold_n1_to_60() {
    // Lunnon, section Domino & Adjacent Hanoi: DDB = ADE, DDA = ADF, DBE = ABE, DAE = DBE,
    // DAB = ABE, DBA = ABF, ADA = ABA, DBB = ABB, AAE = DBB, AAB = ABB.
    let pairs = [
        ("DDB", "ADE"),
        ("DDA", "ADF"),
        ("DBE", "ABE"),
        ("DAE", "DBE"),
        ("DAB", "ABE"),
        ("DBA", "ABF"),
        ("ADA", "ABA"),
        ("DBB", "ABB"),
        ("AAE", "DBB"),
        ("AAB", "ABB"),
    ];
    let v = load();
    for (a, b) in pairs {
        for n in 1..=60 {
            assert_eq!(count(&v, a, n), count(&v, b, n), "{a}({n}) = {b}({n})");
        }
    }
}

#[test]
fn adjacent_and_domino_b_closed_forms_n1_to_200() {
    // Lunnon, section Domino & Adjacent Hanoi: Adjacent ABA(n) = 3^n - 1; Domino_B
    // AAB(n) = (3^n - 1)/2 "for n > 1" -- it holds for n = 1 too.
    let v = load();
    let sys = v
        .program
        .transfer_system(&[], &v.count_as)
        .unwrap()
        .unwrap();
    let (aba, aab) = (sys.index("ABA").unwrap(), sys.index("AAB").unwrap());
    let mut s = sys.initial.clone();
    for n in 1..=200u32 {
        let p = BigInt::from(3).pow(n);
        assert_eq!(s[aba], &p - 1, "ABA({n})");
        assert_eq!(s[aab], (&p - 1) / 2, "AAB({n})");
        s = sys
            .matrix
            .iter()
            .map(|row| row.iter().zip(&s).map(|(a, b)| a * b).sum())
            .collect();
    }
}

#[test]
fn alternative_ade_is_never_faster_and_slower_from_n4_n1_to_200() {
    // Lunnon: "ADE(n) = ADE(n-1) + 1 + DBA(n-1) appears in practice to be preferable to the
    // alternative ADE(n) = ADF(n-1) + 1 + DAB(n-1)".
    let v = load();
    let sys = v
        .program
        .transfer_system(&[], &v.count_as)
        .unwrap()
        .unwrap();
    let (ade, alt) = (sys.index("ADE").unwrap(), sys.index("ADE_alt").unwrap());
    let mut s = sys.initial.clone();
    for n in 1..=200u32 {
        if n <= 3 {
            assert_eq!(s[alt], s[ade], "n = {n}");
        } else {
            assert!(s[alt] > s[ade], "n = {n}");
        }
        s = sys
            .matrix
            .iter()
            .map(|row| row.iter().zip(&s).map(|(a, b)| a * b).sum())
            .collect();
    }
}

#[test]
fn lunnons_order_six_recurrence_holds_for_all_ten_functions() {
    // Lunnon, section Domino & Adjacent Hanoi: E^6 - 5E^5 + 6E^4 + 3E^2 - 11E + 6
    // = (E - 3)(E^3 - E - 2)(E - 1)^2.
    let c: [i64; 7] = [1, -5, 6, 0, 3, -11, 6];
    let v = load();
    for f in LUNNON_S {
        let s: Vec<BigInt> = (1..=40).map(|n| count(&v, f, n)).collect();
        for i in 0..s.len() - 6 {
            let sum: BigInt = (0..=6).map(|k| BigInt::from(c[k]) * &s[i + 6 - k]).sum();
            assert_eq!(sum, BigInt::from(0), "{f} at n = {}", i + 7);
        }
    }
}

#[test]
fn uncoloured_functions_grow_like_2_3_4_times_5_33_times_3_to_the_n() {
    // Lunnon, section Domino & Adjacent Hanoi: "DDE(n), DDF(n), EDD(n) ~ 2, 3, 4 (5/33) 3^n".
    // Checked exactly: |33 F(n) - 5k 3^n| < 3^n 33 / 10^6 for n = 40..60.
    let v = load();
    for (f, k) in [("DDE", 2), ("DDF", 3), ("EDD", 4)] {
        for n in 40..=60u32 {
            let p = BigInt::from(3).pow(n);
            let err = BigInt::from(33) * count(&v, f, n as i64) - BigInt::from(5 * k) * &p;
            let err = if err < BigInt::from(0) { -err } else { err };
            assert!(err * 1_000_000 < p * 33, "{f}({n})");
        }
    }
}

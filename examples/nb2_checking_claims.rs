//! Notebook 2: checking formulas from papers, one that holds and some that fail
//! (mirrored by `notebooks/nb2_checking_claims.ipynb`; run by `tests/suite/notebooks.rs`).

use hanoilab::literature::{check_all, check_formula, FormulaCheck, VerdictKind};
use hanoilab::variants::Params;

fn cell(k: usize) {
    println!("\x1e{k}");
}

fn show(r: &FormulaCheck) {
    match r {
        FormulaCheck::Holds { from, to, exact } => {
            println!("holds for n = {from}..{to} (exact: {exact})")
        }
        FormulaCheck::Fails { n, printed, actual } => {
            println!("fails first at n = {n}: the formula gives {printed}, the truth is {actual}")
        }
    }
}

pub fn main() {
    // %% md
    // # Checking a formula from a paper
    //
    // Lunnon prints `12 * 2^n - 8n - 10` for the Towers of Antwerp (n > 1). The checker
    // compares it with the exact counts of the recursion program, n by n, exactly.
    // %% code
    cell(1);
    let p = Params::new();
    show(&check_formula("antwerp.T33", "12*2^n - 8*n - 10", 2, 200, &p).unwrap());
    show(&check_formula("antwerp.T33", "12*2^n - 8*n - 10", 1, 200, &p).unwrap());
    // %% md
    // The formula does not hold at n = 1 (the doubled move of the large disc makes T33(1) = 5),
    // which is why Lunnon says n > 1. Surds are exact too: Cyclic's closed form in 1 + sqrt 3.
    // %% code
    cell(2);
    show(
        &check_formula(
            "cyclic.A",
            "((1 + sqrt 3)^(n+2) - (1 - sqrt 3)^(n+2)) / (4 sqrt 3) - 1",
            1,
            100,
            &p,
        )
        .unwrap(),
    );
    // %% md
    // A printed claim that fails: Lunnon's "CDC(3) = 11 = 2 CBD(2) + 2". Every claim of the five
    // source documents is recorded as printed and checked; here are the failures.
    // %% code
    cell(3);
    let claims = check_all();
    for c in claims.iter().filter(|c| c.verdict == VerdictKind::Fails) {
        println!("{}\n    {}\n    -> {}", c.id, c.statement, c.detail);
    }
    // %% code
    cell(4);
    for v in VerdictKind::ALL {
        let k = claims.iter().filter(|c| c.verdict == v).count();
        println!("{v}: {k}");
    }
    println!("{} claims", claims.len());
}

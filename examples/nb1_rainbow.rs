//! Notebook 1: from Rainbow's algorithm to its characteristic polynomial and growth
//! (mirrored by `notebooks/nb1_rainbow.ipynb`; run by `tests/suite/notebooks.rs`).

use hanoilab::algebra::factor;
use hanoilab::output::notebook::Plot;
use hanoilab::variants::{Params, Variant};

fn cell(k: usize) {
    println!("\x1e{k}");
}

pub fn main() {
    // %% md
    // # Rainbow Hanoi: from the algorithm to the growth rate
    //
    // Lunnon's Rainbow puzzle colours the discs A, B, C cyclically from the largest; no disc
    // may sit on a disc or a base of its own colour. hanoilab holds the algorithm as a
    // recursion program (`data/variants/rainbow.toml`); everything below is derived from it.
    // %% code
    cell(1);
    let rainbow = Variant::builtin("rainbow").unwrap();
    let p = Params::new();
    for f in rainbow.functions().iter().take(4) {
        println!("{:>4}: {}", f.name, f.summary);
    }
    // %% md
    // Exact counts come from the program, and the same counts come from playing every move
    // under the rules (the simulator checks each move and the goal).
    // %% code
    cell(2);
    for n in 1..=10 {
        let count = rainbow.count("DDD", n, &p).unwrap();
        let played = rainbow.simulate("DDD", n, &p).unwrap().moves;
        println!("DDD({n:>2}) = {count:>6}   simulated: {played}");
    }
    // %% md
    // Counting calls and moves per procedure gives the transfer matrix `s(n+1) = M s(n)`; its
    // characteristic polynomial is computed exactly and factored over Q.
    // %% code
    cell(3);
    let sys = rainbow.transfer_system(&p).unwrap().unwrap();
    println!("components: {}", sys.names.join(", "));
    let a = rainbow.analysis(&p, 30).unwrap().unwrap();
    println!("charpoly = {}", a.charpoly.to_string_in("E"));
    println!("         = {}", a.charpoly_factorization.to_string_in("E"));
    // %% md
    // DDD's own minimal recurrence (Berlekamp–Massey on its exact terms) is the order-10
    // polynomial that Lunnon prints; the characteristic polynomial is it times a cofactor.
    // %% code
    cell(4);
    let report = a.to_report();
    let ddd = report.components.iter().find(|c| c.name == "DDD").unwrap();
    println!("minimal recurrence: {}", ddd.recurrence);
    println!("charpoly = ({}) x minimal recurrence", ddd.cofactor);
    let rec = a
        .components
        .iter()
        .find(|c| c.name == "DDD")
        .unwrap()
        .recurrence
        .poly();
    println!(
        "recurrence factored: {}",
        factor(rec).unwrap().to_string_in("E")
    );
    // %% md
    // The growth: the dominant root and the constant, to 30 certified digits
    // (Lunnon: DDD(n) ~ 0.6576... x 2.3117...^n).
    // %% code
    cell(5);
    let d = ddd.dominant.as_ref().unwrap();
    println!("lambda = {}", d.lambda);
    println!("c      = {}", d.c_decimal);
    println!("k      = {}", d.k);
    // %% md
    // The same growth seen in the terms themselves: the ratio DDD(n) / DDD(n-1) of
    // consecutive exact counts settles on lambda within a few n (the plot is drawn by the
    // report's renderer; floats only for the picture).
    // %% code
    cell(6);
    let terms: Vec<f64> = (0..=25)
        .map(|n| {
            rainbow
                .count("DDD", n, &p)
                .unwrap()
                .to_string()
                .parse()
                .unwrap()
        })
        .collect();
    let ratios: Vec<(f64, f64)> = (2..terms.len())
        .map(|n| (n as f64, terms[n] / terms[n - 1]))
        .collect();
    Plot::new(
        "Rainbow DDD: ratio of consecutive terms",
        "n",
        "DDD(n) / DDD(n-1)",
    )
    .line("DDD(n) / DDD(n-1)", ratios)
    .line(
        "lambda = 2.3117...",
        vec![(2.0, d.lambda_approx), (25.0, d.lambda_approx)],
    )
    .evcxr_display();
}

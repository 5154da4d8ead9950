//! `hanoilab bench`: measures the performance targets of the issues and prints the figures.
//! Run it from a release build (`cargo run --release -- bench`); debug figures are meaningless.

use super::CliError;
use crate::variants::{Params, Variant};
use std::time::Instant;

fn line(name: &str, seconds: f64, detail: &str) {
    println!("{name:<48} {seconds:>10.4} s   {detail}");
}

fn wanted(which: Option<&str>, group: &str) -> bool {
    which.is_none_or(|w| w == group || w == "all")
}

/// Runs the benchmarks of `which` (`simulate`, `sequences`, `algebra`, `search`, `report`) or all.
pub fn bench(which: Option<&str>) -> Result<(), CliError> {
    const GROUPS: [&str; 5] = ["simulate", "sequences", "algebra", "search", "report"];
    if let Some(w) = which {
        if w != "all" && !GROUPS.contains(&w) {
            return Err(CliError::input(format!(
                "bench `{w}`: expected one of {}",
                GROUPS.join(", ")
            )));
        }
    }
    if cfg!(debug_assertions) {
        eprintln!("note: a debug build; run `cargo run --release -- bench` for real figures");
    }
    if wanted(which, "simulate") {
        let n = 27;
        let (moves, t) = crate::puzzle::bench::bench_classic(n);
        line(
            &format!("simulate classic n={n} (binary-rule stream)"),
            t.as_secs_f64(),
            &format!(
                "{:.0} M checked moves/s",
                moves as f64 / t.as_secs_f64() / 1e6
            ),
        );
        let v = Variant::builtin("classic").map_err(|e| CliError::input(e.to_string()))?;
        let t0 = Instant::now();
        let r = v
            .simulate("T", n as i64, &Params::new())
            .map_err(|e| CliError::input(e.to_string()))?;
        let s = t0.elapsed().as_secs_f64();
        line(
            &format!("simulate classic n={n} (recursion program)"),
            s,
            &format!("{:.0} M checked moves/s", r.moves as f64 / s / 1e6),
        );
    }
    if wanted(which, "sequences") {
        for r in crate::sequences::bench::all() {
            line(&r.name, r.seconds, &r.detail);
        }
    }
    Ok(())
}

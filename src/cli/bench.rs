//! `hanoilab bench`: measures the performance targets of the issues and prints the figures.
//! Run it from a release build (`cargo run --release -- bench`); debug figures are meaningless.

use super::CliError;
use crate::variants::{Params, Variant};
use std::time::Instant;

fn line(name: &str, seconds: f64, detail: &str) -> Result<(), CliError> {
    super::common::emit(&format!("{name:<48} {seconds:>10.4} s   {detail}"))
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
        use std::io::Write;
        let _ = writeln!(
            std::io::stderr(),
            "note: a debug build; run `cargo run --release -- bench` for real figures"
        );
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
        )?;
        // Recursion programs: the stream with memoised replay (what `simulate` uses), then
        // the plain interpreter for comparison. C peer: benches/peers/classic_sim.c.
        for (id, f, n) in [
            ("classic", "T", 27),
            ("rainbow", "DDD", 22),
            ("cyclic", "A", 18),
        ] {
            let v = Variant::builtin(id).map_err(|e| CliError::input(e.to_string()))?;
            let t0 = Instant::now();
            let r = v
                .simulate(f, n, &Params::new())
                .map_err(|e| CliError::input(e.to_string()))?;
            let s = t0.elapsed().as_secs_f64();
            line(
                &format!("simulate {id}.{f} n={n} (recursion program)"),
                s,
                &format!("{:.0} M checked moves/s", r.moves as f64 / s / 1e6),
            )?;
        }
        let v = Variant::builtin("classic").map_err(|e| CliError::input(e.to_string()))?;
        let puzzle = v
            .puzzle("T", 24, &Params::new())
            .map_err(|e| CliError::input(e.to_string()))?;
        let t0 = Instant::now();
        let stream = v
            .moves_uncached("T", 24, &Params::new())
            .map_err(|e| CliError::input(e.to_string()))?;
        let r = crate::puzzle::simulate(&puzzle, stream)
            .map_err(|e| CliError::failure(e.to_string()))?;
        let s = t0.elapsed().as_secs_f64();
        line(
            "simulate classic.T n=24 (plain interpreter)",
            s,
            &format!("{:.0} M checked moves/s", r.moves as f64 / s / 1e6),
        )?;
    }
    if wanted(which, "sequences") {
        for r in crate::sequences::bench::all() {
            line(&r.name, r.seconds, &r.detail)?;
        }
    }
    if wanted(which, "algebra") {
        use crate::algebra::recurrence_bench::rainbow_ddd_benchmark;
        use crate::algebra::Squaring;
        let rows = rainbow_ddd_benchmark(&[100_000, 1_000_000], &[(Squaring::Auto, true)])
            .map_err(|e| CliError::failure(e.to_string()))?;
        for r in rows {
            line(
                &format!("Rainbow DDD(n), n = {} (exact n-th term)", r.n + 1),
                r.total.as_secs_f64(),
                &format!("{} digits, {}...", r.digits, r.leading),
            )?;
        }
        let t = crate::algebra::bench::bench_factor_degree40();
        line(
            "factor degree 40 over Q (5 x degree 8, 100-bit)",
            t.as_secs_f64(),
            "Zassenhaus: mod p, Hensel, recombination",
        )?;
        let t = crate::algebra::bench::bench_roots(40, 100, 30);
        line(
            "certified complex roots, degree 40, 30 digits",
            t.as_secs_f64(),
            "",
        )?;
        for n in [12, 30, 100] {
            let p = crate::algebra::bench::bench_matrix_phases(n, n as u64, 30, n <= 30);
            let total = p.charpoly + p.minimal_polynomial + p.factor + p.roots;
            let berk = p.berkowitz.map_or(String::new(), |b| {
                format!(" (Berkowitz {:.4} s)", b.as_secs_f64())
            });
            line(
                &format!("random {n}x{n} matrix, entries < 1000: spectrum"),
                total.as_secs_f64(),
                &format!(
                    "charpoly {:.4}{berk}, minpoly {:.4}, factor {:.4} ({} factors), roots {:.4}",
                    p.charpoly.as_secs_f64(),
                    p.minimal_polynomial.as_secs_f64(),
                    p.factor.as_secs_f64(),
                    p.factors,
                    p.roots.as_secs_f64()
                ),
            )?;
        }
    }
    if wanted(which, "search") {
        for n in [10u32, 12] {
            let r = crate::search::bench::bench_frame_stewart(n, 0)
                .map_err(|e| CliError::failure(e.to_string()))?;
            let s = r.elapsed.as_secs_f64();
            line(
                &format!("search Reve's puzzle, 4 pegs, n = {n}"),
                s,
                &format!(
                    "minimum {}, {} states, {:.1} M states/s",
                    r.minimum.map_or("-".into(), |m| m.to_string()),
                    r.states,
                    r.states_per_second() / 1e6
                ),
            )?;
            let c = crate::search::bench::bench_frame_stewart_count(n, 0)
                .map_err(|e| CliError::failure(e.to_string()))?;
            line(
                &format!("search Reve's puzzle, 4 pegs, n = {n}, --count"),
                c.elapsed.as_secs_f64(),
                &format!(
                    "{} optimal solutions, {:.2}x the minimum-only time",
                    c.optimal_solutions.map_or("-".into(), |x| x.to_string()),
                    c.elapsed.as_secs_f64() / s.max(1e-9)
                ),
            )?;
        }
        // A puzzle with one-way moves: counting pulls through the predecessors.
        let p = crate::sequences::moves::cyclic4_puzzle(11);
        let r = crate::search::bench::bench_search(&p, 0)
            .map_err(|e| CliError::failure(e.to_string()))?;
        let s = r.elapsed.as_secs_f64();
        line(
            "search 4-post cyclic, n = 11",
            s,
            &format!(
                "minimum {}, {} states",
                r.minimum.map_or("-".into(), |m| m.to_string()),
                r.states
            ),
        )?;
        let c = crate::search::search(
            &p,
            &crate::search::SearchOptions {
                count: true,
                ..Default::default()
            },
        )
        .map_err(|e| CliError::failure(e.to_string()))?;
        line(
            "search 4-post cyclic, n = 11, --count",
            c.elapsed.as_secs_f64(),
            &format!(
                "{:.2}x the minimum-only time",
                c.elapsed.as_secs_f64() / s.max(1e-9)
            ),
        )?;
    }
    if wanted(which, "report") {
        let t0 = Instant::now();
        let mut steps: Vec<(String, f64)> = Vec::new();
        let mut last = Instant::now();
        let mut current = String::from("start");
        let b = crate::output::report::build(&Default::default(), &mut |what| {
            steps.push((
                std::mem::replace(&mut current, what.to_string()),
                last.elapsed().as_secs_f64(),
            ));
            last = Instant::now();
        })
        .map_err(|e| CliError::failure(e.to_string()))?;
        steps.push((current, last.elapsed().as_secs_f64()));
        for (what, secs) in steps.iter().filter(|(_, s)| *s >= 0.5) {
            line(&format!("  report step: {what}"), *secs, "")?;
        }
        line(
            "report: compute every page, table and chart",
            t0.elapsed().as_secs_f64(),
            &format!(
                "{} pages, {} tables, {} charts (writing not included)",
                b.pages.len(),
                b.tables.len(),
                b.charts.len()
            ),
        )?;
    }
    Ok(())
}

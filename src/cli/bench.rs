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

/// Runs the benchmarks of `which` (`simulate`, `sequences`, `algebra`, `guess`, `search`, `graph`,
/// `report`) or all.
pub fn bench(which: Option<&str>) -> Result<(), CliError> {
    const GROUPS: [&str; 7] = [
        "simulate",
        "sequences",
        "algebra",
        "guess",
        "search",
        "graph",
        "report",
    ];
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
        algebra_against_peers()?;
        big_answers_against_peers()?;
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
    if wanted(which, "guess") {
        guess_against_peers()?;
    }
    if wanted(which, "search") {
        // The dense route's time per state (Reve's puzzle, n = 12), for the equal-disc
        // searches below.
        let mut dense_per_state = f64::NAN;
        for n in [10u32, 12] {
            let r = crate::search::bench::bench_frame_stewart(n, 0)
                .map_err(|e| CliError::failure(e.to_string()))?;
            let s = r.elapsed.as_secs_f64();
            dense_per_state = s / r.states.max(1) as f64;
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
        // Puzzles with equal discs (no dense index): the sorted-layer route, per state
        // against the dense route's.
        for (id, f, n, count) in [
            ("antwerp", "T33", 4, false),
            ("antwerp", "T33", 4, true),
            ("turtle", "HAHA", 8, false),
            ("multi-stack", "HAHA", 6, false),
            ("multi-stack", "HAHA", 6, true),
        ] {
            let fail = |e: crate::variants::VariantError| CliError::failure(e.to_string());
            let p = crate::variants::Variant::load(id)
                .map_err(fail)?
                .puzzle(f, n, &crate::variants::Params::new())
                .map_err(fail)?;
            let r = crate::search::search(
                &p,
                &crate::search::SearchOptions {
                    count,
                    ..Default::default()
                },
            )
            .map_err(|e| CliError::failure(e.to_string()))?;
            let s = r.elapsed.as_secs_f64();
            let per_state = s / r.states.max(1) as f64;
            line(
                &format!(
                    "search {id}.{f}, n = {n}{}",
                    if count { ", --count" } else { "" }
                ),
                s,
                &format!(
                    "minimum {}, {} states, {:.0} ns a state ({:?}), {:.1}x the dense route's {:.0} ns (Reve's n = 12)",
                    r.minimum.map_or("-".into(), |m| m.to_string()),
                    r.states,
                    per_state * 1e9,
                    r.encoding,
                    per_state / dense_per_state,
                    dense_per_state * 1e9
                ),
            )?;
        }
        // Counting by pushing: cyclic4's one-way moves and wide counts; four-in-a-row's
        // list layers (moves that can be undone: the fused pass keeps its bitset layers).
        let tower = crate::sequences::moves::tower_puzzle;
        for (name, p) in [
            (
                "4-post cyclic, n = 11",
                crate::sequences::moves::cyclic4_puzzle(11),
            ),
            (
                "four-in-a-row, n = 12",
                tower(4, 12, crate::puzzle::model::MoveGraph::Path, 0, 3),
            ),
        ] {
            let r = crate::search::bench::bench_search(&p, 0)
                .map_err(|e| CliError::failure(e.to_string()))?;
            let s = r.elapsed.as_secs_f64();
            line(
                &format!("search {name}"),
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
                &format!("search {name}, --count"),
                c.elapsed.as_secs_f64(),
                &format!(
                    "{:.2}x the minimum-only time",
                    c.elapsed.as_secs_f64() / s.max(1e-9)
                ),
            )?;
        }
        // Meet in the middle against the bitset search's count (Reve's n = 12, above).
        let opts = crate::search::SearchOptions {
            count: true,
            ..Default::default()
        };
        let p = crate::sequences::moves::frame_stewart_puzzle(4, 12);
        let m = crate::search::bidirectional_search(&p, &opts)
            .map_err(|e| CliError::failure(e.to_string()))?;
        line(
            "search Reve's puzzle, 4 pegs, n = 12, --bidirectional --count",
            m.elapsed.as_secs_f64(),
            &format!(
                "minimum {:?}, {} states, {} optimal solutions",
                m.minimum,
                m.states,
                m.optimal_solutions.map_or("-".into(), |x| x.to_string())
            ),
        )?;
        // Meet in the middle against the plain search (sparse: the dense index is 8^n).
        let v = crate::variants::Variant::builtin("reversi-lunnon")
            .map_err(|e| CliError::failure(e.to_string()))?;
        let p = v
            .puzzle("DDDF", 10, &crate::variants::Params::new())
            .map_err(|e| CliError::failure(e.to_string()))?;
        let opts = crate::search::SearchOptions {
            count: true,
            sparse: true,
            ..Default::default()
        };
        let full =
            crate::search::search(&p, &opts).map_err(|e| CliError::failure(e.to_string()))?;
        let s = full.elapsed.as_secs_f64();
        line(
            "search Reversi DDDF, n = 10, --sparse --count",
            s,
            &format!("minimum {:?}, {} states", full.minimum, full.states),
        )?;
        let opts = crate::search::SearchOptions {
            count: true,
            ..Default::default()
        };
        let m = crate::search::bidirectional_search(&p, &opts)
            .map_err(|e| CliError::failure(e.to_string()))?;
        line(
            "search Reversi DDDF, n = 10, --bidirectional --count",
            m.elapsed.as_secs_f64(),
            &format!(
                "minimum {:?}, {} states, {:.3}x the sparse search's time, same count: {}",
                m.minimum,
                m.states,
                m.elapsed.as_secs_f64() / s.max(1e-9),
                m.optimal_solutions == full.optimal_solutions
            ),
        )?;
    }
    if wanted(which, "graph") {
        // Hinz's recursion between two pseudo-random configurations of a million discs.
        let n = 1_000_000;
        let (bits, paths, t) = crate::graph::bench::bench_classic_distance(n);
        line(
            &format!("graph classic distance n={n} (random pair)"),
            t.as_secs_f64(),
            &format!("a distance of {bits} bits, {paths} shortest path(s)"),
        )?;
        // H_3^10: the state graph, then a breadth-first search from each of its states.
        let n = 10;
        let (s, t) = crate::graph::bench::bench_hanoi_stats(n)
            .map_err(|e| CliError::failure(e.to_string()))?;
        line(
            &format!("graph statistics classic n={n} (all pairs)"),
            t.as_secs_f64(),
            &format!(
                "{} states, Wiener index {}, diameter {}",
                s.vertices,
                s.wiener_index.map_or("-".into(), |w| w.to_string()),
                s.diameter.map_or("-".into(), |d| d.to_string())
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

/// Factorisation over Q and certified roots (30 digits) of the degree-40 cases and of every
/// built-in variant's characteristic polynomial, each against PARI/GP (`factor`,
/// `polroots` at `realprecision` 30) and FLINT (python-flint: `fmpz_poly.factor`,
/// `complex_roots` at 110 bits) in the same run, where they are installed. Every figure is
/// a mean over repetitions filling 50 ms, as the peers are timed.
/// `guess` on an order-30 recurrence from 200 terms of about 1,000 digits, and PARI/GP's
/// `bestapprPade` and SymPy's `find_simple_recurrence_vector` on the same terms when they
/// are installed (SymPy given at most a minute).
fn guess_against_peers() -> Result<(), CliError> {
    use crate::algebra::guess::bench::{bench_guess, bench_terms, gp_script, sympy_script};
    let (order, count, digits) = (30, 200, 1000);
    let b = bench_guess(order, count, digits);
    let what = format!("guess, order {order}, {count} terms of {digits} digits");
    line(
        &format!("{what}: recurrence, gf, factors (median of 5)"),
        b.recurrence.as_secs_f64(),
        &format!(
            "order {} found, {}, largest term {} digits",
            b.order,
            if b.recovered {
                "the generating recurrence"
            } else {
                "NOT the generating recurrence"
            },
            b.max_digits
        ),
    )?;
    line(
        &format!("{what}: with closed form and lambda"),
        b.full.as_secs_f64(),
        "",
    )?;
    let (_, terms) = bench_terms(order, count, digits);
    let peer = |rows: Option<Vec<(char, usize, f64)>>, kind: char| {
        rows.map(|v| {
            let ms = v.iter().find(|r| r.0 == kind).map(|r| r.2);
            let deg = v.iter().find(|r| r.0 == 'D').map(|r| r.2);
            (ms, deg)
        })
    };
    let gp = peer(run_peer("gp", &["-q", "-f"], &gp_script(&terms)), 'G');
    let sympy = peer(
        run_peer("timeout", &["60", "python3", "-"], &sympy_script(&terms)),
        'S',
    );
    for (name, r) in [
        ("PARI/GP bestapprPade", gp),
        ("SymPy find_simple_recurrence_vector", sympy),
    ] {
        match r {
            Some((Some(ms), deg)) => line(
                &format!("{what}: {name}"),
                ms / 1e3,
                &format!(
                    "order {}, {:.1}x our time",
                    deg.map_or("?".into(), |d| format!("{d:.0}")),
                    (ms / 1e3) / b.recurrence.as_secs_f64().max(1e-9)
                ),
            )?,
            _ => line(
                &format!("{what}: {name}"),
                f64::NAN,
                "not installed, failed or over a minute",
            )?,
        }
    }
    Ok(())
}

fn algebra_against_peers() -> Result<(), CliError> {
    use crate::algebra::bench::{
        degree40_product, peer_syntax, roots_case, time_factor, time_roots,
    };
    use std::time::Duration;
    let mut cases: Vec<(String, crate::algebra::Poly)> = vec![
        (
            "degree 40 (5 x degree 8, 100-bit)".into(),
            degree40_product(),
        ),
        ("degree 40 random, 100-bit".into(), roots_case(40, 100)),
    ];
    for id in crate::variants::builtin_ids() {
        let v = Variant::builtin(id).map_err(|e| CliError::input(e.to_string()))?;
        if let Ok(Some(sys)) = v.transfer_system(&Params::new()) {
            let m = sys
                .to_matrix()
                .map_err(|e| CliError::failure(e.to_string()))?;
            let c = m.charpoly().map_err(|e| CliError::failure(e.to_string()))?;
            cases.push((
                format!("charpoly {id} (degree {})", c.degree().unwrap_or(0)),
                c,
            ));
        }
    }
    let budget = Duration::from_millis(50);
    let ours: Vec<(f64, f64)> = cases
        .iter()
        .map(|(_, f)| {
            (
                time_factor(f, budget).as_secs_f64(),
                time_roots(f, 30, budget).as_secs_f64(),
            )
        })
        .collect();
    let polys: Vec<String> = cases.iter().map(|(_, f)| peer_syntax(f)).collect();
    let gp = run_peer("gp", &["-q", "-f", "-s", "1G"], &gp_script(&polys));
    let flint = run_peer("python3", &["-"], &flint_script(&cases));
    let peer = |out: &Option<Vec<(char, usize, f64)>>, kind: char, i: usize| {
        out.as_ref().and_then(|v| {
            v.iter()
                .find(|(k, j, _)| *k == kind && *j == i)
                .map(|(_, _, ms)| ms / 1e3)
        })
    };
    for (i, (name, _)) in cases.iter().enumerate() {
        for (kind, what, ours) in [
            ('F', "factor over Q", ours[i].0),
            ('R', "roots, 30 digits", ours[i].1),
        ] {
            let p = peer(&gp, kind, i);
            let fl = peer(&flint, kind, i);
            let show = |label: &str, v: Option<f64>| {
                v.map_or(String::new(), |v| {
                    format!(", {label} {:.3} ms ({:.2}x)", v * 1e3, ours / v.max(1e-9))
                })
            };
            line(
                &format!("{what}: {name}"),
                ours,
                &format!(
                    "{:.3} ms{}{}",
                    ours * 1e3,
                    show("PARI", p),
                    show("FLINT", fl)
                ),
            )?;
        }
    }
    if gp.is_none() {
        line("(PARI/GP not found: apt-get install pari-gp)", 0.0, "")?;
    }
    if flint.is_none() {
        line(
            "(python-flint not found: pip install python-flint)",
            0.0,
            "",
        )?;
    }
    Ok(())
}

/// Whole processes that print very large exact answers (10^7 digits: the decimal conversion
/// dominates), each against PARI/GP and python-flint computing and printing the same number
/// in the same run, where they are installed. Every figure is one wall-clock run of a
/// process whose output goes to a pipe that is read and dropped; the outputs are compared.
fn big_answers_against_peers() -> Result<(), CliError> {
    const RAINBOW: &str = "[[0,2,0,0,0,0,0,0,0,0,0,1],[0,1,1,0,0,0,0,0,0,0,0,1],\
        [0,0,0,1,1,0,0,0,1,0,0,2],[0,0,0,0,0,0,1,1,0,0,0,1],[0,0,0,0,0,1,0,0,1,0,0,1],\
        [0,0,1,1,0,0,0,0,0,0,0,1],[0,0,2,0,0,0,0,0,0,0,0,1],[0,0,0,0,0,0,0,0,2,0,1,2],\
        [0,0,0,0,0,0,0,1,0,1,0,1],[0,0,0,0,0,0,0,2,0,0,0,1],[0,0,0,0,0,0,0,0,2,0,0,1],\
        [0,0,0,0,0,0,0,0,0,0,0,1]]";
    let matrix_file = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/benches/peers/rainbow_matrix.toml"
    );
    let parsed: Option<(String, String)> = std::fs::read_to_string(matrix_file)
        .ok()
        .and_then(|t| t.parse::<toml::Table>().ok())
        .and_then(|t| Some((t.get("matrix")?.to_string(), t.get("initial")?.to_string())));
    let exe = std::env::current_exe().map_err(|e| CliError::failure(e.to_string()))?;
    let exe = exe.to_string_lossy().into_owned();
    // (name, our arguments, PARI script, python-flint script); the peers print every
    // number on a line of its own, as we do (ours with a `NAME(N) = ` prefix for matrices).
    let mut cases: Vec<(String, Vec<String>, String, String)> = vec![
        (
            "nth classic 33219280 (10^7 digits)".into(),
            vec!["nth".into(), "classic".into(), "33219280".into()],
            "print(2^33219280 - 1);\nquit;\n".into(),
            "import flint\nprint(flint.fmpz(2)**33219280 - 1)\n".into(),
        ),
        (
            "nth rainbow.DDD 3000000 (1.4 M digits)".into(),
            vec!["nth".into(), "rainbow.DDD".into(), "3000000".into()],
            format!(
                "N=3000000;\n{}",
                include_str!("../../benches/peers/nth_rainbow_ddd.gp")
            ),
            format!(
                "import flint\nM = flint.fmpz_mat({RAINBOW})\n\
                 v = M**(3000000 - 1) * flint.fmpz_mat(12, 1, [1] * 12)\nprint(v[0, 0])\n"
            ),
        ),
    ];
    if let Some((m, init)) = parsed {
        // [[a, b], [c, d]] as gp's [a, b; c, d].
        let gp_m = m
            .replace([' ', '\n'], "")
            .replace("],[", ";")
            .replace("[[", "[")
            .replace("]]", "]");
        cases.push((
            "matrix rainbow_matrix.toml --nth 1000000 (16 terms)".into(),
            vec![
                "matrix".into(),
                matrix_file.into(),
                "--nth".into(),
                "1000000".into(),
                "--no-analysis".into(),
            ],
            format!(
                "M = {gp_m}; s = {init}~; v = M^(1000000 - 1) * s;\n\
                 for(i = 1, #v, print(v[i]));\nquit;\n"
            ),
            format!(
                "import flint\nm = {m}\ns = {init}\nM = flint.fmpz_mat(m)\n\
                 v = M**(1000000 - 1) * flint.fmpz_mat(len(s), 1, s)\n\
                 for i in range(len(s)):\n    print(v[i, 0])\n"
            ),
        ));
    }
    for (name, args, gp, flint) in cases {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let Some((ours, our_out)) = timed_process(&exe, &args, "") else {
            return Err(CliError::failure(format!("bench: `{name}` failed")));
        };
        // Our numbers, without the names of a matrix's components.
        let terms = our_out.contains(") = ");
        let our_numbers: Vec<&str> = our_out
            .lines()
            .filter(|l| !terms || l.contains(") = "))
            .map(|l| l.rsplit(' ').next().unwrap_or(l))
            .collect();
        let peer = |label: &str, out: Option<(f64, String)>| match out {
            Some((t, o)) => {
                let same = o.lines().map(str::trim).eq(our_numbers.iter().copied());
                format!(
                    ", {label} {t:.3} s ({:.2}x{})",
                    ours / t.max(1e-9),
                    if same { "" } else { ", DIFFERENT OUTPUT" }
                )
            }
            None => format!(", {label} not run"),
        };
        let p = peer("PARI", timed_process("gp", &["-q", "-f", "-s", "2G"], &gp));
        let f = peer("FLINT", timed_process("python3", &["-"], &flint));
        line(&name, ours, &format!("whole process{p}{f}"))?;
    }
    Ok(())
}

/// Runs `program` with `script` on standard input; its wall-clock seconds and standard
/// output, or `None` when it is missing or fails.
fn timed_process(program: &str, args: &[&str], script: &str) -> Option<(f64, String)> {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let t0 = Instant::now();
    let mut child = Command::new(program)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .ok()?;
    let mut stdin = child.stdin.take()?;
    stdin.write_all(script.as_bytes()).ok()?;
    drop(stdin);
    let out = child.wait_with_output().ok()?;
    let t = t0.elapsed().as_secs_f64();
    out.status
        .success()
        .then(|| (t, String::from_utf8_lossy(&out.stdout).into_owned()))
}

/// The PARI/GP script: per polynomial `i`, lines `F i ms` and `R i ms`.
fn gp_script(polys: &[String]) -> String {
    let mut s = String::from("default(realprecision, 30);\n");
    for (i, p) in polys.iter().enumerate() {
        s.push_str(&format!("f = {p};\n"));
        for (kind, call) in [('F', "factor(f)"), ('R', "polroots(f)")] {
            s.push_str(&format!(
                "n = 0; t = getabstime(); until(getabstime() - t >= 50, {call}; n++); \
                 printf(\"{kind} {i} %.6f\\n\", (getabstime() - t) / n);\n"
            ));
        }
    }
    s.push_str("quit;\n");
    s
}

/// The python-flint script, as [`gp_script`].
fn flint_script(cases: &[(String, crate::algebra::Poly)]) -> String {
    let mut s = String::from("import time, flint\nflint.ctx.prec = 110\ncases = [\n");
    for (_, f) in cases {
        let cs: Vec<String> = f.coeffs().iter().map(|c| c.to_string()).collect();
        s.push_str(&format!("  [{}],\n", cs.join(", ")));
    }
    s.push_str(
        "]\n\
         for i, c in enumerate(cases):\n\
         \x20   f = flint.fmpz_poly(c)\n\
         \x20   for kind, call in (('F', f.factor), ('R', f.complex_roots)):\n\
         \x20       n, t = 0, time.perf_counter()\n\
         \x20       while n == 0 or time.perf_counter() - t < 0.05:\n\
         \x20           call(); n += 1\n\
         \x20       print(kind, i, (time.perf_counter() - t) / n * 1000)\n",
    );
    s
}

/// Runs a peer with `script` on standard input; its `K i ms` lines, or `None` when the
/// peer is missing or fails.
fn run_peer(program: &str, args: &[&str], script: &str) -> Option<Vec<(char, usize, f64)>> {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new(program)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .ok()?;
    child.stdin.take()?.write_all(script.as_bytes()).ok()?;
    let out = child.wait_with_output().ok()?;
    if !out.status.success() {
        return None;
    }
    let rows: Vec<(char, usize, f64)> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter_map(|l| {
            let mut w = l.split_whitespace();
            let k = w.next()?.chars().next()?;
            let i = w.next()?.parse().ok()?;
            let ms = w.next()?.parse().ok()?;
            Some((k, i, ms))
        })
        .collect();
    (!rows.is_empty()).then_some(rows)
}

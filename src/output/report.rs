//! `hanoilab report`: everything under `data/tables/` and `reports/`, regenerated from the
//! variant files alone.
//!
//! [`build`] computes a [`Bundle`] (pages, tables, charts) in memory; [`Bundle::write`] then
//! stages it and swaps it into place, so a killed run leaves the previous files intact. The
//! output is deterministic: variants in registry order, `BTreeMap`s everywhere, no
//! timestamps, floats only in plots and formatted with fixed digits.
//!
//! Each section of a variant page is produced by one function here; the sections that need
//! the algebra, the search or the literature checker call those modules and only format.

use super::bundle::Bundle;
use super::chart::{LineChart, Series};
use super::table::{Cell, Table};
use crate::algebra::analysis::ComponentReport;
use crate::facts::{FactsOptions, SearchBudget, VariantFacts};
use crate::literature::{CheckedClaim, VerdictKind};
use crate::sequences::{frame_stewart as fs, star as st};
use crate::variants::{builtin_ids, Params, Variant};
use num_bigint::BigInt;
use num_traits::ToPrimitive;
use std::fmt::Write as _;

/// What to include.
#[derive(Clone, Debug, Default)]
pub struct ReportOptions {
    /// Skip the simulation and search columns (a quick preview; not the committed report).
    pub quick: bool,
}

/// A failure while computing the report (nothing is written then).
#[derive(Debug, thiserror::Error)]
#[error("report: {0}")]
pub struct ReportError(pub String);

fn err(e: impl std::fmt::Display) -> ReportError {
    ReportError(e.to_string())
}

/// How far each variant's facts go in the report: counts to n = 20, simulations while the
/// count is at most 300,000 moves, constants to 30 certified digits, searches within
/// [`SearchBudget::REPORT`].
fn facts_options(opts: &ReportOptions) -> FactsOptions {
    FactsOptions {
        n_max: 20,
        simulation_moves: 300_000,
        analysis_digits: 30,
        search: (!opts.quick).then_some(SearchBudget::REPORT),
    }
}

fn gather(id: &str, opts: &ReportOptions) -> Result<VariantFacts, ReportError> {
    let variant = Variant::builtin(id).map_err(err)?;
    VariantFacts::gather(variant, &facts_options(opts)).map_err(err)
}

fn count_table(f: &VariantFacts) -> Table {
    let names: Vec<String> = f
        .variant
        .functions()
        .iter()
        .map(|x| x.name.clone())
        .collect();
    let default = f.variant.default_function().name.clone();
    let dj = names.iter().position(|n| *n == default).unwrap_or(0);
    let mut cols: Vec<&str> = vec!["n"];
    cols.extend(names.iter().map(String::as_str));
    cols.push("simulated");
    cols.push("optimum");
    cols.push("optimal_solutions");
    let mut t = Table::new(&cols);
    for (n, row) in &f.counts {
        let mut r = vec![Cell::from(*n)];
        r.extend(row.iter().map(|c| Cell::from(c.clone())));
        let sim = f.simulation[dj]
            .simulated
            .iter()
            .find(|(m, _)| m == n)
            .map(|(_, v)| *v);
        r.push(Cell::from(sim));
        let opt = f.optima[dj].iter().find(|o| o.n == *n);
        r.push(Cell::from(opt.and_then(|o| o.minimum)));
        r.push(Cell::from(opt.and_then(|o| o.solutions.clone())));
        t.push(r);
    }
    t
}

fn simulation_section(f: &VariantFacts) -> String {
    let mut s = String::from("## Simulation\n\nEvery function's move stream played under the rules, every move checked and the goal checked, while the count is at most 300,000 moves:\n\n| function | simulated for n up to | result |\n|---|---|---|\n");
    for x in &f.simulation {
        let upto = x.checked_up_to.map_or("—".to_string(), |n| n.to_string());
        let res = match &x.failure {
            Some(e) => format!("**disagrees**: {e}"),
            None if x.checked_up_to.is_some() => {
                "every move legal, goal reached, count = recurrence".to_string()
            }
            None => "not simulated".to_string(),
        };
        let _ = writeln!(s, "| {} | {} | {} |", x.function, upto, res);
    }
    s
}

fn algebra_section(f: &VariantFacts, has_ratio: bool) -> String {
    let Some(a) = &f.analysis else {
        return String::new();
    };
    let mut s = String::from("## Algebra of the transfer matrix\n\n");
    let _ = writeln!(
        s,
        "Characteristic polynomial (`E` the shift, `s(n+1) = E s(n)`), computed exactly (Berkowitz) and factored over Q (Zassenhaus):\n\n```text\n{}\n  = {}\n```\n\nMinimal polynomial of the matrix: `{}`.\n",
        a.charpoly, a.charpoly_factored, a.minimal_polynomial
    );
    s.push_str("Each component's own minimal recurrence (Berlekamp–Massey on its exact terms, confirmed on later terms and by division into the characteristic polynomial), its closed form and its dominant term `c n^k lambda^n` (c to 30 certified digits):\n\n| component | minimal recurrence | characteristic polynomial = | closed form | valid from n = | lambda | k | c |\n|---|---|---|---|---|---|---|---|\n");
    for c in &a.components {
        let (lambda, k, cc) = dominant_cells(c);
        let _ = writeln!(
            s,
            "| {} | `{}` | `{}` x | `{}` | {} | {} | {} | {} |",
            c.name,
            c.recurrence,
            c.cofactor,
            c.closed_form.replace('|', "\\|"),
            c.closed_form_valid_from,
            lambda,
            k,
            cc
        );
    }
    if has_ratio {
        let _ = writeln!(
            s,
            "\n![ratio]({})",
            Bundle::chart_link(&format!("{}-ratio", f.variant.id))
        );
    }
    s.push('\n');
    s
}

fn dominant_cells(c: &ComponentReport) -> (String, String, String) {
    match &c.dominant {
        None => ("—".into(), "—".into(), "—".into()),
        Some(d) => {
            let mut lambda = d.lambda.clone();
            if !d.ties.is_empty() {
                lambda.push_str(&format!(
                    " (shares the largest modulus with {})",
                    d.ties.join(", ")
                ));
            }
            let c = match &d.c_exact {
                Some(e) => format!("{e} = {}", d.c_decimal),
                None if d.certified => d.c_decimal.clone(),
                None => format!("{} (not certified)", d.c_decimal),
            };
            (lambda, d.k.to_string(), c)
        }
    }
}

/// `s(n) / (c n^k lambda^n)` for every component with a unique real dominant root: the
/// curves converge to 1 (a picture of the asymptotics, so floats are fine).
fn ratio_chart(f: &VariantFacts) -> Option<LineChart> {
    let a = f.analysis.as_ref()?;
    let sys = f.variant.transfer_system(&Params::new()).ok()??;
    let mut chart = LineChart::new(
        &format!("{}: s(n) / (c n^k lambda^n)", f.variant.title),
        "n (discs)",
        "ratio",
    );
    for (i, comp) in a.components.iter().enumerate() {
        let Some(d) = &comp.dominant else { continue };
        if !d.ties.is_empty() || comp.name == "1" {
            continue;
        }
        let lambda = d.lambda_approx;
        let Ok(c) = leading_decimal(&d.c_decimal) else {
            continue;
        };
        if lambda <= 1.0 || c == 0.0 {
            continue;
        }
        let terms: Vec<BigInt> = (0..40u64)
            .filter_map(|j| sys.state(a.first_n + j).map(|v| v[i].clone()))
            .collect();
        let pts = terms
            .iter()
            .enumerate()
            .map(|(j, v)| {
                let n = (j as u64 + a.first_n) as f64;
                (n, to_f64(v) / (c * n.powi(d.k as i32) * lambda.powf(n)))
            })
            .collect();
        chart.series.push(Series::new(comp.name.clone(), pts));
    }
    (!chart.series.is_empty()).then_some(chart)
}

/// The number a certified decimal text starts with, for plotting only.
fn leading_decimal(text: &str) -> Result<f64, std::num::ParseFloatError> {
    let t: String = text
        .trim()
        .chars()
        .take_while(|c| c.is_ascii_digit() || *c == '.' || *c == '-' || *c == 'e')
        .collect();
    t.parse()
}

/// Per function: "optimal for n <= X" or the first n where search beats the algorithm.
fn optimality(f: &VariantFacts, j: usize) -> String {
    let rows = &f.optima[j];
    let Some(last) = rows.last() else {
        return "not searched (the state space is beyond the report's budget from the first n)"
            .into();
    };
    for o in rows {
        let alg = f
            .counts
            .iter()
            .find(|(n, _)| *n == o.n)
            .and_then(|(_, r)| r[j].clone());
        match (o.minimum, alg) {
            (None, _) => return format!("n = {}: the goal is unreachable", o.n),
            (Some(m), Some(a)) if BigInt::from(m) != a => {
                return format!(
                    "**not optimal from n = {}**: search finds {m}, the algorithm takes {a}",
                    o.n
                )
            }
            _ => {}
        }
    }
    let first = rows[0].n;
    format!(
        "optimal for n = {first}..{} (every n the search reached)",
        last.n
    )
}

fn search_section(f: &VariantFacts) -> String {
    let mut s = String::from("## Search: the true optimum\n\nBreadth-first search over the state graph under the variant's rules, for every n whose index space has at most 2^20 states (optimal solutions counted up to 2^18):\n\n| function | algorithm against the optimum | optimal solutions (n: count) |\n|---|---|---|\n");
    for (j, func) in f.variant.functions().iter().enumerate() {
        let counts: Vec<String> = f.optima[j]
            .iter()
            .filter_map(|o| o.solutions.as_ref().map(|c| format!("{}: {c}", o.n)))
            .collect();
        let _ = writeln!(
            s,
            "| {} | {} | {} |",
            func.name,
            optimality(f, j),
            if counts.is_empty() {
                "—".to_string()
            } else {
                super::table::shorten(&counts.join(", "), 160)
            }
        );
    }
    s.push('\n');
    s
}

fn claims_section(claims: &[&CheckedClaim]) -> String {
    if claims.is_empty() {
        return String::new();
    }
    let mut s = String::from("## Claims from the literature\n\n| verdict | claim | statement (as printed) | detail |\n|---|---|---|---|\n");
    for c in claims {
        let _ = writeln!(
            s,
            "| {} | {} ({}) | {} | {} |",
            verdict_text(c),
            c.id,
            c.source,
            md_cell(&c.statement),
            md_cell(&detail_text(c))
        );
    }
    s.push('\n');
    s
}

fn verdict_cell(v: VerdictKind) -> String {
    match v {
        VerdictKind::Fails => "**fails**".into(),
        VerdictKind::HoldsAfterCorrection => "**holds after correction**".into(),
        v => v.name().replace('-', " "),
    }
}

/// A claim's verdict with its range, for a table cell: `holds for n = 1..10`, `proved for
/// every n >= 0`.
fn verdict_text(c: &CheckedClaim) -> String {
    let word = verdict_cell(c.verdict);
    match (c.verdict, c.range) {
        (VerdictKind::HoldsInRange, Some(r)) => format!("holds for n = {}..{}", r.from, r.to),
        (VerdictKind::Proved, Some(r)) if r.to == i64::MAX => {
            format!("proved for every n >= {}", r.from)
        }
        _ => word,
    }
}

/// The detail with the reason and the correction, for a table cell.
fn detail_text(c: &CheckedClaim) -> String {
    let mut d = c.detail.clone();
    if let Some(r) = &c.reason {
        if !d.contains(r.as_str()) {
            d.push_str(&format!(" — why the check stops there: {r}"));
        }
    }
    if let Some(x) = &c.correction {
        d.push_str(&format!(" — correction: {x}"));
    }
    d
}

/// Text made safe for one Markdown table cell (never shortened: a cut detail misleads).
fn md_cell(t: &str) -> String {
    t.replace('|', "\\|").replace('\n', " ")
}

fn variant_page(
    f: &VariantFacts,
    table: &Table,
    has_ratio: bool,
    claims: &[&CheckedClaim],
) -> Result<String, ReportError> {
    let mut page = f.variant.to_markdown(&Params::new()).map_err(err)?;
    page.push('\n');
    page.push_str(&algebra_section(f, has_ratio));
    page.push_str(&simulation_section(f));
    page.push_str(&search_section(f));
    page.push_str(&claims_section(claims));
    page.push_str(&hanoivar_line(&f.variant.id));
    let _ = write!(
        page,
        "\n## Counts\n\nExact counts from the recursion program (`data/tables/{id}.csv`); `simulated` is the default function `{d}` played under the rules.\n\n{}",
        table.to_markdown(40),
        id = f.variant.id,
        d = f.variant.default_function().name
    );
    let _ = write!(
        page,
        "\n![growth]({})\n",
        Bundle::chart_link(&format!("{}-counts", f.variant.id))
    );
    Ok(page)
}

fn variant_chart(f: &VariantFacts) -> LineChart {
    let mut c = LineChart::new(
        &format!("{}: moves against n", f.variant.title),
        "n (discs)",
        "moves (log scale)",
    );
    c.log_y = true;
    for (j, func) in f.variant.functions().iter().enumerate() {
        let pts: Vec<(f64, f64)> = f
            .counts
            .iter()
            .filter_map(|(n, row)| row[j].as_ref().map(|v| (*n as f64, to_f64(v))))
            .collect();
        c.series.push(Series::new(func.name.clone(), pts));
    }
    c
}

/// A big integer as f64 for plotting only (never for a result).
fn to_f64(v: &BigInt) -> f64 {
    v.to_f64().unwrap_or(f64::INFINITY)
}

/// Frame–Stewart: the grid pegs 3..20 by discs 0..1000, the optimal split sets, the chart.
fn frame_stewart_part(b: &mut Bundle) -> Result<(), ReportError> {
    let (p_min, p_max, n_max) = (3usize, 20usize, 1000u64);
    let grid = fs::table(p_min, p_max, n_max).map_err(err)?;
    let mut cols = vec!["n".to_string()];
    cols.extend((p_min..=p_max).map(|p| format!("p{p}")));
    let colrefs: Vec<&str> = cols.iter().map(String::as_str).collect();
    let mut t = Table::new(&colrefs);
    for n in 0..=n_max as usize {
        let mut r = vec![Cell::from(n)];
        r.extend(grid.iter().map(|col| Cell::from(&col[n])));
        t.push(r);
    }
    b.table("frame-stewart", t);

    let mut splits = Table::new(&["p", "n", "T", "optimal_k", "lunnon_k_min", "lunnon_k_max"]);
    for p in 4..=10usize {
        for n in 1..=200u64 {
            let r = fs::frame_stewart_report(n, p, true).map_err(err)?;
            let ks: Vec<String> = r
                .optimal_splits
                .unwrap_or_default()
                .iter()
                .map(u64::to_string)
                .collect();
            let (a, z) = r.lunnon_range.unwrap_or((0, 0));
            splits.push(vec![
                Cell::from(p),
                Cell::from(n),
                Cell::Int(r.moves.parse().map_err(err)?),
                Cell::from(ks.join(" ")),
                Cell::from(a),
                Cell::from(z),
            ]);
        }
    }
    b.table("frame-stewart-splits", splits);

    let mut c = LineChart::new(
        "Frame–Stewart numbers T(n, p)",
        "n (discs)",
        "moves (log scale)",
    );
    c.log_y = true;
    for (i, p) in (p_min..=10).enumerate() {
        let pts = (0..=100usize)
            .map(|n| (n as f64, to_f64(&grid[i][n])))
            .collect();
        c.series.push(Series::new(format!("p = {p}"), pts));
    }
    b.chart("frame-stewart", c);

    let mut stairs = LineChart::new(
        "Frame–Stewart: largest optimal split k (bottom discs moved on p-1 pegs)",
        "n (discs)",
        "k",
    );
    stairs.steps = true;
    for p in 4..=6usize {
        let pts = (1..=200u64)
            .map(|n| {
                let ks = fs::optimal_splits(n, p).unwrap_or_default();
                (n as f64, ks.last().copied().unwrap_or(0) as f64)
            })
            .collect();
        stairs.series.push(Series::new(format!("p = {p}"), pts));
    }
    b.chart("frame-stewart-splits", stairs);

    let mut page = String::from("# Frame–Stewart numbers (Reve's puzzle and Many-pin)\n\n");
    page.push_str("`T(n, p) = min_k 2 T(n-k, p) + T(k, p-1)`, computed exactly by increments (Lunnon) and checked in the test suite against the min-recurrence, Lunnon's two binomial forms and Stockmeyer's Lemma 2 and Theorem 1.\n\n");
    page.push_str("Tables: `data/tables/frame-stewart.csv` (pegs 3..20 by discs 0..1000), `data/tables/frame-stewart-splits.csv` (every optimal split k and Lunnon's k-range, p = 4..10, n = 1..200).\n\n");
    page.push_str("| n | p = 3 | p = 4 | p = 5 | p = 6 |\n|---|---|---|---|---|\n");
    for n in [1usize, 2, 5, 8, 10, 15, 20, 21, 50, 100, 1000] {
        let _ = writeln!(
            page,
            "| {n} | {} | {} | {} | {} |",
            short(&grid[0][n]),
            grid[1][n],
            grid[2][n],
            grid[3][n]
        );
    }
    let _ = write!(
        page,
        "\n![Frame–Stewart]({})\n\n![splits]({})\n",
        Bundle::chart_link("frame-stewart"),
        Bundle::chart_link("frame-stewart-splits")
    );
    page.push_str("\n## Asymptotics\n\n`T(n, 4) / (sqrt(n) 2^sqrt(2n))` (Stockmeyer: within 6.2% of a constant for large n):\n\n| n | ratio |\n|---|---|\n");
    for row in fs::asymptotic_ratio(&[10, 100, 1000, 10_000, 100_000]).map_err(err)? {
        let _ = writeln!(page, "| {} | {:.4} |", row.n, row.ratio);
    }
    b.page("frame-stewart.md", page);
    Ok(())
}

/// A long integer shortened for a Markdown cell.
fn short(v: &BigInt) -> String {
    super::table::shorten(&v.to_string(), 24)
}

/// The star puzzle: S(n), the 3-smooth numbers and Theorem 2's split.
fn star_part(b: &mut Bundle) -> Result<(), ReportError> {
    let n_max = 1000u64;
    let smooth = st::three_smooth(n_max).map_err(err)?;
    let mut t = Table::new(&["n", "a_n", "S", "optimal_i", "lunnon_k"]);
    let mut sum = BigInt::from(0);
    for n in 1..=n_max {
        sum += &smooth[n as usize - 1];
        let s = &sum * 2;
        t.push(vec![
            Cell::from(n),
            Cell::from(&smooth[n as usize - 1]),
            Cell::from(s),
            Cell::from(st::theorem2_split(n).map_err(err)?),
            Cell::from(st::lunnon_k_approx(n).map_err(err)?),
        ]);
    }
    b.table("star", t);

    let mut c = LineChart::new(
        "Star puzzle against Reve's puzzle and Classic",
        "n (discs)",
        "moves (log scale)",
    );
    c.log_y = true;
    let ns: Vec<u64> = (1..=60).collect();
    let pts = |f: &dyn Fn(u64) -> BigInt| -> Vec<(f64, f64)> {
        ns.iter().map(|&n| (n as f64, to_f64(&f(n)))).collect()
    };
    c.series.push(Series::new(
        "Classic 2^n - 1 (3 pegs)",
        pts(&|n| fs::frame_stewart(n, 3).unwrap_or_default()),
    ));
    c.series.push(Series::new(
        "Star S(n) (4 pegs, star moves)",
        pts(&|n| st::star(n).unwrap_or_default()),
    ));
    c.series.push(Series::new(
        "Reve's T(n, 4) (4 pegs, all moves)",
        pts(&|n| fs::frame_stewart(n, 4).unwrap_or_default()),
    ));
    b.chart("star-vs-reves", c);

    let mut page = String::from("# The star puzzle (Stockmeyer's star, Lunnon's Four-Star)\n\n");
    page.push_str("`S(n) = min_i 2 S(n-i) + 3^i - 1 = 2 (a_1 + ... + a_n)`, `a_m` the 3-smooth numbers; the unique optimal `i = floor(log3 a_n) + 1` (Stockmeyer, Theorem 2). Table: `data/tables/star.csv` (n = 1..1000, with Lunnon's approximation of the split).\n\n");
    let fails = st::lunnon_k_failures(5000).map_err(err)?;
    let _ = writeln!(
        page,
        "Lunnon's split approximation `floor(sqrt(2n log2/log3) + 0.1809)` against Theorem 2 for n <= 5000: {}.\n",
        match fails.first() {
            Some(n) => format!(
                "first differs at n = {n} ({} values of n differ in all)",
                fails.len()
            ),
            None => "never differs".to_string(),
        }
    );
    page.push_str("| n | S(n) |\n|---|---|\n");
    for n in [1u64, 2, 3, 5, 10, 20, 50, 100, 1000] {
        let _ = writeln!(page, "| {n} | {} |", st::star(n).map_err(err)?);
    }
    let _ = writeln!(page, "\n![star]({})", Bundle::chart_link("star-vs-reves"));
    page.push_str(&hanoivar_line("star"));
    b.page("star.md", page);
    Ok(())
}

/// Reversi's Frame-type `DDDF`, `DDDE`, `EDDD` (Lunnon: "the matrix involved has order 27",
/// not printed): the transfer systems read off the algorithm's plans, checked against its
/// exact minimum, with their characteristic polynomials, factorisations and growth.
fn reversi_frame_part(b: &mut Bundle) -> Result<(), ReportError> {
    use crate::algebra::MatrixAnalysis;
    use crate::variants::reversi::{FrameType, ReversiFrame};
    const TO: usize = 49;
    let mut frame = ReversiFrame::new();
    let reversi = Variant::builtin("reversi").map_err(err)?;
    let mut t = Table::new(&["n", "DDDF", "DDDE", "EDDD", "H", "G"]);
    for n in 1..=TO {
        let mut row = vec![Cell::from(n)];
        for (_, ty) in FrameType::TOPS {
            row.push(match frame.type_count(ty, n) {
                Some(c) => Cell::from(c),
                None => Cell::from(""),
            });
        }
        for f in ["H", "G"] {
            row.push(Cell::from(
                reversi.count(f, n as i64, &Params::new()).map_err(err)?,
            ));
        }
        t.push(row);
    }
    b.table("reversi-frame", t);

    let mut page =
        String::from("# Reversi: the Frame-type DDDF, DDDE, EDDD and their transfer systems\n\n");
    page.push_str("Lunnon (`000_3e39fda85b098e00.txt`, section Reversi Hanoi) solves the uncoloured problems `DDDF` (to the right, colours unchanged), `DDDE` (to the right, flipped) and `EDDD` (back on the left, flipped) by Frame-type algorithms and writes that their times could be given \"in the same manner as for Rainbow or Domino ... [but] the matrix involved has order 27\"; he prints neither the matrix nor the times. Here the Frame-type family is the one of `ReversiFrame` (`src/variants/reversi.rs`, `docs/checkrev.md`): the largest disc, the second largest and the rest, the rest moved only as a whole stack by the same family recursively, with the exact minimum over all such plans at every n (Dijkstra over the positions and colours of the three blocks). Its counts are in `data/tables/reversi-frame.csv` (n = 1..49, with Reversi_H and Reversi_G).\n\n");
    page.push_str("The transfer system is read off the plans this minimum chooses at one n and below (each problem met becomes a component; names: base letters of source, via, via, destination — `D` uncoloured, `A`/`B` the colour of / opposite to the stack's largest disc — then `~` if the stack ends flipped and `@` if it ends on its source), and then checked: the matrix applied to the exact minimum at n must give the exact minimum at n + step, computed independently, for every n of its class up to 49.\n\n");
    // (class, order, DDDF's dominant root per step) for the summary below.
    let mut found: Vec<(&str, usize, String, usize)> = Vec::new();
    for (label, read_at, period) in [
        ("odd n", 31usize, 1usize),
        ("n = 0 (mod 4)", 32, 2),
        ("n = 2 (mod 4)", 30, 2),
    ] {
        let sys = frame.transfer_system(read_at, period).map_err(err)?;
        let step = 2 * period;
        let bad = sys.mismatches(&mut frame, 0, TO - step);
        // The first n >= 1 of the class, or the first after the last mismatch.
        let first_of_class = if sys.residue == 0 { step } else { sys.residue };
        let first = bad.iter().max().map_or(first_of_class, |m| m + step);
        let last = TO - (TO + step - sys.residue) % step;
        let init = sys
            .state(&mut frame, first)
            .ok_or_else(|| err(format!("no Frame-type count at n = {first}")))?;
        let a = MatrixAnalysis::from_first_n(
            sys.matrix.clone(),
            init,
            1,
            Some(sys.names.clone()),
            20,
            None,
        )
        .map_err(err)?
        .to_report();
        let _ = writeln!(
            page,
            "## {label}: order {}, steps of {step} discs\n\nRead at n = {read_at}. `s(n + {step}) = M s(n)` holds for every n = {first}, {}, ..., {} of this class ({}), so the counts from n = {first} to {} follow it. Components: {}.\n\nCharacteristic polynomial in `x = E^{step}` (one step = {step} discs), computed exactly and factored over Q:\n\n```text\n{}\n  = {}\n```\n",
            sys.names.len(),
            first + step,
            last - step,
            if bad.is_empty() {
                "no exception".to_string()
            } else {
                format!(
                    "not at n = {}: the plans there differ",
                    bad.iter().map(|m| m.to_string()).collect::<Vec<_>>().join(", ")
                )
            },
            last,
            sys.names.join(", "),
            a.charpoly.replace('E', "x"),
            a.charpoly_factored.replace('E', "x")
        );
        found.push((
            label,
            sys.names.len(),
            a.components[0]
                .dominant
                .as_ref()
                .map_or_else(|| "none".to_string(), |d| d.lambda.clone()),
            step,
        ));
        let _ = writeln!(page, "| problem | minimal recurrence (in x) | dominant root lambda of x | power of k | c in `c lambda^k`, k = 1 at n = {first} |\n|---|---|---|---|---|");
        for c in a.components.iter().take(3) {
            let (lambda, k, cc) = dominant_cells(c);
            let _ = writeln!(
                page,
                "| {} | `{}` | {} | {} | {} |",
                c.name,
                c.recurrence.to_string().replace('E', "x"),
                lambda,
                k,
                cc
            );
        }
        let _ = writeln!(
            page,
            "\nMatrix for `hanoilab matrix` (a TOML file; `initial` is s at n = {first}):\n\n```toml\nnames = [{}]\nmatrix = [\n{}]\ninitial = [{}]\n```\n",
            sys.names.iter().map(|n| format!("\"{n}\"")).collect::<Vec<_>>().join(", "),
            sys.matrix
                .to_rows()
                .iter()
                .map(|r| format!("  [{}],\n", r.iter().map(|v| v.to_string()).collect::<Vec<_>>().join(", ")))
                .collect::<String>(),
            a.components.iter().map(|c| c.first_terms.first().map(|v| v.to_string()).unwrap_or_default()).collect::<Vec<_>>().join(", ")
        );
    }
    let ratio = |n: usize, frame: &mut ReversiFrame| -> Result<String, ReportError> {
        let top = FrameType::TOPS[0].1;
        let (a, b2) = (frame.type_count(top, n), frame.type_count(top, n - 2));
        match (a, b2) {
            (Some(a), Some(b2)) => Ok(format!(
                "{:.6}",
                a.to_f64().unwrap_or(f64::NAN) / b2.to_f64().unwrap_or(f64::NAN)
            )),
            _ => Err(err("missing Frame-type count")),
        }
    };
    let _ = writeln!(
        page,
        "## Reading\n\n- Dominant root of DDDF per step: {}. A root 3 per two discs (9 per four) means times growing like `3^(n/2)`, the growth of the optimal coloured `BABB(n)` (`2 3^(n/2) - 2`, n even); `DDDF(n)/DDDF(n-2)` = {} at n = 48, {} at n = 49. Reversi_H (one sub-stack of n - 1, Domino strategy) grows like `2^n`, Reversi_G like `2^(n+1)`.\n- Orders found, counting the constant: {} — against Lunnon's 27. His Frame-type functions are not printed, so the difference cannot be traced; the family here contains the optimal bottom-level recursions and is not optimal from n = 4 on (breadth-first optima in `docs/checkrev.md`), as Lunnon says of his.\n- For even n the plans chosen at n = 0 and n = 2 (mod 4) differ, so no single two-disc step describes them: a system read at one even n and used for the next fails every other step.\n",
        found
            .iter()
            .map(|(l, _, r, step)| format!("{r} per {step} discs ({l})"))
            .collect::<Vec<_>>()
            .join(", "),
        ratio(48, &mut frame)?,
        ratio(49, &mut frame)?,
        found
            .iter()
            .map(|(l, order, _, _)| format!("{order} ({l})"))
            .collect::<Vec<_>>()
            .join(", ")
    );
    b.page("reversi-frame.md", page);
    Ok(())
}

/// One chart with every variant's default function, Frame–Stewart and the star.
fn growth_chart(facts: &[VariantFacts]) -> LineChart {
    let mut c = LineChart::new(
        "Growth of every variant (default function)",
        "n (discs)",
        "moves (log scale)",
    );
    c.log_y = true;
    for f in facts {
        let d = f.variant.default_function().name.clone();
        let j = f
            .variant
            .functions()
            .iter()
            .position(|x| x.name == d)
            .unwrap_or(0);
        let pts = f
            .counts
            .iter()
            .filter_map(|(n, row)| row[j].as_ref().map(|v| (*n as f64, to_f64(v))))
            .collect();
        c.series
            .push(Series::new(format!("{}.{d}", f.variant.id), pts));
    }
    c
}

fn index_page(facts: &[VariantFacts], claims: &[CheckedClaim]) -> String {
    let mut s = String::from("# hanoilab report\n\nGenerated by `hanoilab report` from the variant files in `data/variants/` and the claim files in `data/literature/`; do not edit by hand. Tables are in `data/tables/` (CSV and Parquet); `summary.csv` holds this table.\n\n");
    s.push_str("| variant | rules | growth of the default function | characteristic polynomial | algorithm optimal? | simulated | claims (verdicts) |\n|---|---|---|---|---|---|---|\n");
    for row in summary_rows(facts, claims) {
        let _ = writeln!(
            s,
            "| [{id}]({id}.md) | {} | {} | {} | {} | {} | {} |",
            md_cell(&row[1]),
            md_cell(&row[2]),
            if row[3].is_empty() {
                "—".to_string()
            } else {
                format!("`{}`", row[3])
            },
            md_cell(&row[4]),
            row[5],
            row[6],
            id = row[0],
        );
    }
    let _ = writeln!(
        s,
        "\nClaims from the five source documents: {} — see [literature.md](literature.md).\n\nAlso: [Frame–Stewart numbers](frame-stewart.md), [the star puzzle](star.md), [search tables](search.md), [Reversi's Frame-type transfer systems](reversi-frame.md), [Lunnon's HanoiVar solvers](hanoivar.md).\n",
        tally(claims.iter())
    );
    let _ = writeln!(s, "![growth]({})", Bundle::chart_link("growth"));
    s
}

/// `a proved, b hold, ...`: every verdict that occurs, in report order.
fn tally<'a>(claims: impl Iterator<Item = &'a CheckedClaim>) -> String {
    let v: Vec<VerdictKind> = claims.map(|c| c.verdict).collect();
    let parts: Vec<String> = VerdictKind::ALL
        .iter()
        .filter_map(|k| {
            let n = v.iter().filter(|x| *x == k).count();
            (n > 0).then(|| format!("{n} {}", k.name().replace('-', " ")))
        })
        .collect();
    if parts.is_empty() {
        "none".into()
    } else {
        parts.join(", ")
    }
}

/// One row per variant: id, rules, growth, factored characteristic polynomial, optimality of
/// the default function, simulation status, claims.
fn summary_rows(facts: &[VariantFacts], claims: &[CheckedClaim]) -> Vec<[String; 7]> {
    facts
        .iter()
        .map(|f| {
            let d = &f.variant.default_function().name;
            let j = f
                .variant
                .functions()
                .iter()
                .position(|x| &x.name == d)
                .unwrap_or(0);
            let growth = match &f.analysis {
                Some(a) => {
                    let comp = a
                        .components
                        .iter()
                        .find(|c| &c.name == d)
                        .or_else(|| a.components.first());
                    match comp.and_then(|c| c.dominant.as_ref()) {
                        Some(dm) => {
                            let lam: String = dm.lambda.chars().take(16).collect();
                            let poly = if dm.k > 0 {
                                format!(" n^{}", dm.k)
                            } else {
                                String::new()
                            };
                            format!("{d}(n) ~ c{poly} ({lam})^n")
                        }
                        None => "—".into(),
                    }
                }
                None => "no transfer matrix (some call is not on n-k discs for a small k, or the clauses are not periodic in n)".into(),
            };
            let charpoly = f
                .analysis
                .as_ref()
                .map(|a| a.charpoly_factored.clone())
                .unwrap_or_default();
            let sim_ok = f.simulation.iter().all(|x| x.failure.is_none());
            let claim_tally = tally(
                claims
                    .iter()
                    .filter(|c| c.variant.as_deref() == Some(f.variant.id.as_str())),
            );
            [
                f.variant.id.clone(),
                f.variant.summary.clone(),
                growth,
                charpoly,
                format!("{d}: {}", optimality(f, j)),
                if sim_ok {
                    "all agree"
                } else {
                    "**disagreement**"
                }
                .to_string(),
                claim_tally,
            ]
        })
        .collect()
}

/// `reports/literature.md` and `data/tables/claims.csv`: every claim, grouped by document,
/// failures first.
fn literature_part(b: &mut Bundle, claims: &[CheckedClaim]) {
    let mut t = Table::new(&[
        "id",
        "source",
        "variant",
        "kind",
        "verdict",
        "range_from",
        "range_to",
        "statement",
        "detail",
        "reason",
        "correction",
    ]);
    let bound = |x: Option<i64>| match x {
        Some(i64::MAX) => Cell::from("infinity"),
        Some(v) => Cell::from(v.to_string()),
        None => Cell::from(None::<String>),
    };
    for c in claims {
        t.push(vec![
            Cell::from(c.id.as_str()),
            Cell::from(c.source.as_str()),
            Cell::from(c.variant.clone()),
            Cell::from(c.kind.as_str()),
            Cell::from(c.verdict.name()),
            bound(c.range.map(|r| r.from)),
            bound(c.range.map(|r| r.to)),
            Cell::from(c.statement.as_str()),
            Cell::from(c.detail.as_str()),
            Cell::from(c.reason.clone()),
            Cell::from(c.correction.clone()),
        ]);
    }
    b.table("claims", t);
    let doc_of = |c: &CheckedClaim| c.document.clone();
    let mut docs: Vec<String> = claims.iter().map(doc_of).collect();
    docs.sort();
    docs.dedup();
    let mut s = format!("# Claims from the literature\n\nEvery checkable claim of the five source documents, recorded as printed in `data/literature/` and checked against the library's exact values: {}. Table: `data/tables/claims.csv`.\n\nWhat the verdicts mean: **proved** — for every n the claim speaks of, by an exact identity (two sides annihilated by one recurrence and equal on enough consecutive n, or a matrix equal to the one derived from the program); **holds** — a claim about finitely many cases, every case checked exactly; **holds for n = A..B** — checked for those n only, with the reason the check stops; **fails** — the first failing case, printed against true; **holds after correction** — false as printed, true with the stated correction; **unverifiable** — not decided here, with the reason.\n\n", tally(claims.iter()));
    s.push_str("| document |");
    for v in VerdictKind::ALL {
        let _ = write!(s, " {} |", v.name().replace('-', " "));
    }
    s.push_str(" total |\n|---|");
    for _ in VerdictKind::ALL {
        s.push_str("---|");
    }
    s.push_str("---|\n");
    for doc in &docs {
        let mine: Vec<&CheckedClaim> = claims.iter().filter(|c| &doc_of(c) == doc).collect();
        let _ = write!(s, "| {doc} |");
        for v in VerdictKind::ALL {
            let _ = write!(s, " {} |", mine.iter().filter(|c| c.verdict == v).count());
        }
        let _ = writeln!(s, " {} |", mine.len());
    }
    s.push_str("\n## Printed errors\n\nEvery claim that fails as printed, with the true value and, where one is recorded, the correction.\n\n| claim | source | printed | true | correction |\n|---|---|---|---|---|\n");
    for c in claims.iter().filter(|c| {
        matches!(
            c.verdict,
            VerdictKind::Fails | VerdictKind::HoldsAfterCorrection
        )
    }) {
        let (printed, actual) = match &c.failure {
            Some(f) => (
                match f.n {
                    Some(n) => format!("n = {n}: {}", f.printed),
                    None => f.printed.clone(),
                },
                f.actual.clone(),
            ),
            None => (String::new(), String::new()),
        };
        let _ = writeln!(
            s,
            "| {} | {} | {} | {} | {} |",
            c.id,
            md_cell(&c.source),
            md_cell(&printed),
            md_cell(&actual),
            md_cell(c.correction.as_deref().unwrap_or("—"))
        );
    }
    s.push('\n');
    for doc in docs {
        let mine: Vec<&CheckedClaim> = claims.iter().filter(|c| doc_of(c) == doc).collect();
        let _ = writeln!(
            s,
            "## {doc}\n\n{}.\n\n| verdict | claim | section | statement (as printed) | detail |\n|---|---|---|---|---|",
            tally(mine.iter().copied())
        );
        for v in VerdictKind::ALL {
            for c in mine.iter().filter(|c| c.verdict == v) {
                let section = c
                    .source
                    .strip_prefix(c.document.as_str())
                    .unwrap_or(&c.source)
                    .trim_start_matches(", ");
                let _ = writeln!(
                    s,
                    "| {} | {} | {} | {} | {} |",
                    verdict_text(c),
                    c.id,
                    md_cell(section),
                    md_cell(&c.statement),
                    md_cell(&detail_text(c))
                );
            }
        }
        s.push('\n');
    }
    s.push_str("## References\n\n");
    for r in crate::literature::claims::builtin_references().unwrap_or_default() {
        let _ = write!(
            s,
            "- {}, *{}*, {}. {}.",
            r.author, r.title, r.year, r.published
        );
        if let Some(u) = &r.url {
            let _ = write!(s, " <{u}>.");
        }
        let _ = writeln!(
            s,
            " (Claims: `data/literature/{}.toml`; text read from `{}`.)",
            r.file, r.document
        );
    }
    b.page("literature.md", s);
}

/// `reports/search.md`, `data/tables/search-stockmeyer.csv`, the layer chart: Stockmeyer's
/// exhaustive-search tables extended as far as the report's budget, Reve's puzzle against
/// Frame–Stewart, and state-graph facts.
fn search_part(b: &mut Bundle, facts: &[VariantFacts]) -> Result<(), ReportError> {
    use crate::search::{search, state_graph, SearchOptions};
    let find = |id: &str, func: &str| -> Option<(&VariantFacts, usize)> {
        let f = facts.iter().find(|f| f.variant.id == id)?;
        let j = f.variant.functions().iter().position(|x| x.name == func)?;
        Some((f, j))
    };
    let mut s = String::from("# Exhaustive search\n\nBreadth-first search over the state graph (`hanoilab search`), within the report's budget of 2^20 states per search; larger runs measured with the CLI are listed in `docs/search.md`.\n\n");
    let mut t = Table::new(&["puzzle", "n", "algorithm", "optimum", "optimal_solutions"]);
    for (id, func, what) in [
        ("cyclic4", "N", "Stockmeyer's 4-post cyclic puzzle (A->B->C->D->A, tower A to C); algorithm: Scorer, Grundy and Smith, 3^n - 1"),
        ("four-in-a-row", "R", "Stockmeyer's four-in-a-row (neighbours only, tower A to D); algorithm: Stockmeyer's, 3^n + n - 1"),
        ("reves", "FS", "Reve's puzzle (four pegs, any move); algorithm: Frame–Stewart"),
        ("star", "S", "the star puzzle (every move through the centre); algorithm: Stockmeyer's presumed-optimal scheme"),
    ] {
        let Some((f, j)) = find(id, func) else { continue };
        let _ = writeln!(s, "## {id}.{func}\n\n{what}: {}.\n\n| n | algorithm | optimum | optimal move sequences |\n|---|---|---|---|", optimality(f, j));
        for o in &f.optima[j] {
            let alg = f
                .counts
                .iter()
                .find(|(n, _)| *n == o.n)
                .and_then(|(_, r)| r[j].clone());
            let _ = writeln!(
                s,
                "| {} | {} | {} | {} |",
                o.n,
                alg.as_ref().map_or("—".into(), |a| a.to_string()),
                o.minimum.map_or("unreachable".into(), |m| m.to_string()),
                o.solutions.as_ref().map_or("—".into(), |c| c.to_string())
            );
            t.push(vec![
                Cell::from(format!("{id}.{func}")),
                Cell::from(o.n),
                Cell::from(alg),
                Cell::from(o.minimum),
                Cell::from(o.solutions.clone()),
            ]);
        }
        s.push('\n');
    }
    b.table("search", t);

    // State-graph facts of the classic puzzle (Wikipedia, 001_f2dd7c3193aeec0c.txt: 3^n
    // states, three corners of degree 2, diameter 2^n - 1) and the three-in-a-row path.
    s.push_str("## State graphs\n\n| puzzle | n | states | diameter | states of degree 2 | largest degree | Wiener index |\n|---|---|---|---|---|---|---|\n");
    for (id, func, n_max) in [("classic", "T", 6i64), ("fancy", "F", 6)] {
        let v = Variant::builtin(id).map_err(err)?;
        for n in 1..=n_max {
            let p = v.puzzle(func, n, &Params::new()).map_err(err)?;
            let g = state_graph(&p, 1 << 16).map_err(err)?;
            let deg2 = (0..g.len()).filter(|&i| g.degree(i) == 2).count();
            let maxdeg = (0..g.len()).map(|i| g.degree(i)).max().unwrap_or(0);
            let _ = writeln!(
                s,
                "| {id} | {n} | {} | {} | {deg2} | {maxdeg} | {} |",
                g.len(),
                g.diameter().map_or("—".into(), |d| d.to_string()),
                g.wiener_index().map_or("—".into(), |w| w.to_string())
            );
        }
    }
    s.push_str("\nFor three pins in a row (`fancy`, Sniedovich's max version) every state has degree at most 2 and the graph is connected with 3^n states: it is a path, so the longest solution that never repeats a configuration has 3^n - 1 moves.\n\n");

    let mut c = LineChart::new(
        "Search: states at each distance from the start",
        "distance (moves)",
        "states (log scale)",
    );
    c.log_y = true;
    for (id, func, n) in [
        ("classic", "T", 8i64),
        ("reves", "FS", 8),
        ("cyclic4", "N", 7),
        ("four-in-a-row", "R", 7),
    ] {
        let v = Variant::builtin(id).map_err(err)?;
        let p = v.puzzle(func, n, &Params::new()).map_err(err)?;
        let r = search(
            &p,
            &SearchOptions {
                explore_all: true,
                threads: 1,
                memory_limit: SearchBudget::REPORT.memory,
                ..Default::default()
            },
        )
        .map_err(err)?;
        let pts = r
            .layers
            .iter()
            .enumerate()
            .map(|(d, &k)| (d as f64, k as f64))
            .collect();
        c.series.push(Series::new(format!("{id}, n = {n}"), pts));
    }
    b.chart("search-layers", c);
    let _ = writeln!(s, "![layers]({})", Bundle::chart_link("search-layers"));
    b.page("search.md", s);
    Ok(())
}

/// Terms of a HanoiVar target shown in `reports/hanoivar.md`.
const HANOIVAR_TERMS: i64 = 10;

/// `reports/hanoivar.md`: one row per HanoiVar menu entry — its variant function, the rules,
/// the first counts, the search optimum, and Lunnon's Table-of-times row beside ours.
fn hanoivar_part(
    b: &mut Bundle,
    facts: &[VariantFacts],
    claims: &[CheckedClaim],
) -> Result<(), ReportError> {
    use crate::literature::claims::{builtin_claims, ClaimKind};
    let solvers = crate::variants::hanoivar::solvers().map_err(err)?;
    let raw = builtin_claims().map_err(err)?;
    // Lunnon's Table of times: (claim id, target, printed rows, parameters).
    type TableRow = (String, String, Vec<(i64, String)>, Params);
    let table_rows: Vec<TableRow> = raw
        .iter()
        .filter(|c| c.file == "hanoilib" && c.section == "Table of times")
        .filter_map(|c| match &c.kind {
            ClaimKind::Table {
                target,
                rows,
                params,
            } => Some((
                format!("{}/{}", c.file, c.id),
                target.clone(),
                rows.clone(),
                params.clone(),
            )),
            _ => None,
        })
        .collect();
    let mut s = String::from("# Lunnon's HanoiVar solvers\n\nThe 36 menu entries of Lunnon's applet HanoiVar (`data/hanoivar.toml`, described in `docs/hanoivar.md`), each with the variant function that makes the same moves. `first counts` are exact counts of our function from its smallest n; `optimal?` compares them with breadth-first search for every n within the report's budget; `Lunnon's Table of times` is his printed row (HanoiLib.java, \"Table of times\") and whether every printed value equals our count.\n\n");
    s.push_str("| HanoiVar | hanoilab | rules | first counts | optimal? | Lunnon's Table of times | agrees? |\n|---|---|---|---|---|---|---|\n");
    for sv in solvers {
        let Some(target) = &sv.target else {
            let _ = writeln!(
                s,
                "| {} | — | — | — | — | — | not implemented: {} |",
                sv.name,
                md_cell(sv.reason.as_deref().unwrap_or("no target"))
            );
            continue;
        };
        let (vid, fname) = target.split_once('.').unwrap_or((target.as_str(), ""));
        let fact = facts.iter().find(|f| f.variant.id == vid);
        let j = fact.and_then(|f| f.variant.functions().iter().position(|x| x.name == fname));
        let (rules, terms, optimal) = match (fact, j) {
            (Some(f), Some(j)) => {
                let terms: Vec<String> = f
                    .counts
                    .iter()
                    .filter_map(|(n, row)| {
                        (*n <= HANOIVAR_TERMS)
                            .then(|| row[j].as_ref().map(|v| v.to_string()))
                            .flatten()
                    })
                    .collect();
                let first = f
                    .counts
                    .iter()
                    .find(|(_, row)| row[j].is_some())
                    .map(|(n, _)| *n)
                    .unwrap_or(0);
                (
                    f.variant.summary.clone(),
                    format!("n = {first}..: {}", terms.join(", ")),
                    optimality(f, j),
                )
            }
            _ => ("—".into(), "—".into(), "—".into()),
        };
        let mut lunnon = Vec::new();
        let mut agree = Vec::new();
        for (id, _, rows, params) in table_rows.iter().filter(|r| &r.1 == target) {
            let printed: Vec<&str> = rows.iter().map(|(_, v)| v.as_str()).collect();
            let (lo, hi) = (
                rows.first().map(|r| r.0).unwrap_or(0),
                rows.last().map(|r| r.0).unwrap_or(0),
            );
            lunnon.push(format!("n = {lo}..{hi}: {}", printed.join(", ")));
            let mut verdict = format!("agrees at n = {lo}..{hi}");
            for (n, v) in rows {
                let ours = fact.and_then(|f| f.variant.count(fname, *n, params).ok());
                let theirs = v.replace(',', "").parse::<BigInt>().ok();
                if ours.is_none() || ours != theirs {
                    verdict = format!(
                        "**differs at n = {n}**: printed {v}, ours {}",
                        ours.map(|x| x.to_string()).unwrap_or_else(|| "—".into())
                    );
                    break;
                }
            }
            let checked = claims
                .iter()
                .find(|c| &c.id == id)
                .map(|c| format!(" (claim {id}: {})", verdict_text(c)))
                .unwrap_or_default();
            agree.push(format!("{verdict}{checked}"));
        }
        let lunnon = if lunnon.is_empty() {
            "not in the Table".to_string()
        } else {
            lunnon.join("; ")
        };
        let agree = if agree.is_empty() {
            "—".to_string()
        } else {
            agree.join("; ")
        };
        let _ = writeln!(
            s,
            "| {} | [{target}]({vid}.md) | {} | {} | {} | {} | {} |",
            sv.name,
            md_cell(&rules),
            terms,
            md_cell(&optimal),
            lunnon,
            md_cell(&agree)
        );
    }
    s.push_str("\nBack to the [report index](README.md).\n");
    b.page("hanoivar.md", s);
    Ok(())
}

/// The HanoiVar menu entries implemented by functions of `variant`, as a line for its page.
fn hanoivar_line(variant: &str) -> String {
    let names: Vec<String> = crate::variants::hanoivar::solvers()
        .map(|all| {
            all.iter()
                .filter(|sv| {
                    sv.target
                        .as_deref()
                        .and_then(|t| t.split_once('.'))
                        .is_some_and(|(v, _)| v == variant)
                })
                .map(|sv| format!("`{}` ({})", sv.name, sv.target.as_deref().unwrap_or("")))
                .collect()
        })
        .unwrap_or_default();
    if names.is_empty() {
        "\nLunnon's HanoiVar menu has no entry for this variant ([all entries](hanoivar.md)).\n"
            .to_string()
    } else {
        format!(
            "\nLunnon's HanoiVar menu entries played by this variant: {} ([all entries](hanoivar.md)).\n",
            names.join(", ")
        )
    }
}

/// Runs `f` on every job with `threads` workers sharing one queue; the results come back in
/// job order (deterministic whatever the timing).
fn run_in_parallel<J: Sync, T: Send>(
    jobs: &[J],
    threads: usize,
    f: impl Fn(&J) -> T + Sync,
) -> Vec<T> {
    use std::sync::atomic::{AtomicUsize, Ordering};
    let next = AtomicUsize::new(0);
    let mut out: Vec<(usize, T)> = std::thread::scope(|s| {
        let workers: Vec<_> = (0..threads.max(1))
            .map(|_| {
                s.spawn(|| {
                    let mut mine = vec![];
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        let Some(job) = jobs.get(i) else { break };
                        mine.push((i, f(job)));
                    }
                    mine
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|w| w.join().expect("a report worker does not panic"))
            .collect()
    });
    out.sort_by_key(|(i, _)| *i);
    out.into_iter().map(|(_, t)| t).collect()
}

/// Computes the whole report in memory. `progress` is told what is being done.
pub fn build(opts: &ReportOptions, progress: &mut dyn FnMut(&str)) -> Result<Bundle, ReportError> {
    let mut b = Bundle::default();
    // The literature check and the variants are independent jobs, run on every core by a
    // shared queue (each worker takes the next job when it is done, so a few heavy claims do
    // not hold up the rest). Results come back in job order, so the output does not depend
    // on timing.
    let ids = builtin_ids();
    progress("literature and variants (in parallel)");
    enum Job<'a> {
        Variant(&'a str),
        Claim(&'a crate::literature::Claim),
    }
    enum Done {
        Variant(Box<Result<VariantFacts, ReportError>>),
        Claim(Box<CheckedClaim>),
    }
    let claim_list = crate::literature::builtin_claims();
    let mut jobs: Vec<Job> = ids.iter().map(|id| Job::Variant(id)).collect();
    if let Ok(list) = &claim_list {
        jobs.extend(list.iter().map(Job::Claim));
    }
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get().min(8));
    let done = run_in_parallel(&jobs, threads, |job| match job {
        Job::Variant(id) => Done::Variant(Box::new(gather(id, opts))),
        Job::Claim(c) => Done::Claim(Box::new(crate::literature::check_claim(c))),
    });
    let mut gathered = vec![];
    let mut claims = vec![];
    for d in done {
        match d {
            Done::Variant(f) => gathered.push(*f),
            Done::Claim(c) => claims.push(*c),
        }
    }
    if claim_list.is_err() {
        // The files do not load: one entry saying so, as `check_all` reports it.
        claims = crate::literature::check_all();
    }
    let mut facts = Vec::new();
    for (id, f) in ids.iter().zip(gathered) {
        progress(id);
        let f = f?;
        let table = count_table(&f);
        let ratio = ratio_chart(&f);
        let mine: Vec<&CheckedClaim> = claims
            .iter()
            .filter(|c| c.variant.as_deref() == Some(id))
            .collect();
        b.page(
            &format!("{id}.md"),
            variant_page(&f, &table, ratio.is_some(), &mine)?,
        );
        b.chart(&format!("{id}-counts"), variant_chart(&f));
        if let Some(c) = ratio {
            b.chart(&format!("{id}-ratio"), c);
        }
        b.table(id, table);
        facts.push(f);
    }
    progress("frame-stewart");
    frame_stewart_part(&mut b)?;
    progress("star");
    star_part(&mut b)?;
    progress("reversi frame-type");
    reversi_frame_part(&mut b)?;
    b.chart("growth", growth_chart(&facts));
    literature_part(&mut b, &claims);
    progress("search tables");
    search_part(&mut b, &facts)?;
    progress("hanoivar");
    hanoivar_part(&mut b, &facts, &claims)?;
    let mut summary = Table::new(&[
        "variant",
        "rules",
        "growth",
        "charpoly",
        "optimal",
        "simulated",
        "claims",
    ]);
    for row in summary_rows(&facts, &claims) {
        summary.push(row.iter().map(|x| Cell::from(x.as_str())).collect());
    }
    b.table("summary", summary);
    // The report replaces data/tables/ as a whole, so the description of its files is part
    // of the report too (a hand-placed file would be removed by the next run).
    b.table_files
        .insert("README.md".into(), include_str!("tables_readme.md").into());
    b.page("README.md", index_page(&facts, &claims));
    Ok(b)
}

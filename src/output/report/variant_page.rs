//! One page per variant: counts, simulation, algebra, search, claims, charts.

use super::*;

pub(super) fn count_table(f: &VariantFacts) -> Table {
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

pub(super) fn simulation_section(f: &VariantFacts) -> String {
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

pub(super) fn algebra_section(f: &VariantFacts, has_ratio: bool) -> String {
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

pub(super) fn dominant_cells(c: &ComponentReport) -> (String, String, String) {
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
pub(super) fn ratio_chart(f: &VariantFacts) -> Option<LineChart> {
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
pub(super) fn leading_decimal(text: &str) -> Result<f64, std::num::ParseFloatError> {
    let t: String = text
        .trim()
        .chars()
        .take_while(|c| c.is_ascii_digit() || *c == '.' || *c == '-' || *c == 'e')
        .collect();
    t.parse()
}

/// Per function: "optimal for n <= X" or the first n where search beats the algorithm.
pub(super) fn optimality(f: &VariantFacts, j: usize) -> String {
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

pub(super) fn search_section(f: &VariantFacts) -> String {
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
                crate::output::table::shorten(&counts.join(", "), 160)
            }
        );
    }
    s.push('\n');
    s
}

pub(super) fn claims_section(claims: &[&CheckedClaim]) -> String {
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

pub(super) fn verdict_cell(v: VerdictKind) -> String {
    match v {
        VerdictKind::Fails => "**fails**".into(),
        VerdictKind::HoldsAfterCorrection => "**holds after correction**".into(),
        v => v.name().replace('-', " "),
    }
}

/// A claim's verdict with its range, for a table cell: `holds for n = 1..10`, `proved for
/// every n >= 0`.
pub(super) fn verdict_text(c: &CheckedClaim) -> String {
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
pub(super) fn detail_text(c: &CheckedClaim) -> String {
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
pub(super) fn md_cell(t: &str) -> String {
    t.replace('|', "\\|").replace('\n', " ")
}

pub(super) fn variant_page(
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

pub(super) fn variant_chart(f: &VariantFacts) -> LineChart {
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
pub(super) fn to_f64(v: &BigInt) -> f64 {
    v.to_f64().unwrap_or(f64::INFINITY)
}

//! The commands backed by the variant engine: list, show, nth, table, simulate.

use super::args::Format;
use super::common::{check_digits, emit, json, print_integer, render_table, resolve, Target};
use super::validate::{parse_n, parse_range};
use super::CliError;
use crate::algebra::digits::rounded_log10;
use crate::facts::{count_rows, SearchBudget};
use crate::output::{Cell, Table};
use crate::variants::alternatives::run_alternative;
use crate::variants::{builtin_ids, Variant};
use num_bigint::BigInt;

/// `hanoilab list`.
pub fn list(format: Format) -> Result<(), CliError> {
    let mut table = Table::new(&["id", "description"]);
    for id in builtin_ids() {
        let v = Variant::builtin(id).map_err(|e| CliError::input(e.to_string()))?;
        table.push(vec![Cell::from(id), Cell::from(v.summary.as_str())]);
    }
    let text = match format {
        Format::Human => {
            let w = table
                .rows
                .iter()
                .map(|r| r[0].text().len())
                .max()
                .unwrap_or(0);
            table
                .rows
                .iter()
                .map(|r| format!("{:<w$}  {}\n", r[0].text(), r[1].text()))
                .collect()
        }
        f => render_table(&table, f)?,
    };
    emit(&text)?;
    Ok(())
}

/// `hanoilab list --hanoivar`: Lunnon's HanoiVar names, their variant functions and comments.
pub fn list_hanoivar(format: Format) -> Result<(), CliError> {
    let solvers =
        crate::variants::hanoivar::solvers().map_err(|e| CliError::failure(e.to_string()))?;
    let mut table = Table::new(&["hanoivar", "target", "lunnon_comment"]);
    for s in solvers {
        let target = match (&s.target, &s.reason) {
            (Some(t), _) => match &s.algorithm {
                Some(a) => format!("{t} --algorithm {a}"),
                None => t.clone(),
            },
            (None, r) => format!("not implemented: {}", r.as_deref().unwrap_or("")),
        };
        table.push(vec![
            Cell::from(s.name.as_str()),
            Cell::from(target.as_str()),
            Cell::from(s.comment.as_str()),
        ]);
    }
    let text = match format {
        Format::Human => {
            let w0 = solvers.iter().map(|s| s.name.len()).max().unwrap_or(0);
            let w1 = solvers
                .iter()
                .filter_map(|s| s.target.as_ref().map(|t| t.len()))
                .max()
                .unwrap_or(0);
            solvers
                .iter()
                .map(|s| match &s.target {
                    Some(t) => format!("{:<w0$}  {t:<w1$}  {}\n", s.name, s.comment),
                    None => format!(
                        "{:<w0$}  {:<w1$}  {}\n{:<w0$}  not implemented: {}\n",
                        s.name,
                        "-",
                        s.comment,
                        "",
                        s.reason.as_deref().unwrap_or("")
                    ),
                })
                .collect()
        }
        f => render_table(&table, f)?,
    };
    emit(&text)?;
    Ok(())
}

/// A serialisable description of a variant for `show`.
#[derive(serde::Serialize)]
struct Shown<'a> {
    id: &'a str,
    title: &'a str,
    summary: &'a str,
    source: &'a str,
    functions: Vec<(String, String)>,
    /// (function, algorithm) for every alternative algorithm the variant file names.
    alternatives: Vec<(String, &'static crate::variants::alternatives::Algorithm)>,
    program: &'a str,
    transfer_system: Option<crate::program::TransferSystem>,
    /// The parameters the rules and problems are given for (`pins` included).
    parameters: std::collections::BTreeMap<String, i64>,
    rules: crate::variants::RulesDescription,
    /// Every function's call, start and goal, in file order.
    problems: Vec<crate::variants::ProblemDescription>,
}

/// A function's call, start and goal as sub-items of its line in `show`.
fn problem_lines(p: &crate::variants::ProblemDescription) -> String {
    let stacks = |pins: &[usize]| match pins {
        [one] => format!("the tower on pin {one}"),
        many => many
            .iter()
            .enumerate()
            .map(|(s, pin)| format!("stack {s} on pin {pin}"))
            .collect::<Vec<_>>()
            .join(", "),
    };
    // The example configurations: each pin's discs in brackets, bottom to top.
    let example = |pins: &[String]| {
        pins.iter()
            .map(|d| format!("[{}]", d.trim_start_matches('-')))
            .collect::<Vec<_>>()
            .join(" ")
    };
    let mut out = if p.call.is_empty() {
        "  - call: none (no program: the puzzle is searched only)".to_string()
    } else {
        format!("  - call: `{}`", p.call)
    };
    if p.n_min > 0 {
        out.push_str(&format!(" (n >= {})", p.n_min));
    }
    out.push_str(&format!(
        "\n  - start: {}; colours: {}; at n = {}: {}\n  - goal: {}; colours: {}; at n = {}: {}{}\n",
        stacks(&p.start),
        p.start_colours,
        p.example_n,
        example(&p.example_start),
        stacks(&p.goal),
        p.goal_colours,
        p.example_n,
        example(&p.example_goal),
        match p.goal_match {
            "sizes" =>
                " (reached when every pin holds the goal's sizes, equal discs interchangeable)",
            _ => "",
        }
    ));
    if let Some(b) = &p.bases {
        out.push_str(&format!("  - bases: {b}\n"));
    }
    out
}

/// `hanoilab show`.
pub fn show(variant: &str, params: &[String], format: Format) -> Result<(), CliError> {
    let t = resolve(variant, params)?;
    let v = &t.variant;
    let system = v
        .transfer_system(&t.params)
        .map_err(|e| CliError::input(e.to_string()))?;
    let cited = crate::literature::cite_documents(&v.source);
    let input = |e: crate::variants::VariantError| CliError::input(e.to_string());
    let rules = v.describe_rules(&t.params).map_err(input)?;
    let problems = v.problems(&t.params).map_err(input)?;
    let parameters = v
        .resolve_params(&t.params)
        .map_err(input)?
        .into_iter()
        .collect();
    let shown = Shown {
        id: &v.id,
        title: &v.title,
        summary: &v.summary,
        source: &cited,
        functions: v
            .functions()
            .iter()
            .map(|f| (f.name.clone(), f.summary.clone()))
            .collect(),
        alternatives: v
            .functions()
            .iter()
            .flat_map(|f| {
                f.alternatives.iter().filter_map(|a| {
                    crate::variants::alternatives::algorithm(a).map(|alg| (f.name.clone(), alg))
                })
            })
            .collect(),
        program: &v.program_text,
        transfer_system: system,
        parameters,
        rules,
        problems,
    };
    if format == Format::Json {
        emit(&json(&shown))?;
        return Ok(());
    }
    let mut out = format!(
        "# {} (`{}`)\n\n{}\n\nSource: {}\n\n",
        v.title,
        v.id,
        v.summary,
        crate::literature::cite_documents(&v.source)
    );
    if !shown.parameters.is_empty() {
        let ps: Vec<String> = shown
            .parameters
            .iter()
            .map(|(k, x)| format!("{k} = {x}"))
            .collect();
        out.push_str(&format!("Parameters: {}\n\n", ps.join(", ")));
    }
    out.push_str("## Rules\n\n");
    for line in &shown.rules.lines {
        out.push_str(&format!("- {line}\n"));
    }
    out.push_str("\n## Functions\n\n");
    for ((name, summary), p) in shown.functions.iter().zip(&shown.problems) {
        out.push_str(&format!("- `{}.{name}`: {summary}\n", v.id));
        out.push_str(&problem_lines(p));
    }
    if !shown.alternatives.is_empty() {
        out.push_str("\n## Alternative algorithms (`simulate --algorithm NAME`)\n\n");
        for (f, a) in &shown.alternatives {
            out.push_str(&format!(
                "- `{}.{f} --algorithm {}`: {} ({})\n",
                v.id, a.name, a.summary, a.source
            ));
        }
    }
    out.push_str(&v.program_section(""));
    match &shown.transfer_system {
        Some(s) => out.push_str(&format!("\n## Transfer system\n\n{}\n", s.to_markdown())),
        None => out.push_str(
            "\n## Counts\n\nNo transfer matrix: counts are memoised per (procedure, size).\n",
        ),
    }
    emit(&out)?;
    Ok(())
}

/// Most moves `simulate --trace --format json` collects in memory.
pub const MAX_JSON_TRACE: u64 = 10_000_000;

/// The limits of `simulate`.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// `--max-moves`.
    pub max_moves: u64,
    /// `--max-digits`.
    pub max_digits: u64,
}

/// `hanoilab nth` for a variant function.
pub fn nth(
    target: &str,
    n: &str,
    params: &[String],
    max_digits: u64,
    format: Format,
) -> Result<(), CliError> {
    let n = parse_n("N", n)?;
    let t = resolve(target, params)?;
    check_digits(
        &format!("{}.{} n = {n}", t.variant.id, t.function),
        &t,
        std::slice::from_ref(&t.function),
        n,
        n,
        max_digits,
    )?;
    let value = t
        .variant
        .count(&t.function, n as i64, &t.params)
        .map_err(|e| CliError::input(e.to_string()))?;
    print_integer(&value, format)?;
    Ok(())
}

/// `hanoilab nth --log10` / `--digits K`: what can be said of an answer too large to print
/// ([`Variant::count_digits`]): exact when the answer has at most `max_digits` digits,
/// else certified from the transfer system.
pub fn nth_digits(
    target: &str,
    n: &str,
    params: &[String],
    max_digits: u64,
    log10: bool,
    digits: Option<u64>,
    format: Format,
) -> Result<(), CliError> {
    let n = parse_n("N", n)?;
    let t = resolve(target, params)?;
    let what = format!("{}.{} n = {n}", t.variant.id, t.function);
    let Some(d) = t
        .variant
        .count_digits(&t.function, n, &t.params, max_digits, digits)
        .map_err(|e| CliError::input(e.to_string()))?
    else {
        // Not counted by a transfer system: the ordinary refusal by size.
        return Err(check_digits(
            &what,
            &t,
            std::slice::from_ref(&t.function),
            n,
            n,
            max_digits,
        )
        .err()
        .unwrap_or_else(|| CliError::input(format!("{what}: too large"))));
    };
    let mut fields: Vec<(&str, serde_json::Value)> = Vec::new();
    let mut lines: Vec<String> = Vec::new();
    if log10 {
        match (d.log10, d.exact) {
            (Some((x, err)), _) => push_log10(&mut lines, &mut fields, x, err),
            (None, true) => {
                lines.push("log10: undefined (the answer is 0)".into());
                fields.push(("log10", serde_json::Value::Null));
            }
            (None, false) => {
                lines.push("log10: not certified (the transfer system has negative entries or the bound failed)".into());
                fields.push(("log10", serde_json::Value::Null));
            }
        }
    }
    if let Some(k) = digits {
        if d.exact {
            let last = d.last.unwrap_or_default();
            lines.push(format!("digits: {}", d.digits.unwrap_or_default()));
            lines.push(format!("leading {}: {}", d.leading.len(), d.leading));
            lines.push(format!("last {}: {last}", last.len()));
            fields.push(("digits", d.digits.unwrap_or_default().into()));
            fields.push(("leading", d.leading.into()));
            fields.push(("last", last.into()));
        } else {
            if d.log10.is_some() {
                if let Some(count) = d.digits {
                    lines.push(format!("digits: {count}"));
                    fields.push(("digits", count.into()));
                }
                lines.push(format!(
                    "leading {} (certified; {k} asked): {}",
                    d.leading.len(),
                    d.leading
                ));
                fields.push(("leading", d.leading.into()));
            }
            let last = d
                .last
                .ok_or_else(|| CliError::input(format!("{what}: no last digits")))?;
            lines.push(format!("last {k}: {last}"));
            fields.push(("last", last.into()));
        }
    }
    match format {
        Format::Json => {
            let map: serde_json::Map<String, serde_json::Value> = fields
                .into_iter()
                .map(|(a, b)| (a.to_string(), b))
                .collect();
            emit(&json(&map))
        }
        _ => emit(&lines.join("\n")),
    }
}

/// Prints log10 with as many decimals as the bound allows, and the bound.
fn push_log10(
    lines: &mut Vec<String>,
    fields: &mut Vec<(&str, serde_json::Value)>,
    x: f64,
    err: f64,
) {
    let (text, bound) = rounded_log10(x, err);
    lines.push(format!("log10: {text} (error at most {bound:.2e})"));
    fields.push(("log10", text.into()));
    fields.push(("log10_error", format!("{bound:.2e}").into()));
}

/// Most moves `table` simulates, all rows together; rows past it have an empty cell.
pub const SIMULATION_LIMIT: u64 = 50_000_000;

/// `hanoilab table`.
pub fn table(
    target: &str,
    range: &str,
    params: &[String],
    simulate: bool,
    max_digits: u64,
    format: Format,
) -> Result<(), CliError> {
    let (a, b) = parse_range("--n", range)?;
    let t = resolve(target, params)?;
    let functions = table_functions(&t);
    check_digits(
        &format!("table {} --n {a}..{b}", t.variant.id),
        &t,
        &functions,
        a,
        b,
        max_digits,
    )?;
    // A memoised recursion too large at either end is refused before any row is counted
    // (a row's error would otherwise only leave its cell empty).
    for f in &functions {
        for n in [a, b] {
            if let Some(e) = t.variant.memo_refusal(f, n as i64, &t.params) {
                return Err(CliError::input(e.to_string()));
            }
        }
    }
    let table = count_table(&t, a, b, simulate)?;
    let mut text = render_table(&table, format)?;
    // The simulated and optimum columns are of one function: said where it is not plain.
    let own: Vec<&str> = table
        .columns
        .iter()
        .map(String::as_str)
        .filter(|c| c.ends_with(&format!("({})", t.function)))
        .collect();
    match format {
        Format::Json => {
            if let Ok(serde_json::Value::Object(mut o)) = serde_json::from_str(&text) {
                o.insert("function".into(), t.function.clone().into());
                text = json(&serde_json::Value::Object(o));
            }
        }
        Format::Human | Format::Md if functions.len() > 1 => {
            text.push_str(&format!(
                "\n{}: of {} only, the variant's default function (name VARIANT.FUNCTION for \
                 another)\n",
                own.join(" and "),
                t.function
            ));
        }
        _ => {}
    }
    emit(&text)?;
    Ok(())
}

/// The functions a table shows: the named one when explicit, else all.
fn table_functions(t: &Target) -> Vec<String> {
    if t.explicit {
        vec![t.function.clone()]
    } else {
        t.variant
            .functions()
            .iter()
            .map(|f| f.name.clone())
            .collect()
    }
}

/// The table of counts ([`crate::facts::count_table`]): `n`, one column per function (only
/// the named one when explicit), `simulated(F)` (the named or default function F played
/// under the rules; absent when `simulate` is false) and `optimum(F)` (its problem's
/// optimum) where a search fits [`SearchBudget::TABLE`].
pub fn count_table(t: &Target, a: u64, b: u64, simulate: bool) -> Result<Table, CliError> {
    let functions = table_functions(t);
    let rows = count_rows(
        &t.variant,
        &functions,
        &t.function,
        &t.params,
        a..=b,
        simulate.then_some(SIMULATION_LIMIT),
        &SearchBudget::TABLE,
    );
    let mut table = crate::facts::count_table(&functions, &t.function, &rows, false);
    if !simulate {
        let simulated = format!("simulated({})", t.function);
        if let Some(j) = table.column_index(&simulated) {
            table.columns.remove(j);
            for row in &mut table.rows {
                row.remove(j);
            }
        }
    }
    Ok(table)
}

/// `hanoilab simulate`.
pub fn simulate(
    target: &str,
    n: &str,
    algorithm: Option<&str>,
    trace: bool,
    params: &[String],
    limits: Limits,
    format: Format,
) -> Result<(), CliError> {
    let n = parse_n("-n", n)?;
    let t = resolve(target, params)?;
    let v = &t.variant;
    let what = format!("simulate {}.{} n = {n}", v.id, t.function);
    // Sizes first: the move count (exact, cheap once its size is known) against the limits.
    check_digits(
        &what,
        &t,
        std::slice::from_ref(&t.function),
        n,
        n,
        limits.max_digits,
    )?;
    let expected = v
        .count(&t.function, n as i64, &t.params)
        .map_err(|e| CliError::input(e.to_string()))?;
    let max_moves = if trace && format == Format::Json {
        limits.max_moves.min(MAX_JSON_TRACE)
    } else {
        limits.max_moves
    };
    if expected > BigInt::from(max_moves) {
        let flag = if max_moves < limits.max_moves {
            format!("{MAX_JSON_TRACE} moves for a JSON trace (held in memory)")
        } else {
            format!("--max-moves {max_moves}")
        };
        return Err(CliError::input(format!(
            "{what}: the program makes {} moves (its exact count, nothing simulated), more than \
             {flag}; raise --max-moves to simulate anyway",
            if expected.bits() > 64 {
                use num_traits::ToPrimitive;
                match expected.to_f64() {
                    Some(x) if x.is_finite() => format!("about {x:.3e}"),
                    _ => format!("about 2^{}", expected.bits()),
                }
            } else {
                expected.to_string()
            }
        )));
    }
    // `--algorithm`, or the iterative solver a HanoiVar name (`Reversi_P`) stands for.
    if let Some(name) = algorithm.or(t.algorithm.as_deref()) {
        return simulate_alternative(&t, n, name, format);
    }
    let bar = (super::progress::notes() && expected > BigInt::from(1u64 << 24)).then(|| {
        let total = u64::try_from(&expected).unwrap_or(u64::MAX);
        let pb = indicatif::ProgressBar::new(total);
        pb.set_style(
            indicatif::ProgressStyle::with_template(
                "{bar:40} {pos}/{len} moves ({per_sec}, eta {eta})",
            )
            .expect("valid template"),
        );
        pb
    });
    // The JSON trace is collected (at most MAX_JSON_TRACE moves); the text trace streams.
    let mut traced = String::new();
    let mut stream = std::io::BufWriter::new(std::io::stdout().lock());
    let mut write_error: Option<std::io::Error> = None;
    let json_trace = format == Format::Json;
    // The CSV trace: one row per move, the disc as the id the tower gives it (0 the largest).
    let csv_trace = trace && format == Format::Csv;
    if csv_trace {
        use std::io::Write;
        if let Err(e) = writeln!(stream, "move,disc,from,to") {
            write_error = Some(e);
        }
    }
    let mut progress = |k: u64| {
        if let Some(pb) = &bar {
            pb.set_position(k);
        }
    };
    let mut observer = |k: u64, m: crate::puzzle::Move, tower: &crate::puzzle::Tower| {
        if json_trace {
            traced.push_str(&format!("{k}: {} -> {}\n", m.from, m.to));
        } else if write_error.is_none() {
            use std::io::Write;
            let written = if csv_trace {
                // After the move the disc moved is the top of its destination.
                let disc = tower.pins[m.to as usize]
                    .last()
                    .copied()
                    .unwrap_or_default();
                writeln!(stream, "{k},{disc},{},{}", m.from, m.to)
            } else {
                writeln!(stream, "{k}: {} -> {}", m.from, m.to)
            };
            if let Err(e) = written {
                write_error = Some(e);
            }
        }
    };
    let mut opts = crate::puzzle::SimulateOptions {
        progress: Some(&mut progress),
        ..Default::default()
    };
    if trace {
        opts.observer = Some(&mut observer);
    }
    let result = v.simulate_with(&t.function, n as i64, &t.params, opts);
    if let Some(pb) = &bar {
        pb.finish_and_clear();
    }
    {
        use std::io::Write;
        if let Some(e) = write_error.take().or_else(|| stream.flush().err()) {
            return Err(CliError::from_write(e));
        }
    }
    drop(stream);
    let report =
        result.map_err(|e| CliError::input(format!("{}.{} n = {n}: {e}", v.id, t.function)))?;
    let agrees = BigInt::from(report.moves) == expected;
    match format {
        Format::Json => emit(&json(&serde_json::json!({
            "variant": v.id, "function": t.function, "n": n,
            "moves": report.moves.to_string(), "goal_reached": report.goal_reached,
            "recurrence": expected.to_string(), "agrees": agrees,
            "trace": if trace { Some(traced.lines().collect::<Vec<_>>()) } else { None },
        })))?,
        // The rows are the output; a disagreement is the error below.
        Format::Csv => {}
        _ => {
            emit(&format!(
                "{}.{} n = {n}: {}; recurrence gives {expected}{}",
                v.id,
                t.function,
                report.to_markdown(),
                if agrees { " (agrees)" } else { " (DISAGREES)" }
            ))?;
        }
    }
    if agrees {
        Ok(())
    } else {
        Err(CliError::input(format!(
            "simulated {} moves but the recurrence gives {expected}",
            report.moves
        )))
    }
}

/// `simulate --algorithm NAME`: a seed's alternative algorithm played under the variant's
/// rules and compared move for move with the recursion program.
fn simulate_alternative(t: &Target, n: u64, name: &str, format: Format) -> Result<(), CliError> {
    if format == Format::Csv {
        return Err(CliError::input(
            "--format csv (the trace) is not available with --algorithm: use human or json",
        ));
    }
    let r = run_alternative(&t.variant, &t.function, n, &t.params, name)
        .map_err(|e| CliError::input(e.to_string()))?;
    match format {
        Format::Json => emit(&json(&serde_json::json!({
            "variant": t.variant.id, "function": t.function, "algorithm": name, "n": n,
            "moves": r.report.moves.to_string(), "goal_reached": r.report.goal_reached,
            "identical_to_program": r.first_difference.is_none(),
            "first_difference": r.first_difference,
        }))),
        _ => emit(&format!(
            "{}.{} n = {n}, algorithm {name}: {}; {}",
            t.variant.id,
            t.function,
            r.report.to_markdown(),
            match r.first_difference {
                None => "identical to the recursion program move for move".to_string(),
                Some(i) => format!("differs from the recursion program at move {i}"),
            }
        )),
    }
}

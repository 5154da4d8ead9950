//! The commands backed by the variant engine: list, show, nth, table, simulate.

use super::args::Format;
use super::validate::{parse_n, parse_params, parse_range, split_target};
use super::CliError;
use crate::facts::{count_rows, SearchBudget};
use crate::output::{Cell, Table};
use crate::variants::{builtin_ids, Params, Variant};
use num_bigint::BigInt;
use std::io::IsTerminal;

/// A variant and the function a target names (its default function for a bare id).
pub struct Target {
    /// The loaded variant.
    pub variant: Variant,
    /// The function name (always resolved).
    pub function: String,
    /// Whether the user named the function explicitly.
    pub explicit: bool,
    /// Parameters other than n.
    pub params: Params,
}

/// Resolves `VARIANT[.FUNCTION]` and `--param` values.
#[allow(clippy::result_large_err)] // variant errors carry file positions; they are rare
pub fn resolve(target: &str, params: &[String]) -> Result<Target, CliError> {
    let params = parse_params(params)?;
    // A HanoiVar menu name (`Reversi_A`, case-insensitive) stands for its variant function.
    let alias = crate::variants::hanoivar::alias(target)
        .map_err(|e| CliError::input(e.to_string()))?
        .map(|a| format!("{}.{}", a.variant, a.function));
    let target = alias.as_deref().unwrap_or(target);
    let (id, function) = split_target(target);
    let variant = Variant::load(&id).or_else(|e| {
        // A bare id containing a dot that is not VARIANT.FUNCTION (e.g. a path) is retried whole.
        if function.is_some() {
            Variant::load(target).map_err(|_| e)
        } else {
            Err(e)
        }
    });
    let (variant, function) = match variant {
        Ok(v) => (v, function),
        Err(e) => return Err(CliError::input(e.to_string())),
    };
    let explicit = function.is_some();
    let function = match function {
        Some(f) => {
            variant
                .function(&f)
                .map_err(|e| CliError::input(e.to_string()))?;
            f
        }
        None => variant.default_function().name.clone(),
    };
    variant
        .resolve_params(&params)
        .map_err(|e| CliError::input(e.to_string()))?;
    Ok(Target {
        variant,
        function,
        explicit,
        params,
    })
}

/// Prints text to stdout (with a final newline). All of the command line's output goes
/// through here (never `println!`, which panics): a closed pipe (`| head`) ends the
/// command quietly with exit status 0, any other write error (a full disk) is a failure.
pub fn emit(text: &str) -> Result<(), CliError> {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    let mut r = out.write_all(text.as_bytes());
    if r.is_ok() && !text.ends_with('\n') {
        r = out.write_all(b"\n");
    }
    r.and_then(|()| out.flush()).map_err(CliError::from_write)
}

/// Serialises to pretty JSON.
pub fn json<T: serde::Serialize>(value: &T) -> String {
    serde_json::to_string_pretty(value).expect("serialisable")
}

/// Renders a table in the chosen format (`human` = aligned columns).
pub fn render_table(table: &Table, format: Format) -> Result<String, CliError> {
    Ok(match format {
        Format::Csv => table.to_csv(),
        Format::Md => table.to_markdown(usize::MAX),
        Format::Bfile => table.to_bfile(1).ok_or_else(|| {
            CliError::input("--format bfile: the table has no integer values to write")
        })?,
        Format::Json => {
            let rows: Vec<serde_json::Map<String, serde_json::Value>> = table
                .rows
                .iter()
                .map(|r| {
                    table
                        .columns
                        .iter()
                        .zip(r)
                        .map(|(c, v)| {
                            let value = match v {
                                // Big integers as decimal strings: exact in every JSON reader.
                                Cell::Int(i) => serde_json::Value::String(i.to_string()),
                                Cell::Text(t) => serde_json::Value::String(t.clone()),
                                Cell::Empty => serde_json::Value::Null,
                            };
                            (c.clone(), value)
                        })
                        .collect()
                })
                .collect();
            json(&rows)
        }
        Format::Human => human_table(table),
    })
}

/// Aligned plain-text columns.
pub fn human_table(table: &Table) -> String {
    let cells: Vec<Vec<String>> = std::iter::once(table.columns.clone())
        .chain(
            table
                .rows
                .iter()
                .map(|r| r.iter().map(Cell::text).collect()),
        )
        .collect();
    let widths: Vec<usize> = (0..table.columns.len())
        .map(|j| {
            cells
                .iter()
                .map(|r| r[j].chars().count())
                .max()
                .unwrap_or(0)
        })
        .collect();
    let mut out = String::new();
    for row in cells {
        // Padding by hand: `format!("{c:>w$}")` panics for widths of 65,536 and more.
        let mut line = String::new();
        for (j, (c, w)) in row.iter().zip(&widths).enumerate() {
            if j > 0 {
                line.push_str("  ");
            }
            line.extend(std::iter::repeat_n(
                ' ',
                w.saturating_sub(c.chars().count()),
            ));
            line.push_str(c);
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

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
            (Some(t), _) => t.clone(),
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
    program: &'a str,
    transfer_system: Option<crate::program::TransferSystem>,
}

/// `hanoilab show`.
pub fn show(variant: &str, params: &[String], format: Format) -> Result<(), CliError> {
    let t = resolve(variant, params)?;
    let v = &t.variant;
    let system = v
        .transfer_system(&t.params)
        .map_err(|e| CliError::input(e.to_string()))?;
    let shown = Shown {
        id: &v.id,
        title: &v.title,
        summary: &v.summary,
        source: &v.source,
        functions: v
            .functions()
            .iter()
            .map(|f| (f.name.clone(), f.summary.clone()))
            .collect(),
        program: &v.program_text,
        transfer_system: system,
    };
    if format == Format::Json {
        emit(&json(&shown))?;
        return Ok(());
    }
    let mut out = format!(
        "# {} (`{}`)\n\n{}\n\nSource: {}\n\n## Functions\n\n",
        v.title, v.id, v.summary, v.source
    );
    for (name, summary) in &shown.functions {
        out.push_str(&format!("- `{}.{name}`: {summary}\n", v.id));
    }
    out.push_str(&format!(
        "\n## Program\n\n```\n{}\n```\n",
        v.program_text.trim()
    ));
    match &shown.transfer_system {
        Some(s) => out.push_str(&format!("\n## Transfer system\n\n{}\n", s.to_markdown())),
        None => out.push_str(
            "\n## Counts\n\nNo transfer matrix: counts are memoised per (procedure, size).\n",
        ),
    }
    emit(&out)?;
    Ok(())
}

/// Default of `--max-digits`: about 10 MB of decimal output.
pub const DEFAULT_MAX_DIGITS: u64 = 10_000_000;

/// Default of `simulate --max-moves`: a few minutes of checked moves in a release build.
pub const DEFAULT_MAX_MOVES: u64 = 100_000_000_000;

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

/// The estimated number of decimal digits of `function` at `n` (from the transfer
/// system's growth, before computing it); `None` when counted by memoised recursion
/// (bounded by [`crate::variants::MEMO_MAX_SIZE`]) or when the count is an error anyway.
pub fn estimated_digits(t: &Target, function: &str, n: u64) -> Option<f64> {
    match t.variant.count_cost(function, n as i64, &t.params) {
        Ok(crate::variants::CountCost::Matrix { log10 }) => Some(if log10 > 0.0 {
            log10.floor() + 1.0
        } else {
            1.0
        }),
        _ => None,
    }
}

/// The one size check before counting: refuses (exit status 2) when the values of
/// `functions` for n = a..=b would have more than `max_digits` decimal digits in all,
/// estimated from the growth rate at a, the middle and b (no big-integer work).
pub fn check_digits(
    what: &str,
    t: &Target,
    functions: &[String],
    a: u64,
    b: u64,
    max_digits: u64,
) -> Result<(), CliError> {
    let rows = (b - a + 1) as f64;
    let mid = a + (b - a) / 2;
    let mut total = 0.0;
    for f in functions {
        let d = |n| estimated_digits(t, f, n).unwrap_or(0.0);
        total += if a == b {
            d(a)
        } else {
            rows * (d(a) + 2.0 * d(mid) + d(b)) / 4.0
        };
    }
    if total > max_digits as f64 {
        return Err(CliError::input(format!(
            "{what}: the answer would have about {} decimal digits (estimated from the growth \
             rate, nothing computed), more than --max-digits {max_digits}; raise --max-digits \
             to compute it anyway",
            human_count(total)
        )));
    }
    Ok(())
}

/// A large count for messages: `123456` or `3.01e11`.
pub fn human_count(x: f64) -> String {
    if x < 1e7 {
        format!("{x:.0}")
    } else {
        format!("{x:.3e}")
    }
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

/// Prints one exact integer (JSON: a decimal string in an object).
pub fn print_integer(value: &BigInt, format: Format) -> Result<(), CliError> {
    match format {
        Format::Json => emit(&json(&serde_json::json!({ "value": value.to_string() })))?,
        _ => emit(&value.to_string())?,
    }
    Ok(())
}

/// Most moves `table` simulates per row before leaving the cell empty.
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
    let table = count_table(&t, a, b, simulate)?;
    emit(&render_table(&table, format)?)?;
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

/// The table of counts: `n`, one column per function (only the named one when explicit),
/// `simulated` (the named/default function played under the rules) and `optimum` where a
/// search fits [`SearchBudget::TABLE`].
pub fn count_table(t: &Target, a: u64, b: u64, simulate: bool) -> Result<Table, CliError> {
    let functions = table_functions(t);
    let mut columns: Vec<&str> = vec!["n"];
    columns.extend(functions.iter().map(String::as_str));
    columns.push("simulated");
    columns.push("optimum");
    let mut table = Table::new(&columns);
    let rows = count_rows(
        &t.variant,
        &functions,
        &t.function,
        &t.params,
        a..=b,
        simulate.then_some(SIMULATION_LIMIT),
        &SearchBudget::TABLE,
    );
    for r in rows {
        let mut row = vec![Cell::from(r.n)];
        row.extend(r.counts.into_iter().map(Cell::from));
        row.push(match r.simulated {
            Some(Ok(moves)) => Cell::from(moves),
            Some(Err(e)) => Cell::Text(format!("error: {e}")),
            None => Cell::Empty,
        });
        row.push(Cell::from(r.optimum));
        table.push(row);
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
    if let Some(name) = algorithm {
        return super::alternatives::simulate_alternative(&t, n, name, format);
    }
    let bar = (std::io::stderr().is_terminal() && expected > BigInt::from(1u64 << 24)).then(|| {
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
    let mut progress = |k: u64| {
        if let Some(pb) = &bar {
            pb.set_position(k);
        }
    };
    let mut observer = |k: u64, m: crate::puzzle::Move, _t: &crate::puzzle::Tower| {
        if json_trace {
            traced.push_str(&format!("{k}: {} -> {}\n", m.from, m.to));
        } else if write_error.is_none() {
            use std::io::Write;
            if let Err(e) = writeln!(stream, "{k}: {} -> {}", m.from, m.to) {
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
            "moves": report.moves, "goal_reached": report.goal_reached,
            "recurrence": expected.to_string(), "agrees": agrees,
            "trace": if trace { Some(traced.lines().collect::<Vec<_>>()) } else { None },
        })))?,
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

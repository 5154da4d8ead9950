//! `hanoilab._native`: the library's answers as Python values. The Python package
//! (`hanoilab/__init__.py`) wraps these functions with its documentation, argument checks
//! and the polars tables; every number is computed here, by the library, exactly.
//!
//! Targets, parameters and size checks go through the command line's own resolution
//! (`hanoilab::cli::common`), so a call answers, and refuses, as `hanoilab` does.

use hanoilab::algebra::analysis::{factorization_text, ClosedForm, ClosedFormTerm};
use hanoilab::algebra::factor;
use hanoilab::algebra::QuadraticNumber;
use hanoilab::cli::args::DEFAULT_MAX_DIGITS;
use hanoilab::cli::common::{check_digits, resolve, Target};
use hanoilab::cli::{Cli, CliError};
use hanoilab::facts::{recurrence_starts, SearchBudget};
use hanoilab::literature::{builtin_claims, check_claim, check_formula, FormulaCheck};
use hanoilab::output::notebook::Plot;
use hanoilab::output::Cell;
use hanoilab::sequences::frame_stewart::{frame_stewart, optimal_splits};
use hanoilab::sequences::star::{star, theorem2_split, three_smooth};
use hanoilab::variants::{builtin_ids, Variant};
use num_bigint::BigInt;
use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict};
use std::collections::BTreeMap;

create_exception!(
    _native,
    HanoilabError,
    PyValueError,
    "The library refused the input or could not answer; the message is the library's own \
     (the line `hanoilab` prints before exiting with status 2)."
);

fn error(message: impl std::fmt::Display) -> PyErr {
    HanoilabError::new_err(message.to_string())
}

fn cli_error(e: CliError) -> PyErr {
    error(e)
}

/// `{"l": 3}` as the command line's `--param l=3`, so that unknown names and bad values are
/// refused with the command line's messages.
fn param_args(params: Option<BTreeMap<String, i64>>) -> Vec<String> {
    params
        .unwrap_or_default()
        .into_iter()
        .map(|(k, v)| format!("{k}={v}"))
        .collect()
}

fn resolve_py(target: &str, params: Option<BTreeMap<String, i64>>) -> PyResult<Target> {
    resolve(target, &param_args(params)).map_err(cli_error)
}

/// One built-in variant: `(id, title, summary, [(function, summary)], {parameter: default})`.
type VariantRow = (
    String,
    String,
    String,
    Vec<(String, String)>,
    BTreeMap<String, i64>,
);

/// The built-in variants, in the order of `hanoilab list`.
#[pyfunction]
fn variants() -> PyResult<Vec<VariantRow>> {
    builtin_ids()
        .into_iter()
        .map(|id| {
            let v = Variant::builtin(id).map_err(error)?;
            let functions = v
                .functions()
                .iter()
                .map(|f| (f.name.clone(), f.summary.clone()))
                .collect();
            Ok((v.id, v.title, v.summary, functions, v.parameters))
        })
        .collect()
}

/// `(variant id, function)` a target resolves to (a bare id: its default function).
#[pyfunction]
#[pyo3(signature = (target, params=None))]
fn resolve_target(
    target: &str,
    params: Option<BTreeMap<String, i64>>,
) -> PyResult<(String, String)> {
    let t = resolve_py(target, params)?;
    Ok((t.variant.id.clone(), t.function.clone()))
}

/// The exact count, refused beforehand past `max_digits` decimal digits (as `nth`).
#[pyfunction]
#[pyo3(signature = (target, n, params=None, max_digits=DEFAULT_MAX_DIGITS))]
fn count(
    py: Python<'_>,
    target: &str,
    n: u64,
    params: Option<BTreeMap<String, i64>>,
    max_digits: u64,
) -> PyResult<BigInt> {
    let t = resolve_py(target, params)?;
    let what = format!("{}.{} n = {n}", t.variant.id, t.function);
    py.allow_threads(|| {
        check_digits(
            &what,
            &t,
            std::slice::from_ref(&t.function),
            n,
            n,
            max_digits,
        )?;
        let n = i64::try_from(n).map_err(|_| CliError::input(format!("{what}: n too large")))?;
        t.variant
            .count(&t.function, n, &t.params)
            .map_err(|e| CliError::input(e.to_string()))
    })
    .map_err(cli_error)
}

/// The moves of the variant's algorithm played under its rules (every move checked, and the
/// goal).
#[pyfunction]
#[pyo3(signature = (target, n, params=None))]
fn simulate(
    py: Python<'_>,
    target: &str,
    n: i64,
    params: Option<BTreeMap<String, i64>>,
) -> PyResult<u64> {
    let t = resolve_py(target, params)?;
    py.allow_threads(|| {
        t.variant
            .simulate(&t.function, n, &t.params)
            .map(|r| r.moves)
            .map_err(|e| e.to_string())
    })
    .map_err(error)
}

/// A cell of a table as a Python value: an exact int, a text or `None`.
fn cell_value(py: Python<'_>, cell: Cell) -> PyResult<PyObject> {
    Ok(match cell {
        Cell::Int(v) => v.into_pyobject(py)?.into_any().unbind(),
        Cell::Text(s) => s.into_pyobject(py)?.into_any().unbind(),
        Cell::Bool(b) => b.into_pyobject(py)?.to_owned().into_any().unbind(),
        Cell::Empty => py.None(),
    })
}

/// `table`'s columns, `(names, columns)`: the rows of `hanoilab table TARGET --n A..B`,
/// with the same checks before any row is counted.
#[pyfunction]
#[pyo3(signature = (target, first, last, params=None, simulate=true, max_digits=DEFAULT_MAX_DIGITS))]
fn table_columns(
    py: Python<'_>,
    target: &str,
    first: u64,
    last: u64,
    params: Option<BTreeMap<String, i64>>,
    simulate: bool,
    max_digits: u64,
) -> PyResult<(Vec<String>, Vec<Vec<PyObject>>)> {
    if first > last {
        return Err(error(format!(
            "table: the range {first}..{last} is empty (expected A <= B)"
        )));
    }
    let t = resolve_py(target, params)?;
    let table = py
        .allow_threads(|| {
            let functions: Vec<String> = if t.explicit {
                vec![t.function.clone()]
            } else {
                t.variant
                    .functions()
                    .iter()
                    .map(|f| f.name.clone())
                    .collect()
            };
            check_digits(
                &format!("table {} --n {first}..{last}", t.variant.id),
                &t,
                &functions,
                first,
                last,
                max_digits,
            )?;
            for f in &functions {
                for n in [first, last] {
                    if let Some(e) = t.variant.memo_refusal(f, n as i64, &t.params) {
                        return Err(CliError::input(e.to_string()));
                    }
                }
            }
            hanoilab::cli::commands::count_table(&t, first, last, simulate)
        })
        .map_err(cli_error)?;
    let mut columns: Vec<Vec<PyObject>> = table.columns.iter().map(|_| Vec::new()).collect();
    for row in table.rows {
        for (j, cell) in row.into_iter().enumerate() {
            columns[j].push(cell_value(py, cell)?);
        }
    }
    Ok((table.columns, columns))
}

/// `a + b sqrt(d)` as exact texts: `{"a": "p/q", "b": "p/q", "d": "d"}`.
fn quadratic_json(x: &QuadraticNumber) -> serde_json::Value {
    serde_json::json!({"a": x.a.to_string(), "b": x.b.to_string(), "d": x.d.to_string()})
}

/// The terms of a closed form as exact data (rationals as `p/q` texts), from which the
/// Python package builds its SymPy expression; `None` when a term is given only by its
/// recurrence (no explicit roots).
fn closed_form_terms(form: &ClosedForm) -> Option<serde_json::Value> {
    let terms: Option<Vec<serde_json::Value>> = form
        .terms
        .iter()
        .map(|t| match t {
            ClosedFormTerm::Rational { root, poly } => Some(serde_json::json!({
                "kind": "rational",
                "root": root.to_string(),
                "poly": poly.iter().map(ToString::to_string).collect::<Vec<_>>(),
            })),
            ClosedFormTerm::QuadraticPair { root, coeff, .. } => Some(serde_json::json!({
                "kind": "quadratic_pair",
                "root": quadratic_json(root),
                "coeff": quadratic_json(coeff),
            })),
            ClosedFormTerm::Recurrent { .. } => None,
        })
        .collect();
    terms.map(serde_json::Value::Array)
}

/// The growth of a target's count as JSON: the library's analysis of its component
/// (`hanoilab::algebra::analysis::ComponentReport`), where its minimal recurrence starts
/// (`hanoilab::facts::recurrence_starts`), the factored recurrence, and the whole system's
/// characteristic polynomial.
#[pyfunction]
#[pyo3(signature = (target, params=None, digits=30))]
fn growth_json(
    py: Python<'_>,
    target: &str,
    params: Option<BTreeMap<String, i64>>,
    digits: usize,
) -> PyResult<String> {
    let t = resolve_py(target, params)?;
    let name = format!("{}.{}", t.variant.id, t.function);
    py.allow_threads(|| {
        let (_, i) = t
            .variant
            .function_component(&t.function, &t.params)
            .map_err(error)?
            .ok_or_else(|| {
                error(format!(
                    "{name}: no transfer system counts it (its count is memoised per size, \
                     or its call is not on n discs), so it has no recurrence or closed form here"
                ))
            })?;
        let analysis = t
            .variant
            .analysis(&t.params, digits)
            .map_err(error)?
            .ok_or_else(|| error(format!("{name}: no transfer system")))?;
        let report = analysis.to_report();
        let component = report
            .components
            .get(i)
            .ok_or_else(|| error(format!("{name}: component {i} not in the analysis")))?;
        let start = recurrence_starts(&t.variant, &t.params, &analysis)
            .into_iter()
            .nth(i)
            .flatten();
        let factored = factor(analysis.components[i].recurrence.poly())
            .map(|f| factorization_text(&f))
            .ok();
        let value = serde_json::json!({
            "target": name,
            "component": component,
            "components": report.names,
            "charpoly": report.charpoly,
            "charpoly_factored": report.charpoly_factored,
            "first_n": report.first_n,
            "recurrence_factored": factored,
            "closed_form_terms": closed_form_terms(&analysis.components[i].closed_form),
            "recurrence_valid_from": start.as_ref().map(|s| s.valid_from),
            "generating_function_from_first_term": start.as_ref().map(|s| s.generating_function.to_text()),
        });
        Ok(value.to_string())
    })
}

/// An exhaustive breadth-first search of the target's puzzle at `n` discs, refused before
/// it starts when its index space exceeds `max_states` or its memory estimate
/// `memory_limit` bytes.
#[pyfunction]
#[pyo3(signature = (target, n, params=None, count_solutions=false, max_states=1<<24, memory_limit=1<<30))]
fn search(
    py: Python<'_>,
    target: &str,
    n: i64,
    params: Option<BTreeMap<String, i64>>,
    count_solutions: bool,
    max_states: u64,
    memory_limit: u64,
) -> PyResult<Py<PyDict>> {
    let t = resolve_py(target, params)?;
    let name = format!("{}.{} n = {n}", t.variant.id, t.function);
    let puzzle = t.variant.puzzle(&t.function, n, &t.params).map_err(error)?;
    let budget = SearchBudget {
        max_states,
        count_states: if count_solutions { max_states } else { 0 },
        memory: Some(memory_limit),
        generic_memory: Some(memory_limit),
        threads: 0,
    };
    let result = py
        .allow_threads(|| budget.search(&puzzle, count_solutions))
        .map_err(|e| error(format!("search {name}: not searched: {e}")))?;
    let d = PyDict::new(py);
    d.set_item("target", format!("{}.{}", t.variant.id, t.function))?;
    d.set_item("n", n)?;
    d.set_item("minimum", result.minimum)?;
    d.set_item("states", result.states)?;
    d.set_item("layers", result.layers.clone())?;
    d.set_item("complete", result.complete)?;
    d.set_item("optimal_solutions", result.optimal_solutions.clone())?;
    d.set_item("encoding", format!("{:?}", result.encoding))?;
    d.set_item("seconds", result.elapsed.as_secs_f64())?;
    Ok(d.unbind())
}

/// The built-in claims (all, or those about one variant or document), checked, as JSON
/// records (the shape of `hanoilab claims --format json`'s rows).
#[pyfunction]
#[pyo3(signature = (variant=None))]
fn claims_json(py: Python<'_>, variant: Option<&str>) -> PyResult<String> {
    py.allow_threads(|| {
        let all = builtin_claims().map_err(error)?;
        let selected: Vec<_> = all
            .iter()
            .filter(|c| variant.is_none_or(|f| c.selected_by(f)))
            .collect();
        if let (true, Some(f)) = (selected.is_empty(), variant) {
            if Variant::load(f).is_err() {
                return Err(error(format!(
                    "claims: '{f}' is neither a variant id nor a document (lunnon, wikipedia, \
                     chapla, sniedovich, stockmeyer, hanoilib, or a seed file name)"
                )));
            }
        }
        let checked: Vec<_> = selected.into_iter().map(check_claim).collect();
        serde_json::to_string(&checked).map_err(error)
    })
}

/// Checks a formula in n against a target's exact counts for n in `first..=last`:
/// `("holds", {"from", "to", "exact"})` or `("fails", {"n", "printed", "actual"})`.
#[pyfunction]
#[pyo3(signature = (target, formula, first, last, params=None))]
fn check(
    py: Python<'_>,
    target: &str,
    formula: &str,
    first: i64,
    last: i64,
    params: Option<BTreeMap<String, i64>>,
) -> PyResult<(String, Py<PyDict>)> {
    let params = hanoilab::cli::validate::parse_params(&param_args(params)).map_err(cli_error)?;
    let r = py
        .allow_threads(|| check_formula(target, formula, first, last, &params))
        .map_err(error)?;
    let d = PyDict::new(py);
    let kind = match r {
        FormulaCheck::Holds { from, to, exact } => {
            d.set_item("from", from)?;
            d.set_item("to", to)?;
            d.set_item("exact", exact)?;
            "holds"
        }
        FormulaCheck::Fails { n, printed, actual } => {
            d.set_item("n", n)?;
            d.set_item("printed", printed)?;
            d.set_item("actual", actual)?;
            "fails"
        }
    };
    Ok((kind.to_string(), d.unbind()))
}

/// Frame–Stewart numbers: the moves of the Frame–Stewart algorithm for n discs on p pegs.
#[pyfunction]
fn frame_stewart_number(py: Python<'_>, n: u64, pegs: usize) -> PyResult<BigInt> {
    py.allow_threads(|| frame_stewart(n, pegs)).map_err(error)
}

/// Every optimal split k of the Frame–Stewart recursion.
#[pyfunction]
fn frame_stewart_splits(n: u64, pegs: usize) -> PyResult<Vec<u64>> {
    optimal_splits(n, pegs).map_err(error)
}

/// Stockmeyer's star numbers S(n).
#[pyfunction]
fn star_number(py: Python<'_>, n: u64) -> PyResult<BigInt> {
    py.allow_threads(|| star(n)).map_err(error)
}

/// Stockmeyer's optimal split of the star puzzle.
#[pyfunction]
fn star_split(n: u64) -> PyResult<u64> {
    theorem2_split(n).map_err(error)
}

/// The first `count` 3-smooth numbers.
#[pyfunction]
fn three_smooth_numbers(count: u64) -> PyResult<Vec<BigInt>> {
    three_smooth(count).map_err(error)
}

/// An SVG line plot drawn by the report's renderer: `series` is `[(name, [(x, y)])]`.
#[pyfunction]
#[pyo3(signature = (title, x_label, y_label, series, log_y=false))]
fn plot_svg(
    py: Python<'_>,
    title: &str,
    x_label: &str,
    y_label: &str,
    series: Vec<(String, Vec<(f64, f64)>)>,
    log_y: bool,
) -> PyResult<String> {
    let plot = notebook_plot(title, x_label, y_label, series, log_y);
    py.allow_threads(|| plot.to_svg()).map_err(error)
}

fn notebook_plot(
    title: &str,
    x_label: &str,
    y_label: &str,
    series: Vec<(String, Vec<(f64, f64)>)>,
    log_y: bool,
) -> Plot {
    let mut plot = Plot::new(title, x_label, y_label);
    if log_y {
        plot = plot.log_y();
    }
    for (name, points) in series {
        plot = plot.line(&name, points);
    }
    plot
}

/// The same plot as a PNG image, drawn by the report's renderer.
#[pyfunction]
#[pyo3(signature = (title, x_label, y_label, series, log_y=false))]
fn plot_png<'py>(
    py: Python<'py>,
    title: &str,
    x_label: &str,
    y_label: &str,
    series: Vec<(String, Vec<(f64, f64)>)>,
    log_y: bool,
) -> PyResult<Bound<'py, PyBytes>> {
    let plot = notebook_plot(title, x_label, y_label, series, log_y);
    let png = py.allow_threads(|| plot.to_png()).map_err(error)?;
    Ok(PyBytes::new(py, &png))
}

/// The text of `hanoilab COMMAND --help`.
#[pyfunction]
fn cli_help(command: &str) -> PyResult<String> {
    use clap::CommandFactory;
    let mut cli = Cli::command();
    cli.build();
    let sub = cli
        .find_subcommand_mut(command)
        .ok_or_else(|| error(format!("no command `{command}`")))?;
    Ok(sub.render_long_help().to_string())
}

/// The library's version.
#[pyfunction]
fn version() -> &'static str {
    env!("CARGO_PKG_VERSION")
}

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("HanoilabError", m.py().get_type::<HanoilabError>())?;
    m.add("DEFAULT_MAX_DIGITS", DEFAULT_MAX_DIGITS)?;
    m.add_function(wrap_pyfunction!(variants, m)?)?;
    m.add_function(wrap_pyfunction!(resolve_target, m)?)?;
    m.add_function(wrap_pyfunction!(count, m)?)?;
    m.add_function(wrap_pyfunction!(simulate, m)?)?;
    m.add_function(wrap_pyfunction!(table_columns, m)?)?;
    m.add_function(wrap_pyfunction!(growth_json, m)?)?;
    m.add_function(wrap_pyfunction!(search, m)?)?;
    m.add_function(wrap_pyfunction!(claims_json, m)?)?;
    m.add_function(wrap_pyfunction!(check, m)?)?;
    m.add_function(wrap_pyfunction!(frame_stewart_number, m)?)?;
    m.add_function(wrap_pyfunction!(frame_stewart_splits, m)?)?;
    m.add_function(wrap_pyfunction!(star_number, m)?)?;
    m.add_function(wrap_pyfunction!(star_split, m)?)?;
    m.add_function(wrap_pyfunction!(three_smooth_numbers, m)?)?;
    m.add_function(wrap_pyfunction!(plot_svg, m)?)?;
    m.add_function(wrap_pyfunction!(plot_png, m)?)?;
    m.add_function(wrap_pyfunction!(cli_help, m)?)?;
    m.add_function(wrap_pyfunction!(version, m)?)?;
    Ok(())
}

//! `hanoilab matrix FILE [--nth N] [--digits D] [--format human|json|md]`: the full analysis of
//! a user's transfer matrix ([`crate::algebra::MatrixAnalysis`]).
//!
//! The file is TOML:
//!
//! ```toml
//! # Lunnon, Towers of Antwerp: s = (T33, T31, T13, T11, 1)
//! matrix = [[0,2,0,4,6],[0,1,0,2,2],[0,0,1,2,2],[0,0,0,2,3],[0,0,0,0,1]]
//! initial = [6, 2, 2, 3, 1]          # s(1); s(n+1) = M s(n)
//! names = ["T33", "T31", "T13", "T11", "1"]   # optional
//! ```
//!
//! Entries are integers, or decimal strings for integers beyond 64 bits. The JSON of
//! `hanoilab show VARIANT --format json` is read as well (its `transfer_system`), and `-`
//! is standard input. Every problem with
//! the file is a [`CliError::input`] naming the file and what was expected.

use super::args::Format;
use super::CliError;
use crate::algebra::digits::estimated_digit_count;
use crate::algebra::radix::to_decimal;
use crate::algebra::{AlgebraError, MatrixAnalysis, MatrixSummary};
use num_bigint::BigInt;
use std::path::Path;

pub use super::args::MatrixOptions;
pub use crate::algebra::MatrixFile;

/// Above this many components the per-component analysis (minimal recurrences, closed
/// forms, certified constants: `n` times the work of the spectrum, growing much faster than
/// `n^3`) is skipped unless asked for with `--analysis`, and a line says so.
pub const AUTO_ANALYSIS_MAX_DIM: usize = 16;

/// Likewise when the number of components times the bit size of the largest coefficient of
/// the characteristic polynomial exceeds this (the analysis's rational arithmetic grows
/// with both). Chosen by measurement (docs/performance.md): the variants' structured
/// matrices (up to 16 components, one-digit coefficients: size under 100) analyse in well
/// under a second, a dense random 10 x 10 (size about 950) in about 2.3 s, but a random
/// 12 x 12 (size 1380) takes 4.6 s and a 2 x 2 with a 100,000-digit entry minutes, while
/// their spectra take milliseconds to a second.
pub const AUTO_ANALYSIS_MAX_SIZE: u64 = 1024;

/// `--nth N` is computed by stepping the system when `N` times the number of matrix
/// entries is at most this (multiply-adds of integers), else by each component's recurrence.
const STEP_WORK: u128 = 10_000_000;

/// Parses the TOML (or `show` JSON) text of a matrix file (`file` only names it in messages); the format
/// and its checks are [`MatrixFile::parse`]'s.
fn parse_matrix_file(file: &Path, text: &str) -> Result<MatrixFile, CliError> {
    MatrixFile::parse(text).map_err(|e| CliError::input(format!("{}:{e}", file.display())))
}

/// Refuses `--nth N` (before computing) when the N-th terms would have more than
/// `max_digits` decimal digits in all, estimated by scaled floating-point powering.
fn check_nth_size(
    file: &Path,
    parsed: &MatrixFile,
    components: &[usize],
    n: u64,
    max_digits: u64,
) -> Result<(), CliError> {
    let sys = parsed.transfer_system();
    let mut total = 0.0;
    for &i in components {
        total += estimated_digit_count(sys.log10_estimate(n, i).unwrap_or(0.0));
    }
    if total > max_digits as f64 {
        return Err(CliError::input(format!(
            "{}: --nth {n}: the terms would have about {} decimal digits in all (estimated from \
             the growth rate, nothing computed), more than --max-digits {max_digits}; raise \
             --max-digits to compute them anyway",
            file.display(),
            super::common::human_count(total)
        )));
    }
    Ok(())
}

#[derive(serde::Serialize)]
struct NthTerms {
    n: u64,
    terms: Vec<NthTerm>,
}

#[derive(serde::Serialize)]
struct NthTerm {
    name: String,
    value: String,
}

/// A computed N-th term; printed (once) only when output.
struct Term {
    name: String,
    value: BigInt,
}

fn nth_json(terms: &[Term]) -> Vec<NthTerm> {
    terms
        .iter()
        .map(|t| NthTerm {
            name: t.name.clone(),
            value: to_decimal(&t.value),
        })
        .collect()
}

fn nth_text(n: u64, terms: &[Term]) -> String {
    let mut o = String::new();
    for t in terms {
        o.push_str(&format!("{}({n}) = {}\n", t.name, to_decimal(&t.value)));
    }
    o
}

/// The N-th terms as a Markdown table.
fn nth_markdown(n: u64, terms: &[Term]) -> String {
    let mut o = format!("| component | value at n = {n} |\n|---|---|\n");
    for t in terms {
        o.push_str(&format!("| `{}` | {} |\n", t.name, to_decimal(&t.value)));
    }
    o
}

#[derive(serde::Serialize)]
struct SummaryOut {
    names: Vec<String>,
    dimension: usize,
    analysis_skipped: String,
    #[serde(flatten)]
    summary: crate::algebra::summary::SummaryReport,
    nth_n: Option<u64>,
    nth: Option<Vec<NthTerm>>,
}

/// Runs the `matrix` command: reads and checks the file, analyses, prints.
pub fn matrix_cmd(
    file: &Path,
    opts: &MatrixOptions,
    digits: usize,
    max_digits: u64,
    format: Format,
) -> Result<(), CliError> {
    if !(1..=1000).contains(&digits) {
        return Err(CliError::input(format!(
            "--digits {digits}: expected a number of digits from 1 to 1000"
        )));
    }
    let nth = opts.nth;
    if !opts.only.is_empty() && nth.is_none() {
        return Err(CliError::input(
            "--only selects the components whose N-th terms are printed: give --nth N too",
        ));
    }
    if opts.analysis && opts.no_analysis {
        return Err(CliError::input(
            "--analysis and --no-analysis contradict each other: give one",
        ));
    }
    let (name, text) = super::common::read_input(file).map_err(|e| {
        CliError::from_io(
            format!(
                "{}: cannot read the matrix file ({e}); expected a TOML file with `matrix` and `initial`",
                file.display()
            ),
            &e,
        )
    })?;
    // Messages name the file as read (`<stdin>` for `-`).
    let file = Path::new(&name);
    let parsed = parse_matrix_file(file, &text)?;
    if let Some(n) = nth.filter(|&n| n < parsed.first_n) {
        let first = parsed.first_n;
        return Err(CliError::input(format!(
            "--nth {n}: the vector given is s({first}), so N must be at least {first}"
        )));
    }
    let names = parsed.component_names();
    let dim = names.len();
    let mut wanted: Vec<usize> = Vec::new();
    for o in opts.only.iter().flat_map(|o| o.split(',')) {
        let o = o.trim();
        let i = names.iter().position(|n| n == o).ok_or_else(|| {
            CliError::input(format!(
                "{}: --only {o:?}: no such component (the components are {})",
                file.display(),
                names.join(", ")
            ))
        })?;
        if !wanted.contains(&i) {
            wanted.push(i);
        }
    }
    if wanted.is_empty() {
        wanted = (0..dim).collect();
    }
    let nth_terms: Option<Vec<Term>> = match nth {
        None => None,
        Some(n) => {
            check_nth_size(file, &parsed, &wanted, n, max_digits)?;
            // One route for N-th terms, shared with `hanoilab nth`: Berlekamp–Massey on the
            // first 2k+2 terms, then x^(N-1) mod the recurrence.
            let sys = parsed.transfer_system();
            // A small N: N - 1 steps of s(n+1) = M s(n) give every component at once (a
            // recurrence per component costs more there, with a large matrix).
            let stepped = ((n as u128) * (dim * dim) as u128 <= STEP_WORK)
                .then(|| sys.state(n))
                .flatten();
            let terms = wanted
                .iter()
                .map(|&i| {
                    if let Some(s) = &stepped {
                        return Ok(Term {
                            name: names[i].clone(),
                            value: s[i].clone(),
                        });
                    }
                    let v = sys.component_nth(i, n).ok_or_else(|| {
                        CliError::failure(format!(
                            "{}: the N-th term of {} could not be computed",
                            file.display(),
                            names[i]
                        ))
                    })?;
                    Ok(Term {
                        name: names[i].clone(),
                        value: v,
                    })
                })
                .collect::<Result<Vec<_>, CliError>>()?;
            Some(terms)
        }
    };
    // Only the N-th terms: nothing else is computed.
    if let (Some(n), Some(terms)) = (nth, &nth_terms) {
        if !opts.only.is_empty() || opts.no_analysis {
            match format {
                Format::Json => super::common::emit(&super::common::json(&NthTerms {
                    n,
                    terms: nth_json(terms),
                }))?,
                Format::Md => super::common::emit(&nth_markdown(n, terms))?,
                _ => super::common::emit(&nth_text(n, terms))?,
            }
            return Ok(());
        }
    }
    let input_err = |e: AlgebraError| CliError::input(format!("{}: {e}", file.display()));
    // The characteristic polynomial decides (cheap next to the analysis: milliseconds).
    let coeff_bits = if dim <= AUTO_ANALYSIS_MAX_DIM && !opts.analysis && !opts.no_analysis {
        let c = parsed.matrix.charpoly().map_err(input_err)?;
        c.coeffs().iter().map(|v| v.bits()).max().unwrap_or(0)
    } else {
        0
    };
    let size = dim as u64 * coeff_bits;
    let full = opts.analysis
        || (!opts.no_analysis && dim <= AUTO_ANALYSIS_MAX_DIM && size <= AUTO_ANALYSIS_MAX_SIZE);
    if !full {
        let reason = if opts.no_analysis {
            "per-component analysis skipped (--no-analysis)".to_string()
        } else if dim > AUTO_ANALYSIS_MAX_DIM {
            format!(
                "per-component analysis skipped: {dim} components, more than \
                 {AUTO_ANALYSIS_MAX_DIM} (ask for it with --analysis)"
            )
        } else {
            format!(
                "per-component analysis skipped: {dim} components times {coeff_bits}-bit \
                 characteristic polynomial coefficients is {size}, more than \
                 {AUTO_ANALYSIS_MAX_SIZE} (ask for it with --analysis)"
            )
        };
        let summary = MatrixSummary::new(&parsed.matrix, digits as u32).map_err(input_err)?;
        match format {
            Format::Json => super::common::emit(&super::common::json(&SummaryOut {
                names: names.clone(),
                dimension: dim,
                analysis_skipped: reason,
                summary: summary.to_report(),
                nth_n: nth,
                nth: nth_terms.as_deref().map(nth_json),
            }))?,
            Format::Md => {
                let mut o = format!(
                    "## Transfer system\n\ns = ({}), a {dim} x {dim} matrix\n\n```\n{}```\n\n{reason}\n",
                    names.join(", "),
                    summary.to_text()
                );
                if let (Some(n), Some(terms)) = (nth, &nth_terms) {
                    o.push('\n');
                    o.push_str(&nth_markdown(n, terms));
                }
                super::common::emit(&o)?;
            }
            _ => {
                let mut o = format!("s = ({})\n{dim} x {dim} matrix\n", names.join(", "));
                o.push_str(&summary.to_text());
                o.push_str(&reason);
                o.push('\n');
                if let (Some(n), Some(terms)) = (nth, &nth_terms) {
                    o.push_str(&nth_text(n, terms));
                }
                super::common::emit(&o)?;
            }
        }
        return Ok(());
    }
    let mut analysis = MatrixAnalysis::from_first_n(
        parsed.matrix,
        parsed.initial,
        parsed.first_n,
        parsed.names,
        digits,
        None,
    )
    .map_err(input_err)?;
    if let (Some(n), Some(terms)) = (nth, nth_terms) {
        analysis.nth_n = Some(n);
        for (c, t) in analysis.components.iter_mut().zip(terms) {
            c.nth = Some(t.value);
        }
    }
    match format {
        Format::Json => super::common::emit(&super::common::json(&analysis))?,
        Format::Md => super::common::emit(&analysis.to_markdown())?,
        _ => super::common::emit(&analysis.to_text())?,
    }
    Ok(())
}

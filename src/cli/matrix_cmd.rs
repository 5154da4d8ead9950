//! `hanoilab matrix FILE [--nth N] [--digits D] [--format human|json]`: the full analysis of
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
//! Entries are integers, or decimal strings for integers beyond 64 bits. Every problem with
//! the file is a [`CliError::input`] naming the file and what was expected.

use super::args::Format;
use super::CliError;
use crate::algebra::{AlgebraError, MatrixAnalysis, ZMatrix};
use num_bigint::BigInt;
use std::path::Path;

/// A parsed matrix file.
#[derive(Clone, Debug, PartialEq)]
pub struct MatrixFile {
    /// `M`.
    pub matrix: ZMatrix,
    /// `s(1)`.
    pub initial: Vec<BigInt>,
    /// Component names, if given.
    pub names: Option<Vec<String>>,
}

fn integer(v: &toml::Value, what: &str) -> Result<BigInt, String> {
    match v {
        toml::Value::Integer(i) => Ok(BigInt::from(*i)),
        toml::Value::String(s) => s
            .trim()
            .parse::<BigInt>()
            .map_err(|_| format!("{what}: expected an integer, found the string {s:?}")),
        other => Err(format!(
            "{what}: expected an integer, found {}",
            other.type_str()
        )),
    }
}

/// Parses the TOML text of a matrix file (`file` only names it in messages).
pub fn parse_matrix_file(file: &Path, text: &str) -> Result<MatrixFile, CliError> {
    let f = file.display();
    let table: toml::Table = text
        .parse()
        .map_err(|e: toml::de::Error| CliError::input(format!("{f}: malformed TOML: {e}")))?;
    let bad = |msg: String| CliError::input(format!("{f}: {msg}"));
    for key in table.keys() {
        if !["matrix", "initial", "names"].contains(&key.as_str()) {
            return Err(bad(format!(
                "unknown key `{key}` (expected `matrix`, `initial` and optionally `names`)"
            )));
        }
    }
    let rows = table
        .get("matrix")
        .ok_or_else(|| bad("missing `matrix = [[...], ...]` (the rows of M)".into()))?
        .as_array()
        .ok_or_else(|| bad("`matrix` must be an array of rows".into()))?;
    let mut m: Vec<Vec<BigInt>> = Vec::with_capacity(rows.len());
    for (i, row) in rows.iter().enumerate() {
        let row = row
            .as_array()
            .ok_or_else(|| bad(format!("matrix row {} must be an array of integers", i + 1)))?;
        m.push(
            row.iter()
                .enumerate()
                .map(|(j, v)| integer(v, &format!("matrix row {}, entry {}", i + 1, j + 1)))
                .collect::<Result<_, _>>()
                .map_err(bad)?,
        );
    }
    let matrix = ZMatrix::from_rows(m).map_err(|e| bad(format!("matrix: {e}")))?;
    if !matrix.is_square() {
        return Err(bad(format!(
            "the matrix must be square: it has {} rows of {} entries",
            matrix.rows(),
            matrix.cols()
        )));
    }
    let initial: Vec<BigInt> = table
        .get("initial")
        .ok_or_else(|| bad("missing `initial = [...]` (the vector s(1))".into()))?
        .as_array()
        .ok_or_else(|| bad("`initial` must be an array of integers".into()))?
        .iter()
        .enumerate()
        .map(|(i, v)| integer(v, &format!("initial, entry {}", i + 1)))
        .collect::<Result<_, _>>()
        .map_err(bad)?;
    if initial.len() != matrix.rows() {
        return Err(bad(format!(
            "`initial` must have one entry per row of the matrix: expected {}, found {}",
            matrix.rows(),
            initial.len()
        )));
    }
    let names = match table.get("names") {
        None => None,
        Some(v) => {
            let arr = v
                .as_array()
                .ok_or_else(|| bad("`names` must be an array of strings".into()))?;
            let names: Vec<String> = arr
                .iter()
                .map(|n| n.as_str().map(str::to_string))
                .collect::<Option<_>>()
                .ok_or_else(|| bad("`names` must be an array of strings".into()))?;
            if names.len() != matrix.rows() {
                return Err(bad(format!(
                    "`names` must name every component: expected {}, found {}",
                    matrix.rows(),
                    names.len()
                )));
            }
            Some(names)
        }
    };
    Ok(MatrixFile {
        matrix,
        initial,
        names,
    })
}

/// Refuses `--nth N` (before computing) when the N-th terms would have more than
/// `max_digits` decimal digits in all, estimated by scaled floating-point powering.
fn check_nth_size(
    file: &Path,
    parsed: &MatrixFile,
    n: u64,
    max_digits: u64,
) -> Result<(), CliError> {
    let k = parsed.matrix.rows();
    if k != parsed.initial.len() || k != parsed.matrix.cols() {
        return Ok(()); // the analysis reports the mismatch
    }
    let sys = crate::program::TransferSystem {
        names: (0..k).map(|i| i.to_string()).collect(),
        matrix: (0..k)
            .map(|i| (0..k).map(|j| parsed.matrix.get(i, j).clone()).collect())
            .collect(),
        initial: parsed.initial.clone(),
        first_n: 1,
    };
    let mut total = 0.0;
    for i in 0..k {
        let log10 = sys.log10_estimate(n, i).unwrap_or(0.0);
        total += if log10 > 0.0 {
            log10.floor() + 1.0
        } else {
            1.0
        };
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

/// Runs the `matrix` command: reads and checks the file, analyses, prints.
pub fn matrix_cmd(
    file: &Path,
    nth: Option<u64>,
    digits: usize,
    max_digits: u64,
    format: Format,
) -> Result<(), CliError> {
    if !matches!(format, Format::Human | Format::Json) {
        let name = format!("{format:?}").to_lowercase();
        return Err(CliError::input(format!(
            "--format {name} is not available for `matrix`: use human or json"
        )));
    }
    if !(1..=1000).contains(&digits) {
        return Err(CliError::input(format!(
            "--digits {digits}: expected a number of digits from 1 to 1000"
        )));
    }
    if nth == Some(0) {
        return Err(CliError::input(
            "--nth 0: the vector given is s(1), so N must be at least 1",
        ));
    }
    let text = std::fs::read_to_string(file).map_err(|e| {
        CliError::input(format!(
            "{}: cannot read the matrix file ({e}); expected a TOML file with `matrix` and `initial`",
            file.display()
        ))
    })?;
    let parsed = parse_matrix_file(file, &text)?;
    if let Some(n) = nth {
        check_nth_size(file, &parsed, n, max_digits)?;
    }
    let analysis =
        MatrixAnalysis::with_nth(parsed.matrix, parsed.initial, parsed.names, digits, nth)
            .map_err(|e: AlgebraError| CliError::input(format!("{}: {e}", file.display())))?;
    match format {
        Format::Json => {
            let s = serde_json::to_string_pretty(&analysis)
                .map_err(|e| CliError::input(format!("cannot write JSON: {e}")))?;
            super::common::emit(&s)?;
        }
        _ => super::common::emit(&analysis.to_text())?,
    }
    Ok(())
}

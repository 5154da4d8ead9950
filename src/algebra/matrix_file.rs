//! The matrix-file format of `hanoilab matrix FILE`: a transfer matrix `M`, the vector
//! `s(1)` and optional component names, as TOML.
//!
//! ```toml
//! # Lunnon, Towers of Antwerp: s = (T33, T31, T13, T11, 1)
//! matrix = [[0,2,0,4,6],[0,1,0,2,2],[0,0,1,2,2],[0,0,0,2,3],[0,0,0,0,1]]
//! initial = [6, 2, 2, 3, 1]          # s(1); s(n+1) = M s(n)
//! names = ["T33", "T31", "T13", "T11", "1"]   # optional
//! ```
//!
//! Entries are integers, or decimal strings for integers beyond 64 bits. The parser lives in
//! the library (not the command line) so that every front end reads files the same way and
//! reports the same errors; it knows nothing of files or paths, the caller names the file.

use super::ZMatrix;
use num_bigint::BigInt;
use std::fmt;

/// A parsed matrix file.
#[derive(Clone, Debug, PartialEq)]
pub struct MatrixFile {
    /// `M` (square).
    pub matrix: ZMatrix,
    /// `s(1)`, one entry per row of `M`.
    pub initial: Vec<BigInt>,
    /// Component names, if given (one per row of `M`).
    pub names: Option<Vec<String>>,
}

/// What is wrong with a matrix file: a complete sentence naming the key, row or entry and
/// what was expected (the caller prefixes the file name).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatrixFileError(pub String);

impl fmt::Display for MatrixFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for MatrixFileError {}

/// Most rows (and columns) of a matrix file's matrix. Chosen by measurement: the summary
/// of a random 100 x 100 matrix of one-digit entries (its spectrum) takes about 1.3 s, a
/// 200 x 200 about 12 s, on 2 shared cores.
pub const MAX_DIMENSION: usize = 128;

/// Most decimal digits of one entry (of the matrix or of `initial`): the analysis of a
/// 2 x 2 matrix with a 10,000-digit entry takes 0.1 s, with a 100,000-digit one 4.5 s.
pub const MAX_ENTRY_DIGITS: usize = 10_000;

/// Most decimal digits of all entries together (a 64 x 64 matrix of 50-digit entries,
/// 205,000 digits, takes 4.4 s).
pub const MAX_TOTAL_DIGITS: usize = 100_000;

/// The decimal digits of an entry as written (sign and surrounding blanks aside).
fn written_digits(v: &toml::Value) -> usize {
    match v {
        toml::Value::Integer(i) => i
            .unsigned_abs()
            .checked_ilog10()
            .map_or(1, |d| d as usize + 1),
        toml::Value::String(s) => s.trim().trim_start_matches(['-', '+']).len(),
        _ => 0,
    }
}

fn integer(v: &toml::Value, what: &str, total: &mut usize) -> Result<BigInt, String> {
    // Sizes first: the digits are counted before the text is converted.
    let digits = written_digits(v);
    if digits > MAX_ENTRY_DIGITS {
        return Err(format!(
            "{what}: {digits} digits, more than {MAX_ENTRY_DIGITS} (the limit of an entry)"
        ));
    }
    *total += digits;
    if *total > MAX_TOTAL_DIGITS {
        return Err(format!(
            "{what}: the entries so far have {} digits in all, more than {MAX_TOTAL_DIGITS} \
             (the limit of a matrix file)",
            *total
        ));
    }
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

impl MatrixFile {
    /// Parses the TOML text of a matrix file and checks its shape (square matrix, one
    /// initial entry and at most one name per row).
    ///
    /// ```
    /// use hanoilab::algebra::matrix_file::MatrixFile;
    /// let f = MatrixFile::parse("matrix = [[2, 1], [0, 1]]\ninitial = [1, \"1\"]").unwrap();
    /// assert_eq!(f.matrix.rows(), 2);
    /// assert!(f.names.is_none());
    /// let e = MatrixFile::parse("matrix = [[2, 1]]\ninitial = [1]").unwrap_err();
    /// assert!(e.to_string().contains("square"));
    /// ```
    pub fn parse(text: &str) -> Result<MatrixFile, MatrixFileError> {
        let bad = MatrixFileError;
        let table: toml::Table = text
            .parse()
            .map_err(|e: toml::de::Error| bad(format!("malformed TOML: {e}")))?;
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
        if rows.len() > MAX_DIMENSION {
            return Err(bad(format!(
                "the matrix has {} rows, more than {MAX_DIMENSION} (the limit of a matrix file)",
                rows.len()
            )));
        }
        let mut total = 0;
        let mut m: Vec<Vec<BigInt>> = Vec::with_capacity(rows.len());
        for (i, row) in rows.iter().enumerate() {
            let row = row
                .as_array()
                .ok_or_else(|| bad(format!("matrix row {} must be an array of integers", i + 1)))?;
            if row.len() > MAX_DIMENSION {
                return Err(bad(format!(
                    "matrix row {} has {} entries, more than {MAX_DIMENSION} (the limit of a \
                     matrix file)",
                    i + 1,
                    row.len()
                )));
            }
            m.push(
                row.iter()
                    .enumerate()
                    .map(|(j, v)| {
                        integer(
                            v,
                            &format!("matrix row {}, entry {}", i + 1, j + 1),
                            &mut total,
                        )
                    })
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
            .map(|(i, v)| integer(v, &format!("initial, entry {}", i + 1), &mut total))
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

    /// The component names: the file's, or `s1, s2, ...` (as in the analysis).
    pub fn component_names(&self) -> Vec<String> {
        match &self.names {
            Some(n) => n.clone(),
            None => (1..=self.matrix.rows()).map(|i| format!("s{i}")).collect(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_name_the_place() {
        let e = MatrixFile::parse("matrix = [[1, 2], [3, \"x\"]]\ninitial = [1, 2]").unwrap_err();
        assert!(e.0.contains("matrix row 2, entry 2"), "{e}");
        let e = MatrixFile::parse("matrix = [[1]]\ninitial = [1]\nfoo = 1").unwrap_err();
        assert!(e.0.contains("unknown key `foo`"), "{e}");
        let e = MatrixFile::parse("matrix = [[1]]\ninitial = [1, 2]").unwrap_err();
        assert!(e.0.contains("expected 1, found 2"), "{e}");
        let e =
            MatrixFile::parse("matrix = [[1]]\ninitial = [1]\nnames = [\"a\", \"b\"]").unwrap_err();
        assert!(e.0.contains("name every component"), "{e}");
    }

    #[test]
    fn sizes_are_checked_at_load() {
        let row = |k: usize| format!("[{}]", vec!["1"; k].join(","));
        let square = |k: usize| {
            let rows: Vec<String> = (0..k).map(|_| row(k)).collect();
            format!("matrix = [{}]\ninitial = {}", rows.join(","), row(k))
        };
        assert!(MatrixFile::parse(&square(MAX_DIMENSION)).is_ok());
        let e = MatrixFile::parse(&square(MAX_DIMENSION + 1)).unwrap_err();
        assert!(e.0.contains("more than 128"), "{e}");
        let digits = |d: usize| {
            format!(
                "matrix = [[\"{}\", 1], [1, 1]]\ninitial = [1, 1]",
                "7".repeat(d)
            )
        };
        assert!(MatrixFile::parse(&digits(MAX_ENTRY_DIGITS)).is_ok());
        let e = MatrixFile::parse(&digits(MAX_ENTRY_DIGITS + 1)).unwrap_err();
        assert!(e.0.contains("the limit of an entry"), "{e}");
        // Eleven entries of 10,000 digits: each within its limit, more than 100,000 in all.
        let wide: Vec<String> = (0..11)
            .map(|_| format!("\"{}\"", "7".repeat(10_000)))
            .collect();
        let rows: Vec<String> = (0..11).map(|_| format!("[{}]", wide.join(","))).collect();
        let e =
            MatrixFile::parse(&format!("matrix = [{}]\ninitial = []", rows.join(","))).unwrap_err();
        assert!(e.0.contains("in all"), "{e}");
    }

    #[test]
    fn big_entries_as_strings() {
        let big = "1".repeat(40);
        let f = MatrixFile::parse(&format!("matrix = [[\"{big}\"]]\ninitial = [7]")).unwrap();
        assert_eq!(f.matrix.get(0, 0).to_string(), big);
        assert_eq!(f.component_names(), vec!["s1".to_string()]);
    }
}

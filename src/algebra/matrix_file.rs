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
    fn big_entries_as_strings() {
        let big = "1".repeat(40);
        let f = MatrixFile::parse(&format!("matrix = [[\"{big}\"]]\ninitial = [7]")).unwrap();
        assert_eq!(f.matrix.get(0, 0).to_string(), big);
        assert_eq!(f.component_names(), vec!["s1".to_string()]);
    }
}

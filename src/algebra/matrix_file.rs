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
//! Entries are integers, or decimal strings for integers beyond 64 bits. The JSON that
//! `hanoilab show VARIANT --format json` writes is read too: its `transfer_system` (`names`,
//! `matrix`, `initial`, and `first_n`, the n of `initial`). The parser lives in
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
    /// The n of `initial`: 1 in a TOML file (`s(1)`), the `first_n` of a JSON one.
    pub first_n: u64,
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

/// The shape of a TOML value with the span of every array element: where an error is.
enum Tree {
    Array(Vec<toml::Spanned<Tree>>),
    Leaf,
}

impl<'de> serde::Deserialize<'de> for Tree {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Tree, D::Error> {
        struct Shape;
        impl<'de> serde::de::Visitor<'de> for Shape {
            type Value = Tree;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a TOML value")
            }
            fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut a: A) -> Result<Tree, A::Error> {
                let mut items = Vec::new();
                while let Some(x) = a.next_element::<toml::Spanned<Tree>>()? {
                    items.push(x);
                }
                Ok(Tree::Array(items))
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(self, mut a: A) -> Result<Tree, A::Error> {
                use serde::de::IgnoredAny;
                while a.next_entry::<IgnoredAny, IgnoredAny>()?.is_some() {}
                Ok(Tree::Leaf)
            }
            fn visit_bool<E>(self, _: bool) -> Result<Tree, E> {
                Ok(Tree::Leaf)
            }
            fn visit_i64<E>(self, _: i64) -> Result<Tree, E> {
                Ok(Tree::Leaf)
            }
            fn visit_u64<E>(self, _: u64) -> Result<Tree, E> {
                Ok(Tree::Leaf)
            }
            fn visit_f64<E>(self, _: f64) -> Result<Tree, E> {
                Ok(Tree::Leaf)
            }
            fn visit_str<E>(self, _: &str) -> Result<Tree, E> {
                Ok(Tree::Leaf)
            }
        }
        d.deserialize_any(Shape)
    }
}

/// `line:column: ` of the value at `key` and then the array indices `path` (as deep as the
/// file goes), for the front of an error message.
struct Places<'t> {
    text: &'t str,
    spans: std::collections::BTreeMap<String, toml::Spanned<Tree>>,
}

impl Places<'_> {
    fn at(&self, key: &str, path: &[usize]) -> String {
        let Some(mut node) = self.spans.get(key) else {
            return "1:1: ".into();
        };
        for &i in path {
            match node.get_ref() {
                Tree::Array(items) if i < items.len() => node = &items[i],
                _ => break,
            }
        }
        let (line, col) = crate::toml_errors::line_col(self.text, node.span().start);
        format!("{line}:{col}: ")
    }
}

impl MatrixFile {
    /// Parses the TOML text of a matrix file and checks its shape (square matrix, one
    /// initial entry and at most one name per row, names distinct). An error starts with
    /// the line and column of what is wrong (`LINE:COL: ...`; the caller prefixes the file).
    ///
    /// ```
    /// use hanoilab::algebra::matrix_file::MatrixFile;
    /// let f = MatrixFile::parse("matrix = [[2, 1], [0, 1]]\ninitial = [1, \"1\"]").unwrap();
    /// assert_eq!(f.matrix.rows(), 2);
    /// assert!(f.names.is_none());
    /// let e = MatrixFile::parse("matrix = [[2, 1]]\ninitial = [1]").unwrap_err();
    /// assert!(e.to_string().starts_with("1:10: "), "{e}");
    /// assert!(e.to_string().contains("square"));
    /// ```
    pub fn parse(text: &str) -> Result<MatrixFile, MatrixFileError> {
        if text.trim_start().starts_with('{') {
            return MatrixFile::parse_json(text);
        }
        let bad = MatrixFileError;
        let syntax = |e: toml::de::Error| {
            let (line, col, message) = crate::toml_errors::locate(text, &e);
            let hint = if message.contains("too large") {
                " (write an integer beyond 64 bits as a decimal string, e.g. \"123456789012345678901\")"
            } else {
                ""
            };
            bad(format!("{line}:{col}: malformed TOML: {message}{hint}"))
        };
        let table: toml::Table = text.parse().map_err(syntax)?;
        let places = Places {
            text,
            spans: toml::from_str(text).map_err(syntax)?,
        };
        let at = |key: &str, path: &[usize]| places.at(key, path);
        for key in table.keys() {
            if !["matrix", "initial", "names"].contains(&key.as_str()) {
                return Err(bad(format!(
                    "{}unknown key `{key}` (expected `matrix`, `initial` and optionally `names`)",
                    at(key, &[])
                )));
            }
        }
        let rows = table
            .get("matrix")
            .ok_or_else(|| bad("1:1: missing `matrix = [[...], ...]` (the rows of M)".into()))?
            .as_array()
            .ok_or_else(|| {
                bad(format!(
                    "{}`matrix` must be an array of rows",
                    at("matrix", &[])
                ))
            })?;
        if rows.len() > MAX_DIMENSION {
            return Err(bad(format!(
                "{}the matrix has {} rows, more than {MAX_DIMENSION} (the limit of a matrix file)",
                at("matrix", &[]),
                rows.len()
            )));
        }
        let mut total = 0;
        let mut m: Vec<Vec<BigInt>> = Vec::with_capacity(rows.len());
        for (i, row) in rows.iter().enumerate() {
            let row = row.as_array().ok_or_else(|| {
                bad(format!(
                    "{}matrix row {} must be an array of integers",
                    at("matrix", &[i]),
                    i + 1
                ))
            })?;
            if row.len() > MAX_DIMENSION {
                return Err(bad(format!(
                    "{}matrix row {} has {} entries, more than {MAX_DIMENSION} (the limit of a \
                     matrix file)",
                    at("matrix", &[i]),
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
                        .map_err(|e| format!("{}{e}", at("matrix", &[i, j])))
                    })
                    .collect::<Result<_, _>>()
                    .map_err(bad)?,
            );
        }
        let matrix =
            ZMatrix::from_rows(m).map_err(|e| bad(format!("{}matrix: {e}", at("matrix", &[]))))?;
        if !matrix.is_square() {
            return Err(bad(format!(
                "{}the matrix must be square: it has {} rows of {} entries",
                at("matrix", &[]),
                matrix.rows(),
                matrix.cols()
            )));
        }
        let initial: Vec<BigInt> = table
            .get("initial")
            .ok_or_else(|| bad("1:1: missing `initial = [...]` (the vector s(1))".into()))?
            .as_array()
            .ok_or_else(|| {
                bad(format!(
                    "{}`initial` must be an array of integers",
                    at("initial", &[])
                ))
            })?
            .iter()
            .enumerate()
            .map(|(i, v)| {
                integer(v, &format!("initial, entry {}", i + 1), &mut total)
                    .map_err(|e| format!("{}{e}", at("initial", &[i])))
            })
            .collect::<Result<_, _>>()
            .map_err(bad)?;
        if initial.len() != matrix.rows() {
            return Err(bad(format!(
                "{}`initial` must have one entry per row of the matrix: expected {}, found {}",
                at("initial", &[]),
                matrix.rows(),
                initial.len()
            )));
        }
        let names = match table.get("names") {
            None => None,
            Some(v) => {
                let not_strings = || {
                    bad(format!(
                        "{}`names` must be an array of strings",
                        at("names", &[])
                    ))
                };
                let arr = v.as_array().ok_or_else(not_strings)?;
                let names: Vec<String> = arr
                    .iter()
                    .map(|n| n.as_str().map(str::to_string))
                    .collect::<Option<_>>()
                    .ok_or_else(not_strings)?;
                if names.len() != matrix.rows() {
                    return Err(bad(format!(
                        "{}`names` must name every component: expected {}, found {}",
                        at("names", &[]),
                        matrix.rows(),
                        names.len()
                    )));
                }
                // Two components of one name would make every later mention ambiguous.
                for (j, n) in names.iter().enumerate() {
                    if let Some(i) = names[..j].iter().position(|m| m == n) {
                        return Err(bad(format!(
                            "{}`names`: component {} is named {n:?} like component {} (names must differ)",
                            at("names", &[j]),
                            j + 1,
                            i + 1
                        )));
                    }
                }
                Some(names)
            }
        };
        Ok(MatrixFile {
            matrix,
            initial,
            names,
            first_n: 1,
        })
    }

    /// Reads the JSON of `hanoilab show VARIANT --format json` (its `transfer_system`), or
    /// such a system alone: `names`, `matrix` and `initial` as decimal strings or integers,
    /// `first_n` the n of `initial`. The limits are those of a TOML file.
    ///
    /// ```
    /// use hanoilab::algebra::MatrixFile;
    /// let f = MatrixFile::parse(r#"{"transfer_system": {"names": ["T", "1"],
    ///     "matrix": [["2", "1"], ["0", "1"]], "initial": ["0", "1"], "first_n": 0}}"#).unwrap();
    /// assert_eq!(f.first_n, 0);
    /// assert_eq!(f.transfer_system().state(5).unwrap()[0], 31.into());
    /// ```
    pub fn parse_json(text: &str) -> Result<MatrixFile, MatrixFileError> {
        let bad = MatrixFileError;
        let value: serde_json::Value = serde_json::from_str(text)
            .map_err(|e| bad(format!("{}:{}: malformed JSON: {e}", e.line(), e.column())))?;
        let system = match value.get("transfer_system") {
            Some(serde_json::Value::Null) => {
                return Err(bad(
                    "1:1: `transfer_system` is null: the variant has no transfer \
                                system (it is counted by memoised recursion)"
                        .into(),
                ))
            }
            Some(s) => s,
            None if value.get("matrix").is_some() => &value,
            None => {
                return Err(bad(
                    "1:1: no `transfer_system` (expected the JSON of `hanoilab show \
                                VARIANT --format json`, or an object with `matrix` and `initial`)"
                        .into(),
                ))
            }
        };
        let field = |key: &str| {
            system
                .get(key)
                .ok_or_else(|| bad(format!("1:1: `transfer_system.{key}` is missing")))
        };
        // Entries as TOML values, so a JSON file meets the same checks and limits.
        let entry = |v: &serde_json::Value| match v {
            serde_json::Value::String(s) => toml::Value::String(s.clone()),
            serde_json::Value::Number(n) => match n.as_i64() {
                Some(i) => toml::Value::Integer(i),
                None => toml::Value::String(n.to_string()),
            },
            serde_json::Value::Bool(b) => toml::Value::Boolean(*b),
            _ => toml::Value::Array(vec![]),
        };
        let array = |v: &serde_json::Value,
                     what: &str|
         -> Result<Vec<serde_json::Value>, MatrixFileError> {
            v.as_array()
                .cloned()
                .ok_or_else(|| bad(format!("1:1: `transfer_system.{what}` must be an array")))
        };
        let mut table = toml::Table::new();
        let rows = array(field("matrix")?, "matrix")?;
        let mut toml_rows = Vec::with_capacity(rows.len());
        for row in &rows {
            toml_rows.push(match row.as_array() {
                Some(r) => toml::Value::Array(r.iter().map(entry).collect()),
                None => entry(row),
            });
        }
        table.insert("matrix".into(), toml::Value::Array(toml_rows));
        let initial = array(field("initial")?, "initial")?;
        table.insert(
            "initial".into(),
            toml::Value::Array(initial.iter().map(entry).collect()),
        );
        if let Some(names) = system.get("names") {
            let names = array(names, "names")?;
            table.insert(
                "names".into(),
                toml::Value::Array(
                    names
                        .iter()
                        .map(|n| match n {
                            serde_json::Value::String(s) => toml::Value::String(s.clone()),
                            other => entry(other),
                        })
                        .collect(),
                ),
            );
        }
        let first_n = match system.get("first_n") {
            None => 1,
            Some(v) => v
                .as_u64()
                .filter(|&n| n <= u64::from(u32::MAX))
                .ok_or_else(|| {
                    bad(
                        "1:1: `transfer_system.first_n` must be an integer from 0 to 2^32 - 1"
                            .into(),
                    )
                })?,
        };
        // The checks of a TOML file, on the same values written as TOML (the JSON has no
        // spans to point into; its places are named by key, row and entry).
        let toml_text = toml::to_string(&table).map_err(|e| bad(format!("1:1: {e}")))?;
        let mut file = MatrixFile::parse(&toml_text).map_err(|e| {
            let message = e.0.split_once(": ").map_or(e.0.as_str(), |(_, m)| m);
            bad(format!("1:1: transfer_system: {message}"))
        })?;
        file.first_n = first_n;
        Ok(file)
    }

    /// The component names: the file's, or `s1, s2, ...` (as in the analysis).
    pub fn component_names(&self) -> Vec<String> {
        match &self.names {
            Some(n) => n.clone(),
            None => (1..=self.matrix.rows()).map(|i| format!("s{i}")).collect(),
        }
    }

    /// The file's system `s(n+1) = M s(n)` from `s(first_n)`, its components named by
    /// [`MatrixFile::component_names`].
    ///
    /// ```
    /// use hanoilab::algebra::MatrixFile;
    /// let f = MatrixFile::parse("matrix = [[1, 1], [1, 0]]\ninitial = [1, 1]").unwrap();
    /// let sys = f.transfer_system();
    /// assert_eq!(sys.names, ["s1", "s2"]);
    /// assert_eq!(sys.state(10).unwrap()[0], 89.into());
    /// ```
    pub fn transfer_system(&self) -> super::TransferSystem {
        super::TransferSystem::from_matrix(
            self.component_names(),
            &self.matrix,
            self.initial.clone(),
            self.first_n as u32,
        )
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
    fn errors_start_with_the_line_and_column() {
        let e =
            MatrixFile::parse("matrix = [[1, 2],\n  [3, \"x\"]]\ninitial = [1, 2]").unwrap_err();
        assert!(e.0.starts_with("2:7: matrix row 2, entry 2"), "{e}");
        let big =
            MatrixFile::parse("matrix = [[99999999999999999999]]\ninitial = [1]").unwrap_err();
        assert!(big.0.starts_with("1:12: "), "{big}");
        assert!(big.0.contains("64 bits") && !big.0.contains('\n'), "{big}");
        let dup = MatrixFile::parse(
            "matrix = [[1, 0], [0, 1]]\ninitial = [1, 1]\nnames = [\"a\", \"a\"]",
        )
        .unwrap_err();
        assert!(dup.0.starts_with("3:15: "), "{dup}");
        assert!(dup.0.contains("names must differ"), "{dup}");
        let e = MatrixFile::parse("matrix = [[1]]\ninitial = 5").unwrap_err();
        assert!(e.0.starts_with("2:11: "), "{e}");
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

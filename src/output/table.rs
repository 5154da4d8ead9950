//! Exact tables: CSV, OEIS b-files and Markdown.
//!
//! Integer cells are big integers and are written in full; nothing is truncated to fit a
//! machine type. A column has one kind ([`ColumnKind`]), the same in CSV and Parquet: a
//! column of integers that a reader's 64-bit integer (or, with empty cells, pandas' float)
//! holds exactly is written as numbers; any other column of integers is a decimal column,
//! named `NAME_decimal`, whose CSV values no type-guessing reader takes for numbers
//! (`data/tables/README.md`, from `tables_readme.md`, says how to read it).

use crate::algebra::radix::to_decimal;
use num_bigint::BigInt;
use std::fmt::Write as _;

/// One cell of a [`Table`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Cell {
    /// An exact integer.
    Int(BigInt),
    /// Text (also used for formatted decimals, so output is deterministic).
    Text(String),
    /// A truth value (`true` / `false` in text, a boolean in Parquet and JSON).
    Bool(bool),
    /// No value.
    Empty,
}

impl From<BigInt> for Cell {
    fn from(v: BigInt) -> Cell {
        Cell::Int(v)
    }
}
impl From<&BigInt> for Cell {
    fn from(v: &BigInt) -> Cell {
        Cell::Int(v.clone())
    }
}
impl From<u64> for Cell {
    fn from(v: u64) -> Cell {
        Cell::Int(BigInt::from(v))
    }
}
impl From<i64> for Cell {
    fn from(v: i64) -> Cell {
        Cell::Int(BigInt::from(v))
    }
}
impl From<usize> for Cell {
    fn from(v: usize) -> Cell {
        Cell::Int(BigInt::from(v))
    }
}
impl From<&str> for Cell {
    fn from(v: &str) -> Cell {
        Cell::Text(v.to_string())
    }
}
impl From<String> for Cell {
    fn from(v: String) -> Cell {
        Cell::Text(v)
    }
}
impl From<bool> for Cell {
    fn from(v: bool) -> Cell {
        Cell::Bool(v)
    }
}
impl<T: Into<Cell>> From<Option<T>> for Cell {
    fn from(v: Option<T>) -> Cell {
        v.map(Into::into).unwrap_or(Cell::Empty)
    }
}

impl Cell {
    /// The cell as CSV/Markdown text (empty for [`Cell::Empty`]).
    pub fn text(&self) -> String {
        match self {
            Cell::Int(v) => to_decimal(v),
            Cell::Text(s) => s.clone(),
            Cell::Bool(b) => b.to_string(),
            Cell::Empty => String::new(),
        }
    }

    /// Whether the cell holds no value: [`Cell::Empty`], or an empty text (which CSV cannot
    /// tell apart from it, so Parquet stores both as null).
    pub fn is_empty(&self) -> bool {
        match self {
            Cell::Empty => true,
            Cell::Text(s) => s.is_empty(),
            _ => false,
        }
    }
}

/// The kind of a column of a [`Table`] in CSV and Parquet ([`Table::column_kind`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ColumnKind {
    /// Integers every reader holds exactly as numbers: all fit a signed 64-bit integer, and
    /// where the column has an empty cell, all are at most 2^53 in absolute value (pandas
    /// reads an integer column with gaps as 64-bit floats, exact only that far). CSV: plain
    /// decimal numbers; Parquet: `Int64`.
    Integer,
    /// Integers some of which no such reader holds exactly: the column is named
    /// `NAME_decimal` ([`DECIMAL_SUFFIX`]). CSV: each value's decimal digits followed by
    /// [`CSV_DECIMAL_MARK`], which makes it text to every type-guessing reader (polars and
    /// pandas read the column as strings, never as rounded or failing numbers); Parquet:
    /// strings of decimal digits.
    Decimal,
    /// Truth values: `true` / `false` in CSV (polars and pandas read booleans), `Boolean`
    /// in Parquet.
    Boolean,
    /// Text (or a mixture of kinds): as written; Parquet strings.
    Text,
}

/// The suffix of the name of a [`ColumnKind::Decimal`] column in CSV and Parquet (the
/// Python package's `table` names its DataFrame columns beyond Int64 the same way).
pub const DECIMAL_SUFFIX: &str = "_decimal";

/// What follows the digits of a [`ColumnKind::Decimal`] value in CSV (`1267650600228229401496703205375n`,
/// as JavaScript writes a big integer). polars' `read_csv` reads a column of bare digits
/// as integers even when quoted, and stops at the first value beyond 128 bits; pandas and
/// spreadsheets read quoted digits as numbers too. A digit string with this mark is text to
/// all of them.
pub const CSV_DECIMAL_MARK: char = 'n';

/// The largest integer a 64-bit float holds exactly together with all smaller ones.
const FLOAT_EXACT: u64 = 1 << 53;

/// A rectangular table with named columns.
///
/// ```
/// use hanoilab::output::{Cell, Table};
/// let mut t = Table::new(&["n", "moves"]);
/// t.push(vec![Cell::from(1u64), Cell::from(1u64)]);
/// t.push(vec![Cell::from(2u64), Cell::from(3u64)]);
/// assert_eq!(t.to_csv(), "n,moves\n1,1\n2,3\n");
/// assert_eq!(t.to_bfile(1).unwrap(), "1 1\n2 3\n");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Table {
    /// Column names.
    pub columns: Vec<String>,
    /// Rows, each as long as `columns`.
    pub rows: Vec<Vec<Cell>>,
}

impl Table {
    /// An empty table with the given column names.
    pub fn new(columns: &[&str]) -> Table {
        Table {
            columns: columns.iter().map(|s| s.to_string()).collect(),
            rows: Vec::new(),
        }
    }

    /// Appends a row.
    ///
    /// # Panics
    /// If the row length differs from the number of columns (a programming error).
    pub fn push(&mut self, row: Vec<Cell>) {
        assert_eq!(
            row.len(),
            self.columns.len(),
            "row length must match the columns"
        );
        self.rows.push(row);
    }

    /// Index of a column by name.
    pub fn column_index(&self, name: &str) -> Option<usize> {
        self.columns.iter().position(|c| c == name)
    }

    /// Whether every non-empty cell of column `j` is an integer.
    pub fn is_integer_column(&self, j: usize) -> bool {
        self.rows
            .iter()
            .all(|r| matches!(r[j], Cell::Int(_)) || r[j].is_empty())
    }

    /// The kind column `j` is written as in CSV and Parquet (see [`ColumnKind`]). A column
    /// with no value at all is an integer column.
    ///
    /// ```
    /// use hanoilab::output::{Cell, ColumnKind, Table};
    /// use num_bigint::BigInt;
    /// let mut t = Table::new(&["n", "T", "agrees"]);
    /// t.push(vec![Cell::from(1u64), Cell::from(BigInt::from(2).pow(64u32)), Cell::from(true)]);
    /// assert_eq!(t.column_kind(0), ColumnKind::Integer);
    /// assert_eq!(t.column_kind(1), ColumnKind::Decimal);
    /// assert_eq!(t.column_kind(2), ColumnKind::Boolean);
    /// assert_eq!(t.file_column_name(1), "T_decimal");
    /// assert_eq!(t.to_csv(), "n,T_decimal,agrees\n1,18446744073709551616n,true\n");
    /// ```
    pub fn column_kind(&self, j: usize) -> ColumnKind {
        let cells = || self.rows.iter().map(|r| &r[j]).filter(|c| !c.is_empty());
        if cells().all(|c| matches!(c, Cell::Int(_))) {
            let gaps = self.rows.iter().any(|r| r[j].is_empty());
            let exact = |c: &Cell| match c {
                Cell::Int(v) if gaps => v.magnitude() <= &num_bigint::BigUint::from(FLOAT_EXACT),
                Cell::Int(v) => i64::try_from(v).is_ok(),
                _ => false,
            };
            if cells().all(exact) {
                ColumnKind::Integer
            } else {
                ColumnKind::Decimal
            }
        } else if cells().all(|c| matches!(c, Cell::Bool(_))) {
            ColumnKind::Boolean
        } else {
            ColumnKind::Text
        }
    }

    /// The name of column `j` in CSV and Parquet: its name, with [`DECIMAL_SUFFIX`] for a
    /// [`ColumnKind::Decimal`] column.
    pub fn file_column_name(&self, j: usize) -> String {
        match self.column_kind(j) {
            ColumnKind::Decimal => format!("{}{DECIMAL_SUFFIX}", self.columns[j]),
            _ => self.columns[j].clone(),
        }
    }

    /// RFC 4180 CSV with a header line and `\n` line ends, one kind per column
    /// ([`Table::column_kind`]), so that polars' and pandas' `read_csv` with default options
    /// load every column with one type and every integer exactly.
    ///
    /// A decimal column (`NAME_decimal`) writes each value as its digits followed by
    /// [`CSV_DECIMAL_MARK`]; every other integer is a plain number.
    pub fn to_csv(&self) -> String {
        let kinds: Vec<ColumnKind> = (0..self.columns.len())
            .map(|j| self.column_kind(j))
            .collect();
        let mut out = String::new();
        let header: Vec<String> = (0..self.columns.len())
            .map(|j| csv_field(&self.file_column_name(j)))
            .collect();
        out.push_str(&header.join(","));
        out.push('\n');
        for row in &self.rows {
            let fields: Vec<String> = row
                .iter()
                .zip(&kinds)
                .map(|(c, &kind)| csv_cell(c, kind))
                .collect();
            out.push_str(&fields.join(","));
            out.push('\n');
        }
        out
    }
    /// Aligned plain-text columns, numbers right-aligned, any width.
    pub fn to_human(&self) -> String {
        let table = self;
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

    /// The rows as JSON objects keyed by column; big integers as decimal strings (exact in
    /// every JSON reader), empty cells as `null`.
    pub fn to_json_records(&self) -> Vec<serde_json::Map<String, serde_json::Value>> {
        self.rows
            .iter()
            .map(|r| {
                self.columns
                    .iter()
                    .zip(r)
                    .map(|(c, v)| {
                        let value = match v {
                            Cell::Int(i) => serde_json::Value::String(to_decimal(i)),
                            Cell::Text(t) => serde_json::Value::String(t.clone()),
                            Cell::Bool(b) => serde_json::Value::Bool(*b),
                            Cell::Empty => serde_json::Value::Null,
                        };
                        (c.clone(), value)
                    })
                    .collect()
            })
            .collect()
    }

    /// An OEIS b-file (`n a(n)` lines) from column 0 (n) and column `value_column`.
    /// Rows where either cell is not an integer are skipped; `None` if no row qualifies.
    pub fn to_bfile(&self, value_column: usize) -> Option<String> {
        let mut out = String::new();
        for row in &self.rows {
            if let (Cell::Int(n), Cell::Int(v)) = (&row[0], &row[value_column]) {
                let _ = writeln!(out, "{n} {}", to_decimal(v));
            }
        }
        (!out.is_empty()).then_some(out)
    }

    /// A GitHub-flavoured Markdown table. Cells longer than `max_cell` characters are shown
    /// shortened with their digit count (the CSV keeps them whole).
    pub fn to_markdown(&self, max_cell: usize) -> String {
        let mut out = String::new();
        let _ = writeln!(out, "| {} |", self.columns.join(" | "));
        let _ = writeln!(
            out,
            "|{}",
            self.columns.iter().map(|_| "---|").collect::<String>()
        );
        for row in &self.rows {
            let cells: Vec<String> = row
                .iter()
                .map(|c| {
                    let t = c.text().replace('|', "\\|");
                    shorten(&t, max_cell)
                })
                .collect();
            let _ = writeln!(out, "| {} |", cells.join(" | "));
        }
        out
    }
}

fn csv_cell(c: &Cell, kind: ColumnKind) -> String {
    match (c, kind) {
        (Cell::Int(v), ColumnKind::Decimal) => format!("{}{CSV_DECIMAL_MARK}", to_decimal(v)),
        (Cell::Int(v), _) => to_decimal(v),
        _ => csv_field(&c.text()),
    }
}

fn csv_field(s: &str) -> String {
    if s.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

/// Shortens a long number or text for display: `1234…5678 (40 digits)`.
pub fn shorten(t: &str, max: usize) -> String {
    let len = t.chars().count();
    if len <= max || max < 12 {
        return t.to_string();
    }
    let digits = t.chars().all(|c| c.is_ascii_digit() || c == '-');
    let head: String = t.chars().take(max / 2 - 2).collect();
    let tail: String = t.chars().skip(len - (max / 2 - 2)).collect();
    if digits {
        format!("{head}…{tail} ({len} digits)")
    } else {
        format!("{head}…{tail}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn csv_quotes_only_when_needed() {
        let mut t = Table::new(&["n", "note"]);
        t.push(vec![Cell::from(3u64), Cell::from("a, \"b\"")]);
        t.push(vec![Cell::Empty, Cell::from("plain")]);
        assert_eq!(t.to_csv(), "n,note\n3,\"a, \"\"b\"\"\"\n,plain\n");
    }

    #[test]
    fn a_column_with_an_integer_beyond_64_bits_is_a_marked_decimal_column() {
        let fits = BigInt::from(i64::MAX);
        let beyond = BigInt::from(i64::MAX) + 1;
        let negative = -(BigInt::from(3).pow(700u32)); // 334 digits
        let mut t = Table::new(&["n", "small", "big", "huge"]);
        t.push(vec![
            Cell::from(1u64),
            Cell::from(&fits),
            Cell::from(0u64),
            Cell::from(&negative),
        ]);
        t.push(vec![
            Cell::from(2u64),
            Cell::from(-1i64),
            Cell::from(&beyond),
            Cell::from(5u64),
        ]);
        assert_eq!(
            (1..4).map(|j| t.column_kind(j)).collect::<Vec<_>>(),
            [
                ColumnKind::Integer,
                ColumnKind::Decimal,
                ColumnKind::Decimal
            ]
        );
        let csv = t.to_csv();
        let lines: Vec<&str> = csv.lines().collect();
        assert_eq!(lines[0], "n,small,big_decimal,huge_decimal");
        // Every value of a decimal column carries the mark, the small ones too: one type per
        // column.
        assert_eq!(lines[1], format!("1,{fits},0n,{negative}n"));
        assert_eq!(lines[2], format!("2,-1,{beyond}n,5n"));
        // Without the mark the digits give back the exact value.
        let field = lines[1].rsplit(',').next().unwrap();
        let back: BigInt = field
            .strip_suffix(CSV_DECIMAL_MARK)
            .unwrap()
            .parse()
            .unwrap();
        assert_eq!(back, negative);
    }

    #[test]
    fn an_integer_column_with_gaps_holds_only_what_a_float_keeps() {
        // The bound is found from f64 itself, not from the constant: 2^53 and every integer
        // below it come back from a float unchanged, 2^53 + 1 does not.
        let limit = FLOAT_EXACT;
        assert_eq!(limit as f64 as u64, limit);
        assert_ne!((limit + 1) as f64 as u64, limit + 1);
        let column = |v: u64, gap: bool| {
            let mut t = Table::new(&["v"]);
            t.push(vec![Cell::from(v)]);
            if gap {
                t.push(vec![Cell::Empty]);
            }
            t.column_kind(0)
        };
        assert_eq!(column(limit, true), ColumnKind::Integer);
        assert_eq!(column(limit + 1, true), ColumnKind::Decimal);
        // Without a gap, every 64-bit integer is a number (polars and pandas read Int64).
        assert_eq!(column(limit + 1, false), ColumnKind::Integer);
        assert_eq!(column(i64::MAX as u64 + 1, false), ColumnKind::Decimal);
        // An empty text is no value, as in the CSV.
        let mut t = Table::new(&["v"]);
        t.push(vec![Cell::from(limit + 1)]);
        t.push(vec![Cell::from("")]);
        assert_eq!(t.column_kind(0), ColumnKind::Decimal);
    }

    #[test]
    fn booleans_texts_and_mixtures() {
        let mut t = Table::new(&["b", "t", "mixed", "none"]);
        t.push(vec![
            Cell::from(true),
            Cell::from("x"),
            Cell::from(3u64),
            Cell::Empty,
        ]);
        t.push(vec![
            Cell::Empty,
            Cell::Empty,
            Cell::from("infinity"),
            Cell::Empty,
        ]);
        t.push(vec![
            Cell::from(false),
            Cell::from("y"),
            Cell::from(true),
            Cell::Empty,
        ]);
        let kinds: Vec<ColumnKind> = (0..4).map(|j| t.column_kind(j)).collect();
        use ColumnKind::*;
        assert_eq!(kinds, [Boolean, Text, Text, Integer]);
        assert_eq!(
            t.to_csv(),
            "b,t,mixed,none\ntrue,x,3,\n,,infinity,\nfalse,y,true,\n"
        );
        let json = t.to_json_records();
        assert_eq!(json[0]["b"], serde_json::Value::Bool(true));
        assert_eq!(json[1]["b"], serde_json::Value::Null);
    }

    #[test]
    fn big_integers_are_written_whole() {
        let big: BigInt = BigInt::from(2).pow(200u32) - 1;
        let mut t = Table::new(&["n", "v"]);
        t.push(vec![Cell::from(200u64), Cell::from(&big)]);
        assert!(t.to_csv().contains(&big.to_string()));
        let md = t.to_markdown(30);
        assert!(md.contains("(61 digits)"));
    }

    #[test]
    fn bfile_round_trip() {
        let mut t = Table::new(&["n", "a"]);
        for n in 0..5u64 {
            t.push(vec![Cell::from(n), Cell::from(3u64.pow(n as u32) - 1)]);
        }
        let text = t.to_bfile(1).unwrap();
        let parsed = crate::literature::check::parse_bfile(&text).unwrap();
        assert_eq!(parsed.len(), 5);
        assert_eq!(parsed[4], (4, BigInt::from(80)));
    }
}

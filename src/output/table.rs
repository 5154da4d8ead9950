//! Exact tables: CSV, OEIS b-files and Markdown.
//!
//! Integer cells are big integers and are written in full; nothing is truncated to fit a
//! machine type (in CSV, integers longer than 15 digits are quoted so readers keep them as
//! text instead of rounding them to a float). (The Parquet exporter stores a column as `Int64` only when every value fits,
//! and as decimal strings otherwise.)

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
            Cell::Empty => String::new(),
        }
    }
}

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
            .all(|r| matches!(r[j], Cell::Int(_) | Cell::Empty))
    }

    /// RFC 4180 CSV with a header line and `\n` line ends.
    ///
    /// Integers of more than [`CSV_EXACT_DIGITS`] digits are written quoted (`"1267…375"`):
    /// spreadsheets and CSV readers that guess types read an unquoted number as a 64-bit
    /// float, which keeps only about 15 significant digits, so a long value would come back
    /// silently rounded. Quoted, it is read as text and can be converted exactly (e.g. pandas
    /// with `dtype=str`, then Python's `int`). Shorter integers stay unquoted numbers.
    pub fn to_csv(&self) -> String {
        let mut out = String::new();
        let header: Vec<String> = self.columns.iter().map(|c| csv_field(c)).collect();
        out.push_str(&header.join(","));
        out.push('\n');
        for row in &self.rows {
            let fields: Vec<String> = row.iter().map(csv_cell).collect();
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

/// The most digits an integer may have and still be written as an unquoted CSV number: every
/// integer of at most 15 decimal digits survives a round trip through a 64-bit float
/// (`10^15 < 2^53`), while some 16-digit ones do not.
pub const CSV_EXACT_DIGITS: usize = 15;

fn csv_cell(c: &Cell) -> String {
    match c {
        Cell::Int(v) => {
            let t = to_decimal(v);
            if t.trim_start_matches('-').len() > CSV_EXACT_DIGITS {
                format!("\"{t}\"")
            } else {
                t
            }
        }
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
    fn csv_quotes_integers_a_float_would_round() {
        // The threshold is found from f64 itself, not from the constant: the largest digit
        // count at which every integer (here the worst case, all nines, and 10^d + 1) comes
        // back unchanged from a float.
        let exact = |d: u32| {
            let all_nines = 10u64.pow(d) - 1;
            let odd = 10u64.pow(d - 1) + 1;
            [all_nines, odd].iter().all(|&v| v as f64 as u64 == v)
        };
        assert!(exact(15) && !exact(16) && !exact(17));
        let short: BigInt = BigInt::from(10u64.pow(15) - 1); // 15 digits
        let long: BigInt = BigInt::from(2).pow(63u32); // 19 digits
        let huge: BigInt = -(BigInt::from(3).pow(700u32)); // 334 digits, negative
        let mut t = Table::new(&["n", "v"]);
        t.push(vec![Cell::from(1u64), Cell::from(&short)]);
        t.push(vec![Cell::from(2u64), Cell::from(&long)]);
        t.push(vec![Cell::from(3u64), Cell::from(&huge)]);
        t.push(vec![Cell::from(4u64), Cell::Empty]);
        let csv = t.to_csv();
        let lines: Vec<&str> = csv.lines().collect();
        assert_eq!(lines[1], format!("1,{short}"));
        assert_eq!(lines[2], format!("2,\"{long}\""));
        assert_eq!(lines[3], format!("3,\"{huge}\""));
        assert_eq!(lines[4], "4,");
        // Unquoting gives back the exact value.
        let back: BigInt = lines[3][2..].trim_matches('"').parse().unwrap();
        assert_eq!(back, huge);
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

//! OEIS b-files: read one, and check a sequence against it row by row.

use super::*;

/// A line of a b-file that does not parse.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BfileError {
    /// 1-based line number.
    pub line: usize,
    /// What is wrong with it.
    pub message: String,
}

impl std::fmt::Display for BfileError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

/// Parses an OEIS b-file: `n a(n)` per line, the indices consecutive (as OEIS b-files
/// list them); `#` comments and blank lines are skipped. A file without a row, an index
/// that repeats or skips one, or a field that is not an integer is refused with its line.
///
/// ```
/// use hanoilab::literature::check::parse_bfile;
/// let rows = parse_bfile("# 2^n - 1\n1 1\n2 3\n").unwrap();
/// assert_eq!(rows[1], (2, 3.into()));
/// assert_eq!(parse_bfile("1 1\n2 x\n").unwrap_err().line, 2);
/// assert_eq!(parse_bfile("1 1\n3 7\n").unwrap_err().line, 2);
/// assert!(parse_bfile("# only a comment\n").is_err());
/// ```
pub fn parse_bfile(text: &str) -> Result<Vec<(i64, BigInt)>, BfileError> {
    let mut out: Vec<(i64, BigInt)> = vec![];
    let mut lines = 0;
    for (i, line) in text.lines().enumerate() {
        lines = i + 1;
        let l = line.trim();
        if l.is_empty() || l.starts_with('#') {
            continue;
        }
        let error = |message: String| BfileError {
            line: i + 1,
            message,
        };
        let mut parts = l.split_whitespace();
        let (Some(n), Some(v), None) = (parts.next(), parts.next(), parts.next()) else {
            return Err(error(format!("expected 'n a(n)', found '{l}'")));
        };
        let n: i64 = n
            .parse()
            .map_err(|_| error(format!("bad index '{n}' (expected an integer)")))?;
        let v: BigInt = v
            .parse()
            .map_err(|_| error(format!("bad value '{v}' (expected an integer)")))?;
        if let Some(&(last, _)) = out.last() {
            if n != last.saturating_add(1) {
                let what = if n <= last {
                    "repeats or goes back"
                } else {
                    "skips"
                };
                return Err(error(format!(
                    "index {n} after {last}: the index {what} (a b-file lists consecutive n)"
                )));
            }
        }
        out.push((n, v));
    }
    if out.is_empty() {
        return Err(BfileError {
            line: lines.max(1),
            message: "no row 'n a(n)' in the file (a b-file needs at least one)".into(),
        });
    }
    Ok(out)
}

/// Checks `t` against the rows of a b-file named `source`: `holds` when every row agrees
/// (a finite claim, every case checked), `fails` at the first row that does not.
pub fn check_bfile(
    t: &TargetSeq,
    rows: &[(i64, BigInt)],
    source: &str,
) -> Result<Verdict, CheckError> {
    t.prepare_points(&rows.iter().map(|r| r.0).collect::<Vec<_>>())
        .map_err(|e| e.context(source))?;
    for (n, v) in rows {
        let actual = t
            .at(*n)
            .map_err(|e| e.context(format!("{source}: n = {n}")))?;
        if &actual != v {
            return Ok(fails(
                format!("at n = {n}: {source} has {v}, {} is {actual}", t.name()),
                Some(*n),
                v.to_string(),
                actual.to_string(),
            ));
        }
    }
    let range = match (rows.first(), rows.last()) {
        (Some(f), Some(l)) => format!("{}..{}", f.0, l.0),
        _ => "(empty)".into(),
    };
    Ok(holds(format!(
        "{} agrees with {source} on all {} rows (n = {range})",
        t.name(),
        rows.len()
    )))
}

//! The recorded searches: long runs made outside the report (`hanoilab search --record`),
//! kept in `data/records/search-records.csv` and compiled in, so every statement built on
//! them stays a function of the repository's files.
//!
//! A record names a puzzle as `VARIANT.FUNCTION` (with `[k=v;...]` parameters). It answers
//! for every function whose puzzle at that n is the same puzzle (Checkers is searched as
//! `checkers.P`, whose start, goal and bases are those of Lunnon's `checkers.DDDD`).

use crate::variants::{Params, Variant};
use num_bigint::BigInt;
use std::collections::BTreeMap;
use std::sync::OnceLock;

/// The record file, one row per run.
pub const SEARCH_RECORDS: &str = include_str!("../../data/records/search-records.csv");

/// One run of the record file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchRecord {
    /// The puzzle as written in the file, e.g. `many-pin.M[p=5]`.
    pub puzzle: String,
    /// The variant id.
    pub variant: String,
    /// The function whose puzzle was searched.
    pub function: String,
    /// The parameters written in brackets (none: the variant's defaults).
    pub params: Params,
    /// Number of discs.
    pub n: u64,
    /// The minimum number of moves (`None`: not recorded).
    pub minimum: Option<u64>,
    /// The number of minimal move sequences, where the run counted them.
    pub solutions: Option<BigInt>,
    /// States the run reached (or, for a half-way run, the representatives it visited).
    pub states: Option<u64>,
    /// The start's eccentricity, where the run measured it.
    pub eccentricity: Option<u64>,
    /// Wall-clock seconds, as written.
    pub wall: String,
    /// Peak resident bytes.
    pub peak: Option<u64>,
    /// How the run searched (`bfs`, `halfway+symmetry`, ...).
    pub method: String,
    /// CPU seconds, as written (may be empty).
    pub cpu: String,
}

/// A malformed record file.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("search records: {0}")]
pub struct RecordsError(pub String);

/// The rows of a CSV text, the header first, each field unquoted (RFC 4180: commas and
/// line breaks inside double quotes, `""` for a quote). Rows may differ in length.
///
/// ```
/// use hanoilab::facts::csv_rows;
/// let rows = csv_rows("a,b\nx,\"1,2 \"\"q\"\"\"\n").unwrap();
/// assert_eq!(rows[1], ["x", "1,2 \"q\""]);
/// ```
pub fn csv_rows(text: &str) -> Result<Vec<Vec<String>>, RecordsError> {
    csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .from_reader(text.as_bytes())
        .records()
        .map(|r| {
            r.map(|r| r.iter().map(str::to_string).collect())
                .map_err(|e| RecordsError(format!("malformed CSV: {e}")))
        })
        .collect()
}

/// `VARIANT.FUNCTION[k=v;...]` split into its parts (a function is required).
fn split_puzzle(puzzle: &str) -> Option<(String, String, Params)> {
    let t = crate::variants::Target::parse(puzzle).ok()?;
    let function = t.function()?.to_string();
    Some((t.variant().to_string(), function, t.params().clone()))
}

/// The columns of the records that are read, in the order of the copy under `data/tables/`.
pub const RECORD_COLUMNS: [&str; 10] = [
    "puzzle",
    "n",
    "minimum",
    "optimal_solutions",
    "states_reached",
    "eccentricity",
    "wall_seconds",
    "peak_bytes",
    "method",
    "cpu_seconds",
];

/// Parses a record file (header `puzzle,n,minimum,optimal_solutions,...`).
///
/// ```
/// use hanoilab::facts::parse_search_records;
/// let text = "puzzle,n,minimum,optimal_solutions,states_reached,eccentricity,wall_seconds,peak_bytes,version,method,cpu_seconds\n\
///             classic.T,3,7,\"1\",27,7,0.1,100,0.1.0,bfs,\n";
/// let r = parse_search_records(text).unwrap();
/// assert_eq!((r[0].function.as_str(), r[0].n, r[0].minimum), ("T", 3, Some(7)));
/// ```
pub fn parse_search_records(text: &str) -> Result<Vec<SearchRecord>, RecordsError> {
    let rows = csv_rows(text)?;
    let mut rows = rows.iter();
    let header = rows.next().cloned().unwrap_or_default();
    let col = |name: &str| {
        header
            .iter()
            .position(|h| h == name)
            .ok_or_else(|| RecordsError(format!("no column `{name}`")))
    };
    let [puzzle, n, minimum, solutions, states, ecc, wall, peak, method, cpu] =
        RECORD_COLUMNS.map(col);
    let (puzzle, n, minimum, solutions) = (puzzle?, n?, minimum?, solutions?);
    let (states, ecc, wall, peak, method, cpu) = (states?, ecc?, wall?, peak?, method?, cpu?);
    let mut out = Vec::new();
    for (i, f) in rows.enumerate() {
        let bad = || RecordsError(format!("row {}: `{}`", i + 2, f.join(",")));
        let get = |j: usize| f.get(j).map(String::as_str).unwrap_or("");
        let num = |j: usize| -> Result<Option<u64>, RecordsError> {
            match get(j) {
                "" => Ok(None),
                s => s.parse().map(Some).map_err(|_| bad()),
            }
        };
        let (variant, function, params) = split_puzzle(get(puzzle)).ok_or_else(bad)?;
        out.push(SearchRecord {
            puzzle: get(puzzle).to_string(),
            variant,
            function,
            params,
            n: num(n)?.ok_or_else(bad)?,
            minimum: num(minimum)?,
            solutions: match get(solutions) {
                "" => None,
                s => Some(s.parse().map_err(|_| bad())?),
            },
            states: num(states)?,
            eccentricity: num(ecc)?,
            wall: get(wall).to_string(),
            peak: num(peak)?,
            method: get(method).to_string(),
            cpu: get(cpu).to_string(),
        });
    }
    Ok(out)
}

/// The compiled-in record file, parsed once.
pub fn search_records() -> Result<&'static [SearchRecord], RecordsError> {
    static PARSED: OnceLock<Result<Vec<SearchRecord>, RecordsError>> = OnceLock::new();
    PARSED
        .get_or_init(|| parse_search_records(SEARCH_RECORDS))
        .as_ref()
        .map(Vec::as_slice)
        .map_err(Clone::clone)
}

/// The minimum the recorded searches found at one n, and how they searched.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordedMinimum {
    /// Number of discs.
    pub n: i64,
    /// The minimum number of moves.
    pub minimum: u64,
    /// The record whose puzzle was searched (`checkers.P` for `checkers.DDDD`).
    pub puzzle: String,
    /// The methods of the runs that found it, distinct, in file order (`bfs`, ...).
    pub methods: Vec<String>,
}

/// Every recorded minimum of the puzzle of `variant.function` under `params`, by n: the
/// records of any function of the same variant whose puzzle at that n equals this one's,
/// with the same parameters once defaults are filled in.
///
/// ```
/// use hanoilab::facts::recorded_minima;
/// use hanoilab::variants::{Params, Variant};
/// let v = Variant::builtin("reversi-lunnon").unwrap();
/// let r = recorded_minima(&v, "EDDD", &Params::new()).unwrap();
/// assert!(r.iter().any(|m| m.n == 12));
/// ```
pub fn recorded_minima(
    variant: &Variant,
    function: &str,
    params: &Params,
) -> Result<Vec<RecordedMinimum>, RecordsError> {
    recorded_minima_in(search_records()?, variant, function, params)
}

/// [`recorded_minima`] from the rows `records` (a user's own record file, for instance)
/// instead of the compiled-in ones.
pub fn recorded_minima_in(
    records: &[SearchRecord],
    variant: &Variant,
    function: &str,
    params: &Params,
) -> Result<Vec<RecordedMinimum>, RecordsError> {
    let Ok(resolved) = variant.resolve_params(params) else {
        return Ok(Vec::new());
    };
    let mut by_n: BTreeMap<i64, RecordedMinimum> = BTreeMap::new();
    for r in records {
        let Some(minimum) = r.minimum else { continue };
        if r.variant != variant.id
            || variant.resolve_params(&r.params).ok().as_ref() != Some(&resolved)
        {
            continue;
        }
        let n = r.n as i64;
        let same = r.function == function
            || matches!(
                (variant.puzzle(function, n, params), variant.puzzle(&r.function, n, &r.params)),
                (Ok(a), Ok(b)) if a == b
            );
        if !same {
            continue;
        }
        let e = by_n.entry(n).or_insert_with(|| RecordedMinimum {
            n,
            minimum,
            puzzle: r.puzzle.clone(),
            methods: Vec::new(),
        });
        if e.minimum != minimum {
            return Err(RecordsError(format!(
                "{} at n = {n}: two runs disagree ({} and {minimum})",
                r.puzzle, e.minimum
            )));
        }
        if !e.methods.contains(&r.method) {
            e.methods.push(r.method.clone());
        }
    }
    Ok(by_n.into_values().collect())
}

/// Checks a user's record rows before they are used: every row names a known variant and
/// function, and no minimum contradicts the compiled-in records of the same puzzle. The
/// fault names the row (from 2, the header being row 1).
pub fn check_user_records(rows: &[SearchRecord]) -> Result<(), RecordsError> {
    for (i, r) in rows.iter().enumerate() {
        let at = |m: String| RecordsError(format!("row {}: {}: {m}", i + 2, r.puzzle));
        let v = Variant::load(&r.variant).map_err(|e| at(e.to_string()))?;
        v.function(&r.function).map_err(|e| at(e.to_string()))?;
        recorded_minima_with(&v, &r.function, &r.params, std::slice::from_ref(r))
            .map_err(|e| RecordsError(format!("row {}: {}", i + 2, e.0)))?;
    }
    Ok(())
}

/// [`recorded_minima`] with `extra` rows (a user's record file) beside the compiled-in
/// ones, by n. A row of `extra` that disagrees with a compiled-in minimum is an error that
/// names both.
pub fn recorded_minima_with(
    variant: &Variant,
    function: &str,
    params: &Params,
    extra: &[SearchRecord],
) -> Result<Vec<RecordedMinimum>, RecordsError> {
    let mut merged = recorded_minima(variant, function, params)?;
    for r in recorded_minima_in(extra, variant, function, params)? {
        match merged.iter().find(|q| q.n == r.n) {
            Some(q) if q.minimum != r.minimum => {
                return Err(RecordsError(format!(
                    "{} at n = {}: minimum {}, but the built-in records have {}",
                    r.puzzle, r.n, r.minimum, q.minimum
                )))
            }
            Some(_) => {}
            None => merged.push(r),
        }
    }
    merged.sort_by_key(|r| r.n);
    Ok(merged)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every record row parses, and the quoted counts survive whole.
    #[test]
    fn records_parse() {
        let rows = search_records().unwrap();
        assert!(!rows.is_empty());
        assert_eq!(
            csv_rows("a,\"1,2\",,3").unwrap()[0],
            ["a", "1,2", "", "3"].map(String::from)
        );
        // A quote inside a quoted field is doubled; it is one quote in the value.
        assert_eq!(
            csv_rows("x,\"say \"\"hi\"\"\"\n").unwrap()[0],
            ["x", "say \"hi\""].map(String::from)
        );
        let with_count = rows.iter().filter(|r| r.solutions.is_some()).count();
        assert_eq!(with_count, SEARCH_RECORDS.matches('"').count() / 2);
    }

    /// Checkers is searched as `checkers.P`; its records answer for Lunnon's `DDDD`, whose
    /// puzzle is the same, and not for `BABB` (other bases).
    #[test]
    fn a_record_answers_for_every_function_with_the_same_puzzle() {
        let v = Variant::builtin("checkers").unwrap();
        let p = Params::new();
        let dddd = recorded_minima(&v, "DDDD", &p).unwrap();
        let own = recorded_minima(&v, "P", &p).unwrap();
        assert!(!own.is_empty());
        assert_eq!(dddd, own);
        assert!(recorded_minima(&v, "BABB", &p).unwrap().is_empty());
        // many-pin's records are written with p = 5, its default.
        let m = Variant::builtin("many-pin").unwrap();
        assert!(!recorded_minima(&m, "M", &p).unwrap().is_empty());
        let mut p6 = Params::new();
        p6.insert("p".into(), 6);
        assert!(recorded_minima(&m, "M", &p6).unwrap().is_empty());
    }
}

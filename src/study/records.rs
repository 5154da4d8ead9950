//! The long searches run outside the report (`data/records/search-records.csv`), each with
//! the algorithm's number of moves beside its minimum.

use super::StudyError;
use crate::facts::{search_records, SearchRecord};
use crate::variants::{Target, Variant};
use num_bigint::BigInt;

/// The algorithm a record's minimum is compared with, when it is not the record's own
/// function: Checkers is searched as `checkers.P` (Lunnon's periodic Checkers_P, exponential),
/// but the algorithm of interest is his Frame-type `DDDD` (same start, goal and bases).
pub const COMPARE_WITH: &[(&str, &str)] = &[("checkers.P", "checkers.DDDD")];

/// One recorded search and the algorithm's count for its puzzle.
#[derive(Clone, Debug)]
pub struct RecordRow {
    /// The record.
    pub record: SearchRecord,
    /// The algorithm's number of moves (`None` when it has no count there).
    pub algorithm: Option<BigInt>,
}

/// Every record, by puzzle, then n, then the method (the file keeps the order the runs were
/// made in), with the algorithm's count.
pub fn record_rows() -> Result<Vec<RecordRow>, StudyError> {
    let mut rows = search_records()
        .map(<[SearchRecord]>::to_vec)
        .map_err(StudyError::from_display)?;
    rows.sort_by(|a, b| (&a.puzzle, a.n, &a.method).cmp(&(&b.puzzle, b.n, &b.method)));
    Ok(rows
        .into_iter()
        .map(|record| RecordRow {
            algorithm: algorithm_count(&record.puzzle, record.n),
            record,
        })
        .collect())
}

/// The algorithm's number of moves for a record (`None` when it has no count there).
fn algorithm_count(puzzle: &str, n: u64) -> Option<BigInt> {
    let t = Target::parse(puzzle).ok()?;
    let label = Target::new(t.variant(), t.function()).to_string();
    let t = match COMPARE_WITH.iter().find(|(from, _)| *from == label) {
        Some((_, to)) => Target::parse(to).ok()?.with_params(t.params()).ok()?,
        None => t,
    };
    let v = Variant::builtin(t.variant()).ok()?;
    v.count(t.function()?, n as i64, t.params()).ok()
}

//! OEIS A-numbers of the functions that have one: `data/oeis.toml` records, for each entry
//! the team knows with certainty, its first terms as printed in the OEIS and the functions
//! it describes. A function gets an A-number only where its exact counts equal the recorded
//! terms (checked when its facts are settled, and for every listed function by the unit
//! test of the report's OEIS notes).

use super::VariantFacts;
use num_bigint::BigInt;
use serde::Deserialize;

/// One recorded OEIS entry.
#[derive(Clone, Debug, Deserialize)]
pub struct OeisEntry {
    /// `A000225`.
    pub id: String,
    /// Its name, shortened.
    pub name: String,
    /// Index of the first term.
    pub offset: i64,
    /// The first terms as printed in the OEIS.
    pub terms: Vec<u64>,
    /// The functions (`variant.function`) it describes.
    pub functions: Vec<String>,
}

#[derive(Deserialize)]
struct OeisFile {
    sequence: Vec<OeisEntry>,
}

/// The recorded entries (the file is part of the binary).
pub fn oeis_entries() -> Vec<OeisEntry> {
    toml::from_str::<OeisFile>(include_str!("../../data/oeis.toml"))
        .map(|f| f.sequence)
        .unwrap_or_default()
}

/// Whether `terms(n)` equals the entry at every recorded n >= 1 where `terms` has a value,
/// and at least five such n.
pub fn agrees(e: &OeisEntry, term: impl Fn(i64) -> Option<BigInt>) -> bool {
    let mut compared = 0;
    for (k, &t) in e.terms.iter().enumerate() {
        let n = e.offset + k as i64;
        if n < 1 {
            continue;
        }
        match term(n) {
            Some(v) if v == BigInt::from(t) => compared += 1,
            Some(_) => return false,
            None => {}
        }
    }
    compared >= 5
}

/// The A-numbers of function `j` of a variant, checked against its gathered counts.
pub fn oeis_of(f: &VariantFacts, j: usize) -> Vec<OeisEntry> {
    let name = format!("{}.{}", f.variant.id, f.variant.functions()[j].name);
    let count_at = |n: i64| {
        f.counts
            .iter()
            .find(|(m, _)| *m == n)
            .and_then(|(_, r)| r[j].clone())
    };
    oeis_entries()
        .into_iter()
        .filter(|e| e.functions.contains(&name))
        .filter(|e| agrees(e, count_at))
        .collect()
}

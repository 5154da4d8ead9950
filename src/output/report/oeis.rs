//! OEIS A-numbers beside the sequences that have one: `data/oeis.toml` records, for each
//! entry the team knows with certainty, its first terms as printed in the OEIS and the
//! functions it describes. An A-number is shown only where the function's exact counts
//! equal the recorded terms (checked at render time, and for every listed function by the
//! unit test below).

use super::*;
use serde::Deserialize;

/// One recorded OEIS entry.
#[derive(Clone, Debug, Deserialize)]
pub(super) struct OeisEntry {
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
pub(super) fn oeis_entries() -> Vec<OeisEntry> {
    toml::from_str::<OeisFile>(include_str!("../../../data/oeis.toml"))
        .map(|f| f.sequence)
        .unwrap_or_default()
}

/// Whether `terms(n)` equals the entry at every recorded n >= 1 where `terms` has a value,
/// and at least five such n.
pub(super) fn agrees(e: &OeisEntry, term: impl Fn(i64) -> Option<BigInt>) -> bool {
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

/// The A-numbers of function `j` of a variant, checked against its counts.
pub(super) fn oeis_of(f: &VariantFacts, j: usize) -> Vec<OeisEntry> {
    let name = format!("{}.{}", f.variant.id, f.variant.functions()[j].name);
    oeis_entries()
        .into_iter()
        .filter(|e| e.functions.contains(&name))
        .filter(|e| agrees(e, |n| algorithm_at(f, j, n)))
        .collect()
}

/// A link to an entry.
pub(super) fn oeis_link(e: &OeisEntry) -> String {
    format!("[{id}](https://oeis.org/{id})", id = e.id)
}

/// `; in the OEIS: classic.T is [A000225](...)`, for every function of the variant that
/// has a checked entry (empty if none).
pub(super) fn oeis_note(f: &VariantFacts) -> String {
    let parts: Vec<String> = (0..f.variant.functions().len())
        .flat_map(|j| {
            oeis_of(f, j).into_iter().map(move |e| {
                format!(
                    "{}.{} is {} ({})",
                    f.variant.id,
                    f.variant.functions()[j].name,
                    oeis_link(&e),
                    e.name
                )
            })
        })
        .collect();
    if parts.is_empty() {
        String::new()
    } else {
        format!(
            "; in the OEIS (terms checked against the counts): {}",
            parts.join(", ")
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::Variant;

    #[test]
    fn every_recorded_a_number_matches_the_library_terms() {
        let entries = oeis_entries();
        assert!(entries.len() >= 5, "data/oeis.toml parses");
        for e in &entries {
            assert!(!e.functions.is_empty(), "{}: names a function", e.id);
            for name in &e.functions {
                let t = crate::variants::Target::parse(name).expect("variant.function");
                let v = Variant::builtin(t.variant()).unwrap();
                let func = t.function().expect("variant.function");
                let ok = agrees(e, |n| v.count(func, n, &Params::new()).ok());
                assert!(ok, "{}: {name} differs from the recorded OEIS terms", e.id);
            }
        }
    }

    #[test]
    fn a_wrong_term_is_caught() {
        let mut e = oeis_entries()
            .into_iter()
            .find(|e| e.id == "A000225")
            .unwrap();
        e.terms[5] += 1;
        let v = Variant::builtin("classic").unwrap();
        assert!(!agrees(&e, |n| v.count("T", n, &Params::new()).ok()));
    }
}

//! OEIS links and notes of a variant's page and the index, from the A-numbers its facts
//! carry ([`crate::facts::oeis_of`]).

use super::*;
pub(super) use crate::facts::OeisEntry;

/// The checked A-numbers of function `j`, as its facts carry them.
pub(super) fn oeis_of(f: &VariantFacts, j: usize) -> Vec<OeisEntry> {
    f.oeis.get(j).cloned().unwrap_or_default()
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
    use crate::facts::{agrees, oeis_entries};
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

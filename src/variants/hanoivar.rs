//! Lunnon's HanoiVar names: the 36 solvers of his applet's menu (W. F. Lunnon,
//! HanoiLib.java, Tower of Hanoi mark 16, 2010, array `HanoiLib.list`) mapped to the variant
//! functions that implement them. The table is `data/hanoivar.toml` (embedded); the
//! documentation per entry is `docs/hanoivar.md`.
//!
//! A name resolves case-insensitively (`reversi_a`, `MANY_PIN`). An entry whose solver is not
//! implemented has no target and says why: it never stands in for another algorithm.
//!
//! ```
//! use hanoilab::variants::hanoivar::{self, Alias};
//! let s = hanoivar::find("checkers_b").unwrap().unwrap();
//! assert_eq!(s.target.as_deref(), Some("checkers.BABB"));
//! assert!(matches!(hanoivar::alias("Many_Pin"), Ok(Some(Alias { .. }))));
//! assert!(hanoivar::alias("Reversi_Q").is_err()); // a near miss: names the nearest
//! assert!(hanoivar::alias("classic").unwrap().is_none()); // a variant id stays a variant id
//! ```

use serde::Deserialize;
use std::path::Path;
use std::sync::OnceLock;

const TABLE: &str = include_str!("../../data/hanoivar.toml");

/// One menu entry of HanoiVar.
#[derive(Clone, Debug, Deserialize, serde::Serialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Solver {
    /// The menu name as Lunnon spells it (`Reversi_A`).
    pub name: String,
    /// Lunnon's class and method that define the solver.
    pub class: String,
    /// `VARIANT.FUNCTION` implementing it, or `None` when we do not have it.
    #[serde(default)]
    pub target: Option<String>,
    /// Lunnon's one-line comment on the class.
    pub comment: String,
    /// The target function's alternative algorithm that is Lunnon's solver (an iterative
    /// rule); `None`: the target's recursion program is.
    #[serde(default)]
    pub algorithm: Option<String>,
    /// How the target relates to Lunnon's solver (pins renamed, iterative form, ...).
    #[serde(default)]
    pub note: Option<String>,
    /// Why there is no target.
    #[serde(default)]
    pub reason: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    solver: Vec<Solver>,
}

/// Errors of HanoiVar name resolution (all are the user's input, except `Data`).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum HanoiVarError {
    /// A known HanoiVar name whose solver hanoilab does not have.
    #[error("HanoiVar solver `{name}` (Lunnon's {class}): not implemented: {reason}")]
    NotImplemented {
        /// The menu name.
        name: String,
        /// Lunnon's class/method.
        class: String,
        /// Why.
        reason: String,
    },
    /// A name that looks like a HanoiVar name but is none.
    #[error("unknown HanoiVar name `{name}` (nearest: {nearest}; all names: `hanoilab list --hanoivar`; variant ids: `hanoilab list`)")]
    Unknown {
        /// The name given.
        name: String,
        /// The nearest known names, comma-separated.
        nearest: String,
    },
    /// The embedded table does not load (a build defect; a test guards it).
    #[error("data/hanoivar.toml: {0}")]
    Data(String),
}

/// Parses a table in the format of `data/hanoivar.toml` (each entry has exactly one of
/// `target` and `reason`).
pub fn parse_table(text: &str) -> Result<Vec<Solver>, HanoiVarError> {
    let f: File = toml::from_str(text).map_err(|e| HanoiVarError::Data(e.to_string()))?;
    for s in &f.solver {
        if s.target.is_some() == s.reason.is_some() {
            return Err(HanoiVarError::Data(format!(
                "solver {}: give exactly one of target and reason",
                s.name
            )));
        }
    }
    Ok(f.solver)
}

/// The menu entries, in Lunnon's menu order.
pub fn solvers() -> Result<&'static [Solver], HanoiVarError> {
    static CELL: OnceLock<Result<Vec<Solver>, HanoiVarError>> = OnceLock::new();
    match CELL.get_or_init(|| parse_table(TABLE)) {
        Ok(v) => Ok(v.as_slice()),
        Err(e) => Err(e.clone()),
    }
}

/// The entry named `name` (case-insensitive), if any.
pub fn find(name: &str) -> Result<Option<&'static Solver>, HanoiVarError> {
    Ok(find_in(solvers()?, name))
}

fn find_in<'a>(table: &'a [Solver], name: &str) -> Option<&'a Solver> {
    table.iter().find(|s| s.name.eq_ignore_ascii_case(name))
}

/// Up to `k` known names nearest to `name` (edit distance, case-insensitive; ties in menu order).
pub fn nearest(name: &str, k: usize) -> Result<Vec<&'static str>, HanoiVarError> {
    Ok(nearest_in(solvers()?, name, k))
}

fn nearest_in<'a>(table: &'a [Solver], name: &str, k: usize) -> Vec<&'a str> {
    let lower = name.to_ascii_lowercase();
    let mut all: Vec<(usize, usize, &'a str)> = table
        .iter()
        .enumerate()
        .map(|(i, s)| {
            (
                distance(&lower, &s.name.to_ascii_lowercase()),
                i,
                s.name.as_str(),
            )
        })
        .collect();
    all.sort();
    all.into_iter().take(k).map(|(_, _, n)| n).collect()
}

/// A HanoiVar name resolved to its variant function.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Alias {
    /// The menu entry.
    pub solver: Solver,
    /// Variant id.
    pub variant: String,
    /// Function name.
    pub function: String,
}

/// Resolves a command-line target that may be a HanoiVar name.
///
/// `Ok(None)`: not a HanoiVar name, handle `target` as `VARIANT[.FUNCTION]` or a path (a
/// target with `.` or `/`, a built-in variant id spelt exactly, an existing file, or a word
/// that does not look like a HanoiVar name). `Ok(Some)`: the function implementing the
/// solver. `Err`: a HanoiVar name without implementation, or a near miss (with the nearest
/// names).
pub fn alias(target: &str) -> Result<Option<Alias>, HanoiVarError> {
    alias_in(solvers()?, target)
}

/// [`alias`] against another table (e.g. one parsed by [`parse_table`]).
pub fn alias_in(table: &[Solver], target: &str) -> Result<Option<Alias>, HanoiVarError> {
    if target.is_empty()
        || target.contains(['.', '/', '\\'])
        || super::builtin_ids().contains(&target)
        || Path::new(target).exists()
    {
        return Ok(None);
    }
    if let Some(s) = find_in(table, target) {
        return match (&s.target, &s.reason) {
            (Some(t), _) => {
                let t = super::Target::parse(t).map_err(|e| HanoiVarError::Data(e.to_string()))?;
                Ok(Some(Alias {
                    solver: s.clone(),
                    variant: t.variant().to_string(),
                    function: t.function().unwrap_or_default().to_string(),
                }))
            }
            (None, reason) => Err(HanoiVarError::NotImplemented {
                name: s.name.clone(),
                class: s.class.clone(),
                reason: reason.clone().unwrap_or_default(),
            }),
        };
    }
    if looks_like(table, target) {
        return Err(HanoiVarError::Unknown {
            name: target.to_string(),
            nearest: nearest_in(table, target, 3).join(", "),
        });
    }
    Ok(None)
}

/// Whether an unknown word looks like a HanoiVar name: it has an underscore or a capital
/// letter (Lunnon's spelling), or is within edit distance 2 of a known name.
fn looks_like(table: &[Solver], word: &str) -> bool {
    if word.contains('_') || word.chars().any(|c| c.is_ascii_uppercase()) {
        return true;
    }
    let lower = word.to_ascii_lowercase();
    table
        .iter()
        .any(|s| distance(&lower, &s.name.to_ascii_lowercase()) <= 2)
}

/// Levenshtein distance.
fn distance(a: &str, b: &str) -> usize {
    strsim::levenshtein(a, b)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_loads_with_36_entries_in_menu_order() {
        let s = solvers().unwrap();
        assert_eq!(s.len(), 36);
        assert_eq!(s[0].name, "Classic");
        assert_eq!(s[35].name, "Lundon_C");
    }

    #[test]
    fn every_target_is_a_function_of_a_builtin_variant() {
        for s in solvers().unwrap() {
            if let Some(t) = &s.target {
                let r = crate::variants::Target::parse(t)
                    .and_then(|t| t.resolve())
                    .unwrap_or_else(|e| panic!("{}: {e}", s.name));
                assert!(r.explicit, "{}: {t} names its function", s.name);
                let func = r.variant.function(&r.function).unwrap();
                if let Some(a) = &s.algorithm {
                    assert!(
                        func.alternatives.contains(a),
                        "{}: {t} has no alternative algorithm {a}",
                        s.name
                    );
                }
            } else {
                assert!(
                    s.algorithm.is_none(),
                    "{}: an algorithm without a target",
                    s.name
                );
            }
        }
    }

    #[test]
    fn distance_is_levenshtein() {
        assert_eq!(distance("kitten", "sitting"), 3);
        assert_eq!(distance("", "abc"), 3);
        assert_eq!(distance("reversi_e", "reversi_e"), 0);
    }

    #[test]
    fn resolution_rules() {
        assert_eq!(alias("reversi_a").unwrap().unwrap().function, "BABA");
        assert!(alias("reversi").unwrap().is_none()); // the variant id
        assert!(alias("reversi.G").unwrap().is_none());
        assert_eq!(alias("Reversi").unwrap().unwrap().function, "EDDD"); // the menu entry
        match alias("Reversi_Q") {
            Err(HanoiVarError::Unknown { nearest, .. }) => assert!(nearest.contains("Reversi_")),
            other => panic!("{other:?}"),
        }
        assert!(alias("nosuchthing").unwrap().is_none());
    }

    #[test]
    fn an_entry_without_target_is_refused_with_its_reason() {
        let t = parse_table(
            "[[solver]]\nname = \"Foo_X\"\nclass = \"Foo_X, method tranFoo\"\ncomment = \"c\"\nreason = \"no program yet\"\n",
        )
        .unwrap();
        let e = alias_in(&t, "foo_x").unwrap_err().to_string();
        assert!(
            e.contains("Foo_X") && e.contains("not implemented: no program yet"),
            "{e}"
        );
        assert!(matches!(
            parse_table("[[solver]]\nname = \"A\"\nclass = \"c\"\ncomment = \"c\"\n"),
            Err(HanoiVarError::Data(_))
        ));
    }
}

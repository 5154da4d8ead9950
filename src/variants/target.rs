//! A target: the name of one variant function, `VARIANT[.FUNCTION][[NAME=VALUE;...]]`, as
//! commands, claims, records and the report write it. This is the one parser of that
//! grammar and the one resolver from a name to a loaded [`Variant`] and function.
//!
//! - `VARIANT` is a built-in id (`classic`, `reversi-lunnon`), a path to a variant file
//!   (`my/v.toml`), `-` (a file on standard input, read by the caller), or one of Lunnon's
//!   HanoiVar menu names (`Reversi`, `checkers_b`, case-insensitive; `data/hanoivar.toml`),
//!   which stands for its variant function.
//! - `.FUNCTION` names a function of the variant; without it, the variant's default function.
//! - `[p=5]`, `[l=3;p=4]`: parameters other than n (the variant's defaults for the others).
//!
//! ```
//! use hanoilab::variants::{Target, TargetError};
//! let t = Target::parse("many-pin.M[p=5]").unwrap();
//! assert_eq!((t.variant(), t.function(), t.params()["p"]), ("many-pin", Some("M"), 5));
//! assert_eq!(t.to_string(), "many-pin.M[p=5]");
//! let r = Target::parse("Reversi").unwrap().resolve().unwrap();
//! assert_eq!((r.variant.id.as_str(), r.function.as_str()), ("reversi-lunnon", "EDDD"));
//! let e = Target::parse("clasic").unwrap().resolve().unwrap_err();
//! assert!(matches!(e, TargetError::UnknownVariant { .. }));
//! assert!(e.to_string().contains("nearest: classic"));
//! ```

use super::hanoivar::{self, HanoiVarError};
use super::{builtin_ids, Params, Variant, VariantError};
use std::fmt;
use std::path::Path;

/// How many names an unknown variant's message suggests.
const SUGGESTIONS: usize = 3;

/// A parsed target (not yet loaded): a variant name, perhaps a function, perhaps parameters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Target {
    variant: String,
    function: Option<String>,
    params: Params,
}

/// A target resolved to its loaded variant and function.
#[derive(Clone, Debug)]
pub struct ResolvedTarget {
    /// The loaded variant.
    pub variant: Variant,
    /// The function (the variant's default when the target names none).
    pub function: String,
    /// Whether the target named the function (or a HanoiVar name did).
    pub explicit: bool,
    /// The parameters other than n the target gave (checked against the variant).
    pub params: Params,
    /// The alternative algorithm a HanoiVar name stands for (`Reversi_P`: `periodic`).
    pub algorithm: Option<String>,
}

/// Why a target does not name a variant function. Every kind is the user's input except
/// [`TargetError::Variant`] with an unreadable file ([`VariantError::Io`]) and a defect of
/// the embedded HanoiVar table ([`HanoiVarError::Data`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TargetError {
    /// The empty string.
    #[error("empty target: expected VARIANT[.FUNCTION], e.g. classic.T")]
    Empty,
    /// A dot with nothing before or after it.
    #[error("target `{target}`: {reason}; expected VARIANT[.FUNCTION], e.g. classic.T")]
    Malformed {
        /// The target as given.
        target: String,
        /// What is wrong.
        reason: String,
    },
    /// A parameter list `[...]` that is not `NAME=INTEGER;...`.
    #[error(
        "target `{target}`: parameters `{item}`: {reason}; expected [NAME=INTEGER;...], e.g. many-pin.M[p=5]"
    )]
    BadParams {
        /// The target as given.
        target: String,
        /// The offending item of the list.
        item: String,
        /// What is wrong.
        reason: String,
    },
    /// A parameter given twice (in the target and beside it).
    #[error("parameter {name} is given more than once (give each parameter one value)")]
    DuplicateParam {
        /// The parameter.
        name: String,
    },
    /// No built-in variant, variant file or HanoiVar name of that name.
    #[error(
        "unknown variant `{name}` (nearest: {}; variant ids: `hanoilab list`; HanoiVar names: `hanoilab list --hanoivar`)",
        nearest.join(", ")
    )]
    UnknownVariant {
        /// The name given.
        name: String,
        /// The nearest variant ids, `VARIANT.FUNCTION` names and HanoiVar names.
        nearest: Vec<String>,
    },
    /// A variant named by a path (it has a `/` or ends in `.toml`) whose file is not there.
    #[error("no variant file `{path}` (built-in ids: `hanoilab list`)")]
    NoFile {
        /// The path given.
        path: String,
    },
    /// The variant has no function of that name.
    #[error("variant `{variant}` has no function `{name}` (functions: {})", known.join(", "))]
    UnknownFunction {
        /// The variant id.
        variant: String,
        /// The name given.
        name: String,
        /// The variant's functions, in file order.
        known: Vec<String>,
    },
    /// A named sequence of the literature checker (`FS`, `S`), which is no variant.
    #[error(
        "`{name}` is a named sequence ({meaning}), not a variant: `hanoilab check {usage} FORMULA` compares it"
    )]
    Sequence {
        /// The name.
        name: String,
        /// What it is.
        meaning: String,
        /// How `check` takes it (`S`, `'FS(n, 4)'`).
        usage: String,
    },
    /// A HanoiVar name without implementation, or the HanoiVar table does not load.
    #[error(transparent)]
    HanoiVar(HanoiVarError),
    /// The variant file does not load (unreadable, malformed), or a parameter is refused.
    #[error(transparent)]
    Variant(VariantError),
}

impl Target {
    /// The target `variant[.function]` without parameters.
    pub fn new(variant: &str, function: Option<&str>) -> Target {
        Target {
            variant: variant.to_string(),
            function: function.map(str::to_string),
            params: Params::new(),
        }
    }

    /// Parses `VARIANT[.FUNCTION][[NAME=VALUE;...]]`. The function is what follows the last
    /// dot, except in a path ending in `.toml` (`my/v.toml`, `my/v.toml.F`) and where the
    /// part after the dot is a path (`../v`).
    pub fn parse(text: &str) -> Result<Target, TargetError> {
        if text.is_empty() {
            return Err(TargetError::Empty);
        }
        let (label, params) = match text.strip_suffix(']').and_then(|t| t.rsplit_once('[')) {
            Some((label, list)) if !label.is_empty() => (label, parse_params(text, list)?),
            _ => (text, Params::new()),
        };
        let (variant, function) = split_label(label);
        let malformed = |reason: &str| TargetError::Malformed {
            target: text.to_string(),
            reason: reason.to_string(),
        };
        if variant.is_empty() {
            return Err(malformed("no variant before the dot"));
        }
        if function.is_some_and(str::is_empty) {
            return Err(malformed("no function after the dot"));
        }
        Ok(Target {
            variant: variant.to_string(),
            function: function.map(str::to_string),
            params,
        })
    }

    /// The variant as written: an id, a path, `-` or a HanoiVar name.
    pub fn variant(&self) -> &str {
        &self.variant
    }

    /// The function, if the target names one.
    pub fn function(&self) -> Option<&str> {
        self.function.as_deref()
    }

    /// The parameters written in brackets.
    pub fn params(&self) -> &Params {
        &self.params
    }

    /// The target with `extra` parameters added (a name given in both is refused).
    pub fn with_params(mut self, extra: &Params) -> Result<Target, TargetError> {
        for (k, v) in extra {
            if self.params.insert(k.clone(), *v).is_some() {
                return Err(TargetError::DuplicateParam { name: k.clone() });
            }
        }
        Ok(self)
    }

    /// Whether the target is spelt as the built-in files spell a function: a lowercase id
    /// (letters, digits, `-`) and a function name (letters, digits, `_`), no parameters. A
    /// claim's target that is not is a formula over named sequences (`FS(n, 4)`).
    pub fn is_id_and_function(&self) -> bool {
        let id = !self.variant.is_empty()
            && self
                .variant
                .chars()
                .all(|c| c.is_ascii_lowercase() || c == '-' || c.is_ascii_digit());
        let function = self
            .function
            .as_deref()
            .is_some_and(|f| !f.is_empty() && f.chars().all(|c| c.is_alphanumeric() || c == '_'));
        id && function && self.params.is_empty()
    }

    /// Whether the target is a variant file's function, `PATH.toml.FUNCTION` (no
    /// parameters): a claim may name a user's file as it names a built-in (the path relative
    /// to the working directory).
    ///
    /// ```
    /// use hanoilab::variants::Target;
    /// assert!(Target::parse("my/cyc4.toml.one").unwrap().is_file_and_function());
    /// assert!(!Target::parse("cyclic4.N").unwrap().is_file_and_function());
    /// ```
    pub fn is_file_and_function(&self) -> bool {
        self.variant.ends_with(".toml")
            && self.function.as_deref().is_some_and(|f| !f.is_empty())
            && self.params.is_empty()
    }

    /// Loads the variant and checks the function and parameters. A HanoiVar name stands
    /// for its function; a named sequence (`FS`) is refused with how `check` takes it.
    /// `-` (standard input) is the caller's to read: give the loaded file to
    /// [`Target::resolve_in`].
    pub fn resolve(&self) -> Result<ResolvedTarget, TargetError> {
        if self.function.is_none() {
            if let Some(e) = self.sequence_error() {
                return Err(e);
            }
            if let Some(alias) = hanoivar::alias(&self.variant).map_err(|e| self.hanoivar(e))? {
                let variant =
                    Variant::builtin(&alias.variant).map_err(|e| self.variant_error(e))?;
                let target = Target {
                    variant: alias.variant,
                    function: Some(alias.function),
                    params: self.params.clone(),
                };
                let mut r = target.resolve_in(variant)?;
                r.algorithm = alias.solver.algorithm;
                return Ok(r);
            }
        }
        let variant = match Variant::load(&self.variant) {
            Ok(v) => v,
            // A name with a dot that is not VARIANT.FUNCTION (a file `my.variant`) whole.
            Err(e) => match &self.function {
                Some(f) => match Variant::load(&format!("{}.{f}", self.variant)) {
                    Ok(v) => {
                        let whole = Target {
                            variant: format!("{}.{f}", self.variant),
                            function: None,
                            params: self.params.clone(),
                        };
                        return whole.resolve_in(v);
                    }
                    Err(_) => return Err(self.variant_error(e)),
                },
                None => return Err(self.variant_error(e)),
            },
        };
        self.resolve_in(variant)
    }

    /// Checks the function and parameters against an already loaded `variant` (a file read
    /// from standard input, or one loaded by the caller).
    pub fn resolve_in(&self, variant: Variant) -> Result<ResolvedTarget, TargetError> {
        let function = match &self.function {
            Some(f) => {
                variant.function(f).map_err(|e| self.variant_error(e))?;
                f.clone()
            }
            None => variant.default_function().name.clone(),
        };
        variant
            .resolve_params(&self.params)
            .map_err(TargetError::Variant)?;
        Ok(ResolvedTarget {
            variant,
            function,
            explicit: self.function.is_some(),
            params: self.params.clone(),
            algorithm: None,
        })
    }

    /// The refusal of a bare named sequence of the literature checker (not a built-in id
    /// nor an existing file).
    fn sequence_error(&self) -> Option<TargetError> {
        let name = self.variant.as_str();
        if builtin_ids().contains(&name) || Path::new(name).exists() {
            return None;
        }
        let s = crate::literature::check::NAMED_SEQUENCES
            .iter()
            .find(|s| s.name == name)?;
        Some(TargetError::Sequence {
            name: name.to_string(),
            meaning: s.meaning.to_string(),
            usage: s.usage(),
        })
    }

    fn hanoivar(&self, e: HanoiVarError) -> TargetError {
        match e {
            HanoiVarError::Unknown { .. } => self.unknown_variant(),
            other => TargetError::HanoiVar(other),
        }
    }

    fn variant_error(&self, e: VariantError) -> TargetError {
        match e {
            VariantError::UnknownVariant { .. } => self.unknown_variant(),
            VariantError::UnknownFunction {
                variant,
                name,
                known,
            } => TargetError::UnknownFunction {
                variant,
                name,
                known: known.split(", ").map(str::to_string).collect(),
            },
            other => TargetError::Variant(other),
        }
    }

    fn unknown_variant(&self) -> TargetError {
        // A path is a file the user meant, not a misspelt id: suggesting ids would mislead.
        let name = self.variant.as_str();
        if (name.contains('/') || name.ends_with(".toml")) && !Path::new(name).exists() {
            return TargetError::NoFile {
                path: name.to_string(),
            };
        }
        TargetError::UnknownVariant {
            name: self.variant.clone(),
            nearest: nearest_names(&self.variant, SUGGESTIONS),
        }
    }
}

impl fmt::Display for Target {
    /// `VARIANT[.FUNCTION][[NAME=VALUE;...]]`, parameters by name: parsing it gives the
    /// same target back.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.variant)?;
        if let Some(function) = &self.function {
            write!(f, ".{function}")?;
        }
        if !self.params.is_empty() {
            let list: Vec<String> = self
                .params
                .iter()
                .map(|(k, v)| format!("{k}={v}"))
                .collect();
            write!(f, "[{}]", list.join(";"))?;
        }
        Ok(())
    }
}

impl std::str::FromStr for Target {
    type Err = TargetError;
    fn from_str(s: &str) -> Result<Target, TargetError> {
        Target::parse(s)
    }
}

/// `VARIANT.FUNCTION` split at the dot (the variant may be a path ending in `.toml`).
fn split_label(label: &str) -> (&str, Option<&str>) {
    if label.ends_with(".toml") {
        return (label, None);
    }
    if let Some(pos) = label.find(".toml.") {
        return (&label[..pos + 5], Some(&label[pos + 6..]));
    }
    // A function name has no slash: after one, the dot is part of a path (`./v`, `my.d/v`).
    match label.rsplit_once('.') {
        Some((v, f)) if !f.contains(['/', '\\']) => (v, Some(f)),
        _ => (label, None),
    }
}

/// `NAME=INTEGER;...` (the inside of the brackets).
fn parse_params(target: &str, list: &str) -> Result<Params, TargetError> {
    let bad = |item: &str, reason: &str| TargetError::BadParams {
        target: target.to_string(),
        item: item.to_string(),
        reason: reason.to_string(),
    };
    let mut params = Params::new();
    for item in list.split(';') {
        let Some((k, v)) = item.split_once('=') else {
            return Err(bad(item, "expected NAME=INTEGER"));
        };
        if k.is_empty() || !k.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
            return Err(bad(item, "parameter name must be alphanumeric"));
        }
        let v: i64 = v
            .parse()
            .map_err(|_| bad(item, "value must be an integer"))?;
        if params.insert(k.to_string(), v).is_some() {
            return Err(bad(item, "a parameter given twice"));
        }
    }
    Ok(params)
}

/// Up to `k` names nearest to `name` (edit distance, case-insensitive) among the built-in
/// variant ids, their functions (`classic.T`, by the distance to the id, the function or
/// both) and the HanoiVar menu names; ties in that order, one name per spelling.
pub fn nearest_names(name: &str, k: usize) -> Vec<String> {
    let lower = name.to_ascii_lowercase();
    let d = |s: &str| strsim::levenshtein(&lower, &s.to_ascii_lowercase());
    let mut pool: Vec<(usize, String)> = Vec::new();
    for id in builtin_ids() {
        pool.push((d(id), id.to_string()));
    }
    if let Ok(solvers) = hanoivar::solvers() {
        pool.extend(solvers.iter().map(|s| (d(&s.name), s.name.clone())));
    }
    for id in builtin_ids() {
        if let Ok(v) = Variant::builtin(id) {
            for f in v.functions() {
                let qualified = format!("{id}.{}", f.name);
                pool.push((d(&qualified).min(d(&f.name)), qualified));
            }
        }
    }
    // A stable sort keeps the pool's order among equal distances.
    pool.sort_by_key(|(distance, _)| *distance);
    let mut out: Vec<String> = Vec::new();
    for (_, n) in pool {
        if !out.iter().any(|o| o.eq_ignore_ascii_case(&n)) {
            out.push(n);
        }
        if out.len() == k {
            break;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_and_display_round_trip() {
        for text in [
            "classic",
            "classic.T",
            "reversi-lunnon.EDDD",
            "Reversi",
            "many-pin.M[p=5]",
            "many-pin.M[l=3;p=4]",
            "my/v.toml",
            "my/v.toml.F",
            "-",
            "-.T",
        ] {
            let t = Target::parse(text).unwrap();
            assert_eq!(t.to_string(), text);
            assert_eq!(Target::parse(&t.to_string()).unwrap(), t);
        }
        // Parameters in any order come back by name.
        let t: Target = "many-pin.M[p=4;l=3]".parse().unwrap();
        assert_eq!(t.to_string(), "many-pin.M[l=3;p=4]");
        assert_eq!(Target::parse(&t.to_string()).unwrap(), t);
    }

    #[test]
    fn parts_are_split_as_written() {
        let t = Target::parse("reversi-lunnon.EDDD").unwrap();
        assert_eq!(
            (t.variant(), t.function()),
            ("reversi-lunnon", Some("EDDD"))
        );
        let t = Target::parse("my/v.toml.F").unwrap();
        assert_eq!((t.variant(), t.function()), ("my/v.toml", Some("F")));
        assert_eq!(Target::parse("classic").unwrap().function(), None);
        assert_eq!(Target::parse("../v").unwrap().variant(), "../v");
        assert_eq!(Target::parse("./my.d/v").unwrap().variant(), "./my.d/v");
        assert!(Target::parse("classic.T").unwrap().is_id_and_function());
        assert!(!Target::parse("FS(n, 4)").unwrap().is_id_and_function());
        assert!(!Target::parse("classic").unwrap().is_id_and_function());
    }

    #[test]
    fn malformed_targets_are_typed_errors() {
        assert_eq!(Target::parse(""), Err(TargetError::Empty));
        assert!(matches!(
            Target::parse(".T"),
            Err(TargetError::Malformed { .. })
        ));
        assert!(matches!(
            Target::parse("classic."),
            Err(TargetError::Malformed { .. })
        ));
        for bad in [
            "many-pin.M[p]",
            "many-pin.M[p=x]",
            "many-pin.M[=3]",
            "many-pin.M[p=1;p=2]",
            "many-pin.M[]",
        ] {
            match Target::parse(bad) {
                Err(e @ TargetError::BadParams { .. }) => {
                    assert!(e.to_string().contains("NAME=INTEGER"), "{e}")
                }
                other => panic!("{bad}: {other:?}"),
            }
        }
        let twice = Target::parse("many-pin.M[p=5]")
            .unwrap()
            .with_params(&Params::from([("p".to_string(), 4)]));
        assert!(matches!(twice, Err(TargetError::DuplicateParam { .. })));
    }

    #[test]
    fn resolution_gives_the_variant_and_function() {
        let r = Target::parse("classic").unwrap().resolve().unwrap();
        assert_eq!((r.function.as_str(), r.explicit), ("T", false));
        let r = Target::parse("reversi.G").unwrap().resolve().unwrap();
        assert_eq!(
            (r.variant.id.as_str(), r.function.as_str()),
            ("reversi", "G")
        );
        let r = Target::parse("checkers_b").unwrap().resolve().unwrap();
        assert_eq!(
            (r.variant.id.as_str(), r.function.as_str(), r.explicit),
            ("checkers", "BABB", true)
        );
        let r = Target::parse("many-pin.M[p=5]").unwrap().resolve().unwrap();
        assert_eq!(r.params["p"], 5);
        assert!(matches!(
            Target::parse("many-pin.M[nosuch=5]").unwrap().resolve(),
            Err(TargetError::Variant(VariantError::BadParameter { .. }))
        ));
    }

    #[test]
    fn an_unknown_variant_suggests_ids_functions_and_menu_names() {
        match Target::parse("clasic").unwrap().resolve() {
            Err(TargetError::UnknownVariant { name, nearest }) => {
                assert_eq!(name, "clasic");
                assert_eq!(nearest[0], "classic", "{nearest:?}");
                // `Classic` (the menu name) is the same spelling as `classic`: once.
                assert_eq!(
                    nearest
                        .iter()
                        .filter(|n| n.eq_ignore_ascii_case("classic"))
                        .count(),
                    1
                );
            }
            other => panic!("{other:?}"),
        }
        let e = Target::parse("Reversi_Q").unwrap().resolve().unwrap_err();
        assert!(e.to_string().contains("nearest: Reversi_A"), "{e}");
        // A function name alone points at its variant's function.
        let near = nearest_names("eddd", 3);
        assert!(near[0].ends_with(".EDDD"), "{near:?}");
        let e = Target::parse("nosuch.T").unwrap().resolve().unwrap_err();
        assert!(matches!(e, TargetError::UnknownVariant { ref name, .. } if name == "nosuch"));
        for missing in ["/no/such/v.toml", "no-such.toml.T", "no/such"] {
            let e = Target::parse(missing).unwrap().resolve().unwrap_err();
            assert!(
                e.to_string().starts_with("no variant file `no")
                    || e.to_string().starts_with("no variant file `/no"),
                "{missing}: {e}"
            );
        }
    }

    #[test]
    fn an_unknown_function_names_the_variants_functions() {
        match Target::parse("classic.TT").unwrap().resolve() {
            Err(e @ TargetError::UnknownFunction { .. }) => assert_eq!(
                e.to_string(),
                "variant `classic` has no function `TT` (functions: T)"
            ),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_named_sequence_is_refused_with_how_check_takes_it() {
        let e = Target::parse("FS").unwrap().resolve().unwrap_err();
        assert!(matches!(e, TargetError::Sequence { .. }), "{e:?}");
        assert!(e.to_string().contains("FS(n, 4)"), "{e}");
        let e = Target::parse("S").unwrap().resolve().unwrap_err();
        assert!(e.to_string().contains("check S FORMULA"), "{e}");
    }
}

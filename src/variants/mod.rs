//! Variant files: loading, instantiating puzzles, move streams, counts and simulation.
//!
//! A variant is one TOML file (format: `docs/variant-format.md`). The built-in ones are
//! embedded from `data/variants/*.toml`; a user's file given by path works the same way.
//!
//! ```
//! use hanoilab::variants::{Params, Variant};
//! let v = Variant::builtin("cyclic").unwrap();
//! let f = v.default_function().name.clone();
//! assert_eq!(f, "A");
//! let p = Params::new();
//! assert_eq!(v.count("A", 2, &p).unwrap(), 7.into());
//! let moves = u64::try_from(v.count("A", 6, &p).unwrap()).unwrap();
//! assert_eq!(v.simulate("A", 6, &p).unwrap().moves, moves);

#![allow(clippy::result_large_err)] // errors carry file positions; they are rare

pub mod alternatives;
pub mod hanoivar;
pub mod reversi;
pub mod target;

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::Arc;

use num_bigint::BigInt;
use serde::Deserialize;

use crate::program::ast::{Expr, Step};
use crate::program::{self, MoveStream, Program, ProgramError, TransferSystem};
use crate::puzzle::{
    simulate_with, ColourRule, Config, Disc, MoveGraph, Puzzle, Recolour, Rules, SimulateOptions,
    SimulationError, SimulationReport, SizeRule,
};

/// Values of a variant's parameters (other than n), by name; missing ones take the file's
/// defaults.
pub type Params = BTreeMap<String, i64>;

/// The built-in variants: (id, file text). Other helpers add their files here, one line each.
const BUILTINS: &[(&str, &str)] = &[
    ("classic", include_str!("../../data/variants/classic.toml")),
    ("cyclic", include_str!("../../data/variants/cyclic.toml")),
    ("rainbow", include_str!("../../data/variants/rainbow.toml")),
    ("antwerp", include_str!("../../data/variants/antwerp.toml")),
    ("turtle", include_str!("../../data/variants/turtle.toml")),
    (
        "multi-stack",
        include_str!("../../data/variants/multi-stack.toml"),
    ),
    ("domino", include_str!("../../data/variants/domino.toml")),
    ("lundon", include_str!("../../data/variants/lundon.toml")),
    (
        "checkers",
        include_str!("../../data/variants/checkers.toml"),
    ),
    ("reversi", include_str!("../../data/variants/reversi.toml")),
    (
        "reversi-lunnon",
        include_str!("../../data/variants/reversi-lunnon.toml"),
    ),
    ("longest", include_str!("../../data/variants/longest.toml")),
    ("fancy", include_str!("../../data/variants/fancy.toml")),
    ("reves", include_str!("../../data/variants/reves.toml")),
    (
        "many-pin",
        include_str!("../../data/variants/many-pin.toml"),
    ),
    ("star", include_str!("../../data/variants/star.toml")),
    ("cyclic4", include_str!("../../data/variants/cyclic4.toml")),
    (
        "four-in-a-row",
        include_str!("../../data/variants/four-in-a-row.toml"),
    ),
    (
        "multistack-reves",
        include_str!("../../data/variants/multistack-reves.toml"),
    ),
];

/// Ids of the built-in variants, in registry order.
pub fn builtin_ids() -> Vec<&'static str> {
    BUILTINS.iter().map(|(id, _)| *id).collect()
}

mod compute;
mod digits;
mod error;
mod file;
mod render;
mod rules;
mod size;

pub use digits::CountDigits;
pub use error::VariantError;
pub use render::{ProblemDescription, RulesDescription};
use rules::*;
pub use target::{ResolvedTarget, Target, TargetError};

/// What a function's algorithm is for (`role` in the variant file).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FunctionRole {
    /// A solution meant to be short (the default): compared with the search optimum.
    Shortest,
    /// A deliberate alternative to another function's algorithm (Lunnon's three-sub-problem
    /// Rainbow solutions): not meant to be optimal, compared to show by how much it is not.
    Alternative,
    /// A longest-path problem (the longest solution that never repeats a configuration):
    /// the search optimum (the shortest solution) is not its benchmark.
    Longest,
}

impl FunctionRole {
    /// The word the report uses.
    pub fn name(self) -> &'static str {
        match self {
            FunctionRole::Shortest => "shortest",
            FunctionRole::Alternative => "alternative",
            FunctionRole::Longest => "longest",
        }
    }
}

/// One function of a variant: a problem (bases, start, goal) and the call that solves it.
#[derive(Clone, Debug)]
pub struct Function {
    /// Its name as in the literature (`A`, `DDD`, `T33`, `HAHA`, ...).
    pub name: String,
    /// One line.
    pub summary: String,
    /// Where the seeds define it.
    pub source: String,
    /// Base colours, one letter per pin (`D/E/F` uncoloured, `A/B/C` colours 0/1/2);
    /// `None`: all uncoloured.
    pub bases: Option<String>,
    /// The top-level call as written (empty: the function has no program and is searched
    /// only).
    pub call: String,
    /// Smallest n the function is defined for.
    pub n_min: i64,
    /// The goal is reached when every pin holds the goal's sequence of disc sizes, equally
    /// sized discs being interchangeable (`goal_match = "sizes"`; Antwerp's T31, T13, T11,
    /// subsidiary problems that permute equal discs).
    pub goal_up_to_equal_sizes: bool,
    /// The seed's other algorithms for this function, by name
    /// ([`alternatives::ALGORITHMS`]): each is played under the rules and compared move for
    /// move with the program by [`alternatives::run_alternative`].
    pub alternatives: Vec<String>,
    /// What the algorithm is meant to do ([`FunctionRole`]): the report compares a
    /// shortest-path algorithm with the search optimum, and labels a deliberate alternative
    /// or a longest-path problem as such.
    pub role: FunctionRole,
    start: Placement2,
    goal: Placement2,
    start_colours: Option<String>,
    goal_colours: Option<String>,
    call_step: Option<Step>,
    /// Line and column in the file of the call's first character.
    call_at: (usize, usize),
    parameter_min: BTreeMap<String, i64>,
    parameter_max: BTreeMap<String, i64>,
}

impl Function {
    /// Whether the function has a program (a `call`): without one it is a puzzle to search,
    /// with no count, simulation or transfer system.
    pub fn has_program(&self) -> bool {
        self.call_step.is_some()
    }
}

/// A loaded variant.
#[derive(Clone, Debug)]
pub struct Variant {
    /// Its id (`classic`, `cyclic`, ...).
    pub id: String,
    /// Human title.
    pub title: String,
    /// One line.
    pub summary: String,
    /// Where the seeds describe it.
    pub source: String,
    /// Parameters other than n with their defaults.
    pub parameters: BTreeMap<String, i64>,
    /// Smallest allowed value per parameter.
    pub parameter_min: BTreeMap<String, i64>,
    /// The recursion program.
    pub program: Arc<Program>,
    /// The program as written.
    pub program_text: String,
    /// `count_as` declarations of the program.
    pub count_as: BTreeMap<String, String>,
    /// File name or `builtin:<id>`.
    pub origin: String,
    functions: Vec<Function>,
    default: usize,
    rules: RulesFile2,
    /// Where the program text starts in the file: lines to add, and columns to add on its
    /// first line ([`Variant::place_in_file`]).
    program_shift: (usize, usize),
}

pub use crate::program::MEMO_MAX_SIZE;

/// The cost of a count, known before computing it ([`Variant::count_cost`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum CountCost {
    /// Powering the transfer matrix: the answer is about `10^log10` (`-inf` for 0).
    Matrix {
        /// Decimal logarithm of the answer (an estimate in floating point).
        log10: f64,
    },
    /// Memoised recursion on a call of `size` discs (no transfer system).
    Memo {
        /// The size of the top-level call.
        size: i64,
    },
}

impl Variant {
    /// The functions in file order.
    pub fn functions(&self) -> &[Function] {
        &self.functions
    }

    /// The top-level problem (the file's `default`, else the first function).
    pub fn default_function(&self) -> &Function {
        &self.functions[self.default]
    }

    /// A function by name.
    pub fn function(&self, name: &str) -> Result<&Function, VariantError> {
        self.functions
            .iter()
            .find(|f| f.name == name)
            .ok_or_else(|| VariantError::UnknownFunction {
                variant: self.id.clone(),
                name: name.into(),
                known: self
                    .functions
                    .iter()
                    .map(|f| f.name.as_str())
                    .collect::<Vec<_>>()
                    .join(", "),
            })
    }

    /// The parameter values: defaults overridden by `params`; unknown names and values below
    /// the minimum are errors. `pins` is added (the number of pins).
    pub fn resolve_params(&self, params: &Params) -> Result<Vec<(String, i64)>, VariantError> {
        let mut all: Vec<(String, i64)> = Vec::new();
        for (k, v) in params {
            if !self.parameters.contains_key(k) {
                return Err(VariantError::BadParameter {
                    variant: self.id.clone(),
                    message: format!(
                        "unknown parameter `{k}` (parameters: {})",
                        if self.parameters.is_empty() {
                            "none".to_string()
                        } else {
                            self.parameters
                                .keys()
                                .cloned()
                                .collect::<Vec<_>>()
                                .join(", ")
                        }
                    ),
                });
            }
            let _ = v;
        }
        for (k, d) in &self.parameters {
            let v = *params.get(k).unwrap_or(d);
            if let Some(min) = self.parameter_min.get(k) {
                if v < *min {
                    return Err(VariantError::BadParameter {
                        variant: self.id.clone(),
                        message: format!("parameter {k} = {v} is below its minimum {min}"),
                    });
                }
            }
            all.push((k.clone(), v));
        }
        let pins = eval_with(&self.rules.pins, &all, &[], &self.id)?;
        if !(1..=64).contains(&pins) {
            return Err(VariantError::BadParameter {
                variant: self.id.clone(),
                message: format!("{pins} pins (1..=64 supported)"),
            });
        }
        all.push(("pins".into(), pins));
        Ok(all)
    }

    pub(super) fn globals(&self, all: &[(String, i64)]) -> Result<Vec<i64>, VariantError> {
        let refs: Vec<(&str, i64)> = all.iter().map(|(k, v)| (k.as_str(), *v)).collect();
        self.program
            .global_values(&refs)
            .map_err(|e| VariantError::Program {
                origin: self.origin.clone(),
                line: 0,
                col: 0,
                context: "program".into(),
                source: e,
            })
    }

    pub(super) fn check_function(
        &self,
        f: &Function,
        n: i64,
        all: &[(String, i64)],
    ) -> Result<(), VariantError> {
        if n < f.n_min {
            return Err(VariantError::BadParameter {
                variant: self.id.clone(),
                message: format!("function {} needs n >= {}, got n = {n}", f.name, f.n_min),
            });
        }
        for (k, v) in all {
            if let Some(m) = f.parameter_min.get(k) {
                if v < m {
                    return Err(VariantError::BadParameter {
                        variant: self.id.clone(),
                        message: format!("function {} needs {k} >= {m}, got {v}", f.name),
                    });
                }
            }
            if let Some(m) = f.parameter_max.get(k) {
                if v > m {
                    return Err(VariantError::BadParameter {
                        variant: self.id.clone(),
                        message: format!("function {} needs {k} <= {m}, got {v}", f.name),
                    });
                }
            }
        }
        Ok(())
    }
}

pub(super) fn eval_with(
    e: &(Expr, Vec<String>),
    all: &[(String, i64)],
    locals: &[i64],
    id: &str,
) -> Result<i64, VariantError> {
    let mut g = Vec::with_capacity(e.1.len());
    for name in &e.1 {
        match all.iter().find(|(k, _)| k == name) {
            Some((_, v)) => g.push(*v),
            None => {
                return Err(VariantError::BadParameter {
                    variant: id.into(),
                    message: format!(
                        "unknown name `{name}` in an expression of the rules or functions"
                    ),
                })
            }
        }
    }
    e.0.eval(locals, &g)
        .map_err(|f| VariantError::BadParameter {
            variant: id.into(),
            message: match f {
                program::ast::Fault::Overflow => {
                    "an expression of the rules or functions overflows 64 bits".into()
                }
                program::ast::Fault::DivisionByZero(at) => format!(
                    "division by zero at column {} of an expression of the rules or functions",
                    at.col
                ),
            },
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A two-stack file on `pins` pins (parameter `l` sets the stacks) with `access = ACCESS`.
    fn with_access(access: &str) -> String {
        format!(
            r#"id = "acc"
parameters = {{ l = 2 }}
[rules]
pins = 5
stacks = "l"
colouring = "by-stack"
access = {access}
[functions.T]
source = "test"
start = [0, 2]
goal = [0, 2]
call = "t(n; 0, 1, 2)"
[program]
text = "t(n; X, Y, Z) = t(n-1; X, Z, Y), move(X, Z), t(n-1; Y, X, Z)"
"#
        )
    }

    fn malformed(access: &str) -> (usize, usize, String) {
        match Variant::from_toml(&with_access(access), "acc.toml") {
            Err(VariantError::Malformed {
                origin,
                line,
                col,
                message,
            }) => {
                assert_eq!(origin, "acc.toml");
                (line, col, message)
            }
            Err(e) => panic!("access = {access}: other error {e}"),
            Ok(_) => panic!("access = {access}: accepted"),
        }
    }

    #[test]
    fn access_lists_give_one_mask_per_stack() {
        let v =
            Variant::from_toml(&with_access("[[0, 1, 2, 4], [2, 3, 0, 4]]"), "acc.toml").unwrap();
        let rules = v.rules(&Params::new()).unwrap();
        assert_eq!(rules.access, Some(vec![0b10111, 0b11101]));
        let v = Variant::from_toml(&with_access("\"multistack\""), "acc.toml").unwrap();
        // Stack i: pins 2i, 2i+1, 2i+2 mod 5.
        assert_eq!(
            v.rules(&Params::new()).unwrap().access,
            Some(vec![0b00111, 0b11100])
        );
    }

    #[test]
    fn access_errors_are_clear_and_located() {
        // The value starts on line 7, column 10 (after `access = `).
        let (line, col, m) = malformed("\"by-colour\"");
        assert_eq!((line, col), (7, 10));
        assert!(m.contains("rules.access") && m.contains("by-colour"), "{m}");
        for shape in ["3", "[0, 1, 2]", "[[0, 1], \"x\"]", "[[0.5]]", "{ a = 1 }"] {
            let (line, col, m) = malformed(shape);
            assert_eq!((line, col), (7, 10), "{shape}");
            assert!(
                m.contains("rules.access: expected \"multistack\" or one list of pins per stack"),
                "{shape}: {m}"
            );
        }
        let (line, col, m) = malformed("[[0, 1, 2, 4]]");
        assert_eq!((line, col), (7, 10));
        assert!(m.contains("1 pin lists for 2 stacks"), "{m}");
        let (_, _, m) = malformed("[[0, 1, 2, 4], [2, 3, 0, 4], [1]]");
        assert!(m.contains("3 pin lists for 2 stacks"), "{m}");
        let (_, _, m) = malformed("[[0, 1, 2, 4], [2, 3, 5]]");
        assert!(
            m.contains("stack 1 lists pin 5, but the pins are 0..4"),
            "{m}"
        );
        let (_, _, m) = malformed("[[0, -1], [2]]");
        assert!(m.contains("stack 0 lists pin -1"), "{m}");
    }

    #[test]
    fn alternatives_are_checked_against_the_library_and_located() {
        let classic = include_str!("../../data/variants/classic.toml");
        let v = Variant::from_toml(classic, "classic.toml").unwrap();
        assert!(v
            .function("T")
            .unwrap()
            .alternatives
            .contains(&"gray".to_string()));
        let bad = classic.replace("\"gray\"", "\"grey\"");
        let line = bad.lines().position(|l| l.contains("grey")).unwrap() + 1;
        match Variant::from_toml(&bad, "classic.toml") {
            Err(VariantError::Malformed {
                line: l, message, ..
            }) => {
                assert_eq!(l, line);
                assert!(
                    message.contains("unknown algorithm `grey`") && message.contains("gray"),
                    "{message}"
                );
            }
            other => panic!("accepted or other error: {other:?}"),
        }
    }

    /// A one-stack file on `l` pins (default 3) with the given `[rules]` and function lines.
    fn with_fields(rules: &str, function: &str) -> String {
        format!(
            r#"id = "pins"
parameters = {{ l = 3 }}
[rules]
pins = "l"
{rules}
[functions.T]
source = "test"
call = "t(n; 0, 1, 2)"
{function}
[program]
text = "t(n; X, Y, Z) = t(n-1; X, Z, Y), move(X, Z), t(n-1; Y, X, Z)"
"#
        )
    }

    fn refused(rules: &str, function: &str) -> (usize, usize, String) {
        match Variant::from_toml(&with_fields(rules, function), "pins.toml") {
            Err(VariantError::Malformed {
                line, col, message, ..
            }) => (line, col, message),
            Err(e) => panic!("{rules} / {function}: other error {e}"),
            Ok(_) => panic!("{rules} / {function}: accepted"),
        }
    }

    #[test]
    fn pins_out_of_range_are_refused_at_their_place() {
        let ok = "start = [0]\ngoal = [2]";
        assert!(Variant::from_toml(&with_fields("", ok), "pins.toml").is_ok());
        // Line 9 holds the first function line, line 5 the first rules line.
        for (rules, function, at, needle) in [
            ("", "start = [3]\ngoal = [2]", (9, 10), "pin 3 is not a pin"),
            ("", "start = [-1]\ngoal = [2]", (9, 10), "pin -1"),
            (
                "",
                "start = [0]\ngoal = [2, 1]",
                (10, 12),
                "2 pins listed for 1 stacks",
            ),
            (
                "",
                "start = [0]\ngoal = [2]\nbases = \"DDDD\"",
                (11, 9),
                "4 letters for 3 pins",
            ),
            ("moves = \"star:3\"", ok, (5, 9), "centre 3 is not a pin"),
            ("moves = [[0, 1], [1, 1]]", ok, (5, 18), "a pin to itself"),
            ("moves = [[0, 1], [1, 3]]", ok, (5, 18), "the pins are 0..2"),
            (
                "moves = [[0, 1, 2]]",
                ok,
                (5, 10),
                "found a list of 3 values",
            ),
            ("moves = [[0, -1]]", ok, (5, 10), "found -1"),
            ("moves = 7", ok, (5, 9), "complete, cycle, path"),
            ("stacks = \"1 % 0\"", ok, (5, 10), "division by zero"),
        ] {
            let (line, col, m) = refused(rules, function);
            assert_eq!((line, col), at, "{rules} / {function}: {m}");
            assert!(m.contains(needle), "{rules} / {function}: {m}");
        }
        // An expression is taken modulo the pins (multi-stack placements wrap around).
        let v = Variant::from_toml(
            &with_fields("", "start = \"i\"\ngoal = \"i + 5\""),
            "p.toml",
        )
        .unwrap();
        assert_eq!(
            v.puzzle("T", 1, &Params::new()).unwrap().goal.pins[2],
            vec![0]
        );
        // Other parameter values: the same rules when the puzzle is made.
        let v = Variant::from_toml(&with_fields("", ok), "pins.toml").unwrap();
        let e = v
            .puzzle("T", 2, &[("l".to_string(), 2)].into())
            .unwrap_err();
        assert!(e.to_string().contains("goal: pin 2 is not a pin"), "{e}");
    }

    #[test]
    fn access_lists_against_other_parameters_are_an_error_not_a_panic() {
        // Fits the default l = 2; with l = 3 there are three stacks but two lists.
        let v =
            Variant::from_toml(&with_access("[[0, 1, 2, 4], [2, 3, 0, 4]]"), "acc.toml").unwrap();
        let p: Params = [("l".to_string(), 3)].into();
        let e = v.rules(&p).unwrap_err();
        assert!(
            matches!(&e, VariantError::BadParameter { message, .. } if message.contains("2 pin lists for 3 stacks")),
            "{e}"
        );
        assert!(v.simulate("T", 2, &p).is_err());
    }
}

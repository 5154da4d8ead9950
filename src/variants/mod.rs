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
pub mod checkers;
pub mod hanoivar;
pub mod reversi;

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

/// Errors of variant files and their use.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum VariantError {
    /// No built-in variant has that id.
    #[error("unknown variant `{id}` (known: {known})")]
    UnknownVariant {
        /// The id asked for.
        id: String,
        /// The built-in ids.
        known: String,
    },
    /// The file could not be read.
    #[error("{path}: {message}")]
    Io {
        /// The path.
        path: String,
        /// The OS error.
        message: String,
    },
    /// The file is not valid TOML or misses/mistypes a field.
    #[error("{origin}:{line}:{col}: {message}")]
    Malformed {
        /// File name or `builtin:<id>`.
        origin: String,
        /// Line, from 1.
        line: usize,
        /// Column, from 1.
        col: usize,
        /// What is wrong.
        message: String,
    },
    /// The recursion program (or a function's call) has an error; line and column are in the file.
    #[error("{origin}:{line}:{col}: {context}: {source}")]
    Program {
        /// File name or `builtin:<id>`.
        origin: String,
        /// Line in the file, from 1.
        line: usize,
        /// Column in the file, from 1.
        col: usize,
        /// Where (program, or function `X`'s call).
        context: String,
        /// The program error.
        source: ProgramError,
    },
    /// No function of that name.
    #[error("variant `{variant}` has no function `{name}` (functions: {known})")]
    UnknownFunction {
        /// Variant id.
        variant: String,
        /// The name asked for.
        name: String,
        /// Known names.
        known: String,
    },
    /// A parameter that the variant does not have, or a value out of range.
    #[error("variant `{variant}`: {message}")]
    BadParameter {
        /// Variant id.
        variant: String,
        /// What is wrong.
        message: String,
    },
    /// The algebra failed on the derived transfer system.
    #[error("variant `{variant}`: algebra of the transfer matrix: {message}")]
    Algebra {
        /// Variant id.
        variant: String,
        /// What went wrong.
        message: String,
    },
    /// A run-time error of the program (no clause applies, ...).
    #[error("variant `{variant}`, function `{function}`, n = {n}: {source}")]
    Run {
        /// Variant id.
        variant: String,
        /// Function.
        function: String,
        /// n.
        n: i64,
        /// The error.
        source: ProgramError,
    },
    /// The simulation failed: an illegal move or the goal not reached.
    #[error("variant `{variant}`, function `{function}`, n = {n}: {source}")]
    Simulation {
        /// Variant id.
        variant: String,
        /// Function.
        function: String,
        /// n.
        n: i64,
        /// The error.
        source: SimulationError,
    },
}

#[derive(Deserialize)]
struct FileTop {
    id: String,
    #[serde(default)]
    title: String,
    #[serde(default)]
    summary: String,
    #[serde(default)]
    source: String,
    #[serde(default)]
    parameters: BTreeMap<String, i64>,
    #[serde(default)]
    parameter_min: BTreeMap<String, i64>,
    #[serde(default)]
    default: Option<String>,
    rules: RulesFile,
    functions: BTreeMap<String, FunctionFile>,
    program: ProgramFile,
}

#[derive(Deserialize)]
#[serde(untagged)]
enum IntOrExpr {
    Int(i64),
    Expr(String),
}

#[derive(Deserialize)]
#[serde(untagged)]
enum MovesSpec {
    Named(String),
    Arcs(Vec<(usize, usize)>),
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RulesFile {
    pins: IntOrExpr,
    #[serde(default = "complete")]
    moves: MovesSpec,
    #[serde(default = "strict")]
    size: String,
    #[serde(default = "any")]
    colour: String,
    #[serde(default = "fixed")]
    recolour: String,
    #[serde(default = "after")]
    check_colour: String,
    #[serde(default = "none")]
    colouring: String,
    #[serde(default)]
    stacks: Option<IntOrExpr>,
    #[serde(default)]
    access: Option<toml::Spanned<AccessSpec>>,
}

/// `rules.access` as written: `"multistack"` or one list of pins per stack; anything else is
/// kept to be reported with a clear message.
#[derive(Deserialize)]
#[serde(untagged)]
enum AccessSpec {
    Named(String),
    Lists(Vec<Vec<i64>>),
    Other(toml::Value),
}

/// Which pins each stack may use.
#[derive(Clone, Debug)]
enum AccessRule {
    /// Stack i uses pins 2i, 2i+1, 2i+2 (mod pins).
    Multistack,
    /// Stack i uses the pins of list i.
    Lists(Vec<Vec<i64>>),
}

/// Pin access masks of `rule` for `stacks` stacks on `pins` pins; a message when the lists
/// do not fit (wrong number of lists, a pin out of range).
fn access_masks(rule: &AccessRule, stacks: i64, pins: usize) -> Result<Vec<u64>, String> {
    match rule {
        AccessRule::Multistack => Ok((0..stacks)
            .map(|i| {
                [2 * i, 2 * i + 1, 2 * i + 2]
                    .iter()
                    .fold(0u64, |m, x| m | 1u64 << x.rem_euclid(pins as i64))
            })
            .collect()),
        AccessRule::Lists(lists) => {
            if lists.len() as i64 != stacks {
                return Err(format!(
                    "rules.access: {} pin lists for {stacks} stacks (one list per stack)",
                    lists.len()
                ));
            }
            lists
                .iter()
                .enumerate()
                .map(|(i, l)| {
                    l.iter().try_fold(0u64, |m, &p| {
                        if (0..pins as i64).contains(&p) {
                            Ok(m | 1u64 << p)
                        } else {
                            Err(format!(
                                "rules.access: stack {i} lists pin {p}, but the pins are 0..{}",
                                pins as i64 - 1
                            ))
                        }
                    })
                })
                .collect()
        }
    }
}

fn complete() -> MovesSpec {
    MovesSpec::Named("complete".into())
}
fn strict() -> String {
    "strict".into()
}
fn any() -> String {
    "any".into()
}
fn fixed() -> String {
    "fixed".into()
}
fn after() -> String {
    "after".into()
}
fn none() -> String {
    "none".into()
}

#[derive(Deserialize)]
#[serde(untagged)]
enum Placement {
    List(Vec<IntOrExpr>),
    Expr(String),
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct FunctionFile {
    #[serde(default)]
    summary: String,
    source: String,
    #[serde(default)]
    bases: Option<String>,
    start: Placement,
    goal: Placement,
    #[serde(default)]
    start_colours: Option<String>,
    #[serde(default)]
    goal_colours: Option<String>,
    call: String,
    #[serde(default)]
    n_min: Option<i64>,
    #[serde(default)]
    goal_match: Option<String>,
    #[serde(default)]
    parameter_min: BTreeMap<String, i64>,
    #[serde(default)]
    parameter_max: BTreeMap<String, i64>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ProgramFile {
    text: toml::Spanned<String>,
    #[serde(default)]
    count_as: BTreeMap<String, String>,
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
    /// The top-level call as written.
    pub call: String,
    /// Smallest n the function is defined for.
    pub n_min: i64,
    /// The goal is reached when every pin holds the goal's sequence of disc sizes, equally
    /// sized discs being interchangeable (`goal_match = "sizes"`; Antwerp's T31, T13, T11,
    /// subsidiary problems that permute equal discs).
    pub goal_up_to_equal_sizes: bool,
    start: Placement2,
    goal: Placement2,
    start_colours: Option<String>,
    goal_colours: Option<String>,
    call_step: Step,
    parameter_min: BTreeMap<String, i64>,
    parameter_max: BTreeMap<String, i64>,
}

#[derive(Clone, Debug)]
enum Placement2 {
    List(Vec<(Expr, Vec<String>)>),
    Expr(Expr, Vec<String>),
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
}

#[derive(Clone, Debug)]
struct RulesFile2 {
    pins: (Expr, Vec<String>),
    moves: MoveGraphSpec,
    size: SizeRule,
    colour: ColourRule,
    recolour: Recolour,
    check_after: bool,
    colouring: String,
    stacks: (Expr, Vec<String>),
    access: Option<AccessRule>,
}

#[derive(Clone, Debug)]
enum MoveGraphSpec {
    Graph(MoveGraph),
    StarExpr(Expr, Vec<String>),
}

fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let before = &text[..offset.min(text.len())];
    let line = before.matches('\n').count() + 1;
    let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, col)
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
    /// A built-in variant by id.
    pub fn builtin(id: &str) -> Result<Variant, VariantError> {
        match BUILTINS.iter().find(|(i, _)| *i == id) {
            Some((i, text)) => Variant::from_toml(text, &format!("builtin:{i}")),
            None => Err(VariantError::UnknownVariant {
                id: id.into(),
                known: builtin_ids().join(", "),
            }),
        }
    }

    /// A variant from a file.
    pub fn from_path(path: &Path) -> Result<Variant, VariantError> {
        let text = std::fs::read_to_string(path).map_err(|e| VariantError::Io {
            path: path.display().to_string(),
            message: e.to_string(),
        })?;
        Variant::from_toml(&text, &path.display().to_string())
    }

    /// A built-in id, or else a path to a file.
    pub fn load(id_or_path: &str) -> Result<Variant, VariantError> {
        if BUILTINS.iter().any(|(i, _)| *i == id_or_path) || !Path::new(id_or_path).exists() {
            Variant::builtin(id_or_path)
        } else {
            Variant::from_path(Path::new(id_or_path))
        }
    }

    /// Parses a variant from TOML text; `origin` names it in error messages.
    pub fn from_toml(text: &str, origin: &str) -> Result<Variant, VariantError> {
        let malformed = |offset: usize, message: String| {
            let (line, col) = line_col(text, offset);
            VariantError::Malformed {
                origin: origin.into(),
                line,
                col,
                message,
            }
        };
        let top: FileTop = toml::from_str(text).map_err(|e| {
            let off = e.span().map_or(0, |s| s.start);
            malformed(off, e.message().to_string())
        })?;
        // Error positions for fields: the header of the section.
        let find = |needle: &str| text.find(needle).unwrap_or(0);
        let expr = |s: &str, locals: &[&str], at: usize| {
            program::parse_expr(s, locals).map_err(|e| malformed(at, format!("in `{s}`: {e}")))
        };
        let ioe = |v: &IntOrExpr, locals: &[&str], at: usize| match v {
            IntOrExpr::Int(i) => Ok((Expr::Const(*i), Vec::new())),
            IntOrExpr::Expr(s) => expr(s, locals, at),
        };
        let rules_at = find("[rules]");
        let r = &top.rules;
        let moves = match &r.moves {
            MovesSpec::Arcs(a) => MoveGraphSpec::Graph(MoveGraph::Arcs(a.clone())),
            MovesSpec::Named(s) => match s.as_str() {
                "complete" => MoveGraphSpec::Graph(MoveGraph::Complete),
                "cycle" => MoveGraphSpec::Graph(MoveGraph::Cycle),
                "path" => MoveGraphSpec::Graph(MoveGraph::Path),
                s if s.starts_with("star:") => {
                    let (e, g) = expr(&s[5..], &[], rules_at)?;
                    MoveGraphSpec::StarExpr(e, g)
                }
                other => {
                    return Err(malformed(
                        rules_at,
                        format!("rules.moves: expected complete, cycle, path, star:C or a list of [from, to], found `{other}`"),
                    ))
                }
            },
        };
        let size = match r.size.as_str() {
            "strict" => SizeRule::Strict,
            "allow-equal" => SizeRule::AllowEqual,
            o => {
                return Err(malformed(
                    rules_at,
                    format!("rules.size: expected strict or allow-equal, found `{o}`"),
                ))
            }
        };
        let colour = match r.colour.as_str() {
            "any" => ColourRule::Any,
            "not-same" => ColourRule::NotSame,
            "must-match" => ColourRule::MustMatch,
            o => {
                return Err(malformed(
                    rules_at,
                    format!("rules.colour: expected any, not-same or must-match, found `{o}`"),
                ))
            }
        };
        let recolour = match r.recolour.as_str() {
            "fixed" => Recolour::Fixed,
            "flip" => Recolour::Cycle(2),
            "cycle3" => Recolour::Cycle(3),
            o => {
                return Err(malformed(
                    rules_at,
                    format!("rules.recolour: expected fixed, flip or cycle3, found `{o}`"),
                ))
            }
        };
        let check_after = match r.check_colour.as_str() {
            "after" => true,
            "before" => false,
            o => {
                return Err(malformed(
                    rules_at,
                    format!("rules.check_colour: expected after or before, found `{o}`"),
                ))
            }
        };
        if !["none", "uniform", "cycle3", "alternate", "by-stack"].contains(&r.colouring.as_str()) {
            return Err(malformed(rules_at, format!("rules.colouring: expected none, uniform, cycle3, alternate or by-stack, found `{}`", r.colouring)));
        }
        let access_at = r.access.as_ref().map_or(rules_at, |a| a.span().start);
        let access = match r.access.as_ref().map(|a| a.get_ref()) {
            None => None,
            Some(AccessSpec::Named(a)) if a == "multistack" => Some(AccessRule::Multistack),
            Some(AccessSpec::Lists(l)) => Some(AccessRule::Lists(l.clone())),
            Some(AccessSpec::Named(a)) => {
                return Err(malformed(
                    access_at,
                    format!("rules.access: expected \"multistack\" or one list of pins per stack, e.g. [[0, 1, 2, 4], [2, 3, 0, 4]]; found `{a}`"),
                ))
            }
            Some(AccessSpec::Other(v)) => {
                return Err(malformed(
                    access_at,
                    format!("rules.access: expected \"multistack\" or one list of pins per stack, e.g. [[0, 1, 2, 4], [2, 3, 0, 4]]; found `{v}`"),
                ))
            }
        };
        let rules = RulesFile2 {
            pins: ioe(&r.pins, &[], rules_at)?,
            moves,
            size,
            colour,
            recolour,
            check_after,
            colouring: r.colouring.clone(),
            stacks: match &r.stacks {
                Some(s) => ioe(s, &[], rules_at)?,
                None => (Expr::Const(1), Vec::new()),
            },
            access,
        };
        // The program, with positions mapped into the file.
        let span = top.program.text.span();
        let raw = &text[span.start..span.end.min(text.len())];
        let (pl, pc) = line_col(text, span.start);
        let (line_shift, col_shift) = if raw.starts_with("\"\"\"\n") || raw.starts_with("'''\n") {
            (pl, 0)
        } else if raw.starts_with("\"\"\"") || raw.starts_with("'''") {
            (pl - 1, pc + 2)
        } else {
            (pl - 1, pc)
        };
        let ptext = top.program.text.get_ref().clone();
        let map_err = |e: ProgramError, context: &str| {
            let (line, col) = match &e {
                ProgramError::Syntax { line, col, .. }
                | ProgramError::UndefinedProcedure { line, col, .. }
                | ProgramError::UnboundPin { line, col, .. }
                | ProgramError::UnboundName { line, col, .. }
                | ProgramError::Arity { line, col, .. } => (
                    *line + line_shift,
                    if *line == 1 { *col + col_shift } else { *col },
                ),
                _ => (pl, pc),
            };
            VariantError::Program {
                origin: origin.into(),
                line,
                col,
                context: context.into(),
                source: e,
            }
        };
        let mut prog = Program::parse(&ptext).map_err(|e| map_err(e, "program"))?;
        // Functions in file order.
        let mut names: Vec<&String> = top.functions.keys().collect();
        names.sort_by_key(|n| {
            text.find(&format!("[functions.{n}]"))
                .or_else(|| text.find(&format!("[functions.\"{n}\"]")))
                .unwrap_or(usize::MAX)
        });
        let mut functions = Vec::new();
        for name in names {
            let f = &top.functions[name];
            let at = find(&format!("[functions.{name}]"));
            let call_step = program::parse_call(&mut prog, &f.call).map_err(|e| {
                let (line, col) = line_col(text, at);
                VariantError::Program {
                    origin: origin.into(),
                    line,
                    col,
                    context: format!("function `{name}`, call `{}`", f.call),
                    source: e,
                }
            })?;
            let place = |p: &Placement| -> Result<Placement2, VariantError> {
                Ok(match p {
                    Placement::Expr(s) => {
                        let (e, g) = expr(s, &["i"], at)?;
                        Placement2::Expr(e, g)
                    }
                    Placement::List(v) => Placement2::List(
                        v.iter()
                            .map(|x| ioe(x, &["i"], at))
                            .collect::<Result<_, _>>()?,
                    ),
                })
            };
            if let Some(b) = &f.bases {
                if b.chars().any(|c| !"ABCDEF".contains(c)) || b.is_empty() {
                    return Err(malformed(at, format!("functions.{name}.bases: expected letters A-F (one per pin, or one for all), found `{b}`")));
                }
            }
            if let Some(g) = &f.goal_match {
                if g != "exact" && g != "sizes" {
                    return Err(malformed(
                        at,
                        format!(
                            "functions.{name}.goal_match: expected exact or sizes, found `{g}`"
                        ),
                    ));
                }
            }
            let flipped_goal = f.goal_colours.as_deref() == Some("flipped");
            let checked = if flipped_goal {
                [&None, &f.start_colours]
            } else {
                [&f.goal_colours, &f.start_colours]
            };
            for gc in checked.into_iter().flatten() {
                if !["start", "A", "B", "C"].contains(&gc.as_str()) {
                    return Err(malformed(
                        at,
                        format!("functions.{name}: colours must be start, A, B or C, found `{gc}`"),
                    ));
                }
            }
            functions.push(Function {
                name: name.clone(),
                summary: f.summary.clone(),
                source: f.source.clone(),
                bases: f.bases.clone(),
                call: f.call.clone(),
                n_min: f.n_min.unwrap_or(0),
                goal_up_to_equal_sizes: f.goal_match.as_deref() == Some("sizes"),
                start: place(&f.start)?,
                goal: place(&f.goal)?,
                start_colours: f.start_colours.clone(),
                goal_colours: f.goal_colours.clone(),
                call_step,
                parameter_min: f.parameter_min.clone(),
                parameter_max: f.parameter_max.clone(),
            });
        }
        if functions.is_empty() {
            return Err(malformed(0, "the file defines no [functions.NAME]".into()));
        }
        let default = match &top.default {
            Some(d) => functions.iter().position(|f| f.name == *d).ok_or_else(|| {
                malformed(
                    find("default"),
                    format!("default function `{d}` is not defined"),
                )
            })?,
            None => 0,
        };
        for (k, v) in &top.program.count_as {
            for x in [k, v] {
                if prog.procedure(x).is_none() {
                    return Err(malformed(
                        find("count_as"),
                        format!("count_as names `{x}`, which is not a procedure of the program"),
                    ));
                }
            }
        }
        let v = Variant {
            id: top.id,
            title: top.title,
            summary: top.summary,
            source: top.source,
            parameters: top.parameters,
            parameter_min: top.parameter_min,
            program: Arc::new(prog),
            program_text: ptext,
            count_as: top.program.count_as,
            origin: origin.into(),
            functions,
            default,
            rules,
        };
        // Explicit pin lists must fit the default parameters' pins and stacks (other
        // parameter values are checked when the rules are made).
        if let Some(rule @ AccessRule::Lists(_)) = &v.rules.access {
            if let Ok(all) = v.resolve_params(&Params::new()) {
                let pins = all.iter().find(|(k, _)| k == "pins").map_or(0, |(_, p)| *p);
                if let Ok(stacks) = eval_with(&v.rules.stacks, &all, &[], &v.id) {
                    access_masks(rule, stacks, pins as usize)
                        .map_err(|m| malformed(access_at, m))?;
                }
            }
        }
        Ok(v)
    }

    /// A Markdown description: title, source, rules, functions, program and (for the given
    /// parameters) the transfer system. Deterministic.
    pub fn to_markdown(&self, params: &Params) -> Result<String, VariantError> {
        let rules = self.rules(params)?;
        let all = self.resolve_params(params)?;
        let mut out = format!(
            "# {} (`{}`)\n\n{}\n\nSource: {}\n\n",
            self.title, self.id, self.summary, self.source
        );
        if !all.is_empty() {
            let ps: Vec<String> = all.iter().map(|(k, v)| format!("{k} = {v}")).collect();
            out.push_str(&format!("Parameters: {}\n\n", ps.join(", ")));
        }
        let arcs: Vec<String> = rules
            .arcs
            .iter()
            .enumerate()
            .flat_map(|(i, r)| {
                r.iter()
                    .enumerate()
                    .filter(|(_, &a)| a)
                    .map(move |(j, _)| format!("{i}->{j}"))
            })
            .collect();
        out.push_str("## Rules\n\n");
        out.push_str(&format!(
            "- pins: {}\n- moves: {}\n- size: {:?}\n- colour: {:?} (checked {} recolouring)\n- recolour: {:?}\n- colouring: {}\n",
            rules.arcs.len(),
            arcs.join(" "),
            rules.size_rule,
            rules.colour_rule,
            if rules.check_after_recolour { "after" } else { "before" },
            rules.recolour,
            self.rules.colouring
        ));
        if let Some(a) = &rules.access {
            let masks: Vec<String> = a.iter().map(|m| format!("{m:b}")).collect();
            out.push_str(&format!(
                "- pin access per stack (bit masks): {}\n",
                masks.join(", ")
            ));
        }
        out.push_str(
            "\n## Functions\n\n| function | call | summary | source |\n|---|---|---|---|\n",
        );
        for f in &self.functions {
            out.push_str(&format!(
                "| {}.{} | `{}` | {} | {} |\n",
                self.id, f.name, f.call, f.summary, f.source
            ));
        }
        out.push_str(&format!(
            "\n## Program\n\n```text\n{}\n```\n",
            self.program_text.trim()
        ));
        if !self.count_as.is_empty() {
            let c: Vec<String> = self
                .count_as
                .iter()
                .map(|(a, b)| format!("{a} = {b}"))
                .collect();
            out.push_str(&format!("\ncount_as: {}\n", c.join(", ")));
        }
        match self.transfer_system(params)? {
            Some(sys) => out.push_str(&format!("\n## Transfer system\n\n{}", sys.to_markdown())),
            None => out.push_str("\n## Counts\n\nNo transfer matrix (some call is not on n-k discs for a small k, n or a fixed size, or the clauses are not periodic in n); counts are memoised per (procedure, size).\n"),
        }
        Ok(out)
    }

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

    fn globals(&self, all: &[(String, i64)]) -> Result<Vec<i64>, VariantError> {
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

    fn check_function(
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

    /// The rules for the given parameters.
    pub fn rules(&self, params: &Params) -> Result<Rules, VariantError> {
        let all = self.resolve_params(params)?;
        self.rules_for(&all)
    }

    fn rules_for(&self, all: &[(String, i64)]) -> Result<Rules, VariantError> {
        let pins = all.iter().find(|(k, _)| k == "pins").map_or(0, |(_, v)| *v) as usize;
        let graph = match &self.rules.moves {
            MoveGraphSpec::Graph(g) => g.clone(),
            MoveGraphSpec::StarExpr(e, g) => MoveGraph::Star(
                eval_with(&(e.clone(), g.clone()), all, &[], &self.id)?.rem_euclid(pins as i64)
                    as usize,
            ),
        };
        if let MoveGraph::Arcs(a) = &graph {
            if let Some(&(x, y)) = a.iter().find(|(x, y)| *x >= pins || *y >= pins) {
                return Err(VariantError::BadParameter {
                    variant: self.id.clone(),
                    message: format!("rules.moves lists arc [{x}, {y}] but there are {pins} pins"),
                });
            }
        }
        let stacks = eval_with(&self.rules.stacks, all, &[], &self.id)?;
        let access = match &self.rules.access {
            None => None,
            Some(rule) => Some(access_masks(rule, stacks, pins).map_err(|message| {
                VariantError::BadParameter {
                    variant: self.id.clone(),
                    message,
                }
            })?),
        };
        Ok(Rules {
            arcs: graph.arcs(pins),
            size_rule: self.rules.size,
            colour_rule: self.rules.colour,
            recolour: self.rules.recolour,
            check_after_recolour: self.rules.check_after,
            access,
        })
    }

    /// The puzzle of `function` with `n` discs per stack.
    pub fn puzzle(&self, function: &str, n: i64, params: &Params) -> Result<Puzzle, VariantError> {
        let f = self.function(function)?;
        let all = self.resolve_params(params)?;
        self.check_function(f, n, &all)?;
        let rules = self.rules_for(&all)?;
        let pins = rules.arcs.len();
        let stacks = eval_with(&self.rules.stacks, &all, &[], &self.id)?;
        if !(1..=64).contains(&stacks) || n < 0 || n * stacks > 1 << 20 {
            return Err(VariantError::BadParameter {
                variant: self.id.clone(),
                message: format!("{stacks} stacks of {n} discs is out of range"),
            });
        }
        let mut discs = Vec::new();
        let mut colours = Vec::new();
        for s in 0..stacks {
            for size in (1..=n).rev() {
                discs.push(Disc {
                    size: size as u32,
                    group: s as u8,
                });
                let depth = n - size; // 0 for the largest
                colours.push(match self.rules.colouring.as_str() {
                    "cycle3" => (depth % 3) as u8,
                    "alternate" => (depth % 2) as u8,
                    "by-stack" => s as u8,
                    _ => 0,
                });
            }
        }
        let place = |p: &Placement2| -> Result<Vec<usize>, VariantError> {
            (0..stacks)
                .map(|i| {
                    let v = match p {
                        Placement2::Expr(e, g) => eval_with(&(e.clone(), g.clone()), &all, &[i], &self.id)?,
                        Placement2::List(l) => match l.get(i as usize) {
                            Some((e, g)) => eval_with(&(e.clone(), g.clone()), &all, &[i], &self.id)?,
                            None => return Err(VariantError::BadParameter { variant: self.id.clone(), message: format!("function {function}: start/goal lists fewer pins than the {stacks} stacks") }),
                        },
                    };
                    Ok(v.rem_euclid(pins as i64) as usize)
                })
                .collect()
        };
        let config = |at: Vec<usize>, col: &Option<String>| {
            let mut cp = vec![Vec::new(); pins];
            for (s, &p) in at.iter().enumerate() {
                for k in 0..n {
                    cp[p].push((s as i64 * n + k) as u32);
                }
            }
            // Several stacks on one pin: bigger discs below, earlier stacks below on ties.
            for st in cp.iter_mut() {
                st.sort_by_key(|&d| {
                    (
                        std::cmp::Reverse(discs[d as usize].size),
                        discs[d as usize].group,
                    )
                });
            }
            let c = match col.as_deref() {
                Some("A") => vec![0; colours.len()],
                Some("B") => vec![1; colours.len()],
                Some("C") => vec![2; colours.len()],
                _ => colours.clone(),
            };
            Config {
                pins: cp,
                colours: c,
            }
        };
        let start = config(place(&f.start)?, &f.start_colours);
        let mut goal = config(place(&f.goal)?, &f.goal_colours);
        if f.goal_colours.is_none() {
            goal.colours = start.colours.clone();
        }
        if f.goal_colours.as_deref() == Some("flipped") {
            // Every disc ends with the other of two colours (Lunnon's "final colour reversed").
            goal.colours = start.colours.iter().map(|&c| c ^ 1).collect();
        }
        let bases = match &f.bases {
            None => vec![None; pins],
            Some(b) => {
                let letters: Vec<char> = if b.chars().count() == 1 {
                    vec![b.chars().next().unwrap_or('D'); pins]
                } else {
                    b.chars().collect()
                };
                if letters.len() != pins {
                    return Err(VariantError::BadParameter {
                        variant: self.id.clone(),
                        message: format!(
                            "function {function}: bases `{b}` has {} letters for {pins} pins",
                            letters.len()
                        ),
                    });
                }
                letters
                    .iter()
                    .map(|c| match c {
                        'A' => Some(0),
                        'B' => Some(1),
                        'C' => Some(2),
                        _ => None,
                    })
                    .collect()
            }
        };
        Ok(Puzzle {
            pins,
            discs,
            rules,
            bases,
            start,
            goal,
        })
    }

    /// The move stream of `function` at `n` (with memoised replay of repeated sub-calls,
    /// see [`MoveStream`]).
    pub fn moves(
        &self,
        function: &str,
        n: i64,
        params: &Params,
    ) -> Result<MoveStream, VariantError> {
        self.moves_impl(function, n, params, true)
    }

    /// The same moves from the plain interpreter ([`MoveStream::new_uncached`]): the
    /// reference the fast stream is tested against.
    pub fn moves_uncached(
        &self,
        function: &str,
        n: i64,
        params: &Params,
    ) -> Result<MoveStream, VariantError> {
        self.moves_impl(function, n, params, false)
    }

    fn moves_impl(
        &self,
        function: &str,
        n: i64,
        params: &Params,
        replay: bool,
    ) -> Result<MoveStream, VariantError> {
        let f = self.function(function)?;
        let all = self.resolve_params(params)?;
        self.check_function(f, n, &all)?;
        let pins = all.iter().find(|(k, _)| k == "pins").map_or(0, |(_, v)| *v) as usize;
        let globals = self.globals(&all)?;
        let new = if replay {
            MoveStream::new
        } else {
            MoveStream::new_uncached
        };
        Ok(new(
            Arc::clone(&self.program),
            &f.call_step,
            n,
            globals,
            pins,
        ))
    }

    /// The algebra of the derived transfer system for these parameters: characteristic
    /// polynomial and its factorisation, each component's minimal recurrence, closed form and
    /// dominant term with `digits` certified digits (`None` when there is no matrix).
    ///
    /// ```
    /// use hanoilab::variants::{Params, Variant};
    /// let a = Variant::builtin("cyclic").unwrap().analysis(&Params::new(), 10).unwrap().unwrap();
    /// assert_eq!(a.charpoly_factorization.to_string_in("E"), "(E - 1)(E^2 - 2E - 2)");
    /// ```
    pub fn analysis(
        &self,
        params: &Params,
        digits: usize,
    ) -> Result<Option<crate::algebra::MatrixAnalysis>, VariantError> {
        let Some(sys) = self.transfer_system(params)? else {
            return Ok(None);
        };
        let err = |e: crate::algebra::AlgebraError| VariantError::Algebra {
            variant: self.id.clone(),
            message: e.to_string(),
        };
        let m = crate::algebra::ZMatrix::from_rows(sys.matrix.clone()).map_err(err)?;
        crate::algebra::MatrixAnalysis::from_first_n(
            m,
            sys.initial.clone(),
            sys.first_n as u64,
            Some(sys.names.clone()),
            digits,
            None,
        )
        .map(Some)
        .map_err(err)
    }

    /// The transfer system of the program for these parameters, with `count_as` merged
    /// (`None` when some call is not on `n-k` discs for a small k, `n` or a fixed size, or the clauses are not periodic in n).
    pub fn transfer_system(&self, params: &Params) -> Result<Option<TransferSystem>, VariantError> {
        let all = self.resolve_params(params)?;
        let globals = self.globals(&all)?;
        program::transfer_system(&self.program, &globals, &self.count_as).map_err(|e| {
            VariantError::Program {
                origin: self.origin.clone(),
                line: 0,
                col: 0,
                context: "count extraction".into(),
                source: e,
            }
        })
    }

    /// The transfer system and the index of `function`'s component in it, when the
    /// function's call is a procedure on exactly `n` discs: then the function's count at
    /// `n >= sys.first_n` is component `i` of `s(n)`. `None` when there is no transfer
    /// system or the call is on another size.
    pub fn function_component(
        &self,
        function: &str,
        params: &Params,
    ) -> Result<Option<(TransferSystem, usize)>, VariantError> {
        let f = self.function(function)?;
        let Step::Call {
            proc,
            size: Expr::Slot(0),
            ..
        } = &f.call_step
        else {
            return Ok(None);
        };
        let Some(sys) = self.transfer_system(params)? else {
            return Ok(None);
        };
        let name = &self.program.procedures[*proc].name;
        let name = self.count_as.get(name).unwrap_or(name);
        Ok(sys.index(name).map(|i| (sys, i)))
    }

    /// The size the function's top-level call is made on at `n` and the procedure's
    /// component in the transfer system (if there is one), from sizes alone.
    fn call_plan(
        &self,
        function: &str,
        n: i64,
        params: &Params,
    ) -> Result<(i64, Option<(TransferSystem, usize)>), VariantError> {
        let f = self.function(function)?;
        let all = self.resolve_params(params)?;
        self.check_function(f, n, &all)?;
        let globals = self.globals(&all)?;
        let Step::Call { proc, size, .. } = &f.call_step else {
            return Ok((0, None));
        };
        let m = size.eval(&[n], &globals).ok_or_else(|| VariantError::Run {
            variant: self.id.clone(),
            function: function.into(),
            n,
            source: ProgramError::Overflow {
                name: "call".into(),
                n,
            },
        })?;
        if m <= 256 {
            return Ok((m, None));
        }
        let Some(sys) = self.transfer_system(params)? else {
            return Ok((m, None));
        };
        let name = &self.program.procedures[*proc].name;
        let name = self.count_as.get(name).unwrap_or(name);
        Ok((m, sys.index(name).map(|i| (sys, i))))
    }

    /// What [`Variant::count`] of `function` at `n` costs, known from sizes alone before
    /// any big-integer work: the size of the answer (from the transfer system, in floating
    /// point), or the size of the memoised recursion.
    pub fn count_cost(
        &self,
        function: &str,
        n: i64,
        params: &Params,
    ) -> Result<CountCost, VariantError> {
        let (m, sys) = self.call_plan(function, n, params)?;
        Ok(match sys {
            Some((sys, i)) => CountCost::Matrix {
                log10: sys.log10_estimate(m as u64, i).unwrap_or(0.0),
            },
            None => CountCost::Memo { size: m },
        })
    }

    /// The exact number of moves of `function` at `n`: by memoised counting when the
    /// top-level call is on at most 256 discs, else by the component's minimal recurrence
    /// ([`TransferSystem::component_nth`]) when the called procedure is a component of the
    /// system (else memoised, up to
    /// [`MEMO_MAX_SIZE`] discs).
    pub fn count(&self, function: &str, n: i64, params: &Params) -> Result<BigInt, VariantError> {
        let (m, sys) = self.call_plan(function, n, params)?;
        if let Some((sys, i)) = sys {
            if let Some(v) = sys.component_nth(i, m as u64) {
                return Ok(v);
            }
        }
        if m > MEMO_MAX_SIZE {
            return Err(VariantError::BadParameter {
                variant: self.id.clone(),
                message: format!(
                    "function {function} at n = {n}: a call on {m} discs with no transfer system \
                     would be counted by memoised recursion, about {m} table entries (at most \
                     {MEMO_MAX_SIZE})"
                ),
            });
        }
        let f = self.function(function)?;
        let globals = self.globals(&self.resolve_params(params)?)?;
        program::count_call(&self.program, &f.call_step, n, &globals).map_err(|e| {
            VariantError::Run {
                variant: self.id.clone(),
                function: function.into(),
                n,
                source: e,
            }
        })
    }

    /// Simulates `function` at `n`: every move checked, the goal checked.
    pub fn simulate(
        &self,
        function: &str,
        n: i64,
        params: &Params,
    ) -> Result<SimulationReport, VariantError> {
        self.simulate_with(function, n, params, SimulateOptions::default())
    }

    /// [`Variant::simulate`] with options (progress callback, observer).
    pub fn simulate_with(
        &self,
        function: &str,
        n: i64,
        params: &Params,
        opts: SimulateOptions<'_>,
    ) -> Result<SimulationReport, VariantError> {
        let puzzle = self.puzzle(function, n, params)?;
        let mut stream = self.moves(function, n, params)?;
        let r = if self.function(function)?.goal_up_to_equal_sizes && opts.check_goal {
            simulate_up_to_equal_sizes(&puzzle, &mut stream)
        } else {
            simulate_with(&puzzle, &mut stream, opts)
        };
        if let Some(e) = stream.error() {
            return Err(VariantError::Run {
                variant: self.id.clone(),
                function: function.into(),
                n,
                source: e.clone(),
            });
        }
        r.map_err(|e| VariantError::Simulation {
            variant: self.id.clone(),
            function: function.into(),
            n,
            source: e,
        })
    }
}

/// Plays every move, then compares with the goal by disc sizes only: equally sized discs
/// are interchangeable (which stack a disc came from, and its colour, are not compared).
fn simulate_up_to_equal_sizes(
    puzzle: &Puzzle,
    moves: impl Iterator<Item = crate::puzzle::Move>,
) -> Result<SimulationReport, SimulationError> {
    let (count, tower) = crate::puzzle::play_all(puzzle, moves)?;
    let key = |pins: &[Vec<u32>]| -> Vec<Vec<u32>> {
        pins.iter()
            .map(|p| p.iter().map(|&d| puzzle.discs[d as usize].size).collect())
            .collect()
    };
    if key(&tower.pins) != key(&puzzle.goal.pins) {
        return Err(SimulationError::GoalNotReached {
            moves: count,
            config: crate::puzzle::render_config(puzzle, &tower.pins, &tower.colours),
            goal: crate::puzzle::render_config(puzzle, &puzzle.goal.pins, &puzzle.goal.colours),
        });
    }
    Ok(SimulationReport {
        moves: count,
        goal_reached: true,
    })
}

fn eval_with(
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
        .ok_or_else(|| VariantError::BadParameter {
            variant: id.into(),
            message: "an expression of the rules or functions overflows 64 bits".into(),
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

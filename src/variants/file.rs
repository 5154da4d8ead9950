//! The variant file format: the TOML schema as written, and its translation into a
//! [`Variant`] (expressions parsed, names checked, every error placed at a line and column).

use super::*;

#[derive(Deserialize)]
pub(super) struct FileTop {
    pub(super) id: String,
    #[serde(default)]
    pub(super) title: String,
    #[serde(default)]
    pub(super) summary: String,
    #[serde(default)]
    pub(super) source: String,
    #[serde(default)]
    pub(super) parameters: BTreeMap<String, i64>,
    #[serde(default)]
    pub(super) parameter_min: BTreeMap<String, i64>,
    #[serde(default)]
    pub(super) default: Option<String>,
    pub(super) rules: RulesFile,
    pub(super) functions: BTreeMap<String, FunctionFile>,
    /// Optional: without it the functions have no `call` and are searched only.
    #[serde(default)]
    pub(super) program: Option<ProgramFile>,
}

/// An integer, or an expression in the parameters written as a string (`3`, `"2*l"`).
pub(super) enum IntOrExpr {
    Int(i64),
    Expr(String),
}

/// A visitor that names the accepted forms when a value has another type (serde's untagged
/// enums only say that nothing matched). toml places the error at the value.
macro_rules! expecting {
    ($what:expr) => {
        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            f.write_str($what)
        }
    };
}

const INT_OR_EXPR: &str = "an integer or an expression in quotes, e.g. 3 or \"2*l\"";

impl<'de> Deserialize<'de> for IntOrExpr {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<IntOrExpr, D::Error> {
        struct V;
        impl serde::de::Visitor<'_> for V {
            type Value = IntOrExpr;
            expecting!(INT_OR_EXPR);
            fn visit_i64<E>(self, v: i64) -> Result<IntOrExpr, E> {
                Ok(IntOrExpr::Int(v))
            }
            fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<IntOrExpr, E> {
                i64::try_from(v)
                    .map(IntOrExpr::Int)
                    .map_err(|_| E::custom("integer too large for 64 bits"))
            }
            fn visit_str<E>(self, v: &str) -> Result<IntOrExpr, E> {
                Ok(IntOrExpr::Expr(v.to_string()))
            }
        }
        d.deserialize_any(V)
    }
}

/// `rules.moves`: a name, or a list of arcs `[from, to]` each with its place in the file.
pub(super) enum MovesSpec {
    Named(String),
    Arcs(Vec<toml::Spanned<PinArc>>),
}

const MOVES: &str = "complete, cycle, path, \"star:C\" (C the centre pin, an integer or an expression in the parameters) or a list of arcs [from, to], e.g. [[0, 1], [1, 2]]";

impl<'de> Deserialize<'de> for MovesSpec {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<MovesSpec, D::Error> {
        struct V;
        impl<'de> serde::de::Visitor<'de> for V {
            type Value = MovesSpec;
            expecting!(MOVES);
            fn visit_str<E>(self, v: &str) -> Result<MovesSpec, E> {
                Ok(MovesSpec::Named(v.to_string()))
            }
            fn visit_seq<A: serde::de::SeqAccess<'de>>(
                self,
                mut a: A,
            ) -> Result<MovesSpec, A::Error> {
                let mut arcs = Vec::new();
                while let Some(arc) = a.next_element()? {
                    arcs.push(arc);
                }
                Ok(MovesSpec::Arcs(arcs))
            }
        }
        d.deserialize_any(V)
    }
}

/// One arc `[from, to]` of `rules.moves`: two pin numbers (checked against the pins later).
#[derive(Clone, Copy)]
pub(super) struct PinArc(pub(super) usize, pub(super) usize);

const ARC: &str = "an arc [from, to] of two pin numbers, e.g. [0, 1]";

impl<'de> Deserialize<'de> for PinArc {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<PinArc, D::Error> {
        struct V;
        impl<'de> serde::de::Visitor<'de> for V {
            type Value = PinArc;
            expecting!(ARC);
            fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut a: A) -> Result<PinArc, A::Error> {
                use serde::de::Error;
                let mut pins = Vec::new();
                while let Some(p) = a.next_element::<toml::Value>()? {
                    pins.push(p);
                }
                let pin = |v: &toml::Value| {
                    match v {
                    toml::Value::Integer(p) if *p >= 0 => Ok(*p as usize),
                    other => Err(A::Error::custom(format!(
                        "rules.moves: expected {ARC}; a pin number is an integer from 0, found {other}"
                    ))),
                }
                };
                match &pins[..] {
                    [from, to] => Ok(PinArc(pin(from)?, pin(to)?)),
                    _ => Err(A::Error::custom(format!(
                        "rules.moves: expected {ARC}, found a list of {} values",
                        pins.len()
                    ))),
                }
            }
        }
        d.deserialize_any(V)
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RulesFile {
    pub(super) pins: toml::Spanned<IntOrExpr>,
    #[serde(default)]
    pub(super) moves: Option<toml::Spanned<MovesSpec>>,
    #[serde(default)]
    pub(super) size: SizeSpec,
    #[serde(default)]
    pub(super) colour: ColourSpec,
    #[serde(default)]
    pub(super) recolour: RecolourSpec,
    #[serde(default)]
    pub(super) check_colour: CheckColourSpec,
    #[serde(default)]
    pub(super) colouring: Colouring,
    #[serde(default)]
    pub(super) stacks: Option<toml::Spanned<IntOrExpr>>,
    #[serde(default)]
    pub(super) access: Option<toml::Spanned<AccessSpec>>,
}

/// `rules.access` as written: `"multistack"` or one list of pins per stack; anything else is
/// kept to be reported with a clear message.
#[derive(Deserialize)]
#[serde(untagged)]
pub(super) enum AccessSpec {
    Named(String),
    Lists(Vec<Vec<i64>>),
    Other(toml::Value),
}

/// `rules.size`. (serde names the allowed values, and the line, when a file has another.)
#[derive(Clone, Copy, Debug, Default, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub(super) enum SizeSpec {
    #[default]
    Strict,
    AllowEqual,
}

/// `rules.colour`.
#[derive(Clone, Copy, Debug, Default, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub(super) enum ColourSpec {
    #[default]
    Any,
    NotSame,
    MustMatch,
}

/// `rules.recolour`.
#[derive(Clone, Copy, Debug, Default, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub(super) enum RecolourSpec {
    #[default]
    Fixed,
    Flip,
    Cycle3,
}

/// `rules.check_colour`.
#[derive(Clone, Copy, Debug, Default, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub(super) enum CheckColourSpec {
    #[default]
    After,
    Before,
}

/// `rules.colouring`: the start colours of the discs, by depth in their stack or by stack.
#[derive(Clone, Copy, Debug, Default, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub(super) enum Colouring {
    #[default]
    None,
    Uniform,
    Cycle3,
    Alternate,
    ByStack,
}

impl Colouring {
    /// In words, as the report and `show` print it.
    pub(super) fn describe(self) -> &'static str {
        match self {
            Colouring::None => "none (the discs are uncoloured)",
            Colouring::Uniform => "every disc the same colour A",
            Colouring::Cycle3 => "A, B, C, A, B, C, ... from the largest disc down",
            Colouring::Alternate => "A, B, A, B, ... from the largest disc down",
            Colouring::ByStack => "each stack its own colour",
        }
    }
}

/// `start` / `goal`: one pin per stack (each with its place in the file), or one expression
/// in the stack index `i` for all stacks.
pub(super) enum Placement {
    List(Vec<toml::Spanned<IntOrExpr>>),
    Expr(String),
}

const PLACEMENT: &str =
    "a list of one pin per stack (integers or expressions in quotes), e.g. [0] or [\"2*i\"], or one expression in quotes for all stacks, e.g. \"2*i + 2\"";

impl<'de> Deserialize<'de> for Placement {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Placement, D::Error> {
        struct V;
        impl<'de> serde::de::Visitor<'de> for V {
            type Value = Placement;
            expecting!(PLACEMENT);
            fn visit_str<E>(self, v: &str) -> Result<Placement, E> {
                Ok(Placement::Expr(v.to_string()))
            }
            fn visit_seq<A: serde::de::SeqAccess<'de>>(
                self,
                mut a: A,
            ) -> Result<Placement, A::Error> {
                let mut pins = Vec::new();
                while let Some(p) = a.next_element()? {
                    pins.push(p);
                }
                Ok(Placement::List(pins))
            }
        }
        d.deserialize_any(V)
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct FunctionFile {
    #[serde(default)]
    pub(super) summary: String,
    pub(super) source: String,
    #[serde(default)]
    pub(super) bases: Option<toml::Spanned<String>>,
    pub(super) start: toml::Spanned<Placement>,
    pub(super) goal: toml::Spanned<Placement>,
    #[serde(default)]
    pub(super) start_colours: Option<String>,
    #[serde(default)]
    pub(super) goal_colours: Option<String>,
    #[serde(default)]
    pub(super) call: Option<toml::Spanned<String>>,
    #[serde(default)]
    pub(super) n_min: Option<i64>,
    #[serde(default)]
    pub(super) goal_match: Option<String>,
    #[serde(default)]
    pub(super) role: Option<String>,
    #[serde(default)]
    pub(super) parameter_min: BTreeMap<String, i64>,
    #[serde(default)]
    pub(super) parameter_max: BTreeMap<String, i64>,
    /// Seed algorithms other than the program that solve this function
    /// ([`crate::variants::alternatives::ALGORITHMS`]).
    #[serde(default)]
    pub(super) alternatives: Vec<toml::Spanned<String>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct ProgramFile {
    pub(super) text: toml::Spanned<String>,
    #[serde(default)]
    pub(super) count_as: BTreeMap<String, String>,
}

use crate::toml_errors::line_col;

/// The offset of the first `[functions.NAME]` (or `[functions."NAME"]`) header of each
/// function, found in one pass over the text.
fn function_headers(text: &str) -> std::collections::HashMap<&str, usize> {
    let mut out = std::collections::HashMap::new();
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let rest = line.trim_start();
        if let Some(inner) = rest
            .strip_prefix("[functions.")
            .and_then(|r| r.split_once(']'))
            .map(|(inner, _)| inner)
        {
            let name = inner
                .strip_prefix('"')
                .and_then(|n| n.strip_suffix('"'))
                .unwrap_or(inner);
            out.entry(name).or_insert(offset + line.len() - rest.len());
        }
        offset += line.len();
    }
    out
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
            kind: e.kind(),
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
            let (line, col, message) = crate::toml_errors::locate(text, &e);
            VariantError::Malformed {
                origin: origin.into(),
                line,
                col,
                message,
            }
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
        let moves_at = r.moves.as_ref().map_or(rules_at, |m| m.span().start);
        let named_complete = MovesSpec::Named("complete".into());
        let moves = match r.moves.as_ref().map_or(&named_complete, |m| m.get_ref()) {
            MovesSpec::Arcs(a) => MoveGraphSpec::Graph(MoveGraph::Arcs(
                a.iter()
                    .map(|arc| (arc.get_ref().0, arc.get_ref().1))
                    .collect(),
            )),
            MovesSpec::Named(s) => match s.as_str() {
                "complete" => MoveGraphSpec::Graph(MoveGraph::Complete),
                "cycle" => MoveGraphSpec::Graph(MoveGraph::Cycle),
                "path" => MoveGraphSpec::Graph(MoveGraph::Path),
                s if s.starts_with("star:") => {
                    let centre = &s[5..];
                    if centre.trim().is_empty() {
                        return Err(malformed(
                            moves_at,
                            "rules.moves: \"star:\" needs its centre pin, e.g. \"star:3\" or \"star:p - 1\"".to_string(),
                        ));
                    }
                    let (e, g) = program::parse_expr(centre, &[]).map_err(|e| {
                        malformed(
                            moves_at,
                            format!("rules.moves: the star's centre `{centre}`: {e}"),
                        )
                    })?;
                    MoveGraphSpec::StarExpr(e, g)
                }
                other => {
                    return Err(malformed(
                        moves_at,
                        format!("rules.moves: expected {MOVES}; found `{other}`"),
                    ))
                }
            },
        };
        let size = match r.size {
            SizeSpec::Strict => SizeRule::Strict,
            SizeSpec::AllowEqual => SizeRule::AllowEqual,
        };
        let colour = match r.colour {
            ColourSpec::Any => ColourRule::Any,
            ColourSpec::NotSame => ColourRule::NotSame,
            ColourSpec::MustMatch => ColourRule::MustMatch,
        };
        let recolour = match r.recolour {
            RecolourSpec::Fixed => Recolour::Fixed,
            RecolourSpec::Flip => Recolour::Cycle(2),
            RecolourSpec::Cycle3 => Recolour::Cycle(3),
        };
        let check_after = matches!(r.check_colour, CheckColourSpec::After);
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
            pins: ioe(r.pins.get_ref(), &[], r.pins.span().start)?,
            moves,
            size,
            colour,
            recolour,
            check_after,
            colouring: r.colouring,
            stacks: match &r.stacks {
                Some(s) => ioe(s.get_ref(), &[], s.span().start)?,
                None => (Expr::Const(1), Vec::new()),
            },
            access,
        };
        // The program, with positions mapped into the file.
        // A file without a program (rules, start and goal only) has an empty one.
        let span = top.program.as_ref().map_or(0..0, |p| p.text.span());
        let raw = &text[span.start..span.end.min(text.len())];
        let (pl, pc) = line_col(text, span.start);
        let (line_shift, col_shift) = if raw.starts_with("\"\"\"\n") || raw.starts_with("'''\n") {
            (pl, 0)
        } else if raw.starts_with("\"\"\"") || raw.starts_with("'''") {
            (pl - 1, pc + 2)
        } else {
            (pl.saturating_sub(1), pc)
        };
        let ptext = top
            .program
            .as_ref()
            .map_or_else(String::new, |p| p.text.get_ref().clone());
        let count_as = top
            .program
            .as_ref()
            .map(|p| p.count_as.clone())
            .unwrap_or_default();
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
        // One pass over the text finds every function's header (a search per function
        // would be quadratic in the size of the file).
        let headers = function_headers(text);
        let mut names: Vec<&String> = top.functions.keys().collect();
        names.sort_by_key(|n| headers.get(n.as_str()).copied().unwrap_or(usize::MAX));
        let mut functions = Vec::new();
        for &name in &names {
            let f = &top.functions[name];
            let at = headers.get(name.as_str()).copied().unwrap_or(0);
            // The call's text starts after its opening quote.
            let call_at = f
                .call
                .as_ref()
                .map_or((0, 0), |c| line_col(text, c.span().start + 1));
            if f.call.is_some() && top.program.is_none() {
                return Err(malformed(
                    at,
                    format!("functions.{name}.call: the file has no [program] to call (drop `call` to search the puzzle only)"),
                ));
            }
            let call_step = match &f.call {
                None => None,
                Some(call) => {
                    Some(program::parse_call(&mut prog, call.get_ref()).map_err(|e| {
                        let (line, col) = line_col(text, at);
                        VariantError::Program {
                            origin: origin.into(),
                            line,
                            col,
                            context: format!("function `{name}`, call `{}`", call.get_ref()),
                            source: e,
                        }
                    })?)
                }
            };
            let place = |p: &toml::Spanned<Placement>| -> Result<Placement2, VariantError> {
                Ok(match p.get_ref() {
                    Placement::Expr(s) => {
                        let (e, g) = expr(s, &["i"], p.span().start)?;
                        Placement2::Expr(e, g)
                    }
                    Placement::List(v) => Placement2::List(
                        v.iter()
                            .map(|x| ioe(x.get_ref(), &["i"], x.span().start))
                            .collect::<Result<_, _>>()?,
                    ),
                })
            };
            if let Some(b) = &f.bases {
                let (at, b) = (b.span().start, b.get_ref());
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
            let role = match f.role.as_deref() {
                None | Some("shortest") => FunctionRole::Shortest,
                Some("alternative") => FunctionRole::Alternative,
                Some("longest") => FunctionRole::Longest,
                Some(r) => {
                    return Err(malformed(
                        at,
                        format!("functions.{name}.role: expected shortest, alternative or longest, found `{r}`"),
                    ))
                }
            };
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
            let mut alternatives = Vec::new();
            for a in &f.alternatives {
                if super::alternatives::algorithm(a.get_ref()).is_none() {
                    let known: Vec<&str> = super::alternatives::ALGORITHMS
                        .iter()
                        .map(|a| a.name)
                        .collect();
                    return Err(malformed(
                        a.span().start,
                        format!(
                            "functions.{name}.alternatives: unknown algorithm `{}` (known: {})",
                            a.get_ref(),
                            known.join(", ")
                        ),
                    ));
                }
                alternatives.push(a.get_ref().clone());
            }
            functions.push(Function {
                name: name.clone(),
                alternatives,
                summary: f.summary.clone(),
                source: f.source.clone(),
                bases: f.bases.as_ref().map(|b| b.get_ref().clone()),
                call: f
                    .call
                    .as_ref()
                    .map_or_else(String::new, |c| c.get_ref().clone()),
                call_at,
                n_min: f.n_min.unwrap_or(0),
                goal_up_to_equal_sizes: f.goal_match.as_deref() == Some("sizes"),
                role,
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
        for (k, v) in &count_as {
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
            count_as,
            origin: origin.into(),
            functions,
            default,
            rules,
            program_shift: (line_shift, col_shift),
        };
        // Pins, stacks, the move digraph, pin lists and placements must fit the default
        // parameters, each refused at its place in the file (other parameter values are
        // checked when the rules and puzzles are made).
        let at_of = |e: VariantError| match e {
            VariantError::BadParameter { message, .. } => message,
            other => other.to_string(),
        };
        let all = v
            .resolve_params(&Params::new())
            .map_err(|e| malformed(r.pins.span().start, format!("rules.pins: {}", at_of(e))))?;
        let pins = all.iter().find(|(k, _)| k == "pins").map_or(0, |(_, p)| *p);
        let stacks_at = r.stacks.as_ref().map_or(rules_at, |s| s.span().start);
        let stacks = eval_with(&v.rules.stacks, &all, &[], &v.id)
            .map_err(|e| malformed(stacks_at, format!("rules.stacks: {}", at_of(e))))?;
        if !(1..=64).contains(&stacks) {
            return Err(malformed(
                stacks_at,
                format!("rules.stacks: {stacks} stacks (1..=64 supported)"),
            ));
        }
        if let Some(MovesSpec::Arcs(arcs)) = r.moves.as_ref().map(|m| m.get_ref()) {
            if arcs.is_empty() {
                return Err(malformed(
                    moves_at,
                    "rules.moves: an empty list of arcs allows no move (list arcs [from, to], e.g. [[0, 1], [1, 2]])".into(),
                ));
            }
            for (k, arc) in arcs.iter().enumerate() {
                let PinArc(x, y) = *arc.get_ref();
                let problem = if x as i64 >= pins || y as i64 >= pins {
                    format!("the pins are 0..{}", pins - 1)
                } else if x == y {
                    "an arc from a pin to itself".into()
                } else if arcs[..k]
                    .iter()
                    .any(|a| (a.get_ref().0, a.get_ref().1) == (x, y))
                {
                    "listed twice".into()
                } else {
                    continue;
                };
                return Err(malformed(
                    arc.span().start,
                    format!("rules.moves: arc [{x}, {y}]: {problem}"),
                ));
            }
        }
        if let Some(rule @ AccessRule::Lists(_)) = &v.rules.access {
            access_masks(rule, stacks, pins as usize).map_err(|m| malformed(access_at, m))?;
        }
        v.rules_for(&all)
            .map_err(|e| malformed(moves_at, at_of(e)))?;
        for (file, function) in names.iter().map(|n| &top.functions[*n]).zip(&v.functions) {
            let name = &function.name;
            for (what, spanned, placement) in [
                ("start", &file.start, &function.start),
                ("goal", &file.goal, &function.goal),
            ] {
                let at = match spanned.get_ref() {
                    Placement::List(items) => items.iter().map(|x| x.span().start).collect(),
                    Placement::Expr(_) => vec![],
                };
                v.placement_pins(placement, &all, stacks, pins)
                    .map_err(|(k, m)| {
                        let at = at.get(k).copied().unwrap_or(spanned.span().start);
                        malformed(at, format!("functions.{name}.{what}: {m}"))
                    })?;
            }
            if let Some(b) = &file.bases {
                let letters = b.get_ref().chars().count() as i64;
                if letters != 1 && letters != pins {
                    return Err(malformed(
                        b.span().start,
                        format!("functions.{name}.bases: {letters} letters for {pins} pins (one letter per pin, or one for all)"),
                    ));
                }
            }
        }
        Ok(v)
    }
}

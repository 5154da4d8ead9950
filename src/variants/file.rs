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
    pub(super) program: ProgramFile,
}

#[derive(Deserialize)]
#[serde(untagged)]
pub(super) enum IntOrExpr {
    Int(i64),
    Expr(String),
}

#[derive(Deserialize)]
#[serde(untagged)]
pub(super) enum MovesSpec {
    Named(String),
    Arcs(Vec<(usize, usize)>),
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RulesFile {
    pub(super) pins: IntOrExpr,
    #[serde(default = "complete")]
    pub(super) moves: MovesSpec,
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
    pub(super) stacks: Option<IntOrExpr>,
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

pub(super) fn complete() -> MovesSpec {
    MovesSpec::Named("complete".into())
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

#[derive(Deserialize)]
#[serde(untagged)]
pub(super) enum Placement {
    List(Vec<IntOrExpr>),
    Expr(String),
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct FunctionFile {
    #[serde(default)]
    pub(super) summary: String,
    pub(super) source: String,
    #[serde(default)]
    pub(super) bases: Option<String>,
    pub(super) start: Placement,
    pub(super) goal: Placement,
    #[serde(default)]
    pub(super) start_colours: Option<String>,
    #[serde(default)]
    pub(super) goal_colours: Option<String>,
    pub(super) call: String,
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

pub(super) fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let before = &text[..offset.min(text.len())];
    let line = before.matches('\n').count() + 1;
    let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, col)
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
            pins: ioe(&r.pins, &[], rules_at)?,
            moves,
            size,
            colour,
            recolour,
            check_after,
            colouring: r.colouring,
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
        // One pass over the text finds every function's header (a search per function
        // would be quadratic in the size of the file).
        let headers = function_headers(text);
        let mut names: Vec<&String> = top.functions.keys().collect();
        names.sort_by_key(|n| headers.get(n.as_str()).copied().unwrap_or(usize::MAX));
        let mut functions = Vec::new();
        for name in names {
            let f = &top.functions[name];
            let at = headers.get(name.as_str()).copied().unwrap_or(0);
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
                bases: f.bases.clone(),
                call: f.call.clone(),
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
}

//! A variant in words: its Markdown page (the report's variant pages), and the rules and every
//! function's start and goal as `hanoilab show` prints them.

use super::file::Colouring;
use super::*;

impl Variant {
    /// The `## Program` section: the program in a code block (fenced as `lang`), or, for a
    /// file with rules, start and goal only, that it has none.
    pub fn program_section(&self, lang: &str) -> String {
        if self.program_text.trim().is_empty() {
            "\n## Program\n\nNone: the file gives rules, start and goal only, so its puzzles are searched (optima, numbers of optimal solutions, guessed laws), not counted.\n".into()
        } else {
            format!(
                "\n## Program\n\n```{lang}\n{}\n```\n",
                self.program_text.trim()
            )
        }
    }

    /// A Markdown description: title, source, rules, functions, program and (for the given
    /// parameters) the transfer system. Deterministic.
    pub fn to_markdown(&self, params: &Params) -> Result<String, VariantError> {
        let rules = self.rules(params)?;
        let all = self.resolve_params(params)?;
        let mut out = format!(
            "# {} (`{}`)\n\n{}\n\nSource: {}\n\n",
            self.title,
            self.id,
            self.summary,
            crate::literature::cite_documents(&self.source)
        );
        if !all.is_empty() {
            let ps: Vec<String> = all.iter().map(|(k, v)| format!("{k} = {v}")).collect();
            out.push_str(&format!("Parameters: {}\n\n", ps.join(", ")));
        }
        out.push_str("## Rules\n\n");
        for line in rule_lines(&rules, self.rules.colouring) {
            out.push_str(&format!("- {line}\n"));
        }
        out.push_str("\n## Functions\n\n");
        for f in &self.functions {
            let role = match f.role {
                FunctionRole::Shortest => "",
                FunctionRole::Alternative => " (a deliberate alternative)",
                FunctionRole::Longest => " (a longest-path problem)",
            };
            let call = if f.has_program() {
                format!("`{}`", f.call)
            } else {
                "(no program: searched only)".into()
            };
            out.push_str(&format!(
                "- **{}.{}** {call}{role} — {}.\n  Source: {}.\n",
                self.id,
                f.name,
                f.summary.trim_end_matches('.'),
                crate::literature::cite_documents(f.source.trim_end_matches('.'))
            ));
        }
        out.push_str(&self.program_section("text"));
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
            None if self.program_text.trim().is_empty() => {
                out.push_str("\n## Transfer system\n\nNone: there is no program to derive one from.\n")
            }
            None => out.push_str("\n## Transfer system\n\nNo transfer matrix (some call is not on n-k discs for a small k, n or a fixed size, or the clauses are not periodic in n); counts are memoised per (procedure, size).\n"),
        }
        Ok(out)
    }
}

/// The rules in words, one line each, as the report's variant pages and `show` print them:
/// pins, the allowed moves as arcs, the size rule, the colour condition and change, the
/// initial colouring, the pin access per stack when restricted.
fn rule_lines(rules: &Rules, colouring: Colouring) -> Vec<String> {
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
    let size = match rules.size_rule {
        SizeRule::Strict => "a disc may only be placed on a larger disc",
        SizeRule::AllowEqual => "a disc may be placed on a larger or an equally large disc",
    };
    let when = if rules.check_after_recolour {
        "the colour it lands with"
    } else {
        "the colour it had before the move"
    };
    let colour = match rules.colour_rule {
        ColourRule::Any => "none".to_string(),
        ColourRule::NotSame => {
            format!("a disc may not be placed on a disc or base of its own colour ({when})")
        }
        ColourRule::MustMatch => {
            format!("a disc may only be placed on a disc or base of its own colour ({when})")
        }
    };
    let recolour = match rules.recolour {
        Recolour::Fixed => "none (colours are fixed)".to_string(),
        Recolour::Cycle(2) => "every disc flips colour (A <-> B) as it moves".to_string(),
        Recolour::Cycle(k) => {
            format!("every move advances the disc's colour by one, cyclically through {k} colours")
        }
    };
    let mut lines = vec![
        format!("pins: {}", rules.arcs.len()),
        format!("moves allowed: {}", arcs.join(" ")),
        format!("sizes: {size}"),
        format!("colour condition: {colour}"),
        format!("colour change: {recolour}"),
        format!("initial colouring: {}", colouring.describe()),
    ];
    if let Some(a) = &rules.access {
        let masks: Vec<String> = a.iter().map(|m| format!("{m:b}")).collect();
        lines.push(format!(
            "pin access per stack (bit masks): {}",
            masks.join(", ")
        ));
    }
    lines
}

/// A variant's rules for given parameters, as `show` prints them (docs/json.md, `show`).
#[derive(Clone, Debug, serde::Serialize)]
pub struct RulesDescription {
    /// Number of pins.
    pub pins: usize,
    /// The `rules.moves` form: `complete`, `cycle`, `path`, `star:C` (C the centre, evaluated)
    /// or `arcs` (an explicit list).
    pub moves: String,
    /// That form in words.
    pub moves_in_words: String,
    /// Every allowed move `[from, to]`, by origin then destination.
    pub arcs: Vec<[usize; 2]>,
    /// `rules.size`: `strict` or `allow-equal`.
    pub size: &'static str,
    /// `rules.colour`: `any`, `not-same` or `must-match`.
    pub colour: &'static str,
    /// `rules.check_colour`: `after` or `before`.
    pub check_colour: &'static str,
    /// `rules.recolour`: `fixed`, `flip` or `cycle3`.
    pub recolour: &'static str,
    /// `rules.colouring`: `none`, `uniform`, `cycle3`, `alternate` or `by-stack`.
    pub colouring: &'static str,
    /// Stacks of n discs each.
    pub stacks: i64,
    /// The pins each stack may move its discs onto (`None`: every pin).
    pub access: Option<Vec<Vec<usize>>>,
    /// The rules in words, one line each.
    pub lines: Vec<String>,
}

/// One function's problem for given parameters: its call, start and goal, as `show` prints
/// them (docs/json.md, `show`).
#[derive(Clone, Debug, serde::Serialize)]
pub struct ProblemDescription {
    /// The function's name.
    pub function: String,
    /// The top-level call as written.
    pub call: String,
    /// Smallest n.
    pub n_min: i64,
    /// The start pin of each stack.
    pub start: Vec<usize>,
    /// The goal pin of each stack.
    pub goal: Vec<usize>,
    /// The start colours in words.
    pub start_colours: String,
    /// The goal colours in words.
    pub goal_colours: String,
    /// Base colours, one letter per pin or one for all (`None`: uncoloured bases).
    pub bases: Option<String>,
    /// `exact`, or `sizes` (each pin holds the goal's sizes; equal discs interchangeable).
    pub goal_match: &'static str,
    /// The n of the example configurations.
    pub example_n: i64,
    /// The start at `example_n`: one entry per pin, its discs bottom to top (sizes, with the
    /// colour letter when the puzzle has colours), `-` for an empty pin.
    pub example_start: Vec<String>,
    /// The goal at `example_n`, likewise.
    pub example_goal: Vec<String>,
}

/// The n of `show`'s example configurations: three discs, or the function's least n.
const EXAMPLE_N: i64 = 3;

impl Variant {
    /// The rules for the given parameters, in fields and in words.
    ///
    /// ```
    /// use hanoilab::variants::{Params, Variant};
    /// let r = Variant::builtin("star").unwrap().describe_rules(&Params::new()).unwrap();
    /// assert_eq!(r.moves, "star:3");
    /// assert_eq!(r.arcs, vec![[0, 3], [1, 3], [2, 3], [3, 0], [3, 1], [3, 2]]);
    /// ```
    pub fn describe_rules(&self, params: &Params) -> Result<RulesDescription, VariantError> {
        let rules = self.rules(params)?;
        let all = self.resolve_params(params)?;
        let pins = rules.arcs.len();
        let (moves, moves_in_words) = match &self.rules.moves {
            MoveGraphSpec::Graph(MoveGraph::Complete) => (
                "complete".to_string(),
                "from any pin to any other pin".to_string(),
            ),
            MoveGraphSpec::Graph(MoveGraph::Cycle) => (
                "cycle".to_string(),
                format!("only from pin i to pin i+1 mod {pins}, one way round"),
            ),
            MoveGraphSpec::Graph(MoveGraph::Path) => (
                "path".to_string(),
                "only between neighbouring pins i and i+1, both ways".to_string(),
            ),
            MoveGraphSpec::Graph(MoveGraph::Star(c)) => (
                format!("star:{c}"),
                format!("only to or from the centre pin {c}"),
            ),
            MoveGraphSpec::StarExpr(e, g) => {
                let c = eval_with(&(e.clone(), g.clone()), &all, &[], &self.id)?;
                (
                    format!("star:{c}"),
                    format!("only to or from the centre pin {c}"),
                )
            }
            MoveGraphSpec::Graph(MoveGraph::Arcs(_)) => (
                "arcs".to_string(),
                "only along the listed arcs, each one way".to_string(),
            ),
        };
        let arcs: Vec<[usize; 2]> = (0..pins)
            .flat_map(|i| (0..pins).map(move |j| [i, j]))
            .filter(|&[i, j]| rules.arcs[i][j])
            .collect();
        let stacks = eval_with(&self.rules.stacks, &all, &[], &self.id)?;
        let access: Option<Vec<Vec<usize>>> = rules.access.as_ref().map(|masks| {
            masks
                .iter()
                .map(|m| (0..pins).filter(|p| m >> p & 1 == 1).collect())
                .collect()
        });
        let mut lines = rule_lines(&rules, self.rules.colouring);
        lines.insert(1, format!("move form: {moves}, {moves_in_words}"));
        if stacks != 1 {
            lines.insert(2, format!("stacks: {stacks} of n discs each"));
        }
        if let Some(lists) = &access {
            let each: Vec<String> = lists
                .iter()
                .enumerate()
                .map(|(s, pins): (usize, &Vec<usize>)| {
                    let p: Vec<String> = pins.iter().map(ToString::to_string).collect();
                    format!("stack {s} onto pins {}", p.join(", "))
                })
                .collect();
            lines.push(format!("pin access: {}", each.join("; ")));
        }
        Ok(RulesDescription {
            pins,
            moves,
            moves_in_words,
            arcs,
            size: match rules.size_rule {
                SizeRule::Strict => "strict",
                SizeRule::AllowEqual => "allow-equal",
            },
            colour: match rules.colour_rule {
                ColourRule::Any => "any",
                ColourRule::NotSame => "not-same",
                ColourRule::MustMatch => "must-match",
            },
            check_colour: if rules.check_after_recolour {
                "after"
            } else {
                "before"
            },
            recolour: match rules.recolour {
                Recolour::Fixed => "fixed",
                Recolour::Cycle(2) => "flip",
                Recolour::Cycle(_) => "cycle3",
            },
            colouring: match self.rules.colouring {
                Colouring::None => "none",
                Colouring::Uniform => "uniform",
                Colouring::Cycle3 => "cycle3",
                Colouring::Alternate => "alternate",
                Colouring::ByStack => "by-stack",
            },
            stacks,
            access,
            lines,
        })
    }

    /// Every function's problem for the given parameters, in file order: the pin of each
    /// stack at the start and the goal, the colours in words, and both configurations at
    /// three discs (or the function's least n).
    ///
    /// ```
    /// use hanoilab::variants::{Params, Variant};
    /// let p = Variant::builtin("cyclic").unwrap().problems(&Params::new()).unwrap();
    /// assert_eq!((p[0].start.clone(), p[0].goal.clone()), (vec![0], vec![2]));
    /// assert_eq!(p[0].example_start, vec!["3 2 1", "-", "-"]);
    /// assert_eq!(p[0].example_goal, vec!["-", "-", "3 2 1"]);
    /// ```
    pub fn problems(&self, params: &Params) -> Result<Vec<ProblemDescription>, VariantError> {
        let all = self.resolve_params(params)?;
        let rules = self.rules_for(&all)?;
        let pins = rules.arcs.len() as i64;
        let stacks = eval_with(&self.rules.stacks, &all, &[], &self.id)?;
        let coloured_rules =
            rules.colour_rule != ColourRule::Any || rules.recolour != Recolour::Fixed;
        let mut out = Vec::new();
        for f in &self.functions {
            let place = |p: &Placement2, what: &str| {
                self.placement_pins(p, &all, stacks, pins)
                    .map_err(|(_, m)| VariantError::BadParameter {
                        variant: self.id.clone(),
                        message: format!("function {}: {what}: {m}", f.name),
                    })
            };
            let start = place(&f.start, "start")?;
            let goal = place(&f.goal, "goal")?;
            let every = |c: &str| format!("every disc {c}");
            let start_colours = match f.start_colours.as_deref() {
                Some(c @ ("A" | "B" | "C")) => every(c),
                _ => self.rules.colouring.describe().to_string(),
            };
            let goal_colours = match f.goal_colours.as_deref() {
                Some(c @ ("A" | "B" | "C")) => every(c),
                Some("flipped") => "each start colour flipped (A <-> B)".to_string(),
                _ => "as at the start".to_string(),
            };
            let example_n = EXAMPLE_N.max(f.n_min);
            let puzzle = self.puzzle(&f.name, example_n, params)?;
            let coloured = coloured_rules
                || puzzle.start.colours.iter().any(|&c| c != 0)
                || puzzle.goal.colours.iter().any(|&c| c != 0);
            let pins_text = |c: &Config| -> Vec<String> {
                c.pins
                    .iter()
                    .map(|stack| {
                        let discs: Vec<String> = stack
                            .iter()
                            .map(|&d| {
                                let size = puzzle.discs[d as usize].size;
                                match coloured {
                                    true => {
                                        format!("{size}{}", (b'A' + c.colours[d as usize]) as char)
                                    }
                                    false => size.to_string(),
                                }
                            })
                            .collect();
                        match discs.is_empty() {
                            true => "-".to_string(),
                            false => discs.join(" "),
                        }
                    })
                    .collect()
            };
            out.push(ProblemDescription {
                function: f.name.clone(),
                call: f.call.clone(),
                n_min: f.n_min,
                start,
                goal,
                start_colours,
                goal_colours,
                bases: f.bases.clone(),
                goal_match: match f.goal_up_to_equal_sizes {
                    true => "sizes",
                    false => "exact",
                },
                example_n,
                example_start: pins_text(&puzzle.start),
                example_goal: pins_text(&puzzle.goal),
            });
        }
        Ok(out)
    }
}

//! A variant's rules and placements as templates in the parameters, and their
//! instantiation into a [`Puzzle`] for given n and parameters.

use super::file::Colouring;
use super::*;

/// Which pins each stack may use.
#[derive(Clone, Debug)]
pub(super) enum AccessRule {
    /// Stack i uses pins 2i, 2i+1, 2i+2 (mod pins).
    Multistack,
    /// Stack i uses the pins of list i.
    Lists(Vec<Vec<i64>>),
}

/// Pin access masks of `rule` for `stacks` stacks on `pins` pins; a message when the lists
/// do not fit (wrong number of lists, a pin out of range).
pub(super) fn access_masks(
    rule: &AccessRule,
    stacks: i64,
    pins: usize,
) -> Result<Vec<u64>, String> {
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

#[derive(Clone, Debug)]
pub(super) enum Placement2 {
    List(Vec<(Expr, Vec<String>)>),
    Expr(Expr, Vec<String>),
}

#[derive(Clone, Debug)]
pub(super) struct RulesFile2 {
    pub(super) pins: (Expr, Vec<String>),
    pub(super) moves: MoveGraphSpec,
    pub(super) size: SizeRule,
    pub(super) colour: ColourRule,
    pub(super) recolour: Recolour,
    pub(super) check_after: bool,
    pub(super) colouring: Colouring,
    pub(super) stacks: (Expr, Vec<String>),
    pub(super) access: Option<AccessRule>,
}

#[derive(Clone, Debug)]
pub(super) enum MoveGraphSpec {
    Graph(MoveGraph),
    StarExpr(Expr, Vec<String>),
}

impl Variant {
    /// The pin of each of `stacks` stacks under placement `p` on `pins` pins: a list has one
    /// entry per stack, and a pin written as an integer must be one of `0..pins`; an
    /// expression is taken modulo `pins` (so `"2*i + 2"` wraps around to pin 0).
    /// `Err((entry, message))` names the list entry at fault (0 for a single expression).
    pub(super) fn placement_pins(
        &self,
        p: &Placement2,
        all: &[(String, i64)],
        stacks: i64,
        pins: i64,
    ) -> Result<Vec<usize>, (usize, String)> {
        let message = |e: VariantError| match e {
            VariantError::BadParameter { message, .. } => message,
            other => other.to_string(),
        };
        if let Placement2::List(l) = p {
            if l.len() as i64 != stacks {
                let k = (l.len()).min(stacks.max(0) as usize);
                return Err((
                    k.min(l.len().saturating_sub(1)),
                    format!(
                        "{} pins listed for {stacks} stacks (one pin per stack)",
                        l.len()
                    ),
                ));
            }
        }
        (0..stacks)
            .map(|i| {
                let (k, e) = match p {
                    Placement2::Expr(e, g) => (0, (e, g)),
                    Placement2::List(l) => (i as usize, (&l[i as usize].0, &l[i as usize].1)),
                };
                let v = eval_with(&(e.0.clone(), e.1.clone()), all, &[i], &self.id)
                    .map_err(|e| (k, message(e)))?;
                match e.0 {
                    Expr::Const(c) if !(0..pins).contains(c) => Err((
                        k,
                        format!("pin {c} is not a pin (the pins are 0..{})", pins - 1),
                    )),
                    _ => Ok(v.rem_euclid(pins) as usize),
                }
            })
            .collect()
    }

    /// The rules for the given parameters.
    pub fn rules(&self, params: &Params) -> Result<Rules, VariantError> {
        let all = self.resolve_params(params)?;
        self.rules_for(&all)
    }

    pub(super) fn rules_for(&self, all: &[(String, i64)]) -> Result<Rules, VariantError> {
        let pins = all.iter().find(|(k, _)| k == "pins").map_or(0, |(_, v)| *v) as usize;
        let graph = match &self.rules.moves {
            MoveGraphSpec::Graph(g) => g.clone(),
            MoveGraphSpec::StarExpr(e, g) => {
                let centre =
                    eval_with(&(e.clone(), g.clone()), all, &[], &self.id).map_err(|e| {
                        VariantError::BadParameter {
                            variant: self.id.clone(),
                            message: format!(
                                "rules.moves: the star's centre: {}",
                                match e {
                                    VariantError::BadParameter { message, .. } => message,
                                    other => other.to_string(),
                                }
                            ),
                        }
                    })?;
                if !(0..pins as i64).contains(&centre) {
                    return Err(VariantError::BadParameter {
                        variant: self.id.clone(),
                        message: format!(
                            "rules.moves: the star's centre {centre} is not a pin (the pins are 0..{})",
                            pins as i64 - 1
                        ),
                    });
                }
                MoveGraph::Star(centre as usize)
            }
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
                colours.push(match self.rules.colouring {
                    Colouring::Cycle3 => (depth % 3) as u8,
                    Colouring::Alternate => (depth % 2) as u8,
                    Colouring::ByStack => s as u8,
                    Colouring::None | Colouring::Uniform => 0,
                });
            }
        }
        let place = |p: &Placement2, what: &str| {
            self.placement_pins(p, &all, stacks, pins as i64)
                .map_err(|(_, m)| VariantError::BadParameter {
                    variant: self.id.clone(),
                    message: format!("function {function}: {what}: {m}"),
                })
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
        let start = config(place(&f.start, "start")?, &f.start_colours);
        let mut goal = config(place(&f.goal, "goal")?, &f.goal_colours);
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
}

//! The checked simulator: plays a move stream on a [`Tower`] under a [`Puzzle`]'s rules.

use std::fmt;

use super::model::*;

/// The rule a move broke.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum RuleBroken {
    /// `from` or `to` is not a pin of the puzzle.
    NoSuchPin,
    /// `from == to`: the move takes a disc from a pin to itself.
    SamePin,
    /// The move digraph has no arc `from -> to`.
    NoArc,
    /// Pin `from` is empty.
    EmptyPin,
    /// The disc's stack may not use pin `to` (Turtle, Multi-stack).
    NoAccess,
    /// The disc is larger than the one it would land on (or equal, under the strict rule).
    Size,
    /// The colour condition fails.
    Colour,
}

impl fmt::Display for RuleBroken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            RuleBroken::NoSuchPin => "no such pin",
            RuleBroken::SamePin => "the move takes a disc from a pin to itself",
            RuleBroken::NoArc => "the move digraph has no such arc",
            RuleBroken::EmptyPin => "the origin pin is empty",
            RuleBroken::NoAccess => "the disc's stack may not use that pin",
            RuleBroken::Size => "size rule: the disc would land on a smaller disc",
            RuleBroken::Colour => "colour rule",
        })
    }
}

/// A disc as reported in errors.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct DiscInfo {
    /// Index in [`Puzzle::discs`].
    pub id: u32,
    /// Its size.
    pub size: u32,
    /// Its stack.
    pub group: u8,
    /// Its colour before the move.
    pub colour: u8,
}

/// Why a simulation failed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SimulationError {
    /// A move broke a rule.
    #[error("move {move_number} ({from}->{to}){}: illegal, {rule}{}", disc.map(|d| format!(" of disc size {} (stack {}, colour {})", d.size, d.group, d.colour)).unwrap_or_default(), detail.as_ref().map(|d| format!(" ({d})")).unwrap_or_default())]
    IllegalMove {
        /// 1-based number of the move.
        move_number: u64,
        /// The disc that was to move (none if the pin was empty).
        disc: Option<DiscInfo>,
        /// Origin pin.
        from: u8,
        /// Destination pin.
        to: u8,
        /// The rule broken.
        rule: RuleBroken,
        /// More about it (e.g. the disc underneath).
        detail: Option<String>,
    },
    /// All moves were legal but the final configuration is not the goal.
    #[error("goal not reached after {moves} moves: final configuration {config}, goal {goal}")]
    GoalNotReached {
        /// Moves played.
        moves: u64,
        /// The final configuration, rendered.
        config: String,
        /// The goal, rendered.
        goal: String,
    },
    /// The puzzle itself is inconsistent (start configuration breaks the rules, sizes).
    #[error("invalid puzzle: {0}")]
    InvalidPuzzle(String),
}

/// The outcome of a successful simulation.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct SimulationReport {
    /// Moves played (all legal).
    pub moves: u64,
    /// Whether the goal was checked and reached (false only with `check_goal: false`).
    pub goal_reached: bool,
}

impl SimulationReport {
    /// One line of Markdown.
    pub fn to_markdown(&self) -> String {
        format!(
            "{} moves, all legal{}",
            self.moves,
            if self.goal_reached {
                ", goal reached"
            } else {
                ""
            }
        )
    }
}

impl fmt::Display for SimulationReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_markdown())
    }
}

/// A per-move callback: (move number, move, tower after the move).
pub type Observer<'a> = dyn FnMut(u64, Move, &Tower) + 'a;

/// Options for [`simulate_with`].
pub struct SimulateOptions<'a> {
    /// Check the final configuration against the goal (default true).
    pub check_goal: bool,
    /// Called with the number of moves so far every `progress_interval` moves.
    pub progress: Option<&'a mut dyn FnMut(u64)>,
    /// Interval of progress calls (default 2^20).
    pub progress_interval: u64,
    /// Called with (move number, move, configuration after it) for every move: slow, for
    /// traces and per-configuration checks. Disables the fast path.
    pub observer: Option<&'a mut Observer<'a>>,
}

impl Default for SimulateOptions<'_> {
    fn default() -> Self {
        SimulateOptions {
            check_goal: true,
            progress: None,
            progress_interval: 1 << 20,
            observer: None,
        }
    }
}

/// A configuration being played: per pin a stack of disc ids, and the disc colours.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tower {
    /// Disc ids per pin, bottom to top.
    pub pins: Vec<Vec<u32>>,
    /// Colour of each disc.
    pub colours: Vec<u8>,
}

impl Tower {
    /// The tower in the start configuration of `puzzle`.
    pub fn new(puzzle: &Puzzle) -> Tower {
        Tower {
            pins: puzzle.start.pins.clone(),
            colours: puzzle.start.colours.clone(),
        }
    }

    /// The configuration as a [`Config`].
    pub fn config(&self) -> Config {
        Config {
            pins: self.pins.clone(),
            colours: self.colours.clone(),
        }
    }

    /// Checks move `m` under `puzzle`'s rules (semantics in [`crate::puzzle::model`]) and
    /// plays it. `number` is used in the error.
    pub fn play(&mut self, puzzle: &Puzzle, m: Move, number: u64) -> Result<(), SimulationError> {
        let (from, to) = (m.from as usize, m.to as usize);
        let err =
            |disc: Option<DiscInfo>, rule, detail: Option<String>| SimulationError::IllegalMove {
                move_number: number,
                disc,
                from: m.from,
                to: m.to,
                rule,
                detail,
            };
        if from >= puzzle.pins || to >= puzzle.pins {
            return Err(err(
                None,
                RuleBroken::NoSuchPin,
                Some(format!("the puzzle has pins 0..{}", puzzle.pins - 1)),
            ));
        }
        if from == to {
            return Err(err(None, RuleBroken::SamePin, None));
        }
        let Some(&d) = self.pins[from].last() else {
            return Err(err(None, RuleBroken::EmptyPin, None));
        };
        let disc = &puzzle.discs[d as usize];
        let c = self.colours[d as usize];
        let info = Some(DiscInfo {
            id: d,
            size: disc.size,
            group: disc.group,
            colour: c,
        });
        if !puzzle.rules.arcs[from][to] {
            return Err(err(info, RuleBroken::NoArc, None));
        }
        if let Some(masks) = &puzzle.rules.access {
            if masks
                .get(disc.group as usize)
                .is_none_or(|mk| mk & (1u64 << to) == 0)
            {
                return Err(err(info, RuleBroken::NoAccess, None));
            }
        }
        let c2 = puzzle.rules.recolour.apply(c);
        let under = self.pins[to].last().copied();
        if let Some(e) = under {
            let es = puzzle.discs[e as usize].size;
            let ok = match puzzle.rules.size_rule {
                SizeRule::Strict => disc.size < es,
                SizeRule::AllowEqual => disc.size <= es,
            };
            if !ok {
                return Err(err(
                    info,
                    RuleBroken::Size,
                    Some(format!("onto disc size {es}")),
                ));
            }
        }
        let u = match under {
            Some(e) => Some(self.colours[e as usize]),
            None => puzzle.bases[to],
        };
        if let Some(u) = u {
            let land = if puzzle.rules.check_after_recolour {
                c2
            } else {
                c
            };
            if !puzzle.rules.colour_rule.admits(land, u) {
                let what = if under.is_some() { "disc" } else { "base" };
                return Err(err(
                    info,
                    RuleBroken::Colour,
                    Some(format!(
                        "{:?}: landing colour {land} on {what} of colour {u}",
                        puzzle.rules.colour_rule
                    )),
                ));
            }
        }
        self.pins[from].pop();
        self.pins[to].push(d);
        self.colours[d as usize] = c2;
        Ok(())
    }
}

/// Renders a configuration compactly: `[pin0 | pin1 | ...]`, discs as `size` (with
/// `/group` for several stacks and `:colour` for coloured puzzles), bottom first.
pub fn render_config(puzzle: &Puzzle, pins: &[Vec<u32>], colours: &[u8]) -> String {
    let stacks = puzzle.discs.iter().map(|d| d.group).max().unwrap_or(0) > 0;
    let coloured = colours.iter().any(|&c| c != 0)
        || puzzle.goal.colours.iter().any(|&c| c != 0)
        || puzzle.rules.colour_rule != ColourRule::Any;
    let parts: Vec<String> = pins
        .iter()
        .map(|p| {
            p.iter()
                .map(|&d| {
                    let disc = &puzzle.discs[d as usize];
                    let mut s = disc.size.to_string();
                    if stacks {
                        s.push_str(&format!("/{}", disc.group));
                    }
                    if coloured {
                        s.push_str(&format!(":{}", colours[d as usize]));
                    }
                    s
                })
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect();
    format!("[{}]", parts.join(" | "))
}

/// Simulates with default options.
pub fn simulate(
    puzzle: &Puzzle,
    moves: impl IntoIterator<Item = Move>,
) -> Result<SimulationReport, SimulationError> {
    simulate_with(puzzle, moves, SimulateOptions::default())
}

/// Plays `moves` on `puzzle` from its start configuration, checking every move and (unless
/// disabled) that the final configuration is the goal.
///
/// Puzzles with distinct disc sizes up to 64 on at most 8 pins (Classic, Cyclic, Rainbow,
/// Reversi, ...) use a fast path with one bit mask per pin and, where colours or stacks
/// matter, a colour and an access mask per disc size.
///
/// ```
/// use hanoilab::puzzle::{simulate, Config, Disc, Move, Puzzle, Rules};
/// let puzzle = Puzzle {
///     pins: 3,
///     discs: vec![Disc { size: 2, group: 0 }, Disc { size: 1, group: 0 }],
///     rules: Rules::classic(3),
///     bases: vec![None; 3],
///     start: Config { pins: vec![vec![0, 1], vec![], vec![]], colours: vec![0, 0] },
///     goal: Config { pins: vec![vec![], vec![], vec![0, 1]], colours: vec![0, 0] },
/// };
/// let moves = [Move::new(0, 1), Move::new(0, 2), Move::new(1, 2)];
/// assert_eq!(simulate(&puzzle, moves).unwrap().moves, 3);
/// assert!(simulate(&puzzle, [Move::new(0, 2), Move::new(0, 2)]).is_err());
/// ```
pub fn simulate_with(
    puzzle: &Puzzle,
    moves: impl IntoIterator<Item = Move>,
    mut opts: SimulateOptions<'_>,
) -> Result<SimulationReport, SimulationError> {
    validate(puzzle)?;
    if opts.observer.is_none() {
        if fast_path_applies(puzzle) {
            return simulate_fast(puzzle, moves.into_iter(), opts);
        }
        return simulate_general(puzzle, moves.into_iter(), opts);
    }
    let mut tower = Tower::new(puzzle);
    let mut count = 0u64;
    let interval = opts.progress_interval.max(1);
    for m in moves {
        count += 1;
        tower.play(puzzle, m, count)?;
        if let Some(obs) = opts.observer.as_mut() {
            obs(count, m, &tower);
        }
        if count % interval == 0 {
            if let Some(p) = opts.progress.as_mut() {
                p(count);
            }
        }
    }
    finish(puzzle, count, &tower, opts.check_goal)
}

fn validate(puzzle: &Puzzle) -> Result<(), SimulationError> {
    let nd = puzzle.discs.len();
    if puzzle.pins == 0 || puzzle.pins > 64 {
        return Err(SimulationError::InvalidPuzzle(format!(
            "{} pins (1..=64 supported)",
            puzzle.pins
        )));
    }
    if puzzle.rules.arcs.len() != puzzle.pins || puzzle.bases.len() != puzzle.pins {
        return Err(SimulationError::InvalidPuzzle(
            "arcs or bases do not match the number of pins".into(),
        ));
    }
    for (name, c) in [("start", &puzzle.start), ("goal", &puzzle.goal)] {
        if c.pins.len() != puzzle.pins || c.colours.len() != nd {
            return Err(SimulationError::InvalidPuzzle(format!(
                "{name} configuration does not match the pins and discs"
            )));
        }
        let mut seen = vec![false; nd];
        for &d in c.pins.iter().flatten() {
            if d as usize >= nd || std::mem::replace(&mut seen[d as usize], true) {
                return Err(SimulationError::InvalidPuzzle(format!(
                    "{name} configuration lists disc {d} twice or it does not exist"
                )));
            }
        }
        if seen.iter().any(|s| !s) {
            return Err(SimulationError::InvalidPuzzle(format!(
                "{name} configuration misses a disc"
            )));
        }
    }
    Ok(())
}

fn fast_path_applies(p: &Puzzle) -> bool {
    if p.discs.len() > 64 || p.pins > 8 {
        return false;
    }
    let mut seen = 0u128;
    for d in &p.discs {
        if d.size == 0 || d.size > 64 || seen & (1u128 << d.size) != 0 {
            return false;
        }
        seen |= 1u128 << d.size;
    }
    if let Some(acc) = &p.rules.access {
        if p.discs.iter().any(|d| acc.get(d.group as usize).is_none()) {
            return false;
        }
    }
    // The fast state has colours 0..8 (8 marks an uncoloured base).
    let small = |c: u8| c < 8;
    p.start.colours.iter().all(|&c| small(c))
        && p.bases.iter().flatten().all(|&c| small(c))
        && match p.rules.recolour {
            Recolour::Fixed => true,
            Recolour::Cycle(k) => (1..=8).contains(&k),
        }
}

/// Whether colours (or access masks) matter: the fast path then tracks them per disc.
fn coloured(p: &Puzzle) -> bool {
    let r = &p.rules;
    r.colour_rule != ColourRule::Any
        || r.recolour != Recolour::Fixed
        || r.access.is_some()
        || p.start.colours != p.goal.colours
}

/// The state of the fast path: bit (size-1) of `masks[pin]` is set when the disc of that
/// size is on the pin. With distinct sizes the order on a pin is by size (checked at the
/// start and kept by the size rule; `AllowEqual` is the same as `Strict`), so the top disc
/// is the lowest set bit.
struct Fast {
    np: usize,
    masks: [u64; 8],
    id_of: [u32; 64],
    arcs: [u8; 8],
    /// Colour of the disc of each size (index size-1), then at `64 + pin` the colour of
    /// the pin's base (8: uncoloured), so that `col[trailing_zeros(mask) + ...]` is the
    /// colour under a landing disc without a branch.
    col: [u8; 128],
    /// Allowed destination pins of the disc of each size.
    acc: [u8; 128],
    /// Colour after a move, by colour before.
    next: [u8; 8],
    /// Per landing colour, bit `u` set when it may land on colour `u` (bit 8: no colour).
    allowed: [u16; 8],
}

impl Fast {
    /// `None` when the start breaks the size order (the general path reports exactly).
    fn new(puzzle: &Puzzle) -> Option<Fast> {
        let mut f = Fast {
            np: puzzle.pins,
            masks: [0; 8],
            id_of: [0; 64],
            arcs: [0; 8],
            col: [8; 128],
            acc: [0xff; 128],
            next: [0; 8],
            allowed: [0; 8],
        };
        for (i, d) in puzzle.discs.iter().enumerate() {
            let b = d.size as usize - 1;
            f.id_of[b] = i as u32;
            f.col[b] = puzzle.start.colours[i];
            if let Some(acc) = &puzzle.rules.access {
                f.acc[b] = acc[d.group as usize] as u8;
            }
        }
        for (p, stack) in puzzle.start.pins.iter().enumerate() {
            let mut last = u32::MAX;
            for &d in stack {
                let s = puzzle.discs[d as usize].size;
                if s >= last {
                    return None;
                }
                last = s;
                f.masks[p] |= 1u64 << (s - 1);
            }
        }
        for (i, row) in puzzle.rules.arcs.iter().enumerate() {
            for (j, &a) in row.iter().enumerate() {
                if a {
                    f.arcs[i] |= 1 << j;
                }
            }
        }
        for c in 0..8 {
            f.next[c] = puzzle.rules.recolour.apply(c as u8) & 7;
            f.allowed[c] = 1 << 8;
            for u in 0..8 {
                let ok = puzzle.rules.colour_rule.admits(c as u8, u as u8);
                f.allowed[c] |= (ok as u16) << u;
            }
        }
        for (p, b) in puzzle.bases.iter().enumerate() {
            if let Some(c) = b {
                f.col[64 + p] = *c;
            }
        }
        Some(f)
    }

    fn pins(&self) -> Vec<Vec<u32>> {
        (0..self.np)
            .map(|p| {
                (0..64)
                    .rev()
                    .filter(|b| self.masks[p] >> b & 1 == 1)
                    .map(|b| self.id_of[b])
                    .collect()
            })
            .collect()
    }

    fn colours(&self, puzzle: &Puzzle, coloured: bool) -> Vec<u8> {
        if !coloured {
            return puzzle.start.colours.clone();
        }
        let mut c = vec![0; puzzle.discs.len()];
        for (i, d) in puzzle.discs.iter().enumerate() {
            c[i] = self.col[d.size as usize - 1];
        }
        c
    }
}

fn simulate_fast(
    puzzle: &Puzzle,
    moves: impl Iterator<Item = Move>,
    mut opts: SimulateOptions<'_>,
) -> Result<SimulationReport, SimulationError> {
    let Some(mut fast) = Fast::new(puzzle) else {
        // Start breaks the size order: use the general path for exact reporting.
        let opts2 = SimulateOptions {
            check_goal: opts.check_goal,
            progress: opts.progress.take(),
            progress_interval: opts.progress_interval,
            observer: None,
        };
        return simulate_general(puzzle, moves, opts2);
    };
    let col = coloured(puzzle);
    let count = if col {
        fast_loop::<true>(puzzle, &mut fast, moves, &mut opts)?
    } else {
        fast_loop::<false>(puzzle, &mut fast, moves, &mut opts)?
    };
    let pins = fast.pins();
    let colours = fast.colours(puzzle, col);
    if opts.check_goal && (pins != puzzle.goal.pins || colours != puzzle.goal.colours) {
        return Err(SimulationError::GoalNotReached {
            moves: count,
            config: render_config(puzzle, &pins, &colours),
            goal: render_config(puzzle, &puzzle.goal.pins, &puzzle.goal.colours),
        });
    }
    Ok(SimulationReport {
        moves: count,
        goal_reached: opts.check_goal,
    })
}

/// The checking loop; `COLOURED` adds the colour rule, recolouring and access masks.
#[inline(always)]
fn fast_loop<const COLOURED: bool>(
    puzzle: &Puzzle,
    fast: &mut Fast,
    moves: impl Iterator<Item = Move>,
    opts: &mut SimulateOptions<'_>,
) -> Result<u64, SimulationError> {
    let np = fast.np;
    let after = puzzle.rules.check_after_recolour;
    let interval = opts.progress_interval.max(1).next_power_of_two();
    let mut count = 0u64;
    for m in moves {
        count += 1;
        // Masking with 7 lets the compiler drop bounds checks; `np <= 8` was checked.
        let (f, t) = ((m.from & 7) as usize, (m.to & 7) as usize);
        if (m.from as usize) >= np || (m.to as usize) >= np || (fast.arcs[f] >> t) & 1 == 0 {
            return Err(fast_error(puzzle, fast, COLOURED, m, count));
        }
        let src = fast.masks[f];
        let bit = src & src.wrapping_neg();
        let dst = fast.masks[t];
        // Legal iff the source is non-empty and the destination's top is larger.
        let mut bad = (bit == 0) | (dst & (bit.wrapping_sub(1) | bit) != 0);
        if COLOURED {
            // Branch-free: an empty origin gives b = 64 (harmless, `bad` is set already),
            // an empty destination gives index 64 + t, its base colour.
            let b = src.trailing_zeros() as usize;
            let under = dst.trailing_zeros() as usize + ((dst == 0) as usize) * t;
            let c = fast.col[b & 127];
            let c2 = fast.next[(c & 7) as usize];
            let u = fast.col[under & 127];
            let land = if after { c2 } else { c };
            bad |= (fast.allowed[(land & 7) as usize] >> (u & 15)) & 1 == 0;
            bad |= (fast.acc[b & 127] >> t) & 1 == 0;
            if bad {
                return Err(fast_error(puzzle, fast, COLOURED, m, count));
            }
            fast.col[b & 127] = c2;
        } else if bad {
            return Err(fast_error(puzzle, fast, COLOURED, m, count));
        }
        fast.masks[f] = src ^ bit;
        fast.masks[t] = dst | bit;
        if count & (interval - 1) == 0 {
            if let Some(p) = opts.progress.as_mut() {
                p(count);
            }
        }
    }
    Ok(count)
}

fn simulate_general(
    puzzle: &Puzzle,
    moves: impl Iterator<Item = Move>,
    mut opts: SimulateOptions<'_>,
) -> Result<SimulationReport, SimulationError> {
    let (count, tower) = play_flat(puzzle, moves, opts.progress_interval, &mut opts.progress)?;
    finish(puzzle, count, &tower, opts.check_goal)
}

/// Plays every move from the start configuration, checking each ([`Tower::play`]'s rules),
/// and returns the number of moves and the final tower; the goal is not checked.
pub fn play_all(
    puzzle: &Puzzle,
    moves: impl IntoIterator<Item = Move>,
) -> Result<(u64, Tower), SimulationError> {
    validate(puzzle)?;
    play_flat(puzzle, moves.into_iter(), 1 << 20, &mut None)
}

/// The general checker on flat arrays (any sizes, stacks, colours; up to 64 pins): per pin
/// a fixed-capacity stack of disc ids, per disc its size, access mask and colour. A move it
/// rejects is replayed on [`Tower::play`] for the exact report.
fn play_flat(
    puzzle: &Puzzle,
    moves: impl Iterator<Item = Move>,
    progress_interval: u64,
    progress: &mut Option<&mut dyn FnMut(u64)>,
) -> Result<(u64, Tower), SimulationError> {
    let np = puzzle.pins;
    let cap = puzzle.discs.len().max(1);
    let mut stacks = vec![0u32; np * cap];
    let mut top = vec![0usize; np];
    for (p, st) in puzzle.start.pins.iter().enumerate() {
        stacks[p * cap..p * cap + st.len()].copy_from_slice(st);
        top[p] = st.len();
    }
    let size: Vec<u32> = puzzle.discs.iter().map(|d| d.size).collect();
    let acc: Vec<u64> = puzzle
        .discs
        .iter()
        .map(|d| match &puzzle.rules.access {
            None => u64::MAX,
            Some(m) => m.get(d.group as usize).copied().unwrap_or(0),
        })
        .collect();
    let mut col = puzzle.start.colours.clone();
    let arcs: Vec<u64> = puzzle
        .rules
        .arcs
        .iter()
        .map(|row| {
            row.iter()
                .enumerate()
                .fold(0u64, |a, (j, &x)| a | ((x as u64) << j))
        })
        .collect();
    let r = &puzzle.rules;
    let strict = r.size_rule == SizeRule::Strict;
    let interval = progress_interval.max(1);
    let to_tower = |stacks: &[u32], top: &[usize], col: &[u8]| Tower {
        pins: (0..np)
            .map(|p| stacks[p * cap..p * cap + top[p]].to_vec())
            .collect(),
        colours: col.to_vec(),
    };
    let mut count = 0u64;
    for m in moves {
        count += 1;
        let (f, t) = (m.from as usize, m.to as usize);
        let ok = 'ok: {
            if f >= np || t >= np || f == t || top[f] == 0 || (arcs[f] >> t) & 1 == 0 {
                break 'ok false;
            }
            let d = stacks[f * cap + top[f] - 1] as usize;
            if (acc[d] >> t) & 1 == 0 {
                break 'ok false;
            }
            let c = col[d];
            let c2 = r.recolour.apply(c);
            let u = if top[t] > 0 {
                let e = stacks[t * cap + top[t] - 1] as usize;
                if if strict {
                    size[d] >= size[e]
                } else {
                    size[d] > size[e]
                } {
                    break 'ok false;
                }
                Some(col[e])
            } else {
                puzzle.bases[t]
            };
            if let Some(u) = u {
                let land = if r.check_after_recolour { c2 } else { c };
                if !r.colour_rule.admits(land, u) {
                    break 'ok false;
                }
            }
            top[f] -= 1;
            stacks[t * cap + top[t]] = d as u32;
            top[t] += 1;
            col[d] = c2;
            true
        };
        if !ok {
            let mut tower = to_tower(&stacks, &top, &col);
            return Err(match tower.play(puzzle, m, count) {
                Err(e) => e,
                Ok(()) => SimulationError::InvalidPuzzle(
                    "flat path disagreed with the general check".into(),
                ),
            });
        }
        if count % interval == 0 {
            if let Some(p) = progress.as_mut() {
                p(count);
            }
        }
    }
    Ok((count, to_tower(&stacks, &top, &col)))
}

/// Rebuilds the tower from the fast state and replays the failing move on the general path
/// to get the exact rule and disc.
#[cold]
#[inline(never)]
fn fast_error(
    puzzle: &Puzzle,
    fast: &Fast,
    coloured: bool,
    m: Move,
    number: u64,
) -> SimulationError {
    let mut tower = Tower {
        pins: fast.pins(),
        colours: fast.colours(puzzle, coloured),
    };
    match tower.play(puzzle, m, number) {
        Err(e) => e,
        Ok(()) => {
            SimulationError::InvalidPuzzle("fast path disagreed with the general check".into())
        }
    }
}

/// The report of a played move stream: the goal is checked (when asked) against the final
/// tower.
fn finish(
    puzzle: &Puzzle,
    count: u64,
    tower: &Tower,
    check_goal: bool,
) -> Result<SimulationReport, SimulationError> {
    if check_goal && (tower.pins != puzzle.goal.pins || tower.colours != puzzle.goal.colours) {
        return Err(SimulationError::GoalNotReached {
            moves: count,
            config: render_config(puzzle, &tower.pins, &tower.colours),
            goal: render_config(puzzle, &puzzle.goal.pins, &puzzle.goal.colours),
        });
    }
    Ok(SimulationReport {
        moves: count,
        goal_reached: check_goal,
    })
}

//! Legal moves on a [`Config`], written from the semantics in [`crate::puzzle::model`]
//! (independently of the simulator, which the tests compare it with).

use crate::puzzle::{Config, Move, Puzzle, SizeRule};

/// The configuration after move `from -> to`, or `None` when the move is illegal under
/// `puzzle`'s rules (rules 1–6 of [`crate::puzzle::model`]).
pub fn try_move(puzzle: &Puzzle, config: &Config, from: usize, to: usize) -> Option<Config> {
    let (d, c2) = landing(puzzle, config, from, to)?;
    let mut next = config.clone();
    next.pins[from].pop();
    next.pins[to].push(d);
    next.colours[d as usize] = c2;
    Some(next)
}

/// Whether the move `from -> to` is legal on `config`, without building the configuration
/// after it: the disc that moves and its colour after the move, or `None` (the search over
/// packed configurations applies the move in place).
pub(super) fn landing(
    puzzle: &Puzzle,
    config: &Config,
    from: usize,
    to: usize,
) -> Option<(u32, u8)> {
    let rules = &puzzle.rules;
    if from == to || from >= puzzle.pins || to >= puzzle.pins || !rules.arcs[from][to] {
        return None;
    }
    let d = *config.pins[from].last()?;
    let disc = &puzzle.discs[d as usize];
    if let Some(masks) = &rules.access {
        let mask = masks.get(disc.group as usize)?;
        if to >= 64 || mask & (1u64 << to) == 0 {
            return None;
        }
    }
    let c = config.colours[d as usize];
    let c2 = rules.recolour.apply(c);
    let under = config.pins[to].last().copied();
    if let Some(e) = under {
        let es = puzzle.discs[e as usize].size;
        let fits = match rules.size_rule {
            SizeRule::Strict => disc.size < es,
            SizeRule::AllowEqual => disc.size <= es,
        };
        if !fits {
            return None;
        }
    }
    let u = match under {
        Some(e) => Some(config.colours[e as usize]),
        None => puzzle.bases[to],
    };
    if let Some(u) = u {
        let land = if rules.check_after_recolour { c2 } else { c };
        if !rules.colour_rule.admits(land, u) {
            return None;
        }
    }
    Some((d, c2))
}

/// Every legal move from `config`, with the configuration it leads to, in the order
/// `(from, to)` lexicographic.
pub fn legal_moves(puzzle: &Puzzle, config: &Config) -> Vec<(Move, Config)> {
    let mut out = Vec::new();
    for from in 0..puzzle.pins {
        if config.pins[from].is_empty() {
            continue;
        }
        for to in 0..puzzle.pins {
            if let Some(next) = try_move(puzzle, config, from, to) {
                out.push((Move::new(from, to), next));
            }
        }
    }
    out
}

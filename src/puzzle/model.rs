//! The data model shared by the simulator ([`crate::puzzle`]), the interpreter
//! ([`crate::program`]) and exhaustive search ([`crate::search`]).
//!
//! A [`Puzzle`] is one fully instantiated problem: a fixed number of discs on a fixed
//! number of pins, the [`Rules`] every move must obey, the colours of the pin bases, and the
//! start and goal [`Config`]urations. Variant files describe puzzles for every n; they are
//! instantiated into a `Puzzle` for one n before anything is simulated or searched.
//!
//! # Semantics of a move (the single definition every implementation follows)
//!
//! A move `(from, to)` of the puzzle is legal exactly when all of these hold:
//!
//! 1. `from != to`, both are pins of the puzzle, and `rules.arcs[from][to]` is true;
//! 2. pin `from` is not empty; let `d` be its top disc;
//! 3. if `rules.access` is `Some(masks)`, bit `to` is set in `masks[d.group]`
//!    (Turtle / Multi-stack: each stack may only use its home, ride and away pins);
//! 4. the disc's colour after the move is `c' = rules.recolour.apply(c)` where `c` is its
//!    colour before the move (Domino and Reversi flip, Lundon cycles through three colours);
//! 5. size: if `to` is not empty with top disc `e`, then `d.size < e.size`
//!    ([`SizeRule::Strict`]) or `d.size <= e.size` ([`SizeRule::AllowEqual`], Antwerp);
//! 6. colour: the colour `u` underneath is the colour of `e` if `to` is not empty, else the
//!    base colour `bases[to]`; an uncoloured base (`None`) accepts everything. The landing
//!    colour is `c'` if `rules.check_after_recolour` (the default) and `c` otherwise; with
//!    [`ColourRule::NotSame`] it must differ from `u`, with [`ColourRule::MustMatch`] it must
//!    equal `u`, with [`ColourRule::Any`] nothing is required.
//!
//! After the move `d` sits on top of `to` with colour `c'`. The puzzle is solved when the
//! configuration equals `goal` exactly: the same discs on each pin in the same order, and
//! every disc with the goal's colour.

use std::fmt;

/// A disc. Discs are identified by their index in [`Puzzle::discs`].
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Disc {
    /// Diameter: 1 is the smallest. Several discs may share a size (Antwerp, Turtle).
    pub size: u32,
    /// The stack the disc belongs to (0 for single-stack puzzles); used by `Rules::access`
    /// and to tell Antwerp's equally sized discs apart.
    pub group: u8,
}

/// Which discs may sit on which, by size.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SizeRule {
    /// Only on a strictly larger disc (the classic rule; Turtle forbids equal sizes).
    Strict,
    /// On a larger or equally large disc (Towers of Antwerp).
    AllowEqual,
}

/// Which discs may sit on which, by colour (base colours included).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ColourRule {
    /// No condition.
    Any,
    /// Not on a disc or base of the same colour (Rainbow, Reversi, Checkers).
    NotSame,
    /// Only on a disc or base of the same colour (Domino, Lundon).
    MustMatch,
}

impl ColourRule {
    /// Whether a disc landing with colour `land` may sit on a disc or base of colour `under`:
    /// the one statement of the rule that the simulator, the searches and the move
    /// generators all test.
    #[inline(always)]
    pub fn admits(self, land: u8, under: u8) -> bool {
        match self {
            ColourRule::Any => true,
            ColourRule::NotSame => land != under,
            ColourRule::MustMatch => land == under,
        }
    }
}

/// How a disc's colour changes when it moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Recolour {
    /// Colours never change.
    Fixed,
    /// Colour `c` becomes `(c + 1) % k`: `Cycle(2)` flips (Domino, Reversi), `Cycle(3)`
    /// cycles through three colours (Tower of Lundon).
    Cycle(u8),
}

impl Recolour {
    /// The colour a disc of colour `c` has after one move.
    pub fn apply(self, c: u8) -> u8 {
        match self {
            Recolour::Fixed => c,
            Recolour::Cycle(k) => (c + 1) % k,
        }
    }
}

/// The rules of a puzzle, independent of where the discs are.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rules {
    /// `arcs[from][to]`: a disc may move directly from `from` to `to`.
    pub arcs: Vec<Vec<bool>>,
    /// Size condition for placing a disc.
    pub size_rule: SizeRule,
    /// Colour condition for placing a disc.
    pub colour_rule: ColourRule,
    /// Colour change on every move.
    pub recolour: Recolour,
    /// Whether the colour condition uses the colour the disc lands with (true) or the colour
    /// it had before moving (false).
    pub check_after_recolour: bool,
    /// Per group (stack), the bit mask of pins its discs may be placed on; `None`: any pin.
    pub access: Option<Vec<u64>>,
}

impl Rules {
    /// Unrestricted classic rules on `pins` pins: complete move digraph, strict sizes, no colours.
    pub fn classic(pins: usize) -> Rules {
        Rules {
            arcs: MoveGraph::Complete.arcs(pins),
            size_rule: SizeRule::Strict,
            colour_rule: ColourRule::Any,
            recolour: Recolour::Fixed,
            check_after_recolour: true,
            access: None,
        }
    }
}

/// Common move digraphs on pins `0..p`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveGraph {
    /// Every pin to every other pin.
    Complete,
    /// Only `i -> i+1 (mod p)` (Cyclic Hanoi, Stockmeyer's 4-post cyclic puzzle).
    Cycle,
    /// Only between neighbours `i <-> i+1` (Adjacent, three- and four-in-a-row).
    Path,
    /// Every move to or from the given centre pin (Four-Star, Stockmeyer's star puzzle).
    Star(usize),
    /// An explicit list of arcs.
    Arcs(Vec<(usize, usize)>),
}

impl MoveGraph {
    /// The arc matrix of this digraph on `pins` pins.
    pub fn arcs(&self, pins: usize) -> Vec<Vec<bool>> {
        let mut a = vec![vec![false; pins]; pins];
        for (i, row) in a.iter_mut().enumerate() {
            for (j, cell) in row.iter_mut().enumerate() {
                if i == j {
                    continue;
                }
                *cell = match self {
                    MoveGraph::Complete => true,
                    MoveGraph::Cycle => j == (i + 1) % pins,
                    MoveGraph::Path => i.abs_diff(j) == 1,
                    MoveGraph::Star(c) => i == *c || j == *c,
                    MoveGraph::Arcs(list) => list.contains(&(i, j)),
                };
            }
        }
        a
    }
}

/// Where every disc is, and its colour.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Config {
    /// For each pin, the disc ids on it from bottom to top.
    pub pins: Vec<Vec<u32>>,
    /// Colour of each disc, indexed by disc id (all 0 in uncoloured puzzles).
    pub colours: Vec<u8>,
}

/// One word per configuration: the standard maps' SipHash costs per byte written, and the
/// derived hash wrote every pin's length and discs (hashing was a fifth of the generic
/// search that the report runs for Antwerp, Turtle and Multi-stack). Equal configurations
/// have equal digests, which is all `Hash` promises.
impl std::hash::Hash for Config {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        // a multiplicative mix per word (FxHash's constant); pins are delimited by their
        // lengths so that moving a disc between pins changes the digest
        let mix = |h: u64, x: u64| (h.rotate_left(5) ^ x).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
        let mut h = 0u64;
        for pin in &self.pins {
            h = mix(h, pin.len() as u64 | 1 << 40);
            for &d in pin {
                h = mix(h, d as u64);
            }
        }
        for &c in &self.colours {
            h = mix(h, c as u64);
        }
        state.write_u64(h);
    }
}

/// One fully instantiated puzzle (n fixed).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    /// Number of pins.
    pub pins: usize,
    /// The discs; a disc's id is its index here.
    pub discs: Vec<Disc>,
    /// The rules every move obeys.
    pub rules: Rules,
    /// Base colour of each pin (`None`: uncoloured, accepts anything).
    pub bases: Vec<Option<u8>>,
    /// Start configuration.
    pub start: Config,
    /// Goal configuration.
    pub goal: Config,
}

/// A move of the top disc of pin `from` to pin `to` (pins numbered from 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// Origin pin.
    pub from: u8,
    /// Destination pin.
    pub to: u8,
}

impl Move {
    /// A move from `from` to `to`.
    pub fn new(from: usize, to: usize) -> Move {
        Move {
            from: from as u8,
            to: to as u8,
        }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}->{}", self.from, self.to)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn move_graphs_have_the_expected_arcs() {
        let cycle = MoveGraph::Cycle.arcs(4);
        assert!(cycle[0][1] && cycle[3][0] && !cycle[1][0] && !cycle[0][2]);
        let path = MoveGraph::Path.arcs(3);
        assert!(path[0][1] && path[1][0] && path[1][2] && !path[0][2]);
        let star = MoveGraph::Star(3).arcs(4);
        assert!(star[0][3] && star[3][1] && !star[0][1]);
        let complete = MoveGraph::Complete.arcs(4);
        let count: usize = complete.iter().flatten().filter(|&&b| b).count();
        assert_eq!(count, 12);
    }

    #[test]
    fn recolour_cycles() {
        assert_eq!(Recolour::Cycle(2).apply(1), 0);
        assert_eq!(Recolour::Cycle(3).apply(1), 2);
        assert_eq!(Recolour::Fixed.apply(2), 2);
    }
}

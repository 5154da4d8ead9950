//! Reversi Hanoi (Lunnon, `000_3e39fda85b098e00.txt`, section Reversi Hanoi): four pins,
//! the discs alternate in colour (largest = colour 0 = Lunnon's "A"), every disc flips
//! colour as it moves, and no disc may land on a disc or coloured base of its own colour.
//!
//! The colour condition is checked **after** flipping (`check_after_recolour = true`):
//! with that reading Lunnon's bottom-level times are reproduced by breadth-first search
//! and by the programs below; with the colour before the move the problems BABB, BAAB are
//! insoluble already for n = 1.
//!
//! Bases are named as Lunnon names them, pins `W X Y Z` left to right: `BABB` means the
//! source base has colour B (1), the first via pin A (0), the second via pin B, the
//! destination B. The three bottom-level problems are
//!
//! * `BABA(n)`: goal on `Z` with every disc flipped (its base is A),
//! * `BABB(n)`, `BAAB(n)`: goal on `Z` with the start colours.
//!
//! Their algorithms are recursions on `n - 2` (found by a dynamic programme over the
//! positions of the two largest discs and the rest, see `docs/checkrev.md`), written as the
//! programs of `data/variants/reversi.toml` (an independent reference implementation is test
//! code, `tests/suite/reversi_reference.rs`):
//!
//! ```text
//! BABB(1; W,X,Y,Z) = move(W,X), move(X,Z)
//! BABB(n; W,X,Y,Z) = BABB(n-2; W,X,Y,Z), move(W,Y), move(W,X), BABB(n-2; Z,Y,X,W),
//!                    move(X,Z), move(Y,Z), BABB(n-2; W,X,Y,Z)
//! BABA(1; W,X,Y,Z) = move(W,Z)
//! BABA(n; W,X,Y,Z) = BABA(n-2; W,Z,Y,X), move(W,Y), move(W,Z), BABA(n-2; X,Z,Y,W),
//!                    move(Y,X), move(X,Z), BABA(n-2; W,X,Y,Z)
//! BAAB(1; W,X,Y,Z) = move(W,X), move(X,Z)
//! BAAB(n; W,X,Y,Z) = BABA(n-2; W,Y,Z,X), move(W,Z), move(W,Y), BABA(n-2; X,W,Z,Y),
//!                    move(Z,X), move(X,W), BABA(n-2; Y,W,Z,X), move(Y,Z), move(W,Z),
//!                    BABA(n-2; X,W,Y,Z)
//! ```
//!
//! Here: the rules and puzzles, and the Frame-type algorithm [`ReversiFrame`] over three
//! blocks. Lunnon's periodic `Reversi_P` is the alternative algorithm `periodic`
//! ([`crate::variants::alternatives::four_pin_periodic`]).

use crate::puzzle::model::{
    ColourRule, Config, Disc, Move, MoveGraph, Puzzle, Recolour, Rules, SizeRule,
};
use num_bigint::BigInt;
use std::fmt;

/// A fully coloured bottom-level Reversi problem.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
pub enum Bottom {
    /// Bases B, A, B, A; the stack ends on `Z` flipped.
    Baba,
    /// Bases B, A, B, B; the stack ends on `Z` unchanged.
    Babb,
    /// Bases B, A, A, B; the stack ends on `Z` unchanged.
    Baab,
}

impl Bottom {
    /// All three, in Lunnon's order (Reversi_A, B, C).
    pub const ALL: [Bottom; 3] = [Bottom::Baba, Bottom::Babb, Bottom::Baab];

    /// Lunnon's name, e.g. `"BABB"`.
    pub fn name(self) -> &'static str {
        match self {
            Bottom::Baba => "BABA",
            Bottom::Babb => "BABB",
            Bottom::Baab => "BAAB",
        }
    }

    /// Base colours of pins `W, X, Y, Z` (0 = A, 1 = B).
    pub fn bases(self) -> [u8; 4] {
        match self {
            Bottom::Baba => [1, 0, 1, 0],
            Bottom::Babb => [1, 0, 1, 1],
            Bottom::Baab => [1, 0, 0, 1],
        }
    }

    /// Whether every disc ends with the other colour.
    pub fn goal_flipped(self) -> bool {
        matches!(self, Bottom::Baba)
    }

    /// The instantiated puzzle for `n` discs.
    pub fn puzzle(self, n: usize) -> Puzzle {
        let b = self.bases();
        reversi_puzzle(
            n,
            b.iter().map(|&c| Some(c)).collect(),
            0,
            3,
            self.goal_flipped(),
        )
    }
}

impl fmt::Display for Bottom {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The Reversi rules on four pins: all moves, strict sizes, flip on every move, no disc on
/// its own colour (checked after the flip).
pub fn reversi_rules() -> Rules {
    Rules {
        arcs: MoveGraph::Complete.arcs(4),
        size_rule: SizeRule::Strict,
        colour_rule: ColourRule::NotSame,
        recolour: Recolour::Cycle(2),
        check_after_recolour: true,
        access: None,
    }
}

/// Alternating start colours: disc id `i` has size `n - i` (id 0 the largest, bottom) and
/// colour `i % 2`, so the largest has colour 0 ("A").
pub(crate) fn alternating_stack(n: usize, pins: usize, pin: usize) -> Config {
    let mut p = vec![Vec::new(); pins];
    p[pin] = (0..n as u32).collect();
    Config {
        pins: p,
        colours: (0..n).map(|i| (i % 2) as u8).collect(),
    }
}

/// A Reversi puzzle with `n` discs on pin `src`, given bases, goal on `dst` (flipped or not).
pub fn reversi_puzzle(
    n: usize,
    bases: Vec<Option<u8>>,
    src: usize,
    dst: usize,
    flipped: bool,
) -> Puzzle {
    let start = alternating_stack(n, 4, src);
    let mut goal = alternating_stack(n, 4, dst);
    if flipped {
        for c in goal.colours.iter_mut() {
            *c ^= 1;
        }
    }
    Puzzle {
        pins: 4,
        discs: (0..n)
            .map(|i| Disc {
                size: (n - i) as u32,
                group: 0,
            })
            .collect(),
        rules: reversi_rules(),
        bases,
        start,
        goal,
    }
}

/// Lunnon's uncoloured top-level problems (all bases uncoloured).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
pub enum Top {
    /// On the right, colour unchanged.
    Dddf,
    /// On the right, colour flipped.
    Ddde,
    /// Back on the left, colour flipped.
    Eddd,
}

impl Top {
    /// The instantiated puzzle for `n` discs.
    pub fn puzzle(self, n: usize) -> Puzzle {
        let (dst, fl) = match self {
            Top::Dddf => (3, false),
            Top::Ddde => (3, true),
            Top::Eddd => (0, true),
        };
        reversi_puzzle(n, vec![None; 4], 0, dst, fl)
    }
}

/// A step of a [`ReversiFrame`] plan: a single move of one of the two largest discs, or a
/// whole transfer of the rest (`m - 2` discs) solved recursively.
#[derive(Clone, Debug, PartialEq, Eq)]
enum FrameStep {
    Disc(usize, usize),
    Sub(usize, [Option<u8>; 4], usize, usize, bool),
}

type FrameKey = (usize, [Option<u8>; 4], usize, usize, bool);

/// The Frame-type Reversi algorithm over three blocks: the largest disc, the second largest
/// and the rest (moved only as whole stacks, recursively). For each problem (relative base
/// colours, source, destination, flipped or not) and size it takes the exact minimum by a
/// shortest-path search over the positions and colours of the three blocks.
///
/// It reproduces the optimal bottom-level recursions (`BABA`, `BABB`, `BAAB`) and gives
/// Frame-type solutions of the uncoloured `DDDF`, `DDDE`, `EDDD` (not optimal from n = 4).
///
/// ```
/// use hanoilab::variants::reversi::ReversiFrame;
/// let mut f = ReversiFrame::new();
/// // Lunnon, The Tower of Hanoi and Variations, §Reversi Hanoi: BABB(n) = (4)3^[n/2] - 2
/// // for n odd, so BABB(7) = 106.
/// assert_eq!(f.count([Some(1), Some(0), Some(1), Some(1)], 0, 3, false, 7), Some(106.into()));
/// ```
#[derive(Clone, Debug, Default)]
pub struct ReversiFrame {
    memo: std::collections::BTreeMap<FrameKey, Option<(BigInt, Vec<FrameStep>)>>,
}

type FState = (usize, u8, usize, u8, usize, u8);

impl ReversiFrame {
    /// An empty memo.
    pub fn new() -> ReversiFrame {
        ReversiFrame::default()
    }

    /// Moves to take `m` discs (alternating, largest colour 0 relative to `bases`) from `src`
    /// to `dst`, ending flipped if `flipped`; `None` if this family has no solution.
    pub fn count(
        &mut self,
        bases: [Option<u8>; 4],
        src: usize,
        dst: usize,
        flipped: bool,
        m: usize,
    ) -> Option<BigInt> {
        self.solve((m, bases, src, dst, flipped)).map(|(c, _)| c)
    }

    /// The move list (for simulation).
    pub fn moves(
        &mut self,
        bases: [Option<u8>; 4],
        src: usize,
        dst: usize,
        flipped: bool,
        m: usize,
    ) -> Vec<Move> {
        let mut out = Vec::new();
        self.expand((m, bases, src, dst, flipped), &mut out);
        out
    }

    fn expand(&mut self, key: FrameKey, out: &mut Vec<Move>) {
        let Some((_, plan)) = self.solve(key) else {
            return;
        };
        for st in plan {
            match st {
                FrameStep::Disc(p, q) => out.push(Move::new(p, q)),
                FrameStep::Sub(m, r, p, q, g) => self.expand((m, r, p, q, g), out),
            }
        }
    }

    /// Solves `key` through its canonical form (pins relabelled so that the source is 0,
    /// the destination 3 (or 0) and the via pins in the order giving the least bases): the
    /// rules are symmetric under relabelling, so one memo entry serves all 12 (or 6) forms.
    fn solve(&mut self, key: FrameKey) -> Option<(BigInt, Vec<FrameStep>)> {
        let (m, rb, src, dst, f) = key;
        if m == 0 {
            return Some((BigInt::from(0), Vec::new()));
        }
        let (ty, perm) = FrameType::of(rb, src, dst, f);
        let (cost, plan) = self.solve_canonical((m, ty.bases, 0, ty.destination(), f))?;
        let plan = plan
            .into_iter()
            .map(|st| match st {
                FrameStep::Disc(p, q) => FrameStep::Disc(perm[p], perm[q]),
                FrameStep::Sub(k, r, p, q, g) => {
                    let mut r2 = [None; 4];
                    for (i, b) in r.into_iter().enumerate() {
                        r2[perm[i]] = b;
                    }
                    FrameStep::Sub(k, r2, perm[p], perm[q], g)
                }
            })
            .collect();
        Some((cost, plan))
    }

    fn solve_canonical(&mut self, key: FrameKey) -> Option<(BigInt, Vec<FrameStep>)> {
        let (m, rb, src, dst, f) = key;
        if let Some(v) = self.memo.get(&key) {
            return v.clone();
        }
        const NONE: usize = 4;
        let has2 = m >= 2;
        let has3 = m >= 3;
        let fu = u8::from(f);
        let start: FState = (
            src,
            0,
            if has2 { src } else { NONE },
            u8::from(has2),
            if has3 { src } else { NONE },
            0,
        );
        let goal: FState = (
            dst,
            fu,
            if has2 { dst } else { NONE },
            if has2 { 1 ^ fu } else { 0 },
            if has3 { dst } else { NONE },
            if has3 { fu } else { 0 },
        );
        use std::cmp::Reverse;
        use std::collections::{BTreeMap, BinaryHeap};
        let mut dist: BTreeMap<FState, BigInt> = BTreeMap::new();
        let mut prev: BTreeMap<FState, (FState, FrameStep)> = BTreeMap::new();
        let mut heap = BinaryHeap::new();
        dist.insert(start, BigInt::from(0));
        heap.push(Reverse((BigInt::from(0), start)));
        while let Some(Reverse((d, s))) = heap.pop() {
            if dist.get(&s).is_some_and(|b| *b < d) {
                continue;
            }
            if s == goal {
                break;
            }
            let (p1, c1, p2, c2, p3, c3) = s;
            let mut next: Vec<(BigInt, FState, FrameStep)> = Vec::new();
            if p2 != p1 && p3 != p1 {
                for (q, &base) in rb.iter().enumerate() {
                    if q == p1 || q == p2 || q == p3 || base == Some(c1 ^ 1) {
                        continue;
                    }
                    next.push((
                        BigInt::from(1),
                        (q, c1 ^ 1, p2, c2, p3, c3),
                        FrameStep::Disc(p1, q),
                    ));
                }
            }
            if has2 && p3 != p2 {
                for (q, &base) in rb.iter().enumerate() {
                    if q == p2 || q == p3 {
                        continue;
                    }
                    let under = if q == p1 { Some(c1) } else { base };
                    if under == Some(c2 ^ 1) {
                        continue;
                    }
                    next.push((
                        BigInt::from(1),
                        (p1, c1, q, c2 ^ 1, p3, c3),
                        FrameStep::Disc(p2, q),
                    ));
                }
            }
            if has3 {
                let rel: [Option<u8>; 4] = std::array::from_fn(|p| {
                    let e = if p == p2 {
                        Some(c2)
                    } else if p == p1 {
                        Some(c1)
                    } else {
                        rb[p]
                    };
                    e.map(|c| c ^ c3)
                });
                for q in 0..4 {
                    if q == p3 {
                        continue;
                    }
                    for g in [false, true] {
                        if let Some((c, _)) = self.solve((m - 2, rel, p3, q, g)) {
                            next.push((
                                c,
                                (p1, c1, p2, c2, q, c3 ^ u8::from(g)),
                                FrameStep::Sub(m - 2, rel, p3, q, g),
                            ));
                        }
                    }
                }
            }
            for (c, t, st) in next {
                let nd = &d + c;
                if dist.get(&t).is_none_or(|b| nd < *b) {
                    dist.insert(t, nd.clone());
                    prev.insert(t, (s, st));
                    heap.push(Reverse((nd, t)));
                }
            }
        }
        let result = dist.get(&goal).cloned().map(|c| {
            let mut plan = Vec::new();
            let mut s = goal;
            while s != start {
                let (p, st) = prev[&s].clone();
                plan.push(st);
                s = p;
            }
            plan.reverse();
            (c, plan)
        });
        self.memo.insert(key, result.clone());
        result
    }
}

/// A Frame-type Reversi problem up to relabelling the pins: the base colours of (source,
/// via, via, destination) — relative to the stack's largest disc, `None` uncoloured — whether
/// the stack ends flipped, and whether it ends back on its source (then the last three pins
/// are all via pins).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct FrameType {
    /// Base colours of pins (source, via, via, destination-or-third-via).
    pub bases: [Option<u8>; 4],
    /// The stack ends with every colour flipped.
    pub flipped: bool,
    /// The stack ends on its source pin.
    pub returns: bool,
}

impl FrameType {
    /// The canonical type of a problem and the relabelling `canonical pin -> actual pin`.
    pub fn of(
        rb: [Option<u8>; 4],
        src: usize,
        dst: usize,
        flipped: bool,
    ) -> (FrameType, [usize; 4]) {
        let returns = src == dst;
        let o: Vec<usize> = (0..4).filter(|&p| p != src && p != dst).collect();
        let perms: Vec<[usize; 4]> = if returns {
            vec![
                [src, o[0], o[1], o[2]],
                [src, o[0], o[2], o[1]],
                [src, o[1], o[0], o[2]],
                [src, o[1], o[2], o[0]],
                [src, o[2], o[0], o[1]],
                [src, o[2], o[1], o[0]],
            ]
        } else {
            vec![[src, o[0], o[1], dst], [src, o[1], o[0], dst]]
        };
        perms
            .into_iter()
            .map(|perm| {
                let t = FrameType {
                    bases: perm.map(|p| rb[p]),
                    flipped,
                    returns,
                };
                (t, perm)
            })
            .min()
            .expect("at least one relabelling")
    }

    /// The canonical destination pin: 0 if the stack returns, else 3.
    pub fn destination(self) -> usize {
        if self.returns {
            0
        } else {
            3
        }
    }

    /// Lunnon's uncoloured top-level problems: `DDDF`, `DDDE`, `EDDD`.
    pub const TOPS: [(&'static str, FrameType); 3] = [
        (
            "DDDF",
            FrameType {
                bases: [None; 4],
                flipped: false,
                returns: false,
            },
        ),
        (
            "DDDE",
            FrameType {
                bases: [None; 4],
                flipped: true,
                returns: false,
            },
        ),
        (
            "EDDD",
            FrameType {
                bases: [None; 4],
                flipped: true,
                returns: true,
            },
        ),
    ];

    /// A name: the four base letters (`D` uncoloured, `A` the colour of the stack's largest
    /// disc, `B` the other), then `~` if the stack ends flipped and `@` if it ends on its
    /// source; the three top problems get Lunnon's names.
    pub fn name(self) -> String {
        if let Some((n, _)) = FrameType::TOPS.iter().find(|(_, t)| *t == self) {
            return (*n).to_string();
        }
        let mut s: String = self
            .bases
            .iter()
            .map(|b| match b {
                None => 'D',
                Some(0) => 'A',
                Some(_) => 'B',
            })
            .collect();
        if self.flipped {
            s.push('~');
        }
        if self.returns {
            s.push('@');
        }
        s
    }
}

/// The transfer system of the Frame-type algorithm ([`ReversiFrame`]) for one class of n:
/// `s(m + step) = M s(m)` with `s` = the counts of the problems reached from `DDDF`, `DDDE`,
/// `EDDD` (then the constant 1), `step = 2 * period` discs. Read off the algorithm's plans
/// at one size and below and checked against the exact minimum over the family
/// ([`FrameSystem::mismatches`]). For odd n one step of two discs serves (period 1); for
/// even n the optimal plans alternate between n = 0 and n = 2 (mod 4), so the system
/// composes the two (period 2, steps of four discs).
#[derive(Clone, Debug)]
pub struct FrameSystem {
    /// `read_at % (2 * period)`: the class of n it describes.
    pub residue: usize,
    /// Steps of `2 * period` discs.
    pub period: usize,
    /// Component names ([`FrameType::name`]), the three tops first, `1` last.
    pub names: Vec<String>,
    /// The components' types (without the constant).
    pub types: Vec<FrameType>,
    /// The matrix `M`.
    pub matrix: crate::algebra::ZMatrix,
    /// The size the plans were read at.
    pub read_at: usize,
}

impl ReversiFrame {
    /// Exact count of a canonical problem type with `m` discs (`None` if this family has no
    /// solution).
    pub fn type_count(&mut self, t: FrameType, m: usize) -> Option<BigInt> {
        self.count(t.bases, 0, t.destination(), t.flipped, m)
    }

    /// Reads the transfer system for the n congruent to `read_at` modulo `2 * period` off
    /// the plans at size `read_at` (the tops) and below (the problems they reach, two discs
    /// smaller per level; level `r` uses the plans of sizes `read_at - 2r`, and a problem
    /// met at levels of different classes modulo `period` is a different component).
    pub fn transfer_system(
        &mut self,
        read_at: usize,
        period: usize,
    ) -> Result<FrameSystem, String> {
        let period = period.max(1);
        // Components (type, level mod period) of the one-level matrix B.
        let mut comps: Vec<(FrameType, usize)> =
            FrameType::TOPS.iter().map(|(_, t)| (*t, 0)).collect();
        let mut size: Vec<usize> = vec![read_at; comps.len()];
        let mut rows: Vec<(i64, Vec<usize>)> = Vec::new();
        let mut i = 0;
        while i < comps.len() {
            let ((t, r), m) = (comps[i], size[i]);
            if m < 3 {
                return Err(format!(
                    "reading the plans at n = {read_at} reached {} at n = {m}: read at a larger n",
                    t.name()
                ));
            }
            let Some((_, plan)) = self.solve((m, t.bases, 0, t.destination(), t.flipped)) else {
                return Err(format!(
                    "{} has no Frame-type solution at n = {m}",
                    t.name()
                ));
            };
            let mut moves = 0i64;
            let mut subs = Vec::new();
            for st in plan {
                match st {
                    FrameStep::Disc(..) => moves += 1,
                    FrameStep::Sub(k, rb, p, q, g) => {
                        let key = (FrameType::of(rb, p, q, g).0, (r + 1) % period);
                        let j = comps.iter().position(|&x| x == key).unwrap_or_else(|| {
                            comps.push(key);
                            size.push(k);
                            comps.len() - 1
                        });
                        subs.push(j);
                    }
                }
            }
            rows.push((moves, subs));
            i += 1;
        }
        let dim = comps.len() + 1;
        let mut one = vec![vec![0i64; dim]; dim];
        for (r, (moves, subs)) in rows.iter().enumerate() {
            for &c in subs {
                one[r][c] += 1;
            }
            one[r][dim - 1] = *moves;
        }
        one[dim - 1][dim - 1] = 1;
        let step = crate::algebra::ZMatrix::from_i64(&one)
            .and_then(|b| b.pow(period as u64))
            .map_err(|e| e.to_string())?;
        // Keep the level-0 components (and the constant): B^period maps them onto themselves.
        let keep: Vec<usize> = (0..comps.len())
            .filter(|&c| comps[c].1 == 0)
            .chain([dim - 1])
            .collect();
        let rows: Vec<Vec<BigInt>> = keep
            .iter()
            .map(|&r| keep.iter().map(|&c| step.get(r, c).clone()).collect())
            .collect();
        let types: Vec<FrameType> = keep[..keep.len() - 1].iter().map(|&c| comps[c].0).collect();
        let mut names: Vec<String> = types.iter().map(|t| t.name()).collect();
        names.push("1".into());
        Ok(FrameSystem {
            residue: read_at % (2 * period),
            period,
            names,
            types,
            matrix: crate::algebra::ZMatrix::from_rows(rows).map_err(|e| e.to_string())?,
            read_at,
        })
    }
}

impl FrameSystem {
    /// The exact counts `s(m)` of the components (then 1), by the algorithm's minimum.
    pub fn state(&self, frame: &mut ReversiFrame, m: usize) -> Option<Vec<BigInt>> {
        let mut v = Vec::with_capacity(self.types.len() + 1);
        for &t in &self.types {
            v.push(frame.type_count(t, m)?);
        }
        v.push(BigInt::from(1));
        Some(v)
    }

    /// The sizes `m` of this class in `from..=to` where `s(m + step) = M s(m)` fails, each
    /// side computed independently: the matrix applied to the family's exact minimum at
    /// `m`, against that minimum at `m + step`. Sizes where a count does not exist are
    /// reported as failures too.
    pub fn mismatches(&self, frame: &mut ReversiFrame, from: usize, to: usize) -> Vec<usize> {
        let mut bad = Vec::new();
        let step = 2 * self.period;
        let first = from + (step + self.residue - from % step) % step;
        for m in (first..=to).step_by(step) {
            let holds = match (self.state(frame, m), self.state(frame, m + step)) {
                (Some(a), Some(b)) => self.matrix.mul_vec(&a).is_ok_and(|v| v == b),
                _ => false,
            };
            if !holds {
                bad.push(m);
            }
        }
        bad
    }
}

//! Counting minimal sequences by retracing them from the goal over marked distances.
//!
//! The forward search is the minimum-only search, with one change: its visited set is an
//! array of distance marks, one per index, written when a state is first reached (the
//! same one atomic operation per new state that sets a visited bit). No count is carried
//! forward. Once the goal is reached at depth `D`, the optimal solutions are retraced
//! backwards: the states of depth `k - 1` on a shortest path are the predecessors, marked
//! `k - 1`, of those of depth `k` on one; each carries `N(v)`, the number of shortest
//! paths from `v` to the goal (`N(goal) = 1`, `N(u)` the sum of `N(v)` over its moves
//! `u -> v` into the layer retraced before it), and the number of optimal solutions is
//! `N(start)`.
//!
//! Why it pays: the states on some shortest path from the start to the goal are a small
//! and shrinking share of those the search reaches (the whole graphs, n = 10: 1.9% for
//! cyclic4, 0.2% for four-in-a-row, 0.02% for Reve's puzzle; docs/search.md), while the
//! counting route ([`super::counting`]) stores and sums a count for every state reached,
//! and cyclic4's counts grow wider with n (11.5 limbs a state at n = 14). Here the counts
//! are heap integers of the retraced states only.
//!
//! The marks: where every move can be undone ([`DenseSpace::is_symmetric`]) a predecessor
//! of a state of depth `k` has depth `k - 1`, `k` or `k + 1`, and the distance mod 3 tells
//! them apart: two bits an index. With one-way moves (cyclic4) a predecessor may lie
//! anywhere deeper, so the mark is the distance itself, 16 bits an index; a goal at depth
//! `2^16 - 2` or more is out of its reach and the search falls back to the counting route
//! (for a solution, to the stored layers).
//!
//! One optimal solution ([`one_path`]) is retraced the same way, one state a layer, instead
//! of storing every layer.

use super::dense::DenseSpace;
use super::frontier::{expand_from, BitsSpill, IndexHasher, Layer, Source, Spill};
use crate::puzzle::Move;
use num_bigint::BigUint;
use std::collections::HashMap;
use std::sync::atomic::{AtomicU16, AtomicU64, Ordering::Relaxed};

#[cfg(test)]
thread_local! {
    /// Tests turn this route off on their thread, so that a count takes the counting route
    /// (whose push and pull passes they examine) as it does with a checkpoint.
    pub(super) static NO_RETRACE: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
    /// Tests give puzzles whose moves can be undone the 16-bit marks too, to compare them.
    pub(super) static WIDE_MARKS: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
    /// Tests lower the depths the 16-bit marks tell apart, to reach the fallback on small
    /// puzzles.
    pub(super) static WIDE_RANGE: std::cell::Cell<u64> = const { std::cell::Cell::new(WIDE_MAX) };
}

/// Whether the tests turned the route off on this thread.
pub(super) fn turned_off() -> bool {
    #[cfg(test)]
    return NO_RETRACE.with(|c| c.get());
    #[cfg(not(test))]
    false
}

/// The largest 16-bit mark: a mark is the distance plus one, and the largest value stands
/// for every distance from `WIDE_MAX - 1` on.
const WIDE_MAX: u64 = u16::MAX as u64;

/// The mark below which 16-bit marks tell depths apart ([`WIDE_MAX`] outside the tests).
fn wide_max() -> u64 {
    #[cfg(test)]
    return WIDE_RANGE.with(|c| c.get());
    #[cfg(not(test))]
    WIDE_MAX
}

/// Whether the marks over `space` are two bits an index (distance mod 3).
fn two_bits(space: &DenseSpace) -> bool {
    #[cfg(test)]
    if WIDE_MARKS.with(|c| c.get()) {
        return false;
    }
    space.is_symmetric()
}

/// The distance mark of every index; 0: not reached.
pub(super) enum Marks {
    /// The distance mod 3, plus one: two bits an index, 32 a word (every move can be
    /// undone).
    Mod3(Vec<AtomicU64>),
    /// The distance plus one, at most [`WIDE_MAX`]: 16 bits an index (one-way moves).
    Wide(Vec<AtomicU16>),
}

impl Marks {
    /// Clear marks over `space`'s indices, of the kind its moves need.
    pub(super) fn new(space: &DenseSpace) -> Marks {
        if two_bits(space) {
            Marks::Mod3(
                (0..space.space.div_ceil(32))
                    .map(|_| AtomicU64::new(0))
                    .collect(),
            )
        } else {
            Marks::Wide((0..space.space).map(|_| AtomicU16::new(0)).collect())
        }
    }

    /// The marks over `space`'s indices and the four bitsets the minimum-only search may
    /// hold besides its visited one (both frontiers, the spare, the threads' lists): what
    /// the route holds at most but for the retraced layers.
    pub(super) fn bytes_with_frontiers(space: &DenseSpace) -> u64 {
        Marks::bytes(space).saturating_add(space.space.div_ceil(64).saturating_mul(32))
    }

    /// The bytes of the marks over `space`'s indices.
    pub(super) fn bytes(space: &DenseSpace) -> u64 {
        if two_bits(space) {
            8 * space.space.div_ceil(32)
        } else {
            2 * space.space
        }
    }

    /// The bytes the marks hold.
    pub(super) fn held(&self) -> u64 {
        match self {
            Marks::Mod3(w) => 8 * w.len() as u64,
            Marks::Wide(m) => 2 * m.len() as u64,
        }
    }

    /// Marks `v` reached at `depth` if it was not reached before; true when this call did.
    /// (Read first: most successors were reached, and a read costs less than the atomic
    /// operation that settles a race between threads.)
    #[inline]
    pub(super) fn reach(&self, v: u64, depth: u64) -> bool {
        match self {
            Marks::Mod3(words) => {
                let w = &words[(v >> 5) as usize];
                let shift = 2 * (v & 31);
                w.load(Relaxed) >> shift & 3 == 0
                    && w.fetch_or((depth % 3 + 1) << shift, Relaxed) >> shift & 3 == 0
            }
            Marks::Wide(m) => {
                let e = &m[v as usize];
                let mark = (depth + 1).min(WIDE_MAX) as u16;
                e.load(Relaxed) == 0 && e.swap(mark, Relaxed) == 0
            }
        }
    }

    /// Whether `v` was reached.
    pub(super) fn is_reached(&self, v: u64) -> bool {
        match self {
            Marks::Mod3(words) => words[(v >> 5) as usize].load(Relaxed) >> (2 * (v & 31)) & 3 != 0,
            Marks::Wide(m) => m[v as usize].load(Relaxed) != 0,
        }
    }

    /// Whether the marks tell apart every depth up to `depth` (16-bit marks end at
    /// [`WIDE_MAX`], which stands for every greater distance too).
    pub(super) fn tell_apart(&self, depth: u64) -> bool {
        match self {
            Marks::Mod3(_) => true,
            Marks::Wide(_) => depth + 1 < wide_max(),
        }
    }

    /// Whether `u`, a predecessor of a state of depth `depth + 1`, has depth `depth`
    /// (exact below the largest 16-bit mark; with two bits, because `u` is a neighbour).
    #[inline]
    fn at_depth(&self, u: u64, depth: u64) -> bool {
        match self {
            Marks::Mod3(words) => {
                words[(u >> 5) as usize].load(Relaxed) >> (2 * (u & 31)) & 3 == depth % 3 + 1
            }
            Marks::Wide(m) => m[u as usize].load(Relaxed) as u64 == depth + 1,
        }
    }
}

/// [`super::frontier::expand`] with `marks` as the visited set: every successor not yet
/// reached is marked `depth` and goes to the next layer (an unsorted list, or the spill's
/// bitset once the list passes `cap`).
pub(super) fn expand_marking(
    space: &DenseSpace,
    cur: &Layer,
    marks: &Marks,
    depth: u64,
    next_bits: Option<BitsSpill>,
    cap: usize,
    threads: usize,
) -> (Layer, u64, u64, Option<Vec<AtomicU64>>) {
    let (next, count, transient, unused) = expand_from(
        space,
        Source::Layer(cur),
        |v| marks.reach(v, depth),
        |_| {},
        next_bits.map_or(Spill::Unbounded, Spill::Bits),
        cap,
        threads,
        false,
    );
    let next = next.expect("only Spill::Marks drops the next layer");
    (next, count, transient, unused)
}

/// What retracing found.
pub(super) struct Retraced {
    /// The number of minimal sequences from the start to the goal.
    pub(super) count: BigUint,
    /// The states on some minimal sequence (the goal and the start included).
    pub(super) states: u64,
    /// The most bytes two retraced layers held at once (indices, integers and limbs, hash
    /// table slots).
    pub(super) peak_bytes: u64,
}

/// The minimal sequences from `start` to `goal` at `depth`, counted backwards (the marks
/// must tell the depths up to `depth` apart: [`Marks::tell_apart`]).
pub(super) fn retrace(
    space: &DenseSpace,
    marks: &Marks,
    start: u64,
    goal: u64,
    depth: u64,
) -> Retraced {
    type Sums = HashMap<u64, BigUint, std::hash::BuildHasherDefault<IndexHasher>>;
    let bytes = |layer: &Sums| -> u64 {
        let limbs: u64 = layer
            .values()
            .map(|c| 8 * c.iter_u64_digits().len() as u64)
            .sum();
        super::frontier::table_bytes(layer.capacity(), 8 + 24) + limbs
    };
    let mut layer = Sums::default();
    layer.insert(goal, BigUint::from(1u32));
    let mut states = 1u64;
    let mut peak = bytes(&layer);
    for k in (1..=depth).rev() {
        let mut before = Sums::default();
        for (&v, n) in &layer {
            space.for_each_predecessor(v, |u| {
                if marks.at_depth(u, k - 1) {
                    match before.get_mut(&u) {
                        Some(sum) => *sum += n,
                        None => {
                            before.insert(u, n.clone());
                        }
                    }
                }
            });
        }
        peak = peak.max(bytes(&layer) + bytes(&before));
        states += before.len() as u64;
        layer = before;
    }
    // Depth 0 holds the start alone (the goal was reached from it).
    let count = layer.remove(&start).unwrap_or_default();
    debug_assert!(layer.is_empty());
    Retraced {
        count,
        states,
        peak_bytes: peak,
    }
}

/// One minimal sequence from the start to `goal` at `depth`: from the goal back, each step
/// to the predecessor of least index marked one less (the choice of the stored-layer route,
/// which takes the first state of the sorted layer before with a move there). The marks
/// must tell the depths up to `depth` apart ([`Marks::tell_apart`]).
pub(super) fn one_path(space: &DenseSpace, marks: &Marks, goal: u64, depth: u64) -> Vec<Move> {
    let mut moves = Vec::with_capacity(depth as usize);
    let mut v = goal;
    for k in (1..=depth).rev() {
        let mut least = None;
        space.for_each_predecessor(v, |u| {
            if marks.at_depth(u, k - 1) && least.is_none_or(|l| u < l) {
                least = Some(u);
            }
        });
        let u = least.expect("a state at depth k >= 1 has a predecessor at depth k - 1");
        let mut step = None;
        space.for_each_successor(u, |w, m| {
            if w == v {
                step = Some(m);
            }
        });
        moves.push(step.expect("the predecessor has a move to the state"));
        v = u;
    }
    moves.reverse();
    moves
}

//! Bidirectional breadth-first search (meet in the middle) for puzzles whose moves can be
//! undone ([`bidirectional_search`]).
//!
//! Two frontiers grow, one from the start and one from the goal, a layer at a time, always
//! the smaller one. Before a step the balls of radius `a` (start) and `b` (goal) are
//! disjoint, so the distance `D` is more than `a + b`. When the start side grows to `a + 1`,
//! a state of its new layer that the goal side has met at distance `b' <= b` gives
//! `D <= a + 1 + b'`, so `b' = b` and `D = a + 1 + b`: only the goal side's newest layer is
//! checked. Conversely, if `D = a + 1 + b` every optimal solution passes through exactly one
//! state at distance `a + 1` from the start and `b` from the goal, so an empty intersection
//! proves `D > a + 1 + b`, and the number of optimal solutions is the sum over the meeting
//! states of (paths from the start) × (paths to the goal).
//!
//! Because every move can be undone ([`DenseSpace::is_undoable`]), the goal side expands
//! with the successor generator, and a successor of a layer lies in the layer before it, in
//! the layer itself or in the next: each side keeps two layers (frontier search), not the
//! states it has seen. The work is about twice the ball of half the distance instead of the
//! ball of the whole distance: Reversi DDDF with 11 discs meets after 1.1·10^6 states a side
//! where the plain search visits 5.4·10^7.
//!
//! Layers are sorted lists of dense indices. A layer is expanded in blocks per thread; each
//! block's successors are sorted and made unique, the runs merged, and the two layers of the
//! side subtracted. Counts (with `count`) are pulled: a state's count is the sum of the
//! counts of its neighbours in the layer before, found through a directory of that layer
//! (buckets of about eight entries). They are kept as `u128`, and the run is repeated with
//! big integers if one overflows.
//!
//! Checkpoints (`opts.checkpoint`, [`super::checkpoint`]) hold both sides: their two layers,
//! the counts of the newer one (as 64-bit limbs, so a run with `u128` counts and one with
//! big integers read each other's), the layer sizes, and the states visited. When a `u128`
//! count overflows, the run with big integers continues from the last checkpoint, if any.

use super::checkpoint::{Checkpointer, Reader, Route, Snapshot, Writer};
use super::dense::DenseSpace;
use super::frontier::{report_layer, worker_threads};
use super::{check_config, default_memory_limit, SearchError, SearchOptions};
use crate::puzzle::Puzzle;
use num_bigint::{BigInt, BigUint};
use num_traits::{One, Zero};
use std::time::{Duration, Instant};

/// The outcome of a [`bidirectional_search`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MeetResult {
    /// The minimum number of moves start → goal; `None`: the goal is unreachable.
    pub minimum: Option<u64>,
    /// The number of distinct minimal move sequences (with `count`).
    pub optimal_solutions: Option<BigInt>,
    /// `forward_layers[d]`: the states at distance `d` from the start, as far as that side
    /// grew.
    pub forward_layers: Vec<u64>,
    /// `backward_layers[d]`: the states at distance `d` from the goal, as far as that side
    /// grew (empty when the goal was decided unreachable without a search: a goal out of
    /// size order or breaking the colour rule, which every state reached from the start
    /// obeys).
    pub backward_layers: Vec<u64>,
    /// States in both sides' last layers: the middle states of the optimal solutions.
    pub meeting_states: u64,
    /// Distinct states visited by both sides.
    pub states: u64,
    /// The most bytes the layers, counts, layer sizes and expansion buffers held at once.
    pub peak_bytes: u64,
    /// Wall-clock time.
    pub elapsed: Duration,
}

/// Bidirectional breadth-first search of `puzzle`: the minimum and (with `opts.count`) the
/// number of optimal solutions, for puzzles with distinct disc sizes whose every move can be
/// undone (Reve's and Classic, stars, four-in-a-row, and under their colour rules Checkers,
/// Rainbow, Domino and the Reversi problems; not cyclic4 or Lundon). Uses `opts.count`, `opts.memory_limit` (guarded as the layers grow;
/// default [`default_memory_limit`]), `opts.threads`, `opts.progress` (after every layer,
/// with the depth `a + b` the two sides have ruled out), `opts.stop` and `opts.checkpoint`
/// (a checkpoint after a layer when due, and `resume`: a resumed run gives the answer of an
/// uninterrupted one; the checkpoint is removed when the search answers).
///
/// Errors: [`SearchError::NotApplicable`] for a puzzle or a question outside these
/// conditions, [`SearchError::MemoryLimit`], [`SearchError::Interrupted`] (with the
/// checkpoint's directory when checkpointing), [`SearchError::Checkpoint`] (a checkpoint
/// of another search, or damaged) and [`SearchError::CheckpointIo`].
///
/// ```
/// use hanoilab::search::{bidirectional_search, search, SearchOptions};
/// use hanoilab::sequences::moves::frame_stewart_puzzle;
/// let p = frame_stewart_puzzle(4, 8);
/// let opts = SearchOptions { count: true, ..Default::default() };
/// let m = bidirectional_search(&p, &opts).unwrap();
/// let r = search(&p, &opts).unwrap();
/// assert_eq!(m.minimum, r.minimum);
/// assert_eq!(m.optimal_solutions, r.optimal_solutions);
/// assert!(m.states < r.states);
/// ```
pub fn bidirectional_search(
    puzzle: &Puzzle,
    opts: &SearchOptions,
) -> Result<MeetResult, SearchError> {
    let t0 = Instant::now();
    check_config(puzzle, &puzzle.start, "start")?;
    check_config(puzzle, &puzzle.goal, "goal")?;
    if opts.solution || opts.explore_all || opts.sparse {
        return Err(not_applicable(
            "it gives the minimum and the number of optimal solutions only (no solution, \
             no exploration past the goal, no sparse set)",
        ));
    }
    let space = DenseSpace::new(puzzle).ok_or_else(|| {
        not_applicable("it needs the dense index (distinct disc sizes, a start stacked in size order, indices in 64 bits)")
    })?;
    if !space.is_undoable() {
        return Err(not_applicable(
            "some move cannot be undone by one move (one-way arcs, access masks, a \
             recolouring that is not a flip, or a colour rule checked before the flip)",
        ));
    }
    let start = space
        .encode(&puzzle.start)
        .ok_or_else(|| SearchError::Malformed("start: no dense index".into()))?;
    if !space.obeys_colour_rule(start) {
        return Err(not_applicable(
            "the start breaks the colour rule, so its moves need not be undoable",
        ));
    }
    let limit = opts.memory_limit.unwrap_or_else(default_memory_limit);
    let mut ck = Checkpointer::new(puzzle, opts, Route::Bidirectional);
    let resume = ck.open()?;
    let goal = match space.encode(&puzzle.goal) {
        Some(g) if space.obeys_colour_rule(g) => g,
        // Every state reached from the start is in size order and obeys the colour rule.
        _ => {
            ck.finish();
            return Ok(MeetResult {
                minimum: None,
                optimal_solutions: opts.count.then(BigInt::zero),
                forward_layers: vec![1],
                backward_layers: Vec::new(),
                meeting_states: 0,
                states: 1,
                peak_bytes: 0,
                elapsed: t0.elapsed(),
            });
        }
    };
    let run = Run {
        space: &space,
        opts,
        limit,
        threads: worker_threads(opts).max(1),
        block: BLOCK,
    };
    let mut r = match run.meet::<u128>(start, goal, &mut ck, resume)? {
        Some(r) => r,
        None => {
            // A count outgrew 128 bits: on from the last checkpoint, if one was written.
            let resume = ck.reopen()?;
            run.meet::<BigUint>(start, goal, &mut ck, resume)?
                .expect("big integers do not overflow")
        }
    };
    ck.finish();
    r.elapsed = t0.elapsed();
    Ok(r)
}

/// Whether [`bidirectional_search`] answers for `puzzle`: the dense index, every move
/// undoable, a start that obeys the colour rule. (Cheap: no state is visited.)
pub fn bidirectional_applies(puzzle: &Puzzle) -> bool {
    DenseSpace::new(puzzle).is_some_and(|space| {
        space.is_undoable()
            && space
                .encode(&puzzle.start)
                .is_some_and(|s| space.obeys_colour_rule(s))
    })
}

fn not_applicable(why: &str) -> SearchError {
    SearchError::NotApplicable(format!("the bidirectional search does not apply: {why}"))
}

/// States of a layer expanded into one buffer at a time (per thread).
const BLOCK: usize = 1 << 20;

/// A number of shortest paths: `u128` first, big integers when that overflows.
trait PathCount: Clone + Send + Sync {
    fn zero() -> Self;
    fn one() -> Self;
    /// `self += other`; `false` on overflow.
    fn add(&mut self, other: &Self) -> bool;
    fn big(&self) -> BigUint;
    /// Bytes beyond `size_of::<Self>()`.
    fn heap_bytes(&self) -> u64;
    /// The 64-bit limbs a checkpoint writes for this count.
    fn width(&self) -> usize;
    /// The `i`-th 64-bit limb, least significant first (zero past the number).
    fn limb(&self, i: usize) -> u64;
    /// The count of `limbs` (least significant first); `None` when it does not fit.
    fn from_limbs(limbs: &[u64]) -> Option<Self>;
}

#[cfg(test)]
thread_local! {
    /// Tests only: the largest `u128` count that does not count as an overflow, to drive
    /// the switch to big integers on small puzzles (read on the calling thread: one thread).
    static U128_CEILING: std::cell::Cell<u128> = const { std::cell::Cell::new(u128::MAX) };
}

#[inline]
fn u128_ceiling() -> u128 {
    #[cfg(test)]
    return U128_CEILING.with(|c| c.get());
    #[cfg(not(test))]
    u128::MAX
}

impl PathCount for u128 {
    fn zero() -> Self {
        0
    }
    fn one() -> Self {
        1
    }
    fn add(&mut self, other: &Self) -> bool {
        match self.checked_add(*other).filter(|&s| s <= u128_ceiling()) {
            Some(s) => {
                *self = s;
                true
            }
            None => false,
        }
    }
    fn big(&self) -> BigUint {
        BigUint::from(*self)
    }
    fn heap_bytes(&self) -> u64 {
        0
    }
    fn width(&self) -> usize {
        2
    }
    fn limb(&self, i: usize) -> u64 {
        match i {
            0 => *self as u64,
            1 => (*self >> 64) as u64,
            _ => 0,
        }
    }
    fn from_limbs(limbs: &[u64]) -> Option<Self> {
        if limbs.iter().skip(2).any(|&l| l != 0) {
            return None;
        }
        let at = |i: usize| u128::from(limbs.get(i).copied().unwrap_or(0));
        Some(at(0) | at(1) << 64)
    }
}

impl PathCount for BigUint {
    fn zero() -> Self {
        Zero::zero()
    }
    fn one() -> Self {
        One::one()
    }
    fn add(&mut self, other: &Self) -> bool {
        *self += other;
        true
    }
    fn big(&self) -> BigUint {
        self.clone()
    }
    fn heap_bytes(&self) -> u64 {
        self.bits().div_ceil(64) * 8
    }
    fn width(&self) -> usize {
        (self.bits().div_ceil(64) as usize).max(1)
    }
    fn limb(&self, i: usize) -> u64 {
        self.iter_u64_digits().nth(i).unwrap_or(0)
    }
    fn from_limbs(limbs: &[u64]) -> Option<Self> {
        Some(super::counting::to_biguint(limbs))
    }
}

/// One side of the search: its last two layers (sorted), the counts of the last, and the
/// sizes of all its layers.
struct Side<C> {
    prev: Vec<u64>,
    cur: Vec<u64>,
    counts: Vec<C>,
    sizes: LayerSizes,
}

impl<C: PathCount> Side<C> {
    fn new(root: u64, count: bool) -> Side<C> {
        let mut sizes = LayerSizes::default();
        sizes.push(1);
        Side {
            prev: Vec::new(),
            cur: vec![root],
            counts: if count { vec![C::one()] } else { Vec::new() },
            sizes,
        }
    }

    /// The layers, the counts, and the layer sizes (Domino's sides have 10^7 layers and
    /// more).
    fn bytes(&self) -> u64 {
        let words = self.prev.capacity() + self.cur.capacity();
        8 * words as u64 + counts_bytes(&self.counts) + self.sizes.bytes.capacity() as u64
    }

    /// The layer sizes, once the layers and counts are no longer needed (they are freed
    /// first, so that the sizes' list of 8 bytes a layer does not join them).
    fn into_sizes(self) -> Vec<u64> {
        let Side {
            prev,
            cur,
            counts,
            sizes,
        } = self;
        drop((prev, cur, counts));
        sizes.to_vec()
    }
}

/// The sizes of a side's layers in LEB128 bytes (7 bits a byte), with their number and sum.
/// Domino's sides have about 10^8 layers at n = 18, most of them small (one byte below 128
/// states, two below 16,384): at 8 bytes a layer the sizes were about 1 GB of its 1.9 GB.
#[derive(Default)]
struct LayerSizes {
    bytes: Vec<u8>,
    len: usize,
    sum: u64,
}

impl LayerSizes {
    fn push(&mut self, size: u64) {
        let mut x = size;
        while x >= 0x80 {
            self.bytes.push((x & 0x7f) as u8 | 0x80);
            x >>= 7;
        }
        self.bytes.push(x as u8);
        self.len += 1;
        self.sum += size;
    }

    fn to_vec(&self) -> Vec<u64> {
        let mut out = Vec::with_capacity(self.len);
        let (mut x, mut shift) = (0u64, 0);
        for &b in &self.bytes {
            x |= u64::from(b & 0x7f) << shift;
            shift += 7;
            if b < 0x80 {
                out.push(x);
                (x, shift) = (0, 0);
            }
        }
        out
    }
}

/// Writes a side to a checkpoint: its two layers, its layer sizes, and the counts of its
/// newer layer as limbs (as many per count as the widest needs).
fn write_side<C: PathCount>(w: &mut Writer, s: &Side<C>) -> std::io::Result<()> {
    w.words(&s.prev)?;
    w.words(&s.cur)?;
    w.bytes(&s.sizes.bytes)?;
    w.u64(s.sizes.len as u64)?;
    w.u64(s.sizes.sum)?;
    let width = s.counts.iter().map(C::width).max().unwrap_or(0);
    w.u64(width as u64)?;
    let limbs = s.counts.iter().flat_map(|c| (0..width).map(|i| c.limb(i)));
    w.word_section(width * s.counts.len(), limbs)
}

/// Reads a side written by [`write_side`] of the search from `root` over `space` indices,
/// checked against its own invariants ([`super::validate`]): both layers strictly
/// increasing, inside the space and apart; the layer sizes decode to `len` sizes summing
/// to `sum`, the first the root alone, the last two those of the layers held; one nonzero
/// count per state of the newer layer when counting. `Ok(None)` when a count does not fit
/// `C`.
fn read_side<C: PathCount>(
    r: &mut Reader,
    count: bool,
    space: u64,
    root: u64,
) -> Result<Option<Side<C>>, SearchError> {
    let prev = r.words()?;
    let cur = r.words()?;
    let bytes = r.bytes()?;
    let (len, sum) = (r.u64()? as usize, r.u64()?);
    let width = r.u64()? as usize;
    let limbs = r.words()?;
    let sorted = |l: &[u64]| l.windows(2).all(|w| w[0] < w[1]);
    let counted = match count {
        true => width > 0 && width < 1 << 20 && Some(limbs.len()) == cur.len().checked_mul(width),
        false => limbs.is_empty(),
    };
    let ends = bytes.iter().filter(|&&b| b < 0x80).count();
    if cur.is_empty() || !sorted(&prev) || !sorted(&cur) || !counted || ends != len || len == 0 {
        return Err(
            r.invalid("a side of the bidirectional search is inconsistent (the file is damaged)")
        );
    }
    let side = |what: &str| r.invalid(&format!("a side of the bidirectional search: {what}"));
    if prev.last().is_some_and(|&v| v >= space) || cur.last().is_some_and(|&v| v >= space) {
        return Err(side("an index past the index space"));
    }
    let Some(decoded) = decode_sizes(&bytes) else {
        return Err(side("an unreadable layer size"));
    };
    let total = decoded.iter().try_fold(0u64, |a, &b| a.checked_add(b));
    if total != Some(sum) || decoded.contains(&0) || decoded[0] != 1 {
        return Err(side("the layer sizes do not sum to its states"));
    }
    let older = match len {
        1 => 0,
        _ => decoded[len - 2],
    };
    if decoded[len - 1] != cur.len() as u64 || older != prev.len() as u64 {
        return Err(side("a layer of another size than the sizes say"));
    }
    if len == 1 && cur[..] != [root] {
        return Err(side("the first layer is not its end alone"));
    }
    if !apart_sorted(&prev, &cur) {
        return Err(side("its two layers share a state"));
    }
    if limbs
        .chunks_exact(width.max(1))
        .any(|c| c.iter().all(|&l| l == 0))
    {
        return Err(side("a state with no path from its end"));
    }
    let counts = match count {
        true => match limbs.chunks_exact(width).map(C::from_limbs).collect() {
            Some(c) => c,
            None => return Ok(None),
        },
        false => Vec::new(),
    };
    let sizes = LayerSizes { bytes, len, sum };
    Ok(Some(Side {
        prev,
        cur,
        counts,
        sizes,
    }))
}

/// The layer sizes of [`LayerSizes::push`]'s encoding; `None` for a size past 64 bits or
/// an unfinished last one.
fn decode_sizes(bytes: &[u8]) -> Option<Vec<u64>> {
    let mut out = Vec::new();
    let (mut x, mut shift) = (0u64, 0u32);
    for &b in bytes {
        let part = u64::from(b & 0x7f);
        if shift >= 64 || (shift > 0 && part >> (64 - shift) != 0) {
            return None;
        }
        x |= part << shift;
        shift += 7;
        if b < 0x80 {
            out.push(x);
            (x, shift) = (0, 0);
        }
    }
    (shift == 0).then_some(out)
}

/// Whether two strictly increasing lists have no entry in common.
fn apart_sorted(a: &[u64], b: &[u64]) -> bool {
    let (mut i, mut j) = (0, 0);
    while i < a.len() && j < b.len() {
        match a[i].cmp(&b[j]) {
            std::cmp::Ordering::Less => i += 1,
            std::cmp::Ordering::Greater => j += 1,
            std::cmp::Ordering::Equal => return false,
        }
    }
    true
}

fn counts_bytes<C: PathCount>(counts: &Vec<C>) -> u64 {
    let heap: u64 = counts.iter().map(C::heap_bytes).sum();
    (std::mem::size_of::<C>() * counts.capacity()) as u64 + heap
}

struct Run<'a> {
    space: &'a DenseSpace,
    opts: &'a SearchOptions<'a>,
    limit: u64,
    threads: usize,
    block: usize,
}

impl Run<'_> {
    /// The search with counts of type `C`, from the checkpoint `resume` if given, writing
    /// checkpoints through `ck`; `Ok(None)` when a count overflowed `C` (or a resumed one
    /// does not fit it).
    fn meet<C: PathCount>(
        &self,
        start: u64,
        goal: u64,
        ck: &mut Checkpointer,
        resume: Option<Reader>,
    ) -> Result<Option<MeetResult>, SearchError> {
        let count = self.opts.count;
        // `visited`: states in both sides' layers so far (a running sum: Domino n = 18 has
        // 10^8 layers).
        let (mut fwd, mut bwd, mut visited, mut peak) = match resume {
            Some(mut r) => {
                let space = self.space.space;
                let fwd = read_side::<C>(&mut r, count, space, start)?;
                let bwd = read_side::<C>(&mut r, count, space, goal)?;
                let (visited, peak) = (r.u64()?, r.u64()?);
                let o = r.finish()?;
                let (Some(fwd), Some(bwd)) = (fwd, bwd) else {
                    return Ok(None);
                };
                // The sides never met (a meeting ends the search): their states are apart.
                o.require(
                    Some(visited) == fwd.sizes.sum.checked_add(bwd.sizes.sum),
                    "the visited states are not the two sides' sum",
                )?;
                o.require(
                    apart_sorted(&fwd.cur, &bwd.cur),
                    "the two sides' layers share a state",
                )?;
                let peak = peak.max(fwd.bytes() + bwd.bytes());
                (fwd, bwd, visited, peak)
            }
            None => {
                let (fwd, bwd) = (Side::<C>::new(start, count), Side::<C>::new(goal, count));
                let peak = fwd.bytes() + bwd.bytes();
                (fwd, bwd, 2u64, peak)
            }
        };
        let done = |fwd: Side<C>, bwd: Side<C>, minimum, solutions, meeting, peak| {
            let states = fwd.sizes.sum + bwd.sizes.sum - meeting;
            MeetResult {
                minimum,
                optimal_solutions: solutions,
                forward_layers: fwd.into_sizes(),
                backward_layers: bwd.into_sizes(),
                meeting_states: meeting,
                states,
                peak_bytes: peak,
                elapsed: Duration::ZERO,
            }
        };
        if start == goal {
            let one = count.then(BigInt::one);
            return Ok(Some(done(fwd, bwd, Some(0), one, 1, peak)));
        }
        loop {
            // Grow the smaller frontier (the start's on a tie).
            let forward = fwd.cur.len() <= bwd.cur.len();
            let grow = if forward { &fwd } else { &bwd };
            let (next, buffers) = self.next_layer(&grow.prev, &grow.cur);
            let counts = match count {
                true => match self.pull_counts(&grow.cur, &grow.counts, &next) {
                    Some(c) => c,
                    None => return Ok(None),
                },
                false => Vec::new(),
            };
            let held = fwd.bytes() + bwd.bytes() + 8 * next.capacity() as u64 + buffers;
            peak = peak.max(held + counts_bytes(&counts));
            if peak > self.limit {
                return Err(SearchError::MemoryLimit {
                    estimate: peak,
                    limit: self.limit,
                    during: true,
                });
            }
            if next.is_empty() {
                // This side's component is exhausted without meeting the other.
                let zero = count.then(BigInt::zero);
                return Ok(Some(done(fwd, bwd, None, zero, 0, peak)));
            }
            let grow = if forward { &mut fwd } else { &mut bwd };
            grow.prev = std::mem::replace(&mut grow.cur, next);
            grow.counts = counts;
            grow.sizes.push(grow.cur.len() as u64);
            let (grow, other) = if forward { (&fwd, &bwd) } else { (&bwd, &fwd) };
            let meeting = intersect(&grow.cur, &other.cur);
            let depth = (fwd.sizes.len + bwd.sizes.len - 2) as u64;
            visited += grow.cur.len() as u64;
            report_layer(
                self.opts,
                depth,
                grow.cur.len() as u64,
                visited,
                self.space.space,
            );
            if !meeting.is_empty() {
                let solutions = count.then(|| {
                    let total: BigUint = meeting
                        .iter()
                        .map(|&(i, k)| grow.counts[i].big() * other.counts[k].big())
                        .sum();
                    BigInt::from(total)
                });
                let m = meeting.len() as u64;
                return Ok(Some(done(fwd, bwd, Some(depth), solutions, m, peak)));
            }
            let snap = Snapshot {
                depth,
                sizes: &[],
                states: visited,
                found: None,
                limbs: 0,
                goal_count: None,
            };
            ck.layer_done(snap, |w| {
                write_side(w, &fwd)?;
                write_side(w, &bwd)?;
                w.u64(visited)?;
                w.u64(peak)
            })?;
        }
    }

    /// The layer after `cur` on a side whose layer before it is `prev` (both sorted): the
    /// neighbours of `cur` in neither, sorted; and the bytes the expansion buffers held.
    fn next_layer(&self, prev: &[u64], cur: &[u64]) -> (Vec<u64>, u64) {
        let work = |part: &[u64]| -> (Vec<u64>, u64) {
            let mut runs = Vec::new();
            let mut buf = Vec::new();
            let mut held = 0u64;
            for block in part.chunks(self.block) {
                buf.clear();
                for &u in block {
                    self.space.for_each_successor(u, |v, _| buf.push(v));
                }
                buf.sort_unstable();
                buf.dedup();
                runs.push(buf.clone());
                held = held.max(8 * buf.capacity() as u64);
            }
            let held = held + runs.iter().map(|r| 8 * r.capacity() as u64).sum::<u64>();
            let mut run = merge_all(runs);
            subtract(&mut run, prev);
            subtract(&mut run, cur);
            (run, held)
        };
        let parts = on_chunks(cur, self.threads, work);
        let held = parts.iter().map(|p| p.1 + 8 * p.0.capacity() as u64).sum();
        (merge_all(parts.into_iter().map(|p| p.0).collect()), held)
    }

    /// The counts of `next`: for each state the sum of the counts of its neighbours in
    /// `cur` (every move can be undone, so its neighbours are its predecessors). `None` when
    /// a sum overflows `C`.
    fn pull_counts<C: PathCount>(&self, cur: &[u64], counts: &[C], next: &[u64]) -> Option<Vec<C>> {
        let dir = Directory::new(cur);
        let work = |part: &[u64]| -> Option<Vec<C>> {
            let mut out = Vec::with_capacity(part.len());
            for &v in part {
                let mut sum = C::zero();
                let mut ok = true;
                self.space.for_each_successor(v, |u, _| {
                    if let Some(i) = dir.position(cur, u) {
                        ok &= sum.add(&counts[i]);
                    }
                });
                if !ok {
                    return None;
                }
                out.push(sum);
            }
            Some(out)
        };
        let parts = on_chunks(next, self.threads, work);
        let mut out = Vec::with_capacity(next.len());
        for p in parts {
            out.extend(p?);
        }
        Some(out)
    }
}

/// `work` on `threads` consecutive parts of `items` (on the calling thread alone for one
/// thread or fewer than 4096 items), the results in order.
fn on_chunks<R: Send>(items: &[u64], threads: usize, work: impl Fn(&[u64]) -> R + Sync) -> Vec<R> {
    if threads <= 1 || items.len() < 4096 {
        return vec![work(items)];
    }
    let work = &work;
    std::thread::scope(|s| {
        let handles: Vec<_> = items
            .chunks(items.len().div_ceil(threads))
            .map(|part| s.spawn(move || work(part)))
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("search worker panicked"))
            .collect()
    })
}

/// Where to look for a value in a sorted, duplicate-free list: the list's range cut into
/// buckets of about eight entries, with the position where each bucket starts. A look-up is
/// one read of the directory and a short search instead of a binary search over the whole
/// list (whose first probes miss the cache: it was half of a counting run's time).
struct Directory {
    min: u64,
    max: u64,
    shift: u32,
    /// `starts[b]`: the first position whose value is in bucket `b` or later.
    starts: Vec<usize>,
}

impl Directory {
    fn new(sorted: &[u64]) -> Directory {
        let (Some(&min), Some(&max)) = (sorted.first(), sorted.last()) else {
            return Directory {
                min: 1,
                max: 0,
                shift: 0,
                starts: vec![0, 0],
            };
        };
        let buckets = (sorted.len() / 8).max(1) as u64;
        let span = max - min;
        // The least shift with span >> shift < buckets (at most 63: two buckets).
        let mut shift = 0;
        while shift < 63 && (span >> shift) >= buckets {
            shift += 1;
        }
        let nb = (span >> shift) as usize + 1;
        let mut starts = vec![0usize; nb + 1];
        let mut b = 0;
        for (i, &x) in sorted.iter().enumerate() {
            let bx = ((x - min) >> shift) as usize;
            while b <= bx {
                starts[b] = i;
                b += 1;
            }
        }
        while b <= nb {
            starts[b] = sorted.len();
            b += 1;
        }
        Directory {
            min,
            max,
            shift,
            starts,
        }
    }

    /// The position of `v` in `sorted` (the list the directory was made of).
    #[inline]
    fn position(&self, sorted: &[u64], v: u64) -> Option<usize> {
        if v < self.min || v > self.max {
            return None;
        }
        let b = ((v - self.min) >> self.shift) as usize;
        let (lo, hi) = (self.starts[b], self.starts[b + 1]);
        sorted[lo..hi].binary_search(&v).ok().map(|i| lo + i)
    }
}

/// The union of sorted, duplicate-free runs, sorted and duplicate-free (merged in pairs).
fn merge_all(mut runs: Vec<Vec<u64>>) -> Vec<u64> {
    while runs.len() > 1 {
        let mut merged = Vec::with_capacity(runs.len().div_ceil(2));
        let mut it = runs.into_iter();
        while let Some(a) = it.next() {
            match it.next() {
                Some(b) => merged.push(merge_unique(&a, &b)),
                None => merged.push(a),
            }
        }
        runs = merged;
    }
    runs.pop().unwrap_or_default()
}

fn merge_unique(a: &[u64], b: &[u64]) -> Vec<u64> {
    let mut out = Vec::with_capacity(a.len() + b.len());
    let (mut i, mut k) = (0, 0);
    while i < a.len() && k < b.len() {
        match a[i].cmp(&b[k]) {
            std::cmp::Ordering::Less => {
                out.push(a[i]);
                i += 1;
            }
            std::cmp::Ordering::Greater => {
                out.push(b[k]);
                k += 1;
            }
            std::cmp::Ordering::Equal => {
                out.push(a[i]);
                i += 1;
                k += 1;
            }
        }
    }
    out.extend_from_slice(&a[i..]);
    out.extend_from_slice(&b[k..]);
    out
}

/// Removes from the sorted `a` the elements of the sorted `b`.
fn subtract(a: &mut Vec<u64>, b: &[u64]) {
    let mut k = 0;
    a.retain(|&v| {
        while k < b.len() && b[k] < v {
            k += 1;
        }
        !(k < b.len() && b[k] == v)
    });
}

/// The positions `(i, k)` with `a[i] == b[k]` (both sorted, duplicate-free).
fn intersect(a: &[u64], b: &[u64]) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let (mut i, mut k) = (0, 0);
    while i < a.len() && k < b.len() {
        match a[i].cmp(&b[k]) {
            std::cmp::Ordering::Less => i += 1,
            std::cmp::Ordering::Greater => k += 1,
            std::cmp::Ordering::Equal => {
                out.push((i, k));
                i += 1;
                k += 1;
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::Ordering::Relaxed;

    #[test]
    fn layer_sizes_come_back_as_pushed() {
        let values = [1, 0, 127, 128, 300, 16_383, 16_384, 1 << 40, 1 << 63, 5];
        let mut sizes = LayerSizes::default();
        values.iter().for_each(|&x| sizes.push(x));
        assert_eq!(sizes.to_vec(), values);
        assert_eq!(sizes.len, values.len());
        assert_eq!(sizes.sum, values.iter().sum::<u64>());
        // One byte below 2^7, two below 2^14, ten for 2^63.
        assert_eq!(sizes.bytes.len(), 1 + 1 + 1 + 2 + 2 + 2 + 3 + 6 + 10 + 1);
    }
    use crate::search::search;
    use crate::search::tests::variant_puzzle as v;
    use crate::sequences::moves::frame_stewart_puzzle;

    /// Puzzles whose every move can be undone, one or more from each such family.
    fn family() -> Vec<(&'static str, Puzzle)> {
        vec![
            ("reves 7", frame_stewart_puzzle(4, 7)),
            ("classic 6", frame_stewart_puzzle(3, 6)),
            ("five pegs 6", frame_stewart_puzzle(5, 6)),
            ("four-in-a-row 6", v("four-in-a-row", "R", 6)),
            ("star 5", v("star", "S", 5)),
            ("checkers 7", v("checkers", "P", 7)),
            ("DDDF 6", v("reversi-lunnon", "DDDF", 6)),
            ("DDDE 6", v("reversi-lunnon", "DDDE", 6)),
            ("EDDD 6", v("reversi-lunnon", "EDDD", 6)),
            ("reversi BABB 5", v("reversi", "BABB", 5)),
            ("reversi H 5", v("reversi", "H", 5)),
            ("domino DDE 5", v("domino", "DDE", 5)),
            ("domino EDD 5", v("domino", "EDD", 5)),
            ("rainbow DDD 7", v("rainbow", "DDD", 7)),
        ]
    }

    fn reversed(p: &Puzzle) -> Puzzle {
        let mut q = p.clone();
        std::mem::swap(&mut q.start, &mut q.goal);
        q
    }

    /// Minimum, count, and both sides' layer sizes equal the plain breadth-first search
    /// (from the start, and from the goal of the reversed puzzle), on one and two threads
    /// and with blocks of 7 states (many runs merged per layer).
    #[test]
    fn the_bidirectional_search_equals_the_plain_search() {
        for (name, p) in family() {
            let opts = SearchOptions {
                count: true,
                ..Default::default()
            };
            let plain = search(&p, &opts).unwrap();
            let from_goal = search(&reversed(&p), &opts).unwrap();
            assert!(plain.minimum.is_some(), "{name}");
            for (threads, block) in [(1, BLOCK), (2, BLOCK), (2, 7), (1, 1)] {
                let space = DenseSpace::new(&p).unwrap();
                let o = SearchOptions {
                    count: true,
                    threads,
                    ..Default::default()
                };
                let run = Run {
                    space: &space,
                    opts: &o,
                    limit: u64::MAX,
                    threads,
                    block,
                };
                let start = space.encode(&p.start).unwrap();
                let goal = space.encode(&p.goal).unwrap();
                let mut ck = Checkpointer::new(&p, &o, Route::Bidirectional);
                let m = run
                    .meet::<u128>(start, goal, &mut ck, None)
                    .unwrap()
                    .unwrap();
                let what = format!("{name} threads {threads} block {block}");
                assert_eq!(m.minimum, plain.minimum, "{what}");
                assert_eq!(m.optimal_solutions, plain.optimal_solutions, "{what}");
                let (f, b) = (m.forward_layers.len(), m.backward_layers.len());
                assert_eq!(f + b - 2, plain.minimum.unwrap() as usize, "{what}");
                assert_eq!(m.forward_layers[..], plain.layers[..f], "{what}");
                assert_eq!(m.backward_layers[..], from_goal.layers[..b], "{what}");
                // Big-integer counts give the same answer (in other bytes).
                let big = run
                    .meet::<BigUint>(start, goal, &mut ck, None)
                    .unwrap()
                    .unwrap();
                let bytes = big.peak_bytes;
                assert_eq!(
                    MeetResult {
                        peak_bytes: bytes,
                        ..m
                    },
                    big,
                    "{what}"
                );
            }
        }
    }

    /// The condition under which the goal side runs on the successor generator: on states
    /// reached from the start, the predecessors that obey the colour rule (the separately
    /// written generator) are the successors, move for move. And puzzles outside it are
    /// refused.
    #[test]
    fn undoable_moves_make_predecessors_the_successors() {
        for (name, p) in family() {
            let space = DenseSpace::new(&p).unwrap();
            assert!(space.is_undoable(), "{name}");
            let mut x = space.encode(&p.start).unwrap();
            let mut seed = 0x9e37_79b9_7f4a_7c15u64;
            for _ in 0..2000 {
                let (mut succ, mut pred) = (Vec::new(), Vec::new());
                space.for_each_successor(x, |y, _| succ.push(y));
                // (A state breaking the rule can precede one that obeys it: Checkers, a
                // disc lifted off its own colour; such states are never reached.)
                space.for_each_predecessor(x, |y| {
                    if space.obeys_colour_rule(y) {
                        pred.push(y)
                    }
                });
                succ.sort_unstable();
                pred.sort_unstable();
                assert_eq!(succ, pred, "{name}");
                assert!(space.obeys_colour_rule(x), "{name}");
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                x = succ[(seed % succ.len() as u64) as usize];
            }
        }
        for (name, p) in family() {
            assert!(bidirectional_applies(&p), "{name}");
        }
        for (id, f, n) in [("cyclic4", "N", 4), ("lundon", "Lundon", 3)] {
            let p = v(id, f, n);
            assert!(!bidirectional_applies(&p), "{id}");
            let e = bidirectional_search(&p, &SearchOptions::default()).unwrap_err();
            assert!(matches!(e, SearchError::NotApplicable(_)), "{id}: {e}");
        }
        let p = frame_stewart_puzzle(4, 4);
        let o = SearchOptions {
            solution: true,
            ..Default::default()
        };
        assert!(matches!(
            bidirectional_search(&p, &o),
            Err(SearchError::NotApplicable(_))
        ));
    }

    /// Unreachable goals: Reversi on three pins from four discs (an exhausted side, against
    /// the plain search), and a goal that breaks the colour rule (decided without a search).
    #[test]
    fn unreachable_goals_are_found_unreachable() {
        let mut p = v("reversi-lunnon", "DDDF", 4);
        p.pins = 3;
        p.rules.arcs = crate::puzzle::MoveGraph::Complete.arcs(3);
        p.bases.truncate(3);
        p.start.pins.truncate(3);
        let tower = std::mem::take(&mut p.goal.pins[3]);
        p.goal.pins.truncate(3);
        p.goal.pins[2] = tower;
        let opts = SearchOptions {
            count: true,
            ..Default::default()
        };
        let plain = search(&p, &opts).unwrap();
        assert_eq!(plain.minimum, None);
        let m = bidirectional_search(&p, &opts).unwrap();
        assert_eq!(m.minimum, None);
        assert_eq!(m.optimal_solutions, Some(BigInt::zero()));
        // The goal tower with its second-smallest disc flipped: it then shows the colour of
        // the disc under it (or that disc's colour is shown on top of it).
        let mut q = v("reversi-lunnon", "DDDF", 4);
        let a = q.goal.pins[3][2] as usize;
        q.goal.colours[a] = 1 - q.goal.colours[a];
        assert_eq!(search(&q, &SearchOptions::default()).unwrap().minimum, None);
        let m = bidirectional_search(&q, &SearchOptions::default()).unwrap();
        assert_eq!((m.minimum, m.backward_layers.len()), (None, 0));
    }

    /// The directory finds every element of a list, and nothing else, on lists with gaps,
    /// clusters, one element and none.
    #[test]
    fn the_directory_finds_what_a_binary_search_finds() {
        let mut x = 88172645463325252u64;
        let mut lists: Vec<Vec<u64>> = vec![vec![], vec![7], vec![0, u64::MAX], (0..100).collect()];
        for len in [10, 1000, 5000] {
            let mut l: Vec<u64> = (0..len)
                .map(|i| {
                    x ^= x << 13;
                    x ^= x >> 7;
                    x ^= x << 17;
                    // Clusters: a few high bits, varied low bits.
                    if i % 2 == 0 {
                        x % 5000
                    } else {
                        ((x % 7) << 40) | (x % 64)
                    }
                })
                .collect();
            l.sort_unstable();
            l.dedup();
            lists.push(l);
        }
        for l in lists {
            let d = Directory::new(&l);
            let probes = l
                .iter()
                .flat_map(|&v| [v, v.wrapping_add(1), v.wrapping_sub(1)]);
            for v in probes.chain([0, 1, u64::MAX, 1 << 40]) {
                assert_eq!(d.position(&l, v), l.binary_search(&v).ok(), "{v} in {l:?}");
            }
        }
    }

    /// A run of `p` stopped after each depth in `stops` in turn (a checkpoint written there,
    /// resumed from it each time), then resumed to the end; `u128` and big-integer counts
    /// alternate between the runs, so each reads the other's checkpoint. The answer and
    /// whether the checkpoint directory was removed.
    fn stopped_and_resumed(p: &Puzzle, count: bool, stops: &[u64]) -> (MeetResult, bool) {
        let dir = crate::search::tests::checkpoint_dir("meet");
        let mut cfg = crate::search::Checkpointing::new(dir.clone(), "test");
        let space = DenseSpace::new(p).unwrap();
        let (start, goal) = (
            space.encode(&p.start).unwrap(),
            space.encode(&p.goal).unwrap(),
        );
        let mut resumed_after = 0;
        for (i, &k) in stops.iter().chain([&u64::MAX]).enumerate() {
            let stop = std::sync::atomic::AtomicBool::new(false);
            let first = std::sync::atomic::AtomicU64::new(0);
            let hook = |pr: crate::search::Progress| {
                let _ = first.compare_exchange(0, pr.depth, Relaxed, Relaxed);
                if pr.depth == k {
                    stop.store(true, Relaxed);
                }
            };
            let o = SearchOptions {
                count,
                threads: 1 + i % 2,
                checkpoint: Some(&cfg),
                stop: Some(&stop),
                progress: Some(&hook),
                ..Default::default()
            };
            let run = Run {
                space: &space,
                opts: &o,
                limit: u64::MAX,
                threads: o.threads,
                block: 5,
            };
            let mut ck = Checkpointer::new(p, &o, Route::Bidirectional);
            // (`reopen` is how the run with big integers picks up a checkpoint.)
            let resume = match i % 2 {
                0 => ck.open().unwrap(),
                _ => ck.reopen().unwrap(),
            };
            let r = match i % 2 {
                0 => run.meet::<u128>(start, goal, &mut ck, resume),
                _ => run.meet::<BigUint>(start, goal, &mut ck, resume),
            };
            // A resumed run goes on from the checkpoint's layer, not from the start.
            assert_eq!(first.load(Relaxed), resumed_after + 1, "stops {stops:?}");
            match r {
                Err(SearchError::Interrupted { depth, checkpoint }) => {
                    assert_eq!((depth, checkpoint), (k, Some(dir.clone())));
                    cfg.resume = true;
                    resumed_after = k;
                }
                Ok(Some(r)) => {
                    assert_eq!(k, u64::MAX, "not stopped at {k}");
                    ck.finish();
                    return (r, dir.exists());
                }
                other => panic!("{other:?}"),
            }
        }
        unreachable!("the last run has no stop")
    }

    /// Runs stopped after one layer, half-way, and twice (after the first and the
    /// next-to-last layer), and resumed, give the answer of an uninterrupted run: the
    /// minimum, the count, both sides' layer sizes, the meeting and visited states; the
    /// checkpoint is removed at the end.
    #[test]
    fn interrupted_and_resumed_bidirectional_searches_equal_uninterrupted_ones() {
        for (name, p) in family() {
            for count in [true, false] {
                let opts = SearchOptions {
                    count,
                    ..Default::default()
                };
                let whole = bidirectional_search(&p, &opts).unwrap();
                let d = whole.minimum.unwrap();
                let mut stop_sets = vec![vec![1], vec![d / 2]];
                if d > 2 {
                    stop_sets.push(vec![1, d - 1]);
                }
                for stops in stop_sets {
                    let (r, left) = stopped_and_resumed(&p, count, &stops);
                    let what = format!("{name}, count {count}, stops {stops:?}");
                    let same = |m: &MeetResult| MeetResult {
                        peak_bytes: 0,
                        elapsed: Duration::ZERO,
                        ..m.clone()
                    };
                    assert_eq!(same(&r), same(&whole), "{what}");
                    assert!(!left, "{what}: the checkpoint was removed");
                }
            }
        }
    }

    /// Counts cross between `u128` and big integers through the checkpoint's limbs; a
    /// count past 128 bits does not fit `u128`. And the checkpoint of a plain search and
    /// that of a bidirectional one do not resume each other.
    #[test]
    fn checkpoints_hold_counts_as_limbs_and_resume_only_their_search() {
        for x in [0u128, 1, u64::MAX as u128 + 7, u128::MAX] {
            let limbs: Vec<u64> = (0..x.width()).map(|i| x.limb(i)).collect();
            assert_eq!(u128::from_limbs(&limbs), Some(x));
            let big = BigUint::from(x);
            let limbs: Vec<u64> = (0..big.width()).map(|i| big.limb(i)).collect();
            assert_eq!(BigUint::from_limbs(&limbs), Some(big.clone()));
            assert_eq!(u128::from_limbs(&limbs), Some(x));
        }
        let wide = (BigUint::from(1u8) << 200u32) + 5u32;
        let limbs: Vec<u64> = (0..wide.width()).map(|i| wide.limb(i)).collect();
        assert_eq!(limbs.len(), 4);
        assert_eq!(BigUint::from_limbs(&limbs), Some(wide));
        assert_eq!(u128::from_limbs(&limbs), None);

        let p = frame_stewart_puzzle(4, 7);
        let stop = std::sync::atomic::AtomicBool::new(true);
        for bidirectional_first in [true, false] {
            let mut cfg = crate::search::Checkpointing::new(
                crate::search::tests::checkpoint_dir("cross"),
                "reves n = 7",
            );
            let o = SearchOptions {
                checkpoint: Some(&cfg),
                stop: Some(&stop),
                ..Default::default()
            };
            let e = match bidirectional_first {
                true => bidirectional_search(&p, &o).unwrap_err(),
                false => search(&p, &o).unwrap_err(),
            };
            assert!(matches!(e, SearchError::Interrupted { .. }), "{e}");
            cfg.resume = true;
            let o = SearchOptions {
                checkpoint: Some(&cfg),
                ..Default::default()
            };
            let e = match bidirectional_first {
                true => search(&p, &o).unwrap_err(),
                false => bidirectional_search(&p, &o).unwrap_err(),
            };
            let msg = e.to_string();
            assert!(
                matches!(e, SearchError::Checkpoint(_)) && msg.contains("--bidirectional"),
                "{msg}"
            );
            let _ = std::fs::remove_dir_all(&cfg.dir);
        }
    }

    /// A count that outgrows `u128` (here a ceiling of 30, on one thread) switches to
    /// big integers: from the last checkpoint when checkpointing (every depth is reported
    /// once), from the start otherwise (some depth is reported twice); the same answer.
    #[test]
    fn an_overflowing_count_goes_on_from_the_last_checkpoint() {
        let p = frame_stewart_puzzle(4, 8);
        let whole = bidirectional_search(
            &p,
            &SearchOptions {
                count: true,
                ..Default::default()
            },
        )
        .unwrap();
        U128_CEILING.with(|c| c.set(30));
        for checkpointing in [false, true] {
            let mut cfg = crate::search::Checkpointing::new(
                crate::search::tests::checkpoint_dir("overflow"),
                "reves n = 8",
            );
            cfg.every = Some(Duration::ZERO);
            let depths = std::sync::Mutex::new(Vec::new());
            let hook = |pr: crate::search::Progress| depths.lock().unwrap().push(pr.depth);
            let o = SearchOptions {
                count: true,
                threads: 1,
                checkpoint: checkpointing.then_some(&cfg),
                progress: Some(&hook),
                ..Default::default()
            };
            let r = bidirectional_search(&p, &o).unwrap();
            assert_eq!(r.optimal_solutions, whole.optimal_solutions);
            assert_eq!(
                (r.minimum, &r.forward_layers, &r.backward_layers, r.states),
                (
                    whole.minimum,
                    &whole.forward_layers,
                    &whole.backward_layers,
                    whole.states
                )
            );
            assert!(whole.optimal_solutions.as_ref().unwrap() > &BigInt::from(30));
            let depths = depths.into_inner().unwrap();
            let once = depths.windows(2).all(|w| w[1] == w[0] + 1);
            assert_eq!(once, checkpointing, "{depths:?}");
            assert!(!cfg.dir.exists());
        }
        U128_CEILING.with(|c| c.set(u128::MAX));
    }

    /// The memory limit and the stop flag end the run with their errors.
    #[test]
    fn the_memory_limit_and_the_stop_flag_are_honoured() {
        let p = frame_stewart_puzzle(4, 9);
        let o = SearchOptions {
            memory_limit: Some(10_000),
            ..Default::default()
        };
        assert!(matches!(
            bidirectional_search(&p, &o),
            Err(SearchError::MemoryLimit { .. })
        ));
        let stop = std::sync::atomic::AtomicBool::new(true);
        let o = SearchOptions {
            stop: Some(&stop),
            ..Default::default()
        };
        assert!(matches!(
            bidirectional_search(&p, &o),
            Err(SearchError::Interrupted { depth: 1, .. })
        ));
    }
}

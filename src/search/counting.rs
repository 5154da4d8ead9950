//! Counting minimal sequences during the breadth-first search over the dense index, without
//! storing the layers.
//!
//! A count without a checkpoint retraces from the goal instead ([`super::retrace`]: the
//! counts of the states on minimal sequences only); this route counts every state on the
//! way, and is taken when the search checkpoints, when the retracing route's marks would
//! pass the memory limit, and for a goal past its 16-bit marks.
//!
//! A list layer whose moves fit a list or two ([`pushes`]) *pushes* its counts forward
//! (every puzzle): its moves into states not yet visited become keys, grouped by state, and
//! each state of the next layer sums the counts of its parents ([`push_pass`]).
//!
//! Past that, every state of layer `d` *pulls* its count: the sum of the counts of its
//! predecessors that lie in layer `d-1`. Pulling lets each thread write a contiguous run of the layer's
//! counts, so the sums need no atomics and the result does not depend on the schedule. When
//! every move can be undone ([`DenseSpace::is_symmetric`]) the predecessors are the
//! successors, and one pass over layer `d` both counts it and discovers layer `d+1` (a
//! successor already visited and in layer `d-1` adds its count, one not yet visited joins the
//! next layer). A bitset next layer is not marked state by state: the pass marks only the
//! visited set, and the layer is the visited set's exclusive or with a copy of it taken
//! before the pass, into the spare bitset, the or folded into the ranking sweep. That saves
//! an atomic OR at a random place per new state; it costs the copy, in place of clearing
//! the retired bitset (now cleared only when the plain expansion takes it), and one more
//! read in the ranking sweep (Reve's n = 13 `--count` 2.68 -> 2.58 s wall, n = 14 10.34 ->
//! 9.96 s, medians of five and three; four-in-a-row, whose bitset layers are sparse,
//! unchanged). Otherwise the forward expansion finds layer `d+1` and a second pass pulls the
//! counts of layer `d` through [`DenseSpace::for_each_predecessor`].
//!
//! A state's position in a layer is its rank: a binary search in a short sorted list, or, in
//! a bitset layer (once the list would outgrow a bitset), a prefix count per block of 512
//! words plus a 16-bit offset per word within its block and one popcount.
//!
//! Counts are exact fixed-width integers of `w` 64-bit limbs per state (`w = 1` at first);
//! when a sum carries out of the top limb the layer is counted again a quarter wider. The
//! counts of a layer are stored shifted down by `64·scale` bits: when every count of a pushed
//! layer has its low limbs zero, the next push reads its parents above them and writes
//! narrower counts ([`push_pass`]'s `drop`; cyclic4's counts grow in powers of two as much
//! as anything, so that a quarter of its limbs at n = 14 are such zeros).
//! Only the goal's count is turned into a [`BigUint`]. Memory: the visited bitset, three
//! layers (previous, current, next: lists, or bitsets with their rank blocks, a freed bitset
//! kept as the spare) and the counts of two of them, instead of all the layers and a heap
//! integer per state.

use super::checkpoint::{Checkpointer, Reader, Snapshot};
use super::dense::DenseSpace;
use super::frontier::{
    clear_bits, copy_bits, expand, get_bit, new_bits, on_pieces, on_workers, read_layer,
    report_layer, report_start, set_bit, worker_threads, write_layer, BitsSpill, Layer, Run,
    SpinBarrier, LIST_CHUNK, SMALL_LAYER, WORD_CHUNK,
};
use super::validate::{apart, check_ends, check_frontier, holds, members, Origin};
use super::{SearchError, SearchOptions};
use num_bigint::BigUint;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering::Relaxed};
use std::sync::{Mutex, RwLock};

#[cfg(test)]
thread_local! {
    /// Tests turn the push route off on their thread to compare it with the pull route.
    pub(super) static NO_PUSH: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
    /// Tests start the count of the start state at `2^(64·k)` instead of 1, so that every
    /// count has `k` low limbs zero and the push route drops them from the first layers on
    /// (the puzzles small enough for the tests never have a layer of such counts).
    pub(super) static START_LIMBS: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
    /// Tests let a push drop at most this many limbs, so that the previous layer's counts
    /// lag behind for many layers, until a layer that is not pushed settles them.
    pub(super) static DROP_AT_MOST: std::cell::Cell<usize> =
        const { std::cell::Cell::new(usize::MAX) };
    /// The times the driver settled lagging counts on this thread.
    pub(super) static SETTLED: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// The low limbs zero in the count of the start state (0 outside the tests).
fn start_limbs() -> usize {
    #[cfg(test)]
    return START_LIMBS.with(|c| c.get());
    #[cfg(not(test))]
    0
}

/// The most low limbs a push may drop (all that are zero outside the tests).
fn drop_at_most() -> usize {
    #[cfg(test)]
    return DROP_AT_MOST.with(|c| c.get());
    #[cfg(not(test))]
    usize::MAX
}

#[cfg(test)]
thread_local! {
    /// Tests force the push route's bucket phases on small layers: this many bucket bits
    /// (at most the state's) on every layer, with the threads asked for.
    pub(super) static FORCE_BUCKETS: std::cell::Cell<Option<u32>> =
        const { std::cell::Cell::new(None) };
}

/// The bucket bits and threads of a push pass over a layer of `len` states, `threads`
/// asked for: one thread and no buckets for a small layer.
fn push_plan(len: usize, v_bits: u32, threads: usize) -> (u32, usize) {
    #[cfg(test)]
    if let Some(bits) = FORCE_BUCKETS.with(|c| c.get()) {
        return (bits.min(v_bits), threads.max(1));
    }
    let threads = if len < SMALL_LAYER { 1 } else { threads.max(1) };
    // Sized before the keys exist, from the layer (cyclic4 pushes about 1.4 keys a state).
    (bucket_bits_for(2 * len, v_bits), threads)
}

/// States of a list layer of `len` handed to a thread at a time: a sixteenth of a thread's
/// share, from 256 to [`LIST_CHUNK`]. Chunks of 4,096 left one of two threads a chunk more
/// than the other on the layers of a few tens of thousands of states that cyclic4 has by the
/// thousand (n = 13 `--count` on the worker pool: 2.87–2.93 -> 2.60 s wall, medians of
/// three).
fn list_chunk(len: usize, threads: usize) -> usize {
    (len / (16 * threads.max(1))).clamp(256, LIST_CHUNK)
}

/// Whether the driver may push counts forward (always, outside the tests that compare it
/// with pulling them).
fn push_allowed() -> bool {
    #[cfg(test)]
    return !NO_PUSH.with(|c| c.get());
    #[cfg(not(test))]
    true
}

/// Words per rank block: one prefix count per 32,768 bits, so that a word's count within
/// its block fits 16 bits (at most 32,704).
const BLOCK_WORDS: usize = 512;

/// A layer with its rank structure.
struct Ranked {
    layer: Layer,
    /// For a bitset layer, the number of members before each block of [`BLOCK_WORDS`] words
    /// (a few kilobytes, in the cache).
    blocks: Vec<u64>,
    /// For a bitset layer, the number of members before each word within its block: a rank
    /// costs one read at a random place, this one, and a popcount. (A block per 512 bits,
    /// its count in a second array, cost a second random read.)
    offsets: Vec<u16>,
    len: u64,
}

impl Ranked {
    /// Ranks `layer` (of `len` states) on `threads` threads.
    fn new(layer: Layer, len: u64, threads: usize) -> Ranked {
        Ranked::with_xor(layer, len, threads, None)
    }

    /// [`Ranked::new`], a bitset layer first replaced by its exclusive or with `xor` (in
    /// the same sweep).
    fn with_xor(layer: Layer, len: u64, threads: usize, xor: Option<&[AtomicU64]>) -> Ranked {
        let mut blocks = Vec::new();
        let mut offsets = Vec::new();
        if let Layer::Bits(bits) = &layer {
            // Each thread ranks a run of whole blocks from zero; the runs' totals are then
            // added in (on one thread: a run is a few blocks).
            offsets = vec![0u16; bits.len()];
            let runs = on_pieces(&mut offsets, BLOCK_WORDS, threads, |at, offsets| {
                let mut local = Vec::with_capacity(offsets.len().div_ceil(BLOCK_WORDS));
                let mut acc = 0u64;
                for (k, (b, o)) in bits[at..at + offsets.len()]
                    .chunks(BLOCK_WORDS)
                    .zip(offsets.chunks_mut(BLOCK_WORDS))
                    .enumerate()
                {
                    local.push(acc);
                    let mut within = 0u16;
                    for (j, (x, o)) in b.iter().zip(o).enumerate() {
                        *o = within;
                        let mut word = x.load(Relaxed);
                        if let Some(xor) = xor {
                            word ^= xor[at + k * BLOCK_WORDS + j].load(Relaxed);
                            x.store(word, Relaxed);
                        }
                        within += word.count_ones() as u16;
                    }
                    acc += within as u64;
                }
                (local, acc)
            });
            blocks.reserve_exact(bits.len().div_ceil(BLOCK_WORDS));
            let mut base = 0u64;
            for (local, total) in runs {
                blocks.extend(local.iter().map(|r| base + r));
                base += total;
            }
            // The members counted are the states the caller says the layer has (with `xor`:
            // the states the pass marked new).
            debug_assert_eq!(base, len, "a bitset layer's members");
        }
        Ranked {
            layer,
            blocks,
            offsets,
            len,
        }
    }

    /// The position of state `v` in the layer, if it is a member.
    #[inline]
    fn position(&self, v: u64) -> Option<usize> {
        match &self.layer {
            Layer::List(list) => list.binary_search(&v).ok(),
            Layer::Bits(bits) => {
                let w = (v >> 6) as usize;
                let word = bits[w].load(Relaxed);
                let below = 1u64 << (v & 63);
                if word & below == 0 {
                    return None;
                }
                let r = self.blocks[w / BLOCK_WORDS]
                    + self.offsets[w] as u64
                    + (word & (below - 1)).count_ones() as u64;
                Some(r as usize)
            }
        }
    }

    /// For a bitset layer, the members in the words before word `w` (`w` up to the number
    /// of words).
    fn rank_of_word(&self, w: usize) -> u64 {
        if w == self.offsets.len() {
            self.len
        } else {
            self.blocks[w / BLOCK_WORDS] + self.offsets[w] as u64
        }
    }

    /// Bytes held (list entries, or bitset and rank blocks).
    fn bytes(&self) -> u64 {
        match &self.layer {
            Layer::List(l) => 8 * l.capacity() as u64,
            Layer::Bits(b) => {
                8 * (b.len() + self.blocks.len()) as u64 + 2 * self.offsets.len() as u64
            }
        }
    }
}

/// Adds `x` into `acc` limb by limb; true when a carry leaves the top limb.
#[inline]
fn add_limbs(acc: &mut [u64], x: &[u64]) -> bool {
    if let ([a], [b]) = (&mut *acc, x) {
        let (s, c) = a.overflowing_add(*b);
        *a = s;
        return c;
    }
    let mut carry = false;
    for (a, &b) in acc.iter_mut().zip(x) {
        let (s1, c1) = a.overflowing_add(b);
        let (s2, c2) = s1.overflowing_add(carry as u64);
        *a = s2;
        carry = c1 || c2;
    }
    carry
}

/// Adds the count of `u` into `out` when `u` is a member of `prev` (a carry out of the top
/// limb sets `carry`); whether it is.
#[inline(always)]
fn add_parent(
    prev: &Ranked,
    prev_counts: &[u64],
    w: usize,
    u: u64,
    out: &mut [u64],
    carry: &mut bool,
) -> bool {
    match prev.position(u) {
        Some(pos) => {
            *carry |= add_limbs(out, &prev_counts[pos * w..(pos + 1) * w]);
            true
        }
        None => false,
    }
}

/// Calls `f` on each member of `layer` among list entries or bitset words `a..b`, in order,
/// with its `w` limbs of `out`; true when some call reports a carry.
#[inline(always)]
fn each_member(
    layer: &Layer,
    a: usize,
    b: usize,
    out: &mut [u64],
    w: usize,
    mut f: impl FnMut(u64, &mut [u64]) -> bool,
) -> bool {
    let mut carry = false;
    match layer {
        Layer::List(list) => {
            for (v, o) in list[a..b].iter().zip(out.chunks_mut(w)) {
                carry |= f(*v, o);
            }
        }
        Layer::Bits(bits) => {
            let mut slots = out.chunks_mut(w);
            for (i, word) in bits[a..b].iter().enumerate() {
                let mut x = word.load(Relaxed);
                while x != 0 {
                    let bit = x.trailing_zeros() as u64;
                    x &= x - 1;
                    let o = slots.next().expect("one slot per member");
                    carry |= f(((a + i) as u64) << 6 | bit, o);
                }
            }
        }
    }
    carry
}

/// Where a pass sends the unvisited successors it meets (the fused pass of a symmetric
/// puzzle expands the next layer while it counts the current one).
enum Expand<'a> {
    /// Count only.
    No,
    /// Mark new states in `visited` and collect them in per-item lists (sorted after).
    List(&'a [AtomicU64]),
    /// Mark new states in `visited` only (the next layer is `visited` minus a copy of it
    /// taken before the pass).
    Visited(&'a [AtomicU64]),
}

/// The counts of layer `cur` pulled from `prev` at `w` limbs per state (`None` when a count
/// needs more limbs), and the new states met when `expand` asks for them (a sorted list,
/// empty in bitset mode).
///
/// Predecessors are enumerated by [`DenseSpace::for_each_predecessor`], or, when `expand`
/// is not [`Expand::No`] (symmetric puzzles only), by the successors themselves: a
/// successor in `prev` is a predecessor, one not yet visited belongs to the next layer.
/// The counts are written into `buf`'s list, which a carry hands back.
#[allow(clippy::too_many_arguments)]
fn pass(
    space: &DenseSpace,
    prev: &Ranked,
    prev_counts: &[u64],
    cur: &Ranked,
    w: usize,
    threads: usize,
    expand: &Expand,
    buf: &mut Vec<u64>,
) -> (Option<Vec<u64>>, Vec<u64>, u64) {
    debug_assert_eq!(
        prev_counts.len() as u64,
        prev.len * w as u64,
        "a count per state of prev"
    );
    // The counts go into `buf`'s list (the counts of a retired layer: no fresh pages). Each
    // work item clears its own stretch (on its thread) before it sums into it.
    let mut counts = std::mem::take(buf);
    let size = cur.len as usize * w;
    counts.truncate(size);
    counts.reserve_exact(size - counts.len());
    counts.resize(size, 0);
    let overflow = AtomicBool::new(false);
    // Work items: a run of consecutive members of `cur` and the counts it writes.
    let mut items: Vec<(usize, usize, usize, &mut [u64])> = Vec::new();
    let mut rest: &mut [u64] = &mut counts;
    match &cur.layer {
        Layer::List(list) => {
            let chunk = list_chunk(list.len(), threads);
            let mut at = 0;
            while at < list.len() {
                let end = (at + chunk).min(list.len());
                let (head, tail) = std::mem::take(&mut rest).split_at_mut((end - at) * w);
                items.push((items.len(), at, end, head));
                rest = tail;
                at = end;
            }
        }
        Layer::Bits(bits) => {
            let mut at = 0;
            while at < bits.len() {
                let end = (at + WORD_CHUNK).min(bits.len());
                // Members in the chunk from the rank structure (no second popcount pass).
                let members = (cur.rank_of_word(end) - cur.rank_of_word(at)) as usize;
                let (head, tail) = std::mem::take(&mut rest).split_at_mut(members * w);
                items.push((items.len(), at, end, head));
                rest = tail;
                at = end;
            }
        }
    }
    // One loop per mode, each with a single call of the move generator whose closure adds
    // the parent's count in place: a closure shared by the three modes stayed out of line (a
    // call per move; Reve's n = 13 spent a third of its time in it).
    let run = |(_, a, b, out): (usize, usize, usize, &mut [u64])| -> (Vec<u64>, u64) {
        out.fill(0);
        let mut new = Vec::new();
        let mut added = 0u64;
        let carry = match expand {
            Expand::No => each_member(&cur.layer, a, b, out, w, |v, o| {
                let mut carry = false;
                space.for_each_predecessor(v, |u| {
                    add_parent(prev, prev_counts, w, u, o, &mut carry);
                });
                carry
            }),
            Expand::List(visited) => each_member(&cur.layer, a, b, out, w, |v, o| {
                let mut carry = false;
                space.for_each_successor(v, |u, _| {
                    if !add_parent(prev, prev_counts, w, u, o, &mut carry) && set_bit(visited, u) {
                        new.push(u);
                        added += 1;
                    }
                });
                carry
            }),
            Expand::Visited(visited) => each_member(&cur.layer, a, b, out, w, |v, o| {
                let mut carry = false;
                space.for_each_successor(v, |u, _| {
                    if !add_parent(prev, prev_counts, w, u, o, &mut carry) && set_bit(visited, u) {
                        added += 1;
                    }
                });
                carry
            }),
        };
        if carry {
            overflow.store(true, Relaxed);
        }
        (new, added)
    };
    let small = matches!(&cur.layer, Layer::List(l) if l.len() < SMALL_LAYER);
    let mut parts: Vec<(Vec<u64>, u64)> = if threads <= 1 || small {
        items.into_iter().map(run).collect()
    } else {
        let queue = Mutex::new(items.into_iter());
        let done = Mutex::new(Vec::new());
        on_workers(threads, || loop {
            let item = queue.lock().expect("queue lock").next();
            match item {
                Some(it) => {
                    let id = it.0;
                    let r = run(it);
                    done.lock().expect("results lock").push((id, r));
                }
                None => break,
            }
        });
        let mut done = done.into_inner().expect("results lock");
        done.sort_unstable_by_key(|(id, _)| *id);
        done.into_iter().map(|(_, r)| r).collect()
    };
    let added = parts.iter().map(|(_, a)| a).sum();
    let mut new: Vec<u64> = Vec::new();
    if matches!(expand, Expand::List(_)) {
        new.reserve_exact(added as usize);
        for (p, _) in parts.iter_mut() {
            new.append(p);
        }
        new.sort_unstable();
    }
    let counts = if overflow.load(Relaxed) {
        *buf = counts;
        None
    } else {
        Some(counts)
    };
    (counts, new, added)
}

/// The counts of layer `cur` pulled from `prev` through the predecessors, widening
/// `prev_counts` (and `w`) until no count carries out of the top limb; `held` rises to the
/// count bytes live at once while it widens.
#[allow(clippy::too_many_arguments)]
fn pull(
    space: &DenseSpace,
    prev: &Ranked,
    prev_counts: &mut Vec<u64>,
    cur: &Ranked,
    w: &mut usize,
    threads: usize,
    held: &mut u64,
    buf: &mut Vec<u64>,
) -> Vec<u64> {
    loop {
        if let Some(c) = pass(space, prev, prev_counts, cur, *w, threads, &Expand::No, buf).0 {
            return c;
        }
        let (wide, width) = widen(prev_counts, *w);
        *held = (*held).max(8 * (prev_counts.len() + wide.len()) as u64);
        *prev_counts = wide;
        *w = width;
    }
}

/// The counts of layer `cur` at depth `depth`: `known` when a pass found them, the start's
/// single path at depth 0, or else pulled from `prev` ([`pull`], which widens `w`).
#[allow(clippy::too_many_arguments)]
fn counts_of(
    known: Option<Vec<u64>>,
    depth: u64,
    space: &DenseSpace,
    (prev, prev_counts, cur, buf): (&Ranked, &mut Vec<u64>, &Ranked, &mut Vec<u64>),
    w: &mut usize,
    threads: usize,
    held: &mut u64,
) -> Vec<u64> {
    match known {
        Some(c) => c,
        None if depth == 0 => {
            let mut one = vec![0u64; *w];
            one[start_limbs()] = 1;
            one
        }
        None => pull(space, prev, prev_counts, cur, w, threads, held, buf),
    }
}

/// The exact count of the single state `v` pulled from `prev` (for the goal).
fn count_one(space: &DenseSpace, prev: &Ranked, prev_counts: &[u64], w: usize, v: u64) -> BigUint {
    let mut total = BigUint::from(0u32);
    space.for_each_predecessor(v, |u| {
        if let Some(pos) = prev.position(u) {
            total += to_biguint(&prev_counts[pos * w..(pos + 1) * w]);
        }
    });
    total
}

/// Whether a list layer of `len` states, `branching` moves a state at most, is pushed: its
/// moves fit a list of `cap` entries, or [`PUSH_SLACK`] such lists when one weighs no more
/// than a bitset (`words` words). The next layer of a pushed layer is a list. The driver and
/// the memory estimate both decide by it. Every puzzle's list layers are pushed, those whose
/// moves can all be undone too: four-in-a-row n = 13 `--count` took 3.7 s wall with the
/// fused pass on every layer and 3.1 s once its list layers were pushed (the minimum:
/// 1.5 s); Reve's puzzle, whose time is in its bitset layers, was unchanged.
pub(super) fn pushes(len: u64, branching: u64, cap: u64, words: u64) -> bool {
    let room = if cap > words {
        cap
    } else {
        cap.saturating_mul(PUSH_SLACK)
    };
    len.saturating_mul(branching) <= room
}

/// How many lists' worth of moves a pushed layer may have, in a space of 2^18 states or
/// more. (In a smaller space a list may hold more than a bitset, `cap` being at least
/// [`LIST_CHUNK`], and its bitsets are a few kilobytes: no slack there.)
///
/// With one list, four-in-a-row n = 13 took its 200 layers of 175,000 to 345,000 states as
/// bitsets of 2^26 bits, half a percent full. Copying, ranking and sweeping them was most of
/// its time, though the minimum-only search keeps those layers as lists. With two, every
/// layer is pushed: 2.90 -> 2.23 s wall, 68 -> 52 MB (medians of three; the minimum takes
/// 1.58 s). Reve's puzzle, up to twelve moves a state, is unchanged at two (2.74 ->
/// 2.71 s, 120 -> 122 MB), and holds more at four and eight (127 and 145 MB).
const PUSH_SLACK: u64 = 2;

/// Bits of a key's position field for a layer of `len` states, when a state index of the
/// space (`space` indices) and a position fit one 64-bit key together.
fn key_shift(space: u64, len: u64) -> Option<u32> {
    let shift = 64 - len.leading_zeros();
    (shift < 64 && (space - 1) >> (64 - shift) == 0).then_some(shift)
}

/// The next layer and its counts *pushed* from layer `cur` (a sorted list whose counts
/// `cur_counts` are known, `w` limbs each, of which the low `drop` are zero in every count
/// and are not read: the next layer's counts are `w - drop` limbs wide): every successor `v`
/// of the `i`-th state not yet visited is new at the next depth and
/// becomes a key `v << shift | i`. The keys, grouped by `v`, give the next layer in order,
/// and each run of equal `v` sums the counts of its parents. No predecessor is generated and
/// no position looked up. The visited set is only read during the expansion (so a state met
/// twice is new both times) and the new layer is marked in it after. A carry out of the top
/// limb widens `cur_counts` and `w` and sums again from the same keys. Returns the next
/// layer and its counts; the lists go back to `pool`, with the most bits of a count and the
/// low limbs zero in every count ([`limb_span`]).
///
/// The grouping is a bucket sort whose phases all run on every thread, on the kept worker
/// pool ([`on_workers`]) with a spinning barrier between phases ([`SpinBarrier`]): each
/// thread expands its chunks into keys and counts them by bucket (the top bits of `v`); the
/// keys are scattered into one list, bucket by bucket; the threads take the buckets one at a
/// time and sort each by the rest of `v` (radix passes over a bucket that fits the cache; the
/// order of the parents of one `v` does not matter, the sums are exact), noting the states
/// that start in each block of [`SUM_BLOCK`] keys. A second fork then sums the blocks, each
/// straight into its own stretch of the next layer. An earlier version sorted each thread's
/// keys whole, by `v` and `i`, and merged the threads' lists on one thread, twice (once to
/// size the layer): on cyclic4 n = 14 that merge and sum were a quarter of the run, on one
/// core. A fork per phase with scoped threads cost more than it saved (cyclic4 n = 14 has
/// 7,118 layers of 8,192 states or more, most of a few tens of thousands). Spawning the
/// threads per layer and sleeping at each barrier cost cyclic4 n = 13 a fifth of its wall
/// time (3.23 -> 2.62 s, medians of five, with [`list_chunk`]'s smaller chunks).
#[allow(clippy::too_many_arguments)]
fn push_pass(
    space: &DenseSpace,
    cur: &[u64],
    cur_counts: &mut Vec<u64>,
    w: &mut usize,
    drop: usize,
    shift: u32,
    visited: &[AtomicU64],
    threads: usize,
    pool: &mut Pool,
    next: Vec<u64>,
    counts: Vec<u64>,
) -> (Vec<u64>, Vec<u64>) {
    let v_bits = 64 - (space.space - 1).max(1).leading_zeros();
    let (bucket_bits, threads) = push_plan(cur.len(), v_bits, threads);
    let key = (visited, shift);
    if threads == 1 && bucket_bits == 0 {
        // A small layer on one thread: its keys sorted whole, without the bucket phases
        // (Domino n = 13 has 483,452 layers of at most 68 states).
        let [mut keys, mut tmp] = [pool.take(), pool.take()];
        push_keys(space, cur, 0..cur.len(), key, &mut keys);
        sort_by_state(&mut keys, &mut tmp, shift, v_bits);
        let states = keys.chunk_by(|x, y| x >> shift == y >> shift).count();
        let (mut next, mut counts) = (next, counts);
        size_list(&mut next, states);
        while {
            size_list(&mut counts, states * (*w - drop));
            let keys = keys.iter().copied();
            sum_into(
                keys,
                shift,
                (cur_counts, *w, drop),
                (&mut next, &mut counts),
            )
        } {
            let (wide, wide_w) = widen(cur_counts, *w);
            pool.note(8 * (cur_counts.capacity() + wide.capacity()) as u64);
            *cur_counts = wide;
            *w = wide_w;
        }
        pool.live = 8 * (keys.capacity() + tmp.capacity() + pool.list.capacity()) as u64;
        pool.keys += keys.len() as u64;
        pool.give(keys);
        pool.give(tmp);
        pool.states += next.len() as u64;
        (pool.bits, pool.low) = limb_span(&counts, *w - drop);
        return (mark_visited(visited, next), counts);
    }
    let bits = (shift, v_bits - bucket_bits);
    let buckets = 1usize << bucket_bits;
    let bucket = |k: u64| ((k >> shift) >> bits.1) as usize;
    let (cursor, ids, keys_bytes) = (AtomicUsize::new(0), AtomicUsize::new(0), AtomicU64::new(0));
    let (sorting, total) = (AtomicUsize::new(0), AtomicUsize::new(0));
    let barrier = SpinBarrier::new(threads);
    // The states that start in each block of the grouped keys, found as the buckets are
    // sorted (sized for every move of the layer, an upper bound of its keys).
    let most_keys = cur.len() * space.max_branching() as usize;
    let block_states: Vec<AtomicUsize> = (0..most_keys.div_ceil(SUM_BLOCK) + 1)
        .map(|_| AtomicUsize::new(0))
        .collect();
    // Waits for the phase to end; true on one thread, the leader of the work between
    // phases. (One thread needs no barrier: a waker's syscall per layer cost Domino, with
    // its hundreds of thousands of layers, a fifth of its time.)
    let sync = || threads == 1 || barrier.wait();
    let hists: Vec<Mutex<Vec<usize>>> = (0..threads).map(|_| Mutex::new(Vec::new())).collect();
    let have = pool.grouped.len();
    let chunk = list_chunk(cur.len(), threads);
    let grouped = RwLock::new(std::mem::take(&mut pool.grouped));
    let shared = Mutex::new(std::mem::take(pool));
    let group = || {
        let _poison = barrier.poison_on_panic();
        let id = ids.fetch_add(1, Relaxed);
        let mut keys = shared.lock().expect("pool lock").take();
        loop {
            let at = cursor.fetch_add(chunk, Relaxed);
            if at >= cur.len() {
                break;
            }
            push_keys(space, cur, at..(at + chunk).min(cur.len()), key, &mut keys);
        }
        let mut hist = vec![0usize; buckets];
        keys.iter().for_each(|&k| hist[bucket(k)] += 1);
        *hists[id].lock().expect("hist lock") = hist;
        let lead = sync();
        let hists: Vec<Vec<usize>> = hists
            .iter()
            .map(|h| h.lock().expect("hist lock").clone())
            .collect();
        let starts = bucket_starts(&hists);
        // The scatter writes every slot below the keys' total, and no slot past it is read,
        // so the list kept from the last layer is not cleared: it is lengthened (to its
        // capacity) only when this layer has more keys than it holds, by one thread while
        // the others wait. Clearing and sizing it every layer kept the other threads waiting
        // at a barrier of their own (cyclic4 n = 13 `--count`: 67 and 271 ms in all, against
        // 4 and 3 ms now, timed per phase and thread).
        if starts[buckets] > have {
            if lead {
                let mut g = grouped.write().expect("grouped lock");
                let short = starts[buckets] - g.len();
                g.reserve(short);
                let more = g.capacity() - g.len();
                g.extend((0..more).map(|_| AtomicU64::new(0)));
            }
            sync();
        }
        // This thread's keys go after the earlier threads' keys of the same bucket.
        let mut at: Vec<usize> = (0..buckets)
            .map(|b| starts[b] + hists[..id].iter().map(|h| h[b]).sum::<usize>())
            .collect();
        let g = grouped.read().expect("grouped lock");
        for &k in &keys {
            let b = bucket(k);
            g[at[b]].store(k, Relaxed);
            at[b] += 1;
        }
        keys_bytes.fetch_add(8 * keys.capacity() as u64, Relaxed);
        shared.lock().expect("pool lock").give(keys);
        sync();
        if lead {
            total.store(starts[buckets], Relaxed);
        }
        let mut scratch = {
            let mut p = shared.lock().expect("pool lock");
            [p.take(), p.take()]
        };
        // The threads take the buckets one at a time: runs of whole buckets fixed in advance
        // left one thread sorting and summing for twice as long as the other, the large
        // discs (the top bits) seldom moving within a layer.
        let next_bucket = || {
            let b = sorting.fetch_add(1, Relaxed);
            (b < buckets).then_some(b)
        };
        sort_buckets(
            &g,
            &starts,
            std::iter::from_fn(next_bucket),
            bits,
            &mut scratch,
            &block_states,
        );
        let mut p = shared.lock().expect("pool lock");
        scratch.into_iter().for_each(|l| p.give(l));
    };
    on_workers(threads, group);
    *pool = shared.into_inner().expect("pool lock");
    pool.grouped = grouped.into_inner().expect("grouped lock");
    let total = total.into_inner();
    pool.keys += total as u64;
    // Each block's states go to their own stretch of the next layer and its counts, at an
    // offset known from the states before it: the threads sum the blocks in any order,
    // straight into the layer (joining the threads' stretches after the pass took cyclic4
    // n = 13 230 ms on one thread), and a block boundary splits a long bucket.
    let per_block: Vec<usize> = block_states[..total.div_ceil(SUM_BLOCK)]
        .iter()
        .map(|n| n.load(Relaxed))
        .collect();
    let states: usize = per_block.iter().sum();
    let (mut next, mut counts) = (next, counts);
    size_list(&mut next, states);
    size_list(&mut counts, states * (*w - drop));
    let grouped = &pool.grouped[..total];
    let width = *w;
    let out_width = width - drop;
    let from: &[u64] = cur_counts;
    let sums = {
        let mut pieces = Vec::with_capacity(per_block.len());
        let (mut nx, mut cs) = (&mut next[..], &mut counts[..]);
        for (j, &n) in per_block.iter().enumerate() {
            let (a, rest) = nx.split_at_mut(n);
            let (c, rest_c) = cs.split_at_mut(n * out_width);
            (nx, cs) = (rest, rest_c);
            if n > 0 {
                pieces.push(Mutex::new((j, a, c)));
            }
        }
        // The threads take the pieces in order, each piece's lock by one thread only (one
        // lock for the list of pieces kept the threads waiting for each other).
        let taken = AtomicUsize::new(0);
        on_workers(threads, || {
            let (mut carry, mut most, mut low) = (false, 0, usize::MAX);
            while let Some(piece) = pieces.get(taken.fetch_add(1, Relaxed)) {
                let (j, nx, cs) = &mut *piece.lock().expect("piece lock");
                let (j, nx, cs) = (*j, &mut **nx, &mut **cs);
                let lo = first_start(grouped, j * SUM_BLOCK, shift);
                let hi = first_start(grouped, ((j + 1) * SUM_BLOCK).min(total), shift);
                let keys = grouped[lo..hi].iter().map(|k| k.load(Relaxed));
                carry |= sum_into(keys, shift, (from, width, drop), (nx, cs));
                // Every thread marks its own states (a word may be shared at a piece's
                // edge) and measures its own counts, while they are still near in the cache.
                mark_visited_run(visited, nx);
                let (bits, zeros) = limb_span(cs, out_width);
                (most, low) = (most.max(bits), low.min(zeros));
            }
            (carry, most, low)
        })
    };
    pool.live =
        keys_bytes.load(Relaxed) + 8 * (pool.grouped.capacity() + pool.list.capacity()) as u64;
    pool.bits = sums.iter().map(|s| s.1).max().unwrap_or(0);
    pool.low = sums.iter().map(|s| s.2).min().unwrap_or(0);
    if sums.iter().any(|s| s.0) {
        // Rare: sum every key again, on this thread, until no count carries.
        loop {
            let (wide, wide_w) = widen(cur_counts, *w);
            pool.note(8 * (cur_counts.capacity() + wide.capacity()) as u64);
            *cur_counts = wide;
            *w = wide_w;
            size_list(&mut counts, states * (*w - drop));
            let keys = pool.grouped[..total].iter().map(|k| k.load(Relaxed));
            let from = (&cur_counts[..], *w, drop);
            if !sum_into(keys, shift, from, (&mut next, &mut counts)) {
                break;
            }
        }
        (pool.bits, pool.low) = limb_span(&counts, *w - drop);
    }
    pool.states += next.len() as u64;
    (next, counts)
}

/// Keys of the grouped list in a block of the summing phase of [`push_pass`]: the states
/// that start in a block are summed together, into their own stretch of the next layer.
const SUM_BLOCK: usize = 1 << 12;

/// The first position at or after `at` where a state starts in the grouped keys (sorted by
/// state): `at` itself, or past the keys of the state that runs across it.
fn first_start(grouped: &[AtomicU64], at: usize, shift: u32) -> usize {
    let state = |p: usize| grouped[p].load(Relaxed) >> shift;
    let mut p = at;
    while p > 0 && p < grouped.len() && state(p) == state(p - 1) {
        p += 1;
    }
    p
}

/// Sets the length of a list kept from layer to layer at its capacity to `len` (the slots
/// to be written: only those past its old length are cleared), growing it exactly.
fn size_list(list: &mut Vec<u64>, len: usize) {
    list.reserve_exact(len.saturating_sub(list.len()));
    list.resize(len, 0);
}

/// Appends the key `v << shift | i` of every successor `v` not yet visited of the states
/// `cur[i]`, `i` in `range`, to `keys`.
#[inline]
fn push_keys(
    space: &DenseSpace,
    cur: &[u64],
    range: std::ops::Range<usize>,
    (visited, shift): (&[AtomicU64], u32),
    keys: &mut Vec<u64>,
) {
    for (i, &u) in cur[range.clone()].iter().enumerate() {
        let i = (range.start + i) as u64;
        space.for_each_successor(u, |v, _| {
            if !get_bit(visited, v) {
                keys.push(v << shift | i);
            }
        });
    }
}

/// Marks the states of a new layer visited (one thread writes: no read-modify-write
/// atomics needed).
fn mark_visited(visited: &[AtomicU64], layer: Vec<u64>) -> Vec<u64> {
    for &v in &layer {
        let word = &visited[(v >> 6) as usize];
        word.store(word.load(Relaxed) | 1 << (v & 63), Relaxed);
    }
    layer
}

/// Marks the states of one run (sorted, other threads marking the runs beside it) visited:
/// only the words at the run's two ends can be shared, and only they take an atomic OR
/// (an atomic OR for every state cost cyclic4 n = 14 a tenth of its time).
fn mark_visited_run(visited: &[AtomicU64], run: &[u64]) {
    let (Some(&lo), Some(&hi)) = (run.first(), run.last()) else {
        return;
    };
    for &v in run {
        let w = v >> 6;
        let word = &visited[w as usize];
        if w == lo >> 6 || w == hi >> 6 {
            word.fetch_or(1 << (v & 63), Relaxed);
        } else {
            word.store(word.load(Relaxed) | 1 << (v & 63), Relaxed);
        }
    }
}

/// Writes each state of the keys (sorted by state) and the sum of its parents' counts
/// (`width` limbs each, from `from`, the low `drop` of them zero and left out: the sums are
/// `width - drop` limbs wide) to `next` and `counts`, sized for exactly the keys' states;
/// true when a sum carried out of the top limb.
#[inline]
fn sum_into(
    keys: impl IntoIterator<Item = u64>,
    shift: u32,
    (from, width, drop): (&[u64], usize, usize),
    (next, counts): (&mut [u64], &mut [u64]),
) -> bool {
    let mask = (1u64 << shift) - 1;
    let out = width - drop;
    let mut carry = false;
    let mut last = None;
    let mut s = 0;
    for k in keys {
        let (v, i) = (k >> shift, (k & mask) as usize);
        let parent = &from[i * width + drop..(i + 1) * width];
        // The first parent of each state copies its count, the others add theirs.
        if last != Some(v) {
            last = Some(v);
            next[s] = v;
            counts[s * out..(s + 1) * out].copy_from_slice(parent);
            s += 1;
        } else {
            let at = (s - 1) * out;
            carry |= add_limbs(&mut counts[at..at + out], parent);
        }
    }
    debug_assert_eq!(s, next.len(), "the states the lists were sized for");
    carry
}

/// Where each bucket starts in the grouped list, given each thread's keys per bucket (one
/// more entry: the end).
fn bucket_starts(hists: &[Vec<usize>]) -> Vec<usize> {
    let buckets = hists.first().map_or(0, Vec::len);
    let mut starts = Vec::with_capacity(buckets + 1);
    let mut sum = 0;
    for b in 0..buckets {
        starts.push(sum);
        sum += hists.iter().map(|h| h[b]).sum::<usize>();
    }
    starts.push(sum);
    starts
}

/// Sorts each of the buckets `run` of the grouped keys by state, in place, and adds the
/// states that start in each block of [`SUM_BLOCK`] keys to `block_states`. `bits`: the
/// key's shift and the state bits below the bucket; `scratch`: two lists for a bucket's
/// radix passes.
///
/// The digits' counts of every pass are taken in one read of the bucket; the first pass
/// reads the bucket where it lies and the last writes it back there. Copying each bucket
/// out, counting pass by pass and copying it back took cyclic4 n = 13 six sweeps of every
/// key instead of three (with two passes), and the sort was two fifths of its `--count`.
fn sort_buckets(
    grouped: &[AtomicU64],
    starts: &[usize],
    run: impl Iterator<Item = usize>,
    (shift, low): (u32, u32),
    [one, two]: &mut [Vec<u64>; 2],
    block_states: &[AtomicUsize],
) {
    let mut tables = [[0usize; 1 << 11]; MAX_PASSES];
    // The same passes and digits for every bucket.
    let passes = radix_passes(low) as usize;
    let digit = low.div_ceil(passes.max(1) as u32);
    let mask = (1usize << digit) - 1;
    for b in run {
        let bucket = &grouped[starts[b]..starts[b + 1]];
        let len = bucket.len();
        if len == 0 {
            continue;
        }
        if len < 256 || passes > MAX_PASSES {
            one.clear();
            one.extend(bucket.iter().map(|k| k.load(Relaxed)));
            sort_by_state(one, two, shift, low);
            bucket
                .iter()
                .zip(one.iter())
                .for_each(|(g, &k)| g.store(k, Relaxed));
        } else if passes > 0 {
            let tables = &mut tables[..passes];
            for t in tables.iter_mut() {
                t[..=mask].fill(0);
            }
            for k in bucket {
                let k = k.load(Relaxed);
                for (p, t) in tables.iter_mut().enumerate() {
                    t[(k >> (shift + p as u32 * digit)) as usize & mask] += 1;
                }
            }
            for t in tables.iter_mut() {
                let mut sum = 0;
                for c in t[..=mask].iter_mut() {
                    (*c, sum) = (sum, sum + *c);
                }
            }
            one.clear();
            one.resize(len, 0);
            if passes > 2 {
                two.clear();
                two.resize(len, 0);
            }
            for (p, t) in tables.iter_mut().enumerate() {
                let sh = shift + p as u32 * digit;
                // The last pass writes the bucket back, unless it is also the first (which
                // reads the bucket as it goes).
                let last = p + 1 == passes && p > 0;
                let mut put = |k: u64, dst: &mut [u64]| {
                    let d = (k >> sh) as usize & mask;
                    if last {
                        bucket[t[d]].store(k, Relaxed);
                    } else {
                        dst[t[d]] = k;
                    }
                    t[d] += 1;
                };
                match p {
                    0 => bucket.iter().for_each(|k| put(k.load(Relaxed), one)),
                    _ if p % 2 == 1 => one.iter().for_each(|&k| put(k, two)),
                    _ => two.iter().for_each(|&k| put(k, one)),
                }
            }
            if passes == 1 {
                bucket
                    .iter()
                    .zip(one.iter())
                    .for_each(|(g, &k)| g.store(k, Relaxed));
            }
        }
        count_block_states(bucket, starts[b], shift, block_states);
    }
}

/// Adds the states that start in each block of [`SUM_BLOCK`] keys of a sorted bucket (at
/// position `at` of the grouped keys) to `block_states`. A bucket's first key starts a state:
/// the buckets' states differ in their top bits.
fn count_block_states(bucket: &[AtomicU64], at: usize, shift: u32, block_states: &[AtomicUsize]) {
    let (mut block, mut n, mut last) = (at / SUM_BLOCK, 0, None);
    for (p, k) in bucket.iter().enumerate() {
        let v = k.load(Relaxed) >> shift;
        if last != Some(v) {
            last = Some(v);
            let here = (at + p) / SUM_BLOCK;
            if here != block {
                block_states[block].fetch_add(n, Relaxed);
                (block, n) = (here, 0);
            }
            n += 1;
        }
    }
    if n > 0 {
        block_states[block].fetch_add(n, Relaxed);
    }
}

/// Radix passes at most in [`sort_buckets`]'s own loop (more go through [`sort_by_state`]).
const MAX_PASSES: usize = 3;

/// Least-significant-digit radix passes of up to 11 bits for `bits` bits.
fn radix_passes(bits: u32) -> u32 {
    bits.div_ceil(11)
}

/// Bits of a state that choose its bucket, for about `total` keys over states of `v_bits`
/// bits: buckets of about 4096 keys (a bucket's radix passes stay in the cache), at most
/// 2^11 of them (the scatter writes to every bucket at once), one bucket for a few keys.
fn bucket_bits_for(total: usize, v_bits: u32) -> u32 {
    if total < 1 << 13 {
        0
    } else {
        ((total >> 12).ilog2() + 1).min(11).min(v_bits)
    }
}

/// Sorts keys `v << shift | i` by their state `v`, whose lowest `bits` bits are the ones
/// that can differ (the higher ones chose the bucket): least-significant-digit radix passes
/// of up to 11 bits through `tmp`, or a comparison sort of a short list. The order of the
/// keys of one state is left as it falls.
fn sort_by_state(keys: &mut [u64], tmp: &mut Vec<u64>, shift: u32, bits: u32) {
    if bits == 0 {
        return;
    }
    if keys.len() < 256 {
        keys.sort_unstable();
        return;
    }
    let passes = radix_passes(bits);
    let digit = bits.div_ceil(passes);
    let mask = (1usize << digit) - 1;
    tmp.clear();
    tmp.resize(keys.len(), 0);
    let mut table = [0usize; 1 << 11];
    let starts = &mut table[..=mask];
    {
        let (mut src, mut dst): (&mut [u64], &mut [u64]) = (&mut *keys, tmp.as_mut_slice());
        for p in 0..passes {
            let sh = shift + p * digit;
            starts.fill(0);
            for &k in src.iter() {
                starts[(k >> sh) as usize & mask] += 1;
            }
            let mut sum = 0;
            for c in starts.iter_mut() {
                (*c, sum) = (sum, sum + *c);
            }
            for &k in src.iter() {
                let d = (k >> sh) as usize & mask;
                dst[starts[d]] = k;
                starts[d] += 1;
            }
            std::mem::swap(&mut src, &mut dst);
        }
    }
    if passes % 2 == 1 {
        keys.copy_from_slice(tmp);
    }
}

/// Lists kept from layer to layer by the push route (the threads' keys, which then serve as
/// a bucket's sort scratch, the keys grouped by bucket, the list of the layer it retired) so
/// that their pages are not mapped afresh every layer; their capacities are held, and
/// accounted, while they wait.
#[derive(Default)]
struct Pool {
    lists: Vec<Vec<u64>>,
    /// The keys of a layer grouped by bucket (written by every thread at once).
    grouped: Vec<AtomicU64>,
    /// The retired layer's list, for the next layer.
    list: Vec<u64>,
    /// Bytes of a transient moment the caller accounts (widening counts: both widths).
    noted: u64,
    /// Bytes of the lists live during the last pass (keys, scratch and the pool's own).
    live: u64,
    /// Keys sorted so far (one per move into a state of the next layer).
    keys: u64,
    /// States of the layers found by pushing.
    states: u64,
    /// The most bits of a count of the last layer pushed.
    bits: u64,
    /// The low limbs zero in every count of the last layer pushed.
    low: usize,
}

impl Pool {
    /// Lists kept at most: two threads' keys and a bucket's keys and radix scratch (more
    /// threads allocate theirs per layer; keeping them all would hold each at the largest
    /// size it ever had).
    const KEEP: usize = 4;

    fn take(&mut self) -> Vec<u64> {
        let mut l = self.lists.pop().unwrap_or_default();
        l.clear();
        l
    }

    fn give(&mut self, list: Vec<u64>) {
        if self.lists.len() < Self::KEEP && list.capacity() > 0 {
            self.lists.push(list);
        }
    }

    fn note(&mut self, bytes: u64) {
        self.noted = self.noted.max(bytes);
    }
}

/// The width counts of `w` limbs widen to when one carries: a quarter more (at least one
/// limb). Doubling left up to half of every count's limbs zero: cyclic4 n = 14 needs 22
/// limbs and counted at 32, and the limbs are most of that run's memory traffic. A carry
/// costs one more pass over its layer, and the counts' bits grow slowly with the depth.
pub(super) fn wider(w: usize) -> usize {
    w + w.div_ceil(4)
}

/// Widens counts of `w` limbs per state to [`wider`]`(w)`, returning the new width.
fn widen(counts: &[u64], w: usize) -> (Vec<u64>, usize) {
    let wide = wider(w);
    (padded(counts, w, 0, wide - w), wide)
}

/// Counts of `w` limbs each with `below` zero limbs put under each and `above` over it.
fn padded(counts: &[u64], w: usize, below: usize, above: usize) -> Vec<u64> {
    let mut out = vec![0u64; counts.len() / w * (below + w + above)];
    for (src, dst) in counts.chunks(w).zip(out.chunks_mut(below + w + above)) {
        dst[below..below + w].copy_from_slice(src);
    }
    out
}

/// The number of 64-bit `limbs`, least significant first.
pub(super) fn to_biguint(limbs: &[u64]) -> BigUint {
    let digits: Vec<u32> = limbs
        .iter()
        .flat_map(|&l| [l as u32, (l >> 32) as u32])
        .collect();
    BigUint::new(digits)
}

/// Bytes of the count-path bookkeeping the estimate charges per index of the space before
/// the run: the visited bitset, three layer bitsets and their rank blocks.
pub(super) fn fixed_bytes(space: u64) -> u64 {
    let words = space.div_ceil(64);
    8 * words + 3 * ranked_bytes(words)
}

/// Bytes of a bitset layer of `words` words with its rank structure ([`Ranked::bytes`]).
pub(super) fn ranked_bytes(words: u64) -> u64 {
    8 * words + 8 * words.div_ceil(BLOCK_WORDS as u64) + 2 * words
}

/// What the counting search found, with the bytes it held at its fullest.
pub(super) struct Counted {
    pub run: Run,
    pub count: Option<BigUint>,
    /// The largest sum, over the layers, of the bytes held: visited and layer bitsets, rank
    /// blocks, layer lists (a list being built counts twice: the threads' parts and the
    /// merged list) and the counts of two layers.
    pub peak_bytes: u64,
    /// The most bits of one state's count.
    pub count_bits: u64,
    /// Keys the push route sorted (one per move into a state of the next layer), and the
    /// states of the layers it found.
    pub pushed: (u64, u64),
}

/// The most bits of a count among `counts` (`w` limbs each).
fn max_bits(counts: &[u64], w: usize) -> u64 {
    limb_span(counts, w).0
}

/// Drops the low `lag` limbs (zero) of every count of `counts`, `w + lag` limbs wide, in
/// place: `w` limbs each.
fn settle(counts: &mut Vec<u64>, w: usize, lag: usize) {
    #[cfg(test)]
    SETTLED.with(|c| c.set(c.get() + 1));
    let n = counts.len() / (w + lag);
    for s in 0..n {
        let from = s * (w + lag) + lag;
        counts.copy_within(from..from + w, s * w);
    }
    counts.truncate(n * w);
}

/// The most bits of a count among `counts` (`w` limbs each) and the low limbs zero in all
/// of them (`w` when there are none), in one sequential pass (each count's highest limb that
/// is not zero; a pass per limb, strided, cost a quarter of a cyclic4 count run once its
/// counts were many limbs wide).
fn limb_span(counts: &[u64], w: usize) -> (u64, usize) {
    let (mut most, mut low) = (0, w);
    for c in counts.chunks_exact(w.max(1)) {
        if let Some(j) = c.iter().rposition(|&x| x != 0) {
            most = most.max(64 * j as u64 + 64 - c[j].leading_zeros() as u64);
        }
        // Only the limbs below the lowest non-zero one found so far are looked at.
        low = c[..low].iter().position(|&x| x != 0).unwrap_or(low);
    }
    (most, low)
}

/// Breadth-first search over the dense index counting minimal sequences to `goal` on the
/// way (see the module documentation). Memory is checked against `limit` after every layer.
/// The tables of the counting route restored from a checkpoint.
struct CountTables<'a> {
    visited: &'a [AtomicU64],
    prev: &'a Layer,
    prev_counts: &'a [u64],
    cur: &'a Layer,
}

impl CountTables<'_> {
    /// The invariants after the layer at depth `sizes.len() - 1` ([`super::validate`]): the
    /// visited bitset holds the layers' sum of states; the two layers their sizes, visited,
    /// apart, lists strictly increasing (they are ranked by binary search); until the goal
    /// is found, a nonzero count of `limbs` limbs for each state of the older one (none
    /// after); the start visited and the goal
    /// visited exactly when found (or in the newer layer, found when it is expanded).
    #[allow(clippy::too_many_arguments)]
    fn check(
        &self,
        o: &Origin,
        space: u64,
        start: u64,
        goal: Option<u64>,
        sizes: &[u64],
        found: Option<u64>,
        limbs: usize,
    ) -> Result<(), SearchError> {
        let k = sizes.len();
        let states: u64 = sizes.iter().sum();
        let held = members(o, "the visited bitset", self.visited, space)?;
        o.require(
            held == states,
            format_args!("the visited bitset holds {held} states, the layer sizes {states}"),
        )?;
        let (older, newer) = ("the layer before the frontier", "the frontier");
        check_frontier(o, older, self.prev, sizes[k - 2], self.visited, space, true)?;
        check_frontier(o, newer, self.cur, sizes[k - 1], self.visited, space, true)?;
        o.require(
            apart(self.prev, self.cur, self.visited.len()),
            "the frontier shares a state with the layer before it",
        )?;
        // Once the goal is found its count is kept, and no layer's counts after it.
        let expected = match found {
            Some(_) => Some(0),
            None => usize::try_from(sizes[k - 2])
                .ok()
                .and_then(|n| n.checked_mul(limbs)),
        };
        o.require(
            expected == Some(self.prev_counts.len()),
            format_args!(
                "{} limbs of counts for {} states of {limbs} limbs",
                self.prev_counts.len(),
                sizes[k - 2]
            ),
        )?;
        o.require(
            self.prev_counts
                .chunks_exact(limbs)
                .all(|c| c.iter().any(|&l| l != 0)),
            "a state with no path from the start",
        )?;
        let last = k as u64 - 1;
        let in_frontier = |v: u64| holds(self.cur, v);
        let found = found.or_else(|| goal.filter(|&g| in_frontier(g)).map(|_| last));
        let visited = |v: u64| get_bit(self.visited, v);
        check_ends(o, start, goal, found, last, visited, in_frontier)
    }
}

pub(super) fn dense_count_bfs(
    space: &DenseSpace,
    start: u64,
    goal: Option<u64>,
    opts: &SearchOptions,
    limit: u64,
    ck: &mut Checkpointer,
    resume: Option<Reader>,
) -> Result<Counted, SearchError> {
    let threads = worker_threads(opts);
    let symmetric = space.is_symmetric();
    let words = space.space.div_ceil(64) as usize;
    // A list longer than `cap` entries would take more memory than a bitset.
    let cap = words.max(LIST_CHUNK) as u64;
    let branching = space.max_branching();
    // Invariant at the top of the loop: `cur` is layer `d`, `prev` layer `d-1` with the
    // counts of its states (`w` limbs each, or `w + lag`: see `scale` below); the counts of
    // `cur` are known only when the push route found them (`cur_counts`).
    let (
        visited,
        mut prev,
        mut prev_counts,
        mut cur,
        mut w,
        mut sizes,
        mut states,
        mut found,
        mut count,
    ) = match resume {
        None => {
            let visited = new_bits(words);
            set_bit(&visited, start);
            (
                visited,
                Ranked::new(Layer::List(Vec::new()), 0, 1),
                Vec::new(),
                Ranked::new(Layer::List(vec![start]), 1, 1),
                1 + start_limbs(),
                vec![1u64],
                1u64,
                None,
                None,
            )
        }
        Some(mut r) => {
            let visited = r.atomic_words(words)?;
            let prev = read_layer(&mut r, words)?;
            let prev_counts = r.words()?;
            let cur = read_layer(&mut r, words)?;
            let h = r.header.clone();
            let o = r.finish()?;
            let k = h.sizes.len();
            let count = match &h.goal_count {
                Some(c) => Some(
                    c.parse::<BigUint>()
                        .map_err(|_| o.fail(format_args!("unreadable goal count `{c}`")))?,
                ),
                None => None,
            };
            o.require(
                k >= 2 && h.limbs > 0,
                "a counting checkpoint without its first layer",
            )?;
            let tables = CountTables {
                visited: &visited,
                prev: &prev,
                prev_counts: &prev_counts,
                cur: &cur,
            };
            tables.check(&o, space.space, start, goal, &h.sizes, h.found, h.limbs)?;
            o.require(
                count.as_ref().is_none_or(|c| c.bits() > 0) && count.is_some() == h.found.is_some(),
                "the goal's count does not match its depth",
            )?;
            (
                visited,
                Ranked::new(prev, h.sizes[k - 2], threads),
                prev_counts,
                Ranked::new(cur, h.sizes[k - 1], threads),
                h.limbs,
                h.sizes,
                h.states,
                h.found,
                count,
            )
        }
    };
    let mut spare: Option<Vec<AtomicU64>> = None;
    // Whether the spare still holds a retired layer: it is cleared only for the expansion,
    // which spills into it; the fused pass copies `visited` over it.
    let mut spare_dirty = false;
    let visited_bytes = 8 * words as u64;
    let mut peak = visited_bytes;
    let mut count_bits = 0u64;
    report_start(opts, &sizes, states, space.space);
    // The counts of `cur` when they are known before it is expanded (the push route finds
    // them with the layer; the other routes pull them during or after its expansion).
    let mut cur_counts: Option<Vec<u64>> = None;
    // Every count held is its state's number of paths shifted down by `64·scale` bits: the
    // low limbs the push route found zero in a whole layer and dropped. Between two pushed
    // layers the previous layer's counts lag behind by `lag` limbs (`w + lag` wide, their
    // low `lag` zero): they are settled to `w` only when a route reads them, and
    // `cur_low` low limbs of the counts of `cur` are zero (known for a pushed layer).
    let (mut scale, mut lag, mut cur_low) = (0usize, 0usize, 0usize);
    let mut pool = Pool::default();
    let mut spare_counts: Vec<u64> = Vec::new();
    let complete = loop {
        let depth = sizes.len() as u64 - 1;
        if found.is_none() {
            if let Some(g) = goal.filter(|&g| get_bit(&visited, g)) {
                if let Some(pos) = cur.position(g) {
                    found = Some(depth);
                    // (Counts are pulled only from settled counts: a lag follows a push.)
                    debug_assert!(cur_counts.is_some() || lag == 0);
                    count = Some(match (&cur_counts, depth) {
                        (_, 0) => BigUint::from(1u32),
                        (Some(c), _) => to_biguint(&c[pos * w..(pos + 1) * w]) << (64 * scale),
                        (None, _) => count_one(space, &prev, &prev_counts, w, g) << (64 * scale),
                    });
                }
            }
        }
        if found.is_some() && !opts.explore_all {
            break false;
        }
        let counting = found.is_none();
        // A list layer whose moves fit a few lists: push the counts forward.
        let push = match &cur.layer {
            Layer::List(_)
                if counting && pushes(cur.len, branching, cap, words as u64) && push_allowed() =>
            {
                key_shift(space.space, cur.len)
            }
            _ => None,
        };
        if push.is_none() && lag > 0 {
            settle(&mut prev_counts, w, lag);
            lag = 0;
        }
        // A pushed layer's next layer is a list; another may be a bitset.
        let to_bits = push.is_none() && cur.len.saturating_mul(branching) > cap;
        let next_bits = to_bits.then(|| spare.take());
        let spare_bytes = spare.as_ref().map_or(0, |x| 8 * x.len() as u64);
        // The most bytes held beside the layers: counts (while a width grows, the narrow and
        // the wide counts of a layer are live together) and the threads' lists or keys.
        let mut extra = 0u64;
        let (next, cur_counts_now, next_counts) = if let Some(shift) = push {
            let mut c = counts_of(
                cur_counts.take(),
                depth,
                space,
                (&prev, &mut prev_counts, &cur, &mut spare_counts),
                &mut w,
                threads,
                &mut extra,
            );
            // The previous layer's counts are not needed any more: their list is reused.
            let counts_buf = std::mem::take(&mut prev_counts);
            let Layer::List(list) = &cur.layer else {
                unreachable!("the push route expands list layers")
            };
            pool.noted = 0;
            let list_buf = std::mem::take(&mut pool.list);
            let drop = cur_low.min(w - 1).min(drop_at_most());
            let (list, nc) = push_pass(
                space, list, &mut c, &mut w, drop, shift, &visited, threads, &mut pool, list_buf,
                counts_buf,
            );
            // `c` (soon the previous layer's counts) keeps its width; the next layer's
            // counts are `drop` limbs narrower and on a scale `drop` limbs higher.
            (w, lag, scale, cur_low) = (w - drop, drop, scale + drop, pool.low);
            // The pool's lists (keys and scratch) were live with both layers' counts.
            extra = extra.max(
                pool.live + pool.noted.max(8 * c.capacity() as u64) + 8 * nc.capacity() as u64,
            );
            let n = list.len() as u64;
            (Ranked::new(Layer::List(list), n, 1), c, Some(nc))
        } else if counting && symmetric && depth > 0 {
            // The fused pass writes a bitset layer at once.
            let mut next_bits = next_bits.map(|b| b.unwrap_or_else(|| new_bits(words)));
            if let Some(b) = next_bits.as_mut() {
                copy_bits(b, &visited, threads);
            }
            let how = match &next_bits {
                Some(_) => Expand::Visited(&visited),
                None => Expand::List(&visited),
            };
            let (c, list, added) = pass(
                space,
                &prev,
                &prev_counts,
                &cur,
                w,
                threads,
                &how,
                &mut spare_counts,
            );
            // The new layer: what the pass marked in `visited` since the copy.
            let next = match next_bits {
                Some(b) => Ranked::with_xor(Layer::Bits(b), added, threads, Some(&visited)),
                None => Ranked::new(Layer::List(list), added, threads),
            };
            // The threads' parts and the merged list are live together for a moment.
            let transient = match &next.layer {
                Layer::List(l) => 8 * l.len() as u64,
                Layer::Bits(_) => 0,
            };
            extra = transient + 8 * (prev_counts.len() + cur.len as usize * w) as u64;
            // A count carried out of the top limb: widen and count again (the next layer
            // found by the pass stands).
            let c = counts_of(
                c,
                depth,
                space,
                (&prev, &mut prev_counts, &cur, &mut spare_counts),
                &mut w,
                threads,
                &mut extra,
            );
            cur_low = 0;
            (next, c, None)
        } else {
            cur_low = 0;
            pool = Pool {
                keys: pool.keys,
                states: pool.states,
                ..Pool::default()
            };
            let (layer, n, parts, unused) = expand(
                space,
                &cur.layer,
                &visited,
                next_bits.map(|spare| BitsSpill {
                    spare: spare.map(|mut b| {
                        if spare_dirty {
                            clear_bits(&mut b, threads);
                        }
                        b
                    }),
                    words,
                }),
                cap as usize,
                threads,
                true,
            );
            let next = Ranked::new(layer, n, threads);
            // The spare handed over but not needed was held all along; it stays clear, the
            // spare of a later layer.
            extra = parts + 8 * prev_counts.len() as u64;
            if let Some(b) = unused {
                extra += 8 * b.len() as u64;
                spare = Some(b);
                spare_dirty = false;
            }
            let c = if !counting {
                Vec::new()
            } else {
                counts_of(
                    cur_counts.take(),
                    depth,
                    space,
                    (&prev, &mut prev_counts, &cur, &mut spare_counts),
                    &mut w,
                    threads,
                    &mut extra,
                )
            };
            (next, c, None)
        };
        let counts_held = spare_counts.capacity()
            + prev_counts.capacity()
            + cur_counts_now.capacity()
            + next_counts.as_ref().map_or(0, |c| c.capacity());
        extra = extra.max(8 * counts_held as u64);
        let layers_held = visited_bytes + spare_bytes + prev.bytes() + cur.bytes() + next.bytes();
        let held = layers_held + extra;
        peak = peak.max(held);
        // (The push route found the counts of `cur` with the layer, and their bits then.)
        count_bits = count_bits.max(
            match &next_counts {
                Some(_) => pool.bits,
                None => max_bits(&cur_counts_now, w),
            } + 64 * scale as u64,
        );
        if held > limit {
            return Err(SearchError::MemoryLimit {
                estimate: held,
                limit,
                during: true,
            });
        }
        let n = next.len;
        let old = std::mem::replace(&mut prev, std::mem::replace(&mut cur, next));
        match old.layer {
            Layer::Bits(old) => {
                spare = Some(old);
                spare_dirty = true;
            }
            Layer::List(old) if push.is_some() => pool.list = old,
            Layer::List(_) => {}
        }
        // The retired counts' list holds the next layer's counts (once they are needed).
        spare_counts = std::mem::replace(&mut prev_counts, cur_counts_now);
        if !counting {
            spare_counts = Vec::new();
        }
        cur_counts = next_counts;
        if n == 0 {
            break true;
        }
        states += n;
        sizes.push(n);
        report_layer(opts, depth + 1, n, states, space.space);
        let snap = Snapshot {
            depth: depth + 1,
            sizes: &sizes,
            states,
            found,
            // A checkpoint holds whole counts: the dropped limbs are written back as zeros.
            limbs: w + scale,
            goal_count: count.as_ref().map(|c: &BigUint| c.to_string()),
        };
        ck.layer_done(snap, |out| {
            out.atomic_words(&visited)?;
            write_layer(out, &prev.layer)?;
            if scale == 0 {
                out.words(&prev_counts)?;
            } else {
                out.words(&padded(&prev_counts, w + lag, scale - lag, 0))?;
            }
            write_layer(out, &cur.layer)
        })?;
    };
    Ok(Counted {
        run: Run {
            found,
            goal,
            states,
            sizes,
            complete,
            stored: Vec::new(),
            generic: None,
            peak_bytes: peak,
            end_bytes: 0,
        },
        count,
        peak_bytes: peak,
        count_bits,
        pushed: (pool.keys, pool.states),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn max_bits_is_the_bit_length_of_the_largest_count() {
        // Counts of 3 limbs: the largest is found whichever limb holds its top bit.
        let counts = [5, 0, 0, 0, 1 << 20, 0, u64::MAX, 7, 0, 0, 0, 0];
        let by_biguint = counts
            .chunks(3)
            .map(|c| to_biguint(c).bits())
            .max()
            .unwrap();
        assert_eq!(max_bits(&counts, 3), by_biguint);
        assert_eq!(by_biguint, 64 + 21);
        assert_eq!(max_bits(&[0, 0], 1), 0);
        assert_eq!(max_bits(&[], 2), 0);
    }

    #[test]
    fn low_zero_limbs_are_measured_dropped_and_put_back() {
        // Three counts of 4 limbs: 2^128 + 2^200, 2^192 and 2^130 (two low limbs zero in
        // all of them, and the largest has 201 bits).
        let counts = [0, 0, 1, 1 << 8, 0, 0, 0, 1, 0, 0, 4, 0];
        let values: Vec<BigUint> = counts.chunks(4).map(to_biguint).collect();
        let (bits, low) = limb_span(&counts, 4);
        assert_eq!(bits, values.iter().map(BigUint::bits).max().unwrap());
        assert_eq!((bits, low), (201, 2));
        assert_eq!(limb_span(&counts[..4], 4), (201, 2));
        assert_eq!(limb_span(&[], 3), (0, 3));
        // Dropped: the same values shifted down by 128 bits, 2 limbs each.
        let mut narrow = counts.to_vec();
        settle(&mut narrow, 2, 2);
        assert_eq!(narrow.len(), 6);
        for (c, v) in narrow.chunks(2).zip(&values) {
            assert_eq!(&(to_biguint(c) << 128), v);
        }
        // Put back: the whole counts again; one zero limb more multiplies them by 2^64.
        assert_eq!(padded(&narrow, 2, 2, 0), counts);
        let wide = padded(&narrow, 2, 3, 0);
        for (c, v) in wide.chunks(5).zip(&values) {
            assert_eq!(to_biguint(c), v << 64);
        }
        // Summing with the low limbs left out: each parent read above them. Keys
        // `v << 2 | i`: state 0 from parents 0 and 2, state 1 from parent 1.
        let key = |v: u64, i: u64| v << 2 | i;
        let keys = [key(0, 0), key(0, 2), key(1, 1)];
        let (mut next, mut sums) = (vec![0; 2], vec![0; 4]);
        assert!(!sum_into(keys, 2, (&counts, 4, 2), (&mut next, &mut sums)));
        assert_eq!(next, [0, 1]);
        assert_eq!(to_biguint(&sums[..2]) << 128, &values[0] + &values[2]);
        assert_eq!(to_biguint(&sums[2..]) << 128, values[1]);
    }

    #[test]
    fn sorting_by_state_groups_every_state_and_keeps_every_key() {
        // Keys `v << 5 | i` of states below 2^20, some met several times, in a scrambled
        // order; short lists (comparison) and long ones (one, two and three radix passes).
        for len in [0usize, 7, 255, 256, 3000, 40_000] {
            for bits in [1u32, 9, 11, 12, 20] {
                let keys: Vec<u64> = (0..len as u64)
                    .map(|j| ((j * 2_654_435_761 % (1 << bits)) << 5) | (j % 32))
                    .collect();
                let mut sorted = keys.clone();
                sort_by_state(&mut sorted, &mut Vec::new(), 5, bits);
                assert!(
                    sorted.windows(2).all(|w| w[0] >> 5 <= w[1] >> 5),
                    "{len} {bits}"
                );
                let (mut a, mut b) = (keys, sorted.clone());
                a.sort_unstable();
                b.sort_unstable();
                assert_eq!(a, b, "{len} keys of {bits} bits: the same keys");
            }
        }
    }

    #[test]
    fn sorted_buckets_equal_a_comparison_sort_and_count_their_states() {
        // Buckets of 0 to 5000 keys `v << 7 | i` (the top 3 of `3 + low` state bits choose
        // the bucket), `low` from 0 to 40 bits: no pass, one to three passes in place, and
        // four through `sort_by_state`.
        for low in [0u32, 3, 11, 12, 22, 23, 33, 40] {
            let sizes = [0usize, 1, 255, 256, 700, 5000, 3, 2048];
            let mut keys = Vec::new();
            let mut starts = vec![0];
            for (b, &len) in sizes.iter().enumerate() {
                for j in 0..len as u64 {
                    let v = (b as u64) << low | (j * 2_654_435_761 % 977 * 7919) & ((1 << low) - 1);
                    keys.push(v << 7 | (j % 128));
                }
                starts.push(keys.len());
            }
            let grouped: Vec<AtomicU64> = keys.iter().map(|&k| AtomicU64::new(k)).collect();
            let mut scratch = [Vec::new(), Vec::new()];
            let blocks: Vec<AtomicUsize> = (0..keys.len().div_ceil(SUM_BLOCK) + 1)
                .map(|_| AtomicUsize::new(0))
                .collect();
            // The buckets in a scrambled order, as the threads may take them.
            let order = [3, 0, 7, 5, 1, 6, 2, 4];
            sort_buckets(
                &grouped,
                &starts,
                order.into_iter(),
                (7, low),
                &mut scratch,
                &blocks,
            );
            let got: Vec<u64> = grouped.iter().map(|k| k.load(Relaxed)).collect();
            let mut want = keys.clone();
            want.sort_unstable();
            // The same keys, in the order of their states (keys of one state in any order).
            let by_state = |k: &Vec<u64>| k.iter().map(|x| x >> 7).collect::<Vec<_>>();
            assert_eq!(by_state(&got), by_state(&want), "low = {low}");
            let mut sorted = got.clone();
            sorted.sort_unstable();
            assert_eq!(sorted, want, "low = {low}: the same keys");
            // Each block's states: those whose first key lies in it.
            let states = by_state(&want);
            for (j, n) in blocks.iter().enumerate() {
                let firsts = (j * SUM_BLOCK..((j + 1) * SUM_BLOCK).min(states.len()))
                    .filter(|&p| p == 0 || states[p] != states[p - 1])
                    .count();
                assert_eq!(n.load(Relaxed), firsts, "low = {low}: block {j}");
            }
        }
    }

    #[test]
    fn blocks_cut_at_the_first_key_of_a_state_and_sum_their_states_alone() {
        // States met 1 to 5 times in a row, so that blocks of keys cut through them: the
        // blocks' stretches, summed on their own, equal the layer summed whole.
        let shift = 4;
        let mut keys = Vec::new();
        for v in 0..3000u64 {
            for i in 0..(v * 7 % 5 + 1) {
                keys.push((v << shift) | ((v + i) % 16));
            }
        }
        let grouped: Vec<AtomicU64> = keys.iter().map(|&k| AtomicU64::new(k)).collect();
        let from: Vec<u64> = (0..16u64).flat_map(|i| [u64::MAX - i, i]).collect();
        let states = 3000;
        let (mut next, mut counts) = (vec![0; states], vec![0; 2 * states]);
        assert!(!sum_into(
            keys.iter().copied(),
            shift,
            (&from, 2, 0),
            (&mut next, &mut counts)
        ));
        let (mut nx, mut cs) = (vec![7; states], vec![7; 2 * states]);
        let mut done = 0;
        for j in 0..keys.len().div_ceil(SUM_BLOCK) {
            let lo = first_start(&grouped, j * SUM_BLOCK, shift);
            let hi = first_start(&grouped, ((j + 1) * SUM_BLOCK).min(keys.len()), shift);
            assert!(lo == 0 || keys[lo] >> shift != keys[lo - 1] >> shift);
            let n = keys[lo..hi]
                .chunk_by(|x, y| x >> shift == y >> shift)
                .count();
            let out = (&mut nx[done..done + n], &mut cs[2 * done..2 * (done + n)]);
            sum_into(keys[lo..hi].iter().copied(), shift, (&from, 2, 0), out);
            done += n;
        }
        assert_eq!(done, states);
        assert_eq!((nx, cs), (next, counts));
    }

    #[test]
    fn sizing_a_kept_list_clears_only_the_slots_past_its_old_length() {
        let mut list = vec![5, 6, 7];
        size_list(&mut list, 2);
        assert_eq!(list, [5, 6]);
        size_list(&mut list, 4);
        assert_eq!(list, [5, 6, 0, 0]);
    }

    #[test]
    fn bucket_starts_follow_the_keys_of_every_thread_per_bucket() {
        let hists = vec![vec![5, 0, 7, 1, 9, 0, 3, 3], vec![1, 1, 0, 6, 2, 2, 0, 8]];
        assert_eq!(bucket_starts(&hists), [0, 6, 7, 14, 21, 32, 34, 37, 48]);
        assert_eq!(bucket_starts(&[vec![0]]), [0, 0]);
    }
}

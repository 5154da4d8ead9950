//! Counting minimal sequences during the breadth-first search over the dense index, without
//! storing the layers.
//!
//! Every state of layer `d` *pulls* its count: the sum of the counts of its predecessors
//! that lie in layer `d-1`. Pulling lets each thread write a contiguous run of the layer's
//! counts, so the sums need no atomics and the result does not depend on the schedule. When
//! every move can be undone ([`DenseSpace::is_symmetric`]) the predecessors are the
//! successors, and one pass over layer `d` both counts it and discovers layer `d+1` (a
//! successor already visited and in layer `d-1` adds its count, one not yet visited joins the
//! next layer). Otherwise the forward expansion finds layer `d+1` and a second pass pulls the
//! counts of layer `d` through [`DenseSpace::for_each_predecessor`].
//!
//! A state's position in a layer is its rank: a binary search in a short sorted list, or, in
//! a bitset layer (once the list would outgrow a bitset), a prefix count per 512-bit block
//! plus a 16-bit offset per word and one popcount.
//!
//! Counts are exact fixed-width integers of `w` 64-bit limbs per state (`w = 1` at first);
//! when a sum carries out of the top limb the layer is counted again with twice the width.
//! Only the goal's count is turned into a [`BigUint`]. Memory: the visited bitset, three
//! layers (previous, current, next: lists, or bitsets with their rank blocks, a freed bitset
//! kept as the spare) and the counts of two of them, instead of all the layers and a heap
//! integer per state.

use super::checkpoint::{Checkpointer, Reader, Snapshot};
use super::dense::DenseSpace;
use super::frontier::{
    expand, get_bit, new_bits, on_threads, read_layer, report_layer, report_start, set_bit,
    worker_threads, write_layer, Layer, Run, LIST_CHUNK, SMALL_LAYER, WORD_CHUNK,
};
use super::{SearchError, SearchOptions};
use num_bigint::BigUint;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering::Relaxed};
use std::sync::Mutex;

#[cfg(test)]
thread_local! {
    /// Tests turn the push route off on their thread to compare it with the pull route.
    pub(super) static NO_PUSH: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Whether the driver may push counts forward (always, outside the tests that compare it
/// with pulling them).
fn push_allowed() -> bool {
    #[cfg(test)]
    return !NO_PUSH.with(|c| c.get());
    #[cfg(not(test))]
    true
}

/// Words per rank block: one prefix count per 512 bits (a cache line of the bitset).
const BLOCK_WORDS: usize = 8;

/// A layer with its rank structure.
struct Ranked {
    layer: Layer,
    /// For a bitset layer, the number of members before each block of [`BLOCK_WORDS`] words.
    blocks: Vec<u64>,
    /// For a bitset layer, the number of members before each word within its block (at most
    /// 448): one popcount per lookup instead of up to eight.
    offsets: Vec<u16>,
    len: u64,
}

impl Ranked {
    fn new(layer: Layer, len: u64) -> Ranked {
        let mut blocks = Vec::new();
        let mut offsets = Vec::new();
        if let Layer::Bits(bits) = &layer {
            blocks.reserve_exact(bits.len().div_ceil(BLOCK_WORDS));
            offsets.reserve_exact(bits.len());
            let mut acc = 0u64;
            for b in bits.chunks(BLOCK_WORDS) {
                blocks.push(acc);
                let mut within = 0u16;
                for x in b {
                    offsets.push(within);
                    within += x.load(Relaxed).count_ones() as u16;
                }
                acc += within as u64;
            }
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

/// Where a pass sends the unvisited successors it meets (the fused pass of a symmetric
/// puzzle expands the next layer while it counts the current one).
enum Expand<'a> {
    /// Count only.
    No,
    /// Mark new states in `visited` and collect them in per-item lists (sorted after).
    List(&'a [AtomicU64]),
    /// Mark new states in `visited` and in the next layer's bitset.
    Bits(&'a [AtomicU64], &'a [AtomicU64]),
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
    // The counts go into `buf`'s list (the counts of a retired layer: no fresh pages).
    let mut counts = std::mem::take(buf);
    counts.clear();
    counts.reserve_exact(cur.len as usize * w);
    counts.resize(cur.len as usize * w, 0);
    let overflow = AtomicBool::new(false);
    // Work items: a run of consecutive members of `cur` and the counts it writes.
    let mut items: Vec<(usize, usize, usize, &mut [u64])> = Vec::new();
    let mut rest: &mut [u64] = &mut counts;
    match &cur.layer {
        Layer::List(list) => {
            let mut at = 0;
            while at < list.len() {
                let end = (at + LIST_CHUNK).min(list.len());
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
    let sum_into = |v: u64, out: &mut [u64], new: &mut Vec<u64>, added: &mut u64| {
        let mut carry = false;
        let mut from = |u: u64| {
            if let Some(pos) = prev.position(u) {
                carry |= add_limbs(out, &prev_counts[pos * w..(pos + 1) * w]);
            }
        };
        match expand {
            Expand::No => space.for_each_predecessor(v, from),
            Expand::List(visited) => space.for_each_successor(v, |u, _| {
                if set_bit(visited, u) {
                    new.push(u);
                    *added += 1;
                } else {
                    from(u);
                }
            }),
            Expand::Bits(visited, next) => space.for_each_successor(v, |u, _| {
                if set_bit(visited, u) {
                    set_bit(next, u);
                    *added += 1;
                } else {
                    from(u);
                }
            }),
        }
        if carry {
            overflow.store(true, Relaxed);
        }
    };
    let run = |(_, a, b, out): (usize, usize, usize, &mut [u64])| -> (Vec<u64>, u64) {
        let mut new = Vec::new();
        let mut added = 0u64;
        match &cur.layer {
            Layer::List(list) => {
                for (v, o) in list[a..b].iter().zip(out.chunks_mut(w)) {
                    sum_into(*v, o, &mut new, &mut added);
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
                        sum_into(((a + i) as u64) << 6 | bit, o, &mut new, &mut added);
                    }
                }
            }
        }
        (new, added)
    };
    let small = matches!(&cur.layer, Layer::List(l) if l.len() < SMALL_LAYER);
    let mut parts: Vec<(Vec<u64>, u64)> = if threads <= 1 || small {
        items.into_iter().map(run).collect()
    } else {
        let queue = Mutex::new(items.into_iter());
        let done = Mutex::new(Vec::new());
        std::thread::scope(|s| {
            for _ in 0..threads {
                s.spawn(|| loop {
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
        let wide = widen(prev_counts, *w);
        *held = (*held).max(8 * (prev_counts.len() + wide.len()) as u64);
        *prev_counts = wide;
        *w *= 2;
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
            one[0] = 1;
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

/// Bits of a key's position field for a layer of `len` states, when a state index of the
/// space (`space` indices) and a position fit one 64-bit key together.
fn key_shift(space: u64, len: u64) -> Option<u32> {
    let shift = 64 - len.leading_zeros();
    (shift < 64 && (space - 1) >> (64 - shift) == 0).then_some(shift)
}

/// The next layer and its counts *pushed* from layer `cur` (a sorted list whose counts
/// `cur_counts` are known, `w` limbs each), for puzzles whose moves cannot all be undone:
/// every successor `v` of the `i`-th state not yet visited is new at the next depth and
/// becomes a key `v << shift | i`; the keys, sorted (each thread sorts its own and the
/// scan merges them), give the next layer in order, and each run of equal `v` sums the
/// counts of its parents. No predecessor is generated and no position looked up. The
/// visited set is only read during the expansion (so a state met twice is new both times)
/// and the new layer is marked in it after. A carry out of the top limb widens
/// `cur_counts` and `w` and sums again from the same keys. Returns the next layer and its
/// counts; the keys and their sort scratch go back to `pool`.
#[allow(clippy::too_many_arguments)]
fn push_pass(
    space: &DenseSpace,
    cur: &[u64],
    cur_counts: &mut Vec<u64>,
    w: &mut usize,
    shift: u32,
    visited: &[AtomicU64],
    threads: usize,
    pool: &mut Pool,
    mut next: Vec<u64>,
    mut counts: Vec<u64>,
) -> (Vec<u64>, Vec<u64>) {
    let cursor = AtomicUsize::new(0);
    let key_bits = 64 - ((space.space - 1) << shift | ((1 << shift) - 1)).leading_zeros();
    let shared = Mutex::new(std::mem::take(pool));
    let take = || shared.lock().expect("pool lock").take();
    let work = || {
        let mut keys = take();
        loop {
            let at = cursor.fetch_add(LIST_CHUNK, Relaxed);
            if at >= cur.len() {
                break;
            }
            for (i, &u) in cur.iter().enumerate().skip(at).take(LIST_CHUNK) {
                space.for_each_successor(u, |v, _| {
                    if !get_bit(visited, v) {
                        keys.push(v << shift | i as u64);
                    }
                });
            }
        }
        let mut tmp = take();
        radix_sort(&mut keys, &mut tmp, key_bits);
        shared.lock().expect("pool lock").give(tmp);
        keys
    };
    let parts = on_threads(if cur.len() < SMALL_LAYER { 1 } else { threads }, work);
    *pool = shared.into_inner().expect("pool lock");
    // Live now: the threads' keys, their sort scratch (back in the pool) and the rest of it.
    pool.live = pool.bytes() + parts.iter().map(|p| 8 * p.capacity() as u64).sum::<u64>();
    let mask = (1u64 << shift) - 1;
    // The states of the next layer are the distinct `v` in key order (counted first, so
    // that the lists are allocated exactly); the first parent of each copies its count, the
    // others add theirs.
    let mut distinct = 0usize;
    let mut last = None;
    merged(&parts, |k| {
        if last != Some(k >> shift) {
            last = Some(k >> shift);
            distinct += 1;
        }
    });
    next.clear();
    next.reserve_exact(distinct);
    loop {
        let width = *w;
        next.clear();
        counts.clear();
        counts.reserve_exact(distinct * width);
        let mut carry = false;
        merged(&parts, |k| {
            let (v, i) = (k >> shift, (k & mask) as usize);
            let from = &cur_counts[i * width..(i + 1) * width];
            if next.last() != Some(&v) {
                next.push(v);
                counts.extend_from_slice(from);
            } else {
                let at = counts.len() - width;
                carry |= add_limbs(&mut counts[at..], from);
            }
        });
        if !carry {
            break;
        }
        let wide = widen(cur_counts, width);
        pool.note(8 * (cur_counts.capacity() + wide.capacity()) as u64);
        *cur_counts = wide;
        *w = 2 * width;
    }
    pool.keys += parts.iter().map(|p| p.len() as u64).sum::<u64>();
    pool.states += next.len() as u64;
    parts.into_iter().for_each(|p| pool.give(p));
    // One thread writes: no read-modify-write atomics needed.
    for &v in &next {
        let word = &visited[(v >> 6) as usize];
        word.store(word.load(Relaxed) | 1 << (v & 63), Relaxed);
    }
    (next, counts)
}

/// Lists kept from layer to layer by the push route (the threads' keys and sort scratch,
/// the list of the layer it retired) so that their pages are not mapped afresh every layer;
/// their capacities are held, and accounted, while they wait.
#[derive(Default)]
struct Pool {
    lists: Vec<Vec<u64>>,
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
}

impl Pool {
    /// Lists kept at most: one thread's keys and sort scratch (more threads allocate theirs
    /// per layer; keeping them all would hold each at the largest size it ever had).
    const KEEP: usize = 2;

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

    fn bytes(&self) -> u64 {
        self.lists
            .iter()
            .chain([&self.list])
            .map(|l| 8 * l.capacity() as u64)
            .sum()
    }
}

/// Sorts `keys`, all below `2^bits`, by least-significant-digit radix passes of up to 11
/// bits through the scratch list `tmp` (short lists by comparison).
fn radix_sort(keys: &mut Vec<u64>, tmp: &mut Vec<u64>, bits: u32) {
    if keys.len() < 1024 {
        keys.sort_unstable();
        return;
    }
    let passes = bits.div_ceil(11).max(1);
    let digit = bits.div_ceil(passes);
    let mask = (1usize << digit) - 1;
    tmp.clear();
    tmp.reserve_exact(keys.len());
    tmp.resize(keys.len(), 0);
    let mut starts = vec![0usize; mask + 1];
    for p in 0..passes {
        let sh = p * digit;
        starts.fill(0);
        for &k in keys.iter() {
            starts[(k >> sh) as usize & mask] += 1;
        }
        let mut sum = 0;
        for c in starts.iter_mut() {
            (*c, sum) = (sum, sum + *c);
        }
        for &k in keys.iter() {
            let d = (k >> sh) as usize & mask;
            tmp[starts[d]] = k;
            starts[d] += 1;
        }
        std::mem::swap(keys, tmp);
    }
}

/// Calls `f` on the keys of several sorted lists in order (a merge of the threads' parts).
#[inline]
fn merged(parts: &[Vec<u64>], mut f: impl FnMut(u64)) {
    match parts {
        [] => {}
        [one] => one.iter().for_each(|&k| f(k)),
        [a, b] => {
            let (mut i, mut j) = (0, 0);
            while i < a.len() && j < b.len() {
                if a[i] <= b[j] {
                    f(a[i]);
                    i += 1;
                } else {
                    f(b[j]);
                    j += 1;
                }
            }
            a[i..].iter().chain(&b[j..]).for_each(|&k| f(k));
        }
        _ => {
            let mut heads = vec![0usize; parts.len()];
            loop {
                let mut best: Option<(u64, usize)> = None;
                for (j, p) in parts.iter().enumerate() {
                    if let Some(&k) = p.get(heads[j]) {
                        if best.is_none_or(|(b, _)| k < b) {
                            best = Some((k, j));
                        }
                    }
                }
                let Some((k, j)) = best else { break };
                heads[j] += 1;
                f(k);
            }
        }
    }
}

/// Widens counts of `w` limbs per state to `2 w`.
fn widen(counts: &[u64], w: usize) -> Vec<u64> {
    let mut out = vec![0u64; counts.len() * 2];
    for (src, dst) in counts.chunks(w).zip(out.chunks_mut(2 * w)) {
        dst[..w].copy_from_slice(src);
    }
    out
}

fn to_biguint(limbs: &[u64]) -> BigUint {
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
    let blocks = words.div_ceil(BLOCK_WORDS as u64);
    8 * words + 3 * (8 * words + 8 * blocks + 2 * words)
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

/// The most bits of a count among `counts` (`w` limbs each): the bits of the OR of the
/// highest limb that is not zero in every count.
fn max_bits(counts: &[u64], w: usize) -> u64 {
    (0..w)
        .rev()
        .map(|j| (j, counts.iter().skip(j).step_by(w).fold(0, |a, &x| a | x)))
        .find(|&(_, or)| or != 0)
        .map_or(0, |(j, or)| 64 * j as u64 + 64 - or.leading_zeros() as u64)
}

/// Breadth-first search over the dense index counting minimal sequences to `goal` on the
/// way (see the module documentation). Memory is checked against `limit` after every layer.
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
    // counts of its states (`w` limbs each); the counts of `cur` are not known yet.
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
                Ranked::new(Layer::List(Vec::new()), 0),
                Vec::new(),
                Ranked::new(Layer::List(vec![start]), 1),
                1usize,
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
            r.finish()?;
            let k = h.sizes.len();
            let count = match &h.goal_count {
                Some(c) => Some(c.parse::<BigUint>().map_err(|_| {
                    SearchError::Checkpoint(format!("unreadable goal count `{c}`"))
                })?),
                None => None,
            };
            if k < 2 || h.limbs == 0 {
                return Err(SearchError::Checkpoint(
                    "a counting checkpoint without its first layer".into(),
                ));
            }
            (
                visited,
                Ranked::new(prev, h.sizes[k - 2]),
                prev_counts,
                Ranked::new(cur, h.sizes[k - 1]),
                h.limbs,
                h.sizes,
                h.states,
                h.found,
                count,
            )
        }
    };
    let mut spare: Option<Vec<AtomicU64>> = None;
    let visited_bytes = 8 * words as u64;
    let mut peak = visited_bytes;
    let mut count_bits = 0u64;
    report_start(opts, &sizes, states, space.space);
    // The counts of `cur` when they are known before it is expanded (the push route finds
    // them with the layer; the other routes pull them during or after its expansion).
    let mut cur_counts: Option<Vec<u64>> = None;
    let mut pool = Pool::default();
    let mut spare_counts: Vec<u64> = Vec::new();
    let complete = loop {
        let depth = sizes.len() as u64 - 1;
        if found.is_none() {
            if let Some(g) = goal.filter(|&g| get_bit(&visited, g)) {
                if let Some(pos) = cur.position(g) {
                    found = Some(depth);
                    count = Some(match (&cur_counts, depth) {
                        (_, 0) => BigUint::from(1u32),
                        (Some(c), _) => to_biguint(&c[pos * w..(pos + 1) * w]),
                        (None, _) => count_one(space, &prev, &prev_counts, w, g),
                    });
                }
            }
        }
        if found.is_some() && !opts.explore_all {
            break false;
        }
        let counting = found.is_none();
        let to_bits = cur.len.saturating_mul(branching) > cap;
        // One-way moves, a list layer whose successors fit a list: push the counts forward.
        let push = match &cur.layer {
            Layer::List(_) if counting && !symmetric && !to_bits && push_allowed() => {
                key_shift(space.space, cur.len)
            }
            _ => None,
        };
        let next_bits = to_bits.then(|| spare.take().unwrap_or_else(|| new_bits(words)));
        let spare_bytes = spare.as_ref().map_or(0, |x| 8 * x.len() as u64);
        // The most bytes held beside the layers: counts (while a width doubles, the narrow and
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
            let (list, nc) = push_pass(
                space, list, &mut c, &mut w, shift, &visited, threads, &mut pool, list_buf,
                counts_buf,
            );
            // The pool's lists (keys and scratch) were live with both layers' counts.
            extra = extra.max(
                pool.live + pool.noted.max(8 * c.capacity() as u64) + 8 * nc.capacity() as u64,
            );
            let n = list.len() as u64;
            (Ranked::new(Layer::List(list), n), c, Some(nc))
        } else if counting && symmetric && depth > 0 {
            let how = match &next_bits {
                Some(b) => Expand::Bits(&visited, b),
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
            let next = Ranked::new(
                match next_bits {
                    Some(b) => Layer::Bits(b),
                    None => Layer::List(list),
                },
                added,
            );
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
            (next, c, None)
        } else {
            pool = Pool {
                keys: pool.keys,
                states: pool.states,
                ..Pool::default()
            };
            let (layer, n, parts) = expand(
                space,
                &cur.layer,
                &visited,
                next_bits,
                cap as usize,
                threads,
                true,
            );
            let next = Ranked::new(layer, n);
            extra = parts + 8 * prev_counts.len() as u64;
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
        count_bits = count_bits.max(match &next_counts {
            Some(nc) => max_bits(nc, w),
            None => max_bits(&cur_counts_now, w),
        });
        if held > limit {
            return Err(SearchError::MemoryLimit {
                estimate: held,
                limit,
            });
        }
        let n = next.len;
        let old = std::mem::replace(&mut prev, std::mem::replace(&mut cur, next));
        match old.layer {
            Layer::Bits(old) => {
                old.iter().for_each(|x| x.store(0, Relaxed));
                spare = Some(old);
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
            sizes: &sizes,
            states,
            found,
            limbs: w,
            goal_count: count.as_ref().map(|c: &BigUint| c.to_string()),
        };
        ck.layer_done(snap, |out| {
            out.atomic_words(&visited)?;
            write_layer(out, &prev.layer)?;
            out.words(&prev_counts)?;
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

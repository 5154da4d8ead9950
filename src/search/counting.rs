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
    expand, get_bit, new_bits, read_layer, report_layer, report_start, set_bit, worker_threads,
    write_layer, Layer, Run, LIST_CHUNK, SMALL_LAYER, WORD_CHUNK,
};
use super::{SearchError, SearchOptions};
use num_bigint::BigUint;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
use std::sync::Mutex;

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
            Layer::List(l) => 8 * l.len() as u64,
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
fn pass(
    space: &DenseSpace,
    prev: &Ranked,
    prev_counts: &[u64],
    cur: &Ranked,
    w: usize,
    threads: usize,
    expand: &Expand,
) -> (Option<Vec<u64>>, Vec<u64>, u64) {
    let mut counts = vec![0u64; cur.len as usize * w];
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
    let counts = (!overflow.load(Relaxed)).then_some(counts);
    (counts, new, added)
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
}

/// The most bits of a count among `counts` (`w` limbs each).
fn max_bits(counts: &[u64], w: usize) -> u64 {
    counts
        .chunks(w)
        .map(|c| match c.iter().rposition(|&l| l != 0) {
            Some(i) => 64 * i as u64 + 64 - c[i].leading_zeros() as u64,
            None => 0,
        })
        .max()
        .unwrap_or(0)
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
    let complete = loop {
        let depth = sizes.len() as u64 - 1;
        if found.is_none() {
            if let Some(g) = goal.filter(|&g| get_bit(&visited, g) && cur.position(g).is_some()) {
                found = Some(depth);
                count = Some(if depth == 0 {
                    BigUint::from(1u32)
                } else {
                    count_one(space, &prev, &prev_counts, w, g)
                });
            }
        }
        if found.is_some() && !opts.explore_all {
            break false;
        }
        let counting = found.is_none();
        let to_bits = cur.len.saturating_mul(branching) > cap;
        let next_bits = to_bits.then(|| spare.take().unwrap_or_else(|| new_bits(words)));
        let spare_bytes = spare.as_ref().map_or(0, |x| 8 * x.len() as u64);
        let (next, cur_counts, transient) = if counting && symmetric && depth > 0 {
            let how = match &next_bits {
                Some(b) => Expand::Bits(&visited, b),
                None => Expand::List(&visited),
            };
            let (c, list, added) = pass(space, &prev, &prev_counts, &cur, w, threads, &how);
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
            (next, c, transient)
        } else {
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
            let transient = parts;
            let c = if !counting {
                Some(Vec::new())
            } else if depth == 0 {
                let mut one = vec![0u64; w];
                one[0] = 1;
                Some(one)
            } else {
                pass(space, &prev, &prev_counts, &cur, w, threads, &Expand::No).0
            };
            (next, c, transient)
        };
        let layers_held = visited_bytes + spare_bytes + prev.bytes() + cur.bytes() + next.bytes();
        let mut held = layers_held + transient + 8 * prev_counts.len() as u64;
        let cur_counts = match cur_counts {
            Some(c) => c,
            None => loop {
                // A count carried out of the top limb: widen and count again (the next layer
                // found by the pass stands).
                let wide = widen(&prev_counts, w);
                held = held.max(layers_held + 8 * (prev_counts.len() + wide.len()) as u64);
                prev_counts = wide;
                w *= 2;
                if let Some(c) = pass(space, &prev, &prev_counts, &cur, w, threads, &Expand::No).0 {
                    break c;
                }
            },
        };
        held = held.max(layers_held + 8 * (prev_counts.len() + cur_counts.len()) as u64);
        peak = peak.max(held);
        count_bits = count_bits.max(max_bits(&cur_counts, w));
        if held > limit {
            return Err(SearchError::MemoryLimit {
                estimate: held,
                limit,
            });
        }
        let n = next.len;
        let old = std::mem::replace(&mut prev, std::mem::replace(&mut cur, next));
        if let Layer::Bits(old) = old.layer {
            old.iter().for_each(|x| x.store(0, Relaxed));
            spare = Some(old);
        }
        prev_counts = cur_counts;
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
    })
}

//! What every layered driver of the breadth-first search shares: the frontier of a layer
//! (an index list or a bitset), its parallel expansion, the byte accounting behind the
//! memory estimates, checkpointed layers and progress reports. The drivers (`bfs`,
//! `counting`, `twobit`, `halfway`) sit above this file; it imports none of them.

use super::checkpoint::{Reader, Writer};
use super::dense::DenseSpace;
pub(super) use super::packed::Interned;
use super::{Progress, SearchError, SearchOptions};
use crate::puzzle::{Config, Move};
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering::Relaxed};

/// What a driver found.
pub(super) struct Run {
    pub(super) found: Option<u64>,
    pub(super) goal: Option<u64>,
    pub(super) states: u64,
    pub(super) sizes: Vec<u64>,
    pub(super) complete: bool,
    /// Sorted layers (only when kept).
    pub(super) stored: Vec<Vec<u64>>,
    pub(super) generic: Option<Interned>,
    /// The most bytes the driver's tables held at once (capacities of its lists, bitsets,
    /// hash tables and configurations).
    pub(super) peak_bytes: u64,
    /// The bytes still held when the driver returns (stored layers, interned
    /// configurations), which the post-passes add to.
    pub(super) end_bytes: u64,
}

/// Bytes of a frontier (list capacity, or bitset).
pub(super) fn layer_bytes(layer: &Layer) -> u64 {
    match layer {
        Layer::List(l) => 8 * l.capacity() as u64,
        Layer::Bits(b) => 8 * b.len() as u64,
    }
}

/// Bytes of a hash table (hashbrown, as in `std`) able to hold `capacity` entries of `slot`
/// bytes: a power of two of buckets at most 7/8 full, a control byte per bucket.
pub(super) fn table_bytes(capacity: usize, slot: usize) -> u64 {
    if capacity == 0 {
        return 0;
    }
    let buckets = if capacity < 8 {
        (capacity + 1).next_power_of_two()
    } else {
        (capacity * 8 / 7).next_power_of_two()
    };
    (buckets * (slot + 1) + 16) as u64
}

/// Bytes of a hash table that grew from `before` to `after` entries of capacity: while it
/// grew, the last table and the one before it were live together.
pub(super) fn grown_table_bytes(before: usize, after: usize, slot: usize) -> u64 {
    if after > before {
        table_bytes(after, slot) + table_bytes(after / 2, slot)
    } else {
        table_bytes(after, slot)
    }
}

/// Bytes of stored layers.
#[allow(clippy::ptr_arg)] // the outer list's capacity counts
pub(super) fn stored_bytes(stored: &Vec<Vec<u64>>) -> u64 {
    stored.iter().map(|l| 8 * l.capacity() as u64).sum::<u64>() + 24 * stored.capacity() as u64
}

/// Sets bit `v`; true when it was clear.
#[inline]
pub(super) fn set_bit(bits: &[AtomicU64], v: u64) -> bool {
    let w = &bits[(v >> 6) as usize];
    let b = 1u64 << (v & 63);
    w.load(Relaxed) & b == 0 && w.fetch_or(b, Relaxed) & b == 0
}

#[inline]
pub(super) fn get_bit(bits: &[AtomicU64], v: u64) -> bool {
    bits[(v >> 6) as usize].load(Relaxed) & (1u64 << (v & 63)) != 0
}

pub(super) fn new_bits(words: usize) -> Vec<AtomicU64> {
    (0..words).map(|_| AtomicU64::new(0)).collect()
}

/// A frontier: an index list, or a bitset when the list would outgrow one.
pub(super) enum Layer {
    List(Vec<u64>),
    Bits(Vec<AtomicU64>),
}

pub(super) const LIST_CHUNK: usize = 1 << 12;
pub(super) const WORD_CHUNK: usize = 1 << 10;
/// Layers smaller than this are expanded on the calling thread.
pub(super) const SMALL_LAYER: usize = 1 << 13;

/// The worker threads of a search: `opts.threads`, or all cores for 0.
pub(super) fn worker_threads(opts: &SearchOptions) -> usize {
    if opts.threads == 0 {
        std::thread::available_parallelism().map_or(1, |n| n.get())
    } else {
        opts.threads
    }
}

/// Writes a frontier to a checkpoint: a tag (0 list, 1 bitset) and its words.
pub(super) fn write_layer(w: &mut Writer, layer: &Layer) -> std::io::Result<()> {
    match layer {
        Layer::List(l) => {
            w.u64(0)?;
            w.words(l)
        }
        Layer::Bits(b) => {
            w.u64(1)?;
            w.atomic_words(b)
        }
    }
}

/// Reads a frontier written by [`write_layer`] (a bitset of `words` words).
pub(super) fn read_layer(r: &mut Reader, words: usize) -> Result<Layer, SearchError> {
    match r.u64()? {
        0 => Ok(Layer::List(r.words()?)),
        1 => Ok(Layer::Bits(r.atomic_words(words)?)),
        t => Err(r.invalid(&format!("unknown layer kind {t}"))),
    }
}

/// Writes the layers a search keeps (for the solution and the path count) to a
/// checkpoint: their number, then each one's words.
pub(super) fn write_stored(w: &mut Writer, stored: &[Vec<u64>]) -> std::io::Result<()> {
    w.u64(stored.len() as u64)?;
    stored.iter().try_for_each(|l| w.words(l))
}

/// Reads the kept layers written by [`write_stored`].
pub(super) fn read_stored(r: &mut Reader) -> Result<Vec<Vec<u64>>, SearchError> {
    let mut stored = Vec::new();
    for _ in 0..r.u64()? {
        stored.push(r.words()?);
    }
    Ok(stored)
}

/// Tells `opts.progress`, if any, that a layer is complete.
pub(super) fn report_layer(opts: &SearchOptions, depth: u64, layer: u64, visited: u64, space: u64) {
    if let Some(p) = opts.progress {
        p(Progress {
            depth,
            layer,
            visited,
            space,
        });
    }
}

/// Tells `opts.progress` of the layer a run starts from: the first one, or the last of a
/// resumed checkpoint (`sizes`: the layer sizes so far; `visited`: the states in all).
pub(super) fn report_start(opts: &SearchOptions, sizes: &[u64], visited: u64, space: u64) {
    let depth = sizes.len() as u64 - 1;
    report_layer(opts, depth, *sizes.last().unwrap_or(&1), visited, space);
}

/// Runs `work` once on each of `threads` scoped threads (on the calling thread alone when
/// `threads <= 1`) and returns their results: the fork and join of every parallel layer.
pub(super) fn on_threads<R: Send>(threads: usize, work: impl Fn() -> R + Sync) -> Vec<R> {
    if threads <= 1 {
        return vec![work()];
    }
    std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads).map(|_| s.spawn(&work)).collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("search worker panicked"))
            .collect()
    })
}

/// Expands one layer on `threads` threads: every successor not yet visited is marked and
/// goes to the next layer (a sorted list, or `next_bits` once the list passes `cap`). Also
/// returns the bytes of the threads' lists, live together with the merged one for a moment.
pub(super) fn expand(
    space: &DenseSpace,
    cur: &Layer,
    visited: &[AtomicU64],
    next_bits: Option<Vec<AtomicU64>>,
    cap: usize,
    threads: usize,
    sort: bool,
) -> (Layer, u64, u64) {
    let cursor = AtomicUsize::new(0);
    let listed = AtomicUsize::new(0);
    let overflow = AtomicBool::new(false);
    let nb = next_bits.as_deref();
    // After every block of states, a thread adds its new entries to the shared tally and,
    // once the tally passes `cap`, moves its list into the bitset: small blocks keep the
    // lists near `cap` in all (and the memory of a layer predictable).
    let flush = |local: &mut Vec<u64>, before: &mut usize| {
        if let Some(bits) = nb {
            let added = local.len() - *before;
            if listed.fetch_add(added, Relaxed) + added > cap {
                overflow.store(true, Relaxed);
            }
            if overflow.load(Relaxed) {
                for &v in local.iter() {
                    set_bit(bits, v);
                }
                local.clear();
            }
            *before = local.len();
        }
    };
    let work = |local: &mut Vec<u64>, count: &mut u64| loop {
        let mut before = local.len();
        // The successors of `u` not yet visited go to `local` (or, past `cap`, the bitset).
        macro_rules! visit_into {
            ($local:expr) => {
                |v: u64, _m: Move| {
                    if set_bit(visited, v) {
                        *count += 1;
                        match nb {
                            Some(bits) if overflow.load(Relaxed) => {
                                set_bit(bits, v);
                            }
                            _ => $local.push(v),
                        }
                    }
                }
            };
        }
        match cur {
            Layer::List(list) => {
                let i = cursor.fetch_add(LIST_CHUNK, Relaxed);
                if i >= list.len() {
                    break;
                }
                for block in list[i..(i + LIST_CHUNK).min(list.len())].chunks(256) {
                    let mut visit = visit_into!(local);
                    for &u in block {
                        space.for_each_successor(u, &mut visit);
                    }
                    flush(local, &mut before);
                }
            }
            Layer::Bits(bits) => {
                let i = cursor.fetch_add(WORD_CHUNK, Relaxed);
                if i >= bits.len() {
                    break;
                }
                let end = (i + WORD_CHUNK).min(bits.len());
                for start in (i..end).step_by(16) {
                    let mut visit = visit_into!(local);
                    for (w, word) in bits[start..(start + 16).min(end)].iter().enumerate() {
                        let mut x = word.load(Relaxed);
                        while x != 0 {
                            let b = x.trailing_zeros() as u64;
                            x &= x - 1;
                            space.for_each_successor(((start + w) as u64) << 6 | b, &mut visit);
                        }
                    }
                    flush(local, &mut before);
                }
            }
        }
    };
    // Spawning costs more than expanding a small layer (Domino has ~10^5 thin layers).
    let small = match cur {
        Layer::List(list) => list.len() < SMALL_LAYER,
        Layer::Bits(_) => false,
    };
    let parts: Vec<(Vec<u64>, u64)> = on_threads(if small { 1 } else { threads }, || {
        let mut local = Vec::new();
        let mut count = 0;
        work(&mut local, &mut count);
        (local, count)
    });
    let count = parts.iter().map(|(_, c)| c).sum();
    let transient = parts.iter().map(|(l, _)| 8 * l.capacity() as u64).sum();
    match next_bits {
        Some(bits) if overflow.load(Relaxed) => {
            for (local, _) in &parts {
                for &v in local {
                    set_bit(&bits, v);
                }
            }
            (Layer::Bits(bits), count, transient)
        }
        _ => {
            let mut list: Vec<u64> = Vec::with_capacity(count as usize);
            for (local, _) in parts {
                list.extend(local);
            }
            if sort {
                list.sort_unstable();
            }
            (Layer::List(list), count, transient)
        }
    }
}

/// splitmix64's finaliser: a hash of a state index good in every bit (hashbrown takes the
/// bucket from the low bits and a tag from the high ones).
#[derive(Default)]
pub(crate) struct IndexHasher(u64);

impl std::hash::Hasher for IndexHasher {
    fn finish(&self) -> u64 {
        let mut z = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ b as u64;
        }
    }
    fn write_u64(&mut self, x: u64) {
        self.0 = x;
    }
}

/// A map keyed by configurations. `Config`'s `Hash` writes one mixed word, so the table
/// needs only [`IndexHasher`]'s finaliser, not SipHash (a tenth of the report's time went to
/// SipHash in the generic searches of Antwerp, Turtle and Multi-stack).
pub(crate) type ConfigMap<V> = HashMap<Config, V, std::hash::BuildHasherDefault<IndexHasher>>;

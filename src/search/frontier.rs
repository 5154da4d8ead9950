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
use std::sync::atomic::{
    AtomicBool, AtomicU64, AtomicUsize,
    Ordering::{AcqRel, Acquire, Relaxed, Release},
};
use std::sync::{Arc, Mutex};

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

/// The cores this process may use, found once: `available_parallelism` reads the cgroup's
/// files on every call (48 us on this machine type), and a barrier is made per layer.
pub(super) fn cores() -> usize {
    static CORES: std::sync::OnceLock<usize> = std::sync::OnceLock::new();
    *CORES.get_or_init(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
}

/// The worker threads of a search: `opts.threads`, or all cores for 0, at most
/// [`super::MAX_WORKER_THREADS`].
pub(crate) fn worker_threads(opts: &SearchOptions) -> usize {
    let threads = if opts.threads == 0 {
        cores()
    } else {
        opts.threads
    };
    threads.min(super::MAX_WORKER_THREADS)
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

/// [`on_threads`] on a pool of threads kept for the process ([`Workers`]), for the counting
/// passes: spawning two scoped threads and joining them took about 90 us on this machine
/// type, a pool's broadcast about 12 us while its threads are still awake (up to about
/// 95 us once they have gone to sleep, a third of a millisecond after the last one), and
/// cyclic4 n = 13 forks 3,362 times. A caller that finds the pool busy (another search on
/// another thread, as in the tests) spawns scoped threads instead of waiting.
pub(super) fn on_workers<R: Send>(threads: usize, work: impl Fn() -> R + Sync) -> Vec<R> {
    if threads <= 1 {
        return vec![work()];
    }
    if let Some(pool) = Workers::of(threads) {
        if let Ok(pool) = pool.try_lock() {
            return pool.broadcast(|_| work());
        }
    }
    on_threads(threads, work)
}

/// Runs `work` on `threads` contiguous pieces of `items` (each a multiple of `align` long
/// but the last), with each piece's offset: for whole-array passes (clearing a bitset,
/// ranking one) that would otherwise run on one thread between parallel layers.
pub(super) fn on_pieces<T: Send, R: Send>(
    items: &mut [T],
    align: usize,
    threads: usize,
    work: impl Fn(usize, &mut [T]) -> R + Sync,
) -> Vec<R> {
    let piece = items.len().div_ceil(threads.max(1)).div_ceil(align.max(1)) * align.max(1);
    if threads <= 1 || items.len() < SMALL_LAYER || piece == 0 {
        return vec![work(0, items)];
    }
    std::thread::scope(|s| {
        let work = &work;
        let handles: Vec<_> = items
            .chunks_mut(piece)
            .enumerate()
            .map(|(i, chunk)| s.spawn(move || work(i * piece, chunk)))
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("search worker panicked"))
            .collect()
    })
}

/// The worker pools of the process, one per number of threads asked for; each is locked
/// while it runs a layer, so that one caller's phases (which wait for each other at
/// barriers) never interleave with another's on the same threads.
struct Workers;

impl Workers {
    /// The pool of `threads` threads, started on first use; `None` when its threads could
    /// not be started (the caller then spawns its own).
    fn of(threads: usize) -> Option<Arc<Mutex<rayon_core::ThreadPool>>> {
        type Pools = Vec<(usize, Arc<Mutex<rayon_core::ThreadPool>>)>;
        static POOLS: Mutex<Pools> = Mutex::new(Vec::new());
        let mut pools = POOLS.lock().unwrap_or_else(|e| e.into_inner());
        if let Some((_, p)) = pools.iter().find(|(t, _)| *t == threads) {
            return Some(p.clone());
        }
        let pool = rayon_core::ThreadPoolBuilder::new()
            .num_threads(threads)
            .thread_name(|i| format!("hanoilab-search-{i}"))
            .build()
            .ok()?;
        let pool = Arc::new(Mutex::new(pool));
        pools.push((threads, pool.clone()));
        Some(pool)
    }
}

/// A barrier for the phases of one parallel layer: the threads spin (then yield) instead of
/// sleeping, since the phases of a layer of a few thousand states last microseconds. On
/// this machine type a `std::sync::Barrier` wait took about 18 us (the sleeper's wake-up),
/// a spinning one 0.1 to 2 us.
/// With more threads than cores it yields at once: a spinning thread would hold the core
/// that the thread it waits for needs.
///
/// A thread that panics between phases would leave the others waiting for it for ever: the
/// work holds a [`SpinBarrier::poison_on_panic`] guard, and a waiter that finds the barrier
/// poisoned panics too, so that the panic reaches the caller.
pub(super) struct SpinBarrier {
    threads: usize,
    arrived: AtomicUsize,
    generation: AtomicUsize,
    spins: u32,
    poisoned: AtomicBool,
}

/// Poisons its barrier when dropped by a panicking thread.
pub(super) struct PoisonOnPanic<'a>(&'a SpinBarrier);

impl Drop for PoisonOnPanic<'_> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            self.0.poisoned.store(true, Release);
        }
    }
}

impl SpinBarrier {
    pub(super) fn new(threads: usize) -> SpinBarrier {
        let cores = cores();
        SpinBarrier {
            threads,
            arrived: AtomicUsize::new(0),
            generation: AtomicUsize::new(0),
            spins: if threads <= cores { 1 << 14 } else { 0 },
            poisoned: AtomicBool::new(false),
        }
    }

    /// A guard for the work of one thread between waits: should the thread panic, the
    /// threads waiting at the barrier panic instead of waiting for it.
    pub(super) fn poison_on_panic(&self) -> PoisonOnPanic<'_> {
        PoisonOnPanic(self)
    }

    /// Waits for all the threads; true on exactly one of them (the last to arrive).
    pub(super) fn wait(&self) -> bool {
        let generation = self.generation.load(Acquire);
        if self.arrived.fetch_add(1, AcqRel) + 1 == self.threads {
            self.arrived.store(0, Relaxed);
            self.generation.fetch_add(1, Release);
            return true;
        }
        let mut spins = 0u32;
        while self.generation.load(Acquire) == generation {
            if self.poisoned.load(Acquire) {
                panic!("another search thread panicked");
            }
            if spins < self.spins {
                std::hint::spin_loop();
                spins += 1;
            } else {
                std::thread::yield_now();
            }
        }
        false
    }
}

/// Copies bitset `from` into `bits` (as long) on `threads` threads.
pub(super) fn copy_bits(bits: &mut [AtomicU64], from: &[AtomicU64], threads: usize) {
    on_pieces(bits, 1, threads, |at, piece| {
        for (x, v) in piece.iter_mut().zip(&from[at..]) {
            *x.get_mut() = v.load(Relaxed);
        }
    });
}

/// Clears a bitset on `threads` threads.
pub(super) fn clear_bits(bits: &mut [AtomicU64], threads: usize) {
    on_pieces(bits, 1, threads, |_, piece| {
        piece.iter_mut().for_each(|x| *x.get_mut() = 0)
    });
}

// Two bits per index (`super::twobit`, `super::halfway`): `0` not reached, `1` or `2` the
// layer being expanded or the one being found, `3` expanded.

/// Words of a two-bit array handed to a thread at a time.
pub(super) const MARK_WORDS: usize = 1 << 12;
/// The low bit of every 2-bit entry.
const LOW: u64 = 0x5555_5555_5555_5555;

#[inline]
pub(super) fn entry(marks: &[AtomicU64], v: u64) -> u64 {
    marks[(v >> 5) as usize].load(Relaxed) >> (2 * (v & 31)) & 3
}

/// Marks `v` with `value` if it was not reached; true when this call reached it. Every
/// writer of one layer writes the same value, so an OR is enough: a second writer finds a
/// non-zero entry.
#[inline]
pub(super) fn reach(marks: &[AtomicU64], v: u64, value: u64) -> bool {
    let w = &marks[(v >> 5) as usize];
    let shift = 2 * (v & 31);
    w.load(Relaxed) >> shift & 3 == 0 && w.fetch_or(value << shift, Relaxed) >> shift & 3 == 0
}

/// Closes the entry of `u`, a state of the layer being expanded (01 or 10 -> 11).
#[inline]
pub(super) fn close(marks: &[AtomicU64], u: u64) {
    marks[(u >> 5) as usize].fetch_or(3 << (2 * (u & 31)), Relaxed);
}

/// Calls `f(u)` for every entry `u < end` of word number `w` equal to `here` (1 or 2), then
/// closes them: 01 -> 11 or 10 -> 11. Entries written meanwhile, by any thread, into this
/// word have the other value and stay open.
#[inline]
pub(super) fn expand_entries(
    word: &AtomicU64,
    w: u64,
    here: u64,
    end: u64,
    mut f: impl FnMut(u64),
) {
    // Entries equal to `here` become 00 after the XOR; keep their low bits.
    let x = word.load(Relaxed) ^ (here * LOW);
    let found = !(x | x >> 1) & LOW;
    if found == 0 {
        return;
    }
    let mut hits = found;
    while hits != 0 {
        let b = hits.trailing_zeros() as u64;
        hits &= hits - 1;
        let u = w << 5 | b >> 1;
        if u < end {
            f(u);
        }
    }
    word.fetch_or(if here == 1 { found << 1 } else { found }, Relaxed);
}

/// Expands one layer on `threads` threads: every successor not yet visited is marked and
/// goes to the next layer (a sorted list, or `next_bits`' bitset once the list passes
/// `cap`). Also returns the bytes of the threads' lists, live together with the merged one
/// for a moment, and the spare bitset handed over when the layer stayed a list.
pub(super) fn expand(
    space: &DenseSpace,
    cur: &Layer,
    visited: &[AtomicU64],
    next_bits: Option<BitsSpill>,
    cap: usize,
    threads: usize,
    sort: bool,
) -> (Layer, u64, u64, Option<Vec<AtomicU64>>) {
    let spill = next_bits.map_or(Spill::Unbounded, Spill::Bits);
    let (next, count, transient, unused) = expand_from(
        space,
        Source::Layer(cur),
        |v| set_bit(visited, v),
        |_| {},
        spill,
        cap,
        threads,
        sort,
    );
    let next = next.expect("only Spill::Marks drops the next layer");
    (next, count, transient, unused)
}

/// What a layer is expanded from.
pub(super) enum Source<'a> {
    /// A frontier: an index list or a bitset.
    Layer(&'a Layer),
    /// The entries of value `here` (1 or 2) of a two-bit array over `space` indices
    /// ([`super::twobit`]); each word is closed as its entries are read, before they are
    /// expanded (no other thread reads that word, and `reach` writes only unreached entries).
    Marks {
        marks: &'a Vec<AtomicU64>,
        here: u64,
        space: u64,
    },
}

/// The bitset a layer spills into once its list passes the cap: a clear spare bitset if
/// there is one, else `words` words made only when the layer does spill. (A fresh bitset
/// for every layer that might spill, zeroed page by page on one thread and mostly unused,
/// was most of the serial time of four-in-a-row's minimum: 8.8 s wall at n = 14, 6.4 s
/// without it.)
pub(super) struct BitsSpill {
    /// A clear bitset kept from an earlier layer.
    pub spare: Option<Vec<AtomicU64>>,
    /// The bitset's length in words.
    pub words: usize,
}

/// Where the states found go once the threads' lists pass `cap` in all.
pub(super) enum Spill {
    /// Nowhere: no cap, the next layer is a list whatever its length.
    Unbounded,
    /// Into this bitset, which becomes the next layer.
    Bits(BitsSpill),
    /// Nowhere: the marks that `reach` set already hold the next layer (the two-bit
    /// array); the lists are dropped and no next layer is returned.
    Marks,
}

/// The expansion of [`expand`], general in what it reads and marks: every successor `v` of
/// the layer read from `cur` for which `reach(v)` is true (it marked `v` reached) goes to the
/// next layer, a list (sorted when `sort`) or, past `cap` states, `spill`. `expanded(u)` is
/// called for every state `u` of a list layer as it is expanded (the two-bit route closes
/// its entry). Returns the next layer (`None` when `Spill::Marks` dropped it), the states
/// found, the bytes of the threads' lists, and the spare bitset of `Spill::Bits` when the
/// layer stayed a list (still clear: the caller keeps it for a later layer).
#[allow(clippy::too_many_arguments)]
pub(super) fn expand_from(
    space: &DenseSpace,
    cur: Source,
    reach: impl Fn(u64) -> bool + Sync,
    expanded: impl Fn(u64) + Sync,
    spill: Spill,
    cap: usize,
    threads: usize,
    sort: bool,
) -> (Option<Layer>, u64, u64, Option<Vec<AtomicU64>>) {
    let cursor = AtomicUsize::new(0);
    let listed = AtomicUsize::new(0);
    let capped = !matches!(spill, Spill::Unbounded);
    // A cap of 0 lists nothing: every state found goes straight to the spill.
    let overflow = AtomicBool::new(capped && cap == 0);
    // The spill's bitset, made by the first thread that needs it.
    let (lazy, words) = (
        std::sync::OnceLock::<Vec<AtomicU64>>::new(),
        match &spill {
            Spill::Bits(b) => b.words,
            _ => 0,
        },
    );
    let (is_bits, is_marks) = (
        matches!(spill, Spill::Bits(_)),
        matches!(spill, Spill::Marks),
    );
    if let Spill::Bits(BitsSpill { spare: Some(b), .. }) = spill {
        let _ = lazy.set(b);
    }
    let spill_bits = &lazy;
    // After every block of states, a thread adds its new entries to the shared tally and,
    // once the tally passes `cap`, moves its list into the bitset (or drops it): small
    // blocks keep the lists near `cap` in all (and the memory of a layer predictable).
    let flush = |local: &mut Vec<u64>, before: &mut usize| {
        if capped {
            let added = local.len() - *before;
            if added > 0
                && !overflow.load(Relaxed)
                && listed.fetch_add(added, Relaxed) + added > cap
            {
                overflow.store(true, Relaxed);
            }
            if overflow.load(Relaxed) {
                if is_bits {
                    spill_all(spill_bits, words, local);
                }
                local.clear();
            }
            *before = local.len();
        }
    };
    // Threads claim chunks (of list entries or of words) and expand them a block at a
    // time: the block's states are read first (a list slice; a bitset's or the two-bit
    // array's entries, into `buf`), then expanded in one loop — one call site of the
    // successor function, which the compiler then inlines.
    let (chunk, len) = match cur {
        Source::Layer(Layer::List(list)) => (LIST_CHUNK, list.len()),
        Source::Layer(Layer::Bits(bits)) => (WORD_CHUNK, bits.len()),
        Source::Marks { marks, .. } => (MARK_WORDS, marks.len()),
    };
    let listed_source = matches!(cur, Source::Layer(Layer::List(_)));
    let work = |local: &mut Vec<u64>, count: &mut u64, buf: &mut Vec<u64>| loop {
        let i = cursor.fetch_add(chunk, Relaxed);
        if i >= len {
            break;
        }
        let end = (i + chunk).min(len);
        let mut at = i;
        while at < end {
            let mut before = local.len();
            let states: &[u64] = match cur {
                Source::Layer(Layer::List(list)) => {
                    let stop = (at + 256).min(end);
                    let block = &list[at..stop];
                    at = stop;
                    block
                }
                Source::Layer(Layer::Bits(bits)) => {
                    let stop = (at + 16).min(end);
                    buf.clear();
                    for (w, word) in (at..stop).zip(&bits[at..stop]) {
                        let mut x = word.load(Relaxed);
                        while x != 0 {
                            buf.push((w as u64) << 6 | x.trailing_zeros() as u64);
                            x &= x - 1;
                        }
                    }
                    at = stop;
                    buf
                }
                Source::Marks {
                    marks,
                    here,
                    space: size,
                } => {
                    let stop = (at + 16).min(end);
                    buf.clear();
                    // Each word is closed as its entries are read; no other thread reads
                    // these words, and `reach` only writes entries not reached.
                    for (w, word) in (at..stop).zip(&marks[at..stop]) {
                        expand_entries(word, w as u64, here, size, |u| buf.push(u));
                    }
                    at = stop;
                    buf
                }
            };
            // The successors of each state not yet reached go to `local` (or, past `cap`,
            // the spill).
            let mut added = 0u64;
            let mut visit = |v: u64, _m: Move| {
                if reach(v) {
                    added += 1;
                    if capped && overflow.load(Relaxed) {
                        if is_bits {
                            spill_all(spill_bits, words, &[v]);
                        }
                    } else {
                        local.push(v);
                    }
                }
            };
            for &u in states {
                if listed_source {
                    expanded(u);
                }
                space.for_each_successor(u, &mut visit);
            }
            *count += added;
            flush(local, &mut before);
        }
    };
    // Spawning costs more than expanding a small layer (Domino has ~10^5 thin layers).
    let small = match cur {
        Source::Layer(Layer::List(list)) => list.len() < SMALL_LAYER,
        _ => false,
    };
    let parts: Vec<(Vec<u64>, u64)> = on_threads(if small { 1 } else { threads }, || {
        let mut local = Vec::new();
        let mut count = 0;
        work(&mut local, &mut count, &mut Vec::with_capacity(1 << 10));
        (local, count)
    });
    let count = parts.iter().map(|(_, c)| c).sum();
    let transient = parts.iter().map(|(l, _)| 8 * l.capacity() as u64).sum();
    let overflowed = overflow.load(Relaxed);
    match (is_bits, is_marks) {
        (true, _) if overflowed => {
            let bits = lazy.into_inner().unwrap_or_else(|| new_bits(words));
            for (local, _) in &parts {
                for &v in local {
                    set_bit(&bits, v);
                }
            }
            (Some(Layer::Bits(bits)), count, transient, None)
        }
        (_, true) if overflowed => (None, count, transient, None),
        _ => {
            let unused = lazy.into_inner();
            let mut list: Vec<u64> = Vec::with_capacity(count as usize);
            for (local, _) in parts {
                list.extend(local);
            }
            if sort {
                list.sort_unstable();
            }
            (Some(Layer::List(list)), count, transient, unused)
        }
    }
}

/// Sets `states` in the spill's bitset, made (clear) by the first caller. Out of line and
/// cold: the expansion's inner loop stays as it was without a spill (an inlined closure
/// here cost cyclic4 n = 14, which never spills, 4% of its minimum-only time).
#[cold]
#[inline(never)]
fn spill_all(lazy: &std::sync::OnceLock<Vec<AtomicU64>>, words: usize, states: &[u64]) {
    let bits = lazy.get_or_init(|| new_bits(words));
    for &v in states {
        set_bit(bits, v);
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

#[cfg(test)]
mod tests {
    use super::*;

    /// No thread leaves a round before every thread has arrived, and each round has exactly
    /// one leader; the barrier is reused round after round, as the push route's phases do.
    #[test]
    fn a_spinning_barrier_holds_every_thread_and_names_one_leader_a_round() {
        let (threads, rounds) = (3, 2_000);
        let barrier = SpinBarrier::new(threads);
        let arrived = AtomicUsize::new(0);
        let leaders = AtomicUsize::new(0);
        std::thread::scope(|s| {
            for _ in 0..threads {
                s.spawn(|| {
                    for round in 0..rounds {
                        arrived.fetch_add(1, Relaxed);
                        if barrier.wait() {
                            leaders.fetch_add(1, Relaxed);
                        }
                        assert!(arrived.load(Relaxed) >= threads * (round + 1));
                        // A second wait, so that no thread counts the next round's arrival
                        // before all have checked this one.
                        barrier.wait();
                    }
                });
            }
        });
        assert_eq!(arrived.into_inner(), threads * rounds);
        assert_eq!(leaders.into_inner(), rounds);
    }

    /// A thread that panics between phases makes the threads waiting at the barrier panic
    /// too, and the panic reaches the caller, instead of the layer waiting for ever.
    #[test]
    fn a_panic_between_phases_reaches_the_caller_instead_of_hanging() {
        // On a thread of its own, so that a barrier that still waited for ever would fail
        // the test at the timeout instead of hanging the suite.
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let barrier = SpinBarrier::new(2);
            let ids = AtomicUsize::new(0);
            let run = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                on_threads(2, || {
                    let _poison = barrier.poison_on_panic();
                    if ids.fetch_add(1, Relaxed) == 0 {
                        panic!("a bug in one phase");
                    }
                    barrier.wait();
                })
            }));
            let _ = tx.send(run.is_err());
        });
        let ended = rx.recv_timeout(std::time::Duration::from_secs(30));
        assert_eq!(ended, Ok(true), "the panic reaches the caller within 30 s");
    }

    /// The kept pool runs the work once on each thread, also when several callers want it
    /// at once (those that find it busy spawn their own threads), and the results of
    /// barrier-phased work are the same either way.
    #[test]
    fn the_worker_pool_runs_each_callers_work_once_a_thread() {
        std::thread::scope(|s| {
            for caller in 0..4u64 {
                s.spawn(move || {
                    for round in 0..200u64 {
                        let barrier = SpinBarrier::new(2);
                        let total = AtomicU64::new(0);
                        let out = on_workers(2, || {
                            total.fetch_add(caller + round, Relaxed);
                            barrier.wait();
                            total.load(Relaxed)
                        });
                        assert_eq!(out, vec![2 * (caller + round); 2]);
                    }
                });
            }
        });
    }
}

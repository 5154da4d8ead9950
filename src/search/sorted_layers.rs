//! Breadth-first search of a puzzle with equal discs whose every move can be undone, over
//! sorted layers of packed keys: frontier search with duplicates removed by sorting, in
//! memory.
//!
//! The interned route ([`super::packed`]) looks every successor up in a hash table of all
//! the states met: one or two cache misses per successor tried. Here a configuration is a
//! 128-bit key; the successors of a whole layer are written into one buffer, radix-sorted,
//! made unique (summing their numbers of shortest paths when counting), and the two layers
//! before are subtracted by one merge. That is exact when every move can be undone
//! ([`every_move_undoable`]): a successor of layer `d` then lies in layer `d - 1`, `d` or
//! `d + 1`, so only two layers are kept, not every state met (Antwerp with 5 discs of each
//! colour: 60^5 states, its widest layers a few percent of them).
//!
//! Keys ([`Codec`]): under the strict size rule no two discs of one size share a pin and the
//! order on a pin is forced by size, so the key is the pin of every disc (a move changes one
//! field). Where equal sizes may stack (Antwerp), the key is the height of every pin but the
//! last, then each pin's discs from the bottom. Either way two configurations have the same
//! key exactly when they are equal. The route answers the minimum, the layer sizes and the
//! number of optimal solutions (in `u128`; a count past it goes back to the interned route,
//! whose counts are unbounded); a solution, checkpoints and a resumed run take the interned
//! route too.

use super::frontier::{report_layer, report_start, worker_threads, SMALL_LAYER};
use super::{SearchError, SearchOptions};
use crate::puzzle::{ColourRule, Config, Puzzle, Recolour, SizeRule};
use std::sync::atomic::Ordering::Relaxed;

/// Whether every legal move of every configuration reachable from the start can be undone
/// by the reverse move: the move graph is symmetric, colours never change, and the start
/// obeys every placement rule (sizes, colours on colours and on the bases, the pins each
/// stack may use). Then every reachable configuration obeys them (a move places one disc
/// legally and leaves the rest), and the reverse move puts the disc back where it lay.
pub(super) fn every_move_undoable(puzzle: &Puzzle) -> bool {
    let rules = &puzzle.rules;
    let p = puzzle.pins;
    let symmetric = (0..p).all(|f| (0..p).all(|t| rules.arcs[f][t] == rules.arcs[t][f]));
    if !symmetric || rules.recolour != Recolour::Fixed || puzzle.start.pins.len() != p {
        return false;
    }
    let colours = &puzzle.start.colours;
    puzzle.start.pins.iter().enumerate().all(|(pin, stack)| {
        let mut under: Option<u32> = None;
        stack.iter().all(|&d| {
            let Some(disc) = puzzle.discs.get(d as usize) else {
                return false;
            };
            let allowed = match &rules.access {
                None => true,
                Some(masks) => masks
                    .get(disc.group as usize)
                    .is_some_and(|m| pin < 64 && m & (1u64 << pin) != 0),
            };
            let fits = under.is_none_or(|e| {
                let es = puzzle.discs[e as usize].size;
                match rules.size_rule {
                    SizeRule::Strict => disc.size < es,
                    SizeRule::AllowEqual => disc.size <= es,
                }
            });
            let base = match under {
                Some(e) => Some(colours[e as usize]),
                None => puzzle.bases[pin],
            };
            let coloured = base.is_none_or(|u| rules.colour_rule.admits(colours[d as usize], u));
            under = Some(d);
            allowed && fits && coloured
        })
    })
}

/// How a configuration becomes a 128-bit key and back.
pub(super) struct Codec {
    pins: usize,
    n: usize,
    /// Bits of one field.
    bits: u32,
    /// Bits of the whole key (the radix sort skips the rest).
    pub(super) key_bits: u32,
    /// Each disc's field is its pin (strict sizes: the order on a pin is forced); else the
    /// pins' heights and discs.
    by_pin: bool,
    /// Disc ids from the largest to the smallest (decoding pushes each onto its pin).
    largest_first: Vec<u32>,
    /// Per disc, its field in the key-by-pin codec: its place in `largest_first`, so the
    /// smallest discs, which move most, are the key's top bits (the buckets of the sort).
    field_of: Vec<u32>,
    /// Per pin, the pins a disc may move to from it (bit masks of the move graph).
    arcs: Vec<u64>,
    /// Per disc, the pins its stack may use.
    access: Vec<u64>,
    /// Per disc, its size and its colour (colours never change on this route).
    size: Vec<u32>,
    colour: Vec<u8>,
    bases: Vec<Option<u8>>,
    colour_rule: ColourRule,
    strict: bool,
}

/// No disc: the top of an empty pin.
const NONE: u32 = u32::MAX;

/// `x << s`, zero when `s` is the whole width.
fn shl(x: u128, s: u32) -> u128 {
    x.checked_shl(s).unwrap_or(0)
}

/// `x >> s`, zero when `s` is the whole width.
fn shr(x: u128, s: u32) -> u128 {
    x.checked_shr(s).unwrap_or(0)
}

impl Codec {
    /// The codec of `puzzle`, or `None` when its configurations do not fit 128 bits.
    pub(super) fn new(puzzle: &Puzzle) -> Option<Codec> {
        let (pins, n) = (puzzle.pins, puzzle.discs.len());
        let width = |x: usize| (usize::BITS - x.leading_zeros()).max(1);
        let by_pin = puzzle.rules.size_rule == SizeRule::Strict;
        let (bits, fields) = match by_pin {
            true => (width(pins.saturating_sub(1)), n),
            false => (width(n), n + pins.saturating_sub(1)),
        };
        let key_bits = bits.checked_mul(u32::try_from(fields).ok()?)?;
        if key_bits > 128 || pins == 0 {
            return None;
        }
        let mut largest_first: Vec<u32> = (0..n as u32).collect();
        largest_first.sort_by_key(|&d| std::cmp::Reverse(puzzle.discs[d as usize].size));
        let mut field_of = vec![0u32; n];
        for (i, &d) in largest_first.iter().enumerate() {
            field_of[d as usize] = i as u32;
        }
        let rules = &puzzle.rules;
        let arcs = (0..pins)
            .map(|f| {
                (0..pins.min(64))
                    .filter(|&t| t != f && rules.arcs[f][t])
                    .fold(0u64, |m, t| m | 1 << t)
            })
            .collect();
        let access = puzzle
            .discs
            .iter()
            .map(|d| match &rules.access {
                None => u64::MAX,
                Some(m) => m.get(d.group as usize).copied().unwrap_or(0),
            })
            .collect();
        Some(Codec {
            pins,
            n,
            bits,
            key_bits,
            by_pin,
            largest_first,
            field_of,
            arcs,
            access,
            size: puzzle.discs.iter().map(|d| d.size).collect(),
            colour: puzzle.start.colours.clone(),
            bases: puzzle.bases.clone(),
            colour_rule: rules.colour_rule,
            strict: by_pin,
        })
    }

    fn mask(&self) -> u128 {
        (1u128 << self.bits) - 1
    }

    /// The key of `c`.
    pub(super) fn encode(&self, c: &Config) -> u128 {
        let mut key = 0u128;
        if self.by_pin {
            for (pin, stack) in c.pins.iter().enumerate() {
                for &d in stack {
                    key |= (pin as u128) << (self.bits * self.field_of[d as usize]);
                }
            }
            return key;
        }
        // The discs of every pin from the bottom, then the heights of all pins but the last
        // (which vary most: the key's top bits, the sort's buckets).
        let mut at = 0;
        let mut put = |x: usize| {
            key |= (x as u128) << at;
            at += self.bits;
        };
        for stack in &c.pins {
            for &d in stack {
                put(d as usize);
            }
        }
        for stack in &c.pins[..self.pins - 1] {
            put(stack.len());
        }
        key
    }

    /// The configuration of `key` into `c` (its colours are left as they are: they never
    /// change on this route).
    #[cfg(test)]
    pub(super) fn decode_into(&self, key: u128, c: &mut Config) {
        let mask = self.mask();
        for stack in c.pins.iter_mut() {
            stack.clear();
        }
        if self.by_pin {
            for &d in &self.largest_first {
                let pin = (key >> (self.bits * self.field_of[d as usize])) & mask;
                c.pins[pin as usize].push(d);
            }
            return;
        }
        let field = |i: usize| ((key >> (self.bits * i as u32)) & mask) as usize;
        let mut heights = [0usize; 64];
        let mut placed = 0;
        for (p, h) in heights.iter_mut().enumerate().take(self.pins - 1) {
            *h = field(self.n + p);
            placed += *h;
        }
        heights[self.pins - 1] = self.n.saturating_sub(placed);
        let mut at = 0;
        for (stack, &h) in c.pins.iter_mut().zip(&heights) {
            for _ in 0..h {
                stack.push(field(at) as u32);
                at += 1;
            }
        }
    }

    /// Calls `f` with the key after every legal move from `key`: the rules of
    /// [`super::moves::landing`] for fixed colours, on the top of each pin read from the key
    /// (the tests compare the two).
    fn for_each_successor(&self, key: u128, mut f: impl FnMut(u128)) {
        let mask = self.mask();
        let field = |i: u32| ((key >> (self.bits * i)) & mask) as u32;
        let mut top = [NONE; 64];
        // Heights codec: where each pin's discs start among the fields.
        let mut base = [0u32; 65];
        if self.by_pin {
            let mut left = self.pins;
            for &d in self.largest_first.iter().rev() {
                let p = field(self.field_of[d as usize]) as usize;
                if top[p] == NONE {
                    top[p] = d;
                    left -= 1;
                    if left == 0 {
                        break;
                    }
                }
            }
        } else {
            let last = self.pins - 1;
            let mut at = 0;
            let mut placed = 0;
            for p in 0..self.pins {
                let h = match p < last {
                    true => field((self.n + p) as u32),
                    false => self.n as u32 - placed,
                };
                placed += h;
                base[p] = at;
                at += h;
                if h > 0 {
                    top[p] = field(at - 1);
                }
            }
            base[self.pins] = at;
        }
        for from in 0..self.pins {
            let d = top[from];
            if d == NONE {
                continue;
            }
            let di = d as usize;
            let mut targets = self.arcs[from] & self.access[di];
            while targets != 0 {
                let to = targets.trailing_zeros() as usize;
                targets &= targets - 1;
                let under = top[to];
                let fits = under == NONE || {
                    let (a, b) = (self.size[di], self.size[under as usize]);
                    if self.strict {
                        a < b
                    } else {
                        a <= b
                    }
                };
                let below = match under {
                    NONE => self.bases[to],
                    e => Some(self.colour[e as usize]),
                };
                if !fits || !below.is_none_or(|u| self.colour_rule.admits(self.colour[di], u)) {
                    continue;
                }
                f(self.moved(key, d, from, to, &base));
            }
        }
    }

    /// The key after disc `d` (the top of `from`) moved to the top of `to`; `base`: where
    /// each pin's discs start among the fields (the heights codec).
    fn moved(&self, key: u128, d: u32, from: usize, to: usize, base: &[u32; 65]) -> u128 {
        let b = self.bits;
        if self.by_pin {
            let shift = b * self.field_of[d as usize];
            return key - ((from as u128) << shift) + ((to as u128) << shift);
        }
        // Take out the field of `from`'s top, then put `d` above `to`'s top.
        let i = base[from + 1] - 1;
        let low = key & (shl(1, b * i) - 1);
        let mut k = low | shl(shr(key, b * (i + 1)), b * i);
        let j = if to > from {
            base[to + 1] - 1
        } else {
            base[to + 1]
        };
        let low = k & (shl(1, b * j) - 1);
        k = low | (u128::from(d) << (b * j)) | shl(shr(k, b * j), b * (j + 1));
        let (last, n) = (self.pins - 1, self.n as u32);
        if from < last {
            k -= 1 << (b * (n + from as u32));
        }
        if to < last {
            k += 1 << (b * (n + to as u32));
        }
        k
    }
}

/// Whether the sorted-layer route answers `opts` on `puzzle` (a puzzle without a dense
/// index; [`super::search`] decides that first).
pub(super) fn applies(puzzle: &Puzzle, opts: &SearchOptions) -> bool {
    !opts.solution
        && opts.checkpoint.is_none()
        && puzzle.pins <= 64
        && Codec::new(puzzle).is_some()
        && every_move_undoable(puzzle)
        && goal_has_a_key(puzzle)
}

/// Whether the goal is a configuration the keys tell apart from every other: its colours
/// are the start's (they never change here, and the key does not hold them), and under the
/// strict size rule its pins are stacked largest at the bottom (the key holds each disc's
/// pin, not the order). Another goal is unreachable, which the interned route says.
fn goal_has_a_key(puzzle: &Puzzle) -> bool {
    let size = |d: &u32| puzzle.discs.get(*d as usize).map(|x| x.size);
    puzzle.goal.colours == puzzle.start.colours
        && (puzzle.rules.size_rule != SizeRule::Strict
            || puzzle
                .goal
                .pins
                .iter()
                .all(|st| st.windows(2).all(|w| size(&w[0]) > size(&w[1]))))
}

/// A state of a layer: its key and, when counting, its number of shortest paths.
trait Entry: Copy + Send + Sync {
    fn key(&self) -> u128;
    fn with(key: u128, from: &Self) -> Self;
    /// Adds `other`'s count to this one's; false on overflow.
    fn absorb(&mut self, other: &Self) -> bool;
    fn count(&self) -> Option<u128>;
}

impl Entry for u128 {
    fn key(&self) -> u128 {
        *self
    }
    fn with(key: u128, _: &Self) -> Self {
        key
    }
    fn absorb(&mut self, _: &Self) -> bool {
        true
    }
    fn count(&self) -> Option<u128> {
        None
    }
}

impl Entry for u64 {
    fn key(&self) -> u128 {
        u128::from(*self)
    }
    fn with(key: u128, _: &Self) -> Self {
        key as u64
    }
    fn absorb(&mut self, _: &Self) -> bool {
        true
    }
    fn count(&self) -> Option<u128> {
        None
    }
}

/// A count of 128 bits in two limbs: the entry stays 24 bytes, aligned to 8.
impl Entry for (u64, [u64; 2]) {
    fn key(&self) -> u128 {
        u128::from(self.0)
    }
    fn with(key: u128, from: &Self) -> Self {
        (key as u64, from.1)
    }
    fn absorb(&mut self, other: &Self) -> bool {
        let wide = |l: [u64; 2]| u128::from(l[0]) | u128::from(l[1]) << 64;
        match wide(self.1).checked_add(wide(other.1)) {
            Some(s) => {
                self.1 = [s as u64, (s >> 64) as u64];
                true
            }
            None => false,
        }
    }
    fn count(&self) -> Option<u128> {
        Some(u128::from(self.1[0]) | u128::from(self.1[1]) << 64)
    }
}

impl Entry for (u128, u128) {
    fn key(&self) -> u128 {
        self.0
    }
    fn with(key: u128, from: &Self) -> Self {
        (key, from.1)
    }
    fn absorb(&mut self, other: &Self) -> bool {
        match self.1.checked_add(other.1) {
            Some(s) => {
                self.1 = s;
                true
            }
            None => false,
        }
    }
    fn count(&self) -> Option<u128> {
        Some(self.1)
    }
}

/// What the route found.
pub(super) struct Outcome {
    /// The goal's depth.
    pub(super) found: Option<u64>,
    /// The layer sizes from the start's.
    pub(super) sizes: Vec<u64>,
    /// States met.
    pub(super) states: u64,
    /// Every reachable state was met.
    pub(super) complete: bool,
    /// The number of minimal move sequences, when asked and the goal was reached; `None`
    /// inside when it passed `u128`.
    pub(super) count: Option<Option<u128>>,
    /// The most bytes the layers and the buffer held at once.
    pub(super) peak_bytes: u64,
}

/// Puzzles of at most this many states (by their bound) are estimated by running them: the
/// estimate is then their peak.
const SELF_PILOT: f64 = (1u64 << 18) as f64;

/// Bytes of one entry of a layer: the key (eight bytes where it fits) and, when counting,
/// the count (sixteen).
fn entry_width(codec: &Codec, count: bool) -> f64 {
    match (count, codec.key_bits <= 64) {
        (true, true) => 24.0,
        (true, false) => 32.0,
        (false, true) => 8.0,
        (false, false) => 16.0,
    }
}

/// The bytes the route is estimated to hold at its fullest, before it runs. A puzzle of at
/// most 2^18 states is run, its peak the estimate. A larger one is estimated from the same
/// search on the puzzle without its smallest size (one pilot) and without its two smallest
/// (another): the first pilot's peak in entries, grown by the factor from the second to the
/// first, times the run's bytes an entry (the key may widen from eight bytes to sixteen).
/// `None` when the pilots would cost too much (the first more than 2^24 states or a quarter
/// of the puzzle's bound) or do not run. The last estimate is kept (a command estimates
/// before the run and the budget of the report before each search).
pub(super) fn estimate(puzzle: &Puzzle, opts: &SearchOptions) -> Option<u64> {
    static LAST: std::sync::Mutex<Option<(String, Option<u64>)>> = std::sync::Mutex::new(None);
    let key = format!(
        "{} {} {}",
        super::checkpoint::fingerprint(puzzle),
        opts.count,
        opts.explore_all
    );
    if let Some((k, e)) = LAST.lock().map_or(None, |l| l.clone()) {
        if k == key {
            return e;
        }
    }
    let e = estimate_by_pilots(puzzle, opts);
    if let Ok(mut l) = LAST.lock() {
        *l = Some((key, e));
    }
    e
}

fn estimate_by_pilots(puzzle: &Puzzle, opts: &SearchOptions) -> Option<u64> {
    use super::estimate::fewer_discs;
    let pilot = SearchOptions {
        count: opts.count,
        explore_all: opts.explore_all,
        threads: opts.threads,
        ..Default::default()
    };
    // The peak of a pilot in entries.
    let entries = |p: &Puzzle| -> Option<f64> {
        let codec = Codec::new(p)?;
        if !applies(p, &pilot) {
            return None;
        }
        let o = sorted_bfs(p, &pilot, u64::MAX).ok()?;
        Some(o.peak_bytes.max(1) as f64 / entry_width(&codec, opts.count))
    };
    let width = entry_width(&Codec::new(puzzle)?, opts.count);
    let bound = super::bfs::state_count_bound(puzzle);
    let grown = if bound <= SELF_PILOT {
        entries(puzzle)?
    } else {
        let one = fewer_discs(puzzle, 1)?;
        let pilot_bound = super::bfs::state_count_bound(&one);
        if pilot_bound > (1u64 << 24) as f64 || pilot_bound * 4.0 > bound {
            return None;
        }
        let (a, b) = (entries(&one)?, entries(&fewer_discs(puzzle, 2)?)?);
        a * (a / b).max(1.0)
    } * width;
    Some(if grown >= u64::MAX as f64 {
        u64::MAX
    } else {
        grown as u64
    })
}

/// The search; `limit` bounds the bytes of the two layers, the successor buffer and the
/// sort's scratch, checked before each layer is expanded (from the layer's size and the
/// most moves of a configuration).
pub(super) fn sorted_bfs(
    puzzle: &Puzzle,
    opts: &SearchOptions,
    limit: u64,
) -> Result<Outcome, SearchError> {
    let codec = Codec::new(puzzle)
        .ok_or_else(|| SearchError::Malformed("no 128-bit key for this puzzle".into()))?;
    // Eight-byte keys where they fit (fewer bytes to sort).
    let narrow = codec.key_bits <= 64;
    match (opts.count, narrow) {
        (true, true) => {
            run::<(u64, [u64; 2])>(puzzle, opts, limit, &codec, (0, [1, 0])).map(finish)
        }
        (true, false) => run::<(u128, u128)>(puzzle, opts, limit, &codec, (0, 1)).map(finish),
        (false, true) => run::<u64>(puzzle, opts, limit, &codec, 0).map(finish),
        (false, false) => run::<u128>(puzzle, opts, limit, &codec, 0).map(finish),
    }
}

/// The outcome of a run: a count past 128 bits leaves it unknown (`Some(None)`), and the
/// interned route counts it in big integers.
fn finish(o: Option<Outcome>) -> Outcome {
    o.unwrap_or(Outcome {
        found: None,
        sizes: vec![],
        states: 0,
        complete: false,
        count: Some(None),
        peak_bytes: 0,
    })
}

/// The search with entries `E`; `None` as soon as a count overflows `E`'s.
fn run<E: Entry>(
    puzzle: &Puzzle,
    opts: &SearchOptions,
    limit: u64,
    codec: &Codec,
    unit: E,
) -> Result<Option<Outcome>, SearchError> {
    let start = codec.encode(&puzzle.start);
    let goal = codec.encode(&puzzle.goal);
    let width = std::mem::size_of::<E>() as u64;
    let threads = worker_threads(opts).max(1);
    let mut prev: Vec<E> = Vec::new();
    let mut cur: Vec<E> = vec![E::with(start, &unit)];
    let mut sizes = vec![1u64];
    let mut states = 1u64;
    let mut found = (start == goal).then_some(0u64);
    let mut goal_count = found.and(unit.count());
    let mut peak = 0u64;
    let mut generated: Vec<Vec<E>> = Vec::new();
    let mut buckets: Vec<E> = Vec::new();
    report_start(opts, &sizes, states, states);
    let complete = loop {
        if found.is_some() && !opts.explore_all {
            break false;
        }
        // The buffers of the successors and of the buckets are kept from layer to layer
        // (fresh ones would be zeroed page by page every layer).
        let parts = split(&cur, if cur.len() < SMALL_LAYER { 1 } else { threads });
        generated.resize_with(parts.len(), Vec::new);
        let jobs: Vec<_> = parts.into_iter().zip(generated.iter_mut()).collect();
        in_parallel(jobs, |(part, out)| {
            out.clear();
            for e in part {
                successors(codec, e, out);
            }
        });
        let total = generated.iter().map(Vec::len).sum();
        let t = top_bits(total, codec.key_bits);
        let starts = partition(&generated, codec.key_bits, t, unit, &mut buckets);
        // What the layer holds at its fullest: the two layers kept, the successors and the
        // buckets they are sorted into (the run is guarded as it grows; the estimate before
        // it comes from pilots, [`estimate`]).
        let held = generated.iter().map(|g| g.capacity()).sum::<usize>() + buckets.capacity();
        let held = width * (prev.capacity() + cur.capacity() + held) as u64;
        peak = peak.max(held);
        super::check_held(held, limit)?;
        let groups = bucket_groups(
            &starts,
            if buckets.len() < SMALL_LAYER {
                1
            } else {
                threads
            },
        );
        // Each group of buckets is a disjoint run of the buffer, sorted and cut in place.
        let mut runs = Vec::with_capacity(groups.len());
        let mut rest = buckets.as_mut_slice();
        for &(lo, hi) in &groups {
            let (run, tail) = rest.split_at_mut(starts[hi] - starts[lo]);
            runs.push((lo, hi, run));
            rest = tail;
        }
        let done: Vec<(Vec<E>, bool)> = in_parallel(runs, |(lo, hi, run)| {
            let base = starts[lo];
            let mut tmp = Vec::new();
            let mut out = Vec::new();
            let mut ok = true;
            for b in lo..hi {
                let bucket = &mut run[starts[b] - base..starts[b + 1] - base];
                if bucket.is_empty() {
                    continue;
                }
                if bucket.len() <= 32 {
                    bucket.sort_unstable_by_key(Entry::key);
                } else {
                    tmp.clear();
                    tmp.resize(bucket.len(), unit);
                    lsd_sort(bucket, &mut tmp, codec.key_bits - t);
                }
                let (len, fits) = unique(bucket);
                ok &= fits;
                subtract_into(&bucket[..len], &prev, &cur, &mut out);
            }
            (out, ok)
        });
        let mut next = Vec::with_capacity(done.iter().map(|d| d.0.len()).sum());
        for (part, ok) in done {
            if !ok {
                return Ok(None);
            }
            next.extend_from_slice(&part);
        }
        if next.is_empty() {
            break true;
        }
        prev = std::mem::replace(&mut cur, next);
        sizes.push(cur.len() as u64);
        states += cur.len() as u64;
        let depth = sizes.len() as u64 - 1;
        report_layer(opts, depth, cur.len() as u64, states, states);
        if found.is_none() {
            if let Ok(i) = cur.binary_search_by_key(&goal, Entry::key) {
                found = Some(depth);
                goal_count = cur[i].count();
            }
        }
        if opts.stop.is_some_and(|s| s.load(Relaxed)) {
            return Err(SearchError::Interrupted {
                depth,
                checkpoint: None,
            });
        }
    };
    let count = match (opts.count, found) {
        (true, Some(_)) => Some(goal_count),
        _ => None,
    };
    Ok(Some(Outcome {
        found,
        sizes,
        states,
        complete,
        count,
        peak_bytes: peak,
    }))
}

/// `v` in `k` contiguous parts of about equal length.
fn split<E>(v: &[E], k: usize) -> Vec<&[E]> {
    let size = v.len().div_ceil(k.max(1)).max(1);
    v.chunks(size).collect()
}

/// `work` on every item, one scoped thread each but the last (on the calling thread), the
/// results in the items' order.
fn in_parallel<T: Send, R: Send>(mut items: Vec<T>, work: impl Fn(T) -> R + Sync) -> Vec<R> {
    let Some(last) = items.pop() else {
        return vec![];
    };
    if items.is_empty() {
        return vec![work(last)];
    }
    let work = &work;
    std::thread::scope(|s| {
        let handles: Vec<_> = items
            .into_iter()
            .map(|x| s.spawn(move || work(x)))
            .collect();
        let mine = work(last);
        let mut out: Vec<R> = handles
            .into_iter()
            .map(|h| h.join().expect("a sorting thread panicked"))
            .collect();
        out.push(mine);
        out
    })
}

/// The most bits of the first digit of the sort (2048 buckets).
const MAX_TOP_BITS: u32 = 11;

/// Bits of the first digit for `total` entries: buckets of about 2048 entries, each sorted
/// within the cache (a layer's digit only sets how it is sorted, not the order).
fn top_bits(total: usize, key_bits: u32) -> u32 {
    let log = usize::BITS - total.leading_zeros();
    log.saturating_sub(11).min(MAX_TOP_BITS).min(key_bits)
}

/// Where each bucket starts in the buffer (the last entry: the end).
type Starts = Vec<usize>;

/// The top `t` bits of a `bits`-bit key: the bucket.
fn bucket_of<E: Entry>(e: &E, bits: u32, t: u32) -> usize {
    (shr(e.key(), bits - t) as usize) & ((1usize << t) - 1)
}

/// The entries of `parts` into `out` by the top `t` bits of their `bits`-bit keys (one
/// pass over memory), and where each bucket starts.
fn partition<E: Entry>(parts: &[Vec<E>], bits: u32, t: u32, unit: E, out: &mut Vec<E>) -> Starts {
    let buckets = 1usize << t;
    let mut starts = vec![0usize; buckets + 1];
    for e in parts.iter().flatten() {
        starts[bucket_of(e, bits, t) + 1] += 1;
    }
    for b in 0..buckets {
        starts[b + 1] += starts[b];
    }
    out.clear();
    out.resize(starts[buckets], unit);
    let mut at = starts.clone();
    for e in parts.iter().flatten() {
        let b = bucket_of(e, bits, t);
        out[at[b]] = *e;
        at[b] += 1;
    }
    starts
}

/// Runs of consecutive buckets, `k` of them at most, of about equal numbers of entries.
fn bucket_groups(starts: &Starts, k: usize) -> Vec<(usize, usize)> {
    let buckets = starts.len() - 1;
    let total = starts[buckets];
    let mut groups = Vec::with_capacity(k);
    let mut lo = 0;
    for g in 1..k {
        let target = total * g / k;
        let hi = (lo..=buckets)
            .find(|&b| starts[b] >= target)
            .unwrap_or(buckets);
        if hi > lo {
            groups.push((lo, hi));
            lo = hi;
        }
    }
    groups.push((lo, buckets));
    groups
}

/// Pushes every successor of `e` onto `out`, carrying `e`'s count.
fn successors<E: Entry>(codec: &Codec, e: &E, out: &mut Vec<E>) {
    codec.for_each_successor(e.key(), |k| out.push(E::with(k, e)));
}

/// The eight bits of `e`'s key from `shift`.
fn digit<E: Entry>(e: &E, shift: u32) -> usize {
    ((e.key() >> shift) & 0xFF) as usize
}

/// Sorts `v` on the key's bits below `bits`, least significant digit first, `tmp` (of `v`'s
/// length) the other buffer of each pass; the result ends in `v`.
fn lsd_sort<E: Entry>(v: &mut [E], tmp: &mut [E], bits: u32) {
    let (mut src, mut dst) = (v, tmp);
    let mut in_tmp = false;
    let mut shift = 0;
    while shift < bits {
        let mut at = [0usize; 256];
        for e in src.iter() {
            at[digit(e, shift)] += 1;
        }
        if at.contains(&src.len()) {
            shift += 8;
            continue;
        }
        let mut sum = 0;
        for c in at.iter_mut() {
            let k = *c;
            *c = sum;
            sum += k;
        }
        for e in src.iter() {
            let b = digit(e, shift);
            dst[at[b]] = *e;
            at[b] += 1;
        }
        std::mem::swap(&mut src, &mut dst);
        in_tmp = !in_tmp;
        shift += 8;
    }
    if in_tmp {
        dst.copy_from_slice(src);
    }
}

/// Merges equal keys of the sorted `v` into one entry each, summing their counts, at the
/// front of `v`: their number, and false when a sum overflowed.
fn unique<E: Entry>(v: &mut [E]) -> (usize, bool) {
    let mut ok = true;
    let mut w = 0;
    for r in 0..v.len() {
        if w > 0 && v[w - 1].key() == v[r].key() {
            let x = v[r];
            ok &= v[w - 1].absorb(&x);
        } else {
            v[w] = v[r];
            w += 1;
        }
    }
    (w, ok)
}

/// Appends to `out` the entries of the sorted `v` whose keys are in neither sorted `a` nor
/// sorted `b` (the merge starts at the first key of `v` in each).
fn subtract_into<E: Entry>(v: &[E], a: &[E], b: &[E], out: &mut Vec<E>) {
    let Some(first) = v.first().map(Entry::key) else {
        return;
    };
    let mut i = a.partition_point(|x| x.key() < first);
    let mut j = b.partition_point(|x| x.key() < first);
    for e in v {
        let k = e.key();
        while i < a.len() && a[i].key() < k {
            i += 1;
        }
        while j < b.len() && b[j].key() < k {
            j += 1;
        }
        let seen = a.get(i).is_some_and(|x| x.key() == k) || b.get(j).is_some_and(|x| x.key() == k);
        if !seen {
            out.push(*e);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::moves::legal_moves;
    use crate::search::tests::variant_puzzle;

    fn puzzles() -> Vec<(&'static str, Puzzle)> {
        vec![
            ("antwerp 2", variant_puzzle("antwerp", "T33", 2)),
            ("antwerp 3", variant_puzzle("antwerp", "T33", 3)),
            ("turtle 4", variant_puzzle("turtle", "HAHA", 4)),
            ("multi-stack 3", variant_puzzle("multi-stack", "HAHA", 3)),
        ]
    }

    /// Keys are exact (decoding gives the configuration back) and every successor found by
    /// the key route is a move of `legal_moves`, and the other way round.
    #[test]
    fn keys_round_trip_and_successors_are_the_legal_moves() {
        for (name, p) in puzzles() {
            assert!(every_move_undoable(&p), "{name}");
            let codec = Codec::new(&p).unwrap();
            let mut config = p.start.clone();
            let mut seen = std::collections::BTreeSet::new();
            let mut todo = vec![p.start.clone()];
            while let Some(c) = todo.pop() {
                let key = codec.encode(&c);
                if !seen.insert(key) || seen.len() > 3000 {
                    continue;
                }
                codec.decode_into(key, &mut config);
                assert_eq!(config, c, "{name}");
                let mut got = vec![];
                successors(&codec, &key, &mut got);
                let mut want: Vec<u128> = legal_moves(&p, &c)
                    .iter()
                    .map(|(_, n)| codec.encode(n))
                    .collect();
                got.sort_unstable();
                want.sort_unstable();
                assert_eq!(got, want, "{name}");
                // Every move can be undone: the start is among its successors' successors.
                for (_, next) in legal_moves(&p, &c) {
                    assert!(
                        legal_moves(&p, &next).iter().any(|(_, b)| *b == c),
                        "{name}"
                    );
                    todo.push(next);
                }
            }
        }
    }

    /// The sorted layers answer as the interned configurations do (a solution asked sends
    /// the search to the interned route): the minimum, the states met, every layer's size
    /// and the number of optimal solutions, also over the whole graph.
    #[test]
    fn sorted_layers_agree_with_the_interned_route() {
        use crate::search::{search, Encoding};
        for (name, p) in puzzles() {
            for explore_all in [false, true] {
                let sorted = SearchOptions {
                    count: true,
                    explore_all,
                    ..Default::default()
                };
                let interned = SearchOptions {
                    solution: true,
                    ..sorted
                };
                let a = search(&p, &sorted).unwrap();
                let b = search(&p, &interned).unwrap();
                assert_eq!(a.encoding, Encoding::SortedLayers, "{name}");
                assert_eq!(b.encoding, Encoding::Generic, "{name}");
                assert_eq!(
                    (
                        a.minimum,
                        a.states,
                        &a.layers,
                        a.complete,
                        &a.optimal_solutions
                    ),
                    (
                        b.minimum,
                        b.states,
                        &b.layers,
                        b.complete,
                        &b.optimal_solutions
                    ),
                    "{name}"
                );
            }
        }
    }

    /// A goal the keys cannot hold exactly (other colours than the start's, or under the
    /// strict rule a disc on a smaller one) is left to the interned route, which finds it
    /// unreachable.
    #[test]
    fn a_goal_without_a_key_is_unreachable_not_matched() {
        use crate::search::{search, Encoding};
        let mut recoloured = variant_puzzle("turtle", "HAHA", 3);
        recoloured.goal.colours.swap(0, 3);
        let mut upside_down = variant_puzzle("turtle", "HAHA", 3);
        upside_down.goal = upside_down.start.clone();
        let pin = upside_down
            .goal
            .pins
            .iter()
            .position(|s| s.len() > 1)
            .unwrap();
        upside_down.goal.pins[pin].reverse();
        for p in [recoloured, upside_down] {
            assert!(!applies(&p, &SearchOptions::default()));
            let r = search(&p, &SearchOptions::default()).unwrap();
            assert_eq!((r.minimum, r.encoding), (None, Encoding::Generic));
        }
    }

    /// A puzzle whose moves cannot all be undone is not for this route: cyclic moves, a
    /// colour change, a start that breaks its own placement rule.
    #[test]
    fn one_way_moves_are_recognised() {
        let lundon = variant_puzzle("lundon", "Lundon", 3);
        assert!(!every_move_undoable(&lundon));
        let mut cyclic = variant_puzzle("antwerp", "T33", 2);
        cyclic.rules.arcs = crate::puzzle::MoveGraph::Cycle.arcs(3);
        assert!(!every_move_undoable(&cyclic));
        let mut fenced = variant_puzzle("turtle", "HAHA", 3);
        if let Some(m) = fenced.rules.access.as_mut() {
            m[0] &= !1; // stack 0 may no longer lie on its home pin 0
        }
        assert!(!every_move_undoable(&fenced));
    }

    #[test]
    fn the_radix_sort_sorts_and_unique_sums() {
        let mut x = 0x2545_f491_4f6c_dd1du64;
        let v: Vec<(u128, u128)> = (0..5000)
            .map(|_| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                (u128::from(x % 700) << 60 | u128::from(x % 3), 1)
            })
            .collect();
        let mut want: Vec<u128> = v.iter().map(|e| e.0).collect();
        want.sort_unstable();
        let mut b = Vec::new();
        let starts = partition(&[v], 70, 5, (0, 0), &mut b);
        let mut tmp = vec![(0, 0); b.len()];
        for k in 0..32 {
            let (lo, hi) = (starts[k], starts[k + 1]);
            lsd_sort(&mut b[lo..hi], &mut tmp[lo..hi], 65);
        }
        let mut v = b;
        assert_eq!(v.iter().map(|e| e.0).collect::<Vec<_>>(), want);
        let (len, ok) = unique(&mut v);
        assert!(ok);
        v.truncate(len);
        want.dedup();
        assert_eq!(v.iter().map(|e| e.0).collect::<Vec<_>>(), want);
        assert_eq!(v.iter().map(|e| e.1).sum::<u128>(), 5000);
        let mut full = vec![(7u128, u128::MAX), (7, 1)];
        assert!(!unique(&mut full).1);
    }
}

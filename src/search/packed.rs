//! The generic encoding's interned configurations, packed: one fixed-width byte string per
//! configuration in one flat buffer, and an open-addressing table of 32-bit indices into
//! it.
//!
//! A [`Config`] is a list of pins, each a list of disc ids, and the colours: three heap
//! allocations and about 400 bytes for a dozen discs on six pins, held twice (in the list
//! and as a hash key), cloned for every successor tried. Packed, the same configuration is
//! `pins + discs` bytes (each pin's height, then its discs bottom to top; two bytes each
//! past 255 discs) plus one colour byte per disc when colours can change; successors are
//! tried in place on one decoded configuration. The packing is exact: two configurations
//! have the same bytes if and only if they are equal (heights delimit the pins; colours
//! that never change are the start's, and a configuration with other colours is not in the
//! search at all).

use super::moves::landing;
use crate::puzzle::{Config, Move, Puzzle, Recolour};

/// A slot: the index in the low 32 bits, the hash's high 32 bits above it (most probes of
/// another key end at the tag, without reading the key).
const EMPTY: u64 = u64::MAX;

/// Interned configurations in discovery order: index `i` is the `i`-th configuration met.
pub(super) struct Interned {
    pins: usize,
    discs: usize,
    /// Two bytes per element (more than 255 discs).
    wide: bool,
    /// The colours of every configuration when they never change (then not stored).
    fixed_colours: Option<Vec<u8>>,
    width: usize,
    len: usize,
    bytes: Vec<u8>,
    slots: Vec<u64>,
}

/// Why a configuration could not be interned.
pub(super) enum Full {
    /// The next configuration would take the bytes held past this many.
    Bytes(u64),
    /// More configurations than a 32-bit index counts.
    Indices,
    /// A configuration with other colours than the start's where colours never change (no
    /// search reaches one; only a checkpoint could list it).
    Foreign,
}

/// Where a key not in the table goes: its empty slot and its hash (so adding it does not
/// hash it again).
struct Vacant {
    slot: usize,
    hash: u64,
}

impl Interned {
    /// An empty set for configurations of `puzzle`.
    pub(super) fn new(puzzle: &Puzzle) -> Interned {
        let discs = puzzle.discs.len();
        let wide = discs > 255;
        let fixed_colours =
            matches!(puzzle.rules.recolour, Recolour::Fixed).then(|| puzzle.start.colours.clone());
        let width = (puzzle.pins + discs) * if wide { 2 } else { 1 }
            + if fixed_colours.is_some() { 0 } else { discs };
        Interned {
            pins: puzzle.pins,
            discs,
            wide,
            fixed_colours,
            width: width.max(1),
            len: 0,
            bytes: Vec::new(),
            slots: vec![EMPTY; MIN_SLOTS],
        }
    }

    /// Bytes of one packed configuration.
    pub(super) fn width(&self) -> usize {
        self.width
    }

    /// The number of configurations interned.
    pub(super) fn len(&self) -> usize {
        self.len
    }

    /// Bytes held now (buffer and table capacities).
    pub(super) fn held_bytes(&self) -> u64 {
        (self.bytes.capacity() + 8 * self.slots.len()) as u64
    }

    /// The bytes held at the fullest while the next configuration is added: when the buffer
    /// or the table grows, the old and the new one are live together.
    fn bytes_while_adding(&self) -> u64 {
        let (_, buffer_peak) = grown_buffer(self.bytes.capacity(), self.len, self.width);
        let (slots, slots_peak) = grown_slots(self.slots.len(), self.len + 1);
        // The table is rehashed first (beside the old buffer), then the buffer grows.
        (self.bytes.capacity() + 8 * slots_peak).max(buffer_peak + 8 * slots) as u64
    }

    /// Packs `c` into `out`; false when its colours differ from the fixed ones (no such
    /// configuration is reachable).
    fn pack(&self, c: &Config, out: &mut Vec<u8>) -> bool {
        if self.fixed_colours.as_ref().is_some_and(|f| *f != c.colours) {
            return false;
        }
        out.clear();
        let mut put = |x: usize| {
            if self.wide {
                out.extend_from_slice(&(x as u16).to_le_bytes());
            } else {
                out.push(x as u8);
            }
        };
        for pin in &c.pins {
            put(pin.len());
            for &d in pin {
                put(d as usize);
            }
        }
        if self.fixed_colours.is_none() {
            out.extend_from_slice(&c.colours);
        }
        out.resize(self.width, 0);
        true
    }

    /// The configuration of index `i`.
    pub(super) fn config(&self, i: u64) -> Config {
        let mut c = Config {
            pins: vec![Vec::new(); self.pins],
            colours: vec![0; self.discs],
        };
        self.decode_into(i as usize, &mut c);
        c
    }

    fn decode_into(&self, i: usize, c: &mut Config) {
        let b = &self.bytes[i * self.width..(i + 1) * self.width];
        let mut at = 0;
        let mut get = || {
            let x = if self.wide {
                u16::from_le_bytes([b[at], b[at + 1]]) as usize
            } else {
                b[at] as usize
            };
            at += if self.wide { 2 } else { 1 };
            x
        };
        for pin in c.pins.iter_mut() {
            pin.clear();
            let h = get();
            for _ in 0..h {
                pin.push(get() as u32);
            }
        }
        match &self.fixed_colours {
            Some(f) => c.colours.clone_from(f),
            None => c.colours.copy_from_slice(&b[at..at + self.discs]),
        }
    }

    fn key(&self, i: usize) -> &[u8] {
        &self.bytes[i * self.width..(i + 1) * self.width]
    }

    /// The index of `key` (`Ok`) or where it would go (`Err`).
    fn probe(&self, key: &[u8]) -> Result<u32, Vacant> {
        let mask = self.slots.len() - 1;
        let h = hash(key);
        let tag = h & !0xFFFF_FFFF;
        let mut s = h as usize & mask;
        loop {
            match self.slots[s] {
                EMPTY => return Err(Vacant { slot: s, hash: h }),
                x if x & !0xFFFF_FFFF == tag && self.key(x as u32 as usize) == key => {
                    return Ok(x as u32)
                }
                _ => s = (s + 1) & mask,
            }
        }
    }

    /// The index of `c`, if it was interned.
    pub(super) fn find(&self, c: &Config) -> Option<u64> {
        let mut key = Vec::with_capacity(self.width);
        if !self.pack(c, &mut key) {
            return None;
        }
        self.probe(&key).ok().map(u64::from)
    }

    /// The first empty slot from the home slot of hash `h` (linear probing).
    fn vacant_slot(&self, h: u64) -> usize {
        let mask = self.slots.len() - 1;
        let mut s = h as usize & mask;
        while self.slots[s] != EMPTY {
            s = (s + 1) & mask;
        }
        s
    }

    /// Adds the packed `key` (not yet interned; `at` from [`Self::probe`]) unless the bytes
    /// held while adding it would pass `limit`; returns its index.
    fn add(&mut self, key: &[u8], at: Vacant, limit: u64) -> Result<u64, Full> {
        let Vacant { mut slot, hash: h } = at;
        let peak = self.bytes_while_adding();
        if peak > limit {
            return Err(Full::Bytes(peak));
        }
        if self.len >= u32::MAX as usize {
            return Err(Full::Indices);
        }
        let (slots, _) = grown_slots(self.slots.len(), self.len + 1);
        if slots != self.slots.len() {
            self.rehash(slots);
            slot = self.vacant_slot(h);
        }
        let (buffer, _) = grown_buffer(self.bytes.capacity(), self.len, self.width);
        if buffer != self.bytes.capacity() {
            self.bytes.reserve_exact(buffer - self.bytes.len());
        }
        self.bytes.extend_from_slice(key);
        self.slots[slot] = h & !0xFFFF_FFFF | self.len as u64;
        self.len += 1;
        Ok(self.len as u64 - 1)
    }

    fn rehash(&mut self, slots: usize) {
        self.slots = vec![EMPTY; slots];
        for i in 0..self.len {
            let h = hash(self.key(i));
            let s = self.vacant_slot(h);
            self.slots[s] = h & !0xFFFF_FFFF | i as u64;
        }
    }

    /// Interns `c` (a start, or a configuration read back from a checkpoint): its index and
    /// whether it is new.
    pub(super) fn intern(&mut self, c: &Config, limit: u64) -> Result<(u64, bool), Full> {
        let mut key = Vec::with_capacity(self.width);
        if !self.pack(c, &mut key) {
            return Err(Full::Foreign);
        }
        match self.probe(&key) {
            Ok(i) => Ok((i as u64, false)),
            Err(at) => self.add(&key, at, limit).map(|i| (i, true)),
        }
    }

    /// Interns every configuration one move from index `u` that is not interned yet, in the
    /// order of [`super::moves::legal_moves`], unless the bytes held would pass `limit`.
    pub(super) fn intern_successors(
        &mut self,
        puzzle: &Puzzle,
        u: u64,
        scratch: &mut Scratch,
        limit: u64,
    ) -> Result<(), Full> {
        self.decode_into(u as usize, &mut scratch.config);
        for from in 0..self.pins {
            if scratch.config.pins[from].is_empty() {
                continue;
            }
            for to in 0..self.pins {
                let Some((d, colour)) = landing(puzzle, &scratch.config, from, to) else {
                    continue;
                };
                let was = apply(&mut scratch.config, from, to, d, colour);
                self.pack(&scratch.config, &mut scratch.key);
                undo(&mut scratch.config, from, to, d, was);
                if let Err(at) = self.probe(&scratch.key) {
                    self.add(&scratch.key, at, limit)?;
                }
            }
        }
        Ok(())
    }

    /// Calls `f` with the index of every interned configuration one move from `u`, and the
    /// move, in the order of [`super::moves::legal_moves`].
    pub(super) fn for_each_successor(&self, puzzle: &Puzzle, u: u64, f: &mut dyn FnMut(u64, Move)) {
        let mut config = self.config(u);
        let mut key = Vec::with_capacity(self.width);
        for from in 0..self.pins {
            if config.pins[from].is_empty() {
                continue;
            }
            for to in 0..self.pins {
                let Some((d, colour)) = landing(puzzle, &config, from, to) else {
                    continue;
                };
                let was = apply(&mut config, from, to, d, colour);
                self.pack(&config, &mut key);
                undo(&mut config, from, to, d, was);
                if let Ok(v) = self.probe(&key) {
                    f(v as u64, Move::new(from, to));
                }
            }
        }
    }
}

/// A decoded configuration and a key buffer, reused across expansions.
pub(super) struct Scratch {
    config: Config,
    key: Vec<u8>,
}

impl Scratch {
    pub(super) fn new(g: &Interned) -> Scratch {
        Scratch {
            config: Config {
                pins: vec![Vec::with_capacity(g.discs); g.pins],
                colours: vec![0; g.discs],
            },
            key: Vec::with_capacity(g.width),
        }
    }
}

fn apply(c: &mut Config, from: usize, to: usize, d: u32, colour: u8) -> u8 {
    c.pins[from].pop();
    c.pins[to].push(d);
    std::mem::replace(&mut c.colours[d as usize], colour)
}

fn undo(c: &mut Config, from: usize, to: usize, d: u32, colour: u8) {
    c.pins[to].pop();
    c.pins[from].push(d);
    c.colours[d as usize] = colour;
}

/// FxHash's multiply-rotate over 8-byte words, then splitmix64's finaliser (the table takes
/// the slot from the low bits).
fn hash(key: &[u8]) -> u64 {
    let mut h = key.len() as u64;
    let mut words = key.chunks_exact(8);
    for w in words.by_ref() {
        let x = u64::from_le_bytes(w.try_into().expect("8 bytes"));
        h = (h.rotate_left(5) ^ x).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
    let mut last = [0u8; 8];
    let rest = words.remainder();
    last[..rest.len()].copy_from_slice(rest);
    h = (h.rotate_left(5) ^ u64::from_le_bytes(last)).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    h = (h ^ (h >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    h = (h ^ (h >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    h ^ (h >> 31)
}

const MIN_SLOTS: usize = 16;

/// The table's slots for `len` entries at most 3/4 full, from `slots` (doubling), and the
/// slots live at the fullest while it grows (old and new table).
fn grown_slots(slots: usize, len: usize) -> (usize, usize) {
    let mut s = slots.max(MIN_SLOTS);
    while len * 4 > s * 3 {
        s *= 2;
    }
    (s, if s > slots { s + slots } else { s })
}

/// The buffer's capacity after adding the `len + 1`-th key of `width` bytes to one of
/// capacity `cap` (doubling, from four keys), and the bytes live at the fullest meanwhile.
fn grown_buffer(cap: usize, len: usize, width: usize) -> (usize, usize) {
    let need = (len + 1) * width;
    if need <= cap {
        return (cap, cap);
    }
    let new = (2 * cap).max(4 * width).max(need);
    (new, new + cap)
}

/// The bytes an [`Interned`] of `states` configurations of `width` bytes held at its
/// fullest while it grew to them, by the same growth rules as the set itself (the memory
/// estimate before a run).
pub(super) fn peak_bytes_for(states: u64, width: usize) -> u64 {
    // Walk the growth events: the buffer doubles at some lengths, the table at others.
    let mut cap = 0usize;
    let mut slots = MIN_SLOTS;
    let mut peak = (8 * slots) as u64;
    let mut len = 0u64;
    while len < states {
        // The next length at which the buffer or the table grows.
        let buffer_full = (cap / width) as u64;
        let table_full = (slots * 3 / 4) as u64;
        let next = buffer_full.min(table_full).min(states);
        len = next.max(len);
        if len >= states {
            break;
        }
        let (c2, c_peak) = grown_buffer(cap, len as usize, width);
        let (s2, s_peak) = grown_slots(slots, len as usize + 1);
        peak = peak
            .max((cap + 8 * s_peak) as u64)
            .max((c_peak + 8 * s2) as u64);
        cap = c2;
        slots = s2;
        len += 1;
    }
    peak.max((cap + 8 * slots) as u64)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::moves::legal_moves;

    fn puzzles() -> Vec<Puzzle> {
        let v = crate::search::tests::variant_puzzle;
        vec![
            v("antwerp", "T33", 2),
            v("turtle", "HAHA", 3),
            v("multi-stack", "HAHA", 2),
            v("domino", "DDE", 3),
            v("lundon", "Lundon", 3),
        ]
    }

    /// Packing is exact (equal bytes if and only if equal configurations), and the
    /// successors found in place are those of `legal_moves`, in its order.
    #[test]
    fn packed_successors_equal_the_configuration_moves() {
        for p in puzzles() {
            let mut g = Interned::new(&p);
            g.intern(&p.start, u64::MAX).ok().unwrap();
            let mut scratch = Scratch::new(&g);
            let mut u = 0;
            while u < g.len() as u64 && u < 2000 {
                let c = g.config(u);
                assert_eq!(g.find(&c), Some(u));
                g.intern_successors(&p, u, &mut scratch, u64::MAX)
                    .ok()
                    .unwrap();
                let want: Vec<(u64, Move)> = legal_moves(&p, &c)
                    .into_iter()
                    .map(|(m, next)| (g.find(&next).unwrap(), m))
                    .collect();
                let mut got = vec![];
                g.for_each_successor(&p, u, &mut |v, m| got.push((v, m)));
                assert_eq!(got, want);
                for (v, _) in &want {
                    let back = g.config(*v);
                    assert!(legal_moves(&p, &c).iter().any(|(_, n)| *n == back));
                }
                u += 1;
            }
        }
    }

    /// The peak computed for a final size before a run equals the bytes held at the fullest
    /// when the configurations are added one by one.
    #[test]
    fn the_peak_formula_follows_the_growth() {
        for p in puzzles() {
            let mut all = Interned::new(&p);
            let mut scratch = Scratch::new(&all);
            all.intern(&p.start, u64::MAX).ok().unwrap();
            let mut u = 0;
            while u < all.len() as u64 && all.len() < 5000 {
                all.intern_successors(&p, u, &mut scratch, u64::MAX)
                    .ok()
                    .unwrap();
                u += 1;
            }
            let mut g = Interned::new(&p);
            let mut peak = g.held_bytes();
            for i in 0..all.len() as u64 {
                peak = peak.max(g.bytes_while_adding());
                g.intern(&all.config(i), u64::MAX).ok().unwrap();
                peak = peak.max(g.held_bytes());
                assert_eq!(
                    peak_bytes_for(g.len() as u64, g.width()),
                    peak,
                    "{} states",
                    g.len()
                );
            }
        }
    }
}

//! A compact index of the configurations of a puzzle whose pins other than pin 0 are
//! interchangeable, up to a renaming of those pins.
//!
//! A configuration of `m` distinct discs is the pin of every disc. Read from the largest disc
//! to the smallest, a configuration is a word over the pins; the pins `1..p` are renamed in
//! the order in which they first occur in that word (the largest disc off pin 0 goes to pin
//! 1, the largest disc on neither pin 0 nor pin 1 to pin 2, ...). The renamed word is the
//! canonical representative of the configuration's orbit under the permutations of pins
//! `1..p`: a renaming that is an automorphism of the state graph (complete move graph, the
//! same base on every pin but pin 0) maps the orbit onto itself, so a breadth-first search
//! over representatives finds every distance of the full graph, with a `(p-1)!` times
//! smaller table.
//!
//! The representatives (and, with a colour rule, only the configurations whose every disc
//! sits legally on the disc or base below it: the others are never reached) are the words
//! accepted by a small automaton read from the largest disc down: its state is the number of
//! pins named so far and, with a colour rule, the colour on top of each pin. Counting the
//! accepted completions of every state ranks a word in one pass (`rank` is the number of
//! accepted words before it in lexicographic order, largest disc first) and unranks it in
//! another: a bijection between the representatives and `0..size`, with no gaps, so the
//! breadth-first table has one entry per representative. Without the renaming
//! (`symmetric = false`) the same automaton indexes the legal configurations themselves; the
//! tests use it as the unreduced route.

use crate::puzzle::ColourRule;
use std::collections::HashMap;

/// "No transition" in the automaton's table.
const NONE: u32 = u32::MAX;
/// "Empty pin" in an automaton state's tops (the base decides).
const EMPTY: u8 = u8::MAX;

/// The discs and rules the index needs (all discs of distinct sizes; `colours[j]` is the
/// fixed colour of the `j`-th smallest disc).
pub(crate) struct IndexSpec<'a> {
    /// Number of pins.
    pub pins: usize,
    /// Fixed colour of every disc, smallest first.
    pub colours: &'a [u8],
    /// The colour rule between a disc and what it sits on.
    pub rule: ColourRule,
    /// Base colour of each pin (`None`: accepts anything). With `symmetric`, pins `1..p`
    /// must share one base.
    pub bases: &'a [Option<u8>],
    /// Whether configurations are identified up to a renaming of pins `1..p`.
    pub symmetric: bool,
}

/// The rank of one configuration and what its canonical word uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Ranked {
    /// Position among the representatives, `0..size`.
    pub rank: u64,
    /// Bit `x` set when canonical pin `x` holds a disc.
    pub used: u64,
}

/// The index (see the module documentation).
pub(crate) struct CanonicalIndex {
    pins: usize,
    m: usize,
    symmetric: bool,
    /// Automaton states.
    states: usize,
    /// `trans[(j * states + q) * pins + x]`: the state after placing disc `j` on (canonical)
    /// pin `x` in state `q`, or [`NONE`].
    trans: Vec<u32>,
    /// `acc[(j * states + q) * pins + x]`: the accepted completions (discs `j..0`) of the
    /// choices `y < x` for disc `j` in state `q`.
    acc: Vec<u64>,
    q0: u32,
    /// Number of representatives.
    pub size: u64,
    /// `p^j`.
    pow: Vec<u64>,
    pin_bits: Option<u32>,
}

impl CanonicalIndex {
    /// The index of `spec`, or `None` when its size does not fit in 64 bits (or the spec has
    /// no pins).
    pub(crate) fn new(spec: &IndexSpec) -> Option<CanonicalIndex> {
        let p = spec.pins;
        let m = spec.colours.len();
        if !(1..=64).contains(&p) {
            return None;
        }
        let coloured = spec.rule != ColourRule::Any;
        // An automaton state: [labels used, top colour of pin 0, ..., of pin p-1].
        let mut ids: HashMap<Vec<u8>, u32> = HashMap::new();
        let mut keys: Vec<Vec<u8>> = Vec::new();
        let mut intern = |key: Vec<u8>, keys: &mut Vec<Vec<u8>>| -> u32 {
            *ids.entry(key.clone()).or_insert_with(|| {
                keys.push(key);
                keys.len() as u32 - 1
            })
        };
        let first = vec![0u8; 1]
            .into_iter()
            .chain(std::iter::repeat_n(EMPTY, if coloured { p } else { 0 }))
            .collect();
        let q0 = intern(first, &mut keys);
        // Transitions level by level, largest disc first; states are shared across levels.
        let mut edges: Vec<Vec<(u32, usize, u32)>> = vec![Vec::new(); m];
        let mut level = vec![q0];
        for j in (0..m).rev() {
            let mut next = Vec::new();
            let mut seen = std::collections::HashSet::new();
            for &q in &level {
                let key = keys[q as usize].clone();
                let k = key[0] as usize;
                let choices = if spec.symmetric { (k + 2).min(p) } else { p };
                for x in 0..choices {
                    if coloured {
                        let top = key[1 + x];
                        let under = if top == EMPTY {
                            spec.bases[x]
                        } else {
                            Some(top)
                        };
                        if let Some(u) = under {
                            let c = spec.colours[j];
                            if !spec.rule.admits(c, u) {
                                continue;
                            }
                        }
                    }
                    let mut to = key.clone();
                    if spec.symmetric && x > k {
                        to[0] = x as u8;
                    }
                    if coloured {
                        to[1 + x] = spec.colours[j];
                    }
                    let t = intern(to, &mut keys);
                    edges[j].push((q, x, t));
                    if seen.insert(t) {
                        next.push(t);
                    }
                }
            }
            level = next;
        }
        let states = keys.len();
        let mut trans = vec![NONE; m * states * p];
        for (j, list) in edges.iter().enumerate() {
            for &(q, x, t) in list {
                trans[(j * states + q as usize) * p + x] = t;
            }
        }
        // completions[j][q]: accepted words for discs j-1..0 from state q.
        let mut completions = vec![1u64; states];
        let mut acc = vec![0u64; m * states * p];
        for j in 0..m {
            let mut here = vec![0u64; states];
            for (q, h) in here.iter_mut().enumerate() {
                let mut sum = 0u64;
                for x in 0..p {
                    let at = (j * states + q) * p + x;
                    acc[at] = sum;
                    let t = trans[at];
                    if t != NONE {
                        sum = sum.checked_add(completions[t as usize])?;
                    }
                }
                *h = sum;
            }
            completions = here;
        }
        let size = completions[q0 as usize];
        let mut pow = Vec::with_capacity(m);
        let mut x = 1u64;
        for _ in 0..m {
            pow.push(x);
            x = x.checked_mul(p as u64)?;
        }
        Some(CanonicalIndex {
            pins: p,
            m,
            symmetric: spec.symmetric,
            states,
            trans,
            acc,
            q0,
            size,
            pow,
            pin_bits: (p as u64)
                .is_power_of_two()
                .then(|| (p as u64).trailing_zeros()),
        })
    }

    /// The pin of disc `j` in the dense index `idx` (base `p`, disc 0 the smallest).
    #[inline(always)]
    fn digit(&self, idx: u64, j: usize) -> usize {
        match self.pin_bits {
            Some(b) => ((idx >> (b as usize * j)) & ((1u64 << b) - 1)) as usize,
            None => (idx / self.pow[j] % self.pins as u64) as usize,
        }
    }

    /// The rank of the configuration with dense index `idx` (pin of disc `j` as digit `j`,
    /// base `p`; the index of [`super::dense::DenseSpace`] for fixed colours), after renaming
    /// its pins; `None` when a disc sits illegally (not a configuration of the index).
    #[inline]
    pub(crate) fn rank(&self, idx: u64) -> Option<Ranked> {
        let p = self.pins;
        let mut names = [u8::MAX; 64];
        names[0] = 0;
        let mut next_name = 1u8;
        let mut q = self.q0 as usize;
        let mut rank = 0u64;
        let mut used = 0u64;
        for j in (0..self.m).rev() {
            let pin = self.digit(idx, j);
            let x = if self.symmetric {
                if names[pin] == u8::MAX {
                    names[pin] = next_name;
                    next_name += 1;
                }
                names[pin] as usize
            } else {
                pin
            };
            used |= 1 << x;
            let at = (j * self.states + q) * p + x;
            let t = self.trans[at];
            if t == NONE {
                return None;
            }
            rank += self.acc[at];
            q = t as usize;
        }
        Some(Ranked { rank, used })
    }

    /// The dense index of the representative of rank `rank` (`rank < size`).
    #[inline]
    pub(crate) fn unrank(&self, mut rank: u64) -> u64 {
        let p = self.pins;
        let mut q = self.q0 as usize;
        let mut idx = 0u64;
        for j in (0..self.m).rev() {
            let base = (j * self.states + q) * p;
            let mut x = p - 1;
            loop {
                if self.trans[base + x] != NONE && self.acc[base + x] <= rank {
                    break;
                }
                x -= 1;
            }
            rank -= self.acc[base + x];
            q = self.trans[base + x] as usize;
            idx += x as u64 * self.pow[j];
        }
        idx
    }

    /// How many configurations the representative with `used` pins stands for: the
    /// injective renamings of its pins other than 0 into pins `1..p` (1 without symmetry).
    pub(crate) fn orbit(&self, used: u64) -> u64 {
        if !self.symmetric {
            return 1;
        }
        let k = (used & !1).count_ones() as u64;
        let free = self.pins as u64 - 1;
        (0..k).map(|i| free - i).product()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec<'a>(p: usize, colours: &'a [u8], bases: &'a [Option<u8>], sym: bool) -> IndexSpec<'a> {
        IndexSpec {
            pins: p,
            colours,
            rule: ColourRule::Any,
            bases,
            symmetric: sym,
        }
    }

    /// Without colours or symmetry the index is the plain base-p number.
    #[test]
    fn unreduced_index_is_the_dense_index() {
        let bases = [None; 4];
        let colours = [0u8; 5];
        let ix = CanonicalIndex::new(&spec(4, &colours, &bases, false)).unwrap();
        assert_eq!(ix.size, 1024);
        for idx in 0..1024 {
            assert_eq!(ix.rank(idx).unwrap().rank, idx);
            assert_eq!(ix.unrank(idx), idx);
        }
    }

    /// Ranks of representatives are 0..size without gaps, unrank inverts rank, and the orbit
    /// sizes add up to every configuration (p = 3, 4, 5; checked against brute force).
    #[test]
    fn representatives_are_ranked_without_gaps() {
        for (p, m) in [(3usize, 6usize), (4, 6), (5, 5)] {
            let bases = vec![None; p];
            let colours = vec![0u8; m];
            let ix = CanonicalIndex::new(&spec(p, &colours, &bases, true)).unwrap();
            let total = (p as u64).pow(m as u32);
            let mut seen = vec![false; ix.size as usize];
            let mut weight = 0u64;
            for idx in 0..total {
                let r = ix.rank(idx).unwrap();
                let canon = ix.unrank(r.rank);
                // The representative is a renaming of idx fixing pin 0, and its own rank.
                assert_eq!(ix.rank(canon).unwrap(), r);
                if canon == idx {
                    assert!(!seen[r.rank as usize]);
                    seen[r.rank as usize] = true;
                    weight += ix.orbit(r.used);
                }
            }
            assert!(
                seen.iter().all(|&s| s),
                "p = {p}: a rank without representative"
            );
            assert_eq!(weight, total, "p = {p}: orbits do not cover the space");
        }
    }

    /// With a colour rule, exactly the legal configurations are indexed.
    #[test]
    fn colour_rule_indexes_the_legal_configurations() {
        let p = 4;
        let m = 7;
        // Alternating colours by size, pin 0 with a coloured base (as under a larger disc).
        let colours: Vec<u8> = (0..m).map(|j| (j % 2) as u8).collect();
        let bases = [Some(1u8), None, None, None];
        for sym in [false, true] {
            let ix = CanonicalIndex::new(&IndexSpec {
                pins: p,
                colours: &colours,
                rule: ColourRule::NotSame,
                bases: &bases,
                symmetric: sym,
            })
            .unwrap();
            let mut legal = 0u64;
            for idx in 0..(p as u64).pow(m as u32) {
                let mut top: [Option<u8>; 4] = bases;
                let mut ok = true;
                for j in (0..m).rev() {
                    let pin = (idx >> (2 * j) & 3) as usize;
                    if top[pin] == Some(colours[j]) {
                        ok = false;
                    }
                    top[pin] = Some(colours[j]);
                }
                assert_eq!(ix.rank(idx).is_some(), ok);
                if ok {
                    let r = ix.rank(idx).unwrap();
                    if !sym {
                        assert_eq!(r.rank, legal);
                        assert_eq!(ix.unrank(r.rank), idx);
                    }
                    legal += 1;
                }
            }
            if !sym {
                assert_eq!(ix.size, legal);
            }
        }
    }
}

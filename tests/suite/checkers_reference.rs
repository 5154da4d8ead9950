//! Checkers Hanoi (Lunnon, `000_3e39fda85b098e00.txt`, section Checkers Hanoi): four pins,
//! all moves allowed, each disc has one of two fixed colours alternating by size (largest
//! = colour 0 = "A"), and the colours on each pin alternate, bases included (no disc on a
//! disc or coloured base of its own colour).
//!
//! [`CheckersFrame`] is the Frame-type algorithm: to move `n` discs from `src` to `dst`
//! with given base colours, choose a split `k` and an intermediate via pin `I`, move the top
//! `n - k` to `I` (recursively, all four pins), the bottom `k` by the classic three-pin
//! solution from `src` via the other via pin `J` to `dst` (legal only if the bases allow
//! it: `dst` not A, for `k >= 2` `J` not B, for `k >= 3` `src` not A, colours taken relative
//! to the k-stack's largest disc), and the top back from `I` onto `dst`. The split is the
//! best one (exact minimum over all `k` and `I`), so the count is memoised per
//! (bases relative to the stack colour, source, destination, size) — the parity rules of
//! the seed (k forced even once the bases are covered, etc.) are consequences of the
//! colour conditions, not extra rules. Reached from `DDDD` are the six functions the seed
//! names (up to reflection and swapping the via pins); see `docs/checkrev.md`.
//!
//! A reference implementation, independent of the variant file's program: the tests set it
//! against `checkers.toml` and against the seed's printed values.

use hanoilab::puzzle::model::{
    ColourRule, Config, Disc, Move, MoveGraph, Puzzle, Recolour, Rules, SizeRule,
};
use num_bigint::BigInt;
use std::collections::BTreeMap;

/// Relative base colours of the four pins (None = uncoloured, 0 = colour of the stack's
/// largest disc, 1 = the other).
pub type Bases = [Option<u8>; 4];

type Key = (usize, Bases, usize, usize);

/// One chosen split: `k` bottom discs by the classic solution via `j`; top parked on `i`
/// (`None` when `k = n`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Split {
    /// Size of the bottom block moved by the classic solution.
    pub k: usize,
    /// Pin holding the top `n - k` meanwhile (`None` if `k = n`).
    pub i: Option<usize>,
    /// Middle pin of the classic transfer.
    pub j: usize,
}

/// The Frame-type Checkers algorithm with memoised exact counts.
#[derive(Clone, Debug, Default)]
pub struct CheckersFrame {
    memo: BTreeMap<Key, Option<(BigInt, Split)>>,
}

fn shift(b: Option<u8>, s: u8) -> Option<u8> {
    b.map(|c| c ^ s)
}

fn classic_ok(k: usize, r: &Bases, src: usize, j: usize, dst: usize) -> bool {
    !(k >= 1 && r[dst] == Some(0) || k >= 2 && r[j] == Some(1) || k >= 3 && r[src] == Some(0))
}

fn pow2m1(k: usize) -> BigInt {
    (BigInt::from(1) << k) - 1
}

impl CheckersFrame {
    /// An empty memo.
    pub fn new() -> CheckersFrame {
        CheckersFrame::default()
    }

    /// `DDDD(n)`: all bases uncoloured, pin 0 to pin 3.
    pub fn dddd(&mut self, n: usize) -> BigInt {
        self.count(n, [None; 4], 0, 3)
            .expect("DDDD is always soluble")
    }

    /// Count for `n` discs from `src` to `dst` with relative bases `r`, or `None` if no
    /// Frame-type solution exists. Computed bottom-up in `n` (no deep recursion).
    pub fn count(&mut self, n: usize, r: Bases, src: usize, dst: usize) -> Option<BigInt> {
        self.solve(n, r, src, dst).map(|(c, _)| c)
    }

    /// Best split for this problem (None if insoluble or n = 0).
    pub fn split(&mut self, n: usize, r: Bases, src: usize, dst: usize) -> Option<Split> {
        if n == 0 {
            return None;
        }
        self.solve(n, r, src, dst).map(|(_, s)| s)
    }

    fn solve(&mut self, n: usize, r: Bases, src: usize, dst: usize) -> Option<(BigInt, Split)> {
        if n == 0 {
            return Some((
                BigInt::from(0),
                Split {
                    k: 0,
                    i: None,
                    j: src,
                },
            ));
        }
        let key = (n, r, src, dst);
        if let Some(v) = self.memo.get(&key) {
            return v.clone();
        }
        let vias: Vec<usize> = (0..4).filter(|&p| p != src && p != dst).collect();
        let mut best: Option<(BigInt, Split)> = None;
        for k in 1..=n {
            let s = (k % 2) as u8;
            for (ii, &i) in vias.iter().enumerate() {
                let j = vias[1 - ii];
                if !classic_ok(k, &r, src, j, dst) {
                    continue;
                }
                let cost = if k == n {
                    pow2m1(k)
                } else {
                    let r1: Bases =
                        std::array::from_fn(|p| if p == src { Some(1) } else { shift(r[p], s) });
                    let r2: Bases =
                        std::array::from_fn(|p| if p == dst { Some(1) } else { shift(r[p], s) });
                    let Some((c1, _)) = self.solve(n - k, r1, src, i) else {
                        continue;
                    };
                    let Some((c2, _)) = self.solve(n - k, r2, i, dst) else {
                        continue;
                    };
                    c1 + c2 + pow2m1(k)
                };
                let sp = Split {
                    k,
                    i: (k < n).then_some(i),
                    j,
                };
                if best.as_ref().is_none_or(|(b, _)| cost < *b) {
                    best = Some((cost, sp));
                }
            }
        }
        self.memo.insert(key, best.clone());
        best
    }

    /// The move list of the algorithm (for simulation; length = the count).
    pub fn moves(&mut self, n: usize, r: Bases, src: usize, dst: usize) -> Vec<Move> {
        let mut out = Vec::new();
        self.gen(n, r, src, dst, &mut out);
        out
    }

    fn gen(&mut self, n: usize, r: Bases, src: usize, dst: usize, out: &mut Vec<Move>) {
        let Some(sp) = self.split(n, r, src, dst) else {
            return;
        };
        let s = (sp.k % 2) as u8;
        match sp.i {
            None => classic(sp.k, src, sp.j, dst, out),
            Some(i) => {
                let r1: Bases =
                    std::array::from_fn(|p| if p == src { Some(1) } else { shift(r[p], s) });
                let r2: Bases =
                    std::array::from_fn(|p| if p == dst { Some(1) } else { shift(r[p], s) });
                self.gen(n - sp.k, r1, src, i, out);
                classic(sp.k, src, sp.j, dst, out);
                self.gen(n - sp.k, r2, i, dst, out);
            }
        }
    }
}

fn classic(k: usize, s: usize, m: usize, d: usize, out: &mut Vec<Move>) {
    if k == 0 {
        return;
    }
    classic(k - 1, s, d, m, out);
    out.push(Move::new(s, d));
    classic(k - 1, m, s, d, out);
}

/// Reve's puzzle (Frame–Stewart, 4 pegs): `T(n) = min_k 2 T(n-k) + 2^k - 1`, exact, for
/// comparison (the `sequences` module has the general version).
pub fn reves_count(n: usize) -> BigInt {
    let mut t: Vec<BigInt> = vec![BigInt::from(0)];
    for m in 1..=n {
        let v = (1..=m)
            .map(|k| &t[m - k] * 2 + pow2m1(k))
            .min()
            .expect("m >= 1");
        t.push(v);
    }
    t[n].clone()
}

/// Lunnon's "persistence" `p(n) = n - S_k` with `S_k = floor((k+1)^2 / 2)` and
/// `T_k <= n < T_{k+1}` (triangular numbers `T_k = k(k+1)/2`).
pub fn persistence(n: u64) -> i64 {
    let mut k = 0u64;
    while (k + 1) * (k + 2) / 2 <= n {
        k += 1;
    }
    n as i64 - ((k + 1) * (k + 1) / 2) as i64
}

/// The Checkers rules on four pins.
pub fn checkers_rules() -> Rules {
    Rules {
        arcs: MoveGraph::Complete.arcs(4),
        size_rule: SizeRule::Strict,
        colour_rule: ColourRule::NotSame,
        recolour: Recolour::Fixed,
        check_after_recolour: true,
        access: None,
    }
}

/// A Checkers puzzle: `n` discs on pin 0 (alternating colours, largest A) to pin 3 with the
/// given absolute base colours.
pub fn checkers_puzzle(n: usize, bases: Vec<Option<u8>>) -> Puzzle {
    let mk = |pin: usize| {
        let mut p = vec![Vec::new(); 4];
        p[pin] = (0..n as u32).collect();
        Config {
            pins: p,
            colours: (0..n).map(|i| (i % 2) as u8).collect(),
        }
    };
    Puzzle {
        pins: 4,
        discs: (0..n)
            .map(|i| Disc {
                size: (n - i) as u32,
                group: 0,
            })
            .collect(),
        rules: checkers_rules(),
        bases,
        start: mk(0),
        goal: mk(3),
    }
}

/// `Checkers_P`: the moves of Lunnon's periodic rule
/// ([`hanoilab::variants::alternatives::four_pin_periodic`]) played under Checkers
/// rules with uncoloured bases (they are legal there and solve `DDDD(n)`, very slowly).
pub fn checkers_p(n: usize) -> impl Iterator<Item = hanoilab::puzzle::model::Move> {
    hanoilab::variants::alternatives::four_pin_periodic(n as u32)
}

/// One row of the Checkers / Reve's comparison.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct ComparisonRow {
    /// Number of discs.
    pub n: u64,
    /// `DDDD(n)` of the Frame-type Checkers algorithm (decimal string, exact).
    pub checkers: String,
    /// Reve's (Frame–Stewart, 4 pegs) count (decimal string, exact).
    pub reves: String,
    /// Lunnon's persistence `p(n)`.
    pub persistence: i64,
    /// Whether the two counts are equal.
    pub equal: bool,
}

/// Checkers `DDDD(n)` against Reve's for `n` in a range, with the persistence rule.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Comparison {
    /// The rows, by increasing n.
    pub rows: Vec<ComparisonRow>,
    /// The n where Lunnon's rule "equal iff |p(n)| <= 2" fails (empty when it holds).
    pub persistence_rule_failures: Vec<u64>,
}

impl Comparison {
    /// Computes the comparison for `n` in `range`.
    pub fn compute(range: std::ops::RangeInclusive<u64>) -> Comparison {
        let mut f = CheckersFrame::new();
        let mut rows = Vec::new();
        let mut fails = Vec::new();
        for n in range {
            let c = f.dddd(n as usize);
            let r = reves_count(n as usize);
            let p = persistence(n);
            let equal = c == r;
            if n > 0 && equal != (p.abs() <= 2) {
                fails.push(n);
            }
            rows.push(ComparisonRow {
                n,
                checkers: c.to_string(),
                reves: r.to_string(),
                persistence: p,
                equal,
            });
        }
        Comparison {
            rows,
            persistence_rule_failures: fails,
        }
    }

    /// A Markdown table.
    pub fn to_markdown(&self) -> String {
        let mut s =
            String::from("| n | Checkers DDDD | Reve's | p(n) | equal |\n|---|---|---|---|---|\n");
        for r in &self.rows {
            s.push_str(&format!(
                "| {} | {} | {} | {} | {} |\n",
                r.n,
                r.checkers,
                r.reves,
                r.persistence,
                if r.equal { "yes" } else { "no" }
            ));
        }
        s
    }
}

mod tests {
    use super::*;

    #[test]
    fn the_seed_prints_137_against_129_at_15() {
        // Lunnon, The Tower of Hanoi and Variations, Checkers Hanoi: 137 against 129 for Reve's.
        let mut f = CheckersFrame::new();
        assert_eq!(f.dddd(15).to_string(), "137");
        assert_eq!(reves_count(15).to_string(), "129");
        let c = Comparison::compute(1..=21);
        assert!(c.persistence_rule_failures.is_empty());
        assert!(c.to_markdown().contains("| 15 | 137 | 129 |"));
    }

    #[test]
    fn dddd_is_reves_for_small_n() {
        let mut f = CheckersFrame::new();
        for n in 0..15 {
            assert_eq!(f.dddd(n), reves_count(n), "n = {n}");
        }
    }

    #[test]
    fn persistence_examples() {
        // Lunnon: n = 10..14 have p = -2..2
        let p: Vec<i64> = (10..15).map(persistence).collect();
        assert_eq!(p, vec![-2, -1, 0, 1, 2]);
    }
}

//! The dense state index: the pin of every disc (base `p`) and, for recolouring puzzles, the
//! colour of every disc (base `k`). See the module documentation of [`crate::search`] for
//! when it is exact.

use crate::puzzle::{ColourRule, Config, Move, Puzzle, Recolour};

/// Most discs the dense index handles (digit buffers are fixed arrays).
pub(crate) const MAX_DENSE_DISCS: usize = 48;

/// A dense index space for one puzzle. Discs are numbered `j = 0..n` by increasing size
/// (`j = 0` the smallest), so the top of a pin is its smallest `j`.
pub(crate) struct DenseSpace {
    pins: usize,
    n: usize,
    /// Colour radix (1: colours fixed, not encoded).
    k: u64,
    /// Disc id of the `j`-th smallest disc.
    order: Vec<u32>,
    /// `p^j`.
    pin_pow: Vec<u64>,
    /// `p^n · k^j`.
    col_pow: Vec<u64>,
    /// `p^n`.
    pin_space: u64,
    /// `Some(b)` when `p = 2^b` (decode by shifts).
    pin_bits: Option<u32>,
    /// `Some(b)` when `k = 2^b`.
    col_bits: Option<u32>,
    /// Per from-pin, the allowed destinations.
    targets: Vec<Vec<u8>>,
    /// Per `j`, the pins the disc may be placed on (access masks), all ones without.
    access: Vec<u64>,
    /// Fixed colours per `j` (when `k == 1`).
    fixed: Vec<u8>,
    colour_rule: ColourRule,
    recolour: Recolour,
    check_after: bool,
    bases: Vec<Option<u8>>,
    /// `Σ_{j<n} 2^(b j)` when `p = 2^b`: the low bit of every pin digit.
    rep: u64,
    /// `⌈2^16 / b⌉` when `p = 2^b`: `(t · this) >> 16` is `t / b` for a multiple `t < 64`
    /// of `b` (a multiply instead of a division per pin and state).
    per_digit: u32,
    /// Colours never change and never restrict a move, and every disc may go on every pin:
    /// a move is legal when the disc is smaller than the destination's top.
    plain: bool,
    /// Total number of indices, `p^n · k^n`.
    pub space: u64,
}

fn log2_exact(x: u64) -> Option<u32> {
    x.is_power_of_two().then(|| x.trailing_zeros())
}

impl DenseSpace {
    /// The dense space of `puzzle`, or `None` when the dense index is not exact for it (equal
    /// sizes, a start pin not stacked largest-at-the-bottom, a colour outside the cycle) or
    /// the index does not fit in 64 bits.
    pub(crate) fn new(puzzle: &Puzzle) -> Option<DenseSpace> {
        let n = puzzle.discs.len();
        let pins = puzzle.pins;
        if n > MAX_DENSE_DISCS || !(1..=64).contains(&pins) {
            return None;
        }
        let mut order: Vec<u32> = (0..n as u32).collect();
        order.sort_by_key(|&d| puzzle.discs[d as usize].size);
        if order
            .windows(2)
            .any(|w| puzzle.discs[w[0] as usize].size == puzzle.discs[w[1] as usize].size)
        {
            return None;
        }
        let sorted = |c: &Config| {
            c.pins.iter().all(|st| {
                st.windows(2)
                    .all(|w| puzzle.discs[w[0] as usize].size > puzzle.discs[w[1] as usize].size)
            })
        };
        if !sorted(&puzzle.start) {
            return None;
        }
        let k = match puzzle.rules.recolour {
            Recolour::Fixed => 1u64,
            Recolour::Cycle(k) => {
                if k == 0 || puzzle.start.colours.iter().any(|&c| c >= k) {
                    return None;
                }
                k as u64
            }
        };
        let mut pin_pow = Vec::with_capacity(n);
        let mut x: u64 = 1;
        for _ in 0..n {
            pin_pow.push(x);
            x = x.checked_mul(pins as u64)?;
        }
        let pin_space = x;
        let mut col_pow = Vec::with_capacity(n);
        let mut y = pin_space;
        for _ in 0..n {
            col_pow.push(y);
            y = y.checked_mul(k)?;
        }
        let space = y;
        let targets = (0..pins)
            .map(|f| {
                (0..pins)
                    .filter(|&t| t != f && puzzle.rules.arcs[f][t])
                    .map(|t| t as u8)
                    .collect()
            })
            .collect();
        let access: Vec<u64> = order
            .iter()
            .map(|&d| match &puzzle.rules.access {
                None => u64::MAX,
                Some(m) => m
                    .get(puzzle.discs[d as usize].group as usize)
                    .copied()
                    .unwrap_or(0),
            })
            .collect();
        let fixed = order
            .iter()
            .map(|&d| puzzle.start.colours[d as usize])
            .collect();
        let pin_bits = log2_exact(pins as u64);
        let rep = pin_bits.map_or(0, |b| {
            (0..n).fold(0u64, |r, j| r | 1u64 << (b as usize * j))
        });
        let plain = k == 1
            && access.iter().all(|&m| m == u64::MAX)
            && puzzle.rules.colour_rule == ColourRule::Any;
        Some(DenseSpace {
            rep,
            per_digit: pin_bits.map_or(0, |b| (1u32 << 16).div_ceil(b.max(1))),
            plain,
            pins,
            n,
            k,
            pin_bits,
            col_bits: log2_exact(k),
            order,
            pin_pow,
            col_pow,
            pin_space,
            targets,
            access,
            fixed,
            colour_rule: puzzle.rules.colour_rule,
            recolour: puzzle.rules.recolour,
            check_after: puzzle.rules.check_after_recolour,
            bases: puzzle.bases.clone(),
            space,
        })
    }

    /// The index of `config`, or `None` when it has no index (a pin out of size order, or
    /// with fixed colours other colours than the start's).
    pub(crate) fn encode(&self, config: &Config) -> Option<u64> {
        let mut pin_of = vec![0usize; self.n];
        for (q, st) in config.pins.iter().enumerate() {
            for &d in st {
                pin_of[d as usize] = q;
            }
        }
        let mut idx = 0u64;
        for (j, &d) in self.order.iter().enumerate() {
            idx += pin_of[d as usize] as u64 * self.pin_pow[j];
            let c = config.colours[d as usize];
            if self.k == 1 {
                if c != self.fixed[j] {
                    return None;
                }
            } else {
                if c as u64 >= self.k {
                    return None;
                }
                idx += c as u64 * self.col_pow[j];
            }
        }
        let back = self.decode(idx);
        (back == *config).then_some(idx)
    }

    /// The configuration of index `idx`.
    pub(crate) fn decode(&self, idx: u64) -> Config {
        let mut pins = [0u8; MAX_DENSE_DISCS];
        let mut cols = [0u8; MAX_DENSE_DISCS];
        self.digits(idx, &mut pins, &mut cols);
        let mut config = Config {
            pins: vec![Vec::new(); self.pins],
            colours: vec![0; self.n],
        };
        for j in (0..self.n).rev() {
            let d = self.order[j];
            config.pins[pins[j] as usize].push(d);
            config.colours[d as usize] = cols[j];
        }
        config
    }

    #[inline]
    fn digits(&self, idx: u64, pins: &mut [u8; MAX_DENSE_DISCS], cols: &mut [u8; MAX_DENSE_DISCS]) {
        let n = self.n;
        match self.pin_bits {
            Some(b) => {
                let mask = (1u64 << b) - 1;
                for (j, pin) in pins.iter_mut().enumerate().take(n) {
                    *pin = ((idx >> (b as usize * j)) & mask) as u8;
                }
            }
            None => {
                let p = self.pins as u64;
                let mut x = idx % self.pin_space;
                for pin in pins.iter_mut().take(n) {
                    *pin = (x % p) as u8;
                    x /= p;
                }
            }
        }
        if self.k == 1 {
            cols[..n].copy_from_slice(&self.fixed);
            return;
        }
        let mut x = idx / self.pin_space;
        match self.col_bits {
            Some(b) => {
                let mask = (1u64 << b) - 1;
                for c in cols.iter_mut().take(n) {
                    *c = (x & mask) as u8;
                    x >>= b;
                }
            }
            None => {
                for c in cols.iter_mut().take(n) {
                    *c = (x % self.k) as u8;
                    x /= self.k;
                }
            }
        }
    }

    /// Most successors a state can have.
    pub(crate) fn max_branching(&self) -> u64 {
        self.targets
            .iter()
            .map(|t| t.len() as u64)
            .sum::<u64>()
            .max(1)
    }

    /// Calls `f(next, move)` for every legal move from state `idx`.
    #[inline]
    pub(crate) fn for_each_successor(&self, idx: u64, f: impl FnMut(u64, Move)) {
        // top[q]: the smallest disc on pin q (n: empty). Bytes, and one call of
        // `moves_from_tops` below, so that `f` is inlined into its single call site (a
        // closure called from two copies stayed out of line: a call per move).
        let mut top = [self.n as u8; 64];
        let mut pins = [0u8; MAX_DENSE_DISCS];
        let mut cols = [0u8; MAX_DENSE_DISCS];
        let colours: &[u8] = if let (Some(b), 1) = (self.pin_bits, self.k) {
            // Fixed colours and p = 2^b: find each pin's top with bit operations (digit j
            // equals q exactly when the b bits of idx ^ q·rep at digit j are all zero).
            for (q, t) in top.iter_mut().enumerate().take(self.pins) {
                let x = idx ^ (q as u64).wrapping_mul(self.rep);
                let mut y = x;
                for s in 1..b {
                    y |= x >> s;
                }
                let z = !y & self.rep;
                if z != 0 {
                    *t = ((z.trailing_zeros() * self.per_digit) >> 16) as u8;
                }
            }
            &self.fixed
        } else {
            self.digits(idx, &mut pins, &mut cols);
            for j in (0..self.n).rev() {
                top[pins[j] as usize] = j as u8;
            }
            &cols
        };
        self.moves_from_tops(idx, &top, |j| colours[j], f);
    }

    /// Whether every move can be undone by one move, so that the predecessors of a state are
    /// its successors: colours never change and never restrict a move, every disc may go on
    /// every pin, and the arcs go both ways. (Sufficient, not necessary: other puzzles take
    /// the slower route through [`DenseSpace::for_each_predecessor`].)
    pub(crate) fn is_symmetric(&self) -> bool {
        self.k == 1
            && self.colour_rule == ColourRule::Any
            && self.access.iter().all(|&m| m == u64::MAX)
            && (0..self.pins).all(|f| {
                self.targets[f]
                    .iter()
                    .all(|&t| self.targets[t as usize].contains(&(f as u8)))
            })
    }

    /// Whether every move between states that obey the colour rule
    /// ([`DenseSpace::obeys_colour_rule`]) can be undone by one move, so that on those states
    /// the predecessors are the successors. Beyond [`DenseSpace::is_symmetric`] this admits
    /// colour rules and flips (Reversi): the arcs go both ways, every disc may go on every
    /// pin, recolouring is its own inverse (fixed or a flip), and the rule is checked on the
    /// colour a disc lands with. Run backwards, a move `s -> t` lifts the disc from `t` and
    /// lands it with its colour in `s` on the disc it sat on in `s`; that pair obeyed the
    /// rule in `s`, so the move back is legal. A move only checks the pair it makes and
    /// leaves every other pair, so states reached from one that obeys the rule obey it too.
    pub(crate) fn is_undoable(&self) -> bool {
        let involution = match self.recolour {
            Recolour::Fixed => true,
            Recolour::Cycle(k) => k <= 2,
        };
        self.is_symmetric()
            || (involution
                && (self.check_after || self.recolour == Recolour::Fixed)
                && self.access.iter().all(|&m| m == u64::MAX)
                && (0..self.pins).all(|f| {
                    self.targets[f]
                        .iter()
                        .all(|&t| self.targets[t as usize].contains(&(f as u8)))
                }))
    }

    /// Whether every disc of state `idx` obeys the colour rule on the disc or the base
    /// under it (always so without a colour rule).
    pub(crate) fn obeys_colour_rule(&self, idx: u64) -> bool {
        if self.colour_rule == ColourRule::Any {
            return true;
        }
        let mut pins = [0u8; MAX_DENSE_DISCS];
        let mut cols = [0u8; MAX_DENSE_DISCS];
        self.digits(idx, &mut pins, &mut cols);
        // below[q]: the colour of the last (smallest so far) disc seen on pin q, from the
        // largest disc up; the base's colour before any.
        let mut below: Vec<Option<u8>> = self.bases.clone();
        below.resize(self.pins, None);
        for j in (0..self.n).rev() {
            let q = pins[j] as usize;
            if let Some(u) = below[q] {
                if !self.colour_rule.admits(cols[j], u) {
                    return false;
                }
            }
            below[q] = Some(cols[j]);
        }
        true
    }

    /// Calls `f(prev)` for every state `prev` with a legal move `prev -> idx`, once per such
    /// move. The counting search pulls each state's count from its predecessors, so that
    /// every state's sum is written by one thread (no atomics, a deterministic result); the
    /// tests check it against [`DenseSpace::for_each_successor`] edge by edge.
    #[inline]
    pub(crate) fn for_each_predecessor(&self, idx: u64, mut f: impl FnMut(u64)) {
        let mut pins = [0u8; MAX_DENSE_DISCS];
        let mut cols = [0u8; MAX_DENSE_DISCS];
        self.digits(idx, &mut pins, &mut cols);
        // top[q]: smallest disc on pin q; second[q]: the one under it (n: none).
        let mut top = [self.n; 64];
        let mut second = [self.n; 64];
        for j in (0..self.n).rev() {
            let q = pins[j] as usize;
            second[q] = top[q];
            top[q] = j;
        }
        for to in 0..self.pins {
            // The last move put disc `j` on `to`; it came from a pin `from` whose top is
            // larger (in the predecessor `j` was on top of `from`).
            let j = top[to];
            if j == self.n || self.access[j] & (1u64 << to) == 0 {
                continue;
            }
            let c2 = cols[j];
            // The colour before the move: the inverse of the recolouring.
            let c = match self.recolour {
                Recolour::Fixed => c2,
                Recolour::Cycle(k) => ((c2 as u32 + k as u32 - 1) % k as u32) as u8,
            };
            let land = if self.check_after { c2 } else { c };
            let e = second[to];
            let under = if e < self.n {
                Some(cols[e])
            } else {
                self.bases[to]
            };
            if let Some(u) = under {
                if !self.colour_rule.admits(land, u) {
                    continue;
                }
            }
            for (from, &t) in top.iter().enumerate().take(self.pins) {
                if from == to || t < j || !self.targets[from].contains(&(to as u8)) {
                    continue;
                }
                // The move run backwards: `j` goes from `to` back to `from`, `c2` back to `c`.
                f(self.relocate(idx, j, to, from, c2, c));
            }
        }
    }

    /// The index after disc `j` moves from pin `from` to pin `to` while its colour changes
    /// from `c` to `c2`: one formula for the successors and, run backwards, the predecessors.
    #[inline(always)]
    fn relocate(&self, idx: u64, j: usize, from: usize, to: usize, c: u8, c2: u8) -> u64 {
        let moved = idx
            .wrapping_add((to as u64).wrapping_mul(self.pin_pow[j]))
            .wrapping_sub((from as u64).wrapping_mul(self.pin_pow[j]));
        if self.k > 1 {
            moved
                .wrapping_add(c2 as u64 * self.col_pow[j])
                .wrapping_sub(c as u64 * self.col_pow[j])
        } else {
            moved
        }
    }

    #[inline(always)]
    fn moves_from_tops(
        &self,
        idx: u64,
        top: &[u8; 64],
        colour: impl Fn(usize) -> u8,
        mut f: impl FnMut(u64, Move),
    ) {
        if self.plain {
            for from in 0..self.pins {
                let j = top[from] as usize;
                if j == self.n {
                    continue;
                }
                let step = self.pin_pow[j];
                let lifted = idx.wrapping_sub((from as u64).wrapping_mul(step));
                for &to in &self.targets[from] {
                    if top[to as usize] as usize > j {
                        f(
                            lifted.wrapping_add((to as u64).wrapping_mul(step)),
                            Move::new(from, to as usize),
                        );
                    }
                }
            }
            return;
        }
        for from in 0..self.pins {
            let j = top[from] as usize;
            if j == self.n {
                continue;
            }
            let c = colour(j);
            let c2 = self.recolour.apply(c);
            let land = if self.check_after { c2 } else { c };
            for &to in &self.targets[from] {
                let to = to as usize;
                if self.access[j] & (1u64 << to) == 0 {
                    continue;
                }
                let e = top[to] as usize;
                if e < j {
                    continue;
                }
                let u = if e < self.n {
                    Some(colour(e))
                } else {
                    self.bases[to]
                };
                if let Some(u) = u {
                    if !self.colour_rule.admits(land, u) {
                        continue;
                    }
                }
                f(self.relocate(idx, j, from, to, c, c2), Move::new(from, to));
            }
        }
    }
}

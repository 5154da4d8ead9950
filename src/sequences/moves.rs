//! Lazy move generators for the four-and-more-pin algorithms, each an iterator of
//! [`Move`]s driven by an explicit stack (no native recursion, no stored move list), and the
//! matching [`Puzzle`] for the simulator.
//!
//! Disc ids follow the engine's convention: id `k` of a stack of `n` is the disc of size
//! `n - k` (largest first); a stack on a pin is listed bottom to top.
//!
//! Sources: Lunnon 000_3e39fda85b098e00.txt (sections "Reves Puzzle & Many-Pin Hanoi",
//! "Four-Star Hanoi"); Stockmeyer 004_33861799d4694a49.txt (sections 2–4). The 2x5 multistack Reve's
//! puzzle is the variant file `data/variants/multistack-reves.toml`.

use super::frame_stewart::lunnon_params;
use super::star::{log3_floor_plus_one, three_smooth};
use super::SequenceError;
use crate::puzzle::{Config, Disc, Move, MoveGraph, Puzzle, Rules};

/// Largest number of pins for [`frame_stewart_moves`].
pub const MAX_MOVE_PINS: usize = 16;
/// Largest number of discs for the generators.
pub const MAX_MOVE_DISCS: u32 = 64;

#[derive(Clone, Debug)]
enum Task {
    Move(u8, u8),
    /// Lunnon's TM(m, n, X, P, Z): `pool` is the bit set P of intermediate pins.
    Tm {
        m: u32,
        n: u32,
        from: u8,
        pool: u32,
        to: u8,
    },
    /// Three-in-a-row (Adjacent) `a - b - c`: tower of n from `a` to `c` through `b`.
    Adj {
        n: u32,
        a: u8,
        b: u8,
        c: u8,
    },
    /// Star: `n` discs from `from` to `to`, the other leaf `other`, centre `centre`.
    Star {
        n: u32,
        from: u8,
        to: u8,
        other: u8,
        centre: u8,
    },
    /// Scorer–Grundy–Smith on the 4-cycle: `n` discs from `from` to `from + 2`.
    Cyc2 {
        n: u32,
        from: u8,
    },
    /// Stockmeyer's four-in-a-row `a - b - c - d`, from `a` to `d`.
    Row4 {
        n: u32,
        a: u8,
        b: u8,
        c: u8,
        d: u8,
    },
}

/// A lazy stream of moves (explicit stack of pending tasks).
#[derive(Clone, Debug)]
pub struct MoveStream {
    stack: Vec<Task>,
    /// Star splits `i(n)` (Theorem 2) for n = 0..=max.
    star_split: Vec<u32>,
}

impl MoveStream {
    fn new(task: Task) -> MoveStream {
        MoveStream {
            stack: vec![task],
            star_split: vec![],
        }
    }
}

impl Iterator for MoveStream {
    type Item = Move;

    fn next(&mut self) -> Option<Move> {
        while let Some(t) = self.stack.pop() {
            match t {
                Task::Move(a, b) => return Some(Move { from: a, to: b }),
                Task::Tm {
                    m,
                    n,
                    from,
                    pool,
                    to,
                } => {
                    if n == 0 {
                        continue;
                    }
                    if m == 2 || n == 1 {
                        // With two pins only a single disc can move (n = 1 by construction).
                        self.stack.push(Task::Move(from, to));
                        continue;
                    }
                    // k = k(m, n): Lunnon's range, largest choice; m, n are small here.
                    let k = lunnon_params(n as u64, m as usize)
                        .map(|lp| lp.k_max as u32)
                        .unwrap_or(1)
                        .clamp(1, n);
                    let y = pool.trailing_zeros() as u8; // the lowest-numbered pin of P
                    let rest = pool & !(1 << y);
                    self.stack.push(Task::Tm {
                        m,
                        n: n - k,
                        from: y,
                        pool: rest | (1 << from),
                        to,
                    });
                    self.stack.push(Task::Tm {
                        m: m - 1,
                        n: k,
                        from,
                        pool: rest,
                        to,
                    });
                    self.stack.push(Task::Tm {
                        m,
                        n: n - k,
                        from,
                        pool: rest | (1 << to),
                        to: y,
                    });
                }
                Task::Adj { n, a, b, c } => {
                    if n == 0 {
                        continue;
                    }
                    let sub = |x, y, z| Task::Adj {
                        n: n - 1,
                        a: x,
                        b: y,
                        c: z,
                    };
                    self.stack.push(sub(a, b, c));
                    self.stack.push(Task::Move(b, c));
                    self.stack.push(sub(c, b, a));
                    self.stack.push(Task::Move(a, b));
                    self.stack.push(sub(a, b, c));
                }
                Task::Star {
                    n,
                    from,
                    to,
                    other,
                    centre,
                } => {
                    if n == 0 {
                        continue;
                    }
                    let i = self.star_split[n as usize];
                    self.stack.push(Task::Star {
                        n: n - i,
                        from: other,
                        to,
                        other: from,
                        centre,
                    });
                    self.stack.push(Task::Adj {
                        n: i,
                        a: from,
                        b: centre,
                        c: to,
                    });
                    self.stack.push(Task::Star {
                        n: n - i,
                        from,
                        to: other,
                        other: to,
                        centre,
                    });
                }
                Task::Cyc2 { n, from } => {
                    if n == 0 {
                        continue;
                    }
                    let p = |d: u8| (from + d) % 4;
                    let sub = |f| Task::Cyc2 { n: n - 1, from: f };
                    self.stack.push(sub(from));
                    self.stack.push(Task::Move(p(1), p(2)));
                    self.stack.push(sub(p(2)));
                    self.stack.push(Task::Move(from, p(1)));
                    self.stack.push(sub(from));
                }
                Task::Row4 { n, a, b, c, d } => {
                    if n == 0 {
                        continue;
                    }
                    let adj = |a, b, c| Task::Adj { n: n - 1, a, b, c };
                    self.stack.push(adj(b, c, d));
                    self.stack.push(Task::Move(c, d));
                    self.stack.push(adj(d, c, b));
                    self.stack.push(Task::Move(b, c));
                    self.stack.push(Task::Move(a, b));
                    self.stack.push(Task::Row4 {
                        n: n - 1,
                        a,
                        b,
                        c,
                        d,
                    });
                }
            }
        }
        None
    }
}

fn check_discs(n: u32) -> Result<(), SequenceError> {
    if n > MAX_MOVE_DISCS {
        return Err(SequenceError::TooLarge {
            what: "discs (move generation)",
            value: n as u64,
            max: MAX_MOVE_DISCS as u64,
        });
    }
    Ok(())
}

/// A single tower of `n` discs on `pins` pins moving `from -> to` under `graph`.
pub fn tower_puzzle(pins: usize, n: u32, graph: MoveGraph, from: usize, to: usize) -> Puzzle {
    let mut rules = Rules::classic(pins);
    rules.arcs = graph.arcs(pins);
    let discs = (0..n)
        .map(|k| Disc {
            size: n - k,
            group: 0,
        })
        .collect();
    let stack: Vec<u32> = (0..n).collect();
    let mut start = vec![vec![]; pins];
    start[from] = stack.clone();
    let mut goal = vec![vec![]; pins];
    goal[to] = stack;
    Puzzle {
        pins,
        discs,
        rules,
        bases: vec![None; pins],
        start: Config {
            pins: start,
            colours: vec![0; n as usize],
        },
        goal: Config {
            pins: goal,
            colours: vec![0; n as usize],
        },
    }
}

/// Lunnon's `TM(m, n, X, P, Z)` on `p` pins: `n` discs from pin 0 to pin `p-1`, `P` = pins
/// `1..p-1`; `k(m, n)` is the largest value of Lunnon's range and `Y` the lowest-numbered
/// pin of `P`. Makes exactly `T(n, p)` moves.
///
/// ```
/// use hanoilab::sequences::moves::frame_stewart_moves;
/// // Lunnon 000_3e39fda85b098e00.txt, Many-Pin: m = 6, n = 35 takes 209 moves.
/// assert_eq!(frame_stewart_moves(6, 35).unwrap().count(), 209);
/// ```
pub fn frame_stewart_moves(p: usize, n: u32) -> Result<MoveStream, SequenceError> {
    super::check_pegs(p, MAX_MOVE_PINS, "pegs (move generation)")?;
    check_discs(n)?;
    let pool = ((1u32 << (p - 1)) - 1) & !1;
    Ok(MoveStream::new(Task::Tm {
        m: p as u32,
        n,
        from: 0,
        pool,
        to: (p - 1) as u8,
    }))
}

/// The puzzle for [`frame_stewart_moves`]: complete moves, pin 0 to pin `p-1`.
pub fn frame_stewart_puzzle(p: usize, n: u32) -> Puzzle {
    tower_puzzle(p, n, MoveGraph::Complete, 0, p - 1)
}

/// Star pins: leaves 0 (start), 1 (other), 2 (goal); centre 3.
pub const STAR_CENTRE: usize = 3;

/// The star algorithm (Stockmeyer section 4, Lunnon Four-Star): top `n-i` discs recursively
/// to the other leaf, the bottom `i = floor(log3 a_n) + 1` by three-in-a-row through the
/// centre, the top recursively onto them. Makes `S(n) = 2 (a_1 + ... + a_n)` moves.
pub fn star_moves(n: u32) -> Result<MoveStream, SequenceError> {
    check_discs(n)?;
    let a = three_smooth(n as u64)?;
    let mut split = vec![0u32];
    split.extend(a.iter().map(|x| log3_floor_plus_one(x) as u32));
    let mut s = MoveStream::new(Task::Star {
        n,
        from: 0,
        to: 2,
        other: 1,
        centre: STAR_CENTRE as u8,
    });
    s.star_split = split;
    Ok(s)
}

/// The star puzzle: every move to or from pin 3; tower from pin 0 to pin 2.
pub fn star_puzzle(n: u32) -> Puzzle {
    tower_puzzle(4, n, MoveGraph::Star(STAR_CENTRE), 0, 2)
}

/// The naive star solution (Lunnon's Reversi_G remark, Stockmeyer section 4): the classic
/// solution with every move detouring through the centre, `2 (2^n - 1)` moves.
pub fn star_detour_moves(n: u32) -> Result<impl Iterator<Item = Move>, SequenceError> {
    let inner = frame_stewart_moves(3, n)?;
    // Classic on pins 0, 1, 2 (TM with m = 3 uses 0 -> 2 via 1).
    Ok(inner.flat_map(|m| {
        [
            Move::new(m.from as usize, STAR_CENTRE),
            Move::new(STAR_CENTRE, m.to as usize),
        ]
    }))
}

/// Scorer–Grundy–Smith on Stockmeyer's 4-post cyclic puzzle (moves only `i -> i+1 mod 4`),
/// tower from pin 0 to pin 2: `N(n) = 3 N(n-1) + 2 = 3^n - 1` moves.
pub fn cyclic4_sgs_moves(n: u32) -> Result<MoveStream, SequenceError> {
    check_discs(n)?;
    Ok(MoveStream::new(Task::Cyc2 { n, from: 0 }))
}

/// The 4-post cyclic puzzle, pin 0 to pin 2.
pub fn cyclic4_puzzle(n: u32) -> Puzzle {
    tower_puzzle(4, n, MoveGraph::Cycle, 0, 2)
}

/// Stockmeyer's lower bound for the 4-post cyclic puzzle: `sum (4(i-1) + 2) = 2 n^2`.
pub fn cyclic4_lower_bound(n: u64) -> u128 {
    2 * (n as u128) * (n as u128)
}

/// Stockmeyer's four-in-a-row algorithm (pins 0-1-2-3 in a row, tower 0 -> 3):
/// `R(n) = R(n-1) + 2 * 3^(n-1) + 1 = 3^n + n - 1` moves.
pub fn four_in_a_row_moves(n: u32) -> Result<MoveStream, SequenceError> {
    check_discs(n)?;
    Ok(MoveStream::new(Task::Row4 {
        n,
        a: 0,
        b: 1,
        c: 2,
        d: 3,
    }))
}

/// The four-in-a-row puzzle, pin 0 to pin 3.
pub fn four_in_a_row_puzzle(n: u32) -> Puzzle {
    tower_puzzle(4, n, MoveGraph::Path, 0, 3)
}

/// Stockmeyer's bottom-driven algorithm for the 4-post cyclic puzzle (section 2): for each
/// disc d from the largest down, while d is not on the goal pin, make it movable (clear every
/// smaller disc off d's pin and the next pin, taking them in decreasing size, each forward
/// to the first pin outside those two) and move it one step. Stateful, explicit stack.
#[derive(Clone, Debug)]
pub struct BottomDriven {
    n: u32,
    goal: u8,
    /// Pin of each disc, indexed by size (1..=n).
    pos: Vec<u8>,
    /// Top-of-pin bookkeeping is not needed: legality follows from the clearing.
    stack: Vec<Bd>,
}

#[derive(Clone, Copy, Debug)]
enum Bd {
    /// Bring disc `d` (and then all smaller ones) to the goal.
    Goal(u32),
    /// Clear discs `e, e-1, ..., 1` off the two pins of the pending step of disc `d`.
    Clear { d: u32, e: u32 },
    /// Step disc `e` forward until it is off the two pins of the pending step of disc `d`.
    Relocate { e: u32, d: u32 },
    /// Make disc `d` movable, then move it one step.
    Step(u32),
    /// Move disc `d` one step (it is movable now).
    Emit(u32),
}

impl BottomDriven {
    fn blocked(&self, e: u32, d: u32) -> bool {
        let s = self.pos[d as usize];
        let p = self.pos[e as usize];
        p == s || p == (s + 1) % 4
    }
}

impl Iterator for BottomDriven {
    type Item = Move;

    fn next(&mut self) -> Option<Move> {
        while let Some(t) = self.stack.pop() {
            match t {
                Bd::Goal(d) => {
                    if d == 0 {
                        continue;
                    }
                    if self.pos[d as usize] == self.goal {
                        self.stack.push(Bd::Goal(d - 1));
                    } else {
                        self.stack.push(Bd::Goal(d));
                        self.stack.push(Bd::Step(d));
                    }
                }
                Bd::Step(d) => {
                    self.stack.push(Bd::Emit(d));
                    self.stack.push(Bd::Clear { d, e: d - 1 });
                }
                Bd::Clear { d, e } => {
                    if e == 0 {
                        continue;
                    }
                    self.stack.push(Bd::Clear { d, e: e - 1 });
                    self.stack.push(Bd::Relocate { e, d });
                }
                Bd::Relocate { e, d } => {
                    if self.blocked(e, d) {
                        self.stack.push(Bd::Relocate { e, d });
                        self.stack.push(Bd::Step(e));
                    }
                }
                Bd::Emit(d) => {
                    let s = self.pos[d as usize];
                    let t = (s + 1) % 4;
                    self.pos[d as usize] = t;
                    return Some(Move { from: s, to: t });
                }
            }
        }
        None
    }
}

/// Stockmeyer's bottom-driven algorithm for the 4-post cyclic puzzle, pin 0 to pin 2.
pub fn cyclic4_bottom_driven_moves(n: u32) -> Result<BottomDriven, SequenceError> {
    check_discs(n)?;
    Ok(BottomDriven {
        n,
        goal: 2,
        pos: vec![0; n as usize + 1],
        stack: vec![Bd::Goal(n)],
    })
}

impl BottomDriven {
    /// Number of discs.
    pub fn discs(&self) -> u32 {
        self.n
    }
}

//! An independent reference implementation of the Reversi bottom-level recursions and of
//! `Reversi_G`, written out by hand (Lunnon, The Tower of Hanoi and Variations, §Reversi
//! Hanoi; recursions on n - 2 found by a dynamic programme, `docs/checkrev.md`): the tests
//! set the programs of `data/variants/reversi.toml` against it move for move.

use hanoilab::puzzle::model::Move;
use hanoilab::variants::reversi::Bottom;
use num_bigint::BigInt;

/// The recursive algorithm's move stream of a bottom-level problem.
pub fn bottom_moves(p: Bottom, n: usize) -> BottomMoves {
    BottomMoves::new(p, n)
}

/// Exact number of moves of the recursive algorithm, by its recurrence
/// (`BABB(n) = 3 BABB(n-2) + 4`, `BABA(n) = 3 BABA(n-2) + 4`,
/// `BAAB(n) = 4 BABA(n-2) + 6`, with the one-disc cases 2, 1, 2).
pub fn bottom_count(p: Bottom, n: usize) -> BigInt {
    if n == 0 {
        return BigInt::from(0);
    }
    if n == 1 {
        return BigInt::from(match p {
            Bottom::Baba => 1,
            _ => 2,
        });
    }
    match p {
        Bottom::Baba | Bottom::Babb => bottom_count(p, n - 2) * 3 + 4,
        Bottom::Baab => bottom_count(Bottom::Baba, n - 2) * 4 + 6,
    }
}

#[derive(Clone, Copy, Debug)]
enum Step {
    Call(Bottom, [usize; 4]),
    Mv(usize, usize),
}

const W: usize = 0;
const X: usize = 1;
const Y: usize = 2;
const Z: usize = 3;

fn body(p: Bottom, n: usize) -> Vec<Step> {
    use Step::*;
    if n == 1 {
        return match p {
            Bottom::Baba => vec![Mv(W, Z)],
            _ => vec![Mv(W, X), Mv(X, Z)],
        };
    }
    match p {
        Bottom::Babb => vec![
            Call(p, [W, X, Y, Z]),
            Mv(W, Y),
            Mv(W, X),
            Call(p, [Z, Y, X, W]),
            Mv(X, Z),
            Mv(Y, Z),
            Call(p, [W, X, Y, Z]),
        ],
        Bottom::Baba => vec![
            Call(p, [W, Z, Y, X]),
            Mv(W, Y),
            Mv(W, Z),
            Call(p, [X, Z, Y, W]),
            Mv(Y, X),
            Mv(X, Z),
            Call(p, [W, X, Y, Z]),
        ],
        Bottom::Baab => {
            let a = Bottom::Baba;
            vec![
                Call(a, [W, Y, Z, X]),
                Mv(W, Z),
                Mv(W, Y),
                Call(a, [X, W, Z, Y]),
                Mv(Z, X),
                Mv(X, W),
                Call(a, [Y, W, Z, X]),
                Mv(Y, Z),
                Mv(W, Z),
                Call(a, [X, W, Y, Z]),
            ]
        }
    }
}

/// Lazy move stream of a bottom-level recursion (explicit stack of frames, depth n/2).
#[derive(Clone, Debug)]
pub struct BottomMoves {
    // (procedure, n, pins, body, next step)
    stack: Vec<(usize, [usize; 4], Vec<Step>, usize)>,
}

impl BottomMoves {
    fn new(p: Bottom, n: usize) -> BottomMoves {
        let mut s = BottomMoves { stack: Vec::new() };
        if n > 0 {
            s.stack.push((n, [W, X, Y, Z], body(p, n), 0));
        }
        s
    }
}

impl Iterator for BottomMoves {
    type Item = Move;
    fn next(&mut self) -> Option<Move> {
        loop {
            let top = self.stack.last_mut()?;
            let (n, pins) = (top.0, top.1);
            if top.3 == top.2.len() {
                self.stack.pop();
                continue;
            }
            let step = top.2[top.3];
            top.3 += 1;
            match step {
                Step::Mv(a, b) => return Some(Move::new(pins[a], pins[b])),
                Step::Call(q, sub) => {
                    if n >= 2 && n - 2 > 0 {
                        let mapped = [pins[sub[0]], pins[sub[1]], pins[sub[2]], pins[sub[3]]];
                        self.stack.push((n - 2, mapped, body(q, n - 2), 0));
                    }
                }
            }
        }
    }
}

/// `Reversi_G`: the classic three-pin solution `W -> Z` (via `X`) with every move `P -> Q`
/// replaced by `P -> Y, Y -> Q`; `2(2^n - 1)` moves, solving `DDDF(n)`.
pub fn reversi_g(n: usize) -> impl Iterator<Item = Move> {
    // Classic move t (1-based): from (t & (t-1)) % 3 to ((t | (t-1)) + 1) % 3 on pins
    // 0,1,2, which sends the tower to pin 2 when n is odd and to pin 1 when n is even.
    let map: [usize; 3] = if n % 2 == 1 { [W, X, Z] } else { [W, Z, X] };
    let total: u64 = if n >= 64 { u64::MAX } else { (1u64 << n) - 1 };
    (1..=total).flat_map(move |t| {
        let a = map[((t & (t - 1)) % 3) as usize];
        let b = map[(((t | (t - 1)) + 1) % 3) as usize];
        [Move::new(a, Y), Move::new(Y, b)]
    })
}

/// Exact length of [`reversi_g`]: `2(2^n - 1)`.
pub fn reversi_g_count(n: usize) -> BigInt {
    (BigInt::from(1) << n) * 2 - 2
}

//! The lazy interpreter: a move stream driven by an explicit stack.

use std::sync::Arc;

use super::ast::*;
use super::ProgramError;
use crate::puzzle::Move;

#[derive(Clone, Debug)]
struct BlockState {
    block: usize,
    /// Steps already taken from this block (forward: index of the next step; reversed:
    /// number of steps taken from the end).
    done: usize,
    rev: bool,
    /// Frame whose slots and pins this block reads.
    frame: usize,
    /// The block is a procedure body: its frame is popped when it finishes.
    owns_frame: bool,
    /// For a loop body: (slot, current value, last value, step +1/-1).
    lp: Option<(usize, i64, i64, i64)>,
}

/// Deepest nesting of calls the interpreter follows (each costs about a hundred bytes).
pub const MAX_CALL_DEPTH: usize = 4_000_000;

#[derive(Clone, Copy, Debug)]
struct Frame {
    slots: usize,
    pins: usize,
    /// The procedure (`usize::MAX` for the top-level call).
    proc: usize,
}

/// A lazy stream of the moves a program makes for one top-level call. It holds an
/// explicit stack (depth proportional to n), never a list of moves.
///
/// If the program goes wrong at run time (no clause applies) the stream ends early and
/// [`MoveStream::error`] says why.
#[derive(Clone, Debug)]
pub struct MoveStream {
    prog: Arc<Program>,
    st: State,
}

#[derive(Clone, Debug)]
struct State {
    globals: Vec<i64>,
    pins: usize,
    /// Per procedure: whether some clause has a guard (only those can run on n <= 0).
    guarded: Vec<bool>,
    stack: Vec<BlockState>,
    frames: Vec<Frame>,
    slots: Vec<i64>,
    pinvals: Vec<u8>,
    pending: Option<(Move, u64)>,
    error: Option<ProgramError>,
    emitted: u64,
}

impl MoveStream {
    /// A stream for `call` (a [`Step::Call`] whose expressions may use slot 0 = `n`),
    /// evaluated at size `n` with the given global values, on a puzzle of `pins` pins.
    pub fn new(
        prog: Arc<Program>,
        call: &Step,
        n: i64,
        globals: Vec<i64>,
        pins: usize,
    ) -> MoveStream {
        let guarded = prog
            .procedures
            .iter()
            .map(|p| p.clauses.iter().any(|c| c.guard.is_some()))
            .collect();
        let mut st = State {
            globals,
            pins: pins.max(1),
            guarded,
            stack: Vec::new(),
            frames: vec![Frame {
                slots: 0,
                pins: 0,
                proc: usize::MAX,
            }],
            slots: vec![n],
            pinvals: Vec::new(),
            pending: None,
            error: None,
            emitted: 0,
        };
        if let Step::Call {
            proc,
            size,
            ints,
            pins,
            reversed,
            ..
        } = call
        {
            st.push_call(&prog, *proc, size, ints, pins, *reversed, 0);
        }
        MoveStream { prog, st }
    }

    /// The run-time error that ended the stream early, if any.
    pub fn error(&self) -> Option<&ProgramError> {
        self.st.error.as_ref()
    }

    /// Moves yielded so far.
    pub fn emitted(&self) -> u64 {
        self.st.emitted
    }
}

impl State {
    #[inline]
    fn pin(&self, p: &PinRef, frame: usize) -> Option<u8> {
        let f = self.frames[frame];
        Some(match p {
            PinRef::Param(i) => self.pinvals[f.pins + i],
            PinRef::Index(e) => {
                let v = e.eval(&self.slots[f.slots..], &self.globals)?;
                v.rem_euclid(self.pins as i64) as u8
            }
        })
    }

    /// Ends the stream with [`ProgramError::Overflow`] for the procedure of `frame`.
    #[cold]
    fn overflow(&mut self, prog: &Program, frame: usize) {
        let f = self.frames[frame];
        let name = prog
            .procedures
            .get(f.proc)
            .map_or("call".to_string(), |p| p.name.clone());
        self.error = Some(ProgramError::Overflow {
            name,
            n: self.slots[f.slots],
        });
        self.stack.clear();
        self.pending = None;
    }

    #[allow(clippy::too_many_arguments)]
    fn push_call(
        &mut self,
        prog: &Program,
        proc: usize,
        size: &Expr,
        ints: &[Expr],
        pins: &[PinRef],
        reversed: bool,
        frame: usize,
    ) {
        let f = self.frames[frame];
        let Some(n) = size.eval(&self.slots[f.slots..], &self.globals) else {
            return self.overflow(prog, frame);
        };
        if self.frames.len() > MAX_CALL_DEPTH {
            let p = &prog.procedures[proc];
            self.error = Some(ProgramError::TooDeep {
                name: p.name.clone(),
                n,
                depth: MAX_CALL_DEPTH,
            });
            self.stack.clear();
            self.pending = None;
            return;
        }
        if n <= 0 && !self.guarded[proc] {
            return;
        }
        let p = &prog.procedures[proc];
        let base = self.slots.len();
        self.slots.push(n);
        for e in ints {
            let Some(v) = e.eval(&self.slots[f.slots..base], &self.globals) else {
                self.slots.truncate(base);
                return self.overflow(prog, frame);
            };
            self.slots.push(v);
        }
        self.slots.resize(base + p.slots, 0);
        let Ok(clause) = p.select(&self.slots[base..], &self.globals) else {
            self.slots.truncate(base);
            return self.overflow(prog, frame);
        };
        let Some(clause) = clause else {
            self.slots.truncate(base);
            if n >= 1 {
                self.error = Some(ProgramError::NoClause {
                    name: p.name.clone(),
                    n,
                });
                self.stack.clear();
            }
            return;
        };
        let pbase = self.pinvals.len();
        for pr in pins {
            let v = match pr {
                PinRef::Param(i) => self.pinvals[f.pins + i],
                PinRef::Index(e) => match e.eval(&self.slots[f.slots..base], &self.globals) {
                    Some(v) => v.rem_euclid(self.pins as i64) as u8,
                    None => {
                        self.slots.truncate(base);
                        self.pinvals.truncate(pbase);
                        return self.overflow(prog, frame);
                    }
                },
            };
            self.pinvals.push(v);
        }
        self.frames.push(Frame {
            slots: base,
            pins: pbase,
            proc,
        });
        self.stack.push(BlockState {
            block: clause.body,
            done: 0,
            rev: reversed,
            frame: self.frames.len() - 1,
            owns_frame: true,
            lp: None,
        });
    }

    fn pop_block(&mut self) {
        let b = self.stack.pop().expect("non-empty");
        if b.owns_frame {
            let f = self.frames.pop().expect("frame");
            self.slots.truncate(f.slots);
            self.pinvals.truncate(f.pins);
        }
    }

    fn advance(&mut self, prog: &Program) -> Option<Move> {
        loop {
            if let Some((m, k)) = self.pending.as_mut() {
                let m = *m;
                if *k <= 1 {
                    self.pending = None;
                } else {
                    *k -= 1;
                }
                return Some(m);
            }
            let top = self.stack.last_mut()?;
            let steps = &prog.blocks[top.block];
            if top.done == steps.len() {
                // A loop body may run again.
                if let Some((slot, cur, last, step)) = top.lp {
                    if cur != last {
                        let next = cur + step;
                        top.lp = Some((slot, next, last, step));
                        top.done = 0;
                        let base = self.frames[top.frame].slots;
                        self.slots[base + slot] = next;
                        continue;
                    }
                }
                self.pop_block();
                continue;
            }
            let idx = if top.rev {
                steps.len() - 1 - top.done
            } else {
                top.done
            };
            top.done += 1;
            let (frame, rev) = (top.frame, top.rev);
            match &steps[idx] {
                Step::Move { from, to, times } => {
                    let k = match times {
                        Expr::Const(k) => *k,
                        e => match e.eval(&self.slots[self.frames[frame].slots..], &self.globals) {
                            Some(k) => k,
                            None => {
                                self.overflow(prog, frame);
                                return None;
                            }
                        },
                    };
                    if k <= 0 {
                        continue;
                    }
                    let (Some(a), Some(b)) = (self.pin(from, frame), self.pin(to, frame)) else {
                        self.overflow(prog, frame);
                        return None;
                    };
                    let m = if rev {
                        Move { from: b, to: a }
                    } else {
                        Move { from: a, to: b }
                    };
                    if k == 1 {
                        return Some(m);
                    }
                    self.pending = Some((m, k as u64));
                }
                Step::Call {
                    proc,
                    size,
                    ints,
                    pins,
                    reversed,
                    ..
                } => {
                    self.push_call(prog, *proc, size, ints, pins, *reversed ^ rev, frame);
                }
                Step::For {
                    slot,
                    from,
                    to,
                    down,
                    body,
                } => {
                    let base = self.frames[frame].slots;
                    let (Some(a), Some(b)) = (
                        from.eval(&self.slots[base..], &self.globals),
                        to.eval(&self.slots[base..], &self.globals),
                    ) else {
                        self.overflow(prog, frame);
                        return None;
                    };
                    let empty = if *down { a < b } else { a > b };
                    if empty {
                        continue;
                    }
                    let step = if *down { -1 } else { 1 };
                    // Reversed: run the iterations in the opposite order.
                    let (first, last, step) = if rev { (b, a, -step) } else { (a, b, step) };
                    self.slots[base + slot] = first;
                    self.stack.push(BlockState {
                        block: *body,
                        done: 0,
                        rev,
                        frame,
                        owns_frame: false,
                        lp: Some((*slot, first, last, step)),
                    });
                }
            }
        }
    }
}

impl Iterator for MoveStream {
    type Item = Move;

    #[inline]
    fn next(&mut self) -> Option<Move> {
        let m = self.st.advance(&self.prog);
        if m.is_some() {
            self.st.emitted += 1;
        }
        m
    }
}

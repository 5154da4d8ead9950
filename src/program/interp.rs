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

#[derive(Clone, Copy, Debug)]
struct Frame {
    slots: usize,
    pins: usize,
}

/// A lazy stream of the moves a program makes for one top-level call. It holds an
/// explicit stack (depth proportional to n), never a list of moves.
///
/// If the program goes wrong at run time (no clause applies, a pin number out of range)
/// the stream ends early and [`MoveStream::error`] says why.
#[derive(Clone, Debug)]
pub struct MoveStream {
    prog: Arc<Program>,
    globals: Vec<i64>,
    pins: usize,
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
        let mut s = MoveStream {
            prog,
            globals,
            pins,
            stack: Vec::new(),
            frames: Vec::new(),
            slots: vec![n],
            pinvals: Vec::new(),
            pending: None,
            error: None,
            emitted: 0,
        };
        s.frames.push(Frame { slots: 0, pins: 0 });
        s.push_call(call, 0);
        s
    }

    /// The run-time error that ended the stream early, if any.
    pub fn error(&self) -> Option<&ProgramError> {
        self.error.as_ref()
    }

    /// Moves yielded so far.
    pub fn emitted(&self) -> u64 {
        self.emitted
    }

    fn pin(&self, p: &PinRef, frame: usize) -> Result<u8, ProgramError> {
        let f = self.frames[frame];
        match p {
            PinRef::Param(i) => Ok(self.pinvals[f.pins + i]),
            PinRef::Index(e) => {
                let v = e.eval(&self.slots[f.slots..], &self.globals);
                Ok(v.rem_euclid(self.pins as i64) as u8)
            }
        }
    }

    fn push_call(&mut self, call: &Step, frame: usize) {
        let Step::Call {
            proc,
            size,
            ints,
            pins,
            reversed,
            ..
        } = call
        else {
            return;
        };
        let f = self.frames[frame];
        let caller = &self.slots[f.slots..];
        let n = size.eval(caller, &self.globals);
        let p = &self.prog.procedures[*proc];
        let mut new_slots = Vec::with_capacity(p.slots);
        new_slots.push(n);
        for e in ints {
            new_slots.push(e.eval(caller, &self.globals));
        }
        new_slots.resize(p.slots, 0);
        let Some(clause) = p.select(&new_slots, &self.globals) else {
            if n >= 1 {
                self.error = Some(ProgramError::NoClause {
                    name: p.name.clone(),
                    n,
                });
                self.stack.clear();
            }
            return;
        };
        let body = clause.body;
        let mut new_pins = Vec::with_capacity(pins.len());
        for pr in pins {
            match self.pin(pr, frame) {
                Ok(v) => new_pins.push(v),
                Err(e) => {
                    self.error = Some(e);
                    self.stack.clear();
                    return;
                }
            }
        }
        let fr = Frame {
            slots: self.slots.len(),
            pins: self.pinvals.len(),
        };
        self.slots.extend_from_slice(&new_slots);
        self.pinvals.extend_from_slice(&new_pins);
        self.frames.push(fr);
        self.stack.push(BlockState {
            block: body,
            done: 0,
            rev: *reversed,
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

    fn advance(&mut self) -> Option<Move> {
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
            let prog = Arc::clone(&self.prog);
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
                    let base = self.frames[frame].slots;
                    let k = times.eval(&self.slots[base..], &self.globals);
                    if k <= 0 {
                        continue;
                    }
                    let (a, b) = match (self.pin(from, frame), self.pin(to, frame)) {
                        (Ok(a), Ok(b)) => (a, b),
                        (Err(e), _) | (_, Err(e)) => {
                            self.error = Some(e);
                            self.stack.clear();
                            return None;
                        }
                    };
                    let m = if rev {
                        Move { from: b, to: a }
                    } else {
                        Move { from: a, to: b }
                    };
                    self.pending = Some((m, k as u64));
                }
                call @ Step::Call { reversed, .. } => {
                    if rev {
                        let mut c = call.clone();
                        if let Step::Call { reversed: r, .. } = &mut c {
                            *r = !*reversed;
                        }
                        self.push_call(&c, frame);
                    } else {
                        self.push_call(call, frame);
                    }
                }
                Step::For {
                    slot,
                    from,
                    to,
                    down,
                    body,
                } => {
                    let base = self.frames[frame].slots;
                    let a = from.eval(&self.slots[base..], &self.globals);
                    let b = to.eval(&self.slots[base..], &self.globals);
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
        let m = self.advance();
        if m.is_some() {
            self.emitted += 1;
        }
        m
    }
}

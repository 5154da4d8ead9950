//! The lazy interpreter: a move stream driven by an explicit stack, with memoised replay of
//! small sub-calls.
//!
//! The move sequence of a call depends only on its procedure, size, integer arguments, pin
//! values and direction (globals are fixed for a stream). The stream therefore records the
//! moves of every call the first time it runs (while they number at most
//! [`REPLAY_LIMIT`]) and afterwards replays a repeated call from the recorded list instead of
//! interpreting it again: on a recursion program all but the top levels of the call tree
//! become a copy from a small table. Memory stays bounded (at most [`ARENA_CAP`] recorded
//! moves and [`MAP_CAP`] keys per stream), so the stream remains lazy for any n. Calls that
//! end in a run-time error are never recorded, so errors happen at the same move as without
//! replay. [`MoveStream::new_uncached`] is the plain interpreter, kept as the reference.

use std::collections::{HashMap, VecDeque};
use std::hash::{BuildHasherDefault, Hasher};
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
    /// Id of the recording this procedure body started (0: none).
    rec: u64,
}

/// Calls with more moves than this are interpreted, not recorded.
pub const REPLAY_LIMIT: usize = 1 << 14;
/// At most this many recorded moves are kept per stream (2 bytes each).
pub const ARENA_CAP: usize = 1 << 22;
/// At most this many call keys are remembered per stream.
pub const MAP_CAP: usize = 1 << 18;
/// After this many recordings, replay is switched off for the rest of the stream unless at
/// least a quarter as many calls were replayed (calls that never repeat, e.g. an integer
/// argument that is different in every call, would only pay for recording).
pub const GIVE_UP_AFTER: u64 = 1 << 12;

/// FxHash (rustc's hasher): keys are short integer slices.
#[derive(Default, Clone, Copy)]
struct Fx(u64);

impl Hasher for Fx {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(b as u64);
        }
    }
    #[inline]
    fn write_u64(&mut self, v: u64) {
        self.0 = (self.0.rotate_left(5) ^ v).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
    #[inline]
    fn write_i64(&mut self, v: i64) {
        self.write_u64(v as u64);
    }
    #[inline]
    fn write_usize(&mut self, v: usize) {
        self.write_u64(v as u64);
    }
}

#[derive(Clone, Copy, Debug)]
enum Entry {
    /// The call's moves are `arena[start..start + len]`.
    Cached(u32, u32),
    /// The call makes more than [`REPLAY_LIMIT`] moves (or did not fit).
    TooBig,
}

#[derive(Clone, Debug)]
struct Rec {
    id: u64,
    key: Box<[i64]>,
    /// Offset of its first move in `recbuf`.
    start: usize,
}

#[derive(Clone, Debug, Default)]
struct Cache {
    map: HashMap<Box<[i64]>, Entry, BuildHasherDefault<Fx>>,
    arena: Vec<Move>,
    /// Moves of the active recordings (the outermost starts first).
    recbuf: Vec<Move>,
    /// Active recordings, outermost first (they nest like the calls).
    recs: VecDeque<Rec>,
    next_id: u64,
    /// Calls replayed.
    hits: u64,
    key: Vec<i64>,
}

impl Cache {
    fn mark(&mut self, key: Box<[i64]>, e: Entry) {
        if self.map.len() < MAP_CAP {
            self.map.insert(key, e);
        }
    }

    /// Makes room for `k` more recorded moves: recordings that would exceed the limit are
    /// given up (outermost first). Returns whether any recording is still active.
    fn room(&mut self, k: usize) -> bool {
        let mut dropped = false;
        while let Some(front) = self.recs.front() {
            if self.recbuf.len() - front.start + k <= REPLAY_LIMIT {
                break;
            }
            let r = self.recs.pop_front().expect("front");
            self.mark(r.key, Entry::TooBig);
            dropped = true;
        }
        match self.recs.front() {
            None => {
                self.recbuf.clear();
                false
            }
            Some(front) => {
                if dropped && front.start > 0 {
                    let cut = front.start;
                    self.recbuf.drain(..cut);
                    for r in self.recs.iter_mut() {
                        r.start -= cut;
                    }
                }
                true
            }
        }
    }

    #[inline]
    fn record(&mut self, m: Move, k: u64) {
        if self.recs.is_empty() {
            return;
        }
        let k = usize::try_from(k)
            .unwrap_or(usize::MAX)
            .min(REPLAY_LIMIT + 1);
        if self.room(k) {
            self.recbuf.extend(std::iter::repeat_n(m, k));
        }
    }

    fn record_replay(&mut self, start: usize, len: usize) {
        if !self.recs.is_empty() && self.room(len) {
            self.recbuf
                .extend_from_slice(&self.arena[start..start + len]);
        }
    }

    /// The procedure body of recording `id` finished: store its moves.
    fn finish(&mut self, id: u64) {
        if self.recs.back().is_none_or(|r| r.id != id) {
            return; // given up
        }
        let r = self.recs.pop_back().expect("back");
        let moves = &self.recbuf[r.start..];
        if self.arena.len() + moves.len() <= ARENA_CAP && self.map.len() < MAP_CAP {
            let start = self.arena.len();
            self.arena.extend_from_slice(moves);
            self.map
                .insert(r.key, Entry::Cached(start as u32, moves.len() as u32));
        } else {
            self.mark(r.key, Entry::TooBig);
        }
        if self.recs.is_empty() {
            self.recbuf.clear();
        }
    }

    fn clear_recordings(&mut self) {
        self.recs.clear();
        self.recbuf.clear();
    }
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
    /// Moves yielded by [`State::advance`] plus the whole length of every replay started.
    emitted: u64,
    /// The replay in progress: `cache.arena[rcur..rend]` is still to be yielded.
    rcur: usize,
    rend: usize,
    /// `None`: the plain interpreter (no recording, no replay).
    cache: Option<Box<Cache>>,
    /// Deepest nesting of calls followed (`MAX_CALL_DEPTH` unless lowered).
    max_depth: usize,
    /// Program steps (moves, calls, loop bodies) interpreted so far, and the most allowed.
    steps: u64,
    max_steps: u64,
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
        Self::build(prog, call, n, globals, pins, true)
    }

    /// The plain interpreter without memoised replay (the reference for tests: it yields
    /// the same moves and errors as [`MoveStream::new`], only more slowly).
    pub fn new_uncached(
        prog: Arc<Program>,
        call: &Step,
        n: i64,
        globals: Vec<i64>,
        pins: usize,
    ) -> MoveStream {
        Self::build(prog, call, n, globals, pins, false)
    }

    fn build(
        prog: Arc<Program>,
        call: &Step,
        n: i64,
        globals: Vec<i64>,
        pins: usize,
        replay: bool,
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
            rcur: 0,
            rend: 0,
            cache: replay.then(Box::default),
            max_depth: MAX_CALL_DEPTH,
            steps: 0,
            max_steps: u64::MAX,
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
            // The cache is empty, so the top call is never a replay.
            let first = st.push_call(&prog, *proc, size, ints, pins, *reversed, 0);
            debug_assert!(first.is_none());
        }
        MoveStream { prog, st }
    }

    /// The stream with a lower limit on the nesting of calls (at most `MAX_CALL_DEPTH`):
    /// a deeper recursion ends the stream with [`ProgramError::TooDeep`]. For callers that
    /// must stay cheap on any input (a recursion that descends without moving otherwise
    /// builds `MAX_CALL_DEPTH` frames before it is refused).
    ///
    /// ```
    /// use hanoilab::program::{Program, ProgramError};
    /// let p = Program::parse("f(n; X, Y) = f(n + 1; X, Y), move(X, Y)").unwrap();
    /// let mut s = p.moves("f(n; 0, 1)", 3, &[], 2).unwrap().with_max_depth(1000);
    /// assert_eq!(s.next(), None);
    /// assert!(matches!(s.error(), Some(ProgramError::TooDeep { depth: 1000, .. })));
    /// ```
    pub fn with_max_depth(mut self, depth: usize) -> MoveStream {
        self.st.max_depth = depth.min(MAX_CALL_DEPTH);
        self
    }

    /// The stream interpreting at most `steps` program steps (moves, calls and loop
    /// entries, replays not counted): past that it ends with [`ProgramError::TooManySteps`].
    /// For callers sharing a budget of work over many streams (a table's simulations),
    /// where the moves alone do not say how much interpreting they take.
    ///
    /// ```
    /// use hanoilab::program::{Program, ProgramError};
    /// let p = Program::parse("h(n; X, Y, Z) = h(n-1; X, Z, Y), move(X, Z), h(n-1; Y, X, Z)").unwrap();
    /// let mut s = p.moves("h(n; 0, 1, 2)", 10, &[], 3).unwrap().with_max_steps(50);
    /// while s.next().is_some() {}
    /// assert!(matches!(s.error(), Some(ProgramError::TooManySteps { steps: 50 })));
    /// ```
    pub fn with_max_steps(mut self, steps: u64) -> MoveStream {
        self.st.max_steps = steps;
        self
    }

    /// Program steps interpreted so far (see [`MoveStream::with_max_steps`]).
    pub fn steps(&self) -> u64 {
        self.st.steps
    }

    /// The run-time error that ended the stream early, if any.
    pub fn error(&self) -> Option<&ProgramError> {
        self.st.error.as_ref()
    }

    /// Moves yielded so far.
    pub fn emitted(&self) -> u64 {
        self.st.emitted - (self.st.rend - self.st.rcur) as u64
    }

    #[inline(never)]
    fn next_slow(&mut self) -> Option<Move> {
        let m = self.st.advance(&self.prog);
        if m.is_some() {
            self.st.emitted += 1;
        }
        m
    }
}

impl State {
    #[inline]
    fn pin(&self, p: &PinRef, frame: usize) -> Result<u8, Fault> {
        let f = self.frames[frame];
        Ok(match p {
            PinRef::Param(i) => self.pinvals[f.pins + i],
            PinRef::Index(e) => {
                let v = e.eval(&self.slots[f.slots..], &self.globals)?;
                v.rem_euclid(self.pins as i64) as u8
            }
        })
    }

    /// Ends the stream with the error of `fault` for the procedure of `frame`.
    #[cold]
    fn fault(&mut self, prog: &Program, frame: usize, fault: Fault) -> Option<Move> {
        let f = self.frames[frame];
        let name = prog
            .procedures
            .get(f.proc)
            .map_or("call".to_string(), |p| p.name.clone());
        self.error = Some(fault.error(&name, self.slots[f.slots]));
        self.stack.clear();
        self.pending = None;
        None
    }

    /// Pushes a call, or starts replaying it; returns the first move of a replay.
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
    ) -> Option<Move> {
        let f = self.frames[frame];
        let n = match size.eval(&self.slots[f.slots..], &self.globals) {
            Ok(n) => n,
            Err(fault) => return self.fault(prog, frame, fault),
        };
        if self.frames.len() > self.max_depth {
            let p = &prog.procedures[proc];
            self.error = Some(ProgramError::TooDeep {
                name: p.name.clone(),
                n,
                depth: self.max_depth,
            });
            self.stack.clear();
            self.pending = None;
            return None;
        }
        if n <= 0 && !self.guarded[proc] {
            return None;
        }
        let p = &prog.procedures[proc];
        let base = self.slots.len();
        self.slots.push(n);
        for e in ints {
            let v = match e.eval(&self.slots[f.slots..base], &self.globals) {
                Ok(v) => v,
                Err(fault) => {
                    self.slots.truncate(base);
                    return self.fault(prog, frame, fault);
                }
            };
            self.slots.push(v);
        }
        let pbase = self.pinvals.len();
        for pr in pins {
            let v = match pr {
                PinRef::Param(i) => self.pinvals[f.pins + i],
                PinRef::Index(e) => match e.eval(&self.slots[f.slots..base], &self.globals) {
                    Ok(v) => v.rem_euclid(self.pins as i64) as u8,
                    Err(fault) => {
                        self.slots.truncate(base);
                        self.pinvals.truncate(pbase);
                        return self.fault(prog, frame, fault);
                    }
                },
            };
            self.pinvals.push(v);
        }
        let mut rec = 0;
        if let Some(c) = self.cache.as_deref_mut() {
            c.key.clear();
            c.key.push(proc as i64 * 2 + reversed as i64);
            c.key.extend_from_slice(&self.slots[base..]);
            c.key
                .extend(self.pinvals[pbase..].iter().map(|&v| v as i64));
            match c.map.get(&c.key[..]) {
                Some(&Entry::Cached(start, len)) => {
                    self.slots.truncate(base);
                    self.pinvals.truncate(pbase);
                    let (start, len) = (start as usize, len as usize);
                    if len == 0 {
                        return None;
                    }
                    c.hits += 1;
                    c.record_replay(start, len);
                    self.rcur = start + 1;
                    self.rend = start + len;
                    self.emitted += len as u64 - 1;
                    return Some(c.arena[start]);
                }
                Some(Entry::TooBig) => {}
                None if c.next_id >= GIVE_UP_AFTER && c.hits * 4 < c.next_id => {
                    // Calls do not repeat: interpret plainly from here on. No replay is in
                    // progress (`advance` runs only when it is over).
                    self.cache = None;
                }
                None => {
                    if c.map.len() < MAP_CAP {
                        c.next_id += 1;
                        rec = c.next_id;
                        let key = c.key.clone().into_boxed_slice();
                        let start = c.recbuf.len();
                        c.recs.push_back(Rec {
                            id: rec,
                            key,
                            start,
                        });
                    }
                }
            }
        }
        self.slots.resize(base + p.slots, 0);
        let selected = p.select(&self.slots[base..], &self.globals);
        let selected = match selected {
            Ok(selected) => selected,
            Err(fault) => {
                self.slots.truncate(base);
                self.pinvals.truncate(pbase);
                if let Some(c) = self.cache.as_deref_mut() {
                    c.clear_recordings();
                }
                return self.fault(prog, frame, fault);
            }
        };
        let Some(clause) = selected else {
            self.slots.truncate(base);
            self.pinvals.truncate(pbase);
            if let Some(c) = self.cache.as_deref_mut() {
                if rec != 0 {
                    c.recs.pop_back();
                    if c.recs.is_empty() {
                        c.recbuf.clear();
                    }
                }
            }
            if n >= 1 {
                self.error = Some(ProgramError::NoClause {
                    name: p.name.clone(),
                    n,
                });
                self.stack.clear();
                if let Some(c) = self.cache.as_deref_mut() {
                    c.clear_recordings();
                }
            }
            return None;
        };
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
            rec,
        });
        None
    }

    fn pop_block(&mut self) {
        let b = self.stack.pop().expect("non-empty");
        if b.owns_frame {
            let f = self.frames.pop().expect("frame");
            self.slots.truncate(f.slots);
            self.pinvals.truncate(f.pins);
            if b.rec != 0 {
                if let Some(c) = self.cache.as_deref_mut() {
                    c.finish(b.rec);
                }
            }
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
            self.steps += 1;
            if self.steps > self.max_steps {
                self.error = Some(ProgramError::TooManySteps {
                    steps: self.max_steps,
                });
                return None;
            }
            match &steps[idx] {
                Step::Move { from, to, times } => {
                    let k = match times {
                        Expr::Const(k) => *k,
                        e => match e.eval(&self.slots[self.frames[frame].slots..], &self.globals) {
                            Ok(k) => k,
                            Err(fault) => {
                                self.fault(prog, frame, fault);
                                return None;
                            }
                        },
                    };
                    if k <= 0 {
                        continue;
                    }
                    let (a, b) = match (self.pin(from, frame), self.pin(to, frame)) {
                        (Ok(a), Ok(b)) => (a, b),
                        (Err(fault), _) | (_, Err(fault)) => {
                            self.fault(prog, frame, fault);
                            return None;
                        }
                    };
                    let m = if rev {
                        Move { from: b, to: a }
                    } else {
                        Move { from: a, to: b }
                    };
                    if let Some(c) = self.cache.as_deref_mut() {
                        c.record(m, k as u64);
                    }
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
                    let first =
                        self.push_call(prog, *proc, size, ints, pins, *reversed ^ rev, frame);
                    if first.is_some() {
                        return first;
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
                    let (a, b) = match (
                        from.eval(&self.slots[base..], &self.globals),
                        to.eval(&self.slots[base..], &self.globals),
                    ) {
                        (Ok(a), Ok(b)) => (a, b),
                        (Err(fault), _) | (_, Err(fault)) => {
                            self.fault(prog, frame, fault);
                            return None;
                        }
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
                        rec: 0,
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
        let st = &mut self.st;
        if st.rcur < st.rend {
            if let Some(c) = st.cache.as_deref() {
                let m = c.arena[st.rcur];
                st.rcur += 1;
                return Some(m);
            }
        }
        self.next_slow()
    }
}

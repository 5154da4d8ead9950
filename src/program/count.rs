//! Counting moves without making them: memoised exact counts per (procedure, size,
//! integer arguments), and the transfer system `s(n+1) = M s(n)` when every call is on
//! `n-k` discs for a small fixed k (`n-1`, `n-2`, ...), `n` discs (a wrapper) or a fixed
//! number of discs, and the clause used at large n depends at most on n modulo a small
//! period.

use std::collections::{BTreeMap, HashMap, HashSet};

use num_bigint::BigInt;
use num_traits::{One, Zero};

use super::ast::*;
use super::ProgramError;
use crate::algebra::TransferSystem;

type Key = (usize, i64, Vec<i64>);

/// Most memoised counts (and pending ones) one count may hold: a backstop for recursions
/// whose integer arguments make many invocations per size (sizes are checked before
/// counting). About 250 bytes each with their keys: 500 MB, seconds to fill (`nth reves
/// 1000000`, the largest size, memoises about a million).
pub const MAX_MEMO_KEYS: usize = 2_000_000;

/// A fast hash for the memo keys (small integer tuples): resistance to chosen collisions
/// is not needed, the limits bound every count anyway.
#[derive(Clone, Copy, Debug, Default)]
struct KeyHasher(u64);

impl std::hash::Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut w = [0u8; 8];
            w[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(w));
        }
    }
    fn write_u64(&mut self, x: u64) {
        // The multiply-rotate step of FxHash (rustc's hasher).
        self.0 = (self.0.rotate_left(5) ^ x).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
    fn write_usize(&mut self, x: usize) {
        self.write_u64(x as u64);
    }
    fn write_i64(&mut self, x: i64) {
        self.write_u64(x as u64);
    }
}

type KeyBuild = std::hash::BuildHasherDefault<KeyHasher>;

/// Most loop iterations the counter walks one by one: for nested loops the product of
/// their lengths, and in all for one count (more: an error, not a hang). Loops whose body
/// does not read the loop variable are not walked one by one and do not count here.
pub const MAX_LOOP: u64 = 100_000_000;

/// Most links of forwarding chains ([`Counter::forwarded`]) one counter follows: about
/// two to ten seconds of following. Many_Pin's split search counts its parameter up one by
/// one, so `nth many-pin N --param p=4` is counted to N = 200,000 and refused at 500,000;
/// on 3 pins it counts up to n at every size and is refused from about N = 4,000.
pub const MAX_FORWARDS: u64 = 10_000_000;

/// Exact move counts of a program for fixed global values, memoised.
#[derive(Clone, Debug)]
pub struct Counter<'p> {
    prog: &'p Program,
    globals: Vec<i64>,
    memo: HashMap<Key, BigInt, KeyBuild>,
    max_keys: usize,
    /// Loop iterations walked one by one so far (at most [`MAX_LOOP`] per count).
    walked: std::cell::Cell<u64>,
    /// Where an invocation that only passes a count on leads ([`Counter::forwarded`]),
    /// remembered for the invocations called from a counted one.
    forwards: HashMap<Key, Key, KeyBuild>,
    /// Links of such chains followed so far (at most [`MAX_FORWARDS`] per counter).
    followed: std::cell::Cell<u64>,
}

/// The calls of one clause body with their multiplicities, in order of first call.
#[derive(Default)]
struct Callees {
    list: Vec<(Key, u64)>,
    /// Positions in `list`, made only for long lists (short ones are searched).
    index: Option<HashMap<Key, usize, KeyBuild>>,
}

/// Longest list of calls searched one by one for a repeated call.
const CALLEES_SCANNED: usize = 16;

impl Callees {
    /// `None` when a multiplicity leaves the 64-bit integers.
    fn add(&mut self, key: Key, times: u64) -> Option<()> {
        let found = match &self.index {
            Some(index) => index.get(&key).copied(),
            None => self.list.iter().rposition(|(k, _)| *k == key),
        };
        if let Some(i) = found {
            self.list[i].1 = self.list[i].1.checked_add(times)?;
            return Some(());
        }
        if let Some(index) = &mut self.index {
            index.insert(key.clone(), self.list.len());
        }
        self.list.push((key, times));
        if self.index.is_none() && self.list.len() > CALLEES_SCANNED {
            let index = self
                .list
                .iter()
                .enumerate()
                .map(|(i, (k, _))| (k.clone(), i))
                .collect();
            self.index = Some(index);
        }
        Some(())
    }
}

/// What a walk of one clause body adds to, and the product of the lengths of the loops
/// walked one by one around the current step.
struct Walk<'a> {
    c: &'a mut BigInt,
    callees: &'a mut Callees,
    enclosing: u64,
}

/// Why a walk stopped: an expression left the 64-bit integers, or loops walked one by one
/// would run this many iterations (more than [`MAX_LOOP`]).
enum WalkError {
    /// An expression has no value (overflow, division by zero).
    Fault(Fault),
    /// Loops too long to walk: the iterations they would take.
    Loops(u64),
}

impl From<Fault> for WalkError {
    fn from(f: Fault) -> WalkError {
        WalkError::Fault(f)
    }
}

impl<'p> Counter<'p> {
    /// A counter for `prog` with the given global values (in the order of
    /// [`Program::globals`]).
    pub fn new(prog: &'p Program, globals: Vec<i64>) -> Counter<'p> {
        Counter {
            prog,
            globals,
            memo: HashMap::default(),
            max_keys: MAX_MEMO_KEYS,
            walked: std::cell::Cell::new(0),
            forwards: HashMap::default(),
            followed: std::cell::Cell::new(0),
        }
    }

    /// The counter with a lower limit on the invocations it memoises (at most
    /// `MAX_MEMO_KEYS`): more is refused with [`ProgramError::TooLarge`]. For callers
    /// that must stay cheap on any input (a recursion making new integer arguments without
    /// end otherwise fills `MAX_MEMO_KEYS` entries before it is refused).
    pub fn with_max_keys(mut self, max_keys: usize) -> Counter<'p> {
        self.max_keys = max_keys.min(MAX_MEMO_KEYS);
        self
    }

    /// The constant part and the callees of one procedure invocation.
    fn terms(&self, key: &Key) -> Result<(BigInt, Vec<(Key, u64)>), ProgramError> {
        let p = &self.prog.procedures[key.0];
        let mut slots = Vec::with_capacity(p.slots);
        slots.push(key.1);
        slots.extend_from_slice(&key.2);
        slots.resize(p.slots, 0);
        let fault = |f: Fault| f.error(&p.name, key.1);
        let Some(clause) = p.select(&slots, &self.globals).map_err(fault)? else {
            if key.1 >= 1 {
                return Err(ProgramError::NoClause {
                    name: p.name.clone(),
                    n: key.1,
                });
            }
            return Ok((BigInt::zero(), Vec::new()));
        };
        let mut c = BigInt::zero();
        let mut callees = Callees::default();
        let mut w = Walk {
            c: &mut c,
            callees: &mut callees,
            enclosing: 1,
        };
        match self.walk(clause.body, &mut slots, 1, &mut w) {
            Ok(()) => {}
            Err(WalkError::Fault(f)) => return Err(fault(f)),
            Err(WalkError::Loops(iterations)) => {
                return Err(ProgramError::LoopsTooLong {
                    name: p.name.clone(),
                    n: key.1,
                    iterations,
                })
            }
        }
        Ok((c, callees.list))
    }

    /// Walks one clause body, adding its moves to `w.c` and its calls to `w.callees`, each
    /// counted `weight` times. A loop whose body does not read its variable adds the same
    /// moves and calls at every iteration: it is walked once with its length as a factor
    /// (exact, and instant however long the loop). Other loops are walked iteration by
    /// iteration; nested ones multiply, and their product is checked against [`MAX_LOOP`]
    /// at the entry of each loop, as is the total the whole count walks.
    fn walk(
        &self,
        block: usize,
        slots: &mut [i64],
        weight: u64,
        w: &mut Walk<'_>,
    ) -> Result<(), WalkError> {
        for step in &self.prog.blocks[block] {
            match step {
                Step::Move { times, .. } => {
                    let k = times.eval(slots, &self.globals)?;
                    if k > 0 {
                        *w.c += BigInt::from(k) * weight;
                    }
                }
                Step::Call {
                    proc, size, ints, ..
                } => {
                    let n = size.eval(slots, &self.globals)?;
                    let args = ints
                        .iter()
                        .map(|e| e.eval(slots, &self.globals))
                        .collect::<Result<_, _>>()?;
                    w.callees
                        .add((*proc, n, args), weight)
                        .ok_or(WalkError::Fault(Fault::Overflow))?;
                }
                Step::For {
                    slot,
                    from,
                    to,
                    down,
                    body,
                } => {
                    let a = from.eval(slots, &self.globals)?;
                    let b = to.eval(slots, &self.globals)?;
                    let empty = if *down { a < b } else { a > b };
                    if empty {
                        continue;
                    }
                    let len = a.abs_diff(b) + 1;
                    if !counts_read_slot(self.prog, *body, *slot) {
                        slots[*slot] = a;
                        let weight = weight
                            .checked_mul(len)
                            .ok_or(WalkError::Fault(Fault::Overflow))?;
                        self.walk(*body, slots, weight, w)?;
                        continue;
                    }
                    // Sizes first: the product of the enclosing loops' lengths and this
                    // one, and the total of the count, before the first iteration.
                    let nested = w.enclosing.saturating_mul(len);
                    let total = self.walked.get().saturating_add(len);
                    if nested > MAX_LOOP || total > MAX_LOOP {
                        return Err(WalkError::Loops(nested.max(total)));
                    }
                    self.walked.set(total);
                    let outer = w.enclosing;
                    w.enclosing = nested;
                    let range: Box<dyn Iterator<Item = i64>> = if *down {
                        Box::new((b..=a).rev())
                    } else {
                        Box::new(a..=b)
                    };
                    for i in range {
                        slots[*slot] = i;
                        self.walk(*body, slots, weight, w)?;
                    }
                    w.enclosing = outer;
                }
            }
        }
        Ok(())
    }

    /// The number of moves procedure `proc` makes on `n` discs with integer arguments
    /// `ints`. Uses an explicit work stack, so deep recursions do not overflow.
    pub fn count(&mut self, proc: usize, n: i64, ints: &[i64]) -> Result<BigInt, ProgramError> {
        let asked: Key = (proc, n, ints.to_vec());
        if let Some(v) = self.memo.get(&asked) {
            return Ok(v.clone());
        }
        let key = self.forwarded(asked.clone())?;
        if let Some(v) = self.memo.get(&key) {
            let v = v.clone();
            self.memo.insert(asked, v.clone());
            return Ok(v);
        }
        let mut stack: Vec<Key> = vec![key.clone()];
        let mut on_path: HashSet<Key, KeyBuild> = HashSet::default();
        while let Some(k) = stack.last().cloned() {
            if self.memo.contains_key(&k) {
                stack.pop();
                on_path.remove(&k);
                continue;
            }
            // A backstop for recursions that make new keys without end (sizes are checked
            // before counting; integer arguments are not).
            if self.memo.len() + self.forwards.len() + stack.len() > self.max_keys {
                return Err(ProgramError::TooLarge {
                    name: self.prog.procedures[k.0].name.clone(),
                    n: k.1,
                    entries: format!("more than {} table entries", self.max_keys),
                    max: self.max_keys as u64,
                });
            }
            let (c, callees) = self.terms(&k)?;
            let callees = callees
                .into_iter()
                .map(|(q, times)| {
                    if let Some(end) = self.forwards.get(&q) {
                        return Ok((end.clone(), times));
                    }
                    let end = self.forwarded(q.clone())?;
                    if end != q {
                        self.forwards.insert(q, end.clone());
                    }
                    Ok((end, times))
                })
                .collect::<Result<Vec<_>, ProgramError>>()?;
            let missing: Vec<Key> = callees
                .iter()
                .filter(|(q, _)| !self.memo.contains_key(q))
                .map(|(q, _)| q.clone())
                .collect();
            if missing.is_empty() {
                let mut total = c;
                for (q, times) in &callees {
                    if *times == 1 {
                        total += &self.memo[q];
                    } else {
                        total += &self.memo[q] * *times;
                    }
                }
                self.memo.insert(k.clone(), total);
                stack.pop();
                on_path.remove(&k);
            } else {
                if !on_path.insert(k.clone()) {
                    return Err(ProgramError::RecursionCycle {
                        name: self.prog.procedures[k.0].name.clone(),
                        n: k.1,
                    });
                }
                for q in missing {
                    if on_path.contains(&q) {
                        return Err(ProgramError::RecursionCycle {
                            name: self.prog.procedures[q.0].name.clone(),
                            n: q.1,
                        });
                    }
                    stack.push(q);
                }
            }
        }
        let v = self.memo[&key].clone();
        if asked != key {
            self.memo.insert(asked, v.clone());
        }
        Ok(v)
    }

    /// The invocation `key` forwards to: while a clause makes no move and calls exactly one
    /// invocation once, its count is that invocation's, so the chain is followed without
    /// memoising its links (at most [`MAX_FORWARDS`] links for one counter). Helper procedures that search for a parameter by counting up
    /// (Lunnon's split of Many_Pin: hundreds of links per call) would otherwise fill the
    /// memo table with invocations that only pass a value on.
    fn forwarded(&self, mut key: Key) -> Result<Key, ProgramError> {
        // Chains are short; a long one is checked for a cycle from then on.
        const SHORT: usize = 256;
        let mut seen: Option<HashSet<Key, KeyBuild>> = None;
        let mut step = 0;
        loop {
            let (c, callees) = self.terms(&key)?;
            if !c.is_zero() || callees.len() != 1 || callees[0].1 != 1 {
                return Ok(key);
            }
            let followed = self.followed.get() + 1;
            if followed > MAX_FORWARDS {
                return Err(ProgramError::ForwardsTooLong {
                    name: self.prog.procedures[key.0].name.clone(),
                    n: key.1,
                    steps: MAX_FORWARDS,
                });
            }
            self.followed.set(followed);
            if step >= SHORT {
                let seen = seen.get_or_insert_with(HashSet::default);
                if !seen.insert(key.clone()) {
                    return Err(ProgramError::RecursionCycle {
                        name: self.prog.procedures[key.0].name.clone(),
                        n: key.1,
                    });
                }
            }
            let next = callees.into_iter().next().map(|(q, _)| q);
            key = next.expect("one callee");
            if self.memo.contains_key(&key) {
                return Ok(key);
            }
            step += 1;
        }
    }
}

/// The table entries a memoised count on `m` discs needs, estimated from sizes alone
/// (`None`: without end): the sizes `0..=m`, the sizes below zero a procedure descends to
/// when a guarded clause calling itself applies there (`when n > -K`), and the sizes above
/// `m` a procedure climbs to when its clause calls itself on more discs (`f(n) = f(n+1)`).
/// The extreme size is found by probing at distances 1, 2, 4, ... and bisecting the last
/// step (exact for guards that hold on an interval of sizes; the table's own limit is the
/// backstop for others). Procedures with integer parameters are not probed (their
/// clauses depend on more than the size).
pub fn table_size_estimate(prog: &Program, globals: &[i64], m: i64) -> Option<u64> {
    // The sizes of the calls a procedure makes on itself from its clause at `size`.
    let self_calls = |size: i64, f: &dyn Fn(i64) -> bool| {
        prog.procedures.iter().enumerate().any(|(i, p)| {
            if p.int_arity > 0 {
                return false;
            }
            let mut slots = vec![0; p.slots.max(1)];
            slots[0] = size;
            match p.select(&slots, globals) {
                Ok(Some(c)) => self_call_sizes(prog, c.body, i, &slots, globals)
                    .into_iter()
                    .any(|s| match s {
                        Ok(s) => f(s),
                        // A size past the 64-bit integers grows without end; a division by
                        // zero is reported by the count itself, at the operator.
                        Err(Fault::Overflow) => true,
                        Err(Fault::DivisionByZero(_)) => false,
                    }),
                // No clause, or a guard that overflows (reported by the count itself).
                _ => false,
            }
        })
    };
    let descends = |size: i64| self_calls(size, &|s| s < size);
    let climbs = |size: i64| self_calls(size, &|s| s > size);
    // The farthest size from `from` (in direction `step`) at which `holds`, probing at
    // distances 1, 2, 4, ...; `None` when it holds up to the end of the 64-bit integers.
    let extent = |from: i64, up: bool, holds: &dyn Fn(i64) -> bool| -> Option<u64> {
        let at = |d: u64| {
            if up {
                from.checked_add_unsigned(d)
            } else {
                from.checked_sub_unsigned(d)
            }
        };
        let mut reached = 0u64;
        let mut d = 1u64;
        let beyond = loop {
            let s = at(d)?;
            if !holds(s) {
                break d;
            }
            reached = d;
            d = d.checked_mul(2)?;
        };
        let (mut lo, mut hi) = (reached, beyond);
        while hi - lo > 1 {
            let mid = lo + (hi - lo) / 2;
            if at(mid).is_some_and(holds) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        Some(lo)
    };
    // Sizes 1..=m (a size of 0 or less needs no entry unless a guarded clause applies).
    let mut entries = m.max(0) as u64;
    if descends(0) {
        entries = entries.saturating_add(extent(0, false, &descends)?.saturating_add(1));
    }
    if climbs(m) {
        entries = entries.saturating_add(extent(m, true, &climbs)?.saturating_add(1));
    }
    Some(entries)
}

/// The sizes of the calls to procedure `proc` in `block` (loops included, their
/// variables at 0), evaluated with `slots` (`Err` for a size that has no value).
fn self_call_sizes(
    prog: &Program,
    block: usize,
    proc: usize,
    slots: &[i64],
    globals: &[i64],
) -> Vec<Result<i64, Fault>> {
    let mut out = Vec::new();
    for step in &prog.blocks[block] {
        match step {
            Step::Move { .. } => {}
            Step::Call { proc: q, size, .. } if *q == proc => out.push(size.eval(slots, globals)),
            Step::Call { .. } => {}
            Step::For { body, .. } => {
                out.extend(self_call_sizes(prog, *body, proc, slots, globals))
            }
        }
    }
    out
}

/// Whether the move counts, call sizes and integer arguments of `block` (its loops'
/// bounds and bodies included) read local slot `s`; pins do not matter to a count.
fn counts_read_slot(prog: &Program, block: usize, s: usize) -> bool {
    prog.blocks[block].iter().any(|step| match step {
        Step::Move { times, .. } => times.uses_slot(s),
        Step::Call { size, ints, .. } => size.uses_slot(s) || ints.iter().any(|e| e.uses_slot(s)),
        Step::For { from, to, body, .. } => {
            from.uses_slot(s) || to.uses_slot(s) || counts_read_slot(prog, *body, s)
        }
    })
}

#[derive(Clone, Debug)]
enum Term {
    /// A call on `n - k` discs, `1 <= k <= MAX_SHIFT`.
    Rec(usize, usize),
    /// A call on `n` discs (a wrapper).
    Same(usize),
}

const BIG: i64 = 1 << 40;

/// The largest `k` of a call on `n - k` discs the derivation handles.
const MAX_SHIFT: usize = 6;

/// The largest period of the clause selection (`when n % 2 == 1`) the derivation handles.
const MAX_PERIOD: usize = 4;

/// Derives the transfer system of `prog` for the given globals, or `Ok(None)` when some
/// call is on a size other than `n-k` (`0 <= k <=` 6) or a constant, the clause
/// used at large `n` is not periodic in `n` with period at most 4, or the
/// derived system does not reproduce the memoised counts (checked for several n).
/// `count_as` maps a procedure to another whose count it equals; the rows must agree, else
/// [`ProgramError::CountAs`].
///
/// Components: one per procedure (its count at `n`, named after it), in order of definition;
/// then, when some call is on `n-2` or less, the procedures' counts at `n-1, n-2, ...`
/// (named `P[n-1]`, ...; a companion-style block matrix); then, when the clause used
/// depends on `n mod q` (q > 1), the parts `P·[n ≡ r mod q]` (the count when `n ≡ r`, else
/// 0; `[n even]` for q = 2) and the indicators `[n ≡ r mod q]` for `r < q-1`; last the
/// constant `"1"`. Only components some procedure's count needs are kept. A program whose
/// calls are all on `n-1`, `n` or a constant size gets exactly one component per
/// procedure and `"1"`.
///
/// Procedures with integer parameters are assumed to have counts independent of them; this
/// is checked (arguments 0 and 1) during verification.
pub fn transfer_system(
    prog: &Program,
    globals: &[i64],
    count_as: &BTreeMap<String, String>,
) -> Result<Option<TransferSystem>, ProgramError> {
    let mut counter = Counter::new(prog, globals.to_vec());
    for period in 1..=MAX_PERIOD {
        if let Some(sys) = derive(prog, globals, period, &mut counter)? {
            return merge_and_prune(sys, prog, count_as).map(Some);
        }
    }
    Ok(None)
}

/// [`transfer_system`] of the part of `prog` that `roots` need: when the whole program has
/// no transfer system (one procedure counts a split up to a square root, say), the
/// procedures reachable from each root are derived on their own, and the system covers the
/// union of the roots whose part derives. A procedure's count depends only on the
/// procedures it calls, so a root's system does not depend on the rest of the file.
/// `Ok(None)` when no root's part derives.
pub fn transfer_system_of(
    prog: &Program,
    globals: &[i64],
    count_as: &BTreeMap<String, String>,
    roots: &[usize],
) -> Result<Option<TransferSystem>, ProgramError> {
    if let Some(sys) = transfer_system(prog, globals, count_as)? {
        return Ok(Some(sys));
    }
    let mut keep = vec![false; prog.procedures.len()];
    for &root in roots {
        let part = reachable(prog, &[root]);
        if part.iter().all(|&p| keep[p]) {
            continue;
        }
        let sub = sub_program(prog, &part);
        let names: Vec<&str> = part
            .iter()
            .map(|&p| prog.procedures[p].name.as_str())
            .collect();
        let sub_count_as = restricted(count_as, &names);
        if matches!(transfer_system(&sub, globals, &sub_count_as), Ok(Some(_))) {
            for p in part {
                keep[p] = true;
            }
        }
    }
    let part: Vec<usize> = (0..keep.len()).filter(|&p| keep[p]).collect();
    if part.is_empty() {
        return Ok(None);
    }
    let names: Vec<&str> = part
        .iter()
        .map(|&p| prog.procedures[p].name.as_str())
        .collect();
    transfer_system(
        &sub_program(prog, &part),
        globals,
        &restricted(count_as, &names),
    )
}

/// The `count_as` pairs whose two procedures are both among `names`.
fn restricted(count_as: &BTreeMap<String, String>, names: &[&str]) -> BTreeMap<String, String> {
    count_as
        .iter()
        .filter(|(a, b)| names.contains(&a.as_str()) && names.contains(&b.as_str()))
        .map(|(a, b)| (a.clone(), b.clone()))
        .collect()
}

/// The procedures `roots` call, directly or not (the roots included), in definition order.
fn reachable(prog: &Program, roots: &[usize]) -> Vec<usize> {
    let mut seen = vec![false; prog.procedures.len()];
    let mut stack: Vec<usize> = roots.to_vec();
    while let Some(p) = stack.pop() {
        if std::mem::replace(&mut seen[p], true) {
            continue;
        }
        let mut blocks: Vec<usize> = prog.procedures[p].clauses.iter().map(|c| c.body).collect();
        while let Some(b) = blocks.pop() {
            for step in &prog.blocks[b] {
                match step {
                    Step::Call { proc, .. } if !seen[*proc] => stack.push(*proc),
                    Step::For { body, .. } => blocks.push(*body),
                    _ => {}
                }
            }
        }
    }
    (0..seen.len()).filter(|&p| seen[p]).collect()
}

/// `prog` with only the procedures `part` (closed under calls), the calls renumbered.
fn sub_program(prog: &Program, part: &[usize]) -> Program {
    let mut index = vec![usize::MAX; prog.procedures.len()];
    for (i, &p) in part.iter().enumerate() {
        index[p] = i;
    }
    let blocks = prog
        .blocks
        .iter()
        .map(|b| {
            b.iter()
                .map(|step| match step {
                    Step::Call {
                        proc,
                        size,
                        ints,
                        pins,
                        reversed,
                        pos,
                    } => Step::Call {
                        // Only blocks of procedures left out call those left out; they are
                        // never walked, and keep a valid number.
                        proc: match index[*proc] {
                            usize::MAX => 0,
                            i => i,
                        },
                        size: size.clone(),
                        ints: ints.clone(),
                        pins: pins.clone(),
                        reversed: *reversed,
                        pos: *pos,
                    },
                    other => other.clone(),
                })
                .collect()
        })
        .collect();
    Program {
        procedures: part.iter().map(|&p| prog.procedures[p].clone()).collect(),
        blocks,
        globals: prog.globals.clone(),
        global_pos: prog.global_pos.clone(),
    }
}

/// The system in the basis of totals and residue parts, before `count_as` merging and
/// pruning, with the number of procedures and the shift depth.
struct Full {
    sys: TransferSystem,
    /// For each component: the procedure whose count it is a part of (None for the
    /// constant and the indicators).
    owner: Vec<Option<usize>>,
}

/// The generic rows per (procedure, residue) with calls resolved to `(callee, shift)`
/// coefficients and a constant, or `None` when some clause is not of the handled form.
#[allow(clippy::type_complexity)]
fn generic_rows(
    prog: &Program,
    globals: &[i64],
    period: usize,
    counter: &mut Counter<'_>,
) -> Result<Option<(Vec<Vec<(BigInt, Vec<Vec<BigInt>>)>>, usize)>, ProgramError> {
    let np = prog.procedures.len();
    let q = period as i64;
    let base = BIG - BIG.rem_euclid(q);
    // terms[p][r], consts[p][r]
    let mut terms: Vec<Vec<Vec<Term>>> = vec![Vec::with_capacity(period); np];
    let mut consts: Vec<Vec<BigInt>> = vec![Vec::with_capacity(period); np];
    let mut depth = 1usize;
    for (pi, p) in prog.procedures.iter().enumerate() {
        for r in 0..q {
            let sel = |m: i64| {
                let mut s = vec![0i64; p.slots];
                s[0] = m;
                p.clauses.iter().position(|c| {
                    c.guard
                        .as_ref()
                        .is_none_or(|g| g.eval(&s, globals) == Ok(true))
                })
            };
            let ca = sel(base + r);
            if ca.is_none() || ca != sel(base + r + q) || ca != sel(base + r + 2 * q) {
                return Ok(None);
            }
            let Some(ca) = ca else { return Ok(None) };
            let mut sa = vec![0i64; p.slots];
            let mut sb = vec![0i64; p.slots];
            sa[0] = base + r;
            sb[0] = base + r + q;
            let mut c = BigInt::zero();
            let mut t = Vec::new();
            if !linear_walk(
                prog,
                globals,
                p.clauses[ca].body,
                &mut sa,
                &mut sb,
                &mut c,
                &mut t,
                counter,
            )? {
                return Ok(None);
            }
            for term in &t {
                if let Term::Rec(_, k) = term {
                    depth = depth.max(*k);
                }
            }
            consts[pi].push(c);
            terms[pi].push(t);
        }
    }
    // Resolve same-size calls: rows[p][r] = (constant, coefficient of callee q at n-k as
    // coef[q][k-1]).
    let empty = || (BigInt::zero(), vec![vec![BigInt::zero(); depth]; np]);
    let mut rows: Vec<Vec<Option<(BigInt, Vec<Vec<BigInt>>)>>> = vec![vec![None; period]; np];
    for r in 0..period {
        let mut state = vec![0u8; np]; // 0 new, 1 in progress, 2 done
        for start in 0..np {
            let mut stack = vec![start];
            while let Some(&p) = stack.last() {
                if state[p] == 2 {
                    stack.pop();
                    continue;
                }
                let deps: Vec<usize> = terms[p][r]
                    .iter()
                    .filter_map(|t| match t {
                        Term::Same(q) if state[*q] != 2 => Some(*q),
                        _ => None,
                    })
                    .collect();
                if deps.is_empty() {
                    let mut row = empty();
                    row.0 = consts[p][r].clone();
                    for t in &terms[p][r] {
                        match t {
                            Term::Rec(q, k) => row.1[*q][*k - 1] += 1,
                            Term::Same(q) => {
                                let Some(other) = rows[*q][r].as_ref() else {
                                    return Ok(None);
                                };
                                row.0 += &other.0;
                                for (a, b) in row.1.iter_mut().zip(&other.1) {
                                    for (x, y) in a.iter_mut().zip(b) {
                                        *x += y;
                                    }
                                }
                            }
                        }
                    }
                    rows[p][r] = Some(row);
                    state[p] = 2;
                    stack.pop();
                } else {
                    // A same-size cycle at the symbolic size (Reve's `split(n, k)` counting
                    // k up) is not a fixed linear system: no matrix. Real non-termination is
                    // caught by the memoised counter at concrete n.
                    if state[p] == 1 {
                        return Ok(None);
                    }
                    state[p] = 1;
                    for q in deps {
                        if state[q] == 1 {
                            return Ok(None);
                        }
                        stack.push(q);
                    }
                }
            }
        }
    }
    let mut out = Vec::with_capacity(np);
    for pr in rows {
        let mut v = Vec::with_capacity(period);
        for x in pr {
            let Some(x) = x else { return Ok(None) };
            v.push(x);
        }
        out.push(v);
    }
    Ok(Some((out, depth)))
}

/// The last n at which some procedure uses another clause than the generic one of its
/// residue class (scanning n = 1..=64), at least 1.
fn first_generic_n(prog: &Program, globals: &[i64], period: usize) -> i64 {
    let q = period as i64;
    let base = BIG - BIG.rem_euclid(q);
    let mut b = 0i64;
    for p in &prog.procedures {
        let mut s = vec![0i64; p.slots];
        let generic: Vec<Option<usize>> = (0..q)
            .map(|r| {
                s[0] = base + r;
                p.clauses.iter().position(|c| {
                    c.guard
                        .as_ref()
                        .is_none_or(|g| g.eval(&s, globals) == Ok(true))
                })
            })
            .collect();
        for m in 1..=64 {
            s[0] = m;
            let sel = p.clauses.iter().position(|c| match &c.guard {
                None => m >= 1,
                Some(g) => g.eval(&s, globals) == Ok(true),
            });
            if sel != generic[m.rem_euclid(q) as usize] {
                b = b.max(m);
            }
        }
    }
    b.max(1)
}

/// Old (split) coordinates that become one total and its residue parts in the new basis.
struct Group {
    /// The old coordinates, one per residue.
    coords: Vec<usize>,
    /// The new names: the total, then the parts for residues 0..q-1.
    names: Vec<String>,
    /// The procedure (None: the constant).
    owner: Option<usize>,
    /// The shift j of `P[n-j]`.
    shift: usize,
}

/// The system for one period. Counting errors (a procedure without a clause at some n the
/// system needs) are returned for systems of the original form (calls on n-1, period 1);
/// for the extended forms they mean "no system", so a variant that had none before does not
/// turn into an error.
fn derive(
    prog: &Program,
    globals: &[i64],
    period: usize,
    counter: &mut Counter<'_>,
) -> Result<Option<Full>, ProgramError> {
    let rows = match generic_rows(prog, globals, period, counter) {
        Ok(Some(r)) => r,
        Ok(None) => return Ok(None),
        Err(_) if period > 1 => return Ok(None),
        Err(e) => return Err(e),
    };
    let depth = rows.1;
    match build_full(prog, globals, period, rows, counter) {
        Err(_) if period > 1 || depth > 1 => Ok(None),
        r => r,
    }
}

#[allow(clippy::type_complexity)]
fn build_full(
    prog: &Program,
    globals: &[i64],
    period: usize,
    (rows, depth): (Vec<Vec<(BigInt, Vec<Vec<BigInt>>)>>, usize),
    counter: &mut Counter<'_>,
) -> Result<Option<Full>, ProgramError> {
    let np = prog.procedures.len();
    let (q, kk) = (period, depth);
    // Split coordinates: x[p][j][r](n) = [n-j ≡ r (mod q)] p(n-j), then e[r](n) = [n ≡ r].
    let xi = |p: usize, j: usize, r: usize| (p * kk + j) * q + r;
    let ei = |r: usize| np * kk * q + r;
    let dim = np * kk * q + q;
    let m = |a: i64| a.rem_euclid(q as i64) as usize;
    let mut old = vec![vec![BigInt::zero(); dim]; dim];
    for p in 0..np {
        for r in 0..q {
            // x[p][0][r](n+1) = [n+1 ≡ r] p(n+1) = c e[r-1](n) + sum a[s][k-1] x[s][k-1][r-k](n)
            let (c, coef) = &rows[p][r];
            let row = &mut old[xi(p, 0, r)];
            row[ei(m(r as i64 - 1))] += c;
            for (s, cs) in coef.iter().enumerate() {
                for (k1, a) in cs.iter().enumerate() {
                    if !a.is_zero() {
                        row[xi(s, k1, m(r as i64 - k1 as i64 - 1))] += a;
                    }
                }
            }
            for j in 1..kk {
                old[xi(p, j, r)][xi(p, j - 1, r)] += 1;
            }
        }
    }
    for r in 0..q {
        old[ei(r)][ei(m(r as i64 - 1))] += 1;
    }
    let first_n = first_generic_n(prog, globals, period);
    let expected = |counter: &mut Counter<'_>, n: i64| -> Result<Vec<BigInt>, ProgramError> {
        let mut s = vec![BigInt::zero(); dim];
        for (p, proc) in prog.procedures.iter().enumerate() {
            for j in 0..kk {
                let v = counter.count(p, n - j as i64, &vec![0; proc.int_arity])?;
                s[xi(p, j, m(n - j as i64))] = v;
            }
        }
        s[ei(m(n))] = BigInt::one();
        Ok(s)
    };
    let step = |s: &[BigInt]| -> Vec<BigInt> {
        old.iter()
            .map(|row| {
                row.iter()
                    .zip(s)
                    .filter(|(a, b)| !a.is_zero() && !b.is_zero())
                    .map(|(a, b)| a * b)
                    .sum()
            })
            .collect()
    };
    // Verify against the memoised counts.
    let mut s = expected(counter, first_n)?;
    for k in 0..(6 + 2 * kk * q) as i64 {
        let n = first_n + k;
        if k > 0 {
            s = step(&s);
            if s != expected(counter, n)? {
                return Ok(None);
            }
        }
        for (p, proc) in prog.procedures.iter().enumerate() {
            if proc.int_arity > 0
                && counter.count(p, n, &vec![1; proc.int_arity])? != s[xi(p, 0, m(n))]
            {
                return Ok(None);
            }
        }
    }
    // New basis: totals t[p][j] = sum_r x[p][j][r], parts x[p][j][r] for r < q-1 named by
    // the residue of n; "1" = sum_r e[r], indicators e[r] for r < q-1.
    // Groups of old coordinates, each with its new names and owner.
    let mut groups: Vec<Group> = Vec::new();
    let cond = |rn: usize| -> String {
        if q == 2 {
            if rn == 0 {
                "[n even]".into()
            } else {
                "[n odd]".into()
            }
        } else {
            format!("[n ≡ {rn} mod {q}]")
        }
    };
    for (p, proc) in prog.procedures.iter().enumerate() {
        for j in 0..kk {
            let base = if j == 0 {
                proc.name.clone()
            } else {
                format!("{}[n-{j}]", proc.name)
            };
            let mut names = vec![base.clone()];
            for r in 0..q - 1 {
                names.push(format!("{base}·{}", cond((r + j) % q)));
            }
            groups.push(Group {
                coords: (0..q).map(|r| xi(p, j, r)).collect(),
                names,
                owner: Some(p),
                shift: j,
            });
        }
    }
    {
        let mut names = vec!["1".to_string()];
        for r in 0..q - 1 {
            names.push(cond(r));
        }
        groups.push(Group {
            coords: (0..q).map(ei).collect(),
            names,
            owner: None,
            shift: 0,
        });
    }
    // New index of each (group, member): member 0 is the total, member r+1 the part r.
    let mut new_index: Vec<Vec<usize>> = vec![Vec::new(); groups.len()];
    let mut names = Vec::new();
    let mut owner = Vec::new();
    // Order: totals at n, totals at n-j (j >= 1), parts, the indicators, "1".
    let mut order: Vec<(usize, usize)> = Vec::new();
    for (g, grp) in groups.iter().enumerate() {
        if grp.shift == 0 && grp.owner.is_some() {
            order.push((g, 0));
        }
    }
    for (g, grp) in groups.iter().enumerate() {
        if grp.shift > 0 {
            order.push((g, 0));
        }
    }
    for (g, grp) in groups.iter().enumerate() {
        for r in 0..q - 1 {
            if grp.owner.is_some() {
                order.push((g, r + 1));
            }
        }
    }
    let last = groups.len() - 1;
    for r in 0..q - 1 {
        order.push((last, r + 1));
    }
    order.push((last, 0));
    for (g, grp) in groups.iter().enumerate() {
        new_index[g] = vec![0; grp.coords.len()];
    }
    for (i, &(g, mbr)) in order.iter().enumerate() {
        new_index[g][mbr] = i;
        names.push(groups[g].names[mbr].clone());
        owner.push(groups[g].owner);
    }
    let nd = order.len();
    // An old coefficient vector in new coordinates: for a group, the coefficient on the
    // total is that of the last member, on part r that of member r minus the last.
    let convert = |a: &[BigInt]| -> Vec<BigInt> {
        let mut out = vec![BigInt::zero(); nd];
        for (g, grp) in groups.iter().enumerate() {
            let lastc = &a[grp.coords[q - 1]];
            out[new_index[g][0]] = lastc.clone();
            for r in 0..q - 1 {
                out[new_index[g][r + 1]] = &a[grp.coords[r]] - lastc;
            }
        }
        out
    };
    let mut matrix = vec![Vec::new(); nd];
    let mut initial = vec![BigInt::zero(); nd];
    let s0 = expected(counter, first_n)?;
    for (g, grp) in groups.iter().enumerate() {
        let mut total = vec![BigInt::zero(); dim];
        let mut t0 = BigInt::zero();
        for (r, &o) in grp.coords.iter().enumerate() {
            for (x, y) in total.iter_mut().zip(&old[o]) {
                *x += y;
            }
            t0 += &s0[o];
            if r + 1 < q {
                matrix[new_index[g][r + 1]] = convert(&old[o]);
                initial[new_index[g][r + 1]] = s0[o].clone();
            }
        }
        matrix[new_index[g][0]] = convert(&total);
        initial[new_index[g][0]] = t0;
    }
    Ok(Some(Full {
        sys: TransferSystem {
            names,
            matrix,
            initial,
            first_n: first_n as u32,
        },
        owner,
    }))
}

/// Merges `count_as` (every component of a procedure into the same component of its
/// target), then keeps only the components the procedures' counts and `"1"` need.
fn merge_and_prune(
    full: Full,
    prog: &Program,
    count_as: &BTreeMap<String, String>,
) -> Result<TransferSystem, ProgramError> {
    let Full { mut sys, owner } = full;
    let nd = sys.names.len();
    let mut target: Vec<Option<usize>> = vec![None; nd];
    for (from, to) in count_as {
        let (Some(i), Some(j)) = (prog.procedure(from), prog.procedure(to)) else {
            return Err(ProgramError::CountAs {
                name: from.clone(),
                target: to.clone(),
                detail: "both must be procedures of the program".into(),
            });
        };
        for c in 0..nd {
            if owner[c] != Some(i) {
                continue;
            }
            let suffix = &sys.names[c][from.len()..];
            let want = format!("{to}{suffix}");
            let Some(d) = (0..nd).find(|&d| owner[d] == Some(j) && sys.names[d] == want) else {
                return Err(ProgramError::CountAs {
                    name: from.clone(),
                    target: to.clone(),
                    detail: format!("no component {want} for {}", sys.names[c]),
                });
            };
            target[c] = Some(d);
        }
    }
    // Follow chains (a -> b -> c).
    let resolve = |mut c: usize| {
        for _ in 0..nd {
            match target[c] {
                Some(d) if d != c => c = d,
                _ => break,
            }
        }
        c
    };
    let dest: Vec<usize> = (0..nd).map(resolve).collect();
    for row in sys.matrix.iter_mut() {
        let mut merged = vec![BigInt::zero(); nd];
        for (c, v) in row.iter().enumerate() {
            merged[dest[c]] += v;
        }
        *row = merged;
    }
    for c in 0..nd {
        if dest[c] != c
            && (sys.matrix[c] != sys.matrix[dest[c]] || sys.initial[c] != sys.initial[dest[c]])
        {
            let from = owner[c]
                .map(|p| prog.procedures[p].name.clone())
                .unwrap_or_default();
            let to = owner[dest[c]]
                .map(|p| prog.procedures[p].name.clone())
                .unwrap_or_default();
            return Err(ProgramError::CountAs {
                name: from,
                target: to,
                detail: "their rows of the transfer matrix or their initial counts differ".into(),
            });
        }
    }
    // Keep the kept procedures' counts, "1", and what they need.
    let mut keep = vec![false; nd];
    let mut stack: Vec<usize> = (0..nd)
        .filter(|&c| {
            dest[c] == c
                && (sys.names[c] == "1"
                    || owner[c].is_some_and(|p| sys.names[c] == prog.procedures[p].name))
        })
        .collect();
    while let Some(c) = stack.pop() {
        if keep[c] {
            continue;
        }
        keep[c] = true;
        for (d, v) in sys.matrix[c].iter().enumerate() {
            if !v.is_zero() && !keep[d] {
                stack.push(d);
            }
        }
    }
    let idx: Vec<usize> = (0..nd).filter(|&c| keep[c]).collect();
    Ok(TransferSystem {
        names: idx.iter().map(|&c| sys.names[c].clone()).collect(),
        matrix: idx
            .iter()
            .map(|&i| idx.iter().map(|&j| sys.matrix[i][j].clone()).collect())
            .collect(),
        initial: idx.iter().map(|&c| sys.initial[c].clone()).collect(),
        first_n: sys.first_n,
    })
}

#[allow(clippy::too_many_arguments)]
fn linear_walk(
    prog: &Program,
    globals: &[i64],
    block: usize,
    sa: &mut [i64],
    sb: &mut [i64],
    c: &mut BigInt,
    terms: &mut Vec<Term>,
    counter: &mut Counter<'_>,
) -> Result<bool, ProgramError> {
    let (na, nb) = (sa[0], sb[0]);
    for step in &prog.blocks[block] {
        match step {
            Step::Move { times, .. } => {
                let (Some(k), Some(kb)) =
                    (times.eval(sa, globals).ok(), times.eval(sb, globals).ok())
                else {
                    return Ok(false);
                };
                if k != kb {
                    return Ok(false);
                }
                if k > 0 {
                    *c += k;
                }
            }
            Step::Call {
                proc, size, ints, ..
            } => {
                let (Some(x), Some(y)) = (size.eval(sa, globals).ok(), size.eval(sb, globals).ok())
                else {
                    return Ok(false);
                };
                let (ka, kb) = (na - x, nb - y);
                if ka == kb && (1..=MAX_SHIFT as i64).contains(&ka) {
                    terms.push(Term::Rec(*proc, ka as usize));
                } else if x == na && y == nb {
                    terms.push(Term::Same(*proc));
                } else if x == y {
                    let Some(args) = ints
                        .iter()
                        .map(|e| e.eval(sa, globals).ok())
                        .collect::<Option<Vec<i64>>>()
                    else {
                        return Ok(false);
                    };
                    *c += counter.count(*proc, x, &args)?;
                } else {
                    return Ok(false);
                }
            }
            Step::For {
                slot,
                from,
                to,
                down,
                body,
            } => {
                let (Some(a), Some(b)) = (from.eval(sa, globals).ok(), to.eval(sa, globals).ok())
                else {
                    return Ok(false);
                };
                if Ok(a) != from.eval(sb, globals) || Ok(b) != to.eval(sb, globals) {
                    return Ok(false);
                }
                // A loop this long at the symbolic size is no fixed linear system.
                if a.abs_diff(b) > 1 << 20 {
                    return Ok(false);
                }
                let range: Vec<i64> = if *down {
                    (b..=a).rev().collect()
                } else {
                    (a..=b).collect()
                };
                for i in range {
                    sa[*slot] = i;
                    sb[*slot] = i;
                    if !linear_walk(prog, globals, *body, sa, sb, c, terms, counter)? {
                        return Ok(false);
                    }
                }
            }
        }
    }
    Ok(true)
}

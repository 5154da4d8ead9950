//! Counting moves without making them: memoised exact counts per (procedure, size,
//! integer arguments), and the transfer system `s(n+1) = M s(n)` when every call is on
//! `n-1` discs, `n` discs (a wrapper) or a fixed number of discs.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::fmt;

use num_bigint::BigInt;
use num_traits::{One, Zero};

use super::ast::*;
use super::ProgramError;

type Key = (usize, i64, Vec<i64>);

/// Most memoised counts (and pending ones) one count may hold.
pub const MAX_MEMO_KEYS: usize = 20_000_000;

/// Most iterations of one `for` loop the counter walks (longer: an error, not a hang).
pub const MAX_LOOP: u64 = 100_000_000;

/// Exact move counts of a program for fixed global values, memoised.
#[derive(Clone, Debug)]
pub struct Counter<'p> {
    prog: &'p Program,
    globals: Vec<i64>,
    memo: HashMap<Key, BigInt>,
}

impl<'p> Counter<'p> {
    /// A counter for `prog` with the given global values (in the order of
    /// [`Program::globals`]).
    pub fn new(prog: &'p Program, globals: Vec<i64>) -> Counter<'p> {
        Counter {
            prog,
            globals,
            memo: HashMap::new(),
        }
    }

    /// The constant part and the callees of one procedure invocation.
    fn terms(&self, key: &Key) -> Result<(BigInt, Vec<Key>), ProgramError> {
        let p = &self.prog.procedures[key.0];
        let mut slots = Vec::with_capacity(p.slots);
        slots.push(key.1);
        slots.extend_from_slice(&key.2);
        slots.resize(p.slots, 0);
        let overflow = || ProgramError::Overflow {
            name: p.name.clone(),
            n: key.1,
        };
        let Some(clause) = p.select(&slots, &self.globals).map_err(|_| overflow())? else {
            if key.1 >= 1 {
                return Err(ProgramError::NoClause {
                    name: p.name.clone(),
                    n: key.1,
                });
            }
            return Ok((BigInt::zero(), Vec::new()));
        };
        let mut c = BigInt::zero();
        let mut callees = Vec::new();
        self.walk(clause.body, &mut slots, &mut c, &mut callees)
            .ok_or_else(overflow)?;
        Ok((c, callees))
    }

    /// `None` when an expression overflows 64 bits.
    fn walk(
        &self,
        block: usize,
        slots: &mut [i64],
        c: &mut BigInt,
        callees: &mut Vec<Key>,
    ) -> Option<()> {
        for step in &self.prog.blocks[block] {
            match step {
                Step::Move { times, .. } => {
                    let k = times.eval(slots, &self.globals)?;
                    if k > 0 {
                        *c += k;
                    }
                }
                Step::Call {
                    proc, size, ints, ..
                } => {
                    let n = size.eval(slots, &self.globals)?;
                    let args = ints
                        .iter()
                        .map(|e| e.eval(slots, &self.globals))
                        .collect::<Option<_>>()?;
                    callees.push((*proc, n, args));
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
                    // A loop too long to walk is refused like an overflow (sizes first).
                    if a.abs_diff(b) >= MAX_LOOP {
                        return None;
                    }
                    let range: Box<dyn Iterator<Item = i64>> = if *down {
                        Box::new((b..=a).rev())
                    } else {
                        Box::new(a..=b)
                    };
                    for i in range {
                        slots[*slot] = i;
                        self.walk(*body, slots, c, callees)?;
                    }
                }
            }
        }
        Some(())
    }

    /// The number of moves procedure `proc` makes on `n` discs with integer arguments
    /// `ints`. Uses an explicit work stack, so deep recursions do not overflow.
    pub fn count(&mut self, proc: usize, n: i64, ints: &[i64]) -> Result<BigInt, ProgramError> {
        let key: Key = (proc, n, ints.to_vec());
        if let Some(v) = self.memo.get(&key) {
            return Ok(v.clone());
        }
        let mut stack: Vec<Key> = vec![key.clone()];
        let mut on_path: HashSet<Key> = HashSet::new();
        while let Some(k) = stack.last().cloned() {
            if self.memo.contains_key(&k) {
                stack.pop();
                on_path.remove(&k);
                continue;
            }
            // A backstop for recursions that make new keys without end (sizes are checked
            // before counting; integer arguments are not).
            if self.memo.len() + stack.len() > MAX_MEMO_KEYS {
                return Err(ProgramError::TooLarge {
                    name: self.prog.procedures[k.0].name.clone(),
                    n: k.1,
                });
            }
            let (c, callees) = self.terms(&k)?;
            let missing: Vec<Key> = callees
                .iter()
                .filter(|q| !self.memo.contains_key(*q))
                .cloned()
                .collect();
            if missing.is_empty() {
                let mut total = c;
                for q in &callees {
                    total += &self.memo[q];
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
        Ok(self.memo[&key].clone())
    }
}

/// The linear recurrence `s(n+1) = M s(n)` of a program's move counts, in Lunnon's
/// convention: one component per procedure (named after it) and a last constant component
/// named `"1"` that counts single moves.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct TransferSystem {
    /// Component names: procedures in order of definition (after `count_as` merging), then `"1"`.
    pub names: Vec<String>,
    /// The matrix `M`, row i gives component i at n+1 from all components at n.
    #[serde(serialize_with = "ser_matrix")]
    pub matrix: Vec<Vec<BigInt>>,
    /// `s(first_n)`: the components' exact counts at `n = first_n` (normally 1, i.e. `s(1)`).
    #[serde(serialize_with = "ser_vec")]
    pub initial: Vec<BigInt>,
    /// The n of [`TransferSystem::initial`]; the recurrence holds from there on. It is 1
    /// unless some procedure has special clauses for n >= 2.
    pub first_n: u32,
}

impl TransferSystem {
    /// Index of a component by name.
    pub fn index(&self, name: &str) -> Option<usize> {
        self.names.iter().position(|n| n == name)
    }

    /// `s(n)` for `n >= first_n`, by stepping.
    pub fn state(&self, n: u64) -> Option<Vec<BigInt>> {
        if n < self.first_n as u64 {
            return None;
        }
        let mut s = self.initial.clone();
        for _ in self.first_n as u64..n {
            s = self
                .matrix
                .iter()
                .map(|row| row.iter().zip(&s).map(|(a, b)| a * b).sum())
                .collect();
        }
        Some(s)
    }

    /// The decimal logarithm of component `i` of `s(n)`, estimated in floating point by
    /// scaled repeated squaring (O(k^3 log n) float operations, no big integers): for
    /// refusing answers too large to print before computing them. `-inf` when it is 0.
    pub fn log10_estimate(&self, n: u64, i: usize) -> Option<f64> {
        if n < self.first_n as u64 || i >= self.names.len() {
            return None;
        }
        let k = self.names.len();
        let f = |x: &BigInt| -> f64 {
            use num_traits::ToPrimitive;
            x.to_f64().unwrap_or(f64::MAX)
        };
        // A scaled matrix: entries times 10^scale.
        type Scaled = (Vec<Vec<f64>>, f64);
        let normalise = |m: &mut Scaled| {
            let big = m.0.iter().flatten().fold(0.0f64, |a, &b| a.max(b.abs()));
            if big > 0.0 && big.is_finite() {
                for x in m.0.iter_mut().flatten() {
                    *x /= big;
                }
                m.1 += big.log10();
            }
        };
        let mul = |a: &Scaled, b: &Scaled| -> Scaled {
            let mut c = vec![vec![0.0; k]; k];
            for (ci, ai) in c.iter_mut().zip(&a.0) {
                for (l, &x) in ai.iter().enumerate() {
                    if x != 0.0 {
                        for (cj, &y) in ci.iter_mut().zip(&b.0[l]) {
                            *cj += x * y;
                        }
                    }
                }
            }
            let mut r = (c, a.1 + b.1);
            normalise(&mut r);
            r
        };
        let mut result: Scaled = (
            (0..k)
                .map(|r| (0..k).map(|c| if r == c { 1.0 } else { 0.0 }).collect())
                .collect(),
            0.0,
        );
        let mut base: Scaled = (
            self.matrix
                .iter()
                .map(|r| r.iter().map(f).collect())
                .collect(),
            0.0,
        );
        normalise(&mut base);
        let mut e = n - self.first_n as u64;
        while e > 0 {
            if e & 1 == 1 {
                result = mul(&result, &base);
            }
            e >>= 1;
            if e > 0 {
                base = mul(&base, &base);
            }
        }
        let v: f64 = result.0[i]
            .iter()
            .zip(&self.initial)
            .map(|(a, b)| a * f(b))
            .sum();
        Some(if v > 0.0 {
            v.log10() + result.1
        } else if v < 0.0 {
            (-v).log10() + result.1
        } else {
            f64::NEG_INFINITY
        })
    }

    /// `s(n)` for `n >= first_n` by repeated squaring of `M` (O(k^3 log n) big-integer
    /// products for k components): for large n.
    pub fn state_pow(&self, n: u64) -> Option<Vec<BigInt>> {
        if n < self.first_n as u64 {
            return None;
        }
        let k = self.names.len();
        let mul = |a: &Vec<Vec<BigInt>>, b: &Vec<Vec<BigInt>>| -> Vec<Vec<BigInt>> {
            (0..k)
                .map(|i| {
                    (0..k)
                        .map(|j| {
                            let mut acc = BigInt::zero();
                            for (l, ail) in a[i].iter().enumerate() {
                                if !ail.is_zero() && !b[l][j].is_zero() {
                                    acc += ail * &b[l][j];
                                }
                            }
                            acc
                        })
                        .collect()
                })
                .collect()
        };
        let mut result: Vec<Vec<BigInt>> = (0..k)
            .map(|i| {
                (0..k)
                    .map(|j| {
                        if i == j {
                            BigInt::one()
                        } else {
                            BigInt::zero()
                        }
                    })
                    .collect()
            })
            .collect();
        let mut base = self.matrix.clone();
        let mut e = n - self.first_n as u64;
        while e > 0 {
            if e & 1 == 1 {
                result = mul(&result, &base);
            }
            e >>= 1;
            if e > 0 {
                base = mul(&base, &base);
            }
        }
        Some(
            result
                .iter()
                .map(|row| row.iter().zip(&self.initial).map(|(a, b)| a * b).sum())
                .collect(),
        )
    }

    /// The system restricted to the named components (in the given order; `"1"` included if
    /// named). Useful to compare with a printed matrix that leaves out a top-level procedure
    /// no other procedure calls. `None` if a name is unknown or a dropped component is used
    /// by a kept one.
    pub fn restrict(&self, names: &[&str]) -> Option<TransferSystem> {
        let idx: Vec<usize> = names.iter().map(|n| self.index(n)).collect::<Option<_>>()?;
        for &i in &idx {
            for (j, v) in self.matrix[i].iter().enumerate() {
                if !v.is_zero() && !idx.contains(&j) {
                    return None;
                }
            }
        }
        Some(TransferSystem {
            names: names.iter().map(|s| s.to_string()).collect(),
            matrix: idx
                .iter()
                .map(|&i| idx.iter().map(|&j| self.matrix[i][j].clone()).collect())
                .collect(),
            initial: idx.iter().map(|&i| self.initial[i].clone()).collect(),
            first_n: self.first_n,
        })
    }

    /// Markdown rendering: the component vector, `s(first_n)` and `M`.
    pub fn to_markdown(&self) -> String {
        let mut out = String::new();
        out.push_str(&format!("s = ({})\n\n", self.names.join(", ")));
        let init: Vec<String> = self.initial.iter().map(|v| v.to_string()).collect();
        out.push_str(&format!("s({}) = ({})\n\n", self.first_n, init.join(", ")));
        out.push_str("M =\n\n```\n");
        for row in &self.matrix {
            let r: Vec<String> = row.iter().map(|v| v.to_string()).collect();
            out.push_str(&format!("| {} |\n", r.join(", ")));
        }
        out.push_str("```\n");
        out
    }
}

impl fmt::Display for TransferSystem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_markdown())
    }
}

/// Big integers are serialised as decimal strings (exact in every JSON reader).
fn ser_vec<S: serde::Serializer>(v: &[BigInt], s: S) -> Result<S::Ok, S::Error> {
    use serde::ser::SerializeSeq;
    let mut seq = s.serialize_seq(Some(v.len()))?;
    for x in v {
        seq.serialize_element(&x.to_string())?;
    }
    seq.end()
}

fn ser_matrix<S: serde::Serializer>(m: &[Vec<BigInt>], s: S) -> Result<S::Ok, S::Error> {
    use serde::ser::SerializeSeq;
    let mut seq = s.serialize_seq(Some(m.len()))?;
    for row in m {
        let r: Vec<String> = row.iter().map(|x| x.to_string()).collect();
        seq.serialize_element(&r)?;
    }
    seq.end()
}

#[derive(Clone, Debug)]
enum Term {
    Rec(usize),
    Same(usize),
}

const BIG: i64 = 1 << 40;

/// Derives the transfer system of `prog` for the given globals, or `Ok(None)` when some
/// call is on a size other than `n-1`, `n` or a constant, or the derived system does not
/// reproduce the memoised counts (checked for several n). `count_as` maps a procedure to
/// another whose count it equals; the rows must agree, else [`ProgramError::CountAs`].
///
/// Procedures with integer parameters are assumed to have counts independent of them; this
/// is checked (arguments 0 and 1) during verification.
pub fn transfer_system(
    prog: &Program,
    globals: &[i64],
    count_as: &BTreeMap<String, String>,
) -> Result<Option<TransferSystem>, ProgramError> {
    let np = prog.procedures.len();
    let mut counter = Counter::new(prog, globals.to_vec());
    let mut consts: Vec<BigInt> = Vec::with_capacity(np);
    let mut terms: Vec<Vec<Term>> = Vec::with_capacity(np);
    for (pi, p) in prog.procedures.iter().enumerate() {
        let mut sa = vec![0i64; p.slots];
        let mut sb = vec![0i64; p.slots];
        sa[0] = BIG;
        sb[0] = BIG + 1;
        // A guard that overflows at the symbolic size: no fixed linear system.
        let (Ok(Some(ca)), Ok(Some(cb))) = (
            generic_clause(p, &sa, globals),
            generic_clause(p, &sb, globals),
        ) else {
            return Ok(None);
        };
        if ca != cb {
            return Ok(None);
        }
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
            &mut counter,
        )? {
            return Ok(None);
        }
        let _ = pi;
        consts.push(c);
        terms.push(t);
    }
    // Rows over procedures + constant, resolving same-size calls.
    let width = np + 1;
    let mut rows: Vec<Option<Vec<BigInt>>> = vec![None; np];
    let mut state = vec![0u8; np]; // 0 new, 1 in progress, 2 done
    for start in 0..np {
        let mut stack = vec![start];
        while let Some(&p) = stack.last() {
            if state[p] == 2 {
                stack.pop();
                continue;
            }
            let deps: Vec<usize> = terms[p]
                .iter()
                .filter_map(|t| match t {
                    Term::Same(q) if state[*q] != 2 => Some(*q),
                    _ => None,
                })
                .collect();
            if deps.is_empty() {
                let mut row = vec![BigInt::zero(); width];
                row[np] = consts[p].clone();
                for t in &terms[p] {
                    match t {
                        Term::Rec(q) => row[*q] += 1,
                        Term::Same(q) => {
                            let r = rows[*q].as_ref().expect("resolved");
                            for (a, b) in row.iter_mut().zip(r) {
                                *a += b;
                            }
                        }
                    }
                }
                rows[p] = Some(row);
                state[p] = 2;
                stack.pop();
            } else {
                // A same-size cycle at the symbolic size (Reve's `split(n, k)` counting k
                // up) is not a fixed linear system: no matrix. Real non-termination is
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
    let mut matrix: Vec<Vec<BigInt>> = rows.into_iter().map(|r| r.expect("row")).collect();
    let mut last = vec![BigInt::zero(); width];
    last[np] = BigInt::one();
    matrix.push(last);
    // Where the generic clauses take over.
    let mut b = 0i64;
    for p in &prog.procedures {
        let mut s = vec![0i64; p.slots];
        s[0] = BIG;
        let Ok(generic) = generic_clause(p, &s, globals) else {
            return Ok(None);
        };
        for m in 1..=64 {
            s[0] = m;
            let Ok(sel) = p.select(&s, globals) else {
                return Ok(None);
            };
            let sel = sel.map(|c| c.body);
            let generic = generic.map(|i| p.clauses[i].body);
            if sel != generic {
                b = b.max(m);
            }
        }
    }
    let first_n = b.max(1);
    let mut initial = Vec::with_capacity(width);
    for (pi, p) in prog.procedures.iter().enumerate() {
        initial.push(counter.count(pi, first_n, &vec![0; p.int_arity])?);
    }
    initial.push(BigInt::one());
    let mut names: Vec<String> = prog.procedures.iter().map(|p| p.name.clone()).collect();
    names.push("1".into());
    let mut sys = TransferSystem {
        names,
        matrix,
        initial,
        first_n: first_n as u32,
    };
    // Verify against the memoised counts.
    for k in 0..6u64 {
        let n = first_n as u64 + k;
        let s = sys.state(n).expect("n >= first_n");
        for (pi, p) in prog.procedures.iter().enumerate() {
            for arg in [0i64, 1] {
                if arg == 1 && p.int_arity == 0 {
                    continue;
                }
                if counter.count(pi, n as i64, &vec![arg; p.int_arity])? != s[pi] {
                    return Ok(None);
                }
            }
        }
    }
    // Merge count_as.
    for (from, to) in count_as {
        let (Some(i), Some(j)) = (sys.index(from), sys.index(to)) else {
            return Err(ProgramError::CountAs {
                name: from.clone(),
                target: to.clone(),
                detail: "both must be procedures of the program".into(),
            });
        };
        for row in sys.matrix.iter_mut() {
            let v = row[i].clone();
            row[j] += v;
            row.remove(i);
        }
        let ri = sys.matrix.remove(i);
        let j2 = if j > i { j - 1 } else { j };
        if ri != sys.matrix[j2] || sys.initial[i] != sys.initial[j] {
            return Err(ProgramError::CountAs {
                name: from.clone(),
                target: to.clone(),
                detail: "their rows of the transfer matrix or their initial counts differ".into(),
            });
        }
        sys.initial.remove(i);
        sys.names.remove(i);
    }
    Ok(Some(sys))
}

/// The index of the first clause whose guard holds (or has none) at these slots.
fn generic_clause(p: &Procedure, s: &[i64], globals: &[i64]) -> Result<Option<usize>, Overflow> {
    for (i, c) in p.clauses.iter().enumerate() {
        match &c.guard {
            None => return Ok(Some(i)),
            Some(g) => {
                if g.eval(s, globals).ok_or(Overflow)? {
                    return Ok(Some(i));
                }
            }
        }
    }
    Ok(None)
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
                let (Some(k), Some(kb)) = (times.eval(sa, globals), times.eval(sb, globals)) else {
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
                let (Some(x), Some(y)) = (size.eval(sa, globals), size.eval(sb, globals)) else {
                    return Ok(false);
                };
                if x == na - 1 && y == nb - 1 {
                    terms.push(Term::Rec(*proc));
                } else if x == na && y == nb {
                    terms.push(Term::Same(*proc));
                } else if x == y {
                    let Some(args) = ints
                        .iter()
                        .map(|e| e.eval(sa, globals))
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
                let (Some(a), Some(b)) = (from.eval(sa, globals), to.eval(sa, globals)) else {
                    return Ok(false);
                };
                if Some(a) != from.eval(sb, globals) || Some(b) != to.eval(sb, globals) {
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

//! Exact evaluation of formulas.
//!
//! Values are exact elements `a + b·√d` of a quadratic field (rationals when `b = 0`), so
//! `(1 + sqrt 3)^(n+2)` and `{sqrt(2n)}` are computed exactly. Anything else irrational
//! (`log`, `exp`, non-integer powers, surds of two different fields) becomes a certified
//! [`Interval`]. A decision an interval cannot take yet (a floor, a comparison) aborts the
//! evaluation with [`EvalError::Undecided`] and [`evaluate`] starts again with twice the
//! precision, up to [`MAX_BITS`]; then it reports "cannot decide". No `f64` anywhere.

use super::formula::{Aggregate, BinOp, Cond, Expr};
use crate::algebra::decimal::{fixed, Rounding};
use crate::algebra::interval::{self, Interval};
use crate::algebra::QuadraticNumber;
use num_bigint::{BigInt, Sign};
use num_integer::Integer;
use num_rational::BigRational;
use num_traits::{One, Signed, ToPrimitive, Zero};
use std::cmp::Ordering;
use std::fmt;

/// First working precision, in bits.
pub const START_BITS: u32 = 64;
/// Precision cap: beyond this the evaluator gives up with "cannot decide".
pub const MAX_BITS: u32 = 4096;
/// Largest number of terms of one `sum`/`prod`/`min`/`max`.
pub const MAX_TERMS: u64 = 200_000;
/// Largest number of evaluation steps of one formula before it is refused as too expensive.
pub const MAX_STEPS: u64 = 5_000_000;
/// Largest size (in bits, roughly) of an exact power before it is refused.
pub const MAX_POWER_BITS: u64 = 4_000_000;
/// Largest total size (in bits, roughly) of all the exact powers one check computes — every
/// n it evaluates, every power in the formula — before the check is refused: a formula
/// whose single power fits [`MAX_POWER_BITS`] may still be evaluated at hundreds of n, and a
/// power of a quadratic surd near the single limit alone takes seconds.
pub const MAX_CHECK_POWER_BITS: u64 = 2 * MAX_POWER_BITS;
/// Powers of at most this many bits are not charged to [`MAX_CHECK_POWER_BITS`].
pub const CHARGED_POWER_BITS: u64 = 1 << 12;

thread_local! {
    static POWER_WORK: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

/// Starts a new check: the total of exact power sizes ([`MAX_CHECK_POWER_BITS`]) counts from
/// zero again on this thread. The checker calls it before each claim and each command-line
/// check.
pub fn reset_power_work() {
    POWER_WORK.with(|w| w.set(0));
}

/// The total size (bits, roughly) of the exact powers computed on this thread since the last
/// [`reset_power_work`].
pub fn power_work() -> u64 {
    POWER_WORK.with(|w| w.get())
}

/// Why a formula could not be evaluated.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EvalError {
    /// An interval could not decide a floor or comparison at the current precision
    /// (internal: [`evaluate`] retries; returned only past [`MAX_BITS`]).
    Undecided(String),
    /// A name that is neither a variable, a function nor a sequence.
    Unknown {
        /// The name.
        name: String,
        /// Its position in the formula (0-based character offset, when known).
        pos: Option<usize>,
    },
    /// Division by zero, `sqrt` of a negative number, `mod` of non-integers, ...
    Domain(String),
    /// A result too large to compute exactly.
    TooLarge(String),
    /// A sequence failed (message from the sequence).
    Sequence(String),
}

impl fmt::Display for EvalError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EvalError::Undecided(what) => write!(
                f,
                "cannot decide {what} with {MAX_BITS} bits of certified precision"
            ),
            EvalError::Unknown { name, pos: Some(p) } => {
                write!(f, "at column {}: unknown name '{name}'", p + 1)
            }
            EvalError::Unknown { name, pos: None } => write!(f, "unknown name '{name}'"),
            EvalError::Domain(m) | EvalError::TooLarge(m) | EvalError::Sequence(m) => {
                f.write_str(m)
            }
        }
    }
}

impl std::error::Error for EvalError {}

/// A value: exact in a quadratic field, or a certified real enclosure.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value {
    /// Exact.
    Exact(QuadraticNumber),
    /// A certified enclosure of an irrational number.
    Real(Interval),
}

impl Value {
    /// An exact integer.
    pub fn int(v: impl Into<BigInt>) -> Value {
        Value::Exact(QuadraticNumber::int(v))
    }

    /// An exact rational.
    pub fn rational(q: BigRational) -> Value {
        Value::Exact(QuadraticNumber::rational(q))
    }

    /// The exact rational, if any.
    pub fn as_rational(&self) -> Option<&BigRational> {
        match self {
            Value::Exact(s) => s.as_rational(),
            Value::Real(_) => None,
        }
    }

    /// The exact integer, if any.
    pub fn as_integer(&self) -> Option<BigInt> {
        self.as_rational()
            .filter(|q| q.is_integer())
            .map(|q| q.to_integer())
    }

    /// An enclosure on the grid `2^-bits` (exact values give degenerate or tight intervals).
    pub fn interval(&self, bits: u32) -> Interval {
        match self {
            // The evaluator's exact values are real (a square root of a negative is refused).
            Value::Exact(s) => s.interval(bits).unwrap_or_else(|| Interval::int(0)),
            Value::Real(i) => i.clone(),
        }
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Exact(s) => write!(f, "{s}"),
            Value::Real(i) => write!(
                f,
                "[{}, {}]",
                fixed(&i.lo, 12, Rounding::Floor),
                fixed(&i.hi, 12, Rounding::Floor)
            ),
        }
    }
}

/// The sequences a formula may call: the variant's own functions and the named library
/// sequences. `None` when the name is not a sequence.
pub trait Sequences {
    /// The value of sequence `name` at the integer arguments `args`.
    fn value(&self, name: &str, args: &[BigInt]) -> Option<Result<BigInt, String>>;
}

/// No sequences at all.
pub struct NoSequences;

impl Sequences for NoSequences {
    fn value(&self, _: &str, _: &[BigInt]) -> Option<Result<BigInt, String>> {
        None
    }
}

/// Evaluates `expr` with the variables `vars` (e.g. `n`, parameters), refining the
/// precision until every decision is taken or [`MAX_BITS`] is reached.
///
/// ```
/// use hanoilab::literature::eval::{evaluate, NoSequences, Value};
/// use hanoilab::literature::formula::parse;
/// let e = parse("((1 + sqrt 3)^(n+2) - (1 - sqrt 3)^(n+2)) / (4 sqrt 3) - 1").unwrap();
/// let v = evaluate(&e, &[("n", Value::int(2))], &NoSequences).unwrap();
/// assert_eq!(v.as_integer(), Some(7.into())); // Cyclic A(2) = 7
/// ```
pub fn evaluate(
    expr: &Expr,
    vars: &[(&str, Value)],
    seqs: &dyn Sequences,
) -> Result<Value, EvalError> {
    let mut bits = START_BITS;
    loop {
        let mut ev = Evaluator::new(bits, vars, seqs);
        match ev.eval(expr) {
            Err(EvalError::Undecided(what)) => {
                if bits >= MAX_BITS {
                    return Err(EvalError::Undecided(what));
                }
                bits *= 2;
            }
            other => return other,
        }
    }
}

/// How a formula's value compares with an exact integer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Agreement {
    /// Exactly equal.
    Exact,
    /// The value is irrational-looking (an interval) that contains the integer and is
    /// narrower than `2^-bits`: equal to within that certified precision.
    Within(u32),
    /// Certainly different; the formula's value (exact, or an interval).
    Differs(Value),
}

/// Compares the value of `expr` with `target`, refining intervals until they either exclude
/// `target` or are narrower than `2^-64` around it.
pub fn compare_with(
    expr: &Expr,
    vars: &[(&str, Value)],
    seqs: &dyn Sequences,
    target: &BigInt,
) -> Result<Agreement, EvalError> {
    let t = BigRational::from_integer(target.clone());
    let mut bits = START_BITS;
    loop {
        let mut ev = Evaluator::new(bits, vars, seqs);
        match ev.eval(expr) {
            Ok(Value::Exact(s)) => {
                return Ok(if s.as_rational() == Some(&t) {
                    Agreement::Exact
                } else {
                    Agreement::Differs(Value::Exact(s))
                })
            }
            Ok(Value::Real(i)) => {
                if !i.contains(&t) {
                    return Ok(Agreement::Differs(Value::Real(i)));
                }
                let eps = BigRational::new(BigInt::one(), BigInt::one() << 64u32);
                if i.width() < eps {
                    return Ok(Agreement::Within(64));
                }
                if bits >= MAX_BITS {
                    return Err(EvalError::Undecided("equality with an integer".into()));
                }
                bits *= 2;
            }
            Err(EvalError::Undecided(what)) => {
                if bits >= MAX_BITS {
                    return Err(EvalError::Undecided(what));
                }
                bits *= 2;
            }
            Err(e) => return Err(e),
        }
    }
}

/// Evaluates to an enclosure narrower than `2^-want` (exact values are returned as they are).
pub fn evaluate_to(
    expr: &Expr,
    vars: &[(&str, Value)],
    seqs: &dyn Sequences,
    want: u32,
) -> Result<Value, EvalError> {
    let eps = BigRational::new(BigInt::one(), BigInt::one() << want);
    let mut bits = START_BITS.max(want + 16);
    loop {
        let mut ev = Evaluator::new(bits, vars, seqs);
        match ev.eval(expr) {
            Ok(Value::Real(i)) if i.width() >= eps && bits < MAX_BITS => bits *= 2,
            Err(EvalError::Undecided(_)) if bits < MAX_BITS => bits *= 2,
            other => return other,
        }
    }
}

thread_local! {
    static LN_CACHE: std::cell::RefCell<std::collections::HashMap<(BigRational, u32), Interval>> =
        std::cell::RefCell::new(std::collections::HashMap::new());
}

struct Evaluator<'a> {
    steps: u64,
    bits: u32,
    vars: Vec<(String, Value)>,
    seqs: &'a dyn Sequences,
}

impl<'a> Evaluator<'a> {
    /// A fresh evaluation at `bits` of interval precision.
    fn new(bits: u32, vars: &[(&str, Value)], seqs: &'a dyn Sequences) -> Evaluator<'a> {
        Evaluator {
            steps: 0,
            bits,
            vars: vars
                .iter()
                .map(|(k, v)| (k.to_string(), v.clone()))
                .collect(),
            seqs,
        }
    }
}

fn rat(v: i64) -> BigRational {
    BigRational::from_integer(BigInt::from(v))
}

fn domain<T>(m: impl Into<String>) -> Result<T, EvalError> {
    Err(EvalError::Domain(m.into()))
}

fn neg_interval(i: &Interval) -> Interval {
    Interval {
        lo: -i.hi.clone(),
        hi: -i.lo.clone(),
    }
}

/// `sqrt` of a non-negative rational, exactly: `s·√f` with the square part of the
/// numerator·denominator pulled out by trial division (the radicand need not be square-free,
/// only not a square, for the arithmetic to stay exact).
fn sqrt_exact(q: &BigRational) -> QuadraticNumber {
    if q.is_zero() {
        return QuadraticNumber::int(0);
    }
    let m = q.numer() * q.denom();
    let den = q.denom().clone();
    let mut rest = m.clone();
    let mut outside = BigInt::one();
    let mut p = 2u32;
    while p < 1000 {
        let pp = BigInt::from(p * p);
        while (&rest % &pp).is_zero() {
            rest /= &pp;
            outside *= p;
        }
        p += 1;
    }
    let r = rest.sqrt();
    if &r * &r == rest {
        return QuadraticNumber::rational(BigRational::new(outside * r, den));
    }
    QuadraticNumber::new(BigRational::zero(), BigRational::new(outside, den), rest)
}

impl Evaluator<'_> {
    fn lookup(&self, name: &str) -> Option<&Value> {
        self.vars
            .iter()
            .rev()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v)
    }

    fn tidy(&self, i: Interval) -> Value {
        Value::Real(i.round_out(self.bits + 8))
    }

    fn eval(&mut self, e: &Expr) -> Result<Value, EvalError> {
        self.steps += 1;
        if self.steps > MAX_STEPS {
            return Err(EvalError::TooLarge(format!(
                "the formula needs more than {MAX_STEPS} evaluation steps"
            )));
        }
        match e {
            Expr::Num(q) => Ok(Value::rational(q.clone())),
            Expr::Var(v) => self.lookup(v).cloned().ok_or(EvalError::Unknown {
                name: v.clone(),
                pos: None,
            }),
            Expr::Neg(a) => {
                let a = self.eval(a)?;
                Ok(self.neg(&a))
            }
            Expr::Bin(BinOp::Div, a, b) if log_arg(a).is_some() && log_arg(b).is_some() => {
                // log(x)/log(b): exact when x is a power of b.
                let (Some(xa), Some(ba)) = (log_arg(a), log_arg(b)) else {
                    return domain("log(x)/log(b)");
                };
                let x = self.eval(xa)?;
                let base = self.eval(ba)?;
                if let Some(k) = self.exact_log(&x, &base) {
                    return Ok(Value::int(k));
                }
                let lx = self.ln(&x)?;
                let lb = self.ln(&base)?;
                let r = self.inv(&lb)?;
                Ok(self.mul(&lx, &r))
            }
            Expr::Bin(op, a, b) => {
                let x = self.eval(a)?;
                let y = self.eval(b)?;
                self.binary(*op, &x, &y)
            }
            Expr::Call(name, args, pos) => self.call(name, args, *pos),
            Expr::Agg(kind, var, from, to, body) => self.aggregate(*kind, var, from, to, body),
            Expr::If(c, a, b) => {
                if self.cond(c)? {
                    self.eval(a)
                } else {
                    self.eval(b)
                }
            }
            Expr::Where(body, binds) => {
                let depth = self.vars.len();
                for (name, value) in binds {
                    let v = self.eval(value);
                    match v {
                        Ok(v) => self.vars.push((name.clone(), v)),
                        Err(e) => {
                            self.vars.truncate(depth);
                            return Err(e);
                        }
                    }
                }
                let out = self.eval(body);
                self.vars.truncate(depth);
                out
            }
        }
    }

    fn neg(&self, a: &Value) -> Value {
        match a {
            Value::Exact(s) => Value::Exact(s.neg()),
            Value::Real(i) => Value::Real(neg_interval(i)),
        }
    }

    fn add(&self, x: &Value, y: &Value) -> Value {
        if let (Value::Exact(p), Value::Exact(q)) = (x, y) {
            if let Some(s) = p.checked_add(q) {
                return Value::Exact(s);
            }
        }
        self.tidy(x.interval(self.bits).add(&y.interval(self.bits)))
    }

    fn mul(&self, x: &Value, y: &Value) -> Value {
        if let (Value::Exact(p), Value::Exact(q)) = (x, y) {
            if let Some(s) = p.checked_mul(q) {
                return Value::Exact(s);
            }
        }
        self.tidy(x.interval(self.bits).mul(&y.interval(self.bits)))
    }

    fn inv(&self, x: &Value) -> Result<Value, EvalError> {
        match x {
            Value::Exact(s) => match s.checked_inv() {
                Some(r) => Ok(Value::Exact(r)),
                None => domain("division by zero"),
            },
            Value::Real(i) => match Interval::int(1).div(i) {
                Some(r) => Ok(self.tidy(r)),
                None if i.lo.is_zero() && i.hi.is_zero() => domain("division by zero"),
                None => Err(EvalError::Undecided("a division (divisor near 0)".into())),
            },
        }
    }

    fn sign(&self, x: &Value) -> Result<Ordering, EvalError> {
        match x {
            Value::Exact(s) => s
                .sign()
                .ok_or_else(|| EvalError::Domain(format!("the sign of the imaginary number {s}"))),
            Value::Real(i) => {
                if i.lo.is_positive() {
                    Ok(Ordering::Greater)
                } else if i.hi.is_negative() {
                    Ok(Ordering::Less)
                } else {
                    Err(EvalError::Undecided("a sign (interval contains 0)".into()))
                }
            }
        }
    }

    fn cmp(&self, x: &Value, y: &Value) -> Result<Ordering, EvalError> {
        let d = self.add(x, &self.neg(y));
        self.sign(&d)
    }

    fn integer(&self, x: &Value, what: &str) -> Result<BigInt, EvalError> {
        x.as_integer()
            .ok_or_else(|| EvalError::Domain(format!("{what} needs an integer, got {x}")))
    }

    fn small(&self, x: &Value, what: &str) -> Result<i64, EvalError> {
        self.integer(x, what)?
            .to_i64()
            .filter(|v| v.abs() <= 1_000_000_000)
            .ok_or_else(|| EvalError::TooLarge(format!("{what}: {x} is too large")))
    }

    fn binary(&self, op: BinOp, x: &Value, y: &Value) -> Result<Value, EvalError> {
        match op {
            BinOp::Add => Ok(self.add(x, y)),
            BinOp::Sub => Ok(self.add(x, &self.neg(y))),
            BinOp::Mul => Ok(self.mul(x, y)),
            BinOp::Div => {
                let r = self.inv(y)?;
                Ok(self.mul(x, &r))
            }
            BinOp::Mod => {
                let a = self.integer(x, "mod")?;
                let k = self.integer(y, "mod")?;
                if k.is_zero() {
                    return domain("mod 0");
                }
                Ok(Value::int(a.mod_floor(&k)))
            }
            BinOp::Pow => self.pow(x, y),
        }
    }

    fn pow(&self, x: &Value, y: &Value) -> Result<Value, EvalError> {
        if let Some(k) = y.as_integer() {
            let k = k
                .to_i64()
                .filter(|k| k.unsigned_abs() <= 10_000_000)
                .ok_or_else(|| EvalError::TooLarge(format!("exponent {y} is too large")))?;
            return self.pow_int(x, k);
        }
        if let Some(q) = y.as_rational() {
            // q = p/2: a square root (exact for rationals), then an integer power.
            if q.denom() == &BigInt::from(2) {
                let r = self.sqrt_value(x)?;
                let p = q
                    .numer()
                    .to_i64()
                    .ok_or_else(|| EvalError::TooLarge(format!("exponent {y} is too large")))?;
                return self.pow_int(&r, p);
            }
        }
        // x^y = exp(y ln x), x > 0.
        let l = self.ln(x)?;
        let t = self.mul(y, &l);
        self.exp(&t)
    }

    fn sqrt_value(&self, x: &Value) -> Result<Value, EvalError> {
        if self.sign(x)? == Ordering::Less {
            return domain(format!("sqrt of the negative number {x}"));
        }
        match x {
            Value::Exact(s) if s.b.is_zero() => Ok(Value::Exact(sqrt_exact(&s.a))),
            _ => {
                let i = x.interval(self.bits);
                let i = Interval {
                    lo: i.lo.max(BigRational::zero()),
                    hi: i.hi,
                };
                Ok(self.tidy(interval::sqrt(&i, self.bits + 8)))
            }
        }
    }

    fn pow_int(&self, x: &Value, k: i64) -> Result<Value, EvalError> {
        if let Value::Exact(s) = x {
            let size = s.a.numer().bits()
                + s.a.denom().bits()
                + s.b.numer().bits()
                + s.b.denom().bits()
                + s.d.bits()
                + 1;
            let bits = size.saturating_mul(k.unsigned_abs());
            if bits > MAX_POWER_BITS {
                return Err(EvalError::TooLarge(format!(
                    "{x}^{k} is too large to compute exactly"
                )));
            }
            // Small powers cost next to nothing (and their number is bounded by MAX_STEPS);
            // only the large ones are charged to the check.
            let charged = if bits > CHARGED_POWER_BITS { bits } else { 0 };
            let total = POWER_WORK.with(|w| {
                let t = w.get().saturating_add(charged);
                w.set(t);
                t
            });
            if total > MAX_CHECK_POWER_BITS {
                return Err(EvalError::TooLarge(format!(
                    "{x}^{k}: the exact powers of this check would total more than {MAX_CHECK_POWER_BITS} bits (the number of n evaluated times the size of each power); refused as too expensive"
                )));
            }
        }
        let base = if k < 0 { self.inv(x)? } else { x.clone() };
        let mut e = k.unsigned_abs();
        let mut acc = Value::int(1);
        let mut sq = base;
        while e > 0 {
            if e & 1 == 1 {
                acc = self.mul(&acc, &sq);
            }
            e >>= 1;
            if e > 0 {
                sq = self.mul(&sq, &sq);
            }
        }
        Ok(acc)
    }

    fn ln_positive_rational(&self, q: &BigRational, bits: u32) -> Interval {
        // Logs of the same small rationals (log 2, log 3) recur at every n of a range.
        let key = (q.clone(), bits);
        if let Some(v) = LN_CACHE.with(|c| c.borrow().get(&key).cloned()) {
            return v;
        }
        let a = interval::ln_int(q.numer(), bits).unwrap_or_else(|| Interval::int(0));
        let b = interval::ln_int(q.denom(), bits).unwrap_or_else(|| Interval::int(0));
        let v = a.sub(&b);
        if q.numer().bits() + q.denom().bits() <= 64 {
            LN_CACHE.with(|c| {
                let mut c = c.borrow_mut();
                if c.len() > 4096 {
                    c.clear();
                }
                c.insert(key, v.clone());
            });
        }
        v
    }

    fn ln(&self, x: &Value) -> Result<Value, EvalError> {
        if let Some(q) = x.as_rational() {
            if !q.is_positive() {
                return domain(format!("log of {q} (not positive)"));
            }
            if q.is_one() {
                return Ok(Value::int(0));
            }
            return Ok(self.tidy(self.ln_positive_rational(q, self.bits + 8)));
        }
        match self.sign(x)? {
            Ordering::Greater => {}
            _ => return domain(format!("log of {x} (not positive)")),
        }
        let i = x.interval(self.bits);
        if !i.lo.is_positive() {
            return Err(EvalError::Undecided("a log (argument near 0)".into()));
        }
        let lo = self.ln_positive_rational(&i.lo, self.bits + 8).lo;
        let hi = self.ln_positive_rational(&i.hi, self.bits + 8).hi;
        Ok(self.tidy(Interval { lo, hi }))
    }

    fn exp(&self, x: &Value) -> Result<Value, EvalError> {
        if x.as_rational().is_some_and(|q| q.is_zero()) {
            return Ok(Value::int(1));
        }
        let i = x.interval(self.bits);
        if i.hi > rat(1_000) {
            return Err(EvalError::TooLarge(format!("exp of {x} is too large")));
        }
        // The series for exp(-x) at large x takes time without end (issue 17).
        if i.lo < rat(-1_000) {
            return Err(EvalError::TooLarge(format!(
                "exp of {x} is too small to compute"
            )));
        }
        Ok(self.tidy(interval::exp(&i, self.bits + 8)))
    }

    fn floor(&self, x: &Value) -> Result<BigInt, EvalError> {
        match x {
            Value::Exact(s) => {
                if let Some(q) = s.as_rational() {
                    return Ok(q.floor().to_integer());
                }
                // Irrational: refinement always decides.
                let mut bits = self.bits.max(START_BITS);
                loop {
                    if let Some(f) = x.interval(bits).floor_if_decided() {
                        return Ok(f);
                    }
                    if bits >= 1 << 16 {
                        return Err(EvalError::Undecided("a floor".into()));
                    }
                    bits *= 2;
                }
            }
            Value::Real(i) => i
                .floor_if_decided()
                .ok_or_else(|| EvalError::Undecided("a floor".into())),
        }
    }

    fn cond(&mut self, c: &Cond) -> Result<bool, EvalError> {
        match c {
            Cond::Cmp(op, a, b) => {
                let x = self.eval(a)?;
                let y = self.eval(b)?;
                Ok(op.holds(self.cmp(&x, &y)?))
            }
            Cond::Parity(a, even) => {
                let x = self.eval(a)?;
                let v = self.integer(&x, "even/odd")?;
                Ok(v.is_even() == *even)
            }
            Cond::And(a, b) => Ok(self.cond(a)? && self.cond(b)?),
            Cond::Or(a, b) => Ok(self.cond(a)? || self.cond(b)?),
            Cond::Not(a) => Ok(!self.cond(a)?),
        }
    }

    fn aggregate(
        &mut self,
        kind: Aggregate,
        var: &str,
        from: &Expr,
        to: &Expr,
        body: &Expr,
    ) -> Result<Value, EvalError> {
        let a = self.eval(from)?;
        let b = self.eval(to)?;
        let a = self.small(&a, "a range bound")?;
        let b = self.small(&b, "a range bound")?;
        if b >= a && (b - a) as u64 >= MAX_TERMS {
            return Err(EvalError::TooLarge(format!(
                "range {a}..{b} has more than {MAX_TERMS} terms"
            )));
        }
        let mut acc: Option<Value> = match kind {
            Aggregate::Sum => Some(Value::int(0)),
            Aggregate::Prod => Some(Value::int(1)),
            _ => None,
        };
        for i in a..=b {
            self.vars.push((var.to_string(), Value::int(i)));
            let v = self.eval(body);
            self.vars.pop();
            let v = v?;
            acc = Some(match (kind, acc) {
                (Aggregate::Sum, Some(s)) => self.add(&s, &v),
                (Aggregate::Prod, Some(s)) => self.mul(&s, &v),
                (_, None) => v,
                (Aggregate::Min, Some(s)) => {
                    if self.cmp(&v, &s)? == Ordering::Less {
                        v
                    } else {
                        s
                    }
                }
                (Aggregate::Max, Some(s)) => {
                    if self.cmp(&v, &s)? == Ordering::Greater {
                        v
                    } else {
                        s
                    }
                }
            });
        }
        acc.ok_or_else(|| EvalError::Domain(format!("min/max over the empty range {a}..{b}")))
    }

    fn args(&mut self, args: &[Expr]) -> Result<Vec<Value>, EvalError> {
        args.iter().map(|a| self.eval(a)).collect()
    }

    fn call(&mut self, name: &str, args: &[Expr], pos: usize) -> Result<Value, EvalError> {
        // `l(2^n - 1)` with a bound `l` is a product.
        if args.len() == 1 {
            if let Some(v) = self.lookup(name).cloned() {
                let a = self.eval(&args[0])?;
                return Ok(self.mul(&v, &a));
            }
        }
        let arity = |n: usize| -> Result<(), EvalError> {
            if args.len() == n {
                Ok(())
            } else {
                domain(format!(
                    "at column {}: {name} takes {n} argument(s), got {}",
                    pos + 1,
                    args.len()
                ))
            }
        };
        match name {
            "floor" | "ceil" | "round" | "nearest" => {
                arity(1)?;
                let x = self.eval(&args[0])?;
                let v = match name {
                    "floor" => self.floor(&x)?,
                    "ceil" => -self.floor(&self.neg(&x))?,
                    _ => self.floor(
                        &self.add(&x, &Value::rational(BigRational::new(1.into(), 2.into()))),
                    )?,
                };
                Ok(Value::int(v))
            }
            "abs" => {
                arity(1)?;
                let x = self.eval(&args[0])?;
                Ok(if self.sign(&x)? == Ordering::Less {
                    self.neg(&x)
                } else {
                    x
                })
            }
            "sqrt" => {
                arity(1)?;
                let x = self.eval(&args[0])?;
                self.sqrt_value(&x)
            }
            "log" | "ln" => match args.len() {
                1 => {
                    let x = self.eval(&args[0])?;
                    self.ln(&x)
                }
                2 => {
                    let x = self.eval(&args[0])?;
                    let b = self.eval(&args[1])?;
                    if let Some(k) = self.exact_log(&x, &b) {
                        return Ok(Value::int(k));
                    }
                    let lx = self.ln(&x)?;
                    let lb = self.ln(&b)?;
                    let r = self.inv(&lb)?;
                    Ok(self.mul(&lx, &r))
                }
                n => domain(format!(
                    "at column {}: log takes 1 or 2 arguments, got {n}",
                    pos + 1
                )),
            },
            "exp" => {
                arity(1)?;
                let x = self.eval(&args[0])?;
                self.exp(&x)
            }
            "min" | "max" if !args.is_empty() => {
                let vs = self.args(args)?;
                let mut best = vs[0].clone();
                for v in &vs[1..] {
                    let o = self.cmp(v, &best)?;
                    if (name == "min" && o == Ordering::Less)
                        || (name == "max" && o == Ordering::Greater)
                    {
                        best = v.clone();
                    }
                }
                Ok(best)
            }
            "C" | "binomial" if args.len() == 2 => {
                let vs = self.args(args)?;
                let a = self.small(&vs[0], "C(a, b)")?;
                let b = self.small(&vs[1], "C(a, b)")?;
                if a < 0 {
                    return domain(format!("C({a}, {b}): negative a"));
                }
                if b < 0 || b > a {
                    return Ok(Value::int(0));
                }
                let b = b.min(a - b);
                self.steps += b as u64;
                if b > 20_000 {
                    return Err(EvalError::TooLarge(format!("C({a}, {b}) is too large")));
                }
                let mut c = BigInt::one();
                for i in 0..b {
                    c = c * BigInt::from(a - i) / BigInt::from(i + 1);
                }
                Ok(Value::int(c))
            }
            "root" => {
                arity(3)?;
                self.root(&args[0], &args[1], &args[2], pos)
            }
            _ => {
                let vs = self.args(args)?;
                let ints: Vec<BigInt> = vs
                    .iter()
                    .map(|v| self.integer(v, name))
                    .collect::<Result<_, _>>()?;
                match self.seqs.value(name, &ints) {
                    Some(Ok(v)) => Ok(Value::int(v)),
                    Some(Err(m)) => Err(EvalError::Sequence(m)),
                    None => Err(EvalError::Unknown {
                        name: name.to_string(),
                        pos: Some(pos),
                    }),
                }
            }
        }
    }

    /// `log_b(x)` when it is an integer `k` with `b^k = x` exactly (positive rationals,
    /// `|k| <= 100_000`): then `floor(log(x)/log(b))` at an exact power is decided exactly.
    fn exact_log(&self, x: &Value, b: &Value) -> Option<i64> {
        let (x, b) = (x.as_rational()?, b.as_rational()?);
        if !x.is_positive() || !b.is_positive() || b.is_one() {
            return None;
        }
        // Work with x >= 1 and b > 1 (flip signs of k as needed).
        let (x, flip_x) = if x >= &BigRational::one() {
            (x.clone(), false)
        } else {
            (x.recip(), true)
        };
        let (b, flip_b) = if b > &BigRational::one() {
            (b.clone(), false)
        } else {
            (b.recip(), true)
        };
        let mut p = BigRational::one();
        let mut k = 0i64;
        while p < x && k <= 100_000 {
            p *= &b;
            k += 1;
        }
        (p == x).then_some(if flip_x != flip_b { -k } else { k })
    }

    /// `root(p(E), lo, hi)`: the root of the polynomial `p` in `E` between the rationals
    /// `lo` and `hi`, where `p` changes sign, enclosed by exact bisection.
    fn root(&mut self, p: &Expr, lo: &Expr, hi: &Expr, pos: usize) -> Result<Value, EvalError> {
        let poly = to_poly(p, "E").map_err(EvalError::Domain)?;
        let lo = self.eval(lo)?;
        let hi = self.eval(hi)?;
        let (Some(mut a), Some(mut b)) = (lo.as_rational().cloned(), hi.as_rational().cloned())
        else {
            return domain("root(p, lo, hi) needs rational bounds");
        };
        if a > b {
            return domain(format!(
                "at column {}: root(p, {a}, {b}): the lower bound exceeds the upper bound",
                pos + 1
            ));
        }
        let sa = poly_eval(&poly, &a).cmp(&BigRational::zero());
        let sb = poly_eval(&poly, &b).cmp(&BigRational::zero());
        if sa == Ordering::Equal {
            return Ok(Value::rational(a));
        }
        if sb == Ordering::Equal {
            return Ok(Value::rational(b));
        }
        if sa == sb {
            return domain(format!(
                "root(p, {a}, {b}): the polynomial does not change sign between the bounds"
            ));
        }
        let eps = BigRational::new(BigInt::one(), BigInt::one() << (self.bits + 8));
        let two = rat(2);
        while &b - &a > eps {
            let m = (&a + &b) / &two;
            let sm = poly_eval(&poly, &m).cmp(&BigRational::zero());
            if sm == Ordering::Equal {
                return Ok(Value::rational(m));
            }
            if sm == sa {
                a = m;
            } else {
                b = m;
            }
        }
        Ok(Value::Real(Interval { lo: a, hi: b }))
    }
}

/// The argument of `log(x)` / `ln(x)`.
fn log_arg(e: &Expr) -> Option<&Expr> {
    match e {
        Expr::Call(name, args, _) if (name == "log" || name == "ln") && args.len() == 1 => {
            args.first()
        }
        _ => None,
    }
}

/// Evaluates a polynomial (coefficients from degree 0 up) at a rational point.
pub fn poly_eval(p: &[BigRational], x: &BigRational) -> BigRational {
    p.iter()
        .rev()
        .fold(BigRational::zero(), |acc, c| acc * x + c)
}

/// Expands a polynomial expression in the variable `var` (`E` for Lunnon's shift operator)
/// into its rational coefficients, lowest degree first: `(E - 1)(E^2 + 1)` → `[-1, 1, -1, 1]`.
/// Only numbers, `var`, `+ - *`, division by numbers and powers with small non-negative
/// integer exponents are allowed.
pub fn to_poly(e: &Expr, var: &str) -> Result<Vec<BigRational>, String> {
    fn trim(mut p: Vec<BigRational>) -> Vec<BigRational> {
        while p.last().is_some_and(|c| c.is_zero()) {
            p.pop();
        }
        p
    }
    fn add(a: &[BigRational], b: &[BigRational], sign: i64) -> Vec<BigRational> {
        let n = a.len().max(b.len());
        let s = rat(sign);
        trim(
            (0..n)
                .map(|i| {
                    a.get(i).cloned().unwrap_or_default()
                        + &s * b.get(i).cloned().unwrap_or_default()
                })
                .collect(),
        )
    }
    fn mul(a: &[BigRational], b: &[BigRational]) -> Vec<BigRational> {
        if a.is_empty() || b.is_empty() {
            return vec![];
        }
        let mut out = vec![BigRational::zero(); a.len() + b.len() - 1];
        for (i, x) in a.iter().enumerate() {
            for (j, y) in b.iter().enumerate() {
                out[i + j] += x * y;
            }
        }
        trim(out)
    }
    Ok(match e {
        Expr::Num(q) => trim(vec![q.clone()]),
        Expr::Var(v) if v == var => vec![BigRational::zero(), BigRational::one()],
        Expr::Var(v) => return Err(format!("'{v}' in a polynomial in {var}")),
        Expr::Neg(a) => add(&[], &to_poly(a, var)?, -1),
        Expr::Bin(BinOp::Add, a, b) => add(&to_poly(a, var)?, &to_poly(b, var)?, 1),
        Expr::Bin(BinOp::Sub, a, b) => add(&to_poly(a, var)?, &to_poly(b, var)?, -1),
        Expr::Bin(BinOp::Mul, a, b) => mul(&to_poly(a, var)?, &to_poly(b, var)?),
        Expr::Bin(BinOp::Div, a, b) => {
            let d = to_poly(b, var)?;
            if d.len() != 1 {
                return Err("division by a non-constant in a polynomial".into());
            }
            let inv = d[0].recip();
            to_poly(a, var)?.into_iter().map(|c| c * &inv).collect()
        }
        Expr::Bin(BinOp::Pow, a, b) => {
            let k = match to_poly(b, var)?.as_slice() {
                [] => 0,
                [c] if c.is_integer() && !c.is_negative() && c.to_integer() <= 1000.into() => {
                    c.to_integer().to_usize().unwrap_or(0)
                }
                _ => return Err("a polynomial power needs a small non-negative integer".into()),
            };
            let base = to_poly(a, var)?;
            let mut acc = vec![BigRational::one()];
            for _ in 0..k {
                acc = mul(&acc, &base);
            }
            acc
        }
        _ => return Err(format!("not a polynomial in {var}")),
    })
}

/// The sign of a big integer as an [`Ordering`].
pub fn sign_of(v: &BigInt) -> Ordering {
    match v.sign() {
        Sign::Minus => Ordering::Less,
        Sign::NoSign => Ordering::Equal,
        Sign::Plus => Ordering::Greater,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::literature::formula::parse;

    fn ev(f: &str, n: i64) -> Value {
        evaluate(&parse(f).unwrap(), &[("n", Value::int(n))], &NoSequences)
            .unwrap_or_else(|e| panic!("{f}: {e}"))
    }

    fn int_of(f: &str, n: i64) -> BigInt {
        ev(f, n)
            .as_integer()
            .unwrap_or_else(|| panic!("{f} at {n} is not an integer"))
    }

    #[test]
    fn cyclic_surd_formula_matches_the_recurrence() {
        // Lunnon 000_3e39fda85b098e00.txt, Cyclic Hanoi: A(n+3) = 3A(n+2) - 2A(n),
        // A(0) = 0, A(1) = 2, A(2) = 7; explicit formula in Q(sqrt 3).
        let f = "((1 + sqrt 3)^(n+2) - (1 - sqrt 3)^(n+2)) / (4 sqrt 3) - 1";
        let mut a: Vec<BigInt> = vec![0.into(), 2.into(), 7.into()];
        for n in 3..=120usize {
            let next = &a[n - 1] * 3 - &a[n - 3] * 2;
            a.push(next);
        }
        for (n, v) in a.iter().enumerate() {
            assert_eq!(&int_of(f, n as i64), v, "n = {n}");
        }
    }

    #[test]
    fn floors_of_surds_and_logs_are_decided_exactly() {
        // {sqrt(2n)}: Stockmeyer's Lemma 3 k for t_{k-1} < n <= t_k.
        for n in 1..=300i64 {
            let k = int_of("{sqrt(2n)}", n);
            let k = k.to_i64().unwrap();
            assert!(k * (k - 1) / 2 < n && n <= k * (k + 1) / 2, "n = {n}");
        }
        assert_eq!(int_of("floor(log(81, 3))", 0), 4.into());
        assert_eq!(int_of("floor(log(80, 3))", 0), 3.into());
        assert_eq!(int_of("[(4/3)(2^n - 1/2)]", 5), 42.into());
    }

    #[test]
    fn binomial_sums_match_direct_products() {
        // sum_{i=0}^{n} C(n, i) = 2^n; Vandermonde sum_i C(n,i)^2 = C(2n, n).
        for n in 0..=30 {
            assert_eq!(int_of("sum(i = 0..n, C(n, i))", n), BigInt::from(1u64) << n);
            assert_eq!(
                int_of("sum(i = 0..n, C(n, i)^2)", n),
                int_of("prod(i = 1..n, (n + i) / i)", n)
            );
        }
    }

    #[test]
    fn irrational_values_are_certified_intervals() {
        let v = evaluate_to(&parse("2/(exp(1) log(2))").unwrap(), &[], &NoSequences, 40).unwrap();
        let Value::Real(i) = v else {
            panic!("not an interval")
        };
        // 2 / (e ln 2) = 1.06147...
        assert!(
            fixed(&i.lo, 5, Rounding::Floor) == "1.06147"
                && fixed(&i.hi, 5, Rounding::Floor) == "1.06147"
        );
        let r = evaluate_to(
            &parse("root(E^4 - 2E^2 - 6E - 4, 2, 3)").unwrap(),
            &[],
            &NoSequences,
            40,
        )
        .unwrap();
        let Value::Real(i) = r else {
            panic!("not an interval")
        };
        assert_eq!(fixed(&i.lo, 4, Rounding::Floor), "2.3117");
    }

    #[test]
    fn errors_not_panics() {
        for f in [
            "1/0",
            "sqrt(-2)",
            "log(0)",
            "log(sqrt(0))",
            "2.5 mod 2",
            "9^9^9^9",
            "C(-1, 2)",
            "foo(3)",
        ] {
            assert!(
                evaluate(&parse(f).unwrap(), &[], &NoSequences).is_err(),
                "{f} should fail"
            );
        }
    }

    /// A deterministic xorshift generator (no dependency, reproducible failures).
    struct Rng(u64);
    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0
        }
        fn below(&mut self, n: usize) -> usize {
            (self.next() % n as u64) as usize
        }
    }

    /// A random well-formed formula (most of them parse; evaluation may still fail).
    fn grammatical(rng: &mut Rng, depth: u32) -> String {
        let leaf = |rng: &mut Rng| -> String {
            ["n", "1", "2", "3", "0.5", "7/3", "10", "0"][rng.below(8)].to_string()
        };
        if depth == 0 {
            return leaf(rng);
        }
        let g = |rng: &mut Rng| grammatical(rng, depth - 1);
        match rng.below(14) {
            0 => leaf(rng),
            1 => format!("{} + {}", g(rng), g(rng)),
            2 => format!("{} - {}", g(rng), g(rng)),
            3 => format!("{} * {}", g(rng), g(rng)),
            4 => format!("{} / ({})", g(rng), g(rng)),
            5 => format!(
                "({})^({})",
                g(rng),
                ["2", "n", "-1", "1/2", "0.5", "3"][rng.below(6)]
            ),
            6 => format!("[{}]", g(rng)),
            7 => format!("{{{}}}", g(rng)),
            8 => format!("sqrt({})", g(rng)),
            9 => format!(
                "log({}) + exp({})",
                g(rng),
                ["1", "0.5", "-2"][rng.below(3)]
            ),
            10 => format!("if {} < {} then {} else {}", g(rng), g(rng), g(rng), g(rng)),
            11 => format!("sum(i = 1..3, {} i)", g(rng)),
            12 => format!("C({}, 2) + ({}) mod 3", g(rng), g(rng)),
            _ => format!("x + {} where x = {}", g(rng), g(rng)),
        }
    }

    #[test]
    fn the_total_size_of_a_checks_powers_is_bounded() {
        // Issue 17: a fuzzed formula raising a quadratic surd to a power near MAX_POWER_BITS
        // took 11-23 s per evaluation, and a check evaluates it at every n of its range.
        // Each power is charged to the check; past MAX_CHECK_POWER_BITS in total the check
        // is refused, whatever the size of each power.
        let seqs = NoSequences;
        let e = crate::literature::formula::parse("(1 + sqrt 3)^n").unwrap();
        let at = |n: i64| evaluate(&e, &[("n", Value::int(n))], &seqs);
        reset_power_work();
        // Small powers are not charged.
        assert!(at(100).is_ok());
        assert_eq!(power_work(), 0);
        assert!(at(5000).is_ok());
        let spent = power_work();
        assert!(spent > CHARGED_POWER_BITS && spent < 100_000, "{spent}");
        POWER_WORK.with(|w| w.set(MAX_CHECK_POWER_BITS - spent / 2));
        match at(5000) {
            Err(EvalError::TooLarge(m)) => assert!(m.contains("this check"), "{m}"),
            other => panic!("{other:?}"),
        }
        // A new check starts from zero.
        reset_power_work();
        assert!(at(5000).is_ok());
        // A single power beyond MAX_POWER_BITS is refused on its own, before any work.
        reset_power_work();
        assert!(matches!(at(4_000_000), Err(EvalError::TooLarge(_))));
        assert_eq!(power_work(), 0);
    }

    #[test]
    fn thousands_of_random_formulas_never_panic() {
        const TOKENS: &[&str] = &[
            "n",
            "1",
            "2",
            "3",
            "0.5",
            "10",
            "+",
            "-",
            "*",
            "/",
            "^",
            "(",
            ")",
            "[",
            "]",
            "{",
            "}",
            ",",
            "=",
            "<",
            "..",
            " if ",
            " then ",
            " else ",
            " where ",
            "x",
            "sqrt",
            "log",
            "exp",
            "C",
            "sum",
            "min",
            "max",
            "i",
            " mod ",
            " even",
            " odd",
            "E",
            "root",
            "floor",
            " ",
            "i = 1..3,",
            "x = 2",
            "-1",
            "9^9",
            "2.5",
        ];
        let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
        let mut parsed = 0;
        for round in 0..6000 {
            let text: String = match round % 3 {
                0 => {
                    // Raw characters, including non-ASCII.
                    let chars: Vec<char> = "n0123456789+-*/^()[]{},.=<>! ifthenelsqrtwhr√−×é"
                        .chars()
                        .collect();
                    (0..rng.below(30))
                        .map(|_| chars[rng.below(chars.len())])
                        .collect()
                }
                1 => (0..1 + rng.below(20))
                    .map(|_| TOKENS[rng.below(TOKENS.len())])
                    .collect(),
                _ => grammatical(&mut rng, 4),
            };
            match parse(&text) {
                Ok(e) => {
                    parsed += 1;
                    let _ = evaluate(&e, &[("n", Value::int(3))], &NoSequences);
                }
                Err(err) => {
                    assert!(err.pos <= text.chars().count(), "{text:?}: {err}");
                }
            }
        }
        // The generator must exercise the evaluator, not only the parser's errors.
        assert!(parsed > 500, "only {parsed} random formulas parsed");
    }
}

//! Proofs for every n: a formula claim about a C-finite sequence is *proved*, not merely
//! checked on a range, when both sides satisfy one linear recurrence with constant
//! coefficients and agree on enough consecutive terms.
//!
//! The argument (standard for C-finite sequences; e.g. Kauers & Paule, *The Concrete
//! Tetrahedron*, 2011, ch. 4): if a polynomial `Q(x) = q_0 + ... + q_d x^d` with `q_d != 0`
//! annihilates a sequence `D` from `n0` on — `q_0 D(n) + ... + q_d D(n+d) = 0` for every
//! `n >= n0` — then `D(n0) = ... = D(n0+d-1) = 0` forces `D(n) = 0` for every `n >= n0`, by
//! induction (each next term is determined by the `d` before it). With `D` the difference of
//! the target and the formula, and `Q` a common multiple of their annihilators, finitely
//! many exact comparisons prove the claim for every `n`.
//!
//! Annihilators come from two places, never from the values being compared:
//!
//! - a variant function whose call is a procedure on `n` discs: the characteristic
//!   polynomial of the program's transfer matrix (`s(n+1) = M s(n)` for `n >= first_n`,
//!   derived from the program's clauses by [`crate::program::transfer_system`]);
//! - the formula's syntax: constants (`x - 1`), powers of `n` (`(x-1)^(k+1)`), exponentials
//!   `b^(r n + s)` with `b` rational (`x^q - b^p` for `r = p/q`) or a quadratic surd (its
//!   minimal polynomial), `(n + c) mod k` (`x^k - 1`), sums (lcm), products with a polynomial
//!   in n or with a geometric sequence (its ratio scales the other factor's roots: a sign
//!   `(-1)^n` times any term), parity cases `if n even` (`P(x) P(-x)`), and
//!   threshold cases `if n < k` (the branch taken for large n, from `k` on).
//!
//! Anything else (floor, binomials, sums with n in the bounds, named non-C-finite sequences
//! such as Frame–Stewart numbers) has no annihilator here, and the claim is then reported as
//! holding on the checked range only.

use num_bigint::BigInt;
use num_integer::Integer;
use num_rational::BigRational;
use num_traits::{One, Signed, ToPrimitive, Zero};

use super::eval::{evaluate, Sequences, Value};
use super::formula::{BinOp, CmpOp, Cond, Expr};
use crate::algebra::Poly;
use crate::algebra::QuadraticNumber;
use crate::variants::{Params, Variant};

/// Largest recurrence order a proof may use (the number of extra exact comparisons).
pub const MAX_PROOF_ORDER: usize = 400;

/// `poly(E)` annihilates the sequence for every `n >= from`.
#[derive(Clone, Debug, PartialEq)]
pub struct Annihilator {
    /// The polynomial in the shift operator `E`, over Z, leading coefficient nonzero.
    pub poly: Poly,
    /// From which n on.
    pub from: i64,
}

impl Annihilator {
    fn new(poly: Poly, from: i64) -> Option<Annihilator> {
        let d = poly.degree()?;
        if d > MAX_PROOF_ORDER {
            return None;
        }
        Some(Annihilator { poly, from })
    }

    fn constant() -> Annihilator {
        Annihilator {
            poly: Poly::from_i64(&[-1, 1]),
            from: i64::MIN / 4,
        }
    }

    /// Removes factors `x^k` (shifting `from` by k) so that every root is nonzero: then the
    /// sequence is exactly an exponential polynomial from `from` on, which the product rules
    /// need.
    fn without_zero_roots(&self) -> Annihilator {
        let k = self
            .poly
            .coeffs()
            .iter()
            .take_while(|c| c.is_zero())
            .count();
        if k == 0 {
            return self.clone();
        }
        Annihilator {
            poly: Poly::new(self.poly.coeffs()[k..].to_vec()),
            from: self.from.saturating_add(k as i64),
        }
    }

    /// The order: how many consecutive equal terms the proof needs.
    pub fn order(&self) -> usize {
        self.poly.degree().unwrap_or(0)
    }
}

fn lcm(a: &Poly, b: &Poly) -> Option<Poly> {
    let g = a.gcd(b);
    let prod = a * b;
    let l = prod.checked_div_exact(&g)?;
    Some(l.primitive_part())
}

/// A common annihilator of two sequences.
pub fn combine(a: &Annihilator, b: &Annihilator) -> Option<Annihilator> {
    Annihilator::new(lcm(&a.poly, &b.poly)?, a.from.max(b.from))
}

/// `P(-x)`: annihilates `(-1)^n f(n)` when `P` annihilates `f`.
fn negate_variable(p: &Poly) -> Poly {
    p.compose(&Poly::from_i64(&[0, -1]))
}

/// Where the proof gets its sequences: the variant whose functions formulas call, the
/// parameters, and the values of constant subexpressions.
pub struct ProofContext<'a> {
    /// The variant whose functions the formula may call.
    pub variant: Option<&'a Variant>,
    /// Parameters (also the formula's named constants).
    pub params: &'a Params,
    /// To evaluate constant subexpressions exactly.
    pub seqs: &'a dyn Sequences,
}

/// The annihilator of `function` of `v`: the characteristic polynomial of the transfer
/// matrix, from the system's first n.
pub fn function_annihilator(v: &Variant, function: &str, params: &Params) -> Option<Annihilator> {
    let (sys, _) = v.function_component(function, params).ok()??;
    let m = sys.to_matrix().ok()?;
    let chi = m.charpoly_berkowitz().ok()?;
    Annihilator::new(chi, sys.first_n as i64)
}

fn mentions_n(e: &Expr) -> bool {
    match e {
        Expr::Num(_) => false,
        Expr::Var(v) => v == "n",
        Expr::Neg(a) => mentions_n(a),
        Expr::Bin(_, a, b) => mentions_n(a) || mentions_n(b),
        // `n(n + 1)` is a product with n.
        Expr::Call(name, args, _) => name == "n" || args.iter().any(mentions_n),
        Expr::Agg(_, _, a, b, body) => mentions_n(a) || mentions_n(b) || mentions_n(body),
        Expr::If(c, a, b) => cond_mentions_n(c) || mentions_n(a) || mentions_n(b),
        Expr::Where(body, binds) => mentions_n(body) || binds.iter().any(|(_, x)| mentions_n(x)),
    }
}

fn cond_mentions_n(c: &Cond) -> bool {
    match c {
        Cond::Cmp(_, a, b) => mentions_n(a) || mentions_n(b),
        Cond::Parity(a, _) => mentions_n(a),
        Cond::And(a, b) | Cond::Or(a, b) => cond_mentions_n(a) || cond_mentions_n(b),
        Cond::Not(a) => cond_mentions_n(a),
    }
}

/// Replaces names bound by `where` with their definitions (each binding sees the earlier
/// ones); `x(y)` with a bound `x` is a product, as in the evaluator.
fn inline(e: &Expr, env: &[(String, Expr)]) -> Expr {
    let look = |name: &str| env.iter().rev().find(|(k, _)| k == name).map(|b| &b.1);
    match e {
        Expr::Num(_) => e.clone(),
        Expr::Var(v) => look(v).cloned().unwrap_or_else(|| e.clone()),
        Expr::Neg(a) => Expr::Neg(Box::new(inline(a, env))),
        Expr::Bin(op, a, b) => Expr::Bin(*op, Box::new(inline(a, env)), Box::new(inline(b, env))),
        Expr::Call(name, args, pos) => {
            let args: Vec<Expr> = args.iter().map(|a| inline(a, env)).collect();
            match (look(name), args.as_slice()) {
                (Some(x), [y]) => Expr::Bin(BinOp::Mul, Box::new(x.clone()), Box::new(y.clone())),
                _ => Expr::Call(name.clone(), args, *pos),
            }
        }
        Expr::Agg(k, v, a, b, body) => {
            // The loop variable shadows a binding of the same name.
            let inner: Vec<(String, Expr)> =
                env.iter().filter(|(k2, _)| k2 != v).cloned().collect();
            Expr::Agg(
                *k,
                v.clone(),
                Box::new(inline(a, env)),
                Box::new(inline(b, env)),
                Box::new(inline(body, &inner)),
            )
        }
        Expr::If(c, a, b) => Expr::If(
            Box::new(inline_cond(c, env)),
            Box::new(inline(a, env)),
            Box::new(inline(b, env)),
        ),
        Expr::Where(body, binds) => {
            let mut env2 = env.to_vec();
            for (k, x) in binds {
                let x = inline(x, &env2);
                env2.push((k.clone(), x));
            }
            inline(body, &env2)
        }
    }
}

fn inline_cond(c: &Cond, env: &[(String, Expr)]) -> Cond {
    match c {
        Cond::Cmp(op, a, b) => Cond::Cmp(*op, inline(a, env), inline(b, env)),
        Cond::Parity(a, even) => Cond::Parity(inline(a, env), *even),
        Cond::And(a, b) => Cond::And(Box::new(inline_cond(a, env)), Box::new(inline_cond(b, env))),
        Cond::Or(a, b) => Cond::Or(Box::new(inline_cond(a, env)), Box::new(inline_cond(b, env))),
        Cond::Not(a) => Cond::Not(Box::new(inline_cond(a, env))),
    }
}

/// `e = r n + s` with rational `r`, `s` (constant parts evaluated exactly).
fn affine(e: &Expr, ctx: &ProofContext) -> Option<(BigRational, BigRational)> {
    if !mentions_n(e) {
        return Some((BigRational::zero(), constant_rational(e, ctx)?));
    }
    match e {
        Expr::Var(v) if v == "n" => Some((BigRational::one(), BigRational::zero())),
        Expr::Neg(a) => affine(a, ctx).map(|(r, s)| (-r, -s)),
        Expr::Bin(BinOp::Add, a, b) => {
            let (r1, s1) = affine(a, ctx)?;
            let (r2, s2) = affine(b, ctx)?;
            Some((r1 + r2, s1 + s2))
        }
        Expr::Bin(BinOp::Sub, a, b) => {
            let (r1, s1) = affine(a, ctx)?;
            let (r2, s2) = affine(b, ctx)?;
            Some((r1 - r2, s1 - s2))
        }
        Expr::Bin(BinOp::Mul, a, b) => {
            let (r1, s1) = affine(a, ctx)?;
            let (r2, s2) = affine(b, ctx)?;
            if r1.is_zero() {
                Some((&s1 * r2, s1 * s2))
            } else if r2.is_zero() {
                Some((r1 * &s2, s1 * s2))
            } else {
                None
            }
        }
        Expr::Call(name, args, _) if args.len() == 1 && ctx.params.contains_key(name) => {
            let (r, s) = affine(&args[0], ctx)?;
            let c = BigRational::from_integer(ctx.params[name].into());
            Some((r * &c, s * c))
        }
        Expr::Bin(BinOp::Div, a, b) if !mentions_n(b) => {
            let (r, s) = affine(a, ctx)?;
            let d = constant_rational(b, ctx)?;
            if d.is_zero() {
                return None;
            }
            Some((r / &d, s / d))
        }
        _ => None,
    }
}

fn constant_value(e: &Expr, ctx: &ProofContext) -> Option<QuadraticNumber> {
    let vars: Vec<(&str, Value)> = ctx
        .params
        .iter()
        .map(|(k, x)| (k.as_str(), Value::int(*x)))
        .collect();
    match evaluate(e, &vars, ctx.seqs).ok()? {
        Value::Exact(s) => Some(s),
        Value::Real(_) => None,
    }
}

fn constant_rational(e: &Expr, ctx: &ProofContext) -> Option<BigRational> {
    constant_value(e, ctx)?.as_rational().cloned()
}

/// `den x^q - num` for the rational `c = num/den`: annihilates `c^(n/q)`.
fn binomial_poly(c: &BigRational, q: usize) -> Poly {
    let mut coeffs = vec![BigInt::zero(); q + 1];
    coeffs[0] = -c.numer().clone();
    coeffs[q] = c.denom().clone();
    Poly::new(coeffs).primitive_part()
}

/// The minimal polynomial over Z of the surd `s` (degree 1 or 2).
fn surd_minimal_poly(s: &QuadraticNumber) -> Poly {
    if let Some(q) = s.as_rational() {
        return binomial_poly(q, 1);
    }
    // x^2 - 2a x + (a^2 - d b^2), cleared of denominators.
    let two_a = BigRational::from_integer(2.into()) * &s.a;
    let norm = &s.a * &s.a - BigRational::from_integer(s.d.clone()) * &s.b * &s.b;
    let den = two_a.denom().lcm(norm.denom());
    let c0 = (norm * BigRational::from_integer(den.clone())).to_integer();
    let c1 = (-two_a * BigRational::from_integer(den.clone())).to_integer();
    Poly::new(vec![c0, c1, den]).primitive_part()
}

/// The annihilator of the formula `e` (with `where` bindings already inlined), or `None`
/// when the formula is outside the C-finite forms listed in the module documentation.
pub fn annihilator(e: &Expr, ctx: &ProofContext) -> Option<Annihilator> {
    let e = inline(e, &[]);
    annihilate(&e, ctx)
}

fn annihilate(e: &Expr, ctx: &ProofContext) -> Option<Annihilator> {
    if !mentions_n(e) {
        return Some(Annihilator::constant());
    }
    match e {
        Expr::Var(v) if v == "n" => Annihilator::new(Poly::from_i64(&[1, -2, 1]), i64::MIN / 4),
        Expr::Neg(a) => annihilate(a, ctx),
        Expr::Bin(BinOp::Add | BinOp::Sub, a, b) => {
            combine(&annihilate(a, ctx)?, &annihilate(b, ctx)?)
        }
        Expr::Bin(BinOp::Mul, a, b) => {
            if !mentions_n(a) {
                return annihilate(b, ctx);
            }
            if !mentions_n(b) {
                return annihilate(a, ctx);
            }
            product(&annihilate(a, ctx)?, &annihilate(b, ctx)?)
        }
        Expr::Bin(BinOp::Div, a, b) if !mentions_n(b) => annihilate(a, ctx),
        Expr::Bin(BinOp::Pow, base, exp) => power(base, exp, ctx),
        Expr::Bin(BinOp::Mod, a, k) if !mentions_n(k) => {
            let (r, _) = affine(a, ctx)?;
            let k = constant_rational(k, ctx)?;
            if !r.is_integer() || !k.is_integer() || !k.is_positive() {
                return None;
            }
            let k = k.to_integer().to_usize()?;
            let mut c = vec![BigInt::zero(); k + 1];
            c[0] = BigInt::from(-1);
            c[k] = BigInt::one();
            Annihilator::new(Poly::new(c), i64::MIN / 4)
        }
        // `l(2^n - 1)` with a bound `l` is a product (as the evaluator reads it).
        Expr::Call(name, args, _) if args.len() == 1 && ctx.params.contains_key(name) => {
            annihilate(&args[0], ctx)
        }
        Expr::Call(name, args, _) if args.len() == 1 && name == "n" => product(
            &annihilate(&Expr::Var("n".into()), ctx)?,
            &annihilate(&args[0], ctx)?,
        ),
        Expr::Call(name, args, _) => call(name, args, ctx),
        Expr::If(c, a, b) => conditional(c, a, b, ctx),
        _ => None,
    }
}

/// A product of two n-dependent factors: one a polynomial in n (annihilator `(x-1)^m`), or
/// both geometric (degree 1).
fn product(a: &Annihilator, b: &Annihilator) -> Option<Annihilator> {
    let (a, b) = (a.without_zero_roots(), b.without_zero_roots());
    let from = a.from.max(b.from);
    let is_polynomial = |p: &Poly| {
        let d = p.degree().unwrap_or(0);
        let mut q = Poly::one();
        for _ in 0..d {
            q = &q * &Poly::from_i64(&[-1, 1]);
        }
        q.primitive_part() == p.primitive_part()
    };
    for (p, other) in [(&a, &b), (&b, &a)] {
        if is_polynomial(&p.poly) {
            let m = p.order();
            let mut q = Poly::one();
            for _ in 0..m {
                q = &q * &other.poly;
                if q.degree()? > MAX_PROOF_ORDER {
                    return None;
                }
            }
            return Annihilator::new(q, from);
        }
    }
    for (g, other) in [(&a, &b), (&b, &a)] {
        if g.order() == 1 {
            // A geometric factor r^n (annihilator `q x - p`, r = p/q) scales every root of
            // the other factor by r: `sum c_k x^k` becomes `sum c_k p^(d-k) q^k x^k`, whose
            // roots are the products (a sign `(-1)^n` times a surd power, say).
            let c = g.poly.coeffs();
            let (p, q) = (-&c[0], c[1].clone());
            let oc = other.poly.coeffs();
            let d = oc.len() - 1;
            let scaled: Vec<BigInt> = oc
                .iter()
                .enumerate()
                .map(|(k, ck)| {
                    ck * num_traits::pow(p.clone(), d - k) * num_traits::pow(q.clone(), k)
                })
                .collect();
            return Annihilator::new(Poly::new(scaled).primitive_part(), from);
        }
    }
    None
}

/// The parts of `e` (with `where` bindings inlined) that the prover has no annihilator
/// for, as they are written: functions and sequences of n it does not know, aggregates
/// over n, powers with n in the base. Empty when every part is recognised and only their
/// combination is not (a product of two factors of order above one).
pub fn unrecognised_parts(e: &Expr, ctx: &ProofContext) -> Vec<String> {
    fn add(out: &mut Vec<String>, what: String) {
        if !out.contains(&what) {
            out.push(what);
        }
    }
    fn walk(e: &Expr, ctx: &ProofContext, out: &mut Vec<String>) {
        if !mentions_n(e) {
            return;
        }
        match e {
            Expr::Num(_) | Expr::Var(_) => {}
            Expr::Neg(a) => walk(a, ctx, out),
            Expr::Bin(BinOp::Pow, base, exp) if mentions_n(base) && mentions_n(exp) => {
                add(out, "a power with n in both base and exponent".into())
            }
            Expr::Bin(BinOp::Pow, base, exp) if mentions_n(base) => {
                walk(base, ctx, out);
                if constant_rational(exp, ctx).is_none_or(|k| !k.is_integer()) {
                    add(out, "a power of n that is not a whole number".into());
                }
            }
            Expr::Bin(BinOp::Pow, _, exp) => {
                if affine(exp, ctx).is_none() {
                    add(out, "an exponent that is not of the form r n + s".into());
                }
            }
            Expr::Bin(BinOp::Div, a, b) => {
                walk(a, ctx, out);
                if mentions_n(b) {
                    add(out, "a division by a term in n".into());
                }
            }
            Expr::Bin(BinOp::Mod, a, k) => {
                if mentions_n(k) || affine(a, ctx).is_none() {
                    add(out, "`mod` of a term that is not r n + s".into());
                }
            }
            Expr::Bin(_, a, b) => {
                walk(a, ctx, out);
                walk(b, ctx, out);
            }
            Expr::Call(name, args, _)
                if args.len() == 1 && (name == "n" || ctx.params.contains_key(name)) =>
            {
                walk(&args[0], ctx, out)
            }
            Expr::Call(name, args, _) => {
                if call(name, args, ctx).is_none() {
                    add(out, format!("`{name}(...)`"));
                }
            }
            Expr::Agg(kind, ..) => add(
                out,
                format!(
                    "`{}(...)` over a range in n",
                    format!("{kind:?}").to_lowercase()
                ),
            ),
            Expr::If(_, a, b) => {
                walk(a, ctx, out);
                walk(b, ctx, out);
            }
            Expr::Where(body, _) => walk(body, ctx, out),
        }
    }
    let mut out = vec![];
    walk(&inline(e, &[]), ctx, &mut out);
    out
}

fn power(base: &Expr, exp: &Expr, ctx: &ProofContext) -> Option<Annihilator> {
    if !mentions_n(exp) {
        // f^k for a small constant k: repeated products.
        let k = constant_rational(exp, ctx)?;
        if !k.is_integer() {
            return None;
        }
        let k = k.to_integer().to_u32().filter(|k| (1..=8).contains(k))?;
        let a = annihilate(base, ctx)?;
        let mut acc = a.clone();
        for _ in 1..k {
            acc = product(&acc, &a)?;
        }
        return Some(acc);
    }
    if mentions_n(base) {
        return None;
    }
    // b^(r n + s): (b^r)^n times a constant.
    let (r, _) = affine(exp, ctx)?;
    if !r.is_positive() {
        return None;
    }
    let b = constant_value(base, ctx)?;
    let (p, q) = (r.numer().to_u32()?, r.denom().to_usize()?);
    if p > 64 || q > 8 {
        return None;
    }
    if let Some(b) = b.as_rational() {
        if q > 1 && !b.is_positive() {
            return None;
        }
        let bp = num_traits::pow(b.clone(), p as usize);
        return Annihilator::new(binomial_poly(&bp, q), i64::MIN / 4);
    }
    if q != 1 {
        return None;
    }
    // A quadratic surd to an integer power p: again a surd, with its minimal polynomial.
    Annihilator::new(surd_minimal_poly(&b.pow(p as u64)), i64::MIN / 4)
}

fn call(name: &str, args: &[Expr], ctx: &ProofContext) -> Option<Annihilator> {
    let v = ctx.variant?;
    if args.len() != 1 || v.function(name).is_err() {
        return None;
    }
    let (r, s) = affine(&args[0], ctx)?;
    if !r.is_one() || !s.is_integer() {
        return None;
    }
    let shift = s.to_integer().to_i64()?;
    let a = function_annihilator(v, name, ctx.params)?;
    // f(n + shift) is annihilated from n + shift >= from.
    Annihilator::new(a.poly, a.from.checked_sub(shift)?)
}

/// The residue class of `n` a parity condition picks: `Some(true)` for "n even".
fn parity_of(c: &Cond, ctx: &ProofContext) -> Option<bool> {
    match c {
        Cond::Parity(a, even) => {
            let (r, s) = affine(a, ctx)?;
            if !r.is_integer() || !s.is_integer() {
                return None;
            }
            // (r n + s) even  <=>  n even when r is odd and s even, ...
            let r_odd = r.to_integer().is_odd();
            let s_odd = s.to_integer().is_odd();
            if !r_odd {
                return None;
            }
            Some(*even != s_odd)
        }
        Cond::Not(a) => parity_of(a, ctx).map(|p| !p),
        Cond::Cmp(CmpOp::Eq, Expr::Bin(BinOp::Mod, a, k), rhs) if matches!(constant_rational(k, ctx), Some(k) if k == BigRational::from_integer(2.into())) =>
        {
            let (r, s) = affine(a, ctx)?;
            let rhs = constant_rational(rhs, ctx)?;
            if !r.is_integer() || !s.is_integer() || !rhs.is_integer() {
                return None;
            }
            if !r.to_integer().is_odd() {
                return None;
            }
            // (n + s) mod 2 = rhs: n even iff s mod 2 == rhs.
            let s_par = s.to_integer().mod_floor(&BigInt::from(2));
            Some(s_par == rhs.to_integer())
        }
        _ => None,
    }
}

/// `n < k` style thresholds: the n from which the condition's truth value is fixed, and that
/// value.
fn threshold_of(c: &Cond, ctx: &ProofContext) -> Option<(i64, bool)> {
    let Cond::Cmp(op, a, b) = c else {
        return None;
    };
    let (r1, s1) = affine(a, ctx)?;
    let (r2, s2) = affine(b, ctx)?;
    let r = &r1 - &r2;
    let s = &s2 - &s1; // condition: r n  op  s
    if r.is_zero() {
        return None;
    }
    let t = (s / &r).ceil().to_integer().to_i64()?;
    let large_truth = match op {
        CmpOp::Lt | CmpOp::Le => r.is_negative(),
        CmpOp::Gt | CmpOp::Ge => r.is_positive(),
        CmpOp::Eq => false,
        CmpOp::Ne => true,
    };
    // From t + 1 on the comparison of r n with s is strict and settled.
    Some((t.checked_add(1)?, large_truth))
}

fn conditional(c: &Cond, a: &Expr, b: &Expr, ctx: &ProofContext) -> Option<Annihilator> {
    if let Some(_even) = parity_of(c, ctx) {
        // f = [parity] a + [other parity] b: each branch times (1 ± (-1)^n)/2.
        let split = |x: &Annihilator| -> Option<Annihilator> {
            let x = x.without_zero_roots();
            let p = lcm(&x.poly, &negate_variable(&x.poly))?;
            Annihilator::new(p, x.from)
        };
        return combine(&split(&annihilate(a, ctx)?)?, &split(&annihilate(b, ctx)?)?);
    }
    if let Some((from, truth)) = threshold_of(c, ctx) {
        let branch = annihilate(if truth { a } else { b }, ctx)?;
        return Annihilator::new(branch.poly, branch.from.max(from));
    }
    None
}

/// The outcome of a proof attempt.
#[derive(Clone, Debug, PartialEq)]
pub struct ProofPlan {
    /// A common annihilator of target and formula.
    pub annihilator: Annihilator,
    /// The last n that must be compared exactly (`from + order - 1`, at least the claim's
    /// first n).
    pub check_to: i64,
}

/// The plan for proving `target = formula` for every `n >= first`: the common annihilator
/// and how far the exact comparison must go.
pub fn plan(target: &Annihilator, formula: &Annihilator, first: i64) -> Option<ProofPlan> {
    let mut q = combine(target, formula)?;
    q.from = q.from.max(first);
    let check_to = q.from.checked_add(q.order() as i64)?.checked_sub(1)?;
    if check_to > first.saturating_add(2_000) {
        return None;
    }
    Some(ProofPlan {
        annihilator: q,
        check_to: check_to.max(first),
    })
}

/// The annihilator of a variant function's sequence from the target side.
pub fn target_annihilator(v: &Variant, function: &str, params: &Params) -> Option<Annihilator> {
    function_annihilator(v, function, params)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::literature::eval::NoSequences;
    use crate::literature::formula::parse;

    fn ann(text: &str) -> Option<Annihilator> {
        let params = Params::new();
        let ctx = ProofContext {
            variant: None,
            params: &params,
            seqs: &NoSequences,
        };
        annihilator(&parse(text).unwrap(), &ctx)
    }

    /// The annihilator must really annihilate: apply it to the formula's values.
    fn annihilates(text: &str) {
        let a = ann(text).unwrap_or_else(|| panic!("no annihilator for {text}"));
        let e = parse(text).unwrap();
        let start = a.from.max(0);
        let vals: Vec<BigRational> = (start..start + 3 * a.order() as i64 + 4)
            .map(|n| {
                let v = evaluate(&e, &[("n", Value::int(n))], &NoSequences).unwrap();
                v.as_rational().unwrap().clone()
            })
            .collect();
        let c = a.poly.coeffs();
        for i in 0..vals.len() - c.len() + 1 {
            let s: BigRational = c
                .iter()
                .enumerate()
                .map(|(k, ck)| BigRational::from_integer(ck.clone()) * &vals[i + k])
                .sum();
            assert!(s.is_zero(), "{text}: not annihilated at offset {i}");
        }
    }

    #[test]
    fn annihilators_of_closed_forms_annihilate_them() {
        for f in [
            "2^n - 1",
            "12*2^n - 8*n - 10",
            "n^2 3^n + 5/33",
            "(3^(n+1) - 1)/2",
            "if n even then 2*3^(n/2) - 2 else 4*3^((n-1)/2) - 2",
            "if n < 3 then n else 2^n",
            "n mod 3 + 2^n",
            "(x^(n+2) - y^(n+2))/(4(3^(1/2))) - 1 where x = 1 + 3^(1/2), y = 1 - 3^(1/2)",
            "2^n * 3^n - n",
            // A published form of the cyclic sequence: a sign times a surd power.
            "((sqrt(3)+1)^(n+1) + (sqrt(3)-1)^(n+1)*(-1)^n)*sqrt(3)/6 - 1",
            "(-2)^n * (n^2 + 3^n) + (1/3)^n * ((1 - sqrt(5))^n + (1 + sqrt(5))^n)",
            "n(n+1)/2",
        ] {
            annihilates(f);
        }
    }

    #[test]
    fn a_bound_parameter_before_parentheses_is_a_factor() {
        let params = Params::from([("l".to_string(), 3)]);
        let ctx = ProofContext {
            variant: None,
            params: &params,
            seqs: &NoSequences,
        };
        let e = parse("l (2^n - 1) + (1/2) 2^n").unwrap();
        let a = annihilator(&e, &ctx).expect("an annihilator");
        // 3 (2^n - 1) + 2^(n-1) = (7/2) 2^n - 3: annihilated by (x - 2)(x - 1).
        assert_eq!(a.poly.primitive_part(), Poly::from_i64(&[2, -3, 1]));
    }

    #[test]
    fn the_unrecognised_parts_are_those_the_formula_contains() {
        let params = Params::new();
        let ctx = ProofContext {
            variant: None,
            params: &params,
            seqs: &NoSequences,
        };
        let parts = |t: &str| unrecognised_parts(&parse(t).unwrap(), &ctx);
        assert_eq!(parts("floor(4/3 * 2^n) + 2^n"), vec!["`floor(...)`"]);
        assert_eq!(
            parts("sum(i = 1..n, i^i)"),
            vec!["`sum(...)` over a range in n"]
        );
        assert_eq!(
            parts("n^n"),
            vec!["a power with n in both base and exponent"]
        );
        // Every part is recognised; only the product of two order-2 terms is not.
        let both = "(sqrt(3)+1)^n * (sqrt(2)+1)^n";
        assert!(ann(both).is_none());
        assert!(parts(both).is_empty());
    }

    #[test]
    fn non_c_finite_forms_have_none() {
        for f in ["floor(4/3 * 2^n)", "n^n", "2^(n^2)", "sum(i = 1..n, i^i)"] {
            assert!(ann(f).is_none(), "{f}");
        }
    }

    #[test]
    fn the_classic_function_is_annihilated_by_its_charpoly() {
        let v = Variant::builtin("classic").unwrap();
        let a = function_annihilator(&v, "T", &Params::new()).unwrap();
        // (E - 2)(E - 1): T(n) = 2^n - 1.
        let vals: Vec<BigInt> = (a.from..a.from + 6)
            .map(|n| v.count("T", n, &Params::new()).unwrap())
            .collect();
        let c = a.poly.coeffs();
        for i in 0..vals.len() - c.len() + 1 {
            let s: BigInt = c.iter().enumerate().map(|(k, ck)| ck * &vals[i + k]).sum();
            assert!(s.is_zero());
        }
    }
}

//! Formula claims: exact values over a range, proofs for every n, approximations.

use super::*;

/// Result of checking a formula against a sequence over a range.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "verdict", rename_all = "lowercase")]
pub enum FormulaCheck {
    /// Equal at every n of the range.
    Holds {
        /// First n.
        from: i64,
        /// Last n.
        to: i64,
        /// `true` if every comparison was exact (no irrational intervals involved).
        exact: bool,
    },
    /// Differs at `n`.
    Fails {
        /// First n where it differs.
        n: i64,
        /// The formula's value there.
        printed: String,
        /// The sequence's value.
        actual: String,
    },
}

/// Checks `formula` against `target` (`VARIANT.FUNCTION` or a formula in n) for n in `a..=b`.
pub fn check_formula(
    target: &str,
    formula: &str,
    a: i64,
    b: i64,
    params: &Params,
) -> Result<FormulaCheck, CheckError> {
    let t = TargetSeq::new(target, params, None)?;
    let e = parse(formula).map_err(|e| CheckError::from(e).context("formula"))?;
    check_formula_range(&t, &e, a, b)
}

/// Checks the parsed formula `e` against the target for n in `a..=b`; the formula may call
/// the target's sequences.
pub fn check_formula_range(
    t: &TargetSeq,
    e: &Expr,
    a: i64,
    b: i64,
) -> Result<FormulaCheck, CheckError> {
    t.prepare_range(a, b)?;
    let mut exact = true;
    for n in a..=b {
        let actual = t.at(n)?;
        let vars = vars_for(n, &t.params);
        match compare_with(e, &vars, &t.seqs, &actual)
            .map_err(|e| CheckError::from(e).context(format!("n = {n}")))?
        {
            Agreement::Exact => {}
            Agreement::Within(_) => exact = false,
            Agreement::Differs(v) => {
                return Ok(FormulaCheck::Fails {
                    n,
                    printed: show_value(&v),
                    actual: actual.to_string(),
                })
            }
        }
    }
    Ok(FormulaCheck::Holds {
        from: a,
        to: b,
        exact,
    })
}

/// A value for people: integers and rationals exactly, intervals as `[lo, hi]` (12 digits).
pub fn show_value(v: &Value) -> String {
    v.to_string()
}

/// `fails` at the first n where the formula and the target differ.
fn first_failure(target: &str, n: i64, printed: String, actual: String) -> Verdict {
    fails(
        format!("first fails at n = {n}: the formula gives {printed}, {target} is {actual}"),
        Some(n),
        printed,
        actual,
    )
}

/// `proved` for every `n >= a` by `plan`'s annihilator, the terms agreeing exactly at
/// `n = a..checked_to`; `claimed`: the range the claim names, when it is finite and longer
/// than what was walked.
fn proved_by(
    target: &str,
    formula: &str,
    a: i64,
    plan: &crate::literature::proof::ProofPlan,
    checked_to: i64,
    claimed: Option<i64>,
) -> Verdict {
    let q = &plan.annihilator;
    let covers = claimed.map_or(String::new(), |b| {
        format!(", so for the claimed n = {a}..{b}")
    });
    proved(
        format!(
            "{target} = {formula} for every n >= {a}{covers}: both sides are annihilated by {} (order {}) from n = {}, and agree exactly at n = {a}..{checked_to}",
            factored_text(&q.poly),
            q.order(),
            q.from,
        ),
        a,
    )
}

/// Longest claimed range walked term by term before a proof is tried first.
const LONG_RANGE: i64 = 10_000;

/// The proof of `target = formula` for every `n >= a` from the terms `a..check_to` alone,
/// when both sides have an annihilator and those terms agree exactly; `None` when there is
/// no such proof (the caller then walks the range). A disagreement among those terms is a
/// failure inside the claimed range `a..b` when it lies there.
fn prove_first(
    t: &TargetSeq,
    e: &Expr,
    target: &str,
    formula: &str,
    a: i64,
    b: i64,
) -> Result<Option<Verdict>, CheckError> {
    let (Some(x), Some(y)) = t.annihilators(e) else {
        return Ok(None);
    };
    let Some(plan) = crate::literature::proof::plan(&x, &y, a) else {
        return Ok(None);
    };
    if plan.check_to >= b {
        return Ok(None);
    }
    Ok(match check_formula_range(t, e, a, plan.check_to)? {
        FormulaCheck::Fails { n, printed, actual } => {
            Some(first_failure(target, n, printed, actual))
        }
        FormulaCheck::Holds { exact: false, .. } => None,
        FormulaCheck::Holds { exact: true, .. } => {
            Some(proved_by(target, formula, a, &plan, plan.check_to, Some(b)))
        }
    })
}

/// A formula claim `target = formula` (for every `n >= a`; `target` and `formula` are the
/// names used in the detail): checked exactly for n = a..b, then
/// proved for every n when both sides have an annihilator ([`crate::literature::proof`]): the check is
/// extended to the n the proof needs. Otherwise `holds-in-range` with the reason.
pub fn check_formula_statement(
    t: &TargetSeq,
    e: &Expr,
    target: &str,
    formula: &str,
    a: i64,
    b: i64,
) -> Result<Verdict, CheckError> {
    if b.saturating_sub(a) > LONG_RANGE {
        // A range too long to walk term by term (its exact powers alone may be refused as
        // too expensive): an identity needs only the first terms its proof names. Proved
        // here, the claim's range is covered; otherwise the range is walked as usual.
        if let Some(v) = prove_first(t, e, target, formula, a, b)? {
            return Ok(v);
        }
    }
    let exact = match check_formula_range(t, e, a, b)? {
        FormulaCheck::Fails { n, printed, actual } => {
            return Ok(first_failure(target, n, printed, actual))
        }
        FormulaCheck::Holds { exact, .. } => exact,
    };
    let checked = format!("{target} = {formula} for n = {a}..{b}");
    if a == b && exact {
        // A statement about one n: checked exactly, nothing more to prove.
        return Ok(holds(format!("{target} = {formula} at n = {a} (exact)")));
    }
    if !exact {
        return Ok(holds_in_range(
            format!("{checked} (irrational terms: agreement certified to within 2^-64)"),
            a,
            b,
            "irrational terms are compared to a certified precision, not exactly, so no proof for every n",
        ));
    }
    let (target_ann, formula_ann) = t.annihilators(e);
    let why = match (&target_ann, &formula_ann) {
        (None, _) => Some(format!(
            "{target} has no annihilator here (no transfer system for it, or not a C-finite form)"
        )),
        (_, None) => Some(match t.unrecognised_parts(e).as_slice() {
            [] => "the prover finds no linear recurrence for this combination of terms (it multiplies a polynomial in n or a geometric sequence by any term, not two terms of higher order)".to_string(),
            parts => format!(
                "the prover has no linear recurrence for {} in the formula",
                parts.join(", ")
            ),
        }),
        _ => None,
    };
    let plan = match (&target_ann, &formula_ann) {
        (Some(x), Some(y)) => crate::literature::proof::plan(x, y, a),
        _ => None,
    };
    let Some(plan) = plan else {
        return Ok(holds_in_range(
            format!("{checked} (exact)"),
            a,
            b,
            why.unwrap_or_else(|| {
                "the common recurrence is too long for a proof by comparison".to_string()
            }),
        ));
    };
    if plan.check_to > b {
        match check_formula_range(t, e, b + 1, plan.check_to)? {
            // Beyond the recorded range: the claim may not speak of those n, so this is a
            // limit of the claim, not a printed error.
            FormulaCheck::Fails { n, printed, actual } => {
                return Ok(holds_in_range(
                    format!("{checked} (exact)"),
                    a,
                    b,
                    format!("not an identity for every n: at n = {n} the formula gives {printed}, {target} is {actual}"),
                ))
            }
            FormulaCheck::Holds { exact: false, .. } => {
                return Ok(holds_in_range(
                    format!("{checked} (exact)"),
                    a,
                    b,
                    "the terms the proof needs could not be compared exactly",
                ))
            }
            FormulaCheck::Holds { .. } => {}
        }
    }
    Ok(proved_by(
        target,
        formula,
        a,
        &plan,
        plan.check_to.max(b),
        None,
    ))
}

/// A formula printed with `~` (see the module documentation): `holds` when it is within 1
/// of the target at every n of the range, listing the n where it is not exact; `fails` at
/// the first n where it is off by more than 1.
pub(crate) fn check_approximation(
    t: &TargetSeq,
    e: &Expr,
    target: &str,
    formula: &str,
    a: i64,
    b: i64,
) -> Result<Verdict, CheckError> {
    t.prepare_range(a, b)?;
    let mut off = vec![];
    let mut first: Option<(String, String)> = None;
    for n in a..=b {
        let actual = t.at(n)?;
        let vars = vars_for(n, &t.params);
        let v = match compare_with(e, &vars, &t.seqs, &actual)
            .map_err(|e| CheckError::from(e).context(format!("n = {n}")))?
        {
            Agreement::Exact | Agreement::Within(_) => continue,
            Agreement::Differs(v) => v,
        };
        let printed = show_value(&v);
        let close = v
            .as_integer()
            .is_some_and(|p| (&p - &actual).abs() <= BigInt::one());
        if !close {
            return Ok(fails(
                format!(
                    "first off by more than 1 at n = {n}: the formula gives {printed}, {target} is {actual}"
                ),
                Some(n),
                printed,
                actual.to_string(),
            ));
        }
        if first.is_none() {
            first = Some((printed, actual.to_string()));
        }
        off.push(n);
    }
    let reason = "an approximation ('~') is compared n by n on the range; no statement about every n is derived";
    Ok(holds_in_range(match first {
        None => format!("{target} = {formula} exactly for n = {a}..{b} (printed with '~')"),
        Some((p, v)) => format!(
            "an approximation ('~' promises no exactness): {target} = {formula} for n = {a}..{b} except at {} values of n, each off by 1: n = {} (at n = {}: the formula gives {p}, {target} is {v})",
            off.len(),
            show_ns(&off),
            off[0]
        ),
    }, a, b, reason))
}

pub(crate) fn sign_of_difference(v: &BigInt, f: &Value) -> Result<Ordering, CheckError> {
    match f {
        Value::Exact(s) => {
            let d = crate::algebra::QuadraticNumber::new(
                BigRational::from_integer(v.clone()) - &s.a,
                -s.b.clone(),
                s.d.clone(),
            );
            d.sign().ok_or_else(|| {
                CheckError::Input(format!("the formula's value {s} is not a real number"))
            })
        }
        Value::Real(i) => {
            let q = BigRational::from_integer(v.clone());
            if q < i.lo {
                Ok(Ordering::Less)
            } else if q > i.hi {
                Ok(Ordering::Greater)
            } else {
                Err(CheckError::TooLarge("cannot decide the comparison".into()))
            }
        }
    }
}

//! The checker: every claim gets a [`VerdictKind`] that says exactly what was shown —
//! `proved`, `holds`, `holds-in-range` (which n, why it stops), `fails` (first n, printed
//! value, true value), `holds-after-correction` (the correction) or `unverifiable` (why).
//!
//! One file per kind: formulas and values, growth, search and longest paths, traces of the
//! moves (`trace_claims`: positions, move lists and tables, who moves when, stays, pin
//! loads, by playing the moves under the rules), matrices, b-files.
//!
//! True values come from the library only: variant counts from the recursion programs
//! ([`Variant::count`], the derived [`TransferSystem`]), Frame–Stewart numbers, star numbers
//! by the min-recurrence, 3-smooth numbers. Printed values come from the claim files.
//!
//! # Search claims (optimality, minima, numbers of minimal move sequences)
//!
//! A `search` claim is checked by breadth-first search of the variant's puzzle
//! ([`crate::search::search`], one thread, deterministic) for every n it names, within a
//! fixed budget so that [`check_all`] stays fast ([`crate::facts::SearchBudget::CLAIMS`]): a
//! bound on the states ([`crate::search::state_bound`]: the dense index space, or the same
//! count `p^n · k^n` for equal discs under the strict size rule, as in `multistack-reves`) of
//! at most 2^20 states per search (about 1 s in a debug build), and counting minimal move
//! sequences only up to 2^18 states. Puzzles with equal discs that may share a pin (Antwerp)
//! are searched when their bound on the states is within the same 2^20 and their memory
//! estimate within 48 MiB; `claims --max-states` and the other flags set another budget
//! ([`ClaimResources`]).
//!
//! # Approximations
//!
//! A formula printed with `~` (`approximate = true`) promises no exactness: it `holds` over
//! its range when it is within 1 of the target at every n, and the detail lists every n
//! where it is not exact; it `fails` at the first n where it is off by more than 1. (Growth
//! statements `f ~ c x^n` are `asymptotic` claims with a ratio tolerance instead.)
//!
//! # Search policy
//!
//! Policy for partially reachable claims (applied to every search claim):
//!
//! - any n that search refutes makes the claim `fails`, with the first such n, the printed
//!   (or algorithm's) value and the true one;
//! - otherwise, if at least one n was searched, the verdict is `holds` **for the searched n
//!   only**, and the detail always says so: "checked n = A..K by search; n = ... beyond this
//!   run (state counts)";
//! - if no n fits the budget the claim stays `unchecked`, with the state counts.

use crate::algebra::decimal::{fixed, Rounding};
use crate::algebra::interval::Interval;
use crate::literature::claims::{
    builtin_claims, is_variant_target, parse_printed, Claim, ClaimKind, LongestClaim, SearchClaim,
};
use crate::literature::eval::{
    compare_with, evaluate, evaluate_to, to_poly, Agreement, Sequences, Value,
};
use crate::literature::formula::{parse, Expr};
use crate::program::TransferSystem;
use crate::sequences::{frame_stewart, star};
use crate::variants::{Params, Target, Variant};
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Signed, ToPrimitive, Zero};
use serde::Serialize;
use std::cell::RefCell;
use std::cmp::Ordering;
use std::collections::HashMap;

mod asymptotic;
mod bfile;
mod conjecture_claims;
mod error;
mod formula_claims;
mod graph_claims;
mod library_sequences;
mod matrix_claims;
mod search_claims;
mod size;
#[cfg(test)]
mod tests;
mod trace_claims;
mod verdict;

pub use asymptotic::*;
pub use bfile::*;
pub use conjecture_claims::{check_optimum_law, OptimaSource};
pub use error::CheckError;
pub use formula_claims::*;
pub use library_sequences::*;
use matrix_claims::*;
use search_claims::*;
pub use size::{MAX_CLAIM_DIGITS, MAX_CLAIM_TOTAL_DIGITS, MAX_WALK};
use trace_claims::*;
pub use verdict::*;

/// The variant and function of a claim's `VARIANT.FUNCTION` target (`what`: the kind of
/// claim, for the message).
pub(crate) fn variant_function(what: &str, target: &str) -> Result<(String, String), CheckError> {
    match Target::parse(target) {
        Ok(t) => match t.function() {
            Some(f) => Ok((t.variant().to_string(), f.to_string())),
            None => Err(CheckError::Input(format!(
                "{what} target {target}: expected VARIANT.FUNCTION"
            ))),
        },
        Err(_) => Err(CheckError::Input(format!(
            "{what} target {target}: expected VARIANT.FUNCTION"
        ))),
    }
}

/// Checks every built-in claim, in file order (deterministic).
///
/// A claim file that does not load is reported as one `unchecked` entry rather than a panic.
pub fn check_all() -> Vec<CheckedClaim> {
    match builtin_claims() {
        Ok(claims) => claims.iter().map(check_claim).collect(),
        Err(e) => vec![CheckedClaim {
            id: "claim-files".into(),
            document: "data/literature".into(),
            source: "data/literature".into(),
            statement: String::new(),
            variant: None,
            names: vec![],
            kind: "file".into(),
            outcome: Verdict {
                reason: Some("the claim files do not load".into()),
                ..Verdict::new(
                    VerdictKind::Unverifiable,
                    format!("claim files do not load: {e}"),
                )
            },
        }],
    }
}

/// What the claims that search may spend: the budget of each search, and recorded runs
/// beside the built-in ones (a user's record file). The built-in claims are checked with
/// [`ClaimResources::default`]: [`crate::facts::SearchBudget::CLAIMS`] and no extra records.
#[derive(Clone, Debug)]
pub struct ClaimResources {
    /// The budget of each search a claim needs.
    pub budget: crate::facts::SearchBudget,
    /// Recorded runs read beside `data/records/search-records.csv`.
    pub records: Vec<crate::facts::SearchRecord>,
}

impl Default for ClaimResources {
    fn default() -> ClaimResources {
        ClaimResources {
            budget: crate::facts::SearchBudget::CLAIMS,
            records: Vec::new(),
        }
    }
}

impl ClaimResources {
    /// The recorded minima of `variant.function` under `params`: the built-in records and
    /// these resources' own rows.
    pub(crate) fn minima(
        &self,
        variant: &Variant,
        function: &str,
        params: &Params,
    ) -> Result<Vec<crate::facts::RecordedMinimum>, CheckError> {
        crate::facts::recorded_minima_with(variant, function, params, &self.records)
            .map_err(CheckError::from)
    }
}

/// Checks one claim with the built-in claims' resources ([`ClaimResources::default`]).
pub fn check_claim(c: &Claim) -> CheckedClaim {
    check_claim_with(c, &ClaimResources::default())
}

/// Checks one claim; its searches run within `res`.
///
/// ```
/// use hanoilab::facts::SearchBudget;
/// use hanoilab::literature::claims::parse_claim_file;
/// use hanoilab::literature::{check_claim_with, ClaimResources, VerdictKind};
/// let claims = parse_claim_file("mine", r#"
/// document = "mine"
/// title = "My claims"
/// cite = "folklore"
/// [[claim]]
/// id = "classic-opt"
/// section = "1"
/// statement = "The classic algorithm is optimal"
/// kind = "search"
/// target = "classic.T"
/// optimal = "1..12"
/// "#).unwrap();
/// let small = ClaimResources {
///     budget: SearchBudget { max_states: 1 << 12, ..SearchBudget::CLAIMS },
///     ..Default::default()
/// };
/// let c = check_claim_with(&claims[0], &small);
/// assert_eq!(c.verdict, VerdictKind::HoldsInRange);
/// assert!(c.detail.contains("n = 8..12 beyond"), "{}", c.detail);
/// ```
pub fn check_claim_with(c: &Claim, res: &ClaimResources) -> CheckedClaim {
    crate::literature::eval::reset_power_work();
    let mut o = run(c, res).unwrap_or_else(|e| unverifiable(format!("could not be checked: {e}")));
    if let Some(n) = &c.note {
        o.detail = format!("{} (note: {n})", o.detail);
    }
    CheckedClaim {
        id: format!("{}/{}", c.file, c.id),
        document: c.cite.clone(),
        source: c.source(),
        statement: c.statement.clone(),
        variant: c.variant_id(),
        names: c.variants_named(),
        kind: c.kind_name().to_string(),
        outcome: o,
    }
}

/// A claim that names something the checker does not know, found before anything is
/// checked: (claim id, field, character offset in the field's text when known, message).
pub type ClaimFault = (String, &'static str, Option<usize>, String);

/// Checks, before any claim is checked, that every claim's target resolves (variant,
/// function, parameters) and that every formula names only known variables, functions and
/// sequences (each formula is evaluated once, at the first n of the claim; only an unknown
/// name is a fault here — a value the formula cannot take is the check's business).
pub fn validate_claims(claims: &[Claim]) -> Result<(), ClaimFault> {
    use crate::literature::eval::EvalError;
    for c in claims {
        validate_fields(c)?;
        let fault =
            |field: &'static str, pos: Option<usize>, m: String| Err((c.id.clone(), field, pos, m));
        let (target, params, context, first) = match &c.kind {
            ClaimKind::Formula {
                target,
                params,
                context,
                n,
                ..
            } => (
                Some(target),
                params,
                context.as_deref(),
                parse_range(n).ok().map(|r| r.0),
            ),
            ClaimKind::Bound {
                target, params, n, ..
            } => (Some(target), params, None, parse_range(n).ok().map(|r| r.0)),
            ClaimKind::Value {
                target, params, at, ..
            } => (Some(target), params, None, Some(*at)),
            ClaimKind::Table {
                target,
                params,
                rows,
            } => (Some(target), params, None, rows.first().map(|r| r.0)),
            ClaimKind::Asymptotic {
                target,
                params,
                samples,
                ..
            } => (Some(target), params, None, samples.first().copied()),
            ClaimKind::Search(s) => (Some(&s.target), &s.params, None, Some(1)),
            ClaimKind::Longest(l) => (Some(&l.target), &l.params, None, Some(1)),
            ClaimKind::Graph(g) => (Some(&g.target), &g.params, None, Some(1)),
            ClaimKind::Conjecture(g) => (Some(&g.target), &g.params, None, Some(1)),
            ClaimKind::Trace(t) => (Some(&t.target), &t.params, None, Some(1)),
            _ => (None, &Params::new(), None, None),
        };
        let Some(target) = target else { continue };
        let seqs = match TargetSeq::new(target, params, context) {
            Ok(s) => s,
            Err(m) => return fault("target", None, m.to_string()),
        };
        let n = first.unwrap_or(1);
        let mut vars = vars_for(n, params);
        for v in ["t", "m", "d"] {
            vars.push((v, Value::int(1)));
        }
        for (field, text) in c.formulas() {
            let Ok(e) = parse(&text) else { continue };
            match evaluate(&e, &vars, seqs.sequences()) {
                Err(EvalError::Unknown { name, pos }) => {
                    return fault(field, pos, format!("unknown name '{name}'"))
                }
                _ => continue,
            }
        }
    }
    Ok(())
}

/// The fields of `c` that need no variant: ranges `A..B` with `A <= B`, non-negative n,
/// a known `relation`, a `tolerance` that is a positive number. A fault here would
/// otherwise surface only when the claim is checked, as `unverifiable` or `fails`.
fn validate_fields(c: &Claim) -> Result<(), ClaimFault> {
    let fault = |field: &'static str, m: String| Err((c.id.clone(), field, None, m));
    let range = |field: &'static str, n: &str| match parse_range(n) {
        Ok((a, _)) if a < 0 => fault(field, format!("range '{n}': n must not be negative")),
        Ok(_) => Ok(()),
        Err(m) => fault(field, m.to_string()),
    };
    let ns = |field: &'static str, ns: &[i64]| match ns.iter().find(|n| **n < 0) {
        Some(n) => fault(field, format!("n = {n}: n must not be negative")),
        None => Ok(()),
    };
    match &c.kind {
        ClaimKind::Formula { n, .. } => range("n", n),
        ClaimKind::Bound { n, relation, .. } => {
            range("n", n)?;
            if !["<=", ">=", "<", ">"].contains(&relation.as_str()) {
                return fault(
                    "relation",
                    format!("unknown relation '{relation}' (expected <=, >=, < or >)"),
                );
            }
            Ok(())
        }
        ClaimKind::Value { at, .. } => ns("at", &[*at]),
        ClaimKind::Table { rows, .. } => ns("rows", &rows.iter().map(|r| r.0).collect::<Vec<_>>()),
        ClaimKind::Asymptotic {
            samples,
            tolerance,
            dominant,
            ..
        } => {
            if samples.is_empty() {
                return fault("samples", "no sample n (expected e.g. [10, 20, 40])".into());
            }
            ns("samples", samples)?;
            if let Some(t) = tolerance {
                match parse_printed(t) {
                    Some((v, _)) if num_traits::Signed::is_positive(&v) => {}
                    _ => {
                        return fault(
                            "tolerance",
                            format!("tolerance '{t}': expected a positive number, e.g. \"0.01\""),
                        )
                    }
                }
            }
            if let Some((_, printed)) = dominant {
                if parse_printed(printed).is_none() {
                    return fault(
                        "dominant",
                        format!("dominant constant '{printed}': expected a number as printed, e.g. \"0.6576...\""),
                    );
                }
            }
            Ok(())
        }
        ClaimKind::Search(s)
            if s.minima.is_empty()
                && s.counts.is_empty()
                && s.symmetric.is_empty()
                && s.moves.is_empty()
                && s.optimal.is_none()
                && s.lower_bound.is_none() =>
        {
            fault(
                "kind",
                "a search claim states nothing a search checks: give minima = [[n, \"printed\"], ...], counts, symmetric, moves, optimal = \"A..B\" or lower_bound".into(),
            )
        }
        ClaimKind::Longest(l) => range("n", &l.n),
        ClaimKind::Conjecture(g) => {
            range("n", &g.n)?;
            match (&g.gf, &g.formula) {
                (Some(_), None) | (None, Some(_)) => Ok(()),
                _ => fault(
                    "gf",
                    "a conjecture states one law: gf = \"...\" or formula = \"...\"".into(),
                ),
            }
        }
        ClaimKind::Graph(g) => {
            range("n", &g.n)?;
            if let Some(d) = g.degrees.keys().find(|d| d.parse::<u64>().is_err()) {
                return fault(
                    "degrees",
                    format!("degree '{d}': expected a number of legal moves, e.g. 3"),
                );
            }
            Ok(())
        }
        ClaimKind::Trace(t) if t.n.contains("..") => range("n", &t.n),
        _ => Ok(()),
    }
}

/// Parses `A..B` (inclusive).
pub fn parse_range(s: &str) -> Result<(i64, i64), CheckError> {
    let (a, b) = s
        .split_once("..")
        .ok_or_else(|| CheckError::Input(format!("range '{s}': expected A..B")))?;
    let a: i64 = a
        .trim()
        .parse()
        .map_err(|_| CheckError::Input(format!("range '{s}': bad start")))?;
    let b: i64 = b
        .trim()
        .parse()
        .map_err(|_| CheckError::Input(format!("range '{s}': bad end")))?;
    if a > b {
        return Err(CheckError::Input(format!("range '{s}': start after end")));
    }
    Ok((a, b))
}

pub(crate) fn printed_integer(s: &str) -> Result<BigInt, CheckError> {
    match parse_printed(s) {
        Some((q, _)) if q.is_integer() => Ok(q.to_integer()),
        _ => Err(CheckError::Input(format!(
            "printed value '{s}' is not an integer"
        ))),
    }
}

pub(crate) fn run(c: &Claim, res: &ClaimResources) -> Result<Verdict, CheckError> {
    match &c.kind {
        ClaimKind::Formula {
            target,
            formula,
            n,
            params,
            context,
            approximate,
            corrected,
            only,
        } => {
            let (a, b) = parse_range(n)?;
            if *only && !*approximate && corrected.is_none() {
                // Finitely many n, all of them checked: no proof for other n is wanted.
                let t = TargetSeq::new(target, params, context.as_deref())?;
                let e = parse(formula).map_err(CheckError::from)?;
                return Ok(match check_formula_range(&t, &e, a, b)? {
                    FormulaCheck::Holds { .. } => holds(format!(
                        "{target} = {formula} at every n the claim names, n = {a}..{b}"
                    )),
                    FormulaCheck::Fails { n, printed, actual } => fails(
                        format!("first fails at n = {n}: the formula gives {printed}, {target} is {actual}"),
                        Some(n),
                        printed,
                        actual,
                    ),
                });
            }
            let t = TargetSeq::new(target, params, context.as_deref())?;
            let e = parse(formula).map_err(CheckError::from)?;
            if *approximate {
                return check_approximation(&t, &e, target, formula, a, b);
            }
            let printed = check_formula_statement(&t, &e, target, formula, a, b)?;
            match corrected {
                Some(fix) if printed.verdict == VerdictKind::Fails => {
                    let ce =
                        parse(fix).map_err(|e| CheckError::from(e).context("corrected formula"))?;
                    let c = check_formula_statement(&t, &ce, target, fix, a, b)?;
                    Ok(with_correction(printed, c, &format!("{target} = {fix}")))
                }
                _ => Ok(printed),
            }
        }
        ClaimKind::Value {
            target,
            at,
            printed,
            params,
        } => {
            let t = TargetSeq::new(target, params, None)?;
            let p = printed_integer(printed)?;
            t.prepare_points(&[*at])?;
            let v = t.at(*at)?;
            Ok(if p == v {
                holds(format!("{target} at n = {at} is {v}"))
            } else {
                fails(
                    format!("{target} at n = {at} is {v}, printed {printed}"),
                    Some(*at),
                    printed.clone(),
                    v.to_string(),
                )
            })
        }
        ClaimKind::Table {
            target,
            rows,
            params,
        } => {
            let t = TargetSeq::new(target, params, None)?;
            t.prepare_points(&rows.iter().map(|r| r.0).collect::<Vec<_>>())?;
            let mut bad = vec![];
            for (n, printed) in rows {
                let v = t.at(*n)?;
                let ok = printed_integer(printed).map(|p| p == v).unwrap_or(false);
                if !ok {
                    bad.push((*n, printed.clone(), v));
                }
            }
            let ns: Vec<String> = rows.iter().map(|r| r.0.to_string()).collect();
            Ok(match bad.first() {
                None => holds(format!(
                    "all {} rows agree with {target} (n = {})",
                    rows.len(),
                    ns.join(", ")
                )),
                Some((n, p, v)) => {
                    let list: Vec<String> = bad
                        .iter()
                        .map(|(n, p, v)| format!("n = {n}: printed {p}, true {v}"))
                        .collect();
                    fails(
                        format!(
                            "{} of {} rows disagree with {target}: {}",
                            bad.len(),
                            rows.len(),
                            list.join("; ")
                        ),
                        Some(*n),
                        p.clone(),
                        v.to_string(),
                    )
                }
            })
        }
        ClaimKind::Matrix {
            of,
            names,
            components,
            matrix,
            initial,
            initial_n,
            from_n,
            params,
        } => check_matrix(
            of,
            names,
            components.as_deref(),
            matrix,
            initial,
            *initial_n,
            *from_n,
            params,
        ),
        ClaimKind::Charpoly {
            of,
            components,
            polynomial,
            factored,
            params,
        } => check_charpoly(of, components, polynomial, factored.as_deref(), params),
        ClaimKind::Constant {
            expression,
            printed,
            dominant,
        } => {
            let o = check_constant(expression, printed)?;
            match dominant {
                Some(d) if o.verdict == VerdictKind::Holds => check_dominant(o, d, printed, false),
                _ => Ok(o),
            }
        }
        ClaimKind::Asymptotic {
            target,
            formula,
            samples,
            tolerance,
            dominant,
            params,
            corrected,
            per,
            per_name,
        } => {
            let mut printed =
                run_asymptotic(target, formula, samples, tolerance.as_deref(), params)?;
            if let (Some(per), Some(f)) = (per, printed.failure.as_mut()) {
                in_own_terms(f, target, formula, per, per_name.as_deref(), params)?;
            }
            match (dominant, corrected) {
                // A dominant-term statement is decided on its own terms, never corrected.
                (Some((d, p)), _) if printed.verdict.is_positive() => {
                    check_dominant(printed, d, p, true)
                }
                (None, Some(fix)) if printed.verdict == VerdictKind::Fails => {
                    let c = run_asymptotic(target, fix, samples, tolerance.as_deref(), params)?;
                    Ok(with_correction(printed, c, &format!("{target} ~ {fix}")))
                }
                _ => Ok(printed),
            }
        }
        ClaimKind::Bound {
            target,
            relation,
            formula,
            n,
            params,
        } => {
            let (a, b) = parse_range(n)?;
            let t = TargetSeq::new(target, params, None)?;
            let e = parse(formula).map_err(CheckError::from)?;
            t.prepare_range(a, b)?;
            for k in a..=b {
                let v = t.at(k)?;
                let vars = vars_for(k, params);
                let f = evaluate(&e, &vars, t.sequences()).map_err(CheckError::from)?;
                let o = sign_of_difference(&v, &f)?;
                let ok = match relation.as_str() {
                    "<=" => o != Ordering::Greater,
                    ">=" => o != Ordering::Less,
                    "<" => o == Ordering::Less,
                    ">" => o == Ordering::Greater,
                    r => return Err(CheckError::Input(format!("unknown relation {r}"))),
                };
                if !ok {
                    return Ok(fails(
                        format!(
                            "first fails at n = {k}: {target} = {v}, which is not {relation} {}",
                            show_value(&f)
                        ),
                        Some(k),
                        format!("{relation} {}", show_value(&f)),
                        v.to_string(),
                    ));
                }
            }
            Ok(holds_in_range(
                format!("{target} {relation} {formula} for n = {a}..{b}"),
                a,
                b,
                "an inequality is checked n by n; no proof for every n is attempted",
            ))
        }
        ClaimKind::Search(s) => check_search(s, res),
        ClaimKind::Longest(l) => check_longest(l),
        ClaimKind::Graph(g) => graph_claims::check_graph(g),
        ClaimKind::Conjecture(c) => conjecture_claims::check_conjecture(c, res),
        ClaimKind::Trace(t) => check_trace(t),
        ClaimKind::Unchecked { reason, .. } => Ok(unverifiable(reason.clone())),
    }
}

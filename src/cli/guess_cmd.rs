//! `hanoilab guess SOURCE`: a law conjectured from exact terms ([`crate::algebra::guess`]).
//!
//! The terms come from a b-file (`-` for stdin; consecutive indices, one integer each), a
//! comma-separated list (`--terms`, from `--first-n`), or a variant function's exact counts
//! (`rainbow.DDD --n 0..60`). Every input is read and checked before the guess starts.

use super::args::{GuessFormat, DEFAULT_MAX_DIGITS};
use super::common::{check_digits, emit, json, resolve};
use super::validate::parse_range;
use super::CliError;
use crate::algebra::analysis::factorization_text;
use crate::algebra::guess::{guess, CFinite, Guess, GuessOptions, Holonomic, Law, Periodic};
use crate::algebra::Poly;
use crate::facts::{RecordedMinimum, SearchBudget};
use num_bigint::BigInt;
use num_traits::{Signed, Zero};
use serde::Serialize;
use std::fmt::Write as _;

/// Largest number of terms `guess` reads (Berlekamp–Massey is quadratic in it).
pub const MAX_TERMS: usize = 10_000;

/// Bounds on the shapes tried, checked before any work.
const MAX_ORDER: usize = 20;
const MAX_DEGREE: usize = 20;
const MAX_PERIOD: usize = 64;
const MAX_CONFIRMATIONS: usize = 1_000;
const MAX_DIGITS: usize = 1_000;

/// Where the terms come from (the flags as given).
pub struct GuessSource<'a> {
    /// SOURCE: a b-file, `-`, or a variant function.
    pub source: Option<&'a str>,
    /// `--terms`.
    pub terms: Option<&'a str>,
    /// `--first-n`.
    pub first_n: u64,
    /// `--n`.
    pub range: Option<&'a str>,
    /// `--param`.
    pub params: &'a [String],
    /// `--optimum` and its flags: the terms are the function's search optima.
    pub optimum: Option<OptimumSource<'a>>,
}

/// Where `--optimum` takes its terms from (the flags as given).
#[derive(Clone, Copy, Debug)]
pub struct OptimumSource<'a> {
    /// `--max-states`.
    pub max_states: u64,
    /// `--memory-limit`.
    pub memory_limit: Option<&'a str>,
    /// `--records`.
    pub records: Option<&'a std::path::Path>,
}

/// The largest state space `guess --optimum` searches for one term by default (2^24: Reve's
/// puzzle at n = 12 in about half a second).
pub const DEFAULT_OPTIMUM_STATES: u64 = 1 << 24;

/// The terms read from a source, where they came from, and what else was learnt on the way
/// (for search optima: which runs gave them, where they stop, how the algorithm compares).
struct Terms {
    first_n: u64,
    terms: Vec<BigInt>,
    description: String,
    notes: Vec<String>,
}

/// The bounds of the guess (the flags as given).
#[derive(Clone, Copy, Debug)]
pub struct GuessLimits {
    /// `--confirmations`.
    pub confirmations: usize,
    /// `--max-order`.
    pub max_order: usize,
    /// `--max-degree`.
    pub max_degree: usize,
    /// `--max-period`.
    pub max_period: usize,
    /// `--digits`.
    pub digits: usize,
}

fn check_bound(flag: &str, value: usize, lo: usize, hi: usize) -> Result<(), CliError> {
    if value < lo || value > hi {
        return Err(CliError::input(format!(
            "{flag} {value}: expected {lo}..={hi}"
        )));
    }
    Ok(())
}

/// Parses the b-file text: `n a(n)` lines with consecutive `n >= 0`, `#` comments.
pub fn parse_guess_bfile(name: &str, text: &str) -> Result<(u64, Vec<BigInt>), CliError> {
    let mut first: Option<u64> = None;
    let mut terms: Vec<BigInt> = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let l = line.trim();
        if l.is_empty() || l.starts_with('#') {
            continue;
        }
        let at = |m: String| CliError::input(format!("b-file {name}: line {}: {m}", i + 1));
        let rows = crate::literature::check::parse_bfile(l).map_err(|e| at(e.message))?;
        let (n, v) = rows.into_iter().next().expect("one non-comment line");
        if n < 0 {
            return Err(at(format!("negative index {n}")));
        }
        let n = n as u64;
        match first {
            None => first = Some(n),
            Some(f) => {
                let want = f + terms.len() as u64;
                if n < want {
                    return Err(at(format!(
                        "index {n} repeated or out of order (expected {want})"
                    )));
                }
                if n != want {
                    return Err(at(format!(
                        "index {n} after {}: a gap (the indices must be consecutive)",
                        want - 1
                    )));
                }
            }
        }
        if terms.len() >= MAX_TERMS {
            return Err(at(format!("more than {MAX_TERMS} terms")));
        }
        terms.push(v);
    }
    match first {
        Some(f) => Ok((f, terms)),
        None => Err(CliError::input(format!("b-file {name}: no terms"))),
    }
}

/// Parses `--terms 1,3,7,15`.
pub fn parse_terms(text: &str) -> Result<Vec<BigInt>, CliError> {
    let parts: Vec<&str> = text.split(',').map(str::trim).collect();
    if parts.len() > MAX_TERMS {
        return Err(CliError::input(format!(
            "--terms: more than {MAX_TERMS} terms"
        )));
    }
    parts
        .iter()
        .enumerate()
        .map(|(i, p)| {
            p.parse::<BigInt>().map_err(|_| {
                CliError::input(format!("--terms: term {} `{p}` is not an integer", i + 1))
            })
        })
        .collect()
}

/// `--n A..B` of a variant function: at most [`MAX_TERMS`] n.
fn terms_range(range: &str) -> Result<(u64, u64), CliError> {
    let (a, b) = parse_range("--n", range)?;
    if b - a + 1 > MAX_TERMS as u64 {
        return Err(CliError::input(format!(
            "--n `{range}`: more than {MAX_TERMS} terms"
        )));
    }
    Ok((a, b))
}

/// Reads the terms from the source.
fn read_terms(src: &GuessSource<'_>) -> Result<Terms, CliError> {
    let plain = |(first_n, terms, description): (u64, Vec<BigInt>, String)| Terms {
        first_n,
        terms,
        description,
        notes: vec![],
    };
    if src.optimum.is_some() {
        return optimum_terms(src);
    }
    read_plain_terms(src).map(plain)
}

/// `--optimum`: the search optima of a variant function over `--n`, from the records (the
/// built-in ones and `--records`) and searches within `--max-states`; the terms stop at the
/// first n neither answers.
fn optimum_terms(src: &GuessSource<'_>) -> Result<Terms, CliError> {
    let opt = src.optimum.expect("called for --optimum");
    let (Some(s), None) = (src.source, src.terms) else {
        return Err(CliError::input(
            "--optimum takes a variant function (VARIANT.FUNCTION or FILE.FUNCTION) with --n, \
             not --terms",
        ));
    };
    if src.first_n != 0 {
        return Err(CliError::input("--first-n is for --terms"));
    }
    let Some(range) = src.range else {
        return Err(CliError::input(format!(
            "--optimum `{s}`: give the discs with --n A..B"
        )));
    };
    let (a, b) = terms_range(range)?;
    let t = resolve(s, src.params)?;
    let (budget, records) = optimum_inputs(&t, &opt)?;
    let target = format!("{}.{}", t.variant.id, t.function);
    let found = crate::facts::optimum_terms(
        &t.variant,
        &t.function,
        &t.params,
        a as i64..=b as i64,
        &budget,
        &records,
    );
    let mut notes = vec![format!("terms: {}", found.provenance())];
    if let Some((n, why)) = &found.stopped {
        notes.push(format!("n = {n} and beyond: no term ({why})"));
    }
    if let Some(line) = algorithm_against_optima(&t, &found) {
        notes.push(line);
    }
    let Some(last) = found.last_n() else {
        let why = found
            .stopped
            .map_or(String::new(), |(n, w)| format!(": n = {n}: {w}"));
        return Err(CliError::input(format!(
            "--optimum {target}: no search optimum for n = {a}..{b}{why}"
        )));
    };
    Ok(Terms {
        first_n: a,
        terms: found.minima(),
        description: format!("search optima of {target} for n = {a}..{last}"),
        notes,
    })
}

/// The search budget and the recorded runs `--optimum` takes its terms from: the built-in
/// records of the function's puzzle and `--records` (which must agree with them), searches
/// within `--max-states` and `--memory-limit`.
pub(super) fn optimum_inputs(
    t: &super::common::Target,
    opt: &OptimumSource<'_>,
) -> Result<(SearchBudget, Vec<RecordedMinimum>), CliError> {
    let memory = opt
        .memory_limit
        .map(|m| super::validate::parse_memory("--memory-limit", m))
        .transpose()?;
    let extra = match opt.records {
        Some(path) => read_records(path)?,
        None => vec![],
    };
    let records = crate::facts::recorded_minima_with(&t.variant, &t.function, &t.params, &extra)
        .map_err(|e| match opt.records {
            Some(path) => CliError::input(format!("--records {}: {}", path.display(), e.0)),
            None => CliError::failure(e.to_string()),
        })?;
    let budget = SearchBudget {
        max_states: opt.max_states,
        count_states: 0,
        memory,
        generic_memory: Some(memory.unwrap_or(crate::search::default_memory_limit())),
        threads: 0,
    };
    Ok((budget, records))
}

/// The rows of a record file given with `--records` (the format `search --record` writes).
pub(super) fn read_records(
    path: &std::path::Path,
) -> Result<Vec<crate::facts::SearchRecord>, CliError> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| CliError::from_io(format!("--records {}: {e}", path.display()), &e))?;
    let rows = crate::facts::parse_search_records(&text)
        .and_then(|rows| crate::facts::check_user_records(&rows).map(|()| rows))
        .map_err(|e| CliError::input(format!("--records {}: {}", path.display(), e.0)))?;
    Ok(rows)
}

/// How the function's algorithm compares with the search optima: equal at every n of the
/// terms, or the first n where it takes more moves. `None` when the variant has no count.
fn algorithm_against_optima(
    t: &super::common::Target,
    found: &crate::facts::OptimumTerms,
) -> Option<String> {
    if t.variant
        .function(&t.function)
        .is_ok_and(|f| !f.has_program())
    {
        return Some(format!(
            "{}.{} has no program: no algorithm to compare with these optima",
            t.variant.id, t.function
        ));
    }
    let mut equal_to = None;
    for term in &found.terms {
        let count = t.variant.count(&t.function, term.n, &t.params).ok()?;
        if count != BigInt::from(term.minimum) {
            return Some(format!(
                "the algorithm ({}.{}'s program) is not optimal: {count} moves at n = {} against the optimum {}",
                t.variant.id, t.function, term.n, term.minimum
            ));
        }
        equal_to = Some(term.n);
    }
    let (a, b) = (found.first_n()?, equal_to?);
    Some(format!(
        "the algorithm ({}.{}'s program) takes exactly these minima for n = {a}..{b}: the \
         search confirms it optimal to n = {b}, and its own law is derived from the program \
         (`hanoilab growth {}.{}`)",
        t.variant.id, t.function, t.variant.id, t.function
    ))
}

/// The terms of a b-file, `--terms` or a variant function's counts: `(first n, terms,
/// description)`.
fn read_plain_terms(src: &GuessSource<'_>) -> Result<(u64, Vec<BigInt>, String), CliError> {
    match (src.source, src.terms) {
        (Some(_), Some(_)) => Err(CliError::input("give either SOURCE or --terms, not both")),
        (None, None) => Err(CliError::input(
            "nothing to guess from: give a b-file, a variant function with --n, or --terms",
        )),
        (None, Some(t)) => {
            if src.range.is_some() {
                return Err(CliError::input(
                    "--n is for a variant function, not --terms",
                ));
            }
            let terms = parse_terms(t)?;
            Ok((src.first_n, terms, "--terms".into()))
        }
        (Some(s), None) => {
            if src.first_n != 0 {
                return Err(CliError::input(
                    "--first-n is for --terms (a b-file and a variant give their own n)",
                ));
            }
            let path = std::path::Path::new(s);
            if s == "-" || path.is_file() {
                if src.range.is_some() {
                    return Err(CliError::input(format!(
                        "--n is for a variant function; `{s}` is a b-file"
                    )));
                }
                let text = if s == "-" {
                    std::io::read_to_string(std::io::stdin())
                        .map_err(|e| CliError::from_io(format!("b-file stdin: {e}"), &e))?
                } else {
                    std::fs::read_to_string(path)
                        .map_err(|e| CliError::from_io(format!("b-file {s}: {e}"), &e))?
                };
                let name = if s == "-" { "stdin" } else { s };
                let (first, terms) = parse_guess_bfile(name, &text)?;
                return Ok((first, terms, format!("b-file {name}")));
            }
            let Some(range) = src.range else {
                return Err(CliError::input(format!(
                    "SOURCE `{s}`: no such file (a variant function needs --n A..B)"
                )));
            };
            let (a, b) = terms_range(range)?;
            let t = resolve(s, src.params)?;
            let what = format!("guess {}.{} --n {range}", t.variant.id, t.function);
            check_digits(
                &what,
                &t,
                std::slice::from_ref(&t.function),
                a,
                b,
                DEFAULT_MAX_DIGITS,
            )?;
            let terms = (a..=b)
                .map(|n| {
                    t.variant
                        .count(&t.function, n as i64, &t.params)
                        .map_err(|e| CliError::input(e.to_string()))
                })
                .collect::<Result<Vec<_>, _>>()?;
            Ok((
                a,
                terms,
                format!("{}.{} for n = {a}..{b}", t.variant.id, t.function),
            ))
        }
    }
}

/// `hanoilab guess`.
pub fn guess_cmd(
    src: &GuessSource<'_>,
    limits: GuessLimits,
    format: GuessFormat,
) -> Result<(), CliError> {
    check_bound(
        "--confirmations",
        limits.confirmations,
        1,
        MAX_CONFIRMATIONS,
    )?;
    check_bound("--max-order", limits.max_order, 0, MAX_ORDER)?;
    check_bound("--max-degree", limits.max_degree, 0, MAX_DEGREE)?;
    check_bound("--max-period", limits.max_period, 0, MAX_PERIOD)?;
    check_bound("--digits", limits.digits, 1, MAX_DIGITS)?;
    let Terms {
        first_n,
        terms,
        description,
        notes,
    } = read_terms(src)?;
    let opts = GuessOptions {
        confirmations: limits.confirmations,
        max_order: limits.max_order,
        max_degree: limits.max_degree,
        max_period: limits.max_period,
        digits: limits.digits,
        closed_form: true,
    };
    let g = guess(&terms, first_n, &opts).map_err(|e| {
        let mut m = format!("{description}: {e}");
        for n in &notes {
            m.push_str(&format!("; {n}"));
        }
        CliError::input(m)
    })?;
    let text = match format {
        GuessFormat::Json => {
            let mut r = report(&g, &description, &terms);
            r.notes = notes;
            json(&r)
        }
        GuessFormat::Human => {
            let mut o = human(&g, &description, &terms);
            for n in &notes {
                let _ = writeln!(o, "  {n}");
            }
            o
        }
        GuessFormat::Md => {
            let mut o = markdown(&g, &description, &terms);
            for n in &notes {
                let _ = writeln!(o, "- {n}");
            }
            o
        }
        GuessFormat::Tex => tex(&g),
    };
    emit(&text)
}

/// The JSON object of a guess (`schema_version` 1).
#[derive(Serialize)]
pub struct GuessReport {
    /// Version of this layout.
    pub schema_version: u32,
    /// Where the terms came from.
    pub source: String,
    /// The n of the first term.
    pub first_n: u64,
    /// Terms given.
    pub terms: usize,
    /// `c-finite`, `p-recursive` or `periodic`.
    pub law: &'static str,
    /// Terms that determined the law.
    pub determined_by: usize,
    /// Further terms that confirm it.
    pub confirmed_by: usize,
    /// The first n of the law.
    pub holds_from: u64,
    /// The linear recurrence (C-finite).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub recurrence: Option<RecurrenceReport>,
    /// The same law one order lower with a constant term, when 1 is a root.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub inhomogeneous: Option<InhomogeneousReport>,
    /// Its generating function.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub gf: Option<GfReport>,
    /// Its dominant root, certified decimals (exact when rational or quadratic).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lambda: Option<String>,
    /// Its closed form.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub closed_form: Option<String>,
    /// The n from which the closed form holds.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub closed_form_valid_from: Option<u64>,
    /// The P-recursive law.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub p_recursive: Option<HolonomicReport>,
    /// The periodic law.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub periodic: Option<PeriodicReport>,
    /// What else the source showed (for search optima: where the terms came from, where
    /// they stop, how the algorithm compares).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
}

/// A linear recurrence `a(n) = c_1 a(n-1) + ... + c_d a(n-d)` for `n >= holds_from`.
#[derive(Serialize)]
pub struct RecurrenceReport {
    /// `c_1, ..., c_d` as decimal strings.
    pub coefficients: Vec<String>,
    /// `d`.
    pub order: usize,
    /// The first n at which it holds.
    pub holds_from: u64,
    /// As text.
    pub text: String,
    /// The minimal polynomial of all the terms in `E`, with the factor `E^k` of `k`
    /// irregular first terms.
    pub minimal_polynomial: String,
    /// Its factorisation.
    pub minimal_polynomial_factored: String,
}

/// `sum_{n >= first_n} a(n) x^n = numerator / denominator`.
#[derive(Serialize)]
pub struct GfReport {
    /// Coefficients of the numerator, lowest degree first.
    pub numerator: Vec<String>,
    /// Coefficients of the denominator, lowest degree first (constant term 1).
    pub denominator: Vec<String>,
    /// As text.
    pub text: String,
    /// The denominator factored over Q.
    pub denominator_factored: String,
}

/// `sum_i P_i(n) a(n+i) = 0`.
#[derive(Serialize)]
pub struct HolonomicReport {
    /// `r`.
    pub order: usize,
    /// Largest degree of the `P_i`.
    pub degree: usize,
    /// `P_0, ..., P_r`, each its coefficients lowest degree first.
    pub coefficients: Vec<Vec<String>>,
    /// As text.
    pub text: String,
}

/// Laws of the classes `n = first_n + j + period k`, in `k`.
#[derive(Serialize)]
pub struct PeriodicReport {
    /// The period.
    pub period: usize,
    /// Per class `j = 0, 1, ...`.
    pub classes: Vec<GuessReport>,
}

fn strings(p: &Poly) -> Vec<String> {
    p.coeffs().iter().map(|c| c.to_string()).collect()
}

fn cfinite_report(c: &CFinite) -> (RecurrenceReport, GfReport) {
    let rec = RecurrenceReport {
        coefficients: c.coefficients().iter().map(|v| v.to_string()).collect(),
        order: c.order(),
        holds_from: c.holds_from(),
        text: c.to_text(),
        minimal_polynomial: c.recurrence.poly().to_string_in("E"),
        minimal_polynomial_factored: crate::algebra::factor(c.recurrence.poly())
            .map(|f| factorization_text(&f))
            .unwrap_or_else(|_| c.recurrence.poly().to_string_in("E")),
    };
    let g = &c.generating_function;
    let gf = GfReport {
        numerator: strings(&g.numerator),
        denominator: strings(&g.denominator),
        text: g.to_text(),
        denominator_factored: c.denominator_factors.to_string_in("x"),
    };
    (rec, gf)
}

fn holonomic_report(h: &Holonomic, name: &str, idx: &str) -> HolonomicReport {
    HolonomicReport {
        order: h.order(),
        degree: h.degree(),
        coefficients: h.coefficients.iter().map(strings).collect(),
        text: h.render_in(name, idx, false),
    }
}

fn law_report(
    law: &Law,
    first_n: u64,
    terms: usize,
    source: String,
    name: &str,
    idx: &str,
) -> GuessReport {
    let mut r = GuessReport {
        schema_version: 1,
        source,
        first_n,
        terms,
        law: law.kind(),
        determined_by: law.determined_by(),
        confirmed_by: law.confirmed_by(),
        holds_from: first_n,
        recurrence: None,
        inhomogeneous: None,
        gf: None,
        lambda: None,
        closed_form: None,
        closed_form_valid_from: None,
        p_recursive: None,
        periodic: None,
        notes: vec![],
    };
    match law {
        Law::CFinite(c) => {
            let (rec, gf) = cfinite_report(c);
            r.holds_from = c.holds_from();
            r.recurrence = Some(rec);
            r.gf = Some(gf);
            r.lambda = c.dominant.as_ref().map(|d| d.lambda.clone());
            // the closed form is written in n; a class law in k gives only its recurrence
            r.closed_form = c
                .closed_form
                .as_ref()
                .filter(|_| idx == "n")
                .map(|f| f.to_text());
            r.closed_form_valid_from = r
                .closed_form
                .as_ref()
                .and(c.closed_form.as_ref())
                .map(|f| f.valid_from);
        }
        Law::Holonomic(h) => {
            r.holds_from = h.holds_from;
            r.p_recursive = Some(holonomic_report(h, name, idx));
        }
        Law::Periodic(p) => {
            r.periodic = Some(PeriodicReport {
                period: p.period,
                classes: p
                    .classes
                    .iter()
                    .enumerate()
                    .map(|(j, l)| {
                        let count = (terms + p.period - 1 - j) / p.period;
                        law_report(l, 0, count, class_name(p, j), "b", "k")
                    })
                    .collect(),
            });
        }
    }
    r
}

fn class_name(p: &Periodic, j: usize) -> String {
    format!("b(k) = a({}k + {})", p.period, p.first_n + j as u64)
}

/// The JSON report of a guess from `terms`.
pub fn report(g: &Guess, source: &str, terms: &[BigInt]) -> GuessReport {
    let mut r = law_report(&g.law, g.first_n, g.terms, source.to_string(), "a", "n");
    if let Law::CFinite(c) = &g.law {
        r.inhomogeneous = c
            .inhomogeneous(terms)
            .map(|(ic, b, from)| InhomogeneousReport {
                coefficients: ic.iter().map(|v| v.to_string()).collect(),
                constant: b.to_string(),
                holds_from: from,
                text: inhomogeneous_text(&ic, &b, "a", "n"),
            });
    }
    r
}

/// `a(n) = c_1 a(n-1) + ... + b`, when 1 is a root of the recurrence.
#[derive(Serialize)]
pub struct InhomogeneousReport {
    /// `c_1, ...` as decimal strings.
    pub coefficients: Vec<String>,
    /// `b`.
    pub constant: String,
    /// The first n at which it holds.
    pub holds_from: u64,
    /// As text.
    pub text: String,
}

fn counts_line(law: &Law) -> String {
    format!(
        "determined by {} terms, confirmed by {} more",
        law.determined_by(),
        law.confirmed_by()
    )
}

/// `a(n) = 2 a(n-1) + 1`.
fn inhomogeneous_text(c: &[BigInt], b: &BigInt, name: &str, idx: &str) -> String {
    let mut t = crate::algebra::guess::linear_text(c, name, idx, false);
    if b.is_zero() {
        return t;
    }
    if t.ends_with("= 0") {
        t.truncate(t.len() - 1);
        t.push_str(&b.to_string());
    } else if b.is_negative() {
        t.push_str(&format!(" - {}", -b));
    } else {
        t.push_str(&format!(" + {b}"));
    }
    t
}

fn human_law(
    o: &mut String,
    law: &Law,
    first_n: u64,
    terms: Option<&[BigInt]>,
    indent: &str,
    name: &str,
    idx: &str,
) {
    match law {
        Law::CFinite(c) => {
            let text = crate::algebra::guess::linear_text(&c.coefficients(), name, idx, false);
            let _ = writeln!(
                o,
                "{indent}linear recurrence of order {}: {text}   for {idx} >= {}",
                c.order(),
                c.holds_from()
            );
            if let Some((ic, b, from)) = terms.and_then(|t| c.inhomogeneous(t)) {
                let _ = writeln!(
                    o,
                    "{indent}equivalently: {}   for {idx} >= {from}",
                    inhomogeneous_text(&ic, &b, name, idx)
                );
            }
            let _ = writeln!(
                o,
                "{indent}minimal polynomial: {}",
                cfinite_report(c).0.minimal_polynomial_factored
            );
            let _ = writeln!(o, "{indent}{}", counts_line(law));
            let _ = writeln!(
                o,
                "{indent}generating function: sum_{{{idx} >= {first_n}}} {name}({idx}) x^{idx} = {}",
                c.generating_function.to_text()
            );
            let _ = writeln!(
                o,
                "{indent}denominator: {}",
                c.denominator_factors.to_string_in("x")
            );
            // the closed form is written in n; a class law in k shows only its recurrence
            if let Some(cf) = c.closed_form.as_ref().filter(|_| idx == "n") {
                let _ = writeln!(
                    o,
                    "{indent}closed form: {name}(n) = {}   for n >= {}",
                    cf.to_text(),
                    cf.valid_from
                );
            }
            match &c.dominant {
                Some(d) => {
                    let _ = writeln!(
                        o,
                        "{indent}lambda (dominant root): {}{}",
                        d.lambda,
                        if d.certified { "" } else { " (not certified)" }
                    );
                }
                None => {
                    let _ = writeln!(o, "{indent}the sequence is eventually zero");
                }
            }
        }
        Law::Holonomic(h) => {
            let _ = writeln!(
                o,
                "{indent}P-recursive law of order {}, degree {}: {}   for {idx} >= {}",
                h.order(),
                h.degree(),
                h.render_in(name, idx, false),
                h.holds_from
            );
            let _ = writeln!(o, "{indent}{}", counts_line(law));
        }
        Law::Periodic(p) => {
            let _ = writeln!(o, "{indent}laws per residue class of n mod {}:", p.period);
            let _ = writeln!(o, "{indent}{}", counts_line(law));
            for (j, l) in p.classes.iter().enumerate() {
                let _ = writeln!(o, "{indent}class {j}, {}:", class_name(p, j));
                human_law(o, l, 0, None, &format!("{indent}  "), "b", "k");
            }
        }
    }
}

fn human(g: &Guess, source: &str, terms: &[BigInt]) -> String {
    let mut o = String::new();
    let _ = writeln!(
        o,
        "{source}: {} terms, n = {}..{}",
        g.terms,
        g.first_n,
        g.first_n + g.terms as u64 - 1
    );
    human_law(&mut o, &g.law, g.first_n, Some(terms), "  ", "a", "n");
    o
}

fn markdown(g: &Guess, source: &str, terms: &[BigInt]) -> String {
    let mut o = format!(
        "### Guess from {source} ({} terms, n = {}..{})\n\n",
        g.terms,
        g.first_n,
        g.first_n + g.terms as u64 - 1
    );
    let mut body = String::new();
    human_law(&mut body, &g.law, g.first_n, Some(terms), "", "a", "n");
    for l in body.lines() {
        let indent = l.len() - l.trim_start().len();
        let _ = writeln!(o, "{}- {}", " ".repeat(indent), l.trim_start());
    }
    o
}

fn tex_law(o: &mut String, law: &Law, first_n: u64, name: &str, idx: &str) {
    match law {
        Law::CFinite(c) => {
            let _ = writeln!(
                o,
                "{} \\quad ({idx} \\ge {})",
                crate::algebra::guess::linear_text(&c.coefficients(), name, idx, true),
                c.holds_from()
            );
            let (p, q) = c.generating_function.to_tex();
            let _ = writeln!(
                o,
                "\\sum_{{{idx} \\ge {first_n}}} {name}({idx})\\, x^{{{idx}}} = \\frac{{{p}}}{{{q}}}"
            );
            if let Some(t) = c
                .closed_form
                .as_ref()
                .filter(|_| idx == "n")
                .and_then(|f| f.to_tex())
            {
                let _ = writeln!(o, "{name}({idx}) = {t}");
            }
        }
        Law::Holonomic(h) => {
            let _ = writeln!(
                o,
                "{} \\quad ({idx} \\ge {})",
                h.render_in(name, idx, true),
                h.holds_from
            );
        }
        Law::Periodic(p) => {
            for (j, l) in p.classes.iter().enumerate() {
                let _ = writeln!(
                    o,
                    "% class {j}: b(k) = a({}k + {})",
                    p.period,
                    p.first_n + j as u64
                );
                tex_law(o, l, 0, "b", "k");
            }
        }
    }
}

fn tex(g: &Guess) -> String {
    let mut o = String::new();
    tex_law(&mut o, &g.law, g.first_n, "a", "n");
    o
}

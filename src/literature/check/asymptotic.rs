//! Growth claims: certified ratios of a sequence to a formula, dominant terms.

use super::*;

/// Tolerance of a growth check given on the command line without one: |ratio - 1| <= 1/100
/// at the last sample.
pub fn default_asymptotic_tolerance() -> BigRational {
    BigRational::new(1.into(), 100.into())
}

/// About eight sample points from `a` to `b`, roughly geometric, always including `b` (the
/// ratio to a growth formula settles slowly; equally spaced samples waste the small n).
///
/// ```
/// use hanoilab::literature::check::sample_points;
/// let s = sample_points(1, 1000);
/// assert_eq!((s[0], *s.last().unwrap()), (1, 1000));
/// assert!(s.len() <= 9 && s.windows(2).all(|w| w[0] < w[1]));
/// ```
pub fn sample_points(a: i64, b: i64) -> Vec<i64> {
    if b < a {
        return vec![];
    }
    if b - a < 8 {
        return (a..=b).collect();
    }
    // The sample positions only choose where to look; every ratio is then certified.
    let mut out = vec![];
    let ratio = (b as f64 / a as f64).powf(1.0 / 7.0);
    let mut x = a as f64;
    for _ in 0..8 {
        let n = (x.round() as i64).clamp(a, b);
        if out.last() != Some(&n) {
            out.push(n);
        }
        x *= ratio;
    }
    if out.last() != Some(&b) {
        out.push(b);
    }
    out
}

pub(crate) fn run_asymptotic(
    target: &str,
    formula: &str,
    samples: &[i64],
    tolerance: Option<&str>,
    params: &Params,
) -> Result<Verdict, CheckError> {
    let t = TargetSeq::new(target, params, None)?;
    let e = parse(formula).map_err(CheckError::from)?;
    let tol = match tolerance {
        Some(s) => Some(
            parse_printed(s)
                .ok_or_else(|| CheckError::Input("bad tolerance".into()))?
                .0,
        ),
        None => None,
    };
    check_asymptotic(&t, &e, target, formula, samples, tol)
}

/// `target ~ formula`: the certified ratio at the sampled n; within `1 ± tol` at the last
/// sample is `holds-in-range` (a limit is never decided by finitely many n).
pub fn check_asymptotic(
    t: &TargetSeq,
    e: &Expr,
    target: &str,
    formula: &str,
    samples: &[i64],
    tol: Option<BigRational>,
) -> Result<Verdict, CheckError> {
    let (rows, last) = asymptotic_ratios(t, e, samples)?;
    let report = rows.join("; ");
    Ok(match (tol, last) {
        (None, _) => unverifiable(format!(
            "the claim states no precision; {target} / ({formula}): {report}"
        )),
        (Some(_), None) => unverifiable("no samples"),
        (Some(tol), Some((n, ratio))) => {
            let one = BigRational::one();
            let within = ratio.lo >= &one - &tol && ratio.hi <= &one + &tol;
            if within {
                let lo = samples.iter().copied().min().unwrap_or(n);
                holds_in_range(
                    format!("ratio {target} / ({formula}) within 1 ± {tol} at n = {n}: {report}"),
                    lo,
                    n,
                    "a limit is not decided by finitely many n: the ratio was computed at the sampled n only",
                )
            } else {
                fails(
                    format!("ratio not within 1 ± {tol} at n = {n}: {report}"),
                    Some(n),
                    "1".into(),
                    format!(
                        "[{}, {}]",
                        fixed(&ratio.lo, 8, Rounding::Floor),
                        fixed(&ratio.hi, 8, Rounding::Floor)
                    ),
                )
            }
        }
    })
}

/// The printed digits of a dominant root against the certified dominant root `lambda` of the
/// component `target` (`VARIANT.COMPONENT`) from [`Variant::analysis`]: `lambda` must lie in
/// the interval the printed digits stand for (truncation or rounding).
pub(crate) fn check_dominant(
    o: Verdict,
    target: &str,
    printed: &str,
    constant: bool,
) -> Result<Verdict, CheckError> {
    let (vid, c) = match Target::parse(target) {
        Ok(t) if t.function().is_some() => (
            t.variant().to_string(),
            t.function().unwrap_or_default().to_string(),
        ),
        _ => {
            return Err(CheckError::Input(format!(
                "dominant {target}: expected VARIANT.COMPONENT"
            )))
        }
    };
    let v = Variant::load(&vid).map_err(CheckError::from)?;
    let a = v
        .analysis(&Params::new(), 16)
        .map_err(CheckError::from)?
        .ok_or_else(|| CheckError::Input(format!("{vid} has no transfer system")))?;
    let comp = a
        .components
        .iter()
        .find(|x| x.name == c)
        .ok_or_else(|| CheckError::Input(format!("{vid} has no component {c}")))?;
    let d = comp
        .dominant
        .as_ref()
        .ok_or_else(|| CheckError::Input(format!("{target} has no dominant root")))?;
    let (what, value) = if constant {
        (
            "the constant c of the dominant term c lambda^n",
            d.c_decimal.clone(),
        )
    } else {
        ("the dominant root", d.lambda.clone())
    };
    let lambda = value.trim_end_matches("...").to_string();
    let (p, _) = parse_printed(printed)
        .ok_or_else(|| CheckError::Input(format!("cannot read '{printed}'")))?;
    let (l, _) = parse_printed(&lambda)
        .ok_or_else(|| CheckError::Input(format!("cannot read lambda '{lambda}'")))?;
    let places = |t: &str| {
        t.trim()
            .trim_end_matches("...")
            .split_once('.')
            .map(|(_, f)| f.chars().filter(|c| c.is_ascii_digit()).count())
            .unwrap_or(0) as u32
    };
    let ulp = |k: u32| BigRational::new(BigInt::one(), BigInt::from(10).pow(k));
    let (pu, lu) = (ulp(places(printed)), ulp(places(&lambda)));
    // lambda lies within one unit of its last printed place; the printed digits stand for
    // [p, p + ulp) (truncation) or [p - ulp/2, p + ulp/2] (rounding).
    let (lo, hi) = (&l - &lu, &l + &lu);
    let half = &pu / BigRational::from_integer(2.into());
    let truncated = lo >= p && hi < &p + &pu;
    let rounded = lo >= &p - &half && hi <= &p + &half;
    let ties = if d.ties.is_empty() {
        String::new()
    } else {
        format!(" (ties: {})", d.ties.join(", "))
    };
    let certified = if d.certified {
        "certified"
    } else {
        "not certified"
    };
    Ok(if truncated || rounded {
        // With the printed constant matched to a certified algebraic value, the printed
        // digits (a finite statement) are shown; sampled ratios are only illustration.
        let verdict = if d.certified {
            VerdictKind::Holds
        } else {
            o.verdict
        };
        Verdict {
            verdict,
            detail: format!(
                "{}; printed {printed} = {what} of {target} from the derived matrix, {value} ({certified}; lambda = {}){ties}",
                o.detail, d.lambda
            ),
            range: if verdict == VerdictKind::Holds { None } else { o.range },
            reason: if verdict == VerdictKind::Holds { None } else { o.reason.clone() },
            ..o
        }
    } else {
        fails(
            format!(
                "{what} of {target} from the derived matrix is {value} ({certified}; lambda = {}){ties}, printed {printed}",
                d.lambda
            ),
            None,
            printed.into(),
            value,
        )
    })
}

/// Ratios as text per sample, and the enclosure at the last sample.
pub type Ratios = (Vec<String>, Option<(i64, Interval)>);

/// The ratio `target(n) / formula(n)` at each sample, certified to about 30 bits, as text,
/// and the enclosure at the last sample.
pub fn asymptotic_ratios(t: &TargetSeq, e: &Expr, samples: &[i64]) -> Result<Ratios, CheckError> {
    t.prepare_points(samples)?;
    let mut rows = vec![];
    let mut last = None;
    for &n in samples {
        let v = t.at(n)?;
        let vars = vars_for(n, &t.params);
        let f = evaluate_to(e, &vars, t.sequences(), 40).map_err(CheckError::from)?;
        let fi = f.interval(64);
        let vi = Interval::exact(BigRational::from_integer(v));
        let r = vi
            .div(&fi)
            .ok_or_else(|| CheckError::Input(format!("formula is 0 or undecided at n = {n}")))?;
        rows.push(if r.lo == r.hi {
            format!("n = {n}: {}", fixed(&r.lo, 8, Rounding::Floor))
        } else {
            format!(
                "n = {n}: [{}, {}]",
                fixed(&r.lo, 8, Rounding::Floor),
                fixed(&r.hi, 8, Rounding::Floor)
            )
        });
        last = Some((n, r));
    }
    Ok((rows, last))
}

/// Restates the failure of an asymptotic claim in its own terms: at the failing n, the
/// printed form divided by `per` against the target divided by `per` (both certified, shown
/// to 6 decimals), instead of the ratio of the two.
pub(crate) fn in_own_terms(
    f: &mut Failure,
    target: &str,
    formula: &str,
    per: &str,
    per_name: Option<&str>,
    params: &Params,
) -> Result<(), CheckError> {
    let Some(n) = f.n else { return Ok(()) };
    let t = TargetSeq::new(target, params, None)?;
    let vars = vars_for(n, params);
    let value = |text: &str| -> Result<Interval, CheckError> {
        let e = parse(text).map_err(CheckError::from)?;
        Ok(evaluate_to(&e, &vars, t.sequences(), 40)
            .map_err(CheckError::from)?
            .interval(96))
    };
    let d = value(per)?;
    let printed = value(formula)?
        .div(&d)
        .ok_or_else(|| CheckError::Input(format!("{per} is 0 at n = {n}")))?;
    let actual = Interval::exact(BigRational::from_integer(t.at(n)?))
        .div(&d)
        .ok_or_else(|| CheckError::Input(format!("{per} is 0 at n = {n}")))?;
    let mid = |i: &Interval| {
        fixed(
            &((&i.lo + &i.hi) / BigRational::from_integer(2.into())),
            6,
            Rounding::Floor,
        )
    };
    let name = per_name.unwrap_or("the value per unit");
    f.printed = format!("{name} {}", mid(&printed));
    f.actual = mid(&actual);
    Ok(())
}

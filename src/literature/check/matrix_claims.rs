//! Matrix claims: printed transfer matrices, characteristic polynomials and constants.

use super::*;

pub(crate) fn eval_entry(s: &str, params: &Params) -> Result<BigInt, CheckError> {
    let e = parse(s).map_err(|e| CheckError::from(e).context(format!("entry '{s}'")))?;
    let vars: Vec<(&str, Value)> = params
        .iter()
        .map(|(k, x)| (k.as_str(), Value::int(*x)))
        .collect();
    let v = evaluate(&e, &vars, &crate::literature::eval::NoSequences).map_err(CheckError::from)?;
    v.as_integer()
        .ok_or_else(|| CheckError::Input(format!("entry '{s}' is not an integer")))
}

pub(crate) fn derived_system(of: &str, params: &Params) -> Result<TransferSystem, CheckError> {
    let v = Variant::load(of).map_err(CheckError::from)?;
    v.transfer_system(params)
        .map_err(CheckError::from)?
        .ok_or_else(|| {
            CheckError::Input(format!(
                "{of} has no transfer system (some call is not on n-1 discs)"
            ))
        })
}

#[allow(clippy::too_many_arguments)]
pub(crate) fn check_matrix(
    of: &str,
    names: &[String],
    components: Option<&[String]>,
    matrix: &[Vec<String>],
    initial: &[String],
    initial_n: i64,
    from_n: i64,
    params: &Params,
) -> Result<Verdict, CheckError> {
    let k = names.len();
    let comps: Vec<String> = components.map(|c| c.to_vec()).unwrap_or(names.to_vec());
    if comps.len() != k {
        return Err(CheckError::Input(
            "components and names differ in length".into(),
        ));
    }
    if matrix.len() != k || matrix.iter().any(|r| r.len() != k) {
        let sizes: Vec<String> = matrix.iter().map(|r| r.len().to_string()).collect();
        return Ok(fails(
            format!(
                "the printed matrix is not {k} x {k} for the {k} printed components (rows: {}, row lengths: {})",
                matrix.len(),
                sizes.join(",")
            ),
            None,
            format!("{} rows", matrix.len()),
            format!("{k} x {k}"),
        ));
    }
    if initial.len() != k {
        return Ok(fails(
            format!(
                "the printed initial vector has {} entries but the printed s has {k} components ({})",
                initial.len(),
                names.join(", ")
            ),
            None,
            format!("{} entries", initial.len()),
            format!("{k} entries"),
        ));
    }
    let m: Vec<Vec<BigInt>> = matrix
        .iter()
        .map(|r| r.iter().map(|e| eval_entry(e, params)).collect())
        .collect::<Result<_, _>>()?;
    let s0: Vec<BigInt> = initial
        .iter()
        .map(|e| eval_entry(e, params))
        .collect::<Result<_, _>>()?;
    let sys = derived_system(of, params)?;
    let comp_refs: Vec<&str> = comps.iter().map(String::as_str).collect();
    // Entry comparison with the derived system, up to component order.
    let mut entry_notes = vec![];
    match sys.restrict(&comp_refs) {
        Some(r) => {
            for i in 0..k {
                for j in 0..k {
                    if r.matrix[i][j] != m[i][j] {
                        entry_notes.push(format!(
                            "M[{},{}] printed {} derived {}",
                            names[i], names[j], m[i][j], r.matrix[i][j]
                        ));
                    }
                }
            }
        }
        None => entry_notes.push(format!(
            "the derived system of {of} does not restrict to the printed components ({})",
            sys.names.join(", ")
        )),
    }
    // The printed initial vector against the derived counts at initial_n (a claim "for
    // n > 1" may print a virtual s(1), as Lunnon's Antwerp does).
    let mut initial_notes = vec![];
    if let Some(truth) = sys.state(initial_n.max(0) as u64) {
        for (i, c) in comp_refs.iter().enumerate() {
            if let Some(ix) = sys.index(c) {
                if truth[ix] != s0[i] {
                    initial_notes.push(format!(
                        "printed s({initial_n}) has {} = {}, the true count is {}",
                        names[i], s0[i], truth[ix]
                    ));
                }
            }
        }
    }
    // Sequence comparison: iterate the printed system and compare with the derived counts.
    // Both are linear systems (orders k and dim), so agreement on k + dim consecutive n
    // from `first` proves agreement for every n >= first (see `super::proof`).
    let first = from_n.max(initial_n).max(sys.first_n as i64);
    let last = first + 25.max((k + sys.names.len()) as i64);
    let mut s = s0.clone();
    let mut n = initial_n;
    let idx: Vec<Option<usize>> = comp_refs.iter().map(|c| sys.index(c)).collect();
    let mut checked = 0;
    while n <= last {
        if n >= first {
            let truth = sys
                .state(n as u64)
                .ok_or_else(|| CheckError::Internal("derived state unavailable".into()))?;
            for (i, ix) in idx.iter().enumerate() {
                let Some(ix) = ix else { continue };
                if truth[*ix] != s[i] {
                    let mut detail = format!(
                        "iterating the printed matrix from the printed s({initial_n}) gives {} = {} at n = {n}, the derived count is {}",
                        names[i], s[i], truth[*ix]
                    );
                    if !entry_notes.is_empty() || !initial_notes.is_empty() {
                        let all: Vec<String> =
                            entry_notes.iter().chain(&initial_notes).cloned().collect();
                        detail.push_str(&format!("; entries: {}", all.join("; ")));
                    }
                    return Ok(fails(
                        detail,
                        Some(n),
                        s[i].to_string(),
                        truth[*ix].to_string(),
                    ));
                }
                checked += 1;
            }
        }
        s = m
            .iter()
            .map(|row| row.iter().zip(&s).map(|(a, b)| a * b).sum())
            .collect();
        n += 1;
    }
    let _ = checked;
    let mut detail = format!(
        "the printed system gives the counts of {} for every n >= {first}: it agrees with the system derived from the program at n = {first}..{last}, and two linear systems of orders {k} and {} that agree on {} consecutive n agree for every n",
        names.join(", "),
        sys.names.len(),
        k + sys.names.len()
    );
    if entry_notes.is_empty() {
        detail.push_str("; every entry equals the derived matrix (up to component order)");
    } else {
        detail.push_str(&format!(
            "; differences from the derived system (same sequences from n = {first}): {}",
            entry_notes.join("; ")
        ));
    }
    if initial_notes.is_empty() {
        return Ok(proved(detail, first));
    }
    // Otherwise initial_n < from_n (an initial mismatch at n >= from_n fails in the loop
    // above): the claim speaks of n >= from_n only, and a printed s(initial_n) that is not
    // the counts there is a virtual start vector, which the claim allows.
    Ok(proved(
        format!(
            "{detail}; the printed s({initial_n}) is a virtual start ({}), which the claim (for n >= {from_n}) allows",
            initial_notes.join("; ")
        ),
        first,
    ))
}

pub(crate) fn poly_text(p: &[BigRational]) -> Vec<String> {
    p.iter().map(|c| c.to_string()).collect()
}

pub(crate) fn check_charpoly(
    of: &str,
    components: &[String],
    polynomial: &str,
    factored: Option<&str>,
    params: &Params,
) -> Result<Verdict, CheckError> {
    let p =
        to_poly(&parse(polynomial).map_err(CheckError::from)?, "E").map_err(CheckError::Input)?;
    let recorded = Some(poly_text(&p));
    let with_poly = |mut o: Verdict| {
        o.polynomial = recorded.clone();
        o
    };
    if let Some(f) = factored {
        let q = to_poly(&parse(f).map_err(CheckError::from)?, "E").map_err(CheckError::Input)?;
        if q != p {
            return Ok(with_poly(fails(
                format!("the printed factorisation {f} does not expand to the printed polynomial"),
                None,
                poly_text(&q).join(","),
                poly_text(&p).join(","),
            )));
        }
    }
    let sys = derived_system(of, params)?;
    let deg = p.len().saturating_sub(1);
    let start = sys.first_n as u64;
    // p(E) s is annihilated by the derived characteristic polynomial (order dim): zero on
    // dim consecutive n means zero for every n >= first_n.
    let count = deg as u64 + 30.max(sys.names.len() as u64);
    let states: Vec<Vec<BigInt>> = (start..start + count)
        .map(|n| {
            sys.state(n)
                .ok_or_else(|| CheckError::Internal("derived state unavailable".into()))
        })
        .collect::<Result<_, _>>()?;
    for c in components {
        let ix = sys
            .index(c)
            .ok_or_else(|| CheckError::Input(format!("{of} has no component {c}")))?;
        for n0 in 0..(count as usize - deg) {
            let mut acc = BigRational::zero();
            for (i, coef) in p.iter().enumerate() {
                acc += coef * BigRational::from_integer(states[n0 + i][ix].clone());
            }
            if !acc.is_zero() {
                return Ok(with_poly(fails(
                    format!(
                        "p(E) applied to {c} at n = {} gives {acc}, not 0",
                        start + n0 as u64
                    ),
                    Some((start + n0 as u64) as i64),
                    "0".into(),
                    acc.to_string(),
                )));
            }
        }
    }
    let relation = charpoly_relation(of, components, &p, params)?;
    Ok(with_poly(proved(format!(
        "annihilates {} for every n >= {start} (exact at n = {start}..{}, which suffices: p(E) applied to a component satisfies the derived {}-term recurrence){}; {relation}",
        components.join(", "),
        start + count - 1,
        sys.names.len(),
        if factored.is_some() {
            "; the printed factorisation expands to it"
        } else {
            ""
        }
    ), start as i64)))
}

/// `q` in `E`, factored over the integers (`1` for a constant 1).
pub(crate) fn factored_text(q: &crate::algebra::Poly) -> String {
    match crate::algebra::factor(q) {
        Ok(f) if q.degree() != Some(0) => f.to_string_in("E"),
        _ => q.to_string_in("E"),
    }
}

/// The exact relation of the printed polynomial `p` (rational coefficients, degree 0 first)
/// to the true characteristic polynomial of the derived matrix of `of` and to the minimal
/// recurrences of the named components (from [`Variant::analysis`]).
pub(crate) fn charpoly_relation(
    of: &str,
    components: &[String],
    p: &[BigRational],
    params: &Params,
) -> Result<String, CheckError> {
    use crate::algebra::Poly;
    if p.iter().any(|c| !c.is_integer()) {
        return Ok("the printed polynomial has non-integer coefficients".into());
    }
    let printed = Poly::new(p.iter().map(|c| c.to_integer()).collect());
    let v = Variant::load(of).map_err(CheckError::from)?;
    let a = v
        .analysis(params, 12)
        .map_err(CheckError::from)?
        .ok_or_else(|| CheckError::Input(format!("{of} has no transfer system")))?;
    let dim = a.names.len();
    let mut out = vec![];
    // The components' minimal recurrences.
    let mut equal = vec![];
    // Relation text -> the components it applies to, in order.
    let mut multiple: Vec<(String, Vec<String>)> = vec![];
    let mut add = |text: String, c: &String| match multiple.iter_mut().find(|m| m.0 == text) {
        Some(m) => m.1.push(c.clone()),
        None => multiple.push((text, vec![c.clone()])),
    };
    for c in components {
        let comp = a
            .components
            .iter()
            .find(|x| &x.name == c)
            .ok_or_else(|| CheckError::Input(format!("{of} has no component {c}")))?;
        let r = comp.recurrence.poly();
        if *r == printed {
            equal.push(c.clone());
        } else if let Some(q) = printed.checked_div_exact(r) {
            add(
                format!(
                    "minimal recurrence {} = printed / ({})",
                    factored_text(r),
                    factored_text(&q)
                ),
                c,
            );
        } else {
            add(
                format!(
                    "minimal recurrence {} (does not divide printed)",
                    factored_text(r)
                ),
                c,
            );
        }
    }
    if !equal.is_empty() {
        out.push(format!(
            "printed = the minimal recurrence of {}",
            equal.join(", ")
        ));
    }
    out.extend(
        multiple
            .into_iter()
            .map(|(text, cs)| format!("{}: {text}", cs.join(", "))),
    );
    // The characteristic polynomial of the derived matrix.
    let cp = &a.charpoly;
    if *cp == printed {
        out.push(format!(
            "printed = the characteristic polynomial of the derived {dim}x{dim} matrix"
        ));
    } else if let Some(q) = cp.checked_div_exact(&printed) {
        out.push(format!(
            "the characteristic polynomial of the derived {dim}x{dim} matrix is {} x printed",
            factored_text(&q)
        ));
    } else {
        out.push(format!(
            "printed does not divide the characteristic polynomial of the derived {dim}x{dim} matrix, {}",
            factored_text(cp)
        ));
    }
    if a.minimal_polynomial == printed && *cp != printed {
        out.push("printed = the minimal polynomial of the derived matrix".to_string());
    }
    Ok(out.join("; "))
}

pub(crate) fn check_constant(expression: &str, printed: &str) -> Result<Verdict, CheckError> {
    let (p, dots) = parse_printed(printed)
        .ok_or_else(|| CheckError::Input(format!("cannot read '{printed}'")))?;
    let e = parse(expression).map_err(CheckError::from)?;
    let v = evaluate_to(&e, &[], &crate::literature::eval::NoSequences, 80)
        .map_err(CheckError::from)?;
    // Number of printed decimals.
    let digits = printed
        .trim()
        .trim_end_matches("...")
        .split_once('.')
        .map(|(_, f)| f.chars().filter(|c| c.is_ascii_digit()).count())
        .unwrap_or(0) as u32;
    let ulp = BigRational::new(BigInt::one(), BigInt::from(10).pow(digits));
    if let Some(q) = v.as_rational() {
        if !dots && digits == 0 {
            return Ok(if *q == p {
                holds(format!("{expression} = {q} exactly"))
            } else {
                fails(
                    format!("{expression} = {q}, printed {printed}"),
                    None,
                    printed.into(),
                    q.to_string(),
                )
            });
        }
    }
    let i = v.interval(96);
    let shown = fixed(&i.lo, digits + 6, Rounding::Floor);
    let neg = p.is_negative();
    // Truncation: the value lies in [p, p + ulp) (towards zero for negatives).
    let (tlo, thi) = if neg {
        (&p - &ulp, p.clone())
    } else {
        (p.clone(), &p + &ulp)
    };
    let truncated = i.lo >= tlo && i.hi <= thi;
    let half = &ulp / BigRational::from_integer(2.into());
    let rounded = i.lo >= &p - &half && i.hi <= &p + &half;
    Ok(if truncated && rounded {
        holds(format!("{expression} = {shown}...: the printed digits are both its truncation and its rounding"))
    } else if truncated {
        holds(format!(
            "{expression} = {shown}...: the printed digits are its truncation"
        ))
    } else if rounded {
        holds(format!(
            "{expression} = {shown}...: the printed digits are its rounding{}",
            if dots {
                " (not a truncation, although printed with '...')"
            } else {
                ""
            }
        ))
    } else {
        fails(
            format!("{expression} = {shown}..., printed {printed}"),
            None,
            printed.into(),
            shown,
        )
    })
}

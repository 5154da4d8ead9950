//! Search claims: minima, numbers of minimal move sequences and optimality, by breadth-first
//! search within [`crate::facts::SearchBudget::CLAIMS`].

use super::*;

/// `1..7` for consecutive n, else a list.
pub(crate) fn show_ns(ns: &[i64]) -> String {
    match ns {
        [] => "none".into(),
        [a] => a.to_string(),
        [a, .., b] if b - a + 1 == ns.len() as i64 => format!("{a}..{b}"),
        _ => ns
            .iter()
            .map(|n| n.to_string())
            .collect::<Vec<_>>()
            .join(", "),
    }
}

/// A search claim (see the module documentation for the budget and the policy).
pub(crate) fn check_search(
    target: &str,
    minima: &[(i64, String)],
    counts: &[(i64, String)],
    optimal: Option<&str>,
    params: &Params,
) -> Result<Verdict, String> {
    use crate::facts::SearchBudget;
    use crate::search::{search, state_bound};
    use std::collections::BTreeSet;
    let (vid, f) = target
        .split_once('.')
        .ok_or_else(|| format!("search target {target}: expected VARIANT.FUNCTION"))?;
    let v = Variant::load(vid).map_err(|e| e.to_string())?;
    let range = optimal.map(parse_range).transpose()?;
    let mut ns: BTreeSet<i64> = minima.iter().chain(counts).map(|r| r.0).collect();
    if let Some((a, b)) = range {
        ns.extend(a..=b);
    }
    let mut searched = vec![];
    let mut beyond: Vec<(i64, String)> = vec![];
    let mut counted = vec![];
    let mut count_beyond: Vec<(i64, String)> = vec![];
    let mut parts: Vec<String> = vec![];
    let mut failure: Option<(i64, String, String, String)> = None;
    for &n in &ns {
        let puzzle = v.puzzle(f, n, params).map_err(|e| e.to_string())?;
        let want_count = counts.iter().any(|r| r.0 == n);
        let opts = match SearchBudget::CLAIMS.plan(&puzzle, want_count) {
            Ok(opts) => opts,
            Err(why) => {
                beyond.push((n, why.to_string()));
                continue;
            }
        };
        let count = opts.count;
        if want_count && !count {
            count_beyond.push((
                n,
                state_bound(&puzzle).map_or(String::new(), |s| format!("{s} indices")),
            ));
        }
        let r = search(&puzzle, &opts).map_err(|e| format!("search at n = {n}: {e}"))?;
        searched.push(n);
        let min = r
            .minimum
            .map(|m| m.to_string())
            .unwrap_or_else(|| "unreachable".into());
        let mut fail = |what: &str, printed: &str, actual: &str| {
            if failure.is_none() {
                failure = Some((n, what.to_string(), printed.to_string(), actual.to_string()));
            }
        };
        if let Some((_, p)) = minima.iter().find(|r| r.0 == n) {
            let ok = printed_integer(p)
                .map(|p| Some(p) == r.minimum.map(BigInt::from))
                .unwrap_or(false);
            if !ok {
                fail("the minimum", p, &min);
            }
        }
        if count {
            counted.push(n);
            let c = r
                .optimal_solutions
                .clone()
                .map(|c| c.to_string())
                .unwrap_or_else(|| "0".into());
            if let Some((_, p)) = counts.iter().find(|r| r.0 == n) {
                if printed_integer(p).map(|p| p.to_string()) != Ok(c.clone()) {
                    fail("the number of minimal move sequences", p, &c);
                }
            }
        }
        if range.is_some_and(|(a, b)| (a..=b).contains(&n)) {
            let alg = v.count(f, n, params).map_err(|e| e.to_string())?;
            if Some(&alg) != r.minimum.map(BigInt::from).as_ref() {
                fail(&format!("{target} (the algorithm)"), &alg.to_string(), &min);
            }
        }
    }
    let list = |rows: &[(i64, String)]| -> Vec<String> {
        rows.iter()
            .filter(|r| searched.contains(&r.0))
            .map(|r| r.1.clone())
            .collect()
    };
    if !minima.is_empty() {
        let ns: Vec<i64> = minima
            .iter()
            .map(|r| r.0)
            .filter(|n| searched.contains(n))
            .collect();
        parts.push(format!(
            "minima {} (n = {}) as printed",
            list(minima).join(", "),
            show_ns(&ns)
        ));
    }
    if !counts.is_empty() && !counted.is_empty() {
        let rows: Vec<(i64, String)> = counts
            .iter()
            .filter(|r| counted.contains(&r.0))
            .cloned()
            .collect();
        parts.push(format!(
            "minimal move sequences {} (n = {}) as printed",
            rows.iter()
                .map(|r| r.1.clone())
                .collect::<Vec<_>>()
                .join(", "),
            show_ns(&counted)
        ));
    }
    if let Some((a, b)) = range {
        let ns: Vec<i64> = searched
            .iter()
            .copied()
            .filter(|n| (a..=b).contains(n))
            .collect();
        parts.push(format!(
            "{target} equals the search optimum for n = {}",
            show_ns(&ns)
        ));
    }
    let mut budget = String::new();
    if !beyond.is_empty() {
        let ns: Vec<i64> = beyond.iter().map(|r| r.0).collect();
        budget += &format!(
            "; n = {} beyond this run (budget: dense index space <= 2^20; n = {}: {})",
            show_ns(&ns),
            beyond[0].0,
            beyond[0].1
        );
    }
    if !count_beyond.is_empty() {
        budget += &format!(
            "; minimal move sequences not counted for n = {} (over 2^18 indices: {})",
            show_ns(&count_beyond.iter().map(|r| r.0).collect::<Vec<_>>()),
            count_beyond
                .iter()
                .map(|(n, s)| format!("n = {n}: {s}"))
                .collect::<Vec<_>>()
                .join(", ")
        );
    }
    if let Some((n, what, printed, actual)) = failure {
        return Ok(fails(
            format!("search refutes it first at n = {n}: {what} is printed/claimed {printed}, search finds {actual}{budget}"),
            Some(n),
            printed,
            actual,
        ));
    }
    if searched.is_empty() {
        return Ok(unverifiable(format!(
            "beyond the search budget of this run{budget}"
        )));
    }
    let detail = format!(
        "checked n = {} by search: {}{budget}",
        show_ns(&searched),
        parts.join("; ")
    );
    let (lo, hi) = (searched[0], searched[searched.len() - 1]);
    if range.is_some() {
        let last = beyond.first().map(|r| r.0);
        return Ok(holds_in_range(
            detail,
            lo,
            hi,
            match last {
                Some(n) => format!("optimality is claimed for every n; exhaustive search stops at the budget (n = {n} needs {})", beyond[0].1),
                None => "optimality is claimed for every n; exhaustive search decides finitely many".to_string(),
            },
        ));
    }
    if !beyond.is_empty() || !count_beyond.is_empty() {
        return Ok(holds_in_range(
            detail,
            lo,
            hi,
            "some printed rows are beyond the search budget of this run",
        ));
    }
    Ok(holds(detail))
}

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

/// What one n of a search claim showed, gathered before the verdict is worded.
#[derive(Default)]
struct SearchTally {
    searched: Vec<i64>,
    beyond: Vec<(i64, String)>,
    counted: Vec<i64>,
    count_beyond: Vec<(i64, String)>,
    symmetric: Vec<i64>,
    played: Vec<i64>,
    bounded: Vec<i64>,
    failure: Option<(i64, String, String, String)>,
}

impl SearchTally {
    fn fail(&mut self, n: i64, what: &str, printed: &str, actual: &str) {
        if self.failure.is_none() {
            self.failure = Some((n, what.to_string(), printed.to_string(), actual.to_string()));
        }
    }
}

fn printed_matches(p: &str, actual: &BigInt) -> bool {
    printed_integer(p).is_ok_and(|p| &p == actual)
}

/// A search claim (see the module documentation for the budget and the policy).
pub(crate) fn check_search(c: &SearchClaim) -> Result<Verdict, String> {
    use crate::facts::SearchBudget;
    use crate::search::{search, state_bound, symmetric_minimal_solutions};
    use crate::variants::alternatives::{run_alternative, ALTERNATIVE_MAX_N};
    use std::collections::BTreeSet;
    let target = c.target.as_str();
    let params = &c.params;
    let (vid, f) = target
        .split_once('.')
        .ok_or_else(|| format!("search target {target}: expected VARIANT.FUNCTION"))?;
    let v = Variant::load(vid).map_err(|e| e.to_string())?;
    let range = c.optimal.as_deref().map(parse_range).transpose()?;
    let bound_range = c.bound_n.as_deref().map(parse_range).transpose()?;
    let bound = match (&c.lower_bound, bound_range) {
        (Some(b), Some(_)) => Some(parse(b).map_err(|e| e.to_string())?),
        (None, None) => None,
        _ => return Err("lower_bound and bound_n go together".into()),
    };
    if !c.symmetric.is_empty() && c.mirror.is_none() {
        return Err("symmetric counts need a mirror (a pin permutation)".into());
    }
    if !c.moves.is_empty() && c.algorithm.is_none() {
        return Err("printed moves of an algorithm need its name (algorithm = ...)".into());
    }
    let seqs = bound
        .as_ref()
        .map(|_| TargetSeq::new(target, params, None))
        .transpose()?;
    let rows = [&c.minima, &c.counts, &c.symmetric, &c.moves];
    let mut ns: BTreeSet<i64> = rows.iter().flat_map(|r| r.iter().map(|r| r.0)).collect();
    ns.extend(range.into_iter().flat_map(|(a, b)| a..=b));
    ns.extend(bound_range.into_iter().flat_map(|(a, b)| a..=b));
    let algorithm_name = match &c.algorithm {
        Some(a) => format!("the {a} algorithm"),
        None => format!("{target} (the algorithm)"),
    };
    let equals_name = match &c.algorithm {
        Some(a) => format!("the {a} algorithm"),
        None => target.to_string(),
    };
    let mut t = SearchTally::default();
    for &n in &ns {
        let puzzle = v.puzzle(f, n, params).map_err(|e| e.to_string())?;
        let want_count = c.counts.iter().any(|r| r.0 == n);
        // Past the first n beyond the budget every larger n is too (the states grow with n).
        if let Some((m, why)) = t.beyond.first().filter(|(m, _)| *m < n).cloned() {
            t.beyond.push((n, format!("as n = {m}: {why}")));
            continue;
        }
        let opts = match SearchBudget::CLAIMS.plan(&puzzle, want_count) {
            Ok(opts) => opts,
            Err(why) => {
                t.beyond.push((n, why.to_string()));
                continue;
            }
        };
        let count = opts.count;
        if want_count && !count {
            t.count_beyond.push((
                n,
                state_bound(&puzzle).map_or(String::new(), |s| format!("{s} indices")),
            ));
        }
        let r = match search(&puzzle, &opts) {
            Ok(r) => r,
            Err(crate::search::SearchError::MemoryLimit { limit, .. }) => {
                t.beyond.push((
                    n,
                    format!(
                        "its states outgrew the checker's memory limit of {} MiB",
                        limit >> 20
                    ),
                ));
                continue;
            }
            Err(e) => return Err(format!("search at n = {n}: {e}")),
        };
        t.searched.push(n);
        let minimum = r.minimum.map(BigInt::from);
        let min = minimum
            .as_ref()
            .map_or_else(|| "unreachable".to_string(), |m| m.to_string());
        if let Some((_, p)) = c.minima.iter().find(|r| r.0 == n) {
            if !minimum.as_ref().is_some_and(|m| printed_matches(p, m)) {
                t.fail(n, "the minimum", p, &min);
            }
        }
        if count {
            t.counted.push(n);
            let k = r.optimal_solutions.clone().unwrap_or_default();
            if let Some((_, p)) = c.counts.iter().find(|r| r.0 == n) {
                if !printed_matches(p, &k) {
                    t.fail(n, "the number of minimal move sequences", p, &k.to_string());
                }
            }
        }
        if let (Some((_, p)), Some(mirror)) = (c.symmetric.iter().find(|r| r.0 == n), &c.mirror) {
            let s = symmetric_minimal_solutions(
                &puzzle,
                mirror,
                SearchBudget::CLAIMS.count_states as usize,
            )
            .map_err(|e| format!("symmetric sequences at n = {n}: {e}"))?;
            t.symmetric.push(n);
            if !printed_matches(p, &s.symmetric) {
                t.fail(
                    n,
                    "the number of symmetric minimal move sequences",
                    p,
                    &s.symmetric.to_string(),
                );
            }
        }
        let in_range = range.is_some_and(|(a, b)| (a..=b).contains(&n));
        let printed_moves = c.moves.iter().find(|r| r.0 == n);
        if in_range || printed_moves.is_some() {
            let alg = match &c.algorithm {
                Some(name) => {
                    if n < 0 || n as u64 > ALTERNATIVE_MAX_N {
                        return Err(format!(
                            "the {name} algorithm is played for n <= {ALTERNATIVE_MAX_N} only"
                        ));
                    }
                    let run = run_alternative(&v, f, n as u64, params, name)
                        .map_err(|e| e.to_string())?;
                    t.played.push(n);
                    BigInt::from(run.report.moves)
                }
                None => v.count(f, n, params).map_err(|e| e.to_string())?,
            };
            if let Some((_, p)) = printed_moves {
                if !printed_matches(p, &alg) {
                    t.fail(
                        n,
                        &format!("the moves of {algorithm_name}"),
                        p,
                        &alg.to_string(),
                    );
                }
            }
            if in_range && Some(&alg) != minimum.as_ref() {
                t.fail(n, &algorithm_name, &alg.to_string(), &min);
            }
        }
        if let (Some(e), Some(seqs), Some((a, b))) = (&bound, &seqs, bound_range) {
            if (a..=b).contains(&n) {
                let vars = vars_for(n, params);
                let fv = evaluate(e, &vars, seqs.sequences()).map_err(|e| e.to_string())?;
                t.bounded.push(n);
                let ok = minimum
                    .as_ref()
                    .map(|m| sign_of_difference(m, &fv))
                    .transpose()?
                    .is_none_or(|o| o != Ordering::Less);
                if !ok {
                    t.fail(n, "the optimum (lower bound)", &show_value(&fv), &min);
                }
            }
        }
    }
    Ok(search_verdict(
        c,
        range,
        bound_range,
        (&algorithm_name, &equals_name),
        t,
    ))
}

fn search_verdict(
    c: &SearchClaim,
    range: Option<(i64, i64)>,
    bound_range: Option<(i64, i64)>,
    (algorithm_name, equals_name): (&str, &str),
    t: SearchTally,
) -> Verdict {
    let searched = &t.searched;
    let list = |rows: &[(i64, String)], done: &[i64]| -> (Vec<String>, Vec<i64>) {
        rows.iter()
            .filter(|r| done.contains(&r.0))
            .map(|r| (r.1.clone(), r.0))
            .unzip()
    };
    let mut parts: Vec<String> = vec![];
    for (rows, done, what) in [
        (&c.minima, searched, "minima"),
        (&c.counts, &t.counted, "minimal move sequences"),
        (
            &c.symmetric,
            &t.symmetric,
            "symmetric minimal move sequences",
        ),
    ] {
        let (values, ns) = list(rows, done);
        if !ns.is_empty() {
            parts.push(format!(
                "{what} {} (n = {}) as printed",
                values.join(", "),
                show_ns(&ns)
            ));
        }
    }
    let (values, ns) = list(&c.moves, &t.played);
    if !ns.is_empty() {
        parts.push(format!(
            "{algorithm_name} makes {} moves (n = {}; played under the rules, every move checked) as printed",
            values.join(", "),
            show_ns(&ns)
        ));
    }
    if let Some((a, b)) = range {
        let ns: Vec<i64> = searched
            .iter()
            .copied()
            .filter(|n| (a..=b).contains(n))
            .collect();
        parts.push(format!(
            "{equals_name} equals the search optimum for n = {}",
            show_ns(&ns)
        ));
    }
    if let Some(b) = &c.lower_bound {
        parts.push(format!(
            "the optimum is at least {b} for n = {}",
            show_ns(&t.bounded)
        ));
    }
    let mut budget = String::new();
    if !t.beyond.is_empty() {
        let ns: Vec<i64> = t.beyond.iter().map(|r| r.0).collect();
        budget += &format!(
            "; n = {} beyond this run (budget: dense index space <= 2^20; n = {}: {})",
            show_ns(&ns),
            t.beyond[0].0,
            t.beyond[0].1
        );
    }
    if !t.count_beyond.is_empty() {
        budget += &format!(
            "; minimal move sequences not counted for n = {} (over 2^18 indices: {})",
            show_ns(&t.count_beyond.iter().map(|r| r.0).collect::<Vec<_>>()),
            t.count_beyond
                .iter()
                .map(|(n, s)| format!("n = {n}: {s}"))
                .collect::<Vec<_>>()
                .join(", ")
        );
    }
    if let Some((n, what, printed, actual)) = t.failure {
        return fails(
            format!("search refutes it first at n = {n}: {what} is printed/claimed {printed}, search finds {actual}{budget}"),
            Some(n),
            printed,
            actual,
        );
    }
    if searched.is_empty() {
        return unverifiable(format!("beyond the search budget of this run{budget}"));
    }
    let detail = format!(
        "checked n = {} by search: {}{budget}",
        show_ns(searched),
        parts.join("; ")
    );
    let (lo, hi) = (searched[0], searched[searched.len() - 1]);
    let every_n = (range.is_some() && !c.only) || bound_range.is_some();
    if every_n {
        let last = t.beyond.first().map(|r| r.0);
        let what = if range.is_some() && !c.only {
            "optimality is claimed for every n"
        } else {
            "the bound is claimed for every n"
        };
        return holds_in_range(
            detail,
            lo,
            hi,
            match last {
                Some(n) => format!(
                    "{what}; exhaustive search stops at the budget (n = {n} needs {})",
                    t.beyond[0].1
                ),
                None => format!("{what}; exhaustive search decides finitely many"),
            },
        );
    }
    if !t.beyond.is_empty() || !t.count_beyond.is_empty() {
        return holds_in_range(
            detail,
            lo,
            hi,
            "some printed rows are beyond the search budget of this run",
        );
    }
    holds(detail)
}

/// Largest state graph a longest-path claim builds.
pub(crate) const LONGEST_MAX_STATES: usize = 300;
/// Largest search tree a longest-path claim walks.
pub(crate) const LONGEST_MAX_NODES: u64 = 2_000_000;

/// A longest-path claim: exhaustive longest cycle-free solutions for each n of the range,
/// until the first n beyond the budget.
pub(crate) fn check_longest(c: &LongestClaim) -> Result<Verdict, String> {
    use crate::search::longest_solutions;
    let target = c.target.as_str();
    let params = &c.params;
    let (vid, f) = target
        .split_once('.')
        .ok_or_else(|| format!("longest target {target}: expected VARIANT.FUNCTION"))?;
    let v = Variant::load(vid).map_err(|e| e.to_string())?;
    let (a, b) = parse_range(&c.n)?;
    let states = c
        .states
        .as_deref()
        .map(|s| parse(s).map_err(|e| e.to_string()))
        .transpose()?;
    let seqs = TargetSeq::new(target, params, None)?;
    let mut checked = vec![];
    let mut beyond: Option<(i64, String)> = None;
    let mut t = SearchTally::default();
    for n in a..=b {
        let puzzle = v.puzzle(f, n, params).map_err(|e| e.to_string())?;
        let r = match longest_solutions(&puzzle, LONGEST_MAX_STATES, LONGEST_MAX_NODES) {
            Ok(r) => r,
            Err(crate::search::LongestError::Graph(_)) => {
                beyond = Some((n, format!("more than {LONGEST_MAX_STATES} configurations")));
                break;
            }
            Err(e) => {
                beyond = Some((n, e.to_string()));
                break;
            }
        };
        checked.push(n);
        let alg = v.count(f, n, params).map_err(|e| e.to_string())?;
        let length = r.length.map(BigInt::from);
        let shown = length
            .as_ref()
            .map_or_else(|| "unreachable".to_string(), |l| l.to_string());
        if length.as_ref() != Some(&alg) {
            t.fail(
                n,
                &format!("the longest cycle-free solution (claimed: {target})"),
                &alg.to_string(),
                &shown,
            );
        }
        if c.unique {
            if r.count != 1 {
                t.fail(
                    n,
                    "the number of longest cycle-free solutions",
                    "1",
                    &r.count.to_string(),
                );
            } else {
                let program: Vec<_> = v.moves(f, n, params).map_err(|e| e.to_string())?.collect();
                if program != r.witness {
                    t.fail(
                        n,
                        "the unique longest solution",
                        &format!("{target}'s moves"),
                        "another sequence",
                    );
                }
            }
        }
        if let Some(p) = &c.solutions {
            if !printed_matches(p, &BigInt::from(r.count)) {
                t.fail(
                    n,
                    "the number of longest cycle-free solutions",
                    p,
                    &r.count.to_string(),
                );
            }
        }
        if let Some(e) = &states {
            let fv =
                evaluate(e, &vars_for(n, params), seqs.sequences()).map_err(|e| e.to_string())?;
            if sign_of_difference(&BigInt::from(r.states), &fv)? != Ordering::Equal {
                t.fail(
                    n,
                    "the number of configurations",
                    &show_value(&fv),
                    &r.states.to_string(),
                );
            }
        }
    }
    if let Some((n, what, printed, actual)) = t.failure {
        return Ok(fails(
            format!("exhaustive longest-path search refutes it first at n = {n}: {what} is printed/claimed {printed}, the search finds {actual}"),
            Some(n),
            printed,
            actual,
        ));
    }
    let Some(&last) = checked.last() else {
        return Ok(unverifiable(format!(
            "beyond the longest-path search budget at n = {a}: {}",
            beyond.map_or(String::new(), |b| b.1)
        )));
    };
    let mut what = vec![format!(
        "the longest cycle-free solution has {target} moves"
    )];
    if c.unique {
        what.push(format!("it is unique and it is {target}'s"));
    }
    if let Some(p) = &c.solutions {
        what.push(format!("there are {p} of that length"));
    }
    if let Some(s) = &c.states {
        what.push(format!("the puzzle has {s} configurations"));
    }
    let detail = format!(
        "exhaustive longest-path search (depth-first over the whole state graph, every configuration at most once) for n = {a}..{last}: {}",
        what.join("; ")
    );
    let reason = match beyond {
        Some((n, why)) => format!(
            "longest simple paths have no known polynomial algorithm; the search stops at n = {n} ({why})"
        ),
        None => format!("the claim speaks of every n; exhaustive search decides n = {a}..{b}"),
    };
    Ok(holds_in_range(detail, a, last, reason))
}

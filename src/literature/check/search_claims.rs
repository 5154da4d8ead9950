//! Search claims: minima, numbers of minimal move sequences and optimality, by breadth-first
//! search within [`crate::facts::SearchBudget::CLAIMS`].

use super::*;
use crate::facts::Shared;

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
    /// The searched n whose minimum is a recorded long run's (`data/records/`).
    recorded: Vec<i64>,
    beyond: Vec<(i64, String)>,
    counted: Vec<i64>,
    count_beyond: Vec<(i64, String)>,
    symmetric: Vec<i64>,
    played: Vec<i64>,
    bounded: Vec<i64>,
    failure: Option<(i64, String, String, String)>,
}

impl SearchTally {
    /// Records the first failure; `what` is worded "`what` PRINTED, the search finds ACTUAL"
    /// unless it places the two values itself (`{P}`, `{A}`).
    fn fail(&mut self, n: i64, what: &str, printed: &str, actual: &str) {
        if self.failure.is_none() {
            let message = if what.contains("{P}") {
                what.replace("{P}", printed).replace("{A}", actual)
            } else {
                format!("{what} {printed}, the search finds {actual}")
            };
            self.failure = Some((n, message, printed.to_string(), actual.to_string()));
        }
    }
}

/// Whether a printed value is `actual`; a value printed with a question mark (`?160`, the
/// author's doubt) is compared by its number.
fn printed_matches(p: &str, actual: &BigInt) -> bool {
    printed_integer(p.trim_start_matches('?')).is_ok_and(|p| &p == actual)
}

/// What one breadth-first search of a claim showed, kept for the other claims about the
/// same puzzle (several claims search the same function at the same n).
#[derive(Clone)]
struct Searched {
    minimum: Option<u64>,
    optimal_solutions: Option<BigInt>,
}

/// The search of `puzzle` (the function `target` at `n`), once per process (the shared
/// [`crate::facts::cached_search`]): `Err(limit)` when its states outgrew the memory limit.
fn cached_search(
    n: i64,
    puzzle: &crate::puzzle::Puzzle,
    opts: &crate::search::SearchOptions<'static>,
) -> Result<Result<Searched, u64>, CheckError> {
    match crate::facts::cached_search(puzzle, opts) {
        Ok(r) => Ok(Ok(Searched {
            minimum: r.minimum,
            optimal_solutions: r.optimal_solutions,
        })),
        Err(crate::search::SearchError::MemoryLimit { limit, .. }) => Ok(Err(limit)),
        Err(e) => Err(CheckError::from(e).context(format!("search at n = {n}"))),
    }
}

/// The start configuration of `puzzle` with the discs of pin `i` moved to pin `perm[i]`
/// (colours travel with their discs).
fn permuted_start(
    puzzle: &crate::puzzle::Puzzle,
    perm: &[usize],
) -> Result<crate::puzzle::Config, CheckError> {
    let mut sorted = perm.to_vec();
    sorted.sort_unstable();
    if sorted != (0..puzzle.pins).collect::<Vec<_>>() {
        return Err(CheckError::Input(format!(
            "goal_from_start = {perm:?} is not a permutation of the {} pins",
            puzzle.pins
        )));
    }
    let mut goal = puzzle.start.clone();
    for (i, &to) in perm.iter().enumerate() {
        goal.pins[to] = puzzle.start.pins[i].clone();
    }
    Ok(goal)
}

/// A search claim (see the module documentation for the budget and the policy).
pub(crate) fn check_search(
    c: &SearchClaim,
    res: &super::ClaimResources,
) -> Result<Verdict, CheckError> {
    use crate::facts::SearchBudget;
    use crate::search::{state_bound, symmetric_minimal_solutions};
    use crate::variants::alternatives::{run_alternative, ALTERNATIVE_MAX_N};
    use std::collections::BTreeSet;
    let target = c.target.as_str();
    let params = &c.params;
    let (vid, f) = variant_function("search", target)?;
    let f = f.as_str();
    let v = Variant::load(&vid).map_err(CheckError::from)?;
    let range = c.optimal.as_deref().map(parse_range).transpose()?;
    let bound_range = c.bound_n.as_deref().map(parse_range).transpose()?;
    let bound = match (&c.lower_bound, bound_range) {
        (Some(b), Some(_)) => Some(parse(b).map_err(CheckError::from)?),
        (None, None) => None,
        _ => {
            return Err(CheckError::Input(
                "lower_bound and bound_n go together".into(),
            ))
        }
    };
    if !c.symmetric.is_empty() && c.mirror.is_none() {
        return Err(CheckError::Input(
            "symmetric counts need a mirror (a pin permutation)".into(),
        ));
    }
    if !c.moves.is_empty() && c.algorithm.is_none() {
        return Err(CheckError::Input(
            "printed moves of an algorithm need its name (algorithm = ...)".into(),
        ));
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
    // Searches of another goal than the function's: no recorded run applies.
    let recorded = match &c.goal_from_start {
        None => res.minima(&v, f, params)?,
        Some(_) => vec![],
    };
    let budget = match c.memory_mib {
        Some(m) => SearchBudget {
            generic_memory: Some((m << 20).max(res.budget.generic_memory.unwrap_or(0))),
            ..res.budget
        },
        None => res.budget,
    };
    for &n in &ns {
        // A claim is refuted by its first failing n: the larger n add nothing to the verdict.
        if t.failure.is_some() {
            break;
        }
        let mut puzzle = v.puzzle(f, n, params).map_err(CheckError::from)?;
        if let Some(p) = &c.goal_from_start {
            puzzle.goal = permuted_start(&puzzle, p)?;
        }
        let want_count = c.counts.iter().any(|r| r.0 == n);
        // Beyond the budget, a recorded long run of the same puzzle answers the minimum.
        let record = recorded.iter().find(|r| r.n == n);
        let beyond = |t: &mut SearchTally, why: String| match record {
            Some(r) => {
                t.recorded.push(n);
                Some(Searched {
                    minimum: Some(r.minimum),
                    optimal_solutions: None,
                })
            }
            None => {
                t.beyond.push((n, why));
                None
            }
        };
        // Past the first n beyond the budget every larger n is too (the states grow with n).
        let (r, count) = if let Some((m, _)) = t.beyond.first().filter(|(m, _)| *m < n).cloned() {
            match beyond(&mut t, format!("as n = {m}")) {
                Some(r) => (r, false),
                None => continue,
            }
        } else {
            match budget.plan(&puzzle, want_count) {
                Err(why) => match beyond(&mut t, why.to_string()) {
                    Some(r) => (r, false),
                    None => continue,
                },
                Ok(opts) => match cached_search(n, &puzzle, &opts)? {
                    Ok(r) => (r, opts.count),
                    Err(limit) => match beyond(
                        &mut t,
                        format!(
                            "its reachable states outgrew the memory limit of {} MiB",
                            limit >> 20
                        ),
                    ) {
                        Some(r) => (r, false),
                        None => continue,
                    },
                },
            }
        };
        if want_count && !count {
            t.count_beyond.push((
                n,
                state_bound(&puzzle).map_or(String::new(), |s| format!("{s} indices")),
            ));
        }
        t.searched.push(n);
        let minimum = r.minimum.map(BigInt::from);
        let min = minimum
            .as_ref()
            .map_or_else(|| "unreachable".to_string(), |m| m.to_string());
        if let Some((_, p)) = c.minima.iter().find(|r| r.0 == n) {
            if !minimum.as_ref().is_some_and(|m| printed_matches(p, m)) {
                t.fail(n, "the printed minimum is", p, &min);
            }
        }
        if count {
            t.counted.push(n);
            let k = r.optimal_solutions.clone().unwrap_or_default();
            if let Some((_, p)) = c.counts.iter().find(|r| r.0 == n) {
                if !printed_matches(p, &k) {
                    t.fail(
                        n,
                        "the printed number of minimal move sequences is",
                        p,
                        &k.to_string(),
                    );
                }
            }
        }
        let symmetric = c
            .symmetric
            .iter()
            .find(|r| r.0 == n && !t.recorded.contains(&n));
        if let (Some((_, p)), Some(mirror)) = (symmetric, &c.mirror) {
            let s = symmetric_minimal_solutions(
                &puzzle,
                mirror,
                budget.count_states.try_into().unwrap_or(usize::MAX),
            )
            .map_err(|e| CheckError::from(e).context(format!("symmetric sequences at n = {n}")))?;
            t.symmetric.push(n);
            if !printed_matches(p, &s.symmetric) {
                t.fail(
                    n,
                    "the printed number of symmetric minimal move sequences is",
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
                        return Err(CheckError::TooLarge(format!(
                            "the {name} algorithm is played for n <= {ALTERNATIVE_MAX_N} only"
                        )));
                    }
                    let run =
                        run_alternative(&v, f, n as u64, params, name).map_err(CheckError::from)?;
                    t.played.push(n);
                    BigInt::from(run.report.moves)
                }
                None => v.count(f, n, params).map_err(CheckError::from)?,
            };
            if let Some((_, p)) = printed_moves {
                if !printed_matches(p, &alg) {
                    t.fail(
                        n,
                        &format!("{algorithm_name} is printed to make {{P}} moves; played under the rules it makes {{A}}"),
                        p,
                        &alg.to_string(),
                    );
                }
            }
            if in_range && Some(&alg) != minimum.as_ref() {
                t.fail(
                    n,
                    &format!("{algorithm_name}, claimed optimal, makes"),
                    &alg.to_string(),
                    &min,
                );
            }
        }
        if let (Some(e), Some(seqs), Some((a, b))) = (&bound, &seqs, bound_range) {
            if (a..=b).contains(&n) {
                let vars = vars_for(n, params);
                let fv = evaluate(e, &vars, seqs.sequences()).map_err(CheckError::from)?;
                t.bounded.push(n);
                let ok = minimum
                    .as_ref()
                    .map(|m| sign_of_difference(m, &fv))
                    .transpose()?
                    .is_none_or(|o| o != Ordering::Less);
                if !ok {
                    t.fail(
                        n,
                        "the printed lower bound on the optimum is",
                        &show_value(&fv),
                        &min,
                    );
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
        &budget,
    ))
}

/// A state count as the verdicts print it: `2^20` for a power of two, else the number.
fn states_phrase(x: u64) -> String {
    match x.is_power_of_two() {
        true => format!("2^{}", x.trailing_zeros()),
        false => x.to_string(),
    }
}

fn search_verdict(
    c: &SearchClaim,
    range: Option<(i64, i64)>,
    bound_range: Option<(i64, i64)>,
    (algorithm_name, equals_name): (&str, &str),
    t: SearchTally,
    budget_used: &crate::facts::SearchBudget,
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
    if !t.recorded.is_empty() {
        budget += &format!(
            "; the minima for n = {} are the recorded searches' (`data/records/search-records.csv`)",
            show_ns(&t.recorded)
        );
    }
    if !t.beyond.is_empty() {
        let ns: Vec<i64> = t.beyond.iter().map(|r| r.0).collect();
        let (first, why) = &t.beyond[0];
        let rule = if why.contains("memory limit") {
            format!(
                "the generic search of a puzzle with equal discs may hold {} MiB",
                budget_used.generic_memory.unwrap_or(0) >> 20
            )
        } else if why.contains("(equal discs)") {
            format!(
                "a puzzle with equal discs of at most {} states",
                states_phrase(budget_used.max_states)
            )
        } else {
            format!(
                "a dense index space of at most {} states",
                states_phrase(budget_used.max_states)
            )
        };
        budget += &format!(
            "; n = {} beyond the checker's search budget ({rule}; n = {first}: {why})",
            show_ns(&ns),
        );
    }
    if !t.count_beyond.is_empty() {
        budget += &format!(
            "; minimal move sequences not counted for n = {} (over {} indices: {})",
            show_ns(&t.count_beyond.iter().map(|r| r.0).collect::<Vec<_>>()),
            states_phrase(budget_used.count_states),
            t.count_beyond
                .iter()
                .map(|(n, s)| format!("n = {n}: {s}"))
                .collect::<Vec<_>>()
                .join(", ")
        );
    }
    if let Some((n, what, printed, actual)) = t.failure {
        return fails(
            format!("search refutes it first at n = {n}: {what}{budget}"),
            Some(n),
            printed,
            actual,
        );
    }
    if searched.is_empty() {
        return unverifiable(format!("not decided: {}", budget.trim_start_matches("; ")));
    }
    let detail = format!(
        "checked n = {} by search: {}{budget}",
        show_ns(searched),
        parts.join("; ")
    );
    // The range is the run of consecutive n from the first (a recorded run beyond a gap of
    // unsearched n does not extend it).
    let lo = searched[0];
    let hi = searched
        .iter()
        .zip(lo..)
        .take_while(|(n, k)| **n == *k)
        .last()
        .map_or(lo, |(n, _)| *n);
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
                    "{what}; exhaustive search stops at the checker's budget (n = {n}: {})",
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

type LongestKey = (String, i64, String);

/// Longest-path searches, once per (function, n): several claims ask the same.
static LONGEST: Shared<
    LongestKey,
    Result<crate::search::LongestSolutions, crate::search::LongestError>,
> = Shared::new();

/// A longest-path claim: exhaustive longest cycle-free solutions for each n of the range,
/// until the first n beyond the budget.
pub(crate) fn check_longest(c: &LongestClaim) -> Result<Verdict, CheckError> {
    use crate::search::longest_solutions;
    let target = c.target.as_str();
    let params = &c.params;
    let (vid, f) = variant_function("longest", target)?;
    let f = f.as_str();
    let v = Variant::load(&vid).map_err(CheckError::from)?;
    let (a, b) = parse_range(&c.n)?;
    let states = c
        .states
        .as_deref()
        .map(|s| parse(s).map_err(CheckError::from))
        .transpose()?;
    let seqs = TargetSeq::new(target, params, None)?;
    let mut checked = vec![];
    let mut nodes: Vec<(i64, u64)> = vec![];
    let mut beyond: Option<(i64, String)> = None;
    let mut t = SearchTally::default();
    for n in a..=b {
        if t.failure.is_some() {
            break;
        }
        let puzzle = v.puzzle(f, n, params).map_err(CheckError::from)?;
        let key = (target.to_string(), n, format!("{params:?}"));
        let found = LONGEST.get_or_compute(key, || {
            longest_solutions(&puzzle, LONGEST_MAX_STATES, LONGEST_MAX_NODES)
        });
        let r = match found {
            Ok(r) => r,
            Err(crate::search::LongestError::Graph(_)) => {
                let size = crate::search::state_bound(&puzzle)
                    .map_or(String::new(), |s| format!(" ({s} configurations)"));
                beyond = Some((
                    n,
                    format!(
                        "its state graph{size} is larger than the checker's cap of {LONGEST_MAX_STATES} configurations"
                    ),
                ));
                break;
            }
            Err(e) => {
                beyond = Some((n, e.to_string()));
                break;
            }
        };
        checked.push(n);
        nodes.push((n, r.nodes));
        let alg = v.count(f, n, params).map_err(CheckError::from)?;
        let length = r.length.map(BigInt::from);
        let shown = length
            .as_ref()
            .map_or_else(|| "unreachable".to_string(), |l| l.to_string());
        if length.as_ref() != Some(&alg) {
            t.fail(
                n,
                &format!("the longest cycle-free solution is claimed to have {target}'s"),
                &alg.to_string(),
                &shown,
            );
        }
        if c.unique {
            if r.count != 1 {
                t.fail(
                    n,
                    "the longest cycle-free solution is claimed unique: solutions of that length",
                    "1",
                    &r.count.to_string(),
                );
            } else {
                let program: Vec<_> = v.moves(f, n, params).map_err(CheckError::from)?.collect();
                if program != r.witness {
                    t.fail(
                        n,
                        "the unique longest solution is claimed to be",
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
                    "the printed number of longest cycle-free solutions is",
                    p,
                    &r.count.to_string(),
                );
            }
        }
        if let Some(e) = &states {
            let fv =
                evaluate(e, &vars_for(n, params), seqs.sequences()).map_err(CheckError::from)?;
            if sign_of_difference(&BigInt::from(r.states), &fv)? != Ordering::Equal {
                t.fail(
                    n,
                    "the printed number of configurations is",
                    &show_value(&fv),
                    &r.states.to_string(),
                );
            }
        }
    }
    if let Some((n, what, printed, actual)) = t.failure {
        return Ok(fails(
            format!("exhaustive longest-path search refutes it first at n = {n}: {what}"),
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
        "the longest cycle-free solution has as many moves as {target}"
    )];
    if c.unique {
        what.push(format!("it is unique and it is {target}'s"));
    }
    if let Some(p) = &c.solutions {
        what.push(format!("there are {p} cycle-free solutions of that length"));
    }
    if let Some(s) = &c.states {
        what.push(format!(
            "the puzzle has {s} reachable configurations (a bound on the length of every cycle-free solution)"
        ));
    }
    let detail = format!(
        "exhaustive longest-path search (depth-first over the whole state graph, every configuration at most once) for n = {a}..{last}: {}",
        what.join("; ")
    );
    let growth = match nodes.as_slice() {
        [.., (m0, k0), (m1, k1)] if *k0 > 0 => {
            format!("; the search tree grew from {k0} nodes at n = {m0} to {k1} at n = {m1}")
        }
        [.., (m1, k1)] => format!("; the search tree had {k1} nodes at n = {m1}"),
        [] => String::new(),
    };
    let reason = match beyond {
        Some((n, why)) => format!(
            "the claim speaks of every n, and longest cycle-free paths are found only by exhaustive depth-first search, whose tree grows with the number of cycle-free paths{growth}; the search stops at n = {n}: {why}"
        ),
        None => format!("the claim speaks of every n; exhaustive search decides n = {a}..{b}"),
    };
    Ok(holds_in_range(detail, a, last, reason))
}

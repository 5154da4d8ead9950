//! Graph claims: the size, degrees, symmetry and shortest paths of a puzzle's state graph
//! (Wikipedia, "Graphical representation"), checked on the whole graph for every n of the
//! claim while it has at most [`GRAPH_MAX_STATES`] configurations.

use super::search_claims::show_ns;
use super::*;
use crate::literature::claims::GraphClaim;
use crate::search::{state_graph, StateGraph};
use std::collections::BTreeMap;

/// The largest state graph a graph claim is checked on: every pair of configurations is
/// searched (one breadth-first search per configuration), so the work grows as the square
/// of the configurations (H_3^8, 6,561 configurations, takes about a second).
pub const GRAPH_MAX_STATES: usize = 6_561;

/// What the whole graph shows for one n, gathered by one breadth-first search per
/// configuration.
#[derive(Clone)]
struct GraphFacts {
    vertices: u64,
    degrees: BTreeMap<u64, u64>,
    undirected: bool,
    /// The configurations with the fewest moves, and the perfect towers, by index.
    corners: Vec<usize>,
    towers: Vec<usize>,
    /// The least and the most shortest paths over ordered pairs of distinct configurations
    /// (`None` with fewer than two); a pair that cannot be reached has none.
    paths_between: Option<(u128, u128)>,
    /// The least and the most shortest paths from a configuration to a perfect tower.
    paths_to_towers: Option<(u128, u128)>,
}

/// The facts of each graph, once per (function, n, parameters): several claims ask the
/// same graph.
static GRAPHS: crate::facts::Shared<GraphKey, GraphAnswer> = crate::facts::Shared::new();

/// A graph claim's graph: (function, n, parameters).
type GraphKey = (String, i64, String);
/// The graph's facts, or the cap it outgrew.
type GraphAnswer = Result<Result<GraphFacts, u64>, CheckError>;

fn is_tower(c: &crate::puzzle::Config) -> bool {
    c.pins.iter().filter(|p| !p.is_empty()).count() <= 1
}

fn graph_facts(g: &StateGraph) -> GraphFacts {
    let v = g.len();
    let mut degrees = BTreeMap::new();
    for u in 0..v {
        *degrees.entry(g.degree(u) as u64).or_insert(0u64) += 1;
    }
    let least = degrees.keys().next().copied().unwrap_or(0);
    let corners = (0..v).filter(|&u| g.degree(u) as u64 == least).collect();
    let towers: Vec<usize> = (0..v).filter(|&u| is_tower(g.config(u))).collect();
    let widen = |acc: &mut Option<(u128, u128)>, c: u128| {
        *acc = Some(acc.map_or((c, c), |(lo, hi)| (lo.min(c), hi.max(c))));
    };
    let (mut between, mut to_towers) = (None, None);
    for s in 0..v {
        let (_, counts) = g.shortest_paths_from(s);
        for (t, &c) in counts.iter().enumerate() {
            if t != s {
                widen(&mut between, c);
            }
        }
        for &t in &towers {
            if t != s {
                widen(&mut to_towers, counts[t]);
            }
        }
    }
    GraphFacts {
        vertices: v as u64,
        degrees,
        undirected: g.is_symmetric(),
        corners,
        towers,
        paths_between: between,
        paths_to_towers: to_towers,
    }
}

/// Checks a graph claim n by n on the whole state graph; the verdict is `holds-in-range`
/// over the n whose graph fits [`GRAPH_MAX_STATES`], `fails` at the first n where a stated
/// property does not hold.
pub(crate) fn check_graph(c: &GraphClaim) -> Result<Verdict, CheckError> {
    let target = c.target.as_str();
    let params = &c.params;
    let (vid, f) = variant_function("graph", target)?;
    let v = Variant::load(&vid).map_err(CheckError::from)?;
    let (a, b) = parse_range(&c.n)?;
    let formula = |text: &str| parse(text).map_err(CheckError::from);
    let vertices = c.vertices.as_deref().map(formula).transpose()?;
    let to_towers = c
        .shortest_paths_to_towers
        .as_deref()
        .map(formula)
        .transpose()?;
    let at_most = c
        .shortest_paths_at_most
        .as_deref()
        .map(formula)
        .transpose()?;
    let degrees = c
        .degrees
        .iter()
        .map(|(d, e)| {
            let d: u64 = d.parse().map_err(|_| {
                CheckError::Input(format!("degree '{d}': expected a number of legal moves"))
            })?;
            Ok((d, formula(e)?))
        })
        .collect::<Result<Vec<_>, CheckError>>()?;
    let seqs = TargetSeq::new(target, params, None)?;
    let mut checked = vec![];
    let mut beyond = None;
    let mut failure: Option<(i64, String, String, String)> = None;
    for n in a..=b {
        let puzzle = v.puzzle(&f, n, params).map_err(CheckError::from)?;
        let key = (target.to_string(), n, format!("{params:?}"));
        let found = GRAPHS.get_or_compute(key, || match state_graph(&puzzle, GRAPH_MAX_STATES) {
            Ok(g) => Ok(Ok(graph_facts(&g))),
            Err(crate::search::SearchError::MemoryLimit { limit, .. }) => Ok(Err(limit)),
            Err(e) => Err(CheckError::from(e).context(format!("state graph at n = {n}"))),
        });
        let facts = match found {
            Ok(Ok(facts)) => facts,
            Ok(Err(_)) => {
                beyond = Some(n);
                break;
            }
            Err(e) => return Err(e),
        };
        let vars = vars_for(n, params);
        let value = |e: &Expr| evaluate(e, &vars, seqs.sequences()).map_err(CheckError::from);
        let mut fail = |what: String, printed: String, actual: String| {
            if failure.is_none() {
                failure = Some((n, what, printed, actual));
            }
        };
        if let Some(e) = &vertices {
            let x = value(e)?;
            if sign_of_difference(&BigInt::from(facts.vertices), &x)? != Ordering::Equal {
                fail(
                    "configurations".into(),
                    show_value(&x),
                    facts.vertices.to_string(),
                );
            }
        }
        if !degrees.is_empty() {
            for (d, e) in &degrees {
                let x = value(e)?;
                let have = facts.degrees.get(d).copied().unwrap_or(0);
                if sign_of_difference(&BigInt::from(have), &x)? != Ordering::Equal {
                    fail(
                        format!("configurations with {d} legal moves"),
                        show_value(&x),
                        have.to_string(),
                    );
                }
            }
            if let Some((d, k)) = facts
                .degrees
                .iter()
                .find(|(d, _)| !degrees.iter().any(|(e, _)| e == *d))
            {
                fail(
                    format!(
                        "configurations with {d} legal moves (a degree the claim does not name)"
                    ),
                    "0".into(),
                    k.to_string(),
                );
            }
        }
        if c.undirected && !facts.undirected {
            fail(
                "the graph is undirected; moves that cannot be undone by one move".into(),
                "none".into(),
                "some".into(),
            );
        }
        if c.corners_are_towers && facts.corners != facts.towers {
            fail(
                "the configurations with the fewest moves are the perfect towers; of those".into(),
                facts.towers.len().to_string(),
                format!(
                    "{} configurations with the fewest moves, {} of them towers",
                    facts.corners.len(),
                    facts
                        .corners
                        .iter()
                        .filter(|c| facts.towers.contains(c))
                        .count()
                ),
            );
        }
        if let (Some(e), Some((lo, hi))) = (&to_towers, facts.paths_to_towers) {
            let x = value(e)?;
            for k in [lo, hi] {
                if sign_of_difference(&BigInt::from(k), &x)? != Ordering::Equal {
                    fail(
                        "shortest paths from every configuration to each perfect tower".into(),
                        show_value(&x),
                        format!("between {lo} and {hi}"),
                    );
                    break;
                }
            }
        }
        if let (Some(e), Some((lo, hi))) = (&at_most, facts.paths_between) {
            let x = value(e)?;
            if lo == 0 {
                fail(
                    "at least one shortest path between every two configurations; pairs without"
                        .into(),
                    "none".into(),
                    "some".into(),
                );
            } else if sign_of_difference(&BigInt::from(hi), &x)? == Ordering::Greater {
                fail(
                    "at most this many shortest paths between two configurations:".into(),
                    show_value(&x),
                    format!("up to {hi}"),
                );
            }
        }
        if failure.is_some() {
            break;
        }
        checked.push(n);
    }
    if let Some((n, what, printed, actual)) = failure {
        return Ok(fails(
            format!(
                "the state graph refutes it first at n = {n}: {what} {printed}, the graph has {actual}"
            ),
            Some(n),
            printed,
            actual,
        ));
    }
    let Some(&last) = checked.last() else {
        return Ok(unverifiable(format!(
            "the state graph at n = {a} has more than the checker's cap of {GRAPH_MAX_STATES} configurations"
        )));
    };
    let detail = format!(
        "the whole state graph of {target} (every configuration reachable from its start, a breadth-first search from each counting shortest paths) for n = {}",
        show_ns(&checked)
    );
    let reason = match beyond {
        Some(n) => format!(
            "the claim speaks of every n; the graph at n = {n} has more than the checker's cap of {GRAPH_MAX_STATES} configurations (every pair is searched)"
        ),
        None => format!("the claim speaks of every n; the whole graph is checked for n = {a}..{b}"),
    };
    Ok(holds_in_range(detail, a, last, reason))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::graph::by_search::distance;
    use crate::search::SearchOptions;

    fn graph_claim(target: &str, n: &str, fields: &str) -> GraphClaim {
        let text = format!(
            "document = \"d\"\ntitle = \"t\"\n[[claim]]\nid = \"t\"\nsection = \"s\"\nstatement = \"s\"\nkind = \"graph\"\ntarget = \"{target}\"\nn = \"{n}\"\n{fields}\n"
        );
        match crate::literature::claims::parse_claim_file("test", &text)
            .unwrap()
            .remove(0)
            .kind
        {
            ClaimKind::Graph(g) => g,
            other => panic!("not a graph claim: {other:?}"),
        }
    }

    /// The shortest-path counts of every ordered pair equal the breadth-first search's own
    /// count of optimal move sequences between the two configurations (another program:
    /// the search with the pair as start and goal), on an undirected and a directed graph.
    #[test]
    fn path_counts_equal_the_searchs_counts_for_every_pair() {
        for (id, f) in [("classic", "T"), ("cyclic", "A")] {
            let v = Variant::builtin(id).unwrap();
            let p = v.puzzle(f, 3, &Params::new()).unwrap();
            let g = state_graph(&p, 100).unwrap();
            let opts = SearchOptions {
                count: true,
                threads: 1,
                ..Default::default()
            };
            for s in 0..g.len() {
                let (dist, counts) = g.shortest_paths_from(s);
                for t in 0..g.len() {
                    let d = distance(&p, g.config(s), g.config(t), &opts).unwrap();
                    assert_eq!(d.distance, Some(dist[t]), "{id} {s} -> {t}");
                    assert_eq!(
                        d.shortest_paths,
                        Some(BigInt::from(counts[t])),
                        "{id} {s} -> {t}"
                    );
                }
            }
        }
    }

    /// Wrong statements fail at the first n where the graph contradicts them.
    #[test]
    fn wrong_graph_statements_fail_at_the_right_n() {
        let fails_at = |c: &GraphClaim| {
            let v = check_graph(c).unwrap();
            assert_eq!(v.verdict, VerdictKind::Fails, "{}", v.detail);
            v.failure.and_then(|f| f.n)
        };
        // 3^n configurations, not 3^n + 1.
        let c = graph_claim("classic.T", "1..4", "vertices = \"3^n + 1\"");
        assert_eq!(fails_at(&c), Some(1));
        // A degree left out of the list is a failure (the corners have two moves).
        let c = graph_claim("classic.T", "1..4", "degrees = { 3 = \"3^n - 3\" }");
        assert_eq!(fails_at(&c), Some(1));
        // Cyclic moves cannot be undone by one move.
        let c = graph_claim("cyclic.A", "1..3", "undirected = true");
        assert_eq!(fails_at(&c), Some(1));
        // Two shortest paths first appear between configurations of two discs.
        let c = graph_claim("classic.T", "1..4", "shortest_paths_at_most = \"1\"");
        assert_eq!(fails_at(&c), Some(2));
    }

    #[test]
    fn the_graph_claims_hold_on_their_range_and_stop_at_the_cap() {
        let c = graph_claim(
            "classic.T",
            "1..9",
            "vertices = \"3^n\"\nshortest_paths_to_towers = \"1\"",
        );
        let v = check_graph(&c).unwrap();
        assert_eq!(v.verdict, VerdictKind::HoldsInRange, "{}", v.detail);
        // 3^9 configurations exceed the cap of 3^8.
        assert_eq!(v.range.map(|r| (r.from, r.to)), Some((1, 8)));
    }
}

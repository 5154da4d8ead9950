//! Statistics of a whole (small) state graph: vertices, edges, degrees, eccentricities,
//! diameter, radius, the distribution and the exact average of the distances, the Wiener
//! index, and the pairs joined by more than one shortest path.
//!
//! One state of each orbit of the graph's pin automorphisms ([`crate::graph::symmetry`]) is
//! the source of a breadth-first search, counted once for every state of its orbit (an
//! automorphism keeps distances, eccentricities and shortest-path counts, so the totals are
//! exactly those of a search from every state; H_3^n has six automorphisms and about a
//! sixth as many orbits as states). The searches run 64 at a time, one
//! bit per source in a machine word per state (the multi-source BFS of Then et al., "The
//! More the Merrier", VLDB 2015): a layer step ORs a state's word into its successors', so
//! one pass over a frontier advances all 64 searches. Sources taken in state order are
//! neighbours in the graph, their frontiers overlap, and a state is touched in a few layers
//! per batch rather than once per source. A second word per state marks the sources that
//! reach it by two or more shortest paths (reached from two frontier states, or from one so
//! marked): the counts are exact up to "more than one".
//!
//! For H_3^n the literature gives: 3^n vertices, 3(3^n − 1)/2 edges, diameter 2^n − 1, the
//! Wiener index (OEIS A290004; Hinz 1989, Chan 1989) and the average distance
//! ~ 466/885 · 2^n.
//!
//! ```
//! use hanoilab::graph::stats::graph_stats;
//! use hanoilab::puzzle::bench::classic_puzzle;
//! use hanoilab::search::state_graph;
//! let g = state_graph(&classic_puzzle(3), 1000).unwrap();
//! let s = graph_stats(&g);
//! assert_eq!((s.vertices, s.edges, s.diameter), (27, Some(39), Some(7)));
//! assert_eq!(s.wiener_index, Some(1419u32.into())); // OEIS A290004, n = 3
//! ```

use crate::graph::symmetry::{pin_automorphisms, Orbits};
use crate::search::StateGraph;
use num_bigint::{BigInt, BigUint};
use num_rational::BigRational;
use std::collections::BTreeMap;

/// What [`graph_stats`] finds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GraphStats {
    /// States (vertices).
    pub vertices: u64,
    /// Legal moves over all states (arcs of the move digraph).
    pub arcs: u64,
    /// Whether every move can be undone by one move (the graph is undirected).
    pub symmetric: bool,
    /// Edges of the undirected graph (`arcs / 2`), when symmetric.
    pub edges: Option<u64>,
    /// The least out-degree.
    pub min_degree: u64,
    /// The largest out-degree.
    pub max_degree: u64,
    /// States per out-degree.
    pub degrees: BTreeMap<u64, u64>,
    /// Whether every state reaches every other.
    pub strongly_connected: bool,
    /// The largest eccentricity, when strongly connected.
    pub diameter: Option<u64>,
    /// The least eccentricity, when strongly connected.
    pub radius: Option<u64>,
    /// The eccentricity of every state (the largest distance to a state it reaches).
    pub eccentricities: Vec<u64>,
    /// `distances[d]`: ordered pairs of states (s, t), t reachable from s, at distance d.
    pub distances: Vec<u64>,
    /// The sum of the distances over ordered pairs (s, t) with t reachable from s.
    pub distance_sum: BigUint,
    /// The mean distance over ordered pairs of distinct states, when strongly connected
    /// and there are two states or more.
    pub average_distance: Option<BigRational>,
    /// The sum of the distances over unordered pairs (the Wiener index), when symmetric
    /// and strongly connected.
    pub wiener_index: Option<BigUint>,
    /// Ordered pairs (s, t) joined by more than one shortest path.
    pub several_shortest_paths: u64,
    /// The permutations of the pins that are automorphisms of the graph, the identity
    /// included ([`crate::graph::symmetry::pin_automorphisms`]; 6 for H_3^n).
    pub pin_automorphisms: u64,
    /// The orbits of the states under those automorphisms.
    pub pin_orbits: u64,
}

/// The graph as compressed adjacency lists.
struct Csr {
    offsets: Vec<u32>,
    targets: Vec<u32>,
}

impl Csr {
    fn new(g: &StateGraph) -> Csr {
        let mut offsets = Vec::with_capacity(g.len() + 1);
        let mut targets = Vec::with_capacity(g.arcs());
        offsets.push(0);
        for u in 0..g.len() {
            targets.extend(g.edges(u).iter().map(|&(v, _)| v as u32));
            offsets.push(targets.len() as u32);
        }
        Csr { offsets, targets }
    }

    fn out(&self, u: usize) -> &[u32] {
        &self.targets[self.offsets[u] as usize..self.offsets[u + 1] as usize]
    }
}

/// What one batch of searches adds up.
#[derive(Default)]
struct Tally {
    distances: Vec<u64>,
    sum: u128,
    several: u64,
    all_reached: bool,
}

/// The scratch words of one worker: per state the frontier bits, their several-paths bits,
/// the sources that reached it, and the next layer's once / twice accumulators.
struct Words {
    frontier: Vec<u64>,
    frontier_several: Vec<u64>,
    seen: Vec<u64>,
    once: Vec<u64>,
    twice: Vec<u64>,
}

impl Words {
    fn new(v: usize) -> Words {
        Words {
            frontier: vec![0; v],
            frontier_several: vec![0; v],
            seen: vec![0; v],
            once: vec![0; v],
            twice: vec![0; v],
        }
    }
}

/// The bits of a batch's sources grouped by their weight (the size of the orbit each
/// stands for): a word of sources counts as the weighted sum of its bits.
struct Weights(Vec<(u64, u64)>);

impl Weights {
    fn new(weights: &[u32]) -> Weights {
        let mut classes: Vec<(u64, u64)> = Vec::new();
        for (j, &w) in weights.iter().enumerate() {
            match classes.iter_mut().find(|(x, _)| *x == u64::from(w)) {
                Some((_, mask)) => *mask |= 1 << j,
                None => classes.push((u64::from(w), 1 << j)),
            }
        }
        Weights(classes)
    }

    fn of(&self, bits: u64) -> u64 {
        self.0
            .iter()
            .map(|&(w, mask)| w * u64::from((bits & mask).count_ones()))
            .sum()
    }
}

/// The searches from `sources` (at most 64), each counted `weights[j]` times: their
/// eccentricities go to `ecc`.
fn batch(csr: &Csr, w: &mut Words, sources: &[usize], weights: &[u32], ecc: &mut [u64]) -> Tally {
    let width = sources.len();
    let weights = Weights::new(weights);
    let mut tally = Tally::default();
    let mut frontier: Vec<u32> = Vec::new();
    for (j, &s) in sources.iter().enumerate() {
        w.seen[s] |= 1 << j;
        w.frontier[s] |= 1 << j;
        frontier.push(s as u32);
    }
    tally.distances.push(weights.of(u64::MAX));
    let mut touched: Vec<u32> = Vec::new();
    let mut next: Vec<u32> = Vec::new();
    let mut depth = 0u64;
    while !frontier.is_empty() {
        depth += 1;
        for &u in &frontier {
            let (x, y) = (w.frontier[u as usize], w.frontier_several[u as usize]);
            for &t in csr.out(u as usize) {
                let t = t as usize;
                if w.once[t] == 0 {
                    touched.push(t as u32);
                }
                w.twice[t] |= (w.once[t] & x) | y;
                w.once[t] |= x;
            }
        }
        for &u in &frontier {
            w.frontier[u as usize] = 0;
            w.frontier_several[u as usize] = 0;
        }
        let (mut reached, mut any) = (0u64, 0u64);
        for &t in &touched {
            let t = t as usize;
            let new = w.once[t] & !w.seen[t];
            if new != 0 {
                w.seen[t] |= new;
                w.frontier[t] = new;
                let several = w.twice[t] & new;
                w.frontier_several[t] = several;
                tally.several += weights.of(several);
                reached += weights.of(new);
                any |= new;
                next.push(t as u32);
            }
            w.once[t] = 0;
            w.twice[t] = 0;
        }
        touched.clear();
        if reached > 0 {
            tally.distances.push(reached);
            tally.sum += u128::from(reached) * u128::from(depth);
            while any != 0 {
                ecc[any.trailing_zeros() as usize] = depth;
                any &= any - 1;
            }
        }
        std::mem::swap(&mut frontier, &mut next);
        next.clear();
    }
    let full = if width == 64 {
        u64::MAX
    } else {
        (1u64 << width) - 1
    };
    tally.all_reached = w.seen.iter().all(|&s| s == full);
    w.seen.iter_mut().for_each(|s| *s = 0);
    tally
}

/// The states ordered by the pin of each disc, the largest disc first: states next in this
/// order differ in small discs only and are close in the graph, so a batch of 64 sources
/// has overlapping frontiers (a state is in a few layers per batch, not in 64).
fn locality_order(g: &StateGraph) -> Vec<usize> {
    let key = |i: usize| -> Vec<u32> {
        let c = g.config(i);
        let mut pin_of = vec![0u32; c.colours.len()];
        for (p, stack) in c.pins.iter().enumerate() {
            for &d in stack {
                if let Some(x) = pin_of.get_mut(d as usize) {
                    *x = p as u32;
                }
            }
        }
        pin_of
    };
    let mut keyed: Vec<(Vec<u32>, usize)> = (0..g.len()).map(|i| (key(i), i)).collect();
    keyed.sort_unstable();
    keyed.into_iter().map(|(_, i)| i).collect()
}

/// The statistics of `g` (see the module documentation), from a breadth-first search of
/// one state per orbit of its pin automorphisms ([`crate::graph::symmetry`]), each counted
/// as many times as its orbit has states, 64 sources per word, on `threads` threads (0: all
/// available cores). Exactly [`graph_stats_every_source`]; for H_3^n about a sixth of the
/// searches. Memory: five words per state and thread besides the graph; time: about the
/// orbits times the arcs per state times the layers a state is in per batch.
pub fn graph_stats_with(g: &StateGraph, threads: usize) -> GraphStats {
    let maps = pin_automorphisms(g);
    let orbits = Orbits::of_group(&maps);
    let mut s = stats_by_orbits(g, threads, &orbits);
    s.pin_automorphisms = maps.len() as u64;
    s.pin_orbits = orbits.count() as u64;
    s
}

/// [`graph_stats_with`] without the symmetry: a breadth-first search from every state (the
/// automorphisms are still found, for [`GraphStats::pin_automorphisms`]).
pub fn graph_stats_every_source(g: &StateGraph, threads: usize) -> GraphStats {
    let maps = pin_automorphisms(g);
    let mut s = stats_by_orbits(g, threads, &Orbits::trivial(g.len()));
    s.pin_automorphisms = maps.len() as u64;
    s.pin_orbits = Orbits::of_group(&maps).count() as u64;
    s
}

/// The statistics from one search per orbit of `orbits` (a partition of the states into
/// orbits of automorphisms of `g`), the orbit's first state in [`locality_order`] its
/// source.
fn stats_by_orbits(g: &StateGraph, threads: usize, orbits: &Orbits) -> GraphStats {
    let v = g.len();
    let csr = Csr::new(g);
    let mut degrees = BTreeMap::new();
    for u in 0..v {
        *degrees.entry(g.degree(u) as u64).or_insert(0u64) += 1;
    }
    let arcs = g.arcs() as u64;
    let symmetric = g.is_symmetric();
    let mut sources: Vec<usize> = Vec::new();
    let mut source_of_orbit = vec![u32::MAX; v];
    for s in locality_order(g) {
        let o = orbits.orbit[s] as usize;
        if source_of_orbit[o] == u32::MAX {
            source_of_orbit[o] = sources.len() as u32;
            sources.push(s);
        }
    }
    let weights: Vec<u32> = sources.iter().map(|&s| orbits.size[s]).collect();
    let batches = sources.len().div_ceil(64);
    let threads = match threads {
        0 => std::thread::available_parallelism().map_or(1, |t| t.get()),
        t => t,
    }
    .clamp(1, batches.max(1));
    let mut ecc_of_source = vec![0u64; sources.len()];
    let mut tallies: Vec<Tally> = Vec::new();
    let per_thread = 64 * batches.div_ceil(threads).max(1);
    std::thread::scope(|scope| {
        let csr = &csr;
        let handles: Vec<_> = ecc_of_source
            .chunks_mut(per_thread)
            .zip(sources.chunks(per_thread).zip(weights.chunks(per_thread)))
            .map(|(part, (sources, weights))| {
                scope.spawn(move || {
                    let mut words = Words::new(v);
                    let mut out = Vec::new();
                    for (chunk, (batch_sources, batch_weights)) in part
                        .chunks_mut(64)
                        .zip(sources.chunks(64).zip(weights.chunks(64)))
                    {
                        out.push(batch(csr, &mut words, batch_sources, batch_weights, chunk));
                    }
                    out
                })
            })
            .collect();
        for h in handles {
            tallies.extend(h.join().expect("a statistics thread panicked"));
        }
    });
    // automorphisms keep eccentricities: every state has its orbit's source's
    let ecc: Vec<u64> = (0..v)
        .map(|s| ecc_of_source[source_of_orbit[orbits.orbit[s] as usize] as usize])
        .collect();
    let mut distances: Vec<u64> = Vec::new();
    let (mut sum, mut several, mut strongly_connected) = (BigUint::ZERO, 0u64, true);
    for t in tallies {
        if distances.len() < t.distances.len() {
            distances.resize(t.distances.len(), 0);
        }
        for (d, c) in t.distances.iter().enumerate() {
            distances[d] += c;
        }
        sum += BigUint::from(t.sum);
        several += t.several;
        strongly_connected &= t.all_reached;
    }
    let pairs = (v as u64) * (v as u64).saturating_sub(1);
    GraphStats {
        vertices: v as u64,
        arcs,
        symmetric,
        edges: symmetric.then_some(arcs / 2),
        min_degree: degrees.keys().next().copied().unwrap_or(0),
        max_degree: degrees.keys().next_back().copied().unwrap_or(0),
        degrees,
        strongly_connected,
        diameter: strongly_connected.then(|| ecc.iter().copied().max().unwrap_or(0)),
        radius: strongly_connected.then(|| ecc.iter().copied().min().unwrap_or(0)),
        eccentricities: ecc,
        average_distance: (strongly_connected && pairs > 0)
            .then(|| BigRational::new(BigInt::from(sum.clone()), BigInt::from(pairs))),
        wiener_index: (symmetric && strongly_connected).then(|| &sum / 2u32),
        distance_sum: sum,
        distances,
        several_shortest_paths: several,
        pin_automorphisms: 1,
        pin_orbits: v as u64,
    }
}

/// [`graph_stats_with`] on all available cores.
pub fn graph_stats(g: &StateGraph) -> GraphStats {
    graph_stats_with(g, 0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::graph::classic::classic_distance;
    use crate::puzzle::bench::classic_puzzle;
    use crate::puzzle::config_text::positions_of;
    use crate::search::state_graph;
    use crate::variants::{Params, Variant};
    use std::collections::VecDeque;

    /// One plain breadth-first search per state, with exact counts of shortest paths.
    fn plain(g: &StateGraph) -> GraphStats {
        let v = g.len();
        let mut ecc = vec![0; v];
        let mut distances = vec![0u64; 1];
        let (mut sum, mut several, mut connected) = (0u128, 0u64, true);
        for s in 0..v {
            let mut dist = vec![u64::MAX; v];
            let mut count = vec![0u64; v];
            dist[s] = 0;
            count[s] = 1;
            let mut queue = VecDeque::from([s]);
            while let Some(u) = queue.pop_front() {
                for &(t, _) in g.edges(u) {
                    if dist[t] == u64::MAX {
                        dist[t] = dist[u] + 1;
                        queue.push_back(t);
                    }
                    if dist[t] == dist[u] + 1 {
                        count[t] = count[t].saturating_add(count[u]);
                    }
                }
            }
            for t in 0..v {
                if dist[t] == u64::MAX {
                    connected = false;
                    continue;
                }
                let d = dist[t] as usize;
                if distances.len() <= d {
                    distances.resize(d + 1, 0);
                }
                distances[d] += 1;
                sum += dist[t] as u128;
                several += u64::from(count[t] > 1);
                ecc[s] = ecc[s].max(dist[t]);
            }
        }
        let fast = graph_stats_with(g, 1);
        let pairs = (v * (v - 1)) as u64;
        GraphStats {
            eccentricities: ecc.clone(),
            distances,
            distance_sum: sum.into(),
            several_shortest_paths: several,
            strongly_connected: connected,
            diameter: connected.then(|| *ecc.iter().max().unwrap()),
            radius: connected.then(|| *ecc.iter().min().unwrap()),
            average_distance: connected
                .then(|| BigRational::new(BigInt::from(sum), BigInt::from(pairs))),
            wiener_index: (connected && g.is_symmetric()).then(|| BigUint::from(sum / 2)),
            ..fast
        }
    }

    #[test]
    fn bit_parallel_statistics_equal_one_plain_search_per_state() {
        let cases = [
            ("classic", 4),
            ("cyclic", 4),
            ("reves", 3),
            ("rainbow", 4),
            ("star", 3),
            ("antwerp", 2),
            ("domino", 3),
        ];
        for (id, n) in cases {
            let v = Variant::builtin(id).unwrap();
            let f = v.default_function().name.clone();
            let p = v.puzzle(&f, n, &Params::new()).unwrap();
            let g = state_graph(&p, 100_000).unwrap();
            assert_eq!(graph_stats_with(&g, 1), plain(&g), "{id} n = {n}");
            assert_eq!(
                graph_stats_with(&g, 3),
                plain(&g),
                "{id} n = {n}, 3 threads"
            );
            assert_eq!(
                graph_stats_every_source(&g, 2),
                plain(&g),
                "{id} n = {n}, every source"
            );
        }
    }

    #[test]
    fn one_search_per_orbit_equals_one_per_state_on_hanoi_graphs() {
        for n in 1..=6u32 {
            let g = state_graph(&classic_puzzle(n), 1000).unwrap();
            let every = graph_stats_every_source(&g, 1);
            assert_eq!(graph_stats_with(&g, 1), every, "n = {n}");
            assert_eq!(graph_stats_with(&g, 2), every, "n = {n}, 2 threads");
            assert_eq!(every, plain(&g), "n = {n}");
        }
    }

    #[test]
    fn hanoi_graphs_follow_the_literature_recurrences() {
        // Wiener index, OEIS A290004 (Hinz 1989; Chan 1989): 3, 72, 1419, 26580, 487839 and
        // a(n) = 35a(n-1) - 395a(n-2) + 1761a(n-3) - 2916a(n-4) + 972a(n-5).
        let mut wiener: Vec<i128> = vec![3, 72, 1419, 26580, 487839];
        // ordered pairs with two shortest paths, OEIS A340309 (Hinz, Klavžar, Milutinović,
        // Parisse, Petr, Europ. J. Combin. 26 (2005), Prop. 3.9): 0, 6, 48 and
        // a(n) = 8a(n-1) - 17a(n-2) + 6a(n-3).
        let mut two: Vec<i128> = vec![0, 6, 48];
        // the sum of the eccentricities, three times OEIS A200674 (Hinz and Parisse, "The
        // average eccentricity of Sierpiński graphs", Graphs and Combinatorics, 2011): y(0) = 0,
        // y(n+1) = 6y(n) + 2·3^n + 3 - 2·[n = 0].
        let mut ecc_sum: Vec<i128> = vec![0];
        for n in 0..8u32 {
            ecc_sum.push(6 * ecc_sum[n as usize] + 2 * 3i128.pow(n) + 3 - 2 * i128::from(n == 0));
        }
        while wiener.len() < 8 {
            let k = wiener.len();
            wiener.push(
                35 * wiener[k - 1] - 395 * wiener[k - 2] + 1761 * wiener[k - 3]
                    - 2916 * wiener[k - 4]
                    + 972 * wiener[k - 5],
            );
        }
        while two.len() < 8 {
            let k = two.len();
            two.push(8 * two[k - 1] - 17 * two[k - 2] + 6 * two[k - 3]);
        }
        for n in 1..=8u32 {
            let g = state_graph(&classic_puzzle(n), 10_000).unwrap();
            let s = graph_stats(&g);
            let i = n as usize - 1;
            assert_eq!(s.diameter, Some((1 << n) - 1), "n = {n}");
            assert_eq!(
                (s.pin_automorphisms, s.pin_orbits),
                (6, (3u64.pow(n) - 3) / 6 + 1)
            );
            assert_eq!(s.wiener_index, Some((wiener[i] as u128).into()), "n = {n}");
            assert_eq!(s.several_shortest_paths as i128, two[i], "n = {n}");
            let total: u64 = s.eccentricities.iter().sum();
            assert_eq!(total as i128, ecc_sum[n as usize], "n = {n}");
        }
    }

    #[test]
    fn hanoi_graphs_match_the_literature() {
        // OEIS A290004 (Wiener index of the n-Hanoi graph), n = 1..7.
        let wiener = [3u64, 72, 1419, 26580, 487839, 8867088, 160391235];
        // OEIS A375256 (pairs of antipodal vertices of the level-n Hanoi graph), n = 1..7.
        let antipodal = [3u64, 12, 39, 129, 453, 1677, 6429];
        for n in 1..=7u32 {
            let g = state_graph(&classic_puzzle(n), 10_000).unwrap();
            let s = graph_stats(&g);
            let three = 3u64.pow(n);
            assert_eq!(s.vertices, three);
            assert_eq!(s.edges, Some(3 * (three - 1) / 2));
            assert_eq!(s.diameter, Some((1 << n) - 1));
            assert_eq!(
                s.wiener_index,
                Some(wiener[n as usize - 1].into()),
                "n = {n}"
            );
            // ordered pairs at the diameter: twice the unordered antipodal pairs
            assert_eq!(*s.distances.last().unwrap(), 2 * antipodal[n as usize - 1]);
            // the three perfect towers have degree 2, every other state 3
            assert_eq!(s.degrees.get(&2), Some(&3));
            assert_eq!(s.degrees.get(&3).copied().unwrap_or(0), three - 3);
        }
    }

    #[test]
    fn pairs_with_two_shortest_paths_agree_with_hinz() {
        for n in 1..=5u32 {
            let p = classic_puzzle(n);
            let g = state_graph(&p, 10_000).unwrap();
            let pos: Vec<Vec<u8>> = (0..g.len())
                .map(|i| {
                    positions_of(&p, g.config(i))
                        .unwrap()
                        .into_iter()
                        .map(|x| x as u8)
                        .collect()
                })
                .collect();
            let mut two = 0u64;
            for a in &pos {
                for b in &pos {
                    two += u64::from(classic_distance(a, b).unwrap().shortest_paths == 2);
                }
            }
            assert_eq!(graph_stats(&g).several_shortest_paths, two, "n = {n}");
        }
    }
}

//! Longest cycle-free solutions and symmetric minimal solutions, on the whole state graph
//! of a small puzzle ([`super::state_graph`]).
//!
//! * [`longest_solutions`]: the "max version" of Sniedovich and the long solutions of the
//!   Wikipedia article — the longest move sequence start → goal that never repeats a
//!   configuration (when start = goal: the longest tour back to the start that repeats
//!   nothing else), with the number of sequences of that length and one of them. Longest
//!   simple paths are NP-hard in general; a depth-first search with a reachability bound
//!   settles the Hanoi graphs of a few hundred states, and a node budget says when it
//!   does not.
//! * [`symmetric_minimal_solutions`]: Stockmeyer's symmetric minimal sequences (section 2 of
//!   *Variations on the Four-Post Tower of Hanoi Puzzle*): at the halfway point every disc
//!   is on a pin the mirror fixes, and the second half is the mirror image of the first in
//!   reverse order.

use super::graph::{state_graph, StateGraph};
use super::SearchError;
use crate::puzzle::{Config, Move, Puzzle};
use num_bigint::BigInt;
use num_traits::Zero;
use std::collections::VecDeque;

/// The outcome of [`longest_solutions`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LongestSolutions {
    /// Moves of the longest cycle-free solution; `None`: the goal is unreachable.
    pub length: Option<u64>,
    /// How many cycle-free solutions have that length.
    pub count: u64,
    /// The first one found (moves in order).
    pub witness: Vec<Move>,
    /// Reachable states of the puzzle (a cycle-free solution has at most `states - 1`
    /// moves, or `states` when start = goal).
    pub states: u64,
    /// Search-tree nodes visited.
    pub nodes: u64,
}

/// Why [`longest_solutions`] stopped without an answer.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LongestError {
    /// The state graph is too large to build.
    #[error("{0}")]
    Graph(#[from] SearchError),
    /// The depth-first search exceeded its node budget.
    #[error("the longest-path search exceeded its budget of {0} search-tree nodes")]
    Budget(u64),
}

/// The longest move sequences start → goal of `puzzle` that repeat no configuration (for
/// start = goal: closed tours that repeat only the start, at its end), for puzzles of at
/// most `max_states` states, visiting at most `max_nodes` search-tree nodes.
///
/// ```
/// use hanoilab::search::longest_solutions;
/// use hanoilab::sequences::moves::tower_puzzle;
/// use hanoilab::puzzle::MoveGraph;
/// // Classic, 3 discs: the longest non-repeating transfer visits all 27 states, and it is
/// // the only one.
/// let p = tower_puzzle(3, 3, MoveGraph::Complete, 0, 2);
/// let r = longest_solutions(&p, 1000, 1_000_000).unwrap();
/// assert_eq!((r.length, r.count, r.states), (Some(26), 1, 27));
/// ```
pub fn longest_solutions(
    puzzle: &Puzzle,
    max_states: usize,
    max_nodes: u64,
) -> Result<LongestSolutions, LongestError> {
    let g = state_graph(puzzle, max_states)?;
    let states = g.len() as u64;
    let Some(goal) = g.index_of(&puzzle.goal) else {
        return Ok(LongestSolutions {
            length: None,
            count: 0,
            witness: vec![],
            states,
            nodes: 1,
        });
    };
    let mut dfs = Dfs {
        g: &g,
        goal,
        closed: goal == 0,
        visited: vec![false; g.len()],
        path: vec![],
        best: None,
        count: 0,
        witness: vec![],
        nodes: 0,
        max_nodes,
        seen: vec![0; g.len()],
        stamp: 0,
        queue: VecDeque::new(),
        reached: vec![],
        preds: predecessors(&g),
    };
    dfs.visited[0] = true;
    // First ask for a solution through every state (the bound is then tight from the
    // start, which prunes hardest); only if there is none, search without a target.
    let everything = states - u64::from(goal != 0);
    dfs.best = Some(everything);
    dfs.go(0)?;
    if dfs.count == 0 {
        dfs.best = None;
        if goal == 0 {
            // The empty sequence is a (trivial) solution; longer tours replace it.
            dfs.best = Some(0);
            dfs.count = 1;
        }
        dfs.go(0)?;
    }
    Ok(LongestSolutions {
        length: dfs.best,
        count: dfs.count,
        witness: dfs.witness,
        states,
        nodes: dfs.nodes,
    })
}

struct Dfs<'a> {
    g: &'a StateGraph,
    goal: usize,
    /// Start = goal: a solution is a tour back to state 0.
    closed: bool,
    visited: Vec<bool>,
    path: Vec<Move>,
    best: Option<u64>,
    count: u64,
    witness: Vec<Move>,
    nodes: u64,
    max_nodes: u64,
    /// Scratch for the reachability bound (a stamp per state instead of clearing).
    seen: Vec<u64>,
    stamp: u64,
    queue: VecDeque<usize>,
    /// The states found by the last [`Dfs::reach`].
    reached: Vec<usize>,
    /// `preds[v]`: the states with a move into `v`.
    preds: Vec<Vec<usize>>,
}

fn predecessors(g: &StateGraph) -> Vec<Vec<usize>> {
    let mut preds = vec![vec![]; g.len()];
    for u in 0..g.len() {
        for &(v, _) in g.edges(u) {
            preds[v].push(u);
        }
    }
    preds
}

impl Dfs<'_> {
    fn record(&mut self, len: u64) {
        match self.best {
            Some(b) if b > len => {}
            Some(b) if b == len && self.count > 0 => self.count += 1,
            _ => {
                self.best = Some(len);
                self.count = 1;
                self.witness = self.path.clone();
            }
        }
    }

    /// Unvisited states reachable from `u` through unvisited states, and whether the goal
    /// can still be reached (for a tour: whether one of them, or `u`, steps back to 0).
    fn reach(&mut self, u: usize) -> (u64, bool) {
        self.stamp += 1;
        let stamp = self.stamp;
        let mut count = 0;
        let mut goal = false;
        self.queue.clear();
        self.reached.clear();
        self.queue.push_back(u);
        self.seen[u] = stamp;
        while let Some(x) = self.queue.pop_front() {
            for &(y, _) in self.g.edges(x) {
                if self.closed && y == 0 {
                    goal = true;
                }
                if self.visited[y] || self.seen[y] == stamp {
                    continue;
                }
                self.seen[y] = stamp;
                self.reached.push(y);
                count += 1;
                if y == self.goal {
                    goal = true;
                }
                self.queue.push_back(y);
            }
        }
        (count, goal)
    }

    /// When the bound is tight, every state of [`Dfs::reached`] must be on the rest of the
    /// path: each needs a predecessor among them or `u`, and (unless it is the goal) a
    /// successor among them (or, for a tour, the start), the two distinct. `false`: some
    /// state cannot be placed, so no path of the bound's length exists.
    fn all_placeable(&self, u: usize) -> bool {
        let stamp = self.stamp;
        self.reached.iter().all(|&w| {
            let pred = |p: usize| p == u || (self.seen[p] == stamp && !self.visited[p]);
            let mut ins = self.preds[w].iter().copied().filter(|&p| pred(p));
            let Some(first_in) = ins.next() else {
                return false;
            };
            if !self.closed && w == self.goal {
                return true;
            }
            let succ = |s: usize| {
                (self.closed && s == 0) || (self.seen[s] == stamp && !self.visited[s] && s != u)
            };
            let mut outs = self.g.edges(w).iter().map(|e| e.0).filter(|&s| succ(s));
            match outs.next() {
                None => false,
                Some(first_out) => {
                    first_out != first_in || ins.next().is_some() || outs.next().is_some()
                }
            }
        })
    }

    fn go(&mut self, u: usize) -> Result<(), LongestError> {
        self.nodes += 1;
        if self.nodes > self.max_nodes {
            return Err(LongestError::Budget(self.max_nodes));
        }
        let depth = self.path.len() as u64;
        if !self.closed && u == self.goal {
            self.record(depth);
            return Ok(());
        }
        let (more, goal_reachable) = self.reach(u);
        if !goal_reachable {
            return Ok(());
        }
        // Every further move enters a new state (a tour: plus the step home).
        let bound = depth + more + u64::from(self.closed);
        if self.best.is_some_and(|b| bound < b) {
            return Ok(());
        }
        if self.best == Some(bound) && !self.all_placeable(u) {
            return Ok(());
        }
        for i in 0..self.g.edges(u).len() {
            let (v, m) = self.g.edges(u)[i];
            if self.closed && v == 0 {
                self.path.push(m);
                self.record(depth + 1);
                self.path.pop();
                continue;
            }
            if self.visited[v] {
                continue;
            }
            self.visited[v] = true;
            self.path.push(m);
            self.go(v)?;
            self.path.pop();
            self.visited[v] = false;
        }
        Ok(())
    }
}

/// The outcome of [`symmetric_minimal_solutions`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SymmetricSolutions {
    /// The minimum number of moves start → goal; `None`: unreachable.
    pub minimum: Option<u64>,
    /// All minimal move sequences.
    pub minimal: BigInt,
    /// The symmetric ones.
    pub symmetric: BigInt,
    /// Reachable states.
    pub states: u64,
}

/// Counts the minimal move sequences of `puzzle` and those among them that are symmetric
/// under the pin permutation `mirror` (pin `p` ↦ `mirror[p]`), in Stockmeyer's sense: the
/// sequence of configurations `c_0, ..., c_L` satisfies `c_(L-i) = mirror(c_i)`, so at the
/// halfway point every disc is on a pin the mirror fixes (L even) or the middle move
/// exchanges two mirrored configurations (L odd), and each move of the second half is the
/// mirror image of a move of the first half, in reverse order.
///
/// The mirror must map the start to the goal and reverse the moves (for every move `u → v`,
/// `mirror(v) → mirror(u)` is a move), else the symmetry is not defined and this is an
/// error.
///
/// ```
/// use hanoilab::search::symmetric_minimal_solutions;
/// use hanoilab::sequences::moves::tower_puzzle;
/// use hanoilab::puzzle::MoveGraph;
/// // Classic, 4 discs: the unique minimal solution is its own mirror image (pins 0 and 2
/// // exchanged, time reversed).
/// let p = tower_puzzle(3, 4, MoveGraph::Complete, 0, 2);
/// let r = symmetric_minimal_solutions(&p, &[2, 1, 0], 1000).unwrap();
/// assert_eq!((r.minimum, r.minimal.clone(), r.symmetric.clone()), (Some(15), 1.into(), 1.into()));
/// ```
pub fn symmetric_minimal_solutions(
    puzzle: &Puzzle,
    mirror: &[usize],
    max_states: usize,
) -> Result<SymmetricSolutions, SearchError> {
    let mut seen = vec![false; puzzle.pins];
    if mirror.len() != puzzle.pins
        || mirror
            .iter()
            .any(|&q| q >= puzzle.pins || std::mem::replace(&mut seen[q], true))
    {
        return Err(SearchError::Malformed(format!(
            "mirror {mirror:?}: not a permutation of the {} pins",
            puzzle.pins
        )));
    }
    if mirror.iter().enumerate().any(|(p, &q)| mirror[q] != p) {
        return Err(SearchError::Malformed(format!(
            "mirror {mirror:?}: not an involution (mirroring twice must give the identity)"
        )));
    }
    let reflect = |c: &Config| -> Config {
        let mut pins = vec![vec![]; c.pins.len()];
        for (p, stack) in c.pins.iter().enumerate() {
            pins[mirror[p]] = stack.clone();
        }
        Config {
            pins,
            colours: c.colours.clone(),
        }
    };
    if reflect(&puzzle.start) != puzzle.goal {
        return Err(SearchError::Malformed(format!(
            "mirror {mirror:?} does not map the start to the goal"
        )));
    }
    let g = state_graph(puzzle, max_states)?;
    let image: Vec<Option<usize>> = (0..g.len())
        .map(|i| g.index_of(&reflect(g.config(i))))
        .collect();
    for u in 0..g.len() {
        for &(v, _) in g.edges(u) {
            let ok = match (image[v], image[u]) {
                (Some(mv), Some(mu)) => g.edges(mv).iter().any(|&(w, _)| w == mu),
                _ => false,
            };
            if !ok {
                return Err(SearchError::Malformed(format!(
                    "mirror {mirror:?} does not reverse the moves of this puzzle"
                )));
            }
        }
    }
    let states = g.len() as u64;
    let goal = g.index_of(&puzzle.goal);
    // Shortest-path counts from the start, layer by layer.
    let dist = g.distances_from(0);
    let Some(goal) = goal.filter(|&t| dist[t] != u64::MAX) else {
        return Ok(SymmetricSolutions {
            minimum: None,
            minimal: BigInt::zero(),
            symmetric: BigInt::zero(),
            states,
        });
    };
    let mut order: Vec<usize> = (0..g.len()).filter(|&i| dist[i] != u64::MAX).collect();
    order.sort_by_key(|&i| dist[i]);
    let mut paths = vec![BigInt::zero(); g.len()];
    paths[0] = BigInt::from(1);
    for &u in &order {
        if paths[u].is_zero() {
            continue;
        }
        let pu = paths[u].clone();
        for &(v, _) in g.edges(u) {
            if dist[v] == dist[u] + 1 {
                paths[v] += &pu;
            }
        }
    }
    let l = dist[goal];
    let mut symmetric = BigInt::zero();
    for &u in &order {
        if l % 2 == 0 && dist[u] == l / 2 && image[u] == Some(u) {
            symmetric += &paths[u];
        }
        if l % 2 == 1 && dist[u] == l / 2 {
            if let Some(m) = image[u] {
                let steps = g.edges(u).iter().filter(|&&(v, _)| v == m).count();
                symmetric += &paths[u] * BigInt::from(steps);
            }
        }
    }
    Ok(SymmetricSolutions {
        minimum: Some(l),
        minimal: paths[goal].clone(),
        symmetric,
        states,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::MoveGraph;
    use crate::sequences::moves::tower_puzzle;

    /// Every simple path start → goal (for start = goal: every tour that repeats only the
    /// start), without pruning: (longest length, how many of that length, how many in all).
    fn brute_all(p: &Puzzle) -> (u64, u64, u64) {
        let g = state_graph(p, 1 << 16).unwrap();
        let goal = g.index_of(&p.goal).unwrap();
        let closed = goal == 0;
        let mut vis = vec![false; g.len()];
        vis[0] = true;
        let mut best = (0u64, 0u64, 0u64);
        let note = |d: u64, best: &mut (u64, u64, u64)| {
            best.2 += 1;
            if d > best.0 {
                (best.0, best.1) = (d, 1);
            } else if d == best.0 {
                best.1 += 1;
            }
        };
        // Explicit stack: (state, depth, next edge index).
        let mut stack = vec![(0usize, 0u64, 0usize)];
        if closed {
            note(0, &mut best); // the empty tour
        }
        while let Some(&mut (u, d, ref mut i)) = stack.last_mut() {
            if !closed && u == goal {
                note(d, &mut best);
                vis[u] = false;
                stack.pop();
                continue;
            }
            let Some(&(v, _)) = g.edges(u).get(*i) else {
                vis[u] = false;
                stack.pop();
                continue;
            };
            *i += 1;
            if closed && v == 0 {
                note(d + 1, &mut best);
            } else if !vis[v] {
                vis[v] = true;
                stack.push((v, d + 1, 0));
            }
        }
        best
    }

    #[test]
    fn brute_force_counts_every_non_selfcrossing_path() {
        // Wikipedia, Tower of Hanoi (001_f2dd7c3193aeec0c.txt), Graphical representation: the
        // number N_h of non selfcrossing paths moving a tower of h disks from one peg to
        // another is N_1 = 2, N_(h+1) = N_h^2 + N_h^3: 2, 12, 1872.
        for (h, n_h) in [(1u32, 2u64), (2, 12), (3, 1872)] {
            let p = tower_puzzle(3, h, MoveGraph::Complete, 0, 2);
            assert_eq!(brute_all(&p).2, n_h, "h = {h}");
        }
    }

    #[test]
    fn longest_equals_brute_force_for_paths_and_tours() {
        for (pins, graph, n, goal) in [
            (3, MoveGraph::Complete, 2, 2),
            (3, MoveGraph::Path, 2, 2),
            (4, MoveGraph::Cycle, 2, 2),
            (4, MoveGraph::Path, 2, 3),
            (3, MoveGraph::Cycle, 2, 1),
            (3, MoveGraph::Complete, 3, 2),
            (3, MoveGraph::Complete, 2, 0),
            (3, MoveGraph::Complete, 3, 0),
            (3, MoveGraph::Path, 3, 0),
            (3, MoveGraph::Path, 2, 1),
            (4, MoveGraph::Cycle, 2, 0),
            (4, MoveGraph::Cycle, 1, 0),
            (4, MoveGraph::Complete, 1, 3),
            (4, MoveGraph::Complete, 1, 0),
        ] {
            let p = tower_puzzle(pins, n, graph.clone(), 0, goal);
            let r = longest_solutions(&p, 1 << 16, 1 << 24).unwrap();
            let (len, count, _) = brute_all(&p);
            assert_eq!(
                (r.length, r.count),
                (Some(len), count),
                "{pins} pins {graph:?} n = {n} goal {goal}"
            );
            // The witness is a solution of that length under the rules.
            let mut c = p.start.clone();
            for m in &r.witness {
                c = crate::search::try_move(&p, &c, m.from as usize, m.to as usize).unwrap();
            }
            assert_eq!(c, p.goal);
            assert_eq!(r.witness.len() as u64, len);
        }
    }

    #[test]
    fn classic_longest_path_is_unique_and_visits_every_state() {
        // Sniedovich (003_227df5b243378ddd.txt), Theorem 5: the 'max version' of size m has
        // G(m) = 3^m - 1 moves; Wikipedia (001), Long solutions: "this uniquely defined
        // solution" is a Hamilton path; circular Hamilton path: "exactly two solutions",
        // of length 3^h.
        for n in 1..=4u32 {
            let p = tower_puzzle(3, n, MoveGraph::Complete, 0, 2);
            let r = longest_solutions(&p, 1000, 1 << 24).unwrap();
            assert_eq!((r.length, r.count), (Some(3u64.pow(n) - 1), 1), "n = {n}");
            let p = tower_puzzle(3, n, MoveGraph::Complete, 0, 0);
            let r = longest_solutions(&p, 1000, 1 << 24).unwrap();
            assert_eq!((r.length, r.count), (Some(3u64.pow(n)), 2), "n = {n}");
        }
    }

    #[test]
    fn longest_tour_back_to_the_start_visits_every_classic_state() {
        // Classic, 3 discs, pin 0 back to pin 0: a Hamiltonian cycle of the 27 states.
        let p = tower_puzzle(3, 3, MoveGraph::Complete, 0, 0);
        let r = longest_solutions(&p, 1000, 1 << 24).unwrap();
        assert_eq!((r.length, r.states), (Some(27), 27));
    }

    #[test]
    fn node_budget_is_an_error_not_an_answer() {
        let p = tower_puzzle(3, 3, MoveGraph::Complete, 0, 2);
        assert!(matches!(
            longest_solutions(&p, 1000, 5),
            Err(LongestError::Budget(5))
        ));
    }

    /// Every minimal sequence, enumerated, each tested for symmetry directly.
    fn brute_symmetric(p: &Puzzle, mirror: &[usize]) -> (u64, u64) {
        let g = state_graph(p, 1 << 16).unwrap();
        let goal = g.index_of(&p.goal).unwrap();
        let dist = g.distances_from(0);
        let reflect = |c: &Config| {
            let mut pins = vec![vec![]; c.pins.len()];
            for (q, s) in c.pins.iter().enumerate() {
                pins[mirror[q]] = s.clone();
            }
            Config {
                pins,
                colours: c.colours.clone(),
            }
        };
        let mut all = 0;
        let mut sym = 0;
        let mut stack = vec![vec![0usize]];
        while let Some(path) = stack.pop() {
            let u = *path.last().unwrap();
            if u == goal {
                all += 1;
                let l = path.len() - 1;
                if (0..=l).all(|i| *g.config(path[l - i]) == reflect(g.config(path[i]))) {
                    sym += 1;
                }
                continue;
            }
            for &(v, _) in g.edges(u) {
                if dist[v] == dist[u] + 1 {
                    let mut q = path.clone();
                    q.push(v);
                    stack.push(q);
                }
            }
        }
        (all, sym)
    }

    #[test]
    fn symmetric_counts_equal_enumeration() {
        for (pins, graph, n, goal, mirror) in [
            (4, MoveGraph::Cycle, 1, 2, vec![2, 1, 0, 3]),
            (4, MoveGraph::Cycle, 2, 2, vec![2, 1, 0, 3]),
            (4, MoveGraph::Cycle, 3, 2, vec![2, 1, 0, 3]),
            (4, MoveGraph::Cycle, 4, 2, vec![2, 1, 0, 3]),
            (3, MoveGraph::Complete, 3, 2, vec![2, 1, 0]),
            (4, MoveGraph::Complete, 4, 3, vec![3, 2, 1, 0]),
            (4, MoveGraph::Complete, 5, 3, vec![3, 1, 2, 0]),
            (4, MoveGraph::Path, 3, 3, vec![3, 2, 1, 0]),
        ] {
            let p = tower_puzzle(pins, n, graph.clone(), 0, goal);
            let r = symmetric_minimal_solutions(&p, &mirror, 1 << 16).unwrap();
            let (all, sym) = brute_symmetric(&p, &mirror);
            assert_eq!(
                (r.minimal.clone(), r.symmetric.clone()),
                (BigInt::from(all), BigInt::from(sym)),
                "{pins} pins {graph:?} n = {n} mirror {mirror:?}"
            );
        }
    }

    #[test]
    fn a_mirror_must_map_start_to_goal_and_be_an_involution() {
        let p = tower_puzzle(4, 2, MoveGraph::Cycle, 0, 2);
        assert!(symmetric_minimal_solutions(&p, &[1, 2, 3, 0], 100).is_err());
        assert!(symmetric_minimal_solutions(&p, &[0, 1, 2, 3], 100).is_err());
        assert!(symmetric_minimal_solutions(&p, &[2, 1, 0], 100).is_err());
        // Pins 1 and 3 exchanged with 0 and 2: maps start to goal but keeps the direction
        // of the cycle, so it does not reverse moves.
        assert!(symmetric_minimal_solutions(&p, &[2, 3, 0, 1], 100).is_err());
    }
}

//! The permutations of the pins that are automorphisms of a state graph, and the orbits of
//! its states under them.
//!
//! Renaming the pins of every configuration maps the classic graph H_3^n onto itself for
//! each of the 3! permutations, and these are all its automorphisms (Arett and Dorée,
//! "Coloring and counting on the Tower of Hanoi graphs", Math. Magazine 83, 2010); the
//! cyclic variant keeps the three rotations, other rules fewer or none. A
//! statistic of all pairs (distances, eccentricities, shortest-path counts) is the same from
//! every state of an orbit, so one search per orbit, weighted by the orbit's size, gives it
//! exactly. Nothing is assumed about the rules: a permutation counts only when it maps every
//! state to a state and every move to a move of the graph.
//!
//! ```
//! use hanoilab::graph::symmetry::{pin_automorphisms, pin_orbits};
//! use hanoilab::puzzle::bench::classic_puzzle;
//! use hanoilab::search::state_graph;
//! let g = state_graph(&classic_puzzle(3), 1000).unwrap();
//! assert_eq!(pin_automorphisms(&g).len(), 6);
//! // the three perfect towers form one orbit, the other 24 states four of six
//! let o = pin_orbits(&g);
//! assert_eq!(o.count(), 5);
//! ```

use crate::puzzle::Config;
use crate::search::StateGraph;

/// Pin permutations are tried for at most this many pins (7! = 5040 candidates).
pub const MAX_PINS: usize = 7;

/// Every permutation of `0..p`, the identity first (lexicographic order).
fn permutations(p: usize) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    let mut current: Vec<usize> = (0..p).collect();
    loop {
        out.push(current.clone());
        // next permutation in lexicographic order
        let Some(i) = (1..p).rev().find(|&i| current[i - 1] < current[i]) else {
            return out;
        };
        let j = (i..p)
            .rev()
            .find(|&j| current[j] > current[i - 1])
            .expect("a larger element follows");
        current.swap(i - 1, j);
        current[i..].reverse();
    }
}

/// `config` with the stack of pin `i` moved to pin `sigma[i]`.
fn renamed(config: &Config, sigma: &[usize]) -> Config {
    let mut pins = vec![Vec::new(); config.pins.len()];
    for (i, stack) in config.pins.iter().enumerate() {
        pins[sigma[i]] = stack.clone();
    }
    Config {
        pins,
        colours: config.colours.clone(),
    }
}

/// The map of states of `sigma`, when it is an automorphism of `g`.
fn state_map(g: &StateGraph, sigma: &[usize]) -> Option<Vec<u32>> {
    let map: Vec<u32> = (0..g.len())
        .map(|u| g.index_of(&renamed(g.config(u), sigma)).map(|x| x as u32))
        .collect::<Option<_>>()?;
    // Each out-neighbourhood maps into the image's (hence onto it: the map is a bijection
    // of the states and the neighbourhoods' sizes add up to the same total).
    let arcs_kept = (0..g.len()).all(|u| {
        let image = g.edges(map[u] as usize);
        g.edges(u)
            .iter()
            .all(|&(v, _)| image.iter().any(|&(w, _)| w == map[v] as usize))
    });
    arcs_kept.then_some(map)
}

/// The pin permutations that are automorphisms of `g`, as maps of its states (`map[u]`:
/// the image of state `u`), the identity first. They form a group. Graphs of more than
/// [`MAX_PINS`] pins get the identity only.
pub fn pin_automorphisms(g: &StateGraph) -> Vec<Vec<u32>> {
    let identity: Vec<u32> = (0..g.len() as u32).collect();
    let pins = if g.is_empty() {
        0
    } else {
        g.config(0).pins.len()
    };
    if pins > MAX_PINS || g.len() > u32::MAX as usize {
        return vec![identity];
    }
    let mut maps = vec![identity];
    for sigma in permutations(pins).into_iter().skip(1) {
        if let Some(m) = state_map(g, &sigma) {
            maps.push(m);
        }
    }
    maps
}

/// The orbits of the states of a graph under a group of automorphisms ([`pin_orbits`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Orbits {
    /// `orbit[u]`: the least state of the orbit of `u` (its name).
    pub orbit: Vec<u32>,
    /// `size[u]`: the number of states in the orbit of `u`.
    pub size: Vec<u32>,
}

impl Orbits {
    /// Every state its own orbit.
    pub fn trivial(states: usize) -> Orbits {
        Orbits {
            orbit: (0..states as u32).collect(),
            size: vec![1; states],
        }
    }

    /// The orbits of the states under `maps` (a group of state maps, such as
    /// [`pin_automorphisms`] returns).
    pub fn of_group(maps: &[Vec<u32>]) -> Orbits {
        let states = maps.first().map_or(0, Vec::len);
        let mut orbit = vec![0u32; states];
        let mut size = vec![0u32; states];
        let mut images: Vec<u32> = Vec::with_capacity(maps.len());
        for u in 0..states {
            images.clear();
            images.extend(maps.iter().map(|m| m[u]));
            images.sort_unstable();
            images.dedup();
            orbit[u] = images[0];
            size[u] = images.len() as u32;
        }
        Orbits { orbit, size }
    }

    /// The number of orbits.
    pub fn count(&self) -> usize {
        self.orbit
            .iter()
            .enumerate()
            .filter(|&(u, &o)| o as usize == u)
            .count()
    }
}

/// The orbits of the states of `g` under its pin automorphisms.
pub fn pin_orbits(g: &StateGraph) -> Orbits {
    Orbits::of_group(&pin_automorphisms(g))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::bench::classic_puzzle;
    use crate::search::state_graph;
    use crate::variants::{Params, Variant};

    #[test]
    fn permutations_are_all_there_once() {
        for p in 0..=5usize {
            let all = permutations(p);
            assert_eq!(all.len(), (1..=p).product::<usize>().max(1));
            let mut sorted = all.clone();
            sorted.sort();
            sorted.dedup();
            assert_eq!(sorted.len(), all.len());
            assert_eq!(all[0], (0..p).collect::<Vec<_>>());
        }
    }

    #[test]
    fn hanoi_graphs_have_the_symmetric_group_on_the_pins() {
        for n in 1..=5u32 {
            let g = state_graph(&classic_puzzle(n), 1000).unwrap();
            assert_eq!(pin_automorphisms(&g).len(), 6);
            // (3^n - 3) / 6 orbits of six states, and the three perfect towers
            assert_eq!(pin_orbits(&g).count() as u64, (3u64.pow(n) - 3) / 6 + 1);
        }
    }

    #[test]
    fn directed_rules_keep_only_the_rotations() {
        let v = Variant::builtin("cyclic").unwrap();
        let f = v.default_function().name.clone();
        let g = state_graph(&v.puzzle(&f, 3, &Params::new()).unwrap(), 1000).unwrap();
        let maps = pin_automorphisms(&g);
        assert_eq!(maps.len(), 3);
        // each map is an automorphism: arcs go to arcs
        for m in &maps {
            for u in 0..g.len() {
                for &(v, _) in g.edges(u) {
                    let image = g.edges(m[u] as usize);
                    assert!(image.iter().any(|&(w, _)| w == m[v] as usize));
                }
            }
        }
    }
}

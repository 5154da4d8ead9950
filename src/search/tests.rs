//! Tests of the search module. Numbers come from the literature (source in a comment) or
//! from a second, independent route (closed forms, the simulator, the other encoding).

use super::bfs::search_with;
use super::*;
use crate::facts::{compare_with_algorithm, summarize_comparison, SearchBudget};
use crate::puzzle::{simulate, MoveGraph, Recolour, Tower};
use crate::sequences::moves::tower_puzzle;
use crate::variants::{Params, Variant};
use std::time::Duration;

fn opts() -> SearchOptions<'static> {
    SearchOptions::default()
}

fn counting() -> SearchOptions<'static> {
    SearchOptions {
        count: true,
        solution: true,
        ..Default::default()
    }
}

/// The whole reachable graph of `p`, default options otherwise.
fn explore(p: &Puzzle) -> SearchResult {
    let o = SearchOptions {
        explore_all: true,
        ..opts()
    };
    search(p, &o).unwrap()
}

/// Loads a variant by id, or from `data/variants/ID.toml` when the id is not registered as
/// a built-in (cyclic4 and four-in-a-row are files only, at the time of writing).
fn load(id: &str) -> Variant {
    Variant::load(id).unwrap_or_else(|_| {
        let path = format!("{}/data/variants/{id}.toml", env!("CARGO_MANIFEST_DIR"));
        Variant::load(&path).unwrap()
    })
}

/// A built-in variant's puzzle (the other search modules' tests use it too).
pub(super) fn variant_puzzle(id: &str, function: &str, n: i64) -> Puzzle {
    load(id).puzzle(function, n, &Params::new()).unwrap()
}

/// A deterministic pseudo-random sequence (xorshift), for random walks.
fn rng(seed: u64) -> impl FnMut() -> u64 {
    let mut x = seed.max(1);
    move || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    }
}

/// Reversi (Lunnon 000_3e39fda85b098e00.txt, section Reversi Hanoi) on `pins` uncoloured
/// pins, tower 0 -> `to`, goal colours unchanged or flipped.
fn reversi_puzzle(pins: usize, n: i64, to: usize, flipped: bool) -> Puzzle {
    let mut p = variant_puzzle("reversi", "G", n);
    p.pins = pins;
    p.rules.arcs = MoveGraph::Complete.arcs(pins);
    p.bases = vec![None; pins];
    let stack = p.start.pins[0].clone();
    p.start.pins = vec![Vec::new(); pins];
    p.start.pins[0] = stack.clone();
    p.goal.pins = vec![Vec::new(); pins];
    p.goal.pins[to] = stack;
    p.goal.colours = p.start.colours.clone();
    if flipped {
        p.goal.colours.iter_mut().for_each(|c| *c = 1 - *c);
    }
    p
}

#[test]
fn try_move_agrees_with_the_simulator_on_random_walks() {
    let puzzles = [
        variant_puzzle("domino", "DDE", 4),
        variant_puzzle("reversi", "BABB", 4),
        variant_puzzle("antwerp", "T33", 2),
        variant_puzzle("turtle", &load("turtle").default_function().name.clone(), 2),
        variant_puzzle("lundon", &load("lundon").default_function().name.clone(), 3),
        variant_puzzle("rainbow", "DDD", 4),
        variant_puzzle("cyclic4", "N", 4),
        variant_puzzle("checkers", "P", 3),
    ];
    let mut next = rng(12345);
    for p in &puzzles {
        let mut tower = Tower::new(p);
        for step in 0..400u64 {
            let config = tower.config();
            let mut legal = Vec::new();
            for from in 0..p.pins {
                for to in 0..p.pins {
                    let mine = try_move(p, &config, from, to);
                    let mut t = tower.clone();
                    let theirs = t
                        .play(p, Move::new(from, to), step)
                        .ok()
                        .map(|_| t.config());
                    assert_eq!(mine, theirs, "{from}->{to} from {config:?}");
                    if mine.is_some() {
                        legal.push(Move::new(from, to));
                    }
                }
            }
            if legal.is_empty() {
                break;
            }
            let m = legal[(next() % legal.len() as u64) as usize];
            tower.play(p, m, step).unwrap();
        }
    }
}

#[test]
fn dense_and_generic_encodings_agree() {
    let puzzles = [
        tower_puzzle(3, 5, MoveGraph::Complete, 0, 2),
        tower_puzzle(4, 4, MoveGraph::Cycle, 0, 2),
        variant_puzzle("domino", "DDE", 4),
        variant_puzzle("domino", "EDD", 3),
        variant_puzzle("reversi", "BABB", 4),
        variant_puzzle("reversi", "H", 3),
        variant_puzzle("lundon", &load("lundon").default_function().name.clone(), 3),
        variant_puzzle("rainbow", "DDD", 4),
        reversi_puzzle(3, 3, 2, false),
        variant_puzzle("checkers", "P", 5),
        tower_puzzle(8, 3, MoveGraph::Star(7), 0, 6),
        tower_puzzle(2, 3, MoveGraph::Complete, 0, 1),
    ];
    for p in &puzzles {
        let all = SearchOptions {
            explore_all: true,
            ..counting()
        };
        let a = search_with(p, &all, true).unwrap();
        let b = search_with(p, &all, false).unwrap();
        let sparse = SearchOptions {
            sparse: true,
            ..all
        };
        let c = search_with(p, &sparse, true).unwrap();
        assert!(matches!(a.encoding, Encoding::Dense { .. }));
        assert!(matches!(c.encoding, Encoding::Sparse { .. }));
        assert_eq!(
            (
                a.minimum,
                a.states,
                &a.layers,
                &a.optimal_solutions,
                &a.solution
            ),
            (
                c.minimum,
                c.states,
                &c.layers,
                &c.optimal_solutions,
                &c.solution
            )
        );
        assert!(matches!(
            b.encoding,
            Encoding::Generic | Encoding::SortedLayers
        ));
        assert_eq!(
            (a.minimum, a.states, &a.layers, &a.optimal_solutions),
            (b.minimum, b.states, &b.layers, &b.optimal_solutions)
        );
        if let Some(s) = a.solution {
            assert_eq!(
                simulate(p, s.iter().copied()).unwrap().moves,
                a.minimum.unwrap()
            );
        }
    }
}

#[test]
fn single_threaded_and_parallel_runs_agree() {
    let p = tower_puzzle(4, 7, MoveGraph::Complete, 0, 3);
    let one = search(
        &p,
        &SearchOptions {
            threads: 1,
            explore_all: true,
            ..opts()
        },
    )
    .unwrap();
    let two = search(
        &p,
        &SearchOptions {
            threads: 2,
            explore_all: true,
            ..opts()
        },
    )
    .unwrap();
    assert_eq!((one.states, &one.layers), (two.states, &two.layers));
    assert_eq!(one.reachable_states(), Some(4u64.pow(7)));
}

/// Layers of the 4-peg puzzle with 9 discs outgrow the list cap (one bitset's worth, 4096
/// entries), so the bitset frontier is used; the sparse search (hash set, lists only) must
/// give the same layers.
#[test]
fn bitset_frontier_agrees_with_the_sparse_search() {
    let p = crate::sequences::moves::frame_stewart_puzzle(4, 9);
    let all = SearchOptions {
        explore_all: true,
        ..opts()
    };
    let a = search(&p, &all).unwrap();
    let b = search(
        &p,
        &SearchOptions {
            sparse: true,
            ..all
        },
    )
    .unwrap();
    assert!(a.layers.iter().any(|&l| l > 4096));
    assert_eq!((a.states, &a.layers), (b.states, &b.layers));
    assert_eq!(a.reachable_states(), Some(1 << 18));
}

#[test]
fn classic_needs_two_to_the_n_minus_one_moves_with_one_optimal_solution() {
    for n in 1..=10u32 {
        let p = tower_puzzle(3, n, MoveGraph::Complete, 0, 2);
        let r = search(&p, &counting()).unwrap();
        assert_eq!(r.minimum, Some((1 << n) - 1), "n = {n}");
        assert_eq!(r.optimal_solutions, Some(BigInt::from(1)), "n = {n}");
        let s = r.solution.unwrap();
        assert_eq!(simulate(&p, s).unwrap().moves, (1 << n) - 1);
    }
}

/// Wikipedia (seed 001): the state graph of the classic puzzle on 3 pins has 3^n states,
/// diameter 2^n - 1, and its three corners (a whole tower on one pin) are the only states
/// of degree 2.
#[test]
fn classic_state_graph_has_three_corners_and_diameter_two_to_the_n_minus_one() {
    for n in 1..=6u32 {
        let p = tower_puzzle(3, n, MoveGraph::Complete, 0, 2);
        let g = state_graph(&p, 1 << 20).unwrap();
        assert_eq!(g.len(), 3usize.pow(n));
        assert!(g.is_symmetric());
        assert_eq!(g.diameter(), Some((1 << n) - 1));
        let corners: Vec<usize> = (0..g.len()).filter(|&i| g.degree(i) == 2).collect();
        assert_eq!(corners.len(), 3);
        for i in corners {
            assert_eq!(g.config(i).pins.iter().filter(|s| s.is_empty()).count(), 2);
        }
        assert!((0..g.len()).all(|i| (2..=3).contains(&g.degree(i))));
    }
}

/// Wiener index of the classic state graph, derived by hand: n = 1 is a triangle (3 pairs
/// at distance 1). n = 2: states (pin of the large disc a, pin of the small disc x); the
/// three triangles "large on a" give 9 pairs at distance 1; triangles a and b are joined by
/// the edge (a, c)–(b, c), c the third pin, so d((a, x), (b, y)) = [x != c] + 1 + [y != c]
/// (the detour through triangle c is at least 3), summing to 6 + 9 + 6 = 21 per pair of
/// triangles: W = 9 + 3 · 21 = 72.
#[test]
fn wiener_index_of_small_hanoi_graphs() {
    let p = tower_puzzle(3, 1, MoveGraph::Complete, 0, 2);
    assert_eq!(state_graph(&p, 100).unwrap().wiener_index(), Some(3.into()));
    let p = tower_puzzle(3, 2, MoveGraph::Complete, 0, 2);
    assert_eq!(
        state_graph(&p, 100).unwrap().wiener_index(),
        Some(72.into())
    );
    // The cyclic move digraph is not symmetric: no Wiener index.
    let p = tower_puzzle(3, 2, MoveGraph::Cycle, 0, 2);
    assert_eq!(state_graph(&p, 100).unwrap().wiener_index(), None);
}

#[test]
fn frame_stewart_is_optimal_for_four_pegs_up_to_ten_discs() {
    for n in 1..=10u32 {
        let p = crate::sequences::moves::frame_stewart_puzzle(4, n);
        let r = search(&p, &opts()).unwrap();
        let fs = crate::sequences::frame_stewart(n as u64, 4).unwrap();
        assert_eq!(BigInt::from(r.minimum.unwrap()), fs, "n = {n}");
    }
}

/// Stockmeyer (004_33861799d4694a49.txt, section 2): "An exhaustive search gives the actual
/// minimum possible number of moves as 2, 8, 18, 36, 66, 120, and 210"; "48 different move
/// sequences" for n = 3; "640 minimal move sequences for n = 4, 2688 for n = 5, and a
/// whopping 54,839,936 for n = 6".
#[test]
fn stockmeyer_cyclic_four_post_minima_and_counts() {
    let minima = [2, 8, 18, 36, 66, 120, 210];
    for (n, &m) in (1..).zip(&minima) {
        let p = variant_puzzle("cyclic4", "N", n);
        assert_eq!(p, crate::sequences::moves::cyclic4_puzzle(n as u32));
        let r = search(&p, &opts()).unwrap();
        assert_eq!(r.minimum, Some(m), "n = {n}");
    }
    for (n, count) in [(3, 48u64), (4, 640), (5, 2688), (6, 54_839_936)] {
        let p = variant_puzzle("cyclic4", "N", n);
        let r = search(&p, &counting()).unwrap();
        assert_eq!(r.optimal_solutions, Some(BigInt::from(count)), "n = {n}");
        let s = r.solution.unwrap();
        assert_eq!(simulate(&p, s).unwrap().moves, r.minimum.unwrap());
    }
}

/// Stockmeyer (004_33861799d4694a49.txt, section 3): four-in-a-row "For n from 1 to 6, the
/// number of moves required is 3, 10, 19, 34, 57, and 88, but already with 6 disks we have
/// 2,097,152 different minimal move sequences."
#[test]
fn stockmeyer_four_in_a_row_minima_and_count() {
    let minima = [3, 10, 19, 34, 57, 88];
    for (n, &m) in (1..).zip(&minima) {
        let p = variant_puzzle("four-in-a-row", "R", n);
        assert_eq!(p, tower_puzzle(4, n as u32, MoveGraph::Path, 0, 3));
        assert_eq!(search(&p, &opts()).unwrap().minimum, Some(m), "n = {n}");
    }
    let p = variant_puzzle("four-in-a-row", "R", 6);
    let r = search(&p, &counting()).unwrap();
    assert_eq!(r.optimal_solutions, Some(BigInt::from(2_097_152u64)));
    assert_eq!(simulate(&p, r.solution.unwrap()).unwrap().moves, 88);
}

/// Sniedovich (seed 003) / Stockmeyer section 3: the three-in-a-row state graph is a path
/// through all 3^n states with the two towers at its ends, so the longest acyclic
/// start → goal route has 3^n - 1 moves (and so has the shortest: it is the only one).
#[test]
fn three_in_a_row_state_graph_is_a_path_between_the_towers() {
    for n in 1..=6u32 {
        let p = tower_puzzle(3, n, MoveGraph::Path, 0, 2);
        let g = state_graph(&p, 1 << 20).unwrap();
        let states = 3usize.pow(n);
        assert_eq!(g.len(), states, "connected: every configuration reachable");
        assert!(g.is_symmetric());
        assert!((0..g.len()).all(|i| g.degree(i) <= 2));
        let ends: Vec<usize> = (0..g.len()).filter(|&i| g.degree(i) == 1).collect();
        let goal = g.index_of(&p.goal).unwrap();
        assert_eq!(
            ends,
            vec![0, goal]
                .into_iter()
                .collect::<std::collections::BTreeSet<_>>()
                .into_iter()
                .collect::<Vec<_>>()
        );
        assert_eq!(
            g.arcs(),
            2 * (states - 1),
            "a tree with max degree 2: a path"
        );
        assert_eq!(g.distances_from(0)[goal], states as u64 - 1);
        let r = search(&p, &counting()).unwrap();
        assert_eq!(r.minimum, Some(states as u64 - 1));
        assert_eq!(r.optimal_solutions, Some(BigInt::from(1)));
    }
}

/// Lunnon (000_3e39fda85b098e00.txt, section Reversi Hanoi): "m = 3 pins turns out overly
/// economical: at least m = 4 pins are required for a solution to be possible." The search
/// finds this true from n = 4 on (only 29 configurations are then reachable, for every n),
/// while n <= 3 are soluble on three pins (the solutions are checked by the simulator).
#[test]
fn reversi_on_three_pins_is_insoluble_from_four_discs() {
    for n in 1..=3 {
        for (to, flipped) in [(2, false), (2, true), (0, true)] {
            let p = reversi_puzzle(3, n, to, flipped);
            let r = search(&p, &counting()).unwrap();
            let s = r.solution.unwrap();
            assert_eq!(simulate(&p, s).unwrap().moves, r.minimum.unwrap());
        }
    }
    for n in 4..=7 {
        for (to, flipped) in [(2, false), (2, true), (0, true)] {
            let p = reversi_puzzle(3, n, to, flipped);
            let r = search(&p, &counting()).unwrap();
            assert_eq!(r.minimum, None, "n = {n}");
            assert_eq!((r.complete, r.states), (true, 29));
            assert_eq!(r.optimal_solutions, None);
            assert_eq!(r.solution, None);
        }
        // ... while four pins solve it (Reversi_G: 2(2^n - 1) moves is an upper bound).
        let p4 = reversi_puzzle(4, n, 3, false);
        let m = search(&p4, &opts()).unwrap().minimum.unwrap();
        assert!(m <= 2 * ((1 << n) - 1));
    }
}

#[test]
fn memory_limit_is_checked_before_the_run() {
    let p = crate::sequences::moves::frame_stewart_puzzle(4, 12);
    let o = SearchOptions {
        memory_limit: Some(1 << 20),
        ..opts()
    };
    let estimate = estimate_memory(&p, &o).unwrap();
    // Five bitsets over 4^12 states (visited, two frontiers, the spare, the threads' lists),
    // give or take the pilot's prediction of the lists.
    let bitsets = 5 * (1u64 << 24) / 8;
    assert!(estimate.abs_diff(bitsets) < bitsets / 4, "{estimate}");
    let e = search(&p, &o).unwrap_err();
    assert_eq!(
        e,
        SearchError::MemoryLimit {
            estimate,
            limit: 1 << 20,
            during: false,
        }
    );
    assert!(e.to_string().contains("limit is 1.0 MiB"), "{e}");
}

#[test]
fn explore_all_gives_reachable_states_and_eccentricity() {
    // Classic from a corner: every configuration is reachable, eccentricity 2^n - 1.
    let p = tower_puzzle(3, 6, MoveGraph::Complete, 0, 2);
    let r = explore(&p);
    assert_eq!(r.reachable_states(), Some(729));
    assert_eq!(r.start_eccentricity(), Some(63));
    assert_eq!(r.minimum, Some(63));
    let g = state_graph(&p, 1 << 20).unwrap();
    assert_eq!(g.eccentricity(0), 63);
    assert_eq!(r.layers.iter().sum::<u64>(), 729);
}

#[test]
fn progress_is_reported_per_layer() {
    let p = tower_puzzle(3, 4, MoveGraph::Complete, 0, 2);
    let layers = std::sync::Mutex::new(Vec::new());
    let hook = |pr: Progress| layers.lock().unwrap().push(pr.layer);
    let o = SearchOptions {
        progress: Some(&hook),
        ..opts()
    };
    let r = search(&p, &o).unwrap();
    assert_eq!(*layers.lock().unwrap(), r.layers);
}

#[test]
fn start_equal_to_goal_needs_no_moves() {
    let p = variant_puzzle("longest", "H", 3);
    let r = search(&p, &counting()).unwrap();
    assert_eq!(r.minimum, Some(0));
    assert_eq!(r.optimal_solutions, Some(1.into()));
    assert_eq!(r.solution, Some(vec![]));
}

#[test]
fn fixed_colour_goal_with_other_colours_is_unreachable() {
    let mut p = tower_puzzle(3, 3, MoveGraph::Complete, 0, 2);
    p.goal.colours[0] = 1;
    assert_eq!(p.rules.recolour, Recolour::Fixed);
    let r = search(&p, &opts()).unwrap();
    assert_eq!((r.minimum, r.states, r.complete), (None, 27, true));
}

/// Lunnon (000_3e39fda85b098e00.txt, section Domino & Adjacent Hanoi): the Domino
/// algorithm "gives optimum solutions" by exhaustive search for small n (the bound on n is
/// lost from the seed). Checked here for the three uncoloured problems and every coloured
/// sub-problem of the variant file, n <= 6 (at most 6^6 states each). Lunnon also says
/// "ADE(n) = ADE(n-1) + 1 + DBA(n-1) appears in practice to be preferable to the alternative
/// ADE(n) = ADF(n-1) + 1 + DAB(n-1), although we have not currently taken the trouble to
/// prove it": the search confirms it, the alternative (`ADE_alt`) is suboptimal from n = 4.
#[test]
fn domino_algorithm_is_optimal_for_small_n() {
    let v = load("domino");
    for f in v.functions() {
        let rows =
            compare_with_algorithm(&v, &f.name, &Params::new(), 1..=6, &SearchBudget::UNLIMITED);
        let summary = summarize_comparison(&rows);
        if f.name == "ADE_alt" {
            assert_eq!(
                summary,
                "suboptimal at n = 4: search finds 30, the algorithm takes 32"
            );
        } else {
            assert_eq!(summary, "optimal for n <= 6", "domino.{}: {rows:?}", f.name);
        }
    }
}

/// Stockmeyer (004_33861799d4694a49.txt, section 2): the Scorer–Grundy–Smith algorithm
/// "does not do so in the minimum number of moves. For 3 disks, the above algorithm makes
/// 3^3 - 1 = 26 moves" against 18.
#[test]
fn compare_reports_where_an_algorithm_is_suboptimal() {
    let rows = compare_with_algorithm(
        &load("cyclic4"),
        "N",
        &Params::new(),
        1..=4,
        &SearchBudget::UNLIMITED,
    );
    assert_eq!(
        summarize_comparison(&rows),
        "suboptimal at n = 3: search finds 18, the algorithm takes 26"
    );
    assert_eq!(rows[1].is_optimal(), Some(true));
}

/// Lunnon (000_3e39fda85b098e00.txt, section Checkers Hanoi): "Optimal solutions, common
/// to both Checkers and Reves, and of Frame type, exist for all n except n = 15, 21", so
/// the Checkers optimum equals the Frame–Stewart number below 15.
#[test]
fn checkers_optimum_equals_reves_for_small_n() {
    for n in 1..=8 {
        let p = variant_puzzle("checkers", "P", n);
        let r = search(&p, &opts()).unwrap();
        let fs = crate::sequences::frame_stewart(n as u64, 4).unwrap();
        assert_eq!(BigInt::from(r.minimum.unwrap()), fs, "n = {n}");
    }
}

/// Lunnon (000_3e39fda85b098e00.txt, section Reversi Hanoi): Reversi_B, "implementing ...
/// BABB(n) ... is an optimal solution to the coloured problem"; and "Our current solutions
/// [for the uncoloured problems] ... are necessarily of Frame type and therefore
/// suboptimal". The shorter solution the search finds for Reversi_H's problem is played by
/// the simulator, so the suboptimality does not rest on the search alone.
#[test]
fn reversi_b_is_optimal_and_reversi_h_is_not() {
    let v = load("reversi");
    let rows = compare_with_algorithm(&v, "BABB", &Params::new(), 1..=6, &SearchBudget::UNLIMITED);
    assert_eq!(summarize_comparison(&rows), "optimal for n <= 6");
    let rows = compare_with_algorithm(&v, "H", &Params::new(), 1..=5, &SearchBudget::UNLIMITED);
    let first = rows.iter().find(|r| r.is_optimal() == Some(false)).unwrap();
    let p = v.puzzle("H", first.n, &Params::new()).unwrap();
    let r = search(&p, &counting()).unwrap();
    let shorter = simulate(&p, r.solution.unwrap()).unwrap().moves;
    assert!(BigInt::from(shorter) < first.algorithm.clone().unwrap());
}

/// Lunnon (000_3e39fda85b098e00.txt, section Checkers Hanoi): "At n = 15 the optimal
/// Checkers solution, though still Frame-type, costs time 137 moves against 129 for Reves"
/// (and equals Reves for the other n up to 20). About 6 million states at n = 15.
#[test]
#[ignore = "slow in debug: Checkers n = 11..=15"]
fn checkers_needs_137_moves_at_fifteen_discs() {
    for n in 11..=15 {
        let p = variant_puzzle("checkers", "P", n);
        let r = search(&p, &opts()).unwrap();
        let expected = if n == 15 {
            BigInt::from(137)
        } else {
            crate::sequences::frame_stewart(n as u64, 4).unwrap()
        };
        assert_eq!(BigInt::from(r.minimum.unwrap()), expected, "n = {n}");
    }
}

/// Checkers beyond the bitsets' reach (4^18 indices), with the sparse visited set; n from
/// the environment (`HANOILAB_SEARCH_N=18`). Lunnon: equal to Reves except at 15 and 21.
#[test]
#[ignore = "slow: Checkers n >= 18 (sparse)"]
fn checkers_sparse_beyond_bitsets() {
    let n: i64 = std::env::var("HANOILAB_SEARCH_N").map_or(16, |v| v.parse().unwrap());
    let p = variant_puzzle("checkers", "P", n);
    let o = SearchOptions {
        sparse: true,
        memory_limit: Some(16 << 30),
        ..opts()
    };
    let r = search(&p, &o).unwrap();
    let fs = crate::sequences::frame_stewart(n as u64, 4).unwrap();
    println!(
        "checkers n={n}: search {:?} reves {fs} states {} {:.2}s",
        r.minimum,
        r.states,
        r.elapsed.as_secs_f64()
    );
}

/// Reversi DDDF / DDDE / EDDD beyond the bitsets' reach (8^12 indices), sparse; n from
/// `HANOILAB_SEARCH_N`, problem from `HANOILAB_SEARCH_PROBLEM` (default DDDF).
#[test]
#[ignore = "slow: Reversi n >= 12 (sparse)"]
fn reversi_sparse_beyond_bitsets() {
    let n: i64 = std::env::var("HANOILAB_SEARCH_N").map_or(9, |v| v.parse().unwrap());
    let name = std::env::var("HANOILAB_SEARCH_PROBLEM").unwrap_or_else(|_| "DDDF".into());
    let (to, flipped) = match name.as_str() {
        "DDDE" => (3, true),
        "EDDD" => (0, true),
        _ => (3, false),
    };
    let p = reversi_puzzle(4, n, to, flipped);
    let o = SearchOptions {
        sparse: true,
        memory_limit: Some(16 << 30),
        ..opts()
    };
    let r = search(&p, &o).unwrap();
    println!(
        "reversi {name} n={n}: minimum {:?} states {} {:.2}s",
        r.minimum,
        r.states,
        r.elapsed.as_secs_f64()
    );
}

/// Extended tables (run in release: `cargo test --release --no-default-features --lib
/// search::tests::extended -- --ignored --nocapture`); figures recorded in the report.
#[test]
#[ignore = "slow: extended tables, prints figures"]
fn extended_stockmeyer_tables() {
    let max: i64 = std::env::var("HANOILAB_SEARCH_MAX").map_or(10, |v| v.parse().unwrap());
    for id in ["cyclic4", "four-in-a-row"] {
        let v = load(id);
        let f = v.default_function().name.clone();
        for n in 1..=max {
            let p = v.puzzle(&f, n, &Params::new()).unwrap();
            let count = n <= max - 2;
            let o = SearchOptions { count, ..opts() };
            let r = search(&p, &o).unwrap();
            println!(
                "{id} n={n}: minimum {:?} count {:?} states {} {:.2}s",
                r.minimum,
                r.optimal_solutions.map(|c| c.to_string()),
                r.states,
                r.elapsed.as_secs_f64()
            );
        }
    }
}

#[test]
#[ignore = "slow: Frame-Stewart optimality for larger n, prints figures"]
fn extended_frame_stewart() {
    let max: u32 = std::env::var("HANOILAB_SEARCH_MAX").map_or(12, |v| v.parse().unwrap());
    for n in 11..=max {
        let r = super::bench::bench_frame_stewart(n, 0).unwrap();
        let fs = crate::sequences::frame_stewart(n as u64, 4).unwrap();
        println!(
            "FS4 n={n}: search {:?} frame-stewart {fs} states {} {:.2}s {:.3e} states/s",
            r.minimum,
            r.states,
            r.elapsed.as_secs_f64(),
            r.states_per_second()
        );
        assert_eq!(BigInt::from(r.minimum.unwrap()), fs);
    }
}

/// Domino beyond the bitsets' reach (6^14 indices), with the sparse visited set.
#[test]
#[ignore = "slow: Domino n = 14, 15 (sparse)"]
fn domino_sparse_beyond_bitsets() {
    let v = load("domino");
    for n in 12..=15 {
        for f in ["DDE", "DDF", "EDD"] {
            let p = v.puzzle(f, n, &Params::new()).unwrap();
            let o = SearchOptions {
                sparse: true,
                ..opts()
            };
            let r = search(&p, &o).unwrap();
            let a = v.count(f, n, &Params::new()).unwrap();
            println!(
                "domino.{f} n={n}: search {:?} algorithm {a} states {} {:.2}s",
                r.minimum,
                r.states,
                r.elapsed.as_secs_f64()
            );
            assert_eq!(BigInt::from(r.minimum.unwrap()), a);
        }
    }
}

#[test]
#[ignore = "slow: Domino, Reversi and Checkers optima, prints figures"]
fn extended_coloured_optima() {
    let max: i64 = std::env::var("HANOILAB_SEARCH_MAX").map_or(8, |v| v.parse().unwrap());
    let min: i64 = std::env::var("HANOILAB_SEARCH_MIN").map_or(1, |v| v.parse().unwrap());
    let v = load("domino");
    for f in ["DDE", "DDF", "EDD"] {
        let rows =
            compare_with_algorithm(&v, f, &Params::new(), min..=max, &SearchBudget::UNLIMITED);
        for r in &rows {
            println!(
                "domino.{f} n={}: algorithm {:?} search {:?} {:?}",
                r.n, r.algorithm, r.optimum, r.error
            );
        }
        println!("domino.{f}: {}", summarize_comparison(&rows));
    }
    for n in min..=max {
        for (name, to, flipped) in [("DDDF", 3, false), ("DDDE", 3, true), ("EDDD", 0, true)] {
            let p = reversi_puzzle(4, n, to, flipped);
            let r = search(&p, &opts()).unwrap();
            println!(
                "reversi {name} n={n}: minimum {:?} states {} {:.2}s",
                r.minimum,
                r.states,
                r.elapsed.as_secs_f64()
            );
        }
    }
    let v = load("checkers");
    for n in min..=max {
        let p = v.puzzle("P", n, &Params::new()).unwrap();
        let r = search(&p, &opts()).unwrap();
        let fs = crate::sequences::frame_stewart(n as u64, 4).unwrap();
        println!(
            "checkers n={n}: minimum {:?} reves {fs} states {} {:.2}s",
            r.minimum,
            r.states,
            r.elapsed.as_secs_f64()
        );
    }
}

#[test]
#[ignore = "exploration: prints figures"]
fn explore_reversi_three_pins() {
    for n in 1..=8 {
        for (to, flipped) in [(2, false), (2, true), (0, true)] {
            let p = reversi_puzzle(3, n, to, flipped);
            let r = search(
                &p,
                &SearchOptions {
                    explore_all: true,
                    ..opts()
                },
            )
            .unwrap();
            println!(
                "n={n} to={to} flipped={flipped}: min {:?} states {}",
                r.minimum, r.states
            );
        }
    }
}

#[test]
fn state_bound_covers_equal_discs_under_strict_sizes_only() {
    // Distinct sizes: the dense index space.
    let p = variant_puzzle("reves", "FS", 5);
    assert_eq!(state_bound(&p), state_space(&p));
    assert_eq!(state_bound(&p), Some(4u64.pow(5)));
    // Two stacks of sizes 1..3 on five pins, strict sizes: no dense encoding, but a state is
    // still the pin of each of the 6 discs. The bound holds: a full search visits fewer.
    let p = variant_puzzle("multistack-reves", "interlocked", 3);
    assert_eq!(state_space(&p), None);
    assert_eq!(state_bound(&p), Some(5u64.pow(6)));
    assert!(explore(&p).reachable_states().unwrap() <= 5u64.pow(6));
    // Antwerp allows equal sizes on one pin: their order is free, no bound.
    assert_eq!(state_bound(&variant_puzzle("antwerp", "T33", 2)), None);
}

/// Sends this test thread's counts (without a checkpoint) down the counting route
/// ([`super::counting`]) instead of the retracing one ([`super::retrace`]).
fn counting_route() {
    super::retrace::NO_RETRACE.with(|c| c.set(true));
}

/// Puzzles of every dense family (fixed and recolouring, symmetric and directed, with and
/// without access masks and colour rules), small enough for the stored-layer route.
fn dense_families() -> Vec<Puzzle> {
    vec![
        tower_puzzle(3, 6, MoveGraph::Complete, 0, 2),
        crate::sequences::moves::frame_stewart_puzzle(4, 9),
        tower_puzzle(4, 6, MoveGraph::Cycle, 0, 2),
        variant_puzzle("cyclic4", "N", 9),
        variant_puzzle("four-in-a-row", "R", 7),
        variant_puzzle("domino", "DDE", 5),
        variant_puzzle("domino", "EDD", 4),
        variant_puzzle("reversi", "BABB", 5),
        variant_puzzle("reversi", "H", 4),
        variant_puzzle("lundon", &load("lundon").default_function().name.clone(), 4),
        variant_puzzle("rainbow", "DDD", 5),
        variant_puzzle("checkers", "P", 6),
        reversi_puzzle(3, 3, 2, false),
        tower_puzzle(8, 3, MoveGraph::Star(7), 0, 6),
        tower_puzzle(2, 3, MoveGraph::Complete, 0, 1),
    ]
}

/// The predecessor generator of the counting route, edge by edge against the successor
/// generator over the whole index space; for puzzles it calls symmetric, the predecessors
/// of every state are its successors.
#[test]
fn predecessors_are_the_successors_reversed() {
    for p in dense_families() {
        let space = super::dense::DenseSpace::new(&p).unwrap();
        if space.space > 1 << 16 {
            continue;
        }
        let mut forward = Vec::new();
        let mut backward = Vec::new();
        for v in 0..space.space {
            let mut succ = Vec::new();
            space.for_each_successor(v, |u, _| {
                forward.push((v, u));
                succ.push(u);
            });
            let mut pred = Vec::new();
            space.for_each_predecessor(v, |u| {
                backward.push((u, v));
                pred.push(u);
            });
            if space.is_symmetric() {
                succ.sort_unstable();
                pred.sort_unstable();
                assert_eq!(succ, pred, "state {v}");
            }
        }
        forward.sort_unstable();
        backward.sort_unstable();
        assert!(!forward.is_empty());
        assert_eq!(forward, backward);
    }
    // Both routes of the counting search are exercised.
    let sym = |p: &Puzzle| super::dense::DenseSpace::new(p).unwrap().is_symmetric();
    assert!(dense_families().iter().any(sym));
    assert!(!dense_families().iter().all(sym));
}

/// Both counting fast paths (counts retraced from the goal over distance marks; counts
/// carried layer by layer in fixed-width limbs), on one and two threads, against the
/// stored-layer post-pass with heap integers: same minimum, layers, states and count,
/// stopping at the goal and exploring everything.
#[test]
fn counting_fast_path_equals_the_stored_layer_count() {
    for (p, on_the_way) in dense_families()
        .into_iter()
        .flat_map(|p| [(p.clone(), false), (p, true)])
    {
        super::retrace::NO_RETRACE.with(|c| c.set(on_the_way));
        for explore_all in [false, true] {
            let plain = SearchOptions {
                count: true,
                explore_all,
                threads: 1,
                ..opts()
            };
            let slow = super::bfs::search_inner(&p, &plain, true, false, false)
                .unwrap()
                .0;
            assert!(slow.optimal_solutions.is_some() || slow.minimum.is_none());
            for threads in [1, 2] {
                let o = SearchOptions { threads, ..plain };
                let (fast, stats) = super::bfs::search_inner(&p, &o, true, true, false).unwrap();
                assert!(stats.peak_bytes.is_some());
                // The route asked for ran: a retraced count holds at least the goal.
                assert_eq!(
                    stats.retraced > 0,
                    !on_the_way && slow.minimum.is_some(),
                    "{p:?}"
                );
                assert_eq!(
                    (fast.minimum, fast.states, &fast.layers, fast.complete),
                    (slow.minimum, slow.states, &slow.layers, slow.complete)
                );
                assert_eq!(fast.optimal_solutions, slow.optimal_solutions);
            }
        }
    }
}

/// The retracing route's parts, each against an independent route:
/// * the states it retraces are those on some minimal sequence, counted from the whole
///   state graph (distances from the start and, over the moves reversed, to the goal);
/// * two-bit marks (distance mod 3, where every move can be undone) equal 16-bit ones;
/// * a goal past the 16-bit marks' range (lowered here) falls back to the counting route,
///   with the same count (and a solution to the stored layers, with the same solution);
/// * one optimal solution retraced is the stored-layer route's, move for move, alone and
///   with the count;
/// * a stop request ends it with `Interrupted`.
#[test]
fn retraced_counts_follow_the_states_on_minimal_sequences() {
    use super::retrace::{WIDE_MARKS, WIDE_RANGE};
    let count = SearchOptions {
        count: true,
        ..opts()
    };
    let mut families = dense_families();
    families.push(variant_puzzle("cyclic4", "N", 6));
    families.push(variant_puzzle("four-in-a-row", "R", 6));
    families.push(crate::sequences::moves::frame_stewart_puzzle(4, 6));
    let mut retraced_any = false;
    for p in &families {
        let (r, stats) = search_with_stats(p, &count).unwrap();
        let Some(d) = r.minimum else { continue };
        let g = state_graph(p, 1 << 20).unwrap();
        let from_start = g.distances_from(0);
        let goal = g.index_of(&p.goal).unwrap();
        let mut into = vec![Vec::new(); g.len()];
        for u in 0..g.len() {
            for &(v, _) in g.edges(u) {
                into[v].push(u);
            }
        }
        let mut to_goal = vec![u64::MAX; g.len()];
        to_goal[goal] = 0;
        let mut queue = std::collections::VecDeque::from([goal]);
        while let Some(v) = queue.pop_front() {
            for &u in &into[v] {
                if to_goal[u] == u64::MAX {
                    to_goal[u] = to_goal[v] + 1;
                    queue.push_back(u);
                }
            }
        }
        let on_minimal = (0..g.len())
            .filter(|&v| from_start[v].saturating_add(to_goal[v]) == d)
            .count() as u64;
        assert_eq!(stats.retraced, on_minimal, "{p:?}");
        retraced_any |= d > 0;
        // Where every move can be undone: the same with 16-bit marks.
        if super::dense::DenseSpace::new(p).unwrap().is_symmetric() {
            WIDE_MARKS.with(|c| c.set(true));
            let wide = search_with_stats(p, &count);
            WIDE_MARKS.with(|c| c.set(false));
            let (wide, wide_stats) = wide.unwrap();
            assert_eq!(wide.optimal_solutions, r.optimal_solutions);
            assert_eq!(wide_stats.retraced, on_minimal);
        }
    }
    assert!(retraced_any);
    // One solution, alone and with the count: the stored layers' (the same choice of
    // predecessor: the least index), found without them.
    for p in &families {
        for o in [
            SearchOptions {
                solution: true,
                ..opts()
            },
            counting(),
        ] {
            let (stored, _) = super::bfs::search_inner(p, &o, true, false, false).unwrap();
            let (r, stats) = search_with_stats(p, &o).unwrap();
            assert_eq!(
                (&r.solution, &r.optimal_solutions, &r.layers),
                (&stored.solution, &stored.optimal_solutions, &stored.layers),
                "{p:?}"
            );
            assert_eq!(stats.retraced > 0, o.count && r.minimum.is_some());
        }
    }
    // Past the marks' range: the counting route's count, the same.
    for n in [5, 6] {
        let p = variant_puzzle("cyclic4", "N", n);
        let (plain, _) = search_with_stats(&p, &count).unwrap();
        WIDE_RANGE.with(|c| c.set(50));
        let short = search_with_stats(&p, &count);
        WIDE_RANGE.with(|c| c.set(u16::MAX as u64));
        let (short, stats) = short.unwrap();
        assert!(plain.minimum.unwrap() >= 50);
        assert_eq!(
            (stats.retraced, short.optimal_solutions),
            (0, plain.optimal_solutions)
        );
        assert!(stats.pushed.0 > 0, "counted on the way");
        // And a solution from the stored layers.
        let (plain, _) = search_with_stats(&p, &counting()).unwrap();
        WIDE_RANGE.with(|c| c.set(50));
        let short = search_with_stats(&p, &counting());
        WIDE_RANGE.with(|c| c.set(u16::MAX as u64));
        let (short, stats) = short.unwrap();
        assert_eq!(
            (stats.retraced, &short.solution, &short.optimal_solutions),
            (0, &plain.solution, &plain.optimal_solutions)
        );
        assert_eq!(short.solution.unwrap().len() as u64, plain.minimum.unwrap());
    }
    let stop = std::sync::atomic::AtomicBool::new(true);
    let stopped = SearchOptions {
        stop: Some(&stop),
        ..count
    };
    let p = variant_puzzle("cyclic4", "N", 5);
    assert!(matches!(
        search(&p, &stopped),
        Err(SearchError::Interrupted {
            depth: 1,
            checkpoint: None
        })
    ));
}

/// The push route of the counting search (counts pushed forward through keys grouped by
/// state, no predecessors) against the pull route (counts pulled through the predecessors,
/// or, where every move can be undone, the fused pass) on every dense family and a range
/// of n, on one and two threads, stopping at the goal and exploring everything: same
/// layers, states and count, and the push route really ran. Cyclic4 n = 9 carries counts past 2^64 (the widening).
#[test]
fn pushed_counts_equal_pulled_counts() {
    // On the counting route, which a count takes with a checkpoint (not the retracing one).
    counting_route();
    // Every dense family: one-way moves (pushed against pulled through the predecessors)
    // and moves that can be undone (pushed against the fused pass).
    let mut puzzles: Vec<Puzzle> = dense_families();
    for n in 2..=8 {
        puzzles.push(variant_puzzle("cyclic4", "N", n));
        puzzles.push(tower_puzzle(4, n as u32, MoveGraph::Cycle, 0, 2));
        puzzles.push(tower_puzzle(3, n as u32, MoveGraph::Cycle, 0, 1));
    }
    for n in 3..=6 {
        puzzles.push(variant_puzzle("domino", "DDE", n));
        puzzles.push(variant_puzzle("checkers", "P", n + 2));
    }
    let mut pushed = 0;
    for p in &puzzles {
        for explore_all in [false, true] {
            for threads in [1, 2] {
                let o = SearchOptions {
                    count: true,
                    explore_all,
                    threads,
                    ..opts()
                };
                super::counting::NO_PUSH.with(|c| c.set(true));
                let pull = search_with_stats(p, &o);
                super::counting::NO_PUSH.with(|c| c.set(false));
                let (pull, pull_stats) = pull.unwrap();
                assert_eq!(pull_stats.pushed, (0, 0));
                // The push route as it runs (small layers: one thread, keys sorted whole),
                // and with its bucket phases forced on every layer (none, a few and more
                // buckets than keys), on the threads asked for.
                let mut bits = None;
                for buckets in [None, Some(0), Some(2), Some(5), Some(11)] {
                    super::counting::FORCE_BUCKETS.with(|c| c.set(buckets));
                    let run = search_with_stats(p, &o);
                    super::counting::FORCE_BUCKETS.with(|c| c.set(None));
                    let (push, stats) = run.unwrap();
                    pushed += stats.pushed.0;
                    assert_eq!(
                        (push.minimum, push.states, &push.layers, push.complete),
                        (pull.minimum, pull.states, &pull.layers, pull.complete),
                        "{buckets:?} bucket bits, {threads} threads"
                    );
                    assert_eq!(push.optimal_solutions, pull.optimal_solutions);
                    // (The push route also measures the goal's layer, which the pull
                    // route counts only at the goal: the same between push runs.)
                    assert_eq!(*bits.get_or_insert(stats.count_bits), stats.count_bits);
                }
            }
        }
    }
    assert!(pushed > 0);
}

/// In a space of 2^18 states or more a list layer is pushed while its moves fit two lists
/// (`counting::pushes`): four-in-a-row and Reve's puzzle on 9 discs (2^18 states, lists of
/// 4,096 entries), whose widest layers have more moves than one list holds. Their counts,
/// layers and states equal the pull route's (the fused pass, no layer pushed), on one and
/// two threads; the states found by pushing are those of the rule replayed on the layer
/// sizes, more than with one list's room.
#[test]
fn layers_pushed_with_two_lists_count_as_the_fused_pass() {
    // On the counting route, which a count takes with a checkpoint (not the retracing one).
    counting_route();
    for p in [
        variant_puzzle("four-in-a-row", "R", 9),
        crate::sequences::moves::frame_stewart_puzzle(4, 9),
    ] {
        let space = super::dense::DenseSpace::new(&p).unwrap();
        let (cap, branching) = (space.space.div_ceil(64), space.max_branching());
        assert_eq!(
            cap, 4096,
            "a list of the minimum length weighs a bitset here"
        );
        // The states pushed when a list layer is pushed while its moves fit `room`, the
        // layer after a layer not pushed being a bitset once the moves outgrow a list.
        let replay = |layers: &[u64], room: u64| {
            let mut bits = false;
            let mut states = 0;
            for l in layers.windows(2) {
                let push = !bits && l[0] * branching <= room;
                if push {
                    states += l[1];
                }
                bits = !push && l[0] * branching > cap;
            }
            states
        };
        for threads in [1, 2] {
            let o = SearchOptions {
                count: true,
                threads,
                ..opts()
            };
            super::counting::NO_PUSH.with(|c| c.set(true));
            let pull = search_with_stats(&p, &o);
            super::counting::NO_PUSH.with(|c| c.set(false));
            let (pull, _) = pull.unwrap();
            let (push, stats) = search_with_stats(&p, &o).unwrap();
            assert_eq!(
                (push.minimum, push.states, &push.layers),
                (pull.minimum, pull.states, &pull.layers),
                "{threads} threads"
            );
            assert_eq!(push.optimal_solutions, pull.optimal_solutions);
            assert_eq!(stats.pushed.1, replay(&push.layers, 2 * cap));
            assert!(stats.pushed.1 > replay(&push.layers, cap));
        }
    }
}

/// Counts whose low limbs are zero in a whole layer are stored without them (the push
/// route drops them, `counting::push_pass`): the puzzles small enough here never have such a
/// layer, so the start's count is made 2^(64·24) (`counting::START_LIMBS`), every count
/// 2^(64·24) times its own, and a push drops one limb at most (`counting::DROP_AT_MOST`), so
/// that the previous layer's counts lag behind those of the next until the first layer that
/// is not pushed settles them. Pushed layers only (cyclic4, one-way moves), pushed layers
/// followed by pulled or fused ones (four-in-a-row and Reve's puzzle on 9 discs, whose
/// widest layers are bitsets), all the zero limbs dropped at once and one at a time, the
/// bucket phases forced on, one and two threads, and runs stopped and resumed (a
/// checkpoint holds whole counts): 2^(64·24) times the count of the plain run, and the same
/// layers.
#[test]
fn counts_with_low_zero_limbs_are_stored_without_them() {
    // On the counting route, which a count takes with a checkpoint (not the retracing one).
    counting_route();
    use super::counting::{DROP_AT_MOST, SETTLED, START_LIMBS};
    const ZEROS: usize = 24;
    let puzzles = [
        variant_puzzle("cyclic4", "N", 7),
        variant_puzzle("four-in-a-row", "R", 9),
        crate::sequences::moves::frame_stewart_puzzle(4, 9),
    ];
    // Runs `f` with the start's count 2^(64·ZEROS) and at most `most` limbs dropped a push.
    fn scaled<R>(most: usize, buckets: Option<u32>, f: impl FnOnce() -> R) -> R {
        START_LIMBS.with(|c| c.set(ZEROS));
        DROP_AT_MOST.with(|c| c.set(most));
        super::counting::FORCE_BUCKETS.with(|c| c.set(buckets));
        let r = f();
        super::counting::FORCE_BUCKETS.with(|c| c.set(None));
        DROP_AT_MOST.with(|c| c.set(usize::MAX));
        START_LIMBS.with(|c| c.set(0));
        r
    }
    for (k, p) in puzzles.iter().enumerate() {
        SETTLED.with(|c| c.set(0));
        for threads in [1, 2] {
            let o = SearchOptions {
                count: true,
                threads,
                ..opts()
            };
            let (plain, plain_stats) = search_with_stats(p, &o).unwrap();
            let times = plain.optimal_solutions.clone().unwrap() << (64 * ZEROS);
            for (most, buckets) in [(usize::MAX, None), (1, None), (1, Some(5))] {
                let (r, stats) = scaled(most, buckets, || search_with_stats(p, &o).unwrap());
                assert_eq!(
                    (r.minimum, &r.layers, r.optimal_solutions.as_ref()),
                    (plain.minimum, &plain.layers, Some(&times)),
                    "{threads} threads, {most} limbs at most, {buckets:?} bucket bits"
                );
                assert_eq!(stats.count_bits, plain_stats.count_bits + 64 * ZEROS as u64);
                assert_eq!(stats.pushed, plain_stats.pushed);
            }
        }
        let o = SearchOptions {
            count: true,
            ..opts()
        };
        let plain = search(p, &o).unwrap();
        let times = plain.optimal_solutions.unwrap() << (64 * ZEROS);
        let deepest = plain.layers.len() as u64 - 1;
        for stops in [vec![3], vec![2, deepest / 3, deepest - 1]] {
            let r = scaled(1, None, || interrupted_and_resumed(p, &o, false, &stops));
            assert_eq!(
                r.unwrap().optimal_solutions.as_ref(),
                Some(&times),
                "{stops:?}"
            );
        }
        // Only the puzzles with layers not pushed settle lagging counts.
        assert_eq!(SETTLED.with(|c| c.get()) > 0, k > 0, "{p:?}");
    }
}

/// Counts past 2^64 and 2^128 (cyclic4 n = 9, 10: the widening of the limbs) against the
/// generic encoding's heap integers, and the Stockmeyer values (source in
/// `stockmeyer_cyclic_four_post_minima_and_counts`) on the fast path.
#[test]
fn counting_fast_path_widens_exactly() {
    let count_only = SearchOptions {
        count: true,
        ..opts()
    };
    for n in [9, 10] {
        let p = variant_puzzle("cyclic4", "N", n);
        let fast = search(&p, &count_only).unwrap();
        let generic = search_with(&p, &count_only, false).unwrap();
        assert_eq!(fast.optimal_solutions, generic.optimal_solutions);
        // The push route's bucket phases carry and widen too (two threads, 16 buckets).
        super::counting::FORCE_BUCKETS.with(|c| c.set(Some(4)));
        let two = SearchOptions {
            count: true,
            threads: 2,
            ..opts()
        };
        let bucketed = search(&p, &two);
        super::counting::FORCE_BUCKETS.with(|c| c.set(None));
        assert_eq!(
            bucketed.unwrap().optimal_solutions,
            generic.optimal_solutions
        );
        assert!(fast.optimal_solutions.unwrap() > BigInt::from(u64::MAX));
    }
    for (n, count) in [(3, 48u64), (4, 640), (5, 2688), (6, 54_839_936)] {
        let p = variant_puzzle("cyclic4", "N", n);
        let r = search(&p, &count_only).unwrap();
        assert_eq!(r.optimal_solutions, Some(BigInt::from(count)), "n = {n}");
    }
    // Classic: the recursion's unique optimal sequence.
    for n in 1..=10u32 {
        let p = tower_puzzle(3, n, MoveGraph::Complete, 0, 2);
        let r = search(&p, &count_only).unwrap();
        assert_eq!(r.minimum, Some((1 << n) - 1));
        assert_eq!(r.optimal_solutions, Some(BigInt::from(1)));
    }
}

/// The memory estimate made before the run (from the state space: the index space, and
/// the layer profile of a pilot on fewer discs; the state bound for the generic encoding)
/// against the bytes the run's tables held at their fullest, within 25%, on every route:
/// bitsets (distance only), retracing from the goal (count, and count and solution),
/// counting on the way and stored layers (the routes with a checkpoint), two bits per
/// index, and the generic encoding of Antwerp, Turtle, multi-stack and the
/// multistack Reve's puzzle. Includes the former misses (docs/search.md): Classic's
/// sharpening profile, Checkers' counting and Reve's n = 9 (pilots at a jump of the depth).
#[test]
fn memory_estimates_are_within_a_quarter_of_the_accounted_peak() {
    let dense = [
        crate::sequences::moves::frame_stewart_puzzle(4, 11),
        variant_puzzle("cyclic4", "N", 10),
        variant_puzzle("four-in-a-row", "R", 9),
        variant_puzzle("domino", "DDE", 7),
        variant_puzzle("reversi", "BABB", 6),
        tower_puzzle(5, 6, MoveGraph::Star(4), 0, 3),
        // Thin layers whose profile sharpens with n (the widest layer doubles per disc, the
        // mean grows by 3/2).
        tower_puzzle(3, 11, MoveGraph::Complete, 0, 2),
        // Not symmetric: the counting route's layers are bitsets only past a list's worth.
        variant_puzzle("checkers", "P", 9),
        // Pilots on 6 and 7 discs, where the depth jumps (18 -> 26 layers, then 8 a disc).
        crate::sequences::moves::frame_stewart_puzzle(4, 9),
    ];
    let generic = [
        variant_puzzle("antwerp", "T33", 2),
        variant_puzzle("turtle", "HAHA", 4),
        variant_puzzle("multi-stack", "HAHA", 3),
        variant_puzzle("multistack-reves", "interlocked", 3),
        // Past 2^18 states: the sorted layers' estimate from pilots on 6 and 5 discs.
        variant_puzzle("turtle", "HAHA", 7),
    ];
    let check = |p: &Puzzle, o: &SearchOptions, what: &str| {
        let estimate = estimate_memory(p, o).unwrap();
        let (_, stats) = search_with_stats(p, o).unwrap();
        let ratio = estimate as f64 / stats.peak_bytes.unwrap() as f64;
        assert!(
            (0.8..=1.25).contains(&ratio),
            "{what}: estimate / peak = {ratio:.2} ({estimate} bytes estimated)"
        );
    };
    for (i, p) in dense.iter().chain(&generic).enumerate() {
        for (q, o) in [
            ("minimum", opts()),
            (
                "count",
                SearchOptions {
                    count: true,
                    ..opts()
                },
            ),
            ("count and solution", counting()),
        ] {
            check(p, &o, &format!("puzzle {i}, {q}"));
        }
        // Counted on the way, and stored layers for a solution (the routes of a search
        // with a checkpoint).
        counting_route();
        let o = SearchOptions {
            count: true,
            ..opts()
        };
        check(p, &o, &format!("puzzle {i}, count on the way"));
        check(p, &counting(), &format!("puzzle {i}, stored layers"));
        super::retrace::NO_RETRACE.with(|c| c.set(false));
    }
    // Two bits per index: the array, exactly.
    let p = crate::sequences::moves::frame_stewart_puzzle(4, 10);
    let tight = SearchOptions {
        memory_limit: Some(300_000),
        ..opts()
    };
    check(&p, &tight, "two bits");
}

/// The two-bit array (distance mod 3 per index) against the bitset search on every dense
/// family: minimum, layer sizes, states, stopping at the goal and exploring everything, on
/// one and two threads; and the fallback to it under a memory limit the bitsets exceed.
#[test]
fn two_bit_encoding_equals_the_bitset_search() {
    for p in dense_families() {
        for explore_all in [false, true] {
            let o = SearchOptions {
                explore_all,
                ..opts()
            };
            let plain = search(&p, &o).unwrap();
            for threads in [1, 2] {
                let t = SearchOptions { threads, ..o };
                let two = super::bfs::search_inner(&p, &t, true, true, true)
                    .unwrap()
                    .0;
                assert_eq!(
                    (two.minimum, two.states, &two.layers, two.complete),
                    (plain.minimum, plain.states, &plain.layers, plain.complete)
                );
            }
        }
    }
    // 4^10 indices: five bitsets take 655,360 bytes, the two-bit array 262,144.
    let p = crate::sequences::moves::frame_stewart_puzzle(4, 10);
    let tight = SearchOptions {
        memory_limit: Some(300_000),
        ..opts()
    };
    // The limit leaves less room beside the array than the lists' least allowance (the
    // threads' blocks): no lists, every layer found by a scan, the array exactly.
    assert_eq!(estimate_memory(&p, &tight).unwrap(), 262_144);
    let (r, stats) = search_with_stats(&p, &tight).unwrap();
    assert_eq!(stats.peak_bytes, Some(262_144));
    assert_eq!(r.layers, search(&p, &opts()).unwrap().layers);
    // Room for lists: the run holds the array and at most the lists' allowance.
    let roomy = SearchOptions {
        memory_limit: Some(1 << 20),
        threads: 2,
        ..opts()
    };
    let estimate = super::bfs::search_inner(&p, &roomy, true, true, true);
    let (r, stats) = estimate.unwrap();
    let dense = super::dense::DenseSpace::new(&p).unwrap();
    let bound = super::twobit::two_bit_estimate(&dense, &roomy, 1 << 20);
    assert!(bound > 262_144 + 32 * 1024);
    let peak = stats.peak_bytes.unwrap();
    assert!(peak > 262_144 && peak <= bound, "{peak} {bound}");
    assert_eq!(r.layers, search(&p, &opts()).unwrap().layers);
}

/// Sets the two-bit route's cap on listed layers for the calling thread while it lives.
struct ListCap;

impl ListCap {
    fn set(cap: usize) -> ListCap {
        super::twobit::LIST_CAP.with(|c| c.set(Some(cap)));
        ListCap
    }
}

impl Drop for ListCap {
    fn drop(&mut self) {
        super::twobit::LIST_CAP.with(|c| c.set(None));
    }
}

/// Thin layers of the two-bit route kept as lists (expanded in proportion to their states,
/// no scan of the array) against the plain bitset search on every dense family (cyclic4,
/// four-in-a-row, Reve's, Domino among them) and on larger thin-layer puzzles: minimum,
/// layer sizes, states, to the goal and to the end, 1 and 2 threads, with every layer a
/// scan (cap 0), every layer a list (no cap), and lists and scans alternating (caps 1, 40,
/// 700: a layer past the cap is found by the next scan, a thin one after it is a list
/// again).
#[test]
fn two_bit_thin_layers_as_lists_equal_the_bitset_search() {
    let mut puzzles = dense_families();
    puzzles.push(variant_puzzle("cyclic4", "N", 10));
    puzzles.push(variant_puzzle("four-in-a-row", "R", 8));
    puzzles.push(variant_puzzle("domino", "DDE", 7));
    for p in puzzles {
        for explore_all in [false, true] {
            let o = SearchOptions {
                explore_all,
                ..opts()
            };
            let plain = search(&p, &o).unwrap();
            let array = super::twobit::two_bit_bytes(state_space(&p).unwrap());
            for cap in [0, 1, 40, 700, usize::MAX] {
                let _cap = ListCap::set(cap);
                for threads in [1, 2] {
                    let t = SearchOptions { threads, ..o };
                    let (two, stats) = super::bfs::search_inner(&p, &t, true, true, true).unwrap();
                    assert_eq!(
                        (two.minimum, two.states, &two.layers, two.complete),
                        (plain.minimum, plain.states, &plain.layers, plain.complete),
                        "cap {cap}, threads {threads}, explore all {explore_all}, {p:?}"
                    );
                    // Every layer listed: the lists are held beside the array.
                    if cap == usize::MAX {
                        assert!(stats.peak_bytes.unwrap() > array);
                    }
                }
            }
        }
    }
}

/// A fresh checkpoint directory for one test run.
pub(super) fn checkpoint_dir(tag: &str) -> std::path::PathBuf {
    static NEXT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let k = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let dir =
        std::env::temp_dir().join(format!("hanoilab-resume-{}-{tag}-{k}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// The search of `p` with `o` (by the two-bit route when `two_bits`), stopped after each
/// layer in `stops` in turn (a checkpoint written there, the run resumed from it each time):
/// the final answer. `None` when the search ended before the first stop.
fn interrupted_and_resumed(
    p: &Puzzle,
    o: &SearchOptions,
    two_bits: bool,
    stops: &[u64],
) -> Option<SearchResult> {
    // The default interval: the first layer and the stops are written, the layers between
    // as the write time allows (a stop always writes its layer).
    let mut ck = Checkpointing::new(checkpoint_dir("run"), "test");
    let mut stopped = false;
    for &k in stops {
        let stop = std::sync::atomic::AtomicBool::new(false);
        let hook = |pr: Progress| {
            if pr.depth == k {
                stop.store(true, std::sync::atomic::Ordering::Relaxed);
            }
        };
        let run = SearchOptions {
            checkpoint: Some(&ck),
            stop: Some(&stop),
            progress: Some(&hook),
            ..*o
        };
        match super::bfs::search_inner(p, &run, true, true, two_bits) {
            Err(SearchError::Interrupted { depth, checkpoint }) => {
                assert_eq!(depth, k);
                assert_eq!(checkpoint.as_deref(), Some(ck.dir.as_path()));
                assert!(ck.dir.join("checkpoint").is_file());
                stopped = true;
                ck.resume = true;
            }
            Ok(_) if !stopped => return None,
            other => panic!("stop at {k}: {other:?}"),
        }
    }
    let run = SearchOptions {
        checkpoint: Some(&ck),
        ..*o
    };
    // A resumed run may take any route switch (the checkpoint's route is followed).
    let r = super::bfs::search_inner(p, &run, true, true, false)
        .unwrap()
        .0;
    assert!(!ck.dir.exists(), "a finished search removes its checkpoint");
    Some(r)
}

/// Killed after layer k (one, two or three times) and resumed: the answer of an
/// uninterrupted run (minimum, layer sizes, states, completeness, number of optimal
/// solutions, the solution), on every route: bitsets, two bits per index, counting on the
/// way, stored layers, sparse and the generic encoding; Reve's puzzle, cyclic4, Checkers,
/// Domino, Antwerp and the multistack Reve's puzzle (generic).
#[test]
fn interrupted_and_resumed_searches_equal_uninterrupted_ones() {
    let puzzles = [
        crate::sequences::moves::frame_stewart_puzzle(4, 7),
        variant_puzzle("cyclic4", "N", 5),
        variant_puzzle("checkers", "P", 6),
        variant_puzzle("domino", "DDE", 4),
        variant_puzzle("antwerp", "T33", 2),
        variant_puzzle("multistack-reves", "interlocked", 3),
    ];
    let questions = [
        SearchOptions::default(),
        SearchOptions {
            count: true,
            ..opts()
        },
        SearchOptions {
            count: true,
            explore_all: true,
            ..opts()
        },
        SearchOptions {
            count: true,
            solution: true,
            ..opts()
        },
        SearchOptions {
            sparse: true,
            count: true,
            ..opts()
        },
        SearchOptions {
            explore_all: true,
            threads: 2,
            ..opts()
        },
    ];
    for p in &puzzles {
        let dense = state_space(p).is_some();
        for (qi, o) in questions.iter().enumerate() {
            if o.sparse && !dense {
                continue;
            }
            let plain = search(p, o).unwrap();
            let deepest = plain.layers.len() as u64 - 1;
            let mut routes = vec![false];
            if dense && !o.count && !o.solution && !o.sparse {
                routes.push(true);
            }
            for two_bits in routes {
                let stop_sets: Vec<Vec<u64>> = vec![
                    vec![1],
                    vec![deepest / 2],
                    vec![
                        1,
                        deepest / 3,
                        deepest.saturating_sub(1).max(deepest / 3 + 1),
                    ],
                    vec![deepest],
                ];
                for stops in stop_sets {
                    let stops: Vec<u64> = stops.into_iter().filter(|&k| k >= 1).collect();
                    if stops.is_empty() || stops.windows(2).any(|w| w[0] >= w[1]) {
                        continue;
                    }
                    let Some(r) = interrupted_and_resumed(p, o, two_bits, &stops) else {
                        continue;
                    };
                    assert_eq!(
                        (
                            r.minimum,
                            &r.layers,
                            r.states,
                            r.complete,
                            &r.optimal_solutions,
                            &r.solution
                        ),
                        (
                            plain.minimum,
                            &plain.layers,
                            plain.states,
                            plain.complete,
                            &plain.optimal_solutions,
                            &plain.solution
                        ),
                        "question {qi}, two bits {two_bits}, stops {stops:?}, {p:?}"
                    );
                }
            }
        }
    }
}

/// A checkpoint is resumed only by its own search: another puzzle, another n or another
/// question is refused, and so is a damaged file; a directory holding a checkpoint is not
/// overwritten by a new search.
#[test]
fn a_checkpoint_resumes_only_its_own_search() {
    let p = crate::sequences::moves::frame_stewart_puzzle(4, 6);
    let mut ck = Checkpointing::new(checkpoint_dir("own"), "reves n = 6");
    ck.every = Some(Duration::ZERO);
    let stop = std::sync::atomic::AtomicBool::new(false);
    let hook = |pr: Progress| {
        if pr.depth == 4 {
            stop.store(true, std::sync::atomic::Ordering::Relaxed);
        }
    };
    let first = SearchOptions {
        count: true,
        checkpoint: Some(&ck),
        stop: Some(&stop),
        progress: Some(&hook),
        ..opts()
    };
    assert!(matches!(
        search(&p, &first),
        Err(SearchError::Interrupted { depth: 4, .. })
    ));
    // A new search on the same directory would overwrite it.
    let again = SearchOptions {
        count: true,
        checkpoint: Some(&ck),
        ..opts()
    };
    let e = search(&p, &again).unwrap_err();
    assert!(
        matches!(&e, SearchError::Checkpoint(m) if m.contains("already holds")),
        "{e}"
    );
    let resumed = Checkpointing {
        resume: true,
        ..ck.clone()
    };
    let refuse = |q: &Puzzle, count: bool, label: &str| {
        let o = SearchOptions {
            count,
            checkpoint: Some(&resumed),
            ..opts()
        };
        let e = search(q, &o).unwrap_err();
        assert!(
            matches!(&e, SearchError::Checkpoint(m) if m.contains("another search")),
            "{label}: {e}"
        );
    };
    refuse(
        &crate::sequences::moves::frame_stewart_puzzle(4, 7),
        true,
        "n",
    );
    refuse(&tower_puzzle(4, 6, MoveGraph::Cycle, 0, 2), true, "puzzle");
    refuse(&p, false, "question");
    // Damaged: one byte of the tables flipped.
    let file = ck.dir.join("checkpoint");
    let good = std::fs::read(&file).unwrap();
    let mut bad = good.clone();
    let at = bad.len() - 20;
    bad[at] ^= 1;
    std::fs::write(&file, &bad).unwrap();
    let o = SearchOptions {
        count: true,
        checkpoint: Some(&resumed),
        ..opts()
    };
    let e = search(&p, &o).unwrap_err();
    assert!(
        matches!(&e, SearchError::Damaged(m) if m.contains("checksum")),
        "{e}"
    );
    // Truncated.
    std::fs::write(&file, &good[..good.len() / 2]).unwrap();
    let e = search(&p, &o).unwrap_err();
    assert!(
        matches!(&e, SearchError::Damaged(m) if m.contains("truncated")),
        "{e}"
    );
    // A section length past the file (2^39 words): refused without allocating for it.
    let mut huge = good.clone();
    let first = good
        .iter()
        .enumerate()
        .filter(|(_, &b)| b == b'\n')
        .nth(1)
        .unwrap()
        .0
        + 1;
    huge[first..first + 8].copy_from_slice(&(1u64 << 39).to_le_bytes());
    std::fs::write(&file, &huge).unwrap();
    let e = search(&p, &o).unwrap_err();
    assert!(
        matches!(&e, SearchError::Damaged(m) if m.contains("longer than the rest of the file")),
        "{e}"
    );
    // Restored, it resumes to the uninterrupted answer.
    std::fs::write(&file, &good).unwrap();
    let r = search(&p, &o).unwrap();
    let plain = search(
        &p,
        &SearchOptions {
            count: true,
            ..opts()
        },
    )
    .unwrap();
    assert_eq!(
        (r.minimum, &r.layers, &r.optimal_solutions),
        (plain.minimum, &plain.layers, &plain.optimal_solutions)
    );
    // Nothing to resume.
    let e = search(&p, &o).unwrap_err();
    assert!(
        matches!(&e, SearchError::Checkpoint(m) if m.contains("no checkpoint")),
        "{e}"
    );
}

/// Estimate against accounted peak, per route, printed (`--ignored --nocapture`).
#[test]
#[ignore = "exploration: prints figures"]
fn print_memory_estimates_against_peaks() {
    let mut cases: Vec<(String, Puzzle)> = vec![
        (
            "reves 9".into(),
            crate::sequences::moves::frame_stewart_puzzle(4, 9),
        ),
        (
            "reves 11".into(),
            crate::sequences::moves::frame_stewart_puzzle(4, 11),
        ),
        (
            "classic 11".into(),
            tower_puzzle(3, 11, MoveGraph::Complete, 0, 2),
        ),
        ("cyclic4 8".into(), variant_puzzle("cyclic4", "N", 8)),
        ("cyclic4 10".into(), variant_puzzle("cyclic4", "N", 10)),
        ("fourrow 9".into(), variant_puzzle("four-in-a-row", "R", 9)),
        ("domino 7".into(), variant_puzzle("domino", "DDE", 7)),
        ("checkers 9".into(), variant_puzzle("checkers", "P", 9)),
        ("reversi 6".into(), variant_puzzle("reversi", "BABB", 6)),
        ("rainbow 7".into(), variant_puzzle("rainbow", "DDD", 7)),
        (
            "star 6".into(),
            tower_puzzle(5, 6, MoveGraph::Star(4), 0, 3),
        ),
        ("antwerp 2".into(), variant_puzzle("antwerp", "T33", 2)),
        ("turtle 4".into(), variant_puzzle("turtle", "HAHA", 4)),
        (
            "multistack 3".into(),
            variant_puzzle("multi-stack", "HAHA", 3),
        ),
        (
            "msreves 3".into(),
            variant_puzzle("multistack-reves", "interlocked", 3),
        ),
    ];
    cases.retain(|_| true);
    for (name, p) in &cases {
        for (q, o) in [
            ("min", SearchOptions::default()),
            (
                "count",
                SearchOptions {
                    count: true,
                    ..opts()
                },
            ),
            (
                "count+sol",
                SearchOptions {
                    count: true,
                    solution: true,
                    ..opts()
                },
            ),
        ] {
            let e = estimate_memory(p, &o).unwrap();
            let (r, st) = search_with_stats(p, &o).unwrap();
            let peak = st.peak_bytes.unwrap();
            println!(
                "{name:14} {q:10} est {e:>12} peak {peak:>12} ratio {:.2} states {} layers {}",
                e as f64 / peak as f64,
                r.states,
                r.layers.len()
            );
        }
        if state_space(p).is_some() {
            let (_, st) = super::bfs::search_inner(p, &opts(), true, true, true).unwrap();
            println!("{name:14} two-bit    peak {}", st.peak_bytes.unwrap());
        }
    }
}

/// A checkpoint's bytes with its checksum recomputed (an edit made on purpose, which the
/// checksum cannot catch).
fn resealed(mut bytes: Vec<u8>) -> Vec<u8> {
    let body = bytes.len() - 8;
    let mut sum = super::checkpoint::Sum::new();
    sum.update(&bytes[..body]);
    bytes[body..].copy_from_slice(&sum.finish().to_le_bytes());
    bytes
}

/// Where a checkpoint's header line ends (the first section's length word follows).
fn header_end(bytes: &[u8]) -> usize {
    bytes
        .iter()
        .enumerate()
        .filter(|(_, &b)| b == b'\n')
        .nth(1)
        .unwrap()
        .0
        + 1
}

/// The number of layers in a checkpoint's header.
fn header_layers(bytes: &[u8]) -> usize {
    let magic = bytes.iter().position(|&b| b == b'\n').unwrap() + 1;
    let h: serde_json::Value =
        serde_json::from_slice(&bytes[magic..header_end(bytes) - 1]).unwrap();
    h["sizes"].as_array().unwrap().len()
}

/// A checkpoint with its header's JSON changed by `edit`, resealed.
fn with_header(bytes: &[u8], edit: impl Fn(&mut serde_json::Value)) -> Vec<u8> {
    let magic = bytes.iter().position(|&b| b == b'\n').unwrap() + 1;
    let end = header_end(bytes);
    let mut h: serde_json::Value = serde_json::from_slice(&bytes[magic..end - 1]).unwrap();
    edit(&mut h);
    let mut out = bytes[..magic].to_vec();
    out.extend(serde_json::to_vec(&h).unwrap());
    out.push(b'\n');
    out.extend(&bytes[end..]);
    resealed(out)
}

/// Every route's checkpoint (bitsets, stored layers, two bits, counting, sparse, generic,
/// bidirectional) refused when damaged or forged — truncated, a bit of its first table
/// flipped (checksum recomputed), a layer size edited (with the states to match, checksum
/// recomputed), the visited states edited — with [`SearchError::Damaged`], never a panic
/// and never another answer; the undamaged checkpoint still resumes to the answer.
#[test]
fn damaged_or_forged_checkpoints_of_every_route_are_refused() {
    use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
    let reves = crate::sequences::moves::frame_stewart_puzzle(4, 7);
    let cyclic = variant_puzzle("cyclic4", "N", 5);
    let count = SearchOptions {
        count: true,
        ..opts()
    };
    let keep = SearchOptions {
        solution: true,
        ..opts()
    };
    let sparse = SearchOptions {
        sparse: true,
        ..opts()
    };
    // (name, puzzle, question, dense index, two bits, whether a flipped bit of the first
    // table is always caught: a bitset's or two-bit array's count changes; an index list's
    // entry may become another valid state)
    let cases: [(&str, &Puzzle, &SearchOptions, bool, bool, bool); 7] = [
        ("bitset", &reves, &opts(), true, false, true),
        ("stored layers", &cyclic, &keep, true, false, true),
        ("two-bit", &reves, &opts(), true, true, true),
        ("counting", &reves, &count, true, false, true),
        ("sparse", &cyclic, &sparse, true, false, false),
        ("generic", &cyclic, &opts(), false, false, false),
        ("bidirectional", &reves, &count, true, false, false),
    ];
    for (name, p, o, dense, two_bits, bits_caught) in cases {
        let bidirectional = name == "bidirectional";
        let answer = |r: &SearchResult| (r.minimum, r.layers.clone(), r.optimal_solutions.clone());
        let plain = search(p, o).unwrap();
        let mut ck = Checkpointing::new(checkpoint_dir("forged"), "test");
        let stop = AtomicBool::new(false);
        let hook = |pr: Progress| {
            if pr.depth >= 3 {
                stop.store(true, Relaxed);
            }
        };
        let run = SearchOptions {
            checkpoint: Some(&ck),
            stop: Some(&stop),
            progress: Some(&hook),
            ..*o
        };
        let stopped = match bidirectional {
            true => super::bidirectional_search(p, &run).map(|_| ()),
            false => super::bfs::search_inner(p, &run, dense, true, two_bits).map(|_| ()),
        };
        assert!(
            matches!(stopped, Err(SearchError::Interrupted { .. })),
            "{name}: {stopped:?}"
        );
        ck.resume = true;
        let file = ck.dir.join("checkpoint");
        let good = std::fs::read(&file).unwrap();
        // The resumed run: refused as damaged, or (for a change the invariants cannot tell
        // from a real search's tables) the uninterrupted answer.
        let resume = |bytes: &[u8], what: &str, must_refuse: bool| {
            std::fs::write(&file, bytes).unwrap();
            let o = SearchOptions {
                checkpoint: Some(&ck),
                ..*o
            };
            let r = match bidirectional {
                true => super::bidirectional_search(p, &o)
                    .map(|m| (m.minimum, plain.layers.clone(), m.optimal_solutions)),
                false => super::bfs::search_inner(p, &o, dense, true, false).map(|r| answer(&r.0)),
            };
            match r {
                Err(SearchError::Damaged(m)) => assert!(!m.is_empty()),
                Ok(a) if !must_refuse => assert_eq!(a, answer(&plain), "{name}, {what}"),
                other => panic!("{name}, {what}: {other:?}"),
            }
            // A finished run removed the directory: put it back for the next case.
            std::fs::create_dir_all(&ck.dir).unwrap();
        };
        resume(&good[..good.len() - 9], "truncated", true);
        resume(
            &good[..header_end(&good) + 20],
            "truncated in a table",
            true,
        );
        let at = header_end(&good) + 8 + 3;
        for bit in 0..8 {
            let mut flipped = good.clone();
            flipped[at] ^= 1 << bit;
            resume(
                &resealed(flipped),
                &format!("bit {bit} flipped"),
                bits_caught,
            );
        }
        if !bidirectional {
            let last_size_edited = with_header(&good, |h| {
                let sizes = h["sizes"].as_array_mut().unwrap();
                let last = sizes.len() - 1;
                sizes[last] = (sizes[last].as_u64().unwrap() + 1).into();
                h["states"] = (h["states"].as_u64().unwrap() + 1).into();
            });
            resume(&last_size_edited, "the last layer size edited", true);
            let first_size_edited = with_header(&good, |h| {
                h["sizes"][1] = (h["sizes"][1].as_u64().unwrap() + 1).into();
                h["states"] = (h["states"].as_u64().unwrap() + 1).into();
            });
            resume(&first_size_edited, "a layer size edited", true);
            // Two different sizes of layers before the last swapped. (Only a route that
            // keeps its layers holds the sizes of the layers before the last two: the others
            // have the header's word for them.)
            let sizes = plain.layers.clone();
            let last = header_layers(&good);
            let swap = (1..last.saturating_sub(1)).find(|&i| sizes[i] != sizes[i + 1]);
            if let (Some(i), "stored layers") = (swap, name) {
                let sizes_swapped = with_header(&good, |h| {
                    let (a, b) = (h["sizes"][i].clone(), h["sizes"][i + 1].clone());
                    (h["sizes"][i], h["sizes"][i + 1]) = (b, a);
                });
                resume(&sizes_swapped, "two layer sizes swapped", true);
            }
            let found_edited = with_header(&good, |h| h["found"] = 2.into());
            resume(&found_edited, "the goal's depth edited", true);
        } else {
            // The visited states (the last section before the peak and the checksum).
            let mut visited = good.clone();
            let at = good.len() - 24;
            visited[at] ^= 1;
            resume(&resealed(visited), "the visited states edited", true);
        }
        resume(&good, "undamaged", false);
        let _ = std::fs::remove_dir_all(&ck.dir);
    }
}

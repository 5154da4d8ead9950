//! Timings of the distance and graph-statistics routines (for `hanoilab bench graph`).

use super::classic::classic_distance;
use super::stats::{graph_stats, GraphStats};
use crate::puzzle::bench::classic_puzzle;
use crate::search::{state_graph, SearchError};
use num_bigint::BigUint;
use std::time::{Duration, Instant};

/// Two pseudo-random configurations of `n` discs on three pins (a fixed linear congruential
/// sequence, so every run measures the same pair).
pub fn random_pair(n: usize) -> (Vec<u8>, Vec<u8>) {
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = || {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((state >> 33) % 3) as u8
    };
    let from = (0..n).map(|_| next()).collect();
    let to = (0..n).map(|_| next()).collect();
    (from, to)
}

/// The classic distance between two random configurations of `n` discs: the distance's
/// bit length, the number of shortest paths and the time taken.
pub fn bench_classic_distance(n: usize) -> (u64, u8, Duration) {
    let (from, to) = random_pair(n);
    let t0 = Instant::now();
    let d = classic_distance(&from, &to).expect("three pins");
    let t = t0.elapsed();
    (BigUint::bits(&d.distance), d.shortest_paths, t)
}

/// The statistics of H_3^n (state graph built, its six pin automorphisms found, then one
/// search per orbit of states), with the time of the whole.
pub fn bench_hanoi_stats(n: u32) -> Result<(GraphStats, Duration), SearchError> {
    let t0 = Instant::now();
    let g = state_graph(&classic_puzzle(n), 3usize.pow(n))?;
    let s = graph_stats(&g);
    Ok((s, t0.elapsed()))
}

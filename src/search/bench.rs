//! Timed searches for the benchmark figures (run them in release).

use super::{search, SearchError, SearchOptions, SearchResult};
use crate::puzzle::Puzzle;
use crate::sequences::moves::frame_stewart_puzzle;

/// Distance-only search of `puzzle` on `threads` threads (0: all cores); the result carries
/// the elapsed time and [`SearchResult::states_per_second`].
pub fn bench_search(puzzle: &Puzzle, threads: usize) -> Result<SearchResult, SearchError> {
    search(
        puzzle,
        &SearchOptions {
            threads,
            ..Default::default()
        },
    )
}

/// The 4-peg, all-moves puzzle with `n` discs, pin 0 to pin 3 (Reve's puzzle), distance
/// only: `4^n` indices; n = 15 needs 5 bitsets of 134 MB.
pub fn bench_frame_stewart(n: u32, threads: usize) -> Result<SearchResult, SearchError> {
    bench_search(&frame_stewart_puzzle(4, n), threads)
}

/// The 4-peg puzzle with `n` discs counting its minimal sequences on `threads` threads (the
/// counting fast path); compare its time with [`bench_frame_stewart`]'s.
pub fn bench_frame_stewart_count(n: u32, threads: usize) -> Result<SearchResult, SearchError> {
    search(
        &frame_stewart_puzzle(4, n),
        &SearchOptions {
            count: true,
            threads,
            ..Default::default()
        },
    )
}

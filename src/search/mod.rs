//! Exhaustive breadth-first search over the state graph of a [`Puzzle`].
//!
//! [`search`] gives the true optimum start → goal (or "goal unreachable" with the number of
//! states explored), the layer sizes, on request the exact number of minimal move sequences
//! and one optimal solution. [`state_graph`] enumerates the whole reachable state graph of a
//! small puzzle for graph facts (degrees, symmetry, eccentricity, diameter, Wiener index).
//! ([`crate::facts::compare_with_algorithm`] sets a variant's algorithm against it.)
//!
//! Every move follows the one definition in [`crate::puzzle::model`]; the generic move
//! function ([`try_move`]) is checked against the simulator's [`crate::puzzle::Tower::play`]
//! in the tests, and the dense encoding against the generic one.
//!
//! # State encodings (why two)
//!
//! * **Dense** ([`Encoding::Dense`]): when all disc sizes are distinct and every start pin is
//!   stacked largest-at-the-bottom, the order on each pin is forced by size for ever (a legal
//!   move never puts a larger disc on a smaller one), so a configuration is exactly the pin
//!   of each disc — `n` digits base `p` — plus, when colours change on moves
//!   ([`crate::puzzle::Recolour::Cycle`]`(k)`), the colour of each disc, `n` digits base `k`.
//!   With [`crate::puzzle::Recolour::Fixed`] colours never change and are not encoded (a goal
//!   with other colours is unreachable). The index space is `p^n · k^n`, so visited and
//!   frontier sets are bitsets over it (the 4-peg puzzle with 15 discs: 2^30 bits = 134 MB);
//!   power-of-two radices are decoded with shifts. With [`SearchOptions::sparse`] the same
//!   index is kept in a hash set instead ([`Encoding::Sparse`]): Domino with 13 discs has a
//!   space of 6^13 ≈ 1.3·10^10 indices but reaches fewer than 10^7 of them.
//!   When the five bitsets of a distance-only search exceed the memory limit, the dense
//!   search keeps two bits per index instead (distance mod 3; reported as
//!   [`Encoding::Dense`]): a quarter of a byte per index, one scan of the array per layer.
//! * **Generic** ([`Encoding::Generic`]): equal sizes (Antwerp, Turtle, several stacks) leave
//!   the order on a pin free, and a start could even be unsorted; then states are the
//!   [`Config`]s themselves, interned in a hash map on discovery (exact: the same discs on
//!   each pin in the same order and the same colours — no identification of "equal" discs,
//!   since the goal test of the model does not identify them either).
//!
//!   When every move can be undone and the question is the minimum, the layer sizes or the
//!   number of optimal solutions ([`Encoding::SortedLayers`]), the configurations are
//!   128-bit keys instead and the search keeps two sorted layers, not every state met: a
//!   layer's successors are radix-sorted and the two layers before subtracted by a merge
//!   (Antwerp with 5 discs of each colour, 7.8·10^8 states, in 4 GB).
//!
//! * **Bidirectional** ([`bidirectional_search`]): when every move can be undone (Reve's,
//!   stars, four-in-a-row, Checkers, Rainbow, Domino, the Reversi problems), layers grow from the start and from the
//!   goal until they meet: about twice the ball of half the distance instead of the ball of
//!   the distance, two layers a side in memory.
//! * **Half-way** ([`halfway_search`], [`halfway_count`]): for one tower to another on a
//!   complete move graph with fixed colours and equal bases (Reve's puzzle on any pegs,
//!   Checkers), Korf's bound `2d + 1` from a search of the smaller discs that stops when
//!   they first leave two pins free, over one representative per renaming of the pins other
//!   than the start's; exact under these conditions (the argument is in the module
//!   `halfway` and in docs/search.md).
//!
//! # Counting shortest paths
//!
//! Layer by layer: the number of minimal sequences reaching `v` at depth `d` is the sum, over
//! the states `u` of depth `d-1` with a move `u → v`, of those of `u`; counts are exact.
//! Three routes, by what they store:
//!
//! * **Retracing** (dense index, no checkpoint; module `retrace`): the minimum-only search
//!   with a distance mark per index as its visited set, then, from the goal backwards, the
//!   predecessors marked one less, each with the number of shortest paths from it to the
//!   goal. Only the states on some minimal sequence carry a count (cyclic4 n = 12: 95,058
//!   of 16.5 million), so a count cost 1.05–1.24x the minimum for cyclic4, Reve's puzzle
//!   and four-in-a-row at n = 13..15 (docs/search.md).
//! * **On the way** (dense index; module `counting`): every state's count in fixed-width
//!   limbs, two layers live; the route of a count that checkpoints (its tables are a
//!   layer's, not the whole index's marks) or whose marks would pass the memory limit.
//! * **Stored layers** (sparse and generic encodings; a `solution` that checkpoints or is past
//!   the 16-bit marks): the sorted layers kept, then counted with heap integers after the
//!   search.
//!
//! One optimal solution is rebuilt backwards from the goal the same ways: over the marks when
//! the search retraced, else over the stored layers (the same solution either way).

pub mod bench;
mod bfs;
mod bidirectional;
mod checkpoint;
mod counting;
mod dense;
mod disk;
pub mod distributed;
mod estimate;
mod frontier;
mod graph;
mod halfway;
mod halfway_count;
mod longest;
mod moves;
mod packed;
mod retrace;
mod route;
mod sorted_layers;
mod symmetry;
mod twobit;
mod validate;

#[cfg(test)]
mod tests;

pub use bfs::{
    address_space_limit, cgroup_memory_limit, default_memory_limit, estimate_memory,
    memory_encoding, physical_memory, search, search_with_stats, state_bound, state_count_bound,
    state_space,
};
pub use bidirectional::{bidirectional_applies, bidirectional_search, MeetResult};
pub use checkpoint::holds_bidirectional_checkpoint;
pub use disk::{disk_search, DiskOptions};
pub use distributed::{parse_hostfile, Cluster, DistributedError};
#[cfg(feature = "distributed")]
pub use distributed::{search_distributed, DistributedResult};
pub use graph::{state_graph, StateGraph};
pub use halfway::{halfway_estimate, halfway_search, HalfwayError, HalfwayResult};
pub use halfway_count::{halfway_count, HalfwayCount};
pub use longest::{
    longest_solutions, symmetric_minimal_solutions, LongestError, LongestSolutions,
    SymmetricSolutions,
};
pub use moves::{legal_moves, try_move};
pub use route::{
    answers_by_recursion, choose_route, holds_disk_layers, RouteRefusal, RouteRequest, SearchRoute,
};

use crate::puzzle::{Config, Move, Puzzle};
use num_bigint::BigInt;
use std::fmt;
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// Progress after one completed layer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    /// Depth of the layer just completed.
    pub depth: u64,
    /// Its size.
    pub layer: u64,
    /// States visited so far.
    pub visited: u64,
    /// Size of the index space (an upper bound on the states; for the generic encoding the
    /// visited count).
    pub space: u64,
}

/// What [`search`] should compute, and with what resources.
#[derive(Default)]
pub struct SearchOptions<'a> {
    /// Count the minimal move sequences (see "Counting shortest paths" above for what each
    /// route stores).
    pub count: bool,
    /// Return one optimal solution (stores all layers up to the goal).
    pub solution: bool,
    /// Keep exploring after the goal is found, until the whole reachable graph is seen
    /// (gives the number of reachable states and the eccentricity of the start).
    pub explore_all: bool,
    /// Refuse runs whose memory estimate (bytes) exceeds this; `None`:
    /// [`default_memory_limit`], half of the physical memory or of the control group's
    /// limit when that is less.
    pub memory_limit: Option<u64>,
    /// Use the dense index with a hash set of visited states instead of bitsets over the
    /// whole index space (sequential; for puzzles that reach a small fraction of their index
    /// space, such as Domino and Checkers). Memory is then guarded as the search grows
    /// instead of estimated before it.
    pub sparse: bool,
    /// Worker threads for the dense encoding; 0: all available cores. At most
    /// [`MAX_WORKER_THREADS`] are used.
    pub threads: usize,
    /// Called after every layer.
    pub progress: Option<&'a (dyn Fn(Progress) + Sync)>,
    /// Write a checkpoint after completed layers, or resume from one
    /// ([`Checkpointing`]).
    pub checkpoint: Option<&'a Checkpointing>,
    /// Checked after every layer (after the checkpoint, which is then always written): when
    /// set, the search stops with [`SearchError::Interrupted`].
    pub stop: Option<&'a AtomicBool>,
}

/// Where a search writes its checkpoints, and whether it resumes from one.
///
/// After a completed layer the search writes everything it needs to continue (the visited
/// set, the frontier, counts, layer sizes) to `dir/checkpoint`, through a temporary file
/// renamed over the previous checkpoint: killing the process at any instant leaves the
/// previous complete checkpoint (no signal handler is involved). With `resume`, the search
/// continues from `dir/checkpoint` and gives exactly the answer of an uninterrupted run; a
/// checkpoint of another search (other puzzle, question, or hanoilab version) is refused
/// with [`SearchError::Checkpoint`]. A finished search removes its checkpoint.
///
/// ```
/// use hanoilab::search::{search, Checkpointing, SearchError, SearchOptions};
/// use hanoilab::sequences::moves::frame_stewart_puzzle;
/// use std::sync::atomic::{AtomicBool, Ordering};
/// let p = frame_stewart_puzzle(4, 6);
/// let dir = std::env::temp_dir().join(format!("hanoilab-doc-ckpt-{}", std::process::id()));
/// let mut ck = Checkpointing::new(&dir, "reves n = 6");
/// ck.every = Some(std::time::Duration::ZERO);
/// // Stop after layer 5 (as a kill would, but at a known layer) ...
/// let stop = AtomicBool::new(false);
/// let hook = |pr: hanoilab::search::Progress| if pr.depth == 5 { stop.store(true, Ordering::Relaxed) };
/// let opts = SearchOptions { checkpoint: Some(&ck), stop: Some(&stop), progress: Some(&hook), ..Default::default() };
/// assert!(matches!(search(&p, &opts), Err(SearchError::Interrupted { depth: 5, .. })));
/// // ... and resume: the answer of an uninterrupted run.
/// ck.resume = true;
/// let r = search(&p, &SearchOptions { checkpoint: Some(&ck), ..Default::default() }).unwrap();
/// assert_eq!(r.minimum, Some(17));
/// assert_eq!(r.layers, search(&p, &SearchOptions::default()).unwrap().layers);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Checkpointing {
    /// The directory of the checkpoint (created when missing).
    pub dir: PathBuf,
    /// Continue from the checkpoint in `dir` (which must exist and be this search's);
    /// without, a checkpoint already in `dir` is an error (it would be overwritten).
    pub resume: bool,
    /// Least time between two checkpoints; `None`: after every layer, unless writing them
    /// would take more than a tenth of the run (a checkpoint is then written once ten times
    /// the last write's duration has passed). `Some(Duration::ZERO)`: after every layer.
    pub every: Option<Duration>,
    /// The search's name in messages (e.g. `reves.FS n = 16`).
    pub label: String,
}

impl Checkpointing {
    /// Checkpoints in `dir`, a new search (not resumed), the default interval.
    pub fn new(dir: impl Into<PathBuf>, label: impl Into<String>) -> Checkpointing {
        Checkpointing {
            dir: dir.into(),
            resume: false,
            every: None,
            label: label.into(),
        }
    }
}

impl fmt::Debug for SearchOptions<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SearchOptions")
            .field("count", &self.count)
            .field("solution", &self.solution)
            .field("explore_all", &self.explore_all)
            .field("memory_limit", &self.memory_limit)
            .field("sparse", &self.sparse)
            .field("threads", &self.threads)
            .field("progress", &self.progress.is_some())
            .field("checkpoint", &self.checkpoint)
            .field("stop", &self.stop.is_some())
            .finish()
    }
}

/// Resource figures of one search ([`search_with_stats`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SearchStats {
    /// The most bytes the search's own tables held at once, from their capacities: bitsets,
    /// rank blocks, layer lists (the threads' parts while they are merged), counts, hash
    /// tables (both while one grows), interned configurations, the two-bit array. Every
    /// route accounts them (`Some`).
    pub peak_bytes: Option<u64>,
    /// The most bits of one state's count of minimal sequences (0 without `count`; on the
    /// stored-layer route, the goal's count).
    pub count_bits: u64,
    /// The counting route's push pass (one-way moves, list layers): the keys it sorted, one
    /// per move into a state of the next layer, and the states of the layers it found that
    /// way (0 on other routes).
    pub pushed: (u64, u64),
    /// The counting route that retraces from the goal (`super::retrace`): the states on
    /// some minimal sequence, whose counts it made (0 on other routes).
    pub retraced: u64,
}

/// Which state encoding a search used (see the module documentation).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Encoding {
    /// Pin digit (and colour digit) per disc; `space` indices.
    Dense {
        /// Size of the index space, `p^n · k^n`.
        space: u64,
    },
    /// Pin and colour digits per disc, visited states in a hash set
    /// ([`SearchOptions::sparse`]).
    Sparse {
        /// Size of the index space, `p^n · k^n`.
        space: u64,
    },
    /// Interned configurations.
    Generic,
    /// Packed configurations in sorted layers, two kept (equal discs, every move can be
    /// undone: the module `sorted_layers`).
    SortedLayers,
    /// Dense indices in sorted layer files ([`disk_search`]).
    Disk {
        /// Size of the index space, `p^n · k^n`.
        space: u64,
    },
}

/// The outcome of a [`search`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// The minimum number of moves start → goal; `None`: the goal is unreachable.
    pub minimum: Option<u64>,
    /// States visited (start included).
    pub states: u64,
    /// Layer sizes: `layers[d]` states at distance `d` from the start (up to the goal's
    /// layer, or all layers when the whole graph was explored).
    pub layers: Vec<u64>,
    /// Whether the whole reachable graph was explored (always so when unreachable).
    pub complete: bool,
    /// The number of distinct minimal move sequences (with `count`).
    pub optimal_solutions: Option<BigInt>,
    /// One optimal solution (with `solution`).
    pub solution: Option<Vec<Move>>,
    /// The encoding used.
    pub encoding: Encoding,
    /// Wall-clock time of the search.
    pub elapsed: Duration,
}

impl SearchResult {
    /// The number of reachable states, when the whole graph was explored.
    pub fn reachable_states(&self) -> Option<u64> {
        self.complete.then_some(self.states)
    }

    /// The eccentricity of the start (largest distance to a reachable state), when the whole
    /// graph was explored.
    pub fn start_eccentricity(&self) -> Option<u64> {
        self.complete.then(|| self.layers.len() as u64 - 1)
    }

    /// States visited per second.
    pub fn states_per_second(&self) -> f64 {
        self.states as f64 / self.elapsed.as_secs_f64().max(1e-9)
    }
}

fn memory_limit_text(estimate: u64, limit: u64, during: bool) -> String {
    if during {
        format!(
            "search stopped: what it holds grew to about {} against the memory limit of {} (the states this route reaches are known only as it finds them, so the limit is checked as they grow; raise it with --memory-limit, or search fewer discs)",
            human_bytes(estimate),
            human_bytes(limit)
        )
    } else {
        format!(
            "search needs an estimated {} but the memory limit is {} (raise it with --memory-limit, or search fewer discs)",
            human_bytes(estimate),
            human_bytes(limit)
        )
    }
}

/// Why a search did not run or stopped.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SearchError {
    /// The memory estimate exceeds the limit: before the run (from the state space), or
    /// during it (`during`) on a route whose reachable states are known only as it finds
    /// them (the sparse and generic sets, the two frontiers of a meet in the middle).
    #[error("{}", memory_limit_text(*estimate, *limit, *during))]
    MemoryLimit {
        /// Estimated bytes.
        estimate: u64,
        /// The limit in bytes.
        limit: u64,
        /// Whether the search stopped during the run, as what it holds grew.
        during: bool,
    },
    /// The puzzle is not well formed (a disc missing from the start, a bad pin ...).
    #[error("malformed puzzle: {0}")]
    Malformed(String),
    /// A checkpoint that cannot be resumed (missing, of another search, damaged) or a
    /// checkpoint directory that already holds one.
    #[error("checkpoint {0}")]
    Checkpoint(String),
    /// Reading or writing a checkpoint failed (a full disk, permissions).
    #[error("checkpoint {0}")]
    CheckpointIo(String),
    /// A checkpoint or a disk search's layer file fails a check of its content (truncated,
    /// a flipped byte, a layer copied over another, a size edited with the checksum
    /// recomputed): refused before any of it is used, so it never gives an answer.
    #[error("damaged checkpoint {0}; not resumed")]
    Damaged(String),
    /// The stop flag ([`SearchOptions::stop`]) was set; the search stopped after the layer
    /// at `depth`, its checkpoint (if any) written.
    #[error("interrupted after the layer at depth {depth}{}", checkpoint.as_ref().map_or(String::new(), |d| format!(" (resume with --resume {})", d.display())))]
    Interrupted {
        /// The last completed layer.
        depth: u64,
        /// The checkpoint directory, when checkpointing.
        checkpoint: Option<PathBuf>,
    },
    /// The disk search cannot run here (no dense index, an occupied or unwritable
    /// directory, a full disk).
    #[error("disk search: {0}")]
    Disk(String),
    /// The chosen route cannot answer for this puzzle or this question (the bidirectional
    /// search for a puzzle with a move that cannot be undone, or asked for a solution).
    #[error("{0}")]
    NotApplicable(String),
}

/// The most worker threads a search uses, whatever [`SearchOptions::threads`] asks: each
/// thread holds a stack, and `--threads 20000` ran out of memory starting them and aborted.
pub const MAX_WORKER_THREADS: usize = 1024;

/// `1.5 GiB`-style rendering of a byte count.
pub fn human_bytes(b: u64) -> String {
    const UNITS: [&str; 5] = ["B", "KiB", "MiB", "GiB", "TiB"];
    let mut x = b as f64;
    let mut u = 0;
    while x >= 1024.0 && u < UNITS.len() - 1 {
        x /= 1024.0;
        u += 1;
    }
    if u == 0 {
        format!("{b} B")
    } else {
        format!("{x:.1} {} ({b} bytes)", UNITS[u])
    }
}

/// A large count for messages: `123456` or `3.01e11`.
///
/// ```
/// use hanoilab::search::human_count;
/// assert_eq!(human_count(123456.0), "123456");
/// assert_eq!(human_count(3.01e11), "3.010e11");
/// ```
pub fn human_count(x: f64) -> String {
    if x < 1e7 {
        format!("{x:.0}")
    } else {
        format!("{x:.3e}")
    }
}

/// Checks that `config` places every disc of `puzzle` exactly once and has one colour per disc.
/// A route that holds only what it reaches, after it grew: `MemoryLimit` (during the run)
/// when the bytes `held` pass `limit`.
fn check_held(held: u64, limit: u64) -> Result<(), SearchError> {
    match held > limit {
        true => Err(SearchError::MemoryLimit {
            estimate: held,
            limit,
            during: true,
        }),
        false => Ok(()),
    }
}

fn check_config(puzzle: &Puzzle, config: &Config, what: &str) -> Result<(), SearchError> {
    let n = puzzle.discs.len();
    if config.pins.len() != puzzle.pins || config.colours.len() != n {
        return Err(SearchError::Malformed(format!(
            "{what}: {} pins and {} colours for a puzzle of {} pins and {n} discs",
            config.pins.len(),
            config.colours.len(),
            puzzle.pins
        )));
    }
    let mut seen = vec![false; n];
    for &d in config.pins.iter().flatten() {
        match seen.get_mut(d as usize) {
            Some(s) if !*s => *s = true,
            _ => {
                return Err(SearchError::Malformed(format!(
                    "{what}: disc {d} is not a disc of the puzzle or is placed twice"
                )))
            }
        }
    }
    if seen.iter().any(|s| !s) {
        return Err(SearchError::Malformed(format!("{what}: a disc is missing")));
    }
    Ok(())
}

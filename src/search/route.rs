//! Which route answers a search request: the classic puzzle between given ends by Hinz's
//! recursion, Korf's half-way search, the meet-in-the-middle search, the distributed
//! search, layers on disk past the memory limit, or the breadth-first search in memory
//! (whose own encoding and counting route [`super::search`] picks); and why a request is
//! refused (flags that do not go together, a memory estimate over the limit).
//!
//! The choice is made before any state is stored, in two steps: [`answers_by_recursion`]
//! before the ends (`--from`, `--to`) are read (the recursion reads them its own way),
//! then [`choose_route`] on the puzzle with its ends.

use super::bfs::{default_memory_limit, estimate_memory, state_count_bound, state_space};
use super::{bidirectional_applies, human_bytes, human_count, Checkpointing, SearchOptions};
use crate::puzzle::Puzzle;
use std::path::{Path, PathBuf};

/// What a search is asked, and with what resources: the flags of `hanoilab search`
/// besides the puzzle.
#[derive(Clone, Copy, Debug, Default)]
pub struct RouteRequest<'a> {
    /// The search's name in messages (e.g. `reves.FS n = 16`).
    pub label: &'a str,
    /// Count the minimal move sequences.
    pub count: bool,
    /// One optimal solution.
    pub solution: bool,
    /// The layer sizes.
    pub layers: bool,
    /// The whole reachable graph.
    pub explore_all: bool,
    /// Visited states in a hash set ([`SearchOptions::sparse`]).
    pub sparse: bool,
    /// Korf's half-way search asked for ([`super::halfway_search`]).
    pub halfway: bool,
    /// The meet-in-the-middle search asked for ([`super::bidirectional_search`]).
    pub bidirectional: bool,
    /// The distributed search asked for (a host file or workers).
    pub distributed: bool,
    /// The answer is recorded (a search's figures, not only its answer).
    pub record: bool,
    /// Other ends than the function's start and goal (`--from`, `--to`).
    pub ends: bool,
    /// Checkpoints written or resumed ([`Checkpointing`]).
    pub checkpoint: Option<&'a Checkpointing>,
    /// The directory a resumed search continues from.
    pub resume: Option<&'a Path>,
    /// A scratch directory for layers past the memory limit.
    pub scratch: bool,
    /// The memory limit in bytes; `None`: [`default_memory_limit`].
    pub memory_limit: Option<u64>,
}

/// The route that answers a [`RouteRequest`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SearchRoute {
    /// Korf's half-way search ([`super::halfway_search`], [`super::halfway_count`]).
    Halfway,
    /// The meet-in-the-middle search ([`super::bidirectional_search`]).
    Bidirectional,
    /// The distributed search over several processes.
    Distributed,
    /// Layers on disk ([`super::disk_search`]), the sort buffer within `limit`.
    Disk {
        /// The memory limit in bytes.
        limit: u64,
    },
    /// Breadth-first search in memory ([`super::search`]).
    Memory {
        /// Its memory estimate in bytes ([`estimate_memory`]).
        estimate: u64,
        /// The memory limit in bytes.
        limit: u64,
    },
}

/// Why a request is refused before any state is stored.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum RouteRefusal {
    /// Korf's search is from one tower to another.
    #[error("--halfway searches from one tower to another: drop --from and --to")]
    HalfwayBetweenEnds,
    /// A plain search asked to resume a bidirectional search's checkpoint.
    #[error("{label}: --resume {}: the checkpoint of a bidirectional search: resume it with --bidirectional", dir.display())]
    BidirectionalCheckpoint {
        /// The search's name.
        label: String,
        /// The checkpoint directory.
        dir: PathBuf,
    },
    /// The half-way and meet-in-the-middle searches answer the minimum and the count only.
    #[error("{route} gives the minimum and (with --count) the number of optimal solutions: drop --solution, --explore-all, --sparse and the distributed flags")]
    MeetQuestion {
        /// `--halfway` or `--bidirectional`.
        route: &'static str,
    },
    /// Korf's search keeps no checkpoints.
    #[error("--halfway writes no checkpoints: drop --checkpoint, --resume and --scratch (--bidirectional has them)")]
    HalfwayCheckpoint,
    /// The distributed search keeps no checkpoints.
    #[error("--checkpoint, --resume and --scratch: not available with the distributed search")]
    DistributedCheckpoint,
    /// The memory estimate could not be made (a malformed puzzle).
    #[error("{label}: {message}")]
    Estimate {
        /// The search's name.
        label: String,
        /// Why.
        message: String,
    },
    /// A disk search's layers resumed with a question the disk route does not answer.
    #[error("{label}: --resume {}: a disk search's layers (no solution, no sparse set): drop --solution and --sparse", dir.display())]
    DiskQuestion {
        /// The search's name.
        label: String,
        /// The directory of the layers.
        dir: PathBuf,
    },
    /// The memory estimate is over the limit (and no scratch directory takes the layers).
    #[error("{label}: the state space has up to {} states; the search needs up to {} but the memory limit is {} (raise it with --memory-limit, or search fewer discs{}{})", human_count(*states), human_bytes(*estimate), human_bytes(*limit), if *bidirectional { "; --bidirectional answers with far fewer states" } else { "" }, if *sparse { "; --sparse holds only the states reached, in a hash set, where they are far fewer than the index space" } else { "" })]
    MemoryLimit {
        /// The search's name.
        label: String,
        /// The bound on the states ([`state_count_bound`]).
        states: f64,
        /// The memory estimate in bytes.
        estimate: u64,
        /// The limit in bytes.
        limit: u64,
        /// Whether the meet-in-the-middle search applies and would visit far fewer states.
        bidirectional: bool,
        /// Whether the sparse route applies (a dense index space, of which it stores only
        /// the states reached).
        sparse: bool,
    },
}

/// Whether `dir` holds the layers and manifest of a disk search ([`super::disk_search`]),
/// which a resumed search continues on disk.
pub fn holds_disk_layers(dir: &Path) -> bool {
    dir.join("layers").join("manifest.json").is_file()
}

/// Whether a request with other ends than the function's is answered by Hinz's recursion
/// instead of a search ([`crate::graph::classic`]), decided before the ends are read: the
/// classic puzzle is, unless a flag asks about the search itself (layers, the whole graph,
/// a route, a record, checkpoints); otherwise [`choose_route`] picks the search. Korf's
/// search between other ends is refused.
///
/// ```
/// use hanoilab::search::{answers_by_recursion, RouteRequest};
/// use hanoilab::sequences::moves::frame_stewart_puzzle;
/// let classic = frame_stewart_puzzle(3, 10);
/// let ends = RouteRequest { ends: true, ..Default::default() };
/// assert_eq!(answers_by_recursion(&classic, &ends), Ok(true));
/// let layers = RouteRequest { layers: true, ..ends };
/// assert_eq!(answers_by_recursion(&classic, &layers), Ok(false));
/// assert_eq!(answers_by_recursion(&frame_stewart_puzzle(4, 10), &ends), Ok(false));
/// ```
pub fn answers_by_recursion(puzzle: &Puzzle, req: &RouteRequest) -> Result<bool, RouteRefusal> {
    if !req.ends {
        return Ok(false);
    }
    if req.halfway {
        return Err(RouteRefusal::HalfwayBetweenEnds);
    }
    let searching = req.layers
        || req.explore_all
        || req.sparse
        || req.bidirectional
        || req.record
        || req.checkpoint.is_some()
        || req.distributed;
    Ok(!searching && crate::graph::classic::is_classic(puzzle))
}

/// The search route of a request on `puzzle` (its ends set), or why it is refused:
/// the route asked for (half-way, meet-in-the-middle, distributed) when its flags go
/// together; else, from the memory estimate against the limit, memory, or disk when a
/// scratch directory is given (or a disk search's layers are resumed) and the puzzle has a
/// dense index; else the refusal, with a hint where the meet-in-the-middle search applies.
/// The estimate is made only for the last two (it may run a pilot search on fewer discs).
///
/// ```
/// use hanoilab::search::{choose_route, RouteRefusal, RouteRequest, SearchRoute};
/// use hanoilab::sequences::moves::frame_stewart_puzzle;
/// let reves = frame_stewart_puzzle(4, 8);
/// let req = RouteRequest { label: "reves n = 8", ..Default::default() };
/// assert!(matches!(choose_route(&reves, &req), Ok(SearchRoute::Memory { .. })));
/// let tiny = RouteRequest { memory_limit: Some(10), ..req };
/// assert!(matches!(choose_route(&reves, &tiny), Err(RouteRefusal::MemoryLimit { .. })));
/// let disk = RouteRequest { scratch: true, ..tiny };
/// assert_eq!(choose_route(&reves, &disk), Ok(SearchRoute::Disk { limit: 10 }));
/// ```
pub fn choose_route(puzzle: &Puzzle, req: &RouteRequest) -> Result<SearchRoute, RouteRefusal> {
    if let (Some(c), false) = (req.checkpoint, req.bidirectional) {
        if c.resume && super::holds_bidirectional_checkpoint(&c.dir) {
            return Err(RouteRefusal::BidirectionalCheckpoint {
                label: req.label.to_string(),
                dir: c.dir.clone(),
            });
        }
    }
    if req.halfway || req.bidirectional {
        let route = if req.halfway {
            "--halfway"
        } else {
            "--bidirectional"
        };
        if req.solution || req.explore_all || req.sparse || req.distributed {
            return Err(RouteRefusal::MeetQuestion { route });
        }
        if req.halfway && req.checkpoint.is_some() {
            return Err(RouteRefusal::HalfwayCheckpoint);
        }
        return Ok(match req.halfway {
            true => SearchRoute::Halfway,
            false => SearchRoute::Bidirectional,
        });
    }
    if req.distributed {
        if req.checkpoint.is_some() {
            return Err(RouteRefusal::DistributedCheckpoint);
        }
        return Ok(SearchRoute::Distributed);
    }
    // Sizes first: the memory estimate from the state space against the limit, before any
    // state is stored (the search itself also guards the run as it grows).
    let probe = SearchOptions {
        count: req.count,
        solution: req.solution,
        explore_all: req.explore_all,
        // The limit decides the encoding (two bits per index when the bitsets exceed it).
        memory_limit: req.memory_limit,
        sparse: req.sparse,
        // A count that checkpoints takes the route on the way, not the retracing one: the
        // estimate is that route's.
        checkpoint: req.checkpoint,
        ..Default::default()
    };
    let estimate = estimate_memory(puzzle, &probe).map_err(|e| RouteRefusal::Estimate {
        label: req.label.to_string(),
        message: e.to_string(),
    })?;
    let limit = req.memory_limit.unwrap_or_else(default_memory_limit);
    // Past the limit with a scratch directory: the layers go to disk instead (the minimum,
    // the layer sizes and with a count the number of optimal solutions, of a dense puzzle).
    // A disk run's checkpoint (its layers and manifest) resumes on the disk route.
    let disk_resume = req.resume.is_some_and(holds_disk_layers);
    let disk_fits = !req.sparse && !req.solution && state_space(puzzle).is_some();
    if disk_resume && !disk_fits {
        return Err(RouteRefusal::DiskQuestion {
            label: req.label.to_string(),
            dir: req.resume.map(Path::to_path_buf).unwrap_or_default(),
        });
    }
    if disk_resume || estimate > limit && disk_fits && req.scratch {
        return Ok(SearchRoute::Disk { limit });
    }
    // The sparse set's estimate is a bound from the index space; the run is guarded as it
    // grows instead.
    if estimate > limit && !req.sparse {
        // Where the meet-in-the-middle search applies, it visits a small part of the states
        // (for the minimum and the count).
        return Err(RouteRefusal::MemoryLimit {
            label: req.label.to_string(),
            states: state_count_bound(puzzle),
            estimate,
            limit,
            bidirectional: !req.solution && !req.explore_all && bidirectional_applies(puzzle),
            sparse: state_space(puzzle).is_some(),
        });
    }
    Ok(SearchRoute::Memory { estimate, limit })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sequences::moves::frame_stewart_puzzle;

    #[test]
    fn flags_that_do_not_go_together_are_refused_before_any_estimate() {
        let p = frame_stewart_puzzle(4, 30);
        let req = RouteRequest {
            label: "reves n = 30",
            halfway: true,
            solution: true,
            ..Default::default()
        };
        assert_eq!(
            choose_route(&p, &req),
            Err(RouteRefusal::MeetQuestion { route: "--halfway" })
        );
        let ok = RouteRequest {
            solution: false,
            ..req
        };
        assert_eq!(choose_route(&p, &ok), Ok(SearchRoute::Halfway));
        let ck = Checkpointing::new("/nonexistent-dir", "reves n = 30");
        let with_ck = RouteRequest {
            checkpoint: Some(&ck),
            ..ok
        };
        assert_eq!(
            choose_route(&p, &with_ck),
            Err(RouteRefusal::HalfwayCheckpoint)
        );
        let dist = RouteRequest {
            halfway: false,
            distributed: true,
            ..with_ck
        };
        assert_eq!(
            choose_route(&p, &dist),
            Err(RouteRefusal::DistributedCheckpoint)
        );
        assert_eq!(
            answers_by_recursion(&p, &RouteRequest { ends: true, ..ok }),
            Err(RouteRefusal::HalfwayBetweenEnds)
        );
    }

    #[test]
    fn the_memory_limit_decides_between_memory_disk_and_refusal() {
        // Reve's puzzle on 12 discs: 4^12 indices, a few MiB of bitsets.
        let p = frame_stewart_puzzle(4, 12);
        // A count: no two-bit encoding, whose estimate would follow the limit.
        let req = RouteRequest {
            label: "reves n = 12",
            count: true,
            ..Default::default()
        };
        let Ok(SearchRoute::Memory { estimate, .. }) = choose_route(&p, &req) else {
            panic!("not in memory");
        };
        let under = RouteRequest {
            memory_limit: Some(estimate),
            ..req
        };
        assert_eq!(
            choose_route(&p, &under),
            Ok(SearchRoute::Memory {
                estimate,
                limit: estimate
            })
        );
        let over = RouteRequest {
            memory_limit: Some(estimate / 8),
            ..req
        };
        let refusal = choose_route(&p, &over).unwrap_err();
        // Reve's moves can be undone: the refusal points to the meet-in-the-middle search,
        // and, its index space being dense, to the sparse set.
        assert!(
            refusal
                .to_string()
                .contains("; --bidirectional answers with far fewer states; --sparse holds"),
            "{refusal}"
        );
        let disk = RouteRequest {
            scratch: true,
            ..over
        };
        assert_eq!(
            choose_route(&p, &disk),
            Ok(SearchRoute::Disk {
                limit: estimate / 8
            })
        );
        // A solution is not written on disk: refused instead.
        let solution = RouteRequest {
            solution: true,
            ..disk
        };
        assert!(matches!(
            choose_route(&p, &solution),
            Err(RouteRefusal::MemoryLimit { .. })
        ));
    }
}

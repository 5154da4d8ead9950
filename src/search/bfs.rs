//! The breadth-first drivers: a parallel one over the dense index (bitset visited set,
//! frontier as an index list or, when large, a bitset) and a sequential one over interned
//! configurations; then the shared post-passes that count minimal sequences and rebuild one
//! optimal solution from the stored layers.

use super::checkpoint::{Checkpointer, Reader, Route, Snapshot};
use super::counting::dense_count_bfs;
use super::dense::DenseSpace;
use super::frontier::{
    clear_bits, expand, get_bit, grown_table_bytes, layer_bytes, new_bits, read_layer, read_stored,
    report_layer, report_start, set_bit, stored_bytes, table_bytes, worker_threads, write_layer,
    write_stored, BitsSpill, IndexHasher, Interned, Layer, Run, LIST_CHUNK,
};
use super::packed::{peak_bytes_for, Full, Scratch};
use super::retrace::{expand_marking, Marks};
use super::twobit::{two_bit_bfs, two_bit_bytes, two_bit_estimate};
use super::validate::{check_ends, check_frontier, check_list, holds, members, Kept, Origin};
use super::{check_config, Encoding, SearchError, SearchOptions, SearchResult, SearchStats};
use crate::puzzle::{Config, Disc, Move, Puzzle, Recolour, SizeRule};
use num_bigint::{BigInt, BigUint};
use num_traits::{One, Zero};
use std::sync::atomic::AtomicU64;
use std::time::Instant;

/// Bytes per state assumed for count/solution runs (an index in a stored layer, and the
/// exact count of the state's minimal sequences while its layer and the next are live).
const KEEP_BYTES_PER_STATE: u64 = 8;
const COUNT_BYTES_PER_STATE: u64 = 40;

/// The physical memory in bytes (`MemTotal` of `/proc/meminfo`), if it can be read.
pub fn physical_memory() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = text.lines().find(|l| l.starts_with("MemTotal:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    kb.checked_mul(1024)
}

/// The process's address-space limit (`ulimit -v`), when one is set.
pub fn address_space_limit() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/self/limits").ok()?;
    let line = text.lines().find(|l| l.starts_with("Max address space"))?;
    // "Max address space  SOFT  HARD  bytes": the soft limit, or "unlimited".
    line["Max address space".len()..]
        .split_whitespace()
        .next()?
        .parse()
        .ok()
}

/// The memory limit of the process's control group, if one is set: the least of the
/// `memory.max` (cgroup v2) or `memory.limit_in_bytes` (cgroup v1) files of its group and
/// the groups above it (a container's or a batch job's limit, which `/proc/meminfo` does
/// not show: past it the kernel kills the process).
pub fn cgroup_memory_limit() -> Option<u64> {
    cgroup_limit_from(|path| std::fs::read_to_string(path).ok())
}

/// Where a group's limit is: its path under the hierarchy's mount, the mount, the file's
/// name and its parser.
type LimitFile = (String, String, &'static str, fn(&str) -> Option<u64>);

/// [`cgroup_memory_limit`] over the files `read` returns (`None`: no such file), so the
/// formats can be checked without the machine's own files.
fn cgroup_limit_from(read: impl Fn(&str) -> Option<String>) -> Option<u64> {
    const ROOT: &str = "/sys/fs/cgroup";
    let own = read("/proc/self/cgroup").unwrap_or_default();
    let mut limits = Vec::new();
    let mut places: Vec<LimitFile> = Vec::new();
    for line in own.lines() {
        // `ID:CONTROLLERS:PATH`: the unified (v2) hierarchy is `0::PATH`; a v1 memory
        // hierarchy names `memory` among its controllers.
        let mut parts = line.splitn(3, ':');
        let (Some(id), Some(controllers), Some(path)) = (parts.next(), parts.next(), parts.next())
        else {
            continue;
        };
        if id == "0" && controllers.is_empty() {
            places.push((path.into(), ROOT.into(), "memory.max", parse_cgroup_max));
        } else if controllers.split(',').any(|c| c == "memory") {
            let mount = format!("{ROOT}/memory");
            places.push((
                path.into(),
                mount,
                "memory.limit_in_bytes",
                parse_cgroup_v1_limit,
            ));
        }
    }
    // Inside a container the group's own files are often at the mount itself.
    places.push(("/".into(), ROOT.into(), "memory.max", parse_cgroup_max));
    let v1 = format!("{ROOT}/memory");
    places.push((
        "/".into(),
        v1,
        "memory.limit_in_bytes",
        parse_cgroup_v1_limit,
    ));
    for (path, mount, file, parse) in places {
        // The group and every group above it: the least limit holds.
        let mut dir = path.trim_end_matches('/').to_string();
        loop {
            if let Some(limit) = read(&format!("{mount}{dir}/{file}")).and_then(|t| parse(&t)) {
                limits.push(limit);
            }
            match dir.rfind('/') {
                Some(i) => dir.truncate(i),
                None => break,
            }
        }
    }
    limits.into_iter().min()
}

/// A cgroup v2 `memory.max`: a number of bytes, or `max` for no limit.
fn parse_cgroup_max(text: &str) -> Option<u64> {
    match text.trim() {
        "max" => None,
        t => t.parse().ok(),
    }
}

/// A cgroup v1 `memory.limit_in_bytes`: a number of bytes, where "no limit" is the largest
/// 64-bit signed value rounded down to a page (9223372036854771712), or -1.
fn parse_cgroup_v1_limit(text: &str) -> Option<u64> {
    let limit: u64 = text.trim().parse().ok()?;
    (limit < 1 << 62).then_some(limit)
}

/// The default memory limit: half the memory the process may use (the physical memory,
/// or its control group's limit when that is less), and at most three quarters of the
/// address-space limit (the rest is code, stacks and allocator slack).
pub fn default_memory_limit() -> u64 {
    let usable = match (physical_memory(), cgroup_memory_limit()) {
        (Some(m), Some(c)) => Some(m.min(c)),
        (m, c) => m.or(c),
    };
    let physical = usable.map_or(4 << 30, |m| m / 2);
    match address_space_limit() {
        Some(a) => physical.min(a / 4 * 3),
        None => physical,
    }
}

fn memory_limit(opts: &SearchOptions) -> u64 {
    opts.memory_limit.unwrap_or_else(default_memory_limit)
}

/// An upper bound on the number of configurations of `puzzle`, from its state space alone
/// (as a float: it may pass 2^64). Pins hold discs in size order, so a configuration is, per
/// size class, where its discs are (each on a pin its stack may use; under the strict rule
/// on different pins) and, under the allow-equal rule, their order within a pin; times the
/// colours when moves recolour. Exact for Antwerp; for the dense encodings it is their index
/// space or less.
pub fn state_count_bound(puzzle: &Puzzle) -> f64 {
    let p = puzzle.pins;
    let allowed = |d: &Disc| -> Vec<usize> {
        (0..p)
            .filter(|&q| {
                puzzle.rules.access.as_ref().is_none_or(|a| {
                    a.get(d.group as usize)
                        .is_none_or(|m| q >= 64 || m >> q & 1 == 1)
                })
            })
            .collect()
    };
    let mut classes: std::collections::BTreeMap<u32, Vec<&Disc>> = Default::default();
    for d in &puzzle.discs {
        classes.entry(d.size).or_default().push(d);
    }
    let strict = puzzle.rules.size_rule == SizeRule::Strict;
    let mut log = 0.0f64;
    for discs in classes.values() {
        let options: Vec<Vec<usize>> = discs.iter().map(|d| allowed(d)).collect();
        let product: f64 = options.iter().map(|o| o.len() as f64).product();
        let ways = if product <= 1e6 {
            // Enumerate the placements of this class (small: a few discs per size).
            let mut ways = 0.0f64;
            let mut idx = vec![0usize; discs.len()];
            let mut per_pin = vec![0usize; p];
            'outer: loop {
                per_pin.iter_mut().for_each(|c| *c = 0);
                for (i, o) in idx.iter().zip(&options) {
                    per_pin[o[*i]] += 1;
                }
                if strict {
                    if per_pin.iter().all(|&c| c <= 1) {
                        ways += 1.0;
                    }
                } else {
                    ways += per_pin
                        .iter()
                        .map(|&c| (1..=c).map(|x| x as f64).product::<f64>())
                        .product::<f64>();
                }
                for (i, o) in idx.iter_mut().zip(&options) {
                    *i += 1;
                    if *i < o.len() {
                        continue 'outer;
                    }
                    *i = 0;
                }
                break;
            }
            ways
        } else {
            // Each disc anywhere it may go, in any order among its class.
            product * (1..=discs.len()).map(|x| x as f64).product::<f64>()
        };
        if ways == 0.0 {
            return 0.0;
        }
        log += ways.log2();
    }
    if let Recolour::Cycle(k) = puzzle.rules.recolour {
        log += puzzle.discs.len() as f64 * f64::from(k.max(1)).log2();
    }
    log.exp2()
}

/// The estimate of the generic encoding: for the sorted-layer route, from its pilots
/// ([`super::sorted_layers::estimate`]); otherwise (and when the pilots do not apply) for
/// [`state_count_bound`] states, by the same growth rules as the packed set the driver fills ([`peak_bytes_for`]: the buffer of packed
/// configurations and the index table, old and new together while either grows), and
/// with `count` or `solution` the stored layers' indices.
fn generic_estimate(puzzle: &Puzzle, opts: &SearchOptions) -> u64 {
    if super::sorted_layers::applies(puzzle, opts) {
        if let Some(e) = super::sorted_layers::estimate(puzzle, opts) {
            return e;
        }
    }
    let states = state_count_bound(puzzle);
    if states >= (1u64 << 40) as f64 {
        return u64::MAX;
    }
    let states = states as u64;
    let mut peak = peak_bytes_for(states, Interned::new(puzzle).width());
    if opts.count || opts.solution {
        peak = peak.saturating_add(8 * states);
    }
    peak
}

/// The memory (bytes) a [`search`] of `puzzle` with `opts` is estimated to need, before it
/// runs. Dense encoding: the visited bitset over the index space, plus two frontiers of at
/// most one bitset's worth each, plus the spare frontier bitset (5 bitsets in all); with
/// `count` alone, the counting fast path's bitsets and two layers of counts (see
/// `count_estimate` in the source); with `solution`, the stored layers (8 bytes per index,
/// the space as bound) and counts. Generic encoding and [`SearchOptions::sparse`]: the bytes of one state times the
/// state-space bound [`state_count_bound`] (saturating): an upper bound, since the run may
/// reach fewer states; the run is also guarded as it grows.
pub fn estimate_memory(puzzle: &Puzzle, opts: &SearchOptions) -> Result<u64, SearchError> {
    check_config(puzzle, &puzzle.start, "start")?;
    check_config(puzzle, &puzzle.goal, "goal")?;
    let dense = DenseSpace::new(puzzle);
    let route = choose_route(dense.as_ref(), puzzle, opts, true, false);
    Ok(estimate_route(puzzle, opts, route))
}

/// The route a search takes (see [`search_inner`] for the test switches).
fn choose_route(
    dense: Option<&DenseSpace>,
    puzzle: &Puzzle,
    opts: &SearchOptions,
    fast_count: bool,
    two_bits: bool,
) -> Route {
    let keep = opts.count || opts.solution;
    match dense {
        Some(_) if opts.sparse => Route::Sparse,
        Some(space) if !keep && (two_bits || uses_two_bits(space.space, opts)) => Route::TwoBit,
        Some(space) if fast_count && retraces(space, opts) => Route::Retrace,
        Some(_) if fast_count && counts_on_the_way(puzzle, opts) => Route::Counting,
        Some(_) => Route::Bitset,
        None => Route::Generic,
    }
}

/// The memory estimate of a search by `route`: exact for the two-bit array; for the other
/// dense routes the route's accounting replayed on the layer profile of a pilot search on
/// fewer discs ([`super::estimate`]), or, for spaces too small for a pilot, the formulas
/// below; for the generic encoding the state bound times the bytes of one interned state.
fn estimate_route(puzzle: &Puzzle, opts: &SearchOptions, route: Route) -> u64 {
    let times_bound = |per_state: u64| -> u64 {
        let x = state_count_bound(puzzle) * per_state as f64;
        if x >= u64::MAX as f64 {
            u64::MAX
        } else {
            x as u64
        }
    };
    let dense = DenseSpace::new(puzzle);
    let space = dense.as_ref().map_or(0, |s| s.space);
    if let (Some(d), Route::Bitset | Route::Counting | Route::Retrace | Route::Sparse) =
        (&dense, route)
    {
        if space >= super::estimate::MIN_PILOT {
            // The command line estimates before the run and the run again: the pilot runs
            // once (the last estimate is kept, keyed by the puzzle and the question).
            static LAST: std::sync::Mutex<Option<(String, u64)>> = std::sync::Mutex::new(None);
            let key = format!(
                "{} {route:?} {} {} {} {}",
                super::checkpoint::fingerprint(puzzle),
                opts.count,
                opts.solution,
                opts.explore_all,
                opts.sparse
            );
            if let Some((k, e)) = LAST.lock().map_or(None, |l| l.clone()) {
                if k == key {
                    return e;
                }
            }
            if let Some(p) = super::estimate::profile(puzzle, opts, route, space, &search_pilot) {
                let e = super::estimate::replay(route, opts, d, &p);
                if let Ok(mut l) = LAST.lock() {
                    *l = Some((key, e));
                }
                return e;
            }
        }
    }
    match route {
        Route::Sparse => times_bound(SPARSE_BYTES_PER_STATE),
        Route::Counting => count_estimate(space),
        Route::Retrace => dense.as_ref().map_or(0, Marks::bytes_with_frontiers),
        Route::TwoBit => match &dense {
            Some(d) => two_bit_estimate(d, opts, memory_limit(opts)),
            None => two_bit_bytes(space),
        },
        Route::Bitset => dense_estimate(space, opts),
        Route::Generic => generic_estimate(puzzle, opts),
        // Not estimated before the run: it guards its memory as its layers grow.
        Route::Bidirectional => 0,
    }
}

/// The encoding a search in memory of `puzzle` with `opts` takes (before it runs): the
/// dense index where the puzzle has one (kept sparse with [`SearchOptions::sparse`]), else
/// sorted layers where every move can be undone and the question allows, else interned
/// configurations.
///
/// ```
/// use hanoilab::search::{memory_encoding, Encoding, SearchOptions};
/// use hanoilab::variants::Variant;
/// let antwerp = Variant::load("antwerp").unwrap().puzzle("T33", 3, &Default::default()).unwrap();
/// let opts = SearchOptions::default();
/// assert_eq!(memory_encoding(&antwerp, &opts), Encoding::SortedLayers);
/// let solution = SearchOptions { solution: true, ..Default::default() };
/// assert_eq!(memory_encoding(&antwerp, &solution), Encoding::Generic);
/// ```
pub fn memory_encoding(puzzle: &Puzzle, opts: &SearchOptions) -> Encoding {
    match DenseSpace::new(puzzle) {
        Some(s) if opts.sparse => Encoding::Sparse { space: s.space },
        Some(s) => Encoding::Dense { space: s.space },
        None if super::sorted_layers::applies(puzzle, opts) => Encoding::SortedLayers,
        None => Encoding::Generic,
    }
}

/// The size of the dense index space of `puzzle` (`p^n · k^n`, an upper bound on its
/// states), or `None` when the puzzle needs the generic encoding.
pub fn state_space(puzzle: &Puzzle) -> Option<u64> {
    DenseSpace::new(puzzle).map(|s| s.space)
}

/// An upper bound on the states of `puzzle`: its dense index space ([`state_space`]) when
/// it has one; otherwise, under the strict size rule with every start pin stacked strictly
/// largest-at-the-bottom, the same count `p^n · k^n` (equal sizes never share a pin, so the
/// order on each pin stays forced and a state is again the pin, and colour, of every disc;
/// e.g. several stacks of the same sizes, `multistack-reves`). `None`: no bound is known, or
/// it does not fit in 64 bits.
pub fn state_bound(puzzle: &Puzzle) -> Option<u64> {
    if let Some(space) = state_space(puzzle) {
        return Some(space);
    }
    let forced = puzzle.rules.size_rule == SizeRule::Strict
        && puzzle.start.pins.iter().all(|st| {
            st.windows(2)
                .all(|w| puzzle.discs[w[0] as usize].size > puzzle.discs[w[1] as usize].size)
        });
    if !forced {
        return None;
    }
    let k = match puzzle.rules.recolour {
        Recolour::Fixed => 1,
        Recolour::Cycle(k) => u64::from(k.max(1)),
    };
    let per_disc = (puzzle.pins as u64).checked_mul(k)?;
    per_disc.checked_pow(u32::try_from(puzzle.discs.len()).ok()?)
}

/// The estimate of the counting fast path ([`super::counting`]): the visited bitset, three
/// layer bitsets with their rank blocks, and the counts of two layers at one limb, charged
/// as 1.25 bytes per index (two layers of 1/13 of the space: calibrated on the 4-peg puzzle,
/// whose widest layers are 6–9% of its space for n = 9..13; see docs/search.md for the
/// measured ratios). Not a bound: thin-layer puzzles (cyclic4, Domino) never allocate the
/// layer bitsets and hold less; counts wider than one limb on wide layers hold more, and the
/// run checks the bytes it holds against the limit after every layer.
fn count_estimate(space: u64) -> u64 {
    super::counting::fixed_bytes(space).saturating_add(space.saturating_mul(5) / 4)
}

fn dense_estimate(space: u64, opts: &SearchOptions) -> u64 {
    let bitset = space.div_ceil(64).saturating_mul(8);
    if opts.count || opts.solution {
        let per = KEEP_BYTES_PER_STATE + if opts.count { COUNT_BYTES_PER_STATE } else { 0 };
        bitset.saturating_add(space.saturating_mul(per))
    } else {
        bitset.saturating_mul(5)
    }
}

/// Breadth-first search of `puzzle` from its start: the minimum number of moves to the goal
/// (`None` when unreachable, after exploring every reachable state), the layer sizes, and on
/// request the number of minimal move sequences and one optimal solution.
///
/// Cost: time linear in the states visited times the moves per state; memory as in
/// [`estimate_memory`], checked against the limit before the run
/// ([`SearchError::MemoryLimit`]).
///
/// ```
/// use hanoilab::search::{search, SearchOptions};
/// use hanoilab::sequences::moves::tower_puzzle;
/// use hanoilab::puzzle::MoveGraph;
/// let p = tower_puzzle(3, 5, MoveGraph::Complete, 0, 2);
/// let opts = SearchOptions { count: true, ..Default::default() };
/// let r = search(&p, &opts).unwrap();
/// assert_eq!(r.minimum, Some(31));
/// assert_eq!(r.optimal_solutions.unwrap(), 1.into());
/// ```
pub fn search(puzzle: &Puzzle, opts: &SearchOptions) -> Result<SearchResult, SearchError> {
    search_with(puzzle, opts, true)
}

/// [`search`] together with [`SearchStats`] (the bytes the search held at its fullest, where
/// the driver accounts them).
///
/// ```
/// use hanoilab::search::{search_with_stats, estimate_memory, SearchOptions};
/// use hanoilab::sequences::moves::tower_puzzle;
/// use hanoilab::puzzle::MoveGraph;
/// let p = tower_puzzle(4, 6, MoveGraph::Complete, 0, 3);
/// let opts = SearchOptions { count: true, ..Default::default() };
/// let (r, stats) = search_with_stats(&p, &opts).unwrap();
/// assert_eq!(r.minimum, Some(17));
/// // The counting fast path accounts what it holds; the estimate is made before the run.
/// let peak = stats.peak_bytes.unwrap();
/// assert!(peak > 0 && estimate_memory(&p, &opts).unwrap() > 0);
/// ```
pub fn search_with_stats(
    puzzle: &Puzzle,
    opts: &SearchOptions,
) -> Result<(SearchResult, SearchStats), SearchError> {
    search_inner(puzzle, opts, true, true, false)
}

/// [`search`], optionally forbidding the dense encoding (to test one against the other).
pub(crate) fn search_with(
    puzzle: &Puzzle,
    opts: &SearchOptions,
    allow_dense: bool,
) -> Result<SearchResult, SearchError> {
    search_inner(puzzle, opts, allow_dense, true, false).map(|(r, _)| r)
}

/// Whether a distance-only dense search keeps its states in two bits per index
/// ([`super::twobit`]): when the five bitsets exceed the memory limit and the array fits.
fn uses_two_bits(space: u64, opts: &SearchOptions) -> bool {
    let limit = memory_limit(opts);
    !opts.count
        && !opts.solution
        && !opts.sparse
        && dense_estimate(space, opts) > limit
        && two_bit_bytes(space) <= limit
}

/// Whether a search takes the counting fast path ([`super::counting`]): dense index,
/// bitsets, counting without a solution to rebuild.
pub(super) fn counts_on_the_way(puzzle: &Puzzle, opts: &SearchOptions) -> bool {
    opts.count && !opts.solution && !opts.sparse && DenseSpace::new(puzzle).is_some()
}

/// Whether a dense search for a count or a solution retraces them from the goal
/// ([`super::retrace`]): without a checkpoint (the route writes none), when the marks and
/// the minimum-only search's bitsets fit the memory limit; otherwise a count is counted on
/// the way and a solution rebuilt from stored layers.
fn retraces(space: &DenseSpace, opts: &SearchOptions) -> bool {
    (opts.count || opts.solution)
        && !opts.sparse
        && opts.checkpoint.is_none()
        && !super::retrace::turned_off()
        && Marks::bytes_with_frontiers(space) <= memory_limit(opts)
}

/// The search; `allow_dense` false forces the generic encoding, `fast_count` false the
/// stored-layer counting post-pass and `two_bits` true the two-bit array for distance-only
/// dense searches (all to test one route against the other).
pub(crate) fn search_inner(
    puzzle: &Puzzle,
    opts: &SearchOptions,
    allow_dense: bool,
    fast_count: bool,
    two_bits: bool,
) -> Result<(SearchResult, SearchStats), SearchError> {
    let dense = DenseSpace::new(puzzle).filter(|_| allow_dense);
    let route = choose_route(dense.as_ref(), puzzle, opts, fast_count, two_bits);
    search_route(puzzle, opts, dense, route, true)
}

/// A pilot search of `puzzle` by `route` (no memory estimate, so no pilot of its own): the
/// result and its figures (the most bits of one state's count, the keys pushed). `None`
/// when it fails.
pub(super) fn search_pilot(
    puzzle: &Puzzle,
    opts: &SearchOptions,
    route: Route,
) -> Option<(SearchResult, SearchStats)> {
    let dense = DenseSpace::new(puzzle);
    dense.as_ref()?;
    search_route(puzzle, opts, dense, route, false).ok()
}

/// The search by `route` over `dense` (or the generic encoding); `check_memory`: refuse it
/// when the estimate exceeds the limit.
fn search_route(
    puzzle: &Puzzle,
    opts: &SearchOptions,
    dense: Option<DenseSpace>,
    route: Route,
    check_memory: bool,
) -> Result<(SearchResult, SearchStats), SearchError> {
    let t0 = Instant::now();
    let limit = memory_limit(opts);
    let keep = opts.count || opts.solution;
    check_config(puzzle, &puzzle.start, "start")?;
    check_config(puzzle, &puzzle.goal, "goal")?;
    let mut ck = Checkpointer::new(puzzle, opts, route);
    let resume = ck.open()?;
    // A resumed search continues with the checkpoint's tables.
    let route = ck.route();
    if check_memory && !matches!(route, Route::Sparse | Route::Generic) {
        let estimate = estimate_route(puzzle, opts, route);
        if estimate > limit {
            return Err(SearchError::MemoryLimit {
                estimate,
                limit,
                during: false,
            });
        }
    }
    let mut counted = None;
    // A solution the route found itself (retraced), instead of from stored layers.
    let mut solved = None;
    let mut stats = SearchStats::default();
    let mut run = match (&dense, route) {
        (None, Route::Generic)
            if resume.is_none() && super::sorted_layers::applies(puzzle, opts) =>
        {
            let o = super::sorted_layers::sorted_bfs(puzzle, opts, limit)?;
            match o.count {
                // A count past u128: the interned route counts in big integers.
                Some(None) => generic_bfs(puzzle, opts, limit, &mut ck, None)?,
                c => {
                    counted = c.map(|c| c.map(BigUint::from));
                    Run {
                        found: o.found,
                        goal: None,
                        states: o.states,
                        sizes: o.sizes,
                        complete: o.complete,
                        stored: Vec::new(),
                        generic: None,
                        peak_bytes: o.peak_bytes,
                        end_bytes: 0,
                    }
                }
            }
        }
        (None, Route::Generic) => generic_bfs(puzzle, opts, limit, &mut ck, resume)?,
        (None, _) => {
            return Err(SearchError::Checkpoint(format!(
                "the checkpoint uses {}, which this puzzle has no index for",
                super::checkpoint::describe(route)
            )))
        }
        (Some(space), route) => {
            let start = space
                .encode(&puzzle.start)
                .ok_or_else(|| SearchError::Malformed("start has no dense index".into()))?;
            let goal = space.encode(&puzzle.goal);
            match route {
                Route::Sparse => {
                    sparse_bfs(space, start, goal, opts, keep, limit, &mut ck, resume)?
                }
                Route::TwoBit => two_bit_bfs(space, start, goal, opts, limit, &mut ck, resume)?,
                Route::Counting => {
                    let c = dense_count_bfs(space, start, goal, opts, limit, &mut ck, resume)?;
                    stats.count_bits = c.count_bits;
                    stats.pushed = c.pushed;
                    counted = Some(c.count);
                    stats.peak_bytes = Some(c.peak_bytes);
                    c.run
                }
                Route::Retrace => {
                    let marks = Marks::new(space);
                    let mut run =
                        dense_bfs(space, start, goal, opts, false, &mut ck, None, Some(&marks))?;
                    let reached = run.found.zip(goal);
                    let deep = reached.is_some_and(|(d, _)| !marks.tell_apart(d));
                    let retraced = match reached {
                        Some((d, g)) if opts.count && !deep => {
                            Some(super::retrace::retrace(space, &marks, start, g, d))
                        }
                        _ => None,
                    };
                    if let Some((d, g)) = reached.filter(|_| opts.solution && !deep) {
                        solved = Some(super::retrace::one_path(space, &marks, g, d));
                    }
                    drop(marks);
                    if let Some(r) = retraced {
                        stats.count_bits = r.count.bits();
                        stats.retraced = r.states;
                        run.peak_bytes = run.peak_bytes.max(Marks::bytes(space) + r.peak_bytes);
                        counted = Some(Some(r.count));
                    }
                    // A goal deeper than the marks reach: a solution from stored layers (and
                    // the count from them too), a count alone on the way.
                    let held = run.peak_bytes;
                    let mut again = if !deep {
                        run
                    } else if opts.solution {
                        dense_bfs(space, start, goal, opts, true, &mut ck, None, None)?
                    } else {
                        let c = dense_count_bfs(space, start, goal, opts, limit, &mut ck, None)?;
                        stats.count_bits = c.count_bits;
                        stats.pushed = c.pushed;
                        counted = Some(c.count);
                        c.run
                    };
                    again.peak_bytes = again.peak_bytes.max(held);
                    again
                }
                Route::Bitset | Route::Generic => {
                    dense_bfs(space, start, goal, opts, keep, &mut ck, resume, None)?
                }
                // (`Checkpointer::open` already refuses it: another question.)
                Route::Bidirectional => {
                    return Err(SearchError::Checkpoint(
                        "the checkpoint is a bidirectional search's: resume it with \
                         --bidirectional"
                            .into(),
                    ))
                }
            }
        }
    };
    let mut result = SearchResult {
        minimum: run.found,
        states: run.states,
        layers: run.sizes.clone(),
        complete: run.complete,
        optimal_solutions: None,
        solution: None,
        encoding: match &dense {
            Some(s) if opts.sparse => Encoding::Sparse { space: s.space },
            Some(s) => Encoding::Dense { space: s.space },
            None if run.generic.is_none() => Encoding::SortedLayers,
            None => Encoding::Generic,
        },
        elapsed: t0.elapsed(),
    };
    // The counting post-pass of the stored-layer route holds the counts of two layers on
    // top of what the driver still holds (stored layers, interned configurations).
    let mut post_pass = 0;
    if let (Some(_), None, true) = (run.found, run.goal, opts.count) {
        // The sorted-layer route counted on the way and keeps no goal index.
        if let Some(Some(c)) = counted.take() {
            stats.count_bits = c.bits();
            result.optimal_solutions = Some(BigInt::from(c));
        }
    }
    if let (Some(d), Some(goal)) = (run.found, run.goal) {
        let layers = &mut run.stored;
        layers.truncate(d as usize + 1);
        let succ = |u: u64, f: &mut dyn FnMut(u64, Move)| match (&dense, &run.generic) {
            (Some(space), _) => space.for_each_successor(u, f),
            (None, Some(g)) => g.for_each_successor(puzzle, u, f),
            (None, None) => {}
        };
        if opts.count {
            result.optimal_solutions = Some(match counted.take() {
                Some(Some(c)) => BigInt::from(c),
                _ => {
                    let (c, held) = count_paths(layers, goal, &succ);
                    post_pass = held;
                    stats.count_bits = c.bits();
                    c
                }
            });
        }
        if opts.solution {
            result.solution = Some(match solved.take() {
                Some(path) => path,
                None => one_solution(layers, goal, &succ),
            });
        }
    }
    result.elapsed = t0.elapsed();
    stats.peak_bytes = Some(run.peak_bytes.max(run.end_bytes + post_pass));
    ck.finish();
    Ok((result, stats))
}

/// The breadth-first search over the dense index with bitset or list frontiers; `keep`
/// stores the sorted layers. With `marks` (the retracing route, [`super::retrace`]), the
/// marks are the visited set: each state reached is marked with its distance, and no
/// visited bitset is made (that route neither keeps layers nor checkpoints).
#[allow(clippy::too_many_arguments)]
fn dense_bfs(
    space: &DenseSpace,
    start: u64,
    goal: Option<u64>,
    opts: &SearchOptions,
    keep: bool,
    ck: &mut Checkpointer,
    resume: Option<Reader>,
    marks: Option<&Marks>,
) -> Result<Run, SearchError> {
    let threads = worker_threads(opts);
    let words = space.space.div_ceil(64) as usize;
    // A list longer than `cap` entries would take more memory than a bitset: switch.
    let cap = if keep {
        usize::MAX
    } else {
        words.max(LIST_CHUNK)
    };
    let branching = space.max_branching();
    let (visited, mut cur, mut stored, mut sizes, mut states, mut found) = match resume {
        None => {
            let visited = match marks {
                Some(m) => {
                    m.reach(start, 0);
                    Vec::new()
                }
                None => {
                    let bits = new_bits(words);
                    set_bit(&bits, start);
                    bits
                }
            };
            let found = (goal == Some(start)).then_some(0u64);
            (
                visited,
                Layer::List(vec![start]),
                Vec::new(),
                vec![1u64],
                1u64,
                found,
            )
        }
        Some(mut r) => {
            let visited = r.atomic_words(words)?;
            let cur = read_layer(&mut r, words)?;
            let stored = read_stored(&mut r)?;
            let h = r.header.clone();
            let o = r.finish()?;
            let tables = DenseTables {
                visited: &visited,
                cur: &cur,
                stored: &stored,
            };
            tables.check(&o, space.space, start, goal, &h.sizes, h.found, keep)?;
            (visited, cur, stored, h.sizes, h.states, h.found)
        }
    };
    let mut spare: Option<Vec<AtomicU64>> = None;
    report_start(opts, &sizes, states, space.space);
    let visited_bytes = marks.map_or(8 * visited.len() as u64, Marks::held);
    let mut stored_held = stored_bytes(&stored);
    let mut peak = visited_bytes + layer_bytes(&cur) + stored_held;
    let complete = loop {
        if found.is_some() && !opts.explore_all {
            break false;
        }
        let layer_len = *sizes.last().unwrap_or(&0);
        let may_overflow = !keep && layer_len.saturating_mul(branching) > cap as u64;
        // The spare bitset, or one made only if the layer does spill.
        let next_bits = may_overflow.then(|| BitsSpill {
            spare: spare.take(),
            words,
        });
        let spare_bytes = spare.as_ref().map_or(0, |b| 8 * b.len() as u64);
        let depth = sizes.len() as u64 - 1;
        let (next, count, transient, unused) = match marks {
            None => expand(space, &cur, &visited, next_bits, cap, threads, keep),
            Some(m) => expand_marking(space, &cur, m, depth + 1, next_bits, cap, threads),
        };
        // The spare handed over but not needed (the layer stayed a list) was held all along;
        // it stays clear, the spare of a later layer.
        let unused_bytes = unused.as_ref().map_or(0, |b| 8 * b.len() as u64);
        if unused.is_some() {
            spare = unused;
        }
        // Visited, both frontiers, the spare bitset, the threads' lists and stored layers.
        peak = peak.max(
            visited_bytes
                + layer_bytes(&cur)
                + layer_bytes(&next)
                + spare_bytes
                + unused_bytes
                + transient
                + stored_held,
        );
        match std::mem::replace(&mut cur, next) {
            Layer::Bits(mut old) => {
                clear_bits(&mut old, threads);
                spare = Some(old);
            }
            Layer::List(old) => {
                if keep {
                    stored.push(old);
                    stored_held = stored_bytes(&stored);
                }
            }
        }
        if count == 0 {
            break true;
        }
        states += count;
        sizes.push(count);
        let depth = sizes.len() as u64 - 1;
        report_layer(opts, depth, count, states, space.space);
        let reached = |g: u64| marks.map_or_else(|| get_bit(&visited, g), |m| m.is_reached(g));
        if found.is_none() && goal.is_some_and(reached) {
            found = Some(depth);
        }
        ck.layer_done(Snapshot::plain(&sizes, states, found), |w| {
            w.atomic_words(&visited)?;
            write_layer(w, &cur)?;
            write_stored(w, &stored)
        })?;
    };
    if keep {
        if let Layer::List(last) = cur {
            if !last.is_empty() {
                stored.push(last);
            }
        }
    }
    let peak = peak.max(visited_bytes + stored_bytes(&stored));
    let end_bytes = stored_bytes(&stored);
    Ok(Run {
        found,
        goal,
        states,
        sizes,
        complete,
        stored,
        generic: None,
        peak_bytes: peak,
        end_bytes,
    })
}

/// The tables of the bitset route restored from a checkpoint.
struct DenseTables<'a> {
    visited: &'a [AtomicU64],
    cur: &'a Layer,
    stored: &'a [Vec<u64>],
}

impl DenseTables<'_> {
    /// The invariants after the layer at depth `sizes.len() - 1` ([`super::validate`]): the
    /// visited bitset holds the layers' sum of states, the frontier its layer's, inside it;
    /// with `keep`, the stored layers and the frontier are sorted, of their sizes, and
    /// partition the visited set, the first one the start alone.
    #[allow(clippy::too_many_arguments)]
    fn check(
        &self,
        o: &Origin,
        space: u64,
        start: u64,
        goal: Option<u64>,
        sizes: &[u64],
        found: Option<u64>,
        keep: bool,
    ) -> Result<(), SearchError> {
        let states: u64 = sizes.iter().sum();
        let last = sizes.len() as u64 - 1;
        let held = members(o, "the visited bitset", self.visited, space)?;
        o.require(
            held == states,
            format_args!("the visited bitset holds {held} states, the layer sizes {states}"),
        )?;
        let len = sizes[sizes.len() - 1];
        check_frontier(o, "the frontier", self.cur, len, self.visited, space, keep)?;
        let visited = |v: u64| get_bit(self.visited, v);
        let in_frontier = |v: u64| holds(self.cur, v);
        check_ends(o, start, goal, found, last, visited, in_frontier)?;
        if !keep {
            return o.require(
                self.stored.is_empty(),
                "stored layers in a search that keeps none",
            );
        }
        let Layer::List(cur) = self.cur else {
            return Err(o.fail("a frontier bitset in a search that keeps its layers"));
        };
        let seen = new_bits(self.visited.len());
        let layers = Kept {
            stored: self.stored,
            cur,
        };
        layers.check(o, space, start, goal, sizes, found, visited, |v| {
            set_bit(&seen, v)
        })
    }
}

/// The invariants of the sparse route's restored tables, as [`DenseTables::check`]'s over
/// a hash set: every visited index in the space and listed once, as many as the layers'
/// sum; the frontier of its layer's size, visited, each state once (sorted with `keep`).
#[allow(clippy::too_many_arguments)]
fn check_sparse(
    o: &Origin,
    space: u64,
    start: u64,
    goal: Option<u64>,
    sizes: &[u64],
    found: Option<u64>,
    keep: bool,
    all: &[u64],
    visited: &IndexSet,
    cur: &[u64],
    stored: &[Vec<u64>],
) -> Result<(), SearchError> {
    let states: u64 = sizes.iter().sum();
    o.require(
        all.iter().all(|&v| v < space),
        "the visited set holds an index past the index space",
    )?;
    o.require(
        visited.len() == all.len(),
        "the visited set holds a state twice",
    )?;
    o.require(
        all.len() as u64 == states,
        format_args!(
            "the visited set holds {} states, the layer sizes {states}",
            all.len()
        ),
    )?;
    let last = sizes.len() as u64 - 1;
    let len = sizes[sizes.len() - 1];
    check_list(o, "the frontier", cur, space, keep, None)?;
    o.require(
        cur.iter().all(|v| visited.contains(v)),
        "the frontier holds a state the visited set does not",
    )?;
    o.require(
        cur.len() as u64 == len,
        format_args!(
            "the frontier holds {} states, its layer size is {len}",
            cur.len()
        ),
    )?;
    let in_frontier = |v: u64| cur.contains(&v);
    check_ends(
        o,
        start,
        goal,
        found,
        last,
        |v| visited.contains(&v),
        in_frontier,
    )?;
    if !keep {
        return o.require(
            stored.is_empty(),
            "stored layers in a search that keeps none",
        );
    }
    let mut seen = IndexSet::default();
    let layers = Kept { stored, cur };
    layers.check(
        o,
        space,
        start,
        goal,
        sizes,
        found,
        |v| visited.contains(&v),
        |v| seen.insert(v),
    )
}

type IndexSet = std::collections::HashSet<u64, std::hash::BuildHasherDefault<IndexHasher>>;

/// Bytes per visited state in a sparse search (hash set slot with growth slack, and the
/// index in its layer).
const SPARSE_BYTES_PER_STATE: u64 = 32;

/// Sequential search over the dense index with a hash set as the visited set: memory in
/// proportion to the states reached, not to the index space (Domino, Checkers reach a tiny
/// fraction of it). Guarded against the limit as it grows.
#[allow(clippy::too_many_arguments)]
fn sparse_bfs(
    space: &DenseSpace,
    start: u64,
    goal: Option<u64>,
    opts: &SearchOptions,
    keep: bool,
    limit: u64,
    ck: &mut Checkpointer,
    resume: Option<Reader>,
) -> Result<Run, SearchError> {
    let (mut visited, mut cur, mut stored, mut sizes, mut found) = match resume {
        None => {
            let mut visited = IndexSet::default();
            visited.insert(start);
            let found = (goal == Some(start)).then_some(0u64);
            (visited, vec![start], Vec::new(), vec![1u64], found)
        }
        Some(mut r) => {
            let all = r.words()?;
            let cur = r.words()?;
            let stored = read_stored(&mut r)?;
            let h = r.header.clone();
            let o = r.finish()?;
            let visited: IndexSet = all.iter().copied().collect();
            check_sparse(
                &o,
                space.space,
                start,
                goal,
                &h.sizes,
                h.found,
                keep,
                &all,
                &visited,
                &cur,
                &stored,
            )?;
            (visited, cur, stored, h.sizes, h.found)
        }
    };
    let per_state = SPARSE_BYTES_PER_STATE + if opts.count { COUNT_BYTES_PER_STATE } else { 0 };
    let mut stored_held = stored_bytes(&stored);
    let mut peak = table_bytes(visited.capacity(), 8) + 8 * cur.capacity() as u64 + stored_held;
    report_start(opts, &sizes, visited.len() as u64, space.space);
    let complete = loop {
        if found.is_some() && !opts.explore_all {
            break false;
        }
        let mut next = Vec::new();
        let before = visited.capacity();
        for &u in &cur {
            space.for_each_successor(u, |v, _| {
                if visited.insert(v) {
                    next.push(v);
                }
            });
        }
        peak = peak.max(
            grown_table_bytes(before, visited.capacity(), 8)
                + 8 * (cur.capacity() + next.capacity()) as u64
                + stored_held,
        );
        let estimate = (visited.len() as u64).saturating_mul(per_state);
        if estimate > limit {
            return Err(SearchError::MemoryLimit {
                estimate,
                limit,
                during: true,
            });
        }
        if keep {
            next.sort_unstable();
            stored.push(std::mem::replace(&mut cur, next));
            stored_held = stored_bytes(&stored);
        } else {
            cur = next;
        }
        if cur.is_empty() {
            break true;
        }
        sizes.push(cur.len() as u64);
        let depth = sizes.len() as u64 - 1;
        report_layer(
            opts,
            depth,
            cur.len() as u64,
            visited.len() as u64,
            space.space,
        );
        if found.is_none() && goal.is_some_and(|g| visited.contains(&g)) {
            found = Some(depth);
        }
        ck.layer_done(Snapshot::plain(&sizes, visited.len() as u64, found), |w| {
            let all: Vec<u64> = visited.iter().copied().collect();
            w.words(&all)?;
            w.words(&cur)?;
            write_stored(w, &stored)
        })?;
    };
    if keep && !cur.is_empty() {
        stored.push(cur);
    }
    let peak = peak.max(table_bytes(visited.capacity(), 8) + stored_bytes(&stored));
    let end_bytes = stored_bytes(&stored);
    Ok(Run {
        found,
        goal,
        states: visited.len() as u64,
        sizes,
        complete,
        stored,
        generic: None,
        peak_bytes: peak,
        end_bytes,
    })
}

fn generic_bfs(
    puzzle: &Puzzle,
    opts: &SearchOptions,
    limit: u64,
    ck: &mut Checkpointer,
    resume: Option<Reader>,
) -> Result<Run, SearchError> {
    let mut g = Interned::new(puzzle);
    let full = |f: Full| match f {
        Full::Bytes(estimate) => SearchError::MemoryLimit {
            estimate,
            limit,
            during: true,
        },
        Full::Indices => SearchError::MemoryLimit {
            estimate: u64::MAX,
            limit,
            during: true,
        },
        Full::Foreign => SearchError::Checkpoint(
            "a configuration with other colours than the start's, which never change".into(),
        ),
    };
    let (mut sizes, mut found) = match resume {
        None => {
            g.intern(&puzzle.start, limit).map_err(full)?;
            (vec![1u64], (puzzle.start == puzzle.goal).then_some(0u64))
        }
        Some(mut r) => {
            let bytes = r.bytes()?;
            let states = decode_configs(puzzle, &bytes)
                .ok_or_else(|| r.invalid("damaged configuration table"))?;
            let h = r.header.clone();
            let o = r.finish()?;
            o.require(
                states.first() == Some(&puzzle.start),
                "the first configuration is not the start",
            )?;
            for c in &states {
                o.require(
                    g.intern(c, limit).map_err(full)?.1,
                    "a configuration is listed twice",
                )?;
            }
            let sum: u64 = h.sizes.iter().sum();
            o.require(
                states.len() as u64 == sum,
                format_args!("{} configurations, the layer sizes {sum}", states.len()),
            )?;
            // Indices follow the discovery order: the goal's lies in its layer's range.
            let layer_of = |i: u64| {
                let mut at = 0u64;
                h.sizes.iter().position(|&s| {
                    at += s;
                    i < at
                })
            };
            let goal_layer = g.find(&puzzle.goal).and_then(layer_of);
            o.require(
                goal_layer.map(|d| d as u64) == h.found,
                "the goal's layer is not the depth it was found at",
            )?;
            (h.sizes, h.found)
        }
    };
    let mut begin = g.len() - *sizes.last().unwrap_or(&1) as usize;
    let mut scratch = Scratch::new(&g);
    // The space of a generic search is unknown: the states reached so far stand for it.
    let reached = g.len() as u64;
    report_start(opts, &sizes, reached, reached);
    let complete = loop {
        if found.is_some() && !opts.explore_all {
            break false;
        }
        let end = g.len();
        for u in begin..end {
            g.intern_successors(puzzle, u as u64, &mut scratch, limit)
                .map_err(full)?;
        }
        begin = end;
        let count = (g.len() - end) as u64;
        if count == 0 {
            break true;
        }
        sizes.push(count);
        let depth = sizes.len() as u64 - 1;
        let reached = g.len() as u64;
        report_layer(opts, depth, count, reached, reached);
        if found.is_none() && g.find(&puzzle.goal).is_some_and(|i| i >= end as u64) {
            found = Some(depth);
        }
        ck.layer_done(Snapshot::plain(&sizes, g.len() as u64, found), |w| {
            w.bytes(&encode_configs(&g))
        })?;
    };
    // Indices are assigned in discovery order, so every layer is a contiguous range.
    let mut stored = Vec::new();
    if opts.count || opts.solution {
        let mut at = 0u64;
        for &s in &sizes {
            stored.push((at..at + s).collect());
            at += s;
        }
    }
    let end_bytes = g.held_bytes() + stored_bytes(&stored);
    let peak = peak_bytes_for(g.len() as u64, g.width()).max(end_bytes);
    Ok(Run {
        found,
        goal: g.find(&puzzle.goal),
        states: g.len() as u64,
        sizes,
        complete,
        stored,
        generic: Some(g),
        peak_bytes: peak,
        end_bytes,
    })
}

/// The configurations as bytes: per configuration, per pin, the number of discs and the disc
/// ids (u32, little-endian), then one colour byte per disc.
fn encode_configs(g: &Interned) -> Vec<u8> {
    let mut out = Vec::new();
    for i in 0..g.len() as u64 {
        let c = g.config(i);
        for pin in &c.pins {
            out.extend_from_slice(&(pin.len() as u32).to_le_bytes());
            pin.iter()
                .for_each(|d| out.extend_from_slice(&d.to_le_bytes()));
        }
        out.extend_from_slice(&c.colours);
    }
    out
}

/// The configurations of [`encode_configs`], each checked to be one of `puzzle`; `None`
/// when the bytes are not such a list.
fn decode_configs(puzzle: &Puzzle, mut bytes: &[u8]) -> Option<Vec<Config>> {
    let n = puzzle.discs.len();
    let take_u32 = |b: &mut &[u8]| -> Option<u32> {
        let (head, tail) = b.split_first_chunk::<4>()?;
        *b = tail;
        Some(u32::from_le_bytes(*head))
    };
    let mut out = Vec::new();
    while !bytes.is_empty() {
        let mut pins = Vec::with_capacity(puzzle.pins);
        for _ in 0..puzzle.pins {
            let len = take_u32(&mut bytes)? as usize;
            if len > n {
                return None;
            }
            let mut pin = Vec::with_capacity(len);
            for _ in 0..len {
                pin.push(take_u32(&mut bytes)?);
            }
            pins.push(pin);
        }
        let (colours, rest) = bytes.split_at_checked(n)?;
        bytes = rest;
        let c = Config {
            pins,
            colours: colours.to_vec(),
        };
        check_config(puzzle, &c, "checkpoint").ok()?;
        out.push(c);
    }
    Some(out)
}

type Successors<'a> = dyn Fn(u64, &mut dyn FnMut(u64, Move)) + 'a;

/// The number of minimal sequences start → `goal`, `goal` in the last of the sorted
/// `layers`: per layer, a state's count is the sum of the counts of its predecessors in the
/// layer before.
fn count_paths(layers: &[Vec<u64>], goal: u64, succ: &Successors) -> (BigInt, u64) {
    // Bytes of a layer's counts: the integers and their limbs.
    let held = |c: &[BigUint]| -> u64 {
        c.iter()
            .map(|x| 24 + 8 * x.bits().div_ceil(64))
            .sum::<u64>()
    };
    let mut counts = vec![BigUint::one()];
    let mut peak = 0;
    for d in 1..layers.len() {
        let mut next = vec![BigUint::zero(); layers[d].len()];
        for (u, c) in layers[d - 1].iter().zip(&counts) {
            succ(*u, &mut |v, _| {
                if let Ok(pos) = layers[d].binary_search(&v) {
                    next[pos] += c;
                }
            });
        }
        peak = peak.max(held(&counts) + held(&next));
        counts = next;
    }
    let last = layers.last().expect("at least the start layer");
    let pos = last.binary_search(&goal).expect("goal in its layer");
    (BigInt::from(counts.swap_remove(pos)), peak)
}

/// One optimal solution, walking back from `goal` through the sorted `layers`.
fn one_solution(layers: &[Vec<u64>], goal: u64, succ: &Successors) -> Vec<Move> {
    let mut moves = Vec::with_capacity(layers.len());
    let mut v = goal;
    for d in (1..layers.len()).rev() {
        let mut step = None;
        for &u in &layers[d - 1] {
            succ(u, &mut |w, m| {
                if w == v && step.is_none() {
                    step = Some((u, m));
                }
            });
            if step.is_some() {
                break;
            }
        }
        let (u, m) = step.expect("every state of layer d has a predecessor in layer d-1");
        moves.push(m);
        v = u;
    }
    moves.reverse();
    moves
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeMap;

    /// A file system of the given files, for [`cgroup_limit_from`].
    fn files(entries: &[(&str, &str)]) -> impl Fn(&str) -> Option<String> {
        let map: BTreeMap<String, String> = entries
            .iter()
            .map(|(p, t)| (p.to_string(), t.to_string()))
            .collect();
        move |path| map.get(path).cloned()
    }

    #[test]
    fn the_limit_files_parse_in_both_formats() {
        assert_eq!(parse_cgroup_max("max\n"), None);
        assert_eq!(parse_cgroup_max("8589934592\n"), Some(8 << 30));
        assert_eq!(parse_cgroup_max("lots"), None);
        assert_eq!(parse_cgroup_v1_limit("9223372036854771712\n"), None);
        assert_eq!(parse_cgroup_v1_limit("-1"), None);
        assert_eq!(parse_cgroup_v1_limit("2147483648\n"), Some(2 << 30));
    }

    #[test]
    fn a_v2_group_and_the_groups_above_it_give_the_least_limit() {
        let read = files(&[
            ("/proc/self/cgroup", "0::/user.slice/job-7\n"),
            ("/sys/fs/cgroup/user.slice/job-7/memory.max", "max\n"),
            ("/sys/fs/cgroup/user.slice/memory.max", "4294967296\n"),
        ]);
        assert_eq!(cgroup_limit_from(read), Some(4 << 30));
        // In a container: the group's files at the mount itself.
        let read = files(&[
            ("/proc/self/cgroup", "0::/\n"),
            ("/sys/fs/cgroup/memory.max", "1073741824\n"),
        ]);
        assert_eq!(cgroup_limit_from(read), Some(1 << 30));
        let read = files(&[
            ("/proc/self/cgroup", "0::/\n"),
            ("/sys/fs/cgroup/memory.max", "max\n"),
        ]);
        assert_eq!(cgroup_limit_from(read), None);
    }

    #[test]
    fn a_v1_memory_hierarchy_is_read_and_its_no_limit_is_none() {
        let own = "4:memory:/process_api/abc\n3:cpuset:/\n0::/\n";
        let unlimited = "9223372036854771712\n";
        let read = files(&[
            ("/proc/self/cgroup", own),
            ("/sys/fs/cgroup/memory/memory.limit_in_bytes", unlimited),
            (
                "/sys/fs/cgroup/memory/process_api/memory.limit_in_bytes",
                unlimited,
            ),
            (
                "/sys/fs/cgroup/memory/process_api/abc/memory.limit_in_bytes",
                "536870912\n",
            ),
        ]);
        assert_eq!(cgroup_limit_from(read), Some(512 << 20));
        let read = files(&[
            ("/proc/self/cgroup", "4:cpu,memory:/\n"),
            ("/sys/fs/cgroup/memory/memory.limit_in_bytes", unlimited),
        ]);
        assert_eq!(cgroup_limit_from(read), None);
        // No cgroup files at all (another system).
        assert_eq!(cgroup_limit_from(files(&[])), None);
    }
}

//! Distance-only search over the dense index in two bits per index, the classic trick for
//! breadth-first search over a dense space: each entry is `0` (not reached), `1` or `2` (the
//! layer being expanded or the one being found; the two values alternate by parity of the
//! depth) or `3` (expanded). A wide layer `d` is found again by scanning the array for its
//! value, and each word is closed (its entries of that value set to `3`, by an OR) right
//! after its states are expanded, so no state is expanded twice; a thin layer is also kept
//! as a list of its indices ([`LIST_SHARE`]), expanded and closed state by state, so a thin
//! layer costs its states, not a scan of the whole array. One array of `space / 4` bytes
//! instead of five bitsets (`5 space / 8` bytes): 2.5x the reach in memory — so it is used
//! only when the bitsets do not fit the memory limit and the array does. (Keeping the
//! distance mod 3 instead would tell the layers apart too, but a scan for `d mod 3` also
//! finds the layers `d - 3, d - 6, ...` and expands them again: six times slower on the
//! 4-peg puzzle.)

use super::checkpoint::{Checkpointer, Reader, Snapshot};
use super::dense::DenseSpace;
use super::frontier::{
    close, entry, expand_from, layer_bytes, reach, report_layer, report_start, worker_threads,
    Layer, Run, Source, Spill,
};
use super::validate::{check_ends, two_bit_tally, Origin};
use super::{SearchError, SearchOptions};
use std::sync::atomic::AtomicU64;

/// A layer stays a list while it has at most `space / LIST_SHARE` states (and the lists fit
/// the memory limit beside the array): expanding it then costs in proportion to its states,
/// not to the index space (cyclic4 n = 16: a scan of the 1 GiB array took 0.17 s, and its
/// ~25,000 layers average 170,000 states). Around that size a list and a scan cost about
/// the same (a scan reads 8 bytes per 32 indices; a listed state costs one more random
/// access, to close its entry).
const LIST_SHARE: u64 = 1024;
/// Bytes the lists may hold per state of the cap: the layer being expanded, the next one,
/// and the threads' lists while they fill (their capacities up to twice their lengths).
const LIST_BYTES_PER_STATE: u64 = 32;
/// States a thread expands between two looks at the shared tally of listed states (a
/// block of `expand_from`: 256 listed states, or 16 words of the array), each adding up to
/// `max_branching` entries to its list past the tally, at 16 bytes each (capacity doubling).
const BLOCK_STATES: u64 = 512;

#[cfg(test)]
thread_local! {
    /// A cap on the listed layers set by the tests (0: every layer a scan, as before lists;
    /// `usize::MAX`: every layer a list).
    pub(super) static LIST_CAP: std::cell::Cell<Option<usize>> = const { std::cell::Cell::new(None) };
}

/// Bytes of the two-bit array over `space` indices.
pub(super) fn two_bit_bytes(space: u64) -> u64 {
    space.div_ceil(32).saturating_mul(8)
}

/// The most states a listed layer holds, and the bytes the lists may hold at most:
/// `space / LIST_SHARE` states, if the lists fit the memory `limit` beside the array, else
/// none (every layer found by a scan).
fn list_cap(space: &DenseSpace, limit: u64, threads: usize) -> (usize, u64) {
    let slack = (threads as u64)
        .saturating_mul(BLOCK_STATES * 16)
        .saturating_mul(space.max_branching());
    let room = limit.saturating_sub(two_bit_bytes(space.space));
    let cap = (space.space / LIST_SHARE).min(room.saturating_sub(slack) / LIST_BYTES_PER_STATE);
    let bytes = if cap == 0 {
        0
    } else {
        LIST_BYTES_PER_STATE
            .saturating_mul(cap)
            .saturating_add(slack)
    };
    // The tests' cap changes the route, not the estimate.
    #[cfg(test)]
    if let Some(c) = LIST_CAP.with(|c| c.get()) {
        return (c, bytes);
    }
    (usize::try_from(cap).unwrap_or(usize::MAX), bytes)
}

/// The memory estimate of the two-bit route: the array and the most its lists may hold.
pub(super) fn two_bit_estimate(space: &DenseSpace, opts: &SearchOptions, limit: u64) -> u64 {
    let (_, lists) = list_cap(space, limit, worker_threads(opts));
    two_bit_bytes(space.space).saturating_add(lists)
}

/// The invariants of a restored two-bit array after the layer at depth `d`
/// ([`super::validate`]): as many entries of layer `d`'s value as its size, none of the
/// other layer value, the layers before expanded, nothing past the index space; the start
/// reached, the goal reached exactly when found (and of layer `d`'s value when found there).
fn check_marks(
    o: &Origin,
    marks: &[AtomicU64],
    space: u64,
    start: u64,
    goal: Option<u64>,
    sizes: &[u64],
    found: Option<u64>,
) -> Result<(), SearchError> {
    let tally = two_bit_tally(o, marks, space)?;
    let d = sizes.len() as u64 - 1;
    let here = (d % 2 + 1) as usize;
    let len = sizes[d as usize];
    let before: u64 = sizes[..d as usize].iter().sum();
    o.require(
        tally[here] == len && tally[3 - here] == 0,
        format_args!(
            "the two-bit array holds {} states of the layer at depth {d}, its size is {len}",
            tally[here] + tally[3 - here]
        ),
    )?;
    o.require(
        tally[3] == before,
        format_args!(
            "the two-bit array holds {} expanded states, the layers before {before}",
            tally[3]
        ),
    )?;
    let reached = |v: u64| entry(marks, v) != 0;
    let in_layer = |v: u64| entry(marks, v) as usize == here;
    check_ends(o, start, goal, found, d, reached, in_layer)
}

/// The breadth-first search of [`super::search`] without counts or solutions, in two bits
/// per index. A layer is found by a scan of the array for its value, or, while it is thin,
/// kept as a list as well ([`LIST_SHARE`]); a resumed search scans for its first layer
/// (the checkpoint holds the array only).
pub(super) fn two_bit_bfs(
    space: &DenseSpace,
    start: u64,
    goal: Option<u64>,
    opts: &SearchOptions,
    limit: u64,
    ck: &mut Checkpointer,
    resume: Option<Reader>,
) -> Result<Run, SearchError> {
    let threads = worker_threads(opts);
    let words = space.space.div_ceil(32) as usize;
    let (cap, _) = list_cap(space, limit, threads);
    let (marks, mut cur, mut sizes, mut states, mut found) = match resume {
        None => {
            let marks: Vec<AtomicU64> = (0..words).map(|_| AtomicU64::new(0)).collect();
            reach(&marks, start, 1);
            debug_assert_eq!(entry(&marks, start), 1);
            (
                marks,
                (cap > 0).then(|| Layer::List(vec![start])),
                vec![1u64],
                1u64,
                (goal == Some(start)).then_some(0u64),
            )
        }
        Some(mut r) => {
            let marks = r.atomic_words(words)?;
            let h = r.header.clone();
            let o = r.finish()?;
            check_marks(&o, &marks, space.space, start, goal, &h.sizes, h.found)?;
            (marks, None, h.sizes, h.states, h.found)
        }
    };
    let array = 8 * marks.len() as u64;
    let mut peak = array;
    report_start(opts, &sizes, states, space.space);
    let complete = loop {
        if found.is_some() && !opts.explore_all {
            break false;
        }
        let d = sizes.len() as u64 - 1;
        let here = d % 2 + 1;
        let next = 3 - here;
        let source = match &cur {
            Some(layer) => Source::Layer(layer),
            None => Source::Marks {
                marks: &marks,
                here,
                space: space.space,
            },
        };
        let (found_layer, count, transient, _) = expand_from(
            space,
            source,
            |v| reach(&marks, v, next),
            |u| close(&marks, u),
            Spill::Marks,
            cap,
            threads,
            false,
        );
        let held = |l: &Option<Layer>| l.as_ref().map_or(0, layer_bytes);
        peak = peak.max(array + held(&cur) + held(&found_layer) + transient);
        cur = found_layer;
        if count == 0 {
            break true;
        }
        states += count;
        sizes.push(count);
        report_layer(opts, d + 1, count, states, space.space);
        if found.is_none() && goal.is_some_and(|g| entry(&marks, g) != 0) {
            found = Some(d + 1);
        }
        ck.layer_done(Snapshot::plain(&sizes, states, found), |w| {
            w.atomic_words(&marks)
        })?;
    };
    Ok(Run {
        found,
        goal,
        states,
        sizes,
        complete,
        stored: Vec::new(),
        generic: None,
        peak_bytes: peak,
        end_bytes: 0,
    })
}

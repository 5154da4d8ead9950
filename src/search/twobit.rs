//! Distance-only search over the dense index in two bits per index, the classic trick for
//! breadth-first search over a dense space: each entry is `0` (not reached), `1` or `2` (the
//! layer being expanded or the one being found; the two values alternate by parity of the
//! depth) or `3` (expanded). Layer `d` is found again by scanning the array for its value, and
//! each word is closed (its entries of that value set to `3`, by an OR) right after its states
//! are expanded, so no state is expanded twice. One array of `space / 4` bytes instead of
//! five bitsets (`5 space / 8` bytes): 2.5x the reach in memory, paid for by a scan of the
//! whole array per layer — so it is used only when the bitsets do not fit the memory limit
//! and the array does. (Keeping the distance mod 3 instead would tell the layers apart too,
//! but a scan for `d mod 3` also finds the layers `d - 3, d - 6, ...` and expands them again:
//! six times slower on the 4-peg puzzle.)

use super::checkpoint::{Checkpointer, Reader, Snapshot};
use super::dense::DenseSpace;
use super::frontier::{on_threads, report_layer, report_start, worker_threads, Run};
use super::{SearchError, SearchOptions};
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering::Relaxed};

/// Words handed to a thread at a time.
pub(super) const CHUNK: usize = 1 << 12;
/// The low bit of every 2-bit entry.
const LOW: u64 = 0x5555_5555_5555_5555;

/// Bytes of the two-bit array over `space` indices.
pub(super) fn two_bit_bytes(space: u64) -> u64 {
    space.div_ceil(32).saturating_mul(8)
}

#[inline]
fn entry(marks: &[AtomicU64], v: u64) -> u64 {
    marks[(v >> 5) as usize].load(Relaxed) >> (2 * (v & 31)) & 3
}

/// Marks `v` with `value` if it was not reached; true when this call reached it. Every
/// writer of one layer writes the same value, so an OR is enough: a second writer finds a
/// non-zero entry.
#[inline]
pub(super) fn reach(marks: &[AtomicU64], v: u64, value: u64) -> bool {
    let w = &marks[(v >> 5) as usize];
    let shift = 2 * (v & 31);
    w.load(Relaxed) >> shift & 3 == 0 && w.fetch_or(value << shift, Relaxed) >> shift & 3 == 0
}

/// Calls `f(u)` for every entry `u < end` of word number `w` equal to `here` (1 or 2), then
/// closes them: 01 -> 11 or 10 -> 11. Entries written meanwhile, by any thread, into this
/// word have the other value and stay open.
#[inline]
pub(super) fn expand_entries(
    word: &AtomicU64,
    w: u64,
    here: u64,
    end: u64,
    mut f: impl FnMut(u64),
) {
    // Entries equal to `here` become 00 after the XOR; keep their low bits.
    let x = word.load(Relaxed) ^ (here * LOW);
    let found = !(x | x >> 1) & LOW;
    if found == 0 {
        return;
    }
    let mut hits = found;
    while hits != 0 {
        let b = hits.trailing_zeros() as u64;
        hits &= hits - 1;
        let u = w << 5 | b >> 1;
        if u < end {
            f(u);
        }
    }
    word.fetch_or(if here == 1 { found << 1 } else { found }, Relaxed);
}

/// The breadth-first search of [`super::search`] without counts or solutions, in two bits
/// per index.
pub(super) fn two_bit_bfs(
    space: &DenseSpace,
    start: u64,
    goal: Option<u64>,
    opts: &SearchOptions,
    ck: &mut Checkpointer,
    resume: Option<Reader>,
) -> Result<Run, SearchError> {
    let threads = worker_threads(opts);
    let words = space.space.div_ceil(32) as usize;
    let (marks, mut sizes, mut states, mut found) = match resume {
        None => {
            let marks: Vec<AtomicU64> = (0..words).map(|_| AtomicU64::new(0)).collect();
            reach(&marks, start, 1);
            debug_assert_eq!(entry(&marks, start), 1);
            (
                marks,
                vec![1u64],
                1u64,
                (goal == Some(start)).then_some(0u64),
            )
        }
        Some(mut r) => {
            let marks = r.atomic_words(words)?;
            let h = r.header.clone();
            r.finish()?;
            (marks, h.sizes, h.states, h.found)
        }
    };
    report_start(opts, &sizes, states, space.space);
    let complete = loop {
        if found.is_some() && !opts.explore_all {
            break false;
        }
        let d = sizes.len() as u64 - 1;
        let here = d % 2 + 1;
        let next = 3 - here;
        let cursor = AtomicUsize::new(0);
        let work = || {
            let mut added = 0u64;
            loop {
                let i = cursor.fetch_add(CHUNK, Relaxed);
                if i >= words {
                    break added;
                }
                for (k, word) in marks[i..(i + CHUNK).min(words)].iter().enumerate() {
                    expand_entries(word, (i + k) as u64, here, space.space, |u| {
                        space.for_each_successor(u, |v, _| {
                            if reach(&marks, v, next) {
                                added += 1;
                            }
                        });
                    });
                }
            }
        };
        let count: u64 = on_threads(threads, work).into_iter().sum();
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
        peak_bytes: 8 * marks.len() as u64,
        end_bytes: 0,
    })
}

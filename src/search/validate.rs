//! The invariants of the tables a checkpoint restores, checked before a resumed search uses
//! any of them. A checkpoint's checksum catches accidents (a truncated file, a flipped
//! byte); one edited on purpose can carry a recomputed checksum, so each route also checks
//! what its tables must satisfy after a completed layer: every index inside the index space,
//! the visited set as large as the layers' sum, each frontier as large as its layer, inside
//! the visited set and apart from the layer before it, the start visited, the goal visited
//! exactly when it was found, and counts where the route reads them. A failure is
//! [`SearchError::Damaged`]. The checks are one linear pass over what was loaded.

use super::frontier::{get_bit, set_bit, Layer};
use super::SearchError;
use std::fmt::Display;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

/// Where the tables came from, for the messages of the checks.
pub(super) struct Origin {
    path: PathBuf,
}

impl Origin {
    pub(super) fn new(path: PathBuf) -> Origin {
        Origin { path }
    }

    /// The refusal of the tables: what is wrong with them.
    pub(super) fn fail(&self, what: impl Display) -> SearchError {
        SearchError::Damaged(format!("{}: {what}", self.path.display()))
    }

    /// A refusal unless `holds`.
    pub(super) fn require(&self, holds: bool, what: impl Display) -> Result<(), SearchError> {
        match holds {
            true => Ok(()),
            false => Err(self.fail(what)),
        }
    }
}

/// Members of a bitset over `space` indices (of `space.div_ceil(64)` words); refused when a
/// bit at or past `space` is set.
pub(super) fn members(
    o: &Origin,
    what: &str,
    bits: &[AtomicU64],
    space: u64,
) -> Result<u64, SearchError> {
    o.require(
        bits.len() as u64 == space.div_ceil(64),
        format_args!("{what} has {} words, not one bit per index", bits.len()),
    )?;
    let tail = space % 64;
    if let (Some(last), true) = (bits.last(), tail != 0) {
        o.require(
            last.load(Relaxed) >> tail == 0,
            format_args!("{what} holds an index past the index space"),
        )?;
    }
    Ok(bits
        .iter()
        .map(|w| w.load(Relaxed).count_ones() as u64)
        .sum())
}

/// An index list: every entry below `space`, in `within` when given, no entry twice
/// (strictly increasing when `sorted`).
pub(super) fn check_list(
    o: &Origin,
    what: &str,
    list: &[u64],
    space: u64,
    sorted: bool,
    within: Option<&[AtomicU64]>,
) -> Result<(), SearchError> {
    o.require(
        list.iter().all(|&v| v < space),
        format_args!("{what} holds an index past the index space"),
    )?;
    if let Some(visited) = within {
        o.require(
            list.iter().all(|&v| get_bit(visited, v)),
            format_args!("{what} holds a state the visited set does not"),
        )?;
    }
    let increasing = |l: &[u64]| l.windows(2).all(|w| w[0] < w[1]);
    let distinct = if sorted {
        increasing(list)
    } else {
        let mut copy = list.to_vec();
        copy.sort_unstable();
        increasing(&copy)
    };
    let order = if sorted {
        "not strictly increasing"
    } else {
        "a state twice"
    };
    o.require(distinct, format_args!("{what} holds {order}"))
}

/// A frontier of `len` states, all of them visited (a list strictly increasing when
/// `sorted`).
pub(super) fn check_frontier(
    o: &Origin,
    what: &str,
    layer: &Layer,
    len: u64,
    visited: &[AtomicU64],
    space: u64,
    sorted: bool,
) -> Result<(), SearchError> {
    let held = match layer {
        Layer::List(l) => {
            check_list(o, what, l, space, sorted, Some(visited))?;
            l.len() as u64
        }
        Layer::Bits(b) => {
            let n = members(o, what, b, space)?;
            let inside = b
                .iter()
                .zip(visited)
                .all(|(x, v)| x.load(Relaxed) & !v.load(Relaxed) == 0);
            o.require(
                inside,
                format_args!("{what} holds a state the visited set does not"),
            )?;
            n
        }
    };
    o.require(
        held == len,
        format_args!("{what} holds {held} states, its layer size is {len}"),
    )
}

/// Whether `v` is a member of `layer`.
pub(super) fn holds(layer: &Layer, v: u64) -> bool {
    match layer {
        Layer::List(l) => l.contains(&v),
        Layer::Bits(b) => get_bit(b, v),
    }
}

/// Whether two frontiers over `words` words have no state in common.
pub(super) fn apart(a: &Layer, b: &Layer, words: usize) -> bool {
    match (a, b) {
        (Layer::Bits(x), Layer::Bits(y)) => x
            .iter()
            .zip(y)
            .all(|(p, q)| p.load(Relaxed) & q.load(Relaxed) == 0),
        (Layer::List(l), Layer::Bits(bits)) | (Layer::Bits(bits), Layer::List(l)) => {
            l.iter().all(|&v| !get_bit(bits, v))
        }
        (Layer::List(x), Layer::List(y)) => {
            let seen: Vec<AtomicU64> = (0..words).map(|_| AtomicU64::new(0)).collect();
            x.iter().for_each(|&v| {
                set_bit(&seen, v);
            });
            y.iter().all(|&v| !get_bit(&seen, v))
        }
    }
}

/// The start and the goal against the tables: the start visited; a goal found at depth `f`
/// visited, and in the frontier (at depth `last`) exactly when `f == last`; a goal not found
/// not visited.
pub(super) fn check_ends(
    o: &Origin,
    start: u64,
    goal: Option<u64>,
    found: Option<u64>,
    last: u64,
    visited: impl Fn(u64) -> bool,
    in_frontier: impl Fn(u64) -> bool,
) -> Result<(), SearchError> {
    o.require(visited(start), "the start is not visited")?;
    match (goal, found) {
        (None, Some(f)) => Err(o.fail(format_args!(
            "the goal found at depth {f}, but it has no index"
        ))),
        (Some(g), Some(f)) => {
            o.require(
                visited(g),
                format_args!("the goal found at depth {f} is not visited"),
            )?;
            o.require(
                (f == last) == in_frontier(g),
                format_args!("the goal found at depth {f} is not in that layer"),
            )
        }
        (Some(g), None) => o.require(!visited(g), "the goal is visited but was not found"),
        (None, None) => Ok(()),
    }
}

/// The layers a search keeps (for a solution or a count), restored: `stored` the layers
/// before the frontier `cur`.
pub(super) struct Kept<'a> {
    pub(super) stored: &'a [Vec<u64>],
    pub(super) cur: &'a [u64],
}

impl Kept<'_> {
    /// Sorted, of their sizes, visited, each state in one of them (`mark(v)`: true the
    /// first time), the first one the start alone, a goal found in the layer of its depth:
    /// with sizes summing to the visited states, they partition the visited set.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn check(
        &self,
        o: &Origin,
        space: u64,
        start: u64,
        goal: Option<u64>,
        sizes: &[u64],
        found: Option<u64>,
        visited: impl Fn(u64) -> bool,
        mut mark: impl FnMut(u64) -> bool,
    ) -> Result<(), SearchError> {
        let last = sizes.len() - 1;
        o.require(
            self.stored.len() == last,
            format_args!(
                "{} stored layers for a search at depth {last}",
                self.stored.len()
            ),
        )?;
        o.require(
            self.stored.first().is_none_or(|l| l[..] == [start]),
            "the first stored layer is not the start alone",
        )?;
        let all = self.stored.iter().map(|l| &l[..]).chain([self.cur]);
        for (d, l) in all.enumerate() {
            let what = match d == last {
                true => "the frontier".to_string(),
                false => format!("the stored layer at depth {d}"),
            };
            check_list(o, &what, l, space, true, None)?;
            o.require(
                l.iter().all(|&v| visited(v)),
                format_args!("{what} holds a state the visited set does not"),
            )?;
            o.require(
                l.len() as u64 == sizes[d],
                format_args!("{what} holds {} states, its size is {}", l.len(), sizes[d]),
            )?;
            o.require(
                l.iter().all(|&v| mark(v)),
                format_args!("{what} shares a state with another layer"),
            )?;
        }
        match (goal, found) {
            (Some(g), Some(f)) if (f as usize) < last => o.require(
                self.stored[f as usize].binary_search(&g).is_ok(),
                format_args!("the goal found at depth {f} is not in that layer"),
            ),
            _ => Ok(()),
        }
    }
}

/// The entries of a two-bit array over `space` indices by value (`0` not reached, `1` and
/// `2` a layer, `3` expanded); refused when an entry at or past `space` is not `0`.
pub(super) fn two_bit_tally(
    o: &Origin,
    marks: &[AtomicU64],
    space: u64,
) -> Result<[u64; 4], SearchError> {
    o.require(
        marks.len() as u64 == space.div_ceil(32),
        "the two-bit array does not hold two bits per index",
    )?;
    let tail = 2 * (space % 32);
    if let (Some(last), true) = (marks.last(), tail != 0) {
        o.require(
            last.load(Relaxed) >> tail == 0,
            "the two-bit array marks an index past the index space",
        )?;
    }
    const LOW: u64 = 0x5555_5555_5555_5555;
    let mut tally = [0u64; 4];
    for w in marks {
        let x = w.load(Relaxed);
        let (lo, hi) = (x & LOW, (x >> 1) & LOW);
        tally[1] += (lo & !hi).count_ones() as u64;
        tally[2] += (hi & !lo).count_ones() as u64;
        tally[3] += (lo & hi).count_ones() as u64;
    }
    tally[0] = space - tally[1] - tally[2] - tally[3];
    Ok(tally)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bits(words: &[u64]) -> Vec<AtomicU64> {
        words.iter().map(|&w| AtomicU64::new(w)).collect()
    }

    fn origin() -> Origin {
        Origin::new(PathBuf::from("ck"))
    }

    #[test]
    fn a_bitset_past_its_index_space_is_refused() {
        let o = origin();
        assert_eq!(members(&o, "v", &bits(&[0b1011]), 4).unwrap(), 3);
        let e = members(&o, "v", &bits(&[0b1_0000]), 4).unwrap_err();
        assert!(e.to_string().contains("past the index space"), "{e}");
        assert!(members(&o, "v", &bits(&[1, 1]), 64).is_err());
    }

    #[test]
    fn a_frontier_outside_the_visited_set_or_of_another_size_is_refused() {
        let o = origin();
        let visited = bits(&[0b0111]);
        let list = Layer::List(vec![0, 2]);
        assert!(check_frontier(&o, "f", &list, 2, &visited, 8, true).is_ok());
        assert!(check_frontier(&o, "f", &list, 3, &visited, 8, true).is_err());
        let outside = Layer::List(vec![0, 3]);
        assert!(check_frontier(&o, "f", &outside, 2, &visited, 8, true).is_err());
        let twice = Layer::List(vec![2, 0, 2]);
        assert!(check_frontier(&o, "f", &twice, 3, &visited, 8, false).is_err());
        let unsorted = Layer::List(vec![2, 0]);
        assert!(check_frontier(&o, "f", &unsorted, 2, &visited, 8, false).is_ok());
        assert!(check_frontier(&o, "f", &unsorted, 2, &visited, 8, true).is_err());
        let set = Layer::Bits(bits(&[0b0110]));
        assert!(check_frontier(&o, "f", &set, 2, &visited, 8, true).is_ok());
        let beyond = Layer::Bits(bits(&[0b1010]));
        assert!(check_frontier(&o, "f", &beyond, 2, &visited, 8, true).is_err());
    }

    #[test]
    fn frontiers_in_common_are_not_apart() {
        let (a, b) = (Layer::List(vec![1, 5]), Layer::List(vec![2, 5]));
        assert!(!apart(&a, &b, 1));
        assert!(apart(&a, &Layer::List(vec![2]), 1));
        assert!(!apart(&a, &Layer::Bits(bits(&[1 << 5])), 1));
        assert!(apart(&Layer::Bits(bits(&[1])), &Layer::Bits(bits(&[2])), 1));
    }

    #[test]
    fn the_goal_is_visited_exactly_when_found() {
        let o = origin();
        let visited = |v: u64| v < 4;
        let frontier = |v: u64| v == 3;
        assert!(check_ends(&o, 0, Some(3), Some(2), 2, visited, frontier).is_ok());
        assert!(check_ends(&o, 0, Some(3), None, 2, visited, frontier).is_err());
        assert!(check_ends(&o, 0, Some(2), Some(2), 2, visited, frontier).is_err());
        assert!(check_ends(&o, 0, Some(9), Some(2), 2, visited, frontier).is_err());
        assert!(check_ends(&o, 0, Some(9), None, 2, visited, frontier).is_ok());
        assert!(check_ends(&o, 7, Some(9), None, 2, visited, frontier).is_err());
    }

    #[test]
    fn a_two_bit_array_is_tallied_by_value() {
        let o = origin();
        // Entries 0..4: 3, 1, 2, 0.
        let marks = bits(&[0b00_10_01_11]);
        assert_eq!(two_bit_tally(&o, &marks, 4).unwrap(), [1, 1, 1, 1]);
        // An entry past a space of 3 indices.
        assert!(two_bit_tally(&o, &bits(&[0b11_10_01_11]), 3).is_err());
        assert_eq!(two_bit_tally(&o, &marks, 3).unwrap(), [0, 1, 1, 1]);
    }
}

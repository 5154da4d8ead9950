//! One answer per search: a puzzle searched with the same options twice in a process is
//! searched once. The report gathers variants, checks claims and draws its search page in
//! parallel, and several of them search the same puzzle; a second asker waits for the
//! first's answer instead of searching again.

use crate::puzzle::Puzzle;
use crate::search::{search, SearchError, SearchOptions, SearchResult};
use std::collections::BTreeMap;
use std::sync::{Arc, Mutex, OnceLock};

/// Answers computed once per key for the whole process.
pub(crate) struct Shared<K, V>(Mutex<BTreeMap<K, Arc<OnceLock<V>>>>);

impl<K: Ord, V: Clone> Shared<K, V> {
    /// An empty cache.
    pub(crate) const fn new() -> Self {
        Shared(Mutex::new(BTreeMap::new()))
    }

    /// The answer for `key`, computed by `f` the first time it is asked for (concurrent
    /// askers of one key wait for that computation; other keys are not blocked).
    pub(crate) fn get_or_compute(&self, key: K, f: impl FnOnce() -> V) -> V {
        let slot = self
            .0
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .entry(key)
            .or_default()
            .clone();
        slot.get_or_init(f).clone()
    }
}

/// The puzzle (every field, as its debug text) and the options that decide a search's
/// answer: `count`, `solution`, `explore_all`, `memory_limit`, `sparse`. The thread count
/// does not change the answer and is left out.
type SearchKey = (String, bool, bool, bool, Option<u64>, bool);

static SEARCHES: Shared<SearchKey, Result<SearchResult, SearchError>> = Shared::new();

/// [`crate::search::search`] answered once per process for each puzzle and options. A
/// search watched by a progress callback, a checkpoint or a stop flag is not cached (its
/// caller wants that run). A cached answer is the first run's, `elapsed` included.
///
/// ```
/// use hanoilab::facts::cached_search;
/// use hanoilab::search::{search, SearchOptions};
/// use hanoilab::variants::{Params, Variant};
/// let p = Variant::builtin("classic").unwrap().puzzle("T", 4, &Params::new()).unwrap();
/// let opts = SearchOptions { count: true, ..Default::default() };
/// let cached = cached_search(&p, &opts).unwrap();
/// assert_eq!(cached.minimum, search(&p, &opts).unwrap().minimum);
/// assert_eq!(cached.minimum, Some(15));
/// ```
pub fn cached_search(
    puzzle: &Puzzle,
    opts: &SearchOptions<'_>,
) -> Result<SearchResult, SearchError> {
    if opts.progress.is_some() || opts.checkpoint.is_some() || opts.stop.is_some() {
        return search(puzzle, opts);
    }
    let key = (
        format!("{puzzle:?}"),
        opts.count,
        opts.solution,
        opts.explore_all,
        opts.memory_limit,
        opts.sparse,
    );
    SEARCHES.get_or_compute(key, || search(puzzle, opts))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::{Params, Variant};

    #[test]
    fn a_cached_answer_is_the_direct_search_answer() {
        for (id, f, n) in [("classic", "T", 5), ("reves", "FS", 5), ("cyclic4", "N", 4)] {
            let p = Variant::builtin(id)
                .unwrap()
                .puzzle(f, n, &Params::new())
                .unwrap();
            let opts = SearchOptions {
                count: true,
                explore_all: true,
                ..Default::default()
            };
            let direct = search(&p, &opts).unwrap();
            let first = cached_search(&p, &opts).unwrap();
            let second = cached_search(&p, &opts).unwrap();
            assert_eq!(first, second, "{id}.{f}");
            assert_eq!(first.minimum, direct.minimum, "{id}.{f}");
            assert_eq!(first.layers, direct.layers, "{id}.{f}");
            assert_eq!(
                first.optimal_solutions, direct.optimal_solutions,
                "{id}.{f}"
            );
        }
    }

    #[test]
    fn options_that_change_the_answer_are_separate_entries() {
        let p = Variant::builtin("classic")
            .unwrap()
            .puzzle("T", 4, &Params::new())
            .unwrap();
        let counted = SearchOptions {
            count: true,
            ..Default::default()
        };
        let uncounted = SearchOptions::default();
        assert!(cached_search(&p, &counted)
            .unwrap()
            .optimal_solutions
            .is_some());
        assert_eq!(
            cached_search(&p, &uncounted).unwrap().optimal_solutions,
            search(&p, &uncounted).unwrap().optimal_solutions
        );
    }
}

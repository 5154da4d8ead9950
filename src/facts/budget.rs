//! How much search a consumer may spend per puzzle, and the one place that applies it.

use crate::puzzle::Puzzle;
use crate::search::{
    estimate_memory, state_bound, state_count_bound, state_space, SearchError, SearchOptions,
    SearchResult,
};
use std::fmt;

/// The search budget of one consumer of facts: which puzzles are searched, which get their
/// optimal solutions counted, and with how much memory.
///
/// Sizes are decided before a search runs, never by running it until it runs out: a puzzle
/// with a dense index space ([`state_space`]) is searched when that space fits
/// [`SearchBudget::max_states`]. One that needs the generic encoding (equal sizes) is
/// searched when its bound on the states ([`state_count_bound`]) fits `max_states` too, and
/// under [`SearchBudget::generic_memory`] when the budget sets it (its estimate within that
/// memory), otherwise only when its [`state_bound`] fits. Optimal solutions are counted when
/// the bound fits [`SearchBudget::count_states`].
///
/// ```
/// use hanoilab::facts::SearchBudget;
/// use hanoilab::sequences::moves::tower_puzzle;
/// use hanoilab::puzzle::MoveGraph;
/// let p = tower_puzzle(3, 4, MoveGraph::Complete, 0, 2);
/// let r = SearchBudget::TABLE.search(&p, false).unwrap();
/// assert_eq!(r.minimum, Some(15));
/// let big = tower_puzzle(4, 20, MoveGraph::Complete, 0, 3);
/// assert!(SearchBudget::TABLE.search(&big, false).is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchBudget {
    /// Largest state bound searched.
    pub max_states: u64,
    /// Largest state bound whose optimal solutions are counted (when asked).
    pub count_states: u64,
    /// Memory limit of a search with a state bound (`None`: the search's default limit).
    pub memory: Option<u64>,
    /// Memory limit of a search that needs the generic encoding (its bound on the states
    /// within [`Self::max_states`]); `None`: such a puzzle is searched only when its
    /// [`state_bound`] fits [`Self::max_states`].
    pub generic_memory: Option<u64>,
    /// Worker threads (1 keeps runs deterministic in time as well as in answer).
    pub threads: usize,
}

impl SearchBudget {
    /// `hanoilab table`'s `optimum` column: cheap enough for every row of a table.
    pub const TABLE: SearchBudget = SearchBudget {
        max_states: 1_000_000,
        count_states: 0,
        memory: None,
        generic_memory: Some(64 << 20),
        threads: 0,
    };

    /// The committed report: 2^20 states per search, counts to 2^18 (the searches beyond are
    /// measured with `hanoilab search` and listed in `docs/search.md`).
    pub const REPORT: SearchBudget = SearchBudget {
        max_states: 1 << 20,
        count_states: 1 << 18,
        memory: Some(512 << 20),
        generic_memory: Some(10 << 20),
        threads: 1,
    };

    /// The literature checker: as the report, but a search without a state bound (equal
    /// discs that may share a pin, as in Antwerp) may take up to 48 MiB, enough for
    /// Antwerp with 3 discs of each colour and Turtle with 7 discs a stack; the verdicts
    /// name the n left out.
    pub const CLAIMS: SearchBudget = SearchBudget {
        generic_memory: Some(48 << 20),
        memory: None,
        ..SearchBudget::REPORT
    };

    /// No bound on the states; the search's own default memory limit (tests, comparisons).
    pub const UNLIMITED: SearchBudget = SearchBudget {
        max_states: u64::MAX,
        count_states: u64::MAX,
        memory: None,
        generic_memory: Some(u64::MAX),
        threads: 0,
    };

    /// The options a search of `puzzle` gets under this budget, or why it is not searched.
    /// `count`: the optimal solutions are wanted (granted up to [`Self::count_states`]).
    pub fn plan(&self, puzzle: &Puzzle, count: bool) -> Result<SearchOptions<'static>, Beyond> {
        let bound = state_bound(puzzle);
        let (memory, counted) = match (state_space(puzzle), self.generic_memory) {
            (Some(s), _) if s > self.max_states => return Err(Beyond::States(s)),
            (Some(s), _) => (self.memory, count && s <= self.count_states),
            // The generic encoding: its bound on the states within `max_states` too (the
            // sorted layers hold so little that memory alone would admit searches of
            // minutes).
            (None, Some(_)) if state_count_bound(puzzle) > self.max_states as f64 => {
                return Err(Beyond::Bound(state_count_bound(puzzle).round() as u64))
            }
            (None, Some(m)) => (
                Some(m),
                count && bound.is_some_and(|b| b <= self.count_states),
            ),
            (None, None) => match bound {
                None => return Err(Beyond::Unbounded),
                Some(b) if b > self.max_states => return Err(Beyond::States(b)),
                Some(b) => (self.memory, count && b <= self.count_states),
            },
        };
        let opts = SearchOptions {
            count: counted,
            memory_limit: memory.filter(|&m| m != u64::MAX),
            threads: self.threads,
            ..Default::default()
        };
        // Sizes first: the generic encoding is guarded only as it grows, so a puzzle whose
        // estimate (from its exact or bounded state count) is over the limit would fill the
        // limit before it stops (seconds of a report spent on no answer). Refused here
        // instead, in microseconds. The estimate counts every state, and a search that
        // meets its goal early fits in a limit its estimate is somewhat over: Antwerp's T31
        // at n = 3 is estimated at 9 MiB for 216,000 states and stops at its goal; hence
        // the margin.
        if let (None, Some(limit)) = (state_space(puzzle), opts.memory_limit) {
            if let Ok(estimate) = estimate_memory(puzzle, &opts) {
                if estimate as u128 * 100 > limit as u128 * ESTIMATE_MARGIN_PERCENT as u128 {
                    return Err(Beyond::Estimate { estimate, limit });
                }
            }
        }
        Ok(opts)
    }

    /// Searches `puzzle` within the budget. `Ok` carries the search's answer (the count of
    /// optimal solutions only where [`Self::plan`] granted it).
    pub fn search(&self, puzzle: &Puzzle, count: bool) -> Result<SearchResult, Beyond> {
        let opts = self.plan(puzzle, count)?;
        // Sizes first: a dense puzzle too large for a 64-bit index has no index space, and
        // would otherwise be tried with the generic encoding until the memory limit.
        if state_space(puzzle).is_none() && state_count_bound(puzzle) > u64::MAX as f64 {
            return Err(Beyond::Astronomical);
        }
        super::cached_search(puzzle, &opts).map_err(Beyond::Search)
    }
}

/// How far over the memory limit (in percent of it) a generic search's estimate may be and
/// the search still run (see [`SearchBudget::plan`]). The estimate of the packed generic
/// encoding is the exact peak of a search that explores every state of its bound, so a
/// search estimated past this margin would fill its limit with no answer.
pub const ESTIMATE_MARGIN_PERCENT: u64 = 125;

/// Why a puzzle was not searched within a [`SearchBudget`].
#[derive(Debug)]
pub enum Beyond {
    /// Its dense index space (or state bound) exceeds the budget.
    States(u64),
    /// Its bound on the states (a puzzle with equal discs, no dense index) exceeds the
    /// budget's `max_states`.
    Bound(u64),
    /// It has no state bound and the budget searches only bounded puzzles.
    Unbounded,
    /// It has more states than a 64-bit index can count.
    Astronomical,
    /// The generic encoding's memory estimate is more than `ESTIMATE_MARGIN_PERCENT`
    /// (125 %) of the budget's limit.
    Estimate {
        /// Estimated bytes.
        estimate: u64,
        /// The limit in bytes.
        limit: u64,
    },
    /// The search refused or failed.
    Search(SearchError),
}

impl fmt::Display for Beyond {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Beyond::States(s) => write!(f, "{s} indices"),
            Beyond::Bound(s) => write!(f, "up to {s} states (equal discs)"),
            Beyond::Unbounded => f.write_str("no bound on its states (equal discs)"),
            Beyond::Astronomical => f.write_str("more than 2^64 states"),
            Beyond::Estimate { estimate, limit } => write!(
                f,
                "its states need an estimated {} MiB, more than {}% over the memory limit of {} MiB",
                estimate.div_ceil(1 << 20),
                ESTIMATE_MARGIN_PERCENT - 100,
                limit >> 20
            ),
            Beyond::Search(e) => write!(f, "{e}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The refusal of an estimate over the limit states the estimate, the margin and the
    /// limit in that order, and the numbers it prints bear out "more than 25% over".
    #[test]
    fn an_estimate_refusal_says_what_was_estimated() {
        let p = crate::variants::Variant::load("multi-stack")
            .unwrap()
            .puzzle("HAHA", 6, &Default::default())
            .unwrap();
        // The claims' memory without their bound on the states.
        let budget = SearchBudget {
            max_states: u64::MAX,
            ..SearchBudget::CLAIMS
        };
        let Err(Beyond::Estimate { estimate, limit }) = budget.plan(&p, false) else {
            panic!("multi-stack n = 6 is over the claims' generic memory");
        };
        let opts = SearchOptions {
            memory_limit: Some(limit),
            ..Default::default()
        };
        assert_eq!(estimate_memory(&p, &opts).unwrap(), estimate);
        let text = Beyond::Estimate { estimate, limit }.to_string();
        let number_after = |word: &str| -> u64 {
            let rest = &text[text.find(word).unwrap() + word.len()..];
            rest.split(|c: char| !c.is_ascii_digit())
                .next()
                .unwrap()
                .parse()
                .unwrap()
        };
        let said_estimate = number_after("estimated ");
        let said_margin = number_after("more than ");
        let said_limit = number_after("memory limit of ");
        assert_eq!(said_estimate, estimate.div_ceil(1 << 20), "{text}");
        assert_eq!(said_limit, limit >> 20, "{text}");
        assert!(
            said_estimate * 100 > said_limit * (100 + said_margin),
            "{text}"
        );
    }
}

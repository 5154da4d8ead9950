//! The search optima of a function as a sequence: the terms a law is guessed from
//! (`hanoilab guess --optimum`) and a published conjecture is checked against.
//!
//! Each term is the minimum number of moves of the function's puzzle at one n, from a
//! recorded long run where there is one (`data/records/`, or a user's record file) and
//! otherwise from a search within a [`SearchBudget`]. The terms are consecutive: the first n
//! that neither answers ends them, and its reason is kept.

use super::{Beyond, MinimumSource, RecordedMinimum, SearchBudget};
use crate::variants::{Params, Variant};
use num_bigint::BigInt;
use std::ops::RangeInclusive;

/// One term: the minimum at `n` and the search that found it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OptimumTerm {
    /// Number of discs.
    pub n: i64,
    /// The minimum number of moves.
    pub minimum: u64,
    /// A search run here (within the budget) or a recorded run.
    pub source: MinimumSource,
}

/// The search optima of a function over consecutive n.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OptimumTerms {
    /// `VARIANT.FUNCTION`.
    pub target: String,
    /// The terms, at consecutive n from the first n asked.
    pub terms: Vec<OptimumTerm>,
    /// The first n asked for that has no term, and why.
    pub stopped: Option<(i64, String)>,
}

impl OptimumTerms {
    /// The minima as integers, in order of n.
    pub fn minima(&self) -> Vec<BigInt> {
        self.terms.iter().map(|t| BigInt::from(t.minimum)).collect()
    }

    /// The n of the first term.
    pub fn first_n(&self) -> Option<i64> {
        self.terms.first().map(|t| t.n)
    }

    /// The n of the last term.
    pub fn last_n(&self) -> Option<i64> {
        self.terms.last().map(|t| t.n)
    }

    /// The minimum at `n`, when it is a term.
    pub fn at(&self, n: i64) -> Option<u64> {
        let first = self.first_n()?;
        let i = usize::try_from(n.checked_sub(first)?).ok()?;
        self.terms.get(i).map(|t| t.minimum)
    }

    /// Where the terms come from, run by run: `n = 0..10 searched here, n = 11..16 from
    /// recorded runs (bfs)`.
    ///
    /// ```
    /// use hanoilab::facts::{optimum_terms, SearchBudget};
    /// use hanoilab::variants::{Params, Variant};
    /// let v = Variant::builtin("classic").unwrap();
    /// let t = optimum_terms(&v, "T", &Params::new(), 0..=3, &SearchBudget::TABLE, &[]);
    /// assert_eq!(t.minima(), [0, 1, 3, 7].map(num_bigint::BigInt::from));
    /// assert_eq!(t.provenance(), "n = 0..3 searched here");
    /// ```
    pub fn provenance(&self) -> String {
        // Runs of one kind of source; a run of recorded terms names every method in it.
        let mut runs: Vec<(i64, i64, MinimumSource)> = Vec::new();
        for t in &self.terms {
            match (runs.last_mut(), &t.source) {
                (Some((_, b, MinimumSource::Gathered)), MinimumSource::Gathered) => *b = t.n,
                (Some((_, b, MinimumSource::Recorded(have))), MinimumSource::Recorded(m)) => {
                    *b = t.n;
                    for x in m {
                        if !have.contains(x) {
                            have.push(x.clone());
                        }
                    }
                }
                _ => runs.push((t.n, t.n, t.source.clone())),
            }
        }
        let parts: Vec<String> = runs
            .iter()
            .map(|(a, b, s)| {
                let ns = if a == b {
                    format!("n = {a}")
                } else {
                    format!("n = {a}..{b}")
                };
                match s {
                    MinimumSource::Gathered => format!("{ns} searched here"),
                    MinimumSource::Recorded(m) => {
                        format!("{ns} from recorded runs ({})", m.join(", "))
                    }
                }
            })
            .collect();
        if parts.is_empty() {
            "no terms".into()
        } else {
            parts.join(", ")
        }
    }
}

/// The search optima of `variant.function` (with `params`) for the n of `ns`, in order,
/// while each n is answered: by a run of `records` at that n (a recorded minimum of the same
/// puzzle, see [`super::recorded_minima`]), else by a search within `budget`. The first n
/// answered by neither ends the terms ([`OptimumTerms::stopped`] says why: beyond the
/// budget, the goal unreachable, no puzzle at that n).
pub fn optimum_terms(
    variant: &Variant,
    function: &str,
    params: &Params,
    ns: RangeInclusive<i64>,
    budget: &SearchBudget,
    records: &[RecordedMinimum],
) -> OptimumTerms {
    let mut out = OptimumTerms {
        target: format!("{}.{function}", variant.id),
        terms: Vec::new(),
        stopped: None,
    };
    for n in ns {
        if let Some(r) = records.iter().find(|r| r.n == n) {
            out.terms.push(OptimumTerm {
                n,
                minimum: r.minimum,
                source: MinimumSource::Recorded(r.methods.clone()),
            });
            continue;
        }
        let puzzle = match variant.puzzle(function, n, params) {
            Ok(p) => p,
            Err(e) => {
                out.stopped = Some((n, e.to_string()));
                break;
            }
        };
        match budget.search(&puzzle, false) {
            Ok(r) => match r.minimum {
                Some(minimum) => out.terms.push(OptimumTerm {
                    n,
                    minimum,
                    source: MinimumSource::Gathered,
                }),
                None => {
                    out.stopped = Some((n, "the goal is not reachable from the start".into()));
                    break;
                }
            },
            Err(why) => {
                let reason = match why {
                    Beyond::Search(e) => format!("the search stopped: {e}"),
                    other => format!("not searched within the budget: {other}"),
                };
                out.stopped = Some((n, reason));
                break;
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::facts::recorded_minima;

    /// Searched terms equal the classic count 2^n - 1 (the optimum, Hinz et al. 2018,
    /// Thm 2.1); the first n past the budget ends them with its reason.
    #[test]
    fn searched_terms_are_the_optima_and_stop_at_the_budget() {
        let v = Variant::builtin("classic").unwrap();
        let budget = SearchBudget {
            max_states: 3u64.pow(6),
            ..SearchBudget::TABLE
        };
        let t = optimum_terms(&v, "T", &Params::new(), 1..=9, &budget, &[]);
        let want: Vec<BigInt> = (1..=6).map(|n| BigInt::from((1u64 << n) - 1)).collect();
        assert_eq!(t.minima(), want);
        let (n, why) = t.stopped.clone().unwrap();
        assert_eq!(n, 7);
        assert!(why.contains("2187 indices"), "{why}");
        assert_eq!(t.at(6), Some(63));
        assert_eq!(t.at(7), None);
    }

    /// A recorded run answers where the budget does not reach, and the provenance names
    /// both sources; the compiled-in records of Reve's puzzle are the Frame–Stewart numbers
    /// (optimal for four pegs: Bousch 2014), as a search of the small n finds them.
    #[test]
    fn recorded_runs_extend_the_searched_terms() {
        let v = Variant::builtin("classic").unwrap();
        let budget = SearchBudget {
            max_states: 3u64.pow(4),
            ..SearchBudget::TABLE
        };
        let recorded = |n: i64, minimum: u64| RecordedMinimum {
            n,
            minimum,
            puzzle: "classic.T".into(),
            methods: vec!["bfs".into()],
        };
        let records = [recorded(5, 31), recorded(7, 127)];
        let t = optimum_terms(&v, "T", &Params::new(), 2..=8, &budget, &records);
        assert_eq!(t.first_n(), Some(2));
        assert_eq!(
            t.last_n(),
            Some(5),
            "n = 6 is neither searched nor recorded"
        );
        assert_eq!(t.stopped.as_ref().map(|s| s.0), Some(6));
        assert_eq!(
            t.provenance(),
            "n = 2..4 searched here, n = 5 from recorded runs (bfs)"
        );
        let v = Variant::builtin("reves").unwrap();
        let records = recorded_minima(&v, "FS", &Params::new()).unwrap();
        let fs = |n: i64| crate::sequences::frame_stewart::frame_stewart(n as u64, 4).unwrap();
        for r in &records {
            assert_eq!(BigInt::from(r.minimum), fs(r.n), "n = {}", r.n);
        }
    }
}

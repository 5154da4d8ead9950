//! The facts of a variant: counts, simulations and search optima over a range of n.

use super::{Beyond, SearchBudget};
use crate::algebra::AnalysisReport;
use crate::variants::{Params, Variant, VariantError};
use num_bigint::BigInt;
use num_traits::ToPrimitive;
use std::ops::RangeInclusive;

/// The search's answer for one function at one n.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Optimum {
    /// Number of discs.
    pub n: i64,
    /// The minimum number of moves; `None`: the goal is unreachable.
    pub minimum: Option<u64>,
    /// The number of minimal move sequences, where the budget counts them.
    pub solutions: Option<BigInt>,
}

/// The search optimum of `function` at each n of `ns`, in order, while the searches stay
/// within `budget` (the first n beyond it ends the list: the state spaces grow with n).
///
/// ```
/// use hanoilab::facts::{optima, SearchBudget};
/// use hanoilab::variants::{Params, Variant};
/// let v = Variant::builtin("classic").unwrap();
/// let o = optima(&v, "T", &Params::new(), 1..=4, &SearchBudget::REPORT);
/// let minima: Vec<_> = o.iter().map(|o| o.minimum.unwrap()).collect();
/// assert_eq!(minima, [1, 3, 7, 15]);
/// ```
pub fn optima(
    variant: &Variant,
    function: &str,
    params: &Params,
    ns: impl IntoIterator<Item = i64>,
    budget: &SearchBudget,
) -> Vec<Optimum> {
    let mut out = Vec::new();
    for n in ns {
        let Ok(puzzle) = variant.puzzle(function, n, params) else {
            break;
        };
        match budget.search(&puzzle, true) {
            Ok(r) => out.push(Optimum {
                n,
                minimum: r.minimum,
                solutions: r.optimal_solutions,
            }),
            Err(_) => break,
        }
    }
    out
}

/// One function's simulations: played under the rules, every move checked, n by n.
#[derive(Clone, Debug)]
pub struct SimulationSummary {
    /// The function.
    pub function: String,
    /// The largest n whose simulation agreed with the count (`None`: none did).
    pub checked_up_to: Option<i64>,
    /// The first disagreement or illegal move, if any.
    pub failure: Option<String>,
    /// The moves played, per simulated n.
    pub simulated: Vec<(i64, u64)>,
}

/// How far [`VariantFacts::gather`] goes.
#[derive(Clone, Copy, Debug)]
pub struct FactsOptions {
    /// Largest n of the count table (from each function's smallest n).
    pub n_max: i64,
    /// A function is simulated at n while its count is at most this many moves.
    pub simulation_moves: u64,
    /// Certified digits of the constants in the asymptotics.
    pub analysis_digits: usize,
    /// Searches (`None`: no simulation and no search, a quick preview).
    pub search: Option<SearchBudget>,
}

/// Everything known about one variant, gathered once and used by its page, its table, the
/// index and the charts.
pub struct VariantFacts {
    /// The variant.
    pub variant: Variant,
    /// The algebra of the derived transfer matrix (`None`: no matrix).
    pub analysis: Option<AnalysisReport>,
    /// Per component of `analysis`: where its minimal recurrence holds from, and its
    /// generating function from its first term (empty without a matrix).
    pub recurrence_starts: Vec<Option<super::RecurrenceStart>>,
    /// Per n (from the smallest `n_min` to `n_max`): per function, the exact count.
    pub counts: Vec<(i64, Vec<Option<BigInt>>)>,
    /// Per function: the largest n simulated, and the first disagreement if any.
    pub simulation: Vec<SimulationSummary>,
    /// Per function: the search optimum (and, where the budget counts them, the number of
    /// optimal solutions) for every n the budget reaches.
    pub optima: Vec<Vec<Optimum>>,
    /// Per function: its optimality over these searches and the recorded runs
    /// ([`super::optimality`]), once [`VariantFacts::with_optimality`] has read the records
    /// (empty until then).
    pub optimality: Vec<super::Optimality>,
    /// Per function: its OEIS entries whose recorded terms equal its counts (settled with
    /// the optimality; empty until then).
    pub oeis: Vec<Vec<super::OeisEntry>>,
}

impl VariantFacts {
    /// Gathers the facts of `variant` (default parameters) as far as `opts` allows.
    #[allow(clippy::result_large_err)] // variant errors carry file positions; they are rare
    pub fn gather(variant: Variant, opts: &FactsOptions) -> Result<VariantFacts, VariantError> {
        let params = Params::new();
        let functions: Vec<(String, i64)> = variant
            .functions()
            .iter()
            .map(|f| (f.name.clone(), f.n_min))
            .collect();
        let n0 = functions.iter().map(|f| f.1).min().unwrap_or(0).max(0);
        let names: Vec<String> = functions.iter().map(|f| f.0.clone()).collect();
        #[allow(clippy::reversed_empty_ranges)] // no n when n_max < n0
        let range = if opts.n_max >= n0 {
            n0 as u64..=opts.n_max as u64
        } else {
            1..=0
        };
        let counts: Vec<(i64, Vec<Option<BigInt>>)> =
            count_columns(&variant, &names, &params, range)
                .into_iter()
                .zip(n0..)
                .map(|(mut row, n)| {
                    // Below a function's smallest n its program is not meant to run.
                    for (c, (_, n_min)) in row.iter_mut().zip(&functions) {
                        if n < *n_min {
                            *c = None;
                        }
                    }
                    (n, row)
                })
                .collect();
        let full = variant.analysis(&params, opts.analysis_digits)?;
        let recurrence_starts = full
            .as_ref()
            .map(|a| super::recurrence_starts(&variant, &params, a))
            .unwrap_or_default();
        let analysis = full.map(|a| a.to_report());
        let mut simulation = Vec::new();
        for (j, (f, _)) in functions.iter().enumerate() {
            let mut s = SimulationSummary {
                function: f.clone(),
                checked_up_to: None,
                failure: None,
                simulated: Vec::new(),
            };
            if opts.search.is_some() {
                simulate_while_cheap(&variant, f, &params, &counts, j, opts, &mut s);
            }
            simulation.push(s);
        }
        let optima = functions
            .iter()
            .map(|(f, n_min)| match &opts.search {
                Some(budget) => optima(&variant, f, &params, (*n_min).max(1)..=opts.n_max, budget),
                None => Vec::new(),
            })
            .collect();
        Ok(VariantFacts {
            variant,
            analysis,
            recurrence_starts,
            counts,
            simulation,
            optima,
            optimality: Vec::new(),
            oeis: Vec::new(),
        })
    }

    /// The facts with every function's optimality settled (the report's searches and the
    /// recorded runs of `data/records/search-records.csv`) and its OEIS entries checked
    /// against its counts, so that what renders them reads them instead of working them out.
    pub fn with_optimality(mut self) -> Result<VariantFacts, super::RecordsError> {
        let functions = 0..self.variant.functions().len();
        self.optimality = functions
            .clone()
            .map(|j| super::optimality(&self, j))
            .collect::<Result<_, _>>()?;
        self.oeis = functions.map(|j| super::oeis_of(&self, j)).collect();
        Ok(self)
    }
}

/// Simulates function `j` at each n of the count table while its count is cheap, stopping
/// at the first disagreement.
fn simulate_while_cheap(
    variant: &Variant,
    f: &str,
    params: &Params,
    counts: &[(i64, Vec<Option<BigInt>>)],
    j: usize,
    opts: &FactsOptions,
    s: &mut SimulationSummary,
) {
    for (n, row) in counts {
        let Some(c) = &row[j] else { continue };
        if c.to_u64().is_none_or(|c| c > opts.simulation_moves) {
            break;
        }
        match variant.simulate(f, *n, params) {
            Ok(r) if BigInt::from(r.moves) == *c => {
                s.checked_up_to = Some(*n);
                s.simulated.push((*n, r.moves));
            }
            Ok(r) => {
                s.failure = Some(format!(
                    "n = {n}: the recurrence counts {c} moves, the simulation played {}",
                    r.moves
                ));
                s.simulated.push((*n, r.moves));
                break;
            }
            Err(e) => {
                s.failure = Some(format!("n = {n}: {e}"));
                break;
            }
        }
    }
}

/// The exact counts of `functions` at every n of `range`, one row per n (`None` where a
/// function has no count: outside its domain, or its program fails). Each function's column
/// is computed by [`Variant::count_range`], which shares its work over the rows. The one
/// count loop of [`VariantFacts::gather`] and [`count_rows`].
///
/// ```
/// use hanoilab::facts::count_columns;
/// use hanoilab::variants::{Params, Variant};
/// let v = Variant::builtin("classic").unwrap();
/// let rows = count_columns(&v, &["T".to_string()], &Params::new(), 1..=4);
/// let t: Vec<_> = rows.iter().map(|r| r[0].clone().unwrap()).collect();
/// assert_eq!(t, [1, 3, 7, 15].map(num_bigint::BigInt::from));
/// ```
pub fn count_columns(
    variant: &Variant,
    functions: &[String],
    params: &Params,
    range: RangeInclusive<u64>,
) -> Vec<Vec<Option<BigInt>>> {
    let mut columns: Vec<_> = functions
        .iter()
        .map(|f| {
            variant
                .count_range(f, range.clone().map(|n| n as i64), params)
                .into_iter()
        })
        .collect();
    range
        .map(|_| {
            columns
                .iter_mut()
                .map(|c| c.next().and_then(|r| r.ok()))
                .collect()
        })
        .collect()
}

/// One row of a count table: the counts of the chosen functions at n, the simulation of one
/// of them, and its search optimum.
#[derive(Clone, Debug)]
pub struct CountRow {
    /// Number of discs.
    pub n: u64,
    /// The count of each chosen function (`None`: not defined at this n).
    pub counts: Vec<Option<BigInt>>,
    /// The simulated function's moves played under the rules (`Err`: the rule broken or
    /// the goal missed); `None`: not simulated (not asked, or over the move limit).
    pub simulated: Option<Result<u64, String>>,
    /// The search optimum within the budget (`None`: beyond it, or the goal unreachable).
    pub optimum: Option<u64>,
    /// The number of optimal solutions, where the search counted them (`None`: not
    /// counted; [`count_rows`] does not count them).
    pub optimal_solutions: Option<BigInt>,
}

/// Most program steps a count table's simulations interpret, all rows together (about a
/// second of interpreting): moves alone do not bound the work, since a program may take
/// hundreds of steps per move (Many_Pin's split search on 62 pins). Rows past it are not
/// simulated.
pub const SIMULATION_STEPS: u64 = 20_000_000;

/// The rows `n = a..=b` of a count table of `functions`, simulating `function` while the
/// moves of the rows simulated so far and this one are at most `max_moves` in all (`None`:
/// no simulation; a table's simulations together cost at most that many moves, and at most
/// [`SIMULATION_STEPS`] interpreted program steps) and searching within `budget` (only up
/// to the first n past it).
pub fn count_rows(
    variant: &Variant,
    functions: &[String],
    function: &str,
    params: &Params,
    range: RangeInclusive<u64>,
    max_moves: Option<u64>,
    budget: &SearchBudget,
) -> Vec<CountRow> {
    let columns = count_columns(variant, functions, params, range.clone());
    let mut searched_past_budget = false;
    let mut remaining_moves = max_moves;
    let mut remaining_steps = SIMULATION_STEPS;
    range
        .zip(columns)
        .map(|(n, counts)| {
            let own = match functions.iter().position(|f| f == function) {
                Some(j) => counts[j].clone(),
                None => variant.count(function, n as i64, params).ok(),
            };
            let simulated = remaining_moves
                .filter(|&m| own.as_ref().is_some_and(|c| *c <= BigInt::from(m)))
                .and_then(|m| {
                    let r = variant.simulate_within(function, n as i64, params, remaining_steps);
                    let played = own.as_ref().and_then(|c| c.to_u64()).unwrap_or(m);
                    remaining_moves = Some(m - played.min(m));
                    match r {
                        Ok((r, steps)) => {
                            remaining_steps -= steps.min(remaining_steps);
                            Some(Ok(r.moves))
                        }
                        // The table's work is spent: this row and the later ones are not
                        // simulated (an empty cell), not failed.
                        Err(crate::variants::VariantError::Run {
                            source: crate::program::ProgramError::TooManySteps { .. },
                            ..
                        }) => {
                            remaining_moves = None;
                            None
                        }
                        Err(e) => Some(Err(e.to_string())),
                    }
                });
            // Past the budget at one n, every larger n is too (the states grow with n):
            // no puzzle is built or planned for them.
            let optimum = if searched_past_budget {
                None
            } else {
                match variant.puzzle(function, n as i64, params) {
                    Err(_) => None,
                    Ok(p) => match budget.search(&p, false) {
                        Ok(r) => r.minimum,
                        Err(Beyond::Search(_)) => None,
                        Err(_) => {
                            searched_past_budget = true;
                            None
                        }
                    },
                }
            };
            CountRow {
                n,
                counts,
                simulated,
                optimum,
                optimal_solutions: None,
            }
        })
        .collect()
}

//! Whether a function's algorithm is optimal, over every n any search reached: the report's
//! own searches ([`VariantFacts::optima`]) and the recorded long runs
//! ([`super::recorded_minima`]).

use super::{recorded_minima, Optimum, RecordsError, VariantFacts};
use crate::variants::{FunctionRole, Params};
use num_bigint::BigInt;

/// Which search found a minimum.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MinimumSource {
    /// The search run while the facts were gathered (within its budget).
    Gathered,
    /// A recorded run of `data/records/search-records.csv`, with its methods.
    Recorded(Vec<String>),
}

/// The algorithm's first n above the optimum.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shortfall {
    /// Number of discs.
    pub n: i64,
    /// The search minimum.
    pub minimum: u64,
    /// The algorithm's moves.
    pub algorithm: BigInt,
    /// The search that found the minimum.
    pub source: MinimumSource,
}

/// The optimality question of one function, answered from every search.
#[derive(Clone, Debug, PartialEq)]
pub struct Optimality {
    /// The function's role: only a shortest-solution algorithm is judged optimal or not.
    pub role: FunctionRole,
    /// The n the gathered search reached, in order.
    pub gathered: Vec<i64>,
    /// The n of the recorded runs not already gathered, with the methods of each.
    pub recorded: Vec<(i64, Vec<String>)>,
    /// The first n where the goal is unreachable (gathered search).
    pub unreachable: Option<i64>,
    /// The first n (over both sources) where the algorithm takes more moves than the
    /// minimum; only judged for functions whose algorithm is meant to be shortest or is a
    /// deliberate alternative.
    pub shortfall: Option<Shortfall>,
    /// The first n where the algorithm takes fewer moves than the search's minimum: then its
    /// goal is not the configuration the search asks for (Antwerp's collecting and
    /// distributing functions end with equal discs in whatever order the algorithm leaves
    /// them; the search's goal fixes one order). Not a shortfall: nothing is said of
    /// optimality at or after that n.
    pub undercut: Option<Shortfall>,
    /// The law the known optima follow over their first run of consecutive n (searched and
    /// recorded alike); `None` for fewer than two such terms.
    pub law: Option<super::OptimaLaw>,
}

impl Optimality {
    /// Whether some search reached at least one n.
    pub fn searched(&self) -> bool {
        !self.gathered.is_empty() || !self.recorded.is_empty()
    }

    /// The distinct methods of the recorded runs, in order of first use.
    pub fn recorded_methods(&self) -> Vec<String> {
        let mut out: Vec<String> = Vec::new();
        for m in self.recorded.iter().flat_map(|r| r.1.iter()) {
            if !out.contains(m) {
                out.push(m.clone());
            }
        }
        out
    }
}

/// The optimality of function `j` of `facts` (default parameters): its gathered optima and
/// the recorded minima of its puzzle, against its exact count at each n.
///
/// A longest-path problem's benchmark is not the shortest solution, so it gets no
/// shortfall.
pub fn optimality(facts: &VariantFacts, j: usize) -> Result<Optimality, RecordsError> {
    let func = &facts.variant.functions()[j];
    let params = Params::new();
    let own: &[Optimum] = &facts.optima[j];
    let count = |n: i64| -> Option<BigInt> {
        facts
            .counts
            .iter()
            .find(|(m, _)| *m == n)
            .and_then(|(_, r)| r[j].clone())
            .or_else(|| facts.variant.count(&func.name, n, &params).ok())
    };
    let mut rows: Vec<(i64, u64, MinimumSource)> = own
        .iter()
        .filter_map(|o| Some((o.n, o.minimum?, MinimumSource::Gathered)))
        .collect();
    let mut recorded = Vec::new();
    for r in recorded_minima(&facts.variant, &func.name, &params)? {
        if own.iter().any(|o| o.n == r.n) {
            continue;
        }
        recorded.push((r.n, r.methods.clone()));
        rows.push((r.n, r.minimum, MinimumSource::Recorded(r.methods)));
    }
    rows.sort_by_key(|r| r.0);
    let law = rows.first().and_then(|first| {
        let run: Vec<BigInt> = rows
            .iter()
            .zip(first.0..)
            .take_while(|(r, n)| r.0 == *n)
            .map(|(r, _)| BigInt::from(r.1))
            .collect();
        super::OptimaLaw::of(&run, first.0)
    });
    // The first n where the algorithm is off the minimum, above (a shortfall) or below it
    // (an undercut: another goal than the search's).
    let first_off = rows.into_iter().find_map(|(n, minimum, source)| {
        let algorithm = count(n)?;
        (algorithm != BigInt::from(minimum)).then_some(Shortfall {
            n,
            minimum,
            algorithm,
            source,
        })
    });
    let (shortfall, undercut) = match first_off {
        _ if func.role == FunctionRole::Longest => (None, None),
        Some(x) if x.algorithm < BigInt::from(x.minimum) => (None, Some(x)),
        x => (x, None),
    };
    Ok(Optimality {
        role: func.role,
        gathered: own.iter().map(|o| o.n).collect(),
        recorded,
        unreachable: own.iter().find(|o| o.minimum.is_none()).map(|o| o.n),
        shortfall,
        undercut,
        law,
    })
}

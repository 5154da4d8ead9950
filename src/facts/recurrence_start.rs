//! Where each component's minimal recurrence starts to hold, and its generating function
//! from its first n: a program with special clauses for small n has irregular first terms,
//! which the recurrence found from the generic n on does not give.

use crate::algebra::{GeneratingFunction, MatrixAnalysis, Poly, Recurrence};
use crate::variants::{Params, Variant};
use num_bigint::BigInt;
use num_traits::One;

/// The start of one component's minimal recurrence and its generating function.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecurrenceStart {
    /// The component (a procedure of the program).
    pub name: String,
    /// The smallest n from which the minimal recurrence gives every term from the ones
    /// before it (checked on the exact terms to well past the n where it is proved).
    pub valid_from: i64,
    /// The first n of the generating function (the component's first term).
    pub first_n: i64,
    /// `sum_{n >= first_n} s(n) x^n`, every term included, in lowest terms.
    pub generating_function: GeneratingFunction,
}

/// Per component of `analysis` (in order): where its minimal recurrence holds from and its
/// generating function from its first term, `None` for components that are no procedure
/// of the program (the constant `1`, the parts of a residue class) or whose small counts
/// fail.
///
/// The recurrence holds from `analysis.first_n + order` by the derivation (the matrix
/// steps from `first_n`); the terms are checked to `order` beyond that, and every earlier n
/// down to the first is tried.
pub fn recurrence_starts(
    variant: &Variant,
    params: &Params,
    analysis: &MatrixAnalysis,
) -> Vec<Option<RecurrenceStart>> {
    analysis
        .components
        .iter()
        .map(|c| {
            start_of(
                variant,
                params,
                &c.name,
                &c.recurrence,
                analysis.first_n as i64,
            )
        })
        .collect()
}

fn start_of(
    variant: &Variant,
    params: &Params,
    name: &str,
    rec: &Recurrence,
    system_first_n: i64,
) -> Option<RecurrenceStart> {
    variant.program.procedure(name)?;
    let order = rec.order() as i64;
    let last = system_first_n + 2 * order + rec.offset() as i64 + 2;
    // The first n whose count is defined, and every count from there on.
    let first = (0..=system_first_n).find(|&n| variant.procedure_count(name, n, params).is_ok())?;
    let terms: Vec<BigInt> = (first..=last)
        .map(|n| variant.procedure_count(name, n, params).ok())
        .collect::<Option<_>>()?;
    let valid_from = rec.valid_from(&terms, first);
    // E^s times the recurrence annihilates the whole sequence from `first`.
    let s = (valid_from - order - first).max(0) as usize;
    let whole = Recurrence::from_poly(rec.poly() * &Poly::monomial(BigInt::one(), s))?;
    let generating_function =
        GeneratingFunction::from_recurrence(&whole, &terms, first as u64).ok()?;
    Some(RecurrenceStart {
        name: name.to_string(),
        valid_from,
        first_n: first,
        generating_function,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Lunnon's DDDE (HanoiLib, class Reversi_E): the minimal recurrence of order 18 holds
    /// from n = 24 only, and applied from its stated start it reproduces the counts; the
    /// generating function gives every count from the first.
    #[test]
    fn ddde_recurrence_holds_from_24_and_its_series_from_0() {
        let v = Variant::builtin("reversi-lunnon").unwrap();
        let p = Params::new();
        let a = v.analysis(&p, 10).unwrap().unwrap();
        let starts = recurrence_starts(&v, &p, &a);
        let i = a.components.iter().position(|c| c.name == "DDDE").unwrap();
        let st = starts[i].clone().unwrap();
        assert_eq!(st.valid_from, 24);
        let rec = &a.components[i].recurrence;
        let c = rec.coefficients();
        let span = rec.order() - rec.offset();
        let count = |n: i64| v.count("DDDE", n, &p).unwrap();
        for n in st.valid_from..st.valid_from + 30 {
            let v: BigInt = (1..=span).map(|k| &c[k - 1] * count(n - k as i64)).sum();
            assert_eq!(v, count(n), "n = {n}");
        }
        // One earlier start gives a wrong term (so the start is the smallest).
        let n = st.valid_from - 1;
        let v: BigInt = (1..=span).map(|k| &c[k - 1] * count(n - k as i64)).sum();
        assert_ne!(v, count(n));
        let series = st.generating_function.series(80);
        for (n, s) in series.iter().enumerate().skip(st.first_n as usize) {
            assert_eq!(*s, count(n as i64), "n = {n}");
        }
    }
}

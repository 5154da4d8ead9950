//! The law a function's search optima follow, as far as they are known: the linear
//! recurrence with constant coefficients the consecutive known minima fit (guessed, with the
//! terms that confirm it), or the exact statement that none of low order holds on them.

use crate::algebra::guess::{cfinite_guess, CFinite, CFiniteRefusal, GuessOptions};
use crate::algebra::linear_complexity;
use num_bigint::BigInt;

/// Confirming terms a guessed law of the optima must have beyond those that determine it.
pub const OPTIMA_LAW_CONFIRMATIONS: usize = 3;

/// What the consecutive search optima `n = first_n..=last_n` of a function follow.
#[derive(Clone, Debug, PartialEq)]
pub enum OptimaLaw {
    /// They fit a linear recurrence with constant coefficients ([`CFinite::holds_from`] says
    /// from which n), over-determined by [`CFinite::confirmed_by`] terms: a conjecture past
    /// `last_n`.
    Fits {
        /// The law, guessed from the terms.
        law: Box<CFinite>,
        /// The last n of the terms.
        last_n: i64,
    },
    /// No linear recurrence of order below `complexity` holds on all of them (exact:
    /// Berlekamp–Massey over Q), and no shorter tail over-determines one.
    NoRecurrence {
        /// The least order of a recurrence holding on all the terms.
        complexity: usize,
        /// The n of the first term.
        first_n: i64,
        /// The n of the last term.
        last_n: i64,
    },
}

impl OptimaLaw {
    /// The law of `minima` (`minima[i]` the optimum at `first_n + i`); `None` for fewer than
    /// two terms.
    ///
    /// ```
    /// use hanoilab::facts::OptimaLaw;
    /// let m: Vec<num_bigint::BigInt> = (1..=10).map(|n: u32| (2u64.pow(n) - 1).into()).collect();
    /// let Some(OptimaLaw::Fits { law, .. }) = OptimaLaw::of(&m, 1) else { panic!() };
    /// assert_eq!((law.order(), law.holds_from(), law.confirmed_by), (2, 3, 6));
    /// let few: Vec<num_bigint::BigInt> = [1, 3, 7, 15].map(Into::into).to_vec();
    /// assert!(matches!(OptimaLaw::of(&few, 1), Some(OptimaLaw::NoRecurrence { .. })));
    /// ```
    pub fn of(minima: &[BigInt], first_n: i64) -> Option<OptimaLaw> {
        if minima.len() < 2 || first_n < 0 {
            return None;
        }
        let last_n = first_n + minima.len() as i64 - 1;
        let opts = GuessOptions {
            confirmations: OPTIMA_LAW_CONFIRMATIONS,
            closed_form: false,
            ..GuessOptions::default()
        };
        match cfinite_guess(minima, first_n as u64, &opts) {
            Ok(law) => Some(OptimaLaw::Fits {
                law: Box::new(law),
                last_n,
            }),
            Err(CFiniteRefusal::TooFew { .. } | CFiniteRefusal::NonInteger { .. })
            | Err(CFiniteRefusal::Algebra(_)) => Some(OptimaLaw::NoRecurrence {
                complexity: linear_complexity(minima),
                first_n,
                last_n,
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::algebra::{minimal_recurrence, ZMatrix};

    fn big(v: &[i64]) -> Vec<BigInt> {
        v.iter().map(|&x| x.into()).collect()
    }

    /// The guessed law predicts the terms it was not given: 3^n - 1 guessed from n = 1..8
    /// gives the exact values at n = 9..20, and its recurrence is the one Berlekamp–Massey
    /// finds on all of them.
    #[test]
    fn a_fitted_law_predicts_later_terms() {
        let all: Vec<BigInt> = (1..=20u32).map(|n| BigInt::from(3u64.pow(n) - 1)).collect();
        let Some(OptimaLaw::Fits { law, last_n }) = OptimaLaw::of(&all[..8], 1) else {
            panic!("3^n - 1 is C-finite")
        };
        assert_eq!(last_n, 8);
        assert_eq!(law.predict(20), all);
        assert_eq!(
            law.reduced().poly(),
            minimal_recurrence(&all).unwrap().poly()
        );
    }

    /// A law that sets in late is found from where it holds; a perturbed term past the
    /// known ones is what it would be refuted by.
    #[test]
    fn a_late_law_is_found_on_its_tail() {
        let mut m: Vec<BigInt> = (0..14u32).map(|n| BigInt::from(2u64.pow(n) + 1)).collect();
        m[0] = 7.into();
        m[1] = 11.into();
        let Some(OptimaLaw::Fits { law, .. }) = OptimaLaw::of(&m, 0) else {
            panic!()
        };
        assert_eq!(law.order(), 2);
        assert!(law.holds_from() >= 2, "{}", law.holds_from());
        assert_eq!(law.predict(14)[2..], m[2..]);
    }

    /// The Frame–Stewart numbers of four pegs (1, 3, 5, 9, 13, 17, 25, ...) are not C-finite:
    /// on n = 1..12 no recurrence of low order holds, and the order stated is the exact one
    /// (a recurrence of that order exists, none below).
    #[test]
    fn no_recurrence_states_the_exact_least_order() {
        let fs: Vec<BigInt> = (1..=12)
            .map(|n| crate::sequences::frame_stewart::frame_stewart(n, 4).unwrap())
            .collect();
        let Some(OptimaLaw::NoRecurrence {
            complexity,
            first_n,
            last_n,
        }) = OptimaLaw::of(&fs, 1)
        else {
            panic!("not C-finite on so few terms")
        };
        assert_eq!((first_n, last_n), (1, 12));
        // Independently: a recurrence of order k holds on every n >= k of the terms exactly
        // when the system a(i) = c_1 a(i-1) + ... + c_k a(i-k) is consistent (equal ranks).
        let fits = |k: usize| {
            let rows = |with_b: bool| -> Vec<Vec<BigInt>> {
                (k..fs.len())
                    .map(|i| {
                        let mut r: Vec<BigInt> = (1..=k).map(|j| fs[i - j].clone()).collect();
                        if with_b {
                            r.push(fs[i].clone());
                        }
                        r
                    })
                    .collect()
            };
            let rank = |m: Vec<Vec<BigInt>>| ZMatrix::from_rows(m).map_or(0, |m| m.rank());
            k > 0 && rank(rows(false)) == rank(rows(true))
        };
        assert!(fits(complexity), "order {complexity} holds");
        assert!(!fits(complexity - 1), "order {} does not", complexity - 1);
        assert!(complexity >= 4, "{complexity}");
        assert_eq!(OptimaLaw::of(&big(&[5]), 1), None);
    }
}

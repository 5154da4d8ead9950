//! Laws periodic in `n`: the terms split into the residue classes `n = n0 + j + m k`
//! (`j < m`), each class with a law of its own in `k` (a linear recurrence with constant
//! coefficients, else a P-recursive one).
//!
//! A sequence whose every class is C-finite is C-finite itself (its minimal polynomial
//! divides `lcm_j q_j(E^m)`), and the whole sequence determines that recurrence with fewer
//! terms than the classes need one by one; so a periodic law is only ever the answer when a
//! class needs polynomial coefficients, as for quasi-polynomial or parity-defined counts.

use super::{cfinite_guess, GuessOptions, Law};
use crate::algebra::guess::holonomic::find_holonomic;
use num_bigint::BigInt;

/// Separate laws for the residue classes of `n` modulo `period`.
#[derive(Clone, Debug, PartialEq)]
pub struct Periodic {
    /// The period `m`.
    pub period: usize,
    /// The first `n` of the terms.
    pub first_n: u64,
    /// The law of class `j` (terms `a(first_n + j + m k)`, `k = 0, 1, ...`), in `k`.
    pub classes: Vec<Law>,
}

impl Periodic {
    /// Terms that determined the laws (all classes together).
    pub fn determined_by(&self) -> usize {
        self.classes.iter().map(Law::determined_by).sum()
    }

    /// Further terms that confirm them (all classes together; each class has at least the
    /// confirmations asked for).
    pub fn confirmed_by(&self) -> usize {
        self.classes.iter().map(Law::confirmed_by).sum()
    }
}

/// The smallest period `2..=opts.max_period` whose every class has a confirmed law.
pub(crate) fn find_periodic(
    terms: &[BigInt],
    first_n: u64,
    opts: &GuessOptions,
) -> Option<Periodic> {
    for m in 2..=opts.max_period {
        let mut classes = Vec::with_capacity(m);
        for j in 0..m {
            let class: Vec<BigInt> = terms.iter().skip(j).step_by(m).cloned().collect();
            let law = match cfinite_guess(&class, 0, opts) {
                Ok(c) => Some(Law::CFinite(c)),
                Err(_) => find_holonomic(
                    &class,
                    0,
                    opts.max_order,
                    opts.max_degree,
                    opts.confirmations,
                )
                .map(Law::Holonomic),
            };
            match law {
                Some(l) => classes.push(l),
                None => break,
            }
        }
        if classes.len() == m {
            return Some(Periodic {
                period: m,
                first_n,
                classes,
            });
        }
    }
    None
}

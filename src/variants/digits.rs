//! What can be said of a count's decimal digits: everything exactly when the count is small
//! enough to compute in full, else, from the transfer system without computing it, its
//! certified decimal logarithm, the number of digits and the leading digits that logarithm
//! fixes, and the last digits by modular powering ([`crate::algebra::digits`]).

use super::*;
use crate::algebra::digits::{
    certified_leading_digits, digit_count_of_log10, last_digits, leading_and_last, log10_of_decimal,
};
use crate::algebra::radix::to_decimal;

/// The decimal digits of a count ([`Variant::count_digits`]).
#[derive(Clone, Debug, PartialEq)]
pub struct CountDigits {
    /// Whether the count was computed in full (then every field is exact, the logarithm to
    /// the precision of a float with its bound).
    pub exact: bool,
    /// `log10` of the count and a bound on its error; `None`: the count is 0 (computed in
    /// full), or the bound could not be certified (a transfer system with negative entries).
    pub log10: Option<(f64, f64)>,
    /// The number of digits, when known (the certified logarithm may straddle a power of
    /// ten).
    pub digits: Option<u64>,
    /// The first digits asked for (fewer for a shorter count), or those the certified
    /// logarithm fixes (at most 15; empty without a certified logarithm).
    pub leading: String,
    /// The last digits asked for (computed in full: fewer for a shorter count; else written
    /// with zeros in front up to the number asked); `None` when not asked, or when the
    /// transfer system gives no residue.
    pub last: Option<String>,
}

impl Variant {
    /// The decimal digits of `function` at `n`, with the first and last `k` of them when
    /// `k` is given: computed in full when the count has at most `max_digits` digits
    /// ([`Variant::estimated_range_digits`], nothing computed first), else described from the
    /// function's transfer-system component ([`TransferSystem::log10_certified`],
    /// [`TransferSystem::component_nth_mod`]). `Ok(None)`: too large, and not a component
    /// of a transfer system from this `n` on.
    ///
    /// ```
    /// use hanoilab::variants::{Params, Variant};
    /// let v = Variant::builtin("classic").unwrap();
    /// // T(10^6) = 2^1000000 - 1 has 301030 digits: described, not computed.
    /// let d = v.count_digits("T", 1_000_000, &Params::new(), 1000, Some(6)).unwrap().unwrap();
    /// assert!(!d.exact);
    /// assert_eq!(d.digits, Some(301_030));
    /// assert_eq!(d.leading, "990065");
    /// assert_eq!(d.last.as_deref(), Some("109375"));
    /// let small = v.count_digits("T", 10, &Params::new(), 1000, Some(2)).unwrap().unwrap();
    /// assert!(small.exact);
    /// assert_eq!((small.leading.as_str(), small.last.as_deref()), ("10", Some("23")));
    /// ```
    pub fn count_digits(
        &self,
        function: &str,
        n: u64,
        params: &Params,
        max_digits: u64,
        k: Option<u64>,
    ) -> Result<Option<CountDigits>, VariantError> {
        let functions = [function.to_string()];
        if self.estimated_range_digits(&functions, n, n, params) <= max_digits as f64 {
            let text = to_decimal(&self.count(function, n as i64, params)?);
            let (leading, last) = match k {
                Some(k) => {
                    let (lead, last) = leading_and_last(&text, k as usize);
                    (lead.to_string(), Some(last.to_string()))
                }
                None => (String::new(), None),
            };
            return Ok(Some(CountDigits {
                exact: true,
                log10: log10_of_decimal(&text),
                digits: Some(text.len() as u64),
                leading,
                last,
            }));
        }
        let Some((sys, i)) = self
            .function_component(function, params)?
            .filter(|(sys, _)| n >= sys.first_n as u64)
        else {
            return Ok(None);
        };
        let log10 = sys.log10_certified(i, n);
        let bounds = log10.map(|(x, err)| (x - err, x + err));
        let last = k.and_then(|k| {
            let modulus = BigInt::from(10u8).pow(k as u32);
            sys.component_nth_mod(i, n, &modulus)
                .map(|r| last_digits(&r, k as usize))
        });
        Ok(Some(CountDigits {
            exact: false,
            log10,
            digits: bounds.and_then(|(lo, hi)| digit_count_of_log10(lo, hi)),
            leading: match (bounds, k) {
                (Some((lo, hi)), Some(k)) => certified_leading_digits(lo, hi, k as usize),
                _ => String::new(),
            },
            last,
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn described_digits_agree_with_the_computed_count() {
        let p = Params::new();
        for (id, n) in [("classic", 3000u64), ("cyclic", 2000), ("domino", 700)] {
            let v = Variant::builtin(id).unwrap();
            let f = v.default_function().name.clone();
            let exact = v
                .count_digits(&f, n, &p, u64::MAX, Some(12))
                .unwrap()
                .unwrap();
            let described = v.count_digits(&f, n, &p, 10, Some(12)).unwrap().unwrap();
            assert!(exact.exact && !described.exact, "{id}");
            let text = v.count(&f, n as i64, &p).unwrap().to_string();
            assert_eq!(exact.digits, Some(text.len() as u64));
            assert_eq!(exact.last.as_deref(), Some(&text[text.len() - 12..]));
            assert_eq!(described.last, exact.last, "{id}");
            assert_eq!(described.digits, exact.digits, "{id}");
            assert!(described.leading.len() >= 8, "{id}: {}", described.leading);
            assert!(text.starts_with(&described.leading), "{id}");
            let ((a, ea), (b, eb)) = (exact.log10.unwrap(), described.log10.unwrap());
            assert!((a - b).abs() <= ea + eb, "{id}: {a} and {b}");
        }
    }
}

//! The decimal digits of integers too large to print: how many there are, the leading and
//! the last ones, exactly from the decimal text or certified from a bound on `log10`.
//!
//! A positive integer `x` has `floor(log10 x) + 1` digits, and its leading `j` digits are
//! `floor(10^(frac(log10 x) + j - 1))`: an interval `[lo, hi]` holding `log10 x` fixes them
//! when both ends give the same value (with a margin for the floating-point power). The
//! last `k` digits are `x mod 10^k`, which a transfer system gives by modular powering
//! ([`super::TransferSystem::component_nth_mod`]).

use num_bigint::BigInt;

/// `log10 x` of a positive integer from its decimal text (its first 17 digits and its
/// length), with a bound on the error: `Some((value, err))` with `|log10 x - value| <= err`.
/// `None` for `"0"`.
///
/// ```
/// use hanoilab::algebra::digits::log10_of_decimal;
/// let (x, err) = log10_of_decimal("1000").unwrap();
/// assert!((x - 3.0).abs() <= err && err < 1e-12);
/// assert_eq!(log10_of_decimal("0"), None);
/// ```
pub fn log10_of_decimal(text: &str) -> Option<(f64, f64)> {
    if text == "0" {
        return None;
    }
    let head = &text[..text.len().min(17)];
    let m: f64 = format!("0.{head}").parse().ok()?;
    let x = m.log10() + text.len() as f64;
    // Truncation to 17 digits (relative 1e-16), parsing and log10 rounding.
    let err = 1e-16 / std::f64::consts::LN_10 + 4.0 * f64::EPSILON * (x.abs() + 1.0);
    Some((x, err))
}

/// The number of decimal digits shared by every integer whose `log10` lies in `[lo, hi]`:
/// `floor(lo) + 1` when `lo` and `hi` have the same floor, else `None` (the interval
/// straddles a power of ten).
///
/// ```
/// use hanoilab::algebra::digits::digit_count_of_log10;
/// // 2^1000 has 302 digits: log10 = 301.0299...
/// assert_eq!(digit_count_of_log10(301.0299, 301.0300), Some(302));
/// assert_eq!(digit_count_of_log10(2.9999, 3.0001), None);
/// ```
pub fn digit_count_of_log10(lo: f64, hi: f64) -> Option<u64> {
    (lo.floor() == hi.floor()).then(|| lo.floor() as u64 + 1)
}

/// The estimated number of decimal digits of a value whose `log10` is estimated as
/// `log10` (in floating point, not certified): `floor(log10) + 1`, and 1 for a value
/// below 10 (or of 0, `log10 = -inf`). For sizing work before doing it.
///
/// ```
/// use hanoilab::algebra::digits::estimated_digit_count;
/// assert_eq!(estimated_digit_count(301.03), 302.0);
/// assert_eq!(estimated_digit_count(f64::NEG_INFINITY), 1.0);
/// ```
pub fn estimated_digit_count(log10: f64) -> f64 {
    if log10 > 0.0 {
        log10.floor() + 1.0
    } else {
        1.0
    }
}

/// `x` (a `log10` known within `err`) written with as many decimals as the bound allows
/// (at most 15), and the bound on the error of that text (the rounding to those decimals
/// included).
///
/// ```
/// use hanoilab::algebra::digits::rounded_log10;
/// let (text, bound) = rounded_log10(301.029_995_663_981_2, 1e-10);
/// assert_eq!(text, "301.0299956640");
/// assert!(bound >= 1e-10 && bound < 1e-9);
/// ```
pub fn rounded_log10(x: f64, err: f64) -> (String, f64) {
    let d = (-err.log10()).floor().clamp(0.0, 15.0) as usize;
    let bound = err + 0.5 * 10f64.powi(-(d as i32));
    (format!("{x:.d$}"), bound)
}

/// The leading digits (at most `k`, at most 15, at most the integer's digits) of every
/// positive integer whose `log10` lies in `[lo, hi]`: those both ends agree on, with a
/// margin for the floating-point power; empty when not even the first digit is certain.
///
/// ```
/// use hanoilab::algebra::digits::certified_leading_digits;
/// // log10(2^1000) = 301.02999566398119521...; 2^1000 = 10715086071862673209...
/// let x = 301.029_995_663_981_2;
/// assert_eq!(certified_leading_digits(x - 1e-12, x + 1e-12, 8), "10715086");
/// assert_eq!(certified_leading_digits(2.99, 3.01, 5), "");
/// ```
pub fn certified_leading_digits(lo: f64, hi: f64, k: usize) -> String {
    let mut out = String::new();
    let digits = if lo >= 0.0 {
        lo.floor() as usize + 1
    } else {
        0
    };
    for j in 1..=k.min(15).min(digits) {
        let f = |x: f64| {
            let frac = x - x.floor();
            10f64.powf(frac + j as f64 - 1.0)
        };
        let (a, b) = (f(lo), f(hi));
        // Both ends a safe distance from a digit boundary, and in the same j-digit block.
        let margin = 1e-12 * a.max(b);
        let (fa, fb) = ((a - margin).floor(), (b + margin).floor());
        if lo.floor() != hi.floor() || fa != fb || fa != (a + margin).floor() {
            break;
        }
        out = format!("{fa:.0}");
    }
    out
}

/// The first and the last `k` digits of a decimal text (all of it when it is shorter).
///
/// ```
/// use hanoilab::algebra::digits::leading_and_last;
/// assert_eq!(leading_and_last("1267650600228229401496703205375", 4), ("1267", "5375"));
/// assert_eq!(leading_and_last("42", 5), ("42", "42"));
/// ```
pub fn leading_and_last(text: &str, k: usize) -> (&str, &str) {
    let k = k.min(text.len());
    (&text[..k], &text[text.len() - k..])
}

/// The last `k` decimal digits of a non-negative integer from its residue modulo `10^k`
/// (zeros written in front up to `k` digits).
///
/// ```
/// use hanoilab::algebra::digits::last_digits;
/// assert_eq!(last_digits(&5375.into(), 6), "005375");
/// ```
pub fn last_digits(residue: &BigInt, k: usize) -> String {
    format!("{residue:0>k$}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::algebra::testutil::Rng;
    use num_integer::Integer;
    use num_traits::Signed;

    fn random_positive(rng: &mut Rng) -> BigInt {
        let bits = 1 + (rng.next() % 3000) as u32;
        let x = rng.big(bits).abs();
        if x == BigInt::from(0) {
            BigInt::from(1)
        } else {
            x
        }
    }

    #[test]
    fn digit_counts_and_leading_digits_agree_with_the_text() {
        let mut rng = Rng::new(5);
        let (mut counted, mut long_leads) = (0, 0);
        for _ in 0..300 {
            let x = random_positive(&mut rng);
            let text = x.to_string();
            let (l, err) = log10_of_decimal(&text).unwrap();
            assert!(err < 1e-9, "{err}");
            if let Some(d) = digit_count_of_log10(l - err, l + err) {
                assert_eq!(d as usize, text.len(), "{text}");
                counted += 1;
            }
            assert_eq!(estimated_digit_count(l) as usize, text.len(), "{text}");
            let lead = certified_leading_digits(l - err, l + err, 12);
            assert!(text.starts_with(&lead), "{lead} is not a prefix of {text}");
            // A bound of about 1e-13 on log10 mostly fixes eight digits or more (fewer when
            // the value is close to a change of its leading digits).
            if lead.len() >= 8.min(text.len()) {
                long_leads += 1;
            }
            for k in [1usize, 4, 20] {
                let (a, b) = leading_and_last(&text, k);
                assert_eq!(a, &text[..k.min(text.len())]);
                assert_eq!(b, &text[text.len() - k.min(text.len())..]);
                let residue = x.mod_floor(&BigInt::from(10u8).pow(k as u32));
                let last = last_digits(&residue, k);
                assert_eq!(last.len(), k);
                if text.len() >= k {
                    assert_eq!(last, b);
                } else {
                    assert_eq!(last, format!("{}{text}", "0".repeat(k - text.len())));
                }
            }
        }
        assert!(counted > 290, "{counted}");
        assert!(long_leads > 250, "{long_leads}");
    }

    #[test]
    fn powers_of_ten_sit_on_the_boundary() {
        for e in [1u32, 5, 30, 300] {
            let text = BigInt::from(10u8).pow(e).to_string();
            let (l, err) = log10_of_decimal(&text).unwrap();
            assert!((l - e as f64).abs() <= err);
            // The interval straddles the integer e: no certified count, no leading digit.
            assert_eq!(digit_count_of_log10(l - err - 1e-9, l + err + 1e-9), None);
            assert_eq!(certified_leading_digits(l - 1e-9, l + 1e-9, 3), "");
        }
    }
}

//! The guesser's performance case: an order-30 recurrence from 200 terms of about 1,000
//! digits, with the scripts that time PARI/GP (`bestapprPade` of the series) and SymPy
//! (`find_simple_recurrence_vector`) on the same terms.

use super::{guess, Guess, GuessOptions, Law};
use num_bigint::BigInt;
use std::time::{Duration, Instant};

/// A deterministic integer recurrence of `order` (coefficients in `-1..=1`, the last one
/// `±1`) with random first terms of `digits` digits, `count` terms in all.
pub fn bench_terms(order: usize, count: usize, digits: usize) -> (Vec<i64>, Vec<BigInt>) {
    let mut s = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = move || {
        s = s
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        s >> 33
    };
    let mut c: Vec<i64> = (0..order).map(|_| (next() % 3) as i64 - 1).collect();
    c[order - 1] = if next() % 2 == 0 { 1 } else { -1 };
    let mut terms: Vec<BigInt> = (0..order)
        .map(|_| {
            let text: String = (0..digits)
                .map(|i| {
                    let d = (next() % 10) as u8;
                    char::from(b'0' + if i == 0 { 1 + d % 9 } else { d })
                })
                .collect();
            text.parse().expect("decimal digits")
        })
        .collect();
    for i in order..count {
        let v: BigInt = (0..order)
            .filter(|&j| c[j] != 0)
            .map(|j| c[j] * &terms[i - 1 - j])
            .sum();
        terms.push(v);
    }
    (c, terms)
}

/// One measurement of [`guess`].
#[derive(Clone, Debug)]
pub struct GuessBench {
    /// Time of the guess without the closed form (recurrence, generating function,
    /// factored denominator).
    pub recurrence: Duration,
    /// Time of the full guess (with closed form and certified `lambda`).
    pub full: Duration,
    /// Order found.
    pub order: usize,
    /// Whether the law found is the recurrence the terms were made with.
    pub recovered: bool,
    /// Decimal digits of the largest term.
    pub max_digits: usize,
}

/// The median of five timings of `f`.
fn median_of_five<T>(mut f: impl FnMut() -> T) -> (Duration, T) {
    let mut times = Vec::with_capacity(5);
    let mut last = None;
    for _ in 0..5 {
        let t = Instant::now();
        last = Some(f());
        times.push(t.elapsed());
    }
    times.sort();
    (times[2], last.expect("five runs"))
}

/// Times [`guess`] on [`bench_terms`] (medians of five runs).
pub fn bench_guess(order: usize, count: usize, digits: usize) -> GuessBench {
    let (c, terms) = bench_terms(order, count, digits);
    let opts = GuessOptions {
        closed_form: false,
        ..GuessOptions::default()
    };
    let (recurrence, g) = median_of_five(|| guess(&terms, 0, &opts));
    let (full, _) = median_of_five(|| guess(&terms, 0, &GuessOptions::default()));
    let (found, recovered) = match g {
        Ok(Guess {
            law: Law::CFinite(cf),
            ..
        }) => {
            let want: Vec<BigInt> = c.iter().map(|&v| BigInt::from(v)).collect();
            (cf.recurrence.order(), cf.recurrence.coefficients() == want)
        }
        _ => (0, false),
    };
    GuessBench {
        recurrence,
        full,
        order: found,
        recovered,
        max_digits: terms
            .iter()
            .map(|t| t.magnitude().to_string().len())
            .max()
            .unwrap_or(0),
    }
}

/// The PARI/GP script timing `bestapprPade(Ser(v))` on the terms; prints `G 0 <ms>` and the
/// denominator's degree as `D 0 <degree>`.
pub fn gp_script(terms: &[BigInt]) -> String {
    let v: Vec<String> = terms.iter().map(|t| t.to_string()).collect();
    format!(
        "default(parisize, \"1G\");\nv = [{}];\ns = Ser(v);\n\
         n = 0; t = getabstime(); until(getabstime() - t >= 200, r = bestapprPade(s); n++);\n\
         printf(\"G 0 %.6f\\n\", (getabstime() - t) / n);\n\
         printf(\"D 0 %d\\n\", poldegree(denominator(r)));\nquit;\n",
        v.join(",")
    )
}

/// The SymPy script timing `find_simple_recurrence_vector` on the terms; prints `S 0 <ms>`
/// and the order found as `D 0 <order>`.
pub fn sympy_script(terms: &[BigInt]) -> String {
    let v: Vec<String> = terms.iter().map(|t| t.to_string()).collect();
    format!(
        "import time\nfrom sympy.concrete.guess import find_simple_recurrence_vector\n\
         v = [{}]\nt = time.perf_counter()\nr = find_simple_recurrence_vector(v)\n\
         print('S 0', (time.perf_counter() - t) * 1000)\nprint('D 0', len(r) - 1)\n",
        v.join(",")
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_small_bench_case_is_recovered() {
        let b = bench_guess(6, 40, 50);
        assert!(b.recovered);
        assert_eq!(b.order, 6);
        assert!(b.max_digits >= 50);
    }
}

//! Yi Yang's "best moving pattern" for Stockmeyer's four-in-a-row puzzle (four pegs in a
//! row, discs move between neighbours only, the tower from the first peg to the last): an
//! upper bound on the optimum built from the optima of at most six discs.
//!
//! OEIS A160002, FORMULA (Yi Yang, Apr 11 2010): "Given the terms of n<=6, we can calculate
//! f(n) for 7<=n<=32 using this formula: f(n)=min{f(a)+f(c)+2f(d)+f(e)+3^(n-a-1)+3^(b-a)+
//! 3^(b-a+c-d-1)+3^(e-d)+3^(n-b+a-c)+3^(b-e)-3^(n-b+a-c-1)/2-3^(b-e-1)/2+(-1)^(n-b)*
//! (3^(a-c)-1)/2+(-1)^(b-a)*3^(a-e)/2-(-1)^(b-a)*3^(c-e)/2-3}, which 0<=d<=e<=c<=a<b<n."
//! Every exponent is non-negative under those bounds and the halves add up to an integer;
//! the sum is computed exactly as twice its value.

use num_bigint::BigInt;

/// Largest n [`yang_bound`] computes: its powers of 3 stay far inside `i128`, and the
/// minimum over `0 <= d <= e <= c <= a < b < n`, rebuilt from the seeds for each n asked
/// (about n^6 / 720 steps), stays under a tenth of a second (the OEIS prints it to n = 32).
pub const YANG_MAX_N: usize = 40;

/// Yang's pattern values `f(0), ..., f(n_max)`: the first seven `seeds` for `n <= 6` (the
/// optima of up to six discs; later seeds are ignored), then the minimum of his formula over `0 <= d <= e <= c <= a < b < n`
/// with the values already computed. `None` when `seeds` has fewer than 7 terms, a seed is
/// not a small integer, or `n_max > YANG_MAX_N`.
///
/// ```
/// use hanoilab::sequences::four_in_a_row::yang_bound;
/// let seeds: Vec<num_bigint::BigInt> = [0, 3, 10, 19, 34, 57, 88].map(Into::into).to_vec();
/// let f = yang_bound(&seeds, 8).unwrap();
/// assert_eq!(f[7..], [123, 176].map(num_bigint::BigInt::from));
/// ```
pub fn yang_bound(seeds: &[BigInt], n_max: usize) -> Option<Vec<BigInt>> {
    if seeds.len() < 7 || n_max > YANG_MAX_N {
        return None;
    }
    let mut f: Vec<i128> = seeds[..7]
        .iter()
        .map(|s| i128::try_from(s).ok().filter(|v| v.abs() < 1 << 100))
        .collect::<Option<_>>()?;
    let p3: Vec<i128> = (0..=YANG_MAX_N as u32).map(|k| 3i128.pow(k)).collect();
    let sign = |k: usize| if k % 2 == 0 { 1i128 } else { -1 };
    for n in f.len()..=n_max {
        let mut best: Option<i128> = None;
        for b in 0..n {
            for a in 0..b {
                for c in 0..=a {
                    for e in 0..=c {
                        for d in 0..=e {
                            // Twice the bracket, so that every half is whole.
                            let twice = 2 * (f[a] + f[c] + 2 * f[d] + f[e])
                                + 2 * (p3[n - a - 1]
                                    + p3[b - a]
                                    + p3[b - a + c - d - 1]
                                    + p3[e - d]
                                    + p3[n - b + a - c]
                                    + p3[b - e])
                                - p3[n - b + a - c - 1]
                                - p3[b - e - 1]
                                + sign(n - b) * (p3[a - c] - 1)
                                + sign(b - a) * (p3[a - e] - p3[c - e])
                                - 6;
                            if best.is_none_or(|x| twice < x) {
                                best = Some(twice);
                            }
                        }
                    }
                }
            }
        }
        // b = n - 1, a = c = d = e = 0 is always allowed for n >= 2.
        let twice = best?;
        if twice % 2 != 0 {
            return None;
        }
        f.push(twice / 2);
    }
    f.truncate(n_max + 1);
    Some(f.into_iter().map(BigInt::from).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// From the optima of n <= 6 the pattern gives the bounds A160002 prints, "Upper bounds
    /// by Yi Yang using 'best moving pattern' for n = 21..32 are: 4377, 5276, 6251, 7392,
    /// 8779, 10488, 12469, 14832, 17497, 20228, 23377, 27082", and the terms it lists for
    /// n = 7..20 (equal to the optimum to n = 20: Zimmermann 2018).
    #[test]
    fn the_pattern_gives_the_printed_bounds() {
        let seeds: Vec<BigInt> = [0, 3, 10, 19, 34, 57, 88].map(Into::into).to_vec();
        let f = yang_bound(&seeds, 32).unwrap();
        let printed_terms = [
            123, 176, 253, 342, 449, 572, 749, 980, 1261, 1560, 1903, 2328, 2889, 3562,
        ];
        let printed_bounds = [
            4377, 5276, 6251, 7392, 8779, 10488, 12469, 14832, 17497, 20228, 23377, 27082,
        ];
        assert_eq!(f[7..=20], printed_terms.map(BigInt::from));
        assert_eq!(f[21..=32], printed_bounds.map(BigInt::from));
        assert_eq!(yang_bound(&seeds[..6], 10), None);
        assert_eq!(yang_bound(&seeds, YANG_MAX_N + 1), None);
    }
}

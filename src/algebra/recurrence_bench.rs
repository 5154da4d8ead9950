//! Timing of the exact n-th term (Fiduccia, Kronecker or schoolbook squaring, see
//! [`super::recurrence`])
//! on the benchmark of the issue: Rainbow Hanoi's `DDD(n)` at `n = 10^5` and `10^6`.
//!
//! The matrix is Lunnon's (seed `000_3e39fda85b098e00.txt`, section "Rainbow Hanoi",
//! `s(1)` all ones); `DDD` satisfies the order-10 recurrence
//! `E^10 - E^9 - 2E^8 - 7E^7 + 5E^6 + 8E^5 + 14E^4 - 2E^3 - 4E^2 - 4E - 8`, found here from
//! its first terms by Berlekamp–Massey. Run the printing test with
//! `cargo test --release --no-default-features --lib rainbow_ddd_benchmark -- --ignored --nocapture`.

use super::error::AlgebraError;
use super::matrix::ZMatrix;
use super::recurrence::{minimal_recurrence, PowProfile, Recurrence, Squaring};
use num_bigint::BigInt;
use num_traits::One;
use std::time::{Duration, Instant};

/// Lunnon's Rainbow transfer matrix, components
/// `(DDD, CDD, CBD, CAD, BCD, BDC, CDC, CBC, BAC, CAC, BCB, 1)`.
pub fn rainbow_matrix() -> ZMatrix {
    ZMatrix::from_i64(&[
        vec![0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1],
        vec![0, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 1],
        vec![0, 0, 0, 1, 1, 0, 0, 0, 1, 0, 0, 2],
        vec![0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 1],
        vec![0, 0, 0, 0, 0, 1, 0, 0, 1, 0, 0, 1],
        vec![0, 0, 1, 1, 0, 0, 0, 0, 0, 0, 0, 1],
        vec![0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 1],
        vec![0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 1, 2],
        vec![0, 0, 0, 0, 0, 0, 0, 1, 0, 1, 0, 1],
        vec![0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 1],
        vec![0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 1],
        vec![0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1],
    ])
    .expect("a 12 x 12 matrix")
}

/// `DDD(1), DDD(2), ..., DDD(count)` by stepping `s(n+1) = M s(n)` from `s(1) = (1, ..., 1)`.
pub fn rainbow_ddd_terms(count: usize) -> Result<Vec<BigInt>, AlgebraError> {
    let m = rainbow_matrix();
    Ok(m.krylov(&vec![BigInt::one(); 12], count)?
        .into_iter()
        .map(|s| s[0].clone())
        .collect())
}

/// One timed n-th term.
#[derive(Clone, Debug)]
pub struct NthTermTiming {
    /// The index (0-based within the sequence given).
    pub n: u64,
    /// The squaring method.
    pub method: Squaring,
    /// Whether the recurrence was split into coprime factors first.
    pub split: bool,
    /// Decimal digits of the value.
    pub digits: usize,
    /// Leading decimal digits of the value.
    pub leading: String,
    /// `x^n mod p` and the final combination `sum r_i s(i)`: the exact value as a binary
    /// big integer.
    pub total: Duration,
    /// Breakdown of the `x^n mod p` part.
    pub profile: PowProfile,
    /// `sum r_i s(i)`.
    pub combine: Duration,
    /// Conversion of the value to decimal (not part of `total`).
    pub to_decimal: Duration,
    /// The value.
    pub value: BigInt,
}

/// Times the term of index `n` of the sequence with recurrence `rec` and first terms
/// `initial` (the same computation as [`Recurrence::nth_term`], instrumented).
pub fn time_nth_term(
    rec: &Recurrence,
    initial: &[BigInt],
    n: u64,
    method: Squaring,
    split: bool,
) -> Result<NthTermTiming, AlgebraError> {
    let start = Instant::now();
    let mut profile = PowProfile::default();
    let value = if split {
        rec.nth_term_split_with(initial, n, method, &mut profile)?
    } else {
        rec.nth_term_with(initial, n, method, &mut profile)?
    };
    let total = start.elapsed();
    let combine = total.saturating_sub(profile.pack_unpack + profile.multiply + profile.reduce);
    let t = Instant::now();
    let dec = value.to_string();
    let to_decimal = t.elapsed();
    Ok(NthTermTiming {
        n,
        method,
        split,
        digits: dec.trim_start_matches('-').len(),
        leading: dec.chars().take(20).collect(),
        total,
        profile,
        combine,
        to_decimal,
        value,
    })
}

/// The benchmark: `DDD(n)` for each `n` (1-based, Lunnon's indexing) and each method.
pub fn rainbow_ddd_benchmark(
    ns: &[u64],
    methods: &[(Squaring, bool)],
) -> Result<Vec<NthTermTiming>, AlgebraError> {
    let terms = rainbow_ddd_terms(40)?;
    let rec = minimal_recurrence(&terms)?;
    let mut out = Vec::new();
    for &n in ns {
        for &(m, split) in methods {
            out.push(time_nth_term(&rec, &terms, n.saturating_sub(1), m, split)?);
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::algebra::matrix::nth_term_matrix_power;
    use crate::algebra::Poly;

    #[test]
    fn ddd_recurrence_is_lunnons() {
        let terms = rainbow_ddd_terms(40).unwrap();
        let rec = minimal_recurrence(&terms).unwrap();
        // Lunnon, Rainbow Hanoi (seed 000_3e39fda85b098e00.txt)
        let lit = Poly::from_i64(&[-8, -4, -4, -2, 14, 8, 5, -7, -2, -1, 1]);
        assert_eq!(rec.poly(), &lit);
        let slow = nth_term_matrix_power(&rainbow_matrix(), &vec![BigInt::one(); 12], 999).unwrap();
        for m in [Squaring::Kronecker, Squaring::Schoolbook, Squaring::Auto] {
            for split in [false, true] {
                let t = time_nth_term(&rec, &terms, 999, m, split).unwrap();
                assert_eq!(t.value, slow[0]);
            }
        }
    }

    #[test]
    #[ignore = "benchmark: run in release with --ignored --nocapture"]
    fn rainbow_ddd_benchmark_prints_timings() {
        let rows = rainbow_ddd_benchmark(
            &[100_000, 1_000_000],
            &[
                (Squaring::Kronecker, false),
                (Squaring::Schoolbook, false),
                (Squaring::Auto, false),
                (Squaring::Kronecker, true),
                (Squaring::Auto, true),
            ],
        )
        .unwrap();
        for r in &rows {
            println!(
                "DDD({}) {:?}{}: {} digits, {}... | total {:.3} s = {} squarings {:.3} s (largest operand {} bits) + pack/unpack {:.3} s + reduce {:.3} s + combine {:.3} s | to decimal {:.3} s",
                r.n + 1,
                r.method,
                if r.split { " split" } else { "" },
                r.digits,
                r.leading,
                r.total.as_secs_f64(),
                r.profile.squarings,
                r.profile.multiply.as_secs_f64(),
                r.profile.largest_operand_bits,
                r.profile.pack_unpack.as_secs_f64(),
                r.profile.reduce.as_secs_f64(),
                r.combine.as_secs_f64(),
                r.to_decimal.as_secs_f64(),
            );
        }
        // cross-check n = 10^5 against the matrix-power route
        let t = Instant::now();
        let slow =
            nth_term_matrix_power(&rainbow_matrix(), &vec![BigInt::one(); 12], 99_999).unwrap();
        println!(
            "matrix power route at 10^5: {:.3} s",
            t.elapsed().as_secs_f64()
        );
        assert!(rows[..5].iter().all(|r| r.value == slow[0]));
        assert!(rows[5..].iter().all(|r| r.value == rows[5].value));
    }
}

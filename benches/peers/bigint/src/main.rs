//! Multiplication and decimal radix conversion (to and from a string) of big integers of
//! 10^5 and 10^6 decimal digits, in num-bigint (the crate's API type), malachite, dashu and
//! rug (GMP). Same operands for every backend (built from one decimal string); best of
//! several runs; each result checked against num-bigint's.

use std::time::{Duration, Instant};

fn best<T>(runs: usize, mut f: impl FnMut() -> T) -> (Duration, T) {
    let mut best = Duration::MAX;
    let mut out = None;
    for _ in 0..runs {
        let t = Instant::now();
        let v = f();
        best = best.min(t.elapsed());
        out = Some(v);
    }
    (best, out.expect("runs > 0"))
}

/// A decimal string of `digits` digits from SplitMix64 (Steele, Lea, Flood 2014).
fn digits_string(digits: usize, seed: u64) -> String {
    let mut s = seed;
    let mut out = String::with_capacity(digits);
    while out.len() < digits {
        s = s.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = s;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^= z >> 31;
        let d = (z % 10) as u8;
        if out.is_empty() && d == 0 {
            continue;
        }
        out.push((b'0' + d) as char);
    }
    out
}

fn ms(d: Duration) -> String {
    format!("{:.2} ms", d.as_secs_f64() * 1e3)
}

fn main() {
    for &n in &[100_000usize, 1_000_000] {
        let runs = if n > 200_000 { 3 } else { 5 };
        let (sa, sb) = (digits_string(n, 1), digits_string(n, 2));
        println!("== {n} decimal digits");

        // num-bigint
        let (tp, a) = best(runs, || sa.parse::<num_bigint::BigInt>().unwrap());
        let b: num_bigint::BigInt = sb.parse().unwrap();
        let (tm, c) = best(runs, || &a * &b);
        let (ts, reference) = best(runs, || c.to_string());
        println!("num-bigint  mul {:>10}  to_string {:>10}  parse {:>10}", ms(tm), ms(ts), ms(tp));

        // malachite
        {
            use std::str::FromStr;
            let (tp, a) = best(runs, || malachite_nz::integer::Integer::from_str(&sa).unwrap());
            let b = malachite_nz::integer::Integer::from_str(&sb).unwrap();
            let (tm, c) = best(runs, || &a * &b);
            let (ts, s) = best(runs, || c.to_string());
            assert_eq!(s, reference);
            println!("malachite   mul {:>10}  to_string {:>10}  parse {:>10}", ms(tm), ms(ts), ms(tp));
        }

        // dashu
        {
            use std::str::FromStr;
            let (tp, a) = best(runs, || dashu_int::IBig::from_str(&sa).unwrap());
            let b = dashu_int::IBig::from_str(&sb).unwrap();
            let (tm, c) = best(runs, || &a * &b);
            let (ts, s) = best(runs, || c.to_string());
            assert_eq!(s, reference);
            println!("dashu       mul {:>10}  to_string {:>10}  parse {:>10}", ms(tm), ms(ts), ms(tp));
        }

        // rug (GMP)
        {
            let (tp, a) = best(runs, || rug::Integer::from_str_radix(&sa, 10).unwrap());
            let b = rug::Integer::from_str_radix(&sb, 10).unwrap();
            let (tm, c) = best(runs, || rug::Integer::from(&a * &b));
            let (ts, s) = best(runs, || c.to_string());
            assert_eq!(s, reference);
            println!("rug (GMP)   mul {:>10}  to_string {:>10}  parse {:>10}", ms(tm), ms(ts), ms(tp));
        }
    }
}

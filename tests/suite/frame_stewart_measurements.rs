//! Measurements printed for the report (run with `--ignored --nocapture`, release).

use hanoilab::sequences::{bench, frame_stewart, star};

#[test]
#[ignore = "prints measurements; run in release"]
fn print_measurements() {
    for b in bench::all() {
        println!("{b}");
    }
    let ns = [10, 100, 1000, 10_000, 100_000, 1_000_000];
    for r in frame_stewart::asymptotic_ratio(&ns).unwrap() {
        println!("T(n,4)/(sqrt(n) 2^sqrt(2n)) n={} ratio={:.6}", r.n, r.ratio);
    }
    for n in [10u64, 100, 1000, 10_000, 100_000] {
        println!(
            "S(n)/Lunnon approx n={} ratio={:.6}",
            n,
            star::lunnon_count_ratio(n).unwrap()
        );
    }
    let f = star::lunnon_k_failures(20_000).unwrap();
    println!(
        "Lunnon k failures up to 20000: {} first {:?}",
        f.len(),
        &f[..f.len().min(20)]
    );
    let t = std::time::Instant::now();
    let _ = frame_stewart::stockmeyer_theorem1(1_000_000)
        .map(|c| println!("Thm1 n=1e6: {}", c.integer.len()));
    println!("theorem1 1e6 {:?}", t.elapsed());
}

#[test]
#[ignore = "prints measurements"]
fn print_ratio_range() {
    let ns: Vec<u64> = (1..=200_000).collect();
    let rows = frame_stewart::asymptotic_ratio(&ns).unwrap();
    let mut first_within = None;
    for r in &rows {
        if (r.ratio - 1.0).abs() >= 0.062 {
            first_within = None;
        } else if first_within.is_none() {
            first_within = Some(r.n);
        }
    }
    let tail = &rows[99..];
    let max = tail.iter().map(|r| r.ratio).fold(f64::MIN, f64::max);
    let min = tail.iter().map(|r| r.ratio).fold(f64::MAX, f64::min);
    println!("n=100..200000: min {min:.5} max {max:.5}; within 6.2% for all n >= {first_within:?}");
}

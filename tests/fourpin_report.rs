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

//! Repeats the degree-40 factorisation benchmark (for a profiler):
//! `cargo run --release --no-default-features --example factor_profile -- 50`
fn main() {
    let runs: usize = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(20);
    let mut best = std::time::Duration::MAX;
    for _ in 0..runs {
        best = best.min(hanoilab::algebra::bench::bench_factor_degree40());
    }
    println!("factor degree 40: best of {runs}: {best:?}");
}

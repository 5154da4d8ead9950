//! Repeats the degree-40 factorisation benchmark, or with `roots` the degree-40 certified
//! roots (for a profiler):
//! `cargo run --release --no-default-features --example factor_profile -- 50 [roots]`
fn main() {
    let runs: usize = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(20);
    let roots = std::env::args().nth(2).is_some_and(|s| s == "roots");
    let mut best = std::time::Duration::MAX;
    for _ in 0..runs {
        best = best.min(if roots {
            hanoilab::algebra::bench::bench_roots(40, 100, 30)
        } else {
            hanoilab::algebra::bench::bench_factor_degree40()
        });
    }
    let what = if roots { "roots" } else { "factor" };
    println!("{what} degree 40: best of {runs}: {best:?}");
}

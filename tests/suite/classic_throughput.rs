//! Throughput of the checked simulator (run in release:
//! `cargo test --release --no-default-features --test engine_bench -- --ignored --nocapture`).

use hanoilab::puzzle::bench::bench_classic;
use hanoilab::variants::{Params, Variant};

#[test]
#[ignore = "slow in debug; a release benchmark"]
fn classic_throughput() {
    let (moves, t) = bench_classic(30);
    let rate = moves as f64 / t.as_secs_f64();
    eprintln!(
        "simulator fast path: {moves} checked moves in {t:?} = {:.0} M moves/s",
        rate / 1e6
    );
    let v = Variant::builtin("classic").unwrap();
    let p = Params::new();
    let start = std::time::Instant::now();
    let r = v.simulate("T", 26, &p).unwrap();
    let t2 = start.elapsed();
    eprintln!(
        "interpreter + simulator: {} moves in {t2:?} = {:.0} M moves/s",
        r.moves,
        r.moves as f64 / t2.as_secs_f64() / 1e6
    );
    let start = std::time::Instant::now();
    let m = v.moves("T", 26, &p).unwrap().count();
    let t3 = start.elapsed();
    eprintln!(
        "interpreter alone: {m} moves in {t3:?} = {:.0} M moves/s",
        m as f64 / t3.as_secs_f64() / 1e6
    );
}

#[test]
#[ignore = "slow in debug"]
fn classic_to_25_by_simulation() {
    let v = Variant::builtin("classic").unwrap();
    for n in 1..=25 {
        let r = v.simulate("T", n, &Params::new()).unwrap();
        assert_eq!(r.moves, (1u64 << n) - 1);
    }
}

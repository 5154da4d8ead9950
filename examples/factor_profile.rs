//! Repeats the degree-40 factorisation benchmark, or with `roots` the degree-40 certified
//! roots, or with `small [lunnon]` a variant's characteristic polynomial, or with
//! `variant ID` a built-in variant's (for a profiler):
//! `cargo run --release --no-default-features --example factor_profile -- 50 [roots | small [lunnon] | variant ID]`
fn main() {
    let runs: usize = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(20);
    let roots = std::env::args().nth(2).is_some_and(|s| s == "roots");
    if std::env::args().nth(2).as_deref() == Some("variant") {
        let id = std::env::args().nth(3).expect("a variant id");
        let v = hanoilab::variants::Variant::builtin(&id).expect("a built-in variant");
        let sys = v
            .transfer_system(&hanoilab::variants::Params::new())
            .expect("a transfer system")
            .expect("a transfer system");
        let m = hanoilab::algebra::ZMatrix::from_rows(sys.matrix).expect("square");
        let f = m.charpoly().expect("charpoly");
        println!("{}", hanoilab::algebra::factor(&f).expect("non-zero"));
        let b = std::time::Duration::ZERO;
        let (mut tf, mut tr) = (b, b);
        for _ in 0..runs {
            tf += hanoilab::algebra::bench::time_factor(&f, b);
            tr += hanoilab::algebra::bench::time_roots(&f, 30, b);
        }
        println!(
            "{id} charpoly: factor {:?}, roots {:?}",
            tf / runs as u32,
            tr / runs as u32
        );
        return;
    }
    if std::env::args().nth(2).as_deref() == Some("small") {
        // E (E + 1)^2 (E - 1)^3 (E - 2): Turtle's characteristic polynomial; with a third
        // argument, E^32 (E + 1)^8 (E - 1)^8 (E^2 + 1)^2 (E^2 - 3)^3 (E^3 + 2)(E^3 - 2),
        // Lunnon's Reversi's
        let f = if std::env::args().nth(3).is_some() {
            use hanoilab::algebra::Poly;
            let p = |c: &[i64], k: usize| (0..k).fold(Poly::one(), |a, _| &a * &Poly::from_i64(c));
            [
                p(&[0, 1], 32),
                p(&[1, 1], 8),
                p(&[-1, 1], 8),
                p(&[1, 0, 1], 2),
                p(&[-3, 0, 1], 3),
                p(&[2, 0, 0, 1], 1),
                p(&[-2, 0, 0, 1], 1),
            ]
            .iter()
            .fold(Poly::one(), |a, b| &a * b)
        } else {
            hanoilab::algebra::Poly::from_i64(&[0, 2, -3, -3, 6, 0, -3, 1])
        };
        // one call per run (a fixed count, for instruction counts per call)
        let b = std::time::Duration::ZERO;
        let mut tf = std::time::Duration::ZERO;
        let mut tr = std::time::Duration::ZERO;
        for _ in 0..runs {
            tf += hanoilab::algebra::bench::time_factor(&f, b);
            tr += hanoilab::algebra::bench::time_roots(&f, 30, b);
        }
        let which = if std::env::args().nth(3).is_some() {
            "reversi-lunnon"
        } else {
            "turtle"
        };
        println!(
            "{which} charpoly: factor {:?}, roots {:?}",
            tf / runs as u32,
            tr / runs as u32
        );
        return;
    }
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

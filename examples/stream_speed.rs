//! Move-stream throughput of a recursion program, replaying and plain:
//! `cargo run --release --no-default-features --example stream_speed -- 'PROGRAM' 'CALL' N`.
use hanoilab::program::Program;
use std::time::Instant;

fn main() {
    let a: Vec<String> = std::env::args().collect();
    let prog = a.get(1).map_or(
        "hanoi(n; X, Y, Z) = hanoi(n-1; X, Z, Y), move(X, Z), hanoi(n-1; Y, X, Z)",
        |s| s,
    );
    let call = a.get(2).map_or("hanoi(n; 0, 1, 2)", |s| s);
    let n: i64 = a.get(3).map_or(22, |s| s.parse().expect("N"));
    let p = Program::parse(prog).expect("program");
    for (name, replay) in [("replaying", true), ("plain", false)] {
        let t = Instant::now();
        let s = if replay {
            p.moves(call, n, &[], 3)
        } else {
            p.moves_uncached(call, n, &[], 3)
        }
        .expect("call");
        let k = s.fold(0u64, |acc, m| acc + m.to as u64 + 1);
        let e = t.elapsed().as_secs_f64();
        println!("{name:<10} {e:.3} s  checksum {k}");
    }
}

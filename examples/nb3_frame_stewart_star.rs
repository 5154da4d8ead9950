//! Notebook 3: Frame–Stewart and star growth curves (mirrored by
//! `notebooks/nb3_frame_stewart_star.ipynb`; run by `tests/suite/notebooks.rs`).

use hanoilab::output::notebook::Plot;
use hanoilab::sequences::frame_stewart::{frame_stewart, optimal_splits};
use hanoilab::sequences::star::{star, theorem2_split, three_smooth};

fn cell(k: usize) {
    println!("\x1e{k}");
}

pub fn main() {
    // %% md
    // # Frame–Stewart and the star puzzle
    //
    // Reve's puzzle (four pegs, any move) and the star puzzle (four pegs, every move through
    // the centre) are not solved by linear recurrences: the split size depends on n. hanoilab
    // computes both exactly. First the Frame–Stewart numbers for 3 to 6 pegs.
    // %% code
    cell(1);
    for n in [1u64, 5, 10, 20, 21, 50, 100] {
        let row: Vec<String> = (3..=6)
            .map(|p| frame_stewart(n, p).unwrap().to_string())
            .collect();
        println!("n = {n:>3}: {}", row.join("  "));
    }
    // %% md
    // Dudeney's 321 moves for 21 cheeses on four stools and Stockmeyer's M(100) = 172,033 are
    // in the p = 4 column. The optimal split need not be unique, so every optimal k is
    // returned: on four pegs two splits tie at n = 7 and n = 20, while at the triangular
    // numbers n = 6 and n = 21 a single k is optimal.
    // %% code
    cell(2);
    for n in [6u64, 7, 20, 21] {
        println!(
            "n = {n:>2}: optimal k on 4 pegs = {:?}",
            optimal_splits(n, 4).unwrap()
        );
    }
    // %% md
    // The star puzzle: S(n) = 2 (a_1 + ... + a_n) with a_m the 3-smooth numbers, and
    // Stockmeyer's unique optimal split i = floor(log3 a_n) + 1.
    // %% code
    cell(3);
    let a = three_smooth(12).unwrap();
    println!(
        "3-smooth: {:?}",
        a.iter().map(|x| x.to_string()).collect::<Vec<_>>()
    );
    for n in [1u64, 5, 10, 100] {
        println!(
            "S({n}) = {}, split i = {}",
            star(n).unwrap(),
            theorem2_split(n).unwrap()
        );
    }
    // %% md
    // Growth side by side: classic 2^n grows fastest, the star puzzle next, Reve's puzzle
    // slowest.
    // %% code
    cell(4);
    for n in [10u64, 20, 40, 60] {
        let classic = frame_stewart(n, 3).unwrap();
        let s = star(n).unwrap();
        let r = frame_stewart(n, 4).unwrap();
        println!("n = {n:>2}: classic {classic:>20}  star {s:>12}  reve {r:>10}");
    }
    // %% md
    // On a logarithmic scale: classic Hanoi is a straight line (2^n), the star puzzle and
    // Reve's puzzle bend below it, their exponent growing like a root of n.
    // %% code
    cell(5);
    Plot::new("Moves against discs", "n (discs)", "moves (log scale)")
        .log_y()
        .counts(
            "classic, 3 pegs",
            (1..=60).map(|n| (n, frame_stewart(n, 3).unwrap())),
        )
        .counts("star, 4 pegs", (1..=60).map(|n| (n, star(n).unwrap())))
        .counts(
            "Reve, 4 pegs",
            (1..=60).map(|n| (n, frame_stewart(n, 4).unwrap())),
        )
        .evcxr_display();
}

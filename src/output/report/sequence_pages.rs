//! The Frame–Stewart and star pages: sequences, optimal splits, Stockmeyer's bounds.

use super::*;
use crate::study::{FrameStewartStudy, StarAgainstReves, StarStudy};

/// Frame–Stewart: the grid pegs 3..20 by discs 0..1000, the optimal split sets, the chart.
pub(super) fn frame_stewart_part(b: &mut Bundle, study: &FrameStewartStudy) {
    let (grid, p_min) = (&study.grid, study.p_min);
    let mut cols = vec!["n".to_string()];
    cols.extend((p_min..p_min + grid.len()).map(|p| format!("p{p}")));
    let colrefs: Vec<&str> = cols.iter().map(String::as_str).collect();
    let mut t = Table::new(&colrefs);
    for n in 0..grid.first().map_or(0, Vec::len) {
        let mut r = vec![Cell::from(n)];
        r.extend(grid.iter().map(|col| Cell::from(&col[n])));
        t.push(r);
    }
    b.table("frame-stewart", t);

    let mut splits = Table::new(&[
        "p",
        "n",
        "T",
        "optimal_k_min",
        "optimal_k_max",
        "optimal_k_count",
        "lunnon_k_min",
        "lunnon_k_max",
    ]);
    for r in &study.splits {
        let ks = &r.optimal_splits;
        let (a, z) = r.lunnon_range;
        splits.push(vec![
            Cell::from(r.p),
            Cell::from(r.n),
            Cell::from(&r.moves),
            Cell::from(ks.first().copied()),
            Cell::from(ks.last().copied()),
            Cell::from(ks.len()),
            Cell::from(a),
            Cell::from(z),
        ]);
    }
    b.table("frame-stewart-splits", splits);

    b.chart("frame-stewart", frame_stewart_figure(grid, p_min));
    b.chart("frame-stewart-splits", splits_figure(&study.figure_splits));

    let mut page = String::from("# Frame–Stewart numbers (Reve's puzzle and Many-pin)\n\n");
    page.push_str("`T(n, p) = min_k 2 T(n-k, p) + T(k, p-1)`, computed exactly by increments (Lunnon) and checked in the test suite against the min-recurrence, Lunnon's two binomial forms and Stockmeyer's Lemma 2 and Theorem 1.\n\n");
    page.push_str("Tables: `data/tables/frame-stewart.csv` (pegs 3..20 by discs 0..1000), `data/tables/frame-stewart-splits.csv` (every optimal split k and Lunnon's k-range, p = 4..10, n = 1..200).\n\n");
    page.push_str("| n | p = 3 | p = 4 | p = 5 | p = 6 |\n|---|---|---|---|---|\n");
    for n in [1usize, 2, 5, 8, 10, 15, 20, 21, 50, 100, 1000] {
        let _ = writeln!(
            page,
            "| {n} | {} | {} | {} | {} |",
            short(&grid[0][n]),
            grid[1][n],
            grid[2][n],
            grid[3][n]
        );
    }
    let _ = write!(
        page,
        "\n![Frame–Stewart]({})\n\n![splits]({})\n",
        Bundle::chart_link("frame-stewart"),
        Bundle::chart_link("frame-stewart-splits")
    );
    page.push_str("\n## Asymptotics\n\n`T(n, 4) / (sqrt(n) 2^sqrt(2n))` (Stockmeyer: within 6.2% of a constant for large n):\n\n| n | ratio |\n|---|---|\n");
    for row in &study.asymptotic {
        let _ = writeln!(page, "| {} | {:.4} |", row.n, row.ratio);
    }
    b.page("frame-stewart.md", page);
}

/// A long integer shortened for a Markdown cell.
pub(super) fn short(v: &BigInt) -> String {
    crate::output::table::shorten(&v.to_string(), 24)
}

/// The star puzzle: S(n), the 3-smooth numbers and Theorem 2's split.
pub(super) fn star_part(b: &mut Bundle, study: &StarStudy) {
    let mut t = Table::new(&["n", "a_n", "S", "optimal_i", "lunnon_k"]);
    for r in &study.rows {
        t.push(vec![
            Cell::from(r.n),
            Cell::from(&r.smooth),
            Cell::from(&r.star),
            Cell::from(r.optimal_i),
            Cell::from(r.lunnon_k),
        ]);
    }
    b.table("star-numbers", t);

    let mut c = crate::output::chart::Panel::new("", "n (discs)", "moves (log scale)");
    c.log_y = true;
    let pts = |f: &dyn Fn(&StarAgainstReves) -> &BigInt| -> Vec<(f64, f64)> {
        study
            .against_reves
            .iter()
            .map(|row| (row.n as f64, to_f64(f(row))))
            .collect()
    };
    c.series.push(
        Series::new("Classic 2^n - 1 (3 pegs)", pts(&|r| &r.classic))
            .styled(0)
            .labelled(),
    );
    c.series.push(
        Series::new("Star S(n) (4 pegs, star moves)", pts(&|r| &r.star))
            .styled(1)
            .labelled(),
    );
    c.series.push(
        Series::new("Reve's T(n, 4) (4 pegs, all moves)", pts(&|r| &r.reves))
            .styled(2)
            .labelled(),
    );
    let c = crate::output::chart::Figure::single(
        "Star puzzle against Reve's puzzle and Classic: moves against n",
        c,
    );
    b.chart("star-vs-reves", c);

    let mut page = String::from("# The star puzzle (Stockmeyer's star, Lunnon's Four-Star)\n\n");
    page.push_str("`S(n) = min_i 2 S(n-i) + 3^i - 1 = 2 (a_1 + ... + a_n)`, `a_m` the 3-smooth numbers; the unique optimal `i = floor(log3 a_n) + 1` (Stockmeyer, Theorem 2). Table: `data/tables/star-numbers.csv` (n = 1..1000, with Lunnon's approximation of the split).\n\n");
    let fails = &study.lunnon_failures;
    let _ = writeln!(
        page,
        "Lunnon's split approximation `floor(sqrt(2n log2/log3) + 0.1809)` against Theorem 2 for n <= 5000: {}.\n",
        match fails.first() {
            Some(_) => {
                let ns: Vec<String> = fails.iter().map(u64::to_string).collect();
                format!(
                    "differs at {} values of n: {}",
                    fails.len(),
                    ns.join(", ")
                )
            }
            None => "never differs".to_string(),
        }
    );
    page.push_str("| n | S(n) |\n|---|---|\n");
    for (n, s) in &study.listed {
        let _ = writeln!(page, "| {n} | {s} |");
    }
    let _ = writeln!(page, "\n![star]({})", Bundle::chart_link("star-vs-reves"));
    page.push_str("The star puzzle as a variant (its program, counts, search and claims): [star.md](star.md).\n");
    b.page("star-numbers.md", page);
}

//! Statements in the committed report against the project's own data: a sentence that the
//! record file or the exact counts contradict is a bug, tested like a wrong number.

use hanoilab::variants::{Params, Variant};
use num_bigint::BigInt;
use std::path::Path;

fn repo_file(rel: &str) -> String {
    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(rel)).unwrap()
}

/// `(variant, function, n, minimum)` of every record row with a minimum and no parameters,
/// read straight from the CSV (its first three columns: puzzle, n, minimum).
fn records() -> Vec<(String, String, i64, u64)> {
    repo_file("data/records/search-records.csv")
        .lines()
        .skip(1)
        .filter_map(|l| {
            let mut f = l.split(',');
            let puzzle = f.next()?;
            let n = f.next()?.parse().ok()?;
            let m = f.next()?.parse().ok()?;
            let (v, func) = puzzle.split_once('.')?;
            (!func.contains('[')).then(|| (v.to_string(), func.to_string(), n, m))
        })
        .collect()
}

/// The row of function `func` in the search section of `reports/{variant}.md`.
fn search_row(variant: &str, func: &str) -> String {
    let page = repo_file(&format!("reports/{variant}.md"));
    let section = page
        .split("## Search: the true optimum")
        .nth(1)
        .unwrap_or_else(|| panic!("{variant}: no search section"));
    section
        .lines()
        .find(|l| l.starts_with(&format!("| {func} |")))
        .unwrap_or_else(|| panic!("{variant}.{func}: no search row"))
        .to_string()
}

/// The n a row says were searched: every `n = 1..6, 9 (...)` group, runs expanded.
fn covered(row: &str) -> Vec<i64> {
    let mut out = Vec::new();
    for part in row.split("n = ").skip(1) {
        let Some((ns, _)) = part.split_once(" (") else {
            continue;
        };
        for run in ns.split(", ") {
            let (a, b) = run.split_once("..").unwrap_or((run, run));
            if let (Ok(a), Ok(b)) = (a.parse::<i64>(), b.parse::<i64>()) {
                out.extend(a..=b);
            }
        }
    }
    out
}

/// Every record whose minimum is below the algorithm's count makes the function's search row
/// say "not optimal" from that n or earlier; where every record agrees, the row covers the
/// largest recorded n.
#[test]
fn optimality_statements_read_the_recorded_searches() {
    // Checkers is searched as checkers.P; its puzzle is that of Lunnon's DDDD.
    let mut checked = 0;
    for (v, func, n, m) in records() {
        let variant = Variant::builtin(&v).unwrap();
        let Ok(count) = variant.count(&func, n, &Params::new()) else {
            continue;
        };
        let row = search_row(&v, &func);
        if row.contains("longest-path") {
            continue;
        }
        if count != BigInt::from(m) {
            let first: i64 = row
                .split("not optimal from n = ")
                .nth(1)
                .and_then(|r| r.split("**").next())
                .and_then(|x| x.parse().ok())
                .unwrap_or_else(|| panic!("{v}.{func} at n = {n}: {count} > {m}, yet: {row}"));
            assert!(first <= n, "{v}.{func}: {row}");
        } else if !row.contains("not optimal") && !row.contains("longer than the optimum") {
            assert!(
                covered(&row).contains(&n),
                "{v}.{func} recorded at n = {n}, not in: {row}"
            );
        }
        checked += 1;
    }
    assert!(checked > 20, "{checked} records checked");
    // The one the issue found: Lunnon's EDDD, 228 moves at n = 12 against the recorded 208.
    let row = search_row("reversi-lunnon", "EDDD");
    assert!(
        row.contains("not optimal from n = 12") && row.contains("208"),
        "{row}"
    );
    let index = repo_file("reports/README.md");
    let line = |id: &str| {
        index
            .lines()
            .find(|l| l.starts_with(&format!("| [{id}]")))
            .unwrap()
            .to_string()
    };
    assert!(
        line("rainbow").contains("19..23 (recorded)"),
        "{}",
        line("rainbow")
    );
    assert!(
        line("reves").contains("12..18 (recorded)"),
        "{}",
        line("reves")
    );
}

/// A longest-path problem is not an optimality question: no `first_n_not_optimal`.
#[test]
fn a_longest_path_problem_has_no_first_n_not_optimal() {
    let summary = repo_file("data/tables/summary.csv");
    let header: Vec<&str> = summary.lines().next().unwrap().split(',').collect();
    let col = header
        .iter()
        .position(|h| *h == "first_n_not_optimal")
        .unwrap();
    let role = header.iter().position(|h| *h == "role").unwrap();
    let mut seen = 0;
    for l in summary.lines().skip(1) {
        // Unquoted fields up to `rules` (the first quoted one) and counted from the end after.
        let fields: Vec<&str> = l.split(',').collect();
        let back = header.len() - col;
        if fields[role] == "longest" {
            assert_eq!(fields[fields.len() - back], "", "{l}");
            seen += 1;
        }
    }
    assert!(seen > 0);
}

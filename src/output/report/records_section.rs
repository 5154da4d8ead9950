//! The records section of `reports/search.md`: the long searches run outside the report
//! (`data/records/search-records.csv`, appended by `hanoilab search --record`), as a table,
//! a copy under `data/tables/`, and three charts. The record files are compiled in, so the
//! report stays a function of the repository's files.

use super::*;
use crate::facts::csv_rows;
use crate::output::chart::{Figure, Panel};
use crate::output::table::shorten;
use crate::study::{RecordRow, COMPARE_WITH};
use std::collections::BTreeMap;

/// Layer sizes of the half-way record runs: `puzzle,n,method,depth,states`.
const LAYERS: &str = include_str!("../../../data/records/search-layers.csv");

/// Puzzles whose counts of optimal solutions reach 10^this are left out of the solutions
/// chart (cyclic4's 241 digits would flatten every other line).
const SOLUTIONS_CHART_MAX_DIGITS: i32 = 30;

/// Appends the records section to `s` and adds its table and charts to `b`.
pub(super) fn records_section(
    b: &mut Bundle,
    s: &mut String,
    rows: &[RecordRow],
) -> Result<(), ReportError> {
    s.push_str("## Records\n\nLong searches run outside the report with `hanoilab search ... --record data/records/search-records.csv` (commands and machine in `docs/search.md`; copied to `data/tables/search-records.csv`). `method`: `bfs` is the breadth-first search of the whole puzzle (`bfs-retrace`: the same, its count retraced from the goal over the states on minimal sequences; `bfs-disk`: its layers on disk; `bfs-sorted`: a puzzle with equal discs whose every move can be undone, its layers of packed configurations sorted and two of them kept); `halfway+symmetry` is Korf's half-way search over the smaller discs with the pins other than the start identified (`--halfway`: the minimum is `2d + 1`, exact by the argument in `docs/search.md`; its `states` are the representatives it visited); `bidirectional` grows layers from the start and from the goal until they meet, for puzzles whose every move can be undone (`--bidirectional`: its `states` are those both sides visited, about twice the ball of half the distance). `algorithm`: the moves of the variant's algorithm (for Checkers, Lunnon's Frame-type `DDDD`). Times are of one run on a shared two-core machine, mostly under `nice`: the CPU seconds are the fairer figure. Rows by puzzle, then n (the CSV keeps the order of the runs).\n\n| puzzle | n | method | minimum | algorithm | optimal solutions | states | eccentricity | wall s | CPU s | peak MiB |\n|---|---|---|---|---|---|---|---|---|---|---|\n");
    let mut t = Table::new(&[&crate::facts::RECORD_COLUMNS[..], &["algorithm"]].concat());
    let dash = |x: Option<String>| x.unwrap_or_else(|| "—".into());
    let mut ratio: BTreeMap<String, BTreeMap<u64, f64>> = BTreeMap::new();
    let mut counts: BTreeMap<String, BTreeMap<u64, f64>> = BTreeMap::new();
    for row in rows {
        let (r, alg) = (&row.record, &row.algorithm);
        let _ = writeln!(
            s,
            "| {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} |",
            r.puzzle,
            r.n,
            r.method,
            dash(r.minimum.map(|m| m.to_string())),
            dash(alg.as_ref().map(ToString::to_string)),
            dash(r.solutions.as_ref().map(|c| shorten(&c.to_string(), 24))),
            dash(r.states.map(|x| x.to_string())),
            dash(r.eccentricity.map(|x| x.to_string())),
            r.wall,
            if r.cpu.is_empty() { "—" } else { &r.cpu },
            dash(r.peak.map(|p| format!("{:.0}", p as f64 / 1048576.0))),
        );
        let family = match COMPARE_WITH.iter().find(|(from, _)| *from == r.puzzle) {
            Some((_, to)) => format!("{} (algorithm {to})", r.puzzle),
            None => r.puzzle.clone(),
        };
        if let (Some(m), Some(a)) = (r.minimum, alg.as_ref().and_then(ToPrimitive::to_f64)) {
            ratio
                .entry(family.clone())
                .or_default()
                .insert(r.n, a / m as f64);
        }
        if let Some(c) = r.solutions.as_ref().and_then(ToPrimitive::to_f64) {
            counts.entry(family).or_default().insert(r.n, c);
        }
        t.push(vec![
            Cell::from(r.puzzle.as_str()),
            Cell::from(r.n),
            Cell::from(r.minimum),
            Cell::from(r.solutions.clone()),
            Cell::from(r.states),
            Cell::from(r.eccentricity),
            Cell::from(r.wall.as_str()),
            Cell::from(r.peak),
            Cell::from(r.method.as_str()),
            // A run that did not record its CPU time has no value there (null in Parquet).
            if r.cpu.is_empty() {
                Cell::Empty
            } else {
                Cell::from(r.cpu.as_str())
            },
            Cell::from(alg.clone()),
        ]);
    }
    b.table("search-records", t);
    s.push('\n');
    let _ = writeln!(
        s,
        "Charts: the layers of the half-way runs (`data/records/search-layers.csv`, from \
         `--layers`); the algorithm's moves over the minimum (the puzzles it solves optimally at every \
         recorded n named instead of drawn); the number of \
         optimal solutions of the puzzles whose counts stay under 10^{SOLUTIONS_CHART_MAX_DIGITS} \
         (the directed puzzles' counts, of up to {} digits, are in the table). A puzzle with a \
         single n is a single point.\n",
        rows.iter()
            .filter_map(|r| r.record.solutions.as_ref())
            .map(|c| c.to_string().len())
            .max()
            .unwrap_or(0)
    );
    for (name, chart) in [
        ("search-records-layers", layers_chart()?),
        ("search-records-minimum", minimum_chart(&ratio)),
        ("search-records-solutions", solutions_chart(&counts)),
    ] {
        b.chart(name, chart);
        let _ = writeln!(s, "![{name}]({})\n", Bundle::chart_link(name));
    }
    Ok(())
}

/// Configurations of the smaller discs at each distance, for the half-way record runs.
fn layers_chart() -> Result<Figure, ReportError> {
    let mut series: BTreeMap<(String, u64), Vec<(f64, f64)>> = BTreeMap::new();
    let rows = csv_rows(LAYERS).map_err(|e| ReportError(format!("search layers: {e}")))?;
    for (i, f) in rows.iter().enumerate().skip(1) {
        let bad = || ReportError(format!("search layers, row {}: `{}`", i + 1, f.join(",")));
        let num = |j: usize| f.get(j).and_then(|x| x.parse::<u64>().ok()).ok_or_else(bad);
        let key = (f.first().cloned().unwrap_or_default(), num(1)?);
        series
            .entry(key)
            .or_default()
            .push((num(3)? as f64, num(4)? as f64));
    }
    let title =
        "Records: half-way searches, configurations of the n - 1 smaller discs at each distance";
    let mut c = Panel::new(
        "",
        "distance from the tower (moves)",
        "configurations (log scale)",
    );
    c.log_y = true;
    c.legend = true;
    for (i, ((puzzle, n), pts)) in series.into_iter().enumerate() {
        c.series
            .push(Series::new(format!("{puzzle}, n = {n}"), pts).styled(i));
    }
    Ok(Figure::single(title, c))
}

/// The algorithm's moves over the minimum, per puzzle, against n: the puzzles whose
/// algorithm is optimal at every recorded n are named in a note (their lines would all lie
/// on 1), the others drawn a few to a panel.
fn minimum_chart(ratio: &BTreeMap<String, BTreeMap<u64, f64>>) -> Figure {
    let title = "Records: the algorithm's moves over the minimum";
    let (optimal, beaten): (Vec<_>, Vec<_>) = ratio
        .iter()
        .partition(|(_, pts)| pts.values().all(|&r| r == 1.0));
    let wide = beaten
        .iter()
        .flat_map(|(_, pts)| pts.values())
        .any(|&r| r > 10.0);
    let series = beaten
        .iter()
        .map(|(puzzle, pts)| {
            let pts = pts.iter().map(|(&n, &r)| (n as f64, r)).collect();
            Series::new(puzzle.as_str(), pts)
        })
        .collect();
    let y_label = if wide {
        "algorithm / minimum (log scale)"
    } else {
        "algorithm / minimum"
    };
    let mut panels = super::small_multiples(series, false, |k, count| {
        let t = if count > 1 {
            format!("part {} of {count}", k + 1)
        } else {
            String::new()
        };
        let mut c = Panel::new(&t, "n (discs)", y_label);
        c.log_y = wide;
        c
    });
    if let Some(first) = panels.first_mut() {
        let names: Vec<&str> = optimal.iter().map(|(p, _)| p.as_str()).collect();
        first.note = note_list("optimal at every recorded n (not drawn):", &names);
    }
    let columns = panels.len().min(2);
    Figure::grid(title, panels, columns, if columns == 1 { 960 } else { 620 })
}

/// A note of a heading and names, a few names to a line.
fn note_list(heading: &str, names: &[&str]) -> String {
    if names.is_empty() {
        return String::new();
    }
    let mut lines = vec![heading.to_string()];
    for chunk in names.chunks(4) {
        lines.push(chunk.join(", "));
    }
    lines.join("\n")
}

/// The number of optimal solutions, per puzzle, against n, a few puzzles to a panel; the
/// puzzles whose counts reach 10^[`SOLUTIONS_CHART_MAX_DIGITS`] are named in a note.
fn solutions_chart(counts: &BTreeMap<String, BTreeMap<u64, f64>>) -> Figure {
    let title = "Records: number of optimal solutions";
    let cap = 10f64.powi(SOLUTIONS_CHART_MAX_DIGITS);
    let (small, large): (Vec<_>, Vec<_>) = counts
        .iter()
        .partition(|(_, pts)| pts.values().all(|&x| x < cap));
    let series = small
        .iter()
        .map(|(puzzle, pts)| {
            let pts = pts.iter().map(|(&n, &x)| (n as f64, x)).collect();
            Series::new(puzzle.as_str(), pts)
        })
        .collect();
    let mut panels = super::small_multiples(series, false, |k, count| {
        let t = if count > 1 {
            format!("part {} of {count}", k + 1)
        } else {
            String::new()
        };
        let mut c = Panel::new(&t, "n (discs)", "minimal move sequences (log scale)");
        c.log_y = true;
        c
    });
    if let Some(first) = panels.first_mut() {
        let names: Vec<&str> = large.iter().map(|(p, _)| p.as_str()).collect();
        first.note = note_list(
            &format!("counts past 10^{SOLUTIONS_CHART_MAX_DIGITS} (in the table):"),
            &names,
        );
    }
    let columns = panels.len().min(2);
    Figure::grid(title, panels, columns, if columns == 1 { 960 } else { 620 })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The layers file parses.
    #[test]
    fn layers_parse() {
        layers_chart().unwrap();
    }
}

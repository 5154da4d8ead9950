//! `reports/search.md`: exhaustive-search tables, state graphs and layer charts.

use super::*;

/// `reports/search.md`, `data/tables/search-stockmeyer.csv`, the layer chart: Stockmeyer's
/// exhaustive-search tables extended as far as the report's budget, Reve's puzzle against
/// Frame–Stewart, and state-graph facts.
pub(super) fn search_part(b: &mut Bundle, facts: &[VariantFacts]) -> Result<(), ReportError> {
    use crate::search::{search, state_graph, SearchOptions};
    let find = |id: &str, func: &str| -> Option<(&VariantFacts, usize)> {
        let f = facts.iter().find(|f| f.variant.id == id)?;
        let j = f.variant.functions().iter().position(|x| x.name == func)?;
        Some((f, j))
    };
    let mut s = String::from("# Exhaustive search\n\nBreadth-first search over the state graph (`hanoilab search`), within the report's budget of 2^20 states per search; larger runs measured with the CLI are listed in `docs/search.md`.\n\n");
    let mut t = Table::new(&["puzzle", "n", "algorithm", "optimum", "optimal_solutions"]);
    for (id, func, what) in [
        ("cyclic4", "N", "Stockmeyer's 4-post cyclic puzzle (A->B->C->D->A, tower A to C); algorithm: Scorer, Grundy and Smith, 3^n - 1"),
        ("four-in-a-row", "R", "Stockmeyer's four-in-a-row (neighbours only, tower A to D); algorithm: Stockmeyer's, 3^n + n - 1"),
        ("reves", "FS", "Reve's puzzle (four pegs, any move); algorithm: Frame–Stewart"),
        ("star", "S", "the star puzzle (every move through the centre); algorithm: Stockmeyer's presumed-optimal scheme"),
    ] {
        let Some((f, j)) = find(id, func) else { continue };
        let _ = writeln!(s, "## {id}.{func}\n\n{what}: {}.\n\n| n | algorithm | optimum | optimal move sequences |\n|---|---|---|---|", optimality(f, j));
        for o in &f.optima[j] {
            let alg = f
                .counts
                .iter()
                .find(|(n, _)| *n == o.n)
                .and_then(|(_, r)| r[j].clone());
            let _ = writeln!(
                s,
                "| {} | {} | {} | {} |",
                o.n,
                alg.as_ref().map_or("—".into(), |a| a.to_string()),
                o.minimum.map_or("unreachable".into(), |m| m.to_string()),
                o.solutions.as_ref().map_or("—".into(), |c| c.to_string())
            );
            t.push(vec![
                Cell::from(format!("{id}.{func}")),
                Cell::from(o.n),
                Cell::from(alg),
                Cell::from(o.minimum),
                Cell::from(o.solutions.clone()),
            ]);
        }
        s.push('\n');
    }
    b.table("search", t);

    // State-graph facts of the classic puzzle (Wikipedia, 001_f2dd7c3193aeec0c.txt: 3^n
    // states, three corners of degree 2, diameter 2^n - 1) and the three-in-a-row path.
    s.push_str("## State graphs\n\n| puzzle | n | states | diameter | states of degree 2 | largest degree | Wiener index |\n|---|---|---|---|---|---|---|\n");
    for (id, func, n_max) in [("classic", "T", 6i64), ("fancy", "F", 6)] {
        let v = Variant::builtin(id).map_err(err)?;
        for n in 1..=n_max {
            let p = v.puzzle(func, n, &Params::new()).map_err(err)?;
            let g = state_graph(&p, 1 << 16).map_err(err)?;
            let deg2 = (0..g.len()).filter(|&i| g.degree(i) == 2).count();
            let maxdeg = (0..g.len()).map(|i| g.degree(i)).max().unwrap_or(0);
            let _ = writeln!(
                s,
                "| {id} | {n} | {} | {} | {deg2} | {maxdeg} | {} |",
                g.len(),
                g.diameter().map_or("—".into(), |d| d.to_string()),
                g.wiener_index().map_or("—".into(), |w| w.to_string())
            );
        }
    }
    s.push_str("\nFor three pins in a row (`fancy`, Sniedovich's max version) every state has degree at most 2 and the graph is connected with 3^n states: it is a path, so the longest solution that never repeats a configuration has 3^n - 1 moves.\n\n");

    let mut c = LineChart::new(
        "Search: states at each distance from the start",
        "distance (moves)",
        "states (log scale)",
    );
    c.log_y = true;
    for (id, func, n) in [
        ("classic", "T", 8i64),
        ("reves", "FS", 8),
        ("cyclic4", "N", 7),
        ("four-in-a-row", "R", 7),
    ] {
        let v = Variant::builtin(id).map_err(err)?;
        let p = v.puzzle(func, n, &Params::new()).map_err(err)?;
        let r = search(
            &p,
            &SearchOptions {
                explore_all: true,
                threads: 1,
                memory_limit: SearchBudget::REPORT.memory,
                ..Default::default()
            },
        )
        .map_err(err)?;
        let pts = r
            .layers
            .iter()
            .enumerate()
            .map(|(d, &k)| (d as f64, k as f64))
            .collect();
        c.series.push(Series::new(format!("{id}, n = {n}"), pts));
    }
    b.chart("search-layers", c);
    let _ = writeln!(s, "![layers]({})\n", Bundle::chart_link("search-layers"));
    records_section(b, &mut s)?;
    b.page("search.md", s);
    Ok(())
}

//! `reports/search.md`: exhaustive-search tables, state graphs and layer charts.

use super::*;
use crate::study::{RecordRow, SearchTables};

/// `reports/search.md`, `data/tables/search-stockmeyer.csv`, the layer chart: Stockmeyer's
/// exhaustive-search tables extended as far as the report's budget, Reve's puzzle against
/// Frame–Stewart, and state-graph facts.
pub(super) fn search_part(
    b: &mut Bundle,
    facts: &[VariantFacts],
    tables: &SearchTables,
    records: &[RecordRow],
) -> Result<(), ReportError> {
    let find = |id: &str, func: &str| -> Option<(&VariantFacts, usize)> {
        let f = facts.iter().find(|f| f.variant.id == id)?;
        let j = f.variant.functions().iter().position(|x| x.name == func)?;
        Some((f, j))
    };
    let mut s = String::from("# Exhaustive search\n\nBreadth-first search over the state graph (`hanoilab search`), within the report's budget of 2^20 states per search; larger runs measured with the CLI are listed in `docs/search.md`.\n\n");
    let mut t = Table::new(&[
        "variant",
        "function",
        "n",
        "algorithm",
        "optimum",
        "optimal_solutions",
    ]);
    for (id, func, what) in [
        ("cyclic4", "N", "Stockmeyer's 4-post cyclic puzzle (A->B->C->D->A, tower A to C); algorithm: Scorer, Grundy and Smith, 3^n - 1"),
        ("four-in-a-row", "R", "Stockmeyer's four-in-a-row (neighbours only, tower A to D); algorithm: Stockmeyer's, 3^n + n - 1"),
        ("reves", "FS", "Reve's puzzle (four pegs, any move); algorithm: Frame–Stewart"),
        ("star", "S", "the star puzzle (every move through the centre); algorithm: Stockmeyer's presumed-optimal scheme"),
    ] {
        let Some((f, j)) = find(id, func) else { continue };
        let _ = writeln!(s, "## {id}.{func}\n\n{what}: {}.\n\n| n | algorithm | optimum | optimal move sequences |\n|---|---|---|---|", optimality(f, j));
        for o in &f.optima[j] {
            let alg = algorithm_at(f, j, o.n);
            let _ = writeln!(
                s,
                "| {} | {} | {} | {} |",
                o.n,
                alg.as_ref().map_or("—".into(), |a| a.to_string()),
                o.minimum.map_or("unreachable".into(), |m| m.to_string()),
                o.solutions.as_ref().map_or("—".into(), |c| c.to_string())
            );
            t.push(vec![
                Cell::from(id),
                Cell::from(func),
                Cell::from(o.n),
                Cell::from(alg),
                Cell::from(o.minimum),
                Cell::from(o.solutions.clone()),
            ]);
        }
        let _ = writeln!(s, "\nThe optima: {}.", optima_law_text(f, j));
        s.push('\n');
    }
    b.table("search", t);

    // State-graph facts of the classic puzzle (Wikipedia, 001_f2dd7c3193aeec0c.txt: 3^n
    // states, three corners of degree 2, diameter 2^n - 1) and the three-in-a-row path.
    s.push_str("## State graphs\n\n| puzzle | n | states | diameter | states of degree 2 | largest degree | Wiener index |\n|---|---|---|---|---|---|---|\n");
    for g in &tables.state_graphs {
        let _ = writeln!(
            s,
            "| {} | {} | {} | {} | {} | {} | {} |",
            g.variant,
            g.n,
            g.states,
            g.diameter.map_or("—".into(), |d| d.to_string()),
            g.degree_two,
            g.max_degree,
            g.wiener.as_ref().map_or("—".into(), |w| w.to_string())
        );
    }
    s.push_str("\nFor three pins in a row (`fancy`, Sniedovich's max version) every state has degree at most 2 and the graph is connected with 3^n states: it is a path, so the longest solution that never repeats a configuration has 3^n - 1 moves.\n\n");

    let layer_rows: Vec<(String, Vec<u64>, Option<u64>)> = tables
        .layers
        .iter()
        .map(|r| {
            let goal = find(r.variant, r.function)
                .and_then(|(f, j)| f.optima[j].iter().find(|o| o.n == r.n))
                .and_then(|o| o.minimum);
            (
                format!("{}.{}, n = {}", r.variant, r.function, r.n),
                r.layers.clone(),
                goal,
            )
        })
        .collect();
    let c = layers_figure(&layer_rows);
    b.chart("search-layers", c);
    s.push_str("## Pictures\n\nThe state graph of classic Hanoi with three discs: each state is a point, placed by the pins of its discs (the largest disc picks one of three sub-triangles, the next one a sub-sub-triangle, and so on: a Sierpiński triangle); grey segments are legal moves, the coloured path is the recursive algorithm's 7 moves from one corner to another.\n\n");
    let _ = writeln!(
        s,
        "![the state graph of classic Hanoi, n = 3]({})\n",
        Bundle::chart_link("hanoi-graph")
    );
    let (from, to) = crate::study::SHORTEST_PATH_ENDS;
    let _ = writeln!(
        s,
        "A shortest path between two configurations that are not perfect towers, {from} and {to} (the pin of each disc, largest first), in the state graph of classic Hanoi with four discs: {} moves. `hanoilab plot classic --kind graph -n 4 --from {from} --to {to} -o path.svg` draws it, for any two configurations.\n",
        tables.shortest_path.distance()
    );
    let _ = writeln!(
        s,
        "![a shortest path in the state graph of classic Hanoi, n = 4]({})\n",
        Bundle::chart_link("shortest-path")
    );
    let n = crate::study::ALL_PAIRS_DISCS;
    let _ = writeln!(
        s,
        "How far apart two configurations of classic Hanoi with {n} discs are: the pairs of distinct configurations at each distance, the mean marked (`hanoilab plot classic --kind distances -n {n} --all-pairs`).\n"
    );
    let _ = writeln!(
        s,
        "![distances between all pairs of configurations, n = {n}]({})\n",
        Bundle::chart_link("all-pairs-distances")
    );
    s.push_str("How many states lie at each distance from the start (the layers of the breadth-first search); the dashed line is the goal's distance, the optimum.\n\n");
    let _ = writeln!(
        s,
        "![breadth-first layers]({})\n",
        Bundle::chart_link("search-layers")
    );
    s.push_str("The algorithm of each variant's default function (line) against the optimum the search found (points); the note in each panel gives the first n where they differ. Longest-path problems are labelled as such: their algorithm is not meant to be short.\n\n");
    let _ = writeln!(
        s,
        "![algorithm against optimum]({})\n",
        Bundle::chart_link("search-optimum")
    );
    s.push_str(
        "How many distinct move sequences reach the goal in the optimal number of moves.\n\n",
    );
    let _ = writeln!(
        s,
        "![number of optimal solutions]({})",
        Bundle::chart_link("optimal-solutions")
    );
    b.chart("hanoi-graph", hanoi_graph_figure(&tables.hanoi_graph)?);
    b.chart(
        "shortest-path",
        crate::output::plot_data::graph_figure("classic.T", &tables.shortest_path),
    );
    b.chart(
        "all-pairs-distances",
        crate::output::plot_data::distances_figure(&crate::output::plot_data::Distances {
            label: "classic.T".into(),
            n: crate::study::ALL_PAIRS_DISCS as u64,
            from: None,
            histogram: tables.all_pairs.clone(),
        }),
    );
    b.chart("search-optimum", optimum_figure(facts));
    b.chart("optimal-solutions", solutions_figure(facts));
    s.push('\n');
    records_section(b, &mut s, records)?;
    b.page("search.md", s);
    Ok(())
}

/// `data/tables/optima.csv`: every function of every variant, every n the search reached,
/// one row each (a long table): the algorithm's count, the optimum and the number of
/// optimal solutions.
pub(super) fn optima_table(facts: &[VariantFacts]) -> Table {
    let mut t = Table::new(&[
        "variant",
        "function",
        "role",
        "n",
        "algorithm",
        "optimum",
        "optimal_solutions",
    ]);
    for f in facts {
        for (j, func) in f.variant.functions().iter().enumerate() {
            for o in &f.optima[j] {
                let alg = algorithm_at(f, j, o.n);
                t.push(vec![
                    Cell::from(f.variant.id.as_str()),
                    Cell::from(func.name.as_str()),
                    Cell::from(func.role.name()),
                    Cell::from(o.n),
                    Cell::from(alg),
                    Cell::from(o.minimum),
                    Cell::from(o.solutions.clone()),
                ]);
            }
        }
    }
    t
}

//! The table of counts: one row per n with every chosen function's exact count, then the
//! simulation and the search optimum of one of them. The one table `hanoilab table` prints
//! and the report's variant pages (and their CSV files) show.

use super::{CountRow, VariantFacts};
use crate::output::{Cell, Table};

/// `simulated(F)`, `optimum(F)`, `optimal_solutions(F)`: the columns of a count table that
/// belong to function F alone (the simulation and the search are of one function, and the
/// header names it).
///
/// ```
/// assert_eq!(hanoilab::facts::own_columns("T")[1], "optimum(T)");
/// ```
pub fn own_columns(function: &str) -> [String; 3] {
    ["simulated", "optimum", "optimal_solutions"].map(|c| format!("{c}({function})"))
}

/// The count table of `rows`: `n`, one column per function of `functions`, then
/// `simulated(F)` (a simulation that failed shows its error), `optimum(F)` and, with
/// `solutions`, `optimal_solutions(F)`, for the function F the rows simulate and search.
///
/// ```
/// use hanoilab::facts::{count_rows, count_table, SearchBudget};
/// use hanoilab::variants::{Params, Variant};
/// let v = Variant::builtin("classic").unwrap();
/// let functions = vec!["T".to_string()];
/// let rows = count_rows(&v, &functions, "T", &Params::new(), 1..=3, Some(1000), &SearchBudget::TABLE);
/// let t = count_table(&functions, "T", &rows, false);
/// assert_eq!(t.columns, ["n", "T", "simulated(T)", "optimum(T)"]);
/// assert_eq!(t.rows[2].iter().map(|c| c.text()).collect::<Vec<_>>(), ["3", "7", "7", "7"]);
/// ```
pub fn count_table(
    functions: &[String],
    function: &str,
    rows: &[CountRow],
    solutions: bool,
) -> Table {
    let own = own_columns(function);
    let mut columns: Vec<&str> = vec!["n"];
    columns.extend(functions.iter().map(String::as_str));
    columns.extend(
        own.iter()
            .take(if solutions { 3 } else { 2 })
            .map(String::as_str),
    );
    let mut table = Table::new(&columns);
    for r in rows {
        let mut row = vec![Cell::from(r.n)];
        row.extend(r.counts.iter().map(|c| Cell::from(c.as_ref())));
        row.push(match &r.simulated {
            Some(Ok(moves)) => Cell::from(*moves),
            Some(Err(e)) => Cell::Text(format!("error: {e}")),
            None => Cell::Empty,
        });
        row.push(Cell::from(r.optimum));
        if solutions {
            row.push(Cell::from(r.optimal_solutions.as_ref()));
        }
        table.push(row);
    }
    table
}

impl VariantFacts {
    /// The count rows of the gathered facts: every function's counts, and the simulation and
    /// the search (with the number of optimal solutions where the budget counted them) of
    /// the default function.
    pub fn count_rows(&self) -> Vec<CountRow> {
        let default = &self.variant.default_function().name;
        let dj = self
            .variant
            .functions()
            .iter()
            .position(|f| f.name == *default)
            .unwrap_or(0);
        self.counts
            .iter()
            .map(|(n, counts)| {
                let simulated = self.simulation[dj]
                    .simulated
                    .iter()
                    .find(|(m, _)| m == n)
                    .map(|(_, v)| Ok(*v));
                let opt = self.optima[dj].iter().find(|o| o.n == *n);
                CountRow {
                    n: *n as u64,
                    counts: counts.clone(),
                    simulated,
                    optimum: opt.and_then(|o| o.minimum),
                    optimal_solutions: opt.and_then(|o| o.solutions.clone()),
                }
            })
            .collect()
    }

    /// The count table of the gathered facts ([`count_table`] of
    /// [`VariantFacts::count_rows`], every function, with the optimal solutions).
    pub fn count_table(&self) -> Table {
        let functions: Vec<String> = self
            .variant
            .functions()
            .iter()
            .map(|f| f.name.clone())
            .collect();
        let default = &self.variant.default_function().name;
        count_table(&functions, default, &self.count_rows(), true)
    }
}

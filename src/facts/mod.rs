//! What is known of a variant: exact counts, checked simulations and search optima, each
//! gathered once under one budget and rendered by the CLI, the report and the checker.
//!
//! This is the layer above [`crate::variants`] and [`crate::search`] that sets an algorithm
//! against the rules and the true optimum: the four-way table (program count, simulation,
//! search optimum, and — in [`crate::literature`] — printed claims). It computes; it does not
//! format. [`SearchBudget`] decides which searches run, from the state bound of the puzzle.

mod budget;
mod compare;
mod count_table;
mod gather;
mod growth;
mod oeis;
mod optima_law;
mod optimality;
mod optimum_terms;
mod records;
mod recurrence_start;
mod search_cache;

pub use budget::{Beyond, SearchBudget};
pub use compare::{compare_with_algorithm, summarize_comparison, Comparison};
pub use count_table::{count_table, own_columns};
pub use gather::{
    count_columns, count_rows, optima, CountRow, FactsOptions, Optimum, SimulationSummary,
    VariantFacts, SIMULATION_STEPS,
};
pub use growth::{
    AlgebraicGrowth, Growth, GrowthClosedForm, GrowthGeneratingFunction, MeasuredGrowth,
    StatedGrowth,
};
pub use oeis::{agrees, oeis_entries, oeis_of, OeisEntry};
pub use optima_law::{OptimaLaw, OPTIMA_LAW_CONFIRMATIONS};
pub use optimality::{optimality, MinimumSource, Optimality, Shortfall};
pub use optimum_terms::{optimum_terms, OptimumTerm, OptimumTerms};
pub use records::{
    check_user_records, csv_rows, parse_search_records, recorded_minima, recorded_minima_in,
    recorded_minima_with, search_records, RecordedMinimum, RecordsError, SearchRecord,
    RECORD_COLUMNS, SEARCH_RECORDS,
};
pub use recurrence_start::{recurrence_starts, RecurrenceStart};
pub use search_cache::cached_search;
pub(crate) use search_cache::Shared;

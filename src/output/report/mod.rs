//! `hanoilab report`: everything under `data/tables/` and `reports/`, regenerated from the
//! variant files alone.
//!
//! [`build`] computes a [`Bundle`] (pages, tables, charts) in memory; [`Bundle::write`] then
//! stages it and swaps it into place, so a killed run leaves the previous files intact. The
//! output is deterministic: variants in registry order, `BTreeMap`s everywhere, no
//! timestamps, floats only in plots and formatted with fixed digits.
//!
//! Each section of a variant page is produced by one function here; the sections that need
//! the algebra, the search or the literature checker call those modules and only format.

use super::bundle::Bundle;
use super::chart::{LineChart, Series};
use super::table::{Cell, Table};
use crate::algebra::analysis::ComponentReport;
use crate::facts::{FactsOptions, SearchBudget, VariantFacts};
use crate::literature::{CheckedClaim, VerdictKind};
use crate::sequences::{frame_stewart as fs, star as st};
use crate::variants::{builtin_ids, Params, Variant};
use num_bigint::BigInt;
use num_traits::ToPrimitive;
use std::fmt::Write as _;

mod hanoivar_page;
mod index_page;
mod literature_page;
mod records_section;
mod reversi_page;
mod search_page;
mod sequence_pages;
mod variant_page;

use hanoivar_page::*;
use index_page::*;
use literature_page::*;
use records_section::*;
use reversi_page::*;
use search_page::*;
use sequence_pages::*;
use variant_page::*;

/// What to include.
#[derive(Clone, Debug, Default)]
pub struct ReportOptions {
    /// Skip the simulation and search columns (a quick preview; not the committed report).
    pub quick: bool,
}

/// A failure while computing the report (nothing is written then).
#[derive(Debug, thiserror::Error)]
#[error("report: {0}")]
pub struct ReportError(pub String);

fn err(e: impl std::fmt::Display) -> ReportError {
    ReportError(e.to_string())
}

/// How far each variant's facts go in the report: counts to n = 20, simulations while the
/// count is at most 300,000 moves, constants to 30 certified digits, searches within
/// [`SearchBudget::REPORT`].
fn facts_options(opts: &ReportOptions) -> FactsOptions {
    FactsOptions {
        n_max: 20,
        simulation_moves: 300_000,
        analysis_digits: 30,
        search: (!opts.quick).then_some(SearchBudget::REPORT),
    }
}

fn gather(id: &str, opts: &ReportOptions) -> Result<VariantFacts, ReportError> {
    let variant = Variant::builtin(id).map_err(err)?;
    VariantFacts::gather(variant, &facts_options(opts)).map_err(err)
}

/// Runs `f` on every job with `threads` workers sharing one queue; the results come back in
/// job order (deterministic whatever the timing).
fn run_in_parallel<J: Sync, T: Send>(
    jobs: &[J],
    threads: usize,
    f: impl Fn(&J) -> T + Sync,
) -> Vec<T> {
    use std::sync::atomic::{AtomicUsize, Ordering};
    let next = AtomicUsize::new(0);
    let mut out: Vec<(usize, T)> = std::thread::scope(|s| {
        let workers: Vec<_> = (0..threads.max(1))
            .map(|_| {
                s.spawn(|| {
                    let mut mine = vec![];
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        let Some(job) = jobs.get(i) else { break };
                        mine.push((i, f(job)));
                    }
                    mine
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|w| w.join().expect("a report worker does not panic"))
            .collect()
    });
    out.sort_by_key(|(i, _)| *i);
    out.into_iter().map(|(_, t)| t).collect()
}

/// Computes the whole report in memory. `progress` is told what is being done.
pub fn build(opts: &ReportOptions, progress: &mut dyn FnMut(&str)) -> Result<Bundle, ReportError> {
    let mut b = Bundle::default();
    // The literature check and the variants are independent jobs, run on every core by a
    // shared queue (each worker takes the next job when it is done, so a few heavy claims do
    // not hold up the rest). Results come back in job order, so the output does not depend
    // on timing.
    let ids = builtin_ids();
    progress("literature and variants (in parallel)");
    enum Job<'a> {
        Variant(&'a str),
        Claim(&'a crate::literature::Claim),
    }
    enum Done {
        Variant(Box<Result<VariantFacts, ReportError>>),
        Claim(Box<CheckedClaim>),
    }
    let claim_list = crate::literature::builtin_claims();
    let mut jobs: Vec<Job> = ids.iter().map(|id| Job::Variant(id)).collect();
    if let Ok(list) = &claim_list {
        jobs.extend(list.iter().map(Job::Claim));
    }
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get().min(8));
    let done = run_in_parallel(&jobs, threads, |job| match job {
        Job::Variant(id) => Done::Variant(Box::new(gather(id, opts))),
        Job::Claim(c) => Done::Claim(Box::new(crate::literature::check_claim(c))),
    });
    let mut gathered = vec![];
    let mut claims = vec![];
    for d in done {
        match d {
            Done::Variant(f) => gathered.push(*f),
            Done::Claim(c) => claims.push(*c),
        }
    }
    if claim_list.is_err() {
        // The files do not load: one entry saying so, as `check_all` reports it.
        claims = crate::literature::check_all();
    }
    let mut facts = Vec::new();
    for (id, f) in ids.iter().zip(gathered) {
        progress(id);
        let f = f?;
        let table = count_table(&f);
        let ratio = ratio_chart(&f);
        let mine: Vec<&CheckedClaim> = claims
            .iter()
            .filter(|c| c.variant.as_deref() == Some(id))
            .collect();
        b.page(
            &format!("{id}.md"),
            variant_page(&f, &table, ratio.is_some(), &mine)?,
        );
        b.chart(&format!("{id}-counts"), variant_chart(&f));
        if let Some(c) = ratio {
            b.chart(&format!("{id}-ratio"), c);
        }
        b.table(id, table);
        facts.push(f);
    }
    progress("frame-stewart");
    frame_stewart_part(&mut b)?;
    progress("star");
    star_part(&mut b)?;
    progress("reversi frame-type");
    reversi_frame_part(&mut b)?;
    b.chart("growth", growth_chart(&facts));
    literature_part(&mut b, &claims);
    progress("search tables");
    search_part(&mut b, &facts)?;
    progress("hanoivar");
    hanoivar_part(&mut b, &facts, &claims)?;
    let mut summary = Table::new(&[
        "variant",
        "rules",
        "growth",
        "charpoly",
        "optimal",
        "simulated",
        "claims",
    ]);
    for row in summary_rows(&facts, &claims) {
        summary.push(row.iter().map(|x| Cell::from(x.as_str())).collect());
    }
    b.table("summary", summary);
    // The report replaces data/tables/ as a whole, so the description of its files is part
    // of the report too (a hand-placed file would be removed by the next run).
    b.table_files.insert(
        "README.md".into(),
        include_str!("../tables_readme.md").into(),
    );
    b.page("README.md", index_page(&facts, &claims));
    if !b.duplicates.is_empty() {
        return Err(ReportError(format!(
            "two parts of the report write the same file: {}",
            b.duplicates.join(", ")
        )));
    }
    Ok(b)
}

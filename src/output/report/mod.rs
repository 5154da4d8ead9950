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
use super::chart::Series;
use super::table::{Cell, Table};
use crate::algebra::analysis::ComponentReport;
use crate::facts::{
    FactsOptions, MinimumSource, Optimality, SearchBudget, Shortfall, VariantFacts,
};
use crate::literature::{CheckedClaim, VerdictKind};
use crate::sequences::{frame_stewart as fs, star as st};
use crate::variants::{builtin_ids, FunctionRole, Params, Variant};
use num_bigint::BigInt;
use num_traits::ToPrimitive;
use std::fmt::Write as _;

mod figures;
mod hanoivar_page;
mod index_page;
mod literature_page;
mod oeis;
mod records_section;
mod reversi_page;
mod search_page;
mod sequence_pages;
mod variant_page;

use figures::*;
use hanoivar_page::*;
use index_page::*;
use literature_page::*;
use oeis::*;
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
        Part(Part),
    }
    enum Done {
        Variant(Box<Result<VariantFacts, ReportError>>),
        Claim(Box<CheckedClaim>),
        Part(Box<Result<Bundle, ReportError>>),
    }
    // The pages that need no variant's facts are jobs too (first: Reversi's Frame-type
    // systems are among the longest jobs), so that no part runs on one core alone.
    type Part = fn(&mut Bundle) -> Result<(), ReportError>;
    const PARTS: [(&str, Part); 3] = [
        ("reversi frame-type", reversi_frame_part),
        ("frame-stewart", frame_stewart_part),
        ("star", star_part),
    ];
    let claim_list = crate::literature::builtin_claims();
    let mut jobs: Vec<Job> = PARTS.iter().map(|(_, f)| Job::Part(*f)).collect();
    jobs.extend(ids.iter().map(|id| Job::Variant(id)));
    if let Ok(list) = &claim_list {
        jobs.extend(list.iter().map(Job::Claim));
    }
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get().min(8));
    let done = run_in_parallel(&jobs, threads, |job| match job {
        Job::Variant(id) => Done::Variant(Box::new(gather(id, opts))),
        Job::Claim(c) => Done::Claim(Box::new(crate::literature::check_claim(c))),
        Job::Part(f) => Done::Part(Box::new({
            let mut part = Bundle::default();
            f(&mut part).map(|()| part)
        })),
    });
    let mut gathered = vec![];
    let mut claims = vec![];
    let mut parts = vec![];
    for d in done {
        match d {
            Done::Variant(f) => gathered.push(*f),
            Done::Claim(c) => claims.push(*c),
            Done::Part(p) => parts.push(*p),
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
        for j in 0..f.variant.functions().len() {
            crate::facts::optimality(&f, j).map_err(err)?;
        }
        let table = f.count_table();
        let ratio = convergence_figure(&f);
        let roots = roots_figure(&f);
        let mine: Vec<&CheckedClaim> = claims
            .iter()
            .filter(|c| c.variant.as_deref() == Some(id) || c.names.iter().any(|v| v == id))
            .collect();
        b.page(
            &format!("{id}.md"),
            variant_page(&f, &table, ratio.is_some(), roots.is_some(), &mine)?,
        );
        b.chart(&format!("{id}-counts"), counts_figure(&f));
        if let Some(c) = ratio {
            b.chart(&format!("{id}-ratio"), c);
        }
        if let Some(c) = roots {
            b.chart(&format!("{id}-roots"), c);
        }
        b.table(id, table);
        facts.push(f);
    }
    for ((what, _), part) in PARTS.iter().zip(parts) {
        progress(what);
        b.merge(part?);
    }
    b.chart("growth", growth_figure(&facts));
    b.chart("growth-error", growth_error_figure(&facts));
    b.chart("growth-counts", growth_counts_figure(&facts));
    literature_part(&mut b, &claims);
    progress("search tables");
    search_part(&mut b, &facts)?;
    progress("hanoivar");
    hanoivar_part(&mut b, &facts, &claims)?;
    let summary = summary_table(&facts, &claims);
    b.table("optima", optima_table(&facts));
    b.table("summary", summary);
    // The report replaces data/tables/ as a whole, so the description of its files is part
    // of the report too (a hand-placed file would be removed by the next run).
    b.table_files.insert(
        "README.md".into(),
        include_str!("../tables_readme.md").into(),
    );
    b.page("README.md", index_page(&facts, &claims));
    // Prose lines of every page wrapped at about 100 characters (tables, code, formulas and
    // headings as they are), so a page reads in any editor.
    for text in b.pages.values_mut() {
        *text = reflow(text);
    }
    if !b.duplicates.is_empty() {
        return Err(ReportError(format!(
            "two parts of the report write the same file: {}",
            b.duplicates.join(", ")
        )));
    }
    Ok(b)
}

/// Wraps the prose lines of a Markdown page at about 100 characters: paragraphs, list items
/// and quotes (continuation lines keep the item's indentation or the quote marker); fenced
/// code, `$$` formula blocks, tables, headings and images are left as they are.
pub(crate) fn reflow(page: &str) -> String {
    let mut out = String::with_capacity(page.len() + page.len() / 50);
    let mut fence = false;
    let mut math = false;
    for line in page.split_inclusive('\n') {
        let bare = line.trim_end_matches('\n');
        let t = bare.trim_start();
        if t.starts_with("```") {
            fence = !fence;
        } else if t == "$$" {
            math = !math;
        }
        let keep = fence
            || math
            || t == "$$"
            || t.starts_with("```")
            || t.starts_with('|')
            || t.starts_with('#')
            || t.starts_with("![")
            || bare.chars().count() <= 100;
        if keep {
            out.push_str(line);
            continue;
        }
        let lead = &bare[..bare.len() - t.len()];
        let indent = if t.starts_with("- ") || t.starts_with("* ") {
            format!("{lead}  ")
        } else if t.starts_with("> ") {
            format!("{lead}> ")
        } else {
            lead.to_string()
        };
        out.push_str(&wrap(bare, 100, &indent));
        if line.ends_with('\n') {
            out.push('\n');
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reflow_wraps_prose_and_keeps_structure() {
        let long = "word ".repeat(50);
        let page = format!(
            "# Title {long}\n\n{long}\n\n- {long}\n\n  > {long}\n\n| a | {long} |\n\n```text\n{long}\n```\n\n$$\n{long}\n$$\n"
        );
        let out = reflow(&page);
        let row = format!("| a | {long} |");
        let long = long.trim_end();
        // Code, formulas, tables and headings are untouched.
        assert!(out.contains(&format!("```text\n{long} \n```")));
        assert!(out.contains(&format!("$$\n{long} \n$$")));
        assert!(out.contains(&row));
        assert!(out.contains(&format!("# Title {long}")));
        for l in out.lines() {
            let kept = l.starts_with('#') || l.starts_with('|') || l.starts_with(long);
            assert!(kept || l.chars().count() <= 100, "too long: {l}");
        }
        // List continuation lines are indented; quote continuation lines keep the marker.
        assert!(out.contains("\n  word"));
        assert!(out.contains("\n  > word"));
        // The words are all still there.
        assert_eq!(page.matches("word").count(), out.matches("word").count());
    }
}

//! `hanoilab report`: everything under `data/tables/` and `reports/`, regenerated from the
//! variant files alone.
//!
//! [`build`] runs a [`Study`] (every fact, computed once in the library) and [`render`]s it
//! into a [`Bundle`] (pages, tables, charts) in memory; [`Bundle::write`] then stages it and
//! swaps it into place, so a killed run leaves the previous files intact. The output is
//! deterministic: variants in registry order, `BTreeMap`s everywhere, no timestamps, floats
//! only in plots and formatted with fixed digits.
//!
//! Each section of a page is produced by one function here, from the study's data.

use super::bundle::Bundle;
use super::chart::Series;
use super::table::{Cell, Table};
use crate::algebra::analysis::ComponentReport;
use crate::facts::{
    MinimumSource, OptimaLaw, Optimality, Shortfall, VariantFacts, OPTIMA_LAW_CONFIRMATIONS,
};
use crate::literature::{CheckedClaim, VerdictKind};
use crate::study::{RootFactor, Study, StudyOptions, VariantStudy};
use crate::variants::{FunctionRole, Params};
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

/// What to include: the options of the [`Study`] the report renders.
pub type ReportOptions = StudyOptions;

/// A failure while computing the report (nothing is written then).
#[derive(Debug, thiserror::Error)]
#[error("report: {0}")]
pub struct ReportError(pub String);

fn err(e: impl std::fmt::Display) -> ReportError {
    ReportError(e.to_string())
}

/// Computes the whole report in memory: runs the [`Study`], then [`render`]s it.
/// `progress` is told what is being done.
pub fn build(opts: &ReportOptions, progress: &mut dyn FnMut(&str)) -> Result<Bundle, ReportError> {
    build_counted(opts, progress, &|_, _| {})
}

/// [`build`], with `jobs_done` told `(done, total)` after each parallel job of the study
/// ([`Study::run_counted`]).
pub fn build_counted(
    opts: &ReportOptions,
    progress: &mut dyn FnMut(&str),
    jobs_done: &(dyn Fn(usize, usize) + Sync),
) -> Result<Bundle, ReportError> {
    let study = Study::run_counted(opts, progress, jobs_done).map_err(err)?;
    progress("rendering");
    render(&study)
}

/// Computes one variant's part of the report in memory (`hanoilab report --only`): runs its
/// [`VariantStudy`], then [`render_variant`]s it.
pub fn build_variant(
    variant: crate::variants::Variant,
    opts: &ReportOptions,
    progress: &mut dyn FnMut(&str),
) -> Result<Bundle, ReportError> {
    let part = VariantStudy::run(variant, opts, progress).map_err(err)?;
    progress("rendering");
    render_variant(&part)
}

/// The pages, tables and charts of `study`, formatted (the study holds every computed
/// number; this only renders).
pub fn render(study: &Study) -> Result<Bundle, ReportError> {
    let mut b = Bundle::default();
    let facts = &study.facts;
    let claims = &study.claims;
    for (i, f) in facts.iter().enumerate() {
        let id = f.variant.id.as_str();
        let mine: Vec<&CheckedClaim> = claims
            .iter()
            .filter(|c| c.variant.as_deref() == Some(id) || c.names.iter().any(|v| v == id))
            .collect();
        variant_part(
            &mut b,
            f,
            &study.transfer_terms[i],
            study.roots[i].as_deref(),
            &mine,
        )?;
    }
    reversi_frame_part(&mut b, &study.reversi_frame)?;
    frame_stewart_part(&mut b, &study.frame_stewart);
    star_part(&mut b, &study.star);
    b.chart("growth", growth_figure(facts, &study.transfer_terms));
    b.chart(
        "growth-error",
        growth_error_figure(facts, &study.transfer_terms),
    );
    b.chart("growth-counts", growth_counts_figure(facts));
    literature_part(&mut b, claims);
    search_part(&mut b, facts, &study.search, &study.records)?;
    hanoivar_part(&mut b, facts, claims)?;
    let summary = summary_table(facts, claims);
    b.table("optima", optima_table(facts));
    b.table("summary", summary);
    // The report replaces data/tables/ as a whole, so the description of its files is part
    // of the report too (a hand-placed file would be removed by the next run).
    b.table_files.insert(
        "README.md".into(),
        include_str!("../tables_readme.md").into(),
    );
    b.page("README.md", index_page(facts, claims));
    finish(b)
}

/// One variant's page, table and figures (`hanoilab report --only`): the same files, with
/// the same bytes, as [`render`] writes for the variant.
pub fn render_variant(part: &VariantStudy) -> Result<Bundle, ReportError> {
    let mut b = Bundle::default();
    let claims: Vec<&CheckedClaim> = part.claims.iter().collect();
    variant_part(
        &mut b,
        &part.facts,
        &part.transfer_terms,
        part.roots.as_deref(),
        &claims,
    )?;
    finish(b)
}

/// A variant's page (with `claims`, the checked claims that name it), its count table and
/// its figures.
fn variant_part(
    b: &mut Bundle,
    f: &VariantFacts,
    transfer_terms: &[(u64, Vec<BigInt>)],
    roots: Option<&[RootFactor]>,
    claims: &[&CheckedClaim],
) -> Result<(), ReportError> {
    let id = f.variant.id.as_str();
    let table = f.count_table();
    let ratio = convergence_figure(f, transfer_terms);
    let roots = roots.map(|r| roots_figure(f, r));
    b.page(
        &format!("{id}.md"),
        variant_page(f, &table, ratio.is_some(), roots.is_some(), claims)?,
    );
    b.chart(&format!("{id}-counts"), counts_figure(f));
    if let Some(c) = ratio {
        b.chart(&format!("{id}-ratio"), c);
    }
    if let Some(c) = roots {
        b.chart(&format!("{id}-roots"), c);
    }
    b.table(id, table);
    Ok(())
}

/// The last step of every rendering: prose lines of every page wrapped at about 100
/// characters (tables, code, formulas and headings as they are), so a page reads in any
/// editor; a file written twice is a bug of the generator.
fn finish(mut b: Bundle) -> Result<Bundle, ReportError> {
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

//! Everything the report knows, computed once: the layer between the computing modules
//! ([`crate::facts`], [`crate::literature`], [`crate::sequences`], [`crate::search`]) and
//! [`crate::output`], which renders a [`Study`] and computes nothing.
//!
//! [`Study::run`] gathers each built-in variant's [`VariantFacts`] with the optimality of
//! every function ([`crate::facts::optimality`]), checks every literature claim, and
//! computes the data of the pages that are not about one variant: Reversi's Frame-type
//! systems, the Frame–Stewart and star tables, the search page's state graphs and layers,
//! and the root locations of each characteristic polynomial. The independent jobs run on a
//! shared queue ([`run_in_parallel`]); results come back in a fixed order, so a study does
//! not depend on timing.
//!
//! ```no_run
//! use hanoilab::study::{Study, StudyOptions};
//! let study = Study::run(&StudyOptions { quick: true }, &mut |_| {}).unwrap();
//! assert!(study.facts.iter().any(|f| f.variant.id == "classic"));
//! ```

mod parallel;
mod records;
mod reversi_frame;
mod roots;
mod search_tables;
mod sequences;
mod variant;

pub use parallel::run_in_parallel;
pub use records::{record_rows, RecordRow, COMPARE_WITH};
pub use reversi_frame::{FrameClass, ReversiFrameStudy, FRAME_TO};
pub use roots::{root_factors, RootFactor};
pub use search_tables::{
    DrawnGraph, LayerRow, SearchTables, StateGraphRow, ALL_PAIRS_DISCS, SHORTEST_PATH_ENDS,
};
pub use sequences::{FrameStewartStudy, SplitRow, SplitsByN, StarAgainstReves, StarRow, StarStudy};
pub use variant::VariantStudy;

use crate::facts::{FactsOptions, Optimality, SearchBudget, VariantFacts};
use crate::literature::CheckedClaim;
use crate::variants::{builtin_ids, Params, Variant};
use num_bigint::BigInt;

/// How far a study goes.
#[derive(Clone, Debug, Default)]
pub struct StudyOptions {
    /// Skip the simulation and search columns (a quick preview; not the committed report).
    pub quick: bool,
}

impl StudyOptions {
    /// How far each variant's facts go: counts to n = 20, simulations while the count is at
    /// most 300,000 moves, constants to 30 certified digits, searches within
    /// [`SearchBudget::REPORT`] (none when `quick`).
    pub fn facts_options(&self) -> FactsOptions {
        FactsOptions {
            n_max: 20,
            simulation_moves: 300_000,
            analysis_digits: 30,
            search: (!self.quick).then_some(SearchBudget::REPORT),
        }
    }
}

/// A failure while computing a study.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct StudyError(pub String);

impl StudyError {
    /// The error of a computing module, as text.
    pub fn from_display(e: impl std::fmt::Display) -> StudyError {
        StudyError(e.to_string())
    }
}

/// Everything the report knows, computed once.
pub struct Study {
    /// Per built-in variant, in registry order: its facts.
    pub facts: Vec<VariantFacts>,
    /// Per variant of [`Self::facts`], per function: its optimality over every search.
    pub optimality: Vec<Vec<Optimality>>,
    /// Per variant of [`Self::facts`]: the factors of its characteristic polynomial with
    /// their roots (`None`: no transfer matrix, or no factorisation).
    pub roots: Vec<Option<Vec<RootFactor>>>,
    /// Per variant of [`Self::facts`]: the state vectors `s(n)` of its transfer system for
    /// the first [`TRANSFER_TERMS`] n from the analysis's first n (empty without a matrix).
    pub transfer_terms: Vec<Vec<(u64, Vec<BigInt>)>>,
    /// Every literature claim, checked, in file order.
    pub claims: Vec<CheckedClaim>,
    /// Reversi's Frame-type systems.
    pub reversi_frame: ReversiFrameStudy,
    /// Frame–Stewart numbers and splits.
    pub frame_stewart: FrameStewartStudy,
    /// The star puzzle's numbers.
    pub star: StarStudy,
    /// The search page's state graphs and layers.
    pub search: SearchTables,
    /// The recorded long searches, with the algorithm's counts.
    pub records: Vec<RecordRow>,
}

impl Study {
    /// Computes the study. `progress` is told what is being done.
    pub fn run(opts: &StudyOptions, progress: &mut dyn FnMut(&str)) -> Result<Study, StudyError> {
        Study::run_counted(opts, progress, &|_, _| {})
    }

    /// [`Study::run`], with `jobs` told `(done, total)` after each of the parallel jobs (a
    /// literature claim, a variant, a table), from the worker that did it.
    pub fn run_counted(
        opts: &StudyOptions,
        progress: &mut dyn FnMut(&str),
        jobs_done: &(dyn Fn(usize, usize) + Sync),
    ) -> Result<Study, StudyError> {
        // The literature check, the variants and the pages that need no variant's facts are
        // independent jobs, run on every core by a shared queue (each worker takes the next
        // job when it is done, so a few heavy claims do not hold up the rest). Reversi's
        // Frame-type systems are among the longest jobs, so they come first.
        let ids = builtin_ids();
        progress("literature, variants and tables (in parallel)");
        enum Job<'a> {
            ReversiFrame,
            FrameStewart,
            Star,
            Search,
            Variant(&'a str),
            Claim(&'a crate::literature::Claim),
        }
        enum Done {
            ReversiFrame(Box<Result<ReversiFrameStudy, StudyError>>),
            FrameStewart(Box<Result<FrameStewartStudy, StudyError>>),
            Star(Box<Result<StarStudy, StudyError>>),
            Search(Box<Result<SearchTables, StudyError>>),
            Variant(Box<Result<(VariantFacts, TransferTerms), StudyError>>),
            Claim(Box<CheckedClaim>),
        }
        let claim_list = crate::literature::builtin_claims();
        let mut jobs = vec![Job::ReversiFrame, Job::FrameStewart, Job::Star, Job::Search];
        jobs.extend(ids.iter().map(|id| Job::Variant(id)));
        if let Ok(list) = &claim_list {
            jobs.extend(list.iter().map(Job::Claim));
        }
        let facts_options = opts.facts_options();
        let threads = std::thread::available_parallelism().map_or(1, |n| n.get().min(8));
        let finished = std::sync::atomic::AtomicUsize::new(0);
        let done = run_in_parallel(&jobs, threads, |job| {
            let d = match job {
                Job::ReversiFrame => Done::ReversiFrame(Box::new(ReversiFrameStudy::compute())),
                Job::FrameStewart => Done::FrameStewart(Box::new(FrameStewartStudy::compute())),
                Job::Star => Done::Star(Box::new(StarStudy::compute())),
                Job::Search => Done::Search(Box::new(SearchTables::compute())),
                Job::Variant(id) => Done::Variant(Box::new(gather(id, &facts_options))),
                Job::Claim(c) => Done::Claim(Box::new(crate::literature::check_claim(c))),
            };
            let k = finished.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
            jobs_done(k, jobs.len());
            d
        });
        let (mut reversi_frame, mut frame_stewart, mut star, mut search) = (None, None, None, None);
        let mut gathered = vec![];
        let mut claims = vec![];
        for d in done {
            match d {
                Done::ReversiFrame(r) => reversi_frame = Some(*r),
                Done::FrameStewart(r) => frame_stewart = Some(*r),
                Done::Star(r) => star = Some(*r),
                Done::Search(r) => search = Some(*r),
                Done::Variant(f) => gathered.push(*f),
                Done::Claim(c) => claims.push(*c),
            }
        }
        if claim_list.is_err() {
            // The files do not load: one entry saying so, as `check_all` reports it.
            claims = crate::literature::check_all();
        }
        let mut facts = Vec::with_capacity(gathered.len());
        let mut optimality = Vec::with_capacity(gathered.len());
        let mut roots = Vec::with_capacity(gathered.len());
        let mut transfer_terms = Vec::with_capacity(gathered.len());
        for (id, f) in ids.iter().zip(gathered) {
            progress(id);
            let (f, terms) = f?;
            transfer_terms.push(terms);
            let f = f.with_optimality().map_err(StudyError::from_display)?;
            optimality.push(f.optimality.clone());
            roots.push(root_factors(&f));
            facts.push(f);
        }
        let missing = || StudyError("a study job did not run".into());
        Ok(Study {
            facts,
            optimality,
            roots,
            transfer_terms,
            claims,
            reversi_frame: reversi_frame.ok_or_else(missing)??,
            frame_stewart: frame_stewart.ok_or_else(missing)??,
            star: star.ok_or_else(missing)??,
            search: search.ok_or_else(missing)??,
            records: record_rows()?,
        })
    }

    /// The facts of variant `id`, if it is in the study.
    pub fn variant(&self, id: &str) -> Option<&VariantFacts> {
        self.facts.iter().find(|f| f.variant.id == id)
    }
}

/// How many n of each transfer system [`Study::transfer_terms`] holds.
pub const TRANSFER_TERMS: u64 = 60;

/// The state vectors of a transfer system, by n.
pub type TransferTerms = Vec<(u64, Vec<BigInt>)>;

fn gather(id: &str, opts: &FactsOptions) -> Result<(VariantFacts, TransferTerms), StudyError> {
    let variant = Variant::builtin(id).map_err(StudyError::from_display)?;
    let facts = gather_facts(variant, opts)?;
    let terms = transfer_terms(&facts);
    Ok((facts, terms))
}

fn gather_facts(variant: Variant, opts: &FactsOptions) -> Result<VariantFacts, StudyError> {
    VariantFacts::gather(variant, opts).map_err(StudyError::from_display)
}

/// The state vectors of `facts`' transfer system for [`TRANSFER_TERMS`] n from its
/// analysis's first n (empty without a matrix).
fn transfer_terms(facts: &VariantFacts) -> TransferTerms {
    let (Some(a), Ok(Some(sys))) = (
        &facts.analysis,
        facts.variant.transfer_system(&Params::new()),
    ) else {
        return vec![];
    };
    (0..TRANSFER_TERMS)
        .filter_map(|j| {
            let n = a.first_n + j;
            sys.state(n).map(|v| (n, v))
        })
        .collect()
}

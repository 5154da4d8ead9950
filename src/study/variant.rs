//! One variant's part of a study, for `hanoilab report --only`: the facts, roots, transfer
//! terms and claims its page, table and figures need, computed exactly as [`Study::run`]
//! computes them for every built-in (so a built-in's files come out byte-identical to the
//! whole report's).
//!
//! [`Study::run`]: super::Study::run

use super::{gather_facts, root_factors, run_in_parallel, RootFactor, StudyError, StudyOptions};
use super::{transfer_terms, TransferTerms};
use crate::facts::VariantFacts;
use crate::literature::CheckedClaim;
use crate::variants::Variant;

/// Everything one variant's page, table and figures need.
pub struct VariantStudy {
    /// The variant's facts, with the optimality of every function.
    pub facts: VariantFacts,
    /// The factors of its characteristic polynomial with their roots (`None`: no transfer
    /// matrix, or no factorisation).
    pub roots: Option<Vec<RootFactor>>,
    /// The state vectors of its transfer system (see [`super::Study::transfer_terms`]).
    pub transfer_terms: TransferTerms,
    /// The built-in literature claims that name the variant, checked, in file order (none
    /// for a variant read from a file: the literature is about the built-ins).
    pub claims: Vec<CheckedClaim>,
}

impl VariantStudy {
    /// Computes `variant`'s part of a study with `opts`. `progress` is told what is being
    /// done.
    ///
    /// ```no_run
    /// use hanoilab::study::{StudyOptions, VariantStudy};
    /// use hanoilab::variants::Variant;
    /// let v = Variant::builtin("classic").unwrap();
    /// let part = VariantStudy::run(v, &StudyOptions { quick: true }, &mut |_| {}).unwrap();
    /// assert!(part.claims.iter().all(|c| c.names.iter().any(|n| n == "classic")
    ///     || c.variant.as_deref() == Some("classic")));
    /// ```
    pub fn run(
        variant: Variant,
        opts: &StudyOptions,
        progress: &mut dyn FnMut(&str),
    ) -> Result<VariantStudy, StudyError> {
        let id = variant.id.clone();
        let builtin = variant.origin.starts_with("builtin:");
        let claim_list = if builtin {
            crate::literature::builtin_claims().map_err(StudyError::from_display)?
        } else {
            vec![]
        };
        let mine: Vec<_> = claim_list
            .iter()
            .filter(|c| c.variants_named().contains(&id))
            .collect();
        progress(&format!(
            "{id}: facts and {} claims (in parallel)",
            mine.len()
        ));
        enum Job<'a> {
            Facts,
            Claim(&'a crate::literature::Claim),
        }
        enum Done {
            Facts(Box<Result<(VariantFacts, TransferTerms), StudyError>>),
            Claim(Box<CheckedClaim>),
        }
        let mut jobs = vec![Job::Facts];
        jobs.extend(mine.iter().map(|c| Job::Claim(c)));
        let facts_options = opts.facts_options();
        let threads = std::thread::available_parallelism().map_or(1, |n| n.get().min(8));
        let done = run_in_parallel(&jobs, threads, |job| match job {
            Job::Facts => Done::Facts(Box::new(gather_facts(variant.clone(), &facts_options).map(
                |f| {
                    let terms = transfer_terms(&f);
                    (f, terms)
                },
            ))),
            Job::Claim(c) => Done::Claim(Box::new(crate::literature::check_claim(c))),
        });
        let mut gathered = None;
        let mut claims = vec![];
        for d in done {
            match d {
                Done::Facts(f) => gathered = Some(*f),
                Done::Claim(c) => claims.push(*c),
            }
        }
        let (facts, transfer_terms) =
            gathered.ok_or_else(|| StudyError("a study job did not run".into()))??;
        progress(&id);
        let facts = facts.with_optimality().map_err(StudyError::from_display)?;
        let roots = root_factors(&facts);
        Ok(VariantStudy {
            facts,
            roots,
            transfer_terms,
            claims,
        })
    }
}

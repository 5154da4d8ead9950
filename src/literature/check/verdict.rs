//! The verdict vocabulary: what a check showed, and nothing more.

use super::*;

/// What a check showed, in a referee's words.
///
/// `holds` is said only of a claim about finitely many cases that were all checked; a claim
/// about every n is `proved` (by an exact identity for all n, see [`crate::literature::proof`]) or
/// `holds-in-range` (checked for n in a stated range, with the reason it stops there).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum VerdictKind {
    /// True for every n the claim speaks of, by algebra or an exact identity.
    Proved,
    /// A claim about finitely many cases (a value, a table, a constant, a finite search
    /// table): every case checked exactly.
    Holds,
    /// Checked for every n of [`Verdict::range`]; the claim speaks of more, and
    /// [`Verdict::reason`] says why the check stops there.
    HoldsInRange,
    /// False: [`Verdict::failure`] gives the first failing case, printed vs true.
    Fails,
    /// False as printed, true after the correction in [`Verdict::correction`].
    HoldsAfterCorrection,
    /// Not decided here; [`Verdict::reason`] says why.
    Unverifiable,
    /// A conjectured law of a sequence known only term by term (search optima): it fits
    /// every known term of [`Verdict::range`]; [`Verdict::reason`] says where the known
    /// terms end and how far they over-determine the law.
    Conjectured,
}

impl VerdictKind {
    /// Every verdict, in the order reports list them.
    pub const ALL: [VerdictKind; 7] = [
        VerdictKind::Fails,
        VerdictKind::HoldsAfterCorrection,
        VerdictKind::Unverifiable,
        VerdictKind::Conjectured,
        VerdictKind::HoldsInRange,
        VerdictKind::Holds,
        VerdictKind::Proved,
    ];

    /// The name used in JSON, CSV and reports (`holds-in-range`, ...).
    pub fn name(self) -> &'static str {
        match self {
            VerdictKind::Proved => "proved",
            VerdictKind::Holds => "holds",
            VerdictKind::HoldsInRange => "holds-in-range",
            VerdictKind::Fails => "fails",
            VerdictKind::HoldsAfterCorrection => "holds-after-correction",
            VerdictKind::Unverifiable => "unverifiable",
            VerdictKind::Conjectured => "conjectured",
        }
    }

    /// True for the verdicts that say the claim (as printed) is right where it was checked.
    pub fn is_positive(self) -> bool {
        matches!(
            self,
            VerdictKind::Proved | VerdictKind::Holds | VerdictKind::HoldsInRange
        )
    }
}

impl std::fmt::Display for VerdictKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// The first failure of a claim.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Failure {
    /// The n (or table row) where it first fails, if the claim is about a sequence.
    pub n: Option<i64>,
    /// What the document prints (or its formula gives) there.
    pub printed: String,
    /// The true value.
    pub actual: String,
}

/// An inclusive range of n.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct NRange {
    /// First n.
    pub from: i64,
    /// Last n; `i64::MAX` stands for "every n" (written `null` in JSON).
    #[serde(serialize_with = "unbounded_as_null")]
    pub to: i64,
}

fn unbounded_as_null<S: serde::Serializer>(to: &i64, s: S) -> Result<S::Ok, S::Error> {
    if *to == i64::MAX {
        s.serialize_none()
    } else {
        s.serialize_i64(*to)
    }
}

/// A claim with its verdict: the JSON contract of `hanoilab claims --format json` (`source`,
/// `statement`, `verdict`, `detail`, plus `range`, `reason`, `correction`, identification
/// and the first failure).
#[derive(Clone, Debug, Serialize)]
pub struct CheckedClaim {
    /// `file/id`.
    pub id: String,
    /// The document, cited by name (`Lunnon, The Tower of Hanoi and Variations`).
    pub document: String,
    /// `Author, Title, §Section`.
    pub source: String,
    /// As printed.
    pub statement: String,
    /// The variant, if the claim is about one.
    pub variant: Option<String>,
    /// Every variant the claim names (its own first, then those whose functions it calls);
    /// each variant's report page lists the claim.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub names: Vec<String>,
    /// The kind of claim.
    pub kind: String,
    /// What was shown (`verdict`, `detail`, `range`, `reason`, `correction`, `failure`,
    /// `polynomial`: flattened into the same JSON object; read them as `claim.verdict`,
    /// `claim.detail`, ... through `Deref`).
    #[serde(flatten)]
    pub outcome: Verdict,
}

/// What one check showed (the verdict part of a [`CheckedClaim`]).
#[derive(Clone, Debug, Serialize)]
pub struct Verdict {
    /// What was shown.
    pub verdict: VerdictKind,
    /// What was compared, and how.
    pub detail: String,
    /// For `holds-in-range`: the n checked (for `proved`: the first n of "every n >= ...").
    #[serde(skip_serializing_if = "Option::is_none")]
    pub range: Option<NRange>,
    /// For `holds-in-range`: why the check stops at the range; for `unverifiable`: why
    /// nothing was decided.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// For `holds-after-correction`: the correction.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub correction: Option<String>,
    /// The first failure (also for `holds-after-correction`: the printed error).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub failure: Option<Failure>,
    /// A printed characteristic polynomial's coefficients (degree 0 first), recorded for
    /// comparison with the true characteristic polynomial by the algebra module.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub polynomial: Option<Vec<String>>,
}

impl std::ops::Deref for CheckedClaim {
    type Target = Verdict;
    fn deref(&self) -> &Verdict {
        &self.outcome
    }
}

impl Verdict {
    pub(crate) fn new(verdict: VerdictKind, detail: impl Into<String>) -> Verdict {
        Verdict {
            verdict,
            detail: detail.into(),
            range: None,
            reason: None,
            correction: None,
            failure: None,
            polynomial: None,
        }
    }
}

/// A claim about finitely many cases, all checked.
pub(crate) fn holds(detail: impl Into<String>) -> Verdict {
    Verdict::new(VerdictKind::Holds, detail)
}

/// A claim about every n >= `from`, proved.
pub(crate) fn proved(detail: impl Into<String>, from: i64) -> Verdict {
    Verdict {
        range: Some(NRange { from, to: i64::MAX }),
        ..Verdict::new(VerdictKind::Proved, detail)
    }
}

/// A claim about more n than were checked.
pub(crate) fn holds_in_range(
    detail: impl Into<String>,
    from: i64,
    to: i64,
    reason: impl Into<String>,
) -> Verdict {
    ranged(
        VerdictKind::HoldsInRange,
        detail.into(),
        from,
        to,
        reason.into(),
    )
}

/// A conjectured law that fits every known term, n = `from..=to`.
pub(crate) fn conjectured(
    detail: impl Into<String>,
    from: i64,
    to: i64,
    reason: impl Into<String>,
) -> Verdict {
    ranged(
        VerdictKind::Conjectured,
        detail.into(),
        from,
        to,
        reason.into(),
    )
}

/// A verdict that covers n = `from..=to` and says why it stops there.
fn ranged(kind: VerdictKind, detail: String, from: i64, to: i64, reason: String) -> Verdict {
    Verdict {
        range: Some(NRange { from, to }),
        reason: Some(reason),
        ..Verdict::new(kind, detail)
    }
}

pub(crate) fn unverifiable(detail: impl Into<String>) -> Verdict {
    let detail = detail.into();
    Verdict {
        reason: Some(detail.clone()),
        ..Verdict::new(VerdictKind::Unverifiable, detail)
    }
}

pub(crate) fn fails(
    detail: impl Into<String>,
    n: Option<i64>,
    printed: String,
    actual: String,
) -> Verdict {
    Verdict {
        failure: Some(Failure { n, printed, actual }),
        ..Verdict::new(VerdictKind::Fails, detail)
    }
}

/// The verdict of a printed statement that failed, given the check of its recorded
/// `correction`: `holds-after-correction` (keeping the printed failure) when the corrected
/// statement holds, else the printed failure with the correction's own failure noted.
pub(crate) fn with_correction(printed: Verdict, corrected: Verdict, correction: &str) -> Verdict {
    if !corrected.verdict.is_positive() {
        return Verdict {
            detail: format!(
                "{}; the recorded correction {correction} fails too: {}",
                printed.detail, corrected.detail
            ),
            ..printed
        };
    }
    Verdict {
        verdict: VerdictKind::HoldsAfterCorrection,
        detail: format!(
            "as printed: {}; corrected to {correction}: {} ({})",
            printed.detail, corrected.detail, corrected.verdict
        ),
        correction: Some(correction.to_string()),
        range: corrected.range,
        reason: corrected.reason,
        ..printed
    }
}

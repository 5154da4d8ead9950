//! Why a claim or a `hanoilab check` could not be checked: the kinds a caller acts on.

use crate::literature::eval::EvalError;
use crate::program::ProgramError;
use crate::variants::{TargetError, VariantError};

/// Why the checker could not compare (never a verdict: a refuted claim is a verdict
/// `fails`, not an error). The message is the same for every kind; the kind says whose
/// business it is.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CheckError {
    /// The input: a target, formula, range, b-file or claim field that names nothing or
    /// does not parse, a value outside a sequence's domain.
    #[error("{0}")]
    Input(String),
    /// Larger than the checker's limits (digits, values of n, states, moves, precision),
    /// refused before or during the work.
    #[error("{0}")]
    TooLarge(String),
    /// A computation that should not fail did (a defect of the library or its data).
    #[error("{0}")]
    Internal(String),
}

impl CheckError {
    /// The same kind with the message prefixed (`what: message`).
    pub fn context(self, what: impl std::fmt::Display) -> CheckError {
        match self {
            CheckError::Input(m) => CheckError::Input(format!("{what}: {m}")),
            CheckError::TooLarge(m) => CheckError::TooLarge(format!("{what}: {m}")),
            CheckError::Internal(m) => CheckError::Internal(format!("{what}: {m}")),
        }
    }

    /// The message.
    pub fn message(&self) -> &str {
        match self {
            CheckError::Input(m) | CheckError::TooLarge(m) | CheckError::Internal(m) => m,
        }
    }
}

impl From<EvalError> for CheckError {
    fn from(e: EvalError) -> CheckError {
        match e {
            EvalError::TooLarge(_) | EvalError::Undecided(_) => CheckError::TooLarge(e.to_string()),
            EvalError::Unknown { .. } | EvalError::Domain(_) | EvalError::Sequence(_) => {
                CheckError::Input(e.to_string())
            }
        }
    }
}

impl From<VariantError> for CheckError {
    fn from(e: VariantError) -> CheckError {
        match &e {
            VariantError::Run { source, .. } if program_limit(source) => {
                CheckError::TooLarge(e.to_string())
            }
            VariantError::Algebra { .. } => CheckError::Internal(e.to_string()),
            _ => CheckError::Input(e.to_string()),
        }
    }
}

impl From<ProgramError> for CheckError {
    fn from(e: ProgramError) -> CheckError {
        if program_limit(&e) {
            CheckError::TooLarge(e.to_string())
        } else {
            CheckError::Input(e.to_string())
        }
    }
}

impl From<TargetError> for CheckError {
    fn from(e: TargetError) -> CheckError {
        match e {
            TargetError::Variant(v) => v.into(),
            other => CheckError::Input(other.to_string()),
        }
    }
}

/// Whether a program error is a limit of the counting engine (not a fault of the program).
fn program_limit(e: &ProgramError) -> bool {
    matches!(
        e,
        ProgramError::Overflow { .. }
            | ProgramError::TooLarge { .. }
            | ProgramError::LoopsTooLong { .. }
            | ProgramError::TooDeep { .. }
    )
}

impl From<crate::literature::formula::ParseError> for CheckError {
    fn from(e: crate::literature::formula::ParseError) -> CheckError {
        CheckError::Input(e.to_string())
    }
}

impl From<crate::facts::RecordsError> for CheckError {
    /// The record file is compiled in: one that does not parse is a defect.
    fn from(e: crate::facts::RecordsError) -> CheckError {
        CheckError::Internal(e.to_string())
    }
}

impl From<crate::search::SearchError> for CheckError {
    fn from(e: crate::search::SearchError) -> CheckError {
        use crate::search::SearchError::*;
        match e {
            MemoryLimit { .. } => CheckError::TooLarge(e.to_string()),
            Malformed(_) | NotApplicable(_) => CheckError::Input(e.to_string()),
            _ => CheckError::Internal(e.to_string()),
        }
    }
}

impl From<crate::variants::alternatives::AlternativeError> for CheckError {
    fn from(e: crate::variants::alternatives::AlternativeError) -> CheckError {
        use crate::variants::alternatives::AlternativeError;
        match e {
            AlternativeError::TooLarge(_) => CheckError::TooLarge(e.to_string()),
            _ => CheckError::Input(e.to_string()),
        }
    }
}

impl From<crate::puzzle::SimulationError> for CheckError {
    /// An illegal move of a variant's own algorithm: the variant (file) is at fault.
    fn from(e: crate::puzzle::SimulationError) -> CheckError {
        CheckError::Input(e.to_string())
    }
}

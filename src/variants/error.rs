//! Errors of variant files and their use.

use super::*;

/// Errors of variant files and their use.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum VariantError {
    /// No built-in variant has that id.
    #[error("unknown variant `{id}` (known: {known})")]
    UnknownVariant {
        /// The id asked for.
        id: String,
        /// The built-in ids.
        known: String,
    },
    /// The file could not be read.
    #[error("{path}: {message}")]
    Io {
        /// The path.
        path: String,
        /// The OS error.
        message: String,
        /// Its kind (a missing file is the user's input, a failing disk is not).
        kind: std::io::ErrorKind,
    },
    /// The file is not valid TOML or misses/mistypes a field.
    #[error("{origin}:{line}:{col}: {message}")]
    Malformed {
        /// File name or `builtin:<id>`.
        origin: String,
        /// Line, from 1.
        line: usize,
        /// Column, from 1.
        col: usize,
        /// What is wrong.
        message: String,
    },
    /// The recursion program (or a function's call) has an error; line and column are in the file.
    #[error("{origin}:{line}:{col}: {context}: {source}")]
    Program {
        /// File name or `builtin:<id>`.
        origin: String,
        /// Line in the file, from 1.
        line: usize,
        /// Column in the file, from 1.
        col: usize,
        /// Where (program, or function `X`'s call).
        context: String,
        /// The program error.
        source: ProgramError,
    },
    /// No function of that name.
    #[error("variant `{variant}` has no function `{name}` (functions: {known})")]
    UnknownFunction {
        /// Variant id.
        variant: String,
        /// The name asked for.
        name: String,
        /// Known names.
        known: String,
    },
    /// A parameter that the variant does not have, or a value out of range.
    #[error("variant `{variant}`: {message}")]
    BadParameter {
        /// Variant id.
        variant: String,
        /// What is wrong.
        message: String,
    },
    /// The algebra failed on the derived transfer system.
    #[error("variant `{variant}`: algebra of the transfer matrix: {message}")]
    Algebra {
        /// Variant id.
        variant: String,
        /// What went wrong.
        message: String,
    },
    /// A run-time error of the program (no clause applies, ...).
    #[error("variant `{variant}`, function `{function}`, n = {n}: {source}")]
    Run {
        /// Variant id.
        variant: String,
        /// Function.
        function: String,
        /// n.
        n: i64,
        /// The error.
        source: ProgramError,
    },
    /// The function has no program (a file with rules, start and goal but no `call`): it can
    /// be searched, not counted, simulated or analysed.
    #[error("variant `{variant}`, function `{function}` has no program (no `call`): it can be searched (`hanoilab search`, `guess --optimum`, claims on its optimum), not counted or simulated")]
    NoProgram {
        /// Variant id.
        variant: String,
        /// Function.
        function: String,
    },
    /// The simulation failed: an illegal move or the goal not reached.
    #[error("variant `{variant}`, function `{function}`, n = {n}: {source}")]
    Simulation {
        /// Variant id.
        variant: String,
        /// Function.
        function: String,
        /// n.
        n: i64,
        /// The error.
        source: SimulationError,
    },
}

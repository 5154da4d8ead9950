//! The command-line interface, as a library module so it can be tested directly.
//!
//! Stage one ([`args`]) is plain clap parsing; stage two ([`validate`]) resolves and checks
//! every value before any work starts; the commands then call the library and print.

pub mod args;
pub mod bench;
pub mod bidirectional_cmd;
pub mod charpoly_cmd;
pub mod claims_cmd;
pub mod commands;
pub mod common;
pub mod graph_cmd;
pub mod growth_cmd;
pub mod guess_cmd;
pub mod halfway_cmd;
pub mod matrix_cmd;
pub mod plot_cmd;
pub mod progress;
pub mod records;
pub mod report_cmd;
pub mod search_cmd;
pub mod search_dist;
pub mod sequences_cmd;
pub mod shell_cmd;
pub mod validate;

pub use args::{Cli, Command, Format};

use crate::literature::check::CheckError;
use crate::variants::hanoivar::HanoiVarError;
use crate::variants::{TargetError, VariantError};
use std::fmt;

/// A command-line failure: a message for the user and the exit status — 2 for the input
/// (a target, flag, formula or file content; a missing file; a limit exceeded before the
/// work), 1 for a refuted verdict and for what the system refused (a full disk, a file it
/// cannot read), 0 for the quiet end of a closed pipe. The `From` conversions of the
/// library's errors choose among them by kind.
#[derive(Debug)]
pub struct CliError {
    message: String,
    code: u8,
}

impl CliError {
    /// Bad input from the user (exit status 2).
    pub fn input(message: impl Into<String>) -> CliError {
        CliError {
            message: message.into(),
            code: 2,
        }
    }

    /// A failure that is not the user's input (exit status 1).
    pub fn failure(message: impl Into<String>) -> CliError {
        CliError {
            message: message.into(),
            code: 1,
        }
    }

    /// A write to stdout failed: a closed pipe (the reader has all it wants, e.g. `| head`)
    /// is a quiet success; anything else (a full disk) is a failure (exit status 1).
    pub fn from_write(e: std::io::Error) -> CliError {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            CliError {
                message: String::new(),
                code: 0,
            }
        } else {
            CliError::failure(format!("cannot write the output: {e}"))
        }
    }

    /// A verdict `fails` of `check` or `claims`, after the output is printed (exit status
    /// 1, so a script or CI stops on a refuted formula).
    pub fn refuted(message: impl Into<String>) -> CliError {
        CliError {
            message: message.into(),
            code: 1,
        }
    }

    /// Whether this is the quiet end of a closed pipe (nothing to report, exit status 0).
    pub fn is_closed_pipe(&self) -> bool {
        self.code == 0
    }

    /// The exit status to return.
    pub fn exit_code(&self) -> u8 {
        self.code
    }
}

/// Whether an error reading a file the user named is the user's input (exit status 2: no
/// such file, a folder, not UTF-8 text) rather than a failure of the system (exit status 1:
/// permission, a device error, a full disk).
pub fn io_kind_is_input(kind: std::io::ErrorKind) -> bool {
    use std::io::ErrorKind::*;
    matches!(
        kind,
        NotFound | InvalidData | InvalidInput | IsADirectory | NotADirectory | InvalidFilename
    )
}

impl CliError {
    /// An error reading or writing a file: exit status 2 when the user named the wrong
    /// thing ([`io_kind_is_input`]), 1 when the system failed.
    pub fn from_io(message: impl Into<String>, e: &std::io::Error) -> CliError {
        if io_kind_is_input(e.kind()) {
            CliError::input(message)
        } else {
            CliError::failure(message)
        }
    }
}

impl From<VariantError> for CliError {
    /// A variant file that cannot be read for a reason other than the user's input is a
    /// failure (exit status 1); every other variant error is the input (exit status 2).
    fn from(e: VariantError) -> CliError {
        match &e {
            VariantError::Io { kind, .. } if !io_kind_is_input(*kind) => {
                CliError::failure(e.to_string())
            }
            _ => CliError::input(e.to_string()),
        }
    }
}

impl From<TargetError> for CliError {
    /// A target that names nothing is the input (exit status 2), except a variant file
    /// the system cannot read and a defect of the embedded HanoiVar table (exit status 1).
    fn from(e: TargetError) -> CliError {
        match e {
            TargetError::Variant(v) => v.into(),
            TargetError::HanoiVar(HanoiVarError::Data(_)) => CliError::failure(e.to_string()),
            _ => CliError::input(e.to_string()),
        }
    }
}

impl From<CheckError> for CliError {
    /// Bad input and a check past its limits exit with status 2 (nothing computed, or the
    /// work refused); a defect of the checker with 1.
    fn from(e: CheckError) -> CliError {
        match e {
            CheckError::Input(m) | CheckError::TooLarge(m) => CliError::input(m),
            CheckError::Internal(m) => CliError::failure(m),
        }
    }
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for CliError {}

/// Runs one parsed command.
pub fn run(cli: Cli) -> Result<(), CliError> {
    progress::set_quiet(cli.quiet);
    validate::check_format(&cli.command)?;
    match cli.command {
        Command::List { format, hanoivar } => {
            if hanoivar {
                commands::list_hanoivar(format)
            } else {
                commands::list(format)
            }
        }
        Command::Show {
            variant,
            params,
            format,
        } => commands::show(&variant, &params.params, format),
        Command::Nth {
            target,
            n,
            n_flag,
            max_digits,
            log10,
            digits,
            params,
            format,
        } => {
            // clap requires exactly one of the two spellings.
            let n = n
                .or(n_flag)
                .ok_or_else(|| CliError::input("nth: give the number of discs, N or -n N"))?;
            if log10 || digits.is_some() {
                commands::nth_digits(
                    &target,
                    &n,
                    &params.params,
                    max_digits,
                    log10,
                    digits,
                    format,
                )
            } else {
                commands::nth(&target, &n, &params.params, max_digits, format)
            }
        }
        Command::Table {
            target,
            range,
            params,
            no_simulate,
            max_digits,
            format,
        } => commands::table(
            &target,
            &range,
            &params.params,
            !no_simulate,
            max_digits,
            format,
        ),
        Command::Plot {
            targets,
            range,
            kind,
            output,
            max_digits,
            from,
            to,
            all_pairs,
            params,
        } => plot_cmd::plot_cmd(
            &targets,
            &range,
            kind,
            &output,
            &params.params,
            max_digits,
            plot_cmd::Ends {
                from: from.as_deref(),
                to: to.as_deref(),
                all_pairs,
            },
        ),
        Command::Simulate {
            target,
            n,
            algorithm,
            trace,
            max_moves,
            max_digits,
            params,
            format,
        } => commands::simulate(
            &target,
            &n,
            algorithm.as_deref(),
            trace,
            &params.params,
            commands::Limits {
                max_moves,
                max_digits,
            },
            format,
        ),
        Command::FrameStewart {
            pegs,
            discs,
            splits,
            format,
        } => sequences_cmd::frame_stewart_cmd(&pegs, &discs, splits, format),
        Command::Star { discs, format } => sequences_cmd::star_cmd(&discs, format),
        Command::Graph {
            target,
            n,
            max_states,
            threads,
            params,
            guess,
            format,
        } => graph_cmd::graph_cmd(
            &target,
            &n,
            max_states,
            threads.as_deref(),
            &params.params,
            guess,
            format,
        ),
        Command::Bench { which } => bench::bench(which.as_deref()),
        Command::Completions { shell } => shell_cmd::completions(shell),
        Command::Man => shell_cmd::man(),
        Command::Guess {
            source,
            terms,
            first_n,
            range,
            optimum,
            confirmations,
            max_order,
            max_degree,
            max_period,
            digits,
            params,
            format,
        } => guess_cmd::guess_cmd(
            &guess_cmd::GuessSource {
                source: source.as_deref(),
                terms: terms.as_deref(),
                first_n,
                range: range.as_deref(),
                params: &params.params,
                optimum: optimum.source(),
            },
            guess_cmd::GuessLimits {
                confirmations,
                max_order,
                max_degree,
                max_period,
                digits,
            },
            format,
        ),
        Command::Growth {
            target,
            digits,
            params,
            format,
        } => growth_cmd::growth_cmd(&target, &params.params, digits as usize, &format),
        Command::Charpoly {
            variant,
            factor,
            params,
            format,
        } => charpoly_cmd::charpoly_cmd(&variant, factor, &params.params, format),
        Command::Report {
            out,
            quick,
            html,
            only: None,
        } => report_cmd::report_cmd(&out, quick, html.as_deref()),
        Command::Report {
            out,
            quick,
            only: Some(only),
            ..
        } => report_cmd::report_only_cmd(&out, quick, &only),
        Command::Matrix {
            file,
            options,
            digits,
            max_digits,
            format,
        } => matrix_cmd::matrix_cmd(&file, &options, digits, max_digits, format),
        Command::Search {
            target,
            n,
            count,
            solution,
            layers,
            memory_limit,
            explore_all,
            threads,
            record,
            checkpoint,
            resume,
            scratch,
            checkpoint_every,
            halfway,
            bidirectional,
            sparse,
            from,
            to,
            params,
            dist,
            format,
        } => search_cmd::search_cmd(
            &target,
            &n,
            search_cmd::SearchFlags {
                count,
                solution,
                layers,
                explore_all,
                memory_limit: memory_limit.as_deref(),
                threads: threads.as_deref(),
                record: record.as_deref(),
                checkpoint: checkpoint.as_deref(),
                resume: resume.as_deref(),
                scratch: scratch.as_deref(),
                checkpoint_every: checkpoint_every.as_deref(),
                halfway,
                bidirectional,
                sparse,
                from: from.as_deref(),
                to: to.as_deref(),
            },
            &params.params,
            &dist,
            format,
        ),
        Command::Claims {
            variant,
            file,
            format,
            no_fail_exit,
            searches,
        } => claims_cmd::resources(&searches)
            .and_then(|res| match file {
                Some(file) => claims_cmd::claims_file(&file, variant.as_deref(), format, &res),
                None => claims_cmd::claims(variant.as_deref(), format, &res),
            })
            .and_then(|checked| claims_cmd::fail_exit(&checked, no_fail_exit)),
        Command::Check {
            target,
            formula,
            range,
            asymptotic,
            bfile,
            max_digits,
            params,
            format,
            no_fail_exit,
            optimum,
        } => claims_cmd::check(
            &target,
            formula.as_deref(),
            &range,
            asymptotic,
            bfile.as_deref(),
            &params.params,
            max_digits,
            format,
            optimum.source(),
        )
        .and_then(|verdict| claims_cmd::check_fail_exit(&target, verdict, no_fail_exit)),
    }
}

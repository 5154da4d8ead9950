//! The `hanoilab` command line: a thin shell over the library (see `hanoilab::cli`).

use clap::Parser;
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = match hanoilab::cli::Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            // clap prints help/version to stdout with exit 0, usage errors to stderr with 2.
            let code = if e.use_stderr() { 2 } else { 0 };
            // Not println!: it panics on a closed stream. A help text that cannot be written
            // (a full disk) is a failure like any other lost output; a closed pipe is not.
            if let Err(w) = e.print() {
                if w.kind() != std::io::ErrorKind::BrokenPipe {
                    use std::io::Write;
                    let _ = writeln!(std::io::stderr(), "hanoilab: cannot write the output: {w}");
                    return ExitCode::from(1);
                }
            }
            return ExitCode::from(code);
        }
    };
    match hanoilab::cli::run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            if !e.is_closed_pipe() {
                use std::io::Write;
                // Not eprintln!: it panics when stderr is closed.
                let _ = writeln!(std::io::stderr(), "hanoilab: {e}");
            }
            ExitCode::from(e.exit_code())
        }
    }
}

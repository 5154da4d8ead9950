//! The `hanoilab` command line: a thin shell over the library (see `hanoilab::cli`).

use clap::Parser;
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = match hanoilab::cli::Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            // clap prints help/version to stdout with exit 0, usage errors to stderr with 2.
            let code = if e.use_stderr() { 2 } else { 0 };
            let _ = e.print(); // never panics, unlike println!
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

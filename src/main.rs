//! The `hanoilab` command line: a thin shell over the library.

use std::process::ExitCode;

fn main() -> ExitCode {
    eprintln!("hanoilab: the command line is being assembled; see README.md");
    ExitCode::from(2)
}

//! `hanoilab completions SHELL` and `hanoilab man`: the shell completion script and the man
//! page, both generated from the clap definition of the arguments ([`super::args::Cli`]), so
//! they name every subcommand and flag there is.

use super::args::Cli;
use super::common::emit;
use super::CliError;
use clap::CommandFactory;

/// Prints the completion script for `shell` (bash, elvish, fish, powershell, zsh).
pub fn completions(shell: clap_complete::Shell) -> Result<(), CliError> {
    let mut command = Cli::command();
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut command, "hanoilab", &mut script);
    emit(&String::from_utf8_lossy(&script))
}

/// Prints the man page (roff): the synopsis, every subcommand and the version.
pub fn man() -> Result<(), CliError> {
    let mut page = Vec::new();
    clap_mangen::Man::new(Cli::command())
        .render(&mut page)
        .map_err(|e| CliError::failure(format!("cannot write the man page: {e}")))?;
    emit(&String::from_utf8_lossy(&page))
}

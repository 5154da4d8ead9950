//! Command-line arguments (stage one: plain clap structs, no validation beyond syntax).

use clap::{Args, Parser, Subcommand, ValueEnum};
use std::path::PathBuf;

/// Default of `--max-digits`: about 10 MB of decimal output.
pub const DEFAULT_MAX_DIGITS: u64 = 10_000_000;

/// Default of `graph --max-states`: a search from every state costs states squared, about
/// 10 s for the 59,049 states of the classic puzzle with 10 discs.
pub const DEFAULT_MAX_GRAPH_STATES: u64 = 100_000;

/// Default of `simulate --max-moves`: a few minutes of checked moves in a release build.
pub const DEFAULT_MAX_MOVES: u64 = 100_000_000_000;

/// Exact mathematics of Tower of Hanoi variants.
#[derive(Debug, Parser)]
#[command(name = "hanoilab", version, propagate_version = true, about, long_about = None)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
    /// No progress or notes on standard error (errors are still printed).
    #[arg(short = 'q', long, global = true)]
    pub quiet: bool,
}

/// Output formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// Aligned text for people (the default).
    Human,
    /// Comma-separated values.
    Csv,
    /// JSON for scripts.
    Json,
    /// Markdown.
    Md,
    /// OEIS b-file (`n a(n)` lines).
    Bfile,
}

/// What `matrix` computes besides the file's echo: the flags, passed on as they are.
#[derive(Clone, Debug, Default, PartialEq, Eq, Args)]
pub struct MatrixOptions {
    /// Also print the exact N-th term of every component.
    #[arg(long)]
    pub nth: Option<u64>,
    /// With --nth: only these components (names, comma-separated or repeated); prints
    /// only their N-th terms.
    #[arg(long, value_name = "NAME")]
    pub only: Vec<String>,
    /// Skip the per-component analysis: with --nth print only the N-th terms, without it
    /// the characteristic polynomial, its factors and their certified roots.
    #[arg(long)]
    pub no_analysis: bool,
    /// Run the per-component analysis even above 16 components, or when components times
    /// the bits of the largest characteristic polynomial coefficient exceed 1024 (skipped
    /// there by default).
    #[arg(long)]
    pub analysis: bool,
}

/// Options shared by commands that name a variant.
#[derive(Debug, Args, Clone)]
pub struct ParamArgs {
    /// Extra parameters other than n, e.g. `--param l=3`.
    #[arg(long = "param", value_name = "K=V")]
    pub params: Vec<String>,
}

/// `--optimum` and where its terms come from (`guess`, `check`).
#[derive(Debug, Args, Clone)]
pub struct OptimumArgs {
    /// Use the function's search optima (the minimum number of moves of its puzzle at each
    /// n: recorded runs, else a search within --max-states) instead of its algorithm's
    /// counts.
    #[arg(long)]
    pub optimum: bool,
    /// With --optimum: the largest state space searched for a term (a larger n must come
    /// from the records).
    #[arg(long, value_name = "N", default_value_t = super::guess_cmd::DEFAULT_OPTIMUM_STATES)]
    pub max_states: u64,
    /// With --optimum: the memory limit of each search (`512M`, `2G`; default: the
    /// search's own).
    #[arg(long, value_name = "BYTES")]
    pub memory_limit: Option<String>,
    /// With --optimum: also read recorded runs from this CSV file (the format
    /// `search --record` writes), beside the built-in records.
    #[arg(long, value_name = "FILE")]
    pub records: Option<std::path::PathBuf>,
}

impl OptimumArgs {
    /// The flags as `--optimum` reads them, when it is given.
    pub fn source(&self) -> Option<super::guess_cmd::OptimumSource<'_>> {
        self.optimum.then_some(super::guess_cmd::OptimumSource {
            max_states: self.max_states,
            memory_limit: self.memory_limit.as_deref(),
            records: self.records.as_deref(),
        })
    }
}

/// The searches of `claims`: their budget and recorded runs beside the built-in ones.
#[derive(Debug, Args, Clone)]
pub struct ClaimSearchArgs {
    /// The largest dense state space a search or conjecture claim searches (a larger n is
    /// answered by the records, or left out and named in the verdict).
    #[arg(long, value_name = "N", default_value_t = crate::facts::SearchBudget::CLAIMS.max_states)]
    pub max_states: u64,
    /// The largest state space whose minimal move sequences are counted.
    #[arg(long, value_name = "N", default_value_t = crate::facts::SearchBudget::CLAIMS.count_states)]
    pub count_states: u64,
    /// The memory limit of each search (`512M`, `2G`), also of the puzzles with equal discs,
    /// which have no dense index (default: 48M for those).
    #[arg(long, value_name = "BYTES")]
    pub memory_limit: Option<String>,
    /// Also read recorded runs from this CSV file (the format `search --record` writes),
    /// beside the built-in records.
    #[arg(long, value_name = "FILE")]
    pub records: Option<std::path::PathBuf>,
}

/// The subcommands.
// Parsed once per process: the size of the largest variant (`search`'s flags) costs nothing.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Subcommand)]
pub enum Command {
    /// One variant id per line, with a one-line description.
    List {
        /// Output format.
        #[arg(long, value_enum, default_value = "human")]
        format: Format,
        /// List Lunnon's HanoiVar menu names with their variant functions and his comments.
        #[arg(long)]
        hanoivar: bool,
    },
    /// Rules, programs and transfer matrix of a variant (id or path to a variant file).
    Show {
        /// Variant id or path to a variant TOML file (`-`: read from standard input).
        variant: String,
        /// Extra parameters.
        #[command(flatten)]
        params: ParamArgs,
        /// Output format.
        #[arg(long, value_enum, default_value = "human")]
        format: Format,
    },
    /// The exact count of VARIANT[.FUNCTION] for N discs (the integer alone).
    Nth {
        /// Variant id (or path; `-` reads it from standard input), optionally with `.FUNCTION`.
        target: String,
        /// Number of discs (or give it as `-n N`).
        #[arg(value_name = "N", required_unless_present = "n_flag")]
        n: Option<String>,
        /// Number of discs, as every command spells it (instead of the bare N).
        #[arg(
            id = "n_flag",
            short = 'n',
            long = "n",
            value_name = "N",
            conflicts_with = "n"
        )]
        n_flag: Option<String>,
        /// Refuse (before computing) answers with more decimal digits than this.
        #[arg(long, value_name = "D", default_value_t = DEFAULT_MAX_DIGITS)]
        max_digits: u64,
        /// Print log10 of the answer with a certified error bound instead of the answer
        /// (works for answers far too large to print).
        #[arg(long)]
        log10: bool,
        /// Print the leading and the last K digits of the answer instead of the answer (the
        /// last exactly by arithmetic modulo 10^K; the leading only as far as certified).
        #[arg(long, value_name = "K", value_parser = clap::value_parser!(u64).range(1..=100_000))]
        digits: Option<u64>,
        /// Extra parameters.
        #[command(flatten)]
        params: ParamArgs,
        /// Output format.
        #[arg(long, value_enum, default_value = "human")]
        format: Format,
    },
    /// A table of counts: recurrence, simulation and (where known) the search optimum.
    Table {
        /// Variant id (or path; `-` reads it from standard input), optionally with `.FUNCTION`.
        target: String,
        /// Discs: a range `A..B` (inclusive) or a single N.
        #[arg(short = 'n', long = "n", value_name = "A..B", default_value = "1..10")]
        range: String,
        /// Extra parameters.
        #[command(flatten)]
        params: ParamArgs,
        /// Skip the simulation column.
        #[arg(long)]
        no_simulate: bool,
        /// Refuse (before computing) tables with more decimal digits than this.
        #[arg(long, value_name = "D", default_value_t = DEFAULT_MAX_DIGITS)]
        max_digits: u64,

        /// Output format.
        #[arg(long, value_enum, default_value = "human")]
        format: Format,
    },
    /// Draw the counts of one or more targets (their ratio a(n+1)/a(n), their distance
    /// from the dominant term, or the roots of the characteristic polynomial) as SVG or PNG.
    Plot {
        /// Targets, comma-separated: VARIANT[.FUNCTION] or a variant file (`-`: standard input).
        targets: String,
        /// Discs: a range `A..B` (inclusive; at most 10,000 values) or a single N.
        #[arg(short = 'n', long = "n", value_name = "A..B", default_value = "1..40")]
        range: String,
        /// What to draw.
        #[arg(long, value_enum, default_value = "counts")]
        kind: PlotKind,
        /// The picture to write, FILE.svg or FILE.png (written whole or not at all).
        #[arg(short = 'o', long = "output", value_name = "FILE")]
        output: PathBuf,
        /// Refuse (before computing) plots whose counts have more decimal digits than this.
        #[arg(long, value_name = "D", default_value_t = DEFAULT_MAX_DIGITS)]
        max_digits: u64,
        /// `--kind graph` and `distances`: the configuration to start from, a pin per disc
        /// largest first (`0120`) or `tower:P` (`@FILE` reads it from a file); default the
        /// function's start.
        #[arg(long, value_name = "CONFIG")]
        from: Option<String>,
        /// `--kind graph`: the configuration the drawn shortest path ends at; default the
        /// function's goal.
        #[arg(long, value_name = "CONFIG")]
        to: Option<String>,
        /// `--kind distances`: over all pairs of states instead of from one.
        #[arg(long)]
        all_pairs: bool,
        /// Extra parameters.
        #[command(flatten)]
        params: ParamArgs,
    },
    /// Play the variant's algorithm under its rules, checking every move and the goal.
    Simulate {
        /// Variant id (or path; `-` reads it from standard input), optionally with `.FUNCTION`.
        target: String,
        /// Number of discs (`--discs N` is the same flag).
        #[arg(short = 'n', long = "n", visible_alias = "discs", value_name = "N")]
        n: String,
        /// An alternative algorithm by name (see `show`).
        #[arg(long)]
        algorithm: Option<String>,
        /// Print every move.
        #[arg(long)]
        trace: bool,
        /// Refuse (before simulating) runs of more moves than this.
        #[arg(long, value_name = "M", default_value_t = DEFAULT_MAX_MOVES)]
        max_moves: u64,
        /// Refuse (before computing) move counts with more decimal digits than this.
        #[arg(long, value_name = "D", default_value_t = DEFAULT_MAX_DIGITS)]
        max_digits: u64,

        /// Extra parameters.
        #[command(flatten)]
        params: ParamArgs,
        /// Output format.
        #[arg(long, value_enum, default_value = "human")]
        format: Format,
    },
    /// How a function grows: λ, the dominant term, the minimal recurrence with its start,
    /// the generating function and the closed form (without a transfer system: the growth
    /// the literature states, and the measured ratios).
    Growth {
        /// Variant id (or path; `-` reads it from standard input), optionally with `.FUNCTION`.
        target: String,
        /// Certified digits of λ and the constants.
        #[arg(long, value_parser = clap::value_parser!(u64).range(1..=1000), default_value_t = 30)]
        digits: u64,
        /// Extra parameters.
        #[command(flatten)]
        params: ParamArgs,
        /// Output format: human, json, md or tex.
        #[arg(long, default_value = "human")]
        format: String,
    },
    /// Characteristic polynomial of a variant's derived transfer matrix.
    Charpoly {
        /// Variant id or path.
        variant: String,
        /// Also factor it over Q.
        #[arg(long)]
        factor: bool,
        /// Extra parameters.
        #[command(flatten)]
        params: ParamArgs,
        /// Output format.
        #[arg(long, value_enum, default_value = "human")]
        format: Format,
    },
    /// Analyse a user's matrix: TOML with `matrix = [[...]]`, `initial = [...]`, optional `names`.
    Matrix {
        /// The matrix file (`-`: standard input).
        file: PathBuf,
        /// What to compute besides the file's echo.
        #[command(flatten)]
        options: MatrixOptions,
        /// Certified digits for roots and constants.
        #[arg(long, default_value_t = 30)]
        digits: usize,
        /// Refuse (before computing) N-th terms with more decimal digits than this in all.
        #[arg(long, value_name = "D", default_value_t = DEFAULT_MAX_DIGITS)]
        max_digits: u64,
        /// Output format.
        #[arg(long, value_enum, default_value = "human")]
        format: Format,
    },
    /// Frame–Stewart numbers T(n, p): one value, or a table when given ranges.
    FrameStewart {
        /// Number of pegs (or a range A..B).
        #[arg(long)]
        pegs: String,
        /// Number of discs, or a range `A..B` (`--discs` is the same flag).
        #[arg(
            short = 'n',
            long = "n",
            visible_alias = "discs",
            value_name = "N or A..B"
        )]
        discs: String,
        /// Also print the set of optimal split sizes k.
        #[arg(long)]
        splits: bool,
        /// Output format.
        #[arg(long, value_enum, default_value = "human")]
        format: Format,
    },
    /// Star-puzzle numbers S(n) (Stockmeyer's star, Lunnon's Four-Star).
    Star {
        /// Number of discs, or a range `A..B` (`--discs` is the same flag).
        #[arg(
            short = 'n',
            long = "n",
            visible_alias = "discs",
            value_name = "N or A..B"
        )]
        discs: String,
        /// Output format.
        #[arg(long, value_enum, default_value = "human")]
        format: Format,
    },
    /// Exhaustive breadth-first search: the true optimum.
    Search {
        /// Variant id (or path; `-` reads it from standard input), optionally with `.FUNCTION`.
        target: String,
        /// Number of discs, or a range `A..B`: one search per n, printed as a table (a b-file
        /// of the minima with `--format bfile`). `--discs N` is the same flag.
        #[arg(
            short = 'n',
            long = "n",
            visible_alias = "discs",
            value_name = "N|A..B"
        )]
        n: String,
        /// Count the optimal solutions.
        #[arg(long)]
        count: bool,
        /// Print one optimal solution.
        #[arg(long)]
        solution: bool,
        /// Print the layer sizes.
        #[arg(long)]
        layers: bool,
        /// Refuse runs whose memory estimate exceeds this: bytes (`1e9`) or a number with a
        /// binary unit (`8G`, `1.5G`, `512MiB`; K, M, G, T are powers of 1024).
        #[arg(long)]
        memory_limit: Option<String>,
        /// Explore the whole reachable graph after the goal (reachable states, eccentricity).
        #[arg(long)]
        explore_all: bool,
        /// Worker threads (default: all cores).
        #[arg(long)]
        threads: Option<String>,
        /// Append the result as a row of this CSV file (the header is written when the file
        /// is new): puzzle, n, minimum, optimal_solutions, states_reached, eccentricity,
        /// wall_seconds, peak_bytes, version, method, cpu_seconds.
        #[arg(long)]
        record: Option<String>,
        /// Write a checkpoint to this directory after completed layers (atomically: a kill
        /// at any instant leaves the previous complete one); removed when the search ends.
        #[arg(long, value_name = "DIR")]
        checkpoint: Option<String>,
        /// Continue the search from the checkpoint in DIR (the same puzzle, n and flags).
        #[arg(long, value_name = "DIR", conflicts_with = "checkpoint")]
        resume: Option<String>,
        /// Scratch directory: checkpoints go to DIR/checkpoint-VARIANT.FUNCTION-nN unless
        /// --checkpoint or --resume names one.
        #[arg(long, value_name = "DIR")]
        scratch: Option<String>,
        /// Least seconds between two checkpoints (0: after every layer; default: after
        /// every layer unless writing them takes over a tenth of the run).
        #[arg(long, value_name = "SECONDS")]
        checkpoint_every: Option<String>,
        /// Korf's half-way search with the pins other than the start's identified (one
        /// tower to another on a complete move graph, fixed colours, equal bases: Reve's
        /// puzzle on any pegs, Checkers): the minimum only.
        #[arg(long)]
        halfway: bool,
        /// Meet in the middle: layers grow from the start and from the goal until they meet
        /// (puzzles whose every move can be undone: Reve's, stars, four-in-a-row, Reversi):
        /// the minimum and, with --count, the number of optimal solutions.
        #[arg(long, conflicts_with = "halfway")]
        bidirectional: bool,
        /// Keep the visited states in a hash set instead of bitsets over the whole index
        /// space (sequential; for puzzles that reach a small fraction of their index space:
        /// Domino, Lundon, Reversi).
        #[arg(long)]
        sparse: bool,
        /// Start from this configuration instead of the function's: the pin of each disc,
        /// largest first (`0120`; comma-separated past 10 pins), or `tower:P`. The classic
        /// three-pin puzzle is then answered by Hinz's recursion, any number of discs.
        /// `@FILE` reads the configuration from FILE.
        #[arg(long, value_name = "CONFIG")]
        from: Option<String>,
        /// End at this configuration instead of the function's goal (as --from).
        #[arg(long, value_name = "CONFIG")]
        to: Option<String>,
        /// Extra parameters.
        #[command(flatten)]
        params: ParamArgs,
        /// The distributed search (any of these flags selects it).
        #[command(flatten)]
        dist: DistArgs,
        /// Output format.
        #[arg(long, value_enum, default_value = "human")]
        format: Format,
    },
    /// Statistics of the whole state graph: vertices, edges, degrees, diameter, radius,
    /// average distance, Wiener index, pairs with several shortest paths; with `-n A..B` a
    /// row per n, and with --guess the law each statistic follows.
    Graph {
        /// Variant id (or path), optionally with `.FUNCTION` (its rules and start: the
        /// graph is the states the start reaches).
        target: String,
        /// Number of discs, or a range `A..B`: a row per n (`--discs` is the same flag).
        #[arg(
            short = 'n',
            long = "n",
            visible_alias = "discs",
            value_name = "N|A..B"
        )]
        n: String,
        /// Refuse (before any work) graphs that may have more states than this.
        #[arg(long, value_name = "N", default_value_t = DEFAULT_MAX_GRAPH_STATES)]
        max_states: u64,
        /// Worker threads (default: all cores).
        #[arg(long)]
        threads: Option<String>,
        /// Extra parameters.
        #[command(flatten)]
        params: ParamArgs,
        /// With a range of n: conjecture a law for each statistic from its terms (the
        /// guesser of `hanoilab guess`, with this many confirming terms).
        #[arg(long, value_name = "CONFIRMATIONS", num_args = 0..=1, default_missing_value = "2")]
        guess: Option<usize>,
        /// Output format: human, json or csv.
        #[arg(long, value_enum, default_value = "human")]
        format: Format,
    },
    /// Recorded claims from the literature, with verdicts. Exit status 1 when a verdict is
    /// `fails` (after printing them all; --no-fail-exit for 0), 2 for bad input.
    Claims {
        /// Only the claims about this variant (or document).
        variant: Option<String>,
        /// Check the claims of this file (the format of `data/literature/*.toml`) instead of
        /// the built-in ones; a fault anywhere in it is reported as FILE:LINE:COLUMN before
        /// any claim is checked (`-`: standard input).
        #[arg(long)]
        file: Option<std::path::PathBuf>,
        /// Output format.
        #[arg(long, value_enum, default_value = "human")]
        format: Format,
        /// Exit with status 0 even when a verdict is `fails`.
        #[arg(long)]
        no_fail_exit: bool,
        /// The budget of the claims' searches.
        #[command(flatten)]
        searches: ClaimSearchArgs,
    },
    /// Check a formula (or a b-file) against a sequence. Exit status 1 when the verdict is
    /// `fails` (after printing it; --no-fail-exit for 0), 2 for bad input.
    Check {
        /// VARIANT.FUNCTION, a named sequence of n (`S`, `T`, `a`, `starsplit`,
        /// `cyclicblue`, `yang`), or a formula over named sequences such as `FS(n, 4)`.
        target: String,
        /// The formula in n, e.g. "12*2^n - 8*n - 10".
        formula: Option<String>,
        /// Discs: a range `A..B` (inclusive) or a single N.
        #[arg(short = 'n', long = "n", value_name = "A..B", default_value = "1..30")]
        range: String,
        /// Compare the asymptotic ratio instead of exact values.
        #[arg(long)]
        asymptotic: bool,
        /// Compare with an OEIS-style b-file instead of a formula (`-`: standard input).
        #[arg(long)]
        bfile: Option<PathBuf>,
        /// Refuse (before computing) checks whose values have with more decimal digits than this.
        #[arg(long, value_name = "D", default_value_t = DEFAULT_MAX_DIGITS)]
        max_digits: u64,

        /// Extra parameters.
        #[command(flatten)]
        params: ParamArgs,
        /// Output format.
        #[arg(long, value_enum, default_value = "human")]
        format: Format,
        /// Exit with status 0 even when the verdict is `fails`.
        #[arg(long)]
        no_fail_exit: bool,
        /// Compare the formula (a law in n that may use the optima `a(n-1)`, ...) with the
        /// function's search optima instead of its counts: `conjectured` when it fits every
        /// known optimum, `fails` at the first n it misses.
        #[command(flatten)]
        optimum: OptimumArgs,
    },
    /// Regenerate data/tables/ and reports/ (Markdown, plots, and HTML pages under
    /// reports/html/), or under DIR.
    Report {
        /// Root folder to write `data/tables/` and `reports/` under.
        #[arg(long, default_value = ".")]
        out: PathBuf,
        /// Skip the slower search and simulation columns (for quick previews).
        #[arg(long)]
        quick: bool,
        /// Also write the HTML pages (always written to reports/html/) to DIR, replacing it
        /// as a whole (e.g. a folder served as a web site).
        #[arg(long, value_name = "DIR")]
        html: Option<PathBuf>,
        /// Only this variant (a built-in id or a variant file): its page, table and figures,
        /// each file written in place and every other file under --out left as it is.
        #[arg(long, value_name = "VARIANT|FILE", conflicts_with = "html")]
        only: Option<String>,
    },
    /// Measure the performance targets and print the figures.
    Bench {
        /// Which benchmark (default: all).
        which: Option<String>,
    },
    /// Print the completion script for SHELL, e.g. `hanoilab completions bash >
    /// ~/.local/share/bash-completion/completions/hanoilab`.
    Completions {
        /// The shell.
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// Print the man page (roff), e.g. `hanoilab man > hanoilab.1 && man ./hanoilab.1`.
    Man,
    /// Conjecture a law from terms: the minimal linear recurrence (the n it holds from, its
    /// generating function, closed form and lambda), else a P-recursive law, else laws per
    /// residue class of n; with how many terms determined it and how many confirm it.
    Guess {
        /// A b-file (`-` for stdin), or a variant function `VARIANT.FUNCTION` with `--n`.
        source: Option<String>,
        /// The terms themselves, comma-separated (instead of SOURCE).
        #[arg(long, value_name = "A,B,...")]
        terms: Option<String>,
        /// With --terms: the n of the first term.
        #[arg(long, value_name = "N", default_value_t = 0)]
        first_n: u64,
        /// With a variant function: the discs, a range `A..B` (inclusive).
        #[arg(short = 'n', long = "n", value_name = "A..B")]
        range: Option<String>,
        /// The search optima instead of the counts, and where they come from.
        #[command(flatten)]
        optimum: OptimumArgs,
        /// Terms beyond those that determine a law which must confirm it.
        #[arg(long, value_name = "C", default_value_t = crate::algebra::guess::DEFAULT_CONFIRMATIONS)]
        confirmations: usize,
        /// Largest order of a P-recursive law.
        #[arg(long, value_name = "R", default_value_t = 4)]
        max_order: usize,
        /// Largest degree of its polynomial coefficients.
        #[arg(long, value_name = "D", default_value_t = 4)]
        max_degree: usize,
        /// Largest period of a law per residue class of n.
        #[arg(long, value_name = "M", default_value_t = 4)]
        max_period: usize,
        /// Certified digits of lambda and the closed form's constants.
        #[arg(long, default_value_t = 30)]
        digits: usize,
        /// Extra parameters of a variant function.
        #[command(flatten)]
        params: ParamArgs,
        /// Output format.
        #[arg(long, value_enum, default_value = "human")]
        format: GuessFormat,
    },
}

/// What `plot` draws.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum PlotKind {
    /// The exact counts against n, log scale.
    Counts,
    /// a(n+1)/a(n), converging to the growth constant λ.
    Ratio,
    /// |a(n) / (c n^k λ^n) − 1|, the relative distance from the dominant term, log scale.
    Error,
    /// The roots of the transfer system's characteristic polynomial, complex plane.
    Roots,
    /// States at each distance from the start: a breadth-first search at one n (`--n N`).
    Layers,
    /// The search optimum over the range against the algorithm's count.
    Optimum,
    /// The state graph of a three-pin puzzle at one n (at most 6 discs), Sierpiński layout,
    /// with a shortest path from `--from` to `--to`.
    Graph,
    /// States at each distance from `--from` (or the start), or pairs of states at each
    /// distance with `--all-pairs`, at one n.
    Distances,
}

/// Output formats of `guess` and `growth`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum GuessFormat {
    /// Text for people (the default).
    Human,
    /// One JSON object.
    Json,
    /// Markdown.
    Md,
    /// LaTeX lines.
    Tex,
}

/// Flags of the distributed search (`docs/distributed.md`; needs the cargo feature
/// `distributed`). Any of them runs the search on timely dataflow workers instead of the
/// single-machine search.
#[derive(clap::Args, Debug, Default, Clone)]
pub struct DistArgs {
    /// Worker threads in this process (distributed search).
    #[arg(long)]
    pub workers: Option<usize>,
    /// Number of processes, one per machine (distributed search; needs --hostfile).
    #[arg(long)]
    pub processes: Option<usize>,
    /// This process's index, 0..PROCESSES (distributed search).
    #[arg(long)]
    pub process: Option<usize>,
    /// File of `host:port` lines, one per process in process order (distributed search).
    #[arg(long)]
    pub hostfile: Option<String>,
    /// Seconds to wait for the peers, to connect and at the end of a layer (distributed
    /// search; default 60).
    #[arg(long)]
    pub timeout: Option<f64>,
}

impl DistArgs {
    /// Whether any distributed flag was given.
    pub fn active(&self) -> bool {
        self.workers.is_some()
            || self.processes.is_some()
            || self.process.is_some()
            || self.hostfile.is_some()
            || self.timeout.is_some()
    }
}

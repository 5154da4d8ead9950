//! Claims and the claim files.
//!
//! One TOML file per seed document under `data/literature/` (built in with `include_str!`):
//!
//! ```toml
//! document = "000_3e39fda85b098e00.txt"
//! title = "W. F. Lunnon, The Tower of Hanoi and Variations"
//! author = "W. F. Lunnon"               # the reference list: author, work, year,
//! work = "The Tower of Hanoi and Variations"   # published, url (optional), cite
//! year = "2010"
//!
//! [[claim]]
//! id = "antwerp.closed-form"            # unique within the file
//! section = "Towers of Antwerp"
//! statement = "12 (2^n) - 8 n - 10 moves for n > 1"   # as printed
//! kind = "formula"
//! target = "antwerp.T33"                # VARIANT.FUNCTION, or a formula in n
//! formula = "12*2^n - 8*n - 10"
//! n = "2..300"                          # checked range; the claim speaks of every n >= 2
//! # only = true                         # the claim speaks of exactly these n
//! # corrected = "..."                   # a correction: holds-after-correction if it holds
//! ```
//!
//! Every printed number is written as printed (commas, spaces and a trailing `...` are
//! allowed in `printed`); the true value always comes from the library. Kinds and their
//! fields are the variants of [`ClaimKind`].

use super::formula::{parse, ParseError};
use crate::variants::Target;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The built-in claim files: (stem, text).
pub const BUILTIN_FILES: &[(&str, &str)] = &[
    ("lunnon", include_str!("../../data/literature/lunnon.toml")),
    (
        "wikipedia",
        include_str!("../../data/literature/wikipedia.toml"),
    ),
    ("chapla", include_str!("../../data/literature/chapla.toml")),
    (
        "sniedovich",
        include_str!("../../data/literature/sniedovich.toml"),
    ),
    (
        "stockmeyer",
        include_str!("../../data/literature/stockmeyer.toml"),
    ),
    (
        "hanoilib",
        include_str!("../../data/literature/hanoilib.toml"),
    ),
    ("hinz", include_str!("../../data/literature/hinz.toml")),
    ("oeis", include_str!("../../data/literature/oeis.toml")),
];

/// A claim file that does not load.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ClaimError {
    /// Malformed TOML (with the position from the TOML parser).
    #[error("{file}: {message}")]
    Toml {
        /// File stem.
        file: String,
        /// The parser's message (with line and column).
        message: String,
    },
    /// A formula in a claim does not parse.
    #[error("{file}, claim {id}, field {field}: {error}")]
    Formula {
        /// File stem.
        file: String,
        /// Claim id.
        id: String,
        /// Which field.
        field: String,
        /// The parse error.
        error: ParseError,
    },
    /// Two claims with the same id.
    #[error("{file}: duplicate claim id {id}")]
    Duplicate {
        /// File stem.
        file: String,
        /// Claim id.
        id: String,
    },
}

/// A claim with its source.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Claim {
    /// Identifier, unique within its document (`file stem/id` is globally unique).
    pub id: String,
    /// Document file name (filled from the file header).
    #[serde(default)]
    pub document: String,
    /// Stem of the claim file (`lunnon`, ...).
    #[serde(default)]
    pub file: String,
    /// How the document is cited (`Lunnon, The Tower of Hanoi and Variations`; filled from
    /// the file header).
    #[serde(default)]
    pub cite: String,
    /// Section of the document.
    pub section: String,
    /// The statement as printed (superscripts written with `^`).
    pub statement: String,
    /// Why the formula is written the way it is, when transcription needed a reading.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    /// The variant the claim is about (inferred from the target when absent).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub variant: Option<String>,
    /// The kind and its data.
    #[serde(flatten)]
    pub kind: ClaimKind,
}

/// The kinds of claims.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum ClaimKind {
    /// `target(n) = formula(n)` for every n in the range `n = "A..B"`.
    Formula {
        /// `VARIANT.FUNCTION` or a formula in n over named sequences (`FS(n, 4)`).
        target: String,
        /// The printed formula.
        formula: String,
        /// Range `A..B`.
        n: String,
        /// Parameters (`l = 3`).
        #[serde(default)]
        params: BTreeMap<String, i64>,
        /// Variant whose functions the formula may call (default: the target's).
        #[serde(default)]
        context: Option<String>,
        /// Printed with `~` (an approximation, no promise of exactness): the formula may
        /// differ from the target by at most 1; the detail lists every n where it differs.
        #[serde(default)]
        approximate: bool,
        /// A correction of a printed error (a formula, same language): when the printed
        /// formula fails and this one holds, the verdict is `holds-after-correction`.
        #[serde(default)]
        corrected: Option<String>,
        /// The claim speaks of exactly the n of its range (not of every n >= its start):
        /// checked on the whole range, it `holds`.
        #[serde(default)]
        only: bool,
    },
    /// `target(n)` is the printed number.
    Value {
        /// Target as for `Formula`.
        target: String,
        /// The n.
        at: i64,
        /// As printed (`"172,033"`).
        printed: String,
        /// Parameters.
        #[serde(default)]
        params: BTreeMap<String, i64>,
    },
    /// A printed table of `target`: rows `[n, "printed"]`.
    Table {
        /// Target as for `Formula`.
        target: String,
        /// Rows `[n, printed]`.
        rows: Vec<(i64, String)>,
        /// Parameters.
        #[serde(default)]
        params: BTreeMap<String, i64>,
    },
    /// A printed transfer matrix `s(n+1) = M s(n)` with `s(from_n) = initial`.
    Matrix {
        /// The variant.
        of: String,
        /// Components as printed.
        names: Vec<String>,
        /// The derived component each printed one stands for (default: `names`).
        #[serde(default)]
        components: Option<Vec<String>>,
        /// Entries as printed (formulas in the parameters, e.g. `l`).
        matrix: Vec<Vec<String>>,
        /// The printed initial vector.
        initial: Vec<String>,
        /// The n of the initial vector (1 for `s(1)`).
        #[serde(default = "one")]
        initial_n: i64,
        /// First n from which the printed recurrence is claimed to give the counts.
        #[serde(default = "one")]
        from_n: i64,
        /// Parameters.
        #[serde(default)]
        params: BTreeMap<String, i64>,
    },
    /// A printed characteristic polynomial in `E`: it must annihilate the named components'
    /// sequences; a printed factorisation (`factored`) must expand to it.
    Charpoly {
        /// The variant.
        of: String,
        /// Components (functions) whose sequences the polynomial should annihilate.
        components: Vec<String>,
        /// The printed polynomial.
        polynomial: String,
        /// The printed factorisation, if any.
        #[serde(default)]
        factored: Option<String>,
        /// Parameters.
        #[serde(default)]
        params: BTreeMap<String, i64>,
    },
    /// A printed constant: `expression` (exact or certified) against the printed digits.
    Constant {
        /// How to compute the constant.
        expression: String,
        /// As printed (`"2.3117..."`).
        printed: String,
        /// `VARIANT.COMPONENT` whose certified dominant root (from the derived matrix) the
        /// printed digits must also match.
        #[serde(default)]
        dominant: Option<String>,
    },
    /// `target(n) ~ formula(n)`: the ratio at the sample n must be within `tolerance` of 1.
    Asymptotic {
        /// Target as for `Formula`.
        target: String,
        /// The printed form.
        formula: String,
        /// Sample n.
        samples: Vec<i64>,
        /// Allowed |ratio - 1| at the largest sample (`None`: the claim states no precision).
        #[serde(default)]
        tolerance: Option<String>,
        /// `VARIANT.COMPONENT` and the printed constant `c` of `c lambda^n`: compared with
        /// the certified constant of the component's dominant term from the derived matrix.
        #[serde(default)]
        dominant: Option<(String, String)>,
        /// Parameters.
        #[serde(default)]
        params: BTreeMap<String, i64>,
        /// A correction of a printed error: when the printed form fails and this one holds,
        /// the verdict is `holds-after-correction`.
        #[serde(default)]
        corrected: Option<String>,
        /// The claim's own terms: a failure is shown as `formula / per` (printed) against
        /// `target / per` (true) at the failing n, named `per_name` (e.g. the average number
        /// of blue discs: `per` is the number of configurations).
        #[serde(default)]
        per: Option<String>,
        /// What `target / per` is (`average number of blue discs`).
        #[serde(default)]
        per_name: Option<String>,
    },
    /// `target(n) RELATION formula(n)` for n in the range.
    Bound {
        /// Target as for `Formula`.
        target: String,
        /// `<=`, `>=`, `<`, `>`.
        relation: String,
        /// The bound.
        formula: String,
        /// Range `A..B`.
        n: String,
        /// Parameters.
        #[serde(default)]
        params: BTreeMap<String, i64>,
    },
    /// A statement about the true optimum, checked by exhaustive search of the puzzle of a
    /// variant function within the search budget of the checker (see [`SearchClaim`]).
    Search(SearchClaim),
    /// A statement about the longest move sequences that repeat no configuration (the "max
    /// version"), checked by exhaustive longest-path search for small n (see
    /// [`LongestClaim`]).
    Longest(LongestClaim),
    /// A statement about the state graph of a puzzle (its configurations and the moves
    /// between them): its size, degrees, symmetry and shortest paths between configurations,
    /// checked on the whole graph for small n (see [`GraphClaim`]).
    Graph(GraphClaim),
    /// A statement about the moves themselves (worked examples of positions, move lists,
    /// periodic move tables, which disc moves when, stays, pin loads), checked by playing
    /// the moves (see [`TraceClaim`]).
    Trace(Box<TraceClaim>),
    /// A conjectured law of a function's search optima (a generating function or a
    /// formula in `n` and the optima `a(...)`), checked against every optimum known from the
    /// records and searches (see [`ConjectureClaim`]).
    Conjecture(ConjectureClaim),
    /// A statement recorded but not checkable here (optimality, counts of solutions).
    Unchecked {
        /// Why not.
        reason: String,
        /// Printed numbers in the statement, as printed.
        #[serde(default)]
        printed: Vec<String>,
    },
}

/// The data of a [`ClaimKind::Search`] claim: printed minima, printed numbers of minimal
/// (and of symmetric minimal) move sequences, printed move counts of an alternative
/// algorithm, a lower bound on the optimum, and/or the claim that the function's algorithm
/// (or the alternative) is optimal for every n of a range.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct SearchClaim {
    /// `VARIANT.FUNCTION` whose puzzle (start, goal, rules) is searched.
    pub target: String,
    /// Printed minimum numbers of moves, rows `[n, printed]`.
    #[serde(default)]
    pub minima: Vec<(i64, String)>,
    /// Printed numbers of minimal move sequences, rows `[n, printed]`.
    #[serde(default)]
    pub counts: Vec<(i64, String)>,
    /// Printed numbers of symmetric minimal move sequences, rows `[n, printed]` (needs
    /// `mirror`).
    #[serde(default)]
    pub symmetric: Vec<(i64, String)>,
    /// The pin permutation that defines symmetry: a symmetric sequence's configurations
    /// satisfy `c(L - i) = mirror(c(i))` ([`crate::search::symmetric_minimal_solutions`]).
    #[serde(default)]
    pub mirror: Option<Vec<usize>>,
    /// An alternative algorithm of the variant (by name, as `simulate --algorithm` takes
    /// it): `moves` and `optimal` then speak of it instead of the function's program. Its
    /// moves are played under the rules, every move checked.
    #[serde(default)]
    pub algorithm: Option<String>,
    /// Printed numbers of moves of the algorithm, rows `[n, printed]`.
    #[serde(default)]
    pub moves: Vec<(i64, String)>,
    /// Range `A..B` over which the algorithm is claimed optimal.
    #[serde(default)]
    pub optimal: Option<String>,
    /// Another reading of the goal: the start configuration with the discs of pin `i` on
    /// pin `goal_from_start[i]` (a permutation of the pins). For a sentence whose literal
    /// goal differs from the one the algorithm solves (Lunnon's Antwerp "so that finally
    /// they will be all blue, white, red" swaps two stacks; his algorithm permutes them
    /// cyclically). Recorded searches, which are of the function's own goal, do not apply.
    #[serde(default)]
    pub goal_from_start: Option<Vec<usize>>,
    /// The claim speaks of exactly the n of `optimal` (not of every n from its start).
    #[serde(default)]
    pub only: bool,
    /// A printed lower bound on the optimum (a formula in n), claimed for every n of
    /// `bound_n` (from its start on).
    #[serde(default)]
    pub lower_bound: Option<String>,
    /// Range `A..B` of `lower_bound`.
    #[serde(default)]
    pub bound_n: Option<String>,
    /// Memory (MiB) a search of a puzzle with equal discs may take for this claim, when the
    /// checker's default ([`crate::facts::SearchBudget::CLAIMS`]) is not enough for an n
    /// the claim needs.
    #[serde(default)]
    pub memory_mib: Option<u64>,
    /// Parameters.
    #[serde(default)]
    pub params: BTreeMap<String, i64>,
}

/// The data of a [`ClaimKind::Longest`] claim: the longest move sequence start → goal of
/// `target`'s puzzle that repeats no configuration has as many moves as `target`'s
/// algorithm, for every n of `n` (from its start on); with `unique`, it is the only one of
/// that length and it is the algorithm's; with `states`, the puzzle has that many
/// reachable configurations (which bounds every cycle-free sequence).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct LongestClaim {
    /// `VARIANT.FUNCTION`.
    pub target: String,
    /// Range `A..B`.
    pub n: String,
    /// The longest sequence is unique (and equals the algorithm's moves).
    #[serde(default)]
    pub unique: bool,
    /// The printed number of longest cycle-free solutions.
    #[serde(default)]
    pub solutions: Option<String>,
    /// The number of reachable configurations, a formula in n.
    #[serde(default)]
    pub states: Option<String>,
    /// Parameters.
    #[serde(default)]
    pub params: BTreeMap<String, i64>,
}

/// The data of a [`ClaimKind::Conjecture`] claim: a law stated for the true optimum of a
/// puzzle where no algorithm is known to reach it (as the OEIS states conjectured
/// generating functions of search results). Its verdict is `conjectured` when it fits every
/// known optimum, `fails` at the first that it does not.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct ConjectureClaim {
    /// `VARIANT.FUNCTION` whose puzzle's minimum numbers of moves are the sequence.
    pub target: String,
    /// The generating function `sum_{n >= 0} a(n) x^n`, a rational function of `x`.
    #[serde(default)]
    pub gf: Option<String>,
    /// Or a formula in `n` that may use the optima themselves (`a(n-1) + 2 a(n-3) + 16`).
    #[serde(default)]
    pub formula: Option<String>,
    /// Range `A..B` of n the claim speaks of.
    pub n: String,
    /// Parameters.
    #[serde(default)]
    pub params: BTreeMap<String, i64>,
}

/// The data of a [`ClaimKind::Graph`] claim: properties of the state graph of `target`'s
/// puzzle (every configuration reachable from its start, every legal move an arc) for every
/// n of `n`, each stated property checked on the whole graph, every pair of configurations
/// by a breadth-first search that counts shortest paths.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct GraphClaim {
    /// `VARIANT.FUNCTION` whose rules (and start) define the graph.
    pub target: String,
    /// Range `A..B` of n.
    pub n: String,
    /// The number of configurations, a formula in n.
    #[serde(default)]
    pub vertices: Option<String>,
    /// The configurations of each number of legal moves, formulas in n by out-degree
    /// (`{ 2 = "3", 3 = "3^n - 3" }`); every configuration has one of the degrees listed.
    #[serde(default)]
    pub degrees: BTreeMap<String, String>,
    /// Every move can be undone by one move (the graph is undirected).
    #[serde(default)]
    pub undirected: bool,
    /// The configurations with the fewest legal moves (the graph's corners) are exactly
    /// the perfect towers (every disc on one pin).
    #[serde(default)]
    pub corners_are_towers: bool,
    /// The number of shortest paths from every configuration to every perfect tower, a
    /// formula in n (`"1"`: exactly one shortest way).
    #[serde(default)]
    pub shortest_paths_to_towers: Option<String>,
    /// Between every two configurations there are at least one and at most this many
    /// shortest paths, a formula in n.
    #[serde(default)]
    pub shortest_paths_at_most: Option<String>,
    /// From every configuration to each perfect tower there are at least one and at most
    /// this many longest simple (non-selfcrossing) paths, a formula in n.
    #[serde(default)]
    pub longest_paths_to_towers_at_most: Option<String>,
    /// Between every two configurations, one reachable from the other, there are at least
    /// one and at most this many longest simple paths, a formula in n.
    #[serde(default)]
    pub longest_paths_at_most: Option<String>,
    /// The Wiener index (the sum of the distances over unordered pairs of configurations),
    /// a formula in n.
    #[serde(default)]
    pub wiener_index: Option<String>,
    /// The generating function of the Wiener index from n = 0, a rational function of `x`
    /// (`3*x*(1 - 11*x)/((1 - 3*x)*(1 - 18*x))`).
    #[serde(default)]
    pub wiener_gf: Option<String>,
    /// The limit of the average distance over ordered pairs of configurations divided by
    /// `average_distance_base^n`, a rational number; derived exactly from `wiener_gf`
    /// (which the claim must state, and which is checked against the graphs).
    #[serde(default)]
    pub average_distance_limit: Option<String>,
    /// The base of the growth the limit divides by (`"2"` for 466/885 · 2^n).
    #[serde(default)]
    pub average_distance_base: Option<String>,
    /// Parameters.
    #[serde(default)]
    pub params: BTreeMap<String, i64>,
}

/// The data of a [`ClaimKind::Trace`] claim: the moves of `target` (or of its `algorithm`)
/// are played under the rules for every n of `n`, and each check of [`TraceChecks`] is made.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct TraceClaim {
    /// `VARIANT.FUNCTION` whose moves are played.
    pub target: String,
    /// Range `A..B` of n.
    pub n: String,
    /// The claim speaks of exactly these n.
    #[serde(default)]
    pub only: bool,
    /// An alternative algorithm of the variant (as `simulate --algorithm` names it).
    #[serde(default)]
    pub algorithm: Option<String>,
    /// How the document names the pins: one character per pin, pin 0 first (`"XYZ"`,
    /// `"LCR"`); default `0, 1, 2, ...`.
    #[serde(default)]
    pub pins: Option<String>,
    /// The clock value of the first move (Lunnon counts from 0; default 1).
    #[serde(default = "one")]
    pub clock_from: i64,
    /// The printed statement's checks.
    #[serde(flatten)]
    pub checks: TraceChecks,
    /// A correction of a printed error (the same checks, corrected): when the printed
    /// checks fail and these hold, the verdict is `holds-after-correction`.
    #[serde(default)]
    pub corrected: Option<TraceChecks>,
    /// Parameters.
    #[serde(default)]
    pub params: BTreeMap<String, i64>,
}

/// The checks of a [`TraceClaim`] (every one optional).
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct TraceChecks {
    /// A periodic table of pin pairs: the move at clock `t` is between (or, with `ordered`,
    /// from-to) the pins of `pairs[t mod len]`, each pair two pin labels (`"XZ"`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub pairs: Vec<String>,
    /// The table for odd n, when it differs (`pairs` is then the table for even n).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub pairs_odd: Vec<String>,
    /// The pairs are from-to, not "between".
    #[serde(default)]
    pub ordered: bool,
    /// The first moves as printed: `"FT"` (from, to) or `"D:FT"` with the disc `D`
    /// numbered by size from `disc_base` (the smallest).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub list: Vec<String>,
    /// The number of the smallest disc in `list` (Wikipedia: 0; default 1).
    #[serde(default = "one")]
    pub disc_base: i64,
    /// A formula in `t` (and `n`): not 0 exactly when the smallest disc moves at clock `t`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub smallest: Option<String>,
    /// `smallest` is a one-way statement: the smallest disc moves only when it is not 0.
    #[serde(default)]
    pub smallest_only: bool,
    /// Rows `[m, printed]`: after move `m`, the pins of the discs, largest first, as one
    /// string of pin labels.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub positions: Vec<(String, String)>,
    /// One string per disc, smallest first: its pin after every move, from the start.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub histories: Vec<String>,
    /// A formula in `m` and `d`: the pin (0, 1, ...) of disc `d` (1 the smallest) after `m`
    /// moves, for every m and d.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub position: Option<String>,
    /// Rows `[pin label, formula in d]`: every complete stay of disc `d` on that pin (not
    /// the first, from the start, nor the last, cut off by the end) lasts that many moves.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub stays: Vec<(String, String)>,
    /// Rows `[pin label, k]`: the pin never holds more than `k` discs.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub max_discs: Vec<(String, i64)>,
}

impl TraceChecks {
    /// The checks in words (a correction, as the verdict states it).
    pub fn describe(&self) -> String {
        let mut v = vec![];
        if !self.pairs.is_empty() {
            v.push(format!(
                "moves {} the pins {}",
                if self.ordered { "from-to" } else { "between" },
                self.pairs.join(" ")
            ));
        }
        if !self.pairs_odd.is_empty() {
            v.push(format!("for odd n {}", self.pairs_odd.join(" ")));
        }
        if !self.list.is_empty() {
            v.push(format!("moves {}", self.list.join(" ")));
        }
        if let Some(s) = &self.smallest {
            v.push(format!("the smallest disc moves when {s} is not 0"));
        }
        for (m, p) in &self.positions {
            v.push(format!("after move {m}: {p}"));
        }
        if !self.histories.is_empty() {
            v.push(format!("strings {}", self.histories.join(", ")));
        }
        if let Some(s) = &self.position {
            v.push(format!("the pin of disc d after move m is {s}"));
        }
        for (pin, l) in &self.stays {
            v.push(format!("stays on pin {pin} last {l} moves"));
        }
        for (pin, k) in &self.max_discs {
            v.push(format!("pin {pin} holds at most {k}"));
        }
        v.join("; ")
    }

    fn formulas(&self) -> Vec<(&'static str, String)> {
        let mut v = vec![];
        if let Some(s) = &self.smallest {
            v.push(("smallest", s.clone()));
        }
        if let Some(s) = &self.position {
            v.push(("position", s.clone()));
        }
        v.extend(self.stays.iter().map(|r| ("stays", r.1.clone())));
        v
    }
}

fn one() -> i64 {
    1
}

#[derive(Deserialize)]
struct ClaimFile {
    document: String,
    title: String,
    #[serde(flatten)]
    reference: ReferenceFields,
    #[serde(rename = "claim", default)]
    claims: Vec<Claim>,
}

#[derive(Clone, Debug, Default, Deserialize)]
struct ReferenceFields {
    #[serde(default)]
    cite: Option<String>,
    #[serde(default)]
    author: Option<String>,
    #[serde(default)]
    work: Option<String>,
    #[serde(default)]
    year: Option<String>,
    #[serde(default)]
    published: Option<String>,
    #[serde(default)]
    url: Option<String>,
}

/// A source document, as cited in reports: author, title, year, where published, URL.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Reference {
    /// Stem of the claim file (`lunnon`).
    pub file: String,
    /// The seed file it was read from (only the references list shows it).
    pub document: String,
    /// How claims cite it: `Lunnon, The Tower of Hanoi and Variations`.
    pub cite: String,
    /// Author(s).
    pub author: String,
    /// Full title.
    pub title: String,
    /// Year.
    pub year: String,
    /// Where published.
    pub published: String,
    /// The document's own URL, if it gives one.
    pub url: Option<String>,
}

impl ClaimFile {
    fn reference(&self, stem: &str) -> Reference {
        let r = &self.reference;
        let author = r.author.clone().unwrap_or_default();
        let work = r.work.clone().unwrap_or_else(|| self.title.clone());
        let surname = author
            .split(" and ")
            .next()
            .unwrap_or("")
            .split_whitespace()
            .last()
            .unwrap_or("")
            .to_string();
        Reference {
            file: stem.to_string(),
            document: self.document.clone(),
            cite: match &r.cite {
                Some(c) => c.clone(),
                None if surname.is_empty() => work.clone(),
                None => format!("{surname}, {work}"),
            },
            author,
            title: work,
            year: r.year.clone().unwrap_or_default(),
            published: r.published.clone().unwrap_or_default(),
            url: r.url.clone(),
        }
    }
}

/// The references of the built-in claim files, in file order.
pub fn builtin_references() -> Result<Vec<Reference>, ClaimError> {
    BUILTIN_FILES
        .iter()
        .map(|(stem, text)| {
            let f: ClaimFile = toml::from_str(text).map_err(|e| ClaimError::Toml {
                file: stem.to_string(),
                message: e.to_string(),
            })?;
            Ok(f.reference(stem))
        })
        .collect()
}

/// `text` with every seed file name of a built-in claim file (`000_3e39fda85b098e00.txt`)
/// replaced by the work it holds, as claims cite it (`Lunnon, The Tower of Hanoi and
/// Variations`): pages cite by author and title; only the references list names the files.
///
/// ```
/// use hanoilab::literature::cite_documents;
/// let s = cite_documents("000_3e39fda85b098e00.txt, section Checkers Hanoi");
/// assert_eq!(s, "Lunnon, The Tower of Hanoi and Variations, section Checkers Hanoi");
/// ```
pub fn cite_documents(text: &str) -> String {
    static CITES: std::sync::OnceLock<Vec<(String, String)>> = std::sync::OnceLock::new();
    let cites = CITES.get_or_init(|| {
        builtin_references()
            .map(|rs| rs.into_iter().map(|r| (r.document, r.cite)).collect())
            .unwrap_or_default()
    });
    let mut out = text.to_string();
    for (document, cite) in cites {
        out = out.replace(&format!("`{document}`"), cite);
        out = out.replace(document, cite);
    }
    out
}

/// Parses one claim file and checks that every formula in it parses.
pub fn parse_claim_file(stem: &str, text: &str) -> Result<Vec<Claim>, ClaimError> {
    let f: ClaimFile = toml::from_str(text).map_err(|e| ClaimError::Toml {
        file: stem.to_string(),
        message: e.to_string(),
    })?;
    let mut seen = std::collections::BTreeSet::new();
    let mut out = vec![];
    let cite = f.reference(stem).cite;
    for mut c in f.claims {
        if !seen.insert(c.id.clone()) {
            return Err(ClaimError::Duplicate {
                file: stem.into(),
                id: c.id,
            });
        }
        c.document = f.document.clone();
        c.cite = cite.clone();
        c.file = stem.to_string();
        for (field, text) in c.formulas() {
            parse(&text).map_err(|error| ClaimError::Formula {
                file: stem.into(),
                id: c.id.clone(),
                field: field.into(),
                error,
            })?;
        }
        out.push(c);
    }
    Ok(out)
}

/// A user's claim file that does not load, with the position of the fault (1-based line and
/// column): `FILE:LINE:COLUMN: message`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{file}:{line}:{column}: {message}")]
pub struct ClaimFileError {
    /// The file as named on the command line.
    pub file: String,
    /// Line, from 1.
    pub line: usize,
    /// Column, from 1.
    pub column: usize,
    /// What is wrong.
    pub message: String,
}

/// 1-based (line, column) of byte offset `at` in `text`.
pub fn line_column(text: &str, at: usize) -> (usize, usize) {
    let at = at.min(text.len());
    let before = &text[..at];
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, column)
}

/// Byte offset of the value of `field` in the claim `id` of a claim file's text (the first
/// character inside its opening quote, or the value's first character when it is not a
/// string), when it can be found.
pub fn field_offset(text: &str, id: &str, field: &str) -> Option<usize> {
    let key = key_offset(text, Some(id), field)?;
    let eq = key + text[key..].find('=')? + 1;
    let value = eq + (text[eq..].len() - text[eq..].trim_start().len());
    let quote = usize::from(text[value..].starts_with('"'));
    Some(value + quote)
}

/// The keys of a claim file's header.
const HEADER_KEYS: [&str; 9] = [
    "document",
    "title",
    "cite",
    "author",
    "work",
    "year",
    "published",
    "url",
    "claim",
];

/// A key of `text` (a claim file that parses) that nothing reads, with the keys that would
/// be read there: in the header, or in a claim table (whose id is given). Serde ignores the
/// keys a claim's kind does not know (the kinds are a flattened, tagged enum), so each
/// claim is read back: a key the claim does not serialize either is unknown to its kind or
/// a field left at a default that is not written; given a value no field accepts, only an
/// unknown key still reads.
fn unknown_key(text: &str) -> Option<(Option<String>, String, Vec<String>)> {
    let doc: toml::Table = toml::from_str(text).ok()?;
    let header = || {
        HEADER_KEYS
            .iter()
            .map(|k| k.to_string())
            .collect::<Vec<_>>()
    };
    if let Some(k) = doc.keys().find(|k| !HEADER_KEYS.contains(&k.as_str())) {
        return Some((None, k.clone(), header()));
    }
    let probe = toml::Value::Table(toml::Table::from_iter([(
        "\u{1}".to_string(),
        toml::Value::Array(vec![toml::Value::Array(vec![])]),
    )]));
    for c in doc.get("claim")?.as_array()? {
        let table = c.as_table()?;
        let Ok(claim) = toml::Value::Table(table.clone()).try_into::<Claim>() else {
            continue;
        };
        let known = serde_json::to_value(&claim).ok()?;
        let known = known.as_object()?;
        for key in table.keys().filter(|k| !known.contains_key(k.as_str())) {
            let mut probed = table.clone();
            probed.insert(key.clone(), probe.clone());
            if toml::Value::Table(probed).try_into::<Claim>().is_ok() {
                let id = table.get("id").and_then(toml::Value::as_str).unwrap_or("");
                let mut fields: Vec<String> = known
                    .keys()
                    .filter(|k| !["document", "file", "cite"].contains(&k.as_str()))
                    .cloned()
                    .collect();
                fields.sort();
                return Some((Some(id.to_string()), key.clone(), fields));
            }
        }
    }
    None
}

/// Where key `key` is written: in claim `id`'s table, or (no id) in the header.
fn key_offset(text: &str, id: Option<&str>, key: &str) -> Option<usize> {
    let (start, end) = match id {
        Some(id) => {
            let start = text.find(&format!("id = \"{id}\""))?;
            let begin = text[..start].rfind("[[claim]]").unwrap_or(0);
            let end = text[start..]
                .find("[[claim]]")
                .map_or(text.len(), |e| start + e);
            (begin, end)
        }
        None => (0, text.find("[[claim]]").unwrap_or(text.len())),
    };
    let block = &text[start..end];
    let at = block.match_indices(key).find(|(i, _)| {
        let before = block[..*i].chars().last();
        let after = block[i + key.len()..].trim_start();
        matches!(before, None | Some('\n' | ' ' | '{' | ',')) && after.starts_with('=')
    })?;
    Some(start + at.0)
}

/// Loads a user's claim file (stem `name` in claim ids): TOML, kinds and fields, unique ids,
/// every formula parsed. Errors name the file, line and column.
pub fn load_claim_file(name: &str, text: &str) -> Result<Vec<Claim>, ClaimFileError> {
    let at = |offset: usize, message: String| {
        let (line, column) = line_column(text, offset);
        ClaimFileError {
            file: name.to_string(),
            line,
            column,
            message,
        }
    };
    if let Err(e) = toml::from_str::<ClaimFile>(text) {
        let mut offset = e.span().map_or(0, |s| s.start);
        let message = e.message().trim().replace('\n', " ");
        // An unknown kind is reported on the claim's table: point at the value itself.
        if let Some(name) = message
            .strip_prefix("unknown variant `")
            .and_then(|r| r.split_once('`'))
            .map(|(v, _)| v)
        {
            if let Some(i) = text[offset..].find(&format!("\"{name}\"")) {
                offset += i + 1;
            }
        }
        return Err(at(offset, message));
    }
    if let Some((id, key, fields)) = unknown_key(text) {
        let offset = key_offset(text, id.as_deref(), &key).unwrap_or(0);
        let place = match &id {
            Some(id) => format!("claim {id}: unknown field `{key}` for its kind"),
            None => format!("unknown field `{key}` in the file's header"),
        };
        return Err(at(
            offset,
            format!("{place} (the fields: {})", fields.join(", ")),
        ));
    }
    let stem = std::path::Path::new(name)
        .file_stem()
        .map_or_else(|| name.to_string(), |s| s.to_string_lossy().into_owned());
    parse_claim_file(&stem, text).map_err(|e| match e {
        ClaimError::Toml { message, .. } => at(0, message),
        ClaimError::Duplicate { id, .. } => {
            let second = text
                .match_indices(&format!("id = \"{id}\""))
                .nth(1)
                .map_or(0, |m| m.0);
            at(second, format!("duplicate claim id {id}"))
        }
        ClaimError::Formula {
            id, field, error, ..
        } => {
            let base = field_offset(text, &id, &field).unwrap_or(0);
            let offset = text[base..]
                .char_indices()
                .nth(error.pos)
                .map_or(base, |(i, _)| base + i);
            at(
                offset,
                format!("claim {id}, field {field}: {}", error.message),
            )
        }
    })
}

/// All built-in claims, in file order then claim order (deterministic).
pub fn builtin_claims() -> Result<Vec<Claim>, ClaimError> {
    let mut out = vec![];
    for (stem, text) in BUILTIN_FILES {
        out.extend(parse_claim_file(stem, text)?);
    }
    Ok(out)
}

impl Claim {
    /// `Author, Title, §Section`: the document by name, never by file name.
    pub fn source(&self) -> String {
        format!("{}, §{}", self.cite, self.section)
    }

    /// Whether the claim is selected by `filter`: its variant, its file, its document, or
    /// a prefix of three or more characters of the document (`hanoilab claims FILTER`).
    pub fn selected_by(&self, filter: &str) -> bool {
        self.variant_id().as_deref() == Some(filter)
            || self.file == filter
            || self.document == filter
            || (filter.len() >= 3 && self.document.starts_with(filter))
    }

    /// The variant the claim is about, if any.
    pub fn variant_id(&self) -> Option<String> {
        if let Some(v) = &self.variant {
            return Some(v.clone());
        }
        let from_target = |t: &str| {
            Target::parse(t)
                .ok()
                .filter(|t| t.is_id_and_function() || t.is_file_and_function())
                .map(|t| t.variant().to_string())
        };
        match &self.kind {
            ClaimKind::Formula { target, .. }
            | ClaimKind::Value { target, .. }
            | ClaimKind::Table { target, .. }
            | ClaimKind::Asymptotic { target, .. }
            | ClaimKind::Bound { target, .. }
            | ClaimKind::Search(SearchClaim { target, .. })
            | ClaimKind::Longest(LongestClaim { target, .. })
            | ClaimKind::Graph(GraphClaim { target, .. })
            | ClaimKind::Conjecture(ConjectureClaim { target, .. }) => from_target(target),
            ClaimKind::Trace(t) => from_target(&t.target),
            ClaimKind::Matrix { of, .. } | ClaimKind::Charpoly { of, .. } => Some(of.clone()),
            _ => None,
        }
    }

    /// Every built-in variant the claim names: its own ([`Claim::variant_id`]) and any other
    /// whose functions its targets and formulas call (`reversi.G` in a star claim), in
    /// order of first mention.
    pub fn variants_named(&self) -> Vec<String> {
        let ids = crate::variants::builtin_ids();
        let mut out: Vec<String> = self.variant_id().into_iter().collect();
        let mut texts: Vec<String> = self.formulas().into_iter().map(|(_, t)| t).collect();
        match &self.kind {
            ClaimKind::Formula {
                target, context, ..
            } => {
                texts.push(target.clone());
                if let Some(v) = context.as_deref().filter(|v| ids.contains(v)) {
                    if !out.iter().any(|o| o == v) {
                        out.push(v.to_string());
                    }
                }
            }
            ClaimKind::Value { target, .. }
            | ClaimKind::Table { target, .. }
            | ClaimKind::Asymptotic { target, .. }
            | ClaimKind::Bound { target, .. } => texts.push(target.clone()),
            ClaimKind::Search(c) => texts.push(c.target.clone()),
            ClaimKind::Longest(c) => texts.push(c.target.clone()),
            ClaimKind::Graph(c) => texts.push(c.target.clone()),
            ClaimKind::Conjecture(c) => texts.push(c.target.clone()),
            ClaimKind::Trace(c) => texts.push(c.target.clone()),
            _ => {}
        }
        for t in texts {
            let words = t.split(|c: char| !(c.is_ascii_alphanumeric() || "-._".contains(c)));
            for w in words {
                if let Ok(t) = Target::parse(w) {
                    let v = t.variant();
                    if t.function().is_some() && ids.contains(&v) && !out.iter().any(|o| o == v) {
                        out.push(v.to_string());
                    }
                }
            }
        }
        out
    }

    /// Short name of the kind.
    pub fn kind_name(&self) -> &'static str {
        match self.kind {
            ClaimKind::Formula { .. } => "formula",
            ClaimKind::Value { .. } => "value",
            ClaimKind::Table { .. } => "table",
            ClaimKind::Matrix { .. } => "matrix",
            ClaimKind::Charpoly { .. } => "charpoly",
            ClaimKind::Constant { .. } => "constant",
            ClaimKind::Asymptotic { .. } => "asymptotic",
            ClaimKind::Bound { .. } => "bound",
            ClaimKind::Search(_) => "search",
            ClaimKind::Longest(_) => "longest",
            ClaimKind::Graph(_) => "graph",
            ClaimKind::Conjecture(_) => "conjecture",
            ClaimKind::Trace(_) => "trace",
            ClaimKind::Unchecked { .. } => "unchecked",
        }
    }

    /// Every formula the claim contains, with its field name.
    pub fn formulas(&self) -> Vec<(&'static str, String)> {
        let mut v = self.printed_formulas();
        if let ClaimKind::Formula {
            corrected: Some(c), ..
        }
        | ClaimKind::Asymptotic {
            corrected: Some(c), ..
        } = &self.kind
        {
            v.push(("corrected", c.clone()));
        }
        if let ClaimKind::Asymptotic { per: Some(p), .. } = &self.kind {
            v.push(("per", p.clone()));
        }
        if let ClaimKind::Trace(t) = &self.kind {
            if let Some(c) = &t.corrected {
                v.extend(c.formulas().into_iter().map(|(_, f)| ("corrected", f)));
            }
        }
        v
    }

    fn printed_formulas(&self) -> Vec<(&'static str, String)> {
        let target = |t: &str| {
            if is_variant_target(t) {
                vec![]
            } else {
                vec![("target", t.to_string())]
            }
        };
        match &self.kind {
            ClaimKind::Formula {
                target: t, formula, ..
            }
            | ClaimKind::Asymptotic {
                target: t, formula, ..
            }
            | ClaimKind::Bound {
                target: t, formula, ..
            } => {
                let mut v = target(t);
                v.push(("formula", formula.clone()));
                v
            }
            ClaimKind::Value { target: t, .. } | ClaimKind::Table { target: t, .. } => target(t),
            ClaimKind::Matrix {
                matrix, initial, ..
            } => matrix
                .iter()
                .flatten()
                .chain(initial)
                .map(|e| ("matrix", e.clone()))
                .collect(),
            ClaimKind::Charpoly {
                polynomial,
                factored,
                ..
            } => {
                let mut v = vec![("polynomial", polynomial.clone())];
                if let Some(f) = factored {
                    v.push(("factored", f.clone()));
                }
                v
            }
            ClaimKind::Constant { expression, .. } => vec![("expression", expression.clone())],
            ClaimKind::Search(c) => c
                .lower_bound
                .iter()
                .map(|f| ("lower_bound", f.clone()))
                .collect(),
            ClaimKind::Longest(c) => c.states.iter().map(|f| ("states", f.clone())).collect(),
            ClaimKind::Graph(c) => c.formulas(),
            // checked with the optima as a sequence `a`, which the validation does not know
            ClaimKind::Conjecture(_) => vec![],
            ClaimKind::Trace(c) => c.checks.formulas(),
            ClaimKind::Unchecked { .. } => vec![],
        }
    }
}

impl GraphClaim {
    /// Every formula of the claim, with its field name.
    pub fn formulas(&self) -> Vec<(&'static str, String)> {
        let mut v: Vec<(&'static str, String)> = vec![];
        v.extend(self.vertices.iter().map(|f| ("vertices", f.clone())));
        v.extend(self.degrees.values().map(|f| ("degrees", f.clone())));
        v.extend(
            self.shortest_paths_to_towers
                .iter()
                .map(|f| ("shortest_paths_to_towers", f.clone())),
        );
        v.extend(
            self.shortest_paths_at_most
                .iter()
                .map(|f| ("shortest_paths_at_most", f.clone())),
        );
        v.extend(
            self.longest_paths_to_towers_at_most
                .iter()
                .map(|f| ("longest_paths_to_towers_at_most", f.clone())),
        );
        v.extend(
            self.longest_paths_at_most
                .iter()
                .map(|f| ("longest_paths_at_most", f.clone())),
        );
        v.extend(
            self.wiener_index
                .iter()
                .map(|f| ("wiener_index", f.clone())),
        );
        v
    }
}

/// `true` for `variant.Function` targets (a dot between a lowercase id and a name).
pub fn is_variant_target(t: &str) -> bool {
    Target::parse(t).is_ok_and(|t| t.is_id_and_function() || t.is_file_and_function())
}

/// Parses a printed number: commas, spaces, and a trailing `...` are ignored. Returns the
/// exact rational and whether the printed digits were marked as truncated (`...`).
pub fn parse_printed(s: &str) -> Option<(num_rational::BigRational, bool)> {
    let t = s.trim();
    let (t, dots) = match t.strip_suffix("...").or_else(|| t.strip_suffix('…')) {
        Some(r) => (r, true),
        None => (t, false),
    };
    let cleaned: String = t
        .chars()
        .filter(|c| *c != ',' && !c.is_whitespace())
        .collect();
    if cleaned.is_empty() {
        return None;
    }
    let e = parse(&cleaned).ok()?;
    match e {
        super::formula::Expr::Num(q) => Some((q, dots)),
        super::formula::Expr::Neg(b) => match *b {
            super::formula::Expr::Num(q) => Some((-q, dots)),
            _ => None,
        },
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every key of the built-in claim files is read by the checker, and the check finds a
    /// misspelt one: in a claim (`minimum` for `minima`) and in the header.
    #[test]
    fn no_key_of_a_claim_file_is_ignored() {
        for (stem, text) in BUILTIN_FILES {
            assert_eq!(unknown_key(text), None, "{stem}");
        }
        let (_, lunnon) = BUILTIN_FILES[0];
        let misspelt = lunnon.replacen("\nsection = ", "\nsektion = \"x\"\nsection = ", 1);
        let (id, key, fields) = unknown_key(&misspelt).expect("the misspelt key is found");
        assert!(id.is_some() && key == "sektion", "{id:?} {key}");
        assert!(fields.contains(&"section".to_string()), "{fields:?}");
        let header = format!("publshed = \"1990\"\n{lunnon}");
        assert_eq!(
            unknown_key(&header).map(|u| (u.0, u.1)),
            Some((None, "publshed".into()))
        );
    }

    #[test]
    fn builtin_files_load_and_every_formula_parses() {
        let claims = builtin_claims().unwrap_or_else(|e| panic!("{e}"));
        assert!(claims.len() > 60, "{} claims", claims.len());
        for c in &claims {
            assert!(!c.statement.is_empty() && !c.section.is_empty(), "{}", c.id);
        }
    }

    #[test]
    fn printed_numbers_are_read_as_printed() {
        let (q, dots) = parse_printed("1 073741824").unwrap();
        assert_eq!(
            q,
            num_rational::BigRational::from_integer(1_073_741_824.into())
        );
        assert!(!dots);
        let (q, dots) = parse_printed("2.3117...").unwrap();
        assert_eq!(
            q,
            num_rational::BigRational::new(23117.into(), 10000.into())
        );
        assert!(dots);
        assert!(parse_printed("-0.7320...").is_some());
        assert!(parse_printed("abc").is_none());
    }
}

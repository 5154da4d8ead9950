//! A variant file with rules, start and goal but no program: a puzzle to search, guess a
//! law for and state claims about, with no count to compare.

use crate::common::{assert_input_error, hanoilab, stdout};
use hanoilab::facts::{optimum_terms, SearchBudget};
use hanoilab::variants::{Params, Variant, VariantError};
use num_bigint::BigInt;
use std::path::PathBuf;

/// Stockmeyer's 4-post cyclic puzzle as rules alone.
const CYCLIC4_RULES: &str = r#"
id = "cyc4-rules"
title = "4-post cyclic, rules only"
summary = "four pins on a one-way cycle; tower from pin 0 to pin 2"
source = "Stockmeyer, Variations on the Four-Post Tower of Hanoi Puzzle, section 2"

[rules]
pins = 4
moves = "cycle"

[functions.one]
source = "Stockmeyer, section 2"
start = [0]
goal = [2]
"#;

/// The classic puzzle as rules alone.
const CLASSIC_RULES: &str = r#"
id = "classic-rules"
title = "three pins, rules only"
summary = "three pins, any move; tower from pin 0 to pin 2"
source = "the classic puzzle"

[rules]
pins = 3

[functions.T]
source = "the classic puzzle"
start = [0]
goal = [2]
"#;

fn file(name: &str, text: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("hanoilab-rules-only-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p
}

/// The search optima of the rules-only file are Stockmeyer's exhaustive-search minima (§2:
/// "An exhaustive search gives the actual minimum possible number of moves as 2, 8, 18, 36,
/// 66, 120, 210"), and the same as the built-in cyclic4's puzzle, which has a program.
#[test]
fn a_rules_only_file_is_searched() {
    let v = Variant::from_toml(CYCLIC4_RULES, "cyc4-rules.toml").unwrap();
    assert!(!v.function("one").unwrap().has_program());
    let t = optimum_terms(&v, "one", &Params::new(), 1..=7, &SearchBudget::TABLE, &[]);
    let printed = [2, 8, 18, 36, 66, 120, 210].map(BigInt::from);
    assert_eq!(t.minima(), printed);
    let builtin = Variant::builtin("cyclic4").unwrap();
    let b = optimum_terms(
        &builtin,
        "N",
        &Params::new(),
        1..=7,
        &SearchBudget::TABLE,
        &[],
    );
    assert_eq!(t.minima(), b.minima());
    // no program: counting and simulating say so
    let e = v.count("one", 3, &Params::new()).unwrap_err();
    assert!(matches!(e, VariantError::NoProgram { .. }), "{e}");
    assert!(v.simulate("one", 3, &Params::new()).is_err());
}

/// The CLI: `search` and `guess --optimum` work on the file; `count` is refused with the
/// reason; a `call` without a `[program]` is refused at its place.
#[test]
fn the_cli_searches_a_rules_only_file_and_refuses_to_count_it() {
    let p = file("cyc4-rules.toml", CYCLIC4_RULES);
    let path = p.to_str().unwrap();
    let out = stdout(&["search", path, "-n", "5"]);
    assert!(out.contains("66"), "{out}");
    let target = format!("{path}.one");
    // Classic rules alone: the optima 2^n - 1 (Hinz et al. 2018, Thm 2.1) give their law.
    let classic = file("classic-rules.toml", CLASSIC_RULES);
    let g = stdout(&[
        "guess",
        &format!("{}.T", classic.to_str().unwrap()),
        "--optimum",
        "--n",
        "0..10",
    ]);
    assert!(g.contains("a(n) = 3 a(n-1) - 2 a(n-2)"), "{g}");
    assert!(g.contains("closed form: a(n) = 2^n - 1"), "{g}");
    assert!(g.contains("has no program: no algorithm to compare"), "{g}");
    let shown = stdout(&["show", path]);
    assert!(shown.contains("no program"), "{shown}");
    assert_input_error(&["nth", &target, "3"], "has no program");
    let bad = file(
        "call-no-program.toml",
        &CYCLIC4_RULES.replace("goal = [2]", "goal = [2]\ncall = \"t(n; 0, 1, 2, 3)\""),
    );
    let out = hanoilab(&["show", bad.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("no [program] to call"), "{err}");
}

/// A claim file may name a user's variant file as its target (`PATH.toml.FUNCTION`): a
/// conjectured law and a table of printed minima of a rules-only file get their verdicts
/// from its search, and a wrong printed minimum fails at its n (2^n - 1 at n = 6 is 63).
#[test]
fn claims_name_a_users_variant_file() {
    let classic = file("classic-claims.toml", CLASSIC_RULES);
    let target = format!("{}.T", classic.to_str().unwrap());
    let claims = format!(
        r#"document = "mine"
title = "notes"
author = "a user"
cite = "a user"
work = "notes"
year = "2026"

[[claim]]
id = "law"
section = "1"
statement = "the optima are 2^n - 1"
kind = "conjecture"
target = "{target}"
formula = "2^n - 1"
n = "1..12"

[[claim]]
id = "minima"
section = "1"
statement = "31 moves for 5 discs, 64 for 6"
kind = "search"
target = "{target}"
minima = [[5, "31"], [6, "64"]]
"#
    );
    let path = file("claims.toml", &claims);
    let out = hanoilab(&["claims", "--file", path.to_str().unwrap(), "--no-fail-exit"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(text.contains("[conjectured] claims/law"), "{text}");
    assert!(
        text.contains("[fails] claims/minima") && text.contains("the search finds 63"),
        "{text}"
    );
}

/// The report of a rules-only file says there is no algorithm to judge and no transfer
/// system, instead of calling a missing algorithm optimal.
#[test]
fn the_report_of_a_rules_only_file_judges_no_algorithm() {
    let p = file("cyc4-report.toml", CYCLIC4_RULES);
    let out =
        std::env::temp_dir().join(format!("hanoilab-rules-only-report-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&out);
    std::fs::create_dir_all(&out).unwrap();
    stdout(&[
        "report",
        "--only",
        p.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    let page = std::fs::read_to_string(out.join("reports/cyc4-rules.md")).unwrap();
    assert!(
        page.contains("no algorithm to judge (the function has no program)"),
        "{page}"
    );
    assert!(!page.contains("optimal at every n searched"), "{page}");
    assert!(
        page.contains("None: there is no program to derive one from."),
        "{page}"
    );
}

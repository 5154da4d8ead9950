//! Targets on the command line: every command reads `VARIANT[.FUNCTION][[NAME=VALUE;...]]`
//! (and HanoiVar names) the same way, with the same message for the same fault; `check` also
//! takes a named sequence of n.

use crate::common::{assert_input_error, stdout};

/// Each command that takes a target, with `{T}` where it goes.
const COMMANDS: &[&str] = &[
    "nth {T} 3",
    "table {T} --n 1..2",
    "show {T}",
    "simulate {T} -n 3",
    "search {T} -n 3",
    "charpoly {T}",
    "guess {T} --n 1..8",
    "graph {T} -n 2",
    "check {T} n",
];

fn with_target(command: &str, target: &str) -> Vec<String> {
    command
        .split(' ')
        .map(|a| a.replace("{T}", target))
        .collect()
}

#[test]
fn every_command_refuses_a_misspelt_target_with_the_nearest_names() {
    for command in COMMANDS {
        let args = with_target(command, "clasic");
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        // The variant id first, though `clasic` looks like no HanoiVar menu name.
        assert_input_error(&args, "unknown variant `clasic` (nearest: classic,");
        let args = with_target(command, "classic.TT");
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        assert_input_error(
            &args,
            "variant `classic` has no function `TT` (functions: T)",
        );
        let args = with_target(command, "many-pin.M[p=x]");
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        assert_input_error(&args, "expected [NAME=INTEGER;...]");
    }
}

#[test]
fn parameters_in_brackets_are_those_of_param() {
    let bracket = stdout(&["table", "many-pin.M[p=6]", "--n", "1..12", "--no-simulate"]);
    let flag = stdout(&[
        "table",
        "many-pin.M",
        "--n",
        "1..12",
        "--no-simulate",
        "--param",
        "p=6",
    ]);
    assert_eq!(bracket, flag);
    // The parameter is used: the default (5 pins) differs at n = 12.
    let default = stdout(&["table", "many-pin.M", "--n", "1..12", "--no-simulate"]);
    assert_ne!(bracket, default);
    assert_input_error(
        &["nth", "many-pin.M[p=6]", "12", "--param", "p=5"],
        "parameter p is given more than once",
    );
}

#[test]
fn check_takes_a_named_sequence_of_n_and_names_the_formula_for_fs() {
    // Star numbers from the min-recurrence against Stockmeyer's Theorem 2 (twice the
    // partial sums of the 3-smooth numbers): the bare name is the sequence of n.
    let formula = "2*sum(i = 1..n, a(i))";
    let bare = stdout(&["check", "S", formula, "--n", "1..40"]);
    assert!(bare.starts_with("holds"), "{bare}");
    assert_eq!(bare, stdout(&["check", "S(n)", formula, "--n", "1..40"]));
    // T(n) = FS(n, 3) = 2^n - 1 (the classic puzzle).
    assert!(stdout(&["check", "T", "2^n - 1"]).starts_with("holds"));
    // FS needs its number of pegs: refused with the formula to write.
    assert_input_error(
        &["check", "FS", "2^n-1"],
        "`hanoilab check 'FS(n, 4)' FORMULA`",
    );
    assert!(stdout(&["check", "FS(n, 3)", "2^n - 1"]).starts_with("holds"));
}

//! Lunnon's HanoiVar solvers (W. F. Lunnon, HanoiLib.java, Tower of Hanoi mark 16, 2010):
//! the new recursion programs against independent routes (simulation under the rules, the
//! Frame–Stewart min-recurrence, breadth-first search, Lunnon's iterative rules played as
//! alternative algorithms against the recursive forms), his Table of times, and name
//! resolution in the CLI.
//!
//! Numbers typed below are from Lunnon's "Table of times" (comment block after class Reversi
//! in HanoiLib.java); nothing is a number printed by the code under test.

use hanoilab::sequences::frame_stewart;
use hanoilab::variants::{Params, Variant};
use num_bigint::BigInt;

use crate::common::{builtin_count, hanoilab, param, stdout};

/// Simulation (every move checked under the variant's rules, the goal checked) = program count.
fn simulates(id: &str, f: &str, ns: std::ops::RangeInclusive<i64>, params: &Params) {
    let v = Variant::builtin(id).unwrap();
    for n in ns {
        let sim = v
            .simulate(f, n, params)
            .unwrap_or_else(|e| panic!("{id}.{f} n={n} {params:?}: {e}"));
        assert_eq!(
            BigInt::from(sim.moves),
            v.count(f, n, params).unwrap(),
            "{id}.{f} n={n} {params:?}"
        );
    }
}

// ---------------------------------------------------------------- new solvers simulate

#[test]
fn many_pin_simulates_for_three_to_seven_pins() {
    for pins in 3..=7 {
        simulates("many-pin", "M", 0..=10, &param("p", pins));
    }
}

#[test]
fn many_pin_counts_are_the_frame_stewart_numbers() {
    // Independent route: the Frame–Stewart min-recurrence over all splits
    // (hanoilab::sequences::frame_stewart, the engine of `hanoilab frame-stewart`).
    for pins in 3..=8usize {
        for n in 0..=40u64 {
            assert_eq!(
                builtin_count("many-pin", "M", n as i64, &param("p", pins as i64)),
                frame_stewart(n, pins).unwrap(),
                "p = {pins}, n = {n}"
            );
        }
    }
}

#[test]
fn many_pin_cli_agrees_with_frame_stewart_command() {
    for (pins, n) in [(4, 9), (5, 12), (6, 20)] {
        let fs = stdout(&[
            "frame-stewart",
            "--pegs",
            &pins.to_string(),
            "--discs",
            &n.to_string(),
        ]);
        let nth = stdout(&[
            "nth",
            "Many_Pin",
            &n.to_string(),
            "--param",
            &format!("p={pins}"),
        ]);
        assert_eq!(
            fs.lines().last().unwrap().trim(),
            nth.trim(),
            "p={pins} n={n}"
        );
    }
}

#[test]
fn lunnon_frame_type_checkers_and_reversi_solvers_simulate() {
    let none = Params::new();
    simulates("reves", "L", 0..=14, &none);
    for f in ["DDDD", "BABB", "BAAB"] {
        simulates("checkers", f, 0..=14, &none);
    }
    for f in ["BABA", "BBBD", "BAAB_L"] {
        simulates("reversi", f, 0..=11, &none);
    }
    for f in ["DDDE", "DDDF", "EDDD"] {
        simulates("reversi-lunnon", f, 0..=11, &none);
    }
}

#[test]
fn lunnons_reversi_c_breaks_its_own_base_colours() {
    // Lunnon's tranBAAB (Reversi_C, "assuming bases coloured BAAB") recurses through BABB on
    // pins whose bases are not B A B B; his check() never tests a base's colour. Under our
    // rules with bases B A A B the fifth move at n = 2 puts a disc of colour A on pin 1's A
    // base. Pinned here; reversi.BAAB_L therefore has uncoloured bases.
    let text = include_str!("../../data/variants/reversi.toml")
        .replace("bases = \"DDDD\"  # BAAB_L", "bases = \"BAAB\"  # BAAB_L");
    let v = Variant::from_toml(&text, "reversi-baab-bases").unwrap();
    assert!(v.simulate("BAAB_L", 1, &Params::new()).is_ok());
    let err = v
        .simulate("BAAB_L", 2, &Params::new())
        .unwrap_err()
        .to_string();
    assert!(err.contains("move 5") && err.contains("colour"), "{err}");
    // The same moves are legal on uncoloured bases (the built-in function).
    simulates("reversi", "BAAB_L", 0..=11, &Params::new());
}

#[test]
fn flipped_goal_colours_only_for_the_goal() {
    // The format extension for Reversi_A: goal_colours = "flipped" (every start colour c
    // becomes c xor 1); a flipped *start* is rejected at load time.
    let text = include_str!("../../data/variants/reversi.toml");
    let bad = text.replace(
        "goal_colours = \"flipped\"",
        "start_colours = \"flipped\"\ngoal_colours = \"flipped\"",
    );
    let e = Variant::from_toml(&bad, "flipped-start")
        .unwrap_err()
        .to_string();
    assert!(e.contains("start") && e.contains("flipped"), "{e}");
    // With the colours left unchanged the BABA moves do not reach the goal (n = 1: one
    // move flips the single disc).
    let same = text.replace("goal_colours = \"flipped\"\n", "");
    let v = Variant::from_toml(&same, "unflipped").unwrap();
    assert!(v.simulate("BABA", 1, &Params::new()).is_err());
    simulates("reversi", "BABA", 0..=11, &Params::new());
}

#[test]
fn reves_with_lunnons_split_has_the_frame_stewart_counts() {
    for n in 0..=60u64 {
        assert_eq!(
            builtin_count("reves", "L", n as i64, &Params::new()),
            frame_stewart(n, 4).unwrap(),
            "n = {n}"
        );
    }
}

#[test]
fn lunnons_checkers_is_no_better_than_the_best_frame_type_split() {
    // Independent route: the native CheckersFrame takes the minimum over all splits.
    let mut best = crate::checkers_reference::CheckersFrame::new();
    for n in 0..=36 {
        let lunnon = builtin_count("checkers", "DDDD", n, &Params::new());
        assert!(best.dddd(n as usize) <= lunnon, "n = {n}");
    }
}

/// The optimum by breadth-first search (`hanoilab search ... --format json`).
fn optimum(target: &str, n: i64, extra: &[&str]) -> i64 {
    let n = n.to_string();
    let mut args = vec!["search", target, "-n", &n, "--format", "json"];
    args.extend_from_slice(extra);
    let v: serde_json::Value = serde_json::from_str(&stdout(&args)).unwrap();
    v["minimum"]
        .as_i64()
        .unwrap_or_else(|| panic!("{target} n={n}: {v}"))
}

#[test]
fn algorithms_are_no_shorter_than_the_optimum() {
    let cases: &[(&str, &str, &str, i64, &[&str])] = &[
        ("many-pin", "M", "many-pin.M", 6, &["--param", "p=4"]),
        ("many-pin", "M", "many-pin.M", 5, &["--param", "p=5"]),
        ("reves", "L", "reves.L", 7, &[]),
        ("checkers", "DDDD", "checkers.DDDD", 7, &[]),
        ("checkers", "BABB", "checkers.BABB", 7, &[]),
        ("checkers", "BAAB", "checkers.BAAB", 7, &[]),
        ("reversi", "BABA", "reversi.BABA", 6, &[]),
        ("reversi", "BBBD", "reversi.BBBD", 6, &[]),
        ("reversi", "BAAB_L", "reversi.BAAB_L", 6, &[]),
        ("reversi-lunnon", "DDDE", "reversi-lunnon.DDDE", 6, &[]),
        ("reversi-lunnon", "DDDF", "reversi-lunnon.DDDF", 6, &[]),
        ("reversi-lunnon", "EDDD", "reversi-lunnon.EDDD", 6, &[]),
    ];
    for &(id, f, target, max_n, extra) in cases {
        let params = match extra {
            [_, kv] => {
                let (k, v) = kv.split_once('=').unwrap();
                param(k, v.parse().unwrap())
            }
            _ => Params::new(),
        };
        for n in 1..=max_n {
            let alg = builtin_count(id, f, n, &params);
            let opt = optimum(target, n, extra);
            assert!(
                BigInt::from(opt) <= alg,
                "{target} n={n}: optimum {opt} > {alg}"
            );
        }
    }
}

// ---------------------------------------------------------------- Lunnon's iterative rules

/// Every HanoiVar solver that is an iterative rule (`Classic_P`, `Adjacent_P`, `Checkers_P`,
/// `Reversi_P`) is its target's alternative algorithm: played under the target's rules (every
/// move checked, goal reached) it equals the recursion program move for move.
#[test]
fn iterative_solvers_are_played_and_equal_their_recursive_targets() {
    use hanoilab::variants::alternatives::run_alternative;
    let solvers = hanoilab::variants::hanoivar::solvers().unwrap();
    let iterative: Vec<_> = solvers.iter().filter(|s| s.algorithm.is_some()).collect();
    let names: Vec<&str> = iterative.iter().map(|s| s.name.as_str()).collect();
    assert_eq!(
        names,
        ["Classic_P", "Adjacent_P", "Checkers_P", "Reversi_P"]
    );
    for s in iterative {
        let (id, f) = s.target.as_deref().unwrap().split_once('.').unwrap();
        let v = Variant::builtin(id).unwrap();
        let alg = s.algorithm.as_deref().unwrap();
        for n in 0..=11u64 {
            let r = run_alternative(&v, f, n, &Params::new(), alg)
                .unwrap_or_else(|e| panic!("{} n = {n}: {e}", s.name));
            assert!(r.report.goal_reached, "{} n = {n}", s.name);
            assert_eq!(r.first_difference, None, "{} n = {n}", s.name);
        }
    }
    // Adjacent_P's moves are also Fancy Hanoi's (three in a row), and Reversi_P's are
    // Checkers_P's (legal under both rule sets).
    let fancy = Variant::builtin("fancy").unwrap();
    let checkers = Variant::builtin("checkers").unwrap();
    for n in 0..=8u64 {
        let r = run_alternative(&fancy, "F", n, &Params::new(), "alternating-pairs").unwrap();
        assert_eq!(r.first_difference, None, "fancy n = {n}");
        let r = run_alternative(&checkers, "P", n, &Params::new(), "periodic").unwrap();
        assert_eq!(r.first_difference, None, "checkers n = {n}");
    }
}

#[test]
fn a_hanoivar_iterative_name_simulates_its_rule() {
    let out = stdout(&["simulate", "Reversi_P", "-n", "7"]);
    assert!(
        out.contains("algorithm periodic") && out.contains("identical to the recursion program"),
        "{out}"
    );
    let out = stdout(&["show", "classic"]);
    assert!(out.contains("classic.T --algorithm period3"), "{out}");
}

// ---------------------------------------------------------------- Table of times

/// Rows of Lunnon's Table of times, typed from HanoiLib.java (values for n = 0, 1, 2, ...).
const TABLE: &[(&str, &[i64])] = &[
    (
        "Reves",
        &[
            0, 1, 3, 5, 9, 13, 17, 25, 33, 41, 49, 65, 81, 97, 113, 129, 161, 193, 225, 257, 289,
            321, 385, 449, 513, 577, 641, 705, 769, 897, 1025, 1153, 1281, 1409, 1537, 1665, 1793,
        ],
    ),
    (
        "Checkers",
        &[
            0, 1, 3, 5, 9, 13, 17, 25, 33, 41, 49, 65, 81, 97, 113, 137, 161, 193, 225, 257, 289,
            337, 385, 449, 513, 577, 641, 737, 817, 929, 1025, 1153, 1281, 1409, 1537, 1729, 1897,
        ],
    ),
    (
        "Checkers_B",
        &[
            0, 1, 3, 5, 9, 13, 21, 25, 33, 41, 57, 65, 81, 97, 129, 145, 177, 193, 225, 257, 321,
            353, 417, 449, 513, 577, 705, 769, 897, 961, 1089, 1153, 1281, 1409, 1665, 1793, 2049,
        ],
    ),
    (
        "Checkers_C",
        &[
            0, 1, 3, 7, 9, 13, 17, 25, 33, 49, 57, 73, 81, 97, 113, 145, 161, 193, 225, 289, 321,
            385, 417, 481, 513, 577, 641, 769, 833, 961, 1025, 1153, 1281, 1537, 1665, 1921, 2049,
        ],
    ),
    (
        "Reversi_A",
        &[0, 1, 4, 7, 16, 25, 52, 79, 160, 241, 484, 727, 1456],
    ),
    (
        "Reversi_B",
        &[0, 2, 4, 10, 16, 34, 52, 106, 160, 322, 484, 970, 1456],
    ),
    (
        "Reversi_C",
        &[0, 2, 6, 10, 22, 34, 70, 106, 214, 322, 646, 970, 1942],
    ),
    ("Reversi_H", &[0, 2, 4, 10, 20, 42, 84, 170, 340, 682, 1364]),
    (
        "Reversi_E",
        &[0, 1, 4, 7, 12, 17, 26, 35, 50, 69, 100, 145, 210],
    ),
    (
        "Reversi_F",
        &[0, 2, 4, 8, 12, 20, 30, 40, 54, 72, 102, 144, 214],
    ),
    (
        "Reversi",
        &[0, 3, 6, 11, 16, 23, 32, 45, 60, 79, 110, 155, 228],
    ),
    ("Domino_B", &[0, 1, 4, 13, 40, 121, 364, 1093, 3280]),
    (
        "Domino",
        &[
            0, 3, 8, 21, 58, 161, 464, 1361, 4030, 12013, 35916, 107557, 322386,
        ],
    ),
    (
        "Four_Star",
        &[0, 2, 6, 12, 20, 32, 48, 66, 90, 122, 158, 206, 260],
    ),
];

#[test]
fn table_of_times_rows_hold_through_the_hanoivar_names() {
    for (name, row) in TABLE {
        let a = hanoilab::variants::hanoivar::alias(name).unwrap().unwrap();
        let v = Variant::builtin(&a.variant).unwrap();
        for (n, &want) in row.iter().enumerate() {
            let got = v.count(&a.function, n as i64, &Params::new()).unwrap();
            assert_eq!(
                got,
                BigInt::from(want),
                "{name} ({}.{}) n = {n}",
                a.variant,
                a.function
            );
        }
    }
}

#[test]
fn hanoilib_table_claims_all_hold() {
    let text = stdout(&["claims", "hanoilib", "--format", "json"]);
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    let claims = v["rows"]
        .as_array()
        .expect("a JSON array of claims in rows");
    let tables: Vec<_> = claims.iter().filter(|c| c["kind"] == "table").collect();
    assert_eq!(tables.len(), 25); // every row of the Table of times for a menu solver
    for c in tables {
        assert_eq!(c["verdict"], "holds", "{c}");
    }
}

// ---------------------------------------------------------------- names in the CLI

#[test]
fn hanoivar_names_resolve_case_insensitively_in_every_command() {
    for (name, target) in [
        ("Reversi_A", "reversi.BABA"),
        ("checkers_b", "checkers.BABB"),
        ("CHECKERS_C", "checkers.BAAB"),
        ("Many_Pin", "many-pin.M"),
        ("Domino", "domino.EDD"),
        ("Reves", "reves.L"),
    ] {
        assert_eq!(
            stdout(&["nth", name, "9"]),
            stdout(&["nth", target, "9"]),
            "{name}"
        );
        assert_eq!(
            stdout(&["table", name, "--n", "0..6", "--format", "csv"]),
            stdout(&["table", target, "--n", "0..6", "--format", "csv"]),
            "{name}"
        );
        let sim = stdout(&["simulate", name, "-n", "5"]);
        assert!(sim.contains("goal reached"), "{name}: {sim}");
        let search: serde_json::Value =
            serde_json::from_str(&stdout(&["search", name, "-n", "3", "--format", "json"]))
                .unwrap();
        assert!(search["minimum"].as_i64().is_some(), "{name}: {search}");
    }
    // `check` too: Reversi_A(n) = 3 Reversi_A(n-2) + 4 for n >= 3 (Lunnon's seed, Reversi
    // section: BABA(n) = 3 BABA(n-2) + 4), via the name.
    let out = hanoilab(&["check", "reversi_a", "3*BABA(n-2) + 4", "--n", "3..20"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn variant_ids_keep_their_meaning() {
    // `reversi` is the variant (default function BABB, the coloured problem of Lunnon's
    // section Reversi Hanoi), not Lunnon's menu entry Reversi (`reversi-lunnon.EDDD`).
    assert_eq!(
        stdout(&["nth", "reversi", "5"]),
        stdout(&["nth", "reversi.BABB", "5"])
    );
    assert_eq!(
        stdout(&["nth", "checkers", "5"]),
        stdout(&["nth", "checkers.DDDD", "5"])
    );
}

fn fails_with(args: &[&str], needles: &[&str]) {
    let out = hanoilab(args);
    assert_eq!(out.status.code(), Some(2), "{args:?}");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.trim().lines().count(), 1, "one line: {err}");
    for n in needles {
        assert!(err.contains(n), "{args:?}: {err} lacks {n}");
    }
}

#[test]
fn unknown_names_exit_2_naming_the_nearest() {
    // (An entry without implementation is refused the same way, with its reason: unit test
    // in src/variants/hanoivar.rs; every menu entry is implemented now.)
    fails_with(
        &["nth", "Reversi_Q", "4"],
        &["unknown variant `Reversi_Q`", "nearest: Reversi_A"],
    );
    fails_with(&["table", "Many_Pins", "--n", "0..3"], &["Many_Pin"]);
    fails_with(&["search", "Chekers_B", "-n", "3"], &["Checkers_B"]);
    fails_with(&["check", "Chekers_B", "n", "--n", "1..3"], &["Checkers_B"]);
}

#[test]
fn list_hanoivar_prints_all_36_menu_entries() {
    let v: serde_json::Value =
        serde_json::from_str(&stdout(&["list", "--hanoivar", "--format", "json"])).unwrap();
    let rows = v["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 36);
    assert_eq!(rows[0]["hanoivar"], "Classic");
    assert_eq!(rows[8]["target"], "checkers.DDDD");
    let human = stdout(&["list", "--hanoivar"]);
    assert!(human.contains("Checkers_B") && human.contains("checkers.BABB"));
    assert!(human.contains("pins colured BABB")); // Lunnon's comment, his spelling
}

#[test]
fn report_has_a_hanoivar_page_linked_from_the_index_and_every_variant_page() {
    use hanoilab::output::report::{build, ReportOptions};
    let b = build(&ReportOptions { quick: true }, &mut |_| {}).expect("report builds");
    let page = b.pages.get("hanoivar.md").expect("hanoivar.md");
    // One row per menu entry of data/hanoivar.toml (counted in the file's text).
    let text = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("data/hanoivar.toml"),
    )
    .unwrap();
    let entries = text.matches("[[solver]]").count();
    let rows = page
        .lines()
        .filter(|l| l.starts_with("| ") && !l.starts_with("| HanoiVar |"))
        .count();
    assert_eq!(rows, entries);
    // Lunnon's Reversi_E row, typed from HanoiLib.java's Table of times, beside ours.
    let row = page
        .lines()
        .find(|l| l.starts_with("| Reversi_E |"))
        .expect("Reversi_E row");
    assert!(
        row.contains("0, 1, 4, 7, 12, 17, 26, 35, 50, 69, 100, 145, 210"),
        "{row}"
    );
    assert!(row.contains("agrees at n = 0..12"), "{row}");
    // All 25 printed rows hold (docs/hanoivar.md): no row differs.
    assert!(!page.contains("differs"), "{page}");
    assert!(b.pages["README.md"].contains("(hanoivar.md)"));
    for id in hanoilab::variants::builtin_ids() {
        assert!(
            b.pages[&format!("{id}.md")].contains("(hanoivar.md)"),
            "{id}.md has no link to hanoivar.md"
        );
    }
}

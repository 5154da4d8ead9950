//! `hanoilab show`: the rules and every function's start and goal, for the built-ins and
//! for a user's own file, checked against the definitions of the `moves` forms in
//! docs/variant-format.md (coded here apart from the engine) and against the puzzles the
//! engine makes.

use crate::common::stdout;
use hanoilab::variants::{builtin_ids, Params, Variant};
use serde_json::Value;
use std::collections::BTreeSet;

fn show_json(args: &[&str]) -> Value {
    let mut a = vec!["show"];
    a.extend_from_slice(args);
    a.extend_from_slice(&["--format", "json"]);
    serde_json::from_str(&stdout(&a)).expect("JSON")
}

/// The arcs `[from, to]` of a `moves` form on `pins` pins, from the table of
/// docs/variant-format.md.
fn arcs_of_form(form: &str, pins: usize) -> BTreeSet<(usize, usize)> {
    let mut arcs = BTreeSet::new();
    for i in 0..pins {
        for j in 0..pins {
            let allowed = match form {
                _ if i == j => false,
                "complete" => true,
                "cycle" => j == (i + 1) % pins,
                "path" => i.abs_diff(j) == 1,
                star => {
                    let c: usize = star.strip_prefix("star:").expect("a star").parse().unwrap();
                    i == c || j == c
                }
            };
            if allowed {
                arcs.insert((i, j));
            }
        }
    }
    arcs
}

fn arcs_of_json(v: &Value) -> BTreeSet<(usize, usize)> {
    v["rules"]["arcs"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| {
            (
                a[0].as_u64().unwrap() as usize,
                a[1].as_u64().unwrap() as usize,
            )
        })
        .collect()
}

/// Every built-in: the arcs `show` lists are those of its `moves` form, and each stack's
/// example start and goal hold that stack's discs on the pin `start` and `goal` name, as
/// the engine's puzzle places them.
#[test]
fn every_builtin_shows_its_rules_start_and_goal() {
    let mut forms = BTreeSet::new();
    for id in builtin_ids() {
        let v = show_json(&[id]);
        let pins = v["rules"]["pins"].as_u64().unwrap() as usize;
        let form = v["rules"]["moves"].as_str().unwrap();
        forms.insert(form.split(':').next().unwrap().to_string());
        if form != "arcs" {
            assert_eq!(arcs_of_json(&v), arcs_of_form(form, pins), "{id}");
        }
        let variant = Variant::builtin(id).unwrap();
        let problems = v["problems"].as_array().unwrap();
        assert_eq!(problems.len(), variant.functions().len(), "{id}");
        let stacks = v["rules"]["stacks"].as_u64().unwrap() as usize;
        for (p, f) in problems.iter().zip(variant.functions()) {
            assert_eq!(p["function"], f.name.as_str(), "{id}");
            let n = p["example_n"].as_i64().unwrap();
            let puzzle = variant.puzzle(&f.name, n, &Params::new()).unwrap();
            for (what, config) in [("start", &puzzle.start), ("goal", &puzzle.goal)] {
                let at: Vec<usize> = p[what]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|x| x.as_u64().unwrap() as usize)
                    .collect();
                assert_eq!(at.len(), stacks, "{id}.{}: {what}", f.name);
                let example = p[format!("example_{what}")].as_array().unwrap();
                assert_eq!(example.len(), pins, "{id}.{}", f.name);
                // Disc `s*n + k` is stack s's disc of size n - k.
                for (s, &pin) in at.iter().enumerate() {
                    for k in 0..n {
                        let disc = (s as i64 * n + k) as u32;
                        assert!(
                            config.pins[pin].contains(&disc),
                            "{id}.{}: {what}: stack {s} on pin {pin}",
                            f.name
                        );
                    }
                }
                for (pin, text) in example.iter().enumerate() {
                    let sizes: Vec<u32> = text
                        .as_str()
                        .unwrap()
                        .split_whitespace()
                        .filter(|t| *t != "-")
                        .map(|t| t.trim_end_matches(['A', 'B', 'C']).parse().unwrap())
                        .collect();
                    let expected: Vec<u32> = config.pins[pin]
                        .iter()
                        .map(|&d| puzzle.discs[d as usize].size)
                        .collect();
                    assert_eq!(sizes, expected, "{id}.{}: {what} pin {pin}", f.name);
                }
            }
        }
        let human = stdout(&["show", id]);
        assert!(human.contains("## Rules\n\n- pins: "), "{id}");
        assert!(human.contains("- move form: "), "{id}");
        assert_eq!(human.matches("  - start: ").count(), problems.len(), "{id}");
        assert_eq!(human.matches("  - goal: ").count(), problems.len(), "{id}");
    }
    // The built-ins use every named form.
    for form in ["complete", "cycle", "path", "star"] {
        assert!(forms.contains(form), "{form}: {forms:?}");
    }
}

fn user_file(name: &str, header: &str, rules: &str) -> String {
    let dir = std::env::temp_dir().join(format!("hanoilab-show-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!("{name}.toml"));
    std::fs::write(
        &path,
        format!(
            "id = \"{name}\"\n{header}\n[rules]\n{rules}\n[functions.T]\nsource = \"my notes\"\n\
             start = [0]\ngoal = [2]\ncall = \"t(n; 0, 1, 2)\"\n[program]\ntext = \"\"\"\n\
             t(n; X, Y, Z) when n == 1 = move(X, Z)\n\
             t(n; X, Y, Z) = t(n-1; X, Z, Y), move(X, Z), t(n-1; Y, X, Z)\n\"\"\"\n"
        ),
    )
    .unwrap();
    path.display().to_string()
}

/// A user's file (the example of docs/variant-format.md): `show` prints its rules, the
/// start and goal of its function and both at three discs.
#[test]
fn a_users_file_shows_its_rules_start_and_goal() {
    let file = user_file("my-classic", "", "pins = 3");
    let human = stdout(&["show", &file]);
    for line in [
        "- pins: 3\n",
        "- move form: complete, from any pin to any other pin\n",
        "- moves allowed: 0->1 0->2 1->0 1->2 2->0 2->1\n",
        "- sizes: a disc may only be placed on a larger disc\n",
        "  - call: `t(n; 0, 1, 2)`\n",
        "  - start: the tower on pin 0; colours: none (the discs are uncoloured); at n = 3: [3 2 1] [] []\n",
        "  - goal: the tower on pin 2; colours: as at the start; at n = 3: [] [] [3 2 1]\n",
    ] {
        assert!(human.contains(line), "{line:?} in\n{human}");
    }
    assert_eq!(stdout(&["show", &file, "--format", "md"]), human);
    // An explicit arc list is shown as listed; a star's centre as evaluated for the
    // parameters given.
    let arcs = user_file("ring", "", "pins = 3\nmoves = [[0, 1], [1, 2], [2, 0]]");
    let v = show_json(&[&arcs]);
    assert_eq!(v["rules"]["moves"], "arcs");
    assert_eq!(arcs_of_json(&v), BTreeSet::from([(0, 1), (1, 2), (2, 0)]));
    let star = user_file(
        "pstar",
        "parameters = { p = 4 }",
        "pins = \"p\"\nmoves = \"star:p - 1\"",
    );
    for (p, centre) in [("4", 3), ("6", 5)] {
        let v = show_json(&[&star, "--param", &format!("p={p}")]);
        assert_eq!(v["rules"]["moves"], format!("star:{centre}"));
        assert_eq!(v["parameters"]["p"], p.parse::<u64>().unwrap());
        assert_eq!(
            arcs_of_json(&v),
            arcs_of_form(&format!("star:{centre}"), centre + 1)
        );
    }
    let pins = user_file("pinsstar", "", "pins = 5\nmoves = \"star:pins - 1\"");
    assert_eq!(show_json(&[&pins])["rules"]["moves"], "star:4");
}

//! `hanoilab search --from/--to` and `hanoilab graph` run as the real binary: the classic
//! route against the search route, the graph statistics against the literature, and the
//! errors (exit 2, one line, nothing on stdout).

use crate::common::{assert_input_error, hanoilab, stdout};

fn json(args: &[&str]) -> serde_json::Value {
    serde_json::from_str(&stdout(args)).expect("stdout is JSON")
}

/// A bad input: exit status 2 with a one-line message naming `needle`, nothing on stdout.
fn one_line_error(args: &[&str], needle: &str) {
    assert_input_error(args, needle);
    let err = String::from_utf8(hanoilab(args).stderr).unwrap();
    assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
}

#[test]
fn classic_route_equals_the_search_route() {
    // --layers takes the search for the classic puzzle too: the two routes side by side.
    for (from, to) in [
        ("0120", "2201"),
        ("tower:0", "tower:2"),
        ("2101", "0212"),
        ("0000", "0000"),
    ] {
        let fast = json(&[
            "search", "classic", "-n", "4", "--from", from, "--to", to, "--format", "json",
        ]);
        assert!(fast["route"].as_str().unwrap().contains("Hinz"), "{fast}");
        let slow = json(&[
            "search", "classic", "-n", "4", "--from", from, "--to", to, "--count", "--layers",
            "--format", "json",
        ]);
        assert_eq!(slow["route"], "breadth-first search");
        assert_eq!(fast["distance"], slow["distance"], "{from} -> {to}");
        assert_eq!(
            fast["shortest_paths"].to_string(),
            slow["shortest_paths"].as_str().unwrap(),
            "{from} -> {to}"
        );
    }
}

#[test]
fn classic_route_gives_moves_and_defaults_to_the_function_ends() {
    let j = json(&[
        "search",
        "classic",
        "-n",
        "4",
        "--from",
        "0120",
        "--to",
        "2201",
        "--solution",
        "--format",
        "json",
    ]);
    let moves = j["solution"].as_array().unwrap();
    assert_eq!(moves.len().to_string(), j["distance"].as_str().unwrap());
    // only --to: from the function's start (tower on pin 0); tower to tower is 2^n - 1
    let j = json(&[
        "search", "classic", "-n", "10", "--to", "tower:1", "--format", "json",
    ]);
    assert_eq!(j["distance"], "1023");
    assert_eq!(j["from"], "0000000000");
    let text = stdout(&[
        "search", "classic", "-n", "3", "--from", "000", "--to", "222",
    ]);
    assert!(
        text.contains("distance 7 moves") && text.contains("Hinz"),
        "{text}"
    );
}

#[test]
fn a_million_discs() {
    let from: String = (0..1_000_000u32)
        .map(|i| char::from(b'0' + (i * 7 % 3) as u8))
        .collect();
    let to: String = (0..1_000_000u32)
        .map(|i| char::from(b'0' + (i * 5 % 3) as u8))
        .collect();
    // a million digits do not fit in one argument: the configurations from files
    let dir = std::env::temp_dir().join(format!("hanoilab-graph-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (a, b) = (dir.join("from.txt"), dir.join("to.txt"));
    std::fs::write(&a, &from).unwrap();
    std::fs::write(&b, format!("{to}\n")).unwrap();
    let (from, to) = (format!("@{}", a.display()), format!("@{}", b.display()));
    let j = json(&[
        "search", "classic", "-n", "1000000", "--from", &from, "--to", &to, "--format", "json",
    ]);
    // the largest discs differ (0 and 0 agree; 7 mod 3 = 1 and 5 mod 3 = 2 differ), so the
    // distance has about a million bits
    let bits = j["distance_bits"].as_u64().unwrap();
    assert!((999_990..=1_000_000).contains(&bits), "{bits}");
    one_line_error(
        &[
            "search",
            "classic",
            "-n",
            "1000000",
            "--from",
            &from,
            "--to",
            &to,
            "--solution",
        ],
        "--solution",
    );
    one_line_error(
        &["search", "classic", "-n", "4", "--from", "@/nonexistent/x"],
        "--from @",
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn other_rules_take_the_search() {
    let j = json(&[
        "search", "cyclic", "-n", "3", "--from", "012", "--to", "tower:1", "--count", "--format",
        "json",
    ]);
    assert_eq!(j["route"], "breadth-first search");
    assert!(j["distance"].as_str().unwrap().parse::<u64>().unwrap() > 0);
    let text = stdout(&["search", "reves", "-n", "3", "--from", "012", "--to", "210"]);
    assert!(text.contains("breadth-first search"), "{text}");
}

#[test]
fn bad_configurations_are_refused() {
    one_line_error(
        &[
            "search", "classic", "-n", "4", "--from", "012", "--to", "2201",
        ],
        "3 pins given for 4 discs",
    );
    one_line_error(
        &["search", "classic", "-n", "4", "--from", "0130"],
        "position 3",
    );
    one_line_error(
        &["search", "classic", "-n", "4", "--to", "tower:3"],
        "pin 3",
    );
    one_line_error(
        &["search", "classic", "-n", "4", "--to", "01a0"],
        "position 3",
    );
    one_line_error(
        &["search", "cyclic", "-n", "3", "--from", "013"],
        "position 3",
    );
    one_line_error(
        &["search", "antwerp", "-n", "2", "--from", "tower:1"],
        "not supported",
    );
    one_line_error(
        &["search", "domino", "-n", "2", "--from", "tower:1"],
        "not supported",
    );
    one_line_error(
        &["search", "reves", "-n", "3", "--halfway", "--to", "tower:1"],
        "--halfway",
    );
}

#[test]
fn graph_statistics_of_hanoi_graphs() {
    // OEIS A290004: Wiener index of the n-Hanoi graph, n = 1..5.
    let wiener = ["3", "72", "1419", "26580", "487839"];
    for n in 1..=5u32 {
        let j = json(&["graph", "classic", "-n", &n.to_string(), "--format", "json"]);
        let three = 3u64.pow(n);
        assert_eq!(j["vertices"], three);
        assert_eq!(j["edges"], 3 * (three - 1) / 2);
        assert_eq!(j["diameter"], (1u64 << n) - 1);
        assert_eq!(j["wiener_index"], wiener[n as usize - 1]);
        // the six permutations of the pins; the three perfect towers are one orbit
        assert_eq!(j["pin_automorphisms"], 6);
        assert_eq!(j["pin_orbits"], (three - 3) / 6 + 1);
    }
    let csv = stdout(&["graph", "classic", "-n", "2", "--format", "csv"]);
    assert!(
        csv.starts_with("quantity,value\n") && csv.contains("\nwiener_index,72\n"),
        "{csv}"
    );
    let text = stdout(&["graph", "cyclic", "-n", "2"]);
    assert!(
        text.contains("symmetric: false") && text.contains("vertices: 9"),
        "{text}"
    );
    // a one-way cycle of pins keeps its three rotations only
    assert!(text.contains("pin automorphisms: 3"), "{text}");
}

#[test]
fn graph_errors() {
    one_line_error(&["graph", "classic", "-n", "11"], "--max-states");
    one_line_error(
        &["graph", "classic", "-n", "3", "--max-states", "26"],
        "--max-states",
    );
    one_line_error(&["graph", "classic", "-n", "x"], "-n");
    one_line_error(
        &["graph", "classic", "-n", "3", "--format", "md"],
        "--format",
    );
    one_line_error(&["graph", "nosuch", "-n", "3"], "nosuch");
}

/// `graph -n A..B`: each row is what `graph -n N` says of that n alone, and `--guess`
/// conjectures the literature's law for the diameter of H_3^n (2^n - 1: a(n) = 3a(n-1) -
/// 2a(n-2)) and states how far the terms confirm it.
#[test]
fn a_range_of_graphs_is_a_row_per_n_and_its_laws() {
    let table = stdout(&["graph", "classic", "-n", "0..5", "--format", "csv"]);
    let mut lines = table.lines();
    let header: Vec<&str> = lines.next().unwrap().split(',').collect();
    for (n, line) in lines.enumerate() {
        let cells: Vec<&str> = line.split(',').collect();
        assert_eq!(cells[0], n.to_string());
        let one = json(&["graph", "classic", "-n", &n.to_string(), "--format", "json"]);
        for (k, v) in header.iter().zip(&cells).skip(1) {
            let single = match &one[*k] {
                serde_json::Value::Number(x) => x.to_string(),
                serde_json::Value::String(s) => s.clone(),
                other => panic!("{k}: {other}"),
            };
            assert_eq!(*v, single, "n = {n}, {k}");
        }
    }
    let out = stdout(&["graph", "classic", "-n", "0..7", "--guess"]);
    let diameter = out
        .lines()
        .rev()
        .find(|l| l.starts_with("diameter:"))
        .unwrap();
    assert_eq!(
        diameter,
        "diameter: a(n) = 3 a(n-1) - 2 a(n-2) for n >= 2 (linear, order 2; 4 terms determine \
         it, 4 confirm it)"
    );
    let laws = json(&[
        "graph", "classic", "-n", "0..7", "--guess", "--format", "json",
    ]);
    assert!(laws["laws"]["wiener_index"]
        .as_str()
        .unwrap()
        .starts_with("no law"));
}

#[test]
fn graph_range_errors() {
    one_line_error(&["graph", "classic", "-n", "3", "--guess"], "range of n");
    one_line_error(
        &["graph", "classic", "-n", "0..20", "--max-states", "1000"],
        "at n = 7",
    );
    one_line_error(&["graph", "classic", "-n", "5..2"], "-n");
    one_line_error(
        &["graph", "classic", "-n", "0..3", "--format", "md"],
        "use human, json or csv",
    );
}

//! `hanoilab matrix FILE`: the real binary on Lunnon's Towers of Antwerp matrix, and on bad
//! input (exit status 2, a message naming the file, never a panic).

use std::path::PathBuf;
use std::process::{Command, Output};

fn write(name: &str, text: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("algebra_matrix_cli");
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p
}

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_hanoilab"))
        .args(args)
        .output()
        .unwrap()
}

/// Lunnon, "Towers of Antwerp" (seed 000_3e39fda85b098e00.txt): s = (T33, T31, T13, T11, 1),
/// s(1) = (6, 2, 2, 3, 1), s(n+1) = M s(n).
const ANTWERP: &str = r#"
matrix = [[0,2,0,4,6],[0,1,0,2,2],[0,0,1,2,2],[0,0,0,2,3],[0,0,0,0,1]]
initial = [6, 2, 2, 3, 1]
names = ["T33", "T31", "T13", "T11", "1"]
"#;

/// T33(n) by stepping the matrix (independent of the library).
fn t33_by_stepping(n: u32) -> i128 {
    let m: [[i128; 5]; 5] = [
        [0, 2, 0, 4, 6],
        [0, 1, 0, 2, 2],
        [0, 0, 1, 2, 2],
        [0, 0, 0, 2, 3],
        [0, 0, 0, 0, 1],
    ];
    let mut s: [i128; 5] = [6, 2, 2, 3, 1];
    for _ in 1..n {
        let mut t = [0i128; 5];
        for i in 0..5 {
            t[i] = (0..5).map(|j| m[i][j] * s[j]).sum();
        }
        s = t;
    }
    s[0]
}

/// Lunnon: "12 (2^n) - 8 n - 10 moves for n > 1".
fn t33_literature(n: u32) -> i128 {
    12 * (1i128 << n) - 8 * n as i128 - 10
}

#[test]
fn antwerp_closed_form_matches_lunnon() {
    for n in 2..=60 {
        assert_eq!(t33_by_stepping(n), t33_literature(n), "n = {n}");
    }
    let f = write("antwerp.toml", ANTWERP);
    let out = run(&[
        "matrix",
        f.to_str().unwrap(),
        "--format",
        "json",
        "--nth",
        "60",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let t33 = &v["components"][0];
    assert_eq!(t33["name"], "T33");
    // the printed coefficients are the literature's
    assert_eq!(t33["closed_form"], "12*2^n - 8n - 10");
    assert!(t33["closed_form_valid_from"].as_u64().unwrap() <= 2);
    assert_eq!(t33["nth"], t33_literature(60).to_string());
    assert_eq!(t33["dominant"]["lambda"], "2");
    assert_eq!(t33["dominant"]["c_exact"], "12");
    let first: Vec<String> = (1..=10).map(|n| t33_by_stepping(n).to_string()).collect();
    assert_eq!(t33["first_terms"], serde_json::json!(first));
    assert_eq!(v["charpoly_factored"], "E (E - 1)^3 (E - 2)");

    let out = run(&["matrix", f.to_str().unwrap()]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("T33(n) = 12*2^n - 8n - 10"), "{text}");
}

fn assert_input_error(out: &Output, file: &str, needle: &str) {
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains(file), "{err}");
    assert!(err.contains(needle), "{err}");
    assert!(!err.contains("panicked"), "{err}");
}

#[test]
fn bad_files_are_input_errors() {
    let f = write("rect.toml", "matrix = [[1,2,3],[4,5,6]]\ninitial = [1,1]\n");
    assert_input_error(
        &run(&["matrix", f.to_str().unwrap()]),
        "rect.toml",
        "square",
    );

    let f = write("ragged.toml", "matrix = [[1,2],[4]]\ninitial = [1,1]\n");
    assert_input_error(
        &run(&["matrix", f.to_str().unwrap()]),
        "ragged.toml",
        "row 2",
    );

    let f = write("short.toml", "matrix = [[1,2],[3,4]]\ninitial = [1]\n");
    assert_input_error(
        &run(&["matrix", f.to_str().unwrap()]),
        "short.toml",
        "expected 2, found 1",
    );

    let f = write(
        "names.toml",
        "matrix = [[1]]\ninitial = [1]\nnames = [\"a\", \"b\"]\n",
    );
    assert_input_error(
        &run(&["matrix", f.to_str().unwrap()]),
        "names.toml",
        "names",
    );

    let f = write("broken.toml", "matrix = [[1,2],[3,4]\ninitial = [1, 1]\n");
    assert_input_error(
        &run(&["matrix", f.to_str().unwrap()]),
        "broken.toml",
        "broken.toml:2:1: malformed TOML",
    );

    let f = write("nomatrix.toml", "initial = [1]\n");
    assert_input_error(
        &run(&["matrix", f.to_str().unwrap()]),
        "nomatrix.toml",
        "matrix",
    );

    let f = write("float.toml", "matrix = [[1.5]]\ninitial = [1]\n");
    assert_input_error(
        &run(&["matrix", f.to_str().unwrap()]),
        "float.toml",
        "integer",
    );

    let f = write("fmt.toml", "matrix = [[1]]\ninitial = [1]\n");
    let out = run(&["matrix", f.to_str().unwrap(), "--format", "csv"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--format csv"));

    let missing = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("no-such-matrix.toml");
    assert_input_error(
        &run(&["matrix", missing.to_str().unwrap()]),
        "no-such-matrix.toml",
        "cannot read",
    );
}

#[test]
fn big_entries_as_strings() {
    let f = write(
        "big.toml",
        "matrix = [[\"100000000000000000000\"]]\ninitial = [1]\n",
    );
    let out = run(&[
        "matrix",
        f.to_str().unwrap(),
        "--nth",
        "3",
        "--format",
        "json",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    // s(3) = (10^20)^2
    assert_eq!(v["components"][0]["nth"], format!("1{}", "0".repeat(40)));
}

#[test]
fn nth_only_prints_just_the_asked_terms() {
    let f = write("antwerp_only.toml", ANTWERP);
    let out = run(&[
        "matrix",
        f.to_str().unwrap(),
        "--nth",
        "50",
        "--only",
        "T33",
    ]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    // by stepping the matrix, independent of the library
    assert_eq!(text, format!("T33(50) = {}\n", t33_by_stepping(50)));
    // the full analysis prints the same N-th term
    let full = run(&["matrix", f.to_str().unwrap(), "--nth", "50"]);
    assert!(String::from_utf8(full.stdout)
        .unwrap()
        .contains(&format!("T33(50) = {}\n", t33_by_stepping(50))));
    // --only without --nth, an unknown name, and contradictory flags: input errors
    for args in [
        vec!["--only", "T33"],
        vec!["--nth", "5", "--only", "T99"],
        vec!["--analysis", "--no-analysis"],
    ] {
        let mut a = vec!["matrix", f.to_str().unwrap()];
        a.extend(args.iter().copied());
        let out = run(&a);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(!String::from_utf8_lossy(&out.stderr).contains("panicked"));
    }
}

#[test]
fn large_matrices_print_the_spectrum_and_say_the_analysis_is_skipped() {
    // 17 x 17: one more than the automatic analysis takes; a cyclic permutation matrix
    // whose characteristic polynomial is E^17 - 1 (a 17-cycle)
    let rows: Vec<String> = (0..17)
        .map(|i| {
            let r: Vec<&str> = (0..17)
                .map(|j| if j == (i + 1) % 17 { "1" } else { "0" })
                .collect();
            format!("[{}]", r.join(", "))
        })
        .collect();
    let text = format!(
        "matrix = [{}]\ninitial = [{}]\n",
        rows.join(", "),
        vec!["1"; 17].join(", ")
    );
    let f = write("cycle17.toml", &text);
    let out = run(&["matrix", f.to_str().unwrap()]);
    assert!(out.status.success());
    let s = String::from_utf8(out.stdout).unwrap();
    assert!(s.contains("characteristic polynomial: E^17 - 1\n"), "{s}");
    assert!(s.contains("  = (E - 1)(E^16 + E^15"), "{s}");
    assert!(s.contains("roots of E - 1 (certified): 1.000"), "{s}");
    assert!(
        s.contains("per-component analysis skipped: 17 components"),
        "{s}"
    );
}

#[test]
fn large_coefficients_skip_the_analysis_by_default() {
    // 2 x 2 with a 200-digit entry: 2 components times 665-bit coefficients exceeds 1024
    let big = "1234567890".repeat(20);
    let f = write(
        "big2.toml",
        &format!("matrix = [[\"{big}\", 3], [5, 7]]\ninitial = [1, 1]\n"),
    );
    let out = run(&["matrix", f.to_str().unwrap()]);
    assert!(out.status.success());
    let s = String::from_utf8(out.stdout).unwrap();
    assert!(
        s.contains("per-component analysis skipped: 2 components times 665-bit")
            && s.contains("more than 1024"),
        "{s}"
    );
}

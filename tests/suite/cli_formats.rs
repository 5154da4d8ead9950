//! Output that scripts can trust, on the real binary: a refuted formula or claim is exit
//! status 1. Expected numbers come from the literature (sources in comments) or are
//! computed here independently.

use crate::common::{hanoilab, stdout};

/// Writes `text` to a fresh file in a directory of this test run and returns its path.
fn temp_file(test: &str, name: &str, text: &str) -> String {
    let dir = std::env::temp_dir().join(format!("hanoilab-formats-{test}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p.to_string_lossy().into_owned()
}

// ---------------------------------------------------------------- exit status 1: fails

#[test]
fn a_failing_check_prints_its_verdict_and_exits_1() {
    // Lucas: classic T(n) = 2^n - 1, so 2^n fails at the first n (n = 1: 1 against 2).
    let out = hanoilab(&["check", "classic.T", "2^n"]);
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.starts_with("fails"), "{text}");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("--no-fail-exit"), "{err}");
    assert_eq!(err.trim().lines().count(), 1, "{err}");
    // The same output, exit 0, with the flag.
    let quiet = hanoilab(&["check", "classic.T", "2^n", "--no-fail-exit"]);
    assert_eq!(quiet.status.code(), Some(0));
    assert_eq!(quiet.stdout, out.stdout);
    // JSON too: the verdict on stdout, the status 1.
    let json = hanoilab(&["check", "classic.T", "2^n", "--format", "json"]);
    assert_eq!(json.status.code(), Some(1));
    let v: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    assert_eq!(v["verdict"], "fails");
    // A true formula is exit 0.
    assert!(stdout(&["check", "classic.T", "2^n - 1"]).starts_with("proved"));
}

#[test]
fn a_failing_bfile_and_asymptotic_check_exit_1() {
    // 2^n - 1 (Lucas) but 8 at n = 3.
    let wrong = temp_file("bfile", "wrong.txt", "1 1\n2 3\n3 8\n");
    let out = hanoilab(&["check", "classic.T", "--bfile", &wrong]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stdout).starts_with("fails at n = 3"));
    let out = hanoilab(&["check", "classic.T", "--bfile", &wrong, "--no-fail-exit"]);
    assert_eq!(out.status.code(), Some(0));
    // Classic T(n) ~ 2^n (ratio 1), not 3^n: the ratio goes to 0.
    let out = hanoilab(&["check", "classic.T", "3^n", "--asymptotic", "--n", "10..60"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("fails"), "{text}");
    assert_eq!(out.status.code(), Some(1), "{text}");
}

#[test]
fn claims_exit_1_when_a_claim_fails_after_printing_them_all() {
    let claim = |id: &str, formula: &str| {
        format!("[[claim]]\nid = \"{id}\"\nsection = \"s\"\nstatement = \"x\"\nkind = \"formula\"\ntarget = \"classic.T\"\nformula = \"{formula}\"\nn = \"0..20\"\n")
    };
    let head = "document = \"mine\"\ntitle = \"My notes\"\n\n";
    // Lucas: 2^n - 1 holds, 2^n + 1 does not.
    let mixed = temp_file(
        "claims",
        "mixed.toml",
        &format!(
            "{head}{}\n{}",
            claim("right", "2^n - 1"),
            claim("wrong", "2^n + 1")
        ),
    );
    let out = hanoilab(&["claims", "--file", &mixed, "--format", "json"]);
    assert_eq!(out.status.code(), Some(1));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let rows = v.as_array().expect("an array of claims");
    assert_eq!(rows.len(), 2, "both claims printed");
    assert_eq!(rows[1]["verdict"], "fails");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("1 of 2 claims fail (mixed/wrong)"), "{err}");
    let out = hanoilab(&["claims", "--file", &mixed, "--no-fail-exit"]);
    assert_eq!(out.status.code(), Some(0));
    let good = temp_file(
        "claims",
        "good.toml",
        &format!("{head}{}", claim("right", "2^n - 1")),
    );
    assert_eq!(
        hanoilab(&["claims", "--file", &good]).status.code(),
        Some(0)
    );
    // The built-in claims of Sniedovich include a misprint (his Table 2, G(9) = 19,683 for
    // 3^9 - 1 = 19,682): exit 1.
    assert_eq!(hanoilab(&["claims", "sniedovich"]).status.code(), Some(1));
}

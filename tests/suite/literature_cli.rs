//! `hanoilab claims` and `hanoilab check` on the real binary. Expected numbers come from the
//! literature (sources in comments) or are computed here independently.

use crate::common::{assert_input_error, stdout, stdout_refuted};

#[test]
fn claims_json_is_an_array_of_objects_with_the_contract_keys() {
    // Sniedovich's claims are quick to check and include a failing table (exit status 1).
    let text = stdout_refuted(&["claims", "sniedovich", "--format", "json"]);
    let v: serde_json::Value = serde_json::from_str(&text).expect("JSON");
    let arr = v["rows"].as_array().expect("an array of claims in rows");
    assert!(!arr.is_empty());
    for c in arr {
        for k in ["source", "statement", "verdict", "detail"] {
            assert!(c.get(k).is_some(), "missing {k}: {c}");
        }
        let verdict = c["verdict"].as_str().unwrap();
        assert!(
            [
                "proved",
                "holds",
                "holds-in-range",
                "fails",
                "holds-after-correction",
                "unverifiable"
            ]
            .contains(&verdict),
            "{verdict}"
        );
    }
    // Sniedovich 003_227df5b243378ddd.txt, Table 2: G(9) printed 19,683 but 3^9 - 1 = 19682.
    let g = arr
        .iter()
        .find(|c| c["id"] == "sniedovich/table2.G")
        .expect("table 2 column G");
    assert_eq!(g["verdict"], "fails");
    assert_eq!(g["failure"]["n"], 9);
    assert_eq!(g["failure"]["actual"], (3u64.pow(9) - 1).to_string());
}

#[test]
fn claims_for_a_variant_are_only_about_it() {
    // Lunnon's Antwerp claims include a refuted one (exit status 1).
    let text = stdout_refuted(&["claims", "antwerp", "--format", "json"]);
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    let arr = v["rows"].as_array().unwrap();
    assert!(arr.len() >= 4);
    assert!(arr.iter().all(|c| c["variant"] == "antwerp"));
    assert_input_error(&["claims", "no-such-thing"], "no-such-thing");
}

#[test]
fn antwerp_closed_form_is_proved_for_every_n() {
    // Lunnon 000_3e39fda85b098e00.txt, Towers of Antwerp: 12 (2^n) - 8 n - 10 for n > 1.
    // Both sides satisfy one linear recurrence (the program's transfer matrix; the closed
    // form's (E-1)^2 (E-2)), so equality on enough n proves it for every n >= 2.
    let out = stdout(&["check", "antwerp.T33", "12*2^n - 8*n - 10", "--n", "2..100"]);
    assert!(out.starts_with("proved: "), "{out}");
    assert!(out.contains("for every n >= 2"), "{out}");
    let json = stdout(&[
        "check",
        "antwerp.T33",
        "12*2^n - 8*n - 10",
        "--n",
        "2..100",
        "--format",
        "json",
    ]);
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v["verdict"], "proved");
    assert_eq!(v["range"]["from"], 2);
}

#[test]
fn a_formula_outside_the_prover_holds_only_in_the_checked_range() {
    // floor(2^n * 3/2) / 3 * 2 ... : 2^n - 1 written with a floor, which the prover does not
    // handle; the verdict names the checked range and why it stops there: the floor it has no recurrence for.
    let json = stdout(&[
        "check",
        "classic.T",
        "floor(2^(n+1)/2) - 1",
        "--n",
        "0..30",
        "--format",
        "json",
    ]);
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v["verdict"], "holds-in-range", "{v}");
    assert_eq!(v["range"]["from"], 0);
    assert_eq!(v["range"]["to"], 30);
    assert!(
        v["reason"]
            .as_str()
            .unwrap()
            .contains("no linear recurrence for `floor(...)`"),
        "{v}"
    );
}

#[test]
fn a_wrong_formula_fails_at_the_first_n() {
    // 12*2^n - 8n - 11 is one less than T33(n) for every n >= 2: first failure at n = 2,
    // where T33(2) = 12*4 - 16 - 10 = 22 (Lunnon's closed form); exit status 1.
    let out = stdout_refuted(&[
        "check",
        "antwerp.T33",
        "12*2^n - 8*n - 11",
        "--n",
        "2..100",
        "--format",
        "json",
    ]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["verdict"], "fails");
    assert_eq!(v["n"], 2);
    assert_eq!(v["printed"], "21");
    assert_eq!(v["actual"], "22");
}

#[test]
fn malformed_formula_exits_2_with_the_position() {
    assert_input_error(
        &["check", "antwerp.T33", "12*2^n - ", "--n", "2..10"],
        "column 10",
    );
    assert_input_error(
        &["check", "antwerp.T33", "12*2^n $ 8", "--n", "2..10"],
        "column 8",
    );
    assert_input_error(&["check", "nonesuch.T", "2^n", "--n", "1..3"], "nonesuch");
}

#[test]
fn bfile_is_compared_and_bad_lines_are_reported_with_their_number() {
    let dir = std::env::temp_dir().join(format!("hanoilab-bfile-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let good = dir.join("good.txt");
    // Classic 2^n - 1, computed here.
    let mut text = String::from("# classic Hanoi\n");
    for n in 0..20u32 {
        text.push_str(&format!("{n} {}\n", (1u64 << n) - 1));
    }
    std::fs::write(&good, &text).unwrap();
    let out = stdout(&["check", "classic.T", "--bfile", good.to_str().unwrap()]);
    assert!(out.starts_with("holds"), "{out}");
    let bad = dir.join("bad.txt");
    std::fs::write(&bad, "0 0\n1 1\n2 x3\n").unwrap();
    assert_input_error(
        &["check", "classic.T", "--bfile", bad.to_str().unwrap()],
        "line 3",
    );
    let wrong = dir.join("wrong.txt");
    std::fs::write(&wrong, "1 1\n2 3\n3 8\n").unwrap();
    let out = stdout_refuted(&["check", "classic.T", "--bfile", wrong.to_str().unwrap()]);
    assert!(out.starts_with("fails at n = 3"), "{out}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn asymptotic_ratio_is_reported_with_bounds() {
    // Lunnon, Rainbow Hanoi: DDD(n) ~ 0.6576 (2.3117...)^n.
    let out = stdout(&[
        "check",
        "rainbow.DDD",
        "0.6576 * 2.3117^n",
        "--asymptotic",
        "--n",
        "10..60",
    ]);
    assert!(out.contains("n = 60"), "{out}");
    // A limit is not decided by finitely many n: the ratio holds on the sampled range.
    assert!(out.contains("holds-in-range"), "{out}");
}

#[test]
fn check_accepts_a_users_variant_file() {
    // The README's example of a user's own variant file (classic rules, own program).
    let dir = std::env::temp_dir().join(format!("hanoilab-check-file-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("my.toml");
    std::fs::write(
        &file,
        "id = \"my-classic\"\n[rules]\npins = 3\n[functions.T]\nsource = \"notes\"\nstart = [0]\ngoal = [2]\ncall = \"t(n; 0, 1, 2)\"\n[program]\ntext = \"\"\"\nt(n; X, Y, Z) = t(n-1; X, Z, Y), move(X, Z), t(n-1; Y, X, Z)\n\"\"\"\n",
    )
    .unwrap();
    let target = format!("{}.T", file.display());
    // Lucas: 2^n - 1 moves.
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_hanoilab"))
        .args(["check", &target, "2^n - 1", "--n", "0..40"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // The user's program has a transfer system too, so the closed form is proved.
    assert!(String::from_utf8_lossy(&out.stdout).starts_with("proved"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_users_claim_file_is_checked_and_every_fault_is_reported_with_its_position() {
    let dir = std::env::temp_dir().join(format!("hanoilab-claimfile-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // Two claims: a faulty one second, so a half-way check would print the first.
    let good = "document = \"mine\"\ntitle = \"My notes\"\n\n[[claim]]\nid = \"a\"\nsection = \"s\"\nstatement = \"2^n - 1\"\nkind = \"formula\"\ntarget = \"classic.T\"\nformula = \"2^n - 1\"\nn = \"0..20\"\n";
    let second = |kind: &str, target: &str, formula: &str| {
        format!("{good}\n[[claim]]\nid = \"b\"\nsection = \"s\"\nstatement = \"x\"\nkind = \"{kind}\"\ntarget = \"{target}\"\nformula = \"{formula}\"\nn = \"0..5\"\n")
    };
    let write = |name: &str, text: &str| {
        let p = dir.join(name);
        std::fs::write(&p, text).unwrap();
        p.to_string_lossy().into_owned()
    };
    let ok = write("good.toml", good);
    let v: serde_json::Value =
        serde_json::from_str(&stdout(&["claims", "--file", &ok, "--format", "json"])).unwrap();
    assert_eq!(v["rows"][0]["verdict"], "proved");
    // Line 17 is the second claim's kind, 18 its target, 19 its formula (value from column
    // 12, after `formula = "`).
    for (name, text, needle) in [
        (
            "kind.toml",
            second("formulae", "classic.T", "2^n"),
            ":17:9: unknown variant `formulae`",
        ),
        (
            "sequence.toml",
            second("formula", "classic.T", "2^n - FOO(n)"),
            ":19:18: claim b, field formula: unknown name 'FOO'",
        ),
        (
            "syntax.toml",
            second("formula", "classic.T", "2^n - * 1"),
            ":19:18: claim b, field formula:",
        ),
        (
            "target.toml",
            second("formula", "classic.Q", "2^n"),
            ":18:11: claim b, field target:",
        ),
    ] {
        let path = write(name, &text);
        let out = crate::common::hanoilab(&["claims", "--file", &path, "--format", "json"]);
        assert_eq!(out.status.code(), Some(2), "{name}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(&format!("{path}{needle}")), "{name}: {err}");
        // Nothing checked half-way: no verdict of the good first claim on stdout.
        assert!(out.stdout.is_empty(), "{name}");
        assert!(!err.contains("panicked"), "{name}");
    }
    assert_input_error(
        &[
            "claims",
            "--file",
            &dir.join("missing.toml").to_string_lossy(),
        ],
        "cannot read the claim file",
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn claims_json_carries_range_reason_and_correction() {
    // Chapla (002_9eac287ca9267591.txt), A More Iterative Approach: the index floor(m/3^n)
    // is corrected to floor(m/3^(n-1)), as his FancyItr code computes it.
    let text = stdout(&["claims", "chapla", "--format", "json"]);
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    let arr = v["rows"].as_array().unwrap();
    let c = arr
        .iter()
        .find(|c| c["id"] == "chapla/iterative.index")
        .unwrap();
    assert_eq!(c["verdict"], "holds-after-correction");
    assert!(c["correction"].as_str().unwrap().contains("3^(d-1)"));
    assert_eq!(c["failure"]["n"], 1);
    let r = arr
        .iter()
        .find(|c| c["verdict"] == "holds-in-range")
        .expect("a claim holding in a range");
    assert!(
        r["range"]["from"].is_i64() && r["range"]["to"].is_i64(),
        "{r}"
    );
    assert!(r["reason"].as_str().is_some_and(|s| !s.is_empty()), "{r}");
    let p = arr.iter().find(|c| c["verdict"] == "proved").unwrap();
    assert!(p["range"]["to"].is_null(), "{p}");
}

/// A claimed range too long to walk term by term (its powers alone would pass the checker's
/// size limit) is decided by the proof from its first terms: an identity is proved for the
/// whole range, a wrong formula fails at its first n; a formula the prover does not cover
/// stays unverifiable with the size as its reason.
#[test]
fn a_long_claimed_range_is_decided_by_the_proof_from_its_first_terms() {
    let dir = std::env::temp_dir().join(format!("hanoilab-longrange-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = |formula: &str| {
        let p = dir.join(format!("c{}.toml", formula.len()));
        std::fs::write(
            &p,
            format!("document = \"mine\"\ntitle = \"My notes\"\n\n[[claim]]\nid = \"a\"\nsection = \"s\"\nstatement = \"x\"\nkind = \"formula\"\ntarget = \"classic.T\"\nformula = \"{formula}\"\nn = \"0..100000000\"\n"),
        )
        .unwrap();
        // A wrong formula fails: exit status 1; the verdicts are what is compared.
        let out = crate::common::hanoilab(&[
            "claims",
            "--file",
            &p.to_string_lossy(),
            "--format",
            "json",
        ]);
        assert!(matches!(out.status.code(), Some(0 | 1)), "{out:?}");
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        v["rows"][0].clone()
    };
    let right = file("2^n - 1");
    assert_eq!(right["verdict"], "proved", "{right}");
    assert!(
        right["detail"]
            .as_str()
            .unwrap()
            .contains("so for the claimed n = 0..100000000"),
        "{right}"
    );
    let wrong = file("2^n + 1");
    assert_eq!(wrong["verdict"], "fails", "{wrong}");
    assert_eq!(wrong["failure"]["n"], 0, "{wrong}");
    let floor = file("floor(2^n - 1/2)");
    assert_eq!(floor["verdict"], "unverifiable", "{floor}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `check --optimum` compares a law with the search optima instead of the counts: the
/// OEIS's conjectured recurrence of A292764 fits the 4-post cyclic optima (searched and
/// recorded, n = 11..16); Scorer, Grundy and Smith's 3^n - 1 fails at n = 3, where
/// Stockmeyer's exhaustive search gives 18 (§2); classic's 2^n - 1 is both the optimum
/// (Hinz et al. 2018, Thm 2.1) and the algorithm's count, and the verdict says exactly how
/// far the search shows that.
#[test]
fn check_optimum_compares_a_law_with_the_search_optima() {
    let out = stdout(&[
        "check",
        "cyclic4.N",
        "a(n-1) + a(n-2) + a(n-3) - 2*a(n-5)",
        "--optimum",
        "-n",
        "11..21",
    ]);
    assert!(
        out.starts_with("conjectured: fits every known search optimum of cyclic4.N, n = 11..16"),
        "{out}"
    );
    assert!(
        out.contains("its algorithm takes more moves than the optimum from n = 3"),
        "{out}"
    );
    let out = stdout_refuted(&["check", "cyclic4.N", "3^n - 1", "--optimum", "-n", "1..10"]);
    assert!(out.contains("at n = 3 is 18, the law gives 26"), "{out}");
    let out = stdout(&["check", "classic.T", "2^n - 1", "--optimum", "-n", "1..12"]);
    assert!(
        out.contains("equals the algorithm's count for n = 1..12; the search finds the algorithm optimal for n = 0..12"),
        "{out}"
    );
    assert_input_error(
        &["check", "cyclic4.N", "--optimum", "--bfile", "-"],
        "check --optimum compares a formula",
    );
    assert_input_error(
        &["check", "cyclic4.N", "--optimum"],
        "a formula is required",
    );
}

/// A search claim that states nothing a search checks is refused at its position, not
/// reported as "not decided"; with a misspelt field (`minimum` for `minima`) the misspelt
/// key is named first.
#[test]
fn a_search_claim_with_nothing_to_check_is_refused() {
    let (path, _) = claim_dir(
        "empty-claim",
        "author = \"a\"\nwork = \"w\"\nyear = \"2026\"\n\n[[claim]]\nid = \"nothing\"\nsection = \"1\"\nstatement = \"minimum 31 at n = 5\"\nkind = \"search\"\ntarget = \"classic.T\"\nminimum = \"31\"\n",
        "",
    );
    assert_input_error(
        &["claims", "--file", path.to_str().unwrap()],
        "claims.toml:14:1: claim nothing: unknown field `minimum`",
    );
    let text = std::fs::read_to_string(&path).unwrap();
    std::fs::write(&path, text.replace("minimum = \"31\"\n", "")).unwrap();
    assert_input_error(
        &["claims", "--file", path.to_str().unwrap()],
        "claims.toml:12:9: claim nothing, field kind: a search claim states nothing a search checks",
    );
}

/// A claim file in a fresh directory, and a record file beside it.
fn claim_dir(tag: &str, claims: &str, records: &str) -> (std::path::PathBuf, std::path::PathBuf) {
    let dir = std::env::temp_dir().join(format!("hanoilab-claims-{tag}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("claims.toml");
    std::fs::write(
        &file,
        format!("document = \"mine\"\ntitle = \"My claims\"\ncite = \"folklore\"\n{claims}"),
    )
    .unwrap();
    let rec = dir.join("records.csv");
    std::fs::write(
        &rec,
        format!("puzzle,n,minimum,optimal_solutions,states_reached,eccentricity,wall_seconds,peak_bytes,version,method,cpu_seconds\n{records}"),
    )
    .unwrap();
    (file, rec)
}

/// `claims --max-states` sets how far a search claim is searched: the classic puzzle has
/// 3^n states, so a budget of 4096 stops after n = 7 (3^7 = 2187 <= 4096 < 3^8), and the
/// default 2^20 reaches n = 12 (3^12 = 531441).
#[test]
fn claims_search_within_the_budget_the_user_gives() {
    let (file, _) = claim_dir(
        "budget",
        "[[claim]]\nid = \"opt\"\nsection = \"1\"\nstatement = \"optimal\"\nkind = \"search\"\ntarget = \"classic.T\"\noptimal = \"1..12\"\n",
        "",
    );
    let f = file.to_str().unwrap();
    let budget = 4096u64;
    let last = (1..=12u32)
        .take_while(|&n| 3u64.pow(n) <= budget)
        .last()
        .unwrap();
    let small = stdout(&["claims", "--file", f, "--max-states", "4096"]);
    assert!(
        small.contains(&format!("optimum for n = 1..{last};")),
        "{small}"
    );
    assert!(small.contains("at most 2^12 states"), "{small}");
    let default = stdout(&["claims", "--file", f]);
    assert!(default.contains("optimum for n = 1..12\n"), "{default}");
    assert_input_error(
        &["claims", "--file", f, "--memory-limit", "12Q"],
        "--memory-limit",
    );
    assert_input_error(
        &["claims", "--file", f, "--records", "/no/such.csv"],
        "/no/such.csv",
    );
}

/// `claims --records` reads a user's runs beside the built-in ones: a minimum past any
/// search of the claims' budget (cyclic4 at n = 30) is taken from the file, so a printed
/// value equal to it holds and any other fails; a row that contradicts a built-in record
/// is refused before any claim is checked.
#[test]
fn claims_read_the_users_records() {
    let claim = |printed: u64| {
        format!("[[claim]]\nid = \"min\"\nsection = \"1\"\nstatement = \"minimum\"\nkind = \"search\"\ntarget = \"cyclic4.N\"\nminima = [[30, \"{printed}\"]]\n")
    };
    let row = "cyclic4.N,30,123456,,1,,1,1,0.1.0,bfs,\n";
    let (file, rec) = claim_dir("rec-holds", &claim(123456), row);
    let (f, r) = (file.to_str().unwrap(), rec.to_str().unwrap());
    let out = stdout(&["claims", "--file", f, "--records", r]);
    assert!(out.starts_with("[holds]"), "{out}");
    assert!(out.contains("n = 30 are the recorded searches'"), "{out}");
    let without = stdout(&["claims", "--file", f]);
    assert!(without.starts_with("[unverifiable]"), "{without}");
    let (file, rec) = claim_dir("rec-fails", &claim(123457), row);
    let out = stdout_refuted(&[
        "claims",
        "--file",
        file.to_str().unwrap(),
        "--records",
        rec.to_str().unwrap(),
    ]);
    assert!(out.starts_with("[fails]"), "{out}");
    // The built-in records have cyclic4 at n = 13 (5162 moves).
    let (file, rec) = claim_dir(
        "rec-conflict",
        &claim(1),
        "cyclic4.N,13,5000,,1,,1,1,0.1.0,bfs,\n",
    );
    assert_input_error(
        &[
            "claims",
            "--file",
            file.to_str().unwrap(),
            "--records",
            rec.to_str().unwrap(),
        ],
        "but the built-in records have 5162",
    );
}

/// A key no field of the claim's kind reads is refused at its line, with the kind's fields;
/// a known field written at its default is not.
#[test]
fn an_unknown_key_in_a_claim_file_is_refused_at_its_line() {
    let claims = "[[claim]]\nid = \"min\"\nsection = \"1\"\nstatement = \"minimum\"\nkind = \"search\"\ntarget = \"classic.T\"\nsymmetric = []\nminimum = [[3, \"7\"]]\n";
    let (file, _) = claim_dir("unknown-key", claims, "");
    let f = file.to_str().unwrap();
    // The header is three lines; `minimum` is the claim's eighth.
    assert_input_error(
        &["claims", "--file", f],
        ":11:1: claim min: unknown field `minimum`",
    );
    assert_input_error(&["claims", "--file", f], "minima");
    let fixed = claims.replace("minimum = ", "minima = ");
    let (file, _) = claim_dir("known-keys", &fixed, "");
    let out = stdout(&["claims", "--file", file.to_str().unwrap()]);
    assert!(out.starts_with("[holds]"), "{out}");
}

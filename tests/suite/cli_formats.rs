//! Output that scripts can trust, on the real binary: a refuted formula or claim is exit
//! status 1, every `--format` is honoured or refused with exit status 2 naming the formats
//! the command has. Expected numbers come from the literature (sources in comments) or are
//! computed here independently.

use crate::common::{assert_input_error, hanoilab, stdout};

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
    let rows = v["rows"].as_array().expect("rows");
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

// ---------------------------------------------------------------- every format

/// What each format must look like when a command writes it.
fn looks_like(format: &str, text: &str) -> bool {
    match format {
        "json" => serde_json::from_str::<serde_json::Value>(text).is_ok(),
        "csv" => text.lines().next().is_some_and(|l| l.contains(',')),
        "md" => text.contains('|') || text.starts_with('#'),
        "bfile" => {
            !text.trim().is_empty()
                && text.lines().filter(|l| !l.starts_with('#')).all(|l| {
                    let w: Vec<&str> = l.split_whitespace().collect();
                    w.len() == 2 && w.iter().all(|x| x.parse::<num_bigint::BigInt>().is_ok())
                })
        }
        _ => !text.is_empty(),
    }
}

/// Every command with every format: written in that format (exit 0), or refused (exit 2,
/// nothing on stdout) naming the formats the command has, each of which is then honoured.
#[test]
fn every_format_is_honoured_or_refused_naming_the_ones_there_are() {
    let matrix = temp_file(
        "every",
        "m.toml",
        // Lunnon, Towers of Antwerp: s = (T33, T31, T13, T11, 1).
        "matrix = [[0,2,0,4,6],[0,1,0,2,2],[0,0,1,2,2],[0,0,0,2,3],[0,0,0,0,1]]\n\
         initial = [6,2,2,3,1]\n",
    );
    let commands: Vec<Vec<&str>> = vec![
        vec!["list"],
        vec!["list", "--hanoivar"],
        vec!["show", "classic"],
        vec!["nth", "classic", "5"],
        vec!["nth", "classic", "5", "--log10"],
        vec!["table", "classic", "--n", "0..4"],
        vec!["simulate", "classic", "-n", "3"],
        vec!["simulate", "classic", "-n", "3", "--trace"],
        vec!["charpoly", "antwerp"],
        vec!["matrix", &matrix, "--nth", "3", "--no-analysis"],
        vec!["frame-stewart", "--pegs", "4", "--discs", "10"],
        vec!["frame-stewart", "--pegs", "4", "--discs", "0..10"],
        vec!["star", "--discs", "5"],
        vec!["star", "--discs", "0..5"],
        vec!["search", "classic", "-n", "3"],
        vec!["claims", "hanoilib"],
        vec!["check", "classic.T", "2^n - 1"],
    ];
    for cmd in &commands {
        for format in ["human", "csv", "json", "md", "bfile"] {
            let mut args = cmd.clone();
            args.extend(["--format", format]);
            let out = hanoilab(&args);
            let text = String::from_utf8_lossy(&out.stdout);
            let err = String::from_utf8_lossy(&out.stderr);
            match out.status.code() {
                Some(0) => assert!(looks_like(format, &text), "{args:?}: {text}"),
                Some(2) => {
                    assert!(
                        err.contains(&format!(
                            "--format {format} is not available for `{}`",
                            cmd[0]
                        )),
                        "{args:?}: {err}"
                    );
                    assert!(text.is_empty(), "{args:?}: nothing on stdout");
                    // Every format named is honoured.
                    let named = err.split(": use ").nth(1).unwrap_or_default();
                    let named = named.split(" (").next().unwrap_or_default();
                    for f in ["human", "csv", "json", "md", "bfile"] {
                        if named.contains(f) {
                            let mut a = cmd.clone();
                            a.extend(["--format", f]);
                            let t = stdout(&a);
                            assert!(looks_like(f, &t), "{a:?}: {t}");
                        }
                    }
                }
                c => panic!("{args:?}: status {c:?}: {err}"),
            }
        }
    }
}

#[test]
fn formats_without_a_meaning_are_refused() {
    assert_input_error(
        &["nth", "classic", "5", "--format", "csv"],
        "use human or json",
    );
    assert_input_error(
        &["show", "classic", "--format", "bfile"],
        "use human, json or md",
    );
    assert_input_error(
        &["claims", "hanoilib", "--format", "bfile"],
        "use human, csv, json or md",
    );
    assert_input_error(
        &["simulate", "classic", "-n", "3", "--format", "csv"],
        "add --trace",
    );
    assert_input_error(
        &[
            "search", "classic", "-n", "3", "--format", "bfile", "--layers",
        ],
        "search",
    );
    assert_input_error(&["check", "classic.T", "2^n", "--format", "bfile"], "check");
}

#[test]
fn a_single_frame_stewart_or_star_value_is_a_one_row_table_in_csv_and_bfile() {
    // Dudeney via Stockmeyer section 1: 49 moves for 10 cheeses on 4 stools.
    assert_eq!(
        stdout(&[
            "frame-stewart",
            "--pegs",
            "4",
            "--discs",
            "10",
            "--format",
            "bfile"
        ]),
        "10 49\n"
    );
    assert_eq!(
        stdout(&[
            "frame-stewart",
            "--pegs",
            "4",
            "--discs",
            "10",
            "--format",
            "csv"
        ]),
        "n,p,T\n10,4,49\n"
    );
    // Stockmeyer 004_33861799d4694a49.txt: S(100) = 2,792,570.
    assert_eq!(
        stdout(&["star", "--discs", "100", "--format", "bfile"]),
        "100 2792570\n"
    );
}

#[test]
fn a_csv_trace_gives_move_disc_from_to_replayed_here() {
    use hanoilab::variants::{Params, Variant};
    let n = 4;
    let text = stdout(&[
        "simulate", "classic", "-n", "4", "--trace", "--format", "csv",
    ]);
    let mut lines = text.lines();
    assert_eq!(lines.next(), Some("move,disc,from,to"));
    // Replayed on the start configuration with a model of the pins written here: each row's
    // disc is the top of its `from` pin, and no disc lands on a smaller one (the ids of the
    // classic tower: a larger id is a smaller disc, on top).
    let v = Variant::builtin("classic").unwrap();
    let p = v.puzzle("T", n, &Params::new()).unwrap();
    let mut pins: Vec<Vec<u32>> = p.start.pins.clone();
    let mut k = 0u64;
    for line in lines {
        let f: Vec<u64> = line.split(',').map(|x| x.parse().unwrap()).collect();
        k += 1;
        assert_eq!(f[0], k, "{line}");
        let (disc, from, to) = (f[1] as u32, f[2] as usize, f[3] as usize);
        let top = pins[from].pop().expect("a disc on the from pin");
        assert_eq!(top, disc, "move {k}");
        if let Some(&under) = pins[to].last() {
            assert!(under < disc, "move {k}: disc {disc} onto {under}");
        }
        pins[to].push(disc);
    }
    // Lucas: 2^n - 1 moves, all discs on pin 2.
    assert_eq!(k, (1 << n) - 1);
    assert_eq!(pins[2].len(), n as usize);
}

// ---------------------------------------------------------------- JSON shapes

/// One documented JSON shape of docs/json.md: the commands that print it and its fields.
struct Shape {
    title: String,
    commands: Vec<String>,
    /// (path, allowed types, optional): `rows[].n`, `["number"]`, false.
    fields: Vec<(String, Vec<String>, bool)>,
}

/// The shapes of docs/json.md: per `## ` section, the `$ hanoilab ...` lines of its
/// examples and the rows `| \`path\` | type | meaning |` of its table (types joined by `/`,
/// `optional` in front when the field may be absent).
fn documented_shapes() -> Vec<Shape> {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/json.md"))
        .expect("docs/json.md");
    let mut shapes: Vec<Shape> = Vec::new();
    for line in text.lines() {
        if let Some(title) = line.strip_prefix("## ") {
            shapes.push(Shape {
                title: title.to_string(),
                commands: Vec::new(),
                fields: Vec::new(),
            });
        } else if let Some(shape) = shapes.last_mut() {
            if let Some(cmd) = line.strip_prefix("$ hanoilab ") {
                shape.commands.push(cmd.to_string());
            } else if let Some(row) = line.strip_prefix("| `") {
                let cells: Vec<&str> = row.split(" | ").collect();
                let path = cells[0].trim_end_matches('`').to_string();
                let ty = cells[1].trim();
                let (optional, ty) = match ty.strip_prefix("optional ") {
                    Some(t) => (true, t),
                    None => (false, ty),
                };
                let types = ty.split('/').map(str::to_string).collect();
                shape.fields.push((path, types, optional));
            }
        }
    }
    shapes
}

/// The JSON type name of a value.
fn type_name(v: &serde_json::Value) -> &'static str {
    match v {
        serde_json::Value::Null => "null",
        serde_json::Value::Bool(_) => "boolean",
        serde_json::Value::Number(_) => "number",
        serde_json::Value::String(_) => "string",
        serde_json::Value::Array(_) => "array",
        serde_json::Value::Object(_) => "object",
    }
}

/// The values at `path` (`a.b`, `rows[].n`: every element of an array), `None` where an
/// object lacks the last key; the objects along the way must be there.
fn values_at<'a>(v: &'a serde_json::Value, path: &str) -> Vec<Option<&'a serde_json::Value>> {
    let mut current = vec![Some(v)];
    for segment in path.split('.') {
        let (key, each) = match segment.strip_suffix("[]") {
            Some(k) => (k, true),
            None => (segment, false),
        };
        let mut next = Vec::new();
        for value in current.into_iter().flatten() {
            let field = value.get(key);
            match (field, each) {
                (Some(serde_json::Value::Array(items)), true) => {
                    next.extend(items.iter().map(Some))
                }
                (Some(serde_json::Value::Null), true) => {}
                (f, _) => next.push(f),
            }
        }
        current = next;
    }
    current
}

/// Every command's JSON against docs/json.md: each documented field there with one of its
/// types (absent only when optional), and no field the document does not name in an object
/// whose fields it lists.
#[test]
fn every_commands_json_has_the_documented_shape() {
    let matrix = temp_file(
        "schema",
        "antwerp.toml",
        // Lunnon, Towers of Antwerp: s = (T33, T31, T13, T11, 1).
        "matrix = [[0,2,0,4,6],[0,1,0,2,2],[0,0,1,2,2],[0,0,0,2,3],[0,0,0,0,1]]\n\
         initial = [6,2,2,3,1]\nnames = [\"T33\",\"T31\",\"T13\",\"T11\",\"1\"]\n",
    );
    let bfile = temp_file("schema", "classic.b", "0 0\n1 1\n2 3\n3 7\n");
    let shapes = documented_shapes();
    let mut commands = std::collections::BTreeSet::new();
    for shape in &shapes {
        if shape.fields.is_empty() {
            continue;
        }
        assert!(!shape.commands.is_empty(), "{}: no example", shape.title);
        assert!(
            shape.fields.iter().any(|f| f.0 == "schema_version"),
            "{}: schema_version",
            shape.title
        );
        for cmd in &shape.commands {
            let cmd = cmd
                .replace("ANTWERP.toml", &matrix)
                .replace("CLASSIC.b", &bfile);
            let args: Vec<&str> = cmd.split_whitespace().collect();
            commands.insert(args[0].to_string());
            let text = stdout(&args);
            let v: serde_json::Value = serde_json::from_str(&text).expect("JSON");
            assert!(v.is_object(), "{cmd}: an object");
            assert_eq!(v["schema_version"], 1, "{cmd}");
            for (path, types, optional) in &shape.fields {
                for value in values_at(&v, path) {
                    match value {
                        None => assert!(optional, "{cmd}: `{path}` missing"),
                        Some(x) => assert!(
                            types.iter().any(|t| t == type_name(x)),
                            "{cmd}: `{path}` is a {}, documented {types:?}",
                            type_name(x)
                        ),
                    }
                }
            }
            // The objects whose fields are listed have no others.
            let mut parents: Vec<String> = shape
                .fields
                .iter()
                .map(|f| match f.0.rsplit_once('.') {
                    Some((p, _)) => p.to_string(),
                    None => String::new(),
                })
                .collect();
            parents.dedup();
            for parent in parents {
                let listed: Vec<&str> = shape
                    .fields
                    .iter()
                    .filter_map(|f| match f.0.rsplit_once('.') {
                        Some((p, k)) if p == parent => Some(k),
                        None if parent.is_empty() => Some(f.0.as_str()),
                        _ => None,
                    })
                    .map(|k| k.trim_end_matches("[]"))
                    .collect();
                let objects = if parent.is_empty() {
                    vec![Some(&v)]
                } else {
                    values_at(&v, &parent)
                };
                for o in objects.into_iter().flatten() {
                    for key in o.as_object().map(|m| m.keys()).into_iter().flatten() {
                        assert!(
                            listed.contains(&key.as_str()),
                            "{cmd}: `{parent}.{key}` is not in docs/json.md"
                        );
                    }
                }
            }
        }
    }
    // Every command with a JSON output has a documented shape.
    for c in [
        "list",
        "show",
        "nth",
        "table",
        "simulate",
        "charpoly",
        "growth",
        "matrix",
        "frame-stewart",
        "star",
        "search",
        "claims",
        "check",
    ] {
        assert!(commands.contains(c), "docs/json.md: no example of `{c}`");
    }
}

// ---------------------------------------------------------------- `-` is standard input

/// Runs `hanoilab ARGS` with `input` on standard input.
fn with_stdin(args: &[&str], input: &str) -> std::process::Output {
    use std::io::Write;
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_hanoilab"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("the binary runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

#[test]
fn a_dash_reads_standard_input_wherever_a_file_is_read() {
    let text = |out: &std::process::Output| {
        assert_eq!(
            out.status.code(),
            Some(0),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    // A variant file: classic rules with its own program; Lucas: 2^10 - 1 = 1023.
    let variant = "id = \"piped\"\n[rules]\npins = 3\n[functions.T]\nsource = \"notes\"\nstart = [0]\ngoal = [2]\ncall = \"t(n; 0, 1, 2)\"\n[program]\ntext = \"\"\"\nt(n; X, Y, Z) = t(n-1; X, Z, Y), move(X, Z), t(n-1; Y, X, Z)\n\"\"\"\n";
    assert_eq!(
        text(&with_stdin(&["nth", "-", "10"], variant)).trim(),
        "1023"
    );
    // `-.FUNCTION` after `--` (a leading `-` is a flag to the parser otherwise).
    assert_eq!(
        text(&with_stdin(&["nth", "--", "-.T", "10"], variant)).trim(),
        "1023"
    );
    let proved = text(&with_stdin(
        &["check", "-", "2^n - 1", "--n", "0..30"],
        variant,
    ));
    assert!(proved.starts_with("proved"), "{proved}");
    // A b-file of 2^n - 1.
    let b: String = (0..20u32)
        .map(|n| format!("{n} {}\n", (1u64 << n) - 1))
        .collect();
    let held = text(&with_stdin(&["check", "classic.T", "--bfile", "-"], &b));
    assert!(held.starts_with("holds"), "{held}");
    // A claim file.
    let claims = "document = \"mine\"\ntitle = \"My notes\"\n\n[[claim]]\nid = \"a\"\nsection = \"s\"\nstatement = \"2^n - 1\"\nkind = \"formula\"\ntarget = \"classic.T\"\nformula = \"2^n - 1\"\nn = \"0..20\"\n";
    let v: serde_json::Value = serde_json::from_str(&text(&with_stdin(
        &["claims", "--file", "-", "--format", "json"],
        claims,
    )))
    .unwrap();
    assert_eq!(v["rows"][0]["verdict"], "proved");
    // A matrix file: Lunnon's Antwerp, T33(10) = 12 * 2^10 - 8 * 10 - 10 = 12198.
    let m = "matrix = [[0,2,0,4,6],[0,1,0,2,2],[0,0,1,2,2],[0,0,0,2,3],[0,0,0,0,1]]\n\
             initial = [6,2,2,3,1]\nnames = [\"T33\",\"T31\",\"T13\",\"T11\",\"1\"]\n";
    let nth = text(&with_stdin(
        &["matrix", "-", "--nth", "10", "--only", "T33"],
        m,
    ));
    assert_eq!(nth.trim(), "T33(10) = 12198");
    // Faults are named after standard input, exit status 2.
    let bad = with_stdin(&["matrix", "-"], "matrix = [[1,2],[3]]\ninitial = [1,1]\n");
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("<stdin>"));
    let bad = with_stdin(&["nth", "-", "3"], "id = \"x\"\n[rules\n");
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("<stdin>:"));
    let both = with_stdin(&["check", "-", "--bfile", "-"], variant);
    assert_eq!(both.status.code(), Some(2));
}

//! The small stable output contract of DESIGN.md (section Command line), exercised on the
//! real binary. Expected numbers come from the literature (sources in comments) or from an
//! independent closed form computed here, never from the code under test.

use num_bigint::BigInt;

use crate::common::{assert_input_error, stdout};

#[test]
fn list_prints_one_variant_per_line() {
    let text = stdout(&["list"]);
    let ids: Vec<&str> = text
        .lines()
        .map(|l| l.split_whitespace().next().unwrap())
        .collect();
    for id in ["classic", "cyclic", "antwerp", "reves", "star"] {
        assert!(ids.contains(&id), "{id} listed");
    }
}

#[test]
fn nth_prints_the_integer_alone() {
    // Lucas / Lunnon section Classic Hanoi: T(n) = 2^n - 1.
    let expected = (BigInt::from(2).pow(100u32) - BigInt::from(1)).to_string();
    assert_eq!(stdout(&["nth", "classic", "100"]).trim(), expected);
    // Lunnon, Towers of Antwerp: 12 * 2^n - 8n - 10 for n > 1.
    let n = 40u32;
    let expected: BigInt = BigInt::from(12) * BigInt::from(2).pow(n) - BigInt::from(8 * n + 10);
    assert_eq!(
        stdout(&["nth", "antwerp.T33", "40"]).trim(),
        expected.to_string()
    );
}

#[test]
fn table_csv_has_n_then_functions_then_simulated() {
    let text = stdout(&["table", "cyclic", "--n", "1..6", "--format", "csv"]);
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().unwrap().split(',').collect();
    assert_eq!(header[0], "n");
    assert!(header.contains(&"simulated(A)"));
    // Lunnon, Cyclic Hanoi: A(n+3) = 3A(n+2) - 2A(n), A(0)=0, A(1)=2, A(2)=7.
    let mut a = vec![0i64, 2, 7];
    while a.len() < 7 {
        let k = a.len();
        a.push(3 * a[k - 1] - 2 * a[k - 3]);
    }
    let col = header.iter().position(|h| *h == "A").expect("column A");
    for (i, line) in lines.enumerate() {
        let cells: Vec<&str> = line.split(',').collect();
        assert_eq!(cells[col], a[i + 1].to_string());
    }
}

#[test]
fn frame_stewart_and_star_print_integers() {
    // Stockmeyer 004_33861799d4694a49.txt, section 5: M(100) = 172,033 and S(100) = 2,792,570.
    assert_eq!(
        stdout(&["frame-stewart", "--pegs", "4", "--discs", "100"]).trim(),
        "172033"
    );
    assert_eq!(stdout(&["star", "--discs", "100"]).trim(), "2792570");
    // Dudeney via Stockmeyer section 1: 33, 49, 321 for 8, 10, 21 cheeses.
    assert_eq!(
        stdout(&["frame-stewart", "--pegs", "4", "--discs", "21"]).trim(),
        "321"
    );
}

#[test]
fn matrix_command_reads_toml() {
    let dir = std::env::temp_dir().join(format!("hanoilab-cli-matrix-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("antwerp.toml");
    // Lunnon, Towers of Antwerp: s = (T33, T31, T13, T11, 1), s(1) = (6,2,2,3,1).
    std::fs::write(
        &file,
        "matrix = [[0,2,0,4,6],[0,1,0,2,2],[0,0,1,2,2],[0,0,0,2,3],[0,0,0,0,1]]\n\
         initial = [6,2,2,3,1]\nnames = [\"T33\",\"T31\",\"T13\",\"T11\",\"1\"]\n",
    )
    .unwrap();
    let text = stdout(&["matrix", file.to_str().unwrap(), "--format", "json"]);
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert!(v.is_object());
    std::fs::write(&file, "matrix = [[1,2],[3]]\ninitial = [1,1]\n").unwrap();
    assert_input_error(&["matrix", file.to_str().unwrap()], "matrix");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bad_input_is_a_clear_error_with_status_2() {
    assert_input_error(&["nth", "no-such-variant", "3"], "no-such-variant");
    assert_input_error(&["nth", "classic", "-3"], "-3");
    assert_input_error(&["frame-stewart", "--pegs", "2", "--discs", "5"], "pegs");
    assert_input_error(&["table", "classic", "--n", "9..2"], "9..2");
    assert_input_error(
        &["matrix", "/nonexistent/file.toml"],
        "/nonexistent/file.toml",
    );
}

#[test]
fn multistack_reves_from_the_command_line() {
    // Wikipedia 001_f2dd7c3193aeec0c.txt, section Two stacks and more stacks: the interlocked
    // solution takes R(n) + 2R(n-1) + 2 moves; R by `frame-stewart --pegs 4`.
    let r = |n: u32| -> BigInt {
        stdout(&["frame-stewart", "--pegs", "4", "--discs", &n.to_string()])
            .trim()
            .parse()
            .unwrap()
    };
    let expected: BigInt = r(10) + r(9) * 2 + 2;
    assert_eq!(
        stdout(&["nth", "multistack-reves", "10"]).trim(),
        expected.to_string()
    );
    let text = stdout(&["list"]);
    assert!(text.lines().any(|l| l.starts_with("multistack-reves ")));
}

#[test]
fn bad_pin_access_in_a_variant_file_is_status_2() {
    let dir = std::env::temp_dir().join(format!("hanoilab-cli-access-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("bad-access.toml");
    let text = "id = \"bad-access\"\n[rules]\npins = 5\nstacks = 2\n\
                access = [[0, 1, 2, 4], [2, 3, 0, 7]]\n\
                [functions.T]\nsource = \"test\"\nstart = [0, 2]\ngoal = [0, 2]\n\
                call = \"t(n; 0, 1, 2)\"\n[program]\n\
                text = \"t(n; X, Y, Z) = t(n-1; X, Z, Y), move(X, Z), t(n-1; Y, X, Z)\"\n";
    std::fs::write(&file, text).unwrap();
    let path = file.to_str().unwrap();
    assert_input_error(&["nth", path, "3"], "bad-access.toml:5:10");
    assert_input_error(&["nth", path, "3"], "stack 1 lists pin 7");
    std::fs::write(
        &file,
        text.replace("[[0, 1, 2, 4], [2, 3, 0, 7]]", "[[0, 1, 2, 4]]"),
    )
    .unwrap();
    assert_input_error(&["simulate", path, "-n", "3"], "1 pin lists for 2 stacks");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn completions_and_the_man_page_name_every_subcommand() {
    let subcommands = [
        "list",
        "show",
        "nth",
        "table",
        "plot",
        "simulate",
        "charpoly",
        "matrix",
        "frame-stewart",
        "star",
        "search",
        "claims",
        "check",
        "report",
        "bench",
        "completions",
        "man",
    ];
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let script = stdout(&["completions", shell]);
        for s in subcommands {
            assert!(script.contains(s), "{shell}: {s}");
        }
        assert!(script.contains("no-fail-exit"), "{shell}: the flags too");
    }
    // (roff writes a hyphen as `\-`.)
    let page = stdout(&["man"]).replace("\\-", "-");
    assert!(
        page.starts_with(".ie") || page.starts_with(".TH"),
        "roff: {page}"
    );
    assert!(page.contains(".TH hanoilab"), "{page}");
    for s in subcommands {
        assert!(page.contains(s), "man page: {s}");
    }
    let out = crate::common::hanoilab(&["completions", "tcsh"]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn memory_sizes_take_decimals_and_binary_units() {
    // Lucas: classic n = 3 takes 2^3 - 1 = 7 moves, whatever the (sufficient) limit's spelling.
    for limit in ["1.5G", "2GiB", "512MiB", "1e9", "0.25g"] {
        let v: serde_json::Value = serde_json::from_str(&stdout(&[
            "search",
            "classic",
            "-n",
            "3",
            "--memory-limit",
            limit,
            "--format",
            "json",
        ]))
        .unwrap();
        assert_eq!(v["minimum"], 7, "{limit}");
    }
    assert_input_error(
        &["search", "classic", "-n", "3", "--memory-limit", "2GB"],
        "ambiguous",
    );
    assert_input_error(
        &["search", "classic", "-n", "3", "--memory-limit", "1.5X"],
        "unknown unit",
    );
    // Too small for the run: refused by size (with the limit as parsed, 1.5 KiB = 1536 B).
    let out = crate::common::hanoilab(&["search", "classic", "-n", "12", "--memory-limit", "1.5K"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("memory limit is"));
}

/// Each variant's default function is the problem the literature means by the variant's
/// name: Lunnon's HanoiVar menu entry Checkers is `checkers.DDDD`, 137 moves at n = 15
/// (HanoiLib.java, Table of times: Checkers = ..., 113, 137, ...), and its entry Reversi is
/// `reversi-lunnon.EDDD` (Reversi_D = ..., 155, 228 at n = 11, 12). The table's simulation
/// and search columns name the function they belong to.
#[test]
fn defaults_are_the_problems_the_names_mean() {
    assert_eq!(stdout(&["nth", "checkers", "15"]).trim(), "137");
    assert_eq!(stdout(&["nth", "reversi-lunnon", "12"]).trim(), "228");
    // Lunnon, Reversi Hanoi: the coloured problem BABB(n) = (2)3^(n/2) - 2 for n even.
    assert_eq!(stdout(&["nth", "reversi", "10"]).trim(), "484");
    let text = stdout(&["table", "checkers", "--n", "1..3", "--format", "csv"]);
    let header: Vec<&str> = text.lines().next().unwrap().split(',').collect();
    assert!(header.contains(&"simulated(DDDD)"), "{header:?}");
    assert!(header.contains(&"optimum(DDDD)"), "{header:?}");
}

/// Issue 38, one spelling of the disc count: `-n N` and `--n N` (a range `A..B` where the
/// command takes one) in every command, with `--discs` and `nth`'s bare N kept, all giving
/// the same answer; the count given twice is an input error.
#[test]
fn every_command_takes_the_disc_count_as_n() {
    // Lucas: 2^n - 1 moves for the classic puzzle; 2^5 - 1 = 31.
    for spelling in [&["5"][..], &["-n", "5"], &["--n", "5"]] {
        let args = [&["nth", "classic"][..], spelling].concat();
        assert_eq!(stdout(&args).trim(), "31", "{args:?}");
    }
    for command in ["simulate", "search", "graph"] {
        let answers: Vec<String> = ["-n", "--n", "--discs"]
            .iter()
            .map(|flag| stdout(&[command, "classic", flag, "4"]))
            .collect();
        assert!(
            answers.iter().all(|a| *a == answers[0]),
            "{command}: {answers:?}"
        );
        if command != "graph" {
            assert!(answers[0].contains("15"), "{command}: {}", answers[0]);
        }
    }
    // Their values are checked against the literature elsewhere; here each spelling prints
    // the same table.
    for (command, extra) in [("frame-stewart", &["--pegs", "4"][..]), ("star", &[][..])] {
        let answers: Vec<String> = ["-n", "--n", "--discs"]
            .iter()
            .map(|flag| stdout(&[&[command][..], extra, &[flag, "3..6"]].concat()))
            .collect();
        assert!(
            answers.iter().all(|a| *a == answers[0]),
            "{command}: {answers:?}"
        );
    }
    // Range commands: `-n A..B` and `--n A..B` alike; a single N is the range N..N.
    let table = |n: &[&str]| stdout(&[&["table", "classic", "--format", "csv"][..], n].concat());
    assert_eq!(table(&["-n", "2..4"]), table(&["--n", "2..4"]));
    assert_eq!(table(&["-n", "3"]), table(&["--n", "3..3"]));
    let row = table(&["-n", "3"]);
    assert_eq!(row.lines().nth(1).unwrap().split(',').nth(1), Some("7"));
    assert_eq!(
        stdout(&["check", "classic.T", "2^n-1", "-n", "1..8"]),
        stdout(&["check", "classic.T", "2^n-1", "--n", "1..8"])
    );
    assert_eq!(
        stdout(&["guess", "classic.T", "-n", "1..12"]),
        stdout(&["guess", "classic.T", "--n", "1..12"])
    );
    // Given twice, in either spelling: refused before any work.
    for args in [
        &["nth", "classic", "5", "-n", "6"][..],
        &["simulate", "classic", "-n", "3", "--discs", "4"],
        &["search", "classic", "--n", "3", "-n", "3"],
        &["star", "-n", "3", "--discs", "4"],
        &["table", "classic", "-n", "1..3", "--n", "2..4"],
    ] {
        assert_input_error(args, "cannot be used");
    }
    assert_input_error(&["nth", "classic"], "required");
}

/// `table --no-simulate` has no `simulated` column; the simulated and optimum columns name
/// their function, and a table of several functions says whose they are (a footnote in
/// text and Markdown, `function` in JSON).
#[test]
fn table_says_whose_simulated_and_optimum_columns_it_shows() {
    let header = |args: &[&str]| {
        let text = stdout(
            &[
                &["table", "classic", "-n", "1..3", "--format", "csv"][..],
                args,
            ]
            .concat(),
        );
        text.lines().next().unwrap().to_string()
    };
    assert_eq!(header(&[]), "n,T,simulated(T),optimum(T)");
    assert_eq!(header(&["--no-simulate"]), "n,T,optimum(T)");
    let text = stdout(&["table", "rainbow", "-n", "1..3"]);
    let last = text.lines().last().unwrap();
    assert!(
        last.starts_with("simulated(DDD) and optimum(DDD): of DDD only"),
        "{last}"
    );
    let md = stdout(&[
        "table",
        "rainbow",
        "-n",
        "1..3",
        "--no-simulate",
        "--format",
        "md",
    ]);
    assert!(
        md.trim_end()
            .ends_with("(name VARIANT.FUNCTION for another)"),
        "{md}"
    );
    assert!(md.contains("optimum(DDD): of DDD only"), "{md}");
    // One function named: nothing to say.
    let one = stdout(&["table", "rainbow.CDD", "-n", "1..3"]);
    assert!(!one.contains("only"), "{one}");
    let v: serde_json::Value = serde_json::from_str(&stdout(&[
        "table",
        "rainbow.CDD",
        "-n",
        "2",
        "--format",
        "json",
    ]))
    .unwrap();
    assert_eq!(v["function"], "CDD");
    assert_eq!(v["columns"][2], "simulated(CDD)");
}

/// Issue 38, progress: off a terminal a long command reports on stderr in plain lines (the
/// interval shortened by `HANOILAB_PROGRESS_INTERVAL_MS`), never on stdout, whose bytes are
/// those of a `--quiet` run; `--quiet` leaves stderr empty.
#[test]
fn progress_goes_to_stderr_and_quiet_silences_it() {
    let run = |args: &[&str], interval: Option<&str>| {
        let mut c = std::process::Command::new(env!("CARGO_BIN_EXE_hanoilab"));
        c.args(args).current_dir(env!("CARGO_MANIFEST_DIR"));
        match interval {
            Some(ms) => c.env("HANOILAB_PROGRESS_INTERVAL_MS", ms),
            None => c.env_remove("HANOILAB_PROGRESS_INTERVAL_MS"),
        };
        let out = c.output().expect("the binary runs");
        assert!(out.status.success(), "{args:?}");
        (
            String::from_utf8(out.stdout).unwrap(),
            String::from_utf8(out.stderr).unwrap(),
        )
    };
    // Reve's puzzle, 11 discs: 4^11 = 4,194,304 states, far more than a millisecond's work.
    let search = ["search", "reves", "-n", "11"];
    let (out, err) = run(&search, Some("1"));
    let (quiet_out, quiet_err) = run(&[&search[..], &["--quiet"]].concat(), Some("1"));
    assert_eq!(out, quiet_out);
    assert_eq!(quiet_err, "");
    assert!(out.contains("minimum 65 moves"), "{out}");
    assert!(!err.is_empty());
    for line in err.lines() {
        assert!(
            line.starts_with("search: layer ") && line.contains(" states, "),
            "{line}"
        );
    }
    // Claims count what is checked; `-q` anywhere on the line.
    let claims = ["claims", "classic", "--no-fail-exit"];
    let (out, err) = run(&claims, Some("1"));
    let (quiet_out, quiet_err) = run(&[&["-q"][..], &claims].concat(), Some("1"));
    assert_eq!((out.as_str(), quiet_err.as_str()), (quiet_out.as_str(), ""));
    for line in err.lines() {
        let count = line
            .strip_prefix("claims: ")
            .and_then(|l| l.split_once(" checked, "))
            .map(|(c, _)| c);
        let (done, total) = count.and_then(|c| c.split_once('/')).expect(line);
        assert!(
            done.parse::<u64>().unwrap() <= total.parse::<u64>().unwrap(),
            "{line}"
        );
    }
    // The default interval: a short run says nothing.
    let (_, err) = run(&["search", "classic", "-n", "5"], None);
    assert_eq!(err, "");
}

/// Every subcommand answers `--version` with the package's version, as the top level does.
#[test]
fn subcommands_take_version() {
    for cmd in ["table", "search", "report", "graph", "guess"] {
        let out = crate::common::stdout(&[cmd, "--version"]);
        assert_eq!(
            out.trim(),
            format!("hanoilab-{cmd} {}", env!("CARGO_PKG_VERSION")),
            "{cmd}"
        );
    }
}

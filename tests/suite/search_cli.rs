//! `hanoilab search` run as a real binary: the JSON contract of DESIGN.md, the unreachable
//! answer (exit 0), and the exit status 2 errors (memory limit, bad --memory-limit).

use crate::common::{assert_input_error, hanoilab};
use std::path::PathBuf;
use std::process::Output;

fn json(out: &Output) -> serde_json::Value {
    assert!(
        out.status.success(),
        "status {:?}, stderr: {}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("stdout is JSON")
}

/// A user's variant file: Reversi on three pins (Lunnon 000_3e39fda85b098e00.txt, section
/// Reversi Hanoi: "at least m = 4 pins are required"), insoluble from n = 4 on.
fn reversi_three_pins() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("hanoilab-search-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("reversi3.toml");
    std::fs::write(
        &path,
        r#"id = "reversi3"
title = "Reversi on three pins"
summary = "Reversi rules with only three pins"
source = "000_3e39fda85b098e00.txt, section Reversi Hanoi"
parameters = {}
default = "F"

[rules]
pins = 3
moves = "complete"
size = "strict"
colour = "not-same"
recolour = "flip"
check_colour = "after"
colouring = "alternate"

[functions.F]
summary = "tower to the right, colours unchanged"
source = "000_3e39fda85b098e00.txt, section Reversi Hanoi"
bases = "DDD"
start = [0]
goal = [2]
call = "hanoi(n; 0, 1, 2)"

[program]
text = """
hanoi(n; X, Y, Z) = hanoi(n - 1; X, Z, Y), move(X, Z), hanoi(n - 1; Y, X, Z)
"""
"#,
    )
    .unwrap();
    path
}

#[test]
fn classic_minimum_and_unique_optimal_solution_as_json() {
    let v = json(&hanoilab(&[
        "search", "classic", "-n", "5", "--count", "--format", "json",
    ]));
    assert_eq!(v["minimum"], 31);
    assert_eq!(v["optimal_solutions"], "1");
    assert_eq!(v["states"].as_u64().map(|s| s <= 243), Some(true));
}

/// Stockmeyer (004_33861799d4694a49.txt, section 2): 36 moves and 640 minimal sequences
/// for n = 4 on the 4-post cyclic puzzle.
#[test]
fn cyclic_four_post_count_solution_and_layers() {
    let v = json(&hanoilab(&[
        "search",
        "data/variants/cyclic4.toml",
        "-n",
        "4",
        "--count",
        "--solution",
        "--layers",
        "--format",
        "json",
    ]));
    assert_eq!(v["minimum"], 36);
    assert_eq!(v["optimal_solutions"], "640");
    let solution = v["solution"].as_array().unwrap();
    assert_eq!(solution.len(), 36);
    // Cyclic moves only: i -> i+1 (mod 4).
    for m in solution {
        let (a, b) = m.as_str().unwrap().split_once("->").unwrap();
        let (a, b): (u32, u32) = (a.parse().unwrap(), b.parse().unwrap());
        assert_eq!(b, (a + 1) % 4, "{m}");
    }
    let layers = v["layers"].as_array().unwrap();
    assert_eq!(layers.len(), 37);
    assert_eq!(layers[0], 1);
}

#[test]
fn unreachable_goal_is_an_answer_not_an_error() {
    let path = reversi_three_pins();
    let path = path.to_str().unwrap();
    let v = json(&hanoilab(&[
        "search", path, "-n", "5", "--count", "--format", "json",
    ]));
    assert_eq!(v["minimum"], serde_json::Value::Null);
    assert_eq!(v["result"], "no solution: goal unreachable");
    assert_eq!(v["states"], 29);
    let out = hanoilab(&["search", path, "-n", "5"]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("no solution: goal unreachable (29 states explored)"),
        "{text}"
    );
}

#[test]
fn memory_estimate_over_the_limit_exits_with_status_2() {
    let out = hanoilab(&[
        "search",
        "data/variants/reves.toml",
        "-n",
        "12",
        "--memory-limit",
        "1M",
    ]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    // 5 bitsets over 4^12 indices: 10 MiB.
    assert!(err.contains("10485760 bytes"), "{err}");
}

#[test]
fn bad_memory_limit_exits_with_status_2() {
    let out = hanoilab(&["search", "classic", "-n", "3", "--memory-limit", "lots"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--memory-limit"));
}

/// `table` fills its `optimum` column by a cheap search; Lunnon (000_3e39fda85b098e00.txt,
/// section Domino & Adjacent Hanoi) says the Domino algorithm is optimal for small n, so the
/// column equals the algorithm's.
#[test]
fn table_optimum_column_comes_from_the_search() {
    let out = hanoilab(&["table", "domino.DDE", "--n", "1..5", "--format", "csv"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().unwrap().split(',').collect();
    let dde = header.iter().position(|c| *c == "DDE").unwrap();
    let optimum = header.iter().position(|c| *c == "optimum(DDE)").unwrap();
    let mut rows = 0;
    for line in lines {
        let cells: Vec<&str> = line.split(',').collect();
        assert!(!cells[optimum].is_empty(), "{line}");
        assert_eq!(cells[dde], cells[optimum], "{line}");
        rows += 1;
    }
    assert_eq!(rows, 5);
}

/// `--record` appends one CSV row per run under a header written once; the count of the
/// second route (`--count` as JSON) is the quoted field; eccentricity only after
/// `--explore-all`.
#[test]
fn record_appends_csv_rows() {
    let dir = std::env::temp_dir().join(format!("hanoilab-search-record-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("records.csv");
    let _ = std::fs::remove_file(&file);
    let f = file.to_str().unwrap();
    let a = hanoilab(&[
        "search",
        "reves",
        "-n",
        "6",
        "--count",
        "--explore-all",
        "--record",
        f,
    ]);
    assert!(a.status.success(), "{}", String::from_utf8_lossy(&a.stderr));
    let b = hanoilab(&[
        "search",
        "cyclic4",
        "-n",
        "5",
        "--threads",
        "1",
        "--record",
        f,
    ]);
    assert!(b.status.success(), "{}", String::from_utf8_lossy(&b.stderr));
    let j = json(&hanoilab(&[
        "search", "reves", "-n", "6", "--count", "--format", "json",
    ]));
    let text = std::fs::read_to_string(&file).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3, "{text}");
    assert_eq!(
        lines[0],
        "puzzle,n,minimum,optimal_solutions,states_reached,eccentricity,wall_seconds,peak_bytes,version,method,cpu_seconds"
    );
    let row: Vec<&str> = lines[1].split(',').collect();
    assert_eq!(row[..3], ["reves.FS", "6", &j["minimum"].to_string()]);
    assert_eq!(
        row[3],
        format!("\"{}\"", j["optimal_solutions"].as_str().unwrap())
    );
    assert_eq!(row[4], "4096");
    assert!(!row[5].is_empty());
    // A count without a checkpoint is retraced from the goal (the JSON says over how many
    // states); a minimum is the plain search.
    assert_eq!(row[9], "bfs-retrace");
    assert!(
        j["states_on_minimal_sequences"].as_u64().unwrap() > 0,
        "{j}"
    );
    assert!(row[10].parse::<f64>().unwrap() >= 0.0, "{}", lines[1]);
    let row: Vec<&str> = lines[2].split(',').collect();
    assert_eq!((row[3], row[5], row[9]), ("", "", "bfs"));
}

/// `--halfway` gives the full search's minimum (Reve's puzzle, Checkers) and, with `--count`,
/// its number of optimal solutions, and records a row marked with its method; puzzles
/// outside its argument and flags it cannot honour exit 2.
#[test]
fn halfway_search_matches_the_full_search_and_records_its_method() {
    let dir = std::env::temp_dir().join(format!("hanoilab-halfway-record-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("records.csv");
    let _ = std::fs::remove_file(&file);
    let f = file.to_str().unwrap();
    for args in [
        &["search", "reves", "-n", "9"][..],
        &["search", "checkers", "-n", "9"],
        &["search", "many-pin", "-n", "7", "--param", "p=5"],
    ] {
        let full = json(&hanoilab(&[args, &["--format", "json"]].concat()));
        let half = json(&hanoilab(
            &[args, &["--halfway", "--record", f, "--format", "json"]].concat(),
        ));
        assert_eq!(half["minimum"], full["minimum"], "{args:?}");
        assert_eq!(half["method"], "halfway+symmetry");
        let full = json(&hanoilab(
            &[args, &["--count", "--format", "json"]].concat(),
        ));
        let half = json(&hanoilab(
            &[args, &["--halfway", "--count", "--format", "json"]].concat(),
        ));
        assert_eq!(
            half["optimal_solutions"], full["optimal_solutions"],
            "{args:?}"
        );
    }
    let text = std::fs::read_to_string(&file).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 4, "{text}");
    let row: Vec<&str> = lines[1].split(',').collect();
    assert_eq!(row.len(), 11, "{text}");
    assert_eq!(
        (row[0], row[1], row[9]),
        ("reves.FS", "9", "halfway+symmetry")
    );
    for (args, needle) in [
        (
            &["search", "star", "-n", "4", "--halfway"][..],
            "does not apply",
        ),
        (
            &["search", "reves", "-n", "4", "--halfway", "--solution"],
            "--halfway gives",
        ),
        (
            &[
                "search",
                "reves",
                "-n",
                "12",
                "--halfway",
                "--memory-limit",
                "1K",
            ],
            "memory limit",
        ),
    ] {
        assert_input_error(args, needle);
    }
}

/// `--bidirectional` gives the full search's minimum and number of optimal solutions (Reve's,
/// the Reversi problems, Domino), with both sides' layers agreeing with the full search's,
/// and records a row marked with its method; puzzles with a move that cannot be undone and
/// flags it cannot honour exit 2.
#[test]
fn bidirectional_search_matches_the_full_search_and_records_its_method() {
    let dir = std::env::temp_dir().join(format!("hanoilab-bidi-record-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("records.csv");
    let _ = std::fs::remove_file(&file);
    let f = file.to_str().unwrap();
    for args in [
        &["search", "reves", "-n", "8"][..],
        &["search", "reversi-lunnon.DDDF", "-n", "7"],
        &["search", "reversi-lunnon.EDDD", "-n", "7"],
        &["search", "domino.DDE", "-n", "6"],
    ] {
        let full = json(&hanoilab(
            &[args, &["--count", "--layers", "--format", "json"]].concat(),
        ));
        let meet = json(&hanoilab(
            &[
                args,
                &["--bidirectional", "--count", "--layers", "--record", f],
                &["--format", "json"],
            ]
            .concat(),
        ));
        assert_eq!(meet["minimum"], full["minimum"], "{args:?}");
        assert_eq!(
            meet["optimal_solutions"], full["optimal_solutions"],
            "{args:?}"
        );
        assert_eq!(meet["method"], "bidirectional");
        let forward = meet["forward_layers"].as_array().unwrap();
        assert_eq!(
            forward[..],
            full["layers"].as_array().unwrap()[..forward.len()]
        );
        let depths = forward.len() + meet["backward_layers"].as_array().unwrap().len() - 2;
        assert_eq!(Some(depths as u64), full["minimum"].as_u64(), "{args:?}");
    }
    // A plain search refused for its memory names the route that fits, where it applies.
    let refused = hanoilab(&["search", "reversi-lunnon.DDDF", "-n", "16"]);
    assert_eq!(refused.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&refused.stderr).contains("--bidirectional"));
    let refused = hanoilab(&["search", "cyclic4", "-n", "12", "--memory-limit", "1K"]);
    assert_eq!(refused.status.code(), Some(2));
    assert!(!String::from_utf8_lossy(&refused.stderr).contains("--bidirectional"));
    // Reversi on three pins is insoluble from four discs: a side runs out of states.
    let path = reversi_three_pins();
    let args = [
        "search",
        path.to_str().unwrap(),
        "-n",
        "5",
        "--bidirectional",
    ];
    let v = json(&hanoilab(
        &[&args[..], &["--count", "--format", "json"]].concat(),
    ));
    assert_eq!(v["minimum"], serde_json::Value::Null);
    assert_eq!(v["optimal_solutions"], "0");
    let out = hanoilab(&args);
    assert!(String::from_utf8_lossy(&out.stdout).contains("goal unreachable"));
    let text = std::fs::read_to_string(&file).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 5, "{text}");
    let row: Vec<&str> = lines[2].split(',').collect();
    assert_eq!(row.len(), 11, "{text}");
    assert_eq!(
        (row[0], row[1], row[2], row[9]),
        ("reversi-lunnon.DDDF", "7", "36", "bidirectional")
    );
    for (args, needle) in [
        (
            &["search", "cyclic4", "-n", "4", "--bidirectional"][..],
            "cannot be undone",
        ),
        (
            &["search", "lundon", "-n", "3", "--bidirectional"],
            "cannot be undone",
        ),
        (
            &[
                "search",
                "reves",
                "-n",
                "4",
                "--bidirectional",
                "--solution",
            ],
            "--bidirectional gives",
        ),
        (
            &[
                "search",
                "reves",
                "-n",
                "10",
                "--bidirectional",
                "--memory-limit",
                "1K",
            ],
            "memory limit",
        ),
    ] {
        assert_input_error(args, needle);
    }
    let out = hanoilab(&["search", "reves", "-n", "4", "--bidirectional", "--halfway"]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn bad_threads_and_record_exit_with_status_2() {
    for args in [
        &["search", "classic", "-n", "3", "--threads", "0"][..],
        &["search", "classic", "-n", "3", "--threads", "two"],
        // More threads than a search uses (starting 20,000 of them aborted).
        &["search", "classic", "-n", "3", "--threads", "1025"],
        &["search", "classic", "-n", "3", "--record", ""],
    ] {
        let out = hanoilab(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(!String::from_utf8_lossy(&out.stderr).contains("panicked"));
    }
}

/// A count retraces from the goal without a checkpoint and counts on the way with one: the
/// same answer, and each run's memory estimate (made before it, for the route it takes)
/// within 25% of the bytes it held.
#[test]
fn a_count_that_checkpoints_counts_on_the_way_and_estimates_that_route() {
    let dir = std::env::temp_dir().join(format!("hanoilab-count-routes-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let base = [
        "search", "cyclic4", "-n", "8", "--count", "--format", "json",
    ];
    let retraced = json(&hanoilab(&base));
    let mut args = base.to_vec();
    let d = dir.to_str().unwrap();
    args.extend(["--checkpoint", d]);
    let on_the_way = json(&hanoilab(&args));
    let _ = std::fs::remove_dir_all(&dir);
    assert!(retraced["states_on_minimal_sequences"].as_u64().unwrap() > 0);
    assert!(on_the_way.get("states_on_minimal_sequences").is_none());
    for key in ["minimum", "states", "optimal_solutions"] {
        assert_eq!(retraced[key], on_the_way[key], "{key}");
    }
    for run in [&retraced, &on_the_way] {
        let ratio =
            run["estimated_bytes"].as_f64().unwrap() / run["peak_bytes_held"].as_f64().unwrap();
        assert!((0.8..=1.25).contains(&ratio), "{run}");
    }
    // The two routes hold different tables (16-bit marks; every state's count).
    assert_ne!(retraced["peak_bytes_held"], on_the_way["peak_bytes_held"]);
}

/// Under a memory limit the five bitsets exceed (4^8 indices: 40,960 bytes) but two bits per
/// index fit (16,384 bytes), the distance-only search runs in the two-bit array and finds
/// the same minimum and states as without the limit.
#[test]
fn tight_memory_limit_falls_back_to_two_bits_per_state() {
    let tight = json(&hanoilab(&[
        "search",
        "reves",
        "-n",
        "8",
        "--memory-limit",
        "20K",
        "--format",
        "json",
    ]));
    let plain = json(&hanoilab(&[
        "search", "reves", "-n", "8", "--format", "json",
    ]));
    assert_eq!(tight["estimated_bytes"], 16384);
    assert_eq!(tight["peak_bytes_held"], 16384);
    assert_eq!(
        (&tight["minimum"], &tight["states"]),
        (&plain["minimum"], &plain["states"])
    );
}

/// Past the memory limit with `--scratch DIR`, the layers go to disk: the same minimum,
/// states, layer sizes and (with `--count`) number of optimal solutions as the search in
/// memory (cyclic4: one-way moves, checked against
/// every state met; Reve's: against the two layers before), a `bfs-disk` record row, and
/// nothing left in the scratch directory; the same with the layers in a --checkpoint
/// directory, which must not hold layers already. Without `--scratch` the same run is
/// refused.
#[test]
fn past_the_memory_limit_the_layers_go_to_disk() {
    let dir = std::env::temp_dir().join(format!("hanoilab-disk-cli-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let record = dir.join("records.csv");
    let cases = [
        ("reves", "8", false),
        ("cyclic4", "7", false),
        ("reves", "8", true),
        ("cyclic4", "7", true),
    ];
    for (puzzle, n, count) in cases {
        let mut flags = vec!["search", puzzle, "-n", n, "--layers", "--format", "json"];
        if count {
            flags.push("--count");
        }
        let plain = json(&hanoilab(&flags));
        let scratch = dir.join("scratch");
        let mut tight = flags.to_vec();
        let (s, r) = (scratch.to_str().unwrap(), record.to_str().unwrap());
        tight.extend(["--memory-limit", "1K", "--scratch", s, "--record", r]);
        let disk = json(&hanoilab(&tight));
        assert_eq!(answer(&disk), answer(&plain), "{puzzle}, count {count}");
        assert_eq!(disk["optimal_solutions"].is_string(), count, "{disk}");
        assert_eq!(std::fs::read_dir(&scratch).unwrap().count(), 0);
        let refused = hanoilab(&tight[..tight.len() - 4]);
        assert_eq!(refused.status.code(), Some(2), "{puzzle} without --scratch");
        // With --checkpoint DIR the layers (the disk route's checkpoint) live there: the
        // same answer, and the directory gone once answered. Nothing to resume: exit 2.
        let ck = dir.join("ck");
        let mut with_ck = tight[..tight.len() - 2].to_vec();
        with_ck.extend(["--checkpoint", ck.to_str().unwrap()]);
        assert_eq!(
            answer(&json(&hanoilab(&with_ck))),
            answer(&plain),
            "{puzzle}"
        );
        assert!(!ck.exists());
        let mut resume = tight[..tight.len() - 2].to_vec();
        resume.extend(["--resume", ck.to_str().unwrap()]);
        assert_eq!(
            hanoilab(&resume).status.code(),
            Some(2),
            "{puzzle}: nothing to resume"
        );
        // A directory already holding layers (of a search not asked to resume): exit 2,
        // the user's files untouched.
        std::fs::create_dir_all(ck.join("layers")).unwrap();
        let busy = hanoilab(&with_ck);
        assert_eq!(busy.status.code(), Some(2), "{puzzle}: occupied");
        assert!(String::from_utf8_lossy(&busy.stderr).contains("already exists"));
        assert!(ck.join("layers").is_dir());
        std::fs::remove_dir_all(&ck).unwrap();
    }
    let rows = std::fs::read_to_string(&record).unwrap();
    assert_eq!(rows.lines().filter(|l| l.contains(",bfs-disk,")).count(), 4);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The answer fields of a search's JSON (not its resource figures).
fn answer(v: &serde_json::Value) -> Vec<serde_json::Value> {
    [
        "minimum",
        "optimal_solutions",
        "states",
        "complete",
        "layers",
    ]
    .iter()
    .map(|k| v[k].clone())
    .collect()
}

/// The answer fields of a bidirectional search's JSON.
fn meet_answer(v: &serde_json::Value) -> Vec<serde_json::Value> {
    [
        "minimum",
        "optimal_solutions",
        "states",
        "meeting_states",
        "forward_layers",
        "backward_layers",
    ]
    .iter()
    .map(|k| v[k].clone())
    .collect()
}

/// Runs the binary with `args` and a fresh checkpoint directory (a checkpoint after every
/// layer), kills it with SIGKILL soon after its first checkpoint, and resumes it: the
/// uninterrupted run's JSON and the resumed run's, or `None` when the run finished before
/// it was killed (a fast machine: nothing to resume). The finished search removed its
/// checkpoint.
fn killed_and_resumed(args: &[&str], tag: &str) -> Option<(serde_json::Value, serde_json::Value)> {
    use std::process::{Command, Stdio};
    let plain = json(&hanoilab(args));
    let dir = std::env::temp_dir().join(format!("hanoilab-kill-{}-{tag}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let d = dir.to_str().unwrap();
    let mut run = args.to_vec();
    run.extend_from_slice(&["--checkpoint", d, "--checkpoint-every", "0"]);
    let mut child = Command::new(env!("CARGO_BIN_EXE_hanoilab"))
        .args(&run)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    // Killed as soon as some layers are checkpointed (a few hundred ms in).
    let t0 = std::time::Instant::now();
    while !dir.join("checkpoint").exists() && t0.elapsed().as_secs() < 120 {
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    std::thread::sleep(std::time::Duration::from_millis(150));
    let finished = child.try_wait().unwrap().is_some();
    child.kill().unwrap();
    child.wait().unwrap();
    if finished {
        let _ = std::fs::remove_dir_all(&dir);
        return None;
    }
    assert!(dir.join("checkpoint").is_file());
    let mut resume = args.to_vec();
    resume.extend_from_slice(&["--resume", d]);
    let resumed = json(&hanoilab(&resume));
    assert!(!dir.exists(), "the finished search removed its checkpoint");
    Some((plain, resumed))
}

/// A real `kill -9` of the binary while it checkpoints, then `--resume`: the answer of an
/// uninterrupted run (minimum, number of optimal solutions, states, layer sizes), for the
/// counting search and the minimum-only one.
#[test]
fn killed_search_resumes_to_the_uninterrupted_answer() {
    for (tag, extra) in [("count", &["--count"][..]), ("minimum", &[][..])] {
        let mut args = vec![
            "search", "reves", "-n", "11", "--layers", "--format", "json",
        ];
        args.extend_from_slice(extra);
        if let Some((plain, resumed)) = killed_and_resumed(&args, tag) {
            assert_eq!(answer(&resumed), answer(&plain), "{extra:?}");
        }
    }
}

/// The same for the bidirectional search (Reversi DDDF n = 12, about a second on two
/// threads, 198 layers on both sides together), with and without `--count`.
#[test]
fn killed_bidirectional_search_resumes_to_the_uninterrupted_answer() {
    for (tag, extra) in [("meet-count", &["--count"][..]), ("meet", &[][..])] {
        let mut args = vec![
            "search",
            "reversi-lunnon.DDDF",
            "-n",
            "12",
            "--bidirectional",
            "--layers",
            "--format",
            "json",
        ];
        args.extend_from_slice(extra);
        if let Some((plain, resumed)) = killed_and_resumed(&args, tag) {
            assert_eq!(meet_answer(&resumed), meet_answer(&plain), "{extra:?}");
            assert!(plain["minimum"].is_u64(), "{plain}");
        }
    }
}

/// A bidirectional search's checkpoint (written by the library, stopped after its first
/// layer): the plain search refuses it, naming `--bidirectional` (exit 2), and
/// `--bidirectional --resume` answers with the uninterrupted minimum and count.
#[test]
fn a_bidirectional_checkpoint_resumes_only_with_bidirectional() {
    use hanoilab::search::{bidirectional_search, Checkpointing, SearchError, SearchOptions};
    use hanoilab::variants::{Params, Variant};
    let p = Variant::load("reversi-lunnon")
        .unwrap()
        .puzzle("DDDF", 7, &Params::new())
        .unwrap();
    let dir = std::env::temp_dir().join(format!("hanoilab-meet-ck-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let stop = std::sync::atomic::AtomicBool::new(true);
    let ck = Checkpointing::new(dir.clone(), "reversi-lunnon.DDDF n = 7");
    let o = SearchOptions {
        count: true,
        checkpoint: Some(&ck),
        stop: Some(&stop),
        ..Default::default()
    };
    let e = bidirectional_search(&p, &o).unwrap_err();
    assert!(
        matches!(e, SearchError::Interrupted { depth: 1, .. }),
        "{e}"
    );
    let d = dir.to_str().unwrap();
    let args = ["search", "reversi-lunnon.DDDF", "-n", "7", "--count"];
    assert_input_error(
        &[&args[..], &["--resume", d]].concat(),
        "resume it with --bidirectional",
    );
    let plain = json(&hanoilab(&[&args[..], &["--format", "json"]].concat()));
    let resumed = json(&hanoilab(
        &[
            &args[..],
            &["--bidirectional", "--resume", d, "--format", "json"],
        ]
        .concat(),
    ));
    assert_eq!(resumed["minimum"], plain["minimum"]);
    assert_eq!(resumed["optimal_solutions"], plain["optimal_solutions"]);
    assert!(!dir.exists(), "the finished search removed its checkpoint");
}

/// Checkpoint flags that cannot work: exit 2 with the reason.
#[test]
fn checkpoint_misuse_exits_with_status_2() {
    use crate::common::assert_input_error;
    let dir = std::env::temp_dir().join(format!("hanoilab-ckmis-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let d = dir.to_str().unwrap();
    assert_input_error(
        &["search", "reves", "-n", "5", "--resume", d],
        "no checkpoint to resume",
    );
    assert_input_error(
        &["search", "reves", "-n", "5", "--checkpoint", ""],
        "--checkpoint: expected a directory",
    );
    assert_input_error(
        &["search", "reves", "-n", "5", "--checkpoint-every", "1"],
        "give --checkpoint DIR",
    );
    assert_input_error(
        &[
            "search",
            "reves",
            "-n",
            "5",
            "--checkpoint",
            d,
            "--checkpoint-every",
            "x",
        ],
        "--checkpoint-every",
    );
    // A file that starts like a checkpoint: never overwritten, and refused when resumed.
    let file = dir.join("checkpoint");
    std::fs::write(&file, b"HANOILAB-SEARCH-CHECKPOINT\n{}\n").unwrap();
    assert_input_error(
        &["search", "reves", "-n", "5", "--checkpoint", d],
        "already holds a checkpoint",
    );
    assert_input_error(
        &["search", "reves", "-n", "5", "--resume", d],
        "unreadable header",
    );
    assert_input_error(
        &[
            "search",
            "reves",
            "-n",
            "5",
            "--bidirectional",
            "--checkpoint",
            d,
        ],
        "already holds a checkpoint",
    );
    assert_input_error(
        &["search", "reves", "-n", "5", "--halfway", "--checkpoint", d],
        "--halfway writes no checkpoints",
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Standard output of a run that must succeed, as text.
fn text(args: &[&str]) -> String {
    let out = hanoilab(args);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// The b-file of search optima over a range equals the program's counts (`nth`, the
/// recursion, optimal for Classic Hanoi: Lucas's 2^n - 1) and `table`'s optimum column.
#[test]
fn a_bfile_of_search_optima_equals_the_proven_counts() {
    let bfile = text(&["search", "classic", "-n", "0..7", "--format", "bfile"]);
    let expected: String = (0..=7)
        .map(|n| {
            let count = text(&["nth", "classic", &n.to_string()]);
            format!("{n} {}\n", count.trim())
        })
        .collect();
    assert_eq!(bfile, expected);
    // 2^n - 1, computed here.
    let closed: String = (0..=7u32)
        .map(|n| format!("{n} {}\n", (1u64 << n) - 1))
        .collect();
    assert_eq!(bfile, closed);
    let table = text(&["table", "classic", "--n", "0..7", "--format", "csv"]);
    let mut lines = table.lines();
    let header: Vec<&str> = lines.next().unwrap().split(',').collect();
    let optimum = header.iter().position(|c| *c == "optimum(T)").unwrap();
    let from_table: String = lines
        .map(|l| {
            let cells: Vec<&str> = l.split(',').collect();
            format!("{} {}\n", cells[0], cells[optimum])
        })
        .collect();
    assert_eq!(bfile, from_table);
}

/// The range as CSV and JSON parses, with the counts, eccentricities and layers: Classic
/// Hanoi reaches all 3^n configurations, and a perfect state's eccentricity in the Hanoi
/// graph is 2^n - 1 (Hinz, Klavžar, Milutinović, Petr, The Tower of Hanoi – Myths and
/// Maths, 2nd ed., Section 2.2: the perfect states are extreme vertices of diameter 2^n - 1).
#[test]
fn a_search_range_in_csv_json_and_md() {
    let csv = text(&[
        "search",
        "classic",
        "-n",
        "1..5",
        "--count",
        "--explore-all",
        "--format",
        "csv",
    ]);
    let mut lines = csv.lines();
    assert_eq!(
        lines.next(),
        Some("n,minimum,states,optimal_solutions,eccentricity")
    );
    let rows: Vec<Vec<u64>> = lines
        .map(|l| l.split(',').map(|c| c.parse().unwrap()).collect())
        .collect();
    assert_eq!(rows.len(), 5);
    for (k, row) in rows.iter().enumerate() {
        let n = k as u32 + 1;
        assert_eq!(
            row,
            &vec![n as u64, (1 << n) - 1, 3u64.pow(n), 1, (1 << n) - 1]
        );
    }
    let v = json(&hanoilab(&[
        "search",
        "cyclic",
        "-n",
        "0..4",
        "--explore-all",
        "--layers",
        "--format",
        "json",
    ]));
    assert_eq!(
        (v["variant"].as_str(), v["function"].as_str()),
        (Some("cyclic"), Some("A"))
    );
    let rows = v["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 5);
    for (n, row) in rows.iter().enumerate() {
        assert_eq!(row["n"], n as u64);
        // Every configuration is reachable on the cycle: 3^n states.
        assert_eq!(row["states"], 3u64.pow(n as u32));
        assert_eq!(row["complete"], true);
        let layers = row["layers"].as_array().unwrap();
        let total: u64 = layers.iter().map(|x| x.as_u64().unwrap()).sum();
        assert_eq!(total, 3u64.pow(n as u32));
        assert_eq!(row["eccentricity"], layers.len() as u64 - 1);
        // The minimum is the program's count (Atkinson's algorithm is optimal).
        let count = text(&["nth", "cyclic", &n.to_string()]);
        assert_eq!(row["minimum"].to_string(), count.trim());
    }
    // One row per layer with --layers, in CSV; the same rows as a Markdown table.
    let layers = text(&[
        "search", "classic", "-n", "2", "--layers", "--format", "csv",
    ]);
    assert_eq!(layers, "n,depth,states\n2,0,1\n2,1,2\n2,2,2\n2,3,4\n");
    let md = text(&["search", "classic", "-n", "2..3", "--format", "md"]);
    assert_eq!(
        md,
        "| n | minimum | states |\n|---|---|---|\n| 2 | 3 | 9 |\n| 3 | 7 | 27 |\n"
    );
    // One n: the eccentricity in words and in JSON.
    let human = text(&["search", "classic", "-n", "3", "--explore-all"]);
    assert!(
        human.contains("eccentricity of the start: 7 (every reachable state is within 7 moves)"),
        "{human}"
    );
    let one = json(&hanoilab(&[
        "search",
        "classic",
        "-n",
        "3",
        "--explore-all",
        "--format",
        "json",
    ]));
    assert_eq!(one["eccentricity"], 7);
}

/// A range whose goal is unreachable at every n: a row each (no minimum) in CSV, and no
/// b-file (exit 2, nothing recorded).
#[test]
fn an_unreachable_range_has_rows_but_no_bfile() {
    let path = reversi_three_pins();
    let path = path.to_str().unwrap();
    let csv = text(&["search", path, "-n", "4..5", "--format", "csv"]);
    let expected = format!(
        "n,minimum,states\n4,,{}\n5,,{}\n",
        states(path, 4),
        states(path, 5)
    );
    assert_eq!(csv, expected);
    let record = std::path::Path::new(path).with_file_name("never.csv");
    let record = record.to_str().unwrap();
    assert_input_error(
        &[
            "search", path, "-n", "4..5", "--format", "bfile", "--record", record,
        ],
        "no n of the range reaches the goal",
    );
    assert!(!std::path::Path::new(record).exists());
}

/// The states a single search of `path` reaches at `n`.
fn states(path: &str, n: u64) -> u64 {
    let v = json(&hanoilab(&[
        "search",
        path,
        "-n",
        &n.to_string(),
        "--format",
        "json",
    ]));
    v["states"].as_u64().unwrap()
}

/// A route that holds only the states it reaches is guarded as it grows and says so; a
/// dense search over the limit is refused before it runs and names `--sparse` (cyclic4's
/// moves cannot be undone, so not `--bidirectional`).
#[test]
fn the_memory_limit_says_when_it_was_checked() {
    crate::common::assert_input_error(
        &[
            "search",
            "cyclic4",
            "-n",
            "9",
            "--sparse",
            "--memory-limit",
            "1M",
        ],
        "search stopped: what it holds grew to about",
    );
    let out = crate::common::hanoilab(&["search", "cyclic4", "-n", "12", "--memory-limit", "1M"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("the search needs up to"), "{err}");
    assert!(
        err.contains("--sparse holds only the states reached"),
        "{err}"
    );
    assert!(!err.contains("--bidirectional"), "{err}");
}

/// The JSON answer names the route the search took and why: classic has a dense index of
/// 3^n configurations; Antwerp's equal discs leave none; `--sparse` keeps the states reached.
/// (The routes' answers are compared in the library's tests.)
#[test]
fn the_search_says_which_route_it_took() {
    let route = |args: &[&str]| -> String {
        let out = crate::common::stdout(args);
        let v: serde_json::Value = serde_json::from_str(&out).unwrap();
        v["search_route"].as_str().unwrap().to_string()
    };
    let r = route(&["search", "classic", "-n", "5", "--format", "json"]);
    assert!(
        r.starts_with("breadth-first over a dense index of 243 configurations"),
        "{r}"
    );
    // Antwerp's every move can be undone: sorted layers, unless a solution is asked.
    let r = route(&["search", "antwerp", "-n", "2", "--format", "json"]);
    assert!(
        r.contains("sorted layers of packed configurations (equal sizes"),
        "{r}"
    );
    let r = route(&[
        "search",
        "antwerp",
        "-n",
        "2",
        "--solution",
        "--format",
        "json",
    ]);
    assert!(r.contains("interned configurations (equal sizes"), "{r}");
    let r = route(&[
        "search", "cyclic4", "-n", "5", "--sparse", "--format", "json",
    ]);
    assert!(
        r.contains("hash set (--sparse; the index space has 1024"),
        "{r}"
    );
}

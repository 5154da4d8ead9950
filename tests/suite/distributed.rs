//! The distributed search (cargo feature `distributed`) against the in-memory search, two
//! independent routes: in-process workers on every function of every built-in variant, and
//! real processes (2 and 4, on 127.0.0.1 with free ports) through the binary on every
//! variant; then the failures: a process killed mid-run, a peer that never comes, a peer
//! running another search, bad hostfiles and process indices.
//!
//! Run with `cargo test --features distributed --test suite distributed` (or, without the
//! heavy output crates, `--no-default-features --features cli,distributed`).

use hanoilab::search::{search, search_distributed, state_count_bound, Cluster, SearchOptions};
use hanoilab::variants::{builtin_ids, Params, Variant};
use std::net::TcpListener;
use std::path::PathBuf;
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

/// The largest `n <= max_n` (at least 1) whose state space is at most `states`, per variant
/// and function.
fn small_n(v: &Variant, f: &str, states: f64, max_n: i64) -> Option<i64> {
    let mut best = None;
    for n in 1..=max_n {
        match v.puzzle(f, n, &Params::new()) {
            Ok(p) if state_count_bound(&p) <= states => best = Some(n),
            Ok(_) => break,
            Err(_) => continue,
        }
    }
    best
}

#[test]
fn workers_in_one_process_agree_with_the_in_memory_search_on_every_function() {
    let mut checked = 0;
    for id in builtin_ids() {
        let v = Variant::builtin(id).unwrap();
        for f in v.functions() {
            let Some(n) = small_n(&v, &f.name, 3000.0, 6) else {
                continue;
            };
            let p = v.puzzle(&f.name, n, &Params::new()).unwrap();
            for explore_all in [false, true] {
                let opts = SearchOptions {
                    count: true,
                    explore_all,
                    ..Default::default()
                };
                let m = search(&p, &opts).unwrap();
                for threads in [1, 3] {
                    let d = search_distributed(&p, &opts, &Cluster::local(threads)).unwrap();
                    let what = format!("{id}.{} n = {n}, {threads} workers", f.name);
                    assert_eq!(d.result.minimum, m.minimum, "{what}");
                    assert_eq!(d.result.layers, m.layers, "{what}");
                    assert_eq!(d.result.states, m.states, "{what}");
                    assert_eq!(d.result.complete, m.complete, "{what}");
                    assert_eq!(d.result.optimal_solutions, m.optimal_solutions, "{what}");
                    // The workers intern configurations where no dense index applies; the
                    // search in memory may keep them in sorted layers instead.
                    let interned = |e: hanoilab::search::Encoding| match e {
                        hanoilab::search::Encoding::SortedLayers => {
                            hanoilab::search::Encoding::Generic
                        }
                        e => e,
                    };
                    assert_eq!(d.result.encoding, interned(m.encoding), "{what}");
                    assert_eq!(d.workers, threads);
                }
            }
            checked += 1;
        }
    }
    assert!(checked >= builtin_ids().len(), "only {checked} functions");
}

#[test]
fn solution_sequences_are_refused_not_faked() {
    let v = Variant::builtin("classic").unwrap();
    let p = v.puzzle("T", 3, &Params::new()).unwrap();
    let opts = SearchOptions {
        solution: true,
        ..Default::default()
    };
    let e = search_distributed(&p, &opts, &Cluster::local(2)).unwrap_err();
    assert!(e.to_string().contains("solution"), "{e}");
}

fn bin() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_hanoilab"));
    c.current_dir(env!("CARGO_MANIFEST_DIR"));
    c
}

fn run(args: &[&str]) -> Output {
    bin().args(args).output().expect("the binary runs")
}

/// `k` ports free a moment ago on 127.0.0.1, written as a hostfile.
fn hostfile(k: usize, tag: &str) -> PathBuf {
    let listeners: Vec<TcpListener> = (0..k)
        .map(|_| TcpListener::bind("127.0.0.1:0").unwrap())
        .collect();
    let text: String = listeners
        .iter()
        .map(|l| format!("127.0.0.1:{}\n", l.local_addr().unwrap().port()))
        .collect();
    let dir = std::env::temp_dir().join(format!("hanoilab-dist-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!("{tag}.hosts"));
    std::fs::write(&path, text).unwrap();
    path
}

fn spawn(args: &[String]) -> Child {
    bin()
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts")
}

/// Waits for `child` at most `limit`; kills it and fails the test past that (a hang).
fn finish(mut child: Child, limit: Duration, what: &str) -> Output {
    let t0 = Instant::now();
    loop {
        if child.try_wait().unwrap().is_some() {
            return child.wait_with_output().unwrap();
        }
        if t0.elapsed() > limit {
            let _ = child.kill();
            let out = child.wait_with_output().unwrap();
            panic!(
                "{what}: still running after {limit:?} (stderr: {})",
                String::from_utf8_lossy(&out.stderr)
            );
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Runs `search ARGS` on `k` processes of `threads` workers; every process's output.
fn cluster_run(k: usize, threads: usize, args: &[&str], tag: &str) -> Vec<Output> {
    let hf = hostfile(k, tag);
    let children: Vec<Child> = (0..k)
        .map(|i| {
            let mut a: Vec<String> = args.iter().map(|s| s.to_string()).collect();
            a.extend([
                "--workers".into(),
                threads.to_string(),
                "--processes".into(),
                k.to_string(),
                "--process".into(),
                i.to_string(),
                "--hostfile".into(),
                hf.display().to_string(),
                "--timeout".into(),
                "30".into(),
            ]);
            spawn(&a)
        })
        .collect();
    children
        .into_iter()
        .enumerate()
        .map(|(i, c)| finish(c, Duration::from_secs(120), &format!("{tag} process {i}")))
        .collect()
}

#[test]
fn two_and_four_processes_print_the_single_machine_answer_for_every_variant() {
    for id in builtin_ids() {
        let v = Variant::builtin(id).unwrap();
        let f = v.default_function().name.clone();
        let Some(n) = small_n(&v, &f, 5000.0, 6) else {
            continue;
        };
        let n = n.to_string();
        let target = format!("{id}.{f}");
        let args = [
            "search", &target, "-n", &n, "--count", "--layers", "--format", "json",
        ];
        let single = run(&args);
        assert!(single.status.success(), "{target}: single machine failed");
        for (k, threads) in [(2, 1), (4, 1), (2, 2)] {
            let tag = format!("{id}-{k}x{threads}");
            for (i, out) in cluster_run(k, threads, &args, &tag).iter().enumerate() {
                assert!(
                    out.status.success(),
                    "{tag} process {i}: {}",
                    String::from_utf8_lossy(&out.stderr)
                );
                assert_eq!(
                    answer(&out.stdout),
                    answer(&single.stdout),
                    "{tag} process {i}"
                );
            }
        }
    }
}

#[test]
fn a_killed_process_fails_the_run_on_every_other_process_without_an_answer() {
    // Big enough to be still running when the kill comes (millions of states).
    let hf = hostfile(3, "kill");
    let procs: Vec<Child> = (0..3)
        .map(|i| {
            spawn(
                &[
                    "search",
                    "reves",
                    "-n",
                    "11",
                    "--count",
                    "--processes",
                    "3",
                    "--process",
                ]
                .iter()
                .map(|s| s.to_string())
                .chain([
                    i.to_string(),
                    "--hostfile".into(),
                    hf.display().to_string(),
                    "--timeout".into(),
                    "30".into(),
                ])
                .collect::<Vec<_>>(),
            )
        })
        .collect();
    let mut procs = procs.into_iter();
    let (p0, mut p1, p2) = (
        procs.next().unwrap(),
        procs.next().unwrap(),
        procs.next().unwrap(),
    );
    std::thread::sleep(Duration::from_millis(1500));
    assert!(
        p1.try_wait().unwrap().is_none(),
        "the run ended before the kill"
    );
    p1.kill().unwrap();
    let _ = p1.wait();
    let t0 = Instant::now();
    for (i, p) in [(0, p0), (2, p2)] {
        let out = finish(p, Duration::from_secs(40), &format!("survivor {i}"));
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "survivor {i}: {err}");
        assert!(out.stdout.is_empty(), "survivor {i} printed an answer");
        assert!(
            err.contains("process 1") || err.contains("lost"),
            "survivor {i} does not say what failed: {err}"
        );
        assert!(!err.contains("panicked"), "survivor {i} panicked: {err}");
    }
    assert!(t0.elapsed() < Duration::from_secs(35));
}

#[test]
fn a_peer_that_never_comes_is_exit_2_naming_its_host_within_the_timeout() {
    let hf = hostfile(2, "absent");
    let host1 = std::fs::read_to_string(&hf)
        .unwrap()
        .lines()
        .nth(1)
        .unwrap()
        .to_string();
    let host0 = std::fs::read_to_string(&hf)
        .unwrap()
        .lines()
        .next()
        .unwrap()
        .to_string();
    for (me, other) in [(0, &host1), (1, &host0)] {
        let t0 = Instant::now();
        let out = finish(
            spawn(
                &[
                    "search",
                    "classic",
                    "-n",
                    "3",
                    "--processes",
                    "2",
                    "--process",
                    &me.to_string(),
                    "--hostfile",
                    &hf.display().to_string(),
                    "--timeout",
                    "2",
                ]
                .map(String::from),
            ),
            Duration::from_secs(20),
            "lonely process",
        );
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{err}");
        assert!(err.contains(other.as_str()), "does not name {other}: {err}");
        assert!(t0.elapsed() < Duration::from_secs(10));
        assert!(out.stdout.is_empty());
    }
}

#[test]
fn peers_running_different_searches_refuse_each_other() {
    let hf = hostfile(2, "mismatch").display().to_string();
    let base = |n: &str, i: &str| {
        [
            "search",
            "classic",
            "-n",
            n,
            "--processes",
            "2",
            "--process",
            i,
            "--hostfile",
            &hf,
            "--timeout",
            "5",
        ]
        .map(String::from)
    };
    let a = spawn(&base("4", "0"));
    let b = spawn(&base("5", "1"));
    for (i, c) in [a, b].into_iter().enumerate() {
        let out = finish(c, Duration::from_secs(30), "mismatched");
        assert_eq!(out.status.code(), Some(2), "process {i}");
        assert!(out.stdout.is_empty());
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("process"), "{err}");
    }
}

#[test]
fn bad_cluster_descriptions_are_exit_2_with_the_reason() {
    let dir = std::env::temp_dir().join(format!("hanoilab-dist-bad-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("bad.hosts");
    std::fs::write(&bad, "127.0.0.1:7000\nnode-without-port\n").unwrap();
    let good = dir.join("good.hosts");
    std::fs::write(&good, "127.0.0.1:7000\n127.0.0.1:7001\n").unwrap();
    let (bad, good) = (bad.display().to_string(), good.display().to_string());
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (
            vec!["--processes", "2", "--process", "0", "--hostfile", &bad],
            "line 2",
        ),
        (
            vec!["--processes", "2", "--process", "2", "--hostfile", &good],
            "out of range",
        ),
        (
            vec!["--processes", "3", "--process", "0", "--hostfile", &good],
            "3 processes",
        ),
        (vec!["--processes", "2", "--process", "0"], "--hostfile"),
        (vec!["--processes", "2", "--hostfile", &good], "--process"),
        (
            vec![
                "--processes",
                "2",
                "--process",
                "0",
                "--hostfile",
                "/nonexistent/h",
            ],
            "/nonexistent/h",
        ),
        (vec!["--workers", "0"], "--workers"),
        (vec!["--workers", "1000000"], "at most 1024"),
        (vec!["--workers", "2", "--solution"], "solution"),
        (vec!["--workers", "2", "--timeout=0"], "--timeout"),
    ];
    for (extra, needle) in cases {
        let mut args = vec!["search", "classic", "-n", "3"];
        args.extend(&extra);
        let out = run(&args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{extra:?}: {err}");
        assert!(err.contains(needle), "{extra:?}: {err}");
        assert!(!err.contains("panicked"), "{extra:?}: {err}");
        assert!(out.stdout.is_empty());
    }
}

#[test]
fn a_stalled_peer_fails_the_run_after_the_timeout_instead_of_hanging() {
    let hf = hostfile(2, "stall").display().to_string();
    let args = |i: &str| {
        [
            "search",
            "reves",
            "-n",
            "11",
            "--processes",
            "2",
            "--process",
            i,
            "--hostfile",
            &hf,
            "--timeout",
            "4",
        ]
        .map(String::from)
    };
    let mut p0 = spawn(&args("0"));
    let mut p1 = spawn(&args("1"));
    std::thread::sleep(Duration::from_millis(1500));
    // Stopped, not dead: its connections stay open, so only the timeout can tell.
    let stopped = Command::new("kill")
        .args(["-STOP", &p1.id().to_string()])
        .status()
        .is_ok_and(|s| s.success());
    if !stopped {
        for p in [&mut p0, &mut p1] {
            let _ = p.kill();
            let _ = p.wait();
        }
        return; // no `kill` command here: nothing to test
    }
    let out = finish(p0, Duration::from_secs(30), "survivor of a stalled peer");
    let _ = p1.kill();
    let _ = p1.wait();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(out.stdout.is_empty());
    assert!(err.contains("did not complete within 4 s"), "{err}");
}

#[test]
fn counts_past_two_to_the_64_agree_in_process_and_across_processes() {
    // four-in-a-row n = 10 has about 10^20 minimal sequences (more than a 64-bit word).
    let v = Variant::builtin("four-in-a-row").unwrap();
    let p = v.puzzle("R", 10, &Params::new()).unwrap();
    let opts = SearchOptions {
        count: true,
        ..Default::default()
    };
    let m = search(&p, &opts).unwrap();
    let c = m.optimal_solutions.clone().unwrap();
    assert!(c > u64::MAX.into(), "{c} fits a word: pick a larger n");
    let d = search_distributed(&p, &opts, &Cluster::local(2)).unwrap();
    assert_eq!(d.result.optimal_solutions, m.optimal_solutions);
    assert_eq!(d.result.layers, m.layers);
    let args = [
        "search",
        "four-in-a-row",
        "-n",
        "10",
        "--count",
        "--layers",
        "--format",
        "json",
    ];
    let single = run(&args);
    assert!(single.status.success());
    for out in cluster_run(2, 1, &args, "bigcount") {
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert_eq!(answer(&out.stdout), answer(&single.stdout));
    }
}

/// The answer of a `search --format json` run: everything but the single-machine search's
/// route and its figures (the route taken, its memory estimate and peak, the states it
/// retraced a count over), which a cluster run does not have.
fn answer(stdout: &[u8]) -> serde_json::Value {
    let mut v: serde_json::Value = serde_json::from_slice(stdout).expect("JSON output");
    if let Some(o) = v.as_object_mut() {
        o.remove("estimated_bytes");
        o.remove("peak_bytes_held");
        o.remove("search_route");
        o.remove("states_on_minimal_sequences");
    }
    v
}

#[test]
fn a_share_over_the_memory_limit_stops_every_worker_with_exit_2() {
    // Reve's n = 8: 65,536 states, about 3.7 MB at the guard's 56 bytes per state; each of 2
    // workers may use half of 1 MiB.
    let out = run(&[
        "search",
        "reves",
        "-n",
        "8",
        "--workers",
        "2",
        "--memory-limit",
        "1M",
    ]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("memory limit"), "{err}");
    assert!(out.stdout.is_empty());
    let ok = run(&[
        "search",
        "reves",
        "-n",
        "8",
        "--workers",
        "2",
        "--memory-limit",
        "1G",
    ]);
    assert!(
        ok.status.success(),
        "{}",
        String::from_utf8_lossy(&ok.stderr)
    );
}

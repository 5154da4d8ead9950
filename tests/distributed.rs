
#[test]
fn a_stalled_peer_fails_the_run_after_the_timeout_instead_of_hanging() {
    let hf = hostfile(2, "stall").display().to_string();
    let args = |i: &str| {
        [
            "search", "reves", "-n", "11", "--processes", "2", "--process", i, "--hostfile", &hf,
            "--timeout", "4",
        ]
        .map(String::from)
    };
    let p0 = spawn(&args("0"));
    let mut p1 = spawn(&args("1"));
    std::thread::sleep(Duration::from_millis(1500));
    // Stopped, not dead: its connections stay open, so only the timeout can tell.
    let stopped = Command::new("kill")
        .args(["-STOP", &p1.id().to_string()])
        .status()
        .is_ok_and(|s| s.success());
    if !stopped {
        let _ = p1.kill();
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

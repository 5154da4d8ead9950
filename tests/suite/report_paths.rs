//! `hanoilab report` writes and deletes only inside `--out` and `--html`: overlapping
//! folders, a folder of the user's own given as `--html`, and a crafted commit journal are
//! refused (exit 2) before any work, and nothing outside is touched.

use crate::common::hanoilab;
use std::path::{Path, PathBuf};

fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!(
        "hanoilab-report-paths-{name}-{}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// Writes a file the user keeps, to check afterwards.
fn keep(path: &Path) {
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, "the user's own").unwrap();
}

fn kept(path: &Path) -> bool {
    std::fs::read_to_string(path).is_ok_and(|s| s == "the user's own")
}

fn refused(args: &[&str], needle: &str) {
    let out = hanoilab(args);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
    assert!(err.contains(needle), "{args:?} mentions {needle:?}: {err}");
    assert!(!err.contains("panicked"), "{args:?}: {err}");
}

#[test]
fn overlapping_out_and_html_folders_are_refused() {
    let s = scratch("overlap");
    let d = s.join("d");
    keep(&d.join("reports/old.md"));
    keep(&s.join("userdata/thesis.tex"));
    let (sd, ss) = (d.to_str().unwrap(), s.to_str().unwrap());
    let out_inside = s.join("out");
    let reports = d.join("reports");
    for (out, html) in [
        (sd, sd),                           // the same folder
        (out_inside.to_str().unwrap(), ss), // --html around --out
        (sd, reports.to_str().unwrap()),    // --html inside --out
        (ss, sd),                           // --out around --html
    ] {
        refused(&["report", "--out", out, "--html", html], "overlap");
    }
    // Two spellings of one folder are one folder.
    let dotted = format!("{sd}/../d/.");
    refused(&["report", "--out", sd, "--html", &dotted], "overlap");
    assert!(kept(&d.join("reports/old.md")));
    assert!(kept(&s.join("userdata/thesis.tex")));
    std::fs::remove_dir_all(&s).unwrap();
}

#[test]
fn an_html_folder_that_no_report_made_is_refused() {
    let s = scratch("foreign-html");
    keep(&s.join("site/thesis.tex"));
    let out = s.join("out");
    let site = s.join("site");
    refused(
        &[
            "report",
            "--out",
            out.to_str().unwrap(),
            "--html",
            site.to_str().unwrap(),
        ],
        ".hanoilab-html",
    );
    assert!(kept(&s.join("site/thesis.tex")));
    assert!(!out.exists(), "nothing written");
    std::fs::remove_dir_all(&s).unwrap();
}

/// A hostile checkout: a journal with a dead pid, a staged folder and a destination outside
/// `--out`. The run refuses it and renames nothing.
#[test]
fn a_crafted_commit_journal_is_refused_and_nothing_outside_is_touched() {
    for dest in ["../victim", "/tmp/victim-of-hanoilab", "victim"] {
        let j = scratch("journal");
        let out = j.join("out");
        std::fs::create_dir_all(out.join(".hanoilab-staging-999999999/victim")).unwrap();
        keep(&j.join("victim/thesis.tex"));
        keep(&out.join("victim/notes.txt"));
        std::fs::write(
            out.join(".hanoilab-commit"),
            format!("staging .hanoilab-staging-999999999\npid 999999999\ndest {dest}\n"),
        )
        .unwrap();
        refused(
            &["report", "--out", out.to_str().unwrap()],
            "commit journal",
        );
        assert!(kept(&j.join("victim/thesis.tex")), "{dest}");
        assert!(kept(&out.join("victim/notes.txt")), "{dest}");
        std::fs::remove_dir_all(&j).unwrap();
    }
}

/// Rounds of a fuzz test: `default` in the ordinary suite, `HOSTILE_FUZZ_ROUNDS=N` for the
/// long run before a release (README, "Limits and bad input").
fn rounds(default: u64) -> u64 {
    std::env::var("HOSTILE_FUZZ_ROUNDS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// Every file under `root`, with its contents.
fn tree(root: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    let mut out = Vec::new();
    let mut stack = vec![root.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for e in std::fs::read_dir(&dir).into_iter().flatten().flatten() {
            let p = e.path();
            let meta = std::fs::symlink_metadata(&p).unwrap();
            if meta.is_dir() {
                stack.push(p);
            } else {
                out.push((p.clone(), std::fs::read(&p).unwrap_or_default()));
            }
        }
    }
    out.sort();
    out
}

/// Report journals: random and mutated commit journals and leftover names under `out`,
/// recovered as a report run would. Whatever the journal says, nothing outside `out` and
/// nothing under `out` but the destinations and this program's own leftovers changes.
#[test]
fn fuzz_report_journals() {
    use hanoilab::output::{recover, JOURNAL};
    const DESTS: [&str; 2] = ["data/tables", "reports"];
    let names = [
        "staging",
        "pid",
        "dest",
        " ",
        "\n",
        "..",
        "/",
        ".",
        "reports",
        "data/tables",
        "victim",
        ".hanoilab-staging-",
        ".hanoilab-old-",
        "999999999",
        "1",
        "-",
        "data",
        "tables",
        "~",
        "out",
        "userdata",
        "\0",
    ];
    let seed =
        "staging .hanoilab-staging-999999999\npid 999999999\ndest data/tables\ndest reports\n";
    let mut x: u64 = 0x5eed_0f0a_0001_0001;
    let mut next = move || {
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    };
    let base = scratch("journal-fuzz");
    for round in 0..rounds(300) {
        let _ = std::fs::remove_dir_all(&base);
        let out = base.join("out");
        keep(&base.join("victim/thesis.tex"));
        keep(&base.join("userdata/notes.txt"));
        keep(&out.join("mine/own.txt"));
        keep(&out.join("reports/r.md"));
        // A staged folder of a dead run, and leftovers with names near ours.
        keep(&out.join(".hanoilab-staging-999999999/reports/r.md"));
        keep(&out.join(".hanoilab-staging-999999999/victim/x"));
        let mut journal: Vec<char> = seed.chars().collect();
        for _ in 0..(next() % 5 + 1) {
            let at = (next() as usize) % (journal.len() + 1);
            let piece = names[(next() as usize) % names.len()];
            match next() % 3 {
                0 if at < journal.len() => {
                    let end = (at + (next() as usize) % 12 + 1).min(journal.len());
                    journal.drain(at..end);
                }
                _ => {
                    journal.splice(at..at, piece.chars());
                }
            }
        }
        let journal: String = journal.into_iter().collect();
        if round % 4 != 3 {
            std::fs::write(out.join(JOURNAL), &journal).unwrap();
        }
        let outside_before = [tree(&base.join("victim")), tree(&base.join("userdata"))];
        let mine_before = tree(&out.join("mine"));
        let _ = recover(&out, &DESTS);
        let outside_after = [tree(&base.join("victim")), tree(&base.join("userdata"))];
        assert_eq!(
            outside_before, outside_after,
            "round {round}: journal {journal:?}"
        );
        assert_eq!(
            mine_before,
            tree(&out.join("mine")),
            "round {round}: {journal:?}"
        );
        // What is left under `out` is the user's folder, the destinations, and (refused) the
        // journal with the staged folder it names: nothing else appeared.
        for e in std::fs::read_dir(&out).unwrap().flatten() {
            let name = e.file_name().to_string_lossy().into_owned();
            assert!(
                [
                    "mine",
                    "reports",
                    "data",
                    JOURNAL,
                    ".hanoilab-staging-999999999"
                ]
                .contains(&name.as_str()),
                "round {round}: {name} under out after {journal:?}"
            );
        }
    }
    std::fs::remove_dir_all(&base).unwrap();
}

//! `hanoilab report --only VARIANT|FILE`: one variant's page, table and figures, the same
//! bytes as the whole report writes for it, written in place without touching any other file.

use crate::common::{assert_input_error, hanoilab};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!(
        "hanoilab-report-only-{name}-{}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// Every file under `root`, by path relative to it, with its bytes.
fn files(root: &Path) -> BTreeMap<String, Vec<u8>> {
    fn walk(root: &Path, dir: &Path, out: &mut BTreeMap<String, Vec<u8>>) {
        for e in std::fs::read_dir(dir).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                walk(root, &p, out);
            } else {
                let rel = p.strip_prefix(root).unwrap().to_string_lossy().into_owned();
                out.insert(rel, std::fs::read(&p).unwrap());
            }
        }
    }
    let mut out = BTreeMap::new();
    if root.is_dir() {
        walk(root, root, &mut out);
    }
    out
}

fn copy_tree(from: &Path, to: &Path) {
    for (rel, bytes) in files(from) {
        let p = to.join(rel);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, bytes).unwrap();
    }
}

/// Over a copy of the committed report (written by the whole `hanoilab report`), `--only
/// classic` rewrites classic's files with the bytes they have, and no other file changes.
#[test]
fn one_builtin_variant_gives_the_whole_reports_bytes_in_place() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let s = scratch("builtin");
    copy_tree(&root.join("reports"), &s.join("reports"));
    copy_tree(&root.join("data/tables"), &s.join("data/tables"));
    let before = files(&s);
    let out = hanoilab(&["report", "--only", "classic", "--out", s.to_str().unwrap()]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let after = files(&s);
    assert_eq!(
        before.keys().collect::<Vec<_>>(),
        after.keys().collect::<Vec<_>>()
    );
    for (rel, bytes) in &before {
        assert!(
            after[rel] == *bytes,
            "{rel} differs from the whole report's"
        );
    }
    // It did write classic's page (the message counts its files).
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("files of classic"), "{err}");
    std::fs::remove_dir_all(&s).unwrap();
}

/// A variant file of the user's own gets its page, table and figures beside what the folder
/// already holds, which is left as it is.
#[test]
fn a_variant_file_gets_its_own_files_and_nothing_else_is_touched() {
    let s = scratch("file");
    let text = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("data/variants/cyclic.toml"),
    )
    .unwrap();
    let mine = s.join("mycyc.toml");
    let text = text
        .lines()
        .map(|l| {
            if l.starts_with("id = ") {
                "id = \"mycyc\"".to_string()
            } else {
                l.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join("\n");
    std::fs::write(&mine, text).unwrap();
    let out_dir = s.join("out");
    let kept = out_dir.join("reports/notes.md");
    std::fs::create_dir_all(kept.parent().unwrap()).unwrap();
    std::fs::write(&kept, "the user's own").unwrap();
    let out = hanoilab(&[
        "report",
        "--quick",
        "--only",
        mine.to_str().unwrap(),
        "--out",
        out_dir.to_str().unwrap(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let written = files(&out_dir);
    assert_eq!(std::fs::read_to_string(&kept).unwrap(), "the user's own");
    for rel in [
        "reports/mycyc.md",
        "reports/html/mycyc.html",
        "data/tables/mycyc.csv",
    ] {
        assert!(
            written.contains_key(rel),
            "{rel} written: {:?}",
            written.keys()
        );
    }
    // Only the variant's own files and the user's note are there.
    for rel in written.keys() {
        assert!(
            rel.contains("mycyc") || rel == "reports/notes.md",
            "unexpected file {rel}"
        );
    }
    let page = String::from_utf8(written["reports/mycyc.md"].clone()).unwrap();
    assert!(page.starts_with("# Cyclic Hanoi (`mycyc`)"), "{page}");
    std::fs::remove_dir_all(&s).unwrap();
}

#[test]
fn bad_only_targets_are_refused_before_anything_is_written() {
    let s = scratch("bad");
    let out = s.join("out");
    let o = out.to_str().unwrap();
    assert_input_error(&["report", "--only", "clasic", "--out", o], "classic");
    assert_input_error(
        &["report", "--only", "classic.T", "--out", o],
        "not one function",
    );
    assert_input_error(
        &[
            "report",
            "--only",
            "classic",
            "--html",
            s.join("h").to_str().unwrap(),
        ],
        "--html",
    );
    // A variant file's id names its files: no path out of --out, no built-in's page.
    let text = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("data/variants/cyclic.toml"),
    )
    .unwrap();
    for (bad, needle) in [
        ("../../evil", "letters, digits"),
        ("classic", "a page of the report"),
    ] {
        let file = s.join("bad.toml");
        let t: Vec<String> = text
            .lines()
            .map(|l| {
                if l.starts_with("id = ") {
                    format!("id = \"{bad}\"")
                } else {
                    l.to_string()
                }
            })
            .collect();
        std::fs::write(&file, t.join("\n")).unwrap();
        assert_input_error(
            &["report", "--only", file.to_str().unwrap(), "--out", o],
            needle,
        );
    }
    assert!(!s.join("evil.md").exists() && !std::env::temp_dir().join("evil.md").exists());
    let missing = s.join("missing.toml");
    assert_input_error(
        &["report", "--only", missing.to_str().unwrap(), "--out", o],
        "missing.toml",
    );
    assert!(!out.exists(), "nothing written under --out");
    std::fs::remove_dir_all(&s).unwrap();
}

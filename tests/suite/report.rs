//! The main job's contract: `hanoilab report` regenerates every committed file under
//! `data/tables/` and `reports/` byte for byte (so two runs agree, and the committed files are
//! what the code produces), and a user can read the tables back.

use hanoilab::output::report::{build, ReportOptions};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

fn files_under(root: &Path, rel: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let mut stack = vec![root.join(rel)];
    while let Some(dir) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else {
                out.insert(p.strip_prefix(root).unwrap().display().to_string());
            }
        }
    }
    out
}

#[test]
fn report_regenerates_the_committed_files_byte_for_byte() {
    let tmp: PathBuf =
        std::env::temp_dir().join(format!("hanoilab-report-test-{}", std::process::id()));
    std::fs::create_dir_all(&tmp).unwrap();
    let bundle = build(&ReportOptions::default(), &mut |_| {}).expect("report builds");
    bundle.write(&tmp).expect("report writes");
    let repo = Path::new(env!("CARGO_MANIFEST_DIR"));
    for dir in ["data/tables", "reports"] {
        let fresh = files_under(&tmp, dir);
        let committed = files_under(repo, dir);
        assert_eq!(
            fresh, committed,
            "the set of files under {dir} differs: run `cargo run --release -- report` and commit"
        );
        for f in &fresh {
            let a = std::fs::read(tmp.join(f)).unwrap();
            let b = std::fs::read(repo.join(f)).unwrap();
            assert!(
                a == b,
                "{f} differs from the committed file: run `cargo run --release -- report` and commit"
            );
        }
    }
    std::fs::remove_dir_all(&tmp).unwrap();
}

#[test]
fn committed_csv_and_parquet_tables_hold_the_same_numbers() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("data/tables");
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .flatten()
        .filter_map(|e| {
            Some(
                e.file_name()
                    .to_str()?
                    .strip_suffix(".parquet")?
                    .to_string(),
            )
        })
        .collect();
    names.sort();
    assert!(names.len() > 20, "the report's tables are committed");
    for name in names {
        let csv = std::fs::read_to_string(dir.join(format!("{name}.csv"))).unwrap();
        let table = hanoilab::output::parquet::read_parquet(&dir.join(format!("{name}.parquet")))
            .expect("parquet reads back");
        assert_eq!(table.to_csv(), csv, "{name}: parquet and CSV agree");
    }
}

/// No report page doubles its emphasis (`****fails****` renders as stray asterisks): a
/// verdict word is set bold by the list item, not also by the word itself.
#[test]
fn report_pages_have_no_doubled_emphasis() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for rel in files_under(root, "reports") {
        if !rel.ends_with(".md") {
            continue;
        }
        let text = std::fs::read_to_string(root.join(&rel)).unwrap();
        if let Some(at) = text.find("****") {
            let line = text[..at].lines().count();
            panic!("{rel}:{line}: doubled emphasis");
        }
    }
}

#[test]
fn a_study_rendered_twice_gives_the_same_files() {
    use hanoilab::output::report::render;
    use hanoilab::study::{Study, StudyOptions};
    let study = Study::run(&StudyOptions { quick: true }, &mut |_| {}).expect("study runs");
    let (a, b) = (render(&study).unwrap(), render(&study).unwrap());
    assert_eq!(a.pages, b.pages);
    assert_eq!(a.table_files, b.table_files);
    assert_eq!(format!("{:?}", a.tables), format!("{:?}", b.tables));
    assert_eq!(format!("{:?}", a.charts), format!("{:?}", b.charts));
    // One facts record per built-in variant, in registry order, each with the optimality of
    // every function.
    let ids: Vec<&str> = study.facts.iter().map(|f| f.variant.id.as_str()).collect();
    assert_eq!(ids, hanoilab::variants::builtin_ids());
    for (f, o) in study.facts.iter().zip(&study.optimality) {
        assert_eq!(o.len(), f.variant.functions().len(), "{}", f.variant.id);
    }
    assert!(a.pages.contains_key("search.md"));
}

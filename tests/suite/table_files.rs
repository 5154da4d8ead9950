//! `data/tables/README.md` (written by the report from `src/output/tables_readme.md`)
//! describes every table the report writes and every column of it. (How a column of long
//! integers is named and written, which that README promises, is a unit test of
//! `Table::to_csv`; a column `NAME_decimal` is described as `NAME`.)

use std::path::Path;

fn committed_csvs() -> Vec<(String, String)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("data/tables");
    let mut v: Vec<(String, String)> = std::fs::read_dir(&dir)
        .unwrap()
        .flatten()
        .filter_map(|e| {
            let name = e.file_name().to_string_lossy().to_string();
            let stem = name.strip_suffix(".csv")?.to_string();
            Some((stem, std::fs::read_to_string(e.path()).unwrap()))
        })
        .collect();
    v.sort();
    v
}

#[test]
fn the_tables_readme_names_every_table_and_column() {
    let readme = include_str!("../../src/output/tables_readme.md");
    let tables = committed_csvs();
    assert!(!tables.is_empty());
    for (name, csv) in tables {
        assert!(
            readme.contains(&format!("`{name}`")),
            "src/output/tables_readme.md does not describe data/tables/{name}.csv"
        );
        let header: Vec<&str> = csv
            .lines()
            .next()
            .unwrap()
            .split(',')
            .map(|c| c.strip_suffix("_decimal").unwrap_or(c))
            .collect();
        // Per-variant tables have one column per function of the variant; the README
        // describes those as a group, and names the fixed columns around them.
        // The last three name the default function they belong to: `simulated(F)`.
        let tail: Vec<&str> = header
            .iter()
            .rev()
            .take(3)
            .rev()
            .map(|c| c.split('(').next().unwrap_or(c))
            .collect();
        let per_variant = tail == ["simulated", "optimum", "optimal_solutions"]
            && header.iter().rev().take(3).all(|c| c.ends_with(')'));
        let named: Vec<&str> = if per_variant {
            vec!["n", "simulated(F)", "optimum(F)", "optimal_solutions(F)"]
        } else {
            header.clone()
        };
        for col in named {
            // The run p3..p20 of frame-stewart.csv is described by its ends.
            let in_peg_run = col
                .strip_prefix('p')
                .and_then(|k| k.parse::<u32>().ok())
                .is_some_and(|k| (3..=20).contains(&k))
                && readme.contains("`p3` .. `p20`");
            let described = readme.contains(&format!("`{col}`")) || in_peg_run;
            assert!(
                described,
                "src/output/tables_readme.md does not describe column `{col}` of {name}.csv"
            );
        }
    }
}

//! The notebooks' code cells, compiled and run: each notebook mirrors an example under
//! `examples/`, included here so that a notebook whose code no longer compiles or runs fails
//! the test suite (the notebooks themselves are rebuilt by `notebooks/build_notebooks.py`).

// Notebooks 1 and 3 draw plots: they need the `plots` feature, as their examples do.
#[cfg(feature = "plots")]
#[path = "../../examples/nb3_frame_stewart_star.rs"]
mod nb3;

#[cfg(feature = "plots")]
#[test]
fn notebook_3_frame_stewart_and_star_runs() {
    nb3::main();
}

#[cfg(feature = "plots")]
#[path = "../../examples/nb1_rainbow.rs"]
mod nb1;

#[cfg(feature = "plots")]
#[test]
fn notebook_1_rainbow_runs() {
    nb1::main();
}

#[path = "../../examples/nb2_checking_claims.rs"]
mod nb2;

#[test]
fn notebook_2_checking_claims_runs() {
    nb2::main();
}

// The notebooks as a Jupyter kernel sees them. The tests above run the examples, which have
// their helper fns at the top level of the file; a notebook only has its cells, so a notebook
// built without those helpers fails in Jupyter while the example passes. These tests look at
// the committed `.ipynb` files themselves.

use std::collections::BTreeSet;
use std::path::Path;

const NOTEBOOKS: [&str; 3] = [
    "nb1_rainbow",
    "nb2_checking_claims",
    "nb3_frame_stewart_star",
];

/// The code cells of a committed notebook, in order.
fn code_cells(name: &str) -> Vec<String> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("notebooks/{name}.ipynb"));
    let nb: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap())
        .unwrap_or_else(|e| panic!("{}: not JSON: {e}", path.display()));
    nb["cells"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| c["cell_type"] == "code")
        .map(|c| match &c["source"] {
            serde_json::Value::String(s) => s.clone(),
            serde_json::Value::Array(lines) => lines.iter().map(|l| l.as_str().unwrap()).collect(),
            other => panic!("{name}: cell source {other}"),
        })
        .collect()
}

/// The code without comments, string and char literals (whose text may look like calls).
fn strip_literals(code: &str) -> String {
    let mut out = String::new();
    for line in code.lines() {
        let mut chars = line.chars().peekable();
        let mut in_str = false;
        while let Some(c) = chars.next() {
            if in_str {
                match c {
                    '\\' => {
                        chars.next();
                    }
                    '"' => in_str = false,
                    _ => {}
                }
                continue;
            }
            match c {
                '"' => in_str = true,
                '/' if chars.peek() == Some(&'/') => break,
                _ => out.push(c),
            }
        }
        out.push('\n');
    }
    out
}

/// Identifiers with their byte offsets.
fn words(code: &str) -> Vec<(usize, &str)> {
    let mut v = vec![];
    let mut start = None;
    for (i, c) in code.char_indices() {
        let id = c.is_alphanumeric() || c == '_';
        match (id, start) {
            (true, None) => start = Some(i),
            (false, Some(s)) => {
                v.push((s, &code[s..i]));
                start = None;
            }
            _ => {}
        }
    }
    if let Some(s) = start {
        v.push((s, &code[s..]));
    }
    v
}

/// Names a cell makes available to later code: `fn`s, `let` bindings (closures), and the
/// last segment of each name a `use` brings in.
fn defined_in(code: &str) -> BTreeSet<String> {
    let code = strip_literals(code);
    let ws = words(&code);
    let mut names = BTreeSet::new();
    for pair in ws.windows(2) {
        if matches!(pair[0].1, "fn" | "let" | "mut" | "struct" | "enum") {
            names.insert(pair[1].1.to_string());
        }
    }
    // Kernel commands (`:dep ...`) are lines of their own, not Rust.
    let rust: String = code
        .lines()
        .filter(|l| !l.trim_start().starts_with(':'))
        .map(|l| format!("{l}\n"))
        .collect();
    for stmt in rust.split(';') {
        let s = stmt.trim();
        if let Some(path) = s
            .strip_prefix("use ")
            .or_else(|| s.strip_prefix("pub use "))
        {
            for part in path.split(['{', '}', ',']) {
                let part = part.trim();
                let name = part
                    .rsplit(" as ")
                    .next()
                    .unwrap()
                    .rsplit("::")
                    .next()
                    .unwrap();
                if !name.is_empty() {
                    names.insert(name.trim().to_string());
                }
            }
        }
    }
    names
}

/// Free-standing calls `name(` of lower-case names: not methods (`.name(`), not paths
/// (`X::name(`), not macros (`name!(`), not definitions (`fn name(`), not keywords.
fn free_calls(code: &str) -> BTreeSet<String> {
    let code = strip_literals(code);
    let mut calls = BTreeSet::new();
    for (at, w) in words(&code) {
        let before = code[..at].trim_end();
        let after = &code[at + w.len()..];
        let lower = w.starts_with(|c: char| c.is_lowercase() || c == '_');
        let keyword = matches!(
            w,
            "if" | "while" | "for" | "match" | "in" | "return" | "fn" | "move" | "as"
        );
        if lower
            && !keyword
            && after.starts_with('(')
            && !before.ends_with('.')
            && !before.ends_with("::")
            && !before.ends_with("fn")
        {
            calls.insert(w.to_string());
        }
    }
    calls
}

/// The calls of each cell that no earlier cell (nor the cell itself) defines, as a kernel
/// running the cells in order would report them.
fn undefined_calls(cells: &[String]) -> Vec<(usize, String)> {
    let mut known = BTreeSet::new();
    let mut missing = vec![];
    for (i, cell) in cells.iter().enumerate() {
        known.extend(defined_in(cell));
        for call in free_calls(cell) {
            if !known.contains(&call) {
                missing.push((i + 1, call));
            }
        }
    }
    missing
}

#[test]
fn the_undefined_call_check_sees_a_missing_helper() {
    // The shape of the bug this guards against: a cell calls a helper only the example had.
    let cells = [
        ":dep hanoilab = { path = \"..\" }\nuse hanoilab::literature::{check_formula, FormulaCheck};"
            .to_string(),
        "let p = 1;\nshow(&check_formula(\"x (y)\", 2, &p).unwrap());".to_string(),
    ];
    assert_eq!(undefined_calls(&cells), vec![(2, "show".to_string())]);
    let with_helper = [
        cells[0].clone(),
        "fn show(r: &FormulaCheck) {\n    println!(\"{r:?}\");\n}".to_string(),
        cells[1].clone(),
    ];
    assert!(undefined_calls(&with_helper).is_empty());
}

#[test]
fn every_notebook_defines_what_its_cells_call_before_they_call_it() {
    for name in NOTEBOOKS {
        let cells = code_cells(name);
        assert!(!cells.is_empty(), "{name}: no code cells");
        let missing = undefined_calls(&cells);
        assert!(
            missing.is_empty(),
            "notebooks/{name}.ipynb: code cells call functions no earlier cell defines \
             (cell number, name): {missing:?}; rebuild with python3 notebooks/build_notebooks.py"
        );
    }
}

#[test]
fn committed_notebooks_are_what_the_builder_makes_of_the_examples() {
    let repo = Path::new(env!("CARGO_MANIFEST_DIR"));
    // `--check` rebuilds every notebook in memory from its example, keeping the committed
    // outputs (the examples' own runs are the tests above), and compares byte for byte.
    let run = std::process::Command::new("python3")
        .arg("notebooks/build_notebooks.py")
        .arg("--check")
        .current_dir(repo)
        .output();
    let run = match run {
        Ok(r) => r,
        Err(e) => {
            eprintln!(
                "SKIPPED: python3 could not be run ({e}); the notebooks were not compared \
                 with notebooks/build_notebooks.py"
            );
            return;
        }
    };
    assert!(
        run.status.success(),
        "notebooks are stale:\n{}{}",
        String::from_utf8_lossy(&run.stdout),
        String::from_utf8_lossy(&run.stderr)
    );
}

/// A notebook shows its plots as saved: every code cell that displays a plot has an SVG image
/// among its outputs (what evcxr shows for `Plot::evcxr_display`), and no cell has the
/// kernel's content markers left as text.
#[test]
fn notebook_plots_are_saved_as_images_in_the_cells_that_draw_them() {
    let mut images = 0;
    for name in NOTEBOOKS {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("notebooks/{name}.ipynb"));
        let nb: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        for cell in nb["cells"].as_array().unwrap() {
            if cell["cell_type"] != "code" {
                continue;
            }
            let source = match &cell["source"] {
                serde_json::Value::String(s) => s.clone(),
                other => other.to_string(),
            };
            let outputs = cell["outputs"].as_array().unwrap();
            let svgs = outputs
                .iter()
                .filter(|o| o["output_type"] == "display_data")
                .filter_map(|o| o["data"]["image/svg+xml"].as_str())
                .filter(|svg| svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"))
                .count();
            let draws = source.matches(".evcxr_display()").count();
            assert_eq!(
                svgs, draws,
                "{name}: a cell draws {draws} plots and saves {svgs}"
            );
            images += svgs;
            for o in outputs {
                let text = o["text"].as_str().unwrap_or("");
                assert!(
                    !text.contains("EVCXR_"),
                    "{name}: kernel markers saved as text"
                );
            }
        }
    }
    assert!(images >= 2, "only {images} plots in the notebooks");
}

/// The claim nb3's text makes about Frame–Stewart splits, checked by a route independent of
/// `optimal_splits` (which stops its scan early): every k in 1..=n, from the numbers alone.
#[test]
fn notebook_3_split_claim_holds() {
    use hanoilab::sequences::frame_stewart::{frame_stewart, optimal_splits};
    let all_minimal = |n: u64| {
        let v: Vec<num_bigint::BigInt> = (1..=n)
            .map(|k| 2 * frame_stewart(n - k, 4).unwrap() + frame_stewart(k, 3).unwrap())
            .collect();
        let best = v.iter().min().unwrap().clone();
        assert_eq!(best, frame_stewart(n, 4).unwrap());
        (1..=n)
            .filter(|&k| v[(k - 1) as usize] == best)
            .collect::<Vec<u64>>()
    };
    for (n, ties) in [(6u64, 1usize), (7, 2), (20, 2), (21, 1)] {
        let ks = all_minimal(n);
        assert_eq!(ks.len(), ties, "n = {n}: optimal splits {ks:?}");
        assert_eq!(optimal_splits(n, 4).unwrap(), ks, "n = {n}");
    }
}

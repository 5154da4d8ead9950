//! The committed tutorial notebooks (`notebooks/*.ipynb`, Python kernel, the `hanoilab`
//! package of `python/`) as files: nbformat 4.5 with cell ids, every code cell run once in
//! order from a clean kernel, and every plot saved as an SVG image in the cell that draws
//! it. That the saved outputs are what a fresh run produces is checked by
//! `python/run_notebooks.py` (run by `.ci/test-python`), which needs the package built;
//! these tests need no Python.

use std::collections::BTreeSet;
use std::path::Path;

const NOTEBOOKS: [&str; 3] = [
    "nb1_rainbow",
    "nb2_checking_claims",
    "nb3_frame_stewart_star",
];

fn notebook(name: &str) -> serde_json::Value {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("notebooks/{name}.ipynb"));
    serde_json::from_str(&std::fs::read_to_string(&path).unwrap())
        .unwrap_or_else(|e| panic!("{}: not JSON: {e}", path.display()))
}

/// A cell's source as one string (nbformat allows a string or a list of lines).
fn source(cell: &serde_json::Value) -> String {
    match &cell["source"] {
        serde_json::Value::String(s) => s.clone(),
        serde_json::Value::Array(lines) => lines.iter().filter_map(|l| l.as_str()).collect(),
        other => panic!("cell source {other}"),
    }
}

#[test]
fn every_notebook_is_nbformat_4_5_with_unique_cell_ids_on_the_python_kernel() {
    for name in NOTEBOOKS {
        let nb = notebook(name);
        assert_eq!(nb["nbformat"], 4, "{name}");
        assert!(nb["nbformat_minor"].as_u64().unwrap() >= 5, "{name}");
        assert_eq!(nb["metadata"]["kernelspec"]["name"], "python3", "{name}");
        let cells = nb["cells"].as_array().unwrap();
        let ids: Vec<&str> = cells
            .iter()
            .map(|c| {
                c["id"]
                    .as_str()
                    .unwrap_or_else(|| panic!("{name}: a cell has no id"))
            })
            .collect();
        assert!(
            ids.iter().all(|id| !id.is_empty()),
            "{name}: an empty cell id"
        );
        assert_eq!(
            ids.iter().collect::<BTreeSet<_>>().len(),
            ids.len(),
            "{name}: cell ids repeat"
        );
    }
}

/// Execution counts 1, 2, 3, ... in cell order: the saved outputs come from one run of the
/// whole notebook from a clean kernel (a cell run twice, or out of order, shows here).
#[test]
fn every_code_cell_ran_once_in_order() {
    for name in NOTEBOOKS {
        let nb = notebook(name);
        let counts: Vec<Option<u64>> = nb["cells"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|c| c["cell_type"] == "code")
            .map(|c| c["execution_count"].as_u64())
            .collect();
        let expected: Vec<Option<u64>> = (1..=counts.len() as u64).map(Some).collect();
        assert_eq!(counts, expected, "{name}: execution counts");
        for cell in nb["cells"].as_array().unwrap() {
            for o in cell["outputs"].as_array().into_iter().flatten() {
                assert_ne!(o["output_type"], "error", "{name}: a cell failed");
                if o["output_type"] == "stream" {
                    assert_ne!(o["name"], "stderr", "{name}: a cell wrote to stderr");
                }
            }
        }
    }
}

/// A notebook shows its plots as saved: every code cell that ends with a `hanoilab.Plot`
/// has an SVG image among its outputs (what Jupyter shows from `Plot._repr_svg_`).
#[test]
fn notebook_plots_are_saved_as_images_in_the_cells_that_draw_them() {
    let mut images = 0;
    for name in NOTEBOOKS {
        let nb = notebook(name);
        for cell in nb["cells"].as_array().unwrap() {
            if cell["cell_type"] != "code" {
                continue;
            }
            let draws = source(cell).matches("hanoilab.Plot(").count();
            let svgs = cell["outputs"]
                .as_array()
                .unwrap()
                .iter()
                .filter_map(|o| match &o["data"]["image/svg+xml"] {
                    serde_json::Value::String(s) => Some(s.clone()),
                    serde_json::Value::Array(l) => {
                        Some(l.iter().filter_map(|x| x.as_str()).collect())
                    }
                    _ => None,
                })
                .filter(|svg| svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"))
                .count();
            assert_eq!(
                svgs, draws,
                "{name}: a cell draws {draws} plots and saves {svgs}"
            );
            images += svgs;
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

//! `hanoilab plot`: the pictures are well-formed SVG and PNG files, the plotted numbers are
//! `table`'s, and bad input writes nothing.

use super::common::{assert_input_error, hanoilab, stdout};
use hanoilab::output::plot_data::{self, PlotKind};
use hanoilab::variants::Target;
use num_bigint::BigInt;
use num_traits::ToPrimitive;
use std::path::{Path, PathBuf};

/// An empty folder of its own for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("hanoilab-plot-cli-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn entries(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

/// A start or empty-element tag: its name and attributes.
type Element = (String, Vec<(String, String)>);

/// The elements of an XML document, checked well-formed as far as SVG without text needs:
/// every tag closed in order, attributes quoted, one root. Returns the elements in
/// document order.
fn parse_xml(doc: &str) -> Result<Vec<Element>, String> {
    let mut open: Vec<String> = vec![];
    let mut elements = vec![];
    let mut roots = 0;
    let mut rest = doc.trim();
    if let Some(r) = rest.strip_prefix("<?xml") {
        rest = &r[r.find("?>").ok_or("unclosed declaration")? + 2..];
    }
    while let Some(start) = rest.find('<') {
        if !rest[..start].trim().is_empty() && open.is_empty() {
            return Err(format!("text outside the root: {:?}", &rest[..start]));
        }
        let end = rest[start..].find('>').ok_or("unclosed tag")? + start;
        let tag = &rest[start + 1..end];
        rest = &rest[end + 1..];
        if let Some(name) = tag.strip_prefix('/') {
            match open.pop() {
                Some(o) if o == name.trim() => continue,
                o => return Err(format!("</{name}> closes {o:?}")),
            }
        }
        let (body, empty) = match tag.strip_suffix('/') {
            Some(b) => (b, true),
            None => (tag, false),
        };
        let name_end = body.find(char::is_whitespace).unwrap_or(body.len());
        let name = &body[..name_end];
        if name.is_empty() || !name.chars().all(|c| c.is_alphanumeric() || c == ':') {
            return Err(format!("bad element name in <{tag}>"));
        }
        let mut attrs = vec![];
        let mut a = body[name_end..].trim();
        while !a.is_empty() {
            let eq = a
                .find("=\"")
                .ok_or(format!("unquoted attribute in <{tag}>"))?;
            let key = a[..eq].trim().to_string();
            let close = a[eq + 2..].find('"').ok_or("unclosed attribute")? + eq + 2;
            attrs.push((key, a[eq + 2..close].to_string()));
            a = a[close + 1..].trim();
        }
        if open.is_empty() {
            roots += 1;
        }
        elements.push((name.to_string(), attrs));
        if !empty {
            open.push(name.to_string());
        }
    }
    if !open.is_empty() || roots != 1 || !rest.trim().is_empty() {
        return Err(format!("{} unclosed, {roots} roots", open.len()));
    }
    Ok(elements)
}

fn attr<'a>(e: &'a Element, key: &str) -> Option<&'a str> {
    e.1.iter().find(|(k, _)| k == key).map(|(_, v)| v.as_str())
}

#[test]
fn the_checker_refuses_broken_xml() {
    assert!(parse_xml("<svg><g></svg>").is_err());
    assert!(parse_xml("<svg></svg><svg></svg>").is_err());
    assert!(parse_xml("<svg a=b></svg>").is_err());
    assert_eq!(parse_xml("<svg><g a=\"1\"/></svg>").unwrap().len(), 2);
}

#[test]
fn an_svg_plot_is_well_formed_and_draws_one_line_per_target() {
    let dir = scratch("svg");
    let file = dir.join("p.svg");
    let out = hanoilab(&[
        "plot",
        "classic.T,rainbow.DDD",
        "--n",
        "1..12",
        "-o",
        file.to_str().unwrap(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let svg = std::fs::read_to_string(&file).unwrap();
    let elements = parse_xml(&svg).unwrap();
    assert_eq!(elements[0].0, "svg");
    assert_eq!(
        attr(&elements[0], "xmlns"),
        Some("http://www.w3.org/2000/svg")
    );
    // The first target's line (solid, the palette's blue) is one polyline through the 12
    // values of n (the axes have 2 points); the second (dashed, vermillion) is drawn as
    // dashes in its own colour.
    let lines: Vec<&Element> = elements
        .iter()
        .filter(|e| e.0 == "polyline")
        .filter(|e| attr(e, "points").map(|p| p.split_whitespace().count()) == Some(12))
        .collect();
    assert_eq!(lines.len(), 1, "one 12-point solid line");
    assert_eq!(attr(lines[0], "stroke"), Some("#0072b2"));
    assert!(elements
        .iter()
        .any(|e| e.0 == "polyline" && attr(e, "stroke") == Some("#d55e00")));
    // Text as glyph outlines: paths with drawing data.
    assert!(elements
        .iter()
        .any(|e| e.0 == "path" && attr(e, "d").is_some_and(|d| d.starts_with('M'))));
    assert_eq!(entries(&dir), vec!["p.svg"], "no temporary file left");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn every_kind_writes_a_png() {
    let dir = scratch("png");
    for kind in ["counts", "ratio", "error", "roots"] {
        let file = dir.join(format!("{kind}.png"));
        let out = hanoilab(&[
            "plot",
            "cyclic.A,cyclic.C",
            "--kind",
            kind,
            "-o",
            file.to_str().unwrap(),
        ]);
        assert!(
            out.status.success(),
            "{kind}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(out.stdout.is_empty() && out.stderr.is_empty());
        let png = std::fs::read(&file).unwrap();
        assert!(png.len() > 1000, "{kind}: {} bytes", png.len());
        assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n", "{kind}: the PNG signature");
    }
    assert_eq!(entries(&dir).len(), 4);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A variant written by a user: the classic puzzle (Lucas, 1883; T(n) = 2^n - 1).
const MY_CLASSIC: &str = r#"
id = "mine"
[rules]
pins = 3
[functions.T]
source = "test"
start = [0]
goal = [2]
call = "t(n; 0, 1, 2)"
[program]
text = """
t(n; X, Y, Z) = t(n-1; X, Z, Y), move(X, Z), t(n-1; Y, X, Z)
"""
"#;

/// `(n, value)` of the column `column` of `table TARGET --n A..B --format csv`.
fn table_column(target: &str, range: &str, column: &str) -> Vec<(u64, BigInt)> {
    let csv = stdout(&[
        "table",
        target,
        "--n",
        range,
        "--format",
        "csv",
        "--no-simulate",
    ]);
    let mut lines = csv.lines();
    let header: Vec<&str> = lines.next().unwrap().split(',').collect();
    let j = header.iter().position(|h| *h == column).unwrap();
    lines
        .map(|l| {
            let cells: Vec<&str> = l.split(',').collect();
            (
                cells[0].parse().unwrap(),
                cells[j].trim_matches('"').parse().unwrap(),
            )
        })
        .collect()
}

#[test]
fn the_plotted_counts_are_the_tables_numbers() {
    let dir = scratch("data");
    let mine = dir.join("mine.toml");
    std::fs::write(&mine, MY_CLASSIC).unwrap();
    let mine_target = format!("{}.T", mine.display());
    for (target, column) in [
        ("classic.T", "T"),
        ("rainbow.CBD", "CBD"),
        ("cyclic.C", "C"),
        (mine_target.as_str(), "T"),
    ] {
        let table = table_column(target, "1..24", column);
        let t = Target::parse(target).unwrap().resolve().unwrap();
        let curve = plot_data::curve(&t, 1, 24, false).unwrap();
        assert_eq!(curve.terms, table, "{target}");
        // The picture's points are those numbers (as floats), and the ratios of them.
        let fig = plot_data::figure(PlotKind::Counts, std::slice::from_ref(&curve)).unwrap();
        let want: Vec<(f64, f64)> = table
            .iter()
            .map(|(n, v)| (*n as f64, v.to_f64().unwrap()))
            .collect();
        assert_eq!(fig.panels[0].series[0].points, want, "{target}");
        let fig = plot_data::figure(PlotKind::Ratio, &[curve]).unwrap();
        for (w, &(x, r)) in want.windows(2).zip(&fig.panels[0].series[0].points) {
            assert_eq!(x, w[0].0);
            assert!((r - w[1].1 / w[0].1).abs() < 1e-12, "{target} n = {x}");
        }
    }
    // The user's classic puzzle is 2^n - 1 from 2^n by exactly 2^-n.
    let t = Target::parse(&mine_target).unwrap().resolve().unwrap();
    let curve = plot_data::curve(&t, 1, 30, true).unwrap();
    let fig = plot_data::figure(PlotKind::Error, &[curve]).unwrap();
    let pts = &fig.panels[0].series[0].points;
    assert_eq!(pts.len(), 30);
    for &(n, e) in pts {
        // Within the rounding of ln a(n) (a few epsilons of n ln 2).
        let tolerance = 8.0 * f64::EPSILON * (1.0 + n * 2f64.ln());
        assert!((e - 2f64.powf(-n)).abs() < tolerance, "n = {n}: {e}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bad_input_exits_2_and_writes_nothing() {
    let dir = scratch("hostile");
    std::fs::create_dir_all(dir.join("folder.svg")).unwrap();
    let path = |name: &str| dir.join(name).display().to_string();
    let (svg, pdf, none) = (path("p.svg"), path("p.pdf"), path("p"));
    let folder = path("folder.svg");
    let missing = path("no/such/p.svg");
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (vec!["classic", "-o", &pdf], ".svg or .png"),
        (vec!["classic", "-o", &none], ".svg or .png"),
        (vec!["clasic", "-o", &svg], "unknown variant `clasic`"),
        (vec!["classic.Q", "-o", &svg], "no function `Q`"),
        (vec!["classic,,rainbow", "-o", &svg], "empty target"),
        (
            vec!["classic", "--n", "0..10000", "-o", &svg],
            "at most 10000",
        ),
        (vec!["classic", "--n", "9..3", "-o", &svg], "--n `9..3`"),
        (
            vec![
                "classic",
                "--n",
                "1..5000",
                "--max-digits",
                "1000",
                "-o",
                &svg,
            ],
            "--max-digits 1000",
        ),
        (
            vec!["classic", "--param", "q=1", "-o", &svg],
            "unknown parameter",
        ),
        (vec!["classic", "-o", &folder], "is a folder"),
        (vec!["classic", "-o", &missing], "no folder"),
        (
            vec!["reves", "--kind", "error", "-o", &svg],
            "no dominant term",
        ),
        (
            vec!["reves", "--kind", "roots", "-o", &svg],
            "no transfer system",
        ),
    ];
    for (args, needle) in cases {
        let mut all = vec!["plot"];
        all.extend(args);
        assert_input_error(&all, needle);
        assert_eq!(
            entries(&dir),
            vec!["folder.svg"],
            "nothing written by {all:?}"
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `search`'s JSON answer for one n: `(minimum, layers)`.
fn searched(target: &str, n: u64) -> (Option<u64>, Vec<u64>) {
    let text = stdout(&[
        "search",
        target,
        "-n",
        &n.to_string(),
        "--layers",
        "--format",
        "json",
    ]);
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    let layers = v["layers"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_u64().unwrap())
        .collect();
    (v["minimum"].as_u64(), layers)
}

#[test]
fn the_search_plots_draw_the_searchs_numbers() {
    let dir = scratch("search");
    let file = std::env::temp_dir().join(format!("hanoilab-plot-mine-{}.toml", std::process::id()));
    std::fs::write(&file, MY_CLASSIC).unwrap();
    let mine = format!("{}.T", file.display());
    for target in ["classic.T", "reves.FS", mine.as_str()] {
        let t = Target::parse(target).unwrap().resolve().unwrap();
        // Layers: the bars are `search --layers`, the goal line its minimum.
        let (minimum, layers) = searched(target, 5);
        let r = plot_data::search_layers(&t, 5).unwrap();
        let fig = plot_data::layers_figure(&t, 5, &r);
        let bars: Vec<u64> = fig.panels[0].series[0]
            .points
            .iter()
            .map(|p| p.1 as u64)
            .collect();
        assert_eq!(bars, layers, "{target}: layers");
        assert_eq!(
            fig.panels[0].guides[0].value as u64,
            minimum.unwrap(),
            "{target}: the goal's distance"
        );
        // Optimum: the crosses are `search`'s minima, the line `table`'s counts.
        let optima = plot_data::search_optima(&t, 1, 6).unwrap();
        let fig = plot_data::optimum_figure(&t, &optima);
        let p = &fig.panels[0];
        let crosses: Vec<(u64, u64)> = p.series[1]
            .points
            .iter()
            .map(|q| (q.0 as u64, q.1 as u64))
            .collect();
        let by_search: Vec<(u64, u64)> = (1..=6)
            .map(|n| (n, searched(target, n).0.unwrap()))
            .collect();
        assert_eq!(crosses, by_search, "{target}: optima");
        let line: Vec<(u64, BigInt)> = p.series[0]
            .points
            .iter()
            .map(|q| (q.0 as u64, BigInt::from(q.1 as u64)))
            .collect();
        assert_eq!(
            line,
            table_column(target, "1..6", t.function.as_str()),
            "{target}: counts"
        );
        // And the command writes both pictures.
        for (kind, n) in [("layers", "5"), ("optimum", "1..6")] {
            let out_file = dir.join(format!("{kind}.svg"));
            let out = hanoilab(&[
                "plot",
                target,
                "--kind",
                kind,
                "--n",
                n,
                "-o",
                out_file.to_str().unwrap(),
            ]);
            assert!(
                out.status.success(),
                "{target} {kind}: {}",
                String::from_utf8_lossy(&out.stderr)
            );
            assert!(parse_xml(&std::fs::read_to_string(&out_file).unwrap()).is_ok());
        }
    }
    std::fs::remove_file(&file).unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The pins of a configuration written largest disc first (`0120`).
fn pins(text: &str) -> Vec<u8> {
    text.bytes().map(|b| b - b'0').collect()
}

#[test]
fn the_drawn_path_is_as_long_as_hinzs_distance() {
    use hanoilab::graph::classic::classic_distance;
    let t = Target::parse("classic.T").unwrap().resolve().unwrap();
    // Every pair of the 81 configurations of H_3^4 against Hinz's O(n) distance.
    let all: Vec<String> = (0..81u32)
        .map(|mut k| {
            let mut s = String::new();
            for _ in 0..4 {
                s.insert(0, char::from(b'0' + (k % 3) as u8));
                k /= 3;
            }
            s
        })
        .collect();
    for a in all.iter().step_by(5) {
        for b in all.iter().step_by(7) {
            let d = plot_data::graph_drawing(&t, 4, Some(a), Some(b)).unwrap();
            let hinz = classic_distance(&pins(a), &pins(b)).unwrap().distance;
            assert_eq!(
                BigInt::from(d.distance() as u64),
                BigInt::from(hinz),
                "{a} -> {b}"
            );
            assert_eq!(d.path.len(), d.distance() + 1);
            for w in d.path.windows(2) {
                let e = (w[0].min(w[1]), w[0].max(w[1]));
                assert!(
                    d.edges.binary_search(&e).is_ok(),
                    "{a} -> {b}: a step is a move"
                );
            }
        }
    }
}

#[test]
fn the_distance_bars_are_hinzs_counts() {
    use hanoilab::graph::classic::classic_distance;
    let t = Target::parse("classic.T").unwrap().resolve().unwrap();
    // From a perfect tower of H_3^n, 2^(ones in the binary digits of d) states lie at
    // distance d, for d < 2^n (Hinz, Klavžar et al., The Tower of Hanoi — Myths and Maths,
    // 2nd ed. 2018, Proposition 2.22).
    let d = plot_data::distances(&t, 6, None, false).unwrap();
    let expected: Vec<u64> = (0..64u32).map(|k| 1u64 << k.count_ones()).collect();
    assert_eq!(d.histogram.counts, expected);
    let fig = plot_data::distances_figure(&d);
    let bars: Vec<u64> = fig.panels[0].series[0]
        .points
        .iter()
        .map(|p| p.1 as u64)
        .collect();
    assert_eq!(bars, expected, "the bars are the histogram");
    // Over all pairs of distinct configurations of H_3^4: Hinz's distance pair by pair.
    let all = plot_data::distances(&t, 4, None, true).unwrap();
    let configs: Vec<Vec<u8>> = (0..81u32)
        .map(|k| (0..4).rev().map(|i| (k / 3u32.pow(i) % 3) as u8).collect())
        .collect();
    let mut counts = vec![0u64; 16];
    for (i, a) in configs.iter().enumerate() {
        for b in &configs[i + 1..] {
            let dist = classic_distance(a, b).unwrap().distance;
            counts[dist.to_usize().unwrap()] += 1;
        }
    }
    assert_eq!(all.histogram.counts, counts);
}

#[test]
fn graph_and_distance_pictures_are_written_and_bad_ends_write_nothing() {
    let dir = scratch("graph");
    let path = |name: &str| dir.join(name).display().to_string();
    for (args, name) in [
        (
            vec![
                "classic", "--kind", "graph", "-n", "4", "--from", "0120", "--to", "2201",
            ],
            "g.svg",
        ),
        (vec!["cyclic.A", "--kind", "graph", "-n", "3"], "c.png"),
        (
            vec!["classic", "--kind", "distances", "-n", "5", "--all-pairs"],
            "d.svg",
        ),
        (
            vec![
                "reves",
                "--kind",
                "distances",
                "-n",
                "4",
                "--from",
                "tower:1",
            ],
            "r.png",
        ),
    ] {
        let file = path(name);
        let mut all = vec!["plot"];
        all.extend(args);
        all.extend(["-o", &file]);
        let out = hanoilab(&all);
        assert!(
            out.status.success(),
            "{all:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        if name.ends_with(".svg") {
            assert!(
                parse_xml(&std::fs::read_to_string(&file).unwrap()).is_ok(),
                "{all:?}"
            );
        } else {
            assert_eq!(&std::fs::read(&file).unwrap()[..8], b"\x89PNG\r\n\x1a\n");
        }
    }
    let written = entries(&dir);
    let svg = path("bad.svg");
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (
            vec!["classic", "--kind", "counts", "--from", "012"],
            "belongs to --kind graph or distances",
        ),
        (
            vec!["classic", "--kind", "graph", "-n", "3", "--all-pairs"],
            "belongs to --kind distances",
        ),
        (
            vec![
                "classic",
                "--kind",
                "distances",
                "-n",
                "3",
                "--from",
                "012",
                "--all-pairs",
            ],
            "drop --from",
        ),
        (
            vec!["classic", "--kind", "graph", "-n", "9"],
            "at most 6 discs",
        ),
        (
            vec!["reves", "--kind", "graph", "-n", "3"],
            "three-pin puzzles only",
        ),
        (
            vec!["classic", "--kind", "graph", "-n", "3", "--from", "0123"],
            "4 pins given for 3 discs",
        ),
        (
            vec!["classic", "--kind", "graph", "-n", "3", "--to", "019"],
            "pins 0..2",
        ),
        (
            vec!["classic", "--kind", "graph", "--n", "3..4"],
            "draws one n",
        ),
        (
            vec!["classic", "--kind", "distances", "-n", "14"],
            "at most 100000",
        ),
    ];
    for (args, needle) in cases {
        let mut all = vec!["plot"];
        all.extend(args);
        all.extend(["-o", &svg]);
        assert_input_error(&all, needle);
        assert_eq!(entries(&dir), written, "nothing written by {all:?}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

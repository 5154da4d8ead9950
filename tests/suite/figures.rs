//! Every figure the report writes reads at a glance: at most eight series in a panel, each
//! told apart by its style, every legend entry a drawn series, direct labels at their own
//! line's end and apart, coordinates finer than whole pixels, one tick-label style per
//! axis, PNGs at twice the SVG's size, titles that name every parameter. The checks read
//! the SVG the renderer writes (its groups name what they hold), for the figures of a
//! quick study rendered through the library, and for the committed `reports/plots/`.

use hanoilab::output::chart::{Colour, Figure};
use hanoilab::output::plot;
use hanoilab::output::report::render;
use hanoilab::study::{Study, StudyOptions};
use std::collections::BTreeMap;
use std::path::Path;

/// Most series one panel may draw.
const MAX_SERIES: usize = 8;

/// One element of the SVG: its name, attributes and the `(class, label)` of every group
/// it sits in, outermost first.
#[derive(Debug)]
struct Element {
    name: String,
    attrs: BTreeMap<String, String>,
    groups: Vec<(String, String)>,
}

impl Element {
    fn attr(&self, k: &str) -> &str {
        self.attrs.get(k).map_or("", String::as_str)
    }

    /// The label of the innermost group of this class it sits in.
    fn within(&self, class: &str) -> Option<&str> {
        self.groups
            .iter()
            .rev()
            .find(|(c, _)| c == class)
            .map(|(_, l)| l.as_str())
    }

    /// A shape (not text, not a definition).
    fn is_shape(&self) -> bool {
        match self.name.as_str() {
            "polyline" | "polygon" => self.attr("points").split(' ').count() >= 2,
            "line" | "circle" | "rect" => true,
            _ => false,
        }
    }

    /// The coordinates the element is placed at.
    fn coordinates(&self) -> Vec<f64> {
        let mut out = vec![];
        for k in ["points", "x1", "y1", "x2", "y2", "cx", "cy", "x", "y"] {
            for v in self.attr(k).split([' ', ',']) {
                if let Ok(x) = v.parse::<f64>() {
                    out.push(x);
                }
            }
        }
        out
    }

    /// `(x, y)` of `translate(x y)` at the start of the transform (where a text is anchored).
    fn anchor(&self) -> Option<(f64, f64)> {
        let t = self.attr("transform").strip_prefix("translate(")?;
        let mut it = t[..t.find(')')?].split(' ');
        Some((it.next()?.parse().ok()?, it.next()?.parse().ok()?))
    }
}

fn unescape(s: &str) -> String {
    s.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&amp;", "&")
}

/// The elements of an SVG document in order, with their groups.
fn elements(doc: &str) -> Vec<Element> {
    let mut out = vec![];
    let mut stack: Vec<(String, String)> = vec![];
    let mut rest = doc;
    while let Some(start) = rest.find('<') {
        let end = rest[start..].find('>').expect("closed tag") + start;
        let tag = &rest[start + 1..end];
        rest = &rest[end + 1..];
        if tag.starts_with('/') {
            if tag == "/g" {
                stack.pop().expect("a </g> closes a group");
            }
            continue;
        }
        let empty = tag.ends_with('/');
        let body = tag.trim_end_matches('/');
        let name_end = body.find(' ').unwrap_or(body.len());
        let mut attrs = BTreeMap::new();
        let mut a = &body[name_end..];
        while let Some(eq) = a.find("=\"") {
            let key = a[..eq].trim().to_string();
            let close = a[eq + 2..].find('"').expect("quoted") + eq + 2;
            attrs.insert(key, unescape(&a[eq + 2..close]));
            a = &a[close + 1..];
        }
        let e = Element {
            name: body[..name_end].to_string(),
            attrs,
            groups: stack.clone(),
        };
        if e.name == "g" && !empty {
            let class = e.attr("class").to_string();
            let label = e.attr("aria-label").to_string();
            stack.push((class, label));
        }
        out.push(e);
    }
    assert!(stack.is_empty(), "every group closed");
    out
}

/// `10⁶`, `2.5·10⁻³` (a power of ten) or `1500`, `0.25` (plain); `0` is either.
fn tick_kind(label: &str) -> Option<&'static str> {
    let l = label.trim_start_matches('-');
    if l == "0" {
        return None;
    }
    let plain = |s: &str| {
        let (a, b) = s.split_once('.').unwrap_or((s, "0"));
        !a.is_empty()
            && a.chars().all(|c| c.is_ascii_digit())
            && b.chars().all(|c| c.is_ascii_digit())
    };
    if plain(l) {
        return Some("plain");
    }
    let power = l.rsplit_once('·').map_or(l, |(m, p)| {
        assert!(plain(m), "mantissa of {label}");
        p
    });
    let sup = power
        .strip_prefix("10")
        .unwrap_or_else(|| panic!("tick {label}"));
    assert!(
        !sup.is_empty() && sup.chars().all(|c| "⁻⁰¹²³⁴⁵⁶⁷⁸⁹".contains(c)),
        "tick {label}"
    );
    Some("power")
}

/// The width and height of a PNG (from its header).
fn png_size(bytes: &[u8]) -> (u32, u32) {
    assert_eq!(&bytes[1..4], b"PNG");
    let be = |i: usize| u32::from_be_bytes([bytes[i], bytes[i + 1], bytes[i + 2], bytes[i + 3]]);
    (be(16), be(20))
}

/// Checks one SVG (and its PNG) against the rules; `name` for the messages.
fn check_svg(name: &str, svg: &str, png: &[u8]) {
    let els = elements(svg);
    let root = &els[0];
    assert_eq!(root.name, "svg", "{name}");
    let (w, h): (u32, u32) = (
        root.attr("width").parse().unwrap(),
        root.attr("height").parse().unwrap(),
    );
    assert_eq!(png_size(png), (2 * w, 2 * h), "{name}: the PNG is at 2x");
    // Sub-pixel coordinates: some shape lies off the whole-pixel grid.
    let coords: Vec<f64> = els
        .iter()
        .filter(|e| e.within("series").is_some() || e.within("context").is_some())
        .flat_map(Element::coordinates)
        .collect();
    assert!(!coords.is_empty(), "{name}: draws no series");
    assert!(
        coords.iter().any(|c| c.fract() != 0.0),
        "{name}: every coordinate is a whole pixel"
    );
    let panels: Vec<usize> = els
        .iter()
        .enumerate()
        .filter(|(_, e)| e.name == "g" && e.attr("class") == "panel")
        .map(|(i, _)| i)
        .collect();
    assert!(!panels.is_empty(), "{name}: no panel");
    for (k, &start) in panels.iter().enumerate() {
        let depth = els[start].groups.len();
        let inside: Vec<&Element> = els[start + 1..]
            .iter()
            .take_while(|e| e.groups.len() > depth)
            .collect();
        let panel = format!("{name}, panel {}", k + 1);
        // Series: at most eight, each drawn.
        let mut series: Vec<(String, usize)> = vec![];
        for e in &inside {
            if e.name == "g" && e.attr("class") == "series" {
                series.push((e.attr("aria-label").to_string(), 0));
            } else if e.is_shape() && e.within("series").is_some() && e.within("legend").is_none() {
                series.last_mut().expect("inside a series").1 += 1;
            }
        }
        assert!(
            series.len() <= MAX_SERIES,
            "{panel}: {} series (at most {MAX_SERIES})",
            series.len()
        );
        for (s, shapes) in &series {
            assert!(*shapes > 0, "{panel}: series `{s}` draws nothing");
        }
        let named: Vec<&str> = series
            .iter()
            .map(|(s, _)| s.as_str())
            .filter(|s| !s.is_empty())
            .collect();
        // The legend lists exactly the named series, each entry with a mark.
        let entries: Vec<&Element> = inside
            .iter()
            .copied()
            .filter(|e| e.name == "g" && e.attr("class") == "legend-entry")
            .collect();
        if !entries.is_empty() {
            let mut listed: Vec<&str> = entries.iter().map(|e| e.attr("aria-label")).collect();
            let mut drawn = named.clone();
            listed.sort();
            drawn.sort();
            assert_eq!(
                listed, drawn,
                "{panel}: legend entries against drawn series"
            );
            for l in &listed {
                let marks = inside
                    .iter()
                    .filter(|e| e.is_shape() && e.within("legend-entry") == Some(l))
                    .count();
                assert!(marks > 0, "{panel}: legend entry `{l}` has no mark");
            }
        }
        // Direct labels: each names a drawn series, at its line's end, apart from the others.
        let mut labels: Vec<(String, (f64, f64))> = vec![];
        for e in &inside {
            if let (Some(l), Some(at)) = (e.within("label"), e.anchor()) {
                labels.push((l.to_string(), at));
            }
        }
        for (l, (x, y)) in &labels {
            assert!(
                named.contains(&l.as_str()),
                "{panel}: label `{l}` names no series"
            );
            let end = inside
                .iter()
                .filter(|e| e.within("series") == Some(l) && e.is_shape())
                .flat_map(|e| {
                    let c = e.coordinates();
                    c.chunks(2)
                        .filter(|p| p.len() == 2)
                        .map(|p| (p[0], p[1]))
                        .collect::<Vec<_>>()
                })
                .max_by(|a, b| a.0.total_cmp(&b.0))
                .expect("the labelled series has points");
            assert!(
                (x - 6.0 - end.0).abs() <= 16.0 && (y - end.1).abs() <= 48.0,
                "{panel}: label `{l}` at ({x}, {y}), its line ends at {end:?}"
            );
        }
        for (i, (a, pa)) in labels.iter().enumerate() {
            for (b, pb) in &labels[i + 1..] {
                assert!(
                    (pa.1 - pb.1).abs() >= 11.9 || (pa.0 - pb.0).abs() >= 150.0,
                    "{panel}: labels `{a}` and `{b}` overlap"
                );
            }
        }
        // One style of tick label per axis.
        for axis in ["x-ticks", "y-ticks"] {
            let kinds: Vec<&str> = inside
                .iter()
                .filter(|e| e.within(axis).is_some() && e.attrs.contains_key("aria-label"))
                .filter(|e| e.attr("class").is_empty())
                .filter_map(|e| tick_kind(e.attr("aria-label")))
                .collect();
            assert!(
                kinds.windows(2).all(|w| w[0] == w[1]),
                "{panel}: {axis} mix styles: {:?}",
                inside
                    .iter()
                    .filter(|e| e.within(axis).is_some() && e.attr("class").is_empty())
                    .map(|e| e.attr("aria-label"))
                    .collect::<Vec<_>>()
            );
        }
    }
}

/// The rules the figure data must keep (before drawing): series told apart by colour,
/// dash, marker and mark within a panel; titles naming the variant's parameters.
fn check_figure(name: &str, fig: &Figure) {
    for (k, p) in fig.panels.iter().enumerate() {
        let styles: Vec<_> = p
            .series
            .iter()
            .filter(|s| s.colour != Colour::Grey || s.label || p.legend)
            .map(|s| (s.mark, s.colour, s.dash, s.marker))
            .collect();
        for (i, a) in styles.iter().enumerate() {
            assert!(
                !styles[i + 1..].contains(a),
                "{name}, panel {}: two series drawn alike ({a:?})",
                k + 1
            );
        }
    }
    for id in hanoilab::variants::builtin_ids() {
        if !name.starts_with(&format!("{id}-")) {
            continue;
        }
        let v = hanoilab::variants::Variant::builtin(id).unwrap();
        for (p, value) in &v.parameters {
            assert!(
                fig.title.contains(&format!("{p} = {value}")),
                "{name}: the title `{}` does not name {p} = {value}",
                fig.title
            );
        }
    }
}

#[test]
fn every_figure_of_the_report_reads_at_a_glance() {
    let study = Study::run(&StudyOptions { quick: true }, &mut |_| {}).expect("study runs");
    let bundle = render(&study).expect("renders");
    let dir = std::env::temp_dir().join(format!("hanoilab-figures-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    assert!(bundle.charts.len() > 20, "the report's figures");
    // A quick study runs no search, so the figures of search results have no panels; the
    // committed figures (below) have them.
    let drawn = bundle.charts.iter().filter(|(_, f)| !f.panels.is_empty());
    let failures = each(drawn, |(name, fig)| {
        check_figure(name, fig);
        let (svg, png) = (
            dir.join(format!("{name}.svg")),
            dir.join(format!("{name}.png")),
        );
        plot::render(fig, &svg).unwrap();
        plot::render(fig, &png).unwrap();
        check_svg(
            name,
            &std::fs::read_to_string(&svg).unwrap(),
            &std::fs::read(&png).unwrap(),
        );
    });
    std::fs::remove_dir_all(&dir).unwrap();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Runs `check` on every item, collecting the messages of those that fail (so one run
/// lists every figure that breaks a rule).
fn each<T>(items: impl Iterator<Item = T>, check: impl Fn(T)) -> Vec<String> {
    let mut failures = vec![];
    for item in items {
        if let Err(e) = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| check(item))) {
            let msg = e
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_default();
            failures.push(msg);
        }
    }
    failures
}

#[test]
fn the_committed_figures_read_at_a_glance() {
    let plots = Path::new(env!("CARGO_MANIFEST_DIR")).join("reports/plots");
    let mut svgs: Vec<_> = std::fs::read_dir(&plots)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().and_then(|e| e.to_str()) == Some("svg"))
        .collect();
    svgs.sort();
    assert!(svgs.len() > 20, "reports/plots/ holds the report's figures");
    let failures = each(svgs.iter(), |path| {
        let name = path.file_stem().unwrap().to_string_lossy().into_owned();
        let png = std::fs::read(path.with_extension("png")).expect("a PNG beside the SVG");
        check_svg(&name, &std::fs::read_to_string(path).unwrap(), &png);
    });
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

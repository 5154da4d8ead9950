//! The report's figures: each answers one question (named in its title), small multiples
//! instead of crowded legends, lines labelled at their ends. Floats only here (pictures).

use super::*;
use crate::output::chart::{Colour, Figure, Guide, Mark, Marker, Panel};
use crate::study::{DrawnGraph, RootFactor, SplitsByN};
use crate::variants::FunctionRole;

/// Width of one small-multiple panel in pixels.
const SMALL: u32 = 300;

/// The index of the transfer-system component that counts function `j` (the procedure its
/// top-level call names), if the variant has a transfer matrix.
pub(super) fn component_of(f: &VariantFacts, j: usize) -> Option<usize> {
    let a = f.analysis.as_ref()?;
    let func = &f.variant.functions()[j];
    let proc_name = func.call.split('(').next().unwrap_or("").trim();
    a.components
        .iter()
        .position(|c| c.name == proc_name)
        .or_else(|| a.components.iter().position(|c| c.name == func.name))
}

/// Index of the default function.
pub(super) fn default_index(f: &VariantFacts) -> usize {
    let d = &f.variant.default_function().name;
    f.variant
        .functions()
        .iter()
        .position(|x| &x.name == d)
        .unwrap_or(0)
}

/// Function `j`'s count at `n` from the recursion program, if computed.
pub(super) fn algorithm_at(f: &VariantFacts, j: usize, n: i64) -> Option<BigInt> {
    f.counts
        .iter()
        .find(|(m, _)| *m == n)
        .and_then(|(_, r)| r[j].clone())
}

/// Function `j`'s optimality over every search, the report's own and the recorded runs, as
/// the study settled it ([`VariantFacts::with_optimality`]); facts without it (never from a
/// study) count the gathered searches only.
pub(super) fn optimality_of(f: &VariantFacts, j: usize) -> Optimality {
    f.optimality.get(j).cloned().unwrap_or_else(|| Optimality {
        role: f.variant.functions()[j].role,
        gathered: f.optima[j].iter().map(|o| o.n).collect(),
        recorded: Vec::new(),
        unreachable: f.optima[j]
            .iter()
            .find(|o| o.minimum.is_none())
            .map(|o| o.n),
        shortfall: None,
        undercut: None,
        law: None,
    })
}

/// The first n where a search beats function `j`'s algorithm, if any (never for a
/// longest-path problem).
pub(super) fn first_suboptimal(f: &VariantFacts, j: usize) -> Option<Shortfall> {
    optimality_of(f, j).shortfall
}

/// A short tag for a function's name in a figure: what it is, when not a shortest solution
/// that the search confirmed.
pub(super) fn role_tag(f: &VariantFacts, j: usize) -> &'static str {
    match f.variant.functions()[j].role {
        FunctionRole::Longest => " (longest path)",
        FunctionRole::Alternative => " (alternative)",
        FunctionRole::Shortest if first_suboptimal(f, j).is_some() => " (not optimal)",
        FunctionRole::Shortest => "",
    }
}

/// Most series one panel draws: more are split into small multiples.
pub(super) const PANEL_SERIES: usize = 6;

/// The variant's title, with the values of its parameters (the facts are for the
/// defaults), so a figure names every parameter it depends on.
pub(super) fn variant_title(f: &VariantFacts) -> String {
    if f.variant.parameters.is_empty() {
        return f.variant.title.clone();
    }
    let ps: Vec<String> = f
        .variant
        .parameters
        .iter()
        .map(|(k, v)| format!("{k} = {v}"))
        .collect();
    format!("{}, {}", f.variant.title, ps.join(", "))
}

/// `variant.function` with the parameters (`many-pin.M[p=5]`) and the role tag.
pub(super) fn function_label(f: &VariantFacts, j: usize) -> String {
    let mut s = format!("{}.{}", f.variant.id, f.variant.functions()[j].name);
    if !f.variant.parameters.is_empty() {
        let ps: Vec<String> = f
            .variant
            .parameters
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect();
        s.push_str(&format!("[{}]", ps.join(";")));
    }
    s.push_str(role_tag(f, j));
    s
}

/// Series split into panels of at most [`PANEL_SERIES`] each, each panel made by
/// `panel(k, count)` for its part `k` of `count`: in order, or dealt out in turn when
/// `deal` (so that series sorted by size spread over every panel, and the lines of one
/// panel lie apart). Series with the same points are drawn once, under their names joined
/// (`a = b`), so no line hides another.
pub(super) fn small_multiples(
    series: Vec<Series>,
    deal: bool,
    mut panel: impl FnMut(usize, usize) -> Panel,
) -> Vec<Panel> {
    let mut merged: Vec<Series> = vec![];
    for s in series {
        match merged
            .iter_mut()
            .find(|m| m.points == s.points && !s.points.is_empty())
        {
            Some(m) => m.name = format!("{} = {}", m.name, s.name),
            None => merged.push(s),
        }
    }
    let count = merged.len().div_ceil(PANEL_SERIES).max(1);
    // Even parts (7 series: 4 and 3, not 6 and 1).
    let per = merged.len().div_ceil(count).max(1);
    let part = |i: usize| if deal { i % count } else { i / per };
    (0..count)
        .map(|k| {
            let mut p = panel(k, count);
            let mine = merged.iter().enumerate().filter(|(i, _)| part(*i) == k);
            for (i, (_, s)) in mine.enumerate() {
                p.series.push(s.clone().styled(i).labelled());
            }
            p
        })
        .collect()
}

fn count_points(f: &VariantFacts, j: usize) -> Vec<(f64, f64)> {
    f.counts
        .iter()
        .filter_map(|(n, row)| row[j].as_ref().map(|v| (*n as f64, to_f64(v))))
        .collect()
}

fn optimum_points(f: &VariantFacts, j: usize) -> Vec<(f64, f64)> {
    f.optima[j]
        .iter()
        .filter_map(|o| o.minimum.map(|m| (o.n as f64, m as f64)))
        .collect()
}

/// `{id}-counts`: how many moves each function takes, and where the search found fewer.
/// Up to four functions share one panel (line styles, labels at the line ends, the optima
/// as crosses); more are split into panels of a few each ([`small_multiples`]), the
/// optimum crossed for the default function.
pub(super) fn counts_figure(f: &VariantFacts) -> Figure {
    let funcs = f.variant.functions();
    let dj = default_index(f);
    let name = |j: usize| format!("{}{}", funcs[j].name, role_tag(f, j));
    let crosses = |js: &[usize]| -> Option<Series> {
        let pts: Vec<(f64, f64)> = js.iter().flat_map(|&j| optimum_points(f, j)).collect();
        (!pts.is_empty()).then(|| {
            Series::new("", pts)
                .mark(Mark::Points)
                .colour(Colour::Black)
                .marker(Marker::Cross)
        })
    };
    let log_panel = |title: &str| {
        let mut p = Panel::new(title, "n (discs)", "moves (log scale)");
        p.log_y = true;
        p
    };
    if funcs.len() <= 4 {
        let mut p = log_panel("");
        for j in 0..funcs.len() {
            p.series.push(
                Series::new(name(j), count_points(f, j))
                    .styled(j)
                    .labelled(),
            );
        }
        p.series
            .extend(crosses(&(0..funcs.len()).collect::<Vec<_>>()));
        return Figure::single(
            &format!(
                "{}: moves against n (×: the optimum found by search)",
                variant_title(f)
            ),
            p,
        );
    }
    let of = |k: usize, count: usize| {
        if count > 1 {
            format!("{} functions, part {} of {count}", funcs.len(), k + 1)
        } else {
            String::new()
        }
    };
    // Many functions: on a log scale they are one band of nearly parallel lines, so each is
    // shown relative to the default function instead (where they share lambda the ratio
    // tends to the ratio of their constants c), on a log scale where the ratios spread
    // over more than a factor of 20.
    let base: Vec<(i64, f64)> = f
        .counts
        .iter()
        .filter_map(|(n, r)| r[dj].as_ref().map(|v| (*n, to_f64(v))))
        .filter(|(_, v)| *v > 0.0)
        .collect();
    let series = (0..funcs.len())
        .map(|j| {
            let pts: Vec<(f64, f64)> = f
                .counts
                .iter()
                .filter_map(|(n, r)| {
                    let v = to_f64(r[j].as_ref()?);
                    let b = base.iter().find(|(m, _)| m == n)?.1;
                    Some((*n as f64, v / b))
                })
                .collect();
            Series::new(name(j), pts)
        })
        .collect();
    let series: Vec<Series> = series;
    let (lo, hi) = series
        .iter()
        .flat_map(|s| s.points.iter().map(|p| p.1))
        .filter(|y| *y > 0.0)
        .fold((f64::MAX, f64::MIN), |(a, b), y| (a.min(y), b.max(y)));
    let log = hi / lo > 20.0;
    let y_label = format!(
        "moves / moves of {}{}",
        funcs[dj].name,
        if log { " (log scale)" } else { "" }
    );
    let panels = small_multiples(series, false, |k, count| {
        let mut p = Panel::new(&of(k, count), "n (discs)", &y_label);
        p.log_y = log;
        p
    });
    let columns = panels.len().min(2);
    Figure::grid(
        &format!(
            "{}: each function's moves relative to the default {} (the optimum: search.md)",
            variant_title(f),
            funcs[dj].name
        ),
        panels,
        columns,
        if columns == 1 { 960 } else { 620 },
    )
}

/// `(n, a(n))` of component `i` of the transfer system for n = first..first+count-1, as
/// floats (a picture).
fn component_terms(terms: &[(u64, Vec<BigInt>)], i: usize) -> Vec<(u64, f64)> {
    terms.iter().map(|(n, v)| (*n, to_f64(&v[i]))).collect()
}

/// The dominant `(lambda, c, k)` of component `i`, as floats, when it is unique, real and
/// larger than 1 (the constant component "1" and oscillating ones have none).
fn dominant_f64(c: &ComponentReport) -> Option<(f64, f64, usize)> {
    let d = c.dominant.as_ref()?;
    if !d.ties.is_empty() || c.name == "1" || d.lambda_approx <= 1.0 {
        return None;
    }
    let cc = leading_decimal(&d.c_decimal).ok()?;
    (cc != 0.0).then_some((d.lambda_approx, cc, d.k))
}

/// The ratio `a(n+1)/a(n)` from consecutive terms.
fn ratio_points(terms: &[(u64, f64)]) -> Vec<(f64, f64)> {
    terms
        .windows(2)
        .filter(|w| w[0].1 > 0.0)
        .map(|w| (w[0].0 as f64, w[1].1 / w[0].1))
        .collect()
}

/// `|a(n) / (c n^k lambda^n) - 1|`, dropping values at the level of f64 rounding.
fn error_points(terms: &[(u64, f64)], (lambda, c, k): (f64, f64, usize)) -> Vec<(f64, f64)> {
    terms
        .iter()
        .filter_map(|&(n, v)| {
            let nf = n as f64;
            let e = (v / (c * nf.powi(k as i32) * lambda.powf(nf)) - 1.0).abs();
            (e > 1e-13).then_some((nf, e))
        })
        .collect()
}

/// Short text of a growth constant for a label: exact forms as they are, decimals to 6
/// digits.
pub(super) fn short_lambda(text: &str) -> String {
    if text.chars().all(|c| c.is_ascii_digit() || c == '.') && text.len() > 8 {
        format!("{}…", &text[..8])
    } else {
        text.replace("sqrt ", "√")
    }
}

/// `{id}-ratio`: how fast each component approaches its dominant term. Left: the ratio of
/// consecutive terms against the growth constant lambda (dashed); right: the relative
/// distance from `c n^k lambda^n`, on a log scale (a straight line: geometric convergence,
/// its slope the ratio of the two largest root moduli). The default function is
/// highlighted, the other components in grey.
pub(super) fn convergence_figure(
    f: &VariantFacts,
    transfer_terms: &[(u64, Vec<BigInt>)],
) -> Option<Figure> {
    let a = f.analysis.as_ref()?;
    let dj = default_index(f);
    let di = component_of(f, dj);
    let mut left = Panel::new("a(n+1) / a(n) → λ", "n (discs)", "a(n+1) / a(n)");
    let mut right = Panel::new(
        "relative distance from the dominant term",
        "n (discs)",
        "|a(n) / (c n^k λ^n) − 1|",
    );
    right.log_y = true;
    let mut lambdas: Vec<(f64, String)> = vec![];
    let mut order: Vec<usize> = (0..a.components.len()).filter(|&i| Some(i) != di).collect();
    order.extend(di);
    for i in order {
        let comp = &a.components[i];
        let Some(dom) = dominant_f64(comp) else {
            continue;
        };
        let terms = component_terms(transfer_terms, i);
        let hi = Some(i) == di;
        let style = |s: Series| {
            if hi {
                s.colour(Colour::Palette(0)).width(3).labelled()
            } else {
                s.colour(Colour::Grey).width(1)
            }
        };
        let name = if hi {
            format!("{} ({})", f.variant.functions()[dj].name, comp.name)
        } else {
            comp.name.clone()
        };
        let r: Vec<(f64, f64)> = ratio_points(&terms)
            .into_iter()
            .filter(|p| p.0 <= 30.0)
            .collect();
        left.series.push(style(Series::new(name.clone(), r)));
        right
            .series
            .push(style(Series::new(name, error_points(&terms, dom))));
        if let Some(d) = &comp.dominant {
            if !lambdas.iter().any(|(l, _)| (l - dom.0).abs() < 1e-9) {
                lambdas.push((dom.0, short_lambda(&d.lambda)));
            }
        }
    }
    if left.series.is_empty() {
        return None;
    }
    for (l, t) in lambdas {
        left.guides.push(Guide {
            horizontal: true,
            value: l,
            text: format!("λ = {t}"),
        });
    }
    if a.components.len() > 2 {
        right.note = "grey: the other components".into();
    }
    Some(Figure::grid(
        &format!(
            "{}: convergence to the dominant term c n^k λ^n",
            variant_title(f)
        ),
        vec![left, right],
        2,
        560,
    ))
}

/// `{id}-roots`: where the roots of the characteristic polynomial lie, factor by factor,
/// against the unit circle (roots outside it grow, on it stay bounded or grow
/// polynomially, inside decay).
pub(super) fn roots_figure(f: &VariantFacts, factors: &[RootFactor]) -> Figure {
    let mut p = Panel::new("", "real part", "imaginary part");
    p.equal_aspect = true;
    p.legend = true;
    p.series.push(crate::output::plot_data::unit_circle());
    for (i, r) in factors.iter().enumerate() {
        let mult = if r.multiplicity > 1 {
            format!(" (multiplicity {})", r.multiplicity)
        } else {
            String::new()
        };
        const MARKERS: [Marker; 4] = [
            Marker::Circle,
            Marker::Square,
            Marker::Triangle,
            Marker::Cross,
        ];
        p.series.push(
            Series::new(format!("{}{mult}", r.factor), r.roots.clone())
                .mark(Mark::Points)
                .colour(Colour::Palette(i))
                .marker(MARKERS[i % 4]),
        );
    }
    p.note = "dashed: the unit circle".into();
    Figure::grid(
        &format!(
            "{}: roots of the characteristic polynomial",
            variant_title(f)
        ),
        vec![p],
        1,
        620,
    )
}

/// The default function's terms `(n, a(n))` for the growth figures: from the transfer
/// system up to n = 60 when there is one, else the counted n.
fn default_terms(f: &VariantFacts, transfer_terms: &[(u64, Vec<BigInt>)]) -> Vec<(u64, f64)> {
    let dj = default_index(f);
    match component_of(f, dj) {
        Some(i) => component_terms(transfer_terms, i),
        None => f
            .counts
            .iter()
            .filter_map(|(n, row)| row[dj].as_ref().map(|v| (*n as u64, to_f64(v))))
            .collect(),
    }
}

/// `growth`: the growth constant of every variant's default function, as the ratio of
/// consecutive terms settling on lambda; one panel per variant.
pub(super) fn growth_figure(
    facts: &[VariantFacts],
    transfer_terms: &[Vec<(u64, Vec<BigInt>)>],
) -> Figure {
    let mut panels = vec![];
    for (f, transfer_terms) in facts.iter().zip(transfer_terms) {
        let dj = default_index(f);
        let name = format!(
            "{}.{}{}",
            f.variant.id,
            f.variant.functions()[dj].name,
            role_tag(f, dj)
        );
        let mut p = Panel::new(&name, "n", "a(n+1)/a(n)");
        let terms: Vec<(u64, f64)> = default_terms(f, transfer_terms)
            .into_iter()
            .filter(|t| t.0 <= 31 && t.1 > 0.0)
            .collect();
        p.series
            .push(Series::new("", ratio_points(&terms)).marker(Marker::Circle));
        let comp = component_of(f, dj).and_then(|i| f.analysis.as_ref().map(|a| &a.components[i]));
        match comp.and_then(|c| c.dominant.as_ref().map(|d| (c, d))) {
            Some((c, d)) if dominant_f64(c).is_some() => p.guides.push(Guide {
                horizontal: true,
                value: d.lambda_approx,
                text: format!("λ = {}", short_lambda(&d.lambda)),
            }),
            Some((_, d)) if d.lambda_approx > 1.0 => {
                p.guides.push(Guide {
                    horizontal: true,
                    value: d.lambda_approx,
                    text: format!("|λ| = {}", short_lambda(&d.lambda)),
                });
                p.note = format!("{} roots of largest modulus", d.tied_roots());
            }
            _ => {
                p.note = "no transfer matrix".into();
                p.guides.push(Guide {
                    horizontal: true,
                    value: 1.0,
                    text: String::new(),
                });
            }
        }
        panels.push(p);
    }
    Figure::grid(
        "Growth of every variant's default function: a(n+1)/a(n) against n, λ dashed",
        panels,
        4,
        SMALL,
    )
}

/// `growth-error`: how fast every default function approaches its dominant term: one panel
/// per variant on shared axes, so the slopes (the ratio of the two largest root moduli)
/// compare at a glance.
pub(super) fn growth_error_figure(
    facts: &[VariantFacts],
    transfer_terms: &[Vec<(u64, Vec<BigInt>)>],
) -> Figure {
    let mut panels = vec![];
    for (f, transfer_terms) in facts.iter().zip(transfer_terms) {
        let dj = default_index(f);
        let Some(i) = component_of(f, dj) else {
            continue;
        };
        let Some(dom) = f
            .analysis
            .as_ref()
            .and_then(|a| dominant_f64(&a.components[i]))
        else {
            continue;
        };
        let pts = error_points(&component_terms(transfer_terms, i), dom);
        if pts.is_empty() {
            continue;
        }
        let mut p = Panel::new(
            &format!("{}.{}", f.variant.id, f.variant.functions()[dj].name),
            "n",
            "|a(n)/(c n^k λ^n) − 1|",
        );
        p.log_y = true;
        p.x_range = Some((0.0, 60.0));
        p.y_range = Some((1e-14, 10.0));
        p.series.push(Series::new("", pts));
        panels.push(p);
    }
    Figure::grid(
        "Distance of each default function from its dominant term c n^k λ^n (log scale)",
        panels,
        4,
        SMALL,
    )
}

/// `growth-counts`: moves of every default function, optimal algorithms apart from the
/// others (far from optimal, longest paths), each line labelled; a few lines to a panel,
/// dealt out by their last count so that the lines of one panel lie apart.
pub(super) fn growth_counts_figure(facts: &[VariantFacts]) -> Figure {
    let (mut good, mut other) = (vec![], vec![]);
    for f in facts {
        let dj = default_index(f);
        let s = Series::new(function_label(f, dj), count_points(f, dj));
        if role_tag(f, dj).is_empty() {
            good.push(s);
        } else {
            other.push(s);
        }
    }
    let mut panels = vec![];
    for (series, what) in [
        (good, "optimal at every n searched"),
        (other, "beaten by the search, or a longest path"),
    ] {
        let mut series: Vec<Series> = series;
        let last = |s: &Series| s.points.last().map_or(0.0, |p| p.1);
        series.sort_by(|a, b| last(a).total_cmp(&last(b)).then(a.name.cmp(&b.name)));
        panels.extend(small_multiples(series, true, |k, count| {
            let title = if count > 1 {
                format!("{what} ({} of {count})", k + 1)
            } else {
                what.to_string()
            };
            let mut p = Panel::new(&title, "n (discs)", "moves (log scale)");
            p.log_y = true;
            p
        }));
    }
    Figure::grid(
        "Moves of every variant's default function against n (the report's and the recorded searches)",
        panels,
        2,
        640,
    )
}

/// `search-optimum`: the algorithm (line) against the optimum found by search (points), for
/// every variant's default function that the search reached for at least three n.
pub(super) fn optimum_figure(facts: &[VariantFacts]) -> Figure {
    let mut panels = vec![];
    for f in facts {
        let dj = default_index(f);
        let opt = optimum_points(f, dj);
        if opt.len() < 3 {
            continue;
        }
        let last = opt.last().map_or(0.0, |p| p.0);
        let name = format!(
            "{}.{}{}",
            f.variant.id,
            f.variant.functions()[dj].name,
            role_tag(f, dj)
        );
        let mut p = Panel::new(&name, "n", "moves");
        p.log_y = true;
        p.series.push(Series::new(
            "",
            count_points(f, dj)
                .into_iter()
                .filter(|q| q.0 <= last)
                .collect(),
        ));
        p.series.push(
            Series::new("", opt)
                .mark(Mark::Points)
                .colour(Colour::Black),
        );
        p.note = match first_suboptimal(f, dj) {
            Some(x) => format!("n = {}: {} > {}", x.n, x.algorithm, x.minimum),
            None => "optimal".into(),
        };
        panels.push(p);
    }
    Figure::grid(
        "Algorithm (line) against the optimum found by search (points)",
        panels,
        4,
        SMALL,
    )
}

/// `optimal-solutions`: how many distinct shortest solutions there are, by n.
pub(super) fn solutions_figure(facts: &[VariantFacts]) -> Figure {
    let mut panels = vec![];
    for f in facts {
        let dj = default_index(f);
        let pts: Vec<(f64, f64)> = f.optima[dj]
            .iter()
            .filter_map(|o| o.solutions.as_ref().map(|c| (o.n as f64, to_f64(c))))
            .collect();
        if pts.len() < 3 {
            continue;
        }
        let mut p = Panel::new(
            &format!(
                "{}.{}{}",
                f.variant.id,
                f.variant.functions()[dj].name,
                if f.variant.functions()[dj].role == FunctionRole::Longest {
                    " (shortest solutions)"
                } else {
                    ""
                }
            ),
            "n",
            "optimal solutions",
        );
        p.log_y = true;
        p.series.push(Series::new("", pts).marker(Marker::Circle));
        panels.push(p);
    }
    Figure::grid(
        "Number of distinct optimal solutions against n (log scale)",
        panels,
        4,
        SMALL,
    )
}

/// `hanoi-graph`: the state graph of classic Hanoi with three discs (a Sierpiński triangle
/// of order 3) and the path the recursive algorithm takes, from the start corner (every
/// disc on pin 0) to the goal corner (every disc on pin 2).
pub(super) fn hanoi_graph_figure(drawn: &DrawnGraph) -> Result<Figure, ReportError> {
    let (puzzle, g) = (&drawn.puzzle, &drawn.graph);
    let n = puzzle.discs.len() as i64;
    // The Sierpiński layout (Hinz et al., The Tower of Hanoi - Myths and Maths, Chapter 2).
    let points = crate::graph::layout::three_pin_layout(puzzle, g)
        .map_err(|e| ReportError(format!("classic n = {n}: {e}")))?;
    let mut edges = vec![];
    for u in 0..g.len() {
        for &(w, _) in g.edges(u) {
            if u < w {
                edges.push((u, w));
            }
        }
    }
    let mut path = vec![0usize];
    for &m in &drawn.moves {
        let at = *path.last().unwrap_or(&0);
        let Some(&(next, _)) = g.edges(at).iter().find(|(_, mv)| *mv == m) else {
            return Err(ReportError(format!(
                "classic n = {n}: the algorithm's move {m:?} is not an edge of the state graph"
            )));
        };
        path.push(next);
    }
    let p = crate::output::plot_data::graph_panel(
        &points,
        &edges,
        &path,
        format!("the algorithm's {} moves", path.len() - 1),
        "start: every disc on pin 0".into(),
        "goal: every disc on pin 2".into(),
    );
    Ok(Figure::grid(
        &format!(
            "Classic Hanoi, n = {n}: {} states, legal moves and the solution path",
            g.len()
        ),
        vec![p],
        1,
        620,
    ))
}

/// `search-layers`: how many states lie at each distance from the start (the BFS layers),
/// with the goal's distance marked.
pub(super) fn layers_figure(rows: &[(String, Vec<u64>, Option<u64>)]) -> Figure {
    let panels = rows
        .iter()
        .map(|(name, layers, goal)| {
            let mut p = Panel::new(name, "distance from the start (moves)", "states");
            p.series.push(
                Series::new(
                    "",
                    layers
                        .iter()
                        .enumerate()
                        .map(|(d, &k)| (d as f64, k as f64))
                        .collect(),
                )
                .mark(Mark::Bars),
            );
            if let Some(gd) = goal {
                p.guides.push(Guide {
                    horizontal: false,
                    value: *gd as f64,
                    text: format!("goal: {gd}"),
                });
            }
            p
        })
        .collect();
    Figure::grid(
        "Breadth-first search: states at each distance from the start",
        panels,
        2,
        560,
    )
}

/// `frame-stewart`: log2 T(n, p) against n^(1/(p-2)), one panel per p, so every p is on
/// its natural scale (close to a straight line: log2 T(n, p) grows like n^(1/(p-2))).
pub(super) fn frame_stewart_figure(grid: &[Vec<BigInt>], p_min: usize) -> Figure {
    let panels = (3..=10usize)
        .map(|p| {
            let col = &grid[p - p_min];
            let e = 1.0 / (p as f64 - 2.0);
            let pts: Vec<(f64, f64)> = (1..col.len())
                .map(|n| ((n as f64).powf(e), to_f64(&col[n]).log2()))
                .collect();
            let mut panel = Panel::new(
                &format!("p = {p}"),
                &if p == 3 {
                    "n".to_string()
                } else {
                    format!("n^(1/{})", p - 2)
                },
                "log2 T(n, p)",
            );
            panel.series.push(Series::new("", pts));
            panel
        })
        .collect();
    Figure::grid(
        "Frame–Stewart numbers: log2 T(n, p) against n^(1/(p-2)), n = 1..1000",
        panels,
        4,
        SMALL,
    )
}

/// `frame-stewart-splits`: the range k_min..k_max of optimal splits (bars; a dot where the
/// split is unique), p = 4, 5, 6.
pub(super) fn splits_figure(splits: &[(usize, SplitsByN)]) -> Figure {
    let panels = splits
        .iter()
        .map(|(p, by_n)| {
            let mut segs = vec![];
            let mut dots = vec![];
            for (n, ks) in by_n {
                let n = *n;
                let (Some(&a), Some(&z)) = (ks.first(), ks.last()) else {
                    continue;
                };
                if a == z {
                    dots.push((n as f64, a as f64));
                } else {
                    segs.push((n as f64, a as f64));
                    segs.push((n as f64, z as f64));
                }
            }
            let mut panel = Panel::new(&format!("p = {p}"), "n (discs)", "optimal split k");
            panel.series.push(
                Series::new("", segs)
                    .mark(Mark::Segments)
                    .colour(Colour::Palette(1))
                    .width(2),
            );
            panel.series.push(
                Series::new("", dots)
                    .mark(Mark::Points)
                    .colour(Colour::Palette(0)),
            );
            panel.note = "bar: several optimal k".into();
            panel
        })
        .collect();
    Figure::grid(
        "Frame–Stewart: every optimal split k (bottom discs moved on p-1 pegs), n = 1..60",
        panels,
        3,
        400,
    )
}

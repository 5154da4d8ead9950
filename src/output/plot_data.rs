//! The data behind `hanoilab plot`: the exact counts of variant functions over a range of
//! n ([`Variant::count_range`], the route `table` takes), the dominant term of each where
//! its transfer system gives one, and the [`Figure`] the report's renderer draws from
//! them. The counts stay exact ([`Curve::terms`]); only the points of the picture are
//! floats.

use super::chart::{Colour, Dash, Figure, Guide, Mark, Marker, Panel, Series};
use crate::facts::{Optimum, SearchBudget};
use crate::graph::histogram::{all_pairs_histogram, histogram_from, DistanceHistogram, Pairs};
use crate::graph::layout::{GraphDrawing, LayoutError, MAX_DRAWN_DISCS};
use crate::puzzle::config_text::{format_positions, parse_config, positions_of};
use crate::puzzle::{Config, Puzzle};
use crate::search::{state_graph, SearchError, SearchResult};
use crate::variants::{ResolvedTarget, Variant, VariantError};
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{Signed, ToPrimitive};

/// Most values of n one plot draws per target (a picture has no use for more, and each is
/// an exact count).
pub const MAX_POINTS: u64 = 10_000;

/// What a plot shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlotKind {
    /// The exact counts against n on a log axis (log10 of the counts on a linear axis when
    /// some exceed the float range).
    Counts,
    /// The ratio `a(n+1)/a(n)` of consecutive counts, which tends to the growth constant λ.
    Ratio,
    /// The relative distance `|a(n) / (c n^k λ^n) − 1|` from the dominant term, log axis.
    Error,
    /// The roots of the characteristic polynomial of the transfer system in the complex
    /// plane, against the unit circle.
    Roots,
    /// The layer sizes of a breadth-first search of the puzzle at one n: states at each
    /// distance from the start, log axis.
    Layers,
    /// The search optimum over a range of n against the algorithm's count, log axis.
    Optimum,
    /// The state graph of a three-pin puzzle at one n ([`graph_drawing`]).
    Graph,
    /// The distribution of distances in a state graph at one n ([`distances`]).
    Distances,
}

impl PlotKind {
    /// The name `--kind` spells.
    pub fn name(self) -> &'static str {
        match self {
            PlotKind::Counts => "counts",
            PlotKind::Ratio => "ratio",
            PlotKind::Error => "error",
            PlotKind::Roots => "roots",
            PlotKind::Layers => "layers",
            PlotKind::Optimum => "optimum",
            PlotKind::Graph => "graph",
            PlotKind::Distances => "distances",
        }
    }
}

/// Why a plot cannot be made: the variant refused a count, or a target has nothing of the
/// kind asked for (no dominant term, no transfer system).
#[derive(Debug, thiserror::Error)]
pub enum PlotDataError {
    /// A count or the transfer system failed (boxed: variant errors carry file positions
    /// and are rare).
    #[error(transparent)]
    Variant(Box<VariantError>),
    /// The target has no data of this kind.
    #[error("{0}")]
    Unsuitable(String),
}

impl From<VariantError> for PlotDataError {
    fn from(e: VariantError) -> PlotDataError {
        PlotDataError::Variant(Box::new(e))
    }
}

/// The dominant term `c n^k λ^n` of a function's counts, as floats for the picture; `c`
/// per residue class of n modulo `c.len()` (two constants where `−λ` ties with `λ`).
#[derive(Clone, Debug, PartialEq)]
pub struct DominantTerm {
    /// λ approximately.
    pub lambda: f64,
    /// λ as the analysis writes it (exact form or certified decimals).
    pub lambda_text: String,
    /// The power of n.
    pub k: usize,
    /// The constant for n ≡ i (mod `c.len()`).
    pub c: Vec<f64>,
}

impl DominantTerm {
    /// The constant for this n.
    pub fn constant(&self, n: u64) -> f64 {
        self.c[(n % self.c.len() as u64) as usize]
    }
}

/// One target's data: its label, its exact counts, its dominant term if known.
#[derive(Clone, Debug, PartialEq)]
pub struct Curve {
    /// `VARIANT.FUNCTION` (with the parameters, if any).
    pub label: String,
    /// `(n, a(n))` for every n of the range, exact.
    pub terms: Vec<(u64, BigInt)>,
    /// The dominant term of the function's transfer-system component, where there is one.
    pub dominant: Option<DominantTerm>,
}

/// The label of a target in a figure: `variant.function`, then `[k=v;...]` when it has
/// parameters.
pub fn target_label(t: &ResolvedTarget) -> String {
    let mut s = format!("{}.{}", t.variant.id, t.function);
    if !t.params.is_empty() {
        let ps: Vec<String> = t.params.iter().map(|(k, v)| format!("{k}={v}")).collect();
        s.push_str(&format!("[{}]", ps.join(";")));
    }
    s
}

/// The exact counts of the target's function for n = a..=b ([`Variant::count_range`]);
/// the first n the variant refuses is the error.
///
/// ```
/// use hanoilab::output::plot_data::counts;
/// let t = hanoilab::variants::Target::parse("classic.T").unwrap().resolve().unwrap();
/// let terms = counts(&t, 1, 4).unwrap();
/// assert_eq!(terms[3], (4, 15.into()));
/// ```
pub fn counts(t: &ResolvedTarget, a: u64, b: u64) -> Result<Vec<(u64, BigInt)>, PlotDataError> {
    let mut terms = Vec::with_capacity(b.saturating_sub(a).min(MAX_POINTS) as usize + 1);
    let counted = t
        .variant
        .count_range(&t.function, (a..=b).map(|n| n as i64), &t.params);
    for (r, n) in counted.into_iter().zip(a..=b) {
        terms.push((n, r?));
    }
    Ok(terms)
}

/// The dominant term of the target's function: from the analysis of its variant's
/// transfer system, when the function's call is a component of it and the term is one
/// real `λ` (or `±λ` with a constant per parity) with a nonzero constant.
pub fn dominant_term(t: &ResolvedTarget) -> Result<Option<DominantTerm>, PlotDataError> {
    let Some((_, i)) = t.variant.function_component(&t.function, &t.params)? else {
        return Ok(None);
    };
    let Some(analysis) = t.variant.analysis(&t.params, 20)? else {
        return Ok(None);
    };
    let Some(d) = analysis.components.get(i).and_then(|c| c.dominant.as_ref()) else {
        return Ok(None);
    };
    let c = if d.ties.is_empty() {
        vec![decimal_f64(&d.c_decimal)]
    } else if !d.per_residue.is_empty() {
        let m = d.per_residue[0].modulus.max(1);
        (0..m)
            .map(|r| {
                d.per_residue
                    .iter()
                    .find(|p| p.residue == r)
                    .map_or(f64::NAN, |p| decimal_f64(&p.decimal))
            })
            .collect()
    } else {
        return Ok(None);
    };
    if d.lambda_approx <= 0.0 || c.iter().any(|x| !x.is_finite() || *x <= 0.0) {
        return Ok(None);
    }
    Ok(Some(DominantTerm {
        lambda: d.lambda_approx,
        lambda_text: d.lambda.clone(),
        k: d.k,
        c,
    }))
}

/// The number a certified decimal text starts with (`1.5`, `-2.0e-3`, `0.3333… (certified)`).
fn decimal_f64(text: &str) -> f64 {
    let t: String = text
        .trim()
        .chars()
        .take_while(|c| c.is_ascii_digit() || matches!(c, '.' | '-' | '+' | 'e' | 'E'))
        .collect();
    t.parse().unwrap_or(f64::NAN)
}

/// The curve of one target for n = a..=b: its exact counts, and its dominant term when
/// `with_dominant` (the ratio and error plots need it).
pub fn curve(
    t: &ResolvedTarget,
    a: u64,
    b: u64,
    with_dominant: bool,
) -> Result<Curve, PlotDataError> {
    Ok(Curve {
        label: target_label(t),
        terms: counts(t, a, b)?,
        dominant: if with_dominant {
            dominant_term(t)?
        } else {
            None
        },
    })
}

/// `ln v` for a positive integer of any size (`-inf` for 0).
fn ln_big(v: &BigInt) -> f64 {
    let bits = v.bits();
    if bits <= 1000 {
        return v.to_f64().map_or(f64::NAN, f64::ln);
    }
    let shift = bits - 64;
    (v >> shift).to_f64().map_or(f64::NAN, f64::ln) + shift as f64 * std::f64::consts::LN_2
}

/// `num / den` as a float, both scaled down together so that neither leaves the float
/// range.
fn ratio_f64(num: &BigInt, den: &BigInt) -> f64 {
    let shift = num.bits().max(den.bits()).saturating_sub(1000);
    match ((num >> shift).to_f64(), (den >> shift).to_f64()) {
        (Some(x), Some(y)) => x / y,
        _ => f64::NAN,
    }
}

/// The points of a counts plot: `(n, a(n))`, or `(n, log10 a(n))` for the positive terms
/// when `log10` (for counts past the float range).
pub fn count_points(terms: &[(u64, BigInt)], log10: bool) -> Vec<(f64, f64)> {
    terms
        .iter()
        .filter(|(_, v)| !log10 || v.is_positive())
        .map(|(n, v)| {
            let y = if log10 {
                ln_big(v) / std::f64::consts::LN_10
            } else {
                v.to_f64().unwrap_or(f64::NAN)
            };
            (*n as f64, y)
        })
        .collect()
}

/// `(n, a(n+1)/a(n))` for consecutive terms with `a(n) > 0`.
pub fn ratio_points(terms: &[(u64, BigInt)]) -> Vec<(f64, f64)> {
    terms
        .windows(2)
        .filter(|w| w[1].0 == w[0].0 + 1 && w[0].1.is_positive())
        .map(|w| (w[0].0 as f64, ratio_f64(&w[1].1, &w[0].1)))
        .collect()
}

/// `(n, |a(n) / (c n^k λ^n) − 1|)` for n >= 1, by logarithms (so counts past the float
/// range are drawn too), leaving out values at the level of the rounding of those
/// logarithms (about 1e-15 of `ln a(n)`, and at least 1e-13).
pub fn error_points(terms: &[(u64, BigInt)], d: &DominantTerm) -> Vec<(f64, f64)> {
    terms
        .iter()
        .filter(|(n, v)| *n >= 1 && v.is_positive())
        .filter_map(|(n, v)| {
            let nf = *n as f64;
            let ln_a = ln_big(v);
            let x = ln_a - d.constant(*n).ln() - d.k as f64 * nf.ln() - nf * d.lambda.ln();
            let e = x.exp_m1().abs();
            let floor = (4.0 * f64::EPSILON * (1.0 + ln_a.abs())).max(1e-13);
            (e.is_finite() && e > floor).then_some((nf, e))
        })
        .collect()
}

/// λ for a label: an exact form as it is, decimals to 6 digits.
fn short_lambda(text: &str) -> String {
    if text.chars().all(|c| c.is_ascii_digit() || c == '.') && text.len() > 8 {
        format!("{}…", &text[..8])
    } else {
        text.replace("sqrt ", "√")
    }
}

/// The figure of one kind of plot (not [`PlotKind::Roots`]: see [`roots_figure`]) over
/// the curves: one line per target, labelled at its end, told apart by colour, dash and
/// marker. The ratio plot marks each distinct λ with a dashed guide; the error plot needs
/// every curve's dominant term.
///
/// ```
/// use hanoilab::output::plot_data::{curve, figure, PlotKind};
/// let t = hanoilab::variants::Target::parse("classic.T").unwrap().resolve().unwrap();
/// let fig = figure(PlotKind::Counts, &[curve(&t, 1, 10, false).unwrap()]).unwrap();
/// assert_eq!(fig.panels[0].series[0].points[9], (10.0, 1023.0));
/// ```
pub fn figure(kind: PlotKind, curves: &[Curve]) -> Result<Figure, PlotDataError> {
    let names: Vec<&str> = curves.iter().map(|c| c.label.as_str()).collect();
    let what = names.join(", ");
    let mut panel = match kind {
        PlotKind::Counts => Panel::new("", "n (discs)", "moves (log scale)"),
        PlotKind::Ratio => Panel::new("", "n (discs)", "a(n+1) / a(n)"),
        PlotKind::Error => Panel::new("", "n (discs)", "|a(n) / (c n^k λ^n) − 1|"),
        PlotKind::Roots
        | PlotKind::Layers
        | PlotKind::Optimum
        | PlotKind::Graph
        | PlotKind::Distances => {
            return Err(PlotDataError::Unsuitable(format!(
                "the {} plot is drawn by {}_figure",
                kind.name(),
                kind.name()
            )))
        }
    };
    panel.log_y = kind != PlotKind::Ratio;
    // Counts past the float range: log10 of every curve on a linear axis.
    let log10 = kind == PlotKind::Counts
        && curves
            .iter()
            .any(|c| c.terms.iter().any(|(_, v)| v.bits() > 1000));
    if log10 {
        panel.log_y = false;
        panel.y_label = "log10 of the moves".into();
    }
    let mut lambdas: Vec<(f64, String)> = vec![];
    for (i, c) in curves.iter().enumerate() {
        let points = match kind {
            PlotKind::Counts => count_points(&c.terms, log10),
            PlotKind::Ratio => ratio_points(&c.terms),
            _ => {
                let d = c.dominant.as_ref().ok_or_else(|| {
                    PlotDataError::Unsuitable(format!(
                        "{}: no dominant term c n^k λ^n to measure the distance from (no \
                         transfer-system component with one real λ and a positive constant)",
                        c.label
                    ))
                })?;
                error_points(&c.terms, d)
            }
        };
        if let Some(d) = &c.dominant {
            if !lambdas.iter().any(|(l, _)| (l - d.lambda).abs() < 1e-9) {
                lambdas.push((d.lambda, short_lambda(&d.lambda_text)));
            }
        }
        panel
            .series
            .push(Series::new(c.label.clone(), points).styled(i).labelled());
    }
    if kind == PlotKind::Ratio {
        for (l, t) in lambdas {
            panel.guides.push(Guide {
                horizontal: true,
                value: l,
                text: format!("λ = {t}"),
            });
        }
    }
    let title = match kind {
        PlotKind::Counts => format!("{what}: moves against n"),
        PlotKind::Ratio => format!("{what}: a(n+1) / a(n) → λ"),
        _ => format!("{what}: relative distance from the dominant term c n^k λ^n"),
    };
    Ok(Figure::single(&title, panel))
}

/// The roots of the characteristic polynomial of a variant's transfer system (for these
/// parameters), factor by factor (one series of points each, named by the factor and its
/// multiplicity), with the unit circle dashed: roots outside it grow, on it stay bounded
/// or grow polynomially, inside decay.
pub fn roots_panel(t: &ResolvedTarget) -> Result<Panel, PlotDataError> {
    let label = target_label(t);
    let sys = t.variant.transfer_system(&t.params)?.ok_or_else(|| {
        PlotDataError::Unsuitable(format!(
            "{label}: the variant has no transfer system, so no characteristic polynomial"
        ))
    })?;
    let m = sys.to_matrix().map_err(|e| VariantError::Algebra {
        variant: t.variant.id.clone(),
        message: e.to_string(),
    })?;
    let poly = m.charpoly().map_err(|e| VariantError::Algebra {
        variant: t.variant.id.clone(),
        message: e.to_string(),
    })?;
    let fact = crate::algebra::factor(&poly).map_err(|e| VariantError::Algebra {
        variant: t.variant.id.clone(),
        message: e.to_string(),
    })?;
    let mut p = Panel::new(&variant_label(&t.variant, t), "real part", "imaginary part");
    p.equal_aspect = true;
    p.legend = true;
    p.series.push(unit_circle());
    const MARKERS: [Marker; 4] = [
        Marker::Circle,
        Marker::Square,
        Marker::Triangle,
        Marker::Cross,
    ];
    for (i, (factor, e)) in fact.factors.iter().enumerate() {
        let pts: Vec<(f64, f64)> = crate::algebra::roots(factor, 12)
            .iter()
            .map(|z| {
                let c = z.to_f64();
                (c.re, c.im)
            })
            .collect();
        let mult = if *e > 1 {
            format!(" (multiplicity {e})")
        } else {
            String::new()
        };
        p.series.push(
            Series::new(format!("{}{mult}", factor.to_string_in("E")), pts)
                .mark(Mark::Points)
                .colour(Colour::Palette(i))
                .marker(MARKERS[i % 4]),
        );
    }
    p.note = "dashed: the unit circle".into();
    Ok(p)
}

/// A variant with its parameters, for a roots panel's title (the polynomial is the
/// variant's, whichever function the target names).
fn variant_label(v: &Variant, t: &ResolvedTarget) -> String {
    let mut s = v.id.clone();
    if !t.params.is_empty() {
        let ps: Vec<String> = t.params.iter().map(|(k, v)| format!("{k}={v}")).collect();
        s.push_str(&format!("[{}]", ps.join(";")));
    }
    s
}

/// The roots figure: one panel per distinct variant (with its parameters) among the
/// targets, side by side up to three to a row.
pub fn roots_figure(targets: &[ResolvedTarget]) -> Result<Figure, PlotDataError> {
    let mut seen: Vec<String> = vec![];
    let mut panels = vec![];
    for t in targets {
        let key = variant_label(&t.variant, t);
        if seen.contains(&key) {
            continue;
        }
        seen.push(key);
        panels.push(roots_panel(t)?);
    }
    let columns = panels.len().min(3);
    let title = format!(
        "{}: roots of the characteristic polynomial",
        seen.join(", ")
    );
    Ok(Figure::grid(
        &title,
        panels,
        columns,
        if columns == 1 { 620 } else { 420 },
    ))
}

/// The budget of the searches the layers and optimum plots draw from: the report's
/// ([`SearchBudget::REPORT`], answered by the same per-process cache).
pub const SEARCH_BUDGET: SearchBudget = SearchBudget::REPORT;

/// The breadth-first search of the target's puzzle at `n` (layer sizes up to the goal's
/// distance), within [`SEARCH_BUDGET`]; a puzzle beyond it is refused.
///
/// ```
/// use hanoilab::output::plot_data::search_layers;
/// let t = hanoilab::variants::Target::parse("classic.T").unwrap().resolve().unwrap();
/// assert_eq!(search_layers(&t, 2).unwrap().layers, vec![1, 2, 2, 4]);
/// ```
pub fn search_layers(t: &ResolvedTarget, n: u64) -> Result<SearchResult, PlotDataError> {
    let puzzle = t.variant.puzzle(&t.function, n as i64, &t.params)?;
    SEARCH_BUDGET.search(&puzzle, false).map_err(|b| {
        PlotDataError::Unsuitable(format!(
            "{} n = {n}: beyond the search budget of a plot ({b}; at most {} states)",
            target_label(t),
            SEARCH_BUDGET.max_states
        ))
    })
}

/// `layers`: the states at each distance from the start (bars, log axis), the goal's
/// distance marked.
pub fn layers_figure(t: &ResolvedTarget, n: u64, r: &SearchResult) -> Figure {
    let mut p = Panel::new("", "distance from the start (moves)", "states (log scale)");
    p.log_y = true;
    p.series.push(
        Series::new(
            "",
            r.layers
                .iter()
                .enumerate()
                .map(|(d, &k)| (d as f64, k as f64))
                .collect(),
        )
        .mark(Mark::Bars),
    );
    if let Some(m) = r.minimum {
        p.guides.push(Guide {
            horizontal: false,
            value: m as f64,
            text: format!("goal: {m} moves"),
        });
    }
    Figure::single(
        &format!(
            "{}, n = {n}: states at each distance from the start (breadth-first search)",
            target_label(t)
        ),
        p,
    )
}

/// The search optima of the target for n = a..=b, while the searches stay within
/// [`SEARCH_BUDGET`] (the list ends at the first n beyond it); none is an error.
pub fn search_optima(t: &ResolvedTarget, a: u64, b: u64) -> Result<Vec<Optimum>, PlotDataError> {
    let o = crate::facts::optima(
        &t.variant,
        &t.function,
        &t.params,
        (a as i64)..=(b as i64),
        &SEARCH_BUDGET,
    );
    if o.is_empty() {
        return Err(PlotDataError::Unsuitable(format!(
            "{} n = {a}: beyond the search budget of a plot (at most {} states)",
            target_label(t),
            SEARCH_BUDGET.max_states
        )));
    }
    Ok(o)
}

/// `optimum`: the algorithm's count (a line, where the function has one for these n)
/// against the search optimum (crosses), log axis.
pub fn optimum_figure(t: &ResolvedTarget, optima: &[Optimum]) -> Figure {
    let label = target_label(t);
    let mut p = Panel::new("", "n (discs)", "moves (log scale)");
    p.log_y = true;
    let (a, b) = (
        optima.first().map_or(0, |o| o.n),
        optima.last().map_or(0, |o| o.n),
    );
    if let Ok(terms) = counts(t, a as u64, b as u64) {
        p.series.push(
            Series::new(
                format!("the algorithm {label}"),
                count_points(&terms, false),
            )
            .styled(0)
            .labelled(),
        );
    } else {
        p.note = "no count of the algorithm at these n".into();
    }
    p.series.push(
        Series::new(
            "search optimum",
            optima
                .iter()
                .filter_map(|o| o.minimum.map(|m| (o.n as f64, m as f64)))
                .collect(),
        )
        .mark(Mark::Points)
        .colour(Colour::Black)
        .marker(Marker::Cross)
        .labelled(),
    );
    Figure::single(
        &format!("{label}: the algorithm's moves against the search optimum, n = {a}..{b}"),
        p,
    )
}

/// Most states a distance histogram walks: from one configuration a breadth-first search,
/// over all pairs one search per orbit of the pin symmetries, 64 sources at a time.
pub const MAX_HISTOGRAM_STATES: usize = 100_000;

/// The configuration `text` (a pin per disc, largest first, or `tower:P`) of `puzzle`, or
/// `default` without one; `which` names it in the error.
fn end_config(
    label: &str,
    n: u64,
    puzzle: &Puzzle,
    which: &str,
    text: Option<&str>,
    default: &Config,
) -> Result<Config, PlotDataError> {
    match text {
        None => Ok(default.clone()),
        Some(text) => parse_config(puzzle, text)
            .map_err(|e| PlotDataError::Unsuitable(format!("{label} n = {n}: {which} {e}"))),
    }
}

/// `graph`: the state graph of the target's puzzle at `n` discs (three pins, at most
/// [`MAX_DRAWN_DISCS`] discs) placed by the Sierpiński layout, with one shortest path from
/// `from` to `to` (configurations as text; the function's start and goal without them).
///
/// ```
/// use hanoilab::output::plot_data::graph_drawing;
/// let t = hanoilab::variants::Target::parse("classic.T").unwrap().resolve().unwrap();
/// let d = graph_drawing(&t, 3, Some("012"), Some("tower:1")).unwrap();
/// assert_eq!((d.from.as_str(), d.to.as_str(), d.distance()), ("012", "111", 7));
/// ```
pub fn graph_drawing(
    t: &ResolvedTarget,
    n: u64,
    from: Option<&str>,
    to: Option<&str>,
) -> Result<GraphDrawing, PlotDataError> {
    let label = target_label(t);
    let refused = |e: LayoutError| PlotDataError::Unsuitable(format!("{label} n = {n}: {e}"));
    if n > MAX_DRAWN_DISCS as u64 {
        return Err(refused(LayoutError::TooManyDiscs {
            n: usize::try_from(n).unwrap_or(usize::MAX),
            max: MAX_DRAWN_DISCS,
        }));
    }
    let puzzle = t.variant.puzzle(&t.function, n as i64, &t.params)?;
    if puzzle.pins != 3 {
        return Err(refused(LayoutError::NotThreePins { pins: puzzle.pins }));
    }
    let a = end_config(&label, n, &puzzle, "from", from, &puzzle.start)?;
    let b = end_config(&label, n, &puzzle, "to", to, &puzzle.goal)?;
    GraphDrawing::new(&puzzle, &a, &b).map_err(refused)
}

/// A drawn state graph as one panel without axes: the moves as grey segments (`edges`,
/// pairs of states), `path` (states, in order) as a coloured line over them, every state
/// as a point, the path's two ends as squares.
pub fn graph_panel(
    points: &[(f64, f64)],
    edges: &[(usize, usize)],
    path: &[usize],
    path_name: String,
    from_name: String,
    to_name: String,
) -> Panel {
    let mut p = Panel::new("", "", "");
    p.equal_aspect = true;
    p.legend = true;
    p.axes = false;
    p.series.push(
        Series::new(
            "legal move",
            edges
                .iter()
                .flat_map(|&(u, v)| [points[u], points[v]])
                .collect(),
        )
        .mark(Mark::Segments)
        .colour(Colour::Grey)
        .width(2),
    );
    p.series.push(
        Series::new(path_name, path.iter().map(|&i| points[i]).collect())
            .colour(Colour::Palette(1))
            .width(4),
    );
    p.series.push(
        Series::new("state", points.to_vec())
            .mark(Mark::Points)
            .colour(Colour::Black),
    );
    let ends = [
        (from_name, path.first(), Colour::Palette(2)),
        (to_name, path.last(), Colour::Palette(0)),
    ];
    for (name, at, colour) in ends {
        p.series.push(
            Series::new(name, at.map(|&i| points[i]).into_iter().collect())
                .mark(Mark::Points)
                .colour(colour)
                .marker(Marker::Square),
        );
    }
    p
}

/// `graph`: the picture of a [`GraphDrawing`] of `label` (a target or a variant).
pub fn graph_figure(label: &str, d: &GraphDrawing) -> Figure {
    let moves = d.distance();
    let mut p = graph_panel(
        &d.points,
        &d.edges,
        &d.path,
        format!(
            "a shortest path: {moves} move{}",
            if moves == 1 { "" } else { "s" }
        ),
        format!("from {}", d.from),
        format!("to {}", d.to),
    );
    if d.one_way {
        p.note = "some moves are one way: a segment joins states a move joins in either direction"
            .into();
    }
    Figure::grid(
        &format!(
            "{label}, n = {}: {} states, legal moves and a shortest path from {} to {}",
            d.discs,
            d.points.len(),
            d.from,
            d.to
        ),
        vec![p],
        1,
        620,
    )
}

/// The distances a `distances` plot draws: from one configuration or over all pairs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Distances {
    /// The target's label ([`target_label`]).
    pub label: String,
    /// Discs.
    pub n: u64,
    /// The configuration the distances are measured from, as text (`None`: all pairs, or
    /// a start that is not a pin per disc).
    pub from: Option<String>,
    /// The counts.
    pub histogram: DistanceHistogram,
}

/// `distances`: the distribution of distances in the state graph of the target's puzzle at
/// `n` discs (the states its start reaches, at most [`MAX_HISTOGRAM_STATES`]), from the
/// configuration `from` (the function's start without one) or over all pairs.
///
/// ```
/// use hanoilab::output::plot_data::distances;
/// let t = hanoilab::variants::Target::parse("classic.T").unwrap().resolve().unwrap();
/// let d = distances(&t, 2, None, false).unwrap();
/// assert_eq!(d.histogram.counts, vec![1, 2, 2, 4]); // 2^(binary digit sum of d)
/// assert_eq!(distances(&t, 2, None, true).unwrap().histogram.counts, vec![0, 12, 12, 12]);
/// ```
pub fn distances(
    t: &ResolvedTarget,
    n: u64,
    from: Option<&str>,
    all_pairs: bool,
) -> Result<Distances, PlotDataError> {
    let label = target_label(t);
    let puzzle = t.variant.puzzle(&t.function, n as i64, &t.params)?;
    let source = match (from, all_pairs) {
        (Some(_), true) => {
            return Err(PlotDataError::Unsuitable(format!(
                "{label} n = {n}: distances from one configuration or over all pairs, not both"
            )))
        }
        (Some(_), false) => Some(end_config(&label, n, &puzzle, "from", from, &puzzle.start)?),
        (None, _) => None,
    };
    let g = state_graph(&puzzle, MAX_HISTOGRAM_STATES).map_err(|e| match e {
        SearchError::MemoryLimit { .. } => PlotDataError::Unsuitable(format!(
            "{label} n = {n}: the start reaches more states than a distance histogram \
                 walks (at most {MAX_HISTOGRAM_STATES})"
        )),
        e => PlotDataError::Unsuitable(format!("{label} n = {n}: {e}")),
    })?;
    let as_text = |c: &Config| positions_of(&puzzle, c).map(|p| format_positions(&p, puzzle.pins));
    let (histogram, from) = if all_pairs {
        (all_pairs_histogram(&g), None)
    } else {
        let c = source.unwrap_or_else(|| puzzle.start.clone());
        let Some(i) = g.index_of(&c) else {
            return Err(PlotDataError::Unsuitable(format!(
                "{label} n = {n}: from `{}`: not reachable from the start{} under the rules",
                from.unwrap_or_default(),
                as_text(&puzzle.start)
                    .map(|s| format!(" {s}"))
                    .unwrap_or_default()
            )));
        };
        (histogram_from(&g, i), as_text(&c))
    };
    Ok(Distances {
        label,
        n,
        from,
        histogram,
    })
}

/// `distances`: configurations (or pairs) at each distance as bars, the mean distance
/// (exact, as a fraction and a decimal) and the largest distance in the title.
pub fn distances_figure(d: &Distances) -> Figure {
    let h = &d.histogram;
    let mut p = Panel::new("", "distance (moves)", what_is_counted(d));
    p.series.push(
        Series::new(
            "",
            h.counts
                .iter()
                .enumerate()
                .map(|(k, &c)| (k as f64, c as f64))
                .collect(),
        )
        .mark(Mark::Bars),
    );
    // The last bar whole: the axis ends one past the largest distance.
    p.x_range = Some((0.0, h.counts.len() as f64));
    let total = h.total();
    if total > 0 {
        let mean = BigRational::new(BigInt::from(h.distance_sum()), BigInt::from(total));
        let approx = mean.to_f64().unwrap_or(f64::NAN);
        p.guides.push(Guide {
            horizontal: false,
            value: approx,
            text: format!("mean {mean} = {approx:.4}"),
        });
    }
    if h.unreachable > 0 {
        p.note = format!("{} not reachable", h.unreachable);
    }
    let whose = match (&d.from, h.pairs) {
        (Some(c), Pairs::FromOne) => format!("distances from {c}"),
        (None, Pairs::FromOne) => "distances from the start".to_string(),
        (_, Pairs::Unordered) => format!("distances over all {total} pairs of states"),
        (_, Pairs::Ordered) => format!("distances over all {total} ordered pairs of states"),
    };
    Figure::single(
        &format!(
            "{}, n = {}: {whose} (largest {})",
            d.label,
            d.n,
            h.max_distance()
        ),
        p,
    )
}

fn what_is_counted(d: &Distances) -> &'static str {
    match d.histogram.pairs {
        Pairs::FromOne => "states",
        Pairs::Unordered => "pairs of states",
        Pairs::Ordered => "ordered pairs of states",
    }
}

/// The unit circle as a thin grey dashed line, the reference of every roots panel (roots
/// outside it grow, on it stay bounded or grow polynomially, inside decay).
pub fn unit_circle() -> Series {
    let circle: Vec<(f64, f64)> = (0..=180)
        .map(|i| {
            let a = i as f64 * std::f64::consts::PI / 90.0;
            (a.cos(), a.sin())
        })
        .collect();
    Series::new("", circle)
        .colour(Colour::Grey)
        .dash(Dash::Dashed)
        .width(1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::Target;

    fn target(s: &str) -> ResolvedTarget {
        Target::parse(s).unwrap().resolve().unwrap()
    }

    #[test]
    fn logarithms_and_ratios_of_integers_past_the_float_range() {
        let big = BigInt::from(3).pow(2000);
        let ln3 = 3f64.ln();
        assert!((ln_big(&big) / 2000.0 - ln3).abs() < 1e-12);
        let next = &big * 3;
        assert!((ratio_f64(&next, &big) - 3.0).abs() < 1e-15);
        assert!((ln_big(&BigInt::from(1000)) - 1000f64.ln()).abs() < 1e-15);
    }

    #[test]
    fn the_classic_ratio_tends_to_two_and_its_distance_halves() {
        // T(n) = 2^n - 1: the ratio (2^(n+1) - 1)/(2^n - 1) and the distance 2^-n from
        // the dominant term 2^n, computed here in closed form.
        let t = target("classic.T");
        let c = curve(&t, 1, 40, true).unwrap();
        let d = c.dominant.clone().unwrap();
        assert!((d.lambda - 2.0).abs() < 1e-12 && d.k == 0 && (d.c[0] - 1.0).abs() < 1e-12);
        for (n, r) in ratio_points(&c.terms) {
            let want = (2f64.powf(n + 1.0) - 1.0) / (2f64.powf(n) - 1.0);
            assert!((r - want).abs() < 1e-12, "n = {n}");
        }
        let e = error_points(&c.terms, &d);
        assert!(!e.is_empty());
        for (n, x) in e {
            // Within the rounding of ln a(n) (a few epsilons of n ln 2).
            let tolerance = 8.0 * f64::EPSILON * (1.0 + n * 2f64.ln());
            assert!((x - 2f64.powf(-n)).abs() < tolerance, "n = {n}: {x}");
        }
    }

    #[test]
    fn counts_past_the_float_range_are_drawn_as_log10() {
        let t = target("classic.T");
        let c = curve(&t, 1000, 1100, false).unwrap();
        let fig = figure(PlotKind::Counts, &[c]).unwrap();
        let p = &fig.panels[0];
        assert!(!p.log_y);
        let (n, y) = *p.series[0].points.last().unwrap();
        assert_eq!(n, 1100.0);
        assert!((y - 1100.0 * 2f64.log10()).abs() < 1e-9);
    }

    #[test]
    fn an_error_plot_needs_a_dominant_term() {
        let c = Curve {
            label: "x.F".into(),
            terms: vec![(1, 1.into()), (2, 2.into())],
            dominant: None,
        };
        let e = figure(PlotKind::Error, &[c]).unwrap_err();
        assert!(e.to_string().contains("x.F: no dominant term"), "{e}");
    }

    #[test]
    fn the_roots_of_the_classic_system_are_one_and_two() {
        let p = roots_panel(&target("classic.T")).unwrap();
        let mut roots: Vec<(f64, f64)> = p.series[1..]
            .iter()
            .flat_map(|s| s.points.clone())
            .collect();
        roots.sort_by(|a, b| a.0.total_cmp(&b.0));
        assert_eq!(roots.len(), 2);
        assert!((roots[0].0 - 1.0).abs() < 1e-9 && (roots[1].0 - 2.0).abs() < 1e-9);
    }
}

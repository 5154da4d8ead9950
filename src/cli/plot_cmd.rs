//! `hanoilab plot`: checks the file name, the range and the targets before any count, asks
//! the library for the data ([`crate::output::plot_data`]) and writes the picture whole.

use super::args::PlotKind as KindArg;
use super::common::{check_digits, resolve, Target};
use super::graph_cmd::config_arg;
use super::validate::parse_range;
use super::CliError;
use crate::output::plot_data::{self, PlotDataError, PlotKind, MAX_POINTS};
use clap::ValueEnum;
use std::path::Path;

/// The configurations of `--kind graph` and `--kind distances`.
#[derive(Clone, Copy, Debug, Default)]
pub struct Ends<'a> {
    /// `--from`.
    pub from: Option<&'a str>,
    /// `--to`.
    pub to: Option<&'a str>,
    /// `--all-pairs`.
    pub all_pairs: bool,
}

/// `hanoilab plot TARGET[,TARGET...] --n A..B --kind K -o FILE.svg|FILE.png`; `layers`
/// and `optimum` draw one target from the search (within the plot's search budget), `graph`
/// and `distances` one target's state graph at one n.
pub fn plot_cmd(
    targets: &str,
    range: &str,
    kind: KindArg,
    output: &Path,
    params: &[String],
    max_digits: u64,
    ends: Ends,
) -> Result<(), CliError> {
    check_output(output)?;
    check_ends(kind, &ends)?;
    let from = config_arg("--from", ends.from)?;
    let to = config_arg("--to", ends.to)?;
    if !cfg!(feature = "plots") {
        return Err(no_renderer(output));
    }
    let kind = match kind {
        KindArg::Counts => PlotKind::Counts,
        KindArg::Ratio => PlotKind::Ratio,
        KindArg::Error => PlotKind::Error,
        KindArg::Roots => PlotKind::Roots,
        KindArg::Layers => PlotKind::Layers,
        KindArg::Optimum => PlotKind::Optimum,
        KindArg::Graph => PlotKind::Graph,
        KindArg::Distances => PlotKind::Distances,
    };
    let (a, b) = parse_range("--n", range)?;
    if b - a >= MAX_POINTS {
        return Err(CliError::input(format!(
            "--n `{range}`: {} values of n, more than a plot draws (at most {MAX_POINTS})",
            b - a + 1
        )));
    }
    let targets: Vec<Target> = split_targets(targets)?
        .iter()
        .map(|t| resolve(t, params))
        .collect::<Result<_, _>>()?;
    let searched = matches!(
        kind,
        PlotKind::Layers | PlotKind::Optimum | PlotKind::Graph | PlotKind::Distances
    );
    if searched && targets.len() != 1 {
        return Err(CliError::input(format!(
            "--kind {}: draws one target (got {})",
            kind.name(),
            targets.len()
        )));
    }
    let one_n = matches!(
        kind,
        PlotKind::Layers | PlotKind::Graph | PlotKind::Distances
    );
    if one_n && a != b {
        return Err(CliError::input(format!(
            "--kind {}: draws one n (`--n N`), not the range `{range}`",
            kind.name()
        )));
    }
    let figure = if kind == PlotKind::Roots {
        plot_data::roots_figure(&targets).map_err(data_error)?
    } else if kind == PlotKind::Graph {
        let d = plot_data::graph_drawing(&targets[0], b, from.as_deref(), to.as_deref())
            .map_err(data_error)?;
        plot_data::graph_figure(&plot_data::target_label(&targets[0]), &d)
    } else if kind == PlotKind::Distances {
        let d = plot_data::distances(&targets[0], b, from.as_deref(), ends.all_pairs)
            .map_err(data_error)?;
        plot_data::distances_figure(&d)
    } else if kind == PlotKind::Layers {
        let r = plot_data::search_layers(&targets[0], b).map_err(data_error)?;
        plot_data::layers_figure(&targets[0], b, &r)
    } else if kind == PlotKind::Optimum {
        let optima = plot_data::search_optima(&targets[0], a, b).map_err(data_error)?;
        plot_data::optimum_figure(&targets[0], &optima)
    } else {
        let mut curves = Vec::with_capacity(targets.len());
        for t in &targets {
            let what = format!("plot {} --n {a}..{b}", plot_data::target_label(t));
            check_digits(
                &what,
                t,
                std::slice::from_ref(&t.function),
                a,
                b,
                max_digits,
            )?;
            for n in [a, b] {
                if let Some(e) = t.variant.memo_refusal(&t.function, n as i64, &t.params) {
                    return Err(CliError::input(e.to_string()));
                }
            }
            curves.push(plot_data::curve(t, a, b, kind != PlotKind::Counts).map_err(data_error)?);
        }
        plot_data::figure(kind, &curves).map_err(data_error)?
    };
    write(&figure, output)
}

/// The targets of a comma-separated list; commas inside `[...]` belong to a target's
/// parameters.
fn split_targets(list: &str) -> Result<Vec<String>, CliError> {
    let mut out = vec![];
    let mut depth = 0i32;
    let mut current = String::new();
    for ch in list.chars() {
        match ch {
            '[' => depth += 1,
            ']' => depth -= 1,
            ',' if depth == 0 => {
                out.push(std::mem::take(&mut current));
                continue;
            }
            _ => {}
        }
        current.push(ch);
    }
    out.push(current);
    let out: Vec<String> = out.into_iter().map(|t| t.trim().to_string()).collect();
    if out.iter().any(String::is_empty) {
        return Err(CliError::input(format!(
            "plot `{list}`: an empty target in the list (expected TARGET[,TARGET...], e.g. \
             classic.T,rainbow.DDD)"
        )));
    }
    if out
        .iter()
        .filter(|t| t.split('.').next() == Some("-"))
        .count()
        > 1
    {
        return Err(CliError::input(format!(
            "plot `{list}`: standard input (`-`) can be read for one target only"
        )));
    }
    Ok(out)
}

/// `--from`, `--to` and `--all-pairs` belong to the kinds that use them, and `--all-pairs`
/// measures from no one configuration.
fn check_ends(kind: KindArg, ends: &Ends) -> Result<(), CliError> {
    let name = kind
        .to_possible_value()
        .map_or_else(String::new, |v| v.get_name().to_string());
    let graph = kind == KindArg::Graph;
    let distances = kind == KindArg::Distances;
    let misplaced = [
        (
            "--from",
            ends.from.is_some() && !(graph || distances),
            "graph or distances",
        ),
        ("--to", ends.to.is_some() && !graph, "graph"),
        ("--all-pairs", ends.all_pairs && !distances, "distances"),
    ];
    if let Some((flag, _, kinds)) = misplaced.iter().find(|m| m.1) {
        return Err(CliError::input(format!(
            "{flag}: belongs to --kind {kinds}, not --kind {name}"
        )));
    }
    if ends.all_pairs && ends.from.is_some() {
        return Err(CliError::input(
            "--all-pairs: the distances over all pairs start from no one configuration; drop --from"
                .to_string(),
        ));
    }
    Ok(())
}

/// The output file: `.svg` or `.png`, in a folder that exists, not a folder itself.
fn check_output(output: &Path) -> Result<(), CliError> {
    let shown = output.display();
    match output.extension().and_then(|e| e.to_str()) {
        Some("svg" | "png") => {}
        _ => {
            return Err(CliError::input(format!(
                "-o `{shown}`: expected a file name ending in .svg or .png"
            )))
        }
    }
    if output.is_dir() {
        return Err(CliError::input(format!("-o `{shown}`: is a folder")));
    }
    match output.parent() {
        Some(d) if !d.as_os_str().is_empty() && !d.is_dir() => Err(CliError::input(format!(
            "-o `{shown}`: no folder `{}`",
            d.display()
        ))),
        _ => Ok(()),
    }
}

fn data_error(e: PlotDataError) -> CliError {
    match e {
        PlotDataError::Variant(v) => (*v).into(),
        PlotDataError::Unsuitable(m) => CliError::input(m),
    }
}

#[cfg(feature = "plots")]
fn write(figure: &crate::output::Figure, output: &Path) -> Result<(), CliError> {
    crate::output::plot::render_atomic(figure, output).map_err(|e| CliError::failure(e.to_string()))
}

#[cfg(not(feature = "plots"))]
fn write(_: &crate::output::Figure, output: &Path) -> Result<(), CliError> {
    Err(no_renderer(output))
}

/// A build without the cargo feature `plots` draws nothing (exit status 1: not the input).
fn no_renderer(output: &Path) -> CliError {
    CliError::failure(format!(
        "-o `{}`: this build has no renderer (build with the cargo feature `plots`)",
        output.display()
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_list_of_targets_splits_outside_brackets() {
        assert_eq!(
            split_targets("classic.T, rainbow.DDD").unwrap(),
            vec!["classic.T", "rainbow.DDD"]
        );
        assert_eq!(
            split_targets("frame_stewart[p=4,q=5],classic").unwrap(),
            vec!["frame_stewart[p=4,q=5]", "classic"]
        );
        assert!(split_targets("classic,,rainbow").is_err());
        assert!(split_targets("-,-.F").is_err());
    }
}

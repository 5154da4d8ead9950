//! `hanoilab simulate --algorithm NAME`: the seeds' alternative (iterative) algorithms,
//! played under the variant's rules and compared move for move with the recursion program.

use super::args::Format;
use super::commands::{emit, json, Target};
use super::CliError;
use crate::puzzle::{simulate, Move};
use crate::variants::alternatives as alt;

/// Names of the alternative algorithms for a variant function.
pub fn names(variant: &str) -> &'static [&'static str] {
    match variant {
        "classic" => &["period3", "bichromatic", "binary", "gray", "sniedovich"],
        "cyclic" => &["coloured"],
        "fancy" | "longest" => &["period6"],
        _ => &[],
    }
}

fn stream(t: &Target, n: u32, name: &str) -> Option<Vec<Move>> {
    let v = t.variant.id.as_str();
    Some(match (v, name) {
        ("classic", "period3") => alt::classic_period3(n).collect(),
        ("classic", "bichromatic") => alt::classic_bichromatic(n).collect(),
        ("classic", "binary") => alt::classic_binary(n).collect(),
        ("classic", "gray") => alt::classic_gray(n).collect(),
        ("classic", "sniedovich") => alt::sniedovich_recipe(n).collect(),
        ("cyclic", "coloured") => alt::cyclic_coloured(n, t.function == "A", |_| {}),
        ("fancy" | "longest", "period6") => alt::adjacent_period6(n).collect(),
        _ => return None,
    })
}

/// Plays the named alternative under the target's rules and compares it with the program.
pub fn simulate_alternative(
    t: &Target,
    n: u64,
    name: &str,
    format: Format,
) -> Result<(), CliError> {
    if n > 24 {
        return Err(CliError::input(format!(
            "-n {n}: alternative algorithms are compared move for move in memory; use n <= 24"
        )));
    }
    let moves = stream(t, n as u32, name).ok_or_else(|| {
        CliError::input(format!(
            "--algorithm `{name}`: not an alternative algorithm of `{}` (known: {})",
            t.variant.id,
            names(&t.variant.id).join(", ")
        ))
    })?;
    let puzzle = t
        .variant
        .puzzle(&t.function, n as i64, &t.params)
        .map_err(|e| CliError::input(e.to_string()))?;
    let report = simulate(&puzzle, moves.iter().copied())
        .map_err(|e| CliError::input(format!("{name} n = {n}: {e}")))?;
    let program: Vec<Move> = t
        .variant
        .moves(&t.function, n as i64, &t.params)
        .map_err(|e| CliError::input(e.to_string()))?
        .collect();
    let first_difference = moves
        .iter()
        .zip(&program)
        .position(|(a, b)| a != b)
        .or((moves.len() != program.len()).then_some(moves.len().min(program.len())));
    match format {
        Format::Json => emit(&json(&serde_json::json!({
            "variant": t.variant.id, "function": t.function, "algorithm": name, "n": n,
            "moves": report.moves, "goal_reached": report.goal_reached,
            "identical_to_program": first_difference.is_none(),
            "first_difference": first_difference.map(|i| i + 1),
        })))?,
        _ => emit(&format!(
            "{}.{} n = {n}, algorithm {name}: {}; {}",
            t.variant.id,
            t.function,
            report.to_markdown(),
            match first_difference {
                None => "identical to the recursion program move for move".to_string(),
                Some(i) => format!("differs from the recursion program at move {}", i + 1),
            }
        ))?,
    }
    Ok(())
}

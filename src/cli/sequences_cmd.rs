//! `frame-stewart` and `star`: exact sequences by their closed forms (checked against the
//! min-recurrences in the test suite).

use super::args::Format;
use super::common::{emit, json, print_integer, render_table};
use super::validate::parse_range;
use super::CliError;
use crate::output::{Cell, Table};
use crate::sequences::{self, frame_stewart, star};

fn seq_err(e: sequences::SequenceError) -> CliError {
    CliError::input(e.to_string())
}

/// `hanoilab frame-stewart --pegs P -n N [--splits]` (ranges give a table).
pub fn frame_stewart_cmd(
    pegs: &str,
    discs: &str,
    splits: bool,
    format: Format,
) -> Result<(), CliError> {
    let (p0, p1) = parse_range("--pegs", pegs)?;
    let (n0, n1) = parse_range("-n", discs)?;
    if p0 < 3 {
        return Err(CliError::input(format!(
            "--pegs `{pegs}`: Frame–Stewart needs at least 3 pegs"
        )));
    }
    if p1 > 1000 {
        return Err(CliError::input(format!(
            "--pegs `{pegs}`: at most 1000 pegs"
        )));
    }
    // One value: its report (csv and bfile are tables, of one row here).
    if p0 == p1 && n0 == n1 && !matches!(format, Format::Csv | Format::Bfile) {
        let r = frame_stewart::frame_stewart_report(n0, p0 as usize, splits).map_err(seq_err)?;
        match format {
            Format::Json => emit(&json(&r))?,
            Format::Md => emit(&r.to_markdown())?,
            _ if splits => emit(&r.to_markdown())?,
            _ => emit(&r.moves)?,
        }
        return Ok(());
    }
    if (p1 - p0 + 1) * (n1 - n0 + 1) > 2_000_000 {
        return Err(CliError::input(format!(
            "--pegs `{pegs}` -n `{discs}`: table too large to print (at most 2,000,000 values)"
        )));
    }
    let mut columns = vec!["n".to_string(), "p".to_string(), "T".to_string()];
    if splits {
        columns.push("optimal_k".into());
    }
    let cols: Vec<&str> = columns.iter().map(String::as_str).collect();
    let mut table = Table::new(&cols);
    let values = frame_stewart::table(p0 as usize, p1 as usize, n1).map_err(seq_err)?;
    for n in n0..=n1 {
        for (j, p) in (p0..=p1).enumerate() {
            let mut row = vec![
                Cell::from(n),
                Cell::from(p),
                Cell::from(&values[j][n as usize]),
            ];
            if splits {
                let ks = if n == 0 {
                    String::new()
                } else {
                    frame_stewart::optimal_splits(n, p as usize)
                        .map_err(seq_err)?
                        .iter()
                        .map(|k| k.to_string())
                        .collect::<Vec<_>>()
                        .join(" ")
                };
                row.push(Cell::from(ks));
            }
            table.push(row);
        }
    }
    let table = if format == Format::Bfile {
        // A b-file is one sequence: n and T for a single peg count.
        if p0 != p1 {
            return Err(CliError::input("--format bfile needs a single peg count"));
        }
        let mut t = Table::new(&["n", "T"]);
        for r in &table.rows {
            t.push(vec![r[0].clone(), r[2].clone()]);
        }
        t
    } else {
        table
    };
    emit(&render_table(&table, format)?)?;
    Ok(())
}

/// `hanoilab star -n N` (a range gives a table with the optimal split).
pub fn star_cmd(discs: &str, format: Format) -> Result<(), CliError> {
    let (n0, n1) = parse_range("-n", discs)?;
    // One value: the integer or its report (csv and bfile are tables, of one row here).
    if n0 == n1 && !matches!(format, Format::Csv | Format::Bfile) {
        if format == Format::Json || format == Format::Md {
            if n0 == 0 {
                // No split for no discs: n and the count only.
                let moves = star::star(0).map_err(seq_err)?.to_string();
                emit(&match format {
                    Format::Json => json(&serde_json::json!({ "n": 0, "moves": moves })),
                    _ => moves,
                })?;
                return Ok(());
            }
            let r = star::star_report(n0).map_err(seq_err)?;
            emit(&if format == Format::Json {
                json(&r)
            } else {
                r.to_markdown()
            })?;
        } else {
            print_integer(&star::star(n0).map_err(seq_err)?, format)?;
        }
        return Ok(());
    }
    let a = star::three_smooth(n1).map_err(seq_err)?;
    let mut table = Table::new(&["n", "S", "a_n", "optimal_i"]);
    let mut sum = num_bigint::BigInt::from(0);
    for n in 0..=n1 {
        if n > 0 {
            sum += &a[n as usize - 1];
        }
        if n < n0 {
            continue;
        }
        let (an, i) = if n == 0 {
            (Cell::Empty, Cell::Empty)
        } else {
            (
                Cell::from(&a[n as usize - 1]),
                Cell::from(star::log3_floor_plus_one(&a[n as usize - 1])),
            )
        };
        table.push(vec![Cell::from(n), Cell::from(&sum * 2u32), an, i]);
    }
    emit(&render_table(&table, format)?)?;
    Ok(())
}

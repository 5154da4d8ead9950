//! The page on Reversi's Frame-type algorithms.

use super::*;

/// Reversi's Frame-type `DDDF`, `DDDE`, `EDDD` (Lunnon: "the matrix involved has order 27",
/// not printed): the transfer systems read off the algorithm's plans, checked against its
/// exact minimum, with their characteristic polynomials, factorisations and growth.
pub(super) fn reversi_frame_part(b: &mut Bundle) -> Result<(), ReportError> {
    use crate::algebra::MatrixAnalysis;
    use crate::variants::reversi::{FrameType, ReversiFrame};
    const TO: usize = 49;
    let mut frame = ReversiFrame::new();
    let reversi = Variant::builtin("reversi").map_err(err)?;
    let mut t = Table::new(&["n", "DDDF", "DDDE", "EDDD", "H", "G"]);
    for n in 1..=TO {
        let mut row = vec![Cell::from(n)];
        for (_, ty) in FrameType::TOPS {
            row.push(match frame.type_count(ty, n) {
                Some(c) => Cell::from(c),
                None => Cell::from(""),
            });
        }
        for f in ["H", "G"] {
            row.push(Cell::from(
                reversi.count(f, n as i64, &Params::new()).map_err(err)?,
            ));
        }
        t.push(row);
    }
    b.table("reversi-frame", t);

    let mut page =
        String::from("# Reversi: the Frame-type DDDF, DDDE, EDDD and their transfer systems\n\n");
    page.push_str("Lunnon (*The Tower of Hanoi and Variations*, section Reversi Hanoi) solves the uncoloured problems `DDDF` (to the right, colours unchanged), `DDDE` (to the right, flipped) and `EDDD` (back on the left, flipped) by Frame-type algorithms and writes that their times could be given \"in the same manner as for Rainbow or Domino ... [but] the matrix involved has order 27\"; he prints neither the matrix nor the times. Here the Frame-type family is the one of `ReversiFrame` (`src/variants/reversi.rs`, `docs/checkrev.md`): the largest disc, the second largest and the rest, the rest moved only as a whole stack by the same family recursively, with the exact minimum over all such plans at every n (Dijkstra over the positions and colours of the three blocks). Its counts are in `data/tables/reversi-frame.csv` (n = 1..49, with Reversi_H and Reversi_G).\n\n");
    page.push_str("The transfer system is read off the plans this minimum chooses at one n and below (each problem met becomes a component; names: base letters of source, via, via, destination — `D` uncoloured, `A`/`B` the colour of / opposite to the stack's largest disc — then `~` if the stack ends flipped and `@` if it ends on its source), and then checked: the matrix applied to the exact minimum at n must give the exact minimum at n + step, computed independently, for every n of its class up to 49.\n\n");
    // (class, order, DDDF's dominant root per step) for the summary below.
    let mut found: Vec<(&str, usize, String, usize)> = Vec::new();
    for (label, read_at, period) in [
        ("odd n", 31usize, 1usize),
        ("n = 0 (mod 4)", 32, 2),
        ("n = 2 (mod 4)", 30, 2),
    ] {
        let sys = frame.transfer_system(read_at, period).map_err(err)?;
        let step = 2 * period;
        let bad = sys.mismatches(&mut frame, 0, TO - step);
        // The first n >= 1 of the class, or the first after the last mismatch.
        let first_of_class = if sys.residue == 0 { step } else { sys.residue };
        let first = bad.iter().max().map_or(first_of_class, |m| m + step);
        let last = TO - (TO + step - sys.residue) % step;
        let init = sys
            .state(&mut frame, first)
            .ok_or_else(|| err(format!("no Frame-type count at n = {first}")))?;
        let a = MatrixAnalysis::from_first_n(
            sys.matrix.clone(),
            init,
            1,
            Some(sys.names.clone()),
            20,
            None,
        )
        .map_err(err)?
        .to_report();
        let _ = writeln!(
            page,
            "## {label}: order {}, steps of {step} discs\n\nRead at n = {read_at}. `s(n + {step}) = M s(n)` holds for every n = {first}, {}, ..., {} of this class ({}), so the counts from n = {first} to {} follow it. Components: {}.\n\nCharacteristic polynomial in `x = E^{step}` (one step = {step} discs), computed exactly and factored over Q:\n\n```text\n{}\n  = {}\n```\n",
            sys.names.len(),
            first + step,
            last - step,
            if bad.is_empty() {
                "no exception".to_string()
            } else {
                format!(
                    "not at n = {}: the plans there differ",
                    bad.iter().map(|m| m.to_string()).collect::<Vec<_>>().join(", ")
                )
            },
            last,
            sys.names.join(", "),
            a.charpoly.replace('E', "x"),
            a.charpoly_factored.replace('E', "x")
        );
        found.push((
            label,
            sys.names.len(),
            a.components[0]
                .dominant
                .as_ref()
                .map_or_else(|| "none".to_string(), |d| d.lambda.clone()),
            step,
        ));
        let _ = writeln!(page, "| problem | minimal recurrence (in x) | dominant root lambda of x | power of k | c in `c lambda^k`, k = 1 at n = {first} |\n|---|---|---|---|---|");
        for c in a.components.iter().take(3) {
            let (lambda, k, cc) = dominant_cells(c);
            let _ = writeln!(
                page,
                "| {} | `{}` | {} | {} | {} |",
                c.name,
                c.recurrence.to_string().replace('E', "x"),
                lambda,
                k,
                cc
            );
        }
        let _ = writeln!(
            page,
            "\nMatrix for `hanoilab matrix` (a TOML file; `initial` is s at n = {first}):\n\n```toml\nnames = [{}]\nmatrix = [\n{}]\ninitial = [{}]\n```\n",
            sys.names.iter().map(|n| format!("\"{n}\"")).collect::<Vec<_>>().join(", "),
            sys.matrix
                .to_rows()
                .iter()
                .map(|r| format!("  [{}],\n", r.iter().map(|v| v.to_string()).collect::<Vec<_>>().join(", ")))
                .collect::<String>(),
            a.components.iter().map(|c| c.first_terms.first().map(|v| v.to_string()).unwrap_or_default()).collect::<Vec<_>>().join(", ")
        );
    }
    let ratio = |n: usize, frame: &mut ReversiFrame| -> Result<String, ReportError> {
        let top = FrameType::TOPS[0].1;
        let (a, b2) = (frame.type_count(top, n), frame.type_count(top, n - 2));
        match (a, b2) {
            (Some(a), Some(b2)) => Ok(format!(
                "{:.6}",
                a.to_f64().unwrap_or(f64::NAN) / b2.to_f64().unwrap_or(f64::NAN)
            )),
            _ => Err(err("missing Frame-type count")),
        }
    };
    let _ = writeln!(
        page,
        "## Reading\n\n- Dominant root of DDDF per step: {}. A root 3 per two discs (9 per four) means times growing like `3^(n/2)`, the growth of the optimal coloured `BABB(n)` (`2 3^(n/2) - 2`, n even); `DDDF(n)/DDDF(n-2)` = {} at n = 48, {} at n = 49. Reversi_H (one sub-stack of n - 1, Domino strategy) grows like `2^n`, Reversi_G like `2^(n+1)`.\n- Orders found, counting the constant: {} — against Lunnon's 27. His Frame-type functions are not printed, so the difference cannot be traced; the family here contains the optimal bottom-level recursions and is not optimal from n = 4 on (breadth-first optima in `docs/checkrev.md`), as Lunnon says of his.\n- For even n the plans chosen at n = 0 and n = 2 (mod 4) differ, so no single two-disc step describes them: a system read at one even n and used for the next fails every other step.\n",
        found
            .iter()
            .map(|(l, _, r, step)| format!("{r} per {step} discs ({l})"))
            .collect::<Vec<_>>()
            .join(", "),
        ratio(48, &mut frame)?,
        ratio(49, &mut frame)?,
        found
            .iter()
            .map(|(l, order, _, _)| format!("{order} ({l})"))
            .collect::<Vec<_>>()
            .join(", ")
    );
    b.page("reversi-frame.md", page);
    Ok(())
}

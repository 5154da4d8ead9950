//! The page on Reversi's Frame-type algorithms.

use super::*;
use crate::study::{ReversiFrameStudy, FRAME_TO};

/// Reversi's Frame-type `DDDF`, `DDDE`, `EDDD` (Lunnon: "the matrix involved has order 27",
/// not printed): the transfer systems read off the algorithm's plans, checked against its
/// exact minimum, with their characteristic polynomials, factorisations and growth.
pub(super) fn reversi_frame_part(
    b: &mut Bundle,
    study: &ReversiFrameStudy,
) -> Result<(), ReportError> {
    let mut t = Table::new(&["n", "DDDF", "DDDE", "EDDD", "H", "G"]);
    for (n, tops, hg) in &study.rows {
        let mut row = vec![Cell::from(*n)];
        for c in tops {
            row.push(match c {
                Some(c) => Cell::from(c),
                None => Cell::from(""),
            });
        }
        for c in hg {
            row.push(Cell::from(c));
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
    for class in &study.classes {
        let (label, read_at, step, first, last) = (
            class.label,
            class.read_at,
            class.step,
            class.first,
            class.last,
        );
        let (sys, bad, a) = (&class.system, &class.mismatches, &class.analysis);
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
    let ratio = |n: usize| -> Result<String, ReportError> {
        match (study.top_count(n), study.top_count(n - 2)) {
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
        ratio(FRAME_TO - 1)?,
        ratio(FRAME_TO)?,
        found
            .iter()
            .map(|(l, order, _, _)| format!("{order} ({l})"))
            .collect::<Vec<_>>()
            .join(", ")
    );
    b.page("reversi-frame.md", page);
    Ok(())
}

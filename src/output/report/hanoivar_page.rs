//! `reports/hanoivar.md`: Lunnon's HanoiVar menu, solver by solver.

use super::*;

/// `reports/hanoivar.md`: one row per HanoiVar menu entry — its variant function, the rules,
/// the first counts, the search optimum, and Lunnon's Table-of-times row beside ours.
pub(super) fn hanoivar_part(
    b: &mut Bundle,
    facts: &[VariantFacts],
    claims: &[CheckedClaim],
) -> Result<(), ReportError> {
    use crate::literature::claims::{builtin_claims, ClaimKind};
    let solvers = crate::variants::hanoivar::solvers().map_err(err)?;
    let raw = builtin_claims().map_err(err)?;
    // Lunnon's Table of times: (claim id, target, printed rows).
    type TableRow = (String, String, Vec<(i64, String)>);
    let table_rows: Vec<TableRow> = raw
        .iter()
        .filter(|c| c.file == "hanoilib" && c.section == "Table of times")
        .filter_map(|c| match &c.kind {
            ClaimKind::Table { target, rows, .. } => {
                Some((format!("{}/{}", c.file, c.id), target.clone(), rows.clone()))
            }
            _ => None,
        })
        .collect();
    let mut s = String::from("# Lunnon's HanoiVar solvers\n\nThe 36 menu entries of Lunnon's applet HanoiVar (`data/hanoivar.toml`, described in `docs/hanoivar.md`), each with the variant function that makes the same moves. `against the optimum` compares our function's exact counts with breadth-first search for every n within the report's budget; `Lunnon's Table of times` is his printed row (HanoiLib.java, \"Table of times\") and `agrees?` whether every printed value equals our count. Our counts are in `data/tables/VARIANT.csv`.\n\n");
    s.push_str("| HanoiVar | hanoilab | against the optimum | Lunnon's Table of times | agrees? |\n|---|---|---|---|---|\n");
    for sv in solvers {
        let Some(target) = &sv.target else {
            let _ = writeln!(
                s,
                "| {} | — | — | — | not implemented: {} |",
                sv.name,
                md_cell(sv.reason.as_deref().unwrap_or("no target"))
            );
            continue;
        };
        let parsed = crate::variants::Target::parse(target).map_err(err)?;
        let (vid, fname) = (parsed.variant(), parsed.function().unwrap_or_default());
        let fact = facts.iter().find(|f| f.variant.id == vid);
        let j = fact.and_then(|f| f.variant.functions().iter().position(|x| x.name == fname));
        let optimal = match (fact, j) {
            (Some(f), Some(j)) => optimality_short(f, j),
            _ => "—".into(),
        };
        let mut lunnon = Vec::new();
        let mut agree = Vec::new();
        for (id, _, rows) in table_rows.iter().filter(|r| &r.1 == target) {
            let (lo, hi) = (
                rows.first().map(|r| r.0).unwrap_or(0),
                rows.last().map(|r| r.0).unwrap_or(0),
            );
            let printed: Vec<&str> = rows.iter().map(|(_, v)| v.as_str()).collect();
            // The first 13 values (the rest are checked all the same, in `agrees?`).
            let shown = if printed.len() > 13 {
                format!("{}, …", printed[..13].join(", "))
            } else {
                printed.join(", ")
            };
            let text = format!("n = {lo}..{hi}: {shown}");
            if !lunnon.contains(&text) {
                lunnon.push(text);
            }
            // The row is a claim of the checker: its verdict says whether every printed
            // value equals our count, and where the first does not.
            let claim = claims.iter().find(|c| &c.id == id);
            let verdict = match claim.and_then(|c| c.failure.as_ref()) {
                Some(f) => format!(
                    "**differs at n = {}**: printed {}, ours {}",
                    f.n.map_or_else(|| "?".into(), |n| n.to_string()),
                    f.printed,
                    f.actual
                ),
                None if claim.is_some_and(|c| {
                    matches!(c.verdict, VerdictKind::Holds | VerdictKind::Proved)
                }) =>
                {
                    format!("agrees at n = {lo}..{hi}")
                }
                None => "not decided".to_string(),
            };
            let checked = claim
                .map(|c| format!(" (claim {id}: {})", verdict_text(c)))
                .unwrap_or_default();
            agree.push(format!("{verdict}{checked}"));
        }
        let (lunnon, agree) = if agree.is_empty() {
            ("not in the Table".to_string(), "—".to_string())
        } else {
            (lunnon.join("; "), agree.join("; "))
        };
        // Lunnon's iterative solvers are the target's alternative algorithm, played as such.
        let shown = match &sv.algorithm {
            Some(a) => format!("[{target}]({vid}.md) `--algorithm {a}`"),
            None => format!("[{target}]({vid}.md)"),
        };
        let _ = writeln!(
            s,
            "| {} | {shown} | {} | {} | {} |",
            sv.name,
            md_cell(&optimal),
            lunnon,
            md_cell(&agree)
        );
    }
    s.push_str("\nBack to the [report index](README.md).\n");
    b.page("hanoivar.md", s);
    Ok(())
}

/// The HanoiVar menu entries implemented by functions of `variant`, as a line for its page.
pub(super) fn hanoivar_line(variant: &str) -> String {
    let names: Vec<String> = crate::variants::hanoivar::solvers()
        .map(|all| {
            all.iter()
                .filter(|sv| {
                    sv.target
                        .as_deref()
                        .and_then(|t| crate::variants::Target::parse(t).ok())
                        .is_some_and(|t| t.variant() == variant)
                })
                .map(|sv| format!("`{}` ({})", sv.name, sv.target.as_deref().unwrap_or("")))
                .collect()
        })
        .unwrap_or_default();
    if names.is_empty() {
        "\nLunnon's HanoiVar menu has no entry for this variant ([all entries](hanoivar.md)).\n"
            .to_string()
    } else {
        format!(
            "\nLunnon's HanoiVar menu entries played by this variant: {} ([all entries](hanoivar.md)).\n",
            names.join(", ")
        )
    }
}

//! `reports/literature.md`: every claim of the documents with its verdict, the printed
//! errors and the references.

use super::*;

/// `reports/literature.md` and `data/tables/claims.csv`: every claim, grouped by document,
/// failures first.
pub(super) fn literature_part(b: &mut Bundle, claims: &[CheckedClaim]) {
    let mut t = Table::new(&[
        "id",
        "source",
        "variant",
        "kind",
        "verdict",
        "range_from",
        "range_to",
        "statement",
        "detail",
        "reason",
        "correction",
    ]);
    // An integer cell, so `range_from` is an integer column in Parquet; `range_to` mixes
    // them with `infinity` and stays text.
    let bound = |x: Option<i64>| match x {
        Some(i64::MAX) => Cell::from("infinity"),
        Some(v) => Cell::from(v),
        None => Cell::Empty,
    };
    for c in claims {
        t.push(vec![
            Cell::from(c.id.as_str()),
            Cell::from(c.source.as_str()),
            Cell::from(c.variant.clone()),
            Cell::from(c.kind.as_str()),
            Cell::from(c.verdict.name()),
            bound(c.range.map(|r| r.from)),
            bound(c.range.map(|r| r.to)),
            Cell::from(c.statement.as_str()),
            Cell::from(c.detail.as_str()),
            Cell::from(c.reason.clone()),
            Cell::from(c.correction.clone()),
        ]);
    }
    b.table("claims", t);
    let doc_of = |c: &CheckedClaim| c.document.clone();
    let mut docs: Vec<String> = claims.iter().map(doc_of).collect();
    docs.sort();
    docs.dedup();
    let mut s = format!("# Claims from the literature\n\nEvery checkable claim of the {} source documents, recorded as printed in `data/literature/` and checked against the library's exact values: {}. Table: `data/tables/claims.csv`.\n\nWhat the verdicts mean: **proved** — for every n the claim speaks of, by an exact identity (two sides annihilated by one recurrence and equal on enough consecutive n, or a matrix equal to the one derived from the program); **holds** — a claim about finitely many cases, every case checked exactly; **holds for n = A..B** — checked for those n only, with the reason the check stops; **fails** — the first failing case, printed against true; **holds after correction** — false as printed, true with the stated correction; **unverifiable** — not decided here, with the reason; **conjectured** — a law of a puzzle's true optima that no algorithm is known to meet, fitting every optimum known (recorded or searched), with how many terms determine it and how many more confirm it.\n\n", source_documents(), tally(claims.iter()));
    s.push_str("| document |");
    for v in VerdictKind::ALL {
        let _ = write!(s, " {} |", v.name().replace('-', " "));
    }
    s.push_str(" total |\n|---|");
    for _ in VerdictKind::ALL {
        s.push_str("---|");
    }
    s.push_str("---|\n");
    for doc in &docs {
        let mine: Vec<&CheckedClaim> = claims.iter().filter(|c| &doc_of(c) == doc).collect();
        let _ = write!(s, "| {doc} |");
        for v in VerdictKind::ALL {
            let _ = write!(s, " {} |", mine.iter().filter(|c| c.verdict == v).count());
        }
        let _ = writeln!(s, " {} |", mine.len());
    }
    s.push_str("\n## Printed errors\n\nEvery claim that fails as printed, with the true value and, where one is recorded, the correction.\n\n");
    for c in claims.iter().filter(|c| {
        matches!(
            c.verdict,
            VerdictKind::Fails | VerdictKind::HoldsAfterCorrection
        )
    }) {
        let _ = writeln!(
            s,
            "{}",
            wrap(&format!("- `{}` ({})", c.id, c.source), 100, "  ")
        );
        if let Some(f) = &c.failure {
            let at = f.n.map_or(String::new(), |n| format!(" at n = {n}"));
            let _ = writeln!(
                s,
                "{}",
                wrap(
                    &format!("  printed{at}: {}; true: {}", f.printed, f.actual),
                    100,
                    "  "
                )
            );
        }
        if let Some(x) = &c.correction {
            let _ = writeln!(s, "{}", wrap(&format!("  correction: {x}"), 100, "  "));
        }
    }
    s.push('\n');
    for doc in docs {
        let mine: Vec<&CheckedClaim> = claims.iter().filter(|c| doc_of(c) == doc).collect();
        let _ = writeln!(s, "## {doc}\n\n{}.\n", tally(mine.iter().copied()));
        for v in VerdictKind::ALL {
            for c in mine.iter().filter(|c| c.verdict == v) {
                s.push_str(&claim_entry(c, true));
            }
        }
        s.push('\n');
    }
    s.push_str("## References\n\n");
    for r in crate::literature::claims::builtin_references().unwrap_or_default() {
        let _ = write!(
            s,
            "- {}, *{}*, {}. {}.",
            r.author, r.title, r.year, r.published
        );
        if let Some(u) = &r.url {
            let _ = write!(s, " <{u}>.");
        }
        let _ = writeln!(
            s,
            " (Claims: `data/literature/{}.toml`; text read from `{}`.)",
            r.file, r.document
        );
    }
    b.page("literature.md", s);
}

/// How many source documents the built-in claim files record, in words (`six`).
pub(super) fn source_documents() -> String {
    let n = crate::literature::builtin_references().map_or(0, |r| r.len());
    const WORDS: [&str; 11] = [
        "no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    ];
    WORDS
        .get(n)
        .map_or_else(|| n.to_string(), |w| w.to_string())
}

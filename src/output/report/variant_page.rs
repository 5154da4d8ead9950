//! One page per variant: counts, simulation, algebra, search, claims, charts.

use super::*;

pub(super) fn simulation_section(f: &VariantFacts) -> String {
    let mut s = String::from("## Simulation\n\nEvery function's move stream played under the rules, every move checked and the goal checked, while the count is at most 300,000 moves:\n\n| function | simulated for n up to | result |\n|---|---|---|\n");
    for x in &f.simulation {
        let upto = x.checked_up_to.map_or("—".to_string(), |n| n.to_string());
        let res = match &x.failure {
            Some(e) => format!("**disagrees**: {e}"),
            None if x.checked_up_to.is_some() => {
                "every move legal, goal reached, count = recurrence".to_string()
            }
            None => "not simulated".to_string(),
        };
        let _ = writeln!(s, "| {} | {} | {} |", x.function, upto, res);
    }
    s.push('\n');
    s
}

pub(super) fn algebra_section(f: &VariantFacts, has_ratio: bool, has_roots: bool) -> String {
    let Some(a) = &f.analysis else {
        return String::new();
    };
    let mut s = String::from("## Algebra of the transfer matrix\n\n");
    let _ = writeln!(
        s,
        "Characteristic polynomial (`E` the shift, `s(n+1) = E s(n)`), computed exactly (Berkowitz) and factored over Q (Zassenhaus):\n\n```text\n{}\n  = {}\n```\n\nMinimal polynomial of the matrix: `{}`.\n",
        a.charpoly, a.charpoly_factored, a.minimal_polynomial
    );
    // Which functions each component counts (a procedure may be several functions' call).
    let mut counted: Vec<Vec<String>> = vec![vec![]; a.components.len()];
    // The name a closed form is written with: the literature's function name where the
    // component counts a function, else the procedure's.
    let mut label: Vec<String> = a.components.iter().map(|c| c.name.clone()).collect();
    for j in (0..f.variant.functions().len()).rev() {
        if let Some(i) = component_of(f, j) {
            label[i] = f.variant.functions()[j].name.clone();
        }
    }
    for j in 0..f.variant.functions().len() {
        if let Some(i) = component_of(f, j) {
            counted[i].push(format!(
                "{}.{}{}",
                f.variant.id,
                f.variant.functions()[j].name,
                role_tag(f, j)
            ));
        }
    }
    s.push_str("Each component's own minimal recurrence (Berlekamp–Massey on its exact terms, confirmed on later terms and by division into the characteristic polynomial) and its growth `c n^k λ^n` (c to 30 certified digits). The last component, the constant 1, counts the single moves and does not grow.\n\n| component | function | order of its recurrence | λ | k | c |\n|---|---|---|---|---|---|\n");
    for (i, c) in a.components.iter().enumerate() {
        if c.name == "1" {
            continue;
        }
        let (lambda, k, cc) = dominant_cells(c);
        let _ = writeln!(
            s,
            "| {} | {} | {} | {} | {} | {} |",
            c.name,
            if counted[i].is_empty() {
                "—".to_string()
            } else {
                counted[i].join(", ")
            },
            c.recurrence_order,
            lambda,
            k,
            cc
        );
    }
    s.push_str("\n### Closed forms\n\nExplicit in the roots where every root is rational or quadratic (a Binet form); otherwise as the rational generating function `P(x)/Q(x)`, whose denominator is the reversed minimal recurrence. Both are exact.\n\n");
    for (i, c) in a.components.iter().enumerate() {
        if c.name == "1" {
            continue;
        }
        let procedure = if label[i] == c.name {
            String::new()
        } else {
            format!(" (procedure `{}`)", c.name)
        };
        let start = f.recurrence_starts.get(i).and_then(Option::as_ref);
        let holds = match start {
            Some(st) => format!(
                ", holding from n = {} (each term from the ones before it; not from an earlier n)",
                st.valid_from
            ),
            None => format!(
                ", holding from n = {}",
                a.first_n as usize + c.recurrence_order
            ),
        };
        let _ = writeln!(
            s,
            "**{}**{procedure} — minimal recurrence `{}`{holds}, a factor of the characteristic polynomial (cofactor `{}`).\n",
            label[i], c.recurrence, c.cofactor
        );
        if let Some(t) = &c.closed_form_tex {
            let _ = writeln!(
                s,
                "$$\n\\mathrm{{{}}}(n) = {} \\qquad (n \\ge {})\n$$\n",
                tex_name(&label[i]),
                wrap_tex(t),
                c.closed_form_valid_from
            );
        }
        // From the component's first term, the irregular first ones included.
        let gf = match start {
            Some(st) => Some((st.first_n, st.generating_function.to_tex())),
            None => c
                .generating_function_tex
                .clone()
                .map(|t| (a.first_n as i64, t)),
        };
        if let Some((from, (p, q))) = &gf {
            let _ = writeln!(
                s,
                "$$\n\\sum_{{n \\ge {}}} \\mathrm{{{}}}(n)\\,x^n = \\frac{{{}}}{{{}}}\n$$\n",
                from,
                tex_name(&label[i]),
                wrap_tex(p),
                wrap_tex(q)
            );
        }
    }
    if has_roots {
        let _ = writeln!(
            s,
            "\nThe roots of the characteristic polynomial, factor by factor, against the unit circle:\n\n![roots]({})",
            Bundle::chart_link(&format!("{}-roots", f.variant.id))
        );
    }
    if has_ratio {
        let _ = writeln!(
            s,
            "\nHow fast each component settles on its dominant term (left: the ratio of consecutive terms against λ; right: the relative distance from `c n^k λ^n` on a log scale, a straight line when the convergence is geometric):\n\n![convergence]({})",
            Bundle::chart_link(&format!("{}-ratio", f.variant.id))
        );
    }
    s.push('\n');
    s
}

/// A procedure name for `\\mathrm{...}` (underscores escaped).
pub(super) fn tex_name(name: &str) -> String {
    name.replace('_', "\\_")
}

/// A long LaTeX polynomial broken into lines of at most about 100 characters (at the
/// signs between terms), so no Markdown line is very long; TeX ignores the line breaks.
pub(super) fn wrap_tex(t: &str) -> String {
    if t.len() <= 60 {
        return t.to_string();
    }
    let mut out = String::from("\n");
    let mut line = String::new();
    for tok in t.split(' ') {
        line.push_str(tok);
        line.push(' ');
        // Break after a sign, so no line starts with one (Markdown would read "- " as a
        // list item).
        if line.len() > 90 && (tok == "+" || tok == "-") {
            out.push_str(line.trim_end());
            out.push('\n');
            line.clear();
        }
    }
    out.push_str(line.trim_end());
    out.push('\n');
    out
}

pub(super) fn dominant_cells(c: &ComponentReport) -> (String, String, String) {
    match &c.dominant {
        None => ("—".into(), "—".into(), "—".into()),
        Some(d) => {
            let mut lambda = d.lambda.clone();
            if !d.ties.is_empty() {
                lambda.push_str(" (other roots of the same modulus)");
            }
            let mut c = match &d.c_exact {
                Some(e) => format!("{e} = {}", d.c_decimal),
                None if d.certified => d.c_decimal.clone(),
                None => format!("{} (not certified)", d.c_decimal),
            };
            if let [even, odd] = &d.per_residue[..] {
                c = format!(
                    "even n: {} = {}; odd n: {} = {}",
                    even.exact, even.decimal, odd.exact, odd.decimal
                );
            } else if !d.ties.is_empty() {
                c.push_str(" (the coefficient of this root alone; the ratio oscillates)");
            }
            (lambda, d.k.to_string(), c)
        }
    }
}

/// The number a certified decimal text starts with, for plotting only.
pub(super) fn leading_decimal(text: &str) -> Result<f64, std::num::ParseFloatError> {
    let t: String = text
        .trim()
        .chars()
        .take_while(|c| c.is_ascii_digit() || *c == '.' || *c == '-' || *c == 'e')
        .collect();
    t.parse()
}

/// `1..6, 9, 12..16`: the n of a sorted list, runs of consecutive n joined.
pub(super) fn runs_text(ns: &[i64]) -> String {
    let mut parts: Vec<String> = Vec::new();
    let mut i = 0;
    while i < ns.len() {
        let mut k = i;
        while k + 1 < ns.len() && ns[k + 1] == ns[k] + 1 {
            k += 1;
        }
        parts.push(match k - i {
            0 => ns[i].to_string(),
            _ => format!("{}..{}", ns[i], ns[k]),
        });
        i = k + 1;
    }
    parts.join(", ")
}

/// Every n any search reached, and how: `n = 1..6 (the report's search) and n = 12..16
/// (recorded searches: bfs)`.
pub(super) fn searched_text(o: &Optimality) -> String {
    let own = (!o.gathered.is_empty())
        .then(|| format!("n = {} (the report's search)", runs_text(&o.gathered)));
    let rec = (!o.recorded.is_empty()).then(|| {
        let ns: Vec<i64> = o.recorded.iter().map(|r| r.0).collect();
        format!(
            "n = {} (recorded searches: {}; `data/records/search-records.csv`)",
            runs_text(&ns),
            o.recorded_methods().join(", ")
        )
    });
    [own, rec]
        .into_iter()
        .flatten()
        .collect::<Vec<_>>()
        .join(" and ")
}

/// Who found a shortfall's minimum: `search` or `a recorded search (bfs)`.
pub(super) fn source_text(x: &Shortfall) -> String {
    match &x.source {
        MinimumSource::Gathered => "search".into(),
        MinimumSource::Recorded(m) => format!("a recorded search ({})", m.join(", ")),
    }
}

/// Per function: optimal at every n any search reached (the report's and the recorded
/// runs), or the first n where a search beats the algorithm; a deliberate alternative or a
/// longest-path problem is said to be one.
pub(super) fn optimality(f: &VariantFacts, j: usize) -> String {
    let o = optimality_of(f, j);
    if !o.searched() {
        return "not searched (the state space is beyond the report's budget from the first n)"
            .into();
    }
    if let Some(n) = o.unreachable {
        return format!("n = {n}: the goal is unreachable");
    }
    let searched = searched_text(&o);
    if !f.variant.functions()[j].has_program() {
        return format!(
            "no algorithm to judge (the function has no program); searched for {searched}"
        );
    }
    if let (Some(x), None) = (&o.undercut, &o.shortfall) {
        let why = match f.variant.functions()[j].goal_up_to_equal_sizes {
            true => "its goal takes equal discs in any order, the search's in one",
            false => "the search's goal is another configuration",
        };
        return format!(
            "**fewer moves than the search's goal needs from n = {}** ({} against {} found by {}): the algorithm reaches another goal ({why}); searched for {searched}",
            x.n,
            x.algorithm,
            x.minimum,
            source_text(x)
        );
    }
    match (o.role, &o.shortfall) {
        (FunctionRole::Longest, _) => format!(
            "a longest-path problem: the shortest solution, found by search for {searched}, is not its benchmark"
        ),
        (FunctionRole::Alternative, Some(x)) => format!(
            "a deliberate alternative: longer than the optimum from n = {} ({} against {}, found by {})",
            x.n,
            x.algorithm,
            x.minimum,
            source_text(x)
        ),
        (FunctionRole::Alternative, None) => format!(
            "a deliberate alternative, yet optimal at every n searched: {searched}"
        ),
        (FunctionRole::Shortest, Some(x)) => format!(
            "**not optimal from n = {}**: {} finds {}, the algorithm takes {}",
            x.n,
            source_text(x),
            x.minimum,
            x.algorithm
        ),
        (FunctionRole::Shortest, None) => format!("optimal at every n searched: {searched}"),
    }
}

/// What the known optima of function `j` follow, over their first run of consecutive n: a
/// guessed linear recurrence with its confirming terms, or the least order of one.
pub(super) fn optima_law_text(f: &VariantFacts, j: usize) -> String {
    let Some(law) = optimality_of(f, j).law else {
        return "too few optima known".into();
    };
    match law {
        OptimaLaw::Fits { law, last_n } if law.order() == 0 => {
            format!("all 0 (n = {}..{last_n})", law.first_n)
        }
        OptimaLaw::Fits { law, last_n } => format!(
            "fits a linear recurrence of order {} from n = {}, `{}` ({} confirming terms; n = {}..{last_n} known)",
            law.order(),
            law.holds_from(),
            law.to_text(),
            law.confirmed_by,
            law.first_n
        ),
        OptimaLaw::NoRecurrence {
            complexity,
            first_n,
            last_n,
        } if complexity >= 2 => format!(
            "no linear recurrence of order <= {} on n = {first_n}..{last_n}",
            complexity - 1
        ),
        OptimaLaw::NoRecurrence {
            first_n, last_n, ..
        } => format!("n = {first_n}..{last_n}: too few terms to confirm a law"),
    }
}

pub(super) fn search_section(f: &VariantFacts) -> String {
    let mut s = format!("## Search: the true optimum\n\nBreadth-first search over the state graph under the variant's rules, for every n whose index space has at most 2^20 states (optimal solutions counted up to 2^18). Every function's optimum and number of optimal solutions, n by n, are in `data/tables/optima.csv`. The law of the optima is guessed from the consecutive n they are known for (the report's searches and the recorded runs): a linear recurrence with constant coefficients over-determined by at least {OPTIMA_LAW_CONFIRMATIONS} further terms, a conjecture beyond them, or the least order of one that holds on all of them (exact).\n\n| function | algorithm against the optimum | law of the optima |\n|---|---|---|\n");
    for (j, func) in f.variant.functions().iter().enumerate() {
        let _ = writeln!(
            s,
            "| {} | {} | {} |",
            func.name,
            optimality(f, j),
            optima_law_text(f, j)
        );
    }
    s.push('\n');
    s
}

pub(super) fn claims_section(claims: &[&CheckedClaim]) -> String {
    if claims.is_empty() {
        return String::new();
    }
    let mut s = format!(
        "## Claims from the literature\n\n{} claims name this variant: {}. Each as printed, with its verdict and what was checked.\n\n",
        claims.len(),
        tally(claims.iter().copied())
    );
    for c in claims {
        s.push_str(&claim_entry(c, true));
    }
    s.push('\n');
    s
}

/// One claim as a Markdown list item: verdict, id and source on the first line, the
/// statement as printed in a quote, the detail below, every line wrapped.
pub(super) fn claim_entry(c: &CheckedClaim, with_source: bool) -> String {
    let mut s = format!("- **{}** — `{}`", verdict_text(c), c.id);
    if with_source {
        s.push_str(&format!(" ({})", c.source));
    }
    let mut out = wrap(&s, 100, "  ");
    out.push('\n');
    out.push_str(&wrap(
        &format!("  > {}", c.statement.replace('\n', " ")),
        100,
        "  > ",
    ));
    out.push_str("\n\n");
    out.push_str(&wrap(&format!("  {}", detail_text(c)), 100, "  "));
    out.push_str("\n\n");
    out
}

/// `text` broken at spaces into lines of at most about `width` characters, continuation
/// lines starting with `indent` (so a list item or quote stays one item).
pub(super) fn wrap(text: &str, width: usize, indent: &str) -> String {
    let body = text.trim_start_matches(' ');
    let lead = &text[..text.len() - body.len()];
    let mut out = String::new();
    let mut line = lead.to_string();
    let mut fresh = true;
    for word in body.split(' ').filter(|w| !w.is_empty()) {
        // A continuation line must not start like a list item, a quote or a heading.
        let digits = word.trim_end_matches(['.', ')']);
        let risky = matches!(word, "-" | "+" | "*" | "=")
            || word.starts_with(['#', '>', '|'])
            || (digits.len() < word.len() && digits.chars().all(|c| c.is_ascii_digit()));
        if !fresh && !risky && line.chars().count() + 1 + word.chars().count() > width {
            out.push_str(line.trim_end());
            out.push('\n');
            line = indent.to_string();
            fresh = true;
        }
        if !fresh {
            line.push(' ');
        }
        line.push_str(word);
        fresh = false;
    }
    out.push_str(line.trim_end());
    out
}

/// A claim's verdict with its range, plain (the caller sets its emphasis): `holds for
/// n = 1..10`, `proved for every n >= 0`, `fails`.
pub(super) fn verdict_text(c: &CheckedClaim) -> String {
    let word = c.verdict.name().replace('-', " ");
    match (c.verdict, c.range) {
        (VerdictKind::HoldsInRange, Some(r)) => format!("holds for n = {}..{}", r.from, r.to),
        (VerdictKind::Proved, Some(r)) if r.to == i64::MAX => {
            format!("proved for every n >= {}", r.from)
        }
        _ => word,
    }
}

/// The detail with the reason and the correction, for a table cell.
pub(super) fn detail_text(c: &CheckedClaim) -> String {
    let mut d = c.detail.clone();
    if let Some(r) = &c.reason {
        if !d.contains(r.as_str()) {
            d.push_str(&format!(" — why the check stops there: {r}"));
        }
    }
    if let Some(x) = &c.correction {
        d.push_str(&format!(" — correction: {x}"));
    }
    d
}

/// Text made safe for one Markdown table cell (never shortened: a cut detail misleads).
pub(super) fn md_cell(t: &str) -> String {
    t.replace('|', "\\|").replace('\n', " ")
}

pub(super) fn variant_page(
    f: &VariantFacts,
    table: &Table,
    has_ratio: bool,
    has_roots: bool,
    claims: &[&CheckedClaim],
) -> Result<String, ReportError> {
    let mut page = f.variant.to_markdown(&Params::new()).map_err(err)?;
    page.push('\n');
    page.push_str(&see_also(&f.variant.id));
    page.push_str(&algebra_section(f, has_ratio, has_roots));
    page.push_str(&simulation_section(f));
    page.push_str(&search_section(f));
    page.push_str(&claims_section(claims));
    page.push_str(&hanoivar_line(&f.variant.id));
    page.push_str(&counts_section(f, table));
    let _ = write!(
        page,
        "\n![moves against n]({})\n",
        Bundle::chart_link(&format!("{}-counts", f.variant.id))
    );
    Ok(page)
}

/// Links to the pages that continue this one.
pub(super) fn see_also(id: &str) -> String {
    let links: &[(&str, &str)] = match id {
        "reversi" => &[
            ("reversi-frame.md", "Reversi's Frame-type transfer systems"),
            ("reversi-lunnon.md", "Lunnon's hand-made Reversi recursions"),
        ],
        "reversi-lunnon" => &[
            ("reversi.md", "Reversi"),
            ("reversi-frame.md", "Reversi's Frame-type transfer systems"),
        ],
        "star" => &[("star-numbers.md", "the star numbers S(n) to n = 1000")],
        "reves" | "many-pin" | "multistack-reves" => &[(
            "frame-stewart.md",
            "Frame–Stewart numbers for any number of pegs",
        )],
        "checkers" => &[(
            "reves.md",
            "Reve's puzzle (Frame–Stewart), which Checkers follows",
        )],
        _ => &[],
    };
    if id == "classic" {
        return format!(
            "The state graph for three discs (a Sierpiński triangle) with the algorithm's path; more pictures of the search on [search.md](search.md):\n\n![state graph]({})\n\n",
            Bundle::chart_link("hanoi-graph")
        );
    }
    if links.is_empty() {
        return String::new();
    }
    let l: Vec<String> = links.iter().map(|(f, t)| format!("[{t}]({f})")).collect();
    format!("See also: {}.\n\n", l.join(", "))
}

/// The counts of the default function (all functions are in the CSV), with the simulation
/// and the search optimum beside them.
pub(super) fn counts_section(f: &VariantFacts, table: &Table) -> String {
    let d = &f.variant.default_function().name;
    let id = &f.variant.id;
    let [sim, opt, sols] = crate::facts::own_columns(d);
    let cols = ["n", d.as_str(), &sim, &opt, &sols];
    let idx: Vec<usize> = cols.iter().filter_map(|c| table.column_index(c)).collect();
    let mut s = format!(
        "\n## Counts\n\nThe default function `{id}.{d}`: its count from the recursion program, the same algorithm played under the rules (`simulated`), the optimum found by search for the same problem and the number of optimal solutions. Every function's counts: [`data/tables/{id}.csv`](../data/tables/{id}.csv){}.\n\n| n | {d} | {d} simulated | optimum of {d} | optimal solutions of {d} |\n|---|---|---|---|---|\n",
        oeis_note(f)
    );
    if idx.len() == cols.len() {
        for row in &table.rows {
            let cells: Vec<String> = idx.iter().map(|&k| row[k].text()).collect();
            let _ = writeln!(s, "| {} |", cells.join(" | "));
        }
    }
    s
}

/// A big integer as f64 for plotting only (never for a result).
pub(super) fn to_f64(v: &BigInt) -> f64 {
    v.to_f64().unwrap_or(f64::INFINITY)
}

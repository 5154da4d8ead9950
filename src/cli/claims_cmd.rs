//! `hanoilab claims` and `hanoilab check`: the literature checker on the command line.

use super::args::Format;
use super::common::{emit, json, resolve};
use super::guess_cmd::OptimumSource;
use super::validate::{parse_params, parse_range};
use super::CliError;
use crate::algebra::decimal::{fixed, Rounding};
use crate::literature::check::{
    asymptotic_ratios, check_asymptotic, check_bfile, check_formula_statement,
    default_asymptotic_tolerance, parse_bfile, sample_points, TargetSeq, NAMED_SEQUENCES,
};
use crate::literature::check::{check_optimum_law, OptimaSource};
use crate::literature::claims::builtin_claims;
use crate::literature::claims::ConjectureClaim;
use crate::literature::{check_claim_with, parse, CheckedClaim, ClaimResources, VerdictKind};
use crate::variants::Variant;
use num_bigint::BigInt;
use std::path::Path;

/// The resources of the claims' searches from `claims`' flags.
pub fn resources(args: &super::args::ClaimSearchArgs) -> Result<ClaimResources, CliError> {
    use crate::facts::SearchBudget;
    let memory = args
        .memory_limit
        .as_deref()
        .map(|m| super::validate::parse_memory("--memory-limit", m))
        .transpose()?;
    let records = match &args.records {
        Some(path) => super::guess_cmd::read_records(path)?,
        None => vec![],
    };
    Ok(ClaimResources {
        budget: SearchBudget {
            max_states: args.max_states,
            count_states: args.count_states,
            memory,
            generic_memory: memory.or(SearchBudget::CLAIMS.generic_memory),
            ..SearchBudget::CLAIMS
        },
        records,
    })
}

/// `hanoilab claims [VARIANT|DOCUMENT]`: prints the checked claims and returns them.
pub fn claims(
    filter: Option<&str>,
    format: Format,
    res: &ClaimResources,
) -> Result<Vec<CheckedClaim>, CliError> {
    let all = builtin_claims().map_err(|e| CliError::failure(e.to_string()))?;
    let selected: Vec<_> = all
        .iter()
        .filter(|c| filter.is_none_or(|f| c.selected_by(f)))
        .collect();
    if selected.is_empty() {
        if let Some(f) = filter {
            if Variant::load(f).is_err() {
                return Err(CliError::input(format!(
                    "claims: '{f}' is neither a variant id nor a document (lunnon, wikipedia, chapla, sniedovich, stockmeyer, hanoilib, or a seed file name)"
                )));
            }
        }
    }
    let checked = check_counted(&selected, res);
    emit(&render_claims(&checked, format)?)?;
    Ok(checked)
}

/// Checks the claims in order, counting them on the progress meter (`claims: 41/120
/// checked`).
fn check_counted(claims: &[&crate::literature::Claim], res: &ClaimResources) -> Vec<CheckedClaim> {
    let meter =
        super::progress::Meter::new("claims", "checked", Some(claims.len() as u64), false, "");
    let checked = claims
        .iter()
        .map(|c| {
            let done = check_claim_with(c, res);
            meter.inc();
            done
        })
        .collect();
    meter.finish();
    checked
}

/// Exit status 1 (after the output) when some claim's verdict is `fails`, unless
/// `--no-fail-exit`.
pub fn fail_exit(checked: &[CheckedClaim], no_fail_exit: bool) -> Result<(), CliError> {
    let failed: Vec<&str> = checked
        .iter()
        .filter(|c| c.verdict == VerdictKind::Fails)
        .map(|c| c.id.as_str())
        .collect();
    if failed.is_empty() || no_fail_exit {
        return Ok(());
    }
    let shown = failed
        .iter()
        .take(5)
        .copied()
        .collect::<Vec<_>>()
        .join(", ");
    let more = match failed.len() > 5 {
        true => format!(" and {} more", failed.len() - 5),
        false => String::new(),
    };
    Err(CliError::refuted(format!(
        "claims: {} of {} claims fail ({shown}{more}); --no-fail-exit for exit status 0",
        failed.len(),
        checked.len()
    )))
}

/// Exit status 1 (after the output) when `check`'s verdict is `fails`, unless
/// `--no-fail-exit`.
pub fn check_fail_exit(
    target: &str,
    verdict: VerdictKind,
    no_fail_exit: bool,
) -> Result<(), CliError> {
    if verdict == VerdictKind::Fails && !no_fail_exit {
        return Err(CliError::refuted(format!(
            "check {target}: the verdict is fails; --no-fail-exit for exit status 0"
        )));
    }
    Ok(())
}

/// `hanoilab claims --file FILE [VARIANT]`: a user's claim file, loaded and validated
/// whole (every fault as FILE:LINE:COLUMN, exit 2) before any claim is checked.
pub fn claims_file(
    path: &Path,
    filter: Option<&str>,
    format: Format,
    res: &ClaimResources,
) -> Result<Vec<CheckedClaim>, CliError> {
    use crate::literature::check::validate_claims;
    use crate::literature::claims::{field_offset, line_column, load_claim_file};
    let (name, text) = super::common::read_input(path).map_err(|e| {
        CliError::from_io(
            format!("{}: cannot read the claim file: {e}", path.display()),
            &e,
        )
    })?;
    let claims = load_claim_file(&name, &text).map_err(|e| CliError::input(e.to_string()))?;
    if let Err((id, field, pos, message)) = validate_claims(&claims) {
        let base = field_offset(&text, &id, field)
            .or_else(|| text.find(&format!("id = \"{id}\"")))
            .unwrap_or(0);
        let offset = pos
            .and_then(|p| text[base..].char_indices().nth(p).map(|(i, _)| base + i))
            .unwrap_or(base);
        let (line, column) = line_column(&text, offset);
        return Err(CliError::input(format!(
            "{name}:{line}:{column}: claim {id}, field {field}: {message}"
        )));
    }
    let selected: Vec<_> = claims
        .iter()
        .filter(|c| filter.is_none_or(|f| c.variant_id().as_deref() == Some(f)))
        .collect();
    let checked = check_counted(&selected, res);
    emit(&render_claims(&checked, format)?)?;
    Ok(checked)
}

fn verdict_word(v: VerdictKind) -> &'static str {
    v.name()
}

/// The columns of a claim in a Markdown or CSV table (claim, source, statement, verdict,
/// detail: the order of both headers), the text ones passed through `text` (escaping or
/// quoting); the verdict word needs neither.
fn claim_row(c: &CheckedClaim, text: impl Fn(&str) -> String) -> [String; 5] {
    [
        text(&c.id),
        text(&c.source),
        text(&c.statement),
        verdict_word(c.verdict).to_string(),
        text(&c.detail),
    ]
}

/// Renders checked claims: JSON, Markdown table, CSV, or human text (claims are no
/// sequence: no b-file).
pub fn render_claims(checked: &[CheckedClaim], format: Format) -> Result<String, CliError> {
    Ok(match format {
        Format::Bfile => {
            return Err(CliError::input(
                "--format bfile is not available for `claims`: use human, csv, json or md",
            ))
        }
        Format::Json => json(&checked),
        Format::Md => {
            let mut s = String::from(
                "| claim | source | statement | verdict | detail |\n|---|---|---|---|---|\n",
            );
            let cell = |t: &str| t.replace('|', "\\|").replace('\n', " ");
            for c in checked {
                s.push_str(&format!("| {} |\n", claim_row(c, cell).join(" | ")));
            }
            s
        }
        Format::Csv => {
            let q = |t: &str| format!("\"{}\"", t.replace('"', "\"\""));
            let mut s = String::from("id,source,statement,verdict,detail\n");
            for c in checked {
                s.push_str(&format!("{}\n", claim_row(c, q).join(",")));
            }
            s
        }
        Format::Human => {
            let mut s = String::new();
            for c in checked {
                s.push_str(&format!(
                    "[{}] {} ({})\n    {}\n    {}\n",
                    verdict_word(c.verdict),
                    c.id,
                    c.source,
                    c.statement,
                    c.detail
                ));
            }
            s.push_str(&verdict_summary(checked));
            s.push('\n');
            s
        }
    })
}

/// `N claims: a proved, b hold, ...` (every verdict that occurs, in report order).
pub fn verdict_summary(checked: &[CheckedClaim]) -> String {
    let parts: Vec<String> = VerdictKind::ALL
        .iter()
        .filter_map(|v| {
            let k = checked.iter().filter(|c| c.verdict == *v).count();
            (k > 0).then(|| format!("{k} {v}"))
        })
        .collect();
    format!("{} claims: {}", checked.len(), parts.join(", "))
}

fn target_seq(target: &str, params: &[String]) -> Result<TargetSeq, CliError> {
    let p = parse_params(params)?;
    match resolve(target, params) {
        Ok(t) => TargetSeq::from_variant(t.variant, &t.function, &p, None).map_err(CliError::from),
        Err(e) => {
            // A named sequence of n alone (`S`) is the formula `S(n)`; one with more
            // arguments is refused by `resolve`, naming the formula to write (`FS(n, 4)`).
            let bare = NAMED_SEQUENCES
                .iter()
                .find(|s| s.name == target && s.arity == 1);
            if let Some(s) = bare {
                return TargetSeq::new(&format!("{}(n)", s.name), &p, None)
                    .map_err(|m| CliError::input(format!("target '{target}': {m}")));
            }
            // Not a variant: a formula over named sequences such as `FS(n, 4)`.
            if target.contains('(') {
                TargetSeq::new(target, &p, None)
                    .map_err(|m| CliError::input(format!("target '{target}': {m}")))
            } else {
                Err(e)
            }
        }
    }
}

/// `hanoilab check`: prints the verdict and returns it.
#[allow(clippy::too_many_arguments)]
pub fn check(
    target: &str,
    formula: Option<&str>,
    range: &str,
    asymptotic: bool,
    bfile: Option<&Path>,
    params: &[String],
    max_digits: u64,
    format: Format,
    optimum: Option<OptimumSource<'_>>,
) -> Result<VerdictKind, CliError> {
    // Validate everything before any work.
    let expr = match formula {
        Some(f) => Some(parse(f).map_err(|e| CliError::input(format!("formula \"{f}\": {e}")))?),
        None => None,
    };
    let (a, b) = parse_range("--n", range)?;
    if let Some(opt) = optimum {
        if asymptotic || bfile.is_some() {
            return Err(CliError::input(
                "check --optimum compares a formula with the search optima: drop --asymptotic and --bfile (printed minima are a claim of kind search)",
            ));
        }
        let Some(formula) = formula else {
            return Err(CliError::input(
                "check --optimum: a formula is required (a law in n that may use the optima a(n-1), ...)",
            ));
        };
        let t = resolve(target, params)?;
        let (budget, records) = super::guess_cmd::optimum_inputs(&t, &opt)?;
        let name = format!("{}.{}", t.variant.id, t.function);
        let claim = ConjectureClaim {
            target: name.clone(),
            gf: None,
            formula: Some(formula.into()),
            n: format!("{a}..{b}"),
            params: t.params.clone(),
        };
        let src = OptimaSource {
            variant: &t.variant,
            function: &t.function,
            budget: &budget,
            records: &records,
        };
        let v = check_optimum_law(&claim, &src).map_err(CliError::from)?;
        emit_verdict(&v, &format!("optimum of {name}"), formula, format)?;
        return Ok(v.verdict);
    }
    let t = target_seq(target, params)?.with_max_digits(max_digits);
    if let Some(path) = bfile {
        if formula.is_some() {
            return Err(CliError::input(
                "check: give either a formula or --bfile, not both",
            ));
        }
        return check_bfile_cmd(&t, path, target, params, max_digits, format);
    }
    let Some(expr) = expr else {
        return Err(CliError::input(
            "check: a formula (or --bfile FILE) is required",
        ));
    };
    let formula = formula.unwrap_or_default();
    sequence_size(target, params, a, b, max_digits)?;
    let (a, b) = (a as i64, b as i64);
    if asymptotic {
        let samples = sample_points(a.max(1), b);
        let (rows, last) = asymptotic_ratios(&t, &expr, &samples).map_err(CliError::from)?;
        let tol = default_asymptotic_tolerance();
        let kind = check_asymptotic(&t, &expr, t.name(), formula, &samples, Some(tol.clone()))
            .map_err(CliError::from)?
            .verdict;
        let verdict = kind.name();
        let (ln, lo, hi) = match &last {
            Some((n, r)) => (
                *n,
                fixed(&r.lo, 10, Rounding::Floor),
                fixed(&r.hi, 10, Rounding::Floor),
            ),
            None => (0, String::new(), String::new()),
        };
        match format {
            Format::Json => emit(&json(&serde_json::json!({
                "target": t.name(), "formula": formula, "asymptotic": true,
                "ratios": rows, "verdict": verdict,
                "detail": format!("ratio target/formula at n = {ln} in [{lo}, {hi}]; tolerance |ratio - 1| <= {tol}"),
            })))?,
            _ => {
                let mut s = format!("ratio {} / ({formula}), certified bounds:\n", t.name());
                for r in &rows {
                    s.push_str(&format!("  {r}\n"));
                }
                s.push_str(&format!(
                    "{verdict}: ratio at n = {ln} in [{lo}, {hi}] (tolerance |ratio - 1| <= {tol})\n"
                ));
                emit(&s)?;
            }
        }
        return Ok(kind);
    }
    let v = check_formula_statement(&t, &expr, t.name(), formula, a, b).map_err(CliError::from)?;
    emit_verdict(&v, t.name(), formula, format)?;
    Ok(v.verdict)
}

/// A formula's verdict: one line, or JSON with the target, the formula and the first
/// failure's fields at the top level.
fn emit_verdict(
    v: &crate::literature::Verdict,
    target: &str,
    formula: &str,
    format: Format,
) -> Result<(), CliError> {
    match format {
        Format::Json => {
            let mut j = serde_json::to_value(v).map_err(|e| CliError::failure(e.to_string()))?;
            if let Some(o) = j.as_object_mut() {
                o.insert("target".into(), target.into());
                o.insert("formula".into(), formula.into());
                // The first failure's fields at the top level, as before.
                if let Some(f) = &v.failure {
                    o.insert("n".into(), f.n.into());
                    o.insert("printed".into(), f.printed.clone().into());
                    o.insert("actual".into(), f.actual.clone().into());
                }
            }
            emit(&json(&j))?;
        }
        _ => emit(&match &v.reason {
            Some(r) => format!("{}: {} [{r}]", v.verdict, v.detail),
            None => format!("{}: {}", v.verdict, v.detail),
        })?,
    }
    Ok(())
}

/// The size check before any value of a variant's sequence is computed (see
/// [`super::common::check_digits`]); other targets (formulas over named sequences) have
/// their own limits.
fn sequence_size(
    target: &str,
    params: &[String],
    a: u64,
    b: u64,
    max_digits: u64,
) -> Result<(), CliError> {
    if let Ok(t) = resolve(target, params) {
        super::common::check_digits(
            &format!("check {target} --n {a}..{b}"),
            &t,
            std::slice::from_ref(&t.function),
            a,
            b,
            max_digits,
        )?;
    }
    Ok(())
}

fn check_bfile_cmd(
    t: &TargetSeq,
    path: &Path,
    target: &str,
    params: &[String],
    max_digits: u64,
    format: Format,
) -> Result<VerdictKind, CliError> {
    if path.as_os_str() == "-" && (target == "-" || target.starts_with("-.")) {
        return Err(CliError::input(
            "check: standard input is the variant file (`-`): give the b-file as a file",
        ));
    }
    let (name, text) = super::common::read_input(path)
        .map_err(|e| CliError::from_io(format!("--bfile {}: {e}", path.display()), &e))?;
    let rows = parse_bfile(&text).map_err(|e| CliError::input(format!("{name}, {e}")))?;
    // Sizes first: the b-file's own values bound the output, the sequence's are estimated.
    let (lo, hi) = rows.iter().fold((i64::MAX, i64::MIN), |(lo, hi), (n, _)| {
        (lo.min(*n), hi.max(*n))
    });
    if lo >= 0 && lo <= hi {
        // The widest row, and the total with digits growing linearly in n.
        if let Ok(t) = resolve(target, params) {
            let d = super::common::estimated_digits(&t, &t.function, hi as u64).unwrap_or(0.0);
            let total: f64 = rows
                .iter()
                .map(|(n, _)| d * (*n).max(1) as f64 / hi.max(1) as f64)
                .sum();
            if total.max(d) > max_digits as f64 {
                return Err(CliError::input(format!(
                    "check {target} --bfile {name}: n = {hi} has about {} decimal digits \
                     (estimated from the growth rate, nothing computed), about {} for all {} \
                     rows, more than --max-digits {max_digits}; raise --max-digits to check anyway",
                    super::common::human_count(d),
                    super::common::human_count(total.max(d)),
                    rows.len()
                )));
            }
        }
    }
    let v = check_bfile(t, &rows, &name).map_err(CliError::from)?;
    match format {
        Format::Json => emit(&json(&match &v.failure {
            None => {
                let (from, to) = bfile_range(&rows);
                serde_json::json!({"target": t.name(), "bfile": name, "verdict": v.verdict.name(), "terms": rows.len(), "range": {"from": from, "to": to}})
            }
            Some(f) => {
                serde_json::json!({"target": t.name(), "bfile": name, "verdict": v.verdict.name(), "n": f.n, "printed": f.printed, "actual": f.actual})
            }
        }))?,
        // "fails at n = ...: ...", "holds: ... agrees with ...".
        _ => emit(&match v.failure {
            Some(_) => format!("{} {}", v.verdict, v.detail),
            None => format!("{}: {}", v.verdict, v.detail),
        })?,
    }
    Ok(v.verdict)
}

/// The first and last n of a b-file (none when it is empty).
fn bfile_range(rows: &[(i64, BigInt)]) -> (Option<i64>, Option<i64>) {
    (rows.first().map(|r| r.0), rows.last().map(|r| r.0))
}

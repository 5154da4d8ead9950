//! `hanoilab growth TARGET [--digits D] [--format human|json|md|tex]`: how a function grows,
//! as [`crate::facts::Growth`] computes it; this module only renders.

use super::args::GuessFormat;
use super::common::{emit, json, resolve};
use super::CliError;
use crate::algebra::Dominant;
use crate::facts::{AlgebraicGrowth, Growth, MeasuredGrowth, StatedGrowth};
use std::fmt::Write as _;

/// Runs the `growth` command.
pub fn growth_cmd(
    target: &str,
    params: &[String],
    digits: usize,
    format: &str,
) -> Result<(), CliError> {
    // Checked before the target is read: nothing is computed for a format it cannot write.
    let format = <GuessFormat as clap::ValueEnum>::from_str(format, true).map_err(|_| {
        CliError::input(format!(
            "--format {format} is not available for `growth`: use human, json, md or tex"
        ))
    })?;
    let t = resolve(target, params)?;
    let g = Growth::of(&t.variant, &t.function, &t.params, digits)?;
    let text = match format {
        GuessFormat::Json => json(&g),
        GuessFormat::Human => human(&g, false),
        GuessFormat::Md => human(&g, true),
        GuessFormat::Tex => tex(&g),
    };
    emit(&text)
}

/// `reversi-lunnon.DDDE`, with the parameters in brackets when there are any.
fn label(g: &Growth) -> String {
    let params: Vec<String> = g.params.iter().map(|(k, v)| format!("{k}={v}")).collect();
    if params.is_empty() {
        format!("{}.{}", g.variant, g.function)
    } else {
        format!("{}.{}[{}]", g.variant, g.function, params.join(";"))
    }
}

/// `2 F(n-1) + F(n-2) - 2 F(n-3)` from `c_1, c_2, ...`.
fn recurrence_sum(f: &str, coefficients: &[String]) -> String {
    let mut out = String::new();
    for (k, c) in coefficients.iter().enumerate() {
        if c == "0" {
            continue;
        }
        let (negative, magnitude) = match c.strip_prefix('-') {
            Some(m) => (true, m),
            None => (false, c.as_str()),
        };
        let term = if magnitude == "1" {
            format!("{f}(n-{})", k + 1)
        } else {
            format!("{magnitude} {f}(n-{})", k + 1)
        };
        match (out.is_empty(), negative) {
            (true, false) => out.push_str(&term),
            (true, true) => out.push_str(&format!("-{term}")),
            (false, false) => out.push_str(&format!(" + {term}")),
            (false, true) => out.push_str(&format!(" - {term}")),
        }
    }
    if out.is_empty() {
        out.push('0');
    }
    out
}

/// The dominant term in words: `c n^k λ^n` with its constant, one per parity where `-λ`
/// ties with `λ` (as the report's variant pages state it).
fn dominant_lines(d: &Dominant, lambda_decimal: Option<&str>, digits: usize) -> Vec<String> {
    let mut lines = Vec::new();
    // Exact (an integer, a fraction, a quadratic surd) with its decimals, or the decimals.
    let integer = d.lambda.parse::<num_bigint::BigInt>().is_ok();
    let exact = d.lambda.contains("sqrt") || d.lambda.contains('/');
    let lambda = match lambda_decimal {
        Some(dec) if exact => format!("{} = {dec}", d.lambda),
        Some(dec) if !integer => dec.to_string(),
        _ => d.lambda.clone(),
    };
    lines.push(format!("λ = {lambda} ({digits} certified digits)"));
    let npow = match d.k {
        0 => String::new(),
        1 => " n".into(),
        k => format!(" n^{k}"),
    };
    if let [even, odd] = &d.per_residue[..] {
        lines.push(format!(
            "dominant term c{npow} λ^n, -λ ties with λ: even n: c = {} = {}; odd n: c = {} = {}",
            even.exact, even.decimal, odd.exact, odd.decimal
        ));
        return lines;
    }
    let c = match &d.c_exact {
        Some(e) if *e != d.c_decimal => format!("{e} = {}", d.c_decimal),
        Some(e) => e.clone(),
        None if d.certified => d.c_decimal.clone(),
        None => format!("{} (not certified)", d.c_decimal),
    };
    lines.push(format!("dominant term c{npow} λ^n with c = {c}"));
    if !d.ties.is_empty() {
        lines.push(format!(
            "other roots of the same modulus: {} (c is the coefficient of λ alone; the ratio \
             oscillates)",
            d.ties.join(", ")
        ));
    }
    lines
}

fn algebra_lines(g: &Growth, a: &AlgebraicGrowth) -> Vec<String> {
    let f = &g.function;
    let mut lines = Vec::new();
    match &a.dominant {
        Some(d) => lines.extend(dominant_lines(d, a.lambda_decimal.as_deref(), g.digits)),
        None => lines.push("the sequence is eventually 0".into()),
    }
    lines.push(format!(
        "minimal recurrence {} (order {}), holding from n = {}: {f}(n) = {}",
        a.recurrence,
        a.recurrence_order,
        a.recurrence_from,
        recurrence_sum(f, &a.recurrence_coefficients)
    ));
    if let Some(gf) = &a.generating_function {
        lines.push(format!(
            "generating function: {}",
            crate::algebra::genfun::series_equation(f, gf.first_n, &gf.text)
        ));
    }
    lines.push(match &a.closed_form {
        Some(cf) => format!("closed form: {f}(n) = {} (n >= {})", cf.text, cf.valid_from),
        None => "closed form: none explicit in the roots (a root of degree above 2); the \
                 generating function is exact"
            .into(),
    });
    lines
}

fn stated_line(s: &StatedGrowth) -> String {
    let formula = s
        .formula
        .as_ref()
        .map(|f| format!("; as a formula: {f}"))
        .unwrap_or_default();
    format!(
        "stated: \"{}\" ({}; claim {}){formula}",
        s.statement, s.source, s.claim
    )
}

fn measured_line(f: &str, m: &MeasuredGrowth) -> String {
    let ratios: Vec<String> = m
        .ratios
        .iter()
        .map(|(n, r)| format!("{f}({n})/{f}({}) = {r}", n - 1))
        .collect();
    format!(
        "measured, not proved: {} (exact counts up to n = {})",
        ratios.join(", "),
        m.n_max
    )
}

fn human(g: &Growth, markdown: bool) -> String {
    let mut lines = Vec::new();
    match &g.algebra {
        Some(a) => {
            lines.push(format!(
                "{}: from the transfer system (component {})",
                label(g),
                a.component
            ));
            lines.extend(algebra_lines(g, a));
        }
        None => lines.push(format!(
            "{}: no transfer system gives this function's counts",
            label(g)
        )),
    }
    lines.extend(g.literature.iter().map(stated_line));
    if let Some(m) = &g.measured {
        lines.push(measured_line(&g.function, m));
    }
    if g.algebra.is_none() && g.literature.is_empty() && g.measured.is_none() {
        lines.push("no growth known: no statement, and too few exact counts to measure".into());
    }
    let mut out = String::new();
    for (i, l) in lines.iter().enumerate() {
        if !markdown {
            let _ = writeln!(out, "{}{l}", if i == 0 { "" } else { "  " });
        } else if i == 0 {
            let _ = writeln!(
                out,
                "## Growth of `{}`\n\n{}\n",
                label(g),
                &l[label(g).len() + 2..]
            );
        } else {
            let _ = writeln!(out, "- {l}");
        }
    }
    out
}

fn tex(g: &Growth) -> String {
    let f = format!("\\mathrm{{{}}}", g.function.replace('_', "\\_"));
    let mut out = String::new();
    let _ = writeln!(out, "% growth of {}", label(g));
    match &g.algebra {
        Some(a) => {
            if let Some(d) = &a.dominant {
                let lambda = a.lambda_decimal.as_deref().unwrap_or(&d.lambda);
                let _ = writeln!(out, "\\lambda = {lambda}");
                if let [even, odd] = &d.per_residue[..] {
                    let _ = writeln!(
                        out,
                        "c_{{\\text{{even}}}} = {}, \\quad c_{{\\text{{odd}}}} = {}",
                        even.decimal, odd.decimal
                    );
                } else {
                    let _ = writeln!(out, "c = {}", d.c_decimal);
                }
            }
            let _ = writeln!(
                out,
                "{f}(n) = {} \\qquad (n \\ge {})",
                recurrence_sum(&f, &a.recurrence_coefficients),
                a.recurrence_from
            );
            if let Some(gf) = &a.generating_function {
                let _ = writeln!(
                    out,
                    "\\sum_{{n \\ge {}}} {f}(n)\\,x^n = \\frac{{{}}}{{{}}}",
                    gf.first_n, gf.tex.0, gf.tex.1
                );
            }
            if let Some(cf) = &a.closed_form {
                let _ = writeln!(
                    out,
                    "{f}(n) = {} \\qquad (n \\ge {})",
                    cf.tex, cf.valid_from
                );
            }
        }
        None => {
            let _ = writeln!(out, "% no transfer system for this function");
        }
    }
    for s in &g.literature {
        let _ = writeln!(out, "% {}", stated_line(s));
    }
    if let Some(m) = &g.measured {
        let _ = writeln!(out, "% {}", measured_line(&g.function, m));
    }
    out
}

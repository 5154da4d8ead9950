//! `hanoilab charpoly VARIANT [--factor]`: the characteristic polynomial of the transfer
//! matrix derived from the variant's recursion program, factored over Q on request.

use super::args::Format;
use super::common::{emit, json, resolve};
use super::CliError;
use crate::algebra::factor;

#[derive(serde::Serialize)]
struct Charpoly {
    variant: String,
    components: Vec<String>,
    charpoly: String,
    charpoly_coeffs: Vec<String>,
    factored: Option<String>,
    minimal_polynomial: String,
}

/// Prints the characteristic polynomial (variable `E`, Lunnon's shift operator).
pub fn charpoly_cmd(
    variant: &str,
    factored: bool,
    params: &[String],
    format: Format,
) -> Result<(), CliError> {
    let t = resolve(variant, params)?;
    let v = &t.variant;
    let sys = v
        .transfer_system(&t.params)
        .map_err(|e| CliError::input(e.to_string()))?
        .ok_or_else(|| {
            CliError::input(format!(
                "variant `{}` has no transfer matrix (some call is not on n-k discs for a small k, n or a fixed number of discs, or its clauses are not periodic in n); its counts are memoised instead",
                v.id
            ))
        })?;
    let algebra = |e: crate::algebra::AlgebraError| CliError::failure(e.to_string());
    let m = sys.to_matrix().map_err(algebra)?;
    let p = m.charpoly().map_err(algebra)?;
    let minimal = m.minimal_polynomial().map_err(algebra)?;
    let f = if factored {
        Some(
            factor(&p)
                .map_err(|e| CliError::failure(e.to_string()))?
                .to_string_in("E"),
        )
    } else {
        None
    };
    let out = Charpoly {
        variant: v.id.clone(),
        components: sys.names.clone(),
        charpoly: p.to_string_in("E"),
        charpoly_coeffs: p.coeffs().iter().map(|c| c.to_string()).collect(),
        factored: f,
        minimal_polynomial: minimal.to_string_in("E"),
    };
    match format {
        Format::Json => emit(&json(&out))?,
        _ => {
            let mut s = format!(
                "{} ({} components: {})\ncharacteristic polynomial: {}\n",
                out.variant,
                out.components.len(),
                out.components.join(", "),
                out.charpoly
            );
            if let Some(f) = &out.factored {
                s.push_str(&format!("  = {f}\n"));
            }
            s.push_str(&format!("minimal polynomial: {}\n", out.minimal_polynomial));
            emit(&s)?;
        }
    }
    Ok(())
}

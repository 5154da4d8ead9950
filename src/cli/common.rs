//! What every command shares: resolving a target, printing, rendering tables, and the size
//! checks made before any big-integer work.

use super::args::Format;
use super::validate::parse_params;
use super::CliError;
use crate::algebra::radix::to_decimal;
use crate::output::Table;
use crate::variants::Variant;
use num_bigint::BigInt;

/// A variant and the function a target names (its default function for a bare id), with
/// the target's parameters and `--param` together.
pub use crate::variants::ResolvedTarget as Target;

/// The name standard input has in messages (`<stdin>:3:5: ...`).
pub const STDIN_NAME: &str = "<stdin>";

/// Reads a file the user named, or standard input for `-` (read once and kept: a command
/// may look at its input more than once). Returns the name to use in messages and the text.
pub fn read_input(path: &std::path::Path) -> Result<(String, String), std::io::Error> {
    if path.as_os_str() == "-" {
        static STDIN: std::sync::OnceLock<Result<String, String>> = std::sync::OnceLock::new();
        let text = STDIN.get_or_init(|| {
            let mut text = String::new();
            std::io::Read::read_to_string(&mut std::io::stdin().lock(), &mut text)
                .map(|_| text)
                .map_err(|e| e.to_string())
        });
        return match text {
            Ok(t) => Ok((STDIN_NAME.to_string(), t.clone())),
            Err(e) => Err(std::io::Error::other(e.clone())),
        };
    }
    Ok((path.display().to_string(), std::fs::read_to_string(path)?))
}

/// Resolves a target (`VARIANT[.FUNCTION][[K=V;...]]`, a HanoiVar name, `-` for a variant
/// file on standard input) and `--param` values.
#[allow(clippy::result_large_err)] // variant errors carry file positions; they are rare
pub fn resolve(target: &str, params: &[String]) -> Result<Target, CliError> {
    let params = parse_params(params)?;
    let parsed = crate::variants::Target::parse(target)?.with_params(&params)?;
    // `-` (or `-.FUNCTION`): a variant file on standard input.
    if parsed.variant() == "-" {
        let (name, text) = read_input(std::path::Path::new("-")).map_err(|e| {
            CliError::from_io(
                format!("-: cannot read the variant file from standard input: {e}"),
                &e,
            )
        })?;
        Ok(parsed.resolve_in(Variant::from_toml(&text, &name)?)?)
    } else {
        Ok(parsed.resolve()?)
    }
}

/// Prints text to stdout (with a final newline). All of the command line's output goes
/// through here (never `println!`, which panics): a closed pipe (`| head`) ends the
/// command quietly with exit status 0, any other write error (a full disk) is a failure.
pub fn emit(text: &str) -> Result<(), CliError> {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    let mut r = out.write_all(text.as_bytes());
    if r.is_ok() && !text.ends_with('\n') {
        r = out.write_all(b"\n");
    }
    r.and_then(|()| out.flush()).map_err(CliError::from_write)
}

/// The version of the JSON shapes of docs/json.md, the `schema_version` of every command's
/// JSON object; raised when a field changes its name, type or meaning.
pub const SCHEMA_VERSION: u64 = 1;

/// A command's answer as pretty JSON in the shape of docs/json.md: one object with
/// `schema_version`; a list is wrapped as its `rows`, a lone value as its `value`.
pub fn json<T: serde::Serialize>(value: &T) -> String {
    use serde_json::Value;
    let mut object = serde_json::Map::new();
    object.insert("schema_version".into(), SCHEMA_VERSION.into());
    match serde_json::to_value(value).expect("serialisable") {
        Value::Object(fields) => object.extend(fields),
        Value::Array(rows) => {
            object.insert("rows".into(), Value::Array(rows));
        }
        other => {
            object.insert("value".into(), other);
        }
    }
    serde_json::to_string_pretty(&Value::Object(object)).expect("serialisable")
}

/// The columns of a table whose cells are small integers (n, pegs, an index), JSON numbers;
/// every other integer cell is an exact count, a decimal string.
const NUMBER_COLUMNS: [&str; 3] = ["n", "p", "optimal_i"];

/// Renders a table in the chosen format (`human` = aligned columns).
pub fn render_table(table: &Table, format: Format) -> Result<String, CliError> {
    Ok(match format {
        Format::Csv => table.to_csv(),
        Format::Md => table.to_markdown(usize::MAX),
        Format::Bfile => table.to_bfile(1).ok_or_else(|| {
            CliError::input("--format bfile: the table has no integer values to write")
        })?,
        Format::Json => {
            let mut rows = table.to_json_records();
            for row in &mut rows {
                for column in NUMBER_COLUMNS {
                    let number = match row.get(column) {
                        Some(serde_json::Value::String(s)) => s.parse::<u64>().ok(),
                        _ => None,
                    };
                    if let Some(x) = number {
                        row.insert(column.into(), x.into());
                    }
                }
            }
            json(&serde_json::json!({ "columns": table.columns, "rows": rows }))
        }
        Format::Human => table.to_human(),
    })
}

/// The estimated number of decimal digits of `function` at `n`
/// ([`Variant::estimated_digits`]).
pub fn estimated_digits(t: &Target, function: &str, n: u64) -> Option<f64> {
    t.variant.estimated_digits(function, n as i64, &t.params)
}

/// The one size check before counting: refuses (exit status 2) when the values of
/// `functions` for n = a..=b would have more than `max_digits` decimal digits in all
/// ([`Variant::estimated_range_digits`], no big-integer work).
pub fn check_digits(
    what: &str,
    t: &Target,
    functions: &[String],
    a: u64,
    b: u64,
    max_digits: u64,
) -> Result<(), CliError> {
    let total = t.variant.estimated_range_digits(functions, a, b, &t.params);
    if total > max_digits as f64 {
        return Err(CliError::input(format!(
            "{what}: the answer would have about {} decimal digits (estimated from the growth \
             rate, nothing computed), more than --max-digits {max_digits}; raise --max-digits \
             to compute it anyway",
            human_count(total)
        )));
    }
    Ok(())
}

pub use crate::search::human_count;

/// Prints one exact integer (JSON: a decimal string in an object).
pub fn print_integer(value: &BigInt, format: Format) -> Result<(), CliError> {
    match format {
        Format::Json => emit(&json(&serde_json::json!({ "value": to_decimal(value) })))?,
        _ => emit(&to_decimal(value))?,
    }
    Ok(())
}

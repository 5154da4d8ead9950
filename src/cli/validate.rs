//! Stage two of argument handling: turning strings into checked values. Every error names
//! the flag and the value, and says what was expected.

use super::args::{Command, Format};
use super::CliError;
use std::collections::BTreeMap;

/// Largest range a command will print as a table.
pub const MAX_RANGE_LEN: u64 = 1_000_000;

/// Largest n any command accepts: the program engine counts discs in 64-bit signed integers.
pub const MAX_N: u64 = i64::MAX as u64;

/// Parses a non-negative integer argument (at most [`MAX_N`]).
pub fn parse_n(flag: &str, value: &str) -> Result<u64, CliError> {
    let n = value.trim().parse::<u64>().map_err(|_| {
        CliError::input(format!("{flag} `{value}`: expected a non-negative integer"))
    })?;
    if n > MAX_N {
        return Err(CliError::input(format!(
            "{flag} `{value}`: too large (at most {MAX_N})"
        )));
    }
    Ok(n)
}

/// Parses `A..B` (inclusive) or a single `A` into a range.
pub fn parse_range(flag: &str, value: &str) -> Result<(u64, u64), CliError> {
    let bad = || {
        CliError::input(format!(
            "{flag} `{value}`: expected a range `A..B` of non-negative integers with A <= B"
        ))
    };
    let (a, b) = match value.split_once("..") {
        Some((a, b)) => (a.trim(), b.trim().trim_start_matches('=')),
        None => (value.trim(), value.trim()),
    };
    let a: u64 = a.parse().map_err(|_| bad())?;
    let b: u64 = b.parse().map_err(|_| bad())?;
    if a > b {
        return Err(bad());
    }
    if b > MAX_N {
        return Err(CliError::input(format!(
            "{flag} `{value}`: too large (n at most {MAX_N})"
        )));
    }
    if b - a >= MAX_RANGE_LEN {
        return Err(CliError::input(format!(
            "{flag} `{value}`: range too large to print (at most {MAX_RANGE_LEN} values)"
        )));
    }
    Ok((a, b))
}

/// Parses `--param K=V` values into a map of integer parameters; a name given twice is
/// refused (one of the values would be dropped without a word).
pub fn parse_params(values: &[String]) -> Result<BTreeMap<String, i64>, CliError> {
    let mut map = BTreeMap::new();
    for v in values {
        let Some((k, x)) = v.split_once('=') else {
            return Err(CliError::input(format!(
                "--param `{v}`: expected NAME=INTEGER, e.g. --param l=3"
            )));
        };
        let k = k.trim();
        if k.is_empty() || !k.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
            return Err(CliError::input(format!(
                "--param `{v}`: parameter name must be alphanumeric"
            )));
        }
        let x: i64 = x
            .trim()
            .parse()
            .map_err(|_| CliError::input(format!("--param `{v}`: value must be an integer")))?;
        if map.insert(k.to_string(), x).is_some() {
            return Err(CliError::input(format!(
                "--param {k} is given more than once (give each parameter one value)"
            )));
        }
    }
    Ok(map)
}

/// Parses a memory size: a number of bytes (`4096`, `1e9`, `1.5e9`), or a number (decimals
/// allowed) with a binary unit, `K`, `M`, `G`, `T` or `KiB`, `MiB`, `GiB`, `TiB` (powers of
/// 1024, any case: `8G`, `1.5G`, `2GiB`, `512MiB`), rounded down to a whole byte. `KB`,
/// `MB`, `GB` and `TB` are refused: they mean powers of 1000 to some and 1024 to others.
pub fn parse_memory(flag: &str, value: &str) -> Result<u64, CliError> {
    let bad = |why: &str| {
        CliError::input(format!(
            "{flag} `{value}`: {why}; expected a size such as 8G, 1.5G, 512MiB, 1e9 or a number \
             of bytes (K, M, G, T and KiB, MiB, GiB, TiB are powers of 1024)"
        ))
    };
    let v = value.trim();
    let lower = v.to_ascii_lowercase();
    let split = lower
        .find(|c: char| c.is_ascii_alphabetic() && c != 'e')
        .unwrap_or(lower.len());
    let (number, unit) = (&lower[..split], lower[split..].trim());
    let shift = match unit {
        "" | "b" => 0,
        "k" | "kib" => 10,
        "m" | "mib" => 20,
        "g" | "gib" => 30,
        "t" | "tib" => 40,
        "kb" | "mb" | "gb" | "tb" => {
            return Err(bad(&format!(
                "`{unit}` is ambiguous (1000 or 1024): write {}, {}iB or the bytes",
                &unit[..1].to_ascii_uppercase(),
                &unit[..1].to_ascii_uppercase()
            )))
        }
        _ => return Err(bad(&format!("unknown unit `{unit}`"))),
    };
    let number = number.trim();
    let (mantissa, exponent) = match number.split_once('e') {
        Some((m, e)) => (
            m,
            e.parse::<i32>()
                .map_err(|_| bad("the exponent is not an integer"))?,
        ),
        None => (number, 0),
    };
    let (whole, fraction) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let digits = format!("{whole}{fraction}");
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) || digits.len() > 30 {
        return Err(bad("not a non-negative number"));
    }
    // The value is digits * 2^shift * 10^(exponent - fraction digits), exactly in u128.
    let too_large = || bad(&format!("too large (at most {} bytes)", u64::MAX));
    let m: u128 = digits
        .parse()
        .map_err(|_| bad("not a non-negative number"))?;
    let scaled = m << shift;
    let power = exponent - fraction.len() as i32;
    let bytes = if power >= 0 {
        10u128
            .checked_pow(power as u32)
            .and_then(|p| scaled.checked_mul(p))
            .ok_or_else(too_large)?
    } else {
        match 10u128.checked_pow(power.unsigned_abs()) {
            Some(p) => scaled / p,
            None => 0,
        }
    };
    u64::try_from(bytes).map_err(|_| too_large())
}

/// The output formats each command writes; any other `--format` is refused (exit 2) before
/// work starts, naming these.
pub fn formats(command: &Command) -> &'static [Format] {
    use Format::*;
    match command {
        // Tables: every format (a b-file from the first integer column after `n`).
        Command::Table { .. }
        | Command::FrameStewart { .. }
        | Command::Star { .. }
        | Command::Search { .. } => &[Human, Csv, Json, Md, Bfile],
        Command::List { .. } => &[Human, Csv, Json, Md],
        Command::Claims { .. } => &[Human, Csv, Json, Md],
        Command::Show { .. } | Command::Matrix { .. } => &[Human, Json, Md],
        Command::Simulate { trace: true, .. } => &[Human, Csv, Json],
        Command::Nth { .. }
        | Command::Simulate { .. }
        | Command::Charpoly { .. }
        | Command::Check { .. } => &[Human, Json],
        Command::Report { .. }
        | Command::Bench { .. }
        | Command::Completions { .. }
        | Command::Plot { .. }
        | Command::Man => &[Human],
        // `guess` has its own format enum (human, json, md, tex), refused by clap otherwise.
        Command::Guess { .. } => &[Human],
        // `growth` checks its own (human, json, md, tex) in one line.
        Command::Growth { .. } => &[Human],
        Command::Graph { .. } => &[Human, Json, Csv],
    }
}

/// The subcommand's name and the `--format` it was given (human for the commands without
/// the flag).
fn name_and_format(command: &Command) -> (&'static str, Format) {
    match command {
        Command::List { format, .. } => ("list", *format),
        Command::Show { format, .. } => ("show", *format),
        Command::Nth { format, .. } => ("nth", *format),
        Command::Table { format, .. } => ("table", *format),
        Command::Simulate { format, .. } => ("simulate", *format),
        Command::Charpoly { format, .. } => ("charpoly", *format),
        Command::Matrix { format, .. } => ("matrix", *format),
        Command::FrameStewart { format, .. } => ("frame-stewart", *format),
        Command::Star { format, .. } => ("star", *format),
        Command::Search { format, .. } => ("search", *format),
        Command::Claims { format, .. } => ("claims", *format),
        Command::Check { format, .. } => ("check", *format),
        Command::Report { .. } => ("report", Format::Human),
        Command::Bench { .. } => ("bench", Format::Human),
        Command::Completions { .. } => ("completions", Format::Human),
        Command::Man => ("man", Format::Human),
        Command::Plot { .. } => ("plot", Format::Human),
        Command::Guess { .. } => ("guess", Format::Human),
        Command::Growth { .. } => ("growth", Format::Human),
        Command::Graph { format, .. } => ("graph", *format),
    }
}

/// The name of a format as `--format` spells it.
pub fn format_name(format: Format) -> String {
    use clap::ValueEnum;
    format
        .to_possible_value()
        .map(|v| v.get_name().to_string())
        .unwrap_or_default()
}

/// Refuses (exit 2) a `--format` the command does not write, naming those it does.
pub fn check_format(command: &Command) -> Result<(), CliError> {
    let (name, format) = name_and_format(command);
    let allowed = formats(command);
    if allowed.contains(&format) {
        return Ok(());
    }
    let names: Vec<String> = allowed.iter().map(|f| format_name(*f)).collect();
    let list = match names.split_last() {
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
        None => String::new(),
    };
    let trace = match command {
        Command::Simulate { trace: false, .. } if format == Format::Csv => {
            " (csv is the trace: add --trace)"
        }
        _ => "",
    };
    Err(CliError::input(format!(
        "--format {} is not available for `{name}`: use {list}{trace}",
        format_name(format)
    )))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges() {
        assert_eq!(parse_range("--n", "2..5").unwrap(), (2, 5));
        assert_eq!(parse_range("--n", "7").unwrap(), (7, 7));
        assert!(parse_range("--n", "5..2").is_err());
        assert!(parse_range("--n", "a..2")
            .unwrap_err()
            .to_string()
            .contains("--n `a..2`"));
        assert!(parse_range("--n", "0..100000000").is_err());
    }

    #[test]
    fn params_and_memory() {
        let p = parse_params(&["l=3".into()]).unwrap();
        assert_eq!(p["l"], 3);
        assert!(parse_params(&["l".into()]).is_err());
        let twice = parse_params(&["l=3".into(), "l=4".into()]).unwrap_err();
        assert!(twice.to_string().contains("--param l"), "{twice}");
        assert_eq!(parse_memory("--memory-limit", "2G").unwrap(), 2 << 30);
        assert!(parse_memory("--memory-limit", "lots").is_err());
    }

    #[test]
    fn memory_sizes_with_decimals_exponents_and_binary_units() {
        let m = |v: &str| parse_memory("--memory-limit", v);
        assert_eq!(m("1.5G").unwrap(), 3 << 29);
        assert_eq!(m("2GiB").unwrap(), 2 << 30);
        assert_eq!(m("512MiB").unwrap(), 512 << 20);
        assert_eq!(m("512 mib").unwrap(), 512 << 20);
        assert_eq!(m("0.5k").unwrap(), 512);
        assert_eq!(m("1T").unwrap(), 1 << 40);
        assert_eq!(m("1e9").unwrap(), 1_000_000_000);
        assert_eq!(m("1.5e9").unwrap(), 1_500_000_000);
        assert_eq!(m("4096").unwrap(), 4096);
        assert_eq!(m("4096B").unwrap(), 4096);
        // Rounded down to a whole byte: 1.0001 KiB is 1024.1024 bytes.
        assert_eq!(m("1.0001K").unwrap(), 1024);
        assert_eq!(m("1e-3").unwrap(), 0);
        assert_eq!(m("18446744073709551615").unwrap(), u64::MAX);
        for bad in [
            "",
            "G",
            "1.2.3G",
            "-1G",
            "1GB",
            "2mb",
            "1X",
            "1e",
            "1e99",
            "16777216T",
            ".",
        ] {
            assert!(m(bad).is_err(), "{bad}");
        }
        assert!(m("1GB").unwrap_err().to_string().contains("ambiguous"));
        assert!(m("1e99").unwrap_err().to_string().contains("too large"));
    }

    #[test]
    fn targets() {
        use crate::variants::Target;
        let split = |t: &str| {
            let t = Target::parse(t).unwrap();
            (t.variant().to_string(), t.function().map(str::to_string))
        };
        assert_eq!(split("rainbow.DDD"), ("rainbow".into(), Some("DDD".into())));
        assert_eq!(split("classic"), ("classic".into(), None));
        assert_eq!(split("my/v.toml"), ("my/v.toml".into(), None));
        assert_eq!(split("my/v.toml.F"), ("my/v.toml".into(), Some("F".into())));
    }
}

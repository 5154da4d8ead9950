//! Stage two of argument handling: turning strings into checked values. Every error names
//! the flag and the value, and says what was expected.

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

/// Parses a memory size such as `8G`, `512M`, `1024K` or plain bytes.
pub fn parse_memory(flag: &str, value: &str) -> Result<u64, CliError> {
    let v = value.trim();
    let (digits, mult) = match v.chars().last() {
        Some('G') | Some('g') => (&v[..v.len() - 1], 1u64 << 30),
        Some('M') | Some('m') => (&v[..v.len() - 1], 1u64 << 20),
        Some('K') | Some('k') => (&v[..v.len() - 1], 1u64 << 10),
        _ => (v, 1),
    };
    digits
        .trim()
        .parse::<u64>()
        .ok()
        .and_then(|d| d.checked_mul(mult))
        .ok_or_else(|| {
            CliError::input(format!(
                "{flag} `{value}`: expected a size such as 8G, 512M or a number of bytes"
            ))
        })
}

/// Splits `VARIANT.FUNCTION` (the variant may be a path ending in `.toml`).
pub fn split_target(target: &str) -> (String, Option<String>) {
    if let Some(stripped) = target.strip_suffix(".toml") {
        return (format!("{stripped}.toml"), None);
    }
    if let Some(pos) = target.find(".toml.") {
        return (
            target[..pos + 5].to_string(),
            Some(target[pos + 6..].to_string()),
        );
    }
    match target.rsplit_once('.') {
        Some((v, f)) if !v.contains('/') || !f.contains('/') => {
            (v.to_string(), Some(f.to_string()))
        }
        _ => (target.to_string(), None),
    }
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
    fn targets() {
        assert_eq!(
            split_target("rainbow.DDD"),
            ("rainbow".into(), Some("DDD".into()))
        );
        assert_eq!(split_target("classic"), ("classic".into(), None));
        assert_eq!(split_target("my/v.toml"), ("my/v.toml".into(), None));
        assert_eq!(
            split_target("my/v.toml.F"),
            ("my/v.toml".into(), Some("F".into()))
        );
    }
}

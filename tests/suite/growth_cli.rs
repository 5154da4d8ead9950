//! `hanoilab growth`: what it prints agrees with the exact counts of `nth` by routes of
//! its own — the printed recurrence applied from its printed start, the printed generating
//! function expanded as a power series, λ a root of the printed recurrence (a sign change
//! on a rational interval), the closed form checked by `check` — and bad input is refused
//! in one line.

use super::common::{assert_input_error, hanoilab, stdout};
use hanoilab::algebra::{squarefree_part, Poly};
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Signed, Zero};

fn growth_json(target: &str, digits: &str) -> serde_json::Value {
    let text = stdout(&["growth", target, "--digits", digits, "--format", "json"]);
    serde_json::from_str(&text).expect("JSON")
}

fn nth(target: &str, n: i64) -> BigInt {
    stdout(&["nth", target, &n.to_string()])
        .trim()
        .parse()
        .expect("an integer")
}

fn integers(v: &serde_json::Value) -> Vec<BigInt> {
    v.as_array()
        .expect("an array")
        .iter()
        .map(|x| x.as_str().expect("a decimal string").parse().unwrap())
        .collect()
}

/// A decimal string (`2.7320508`, `-3`) as the exact rational it writes.
fn decimal(text: &str) -> BigRational {
    let (negative, t) = match text.strip_prefix('-') {
        Some(t) => (true, t),
        None => (false, text),
    };
    let (int, frac) = t.split_once('.').unwrap_or((t, ""));
    let digits: BigInt = format!("{int}{frac}").parse().unwrap();
    let scale = num_traits::pow(BigInt::from(10), frac.len());
    let x = BigRational::new(digits, scale);
    if negative {
        -x
    } else {
        x
    }
}

/// Checks one target's printed growth against its exact counts; returns the JSON.
fn check_against_counts(target: &str) -> serde_json::Value {
    let g = growth_json(target, "30");
    let a = &g["algebra"];
    assert!(a.is_object(), "{target}: a transfer system");
    let c = integers(&a["recurrence_coefficients"]);
    let from = a["recurrence_from"].as_i64().unwrap();
    let gf = &a["generating_function"];
    let first = gf["first_n"].as_i64().unwrap();
    let last = from + 25;
    let counts: Vec<BigInt> = (first..=last).map(|n| nth(target, n)).collect();
    let at = |n: i64| &counts[(n - first) as usize];
    // The recurrence, applied from its printed start, gives every later count.
    let apply = |n: i64| -> BigInt {
        c.iter()
            .enumerate()
            .map(|(k, ck)| ck * at(n - k as i64 - 1))
            .sum()
    };
    for n in from..=last {
        assert_eq!(&apply(n), at(n), "{target}: the recurrence at n = {n}");
    }
    // ... and the start is the smallest (where an earlier n has all its predecessors).
    if from - 1 - c.len() as i64 >= first {
        assert_ne!(&apply(from - 1), at(from - 1), "{target}: holds earlier");
    }
    // The generating function, expanded as a power series, gives every count from the
    // first, the irregular first ones included.
    let p = integers(&gf["numerator"]);
    let q = integers(&gf["denominator"]);
    assert!(q[0].abs().is_one(), "{target}: Q(0) = ±1");
    let mut series: Vec<BigInt> = Vec::new();
    for k in 0..counts.len() {
        let mut s = p.get(k).cloned().unwrap_or_default();
        for (j, qj) in q.iter().enumerate().skip(1).take(k) {
            s -= qj * &series[k - j];
        }
        series.push(s / &q[0]);
    }
    assert_eq!(series, counts, "{target}: the generating function's series");
    // λ is a root of the recurrence's polynomial x^r - c_1 x^(r-1) - ... - c_r: exactly
    // when it is an integer, else by a sign change of its square-free part around the
    // printed digits (a simple root changes sign; a double one of the full polynomial
    // need not).
    let mut coeffs: Vec<BigInt> = c.iter().rev().map(|x| -x).collect();
    coeffs.push(BigInt::one());
    let poly = squarefree_part(&Poly::new(coeffs));
    let d = &a["dominant"];
    let exact = d["lambda"].as_str().unwrap();
    if let Ok(lambda) = exact.parse::<BigInt>() {
        assert!(poly.eval(&lambda).is_zero(), "{target}: λ = {lambda}");
    } else {
        let lambda = decimal(a["lambda_decimal"].as_str().unwrap());
        let eps = BigRational::new(BigInt::one(), num_traits::pow(BigInt::from(10), 25));
        let below = poly.sign_at(&(&lambda - &eps));
        let above = poly.sign_at(&(&lambda + &eps));
        assert!(
            below * above < 0,
            "{target}: no sign change around λ = {lambda}"
        );
    }
    g
}

/// Lucas: T(n) = 2^n - 1, λ = 2; the closed form printed is `check`ed over a range.
#[test]
fn classic_growth_agrees_with_the_counts() {
    let g = check_against_counts("classic");
    let cf = g["algebra"]["closed_form"]["text"].as_str().unwrap();
    let out = stdout(&["check", "classic.T", cf, "--n", "1..80"]);
    assert!(
        out.starts_with("proved") || out.starts_with("holds"),
        "{out}"
    );
}

/// Lunnon's Towers of Antwerp: the printed closed form (12 * 2^n - 8n - 10 from n = 2)
/// holds over a range by `check`; λ = 2.
#[test]
fn antwerp_growth_agrees_with_the_counts() {
    let g = check_against_counts("antwerp.T33");
    let cf = &g["algebra"]["closed_form"];
    let from = cf["valid_from"].as_u64().unwrap();
    let range = format!("{from}..80");
    let out = stdout(&[
        "check",
        "antwerp.T33",
        cf["text"].as_str().unwrap(),
        "--n",
        &range,
    ]);
    assert!(
        out.starts_with("proved") || out.starts_with("holds"),
        "{out}"
    );
}

/// Cyclic Hanoi: a quadratic λ (certified decimals, checked by a sign change) and a closed
/// form in `sqrt 3` that `check` evaluates exactly.
#[test]
fn cyclic_growth_agrees_with_the_counts() {
    let g = check_against_counts("cyclic.A");
    let cf = &g["algebra"]["closed_form"];
    let from = cf["valid_from"].as_u64().unwrap();
    let range = format!("{from}..60");
    let out = stdout(&[
        "check",
        "cyclic.A",
        cf["text"].as_str().unwrap(),
        "--n",
        &range,
    ]);
    assert!(
        out.starts_with("proved") || out.starts_with("holds"),
        "{out}"
    );
}

/// Lunnon's DDDE (HanoiLib, Reversi_E): -λ ties with λ = sqrt 3, so one constant per parity;
/// both are printed, and each is the limit of DDDE(n) / λ^n along its parity (checked on
/// the exact counts: DDDE(n)^2 / 3^n against c^2 at a large n of each parity).
#[test]
fn reversi_lunnon_ddde_prints_both_parity_constants() {
    let g = check_against_counts("reversi-lunnon.DDDE");
    let per = g["algebra"]["dominant"]["per_residue"].as_array().unwrap();
    assert_eq!(per.len(), 2);
    let human = stdout(&["growth", "reversi-lunnon.DDDE", "--digits", "12"]);
    assert!(human.contains("holding from n = 24"), "{human}");
    for (r, n) in [(0, 300i64), (1, 301)] {
        assert_eq!(per[r]["residue"], r);
        assert_eq!(per[r]["modulus"], 2);
        let dec = per[r]["decimal"].as_str().unwrap();
        assert!(human.contains(&dec[..10]), "{dec} in {human}");
        let c = decimal(dec);
        let count = BigRational::from(nth("reversi-lunnon.DDDE", n));
        let ratio =
            &count * &count / BigRational::from(num_traits::pow(BigInt::from(3), n as usize));
        let tolerance = BigRational::new(BigInt::one(), BigInt::from(10).pow(12));
        assert!(
            (&ratio - &c * &c).abs() < tolerance,
            "parity {r}: DDDE({n})^2 / 3^{n} is not c^2 for c = {dec}"
        );
    }
}

/// No transfer system: Frame–Stewart on four pegs gives Lunnon's stated growth with its
/// source and the measured ratios, labelled as measured; the ratios are those of the
/// exact counts of `nth`.
#[test]
fn reves_states_its_growth_and_measures_it() {
    let out = stdout(&["growth", "reves"]);
    assert!(out.contains("no transfer system"), "{out}");
    assert!(out.contains("lunnon/reves.growth-base"), "{out}");
    assert!(out.contains("measured, not proved"), "{out}");
    let g = growth_json("reves", "10");
    assert!(g["algebra"].is_null());
    let m = &g["measured"];
    let (n, ratio) = {
        let last = m["ratios"].as_array().unwrap().last().unwrap();
        (
            last[0].as_i64().unwrap(),
            decimal(last[1].as_str().unwrap()),
        )
    };
    assert_eq!(m["n_max"].as_i64(), Some(n));
    let exact = BigRational::new(nth("reves", n), nth("reves", n - 1));
    // Rounded to 10 significant digits: within 10^-9 of the exact ratio (which is above 1).
    let tolerance = BigRational::new(BigInt::one(), BigInt::from(10).pow(9));
    assert!((&exact - &ratio).abs() < tolerance, "{ratio} vs {exact}");
}

/// `matrix` reads the JSON `show` writes (its transfer system, from its first n), also on
/// standard input, and finds the same characteristic polynomial as `charpoly`.
#[test]
fn matrix_reads_the_json_of_show() {
    let show = stdout(&["show", "antwerp", "--format", "json"]);
    let dir = std::env::temp_dir().join(format!("hanoilab-growth-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("antwerp.json");
    std::fs::write(&file, &show).unwrap();
    let m: serde_json::Value = serde_json::from_str(&stdout(&[
        "matrix",
        file.to_str().unwrap(),
        "--format",
        "json",
    ]))
    .unwrap();
    let c: serde_json::Value =
        serde_json::from_str(&stdout(&["charpoly", "antwerp", "--format", "json"])).unwrap();
    assert_eq!(m["charpoly"], c["charpoly"]);
    // T33(10) from the file's system against `nth`.
    let t = stdout(&[
        "matrix",
        file.to_str().unwrap(),
        "--nth",
        "10",
        "--only",
        "T33",
    ]);
    assert_eq!(t.trim(), format!("T33(10) = {}", nth("antwerp.T33", 10)));
    // A variant without a transfer system: refused in one line.
    let reves = stdout(&["show", "reves", "--format", "json"]);
    std::fs::write(&file, reves).unwrap();
    assert_input_error(&["matrix", file.to_str().unwrap()], "no transfer system");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Bad input: exit status 2, one line on stderr, nothing on stdout.
#[test]
fn bad_growth_input_is_refused_in_one_line() {
    for (args, needle) in [
        (vec!["growth", "no-such-variant"], "no-such-variant"),
        (vec!["growth", "classic.Nope"], "Nope"),
        (
            vec!["growth", "classic", "--format", "csv"],
            "use human, json, md or tex",
        ),
        (vec!["growth", "classic", "--param", "x"], "--param"),
    ] {
        assert_input_error(&args, needle);
        let err = String::from_utf8(hanoilab(&args).stderr).unwrap();
        assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
    }
}

/// The coefficients (degree 0 first) of a polynomial in x as `matrix` prints it:
/// `1 - 3x + 2x^2`, `x`, `2x + x^2`.
fn parse_poly_in_x(text: &str) -> Vec<BigInt> {
    let mut coeffs: Vec<BigInt> = Vec::new();
    let spaced = text.replace(" - ", " + -").replace(' ', "");
    for term in spaced.split('+').filter(|t| !t.is_empty()) {
        let (c, power) = match term.split_once('x') {
            None => (term.to_string(), 0),
            Some((c, p)) => (
                match c {
                    "" => "1".to_string(),
                    "-" => "-1".to_string(),
                    c => c.to_string(),
                },
                p.strip_prefix('^').map_or(1, |p| p.parse().unwrap()),
            ),
        };
        if coeffs.len() <= power {
            coeffs.resize(power + 1, BigInt::zero());
        }
        coeffs[power] += c.parse::<BigInt>().unwrap();
    }
    coeffs
}

/// The first `count` coefficients of the power series `(P) / (Q)` printed as text.
fn expand(fraction: &str, count: usize) -> Vec<BigInt> {
    let (p, q) = fraction.split_once(" / ").unwrap();
    let strip = |s: &str| {
        s.trim()
            .trim_start_matches('(')
            .trim_end_matches(')')
            .to_string()
    };
    let (p, q) = (parse_poly_in_x(&strip(p)), parse_poly_in_x(&strip(q)));
    assert!(q[0].is_one());
    let mut series: Vec<BigInt> = Vec::new();
    for k in 0..count {
        let mut s = p.get(k).cloned().unwrap_or_default();
        for j in 1..q.len().min(k + 1) {
            s -= &q[j] * &series[k - j];
        }
        series.push(s);
    }
    series
}

/// `matrix` prints each component's generating function (human and Markdown; the JSON's
/// `generating_function`): golden for the classic system s = (T, 1), whose T(n) = 2^n - 1
/// has sum_{n >= 1} (2^n - 1) x^n = x / ((1 - x)(1 - 2x)); and for Cyclic Hanoi's system
/// (from `show`'s JSON) the printed function expands to `nth`'s counts.
#[test]
fn matrix_prints_the_generating_function() {
    let dir = std::env::temp_dir().join(format!("hanoilab-matrix-gf-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let classic = dir.join("classic.toml");
    std::fs::write(
        &classic,
        "matrix = [[2, 1], [0, 1]]\ninitial = [1, 1]\nnames = [\"T\", \"1\"]\n",
    )
    .unwrap();
    let file = classic.to_str().unwrap();
    let golden = "generating function: sum_{n >= 1} T(n) x^n = (x) / (1 - 3x + 2x^2)";
    let human = stdout(&["matrix", file]);
    assert!(human.contains(&format!("\nT:\n  minimal recurrence (order 2): E^2 - 3E + 2\n  charpoly = 1 x minimal recurrence\n  {golden}\n")), "{human}");
    let series = expand("(x) / (1 - 3x + 2x^2)", 12);
    let closed: Vec<BigInt> = (0..12u32).map(|n| (BigInt::one() << n) - 1).collect();
    assert_eq!(series, closed);
    let md = stdout(&["matrix", file, "--format", "md"]);
    assert!(
        md.starts_with("## Transfer system\n\n- s = (T, 1)\n"),
        "{md}"
    );
    assert!(md.contains(&format!("### `T`\n\n- minimal recurrence (order 2): E^2 - 3E + 2\n- charpoly = 1 x minimal recurrence\n- {golden}\n")), "{md}");
    let v: serde_json::Value =
        serde_json::from_str(&stdout(&["matrix", file, "--format", "json"])).unwrap();
    assert_eq!(
        v["components"][0]["generating_function"],
        "(x) / (1 - 3x + 2x^2)"
    );
    let nth_md = stdout(&[
        "matrix", file, "--nth", "10", "--only", "T", "--format", "md",
    ]);
    assert_eq!(
        nth_md,
        "| component | value at n = 10 |\n|---|---|\n| `T` | 1023 |\n"
    );
    // Cyclic Hanoi's system from `show`: the printed generating function of `left`
    // (function A) expands to the counts of `nth`.
    let cyclic = dir.join("cyclic.json");
    std::fs::write(&cyclic, stdout(&["show", "cyclic", "--format", "json"])).unwrap();
    let out = stdout(&["matrix", cyclic.to_str().unwrap()]);
    let line = out
        .lines()
        .find(|l| l.starts_with("  generating function: sum_{n >= 1} left(n) x^n = "))
        .unwrap_or_else(|| panic!("{out}"));
    let fraction = line.split(" x^n = ").nth(1).unwrap();
    let series = expand(fraction, 12);
    assert!(series[0].is_zero());
    for (n, value) in series.iter().enumerate().skip(1) {
        assert_eq!(value, &nth("cyclic.A", n as i64), "A({n})");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

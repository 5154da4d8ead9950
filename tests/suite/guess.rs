//! `guess`: laws conjectured from terms, against the laws derived from the transfer
//! matrices and against the exact counts; the command's printed laws applied to the terms;
//! its refusals.

use crate::common::{hanoilab, stdout};
use hanoilab::algebra::guess::{guess, GuessError, GuessOptions, Law};
use hanoilab::variants::{Params, Variant};
use num_bigint::BigInt;
use std::io::Write;
use std::process::{Command, Stdio};

#[test]
fn every_builtin_function_with_a_system_is_recovered_from_its_first_terms() {
    let p = Params::new();
    let opts = GuessOptions {
        closed_form: false,
        ..GuessOptions::default()
    };
    let c = opts.confirmations;
    let mut checked = 0;
    for id in hanoilab::variants::builtin_ids() {
        let v = Variant::builtin(id).unwrap();
        let Some(analysis) = v.analysis(&p, 10).unwrap() else {
            continue;
        };
        for f in v.functions() {
            let Some((sys, i)) = v.function_component(&f.name, &p).unwrap() else {
                continue;
            };
            // the minimal recurrence derived from the transfer matrix
            let derived = &analysis.components[i].recurrence;
            let first = sys.first_n as u64;
            let k = 2 * derived.order() + c;
            let count = |n: u64| v.count(&f.name, n as i64, &p).unwrap();
            let terms: Vec<BigInt> = (first..first + k as u64).map(count).collect();
            let g = guess(&terms, first, &opts).unwrap();
            let Law::CFinite(law) = &g.law else {
                panic!("{id}.{}: {:?}", f.name, g.law)
            };
            assert_eq!(&law.recurrence, derived, "{id}.{}", f.name);
            assert_eq!((law.determined_by, law.confirmed_by), (k - c, c));
            // the next 50 terms, against the exact counts
            let predicted = law.predict(k + 50);
            for (j, want) in predicted.iter().enumerate().skip(k) {
                let n = first + j as u64;
                assert_eq!(want, &count(n), "{id}.{} at n = {n}", f.name);
            }
            // one term fewer: refused, saying how many are needed
            let e = guess(&terms[..k - 1], first, &opts).unwrap_err();
            assert!(
                matches!(e, GuessError::NoLaw { .. })
                    && e.to_string().contains(&format!(
                        "needs at least {k} terms for order {}",
                        derived.order()
                    )),
                "{id}.{}: {e}",
                f.name
            );
            checked += 1;
        }
    }
    assert!(checked >= 10, "only {checked} functions checked");
}

fn json(args: &[&str]) -> serde_json::Value {
    serde_json::from_str(&stdout(args)).expect("one JSON object")
}

fn ints(v: &serde_json::Value) -> Vec<BigInt> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_str().unwrap().parse().unwrap())
        .collect()
}

/// Whether `a(n) = sum c_i a(n-i)` holds at `n` (`terms[j] = a(first + j)`).
fn holds_at(c: &[BigInt], terms: &[BigInt], first: u64, n: u64) -> bool {
    let j = (n - first) as usize;
    let v: BigInt = c
        .iter()
        .enumerate()
        .map(|(i, ci)| ci * &terms[j - 1 - i])
        .sum();
    v == terms[j]
}

#[test]
fn the_printed_recurrence_reproduces_the_terms_from_its_printed_start() {
    // 4, 9, 2, then a(n) = 2 a(n-1) + 1
    let mut a: Vec<BigInt> = [4, 9, 2].iter().map(|&x| BigInt::from(x)).collect();
    for i in 3..20 {
        let v = 2 * &a[i - 1] + 1;
        a.push(v);
    }
    let list: Vec<String> = a.iter().map(|x| x.to_string()).collect();
    let list = list.join(",");
    let g = json(&["guess", "--terms", &list, "--format", "json"]);
    assert_eq!(g["schema_version"], 1);
    assert_eq!(g["law"], "c-finite");
    let c = ints(&g["recurrence"]["coefficients"]);
    let from = g["holds_from"].as_u64().unwrap();
    assert_eq!(g["recurrence"]["holds_from"].as_u64(), Some(from));
    assert!((from..20).all(|n| holds_at(&c, &a, 0, n)));
    // and from no earlier n
    assert!(!holds_at(&c, &a, 0, from - 1));
    assert_eq!(
        g["determined_by"].as_u64().unwrap() + g["confirmed_by"].as_u64().unwrap(),
        20
    );
    // the generating function's series is the terms
    let num = ints(&g["gf"]["numerator"]);
    let den = ints(&g["gf"]["denominator"]);
    assert_eq!(den[0], BigInt::from(1));
    let mut series: Vec<BigInt> = Vec::new();
    for n in 0..20 {
        let mut v = num.get(n).cloned().unwrap_or_default();
        for j in 1..den.len().min(n + 1) {
            v -= &den[j] * &series[n - j];
        }
        series.push(v);
    }
    assert_eq!(series, a);
    assert_eq!(g["lambda"], "2");
    // the law with a constant, one order lower: a(n) = 2 a(n-1) + 1 from n = 3 on
    let ih = &g["inhomogeneous"];
    let ic = ints(&ih["coefficients"]);
    let b: BigInt = ih["constant"].as_str().unwrap().parse().unwrap();
    let ifrom = ih["holds_from"].as_u64().unwrap();
    let step = |n: usize| -> BigInt {
        ic.iter()
            .enumerate()
            .map(|(i, ci)| ci * &a[n - 1 - i])
            .sum::<BigInt>()
            + &b
    };
    assert!((ifrom as usize..20).all(|n| step(n) == a[n]));
    assert_ne!(step(ifrom as usize - 1), a[ifrom as usize - 1]);
    assert_eq!(ih["text"], "a(n) = 2 a(n-1) + 1");
    let human = stdout(&["guess", "--terms", &list]);
    assert!(
        human.contains("a(n) = 3 a(n-1) - 2 a(n-2)   for n >= 4"),
        "{human}"
    );
}

#[test]
fn a_variant_function_continues_as_counted() {
    let g = json(&["guess", "rainbow.DDD", "--n", "1..40", "--format", "json"]);
    let c = ints(&g["recurrence"]["coefficients"]);
    let from = g["holds_from"].as_u64().unwrap();
    let v = Variant::builtin("rainbow").unwrap();
    let p = Params::new();
    let mut terms: Vec<BigInt> = (1..=40).map(|n| v.count("DDD", n, &p).unwrap()).collect();
    assert!((from..=40).all(|n| holds_at(&c, &terms, 1, n)));
    // extended by the printed law to n = 90, against the exact count
    for _ in 41..=90 {
        let k = terms.len();
        let next: BigInt = c
            .iter()
            .enumerate()
            .map(|(i, ci)| ci * &terms[k - 1 - i])
            .sum();
        terms.push(next);
    }
    assert_eq!(terms[89], v.count("DDD", 90, &p).unwrap());
    let tex = stdout(&["guess", "rainbow.DDD", "--n", "1..40", "--format", "tex"]);
    assert!(tex.contains("\\frac{"), "{tex}");
}

#[test]
fn a_bfile_of_catalan_numbers_gives_their_p_recursive_law() {
    // Catalan numbers (OEIS A000108) by the product formula, written as a b-file
    let mut text = String::from("# Catalan numbers\n");
    let mut cat = Vec::new();
    for n in 0..25u64 {
        let mut b = BigInt::from(1);
        for i in 0..n {
            b = b * BigInt::from(2 * n - i) / BigInt::from(i + 1);
        }
        let c = b / BigInt::from(n + 1);
        text.push_str(&format!("{n} {c}\n"));
        cat.push(c);
    }
    let path = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("guess_catalan.txt");
    std::fs::write(&path, &text).unwrap();
    let g = json(&["guess", path.to_str().unwrap(), "--format", "json"]);
    assert_eq!(g["law"], "p-recursive");
    let p: Vec<Vec<BigInt>> = g["p_recursive"]["coefficients"]
        .as_array()
        .unwrap()
        .iter()
        .map(ints)
        .collect();
    let eval = |q: &[BigInt], n: u64| -> BigInt {
        q.iter().rev().fold(BigInt::from(0), |acc, c| acc * n + c)
    };
    for n in 0..(25 - p.len() as u64 + 1) {
        let s: BigInt = p
            .iter()
            .enumerate()
            .map(|(i, q)| eval(q, n) * &cat[n as usize + i])
            .sum();
        assert_eq!(s, BigInt::from(0), "n = {n}");
    }
    assert_eq!(
        g["p_recursive"]["text"],
        "(n + 2) a(n+1) - (4n + 2) a(n) = 0"
    );
}

/// Runs `hanoilab guess ARGS` with `input` on stdin.
fn with_stdin(args: &[&str], input: &str) -> std::process::Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_hanoilab"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

fn assert_one_line_error(out: &std::process::Output, needle: &str) {
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(out.stdout.is_empty(), "nothing on stdout: {err}");
    assert_eq!(err.trim_end().lines().count(), 1, "one line: {err}");
    assert!(err.contains(needle), "{needle:?} in {err}");
    assert!(!err.contains("panicked"));
}

#[test]
fn bad_input_is_refused_with_one_line() {
    let ok = with_stdin(&["guess", "-"], "0 1\n1 2\n2 4\n3 8\n4 16\n5 32\n6 64\n");
    assert!(ok.status.success());
    for (input, needle) in [
        ("0 1\n1 3\n3 7\n", "line 3: index 3 after 1: a gap"),
        ("0 1\n1 3\n1 7\n", "line 3: index 1 repeated"),
        ("0 1\n# c\n1 3.5\n", "line 3: bad value '3.5'"),
        ("0 1\n1 2 3\n", "line 2"),
        ("-1 1\n0 2\n", "line 1: negative index"),
        ("# nothing\n", "no terms"),
        (
            "0 1\n1 3\n2 7\n3 15\n4 31\n",
            "needs at least 9 terms for order 2",
        ),
    ] {
        assert_one_line_error(&with_stdin(&["guess", "-"], input), needle);
    }
    for (args, needle) in [
        (
            vec!["guess", "--terms", "1,3,7,15,31"],
            "needs at least 9 terms for order 2 with 5 confirmations (5 given)",
        ),
        (
            vec!["guess", "--terms", "1,x"],
            "term 2 `x` is not an integer",
        ),
        (vec!["guess"], "nothing to guess from"),
        (vec!["guess", "nosuch.F"], "no such file"),
        (vec!["guess", "classic.T", "--terms", "1,2"], "not both"),
        (vec!["guess", "classic.T", "--n", "5..2"], "--n `5..2`"),
        (vec!["guess", "classic.NOPE", "--n", "0..20"], "NOPE"),
        (
            vec!["guess", "--terms", "1,2,3", "--confirmations", "0"],
            "--confirmations 0",
        ),
        (
            vec!["guess", "--terms", "1,2,3", "--n", "0..3"],
            "--n is for a variant",
        ),
    ] {
        assert_one_line_error(&hanoilab(&args), needle);
    }
}

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
            // E^j q(E): the j irregular terms and 2 deg q terms determine the law
            let j = derived.offset();
            let k = j + 2 * (derived.order() - j) + c;
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
            // one term fewer: refused, saying how many are needed (Berlekamp–Massey's count
            // for a law that holds from the first term)
            let e = guess(&terms[..k - 1], first, &opts).unwrap_err();
            let needs = match j {
                0 => format!("needs at least {k} terms for order {}", derived.order()),
                _ => "needs at least".to_string(),
            };
            assert!(
                matches!(e, GuessError::NoLaw { .. }) && e.to_string().contains(&needs),
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

/// `--optimum`: the search optima of the 4-post cyclic puzzle (searched to n = 10, recorded
/// runs to n = 16) give the law the OEIS records as a conjecture for A292764, "minimal
/// number of moves for the cyclic variant of Hanoi's tower for 4 pegs and n disks, with the
/// final peg two steps away": "G.f.: 2*x*(1 + 3*x + 4*x^2 + 4*x^3 + 2*x^4 + 2*x^5 + 2*x^6 -
/// 2*x^9) / ((1 - x)*(1 + x)*(1 - x - 2*x^3))" and "a(n) = a(n-1) + a(n-2) + a(n-3) -
/// 2*a(n-5) for n>10" (Colin Barker, Oct 25 2017, corrected by Paul Zimmermann 2020).
/// Seventeen terms over-determine it by one.
#[test]
fn search_optima_give_the_published_law_of_the_cyclic_four_post_puzzle() {
    let g = json(&[
        "guess",
        "cyclic4.N",
        "--optimum",
        "--n",
        "0..16",
        "--confirmations",
        "1",
        "--format",
        "json",
    ]);
    let rec = &g["recurrence"];
    assert_eq!(
        ints(&rec["coefficients"]),
        [1, 1, 1, 0, -2].map(BigInt::from)
    );
    assert_eq!(rec["holds_from"], 11);
    assert_eq!(
        (g["determined_by"].as_u64(), g["confirmed_by"].as_u64()),
        (Some(16), Some(1))
    );
    // numerator 2x (1 + 3x + 4x^2 + 4x^3 + 2x^4 + 2x^5 + 2x^6 - 2x^9), denominator
    // (1 - x)(1 + x)(1 - x - 2x^3) = 1 - x - x^2 - x^3 + 2x^5
    let num = [0, 2, 6, 8, 8, 4, 4, 4, 0, 0, -4].map(BigInt::from);
    let den = [1, -1, -1, -1, 0, 2].map(BigInt::from);
    assert_eq!(ints(&g["gf"]["numerator"]), num);
    assert_eq!(ints(&g["gf"]["denominator"]), den);
    let notes: Vec<&str> = g["notes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n.as_str().unwrap())
        .collect();
    assert!(
        notes[0].contains("n = 0..10 searched here, n = 11..16 from recorded runs"),
        "{notes:?}"
    );
    // Stockmeyer's algorithm (3^n - 1 moves) is above the optimum from n = 3
    assert!(
        notes
            .iter()
            .any(|n| n.contains("not optimal: 26 moves at n = 3 against the optimum 18")),
        "{notes:?}"
    );
    // the default five confirmations: refused, with where the terms came from
    let out = hanoilab(&["guess", "cyclic4.N", "--optimum", "--n", "0..16"]);
    assert_one_line_error(&out, "no law confirmed");
    assert!(String::from_utf8_lossy(&out.stderr).contains("from recorded runs"));
}

/// `--optimum` terms are search minima, an independent route from the program's counts: for
/// the 3-pin cyclic puzzle the algorithm is optimal, and the guess from the optima is the
/// law the transfer system derives for cyclic.C.
#[test]
fn the_optima_of_an_optimal_algorithm_follow_its_derived_law() {
    let from_optima = json(&[
        "guess",
        "cyclic.C",
        "--optimum",
        "--n",
        "0..11",
        "--format",
        "json",
    ]);
    let from_counts = json(&["guess", "cyclic.C", "--n", "0..11", "--format", "json"]);
    assert_eq!(
        from_optima["recurrence"]["text"],
        from_counts["recurrence"]["text"]
    );
    assert_eq!(from_optima["gf"]["text"], from_counts["gf"]["text"]);
    let notes = from_optima["notes"].to_string();
    assert!(
        notes.contains("takes exactly these minima for n = 0..11"),
        "{notes}"
    );
    assert!(notes.contains("confirms it optimal to n = 11"), "{notes}");
}

#[test]
fn bad_optimum_requests_are_refused_with_one_line() {
    let dir = std::env::temp_dir().join(format!("hanoilab-guess-opt-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let conflicting = dir.join("records.csv");
    std::fs::write(
        &conflicting,
        "puzzle,n,minimum,optimal_solutions,states_reached,eccentricity,wall_seconds,peak_bytes,version,method,cpu_seconds\n\
         cyclic4.N,13,5000,,1,,1,1,0.1.0,bfs,\n",
    )
    .unwrap();
    let broken = dir.join("broken.csv");
    std::fs::write(&broken, "puzzle,n\ncyclic4.N,x\n").unwrap();
    let c = conflicting.to_str().unwrap();
    let b = broken.to_str().unwrap();
    for (args, needle) in [
        (
            vec!["guess", "--terms", "1,2,3", "--optimum"],
            "not --terms",
        ),
        (
            vec!["guess", "cyclic4.N", "--optimum"],
            "give the discs with --n",
        ),
        (
            vec![
                "guess",
                "cyclic4.N",
                "--optimum",
                "--n",
                "0..9",
                "--records",
                "/no/such.csv",
            ],
            "--records /no/such.csv",
        ),
        (
            vec![
                "guess",
                "cyclic4.N",
                "--optimum",
                "--n",
                "0..9",
                "--records",
                c,
            ],
            "but the built-in records have 5162",
        ),
        (
            vec![
                "guess",
                "cyclic4.N",
                "--optimum",
                "--n",
                "0..9",
                "--records",
                b,
            ],
            "--records",
        ),
        (
            vec![
                "guess",
                "cyclic4.N",
                "--optimum",
                "--n",
                "0..9",
                "--memory-limit",
                "lots",
            ],
            "--memory-limit",
        ),
        (
            vec![
                "guess",
                "cyclic4.N",
                "--optimum",
                "--n",
                "20..22",
                "--max-states",
                "1000",
            ],
            "no search optimum for n = 20..22",
        ),
    ] {
        assert_one_line_error(&hanoilab(&args), needle);
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

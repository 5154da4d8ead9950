//! Helpers shared by the modules that run the real binary.

use hanoilab::puzzle::model::{ColourRule, Move, Puzzle, SizeRule};
use hanoilab::variants::{Params, Variant};
use num_bigint::BigInt;
use std::path::Path;
use std::process::{Command, Output};

/// Runs `hanoilab ARGS` from the crate root (so `data/...` paths resolve) and returns its
/// output whatever the status.
pub fn hanoilab(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_hanoilab"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("the binary runs")
}

/// Standard output of a run that must succeed.
pub fn stdout(args: &[&str]) -> String {
    let out = hanoilab(args);
    assert!(
        out.status.success(),
        "hanoilab {args:?}: status {:?}, stderr: {}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("utf-8 output")
}

/// Standard output of a run that prints a verdict `fails` (of `check` or `claims`): exit
/// status 1, the output whole, one line on stderr.
pub fn stdout_refuted(args: &[&str]) -> String {
    let out = hanoilab(args);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "hanoilab {args:?}: {err}");
    assert!(err.contains("fail"), "hanoilab {args:?}: {err}");
    String::from_utf8(out.stdout).expect("utf-8 output")
}

/// A bad input: exit status 2, the message mentions `needle`, no panic, nothing on stdout.
pub fn assert_input_error(args: &[&str], needle: &str) {
    let out = hanoilab(args);
    assert_eq!(out.status.code(), Some(2), "exit status 2 for {args:?}");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains(needle),
        "stderr of {args:?} mentions {needle:?}: {err}"
    );
    assert!(!err.contains("panicked"), "no panic for {args:?}");
    assert!(out.stdout.is_empty(), "nothing on stdout for {args:?}");
}

/// A checker of the model's move semantics written apart from the library's simulator (so
/// the two can disagree); returns the number of moves.
pub fn simulate_independently(
    p: &Puzzle,
    moves: impl IntoIterator<Item = Move>,
) -> Result<usize, String> {
    let mut c = p.start.clone();
    let mut k = 0;
    for m in moves {
        let (f, t) = (m.from as usize, m.to as usize);
        if f == t || f >= p.pins || t >= p.pins || !p.rules.arcs[f][t] {
            return Err(format!("move {k}: bad pins {m}"));
        }
        let d = *c.pins[f]
            .last()
            .ok_or(format!("move {k}: {m} from empty pin"))? as usize;
        let col = p.rules.recolour.apply(c.colours[d]);
        let land = if p.rules.check_after_recolour {
            col
        } else {
            c.colours[d]
        };
        let under = match c.pins[t].last() {
            Some(&e) => {
                let (ds, es) = (p.discs[d].size, p.discs[e as usize].size);
                let ok = match p.rules.size_rule {
                    SizeRule::Strict => ds < es,
                    SizeRule::AllowEqual => ds <= es,
                };
                if !ok {
                    return Err(format!("move {k}: {m} puts a larger disc on a smaller"));
                }
                Some(c.colours[e as usize])
            }
            None => p.bases[t],
        };
        let ok = match (p.rules.colour_rule, under) {
            (ColourRule::Any, _) | (_, None) => true,
            (ColourRule::NotSame, Some(u)) => u != land,
            (ColourRule::MustMatch, Some(u)) => u == land,
        };
        if !ok {
            return Err(format!("move {k}: {m} breaks the colour rule"));
        }
        c.pins[f].pop();
        c.pins[t].push(d as u32);
        c.colours[d] = col;
        k += 1;
    }
    if c != p.goal {
        return Err(format!("goal not reached after {k} moves"));
    }
    Ok(k)
}

/// The variant file `data/variants/ID.toml`, loaded from disk (not the built-in copy).
pub fn variant_file(id: &str) -> Variant {
    let path = format!("{}/data/variants/{id}.toml", env!("CARGO_MANIFEST_DIR"));
    Variant::from_path(Path::new(&path)).unwrap_or_else(|e| panic!("{id}: {e}"))
}

/// The count of function `f` of a built-in variant at `n`.
pub fn builtin_count(id: &str, f: &str, n: i64, params: &Params) -> BigInt {
    Variant::builtin(id).unwrap().count(f, n, params).unwrap()
}

/// One parameter binding `k = v`.
pub fn param(k: &str, v: i64) -> Params {
    Params::from([(k.to_string(), v)])
}

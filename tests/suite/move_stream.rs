//! The move stream with memoised replay (`MoveStream::new`) against the plain interpreter
//! (`MoveStream::new_uncached`): same moves, same errors, same counts; and the checked
//! simulator's fast path against the general one. No timing here (see `hanoilab bench`).

use hanoilab::program::Program;
use hanoilab::puzzle::{simulate_with, Move, SimulateOptions, Tower};
use hanoilab::variants::{builtin_ids, Params, Variant};

/// Parameter sets worth trying for a variant: the defaults and a few neighbours.
fn param_sets(v: &Variant) -> Vec<Params> {
    let mut sets = vec![Params::new()];
    for (k, &d) in &v.parameters {
        let lo = v.parameter_min.get(k).copied().unwrap_or(1);
        for x in [d - 1, d + 1, lo] {
            if x >= lo && x != d {
                let mut p = Params::new();
                p.insert(k.clone(), x);
                sets.push(p);
            }
        }
    }
    sets
}

#[test]
fn builtin_streams_equal_the_plain_interpreter() {
    let mut checked = 0;
    for id in builtin_ids() {
        let v = Variant::builtin(id).unwrap();
        for params in param_sets(&v) {
            for f in v.functions() {
                for n in f.n_min.max(0)..=8 {
                    let Ok(mut fast) = v.moves(&f.name, n, &params) else {
                        continue;
                    };
                    let mut slow = v.moves_uncached(&f.name, n, &params).unwrap();
                    let mut i = 0u64;
                    loop {
                        let (a, b) = (fast.next(), slow.next());
                        assert_eq!(a, b, "{id}.{} n={n} {params:?}: move {}", f.name, i + 1);
                        if a.is_none() {
                            break;
                        }
                        i += 1;
                        assert_eq!(fast.emitted(), i);
                    }
                    assert_eq!(fast.error(), slow.error(), "{id}.{} n={n}", f.name);
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 100, "{checked}");
}

/// A large stream that really replays: the same moves as the plain interpreter.
#[test]
fn replay_at_larger_n_equals_the_plain_interpreter() {
    for (id, f, n) in [
        ("classic", "T", 17),
        ("rainbow", "DDD", 13),
        ("cyclic", "A", 12),
    ] {
        let v = Variant::builtin(id).unwrap();
        let Ok(f) = v.function(f).map(|f| f.name.clone()) else {
            continue;
        };
        let a = v.moves(&f, n, &Params::new()).unwrap();
        let b = v.moves_uncached(&f, n, &Params::new()).unwrap();
        assert!(a.eq(b), "{id}.{f} n={n}");
    }
}

/// A tiny deterministic generator (no dependency).
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, m: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) % m
    }
    fn pick<'a>(&mut self, xs: &[&'a str]) -> &'a str {
        xs[self.below(xs.len() as u64) as usize]
    }
}

/// A random program of three procedures `f0..f2(n, k; X, Y, Z)`: guards on n and k, moves
/// (also `* k` and `pin[...]`), calls on smaller sizes (also `reverse`) and loops.
fn random_program(r: &mut Lcg) -> String {
    let pins = ["X", "Y", "Z", "pin[k]", "pin[n+1]", "1"];
    let perms = [
        "X, Y, Z", "X, Z, Y", "Y, X, Z", "Y, Z, X", "Z, X, Y", "Z, Y, X",
    ];
    let mut text = String::new();
    for p in 0..3 {
        let clauses = 1 + r.below(3);
        for c in 0..clauses {
            let guard = if c + 1 == clauses {
                // Sometimes no clause applies at n = 2: a run-time error mid-stream.
                if r.below(5) == 0 {
                    " when n >= 3 or n == 1"
                } else {
                    ""
                }
            } else {
                r.pick(&[
                    " when n == 1",
                    " when n >= 1 && n <= 2 && k % 2 == 0",
                    " when n >= 2 and k > 3",
                    " when n == 0",
                    " when not (n > 1) and n >= 0",
                ])
            };
            let mut steps = Vec::new();
            for _ in 0..1 + r.below(4) {
                steps.push(match r.below(6) {
                    0 | 1 => format!(
                        "{}f{}({}, {}; {})",
                        if r.below(3) == 0 { "reverse " } else { "" },
                        r.below(3),
                        r.pick(&["n-1", "n-2", "n-1", "n-3"]),
                        r.pick(&["k", "k+1", "k*2 % 7", "n"]),
                        r.pick(&perms)
                    ),
                    2 => {
                        let (from, to) = two_pins(r, &pins);
                        format!("move({from}, {to}) * {}", r.pick(&["2", "k % 3", "0"]))
                    }
                    3 => format!(
                        "for i = {} {{ move(pin[i], {}), f{}(n-1, i; {}) }}",
                        r.pick(&["1..k % 3", "2 downto 0", "k..k+1"]),
                        r.pick(&pins),
                        r.below(3),
                        r.pick(&perms)
                    ),
                    _ => {
                        let (from, to) = two_pins(r, &pins);
                        format!("move({from}, {to})")
                    }
                });
            }
            text.push_str(&format!(
                "f{p}(n, k; X, Y, Z){guard} = {}\n",
                steps.join(", ")
            ));
        }
    }
    text
}

/// Two pins written differently (a `move` with the same pin on both sides does not parse).
fn two_pins<'a>(r: &mut Lcg, pins: &[&'a str]) -> (&'a str, &'a str) {
    let from = r.pick(pins);
    loop {
        let to = r.pick(pins);
        if to != from {
            return (from, to);
        }
    }
}

#[test]
fn random_programs_equal_the_plain_interpreter() {
    let mut r = Lcg(18);
    let (mut compared, mut total, mut errors) = (0, 0, 0);
    for _ in 0..300 {
        let text = random_program(&mut r);
        let Ok(p) = Program::parse(&text) else {
            continue;
        };
        for call in [
            "f0(n, 0; 0, 1, 2)",
            "reverse f1(n, 3; 2, 0, 1)",
            "f2(n, n; 1, 2, 0)",
        ] {
            for n in 0..11 {
                let mut a = p.moves(call, n, &[], 3).unwrap();
                let mut b = p.moves_uncached(call, n, &[], 3).unwrap();
                // Bounded: a random program may make very many moves.
                for i in 0..40_000 {
                    let (x, y) = (a.next(), b.next());
                    assert_eq!(x, y, "{text}\n{call} n={n}: move {}", i + 1);
                    if x.is_none() {
                        break;
                    }
                    total += 1;
                }
                assert_eq!(a.error(), b.error(), "{text}\n{call} n={n}");
                errors += a.error().is_some() as usize;
                assert_eq!(a.emitted(), b.emitted(), "{text}\n{call} n={n}");
                compared += 1;
            }
        }
    }
    assert!(compared > 1500 && total > 1_000_000, "{compared} {total}");
    assert!(errors > 50, "{errors}");
}

/// The fast checker (bit masks, colours, access masks) reports exactly what the general
/// one does, on the built-in solutions and on corrupted ones.
#[test]
fn fast_checker_agrees_with_the_general_one() {
    for id in builtin_ids() {
        let v = Variant::builtin(id).unwrap();
        for params in param_sets(&v) {
            for f in v.functions() {
                if f.goal_up_to_equal_sizes {
                    continue;
                }
                for n in f.n_min.max(0)..=6 {
                    let (Ok(puzzle), Ok(stream)) =
                        (v.puzzle(&f.name, n, &params), v.moves(&f.name, n, &params))
                    else {
                        continue;
                    };
                    let moves: Vec<Move> = stream.collect();
                    let mut variants = vec![moves.clone()];
                    for k in [0, moves.len() / 2, moves.len().saturating_sub(1)] {
                        if k < moves.len() {
                            let mut m = moves.clone();
                            m[k] = Move {
                                from: m[k].to,
                                to: m[k].from,
                            };
                            variants.push(m.clone());
                            m.remove(k);
                            variants.push(m);
                        }
                    }
                    for ms in variants {
                        let fast = simulate_with(&puzzle, ms.iter().copied(), Default::default());
                        let mut obs = |_: u64, _: Move, _: &Tower| {};
                        let opts = SimulateOptions {
                            observer: Some(&mut obs),
                            ..Default::default()
                        };
                        let general = simulate_with(&puzzle, ms.iter().copied(), opts);
                        assert_eq!(fast, general, "{id}.{} n={n} {params:?}", f.name);
                    }
                }
            }
        }
    }
}

/// Calls that never repeat (an integer argument differs in every call): replay gives up
/// part way and the stream goes on plainly, with the same moves.
#[test]
fn never_repeating_calls_equal_the_plain_interpreter() {
    let p = Program::parse(
        "h(n, k; X, Y, Z) = h(n-1, 2*k; X, Z, Y), move(X, Z), h(n-1, 2*k+1; Y, X, Z)\n\
         g(n, k; X, Y, Z) = h(n-1, k % 3; X, Z, Y), move(X, Z), g(n-1, k+1; Y, X, Z)",
    )
    .unwrap();
    for call in [
        "h(n, 1; 0, 1, 2)",
        "g(n, 0; 0, 1, 2)",
        "reverse h(n, 5; 2, 1, 0)",
    ] {
        let a = p.moves(call, 15, &[], 3).unwrap();
        let b = p.moves_uncached(call, 15, &[], 3).unwrap();
        assert!(a.eq(b), "{call}");
    }
}

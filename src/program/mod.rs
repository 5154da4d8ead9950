//! Recursion programs: parser, validation, the lazy interpreter and count extraction.
//!
//! The text format is documented in `docs/variant-format.md`. In short, a program is a list
//! of clauses
//!
//! ```text
//! NAME(n[, INTPARAM...][; PIN, PIN...]) [when COND] = STEP, STEP, ...
//! ```
//!
//! where a step is `move(X, Y)`, `move(X, Y) * K`, a call `NAME(SIZE[, INT...][; PIN...])`,
//! `reverse NAME(...)` (the callee's moves reversed, in reverse order), or a loop
//! `for i = A..B { STEPS }` / `for i = A downto B { STEPS }` (inclusive; empty if the range
//! is empty), or `skip` as the whole body. Pins are pin parameters, numbers, or `pin[EXPR]`
//! (modulo the number of pins). Integer expressions use `+ - * / %` (Euclidean; a zero
//! divisor is an error at the operator, never a value), the size
//! and integer parameters, loop variables and globals (variant parameters such as `l`, and
//! `pins`). Clauses of one procedure are tried in order; the first whose guard holds is
//! used; a clause without guard applies for `n >= 1` only, so a call on zero (or fewer)
//! discs does nothing unless a guarded clause asks for it. Newlines carry no meaning:
//! a clause ends at the first step not followed by a comma. `#` starts a comment.
//!
//! ```
//! use hanoilab::program::Program;
//! let p = Program::parse("hanoi(n; X, Y, Z) = hanoi(n-1; X, Z, Y), move(X, Z), hanoi(n-1; Y, X, Z)").unwrap();
//! let moves: Vec<String> = p.moves("hanoi(n; 0, 1, 2)", 2, &[], 3).unwrap().map(|m| m.to_string()).collect();
//! assert_eq!(moves, ["0->1", "0->2", "1->2"]);
//! let sys = p.transfer_system(&[], &Default::default()).unwrap().unwrap();
//! assert_eq!(sys.names, ["hanoi", "1"]);
//! assert_eq!(p.count("hanoi(n; 0, 1, 2)", 10, &[]).unwrap(), 1023.into());
//! ```

pub mod ast;
mod count;
mod interp;
mod parse;

use std::collections::BTreeMap;
use std::sync::Arc;

use num_bigint::BigInt;

pub use crate::algebra::TransferSystem;
pub use ast::Program;
pub use count::{table_size_estimate, transfer_system, transfer_system_of, Counter};
pub use interp::MoveStream;
pub use parse::{parse, parse_call, parse_expr};

/// Errors of recursion programs: parsing, validation and evaluation.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ProgramError {
    /// The text does not follow the grammar.
    #[error("program line {line}, column {col}: {message}")]
    Syntax {
        /// Line, from 1.
        line: usize,
        /// Column, from 1.
        col: usize,
        /// What was expected.
        message: String,
    },
    /// A call of a procedure that has no clause.
    #[error("program line {line}, column {col}: call of undefined procedure `{name}`")]
    UndefinedProcedure {
        /// The name called.
        name: String,
        /// Line, from 1.
        line: usize,
        /// Column, from 1.
        col: usize,
    },
    /// A pin name that is not a pin parameter of the clause.
    #[error("program line {line}, column {col}: pin `{name}` is not a pin parameter of this clause (use a parameter, a number or pin[EXPR])")]
    UnboundPin {
        /// The name used.
        name: String,
        /// Line, from 1.
        line: usize,
        /// Column, from 1.
        col: usize,
    },
    /// A name in an expression that is neither local nor a known parameter.
    #[error("program line {line}, column {col}: unknown name `{name}` (not a parameter of the clause, a loop variable, a variant parameter or `pins`)")]
    UnboundName {
        /// The name used.
        name: String,
        /// Line, from 1.
        line: usize,
        /// Column, from 1.
        col: usize,
    },
    /// A call or clause with the wrong number of arguments.
    #[error("program line {line}, column {col}: `{name}` takes {expected_ints} integer argument(s) besides the size and {expected_pins} pin(s), found {found_ints} and {found_pins}")]
    Arity {
        /// The procedure.
        name: String,
        /// Integer parameters besides the size it declares.
        expected_ints: usize,
        /// Pin parameters it declares.
        expected_pins: usize,
        /// Integer arguments given.
        found_ints: usize,
        /// Pin arguments given.
        found_pins: usize,
        /// Line, from 1.
        line: usize,
        /// Column, from 1.
        col: usize,
    },
    /// No clause of a procedure applies.
    #[error("no clause of `{name}` applies for n = {n}")]
    NoClause {
        /// The procedure.
        name: String,
        /// The size it was called with.
        n: i64,
    },
    /// A procedure depends on itself at the same size.
    #[error(
        "`{name}` calls itself without fewer discs (at n = {n}): the recursion does not terminate"
    )]
    RecursionCycle {
        /// The procedure.
        name: String,
        /// The size.
        n: i64,
    },
    /// Program arithmetic left the 64-bit integers (checked, never wrapped).
    #[error("`{name}` at n = {n}: an integer expression overflows 64 bits, or a loop runs more than 10^8 times (the program is not meant for sizes this large)")]
    Overflow {
        /// The procedure evaluating the expression (`call` for the top-level call).
        name: String,
        /// Its size.
        n: i64,
    },
    /// `/` or `%` by zero.
    #[error("program line {line}, column {col}: division by zero (in `{name}` at n = {n})")]
    DivisionByZero {
        /// The procedure evaluating the expression (`call` for the top-level call).
        name: String,
        /// Its size.
        n: i64,
        /// Line of the operator, from 1.
        line: usize,
        /// Column of the operator, from 1.
        col: usize,
    },
    /// A memoised count too large to attempt (checked from the sizes before counting, and
    /// from the table itself while counting).
    #[error("counting `{name}` at n = {n} by memoised recursion needs {entries} (at most {max} table entries)")]
    TooLarge {
        /// The procedure.
        name: String,
        /// The size.
        n: i64,
        /// The table entries needed: an estimate from the sizes (`about N table
        /// entries`), or `more than N table entries` when the table reached its limit while
        /// counting.
        entries: String,
        /// The limit.
        max: u64,
    },
    /// Loops walked one iteration at a time would run too long.
    #[error("`{name}` at n = {n}: loops would run {iterations} iterations one by one (nested loops multiply; a count walks at most 10^8 in all)")]
    LoopsTooLong {
        /// The procedure.
        name: String,
        /// Its size.
        n: i64,
        /// The iterations asked for (at least).
        iterations: u64,
    },
    /// Invocations that only pass a count on ([`Counter`] follows them without memoising)
    /// would take too long to follow.
    #[error("`{name}` at n = {n}: more than {steps} invocations that make no move and only pass a count on (the most a count follows)")]
    ForwardsTooLong {
        /// The procedure where the limit was reached.
        name: String,
        /// Its size.
        n: i64,
        /// The limit.
        steps: u64,
    },
    /// Calls nested deeper than the interpreter follows (a recursion without end, or far
    /// too many discs).
    #[error("`{name}` at n = {n}: calls nested more than {depth} deep (a recursion without end?)")]
    TooDeep {
        /// The procedure called.
        name: String,
        /// Its size.
        n: i64,
        /// The limit.
        depth: usize,
    },
    /// The stream's budget of interpreted steps ([`MoveStream::with_max_steps`]) ran out.
    #[error("the moves took more than {steps} program steps to interpret")]
    TooManySteps {
        /// The budget.
        steps: u64,
    },
    /// A `count_as` declaration that does not hold.
    #[error("count_as {name} = {target}: {detail}")]
    CountAs {
        /// The procedure declared.
        name: String,
        /// The procedure it is said to count as.
        target: String,
        /// Why it fails.
        detail: String,
    },
}

impl Program {
    /// Parses and validates a program; see the module documentation for the grammar.
    pub fn parse(text: &str) -> Result<Program, ProgramError> {
        parse(text)
    }

    /// The global values in the order of [`Program::globals`], from `params` (variant
    /// parameters and `pins`). Unknown names are an [`ProgramError::UnboundName`].
    pub fn global_values(&self, params: &[(&str, i64)]) -> Result<Vec<i64>, ProgramError> {
        self.globals
            .iter()
            .zip(&self.global_pos)
            .map(|(g, pos)| {
                params
                    .iter()
                    .find(|(k, _)| k == g)
                    .map(|(_, v)| *v)
                    .ok_or_else(|| ProgramError::UnboundName {
                        name: g.clone(),
                        line: pos.line,
                        col: pos.col,
                    })
            })
            .collect()
    }

    /// The lazy move stream of the top-level `call` (e.g. `"hanoi(n; 0, 1, 2)"`) at size `n`
    /// on `pins` pins; `params` gives the variant parameters (`pins` is added).
    pub fn moves(
        &self,
        call: &str,
        n: i64,
        params: &[(&str, i64)],
        pins: usize,
    ) -> Result<MoveStream, ProgramError> {
        self.stream(call, n, params, pins, true)
    }

    /// [`Program::moves`] from the plain interpreter, without memoised replay (the
    /// reference the fast stream is tested against).
    pub fn moves_uncached(
        &self,
        call: &str,
        n: i64,
        params: &[(&str, i64)],
        pins: usize,
    ) -> Result<MoveStream, ProgramError> {
        self.stream(call, n, params, pins, false)
    }

    fn stream(
        &self,
        call: &str,
        n: i64,
        params: &[(&str, i64)],
        pins: usize,
        replay: bool,
    ) -> Result<MoveStream, ProgramError> {
        let mut prog = self.clone();
        let step = parse_call(&mut prog, call)?;
        let mut all: Vec<(&str, i64)> = params.to_vec();
        all.push(("pins", pins as i64));
        let globals = prog.global_values(&all)?;
        let prog = Arc::new(prog);
        Ok(if replay {
            MoveStream::new(prog, &step, n, globals, pins)
        } else {
            MoveStream::new_uncached(prog, &step, n, globals, pins)
        })
    }

    /// The exact number of moves of the top-level `call` at size `n` (memoised counting).
    pub fn count(
        &self,
        call: &str,
        n: i64,
        params: &[(&str, i64)],
    ) -> Result<BigInt, ProgramError> {
        self.count_bounded(call, n, params, count::MAX_MEMO_KEYS)
    }

    /// [`Program::count`] memoising at most `max_keys` invocations (more:
    /// [`ProgramError::TooLarge`]), so that any program is counted or refused cheaply.
    ///
    /// ```
    /// use hanoilab::program::{Program, ProgramError};
    /// // f(n, k) calls f(n, k + 1) without end: refused after 1000 invocations.
    /// let p = Program::parse("f(n, k; X, Y) = f(n, k + 1; X, Y), move(X, Y)").unwrap();
    /// let r = p.count_bounded("f(n, 1; 0, 1)", 3, &[], 1000);
    /// assert!(matches!(r, Err(ProgramError::TooLarge { .. })));
    /// let h = Program::parse("h(n; X, Y, Z) = h(n-1; X, Z, Y), move(X, Z), h(n-1; Y, X, Z)")
    ///     .unwrap();
    /// assert_eq!(h.count_bounded("h(n; 0, 1, 2)", 10, &[], 1000).unwrap(), 1023.into());
    /// ```
    pub fn count_bounded(
        &self,
        call: &str,
        n: i64,
        params: &[(&str, i64)],
        max_keys: usize,
    ) -> Result<BigInt, ProgramError> {
        let mut prog = self.clone();
        let step = parse_call(&mut prog, call)?;
        let mut all: Vec<(&str, i64)> = params.to_vec();
        if !all.iter().any(|(k, _)| *k == "pins") {
            all.push(("pins", 0));
        }
        let globals = prog.global_values(&all)?;
        count_call_bounded(&prog, &step, n, &globals, max_keys)
    }

    /// The transfer system for the given parameters (see [`transfer_system`]).
    pub fn transfer_system(
        &self,
        params: &[(&str, i64)],
        count_as: &BTreeMap<String, String>,
    ) -> Result<Option<TransferSystem>, ProgramError> {
        let mut all: Vec<(&str, i64)> = params.to_vec();
        if !all.iter().any(|(k, _)| *k == "pins") {
            all.push(("pins", 0));
        }
        let globals = self.global_values(&all)?;
        transfer_system(self, &globals, count_as)
    }
}

/// The largest call size counted by memoised recursion: about this many table entries of
/// a few hundred bytes each. Chosen by measurement: `nth reves 1000000` (about 2 million
/// memoised invocations) takes about 6 s, `reves` at 5,000,000 more than 30 s.
pub const MEMO_MAX_SIZE: i64 = 1_000_000;

/// The count of a resolved top-level call (a [`ast::Step::Call`]) at size `n`.
pub fn count_call(
    prog: &Program,
    call: &ast::Step,
    n: i64,
    globals: &[i64],
) -> Result<BigInt, ProgramError> {
    count_call_bounded(prog, call, n, globals, count::MAX_MEMO_KEYS)
}

/// [`count_call`] memoising at most `max_keys` invocations ([`Counter::with_max_keys`]).
pub fn count_call_bounded(
    prog: &Program,
    call: &ast::Step,
    n: i64,
    globals: &[i64],
    max_keys: usize,
) -> Result<BigInt, ProgramError> {
    let mut counter = Counter::new(prog, globals.to_vec()).with_max_keys(max_keys);
    count_call_with(&mut counter, prog, call, n, globals)
}

/// [`count_call`] with a counter kept between calls: the counts of many sizes (a table's
/// rows) share one memo table, so each row costs only the invocations new to it. The sizes
/// are checked first, as in [`count_call`].
pub fn count_call_with(
    counter: &mut Counter<'_>,
    prog: &Program,
    call: &ast::Step,
    n: i64,
    globals: &[i64],
) -> Result<BigInt, ProgramError> {
    let ast::Step::Call {
        proc, size, ints, ..
    } = call
    else {
        return Ok(BigInt::from(0));
    };
    let slots = [n];
    let fault = |f: ast::Fault| f.error("call", n);
    let m = size.eval(&slots, globals).map_err(fault)?;
    let args: Vec<i64> = ints
        .iter()
        .map(|e| e.eval(&slots, globals).map_err(fault))
        .collect::<Result<_, _>>()?;
    let entries = count::table_size_estimate(prog, globals, m);
    if entries.is_none_or(|e| e > MEMO_MAX_SIZE as u64) {
        return Err(ProgramError::TooLarge {
            name: prog.procedures[*proc].name.clone(),
            n: m,
            entries: match entries {
                Some(e) => format!("about {e} table entries"),
                None => "table entries without end (a procedure calls itself on sizes \
                         without end)"
                    .into(),
            },
            max: MEMO_MAX_SIZE as u64,
        });
    }
    counter.count(*proc, m, &args)
}

#[cfg(test)]
mod tests {
    use super::*;

    const CYCLIC: &str = "
# Lunnon, Cyclic Hanoi
right(n; X, Y, Z) = left(n-1; X, Z, Y), move(X, Z), left(n-1; Y, X, Z)
left(n; X, Y, Z)  = left(n-1; X, Y, Z), move(X, Y), right(n-1; Z, Y, X),
                    move(Y, Z), left(n-1; X, Y, Z)
";

    #[test]
    fn cyclic_matrix_matches_lunnon_recurrence() {
        let p = Program::parse(CYCLIC).unwrap();
        let sys = p.transfer_system(&[], &BTreeMap::new()).unwrap().unwrap();
        assert_eq!(sys.names, ["right", "left", "1"]);
        // Lunnon, Cyclic Hanoi: C(n) = 2A(n-1) + 1, A(n) = 2A(n-1) + C(n-1) + 2.
        let m: Vec<Vec<i64>> = vec![vec![0, 2, 1], vec![1, 2, 2], vec![0, 0, 1]];
        let got: Vec<Vec<i64>> = sys
            .matrix
            .iter()
            .map(|r| r.iter().map(|v| i64::try_from(v).unwrap()).collect())
            .collect();
        assert_eq!(got, m);
        assert_eq!(sys.initial, vec![1.into(), 2.into(), 1.into()]);
    }

    #[test]
    fn stream_length_equals_count() {
        let p = Program::parse(CYCLIC).unwrap();
        for n in 0..9 {
            let len = p.moves("left(n; 0, 1, 2)", n, &[], 3).unwrap().count();
            assert_eq!(
                BigInt::from(len),
                p.count("left(n; 0, 1, 2)", n, &[]).unwrap()
            );
        }
    }

    #[test]
    fn reverse_reverses() {
        let p = Program::parse(
            "h(n; X, Y, Z) = h(n-1; X, Z, Y), move(X, Z), h(n-1; Y, X, Z)\n r(n; X, Y, Z) = reverse h(n; X, Y, Z)",
        )
        .unwrap();
        let mut a: Vec<_> = p.moves("h(n; 0, 1, 2)", 4, &[], 3).unwrap().collect();
        let b: Vec<_> = p.moves("r(n; 0, 1, 2)", 4, &[], 3).unwrap().collect();
        a.reverse();
        let a: Vec<_> = a
            .into_iter()
            .map(|m| crate::puzzle::Move {
                from: m.to,
                to: m.from,
            })
            .collect();
        assert_eq!(a, b);
    }

    #[test]
    fn loops_and_guards() {
        let p = Program::parse(
            "f(n) when n == 1 = move(0, 1) * 3\nf(n) = for i = 1..l { move(pin[i], pin[i+1]) }, f(n-1)\ng(n) = for i = l downto 1 { move(pin[i], 0) }",
        )
        .unwrap();
        let v: Vec<String> = p
            .moves("f(n)", 2, &[("l", 2)], 4)
            .unwrap()
            .map(|m| m.to_string())
            .collect();
        assert_eq!(v, ["1->2", "2->3", "0->1", "0->1", "0->1"]);
        let v: Vec<String> = p
            .moves("reverse g(n)", 1, &[("l", 2)], 4)
            .unwrap()
            .map(|m| m.to_string())
            .collect();
        assert_eq!(v, ["0->1", "0->2"]);
        let sys = p
            .transfer_system(&[("l", 2)], &BTreeMap::new())
            .unwrap()
            .unwrap();
        assert_eq!(sys.initial[0], 3.into());
    }

    #[test]
    fn division_by_zero_is_an_error_at_the_operator() {
        let p = Program::parse("t(n) = t(n / 0), move(0, 1)").unwrap();
        let e = p.count("t(n)", 3, &[]).unwrap_err();
        assert!(
            matches!(
                e,
                ProgramError::DivisionByZero {
                    line: 1,
                    col: 12,
                    ..
                }
            ),
            "{e}"
        );
        let mut moves = p.moves("t(n)", 3, &[], 3).unwrap();
        assert_eq!(moves.by_ref().count(), 0);
        assert!(matches!(
            moves.error(),
            Some(ProgramError::DivisionByZero { col: 12, .. })
        ));
        // `%` in a repetition count, and in a guard.
        let p = Program::parse("t(n) = t(n - 1), move(0, 1) * (n % (n - n))").unwrap();
        assert!(matches!(
            p.count("t(n)", 2, &[]),
            Err(ProgramError::DivisionByZero { col: 34, .. })
        ));
        let p = Program::parse("t(n) when n % 0 == 1 = move(0, 1)\nt(n) = skip").unwrap();
        assert!(matches!(
            p.count("t(n)", 2, &[]),
            Err(ProgramError::DivisionByZero { line: 1, .. })
        ));
        // A non-zero divisor is Euclidean as before.
        let p = Program::parse("t(n) = move(0, 1) * (n / 2)").unwrap();
        assert_eq!(p.count("t(n)", 7, &[]).unwrap(), 3.into());
    }

    #[test]
    fn a_move_from_a_pin_to_itself_is_refused_where_it_is_written() {
        let e = Program::parse("h(n; X, Y) = move(X, Y),\n  move(Y, Y)").unwrap_err();
        assert!(
            matches!(e, ProgramError::Syntax { line: 2, col: 3, ref message } if message.contains("from a pin to itself")),
            "{e}"
        );
    }

    #[test]
    fn loops_counted_with_their_length_as_a_factor_agree_with_the_moves() {
        // The first loop's body does not read i (counted once, times 3); the second's
        // does (walked). The interpreter plays every move: an independent route.
        let p = Program::parse(
            "f(n) = for i = 1..3 { f(n-1), move(0, 1) }, for j = 1..n { move(0, 2) * j }",
        )
        .unwrap();
        for n in 0..6 {
            let played = p.moves("f(n)", n, &[], 3).unwrap().count();
            assert_eq!(p.count("f(n)", n, &[]).unwrap(), BigInt::from(played));
        }
    }

    #[test]
    fn sizes_are_checked_before_counting() {
        // Nested loops reading both variables: 10^10 iterations, refused at the inner entry.
        let p = Program::parse(
            "f(n) = for i = 1..100000 { for j = 1..100000 { move(0, 1) * (i + j) } }",
        )
        .unwrap();
        assert!(matches!(
            p.count("f(n)", 1, &[]),
            Err(ProgramError::LoopsTooLong {
                iterations: 10_000_000_000,
                ..
            })
        ));
        // A guard that lets the recursion descend to -1000: sizes -1000..=5.
        let p = Program::parse("f(n) when n > -1001 = f(n-1), move(0, 1)").unwrap();
        let globals = p.global_values(&[("pins", 0)]).unwrap();
        assert_eq!(table_size_estimate(&p, &globals, 5), Some(5 + 1001));
        assert_eq!(p.count("f(n)", 5, &[]).unwrap(), BigInt::from(5 + 1001));
        // Sizes that grow without end, and a climb that stops at 10.
        let p = Program::parse("f(n) = f(n+1), move(0, 1)").unwrap();
        assert_eq!(table_size_estimate(&p, &globals, 5), None);
        assert!(matches!(
            p.count("f(n)", 5, &[]),
            Err(ProgramError::TooLarge { .. })
        ));
        let p = Program::parse("f(n) when n < 10 = f(n+1)\nf(n) = move(0, 1)").unwrap();
        assert_eq!(table_size_estimate(&p, &globals, 5), Some(5 + 5));
        assert_eq!(p.count("f(n)", 5, &[]).unwrap(), BigInt::from(1));
    }

    #[test]
    fn errors_have_positions() {
        let e = Program::parse("h(n; X, Y) = move(X, Q)").unwrap_err();
        assert!(
            matches!(
                e,
                ProgramError::UnboundPin {
                    line: 1,
                    col: 22,
                    ..
                }
            ),
            "{e}"
        );
        let e = Program::parse("h(n; X, Y) =\n  g(n-1; X, Y)").unwrap_err();
        assert!(
            matches!(
                e,
                ProgramError::UndefinedProcedure {
                    line: 2,
                    col: 3,
                    ..
                }
            ),
            "{e}"
        );
        let e = Program::parse("h(n; X, Y) = h(n-1; X)").unwrap_err();
        assert!(matches!(e, ProgramError::Arity { .. }), "{e}");
        let e = Program::parse("h(n; X, Y) = move(X Y)").unwrap_err();
        assert!(
            matches!(
                e,
                ProgramError::Syntax {
                    line: 1,
                    col: 21,
                    ..
                }
            ),
            "{e}"
        );
        let p = Program::parse("h(n) = move(0, 1) * k").unwrap();
        assert!(matches!(
            p.count("h(n)", 1, &[]),
            Err(ProgramError::UnboundName { .. })
        ));
        let p = Program::parse("h(n) = h(n)").unwrap();
        assert!(matches!(
            p.count("h(n)", 1, &[]),
            Err(ProgramError::RecursionCycle { .. })
        ));
        // A forwarding cycle through an integer argument is found too, not followed forever.
        let p = Program::parse("h(n, k) = h(n, 1 - k)").unwrap();
        assert!(matches!(
            p.count("h(n, 0)", 1, &[]),
            Err(ProgramError::RecursionCycle { .. })
        ));
    }

    /// A helper that counts a parameter up without moving (as Many_Pin's split search does)
    /// passes its callee's count on: the counter follows such chains instead of memoising
    /// every link, and the count still equals the length of the move stream.
    #[test]
    fn forwarding_chains_count_what_the_stream_plays() {
        let p = Program::parse(
            "
h(n; X, Y, Z) = up(n, 0; X, Y, Z)
up(n, t; X, Y, Z) when t < 3 * n = up(n, t + 1; X, Y, Z)
up(n, t; X, Y, Z) = h(n-1; X, Z, Y), move(X, Z), h(n-1; Y, X, Z)
",
        )
        .unwrap();
        for n in 0..12 {
            let count = p.count("h(n; 0, 1, 2)", n, &[]).unwrap();
            let played = p.moves("h(n; 0, 1, 2)", n, &[], 3).unwrap().count();
            assert_eq!(count, BigInt::from(played), "n = {n}");
            // Classic Hanoi: 2^n - 1 moves (Lucas 1883).
            assert_eq!(count, (BigInt::from(1) << n as usize) - 1);
        }
        // The chains hold 3n links per size but take no memo entries: far more links than
        // the counter may memoise are followed.
        let p = Program::parse(
            "
h(n) = up(n, 0)
up(n, t) when t < 1000000 = up(n, t + 1)
up(n, t) = h(n-1), move(0, 1), h(n-1)
",
        )
        .unwrap();
        let mut counter = Counter::new(&p, vec![]).with_max_keys(1000);
        let got = counter.count(0, 5, &[]).unwrap();
        assert_eq!(got, BigInt::from(31));
    }

    /// A stream's budget of interpreted steps ends it with an error, not a short count.
    #[test]
    fn step_budget_ends_the_stream() {
        let p = Program::parse(CYCLIC).unwrap();
        let full = p.moves("left(n; 0, 1, 2)", 6, &[], 3).unwrap();
        let mut s = full.clone();
        let all = s.by_ref().count();
        assert!(s.error().is_none());
        let taken = s.steps();
        let mut short = full.with_max_steps(taken - 1);
        let played = short.by_ref().count();
        assert!(played < all);
        assert!(matches!(
            short.error(),
            Some(ProgramError::TooManySteps { .. })
        ));
    }
}

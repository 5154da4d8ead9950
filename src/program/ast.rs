//! The compiled form of a recursion program (see [`crate::program`] for the grammar).

/// An integer expression.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Expr {
    /// A literal.
    Const(i64),
    /// A local slot of the clause: 0 is the size `n`, then the integer parameters, then
    /// loop variables.
    Slot(usize),
    /// A global name (a variant parameter such as `l`, or the builtin `pins`), by index into
    /// [`Program::globals`].
    Global(usize),
    /// A binary operation other than `/` and `%`.
    Bin(BinOp, Box<Expr>, Box<Expr>),
    /// `a / b` or `a % b` ([`BinOp::Div`] or [`BinOp::Rem`]) with the operator's position:
    /// a zero divisor is an error there ([`Fault::DivisionByZero`]).
    Quot(BinOp, Box<Expr>, Box<Expr>, Pos),
    /// Negation.
    Neg(Box<Expr>),
}

/// Binary integer operators. Division and remainder are Euclidean (`x % m` is never negative
/// for `m > 0`); division by zero is an error at the operator ([`Fault::DivisionByZero`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BinOp {
    /// `+`
    Add,
    /// `-`
    Sub,
    /// `*`
    Mul,
    /// `/`
    Div,
    /// `%`
    Rem,
    /// `min(a, b)`
    Min,
    /// `max(a, b)`
    Max,
}

/// Comparison operators, of a program's guards and of the literature's formula conditions
/// (`==` is also written `=` in a formula).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CmpOp {
    /// `==` (or `=` in a formula)
    Eq,
    /// `!=`
    Ne,
    /// `<`
    Lt,
    /// `<=`
    Le,
    /// `>`
    Gt,
    /// `>=`
    Ge,
}

impl CmpOp {
    /// Whether `a op b` holds, given how `a` compares with `b`.
    pub fn holds(self, o: std::cmp::Ordering) -> bool {
        use std::cmp::Ordering::{Equal, Greater, Less};
        match self {
            CmpOp::Eq => o == Equal,
            CmpOp::Ne => o != Equal,
            CmpOp::Lt => o == Less,
            CmpOp::Le => o != Greater,
            CmpOp::Gt => o == Greater,
            CmpOp::Ge => o != Less,
        }
    }
}

/// A guard condition.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Cond {
    /// A comparison.
    Cmp(CmpOp, Expr, Expr),
    /// Both.
    And(Box<Cond>, Box<Cond>),
    /// Either.
    Or(Box<Cond>, Box<Cond>),
    /// Negation.
    Not(Box<Cond>),
}

/// A pin operand.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PinRef {
    /// The i-th pin parameter of the clause.
    Param(usize),
    /// `pin[EXPR]` or a literal pin number: the pin with that index modulo the number of pins.
    Index(Expr),
}

/// A source position (1-based line and column).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct Pos {
    /// Line, from 1.
    pub line: usize,
    /// Column, from 1.
    pub col: usize,
}

/// One step of a clause body.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// `move(X, Y)` or `move(X, Y) * k`.
    Move {
        /// Origin pin.
        from: PinRef,
        /// Destination pin.
        to: PinRef,
        /// Repetitions (1 unless `* k`).
        times: Expr,
    },
    /// `NAME(SIZE, ints; pins)` or `reverse NAME(...)`.
    Call {
        /// Index into [`Program::procedures`].
        proc: usize,
        /// Number of discs.
        size: Expr,
        /// Integer arguments.
        ints: Vec<Expr>,
        /// Pin arguments.
        pins: Vec<PinRef>,
        /// The callee's moves reversed, in reverse order.
        reversed: bool,
        /// Where the call is written.
        pos: Pos,
    },
    /// `for i = A..B { ... }` (ascending) or `for i = A downto B { ... }`.
    For {
        /// Slot of the loop variable.
        slot: usize,
        /// First value.
        from: Expr,
        /// Last value (inclusive).
        to: Expr,
        /// Whether the loop counts down.
        down: bool,
        /// Index into [`Program::blocks`].
        body: usize,
    },
}

/// One alternative of a procedure.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Clause {
    /// `when` condition; `None` means "always" (but see [`crate::program`] on n = 0).
    pub guard: Option<Cond>,
    /// Index into [`Program::blocks`].
    pub body: usize,
    /// Number of integer slots (size, parameters, loop variables).
    pub slots: usize,
    /// Where the clause starts.
    pub pos: Pos,
}

/// A named procedure: all clauses with the same name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Procedure {
    /// Its name.
    pub name: String,
    /// Number of integer parameters besides the size.
    pub int_arity: usize,
    /// Number of pin parameters.
    pub pin_arity: usize,
    /// Clauses in the order written.
    pub clauses: Vec<Clause>,
    /// Integer slots a frame of this procedure needs (the maximum over its clauses).
    pub slots: usize,
    /// Where it is first defined.
    pub pos: Pos,
}

/// A parsed and validated recursion program.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Program {
    /// Procedures in order of first definition.
    pub procedures: Vec<Procedure>,
    /// Step lists (clause bodies and loop bodies).
    pub blocks: Vec<Vec<Step>>,
    /// Global names used by the program (variant parameters, `pins`), in order of first use.
    pub globals: Vec<String>,
    /// Where each global is first used.
    pub global_pos: Vec<Pos>,
}

impl Program {
    /// The index of the procedure called `name`.
    pub fn procedure(&self, name: &str) -> Option<usize> {
        self.procedures.iter().position(|p| p.name == name)
    }
}

/// Why an expression has no value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fault {
    /// The result leaves the 64-bit integers (checked, never wrapped), or a loop is too
    /// long to walk.
    Overflow,
    /// `/` or `%` by zero, at the operator's position.
    DivisionByZero(Pos),
}

impl Fault {
    /// The program error of this fault in procedure `name` (`call` for the top-level call)
    /// at size `n`.
    pub fn error(self, name: &str, n: i64) -> crate::program::ProgramError {
        use crate::program::ProgramError;
        match self {
            Fault::Overflow => ProgramError::Overflow {
                name: name.into(),
                n,
            },
            Fault::DivisionByZero(at) => ProgramError::DivisionByZero {
                name: name.into(),
                n,
                line: at.line,
                col: at.col,
            },
        }
    }
}

/// Euclidean integer arithmetic shared by the interpreter and the counter, checked: an
/// error when the result leaves the 64-bit integers (never a silent wrap) or the divisor of
/// `/` or `%` (written at `at`) is zero.
pub(crate) fn apply(op: BinOp, a: i64, b: i64, at: Pos) -> Result<i64, Fault> {
    let r = match op {
        BinOp::Add => a.checked_add(b),
        BinOp::Sub => a.checked_sub(b),
        BinOp::Mul => a.checked_mul(b),
        BinOp::Div | BinOp::Rem if b == 0 => return Err(Fault::DivisionByZero(at)),
        BinOp::Div => a.checked_div_euclid(b),
        BinOp::Rem => a.checked_rem_euclid(b),
        BinOp::Min => Some(a.min(b)),
        BinOp::Max => Some(a.max(b)),
    };
    r.ok_or(Fault::Overflow)
}

impl Expr {
    /// Evaluates with the given local slots and globals.
    pub fn eval(&self, slots: &[i64], globals: &[i64]) -> Result<i64, Fault> {
        match self {
            Expr::Const(c) => Ok(*c),
            Expr::Slot(s) => Ok(slots[*s]),
            Expr::Global(g) => Ok(globals[*g]),
            Expr::Bin(op, a, b) => apply(
                *op,
                a.eval(slots, globals)?,
                b.eval(slots, globals)?,
                Pos::default(),
            ),
            Expr::Quot(op, a, b, at) => {
                apply(*op, a.eval(slots, globals)?, b.eval(slots, globals)?, *at)
            }
            Expr::Neg(a) => a.eval(slots, globals)?.checked_neg().ok_or(Fault::Overflow),
        }
    }

    /// Whether the expression reads local slot `s`.
    pub fn uses_slot(&self, s: usize) -> bool {
        match self {
            Expr::Slot(t) => *t == s,
            Expr::Bin(_, a, b) | Expr::Quot(_, a, b, _) => a.uses_slot(s) || b.uses_slot(s),
            Expr::Neg(a) => a.uses_slot(s),
            _ => false,
        }
    }
}

impl Cond {
    /// Evaluates with the given local slots and globals.
    pub fn eval(&self, slots: &[i64], globals: &[i64]) -> Result<bool, Fault> {
        Ok(match self {
            Cond::Cmp(op, a, b) => {
                let (a, b) = (a.eval(slots, globals)?, b.eval(slots, globals)?);
                op.holds(a.cmp(&b))
            }
            Cond::And(a, b) => a.eval(slots, globals)? && b.eval(slots, globals)?,
            Cond::Or(a, b) => a.eval(slots, globals)? || b.eval(slots, globals)?,
            Cond::Not(a) => !a.eval(slots, globals)?,
        })
    }
}

impl Procedure {
    /// The clause used at size `n` with the given slots (slot 0 must already hold `n`):
    /// for `n >= 1` the first clause whose guard holds (no guard: holds); for `n <= 0` only
    /// guarded clauses are considered, so a procedure does nothing on zero discs unless a
    /// clause asks for it.
    /// `Err` when a guard has no value.
    pub fn select(&self, slots: &[i64], globals: &[i64]) -> Result<Option<&Clause>, Fault> {
        let n = slots[0];
        for c in &self.clauses {
            let holds = match &c.guard {
                None => n >= 1,
                Some(g) => g.eval(slots, globals)?,
            };
            if holds {
                return Ok(Some(c));
            }
        }
        Ok(None)
    }
}

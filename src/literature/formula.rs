//! The formula parser: text to [`Expr`], with the position of the first error.
//!
//! The grammar is documented in the [module documentation](super). Parsing never panics:
//! nesting deeper than [`MAX_DEPTH`] and inputs longer than [`MAX_LEN`] characters are
//! rejected with a [`ParseError`].

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Zero};
use std::fmt;

/// Deepest nesting of parentheses and operators accepted (guards the recursive parser).
pub const MAX_DEPTH: usize = 500;
/// Longest formula accepted, in characters.
pub const MAX_LEN: usize = 10_000;

/// A formula that does not parse: `pos` is the 0-based character offset of the offending
/// token (the column is `pos + 1`).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct ParseError {
    /// 0-based character offset.
    pub pos: usize,
    /// What was expected or found.
    pub message: String,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "at column {}: {}", self.pos + 1, self.message)
    }
}

impl std::error::Error for ParseError {}

/// Binary arithmetic operators.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BinOp {
    /// `+`
    Add,
    /// `-`
    Sub,
    /// `*` (also implicit: `3(2^n - 1)`, `2n`)
    Mul,
    /// `/`
    Div,
    /// `^`
    Pow,
    /// `mod`
    Mod,
}

/// Comparison operators of conditions: the same as a recursion program's.
pub use crate::program::ast::CmpOp;

/// The aggregates over an integer range `name(i = a..b, body)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Aggregate {
    /// `sum`
    Sum,
    /// `prod`
    Prod,
    /// `min`
    Min,
    /// `max`
    Max,
}

/// A parsed formula.
#[derive(Clone, Debug, PartialEq)]
pub enum Expr {
    /// An exact rational literal (`12`, `0.6576`).
    Num(BigRational),
    /// A variable: `n`, a parameter, a bound name.
    Var(String),
    /// `-x`
    Neg(Box<Expr>),
    /// `x op y`
    Bin(BinOp, Box<Expr>, Box<Expr>),
    /// `name(args)`: a built-in function, a named sequence or a variant's function
    /// (resolved at evaluation; `x(y)` with a bound `x` is a product).
    Call(String, Vec<Expr>, usize),
    /// `sum(i = a..b, body)` and friends.
    Agg(Aggregate, String, Box<Expr>, Box<Expr>, Box<Expr>),
    /// `if cond then a else b`
    If(Box<Cond>, Box<Expr>, Box<Expr>),
    /// `body where x = e1, y = e2` (each binding sees the earlier ones).
    Where(Box<Expr>, Vec<(String, Expr)>),
}

/// A condition of `if`.
#[derive(Clone, Debug, PartialEq)]
pub enum Cond {
    /// `a < b` etc.
    Cmp(CmpOp, Expr, Expr),
    /// `x even` (`true`) or `x odd` (`false`).
    Parity(Expr, bool),
    /// `c and d`
    And(Box<Cond>, Box<Cond>),
    /// `c or d`
    Or(Box<Cond>, Box<Cond>),
    /// `not c`
    Not(Box<Cond>),
}

/// Functions that may be applied without parentheses to the next primary: `sqrt 3`.
pub const PREFIX_FUNCTIONS: &[&str] = &["sqrt", "log", "ln", "exp"];

#[derive(Clone, Debug, PartialEq)]
enum Tok {
    Num(BigRational),
    Ident(String),
    Sym(&'static str),
    End,
}

const KEYWORDS: &[&str] = &[
    "if", "then", "else", "where", "and", "or", "not", "mod", "even", "odd",
];

fn lex(text: &str) -> Result<Vec<(Tok, usize)>, ParseError> {
    let chars: Vec<char> = text.chars().collect();
    if chars.len() > MAX_LEN {
        return Err(ParseError {
            pos: MAX_LEN,
            message: format!("formula longer than {MAX_LEN} characters"),
        });
    }
    let mut out = vec![];
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c.is_whitespace() {
            i += 1;
            continue;
        }
        let start = i;
        if c.is_ascii_digit() || (c == '.' && chars.get(i + 1).is_some_and(|d| d.is_ascii_digit()))
        {
            let mut int = String::new();
            while i < chars.len() && chars[i].is_ascii_digit() {
                int.push(chars[i]);
                i += 1;
            }
            let mut frac = String::new();
            // `1..n` is a range, not a decimal point.
            if i < chars.len() && chars[i] == '.' && chars.get(i + 1) != Some(&'.') {
                i += 1;
                while i < chars.len() && chars[i].is_ascii_digit() {
                    frac.push(chars[i]);
                    i += 1;
                }
            }
            let digits = format!("{int}{frac}");
            let num: BigInt = if digits.is_empty() {
                BigInt::zero()
            } else {
                digits.parse().map_err(|_| ParseError {
                    pos: start,
                    message: "bad number".into(),
                })?
            };
            let den = num_traits::pow(BigInt::from(10), frac.len());
            out.push((Tok::Num(BigRational::new(num, den)), start));
            continue;
        }
        if c.is_alphabetic() || c == '_' {
            let mut s = String::new();
            while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
                s.push(chars[i]);
                i += 1;
            }
            out.push((Tok::Ident(s), start));
            continue;
        }
        let two: String = chars[i..(i + 2).min(chars.len())].iter().collect();
        let sym2 = ["..", "==", "!=", "<=", ">=", "**"]
            .into_iter()
            .find(|s| *s == two);
        if let Some(s) = sym2 {
            out.push((Tok::Sym(if s == "**" { "^" } else { s }), start));
            i += 2;
            continue;
        }
        let sym1 = [
            "+", "-", "*", "/", "^", "(", ")", "[", "]", "{", "}", ",", "=", "<", ">", "×", "−",
        ]
        .into_iter()
        .find(|s| s.starts_with(c));
        match sym1 {
            Some("×") => out.push((Tok::Sym("*"), start)),
            Some("−") => out.push((Tok::Sym("-"), start)),
            Some(s) => out.push((Tok::Sym(s), start)),
            None => {
                return Err(ParseError {
                    pos: start,
                    message: format!("unexpected character '{c}'"),
                })
            }
        }
        i += 1;
    }
    out.push((Tok::End, chars.len()));
    Ok(out)
}

struct Parser {
    toks: Vec<(Tok, usize)>,
    at: usize,
    depth: usize,
}

/// Parses a formula.
///
/// ```
/// use hanoilab::literature::formula::parse;
/// assert!(parse("12*2^n - 8*n - 10").is_ok());
/// let e = parse("2^n - ").unwrap_err();
/// assert_eq!(e.pos, 6);
/// ```
pub fn parse(text: &str) -> Result<Expr, ParseError> {
    let mut p = Parser {
        toks: lex(text)?,
        at: 0,
        depth: 0,
    };
    let e = p.formula()?;
    p.expect_end()?;
    Ok(e)
}

/// Parses a condition alone (as used after `if`).
pub fn parse_condition(text: &str) -> Result<Cond, ParseError> {
    let mut p = Parser {
        toks: lex(text)?,
        at: 0,
        depth: 0,
    };
    let c = p.cond()?;
    p.expect_end()?;
    Ok(c)
}

impl Parser {
    fn peek(&self) -> &Tok {
        &self.toks[self.at.min(self.toks.len() - 1)].0
    }
    fn pos(&self) -> usize {
        self.toks[self.at.min(self.toks.len() - 1)].1
    }
    fn bump(&mut self) -> Tok {
        let t = self.peek().clone();
        if self.at < self.toks.len() - 1 {
            self.at += 1;
        }
        t
    }
    fn err<T>(&self, message: impl Into<String>) -> Result<T, ParseError> {
        Err(ParseError {
            pos: self.pos(),
            message: message.into(),
        })
    }
    fn describe(&self) -> String {
        match self.peek() {
            Tok::Num(q) => format!("number {q}"),
            Tok::Ident(s) => format!("'{s}'"),
            Tok::Sym(s) => format!("'{s}'"),
            Tok::End => "end of formula".into(),
        }
    }
    fn is_sym(&self, s: &str) -> bool {
        matches!(self.peek(), Tok::Sym(t) if *t == s)
    }
    fn is_kw(&self, k: &str) -> bool {
        matches!(self.peek(), Tok::Ident(t) if t == k)
    }
    fn expect_sym(&mut self, s: &str) -> Result<(), ParseError> {
        if self.is_sym(s) {
            self.bump();
            Ok(())
        } else {
            self.err(format!("expected '{s}', found {}", self.describe()))
        }
    }
    fn expect_kw(&mut self, k: &str) -> Result<(), ParseError> {
        if self.is_kw(k) {
            self.bump();
            Ok(())
        } else {
            self.err(format!("expected '{k}', found {}", self.describe()))
        }
    }
    fn expect_end(&mut self) -> Result<(), ParseError> {
        if matches!(self.peek(), Tok::End) {
            Ok(())
        } else {
            self.err(format!("unexpected {}", self.describe()))
        }
    }
    fn enter(&mut self) -> Result<(), ParseError> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return self.err(format!("formula nested deeper than {MAX_DEPTH} levels"));
        }
        Ok(())
    }
    fn ident(&mut self) -> Result<String, ParseError> {
        match self.peek().clone() {
            Tok::Ident(s) if !KEYWORDS.contains(&s.as_str()) => {
                self.bump();
                Ok(s)
            }
            _ => self.err(format!("expected a name, found {}", self.describe())),
        }
    }

    fn formula(&mut self) -> Result<Expr, ParseError> {
        self.enter()?;
        let body = self.expr()?;
        let out = if self.is_kw("where") {
            self.bump();
            let mut binds = vec![];
            loop {
                let name = self.ident()?;
                self.expect_sym("=")?;
                let value = self.expr()?;
                binds.push((name, value));
                if self.is_sym(",") || self.is_kw("and") {
                    self.bump();
                } else {
                    break;
                }
            }
            Expr::Where(Box::new(body), binds)
        } else {
            body
        };
        self.depth -= 1;
        Ok(out)
    }

    fn expr(&mut self) -> Result<Expr, ParseError> {
        self.enter()?;
        let out = if self.is_kw("if") {
            self.bump();
            let c = self.cond()?;
            self.expect_kw("then")?;
            let a = self.expr()?;
            self.expect_kw("else")?;
            let b = self.expr()?;
            Expr::If(Box::new(c), Box::new(a), Box::new(b))
        } else {
            self.additive()?
        };
        self.depth -= 1;
        Ok(out)
    }

    fn cond(&mut self) -> Result<Cond, ParseError> {
        self.enter()?;
        let mut c = self.cond_and()?;
        while self.is_kw("or") {
            self.bump();
            let d = self.cond_and()?;
            c = Cond::Or(Box::new(c), Box::new(d));
        }
        self.depth -= 1;
        Ok(c)
    }

    fn cond_and(&mut self) -> Result<Cond, ParseError> {
        let mut c = self.cond_atom()?;
        while self.is_kw("and") {
            self.bump();
            let d = self.cond_atom()?;
            c = Cond::And(Box::new(c), Box::new(d));
        }
        Ok(c)
    }

    fn cond_atom(&mut self) -> Result<Cond, ParseError> {
        self.enter()?;
        let out = if self.is_kw("not") {
            self.bump();
            Cond::Not(Box::new(self.cond_atom()?))
        } else {
            let a = self.additive()?;
            if self.is_kw("even") || self.is_kw("odd") {
                let even = self.is_kw("even");
                self.bump();
                Cond::Parity(a, even)
            } else {
                let op = match self.peek() {
                    Tok::Sym("=") | Tok::Sym("==") => CmpOp::Eq,
                    Tok::Sym("!=") => CmpOp::Ne,
                    Tok::Sym("<") => CmpOp::Lt,
                    Tok::Sym("<=") => CmpOp::Le,
                    Tok::Sym(">") => CmpOp::Gt,
                    Tok::Sym(">=") => CmpOp::Ge,
                    _ => {
                        return self.err(format!(
                            "expected a comparison, 'even' or 'odd', found {}",
                            self.describe()
                        ))
                    }
                };
                self.bump();
                let b = self.additive()?;
                Cond::Cmp(op, a, b)
            }
        };
        self.depth -= 1;
        Ok(out)
    }

    fn additive(&mut self) -> Result<Expr, ParseError> {
        self.enter()?;
        let mut e = self.term()?;
        let mut chain = 0;
        loop {
            let op = if self.is_sym("+") {
                BinOp::Add
            } else if self.is_sym("-") {
                BinOp::Sub
            } else {
                break;
            };
            self.bump();
            let r = self.term()?;
            e = Expr::Bin(op, Box::new(e), Box::new(r));
            chain += 1;
            self.enter()?;
        }
        self.depth -= 1 + chain;
        Ok(e)
    }

    fn starts_operand(&self) -> bool {
        match self.peek() {
            Tok::Num(_) => true,
            Tok::Ident(s) => !KEYWORDS.contains(&s.as_str()),
            Tok::Sym(s) => matches!(*s, "(" | "[" | "{"),
            Tok::End => false,
        }
    }

    fn term(&mut self) -> Result<Expr, ParseError> {
        self.enter()?;
        let mut e = self.unary()?;
        let mut chain = 0;
        loop {
            let op = if self.is_sym("*") {
                self.bump();
                BinOp::Mul
            } else if self.is_sym("/") {
                self.bump();
                BinOp::Div
            } else if self.is_kw("mod") {
                self.bump();
                BinOp::Mod
            } else if self.starts_operand() {
                BinOp::Mul
            } else {
                break;
            };
            let r = self.unary()?;
            e = Expr::Bin(op, Box::new(e), Box::new(r));
            // A chain nests its left operand one level deeper each time.
            chain += 1;
            self.enter()?;
        }
        self.depth -= 1 + chain;
        Ok(e)
    }

    fn unary(&mut self) -> Result<Expr, ParseError> {
        self.enter()?;
        let out = if self.is_sym("-") {
            self.bump();
            Expr::Neg(Box::new(self.unary()?))
        } else if self.is_sym("+") {
            self.bump();
            self.unary()?
        } else {
            self.power()?
        };
        self.depth -= 1;
        Ok(out)
    }

    fn power(&mut self) -> Result<Expr, ParseError> {
        let base = self.primary()?;
        if self.is_sym("^") {
            self.bump();
            let exp = self.unary()?;
            Ok(Expr::Bin(BinOp::Pow, Box::new(base), Box::new(exp)))
        } else {
            Ok(base)
        }
    }

    fn primary(&mut self) -> Result<Expr, ParseError> {
        self.enter()?;
        let pos = self.pos();
        let before = self.at;
        let out = match self.bump() {
            Tok::Num(q) => Expr::Num(q),
            Tok::Sym("(") => {
                let e = self.formula()?;
                self.expect_sym(")")?;
                e
            }
            Tok::Sym("[") => {
                let e = self.formula()?;
                self.expect_sym("]")?;
                Expr::Call("floor".into(), vec![e], pos)
            }
            Tok::Sym("{") => {
                let e = self.formula()?;
                self.expect_sym("}")?;
                Expr::Call("round".into(), vec![e], pos)
            }
            Tok::Ident(name) if !KEYWORDS.contains(&name.as_str()) => {
                if self.is_sym("(") {
                    self.bump();
                    self.call(name, pos)?
                } else if PREFIX_FUNCTIONS.contains(&name.as_str()) && self.starts_operand() {
                    // `sqrt 3`, `log 2`: the argument is the next primary.
                    let arg = self.primary()?;
                    Expr::Call(name, vec![arg], pos)
                } else {
                    Expr::Var(name)
                }
            }
            Tok::Ident(name) if name == "if" => {
                self.at = before;
                self.expr()?
            }
            _ => {
                self.at = before;
                return self.err(format!(
                    "expected a number, a name or '(', found {}",
                    self.describe()
                ));
            }
        };
        self.depth -= 1;
        Ok(out)
    }

    /// After `name(`: an aggregate `name(i = a..b, body)` or a call.
    fn call(&mut self, name: String, pos: usize) -> Result<Expr, ParseError> {
        let agg = match name.as_str() {
            "sum" => Some(Aggregate::Sum),
            "prod" => Some(Aggregate::Prod),
            "min" => Some(Aggregate::Min),
            "max" => Some(Aggregate::Max),
            _ => None,
        };
        if let Some(agg) = agg {
            // An aggregate starts with `ident =` (and not `ident ==`).
            if let (Tok::Ident(v), Tok::Sym("=")) = (
                self.peek().clone(),
                self.toks
                    .get(self.at + 1)
                    .map(|t| t.0.clone())
                    .unwrap_or(Tok::End),
            ) {
                if !KEYWORDS.contains(&v.as_str()) {
                    self.bump();
                    self.bump();
                    let from = self.additive()?;
                    self.expect_sym("..")?;
                    let to = self.additive()?;
                    self.expect_sym(",")?;
                    let body = self.formula()?;
                    self.expect_sym(")")?;
                    return Ok(Expr::Agg(
                        agg,
                        v,
                        Box::new(from),
                        Box::new(to),
                        Box::new(body),
                    ));
                }
            }
        }
        let mut args = vec![];
        if !self.is_sym(")") {
            loop {
                args.push(self.formula()?);
                if self.is_sym(",") {
                    self.bump();
                } else {
                    break;
                }
            }
        }
        self.expect_sym(")")?;
        if name == "root" && args.len() == 3 {
            if let (Some(lo), Some(hi)) = (literal(&args[1]), literal(&args[2])) {
                if lo > hi {
                    return Err(ParseError {
                        pos,
                        message: format!(
                            "root(p, {lo}, {hi}): the lower bound exceeds the upper bound"
                        ),
                    });
                }
            }
        }
        Ok(Expr::Call(name, args, pos))
    }
}

/// The value of a number written as a literal (`2`, `-1.5`), else `None`.
fn literal(e: &Expr) -> Option<BigRational> {
    match e {
        Expr::Num(v) => Some(v.clone()),
        Expr::Neg(x) => literal(x).map(|v| -v),
        _ => None,
    }
}

/// An integer literal.
pub fn int(v: i64) -> Expr {
    Expr::Num(BigRational::from_integer(BigInt::from(v)))
}

/// `true` if the formula mentions the variable `name` freely (not as a bound name).
pub fn mentions(e: &Expr, name: &str) -> bool {
    match e {
        Expr::Num(_) => false,
        Expr::Var(v) => v == name,
        Expr::Neg(a) => mentions(a, name),
        Expr::Bin(_, a, b) => mentions(a, name) || mentions(b, name),
        Expr::Call(f, args, _) => f == name || args.iter().any(|a| mentions(a, name)),
        Expr::Agg(_, v, a, b, body) => {
            mentions(a, name) || mentions(b, name) || (v != name && mentions(body, name))
        }
        Expr::If(c, a, b) => cond_mentions(c, name) || mentions(a, name) || mentions(b, name),
        Expr::Where(body, binds) => {
            binds.iter().any(|(_, v)| mentions(v, name))
                || (!binds.iter().any(|(b, _)| b == name) && mentions(body, name))
        }
    }
}

fn cond_mentions(c: &Cond, name: &str) -> bool {
    match c {
        Cond::Cmp(_, a, b) => mentions(a, name) || mentions(b, name),
        Cond::Parity(a, _) => mentions(a, name),
        Cond::And(a, b) | Cond::Or(a, b) => cond_mentions(a, name) || cond_mentions(b, name),
        Cond::Not(a) => cond_mentions(a, name),
    }
}

/// `1` as an expression (used by callers building formulas).
pub fn one() -> Expr {
    Expr::Num(BigRational::one())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_the_literature_forms() {
        for f in [
            "12*2^n - 8*n - 10",
            "3(2^n - 1)",
            "l(2^n - 1) + 2^(n-1)",
            "((1 + sqrt 3)^(n+2) - (1 - sqrt(3))^(n+2)) / (4 sqrt(3)) - 1",
            "[(4/3)(2^n - 1/2)]",
            "{sqrt(2n)}",
            "if n mod 2 = 1 then 4*3^((n-1)/2) - 2 else 2*3^(n/2) - 2",
            "if n even then 2*3^(n/2) - 2 else 3*3^[n/2] - 2",
            "sum(i = 1..k, i 2^(i-1)) - (k(k+1)/2 - n) 2^(k-1) where k = {sqrt(2n)}",
            "C(n, 2) + min(k = 1..n-1, 2 FS(k, 4) + 2^(n-k) - 1)",
            "A(n-1) + C(n-1) + 3",
            "(E - 1)(E^5 - 3E^2 - 2)(E^4 - 2E^2 - 6E - 4)",
            "0.6576 * 2.3117^n",
            "floor(sqrt(2n log(2)/log(3)) + 0.1809)",
        ] {
            parse(f).unwrap_or_else(|e| panic!("{f}: {e}"));
        }
    }

    #[test]
    fn decimals_are_exact_and_ranges_are_not_decimals() {
        assert_eq!(
            parse("0.6576").unwrap(),
            Expr::Num(BigRational::new(6576.into(), 10000.into()))
        );
        assert!(matches!(
            parse("sum(i = 1..3, i)").unwrap(),
            Expr::Agg(Aggregate::Sum, ..)
        ));
    }

    #[test]
    fn a_root_with_reversed_bounds_is_refused_at_its_position() {
        let e = parse("1 + root(E^2 - 2, 2, 1)").unwrap_err();
        assert_eq!(e.pos, 4, "{e}");
        assert!(e.message.contains("lower bound exceeds"), "{e}");
        assert!(parse("root(E^2 - 2, -2, -1)").is_ok());
        assert!(parse("root(E^2 - 2, -1, -2)").is_err());
    }

    #[test]
    fn errors_carry_positions() {
        let e = parse("2^n - ").unwrap_err();
        assert_eq!(e.pos, 6, "{e}");
        let e = parse("12*2^n $ 3").unwrap_err();
        assert_eq!(e.pos, 7, "{e}");
        let e = parse("(n + 1").unwrap_err();
        assert_eq!(e.pos, 6, "{e}");
        let e = parse("if n then 1 else 2").unwrap_err();
        assert_eq!(e.pos, 5, "{e}");
        let deep = "(".repeat(500) + "1" + &")".repeat(500);
        assert!(parse(&deep).is_err());
    }

    #[test]
    fn power_binds_tighter_than_minus_and_is_right_associative() {
        let e = parse("-2^2^3").unwrap();
        let two = || Box::new(int(2));
        assert_eq!(
            e,
            Expr::Neg(Box::new(Expr::Bin(
                BinOp::Pow,
                two(),
                Box::new(Expr::Bin(BinOp::Pow, two(), Box::new(int(3))))
            )))
        );
    }
}

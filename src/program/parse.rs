//! Tokenizer and parser for recursion programs.

use super::ast::*;
use super::ProgramError;

#[derive(Clone, Debug, PartialEq)]
enum Tok {
    Ident(String),
    Int(i64),
    Sym(&'static str),
    Eof,
}

struct Lexer {
    toks: Vec<(Tok, Pos)>,
}

const SYMS: [&str; 22] = [
    "..", "==", "!=", "<=", ">=", "&&", "||", "(", ")", ";", ",", "=", "*", "+", "-", "/", "%",
    "[", "]", "{", "}", "<",
];

fn lex(text: &str) -> Result<Lexer, ProgramError> {
    let mut toks = Vec::new();
    for (li, line) in text.lines().enumerate() {
        let chars: Vec<char> = line.chars().collect();
        let mut i = 0;
        while i < chars.len() {
            let c = chars[i];
            let pos = Pos {
                line: li + 1,
                col: i + 1,
            };
            if c == '#' {
                break;
            }
            if c.is_whitespace() {
                i += 1;
                continue;
            }
            if c.is_ascii_digit() {
                let start = i;
                while i < chars.len() && chars[i].is_ascii_digit() {
                    i += 1;
                }
                let s: String = chars[start..i].iter().collect();
                let v = s.parse::<i64>().map_err(|_| ProgramError::Syntax {
                    line: pos.line,
                    col: pos.col,
                    message: format!("integer `{s}` is too large"),
                })?;
                toks.push((Tok::Int(v), pos));
                continue;
            }
            if c.is_alphabetic() || c == '_' {
                let start = i;
                while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
                    i += 1;
                }
                toks.push((Tok::Ident(chars[start..i].iter().collect()), pos));
                continue;
            }
            let rest: String = chars[i..chars.len().min(i + 2)].iter().collect();
            let sym = SYMS
                .iter()
                .chain([">"].iter())
                .find(|s| rest.starts_with(**s));
            match sym {
                Some(s) => {
                    toks.push((Tok::Sym(s), pos));
                    i += s.len();
                }
                None => {
                    return Err(ProgramError::Syntax {
                        line: pos.line,
                        col: pos.col,
                        message: format!("unexpected character `{c}`"),
                    })
                }
            }
        }
    }
    let end = Pos {
        line: text.lines().count().max(1),
        col: text.lines().last().map_or(1, |l| l.chars().count() + 1),
    };
    toks.push((Tok::Eof, end));
    Ok(Lexer { toks })
}

/// A clause as written, before procedure names are resolved.
struct RawClause {
    name: String,
    pos: Pos,
    ints: usize,
    pins: usize,
    guard: Option<Cond>,
    body: usize,
    slots: usize,
}

struct PendingCall {
    block: usize,
    index: usize,
    name: String,
    ints: usize,
    pins: usize,
    pos: Pos,
}

struct Parser {
    toks: Vec<(Tok, Pos)>,
    at: usize,
    blocks: Vec<Vec<Step>>,
    globals: Vec<String>,
    global_pos: Vec<Pos>,
    calls: Vec<PendingCall>,
    // per clause
    locals: Vec<String>,
    pins: Vec<String>,
    max_slots: usize,
    /// Current nesting of the recursive descent (parentheses, `min`, unary minus, `not`,
    /// `for` blocks): bounded so hostile input cannot overflow the stack.
    nest: usize,
    /// Depth of the tree the last expression (or condition) function returned: operator
    /// chains such as `1+1+...+1` nest without parser recursion; the evaluator recurses.
    depth: usize,
}

/// Deepest nesting the parser accepts.
pub const MAX_NESTING: usize = 200;
/// Deepest expression or condition tree the parser accepts.
pub const MAX_TREE_DEPTH: usize = 1000;

type R<T> = Result<T, ProgramError>;

impl Parser {
    /// A parser at the first token, with the given clause locals (slots in order).
    fn new(toks: Vec<(Tok, Pos)>, locals: Vec<String>) -> Parser {
        Parser {
            toks,
            at: 0,
            blocks: Vec::new(),
            globals: Vec::new(),
            global_pos: Vec::new(),
            calls: Vec::new(),
            max_slots: locals.len(),
            locals,
            pins: Vec::new(),
            nest: 0,
            depth: 0,
        }
    }

    fn peek(&self) -> &Tok {
        &self.toks[self.at].0
    }
    fn pos(&self) -> Pos {
        self.toks[self.at].1
    }
    /// Enters one level of nesting (error past [`MAX_NESTING`]).
    fn enter(&mut self) -> R<()> {
        self.nest += 1;
        if self.nest > MAX_NESTING {
            return self.err(format!(
                "nested too deeply (more than {MAX_NESTING} levels of parentheses, `min`/`max`, \
                 unary minus, `not` or `for`)"
            ));
        }
        Ok(())
    }
    /// Records the depth of a tree just built (error past [`MAX_TREE_DEPTH`]).
    fn tree(&mut self, depth: usize) -> R<()> {
        self.depth = depth;
        if depth > MAX_TREE_DEPTH {
            return self.err(format!(
                "expression too deep (more than {MAX_TREE_DEPTH} nested operations)"
            ));
        }
        Ok(())
    }
    fn err<T>(&self, message: String) -> R<T> {
        let p = self.pos();
        Err(ProgramError::Syntax {
            line: p.line,
            col: p.col,
            message,
        })
    }
    fn describe(&self) -> String {
        match self.peek() {
            Tok::Ident(s) => format!("`{s}`"),
            Tok::Int(v) => format!("`{v}`"),
            Tok::Sym(s) => format!("`{s}`"),
            Tok::Eof => "end of program".into(),
        }
    }
    fn is_sym(&self, s: &str) -> bool {
        matches!(self.peek(), Tok::Sym(t) if *t == s)
    }
    fn is_kw(&self, s: &str) -> bool {
        matches!(self.peek(), Tok::Ident(t) if t == s)
    }
    fn eat_sym(&mut self, s: &str) -> bool {
        if self.is_sym(s) {
            self.at += 1;
            true
        } else {
            false
        }
    }
    fn expect_sym(&mut self, s: &str) -> R<()> {
        if self.eat_sym(s) {
            Ok(())
        } else {
            self.err(format!("expected `{s}`, found {}", self.describe()))
        }
    }
    fn ident(&mut self, what: &str) -> R<(String, Pos)> {
        let pos = self.pos();
        match self.peek().clone() {
            Tok::Ident(s) => {
                self.at += 1;
                Ok((s, pos))
            }
            _ => self.err(format!("expected {what}, found {}", self.describe())),
        }
    }

    fn program(&mut self) -> R<Vec<RawClause>> {
        let mut clauses = Vec::new();
        while *self.peek() != Tok::Eof {
            clauses.push(self.clause()?);
        }
        Ok(clauses)
    }

    fn clause(&mut self) -> R<RawClause> {
        let (name, pos) = self.ident("a procedure name")?;
        if ["move", "reverse", "for", "when", "skip", "pin"].contains(&name.as_str()) {
            return Err(ProgramError::Syntax {
                line: pos.line,
                col: pos.col,
                message: format!("`{name}` is a keyword and cannot name a procedure"),
            });
        }
        self.expect_sym("(")?;
        self.locals.clear();
        self.pins.clear();
        let (size, _) = self.ident("the size parameter (e.g. `n`)")?;
        self.locals.push(size);
        while self.eat_sym(",") {
            let (p, _) = self.ident("an integer parameter name")?;
            self.locals.push(p);
        }
        let ints = self.locals.len() - 1;
        if self.eat_sym(";") {
            loop {
                let (p, ppos) = self.ident("a pin parameter name")?;
                if self.pins.contains(&p) || self.locals.contains(&p) {
                    return Err(ProgramError::Syntax {
                        line: ppos.line,
                        col: ppos.col,
                        message: format!("parameter `{p}` is declared twice"),
                    });
                }
                self.pins.push(p);
                if !self.eat_sym(",") {
                    break;
                }
            }
        }
        self.expect_sym(")")?;
        let guard = if self.is_kw("when") {
            self.at += 1;
            Some(self.cond()?)
        } else {
            None
        };
        self.expect_sym("=")?;
        self.max_slots = self.locals.len();
        let body = if self.is_kw("skip") {
            self.at += 1;
            self.blocks.push(Vec::new());
            self.blocks.len() - 1
        } else {
            self.steps(None)?
        };
        Ok(RawClause {
            name,
            pos,
            ints,
            pins: self.pins.len(),
            guard,
            body,
            slots: self.max_slots,
        })
    }

    /// Steps separated by commas; inside braces when `close` is given.
    fn steps(&mut self, close: Option<&str>) -> R<usize> {
        self.enter()?;
        let id = self.blocks.len();
        self.blocks.push(Vec::new());
        loop {
            if let Some(c) = close {
                if self.eat_sym(c) {
                    break;
                }
            }
            let step = self.step(id)?;
            self.blocks[id].push(step);
            if self.eat_sym(",") {
                continue;
            }
            if let Some(c) = close {
                self.expect_sym(c)?;
            }
            break;
        }
        self.nest -= 1;
        Ok(id)
    }

    fn step(&mut self, block: usize) -> R<Step> {
        let (word, pos) = self.ident("a step (`move`, a call, `reverse`, `for`)")?;
        match word.as_str() {
            "move" => {
                self.expect_sym("(")?;
                let from = self.pin()?;
                self.expect_sym(",")?;
                let to = self.pin()?;
                self.expect_sym(")")?;
                // The same parameter (or the same literal) on both sides can never be legal.
                if from == to {
                    return Err(ProgramError::Syntax {
                        line: pos.line,
                        col: pos.col,
                        message: "this move takes a disc from a pin to itself".into(),
                    });
                }
                let times = if self.eat_sym("*") {
                    self.primary()?
                } else {
                    Expr::Const(1)
                };
                Ok(Step::Move { from, to, times })
            }
            "reverse" => {
                let (name, pos) = self.ident("the name of the procedure to reverse")?;
                self.call(block, name, pos, true)
            }
            "for" => {
                let (var, _) = self.ident("a loop variable")?;
                self.expect_sym("=")?;
                let from = self.expr()?;
                let down = if self.eat_sym("..")
                    || self.is_kw("to") && {
                        self.at += 1;
                        true
                    } {
                    false
                } else if self.is_kw("downto") {
                    self.at += 1;
                    true
                } else {
                    return self.err(format!(
                        "expected `..`, `to` or `downto`, found {}",
                        self.describe()
                    ));
                };
                let to = self.expr()?;
                self.expect_sym("{")?;
                let shadow = self.locals.iter().position(|l| *l == var);
                let slot = self.locals.len();
                self.locals.push(var.clone());
                self.max_slots = self.max_slots.max(self.locals.len());
                let body = self.steps(Some("}"))?;
                self.locals.pop();
                let _ = shadow;
                Ok(Step::For {
                    slot,
                    from,
                    to,
                    down,
                    body,
                })
            }
            _ => self.call(block, word, pos, false),
        }
    }

    fn call(&mut self, block: usize, name: String, pos: Pos, reversed: bool) -> R<Step> {
        self.expect_sym("(")?;
        let size = self.expr()?;
        let mut ints = Vec::new();
        while self.eat_sym(",") {
            ints.push(self.expr()?);
        }
        let mut pins = Vec::new();
        if self.eat_sym(";") {
            loop {
                pins.push(self.pin()?);
                if !self.eat_sym(",") {
                    break;
                }
            }
        }
        self.expect_sym(")")?;
        self.calls.push(PendingCall {
            block,
            index: self.blocks[block].len(),
            name,
            ints: ints.len(),
            pins: pins.len(),
            pos,
        });
        Ok(Step::Call {
            proc: usize::MAX,
            size,
            ints,
            pins,
            reversed,
            pos,
        })
    }

    fn pin(&mut self) -> R<PinRef> {
        let pos = self.pos();
        match self.peek().clone() {
            Tok::Int(v) => {
                self.at += 1;
                Ok(PinRef::Index(Expr::Const(v)))
            }
            Tok::Ident(s) if s == "pin" => {
                self.at += 1;
                self.expect_sym("[")?;
                let e = self.expr()?;
                self.expect_sym("]")?;
                Ok(PinRef::Index(e))
            }
            Tok::Ident(s) => {
                self.at += 1;
                match self.pins.iter().position(|p| *p == s) {
                    Some(i) => Ok(PinRef::Param(i)),
                    None => Err(ProgramError::UnboundPin {
                        name: s,
                        line: pos.line,
                        col: pos.col,
                    }),
                }
            }
            _ => self.err(format!(
                "expected a pin (a pin parameter, a number or `pin[EXPR]`), found {}",
                self.describe()
            )),
        }
    }

    /// `next (SYM | KW next)*`, left-associative (`a || b || c` is `(a || b) || c`).
    fn cond_chain(
        &mut self,
        sym: &str,
        kw: &str,
        next: fn(&mut Self) -> R<Cond>,
        join: fn(Box<Cond>, Box<Cond>) -> Cond,
    ) -> R<Cond> {
        let mut c = next(self)?;
        let mut d = self.depth;
        while self.eat_sym(sym)
            || self.is_kw(kw) && {
                self.at += 1;
                true
            }
        {
            c = join(Box::new(c), Box::new(next(self)?));
            d = d.max(self.depth) + 1;
            self.tree(d)?;
        }
        self.depth = d;
        Ok(c)
    }
    /// The operand of a prefix operator already eaten (`not c`, `-x`), one nesting level
    /// deeper and one tree level below the result: one depth bookkeeping for both prefixes.
    fn prefix<T>(&mut self, operand: fn(&mut Self) -> R<T>, wrap: fn(Box<T>) -> T) -> R<T> {
        self.enter()?;
        let x = wrap(Box::new(operand(self)?));
        self.nest -= 1;
        let d = self.depth + 1;
        self.tree(d)?;
        Ok(x)
    }
    fn cond(&mut self) -> R<Cond> {
        self.cond_chain("||", "or", Self::cond_and, Cond::Or)
    }
    fn cond_and(&mut self) -> R<Cond> {
        self.cond_chain("&&", "and", Self::cond_atom, Cond::And)
    }
    fn cond_atom(&mut self) -> R<Cond> {
        if self.is_kw("not") {
            self.at += 1;
            return self.prefix(Self::cond_atom, Cond::Not);
        }
        let a = self.expr()?;
        let da = self.depth;
        let op = if self.eat_sym("==") {
            CmpOp::Eq
        } else if self.eat_sym("!=") {
            CmpOp::Ne
        } else if self.eat_sym("<=") {
            CmpOp::Le
        } else if self.eat_sym(">=") {
            CmpOp::Ge
        } else if self.eat_sym("<") {
            CmpOp::Lt
        } else if self.eat_sym(">") {
            CmpOp::Gt
        } else {
            return self.err(format!(
                "expected a comparison (==, !=, <, <=, >, >=), found {}",
                self.describe()
            ));
        };
        let b = self.expr()?;
        let d = da.max(self.depth) + 1;
        self.tree(d)?;
        Ok(Cond::Cmp(op, a, b))
    }

    fn expr(&mut self) -> R<Expr> {
        self.enter()?;
        let e = self.left_chain(&[("+", BinOp::Add), ("-", BinOp::Sub)], Self::term)?;
        self.nest -= 1;
        Ok(e)
    }
    fn term(&mut self) -> R<Expr> {
        self.left_chain(
            &[("*", BinOp::Mul), ("/", BinOp::Div), ("%", BinOp::Rem)],
            Self::unary,
        )
    }
    /// A left-associative chain `operand (op operand)*`, built in a loop (no recursion per
    /// operator) with the tree depth tracked for [`MAX_TREE_DEPTH`].
    fn left_chain(&mut self, ops: &[(&str, BinOp)], operand: fn(&mut Self) -> R<Expr>) -> R<Expr> {
        let mut e = operand(self)?;
        let mut d = self.depth;
        loop {
            let at = self.pos();
            let Some(op) = ops
                .iter()
                .find(|(sym, _)| self.eat_sym(sym))
                .map(|(_, op)| *op)
            else {
                self.depth = d;
                return Ok(e);
            };
            let (a, b) = (Box::new(e), Box::new(operand(self)?));
            e = match op {
                BinOp::Div | BinOp::Rem => Expr::Quot(op, a, b, at),
                _ => Expr::Bin(op, a, b),
            };
            d = d.max(self.depth) + 1;
            self.tree(d)?;
        }
    }
    fn unary(&mut self) -> R<Expr> {
        if self.eat_sym("-") {
            return self.prefix(Self::unary, Expr::Neg);
        }
        self.primary()
    }
    fn primary(&mut self) -> R<Expr> {
        let pos = self.pos();
        match self.peek().clone() {
            Tok::Int(v) => {
                self.at += 1;
                self.depth = 1;
                Ok(Expr::Const(v))
            }
            Tok::Ident(s)
                if (s == "min" || s == "max") && self.toks[self.at + 1].0 == Tok::Sym("(") =>
            {
                self.at += 2;
                let a = self.expr()?;
                let da = self.depth;
                self.expect_sym(",")?;
                let b = self.expr()?;
                self.expect_sym(")")?;
                let d = da.max(self.depth) + 1;
                self.tree(d)?;
                let op = if s == "min" { BinOp::Min } else { BinOp::Max };
                Ok(Expr::Bin(op, Box::new(a), Box::new(b)))
            }
            Tok::Ident(s) => {
                self.at += 1;
                self.depth = 1;
                if let Some(i) = self.locals.iter().rposition(|l| *l == s) {
                    return Ok(Expr::Slot(i));
                }
                if self.pins.contains(&s) {
                    return Err(ProgramError::Syntax {
                        line: pos.line,
                        col: pos.col,
                        message: format!("pin parameter `{s}` used where a number is expected"),
                    });
                }
                let g = match self.globals.iter().position(|g| *g == s) {
                    Some(g) => g,
                    None => {
                        self.globals.push(s);
                        self.global_pos.push(pos);
                        self.globals.len() - 1
                    }
                };
                Ok(Expr::Global(g))
            }
            Tok::Sym("(") => {
                self.at += 1;
                let e = self.expr()?;
                self.expect_sym(")")?;
                Ok(e)
            }
            _ => self.err(format!(
                "expected a number, a name or `(`, found {}",
                self.describe()
            )),
        }
    }
}

/// `Err(Arity)` unless `ints` integer and `pins` pin arguments fit procedure `q` (a clause
/// or a call of it at `pos`): one check for the clauses that define a procedure and the
/// calls that use it.
fn check_arity(q: &Procedure, ints: usize, pins: usize, pos: Pos) -> Result<(), ProgramError> {
    if q.int_arity == ints && q.pin_arity == pins {
        return Ok(());
    }
    Err(ProgramError::Arity {
        name: q.name.clone(),
        expected_ints: q.int_arity,
        expected_pins: q.pin_arity,
        found_ints: ints,
        found_pins: pins,
        line: pos.line,
        col: pos.col,
    })
}

/// Parses and validates a program (see [`crate::program`] for the grammar).
pub fn parse(text: &str) -> Result<Program, ProgramError> {
    let lexer = lex(text)?;
    let mut p = Parser::new(lexer.toks, Vec::new());
    let raw = p.program()?;
    let mut procedures: Vec<Procedure> = Vec::new();
    for c in raw {
        let clause = Clause {
            guard: c.guard,
            body: c.body,
            slots: c.slots,
            pos: c.pos,
        };
        match procedures.iter_mut().find(|q| q.name == c.name) {
            Some(q) => {
                check_arity(q, c.ints, c.pins, c.pos)?;
                q.slots = q.slots.max(c.slots);
                q.clauses.push(clause);
            }
            None => procedures.push(Procedure {
                name: c.name,
                int_arity: c.ints,
                pin_arity: c.pins,
                slots: c.slots,
                clauses: vec![clause],
                pos: c.pos,
            }),
        }
    }
    let mut blocks = p.blocks;
    for call in p.calls {
        let Some(idx) = procedures.iter().position(|q| q.name == call.name) else {
            return Err(ProgramError::UndefinedProcedure {
                name: call.name,
                line: call.pos.line,
                col: call.pos.col,
            });
        };
        let q = &procedures[idx];
        check_arity(q, call.ints, call.pins, call.pos)?;
        if let Step::Call { proc, .. } = &mut blocks[call.block][call.index] {
            *proc = idx;
        }
    }
    Ok(Program {
        procedures,
        blocks,
        globals: p.globals,
        global_pos: p.global_pos,
    })
}

/// Parses a top-level call such as `left(n; 0, 1, 2)`: the size may use `n` and globals,
/// pins are numbers or `pin[EXPR]`. Returns the call as a [`Step::Call`] resolved against
/// `program` (its globals may be extended).
pub fn parse_call(program: &mut Program, text: &str) -> Result<Step, ProgramError> {
    let lexer = lex(text)?;
    let mut p = Parser {
        blocks: vec![Vec::new()],
        globals: program.globals.clone(),
        global_pos: program.global_pos.clone(),
        ..Parser::new(lexer.toks, vec!["n".into()])
    };
    let reversed = p.is_kw("reverse");
    if reversed {
        p.at += 1;
    }
    let (name, pos) = p.ident("a procedure name")?;
    let step = p.call(0, name.clone(), pos, reversed)?;
    if *p.peek() != Tok::Eof {
        return p.err(format!("expected end of call, found {}", p.describe()));
    }
    let Step::Call {
        size,
        ints,
        pins,
        reversed,
        pos,
        ..
    } = step
    else {
        unreachable!("call() returns a call")
    };
    let Some(idx) = program.procedure(&name) else {
        return Err(ProgramError::UndefinedProcedure {
            name,
            line: pos.line,
            col: pos.col,
        });
    };
    let q = &program.procedures[idx];
    if q.int_arity != ints.len() || q.pin_arity != pins.len() {
        return Err(ProgramError::Arity {
            name,
            expected_ints: q.int_arity,
            expected_pins: q.pin_arity,
            found_ints: ints.len(),
            found_pins: pins.len(),
            line: pos.line,
            col: pos.col,
        });
    }
    program.globals = p.globals;
    program.global_pos = p.global_pos;
    Ok(Step::Call {
        proc: idx,
        size,
        ints,
        pins,
        reversed,
        pos,
    })
}

/// Parses a stand-alone integer expression over the given local names (slots in order);
/// other names become globals, returned in order of first use.
pub fn parse_expr(text: &str, locals: &[&str]) -> Result<(Expr, Vec<String>), ProgramError> {
    let lexer = lex(text)?;
    let mut p = Parser {
        max_slots: 0,
        ..Parser::new(lexer.toks, locals.iter().map(|s| s.to_string()).collect())
    };
    let e = p.expr()?;
    if *p.peek() != Tok::Eof {
        return p.err(format!(
            "expected end of expression, found {}",
            p.describe()
        ));
    }
    Ok((e, p.globals))
}

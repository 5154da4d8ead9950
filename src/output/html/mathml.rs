//! TeX math (the subset the report writes) to MathML Core, so formulas render in a browser
//! with no script and no network.
//!
//! The Markdown pages write math as GitHub does: `$...$` inline, `$$...$$` or a ```` ```math ````
//! block displayed. [`to_mathml`] turns one such formula into a `<math>` element. The subset:
//! numbers, letters, operators, `^` and `_`, braces, `\frac`, `\dfrac`, `\tfrac`, `\binom`,
//! `\sqrt[k]{x}`, `\left ... \right`, Greek letters, the usual relations and operators
//! (`\cdot`, `\pm`, `\le`, `\to`, ...), named functions (`\log`, `\max`, ...), `\sum` and
//! `\prod` with limits, `\text{}`, `\mathrm{}`, `\operatorname{}`, `\mathbb{}` (N, Z, Q, R, C),
//! `\overline`, `\bar`, `\hat`, `\tilde`, spacing (`\,` `\;` `\quad` ...), and the
//! environments `matrix`, `pmatrix`, `bmatrix`, `vmatrix`, `cases`, `aligned`, `gathered`,
//! `array` (rows by `\\`, cells by `&`). Anything else is an error naming the command, so a
//! page never shows a formula the renderer silently dropped.

use std::fmt::Write as _;

/// A formula outside the subset, or malformed (the message names what and where).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("TeX `{tex}`: {message}")]
pub struct MathError {
    /// The formula as written.
    pub tex: String,
    /// What is wrong.
    pub message: String,
}

/// The formula `tex` as a MathML `<math>` element (`display="block"` when `display`), with
/// the TeX source kept as an annotation.
///
/// ```
/// use hanoilab::output::html::mathml::to_mathml;
/// let m = to_mathml("2^n - 1", false).unwrap();
/// assert!(m.starts_with("<math>"));
/// assert!(m.contains("<msup><mn>2</mn><mi>n</mi></msup>"));
/// assert!(to_mathml(r"\frob{x}", true).is_err());
/// ```
pub fn to_mathml(tex: &str, display: bool) -> Result<String, MathError> {
    let fail = |message: String| MathError {
        tex: tex.to_string(),
        message,
    };
    let toks = tokenize(tex).map_err(fail)?;
    let mut p = Parser { toks, at: 0 };
    let body = p.top().map_err(fail)?;
    let open = if display {
        "<math display=\"block\">"
    } else {
        "<math>"
    };
    Ok(format!(
        "{open}<semantics>{body}<annotation encoding=\"application/x-tex\">{}</annotation></semantics></math>",
        escape(tex.trim())
    ))
}

/// Escapes text for HTML/MathML content and attribute values.
pub(crate) fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            c => out.push(c),
        }
    }
    out
}

#[derive(Clone, Debug, PartialEq)]
enum Tok {
    /// `\name` (letters).
    Cmd(String),
    /// `\` followed by one non-letter (`\,`, `\{`, `\\` is [`Tok::Newline`]).
    Sym(char),
    /// A text-like command with its raw braced argument: `\text{...}` and friends.
    Text(String, String),
    Open,
    Close,
    Sup,
    Sub,
    Amp,
    Newline,
    Num(String),
    Char(char),
}

const TEXT_COMMANDS: [&str; 7] = [
    "text",
    "textrm",
    "mbox",
    "mathrm",
    "operatorname",
    "mathbb",
    "textit",
];

fn tokenize(tex: &str) -> Result<Vec<Tok>, String> {
    let chars: Vec<char> = tex.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        match c {
            '\\' => {
                let Some(&next) = chars.get(i + 1) else {
                    return Err("a lone `\\` at the end".into());
                };
                if next.is_ascii_alphabetic() {
                    let mut j = i + 1;
                    while j < chars.len() && chars[j].is_ascii_alphabetic() {
                        j += 1;
                    }
                    let name: String = chars[i + 1..j].iter().collect();
                    i = j;
                    if TEXT_COMMANDS.contains(&name.as_str()) {
                        while i < chars.len() && chars[i].is_whitespace() {
                            i += 1;
                        }
                        if chars.get(i) != Some(&'{') {
                            return Err(format!("`\\{name}` needs a braced argument"));
                        }
                        let mut depth = 0;
                        let start = i + 1;
                        loop {
                            match chars.get(i) {
                                None => return Err(format!("`\\{name}{{` is not closed")),
                                Some('{') => depth += 1,
                                Some('}') => {
                                    depth -= 1;
                                    if depth == 0 {
                                        break;
                                    }
                                }
                                _ => {}
                            }
                            i += 1;
                        }
                        out.push(Tok::Text(name, chars[start..i].iter().collect()));
                        i += 1;
                    } else {
                        out.push(Tok::Cmd(name));
                    }
                } else if next == '\\' {
                    out.push(Tok::Newline);
                    i += 2;
                } else {
                    out.push(Tok::Sym(next));
                    i += 2;
                }
            }
            '{' => {
                out.push(Tok::Open);
                i += 1;
            }
            '}' => {
                out.push(Tok::Close);
                i += 1;
            }
            '^' => {
                out.push(Tok::Sup);
                i += 1;
            }
            '_' => {
                out.push(Tok::Sub);
                i += 1;
            }
            '&' => {
                out.push(Tok::Amp);
                i += 1;
            }
            c if c.is_ascii_digit() => {
                let mut j = i;
                while j < chars.len() && chars[j].is_ascii_digit() {
                    j += 1;
                }
                if chars.get(j) == Some(&'.')
                    && chars.get(j + 1).is_some_and(|d| d.is_ascii_digit())
                {
                    j += 1;
                    while j < chars.len() && chars[j].is_ascii_digit() {
                        j += 1;
                    }
                }
                out.push(Tok::Num(chars[i..j].iter().collect()));
                i = j;
            }
            c if c.is_whitespace() => i += 1,
            c => {
                out.push(Tok::Char(c));
                i += 1;
            }
        }
    }
    Ok(out)
}

fn greek(name: &str) -> Option<char> {
    Some(match name {
        "alpha" => 'α',
        "beta" => 'β',
        "gamma" => 'γ',
        "delta" => 'δ',
        "epsilon" => 'ϵ',
        "varepsilon" => 'ε',
        "zeta" => 'ζ',
        "eta" => 'η',
        "theta" => 'θ',
        "vartheta" => 'ϑ',
        "iota" => 'ι',
        "kappa" => 'κ',
        "lambda" => 'λ',
        "mu" => 'μ',
        "nu" => 'ν',
        "xi" => 'ξ',
        "pi" => 'π',
        "rho" => 'ρ',
        "sigma" => 'σ',
        "tau" => 'τ',
        "upsilon" => 'υ',
        "phi" => 'ϕ',
        "varphi" => 'φ',
        "chi" => 'χ',
        "psi" => 'ψ',
        "omega" => 'ω',
        "Gamma" => 'Γ',
        "Delta" => 'Δ',
        "Theta" => 'Θ',
        "Lambda" => 'Λ',
        "Xi" => 'Ξ',
        "Pi" => 'Π',
        "Sigma" => 'Σ',
        "Phi" => 'Φ',
        "Psi" => 'Ψ',
        "Omega" => 'Ω',
        _ => return None,
    })
}

/// Operators and relations written as commands.
fn operator(name: &str) -> Option<&'static str> {
    Some(match name {
        "cdot" => "⋅",
        "times" => "×",
        "div" => "÷",
        "pm" => "±",
        "mp" => "∓",
        "le" | "leq" => "≤",
        "ge" | "geq" => "≥",
        "ne" | "neq" => "≠",
        "approx" => "≈",
        "sim" => "∼",
        "simeq" => "≃",
        "equiv" => "≡",
        "to" | "rightarrow" => "→",
        "leftarrow" => "←",
        "Rightarrow" | "implies" => "⇒",
        "iff" | "Leftrightarrow" => "⇔",
        "mapsto" => "↦",
        "in" => "∈",
        "notin" => "∉",
        "mid" => "∣",
        "cdots" => "⋯",
        "lfloor" => "⌊",
        "rfloor" => "⌋",
        "lceil" => "⌈",
        "rceil" => "⌉",
        "langle" => "⟨",
        "rangle" => "⟩",
        "vert" | "lvert" | "rvert" => "|",
        "Vert" | "lVert" | "rVert" => "‖",
        "setminus" => "∖",
        "cup" => "∪",
        "cap" => "∩",
        "subset" => "⊂",
        "subseteq" => "⊆",
        "ast" => "∗",
        "circ" => "∘",
        "prime" => "′",
        "colon" => ":",
        "bmod" => "mod",
        "gg" => "≫",
        "ll" => "≪",
        "propto" => "∝",
        _ => return None,
    })
}

/// Identifiers written as commands.
fn identifier(name: &str) -> Option<&'static str> {
    Some(match name {
        "infty" => "∞",
        "partial" => "∂",
        "ell" => "ℓ",
        "emptyset" => "∅",
        // An ellipsis continues its neighbours (`2.3117\ldots`, `a_1, \ldots, a_n`): no
        // operator spacing around it.
        "ldots" | "dots" => "…",
        _ => return None,
    })
}

const FUNCTIONS: [&str; 19] = [
    "log", "ln", "lg", "exp", "sin", "cos", "tan", "max", "min", "gcd", "lcm", "deg", "det", "sup",
    "inf", "arg", "dim", "ker", "sgn",
];

/// Spacing commands and their widths in em.
fn space(c: char) -> Option<&'static str> {
    Some(match c {
        ',' => "0.1667em",
        ':' | '>' => "0.2222em",
        ';' => "0.2778em",
        '!' => "-0.1667em",
        ' ' => "0.25em",
        _ => return None,
    })
}

fn double_struck(c: char) -> Option<char> {
    Some(match c {
        'N' => 'ℕ',
        'Z' => 'ℤ',
        'Q' => 'ℚ',
        'R' => 'ℝ',
        'C' => 'ℂ',
        _ => return None,
    })
}

/// One parsed atom: its MathML, whether scripts go under and over it (big operators), and
/// whether it is a function name (followed, after its scripts, by the invisible function
/// application that spaces `log x`).
struct Atom {
    ml: String,
    limits: bool,
    function: bool,
}

impl Atom {
    fn plain(ml: String) -> Atom {
        Atom {
            ml,
            limits: false,
            function: false,
        }
    }
}

struct Parser {
    toks: Vec<Tok>,
    at: usize,
}

fn mrow(items: &[String]) -> String {
    if items.len() == 1 {
        items[0].clone()
    } else {
        format!("<mrow>{}</mrow>", items.concat())
    }
}

/// An operator. Brackets outside `\left ... \right` keep their size (as in TeX) and say
/// which side they open: in a flat row MathML would otherwise take a bracket between other
/// items for an infix operator and space it like one (`T ( n )`).
fn mo(s: &str) -> String {
    let form = match s {
        "(" | "[" | "{" | "⌊" | "⌈" | "⟨" => "prefix",
        ")" | "]" | "}" | "⌋" | "⌉" | "⟩" => "postfix",
        "|" | "‖" => "",
        _ => return format!("<mo>{}</mo>", escape(s)),
    };
    if form.is_empty() {
        format!("<mo stretchy=\"false\">{}</mo>", escape(s))
    } else {
        format!("<mo form=\"{form}\" stretchy=\"false\">{}</mo>", escape(s))
    }
}

/// A fence operator that stretches to its contents (empty for `.`).
fn fence(s: &str) -> String {
    if s.is_empty() {
        String::new()
    } else {
        format!(
            "<mo fence=\"true\" stretchy=\"true\" symmetric=\"true\">{}</mo>",
            escape(s)
        )
    }
}

impl Parser {
    fn peek(&self) -> Option<&Tok> {
        self.toks.get(self.at)
    }

    fn next(&mut self) -> Option<Tok> {
        let t = self.toks.get(self.at).cloned();
        self.at += 1;
        t
    }

    /// The whole formula: one row, or (with `\\` or `&` at the top level) a table aligned
    /// like `aligned` with one column pair per `&`.
    fn top(&mut self) -> Result<String, String> {
        let rows = self.table_rows(None)?;
        if self.at < self.toks.len() {
            return Err(format!("unexpected {}", describe(&self.toks[self.at])));
        }
        if rows.len() == 1 && rows[0].len() == 1 {
            Ok(rows[0][0].clone())
        } else {
            Ok(table(&rows, "aligned"))
        }
    }

    /// A sequence of atoms with their scripts, up to (not including) a closing token.
    fn row(&mut self) -> Result<Vec<String>, String> {
        let mut items = Vec::new();
        while let Some(t) = self.peek() {
            match t {
                Tok::Close | Tok::Amp | Tok::Newline => break,
                Tok::Cmd(c) if c == "right" || c == "end" => break,
                _ => {}
            }
            let atom = self.atom()?;
            let scripted = self.scripts(atom)?;
            if !scripted.is_empty() {
                items.push(scripted);
            }
        }
        Ok(items)
    }

    /// Superscripts and subscripts (and primes) following `base`.
    fn scripts(&mut self, base: Atom) -> Result<String, String> {
        let mut sub = None;
        let mut sup = None;
        loop {
            match self.peek() {
                Some(Tok::Sup) => {
                    self.at += 1;
                    if sup.is_some() {
                        return Err("double superscript".into());
                    }
                    sup = Some(self.argument("^")?);
                }
                Some(Tok::Sub) => {
                    self.at += 1;
                    if sub.is_some() {
                        return Err("double subscript".into());
                    }
                    sub = Some(self.argument("_")?);
                }
                Some(Tok::Char('\'')) => {
                    self.at += 1;
                    let p = mo("′");
                    sup = Some(match sup {
                        Some(s) => format!("<mrow>{s}{p}</mrow>"),
                        None => p,
                    });
                }
                _ => break,
            }
        }
        if base.ml.is_empty() && (sub.is_some() || sup.is_some()) {
            return Err("a script with nothing before it".into());
        }
        let b = base.ml;
        let scripted = match (sub, sup, base.limits) {
            (None, None, _) => b,
            (Some(s), None, false) => format!("<msub>{b}{s}</msub>"),
            (None, Some(p), false) => format!("<msup>{b}{p}</msup>"),
            (Some(s), Some(p), false) => format!("<msubsup>{b}{s}{p}</msubsup>"),
            (Some(s), None, true) => format!("<munder>{b}{s}</munder>"),
            (None, Some(p), true) => format!("<mover>{b}{p}</mover>"),
            (Some(s), Some(p), true) => format!("<munderover>{b}{s}{p}</munderover>"),
        };
        Ok(if base.function {
            format!("<mrow>{scripted}<mo>&#x2061;</mo></mrow>")
        } else {
            scripted
        })
    }

    /// One argument: a braced group or a single atom.
    fn argument(&mut self, of: &str) -> Result<String, String> {
        match self.peek() {
            None => Err(format!("`{of}` has no argument")),
            Some(Tok::Open) => Ok(self.group()?),
            Some(Tok::Close | Tok::Amp | Tok::Newline | Tok::Sup | Tok::Sub) => {
                Err(format!("`{of}` has no argument"))
            }
            Some(_) => Ok(self.atom()?.ml),
        }
    }

    /// `{ ... }` as one mrow.
    fn group(&mut self) -> Result<String, String> {
        if self.next() != Some(Tok::Open) {
            return Err("expected `{`".into());
        }
        let items = self.row()?;
        if self.next() != Some(Tok::Close) {
            return Err("a `{` is not closed".into());
        }
        Ok(format!("<mrow>{}</mrow>", items.concat()))
    }

    /// The delimiter after `\left`, `\right`: a character, `\{`, `\}`, `\|`, `.` or a
    /// command such as `\lfloor`.
    fn delimiter(&mut self, of: &str) -> Result<String, String> {
        match self.next() {
            Some(Tok::Char('.')) => Ok(String::new()),
            Some(Tok::Char(c)) if "()[]|/".contains(c) => Ok(c.to_string()),
            Some(Tok::Sym('{')) => Ok("{".into()),
            Some(Tok::Sym('}')) => Ok("}".into()),
            Some(Tok::Sym('|')) => Ok("‖".into()),
            Some(Tok::Cmd(c)) => match operator(&c) {
                Some(s) => Ok(s.into()),
                None => Err(format!("`\\{of}` before `\\{c}`, which is not a delimiter")),
            },
            Some(t) => Err(format!("`\\{of}` before {}", describe(&t))),
            None => Err(format!("`\\{of}` at the end")),
        }
    }

    /// Rows of `&`-separated cells up to `\end{env}` (or the end, for `env = None`).
    fn table_rows(&mut self, env: Option<&str>) -> Result<Vec<Vec<String>>, String> {
        let mut rows = vec![];
        let mut cells = vec![];
        loop {
            let items = self.row()?;
            cells.push(mrow(&items).to_string());
            match self.peek() {
                Some(Tok::Amp) => {
                    self.at += 1;
                }
                Some(Tok::Newline) => {
                    self.at += 1;
                    rows.push(std::mem::take(&mut cells));
                }
                Some(Tok::Cmd(c)) if c == "end" => {
                    let Some(env) = env else {
                        return Err("`\\end` without `\\begin`".into());
                    };
                    self.at += 1;
                    let name = self.env_name()?;
                    if name != env {
                        return Err(format!("`\\begin{{{env}}}` closed by `\\end{{{name}}}`"));
                    }
                    break;
                }
                None if env.is_none() => break,
                None => return Err(format!("`\\begin{{{}}}` is not closed", env.unwrap())),
                Some(t) => return Err(format!("unexpected {}", describe(t))),
            }
        }
        // A trailing `\\` leaves an empty last row: drop it.
        if !(cells.len() == 1 && cells[0] == "<mrow></mrow>" && !rows.is_empty()) {
            rows.push(cells);
        }
        Ok(rows)
    }

    fn env_name(&mut self) -> Result<String, String> {
        if self.next() != Some(Tok::Open) {
            return Err("`\\begin` and `\\end` need `{name}`".into());
        }
        let mut name = String::new();
        loop {
            match self.next() {
                Some(Tok::Char(c)) => name.push(c),
                Some(Tok::Close) => return Ok(name),
                _ => return Err("malformed environment name".into()),
            }
        }
    }

    fn atom(&mut self) -> Result<Atom, String> {
        let Some(t) = self.next() else {
            return Err("unexpected end".into());
        };
        Ok(Atom::plain(match t {
            Tok::Open => {
                self.at -= 1;
                self.group()?
            }
            Tok::Num(n) => format!("<mn>{n}</mn>"),
            Tok::Char(c) if c.is_alphabetic() => format!("<mi>{}</mi>", escape(&c.to_string())),
            Tok::Char('-') => mo("−"),
            Tok::Char('*') => mo("∗"),
            Tok::Char(c) => mo(&c.to_string()),
            Tok::Sym(c) => match space(c) {
                Some(w) => format!("<mspace width=\"{w}\"></mspace>"),
                None if c == '|' => mo("‖"),
                None if "{}%#&_$".contains(c) => mo(&c.to_string()),
                None => return Err(format!("unsupported command `\\{c}`")),
            },
            Tok::Text(kind, text) => match kind.as_str() {
                "text" | "textrm" | "mbox" => format!("<mtext>{}</mtext>", escape(&text)),
                "textit" => format!(
                    "<mtext style=\"font-style:italic\">{}</mtext>",
                    escape(&text)
                ),
                "mathrm" | "operatorname" => {
                    let t = text.trim();
                    if t.chars().count() == 1 {
                        format!("<mi mathvariant=\"normal\">{}</mi>", escape(t))
                    } else {
                        format!("<mi>{}</mi>", escape(t))
                    }
                }
                _ => {
                    let t: Option<String> = text.trim().chars().map(double_struck).collect();
                    match t {
                        Some(t) if !t.is_empty() => format!("<mi>{t}</mi>"),
                        _ => return Err(format!("`\\mathbb{{{text}}}`: only N, Z, Q, R, C")),
                    }
                }
            },
            Tok::Cmd(name) => return self.command(&name),
            Tok::Close => return Err("a `}` without `{`".into()),
            t @ (Tok::Sup | Tok::Sub | Tok::Amp | Tok::Newline) => {
                return Err(format!("unexpected {}", describe(&t)))
            }
        }))
    }

    fn command(&mut self, name: &str) -> Result<Atom, String> {
        if let Some(g) = greek(name) {
            let variant = if g.is_uppercase() {
                " mathvariant=\"normal\""
            } else {
                ""
            };
            return Ok(Atom::plain(format!("<mi{variant}>{g}</mi>")));
        }
        if let Some(s) = operator(name) {
            return Ok(Atom::plain(mo(s)));
        }
        if let Some(s) = identifier(name) {
            return Ok(Atom::plain(format!("<mi>{s}</mi>")));
        }
        if FUNCTIONS.contains(&name) {
            // Scripts go under a max or min (`\max_k`) in displayed formulas.
            let limits = matches!(name, "max" | "min" | "sup" | "inf" | "gcd");
            return Ok(Atom {
                ml: if limits {
                    format!("<mo movablelimits=\"true\" form=\"prefix\">{name}</mo>")
                } else {
                    format!("<mi>{name}</mi>")
                },
                limits,
                function: true,
            });
        }
        Ok(match name {
            "sum" | "prod" | "lim" => {
                let s = match name {
                    "sum" => "∑",
                    "prod" => "∏",
                    _ => "lim",
                };
                let large = if name == "lim" {
                    ""
                } else {
                    " largeop=\"true\""
                };
                Atom {
                    ml: format!("<mo{large} movablelimits=\"true\">{s}</mo>"),
                    limits: true,
                    function: false,
                }
            }
            "frac" | "dfrac" | "tfrac" => {
                let num = self.argument(name)?;
                let den = self.argument(name)?;
                let f = format!("<mfrac>{num}{den}</mfrac>");
                Atom::plain(match name {
                    "dfrac" => format!("<mstyle displaystyle=\"true\">{f}</mstyle>"),
                    "tfrac" => format!("<mstyle displaystyle=\"false\">{f}</mstyle>"),
                    _ => f,
                })
            }
            "binom" => {
                let top = self.argument(name)?;
                let bottom = self.argument(name)?;
                Atom::plain(format!(
                    "<mrow>{}<mfrac linethickness=\"0\">{top}{bottom}</mfrac>{}</mrow>",
                    fence("("),
                    fence(")")
                ))
            }
            "sqrt" => {
                if self.peek() == Some(&Tok::Char('[')) {
                    self.at += 1;
                    let mut index = vec![];
                    loop {
                        match self.peek() {
                            Some(Tok::Char(']')) => {
                                self.at += 1;
                                break;
                            }
                            None => return Err("`\\sqrt[` is not closed".into()),
                            _ => {
                                let a = self.atom()?;
                                index.push(self.scripts(a)?);
                            }
                        }
                    }
                    let radicand = self.argument(name)?;
                    Atom::plain(format!(
                        "<mroot>{radicand}<mrow>{}</mrow></mroot>",
                        index.concat()
                    ))
                } else {
                    Atom::plain(format!("<msqrt>{}</msqrt>", self.argument(name)?))
                }
            }
            "left" => {
                let open = self.delimiter("left")?;
                let inner = self.row()?;
                if self.next() != Some(Tok::Cmd("right".into())) {
                    return Err("`\\left` without `\\right`".into());
                }
                let close = self.delimiter("right")?;
                Atom::plain(format!(
                    "<mrow>{}{}{}</mrow>",
                    fence(&open),
                    inner.concat(),
                    fence(&close)
                ))
            }
            "right" => return Err("`\\right` without `\\left`".into()),
            "pmod" => {
                let m = self.argument(name)?;
                Atom::plain(format!(
                    "<mrow><mspace width=\"0.4em\"></mspace>{}<mo>mod</mo>{m}{}</mrow>",
                    mo("("),
                    mo(")")
                ))
            }
            "overline" | "bar" | "hat" | "tilde" => {
                let accent = match name {
                    "overline" => "‾",
                    "bar" => "¯",
                    "hat" => "^",
                    _ => "~",
                };
                let base = self.argument(name)?;
                Atom::plain(format!(
                    "<mover accent=\"true\">{base}<mo stretchy=\"{}\">{accent}</mo></mover>",
                    name == "overline"
                ))
            }
            "quad" => Atom::plain("<mspace width=\"1em\"></mspace>".into()),
            "qquad" => Atom::plain("<mspace width=\"2em\"></mspace>".into()),
            "displaystyle" | "textstyle" | "limits" | "nolimits" => Atom::plain(String::new()),
            "begin" => {
                let env = self.env_name()?;
                if env == "array" {
                    // The column specification ({cc}, {rl}, ...) is not needed for layout.
                    if self.peek() == Some(&Tok::Open) {
                        self.group()?;
                    }
                }
                let kind = match env.as_str() {
                    "matrix" | "pmatrix" | "bmatrix" | "vmatrix" | "Bmatrix" | "array" => "matrix",
                    "cases" => "cases",
                    "aligned" | "align" | "align*" => "aligned",
                    "gathered" => "gathered",
                    _ => return Err(format!("unsupported environment `{env}`")),
                };
                let rows = self.table_rows(Some(&env))?;
                let t = table(&rows, kind);
                let (l, r) = match env.as_str() {
                    "pmatrix" => ("(", ")"),
                    "bmatrix" => ("[", "]"),
                    "vmatrix" => ("|", "|"),
                    "Bmatrix" | "cases" => ("{", if env == "cases" { "" } else { "}" }),
                    _ => ("", ""),
                };
                if l.is_empty() {
                    Atom::plain(t)
                } else {
                    Atom::plain(format!("<mrow>{}{t}{}</mrow>", fence(l), fence(r)))
                }
            }
            "end" => return Err("`\\end` without `\\begin`".into()),
            _ => return Err(format!("unsupported command `\\{name}`")),
        })
    }
}

/// A `<mtable>`; `kind` sets the column alignment (MathML Core has no `columnalign`, so each
/// cell carries it as a style).
fn table(rows: &[Vec<String>], kind: &str) -> String {
    let mut out = String::from("<mtable>");
    for row in rows {
        out.push_str("<mtr>");
        for (j, cell) in row.iter().enumerate() {
            let align = match kind {
                "aligned" if j % 2 == 0 => "right",
                "aligned" | "cases" => "left",
                _ => "center",
            };
            // Aligned rows join at the relation: no gap between the pair of columns.
            let pad = if kind == "aligned" {
                if j % 2 == 0 {
                    ";padding-right:0"
                } else {
                    ";padding-left:0"
                }
            } else {
                ""
            };
            let _ = write!(out, "<mtd style=\"text-align:{align}{pad}\">{cell}</mtd>");
        }
        out.push_str("</mtr>");
    }
    out.push_str("</mtable>");
    out
}

fn describe(t: &Tok) -> String {
    match t {
        Tok::Cmd(c) => format!("`\\{c}`"),
        Tok::Sym(c) => format!("`\\{c}`"),
        Tok::Text(k, _) => format!("`\\{k}`"),
        Tok::Open => "`{`".into(),
        Tok::Close => "`}`".into(),
        Tok::Sup => "`^`".into(),
        Tok::Sub => "`_`".into(),
        Tok::Amp => "`&`".into(),
        Tok::Newline => "`\\\\`".into(),
        Tok::Num(n) => format!("`{n}`"),
        Tok::Char(c) => format!("`{c}`"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The MathML body (between `<semantics>` and the annotation).
    fn body(tex: &str) -> String {
        let m = to_mathml(tex, false).unwrap();
        let start = m.find("<semantics>").unwrap() + "<semantics>".len();
        let end = m.find("<annotation").unwrap();
        m[start..end].to_string()
    }

    #[test]
    fn scripts_fractions_and_roots() {
        assert_eq!(
            body("2^n - 1"),
            "<mrow><msup><mn>2</mn><mi>n</mi></msup><mo>−</mo><mn>1</mn></mrow>"
        );
        assert_eq!(
            body(r"\frac{1}{4\sqrt{3}}"),
            "<mfrac><mrow><mn>1</mn></mrow><mrow><mn>4</mn><msqrt><mrow><mn>3</mn></mrow></msqrt></mrow></mfrac>"
        );
        assert_eq!(
            body("a_{n+1}^2"),
            "<msubsup><mi>a</mi><mrow><mi>n</mi><mo>+</mo><mn>1</mn></mrow><mn>2</mn></msubsup>"
        );
        assert_eq!(
            body(r"\sqrt[3]{x}"),
            "<mroot><mrow><mi>x</mi></mrow><mrow><mn>3</mn></mrow></mroot>"
        );
        assert_eq!(body("2.3117"), "<mn>2.3117</mn>");
    }

    #[test]
    fn sums_take_limits_under_and_over() {
        assert_eq!(
            body(r"\sum_{m=1}^{n} a_m"),
            "<mrow><munderover><mo largeop=\"true\" movablelimits=\"true\">∑</mo><mrow><mi>m</mi><mo>=</mo><mn>1</mn></mrow><mrow><mi>n</mi></mrow></munderover><msub><mi>a</mi><mi>m</mi></msub></mrow>"
        );
    }

    #[test]
    fn fences_greek_text_and_cases() {
        let m = body(r"\left(\frac{1+\sqrt 5}{2}\right)^n \lambda \text{ for } n \ge 1");
        assert!(m.contains("<mo fence=\"true\" stretchy=\"true\" symmetric=\"true\">(</mo>"));
        assert!(m.contains("<mi>λ</mi>") && m.contains("<mtext> for </mtext>"));
        assert!(m.contains("<mo>≥</mo>"));
        let c = body(r"T(n) = \begin{cases} 0 & n = 0 \\ 2T(n-1)+1 & n > 0 \end{cases}");
        assert_eq!(c.matches("<mtr>").count(), 2);
        assert_eq!(c.matches("<mtd").count(), 4);
        let p = body(r"\begin{pmatrix} 2 & 1 \\ 0 & 1 \end{pmatrix}");
        assert!(p.starts_with("<mrow><mo fence") && p.contains("<mtable>"));
    }

    #[test]
    fn display_and_escaping() {
        let m = to_mathml("a < b", true).unwrap();
        assert!(m.starts_with("<math display=\"block\">"));
        assert!(m.contains("<mo>&lt;</mo>"));
        assert!(m.contains("<annotation encoding=\"application/x-tex\">a &lt; b</annotation>"));
        // Top-level rows become an aligned table.
        let a = to_mathml(r"x &= 1 \\ y &= 2", true).unwrap();
        assert_eq!(a.matches("<mtr>").count(), 2);
    }

    #[test]
    fn errors_name_the_problem() {
        let e = |t: &str| to_mathml(t, false).unwrap_err().message;
        assert_eq!(e(r"\frob x"), "unsupported command `\\frob`");
        assert_eq!(e("{x"), "a `{` is not closed");
        assert_eq!(e("x}"), "unexpected `}`");
        assert_eq!(e("x^"), "`^` has no argument");
        assert_eq!(e("x^1^2"), "double superscript");
        assert_eq!(e(r"\left( x"), "`\\left` without `\\right`");
        assert_eq!(
            e(r"\begin{foo} x \end{foo}"),
            "unsupported environment `foo`"
        );
        assert_eq!(e(r"\text x"), "`\\text` needs a braced argument");
        assert_eq!(e(r"\mathbb{K}"), "`\\mathbb{K}`: only N, Z, Q, R, C");
        assert!(to_mathml("", false).is_ok());
    }
}

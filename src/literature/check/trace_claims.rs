//! Trace claims: statements about the moves themselves — worked examples of positions
//! (binary, ternary and configuration strings), move lists and periodic move tables,
//! which disc moves when, how long a disc stays on a pin, how many discs a pin holds —
//! checked by playing the moves of a variant function (or of one of its alternative
//! algorithms) under the variant's rules, every move checked ([`crate::puzzle::Tower`]).
//!
//! Move numbers: the configuration "after move m" is the one after m moves (m = 0: the
//! start). The clock `t` of periodic tables and of `smallest` is the move's number counted
//! from [`TraceClaim::clock_from`] (Lunnon's clocks start at 0, the other documents count
//! moves from 1). Discs in `position` and `stays` are numbered by size, 1 the smallest.

use super::*;
use crate::literature::claims::{TraceChecks, TraceClaim};
use crate::puzzle::{Move, Puzzle, Tower};

/// Most moves a trace claim plays for one n.
pub(crate) const TRACE_MAX_MOVES: u64 = 1 << 22;

/// One played solution: the moves, the disc each moves (by id), and the pin stacks after each
/// move when they are asked for.
struct Played {
    moves: Vec<Move>,
    /// Disc id moved by each move.
    discs: Vec<u32>,
    /// `pos[m][id]`: the pin of disc `id` after `m` moves (only when positions are needed).
    pos: Vec<Vec<u8>>,
    /// Most discs ever on each pin.
    most: Vec<usize>,
}

fn play(
    v: &Variant,
    c: &TraceClaim,
    f: &str,
    n: i64,
    puzzle: &Puzzle,
    keep_positions: bool,
) -> Result<Played, CheckError> {
    use crate::variants::alternatives::{alternative_moves, ALTERNATIVE_MAX_N};
    let moves: Vec<Move> = match &c.algorithm {
        Some(name) => {
            if !(0..=ALTERNATIVE_MAX_N as i64).contains(&n) {
                return Err(CheckError::TooLarge(format!(
                    "the {name} algorithm is played for n <= {ALTERNATIVE_MAX_N} only"
                )));
            }
            let known = v
                .function(f)
                .map_err(CheckError::from)?
                .alternatives
                .iter()
                .any(|a| a == name);
            known
                .then(|| alternative_moves(f, n as u32, name))
                .flatten()
                .ok_or_else(|| {
                    CheckError::Input(format!("{}.{f} has no alternative algorithm {name}", v.id))
                })?
        }
        None => {
            let count = v.count(f, n, &c.params).map_err(CheckError::from)?;
            if count > BigInt::from(TRACE_MAX_MOVES) {
                return Err(CheckError::TooLarge(format!(
                    "{} at n = {n} has {count} moves, more than the {TRACE_MAX_MOVES} a trace claim plays",
                    c.target
                )));
            }
            v.moves(f, n, &c.params)
                .map_err(CheckError::from)?
                .collect()
        }
    };
    let mut tower = Tower::new(puzzle);
    let mut discs = Vec::with_capacity(moves.len());
    let positions = |t: &Tower| {
        let mut p = vec![0u8; puzzle.discs.len()];
        for (pin, stack) in t.pins.iter().enumerate() {
            for &d in stack {
                p[d as usize] = pin as u8;
            }
        }
        p
    };
    let mut pos = vec![];
    if keep_positions {
        pos.push(positions(&tower));
    }
    let mut most: Vec<usize> = tower.pins.iter().map(Vec::len).collect();
    for (i, m) in moves.iter().enumerate() {
        let d = *tower.pins[m.from as usize]
            .last()
            .ok_or_else(|| CheckError::Input(format!("move {} takes from an empty pin", i + 1)))?;
        tower
            .play(puzzle, *m, i as u64 + 1)
            .map_err(CheckError::from)?;
        discs.push(d);
        let to = m.to as usize;
        most[to] = most[to].max(tower.pins[to].len());
        if keep_positions {
            pos.push(positions(&tower));
        }
    }
    if tower.pins != puzzle.goal.pins {
        return Err(CheckError::Input(format!(
            "{} at n = {n}: the moves do not end in the goal configuration",
            c.target
        )));
    }
    Ok(Played {
        moves,
        discs,
        pos,
        most,
    })
}

/// The first disagreement of one n with the printed checks: (what, printed, actual).
type Disagreement = (String, String, String);

struct Labels(Vec<char>);

impl Labels {
    fn new(pins: &Option<String>, count: usize) -> Labels {
        match pins {
            Some(s) => Labels(s.chars().collect()),
            None => Labels(
                (0..count)
                    .map(|i| char::from_digit(i as u32, 36).unwrap_or('?'))
                    .collect(),
            ),
        }
    }
    fn of(&self, pin: u8) -> char {
        self.0.get(pin as usize).copied().unwrap_or('?')
    }
    fn pin(&self, label: char) -> Result<u8, CheckError> {
        self.0
            .iter()
            .position(|&c| c == label)
            .map(|p| p as u8)
            .ok_or_else(|| {
                CheckError::Input(format!("'{label}' is not a pin label ({})", self.show()))
            })
    }
    fn show(&self) -> String {
        self.0.iter().collect()
    }
    fn pair(&self, m: &Move) -> String {
        format!("{}{}", self.of(m.from), self.of(m.to))
    }
}

fn nonzero(e: &Expr, vars: &[(&str, Value)], seqs: &TargetSeq) -> Result<bool, CheckError> {
    let v = evaluate(e, vars, seqs.sequences()).map_err(CheckError::from)?;
    Ok(sign_of_difference(&BigInt::zero(), &v)? != Ordering::Equal)
}

fn integer(e: &Expr, vars: &[(&str, Value)], seqs: &TargetSeq) -> Result<BigInt, CheckError> {
    let v = evaluate(e, vars, seqs.sequences()).map_err(CheckError::from)?;
    match &v {
        Value::Exact(s) if s.b.is_zero() && s.a.is_integer() => Ok(s.a.to_integer()),
        _ => Err(CheckError::Input(format!(
            "the formula's value {} is not an integer",
            show_value(&v)
        ))),
    }
}

/// Checks one n against `checks`; `Ok(None)` when everything agrees.
fn check_one(
    c: &TraceClaim,
    checks: &TraceChecks,
    seqs: &TargetSeq,
    n: i64,
    puzzle: &Puzzle,
    p: &Played,
) -> Result<Option<Disagreement>, CheckError> {
    let labels = Labels::new(&c.pins, puzzle.pins);
    let clock = |i: usize| i as i64 + c.clock_from;
    // Discs by size: `by_size[s - 1]` is the id of the disc of size s (single-stack puzzles).
    let mut by_size: Vec<u32> = (0..puzzle.discs.len() as u32).collect();
    by_size.sort_by_key(|&id| puzzle.discs[id as usize].size);
    let size = |id: u32| puzzle.discs[id as usize].size as i64;
    let table = if n % 2 != 0 && !checks.pairs_odd.is_empty() {
        &checks.pairs_odd
    } else {
        &checks.pairs
    };
    if !table.is_empty() {
        for (i, m) in p.moves.iter().enumerate() {
            let t = clock(i);
            let want = &table[t.rem_euclid(table.len() as i64) as usize];
            let w: Vec<char> = want.chars().collect();
            let ok = match w.as_slice() {
                [a, b] if checks.ordered => labels.pin(*a)? == m.from && labels.pin(*b)? == m.to,
                [a, b] => {
                    let (x, y) = (labels.pin(*a)?, labels.pin(*b)?);
                    (x, y) == (m.from, m.to) || (y, x) == (m.from, m.to)
                }
                _ => {
                    return Err(CheckError::Input(format!(
                        "pin pair '{want}': expected two pin labels"
                    )))
                }
            };
            if !ok {
                let how = if checks.ordered { "from-to" } else { "between" };
                return Ok(Some((
                    format!(
                        "at n = {n}, the move at t = {t} ({how} pins, period {})",
                        table.len()
                    ),
                    want.clone(),
                    labels.pair(m),
                )));
            }
        }
    }
    for (i, want) in checks.list.iter().enumerate() {
        let Some(m) = p.moves.get(i) else {
            return Ok(Some((
                format!("at n = {n}, move {}", i + 1),
                want.clone(),
                "no such move".into(),
            )));
        };
        let actual = match want.split_once(':') {
            Some(_) => format!(
                "{}:{}",
                size(p.discs[i]) - 1 + checks.disc_base,
                labels.pair(m)
            ),
            None => labels.pair(m),
        };
        if &actual != want {
            return Ok(Some((
                format!("at n = {n}, move {}", i + 1),
                want.clone(),
                actual,
            )));
        }
    }
    if let Some(s) = &checks.smallest {
        let e = parse(s).map_err(CheckError::from)?;
        let smallest = by_size[0];
        for (i, &d) in p.discs.iter().enumerate() {
            let t = clock(i);
            let mut vars = vars_for(n, &c.params);
            vars.push(("t", Value::int(t)));
            let predicted = nonzero(&e, &vars, seqs)?;
            let moved = d == smallest;
            let bad = if checks.smallest_only {
                moved && !predicted
            } else {
                moved != predicted
            };
            if bad {
                return Ok(Some((
                    format!("at n = {n}, the move at t = {t}"),
                    if predicted {
                        "the smallest disc moves".into()
                    } else {
                        "the smallest disc does not move".into()
                    },
                    format!("disc {} moves", size(d)),
                )));
            }
        }
    }
    for (m, printed) in &checks.positions {
        let m: usize = m
            .parse()
            .map_err(|_| CheckError::Input(format!("move number '{m}' is not a number")))?;
        let Some(pos) = p.pos.get(m) else {
            return Err(CheckError::Input(format!("n = {n} has no move {m}")));
        };
        let actual: String = by_size
            .iter()
            .rev()
            .map(|&id| labels.of(pos[id as usize]))
            .collect();
        if &actual != printed {
            return Ok(Some((
                format!("at n = {n}, after move {m}, the pins of the discs (largest first)"),
                printed.clone(),
                actual,
            )));
        }
    }
    for (k, printed) in checks.histories.iter().enumerate() {
        let Some(&id) = by_size.get(k) else {
            return Err(CheckError::Input(format!("n = {n} has no disc {}", k + 1)));
        };
        let actual: String = p
            .pos
            .iter()
            .map(|pos| labels.of(pos[id as usize]))
            .collect();
        if &actual != printed {
            let at = actual
                .chars()
                .zip(printed.chars())
                .position(|(a, b)| a != b)
                .unwrap_or(actual.len().min(printed.len()));
            return Ok(Some((
                format!(
                    "at n = {n}, the positions of disc {} after each move (first difference after move {at})",
                    k + 1
                ),
                printed.clone(),
                actual,
            )));
        }
    }
    if let Some(s) = &checks.position {
        let e = parse(s).map_err(CheckError::from)?;
        for (m, pos) in p.pos.iter().enumerate() {
            for (k, &id) in by_size.iter().enumerate() {
                let mut vars = vars_for(n, &c.params);
                vars.push(("m", Value::int(m as i64)));
                vars.push(("d", Value::int(k as i64 + 1)));
                let want = integer(&e, &vars, seqs)?;
                let actual = BigInt::from(pos[id as usize]);
                if want != actual {
                    let w = want
                        .to_u8()
                        .map_or_else(|| want.to_string(), |x| labels.of(x).to_string());
                    return Ok(Some((
                        format!("at n = {n}, the pin of disc {} after move {m}", k + 1),
                        w,
                        labels.of(pos[id as usize]).to_string(),
                    )));
                }
            }
        }
    }
    for (label, len) in &checks.stays {
        let pin = labels.pin(label.chars().next().unwrap_or('?'))?;
        let e = parse(len).map_err(CheckError::from)?;
        for (k, &id) in by_size.iter().enumerate() {
            let mut vars = vars_for(n, &c.params);
            vars.push(("d", Value::int(k as i64 + 1)));
            let want = integer(&e, &vars, seqs)?;
            // Stays: maximal runs of the disc on one pin; the first (the start) and the last
            // (cut off by the end of the solution) are not complete stays.
            let track: Vec<u8> = p.pos.iter().map(|pos| pos[id as usize]).collect();
            let mut runs: Vec<(u8, usize)> = vec![];
            for &q in &track {
                match runs.last_mut() {
                    Some((r, l)) if *r == q => *l += 1,
                    _ => runs.push((q, 1)),
                }
            }
            let inner = runs.len().saturating_sub(1);
            for &(q, l) in runs.iter().take(inner).skip(1) {
                if q == pin && BigInt::from(l) != want {
                    return Ok(Some((
                        format!(
                            "at n = {n}, a stay of disc {} on pin {label} (moves it stays)",
                            k + 1
                        ),
                        want.to_string(),
                        l.to_string(),
                    )));
                }
            }
        }
    }
    for (label, k) in &checks.max_discs {
        let pin = labels.pin(label.chars().next().unwrap_or('?'))?;
        let most = p.most[pin as usize] as i64;
        if most > *k {
            return Ok(Some((
                format!("at n = {n}, the most discs pin {label} ever holds"),
                format!("at most {k}"),
                most.to_string(),
            )));
        }
    }
    Ok(None)
}

fn wants_positions(ch: &TraceChecks) -> bool {
    !ch.positions.is_empty()
        || !ch.histories.is_empty()
        || ch.position.is_some()
        || !ch.stays.is_empty()
}

fn what_was_checked(ch: &TraceChecks, c: &TraceClaim) -> String {
    let mut parts = vec![];
    let labels = c.pins.as_deref().unwrap_or("0, 1, 2, ...");
    if !ch.pairs.is_empty() {
        let odd = if ch.pairs_odd.is_empty() {
            String::new()
        } else {
            format!(" (n even), {} (n odd)", ch.pairs_odd.join(" "))
        };
        parts.push(format!(
            "every move is {} the pins of the printed table {}{odd} at t mod its period",
            if ch.ordered { "from-to" } else { "between" },
            ch.pairs.join(" ")
        ));
    }
    if !ch.list.is_empty() {
        parts.push(format!("the first {} moves are as printed", ch.list.len()));
    }
    if let Some(s) = &ch.smallest {
        parts.push(format!(
            "the smallest disc moves {} when {s} is not 0",
            if ch.smallest_only { "only" } else { "exactly" }
        ));
    }
    if !ch.positions.is_empty() {
        let ms: Vec<&str> = ch.positions.iter().map(|r| r.0.as_str()).collect();
        parts.push(format!(
            "the printed positions after move {} are the played ones",
            ms.join(", ")
        ));
    }
    if !ch.histories.is_empty() {
        parts.push(format!(
            "the {} printed strings equal the played positions of each disc after every move, character for character",
            ch.histories.len()
        ));
    }
    if let Some(s) = &ch.position {
        parts.push(format!("the pin of every disc d after every move m is {s}"));
    }
    for (pin, l) in &ch.stays {
        parts.push(format!(
            "every complete stay of disc d on pin {pin} lasts {l} moves"
        ));
    }
    for (pin, k) in &ch.max_discs {
        parts.push(format!("pin {pin} never holds more than {k} disc(s)"));
    }
    let whose = match &c.algorithm {
        Some(a) => format!("the {a} algorithm for {}", c.target),
        None => c.target.clone(),
    };
    format!(
        "played the moves of {whose} under the rules, every move checked (pins named {labels}): {}",
        parts.join("; ")
    )
}

/// A trace claim: the moves are played for every n of the range.
pub(crate) fn check_trace(c: &TraceClaim) -> Result<Verdict, CheckError> {
    let (vid, f) = variant_function("trace", &c.target)?;
    let f = f.as_str();
    let v = Variant::load(&vid).map_err(CheckError::from)?;
    // `A..B`, or a list `3, 6, 10` of the n the claim speaks of.
    let ns: Vec<i64> = if c.n.contains("..") {
        let (a, b) = parse_range(&c.n)?;
        (a..=b).collect()
    } else {
        c.n.split(',')
            .map(|x| {
                x.trim().parse().map_err(|_| {
                    CheckError::Input(format!("n = '{}': expected A..B or a list", c.n))
                })
            })
            .collect::<Result<_, _>>()?
    };
    let (a, b) = match (ns.first(), ns.last()) {
        (Some(&a), Some(&b)) => (a, b),
        _ => return Err(CheckError::Input(format!("n = '{}': no n", c.n))),
    };
    let shown = if c.n.contains("..") {
        format!("{a}..{b}")
    } else {
        show_ns(&ns)
    };
    let seqs = TargetSeq::new(&c.target, &c.params, None)?;
    let keep = wants_positions(&c.checks) || c.corrected.as_ref().is_some_and(wants_positions);
    let mut printed_fail: Option<(i64, Disagreement)> = None;
    let mut corrected_fail: Option<(i64, Disagreement)> = None;
    for &n in &ns {
        let puzzle = v.puzzle(f, n, &c.params).map_err(CheckError::from)?;
        if let Some(d) = classic_positions_beyond_playing(&v, c, f, n)? {
            if printed_fail.is_none() {
                printed_fail = d;
            }
            continue;
        }
        let p = play(&v, c, f, n, &puzzle, keep)?;
        if printed_fail.is_none() {
            if let Some(d) = check_one(c, &c.checks, &seqs, n, &puzzle, &p)? {
                printed_fail = Some((n, d));
            }
        }
        if let Some(fix) = &c.corrected {
            if corrected_fail.is_none() {
                if let Some(d) = check_one(c, fix, &seqs, n, &puzzle, &p)? {
                    corrected_fail = Some((n, d));
                }
            }
        }
        if printed_fail.is_some() && (c.corrected.is_none() || corrected_fail.is_some()) {
            break;
        }
    }
    let positive = |ch: &TraceChecks| {
        let detail = format!("{} for n = {shown}", what_was_checked(ch, c));
        if c.only {
            holds(detail)
        } else {
            holds_in_range(
                detail,
                a,
                b,
                "the claim speaks of every n; the moves are played for the n of the range only",
            )
        }
    };
    let Some((n, (what, printed, actual))) = printed_fail else {
        return Ok(positive(&c.checks));
    };
    // The failure's printed side says where (the report's table shows it without the
    // detail): "after move 216, the pins of the discs (largest first): RRLRRMMM".
    let place = what
        .trim_start_matches(&format!("at n = {n}, "))
        .to_string();
    let failed = fails(
        format!("{what}: printed {printed}, played {actual}"),
        Some(n),
        format!("{place}: {printed}"),
        actual,
    );
    match (&c.corrected, corrected_fail) {
        (Some(fix), None) => {
            let correction = fix.describe();
            Ok(with_correction(failed, positive(fix), &correction))
        }
        (Some(fix), Some((m, (w, p, q)))) => Ok(with_correction(
            failed,
            fails(format!("{w}: corrected {p}, played {q}"), Some(m), p, q),
            &fix.describe(),
        )),
        (None, _) => Ok(failed),
    }
}

/// The pins of the discs (largest first) after `m` moves of the classic solution of `n`
/// discs from pin 0 to pin 2 (`classic.T`), without playing them: by descent through the
/// recursion (the largest disc is still on its start pin while `m < 2^(n-1)`; otherwise it is
/// on the goal, and the `n - 1` smaller discs are `m - 2^(n-1)` moves into their second
/// transfer).
pub(crate) fn classic_positions_at(n: u32, m: &BigInt) -> Vec<u8> {
    let (mut from, mut to, mut via) = (0u8, 2u8, 1u8);
    let mut m = m.clone();
    let mut out = Vec::with_capacity(n as usize);
    for k in (1..=n).rev() {
        let half = BigInt::one() << (k - 1);
        if m < half {
            out.push(from);
            std::mem::swap(&mut to, &mut via);
        } else {
            out.push(to);
            m -= half;
            std::mem::swap(&mut from, &mut via);
        }
    }
    out
}

/// `positions` rows of `classic.T` for an n too large to play: by [`classic_positions_at`].
/// `None` when the moves are played instead (any other target, other checks, or few moves).
#[allow(clippy::type_complexity)]
fn classic_positions_beyond_playing(
    v: &Variant,
    c: &TraceClaim,
    f: &str,
    n: i64,
) -> Result<Option<Option<(i64, Disagreement)>>, CheckError> {
    let only_positions = c.checks.pairs.is_empty()
        && c.checks.list.is_empty()
        && c.checks.smallest.is_none()
        && c.checks.histories.is_empty()
        && c.checks.position.is_none()
        && c.checks.stays.is_empty()
        && c.checks.max_discs.is_empty()
        && c.corrected.is_none()
        && c.algorithm.is_none();
    if !(v.id == "classic" && f == "T" && only_positions && (1..=4096).contains(&n)) {
        return Ok(None);
    }
    if v.count(f, n, &c.params).map_err(CheckError::from)? <= BigInt::from(TRACE_MAX_MOVES) {
        return Ok(None);
    }
    let labels = Labels::new(&c.pins, 3);
    for (m, printed) in &c.checks.positions {
        let mm: BigInt = m
            .parse()
            .map_err(|_| CheckError::Input(format!("move number '{m}' is not a number")))?;
        let actual: String = classic_positions_at(n as u32, &mm)
            .into_iter()
            .map(|p| labels.of(p))
            .collect();
        if &actual != printed {
            return Ok(Some(Some((
                n,
                (
                    format!("at n = {n}, after move {m}, the pins of the discs (largest first; found by descent through the recursion, too many moves to play)"),
                    printed.clone(),
                    actual,
                ),
            ))));
        }
    }
    Ok(Some(None))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classic_descent_equals_the_played_moves() {
        let v = Variant::load("classic").unwrap();
        for n in 1..=8i64 {
            let puzzle = v.puzzle("T", n, &Params::new()).unwrap();
            let mut tower = Tower::new(&puzzle);
            let moves: Vec<Move> = v.moves("T", n, &Params::new()).unwrap().collect();
            for m in 0..=moves.len() {
                let mut pos = vec![0u8; n as usize];
                for (pin, stack) in tower.pins.iter().enumerate() {
                    for &d in stack {
                        pos[d as usize] = pin as u8;
                    }
                }
                // Disc id 0 is the largest in the classic start.
                assert_eq!(
                    classic_positions_at(n as u32, &BigInt::from(m)),
                    pos,
                    "n = {n}, m = {m}"
                );
                if m < moves.len() {
                    tower.play(&puzzle, moves[m], m as u64 + 1).unwrap();
                }
            }
        }
    }
}

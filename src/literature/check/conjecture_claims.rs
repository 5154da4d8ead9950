//! Conjecture claims: a law stated for the search optima of a puzzle (a generating function,
//! or a formula in `n` and the optima `a(...)`), checked against every optimum known here —
//! the recorded runs and the searches within [`crate::facts::SearchBudget::CLAIMS`], through
//! [`crate::facts::optimum_terms`], the same terms `hanoilab guess --optimum` reads.
//!
//! A law that fits them all is `conjectured`, never `proved`: no algorithm is known to meet
//! the optimum, so the terms beyond the searches are unknown. The verdict says how far the
//! known terms over-determine the law (for a generating function: its free coefficients
//! against the terms from n = 0) and what the guesser finds on the same terms.

use super::*;
use crate::algebra::guess::{guess, GuessOptions, Law};
use crate::facts::{optimum_terms, OptimumTerms, RecordedMinimum, SearchBudget};
use crate::literature::claims::ConjectureClaim;
use crate::literature::gf::RationalGf;

/// The longest stretch past the known terms over which a guessed law is compared with the
/// claim.
const GUESS_COMPARE_TERMS: i64 = 200;

/// The optima as the sequence `a` of a claim's formula: `a(k)` for every known `k`.
struct Optima<'a>(&'a [BigInt], i64);

impl Sequences for Optima<'_> {
    fn value(&self, name: &str, args: &[BigInt]) -> Option<Result<BigInt, String>> {
        if name == "yang" {
            // Yang's pattern from these optima: a(0..6) are its seeds.
            let n = args.first().and_then(|k| k.to_usize());
            return Some(match (n, self.1) {
                (Some(n), 0) if args.len() == 1 => {
                    super::library_sequences::yang_at(&self.0[..self.0.len().min(7)], n)
                }
                _ => Err("yang(n) takes n and needs the optima from n = 0".into()),
            });
        }
        if name != "a" {
            return None;
        }
        let [k] = args else {
            return Some(Err("a(...) takes one argument, the number of discs".into()));
        };
        let i = k.to_i64().and_then(|k| usize::try_from(k - self.1).ok());
        Some(
            i.and_then(|i| self.0.get(i).cloned())
                .ok_or_else(|| format!("a({k}) is not known")),
        )
    }
}

/// What the claim's law says at `n`, given the sequence `seq` (`seq[i] = a(first + i)`).
enum ClaimLaw<'a> {
    Gf(Vec<BigRational>),
    Formula(&'a Expr),
}

impl ClaimLaw<'_> {
    /// The law's value at `n`, or `None` where it says nothing (a formula that needs a term
    /// before the first).
    fn at(&self, n: i64, seq: &[BigInt], first: i64, params: &Params) -> Option<Value> {
        match self {
            ClaimLaw::Gf(c) => c.get(n as usize).cloned().map(Value::rational),
            ClaimLaw::Formula(e) => evaluate(e, &vars_for(n, params), &Optima(seq, first)).ok(),
        }
    }
}

/// The first n of `ns` where the law and `seq` differ: `(n, law's value, term)`.
fn first_difference(
    law: &ClaimLaw<'_>,
    seq: &[BigInt],
    first: i64,
    ns: impl Iterator<Item = i64>,
    params: &Params,
) -> Result<Option<(i64, String, String)>, CheckError> {
    for n in ns {
        let Some(term) = usize::try_from(n - first).ok().and_then(|i| seq.get(i)) else {
            break;
        };
        let Some(v) = law.at(n, seq, first, params) else {
            continue;
        };
        if sign_of_difference(term, &v)? != Ordering::Equal {
            return Ok(Some((n, show_value(&v), term.to_string())));
        }
    }
    Ok(None)
}

/// Where a law of the optima takes its terms from: the puzzle, the search budget and the
/// recorded runs.
pub struct OptimaSource<'a> {
    /// The variant.
    pub variant: &'a Variant,
    /// Its function.
    pub function: &'a str,
    /// The searches run for terms no record gives.
    pub budget: &'a SearchBudget,
    /// The recorded runs of this puzzle.
    pub records: &'a [RecordedMinimum],
}

/// The known optima of the claim's target for n = 0 (or 1, when 0 has no puzzle) to `b`.
fn known_terms(c: &ConjectureClaim, src: &OptimaSource<'_>, b: i64) -> OptimumTerms {
    let (v, f) = (src.variant, src.function);
    let from_zero = optimum_terms(v, f, &c.params, 0..=b, src.budget, src.records);
    match from_zero.terms.is_empty() {
        true => optimum_terms(v, f, &c.params, 1..=b, src.budget, src.records),
        false => from_zero,
    }
}

/// Why the known terms stop, as a parenthesis (empty when they reach the claimed range).
fn stopped_note(terms: &OptimumTerms) -> String {
    terms
        .stopped
        .as_ref()
        .map_or(String::new(), |(n, w)| format!(" (n = {n}: {w})"))
}

/// A conjecture claim's verdict (see the module documentation): its target's recorded runs
/// and the searches of the claims' budget.
pub(crate) fn check_conjecture(
    c: &ConjectureClaim,
    res: &super::ClaimResources,
) -> Result<Verdict, CheckError> {
    let (vid, f) = variant_function("conjecture", &c.target)?;
    let v = Variant::load(&vid).map_err(CheckError::from)?;
    let records = res.minima(&v, &f, &c.params)?;
    let src = OptimaSource {
        variant: &v,
        function: &f,
        budget: &res.budget,
        records: &records,
    };
    check_optimum_law(c, &src)
}

/// The verdict on a law of the search optima of `c.target` (its `gf` or `formula` over
/// `c.n`), its terms from `src`: `conjectured` when it fits every known term, `fails` at
/// the first n it misses (`hanoilab check --optimum`, and the claims).
pub fn check_optimum_law(
    c: &ConjectureClaim,
    src: &OptimaSource<'_>,
) -> Result<Verdict, CheckError> {
    let (a, b) = parse_range(&c.n)?;
    let parsed;
    let (law, shape) = match (&c.gf, &c.formula) {
        (Some(g), None) => {
            let gf = RationalGf::parse(g).map_err(|m| CheckError::Input(format!("gf: {m}")))?;
            let degree = |p: &[BigRational]| p.iter().rposition(|x| !x.is_zero()).unwrap_or(0);
            let free = degree(&gf.numerator) + 1 + degree(&gf.denominator);
            let count = usize::try_from(b)
                .unwrap_or(0)
                .saturating_add(GUESS_COMPARE_TERMS as usize + 1);
            (ClaimLaw::Gf(gf.coefficients(count)), Some(free))
        }
        (None, Some(f)) => {
            parsed = parse(f).map_err(|e| CheckError::from(e).context("formula"))?;
            (ClaimLaw::Formula(&parsed), None)
        }
        _ => {
            return Err(CheckError::Input(
                "a conjecture states one law: gf = \"...\" or formula = \"...\"".into(),
            ))
        }
    };
    let terms = known_terms(c, src, b);
    let (Some(first), Some(last)) = (terms.first_n(), terms.last_n()) else {
        let why = stopped_note(&terms);
        return Ok(unverifiable(format!(
            "no search optimum of {} is known{why}",
            c.target
        )));
    };
    let seq = terms.minima();
    let params: Params = c.params.clone();
    if let Some((n, printed, actual)) = first_difference(&law, &seq, first, a..=b, &params)? {
        return Ok(fails(
            format!(
                "the search optimum of {} at n = {n} is {actual}, the law gives {printed} ({})",
                c.target,
                terms.provenance()
            ),
            Some(n),
            printed,
            actual,
        ));
    }
    let checked_from = a.max(first);
    if checked_from > last {
        let why = stopped_note(&terms);
        return Ok(unverifiable(format!(
            "no search optimum of {} is known for n = {a}..{b}{why}",
            c.target
        )));
    }
    let mut detail = format!(
        "fits every known search optimum of {}, n = {checked_from}..{last} ({})",
        c.target,
        terms.provenance()
    );
    if let Some(free) = shape {
        let known = seq.len();
        detail.push_str(&format!(
            "; the generating function has {free} free coefficients and {known} terms are known from n = {first}, so they over-determine it by {}",
            known.saturating_sub(free)
        ));
    }
    detail.push_str(&format!(
        "; {}",
        guess_sentence(&law, &seq, first, b, &params)?
    ));
    let beyond = match &terms.stopped {
        Some((n, why)) if *n <= b => format!("; from n = {n} no optimum is known here ({why})"),
        _ => String::new(),
    };
    Ok(conjectured(
        detail,
        checked_from,
        last,
        format!(
            "the law is stated for n = {a}..{b} and {}{beyond}",
            algorithm_sentence(&law, src, c, &terms, (a, b))
        ),
    ))
}

/// What the function's own algorithm says about the law: none (no program), above the
/// optimum from some n, or equal to every known optimum — then whether the law is its count
/// over the claimed range. Only the last n the search reached is shown optimal.
fn algorithm_sentence(
    law: &ClaimLaw<'_>,
    src: &OptimaSource<'_>,
    c: &ConjectureClaim,
    terms: &OptimumTerms,
    (a, b): (i64, i64),
) -> String {
    let (v, f) = (src.variant, src.function);
    let stays = "so it stays a conjecture past the known terms";
    if v.function(f).is_ok_and(|x| !x.has_program()) {
        return format!("the function has no program to meet the optimum, {stays}");
    }
    let count = |n: i64| v.count(f, n, &c.params).ok();
    // The terms where the algorithm has a count (a function may start above n = 0).
    let mut compared = 0;
    for t in &terms.terms {
        match count(t.n) {
            Some(k) if k == BigInt::from(t.minimum) => compared += 1,
            Some(k) => {
                return format!(
                    "its algorithm takes more moves than the optimum from n = {} ({k} against {}), {stays}",
                    t.n, t.minimum
                )
            }
            None => {}
        }
    }
    let (Some(first), Some(last)) = (terms.first_n(), terms.last_n()) else {
        return format!("no optimum is known, {stays}");
    };
    if compared == 0 {
        return format!("its algorithm has no count at n = {first}..{last} to compare, {stays}");
    }
    // From the first n where the algorithm has a count.
    let Some(first) = (first..=last).find(|&n| count(n).is_some()) else {
        return format!("no optimum is known, {stays}");
    };
    // The algorithm meets every known optimum: is the law its count on the whole range?
    let counts: Option<Vec<BigInt>> = (first..=b).map(count).collect();
    let Some(counts) = counts else {
        return format!(
            "its algorithm meets every known optimum (n = {first}..{last}), but its count is not known to n = {b}, {stays}"
        );
    };
    let differs = (a.max(first)..=b).find(|&n| {
        let want = &counts[(n - first) as usize];
        law.at(n, &counts, first, &c.params)
            .is_some_and(|x| x.as_integer().as_ref() != Some(want))
    });
    match differs {
        Some(n) => format!(
            "its algorithm meets every known optimum (n = {first}..{last}) but its count differs from the law at n = {n}, {stays}"
        ),
        None => format!(
            "equals the algorithm's count for n = {}..{b}; the search finds the algorithm optimal for n = {first}..{last}, and past n = {last} its optimality is not shown here",
            a.max(first)
        ),
    }
}

/// What the guesser finds on the same terms (one confirmation asked), and whether its law
/// agrees with the claim past the known terms.
fn guess_sentence(
    law: &ClaimLaw<'_>,
    seq: &[BigInt],
    first: i64,
    b: i64,
    params: &Params,
) -> Result<String, CheckError> {
    let opts = GuessOptions {
        confirmations: 1,
        closed_form: false,
        ..GuessOptions::default()
    };
    let g =
        match guess(seq, first as u64, &opts) {
            Ok(g) => g,
            Err(_) => return Ok(
                "no linear recurrence is confirmed by the same terms (`hanoilab guess --optimum`)"
                    .into(),
            ),
        };
    let Law::CFinite(cf) = &g.law else {
        return Ok(format!(
            "the guesser finds a {} law on the same terms, not a linear recurrence",
            g.law.kind()
        ));
    };
    let upto = b.min(first + seq.len() as i64 - 1 + GUESS_COMPARE_TERMS);
    let predicted = cf.predict((upto - first + 1) as usize);
    let from = first + seq.len() as i64;
    let agreement = match first_difference(law, &predicted, first, from..=upto, params)? {
        None if upto >= from => format!("its terms fit the claim to n = {upto}"),
        None => "the claim's range ends with the known terms".into(),
        Some((n, printed, actual)) => {
            format!("its terms differ from the claim first at n = {n} ({actual} against {printed})")
        }
    };
    Ok(format!(
        "the guess from the same terms is {} for n >= {} (determined by {} terms, confirmed by {}); {agreement}",
        cf.to_text(),
        cf.holds_from(),
        g.law.determined_by(),
        g.law.confirmed_by()
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::literature::claims::parse_claim_file;

    fn conjecture(fields: &str) -> ConjectureClaim {
        let text = format!(
            "document = \"d\"\ntitle = \"t\"\n[[claim]]\nid = \"t\"\nsection = \"s\"\nstatement = \"s\"\nkind = \"conjecture\"\n{fields}\n"
        );
        match parse_claim_file("test", &text).unwrap().remove(0).kind {
            ClaimKind::Conjecture(c) => c,
            other => panic!("not a conjecture: {other:?}"),
        }
    }

    /// The classic optima are 2^n - 1 (Hinz et al. 2018, Thm 2.1): the law `2^n - 1` and
    /// its generating function `x / ((1 - x)(1 - 2x))` fit every searched optimum; a wrong
    /// constant fails at the first n, with the searched value.
    #[test]
    fn laws_of_the_classic_optima_fit_and_a_wrong_one_fails_where_it_differs() {
        let c = conjecture("target = \"classic.T\"\nformula = \"2^n - 1\"\nn = \"0..30\"");
        let v = check_conjecture(&c, &Default::default()).unwrap();
        assert_eq!(v.verdict, VerdictKind::Conjectured, "{}", v.detail);
        let r = v.range.unwrap();
        assert_eq!(r.from, 0);
        assert!(r.to >= 12, "{}", v.detail);
        assert!(
            v.detail.contains("its terms fit the claim to n = 30"),
            "{}",
            v.detail
        );
        let c =
            conjecture("target = \"classic.T\"\ngf = \"x / ((1 - x)*(1 - 2*x))\"\nn = \"0..30\"");
        let v = check_conjecture(&c, &Default::default()).unwrap();
        assert_eq!(v.verdict, VerdictKind::Conjectured, "{}", v.detail);
        assert!(v.detail.contains("4 free coefficients"), "{}", v.detail);
        // a recurrence with the optima themselves, wrong from its start
        let c = conjecture("target = \"classic.T\"\nformula = \"2*a(n-1) + 2\"\nn = \"3..30\"");
        let v = check_conjecture(&c, &Default::default()).unwrap();
        assert_eq!(v.verdict, VerdictKind::Fails, "{}", v.detail);
        let f = v.failure.unwrap();
        assert_eq!(
            (f.n, f.printed.as_str(), f.actual.as_str()),
            (Some(3), "8", "7")
        );
    }

    /// The 4-post cyclic law holds only from n = 11 (the OEIS's correction of 2020): the
    /// same recurrence from n = 10 fails there against the searched optimum.
    #[test]
    fn the_cyclic_four_post_law_started_one_n_early_fails_there() {
        let c = conjecture(
            "target = \"cyclic4.N\"\nformula = \"a(n-1) + a(n-2) + a(n-3) - 2*a(n-5)\"\nn = \"10..21\"",
        );
        let v = check_conjecture(&c, &Default::default()).unwrap();
        assert_eq!(v.verdict, VerdictKind::Fails, "{}", v.detail);
        assert_eq!(v.failure.unwrap().n, Some(10));
    }

    #[test]
    fn a_conjecture_states_exactly_one_law() {
        for fields in [
            "target = \"classic.T\"\nn = \"0..5\"",
            "target = \"classic.T\"\nn = \"0..5\"\ngf = \"x\"\nformula = \"n\"",
        ] {
            let e = check_conjecture(&conjecture(fields), &Default::default()).unwrap_err();
            assert!(e.to_string().contains("one law"), "{e}");
        }
        let e = check_conjecture(
            &conjecture("target = \"classic.T\"\nn = \"0..5\"\ngf = \"1/(1 - y)\""),
            &Default::default(),
        );
        assert!(e.is_err());
    }
}

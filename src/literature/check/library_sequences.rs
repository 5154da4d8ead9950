//! The sequences formulas may call, and the target of a claim as a sequence of n.

use super::*;

/// Largest n for which the star numbers come from the quadratic min-recurrence.
pub(crate) const STAR_RECURRENCE_MAX: usize = 2_000;

/// A sequence formulas may call by name (`FS(n, 4)`, `S(n)`), other than a variant's
/// functions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NamedSequence {
    /// The name formulas call it by.
    pub name: &'static str,
    /// Its number of arguments (the first is n).
    pub arity: usize,
    /// What it is, for messages.
    pub meaning: &'static str,
}

impl NamedSequence {
    /// How `hanoilab check` takes it as a target: the bare name for a sequence of n alone,
    /// a formula with its other arguments given (`'FS(n, 4)'`) otherwise.
    pub fn usage(&self) -> String {
        match self.arity {
            1 => self.name.to_string(),
            _ => format!("'{}(n, 4)'", self.name),
        }
    }
}

/// The named sequences of [`LibrarySequences`], in the order of the module documentation.
pub const NAMED_SEQUENCES: &[NamedSequence] = &[
    NamedSequence {
        name: "FS",
        arity: 2,
        meaning: "Frame–Stewart numbers FS(n, p), n discs on p pegs",
    },
    NamedSequence {
        name: "T",
        arity: 1,
        meaning: "the three-peg Tower of Hanoi numbers T(n) = FS(n, 3)",
    },
    NamedSequence {
        name: "S",
        arity: 1,
        meaning: "Stockmeyer's star numbers S(n)",
    },
    NamedSequence {
        name: "a",
        arity: 1,
        meaning: "the n-th 3-smooth number a(n)",
    },
    NamedSequence {
        name: "starsplit",
        arity: 1,
        meaning: "the split of the star recurrence at n",
    },
    NamedSequence {
        name: "yang",
        arity: 1,
        meaning: "Yi Yang's pattern bound for four-in-a-row (OEIS A160002) from the searched optima of n <= 6",
    },
    NamedSequence {
        name: "cyclicblue",
        arity: 1,
        meaning: "blue discs summed over Lunnon's Cyclic configurations",
    },
];

/// The sequences formulas may call (see the [module documentation](super)).
pub struct LibrarySequences {
    variant: Option<Variant>,
    params: Params,
    cache: RefCell<HashMap<(String, Vec<BigInt>), BigInt>>,
    star: RefCell<Vec<BigInt>>,
    /// `S(0), S(1), ...` by Theorem 2 (twice the partial sums of the 3-smooth numbers).
    star_sums: RefCell<Vec<BigInt>>,
    smooth: RefCell<Vec<BigInt>>,
    /// The optima of four-in-a-row for n = 0..6, searched once: the seeds of `yang(n)`.
    yang_seeds: RefCell<Option<Vec<BigInt>>>,
}

impl LibrarySequences {
    /// Sequences with the functions of `variant` (if any) under `params`.
    pub fn new(variant: Option<Variant>, params: Params) -> LibrarySequences {
        LibrarySequences {
            variant,
            params,
            cache: RefCell::new(HashMap::new()),
            star: RefCell::new(vec![]),
            star_sums: RefCell::new(vec![]),
            smooth: RefCell::new(vec![]),
            yang_seeds: RefCell::new(None),
        }
    }

    /// `S(n)` from the defining min-recurrence (cached) up to [`STAR_RECURRENCE_MAX`], from
    /// Stockmeyer's Theorem 2 beyond.
    fn star_value(&self, n: usize) -> Result<BigInt, String> {
        if n > STAR_RECURRENCE_MAX {
            // Theorem 2: S(n) = 2 (a_1 + ... + a_n), from one list of 3-smooth numbers and
            // its partial sums, grown by doubling (a range of n shares them).
            let mut sums = self.star_sums.borrow_mut();
            if sums.len() <= n {
                let want = (n + 1).max(2 * sums.len()).min(1_000_001);
                let a = star::three_smooth(want as u64 - 1).map_err(|e| e.to_string())?;
                let mut acc = BigInt::zero();
                let mut out = Vec::with_capacity(want);
                out.push(BigInt::zero());
                for x in &a {
                    acc += x;
                    out.push(&acc << 1u32);
                }
                *sums = out;
            }
            return sums
                .get(n)
                .cloned()
                .ok_or_else(|| format!("S({n}): n out of range"));
        }
        let mut s = self.star.borrow_mut();
        if s.len() <= n {
            *s = star::star_min_recurrence(STAR_RECURRENCE_MAX.min((n + 1) * 2))
                .map_err(|e| e.to_string())?;
        }
        Ok(s[n].clone())
    }

    /// The unique `i` minimising `2 S(n-i) + 3^i - 1` (the star recurrence), with `S` from
    /// the min-recurrence; an error if the minimiser is not unique.
    fn star_split(&self, n: usize) -> Result<BigInt, String> {
        if n == 0 || n > STAR_RECURRENCE_MAX {
            return Err(format!(
                "starsplit({n}): n must be in 1..={STAR_RECURRENCE_MAX}"
            ));
        }
        self.star_value(n)?;
        let s = self.star.borrow();
        let mut best: Option<BigInt> = None;
        let mut arg = vec![];
        let mut p3 = BigInt::one();
        for i in 1..=n {
            p3 *= 3u32;
            let tail = &p3 - 1u32;
            if best.as_ref().is_some_and(|b| &tail > b) {
                break;
            }
            let v = (&s[n - i] << 1u32) + tail;
            match &best {
                Some(b) if &v > b => {}
                Some(b) if &v == b => arg.push(i),
                _ => {
                    best = Some(v);
                    arg = vec![i];
                }
            }
        }
        match arg.as_slice() {
            [i] => Ok(BigInt::from(*i)),
            _ => Err(format!("star split at n = {n} is not unique: {arg:?}")),
        }
    }

    /// Yang's pattern bound at `n` ([`crate::sequences::four_in_a_row::yang_bound`]), its
    /// seeds the search optima of four-in-a-row for n = 0..6 (searched once).
    fn yang_value(&self, n: usize) -> Result<BigInt, String> {
        use crate::facts::{optimum_terms, SearchBudget};
        let mut seeds = self.yang_seeds.borrow_mut();
        if seeds.is_none() {
            let v = Variant::builtin("four-in-a-row").map_err(|e| e.to_string())?;
            let t = optimum_terms(&v, "R", &Params::new(), 0..=6, &SearchBudget::CLAIMS, &[]);
            *seeds = Some(t.minima());
        }
        let seeds = seeds.as_ref().expect("set above");
        yang_at(seeds, n)
    }

    fn compute(&self, name: &str, args: &[BigInt]) -> Option<Result<BigInt, String>> {
        let u = |i: usize| -> Result<u64, String> {
            args[i]
                .to_u64()
                .filter(|v| *v <= 1_000_000)
                .ok_or_else(|| format!("{name}: argument {} out of range", args[i]))
        };
        if let Some(v) = &self.variant {
            if args.len() == 1 && v.function(name).is_ok() {
                let n = match args[0].to_i64() {
                    Some(n) if (0..=100_000).contains(&n) => n,
                    _ => return Some(Err(format!("{name}({}): n out of range", args[0]))),
                };
                return Some(v.count(name, n, &self.params).map_err(|e| e.to_string()));
            }
        }
        Some(match (name, args.len()) {
            ("FS", 2) => (|| {
                let n = u(0)?;
                let p = u(1)? as usize;
                frame_stewart(n, p).map_err(|e| e.to_string())
            })(),
            ("T", 1) => u(0).and_then(|n| frame_stewart(n, 3).map_err(|e| e.to_string())),
            ("S", 1) => u(0).and_then(|n| self.star_value(n as usize)),
            ("a", 1) => u(0).and_then(|n| {
                if n == 0 {
                    return Err("a(n) is defined for n >= 1".into());
                }
                let mut s = self.smooth.borrow_mut();
                if (s.len() as u64) < n {
                    *s = star::three_smooth((n * 2).max(64)).map_err(|e| e.to_string())?;
                }
                Ok(s[n as usize - 1].clone())
            }),
            ("starsplit", 1) => u(0).and_then(|n| self.star_split(n as usize)),
            ("yang", 1) => u(0).and_then(|n| self.yang_value(n as usize)),
            // Lunnon's Cyclic: blue discs summed over the A(n) + 1 configurations of the
            // coloured algorithm (by playing it; n <= 18 keeps it under 10^8 moves).
            ("cyclicblue", 1) => u(0).and_then(|n| {
                if n > 18 {
                    return Err(format!("cyclicblue({n}): n must be at most 18"));
                }
                Ok(crate::variants::alternatives::cyclic_blue_totals(n as u32).0)
            }),
            _ => return None,
        })
    }
}

impl Sequences for LibrarySequences {
    fn value(&self, name: &str, args: &[BigInt]) -> Option<Result<BigInt, String>> {
        let key = (name.to_string(), args.to_vec());
        if let Some(v) = self.cache.borrow().get(&key) {
            return Some(Ok(v.clone()));
        }
        let r = self.compute(name, args)?;
        if let Ok(v) = &r {
            self.cache.borrow_mut().insert(key, v.clone());
        }
        Some(r)
    }
}

/// A sequence to compare with: a variant's function, or a formula over named sequences.
pub struct TargetSeq {
    name: String,
    pub(crate) function: Option<(Variant, String)>,
    expr: Option<Expr>,
    pub(crate) seqs: LibrarySequences,
    pub(crate) params: Params,
    /// Values computed ahead for a whole range ([`TargetSeq::prepare_range`]).
    pub(crate) prefetched: RefCell<HashMap<i64, BigInt>>,
    /// The bound on the decimal digits of the values one check compares.
    pub(crate) max_digits: u64,
}

impl TargetSeq {
    /// The sequence of `function` of an already loaded variant (a built-in one or a user's
    /// file); `context` is the variant whose other functions the formula may name (default:
    /// this one).
    pub fn from_variant(
        v: Variant,
        function: &str,
        params: &Params,
        context: Option<Variant>,
    ) -> Result<TargetSeq, CheckError> {
        v.function(function).map_err(CheckError::from)?;
        v.resolve_params(params).map_err(CheckError::from)?;
        let seqs =
            LibrarySequences::new(Some(context.unwrap_or_else(|| v.clone())), params.clone());
        Ok(TargetSeq {
            name: format!("{}.{function}", v.id),
            function: Some((v, function.to_string())),
            expr: None,
            seqs,
            params: params.clone(),
            prefetched: RefCell::new(HashMap::new()),
            max_digits: super::size::MAX_CLAIM_DIGITS,
        })
    }

    /// Resolves `VARIANT.FUNCTION` (or a formula in n) with `params`; `context` names the
    /// variant whose functions formulas may call (default: the target's).
    pub fn new(
        target: &str,
        params: &Params,
        context: Option<&str>,
    ) -> Result<TargetSeq, CheckError> {
        let ctx = match context {
            Some(id) => Some(Variant::load(id).map_err(CheckError::from)?),
            None => None,
        };
        if is_variant_target(target) {
            let (id, f) = variant_function("target", target)?;
            let v = Variant::load(&id).map_err(CheckError::from)?;
            return TargetSeq::from_variant(v, &f, params, ctx);
        }
        let e =
            parse(target).map_err(|e| CheckError::from(e).context(format!("target {target}")))?;
        Ok(TargetSeq {
            name: target.to_string(),
            function: None,
            expr: Some(e),
            seqs: LibrarySequences::new(ctx, params.clone()),
            params: params.clone(),
            prefetched: RefCell::new(HashMap::new()),
            max_digits: super::size::MAX_CLAIM_DIGITS,
        })
    }

    /// The sequences formulas about this target may call.
    pub fn sequences(&self) -> &LibrarySequences {
        &self.seqs
    }

    /// The exact value at n.
    pub fn at(&self, n: i64) -> Result<BigInt, CheckError> {
        if let Some((v, f)) = &self.function {
            if let Some(x) = self.prefetched.borrow().get(&n) {
                return Ok(x.clone());
            }
            // The target variant's own count, independent of the context variant.
            return v.count(f, n, &self.params).map_err(CheckError::from);
        }
        let e = self
            .expr
            .as_ref()
            .ok_or_else(|| CheckError::Internal("no target".into()))?;
        let vars = vars_for(n, &self.params);
        let v = evaluate(e, &vars, &self.seqs).map_err(CheckError::from)?;
        v.as_integer().ok_or_else(|| {
            CheckError::Input(format!(
                "target {} at n = {n} is not an integer: {v}",
                self.name
            ))
        })
    }

    /// Annihilators of the target's sequence and of the formula `e` about it (see
    /// [`crate::literature::proof`]), `None` where there is none.
    pub fn annihilators(
        &self,
        e: &Expr,
    ) -> (
        Option<crate::literature::proof::Annihilator>,
        Option<crate::literature::proof::Annihilator>,
    ) {
        use crate::literature::proof::{annihilator, function_annihilator, ProofContext};
        let ctx = ProofContext {
            variant: self.seqs.variant.as_ref(),
            params: &self.params,
            seqs: &self.seqs,
        };
        let target = match (&self.function, &self.expr) {
            (Some((v, f)), _) => function_annihilator(v, f, &self.params),
            (None, Some(x)) => annihilator(x, &ctx),
            (None, None) => None,
        };
        (target, annihilator(e, &ctx))
    }

    /// What in `e` the prover has no annihilator for
    /// ([`crate::literature::proof::unrecognised_parts`]).
    pub fn unrecognised_parts(&self, e: &Expr) -> Vec<String> {
        let ctx = crate::literature::proof::ProofContext {
            variant: self.seqs.variant.as_ref(),
            params: &self.params,
            seqs: &self.seqs,
        };
        crate::literature::proof::unrecognised_parts(e, &ctx)
    }

    /// The target's name.
    pub fn name(&self) -> &str {
        &self.name
    }
}

pub(crate) fn vars_for(n: i64, params: &Params) -> Vec<(&str, Value)> {
    let mut v: Vec<(&str, Value)> = params
        .iter()
        .map(|(k, x)| (k.as_str(), Value::int(*x)))
        .collect();
    v.push(("n", Value::int(n)));
    v
}

/// Yang's pattern bound at `n` from `seeds`, the optima of n = 0..6.
pub(crate) fn yang_at(seeds: &[BigInt], n: usize) -> Result<BigInt, String> {
    use crate::sequences::four_in_a_row::{yang_bound, YANG_MAX_N};
    if seeds.len() < 7 {
        return Err(format!(
            "yang(n) needs the optima of n = 0..6 ({} known)",
            seeds.len()
        ));
    }
    if n > YANG_MAX_N {
        return Err(format!("yang({n}): n must be at most {YANG_MAX_N}"));
    }
    yang_bound(seeds, n.max(6))
        .and_then(|f| f.get(n).cloned())
        .ok_or_else(|| format!("yang({n}): the seeds are not small integers"))
}

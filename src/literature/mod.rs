//! Claims from the literature: the formula language, the recorded claims with their
//! sources, and the checker.
//!
//! - [`formula`]: the parser (text → [`Expr`], errors with their position);
//! - [`eval`]: exact evaluation (rationals, quadratic surds, certified intervals);
//! - [`claims`]: the claim kinds and the claim files `data/literature/*.toml`, one per seed
//!   document, every number written *as printed*;
//! - [`check`]: the checker ([`check_all`], [`check_claim`], [`check_formula`]), verdicts
//!   `holds` / `fails` / `unchecked`.
//!
//! # The formula language
//!
//! A formula is an expression in `n` (and the variant's parameters such as `l`, `m`, `k`),
//! optionally followed by `where` bindings.
//!
//! | form | meaning | example |
//! |---|---|---|
//! | `12`, `0.6576`, `5/33` | exact integers and rationals (a decimal is an exact rational) | `0.6576 * 2.3117^n` |
//! | `+ - * /`, `^` (or `**`) | arithmetic; `^` binds tightest and is right-associative; `-2^2 = -4` | `12*2^n - 8*n - 10` |
//! | juxtaposition | implicit product, as printed | `3(2^n - 1)`, `2n`, `l(2^n - 1)`, `(E-1)(E+1)` |
//! | `floor(x)`, `[x]` | integer part (Lunnon's square brackets) | `[(4/3)(2^n - 1/2)]` |
//! | `ceil(x)` | ceiling | `ceil(n/2)` |
//! | `round(x)`, `{x}` | nearest integer, halves up (Stockmeyer's braces) | `{sqrt(2n)}` |
//! | `a mod k` | remainder in `0..k` | `if n mod 2 = 1 then ...` |
//! | `if C then A else B` | conditions: `= == != < <= > >=`, `and`, `or`, `not`, parity `n even`, `n odd` | `if n even then 2*3^(n/2) - 2 else 4*3^((n-1)/2) - 2` |
//! | `C(a, b)`, `binomial(a, b)` | binomial coefficient (0 outside `0..=a`) | `C(s+m-3, m-2)` |
//! | `sum(i = a..b, x)`, `prod(...)`, `min(...)`, `max(...)` | over an integer range (empty sum 0, product 1) | `sum(i = 1..k, i 2^(i-1))` |
//! | `min(x, y, ...)`, `max(x, y, ...)` | of values | `max(k0, k1 - n1 + n)` |
//! | `sqrt x`, `sqrt(x)`, `x^(1/2)` | exact in `Q(√d)` for rational `x` | `(1 + sqrt 3)^(n+2)` |
//! | `log(x)`, `ln(x)`, `log(x, b)`, `exp(x)`, `abs(x)` | natural log, log base `b` (exact when `x = b^k`), exponential | `floor(sqrt(2n log(2)/log(3)) + 0.1809)` |
//! | `root(p, lo, hi)` | the root of the polynomial `p` in `E` between the rationals `lo < hi` where `p` changes sign | `root(E^4 - 2E^2 - 6E - 4, 2.3117, 2.3118)` |
//! | `X where x = e1, y = e2` | bindings, each seeing the earlier ones | `... where k = {sqrt(2n)}` |
//! | `NAME(args)` | a sequence: the variant's own functions (`A(n-1) + C(n-1) + 3`, `DDD(n)`), `FS(n, p)` Frame–Stewart, `S(n)` star (min-recurrence), `a(n)` the n-th 3-smooth number, `T(n) = 2^n - 1` classic, `starsplit(n)` the unique optimal split of the star recurrence | `2*sum(i = 1..n, a(i))` |
//!
//! A name bound as a variable and followed by one parenthesised argument is a product
//! (`l(2^n - 1)` with the parameter `l`); `C` with one argument is the variant's sequence
//! `C` (Cyclic), with two a binomial.
//!
//! Evaluation is exact: rationals exactly, quadratic surds exactly in `Q(√d)`, every other
//! irrational as a certified interval refined until the floor, comparison or equality is
//! decided, giving up with "cannot decide" after [`eval::MAX_BITS`] bits. Parse errors
//! carry the 0-based character offset ([`ParseError::pos`]); nothing panics.
//!
//! ```
//! use hanoilab::literature::{check_formula, FormulaCheck};
//! // Lunnon 000_3e39fda85b098e00.txt, Towers of Antwerp: 12 (2^n) - 8 n - 10 for n > 1.
//! let r = check_formula("antwerp.T33", "12*2^n - 8*n - 10", 2, 60, &Default::default()).unwrap();
//! assert!(matches!(r, FormulaCheck::Holds { .. }));
//! ```

pub mod check;
pub mod claims;
pub mod eval;
pub mod formula;
pub mod gf;
pub mod proof;

pub use check::{
    check_all, check_claim, check_claim_with, check_formula, CheckedClaim, ClaimResources,
    FormulaCheck, LibrarySequences, NRange, Verdict, VerdictKind,
};
pub use claims::{
    builtin_claims, builtin_references, cite_documents, Claim, ClaimError, ClaimKind,
};
pub use eval::{evaluate, EvalError, Value};
pub use formula::{parse, Expr, ParseError};

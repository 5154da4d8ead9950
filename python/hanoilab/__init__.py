"""Exact mathematics of Tower of Hanoi variants, from Python.

Every number comes from the Rust library ``hanoilab`` (the same code as the ``hanoilab``
command line), exactly: counts are Python ints of any size, never floats.

>>> import hanoilab
>>> hanoilab.count("classic", 64)
18446744073709551615
>>> hanoilab.count("rainbow.DDD", 10)
2584

Functions: :func:`variants`, :func:`count`, :func:`simulate`, :func:`table`,
:func:`table_columns`, :func:`growth`, :func:`search`, :func:`claims`, :func:`check`,
the sequences :func:`frame_stewart`, :func:`frame_stewart_splits`, :func:`star`,
:func:`star_split`, :func:`three_smooth`, and :class:`Plot` (shown inline in Jupyter).
Bad input raises :class:`HanoilabError` (a ``ValueError``) with the library's message.

polars is imported only by :func:`table`, so ``import hanoilab`` stays fast.
"""

from __future__ import annotations

import inspect as _inspect
import json as _json
from dataclasses import dataclass, field
from typing import Any, Dict, List, Mapping, Optional, Sequence, Tuple, Union

from . import _native
from ._native import DEFAULT_MAX_DIGITS, HanoilabError

__all__ = [
    "HanoilabError",
    "DEFAULT_MAX_DIGITS",
    "Function",
    "VariantInfo",
    "Growth",
    "SearchResult",
    "Plot",
    "variants",
    "resolve",
    "count",
    "simulate",
    "table",
    "table_columns",
    "growth",
    "search",
    "claims",
    "check",
    "frame_stewart",
    "frame_stewart_splits",
    "star",
    "star_split",
    "three_smooth",
    "cli_help",
    "__version__",
]

__version__: str = _native.version()

Params = Optional[Mapping[str, int]]
"""Parameters other than n, e.g. ``{"l": 3}`` (the command line's ``--param l=3``)."""


def _params(params: Params) -> Optional[Dict[str, int]]:
    if params is None:
        return None
    if not isinstance(params, Mapping):
        raise HanoilabError(
            f"params: expected a mapping of parameter names to integers, got {type(params).__name__}"
        )
    out: Dict[str, int] = {}
    for k, v in params.items():
        if not isinstance(k, str) or isinstance(v, bool) or not isinstance(v, int):
            raise HanoilabError(f"params: `{k}={v!r}`: expected a name and an integer")
        if not -(2**63) <= v < 2**63:
            raise HanoilabError(f"params: `{k}={v}`: out of the range of a 64-bit integer")
        out[k] = v
    return out


def _n(name: str, n: Any) -> int:
    if isinstance(n, bool) or not isinstance(n, int):
        raise HanoilabError(f"{name} `{n!r}`: expected a non-negative integer")
    if n < 0:
        raise HanoilabError(f"{name} `{n}`: expected a non-negative integer")
    if n >= 2**63:
        raise HanoilabError(f"{name} `{n}`: too large (at most 2^63 - 1)")
    return n


@dataclass(frozen=True)
class Function:
    """One function of a variant: its name as in the literature and one line about it."""

    name: str
    summary: str


@dataclass(frozen=True)
class VariantInfo:
    """A built-in variant: id, title, summary, functions (the first is the default) and
    parameters other than n with their defaults."""

    id: str
    title: str
    summary: str
    functions: Tuple[Function, ...]
    parameters: Dict[str, int] = field(default_factory=dict)


def variants() -> List[VariantInfo]:
    """The built-in variants, in the order of ``hanoilab list``, with their functions.

    >>> [v.id for v in hanoilab.variants()][:3]  # doctest: +SKIP
    """
    return [
        VariantInfo(id, title, summary, tuple(Function(n, s) for n, s in functions), dict(params))
        for id, title, summary, functions, params in _native.variants()
    ]


def resolve(target: str, params: Params = None) -> Tuple[str, str]:
    """``(variant id, function)`` a target names: ``VARIANT[.FUNCTION]``, a HanoiVar menu name
    (``Reversi_A``) or a path to a variant file; a bare id names its default function."""
    return _native.resolve_target(target, _params(params))


def count(
    target: str, n: int, params: Params = None, max_digits: int = DEFAULT_MAX_DIGITS
) -> int:
    """The exact count of ``VARIANT[.FUNCTION]`` for ``n`` discs, a Python int (what
    ``hanoilab nth TARGET N`` prints).

    Counted by the transfer matrix where the program has one, else by memoised recursion.
    Refused before any work (``HanoilabError``) when the answer would have more than
    ``max_digits`` decimal digits.
    """
    return _native.count(target, _n("n", n), _params(params), _n("max_digits", max_digits))


def simulate(target: str, n: int, params: Params = None) -> int:
    """The number of moves of the variant's algorithm played under its rules, every move
    and the goal checked by the simulator (``hanoilab simulate``). Raises
    ``HanoilabError`` when a move is illegal or the goal is not reached."""
    return _native.simulate(target, _n("n", n), _params(params))


NRange = Union[range, Tuple[int, int], str]
"""A range of n: a Python ``range`` (step 1, end exclusive), a pair ``(a, b)`` (both
included) or the command line's text ``"a..b"`` (both included)."""


def _n_range(n_range: NRange) -> Tuple[int, int]:
    if isinstance(n_range, range):
        if n_range.step != 1 or len(n_range) == 0:
            raise HanoilabError(f"n_range {n_range!r}: expected a non-empty range with step 1")
        return _n("n_range start", n_range.start), _n("n_range end", n_range.stop - 1)
    if isinstance(n_range, str):
        a, sep, b = n_range.partition("..")
        try:
            if not sep:
                raise ValueError
            first, last = int(a), int(b)
        except ValueError:
            raise HanoilabError(
                f"--n `{n_range}`: expected a range `A..B` of non-negative integers with A <= B"
            ) from None
        return _n("n_range start", first), _n("n_range end", last)
    if isinstance(n_range, tuple) and len(n_range) == 2:
        return _n("n_range start", n_range[0]), _n("n_range end", n_range[1])
    raise HanoilabError(
        f"n_range {n_range!r}: expected a range, a pair (a, b) or a text 'a..b'"
    )


def table_columns(
    target: str,
    n_range: NRange = (1, 10),
    params: Params = None,
    simulate: bool = True,
    max_digits: int = DEFAULT_MAX_DIGITS,
) -> Dict[str, List[Union[int, str, None]]]:
    """The rows of ``hanoilab table`` as a dict of columns of exact Python values: ints,
    ``None`` for an empty cell, a text for a cell the command line prints as text (a
    simulation's error). Needs no polars."""
    first, last = _n_range(n_range)
    names, columns = _native.table_columns(
        target, first, last, _params(params), bool(simulate), _n("max_digits", max_digits)
    )
    return dict(zip(names, columns))


_INT64_MIN = -(2**63)
_INT64_MAX = 2**63 - 1

DECIMAL_SUFFIX = "_decimal"
"""The suffix of a column of exact counts too large for Int64, stored as decimal strings."""


def table(
    target: str,
    n_range: NRange = (1, 10),
    params: Params = None,
    simulate: bool = True,
    max_digits: int = DEFAULT_MAX_DIGITS,
) -> Any:
    """The table of counts, as a polars DataFrame (a dict of columns, as
    :func:`table_columns`, when polars is not installed).

    Columns as in ``hanoilab table``: ``n``, one column per function (only the named one
    when the target names a function), ``simulated(F)`` and ``optimum(F)``. A column whose
    values all fit in Int64 is an Int64 column (null for an empty cell); a column of exact
    counts beyond Int64 is a String column of decimal digits named ``NAME_decimal`` (read
    it back exactly with ``int()``); a column with text cells is a String column.

    ``n_range`` is a ``range`` (end exclusive), a pair ``(a, b)`` or a text ``"a..b"``
    (both included).
    """
    columns = table_columns(target, n_range, params, simulate, max_digits)
    try:
        import polars as pl
    except ImportError:
        return columns
    series = []
    for name, values in columns.items():
        present = [v for v in values if v is not None]
        if all(isinstance(v, int) and _INT64_MIN <= v <= _INT64_MAX for v in present):
            series.append(pl.Series(name, values, dtype=pl.Int64))
        elif all(isinstance(v, int) for v in present):
            series.append(
                pl.Series(
                    name + DECIMAL_SUFFIX,
                    [None if v is None else str(v) for v in values],
                    dtype=pl.String,
                )
            )
        else:
            series.append(
                pl.Series(name, [None if v is None else str(v) for v in values], dtype=pl.String)
            )
    return pl.DataFrame(series)


@dataclass(frozen=True)
class Growth:
    """What the library derives of a count from its transfer matrix.

    ``dominant`` is the dominant term ``c n^k lambda^n`` (keys ``lambda``, ``lambda_approx``,
    ``k``, ``c_exact``, ``c_decimal``, ``certified``, ``ties``; ``None`` when there is none);
    ``recurrence`` the minimal recurrence as a polynomial in the shift ``E``, holding from
    ``n = recurrence_valid_from``; ``closed_form`` as text (valid from
    ``closed_form_valid_from``) and ``closed_form_tex`` as LaTeX (``None`` when a root has no
    radical form here); ``closed_form_terms`` the same terms as exact data (``None`` likewise),
    which :meth:`closed_form_sympy` turns into a SymPy expression; ``first_terms`` exact ints
    from ``first_n``.
    """

    target: str
    component: str
    components: Tuple[str, ...]
    charpoly: str
    charpoly_factored: str
    recurrence: str
    recurrence_order: int
    recurrence_factored: Optional[str]
    recurrence_valid_from: Optional[int]
    cofactor: str
    closed_form: str
    closed_form_valid_from: int
    closed_form_tex: Optional[str]
    generating_function: Optional[str]
    dominant: Optional[Dict[str, Any]]
    first_n: int
    first_terms: Tuple[int, ...]
    closed_form_terms: Optional[Tuple[Dict[str, Any], ...]] = None

    def closed_form_sympy(self, n: Any = None) -> Any:
        """The closed form as an exact SymPy expression in ``n`` (a SymPy symbol, by default
        ``Symbol("n", integer=True, nonnegative=True)``), equal to the count for every
        ``n >= closed_form_valid_from``: rational roots as integers, quadratic roots as
        ``a + b*sqrt(d)`` with their conjugates.

        >>> g = hanoilab.growth("antwerp.T33")  # doctest: +SKIP
        >>> g.closed_form_sympy()  # doctest: +SKIP
        12*2**n - 8*n - 10

        Needs SymPy (``pip install sympy``); raises ``ImportError`` without it, and
        ``HanoilabError`` when a root has no radical form here (``closed_form_terms`` is
        ``None``: the closed form is given by a recurrence, see ``closed_form``).
        """
        try:
            import sympy
        except ImportError as e:
            raise ImportError(
                "Growth.closed_form_sympy needs SymPy: pip install sympy"
            ) from e
        if self.closed_form_terms is None:
            raise HanoilabError(
                f"{self.target}: its closed form has a part given only by its recurrence "
                f"(no radical roots here), so it has no SymPy expression: {self.closed_form}"
            )
        if n is None:
            n = sympy.Symbol("n", integer=True, nonnegative=True)

        def quadratic(q: Dict[str, str]) -> Any:
            return sympy.Rational(q["a"]) + sympy.Rational(q["b"]) * sympy.sqrt(
                sympy.Integer(q["d"])
            )

        def conjugate(q: Dict[str, str]) -> Any:
            return sympy.Rational(q["a"]) - sympy.Rational(q["b"]) * sympy.sqrt(
                sympy.Integer(q["d"])
            )

        expr = sympy.Integer(0)
        for term in self.closed_form_terms:
            if term["kind"] == "rational":
                poly = sum(
                    (sympy.Rational(c) * n**j for j, c in enumerate(term["poly"])),
                    sympy.Integer(0),
                )
                root = sympy.Integer(term["root"])
                expr += poly if root == 1 else poly * root**n
            else:
                root, coeff = term["root"], term["coeff"]
                expr += quadratic(coeff) * quadratic(root) ** n
                expr += conjugate(coeff) * conjugate(root) ** n
        return expr

    def _repr_markdown_(self) -> str:
        lines = [f"**{self.target}** (component `{self.component}`)", ""]
        if self.dominant is not None:
            d = self.dominant
            lines.append(
                f"- dominant term: c n^{d['k']} λ^n, λ = {d['lambda']}, c = {d['c_decimal']}"
            )
        lines.append(
            f"- minimal recurrence: `{self.recurrence}` (order {self.recurrence_order}, "
            f"from n = {self.recurrence_valid_from})"
        )
        if self.closed_form_tex is not None:
            lines.append(
                f"- closed form (n ≥ {self.closed_form_valid_from}): ${self.closed_form_tex}$"
            )
        else:
            lines.append(
                f"- closed form (n ≥ {self.closed_form_valid_from}): `{self.closed_form}`"
            )
        return "\n".join(lines)


def growth(target: str, params: Params = None, digits: int = 30) -> Growth:
    """The growth of a target's count: dominant term, minimal recurrence with the n it holds
    from, closed form as text and LaTeX, the characteristic polynomial of the whole transfer
    system and its factors (``hanoilab charpoly`` and the report's growth pages).

    ``digits``: certified decimal digits of the dominant root and constant. Raises
    ``HanoilabError`` for a count without a transfer system (memoised per size).
    """
    d = _json.loads(_native.growth_json(target, _params(params), _n("digits", digits)))
    c = d["component"]
    return Growth(
        target=d["target"],
        component=c["name"],
        components=tuple(d["components"]),
        charpoly=d["charpoly"],
        charpoly_factored=d["charpoly_factored"],
        recurrence=c["recurrence"],
        recurrence_order=c["recurrence_order"],
        recurrence_factored=d["recurrence_factored"],
        recurrence_valid_from=d["recurrence_valid_from"],
        cofactor=c["cofactor"],
        closed_form=c["closed_form"],
        closed_form_valid_from=c["closed_form_valid_from"],
        closed_form_tex=c["closed_form_tex"],
        generating_function=c["generating_function"],
        dominant=c["dominant"],
        first_n=d["first_n"],
        first_terms=tuple(int(t) for t in c["first_terms"]),
        closed_form_terms=None
        if d["closed_form_terms"] is None
        else tuple(d["closed_form_terms"]),
    )


@dataclass(frozen=True)
class SearchResult:
    """An exhaustive breadth-first search: ``minimum`` (``None``: the goal is unreachable),
    states visited, layer sizes, whether the whole graph was explored, the number of optimal
    solutions (when counted), the state encoding and the wall-clock seconds."""

    target: str
    n: int
    minimum: Optional[int]
    states: int
    layers: Tuple[int, ...]
    complete: bool
    optimal_solutions: Optional[int]
    encoding: str
    seconds: float


def search(
    target: str,
    n: int,
    params: Params = None,
    count_solutions: bool = False,
    max_states: int = 1 << 24,
    memory_limit: int = 1 << 30,
) -> SearchResult:
    """The true optimum of the target's puzzle at ``n`` discs by exhaustive breadth-first
    search (``hanoilab search``), for small n.

    Refused before it starts (``HanoilabError``) when the puzzle's index space exceeds
    ``max_states`` or its memory estimate exceeds ``memory_limit`` bytes.
    ``count_solutions`` also counts the distinct optimal move sequences.
    """
    d = _native.search(
        target,
        _n("n", n),
        _params(params),
        bool(count_solutions),
        _n("max_states", max_states),
        _n("memory_limit", memory_limit),
    )
    d["layers"] = tuple(d["layers"])
    return SearchResult(**d)


def claims(variant: Optional[str] = None) -> List[Dict[str, Any]]:
    """The claims recorded from the literature, each checked (``hanoilab claims``): records
    with ``id``, ``document``, ``source``, ``statement``, ``variant``, ``kind``,
    ``verdict`` (``holds``, ``holds-in-range``, ``fails``, ``unchecked``, ...) and
    ``detail``, in file order. ``variant``: only the claims about this variant id or
    document (``lunnon``, ``stockmeyer``, ...)."""
    return _json.loads(_native.claims_json(variant))


def check(
    target: str, formula: str, n_range: NRange = (1, 30), params: Params = None
) -> Dict[str, Any]:
    """Checks a formula in n against a target's exact counts, n by n (``hanoilab check``).

    Returns ``{"verdict": "holds", "from": a, "to": b, "exact": bool}`` or
    ``{"verdict": "fails", "n": n, "printed": text, "actual": text}`` (the formula's value
    and the truth at the first n where they differ, as decimal texts).
    """
    first, last = _n_range(n_range)
    verdict, detail = _native.check(target, formula, first, last, _params(params))
    return {"verdict": verdict, **detail}


def frame_stewart(n: int, pegs: int) -> int:
    """The Frame–Stewart number for ``n`` discs on ``pegs`` pegs (OEIS A007664 for 4 pegs):
    the moves of the Frame–Stewart algorithm, optimal on 4 pegs (Bousch 2014)."""
    return _native.frame_stewart_number(_n("n", n), _n("pegs", pegs))


def frame_stewart_splits(n: int, pegs: int) -> List[int]:
    """Every split size k at which the Frame–Stewart recursion attains its minimum."""
    return _native.frame_stewart_splits(_n("n", n), _n("pegs", pegs))


def star(n: int) -> int:
    """Stockmeyer's star-puzzle number S(n) = 2 (a_1 + ... + a_n), a_m the 3-smooth numbers."""
    return _native.star_number(_n("n", n))


def star_split(n: int) -> int:
    """Stockmeyer's unique optimal split i = floor(log3 a_n) + 1 of the star puzzle."""
    return _native.star_split(_n("n", n))


def three_smooth(count: int) -> List[int]:
    """The first ``count`` 3-smooth numbers 2^i 3^j in increasing order (OEIS A003586)."""
    return _native.three_smooth_numbers(_n("count", count))


def cli_help(command: str) -> str:
    """The text of ``hanoilab COMMAND --help``."""
    return _native.cli_help(command)


class Plot:
    """A line plot drawn by the library's own renderer (the report's figures), shown inline
    in Jupyter through ``_repr_svg_`` (and ``_repr_png_``, the report's PNG drawing, for a
    front end that shows no SVG).

    >>> p = hanoilab.Plot("Classic", "n", "moves").log_y().counts(
    ...     "2^n - 1", [(n, hanoilab.count("classic", n)) for n in range(1, 11)])
    >>> p.to_svg().startswith("<svg")
    True

    Points are floats for the picture only; a count beyond the float range is drawn at
    infinity, that is left out.
    """

    def __init__(self, title: str, x_label: str, y_label: str) -> None:
        self.title = title
        self.x_label = x_label
        self.y_label = y_label
        self.log = False
        self.series: List[Tuple[str, List[Tuple[float, float]]]] = []

    def log_y(self) -> "Plot":
        """A logarithmic y axis."""
        self.log = True
        return self

    def line(self, name: str, points: Sequence[Tuple[float, float]]) -> "Plot":
        """Adds a line through ``points`` (x, y)."""
        self.series.append((name, [(float(x), float(y)) for x, y in points]))
        return self

    def counts(self, name: str, points: Sequence[Tuple[int, int]]) -> "Plot":
        """Adds a line through exact counts ``(n, a(n))``."""

        def as_float(a: int) -> float:
            try:
                return float(a)
            except OverflowError:
                return float("inf")

        return self.line(name, [(float(n), as_float(a)) for n, a in points])

    def to_svg(self) -> str:
        """The plot as an SVG document (deterministic: the same plot, the same bytes)."""
        return _native.plot_svg(self.title, self.x_label, self.y_label, self.series, self.log)

    def to_png(self) -> bytes:
        """The plot as a PNG image, drawn as the report draws its PNG charts (deterministic)."""
        return _native.plot_png(self.title, self.x_label, self.y_label, self.series, self.log)

    def _repr_svg_(self) -> str:
        return self.to_svg()

    def _repr_png_(self) -> bytes:
        return self.to_png()

    def __repr__(self) -> str:
        names = ", ".join(name for name, _ in self.series)
        return f"<hanoilab.Plot {self.title!r}: {names}>"


def _with_cli_help(function: Any, command: str) -> None:
    """Appends the command line's help to a docstring: ``help(hanoilab.table)`` says what
    ``hanoilab table --help`` says."""
    function.__doc__ = (
        _inspect.cleandoc(function.__doc__ or "")
        + "\n\nThe command line's help (``hanoilab "
        + command
        + " --help``). A keyword argument named as a flag means what the flag means;"
        + " ``--param K=V`` is ``params={K: V}`` and ``--n A..B`` is ``n_range``:\n\n"
        + _native.cli_help(command)
    )


for _function, _command in [
    (count, "nth"),
    (simulate, "simulate"),
    (table, "table"),
    (table_columns, "table"),
    (search, "search"),
    (claims, "claims"),
    (check, "check"),
]:
    _with_cli_help(_function, _command)
del _function, _command

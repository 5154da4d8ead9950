"""The numbers of data/tables, as each reader loads them with default options (polars and
pandas from the CSV, polars and pyarrow from the Parquet file), converted as
data/tables/README.md says (a `_decimal` column: `int` of its digits), against the same
numbers computed afresh by the package (the Rust library): counts, simulations, searches,
Frame–Stewart and star numbers."""

import math

import pytest

import hanoilab
import tables_spec as spec

READERS = ["polars-csv", "pandas-csv", "polars-parquet", "pyarrow-parquet"]


def _exact(v, decimal, marked):
    if v is None or (isinstance(v, float) and math.isnan(v)):
        return None
    if decimal:
        return int(v[:-1]) if marked else int(v)
    if isinstance(v, float) and v.is_integer():
        return int(v)  # pandas' integer column with gaps (at most 2^53: exact)
    return v


def load(reader, name):
    """`{logical column: [exact values]}` of data/tables/NAME as `reader` loads it with
    default options; a `NAME_decimal` column is given under `NAME`, as ints."""
    csv_path = spec.TABLES / f"{name}.csv"
    parquet_path = csv_path.with_suffix(".parquet")
    if reader == "polars-csv":
        pl = pytest.importorskip("polars")
        df = pl.read_csv(csv_path)
        columns = {c: df[c].to_list() for c in df.columns}
    elif reader == "pandas-csv":
        pd = pytest.importorskip("pandas")
        df = pd.read_csv(csv_path)
        columns = {c: df[c].tolist() for c in df.columns}
    elif reader == "polars-parquet":
        pl = pytest.importorskip("polars")
        df = pl.read_parquet(parquet_path)
        columns = {c: df[c].to_list() for c in df.columns}
    else:
        pq = pytest.importorskip("pyarrow.parquet")
        t = pq.read_table(parquet_path)
        columns = {c: t.column(c).to_pylist() for c in t.column_names}
    marked = reader.endswith("csv")
    out = {}
    for c, values in columns.items():
        decimal = c.endswith(spec.DECIMAL_SUFFIX)
        key = c[: -len(spec.DECIMAL_SUFFIX)] if decimal else c
        out[key] = [_exact(v, decimal, marked) for v in values]
    return out


def _rows(columns):
    names = list(columns)
    return [dict(zip(names, r)) for r in zip(*columns.values())]


VARIANTS = [v for v in hanoilab.variants() if (spec.TABLES / f"{v.id}.csv").exists()]


def default_function(variant):
    """The function a variant's headline numbers are about, as `hanoilab.resolve` names it."""
    return hanoilab.resolve(variant)[1]


def test_every_variant_has_its_table():
    assert len(VARIANTS) == len(hanoilab.variants())


@pytest.mark.parametrize("reader", READERS)
@pytest.mark.parametrize("variant", VARIANTS, ids=[v.id for v in VARIANTS])
def test_a_variants_table_holds_the_packages_counts(reader, variant):
    t = load(reader, variant.id)
    ns = t["n"]
    assert ns == list(range(ns[0], ns[-1] + 1))
    fresh = hanoilab.table_columns(variant.id, (ns[0], ns[-1]), simulate=False)
    for f in variant.functions:
        assert t[f.name] == fresh[f.name], (variant.id, f.name)
    (default,) = [c[len("simulated(") : -1] for c in t if c.startswith("simulated(")]
    assert default == default_function(variant.id)
    target = f"{variant.id}.{default}"
    simulated = t[f"simulated({default})"]
    optimum = t[f"optimum({default})"]
    solutions = t[f"optimal_solutions({default})"]
    for n, s, o, c in zip(ns, simulated, optimum, solutions):
        if s is not None and n <= 8:
            assert s == hanoilab.simulate(target, n), (target, n)
        if o is not None and n <= 4:
            r = hanoilab.search(target, n, count_solutions=c is not None)
            assert (o, c) == (r.minimum, r.optimal_solutions), (target, n)


@pytest.mark.parametrize("reader", READERS)
def test_frame_stewart_numbers(reader):
    t = load(reader, "frame-stewart")
    pegs = [int(c[1:]) for c in t if c != "n"]
    assert pegs == list(range(3, 21))
    rows = _rows(t)
    for row in rows[:40] + rows[40::97] + rows[-1:]:
        n = row["n"]
        for p in pegs:
            assert row[f"p{p}"] == hanoilab.frame_stewart(n, p), (n, p)
    # The decimal column holds the counts past 2^63 exactly: Lucas's 2^n - 1.
    assert t["p3"] == [2**n - 1 for n in t["n"]]


@pytest.mark.parametrize("reader", READERS)
def test_frame_stewart_splits(reader):
    rows = _rows(load(reader, "frame-stewart-splits"))
    for row in rows[::23]:
        n, p = row["n"], row["p"]
        assert row["T"] == hanoilab.frame_stewart(n, p)
        ks = hanoilab.frame_stewart_splits(n, p)
        assert (row["optimal_k_min"], row["optimal_k_max"], row["optimal_k_count"]) == (
            min(ks),
            max(ks),
            len(ks),
        ), (n, p)


@pytest.mark.parametrize("reader", READERS)
def test_star_numbers(reader):
    t = load(reader, "star-numbers")
    smooth = hanoilab.three_smooth(len(t["n"]))
    assert t["n"] == list(range(1, len(smooth) + 1))
    assert t["a_n"] == smooth
    # Stockmeyer: S(n) = 2 (a_1 + ... + a_n).
    sums = [2 * sum(smooth[:n]) for n in t["n"]]
    assert t["S"] == sums
    for row in _rows(t)[::37]:
        assert row["S"] == hanoilab.star(row["n"])
        assert row["optimal_i"] == hanoilab.star_split(row["n"])


@pytest.mark.parametrize("reader", READERS)
def test_reversi_frame_compares_with_the_reversi_counts(reader):
    t = load(reader, "reversi-frame")
    for f in ("H", "G"):
        assert t[f] == [hanoilab.count(f"reversi.{f}", n) for n in t["n"]]


@pytest.mark.parametrize("reader", READERS)
@pytest.mark.parametrize("name", ["optima", "search"])
def test_searched_tables_hold_the_algorithms_counts_and_the_optima(reader, name):
    for row in _rows(load(reader, name)):
        target = f"{row['variant']}.{row['function']}"
        assert row["algorithm"] == hanoilab.count(target, row["n"]), (target, row["n"])
        if row["n"] <= 3:
            r = hanoilab.search(
                target, row["n"], count_solutions=row["optimal_solutions"] is not None
            )
            assert row["optimum"] == r.minimum, (target, row["n"])
            assert row["optimal_solutions"] == r.optimal_solutions, (target, row["n"])


@pytest.mark.parametrize("reader", READERS)
def test_summary_booleans_and_counts(reader):
    t = load(reader, "summary")
    assert t["variant"] == [v.id for v in hanoilab.variants()]
    assert t["default_function"] == [default_function(v.id) for v in hanoilab.variants()]
    assert all(type(v) is bool for v in t["simulations_agree"])


@pytest.mark.parametrize("reader", READERS)
def test_search_records_keep_their_counts_exactly(reader):
    t = load(reader, "search-records")
    counts = [c for c in t["optimal_solutions"] if c is not None]
    assert counts and all(type(c) is int for c in counts)
    # The longest count in the records has hundreds of digits (cyclic4, domino).
    assert max(len(str(c)) for c in counts) > 300
    # A run that did not record its CPU time has no value there, in every reader.
    assert any(v is None for v in t["cpu_seconds"])

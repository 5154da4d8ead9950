"""Every committed CSV of data/tables loads in polars and in pandas with default options,
each column with the one type data/tables/README.md gives its kind, and every value each
reader returns is the exact value written in the file (read here as text with the csv
module, tables_spec.py)."""

import math

import pytest

import tables_spec as spec

TABLES = spec.csv_paths()


def _is_empty(value):
    return value is None or (isinstance(value, float) and math.isnan(value))


def _same_text(value, text):
    """A text field as a reader returned it: the text, or the number a reader made of it
    (a column of seconds)."""
    if isinstance(value, str):
        return value == text
    if isinstance(value, bool):
        return str(value).lower() == text
    return float(value) == float(text)


def test_there_are_tables():
    assert len(TABLES) > 20


@pytest.mark.parametrize("path", TABLES, ids=[p.name for p in TABLES])
def test_polars_reads_every_column_with_its_type_and_exact_values(path):
    pl = pytest.importorskip("polars")
    want = spec.table(path)
    _, rows = spec.read_text(path)
    df = pl.read_csv(path)
    assert df.columns == list(want)
    for j, (name, (kind, values)) in enumerate(want.items()):
        got = df[name].to_list()
        dtype = df.schema[name]
        if kind == "integer":
            assert dtype == pl.Int64 or all(v is None for v in values), (path.name, name, dtype)
            assert got == values, (path.name, name)
        elif kind == "decimal":
            assert dtype == pl.String, (path.name, name, dtype)
            assert [None if v is None else int(v[:-1]) for v in got] == values, (path.name, name)
        elif kind == "boolean":
            assert dtype == pl.Boolean, (path.name, name, dtype)
            assert got == values, (path.name, name)
        else:
            for v, row in zip(got, rows):
                text = row[j]
                assert (v is None) if text == "" else _same_text(v, text), (path.name, name, text, v)


@pytest.mark.parametrize("path", TABLES, ids=[p.name for p in TABLES])
def test_pandas_reads_every_column_with_its_type_and_exact_values(path):
    pd = pytest.importorskip("pandas")
    want = spec.table(path)
    _, rows = spec.read_text(path)
    df = pd.read_csv(path)
    assert list(df.columns) == list(want)
    for j, (name, (kind, values)) in enumerate(want.items()):
        got = df[name].tolist()
        dtype = df[name].dtype
        if kind == "integer":
            gaps = any(v is None for v in values)
            # pandas makes an integer column with gaps a float64 column; the writer keeps
            # such columns within 2^53, where every integer is a float.
            assert dtype == ("float64" if gaps else "int64"), (path.name, name, dtype)
            for v, w in zip(got, values):
                if w is None:
                    assert _is_empty(v), (path.name, name)
                else:
                    assert float(v).is_integer() and int(v) == w, (path.name, name, w, v)
        elif kind == "decimal":
            assert pd.api.types.is_string_dtype(dtype), (path.name, name, dtype)
            back = [None if _is_empty(v) else int(v[:-1]) for v in got]
            assert back == values, (path.name, name)
        elif kind == "boolean":
            assert dtype == "bool" or any(v is None for v in values), (path.name, name, dtype)
            assert [None if _is_empty(v) else bool(v) for v in got] == values, (path.name, name)
        else:
            for v, row in zip(got, rows):
                text = row[j]
                assert _is_empty(v) if text == "" else _same_text(v, text), (path.name, name, text, v)

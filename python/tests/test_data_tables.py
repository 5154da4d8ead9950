"""Every committed CSV of data/tables loads in polars and in pandas with default options,
and every integer each reader returns is the exact integer written in the file (read here
as text with the csv module)."""

import csv
import math
import pathlib
import re

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
TABLES = sorted((ROOT / "data" / "tables").glob("*.csv"))
INTEGER = re.compile(r"-?[0-9]+")

# polars infers a column's type from its first rows: where an unquoted integer column later
# holds a quoted integer past 15 digits (the CSV writer quotes those, src/output/table.rs),
# its default reader stops with "could not parse ... as dtype i64". Strict: the test fails
# once the writer gives these files one type per column, and the mark must go.
POLARS_MIXED = {"frame-stewart.csv", "optima.csv", "search-records.csv"}


def _text_rows(path):
    with path.open(newline="") as f:
        rows = list(csv.reader(f))
    return rows[0], rows[1:]


def _same_integer(value, text):
    """Whether a reader's value is exactly the integer `text`."""
    want = int(text)
    if isinstance(value, str):
        return INTEGER.fullmatch(value) is not None and int(value) == want
    if isinstance(value, float):
        # A float column (pandas, for an integer column with empty cells) is exact only
        # where the integer is; the writer keeps unquoted integers to 15 digits for that.
        return math.isfinite(value) and value.is_integer() and int(value) == want
    return int(value) == want


def _is_empty(value):
    return value is None or (isinstance(value, float) and math.isnan(value))


def test_there_are_tables():
    assert len(TABLES) > 20


@pytest.mark.parametrize("path", TABLES, ids=[p.name for p in TABLES])
def test_polars_reads_every_integer_exactly(path, request):
    pl = pytest.importorskip("polars")
    if path.name in POLARS_MIXED:
        request.applymarker(
            pytest.mark.xfail(reason="quoted and unquoted integers share a column", strict=True)
        )
    header, rows = _text_rows(path)
    df = pl.read_csv(path)
    assert df.columns == header
    for j, name in enumerate(header):
        values = df[name].to_list()
        for value, row in zip(values, rows):
            text = row[j]
            if text == "":
                assert _is_empty(value) or value == "", (path.name, name)
            elif INTEGER.fullmatch(text):
                assert _same_integer(value, text), (path.name, name, text, value)


@pytest.mark.parametrize("path", TABLES, ids=[p.name for p in TABLES])
def test_pandas_reads_every_integer_exactly(path):
    pd = pytest.importorskip("pandas")
    header, rows = _text_rows(path)
    df = pd.read_csv(path)
    assert list(df.columns) == header
    for j, name in enumerate(header):
        for value, row in zip(df[name].tolist(), rows):
            text = row[j]
            if text == "":
                assert _is_empty(value), (path.name, name)
            elif INTEGER.fullmatch(text):
                assert _same_integer(value, text), (path.name, name, text, value)

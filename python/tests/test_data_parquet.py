"""Every committed Parquet file of data/tables read by polars and by pyarrow holds the same
columns and values as its CSV twin (the CSV read as text with the csv module): integers
exactly, texts as written, nulls where the CSV is empty."""

import csv
import pathlib
import re

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
PARQUET = sorted((ROOT / "data" / "tables").glob("*.parquet"))
INTEGER = re.compile(r"-?[0-9]+")

# The search records' empty cells in text columns (`cpu_seconds` of a run that did not
# record it) are written as empty strings where data/tables/README.md promises nulls.
# Strict: the test fails once they are nulls, and the mark must go.
EMPTY_AS_TEXT = {"search-records.parquet"}


def _csv(path):
    with path.with_suffix(".csv").open(newline="") as f:
        rows = list(csv.reader(f))
    return rows[0], rows[1:]


def _agrees(value, text):
    if text == "":
        return value is None
    if isinstance(value, bool):
        return str(value).lower() == text
    if isinstance(value, int):
        return INTEGER.fullmatch(text) is not None and value == int(text)
    if isinstance(value, str):
        return value == text
    return str(value) == text


def _check(name, columns, values_of, header, rows):
    assert columns == header, name
    for j, column in enumerate(header):
        values = values_of(column)
        assert len(values) == len(rows), (name, column)
        for value, row in zip(values, rows):
            assert _agrees(value, row[j]), (name, column, row[j], value)


def _known(path, request):
    if path.name in EMPTY_AS_TEXT:
        request.applymarker(
            pytest.mark.xfail(reason="empty text cells stored as '', not null", strict=True)
        )


def test_every_parquet_file_has_its_csv():
    assert len(PARQUET) > 20
    for path in PARQUET:
        assert path.with_suffix(".csv").exists(), path.name


@pytest.mark.parametrize("path", PARQUET, ids=[p.name for p in PARQUET])
def test_polars_reads_the_csvs_values(path, request):
    pl = pytest.importorskip("polars")
    _known(path, request)
    df = pl.read_parquet(path)
    header, rows = _csv(path)
    _check(path.name, df.columns, lambda c: df[c].to_list(), header, rows)


@pytest.mark.parametrize("path", PARQUET, ids=[p.name for p in PARQUET])
def test_pyarrow_reads_the_csvs_values(path, request):
    pq = pytest.importorskip("pyarrow.parquet")
    _known(path, request)
    table = pq.read_table(path)
    header, rows = _csv(path)
    _check(path.name, table.column_names, lambda c: table.column(c).to_pylist(), header, rows)

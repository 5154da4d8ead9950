"""What data/tables/README.md promises about a table's columns, read from the CSV text with
the standard library only: each column's kind and its exact values. The tests read the
same files with polars, pandas and pyarrow and hold them against this."""

import csv
import pathlib
import re

ROOT = pathlib.Path(__file__).resolve().parents[2]
TABLES = ROOT / "data" / "tables"
INTEGER = re.compile(r"-?[0-9]+")
DECIMAL_VALUE = re.compile(r"-?[0-9]+n")
DECIMAL_SUFFIX = "_decimal"
INT64 = (-(2**63), 2**63 - 1)
FLOAT_EXACT = 2**53


def csv_paths():
    return sorted(TABLES.glob("*.csv"))


def parquet_paths():
    return sorted(TABLES.glob("*.parquet"))


def read_text(path):
    """The header and the rows of a CSV, every field as text."""
    with path.open(newline="") as f:
        rows = list(csv.reader(f))
    return rows[0], rows[1:]


def column_kind(name, texts):
    """`integer`, `decimal`, `boolean` or `text`, checked against the README's rules: a
    `_decimal` column holds nothing but marked integers, an integer column only integers a
    64-bit integer (with gaps: a float) holds exactly."""
    present = [t for t in texts if t != ""]
    if name.endswith(DECIMAL_SUFFIX):
        assert all(DECIMAL_VALUE.fullmatch(t) for t in present), name
        return "decimal"
    assert not any(DECIMAL_VALUE.fullmatch(t) for t in present), name
    if all(INTEGER.fullmatch(t) for t in present):
        gaps = len(present) < len(texts)
        low, high = (-FLOAT_EXACT, FLOAT_EXACT) if gaps else INT64
        assert all(low <= int(t) <= high for t in present), (name, "belongs in a _decimal column")
        return "integer"
    if present and all(t in ("true", "false") for t in present):
        return "boolean"
    return "text"


def value(kind, text):
    """The exact value of one CSV field of a column of `kind` (None: no value)."""
    if text == "":
        return None
    if kind == "integer":
        return int(text)
    if kind == "decimal":
        return int(text[:-1])
    if kind == "boolean":
        return text == "true"
    return text


def table(path):
    """`{column: (kind, [exact values])}` of a CSV, in the file's column order."""
    header, rows = read_text(path)
    out = {}
    for j, name in enumerate(header):
        texts = [r[j] for r in rows]
        kind = column_kind(name, texts)
        out[name] = (kind, [value(kind, t) for t in texts])
    return out

"""Every committed Parquet file of data/tables, read by polars and by pyarrow, has its CSV
twin's columns, typed by their kind (data/tables/README.md): integers `Int64`, `_decimal`
columns strings of bare decimal digits, booleans `Boolean`, texts strings, empty cells
null; and the same exact values."""

import pytest

import tables_spec as spec

PARQUET = spec.parquet_paths()


def test_every_parquet_file_has_its_csv():
    assert len(PARQUET) > 20
    for path in PARQUET:
        assert path.with_suffix(".csv").exists(), path.name


def _check_values(name, kind, got, values):
    if kind == "decimal":
        assert all(v is None or spec.INTEGER.fullmatch(v) for v in got), name
        got = [None if v is None else int(v) for v in got]
    assert got == values, name


@pytest.mark.parametrize("path", PARQUET, ids=[p.name for p in PARQUET])
def test_polars_reads_the_csvs_columns_types_and_values(path):
    pl = pytest.importorskip("polars")
    want = spec.table(path.with_suffix(".csv"))
    df = pl.read_parquet(path)
    assert df.columns == list(want)
    dtype_of = {"integer": pl.Int64, "decimal": pl.String, "boolean": pl.Boolean, "text": pl.String}
    for name, (kind, values) in want.items():
        assert df.schema[name] == dtype_of[kind], (path.name, name, df.schema[name])
        _check_values((path.name, name), kind, df[name].to_list(), values)


@pytest.mark.parametrize("path", PARQUET, ids=[p.name for p in PARQUET])
def test_pyarrow_reads_the_csvs_columns_types_and_values(path):
    pa = pytest.importorskip("pyarrow")
    pq = pytest.importorskip("pyarrow.parquet")
    want = spec.table(path.with_suffix(".csv"))
    table = pq.read_table(path)
    assert table.column_names == list(want)

    def is_string(t):
        return pa.types.is_string(t) or pa.types.is_large_string(t) or pa.types.is_string_view(t)

    type_of = {
        "integer": lambda t: t == pa.int64(),
        "decimal": is_string,
        "boolean": pa.types.is_boolean,
        "text": is_string,
    }
    for name, (kind, values) in want.items():
        column = table.column(name)
        assert type_of[kind](column.type), (path.name, name, column.type)
        _check_values((path.name, name), kind, column.to_pylist(), values)

"""`table` as a polars DataFrame: one type per column, exact values."""

import pytest

import hanoilab

pl = pytest.importorskip("polars")


def test_small_counts_are_int64_columns():
    df = hanoilab.table("antwerp.T33", range(1, 21))
    assert df.columns == ["n", "T33", "simulated(T33)", "optimum(T33)"]
    assert df.schema["n"] == pl.Int64
    assert df.schema["T33"] == pl.Int64
    assert df["n"].to_list() == list(range(1, 21))
    # Lunnon's T33(n) = 12 * 2^n - 8n - 10 (n > 1).
    assert df["T33"].to_list()[1:] == [12 * 2**n - 8 * n - 10 for n in range(2, 21)]
    assert df["simulated(T33)"].to_list() == df["T33"].to_list()


def test_counts_beyond_int64_are_a_decimal_string_column():
    df = hanoilab.table("classic", (60, 70), simulate=False)
    assert "T_decimal" in df.columns and "T" not in df.columns
    assert df.schema["T_decimal"] == pl.String
    # Lucas: 2^n - 1, read back exactly with int().
    assert [int(x) for x in df["T_decimal"]] == [2**n - 1 for n in range(60, 71)]
    # No simulation asked: no simulated column (as `hanoilab table --no-simulate`).
    assert not any(c.startswith("simulated") for c in df.columns)


def test_range_forms_agree():
    a = hanoilab.table_columns("cyclic", range(3, 9))
    assert a == hanoilab.table_columns("cyclic", (3, 8))
    assert a == hanoilab.table_columns("cyclic", "3..8")
    assert a["n"] == list(range(3, 9))


def test_without_polars_a_dict_of_columns(monkeypatch):
    import builtins

    real_import = builtins.__import__

    def no_polars(name, *args, **kwargs):
        if name == "polars":
            raise ImportError("polars hidden by the test")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_polars)
    t = hanoilab.table("classic", (1, 5), simulate=False)
    assert isinstance(t, dict)
    assert t["T"] == [1, 3, 7, 15, 31]


def test_table_json_read_by_pandas_as_documented_keeps_every_digit(cli):
    # docs/json.md: pandas' read_json makes numbers of digit strings unless dtype=False;
    # with dtype=False, or a frame built from the parsed rows, the counts stay exact.
    import io
    import json

    pd = pytest.importorskip("pandas")
    run = cli("table", "rainbow.DDD", "--n", "78..80", "--format", "json")
    assert run.returncode == 0, run.stderr
    rows = json.loads(run.stdout)["rows"]
    want = [hanoilab.count("rainbow.DDD", n) for n in range(78, 81)]
    assert want[-1] > 2**63
    for df in [
        pd.DataFrame(rows),
        pd.read_json(io.StringIO(json.dumps(rows)), dtype=False),
    ]:
        assert [int(v) for v in df["DDD"]] == want
    # What the documentation warns of: the default read rounds the count past 2^63.
    coerced = pd.read_json(io.StringIO(json.dumps(rows)))
    assert coerced["DDD"].dtype == "float64"
    assert int(coerced["DDD"].iloc[-1]) != want[-1]


def test_table_csv_of_the_command_line_loads_exactly_in_polars_and_pandas(cli):
    import io

    pd = pytest.importorskip("pandas")
    run = cli("table", "classic", "--n", "60..70", "--format", "csv")
    assert run.returncode == 0, run.stderr
    # Lucas: 2^n - 1; from n = 63 past Int64, so the column is `T_decimal`, as in the
    # package's DataFrame, its CSV values digits followed by `n`.
    want = [2**n - 1 for n in range(60, 71)]
    df = pl.read_csv(io.StringIO(run.stdout))
    assert df.schema["T_decimal"] == pl.String
    assert [int(v[:-1]) for v in df["T_decimal"]] == want
    assert df.schema["n"] == pl.Int64
    frame = pd.read_csv(io.StringIO(run.stdout))
    assert [int(v[:-1]) for v in frame["T_decimal"]] == want
    assert hanoilab.table("classic", (60, 70), simulate=False).columns[:2] == df.columns[:2]

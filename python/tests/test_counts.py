"""Exact counts: the package against the command line's `nth` and `table`, and against
formulas from the literature evaluated here in Python."""

import pytest

import hanoilab


def test_classic_is_two_to_the_n_minus_one_exactly():
    # Lucas (1883): the classic tower of n discs takes 2^n - 1 moves.
    for n in [1, 2, 10, 63, 64, 65, 200]:
        value = hanoilab.count("classic", n)
        assert type(value) is int
        assert value == 2**n - 1


def test_antwerp_t33_is_lunnons_formula_from_n_2():
    # Lunnon, "The Tower of Hanoi and Variations": T33(n) = 12 * 2^n - 8n - 10 for n > 1,
    # and T33(1) = 5 (the large disc moves twice).
    for n in range(2, 60):
        assert hanoilab.count("antwerp.T33", n) == 12 * 2**n - 8 * n - 10
    assert hanoilab.count("antwerp.T33", 1) == 5


def test_cyclic_is_the_surd_closed_form():
    # Atkinson (1981) / Lunnon: A(n) = ((1+sqrt3)^(n+2) - (1-sqrt3)^(n+2)) / (4 sqrt3) - 1.
    # With u(m) = ((1+sqrt3)^m - (1-sqrt3)^m) / (2 sqrt3), an integer sequence with
    # u(0) = 0, u(1) = 1, u(m) = 2u(m-1) + 2u(m-2): A(n) = u(n+2)/2 - 1.
    u = [0, 1]
    while len(u) < 103:
        u.append(2 * u[-1] + 2 * u[-2])
    for n in range(1, 101):
        assert u[n + 2] % 2 == 0
        assert hanoilab.count("cyclic.A", n) == u[n + 2] // 2 - 1


def test_reves_puzzle_has_the_printed_frame_stewart_numbers():
    # Dudeney (1907): 21 cheeses on four stools in 321 moves; Stockmeyer: M(100) = 172,033.
    assert hanoilab.count("reves", 21) == 321
    assert hanoilab.frame_stewart(21, 4) == 321
    assert hanoilab.frame_stewart(100, 4) == 172033
    # The variant's recursion program and the sequence module agree.
    for n in range(1, 40):
        assert hanoilab.count("reves", n) == hanoilab.frame_stewart(n, 4)


def test_star_numbers_from_three_smooth_numbers_computed_here():
    # Stockmeyer (1994): S(n) = 2 (a_1 + ... + a_n), a_m the 3-smooth numbers in order.
    smooth = sorted(2**i * 3**j for i in range(40) for j in range(26))
    assert hanoilab.three_smooth(30) == smooth[:30]
    for n in range(1, 60):
        assert hanoilab.star(n) == 2 * sum(smooth[:n])
        assert hanoilab.count("star", n) == hanoilab.star(n)


def test_many_pin_takes_its_pin_parameter():
    for p in [3, 4, 5, 6]:
        for n in range(1, 20):
            assert hanoilab.count("many-pin", n, {"p": p}) == hanoilab.frame_stewart(n, p)


def test_simulation_plays_as_many_moves_as_the_count():
    for target in ["classic", "rainbow.DDD", "cyclic.A", "antwerp.T33"]:
        for n in range(1, 7):
            assert hanoilab.simulate(target, n) == hanoilab.count(target, n)


NTH_CASES = [
    ("classic", 100, None),
    ("rainbow.DDD", 80, None),
    ("rainbow.CDC", 30, None),
    ("antwerp.T33", 50, None),
    ("cyclic.C", 120, None),
    ("turtle", 12, None),
    ("domino", 15, None),
    ("many-pin", 40, {"p": 6}),
    ("star", 200, None),
    ("Reversi_A", 20, None),
]


@pytest.mark.parametrize("target,n,params", NTH_CASES)
def test_count_is_what_the_command_line_prints(cli, target, n, params):
    args = ["nth", target, str(n)]
    for k, v in (params or {}).items():
        args += ["--param", f"{k}={v}"]
    run = cli(*args)
    assert run.returncode == 0, run.stderr
    assert hanoilab.count(target, n, params) == int(run.stdout.strip())


@pytest.mark.parametrize(
    "target,first,last",
    [("rainbow", 1, 12), ("antwerp.T33", 1, 12), ("classic", 1, 12), ("classic", 90, 110)],
)
def test_table_columns_are_the_command_lines_table(cli, target, first, last):
    run = cli("table", target, "--n", f"{first}..{last}", "--format", "csv")
    assert run.returncode == 0, run.stderr
    lines = run.stdout.strip().splitlines()
    header = lines[0].split(",")
    columns = hanoilab.table_columns(target, (first, last))
    # A column of counts past Int64 is `NAME_decimal` in CSV, each value marked with `n`
    # (data/tables/README.md), as `hanoilab.table` names it.
    decimal = [h.endswith("_decimal") for h in header]
    assert list(columns) == [h.removesuffix("_decimal") for h in header]
    assert any(decimal) == (target == "classic" and last >= 63)
    for i, line in enumerate(lines[1:]):
        cells = [c[:-1] if d and c else c for c, d in zip(line.split(","), decimal)]
        row = [columns[name][i] for name in columns]
        assert [("" if v is None else str(v)) for v in row] == cells


def test_variants_are_the_command_lines_list(cli):
    run = cli("list", "--format", "csv")
    assert run.returncode == 0, run.stderr
    ids = [line.split(",")[0].strip('"') for line in run.stdout.strip().splitlines()[1:]]
    listed = hanoilab.variants()
    assert [v.id for v in listed] == ids
    rainbow = next(v for v in listed if v.id == "rainbow")
    assert "DDD" in [f.name for f in rainbow.functions]
    assert next(v for v in listed if v.id == "many-pin").parameters == {"p": 5}

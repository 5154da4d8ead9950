"""growth, search, claims, check and plots."""

import hanoilab


def test_classic_growth_is_two_to_the_n():
    g = hanoilab.growth("classic")
    # 2^n - 1: dominant root 2 and constant 1, exactly.
    assert g.dominant["lambda"] == "2"
    assert g.dominant["c_exact"] == "1"
    assert g.dominant["k"] == 0
    assert g.recurrence_order == 2
    assert list(g.first_terms) == [hanoilab.count("classic", g.first_n + i) for i in range(len(g.first_terms))]


def test_rainbow_growth_is_lunnons():
    # Lunnon: DDD(n) ~ 0.6576 x 2.3117...^n (c printed rounded to 4 places), and DDD's
    # minimal recurrence has order 10.
    g = hanoilab.growth("rainbow.DDD", digits=20)
    assert g.component == "DDD"
    assert g.dominant["lambda"].startswith("2.3117")
    assert round(float(g.dominant["c_decimal"]), 4) == 0.6576
    assert g.recurrence_order == 10
    assert g.recurrence_valid_from is not None
    assert "DDD" in g.components


def test_cyclic_closed_form_has_latex_and_holds():
    g = hanoilab.growth("cyclic.A")
    assert g.closed_form_tex is not None and "sqrt" in g.closed_form_tex
    assert "$" in g._repr_markdown_()
    # The closed form's own text, checked by the formula checker against the counts.
    r = hanoilab.check("cyclic.A", g.closed_form, (g.closed_form_valid_from, 60))
    assert r["verdict"] == "holds", r


def test_search_finds_the_optimum_for_small_n():
    # Classic: 2^n - 1 (Lucas); four pegs: 1, 3, 5, 9, 13 (OEIS A007664).
    for n in range(1, 7):
        r = hanoilab.search("classic", n)
        assert r.minimum == 2**n - 1
    assert [hanoilab.search("reves", n).minimum for n in range(1, 6)] == [1, 3, 5, 9, 13]
    r = hanoilab.search("classic", 5, count_solutions=True)
    assert r.optimal_solutions == 1
    assert sum(r.layers) <= r.states


def test_claims_are_records_with_verdicts(cli):
    claims = hanoilab.claims()
    assert len(claims) > 50
    assert all({"id", "statement", "verdict", "detail"} <= set(c) for c in claims)
    assert any(c["verdict"] == "fails" for c in claims)
    import json

    run = cli("claims", "--format", "json", "--no-fail-exit")
    assert run.returncode == 0, run.stderr
    rows = json.loads(run.stdout)["rows"]
    assert [(r["id"], r["verdict"]) for r in rows] == [(c["id"], c["verdict"]) for c in claims]
    lunnon = hanoilab.claims("antwerp")
    assert lunnon and all("antwerp" in (c.get("variant") or "") or c.get("names") for c in lunnon)


def test_check_reports_the_first_failure():
    r = hanoilab.check("antwerp.T33", "12*2^n - 8*n - 10", (1, 50))
    # T33(1) = 5 while the formula gives 12*2 - 8 - 10 = 6.
    assert r == {"verdict": "fails", "n": 1, "printed": "6", "actual": "5"}


def test_plot_is_an_svg_drawn_by_the_library():
    p = hanoilab.Plot("Classic", "n", "moves").log_y().counts(
        "2^n - 1", [(n, hanoilab.count("classic", n)) for n in range(1, 30)]
    )
    svg = p._repr_svg_()
    assert svg.startswith("<svg") and svg.rstrip().endswith("</svg>")
    assert svg == p.to_svg()


def test_plot_is_a_png_drawn_by_the_reports_renderer():
    import re
    import struct
    import zlib

    p = hanoilab.Plot("Classic", "n", "moves").log_y().counts(
        "2^n - 1", [(n, hanoilab.count("classic", n)) for n in range(1, 30)]
    )
    png = p._repr_png_()
    assert png == p.to_png(), "deterministic"
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    # The PNG is the SVG's drawing at twice its size in pixels (the report's 2x PNGs), and
    # not blank.
    width, height = struct.unpack(">II", png[16:24])
    svg = p.to_svg()
    w, h = re.search(r'width="(\d+)" height="(\d+)"', svg).groups()
    assert (width, height) == (2 * int(w), 2 * int(h))
    chunks, at = [], 8
    while at < len(png):
        (length,) = struct.unpack(">I", png[at : at + 4])
        chunks.append((png[at + 4 : at + 8], png[at + 8 : at + 8 + length]))
        at += 12 + length
    pixels = zlib.decompress(b"".join(data for kind, data in chunks if kind == b"IDAT"))
    assert len(set(pixels)) > 10


def test_closed_forms_as_sympy_expressions_give_the_exact_counts():
    sympy = __import__("pytest").importorskip("sympy")
    n = sympy.Symbol("n", integer=True, nonnegative=True)
    # Lunnon, "The Tower of Hanoi and Variations": T33(n) = 12 * 2^n - 8n - 10 for n > 1.
    g = hanoilab.growth("antwerp.T33")
    assert sympy.simplify(g.closed_form_sympy(n) - (12 * 2**n - 8 * n - 10)) == 0
    # Rational roots, quadratic ones (1 +- sqrt 3, +- sqrt 3) and (-1)^n: the expression at n, expanded,
    # is the exact count.
    for target in ["classic", "antwerp.T33", "cyclic.A", "lundon.Lundon", "checkers.P", "reversi.H", "four-in-a-row.R"]:
        g = hanoilab.growth(target)
        expr = g.closed_form_sympy()
        symbol = next(iter(expr.free_symbols))
        for k in range(g.closed_form_valid_from, g.closed_form_valid_from + 25):
            value = sympy.expand(expr.subs(symbol, k))
            assert value.is_Integer, (target, k, value)
            assert int(value) == hanoilab.count(target, k), (target, k)


def test_sympy_is_asked_for_only_when_used(monkeypatch):
    import builtins

    import pytest

    g = hanoilab.growth("classic")
    real_import = builtins.__import__

    def no_sympy(name, *args, **kwargs):
        if name == "sympy" or name.startswith("sympy."):
            raise ImportError("sympy hidden by the test")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_sympy)
    with pytest.raises(ImportError, match="pip install sympy"):
        g.closed_form_sympy()


def test_a_closed_form_without_radical_roots_has_no_sympy_expression():
    import pytest

    pytest.importorskip("sympy")
    g = hanoilab.growth("rainbow.DDD")
    assert g.closed_form_terms is None and g.closed_form_tex is None
    with pytest.raises(hanoilab.HanoilabError, match="no SymPy expression"):
        g.closed_form_sympy()

"""The package itself: help texts, stubs, and what importing it loads."""

import pathlib
import subprocess
import sys

import hanoilab

PACKAGE = pathlib.Path(hanoilab.__file__).parent


def test_help_of_table_says_what_the_command_lines_help_says(cli):
    run = cli("table", "--help")
    assert run.returncode == 0
    assert hanoilab.cli_help("table").strip() == run.stdout.strip()
    assert run.stdout.strip() in hanoilab.table.__doc__
    for function, command in [(hanoilab.count, "nth"), (hanoilab.search, "search")]:
        assert cli(command, "--help").stdout.strip() in function.__doc__


def test_stubs_and_marker_are_installed():
    assert (PACKAGE / "py.typed").exists()
    stub = (PACKAGE / "__init__.pyi").read_text()
    for name in hanoilab.__all__:
        assert name in stub, f"{name} missing from the stub"


def test_import_loads_no_dataframe_library():
    # What keeps `import hanoilab` fast: polars, pandas and pyarrow load only when a table
    # is asked for.
    code = "import sys, hanoilab; print(sorted(m for m in ('polars', 'pandas', 'pyarrow') if m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"

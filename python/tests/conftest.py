"""Shared fixtures: the command-line binary the package is compared with."""

import os
import pathlib
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]


def _binary():
    named = os.environ.get("HANOILAB_BIN")
    if named:
        return pathlib.Path(named)
    for profile in ("release", "debug"):
        path = ROOT / "target" / profile / "hanoilab"
        if path.exists():
            return path
    return None


@pytest.fixture(scope="session")
def cli():
    """Runs `hanoilab ARGS...` (the binary of `cargo build`, or $HANOILAB_BIN) and returns
    the completed process; the tests that need it are skipped when there is no binary."""
    binary = _binary()
    if binary is None:
        pytest.skip("no hanoilab binary: run `cargo build --release` or set HANOILAB_BIN")

    def run(*args):
        return subprocess.run(
            [str(binary), *args], capture_output=True, text=True, cwd=ROOT, timeout=600
        )

    return run

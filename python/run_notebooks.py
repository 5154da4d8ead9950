#!/usr/bin/env python3
"""Executes the tutorial notebooks (notebooks/*.ipynb) from a clean Python kernel and
compares what they print and show with the outputs saved in the committed files.

    python python/run_notebooks.py            fail (exit status 1) when a committed notebook's
                                              outputs differ from a fresh run's
    python python/run_notebooks.py --write    save the fresh run's outputs into the notebooks

Each notebook runs with nbclient in the notebooks folder, on the kernel ``python3`` of the
interpreter running this script (ipykernel), with the installed ``hanoilab`` package. The
comparison is of every cell's source, outputs and execution count. Normalised before it,
in both: memory addresses (``0x7f...``), and the metadata Jupyter and nbclient add that
is not output (timings, the kernel's language version). The notebooks must have cell ids
(nbformat 4.5); a cell without one is an error.
"""

from __future__ import annotations

import argparse
import copy
import difflib
import json
import pathlib
import re
import sys

import nbformat
from nbclient import NotebookClient

ROOT = pathlib.Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
TIMEOUT_SECONDS = 600

_ADDRESS = re.compile(r"0x[0-9a-fA-F]{6,16}")


def _normalise_text(text: str) -> str:
    return _ADDRESS.sub("0x...", text)


def _normalise_output(output: dict) -> dict:
    out = {"output_type": output["output_type"]}
    if "name" in output:
        out["name"] = output["name"]
    if "text" in output:
        text = output["text"]
        out["text"] = _normalise_text("".join(text) if isinstance(text, list) else text)
    if "data" in output:
        data = {}
        for mime, value in output["data"].items():
            value = "".join(value) if isinstance(value, list) else value
            data[mime] = _normalise_text(value) if isinstance(value, str) else value
        out["data"] = data
    if output["output_type"] == "execute_result":
        out["execution_count"] = output.get("execution_count")
    if output["output_type"] == "error":
        out["ename"] = output.get("ename")
        out["evalue"] = _normalise_text(output.get("evalue", ""))
    return out


def comparable(nb: nbformat.NotebookNode) -> list:
    """The parts of a notebook a fresh run must reproduce, normalised."""
    cells = []
    for cell in nb.cells:
        entry = {"id": cell.get("id"), "cell_type": cell.cell_type, "source": cell.source}
        if cell.cell_type == "code":
            entry["execution_count"] = cell.get("execution_count")
            entry["outputs"] = [_normalise_output(o) for o in cell.get("outputs", [])]
        cells.append(entry)
    return cells


def check_structure(path: pathlib.Path, nb: nbformat.NotebookNode) -> list:
    problems = []
    if (nb.nbformat, nb.nbformat_minor) < (4, 5):
        problems.append(f"{path.name}: nbformat {nb.nbformat}.{nb.nbformat_minor}, not 4.5")
    for i, cell in enumerate(nb.cells, 1):
        if not cell.get("id"):
            problems.append(f"{path.name}: cell {i} has no id")
    ids = [c.get("id") for c in nb.cells]
    if len(set(ids)) != len(ids):
        problems.append(f"{path.name}: cell ids repeat")
    kernel = nb.metadata.get("kernelspec", {}).get("name")
    if kernel != "python3":
        problems.append(f"{path.name}: kernel {kernel!r}, not python3")
    return problems


def execute(nb: nbformat.NotebookNode) -> nbformat.NotebookNode:
    """A copy of the notebook, outputs cleared, run from a clean kernel."""
    fresh = copy.deepcopy(nb)
    for cell in fresh.cells:
        if cell.cell_type == "code":
            cell.outputs = []
            cell.execution_count = None
            cell.metadata.pop("execution", None)
    client = NotebookClient(
        fresh,
        timeout=TIMEOUT_SECONDS,
        kernel_name="python3",
        resources={"metadata": {"path": str(NOTEBOOKS)}},
        record_timing=False,
        allow_errors=False,
    )
    client.execute()
    # What the kernel reports of itself (its exact Python version) is no output.
    fresh.metadata = copy.deepcopy(nb.metadata)
    return fresh


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--write", action="store_true", help="save the fresh outputs")
    parser.add_argument("names", nargs="*", help="notebook names (default: all)")
    args = parser.parse_args()
    paths = sorted(NOTEBOOKS.glob("*.ipynb"))
    if args.names:
        paths = [p for p in paths if p.stem in args.names or p.name in args.names]
    if not paths:
        print("no notebooks found", file=sys.stderr)
        return 1
    failed = False
    for path in paths:
        committed = nbformat.read(path, as_version=4)
        problems = check_structure(path, committed)
        if problems:
            print("\n".join(problems), file=sys.stderr)
            failed = True
            continue
        nbformat.validate(committed)
        fresh = execute(committed)
        if args.write:
            nbformat.write(fresh, path)
            print(f"{path.relative_to(ROOT)}: written from a fresh run")
            continue
        want = json.dumps(comparable(committed), indent=1, sort_keys=True).splitlines()
        got = json.dumps(comparable(fresh), indent=1, sort_keys=True).splitlines()
        if want != got:
            failed = True
            diff = difflib.unified_diff(want, got, "committed", "fresh run", lineterm="", n=2)
            print(f"{path.relative_to(ROOT)}: the committed outputs differ from a fresh run:")
            print("\n".join(list(diff)[:80]))
            print(f"(rerun with: python python/run_notebooks.py --write {path.stem})")
        else:
            print(f"{path.relative_to(ROOT)}: the fresh run matches the committed outputs")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Builds the Jupyter notebooks in this folder from the examples they mirror.

Each notebook `NAME.ipynb` mirrors `examples/NAME.rs`. In the example, cells are separated by
comment lines:

    // %% md
    // Markdown text, one `// ` prefix per line
    // %% code
    let x = ...;            // Rust statements, run in order inside main()

and the example prints `\\x1e<k>` (an ASCII record separator and the cell number) before running
code cell k, so the output of each cell can be attached to it. The notebooks use the evcxr
Rust kernel (`:dep hanoilab = { path = ".." }` in the first cell); their saved outputs come
from `cargo run --example NAME`, which CI also runs, so a notebook whose code no longer
compiles or runs fails the build.

Usage: python3 notebooks/build_notebooks.py   (from the repository root)
"""
import json
import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
NOTEBOOKS = ["nb1_rainbow", "nb2_checking_claims", "nb3_frame_stewart_star"]


def cells_of(source: str):
    cells, kind, lines = [], None, []
    body = source.split("fn main()", 1)[1] if "fn main()" in source else source
    for line in body.splitlines():
        s = line.strip()
        if s.startswith("// %%"):
            if kind is not None:
                cells.append((kind, lines))
            kind, lines = ("md" if "md" in s else "code"), []
            continue
        if kind is None:
            continue
        if s.startswith("cell(") or s == "}" and kind == "code" and not lines:
            continue
        lines.append(line)
    if kind is not None:
        cells.append((kind, lines))
    out = []
    for idx, (kind, lines) in enumerate(cells):
        if kind == "md":
            text = "\n".join(l.strip()[3:] if l.strip().startswith("// ") else l.strip()[2:] for l in lines)
        else:
            code = [l for l in lines if not l.strip().startswith("cell(")]
            while code and code[-1].strip() == "":
                code.pop()
            # The last cell ends with main's closing brace, which is not part of the cell.
            if idx == len(cells) - 1 and code and code[-1].strip() == "}":
                code.pop()
            import textwrap
            text = textwrap.dedent("\n".join(code)).strip("\n")
        out.append((kind, text.strip("\n")))
    return out


def main() -> int:
    for name in NOTEBOOKS:
        src = (ROOT / "examples" / f"{name}.rs").read_text()
        run = subprocess.run(
            ["cargo", "run", "--quiet", "--release", "--no-default-features", "--example", name],
            cwd=ROOT, capture_output=True, text=True,
        )
        if run.returncode != 0:
            sys.stderr.write(run.stderr)
            return run.returncode
        outputs = run.stdout.split("\x1e")[1:]
        per_cell = {}
        for chunk in outputs:
            k, _, text = chunk.partition("\n")
            per_cell[int(k)] = text
        nb_cells, code_no = [], 0
        uses = [l for l in src.splitlines() if l.startswith("use ")]
        for kind, text in cells_of(src):
            if kind == "md":
                nb_cells.append({"cell_type": "markdown", "metadata": {}, "source": text})
                continue
            code_no += 1
            if code_no == 1:
                text = ':dep hanoilab = { path = "..", default-features = false }\n' + "\n".join(uses) + "\n\n" + text
            out = per_cell.get(code_no, "")
            nb_cells.append({
                "cell_type": "code", "execution_count": code_no, "metadata": {},
                "source": text,
                "outputs": [{"name": "stdout", "output_type": "stream", "text": out}] if out else [],
            })
        nb = {
            "cells": nb_cells,
            "metadata": {
                "kernelspec": {"display_name": "Rust", "language": "rust", "name": "rust"},
                "language_info": {"codemirror_mode": "rust", "file_extension": ".rs",
                                   "mimetype": "text/rust", "name": "Rust",
                                   "pygment_lexer": "rust", "version": ""},
            },
            "nbformat": 4, "nbformat_minor": 5,
        }
        (ROOT / "notebooks" / f"{name}.ipynb").write_text(json.dumps(nb, indent=1, sort_keys=True) + "\n")
        print(f"notebooks/{name}.ipynb: {len(nb_cells)} cells")
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Builds the Jupyter notebooks in this folder from the examples they mirror.

Each notebook `NAME.ipynb` mirrors `examples/NAME.rs`. In the example, cells are separated by
comment lines:

    // %% md
    // Markdown text, one `// ` prefix per line
    // %% code
    let x = ...;            // Rust statements, run in order inside main()

and the example prints `\\x1e<k>` (an ASCII record separator and the cell number) before running
code cell k, so the output of each cell can be attached to it. What a cell prints between the
lines `EVCXR_BEGIN_CONTENT <media type>` and `EVCXR_END_CONTENT` (as
`hanoilab::output::notebook::Plot::evcxr_display` does) is saved as a rich output of that type
(a plot as `image/svg+xml`), exactly as the evcxr kernel shows it; the rest as text. The notebooks use the evcxr
Rust kernel: a kernel sees only what the cells contain, so the notebook opens with a setup
cell (`:dep hanoilab = { path = ".." }` and the example's `use` lines), followed by one cell
per top-level helper item of the example (fns, structs, ...; not the `cell` marker itself)
so that every function a cell calls is defined before it runs. Their saved outputs come
from `cargo run --example NAME`, which CI also runs, so a notebook whose code no longer
compiles or runs fails the build.

Usage: python3 notebooks/build_notebooks.py           (from the repository root)
       python3 notebooks/build_notebooks.py --check   rebuild every notebook in memory, keeping
           the saved outputs of the committed one, and fail if any differs from the committed
           file (the test suite runs this; it needs no cargo run)
"""
import json
import textwrap
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
            text = textwrap.dedent("\n".join(code)).strip("\n")
        out.append((kind, text.strip("\n")))
    return out


def preamble_of(source: str):
    """The example's `use` lines and its other top-level items (everything before `fn main`),
    each item with the comments and attributes just above it; the `cell` marker fn and the
    module's `//!` doc are left out (they belong to the example, not to the notebook)."""
    lines = source.splitlines()
    end = next(i for i, l in enumerate(lines) if "fn main()" in l)
    uses, items, cur, depth = [], [], [], 0
    for line in lines[:end]:
        s = line.strip()
        if not cur and (s == "" or s.startswith("//!")):
            continue
        cur.append(line)
        # Braces inside string literals or comments would confuse this count; the examples'
        # helpers are plain code, and a miscount shows up as a notebook failing the check.
        depth += line.count("{") - line.count("}")
        ends = depth == 0 and (s.endswith("}") or s.endswith(";"))
        if not ends:
            continue
        text = "\n".join(cur)
        cur = []
        code = [l for l in text.splitlines() if not l.strip().startswith(("//", "#["))]
        if code and code[0].startswith("use "):
            uses.append(text)
        elif code and code[0].startswith("fn cell("):
            continue
        else:
            items.append(text)
    return uses, items


BEGIN, END = "EVCXR_BEGIN_CONTENT ", "EVCXR_END_CONTENT"


def outputs_of(text: str):
    """A code cell's saved outputs from what it printed: text as `stream` outputs, each
    `EVCXR_BEGIN_CONTENT <type>` ... `EVCXR_END_CONTENT` block as a `display_data` output."""
    outs, plain, rich, mime = [], [], [], None

    def flush_text():
        if plain:
            outs.append({"name": "stdout", "output_type": "stream", "text": "".join(plain)})
            plain.clear()

    for line in text.splitlines(keepends=True):
        if mime is None and line.startswith(BEGIN):
            flush_text()
            mime = line[len(BEGIN):].strip()
        elif mime is not None and line.rstrip("\n") == END:
            outs.append({"data": {mime: "".join(rich).rstrip("\n")}, "metadata": {},
                         "output_type": "display_data"})
            rich, mime = [], None
        elif mime is not None:
            rich.append(line)
        else:
            plain.append(line)
    if mime is not None:
        raise ValueError(f"{BEGIN}{mime} without {END}")
    flush_text()
    return outs


def notebook(name: str, src: str, per_cell) -> str:
    """The notebook's JSON text; `per_cell(k)` is the list of saved outputs of the example's
    code cell k."""
    uses, items = preamble_of(src)
    # Notebooks that draw plots load the library with its plot renderer.
    features = ', features = ["plots"]' if "output::notebook" in src else ""
    setup = (':dep hanoilab = { path = "..", default-features = false' + features + ' }\n'
             + "\n".join(uses))
    nb_cells, example_no, count = [], 0, 0

    def code_cell(text, outputs):
        nonlocal count
        count += 1
        nb_cells.append({
            "cell_type": "code", "execution_count": count, "metadata": {},
            "source": text, "outputs": outputs,
        })

    for kind, text in cells_of(src):
        if kind == "md":
            nb_cells.append({"cell_type": "markdown", "metadata": {}, "source": text})
            continue
        if example_no == 0:
            # Setup and helpers go before the first code cell, after the opening text.
            code_cell(setup, [])
            for item in items:
                code_cell(item, [])
        example_no += 1
        code_cell(text, per_cell(example_no))
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
    return json.dumps(nb, indent=1, sort_keys=True) + "\n"


def saved_outputs(path: pathlib.Path, src: str):
    """The outputs (lists) of the committed notebook, by the example's code-cell number (the code cells
    that hold a `cell(k)` marker in the example, in order), so `--check` can rebuild it without
    running anything."""
    nb = json.loads(path.read_text())
    code = [c for c in nb["cells"] if c["cell_type"] == "code"]
    _, items = preamble_of(src)
    mirrored = code[1 + len(items):]
    return {k: c.get("outputs", []) for k, c in enumerate(mirrored, start=1)}


def main() -> int:
    check = "--check" in sys.argv[1:]
    stale = []
    for name in NOTEBOOKS:
        src = (ROOT / "examples" / f"{name}.rs").read_text()
        path = ROOT / "notebooks" / f"{name}.ipynb"
        if check:
            outs = saved_outputs(path, src)
            text = notebook(name, src, lambda k: outs.get(k, []))
            if text != path.read_text():
                stale.append(name)
            continue
        run = subprocess.run(
            ["cargo", "run", "--quiet", "--release", "--no-default-features", "--features", "plots",
             "--example", name],
            cwd=ROOT, capture_output=True, text=True,
        )
        if run.returncode != 0:
            sys.stderr.write(run.stderr)
            return run.returncode
        per_cell = {}
        for chunk in run.stdout.split("\x1e")[1:]:
            k, _, out = chunk.partition("\n")
            per_cell[int(k)] = out
        text = notebook(name, src, lambda k: outputs_of(per_cell.get(k, "")))
        path.write_text(text)
        print(f"notebooks/{name}.ipynb: {len(json.loads(text)['cells'])} cells")
    if stale:
        for name in stale:
            sys.stderr.write(f"notebooks/{name}.ipynb differs from what examples/{name}.rs builds; "
                             "run python3 notebooks/build_notebooks.py\n")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

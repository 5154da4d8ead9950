#!/usr/bin/env python3
"""Random integer matrix files for `hanoilab matrix FILE` and the PARI peer.

usage: gen_matrix.py N SEED OUT_PREFIX
writes OUT_PREFIX.toml (hanoilab format) and OUT_PREFIX.gp (M = [...]; v = [...]~;)
Entries are uniform in 0..999 (deterministic: Python's random with the given seed).
"""
import random
import sys

n, seed, out = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
rng = random.Random(seed)
m = [[rng.randrange(1000) for _ in range(n)] for _ in range(n)]
v = [rng.randrange(1000) for _ in range(n)]
with open(out + ".toml", "w") as f:
    f.write("matrix = [\n")
    for row in m:
        f.write("  [" + ", ".join(map(str, row)) + "],\n")
    f.write("]\ninitial = [" + ", ".join(map(str, v)) + "]\n")
with open(out + ".gp", "w") as f:
    f.write("M = [" + "; ".join(", ".join(map(str, r)) for r in m) + "];\n")
    f.write("v = [" + ", ".join(map(str, v)) + "]~;\n")

#!/usr/bin/env python3
"""Peers for `hanoilab bench algebra` (factor degree 40 over Q, certified roots degree 40).

Rebuilds the test polynomials of src/algebra/bench.rs (random_poly: SplitMix64 coefficients)
independently, times FLINT (python-flint) on them, and writes a PARI/GP script doing the
same (factor, polroots) to /tmp/factor_peer.gp.

  pip install python-flint        # 0.9.0 measured
  python3 benches/peers/factor_peer.py
  gp -q -f -s 1G /tmp/factor_peer.gp
"""
import time

M64 = (1 << 64) - 1


class SplitMix:
    def __init__(self, seed):
        self.s = seed & M64

    def next(self):
        self.s = (self.s + 0x9E3779B97F4A7C15) & M64
        z = self.s
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & M64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M64
        return z ^ (z >> 31)


def random_poly(seed, deg, bits):
    """Coefficients lowest degree first, as src/algebra/bench.rs random_poly."""
    rng = SplitMix(seed)
    out = []
    for k in range(deg + 1):
        c, left = 0, bits
        while left > 0:
            take = min(left, 32)
            c = (c << take) + (rng.next() >> (64 - take))
            left -= take
        if k < deg and rng.next() & 1 == 1:
            c = -c
        else:
            c = c + 1
        out.append(c)
    return out


def mul(a, b):
    r = [0] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        for j, y in enumerate(b):
            r[i + j] += x * y
    return r


def product(k, deg, bits, seed):
    f = [1]
    for i in range(k):
        f = mul(f, random_poly(seed + i, deg, bits))
    return f


def gp_poly(c):
    return " + ".join(f"({v})*x^{i}" for i, v in enumerate(c))


cases = {
    "factor degree 40 (5 x deg 8, 100-bit)": product(5, 8, 100, 40),
    "factor degree 60 (6 x deg 10, 100-bit)": product(6, 10, 100, 60),
    "factor degree 48 (2 x deg 24, 200-bit)": product(2, 24, 200, 9),
}
roots_case = random_poly(40 * 1000 + 100, 40, 100)

try:
    import flint

    for name, c in cases.items():
        f = flint.fmpz_poly(c)
        ts = []
        for _ in range(7):
            t = time.perf_counter()
            fz = f.factor()
            ts.append(time.perf_counter() - t)
        print(f"FLINT {name}: {min(ts) * 1e3:.2f} ms ({len(fz[1])} factors)")
    f = flint.fmpz_poly(roots_case)
    ts = []
    for _ in range(5):
        t = time.perf_counter()
        # complex roots, isolated and certified by Arb to 30 digits (~100 bits)
        flint.ctx.prec = 110
        r = f.complex_roots()
        ts.append(time.perf_counter() - t)
    print(f"FLINT certified complex roots degree 40, 30 digits: {min(ts) * 1e3:.2f} ms ({len(r)} roots)")
except ImportError:
    print("python-flint not installed: pip install python-flint")

with open("/tmp/factor_peer.gp", "w") as g:
    g.write("\\\\ written by benches/peers/factor_peer.py\n")
    for i, (name, c) in enumerate(cases.items()):
        g.write(f"f{i} = {gp_poly(c)};\n")
        g.write(f"t = getabstime(); for(k = 1, 10, F = factor(f{i})); "
                f"print(\"PARI {name}: \", (getabstime() - t) / 10.0, \" ms (\", #F~, \" factors)\");\n")
    g.write(f"r = {gp_poly(roots_case)};\n")
    g.write("default(realprecision, 30);\n")
    g.write("t = getabstime(); for(k = 1, 10, R = polroots(r)); "
            "print(\"PARI polroots degree 40, 30 digits: \", (getabstime() - t) / 10.0, \" ms (\", #R, \" roots)\");\n")
    g.write("quit;\n")

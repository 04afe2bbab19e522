"""Writes cpython.json, what CPython's random module draws for a few seeds.

    python3 internal/pyrandom/testdata/gen.py [--check]

pyrandom_test.go replays the same calls; with --check the script compares
its fresh output with the committed file (TestGoldenScriptDrift).
"""
import json
import os
import random
import sys

SEEDS = [0, 1, 42, 1729, 2**40 + 7, -5, 12345678901234567890123, "hello", "",
         0.5, 2.0, -2.0, 3.14159, -1e-300, 1e300, 2.0**70, float("inf")]


def draws(seed):
    r = random.Random(seed)
    out = {"random": [r.random() for _ in range(5)],
           "randint_die": [r.randint(1, 6) for _ in range(20)],
           "randint_wide": [str(r.randint(-10**12, 10**12)) for _ in range(3)],
           "randint_huge": [str(r.randint(0, 2**70)) for _ in range(2)],
           "getrandbits": [str(r.getrandbits(k)) for k in (1, 31, 32, 33, 64, 70)],
           "choice": [r.choice(range(7)) for _ in range(10)],
           "uniform": [r.uniform(-2.0, 3.0) for _ in range(3)],
           "gauss": [r.gauss() for _ in range(7)] + [r.gauss(10.0, 2.0)]}
    xs = list(range(10))
    r.shuffle(xs)
    out["shuffle"] = xs
    out["after"] = r.random()
    return out


def generate():
    return {"python": sys.version.split()[0], "cases": [{"seed": s if isinstance(s, str) else s.hex() if isinstance(s, float) else str(s),
                                                          "string": isinstance(s, str), "float": isinstance(s, float),
                                                          "draws": draws(s)} for s in SEEDS]}


def main():
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "cpython.json")
    fresh = generate()
    if "--check" in sys.argv:
        with open(path) as f:
            if json.load(f)["cases"] != json.loads(json.dumps(fresh["cases"])):
                print("cpython.json differs from what this CPython", fresh["python"], "draws", file=sys.stderr)
                sys.exit(1)
        return
    with open(path, "w") as f:
        json.dump(fresh, f, separators=(",", ":"))
        f.write("\n")


if __name__ == "__main__":
    main()

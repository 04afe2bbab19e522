"""Writes torch.json, the golden values of kael's random functions.

Run with Debian's PyTorch (python3-torch, 1.13 with the AVX2 kernels):

    /usr/bin/python3 tensor/testdata/random/gen.py [--check]

Each case seeds a generator (torch.manual_seed, or a torch.Generator passed
as generator=), runs its steps one after another and records every result:
all values for small results, and for every size the SHA-256 of the values'
little-endian bytes, their sum and a few positions. tensor/random_golden_test.go
runs the same steps in kael. With --check the script compares its fresh
output with the committed file instead of writing it (TestGoldenScriptDrift):
bit for bit where PyTorch runs its vectorised kernels (AVX2 or AVX-512, the
paths whose streams kael reproduces), and within float rounding where it
runs its DEFAULT ones (ATEN_CPU_CAPABILITY=default), whose uniform and
normal transforms round differently in the last bit.
"""
import hashlib
import json
import math
import os
import sys

import torch

SIZES = [1, 15, 16, 17, 1000, 2**16 + 3]
SEEDS = [0, 1729]
# A seed above 2^32: only its low 32 bits seed the twister, initial_seed keeps it all.
WIDE_SEEDS = SEEDS + [2**40 + 3]
DTYPES = {"float32": torch.float32, "float64": torch.float64, "int64": torch.int64}
FULL = 20  # results up to this many elements are stored whole


def inputs(kind, n, dtype):
    """The deterministic input tensors of a case, built the same way in kael."""
    d = DTYPES[dtype]
    if kind == "ramp":  # 0, 1/n, ..., (n-1)/n
        return torch.arange(n, dtype=d) / n
    if kind == "halves":  # 0, 0.5, 1, ...
        return torch.arange(n, dtype=d) * 0.5
    if kind == "weights":  # 1, 2, ..., n
        return torch.arange(1, n + 1, dtype=d)
    raise ValueError(kind)


def run_step(step, gen):
    op, n, dtype = step["op"], step["n"], step.get("dtype", "float32")
    d = DTYPES[dtype]
    kw = {"generator": gen} if gen is not None else {}
    a = step.get("args", [])
    if op == "rand":
        return torch.rand(n, dtype=d, **kw)
    if op == "randn":
        return torch.randn(n, dtype=d, **kw)
    if op == "randint":
        return torch.randint(a[0], a[1], (n,), **kw)
    if op == "randperm":
        return torch.randperm(n, **kw)
    if op == "uniform_":
        return torch.empty(n, dtype=d).uniform_(a[0], a[1], **kw)
    if op == "normal_":
        return torch.empty(n, dtype=d).normal_(a[0], a[1], **kw)
    if op == "normal_size":
        return torch.normal(a[0], a[1], (n,), dtype=d, **kw)
    if op == "normal_tensor_mean":
        return torch.normal(inputs("halves", n, dtype), a[0], **kw)
    if op == "normal_tensor_std":
        return torch.normal(a[0], inputs("ramp", n, dtype), **kw)
    if op == "normal_tensors":
        return torch.normal(inputs("halves", n, dtype), inputs("ramp", n, dtype), **kw)
    if op == "bernoulli":
        return torch.bernoulli(inputs("ramp", n, dtype), **kw)
    if op == "bernoulli_p":
        return torch.empty(n, dtype=d).bernoulli_(a[0], **kw)
    if op == "multinomial":
        w = inputs("weights", n, dtype)
        return torch.multinomial(w, a[0], replacement=bool(a[1]), **kw)
    if op == "multinomial2d":
        w = inputs("weights", n, dtype).reshape(4, n // 4)
        return torch.multinomial(w, a[0], replacement=bool(a[1]), **kw)
    if op == "normal_view":  # a transposed view: the scalar path, in memory order
        base = torch.empty(4, n, dtype=d)
        base.t().normal_(a[0], a[1], **kw)
        return base
    if op == "uniform_view":
        base = torch.empty(4, n, dtype=d)
        base.t().uniform_(a[0], a[1], **kw)
        return base
    if op == "state":
        return (torch.get_rng_state() if gen is None else gen.get_state()).to(torch.int64)
    # The rest draw from the default generator only.
    if op == "dropout":
        # nn.Dropout and F.dropout call at::dropout; CPU never takes the fused kernel.
        return torch.nn.functional.dropout(inputs("weights", n, dtype), a[0], True)
    if op == "kaiming_uniform_":
        w = torch.empty(n // int(a[0]), int(a[0]), dtype=d)
        return torch.nn.init.kaiming_uniform_(w, a=a[1]).reshape(-1)
    if op == "xavier_uniform_":
        w = torch.empty(n // int(a[0]), int(a[0]), dtype=d)
        return torch.nn.init.xavier_uniform_(w, gain=a[1]).reshape(-1)
    if op == "init_uniform_":
        return torch.nn.init.uniform_(torch.empty(n, dtype=d), a[0], a[1])
    if op == "init_normal_":
        return torch.nn.init.normal_(torch.empty(n, dtype=d), a[0], a[1])
    if op == "linear":  # nn.Linear(in, out): weight then bias
        m = torch.nn.Linear(int(a[0]), int(a[1]), dtype=d)
        return torch.cat([m.weight.detach().reshape(-1), m.bias.detach()])
    if op == "embedding":  # nn.Embedding(n, dim)
        return torch.nn.Embedding(n, int(a[0]), dtype=d).weight.detach().reshape(-1)
    raise ValueError(op)


def record(t):
    t = t.contiguous()
    dtype = {torch.float32: "float32", torch.float64: "float64", torch.int64: "int64"}[t.dtype]
    flat = t.reshape(-1)
    out = {"dtype": dtype, "n": flat.numel(),
           "sha256": hashlib.sha256(flat.numpy().astype(flat.numpy().dtype.newbyteorder("<")).tobytes()).hexdigest()}
    vals = flat.tolist()
    if len(vals) <= FULL:
        out["values"] = vals
    else:
        pos = sorted({0, 1, 15, 16, 17, len(vals) // 2, len(vals) - 1})
        out["sample"] = {str(p): vals[p] for p in pos}
        out["sum"] = math.fsum(vals)
    return out


def cases():
    out = []

    def add(name, steps, gen=False, seeds=SEEDS):
        for seed in seeds:
            for st in steps:
                st["seed"] = seed
            out.append({"name": f"{name}/{seed}" + ("/generator" if gen else ""), "generator": gen,
                        "steps": json.loads(json.dumps(steps))})

    floats = ("float32", "float64")
    for n in SIZES:
        for dt in floats:
            for op, args in [("rand", []), ("randn", [])]:
                add(f"{op}/{dt}/{n}", [{"op": op, "n": n, "dtype": dt, "args": args}], seeds=WIDE_SEEDS)
            for op, args in [("uniform_", [-2.5, 4.0]), ("normal_", [3.0, 0.5]), ("normal_size", [-1.0, 2.0])]:
                add(f"{op}/{dt}/{n}", [{"op": op, "n": n, "dtype": dt, "args": args}])
        add(f"randint/{n}", [{"op": "randint", "n": n, "args": [-3, 7]}], seeds=WIDE_SEEDS)
        add(f"randperm/{n}", [{"op": "randperm", "n": n}], seeds=WIDE_SEEDS)
    for n in [1, 15, 16, 17, 1000]:
        for dt in floats:
            for op, args in [("normal_tensor_mean", [0.5]), ("normal_tensor_std", [2.0]), ("normal_tensors", []),
                             ("bernoulli", []), ("bernoulli_p", [0.3]), ("normal_view", [1.0, 2.0]),
                             ("uniform_view", [0.0, 1.0]), ("init_uniform_", [-0.1, 0.2]),
                             ("init_normal_", [0.0, 0.02]), ("dropout", [0.25]), ("embedding", [3])]:
                add(f"{op}/{dt}/{n}", [{"op": op, "n": n, "dtype": dt, "args": args}])
            for k, repl in [(1, True), (5, True), (1000, True), (1, False), (min(n, 5), False), (n, False)]:
                add(f"multinomial/{dt}/{n}/{k}/{repl}", [{"op": "multinomial", "n": n, "dtype": dt, "args": [k, int(repl)]}])
    for dt in floats:
        add(f"multinomial2d/{dt}", [{"op": "multinomial2d", "n": 40, "dtype": dt, "args": [3, 0]}])
        add(f"multinomial2d/{dt}/replacement", [{"op": "multinomial2d", "n": 40, "dtype": dt, "args": [7, 1]}])
        for cols, rows in [(3, 2), (16, 8), (100, 30)]:
            add(f"kaiming_uniform_/{dt}/{rows}x{cols}", [{"op": "kaiming_uniform_", "n": rows * cols, "dtype": dt, "args": [cols, 5 ** 0.5]}])
            add(f"xavier_uniform_/{dt}/{rows}x{cols}", [{"op": "xavier_uniform_", "n": rows * cols, "dtype": dt, "args": [cols, 1.0]}])
        for i, o in [(3, 2), (20, 10), (784, 10)]:
            add(f"linear/{dt}/{i}x{o}", [{"op": "linear", "n": 0, "dtype": dt, "args": [i, o]}])
        # Several draws in a row share one generator: the cached normal sample, the state.
        add(f"sequence/{dt}", [{"op": "randn", "n": 1, "dtype": dt}, {"op": "randn", "n": 3, "dtype": dt},
                               {"op": "rand", "n": 2, "dtype": dt}, {"op": "randn", "n": 20, "dtype": dt},
                               {"op": "state", "n": 0}, {"op": "randn", "n": 1, "dtype": dt}, {"op": "state", "n": 0}],
            seeds=WIDE_SEEDS)
    # The same draws from a torch.Generator passed as generator=.
    for dt in floats:
        for op, args in [("rand", []), ("randn", []), ("normal_", [3.0, 0.5]), ("bernoulli_p", [0.5])]:
            add(f"{op}/{dt}/17", [{"op": op, "n": 17, "dtype": dt, "args": args}], gen=True)
        add(f"multinomial/{dt}/16", [{"op": "multinomial", "n": 16, "dtype": dt, "args": [4, 0]}], gen=True)
        add(f"sequence/{dt}", [{"op": "randn", "n": 1, "dtype": dt}, {"op": "randn", "n": 2, "dtype": dt},
                               {"op": "state", "n": 0}], gen=True)
    add("randint/100", [{"op": "randint", "n": 100, "args": [0, 2 ** 40]}], gen=True)
    add("randperm/100", [{"op": "randperm", "n": 100}], gen=True)
    return out


def generate():
    result = {"torch": torch.__version__, "cases": []}
    for case in cases():
        recs = []
        first = case["steps"][0]
        gen = None
        if case["generator"]:
            gen = torch.Generator().manual_seed(first["seed"])
        else:
            torch.manual_seed(first["seed"])
        for step in case["steps"]:
            recs.append(record(run_step(step, gen)))
        result["cases"].append({**case, "results": recs})
    return result


def cpu_capability():
    """The kernels PyTorch dispatches to: AVX512, AVX2 or NO AVX (DEFAULT)."""
    for line in torch.__config__.show().splitlines():
        if "CPU capability usage:" in line:
            return line.split(":", 1)[1].strip()
    return "unknown"


def within_rounding(got, want, n=1):
    """Whether got matches want but for the last bits of its floats: what
    PyTorch's DEFAULT kernels change. Hashes cannot be compared then; a sum
    of n values may move by n roundings."""
    if isinstance(want, dict):
        if not isinstance(got, dict) or got.keys() != want.keys():
            return False
        n = want.get("n", n)
        return all(k == "sha256" or within_rounding(got[k], want[k], n if k == "sum" else 1) for k in want)
    if isinstance(want, list):
        return isinstance(got, list) and len(got) == len(want) and all(within_rounding(g, w) for g, w in zip(got, want))
    if isinstance(want, float) or isinstance(got, float):
        if math.isnan(want) or math.isnan(got):
            return math.isnan(want) and math.isnan(got)
        return abs(got - want) <= n * 1e-6 * (1 + abs(want))
    return got == want


def main():
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "torch.json")
    fresh = generate()
    if "--check" in sys.argv:
        with open(path) as f:
            committed = json.load(f)
        fresh_cases = json.loads(json.dumps(fresh["cases"]))
        if cpu_capability() not in ("AVX2", "AVX512"):
            same = within_rounding(fresh_cases, committed["cases"])
        else:
            same = committed["cases"] == fresh_cases
        if not same:
            print("torch.json differs from what this PyTorch", torch.__version__, "produces with its",
                  cpu_capability(), "kernels", file=sys.stderr)
            sys.exit(1)
        return
    with open(path, "w") as f:
        json.dump(fresh, f, indent=None, separators=(",", ":"))
        f.write("\n")


if __name__ == "__main__":
    main()

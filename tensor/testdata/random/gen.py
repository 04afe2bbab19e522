"""Writes torch.json, the golden values of kael's random functions.

Run with Debian's PyTorch (python3-torch, 1.13 with the AVX2 kernels):

    /usr/bin/python3 tensor/testdata/random/gen.py [--check]

Each case seeds a generator (torch.manual_seed, or a torch.Generator passed
as generator=), runs its steps one after another and records every result:
all values for small results, and for every size the SHA-256 of the values'
little-endian bytes, their sum and a few positions. tensor/random_golden_test.go
runs the same steps in kael. With --check the script compares its fresh
output with the committed file instead of writing it (TestGoldenScriptDrift).
"""
import hashlib
import json
import math
import os
import sys

import torch

SIZES = [1, 15, 16, 17, 1000, 2**16 + 3]
SEEDS = [0, 1729]
DTYPES = {"float32": torch.float32, "float64": torch.float64, "int64": torch.int64}
FULL = 64  # results up to this many elements are stored whole


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
        return torch.multinomial(w, a[0], replacement=a[1], **kw)
    if op == "dropout":
        # nn.Dropout and F.dropout call at::dropout; CPU never takes the fused kernel.
        torch.manual_seed(step["seed"]) if gen is not None else None
        return torch.nn.functional.dropout(inputs("weights", n, dtype), a[0], True)
    if op == "kaiming_uniform_":
        w = torch.empty(n // a[0], a[0], dtype=d)
        return torch.nn.init.kaiming_uniform_(w, a=a[1], **({} if gen is None else {})).reshape(-1)
    if op == "xavier_uniform_":
        w = torch.empty(n // a[0], a[0], dtype=d)
        return torch.nn.init.xavier_uniform_(w, gain=a[1]).reshape(-1)
    if op == "init_uniform_":
        return torch.nn.init.uniform_(torch.empty(n, dtype=d), a[0], a[1])
    if op == "init_normal_":
        return torch.nn.init.normal_(torch.empty(n, dtype=d), a[0], a[1])
    if op == "linear":  # nn.Linear(in, out): weight then bias
        m = torch.nn.Linear(a[0], a[1], dtype=d)
        return torch.cat([m.weight.detach().reshape(-1), m.bias.detach()])
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
    add = lambda name, steps, gen=False: out.append({"name": name, "generator": gen, "steps": steps})
    for seed in SEEDS:
        for n in SIZES:
            for dt in ("float32", "float64"):
                add(f"rand/{dt}/{n}/{seed}", [{"op": "rand", "n": n, "dtype": dt, "seed": seed}])
                add(f"randn/{dt}/{n}/{seed}", [{"op": "randn", "n": n, "dtype": dt, "seed": seed}])
            add(f"randint/{n}/{seed}", [{"op": "randint", "n": n, "args": [-3, 7], "seed": seed}])
            add(f"randperm/{n}/{seed}", [{"op": "randperm", "n": n, "seed": seed}])
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


def main():
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "torch.json")
    fresh = generate()
    if "--check" in sys.argv:
        with open(path) as f:
            committed = json.load(f)
        if committed["cases"] != json.loads(json.dumps(fresh["cases"])):
            print("torch.json differs from what this PyTorch", torch.__version__, "produces", file=sys.stderr)
            sys.exit(1)
        return
    with open(path, "w") as f:
        json.dump(fresh, f, indent=None, separators=(",", ":"))
        f.write("\n")


if __name__ == "__main__":
    main()

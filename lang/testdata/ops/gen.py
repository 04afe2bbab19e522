#!/usr/bin/python3
"""Generates golden.json: kael's tensor operations computed by PyTorch.

Each case is a Python expression that kael's language reads the same way
(torch.asin(x), x.sort(dim=0), ...), the inputs it names, and what PyTorch
gives: a tensor, a tuple of them, a number, or an error (refusals must be
refused by kael too). Cases with `grad` also record the gradient of
(out * w).sum() with respect to the named inputs, for a recorded random w.

Run with Debian's python3-torch:  /usr/bin/python3 gen.py > golden.json
and, for the dtype axis:           /usr/bin/python3 gen.py dtypes > dtypes.json
lang/ops_golden_test.go compares kael with golden.json and, where torch is
importable, reruns this script to check that golden.json is current.
"""
import json
import math
import sys
import warnings

import torch

warnings.filterwarnings("ignore")  # deprecation notices of torch.cholesky, torch.qr

torch.manual_seed(20261201)
CASES = []
F = torch.nn.functional


def enc_num(v):
    if isinstance(v, bool):
        return v
    if isinstance(v, float) and not math.isfinite(v):
        return "nan" if v != v else ("inf" if v > 0 else "-inf")
    return v


def enc_tensor(t):
    t = t.detach().clone()  # a zero gradient may be an expanded scalar without storage
    return {"dtype": str(t.dtype).replace("torch.", ""), "shape": list(t.shape),
            "data": [enc_num(v) for v in t.reshape(-1).tolist()]}


def enc(v):
    if isinstance(v, torch.Tensor):
        return {"tensor": enc_tensor(v)}
    if isinstance(v, (tuple, list)):
        return {"tuple": [enc(x) for x in v]}
    if isinstance(v, (bool, int, float)):
        return {"number": enc_num(v)}
    raise TypeError("cannot encode %r" % (v,))


def randn(*shape, dtype=torch.float32):
    return torch.randn(*shape, dtype=torch.float64).to(dtype)


def uniform(lo, hi, *shape, dtype=torch.float32):
    return (lo + (hi - lo) * torch.rand(*shape, dtype=torch.float64)).to(dtype)


def case(name, expr, inputs, grad=(), rtol=None, atol=None):
    env = {"torch": torch, "F": F, "math": math}
    leaves = {}
    for k, v in inputs.items():
        v = v.clone()
        if k in grad:
            v.requires_grad_(True)
        leaves[k] = v
    env.update(leaves)
    c = {"name": name, "expr": expr, "inputs": {k: enc_tensor(v) for k, v in inputs.items()}}
    if rtol is not None:
        c["rtol"] = rtol
    if atol is not None:
        c["atol"] = atol
    try:
        out = eval(expr, env)
    except Exception as e:  # a refusal kael must refuse too
        c["error"] = type(e).__name__ + ": " + str(e).split("\n")[0]
        CASES.append(c)
        return
    c["out"] = enc(out)
    if grad:
        first = out[0] if isinstance(out, tuple) else out
        w = torch.randn(first.shape, dtype=torch.float64).to(first.dtype)
        (first * w).sum().backward()
        c["grad_weight"] = enc_tensor(w)
        c["grads"] = {k: enc_tensor(leaves[k].grad) for k in grad}
    CASES.append(c)


def math_cases():
    ints = torch.tensor([-3, 0, 2, 7])
    bools = torch.tensor([True, False, True])
    special = torch.tensor([0.0, -0.0, 1.0, -1.0, math.inf, -math.inf, math.nan, 0.5])
    domains = {  # op: (low, high) of inputs with a finite derivative
        "tan": (-1.2, 1.2), "asin": (-0.9, 0.9), "acos": (-0.9, 0.9), "atan": (-3, 3),
        "sinh": (-3, 3), "cosh": (-3, 3), "asinh": (-3, 3), "acosh": (1.2, 4), "atanh": (-0.9, 0.9),
        "log2": (0.1, 5), "log10": (0.1, 5), "log1p": (-0.9, 3), "expm1": (-3, 3), "erf": (-2, 2),
        "erfc": (-2, 2), "rsqrt": (0.2, 4), "reciprocal": (0.3, 3), "trunc": (-4, 4), "frac": (-4, 4),
    }
    for op, (lo, hi) in domains.items():
        for dt in (torch.float32, torch.float64):
            case(f"{op}/{dt}", f"torch.{op}(x)", {"x": uniform(lo, hi, 2, 3, dtype=dt)},
                 grad=("x",) if dt == torch.float64 else ())
        case(f"{op}/method special", f"x.{op}()", {"x": special})
        case(f"{op}/int64", f"torch.{op}(x)", {"x": ints})
        case(f"{op}/bool", f"torch.{op}(x)", {"x": bools})
        if op not in ("trunc",):
            case(f"{op}_/int64 refused", f"x.{op}_()", {"x": ints})
        case(f"{op}_/float32", f"x.{op}_()", {"x": uniform(lo, hi, 3)})
    for op in ("isnan", "isinf", "isposinf", "isneginf", "isfinite"):
        case(f"{op}/special", f"torch.{op}(x)", {"x": special})
        case(f"{op}/float64", f"x.{op}()", {"x": special.double()})
        case(f"{op}/int64", f"torch.{op}(x)", {"x": ints})
        case(f"{op}/bool", f"x.{op}()", {"x": bools})
    for op in ("exp", "log", "sqrt", "sin", "cos", "tanh", "sigmoid", "relu", "floor", "ceil", "neg", "abs", "sign"):
        case(f"{op}_/float32", f"x.{op}_()", {"x": uniform(0.1, 3, 4)})
        case(f"{op}_/float64 view", f"(x[1:].{op}_(), x)", {"x": uniform(0.1, 3, 4, dtype=torch.float64)})
    case("exp_/int64 refused", "x.exp_()", {"x": ints})
    case("abs_/int64", "x.abs_()", {"x": ints})
    case("neg_/bool refused", "x.neg_()", {"x": bools})
    case("logical_not_/bool", "x.logical_not_()", {"x": bools})
    case("bitwise_not_/int64", "x.bitwise_not_()", {"x": ints})
    # binary
    for dt in (torch.float32, torch.float64):
        case(f"atan2/{dt}", "torch.atan2(y, x)", {"y": randn(2, 3, dtype=dt), "x": randn(3, dtype=dt)},
             grad=("x", "y") if dt == torch.float64 else ())
        case(f"hypot/{dt}", "torch.hypot(a, b)", {"a": randn(2, 3, dtype=dt), "b": randn(2, 1, dtype=dt)},
             grad=("a", "b") if dt == torch.float64 else ())
    case("atan2/int64", "torch.atan2(a, b)", {"a": ints, "b": ints.flip(0)})
    case("atan2/mixed", "a.atan2(b)", {"a": randn(3), "b": randn(3, dtype=torch.float64)})
    case("atan2/special", "torch.atan2(a, b)", {"a": special, "b": special.flip(0)})
    case("atan2_/float32", "a.atan2_(b)", {"a": randn(3), "b": randn(3)})
    case("hypot/int64 refused", "torch.hypot(a, a)", {"a": ints})
    case("hypot/mixed", "torch.hypot(a, b)", {"a": randn(3), "b": randn(3, dtype=torch.float64)})
    case("hypot_/float64", "a.hypot_(b)", {"a": randn(3, dtype=torch.float64), "b": randn(3, dtype=torch.float64)})
    # lerp
    case("lerp/scalar weight", "torch.lerp(a, b, 0.3)", {"a": randn(2, 3, dtype=torch.float64), "b": randn(3, dtype=torch.float64)}, grad=("a", "b"))
    case("lerp/weight above half", "torch.lerp(a, b, 0.75)", {"a": randn(4), "b": randn(4)})
    case("lerp/tensor weight", "a.lerp(b, w)", {"a": randn(2, 3, dtype=torch.float64), "b": randn(2, 3, dtype=torch.float64), "w": uniform(-1, 2, 3, dtype=torch.float64)}, grad=("a", "b", "w"))
    case("lerp/dtype mismatch", "torch.lerp(a, b, 0.5)", {"a": randn(3), "b": randn(3, dtype=torch.float64)})
    case("lerp/weight dtype mismatch", "torch.lerp(a, b, w)", {"a": randn(3), "b": randn(3), "w": randn(3, dtype=torch.float64)})
    case("lerp/int64 refused", "torch.lerp(a, a, 0.5)", {"a": ints})
    case("lerp_/float32", "a.lerp_(b, 0.5)", {"a": randn(3), "b": randn(3)})
    # isclose
    near = torch.tensor([1.0, 1.0 + 1e-6, 1.1, math.inf, math.nan, -math.inf, 0.0])
    other = torch.tensor([1.0, 1.0, 1.0, math.inf, math.nan, math.inf, 1e-9])
    case("isclose/defaults", "torch.isclose(a, b)", {"a": near, "b": other})
    case("isclose/equal_nan", "a.isclose(b, equal_nan=True)", {"a": near, "b": other})
    case("isclose/tolerances", "torch.isclose(a, b, rtol=0.2, atol=0.0)", {"a": near.double(), "b": other.double()})
    case("isclose/broadcast", "torch.isclose(a, b)", {"a": near[:3], "b": torch.tensor([[1.0], [1.1]])})
    case("isclose/int64", "torch.isclose(a, b)", {"a": ints, "b": ints.flip(0)})
    case("isclose/int64 tolerance", "torch.isclose(a, b, rtol=0, atol=5)", {"a": ints, "b": ints.flip(0)})
    case("isclose/bool", "torch.isclose(a, b)", {"a": bools, "b": bools.flip(0)})
    case("isclose/dtype mismatch", "torch.isclose(a, b)", {"a": near, "b": other.double()})
    # nan_to_num
    case("nan_to_num/float32", "torch.nan_to_num(x)", {"x": special}, )
    case("nan_to_num/float64", "x.nan_to_num(nan=1.5, posinf=100.0)", {"x": special.double()})
    case("nan_to_num/neginf", "torch.nan_to_num(x, neginf=-7.0)", {"x": special})
    case("nan_to_num/int64", "torch.nan_to_num(x)", {"x": ints})
    case("nan_to_num/grad", "torch.nan_to_num(x)", {"x": torch.tensor([1.0, math.nan, -2.0, math.inf], dtype=torch.float64)}, grad=("x",))
    case("nan_to_num_/float32", "x.nan_to_num_()", {"x": special})
    # clamp with tensor bounds
    case("clamp/tensor bounds", "torch.clamp(x, lo, hi)", {"x": randn(2, 3, dtype=torch.float64), "lo": randn(3, dtype=torch.float64) - 1, "hi": randn(2, 1, dtype=torch.float64) + 1}, grad=("x", "lo", "hi"))
    case("clamp/tensor min", "x.clamp(min=lo)", {"x": randn(4), "lo": randn(4)})
    case("clamp/int64 with float bound", "torch.clamp(x, torch.tensor([0.5]))", {"x": ints})


def sort_cases():
    nan = math.nan
    ties = torch.tensor([[3, 1, 3, 1, 2], [5, 5, 4, 4, 4]])
    withnan = torch.tensor([1.0, nan, 3.0, -2.0, nan, 0.5])
    for dt in (torch.float32, torch.float64):
        case(f"sort/{dt}", "torch.sort(x)", {"x": randn(3, 4, dtype=dt)}, grad=("x",) if dt == torch.float64 else ())
    case("sort/dim 0 descending", "x.sort(dim=0, descending=True)", {"x": randn(3, 4, dtype=torch.float64)}, grad=("x",))
    case("sort/stable ties", "torch.sort(x, stable=True)", {"x": ties})
    case("sort/stable ties descending", "torch.sort(x, dim=1, descending=True, stable=True)", {"x": ties})
    case("sort/nan", "torch.sort(x)", {"x": withnan})
    case("sort/nan descending", "torch.sort(x, descending=True)", {"x": withnan})
    case("sort/bool", "torch.sort(x, stable=True)", {"x": torch.tensor([True, False, True, False])})
    case("sort/0-d", "torch.sort(x)", {"x": torch.tensor(2.5)})
    case("sort/empty", "torch.sort(x)", {"x": torch.zeros(2, 0)})
    case("sort/bad dim", "torch.sort(x, dim=2)", {"x": randn(3, 4)})
    case("argsort", "torch.argsort(x, dim=0)", {"x": randn(3, 4)})
    case("argsort/descending", "x.argsort(descending=True)", {"x": randn(5)})
    case("topk", "torch.topk(x, 2)", {"x": randn(3, 4, dtype=torch.float64)}, grad=("x",))
    case("topk/smallest dim 0", "x.topk(2, dim=0, largest=False)", {"x": randn(3, 4)})
    case("topk/int64", "torch.topk(x, 3)", {"x": torch.tensor([4, -1, 7, 2, 9])})
    case("topk/nan", "torch.topk(x, 2)", {"x": withnan[:3]})
    case("topk/k too large", "torch.topk(x, 5)", {"x": randn(3)})
    case("topk/bool refused", "torch.topk(x, 1)", {"x": torch.tensor([True, False])})
    case("kthvalue", "torch.kthvalue(x, 2)", {"x": randn(3, 4, dtype=torch.float64)}, grad=("x",))
    case("kthvalue/keepdim", "x.kthvalue(1, 0, keepdim=True)", {"x": randn(3, 4)})
    case("kthvalue/k out of range", "torch.kthvalue(x, 0)", {"x": randn(3)})
    case("median/all", "torch.median(x)", {"x": randn(3, 4, dtype=torch.float64)}, grad=("x",))
    case("median/all even", "x.median()", {"x": torch.tensor([4.0, 1.0, 3.0, 2.0])})
    case("median/dim", "torch.median(x, 1)", {"x": randn(3, 4, dtype=torch.float64)}, grad=("x",))
    case("median/dim keepdim", "x.median(dim=0, keepdim=True)", {"x": randn(3, 5)})
    case("median/int64", "torch.median(x)", {"x": torch.tensor([5, 3, 9, 1])})
    case("median/nan", "torch.median(x, 0)", {"x": withnan})
    case("median/nan all", "torch.median(x)", {"x": withnan})
    case("median/bool refused", "torch.median(x)", {"x": torch.tensor([True])})
    case("median/empty", "torch.median(x)", {"x": torch.zeros(0)})
    case("mode/ties", "torch.mode(x)", {"x": ties})
    case("mode/float", "torch.mode(x, 0)", {"x": torch.tensor([[1.0, 2.0], [1.0, 3.0], [2.0, 3.0]])})
    case("mode/keepdim", "x.mode(keepdim=True)", {"x": ties.double()})
    case("mode/grad", "torch.mode(x)", {"x": torch.tensor([[1.0, 2.0, 1.0], [3.0, 3.0, 0.5]], dtype=torch.float64)}, grad=("x",))
    case("mode/bool", "torch.mode(x)", {"x": torch.tensor([True, False, True])})
    u = torch.tensor([[3, 1, 3], [2, 1, 2]])
    case("unique", "torch.unique(x)", {"x": u})
    case("unique/inverse counts", "torch.unique(x, return_inverse=True, return_counts=True)", {"x": u})
    case("unique/counts", "x.unique(return_counts=True)", {"x": torch.tensor([2.5, -1.0, 2.5, 0.0])})
    case("unique/inverse", "torch.unique(x, return_inverse=True)", {"x": u})
    case("unique/bool", "torch.unique(x)", {"x": torch.tensor([True, False, True])})
    case("unique/dim 0", "torch.unique(x, dim=0, return_inverse=True, return_counts=True)", {"x": torch.tensor([[1, 2], [1, 2], [0, 5]])})
    case("unique/dim 1", "torch.unique(x, dim=1, return_counts=True)", {"x": torch.tensor([[1, 0, 1], [2, 5, 2]])})
    case("nonzero", "torch.nonzero(x)", {"x": torch.tensor([[0.0, 1.5], [-2.0, 0.0], [nan, 0.0]])})
    case("nonzero/as_tuple", "x.nonzero(as_tuple=True)", {"x": torch.tensor([[0, 1], [2, 0]])})
    case("nonzero/0-d", "torch.nonzero(x)", {"x": torch.tensor(3.0)})
    case("nonzero/none", "torch.nonzero(x)", {"x": torch.zeros(2, 2)})
    case("nonzero/bool", "torch.nonzero(x)", {"x": torch.tensor([True, False, True])})
    case("bincount", "torch.bincount(x)", {"x": torch.tensor([1, 1, 3, 0, 1])})
    case("bincount/minlength", "x.bincount(minlength=7)", {"x": torch.tensor([1, 1, 3])})
    case("bincount/weights float32", "torch.bincount(x, weights=w)", {"x": torch.tensor([1, 1, 3]), "w": torch.tensor([0.5, 1.0, 2.0])})
    case("bincount/weights float64", "torch.bincount(x, w)", {"x": torch.tensor([1, 1, 3]), "w": torch.tensor([0.5, 1.0, 2.0], dtype=torch.float64)})
    case("bincount/weights int64", "torch.bincount(x, w)", {"x": torch.tensor([1, 1, 3]), "w": torch.tensor([5, 1, 2])})
    case("bincount/empty", "torch.bincount(x, minlength=3)", {"x": torch.tensor([], dtype=torch.int64)})
    case("bincount/negative", "torch.bincount(x)", {"x": torch.tensor([1, -1])})
    case("bincount/float refused", "torch.bincount(x)", {"x": torch.tensor([1.0])})
    case("bincount/2-D refused", "torch.bincount(x)", {"x": torch.tensor([[1]])})
    case("histc", "torch.histc(x, bins=4)", {"x": randn(20)})
    case("histc/range", "x.histc(bins=3, min=0, max=3)", {"x": torch.tensor([1.0, 2.0, 1.0, 4.0, 3.0, -1.0])})
    case("histc/equal elements", "torch.histc(x, bins=3)", {"x": torch.tensor([1.0, 1.0])})
    case("histc/float64", "torch.histc(x, bins=5, min=-1, max=1)", {"x": randn(30, dtype=torch.float64)})
    case("histc/int64 refused", "torch.histc(x)", {"x": torch.tensor([1, 2])})


def shape_cases():
    f64 = torch.float64
    m = torch.arange(12).reshape(3, 4)
    case("roll/flat", "torch.roll(x, 2)", {"x": m})
    case("roll/dims", "x.roll((1, -1), (0, 1))", {"x": randn(3, 4, dtype=f64)}, grad=("x",))
    case("roll/large shift", "torch.roll(x, 7, 0)", {"x": m})
    case("roll/misaligned", "torch.roll(x, (1, 2), 0)", {"x": m})
    case("repeat", "x.repeat(2, 3)", {"x": randn(2, 3, dtype=f64)}, grad=("x",))
    case("repeat/more dims", "x.repeat(2, 1, 2)", {"x": torch.tensor([1, 2])})
    case("repeat/too few", "x.repeat(2)", {"x": m})
    case("repeat_interleave/int", "torch.repeat_interleave(x, 2)", {"x": m[:2, :2]})
    case("repeat_interleave/dim", "x.repeat_interleave(torch.tensor([1, 0, 2]), dim=0)", {"x": randn(3, 2, dtype=f64)}, grad=("x",))
    case("repeat_interleave/counts", "torch.repeat_interleave(x)", {"x": torch.tensor([2, 0, 3])})
    case("repeat_interleave/bad repeats", "torch.repeat_interleave(x, torch.tensor([1, 2]), dim=0)", {"x": m})
    idx = torch.tensor([[0, 2, 1, 0], [2, 0, 0, 1]])
    case("scatter/src", "torch.scatter(x, 0, i, s)", {"x": torch.zeros(3, 4, dtype=f64), "i": idx, "s": randn(2, 4, dtype=f64)}, grad=("x", "s"))
    case("scatter/value", "x.scatter(1, i, value=7.5)", {"x": torch.zeros(2, 4), "i": torch.tensor([[0, 3], [1, 1]])})
    case("scatter/number src", "torch.scatter(x, 1, i, 2)", {"x": torch.zeros(2, 4, dtype=torch.int64), "i": torch.tensor([[0, 3], [1, 1]])})
    case("scatter/src larger", "x.scatter(0, i, s)", {"x": randn(3, 4, dtype=f64), "i": torch.tensor([[2, 0]]), "s": randn(2, 4, dtype=f64)})
    case("scatter/out of bounds", "torch.scatter(x, 0, i, 1.0)", {"x": torch.zeros(2, 2), "i": torch.tensor([[2, 0]])})
    case("scatter/dtype mismatch", "torch.scatter(x, 0, i, s)", {"x": torch.zeros(2, 2), "i": torch.tensor([[1, 0]]), "s": torch.ones(1, 2, dtype=f64)})
    case("scatter_add", "torch.scatter_add(x, 0, i, s)", {"x": randn(3, 4, dtype=f64), "i": idx, "s": randn(2, 4, dtype=f64)}, grad=("x", "s"))
    case("scatter_add/repeated", "x.scatter_add(1, i, s)", {"x": torch.zeros(2, 3), "i": torch.tensor([[0, 0, 2], [1, 1, 1]]), "s": torch.ones(2, 3)})
    case("scatter_add/int64", "x.scatter_add(0, i, s)", {"x": torch.zeros(3, 2, dtype=torch.int64), "i": torch.tensor([[0, 1], [0, 2]]), "s": torch.tensor([[1, 2], [3, 4]])})
    case("scatter_/in place", "(x.scatter_(0, i, s), x)", {"x": torch.zeros(3, 4), "i": idx, "s": randn(2, 4)})
    case("scatter_add_/in place", "(x.scatter_add_(0, i, s), x)", {"x": torch.ones(3, 4), "i": idx, "s": randn(2, 4)})
    case("masked_fill_", "(x.masked_fill_(mask, -1.0), x)", {"x": randn(2, 3), "mask": torch.tensor([True, False, True])})
    case("masked_fill_/int64", "x.masked_fill_(mask, 2.7)", {"x": m[0].clone(), "mask": torch.tensor([True, False, True, False])})
    case("gather", "torch.gather(x, 1, i)", {"x": randn(2, 3, dtype=f64), "i": torch.tensor([[0, 0], [2, 1]])}, grad=("x",))
    case("index_select", "x.index_select(0, i)", {"x": randn(3, 2, dtype=f64), "i": torch.tensor([2, 0, 2])}, grad=("x",))
    case("diag/vector", "torch.diag(x)", {"x": randn(3, dtype=f64)}, grad=("x",))
    case("diag/vector above", "torch.diag(x, 1)", {"x": randn(3, dtype=f64)}, grad=("x",))
    case("diag/matrix below", "x.diag(-1)", {"x": randn(3, 4, dtype=f64)}, grad=("x",))
    case("diag/matrix above", "torch.diag(x, 2)", {"x": m})
    case("diag/3-D refused", "torch.diag(x)", {"x": torch.zeros(2, 2, 2)})
    case("diagonal", "torch.diagonal(x)", {"x": randn(3, 4, dtype=f64)}, grad=("x",))
    case("diagonal/batched", "x.diagonal(offset=1, dim1=1, dim2=2)", {"x": randn(2, 3, 4, dtype=f64)}, grad=("x",))
    case("diagonal/negative offset", "torch.diagonal(x, -1, 0, 1)", {"x": m})
    case("trace", "torch.trace(x)", {"x": randn(3, 4, dtype=f64)}, grad=("x",))
    case("trace/int64", "x.trace()", {"x": m})
    case("trace/bool refused", "torch.trace(x)", {"x": torch.ones(2, 2, dtype=torch.bool)})
    case("trace/1-D refused", "torch.trace(x)", {"x": torch.ones(3)})
    case("cross", "torch.cross(a, b)", {"a": randn(2, 3, dtype=f64), "b": randn(2, 3, dtype=f64)}, grad=("a", "b"))
    case("cross/dim", "a.cross(b, dim=0)", {"a": randn(3, 2, dtype=f64), "b": randn(3, 1, dtype=f64)}, grad=("a", "b"))
    case("cross/int64", "torch.cross(a, b)", {"a": torch.tensor([1, 0, 0]), "b": torch.tensor([0, 1, 0])})
    case("cross/no size 3", "torch.cross(a, b)", {"a": randn(2, 2), "b": randn(2, 2)})
    case("outer", "torch.outer(a, b)", {"a": randn(3, dtype=f64), "b": randn(2, dtype=f64)}, grad=("a", "b"))
    case("tril", "torch.tril(x, -1)", {"x": randn(3, 4, dtype=f64)}, grad=("x",))
    case("triu", "x.triu(1)", {"x": m})
    case("masked_fill", "x.masked_fill(mask, 0.5)", {"x": randn(2, 3, dtype=f64), "mask": torch.tensor([[True, False, True], [False, False, True]])}, grad=("x",))


def well_conditioned(*shape, dtype=torch.float64):
    n = shape[-1]
    return (randn(*shape, dtype=torch.float64) + 3 * torch.eye(n, dtype=torch.float64)).to(dtype)


def spd(*shape, dtype=torch.float64):
    x = randn(*shape, dtype=torch.float64)
    return (x @ x.mT + torch.eye(shape[-1], dtype=torch.float64)).to(dtype)


def symmetric(*shape, dtype=torch.float64):
    x = randn(*shape, dtype=torch.float64)
    return (x + x.mT).to(dtype)


def linalg_cases():
    f32, f64 = torch.float32, torch.float64
    loose = dict(rtol=1e-4, atol=1e-5)  # float32: LAPACK in float32 (PyTorch) and float64 (kael)
    tight = dict(rtol=1e-9, atol=1e-10)
    for dt, tol in ((f32, loose), (f64, tight)):
        g = ("A",) if dt == f64 else ()
        case(f"linalg.inv/{dt}", "torch.linalg.inv(A)", {"A": well_conditioned(3, 3, dtype=dt)}, grad=g, **tol)
        case(f"linalg.inv/batched {dt}", "torch.linalg.inv(A)", {"A": well_conditioned(2, 3, 3, dtype=dt)}, **tol)
        case(f"linalg.det/{dt}", "torch.linalg.det(A)", {"A": well_conditioned(3, 3, dtype=dt)}, grad=g, **tol)
        case(f"linalg.det/batched {dt}", "torch.linalg.det(A)", {"A": randn(2, 4, 4, dtype=dt)}, **tol)
        case(f"linalg.slogdet/{dt}", "torch.linalg.slogdet(A)", {"A": randn(2, 3, 3, dtype=dt)}, **tol)
        case(f"linalg.solve/matrix {dt}", "torch.linalg.solve(A, B)", {"A": well_conditioned(3, 3, dtype=dt), "B": randn(3, 2, dtype=dt)}, grad=("A", "B") if dt == f64 else (), **tol)
        case(f"linalg.solve/vector {dt}", "torch.linalg.solve(A, b)", {"A": well_conditioned(3, 3, dtype=dt), "b": randn(3, dtype=dt)}, grad=("A", "b") if dt == f64 else (), **tol)
        case(f"linalg.solve/right {dt}", "torch.linalg.solve(A, B, left=False)", {"A": well_conditioned(3, 3, dtype=dt), "B": randn(2, 3, dtype=dt)}, grad=("A", "B") if dt == f64 else (), **tol)
        case(f"linalg.solve/broadcast {dt}", "torch.linalg.solve(A, B)", {"A": well_conditioned(2, 3, 3, dtype=dt), "B": randn(3, 1, dtype=dt)}, **tol)
        case(f"linalg.cholesky/{dt}", "torch.linalg.cholesky(A)", {"A": spd(3, 3, dtype=dt)}, grad=g, **tol)
        case(f"linalg.cholesky/upper {dt}", "torch.linalg.cholesky(A, upper=True)", {"A": spd(2, 3, 3, dtype=dt)}, **tol)
        case(f"linalg.qr/tall {dt}", "torch.linalg.qr(A)", {"A": randn(4, 3, dtype=dt)}, **tol)
        case(f"linalg.qr/wide {dt}", "torch.linalg.qr(A)", {"A": randn(2, 3, dtype=dt)}, **tol)
        case(f"linalg.qr/complete {dt}", "torch.linalg.qr(A, mode='complete')", {"A": randn(4, 2, dtype=dt)}, **tol)
        case(f"linalg.qr/r {dt}", "torch.linalg.qr(A, mode='r')", {"A": randn(2, 3, 2, dtype=dt)}, **tol)
        case(f"linalg.eigh/values {dt}", "torch.linalg.eigh(A)[0]", {"A": symmetric(3, 3, dtype=dt)}, grad=g, **tol)
        case(f"linalg.eigh/vectors {dt}", "torch.linalg.eigh(A)[1].abs()", {"A": symmetric(2, 3, 3, dtype=dt)}, **tol)
        case(f"linalg.eigh/upper {dt}", "torch.linalg.eigh(A, UPLO='U')[0]", {"A": randn(3, 3, dtype=dt)}, **tol)
        case(f"linalg.eigvalsh/{dt}", "torch.linalg.eigvalsh(A)", {"A": symmetric(4, 4, dtype=dt)}, **tol)
        for shape in ((3, 2), (2, 3), (2, 3, 3)):
            case(f"linalg.svd/S {shape} {dt}", "torch.linalg.svd(A)[1]", {"A": randn(*shape, dtype=dt)}, grad=g, **tol)
            case(f"linalg.svd/U {shape} {dt}", "torch.linalg.svd(A, full_matrices=False)[0].abs()", {"A": randn(*shape, dtype=dt)}, grad=g, **tol)
            case(f"linalg.svd/Vh {shape} {dt}", "torch.linalg.svd(A, full_matrices=False)[2].abs()", {"A": randn(*shape, dtype=dt)}, grad=g, **tol)
        case(f"linalg.svd/full shapes {dt}", "tuple(t.shape[0] * 10 + t.shape[1] for t in torch.linalg.svd(A))", {"A": randn(4, 2, dtype=dt)})
        case(f"linalg.svdvals/{dt}", "torch.linalg.svdvals(A)", {"A": randn(2, 4, 3, dtype=dt)}, **tol)
        case(f"svd/V {dt}", "torch.svd(A)[2].abs()", {"A": randn(4, 3, dtype=dt)}, **tol)
        case(f"svd/S {dt}", "torch.svd(A, some=False)[1]", {"A": randn(4, 3, dtype=dt)}, **tol)
        for ord in ("None", "'fro'", "'nuc'", "2", "-2", "1", "-1", "math.inf", "-math.inf"):
            case(f"linalg.norm/matrix ord={ord} {dt}", f"torch.linalg.norm(A, ord={ord})", {"A": randn(3, 4, dtype=dt)}, grad=g, **tol)
        for ord in ("2", "1", "math.inf", "-math.inf", "0", "3.5"):
            case(f"linalg.norm/vector ord={ord} {dt}", f"torch.linalg.norm(x, ord={ord})", {"x": randn(5, dtype=dt)}, **tol)
        case(f"linalg.norm/dim {dt}", "torch.linalg.norm(A, dim=1, keepdim=True)", {"A": randn(3, 4, dtype=dt)}, **tol)
        case(f"linalg.norm/all {dt}", "torch.linalg.norm(A)", {"A": randn(2, 3, 4, dtype=dt)}, **tol)
        case(f"linalg.matrix_norm/dims {dt}", "torch.linalg.matrix_norm(A, ord=2, dim=(0, 2))", {"A": randn(3, 2, 4, dtype=dt)}, grad=g, **tol)
        case(f"linalg.vector_norm/{dt}", "torch.linalg.vector_norm(A, ord=1, dim=(0, 1))", {"A": randn(3, 2, 4, dtype=dt)}, **tol)
    case("inverse", "torch.inverse(A)", {"A": well_conditioned(3, 3)})
    case("det/method", "A.det()", {"A": well_conditioned(3, 3)})
    case("cholesky/global", "torch.cholesky(A)", {"A": spd(3, 3)})
    case("qr/global", "torch.qr(A)", {"A": randn(4, 3)})
    case("linalg.cross", "torch.linalg.cross(a, b)", {"a": randn(2, 3, dtype=f64), "b": randn(2, 3, dtype=f64)}, grad=("a", "b"))
    # refusals
    case("linalg.inv/int64", "torch.linalg.inv(A)", {"A": torch.tensor([[1, 2], [3, 4]])})
    case("linalg.inv/not square", "torch.linalg.inv(A)", {"A": torch.ones(2, 3)})
    case("linalg.inv/1-D", "torch.linalg.inv(A)", {"A": torch.ones(3)})
    case("linalg.inv/singular", "torch.linalg.inv(A)", {"A": torch.ones(2, 2)})
    case("linalg.det/singular", "torch.linalg.det(A)", {"A": torch.ones(2, 2)})
    case("linalg.det/empty", "torch.linalg.det(A)", {"A": torch.zeros(0, 0)})
    case("linalg.solve/singular", "torch.linalg.solve(A, b)", {"A": torch.ones(2, 2), "b": torch.ones(2)})
    case("linalg.solve/shapes", "torch.linalg.solve(A, b)", {"A": torch.eye(2), "b": torch.ones(3)})
    case("linalg.solve/dtypes", "torch.linalg.solve(A, b)", {"A": torch.eye(2), "b": torch.ones(2, dtype=f64)})
    case("linalg.cholesky/not pd", "torch.linalg.cholesky(A)", {"A": torch.tensor([[1.0, 2.0], [2.0, 1.0]])})
    case("linalg.eigh/not square", "torch.linalg.eigh(A)", {"A": torch.ones(2, 3)})
    case("linalg.qr/bad mode", "torch.linalg.qr(A, mode='full')", {"A": torch.ones(2, 3)})
    case("linalg.norm/3-D with ord", "torch.linalg.norm(A, ord=2)", {"A": torch.ones(2, 2, 2)})
    case("linalg.norm/int64", "torch.linalg.norm(A)", {"A": torch.tensor([[3, 4]])})
    case("linalg.svd/int64", "torch.linalg.svd(A)", {"A": torch.tensor([[3, 4]])})


def conv_cases():
    f64 = torch.float64
    loose = dict(rtol=1e-4, atol=1e-5)
    case("conv2d/basic", "F.conv2d(x, w)", {"x": randn(2, 3, 6, 5, dtype=f64), "w": randn(4, 3, 3, 3, dtype=f64)}, grad=("x", "w"))
    case("conv2d/bias stride padding", "F.conv2d(x, w, b, stride=2, padding=1)", {"x": randn(2, 2, 7, 6, dtype=f64), "w": randn(3, 2, 3, 2, dtype=f64), "b": randn(3, dtype=f64)}, grad=("x", "w", "b"))
    case("conv2d/dilation groups", "F.conv2d(x, w, None, 1, (2, 1), (2, 1), 2)", {"x": randn(1, 4, 7, 7, dtype=f64), "w": randn(6, 2, 3, 3, dtype=f64)}, grad=("x", "w"))
    case("conv2d/tuple stride", "F.conv2d(x, w, stride=(1, 2), dilation=2)", {"x": randn(1, 1, 8, 9, dtype=f64), "w": randn(2, 1, 2, 3, dtype=f64)}, grad=("x", "w"))
    case("conv2d/same even kernel", "F.conv2d(x, w, padding='same')", {"x": randn(1, 2, 5, 5, dtype=f64), "w": randn(1, 2, 2, 4, dtype=f64)}, grad=("x", "w"))
    case("conv2d/valid", "F.conv2d(x, w, padding='valid')", {"x": randn(1, 1, 4, 4), "w": randn(1, 1, 3, 3)}, **loose)
    case("conv2d/float32", "F.conv2d(x, w, b, padding=2)", {"x": randn(2, 3, 8, 8), "w": randn(5, 3, 3, 3), "b": randn(5)}, **loose)
    case("conv2d/unbatched", "F.conv2d(x, w)", {"x": randn(2, 4, 4, dtype=f64), "w": randn(3, 2, 2, 2, dtype=f64)}, grad=("x", "w"))
    case("conv2d/int64", "F.conv2d(x, w)", {"x": torch.arange(16).reshape(1, 1, 4, 4), "w": torch.tensor([[[[1, -1], [2, 0]]]])})
    case("conv2d/dtype mismatch", "F.conv2d(x, w)", {"x": randn(1, 1, 3, 3), "w": randn(1, 1, 2, 2, dtype=f64)})
    case("conv2d/channels", "F.conv2d(x, w)", {"x": randn(1, 2, 3, 3), "w": randn(1, 1, 2, 2)})
    case("conv2d/kernel too large", "F.conv2d(x, w)", {"x": randn(1, 1, 3, 3), "w": randn(1, 1, 4, 4)})
    case("conv2d/2-D input", "F.conv2d(x, w)", {"x": randn(3, 3), "w": randn(1, 1, 2, 2)})
    case("conv2d/bias size", "F.conv2d(x, w, b)", {"x": randn(1, 1, 3, 3), "w": randn(1, 1, 2, 2), "b": randn(2)})
    case("conv2d/same strided", "F.conv2d(x, w, padding='same', stride=2)", {"x": randn(1, 1, 3, 3), "w": randn(1, 1, 2, 2)})
    case("max_pool2d/basic", "F.max_pool2d(x, 2)", {"x": randn(2, 3, 6, 5, dtype=f64)}, grad=("x",))
    case("max_pool2d/stride padding", "F.max_pool2d(x, 3, stride=2, padding=1)", {"x": randn(1, 2, 7, 6, dtype=f64)}, grad=("x",))
    case("max_pool2d/dilation", "F.max_pool2d(x, (2, 3), (1, 2), 1, 2)", {"x": randn(1, 1, 7, 8, dtype=f64)}, grad=("x",))
    case("max_pool2d/ceil_mode", "F.max_pool2d(x, 2, ceil_mode=True)", {"x": randn(1, 2, 5, 5, dtype=f64)}, grad=("x",))
    case("max_pool2d/ceil_mode stride", "F.max_pool2d(x, 3, 2, 1, ceil_mode=True)", {"x": randn(1, 1, 6, 6)})
    case("max_pool2d/indices", "F.max_pool2d(x, 2, return_indices=True)", {"x": randn(1, 2, 4, 6)})
    case("max_pool2d/indices padded", "F.max_pool2d(x, 3, 2, 1, return_indices=True)", {"x": randn(2, 5, 5)})
    case("max_pool2d/unbatched", "F.max_pool2d(x, 2)", {"x": randn(3, 4, 4, dtype=f64)}, grad=("x",))
    case("max_pool2d/nan", "F.max_pool2d(x, 2)", {"x": torch.tensor([[[[1.0, math.nan], [0.0, 2.0]]]])})
    case("max_pool2d/int64 refused", "F.max_pool2d(x, 2)", {"x": torch.ones(1, 1, 3, 3, dtype=torch.int64)})
    case("max_pool2d/pad too large", "F.max_pool2d(x, 2, padding=2)", {"x": randn(1, 1, 3, 3)})


def einsum_cases():
    f64 = torch.float64
    a, b = randn(2, 3, dtype=f64), randn(3, 4, dtype=f64)
    for name, eq, ins in (
        ("matmul", "ij,jk->ik", {"a": a, "b": b}),
        ("batch matmul", "bij,bjk->bik", {"a": randn(2, 2, 3, dtype=f64), "b": randn(2, 3, 2, dtype=f64)}),
        ("transpose", "ij->ji", {"a": a}),
        ("trace", "ii->", {"a": randn(3, 3, dtype=f64)}),
        ("diagonal", "ii->i", {"a": randn(3, 3, dtype=f64)}),
        ("outer", "i,j->ij", {"a": randn(3, dtype=f64), "b": randn(2, dtype=f64)}),
        ("sum", "ij->", {"a": a}),
        ("row sums", "ij->i", {"a": a}),
        ("dot", "i,i->", {"a": randn(4, dtype=f64), "b": randn(4, dtype=f64)}),
        ("hadamard", "ij,ij->ij", {"a": a, "b": randn(2, 3, dtype=f64)}),
        ("implicit", "ij,jk", {"a": a, "b": b}),
        ("implicit transpose", "ba", {"a": a}),
        ("bilinear", "bn,anm,bm->ba", {"a": randn(2, 3, dtype=f64), "b": randn(4, 3, 5, dtype=f64), "c": randn(2, 5, dtype=f64)}),
        ("ellipsis", "...ij,...jk->...ik", {"a": randn(2, 2, 3, dtype=f64), "b": randn(3, 2, dtype=f64)}),
        ("ellipsis implicit", "...ij->...ji", {"a": randn(2, 2, 3, dtype=f64)}),
        ("batch diagonal", "bii->bi", {"a": randn(2, 3, 3, dtype=f64)}),
        ("broadcast size 1", "ij,ij->i", {"a": randn(2, 3, dtype=f64), "b": randn(1, 3, dtype=f64)}),
        ("spaces", "i j , j k -> i k", {"a": a, "b": b}),
        ("uppercase", "iJ,Jk->ik", {"a": a, "b": b}),
    ):
        names = ", ".join(ins)
        case(f"einsum/{name}", f"torch.einsum('{eq}', {names})", ins, grad=tuple(ins))
    case("einsum/list operands", "torch.einsum('ij,jk->ik', [a, b])", {"a": a, "b": b})
    case("einsum/int64", "torch.einsum('ij,jk->ik', a, b)", {"a": torch.arange(6).reshape(2, 3), "b": torch.arange(12).reshape(3, 4)})
    case("einsum/float32", "torch.einsum('bij,bjk->bik', a, b)", {"a": randn(2, 3, 4), "b": randn(2, 4, 5)}, rtol=1e-5, atol=1e-5)
    case("einsum/size mismatch", "torch.einsum('ij,jk->ik', a, b)", {"a": randn(2, 3), "b": randn(4, 2)})
    case("einsum/operand count", "torch.einsum('ij,jk->ik', a)", {"a": randn(2, 3)})
    case("einsum/subscript count", "torch.einsum('ijk->i', a)", {"a": randn(2, 3)})
    case("einsum/unknown output", "torch.einsum('ij->k', a)", {"a": randn(2, 3)})
    case("einsum/bad character", "torch.einsum('i1->i', a)", {"a": randn(2, 3)})
    case("tensordot/int dims", "torch.tensordot(a, b, dims=1)", {"a": randn(2, 3, dtype=f64), "b": randn(3, 4, dtype=f64)}, grad=("a", "b"))
    case("tensordot/default", "torch.tensordot(a, b)", {"a": randn(2, 3, 4, dtype=f64), "b": randn(3, 4, 5, dtype=f64)}, grad=("a", "b"))
    case("tensordot/lists", "torch.tensordot(a, b, dims=([1, 0], [0, 2]))", {"a": randn(3, 2, 4, dtype=f64), "b": randn(2, 5, 3, dtype=f64)}, grad=("a", "b"))
    case("tensordot/zero dims", "torch.tensordot(a, b, dims=0)", {"a": randn(2, dtype=f64), "b": randn(3, dtype=f64)})
    case("tensordot/repeated dim", "torch.tensordot(a, b, dims=([0, 0], [0, 1]))", {"a": randn(2, 3), "b": randn(2, 2)})
    case("tensordot/mismatch", "torch.tensordot(a, b, dims=([0], [0]))", {"a": randn(2, 3), "b": randn(3, 2)})


def round_cases():
    f64 = torch.float64
    halves = torch.tensor([0.5, 1.5, 2.5, -0.5, -2.5, 1.25, 2.675, 1234.5678, -0.55])
    for dt in (torch.float32, f64):
        for d in (0, 1, 2, -1, -2):
            case(f"round/{dt} decimals {d}", f"torch.round(x, decimals={d})", {"x": halves.to(dt)})
            case(f"round_/{dt} decimals {d}", f"x.clone().round_(decimals={d})", {"x": halves.to(dt)})
        case(f"round/{dt} random decimals 3", "x.round(decimals=3)", {"x": randn(40, dtype=dt) * 100})
    case("round_/int64", "x.clone().round_()", {"x": torch.tensor([-3, 0, 7])})
    case("round_/int64 decimals", "x.clone().round_(decimals=1)", {"x": torch.tensor([-3, 0, 7])})
    case("round_/grad", "(x * 1).round_(decimals=1)", {"x": randn(3, dtype=f64)}, grad=("x",))
    ints = torch.tensor([[-7, 3, 0], [5, -2, 9]])
    for op, other in (("pow_", "2"), ("pow_", "y"), ("remainder_", "y"), ("floor_divide_", "y"), ("true_divide_", "y"),
                      ("remainder_", "3"), ("floor_divide_", "-2")):
        case(f"{op}/{other}", f"x.clone().{op}({other})", {"x": uniform(0.5, 3, 2, 3), "y": uniform(0.5, 2, 2, 3)})
        case(f"{op}/{other} int64", f"x.clone().{op}({other})", {"x": ints, "y": torch.tensor([[2, 5, 3], [3, 4, 2]])})
    case("pow_/grad", "(x * 1).pow_(3)", {"x": randn(4, dtype=f64)}, grad=("x",))
    for op in ("bitwise_and_", "bitwise_or_", "bitwise_xor_"):
        case(f"{op}/int64", f"x.clone().{op}(y)", {"x": ints, "y": torch.tensor([[6, 1, 7], [12, 3, 1]])})
        case(f"{op}/bool", f"x.clone().{op}(y)", {"x": torch.tensor([True, False, True]), "y": torch.tensor([True, True, False])})
        case(f"{op}/float", f"x.clone().{op}(y)", {"x": randn(2), "y": randn(2)})
    for op in ("tril_", "triu_"):
        case(f"{op}/diagonal", f"x.clone().{op}(1)", {"x": randn(3, 4)})
        case(f"{op}/grad", f"(x * 1).{op}(-1)", {"x": randn(2, 3, 3, dtype=f64)}, grad=("x",))
        case(f"{op}/int", f"x.clone().{op}()", {"x": torch.arange(9).view(3, 3)})


def dtype_cases():
    """The dtype axis: each operation over the narrow dtypes, where PyTorch
    1.13 implements it on the CPU (the others are left out: kael refuses
    the element-wise ones for float16 as PyTorch does, which
    lang/torch's TestHalfRefusalsMatchTorch checks, and computes the rest
    in float32 or int64). Written to
    dtypes.json by `gen.py dtypes`, with its own seed."""
    torch.manual_seed(20261202)
    exprs = ["x + y", "x - y", "x * y", "x / y", "-x", "x.abs()", "torch.maximum(x, y)", "torch.minimum(x, y)",
             "x.sum()", "x.sum(0)", "x.mean()", "x.mean(1)", "x.prod(1)", "x.amax(1)", "x.amin(0)", "x.argmax()",
             "x.max(1)", "x.min(0)", "x.sort(1)", "x.argsort(0)", "x.cumsum(1)", "x > y", "x == y", "x <= y",
             "torch.where(x > y, x, y)", "torch.cat([x, y])", "torch.stack([x, y])", "x.t().contiguous()",
             "x[0]", "x[:, 1:]", "x.float()", "x.double()", "x.long()", "x.to(torch.int32)", "x.half()",
             "x.bfloat16()", "x + 1", "x * 2.5", "x + torch.tensor(1.5)", "x - torch.tensor(2)",
             "torch.softmax(x, 1)", "torch.log_softmax(x, 1)", "torch.relu(x)", "x @ y.t()", "x.exp()",
             "torch.tanh(x)", "torch.sigmoid(x)", "x.abs().sqrt()", "x.pow(2)", "x.clamp(-1, 1)",
             "x // y", "x % y", "x & y", "x | y", "x ^ y", "~x", "x.flip(0)", "x.reshape(3, 2)",
             "torch.nn.functional.gelu(x)", "torch.nn.functional.layer_norm(x, (3,))", "x.sign()", "x.floor()",
             "x.round()", "torch.zeros_like(x)", "torch.ones(2, dtype=x.dtype)", "torch.full((2,), 7, dtype=x.dtype)",
             "torch.arange(5, dtype=x.dtype)", "x.unique()", "torch.topk(x, 2)", "x.var()", "x.norm()"]
    for dt in (torch.float16, torch.bfloat16, torch.uint8, torch.int8, torch.int16, torch.int32):
        if dt.is_floating_point:
            inputs = {"x": randn(2, 3, dtype=dt), "y": uniform(0.5, 2.0, 2, 3).to(dt)}
        else:
            lo = 0 if dt == torch.uint8 else -9
            inputs = {"x": torch.randint(lo, 10, (2, 3)).to(dt), "y": torch.randint(1, 10, (2, 3)).to(dt)}
        for expr in exprs:
            env = {"torch": torch, "F": F, "math": math}
            env.update({k: v.clone() for k, v in inputs.items()})
            try:
                eval(expr, env)
            except Exception:  # not implemented for dt on the CPU in PyTorch 1.13
                continue
            tol = {}
            if dt == torch.bfloat16 and "layer_norm" in expr:
                # PyTorch's bfloat16 kernel rounds its moments differently
                # from kael's single rounding of the float32 result: an ulp.
                tol = {"rtol": 2.0 ** -7, "atol": 2.0 ** -7}
            case(f"dtype {str(dt)[6:]}/{expr}", expr, inputs, **tol)


def funcs_cases():
    """The functions added for PyTorch's torch.* and Tensor names (aliases,
    rearranging, products, special functions), written to funcs.json by
    `gen.py funcs`, with its own seed."""
    torch.manual_seed(20261203)
    f64 = torch.float64
    ints = torch.tensor([-3, 0, 2, 7])
    bools = torch.tensor([True, False, True, False])
    special = torch.tensor([0.0, -0.0, 1.0, -1.0, math.inf, -math.inf, math.nan, 0.5])
    # Aliases: the same results as the names they stand for.
    for alias, x in (("arccos", uniform(-0.9, 0.9, 3)), ("arcsin", uniform(-0.9, 0.9, 3)), ("arctan", randn(3)),
                     ("arccosh", uniform(1.2, 3, 3)), ("arcsinh", randn(3)), ("arctanh", uniform(-0.9, 0.9, 3)),
                     ("absolute", randn(3)), ("negative", randn(3)), ("fix", randn(3) * 3)):
        case(f"{alias}", f"torch.{alias}(x)", {"x": x.double()}, grad=("x",))
        case(f"{alias}/method", f"x.{alias}()", {"x": x})
        case(f"{alias}_", f"x.clone().{alias}_()", {"x": x})
    case("arctan2", "torch.arctan2(a, b)", {"a": randn(3, dtype=f64), "b": randn(3, dtype=f64)}, grad=("a", "b"))
    for alias in ("greater", "greater_equal", "less", "less_equal", "not_equal"):
        case(alias, f"torch.{alias}(a, b)", {"a": ints, "b": ints.flip(0)})
        case(f"{alias}/number", f"a.{alias}(0.5)", {"a": randn(4)})
    case("multiply", "torch.multiply(a, b)", {"a": randn(2, 3, dtype=f64), "b": randn(3, dtype=f64)}, grad=("a", "b"))
    case("subtract/alpha", "torch.subtract(a, b, alpha=2)", {"a": randn(3), "b": randn(3)})
    case("clip", "torch.clip(x, -0.5, 0.5)", {"x": randn(5, dtype=f64)}, grad=("x",))
    case("clip_", "x.clone().clip_(min=0)", {"x": randn(5)})
    case("swapaxes", "torch.swapaxes(x, 0, 2)", {"x": randn(2, 3, 4)})
    case("swapdims", "x.swapdims(-1, 0)", {"x": randn(2, 3)})
    case("concat", "torch.concat([a, b], dim=1)", {"a": randn(2, 2), "b": randn(2, 3)})
    case("ger", "torch.ger(a, b)", {"a": randn(3, dtype=f64), "b": randn(2, dtype=f64)}, grad=("a", "b"))
    case("exp_ function", "(torch.exp_(x), x)", {"x": randn(3)})
    case("clamp_ function", "torch.clamp_(x, max=0.1)", {"x": randn(4)})
    case("in-place gt_", "x.clone().gt_(y)", {"x": randn(4), "y": randn(4)})
    case("in-place eq_ int", "x.clone().eq_(0)", {"x": ints})
    case("in-place logical_and_", "x.clone().logical_and_(y)", {"x": ints, "y": bools})
    case("in-place less_equal_", "x.clone().less_equal_(y)", {"x": randn(4), "y": randn(4)})
    # Rearranging.
    x3 = randn(2, 3, 4, dtype=f64)
    case("movedim", "torch.movedim(x, 0, -1)", {"x": x3}, grad=("x",))
    case("movedim/tuples", "x.movedim((0, 1), (2, 0))", {"x": x3})
    case("moveaxis", "torch.moveaxis(x, 1, 0)", {"x": x3})
    case("movedim/count mismatch", "torch.movedim(x, (0, 1), (0,))", {"x": x3})
    case("movedim/repeated", "torch.movedim(x, (0, 0), (1, 2))", {"x": x3})
    case("movedim/out of range", "torch.movedim(x, 5, 0)", {"x": x3})
    case("unflatten", "x.unflatten(1, (2, 3))", {"x": randn(2, 6, dtype=f64)}, grad=("x",))
    case("unflatten/inferred", "torch.unflatten(x, -1, (-1, 2))", {"x": randn(2, 6)})
    case("unflatten/bad sizes", "x.unflatten(1, (4, 2))", {"x": randn(2, 6)})
    case("unflatten/0-d", "x.unflatten(0, (1,))", {"x": torch.tensor(1.0)})
    case("expand_as", "x.expand_as(y)", {"x": randn(3, 1, dtype=f64), "y": randn(2, 3, 4)}, grad=("x",))
    case("reshape_as", "x.reshape_as(y)", {"x": randn(2, 3), "y": randn(3, 2)})
    case("ravel", "torch.ravel(x.t())", {"x": randn(2, 3, dtype=f64)}, grad=("x",))
    case("tensor_split/sections", "torch.tensor_split(x, 3, dim=1)", {"x": randn(2, 7, dtype=f64)}, grad=("x",))
    case("tensor_split/indices", "x.tensor_split([1, 4, -1])", {"x": randn(6)})
    case("tensor_split/big indices", "x.tensor_split((2, 10))", {"x": randn(6)})
    case("tensor_split/tensor sections", "x.tensor_split(torch.tensor(4))", {"x": randn(6)})
    case("tensor_split/tensor indices", "x.tensor_split(torch.tensor([2, 3]))", {"x": randn(6)})
    case("tensor_split/float tensor", "x.tensor_split(torch.tensor([2.0]))", {"x": randn(6)})
    case("tensor_split/zero", "x.tensor_split(0)", {"x": randn(6)})
    case("tensor_split/0-d", "x.tensor_split(2)", {"x": torch.tensor(1.0)})
    case("hsplit", "torch.hsplit(x, 2)", {"x": randn(3, 4)})
    case("hsplit/1-d", "torch.hsplit(x, [1, 3])", {"x": randn(5)})
    case("hsplit/not divisible", "torch.hsplit(x, 3)", {"x": randn(3, 4)})
    case("vsplit", "x.vsplit(3)", {"x": randn(3, 4)})
    case("vsplit/1-d", "torch.vsplit(x, 2)", {"x": randn(4)})
    case("dsplit", "torch.dsplit(x, [1])", {"x": randn(2, 2, 3)})
    for n in (1, 2, 3):
        case(f"atleast_{n}d/0-d", f"torch.atleast_{n}d(x)", {"x": torch.tensor(1.5)})
        case(f"atleast_{n}d/1-d", f"torch.atleast_{n}d(x)", {"x": randn(3)})
        case(f"atleast_{n}d/2-d", f"torch.atleast_{n}d(x)", {"x": randn(2, 3)})
        case(f"atleast_{n}d/several", f"torch.atleast_{n}d(x, y)", {"x": torch.tensor(1.5), "y": randn(2)})
        case(f"atleast_{n}d/list", f"torch.atleast_{n}d([x, y])", {"x": torch.tensor(1.5), "y": randn(2)})
    case("fliplr", "torch.fliplr(x)", {"x": randn(2, 3, dtype=f64)}, grad=("x",))
    case("fliplr/1-d", "torch.fliplr(x)", {"x": randn(3)})
    case("flipud", "x.flipud()", {"x": randn(2, 3)})
    case("flipud/0-d", "torch.flipud(x)", {"x": torch.tensor(1.0)})
    for k in (1, 2, 3, 4, -1, 5):
        case(f"rot90/k {k}", f"torch.rot90(x, {k})", {"x": randn(2, 3, dtype=f64)}, grad=("x",) if k == 1 else ())
    case("rot90/dims", "x.rot90(1, [2, 0])", {"x": randn(2, 3, 4)})
    case("rot90/1-d", "torch.rot90(x)", {"x": randn(3)})
    case("rot90/same dims", "torch.rot90(x, 1, [0, -2])", {"x": randn(3, 3)})
    case("rot90/dims out of range", "torch.rot90(x, 1, [0, 5])", {"x": randn(3, 3)})
    case("hstack", "torch.hstack([a, b])", {"a": randn(2, 1, dtype=f64), "b": randn(2, 3, dtype=f64)}, grad=("a", "b"))
    case("hstack/1-d", "torch.hstack((a, b))", {"a": randn(2), "b": torch.tensor(1.0)})
    case("vstack", "torch.vstack([a, b])", {"a": randn(3), "b": randn(2, 3)})
    case("row_stack", "torch.row_stack([a, b])", {"a": randn(3), "b": randn(3)})
    case("dstack", "torch.dstack([a, b])", {"a": randn(3), "b": randn(3)})
    case("column_stack", "torch.column_stack([a, b, c])", {"a": randn(3), "b": randn(3, 2), "c": randn(3)})
    case("hstack/empty", "torch.hstack([])", {})
    case("vstack/mismatch", "torch.vstack([a, b])", {"a": randn(3), "b": randn(2)})
    case("tile", "x.tile((2,))", {"x": randn(2, 3, dtype=f64)}, grad=("x",))
    case("tile/more dims", "torch.tile(x, (2, 1, 2))", {"x": randn(2, 3)})
    # Products.
    m23, m34 = randn(2, 3, dtype=f64), randn(3, 4, dtype=f64)
    case("addmm", "torch.addmm(c, a, b)", {"c": randn(4, dtype=f64), "a": m23, "b": m34}, grad=("c", "a", "b"))
    case("addmm/beta alpha", "torch.addmm(c, a, b, beta=0.5, alpha=2)", {"c": randn(2, 4, dtype=f64), "a": m23, "b": m34}, grad=("c", "a", "b"))
    case("addmm/beta 0 ignores nan", "torch.addmm(c, a, b, beta=0)", {"c": torch.full((2, 4), math.nan), "a": randn(2, 3), "b": randn(3, 4)})
    case("addmm/int", "torch.addmm(c, a, b, alpha=2)", {"c": ints[:2], "a": torch.tensor([[1, 2], [3, 4]]), "b": torch.tensor([[5, 6], [7, 8]])})
    case("addmm/dtype mismatch", "torch.addmm(c, a, b)", {"c": randn(2, 4, dtype=f64), "a": randn(2, 3), "b": randn(3, 4)})
    case("addmm/vector", "torch.addmm(c, a, b)", {"c": randn(4), "a": randn(3), "b": randn(3, 4)})
    case("addmm/bad broadcast", "torch.addmm(c, a, b)", {"c": randn(3), "a": randn(2, 3), "b": randn(3, 4)})
    case("addmm_", "c.clone().addmm_(a, b, beta=2)", {"c": randn(2, 4), "a": randn(2, 3), "b": randn(3, 4)})
    case("mv", "torch.mv(a, v)", {"a": m23, "v": randn(3, dtype=f64)}, grad=("a", "v"))
    case("mv/mismatch", "a.mv(v)", {"a": randn(2, 3), "v": randn(2)})
    case("mv/matrix", "torch.mv(a, a)", {"a": randn(2, 2)})
    case("addmv", "torch.addmv(c, a, v, alpha=-1)", {"c": randn(2, dtype=f64), "a": m23, "v": randn(3, dtype=f64)}, grad=("c", "a", "v"))
    case("addmv/cast", "torch.addmv(c, a, v)", {"c": randn(2, dtype=f64), "a": randn(2, 3), "v": randn(3)})
    case("addr", "torch.addr(c, u, v, beta=2)", {"c": randn(2, 3, dtype=f64), "u": randn(2, dtype=f64), "v": randn(3, dtype=f64)}, grad=("c", "u", "v"))
    case("addr/promote", "torch.addr(c, u, v)", {"c": torch.tensor([[1, 2, 3], [4, 5, 6]]), "u": randn(2), "v": randn(3)})
    case("addr/int float beta", "torch.addr(c, u, v, beta=0.5)", {"c": torch.tensor([[1, 2], [3, 4]]), "u": torch.tensor([1, 2]), "v": torch.tensor([3, 4])})
    case("addr/matrix", "torch.addr(c, u, v)", {"c": randn(2, 2), "u": randn(2, 2), "v": randn(2)})
    case("addr_", "c.clone().addr_(u, v)", {"c": randn(2, 3), "u": randn(2), "v": randn(3)})
    b1, b2 = randn(2, 2, 3, dtype=f64), randn(2, 3, 4, dtype=f64)
    case("baddbmm", "torch.baddbmm(c, a, b, alpha=0.5)", {"c": randn(2, 4, dtype=f64), "a": b1, "b": b2}, grad=("c", "a", "b"))
    case("baddbmm/2-d", "torch.baddbmm(c, a, a)", {"c": randn(2, 2), "a": randn(2, 2)})
    case("addbmm", "torch.addbmm(c, a, b)", {"c": randn(2, 4, dtype=f64), "a": b1, "b": b2}, grad=("c", "a", "b"))
    case("addbmm/dtype mismatch", "torch.addbmm(c, a, b)", {"c": randn(2, 4, dtype=f64), "a": randn(2, 2, 3), "b": randn(2, 3, 4)})
    case("addbmm_", "c.clone().addbmm_(a, b)", {"c": randn(2, 4), "a": randn(2, 2, 3), "b": randn(2, 3, 4)})
    case("addcmul", "torch.addcmul(c, a, b, value=0.5)", {"c": randn(2, 3, dtype=f64), "a": randn(3, dtype=f64), "b": randn(2, 1, dtype=f64)}, grad=("c", "a", "b"))
    case("addcmul/int", "torch.addcmul(c, a, b, value=2)", {"c": ints, "a": ints, "b": ints.flip(0)})
    case("addcmul/promote", "torch.addcmul(c, a, b)", {"c": ints, "a": randn(4), "b": randn(4)})
    case("addcdiv", "torch.addcdiv(c, a, b, value=-1)", {"c": randn(3, dtype=f64), "a": randn(3, dtype=f64), "b": uniform(0.5, 2, 3, dtype=f64)}, grad=("c", "a", "b"))
    case("addcdiv/int refused", "torch.addcdiv(c, a, b)", {"c": randn(4), "a": ints, "b": ints})
    case("addcdiv_", "c.clone().addcdiv_(a, b, value=2)", {"c": randn(3), "a": randn(3), "b": uniform(0.5, 2, 3)})
    case("addcmul_", "c.clone().addcmul_(a, b)", {"c": randn(3), "a": randn(3), "b": randn(3)})
    case("inner", "torch.inner(a, b)", {"a": randn(2, 3, dtype=f64), "b": randn(4, 3, dtype=f64)}, grad=("a", "b"))
    case("inner/1-d", "a.inner(b)", {"a": randn(3), "b": randn(3)})
    case("inner/0-d", "torch.inner(a, b)", {"a": torch.tensor(2.0), "b": randn(2, 2)})
    case("inner/mismatch", "torch.inner(a, b)", {"a": randn(2, 2), "b": randn(3)})
    case("kron", "torch.kron(a, b)", {"a": randn(2, 3, dtype=f64), "b": randn(2, 2, dtype=f64)}, grad=("a", "b"))
    case("kron/ranks", "torch.kron(a, b)", {"a": randn(2, 2), "b": randn(3)})
    case("kron/int", "a.kron(b)", {"a": ints, "b": ints[:2]})
    # Special functions and their dtypes.
    domains = {"exp2": (-3, 3), "erfinv": (-0.9, 0.9), "lgamma": (0.2, 5), "digamma": (0.2, 5), "sinc": (-2, 2),
               "deg2rad": (-200, 200), "rad2deg": (-3, 3), "square": (-3, 3), "sgn": (-3, 3), "logit": (0.05, 0.95)}
    for op, (lo, hi) in domains.items():
        for dt in (torch.float32, f64):
            case(f"{op}/{dt}", f"torch.{op}(x)", {"x": uniform(lo, hi, 2, 3, dtype=dt)}, grad=("x",) if dt == f64 else ())
        case(f"{op}/special", f"x.{op}()", {"x": special})
        case(f"{op}/int64", f"torch.{op}(x)", {"x": ints})
        case(f"{op}/bool", f"torch.{op}(x)", {"x": bools})
        case(f"{op}_/float32", f"x.clone().{op}_()", {"x": uniform(lo, hi, 3)})
        case(f"{op}_/int64", f"x.clone().{op}_()", {"x": ints})
    case("digamma/negative", "torch.digamma(x)", {"x": torch.tensor([-0.5, -1.5, -2.0, -2.7, 10.0, 12.5, 1e-3], dtype=f64)})
    case("lgamma/negative", "torch.lgamma(x)", {"x": torch.tensor([-0.5, -1.5, -2.0, -2.7, 10.0, 120.5], dtype=f64)})
    case("sinc/zero grad", "torch.sinc(x)", {"x": torch.tensor([0.0, 0.5, -1.5], dtype=f64)}, grad=("x",))
    case("logit/eps", "torch.logit(x, eps=0.1)", {"x": torch.tensor([0.0, 0.05, 0.5, 0.97, 1.0], dtype=f64)}, grad=("x",))
    case("logit_/eps", "x.clone().logit_(1e-3)", {"x": uniform(0, 1, 4)})
    case("signbit", "torch.signbit(x)", {"x": special})
    case("signbit/int", "x.signbit()", {"x": ints})
    case("signbit/bool", "torch.signbit(x)", {"x": bools})
    case("positive", "torch.positive(x)", {"x": randn(3)})
    case("positive/bool", "torch.positive(x)", {"x": bools})
    binaries = ("copysign", "fmod", "fmax", "fmin", "logaddexp", "logaddexp2", "xlogy", "nextafter", "heaviside", "gcd", "lcm", "float_power", "ldexp")
    for op in binaries:
        grad = ("a", "b") if op not in ("nextafter", "heaviside", "gcd", "lcm") else ()
        case(f"{op}/float64", f"torch.{op}(a, b)", {"a": randn(2, 3, dtype=f64), "b": uniform(0.5, 2, 3, dtype=f64) * torch.tensor([1.0, -1.0, 1.0], dtype=f64)}, grad=grad)
        case(f"{op}/int64", f"torch.{op}(a, b)", {"a": ints, "b": torch.tensor([2, -3, 4, 5])})
        case(f"{op}/bool", f"torch.{op}(a, b)", {"a": bools, "b": bools.flip(0)})
        case(f"{op}/mixed", f"torch.{op}(a, b)", {"a": randn(4), "b": randn(4, dtype=f64)})
        case(f"{op}/int float", f"a.{op}(b)", {"a": ints, "b": uniform(0.5, 2, 4)})
        case(f"{op}/number", f"torch.{op}(a, 2.5)", {"a": randn(4)})
        case(f"{op}/special", f"torch.{op}(a, b)", {"a": special, "b": special.flip(0)})
    case("fmod/int zero", "torch.fmod(a, b)", {"a": ints, "b": ints.flip(0)})
    case("fmod/number grad", "torch.fmod(a, 1.5)", {"a": randn(4, dtype=f64) * 3}, grad=("a",))
    case("xlogy/zeros", "torch.xlogy(a, b)", {"a": torch.tensor([0.0, 0.0, 1.0, 2.0], dtype=f64), "b": torch.tensor([0.0, -1.0, 0.5, 3.0], dtype=f64)}, grad=("a", "b"))
    case("xlogy/number grad", "torch.xlogy(a, 3.0)", {"a": randn(3, dtype=f64)}, grad=("a",))
    case("fmax/nan grad", "torch.fmax(a, b)", {"a": torch.tensor([1.0, math.nan, 3.0, 2.0], dtype=f64), "b": torch.tensor([2.0, 1.0, math.nan, 2.0], dtype=f64)}, grad=("a", "b"))
    case("fmin/nan grad", "torch.fmin(a, b)", {"a": torch.tensor([1.0, math.nan, 3.0, 2.0], dtype=f64), "b": torch.tensor([2.0, 1.0, math.nan, 2.0], dtype=f64)}, grad=("a", "b"))
    case("copysign/zero grad", "torch.copysign(a, b)", {"a": torch.tensor([0.0, -2.0, 3.0], dtype=f64), "b": torch.tensor([-1.0, 1.0, -0.0], dtype=f64)}, grad=("a", "b"))
    case("gcd/negatives", "torch.gcd(a, b)", {"a": torch.tensor([-12, 0, 0, 18, 7]), "b": torch.tensor([8, 0, -5, -27, 0])})
    case("lcm/negatives", "torch.lcm(a, b)", {"a": torch.tensor([-12, 0, 0, 18, 7]), "b": torch.tensor([8, 0, -5, -27, 0])})
    case("float_power/int", "torch.float_power(a, 2)", {"a": ints})
    case("float_power/tensor exponent", "a.float_power(b)", {"a": uniform(0.5, 2, 3), "b": ints[:3]})
    case("float_power_/float32 refused", "a.clone().float_power_(2)", {"a": randn(3)})
    case("float_power_/float64", "a.clone().float_power_(2)", {"a": randn(3, dtype=f64)})
    for op in ("copysign_", "fmod_", "xlogy_", "gcd_", "lcm_", "ldexp_", "heaviside_", "nextafter_"):
        ints_only = op in ("gcd_", "lcm_")
        a = ints if ints_only else uniform(0.5, 2, 4)
        b = torch.tensor([2, -3, 4, 5]) if ints_only else uniform(0.5, 2, 4) * torch.tensor([1.0, -1.0, 1.0, 1.0])
        case(op, f"a.clone().{op}(b)", {"a": a, "b": b})
    case("clamp_min", "torch.clamp_min(x, 0.2)", {"x": randn(5, dtype=f64)}, grad=("x",))
    case("clamp_max", "x.clamp_max(m)", {"x": randn(5, dtype=f64), "m": randn(5, dtype=f64)}, grad=("x", "m"))
    case("clamp_min_", "x.clone().clamp_min_(0)", {"x": randn(5)})
    case("clamp_max_/function", "torch.clamp_max_(x, 0)", {"x": randn(5)})
    funcs_reduction_cases()
    funcs_construct_cases()
    funcs_more_cases()
    funcs_scan_cases()  # last, so that the random inputs of the others stay as they were


def funcs_more_cases():
    f64 = torch.float64
    ints = torch.tensor([[3, 0, -2], [0, 5, 1]])
    x = randn(3, 4, dtype=f64)
    case("var_mean", "torch.var_mean(x, 1)", {"x": x})
    case("var_mean/all", "torch.var_mean(x, unbiased=False)", {"x": x})
    case("std_mean", "torch.std_mean(x, dim=0, keepdim=True, correction=0)", {"x": x})
    case("std_mean/grad", "torch.std_mean(x, 1)", {"x": x}, grad=("x",))
    case("logcumsumexp", "torch.logcumsumexp(x, 1)", {"x": x}, grad=("x",))
    case("logcumsumexp/inf", "x.logcumsumexp(0)", {"x": torch.tensor([-math.inf, -math.inf, 1.0, math.inf, 2.0])})
    case("logcumsumexp/int", "torch.logcumsumexp(x, 0)", {"x": ints})
    case("trapezoid", "torch.trapezoid(y)", {"y": x}, grad=("y",))
    case("trapezoid/dx", "torch.trapezoid(y, dx=0.5, dim=0)", {"y": x})
    case("trapezoid/x", "torch.trapezoid(y, t)", {"y": x, "t": torch.tensor([0.0, 0.5, 1.5, 3.0], dtype=f64)}, grad=("y", "t"))
    case("trapezoid/x 2-d", "torch.trapezoid(y, t, dim=0)", {"y": x, "t": randn(3, 4, dtype=f64).cumsum(0)})
    case("trapezoid/int", "torch.trapezoid(y)", {"y": ints})
    case("trapz", "torch.trapz(y, t)", {"y": x, "t": torch.tensor([0.0, 1.0, 2.5, 3.0], dtype=f64)})
    case("cumulative_trapezoid", "torch.cumulative_trapezoid(y)", {"y": x}, grad=("y",))
    case("cumulative_trapezoid/x", "torch.cumulative_trapezoid(y, t)", {"y": x, "t": torch.tensor([0.0, 0.5, 1.5, 3.0], dtype=f64)})
    case("cumulative_trapezoid/dx", "torch.cumulative_trapezoid(y, dx=2.0, dim=0)", {"y": x})
    case("isin", "torch.isin(e, t)", {"e": ints, "t": torch.tensor([0, 5, 7])})
    case("isin/invert", "torch.isin(e, t, invert=True)", {"e": randn(4), "t": randn(2)})
    case("isin/scalar test", "torch.isin(e, 5)", {"e": ints})
    case("logspace", "torch.logspace(0, 2, 5)", {})
    case("logspace/base", "torch.logspace(-1, 1, 4, base=2.0, dtype=torch.float64)", {})
    case("logspace/one", "torch.logspace(3, 3, 1)", {})
    case("rsub", "torch.rsub(a, b)", {"a": randn(3, dtype=f64), "b": randn(3, dtype=f64)}, grad=("a", "b"))
    case("rsub/number alpha", "torch.rsub(a, 2.0, alpha=3)", {"a": randn(3, dtype=f64)}, grad=("a",))
    case("rsub/bool", "torch.rsub(a, a)", {"a": torch.tensor([True, False])})
    case("split_with_sizes", "torch.split_with_sizes(x, [1, 3], dim=1)", {"x": x}, grad=("x",))
    case("split_with_sizes/bad sum", "x.split_with_sizes([1, 2])", {"x": x})
    case("ndimension", "x.ndimension()", {"x": x})
    case("conj_physical", "torch.conj_physical(x)", {"x": x})
    case("is_nonzero", "torch.is_nonzero(x)", {"x": torch.tensor([0.5])})
    case("is_nonzero/zero", "x.is_nonzero()", {"x": torch.tensor(0)})
    case("is_nonzero/many", "torch.is_nonzero(x)", {"x": torch.tensor([1, 2])})
    case("is_nonzero/empty", "torch.is_nonzero(x)", {"x": torch.tensor([])})
    case("is_same_size", "(torch.is_same_size(a, b), a.is_same_size(a))", {"a": randn(2, 3), "b": randn(3, 2)})
    case("is_signed", "(torch.is_signed(a), torch.is_signed(b))", {"a": randn(2), "b": torch.tensor([True])})
    case("isreal", "torch.isreal(a)", {"a": randn(3)})
    case("is_conj", "(torch.is_conj(a), a.is_neg(), torch.resolve_conj(a), a.resolve_neg())", {"a": randn(3)})
    case("get_device", "a.get_device()", {"a": randn(3)})
    case("sum_to_size", "x.sum_to_size(1, 4)", {"x": x}, grad=("x",))
    case("sum_to_size/leading", "x.sum_to_size((3, 1))", {"x": randn(2, 3, 4)})
    case("sum_to_size/bad", "x.sum_to_size(2, 4)", {"x": x})
    case("where method", "x.where(x > 0, y)", {"x": x, "y": randn(4, dtype=f64)}, grad=("x", "y"))
    case("where method/number refused", "x.where(x > 0, 0.0)", {"x": x})
    case("frexp", "torch.frexp(x)", {"x": torch.tensor([0.0, -0.0, 1.0, -3.5, 1e-3, 1e30, math.inf, math.nan])})
    case("frexp/grad", "x.frexp()", {"x": randn(4, dtype=f64) * 100}, grad=("x",))
    case("frexp/int", "torch.frexp(x)", {"x": ints})
    case("i0", "torch.i0(x)", {"x": torch.tensor([0.0, 0.5, -1.0, 3.0, 10.0, 50.0, -700.0, math.inf, math.nan], dtype=f64)})
    case("i0/float32 grad", "torch.i0(x)", {"x": randn(5, dtype=f64) * 4}, grad=("x",))
    case("i0/int", "x.i0()", {"x": ints})
    case("i0_", "x.clone().i0_()", {"x": randn(3)})
    case("kaiser_window", "torch.kaiser_window(6)", {})
    case("kaiser_window/symmetric beta", "torch.kaiser_window(7, False, 5.0, dtype=torch.float64)", {})
    case("kaiser_window/one", "torch.kaiser_window(1)", {})
    case("diff/n 0 copy", "torch.diff(x, n=0)", {"x": randn(3, dtype=f64)}, grad=("x",))
    case("addmv_ function", "torch.addmv_(c, a, v)", {"c": randn(2), "a": randn(2, 3), "v": randn(3)})


def funcs_scan_cases():
    """The scans with kernels of their own (cumprod, logcumsumexp, cummax,
    cummin) along every kind of dimension, and bad inputs of the
    construction functions."""
    f64 = torch.float64
    case("cumprod/dim 0 wide", "torch.cumprod(x, 0)", {"x": uniform(0.8, 1.25, 40, 300)}, rtol=1e-6)
    case("cumprod/middle dim grad", "x.cumprod(1)", {"x": uniform(0.5, 1.5, 2, 5, 3, dtype=f64)}, grad=("x",))
    case("cumprod/zeros dim 0 grad", "torch.cumprod(x, 0)", {"x": torch.tensor([[2.0, 0.0], [0.0, 3.0], [4.0, 0.0], [5.0, 2.0]], dtype=f64)}, grad=("x",))
    case("cumprod/complex grad", "torch.view_as_real(torch.cumprod(torch.complex(a, b), 0))", {"a": uniform(0.5, 1.5, 4, dtype=f64), "b": torch.tensor([0.3, 0.0, -0.4, 0.1], dtype=f64)}, grad=("a", "b"))
    case("cumprod/complex zero grad", "torch.view_as_real(torch.cumprod(torch.complex(a, b), 0))", {"a": torch.tensor([1.5, 0.0, 2.0, 0.5], dtype=f64), "b": torch.tensor([0.3, 0.0, -0.4, 0.1], dtype=f64)}, grad=("a", "b"))
    case("cumprod/bfloat16", "torch.cumprod(x, 0)", {"x": uniform(0.5, 1.5, 6).to(torch.bfloat16)})
    case("cumprod/float16 refused", "torch.cumprod(x, 0)", {"x": torch.ones(3, dtype=torch.float16)})
    case("cumprod/int8", "torch.cumprod(x, 0)", {"x": torch.tensor([1, -2, 3, 4], dtype=torch.int8)})
    case("cumprod/empty", "torch.cumprod(x, 1)", {"x": torch.zeros(2, 0)})
    case("cumprod/dim out of range", "torch.cumprod(x, -3)", {"x": torch.ones(2, 3)})
    case("logcumsumexp/dim 0 grad", "torch.logcumsumexp(x, 0)", {"x": randn(5, 3, dtype=f64)}, grad=("x",))
    case("logcumsumexp/-inf grad", "x.logcumsumexp(0)", {"x": torch.tensor([-math.inf, 0.5, -math.inf, 2.0], dtype=f64)}, grad=("x",))
    case("logcumsumexp/float32 long", "torch.logcumsumexp(x, 1)", {"x": randn(3, 500) * 10}, rtol=1e-5)
    case("logcumsumexp/nan", "torch.logcumsumexp(x, 0)", {"x": torch.tensor([1.0, math.nan, math.inf, -math.inf])})
    case("logcumsumexp/bfloat16", "torch.logcumsumexp(x, 0)", {"x": torch.tensor([1.0, 2.0, 3.0], dtype=torch.bfloat16)})
    case("logcumsumexp/float16 refused", "torch.logcumsumexp(x, 0)", {"x": torch.ones(3, dtype=torch.float16)})
    case("logcumsumexp/complex refused", "torch.logcumsumexp(torch.complex(x, x), 0)", {"x": torch.ones(3)})
    case("logcumsumexp/0-d", "torch.logcumsumexp(x, 0)", {"x": torch.tensor(1.5)})
    case("cummax/dim 0 wide", "torch.cummax(x, 0)", {"x": randn(7, 300)})
    case("cummin/middle dim grad", "torch.cummin(x, 1)", {"x": randn(2, 6, 3, dtype=f64)}, grad=("x",))
    case("cummin/nan ties", "x.cummin(0)", {"x": torch.tensor([3.0, 1.0, 1.0, math.nan, 0.0, math.nan])})
    case("cummax/bool", "torch.cummax(x, 0)", {"x": torch.tensor([False, True, False])})
    case("cummax/int8", "torch.cummax(x, 0)", {"x": torch.tensor([-3, 5, 2, 5], dtype=torch.int8)})
    case("cummax/bfloat16", "torch.cummax(x, 0)", {"x": torch.tensor([1.0, -2.0, 4.0], dtype=torch.bfloat16)})
    case("cummax/complex refused", "torch.cummax(torch.complex(x, x), 0)", {"x": torch.ones(2)})
    case("cummax/float16 refused", "torch.cummax(x, 0)", {"x": torch.ones(2, dtype=torch.float16)})
    case("cummax/empty", "torch.cummax(x, 1)", {"x": torch.zeros(2, 0)})
    case("cummin/dim out of range", "torch.cummin(x, 2)", {"x": torch.ones(2, 3)})
    case("take/beyond 2**53", "torch.take(x, i)", {"x": torch.zeros(3), "i": torch.tensor([2**53 + 1])})
    case("take/empty index", "torch.take(x, i)", {"x": randn(2, 2), "i": torch.zeros(0, dtype=torch.int64)})
    case("hamming_window/alpha without periodic", "torch.hamming_window(5, alpha=0.5)", {})
    case("hamming_window/beta without alpha", "torch.hamming_window(5, True, beta=0.5)", {})
    case("hamming_window/keywords", "torch.hamming_window(5, periodic=False, alpha=0.5, beta=0.3)", {})
    case("hamming_window/periodic only", "torch.hamming_window(6, False)", {})


def funcs_reduction_cases():
    f64 = torch.float64
    ints = torch.tensor([[3, 0, -2], [0, 5, 1]])
    nans = torch.tensor([[1.0, math.nan, 2.0], [math.nan, math.nan, 4.0]], dtype=f64)
    case("count_nonzero", "torch.count_nonzero(x)", {"x": ints})
    case("count_nonzero/dim", "x.count_nonzero(dim=1)", {"x": ints})
    case("count_nonzero/dims", "torch.count_nonzero(x, (0, 1))", {"x": randn(2, 3) > 0})
    case("nansum", "torch.nansum(x)", {"x": nans}, grad=("x",))
    case("nansum/dim", "x.nansum(1, keepdim=True)", {"x": nans})
    case("nansum/int", "torch.nansum(x)", {"x": ints})
    case("nanmean", "torch.nanmean(x, dim=0)", {"x": nans}, grad=("x",))
    case("nanmean/int refused", "torch.nanmean(x)", {"x": ints})
    case("diff", "torch.diff(x)", {"x": randn(2, 5, dtype=f64)}, grad=("x",))
    case("diff/n 2 dim 0", "x.diff(n=2, dim=0)", {"x": randn(4, 3)})
    case("diff/prepend append", "torch.diff(x, prepend=p, append=q)", {"x": randn(2, 3, dtype=f64), "p": randn(2, 1, dtype=f64), "q": randn(2, 2, dtype=f64)}, grad=("x", "p", "q"))
    case("diff/bool", "torch.diff(x)", {"x": torch.tensor([True, False, False, True])})
    case("diff/int", "torch.diff(x, n=3)", {"x": torch.tensor([1, 4, 9, 16, 25])})
    case("diff/0-d", "torch.diff(x)", {"x": torch.tensor(1.0)})
    case("diff/negative n", "torch.diff(x, n=-1)", {"x": randn(3)})
    case("cumprod", "torch.cumprod(x, 1)", {"x": uniform(0.5, 1.5, 2, 4, dtype=f64)}, grad=("x",))
    case("cumprod/zeros grad", "torch.cumprod(x, 0)", {"x": torch.tensor([2.0, 0.0, 3.0, 0.0, 5.0], dtype=f64)}, grad=("x",))
    case("cumprod/int", "x.cumprod(0)", {"x": ints})
    case("cumprod/bool", "x.cumprod(0)", {"x": torch.tensor([True, True, False])})
    case("cumprod/dtype", "torch.cumprod(x, 0, dtype=torch.float64)", {"x": ints})
    case("cumprod_", "x.clone().cumprod_(1)", {"x": uniform(0.5, 1.5, 2, 3)})
    case("cumsum_", "x.clone().cumsum_(0)", {"x": randn(3, 2)})
    case("cummax", "torch.cummax(x, 1)", {"x": randn(2, 5, dtype=f64)}, grad=("x",))
    case("cummax/ties nan", "x.cummax(0)", {"x": torch.tensor([1.0, 3.0, 3.0, 2.0, math.nan, 5.0])})
    case("cummin", "torch.cummin(x, 0)", {"x": randn(4, 2, dtype=f64)}, grad=("x",))
    case("cummin/int", "torch.cummin(x, 1)", {"x": ints})
    case("cummax/0-d", "torch.cummax(x, 0)", {"x": torch.tensor(2.0)})
    case("cov", "torch.cov(x)", {"x": randn(3, 6, dtype=f64)}, grad=("x",))
    case("cov/1-d", "torch.cov(x)", {"x": randn(5)})
    case("cov/correction 0", "torch.cov(x, correction=0)", {"x": randn(2, 4)})
    case("cov/int", "torch.cov(x)", {"x": ints})
    case("cov/fweights", "torch.cov(x, fweights=f)", {"x": randn(2, 4, dtype=f64), "f": torch.tensor([1, 2, 0, 3])})
    case("cov/aweights", "torch.cov(x, aweights=w)", {"x": randn(2, 4, dtype=f64), "w": uniform(0.1, 1, 4, dtype=f64)}, grad=("x", "w"))
    case("cov/both weights", "torch.cov(x, fweights=f, aweights=w)", {"x": randn(2, 4, dtype=f64), "f": torch.tensor([1, 2, 1, 3]), "w": uniform(0.1, 1, 4, dtype=f64)})
    case("cov/3-d", "torch.cov(x)", {"x": randn(2, 2, 2)})
    case("cov/float fweights", "torch.cov(x, fweights=f)", {"x": randn(2, 3), "f": randn(3)})
    case("corrcoef", "torch.corrcoef(x)", {"x": randn(3, 5, dtype=f64)}, grad=("x",))
    case("corrcoef/1-d", "torch.corrcoef(x)", {"x": randn(4)})
    case("dist", "torch.dist(a, b)", {"a": randn(2, 3, dtype=f64), "b": randn(3, dtype=f64)}, grad=("a", "b"))
    case("dist/p", "a.dist(b, 1)", {"a": randn(4), "b": randn(4)})
    case("dist/inf", "torch.dist(a, b, p=math.inf)", {"a": randn(4), "b": randn(4)})
    case("cdist", "torch.cdist(a, b)", {"a": randn(3, 2, dtype=f64), "b": randn(4, 2, dtype=f64)}, grad=("a", "b"))
    case("cdist/p1 batch", "torch.cdist(a, b, p=1)", {"a": randn(2, 3, 2, dtype=f64), "b": randn(2, 4, 2, dtype=f64)}, grad=("a", "b"))
    case("cdist/columns", "torch.cdist(a, b)", {"a": randn(3, 2), "b": randn(4, 3)})
    case("cdist/1-d", "torch.cdist(a, b)", {"a": randn(3), "b": randn(4, 3)})
    case("cdist/int", "torch.cdist(a, b)", {"a": ints, "b": ints})
    case("renorm", "torch.renorm(x, 2, 0, 1.0)", {"x": randn(3, 4, dtype=f64)}, grad=("x",))
    case("renorm/p1 dim1", "x.renorm(1, 1, 0.5)", {"x": randn(3, 4)})
    case("renorm/1-d", "torch.renorm(x, 2, 0, 1.0)", {"x": randn(4)})
    case("renorm_", "x.clone().renorm_(2, 0, 0.5)", {"x": randn(2, 3)})
    case("msort", "torch.msort(x)", {"x": randn(4, 3, dtype=f64)}, grad=("x",))
    case("argwhere", "torch.argwhere(x)", {"x": ints})
    case("argwhere/method", "x.argwhere()", {"x": torch.tensor([0.0, 1.5, 0.0, -2.0])})


def funcs_construct_cases():
    f64 = torch.float64
    for name in ("tril_indices", "triu_indices"):
        case(name, f"torch.{name}(3, 4)", {})
        case(f"{name}/offset", f"torch.{name}(4, 3, -1)", {})
        case(f"{name}/offset big", f"torch.{name}(3, 3, 5)", {})
        case(f"{name}/int32", f"torch.{name}(2, 2, dtype=torch.int32)", {})
        case(f"{name}/float refused", f"torch.{name}(2, 2, dtype=torch.float32)", {})
    for name in ("hann_window", "hamming_window", "blackman_window", "bartlett_window"):
        for n in (0, 1, 2, 5, 8):
            case(f"{name}/{n}", f"torch.{name}({n})", {})
        case(f"{name}/symmetric", f"torch.{name}(7, periodic=False)", {})
        case(f"{name}/float64", f"torch.{name}(6, dtype=torch.float64)", {})
        case(f"{name}/int refused", f"torch.{name}(4, dtype=torch.int64)", {})
        case(f"{name}/negative", f"torch.{name}(-1)", {})
    case("hamming_window/alpha beta", "torch.hamming_window(6, True, 0.5, 0.4)", {})
    case("meshgrid", "torch.meshgrid(a, b, indexing='ij')", {"a": randn(3, dtype=f64), "b": randn(2, dtype=f64)}, grad=("a",))
    case("meshgrid/xy", "torch.meshgrid(a, b, c, indexing='xy')", {"a": randn(3), "b": randn(2), "c": randn(4)})
    case("meshgrid/list default", "torch.meshgrid([a, b])", {"a": randn(3), "b": torch.tensor(1.0)})
    case("meshgrid/2-d", "torch.meshgrid(a, b, indexing='ij')", {"a": randn(2, 2), "b": randn(2)})
    case("cartesian_prod", "torch.cartesian_prod(a, b, c)", {"a": torch.tensor([1, 2]), "b": torch.tensor([3, 4, 5]), "c": torch.tensor([6, 7])})
    case("cartesian_prod/one", "torch.cartesian_prod(a)", {"a": randn(3)})
    case("cartesian_prod/grad", "torch.cartesian_prod(a, b)", {"a": randn(2, dtype=f64), "b": randn(3, dtype=f64)}, grad=("a", "b"))
    for r, repl in ((2, False), (3, False), (2, True), (1, False), (0, False), (5, False)):
        case(f"combinations/r {r} {repl}", f"torch.combinations(x, r={r}, with_replacement={repl})", {"x": torch.tensor([1, 5, 7, 9])})
    case("combinations/grad", "torch.combinations(x)", {"x": randn(4, dtype=f64)}, grad=("x",))
    case("combinations/2-d", "torch.combinations(x)", {"x": randn(2, 2)})
    case("block_diag", "torch.block_diag(a, b, c)", {"a": torch.tensor(1), "b": randn(2, 2, dtype=f64), "c": torch.tensor([1.5, 2.0], dtype=f64)})
    case("block_diag/grad", "torch.block_diag(a, b)", {"a": randn(2, 3, dtype=f64), "b": randn(1, 2, dtype=f64)}, grad=("a", "b"))
    case("block_diag/empty", "torch.block_diag()", {})
    case("block_diag/3-d", "torch.block_diag(a)", {"a": randn(1, 1, 1)})
    case("diag_embed", "torch.diag_embed(x)", {"x": randn(2, 3, dtype=f64)}, grad=("x",))
    case("diag_embed/offset", "x.diag_embed(1)", {"x": randn(2, 3)})
    case("diag_embed/negative offset dims", "torch.diag_embed(x, -2, 0, 2)", {"x": randn(2, 3)})
    case("diag_embed/same dims", "torch.diag_embed(x, 0, 1, 1)", {"x": randn(2, 3)})
    case("diagflat", "torch.diagflat(x)", {"x": randn(2, 2, dtype=f64)}, grad=("x",))
    case("diagflat/offset", "x.diagflat(-1)", {"x": randn(3)})
    case("broadcast_tensors", "torch.broadcast_tensors(a, b)", {"a": randn(2, 1, dtype=f64), "b": randn(3, dtype=f64)}, grad=("a",))
    case("broadcast_tensors/mismatch", "torch.broadcast_tensors(a, b)", {"a": randn(2), "b": randn(3)})
    case("broadcast_shapes", "torch.broadcast_shapes((2, 1), (3,), 1)", {})
    case("broadcast_shapes/mismatch", "torch.broadcast_shapes((2,), (3,))", {})
    case("take", "torch.take(x, i)", {"x": randn(2, 3, dtype=f64), "i": torch.tensor([[0, -1], [4, 4]])}, grad=("x",))
    case("take/out of range", "x.take(i)", {"x": randn(2, 3), "i": torch.tensor([6])})
    case("take/float index", "x.take(i)", {"x": randn(2, 3), "i": torch.tensor([1.0])})
    case("take_along_dim", "torch.take_along_dim(x, i, dim=1)", {"x": randn(3, 4, dtype=f64), "i": torch.tensor([[0], [3], [1]])}, grad=("x",))
    case("take_along_dim/flat", "x.take_along_dim(i)", {"x": randn(3, 4), "i": torch.tensor([0, 11, 5])})
    case("take_along_dim/broadcast", "torch.take_along_dim(x, i, 0)", {"x": randn(3, 1), "i": torch.tensor([[2, 0, 1]])})
    case("take_along_dim/ranks", "torch.take_along_dim(x, i, 0)", {"x": randn(3, 2), "i": torch.tensor([1])})
    case("masked_select", "torch.masked_select(x, m)", {"x": randn(2, 3, dtype=f64), "m": torch.tensor([True, False, True])}, grad=("x",))
    case("masked_select/not bool", "x.masked_select(m)", {"x": randn(3), "m": torch.tensor([1, 0, 1])})
    case("vander", "torch.vander(x)", {"x": torch.tensor([1, 2, 3, 5])})
    case("vander/N increasing", "torch.vander(x, N=3, increasing=True)", {"x": randn(4, dtype=f64)})  # PyTorch 1.13 fails its own backward
    case("vander/N 0", "torch.vander(x, N=0)", {"x": randn(3)})
    case("vander/2-d", "torch.vander(x)", {"x": randn(2, 2)})


def main():
    if sys.argv[1:] == ["funcs"]:
        funcs_cases()
        json.dump({"torch": torch.__version__, "cases": CASES}, sys.stdout, indent=None, separators=(",", ":"))
        sys.stdout.write("\n")
        return
    if sys.argv[1:] == ["dtypes"]:
        dtype_cases()
        json.dump({"torch": torch.__version__, "cases": CASES}, sys.stdout, indent=None, separators=(",", ":"))
        sys.stdout.write("\n")
        return
    math_cases()
    sort_cases()
    shape_cases()
    linalg_cases()
    conv_cases()
    einsum_cases()
    round_cases()  # last, so that the random inputs of the others stay as they were
    json.dump({"torch": torch.__version__, "cases": CASES}, sys.stdout, indent=None, separators=(",", ":"))
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()

#!/usr/bin/python3
"""Generates promotion.json: PyTorch's type promotion for every dtype kael has.

For every pair of dtypes: torch.promote_types, torch.can_cast, and
torch.result_type with each operand a tensor with dimensions, a 0-d tensor
or (second operand) a Python int, float, bool or complex; and whether the in-place
a.add_(b) is refused for its dtypes. tensor/promotion_torch_test.go checks kael against
it and, where torch is importable, reruns this script to check that the
file is current.

Run with Debian's python3-torch:  /usr/bin/python3 gen.py > promotion.json
"""
import json

import torch

DTYPES = ["bool", "uint8", "int8", "int16", "int32", "int64", "float16", "bfloat16", "float32", "float64", "complex64", "complex128"]
SCALARS = {"int": 2, "float": 2.5, "bool": True, "complex": 2.5j}


def operand(kind, name):
    if kind in SCALARS:
        return SCALARS[kind]
    shape = (3,) if kind == "dim" else ()
    return torch.zeros(shape, dtype=getattr(torch, name))


def name_of(d):
    return str(d).replace("torch.", "")


out = {"torch": torch.__version__, "promote_types": [], "can_cast": [], "result_type": [], "inplace": []}
for a in DTYPES:
    for b in DTYPES:
        da, db = getattr(torch, a), getattr(torch, b)
        out["promote_types"].append([a, b, name_of(torch.promote_types(da, db))])
        out["can_cast"].append([a, b, torch.can_cast(da, db)])
for ka in ["dim", "0d"]:
    for a in DTYPES:
        for kb in ["dim", "0d", "int", "float", "bool", "complex"]:
            for b in (DTYPES if kb not in SCALARS else [kb]):
                x, y = operand(ka, a), operand(kb, b)
                try:
                    result = name_of(torch.result_type(x, y))
                except RuntimeError:
                    result = "error"  # no dtype kael has: complex32
                out["result_type"].append([ka, a, kb, b, result])
                if ka == "0d" and kb == "dim":
                    continue  # refused for its shape, whatever the dtypes
                try:
                    x.clone().add_(y)
                    refused = False
                except RuntimeError:
                    refused = True
                out["inplace"].append([ka, a, kb, b, refused])
# One case a line, so that a change shows as the lines it changes.
print("{")
print('"torch": %s,' % json.dumps(out["torch"]))
keys = ["promote_types", "can_cast", "result_type", "inplace"]
for i, k in enumerate(keys):
    print('"%s": [' % k)
    print(",\n".join(json.dumps(c) for c in out[k]))
    print("]" + ("," if i < len(keys) - 1 else ""))
print("}")

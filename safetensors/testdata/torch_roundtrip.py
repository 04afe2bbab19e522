"""Reads a safetensors file written by kael and writes one from PyTorch.

Debian has no safetensors package, so this parses and writes the format
with a few lines of its own. Usage: torch_roundtrip.py IN OUT
Prints JSON: {"read": {name: tensor}, "written": {name: tensor}} where a
tensor is {"dtype": str, "shape": [...], "values": [flat float values]}.
"""
import json
import struct
import sys

import torch

DTYPES = {"F64": torch.float64, "F32": torch.float32, "F16": torch.float16,
          "BF16": torch.bfloat16, "I64": torch.int64, "I32": torch.int32,
          "I16": torch.int16, "I8": torch.int8, "U8": torch.uint8, "BOOL": torch.bool}
NAMES = {v: k for k, v in DTYPES.items()}


def load(path):
    with open(path, "rb") as f:
        data = f.read()
    (n,) = struct.unpack("<Q", data[:8])
    header = json.loads(data[8:8 + n])
    header.pop("__metadata__", None)
    buf = data[8 + n:]
    out = {}
    for name, e in header.items():
        b, end = e["data_offsets"]
        raw = bytearray(buf[b:end])
        t = torch.frombuffer(raw, dtype=DTYPES[e["dtype"]]) if raw else torch.empty(0, dtype=DTYPES[e["dtype"]])
        out[name] = t.reshape(e["shape"])
    return out


def save(path, tensors, metadata):
    header, chunks, at = {"__metadata__": metadata}, [], 0
    for name in sorted(tensors):
        t = tensors[name].contiguous()
        flat = t.reshape(-1)
        raw = flat.to(torch.uint8).numpy().tobytes() if t.dtype == torch.bool else flat.view(torch.uint8).numpy().tobytes()
        header[name] = {"dtype": NAMES[t.dtype], "shape": list(t.shape), "data_offsets": [at, at + len(raw)]}
        chunks.append(raw)
        at += len(raw)
    text = json.dumps(header).encode()
    text += b" " * (-len(text) % 8)
    with open(path, "wb") as f:
        f.write(struct.pack("<Q", len(text)) + text + b"".join(chunks))


def describe(tensors):
    return {name: {"dtype": NAMES[t.dtype], "shape": list(t.shape),
                   "values": t.double().flatten().tolist()} for name, t in tensors.items()}


def main():
    read = load(sys.argv[1])
    g = torch.Generator().manual_seed(0)
    base = torch.randn(3, 4, generator=g)
    written = dict(read)
    written.update({
        "torch.f32.t": base.t(),  # non-contiguous in torch, saved contiguous
        "torch.f16": (base * 100).half(),
        "torch.bf16": (base * 100).bfloat16(),
        "torch.i32": torch.tensor([[-2**31, 2**31 - 1], [0, 7]], dtype=torch.int32),
        "torch.i16": torch.tensor([-32768, 32767], dtype=torch.int16),
        "torch.i8": torch.tensor([-128, 127, 0], dtype=torch.int8),
        "torch.u8": torch.tensor([0, 255], dtype=torch.uint8),
        "torch.bool": base > 0,
        "torch.f64": base.double() / 3,
        "torch.i64": torch.arange(-5, 5).reshape(2, 5),
    })
    save(sys.argv[2], written, {"format": "pt"})
    json.dump({"read": describe(read), "written": describe(written)}, sys.stdout)


main()

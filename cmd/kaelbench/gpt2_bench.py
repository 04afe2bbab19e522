"""PyTorch anchor for kaelbench's GPT-2 rows; prints JSON.

Usage: gpt2_bench.py CHECKPOINT. Reads the kael-written safetensors file
itself (Debian has no safetensors package; the file is memory-mapped and
viewed with torch.frombuffer), runs a KV-cached GPT-2 124M under
torch.inference_mode() and times, for 1 and 2 threads: decode of 64 tokens
after a 16-token prompt with the single-token products as Conv1D's addmm
and as addmv, and a prefill of 128 tokens (last-position logits only, as
generation needs). Decode is timed once per form (it is slow), prefill
as the best of three; in seconds. The 16-bit row's anchor is PyTorch's own
bfloat16: the same model with every weight converted to torch.bfloat16
(activations and cache bfloat16 too, as model.to(torch.bfloat16) gives),
decode timed in both product forms (keys decode16_bf16_*). kaelbench runs it in turns with kael and
keeps the best of the rounds.
"""
import json
import math
import mmap
import struct
import sys
import time

import torch
import torch.nn.functional as F

N_HEAD, EPS = 12, 1e-5


def load(path):
    f = open(path, "rb")
    buf = mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_COPY)
    (n,) = struct.unpack("<Q", buf[:8])
    header = json.loads(buf[8:8 + n])
    header.pop("__metadata__", None)
    w = {}
    for name, e in header.items():
        b, end = e["data_offsets"]
        w[name] = torch.frombuffer(buf, dtype=torch.float32, count=(end - b) // 4, offset=8 + n + b).reshape(e["shape"])
    return w


class GPT2:
    def __init__(self, w, dtype=torch.float32):
        self.w = {k: v.to(dtype) for k, v in w.items()}
        self.dtype = dtype
        self.n_layer = sum(1 for k in w if k.endswith(".ln_1.weight"))
        self.e = w["wte.weight"].shape[1]

    def linear(self, x, name, addmv):
        W, b = self.w[name + ".weight"], self.w[name + ".bias"]
        if addmv and x.shape[0] == 1:
            return torch.addmv(b, W.t(), x[0]).unsqueeze(0)
        return torch.addmm(b, x, W)

    def forward(self, ids, cache, past, addmv):
        w, e = self.w, self.e
        t, d = len(ids), e // N_HEAD
        x = w["wte.weight"][ids] + w["wpe.weight"][past:past + t]
        mask = None
        if t > 1:
            mask = torch.ones(t, past + t, dtype=torch.bool).tril(past)
        for i in range(self.n_layer):
            p = f"h.{i}."
            a = F.layer_norm(x, (e,), w[p + "ln_1.weight"], w[p + "ln_1.bias"], EPS)
            qkv = self.linear(a, p + "attn.c_attn", addmv)
            q, k, v = (z.reshape(t, N_HEAD, d).transpose(0, 1) for z in qkv.split(e, dim=1))
            kc, vc = cache[i]
            kc[:, past:past + t] = k
            vc[:, past:past + t] = v
            att = (q @ kc[:, :past + t].transpose(1, 2)) * (1.0 / math.sqrt(d))
            if mask is not None:
                att = att.masked_fill(~mask, float("-inf"))
            y = (torch.softmax(att, dim=-1) @ vc[:, :past + t]).transpose(0, 1).reshape(t, e)
            x = x + self.linear(y, p + "attn.c_proj", addmv)
            m = F.layer_norm(x, (e,), w[p + "ln_2.weight"], w[p + "ln_2.bias"], EPS)
            m = F.gelu(self.linear(m, p + "mlp.c_fc", addmv), approximate="tanh")
            x = x + self.linear(m, p + "mlp.c_proj", addmv)
        h = F.layer_norm(x[-1:], (e,), w["ln_f.weight"], w["ln_f.bias"], EPS)
        if addmv:
            return torch.mv(w["wte.weight"], h[0])
        return (h @ w["wte.weight"].t())[0]

    def new_cache(self, n):
        d = self.e // N_HEAD
        return [(torch.empty(N_HEAD, n, d, dtype=self.dtype), torch.empty(N_HEAD, n, d, dtype=self.dtype))
                for _ in range(self.n_layer)]


def decode_time(model, addmv):
    prompt = list(range(100, 116))
    cache = model.new_cache(16 + 64)
    logits = model.forward(torch.tensor(prompt), cache, 0, addmv)
    start = time.perf_counter()
    past = 16
    for _ in range(64):
        nxt = int(torch.argmax(logits))
        logits = model.forward(torch.tensor([nxt]), cache, past, addmv)
        past += 1
    return time.perf_counter() - start


def prefill_time(model):
    ids = torch.arange(200, 328)
    cache = model.new_cache(128)
    start = time.perf_counter()
    model.forward(ids, cache, 0, False)
    return time.perf_counter() - start


def main():
    start = time.perf_counter()
    weights = load(sys.argv[1])
    model = GPT2(weights)
    out = {"load": time.perf_counter() - start}
    model16 = GPT2(weights, torch.bfloat16)
    with torch.inference_mode():
        for threads in (1, 2):
            torch.set_num_threads(threads)
            prefill_time(model)  # warm up: pages of the mapping, allocator
            for form in ("addmm", "addmv"):
                out[f"decode_{form}_{threads}t"] = decode_time(model, form == "addmv")
            out[f"prefill_{threads}t"] = min(prefill_time(model) for _ in range(3))
            decode_time(model16, True)  # warm up
            for form in ("addmm", "addmv"):
                out[f"decode16_bf16_{form}_{threads}t"] = decode_time(model16, form == "addmv")
    print(json.dumps(out))


if __name__ == "__main__":
    main()

"""Writes two tiny GPT-2 checkpoints and golden outputs for kael's tests.

The model below follows the published GPT-2 definition (OpenAI's
gpt-2/src/model.py, as in Hugging Face's modeling_gpt2.py): Conv1D weights
stored (in, out), pre-layer-norm blocks, causal attention scaled by
1/sqrt(head_dim), GELU with the tanh approximation, the LM head tied to wte
unless a checkpoint holds lm_head.weight. Greedy generation recomputes the
whole sequence each step (no cache), the reference kael's cache must match.

Usage: make_golden.py OUTDIR  (the committed files are in gpt2/testdata)
Debian has no safetensors package, so the format is written by hand.
"""
import json
import math
import os
import struct
import sys

import torch

CHECKPOINTS = {
    # No config.json (kael infers it: n_head = n_embd/64), names without a
    # prefix, lm_head tied to wte, weights stored as F16.
    "tiny-a": dict(n_layer=1, n_head=1, n_embd=64, n_positions=24, vocab_size=64, layer_norm_epsilon=1e-5,
                   eos_token_id=50256, seed=1, prefix="", tied=True, dtype=torch.float16, config=False,
                   prompt=[3, 17, 42, 5, 60, 9], new_tokens=12, scale=2.5),
    # config.json, "transformer." names, an untied lm_head, the attn.bias and
    # attn.masked_bias buffers, F32.
    "tiny-b": dict(n_layer=2, n_head=3, n_embd=24, n_positions=40, vocab_size=80, layer_norm_epsilon=1e-6,
                   eos_token_id=79, seed=2, prefix="transformer.", tied=False, dtype=torch.float32, config=True,
                   prompt=[1, 2, 3, 70, 11, 9, 33], new_tokens=16, scale=1.5),
}

NAMES = {torch.float32: "F32", torch.float16: "F16", torch.bool: "BOOL"}


def save_safetensors(path, tensors):
    header, chunks, at = {"__metadata__": {"format": "pt"}}, [], 0
    for name in sorted(tensors):
        t = tensors[name].contiguous().reshape(-1)
        raw = (t.to(torch.uint8) if t.dtype == torch.bool else t.view(torch.uint8)).numpy().tobytes()
        header[name] = {"dtype": NAMES[t.dtype], "shape": list(tensors[name].shape), "data_offsets": [at, at + len(raw)]}
        chunks.append(raw)
        at += len(raw)
    text = json.dumps(header).encode()
    text += b" " * (-len(text) % 8)
    with open(path, "wb") as f:
        f.write(struct.pack("<Q", len(text)) + text + b"".join(chunks))


def random_weights(c, g):
    e, L = c["n_embd"], c["n_layer"]
    w = {"wte.weight": torch.randn(c["vocab_size"], e, generator=g) * 0.5,
         "wpe.weight": torch.randn(c["n_positions"], e, generator=g) * 0.2,
         "ln_f.weight": 1 + 0.1 * torch.randn(e, generator=g), "ln_f.bias": 0.1 * torch.randn(e, generator=g)}
    for i in range(L):
        p = f"h.{i}."
        for ln in ("ln_1", "ln_2"):
            w[p + ln + ".weight"] = 1 + 0.1 * torch.randn(e, generator=g)
            w[p + ln + ".bias"] = 0.1 * torch.randn(e, generator=g)
        for name, (nin, nout) in {"attn.c_attn": (e, 3 * e), "attn.c_proj": (e, e),
                                  "mlp.c_fc": (e, 4 * e), "mlp.c_proj": (4 * e, e)}.items():
            w[p + name + ".weight"] = torch.randn(nin, nout, generator=g) * c["scale"] / math.sqrt(nin)
            w[p + name + ".bias"] = 0.1 * torch.randn(nout, generator=g)
    if not c["tied"]:
        w["lm_head.weight"] = torch.randn(c["vocab_size"], e, generator=g) * 0.5
    return w


def conv1d(x, w, b):
    return torch.addmm(b, x.reshape(-1, x.shape[-1]), w).reshape(*x.shape[:-1], w.shape[1])


def gelu_new(x):
    return 0.5 * x * (1.0 + torch.tanh(math.sqrt(2.0 / math.pi) * (x + 0.044715 * torch.pow(x, 3.0))))


def forward(c, w, ids):
    e, nh = c["n_embd"], c["n_head"]
    t = len(ids)
    ids = torch.tensor(ids)
    h = w["wte.weight"][ids] + w["wpe.weight"][torch.arange(t)]
    causal = torch.tril(torch.ones(t, t, dtype=torch.bool))
    ln = lambda x, p: torch.nn.functional.layer_norm(x, (e,), w[p + ".weight"], w[p + ".bias"], c["layer_norm_epsilon"])
    for i in range(c["n_layer"]):
        p = f"h.{i}."
        qkv = conv1d(ln(h, p + "ln_1"), w[p + "attn.c_attn.weight"], w[p + "attn.c_attn.bias"])
        q, k, v = (z.reshape(t, nh, e // nh).transpose(0, 1) for z in qkv.split(e, dim=1))
        att = q @ k.transpose(-1, -2) / math.sqrt(e // nh)
        att = torch.where(causal, att, torch.tensor(torch.finfo(att.dtype).min))
        y = (torch.softmax(att, dim=-1) @ v).transpose(0, 1).reshape(t, e)
        h = h + conv1d(y, w[p + "attn.c_proj.weight"], w[p + "attn.c_proj.bias"])
        m = gelu_new(conv1d(ln(h, p + "ln_2"), w[p + "mlp.c_fc.weight"], w[p + "mlp.c_fc.bias"]))
        h = h + conv1d(m, w[p + "mlp.c_proj.weight"], w[p + "mlp.c_proj.bias"])
    h = ln(h, "ln_f")
    return h @ w.get("lm_head.weight", w["wte.weight"]).t()


def main():
    out = sys.argv[1]
    golden = {}
    for name, c in CHECKPOINTS.items():
        g = torch.Generator().manual_seed(c["seed"])
        w = {k: v.to(c["dtype"]) for k, v in random_weights(c, g).items()}
        stored = {c["prefix"] + k if k != "lm_head.weight" else k: v for k, v in w.items()}
        if c["prefix"]:
            for i in range(c["n_layer"]):
                n = c["n_positions"]
                stored[f"{c['prefix']}h.{i}.attn.bias"] = torch.tril(torch.ones(n, n, dtype=torch.bool)).view(1, 1, n, n)
                stored[f"{c['prefix']}h.{i}.attn.masked_bias"] = torch.tensor(-1e4)
        d = os.path.join(out, name)
        os.makedirs(d, exist_ok=True)
        save_safetensors(os.path.join(d, "model.safetensors"), stored)
        if c["config"]:
            keys = ("n_layer", "n_head", "n_embd", "n_positions", "vocab_size", "layer_norm_epsilon", "eos_token_id")
            with open(os.path.join(d, "config.json"), "w") as f:
                json.dump({"model_type": "gpt2", **{k: c[k] for k in keys}}, f, indent=2)
        w = {k: v.float() for k, v in w.items()}
        with torch.inference_mode():
            logits = forward(c, w, c["prompt"])
            seq, new = list(c["prompt"]), []
            for _ in range(c["new_tokens"]):
                nxt = int(torch.argmax(forward(c, w, seq)[-1]))
                new.append(nxt)
                seq.append(nxt)
                if nxt == c["eos_token_id"]:
                    break
        golden[name] = {"prompt": c["prompt"], "max_new_tokens": c["new_tokens"],
                        "last_logits": logits[-1].tolist(), "greedy": new}
    with open(os.path.join(out, "golden.json"), "w") as f:
        json.dump(golden, f, indent=1)


main()

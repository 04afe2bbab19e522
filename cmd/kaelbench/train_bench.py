"""Training steps of the program corpus's models, for kaelbench's
training rows; prints one line of JSON.

Usage: train_bench.py MODEL THREADS WARMUP STEPS

MODEL is one of gpt, mlp, lstm, cnn. The same file runs under kael and
under PyTorch 1.13 (/usr/bin/python3): the model is the program corpus's
own class (lang/programs/testdata: nanoGPT's GPT, makemore's MLP,
word_language_model's RNNModel with LSTM, dcgan's Discriminator), whose
file kaelbench copies beside this one (trainModels), built
after the same seed, trained on the same synthetic batches, with
torch.set_num_threads(THREADS). After WARMUP optimizer steps (forward,
backward, step), STEPS more are timed: the CPU time of the process
(time.process_time, every thread) and the wall time, in seconds per step.
The losses of the first and last steps are printed too, so that a run
whose model differs from PyTorch's shows, and the peak resident memory
of the process (VmHWM of /proc/self/status, 0 where there is none): not
getrusage's maxrss, which on Linux keeps the high-water mark of the
process that started it, from before its exec.
"""
import json
import sys
import time

import torch
import torch.nn as nn

kind = sys.argv[1]
threads, warmup, steps = int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
torch.set_num_threads(threads)


def gpt():
    # nanoGPT's GPT at a small configuration (character-level vocabulary),
    # AdamW from its configure_optimizers, gradient clipping as train.py.
    from model import GPTConfig, GPT
    torch.manual_seed(1337)
    config = GPTConfig(block_size=64, vocab_size=65, n_layer=4, n_head=4, n_embd=128, dropout=0.0, bias=True)
    model = GPT(config)
    model.train()
    optimizer = model.configure_optimizers(0.1, 6e-4, (0.9, 0.95), "cpu")
    data = torch.randint(0, config.vocab_size, (20000,))
    batch = 8

    def step():
        ix = torch.randint(len(data) - config.block_size, (batch,))
        x = torch.stack([data[i:i + config.block_size] for i in ix])
        y = torch.stack([data[i + 1:i + 1 + config.block_size] for i in ix])
        logits, loss = model(x, y)
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        optimizer.step()
        optimizer.zero_grad(set_to_none=True)
        return loss.item()
    return step


def mlp():
    # makemore's MLP with its default widths (n_embd 64, n_embd2 64), a
    # 27-letter vocabulary and block 16, batch 32, makemore's AdamW.
    from makemore import ModelConfig, MLP
    torch.manual_seed(3407)
    config = ModelConfig(vocab_size=27, block_size=16, n_embd=64, n_embd2=64)
    model = MLP(config)
    optimizer = torch.optim.AdamW(model.parameters(), lr=5e-4, weight_decay=0.01, betas=(0.9, 0.99), eps=1e-8)
    batch = 32

    def step():
        x = torch.randint(0, config.vocab_size, (batch, config.block_size))
        y = torch.randint(0, config.vocab_size, (batch, config.block_size))
        logits, loss = model(x, y)
        model.zero_grad(set_to_none=True)
        loss.backward()
        optimizer.step()
        return loss.item()
    return step


def lstm():
    # word_language_model's RNNModel with a 2-layer LSTM at main.py's
    # defaults (emsize 200, nhid 200, dropout 0.2, batch 20, bptt 35) on a
    # 1,000-word vocabulary, trained as main.py trains it: truncated BPTT
    # with repackaged hidden state, clip_grad_norm_ and the manual SGD step.
    import model as wlm
    torch.manual_seed(1111)
    ntokens, bsz, bptt, lr, clip = 1000, 20, 35, 20.0, 0.25
    m = wlm.RNNModel("LSTM", ntokens, 200, 200, 2, 0.2)
    m.train()
    criterion = nn.NLLLoss()
    stream = torch.randint(0, ntokens, (bsz * (bptt * 8 + 1),))
    source = stream.view(bsz, -1).t().contiguous()
    state = {"hidden": m.init_hidden(bsz), "i": 0}

    def step():
        i = state["i"]
        if i + bptt + 1 > source.size(0):
            i = 0
        state["i"] = i + bptt
        data = source[i:i + bptt]
        targets = source[i + 1:i + 1 + bptt].reshape(-1)
        hidden = tuple(h.detach() for h in state["hidden"])
        m.zero_grad()
        output, hidden = m(data, hidden)
        state["hidden"] = hidden
        loss = criterion(output, targets)
        loss.backward()
        torch.nn.utils.clip_grad_norm_(m.parameters(), clip)
        for p in m.parameters():
            p.data.add_(p.grad, alpha=-lr)
        return loss.item()
    return step


def cnn():
    # dcgan's Discriminator (four strided convolutions, three BatchNorm2d,
    # LeakyReLU) at ndf 16 on 64x64 RGB images, batch 16, BCELoss and
    # main.py's Adam.
    import dcgan
    torch.manual_seed(999)
    dcgan.nz, dcgan.ngf, dcgan.ndf, dcgan.nc = 100, 16, 16, 3
    net = dcgan.Discriminator(1)
    net.apply(dcgan.weights_init)
    criterion = nn.BCELoss()
    optimizer = torch.optim.Adam(net.parameters(), lr=0.0002, betas=(0.5, 0.999))
    images = torch.rand(64, 3, 64, 64) * 2 - 1
    labels = (torch.rand(64) > 0.5).float()
    batch = 16
    state = {"i": 0}

    def step():
        i = state["i"]
        state["i"] = (i + batch) % images.size(0)
        net.zero_grad()
        output = net(images[i:i + batch])
        loss = criterion(output, labels[i:i + batch])
        loss.backward()
        optimizer.step()
        return loss.item()
    return step


step = {"gpt": gpt, "mlp": mlp, "lstm": lstm, "cnn": cnn}[kind]()
losses = []
for _ in range(warmup):
    losses.append(step())
cpu0, wall0 = time.process_time(), time.perf_counter()
for _ in range(steps):
    losses.append(step())
cpu, wall = time.process_time() - cpu0, time.perf_counter() - wall0


def peak_rss():
    try:
        with open("/proc/self/status") as f:
            for line in f:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    return 0


print(json.dumps({"cpu": cpu / max(steps, 1), "wall": wall / max(steps, 1),
                  "first_loss": round(losses[0], 4), "last_loss": round(losses[-1], 4),
                  "peak_rss": peak_rss()}))

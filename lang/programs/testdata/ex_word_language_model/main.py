# A driver for pytorch/examples' word_language_model/model.py (verbatim,
# BSD-3-Clause licence, see LICENSE): the LSTM, GRU, RNN_TANH and
# Transformer language models trained for a few truncated-BPTT steps on a
# synthetic token stream, the way word_language_model/main.py trains them
# (repackage_hidden, clip_grad_norm_, the manual SGD update).
import math
import torch
import torch.nn as nn
import model

torch.manual_seed(1111)
ntokens, bsz, bptt, lr, clip = 40, 4, 5, 20.0, 0.25
stream = torch.randint(0, ntokens, (4 * 21,))

def batchify(data, bsz):
    nbatch = data.size(0) // bsz
    data = data.narrow(0, 0, nbatch * bsz)
    return data.view(bsz, -1).t().contiguous()

train_data = batchify(stream, bsz)

def repackage_hidden(h):
    """Wraps hidden states in new Tensors, to detach them from their history."""
    if isinstance(h, torch.Tensor):
        return h.detach()
    else:
        return tuple(repackage_hidden(v) for v in h)

def get_batch(source, i):
    seq_len = min(bptt, len(source) - 1 - i)
    data = source[i:i+seq_len]
    target = source[i+1:i+1+seq_len].view(-1)
    return data, target

criterion = nn.NLLLoss()
for kind in ["LSTM", "GRU", "RNN_TANH", "Transformer"]:
    torch.manual_seed(1111)
    if kind == "Transformer":
        m = model.TransformerModel(ntokens, 16, 2, 32, 2, 0.2)
    else:
        m = model.RNNModel(kind, ntokens, 16, 16, 2, 0.2, tie_weights=(kind == "LSTM"))
    m.train()
    if kind != "Transformer":
        hidden = m.init_hidden(bsz)
    total = 0.
    for batch, i in enumerate(range(0, train_data.size(0) - 1, bptt)):
        data, targets = get_batch(train_data, i)
        m.zero_grad()
        if kind == "Transformer":
            output = m(data)
            output = output.view(-1, ntokens)
        else:
            hidden = repackage_hidden(hidden)
            output, hidden = m(data, hidden)
        loss = criterion(output, targets)
        loss.backward()
        torch.nn.utils.clip_grad_norm_(m.parameters(), clip)
        for p in m.parameters():
            p.data.add_(p.grad, alpha=-lr)
        total += loss.item()
    print(f"{kind}: {batch + 1} batches, mean loss {total / (batch + 1):.4f}, ppl {math.exp(total / (batch + 1)):.2f}")
    m.eval()
    with torch.no_grad():
        data, _ = get_batch(train_data, 0)
        if kind == "Transformer":
            out = m(data)
        else:
            out, _ = m(data, m.init_hidden(bsz))
    print(kind, tuple(out.shape), [round(v, 4) for v in out.reshape(-1, ntokens)[0, :4].tolist()])

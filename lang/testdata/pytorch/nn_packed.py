# Packed sequences: pack_padded_sequence (sorted or not), pack_sequence,
# pad_packed_sequence, and the recurrent layers run on them (values,
# last states in the original order, gradients).
import torch
import torch.nn as nn
from torch.nn.utils.rnn import pack_padded_sequence, pad_packed_sequence, pack_sequence, pad_sequence


def r(t):
    return [round(v, 4) for v in t.flatten().tolist()]


torch.manual_seed(0)
seqs = [torch.randn(4, 3), torch.randn(2, 3), torch.randn(3, 3)]
padded = pad_sequence(seqs, batch_first=True)
p = pack_padded_sequence(padded, [4, 2, 3], batch_first=True, enforce_sorted=False)
print(p.batch_sizes.tolist(), p.sorted_indices.tolist(), p.unsorted_indices.tolist(), p.data.shape)
data, bs, si, ui = p
print(bs.tolist(), len(p), type(p).__name__)
for layer in [nn.LSTM(3, 4, num_layers=2, bidirectional=True), nn.GRU(3, 2, batch_first=True), nn.RNN(3, 2, bidirectional=True)]:
    out, h = layer(p)
    print(type(out).__name__, out.data.shape, out.batch_sizes.tolist())
    un, lengths = pad_packed_sequence(out, batch_first=True)
    print(un.shape, lengths.tolist(), r(un[1]))
    hh = h[0] if isinstance(h, tuple) else h
    print(r(hh))
    (un.pow(2).sum() + hh.sum()).backward()
    print(r(next(layer.parameters()).grad)[:6])
q = pack_sequence([torch.ones(3, 2), torch.ones(2, 2) * 2, torch.ones(1, 2) * 3])
print(q.batch_sizes.tolist(), q.sorted_indices, r(q.data))
x, l = pad_packed_sequence(q, padding_value=-1.0, total_length=5)
print(x.shape, l.tolist(), r(x[:, 2]))
lstm = nn.LSTM(2, 3)
h0 = (torch.randn(1, 3, 3), torch.randn(1, 3, 3))
o, (hn, cn) = lstm(pack_padded_sequence(torch.randn(4, 3, 2), torch.tensor([2, 4, 1]), enforce_sorted=False), h0)
print(r(hn), r(cn))

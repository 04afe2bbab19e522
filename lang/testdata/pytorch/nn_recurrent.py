# The recurrent layers (RNN, LSTM, GRU and their cells) and nn.utils:
# seeded initialisation, forward values, gradients, state shapes, and
# clip_grad_norm_, parameters_to_vector and pad_sequence.
import torch
import torch.nn as nn
from torch.nn.utils.rnn import pad_sequence


def r(t):
    return [round(v, 4) for v in t.flatten().tolist()]


torch.manual_seed(0)
layers = [nn.LSTM(3, 4), nn.GRU(3, 2, num_layers=2, bidirectional=True, batch_first=True),
          nn.RNN(2, 3, bias=False, nonlinearity="relu"), nn.RNN(2, 3, 2, dropout=0.25),
          nn.LSTMCell(3, 2), nn.GRUCell(2, 2, bias=False), nn.RNNCell(2, 2, nonlinearity="relu")]
for m in layers:
    print(m)
    for k, v in m.state_dict().items():
        print(k, list(v.shape), r(v)[:5])
print(layers[0].hidden_size, layers[0].num_layers, layers[1].bidirectional, layers[1].batch_first, layers[3].dropout)
print(type(layers[0]), type(layers[4]), isinstance(layers[0], nn.Module))

torch.manual_seed(1)
lstm = nn.LSTM(3, 4, num_layers=2, bidirectional=True)
x = torch.randn(5, 2, 3, requires_grad=True)
out, (h, c) = lstm(x)
print(out.shape, h.shape, c.shape, out.grad_fn is not None)
print(r(out[-1]))
print(r(c))
(out.sum() + h.pow(2).sum()).backward()
print(r(x.grad))
print(r(lstm.weight_hh_l1_reverse.grad)[:8])
print(r(lstm.bias_ih_l0.grad)[:8])

gru = nn.GRU(3, 4, batch_first=True)
h0 = torch.randn(1, 2, 4, requires_grad=True)
o, h = gru(torch.randn(2, 5, 3), h0)
print(o.shape, r(h))
h.sum().backward()
print(r(h0.grad))
o, h = gru(torch.randn(5, 3))
print(o.shape, h.shape, r(o[-1]))

rnn = nn.RNN(3, 2, num_layers=2, nonlinearity="relu", bidirectional=True)
o, h = rnn(torch.randn(4, 1, 3), torch.randn(4, 1, 2))
print(r(o), r(h))
o, h = rnn(torch.randn(4, 3), torch.randn(4, 2))
print(o.shape, h.shape)

lstm1 = nn.LSTM(2, 3, batch_first=True)
o, (h, c) = lstm1(torch.randn(3, 2), (torch.zeros(1, 3), torch.ones(1, 3)))
print(o.shape, h.shape, r(c))

cell = nn.LSTMCell(3, 4)
xs = torch.randn(3, 2, 3)
hx, cx = torch.zeros(2, 4), torch.zeros(2, 4)
for t in range(3):
    hx, cx = cell(xs[t], (hx, cx))
print(r(hx), r(cx))
g = nn.GRUCell(3, 2)
print(r(g(torch.randn(4, 3))), r(g(torch.randn(3), torch.randn(2))))
rc = nn.RNNCell(3, 2)
print(r(rc(torch.randn(3), torch.randn(2))))

deep = nn.LSTM(2, 3, num_layers=3, dropout=0.5)
x = torch.randn(4, 2, 2)
torch.manual_seed(5)
train_out, _ = deep(x)
deep.eval()
eval_out, _ = deep(x)
print(r(train_out[-1]), r(eval_out[-1]))

torch.manual_seed(0)
m = nn.Sequential(nn.Linear(4, 3), nn.ReLU(), nn.Linear(3, 2))
m(torch.randn(5, 4)).pow(2).sum().backward()
total = nn.utils.clip_grad_norm_(m.parameters(), 0.5)
print(round(total.item(), 4), total.shape, r(m[0].weight.grad)[:6])
print(round(nn.utils.clip_grad_norm_(m.parameters(), 0.1, norm_type=float("inf")).item(), 4), r(m[2].bias.grad))
print(round(nn.utils.clip_grad_norm_(list(m.parameters()), 1.0, norm_type=1).item(), 4))
print(nn.utils.clip_grad_norm_([], 1.0).item(), nn.utils.clip_grad_norm_(m[0].weight, 100.0).shape)
print(nn.utils.clip_grad_value_(m.parameters(), 0.01), r(m[0].bias.grad))
v = nn.utils.parameters_to_vector(m.parameters())
print(v.shape, v.grad_fn is not None)
nn.utils.vector_to_parameters(torch.arange(v.numel()).float(), m.parameters())
print(r(m[2].weight), r(m[2].bias), m[2].weight.requires_grad)

a, b, c = torch.ones(2, 3), torch.ones(4, 3) * 2, torch.ones(1, 3) * 3
print(pad_sequence([a, b, c]).shape, r(pad_sequence([a, b, c])[:, 2]))
print(pad_sequence([a, b, c], batch_first=True, padding_value=-1).tolist()[0])
print(pad_sequence([torch.tensor([1, 2]), torch.tensor([3])], batch_first=True).tolist())
s = torch.ones(2, requires_grad=True)
pad_sequence([s, torch.ones(3)]).sum().backward()
print(s.grad.tolist())

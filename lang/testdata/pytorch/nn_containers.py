# nn.Sequential, nn.ModuleList and nn.ModuleDict: names, indexing,
# iteration, state_dict keys and the nested repr.
import torch
import torch.nn as nn

torch.manual_seed(1)
model = nn.Sequential(nn.Linear(2, 4), nn.ReLU(), nn.Sequential(nn.Linear(4, 4), nn.Tanh()), nn.Linear(4, 1))
print(model)
print(list(model.state_dict().keys()))
print([name for name, p in model.named_parameters()])
print([name for name, m in model.named_modules()])
print([type(m).__name__ for m in model.children()])
print(len(model), model[0], model[-1], model[2][1])
print(model[1:3])
print(sum(p.numel() for p in model.parameters()))
x = torch.tensor([[0.5, -1.0], [2.0, 0.25]])
print([[round(v, 4) for v in row] for row in model(x).tolist()])
model.append(nn.Sigmoid())
print(len(model), model[4])

layers = nn.ModuleList([nn.Linear(3, 3) for _ in range(2)])
layers.append(nn.ReLU())
print(layers, len(layers))
print([name for name, p in layers.named_parameters()])
h = torch.ones(1, 3)
for layer in layers:
    h = layer(h)
print([round(v, 4) for v in h[0].tolist()])

heads = nn.ModuleDict({"a": nn.Linear(2, 2), "b": nn.Identity()})
print(heads, list(heads.keys()), len(heads))
print([k for k in heads], heads["b"])
print(list(heads.state_dict().keys()))

shared = nn.Linear(2, 2)
tied = nn.Sequential(shared, nn.ReLU(), shared)
print(len(list(tied.parameters())), list(tied.state_dict().keys()))

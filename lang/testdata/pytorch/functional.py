# torch.nn.functional on fixed inputs: activations and losses.
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.nn import functional as F2

logits = torch.tensor([[2.0, 1.0, 0.1], [0.5, 2.5, 0.3]])
labels = torch.tensor([0, 1])
print(f"cross entropy {F.cross_entropy(logits, labels).item():.4f}")
probs = F.softmax(logits, dim=1)
print([f"{p:.4f}" for p in probs[0].tolist()], f"{probs.sum().item():.1f}")
print([round(v, 4) for v in F.log_softmax(logits, dim=-1)[1].tolist()])
print(F.relu(torch.tensor([-1.0, 0.0, 2.0])).tolist(), F2 is F, nn.functional is F)
print(f"nll {F.nll_loss(F.log_softmax(logits, dim=1), labels).item():.4f}")
print(f"mse {F.mse_loss(torch.tensor([1.0, 2.0]), torch.tensor([1.5, 1.0])).item():.4f}")
x = torch.tensor([[1.0, 2.0]])
w = torch.tensor([[0.5, -0.5], [1.0, 1.0], [0.0, 2.0]])
bias = torch.tensor([0.1, 0.2, 0.3])
print(F.linear(x, w, bias).tolist())
print([f"{v:.4f}" for v in torch.sigmoid(torch.tensor([0.0, 1.0])).tolist()], torch.tanh(torch.tensor(0.0)).item())

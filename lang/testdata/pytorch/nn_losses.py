# The loss modules on fixed inputs, with the gradients they send back.
import torch
import torch.nn as nn

logits = torch.tensor([[2.0, -1.0, 0.5], [0.1, 0.2, 3.0], [1.0, 1.0, 1.0]], requires_grad=True)
labels = torch.tensor([0, 2, 1])
for loss_fn in [nn.CrossEntropyLoss(), nn.CrossEntropyLoss(reduction="sum"), nn.CrossEntropyLoss(ignore_index=2)]:
    loss = loss_fn(logits, labels)
    logits.grad = None
    loss.backward()
    print(loss_fn, round(loss.item(), 5), [[round(g, 5) for g in row] for row in logits.grad.tolist()])
lp = torch.log_softmax(logits, dim=1)
print(round(nn.NLLLoss()(lp, labels).item(), 5), nn.NLLLoss(reduction="none")(lp, labels).shape)

pred = torch.tensor([0.5, 2.0, -1.0], requires_grad=True)
target = torch.tensor([1.0, 1.5, 0.0])
for loss_fn in [nn.MSELoss(), nn.L1Loss(), nn.MSELoss(reduction="sum"), nn.L1Loss(reduction="none")]:
    pred.grad = None
    loss = loss_fn(pred, target)
    loss.sum().backward()
    print(loss_fn, [round(v, 5) for v in loss.reshape(-1).tolist()], [round(g, 5) for g in pred.grad.tolist()])

z = torch.tensor([0.0, 2.0, -3.0, 0.5], requires_grad=True)
y = torch.tensor([1.0, 0.0, 0.0, 1.0])
for loss_fn in [nn.BCEWithLogitsLoss(), nn.BCEWithLogitsLoss(pos_weight=torch.tensor([2.0, 2.0, 2.0, 2.0])),
                nn.BCEWithLogitsLoss(reduction="sum", weight=torch.tensor([1.0, 0.5, 0.5, 1.0]))]:
    z.grad = None
    loss = loss_fn(z, y)
    loss.backward()
    print(loss_fn, round(loss.item(), 5), [round(g, 5) for g in z.grad.tolist()])
p = torch.sigmoid(z.detach()).requires_grad_()
bce = nn.BCELoss()
loss = bce(p, y)
loss.backward()
print(bce, round(loss.item(), 5), [round(g, 5) for g in p.grad.tolist()])
print(round(nn.BCELoss(reduction="sum")(torch.tensor([0.0, 1.0]), torch.tensor([0.0, 1.0])).item(), 5))

import torch.nn.functional as F
z.grad = None
F.binary_cross_entropy_with_logits(z, y, pos_weight=torch.tensor([3.0, 1.0, 1.0, 1.0])).backward()
print(round(F.l1_loss(pred, target, reduction="sum").item(), 5), [round(g, 5) for g in z.grad.tolist()])
print(round(F.binary_cross_entropy(torch.tensor([0.25, 0.75]), torch.tensor([0.0, 1.0]), reduction="sum").item(), 5))

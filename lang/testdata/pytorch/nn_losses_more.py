# SmoothL1Loss, HuberLoss, KLDivLoss, and cross_entropy / nll_loss with
# class weights, label smoothing and class probabilities: values and
# gradients.
import torch
import torch.nn as nn
import torch.nn.functional as F


def r(t):
    return [round(v, 4) for v in t.flatten().tolist()]


pred = torch.tensor([0.5, 2.0, -1.0, 0.1, 3.0], requires_grad=True)
target = torch.tensor([1.0, 1.5, 0.0, 0.1, 0.0])
for loss_fn in [nn.SmoothL1Loss(), nn.SmoothL1Loss(beta=0.5, reduction="sum"), nn.SmoothL1Loss(beta=0.0),
                nn.HuberLoss(), nn.HuberLoss(delta=2.0, reduction="none")]:
    pred.grad = None
    loss = loss_fn(pred, target)
    loss.sum().backward()
    print(loss_fn, r(loss), r(pred.grad))
print(nn.SmoothL1Loss(beta=0.5).beta, nn.HuberLoss(delta=3.0).delta)
print(r(F.smooth_l1_loss(pred, target, beta=2.0)), r(F.huber_loss(pred, target, delta=0.5)))

lp = torch.log_softmax(torch.tensor([[1.0, 2.0, 0.5], [0.0, -1.0, 3.0]]), dim=1).requires_grad_()
p = torch.tensor([[0.2, 0.5, 0.3], [0.0, 0.1, 0.9]])
for loss_fn in [nn.KLDivLoss(reduction="batchmean"), nn.KLDivLoss(reduction="sum"), nn.KLDivLoss(reduction="none"),
                nn.KLDivLoss(reduction="batchmean", log_target=True)]:
    lp.grad = None
    t = p.clamp(min=1e-3).log() if loss_fn.log_target else p
    loss = loss_fn(lp, t)
    loss.sum().backward()
    print(loss_fn, r(loss), r(lp.grad))
print(r(F.kl_div(lp, p, reduction="batchmean")))

logits = torch.tensor([[2.0, -1.0, 0.5], [0.1, 0.2, 3.0], [1.0, 1.0, 1.0], [0.3, -0.3, 0.0]], requires_grad=True)
labels = torch.tensor([0, 2, 1, 2])
w = torch.tensor([1.0, 2.0, 0.5])
cases = [nn.CrossEntropyLoss(weight=w), nn.CrossEntropyLoss(label_smoothing=0.1),
         nn.CrossEntropyLoss(weight=w, label_smoothing=0.2), nn.CrossEntropyLoss(weight=w, ignore_index=2),
         nn.CrossEntropyLoss(weight=w, label_smoothing=0.3, reduction="sum"),
         nn.CrossEntropyLoss(label_smoothing=0.1, reduction="none", ignore_index=1), nn.NLLLoss(weight=w),
         nn.NLLLoss(weight=w, reduction="none"), nn.NLLLoss(weight=w, ignore_index=0)]
for loss_fn in cases:
    logits.grad = None
    x = torch.log_softmax(logits, 1) if isinstance(loss_fn, nn.NLLLoss) else logits
    loss = loss_fn(x, labels)
    loss.sum().backward()
    print(loss_fn, r(loss), r(logits.grad))
print(cases[1].label_smoothing, cases[0].weight.tolist())

probs = torch.tensor([[0.7, 0.2, 0.1], [0.0, 0.0, 1.0], [0.3, 0.3, 0.4], [0.5, 0.5, 0.0]])
for kw in [{}, {"label_smoothing": 0.1}, {"weight": w}, {"reduction": "sum"}, {"reduction": "none"}]:
    logits.grad = None
    loss = F.cross_entropy(logits, probs, **kw)
    loss.sum().backward()
    print(sorted(kw), r(loss), r(logits.grad))
img = torch.randn(2, 3, 2, 2, generator=torch.Generator().manual_seed(0))
tgt = torch.tensor([[[0, 1], [2, 1]], [[1, 1], [0, 2]]])
print(r(F.cross_entropy(img, tgt, weight=w)), r(F.cross_entropy(img, tgt, label_smoothing=0.25)))
print(r(F.nll_loss(img.log_softmax(1), tgt, w, reduction="sum")))
print(r(F.cross_entropy(torch.tensor([1.0, 2.0, 3.0]), torch.tensor(2), label_smoothing=0.5)))

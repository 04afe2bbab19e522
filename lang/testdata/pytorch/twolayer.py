# A two-layer network trained by hand, without nn.Module: weights from a
# fixed pattern rather than random numbers, so PyTorch and kael agree.
import torch
import torch.nn.functional as F

torch.manual_seed(0)
N, D_in, H, D_out = 8, 4, 6, 3
x = torch.arange(N * D_in, dtype=torch.float32).reshape(N, D_in) / 10 - 1.5
y = torch.tensor([0, 1, 2, 0, 1, 2, 0, 1])
w1 = (torch.arange(D_in * H, dtype=torch.float32).reshape(D_in, H) % 5 - 2) / 10
w2 = (torch.arange(H * D_out, dtype=torch.float32).reshape(H, D_out) % 3 - 1) / 10
w1.requires_grad_()
w2.requires_grad_()
opt = torch.optim.Adam([w1, w2], lr=0.05)
for step in range(60):
    hidden = F.relu(x @ w1)
    out = hidden @ w2
    loss = F.cross_entropy(out, y)
    opt.zero_grad()
    loss.backward()
    opt.step()
    if step % 20 == 0:
        print(f"step {step:2d} loss {loss.item():.4f}")
with torch.no_grad():
    pred = (F.relu(x @ w1) @ w2).argmax(dim=1)
accuracy = (pred == y).float().mean().item()
print(f"accuracy {accuracy:.3f}", pred.tolist())

# Printing numbers and tensors the ways tutorials do.
import torch

loss = torch.tensor(0.123456)
epoch, total = 3, 10
print(f"Epoch [{epoch}/{total}], Loss: {loss.item():.4f}")
print(f"{loss:.3f} {loss:>10.2e} {format(loss, '.1%')}")
acc = 0.98765
print(f"Accuracy: {100 * acc:>0.1f}%, Avg loss: {0.0345678:>8f}")
print("{} samples, {:.2f} seconds, lr={lr:g}".format(60000, 12.3456, lr=0.001))
print("%d/%d [%5.1f%%]" % (640, 60000, 100 * 640 / 60000))
n = 1234567
print(f"{n:,} {n:_} {n:>12,} {255:#x} {5:03d} {'ab':^6}|")
name = "weight"
print(f"{name!r} {name = } {len(name)=}")
for batch, value in enumerate([0.5, 0.25, 0.125]):
    print(f"batch {batch:>3d}: {value:.3f}")
print("shape:", torch.zeros(2, 3).shape, "size:", torch.zeros(4).size())
width = 8
print(f"[{3.14159:{width}.3f}]")
print(str(2.5), repr("s"), "%s %r" % ("s", "s"))

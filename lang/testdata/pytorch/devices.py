# Choosing a device the way tutorials do; without CUDA it is the CPU.
import torch

device = "cuda" if torch.cuda.is_available() else "cpu"
print(f"Using {device} device")
dev = torch.device(device)
print(dev, repr(dev), dev.type)
x = torch.ones(2, 3, device=device)
y = torch.randn(3, 3, device=dev).to(device)
print(x.device, x.device == dev, x.to("cpu").shape, x.cpu().shape)
print(x.to(torch.float64).dtype == torch.float64, x.to(dev, torch.int64).dtype == torch.int64)
print(torch.zeros(1, device=torch.device("cpu")).device.type, torch.cuda.device_count())
print(str(torch.device("cuda:0")), torch.device("cuda", 1).index)

import torch


class MNIST(torch.utils.data.Dataset):
    """Synthetic 28x28 digits: the training set has 300, the test set 200."""

    def __init__(self, root, train=True, transform=None, download=False):
        g = torch.Generator().manual_seed(1 if train else 2)
        n = 300 if train else 200
        self.targets = torch.randint(0, 10, (n,), generator=g)
        noise = torch.randint(0, 128, (n, 28, 28), generator=g)
        rows = torch.arange(28).view(1, 28, 1)
        band = (rows // 3 == self.targets.view(n, 1, 1)).long() * 127
        self.data = (noise + band).to(torch.uint8)
        self.transform = transform

    def __len__(self):
        return len(self.data)

    def __getitem__(self, index):
        img, target = self.data[index], int(self.targets[index])
        if self.transform is not None:
            img = self.transform(img)
        return img, target

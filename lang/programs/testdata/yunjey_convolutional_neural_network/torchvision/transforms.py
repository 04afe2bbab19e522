import torch


class ToTensor:
    """A uint8 H x W image to a float 1 x H x W tensor in [0, 1]."""

    def __call__(self, pic):
        return pic.unsqueeze(0).float().div(255)

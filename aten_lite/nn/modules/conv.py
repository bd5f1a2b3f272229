"""The path of torch.nn.modules.conv: the convolution layers (defined in nn/convolution.py)."""

from ..convolution import (Conv1d, Conv2d, Conv3d, ConvTranspose1d, ConvTranspose2d,
                           ConvTranspose3d)

__all__ = ["Conv1d", "Conv2d", "Conv3d", "ConvTranspose1d", "ConvTranspose2d",
           "ConvTranspose3d"]

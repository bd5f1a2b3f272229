"""The path of torch.nn.modules.pixelshuffle: ``PixelShuffle`` and ``PixelUnshuffle``, the
layers of F.pixel_shuffle / F.pixel_unshuffle (sub-pixel rearrangement between channels and
space).

>>> import aten_lite as al
>>> from aten_lite.nn.modules.pixelshuffle import PixelShuffle
>>> PixelShuffle(2)(al.zeros(1, 8, 3, 3)).shape
aten_lite.Size([1, 2, 6, 6])
"""

from __future__ import annotations

from ...tensors.tensor import Tensor
from .. import functional as F
from ..module import Module

__all__ = ["PixelShuffle", "PixelUnshuffle"]


class PixelShuffle(Module):
    """(*, C r^2, H, W) -> (*, C, H r, W r) for ``upscale_factor`` r."""

    def __init__(self, upscale_factor: int) -> None:
        super().__init__()
        self.upscale_factor = upscale_factor

    def forward(self, input: Tensor) -> Tensor:
        return F.pixel_shuffle(input, self.upscale_factor)

    def extra_repr(self) -> str:
        return f"upscale_factor={self.upscale_factor}"


class PixelUnshuffle(Module):
    """(*, C, H r, W r) -> (*, C r^2, H, W) for ``downscale_factor`` r."""

    def __init__(self, downscale_factor: int) -> None:
        super().__init__()
        self.downscale_factor = downscale_factor

    def forward(self, input: Tensor) -> Tensor:
        return F.pixel_unshuffle(input, self.downscale_factor)

    def extra_repr(self) -> str:
        return f"downscale_factor={self.downscale_factor}"

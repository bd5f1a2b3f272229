"""The path of torch.nn.modules.conv: the convolution layers (defined in nn/convolution.py)
and their lazy forms (defined here), which take ``in_channels`` from the first input and then
become the eager layer.

>>> import aten_lite as al
>>> from aten_lite.nn.modules.conv import LazyConv2d
>>> conv = LazyConv2d(4, 3)
>>> conv(al.ones(1, 2, 5, 5)).shape, conv
(aten_lite.Size([1, 4, 3, 3]), Conv2d(2, 4, kernel_size=(3, 3), stride=(1, 1)))
"""

from __future__ import annotations

from ...tensors.tensor import Tensor
from ..convolution import (Conv1d, Conv2d, Conv3d, ConvTranspose1d, ConvTranspose2d,
                           ConvTranspose3d)
from .lazy import LazyModuleMixin, UninitializedParameter

__all__ = ["Conv1d", "Conv2d", "Conv3d", "ConvTranspose1d", "ConvTranspose2d",
           "ConvTranspose3d", "LazyConv1d", "LazyConv2d", "LazyConv3d", "LazyConvTranspose1d",
           "LazyConvTranspose2d", "LazyConvTranspose3d"]


class _LazyConvMixin(LazyModuleMixin):
    def _lazy_parameters(self, out_channels: int, bias: bool, dtype) -> None:
        self.out_channels = out_channels
        self.weight = UninitializedParameter(dtype=dtype)
        if bias:
            self.bias = UninitializedParameter(dtype=dtype)

    def reset_parameters(self) -> None:
        if not self.has_uninitialized_params() and self.in_channels != 0:
            super().reset_parameters()

    def initialize_parameters(self, input: Tensor) -> None:
        d = self.d
        if input.ndim not in (d + 1, d + 2):
            raise RuntimeError(f"Expected {d + 1}D (unbatched) or {d + 2}D (batched) input to "
                               f"{type(self).__name__}, but got input of size: "
                               f"{list(input.shape)}")
        self.in_channels = input.shape[1] if input.ndim == d + 2 else input.shape[0]
        if self.in_channels % self.groups:
            raise ValueError(f"in_channels must be divisible by groups (in_channels="
                             f"{self.in_channels}, groups={self.groups})")
        if self.transposed:
            shape = (self.in_channels, self.out_channels // self.groups)
        else:
            shape = (self.out_channels, self.in_channels // self.groups)
        self.weight.materialize(shape + tuple(self.kernel_size))
        if self.bias is not None:
            self.bias.materialize((self.out_channels,))


class _LazyConv(_LazyConvMixin):
    def __init__(self, out_channels: int, kernel_size, stride=1, padding=0, dilation=1,
                 groups: int = 1, bias: bool = True, padding_mode: str = "zeros",
                 device=None, dtype=None) -> None:
        super().__init__(0, 0, kernel_size, stride, padding, dilation, groups, False,
                         padding_mode, device, dtype)
        if out_channels % groups:
            raise ValueError(f"out_channels must be divisible by groups (out_channels="
                             f"{out_channels}, groups={groups})")
        self._lazy_parameters(out_channels, bias, dtype)


class _LazyConvTranspose(_LazyConvMixin):
    def __init__(self, out_channels: int, kernel_size, stride=1, padding=0, output_padding=0,
                 groups: int = 1, bias: bool = True, dilation=1, padding_mode: str = "zeros",
                 device=None, dtype=None) -> None:
        super().__init__(0, 0, kernel_size, stride, padding, output_padding, groups, False,
                         dilation, padding_mode, device, dtype)
        if out_channels % groups:
            raise ValueError(f"out_channels must be divisible by groups (out_channels="
                             f"{out_channels}, groups={groups})")
        self._lazy_parameters(out_channels, bias, dtype)


class LazyConv1d(_LazyConv, Conv1d):
    """Conv1d with in_channels from the first input."""
    cls_to_become = Conv1d


class LazyConv2d(_LazyConv, Conv2d):
    """Conv2d with in_channels from the first input."""
    cls_to_become = Conv2d


class LazyConv3d(_LazyConv, Conv3d):
    """Conv3d with in_channels from the first input."""
    cls_to_become = Conv3d


class LazyConvTranspose1d(_LazyConvTranspose, ConvTranspose1d):
    """ConvTranspose1d with in_channels from the first input."""
    cls_to_become = ConvTranspose1d


class LazyConvTranspose2d(_LazyConvTranspose, ConvTranspose2d):
    """ConvTranspose2d with in_channels from the first input."""
    cls_to_become = ConvTranspose2d


class LazyConvTranspose3d(_LazyConvTranspose, ConvTranspose3d):
    """ConvTranspose3d with in_channels from the first input."""
    cls_to_become = ConvTranspose3d

"""Padding modules, as torch.nn.modules.padding: each holds its padding (an int means the
same amount on every side of its 1, 2 or 3 last dims) and calls ``F.pad`` with its mode.

>>> import aten_lite as al
>>> al.nn.ZeroPad2d(1)(al.ones(1, 1, 1)).tolist()
[[[0.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 0.0]]]
"""

from __future__ import annotations

import operator

from ..tensors.tensor import Tensor
from . import functional as F
from .module import Module

__all__ = [
    "ConstantPad1d", "ConstantPad2d", "ConstantPad3d", "ZeroPad1d", "ZeroPad2d", "ZeroPad3d",
    "ReflectionPad1d", "ReflectionPad2d", "ReflectionPad3d", "ReplicationPad1d",
    "ReplicationPad2d", "ReplicationPad3d", "CircularPad1d", "CircularPad2d", "CircularPad3d",
]


class _PadNd(Module):
    mode = "constant"
    dims = 1

    def __init__(self, padding) -> None:
        super().__init__()
        if isinstance(padding, (tuple, list)):
            self.padding = tuple(operator.index(p) for p in padding)
        else:
            self.padding = (operator.index(padding),) * (2 * self.dims)

    def forward(self, input: Tensor) -> Tensor:
        return F.pad(input, self.padding, self.mode)

    def extra_repr(self) -> str:
        return f"{self.padding}"


class _ConstantPadNd(_PadNd):
    def __init__(self, padding, value: float) -> None:
        super().__init__(padding)
        self.value = value

    def forward(self, input: Tensor) -> Tensor:
        return F.pad(input, self.padding, "constant", self.value)

    def extra_repr(self) -> str:
        return f"padding={self.padding}, value={self.value}"


class ConstantPad1d(_ConstantPadNd):
    """Pads the last dim with a value."""
    mode, dims = "constant", 1


class ConstantPad2d(_ConstantPadNd):
    """Pads the last 2 dims with a value."""
    mode, dims = "constant", 2


class ConstantPad3d(_ConstantPadNd):
    """Pads the last 3 dims with a value."""
    mode, dims = "constant", 3


class ReflectionPad1d(_PadNd):
    """Pads the last dim with its reflection."""
    mode, dims = "reflect", 1


class ReflectionPad2d(_PadNd):
    """Pads the last 2 dims with their reflection."""
    mode, dims = "reflect", 2


class ReflectionPad3d(_PadNd):
    """Pads the last 3 dims with their reflection."""
    mode, dims = "reflect", 3


class ReplicationPad1d(_PadNd):
    """Pads the last dim by repeating its edges."""
    mode, dims = "replicate", 1


class ReplicationPad2d(_PadNd):
    """Pads the last 2 dims by repeating their edges."""
    mode, dims = "replicate", 2


class ReplicationPad3d(_PadNd):
    """Pads the last 3 dims by repeating their edges."""
    mode, dims = "replicate", 3


class CircularPad1d(_PadNd):
    """Pads the last dim by wrapping around."""
    mode, dims = "circular", 1


class CircularPad2d(_PadNd):
    """Pads the last 2 dims by wrapping around."""
    mode, dims = "circular", 2


class CircularPad3d(_PadNd):
    """Pads the last 3 dims by wrapping around."""
    mode, dims = "circular", 3


class _Zeros:
    """A constant pad of zeros (before the ConstantPadNd it refines, in the bases)."""

    def __init__(self, padding) -> None:
        super().__init__(padding, 0.0)  # type: ignore[call-arg]

    def extra_repr(self) -> str:
        return f"{self.padding}"  # type: ignore[attr-defined]


class ZeroPad1d(_Zeros, ConstantPad1d):
    """Pads the last dim with zeros."""


class ZeroPad2d(_Zeros, ConstantPad2d):
    """Pads the last 2 dims with zeros."""


class ZeroPad3d(_Zeros, ConstantPad3d):
    """Pads the last 3 dims with zeros."""

"""Convolutions as in ``torch.nn``: ``conv1d/2d/3d``, ``conv_transpose1d/2d/3d``, ``unfold``
and ``fold`` (functional) and the layers ``Conv1d/2d/3d``, ``ConvTranspose1d/2d/3d``,
``Unfold`` and ``Fold``.

Each function turns torch's conveniences into the `convolution` / `im2col` / `col2im` ops'
arguments (one value per spatial dim, a batch dim, ``padding='same'``) and calls the op; the
ops and their gradients are described in docs/CONVOLUTION.md.

>>> import aten_lite as al
>>> _ = al.manual_seed(0)
>>> conv = al.nn.Conv2d(3, 8, 3, padding=1)
>>> conv(al.randn(2, 3, 16, 16)).shape
aten_lite.Size([2, 8, 16, 16])
>>> conv
Conv2d(3, 8, kernel_size=(3, 3), stride=(1, 1), padding=(1, 1))
"""

from __future__ import annotations

import math

from .. import _ops
from ..backends import creation as _creation
from ..tensors.tensor import Tensor
from . import init
from .module import Module, Parameter

__all__ = [
    "conv1d", "conv2d", "conv3d", "conv_transpose1d", "conv_transpose2d", "conv_transpose3d",
    "unfold", "fold", "Conv1d", "Conv2d", "Conv3d", "ConvTranspose1d", "ConvTranspose2d",
    "ConvTranspose3d", "Unfold", "Fold",
]


def ntuple(value, d: int, name: str) -> tuple:
    """``value`` (an int or d ints) as a d-tuple of ints."""
    if isinstance(value, bool):
        raise TypeError(f"{name} must be an int or a tuple of {d} ints, got {value!r}")
    if isinstance(value, int):
        return (value,) * d
    try:
        values = tuple(value)
    except TypeError:
        raise TypeError(f"{name} must be an int or a tuple of {d} ints, got {value!r}") from None
    if len(values) == 1:
        values = values * d
    for v in values:
        if not isinstance(v, int) or isinstance(v, bool):
            raise TypeError(f"{name} must hold ints, got {value!r}")
    return values


def _batched(name: str, input: Tensor, d: int):
    """(input with a batch dim, whether one was added): torch's unbatched inputs."""
    nd = input.ndim
    if nd == d + 2:
        return input, False
    if nd == d + 1:
        return input.unsqueeze(0), True
    raise RuntimeError(f"Expected {d + 1}D (unbatched) or {d + 2}D (batched) input to {name}, "
                       f"but got input of size: {list(input.shape)}")


def _same_padding(input: Tensor, kernel, stride, dilation):
    """``padding='same'``: the symmetric padding for the op, and input padded by one more at
    the end of each dim whose total padding is odd (as torch)."""
    if any(s != 1 for s in stride):
        raise RuntimeError("padding='same' is not supported for strided convolutions")
    padding, extra = [], []
    for k, dl in zip(kernel, dilation):
        total = dl * (k - 1)
        padding.append(total // 2)
        extra.append(total - 2 * (total // 2))
    if any(extra):
        pairs = []
        for e in reversed(extra):
            pairs += [0, e]
        input = _ops.constant_pad_nd(input, pairs, 0)
    return input, padding


def _conv(name: str, d: int, input, weight, bias, stride, padding, dilation, groups) -> Tensor:
    x, added = _batched(name, input, d)
    if weight.ndim != d + 2:
        raise RuntimeError(f"{name}: expected weight of {d + 2} dims (out_channels, "
                           f"in_channels / groups, *kernel), got size {list(weight.shape)}")
    stride = ntuple(stride, d, "stride")
    dilation = ntuple(dilation, d, "dilation")
    if isinstance(padding, str):
        if padding == "valid":
            padding = (0,) * d
        elif padding == "same":
            x, padding = _same_padding(x, weight.shape[2:], stride, dilation)
        else:
            raise RuntimeError(f"Invalid padding string: {padding!r}; expected 'same' or "
                               "'valid'")
    else:
        padding = ntuple(padding, d, "padding")
    out = _ops.convolution(x, weight, bias, list(stride), list(padding), list(dilation), False,
                           [0] * d, groups)
    return out.squeeze(0) if added else out


def conv1d(input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1) -> Tensor:
    """1-D convolution (cross-correlation) of input (N, C, L) or (C, L) with weight
    (out, C / groups, k); ``padding`` may be an int, a tuple, 'valid' or 'same'."""
    return _conv("conv1d", 1, input, weight, bias, stride, padding, dilation, groups)


def conv2d(input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1) -> Tensor:
    """2-D convolution of input (N, C, H, W) or (C, H, W) with weight (out, C / groups, kh, kw)."""
    return _conv("conv2d", 2, input, weight, bias, stride, padding, dilation, groups)


def conv3d(input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1) -> Tensor:
    """3-D convolution of input (N, C, D, H, W) or (C, D, H, W)."""
    return _conv("conv3d", 3, input, weight, bias, stride, padding, dilation, groups)


def _conv_transpose(name: str, d: int, input, weight, bias, stride, padding, output_padding,
                    groups, dilation) -> Tensor:
    x, added = _batched(name, input, d)
    if weight.ndim != d + 2:
        raise RuntimeError(f"{name}: expected weight of {d + 2} dims (in_channels, "
                           f"out_channels / groups, *kernel), got size {list(weight.shape)}")
    if isinstance(padding, str):
        raise RuntimeError(f"{name}: padding must be an int or a tuple of ints, got "
                           f"{padding!r} (string padding is for plain convolutions)")
    out = _ops.convolution(x, weight, bias, list(ntuple(stride, d, "stride")),
                           list(ntuple(padding, d, "padding")),
                           list(ntuple(dilation, d, "dilation")), True,
                           list(ntuple(output_padding, d, "output_padding")), groups)
    return out.squeeze(0) if added else out


def conv_transpose1d(input, weight, bias=None, stride=1, padding=0, output_padding=0, groups=1,
                     dilation=1) -> Tensor:
    """The transpose (adjoint in input) of conv1d: weight (C, out / groups, k)."""
    return _conv_transpose("conv_transpose1d", 1, input, weight, bias, stride, padding,
                           output_padding, groups, dilation)


def conv_transpose2d(input, weight, bias=None, stride=1, padding=0, output_padding=0, groups=1,
                     dilation=1) -> Tensor:
    """The transpose of conv2d: weight (C, out / groups, kh, kw)."""
    return _conv_transpose("conv_transpose2d", 2, input, weight, bias, stride, padding,
                           output_padding, groups, dilation)


def conv_transpose3d(input, weight, bias=None, stride=1, padding=0, output_padding=0, groups=1,
                     dilation=1) -> Tensor:
    """The transpose of conv3d: weight (C, out / groups, kd, kh, kw)."""
    return _conv_transpose("conv_transpose3d", 3, input, weight, bias, stride, padding,
                           output_padding, groups, dilation)


def unfold(input: Tensor, kernel_size, dilation=1, padding=0, stride=1) -> Tensor:
    """The sliding blocks of input (N, C, H, W) or (C, H, W) as columns: (N, C * kh * kw, L)."""
    if input.ndim not in (3, 4):
        raise RuntimeError(f"Input Error: Only 3D or 4D input Tensors are supported (got "
                           f"{input.ndim}D)")
    added = input.ndim == 3
    x = input.unsqueeze(0) if added else input
    out = _ops.im2col(x, list(ntuple(kernel_size, 2, "kernel_size")),
                      list(ntuple(dilation, 2, "dilation")), list(ntuple(padding, 2, "padding")),
                      list(ntuple(stride, 2, "stride")))
    return out.squeeze(0) if added else out


def fold(input: Tensor, output_size, kernel_size, dilation=1, padding=0, stride=1) -> Tensor:
    """The inverse arrangement of unfold: columns (N, C * kh * kw, L) or (C * kh * kw, L) summed
    into (N, C, *output_size), overlapping entries added."""
    if input.ndim not in (2, 3):
        raise RuntimeError(f"Input Error: Only unbatched (2D) or batched (3D) input Tensors are "
                           f"supported (got {input.ndim}D)")
    added = input.ndim == 2
    x = input.unsqueeze(0) if added else input
    out = _ops.col2im(x, list(ntuple(output_size, 2, "output_size")),
                      list(ntuple(kernel_size, 2, "kernel_size")),
                      list(ntuple(dilation, 2, "dilation")), list(ntuple(padding, 2, "padding")),
                      list(ntuple(stride, 2, "stride")))
    return out.squeeze(0) if added else out


# ---- layers ----

_PADDING_MODES = ("zeros", "reflect", "replicate", "circular")


class _ConvNd(Module):
    """What Conv*d and ConvTranspose*d share: the checks, the weight and bias (torch's layout
    and start: kaiming-uniform with a=sqrt(5), bias uniform in +-1/sqrt(fan_in)) and the repr."""

    d = 0
    transposed = False

    def __init__(self, in_channels, out_channels, kernel_size, stride, padding, dilation,
                 output_padding, groups, bias, padding_mode, device=None, dtype=None) -> None:
        super().__init__()
        name = type(self).__name__
        d = self.d
        for arg, n in (("in_channels", in_channels), ("out_channels", out_channels)):
            if not isinstance(n, int) or isinstance(n, bool) or n < 0:
                raise ValueError(f"{name}: {arg} must be a non-negative int, got {n!r}")
        if not isinstance(groups, int) or isinstance(groups, bool) or groups <= 0:
            raise ValueError(f"groups must be a positive integer, got groups={groups!r}")
        if in_channels % groups != 0:
            raise ValueError(f"in_channels must be divisible by groups (in_channels="
                             f"{in_channels}, groups={groups})")
        if out_channels % groups != 0:
            raise ValueError(f"out_channels must be divisible by groups (out_channels="
                             f"{out_channels}, groups={groups})")
        if padding_mode not in _PADDING_MODES:
            raise ValueError(f"padding_mode must be one of {list(_PADDING_MODES)}, but got "
                             f"padding_mode={padding_mode!r}")
        self.in_channels, self.out_channels = in_channels, out_channels
        self.kernel_size = ntuple(kernel_size, d, "kernel_size")
        self.stride = ntuple(stride, d, "stride")
        self.dilation = ntuple(dilation, d, "dilation")
        self.output_padding = ntuple(output_padding, d, "output_padding")
        self.groups = groups
        self.padding_mode = padding_mode
        if isinstance(padding, str):
            if padding not in ("same", "valid"):
                raise ValueError(f"Invalid padding string {padding!r}, should be one of "
                                 f"['valid', 'same']")
            if padding == "same" and any(s != 1 for s in self.stride):
                raise ValueError("padding='same' is not supported for strided convolutions")
            self.padding = padding
            if padding == "same":  # the amounts F.pad uses for padding modes other than zeros
                pairs = []
                for k, dl in zip(reversed(self.kernel_size), reversed(self.dilation)):
                    total = dl * (k - 1)
                    pairs += [total // 2, total - total // 2]
                self._reversed_padding_repeated_twice = pairs
            else:
                self._reversed_padding_repeated_twice = [0] * (2 * d)
        else:
            self.padding = ntuple(padding, d, "padding")
            self._reversed_padding_repeated_twice = [p for p in reversed(self.padding)
                                                     for _ in range(2)]
        if self.transposed:
            shape = (in_channels, out_channels // groups) + self.kernel_size
        else:
            shape = (out_channels, in_channels // groups) + self.kernel_size
        self.weight = Parameter(_creation.empty(*shape, dtype=dtype))
        if bias:
            self.bias = Parameter(_creation.empty(out_channels, dtype=dtype))
        else:
            self.register_parameter("bias", None)
        self.reset_parameters()

    def reset_parameters(self) -> None:
        init.kaiming_uniform_(self.weight, a=math.sqrt(5))
        if self.bias is not None:
            fan_in = self.weight.shape[1] * math.prod(self.kernel_size)
            if fan_in != 0:
                bound = 1 / math.sqrt(fan_in)
                init.uniform_(self.bias, -bound, bound)

    def extra_repr(self) -> str:
        s = (f"{self.in_channels}, {self.out_channels}, kernel_size={self.kernel_size}, "
             f"stride={self.stride}")
        if self.padding != (0,) * self.d:
            s += f", padding={self.padding}"
        if self.dilation != (1,) * self.d:
            s += f", dilation={self.dilation}"
        if self.output_padding != (0,) * self.d:
            s += f", output_padding={self.output_padding}"
        if self.groups != 1:
            s += f", groups={self.groups}"
        if self.bias is None:
            s += ", bias=False"
        if self.padding_mode != "zeros":
            s += f", padding_mode={self.padding_mode}"
        return s


class _Conv(_ConvNd):
    def __init__(self, in_channels: int, out_channels: int, kernel_size, stride=1, padding=0,
                 dilation=1, groups: int = 1, bias: bool = True, padding_mode: str = "zeros",
                 device=None, dtype=None) -> None:
        super().__init__(in_channels, out_channels, kernel_size, stride, padding, dilation, 0,
                         groups, bias, padding_mode, device, dtype)

    def forward(self, input: Tensor) -> Tensor:
        name = f"conv{self.d}d"
        if self.padding_mode != "zeros":
            from ._functional_more import pad
            x, added = _batched(name, input, self.d)
            x = pad(x, self._reversed_padding_repeated_twice, self.padding_mode)
            out = _conv(name, self.d, x, self.weight, self.bias, self.stride, 0,
                        self.dilation, self.groups)
            return out.squeeze(0) if added else out
        return _conv(name, self.d, input, self.weight, self.bias, self.stride, self.padding,
                     self.dilation, self.groups)


class Conv1d(_Conv):
    """1-D convolution layer: (N, in_channels, L) -> (N, out_channels, L_out)."""
    d = 1


class Conv2d(_Conv):
    """2-D convolution layer: (N, in_channels, H, W) -> (N, out_channels, H_out, W_out)."""
    d = 2


class Conv3d(_Conv):
    """3-D convolution layer: (N, in_channels, D, H, W) -> (N, out_channels, ...)."""
    d = 3


class _ConvTranspose(_ConvNd):
    transposed = True

    def __init__(self, in_channels: int, out_channels: int, kernel_size, stride=1, padding=0,
                 output_padding=0, groups: int = 1, bias: bool = True, dilation=1,
                 padding_mode: str = "zeros", device=None, dtype=None) -> None:
        if padding_mode != "zeros":
            raise ValueError(f'Only "zeros" padding mode is supported for '
                             f'{type(self).__name__}, got padding_mode={padding_mode!r}')
        if isinstance(padding, str):
            raise ValueError(f"{type(self).__name__}: padding must be an int or a tuple of "
                             f"ints, got {padding!r}")
        super().__init__(in_channels, out_channels, kernel_size, stride, padding, dilation,
                         output_padding, groups, bias, padding_mode, device, dtype)

    def _output_padding(self, input: Tensor, output_size) -> tuple:
        if output_size is None:
            return self.output_padding
        d = self.d
        output_size = list(output_size)
        if len(output_size) == d + 2 or (len(output_size) == d + 1 and input.ndim == d + 1):
            output_size = output_size[-d:]
        if len(output_size) != d:
            raise ValueError(f"ConvTranspose{d}D: for {input.ndim}D input, output_size must "
                             f"have {d} or {d + 2} elements (got {len(output_size)})")
        spatial = input.shape[-d:]
        # the smallest output of each dim; output_padding may add up to stride - 1
        lows = [(spatial[i] - 1) * self.stride[i] - 2 * self.padding[i]
                + self.dilation[i] * (self.kernel_size[i] - 1) + 1 for i in range(d)]
        highs = [low + s - 1 for low, s in zip(lows, self.stride)]
        if not all(lo <= n <= hi for lo, n, hi in zip(lows, output_size, highs)):
            raise ValueError(
                f"requested an output size of {output_size}, but valid sizes range from "
                f"{lows} to {highs} (for an input of {list(spatial)})")
        return tuple(n - low for n, low in zip(output_size, lows))

    def forward(self, input: Tensor, output_size=None) -> Tensor:
        return _conv_transpose(f"conv_transpose{self.d}d", self.d, input, self.weight,
                               self.bias, self.stride, self.padding,
                               self._output_padding(input, output_size), self.groups,
                               self.dilation)


class ConvTranspose1d(_ConvTranspose):
    """The transpose of Conv1d: (N, in_channels, L) -> (N, out_channels, L_out)."""
    d = 1


class ConvTranspose2d(_ConvTranspose):
    """The transpose of Conv2d: (N, in_channels, H, W) -> (N, out_channels, H_out, W_out)."""
    d = 2


class ConvTranspose3d(_ConvTranspose):
    """The transpose of Conv3d."""
    d = 3


class Unfold(Module):
    """F.unfold as a layer: (N, C, H, W) -> (N, C * prod(kernel_size), L)."""

    def __init__(self, kernel_size, dilation=1, padding=0, stride=1) -> None:
        super().__init__()
        self.kernel_size, self.dilation = kernel_size, dilation
        self.padding, self.stride = padding, stride

    def forward(self, input: Tensor) -> Tensor:
        return unfold(input, self.kernel_size, self.dilation, self.padding, self.stride)

    def extra_repr(self) -> str:
        return (f"kernel_size={self.kernel_size}, dilation={self.dilation}, padding="
                f"{self.padding}, stride={self.stride}")


class Fold(Module):
    """F.fold as a layer: (N, C * prod(kernel_size), L) -> (N, C, *output_size)."""

    def __init__(self, output_size, kernel_size, dilation=1, padding=0, stride=1) -> None:
        super().__init__()
        self.output_size, self.kernel_size = output_size, kernel_size
        self.dilation, self.padding, self.stride = dilation, padding, stride

    def forward(self, input: Tensor) -> Tensor:
        return fold(input, self.output_size, self.kernel_size, self.dilation, self.padding,
                    self.stride)

    def extra_repr(self) -> str:
        return (f"output_size={self.output_size}, kernel_size={self.kernel_size}, dilation="
                f"{self.dilation}, padding={self.padding}, stride={self.stride}")

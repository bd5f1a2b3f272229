"""Pooling and resampling as in ``torch.nn``: ``max_pool1d/2d/3d``, ``avg_pool1d/2d/3d``,
``adaptive_avg_pool1d/2d/3d``, ``adaptive_max_pool1d/2d/3d``, ``fractional_max_pool2d/3d``
(and the ``*_with_indices`` forms), ``max_unpool1d/2d/3d``, ``lp_pool1d/2d/3d`` and
``interpolate`` (functional), and
their layers, ``Upsample``, ``UpsamplingNearest2d`` and ``UpsamplingBilinear2d`` included.

Each is written with existing ops, so autograd needs no formula of its own:

- max pooling (plain and adaptive) gathers every window with one `index_select` per spatial
  dim, into (..., *out, prod(kernel)), and takes `max` over the last dim; the gradient flows
  to each window's first maximum, as torch's. Plain pooling pads with the dtype's lowest value
  first (padding never wins), adaptive pooling repeats a shorter window's last index instead.
  The returned indices are flat positions in each input plane, as torch's;
- average pooling is a `convolution` of each plane with a kernel of ones, divided by each
  window's count (which count_include_pad, ceil_mode and divisor_override decide);
- adaptive average pooling and linear interpolation are products with a constant
  (out, in) matrix per spatial dim, nearest interpolation an `index_select` per dim.

>>> import aten_lite as al
>>> x = al.arange(16.0).reshape(1, 1, 4, 4)
>>> al.nn.functional.max_pool2d(x, 2)
tensor([[[[ 5.,  7.],
          [13., 15.]]]])
"""

from __future__ import annotations

import math

import numpy as np

from .. import _ops
from ..backends import creation as _creation
from ..frontend import random as _random
from ..tensors.tensor import Tensor
from ..vocab.dtype import int64
from .convolution import ntuple
from .module import Module

__all__ = [
    "max_pool1d", "max_pool2d", "avg_pool1d", "avg_pool2d", "adaptive_avg_pool1d",
    "adaptive_avg_pool2d", "adaptive_max_pool1d", "adaptive_max_pool2d", "max_unpool1d",
    "max_unpool2d", "interpolate", "upsample", "MaxPool1d", "MaxPool2d", "AvgPool1d",
    "AvgPool2d", "AdaptiveAvgPool1d", "AdaptiveAvgPool2d", "AdaptiveMaxPool1d",
    "AdaptiveMaxPool2d", "MaxUnpool1d", "MaxUnpool2d", "Upsample",
    "max_pool3d", "avg_pool3d", "adaptive_avg_pool3d", "adaptive_max_pool3d", "max_unpool3d",
    "max_pool1d_with_indices", "max_pool2d_with_indices", "max_pool3d_with_indices",
    "adaptive_max_pool1d_with_indices", "adaptive_max_pool2d_with_indices",
    "adaptive_max_pool3d_with_indices", "lp_pool1d", "lp_pool2d", "lp_pool3d",
    "MaxPool3d", "AvgPool3d", "AdaptiveAvgPool3d", "AdaptiveMaxPool3d", "MaxUnpool3d",
    "LPPool1d", "LPPool2d", "LPPool3d", "UpsamplingNearest2d", "UpsamplingBilinear2d",
    "fractional_max_pool2d", "fractional_max_pool3d", "fractional_max_pool2d_with_indices",
    "fractional_max_pool3d_with_indices", "FractionalMaxPool2d", "FractionalMaxPool3d",
]


def _check_input(name: str, input: Tensor, d: int) -> None:
    if input.ndim not in (d + 1, d + 2) or any(n == 0 for n in input.shape[1:]):
        raise RuntimeError(f"{name}: expected a non-empty {d + 1}D (unbatched) or {d + 2}D "
                           f"(batched) input, but got input of size: {list(input.shape)}")


def _window_args(name, d, kernel_size, stride, padding, dilation=1):
    k = ntuple(kernel_size, d, "kernel_size")
    s = k if stride is None or (not isinstance(stride, int) and len(stride) == 0) else \
        ntuple(stride, d, "stride")
    p = ntuple(padding, d, "padding")
    dl = ntuple(dilation, d, "dilation")
    if any(v <= 0 for v in k):
        raise RuntimeError(f"{name}: kernel_size must be greater than zero, but got "
                           f"kernel_size={k}")
    if any(v <= 0 for v in s):
        raise RuntimeError(f"{name}: stride must be greater than zero, but got stride={s}")
    if any(v <= 0 for v in dl):
        raise RuntimeError(f"{name}: dilation must be greater than zero, but got "
                           f"dilation={dl}")
    for pi, ki, di in zip(p, k, dl):
        if pi < 0 or pi > (di * (ki - 1) + 1) // 2:
            raise RuntimeError(f"pad should be at most half of effective kernel size, but got "
                               f"pad={pi}, kernel_size={ki} and dilation={di}")
    return k, s, p, dl


def _pooled_size(n, k, s, p, dl, ceil_mode) -> int:
    out = (n + 2 * p - dl * (k - 1) - 1 + (s - 1 if ceil_mode else 0)) // s + 1
    if ceil_mode and (out - 1) * s >= n + p:  # the last window must start inside
        out -= 1
    return out


def _out_sizes(input, d, k, s, p, dl, ceil_mode) -> tuple:
    spatial = tuple(input.shape[-d:])
    out = tuple(_pooled_size(n, *args, ceil_mode) for n, *args in zip(spatial, k, s, p, dl))
    if any(o < 1 for o in out):
        lead = tuple(input.shape[-d - 1:-d])
        raise RuntimeError(
            f"Given input size: ({'x'.join(map(str, lead + spatial))}). Calculated output "
            f"size: ({'x'.join(map(str, lead + out))}). Output size is too small")
    return out


def _lowest(dtype):
    if dtype.is_floating_point:
        return -math.inf
    return int(np.iinfo(dtype.np).min)


def _gather_windows(x: Tensor, d: int, index):
    """x (..., *spatial) -> (..., *out, K): index[i] (out_i, k_i) positions along dim i."""
    lead = x.ndim - d
    for i, idx in enumerate(index):
        flat = _creation.as_tensor(np.ascontiguousarray(idx).reshape(-1).astype(np.int64))
        x = x.index_select(lead + i, flat)
    shape = tuple(x.shape[:lead])
    for idx in index:
        shape += idx.shape
    x = x.reshape(shape)
    order = list(range(lead)) + [lead + 2 * i for i in range(d)] + \
        [lead + 2 * i + 1 for i in range(d)]
    x = x.permute(order)
    return x.reshape(shape[:lead] + tuple(idx.shape[0] for idx in index) + (-1,))


def _flat_indices(arg: Tensor, index, shift, spatial) -> Tensor:
    """The argmax over each window's K entries as a flat position in the input plane."""
    a = arg.numpy()
    kernel = tuple(idx.shape[1] for idx in index)
    parts = np.unravel_index(a, kernel)
    flat = np.zeros(a.shape, np.int64)
    d = len(index)
    for i in range(d):
        out_pos = np.arange(index[i].shape[0]).reshape(
            (1,) * (a.ndim - d) + tuple(-1 if j == i else 1 for j in range(d)))
        pos = index[i][out_pos, parts[i]] - shift[i]
        flat = flat * spatial[i] + pos
    return _creation.as_tensor(flat)


def _max_pool(name, d, input, kernel_size, stride, padding, dilation, ceil_mode,
              return_indices):
    _check_input(name, input, d)
    k, s, p, dl = _window_args(name, d, kernel_size, stride, padding, dilation)
    out = _out_sizes(input, d, k, s, p, dl, ceil_mode)
    spatial = tuple(input.shape[-d:])
    index, pairs = [], []
    for n, o, ki, si, pi, di in zip(spatial, out, k, s, p, dl):
        idx = np.arange(o)[:, None] * si + np.arange(ki)[None, :] * di
        right = max(0, int(idx.max()) + 1 - pi - n)
        index.append(idx)
        pairs = [pi, right] + pairs
    x = input
    if any(pairs):
        x = _ops.constant_pad_nd(input, pairs, _lowest(input.dtype))
    values, arg = _gather_windows(x, d, index).max(-1)
    if not return_indices:
        return values
    return values, _flat_indices(arg, index, p, spatial)


def max_pool1d(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False,
               return_indices=False):
    """The max of each window along the last dim of (N, C, L) or (C, L)."""
    return _max_pool("max_pool1d", 1, input, kernel_size, stride, padding, dilation, ceil_mode,
                     return_indices)


def max_pool2d(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False,
               return_indices=False):
    """The max of each window of the last two dims of (N, C, H, W) or (C, H, W)."""
    return _max_pool("max_pool2d", 2, input, kernel_size, stride, padding, dilation, ceil_mode,
                     return_indices)


def max_pool3d(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False,
               return_indices=False):
    """The max of each window of the last three dims of (N, C, D, H, W) or (C, D, H, W)."""
    return _max_pool("max_pool3d", 3, input, kernel_size, stride, padding, dilation, ceil_mode,
                     return_indices)


def max_pool1d_with_indices(input, kernel_size, stride=None, padding=0, dilation=1,
                            ceil_mode=False, return_indices=False):
    """max_pool1d's (values, indices), whatever ``return_indices`` says (as torch's)."""
    return _max_pool("max_pool1d", 1, input, kernel_size, stride, padding, dilation, ceil_mode,
                     True)


def max_pool2d_with_indices(input, kernel_size, stride=None, padding=0, dilation=1,
                            ceil_mode=False, return_indices=False):
    """max_pool2d's (values, indices), whatever ``return_indices`` says (as torch's)."""
    return _max_pool("max_pool2d", 2, input, kernel_size, stride, padding, dilation, ceil_mode,
                     True)


def max_pool3d_with_indices(input, kernel_size, stride=None, padding=0, dilation=1,
                            ceil_mode=False, return_indices=False):
    """max_pool3d's (values, indices), whatever ``return_indices`` says (as torch's)."""
    return _max_pool("max_pool3d", 3, input, kernel_size, stride, padding, dilation, ceil_mode,
                     True)


def _avg_pool(name, d, input, kernel_size, stride, padding, ceil_mode, count_include_pad,
              divisor_override):
    _check_input(name, input, d)
    if not input.dtype.is_floating_point:
        raise NotImplementedError(f"{name}: expected a floating-point input, got "
                                  f"{input.dtype.name}")
    k, s, p, dl = _window_args(name, d, kernel_size, stride, padding)
    if divisor_override is not None and divisor_override == 0:
        raise RuntimeError(f"{name}: divisor must be not zero (divisor_override="
                           f"{divisor_override})")
    out = _out_sizes(input, d, k, s, p, dl, ceil_mode)
    spatial = tuple(input.shape[-d:])
    lead = tuple(input.shape[:-d])
    x = input.reshape((-1, 1) + spatial)
    pairs, counts = [], None
    for n, o, ki, si, pi in zip(spatial, out, k, s, p):
        pairs = [0, max(0, (o - 1) * si + ki - (n + 2 * pi))] + pairs
        start = np.arange(o) * si - pi
        end = np.minimum(start + ki, n + pi)
        c = (end - start) if count_include_pad else \
            (np.minimum(end, n) - np.maximum(start, 0))
        counts = c if counts is None else np.multiply.outer(counts, c)
    if any(pairs):
        x = _ops.constant_pad_nd(x, pairs, 0)
    ones = _creation.ones((1, 1) + k, dtype=input.dtype)
    y = _ops.convolution(x, ones, None, list(s), list(p), [1] * d, False, [0] * d, 1)
    y = y.reshape(lead + out)
    if divisor_override is not None:
        return y / divisor_override
    return y / _creation.as_tensor(counts.astype(input.dtype.np))


def avg_pool1d(input, kernel_size, stride=None, padding=0, ceil_mode=False,
               count_include_pad=True):
    """The mean of each window along the last dim of (N, C, L) or (C, L)."""
    return _avg_pool("avg_pool1d", 1, input, kernel_size, stride, padding, ceil_mode,
                     count_include_pad, None)


def avg_pool2d(input, kernel_size, stride=None, padding=0, ceil_mode=False,
               count_include_pad=True, divisor_override=None):
    """The mean of each window of the last two dims of (N, C, H, W) or (C, H, W)."""
    return _avg_pool("avg_pool2d", 2, input, kernel_size, stride, padding, ceil_mode,
                     count_include_pad, divisor_override)


def avg_pool3d(input, kernel_size, stride=None, padding=0, ceil_mode=False,
               count_include_pad=True, divisor_override=None):
    """The mean of each window of the last three dims of (N, C, D, H, W) or (C, D, H, W)."""
    return _avg_pool("avg_pool3d", 3, input, kernel_size, stride, padding, ceil_mode,
                     count_include_pad, divisor_override)


def _lp_pool(name, d, input, norm_type, kernel_size, stride, ceil_mode):
    """torch's power-average pooling: ``(sum over the window of x**p) ** (1/p)``, from
    avg_pool of ``x**p`` times the window's size (max_pool of |x| for p = inf)."""
    if norm_type == math.inf:
        return _max_pool(name, d, input.abs(), kernel_size, stride, 0, 1, ceil_mode, False)
    if norm_type == -math.inf:
        return -_max_pool(name, d, -input.abs(), kernel_size, stride, 0, 1, ceil_mode, False)
    k = ntuple(kernel_size, d, "kernel_size")
    out = _avg_pool(name, d, input.pow(norm_type), kernel_size, stride, 0, ceil_mode, True,
                    None)
    return (out.sign() * out.abs().relu()).mul(math.prod(k)).pow(1.0 / norm_type)


def lp_pool1d(input, norm_type, kernel_size, stride=None, ceil_mode=False):
    """The p-norm (``norm_type``) of each window along the last dim."""
    return _lp_pool("lp_pool1d", 1, input, norm_type, kernel_size, stride, ceil_mode)


def lp_pool2d(input, norm_type, kernel_size, stride=None, ceil_mode=False):
    """The p-norm (``norm_type``) of each window of the last two dims."""
    return _lp_pool("lp_pool2d", 2, input, norm_type, kernel_size, stride, ceil_mode)


def lp_pool3d(input, norm_type, kernel_size, stride=None, ceil_mode=False):
    """The p-norm (``norm_type``) of each window of the last three dims."""
    return _lp_pool("lp_pool3d", 3, input, norm_type, kernel_size, stride, ceil_mode)


def _adaptive_sizes(name, d, input, output_size) -> tuple:
    if input.ndim not in (d + 1, d + 2) or any(n == 0 for n in input.shape[1:]):
        raise RuntimeError(f"{name}(): Expected {d + 1}D or {d + 2}D tensor, but got: "
                           f"{list(input.shape)}")
    if isinstance(output_size, int) or output_size is None:
        output_size = (output_size,) * d
    output_size = tuple(output_size)
    if len(output_size) != d:
        raise ValueError(f"{name}: output_size must hold {d} values, got {output_size}")
    spatial = tuple(input.shape[-d:])
    out = tuple(n if o is None else o for o, n in zip(output_size, spatial))
    if any(not isinstance(o, int) or o < 1 for o in out):
        raise RuntimeError(f"{name}: elements of output_size must be greater than or equal "
                           f"to 1, but got output_size={output_size}")
    return spatial, out


def _bounds(n: int, o: int):
    i = np.arange(o)
    return (i * n) // o, -((-(i + 1) * n) // o)  # floor(i n / o), ceil((i + 1) n / o)


def _adaptive_avg(name, d, input, output_size):
    spatial, out = _adaptive_sizes(name, d, input, output_size)
    if not input.dtype.is_floating_point:
        raise NotImplementedError(f"{name}: expected a floating-point input, got "
                                  f"{input.dtype.name}")
    y = input
    for i, (n, o) in enumerate(zip(spatial, out)):
        start, end = _bounds(n, o)
        m = np.zeros((n, o), input.dtype.np)
        for j in range(o):
            m[start[j]:end[j], j] = 1.0 / (end[j] - start[j])
        mat = _creation.as_tensor(m)
        dim = y.ndim - d + i
        if dim == y.ndim - 1:
            y = y.matmul(mat)
        else:
            y = y.transpose(dim, -1).matmul(mat).transpose(dim, -1)
    return y


def adaptive_avg_pool1d(input, output_size) -> Tensor:
    """Means over output_size windows spanning the last dim."""
    return _adaptive_avg("adaptive_avg_pool1d", 1, input, output_size)


def adaptive_avg_pool2d(input, output_size) -> Tensor:
    """Means over an output_size grid of windows spanning the last two dims."""
    return _adaptive_avg("adaptive_avg_pool2d", 2, input, output_size)


def adaptive_avg_pool3d(input, output_size) -> Tensor:
    """Means over an output_size grid of windows spanning the last three dims."""
    return _adaptive_avg("adaptive_avg_pool3d", 3, input, output_size)


def _adaptive_max(name, d, input, output_size, return_indices):
    spatial, out = _adaptive_sizes(name, d, input, output_size)
    index = []
    for n, o in zip(spatial, out):
        start, end = _bounds(n, o)
        width = int((end - start).max())
        index.append(np.minimum(start[:, None] + np.arange(width)[None, :], end[:, None] - 1))
    values, arg = _gather_windows(input, d, index).max(-1)
    if not return_indices:
        return values
    return values, _flat_indices(arg, index, (0,) * d, spatial)


def adaptive_max_pool1d(input, output_size, return_indices=False):
    """Maxima over output_size windows spanning the last dim."""
    return _adaptive_max("adaptive_max_pool1d", 1, input, output_size, return_indices)


def adaptive_max_pool2d(input, output_size, return_indices=False):
    """Maxima over an output_size grid of windows spanning the last two dims."""
    return _adaptive_max("adaptive_max_pool2d", 2, input, output_size, return_indices)


def adaptive_max_pool3d(input, output_size, return_indices=False):
    """Maxima over an output_size grid of windows spanning the last three dims."""
    return _adaptive_max("adaptive_max_pool3d", 3, input, output_size, return_indices)


def adaptive_max_pool1d_with_indices(input, output_size, return_indices=False):
    """adaptive_max_pool1d's (values, indices), whatever ``return_indices`` says."""
    return _adaptive_max("adaptive_max_pool1d", 1, input, output_size, True)


def adaptive_max_pool2d_with_indices(input, output_size, return_indices=False):
    """adaptive_max_pool2d's (values, indices), whatever ``return_indices`` says."""
    return _adaptive_max("adaptive_max_pool2d", 2, input, output_size, True)


def adaptive_max_pool3d_with_indices(input, output_size, return_indices=False):
    """adaptive_max_pool3d's (values, indices), whatever ``return_indices`` says."""
    return _adaptive_max("adaptive_max_pool3d", 3, input, output_size, True)


def _fractional_starts(samples: np.ndarray, n: int, o: int, k: int) -> np.ndarray:
    """torch's pseudo-random window starts along one dim, for every plane's sample u (any
    shape S; the result is S + (o,)): ``trunc((i + u) a) - trunc(u a)`` with
    ``a = (n - k) / (o - 1)``, the last window ending at the input's end (computed in the
    samples' precision, the input's, as torch)."""
    starts = np.empty(samples.shape + (o,), np.int64)
    if o > 1:
        ct = samples.dtype.type
        alpha = ct(n - k) / ct(o - 1)
        i = np.arange(o - 1).astype(samples.dtype)
        u = samples[..., None]
        starts[..., :-1] = ((i + u) * alpha).astype(np.int64) - (u * alpha).astype(np.int64)
    starts[..., -1] = n - k
    return starts


def _fractional_max_pool(name, d, input, kernel_size, output_size, output_ratio,
                         return_indices, _random_samples):
    if output_size is None and output_ratio is None:
        raise ValueError(f"{name} requires specifying either an output_size or an "
                         f"output_ratio")
    if input.ndim not in (d + 1, d + 2) or any(n == 0 for n in input.shape[1:]):
        raise RuntimeError(f"{name}(): expected a non-empty {d + 1}D or {d + 2}D input, got "
                           f"input of size: {list(input.shape)}")
    if not input.dtype.is_floating_point:
        raise RuntimeError(f"{name}: expected a floating-point input, got {input.dtype.name}")
    k = ntuple(kernel_size, d, "kernel_size")
    spatial = tuple(input.shape[-d:])
    if output_size is None:
        ratio = (output_ratio,) * d if isinstance(output_ratio, (int, float)) \
            else tuple(output_ratio)
        if len(ratio) != d:
            raise ValueError(f"{name} requires output_ratio to either be a single Int or "
                             f"tuple of Ints, got {output_ratio!r}")
        out = tuple(int(n * r) for n, r in zip(spatial, ratio))
    else:
        out = ntuple(output_size, d, "output_size")
    dims = ("time", "height", "width")[3 - d:]
    for dim, n, o, ki in zip(dims, spatial, out, k):
        if o + ki - 1 > n:
            raise RuntimeError(f"{name}(): pool {dim} {ki} too large relative to input "
                               f"{dim} {n}")
    batched = input.ndim == d + 2
    x = input if batched else input.unsqueeze(0)
    n_batch, planes = x.shape[0], x.shape[1]
    if _random_samples is None:
        _random_samples = _random.rand(n_batch, planes, d, dtype=input.dtype)
    samples = _random_samples.detach().numpy().astype(input.dtype.np)
    if samples.shape != (n_batch, planes, d):
        raise RuntimeError(f"{name}: expected _random_samples of shape "
                           f"{[n_batch, planes, d]}, got {list(samples.shape)}")
    # per plane: the flat input position of each (output position, window offset)
    strides = [math.prod(spatial[i + 1:]) for i in range(d)]
    flat = np.zeros((n_batch, planes) + out + k, np.int64)
    for i in range(d):
        # torch's sample order: (width, height) in 2d, (time, height, width) in 3d
        u = samples[:, :, d - 1 - i] if d == 2 else samples[:, :, i]
        starts = _fractional_starts(u, spatial[i], out[i], k[i])  # (N, C, o_i)
        per_dim = (starts[..., None] + np.arange(k[i])) * strides[i]  # (N, C, o_i, k_i)
        shape = [n_batch, planes] + [1] * (2 * d)
        shape[2 + i], shape[2 + d + i] = out[i], k[i]
        flat = flat + per_dim.reshape(shape)
    flat = flat.reshape(n_batch, planes, math.prod(out), math.prod(k))
    index = _creation.as_tensor(flat.reshape(n_batch, planes, -1))
    windows = x.reshape(n_batch, planes, -1).gather(2, index)
    values, arg = windows.reshape(n_batch, planes, math.prod(out), math.prod(k)).max(-1)
    values = values.reshape((n_batch, planes) + out)
    if not batched:
        values = values.squeeze(0)
    if not return_indices:
        return values
    chosen = np.take_along_axis(flat, arg.numpy()[..., None], -1)[..., 0]
    indices = _creation.as_tensor(chosen.reshape((n_batch, planes) + out))
    return values, indices if batched else indices.squeeze(0)


def fractional_max_pool2d(input, kernel_size, output_size=None, output_ratio=None,
                          return_indices=False, _random_samples=None):
    """Max pooling over pseudo-randomly placed kernel_size windows that shrink the last two
    dims to output_size (or output_ratio of them); ``_random_samples`` (N, C, 2) fixes the
    placement (drawn from aten_lite's generator if None)."""
    return _fractional_max_pool("fractional_max_pool2d", 2, input, kernel_size, output_size,
                                output_ratio, return_indices, _random_samples)


def fractional_max_pool3d(input, kernel_size, output_size=None, output_ratio=None,
                          return_indices=False, _random_samples=None):
    """fractional_max_pool2d over the last three dims (``_random_samples`` (N, C, 3))."""
    return _fractional_max_pool("fractional_max_pool3d", 3, input, kernel_size, output_size,
                                output_ratio, return_indices, _random_samples)


def fractional_max_pool2d_with_indices(input, kernel_size, output_size=None,
                                       output_ratio=None, return_indices=False,
                                       _random_samples=None):
    """fractional_max_pool2d's (values, indices)."""
    return _fractional_max_pool("fractional_max_pool2d", 2, input, kernel_size, output_size,
                                output_ratio, True, _random_samples)


def fractional_max_pool3d_with_indices(input, kernel_size, output_size=None,
                                       output_ratio=None, return_indices=False,
                                       _random_samples=None):
    """fractional_max_pool3d's (values, indices)."""
    return _fractional_max_pool("fractional_max_pool3d", 3, input, kernel_size, output_size,
                                output_ratio, True, _random_samples)


def _max_unpool(name, d, input, indices, kernel_size, stride, padding, output_size):
    _check_input(name, input, d)
    k = ntuple(kernel_size, d, "kernel_size")
    s = k if stride is None else ntuple(stride, d, "stride")
    p = ntuple(padding, d, "padding")
    if tuple(indices.shape) != tuple(input.shape) or indices.dtype is not int64:
        raise RuntimeError(f"{name}: expected indices of dtype int64 and of input's shape "
                           f"{list(input.shape)}, got {indices.dtype.name} of shape "
                           f"{list(indices.shape)}")
    spatial = tuple(input.shape[-d:])
    default = tuple((n - 1) * si - 2 * pi + ki for n, ki, si, pi in zip(spatial, k, s, p))
    if output_size is None:
        out = default
    else:
        out = tuple(output_size)[-d:]
        if len(out) != d:
            raise ValueError(f"{name}: output_size must have {d} or {d + 2} elements, got "
                             f"{tuple(output_size)}")
        for o, n, si in zip(out, default, s):
            if not n - si < o < n + si:
                raise ValueError(f"invalid output_size {tuple(output_size)} (dim must be "
                                 f"between {tuple(a - b + 1 for a, b in zip(default, s))} and "
                                 f"{tuple(a + b - 1 for a, b in zip(default, s))})")
    lead = tuple(input.shape[:-d])
    plane = math.prod(out)
    flat_idx = indices.reshape(lead + (-1,))
    bad = flat_idx.numpy()
    if bad.size and (bad.min() < 0 or bad.max() >= plane):
        raise RuntimeError(f"{name}: found an invalid max index {int(bad.max())} (output "
                           f"volumes are of size {'x'.join(map(str, out))})")
    zeros = _creation.zeros(lead + (plane,), dtype=input.dtype)
    y = zeros.scatter(-1, flat_idx, input.reshape(lead + (-1,)))
    return y.reshape(lead + out)


def max_unpool1d(input, indices, kernel_size, stride=None, padding=0, output_size=None):
    """The inverse of max_pool1d: each value put back at its index, zeros elsewhere."""
    return _max_unpool("max_unpool1d", 1, input, indices, kernel_size, stride, padding,
                       output_size)


def max_unpool2d(input, indices, kernel_size, stride=None, padding=0, output_size=None):
    """The inverse of max_pool2d: each value put back at its index, zeros elsewhere."""
    return _max_unpool("max_unpool2d", 2, input, indices, kernel_size, stride, padding,
                       output_size)


def max_unpool3d(input, indices, kernel_size, stride=None, padding=0, output_size=None):
    """The inverse of max_pool3d: each value put back at its index, zeros elsewhere."""
    return _max_unpool("max_unpool3d", 3, input, indices, kernel_size, stride, padding,
                       output_size)


# ---- interpolate ----

_MODE_DIMS = {"linear": 1, "bilinear": 2, "trilinear": 3}


def _nearest_index(n: int, o: int, scale) -> np.ndarray:
    # torch computes the source position in float32: floor(dst * scale), scale = 1/scale_factor
    # or in/out.
    s = np.float32(1.0 / scale) if scale is not None else np.float32(n) / np.float32(o)
    return np.minimum(np.floor(np.arange(o, dtype=np.float32) * s).astype(np.int64), n - 1)


def _linear_matrix(n: int, o: int, scale, align_corners: bool, np_dtype) -> np.ndarray:
    ct = np.float32 if np_dtype != np.float64 else np.float64
    dst = np.arange(o).astype(ct)
    if align_corners:
        s = ct(n - 1) / ct(o - 1) if o > 1 else ct(0)
        src = dst * s
    else:
        s = ct(1.0 / scale) if scale is not None and scale > 0 else ct(n) / ct(o)
        src = np.maximum(s * (dst + ct(0.5)) - ct(0.5), ct(0))
    i0 = np.minimum(np.floor(src).astype(np.int64), n - 1)
    lam = np.clip(src - i0.astype(ct), 0, 1).astype(ct)
    i1 = i0 + (i0 < n - 1)
    m = np.zeros((n, o), ct)
    cols = np.arange(o)
    m[i0, cols] += ct(1) - lam
    m[i1, cols] += lam
    return m.astype(np_dtype)


def interpolate(input: Tensor, size=None, scale_factor=None, mode: str = "nearest",
                align_corners=None, recompute_scale_factor=None, antialias: bool = False):
    """Resample the spatial dims of (N, C, *spatial) to ``size`` or ``scale_factor`` times
    their size: mode 'nearest' (1-3 spatial dims), 'linear' (3D input), 'bilinear' (4D),
    'trilinear' (5D), with torch's align_corners."""
    if mode not in ("nearest",) + tuple(_MODE_DIMS):
        raise NotImplementedError(
            f"Input Error: Only 3D, 4D and 5D input Tensors supported (got {input.ndim}D) "
            f"for the modes: nearest | linear | bilinear | trilinear (got {mode})")
    if align_corners is not None and mode == "nearest":
        raise ValueError("align_corners option can only be set with the interpolating modes: "
                         "linear | bilinear | bicubic | trilinear")
    if antialias:
        raise NotImplementedError("interpolate: antialias=True is not supported")
    d = input.ndim - 2
    if d not in (1, 2, 3):
        raise NotImplementedError(f"Input Error: Only 3D, 4D and 5D input Tensors supported "
                                  f"(got {input.ndim}D) for the modes: nearest | linear | "
                                  f"bilinear | trilinear (got {mode})")
    if mode != "nearest" and _MODE_DIMS[mode] != d:
        raise NotImplementedError(f"Got {input.ndim}D input, but {mode} mode needs "
                                  f"{_MODE_DIMS[mode] + 2}D input")
    if (size is None) == (scale_factor is None):
        raise ValueError("only one of size or scale_factor should be defined" if size is not
                         None else "either size or scale_factor should be defined")
    if not input.dtype.is_floating_point:
        raise NotImplementedError(f"interpolate ({mode}): expected a floating-point input, "
                                  f"got {input.dtype.name}")
    spatial = tuple(input.shape[2:])
    if size is not None:
        out = ntuple(size, d, "size")
        scales = (None,) * d
    else:
        factors = tuple(scale_factor) if isinstance(scale_factor, (tuple, list)) else \
            (scale_factor,) * d
        if len(factors) != d:
            raise ValueError(f"Input and scale_factor must have the same number of spatial "
                             f"dimensions, but got input with spatial dimensions of "
                             f"{list(spatial)} and scale_factor of shape {list(factors)}.")
        out = tuple(int(math.floor(n * float(f))) for n, f in zip(spatial, factors))
        scales = (None,) * d if recompute_scale_factor else tuple(float(f) for f in factors)
    if any(o < 1 for o in out):
        raise ValueError(f"interpolate: the output size {list(out)} must be positive in every "
                         f"dim (input spatial size {list(spatial)})")
    y = input
    for i, (n, o, sc) in enumerate(zip(spatial, out, scales)):
        dim = 2 + i
        if mode == "nearest":
            idx = _nearest_index(n, o, sc)
            y = y.index_select(dim, _creation.as_tensor(idx))
            continue
        mat = _creation.as_tensor(_linear_matrix(n, o, sc, bool(align_corners),
                                                 input.dtype.np))
        if dim == y.ndim - 1:
            y = y.matmul(mat)
        else:
            y = y.transpose(dim, -1).matmul(mat).transpose(dim, -1)
    return y


def upsample(input, size=None, scale_factor=None, mode="nearest", align_corners=None):
    """interpolate under its older name."""
    return interpolate(input, size, scale_factor, mode, align_corners)


# ---- layers ----


class _MaxPoolNd(Module):
    d = 0

    def __init__(self, kernel_size, stride=None, padding=0, dilation=1,
                 return_indices: bool = False, ceil_mode: bool = False) -> None:
        super().__init__()
        self.kernel_size = kernel_size
        self.stride = stride if stride is not None else kernel_size
        self.padding, self.dilation = padding, dilation
        self.return_indices, self.ceil_mode = return_indices, ceil_mode

    def forward(self, input: Tensor):
        return _max_pool(f"max_pool{self.d}d", self.d, input, self.kernel_size, self.stride,
                         self.padding, self.dilation, self.ceil_mode, self.return_indices)

    def extra_repr(self) -> str:
        return (f"kernel_size={self.kernel_size}, stride={self.stride}, padding={self.padding}"
                f", dilation={self.dilation}, ceil_mode={self.ceil_mode}")


class MaxPool1d(_MaxPoolNd):
    """max_pool1d as a layer."""
    d = 1


class MaxPool2d(_MaxPoolNd):
    """max_pool2d as a layer."""
    d = 2


class MaxPool3d(_MaxPoolNd):
    """max_pool3d as a layer."""
    d = 3


class AvgPool1d(Module):
    """avg_pool1d as a layer."""

    def __init__(self, kernel_size, stride=None, padding=0, ceil_mode: bool = False,
                 count_include_pad: bool = True) -> None:
        super().__init__()
        self.kernel_size = ntuple(kernel_size, 1, "kernel_size")
        self.stride = ntuple(stride if stride is not None else kernel_size, 1, "stride")
        self.padding = ntuple(padding, 1, "padding")
        self.ceil_mode, self.count_include_pad = ceil_mode, count_include_pad

    def forward(self, input: Tensor) -> Tensor:
        return avg_pool1d(input, self.kernel_size, self.stride, self.padding, self.ceil_mode,
                          self.count_include_pad)

    def extra_repr(self) -> str:
        return f"kernel_size={self.kernel_size}, stride={self.stride}, padding={self.padding}"


class _AvgPoolNd(Module):
    """avg_pool{1,2,3}d as a layer; a subclass names its function."""

    _pool = None

    def __init__(self, kernel_size, stride=None, padding=0, ceil_mode: bool = False,
                 count_include_pad: bool = True, divisor_override=None) -> None:
        super().__init__()
        self.kernel_size = kernel_size
        self.stride = stride if stride is not None else kernel_size
        self.padding, self.ceil_mode = padding, ceil_mode
        self.count_include_pad, self.divisor_override = count_include_pad, divisor_override

    def forward(self, input: Tensor) -> Tensor:
        return type(self)._pool(input, self.kernel_size, self.stride, self.padding,
                                self.ceil_mode, self.count_include_pad, self.divisor_override)

    def extra_repr(self) -> str:
        return f"kernel_size={self.kernel_size}, stride={self.stride}, padding={self.padding}"


class AvgPool2d(_AvgPoolNd):
    """avg_pool2d as a layer."""

    _pool = staticmethod(avg_pool2d)


class AvgPool3d(_AvgPoolNd):
    """avg_pool3d as a layer."""

    _pool = staticmethod(avg_pool3d)


class _LPPoolNd(Module):
    d = 0

    def __init__(self, norm_type: float, kernel_size, stride=None,
                 ceil_mode: bool = False) -> None:
        super().__init__()
        self.norm_type, self.kernel_size = norm_type, kernel_size
        self.stride, self.ceil_mode = stride, ceil_mode

    def forward(self, input: Tensor) -> Tensor:
        return _lp_pool(f"lp_pool{self.d}d", self.d, input, self.norm_type, self.kernel_size,
                        self.stride, self.ceil_mode)

    def extra_repr(self) -> str:
        return (f"norm_type={self.norm_type}, kernel_size={self.kernel_size}, "
                f"stride={self.stride}, ceil_mode={self.ceil_mode}")


class LPPool1d(_LPPoolNd):
    """lp_pool1d as a layer."""
    d = 1


class LPPool2d(_LPPoolNd):
    """lp_pool2d as a layer."""
    d = 2


class LPPool3d(_LPPoolNd):
    """lp_pool3d as a layer."""
    d = 3


class _AdaptivePool(Module):
    fn = None

    def __init__(self, output_size, return_indices: bool = False) -> None:
        super().__init__()
        self.output_size = output_size
        self.return_indices = return_indices

    def extra_repr(self) -> str:
        return f"output_size={self.output_size}"


class AdaptiveAvgPool1d(_AdaptivePool):
    """adaptive_avg_pool1d as a layer."""

    def __init__(self, output_size) -> None:
        super().__init__(output_size)

    def forward(self, input: Tensor) -> Tensor:
        return adaptive_avg_pool1d(input, self.output_size)


class AdaptiveAvgPool2d(_AdaptivePool):
    """adaptive_avg_pool2d as a layer."""

    def __init__(self, output_size) -> None:
        super().__init__(output_size)

    def forward(self, input: Tensor) -> Tensor:
        return adaptive_avg_pool2d(input, self.output_size)


class AdaptiveMaxPool1d(_AdaptivePool):
    """adaptive_max_pool1d as a layer."""

    def forward(self, input: Tensor):
        return adaptive_max_pool1d(input, self.output_size, self.return_indices)


class AdaptiveMaxPool2d(_AdaptivePool):
    """adaptive_max_pool2d as a layer."""

    def forward(self, input: Tensor):
        return adaptive_max_pool2d(input, self.output_size, self.return_indices)


class AdaptiveAvgPool3d(_AdaptivePool):
    """adaptive_avg_pool3d as a layer."""

    def __init__(self, output_size) -> None:
        super().__init__(output_size)

    def forward(self, input: Tensor) -> Tensor:
        return adaptive_avg_pool3d(input, self.output_size)


class AdaptiveMaxPool3d(_AdaptivePool):
    """adaptive_max_pool3d as a layer."""

    def forward(self, input: Tensor):
        return adaptive_max_pool3d(input, self.output_size, self.return_indices)


class _MaxUnpool(Module):
    d = 0

    def __init__(self, kernel_size, stride=None, padding=0) -> None:
        super().__init__()
        self.kernel_size = ntuple(kernel_size, self.d, "kernel_size")
        self.stride = ntuple(stride if stride is not None else kernel_size, self.d, "stride")
        self.padding = ntuple(padding, self.d, "padding")

    def forward(self, input: Tensor, indices: Tensor, output_size=None) -> Tensor:
        return _max_unpool(f"max_unpool{self.d}d", self.d, input, indices, self.kernel_size,
                           self.stride, self.padding, output_size)

    def extra_repr(self) -> str:
        return f"kernel_size={self.kernel_size}, stride={self.stride}, padding={self.padding}"


class MaxUnpool1d(_MaxUnpool):
    """max_unpool1d as a layer."""
    d = 1


class MaxUnpool2d(_MaxUnpool):
    """max_unpool2d as a layer."""
    d = 2


class MaxUnpool3d(_MaxUnpool):
    """max_unpool3d as a layer."""
    d = 3


class _FractionalMaxPoolNd(Module):
    d = 0

    def __init__(self, kernel_size, output_size=None, output_ratio=None,
                 return_indices: bool = False, _random_samples=None) -> None:
        super().__init__()
        name = f"FractionalMaxPool{self.d}d"
        if output_size is None and output_ratio is None:
            raise ValueError(f"{name} requires specifying either an output size, or a "
                             f"pooling ratio")
        if output_size is not None and output_ratio is not None:
            raise ValueError("only one of output_size and output_ratio may be specified")
        if output_ratio is not None:
            ratios = (output_ratio,) * self.d if isinstance(output_ratio, (int, float)) \
                else tuple(output_ratio)
            if len(ratios) != self.d:
                raise ValueError(f"{name} requires output_ratio to either be a single Int or "
                                 f"tuple of Ints, got {output_ratio!r}")
            if not all(0 < r < 1 for r in ratios):
                raise ValueError(f"output_ratio must be between 0 and 1 (got {output_ratio})")
        self.kernel_size = kernel_size
        self.output_size, self.output_ratio = output_size, output_ratio
        self.return_indices = return_indices
        self.register_buffer("_random_samples", _random_samples)

    def forward(self, input: Tensor):
        return _fractional_max_pool(f"fractional_max_pool{self.d}d", self.d, input,
                                    self.kernel_size, self.output_size, self.output_ratio,
                                    self.return_indices, self._random_samples)


class FractionalMaxPool2d(_FractionalMaxPoolNd):
    """fractional_max_pool2d as a layer."""
    d = 2


class FractionalMaxPool3d(_FractionalMaxPoolNd):
    """fractional_max_pool3d as a layer."""
    d = 3


class Upsample(Module):
    """interpolate as a layer."""

    def __init__(self, size=None, scale_factor=None, mode: str = "nearest", align_corners=None,
                 recompute_scale_factor=None) -> None:
        super().__init__()
        self.size = size
        if isinstance(scale_factor, (tuple, list)):
            self.scale_factor = tuple(float(f) for f in scale_factor)
        else:
            self.scale_factor = float(scale_factor) if scale_factor is not None else None
        self.mode, self.align_corners = mode, align_corners
        self.recompute_scale_factor = recompute_scale_factor

    def forward(self, input: Tensor) -> Tensor:
        return interpolate(input, self.size, self.scale_factor, self.mode, self.align_corners,
                           self.recompute_scale_factor)

    def extra_repr(self) -> str:
        if self.scale_factor is not None:
            info = f"scale_factor={self.scale_factor!r}"
        else:
            info = f"size={self.size!r}"
        return info + f", mode={self.mode!r}"


class UpsamplingNearest2d(Upsample):
    """Upsample with mode 'nearest' (torch's older layer)."""

    def __init__(self, size=None, scale_factor=None) -> None:
        super().__init__(size, scale_factor, mode="nearest")


class UpsamplingBilinear2d(Upsample):
    """Upsample with mode 'bilinear' and align_corners=True (torch's older layer)."""

    def __init__(self, size=None, scale_factor=None) -> None:
        super().__init__(size, scale_factor, mode="bilinear", align_corners=True)

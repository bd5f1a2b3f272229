"""Sampling grids and time-major convolution: ``affine_grid``, ``grid_sample`` (spatial
transformers) and ``conv_tbc``.

``grid_sample`` is a composite: the grid's normalised coordinates become pixel positions
(through torch's border / reflection rules), the 2^d neighbours of each position are read with
one `gather` per corner, and their interpolation weights are arithmetic on the grid, so
autograd gives the gradient of the input and of the grid.

>>> import aten_lite as al
>>> import aten_lite.nn.functional as F
>>> theta = al.tensor([[[1.0, 0.0, 0.0], [0.0, 1.0, 0.0]]])
>>> x = al.arange(4.0).reshape(1, 1, 2, 2)
>>> F.grid_sample(x, F.affine_grid(theta, [1, 1, 2, 2], align_corners=False),
...               align_corners=False).reshape(-1).tolist()
[0.0, 1.0, 2.0, 3.0]
"""

from __future__ import annotations

import itertools
import math
import warnings

import numpy as np

from ..backends import creation as _creation
from ..tensors.tensor import Tensor
from .convolution import conv1d

__all__ = ["affine_grid", "grid_sample", "conv_tbc"]


def _align_warning() -> None:
    warnings.warn("Default grid_sample and affine_grid behavior has changed to "
                  "align_corners=False since 1.3.0. Please specify align_corners=True if the "
                  "old behavior is desired. See the documentation of grid_sample for details.",
                  stacklevel=3)


def _base_coords(n: int, align_corners: bool, np_dtype) -> np.ndarray:
    if n <= 1:
        return np.zeros(max(n, 0), np_dtype)
    steps = np.linspace(-1.0, 1.0, n)
    return (steps if align_corners else steps * (n - 1) / n).astype(np_dtype)


def affine_grid(theta: Tensor, size, align_corners=None) -> Tensor:
    """The sampling grid (N, H, W, 2) (or (N, D, H, W, 3)) that the batch of affine maps
    ``theta`` (N, 2, 3) (or (N, 3, 4)) gives for an output of ``size`` (N, C, H, W) (or
    (N, C, D, H, W)): each output position's normalised (x, y[, z]) mapped by theta."""
    if align_corners is None:
        _align_warning()
        align_corners = False
    if not theta.dtype.is_floating_point:
        raise ValueError(f"Expected theta to have floating point type, but got "
                         f"{theta.dtype.name}")
    size = list(size)
    if len(size) == 4:
        rows, spatial = 2, size[-2:]
    elif len(size) == 5:
        rows, spatial = 3, size[-3:]
    else:
        raise NotImplementedError(f"affine_grid only supports 4D and 5D sizes, for 2D and 3D "
                                  f"affine transforms, respectively. Got size {size}.")
    if theta.ndim != 3 or tuple(theta.shape[1:]) != (rows, rows + 1):
        raise ValueError(f"Expected a batch of {rows}D affine matrices of shape "
                         f"Nx{rows}x{rows + 1} for size {size}. Got {list(theta.shape)}.")
    if align_corners and min(spatial) == 1:
        warnings.warn("Since version 1.3.0, affine_grid behavior has changed for unit-size "
                      "grids when align_corners=True. This is not an intended use case of "
                      "affine_grid. See the documentation of affine_grid for details.",
                      stacklevel=2)
    elif min(size) <= 0:
        raise ValueError(f"Expected non-zero, positive output size. Got {size}")
    if theta.shape[0] != size[0]:
        raise ValueError(f"affine_grid: theta holds {theta.shape[0]} matrices but size asks "
                         f"for a batch of {size[0]}")
    axes = [_base_coords(n, align_corners, theta.dtype.np) for n in spatial]
    # the grid's last dim is (x, y[, z]): x runs along the last spatial dim
    mesh = np.meshgrid(*axes, indexing="ij")
    base = np.stack(list(mesh)[::-1] + [np.ones_like(mesh[0])], -1).reshape(-1, rows + 1)
    grid = _creation.as_tensor(base).matmul(theta.transpose(1, 2))
    return grid.reshape([size[0]] + spatial + [rows])


def _unnormalize(coord: Tensor, n: int, align_corners: bool) -> Tensor:
    if align_corners:
        return (coord + 1) * ((n - 1) / 2)
    return ((coord + 1) * n - 1) / 2


def _reflect(x: Tensor, twice_low: int, twice_high: int) -> Tensor:
    """torch's reflect_coordinates: fold x into [low, high] by reflecting at the ends."""
    if twice_low == twice_high:
        return x * 0
    low = twice_low / 2
    span = (twice_high - twice_low) / 2
    x = (x - low).abs()
    extra = x.fmod(span)
    flips = (x.detach() / span).floor()
    even = (flips.fmod(2) == 0)
    return (extra + low).where(even, span - extra + low)


def _source_positions(coord: Tensor, n: int, padding_mode: str, align_corners: bool):
    x = _unnormalize(coord, n, align_corners)
    if padding_mode == "border":
        x = x.clamp(0, n - 1)
    elif padding_mode == "reflection":
        x = _reflect(x, 0, 2 * (n - 1)) if align_corners else _reflect(x, -1, 2 * n - 1)
        x = x.clamp(0, n - 1)
    return x


def grid_sample(input: Tensor, grid: Tensor, mode: str = "bilinear",
                padding_mode: str = "zeros", align_corners=None) -> Tensor:
    """Sample ``input`` (N, C, H, W) (or (N, C, D, H, W)) at the grid's normalised
    positions (N, Ho, Wo, 2) (or (N, Do, Ho, Wo, 3); -1 and 1 are the edges), with bilinear
    or nearest interpolation; positions outside read zeros, the border, or the reflection."""
    if mode not in ("bilinear", "nearest", "bicubic"):
        raise ValueError(f"nn.functional.grid_sample(): expected mode to be 'bilinear', "
                         f"'nearest' or 'bicubic', but got: '{mode}'")
    if padding_mode not in ("zeros", "border", "reflection"):
        raise ValueError(f"nn.functional.grid_sample(): expected padding_mode to be 'zeros', "
                         f"'border', or 'reflection', but got: '{padding_mode}'")
    if align_corners is None:
        _align_warning()
        align_corners = False
    if mode == "bicubic":
        raise NotImplementedError("grid_sample: mode='bicubic' is not supported; use "
                                  "'bilinear' or 'nearest'")
    d = input.ndim - 2
    if d not in (2, 3) or grid.ndim != input.ndim or grid.shape[-1] != d or \
            grid.shape[0] != input.shape[0]:
        raise RuntimeError(f"grid_sample(): expected a 4D input with a 4D grid (..., 2) or a "
                           f"5D input with a 5D grid (..., 3), of the same batch size; got "
                           f"input of shape {list(input.shape)} and grid of shape "
                           f"{list(grid.shape)}")
    if not input.dtype.is_floating_point or grid.dtype != input.dtype:
        raise RuntimeError(f"grid_sample(): expected input and grid of the same floating "
                           f"dtype, got {input.dtype.name} and {grid.dtype.name}")
    n, c = input.shape[:2]
    spatial = tuple(input.shape[2:])  # (H, W) or (D, H, W)
    out = tuple(grid.shape[1:-1])
    flat_in = input.reshape(n, c, -1)
    flat_grid = grid.reshape(n, -1, d)
    # grid component k addresses spatial dim d - 1 - k (x is the width)
    pos = [_source_positions(flat_grid[..., d - 1 - k], size, padding_mode, align_corners)
           for k, size in enumerate(spatial)]  # pos[k]: along spatial dim k, (N, P)
    strides = [int(math.prod(spatial[k + 1:])) for k in range(d)]

    def read(indices, weight):
        inside = None
        flat = None
        for k, idx in enumerate(indices):
            ok = (idx >= 0) & (idx < spatial[k])
            inside = ok if inside is None else inside & ok
            term = idx.clamp(0, spatial[k] - 1) * strides[k]
            flat = term if flat is None else flat + term
        values = flat_in.gather(2, flat.unsqueeze(1).expand(n, c, flat.shape[1]))
        return values * (weight * inside).unsqueeze(1)

    if mode == "nearest":
        indices = [_creation.as_tensor(np.rint(p.detach().numpy()).astype(np.int64))
                   for p in pos]
        result = read(indices, _creation.ones((), dtype=input.dtype))
    else:
        lows = [p.detach().floor() for p in pos]
        fracs = [p - low for p, low in zip(pos, lows)]
        lows = [low.long() for low in lows]
        result = None
        for corner in itertools.product((0, 1), repeat=d):
            weight = None
            for k, bit in enumerate(corner):
                w = fracs[k] if bit else 1 - fracs[k]
                weight = w if weight is None else weight * w
            term = read([low + bit for low, bit in zip(lows, corner)], weight)
            result = term if result is None else result + term
    return result.reshape((n, c) + out)


def conv_tbc(input: Tensor, weight: Tensor, bias: Tensor, pad: int = 0) -> Tensor:
    """A 1-d convolution of a time-major (T, B, C_in) input with a (K, C_in, C_out) weight,
    ``pad`` steps of zeros at both ends: (T + 2 pad - K + 1, B, C_out)."""
    if input.ndim != 3:
        raise RuntimeError(f"Input must have 3 dims: time, batch, in_channel (got shape "
                           f"{list(input.shape)})")
    if weight.ndim != 3:
        raise RuntimeError(f"Weight tensor must have 3 dims: kernel_width, in_channels, "
                           f"out_channels. (got shape {list(weight.shape)})")
    if bias.ndim != 1:
        raise RuntimeError(f"Bias must be 1-D (got shape {list(bias.shape)})")
    if input.shape[2] != weight.shape[1]:
        raise RuntimeError(f"Input dim 2 (input channels) is not == dim 1 in the weight tensor "
                           f"({input.shape[2]} != {weight.shape[1]})")
    if weight.shape[2] != bias.shape[0]:
        raise RuntimeError(f"Bias has wrong size: {bias.shape[0]}, expected "
                           f"{weight.shape[2]} (weight's out_channels)")
    y = conv1d(input.permute(1, 2, 0), weight.permute(2, 1, 0), bias, padding=pad)
    return y.permute(2, 0, 1)

"""The functions behind torch's rearranging, bilinear and bag layers: ``pixel_shuffle``,
``pixel_unshuffle``, ``channel_shuffle`` (and ``native_channel_shuffle``), ``bilinear``,
``embedding_bag``, ``gumbel_softmax``, and the deprecated ``upsample_nearest`` /
``upsample_bilinear`` (``interpolate`` with fixed modes).

All are composites: the shuffles are a reshape, a permute and a reshape; ``bilinear`` two
matrix products; ``embedding_bag`` gathers the bags' rows with `index_select` and sums them
per bag with `index_add` (mean divides by each bag's count, max pads the bags to one length
and takes `max`), so the weight's gradient is torch's, rows of ``padding_idx`` getting none.

>>> import aten_lite as al
>>> import aten_lite.nn.functional as F
>>> F.pixel_shuffle(al.arange(4.0).reshape(1, 4, 1, 1), 2).reshape(-1).tolist()
[0.0, 1.0, 2.0, 3.0]
"""

from __future__ import annotations

import warnings

import numpy as np

from .. import _ops
from ..backends import creation as _creation
from ..frontend import random as _random
from ..tensors.tensor import Tensor
from ..vocab.grad_mode import no_grad
from .pooling import interpolate

__all__ = [
    "pixel_shuffle", "pixel_unshuffle", "channel_shuffle", "native_channel_shuffle",
    "bilinear", "embedding_bag", "gumbel_softmax", "upsample_nearest", "upsample_bilinear",
]


def _positive_factor(name: str, what: str, r) -> int:
    if isinstance(r, bool) or not isinstance(r, int) or r <= 0:
        raise RuntimeError(f"{name} expects a positive {what}, but got {r}")
    return r


def pixel_shuffle(input: Tensor, upscale_factor: int) -> Tensor:
    """(*, C r^2, H, W) -> (*, C, H r, W r): each channel's r x r block of sub-pixels laid
    out in space."""
    if input.ndim < 3:
        raise RuntimeError(f"pixel_shuffle expects input to have at least 3 dimensions, but "
                           f"got input with {input.ndim} dimension(s)")
    r = _positive_factor("pixel_shuffle", "upscale_factor", upscale_factor)
    *lead, c, h, w = input.shape
    if c % (r * r):
        raise RuntimeError(f"pixel_shuffle expects its input's 'channel' dimension to be "
                           f"divisible by the square of upscale_factor, but "
                           f"input.size(-3)={c} is not divisible by {r * r}")
    k = len(lead)
    x = input.reshape(tuple(lead) + (c // (r * r), r, r, h, w))
    x = x.permute(list(range(k)) + [k, k + 3, k + 1, k + 4, k + 2])
    return x.reshape(tuple(lead) + (c // (r * r), h * r, w * r))


def pixel_unshuffle(input: Tensor, downscale_factor: int) -> Tensor:
    """(*, C, H r, W r) -> (*, C r^2, H, W), the inverse of pixel_shuffle."""
    if input.ndim < 3:
        raise RuntimeError(f"pixel_unshuffle expects input to have at least 3 dimensions, but "
                           f"got input with {input.ndim} dimension(s)")
    r = _positive_factor("pixel_unshuffle", "downscale_factor", downscale_factor)
    *lead, c, h, w = input.shape
    for name, n, d in (("height", h, -2), ("width", w, -1)):
        if n % r:
            raise RuntimeError(f"pixel_unshuffle expects {name} to be divisible by "
                               f"downscale_factor, but input.size({d})={n} is not divisible "
                               f"by {r}")
    k = len(lead)
    x = input.reshape(tuple(lead) + (c, h // r, r, w // r, r))
    x = x.permute(list(range(k)) + [k, k + 2, k + 4, k + 1, k + 3])
    return x.reshape(tuple(lead) + (c * r * r, h // r, w // r))


def channel_shuffle(input: Tensor, groups: int) -> Tensor:
    """(N, C, *) with C = g k: channel ``i k + j`` moves to ``j g + i`` (the groups
    interleaved)."""
    if input.ndim <= 2:
        raise RuntimeError(f"channel_shuffle expects input with > 2 dims, but got input with "
                           f"sizes {list(input.shape)}")
    if isinstance(groups, bool) or not isinstance(groups, int) or groups <= 0:
        raise RuntimeError(f"Number of groups to divide channels in must be positive. Value of "
                           f"groups:{groups}")
    n, c, *rest = input.shape
    if c % groups:
        raise RuntimeError(f"Number of channels must be divisible by groups. Got {c} channels "
                           f"and {groups} groups.")
    x = input.reshape((n, groups, c // groups) + tuple(rest)).transpose(1, 2)
    return x.reshape(tuple(input.shape))


native_channel_shuffle = channel_shuffle


def bilinear(input1: Tensor, input2: Tensor, weight: Tensor,
             bias: Tensor | None = None) -> Tensor:
    """``y[..., o] = x1 @ weight[o] @ x2 + bias[o]``, weight of shape (out, in1, in2)."""
    if input1.ndim != input2.ndim:
        raise RuntimeError(f"bilinear(): input dimensions do not match: got {input1.ndim} and "
                           f"{input2.ndim}")
    for d in range(input1.ndim - 1):
        if input1.shape[d] != input2.shape[d]:
            raise RuntimeError(f"bilinear(): input batch dimensions do not match at dim {d}: "
                               f"got {input1.shape[d]} and {input2.shape[d]}")
    if weight.ndim != 3:
        raise RuntimeError(f"bilinear(): weight must be 3-D (out, in1, in2), got shape "
                           f"{list(weight.shape)}")
    out, in1, in2 = weight.shape
    if input1.shape[-1] != in1:
        raise RuntimeError(f"bilinear(): input1 size does not match weight size: got "
                           f"{input1.shape[-1]} but expected {in1}")
    if input2.shape[-1] != in2:
        raise RuntimeError(f"bilinear(): input2 size does not match weight size: got "
                           f"{input2.shape[-1]} but expected {in2}")
    if bias is not None and (bias.ndim != 1 or bias.shape[0] != out):
        got = bias.shape[0] if bias.ndim == 1 else list(bias.shape)
        raise RuntimeError(f"bilinear(): bias size does not match weight size: got {got} but "
                           f"expected {out}")
    lead = tuple(input1.shape[:-1])
    x1 = input1.reshape(-1, in1)
    x2 = input2.reshape(-1, in2)
    # (B, in1) @ (in1, out * in2) -> (B, out, in2), then contract in2 with x2.
    t = x1.mm(weight.permute(1, 0, 2).reshape(in1, out * in2)).reshape(-1, out, in2)
    y = t.matmul(x2.unsqueeze(2)).squeeze(2)
    if bias is not None:
        y = y + bias
    return y.reshape(lead + (out,))


_BAG_MODES = ("sum", "mean", "max")


def _bags(input: Tensor, offsets, include_last_offset: bool, per_sample_weights):
    """(flat indices, bag id of each, number of bags, flat per-sample weights)."""
    if input.ndim == 2:
        if offsets is not None:
            raise ValueError(f"if input is 2D, then offsets has to be None, as input is treated "
                             f"is a mini-batch of fixed length sequences. However, found "
                             f"offsets of type {type(offsets)}")
        b, length = input.shape
        bag_of = np.repeat(np.arange(b), length)
        if per_sample_weights is not None:
            per_sample_weights = per_sample_weights.reshape(-1)
        return input.reshape(-1), bag_of, b, per_sample_weights
    if input.ndim != 1:
        raise ValueError(f"input has to be 1D or 2D Tensor, but got Tensor of dimension "
                         f"{input.ndim}")
    if offsets is None:
        raise ValueError("offsets has to be a 1D Tensor but got None")
    if offsets.ndim != 1:
        raise ValueError(f"offsets has to be a 1D Tensor, got one of shape "
                         f"{list(offsets.shape)}")
    off = offsets.numpy().astype(np.int64)
    n = input.shape[0]
    if off.size and off[0] != 0:
        raise RuntimeError(f"offsets[0] has to be 0, i.e., the first sequence in the "
                           f"mini-batch has to start from position 0. However, got {off[0]}")
    if off.size and off[-1] > n:
        raise RuntimeError(f"offsets[-1] can not be greater than input's length {n} but got "
                           f"offsets[-1] of {off[-1]}")
    if np.any(np.diff(off) < 0):
        raise RuntimeError(f"offsets must be non-decreasing, got {off.tolist()}")
    if include_last_offset:
        if off.size == 0:
            raise RuntimeError("include_last_offset: offsets must hold at least one value, "
                               "the end of the last bag")
        starts, nbags = off[:-1], off.size - 1
        ends = off[1:]
    else:
        starts, nbags = off, off.size
        ends = np.append(off[1:], n)
    # the bags are consecutive runs from position 0; entries past the last end belong to none
    bag_of = np.full(n, -1, np.int64)
    if nbags:
        bag_of[:ends[-1]] = np.repeat(np.arange(nbags), ends - starts)
    return input, bag_of, nbags, per_sample_weights


def embedding_bag(input: Tensor, weight: Tensor, offsets: Tensor | None = None,
                  max_norm: float | None = None, norm_type: float = 2,
                  scale_grad_by_freq: bool = False, mode: str = "mean", sparse: bool = False,
                  per_sample_weights: Tensor | None = None, include_last_offset: bool = False,
                  padding_idx: int | None = None) -> Tensor:
    """The sum, mean or max of each bag of ``weight``'s rows: bags are the rows of a 2D
    ``input``, or the runs of a 1D ``input`` that ``offsets`` start (the last offset ends the
    last bag if ``include_last_offset``). Entries equal to ``padding_idx`` are left out (not
    counted in a mean); an empty bag gives zeros. ``per_sample_weights`` (mode 'sum' only)
    scale each row first."""
    if per_sample_weights is not None and tuple(input.shape) != tuple(per_sample_weights.shape):
        raise ValueError(f"embedding_bag: If per_sample_weights ({per_sample_weights.shape}) is "
                         f"not None, then it must have the same shape as the input "
                         f"({input.shape})")
    if weight.ndim != 2:
        raise ValueError(f"weight has to be a 2D Tensor, but got Tensor of dimension "
                         f"{weight.ndim}")
    if input.dtype.is_floating_point or input.dtype.name == "bool":
        raise RuntimeError(f"embedding_bag: expected an integer input (indices), got "
                           f"{input.dtype.name}")
    idx, bag_of, nbags, psw = _bags(input, offsets, include_last_offset, per_sample_weights)
    if mode not in _BAG_MODES:
        raise ValueError(f"mode has to be one of sum, mean or max, got {mode!r}")
    if mode == "max":
        if scale_grad_by_freq:
            raise ValueError("max mode does not support scaling the gradient by the frequency")
        if sparse:
            raise ValueError("max mode does not support sparse weights")
    if sparse:
        raise NotImplementedError("embedding_bag: sparse=True (a sparse weight gradient) is "
                                  "not supported; pass sparse=False")
    if scale_grad_by_freq:
        raise NotImplementedError("embedding_bag: scale_grad_by_freq=True is not supported; "
                                  "pass scale_grad_by_freq=False")
    if psw is not None and mode != "sum":
        raise NotImplementedError(f"embedding_bag: per_sample_weights was not None. "
                                  f"per_sample_weights is only supported for mode='sum' "
                                  f"(got mode='{mode}').")
    rows = weight.shape[0]
    if padding_idx is not None:
        if not -rows <= padding_idx < rows:
            raise AssertionError(f"padding_idx {padding_idx} must be within num_embeddings "
                                 f"([-{rows}, {rows - 1}])")
        padding_idx %= rows
    iv = idx.numpy().astype(np.int64)
    bad = (iv < 0) | (iv >= rows)
    if bad.any():
        pos = int(np.argmax(bad))
        raise IndexError(f"embedding_bag: index {pos} of input takes value {int(iv[pos])} "
                         f"which is not in the valid range [0, {rows})")
    if max_norm is not None:
        _renorm(weight, iv, float(max_norm), float(norm_type))
    keep = bag_of >= 0
    if padding_idx is not None:
        keep &= iv != padding_idx
    kept = np.nonzero(keep)[0]
    bag_kept = bag_of[kept]
    dim = weight.shape[1]
    picked = weight.index_select(0, _creation.as_tensor(iv[kept]))
    if mode == "max":
        return _bag_max(weight, picked, bag_kept, nbags, dim)
    if psw is not None:
        picked = picked * psw.index_select(0, _creation.as_tensor(kept)).unsqueeze(1)
    out = weight.new_zeros((nbags, dim)).index_add(0, _creation.as_tensor(bag_kept), picked)
    if mode == "mean":
        counts = np.maximum(np.bincount(bag_kept, minlength=nbags), 1)
        out = out / _creation.as_tensor(counts.astype(weight.dtype.np)).unsqueeze(1)
    return out


def _renorm(weight: Tensor, indices: np.ndarray, max_norm: float, norm_type: float) -> None:
    """Scale, in place, the rows looked up whose norm exceeds max_norm back to it (torch's
    embedding_renorm_, the factor's 1e-7 keeping a zero row finite)."""
    with no_grad():
        rows = _creation.as_tensor(np.unique(indices))
        picked = weight.index_select(0, rows)
        norms = picked.norm(norm_type, 1, True)
        scale = (max_norm / (norms + 1e-7)).where(norms > max_norm, norms.new_ones(()))
        weight[rows] = picked * scale


def _bag_max(weight, picked, bag_kept, nbags, dim):
    counts = np.bincount(bag_kept, minlength=nbags)
    width = max(int(counts.max()) if counts.size else 0, 1)
    # slot (bag, j) reads row j of the bag among `picked`, or the filler row past its end
    slots = np.full((nbags, width), len(bag_kept), np.int64)
    order = np.argsort(bag_kept, kind="stable")
    starts = np.concatenate([[0], np.cumsum(counts)[:-1]]).astype(np.int64)
    sorted_bags = bag_kept[order]
    slots[sorted_bags, np.arange(len(order)) - starts[sorted_bags]] = order
    low = -np.inf if weight.dtype.is_floating_point else np.iinfo(weight.dtype.np).min
    filler = _creation.full((1, dim), low, dtype=weight.dtype)
    table = _ops.cat([picked, filler], 0)
    values = table.index_select(0, _creation.as_tensor(slots.reshape(-1)))
    values = values.reshape(nbags, width, dim).max(1)[0]
    empty = _creation.as_tensor((counts == 0)[:, None])
    return values.where(~empty, values.new_zeros(()))


def gumbel_softmax(logits: Tensor, tau: float = 1, hard: bool = False, eps: float = 1e-10,
                   dim: int = -1) -> Tensor:
    """``softmax((logits + g) / tau)`` with g Gumbel(0, 1) noise drawn from aten_lite's
    generator; ``hard=True`` returns the one-hot of its argmax, with the soft sample's
    gradient (straight-through)."""
    if eps != 1e-10:
        warnings.warn("`eps` parameter is deprecated and has no effect.", stacklevel=2)
    with no_grad():
        u = _random.rand_like(logits)
        gumbels = -(-(1 - u).log()).log()  # -log(Exp(1)) is Gumbel(0, 1)
    y_soft = ((logits + gumbels) / tau).softmax(dim)
    if not hard:
        return y_soft
    index = y_soft.max(dim, keepdim=True)[1]
    y_hard = _creation.zeros_like(logits).scatter(dim, index, 1.0)
    return y_hard - y_soft.detach() + y_soft


def upsample_nearest(input: Tensor, size=None, scale_factor=None) -> Tensor:
    """interpolate(mode='nearest'), deprecated in torch (with its warning)."""
    warnings.warn("`nn.functional.upsample_nearest` is deprecated. Use "
                  "`nn.functional.interpolate` instead.", stacklevel=2)
    return interpolate(input, size, scale_factor, mode="nearest")


def upsample_bilinear(input: Tensor, size=None, scale_factor=None) -> Tensor:
    """interpolate(mode='bilinear', align_corners=True), deprecated in torch (with its
    warning)."""
    warnings.warn("`nn.functional.upsample_bilinear` is deprecated. Use "
                  "`nn.functional.interpolate` instead.", stacklevel=2)
    return interpolate(input, size, scale_factor, mode="bilinear", align_corners=True)

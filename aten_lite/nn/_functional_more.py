"""Padding, similarity and loss functionals: ``pad`` (constant, reflect, replicate,
circular), ``cosine_similarity``, ``kl_div`` (with 'batchmean' and ``log_target``) and
``huber_loss``. ``functional.py`` re-exports them; the ops they end in are declared in
native_functions.yaml (constant_pad_nd, cosine_similarity, kl_div, huber_loss).

>>> import aten_lite as al
>>> import aten_lite.nn.functional as F
>>> F.pad(al.tensor([[1.0, 2.0, 3.0]]), (2, 1), mode="reflect").tolist()
[[3.0, 2.0, 1.0, 2.0, 3.0, 2.0]]
"""

from __future__ import annotations

import warnings

import numpy as np

from ..backends import creation as _creation
from .. import _ops
from ..tensors.tensor import Tensor

__all__ = ["pad", "cosine_similarity", "kl_div", "huber_loss"]

_INDEXED_MODES = ("reflect", "replicate", "circular")
_REDUCTIONS = {"none": 0, "mean": 1, "sum": 2}


def _reduction(reduction: str) -> int:
    """The ops' reduction code for a loss's ``reduction=`` (functional.py's losses use it too)."""
    if reduction not in _REDUCTIONS:
        raise ValueError(f"{reduction} is not a valid value for reduction; expected one of "
                         f"{', '.join(_REDUCTIONS)}")
    return _REDUCTIONS[reduction]


def _positions(mode: str, n: int, left: int, right: int, d: int, shape) -> np.ndarray:
    """The input index each output position along one dim reads, for the indexed modes."""
    p = np.arange(-left, n + right)
    if mode == "reflect":
        if left >= n or right >= n:
            raise RuntimeError(
                f"Argument #4: Padding size should be less than the corresponding input "
                f"dimension, but got: padding ({left}, {right}) at dimension {d} of input "
                f"{list(shape)}")
        p = np.abs(p)
        return np.where(p > n - 1, 2 * (n - 1) - p, p)
    if n == 0:
        raise RuntimeError(f"pad (mode '{mode}'): dimension {d} of input {list(shape)} is "
                           f"empty; there is nothing to repeat")
    if mode == "replicate":
        return np.clip(p, 0, n - 1)
    if left > n or right > n:
        raise RuntimeError("Padding value causes wrapping around more than once.")
    # As torch: a negative amount crops first, and the wrap goes around what is left.
    lo, hi = max(0, -left), n - max(0, -right)
    return lo + np.arange(-max(left, 0), hi - lo + max(right, 0)) % (hi - lo)


def pad(input: Tensor, pad, mode: str = "constant", value=None) -> Tensor:
    """``input`` padded by (left, right) pairs from the last dim backwards: with ``value``
    (mode 'constant', any number of dims; negative amounts crop), or by reflecting,
    repeating the edge, or wrapping around (the last 1 to 3 dims of a batched or unbatched
    input, as torch)."""
    pad = list(pad)
    if mode == "constant":
        return _ops.constant_pad_nd(input, pad, 0 if value is None else value)
    if mode not in _INDEXED_MODES:
        raise NotImplementedError(f"Unrecognised padding mode {mode}; expected 'constant', "
                                  f"'reflect', 'replicate' or 'circular'")
    if value is not None and value != 0:
        raise RuntimeError(f'Padding mode "{mode}" doesn\'t take in value argument')
    k = len(pad) // 2
    if len(pad) % 2 or k not in (1, 2, 3) or input.dim() not in (k + 1, k + 2):
        raise NotImplementedError(
            f"Padding size {len(pad)} is not supported for {input.dim()}D input tensor; "
            f"non-constant padding takes 2, 4 or 6 values for the last 1, 2 or 3 dims of a "
            f"2-4D, 3-5D or 4-5D input (one or two leading dims)")
    out = input
    for i in range(k):
        d = input.dim() - 1 - i
        index = _positions(mode, input._shape[d], pad[2 * i], pad[2 * i + 1], d, input._shape)
        out = out.index_select(d, _creation.as_tensor(index, device=input.device))
    return out


def cosine_similarity(x1: Tensor, x2: Tensor, dim: int = 1, eps: float = 1e-8) -> Tensor:
    """The cosine of the angle between x1 and x2 along dim (see al.cosine_similarity)."""
    return _ops.cosine_similarity(x1, x2, dim, eps)


def kl_div(input: Tensor, target: Tensor, size_average=None, reduce=None,
           reduction: str = "mean", log_target: bool = False) -> Tensor:
    """KL divergence of target from input (log-probabilities): 'batchmean' divides the sum
    by the batch size (the true KL); 'mean' divides by the element count, as torch, which
    warns that this is not the KL divergence."""
    if size_average is not None or reduce is not None:
        raise ValueError("kl_div: size_average and reduce are deprecated and not supported; "
                         "pass reduction= ('none', 'batchmean', 'sum' or 'mean')")
    if reduction == "batchmean":
        total = _ops.kl_div(input, target, 2, log_target=log_target)
        return total / input.size(0) if input.dim() else total
    if reduction == "mean":
        warnings.warn("reduction: 'mean' divides the total loss by both the batch size and "
                      "the support size. 'batchmean' divides only by the batch size, and "
                      "aligns with the KL div math definition. 'mean' will be changed to "
                      "behave the same as 'batchmean' in the next major release.")
    return _ops.kl_div(input, target, _reduction(reduction), log_target=log_target)


def huber_loss(input: Tensor, target: Tensor, reduction: str = "mean", delta: float = 1.0,
               weight=None) -> Tensor:
    """0.5 * d^2 where |d| < delta, else delta * (|d| - 0.5 * delta), for d = input - target
    (broadcast, with torch's warning when the shapes differ)."""
    if weight is not None:
        raise NotImplementedError("huber_loss: weight= is not supported; multiply the "
                                  "unreduced loss (reduction='none') by the weights")
    if tuple(input.shape) != tuple(target.shape):
        warnings.warn(f"Using a target size ({target.shape}) that is different to the input "
                      f"size ({input.shape}). This will likely lead to incorrect results due "
                      f"to broadcasting. Please ensure they have the same size.", stacklevel=2)
    return _ops.huber_loss(input, target, _reduction(reduction), delta)

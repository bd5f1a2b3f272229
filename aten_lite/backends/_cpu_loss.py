"""CPU kernels of the loss ops: `nll_loss` (one op, one autograd node, as torch's
``NllLossBackward0``) and `_nll_loss_backward`, its gradient, itself an op so that a second
derivative records it.

Both view `self` as rows of classes, shape (N, C) (Note [nll_loss layout] in
``shape_rules/loss.py``): a sample picks one class per row. A row whose target is
`ignore_index` has weight 0; `mean` divides by the total weight of the rows it kept (NaN when
every row is ignored, as in torch). float16 computes in float32 and rounds once.
"""

from __future__ import annotations

import numpy as np

from .. import _trace
from .._dtype import float16, float32
from .._tensor import Tensor
from ..shape_rules import loss as rules

__all__ = ["nll_loss_cpu", "nll_loss_backward_cpu"]

_wrap = Tensor._wrap


def _rows(self: Tensor) -> np.ndarray:
    """`self` as (N, C): one sample of a 1-D `self` is one row."""
    a = self._a
    return a.reshape(1, -1) if a.ndim == 1 else a


def _picks(self: Tensor, target: Tensor, weight, ignore_index: int):
    """(row indices, class indices, per-row weights) with ignored rows weighted 0."""
    compute = float32 if self._dtype is float16 else self._dtype
    c = self._shape[-1]
    t = target._a.reshape(-1)
    kept = t != ignore_index
    if not kept.all():
        t = np.where(kept, t, 0)
    if t.size:
        lo, hi = int(t.min()), int(t.max())
        if lo < 0 or hi >= c:
            raise IndexError(f"nll_loss: Target {lo if lo < 0 else hi} is out of bounds "
                             f"for {c} classes")
    if weight is None:
        w = kept.astype(compute.np)
    else:
        w = weight._a.astype(compute.np, copy=False)[t]
        w[~kept] = 0
    return np.arange(t.size), t, w, compute


def _finish(out: np.ndarray, dtype, compute) -> Tensor:
    if _trace.active is not None:
        _trace.note(compute.name, None)
    return _wrap(out if dtype is compute else out.astype(dtype.np))


def nll_loss_cpu(self: Tensor, target: Tensor, weight=None, reduction: int = 1,
                 ignore_index: int = -100) -> Tensor:
    shape, dtype = rules.nll_loss(self, target, weight, reduction, ignore_index)
    rows, t, w, compute = _picks(self, target, weight, ignore_index)
    losses = _rows(self)[rows, t].astype(compute.np, copy=False) * -w
    if reduction == 0:
        out = losses.reshape(shape)
    else:
        total = losses.sum(dtype=compute.np)
        if reduction == 1:
            with np.errstate(invalid="ignore", divide="ignore"):
                total = total / w.sum(dtype=compute.np)
        out = np.asarray(total, dtype=compute.np)
    return _finish(out, dtype, compute)


def nll_loss_backward_cpu(grad_output: Tensor, self: Tensor, target: Tensor, weight,
                          reduction: int, ignore_index: int) -> Tensor:
    shape, dtype = rules.nll_loss_backward(grad_output, self, target, weight, reduction,
                                           ignore_index)
    rows, t, w, compute = _picks(self, target, weight, ignore_index)
    g = grad_output._a.astype(compute.np, copy=False).reshape(-1)
    if reduction == 1:
        with np.errstate(invalid="ignore", divide="ignore"):
            g = g / w.sum(dtype=compute.np)
    out = np.zeros((rows.size, shape[-1]), compute.np)
    out[rows, t] = -w * g
    return _finish(out.reshape(shape), dtype, compute)

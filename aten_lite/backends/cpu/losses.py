"""CPU kernels of the loss ops: `nll_loss` (one op, one autograd node, as torch's
``NllLossBackward0``) and `_nll_loss_backward`, its gradient, itself an op so that a second
derivative records it.

Both view `self` as rows of classes, shape (N, C) (Note [nll_loss layout] in
``rules/shapes/loss.py``): a sample picks one class per row. A row whose target is
`ignore_index` has weight 0; `mean` divides by the total weight of the rows it kept (NaN when
every row is ignored, as in torch). float16 and bfloat16 compute in float32 and round once.

Without class weights (cross_entropy's common case) each is one C++ pass over the rows
(``aten_lite/csrc/nll_loss.h``, ``aten_lite/csrc/nll_loss_backward.h``); with weights, NumPy
passes.
"""

from __future__ import annotations

import numpy as np

from ...vocab import trace as _trace
from ...vocab.dtype import bfloat16, float16, float32, float64, int64
from ...rules.kernel_rules import cached_c_kernel
from ...tensors.tensor import Tensor, empty_array, sync_stream
from ...rules.shapes import loss as rules

__all__ = ["nll_loss_cpu", "nll_loss_backward_cpu"]

_wrap = Tensor._wrap


def _rows(self: Tensor) -> np.ndarray:
    """`self` as (N, C): one sample of a 1-D `self` is one row."""
    a = self._a
    return a.reshape(1, -1) if a.ndim == 1 else a


_ARANGE: dict = {}  # n -> arange(n), the row numbers, reused across steps


def _row_numbers(n: int) -> np.ndarray:
    rows = _ARANGE.get(n)
    if rows is None:
        rows = np.arange(n)
        if n <= 1 << 16:
            _ARANGE[n] = rows
    return rows


def _picks(self: Tensor, target: Tensor, weight, ignore_index: int):
    """(row indices, class indices, per-row weights, compute dtype) with ignored rows
    weighted 0, and every kept target checked to be a class."""
    compute = float32 if self._dtype in (float16, bfloat16) else self._dtype
    c = self._shape[-1]
    t = target._a.reshape(-1)
    ignored = t == ignore_index
    any_ignored = np.count_nonzero(ignored) > 0
    if any_ignored:
        t = np.where(ignored, 0, t)
    # As unsigned numbers, negative targets are too large too: NumPy's indexing then
    # rejects both (see _bad_target), with no separate pass to check the bounds.
    t = t.view(np.uint64)
    if weight is None:
        w = None if not any_ignored else (~ignored).astype(compute.np)
    else:
        w = _take(weight._a.astype(compute.np, copy=False), t, c)
        if any_ignored:
            w[ignored] = 0
    return _row_numbers(t.size), t, w, compute


def _take(a: np.ndarray, t: np.ndarray, c: int, rows=None) -> np.ndarray:
    try:
        return a[t] if rows is None else a[rows, t]
    except IndexError:
        _bad_target(t.view(np.int64), c, None)


def _bad_target(t: np.ndarray, c: int, ignore_index) -> None:
    bad = t[((t < 0) | (t >= c)) & (t != ignore_index)][0]
    raise IndexError(f"nll_loss: Target {bad} is out of bounds for {c} classes") from None


def _in_cpp(name: str, out: np.ndarray, self: Tensor, other: np.ndarray, target: Tensor,
            reduction: int, ignore_index: int) -> Tensor:
    """Run the C++ kernel ``name`` with ``other`` (self's rows, or grad_output) into ``out``
    (viewed as the kernel takes it: (N,), 0-dim or (N, C)) and wrap ``out``."""
    k = cached_c_kernel(name)
    if not (target._a.flags.c_contiguous and other.flags.c_contiguous):
        sync_stream()  # reshape may copy: a read of the values
    t = target._a.reshape(-1)
    c = self._shape[-1]
    arg = out.reshape(-1, c) if name == "nll_loss_backward" else \
        out.reshape(-1) if reduction == 0 else out
    if k(self._dtype.code, arg, other, t, ignore_index, reduction):
        _bad_target(t, c, ignore_index)
    if _trace.active is not None:
        _trace.note(self._dtype.name, None)
    return _wrap(out)


def _plain(weight, ignore_index) -> bool:
    """Whether the C++ kernels apply: no class weights, an ignore_index C++ can hold."""
    return weight is None and -(1 << 63) <= ignore_index < (1 << 63)


def _total_weight(w, n: int, compute):
    """What `mean` divides by. Zero (every row ignored) becomes NaN here, as torch's 0/0,
    without NumPy's division warning."""
    total = n if w is None else w.sum(dtype=compute.np)
    return total if total else np.nan


def _finish(out: np.ndarray, dtype, compute) -> Tensor:
    if _trace.active is not None:
        _trace.note(compute.name, None)
    return _wrap(out if dtype is compute else out.astype(dtype.np))


def nll_loss_cpu(self: Tensor, target: Tensor, weight=None, reduction: int = 1,
                 ignore_index: int = -100) -> Tensor:
    shape, dtype = rules.nll_loss(self, target, weight, reduction, ignore_index)
    if _plain(weight, ignore_index):
        return _in_cpp("nll_loss", empty_array(shape, dtype), self, _rows(self), target,
                       reduction, ignore_index)
    sync_stream()  # class weights and ignored rows: NumPy reads the targets and rows
    rows, t, w, compute = _picks(self, target, weight, ignore_index)
    losses = -_take(_rows(self), t, self._shape[-1], rows).astype(compute.np, copy=False)
    if w is not None:
        losses *= w
    if reduction == 0:
        out = losses.reshape(shape)
    else:
        out = losses.sum(keepdims=True).reshape(())
        if reduction == 1:
            out /= _total_weight(w, t.size, compute)
    return _finish(out, dtype, compute)


def nll_loss_backward_cpu(grad_output: Tensor, self: Tensor, target: Tensor, weight,
                          reduction: int, ignore_index: int) -> Tensor:
    dt = self._dtype
    if weight is None and reduction == 1 and (dt is float32 or dt is float64) and \
            grad_output._dtype is dt and grad_output._shape == () and \
            target._dtype is int64 and len(self._shape) == 2 and \
            target._shape == self._shape[:1] and ignore_index.__class__ is int and \
            -(1 << 63) <= ignore_index < (1 << 63):
        # cross_entropy's backward, every step: the rule's checks and the C++ case below, in
        # line (mean of (N, C) rows, no class weights).
        out = empty_array(self._shape, dt)
        t = target._a
        if cached_c_kernel("nll_loss_backward")(dt.code, out, grad_output._a, t,
                                                ignore_index, 1):
            _bad_target(t, self._shape[1], ignore_index)
        if _trace.active is not None:
            _trace.note(dt.name, None)
        return _wrap(out)
    shape, dtype = rules.nll_loss_backward(grad_output, self, target, weight, reduction,
                                           ignore_index)
    if _plain(weight, ignore_index):
        g = grad_output._a
        if not g.flags.c_contiguous:
            sync_stream()  # reshape may copy: a read of the values
        return _in_cpp("nll_loss_backward", empty_array(shape, dtype), self,
                       g.reshape(-1) if reduction == 0 else g, target, reduction, ignore_index)
    sync_stream()  # NumPy reads the targets and the gradient
    rows, t, w, compute = _picks(self, target, weight, ignore_index)
    g = grad_output._a.astype(compute.np, copy=False).reshape(-1)
    if reduction == 1:
        g = g / _total_weight(w, t.size, compute)
    out = np.zeros((rows.size, shape[-1]), compute.np)
    try:
        out[rows, t] = -g if w is None else -w * g
    except IndexError:
        _take(out, t, shape[-1], rows)  # raises the message naming the bad target
        raise
    return _finish(out.reshape(shape), dtype, compute)


# Note [Stream-safe kernels] in dispatch/dispatcher.py: the C++ cases may be queued (a bad
# target then raises at the next sync, found by the stream's decoder); the NumPy cases drain.
nll_loss_cpu.stream_safe = True
nll_loss_backward_cpu.stream_safe = True

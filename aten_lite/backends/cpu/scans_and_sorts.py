"""CPU kernels of the scans and sorts: cumsum, cumprod (C++ loops), sort, topk and unique
(NumPy). Results are allocated from the shape rules of ``rules/shapes/indexed.py`` and are
contiguous.

Every sort is stable, so equal values keep their order and results do not depend on the
algorithm; NaN sorts as the largest value, as in torch. unique (torch.unique's _unique2) has no
meta kernel: its result's size depends on the values, which a meta tensor does not have, as in
torch; and no gradient (derivatives.yaml marks its outputs so), as torch's unique has none.
"""

from __future__ import annotations

import math

import numpy as np

from ...rules.kernel_rules import cached_c_kernel as _kernel
from ...rules.shapes import indexed as rules
from ...tensors.tensor import Tensor, empty_array, wrap_dim

__all__ = ["cumsum_cpu", "cumprod_cpu", "sort_cpu", "topk_cpu", "unique_cpu"]

_wrap = Tensor._wrap


# ---- scans ----


# Note [Scan accumulators]
# A running sum or product carries its rounding error along the whole scan: float32
# accumulated in float32 over 1e5 values in [-0.9, 0.9] drifts by ~5e-4; accumulated in
# float64, only the final rounding to float32 remains. torch's CPU scans accumulate in
# at::acc_type: float64 for float32, float32 for float16 (float64 would round some float16
# results differently from torch's), and the result dtype for float64 and int64. Each partial
# result is rounded to the result dtype once, as it is stored, and a running sum starts at
# +0.0 (so -0.0 never comes out), a product at 1.
#
# The scans run in C++ (csrc/scan.h, the `cpp:` kernels cumsum and cumprod): NumPy's
# accumulate with a wider dtype= casts through small buffers, and converting blocks into a
# float64 buffer first cost as much again. The kernel sees (P, N, K) views of self and of a
# fresh result, N the scanned dim, both of the result's dtype: bool and integer inputs (and
# any dtype=) are converted first, as torch converts self for dtype=; integer running values
# wrap as torch's int64 ones do.


def _scan(kernel: str, self: Tensor, dim: int, dtype) -> Tensor:
    shape, out_dt = rules.scan(self, dim, dtype)
    a = self._a
    if a.dtype != out_dt.np:
        a = a.astype(out_dt.np)
    a = a.reshape(a.shape or (1,))
    out = empty_array(a.shape, out_dt)
    if out.size:
        d = wrap_dim(dim, a.ndim)
        n = a.shape[d]
        outer = math.prod(a.shape[:d])
        lines = (outer, n, a.size // (outer * n))
        # a's view when its strides allow one (a transposed matrix does), a copy otherwise
        _kernel(kernel)(out_dt.code, out.reshape(lines), a.reshape(lines))
    return _wrap(out.reshape(shape))


def cumsum_cpu(self: Tensor, dim: int, dtype=None) -> Tensor:
    return _scan("cumsum", self, dim, dtype)


def cumprod_cpu(self: Tensor, dim: int, dtype=None) -> Tensor:
    return _scan("cumprod", self, dim, dtype)


# ---- sorts ----


def _sorted_indices(a: np.ndarray, d: int, descending: bool) -> np.ndarray:
    """Stable order along d. Descending sorts the reversed array ascending and reverses the
    answer: ties then keep their original order and NaN comes first, as in torch."""
    if not descending:
        return np.argsort(a, axis=d, kind="stable")
    n = a.shape[d]
    order = np.argsort(np.flip(a, d), axis=d, kind="stable")
    return (n - 1) - np.flip(order, d)


def sort_cpu(self: Tensor, dim: int = -1, descending: bool = False):
    (shape, _), _ = rules.sort(self, dim, descending)
    a = self._a.reshape(self._a.shape or (1,))
    d = wrap_dim(dim, len(self._shape))
    idx = _sorted_indices(a, d, descending)
    values = np.take_along_axis(a, idx, axis=d)
    return (_wrap(np.ascontiguousarray(values).reshape(shape)),
            _wrap(np.ascontiguousarray(idx, dtype=np.int64).reshape(shape)))


def topk_cpu(self: Tensor, k: int, dim: int = -1, largest: bool = True,
             sorted: bool = True):  # noqa: A002 (torch's argument name)
    # The result is always sorted: sorted=False allows any order, and this is one.
    (shape, _), _ = rules.topk(self, k, dim, largest, sorted)
    a = self._a.reshape(self._a.shape or (1,))
    d = wrap_dim(dim, len(self._shape))
    idx = np.take(_sorted_indices(a, d, largest), np.arange(k), axis=d)
    values = np.take_along_axis(a, idx, axis=d)
    return (_wrap(np.ascontiguousarray(values).reshape(shape)),
            _wrap(np.ascontiguousarray(idx, dtype=np.int64).reshape(shape)))


def unique_cpu(self, sorted=True, return_inverse=False, return_counts=False):
    """The sorted distinct values; the inverse indices (input's shape) and counts are filled
    only when asked for, else empty, as torch's _unique2. No gradient (as in torch).

    Equal means ``==``, as in torch's sort-based kernel: every NaN is distinct (NaN != NaN),
    so each NaN is a value of its own, sorted last, in the order of its position; 0.0 and -0.0
    are one value, stored with the sign of the one that comes first in the input."""
    flat = self._a.reshape(-1)
    n = flat.size
    order = np.argsort(flat, kind="stable")  # NaN last; equal values in input order
    ordered = flat[order]
    starts = np.ones(n, dtype=bool)  # where a new value begins in the sorted input
    np.not_equal(ordered[1:], ordered[:-1], out=starts[1:])
    values = ordered[starts]
    if return_inverse:
        inv = np.empty(n, np.int64)
        inv[order] = np.cumsum(starts) - 1
        inv = inv.reshape(self._shape)
    else:
        inv = np.empty(0, np.int64)
    if return_counts:
        cnt = np.diff(np.append(np.flatnonzero(starts), n)).astype(np.int64)
    else:
        cnt = np.empty(0, np.int64)
    # Each is a fresh C-contiguous array (np.ascontiguousarray would make a 0-dim inverse 1-D).
    return Tensor._wrap(values), Tensor._wrap(inv), Tensor._wrap(cnt)

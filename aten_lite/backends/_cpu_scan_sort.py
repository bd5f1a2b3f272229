"""CPU kernels of the scans and sorts: cumsum, cumprod, sort, topk (NumPy computes).

Results are allocated from the shape rules of ``shape_rules/indexed.py`` and are contiguous.
Every sort is stable, so equal values keep their order and results do not depend on the
algorithm; NaN sorts as the largest value, as in torch.
"""

from __future__ import annotations

import numpy as np

from .._dtype import float16, float32
from .._tensor import Tensor, wrap_dim
from ..shape_rules import indexed as rules

__all__ = ["cumsum_cpu", "cumprod_cpu", "sort_cpu", "topk_cpu"]

_wrap = Tensor._wrap


def _scan(ufunc, self: Tensor, dim: int, dtype):
    shape, out_dt = rules.scan(self, dim, dtype)
    a = self._a.reshape(self._a.shape or (1,))
    d = wrap_dim(dim, len(self._shape))
    # float16 accumulates in float32 (as torch's CPU kernel); the rest in the result dtype.
    acc = float32 if out_dt is float16 else out_dt
    with np.errstate(over="ignore", invalid="ignore"):
        out = ufunc.accumulate(a, axis=d, dtype=acc.np)
        if ufunc is np.add and out.dtype.kind == "f":
            out += 0.0  # torch's running sum starts at +0.0, so -0.0 never comes out
    return _wrap(np.ascontiguousarray(out, dtype=out_dt.np).reshape(shape))


def cumsum_cpu(self: Tensor, dim: int, dtype=None) -> Tensor:
    return _scan(np.add, self, dim, dtype)


def cumprod_cpu(self: Tensor, dim: int, dtype=None) -> Tensor:
    return _scan(np.multiply, self, dim, dtype)


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

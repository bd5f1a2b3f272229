"""CPU kernels of the scans and sorts: cumsum, cumprod, sort, topk (NumPy computes).

Results are allocated from the shape rules of ``shape_rules/indexed.py`` and are contiguous.
Every sort is stable, so equal values keep their order and results do not depend on the
algorithm; NaN sorts as the largest value, as in torch.
"""

from __future__ import annotations

import numpy as np

from .._dtype import float16, float32, float64
from .._tensor import Tensor, wrap_dim
from ..shape_rules import indexed as rules

__all__ = ["cumsum_cpu", "cumprod_cpu", "sort_cpu", "topk_cpu"]

_wrap = Tensor._wrap


# Note [Scan accumulators]
# A running sum or product carries its rounding error along the whole scan: float32
# accumulated in float32 over 1e5 values in [-0.9, 0.9] drifts by ~5e-4; accumulated in
# float64, only the final rounding to float32 remains. torch's CPU scans accumulate in
# at::acc_type: float64 for float32, float32 for float16 (float64 would round some float16
# results differently from torch's), and the result dtype for float64 and int64. Each partial
# result is rounded to the result dtype once, as it is stored.
#
# Speed: NumPy's accumulate with a dtype= other than its input's casts through small buffers
# and is several times slower, and a whole float64 copy of a large input costs page faults
# for its fresh memory. So a widened scan runs in blocks, each converted into a small buffer
# that stays in cache, accumulated there and rounded into the result: whole lines when a
# line fits, else parts of a line, the previous part's last partial result folded into the
# next part's first element (carry + x, as the running sum or product adds the next
# element). The same operations in the same order as one long scan, so the same bits.
_ACCUMULATOR = {float16: float32, float32: float64}
_CHUNK_ELEMENTS = 8192  # 64 KiB of float64 per chunk


def _scan(ufunc, self: Tensor, dim: int, dtype):
    shape, out_dt = rules.scan(self, dim, dtype)
    a = self._a.reshape(self._a.shape or (1,))
    d = wrap_dim(dim, len(self._shape))
    acc = _ACCUMULATOR.get(out_dt, out_dt).np
    with np.errstate(over="ignore", invalid="ignore"):
        if a.dtype == acc:
            out = ufunc.accumulate(a, axis=d)
        else:
            out = _widened_scan(ufunc, a, d, acc, out_dt.np)
        if ufunc is np.add and out.dtype.kind == "f":
            out += 0.0  # torch's running sum starts at +0.0, so -0.0 never comes out
    return _wrap(np.ascontiguousarray(out, dtype=out_dt.np).reshape(shape))


def _widened_scan(ufunc, a: np.ndarray, d: int, acc, out_np) -> np.ndarray:
    """ufunc.accumulate of ``a`` along ``d`` computed in ``acc`` and stored as ``out_np``, a
    block at a time (Note [Scan accumulators]). As (outer, n, inner) with n the scanned dim,
    a block is whole lines (several outer indices) when a line fits in a chunk, else part
    of one outer index's lines, the previous part's last partial results carried in."""
    n = a.shape[d]
    outer = int(np.prod(a.shape[:d], dtype=np.int64))
    inner = a.size // (outer * n) if a.size else 0
    out = np.empty(a.shape, out_np)
    if out.size == 0:
        return out
    src = a.reshape(outer, n, inner)  # a view when it can be; a copy otherwise
    dst = out.reshape(outer, n, inner)  # a view: out is fresh and contiguous
    line = n * inner
    # One buffer, reused: a fresh array per block costs more than the copy into it.
    if line <= _CHUNK_ELEMENTS:  # whole lines: nothing to carry
        rows = min(outer, _CHUNK_ELEMENTS // line)
        whole = np.empty((rows, n, inner), acc)
        for o in range(0, outer, rows):
            buf = whole[:min(rows, outer - o)]
            np.copyto(buf, src[o:o + rows], casting="unsafe")
            ufunc.accumulate(buf, axis=1, out=buf)
            dst[o:o + rows] = buf
        return out
    step = min(n, max(1, _CHUNK_ELEMENTS // inner))
    part = np.empty((step, inner), acc)
    carry = np.empty(inner, acc)
    for o in range(outer):
        for start in range(0, n, step):
            buf = part[:min(step, n - start)]
            np.copyto(buf, src[o, start:start + step], casting="unsafe")
            if start:
                ufunc(carry, buf[0], out=buf[0])
            ufunc.accumulate(buf, axis=0, out=buf)
            carry[...] = buf[-1]
            dst[o, start:start + step] = buf
    return out


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

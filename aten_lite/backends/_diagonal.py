"""The diagonal view (torch.diagonal) for the CPU and Meta keys, over one geometry, as
`rules/views.py` serves narrow and select: shared by cpu.py and meta.py.

The view keeps the dims other than dim1 and dim2 in order and appends the diagonal, whose
stride is the sum of the two; its first element is (max(0, -offset), max(0, offset)) in
(dim1, dim2). An offset past the edge gives an empty diagonal, as in torch.
"""

from __future__ import annotations

import numpy as np

from ..tensors.tensor import Tensor, wrap_dim

__all__ = ["diagonal_cpu", "diagonal_meta"]


def _geometry(shape, strides, offset: int, dim1: int, dim2: int):
    """(result shape, result strides, element offset of the first element, d1, d2)."""
    n = len(shape)
    if n < 2:
        raise RuntimeError(f"diagonal(): expected a tensor of at least 2 dims, got {n}-D; "
                           f"use diag() to build a matrix from a 1-D tensor")
    d1, d2 = wrap_dim(dim1, n), wrap_dim(dim2, n)
    if d1 == d2:
        raise RuntimeError(f"diagonal dimensions cannot be identical {dim1}, {dim2}")
    if offset >= 0:
        length = max(0, min(shape[d1], shape[d2] - offset))
    else:
        length = max(0, min(shape[d1] + offset, shape[d2]))
    start = 0
    if length:
        start = offset * strides[d2] if offset >= 0 else -offset * strides[d1]
    keep = [d for d in range(n) if d not in (d1, d2)]
    out_shape = tuple(shape[d] for d in keep) + (length,)
    out_strides = tuple(strides[d] for d in keep) + (strides[d1] + strides[d2],)
    return out_shape, out_strides, start, d1, d2


def diagonal_cpu(self: Tensor, offset: int = 0, dim1: int = 0, dim2: int = 1) -> Tensor:
    shape, st, _, d1, d2 = _geometry(self._shape, self._strides, offset, dim1, dim2)
    a = self._a
    if shape[-1]:
        first = [slice(None)] * a.ndim
        first[d1] = slice(max(0, -offset), None)
        first[d2] = slice(max(0, offset), None)
        a = a[tuple(first)]
    size = a.itemsize
    keep = [d for d in range(a.ndim) if d not in (d1, d2)]
    byte_strides = tuple(a.strides[d] for d in keep) + (a.strides[d1] + a.strides[d2],)
    view = np.lib.stride_tricks.as_strided(a, shape, byte_strides if shape[-1] else
                                           tuple(s * size for s in st), writeable=True)
    t = Tensor._wrap(view, base=self)
    t._st = st
    return t


def diagonal_meta(self: Tensor, offset: int = 0, dim1: int = 0, dim2: int = 1) -> Tensor:
    shape, st, start, _, _ = _geometry(self._shape, self._st, offset, dim1, dim2)
    return Tensor._meta(shape, self._dtype, st, base=self, offset=self._offset + start)

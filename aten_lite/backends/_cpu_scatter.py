"""CPU kernels of the index-driven ops: scatter, scatter_add, index_add, one_hot, embedding,
and of tril/triu and bitwise_not (NumPy computes; shape rules in ``rules/shapes/indexed.py``).

Indices are checked against the sizes they index before NumPy sees them: NumPy would wrap a
negative index or raise its own message.
"""

from __future__ import annotations

import math

import numpy as np

from ..tensors.tensor import Tensor, empty_array, wrap_dim
from ..rules.shapes import indexed as rules
from ..rules.shapes.data import same_as_self
from ..rules.kernel_rules import scalar_for
from ._cpu_data import _check_bounds
from ._cpu_index_add import add_rows

__all__ = ["scatter_src_cpu", "scatter_value_cpu", "scatter_add_cpu", "index_add_cpu",
           "one_hot_cpu", "embedding_cpu", "tril_cpu", "triu_cpu", "bitwise_not_cpu"]

_wrap = Tensor._wrap


def _scatter_target(self: Tensor, dim: int, index: Tensor):
    """A contiguous copy of self (at least 1-D), and the NumPy index of the positions index
    names: index's own coordinates, with its values along dim."""
    out = np.array(self._a.reshape(self._a.shape or (1,)), order="C")
    idx = index._a.reshape(index._a.shape or (1,))
    d = wrap_dim(dim, len(self._shape))
    _check_bounds(idx, out.shape[d], d, negative_ok=False)
    where = list(np.indices(idx.shape, sparse=True))
    where[d] = idx
    return out, tuple(where), idx.shape


def _leading(src: Tensor, shape) -> np.ndarray:
    # Only the leading part of src is read (index may be smaller than src in every dim).
    a = src._a.reshape(src._a.shape or (1,))
    return a[tuple(slice(0, n) for n in shape)]


def scatter_src_cpu(self: Tensor, dim: int, index: Tensor, src: Tensor) -> Tensor:
    rules.scatter(self, dim, index, src)
    out, where, shape = _scatter_target(self, dim, index)
    out[where] = _leading(src, shape)  # a repeated position keeps one of its values
    return _wrap(out.reshape(self._shape))


def scatter_value_cpu(self: Tensor, dim: int, index: Tensor, value) -> Tensor:
    rules.scatter(self, dim, index, value)
    out, where, _ = _scatter_target(self, dim, index)
    out[where] = scalar_for(value, self._dtype, "scatter")
    return _wrap(out.reshape(self._shape))


def scatter_add_cpu(self: Tensor, dim: int, index: Tensor, src: Tensor) -> Tensor:
    rules.scatter(self, dim, index, src)
    out, where, shape = _scatter_target(self, dim, index)
    np.add.at(out, where, _leading(src, shape))  # once per occurrence: repeats add up
    return _wrap(out.reshape(self._shape))


def index_add_cpu(self: Tensor, dim: int, index: Tensor, source: Tensor, alpha=1) -> Tensor:
    rules.index_add(self, dim, index, source, alpha)
    out = np.array(self._a.reshape(self._a.shape or (1,)), order="C")
    d = wrap_dim(dim, len(self._shape))
    idx = index._a.reshape(-1)
    src = source._a
    if alpha != 1:
        src = src * np.asarray(scalar_for(alpha, self._dtype, "index_add"), dtype=out.dtype)
    planes, inner = math.prod(out.shape[:d]), math.prod(out.shape[d + 1:])
    add_rows(self._dtype, out.reshape(planes, out.shape[d], inner), idx,
             src.astype(out.dtype, copy=False).reshape(planes, idx.size, inner), d, False)
    return _wrap(out.reshape(self._shape))


def one_hot_cpu(self: Tensor, num_classes: int = -1) -> Tensor:
    a = self._a
    if num_classes == -1:
        if a.size == 0:
            raise RuntimeError("Can not infer total number of classes from empty tensor.")
        num_classes = int(a.max()) + 1
    if a.size and int(a.min()) < 0:
        raise RuntimeError("Class values must be non-negative.")
    if a.size and int(a.max()) >= num_classes:
        raise RuntimeError("Class values must be smaller than num_classes.")
    if num_classes < 0:
        raise RuntimeError(f"one_hot: num_classes={num_classes} must be -1 or non-negative")
    out = np.zeros(a.shape + (num_classes,), np.int64)
    np.put_along_axis(out, a[..., None], 1, axis=-1)
    return _wrap(out)


def embedding_cpu(weight: Tensor, indices: Tensor, padding_idx: int = -1,
                  scale_grad_by_freq: bool = False, sparse: bool = False) -> Tensor:
    shape, dtype = rules.embedding(weight, indices, padding_idx, scale_grad_by_freq, sparse)
    if sparse:
        raise NotImplementedError(
            "embedding: sparse=True (a sparse gradient for weight) is not supported; pass "
            "sparse=False for a dense gradient")
    idx = indices._a.reshape(-1)
    rows = weight._shape[0]
    if idx.size and (int(idx.min()) < 0 or int(idx.max()) >= rows):
        bad = int(idx.min()) if int(idx.min()) < 0 else int(idx.max())
        raise IndexError(f"embedding: index {bad} is out of range for weight with {rows} rows")
    out = empty_array(shape, dtype)
    weight._a.take(idx, 0, out=out.reshape(idx.size, weight._shape[1]))  # np.take: 1 us more
    return _wrap(out)


def _diagonal_in_reach(self: Tensor, diagonal: int) -> int:
    """A diagonal past the matrix's corners selects all or nothing, as one just past them does;
    clamped so NumPy never sees an int it cannot hold (tril(x, 2**70))."""
    rows, cols = self._shape[-2:]
    return max(-rows - 1, min(diagonal, cols + 1))


def tril_cpu(self: Tensor, diagonal: int = 0) -> Tensor:
    rules.triangle(self, diagonal)
    diagonal = _diagonal_in_reach(self, diagonal)
    return _wrap(np.ascontiguousarray(np.tril(self._a, diagonal)))


def triu_cpu(self: Tensor, diagonal: int = 0) -> Tensor:
    rules.triangle(self, diagonal)
    diagonal = _diagonal_in_reach(self, diagonal)
    return _wrap(np.ascontiguousarray(np.triu(self._a, diagonal)))


def bitwise_not_cpu(self: Tensor) -> Tensor:
    shape, dtype = same_as_self(self)
    out = empty_array(shape, dtype)
    np.invert(self._a, out=out)
    return _wrap(out)

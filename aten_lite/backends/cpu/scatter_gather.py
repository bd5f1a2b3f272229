"""CPU kernels that move elements along one dim by an index tensor of the same rank: gather,
scatter (of a tensor or a value) and scatter_add; and the lookups built the same way: embedding
(rows of a weight by index) and one_hot. NumPy computes; the shape rules are in
``rules/shapes/data.py`` and ``rules/shapes/indexed.py``, and indices are checked before NumPy
sees them (``check_bounds``, ``indexing.py``).
"""

from __future__ import annotations

import numpy as np

from ...rules import shapes as rules
from ...rules.kernel_rules import scalar_for
from ...tensors.tensor import Tensor, empty_array, wrap_dim
from .indexing import check_bounds

__all__ = ["gather_cpu", "scatter_src_cpu", "scatter_value_cpu", "scatter_add_cpu",
           "embedding_cpu", "one_hot_cpu"]

_wrap = Tensor._wrap


def gather_cpu(self: Tensor, dim: int, index: Tensor, sparse_grad: bool = False) -> Tensor:
    shape, dtype = rules.gather(self, dim, index)
    a, idx = self._a, index._a
    if a.ndim == 0:
        a = a.reshape(1)
    if idx.ndim == 0:
        idx = idx.reshape(1)
    d = wrap_dim(dim, a.ndim)
    check_bounds(idx, a.shape[d], d, negative_ok=False)
    # Only the leading part of the other dims is read (the index may be smaller there).
    a = a[tuple(slice(None) if k == d else slice(0, n) for k, n in enumerate(idx.shape))]
    out = np.take_along_axis(a, idx, axis=d)
    return _wrap(np.ascontiguousarray(out).reshape(shape))


def _scatter_target(self: Tensor, dim: int, index: Tensor):
    """A contiguous copy of self (at least 1-D), and the NumPy index of the positions index
    names: index's own coordinates, with its values along dim."""
    out = np.array(self._a.reshape(self._a.shape or (1,)), order="C")
    idx = index._a.reshape(index._a.shape or (1,))
    d = wrap_dim(dim, len(self._shape))
    check_bounds(idx, out.shape[d], d, negative_ok=False)
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


# ---- lookups ----


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

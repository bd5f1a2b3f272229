"""SparseCPU kernels of the COO layout itself: coalesce (entries sorted by position, duplicates
summed, by the C++ ``sparse_coalesce``), the accessors (is_coalesced, nnz, indices, values and
their raw forms), and the transposes, which permute the index rows and share the values, as
torch's do.
"""

from __future__ import annotations

import numpy as np

from ...vocab.dtype import int64
from ...rules.kernel_rules import c_kernel
from ...tensors.sparse_tensor import (
    SparseTensor, alias_of, is_cpu, linear_keys, make_sparse, unravel_keys,
)
from ...tensors.tensor import Tensor, empty_array, wrap_dim
from ..coo import from_arrays, meta_sparse

__all__ = ["coalesce", "is_coalesced", "nnz", "indices", "values", "raw_indices", "raw_values",
           "t_sparse", "transpose_sparse"]

_wrap = Tensor._wrap
_meta = Tensor._meta


def coalesce(self):
    """Entries sorted by position with duplicates summed, by the C++ ``sparse_coalesce``."""
    if self._coalesced:
        return self
    shape = self._shape
    vals = self._vals
    nnz = vals._shape[0]
    if not is_cpu(self):
        return meta_sparse(shape, self._dtype, nnz, True)
    keys = linear_keys(self._idx._a, shape)
    out_vals = empty_array((nnz,), self._dtype)
    out_keys = np.empty(nnz, np.int64)
    u = c_kernel("sparse_coalesce")(self._dtype.code, out_vals, out_keys, keys, vals._a)
    if u < nnz:
        out_vals, out_keys = out_vals[:u].copy(), out_keys[:u]
    return from_arrays(unravel_keys(out_keys, shape), out_vals, shape, True)


def is_coalesced(self) -> bool:
    return self._coalesced


def nnz(self) -> int:
    return self._vals._shape[0]


def _need_coalesced(self, what: str) -> None:
    if not self._coalesced:
        raise RuntimeError(
            f"al.{what}: the sparse tensor is not coalesced (its entries may be unsorted or "
            f"repeated); call .coalesce() first, or ._{what}() for the stored {what}")


def indices(self):
    _need_coalesced(self, "indices")
    return alias_of(self._idx)


def values(self):
    _need_coalesced(self, "values")
    return alias_of(self._vals)


def raw_indices(self):
    return alias_of(self._idx)


def raw_values(self):
    return alias_of(self._vals)


# ---- transposes (the values are shared, as torch does) ----


def _permuted(self, perm: list[int]) -> SparseTensor:
    shape = tuple(self._shape[p] for p in perm)
    same = perm == sorted(perm)
    if is_cpu(self):
        idx = self._idx if same else _wrap(self._idx._a[perm])
    else:
        idx = _meta(self._idx._shape, int64)
    nnz = self._vals._shape[0]
    return make_sparse(idx, self._vals, shape, self._coalesced and (same or nnz <= 1))


def t_sparse(self):
    ndim = len(self._shape)
    if ndim > 2:
        raise RuntimeError(f"t() expects a tensor with <= 2 dimensions, but self is {ndim}D; "
                           "use transpose(dim0, dim1)")
    return _permuted(self, [1, 0] if ndim == 2 else list(range(ndim)))


def transpose_sparse(self, dim0: int, dim1: int):
    ndim = len(self._shape)
    perm = list(range(ndim))
    d0, d1 = wrap_dim(dim0, ndim), wrap_dim(dim1, ndim)
    perm[d0], perm[d1] = perm[d1], perm[d0]
    return _permuted(self, perm)

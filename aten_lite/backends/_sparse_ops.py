"""SparseCPU kernels for the layout itself: construction and checks, conversion to and from
strided, coalesce, the accessors, transposes, dtype and device moves, and reading a tensor
at a sparse pattern. Arithmetic is in ``_sparse_math.py``.

Note [Sparse kernels]
A sparse kernel works on the components (Note [Sparse COO storage] in ``aten_lite/tensors/sparse_tensor.py``):
index bookkeeping (linear keys, sorting, intersections) in NumPy or C++ on CPU, and the values
through the dense ops themselves, called below autograd (``below``), so a sparse result has
exactly the dtype and numbers the dense op would give and a meta sparse tensor runs through
the Meta kernels. Only the sizes that depend on data (nnz after coalesce or an intersection)
are unknown on meta; a meta kernel then keeps the largest possible nnz. The C++ parts
(``sparse_coalesce``, ``sparse_mm``, ``sparse_sampled_mm``) are `cpp:` kernel templates with a
generated dtype switch (Note [Custom kernels] in aten_lite/csrc/kernel_api.h).
"""

from __future__ import annotations

import numpy as np

from ..vocab.dtype import int64
from ..rules.kernel_rules import c_kernel
from ..tensors.sparse_tensor import (
    SparseTensor, alias_of, is_cpu, linear_keys, make_sparse, unravel_keys,
)
from ..tensors.tensor import empty_array, wrap_dim
from ._coo import (
    _check_positions, _from_arrays, _meta, _meta_sparse, _wrap, below, values_at_strided,
)

__all__ = [
    "to_sparse_sparse", "to_dense",
    "coalesce", "is_coalesced", "nnz", "indices", "values", "raw_indices", "raw_values",
    "t_sparse", "transpose_sparse", "clone_sparse", "to_dtype_sparse", "to_device_sparse",
    "sparse_mask", "values_at",
]

def to_sparse_sparse(self):
    return self


def to_dense(self, dtype=None):
    """Zeros with the (summed) values written at their positions."""
    dt = self._dtype if dtype is None else dtype
    if not is_cpu(self):
        return _meta(self._shape, dt)
    s = coalesce(self)
    out = np.zeros(self._shape, dt.np)
    if s._vals._shape[0]:
        out.reshape(-1)[linear_keys(s._idx._a, self._shape)] = s._vals._a
    return _wrap(out)


# ---- coalesce and the accessors ----


def coalesce(self):
    """Entries sorted by position with duplicates summed, by the C++ ``sparse_coalesce``."""
    if self._coalesced:
        return self
    shape = self._shape
    vals = self._vals
    nnz = vals._shape[0]
    if not is_cpu(self):
        return _meta_sparse(shape, self._dtype, nnz, True)
    keys = linear_keys(self._idx._a, shape)
    out_vals = empty_array((nnz,), self._dtype)
    out_keys = np.empty(nnz, np.int64)
    u = c_kernel("sparse_coalesce")(self._dtype.code, out_vals, out_keys, keys, vals._a)
    if u < nnz:
        out_vals, out_keys = out_vals[:u].copy(), out_keys[:u]
    return _from_arrays(unravel_keys(out_keys, shape), out_vals, shape, True)


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


# ---- copies, dtype and device ----


def clone_sparse(self):
    return make_sparse(below("clone", self._idx), below("clone", self._vals),
                       self._shape, self._coalesced)


def to_dtype_sparse(self, dtype, non_blocking=False, copy=False):
    if dtype is self._dtype and not copy:
        return self
    s = self  # the stored values are cast as they are, duplicates included (Note [Casting
    # duplicates] in _sparse_math.py)
    idx = below("clone", s._idx) if copy else s._idx
    vals = below("to.dtype", s._vals, dtype, False, copy)
    return make_sparse(idx, vals, s._shape, s._coalesced)


def to_device_sparse(self, device, dtype=None, non_blocking=False, copy=False):
    if device is self._device and (dtype is None or dtype is self._dtype) and not copy:
        return self
    s = self if dtype is None or dtype is self._dtype else coalesce(self)
    idx = below("to.device", s._idx, device, None, False, copy)
    vals = below("to.device", s._vals, device, dtype, False, copy)
    return make_sparse(idx, vals, s._shape, s._coalesced)


# ---- a tensor read at a pattern ----


def sparse_mask(self, mask):
    """``self`` read at the entries of ``mask``: the pattern of mask, the values (and dtype) of
    self. As in torch, the pattern is mask's own, duplicates included: each duplicate reads
    the value again (so to_dense() counts it again), and the result is coalesced when mask
    is."""
    if not mask.is_sparse:
        raise TypeError("al.sparse_mask: mask must be a sparse COO tensor, got a strided one")
    if self._shape != mask._shape:
        raise ValueError(f"al.sparse_mask: self has shape {tuple(self._shape)} but mask has "
                         f"shape {tuple(mask._shape)}; they must be equal")
    read = values_at if self.is_sparse else values_at_strided
    return make_sparse(mask._idx, read(self, mask._idx), self._shape, mask._coalesced)


def values_at(self, indices):
    """Sparse ``self`` at the given positions: a binary search of each position among the
    sorted keys of the coalesced entries (0 where there is no entry)."""
    _check_positions("al._sparse_values_at", self, indices)
    n = indices._shape[1]
    if not is_cpu(self):
        return _meta((n,), self._dtype)
    s = coalesce(self)
    have = linear_keys(s._idx._a, self._shape)
    want = linear_keys(indices._a, self._shape)
    out = np.zeros(n, self._dtype.np)
    if have.shape[0] and n:
        pos = np.minimum(np.searchsorted(have, want), have.shape[0] - 1)
        hit = have[pos] == want
        out[hit] = s._vals._a[pos[hit]]
    return _wrap(out)

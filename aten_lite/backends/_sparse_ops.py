"""SparseCPU kernels for the layout itself: construction and checks, conversion to and from
strided, coalesce, the accessors, transposes, dtype and device moves, and reading a tensor
at a sparse pattern. Arithmetic is in ``_sparse_math.py``.

Note [Sparse kernels]
A sparse kernel works on the components (Note [Sparse COO storage] in ``aten_lite/_sparse.py``):
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

from .. import _dispatch
from .._dtype import int64, parse as _parse_dtype
from .._sparse import SparseTensor, alias_of, is_cpu, linear_keys, make_sparse, unravel_keys
from .._tensor import Tensor, empty_array, wrap_dim
from ._cpu_ops import c_kernel

__all__ = [
    "sparse_coo_tensor", "to_sparse", "to_sparse_sparse", "to_dense_strided", "to_dense",
    "coalesce", "is_coalesced", "nnz", "indices", "values", "raw_indices", "raw_values",
    "t_sparse", "transpose_sparse", "clone_sparse", "to_dtype_sparse", "to_device_sparse",
    "sparse_mask", "values_at", "values_at_strided",
]

_wrap = Tensor._wrap
_meta = Tensor._meta
_INT64_MAX = 2**63 - 1
_HANDLES: dict = {}


def below(name: str, *args):
    """Run op ``name`` (full overload name) below autograd: what a kernel uses for the dense
    work on components, which must never enter a graph (Note [Sparse kernels])."""
    h = _HANDLES.get(name)
    if h is None:
        h = _HANDLES[name] = _dispatch.handle(name)
    return h.redispatch_below_autograd(args)


def cast(t: Tensor, dtype) -> Tensor:
    return t if t._dtype is dtype else below("to.dtype", t, dtype, False, False)


def _meta_sparse(shape, dtype, nnz: int, coalesced: bool) -> SparseTensor:
    return make_sparse(_meta((len(shape), nnz), int64), _meta((nnz,), dtype), shape, coalesced)


def _from_arrays(idx: np.ndarray, vals: np.ndarray, shape, coalesced: bool) -> SparseTensor:
    return make_sparse(_wrap(idx), _wrap(vals), shape, coalesced)


# ---- construction (CPU/Meta keys: the inputs are strided) ----


def sparse_coo_tensor(indices, values, size=None, dtype=None, is_coalesced=None):
    """The checked constructor (Note [Sparse COO storage]): every problem with the indices,
    values or size is reported here, before any kernel reads them."""
    where = "al.sparse_coo_tensor"
    shape = _checked_layout(where, indices, values, size)
    if dtype is not None:
        values = cast(values, _parse_dtype(dtype))
    nnz = values._shape[0]
    coalesced = nnz <= 1
    if is_cpu(indices) and nnz:
        idx = indices._a
        _check_in_bounds(where, idx, shape)
        if is_coalesced:
            keys = linear_keys(idx, shape)
            if not bool(np.all(keys[1:] > keys[:-1])):
                raise ValueError(
                    f"{where}: is_coalesced=True, but the indices are not sorted without "
                    "duplicates; leave is_coalesced out, or call .coalesce() on the result"
                )
    if is_coalesced:
        coalesced = True
    return make_sparse(alias_of(indices), alias_of(values), shape, coalesced)


def _checked_layout(where: str, indices, values, size) -> tuple[int, ...]:
    """The size, after checking the components' dtypes and shapes against each other."""
    if indices._dtype is not int64:
        raise TypeError(f"{where}: indices must be an int64 tensor, got "
                        f"{indices._dtype.name}; convert them with indices.long()")
    if len(indices._shape) != 2:
        raise ValueError(f"{where}: indices must be 2-D (ndim, nnz), got shape "
                         f"{tuple(indices._shape)}")
    ndim, nnz = indices._shape
    if len(values._shape) != 1:
        raise ValueError(
            f"{where}: values must be 1-D, one value per column of indices, got shape "
            f"{tuple(values._shape)}; dense dimensions inside values (hybrid sparse tensors) "
            "are not supported")
    if values._shape[0] != nnz:
        raise ValueError(f"{where}: values has {values._shape[0]} elements but indices has "
                         f"{nnz} columns; give one value per column")
    if size is None:
        if not is_cpu(indices):
            raise ValueError(f"{where}: meta indices have no values to infer the size from; "
                             "pass size")
        idx = indices._a
        shape = tuple(int(r.max()) + 1 if nnz else 0 for r in idx)
        if idx.size and int(idx.min()) < 0:  # idx.size: a 0-dim tensor has no index rows
            _check_in_bounds(where, idx, shape)  # reports the negative index
    else:
        shape = tuple(size)
        if len(shape) != ndim:
            raise ValueError(f"{where}: size {shape} has {len(shape)} dimensions but indices "
                             f"has {ndim} rows; give one size per row of indices")
        if any(n < 0 for n in shape):
            raise ValueError(f"{where}: size {shape} has a negative dimension")
    numel = 1
    for n in shape:
        numel *= n
    if numel > _INT64_MAX:
        raise ValueError(f"{where}: size {shape} has more than 2**63 - 1 elements, so "
                         "positions do not fit in int64")
    return shape


def _check_in_bounds(where: str, idx: np.ndarray, shape) -> None:
    for d, n in enumerate(shape):
        row = idx[d]
        bad = (row < 0) | (row >= n)
        if bad.any():
            k = int(np.argmax(bad))
            v = int(row[k])
            why = "is negative" if v < 0 else f"is out of bounds for dimension {d} of size {n}"
            raise IndexError(f"{where}: indices[{d}, {k}] = {v} {why}")


def to_sparse(self):
    """The nonzero elements, coalesced (NumPy lists them in row-major order)."""
    shape = self._shape
    if not is_cpu(self):
        return _meta_sparse(shape, self._dtype, 0, True)  # how many are nonzero is unknown
    a = self._a
    if a.ndim == 0:
        n = int(bool(a != 0))
        return _from_arrays(np.zeros((0, n), np.int64), a.reshape(1)[:n].copy(), shape, True)
    idx = np.array(np.nonzero(a), dtype=np.int64).reshape(a.ndim, -1)
    return _from_arrays(idx, a[tuple(idx)], shape, True)


def to_sparse_sparse(self):
    return self


def to_dense_strided(self, dtype=None):
    return self if dtype is None or dtype is self._dtype else cast(self, dtype)


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


def _check_positions(where: str, self, idx) -> None:
    if idx._dtype is not int64 or len(idx._shape) != 2 or idx._shape[0] != len(self._shape):
        raise ValueError(f"{where}: indices must be an int64 tensor of shape "
                         f"({len(self._shape)}, n), got {idx._dtype.name} of shape "
                         f"{tuple(idx._shape)}")
    if is_cpu(idx) and idx._shape[1]:
        _check_in_bounds(where, idx._a, self._shape)


def values_at_strided(self, indices):
    _check_positions("al._sparse_values_at", self, indices)
    n = indices._shape[1]
    if not is_cpu(self):
        return _meta((n,), self._dtype)
    a = self._a
    if a.ndim == 0:
        return _wrap(np.broadcast_to(a, (n,)).copy())
    return _wrap(np.ascontiguousarray(a[tuple(indices._a)]))


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

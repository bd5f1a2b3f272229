"""The COO layout's shared kernels and helpers: the kernels whose inputs are strided but whose
subject is the sparse layout (the constructor, ``to_sparse``, ``to_dense`` of a strided tensor,
a strided tensor read at positions), which the CPU and Meta backends register, and the helpers
the sparse backend's own kernels build on (``below``, ``cast``, the bounds checks).

Shared, not private to one backend (docs/DESIGN.md, "Layers"): the CPU and Meta packages list
this module among their kernel families, and the sparse backend's modules import the helpers.
"""

from __future__ import annotations

import numpy as np

from ..dispatch import dispatcher as _dispatch
from ..vocab.dtype import int64, parse as _parse_dtype
from ..tensors.sparse_tensor import SparseTensor, alias_of, is_cpu, linear_keys, make_sparse
from ..tensors.tensor import Tensor

__all__ = ["sparse_coo_tensor", "to_sparse", "to_dense_strided", "values_at_strided"]

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


def meta_sparse(shape, dtype, nnz: int, coalesced: bool) -> SparseTensor:
    return make_sparse(_meta((len(shape), nnz), int64), _meta((nnz,), dtype), shape, coalesced)


def from_arrays(idx: np.ndarray, vals: np.ndarray, shape, coalesced: bool) -> SparseTensor:
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
        return meta_sparse(shape, self._dtype, 0, True)  # how many are nonzero is unknown
    a = self._a
    if a.ndim == 0:
        n = int(bool(a != 0))
        return from_arrays(np.zeros((0, n), np.int64), a.reshape(1)[:n].copy(), shape, True)
    idx = np.array(np.nonzero(a), dtype=np.int64).reshape(a.ndim, -1)
    return from_arrays(idx, a[tuple(idx)], shape, True)


def to_dense_strided(self, dtype=None):
    return self if dtype is None or dtype is self._dtype else cast(self, dtype)


# ---- a strided tensor read at positions ----


def check_positions(where: str, self, idx) -> None:
    if idx._dtype is not int64 or len(idx._shape) != 2 or idx._shape[0] != len(self._shape):
        raise ValueError(f"{where}: indices must be an int64 tensor of shape "
                         f"({len(self._shape)}, n), got {idx._dtype.name} of shape "
                         f"{tuple(idx._shape)}")
    if is_cpu(idx) and idx._shape[1]:
        _check_in_bounds(where, idx._a, self._shape)


def values_at_strided(self, indices):
    check_positions("al._sparse_values_at", self, indices)
    n = indices._shape[1]
    if not is_cpu(self):
        return _meta((n,), self._dtype)
    a = self._a
    if a.ndim == 0:
        return _wrap(np.broadcast_to(a, (n,)).copy())
    return _wrap(np.ascontiguousarray(a[tuple(indices._a)]))

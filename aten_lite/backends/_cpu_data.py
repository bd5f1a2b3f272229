"""CPU kernels for views and data movement (names that YAML `dispatch: CPU:` entries give).

Results are allocated with ``empty_array`` from the op's shape rule (``rules/shapes/data.py``),
then filled by NumPy. In-place kernels do not bump the version counter themselves: the
dispatcher bumps it for every `(a!)` argument after the kernel returns.
"""

from __future__ import annotations

import math

import numpy as np

from ..vocab.device import device as _device
from ..vocab.dtype import bool_, int32, int64, parse as _parse_dtype
from ..rules.kernel_rules import (
    PARTIAL_OVERLAP, check_copy_shape, check_writable, copy_strided, overlap, scalar_for,
)
from ..tensors.tensor import Tensor, empty_array, wrap_dim
from ..rules.views import *  # noqa: F401,F403  (the view kernels)
from ..rules.views import __all__ as _view_names
from ..rules.views import copy_with_strides, narrow_cpu, preserved_strides, split_sizes_for
from ..rules.shapes import data as rules
from ..rules.shapes.core import broadcast_shapes
from ._cpu_index_add import add_rows

__all__ = list(_view_names) + [
    "split_cpu", "split_sizes_cpu", "chunk_cpu", "cat_cpu", "stack_cpu", "gather_cpu",
    "index_select_cpu", "masked_fill_cpu", "masked_fill_inplace_cpu", "index_cpu",
    "index_put_cpu", "index_put_inplace_cpu", "clone_cpu", "copy_cpu", "fill_cpu", "zero_cpu",
    "to_dtype_cpu", "to_device_cpu",
]

_wrap = Tensor._wrap
_ROW_INDEX_DTYPES = (int64, int32)


# ---- helpers ----


def _casting_quietly(src_kind: str, dst_kind: str):
    # NumPy warns when NaN or inf become integers; torch converts silently (the value is
    # unspecified in both), so the warning would only be noise.
    if src_kind == "f" and dst_kind != "f":
        return np.errstate(invalid="ignore", over="ignore")
    return _NO_ERRSTATE


class _NoErrstate:
    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False


_NO_ERRSTATE = _NoErrstate()


def _astype(a: np.ndarray, dtype) -> np.ndarray:
    with _casting_quietly(a.dtype.kind, dtype.np.kind):
        return a.astype(dtype.np, order="C")


def _check_bounds(idx: np.ndarray, size: int, dim: int, negative_ok: bool) -> None:
    if idx.size == 0:
        return
    lo, hi = int(idx.min()), int(idx.max())
    bad = lo if lo < (-size if negative_ok else 0) else hi if hi >= size else None
    if bad is not None:
        raise IndexError(f"index {bad} is out of bounds for dimension {dim} with size {size}")


# ---- split / chunk (views) ----


def split_cpu(self: Tensor, split_size: int, dim: int = 0) -> list[Tensor]:
    d, sizes = split_sizes_for(self._shape, split_size, dim)
    return _narrow_pieces(self, d, sizes)


def split_sizes_cpu(self: Tensor, split_size, dim: int = 0) -> list[Tensor]:
    d, sizes = split_sizes_for(self._shape, list(split_size), dim)
    return _narrow_pieces(self, d, sizes)


def chunk_cpu(self: Tensor, chunks: int, dim: int = 0) -> list[Tensor]:
    d, sizes = split_sizes_for(self._shape, None, dim, chunks=chunks)
    return _narrow_pieces(self, d, sizes)


def _narrow_pieces(self: Tensor, d: int, sizes) -> list[Tensor]:
    pieces, start = [], 0
    for n in sizes:
        pieces.append(narrow_cpu(self, d, start, n))
        start += n
    return pieces


# ---- joining ----


def cat_cpu(tensors, dim: int = 0) -> Tensor:
    shape, dtype = rules.cat(tensors, dim)
    out = empty_array(shape, dtype)
    parts = [t._a for t in tensors if t._shape != (0,)]
    if parts:
        np.concatenate(parts, axis=wrap_dim(dim, len(shape)), out=out, casting="unsafe")
    return _wrap(out)


def stack_cpu(tensors, dim: int = 0) -> Tensor:
    shape, dtype = rules.stack(tensors, dim)
    out = empty_array(shape, dtype)
    np.stack([t._a for t in tensors], axis=wrap_dim(dim, len(shape)), out=out, casting="unsafe")
    return _wrap(out)


# ---- gathering by index ----


def gather_cpu(self: Tensor, dim: int, index: Tensor, sparse_grad: bool = False) -> Tensor:
    shape, dtype = rules.gather(self, dim, index)
    a, idx = self._a, index._a
    if a.ndim == 0:
        a = a.reshape(1)
    if idx.ndim == 0:
        idx = idx.reshape(1)
    d = wrap_dim(dim, a.ndim)
    _check_bounds(idx, a.shape[d], d, negative_ok=False)
    # Only the leading part of the other dims is read (the index may be smaller there).
    a = a[tuple(slice(None) if k == d else slice(0, n) for k, n in enumerate(idx.shape))]
    out = np.take_along_axis(a, idx, axis=d)
    return _wrap(np.ascontiguousarray(out).reshape(shape))


def index_select_cpu(self: Tensor, dim: int, index: Tensor) -> Tensor:
    shape, dtype = rules.index_select(self, dim, index)
    a, idx = self._a, index._a.reshape(-1)
    if a.ndim == 0:
        a = a.reshape(1)
    d = wrap_dim(dim, a.ndim)
    _check_bounds(idx, a.shape[d], d, negative_ok=False)
    out = empty_array(shape, dtype)
    a.take(idx, d, out=out.reshape(out.shape or (1,)))  # np.take: 1 us more
    return _wrap(out)


def masked_fill_cpu(self: Tensor, mask: Tensor, value) -> Tensor:
    shape, dtype = rules.masked_fill(self, mask, value)
    v = scalar_for(value, dtype, "masked_fill")
    out = empty_array(shape, dtype)
    np.copyto(out, self._a)
    if mask._shape == shape:
        np.putmask(out, mask._a, v)  # one cheaper pass where the mask needs no broadcasting
    else:
        np.copyto(out, v, where=mask._a, casting="unsafe")
    return _wrap(out)


def masked_fill_inplace_cpu(self: Tensor, mask: Tensor, value) -> Tensor:
    rules.masked_fill_inplace(self, mask, value)
    check_writable(self)
    np.copyto(self._a, scalar_for(value, self._dtype, "masked_fill_"), where=mask._a,
              casting="unsafe")
    return self


def _numpy_index(self: Tensor, indices) -> tuple:
    """The index list as a NumPy index, after checking integer indices are in range."""
    out, dim = [], 0
    for t in indices:
        if t is None:
            out.append(slice(None))
            dim += 1
        elif t._dtype is bool_:
            out.append(t._a)
            dim += len(t._shape)
        else:
            _check_bounds(t._a, self._shape[dim], dim, negative_ok=True)
            out.append(t._a)
            dim += 1
    return tuple(out)


def index_cpu(self: Tensor, indices) -> Tensor:
    if len(indices) == 1 and self._shape:
        t = indices[0]
        if t is not None and t._dtype in _ROW_INDEX_DTYPES:
            return _take_rows(self, t)
    shape, _ = rules.advanced_index(self, indices)
    out = np.ascontiguousarray(self._a[_numpy_index(self, indices)])
    return _wrap(out.reshape(shape))


def _take_rows(self: Tensor, index: Tensor) -> Tensor:
    """``self[idx]`` for one integer index (an embedding lookup, a minibatch ``X[ix]``): one
    NumPy take, which also checks the bounds (negative indices count from the end)."""
    try:
        return _wrap(self._a.take(index._a, 0))  # the method: np.take's wrapper costs 1 us
    except IndexError:
        _check_bounds(index._a, self._shape[0], 0, negative_ok=True)  # names the bad index
        raise


def index_put_inplace_cpu(self: Tensor, indices, values: Tensor, accumulate: bool = False):
    rows = accumulate and _one_row_index(self, indices)
    if not (rows and self._a.flags.writeable and
            values._shape == indices[0]._shape + self._shape[1:]):
        # (Values of exactly self[idx]'s shape, the gradient of x[idx], pass both checks.)
        rules.index_put(self, indices, values, accumulate)
        check_writable(self)
    if rows:
        _add_indexed_rows(self, indices[0], values)
        return self
    where = _numpy_index(self, indices)
    vals = values._a
    if vals.dtype != self._a.dtype:
        vals = _astype(vals, self._dtype)
    target, _ = rules.advanced_index(self, indices)
    if vals.ndim > len(target):  # leading dims of size 1 (checked by the rule)
        vals = vals.reshape(vals.shape[vals.ndim - len(target):])
    if accumulate:
        # np.add.at adds once per occurrence, so repeated indices accumulate.
        np.add.at(self._a, where, vals)
    else:
        self._a[where] = vals
    return self


def _one_row_index(self: Tensor, indices) -> bool:
    """``self[idx] += values`` with one integer index on dim 0 of a C-contiguous self: the
    gradient of ``x[idx]`` (and of an embedding lookup), which the C++ row adder runs."""
    if len(indices) != 1 or not self._shape or not self._a.flags.c_contiguous:
        return False
    t = indices[0]
    return t is not None and t._dtype in _ROW_INDEX_DTYPES


def _add_indexed_rows(self: Tensor, index: Tensor, values: Tensor) -> None:
    rows = self._shape[0]
    inner = self._a.size // rows if rows else math.prod(self._shape[1:])
    idx = index._a.reshape(-1)
    vals = values._a
    if vals.dtype != self._a.dtype:
        vals = _astype(vals, self._dtype)
    # values broadcast to self[idx]'s shape (checked by the rule); leading size-1 dims dropped.
    target = index._shape + self._shape[1:]
    if vals.ndim > len(target):
        vals = vals.reshape(vals.shape[vals.ndim - len(target):])
    if vals.shape != target:
        vals = np.broadcast_to(vals, target)
    vals = vals.reshape(1, idx.size, inner)
    add_rows(self._dtype, self._a.reshape(1, rows, inner), idx, vals, 0, True)


def index_put_cpu(self: Tensor, indices, values: Tensor, accumulate: bool = False) -> Tensor:
    return index_put_inplace_cpu(clone_cpu(self), indices, values, accumulate)


# ---- copies and fills ----


def clone_cpu(self: Tensor) -> Tensor:
    """A copy with self's layout (torch's preserve_format): self's strides when they are dense
    without overlap, else dense strides in the order of self's (expanded dims materialised)."""
    a = self._a
    if a.flags.c_contiguous:
        t = _wrap(np.array(a, order="C", copy=True))
        t._st = self._st  # those of size-1 dims too; None: read from the array
        return t
    return copy_with_strides(a, preserved_strides(self._shape, self._strides), self._dtype)


def copy_cpu(self: Tensor, src: Tensor, non_blocking: bool = False) -> Tensor:
    """Copy src into self, broadcasting src and converting its dtype (any conversion)."""
    check_copy_shape(self, src)
    check_writable(self)
    if (self._a.base is not None or src._a.base is not None) and \
            overlap(src._a, self._a) == "partial":
        raise RuntimeError(PARTIAL_OVERLAP)
    if src._dtype is self._dtype and copy_strided(self._a, src._a, self._dtype):
        return self  # Note [Strided copies]
    with _casting_quietly(src._a.dtype.kind, self._a.dtype.kind):
        np.copyto(self._a, src._a, casting="unsafe")
    return self


def fill_cpu(self: Tensor, value) -> Tensor:
    v = scalar_for(value, self._dtype)
    check_writable(self)
    self._a.fill(v)
    return self


def zero_cpu(self: Tensor) -> Tensor:
    check_writable(self)
    self._a.fill(0)
    return self


# ---- conversion ----


def to_dtype_cpu(self: Tensor, dtype, non_blocking: bool = False, copy: bool = False) -> Tensor:
    """self converted to `dtype`; self itself when nothing changes and copy=False."""
    dtype = _parse_dtype(dtype)
    if dtype is self._dtype and not copy:
        return self
    return _wrap(_astype(self._a, dtype))


def to_device_cpu(self: Tensor, device, dtype=None, non_blocking: bool = False,
                  copy: bool = False) -> Tensor:
    target = _device(device)
    dtype = self._dtype if dtype is None else _parse_dtype(dtype)
    if target.type == "meta":
        return Tensor._meta(self._shape, dtype)
    return to_dtype_cpu(self, dtype, non_blocking, copy)

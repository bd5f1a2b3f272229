"""CPU kernels that read or write a tensor at indices or under a mask: advanced indexing
(``x[idx]`` is ``index``, ``x[idx] = v`` is ``index_put``), index_select, index_add,
masked_fill; and the ops whose result size depends on the values, nonzero and the indices form
of repeat_interleave. Those two have no meta kernel (a meta tensor has no values), as in torch,
and no gradient (their results are indices).

Indices are checked against the sizes they index before NumPy sees them (``check_bounds``):
NumPy would wrap a negative index or raise its own message.

Rows added by index (index_add, and an accumulating index_put with one integer index: the
gradient of ``x[idx]`` and of ``embedding``) go through the C++ row adder ``add_rows``
(``aten_lite/csrc/index_add.h``) instead of ``np.add.at``. It adds in index order, so repeated
indices add up in one fixed order whatever the thread count, and it checks every index before
writing anything; it returns how many leading indices were in range, which names the bad one.
"""

from __future__ import annotations

import math

import numpy as np

from ...vocab import dtype as _dtype
from ...vocab.dtype import bool_, int32, int64
from ...rules import shapes as rules
from ...rules.kernel_rules import cached_c_kernel, check_writable, scalar_for
from ...tensors.tensor import Tensor, empty_array, wrap_dim
from .copies import astype_quietly, clone_cpu

__all__ = [
    "index_cpu", "index_put_cpu", "index_put_inplace_cpu", "index_select_cpu", "index_add_cpu",
    "masked_fill_cpu", "masked_fill_inplace_cpu", "nonzero_cpu", "nonzero_numpy_cpu",
    "nonzero_as_tuple_cpu", "repeat_interleave_cpu",
]

_wrap = Tensor._wrap
_ROW_INDEX_DTYPES = (int64, int32)


# ---- checks and the C++ row adder ----


def check_bounds(idx: np.ndarray, size: int, dim: int, negative_ok: bool) -> None:
    if idx.size == 0:
        return
    lo, hi = int(idx.min()), int(idx.max())
    bad = lo if lo < (-size if negative_ok else 0) else hi if hi >= size else None
    if bad is not None:
        raise IndexError(f"index {bad} is out of bounds for dimension {dim} with size {size}")


def add_rows(dtype, out: np.ndarray, index: np.ndarray, source: np.ndarray, dim: int,
             wrap_negative: bool) -> None:
    """``out[p, index[n], k] += source[p, n, k]`` in place, n in order. ``out`` is (P, R, K)
    and ``source`` (P, N, K), both of ``dtype`` (a DType); ``index`` is (N,), any integer
    dtype; ``dim`` is the indexed dim of the caller's tensor, for the message. With
    ``wrap_negative`` an index in [-R, 0) counts from the end."""
    idx = index if index.dtype == np.int64 else index.astype(np.int64)
    done = cached_c_kernel("index_add")(dtype.code, out, idx, source, wrap_negative)
    if done < idx.size:
        raise IndexError(f"index {int(idx[done])} is out of bounds for dimension {dim} with "
                         f"size {out.shape[1]}")


# ---- advanced indexing: x[idx], x[idx] = v ----


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
            check_bounds(t._a, self._shape[dim], dim, negative_ok=True)
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
        check_bounds(index._a, self._shape[0], 0, negative_ok=True)  # names the bad index
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
        vals = astype_quietly(vals, self._dtype)
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
        vals = astype_quietly(vals, self._dtype)
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


# ---- index_select, index_add ----


def index_select_cpu(self: Tensor, dim: int, index: Tensor) -> Tensor:
    shape, dtype = rules.index_select(self, dim, index)
    a, idx = self._a, index._a.reshape(-1)
    if a.ndim == 0:
        a = a.reshape(1)
    d = wrap_dim(dim, a.ndim)
    check_bounds(idx, a.shape[d], d, negative_ok=False)
    out = empty_array(shape, dtype)
    a.take(idx, d, out=out.reshape(out.shape or (1,)))  # np.take: 1 us more
    return _wrap(out)


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


# ---- masked_fill ----


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


# ---- results whose size depends on the values ----


def nonzero_cpu(self: Tensor) -> Tensor:
    """The indices of the nonzero elements (NaN counts) as an int64 (count, ndim) tensor,
    in row-major order; a 0-dim input gives (1, 0) or (0, 0), as torch."""
    a = self._a
    if a.ndim == 0:
        found = np.zeros((1 if a.item() else 0, 0), np.int64)
    else:
        found = np.argwhere(a).astype(np.int64, copy=False)
    return Tensor._wrap(np.ascontiguousarray(found))


def nonzero_numpy_cpu(self: Tensor) -> list:
    """torch.nonzero(as_tuple=True) as a list: one int64 index tensor per dim (one for a
    0-dim input, as torch treats it as 1-D)."""
    found = nonzero_cpu(self.reshape(1) if self.dim() == 0 else self)._a
    return [Tensor._wrap(np.ascontiguousarray(found[:, d])) for d in range(found.shape[1])]


def nonzero_as_tuple_cpu(self: Tensor, as_tuple: bool):
    """torch.nonzero's as_tuple keyword: the index tensors per dim as a tuple (True), or the
    (count, ndim) tensor of nonzero (False), as torch's binding returns them."""
    return tuple(nonzero_numpy_cpu(self)) if as_tuple else nonzero_cpu(self)


def repeat_interleave_cpu(repeats: Tensor, output_size=None) -> Tensor:
    """Index i repeated repeats[i] times: the indices the other overloads select with; the
    result has repeats' dtype (int32 or int64), as in torch."""
    if repeats.dim() != 1:
        raise RuntimeError(f"repeat_interleave only accept 1D vector as repeat, got a "
                           f"{repeats.dim()}-D tensor of shape {list(repeats.shape)}")
    if repeats._dtype not in (_dtype.int32, _dtype.int64):
        raise RuntimeError(f"repeat_interleave: repeats has to be Long or Int tensor, got "
                           f"{repeats._dtype.name}")
    r = repeats._a
    if r.size and r.min() < 0:
        raise RuntimeError(f"repeats can not be negative, got {int(r.min())}")
    total = int(r.sum())
    if output_size is not None and output_size != total:
        raise RuntimeError(f"repeat_interleave: output_size={output_size} does not match the "
                           f"sum of repeats ({total})")
    out = np.repeat(np.arange(r.size, dtype=r.dtype), r)
    return Tensor._wrap(np.ascontiguousarray(out))

"""CPU kernels of the view ops (view, reshape, permute/transpose/t, expand, squeeze/unsqueeze,
flatten, narrow/select/slice, split/chunk, diagonal) and of contiguous. Each computes its
geometry with ``rules/views.py`` (Note [View geometry] there), makes the ndarray with the
matching NumPy view operation and gives the result the geometry's strides; the result shares
self's storage and version counter (``Tensor._wrap(a, base=self)``).
"""

from __future__ import annotations

import numpy as np

from ...rules.views import (
    VIEW_HINT, copy_with_strides, diagonal_geometry, expand_geometry, flat_shape, infer_size,
    narrow_geometry, permutation, select_geometry, slice_geometry, split_sizes_for,
    squeeze_axes, squeeze_dims_axes, swap_permutation, t_permutation, unsqueeze_geometry,
    view_strides,
)
from ...tensors.tensor import Tensor, contiguous_strides, sync_stream

__all__ = [
    "view_cpu", "reshape_cpu", "permute_cpu", "transpose_cpu", "t_cpu", "expand_cpu",
    "squeeze_cpu", "squeeze_dim_cpu", "squeeze_dims_cpu", "unsqueeze_cpu", "flatten_cpu",
    "narrow_cpu", "select_cpu", "slice_cpu", "split_cpu", "split_sizes_cpu", "chunk_cpu",
    "diagonal_cpu", "contiguous_cpu",
]


def _cpu_view(self: Tensor, a: np.ndarray, strides) -> Tensor:
    t = Tensor._wrap(a, base=self)
    t._st = tuple(strides)
    return t


def _reshape_view_array(a: np.ndarray, shape, strides) -> np.ndarray:
    r = a.reshape(shape)
    if r.base is None and r.size:
        # NumPy copied where the geometry says a view exists (never seen, kept for safety).
        itemsize = a.itemsize
        r = np.lib.stride_tricks.as_strided(a, shape, [s * itemsize for s in strides])
    return r


def _cpu_view_strides(self: Tensor, shape):
    # An array NumPy allocated (it owns its memory) has canonical C strides, and such an
    # input views with canonical strides: what view_strides finds, faster.
    a = self._a
    if a.base is None and a.size and a.flags.c_contiguous:
        return contiguous_strides(shape)
    return view_strides(self._shape, self._strides, shape)


def _contiguous_view(self: Tensor, shape) -> Tensor | None:
    """The common case of view and reshape, cheaply: a non-empty C-contiguous array reshapes
    without a copy, and the strides NumPy gives the result (contiguous ones, size-1 dims
    included) are those ``view_strides`` finds, so `_st` can be read from the array when asked
    for. Two exceptions: a last dim of size 1 passes its stride, whatever it is, on to the
    new trailing size-1 dims (that case takes the general path); and NumPy keeps the strides
    of an array reshaped to its own shape (they are then set here)."""
    a = self._a
    if a.size and a.flags.c_contiguous:
        old = self._shape
        if not old or old[-1] != 1 or self._strides[-1] == 1:
            t = Tensor._wrap(a.reshape(shape), self)
            if shape == old:
                t._st = contiguous_strides(shape)
            return t
    return None


def view_cpu(self: Tensor, size) -> Tensor:
    shape = infer_size(size, self._a.size, self._shape)
    fast = _contiguous_view(self, shape)
    if fast is not None:
        return fast
    strides = _cpu_view_strides(self, shape)
    if strides is None:
        raise RuntimeError(VIEW_HINT)
    return _cpu_view(self, _reshape_view_array(self._a, shape, strides), strides)


def reshape_cpu(self: Tensor, shape) -> Tensor:
    """A view when the geometry allows one, else a contiguous copy."""
    shape = infer_size(shape, self._a.size, self._shape)
    fast = _contiguous_view(self, shape)
    if fast is not None:
        return fast
    strides = _cpu_view_strides(self, shape)
    if strides is None:
        sync_stream()  # the copy reads the values
        return Tensor._wrap(np.ascontiguousarray(self._a).reshape(shape))
    return _cpu_view(self, _reshape_view_array(self._a, shape, strides), strides)


# ---- dimension order ----


def _permute_cpu(self: Tensor, perm) -> Tensor:
    st = self._strides
    return _cpu_view(self, self._a.transpose(perm), [st[p] for p in perm])


def permute_cpu(self: Tensor, dims) -> Tensor:
    return _permute_cpu(self, permutation(dims, len(self._shape)))


def transpose_cpu(self: Tensor, dim0: int, dim1: int) -> Tensor:
    return _permute_cpu(self, swap_permutation(len(self._shape), dim0, dim1))


def t_cpu(self: Tensor) -> Tensor:
    return _permute_cpu(self, t_permutation(len(self._shape)))


# ---- expand ----


def expand_cpu(self: Tensor, size, implicit: bool = False) -> Tensor:
    """A read-only view: several elements share one memory location, so writes are refused
    (as torch refuses in-place ops on such tensors)."""
    shape, strides = expand_geometry(self._shape, self._strides, size)
    a = self._a
    if a.flags.c_contiguous:
        # The geometry's strides address a contiguous array from its first element, so the
        # view is built directly over its buffer: np.broadcast_to costs several times more.
        n = a.itemsize
        r = np.ndarray(shape, a.dtype, a, 0, [s * n for s in strides])
        r.flags.writeable = False
    else:
        r = np.broadcast_to(a, shape)
    return _cpu_view(self, r, strides)


# ---- squeeze / unsqueeze / flatten ----


def _squeeze_cpu(self: Tensor, axes) -> Tensor:
    st = self._strides
    strides = [s for i, s in enumerate(st) if i not in axes]
    return _cpu_view(self, self._a.squeeze(axes), strides)


def squeeze_cpu(self: Tensor) -> Tensor:
    return _squeeze_cpu(self, squeeze_axes(self._shape))


def squeeze_dim_cpu(self: Tensor, dim: int) -> Tensor:
    return _squeeze_cpu(self, squeeze_axes(self._shape, dim))


def squeeze_dims_cpu(self: Tensor, dim) -> Tensor:
    return _squeeze_cpu(self, squeeze_dims_axes(self._shape, dim))


def unsqueeze_cpu(self: Tensor, dim: int) -> Tensor:
    d, _, strides = unsqueeze_geometry(self._shape, self._strides, dim)
    return _cpu_view(self, np.expand_dims(self._a, d), strides)


def flatten_cpu(self: Tensor, start_dim: int = 0, end_dim: int = -1) -> Tensor:
    shape = flat_shape(self._shape, start_dim, end_dim)
    return self if shape is None else reshape_cpu(self, shape)


# ---- narrow / select / slice / split ----


def narrow_cpu(self: Tensor, dim: int, start: int, length: int) -> Tensor:
    d, start = narrow_geometry(self._shape, dim, start, length)
    index = (slice(None),) * d + (slice(start, start + length),)
    return _cpu_view(self, self._a[index], self._strides)


def select_cpu(self: Tensor, dim: int, index: int) -> Tensor:
    d, i = select_geometry(self._shape, dim, index)
    st = self._strides
    # The trailing Ellipsis keeps a 0-dim result an array view (a bare int gives a copy).
    a = self._a[(slice(None),) * d + (i, Ellipsis)]
    return _cpu_view(self, a, st[:d] + st[d + 1:])


def slice_cpu(self: Tensor, dim: int = 0, start=None, end=None, step: int = 1) -> Tensor:
    d, _, n = slice_geometry(self._shape, dim, start, end, step)
    st = self._strides
    a = self._a[(slice(None),) * d + (slice(start, end, step),)]
    return _cpu_view(self, a, st[:d] + (st[d] * step,) + st[d + 1:])


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


# ---- diagonal ----


def diagonal_cpu(self: Tensor, offset: int = 0, dim1: int = 0, dim2: int = 1) -> Tensor:
    shape, st, _, d1, d2 = diagonal_geometry(self._shape, self._strides, offset, dim1, dim2)
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


# ---- contiguous ----


def contiguous_cpu(self: Tensor) -> Tensor:
    """The tensor itself when already contiguous (as torch), else a contiguous copy."""
    if self._a.flags.c_contiguous:
        return self
    sync_stream()  # the copy reads the values
    return copy_with_strides(self._a, contiguous_strides(self._shape), self._dtype)


# Note [Stream-safe kernels] in dispatch/dispatcher.py: a view reads no values, and the two
# kernels that may copy (reshape, contiguous) drain the stream before they do.
for _kernel in (view_cpu, reshape_cpu, flatten_cpu, permute_cpu, transpose_cpu, t_cpu,
                expand_cpu, squeeze_cpu, squeeze_dim_cpu, squeeze_dims_cpu, unsqueeze_cpu,
                narrow_cpu, select_cpu, slice_cpu, split_cpu, split_sizes_cpu, chunk_cpu,
                diagonal_cpu, contiguous_cpu):
    _kernel.stream_safe = True
del _kernel

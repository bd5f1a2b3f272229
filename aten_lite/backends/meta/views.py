"""Meta kernels of the view ops and of contiguous: the geometry of ``rules/views.py`` (Note [View
geometry] there), the CPU kernels' checks and strides, no data. A meta view shares self's
version counter and records its storage offset (``Tensor._meta(..., base=self, offset=...)``).
"""

from __future__ import annotations

from ...rules.views import (
    VIEW_HINT, diagonal_geometry, expand_geometry, flat_shape, infer_size, narrow_geometry, numel,
    permutation, select_geometry, slice_geometry, split_sizes_for, squeeze_axes,
    squeeze_dims_axes, swap_permutation, t_permutation, unsqueeze_geometry, view_strides,
)
from ...tensors.tensor import Tensor

__all__ = [
    "view_meta", "reshape_meta", "permute_meta", "transpose_meta", "t_meta", "expand_meta",
    "squeeze_meta", "squeeze_dim_meta", "squeeze_dims_meta", "unsqueeze_meta", "flatten_meta",
    "narrow_meta", "select_meta", "slice_meta", "split_meta", "split_sizes_meta", "chunk_meta",
    "diagonal_meta", "contiguous_meta",
]


def _meta_view(self: Tensor, shape, strides, delta: int = 0) -> Tensor:
    return Tensor._meta(shape, self._dtype, strides, base=self, offset=self._offset + delta)


def view_meta(self: Tensor, size) -> Tensor:
    shape = infer_size(size, numel(self._shape), self._shape)
    strides = view_strides(self._shape, self._st, shape)
    if strides is None:
        raise RuntimeError(VIEW_HINT)
    return _meta_view(self, shape, strides)


def reshape_meta(self: Tensor, shape) -> Tensor:
    shape = infer_size(shape, numel(self._shape), self._shape)
    strides = view_strides(self._shape, self._st, shape)
    if strides is None:
        return Tensor._meta(shape, self._dtype)
    return _meta_view(self, shape, strides)


# ---- dimension order ----


def _permute_meta(self: Tensor, perm) -> Tensor:
    shape, st = self._shape, self._st
    return _meta_view(self, [shape[p] for p in perm], [st[p] for p in perm])


def permute_meta(self: Tensor, dims) -> Tensor:
    return _permute_meta(self, permutation(dims, len(self._shape)))


def transpose_meta(self: Tensor, dim0: int, dim1: int) -> Tensor:
    return _permute_meta(self, swap_permutation(len(self._shape), dim0, dim1))


def t_meta(self: Tensor) -> Tensor:
    return _permute_meta(self, t_permutation(len(self._shape)))


# ---- expand ----


def expand_meta(self: Tensor, size, implicit: bool = False) -> Tensor:
    shape, strides = expand_geometry(self._shape, self._st, size)
    return _meta_view(self, shape, strides)


# ---- squeeze / unsqueeze / flatten ----


def _squeeze_meta(self: Tensor, axes) -> Tensor:
    keep = [i for i in range(len(self._shape)) if i not in axes]
    return _meta_view(self, [self._shape[i] for i in keep], [self._st[i] for i in keep])


def squeeze_meta(self: Tensor) -> Tensor:
    return _squeeze_meta(self, squeeze_axes(self._shape))


def squeeze_dim_meta(self: Tensor, dim: int) -> Tensor:
    return _squeeze_meta(self, squeeze_axes(self._shape, dim))


def squeeze_dims_meta(self: Tensor, dim) -> Tensor:
    return _squeeze_meta(self, squeeze_dims_axes(self._shape, dim))


def unsqueeze_meta(self: Tensor, dim: int) -> Tensor:
    _, shape, strides = unsqueeze_geometry(self._shape, self._st, dim)
    return _meta_view(self, shape, strides)


def flatten_meta(self: Tensor, start_dim: int = 0, end_dim: int = -1) -> Tensor:
    shape = flat_shape(self._shape, start_dim, end_dim)
    return self if shape is None else reshape_meta(self, shape)


# ---- narrow / select / slice / split ----


def narrow_meta(self: Tensor, dim: int, start: int, length: int) -> Tensor:
    d, start = narrow_geometry(self._shape, dim, start, length)
    shape = self._shape[:d] + (length,) + self._shape[d + 1:]
    return _meta_view(self, shape, self._st, start * self._st[d])


def select_meta(self: Tensor, dim: int, index: int) -> Tensor:
    d, i = select_geometry(self._shape, dim, index)
    shape, st = self._shape, self._st
    return _meta_view(self, shape[:d] + shape[d + 1:], st[:d] + st[d + 1:], i * st[d])


def slice_meta(self: Tensor, dim: int = 0, start=None, end=None, step: int = 1) -> Tensor:
    d, first, n = slice_geometry(self._shape, dim, start, end, step)
    st = self._st
    shape = self._shape[:d] + (n,) + self._shape[d + 1:]
    return _meta_view(self, shape, st[:d] + (st[d] * step,) + st[d + 1:], first * st[d])


def _narrow_pieces(self: Tensor, d: int, sizes) -> list[Tensor]:
    pieces, start = [], 0
    for n in sizes:
        pieces.append(narrow_meta(self, d, start, n))
        start += n
    return pieces


def split_meta(self: Tensor, split_size: int, dim: int = 0) -> list[Tensor]:
    return _narrow_pieces(self, *split_sizes_for(self._shape, split_size, dim))


def split_sizes_meta(self: Tensor, split_size, dim: int = 0) -> list[Tensor]:
    return _narrow_pieces(self, *split_sizes_for(self._shape, list(split_size), dim))


def chunk_meta(self: Tensor, chunks: int, dim: int = 0) -> list[Tensor]:
    return _narrow_pieces(self, *split_sizes_for(self._shape, None, dim, chunks=chunks))


# ---- diagonal ----


def diagonal_meta(self: Tensor, offset: int = 0, dim1: int = 0, dim2: int = 1) -> Tensor:
    shape, st, start, _, _ = diagonal_geometry(self._shape, self._st, offset, dim1, dim2)
    return Tensor._meta(shape, self._dtype, st, base=self, offset=self._offset + start)


# ---- contiguous ----


def contiguous_meta(self: Tensor) -> Tensor:
    if self.is_contiguous():
        return self
    return Tensor._meta(self._shape, self._dtype)

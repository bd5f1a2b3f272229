"""Meta kernels for views and data movement: the same checks and geometry as the CPU
kernels, no data.

Functional data-movement ops (cat, gather, ...) need nothing here: their `shape:` rule gives
the generic meta kernel (``make_from_rule``). What is here returns something a rule cannot:
views (strides and a shared version counter), in-place ops (self, after the checks), several
views (split), and conversions.
"""

from __future__ import annotations

from ..vocab.device import device as _device
from ..vocab.dtype import parse as _parse_dtype
from ..rules.kernel_rules import check_copy_shape, scalar_for
from ..tensors.tensor import Tensor
from ..rules.views import *  # noqa: F401,F403  (the view kernels)
from ..rules.views import __all__ as _view_names
from ..rules.views import narrow_meta, preserved_strides, split_sizes_for
from ..rules.shapes import data as rules

__all__ = list(_view_names) + [
    "split_meta", "split_sizes_meta", "chunk_meta", "masked_fill_inplace_meta",
    "index_put_inplace_meta", "copy_meta", "fill_meta", "zero_meta", "to_dtype_meta",
    "to_device_meta", "clone_meta",
]


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


def masked_fill_inplace_meta(self: Tensor, mask: Tensor, value) -> Tensor:
    rules.masked_fill_inplace(self, mask, value)
    scalar_for(value, self._dtype, "masked_fill_")
    return self


def index_put_inplace_meta(self: Tensor, indices, values: Tensor, accumulate: bool = False):
    rules.index_put(self, indices, values, accumulate)
    return self


def clone_meta(self: Tensor) -> Tensor:
    return Tensor._meta(self._shape, self._dtype, preserved_strides(self._shape, self._st))


def copy_meta(self: Tensor, src: Tensor, non_blocking: bool = False) -> Tensor:
    check_copy_shape(self, src)
    return self


def fill_meta(self: Tensor, value) -> Tensor:
    scalar_for(value, self._dtype)
    return self


def zero_meta(self: Tensor) -> Tensor:
    return self


def to_dtype_meta(self: Tensor, dtype, non_blocking: bool = False, copy: bool = False):
    dtype = _parse_dtype(dtype)
    if dtype is self._dtype and not copy:
        return self
    return Tensor._meta(self._shape, dtype)


def to_device_meta(self: Tensor, device, dtype=None, non_blocking: bool = False,
                   copy: bool = False) -> Tensor:
    if _device(device).type != "meta":
        raise RuntimeError(
            "cannot copy a meta tensor to 'cpu': meta tensors have no data; create the tensor "
            "on 'cpu' instead"
        )
    return to_dtype_meta(self, self._dtype if dtype is None else dtype, non_blocking, copy)

"""CompositeImplicitAutograd kernels of the shape ops, written with other aten_lite ops so
that autograd records their pieces: the views and reshapes expand_as, view_as, reshape_as,
broadcast_to, unflatten, movedim, unbind; the copies repeat, tile, flip, roll, hstack, vstack;
and meshgrid.
"""

from __future__ import annotations

import math

from .. import creation as _creation
from ..._generated import ops as al  # the generated op functions (al.add, ...)
from ...rules.views import preserved_strides
from ...tensors.tensor import wrap_dim

__all__ = [
    "expand_as", "view_as", "reshape_as", "broadcast_to", "unflatten", "movedim", "unbind",
    "repeat", "tile", "flip", "roll", "hstack", "vstack", "meshgrid", "meshgrid_indexing",
]


def expand_as(self, other):
    """torch's Tensor.expand_as: ``self.expand(other.shape)``."""
    return self.expand(other._shape)


def view_as(self, other):
    """torch's Tensor.view_as: ``self.view(other.shape)``."""
    return self.view(other._shape)


def reshape_as(self, other):
    """torch's Tensor.reshape_as: ``self.reshape(other.shape)``."""
    return self.reshape(other._shape)


def broadcast_to(self, size):
    """torch.broadcast_to: ``self.expand(size)``."""
    return self.expand(list(size))


def unflatten(self, dim, sizes):
    """Dimension dim split into sizes: always a view (splitting one dim needs no copy)."""
    if self.ndim == 0:
        raise IndexError("unflatten: Dimension specified as 0 but tensor has no dimensions")
    d = wrap_dim(dim, self.ndim)
    sizes = list(sizes)
    if not sizes:
        raise RuntimeError("unflatten: sizes must be non-empty")
    n = self._shape[d]
    if sizes.count(-1) > 1:
        raise RuntimeError("unflatten: only one dimension can be inferred")
    known = math.prod(s for s in sizes if s != -1)
    if -1 in sizes:
        if known == 0 or n % known:
            raise RuntimeError(
                f"unflatten: Provided sizes {sizes} don't multiply up to the size of dim {d} "
                f"({n}) in the input tensor")
        sizes[sizes.index(-1)] = n // known
    elif known != n:
        raise RuntimeError(
            f"unflatten: Provided sizes {sizes} don't multiply up to the size of dim {d} ({n}) "
            "in the input tensor")
    return self.view(tuple(self._shape[:d]) + tuple(sizes) + tuple(self._shape[d + 1:]))


def movedim(self, source, destination):
    """torch.movedim with one dim: a permutation view (of a 0-dim tensor too: a new alias,
    as torch returns, not the input itself)."""
    n = self.dim()
    src, dst = wrap_dim(source, n), wrap_dim(destination, n)
    order = [d for d in range(n) if d != src]
    if n:
        order.insert(dst, src)
    return self.permute(order)


def unbind(self, dim=0):
    """torch.unbind: the views ``self.select(dim, i)`` for every i, as a tuple."""
    if self.dim() == 0:
        raise IndexError(f"Dimension specified as {dim} but tensor has no dimensions")
    d = wrap_dim(dim, self.dim())
    return tuple(self.select(d, i) for i in range(self._shape[d]))


def repeat(self, repeats):
    """torch's Tensor.repeat: the tensor tiled `repeats[i]` times along dim i; extra leading
    repeats add dims. Expand over interleaved size-1 dims, then fold: one copy, and the
    gradient sums the tiles back through expand's formula."""
    repeats = list(repeats)
    if len(repeats) < self.dim():
        raise RuntimeError(
            f"repeat(): number of repeat dims ({len(repeats)}) can not be smaller than number "
            f"of dimensions of tensor ({self.dim()})")
    if any(r < 0 for r in repeats):
        raise RuntimeError(f"repeat(): repeats must be non-negative, got {repeats}")
    shape = [1] * (len(repeats) - self.dim()) + list(self._shape)
    x = self.reshape(shape)
    inter = [v for n in shape for v in (1, n)]
    wide = [v for r, n in zip(repeats, shape) for v in (r, n)]
    return x.reshape(inter).expand(wide).reshape([r * n for r, n in zip(repeats, shape)])


def tile(self, dims):
    """torch.tile: repeat, with dims padded by leading ones when shorter than self's."""
    dims = list(dims)
    return repeat(self, [1] * (self.dim() - len(dims)) + dims)


def flip(self, dims):
    """The elements in reverse order along each dim of `dims`: a copy laid out as self (torch's
    preserve_format: self's strides when dense without overlap, else dense ones in the order
    of self's). The dims are permuted into that order, reversed (index_select writes
    row-major), and permuted back, so the copy comes out in self's layout. A 0-dim tensor takes
    dims 0 and -1, as in torch, and flips to a copy of itself."""
    n = self.dim()
    dims = [wrap_dim(d, n) for d in dims]
    if len(set(dims)) != len(dims):
        raise RuntimeError(f"flip(): dims has duplicates: {list(dims)}")
    if not dims or n == 0:
        return self.clone()
    if self.is_sparse:  # no layout to keep; index_select says what a sparse tensor lacks
        out = self
        for d in dims:
            out = out.index_select(d, _creation.arange(self._shape[d] - 1, -1, -1))
        return out
    strides = preserved_strides(self._shape, self._strides)
    # Outermost first; a size-1 dim sits inside a longer dim of the same stride, where
    # row-major order gives it that stride too.
    outer_first = sorted(range(n), key=lambda d: (-strides[d], self._shape[d] == 1))
    out = self.permute(outer_first)
    for d in dims:
        size = self._shape[d]
        index = _creation.arange(size - 1, -1, -1, device=self.device)
        out = out.index_select(outer_first.index(d), index)
    back = [0] * n
    for i, d in enumerate(outer_first):
        back[d] = i
    return out.permute(back)


def roll(self, shifts, dims=()):
    """Elements shifted by `shifts` along `dims`, wrapping around; with no dims the tensor
    is rolled as if flattened, then restored to its shape. The result is contiguous as
    torch's (its roll writes a fresh row-major tensor), but an empty input is cloned in its
    own layout, as there."""
    shifts, dims = list(shifts), list(dims)
    if not dims:
        if len(shifts) != 1:
            raise RuntimeError(f"roll(): with no dims, give one shift, got shifts={shifts}")
        return roll(self.flatten(), shifts, [0]).reshape(self._shape)
    if len(shifts) != len(dims):
        raise RuntimeError(
            f"roll(): shifts and dimensions must align. shifts: {len(shifts)}, dims: {len(dims)}")
    if self.dim() == 0:
        raise IndexError(f"Dimension specified as {dims[0]} but tensor has no dimensions")
    wrapped = [wrap_dim(d, self.dim()) for d in dims]
    if self.numel() == 0:
        return self.clone()
    out = self
    for s, d in zip(shifts, wrapped):
        n = self._shape[d]
        k = s % n
        if k:
            out = al.cat([out.narrow(d, n - k, k), out.narrow(d, 0, n - k)], d)
    if out is not self:
        return out.contiguous()
    return self.clone() if self.is_sparse or self.is_contiguous() else self.contiguous()


def hstack(tensors):
    """torch.hstack: cat along dim 1, or dim 0 when the tensors are 1-D (or 0-D)."""
    ts = [t.reshape(1) if t.dim() == 0 else t for t in tensors]
    return al.cat(ts, 0 if ts and ts[0].dim() == 1 else 1)


def vstack(tensors):
    """torch.vstack: cat along dim 0, with 0-D and 1-D tensors as rows."""
    return al.cat([t.reshape(1, -1) if t.dim() < 2 else t for t in tensors], 0)


def meshgrid(tensors):
    """meshgrid with indexing='ij' (torch's aten default)."""
    return meshgrid_indexing(tensors, "ij")


def meshgrid_indexing(tensors, indexing):
    """Grids of the 0-D or 1-D `tensors`: output i varies along dim i ('ij'), or with the
    first two dims swapped ('xy', Cartesian). Each output is an expanded view of its input."""
    if indexing not in ("ij", "xy"):
        raise RuntimeError(f'torch.meshgrid: indexing must be one of "xy" or "ij", but '
                           f'received: {indexing}')
    tensors = list(tensors)
    if not tensors:
        raise RuntimeError("meshgrid expects a non-empty TensorList")
    for i, t in enumerate(tensors):
        if t.dim() > 1:
            raise RuntimeError(f"torch.meshgrid: Expected 0D or 1D tensor in the tensor list "
                               f"but got a {t.dim()}-D tensor at position {i}")
        if t._dtype is not tensors[0]._dtype:
            raise RuntimeError(f"meshgrid expects all tensors to have the same dtype, got "
                               f"{tensors[0]._dtype.name} and {t._dtype.name}")
        if t.device != tensors[0].device:
            raise RuntimeError(f"meshgrid expects all tensors to have the same device, got "
                               f"{tensors[0].device} and {t.device}")
    swap = indexing == "xy" and len(tensors) >= 2
    if swap:
        tensors[0], tensors[1] = tensors[1], tensors[0]
    shape = [t.numel() for t in tensors]
    grids = []
    for i, t in enumerate(tensors):
        view = [1] * len(tensors)
        view[i] = shape[i]
        grids.append(t.reshape(view).expand(shape))
    if swap:
        grids[0], grids[1] = grids[1], grids[0]
    return grids

"""Composite kernels of torch's REPL-habit ops (issue 13): repeat, flip and roll; and the
shape ops real programs use (issue 9: expand_as, view_as, reshape_as, broadcast_to, tile,
movedim, unbind, hstack, vstack, square), written with other aten_lite ops so that autograd
records their pieces. composite.py re-exports them, as the registry finds
CompositeImplicitAutograd kernels there (unique, whose result size depends on the values, is
a CPU kernel: _cpu_unique.py).
"""

from __future__ import annotations

from .. import _creation, _dtype
from .. import _ops as al  # the generated op functions (al.add, ...)
from .._tensor import wrap_dim

__all__ = ["repeat", "flip", "roll", "expand_as", "view_as", "reshape_as", "square",
           "unbind", "broadcast_to", "tile", "movedim", "hstack", "vstack"]


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


def flip(self, dims):
    """The elements in reverse order along each dim of `dims` (a copy, as torch's)."""
    dims = [wrap_dim(d, self.dim()) for d in dims]
    if len(set(dims)) != len(dims):
        raise RuntimeError(f"flip(): dims has duplicates: {list(dims)}")
    out = self
    for d in dims:
        n = self._shape[d]
        out = out.index_select(d, _creation.arange(n - 1, -1, -1, device=self.device))
    return out if dims else self.clone()


def roll(self, shifts, dims=()):
    """Elements shifted by `shifts` along `dims`, wrapping around; with no dims the tensor
    is rolled as if flattened, then restored to its shape."""
    shifts, dims = list(shifts), list(dims)
    if not dims:
        if len(shifts) != 1:
            raise RuntimeError(f"roll(): with no dims, give one shift, got shifts={shifts}")
        return roll(self.flatten(), shifts, [0]).reshape(self._shape)
    if len(shifts) != len(dims):
        raise RuntimeError(
            f"roll(): shifts and dimensions must align. shifts: {len(shifts)}, dims: {len(dims)}")
    out = self
    for s, d in zip(shifts, dims):
        d = wrap_dim(d, self.dim())
        n = self._shape[d]
        if n == 0:
            continue
        k = s % n
        if k:
            out = al.cat([out.narrow(d, n - k, k), out.narrow(d, 0, n - k)], d)
    return out if out is not self else self.clone()


def expand_as(self, other):
    """torch's Tensor.expand_as: ``self.expand(other.shape)``."""
    return self.expand(other._shape)


def view_as(self, other):
    """torch's Tensor.view_as: ``self.view(other.shape)``."""
    return self.view(other._shape)


def reshape_as(self, other):
    """torch's Tensor.reshape_as: ``self.reshape(other.shape)``."""
    return self.reshape(other._shape)


def square(self):
    """torch.square: ``self * self``, a bool tensor squared as int64 (torch's pow(self, 2))."""
    x = self.to(_dtype.int64) if self._dtype is _dtype.bool_ else self
    return x * x


def unbind(self, dim=0):
    """torch.unbind: the views ``self.select(dim, i)`` for every i, as a tuple."""
    if self.dim() == 0:
        raise IndexError(f"Dimension specified as {dim} but tensor has no dimensions")
    d = wrap_dim(dim, self.dim())
    return tuple(self.select(d, i) for i in range(self._shape[d]))


def broadcast_to(self, size):
    """torch.broadcast_to: ``self.expand(size)``."""
    return self.expand(list(size))


def tile(self, dims):
    """torch.tile: repeat, with dims padded by leading ones when shorter than self's."""
    dims = list(dims)
    return repeat(self, [1] * (self.dim() - len(dims)) + dims)


def movedim(self, source, destination):
    """torch.movedim with one dim: a permutation view (of a 0-dim tensor too: a new alias,
    as torch returns, not the input itself)."""
    n = self.dim()
    src, dst = wrap_dim(source, n), wrap_dim(destination, n)
    order = [d for d in range(n) if d != src]
    if n:
        order.insert(dst, src)
    return self.permute(order)


def hstack(tensors):
    """torch.hstack: cat along dim 1, or dim 0 when the tensors are 1-D (or 0-D)."""
    ts = [t.reshape(1) if t.dim() == 0 else t for t in tensors]
    return al.cat(ts, 0 if ts and ts[0].dim() == 1 else 1)


def vstack(tensors):
    """torch.vstack: cat along dim 0, with 0-D and 1-D tensors as rows."""
    return al.cat([t.reshape(1, -1) if t.dim() < 2 else t for t in tensors], 0)

"""CompositeImplicitAutograd kernels of selections whose result size depends on the values:
masked_select and repeat_interleave (of a tensor by counts). They compute indices with the CPU
kernels of nonzero and of repeat_interleave's indices form (``backends/cpu/indexing.py``) and
select with index_select, which autograd records; so no derivatives.yaml entry is needed.
"""

from __future__ import annotations

from ..._generated import ops as al  # the generated op functions (al.add, ...)
from ...vocab import dtype as _dtype
from ...tensors.tensor import wrap_dim
from ...rules.shapes import core as rules

__all__ = ["masked_select", "repeat_interleave_self_tensor", "repeat_interleave_self_int"]


def masked_select(self, mask):
    """The elements of self where mask (broadcast with it) is True, as a 1-D tensor, in
    row-major order."""
    if mask._dtype is not _dtype.bool_:
        raise RuntimeError(f"masked_select: expected BoolTensor for mask, got "
                           f"{mask._dtype.name}; compare first, e.g. mask != 0")
    shape = rules.broadcast_shapes(tuple(self._shape), tuple(mask._shape))
    where = al.nonzero(mask.expand(shape).reshape(-1)).reshape(-1)
    return self.expand(shape).reshape(-1).index_select(0, where)


def _along(self, dim):
    """(tensor, dim) to repeat along: self flattened and dim 0 when dim is None."""
    if dim is None:
        return self.reshape(-1), 0
    if self.dim() == 0:
        raise IndexError(f"Dimension specified as {dim} but tensor has no dimensions; repeat "
                         f"a 0-dim tensor with dim=None")
    return self, wrap_dim(dim, self.dim())


def repeat_interleave_self_tensor(self, repeats, dim=None, output_size=None):
    """Each slice of self along dim repeated repeats[i] times (one count for all when
    repeats has one element)."""
    x, d = _along(self, dim)
    n = x._shape[d] if x.dim() else 1
    if repeats.dim() == 0 or repeats._shape == (1,):
        repeats = repeats.reshape(1).expand(n)
    elif repeats.dim() == 1 and repeats._shape[0] != n:
        raise RuntimeError(f"repeats must have the same size as input along dim, but got "
                           f"repeats.size(0) = {repeats._shape[0]} and input.size({d}) = {n}")
    index = al.repeat_interleave(repeats, output_size=output_size)
    return (x.reshape(1) if x.dim() == 0 else x).index_select(d, index.to(_dtype.int64))


def repeat_interleave_self_int(self, repeats, dim=None, output_size=None):
    """Each slice of self along dim repeated `repeats` times: an expand over a new dim after
    dim, folded back (one copy; the gradient sums the copies through expand)."""
    if repeats < 0:
        raise RuntimeError(f"Repeats must be non-negative, got {repeats}")
    x, d = _along(self, dim)
    if x.dim() == 0:
        x = x.reshape(1)
    shape = list(x._shape)
    if output_size is not None and output_size != shape[d] * repeats:
        raise RuntimeError(f"repeat_interleave: output_size={output_size} does not match "
                           f"{shape[d]} * {repeats}")
    wide = shape[:d + 1] + [repeats] + shape[d + 1:]
    out = shape[:d] + [shape[d] * repeats] + shape[d + 1:]
    return x.unsqueeze(d + 1).expand(wide).reshape(out)

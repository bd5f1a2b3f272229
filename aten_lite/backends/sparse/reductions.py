"""SparseCPU reductions: sum, any and all (Note [Sparse kernels] in
``backends/sparse/__init__.py``). A sum over all dims is a 0-dim strided tensor, over some a
sparse tensor of the kept dims (coalesced).

``any``/``all`` look at the coalesced values: duplicates that cancel (1 and -1 stored at one
place) are a zero there. torch's sparse ``any`` reads the stored values as they are (and
calls that place nonzero), and torch has no sparse ``all`` and no ``any`` over some dims:
here both reduce over any dims, from counts of the nonzero entries (a strided result of the
dense reductions' dtype: bool, or uint8 for uint8 as torch keeps it).
"""

from __future__ import annotations

import math

from ...dispatch import dispatcher as _dispatch
from ...vocab.dtype import int64, uint8
from ...rules.kernel_rules import reduction_plan
from ...tensors.sparse_tensor import is_cpu, make_sparse
from ...tensors.tensor import Tensor
from ..coo import below, cast
from .layout import coalesce

__all__ = ["sum_sparse", "any_sparse", "all_sparse"]

_wrap = Tensor._wrap
_meta = Tensor._meta


def sum_sparse(self, dim=None, keepdim=False, dtype=None):
    """The dense sum's dtype rules (bool and integers sum to int64), as torch.sparse.sum: over
    all dims a 0-dim strided tensor, over some a sparse tensor of the kept dims (coalesced).

    The stored values are cast to the result dtype before they are added, duplicates
    included, as torch does: a bool tensor storing True twice at one position sums to 2
    there, and uint8 200 + 100 sums to 300, although coalesce() gives True and 44."""
    h = _dispatch.handle("sum")
    _, dims, kept, final, compute, out_dt, result_dt = reduction_plan(
        h, h, (self, dim, keepdim, dtype), (0, 1, 2, 3))
    vals = cast(self._vals, result_dt)
    if not kept:
        total = below("sum", vals, None, False, None)
        return below("reshape", total, list(final)) if final else total
    nd = len(self._shape)
    rows = [d for d in range(nd) if d not in dims or keepdim]
    if is_cpu(self):
        a = self._idx._a[rows]  # a copy (NumPy fancy indexing)
        a[[i for i, d in enumerate(rows) if d in dims]] = 0  # a kept reduced dim: index 0
        idx = _wrap(a)
    else:
        idx = _meta((len(rows), vals._shape[0]), int64)
    s = coalesce(make_sparse(idx, vals, tuple(final), False))
    if keepdim and dims:  # torch marks this one uncoalesced, although it is
        s = make_sparse(s._idx, s._vals, s._shape, False)
    return s


# ---- any and all ----


def _nonzero_counts(self, dim, keepdim: bool):
    """How many nonzero elements each result position covers (int64, strided), and how many
    elements each covers in all."""
    s = coalesce(self)
    flags = cast(below("ne.Tensor", s._vals, 0), int64)
    counts = sum_sparse(make_sparse(s._idx, flags, s._shape, True), dim, keepdim)
    if counts.is_sparse:
        counts = below("to_dense", counts, None)
    if isinstance(dim, int):
        dim = [dim]
    dims = range(len(self._shape)) if not dim else [d % len(self._shape) for d in dim]
    return counts, math.prod(self._shape[d] for d in dims)


def any_sparse(self, dim=None, keepdim=False):
    counts, _ = _nonzero_counts(self, dim, keepdim)
    return _mask(self, below("ne.Tensor", counts, 0))


def all_sparse(self, dim=None, keepdim=False):
    counts, size = _nonzero_counts(self, dim, keepdim)
    return _mask(self, below("eq.Tensor", counts, size))


def _mask(self, result):
    return cast(result, uint8) if self._dtype is uint8 else result

"""SparseCPU kernels that read a tensor at a sparse pattern: sparse_mask (``self`` at the
entries of a sparse ``mask``) and _sparse_values_at of a sparse tensor (a binary search among
its coalesced entries; the strided form is ``values_at_strided`` in ``backends/coo.py``).
"""

from __future__ import annotations

import numpy as np

from ...tensors.sparse_tensor import is_cpu, linear_keys, make_sparse
from ...tensors.tensor import Tensor
from ..coo import check_positions, values_at_strided
from .layout import coalesce

__all__ = ["sparse_mask", "values_at"]

_wrap = Tensor._wrap
_meta = Tensor._meta


def sparse_mask(self, mask):
    """``self`` read at the entries of ``mask``: the pattern of mask, the values (and dtype) of
    self. As in torch, the pattern is mask's own, duplicates included: each duplicate reads
    the value again (so to_dense() counts it again), and the result is coalesced when mask
    is."""
    if not mask.is_sparse:
        raise TypeError("al.sparse_mask: mask must be a sparse COO tensor, got a strided one")
    if self._shape != mask._shape:
        raise ValueError(f"al.sparse_mask: self has shape {tuple(self._shape)} but mask has "
                         f"shape {tuple(mask._shape)}; they must be equal")
    read = values_at if self.is_sparse else values_at_strided
    return make_sparse(mask._idx, read(self, mask._idx), self._shape, mask._coalesced)


def values_at(self, indices):
    """Sparse ``self`` at the given positions: a binary search of each position among the
    sorted keys of the coalesced entries (0 where there is no entry)."""
    check_positions("al._sparse_values_at", self, indices)
    n = indices._shape[1]
    if not is_cpu(self):
        return _meta((n,), self._dtype)
    s = coalesce(self)
    have = linear_keys(s._idx._a, self._shape)
    want = linear_keys(indices._a, self._shape)
    out = np.zeros(n, self._dtype.np)
    if have.shape[0] and n:
        pos = np.minimum(np.searchsorted(have, want), have.shape[0] - 1)
        hit = have[pos] == want
        out[hit] = s._vals._a[pos[hit]]
    return _wrap(out)

"""The CPU kernel of _unique2 (torch.unique): its result's size depends on the values, so
it has no meta kernel (a meta tensor has no values), as in torch. It is not differentiable
(derivatives.yaml marks its outputs so), as torch's unique is not.
"""

from __future__ import annotations

import numpy as np

from ..tensors.tensor import Tensor

__all__ = ["unique_cpu"]


def unique_cpu(self, sorted=True, return_inverse=False, return_counts=False):
    """The sorted distinct values; the inverse indices (input's shape) and counts are filled
    only when asked for, else empty, as torch's _unique2. No gradient (as in torch).

    Equal means ``==``, as in torch's sort-based kernel: every NaN is distinct (NaN != NaN),
    so each NaN is a value of its own, sorted last, in the order of its position; 0.0 and -0.0
    are one value, stored with the sign of the one that comes first in the input."""
    flat = self._a.reshape(-1)
    n = flat.size
    order = np.argsort(flat, kind="stable")  # NaN last; equal values in input order
    ordered = flat[order]
    starts = np.ones(n, dtype=bool)  # where a new value begins in the sorted input
    np.not_equal(ordered[1:], ordered[:-1], out=starts[1:])
    values = ordered[starts]
    if return_inverse:
        inv = np.empty(n, np.int64)
        inv[order] = np.cumsum(starts) - 1
        inv = inv.reshape(self._shape)
    else:
        inv = np.empty(0, np.int64)
    if return_counts:
        cnt = np.diff(np.append(np.flatnonzero(starts), n)).astype(np.int64)
    else:
        cnt = np.empty(0, np.int64)
    # Each is a fresh C-contiguous array (np.ascontiguousarray would make a 0-dim inverse 1-D).
    return Tensor._wrap(values), Tensor._wrap(inv), Tensor._wrap(cnt)

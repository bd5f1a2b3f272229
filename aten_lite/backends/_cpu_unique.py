"""The CPU kernel of _unique2 (torch.unique): its result's size depends on the values, so
it has no meta kernel (a meta tensor has no values), as in torch. It is not differentiable
(derivatives.yaml marks its outputs so), as torch's unique is not.
"""

from __future__ import annotations

import numpy as np

from .._tensor import Tensor

__all__ = ["unique_cpu"]


def unique_cpu(self, sorted=True, return_inverse=False, return_counts=False):
    """The sorted distinct values; the inverse indices (input's shape) and counts are filled
    only when asked for, else empty, as torch's _unique2. No gradient (as in torch)."""
    values, inverse, counts = np.unique(self._a, return_inverse=True, return_counts=True)
    inv = inverse.reshape(self._shape).astype(np.int64) if return_inverse else np.empty(0, np.int64)
    cnt = counts.astype(np.int64) if return_counts else np.empty(0, np.int64)
    return (Tensor._wrap(np.ascontiguousarray(values)), Tensor._wrap(np.ascontiguousarray(inv)),
            Tensor._wrap(np.ascontiguousarray(cnt)))

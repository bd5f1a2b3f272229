"""SparseCPU kernels that convert or copy: to_dense (zeros with the summed values written at
their positions), to_sparse of a sparse tensor (itself), clone, and the dtype and device
conversions of ``to``. A strided tensor's to_sparse is a CPU and Meta kernel, in
``backends/coo.py``.
"""

from __future__ import annotations

import numpy as np

from ...tensors.sparse_tensor import is_cpu, linear_keys, make_sparse
from ...tensors.tensor import Tensor
from ..coo import below
from .layout import coalesce

__all__ = ["to_dense", "to_sparse_sparse", "clone_sparse", "to_dtype_sparse", "to_device_sparse"]

_wrap = Tensor._wrap
_meta = Tensor._meta


def to_sparse_sparse(self):
    return self


def to_dense(self, dtype=None):
    """Zeros with the (summed) values written at their positions."""
    dt = self._dtype if dtype is None else dtype
    if not is_cpu(self):
        return _meta(self._shape, dt)
    s = coalesce(self)
    out = np.zeros(self._shape, dt.np)
    if s._vals._shape[0]:
        out.reshape(-1)[linear_keys(s._idx._a, self._shape)] = s._vals._a
    return _wrap(out)


# ---- copies, dtype and device ----


def clone_sparse(self):
    return make_sparse(below("clone", self._idx), below("clone", self._vals),
                       self._shape, self._coalesced)


def to_dtype_sparse(self, dtype, non_blocking=False, copy=False):
    if dtype is self._dtype and not copy:
        return self
    s = self  # the stored values are cast as they are, duplicates included (Note [Casting
    # duplicates] in arithmetic.py)
    idx = below("clone", s._idx) if copy else s._idx
    vals = below("to.dtype", s._vals, dtype, False, copy)
    return make_sparse(idx, vals, s._shape, s._coalesced)


def to_device_sparse(self, device, dtype=None, non_blocking=False, copy=False):
    if device is self._device and (dtype is None or dtype is self._dtype) and not copy:
        return self
    s = self if dtype is None or dtype is self._dtype else coalesce(self)
    idx = below("to.device", s._idx, device, None, False, copy)
    vals = below("to.device", s._vals, device, dtype, False, copy)
    return make_sparse(idx, vals, s._shape, s._coalesced)

"""CPU kernels of ops whose result size depends on the values (nonzero, and the
indices form of repeat_interleave): like unique, they have no meta kernel (a meta tensor has
no values), as in torch, and no gradient (their results are indices).
"""

from __future__ import annotations

import numpy as np

from ..vocab import dtype as _dtype
from ..tensors.tensor import Tensor

__all__ = ["nonzero_cpu", "nonzero_numpy_cpu", "nonzero_as_tuple_cpu", "repeat_interleave_cpu"]


def nonzero_cpu(self: Tensor) -> Tensor:
    """The indices of the nonzero elements (NaN counts) as an int64 (count, ndim) tensor,
    in row-major order; a 0-dim input gives (1, 0) or (0, 0), as torch."""
    a = self._a
    if a.ndim == 0:
        found = np.zeros((1 if a.item() else 0, 0), np.int64)
    else:
        found = np.argwhere(a).astype(np.int64, copy=False)
    return Tensor._wrap(np.ascontiguousarray(found))


def nonzero_numpy_cpu(self: Tensor) -> list:
    """torch.nonzero(as_tuple=True) as a list: one int64 index tensor per dim (one for a
    0-dim input, as torch treats it as 1-D)."""
    found = nonzero_cpu(self.reshape(1) if self.dim() == 0 else self)._a
    return [Tensor._wrap(np.ascontiguousarray(found[:, d])) for d in range(found.shape[1])]


def nonzero_as_tuple_cpu(self: Tensor, as_tuple: bool):
    """torch.nonzero's as_tuple keyword: the index tensors per dim as a tuple (True), or the
    (count, ndim) tensor of nonzero (False), as torch's binding returns them."""
    return tuple(nonzero_numpy_cpu(self)) if as_tuple else nonzero_cpu(self)


def repeat_interleave_cpu(repeats: Tensor, output_size=None) -> Tensor:
    """Index i repeated repeats[i] times: the indices the other overloads select with; the
    result has repeats' dtype (int32 or int64), as in torch."""
    if repeats.dim() != 1:
        raise RuntimeError(f"repeat_interleave only accept 1D vector as repeat, got a "
                           f"{repeats.dim()}-D tensor of shape {list(repeats.shape)}")
    if repeats._dtype not in (_dtype.int32, _dtype.int64):
        raise RuntimeError(f"repeat_interleave: repeats has to be Long or Int tensor, got "
                           f"{repeats._dtype.name}")
    r = repeats._a
    if r.size and r.min() < 0:
        raise RuntimeError(f"repeats can not be negative, got {int(r.min())}")
    total = int(r.sum())
    if output_size is not None and output_size != total:
        raise RuntimeError(f"repeat_interleave: output_size={output_size} does not match the "
                           f"sum of repeats ({total})")
    out = np.repeat(np.arange(r.size, dtype=r.dtype), r)
    return Tensor._wrap(np.ascontiguousarray(out))

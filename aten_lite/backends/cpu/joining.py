"""CPU kernels that join tensors into a new one: cat and stack. The result is allocated from
the op's shape rule (``rules/shapes/data.py``, which also gives the promoted dtype), and NumPy
writes every input into it, converting dtypes.
"""

from __future__ import annotations

import numpy as np

from ...rules.shapes import data as rules
from ...tensors.tensor import Tensor, empty_array, wrap_dim

__all__ = ["cat_cpu", "stack_cpu"]

_wrap = Tensor._wrap


def cat_cpu(tensors, dim: int = 0) -> Tensor:
    shape, dtype = rules.cat(tensors, dim)
    out = empty_array(shape, dtype)
    parts = [t._a for t in tensors if t._shape != (0,)]
    if parts:
        np.concatenate(parts, axis=wrap_dim(dim, len(shape)), out=out, casting="unsafe")
    return _wrap(out)


def stack_cpu(tensors, dim: int = 0) -> Tensor:
    shape, dtype = rules.stack(tensors, dim)
    out = empty_array(shape, dtype)
    np.stack([t._a for t in tensors], axis=wrap_dim(dim, len(shape)), out=out, casting="unsafe")
    return _wrap(out)

"""CPU kernels of the matrix ops: the products mm, bmm and dot (NumPy, which calls the BLAS it
ships with for float32 and float64) and the triangular parts tril and triu.
"""

from __future__ import annotations

import numpy as np

from ...vocab import trace as _trace
from ...rules import shapes as rules
from ...tensors.tensor import Tensor, empty_array

__all__ = ["mm", "bmm", "dot", "tril_cpu", "triu_cpu"]

_wrap = Tensor._wrap


# ---- products ----


def _matmul_into(shape, dtype, a, b) -> Tensor:
    out = empty_array(shape, dtype)
    # NumPy calls the BLAS it ships with for float32/float64; for two matrices np.dot does
    # it with half of np.matmul's fixed cost, which dominates small products.
    (np.dot if len(shape) == 2 else np.matmul)(a._a, b._a, out=out)
    if _trace.active is not None:
        _trace.note(dtype.name, None)  # NumPy ran it: a dtype, but no C++ path code
    return _wrap(out)


def mm(self, mat2):
    shape, dtype = rules.mm(self, mat2)
    return _matmul_into(shape, dtype, self, mat2)


def bmm(self, mat2):
    shape, dtype = rules.bmm(self, mat2)
    return _matmul_into(shape, dtype, self, mat2)


def dot(self, tensor):
    shape, dtype = rules.dot(self, tensor)
    out = empty_array(shape, dtype)
    out[()] = np.dot(self._a, tensor._a)
    return _wrap(out)


# ---- triangular parts ----


def _diagonal_in_reach(self: Tensor, diagonal: int) -> int:
    """A diagonal past the matrix's corners selects all or nothing, as one just past them does;
    clamped so NumPy never sees an int it cannot hold (tril(x, 2**70))."""
    rows, cols = self._shape[-2:]
    return max(-rows - 1, min(diagonal, cols + 1))


def tril_cpu(self: Tensor, diagonal: int = 0) -> Tensor:
    rules.triangle(self, diagonal)
    diagonal = _diagonal_in_reach(self, diagonal)
    return _wrap(np.ascontiguousarray(np.tril(self._a, diagonal)))


def triu_cpu(self: Tensor, diagonal: int = 0) -> Tensor:
    rules.triangle(self, diagonal)
    diagonal = _diagonal_in_reach(self, diagonal)
    return _wrap(np.ascontiguousarray(np.triu(self._a, diagonal)))

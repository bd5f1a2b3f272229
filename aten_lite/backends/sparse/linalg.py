"""SparseCPU kernels of the matrix products: sparse @ strided (mm, matmul) by the C++
``sparse_mm``, and the sampled product that is mm's gradient for a sparse operand
(sparse_sampled_mm: mat1 @ mat2 at the entries of a sparse tensor only, by the C++
``sparse_sampled_mm``).
"""

from __future__ import annotations

from ...dispatch import dispatcher as _dispatch
from ...rules.kernel_rules import c_kernel
from ...rules.shapes import core as rules
from ...tensors.sparse_tensor import is_cpu, make_sparse
from ...tensors.tensor import Tensor, empty_array
from .layout import coalesce

__all__ = ["mm_sparse", "matmul_sparse", "sparse_sampled_mm"]

_wrap = Tensor._wrap
_meta = Tensor._meta


def mm_sparse(self, mat2):
    """sparse (M, K) @ strided (K, N) -> strided (M, N), by the C++ ``sparse_mm``."""
    if not self.is_sparse or mat2.is_sparse:
        which = "strided @ sparse" if not self.is_sparse else "sparse @ sparse"
        raise RuntimeError(f"al.mm: {which} is not supported; the sparse operand goes first "
                           "and the second must be strided (call .to_dense() on it, or use "
                           "(b.t() @ a.t()).t())")
    shape, dtype = rules.mm(self, mat2)
    if not is_cpu(self):
        return _meta(shape, dtype)
    out = empty_array(shape, dtype)
    idx = self._idx._a
    c_kernel("sparse_mm")(dtype.code, out, idx[0], idx[1], self._vals._a, mat2._a)
    return _wrap(out)


def matmul_sparse(self, other):
    """matmul with a sparse matrix on the left: (M, K) @ (K, N) or (K,)."""
    mm = _dispatch.handle("mm")
    if self.is_sparse and len(self._shape) == 2 and not other.is_sparse:
        if len(other._shape) == 2:
            return mm.call((self, other))
        if len(other._shape) == 1:
            return mm.call((self, other.unsqueeze(1))).squeeze(1)
    raise RuntimeError(
        f"al.matmul: a sparse operand must be a 2-D matrix on the left of a strided 1-D or "
        f"2-D one; got {_describe(self)} @ {_describe(other)}")


def _describe(t) -> str:
    return f"{'sparse' if t.is_sparse else 'strided'} {tuple(t._shape)}"


def sparse_sampled_mm(self, mat1, mat2):
    """(mat1 @ mat2) at the entries of sparse ``self`` only, by the C++ ``sparse_sampled_mm``
    (cost nnz * N): mm's gradient for a sparse first operand."""
    if not self.is_sparse or mat1.is_sparse or mat2.is_sparse:
        raise RuntimeError("al.sparse_sampled_mm: self must be sparse and mat1, mat2 strided")
    shape, dtype = rules.mm(mat1, mat2)
    if shape != self._shape or dtype is not self._dtype:
        raise RuntimeError(
            f"al.sparse_sampled_mm: mat1 @ mat2 is {dtype.name} {tuple(shape)} but self is "
            f"{self._dtype.name} {tuple(self._shape)}; they must match")
    s = coalesce(self)
    nnz = s._vals._shape[0]
    if not is_cpu(self):
        return make_sparse(s._idx, _meta((nnz,), dtype), shape, True)
    out = empty_array((nnz,), dtype)
    idx = s._idx._a
    c_kernel("sparse_sampled_mm")(dtype.code, out, idx[0], idx[1], mat1._a, mat2._a.T)
    return make_sparse(s._idx, _wrap(out), shape, True)

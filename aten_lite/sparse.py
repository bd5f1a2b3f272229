"""``al.sparse``: torch.sparse's functions whose autograd differs from the plain op's.

Note [Sparse gradients of a product]
``al.mm(s, d)`` (and ``s @ d``, ``s.mm(d)``, ``al.matmul``) gives a sparse leaf ``s`` a
strided gradient, ``grad @ d.T`` at every position, as ``torch.mm`` does: the product's
derivative is dense, unstored zeros included. ``al.sparse.mm(s, d)`` gives it a sparse one:
that product read at the stored positions only (coalesced), as ``torch.sparse.mm`` does, which
is what a sparse parameter updated in place of its pattern needs, and costs nnz * N, not
M * K * N (the C++ ``sparse_sampled_mm``). Its entries are coalesced and flagged so; torch
flags its own, the same entries, uncoalesced ("not known to be"). The strided operand's
gradient is strided in both.
"""

from __future__ import annotations

from ._generated.ops import _sparse_mm
from .tensors.tensor import Tensor

__all__ = ["mm"]


def mm(mat1: Tensor, mat2: Tensor) -> Tensor:
    """The matrix product ``mat1 @ mat2`` of a sparse COO (or strided) matrix and a strided
    one, strided; a sparse ``mat1`` gets a sparse gradient with its pattern (Note [Sparse
    gradients of a product]).

    >>> import aten_lite as al
    >>> s = al.tensor([[0.0, 2.0], [3.0, 0.0]]).to_sparse().requires_grad_()
    >>> al.sparse.mm(s, al.ones(2, 2)).sum().backward()
    >>> s.grad.is_sparse, s.grad.to_dense().tolist()
    (True, [[0.0, 2.0], [2.0, 0.0]])
    """
    return _sparse_mm(mat1, mat2)

"""The sparse COO layout: a tensor stored as the positions and values of its nonzero entries.

>>> import aten_lite as al
>>> s = al.sparse_coo_tensor(al.tensor([[0, 1, 1], [2, 0, 2]]), al.tensor([3.0, 4.0, 5.0]), (2, 3))
>>> s.layout, s._nnz(), s.to_dense().tolist()
(aten_lite.sparse_coo, 3, [[0.0, 0.0, 3.0], [4.0, 0.0, 5.0]])

Note [Sparse COO storage]
A sparse tensor is a ``SparseTensor`` (a ``Tensor`` subclass, so every op and method applies)
with ``_a = None`` and three slots of its own:

* ``_idx``: an int64 strided tensor of shape (ndim, nnz); column k is entry k's position
  (``s._indices()`` returns a view of it; the slot cannot share the method's name).
* ``_vals``: a strided tensor of shape (nnz,) holding the entries, of the tensor's dtype.
  Duplicated positions add up, as in torch; only pure sparse tensors exist here (no dense
  dimensions inside the values).
* ``_coalesced``: True when the entries are known to be sorted by position (row-major) and
  free of duplicates. Kernels that need it call ``coalesce()``, which sorts and sums in C++.

Both components are on the tensor's device (meta sparse tensors have meta components) and
never require grad: the sparse tensor itself is what autograd records. Ops may share
components between tensors (``t()`` shares the values, as torch does) but never modify an
index tensor in place; an in-place op that changes the pattern installs new components. The
sparse tensor shares its values' version counter, so an in-place change of the values (through
``values()`` or an in-place op) is seen by autograd.

Every sparse tensor, on either device, carries the ``SparseCPU`` dispatch key: its kernels
(``backends/sparse/``) work on the components through ops that dispatch on the
components' own device.
"""

from __future__ import annotations

import numpy as np

from ..vocab.device import cpu as _CPU, meta as _META, sparse_coo as _SPARSE_COO
from ..vocab.dispatch_keys import SPARSE_CPU
from .tensor import Tensor, new_tensor

__all__ = ["SparseTensor", "make_sparse", "detached_sparse", "alias_of", "linear_keys",
           "unravel_keys", "is_cpu"]


class SparseTensor(Tensor):
    """A sparse COO tensor (Note [Sparse COO storage]). Made by ``al.sparse_coo_tensor`` or
    ``dense.to_sparse()``, never directly."""

    __slots__ = ("_idx", "_vals", "_coalesced")

    def __repr__(self) -> str:
        # torch's layout: the two components, then size, nnz and layout.
        pad = " " * len("tensor(")
        ind = repr(self._idx).replace("\n", "\n" + pad + " " * len("indices="))
        val = repr(self._vals).replace("\n", "\n" + pad + " " * len("values="))
        tail = [f"size={tuple(self._shape)}", f"nnz={self._vals._shape[0]}"]
        if self._device is _META:
            tail.append("device='meta'")
        tail.append("layout=aten_lite.sparse_coo")
        if self.grad_fn is not None:
            tail.append(f"grad_fn=<{type(self.grad_fn).__name__}>")
        elif self._requires_grad:
            tail.append("requires_grad=True")
        return f"tensor(indices={ind},\n{pad}values={val},\n{pad}{', '.join(tail)})"

    @property
    def is_meta(self) -> bool:
        return self._device is _META

    # ---- what a strided tensor has and a sparse one does not ----

    def _data_or_raise(self, what: str):
        raise RuntimeError(f"{what}: a sparse tensor has no strided data; call .to_dense() "
                           "first")

    @property
    def _strides(self):
        raise RuntimeError("sparse tensors do not have strides")

    def is_contiguous(self) -> bool:
        raise RuntimeError("is_contiguous is not defined for sparse tensors; call .to_dense() "
                           "first")

    def storage_offset(self) -> int:
        raise RuntimeError("sparse tensors do not have a storage offset")

    def data_ptr(self) -> int:
        raise RuntimeError("sparse tensors do not have one data pointer; see ._values() and "
                           "._indices()")

    def sparse_dim(self) -> int:
        """Dimensions stored by index: all of them (no hybrid tensors here)."""
        return len(self._shape)

    def dense_dim(self) -> int:
        """Dimensions stored inside each value: none (no hybrid tensors here)."""
        return 0


def make_sparse(indices: Tensor, values: Tensor, shape, coalesced: bool) -> SparseTensor:
    """A sparse tensor over the given components, unchecked (kernels call this; user input goes
    through ``sparse_coo_tensor``, which validates). The components become the tensor's own:
    callers pass tensors that nothing else records into a graph."""
    # The key is SparseCPU for both devices (Note [Sparse COO storage]).
    t = new_tensor(SparseTensor, None, tuple(shape), None, 0, values._dtype, values._device,
                   _SPARSE_COO, SPARSE_CPU, values._version_counter, None)
    t._idx = indices
    t._vals = values
    t._coalesced = bool(coalesced)
    return t


def detached_sparse(t: SparseTensor) -> SparseTensor:
    """``t.detach()`` of a sparse tensor: the same components, no history."""
    return make_sparse(t._idx, t._vals, t._shape, t._coalesced)


def alias_of(t: Tensor) -> Tensor:
    """A new strided tensor over ``t``'s data (a view sharing its version counter), without
    history: what ``indices()``/``values()`` return, and how user tensors become components."""
    if t._a is not None:
        return Tensor._wrap(t._a, base=t)
    return Tensor._meta(t._shape, t._dtype, t._st, base=t, offset=t._offset)


def linear_keys(indices: np.ndarray, shape) -> np.ndarray:
    """Each column's row-major position in ``shape`` (int64), the sort key of coalesce.
    Indices are assumed in range (checked at construction)."""
    keys = np.zeros(indices.shape[1], np.int64)
    step = 1
    for d in range(len(shape) - 1, -1, -1):
        if step == 1:
            keys += indices[d]
        else:
            keys += indices[d] * step
        step *= shape[d]
    return keys


def unravel_keys(keys: np.ndarray, shape) -> np.ndarray:
    """The inverse of ``linear_keys``: an (ndim, n) int64 array of positions."""
    out = np.empty((len(shape), keys.shape[0]), np.int64)
    rest = keys
    for d in range(len(shape) - 1, -1, -1):
        n = shape[d]
        if d == 0:
            out[d] = rest
        else:
            out[d] = rest % n
            rest = rest // n
    return out


def is_cpu(t: Tensor) -> bool:
    return t._device is _CPU

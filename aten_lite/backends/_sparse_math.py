"""SparseCPU kernels that compute: add/sub/mul, sum, mm/matmul and the sampled product that
is mm's gradient for a sparse operand (Note [Sparse kernels] in ``_sparse_ops.py``).

Results follow torch: sparse with sparse stays sparse (add/sub: the union of the patterns;
mul: the intersection; flagged coalesced when both operands are); sparse with strided is strided for add/sub and sparse
(the sparse pattern) for mul; a sum over some dims and sparse @ strided are strided. A strided
operand may broadcast to the sparse shape; a sparse operand never broadcasts.
"""

from __future__ import annotations

import numpy as np

from ..dispatch import dispatcher as _dispatch
from ..vocab.dtype import bool_, int64
from ..rules.kernel_rules import ElementwisePlan, c_kernel, reduction_plan
from ..tensors.sparse_tensor import SparseTensor, is_cpu, linear_keys, make_sparse, unravel_keys
from ..tensors.tensor import Tensor, empty_array
from ..rules.shapes import core as rules
from ._coo import below, cast, values_at_strided
from ._sparse_ops import coalesce

__all__ = ["add_sparse", "sub_sparse", "mul_sparse", "sum_sparse", "mm_sparse",
           "matmul_sparse", "sparse_sampled_mm"]

_wrap = Tensor._wrap
_meta = Tensor._meta
_PLANS: dict = {}


def _plan(name: str) -> ElementwisePlan:
    """The dense op's promotion plan: a sparse result has the dense result's dtype."""
    plan = _PLANS.get(name)
    if plan is None:
        plan = _PLANS[name] = ElementwisePlan(_dispatch.handle(name))
    return plan


def _no_number(op: str, x) -> None:
    if not isinstance(x, Tensor):
        raise RuntimeError(f"al.{op}: {op} of a sparse tensor and a number would change its "
                           "zeros; call .to_dense() first")


def _same_shape(op: str, a, b) -> None:
    if a._shape != b._shape:
        raise RuntimeError(f"al.{op}: sparse operands must have the same shape, got "
                           f"{tuple(a._shape)} and {tuple(b._shape)}")


def _dense_to(op: str, dense, shape):
    """A strided operand broadcast to the sparse shape (a sparse operand never broadcasts)."""
    if dense._shape == shape:
        return dense
    try:
        ok = rules.broadcast_shapes(dense._shape, shape) == shape
    except RuntimeError:
        ok = False
    if not ok:
        raise RuntimeError(f"al.{op}: the strided operand of shape {tuple(dense._shape)} must "
                           f"broadcast to the sparse operand's shape {tuple(shape)}")
    return below("expand", dense, list(shape), False)


# ---- add and sub ----


def add_sparse(self, other, alpha=1):
    return _add_or_sub("add.Tensor", self, other, alpha)


def sub_sparse(self, other, alpha=1):
    return _add_or_sub("sub.Tensor", self, other, alpha)


def _add_or_sub(name: str, self, other, alpha):
    op = name.split(".")[0]
    _no_number(op, self)
    _no_number(op, other)
    plan = _plan(name)
    compute = plan.for_operands((self, other))[0]
    if not compute.is_floating_point:
        plan.check_scalars(compute, (alpha,))
    zero = False if compute is bool_ else 0

    def scaled(t):  # alpha * t (add) or -alpha * t (sub), by the dense op itself
        return t if name == "add.Tensor" and alpha == 1 else below(name, zero, t, alpha)

    if self.is_sparse and other.is_sparse:
        _same_shape(op, self, other)
        a, b = cast_sparse(self, compute), cast_sparse(other, compute)
        vals = below("cat", [a._vals, scaled(b._vals)], 0)
        idx = below("cat", [a._idx, b._idx], 1)
        return _flagged(coalesce(make_sparse(idx, vals, self._shape, False)), a, b)
    if self.is_sparse:  # sparse + alpha * dense
        sparse = cast_sparse(self, compute)
        base, vals = scaled(cast(_dense_to(op, other, self._shape), compute)), sparse._vals
    else:  # dense + alpha * sparse
        sparse = cast_sparse(other, compute)
        base, vals = cast(_dense_to(op, self, other._shape), compute), scaled(sparse._vals)
    return _scatter_add(base, make_sparse(sparse._idx, vals, sparse._shape,
                                          sparse._coalesced))


def _flagged(result: SparseTensor, a: SparseTensor, b: SparseTensor) -> SparseTensor:
    """torch calls a sparse-sparse sum or product coalesced only when both operands are; the
    entries here are coalesced anyway, and the flag says what torch's would (False only means
    "not known to be coalesced")."""
    if a._coalesced and b._coalesced:
        return result
    return make_sparse(result._idx, result._vals, result._shape, False)


def _scatter_add(base: Tensor, sparse: SparseTensor) -> Tensor:
    """A fresh strided copy of ``base`` with the entries of ``sparse`` added (same dtype)."""
    if not is_cpu(base):
        return _meta(sparse._shape, base._dtype)
    out = np.array(base._a, order="C", copy=True)
    s = coalesce(sparse)  # distinct positions, so the indexed += adds each entry once
    if s._vals._shape[0]:
        out.reshape(-1)[linear_keys(s._idx._a, s._shape)] += s._vals._a
    return _wrap(out)


# ---- mul ----


def mul_sparse(self, other):
    compute = _plan("mul.Tensor").for_operands((self, other))[0]
    if not isinstance(other, Tensor) or not isinstance(self, Tensor):
        # A number scales every value; the pattern stays.
        s, number = (self, other) if isinstance(self, Tensor) else (other, self)
        s = cast_sparse(s, compute)
        return make_sparse(s._idx, below("mul.Tensor", s._vals, number), s._shape, s._coalesced)
    if self.is_sparse and other.is_sparse:
        _same_shape("mul", self, other)
        return _flagged(_intersect(cast_sparse(self, compute), cast_sparse(other, compute)),
                        self, other)
    s, d = (self, other) if self.is_sparse else (other, self)
    s = cast_sparse(s, compute)
    d = cast(_dense_to("mul", d, s._shape), compute)
    # (a1 + a2) * x == a1 * x + a2 * x (in one dtype, wrapping included): duplicates may stay.
    vals = below("mul.Tensor", s._vals, values_at_strided(d, s._idx))
    return make_sparse(s._idx, vals, s._shape, s._coalesced)


# Note [Casting duplicates]
# A cast does not distribute over the sum of duplicates: bool True stored twice is True once
# coalesced, but 2.0 when each copy is cast to float first; int8 100 + 100 wraps to -56, but
# is 200 as floats. torch casts the stored values as they are, duplicates kept, and so do
# ``.to(dtype)`` and the type promotion of the sparse kernels here: the answer is then the one
# of the cast tensor's own sum (sum() widens the same way).


def cast_sparse(s: SparseTensor, dtype) -> SparseTensor:
    """``s`` with its stored values cast to ``dtype``, duplicates kept (Note [Casting
    duplicates])."""
    if s._dtype is dtype:
        return s
    return make_sparse(s._idx, cast(s._vals, dtype), s._shape, s._coalesced)


def _intersect(a: SparseTensor, b: SparseTensor) -> SparseTensor:
    """Entries present in both (after coalescing each), multiplied."""
    shape = a._shape
    if not is_cpu(a):
        n = min(a._vals._shape[0], b._vals._shape[0])
        return make_sparse(_meta((len(shape), n), a._idx._dtype), _meta((n,), a._dtype),
                           shape, True)
    a, b = coalesce(a), coalesce(b)
    ka, kb = linear_keys(a._idx._a, shape), linear_keys(b._idx._a, shape)
    keys, ia, ib = np.intersect1d(ka, kb, assume_unique=True, return_indices=True)
    vals = below("mul.Tensor", _wrap(a._vals._a[ia]), _wrap(b._vals._a[ib]))
    return make_sparse(_wrap(unravel_keys(keys, shape)), vals, shape, True)


# ---- sum ----


def sum_sparse(self, dim=None, keepdim=False, dtype=None):
    """The dense sum's dtype rules (bool and integers sum to int64), as torch.sparse.sum: over
    all dims a 0-dim strided tensor, over some a sparse tensor of the kept dims (coalesced).

    The stored values are cast to the result dtype before they are added, duplicates
    included, as torch does: a bool tensor storing True twice at one position sums to 2
    there, and uint8 200 + 100 sums to 300, although coalesce() gives True and 44."""
    h = _dispatch.handle("sum")
    _, dims, kept, final, compute, out_dt, result_dt = reduction_plan(
        h, h, (self, dim, keepdim, dtype), (0, 1, 2, 3))
    vals = cast(self._vals, result_dt)
    if not kept:
        total = below("sum", vals, None, False, None)
        return below("reshape", total, list(final)) if final else total
    nd = len(self._shape)
    rows = [d for d in range(nd) if d not in dims or keepdim]
    if is_cpu(self):
        a = self._idx._a[rows]  # a copy (NumPy fancy indexing)
        a[[i for i, d in enumerate(rows) if d in dims]] = 0  # a kept reduced dim: index 0
        idx = _wrap(a)
    else:
        idx = _meta((len(rows), vals._shape[0]), int64)
    s = coalesce(make_sparse(idx, vals, tuple(final), False))
    if keepdim and dims:  # torch marks this one uncoalesced, although it is
        s = make_sparse(s._idx, s._vals, s._shape, False)
    return s


# ---- matrix products ----


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

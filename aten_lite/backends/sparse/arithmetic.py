"""SparseCPU kernels of arithmetic: add, sub and mul (with a sparse or strided operand), and
division and powers by a number (Note [Sparse kernels] in ``backends/sparse/__init__.py``).

Results follow torch: sparse with sparse stays sparse (add/sub: the union of the patterns;
mul: the intersection; flagged coalesced when both operands are); sparse with strided is
strided for add/sub and sparse (the sparse pattern) for mul. A strided operand may broadcast to
the sparse shape; a sparse operand never broadcasts.

Division by a number is linear (a1/x + a2/x == (a1 + a2)/x), so the stored values are divided
as they are, duplicates kept, and the coalesced flag too, as torch does. A power is not
(1**2 + 1**2 != 2**2): the tensor is coalesced first, and the result is coalesced, as
torch's; a zeroth power would make every unstored zero a one, so it is refused, as in torch.
"""

from __future__ import annotations

import numpy as np

from ...dispatch import dispatcher as _dispatch
from ...vocab.dtype import bool_
from ...rules.kernel_rules import ElementwisePlan
from ...rules.shapes import core as rules
from ...tensors.sparse_tensor import SparseTensor, is_cpu, linear_keys, make_sparse, unravel_keys
from ...tensors.tensor import Tensor
from ..coo import below, cast, values_at_strided
from .layout import coalesce

__all__ = ["add_sparse", "sub_sparse", "mul_sparse", "div_sparse", "pow_sparse"]

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


# ---- division and powers by a number ----


def _number_operand(op: str, self, other, what: str):
    """The number (or 0-dim strided tensor) a sparse ``self`` is combined with."""
    if isinstance(self, Tensor) and self.is_sparse and (
            not isinstance(other, Tensor) or (not other.is_sparse and other.dim() == 0)):
        return other
    raise RuntimeError(
        f"al.{op}: a sparse tensor takes only a number (or a 0-dim strided tensor) as {what}; "
        f"got {_describe(self)} and {_describe(other)}; call .to_dense() first")


def _describe(x) -> str:
    if not isinstance(x, Tensor):
        return type(x).__name__
    return f"{'sparse' if x.is_sparse else 'strided'} {tuple(x._shape)}"


def div_sparse(self, other):
    """sparse / number: each stored value divided (dtype as the dense division's)."""
    number = _number_operand("div", self, other, "divisor")
    vals = below("div.Tensor", self._vals, number)
    return make_sparse(self._idx, vals, self._shape, self._coalesced)


def pow_sparse(self, exponent):
    """sparse ** number, on the coalesced values; exponent 0 is refused (as torch)."""
    number = _number_operand("pow", self, exponent, "exponent")
    value = number.item() if isinstance(number, Tensor) and is_cpu(number) else number
    if isinstance(value, (int, float)) and value == 0:
        raise RuntimeError("al.pow: a zeroth power of a sparse tensor would make every "
                           "unstored zero a one (a dense result); use .to_dense() ** 0")
    s = coalesce(self)
    vals = below("pow.Tensor_Tensor", s._vals, number)
    return make_sparse(s._idx, vals, s._shape, True)

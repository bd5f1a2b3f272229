"""SparseCPU kernels: division and powers by a number, and the
``any``/``all`` reductions (Note [Sparse kernels] in ``_sparse_ops.py``).

Division by a number is linear (a1/x + a2/x == (a1 + a2)/x), so the stored values are divided
as they are, duplicates kept, and the coalesced flag too, as torch does. A power is not
(1**2 + 1**2 != 2**2): the tensor is coalesced first, and the result is coalesced, as
torch's; a zeroth power would make every unstored zero a one, so it is refused, as in torch.

``any``/``all`` look at the coalesced values: duplicates that cancel (1 and -1 stored at one
place) are a zero there. torch's sparse ``any`` reads the stored values as they are (and
calls that place nonzero), and torch has no sparse ``all`` and no ``any`` over some dims:
here both reduce over any dims, from counts of the nonzero entries (a strided result of the
dense reductions' dtype: bool, or uint8 for uint8 as torch keeps it).
"""

from __future__ import annotations

import math

from ..vocab.dtype import int64, uint8
from ..tensors.sparse_tensor import is_cpu, make_sparse
from ..tensors.tensor import Tensor
from ._coo import below, cast
from ._sparse_math import sum_sparse
from ._sparse_ops import coalesce

__all__ = ["div_sparse", "pow_sparse", "any_sparse", "all_sparse"]


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


def _nonzero_counts(self, dim, keepdim: bool):
    """How many nonzero elements each result position covers (int64, strided), and how many
    elements each covers in all."""
    s = coalesce(self)
    flags = cast(below("ne.Tensor", s._vals, 0), int64)
    counts = sum_sparse(make_sparse(s._idx, flags, s._shape, True), dim, keepdim)
    if counts.is_sparse:
        counts = below("to_dense", counts, None)
    if isinstance(dim, int):
        dim = [dim]
    dims = range(len(self._shape)) if not dim else [d % len(self._shape) for d in dim]
    return counts, math.prod(self._shape[d] for d in dims)


def any_sparse(self, dim=None, keepdim=False):
    counts, _ = _nonzero_counts(self, dim, keepdim)
    return _mask(self, below("ne.Tensor", counts, 0))


def all_sparse(self, dim=None, keepdim=False):
    counts, size = _nonzero_counts(self, dim, keepdim)
    return _mask(self, below("eq.Tensor", counts, size))


def _mask(self, result):
    return cast(result, uint8) if self._dtype is uint8 else result

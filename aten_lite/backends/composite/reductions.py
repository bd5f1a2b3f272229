"""CompositeImplicitAutograd kernels of reductions built from other ops: logsumexp (around
the max, so exp cannot overflow), max() and min() over all elements (amax/amin, with the sign
of a zero extremum chosen as torch's reduction chooses it), and the vector norm of
Tensor.norm / torch.norm. Variance and standard deviation are in ``statistics.py``.
"""

from __future__ import annotations

import math

import numpy as np

from ..._generated import ops as al  # the generated op functions (al.add, ...)
from ...vocab import dtype as _dtype
from ...vocab.grad_mode import no_grad
from ...rules.shapes import core as rules

__all__ = ["logsumexp", "max_all", "min_all", "norm"]


def logsumexp(self, dim, keepdim=False):
    """log(sum(exp(self))) over dim, computed around the max so exp cannot overflow.

    The max is taken under no_grad: log(sum(exp(x - m))) + m does not depend on m, so its
    gradient through m is zero, and recording it would only cost nodes."""
    x = self if self._dtype.is_floating_point else self.to(_dtype.get_default_dtype())
    if x.numel() == 0:
        # Nothing to overflow, and amax has no identity: an empty sum gives log(0) = -inf
        # (the reduced dims are empty) or an empty result (a kept dim is), as in torch.
        return al.log(al.sum(al.exp(x), dim, keepdim=keepdim))
    with no_grad():
        m = al.amax(x, dim, keepdim=True)
        # Infinite maxima become 0 so that x - m stays finite where x is (an all -inf row
        # gives -inf, a row holding +inf gives +inf, as in torch).
        m = al.where(al.abs(m) == math.inf, 0.0, m)
    result = al.log(al.sum(al.exp(x - m), dim, keepdim=True)) + m
    if keepdim:
        return result
    dims = rules.reduction_dims(tuple(x.shape), dim)
    return result.reshape(rules.reduced_shape(tuple(x.shape), dims, False))


def _check_not_empty(name: str, self) -> None:
    if self.numel() == 0:
        raise RuntimeError(
            f"{name}(): Expected reduction dim to be specified for input.numel() == 0. "
            "Specify the reduction dim with the 'dim' argument."
        )


def max_all(self):
    _check_not_empty("max", self)
    return _sign_zero_as_torch(al.amax(self), self)


def min_all(self):
    _check_not_empty("min", self)
    return _sign_zero_as_torch(al.amin(self), self)


# Note [The sign of a zero extremum]
# When the largest (smallest) element is zero and the input holds both 0.0 and -0.0, which
# one max() returns is decided by the order torch's all-element reduction meets them. That
# reduction (reduce_all with Vectorized maximum/minimum, which gives its second operand on a
# tie) reads the elements in lanes of V (8 float32, 4 float64): lane j keeps the last tying
# element among j, j + V, j + 2V, ...; the lanes are then combined, again keeping the second
# of a tie, in the order (0, 4, 2, 6, 1, 5, 3, 7) for float32 (a butterfly of shuffles) and
# (0, 1, 2, 3) for float64; an input shorter than V is folded one element at a time, so the
# last tying element wins. So `max([0.0, -0.0])` is -0.0 and `max([-0.0, 0.0])` is 0.0. The
# elements are taken in logical (row-major) order whatever the layout, as torch reads a
# contiguous copy. amax/amin and max(dim) keep the first of a tie, as torch's do for inputs
# this size. (Beyond 32768 elements torch splits the work by thread count, which decides
# among the chunks; that is not reproduced.)
_REDUCE_ALL_LANES = {
    _dtype.float32: (8, (0, 4, 2, 6, 1, 5, 3, 7)),
    _dtype.float64: (4, (0, 1, 2, 3)),
}


def _sign_zero_as_torch(result, self):
    lanes = _REDUCE_ALL_LANES.get(self._dtype)
    if lanes is None or result._a is None or self._a is None or result._a != 0:
        return result  # not a zero (or NaN), or not a dtype whose lanes are known
    width, order = lanes
    a = np.ascontiguousarray(self._a).reshape(-1)
    ties = np.flatnonzero(a == 0)  # the result is zero: the zeros are exactly the extrema
    if a.size < width:
        pick = ties[-1]
    else:
        last = np.full(width, -1, np.int64)
        np.maximum.at(last, ties % width, ties)
        pick = [last[j] for j in order if last[j] >= 0][-1]
    result._a[...] = a[pick]  # the same value (0 == -0), so saved results stay valid
    return result


# ---- vector norms ----


def norm(self, p=2, dim=None, keepdim=False, dtype=None):
    """torch's Tensor.norm / torch.norm with a number ``p`` (linalg.vector_norm): the
    p-norm over ``dim`` (all dims when None); ``inf``/``-inf`` the largest/smallest absolute
    value, 0 the count of nonzeros. The gradient at a zero norm is 0, as torch's, not
    0 * inf: the root is taken of 1 where the sum is 0 and the result masked."""
    x = self if dtype is None else self.to(dtype)
    if not x._dtype.is_floating_point:
        raise RuntimeError(
            f"al.norm: expected a floating point tensor as input, got {x._dtype.name}; "
            "convert it with .float() or pass dtype=al.float32")
    p = 2.0 if p is None else float(p)
    dims = [] if dim is None else ([dim] if isinstance(dim, int) else list(dim))
    a = x.abs()
    if math.isinf(p):
        return (a.amax if p > 0 else a.amin)(dims, keepdim)
    nonzero = al.ne(x, 0)  # NaN too
    if p == 0:  # 1 per nonzero; x * 0 (0 where chosen) keeps the result in the graph
        return al.where(nonzero, 1.0, x * 0.0).sum(dims or None, keepdim)
    if p in (1, 2):
        powers = a if p == 1 else x * x
    else:  # |x|^p of 1 where x is 0, masked: a zero gradient there, as torch's, not NaN
        powers = al.where(nonzero, al.where(nonzero, a, 1.0) ** p, 0.0)
    total = powers.sum(dims or None, keepdim)
    if p == 1:
        return total
    positive = al.ne(total, 0)  # NaN too: its root is NaN
    root = al.where(positive, total, 1.0) ** (1.0 / p)
    return al.where(positive, root, 0.0)

"""CompositeImplicitAutograd kernels: ops written in terms of other aten_lite ops.

A composite kernel serves every backend key (meta tensors run the same decomposition, whose
pieces have meta kernels) and needs no derivative of its own: autograd records the pieces.
These functions receive the op's arguments in schema order, like every kernel.
"""

from __future__ import annotations

import math

import numpy as np

from .._generated import ops as al  # the generated op functions (al.add, ...)
from ..dispatch import dispatcher as _dispatch
from ..vocab import dtype as _dtype
from ..tensors.tensor import Tensor
from ..vocab.grad_mode import no_grad
from ..rules.shapes import core as rules

__all__ = [
    "matmul", "logsumexp", "clamp", "clamp_tensor", "div_mode", "max_all", "min_all",
    "max_other", "min_other", "to_other", "type_as", "clip", "clamp_min", "clamp_max",
]

# ---- linear algebra ----


def matmul(self, other):
    """torch.matmul by cases: dot, mm, matrix-vector, and batched mm with broadcast batch dims
    (expanded, folded into one batch dim for bmm, unfolded again)."""
    a, b = len(self._shape), len(other._shape)
    if a == 2 and b == 2 and self._shape[1] == other._shape[0] and self._dtype is other._dtype:
        return al.mm(self, other)  # the common case first
    shape, _ = rules.matmul(self, other)  # checks the shapes and dtypes, with the message
    if a == 1 and b == 1:
        return al.dot(self, other)
    if a == 1 and b == 2:
        return al.mm(self.unsqueeze(0), other).squeeze(0)
    if b == 1 and a >= 2:
        # (..., n, k) @ (k,): one mm over all rows (counted, not -1: k may be 0).
        k = self.shape[-1]
        rows = math.prod(self.shape[:-1])
        return al.mm(self.reshape(rows, k), other.unsqueeze(1)).reshape(shape)
    left = self.unsqueeze(0) if a == 1 else self
    (n, k), m = left.shape[-2:], other.shape[-1]
    batch = rules.broadcast_shapes(tuple(left.shape[:-2]), tuple(other.shape[:-2]))
    count = math.prod(batch)  # not -1: a reshape cannot infer it when n, k or m is 0
    lhs = left.expand(*batch, n, k).reshape(count, n, k)
    rhs = other.expand(*batch, k, m).reshape(count, k, m)
    return al.bmm(lhs, rhs).reshape(shape)


# ---- reductions built from others ----


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


def max_other(self, other):
    return al.maximum(self, other)


def min_other(self, other):
    return al.minimum(self, other)


# ---- elementwise built from others ----


def clip(self, min=None, max=None):
    """torch.clip: clamp under NumPy's name."""
    return al.clamp(self, min, max)


def clamp_min(self, min):
    return al.clamp(self, min, None)


def clamp_max(self, max):
    return al.clamp(self, None, max)


def clamp(self, min=None, max=None):
    """Limit to [min, max]: maximum with min, then minimum with max (so max wins when
    min > max, as in torch). Python-number bounds promote like any wrapped number."""
    if min is None and max is None:
        raise RuntimeError("clamp: at least one of 'min' or 'max' must not be None")
    if not isinstance(self, Tensor):  # a bound may be a number or a tensor; the input may not
        raise TypeError(f"al.clamp: argument 'input' must be a Tensor, not {type(self).__name__}")
    for bound in (min, max):
        _check_bound_fits(self, bound)
    differentiated = _differentiated(self, min, max)
    base = self.detach() if differentiated else self
    result = base
    if min is not None:
        result = al.maximum(result, min)
    if max is not None:
        result = al.minimum(result, max)
    if not differentiated:
        return result
    # Note [The gradient of clamp at a bound]
    # maximum and minimum split a tie's gradient between their operands (half each, as
    # torch's do), but an element equal to a bound is inside [min, max]: torch's clamp gives
    # it the whole gradient, and the bound none. So the elements inside take self's value
    # (and gradient) through where; the others the clamped value, whose gradient reaches a
    # tensor bound where self is strictly beyond it. NaN is in neither: it stays NaN.
    inside = None
    if min is not None:
        inside = al.ge(base, min)
    if max is not None:
        below = al.le(base, max)
        inside = below if inside is None else al.logical_and(inside, below)
    return al.where(inside, self, result)


def _differentiated(*args) -> bool:
    """Whether autograd records a call on ``args`` or a dispatch mode (forward-mode AD,
    graph capture) sees it: then a composite's gradient follows from the ops it calls."""
    return _dispatch.observed(*args)


def _check_bound_fits(self, bound) -> None:
    """A number bound must be representable in self's dtype (of its kind: a float bound of an
    integer tensor promotes instead), as torch checks: clamp(int8, min=1000) is an error, not
    a wrapped -24. Integers wrap into unsigned dtypes as torch allows (uint8 takes -255..255)."""
    integral = not self._dtype.is_floating_point and self._dtype is not _dtype.bool_
    if bound.__class__ is int and integral:
        info = np.iinfo(self._dtype.np)
        low = -info.max if info.min == 0 else info.min
        if not low <= bound <= info.max:
            raise RuntimeError(
                f"clamp: value {bound} cannot be converted to type {self._dtype.name} without "
                "overflow")
    elif bound.__class__ in (int, float) and self._dtype.is_floating_point:
        if math.isfinite(bound) and abs(bound) > float(np.finfo(self._dtype.np).max):
            raise RuntimeError(
                f"clamp: value {bound} cannot be converted to type {self._dtype.name} without "
                "overflow")


def clamp_tensor(self, min=None, max=None):
    return clamp(self, min, max)


def div_mode(self, other, rounding_mode=None):
    """Division with a rounding mode: None (true division), 'trunc' (towards zero) or
    'floor' (towards minus infinity, Python's //)."""
    if rounding_mode is None:
        return al.div(self, other)
    if rounding_mode == "trunc":
        return _dispatch.handle("_div_trunc").call((self, other))
    if rounding_mode == "floor":
        return al.floor_divide(self, other)
    raise ValueError(
        f"div expected rounding_mode to be one of None, 'trunc', or 'floor' but found "
        f"{rounding_mode!r}"
    )


# ---- conversion ----


def to_other(self, other, non_blocking=False, copy=False):
    """torch's to.other: self with other's dtype, on other's device."""
    return self.to(other.device, other.dtype, non_blocking, copy)


def type_as(self, other):
    """self with other's dtype (and device): self itself when it already has both."""
    return self.to(other.device, other.dtype)


# The other composites live in modules by family; the dispatcher finds them through here.
from ._composite_stats import *  # noqa: F401,F403,E402
from ._composite_linalg import *  # noqa: F401,F403,E402
# repeat, flip, roll: torch's REPL habits, kept in their own file.
from ._composite_front import (  # noqa: E402,F401
    broadcast_to, expand_as, flip, hstack, movedim, repeat, reshape_as, roll, square, tile,
    unbind, view_as, vstack)
# masked_select, repeat_interleave, meshgrid, diag, F.pad's constant_pad_nd, ...
from ._composite_parity import *  # noqa: F401,F403,E402

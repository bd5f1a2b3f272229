"""CompositeImplicitAutograd kernels of elementwise ops built from others: clamp and its
spellings (clip, clamp_min, clamp_max, the tensor-bound overload), the division with a rounding
mode, max/min of two tensors (maximum/minimum), square, and nan_to_num (the dtype's own finite
extremes as defaults).
"""

from __future__ import annotations

import math

import numpy as np

from ..._generated import ops as al  # the generated op functions (al.add, ...)
from ...dispatch import dispatcher as _dispatch
from ...vocab import dtype as _dtype
from ...tensors.tensor import Tensor

__all__ = [
    "clamp", "clamp_tensor", "clip", "clamp_min", "clamp_max", "div_mode", "max_other",
    "min_other", "square", "nan_to_num",
]


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
        if math.isfinite(bound) and abs(bound) > _dtype.finfo(self._dtype).max:
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


def max_other(self, other):
    return al.maximum(self, other)


def min_other(self, other):
    return al.minimum(self, other)


def square(self):
    """torch.square: ``self * self``, a bool tensor squared as int64 (torch's pow(self, 2))."""
    x = self.to(_dtype.int64) if self._dtype is _dtype.bool_ else self
    return x * x


def nan_to_num(self, nan=None, posinf=None, neginf=None):
    """The dtype's largest and smallest finite values are the infinities' defaults; they are
    the dtype's own (float16's 65504), so that they survive the store into it. Integers and
    bools have no NaN or infinity: a copy."""
    if not self._dtype.is_floating_point:
        return self.clone()
    info = _dtype.finfo(self._dtype)
    args = (self, 0.0 if nan is None else nan,
            info.max if posinf is None else posinf,
            info.min if neginf is None else neginf)
    return _dispatch.handle("_nan_to_num").call(args)

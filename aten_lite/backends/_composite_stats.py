"""CompositeImplicitAutograd kernels of issue 9's statistics and wrappers: var/std (and their
_mean forms), nan_to_num, the stable sort overloads, argsort.

Autograd records the pieces, so none of these has a derivatives.yaml entry.
"""

from __future__ import annotations

import math

import numpy as np

from .. import _ops as al  # the generated op functions (al.add, ...)
from .. import _dispatch
from ..shape_rules import core as rules

__all__ = [
    "var", "var_dim", "var_correction", "std", "std_dim", "std_correction", "var_mean",
    "var_mean_dim", "var_mean_correction", "std_mean", "std_mean_dim", "std_mean_correction",
    "nan_to_num", "sort_stable", "argsort", "argsort_stable",
]


# ---- variance and standard deviation ----


def _var_and_mean(self, dim, correction, keepdim):
    """(sum((x - mean)^2) / max(0, N - correction), mean) over dim (all dims when None or
    empty). N - correction <= 0 divides by 0, giving inf or NaN, as in torch."""
    if not self._dtype.is_floating_point:
        raise RuntimeError(
            f"std and var only support floating point and complex dtypes; got "
            f"{self._dtype.name}: convert first, e.g. x.double()")
    correction = 1 if correction is None else correction
    dims = rules.reduction_dims(tuple(self._shape), dim)
    n = math.prod(self._shape[d] for d in dims) if self._shape else 1
    reduce = list(dims) if self._shape else None
    mean = self.mean(reduce, keepdim=True)
    dev = self - mean
    var = (dev * dev).sum(reduce, keepdim=keepdim) / max(0, n - correction)
    if not keepdim and self._shape:
        mean = mean.reshape(rules.reduced_shape(tuple(self._shape), dims, False))
    return var, mean


def var(self, unbiased=True):
    return _var_and_mean(self, None, int(unbiased), False)[0]


def var_dim(self, dim, unbiased=True, keepdim=False):
    return _var_and_mean(self, dim, int(unbiased), keepdim)[0]


def var_correction(self, dim=None, correction=None, keepdim=False):
    return _var_and_mean(self, dim, correction, keepdim)[0]


def std(self, unbiased=True):
    return var(self, unbiased).sqrt()


def std_dim(self, dim, unbiased=True, keepdim=False):
    return var_dim(self, dim, unbiased, keepdim).sqrt()


def std_correction(self, dim=None, correction=None, keepdim=False):
    return var_correction(self, dim, correction, keepdim).sqrt()


def var_mean(self, unbiased=True):
    return _var_and_mean(self, None, int(unbiased), False)


def var_mean_dim(self, dim, unbiased=True, keepdim=False):
    return _var_and_mean(self, dim, int(unbiased), keepdim)


def var_mean_correction(self, dim=None, correction=None, keepdim=False):
    return _var_and_mean(self, dim, correction, keepdim)


def _std_of(pair):
    v, m = pair
    return v.sqrt(), m


def std_mean(self, unbiased=True):
    return _std_of(var_mean(self, unbiased))


def std_mean_dim(self, dim, unbiased=True, keepdim=False):
    return _std_of(var_mean_dim(self, dim, unbiased, keepdim))


def std_mean_correction(self, dim=None, correction=None, keepdim=False):
    return _std_of(var_mean_correction(self, dim, correction, keepdim))


# ---- nan_to_num ----


def nan_to_num(self, nan=None, posinf=None, neginf=None):
    """The dtype's largest and smallest finite values are the infinities' defaults; they are
    the dtype's own (float16's 65504), so that they survive the store into it. Integers and
    bools have no NaN or infinity: a copy."""
    if not self._dtype.is_floating_point:
        return self.clone()
    info = np.finfo(self._dtype.np)
    args = (self, 0.0 if nan is None else nan,
            float(info.max) if posinf is None else posinf,
            float(info.min) if neginf is None else neginf)
    return _dispatch.handle("_nan_to_num").call(args)


# ---- sort wrappers (every sort here is stable) ----


def sort_stable(self, stable=None, dim=-1, descending=False):
    return al.sort(self, dim, descending)


def argsort(self, dim=-1, descending=False):
    return al.sort(self, dim, descending)[1]


def argsort_stable(self, stable, dim=-1, descending=False):
    return al.sort(self, dim, descending)[1]

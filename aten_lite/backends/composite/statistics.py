"""CompositeImplicitAutograd kernels of the statistics: var and std over all elements, over
dims, and with a correction, and their _mean forms (var_mean, std_mean), written with mean,
sum and sqrt: autograd records the pieces, so none has a derivatives.yaml entry.
"""

from __future__ import annotations

import math

from ..._generated import ops as al  # the generated op functions (al.add, ...)
from ...rules.shapes import core as rules

__all__ = [
    "var", "var_dim", "var_correction", "std", "std_dim", "std_correction", "var_mean",
    "var_mean_dim", "var_mean_correction", "std_mean", "std_mean_dim", "std_mean_correction",
]


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


# Note [The root of a zero variance]
# std is sqrt(var), and sqrt's derivative at 0 is infinite while var's derivative there is 0
# (every deviation is 0): the chain rule gives inf * 0 = NaN for every element of a constant
# row, and a sum over rows then spreads that NaN. torch's std_backward masks the gradient to 0
# where the std is 0. The same here: the root is taken of 1 where the variance is 0 and the
# result masked to 0, so the gradient (and the forward-mode tangent) there is 0. A NaN
# variance is not 0, so its root, and gradient, stay NaN.


def _root(variance):
    """sqrt(variance) with a zero gradient where variance is 0 (Note [The root of a zero
    variance])."""
    zero = al.eq(variance, 0)
    return al.where(zero, 0.0, al.where(zero, 1.0, variance).sqrt())


def std(self, unbiased=True):
    return _root(var(self, unbiased))


def std_dim(self, dim, unbiased=True, keepdim=False):
    return _root(var_dim(self, dim, unbiased, keepdim))


def std_correction(self, dim=None, correction=None, keepdim=False):
    return _root(var_correction(self, dim, correction, keepdim))


def var_mean(self, unbiased=True):
    return _var_and_mean(self, None, int(unbiased), False)


def var_mean_dim(self, dim, unbiased=True, keepdim=False):
    return _var_and_mean(self, dim, int(unbiased), keepdim)


def var_mean_correction(self, dim=None, correction=None, keepdim=False):
    return _var_and_mean(self, dim, correction, keepdim)


def _std_of(pair):
    v, m = pair
    return _root(v), m


def std_mean(self, unbiased=True):
    return _std_of(var_mean(self, unbiased))


def std_mean_dim(self, dim, unbiased=True, keepdim=False):
    return _std_of(var_mean_dim(self, dim, unbiased, keepdim))


def std_mean_correction(self, dim=None, correction=None, keepdim=False):
    return _std_of(var_mean_correction(self, dim, correction, keepdim))

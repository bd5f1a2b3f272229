"""CompositeImplicitAutograd kernels of statistics and wrappers: var/std (and their
_mean forms), nan_to_num, the stable sort overloads, argsort.

Autograd records the pieces, so none of these has a derivatives.yaml entry.
"""

from __future__ import annotations

import math

import numpy as np

from .._generated import ops as al  # the generated op functions (al.add, ...)
from ..dispatch import dispatcher as _dispatch
from ..rules.shapes import core as rules

__all__ = [
    "var", "var_dim", "var_correction", "std", "std_dim", "std_correction", "var_mean",
    "var_mean_dim", "var_mean_correction", "std_mean", "std_mean_dim", "std_mean_correction",
    "nan_to_num", "sort_stable", "argsort", "argsort_stable", "norm",
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

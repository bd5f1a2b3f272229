"""Formula helpers of the forward-mode rules (derivatives.yaml ``result:`` formulas).

Part of ``formulas.py``'s namespace (it re-exports ``__all__``), like ``_formulas_extra``.
Written with aten_lite ops only, so a tangent computed here is itself recorded by autograd
and reverse mode can differentiate it (reverse over forward).
"""

from __future__ import annotations

import aten_lite as al

from .._tensor import Tensor
from .formulas import _dims, extremum_grad, prod_grad

__all__ = ["reduction_jvp_prod", "reduction_jvp_extremum", "take_along", "cumprod_jvp"]


def _ones(t: Tensor) -> Tensor:
    return al.ones(t._shape, dtype=t._dtype, device=t._device)


def reduction_jvp_prod(self_t: Tensor, self: Tensor, result: Tensor, dim, keepdim: bool) -> Tensor:
    """The tangent of prod: each element's tangent times the product of the others (exact
    where the input holds zeros: prod_grad's partial derivatives), summed over the slice."""
    partial = prod_grad(_ones(result), self, result, dim, keepdim)
    return (partial * self_t).sum(_dims(self._shape, dim), keepdim=keepdim)


def reduction_jvp_extremum(self_t: Tensor, self: Tensor, result: Tensor, dim,
                           keepdim: bool) -> Tensor:
    """The tangent of amax/amin: the mean of the tangents where the extremum is reached (the
    same sharing among ties as the backward)."""
    share = extremum_grad(_ones(result), self, result, dim, keepdim)
    return (share * self_t).sum(_dims(self._shape, dim), keepdim=keepdim)


def take_along(self_t: Tensor, dim: int, indices: Tensor, keepdim: bool = True) -> Tensor:
    """The tangent at the positions ``indices`` picked along ``dim`` (max.dim, sort, topk)."""
    if self_t.ndim == 0:
        return self_t  # a 0-dim input is its own pick
    if not keepdim:
        indices = indices.unsqueeze(dim)
    picked = self_t.gather(dim, indices)
    return picked if keepdim else picked.squeeze(dim)


def cumprod_jvp(self_t: Tensor, self: Tensor, dim: int, result: Tensor) -> Tensor:
    """d out_k = sum over i <= k of t_i * (product of x_j, j <= k, j != i). Without zeros that
    is ``result * cumsum(t / x)``; with zeros, the products are formed directly: row i of a
    matrix holds x with x_i replaced by 1, and its running product gives every partial
    derivative (n * n elements for a scan of length n)."""
    if self.ndim == 0:
        return self_t
    if not bool((self == 0).any()):
        return result * (self_t / self).cumsum(dim)
    d = dim % self.ndim
    x = self.transpose(d, -1) if d != self.ndim - 1 else self
    t = self_t.transpose(d, -1) if d != self.ndim - 1 else self_t
    n = x._shape[-1]
    eye = al.ones(n, n, dtype=al.bool, device=x._device).tril().logical_and(
        al.ones(n, n, dtype=al.bool, device=x._device).triu())
    rows = al.where(eye, al.ones((), dtype=x._dtype, device=x._device), x.unsqueeze(-2))
    # partial[..., i, k] is d out_k / d x_i only for i <= k: keep the upper triangle (k >= i).
    partial = rows.cumprod(-1).triu()
    out = (t.unsqueeze(-1) * partial).sum(-2)
    return out.transpose(d, -1) if d != self.ndim - 1 else out

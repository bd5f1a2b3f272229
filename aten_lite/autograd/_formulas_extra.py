"""Formula helpers of the scans, lookups and index ops (their derivatives.yaml formulas call them).

Part of ``formulas.py``'s namespace (it imports and re-exports each name of ``__all__``): the
generator reads the names through that module. Written with aten_lite ops only, so that the
backward is itself recorded under ``create_graph`` and differentiates again.
"""

from __future__ import annotations

from ..backends import creation as _creation
from .._generated import ops as al  # the generated op functions (al.add, ...)
from ..tensors.tensor import Tensor

__all__ = ["reversed_cumsum", "cumprod_backward", "scatter_src_grad", "index_add_source_grad",
           "embedding_backward", "diagonal_backward"]


def _reverse(t: Tensor, dim: int) -> Tensor:
    n = t._shape[dim]
    return t.index_select(dim, _creation.arange(n - 1, -1, -1, device=t._device))


def reversed_cumsum(grad: Tensor, dim: int) -> Tensor:
    """out[i] = sum of grad[j] for j >= i along dim: what each input of cumsum receives.
    Reversed, summed, reversed again (exact; no subtraction of a total)."""
    if grad.ndim == 0:
        return grad
    d = dim % grad.ndim
    return _reverse(_reverse(grad, d).cumsum(d), d)


def cumprod_backward(grad: Tensor, self: Tensor, dim: int, result: Tensor) -> Tensor:
    """d/dx_i of sum_j grad_j * prod_{k <= j} x_k.

    Without zeros in self this is reversed_cumsum(grad * result) / self. A zero makes that
    0/0, so then each position is computed directly: prod(x[:i]) * (grad[i] + sum over j > i
    of grad[j] * prod(x[i+1..j])), O(n^2) along dim but exact."""
    if self.ndim == 0 or self.numel() == 0:
        return grad
    d = dim % self.ndim
    if not bool((self == 0).any()):
        return reversed_cumsum(grad * result, d) / self
    n = self._shape[d]
    parts = []
    for i in range(n):
        g_i = grad.narrow(d, i, 1)
        if i + 1 < n:
            tail = self.narrow(d, i + 1, n - i - 1).cumprod(d)
            g_i = g_i + (grad.narrow(d, i + 1, n - i - 1) * tail).sum(d, keepdim=True)
        if i > 0:
            g_i = g_i * self.narrow(d, 0, i).prod(d, keepdim=True)
        parts.append(g_i)
    return al.cat(parts, d)


def scatter_src_grad(grad: Tensor, dim: int, index: Tensor, src_shape) -> Tensor:
    """scatter read only src's leading part of index's shape; the rest gets zeros (appended
    with cat, so the result stays differentiable)."""
    g = grad.gather(dim, index)
    for d, (n, m) in enumerate(zip(g._shape, src_shape)):
        if n < m:
            pad = list(g._shape)
            pad[d] = m - n
            g = al.cat([g, _creation.zeros(tuple(pad), dtype=g._dtype, device=g._device)], d)
    return g.reshape(tuple(src_shape)) if g._shape != tuple(src_shape) else g


def index_add_source_grad(grad: Tensor, dim: int, index: Tensor, source_shape, alpha) -> Tensor:
    """The gradient rows index_add read for each source entry, times alpha."""
    picked = grad.index_select(dim, index) if grad.ndim else grad
    if not source_shape:
        picked = picked.reshape(())
    return picked if alpha == 1 else picked * alpha


def embedding_backward(grad: Tensor, weight_shape, indices: Tensor, padding_idx: int,
                       scale_grad_by_freq: bool) -> Tensor:
    """Each looked-up row's gradient added into its weight row (repeats add up); the
    padding_idx row gets none; scale_grad_by_freq divides by how often a row was used."""
    rows, width = weight_shape
    idx = indices.reshape(-1)
    g = grad.reshape(-1, width)
    if padding_idx >= 0:
        g = g.masked_fill((idx == padding_idx).unsqueeze(1), 0)
    if scale_grad_by_freq:
        ones = _creation.ones(idx._shape, dtype=g._dtype, device=g._device)
        counts = _creation.zeros((rows,), dtype=g._dtype, device=g._device).index_add(0, idx, ones)
        g = g / counts.index_select(0, idx).unsqueeze(1)
    out = _creation.zeros((rows, width), dtype=g._dtype, device=g._device)
    return out.index_add(0, idx, g)


def diagonal_backward(grad: Tensor, shape, offset: int, dim1: int, dim2: int) -> Tensor:
    """Zeros of the input's shape with grad written on the diagonal the view read (the copy
    is recorded too under create_graph, through the view's in-place rebase)."""
    out = _creation.zeros(tuple(shape), dtype=grad._dtype, device=grad._device)
    out.diagonal(offset, dim1, dim2).copy_(grad)
    return out

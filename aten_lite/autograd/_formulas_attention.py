"""Formula helper of the attention op `_sdpa` (derivatives.yaml calls it once per input).

Part of ``formulas.py``'s namespace (it imports and re-exports ``sdpa_grad``): the generator
reads the names through that module.

Note [One kernel for three gradients]
`_sdpa_backward` computes the gradients of query, key and value in one pass (the probabilities
are recomputed once per query row for all three), but a derivatives.yaml formula gives one
input's gradient. So the node's three formulas call ``sdpa_grad``: the first call runs the
kernel and keeps the other two gradients, with the very tensors it was called on, and a call
for the same grad, query, key and value takes its gradient from there (it is compared by
identity, and held, so no id can be reused meanwhile; the value's gradient, computed last,
releases it, else the next backward step does). Under create_graph, or for anything else the
kernel does not take, the gradient is composed of differentiable ops instead, so it can be
differentiated again.
"""

from __future__ import annotations

import math

from ..backends import creation as _creation
from ..dispatch import dispatcher as _dispatch
from .._generated import ops as al  # the generated op functions (al.add, ...)
from ..tensors.tensor import Tensor
from ..vocab.dispatch_keys import CPU

__all__ = ["sdpa_grad", "sdpa_jvp", "joined_view"]

_last: list = [None]  # [(grad, query, key, value), (dq, dk, dv)] of the last kernel call


def sdpa_grad(grad: Tensor, query: Tensor, key: Tensor, value: Tensor, scale: float,
              is_causal: bool, which: int) -> Tensor:
    """The gradient of `_sdpa` with respect to query (which 0), key (1) or value (2)."""
    inputs = (grad, query, key, value)
    if all(t.__class__ is Tensor and t._key is CPU and t._a is not None for t in inputs) and \
            not _dispatch.observed(*inputs):
        last = _last[0]
        if last is None or any(a is not b for a, b in zip(last[0], inputs)):
            last = _last[0] = (inputs, _unpack(al._sdpa_backward(grad, query, key, value, scale,
                                                                 is_causal), query, key, value))
        if which == 2:
            _last[0] = None
        return last[1][which]
    p = _probs(query, key, scale, is_causal)
    if which == 2:
        return p.transpose(-2, -1).matmul(grad)
    dp = grad.matmul(value.transpose(-2, -1))
    ds = p * (dp - (dp * p).sum(-1, keepdim=True)) * scale
    return ds.matmul(key) if which == 0 else ds.transpose(-2, -1).matmul(query)


def sdpa_jvp(query: Tensor, key: Tensor, value: Tensor, scale: float, is_causal: bool,
             tangent: Tensor, which: int) -> Tensor:
    """The derivative of `_sdpa` along a tangent of query (which 0), key (1) or value (2), of
    differentiable ops: with P the probabilities and S_t the scores' tangent,
    P_t = P * (S_t - rowsum(P * S_t)), and the output's is P_t @ value (or P @ value_t)."""
    p = _probs(query, key, scale, is_causal)
    if which == 2:
        return p.matmul(tangent)
    s_t = (tangent.matmul(key.transpose(-2, -1)) if which == 0
           else query.matmul(tangent.transpose(-2, -1))) * scale
    return (p * (s_t - (p * s_t).sum(-1, keepdim=True))).matmul(value)


def _unpack(packed: Tensor, query: Tensor, key: Tensor, value: Tensor) -> tuple:
    """The three (N, H, length, features) gradients: views of the packed (N, L*H*E + S*H*E +
    S*H*Ev), each (length, heads, features) per batch element, position by position when
    L == S (Note [Attention's packed gradients] in aten_lite/csrc/sdpa.h), so that a model's
    transpose back to (N, length, H, features) and reshape to (N, length, H * features) copy
    nothing, and split's backward joins them as they lie (joined_view)."""
    n, h, length, e = query._shape
    s, ev = key._shape[2], value._shape[3]
    a, wrap = packed._a, Tensor._wrap
    if length == s:
        rows = a.reshape(n, length, h * (2 * e + ev))
        parts = (rows[:, :, :h * e], rows[:, :, h * e:2 * h * e], rows[:, :, 2 * h * e:])
    else:
        q_end, k_end = length * h * e, (length + s) * h * e
        parts = (a[:, :q_end], a[:, q_end:k_end], a[:, k_end:])
    return tuple(wrap(p.reshape(n, rows_, h, f).transpose(0, 2, 1, 3))
                 for p, rows_, f in zip(parts, (length, s, s), (e, e, ev)))


def joined_view(parts: list, dim: int) -> Tensor | None:
    """``cat(parts, dim)`` as a view, where the parts already lie side by side, in order, in
    one array laid out as the result would be (Note [Joined views] in
    aten_lite/csrc/module.cpp): attention's gradients of q, k and v split off one projection,
    joined by split's backward. None where they do not, or where the join must be recorded
    (create_graph). A backward's gradients are never written in place, so the view is safe
    there; ``cat`` itself always copies, as torch's."""
    for p in parts:
        if p.__class__ is not Tensor or p._key is not CPU or p._a is None:
            return None
    if _dispatch.observed(*parts):
        return None
    from .. import _C  # layer 0, late: the extension may be unbuilt

    a = _C.joined_view(tuple(p._a for p in parts), dim % len(parts[0]._shape))
    return None if a is None else Tensor._wrap(a)


def _probs(query: Tensor, key: Tensor, scale: float, is_causal: bool) -> Tensor:
    scores = query.matmul(key.transpose(-2, -1)) * scale
    if is_causal:  # nn.attention's additive mask: -inf above the top-left diagonal
        scores = scores + _creation.full((query._shape[-2], key._shape[-2]), -math.inf,
                                         dtype=scores._dtype, device=query._device).triu(1)
    return scores.softmax(-1)

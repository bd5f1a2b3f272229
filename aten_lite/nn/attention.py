"""Attention: ``scaled_dot_product_attention`` and ``MultiheadAttention``, as torch's.

Both are written with aten_lite's ops (matmul, the `softmax` op, masked_fill, ...), so their
gradients come from the ops' derivative formulas. Attention's common case, 4-D CPU operands
without a mask other than the causal one or dropout, is one op, `_sdpa`, with one backward
kernel (Note [Fused attention]).

>>> import aten_lite as al
>>> q = al.ones(1, 2, 3, 4)
>>> scaled_dot_product_attention(q, q, q, is_causal=True).shape
aten_lite.Size([1, 2, 3, 4])
"""

from __future__ import annotations

import math

from .. import _ops
from .._generated.ops import _sdpa
from ..amp import autocast_mode as _autocast
from ..dispatch import dispatcher as _dispatch
from ..backends import creation as _creation
from ..frontend import random as _random
from ..tensors.tensor import Tensor
from ..vocab.dispatch_keys import CPU as _CPU
from ..vocab.dtype import bool as _bool, float32 as _float32, float64 as _float64
from . import init
from .module import Module, Parameter

__all__ = ["scaled_dot_product_attention", "MultiheadAttention"]

_causal_cache: dict = {}


def _causal_bias(L: int, S: int, dtype, device) -> Tensor:
    """The (L, S) additive causal mask: 0 where a query may see a key (the lower triangle,
    aligned top-left as torch's), -inf above it. Cached: a training loop asks for the same
    one every step, and adding it costs a tenth of a masked_fill with a broadcast bool mask."""
    key = (L, S, dtype, device)
    bias = _causal_cache.get(key)
    if bias is None:
        bias = _creation.full((L, S), -math.inf, dtype=dtype, device=device).triu(1)
        if bias._a is None:  # made while al.compile captures (no data): never kept for later
            return bias
        if len(_causal_cache) > 64:
            _causal_cache.clear()
        _causal_cache[key] = bias
    return bias


def _sdpa_checks(query: Tensor, key: Tensor, value: Tensor, attn_mask, dropout_p,
                 is_causal) -> None:
    if query.ndim < 2 or key.ndim < 2 or value.ndim < 2:
        raise RuntimeError(
            f"scaled_dot_product_attention: query, key and value must be at least 2-D "
            f"(..., length, features), got query.dim {query.ndim}, key.dim {key.ndim} and "
            f"value.dim {value.ndim}")
    if not (query._dtype is key._dtype is value._dtype):
        raise RuntimeError(
            f"scaled_dot_product_attention: query, key and value must have the same dtype, "
            f"got query.dtype {query._dtype}, key.dtype {key._dtype} and value.dtype "
            f"{value._dtype}")
    if not query._dtype.is_floating_point:
        raise RuntimeError(f"scaled_dot_product_attention: expected a floating-point query, "
                           f"got {query._dtype}")
    if query._shape[-1] != key._shape[-1]:
        raise RuntimeError(
            f"scaled_dot_product_attention: query and key must have the same feature size "
            f"(last dim), got query {list(query._shape)} and key {list(key._shape)}")
    if key._shape[-2] != value._shape[-2]:
        raise RuntimeError(
            f"scaled_dot_product_attention: key and value must have the same length "
            f"(dim -2), got key {list(key._shape)} and value {list(value._shape)}")
    if not 0.0 <= dropout_p <= 1.0:
        raise RuntimeError(f"dropout probability has to be between 0 and 1, but got "
                           f"{dropout_p}")
    if is_causal and attn_mask is not None:
        raise RuntimeError("scaled_dot_product_attention: an explicit attn_mask must not be "
                           "given with is_causal=True (the causal mask is built in)")
    if attn_mask is not None and not (attn_mask._dtype is _bool
                                      or attn_mask._dtype.is_floating_point):
        raise RuntimeError(
            f"scaled_dot_product_attention: attn_mask must be bool (True = take part) or "
            f"floating point (added to the scores), got {attn_mask._dtype}")


def _repeat_heads(t: Tensor, n_q: int, name: str) -> Tensor:
    n = t._shape[-3]
    if n == n_q:
        return t
    if n_q % n:
        raise RuntimeError(
            f"scaled_dot_product_attention: with enable_gqa=True the number of {name} heads "
            f"(dim -3, {n}) must divide the number of query heads ({n_q})")
    return t.repeat_interleave(n_q // n, -3)


def scaled_dot_product_attention(query: Tensor, key: Tensor, value: Tensor, attn_mask=None,
                                 dropout_p: float = 0.0, is_causal: bool = False,
                                 scale: float | None = None, enable_gqa: bool = False
                                 ) -> Tensor:
    """``softmax(query @ key.T * scale + mask) @ value`` over shapes (..., L, E),
    (..., S, E), (..., S, Ev), giving (..., L, Ev); leading dims broadcast. ``attn_mask`` is
    bool (True: the pair takes part) or float (added to the scores); ``is_causal`` masks
    the upper triangle instead. ``scale`` defaults to ``1/sqrt(E)``. A query row that may
    see no key gives zeros (as torch). ``dropout_p`` drops attention weights (always, as
    torch's functional form). ``enable_gqa`` repeats key/value heads (dim -3) to the
    query's number of heads."""
    query, key, value = _autocast.cast_for("scaled_dot_product_attention", query, key, value)
    _sdpa_checks(query, key, value, attn_mask, dropout_p, is_causal)
    if enable_gqa and query.ndim >= 3 and key.ndim >= 3:
        key = _repeat_heads(key, query._shape[-3], "key")
        value = _repeat_heads(value, query._shape[-3], "value")
    E = query._shape[-1]
    if scale is None:
        scale = 1.0 / math.sqrt(E) if E else 1.0
    if attn_mask is None and dropout_p == 0.0 and _fused(query, key, value):
        return _sdpa(query, key, value, float(scale), bool(is_causal))
    # Scale the scores, not the query: the product is contiguous, while the query is often
    # a strided view (heads split off a fused projection), which costs ten times as much.
    scores = query.matmul(key.transpose(-2, -1)) * scale
    full_rows = None
    if is_causal:
        scores = scores + _causal_bias(query._shape[-2], key._shape[-2], scores._dtype,
                                       query._device)
    elif attn_mask is not None:
        if attn_mask._dtype is _bool:
            blocked = attn_mask.logical_not()
            scores = scores.masked_fill(blocked, -math.inf)
            full_rows = blocked.all(-1, keepdim=True)
        else:
            if attn_mask._dtype is not scores._dtype:
                attn_mask = attn_mask.to(scores._dtype)
            scores = scores + attn_mask
            full_rows = (attn_mask == -math.inf).all(-1, keepdim=True)
        if not bool(full_rows.any()):
            full_rows = None
    if full_rows is not None:
        # Rows with no key left: softmax of all -inf is NaN; torch gives them zeros. Fill
        # the scores first so the backward stays finite, then zero the weights.
        scores = scores.masked_fill(full_rows, 0.0)
        attn = scores.softmax(-1).masked_fill(full_rows, 0.0)
    else:
        attn = scores.softmax(-1)
    if dropout_p > 0.0:
        attn = _random.dropout(attn, dropout_p, True)
    return attn.matmul(value)


# Note [Fused attention]
# Attention's common case (4-D (batch, heads, length, features) CPU operands, the causal mask
# or none, no dropout) composed a dozen ops: the transposes and reshapes around two batched
# products, the copies they make, the scale, the mask, softmax. `_sdpa` is one op with one C++
# kernel (csrc/sdpa.h) and one backward kernel for all three gradients (Note [One kernel for
# three gradients]); its values agree with the composed ops' to rounding, not to the bit (the
# products sum in another order). It runs in inference and in training alike: where a dispatch
# mode observes the call (forward-mode AD, graph capture, trace_dispatch) the composed ops run,
# since those modes see the ops they know. The backward writes each gradient in the (batch,
# length, heads, features) layout of heads split off a projection, so that the model's
# transpose back and reshape cost no copy. GPT attention (16, 4, 32, 16), one thread, forward
# + backward through autograd: 0.72 ms against 0.73-1.0 composed and torch's 0.66-0.69 in the
# same run (Note [Attention's products] in csrc/sdpa.h has the kernels' own figures).
def _fused(query: Tensor, key: Tensor, value: Tensor) -> bool:
    for t in (query, key, value):
        if t.__class__ is not Tensor or t._key is not _CPU or t._a is None or \
                len(t._shape) != 4 or t._dtype is not query._dtype:
            return False
    return query._dtype in (_float32, _float64) and key._shape[2] > 0 and \
        query._shape[:2] == key._shape[:2] == value._shape[:2] and not _dispatch.observed()


# nn.functional.scaled_dot_product_attention, by registration: functional is imported by the
# modules this one builds on (modules.Linear), so it cannot import this module back.
from . import functional as _functional  # noqa: E402

_functional.scaled_dot_product_attention = scaled_dot_product_attention
_functional.__all__.append("scaled_dot_product_attention")


# ---- MultiheadAttention ----


def _linear(x: Tensor, weight: Tensor, bias) -> Tensor:
    out = x.matmul(weight.t())  # a (N, L, E) input folds into one mm
    return out if bias is None else out + bias


def _pad_key(mask: Tensor) -> Tensor:
    """An additive mask with one more key column, of zeros (the appended key takes part)."""
    zeros = _creation.zeros(*mask._shape[:-1], 1, dtype=mask._dtype, device=mask._device)
    return _ops.cat([mask, zeros], -1)


def _as_float_mask(mask, name: str, dtype) -> Tensor | None:
    """torch's convention for MultiheadAttention masks: bool True = blocked, turned into an
    additive mask of -inf; float masks are added as they are."""
    if mask is None:
        return None
    if mask._dtype is _bool:
        return _creation.zeros(*mask._shape, dtype=dtype, device=mask._device).masked_fill(
            mask, -math.inf)
    if not mask._dtype.is_floating_point:
        raise AssertionError(f"MultiheadAttention: only bool and floating types of {name} "
                             f"are supported, got {mask._dtype}")
    return mask if mask._dtype is dtype else mask.to(dtype)


class MultiheadAttention(Module):
    """Attention over ``num_heads`` heads of ``embed_dim // num_heads`` features each, with
    torch's parameters: ``in_proj_weight`` (3E, E) and ``in_proj_bias`` (3E), or
    ``q_proj_weight``/``k_proj_weight``/``v_proj_weight`` when ``kdim``/``vdim`` differ from
    ``embed_dim``; ``out_proj`` (a Linear); ``bias_k``/``bias_v`` with ``add_bias_kv``.
    ``forward(query, key, value, key_padding_mask, need_weights, attn_mask,
    average_attn_weights, is_causal)`` returns ``(output, weights or None)``; in the masks
    a bool True means "blocked" (torch's convention here, the reverse of
    ``scaled_dot_product_attention``'s)."""

    def __init__(self, embed_dim: int, num_heads: int, dropout: float = 0.0, bias: bool = True,
                 add_bias_kv: bool = False, add_zero_attn: bool = False, kdim=None, vdim=None,
                 batch_first: bool = False, device=None, dtype=None) -> None:
        super().__init__()
        if not isinstance(embed_dim, int) or embed_dim <= 0:
            raise ValueError(f"MultiheadAttention: embed_dim must be a positive int, got "
                             f"{embed_dim!r}")
        if not isinstance(num_heads, int) or num_heads <= 0:
            raise ValueError(f"MultiheadAttention: num_heads must be a positive int, got "
                             f"{num_heads!r}")
        if embed_dim % num_heads:
            raise AssertionError(f"MultiheadAttention: embed_dim ({embed_dim}) must be "
                                 f"divisible by num_heads ({num_heads})")
        if not 0.0 <= dropout <= 1.0:
            raise ValueError(f"dropout probability has to be between 0 and 1, but got "
                             f"{dropout}")
        self.embed_dim = embed_dim
        self.kdim = kdim if kdim is not None else embed_dim
        self.vdim = vdim if vdim is not None else embed_dim
        self._qkv_same_embed_dim = self.kdim == embed_dim and self.vdim == embed_dim
        self.num_heads, self.dropout, self.batch_first = num_heads, dropout, batch_first
        self.head_dim = embed_dim // num_heads

        def empty(*shape):
            return Parameter(_creation.empty(*shape, dtype=dtype, device=device))

        if self._qkv_same_embed_dim:
            self.in_proj_weight = empty(3 * embed_dim, embed_dim)
            self.register_parameter("q_proj_weight", None)
            self.register_parameter("k_proj_weight", None)
            self.register_parameter("v_proj_weight", None)
        else:
            self.q_proj_weight = empty(embed_dim, embed_dim)
            self.k_proj_weight = empty(embed_dim, self.kdim)
            self.v_proj_weight = empty(embed_dim, self.vdim)
            self.register_parameter("in_proj_weight", None)
        if bias:
            self.in_proj_bias = empty(3 * embed_dim)
        else:
            self.register_parameter("in_proj_bias", None)
        from .modules import Linear
        self.out_proj = Linear(embed_dim, embed_dim, bias=bias, dtype=dtype)
        if add_bias_kv:
            self.bias_k = empty(1, 1, embed_dim)
            self.bias_v = empty(1, 1, embed_dim)
        else:
            self.bias_k = self.bias_v = None
        self.add_zero_attn = add_zero_attn
        self._reset_parameters()

    def _reset_parameters(self) -> None:
        if self._qkv_same_embed_dim:
            init.xavier_uniform_(self.in_proj_weight)
        else:
            init.xavier_uniform_(self.q_proj_weight)
            init.xavier_uniform_(self.k_proj_weight)
            init.xavier_uniform_(self.v_proj_weight)
        if self.in_proj_bias is not None:
            init.constant_(self.in_proj_bias, 0.0)
            init.constant_(self.out_proj.bias, 0.0)
        if self.bias_k is not None:
            init.xavier_normal_(self.bias_k)
            init.xavier_normal_(self.bias_v)

    def __setattr__(self, name, value) -> None:
        # bias_k/bias_v are plain None attributes when absent (as torch's), Parameters else.
        if name in ("bias_k", "bias_v") and value is None:
            self._parameters.pop(name, None)
            object.__setattr__(self, name, None)
            return
        super().__setattr__(name, value)

    def extra_repr(self) -> str:
        return f"embed_dim={self.embed_dim}, num_heads={self.num_heads}"

    # -- projections --

    def _project(self, query, key, value):
        """q, k, v of shapes (N, L, E), (N, S, E), (N, S, E) from batch-first inputs; one
        matmul when the three inputs are the same tensor (self-attention)."""
        E = self.embed_dim
        b = self.in_proj_bias
        if self._qkv_same_embed_dim:
            w = self.in_proj_weight
            if query is key and key is value:
                return _linear(query, w, b).split(E, -1)
            if key is value:
                k, v = _linear(key, w[E:], None if b is None else b[E:]).split(E, -1)
                return _linear(query, w[:E], None if b is None else b[:E]), k, v
            wq, wk, wv = w.split(E, 0)
        else:
            wq, wk, wv = self.q_proj_weight, self.k_proj_weight, self.v_proj_weight
        bq, bk, bv = b.split(E, 0) if b is not None else (None, None, None)
        return _linear(query, wq, bq), _linear(key, wk, bk), _linear(value, wv, bv)

    def _check_inputs(self, query, key, value, key_padding_mask, attn_mask):
        if query.ndim not in (2, 3):
            raise AssertionError(f"MultiheadAttention: query should be unbatched 2-D or "
                                 f"batched 3-D, got a {query.ndim}-D tensor of shape "
                                 f"{list(query._shape)}")
        if key.ndim != query.ndim or value.ndim != query.ndim:
            raise AssertionError(
                f"MultiheadAttention: key and value must have the same number of dims as "
                f"query ({query.ndim}), got key {list(key._shape)} and value "
                f"{list(value._shape)}")
        if query._shape[-1] != self.embed_dim:
            raise AssertionError(f"MultiheadAttention: was expecting embedding dimension of "
                                 f"{self.embed_dim}, but got {query._shape[-1]} (query "
                                 f"{list(query._shape)})")
        if key._shape[-1] != self.kdim or value._shape[-1] != self.vdim:
            raise AssertionError(
                f"MultiheadAttention: key and value must have {self.kdim} and {self.vdim} "
                f"features, got key {list(key._shape)} and value {list(value._shape)}")
        if key._shape[:-1] != value._shape[:-1]:
            raise AssertionError(f"MultiheadAttention: key shape {list(key._shape)} does not "
                                 f"match value shape {list(value._shape)}")

    def _batch_first(self, query, key, value, key_padding_mask):
        """The inputs as (N, L, E) batches: unbatched ones get a batch of one, seq-first ones
        are transposed (`query is key` survives, so self-attention keeps one matmul)."""
        if query.ndim == 2:
            if key_padding_mask is not None:
                if key_padding_mask.ndim != 1:
                    raise AssertionError(
                        f"MultiheadAttention: for unbatched (2-D) query, key_padding_mask "
                        f"should be 1-D, got shape {list(key_padding_mask._shape)}")
                key_padding_mask = key_padding_mask.unsqueeze(0)
            return query.unsqueeze(0), key.unsqueeze(0), value.unsqueeze(0), key_padding_mask
        if self.batch_first:
            return query, key, value, key_padding_mask
        same_kv, same_qk = key is value, query is key
        query = query.transpose(0, 1)
        key = query if same_qk else key.transpose(0, 1)
        value = key if same_kv else value.transpose(0, 1)
        return query, key, value, key_padding_mask

    def _masks(self, attn_mask, key_padding_mask, N, L, S, batched, dtype):
        """(attn_mask as an additive (L, S) or (N, H, L, S) mask, key_padding_mask as an
        additive (N, S) one), shapes checked."""
        H = self.num_heads
        if key_padding_mask is not None and tuple(key_padding_mask._shape) != (N, S):
            raise AssertionError(
                f"MultiheadAttention: expected key_padding_mask of shape {[N, S]}, got "
                f"{list(key_padding_mask._shape)}")
        mask = _as_float_mask(attn_mask, "attn_mask", dtype)
        if mask is not None:
            if mask.ndim == 2:
                if tuple(mask._shape) != (L, S):
                    raise RuntimeError(f"The shape of the 2D attn_mask is "
                                       f"{list(mask._shape)}, but should be {[L, S]}.")
            elif mask.ndim == 3:
                want = (N * H, L, S) if batched else (H, L, S)
                if tuple(mask._shape) != want:
                    raise RuntimeError(f"The shape of the 3D attn_mask is "
                                       f"{list(mask._shape)}, but should be {list(want)}.")
                mask = mask.view(N, H, L, S)
            else:
                raise RuntimeError(f"attn_mask's dimension {mask.ndim} is not supported "
                                   f"(2-D (L, S) or 3-D (N * num_heads, L, S))")
        return mask, _as_float_mask(key_padding_mask, "key_padding_mask", dtype)

    def _heads(self, q, k, v, mask, kpm):
        """q, k, v split into heads (N, H, length, head_dim), with bias_k/bias_v and the zero
        key appended when asked, and the one additive mask (or None) over the keys."""
        (N, L, E), S = q._shape, k._shape[1]
        H, hd = self.num_heads, self.head_dim
        if self.bias_k is not None:
            k = _ops.cat([k, self.bias_k.expand(N, 1, E)], 1)
            v = _ops.cat([v, self.bias_v.expand(N, 1, E)], 1)
            mask = None if mask is None else _pad_key(mask)
            kpm = None if kpm is None else _pad_key(kpm)
            S += 1
        q = q.view(N, L, H, hd).transpose(1, 2)
        k = k.view(N, S, H, hd).transpose(1, 2)
        v = v.view(N, S, H, hd).transpose(1, 2)
        if self.add_zero_attn:
            zeros = _creation.zeros(N, H, 1, hd, dtype=q._dtype, device=q._device)
            k, v = _ops.cat([k, zeros], 2), _ops.cat([v, zeros], 2)
            mask = None if mask is None else _pad_key(mask)
            kpm = None if kpm is None else _pad_key(kpm)
            S += 1
        if kpm is not None:
            kpm = kpm.view(N, 1, 1, S)
            mask = kpm if mask is None else mask + kpm
        return q, k, v, mask

    def forward(self, query: Tensor, key: Tensor, value: Tensor, key_padding_mask=None,
                need_weights: bool = True, attn_mask=None, average_attn_weights: bool = True,
                is_causal: bool = False):
        self._check_inputs(query, key, value, key_padding_mask, attn_mask)
        if is_causal and attn_mask is None:
            raise RuntimeError(
                "MultiheadAttention: is_causal=True is a hint that attn_mask is the causal "
                "mask; pass attn_mask as well (e.g. "
                "nn.Transformer.generate_square_subsequent_mask(L))")
        batched = query.ndim == 3
        query, key, value, key_padding_mask = self._batch_first(query, key, value,
                                                                key_padding_mask)
        (N, L, E), S = query._shape, key._shape[1]
        mask, kpm = self._masks(attn_mask, key_padding_mask, N, L, S, batched, query._dtype)
        q, k, v = self._project(query, key, value)
        q, k, v, mask = self._heads(q, k, v, mask, kpm)
        p = self.dropout if self.training else 0.0
        weights = None
        if need_weights:
            # torch's explicit path: a plain softmax (a fully blocked row gives NaN there).
            scores = q.matmul(k.transpose(-2, -1)) * (1.0 / math.sqrt(self.head_dim))
            weights = (scores if mask is None else scores + mask).softmax(-1)
            if p > 0.0:
                weights = _random.dropout(weights, p, True)
            out = weights.matmul(v)
            if average_attn_weights:
                weights = weights.mean(1)
        elif is_causal and kpm is None:
            # As torch: attn_mask is declared the causal mask, so SDPA's cached one is used.
            out = scaled_dot_product_attention(q, k, v, None, p, is_causal=True)
        else:
            out = scaled_dot_product_attention(q, k, v, mask, p)
        out = self.out_proj(out.transpose(1, 2).reshape(N, L, E))
        if not batched:
            return out.squeeze(0), None if weights is None else weights.squeeze(0)
        return (out if self.batch_first else out.transpose(0, 1)), weights

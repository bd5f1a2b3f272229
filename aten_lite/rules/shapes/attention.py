"""Shape rules of the attention ops (Note [Shape rules] in core.py): `_sdpa` and its packed
backward, over 4-D (batch, heads, length, features) operands of one dtype (the op's `dtypes:` are
the floating ones). The
kernels in ``backends/cpu/attention.py`` rely on these checks.
"""

from __future__ import annotations

__all__ = ["sdpa", "sdpa_backward"]


def sdpa(query, key, value, scale: float, is_causal: bool, op: str = "_sdpa"):
    """`_sdpa`: (batch, heads, L, Ev) in query's dtype."""
    if not query._dtype.is_floating_point:
        # The binding checks `dtypes:` on an argument named self only; this op has none.
        raise NotImplementedError(f"al.{op}: not implemented for '{query._dtype.name}'; "
                                  "supported: float16, float32, float64, bfloat16")
    names = (("query", query), ("key", key), ("value", value))
    for name, t in names:
        if len(t._shape) != 4:
            raise RuntimeError(f"_sdpa: {name} must be 4-D (batch, heads, length, features), "
                               f"got shape {list(t._shape)}")
        if t._dtype is not query._dtype:
            raise RuntimeError(f"_sdpa: query, key and value must share one dtype, got "
                               f"{query._dtype.name}, {key._dtype.name}, {value._dtype.name}")
    n, h, length, e = query._shape
    if key._shape[:2] != (n, h) or value._shape[:2] != (n, h) or key._shape[3] != e or \
            value._shape[2] != key._shape[2]:
        raise RuntimeError(
            f"_sdpa: shapes do not match: query {list(query._shape)} (N, H, L, E), key "
            f"{list(key._shape)} must be (N, H, S, E) and value {list(value._shape)} (N, H, S, Ev)")
    return (n, h, length, value._shape[3]), query._dtype


def sdpa_backward(grad, query, key, value, scale: float, is_causal: bool):
    """`_sdpa_backward`: (batch, L*H*E + S*H*E + S*H*Ev), the three gradients packed, each
    (length, heads, features) per batch element."""
    shape, dtype = sdpa(query, key, value, scale, is_causal, "_sdpa_backward")
    if grad._shape != shape or grad._dtype is not dtype:
        raise RuntimeError(f"_sdpa_backward: grad must be {dtype.name} of shape {list(shape)} "
                           f"(the output's), got {grad._dtype.name} {list(grad._shape)}")
    n, h, length, e = query._shape
    s, ev = key._shape[2], value._shape[3]
    return (n, h * (length * e + s * e + s * ev)), dtype

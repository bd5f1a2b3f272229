"""The Meta backend's generic kernel of any op with a `shape:` rule (Note [Shape rules] in
``rules/shapes/core.py``): run the rule, return empty results of its shapes and dtypes. This
covers the functional data-movement and compute ops (cat, gather, mm, ...) whose CPU kernels
allocate from the same rule; what a rule cannot give (views, in-place results, several views)
has a named kernel in the other modules of this package.
"""

from __future__ import annotations

from ...rules import shapes as shape_rules
from ...tensors.tensor import Tensor

_meta = Tensor._meta


def make_from_rule(h, src):
    """The Meta kernel of an op with a `shape:` rule: run the rule, return empty results."""
    rule = getattr(shape_rules, src.shape)
    n_in = len([a for a in h.args if not (a.is_write and a.kwarg_only)])

    def from_rule(*args):
        spec = rule(*args[:n_in])
        if isinstance(spec[1], tuple):  # several results: ((shape, dtype), (shape, dtype))
            return tuple(_meta(shape, dtype) for shape, dtype in spec)
        shape, dtype = spec
        return _meta(shape, dtype)

    from_rule.__qualname__ = f"meta_from_rule[{src.shape}]"
    return from_rule

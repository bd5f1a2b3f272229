"""Meta kernels for the compute ops: the same dtype and shape rules as the CPU kernels, no
data. A meta result is what the CPU result would be, minus the numbers.

The generic factories mirror ``_cpu_ops`` (Note [Elementwise kernels] there): elementwise
ops promote and broadcast with the same ``ElementwisePlan``, reductions share
``reduction_plan``, and ops with a `shape:` rule just run it (Note [Shape rules]).
"""

from __future__ import annotations

from ..rules import shapes as shape_rules
from ..vocab.dtype import float16
from ..rules.kernel_rules import (
    ElementwisePlan, check_inplace_shape, check_out_dtype, reduction_plan, reduction_positions,
    resize_out,
)
from ..tensors.tensor import Tensor
from ..rules.shapes import core as rules

__all__: list[str] = []

_meta = Tensor._meta
_FIRST_FLOAT = float16.code  # dtype codes below are bool and integers


def _broadcast_operands(ins):
    shapes = [x._shape for x in ins if isinstance(x, Tensor)]
    return rules.broadcast_shapes(*shapes) if len(shapes) > 1 else shapes[0]


def make_elementwise(h, src):
    """The Meta kernel of an elementwise op: result dtype and broadcast shape only."""
    plan = ElementwisePlan(src)
    tensor_pos = [i for i, a in enumerate(h.args)
                  if a.tensor_like and not (a.is_write and a.kwarg_only)]
    out_pos = next((i for i, a in enumerate(h.args) if a.is_write and a.kwarg_only), None)
    scalar_pos = [i for i, a in enumerate(h.args) if not a.tensor_like]

    def elementwise(*args):
        ins = [args[i] for i in tensor_pos]
        compute, out_dt, code, _ = plan.for_operands(ins)
        if scalar_pos and code < _FIRST_FLOAT:
            plan.check_scalars(compute, [args[i] for i in scalar_pos])
        if h.kind == "inplace":
            self = args[0]
            check_out_dtype(out_dt, self._dtype)
            check_inplace_shape(self, ins)
            return self
        shape = _broadcast_operands(ins)
        if out_pos is None:
            return _meta(shape, out_dt)
        out = args[out_pos]
        plan.check_out(out_dt, out._dtype)
        if out._shape != shape:
            resize_out(out, shape)
        return out

    return elementwise


def make_reduction(h, src):
    """The Meta kernel of a `reduction:` op."""
    positions = reduction_positions(h)
    out_pos = next((i for i, a in enumerate(h.args) if a.is_write), None)

    def reduction(*args):
        _, _, _, final, _, _, result_dt = reduction_plan(h, src, args, positions)
        if out_pos is None:
            return _meta(final, result_dt)
        out = args[out_pos]
        check_out_dtype(result_dt, out._dtype)
        if out._shape != final:
            resize_out(out, final)
        return out

    return reduction


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

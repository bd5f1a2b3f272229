"""The Meta backend's generic kernel of every `elementwise:` op: the CPU kernel's dtype rules
(the same ``ElementwisePlan``: promotion, the op's `dtypes:`, scalar checks) and broadcast
shape, no data. A meta result is what the CPU result would be, minus the numbers.
"""

from __future__ import annotations

from ...vocab.dtype import float16
from ...rules.kernel_rules import ElementwisePlan, check_inplace_shape, check_out_dtype, resize_out
from ...rules.shapes import core as rules
from ...tensors.tensor import Tensor

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

"""The Meta backend's generic kernel of every `reduction:` op: the CPU kernel's plan
(``reduction_plan``: reduced dims, result shape and dtype, every check), no data.
"""

from __future__ import annotations

from ...rules.kernel_rules import check_out_dtype, reduction_plan, reduction_positions, resize_out
from ...tensors.tensor import Tensor

_meta = Tensor._meta


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

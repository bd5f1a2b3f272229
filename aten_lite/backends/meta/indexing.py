"""Meta kernels of the in-place indexing ops, masked_fill_ and index_put_: the CPU kernels'
checks (the shape rules and the fill value's range), then self. Their functional forms need
no kernel here: the generic kernel of their `shape:` rule serves them (``from_shape_rules.py``).
"""

from __future__ import annotations

from ...rules.kernel_rules import scalar_for
from ...rules.shapes import data as rules
from ...tensors.tensor import Tensor

__all__ = ["masked_fill_inplace_meta", "index_put_inplace_meta"]


def masked_fill_inplace_meta(self: Tensor, mask: Tensor, value) -> Tensor:
    rules.masked_fill_inplace(self, mask, value)
    scalar_for(value, self._dtype, "masked_fill_")
    return self


def index_put_inplace_meta(self: Tensor, indices, values: Tensor, accumulate: bool = False):
    rules.index_put(self, indices, values, accumulate)
    return self

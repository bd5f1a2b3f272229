"""The CompositeImplicitAutograd kernel of constant padding (constant_pad_nd, what F.pad's
'constant' mode runs), written with narrow, cat and full: autograd records the pieces.
"""

from __future__ import annotations

from .. import creation as _creation
from ..._generated import ops as al  # the generated op functions (al.add, ...)

__all__ = ["constant_pad_nd"]


def constant_pad_nd(self, pad, value=0):
    """F.pad's constant mode: pad = (left, right) pairs from the last dim backwards; a
    negative amount crops. Built with narrow and cat, so the gradient is the input's slice."""
    pad = list(pad)
    if len(pad) % 2:
        raise RuntimeError(f"Length of pad must be even but instead it equals {len(pad)}")
    if len(pad) // 2 > self.dim():
        raise RuntimeError(f"Length of pad should be no more than twice the number of "
                           f"dimensions of the input. Pad length is {len(pad)} while the input "
                           f"has {self.dim()} dimensions.")
    out = self
    for i in range(len(pad) // 2):
        d, (left, right) = self.dim() - 1 - i, pad[2 * i:2 * i + 2]
        size = out._shape[d]
        if size + left + right < 0:
            raise RuntimeError(
                f"The input size {size}, plus negative padding {left} and {right} resulted in "
                f"a negative output size, which is invalid. Check dimension {d} of your input.")
        if left < 0 or right < 0:
            start = max(0, -left)
            out = out.narrow(d, start, size - start - max(0, -right))
        parts = [out]
        for amount, at in ((left, 0), (right, 1)):
            if amount > 0:
                shape = list(out._shape)
                shape[d] = amount
                block = _creation.full(shape, value, dtype=self._dtype, device=self.device)
                parts.insert(at * len(parts), block)
        if len(parts) > 1:
            out = al.cat(parts, d)
    return out if out is not self else self.clone()

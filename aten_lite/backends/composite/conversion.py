"""CompositeImplicitAutograd kernels of the conversions that take another tensor's dtype and
device: to(other) and type_as, through ``to``.
"""

from __future__ import annotations

__all__ = ["to_other", "type_as"]


def to_other(self, other, non_blocking=False, copy=False):
    """torch's to.other: self with other's dtype, on other's device."""
    return self.to(other.device, other.dtype, non_blocking, copy)


def type_as(self, other):
    """self with other's dtype (and device): self itself when it already has both."""
    return self.to(other.device, other.dtype)

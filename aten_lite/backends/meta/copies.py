"""Meta kernels that copy or convert: clone (keeping self's layout, as the CPU kernel), copy_,
fill_ and zero_ (checks, then self), and the dtype and device conversions of ``to`` (a meta
tensor cannot move to 'cpu': it has no data).
"""

from __future__ import annotations

from ...vocab.device import device as _device
from ...vocab.dtype import parse as _parse_dtype
from ...rules.kernel_rules import check_copy_shape, scalar_for
from ...rules.views import preserved_strides
from ...tensors.tensor import Tensor

__all__ = ["clone_meta", "copy_meta", "fill_meta", "zero_meta", "to_dtype_meta", "to_device_meta"]


def clone_meta(self: Tensor) -> Tensor:
    return Tensor._meta(self._shape, self._dtype, preserved_strides(self._shape, self._st))


def copy_meta(self: Tensor, src: Tensor, non_blocking: bool = False) -> Tensor:
    check_copy_shape(self, src)
    return self


def fill_meta(self: Tensor, value) -> Tensor:
    scalar_for(value, self._dtype)
    return self


def zero_meta(self: Tensor) -> Tensor:
    return self


def to_dtype_meta(self: Tensor, dtype, non_blocking: bool = False, copy: bool = False):
    dtype = _parse_dtype(dtype)
    if dtype is self._dtype and not copy:
        return self
    return Tensor._meta(self._shape, dtype)


def to_device_meta(self: Tensor, device, dtype=None, non_blocking: bool = False,
                   copy: bool = False) -> Tensor:
    if _device(device).type != "meta":
        raise RuntimeError(
            "cannot copy a meta tensor to 'cpu': meta tensors have no data; create the tensor "
            "on 'cpu' instead"
        )
    return to_dtype_meta(self, self._dtype if dtype is None else dtype, non_blocking, copy)

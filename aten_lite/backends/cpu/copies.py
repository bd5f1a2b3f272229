"""CPU kernels that copy or convert data without computing on it: clone (keeping self's
layout), copy_ (broadcasting src, converting any dtype), fill_, zero_, and the dtype and device
conversions of ``to``.

In-place kernels do not bump the version counter themselves: the dispatcher bumps it for every
`(a!)` argument after the kernel returns.
"""

from __future__ import annotations

import numpy as np

from ...vocab.device import device as _device
from ...vocab.dtype import parse as _parse_dtype
from ...rules.kernel_rules import (
    PARTIAL_OVERLAP, check_copy_shape, check_writable, copy_strided, overlap, scalar_for,
)
from ...rules.views import copy_with_strides, preserved_strides
from ...tensors.tensor import Tensor
from .. import devices as _devices

__all__ = ["clone_cpu", "copy_cpu", "fill_cpu", "zero_cpu", "to_dtype_cpu", "to_device_cpu"]

_wrap = Tensor._wrap


# ---- converting dtypes quietly ----


def _casting_quietly(src_kind: str, dst_kind: str):
    # NumPy warns when NaN or inf become integers; torch converts silently (the value is
    # unspecified in both), so the warning would only be noise. Kind "V" is bfloat16.
    if src_kind in "fV" and dst_kind not in "fV":
        return np.errstate(invalid="ignore", over="ignore")
    return _NO_ERRSTATE


class _NoErrstate:
    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False


_NO_ERRSTATE = _NoErrstate()


def astype_quietly(a: np.ndarray, dtype) -> np.ndarray:
    with _casting_quietly(a.dtype.kind, dtype.np.kind):
        return a.astype(dtype.np, order="C")


# ---- copies and fills ----


def clone_cpu(self: Tensor) -> Tensor:
    """A copy with self's layout (torch's preserve_format): self's strides when they are dense
    without overlap, else dense strides in the order of self's (expanded dims materialised)."""
    a = self._a
    if a.flags.c_contiguous:
        t = _wrap(np.array(a, order="C", copy=True))
        t._st = self._st  # those of size-1 dims too; None: read from the array
        return t
    return copy_with_strides(a, preserved_strides(self._shape, self._strides), self._dtype)


def copy_cpu(self: Tensor, src: Tensor, non_blocking: bool = False) -> Tensor:
    """Copy src into self, broadcasting src and converting its dtype (any conversion)."""
    check_copy_shape(self, src)
    check_writable(self)
    if (self._a.base is not None or src._a.base is not None) and \
            overlap(src._a, self._a) == "partial":
        raise RuntimeError(PARTIAL_OVERLAP)
    if src._dtype is self._dtype and copy_strided(self._a, src._a, self._dtype):
        return self  # Note [Strided copies]
    with _casting_quietly(src._a.dtype.kind, self._a.dtype.kind):
        np.copyto(self._a, src._a, casting="unsafe")
    return self


def fill_cpu(self: Tensor, value) -> Tensor:
    v = scalar_for(value, self._dtype)
    check_writable(self)
    self._a.fill(v)
    return self


def zero_cpu(self: Tensor) -> Tensor:
    check_writable(self)
    self._a.fill(0)
    return self


# ---- conversion ----


def to_dtype_cpu(self: Tensor, dtype, non_blocking: bool = False, copy: bool = False) -> Tensor:
    """self converted to `dtype`; self itself when nothing changes and copy=False."""
    dtype = _parse_dtype(dtype)
    if dtype is self._dtype and not copy:
        return self
    return _wrap(astype_quietly(self._a, dtype))


def to_device_cpu(self: Tensor, device, dtype=None, non_blocking: bool = False,
                  copy: bool = False) -> Tensor:
    target = _device(device)
    dtype = self._dtype if dtype is None else _parse_dtype(dtype)
    if target.type == "meta":
        return Tensor._meta(self._shape, dtype)
    if target.type != "cpu":  # a registered device (Note [Devices from outside])
        return _devices.from_host(astype_quietly(self._a, dtype), target)
    return to_dtype_cpu(self, dtype, non_blocking, copy)

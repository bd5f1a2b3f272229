"""``autocast``: torch's mixed-precision context manager, for the cases aten_lite can honour
(Note [Autocast on aten_lite])."""

from __future__ import annotations

import functools
import warnings

from ..vocab import dtype as _dtype

__all__ = ["autocast"]

# Note [Autocast on aten_lite]
# torch's autocast runs chosen ops (matmul, linear, conv) in a lower precision inside the
# region. What a program without a GPU gets from torch, aten_lite gives too: enabled=False is a
# no-op, and a region for CUDA (or another accelerator) without that device warns and is
# disabled, so the code computes in float32 as it would under torch. What aten_lite refuses:
# CPU autocast enabled, whose default dtype is bfloat16 (aten_lite has none) and whose float16
# mode needs per-op casting policies aten_lite does not have. A refused region raises at
# construction, naming the dtype, rather than running in float32 while claiming otherwise.

# The device types torch's autocast accepts the name of (else it raises, as here).
_DEVICE_TYPES = ("cpu", "cuda", "ipu", "xpu", "mkldnn", "opengl", "opencl", "ideep", "hip",
                 "ve", "fpga", "maia", "xla", "lazy", "vulkan", "mps", "meta", "hpu", "mtia",
                 "privateuseone")


class autocast:
    """``with al.autocast("cuda"):`` or ``@al.autocast("cpu", enabled=False)``: the region's
    ops run as outside it (Note [Autocast on aten_lite])."""

    def __init__(self, device_type: str, dtype=None, enabled: bool = True,
                 cache_enabled=None) -> None:
        if not isinstance(device_type, str):
            raise ValueError(f"Expected `device_type` of type `str`, got: `{type(device_type)}`")
        kind = device_type.split(":")[0]
        if kind not in _DEVICE_TYPES:
            raise RuntimeError(f"Expected one of {', '.join(_DEVICE_TYPES)} device type at start "
                               f"of device string: {device_type}")
        if not isinstance(enabled, bool):
            raise ValueError(f"autocast: enabled must be True or False, got {enabled!r}")
        self.device = kind
        self.fast_dtype = dtype
        self._enabled = enabled
        if enabled and kind != "cpu":
            warnings.warn(f"autocast: device type {kind!r} is not available (aten_lite runs "
                          "on the CPU only). Disabling autocast.", stacklevel=2)
            self._enabled = False
        elif enabled:
            self._refuse_cpu(dtype)
            self._enabled = False  # reached only for a dtype torch's CPU autocast disables

    @staticmethod
    def _refuse_cpu(dtype) -> None:
        if dtype is None:
            raise RuntimeError(
                "autocast('cpu') computes in bfloat16 by default, and aten_lite has no "
                "bfloat16; use autocast('cpu', enabled=False) to compute in float32 "
                "(Note [Autocast on aten_lite])")
        if dtype is _dtype.float16:
            raise RuntimeError(
                "autocast('cpu', dtype=float16) is not supported by aten_lite: it has no "
                "per-op casting policy for autocast; use enabled=False to compute in float32, "
                "or cast the model and inputs with .half() yourself")
        warnings.warn("In CPU autocast, but the target dtype is not supported. Disabling "
                      f"autocast (got {dtype}; torch's CPU autocast takes bfloat16 or "
                      "float16).", stacklevel=3)

    def __enter__(self) -> "autocast":
        return self

    def __exit__(self, *exc) -> None:
        return None

    def __call__(self, func):
        @functools.wraps(func)
        def run(*args, **kwargs):
            with self:
                return func(*args, **kwargs)

        return run

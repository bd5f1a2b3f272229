"""``al.cuda``: the CUDA device, ``device="cuda"``, on device 0 of an NVIDIA driver, its
kernels generated from the YAML expressions and compiled by NVRTC at first use (docs/CUDA.md).

Nothing here loads CUDA until the device is first asked for: ``import aten_lite`` only records
that ``"cuda"`` registers itself on first mention, as torch initialises CUDA lazily. Without a
driver or a GPU, ``is_available()`` is False and the first ``device="cuda"`` fails at once,
naming what to install; a CPU-only program written for torch (seeding, ``is_available``
checks, ``al.cuda.amp``) runs unchanged.

>>> import aten_lite as al
>>> if al.cuda.is_available():                         # doctest: +SKIP
...     x = al.arange(4.0, device="cuda")
...     (x.exp() * 2).sum().item()
"""

from __future__ import annotations

from ..opencl import LazyDevice as _LazyDevice
from ..vocab.device import DEVICE_TYPES as _DEVICE_TYPES

__all__ = ["is_available", "device_count", "get_device_name", "synchronize", "init",
           "empty_cache", "manual_seed", "manual_seed_all", "amp", "CUDAUnavailableError"]

class CUDAUnavailableError(RuntimeError, ValueError):
    """No CUDA device: no driver, no GPU. A ValueError too, as an unknown device is."""


def _register():
    from . import runtime
    return runtime.register()


def _unavailable(reason: str) -> CUDAUnavailableError:
    valid = ", ".join(repr(t) for t in _DEVICE_TYPES)
    return CUDAUnavailableError(f"device 'cuda' is not available: {reason}; "
                                f"available devices: {valid}")


_device = _LazyDevice("cuda", _register, _unavailable)  # the shape al.opencl's has too
_state = _device.state  # "backend": the registered CUDABackend; "error": why there is none


def init():
    """Register device "cuda" now (what its first mention does) and return its backend;
    CUDAUnavailableError naming what to install when there is no driver or GPU."""
    return _device.init()


def is_available() -> bool:
    """Whether a CUDA driver is installed and finds a GPU (registers "cuda" when so)."""
    return _device.is_available()


def device_count() -> int:
    """The driver's number of GPUs (aten_lite computes on the first), 0 without CUDA."""
    return init().count if is_available() else 0


def get_device_name(device=None) -> str:
    """The GPU's name ("NVIDIA H200")."""
    return init().device_name


def synchronize(device=None) -> None:
    """Wait until the device's stream has run everything queued; an error of a queued kernel
    is raised here, naming the launches since the last wait."""
    init().synchronize()


def empty_cache() -> None:
    """Return the device memory pooled for reuse to the driver (when the device exists)."""
    if "backend" in _state:
        _state["backend"].empty_cache()


def manual_seed(seed) -> None:
    """Random values of every device are drawn on the host (al.manual_seed seeds them): as
    in torch with CUDA absent, this does nothing, so a program that seeds every backend runs
    unchanged."""


def manual_seed_all(seed) -> None:
    """As ``manual_seed``."""


def _unregister() -> None:
    """Remove device "cuda" and arm its registration on first use again (for tests)."""
    _device.unregister()

from . import amp  # noqa: E402 (al.cuda.amp.GradScaler, al.cuda.amp.autocast)

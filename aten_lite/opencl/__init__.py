"""``al.opencl``: an OpenCL device, ``device="opencl"``, on any OpenCL platform pyopencl finds
(PoCL's CPU device everywhere, a GPU's driver where there is one). docs/OPENCL.md says what
runs on the device and what falls back to the CPU.

Nothing here loads OpenCL until the device is first asked for: ``import aten_lite`` only
records that ``"opencl"`` registers itself on first mention (``add_lazy_device_type``), as
torch initialises CUDA lazily. ``is_available()`` and the first ``device="opencl"`` import
pyopencl and pick the device.

>>> import aten_lite as al
>>> if al.opencl.is_available():                       # doctest: +SKIP
...     x = al.arange(4.0, device="opencl")
...     (x.exp() * 2).sum().item()
"""

from __future__ import annotations

from ..vocab.device import add_lazy_device_type as _add_lazy_device_type

__all__ = ["is_available", "device_count", "get_device_name", "synchronize", "init",
           "empty_cache", "LazyDevice"]


class LazyDevice:
    """A device type registered on its first mention (``add_lazy_device_type``), the shape
    ``al.opencl`` and ``al.cuda`` share: ``init`` registers it once (``register()``) and
    returns its backend, or raises ``unavailable(reason)`` now and at every later call;
    ``is_available`` says whether it registered; ``unregister`` removes it and arms the
    registration on first use again (for tests). ``state``: "backend" (the registered
    backend), "error" (why there is none)."""

    def __init__(self, name: str, register, unavailable=RuntimeError) -> None:
        self.name, self._register, self._unavailable = name, register, unavailable
        self.state: dict = {}
        _add_lazy_device_type(name, self.init)

    def init(self):
        if "backend" in self.state:
            return self.state["backend"]
        if "error" not in self.state:
            try:
                self.state["backend"] = self._register()
                return self.state["backend"]
            except RuntimeError as exc:
                self.state["error"] = str(exc)
        raise self._unavailable(self.state["error"])

    def is_available(self) -> bool:
        try:
            self.init()
        except RuntimeError:
            return False
        return True

    def unregister(self) -> None:
        if "backend" in self.state:
            from ..backends.devices import unregister_device
            unregister_device(self.name)
        self.state.clear()
        from ..vocab import device as _device_mod
        if self.name not in _device_mod._LAZY_TYPES:
            _add_lazy_device_type(self.name, self.init)


def _register():
    from . import runtime
    return runtime.register()


_device = LazyDevice("opencl", _register)
_state = _device.state  # "backend": the registered OpenCLBackend; "error": why there is none


def init():
    """Register device "opencl" now (what its first mention does) and return its backend;
    RuntimeError naming the reason when pyopencl or an OpenCL device is missing."""
    return _device.init()


def is_available() -> bool:
    """Whether pyopencl is installed and finds an OpenCL device (registers "opencl" when so)."""
    return _device.is_available()


def device_count() -> int:
    """1 when the device is available (aten_lite uses one OpenCL device), else 0."""
    return 1 if is_available() else 0


def get_device_name() -> str:
    """The OpenCL device's name and platform ("pthread-... on Portable Computing Language")."""
    cl_dev = init().device
    return f"{cl_dev.name.strip()} on {cl_dev.platform.name.strip()}"


def synchronize() -> None:
    """Wait until the device's queue has run everything enqueued; raises the first error a
    kernel found since the last read (docs/OPENCL.md, "Errors")."""
    init().synchronize()


def empty_cache() -> None:
    """Hand the memory pool's unused blocks back to the driver (what freed tensors left for
    the next allocation of their size; torch.cuda.empty_cache)."""
    init().empty_cache()


def _unregister() -> None:
    """Remove device "opencl" and arm its registration on first use again: for tests, which
    leave a process with the built-in devices only (docs/DEVICES.md, "Limits")."""
    _device.unregister()

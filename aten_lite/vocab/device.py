"""Devices ('cpu', 'meta') and layouts (strided, sparse_coo).

A ``meta`` tensor has a shape, dtype and strides but no data: every op runs on it through its
shape rule only, which makes it the cheap way to check shapes of a whole program.

>>> import aten_lite as al
>>> al.device("meta") == "meta", al.device("cpu")
(True, device(type='cpu'))
"""

from __future__ import annotations

__all__ = ["device", "Device", "Layout", "strided", "sparse_coo", "DEVICE_TYPES",
           "add_device_type", "add_lazy_device_type"]

# A list: a device a package registers is added in place (add_device_type).
DEVICE_TYPES: list[str] = ["cpu", "meta"]
# device type -> the function that registers it on first mention (add_lazy_device_type).
_LAZY_TYPES: dict = {}


class device:
    """A device, like ``torch.device``. ``device('cpu')`` returns the one shared instance;
    it compares equal to its name string, so ``t.device == 'cpu'`` works."""

    __slots__ = ("type",)
    _instances: dict[str, "device"] = {}

    def __new__(cls, spec: "str | device") -> "device":
        if isinstance(spec, device):
            return spec
        if not isinstance(spec, str):
            raise TypeError(f"device: expected a string such as 'cpu' or 'meta', got {spec!r}")
        # torch accepts an index ('cpu:0'); there is only one CPU, so index 0 is the CPU.
        name = spec[:-2] if spec.endswith(":0") else spec
        try:
            return cls._instances[name]
        except KeyError:
            pass
        register = _LAZY_TYPES.get(name)
        if register is not None:
            register()  # raises, naming why the device is unavailable (asked again: again)
            _LAZY_TYPES.pop(name, None)
            if name in cls._instances:
                return cls._instances[name]
        raise ValueError(_absent_device_message(spec)) from None

    @property
    def index(self) -> None:
        return None

    def __eq__(self, other) -> bool:
        if isinstance(other, device):
            return other is self
        if isinstance(other, str):
            return other == self.type or other == self.type + ":0"
        return NotImplemented

    def __hash__(self) -> int:
        # Equal to its name string, so it must hash like it.
        return hash(self.type)

    def __repr__(self) -> str:
        return f"device(type={self.type!r})"

    def __str__(self) -> str:
        return self.type

    def __reduce__(self):
        return (device, (self.type,))


# Device types torch knows that aten_lite has no backend for: a CPU-only torch program names
# them behind `if torch.cuda.is_available()`, and a request for one deserves a specific answer.
_TORCH_ONLY_DEVICES = ("cuda", "mps", "xpu", "hip", "xla", "mtia", "ipu", "hpu", "vulkan")


def _absent_device_message(spec: str) -> str:
    valid = ", ".join(repr(t) for t in DEVICE_TYPES)
    kind = spec.split(":", 1)[0]
    if kind == "cuda" and kind in DEVICE_TYPES:
        return (f"device {spec!r} is not available: aten_lite computes on one CUDA device, "
                f"'cuda' (or 'cuda:0'); available devices: {valid}")
    if kind in _TORCH_ONLY_DEVICES:
        return (f"device {spec!r} is not available: aten_lite runs on the CPU only "
                f"(al.cuda.is_available() is False); available devices: {valid}")
    return f"unknown device {spec!r}; valid: {valid}"


def _make_device(name: str) -> device:
    d = object.__new__(device)
    d.type = name
    return d


device._instances.update({name: _make_device(name) for name in DEVICE_TYPES})


def add_device_type(name: str) -> device:
    """The one instance of a device type a package registers (register_backend in
    aten_lite/backends/devices.py checks the name first)."""
    DEVICE_TYPES.append(name)
    d = device._instances[name] = _make_device(name)
    return d


def add_lazy_device_type(name: str, register) -> None:
    """Make ``register()`` run the first time device ``name`` is asked for (``device(name)``,
    ``device=name``) while no such device exists: a device whose setup is slow (a driver to
    load) is then registered on first use, not when aten_lite is imported, as torch
    initialises CUDA lazily. ``register`` registers the device or raises saying why it
    cannot."""
    if name in device._instances:
        raise ValueError(f"add_lazy_device_type: device {name!r} exists already")
    _LAZY_TYPES[name] = register


Device = device  # the class, under the name the rest of the runtime uses for annotations
cpu = device._instances["cpu"]
meta = device._instances["meta"]


class Layout:
    """How a tensor's elements are stored: ``strided`` (dense, with strides) or
    ``sparse_coo`` (indices and values)."""

    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = name

    def __repr__(self) -> str:
        return f"aten_lite.{self.name}"

    def __reduce__(self):
        return (_layout_by_name, (self.name,))


strided = Layout("strided")
sparse_coo = Layout("sparse_coo")
LAYOUTS: tuple[Layout, ...] = (strided, sparse_coo)


def _layout_by_name(name: str) -> Layout:
    for layout in LAYOUTS:
        if layout.name == name:
            return layout
    valid = ", ".join(x.name for x in LAYOUTS)
    raise ValueError(f"unknown layout {name!r}; valid: {valid}")

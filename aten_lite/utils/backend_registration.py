"""Registering a backend, as torch.utils.backend_registration does for torch's PrivateUse1
key, with the function and record aten_lite's own CPU, Meta and SparseCPU backends register
with (Note [Backend records] in aten_lite/backends/records.py; Note [Devices from outside] in
aten_lite/backends/devices.py; docs/DEVICES.md walks through an example).

>>> import numpy as np
>>> from aten_lite.utils.backend_registration import (DeviceBackend, register_backend,
...                                                   registered_backends, unregister_backend)
>>> class Arena(DeviceBackend):
...     name = "doctest_arena"
...     def alloc(self, nbytes): return np.empty(nbytes, np.uint8)
...     def copy_in(self, store, at, data): store[at:at + data.size] = data
...     def copy_out(self, store, at, n): return store[at:at + n].copy()
>>> key = register_backend(Arena())
>>> backends = registered_backends()          # key -> record, the built-ins first
>>> list(backends)[:3], backends["Doctest_arena"].name
(['CPU', 'Meta', 'SparseCPU'], 'doctest_arena')
>>> import aten_lite as al
>>> x = al.arange(6.0, device="doctest_arena").reshape(2, 3)   # a view: shares the arena
>>> x.t().cpu()
tensor([[0., 3.],
        [1., 4.],
        [2., 5.]])
>>> unregister_backend("doctest_arena")
"""

from __future__ import annotations

from ..backends import Backend
from ..backends.devices import (DeviceBackend, backend_of, copy_into, cpu_fallback,
                                from_host, make_tensor, register_backend, register_device,
                                registered_backends, to_host, unregister_backend,
                                unregister_device, write_host)
from .. import library as _library

__all__ = ["Backend", "DeviceBackend", "register_backend", "register_device",
           "registered_backends", "unregister_backend", "unregister_device", "impl",
           "make_tensor", "store_of", "backend_of", "to_host", "from_host", "write_host",
           "copy_into", "cpu_fallback"]


def impl(op: str, device: str, fn=None):
    """Register ``fn`` as the kernel of ``op`` on the registered device ``device`` (a
    decorator without ``fn``): ``al.library.impl`` with the device's dispatch key."""
    from ..vocab.dispatch_keys import DEVICE_KEYS
    if device not in DEVICE_KEYS or device in ("cpu", "meta"):
        registered = ", ".join(d for d in DEVICE_KEYS if d not in ("cpu", "meta")) or "none"
        raise ValueError(f"impl: {device!r} is not a registered device (registered: "
                         f"{registered}); register_backend() it first (for cpu and meta: "
                         "al.library.impl)")
    return _library.impl(op, str(DEVICE_KEYS[device]), fn)


def store_of(t):
    """The device's memory object behind ``t`` (shared by its views); ``t.shape``,
    ``t.stride()`` and ``t.storage_offset()`` place its elements in it."""
    if t._store is None:
        raise ValueError(f"store_of: the tensor is on {t.device.type!r}, not on a registered "
                         "device")
    return t._store

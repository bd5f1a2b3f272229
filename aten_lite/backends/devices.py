"""Registering backends: the one function every backend goes through (``register_backend``,
Note [Backend records] in backends/records.py), and what a device registered from outside
aten_lite gets (``al.utils.backend_registration``).

Note [Devices from outside]
A package adds a device by handing ``register_backend`` (``register_device`` is the same
function) a ``Backend`` record, usually a subclass (``DeviceBackend`` is the same class): its
name (what ``device="mydev"`` says), its memory (``alloc``, ``copy_in``, ``copy_out``,
optionally ``copy`` between two blocks of its own), and ``synchronize``. The install step
registers CPU, Meta and SparseCPU with the same function, from their packages' records;
``registered_backends()`` lists them all. Registering a device of its own makes the device
type (``al.device("mydev")``) and its dispatch key (one instance, placed in every table of
``vocab/dispatch_keys.py``, so level 1 dispatch sends the device's tensors to it as it sends
CPU tensors to CPU kernels), and gives every op a kernel for that key (``_fallback``):

  * a kernel the package registered for the op with ``impl`` (``al.library.impl`` on the
    key), which receives and returns the device's tensors;
  * else a generic kernel of the record's factories (``make_elementwise``, ...), made when
    the device registers, as CPU's are;
  * else the kernel the backend makes for the op (``op_kernel``: a device that generates
    kernels from the YAML makes them for an op library loaded after it registered);
  * else, for a view op (its schema returns ``Tensor(a)``), the view: the op's Meta kernel
    computes the geometry on a data-less twin and the result shares the input's memory, so
    views, reshapes and transposes work on every device without a line of its code;
  * else, for an in-place or ``out=`` form whose functional op has the device's kernel, that
    kernel and a copy into the destination (``copy_`` of the device, else through the host);
  * else, when the backend asks for it (``cpu_fallback = True``), the CPU kernel on copies of
    the arguments, the results copied back (what torch offers such devices as a fallback:
    slow, every call moves data, but every op works);
  * else the miss: ``al.exp: no kernel for device 'mydev', layout 'strided'; registered:
    CPU, Meta; give it one with al.utils.backend_registration.impl('exp', 'mydev', fn), or
    set cpu_fallback = True on the backend``.

Composite ops need nothing: they are made of other ops, which dispatch to the device.
Autograd needs nothing either: the Autograd kernel records and calls below it, and the
formulas are ops. Factories (``al.zeros(3, device="mydev")``) and ``.to("mydev")`` make the
values on the host and copy them in; ``.cpu()``, ``item()``, ``tolist()`` and ``print`` copy
them out, and ``.numpy()`` refuses, as torch does for a GPU tensor.

A device tensor is a ``Tensor`` whose ``_a`` is None (no NumPy array holds its data, as for
meta) and whose ``_store`` is the device's memory object; its shape, strides and offset (in
elements) place it in that memory, and views share the object.
"""

from __future__ import annotations

import re

import numpy as np

from ..dispatch import dispatcher as _dispatch
from ..tensors.tensor import Tensor, set_device_reader
from ..vocab import device as _device_mod
from ..vocab import dtype as _dtype
from ..vocab.dispatch_keys import (CPU, DEVICE_KEYS, KEY_PLACES, META, SPARSE_CPU,
                                   add_device_key)
from .. import backends as _backends
from .records import Backend

__all__ = ["Backend", "DeviceBackend", "register_backend", "register_device",
           "registered_backends", "unregister_backend", "unregister_device", "backend_of",
           "make_tensor", "to_host", "from_host", "write_host", "is_registered", "copy_into",
           "cpu_fallback"]

# A device of its own (its tensors hold ``_store``): device type -> its Backend record.
_BACKENDS: dict = {}
_NAME_RE = re.compile(r"[a-z][a-z0-9_]*")
# The built-in keys, whose records the install step registers (Note [Backend records]).
_BUILT_IN = (CPU, META, SPARSE_CPU)
_LAYOUTS = ("strided", "sparse_coo")

# What a device package subclasses: the record of every backend (Note [Backend records]).
DeviceBackend = Backend


def register_backend(backend: Backend):
    """Register ``backend``'s record (Note [Backend records]) and return its dispatch key:
    every op's table gets the key's kernels (the YAML's `dispatch:` names in its ``kernels``,
    else the generic kernels of its factories). The install step registers CPU, Meta and
    SparseCPU so; a device of its own (any other name) also gets its device type, a new key,
    and a kernel of that key for every op (Note [Devices from outside])."""
    if not isinstance(backend, Backend):
        raise TypeError(f"register_backend: expected a Backend (DeviceBackend), got "
                        f"{type(backend).__name__}")
    name = backend.name
    if not isinstance(name, str) or not _NAME_RE.fullmatch(name):
        raise ValueError(f"register_backend: the device name must be lower-case letters, "
                         f"digits and '_', starting with a letter; got {name!r}")
    if backend.layout not in _LAYOUTS:
        raise ValueError(f"register_backend: unknown layout {backend.layout!r}; valid: "
                         f"{', '.join(_LAYOUTS)}")
    spelling = backend.key or name[0].upper() + name[1:]
    if not isinstance(spelling, str):
        raise TypeError(f"register_backend: key must be a str, got {type(spelling).__name__}")
    built_in = next((k for k in _BUILT_IN if str(k) == spelling), None)
    if built_in in _backends.REGISTERED:
        raise ValueError(f"register_backend: backend {spelling!r} is registered already "
                         f"(registered: {', '.join(_backends.REGISTERED)})")
    if built_in is not None:
        if KEY_PLACES[built_in] != (name, backend.layout):
            device, layout = KEY_PLACES[built_in]
            raise ValueError(f"register_backend: {spelling} is the key of device {device!r}, "
                             f"layout {layout!r}; got device {name!r}, layout "
                             f"{backend.layout!r}")
        key = built_in
    else:
        key = _add_device(backend, name, spelling)
    backend.key = key
    _backends.REGISTERED[key] = backend
    hint = backend.miss_hint
    if hint is None and built_in is None:
        hint = _impl_hint(name)
    if hint is not None:
        _dispatch.set_miss_hint(key, hint)
    handles = _dispatch.handles()
    _backends.build_key(handles, key, backend)
    if built_in is not None:
        for h in handles.values():
            h.rebuild_table()
        return key
    _dispatch.set_fallback(key, _fallback)  # rebuilds every table
    h = _dispatch.handle("to.device")
    h.stacks.setdefault(key, []).append((_to_device_from, f"{key}: to.device via the host"))
    h.rebuild_table()
    return key


# What a package that adds a device calls: the same function (Note [Devices from outside]).
register_device = register_backend


def _add_device(backend: Backend, name: str, spelling: str):
    """The device type and new dispatch key of a device registered from outside."""
    # "cuda" is aten_lite's own device (aten_lite/cuda/: its CUDABackend and subclasses of
    # it), the other names torch's
    ours = any(c.__module__ == "aten_lite.cuda.runtime" for c in type(backend).__mro__)
    reserved = ("mps", "xpu") if ours else ("cuda", "mps", "xpu")
    if name in _device_mod.DEVICE_TYPES or name in reserved:
        raise ValueError(f"register_backend: device {name!r} exists already (devices: "
                         f"{', '.join(_device_mod.DEVICE_TYPES)}); pick another name")
    if backend.layout != "strided":
        raise ValueError(f"register_backend: a device of its own holds strided tensors only; "
                         f"got layout {backend.layout!r}")
    if backend.kernels:
        raise ValueError(f"register_backend: {name}: `kernels` holds what the YAML's "
                         "`dispatch:` entries name, and they name only CPU, Meta and "
                         "SparseCPU; give the device's kernels with impl(op, device, fn), or "
                         "make them in op_kernel or make_elementwise")
    key = add_device_key(spelling, name)
    _device_mod.add_device_type(name)
    _BACKENDS[name] = backend
    return key


def _impl_hint(device: str):
    def hint(h) -> str:
        return (f"give it one with al.utils.backend_registration.impl({h.name!r}, "
                f"{device!r}, fn), or set cpu_fallback = True on the backend")
    return hint


def registered_backends() -> dict:
    """The registered backends, in registration order: key spelling -> its ``Backend``
    record ('CPU', 'Meta', 'SparseCPU', then the devices packages registered)."""
    return {str(key): backend for key, backend in _backends.REGISTERED.items()}


def unregister_backend(which) -> None:
    """Remove a backend a package registered (``which``: its record, its device name or its
    key's spelling): its device type, its key from every table, its kernels. For tests, which
    register devices of their own and must leave the process as they found it; tensors still
    on the device are left without one. The built-in backends stay."""
    record = next((b for k, b in _backends.REGISTERED.items()
                   if which is b or isinstance(which, str) and which in (str(k), b.name)), None)
    if record is None or record.key in _BUILT_IN:
        what = "aten_lite's own backend, which stays registered" if record is not None else \
            "not a registered backend"
        others = [str(k) for k in _backends.REGISTERED if k not in _BUILT_IN]
        raise ValueError(f"unregister_backend: {which!r} is {what} (registered from outside: "
                         f"{', '.join(others) or 'none'})")
    name, key = record.name, record.key
    from ..vocab import dispatch_keys as _keys
    del _keys.DEVICE_KEYS[name]
    for table in (_keys.BACKEND_KEYS, _keys.KEYS, _keys.PRIORITY):
        table.remove(key)
    del _keys.KEY_PLACES[key], _keys._BY_SPELLING[str(key)]
    _device_mod.DEVICE_TYPES.remove(name)
    del _device_mod.device._instances[name], _BACKENDS[name], _backends.REGISTERED[key]
    _dispatch._FALLBACKS.pop(key, None)
    _dispatch._MISS_HINTS.pop(key, None)
    for h in _dispatch.handles().values():
        h.stacks.pop(key, None)
        h.table.pop(key, None)
        h.kernel_names.pop(key, None)


# What tests that registered a device call: the same function.
unregister_device = unregister_backend


def is_registered(device_type: str) -> bool:
    return device_type in _BACKENDS


def backend_of(t: Tensor) -> DeviceBackend:
    """The backend of the device ``t`` lives on."""
    try:
        return _BACKENDS[t._device.type]
    except KeyError:
        raise ValueError(f"tensor on {t._device.type!r} is not on a registered device "
                         f"(registered: {', '.join(_BACKENDS) or 'none'})") from None


def make_tensor(store, shape, dtype, device, strides=None, offset: int = 0,
                base: Tensor | None = None) -> Tensor:
    """A tensor of the registered device ``device`` over the memory object ``store``
    (elements from ``offset``, contiguous unless ``strides`` are given)."""
    dev = _device_mod.device(device)
    if dev.type not in _BACKENDS:
        raise ValueError(f"make_tensor: device {dev.type!r} is not a registered device "
                         f"(registered: {', '.join(_BACKENDS) or 'none'})")
    return Tensor._on_device(store, shape, _dtype.parse(dtype), dev, DEVICE_KEYS[dev.type],
                             strides, offset, base)


# ---- moving values between the host and a device ----

def _span(t: Tensor) -> tuple[int, int]:
    """(first element, number of elements) of the storage range t's elements lie in."""
    hi = t._offset
    for n, s in zip(t._shape, t._st):
        if n == 0:
            return t._offset, 0
        hi += (n - 1) * s
    return t._offset, hi - t._offset + 1


def to_host(t: Tensor) -> np.ndarray:
    """A new C-contiguous NumPy array of t's values (one copy out of the device)."""
    backend = backend_of(t)
    backend.synchronize()
    first, count = _span(t)
    np_dtype = t._dtype.np
    if count == 0:
        return np.empty(t._shape, dtype=np_dtype)
    size = np_dtype.itemsize
    raw = backend.copy_out(t._store, first * size, count * size)
    flat = np.frombuffer(np.ascontiguousarray(raw, dtype=np.uint8), dtype=np_dtype)
    view = np.lib.stride_tricks.as_strided(flat, t._shape, [s * size for s in t._st])
    return np.array(view, order="C")


def from_host(a: np.ndarray, device) -> Tensor:
    """A new contiguous tensor on ``device`` holding ``a``'s values (one copy in)."""
    dev = _device_mod.device(device)
    backend = _BACKENDS[dev.type]
    a = np.asarray(a, order="C")  # (not ascontiguousarray, which makes a 0-d array 1-d)
    store = backend.alloc(max(a.nbytes, 1))
    if a.nbytes:
        backend.copy_in(store, 0, a.reshape(-1).view(np.uint8))
    return make_tensor(store, a.shape, _dtype.from_numpy(a.dtype), dev)


def write_host(t: Tensor, a: np.ndarray) -> None:
    """Write the values of ``a`` (broadcast to t's shape, cast to its dtype) into t's
    elements on the device: one copy in when t is contiguous, else a read, a change and a
    write of the range its elements span."""
    backend = backend_of(t)
    np_dtype = t._dtype.np
    values = np.broadcast_to(np.asarray(a).astype(np_dtype, copy=False), t._shape)
    first, count = _span(t)
    if count == 0:
        return
    size = np_dtype.itemsize
    if t.is_contiguous():
        backend.copy_in(t._store, first * size,
                        np.ascontiguousarray(values).reshape(-1).view(np.uint8))
        return
    raw = np.array(backend.copy_out(t._store, first * size, count * size), dtype=np.uint8)
    flat = raw.view(np_dtype)
    np.lib.stride_tricks.as_strided(flat, t._shape, [s * size for s in t._st])[...] = values
    backend.copy_in(t._store, first * size, raw)


def copy_into(dest: Tensor, src: Tensor) -> None:
    """dest's elements := src's (same shape): within one device when both are contiguous of
    one dtype (the device's ``copy``), else through the host."""
    if dest._shape != src._shape:
        raise RuntimeError(f"copy_into: shapes differ, {list(dest._shape)} and "
                           f"{list(src._shape)}")
    if src._store is not None and src._device is dest._device and src._dtype is dest._dtype \
            and dest.is_contiguous() and src.is_contiguous():
        size = dest._dtype.itemsize
        n = dest.numel()
        if n:
            backend_of(dest).copy(dest._store, dest._offset * size, src._store,
                                  src._offset * size, n * size)
        return
    write_host(dest, to_host(src) if src._store is not None else np.asarray(src._a))


set_device_reader(to_host)


# ---- the kernels every registered device gets (Note [Devices from outside]) ----

def _to_device_from(self: Tensor, device, dtype=None, non_blocking: bool = False,
                    copy: bool = False) -> Tensor:
    """``.to(device)`` of a registered device's tensor: to the host, to meta, or through the
    host to another device; itself when nothing changes and copy=False."""
    target = _device_mod.device(device)
    dtype = self._dtype if dtype is None else _dtype.parse(dtype)
    if target is self._device and dtype is self._dtype and not copy:
        return self
    if target.type == "meta":
        return Tensor._meta(self._shape, dtype)
    values = to_host(self)
    if dtype is not self._dtype:
        values = values.astype(dtype.np)
    if target.type == "cpu":
        return Tensor._wrap(values)
    return from_host(values, target)


_VIEW_RETURN = re.compile(r"->\s*\(?\s*Tensor\((\w)\)(?!!)")


def _aliased_arg(h) -> int | None:
    """The position of the argument a view op's result aliases (its schema returns
    ``Tensor(a)`` and takes ``Tensor(a) self``), else None."""
    m = _VIEW_RETURN.search(h.schema)
    if m is None or h.kind != "functional":
        return None
    letter = m.group(1)
    for i, a in enumerate(h.args):
        if re.search(rf"Tensor\({letter}( -> \*)?\)\s+{a.name}\b", h.schema):
            return i
    return None


def _meta_twin(x):
    if isinstance(x, Tensor) and x._store is not None:
        return Tensor._meta(x._shape, x._dtype, x._st, offset=x._offset)
    if isinstance(x, (list, tuple)):
        return type(x)(_meta_twin(y) for y in x)
    return x


def _fallback(h, key):
    """(kernel, name) for op ``h`` on the registered device of ``key`` when no kernel of the
    device's own is registered for it (Note [Devices from outside])."""
    backend = _BACKENDS[KEY_PLACES[key][0]]
    made = backend.op_kernel(h.name)
    if made is not None:
        return made, f"{key}: made by the {backend.name} backend"
    alias = _aliased_arg(h)
    miss = _dispatch.miss_kernel(h, key)
    if alias is not None and h.stacks.get(META):
        otherwise = _cpu_fallback_kernel(h) if backend.cpu_fallback else miss
        return _view_kernel(h, alias, otherwise), f"{key}: view via Meta geometry"
    functional = _dispatch.handles().get(h.functional) if h.functional else None
    if h.kind in ("inplace", "out") and functional is not None:
        return _derived_kernel(h, functional, key, backend, miss), \
            f"{key}: {h.kind} via {functional.name}"
    if backend.cpu_fallback:
        return _cpu_fallback_kernel(h), f"{key}: CPU fallback"
    return miss, "(none)"


def _view_kernel(h, alias: int, otherwise):
    """The view from the Meta kernel's geometry. An op that returns ``Tensor(a)`` may also
    copy (``contiguous`` of a transposed tensor, ``reshape`` that cannot view): the Meta
    kernel then returns a tensor with no base, and ``otherwise`` (the device's own path)
    makes the copy."""
    meta_kernel = h.table[META]

    def view(*args):
        src = args[alias]
        twins = [_meta_twin(a) for a in args]
        result = meta_kernel(*twins)
        base = src._base if src._base is not None else src
        twin = twins[alias]
        results = result if isinstance(result, (tuple, list)) else (result,)
        if any(r is not twin and r._base is None for r in results):
            return otherwise(*args)

        def on_device(r):
            if r is twin:
                return src
            return Tensor._on_device(src._store, r._shape, r._dtype, src._device, src._key,
                                     r._st, r._offset, base)
        if isinstance(result, (tuple, list)):
            return type(result)(on_device(r) for r in result)
        return on_device(result)

    return view


def _has_own_kernel(h, key) -> bool:
    return bool(h.stacks.get(key))


def _derived_kernel(h, functional, key, backend, miss):
    """The in-place or out= form from the functional op's device kernel and a copy into the
    destination; the CPU fallback or the miss when the functional op has no device kernel."""
    fallback = _cpu_fallback_kernel(h) if backend.cpu_fallback else miss

    def derived(*args):
        if not _has_own_kernel(functional, key):
            return fallback(*args)
        if h.kind == "inplace":
            dests, inputs = (args[0],), args
        else:
            dests = tuple(args[i] for i in h.write_pos)
            inputs = tuple(a for i, a in enumerate(args) if i not in h.write_pos)
        result = functional.table[key](*inputs)
        results = result if isinstance(result, tuple) else (result,)
        for dest, res in zip(dests, results):
            if dest._shape != res._shape:
                if h.kind == "inplace":
                    raise RuntimeError(f"output with shape {list(dest._shape)} doesn't match "
                                       f"the broadcast shape {list(res._shape)}")
                _resize(dest, res._shape)
            copy_into(dest, res)
        return dests[0] if len(dests) == 1 else dests

    return derived


def _resize(t: Tensor, shape) -> None:
    """out= of another shape: t gets fresh contiguous memory of that shape, as torch resizes."""
    fresh = from_host(np.empty(shape, dtype=t._dtype.np), t._device)
    t._store, t._shape, t._st, t._offset = fresh._store, fresh._shape, fresh._st, 0


def _to_cpu(x):
    if isinstance(x, Tensor) and x._store is not None:
        t = Tensor._wrap(to_host(x))
        return t
    if isinstance(x, (list, tuple)):
        return type(x)(_to_cpu(y) for y in x)
    return x


def _cpu_fallback_kernel(h):
    """The CPU kernel on host copies of the arguments; results back on the device, and
    what the op wrote (in-place self, out=) written back into the device's tensors."""
    from ..vocab.dispatch_keys import CPU

    def fallback(*args):
        device = next(_find_device(args))
        host = [_to_cpu(a) for a in args]
        result = h.table[CPU](*host)
        for i in h.write_pos:
            if args[i] is not None:
                written = host[i]
                if args[i]._shape != written._shape:
                    _resize(args[i], written._shape)
                write_host(args[i], written._a)
        if h.write_pos:
            dests = tuple(args[i] for i in h.write_pos)
            return dests[0] if len(dests) == 1 else dests
        return _to_device(result, device)

    return fallback


def cpu_fallback(op: str):
    """The CPU fallback kernel of ``op`` ('add.Tensor'): what a device's own kernel calls for
    the cases it does not handle (other dtypes, Python numbers), whether or not the backend
    falls back for ops it has no kernel for at all."""
    return _cpu_fallback_kernel(_dispatch.handle(op))


def _find_device(args):
    for a in args:
        if isinstance(a, Tensor) and a._store is not None:
            yield a._device
        elif isinstance(a, (list, tuple)):
            yield from _find_device(a)


def _to_device(x, device):
    if isinstance(x, Tensor):
        if x.is_sparse:
            raise NotImplementedError(f"a sparse result cannot live on device {device.type!r}")
        return from_host(x._a, device) if x._a is not None else x
    if isinstance(x, (list, tuple)):
        return type(x)(_to_device(y, device) for y in x)
    return x

"""Devices that packages register from outside aten_lite (``al.utils.backend_registration``).

Note [Devices from outside]
A package adds a device by handing ``register_device`` a ``DeviceBackend``: its name (what
``device="mydev"`` says), its memory (``alloc``, ``copy_in``, ``copy_out``, optionally
``copy`` between two blocks of its own), and ``synchronize``. Registering makes the device
type (``al.device("mydev")``) and its dispatch key (one instance, placed in every table of
``vocab/dispatch_keys.py``, so level 1 dispatch sends the device's tensors to it as it sends
CPU tensors to CPU kernels), and gives every op a kernel for that key (``_fallback``):

  * a kernel the package registered for the op with ``impl`` (``al.library.impl`` on the
    key), which receives and returns the device's tensors;
  * else, for a view op (its schema returns ``Tensor(a)``), the view: the op's Meta kernel
    computes the geometry on a data-less twin and the result shares the input's memory, so
    views, reshapes and transposes work on every device without a line of its code;
  * else, for an in-place or ``out=`` form whose functional op has the device's kernel, that
    kernel and a copy into the destination (``copy_`` of the device, else through the host);
  * else, when the backend asks for it (``cpu_fallback = True``), the CPU kernel on copies of
    the arguments, the results copied back (what torch offers such devices as a fallback:
    slow, every call moves data, but every op works);
  * else the miss: ``al.exp: no kernel for device 'mydev', layout 'strided'; registered:
    CPU, Meta``.

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
from ..vocab.dispatch_keys import DEVICE_KEYS, KEY_PLACES, META, add_device_key

__all__ = ["DeviceBackend", "register_device", "backend_of", "make_tensor", "to_host",
           "from_host", "write_host", "is_registered", "copy_into", "cpu_fallback",
           "unregister_device"]

# device type name -> its DeviceBackend
_BACKENDS: dict = {}
_NAME_RE = re.compile(r"[a-z][a-z0-9_]*")


class DeviceBackend:
    """A device's memory and queue, subclassed by the package that adds the device. ``name``
    is the device type; ``key`` the dispatch key's spelling (default: the name capitalised).

    ``alloc(nbytes)`` returns the device's object for a block of ``nbytes`` bytes (its
    values unspecified); ``copy_in(store, byte_offset, data)`` writes the bytes of the
    C-contiguous uint8 array ``data`` there; ``copy_out(store, byte_offset, nbytes)`` returns
    those bytes as a uint8 NumPy array. ``copy(dst, dst_offset, src, src_offset, nbytes)``
    copies within the device (default: through the host); ``synchronize()`` waits for queued
    work (default: nothing queued). ``cpu_fallback = True`` runs ops the device has no kernel
    for on the CPU (Note [Devices from outside])."""

    name: str = ""
    key: str | None = None
    cpu_fallback: bool = False

    def alloc(self, nbytes: int):
        raise NotImplementedError(f"{type(self).__name__}.alloc: a device backend must "
                                  "allocate its memory")

    def copy_in(self, store, byte_offset: int, data: np.ndarray) -> None:
        raise NotImplementedError(f"{type(self).__name__}.copy_in: a device backend must copy "
                                  "host bytes in")

    def copy_out(self, store, byte_offset: int, nbytes: int) -> np.ndarray:
        raise NotImplementedError(f"{type(self).__name__}.copy_out: a device backend must copy "
                                  "its bytes out")

    def copy(self, dst, dst_offset: int, src, src_offset: int, nbytes: int) -> None:
        self.copy_in(dst, dst_offset, self.copy_out(src, src_offset, nbytes))

    def synchronize(self) -> None:
        return None


def register_device(backend: DeviceBackend):
    """Add ``backend``'s device: its device type, its dispatch key (returned), and a kernel
    of that key for every op (Note [Devices from outside])."""
    if not isinstance(backend, DeviceBackend):
        raise TypeError(f"register_device: expected a DeviceBackend, got "
                        f"{type(backend).__name__}")
    name = backend.name
    if not isinstance(name, str) or not _NAME_RE.fullmatch(name):
        raise ValueError(f"register_device: the device name must be lower-case letters, digits "
                         f"and '_', starting with a letter; got {name!r}")
    # "cuda" is aten_lite's own device (aten_lite/cuda/: its CUDABackend and subclasses of
    # it), the other names torch's
    ours = any(c.__module__ == "aten_lite.cuda.runtime" for c in type(backend).__mro__)
    reserved = ("mps", "xpu") if ours else ("cuda", "mps", "xpu")
    if name in _device_mod.DEVICE_TYPES or name in reserved:
        raise ValueError(f"register_device: device {name!r} exists already (devices: "
                         f"{', '.join(_device_mod.DEVICE_TYPES)}); pick another name")
    spelling = backend.key or name[0].upper() + name[1:]
    key = add_device_key(spelling, name)
    _device_mod.add_device_type(name)
    _BACKENDS[name] = backend
    _dispatch.set_fallback(key, _fallback)
    h = _dispatch.handle("to.device")
    h.stacks.setdefault(key, []).append((_to_device_from, f"{key}: to.device via the host"))
    h.rebuild_table()
    return key


def unregister_device(name: str) -> None:
    """Remove a registered device: its type, its key from every table, its kernels. For tests,
    which register devices of their own and must leave the process as they found it; tensors
    still on the device are left without one."""
    if name not in _BACKENDS:
        raise ValueError(f"unregister_device: {name!r} is not a registered device")
    from ..vocab import dispatch_keys as _keys
    key = _keys.DEVICE_KEYS.pop(name)
    for table in (_keys.BACKEND_KEYS, _keys.KEYS, _keys.PRIORITY):
        table.remove(key)
    del _keys.KEY_PLACES[key], _keys._BY_SPELLING[str(key)]
    _device_mod.DEVICE_TYPES.remove(name)
    del _device_mod.device._instances[name], _BACKENDS[name]
    _dispatch._FALLBACKS.pop(key, None)
    for h in _dispatch.handles().values():
        h.stacks.pop(key, None)
        h.table.pop(key, None)
        h.kernel_names.pop(key, None)


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

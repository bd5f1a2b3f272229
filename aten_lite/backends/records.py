"""The record every backend registers with, built-in or added by a package outside aten_lite
(Note [Backend records]; ``register_backend`` in backends/devices.py registers it), and
``kernel_table``, how a built-in backend package gathers the kernels its record holds (Note
[One backend, one package] in backends/__init__.py)."""

from __future__ import annotations

import numpy as np

# Note [Backend records]
# A ``Backend`` is everything aten_lite knows of one backend, whoever registered it:
#   name           the device type its tensors are on ("cpu", "meta", "opencl", "pool")
#   key            the spelling of its dispatch key ("CPU", "SparseCPU", "OpenCL"; default:
#                  the name capitalised); register_backend replaces it by the key object
#   layout         its tensors' layout: "strided", or "sparse_coo" (SparseCPU)
#   kernels        the kernels the YAML's `dispatch:` entries of its key name (built-ins: the
#                  package's KERNELS; the YAML names no outside key, so {} there)
#   make_elementwise, make_reduction, make_from_rule
#                  factories of generic kernels, each ``(handle, functional handle) ->
#                  kernel`` (None where it has none; make_elementwise may return None)
#   miss_hint      ``handle -> str`` ending its "no kernel" message, or None
#   alloc, copy_in, copy_out, copy, synchronize
#                  its memory and queue: a block of nbytes, host bytes in and out, a copy
#                  within the device, waiting for queued work (Note [Devices from outside])
#   cpu_fallback, op_kernel
#                  what a device of its own (its tensors hold ``_store``) runs for an op it
#                  has no kernel for (Note [Devices from outside])
# A package subclasses it (methods take self) or fills one with keywords (functions without
# self), as the built-in packages do. The records registered so far are ``REGISTERED`` (key ->
# record, in registration order); ``registered_backends()`` is its public view.


class Backend:
    """One backend's registration record (Note [Backend records]); ``DeviceBackend`` in
    ``aten_lite.utils.backend_registration`` is this class."""

    name: str = ""
    key = None
    layout: str = "strided"
    kernels: dict = {}
    cpu_fallback: bool = False
    make_elementwise = None
    make_reduction = None
    make_from_rule = None
    miss_hint = None

    FIELDS = ("name", "key", "layout", "kernels", "cpu_fallback", "make_elementwise",
              "make_reduction", "make_from_rule", "miss_hint", "alloc", "copy_in", "copy_out",
              "copy", "synchronize", "op_kernel")

    def __init__(self, **fields):
        for field, value in fields.items():
            if field not in self.FIELDS:
                raise TypeError(f"Backend: unknown field {field!r}; the fields are "
                                f"{', '.join(self.FIELDS)}")
            setattr(self, field, value)

    def __repr__(self) -> str:
        return (f"<Backend {str(self.key or self.name)!r}: device {self.name!r}, layout "
                f"{self.layout!r}, {len(self.kernels)} named kernels>")

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

    def op_kernel(self, op: str):
        """A kernel the backend makes for ``op`` (its full name, 'myops::mish') when none was
        registered with ``impl``, or None: how a device generates kernels from the YAML for
        ops that appear after it registered (an op library loaded later). Asked once per op
        whenever the op's dispatch table is rebuilt."""
        return None


# key -> the Backend registered for it (register_backend in backends/devices.py fills it)
REGISTERED: dict = {}


def _host_alloc(nbytes: int) -> np.ndarray:
    return np.empty(nbytes, dtype=np.uint8)


def _host_copy_in(store: np.ndarray, byte_offset: int, data: np.ndarray) -> None:
    store[byte_offset:byte_offset + data.size] = data


def _host_copy_out(store: np.ndarray, byte_offset: int, nbytes: int) -> np.ndarray:
    return store[byte_offset:byte_offset + nbytes].copy()


# The memory of the host backends (CPU, SparseCPU): NumPy byte arrays.
HOST_MEMORY = dict(alloc=_host_alloc, copy_in=_host_copy_in, copy_out=_host_copy_out)


def _meta_alloc(nbytes: int) -> None:
    return None  # meta tensors hold shapes, strides and dtypes: no bytes to allocate


def _meta_copy_in(store, byte_offset: int, data: np.ndarray) -> None:
    return None  # writing to meta drops the values, as torch's meta copy_ does


def _meta_copy_out(store, byte_offset: int, nbytes: int) -> np.ndarray:
    raise RuntimeError("meta tensors have no data to copy out; make the tensor on 'cpu' to "
                       "read its values")


# The memory of the Meta backend: none.
NO_MEMORY = dict(alloc=_meta_alloc, copy_in=_meta_copy_in, copy_out=_meta_copy_out)


def kernel_table(package: str, families) -> dict:
    """The kernels of backend package ``package`` (its ``__name__``): name -> function, the
    union of the ``__all__`` of its family modules ``families``."""
    kernels: dict = {}
    owners: dict = {}
    for module in families:
        names = getattr(module, "__all__", None)
        if names is None:
            raise ImportError(f"{package}: family module {module.__name__} has no __all__; "
                              "list the kernels it registers there")
        for name in names:
            fn = getattr(module, name, None)
            if not callable(fn):
                raise ImportError(f"{module.__name__}.__all__ names {name!r}, which is not a "
                                  "function of that module; define it there or drop the name")
            if name in kernels:
                raise ImportError(
                    f"{package}: kernel {name!r} is registered by both {owners[name]} and "
                    f"{module.__name__}; a `dispatch:` name must mean one function: keep it "
                    "in the __all__ of one of them")
            kernels[name] = fn
            owners[name] = module.__name__
    return kernels

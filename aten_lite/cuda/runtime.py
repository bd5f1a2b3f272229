"""The CUDA device's memory, stream and compiled kernels (Note [The CUDA device]).

Note [The CUDA device]
Device 0 of the driver, its primary context (the one cuBLAS and other libraries share), and one
stream: kernels, copies and cuBLAS calls are queued on it in order and nothing waits between
them; a copy to the host waits for what precedes it, and ``synchronize`` waits for the stream.
An error of a queued kernel (an illegal address) surfaces at the next wait, so the backend keeps
the last launches since that wait (the op and the user's file:line that issued it) and names
them in the error. Memory is ``cuMemAlloc`` blocks kept in a pool by rounded size once their
tensors are gone: on one stream, a block reused by later work is ordered after its last use,
which is what makes the pool safe without events. A kernel is compiled by NVRTC for the
device's own ``sm_XX`` at its first use and kept on disk by the hash of its source, the arch,
the compiler's version and options (``<cache>/cuda/<hash>.cubin``, a private folder checked as
the fused-kernel cache is: Note [Private caches]), each file beginning with the SHA-256 of the
cubin it holds, so a truncated or foreign file is compiled again, never loaded.
"""

from __future__ import annotations

import collections
import ctypes
import hashlib
import sys
import threading

import numpy as np

from ..opencl import source as _kernel_source
from ..utils.backend_registration import DeviceBackend, register_device
from ..vocab import jit_cache as _jit_cache
from ..vocab.user_code import user_site
from . import compiler as _compiler
from . import driver as _driver

__all__ = ["CUDABackend", "register", "probe"]

_INSTALL = ("install the NVIDIA driver (it provides libcuda.so.1) on a machine with an NVIDIA "
            "GPU, and pip install 'aten_lite[cuda]' (NVRTC, the CUDA runtime and cuBLAS)")


def probe() -> tuple[object, int]:
    """(the Driver, the number of devices); RuntimeError naming what is missing."""
    drv = _driver.load_driver()
    status = drv.lib.cuInit(0)
    if status != 0:
        raise RuntimeError(f"the CUDA driver did not start ({drv.error(status, 'cuInit')})")
    n = ctypes.c_int()
    drv.call("cuDeviceGetCount", ctypes.byref(n))
    if n.value == 0:
        raise RuntimeError("the CUDA driver is installed but finds no GPU")
    return drv, n.value


class Memory:
    """A block of device memory; back to the pool when the last tensor on it is gone."""

    __slots__ = ("ptr", "size", "pool")

    def __init__(self, ptr: int, size: int, pool) -> None:
        self.ptr, self.size, self.pool = ptr, size, pool

    def __del__(self) -> None:
        pool = self.pool
        if pool is not None:
            pool.setdefault(self.size, []).append(self.ptr)


def _caller():
    """(code, line) of the user's line that issued a launch (Note [The user's frame]), formatted
    only when an error names it (``_where``)."""
    return user_site(sys._getframe(2))


def _where(caller) -> str:
    return f"{caller[0].co_filename}:{caller[1]}" if caller is not None else "?"


class CUDABackend(DeviceBackend):
    """Device "cuda" (Note [The CUDA device])."""

    name = "cuda"
    key = "CUDA"  # its dispatch key, spelled as torch spells it
    cpu_fallback = True  # ops without a CUDA kernel run on the CPU (docs/CUDA.md)

    def __init__(self, drv, count: int) -> None:
        self.drv, self.count = drv, count
        c = ctypes
        self.dev = c.c_int()
        drv.call("cuDeviceGet", c.byref(self.dev), 0)
        buf = c.create_string_buffer(256)
        drv.call("cuDeviceGetName", buf, 256, self.dev)
        self.device_name = buf.value.decode()
        self.ctx = c.c_void_p()
        drv.call("cuDevicePrimaryCtxRetain", c.byref(self.ctx), self.dev)
        drv.call("cuCtxSetCurrent", self.ctx)
        self.stream = c.c_void_p()
        drv.call("cuStreamCreate", c.byref(self.stream), 0)
        major, minor = self.attribute(_driver.COMPUTE_CAPABILITY_MAJOR), \
            self.attribute(_driver.COMPUTE_CAPABILITY_MINOR)
        self.arch = f"sm_{major}{minor}"
        self.max_group = self.attribute(_driver.MAX_THREADS_PER_BLOCK)
        self.fp64 = self.fp16 = True
        self.compiler = _compiler.find_compiler("nvrtc")
        self.cublas = _driver.load_cublas()
        if self.cublas is not None:
            self.cublas.start(self.stream)
        self._thread = threading.local()
        self._thread.current = True
        version = ctypes.c_int()
        drv.call("cuDriverGetVersion", ctypes.byref(version))
        self.driver_version = f"{version.value // 1000}.{version.value % 1000 // 10}"
        self._pool: dict = {}
        self._functions: dict = {}
        self._launches: collections.deque = collections.deque(maxlen=8)
        self.counts = dict(copies_in=0, bytes_in=0, copies_out=0, bytes_out=0, kernels=0,
                           builds=0, cache_hits=0)

    def _current(self) -> None:
        """Make the device's context current in this thread (once per thread)."""
        if not getattr(self._thread, "current", False):
            self.drv.call("cuCtxSetCurrent", self.ctx)
            self._thread.current = True

    def attribute(self, which: int) -> int:
        v = ctypes.c_int()
        self.drv.call("cuDeviceGetAttribute", ctypes.byref(v), which, self.dev)
        return v.value

    # ---- memory ----

    def alloc(self, nbytes: int) -> Memory:
        size = max(512, -(-nbytes // 512) * 512)
        free = self._pool.get(size)
        if free:
            return Memory(free.pop(), size, self._pool)
        ptr = ctypes.c_uint64()
        self._current()
        try:
            self.drv.call("cuMemAlloc_v2", ctypes.byref(ptr), size)
        except _driver.CudaError:
            self.empty_cache()
            self.drv.call("cuMemAlloc_v2", ctypes.byref(ptr), size)
        return Memory(ptr.value, size, self._pool)

    def empty_cache(self) -> int:
        """Free the pooled blocks (after the stream is done with them); the bytes freed."""
        self.synchronize()
        freed = 0
        for size, ptrs in self._pool.items():
            for p in ptrs:
                self.drv.call("cuMemFree_v2", p)
                freed += size
            ptrs.clear()
        return freed

    def copy_in(self, store, byte_offset: int, data: np.ndarray) -> None:
        # from pageable memory the call returns once the bytes are staged: data may go
        self.counts["copies_in"] += 1
        self.counts["bytes_in"] += data.size
        data = np.ascontiguousarray(data)
        self._checked("cuMemcpyHtoDAsync_v2", store.ptr + byte_offset,
                      data.ctypes.data_as(ctypes.c_void_p), data.size, self.stream)

    def copy_out(self, store, byte_offset: int, nbytes: int) -> np.ndarray:
        self.counts["copies_out"] += 1
        self.counts["bytes_out"] += nbytes
        out = np.empty(nbytes, dtype=np.uint8)
        self._checked("cuMemcpyDtoHAsync_v2", out.ctypes.data_as(ctypes.c_void_p),
                      store.ptr + byte_offset, nbytes, self.stream)
        self.synchronize()  # pageable: complete on return, but a kernel's error shows here
        return out

    def copy(self, dst, dst_offset: int, src, src_offset: int, nbytes: int) -> None:
        self._checked("cuMemcpyDtoDAsync_v2", dst.ptr + dst_offset, src.ptr + src_offset,
                      nbytes, self.stream)

    def synchronize(self) -> None:
        self._checked("cuStreamSynchronize", self.stream)
        self._launches.clear()

    def _checked(self, name: str, *args) -> None:
        """A driver call whose failure may be a queued kernel's: name the recent launches.
        The context is made current first in a thread that has not used the device yet."""
        self._current()
        status = getattr(self.drv.lib, name)(*args)
        if status != 0:
            err = self.drv.error(status, name)
            if self._launches:
                issued = "; ".join(f"{k} from {_where(where)}" for k, where in self._launches)
                err = _driver.CudaError(f"{err} (a kernel queued since the last "
                                        f"synchronization failed; the last launches: "
                                        f"{issued})", status)
            self._launches.clear()
            raise err

    # ---- kernels ----

    def function(self, source: str, name: str):
        """The loaded kernel ``name`` of ``source``: compiled by NVRTC for this device's arch
        at first use, kept in the process and on disk (Note [The CUDA device])."""
        fn = self._functions.get((source, name))
        if fn is None:
            if self.compiler is None:
                raise RuntimeError(f"device 'cuda' needs NVRTC to compile its kernels; "
                                   f"{_compiler.MISSING}")
            cubin = self._cubin(source)
            self._current()
            mod, fn = ctypes.c_void_p(), ctypes.c_void_p()
            status = self.drv.lib.cuModuleLoadData(ctypes.byref(mod), cubin)
            if status != 0:
                raise RuntimeError(f"{self.drv.error(status, 'cuModuleLoadData')}: the "
                                   f"{self.arch} kernel built by {self.compiler.name} does "
                                   f"not load on this driver (CUDA {self.driver_version}); "
                                   "install the nvidia-cuda-nvrtc wheel of the driver's major "
                                   "version")
            self.drv.call("cuModuleGetFunction", ctypes.byref(fn), mod, name.encode())
            self._functions[(source, name)] = fn
        return fn

    def _cubin(self, source: str) -> bytes:
        from .check import OPTIONS
        key = hashlib.sha256("\0".join((source, self.arch, self.compiler.name, *OPTIONS))
                             .encode()).hexdigest()[:32]
        folder = _jit_cache.cache_dir("cuda")
        private = _private_cache()
        path = folder / f"{key}.cubin"
        try:
            private.make_dir(folder, _jit_cache.cache_dir(), "aten_lite CUDA kernel cache")
            writable = True
        except OSError:
            writable = False
        if writable and path.exists():
            private.check(path, _jit_cache.cache_dir(), "aten_lite CUDA kernel cache")
            data = path.read_bytes()
            if len(data) > 32 and hashlib.sha256(data[32:]).digest() == data[:32]:
                self.counts["cache_hits"] += 1
                return data[32:]
        built = self.compiler.compile(source, self.arch, "kernel.cu", OPTIONS).cubin
        self.counts["builds"] += 1
        if writable:
            private.write_file(path, hashlib.sha256(built).digest() + built)
        return built

    def launch(self, fn, label: str, grid, block, shared: int, args) -> None:
        """Queue ``fn`` with ctypes-typed ``args`` (Memory is passed as its address)."""
        values = [ctypes.c_uint64(a.ptr) if isinstance(a, Memory) else a for a in args]
        params = (ctypes.c_void_p * len(values))(*[ctypes.addressof(v) for v in values])
        g = tuple(grid) + (1,) * (3 - len(grid))
        b = tuple(block) + (1,) * (3 - len(block))
        self.counts["kernels"] += 1
        self._launches.append((label, _caller()))
        self._checked("cuLaunchKernel", fn, *g, *b, shared, self.stream, params, None)

    # ---- fused kernels of compiled graphs (Note [Graphs on a device] in
    # compile/device_plan.py) ----

    fused_dialect = "cuda"  # the dialect of opencl/source.py its fused kernels are in
    fused_source = _kernel_source  # that generator: graph mode's device plan reads it from here

    def fused_dtypes(self) -> tuple:
        """The dtypes fused kernels compute in on this device (float16's loads and stores
        convert, its steps compute in float)."""
        return ("float32", "float64", "float16")

    def launch_fused(self, source: str, n: int, args: list) -> None:
        """Run kernel ``al_fused`` of ``source`` over ``n`` threads, 256 to a block;
        ``args``: device memory and Python ints (passed as 64-bit integers)."""
        fn = self.function(source, "al_fused")
        self.launch(fn, "fused", (-(-n // 256),), (256,), 0,
                    [ctypes.c_int64(a) if isinstance(a, int) else a for a in args])

    def stats(self) -> dict:
        return dict(self.counts, functions=len(self._functions),
                    pooled_bytes=sum(s * len(p) for s, p in self._pool.items()))


def _private_cache():
    from ..vocab.checkout import codegen_module
    return codegen_module("private_cache")


def register() -> CUDABackend:
    """Load the driver, pick device 0, register "cuda" and its kernels; RuntimeError naming
    what is missing (checked before anything is registered)."""
    try:
        drv, count = probe()
    except RuntimeError as exc:
        raise RuntimeError(f"{exc}; {_INSTALL}") from None
    backend = CUDABackend(drv, count)
    register_device(backend)
    from . import kernels
    kernels.install(backend)
    return backend

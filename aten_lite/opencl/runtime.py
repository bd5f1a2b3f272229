"""The OpenCL device's memory, queue and compiled programs (Note [The OpenCL device]).

Note [The OpenCL device]
One OpenCL context on one device (the first GPU any platform offers, else the first device:
PoCL's CPU device where nothing else is installed) and one in-order command queue: kernels and
copies run in the order they are enqueued, so no event is ever waited on between them; a copy
to the host blocks, and ``synchronize`` is ``queue.finish()``. A tensor's memory is one
``cl.Buffer`` (views share it; its elements are placed by the tensor's offset and strides, in
elements, which every kernel receives as arguments, so no kernel needs a sub-buffer).
Programs are built from source the first time a kernel is needed and kept per source text for
the life of the process, and their binaries on disk by content hash (Note [OpenCL program
cache] in program_cache.py). Memory comes from a caching pool (pyopencl's ``MemoryPool``, as
torch's CUDA caching allocator): a freed tensor's block is kept for the next allocation of its
size class, since a fresh 64 MB buffer costs PoCL more page faults than the kernel that fills
it takes (``al.opencl.empty_cache()`` hands the kept blocks back). Checks that need values
run in kernels and raise at the next read (Note [Deferred device errors] in deferred.py).
"""

from __future__ import annotations

import re

import numpy as np

from ..utils.backend_registration import DeviceBackend, register_device
from .deferred import DeferredErrors
from .program_cache import ProgramCache
from . import source
from .source import locate_unresolved

__all__ = ["OpenCLBackend", "register", "BuildError", "has_float64", "float64_refusal"]

_MISSING = ("the OpenCL device needs pyopencl and an OpenCL driver: pip install "
            "'aten_lite[opencl]' (pyopencl and pocl-binary-distribution, PoCL's CPU driver)")


# Note [Typed kernel arguments]
# ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
# pyopencl sets each argument of a launch with clSetKernelArg. Given NumPy scalars and no
# declared types, it inspects every argument at every launch: measured here, a 10-argument
# elementwise launch took 167 us on PoCL, against 15 us once the by-value arguments' types
# were declared (set_scalar_arg_dtypes; 10 us is the enqueue alone). A GPU's add of 16M
# floats takes ~60 us, so untyped launches made the OpenCL device on an H200 issue-bound at
# 29% of its copy bandwidth. The types are read off the kernel's own signature in the
# generated source, so they cannot disagree with it; a signature this parser does not
# understand leaves the kernel untyped (slower, still right).

_C_SCALARS = {"long": np.int64, "ulong": np.uint64, "int": np.int32, "uint": np.uint32,
              "short": np.int16, "ushort": np.uint16, "char": np.int8, "uchar": np.uint8,
              "float": np.float32, "double": np.float64, "half": np.float16}


def scalar_arg_dtypes(source: str, name: str) -> list | None:
    """For each parameter of ``__kernel void name(...)`` in ``source``: None for a pointer or
    ``__local`` memory, else the NumPy type of its by-value type (``T``/``S`` resolved
    through the source's typedefs); None when a parameter's type is not understood."""
    head = re.search(rf"__kernel\s+void\s+{re.escape(name)}\s*\(([^)]*)\)", source)
    if head is None:
        return None
    aliases = dict((alias, base) for base, alias in
                   re.findall(r"typedef\s+(\w+)\s+(\w+)\s*;", source))
    types = []
    for param in head.group(1).split(","):
        words = param.replace("*", " * ").split()
        if not words:
            return None
        if "*" in words or "__local" in words or "local" in words:
            types.append(None)
            continue
        words = [w for w in words if w not in ("const", "__private", "private")]
        if len(words) != 2:
            return None
        ctype = aliases.get(words[0], words[0])
        if ctype not in _C_SCALARS:
            return None
        types.append(_C_SCALARS[ctype])
    return types


class BuildError(RuntimeError):
    """An OpenCL program failed to compile; the message holds the compiler's log, whose
    locations name the YAML line of a generated expression (its ``#line``)."""


def _pick_device(cl):
    """The first GPU of any platform, else the first device of any kind."""
    try:
        platforms = cl.get_platforms()
    except cl.Error as exc:  # no ICD loader entry, no platform
        raise RuntimeError(f"no OpenCL platform found ({exc}); {_MISSING}") from None
    found = []
    for p in platforms:
        try:
            found.extend(p.get_devices())
        except cl.Error:
            continue
    if not found:
        names = ", ".join(p.name for p in platforms) or "none"
        raise RuntimeError(f"no OpenCL device found (platforms: {names}); {_MISSING}")
    gpus = [d for d in found if d.type & cl.device_type.GPU]
    return (gpus or found)[0]


def has_float64(device) -> bool:
    """Whether the OpenCL device (a pyopencl Device, or any record with its ``extensions``
    and ``double_fp_config``) computes in double precision: it lists ``cl_khr_fp64``, or its
    CL_DEVICE_DOUBLE_FP_CONFIG is not 0 (OpenCL 3.0's optional fp64)."""
    if "cl_khr_fp64" in device.extensions.split():
        return True
    try:
        return bool(device.double_fp_config)
    except Exception:  # pyopencl raises where the query is not supported: no doubles
        return False


def float64_refusal(device) -> str:
    """What a float64 kernel on ``device`` (without double precision) raises."""
    name = f"{device.name.strip()} on {device.platform.name.strip()}"
    return (f"device 'opencl' ({name}) has no double precision (no cl_khr_fp64, "
            f"CL_DEVICE_DOUBLE_FP_CONFIG 0): float64 kernels cannot run there; the float "
            f"dtypes it computes are float32 and float16: convert with x.float(), or compute "
            f"on the CPU (x.cpu())")


class OpenCLBackend(DeviceBackend):
    """Device "opencl": memory is ``cl.Buffer`` objects, copies are ``enqueue_copy`` at byte
    offsets on the one in-order queue (Note [The OpenCL device])."""

    name = "opencl"
    key = "OpenCL"  # its dispatch key
    cpu_fallback = True  # ops without an OpenCL kernel run on the CPU (docs/OPENCL.md)
    BuildError = BuildError  # what program() raises, for kernels.py (which runtime imports)

    def __init__(self, cl, device) -> None:
        self.cl = cl
        self.device = device
        self.context = cl.Context([device])
        self.queue = cl.CommandQueue(self.context)
        import pyopencl.tools as cl_tools
        self.pool = cl_tools.MemoryPool(cl_tools.ImmediateAllocator(self.queue))
        self.disk = ProgramCache(device)
        self.errors = DeferredErrors(self)
        self.fp64 = has_float64(device)
        # half arithmetic; float16 kernels need none: they store half and compute in float
        self.fp16 = "cl_khr_fp16" in device.extensions
        self.max_group = int(device.max_work_group_size)
        # OpenCL lets float32 division and sqrt be off by up to 2.5 and 3 ulp unless asked for
        # correct rounding: NVIDIA's driver divides approximately by default, which made
        # hardswish's backward (x / 3) differ from the CPU's bits on an H200. Asked for
        # wherever the device offers it (PoCL and NVIDIA do).
        try:
            exact = bool(device.single_fp_config
                         & cl.device_fp_config.CORRECTLY_ROUNDED_DIVIDE_SQRT)
        except Exception:  # the query is optional before OpenCL 1.2
            exact = False
        self.build_options = ("-cl-fp32-correctly-rounded-divide-sqrt",) if exact else ()
        self._programs: dict = {}
        self._fused: dict = {}  # fused kernel source -> its pyopencl Kernel
        self.counts = dict(copies_in=0, bytes_in=0, copies_out=0, bytes_out=0, kernels=0,
                           builds=0)

    # ---- memory ----

    def alloc(self, nbytes: int):
        return self.pool.allocate(max(nbytes, 1))

    def empty_cache(self) -> None:
        """Hand the pool's kept (unused) blocks back to the driver."""
        self.pool.free_held()

    def copy_in(self, store, byte_offset: int, data: np.ndarray) -> None:
        self.counts["copies_in"] += 1
        self.counts["bytes_in"] += data.size
        self.cl.enqueue_copy(self.queue, store, np.ascontiguousarray(data),
                             dst_offset=byte_offset, is_blocking=True)

    def copy_out(self, store, byte_offset: int, nbytes: int) -> np.ndarray:
        self.counts["copies_out"] += 1
        self.counts["bytes_out"] += nbytes
        out = np.empty(nbytes, dtype=np.uint8)
        self.cl.enqueue_copy(self.queue, out, store, src_offset=byte_offset, is_blocking=True)
        return out

    def copy(self, dst, dst_offset: int, src, src_offset: int, nbytes: int) -> None:
        self.cl.enqueue_copy(self.queue, dst, src, dst_offset=dst_offset,
                             src_offset=src_offset, byte_count=nbytes)

    def synchronize(self) -> None:
        """Wait for the queue; raise the first error a kernel flagged since the last one
        (Note [Deferred device errors])."""
        self.queue.finish()
        self.errors.check()

    # ---- programs ----

    def program(self, source: str, options: tuple[str, ...] = ()):
        """The built program of ``source`` (built once per process, its binary loaded from
        the disk cache when a process built it before); BuildError with the compiler's log
        when it does not compile."""
        key = (source, options)
        prog = self._programs.get(key)
        if prog is None:
            # generated code: warnings (x != x of an integer) are noise
            opts = ["-w", *self.build_options, *options]
            if not self.fp64:
                opts.append("-cl-single-precision-constant")  # 0.5 is a float, not a double
            prog = self._from_disk(source, opts)
            if prog is None:
                try:
                    prog = self.cl.Program(self.context, source).build(options=opts,
                                                                       cache_dir=False)
                except self.cl.RuntimeError as exc:
                    log = str(exc)
                    if ".yaml:" not in log:  # a link-time error without a location
                        log = "\n".join([*locate_unresolved(log, source), log])
                    raise BuildError(f"OpenCL build failed on {self.device.name.strip()}:\n"
                                     f"{log}") from None
                self.counts["builds"] += 1
                self.disk.store(self.disk.key(source, opts),
                                prog.get_info(self.cl.program_info.BINARIES)[0])
            self._programs[key] = prog
        return prog

    def _from_disk(self, source: str, opts: list):
        """The program from its cached binary, or None (not cached, or the driver refuses
        the binary: then it is built from source and stored again)."""
        binary = self.disk.load(self.disk.key(source, opts))
        if binary is None:
            return None
        try:
            prog = self.cl.Program(self.context, [self.device], [binary]).build(options=opts)
        except self.cl.Error:
            return None
        self.disk.hits += 1
        return prog

    def kernel(self, source: str, name: str):
        """Kernel ``name`` of ``source``'s program, its by-value arguments typed (Note [Typed
        kernel arguments])."""
        k = getattr(self.program(source), name)
        types = scalar_arg_dtypes(source, name)
        if types is not None:
            k.set_scalar_arg_dtypes(types)
        return k

    def refuse_float64(self):
        """Raise the TypeError of a float64 kernel on a device without double precision."""
        raise TypeError(float64_refusal(self.device))

    def run(self, kernel, global_size, local_size, *args) -> None:
        """Enqueue ``kernel`` (no wait: the queue is in order)."""
        self.counts["kernels"] += 1
        kernel(self.queue, global_size, local_size, *args)

    # ---- fused kernels of compiled graphs (Note [Graphs on a device] in
    # compile/device_plan.py) ----

    fused_dialect = "opencl"  # the dialect of opencl/source.py its fused kernels are in
    fused_source = source  # that generator: graph mode's device plan reads it from here

    def fused_dtypes(self) -> tuple:
        """The dtypes fused kernels compute in on this device."""
        return ("float32", "float64") if self.fp64 else ("float32",)

    def launch_fused(self, source: str, n: int, args: list) -> None:
        """Run kernel ``al_fused`` of ``source`` over ``n`` work items; ``args``: device
        buffers and Python ints (passed as 64-bit integers)."""
        kernel = self._fused.get(source)
        if kernel is None:
            kernel = self._fused[source] = self.kernel(source, "al_fused")
        self.run(kernel, (n,), None,
                 *[np.int64(a) if isinstance(a, int) else a for a in args])

    def op_kernel(self, op: str):
        """The generated kernel of an op library's ``elementwise:`` op (its expression from
        the library's fusion table), None for other ops."""
        if "::" not in op:
            return None
        from .kernels import library_kernel
        return library_kernel(op)

    def stats(self) -> dict:
        return dict(self.counts, programs=len(self._programs), disk_hits=self.disk.hits,
                    disk_stores=self.disk.stores)


def register() -> OpenCLBackend:
    """Import pyopencl, pick the device, register "opencl" and its kernels; RuntimeError
    naming what is missing."""
    try:
        import pyopencl as cl
    except ImportError:
        raise RuntimeError(f"device 'opencl' is not available: pyopencl is not installed; "
                           f"{_MISSING}") from None
    backend = OpenCLBackend(cl, _pick_device(cl))
    register_device(backend)
    from . import kernels, select_kernels
    kernels.install(backend)
    select_kernels.install()
    return backend

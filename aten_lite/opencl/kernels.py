"""The OpenCL device's own kernels, registered with ``impl`` when the device registers: every
functional ``elementwise:`` op of native_functions.yaml (its kernel generated from the YAML
expression, Note [OpenCL kernels from the YAML] in source.py), sum/mean/amax/amin, mm/bmm/
addmm, and the log_softmax/nll_loss pair cross_entropy is made of (select_kernels.py has the
copies and picks). Elementwise ops run in float and integer dtypes; a call a kernel does not
handle (mixed dtypes, a CPU tensor, a class weight, an integer division, whose divisor the CPU
checks) goes to the op's CPU fallback, so every call still works; docs/OPENCL.md lists what
runs where. The host side these share with the CUDA device (argument checks, geometry,
launches) is device_kernels.py's ``DeviceKernels``; ``OpenCLKernels`` gives it pyopencl's
arguments and launches, and the tiled matrix product and the checked nll_loss picks are
OpenCL's own.
"""

from __future__ import annotations

import numpy as np

from ..tensors.tensor import Tensor
from ..utils.backend_registration import cpu_fallback, impl
from . import source
from .device_kernels import (INTEGERS, SCRATCH, DeviceKernels, broadcast_strides,
                             is_number,
                             compute_dtype, elementwise_ops, merge, meta_result)

__all__ = ["install", "elementwise_ops", "library_kernel", "OpenCLKernels"]

DEV: "OpenCLKernels | None" = None  # the registered device's kernels (install)


class OpenCLKernels(DeviceKernels):
    """The shared host side (Note [One host side, two devices]) with pyopencl's arguments
    (NumPy scalars) and launches (work items; the scratch a ``LocalMemory`` argument)."""

    name = dialect = "opencl"
    integers = True

    def __init__(self, backend) -> None:
        super().__init__(backend)
        self._kernels: dict = {}  # (source, kernel name) -> the pyopencl Kernel
        # Work items per group of a 1-d launch: on a GPU 256, as the CUDA device's blocks, with
        # the global size rounded up (the kernels return past n). Left to the driver
        # (None), a GPU driver picks a divisor of n: for n = 129 * 65 that is a group of
        # 43 or fewer items, a fraction of a GPU's lanes. A CPU device (PoCL) picks well.
        self._widths: dict | None = {} if backend.device.type & backend.cl.device_type.GPU \
            else None

    def long(self, v):
        return np.int64(v)

    def int32(self, v):
        return np.int32(v)

    def scalar(self, v, dtype):
        t = compute_dtype(dtype).np.type
        return np.uint8(bool(v)) if t is np.bool_ else t(v)  # a bool is a uchar in kernels

    def function(self, src: str, name: str):
        k = self._kernels.get((src, name))
        if k is None:
            k = self._kernels[(src, name)] = self.B.kernel(src, name)
        return k

    def run_items(self, fn, label, n, kargs) -> None:
        if self._widths is None:
            self.B.run(fn, (n,), None, *kargs)
            return
        w = self._widths.get(fn)
        if w is None:  # at most 256, and at most what this kernel allows on the device
            info = fn.get_work_group_info(self.B.cl.kernel_work_group_info.WORK_GROUP_SIZE,
                                          self.B.device)
            w = self._widths[fn] = max(1, min(256, info))
        self.B.run(fn, (-(-n // w) * w,), (w,), *kargs)

    def run_groups(self, fn, label, groups, w, scratch, kargs) -> None:
        self.B.run(fn, (groups * w,), (w,),
                   *[self.B.cl.LocalMemory(scratch) if a is SCRATCH else a for a in kargs])

    def group(self, n: int) -> int:
        """A power-of-two work-group size for n elements: up to 256, within the device's
        limit."""
        w = 1
        while w < min(n, 256, self.B.max_group):
            w *= 2
        return min(w, self.B.max_group)

    def local(self, w: int, dtype):
        """Work-group scratch of ``w`` values of ``dtype``'s compute type."""
        return self.B.cl.LocalMemory(w * compute_dtype(dtype).itemsize)

    def nll_picks(self, x, target, ignore_index, check: bool):
        """With ``check``, a target out of range is found by the kernel and raised at the next
        read (Note [Deferred device errors]), with the CPU kernel's IndexError and message."""
        nrows, n = x._shape
        picks, counted = self.empty((nrows,), x._dtype), \
            self.empty((nrows,), compute_dtype(x._dtype))
        if nrows:
            slot = -1
            if check:
                def message(value, n=n):
                    return f"Target {value} is out of bounds for {n} classes"
                slot = self.B.errors.slot("nll_loss", IndexError, message)
            src = source.nll_loss_source(self.ctype(x._dtype))
            L = self.long
            self.B.run(self.function(src, "al_nll_pick_checked"), (nrows,), None,
                       picks._store, x._store, L(x._offset), L(n), target._store,
                       L(target._offset), L(ignore_index), counted._store, self.B.errors.buffer,
                       np.int32(slot))
        return picks, counted

    def nll_backward_launch(self, fn, nrows, n, kargs) -> None:
        self.B.run(fn, (n, nrows), None, *kargs)


def library_kernel(op: str):
    """The kernel of the op library op ``op`` ('myops::mish') from its ``elementwise:``
    expression (the library's fusion table, compile/library_entries.py), or None when it is
    not a functional elementwise op, or its library's table cannot be read (the op then takes
    the CPU fallback)."""
    from ..compile import library_entries
    try:
        entry = library_entries.library_entry(op)
    except library_entries.LibraryEntryError:
        return None
    if entry is None or not ("float32" in entry.dtypes or
                             any(d in entry.dtypes for d in INTEGERS)):
        return None
    return DEV.elementwise_kernel(op, entry)


# ---- matrix products ----

def _matmul(a: Tensor, m: Tensor, batch: int, c: Tensor | None = None, beta=0, alpha=1,
            c_strides=(0, 0, 0)) -> Tensor:
    """out (batch, M, N) = alpha * a @ m + beta * c over strided 3-d views (a 2-d operand is
    given batch stride 0 by the caller)."""
    M, K = a._shape[-2], a._shape[-1]
    N = m._shape[-1]
    d = a._dtype
    out = DEV.empty((batch, M, N), d)
    if batch * M * N == 0:
        return out

    def geometry(t):
        st = list(t._st)
        return [DEV.long(t._offset), DEV.long(st[-2]), DEV.long(st[-1]),
                DEV.long(st[0] if len(st) == 3 else 0)]

    has_c = c is not None and beta != 0
    cargs = [c._store, DEV.long(c._offset), *map(DEV.long, c_strides)] if has_c else \
        [a._store, DEV.long(0), DEV.long(0), DEV.long(0), DEV.long(0)]
    L = DEV.long
    kargs = [out._store, L(M), L(N), L(K), a._store, *geometry(a), m._store, *geometry(m),
             *cargs, np.int32(has_c), DEV.scalar(alpha, d), DEV.scalar(beta if has_c else 0, d)]
    rows, cols = source.BLOCK
    size = (-(-N // cols), -(-M // rows), batch)
    src = source.matmul_source(source.ctype(d.name), m._st[-1] == 1)
    DEV.B.run(DEV.function(src, "al_matmul"), size, None, *kargs)
    return out


def mm(self, mat2):
    if DEV.float_operands([self, mat2]) is None:
        return cpu_fallback("mm")(self, mat2)
    result = meta_result("mm", (self, mat2))
    out = _matmul(self, mat2, 1)
    return out.view(tuple(result._shape)) if out.numel() else \
        DEV.empty(result._shape, self._dtype)


def bmm(self, mat2):
    if DEV.float_operands([self, mat2]) is None:
        return cpu_fallback("bmm")(self, mat2)
    result = meta_result("bmm", (self, mat2))
    return _matmul(self, mat2, self._shape[0]).view(tuple(result._shape))


def addmm(self, mat1, mat2, beta=1, alpha=1):
    on_cpu = cpu_fallback("addmm")
    if DEV.float_operands([self, mat1, mat2]) is None or \
            not (is_number(beta) and is_number(alpha)):
        return on_cpu(self, mat1, mat2, beta=beta, alpha=alpha)
    result = meta_result("addmm", (self, mat1, mat2))
    shape = tuple(result._shape)
    cst = broadcast_strides(self, shape)
    out = _matmul(mat1, mat2, 1, self, beta, alpha, (cst[0], cst[1], 0))
    return out.view(shape)


# ---- registration ----

def install(backend) -> None:
    """Register the device's kernels (called once, when "opencl" registers)."""
    global DEV
    DEV = OpenCLKernels(backend)  # kernels of an earlier registration belong to its context
    DEV.install()
    impl("mm", "opencl", mm)
    impl("bmm", "opencl", bmm)
    impl("addmm", "opencl", addmm)

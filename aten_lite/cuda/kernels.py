"""The CUDA device's kernels, registered with ``impl`` when the device registers: every
functional ``elementwise:`` op (its CUDA source from the YAML expression, the OpenCL device's
generator in its CUDA dialect: Note [One generator, two dialects] in
aten_lite/opencl/source.py), sum/mean/amax/amin as block trees, clone, and the
log_softmax/nll_loss pair cross_entropy is made of, through the host side both devices share
(``DeviceKernels``, Note [One host side, two devices] in aten_lite/opencl/device_kernels.py:
``CUDAKernels`` gives it ctypes arguments and block launches); mm/bmm/addmm through cuBLAS.
What a kernel does not handle (an integer dtype, mixed devices, a class weight, no cuBLAS)
goes to the op's CPU fallback; docs/CUDA.md lists what runs where.
"""

from __future__ import annotations

import ctypes

from ..opencl.device_kernels import (DeviceKernels, SCRATCH, check_targets, compute_dtype,
                                     is_number, meta_result)
from ..opencl import source
from ..tensors.tensor import Tensor
from ..utils.backend_registration import cpu_fallback, impl
from ..vocab import dtype as _dtype

__all__ = ["install", "CUDAKernels"]

DEV: "CUDAKernels | None" = None  # the registered device's kernels (install)


class CUDAKernels(DeviceKernels):
    """The shared host side with the CUDA driver's arguments (ctypes) and block launches
    (256 threads for elementwise ops; the scratch is dynamic shared memory)."""

    name = dialect = "cuda"
    half_rows = False  # float16 log_softmax/nll_loss: the CPU fallback (docs/CUDA.md)
    max_parts = 1024  # a GPU wants many blocks for few outputs

    def long(self, v):
        return ctypes.c_int64(v)

    def int32(self, v):
        return ctypes.c_int32(v)

    def scalar(self, v, dtype):
        """A number in the kernel's compute type (float for float16)."""
        return ctypes.c_double(v) if dtype is _dtype.float64 else ctypes.c_float(v)

    def function(self, src: str, name: str):
        return self.B.function(src, name)

    def run_items(self, fn, label, n, kargs) -> None:
        self.B.launch(fn, label, (-(-n // 256),), (256,), 0, kargs)

    def run_groups(self, fn, label, groups, w, scratch, kargs) -> None:
        self.B.launch(fn, label, (groups,), (w,), scratch, [a for a in kargs if a is not SCRATCH])

    def group(self, n: int) -> int:
        w = 32
        while w < min(n, 256):
            w *= 2
        return w

    def nll_picks(self, x, target, ignore_index, check: bool):
        """``check``: the targets' bounds checked on the host first (a copy out, a wait)."""
        nrows, n = x._shape
        if check:
            check_targets(target, n, ignore_index)
        picks, counted = self.empty((nrows,), x._dtype), \
            self.empty((nrows,), compute_dtype(x._dtype))
        if nrows:
            src = source.nll_loss_source(self.ctype(x._dtype), "cuda")
            L = self.long
            self.B.launch(self.function(src, "al_nll_pick"), "nll_loss", (nrows,), (1,), 0,
                          [picks._store, x._store, L(x._offset), L(n), target._store,
                           L(target._offset), L(ignore_index), counted._store])
        return picks, counted

    def nll_backward_fits(self, x) -> bool:
        return x._shape[0] <= 65535  # rows are the grid's y

    def nll_backward_launch(self, fn, nrows, n, kargs) -> None:
        self.B.launch(fn, "_nll_loss_backward", (-(-n // 256), nrows), (256, 1), 0, kargs)


# ---- matrix products: cuBLAS, column-major, on row-major views ----

def _blas_view(t: Tensor):
    """(op, leading dimension) of a row-major (rows, cols) view for column-major cuBLAS, or
    None when neither it nor its transpose has unit stride."""
    rows, cols = t._shape[-2], t._shape[-1]
    s0, s1 = t._st[-2], t._st[-1]
    if s1 == 1 and s0 >= max(1, cols):
        return DEV.B.cublas.N, s0
    if s0 == 1 and s1 >= max(1, rows):
        return DEV.B.cublas.T, s1
    return None


def _gemm(a: Tensor, m: Tensor, batch: int, alpha=1.0) -> Tensor:
    """out (batch, M, N) = alpha * a @ m; row-major out is column-major out^T = m^T a^T."""
    M, K, N = a._shape[-2], a._shape[-1], m._shape[-1]
    out = DEV.empty((batch, M, N), a._dtype)
    if batch * M * N == 0:
        return out
    va, vm = _blas_view(a), _blas_view(m)
    if va is None:
        a, va = a.contiguous(), (DEV.B.cublas.N, K)
    if vm is None:
        m, vm = m.contiguous(), (DEV.B.cublas.N, N)
    size = a._dtype.itemsize
    sa = a._st[0] if a.dim() == 3 else 0
    sm = m._st[0] if m.dim() == 3 else 0
    DEV.B.cublas.gemm(a._dtype is _dtype.float64, vm[0], va[0], N, M, K, alpha,
                   m._store.ptr + m._offset * size, vm[1], a._store.ptr + a._offset * size,
                   va[1], 0.0, out._store.ptr, N, batch, sm, sa, M * N)
    return out


def _blas_ok(tensors) -> bool:
    """cuBLAS is there, the operands are float32/float64 on the device and the inner size is
    not 0 (an empty sum is the CPU's: zeros, not cuBLAS's untouched output)."""
    d = DEV.float_operands(tensors)
    return DEV.B.cublas is not None and d in (_dtype.float32, _dtype.float64) and \
        all(t.dim() >= 2 for t in tensors[-2:]) and tensors[-1]._shape[-2] != 0


def mm(self, mat2):
    if not _blas_ok([self, mat2]):
        return cpu_fallback("mm")(self, mat2)
    result = meta_result("mm", (self, mat2))
    return _gemm(self, mat2, 1).view(tuple(result._shape))


def bmm(self, mat2):
    if not _blas_ok([self, mat2]):
        return cpu_fallback("bmm")(self, mat2)
    result = meta_result("bmm", (self, mat2))
    return _gemm(self, mat2, self._shape[0]).view(tuple(result._shape))


def addmm(self, mat1, mat2, beta=1, alpha=1):
    if not _blas_ok([self, mat1, mat2]) or not (is_number(beta) and is_number(alpha)):
        return cpu_fallback("addmm")(self, mat1, mat2, beta=beta, alpha=alpha)
    result = meta_result("addmm", (self, mat1, mat2))
    prod = _gemm(mat1, mat2, 1, float(alpha)).view(tuple(result._shape))
    return prod if beta == 0 else DEV.ew["add.Tensor"](prod, self, alpha=beta)


def install(backend) -> None:
    """Register the device's kernels (once, when "cuda" registers)."""
    global DEV
    DEV = CUDAKernels(backend)
    DEV.install()
    for op, fn in (("mm", mm), ("bmm", bmm), ("addmm", addmm)):
        impl(op, "cuda", fn)

"""The CUDA driver API and cuBLAS through ctypes: just the calls the device uses (Note [The
CUDA device] in runtime.py). Loading ``libcuda.so.1`` is what decides whether a driver exists:
it comes with the NVIDIA driver, never with a wheel; NVRTC, the runtime and cuBLAS come from
the ``cuda`` extra's wheels (or a toolkit)."""

from __future__ import annotations

import ctypes
import glob
import os

from .compiler import wheel_library

__all__ = ["CudaError", "Driver", "Cublas", "load_driver", "load_cublas"]

# cuDeviceGetAttribute numbers (CUdevice_attribute)
MAX_THREADS_PER_BLOCK = 1
MULTIPROCESSOR_COUNT = 16
COMPUTE_CAPABILITY_MAJOR = 75
COMPUTE_CAPABILITY_MINOR = 76


class CudaError(RuntimeError):
    """A CUDA driver or cuBLAS call failed; ``code`` is its status."""

    def __init__(self, message: str, code: int = 0) -> None:
        super().__init__(message)
        self.code = code


def load_driver() -> "Driver":
    """The driver library, or RuntimeError when the NVIDIA driver is not installed."""
    try:
        return Driver(ctypes.CDLL("libcuda.so.1"))
    except OSError as exc:
        raise RuntimeError(f"no CUDA driver (libcuda.so.1 could not be loaded: {exc})") from None


class Driver:
    def __init__(self, lib) -> None:
        self.lib = lib
        lib.cuGetErrorName.argtypes = [ctypes.c_int, ctypes.POINTER(ctypes.c_char_p)]
        lib.cuGetErrorString.argtypes = [ctypes.c_int, ctypes.POINTER(ctypes.c_char_p)]
        u64, vp, sz = ctypes.c_uint64, ctypes.c_void_p, ctypes.c_size_t
        for name, args in {
            "cuMemAlloc_v2": [ctypes.POINTER(u64), sz], "cuMemFree_v2": [u64],
            "cuMemcpyHtoDAsync_v2": [u64, vp, sz, vp], "cuMemcpyDtoHAsync_v2": [vp, u64, sz, vp],
            "cuMemcpyDtoDAsync_v2": [u64, u64, sz, vp], "cuStreamSynchronize": [vp],
            "cuModuleLoadData": [ctypes.POINTER(vp), ctypes.c_char_p],
            "cuModuleGetFunction": [ctypes.POINTER(vp), vp, ctypes.c_char_p],
            "cuLaunchKernel": [vp, ctypes.c_uint, ctypes.c_uint, ctypes.c_uint, ctypes.c_uint,
                               ctypes.c_uint, ctypes.c_uint, ctypes.c_uint, vp,
                               ctypes.POINTER(vp), ctypes.POINTER(vp)],
        }.items():
            getattr(lib, name).argtypes = args

    def error(self, status: int, what: str) -> CudaError:
        name, text = ctypes.c_char_p(), ctypes.c_char_p()
        self.lib.cuGetErrorName(status, ctypes.byref(name))
        self.lib.cuGetErrorString(status, ctypes.byref(text))
        label = (name.value or b"CUDA_ERROR_%d" % status).decode()
        return CudaError(f"{what}: {(text.value or b'').decode()} ({label})", status)

    def call(self, name: str, *args) -> None:
        status = getattr(self.lib, name)(*args)
        if status != 0:
            raise self.error(status, name)


def load_cublas():
    """cuBLAS from the ``nvidia-cublas`` wheel or a toolkit, else None."""
    paths = [wheel_library("cublas")]
    for d in ("/usr/local/cuda/lib64", *sorted(glob.glob("/usr/local/cuda-*/lib64"))):
        paths += sorted(glob.glob(os.path.join(d, "libcublas.so*")))
    for p in paths:
        if p:
            try:
                lt = os.path.join(os.path.dirname(p), os.path.basename(p).replace(
                    "libcublas.", "libcublasLt."))
                if os.path.exists(lt):  # what libcublas links to, from the same folder
                    ctypes.CDLL(lt, mode=ctypes.RTLD_GLOBAL)
                return Cublas(ctypes.CDLL(p), p)
            except OSError:
                continue
    return None


class Cublas:
    """One cuBLAS handle on the device's stream: column-major gemm, single and batched."""

    N, T = 0, 1  # CUBLAS_OP_N, CUBLAS_OP_T

    def __init__(self, lib, path: str) -> None:
        self.lib, self.path = lib, path
        self.handle = ctypes.c_void_p()

    def start(self, stream) -> None:
        self._ok(self.lib.cublasCreate_v2(ctypes.byref(self.handle)), "cublasCreate")
        self._ok(self.lib.cublasSetStream_v2(self.handle, stream), "cublasSetStream")

    def _ok(self, status: int, what: str) -> None:
        if status != 0:
            raise CudaError(f"{what} failed with cuBLAS status {status}", status)

    def gemm(self, double: bool, ta, tb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc,
             batch=1, sa=0, sb=0, sc=0) -> None:
        """C = alpha op(A) op(B) + beta C (column-major), ``batch`` times at element strides
        sa, sb, sc. a, b, c are device addresses."""
        num = ctypes.c_double if double else ctypes.c_float
        al, be = num(alpha), num(beta)
        p = ctypes.c_uint64
        i, ll = ctypes.c_int, ctypes.c_longlong
        h = self.handle
        if batch == 1:
            fn = self.lib.cublasDgemm_v2 if double else self.lib.cublasSgemm_v2
            status = fn(h, i(ta), i(tb), i(m), i(n), i(k), ctypes.byref(al), p(a), i(lda),
                        p(b), i(ldb), ctypes.byref(be), p(c), i(ldc))
        else:
            fn = self.lib.cublasDgemmStridedBatched if double else \
                self.lib.cublasSgemmStridedBatched
            status = fn(h, i(ta), i(tb), i(m), i(n), i(k), ctypes.byref(al), p(a), i(lda),
                        ll(sa), p(b), i(ldb), ll(sb), ctypes.byref(be), p(c), i(ldc), ll(sc),
                        i(batch))
        self._ok(status, "cublas gemm")

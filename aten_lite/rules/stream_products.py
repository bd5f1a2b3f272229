"""Matrix products that can wait on the instruction stream: the small-product kernel
(aten_lite/csrc/small_gemm.cpp) where it is faster, else ``np.dot``'s own BLAS call, made by the
C++ core so that it can be queued (docs/ASYNC.md). Eager ``mm`` and graph mode's replays both
multiply through ``matmul_into``, so they choose alike and agree to the bit."""

from __future__ import annotations

import numpy as np

from ..tensors.tensor import sync_stream
from ..vocab import dtype as _dtype

__all__ = ["matmul_into", "dot_into"]


# Note [Products on the stream] in aten_lite/csrc/instruction_stream.cpp: the C++ core makes
# np.dot's own BLAS call for a product of two matrices, so the call can be queued. It needs the
# addresses of the CBLAS gemm functions of the OpenBLAS NumPy ships (scipy-openblas, 64-bit
# integers, symbols scipy_cblas_?gemm64_); a NumPy linked to another BLAS leaves them unset,
# and every product stays np.dot's.
_BLAS_STATE: list = []  # [stream_gemm or None], once looked up


def _stream_gemm():
    if _BLAS_STATE:
        return _BLAS_STATE[0]
    gemm = None
    try:
        import ctypes
        import glob
        import os

        from .. import _C  # layer 0, late: the extension may be unbuilt

        libs = os.path.join(os.path.dirname(os.path.dirname(np.__file__)), "numpy.libs")
        found = sorted(glob.glob(os.path.join(libs, "libscipy_openblas64_*.so")))
        if found:
            lib = ctypes.CDLL(found[0])  # the copy NumPy loaded: the same handle
            s = ctypes.cast(lib.scipy_cblas_sgemm64_, ctypes.c_void_p).value
            d = ctypes.cast(lib.scipy_cblas_dgemm64_, ctypes.c_void_p).value
            _C.stream_set_blas(s, d)
            gemm = _C.stream_gemm
    except (ImportError, OSError, AttributeError):
        gemm = None
    _BLAS_STATE.append(gemm)
    return gemm


# Note [Small matrix products] in aten_lite/csrc/small_gemm.cpp: up to a depth of 1024 and 2^26
# multiply-adds, and 2^28 for a row-major a of a depth up to 512, the kernel; else OpenBLAS,
# whose cache blocking wins beyond: 256 x 1024 by 1024 x 1024 took 7.5 ms against its 6.4, and
# 800 x 700 by 700 x 200 with a transposed 2.6 against 2.4, where 700 x 200 by 200 x 1000 (an
# LSTM decoder) took 3.1 against 3.4, 1024 x 512 by 512 x 512 5.9 against 6.5 and 2048 x 200
# by 200 x 800 7.0 against 7.7. One thread,
# an AVX-512 Xeon, interleaved with OpenBLAS through np.dot: a (512, 64) @ (64, 192) layer
# 0.7x its time, a (64, 512) @ (512, 256) weight gradient (a transposed) 0.92-0.99x, 20 x 200
# by 200 x 800 0.6-0.98x, 1 to 16 rows 0.75-0.9x; at 64 x 512 by 512 x 65, whose last column
# costs a whole padded vector, 1.03-1.1x.
_SMALL: list = []  # [the _gemm entry or None], once looked up
_CODES = {np.dtype(np.float32): _dtype.float32.code, np.dtype(np.float64): _dtype.float64.code}


def _small_gemm():
    if not _SMALL:
        from ..rules.kernel_rules import c_kernel

        try:
            _SMALL.append(c_kernel("_gemm"))
        except (RuntimeError, KeyError):  # an extension built without it
            _SMALL.append(None)
    return _SMALL[0]


def _small(out: np.ndarray, a: np.ndarray, b: np.ndarray) -> bool:
    """Whether the small-product kernel computed ``out = a @ b``."""
    m, k = a.shape
    code = _CODES.get(out.dtype)
    # four times the work for a row-major a of a depth up to 512 (Note [Small matrix products])
    limit = 1 << 28 if a.strides[1] == a.itemsize and k <= 512 else 1 << 26
    if code is None or k > 1024 or m * k * out.shape[1] > limit or \
            a.dtype != out.dtype or b.dtype != out.dtype:
        return False
    gemm = _SMALL[0] if _SMALL else _small_gemm()
    return gemm is not None and gemm(code, out, a, b) == 0


def dot_into(a: np.ndarray, b: np.ndarray, out: np.ndarray) -> np.ndarray:
    """``matmul_into(out, a, b)``, returning out: graph mode's replays call this."""
    matmul_into(out, a, b)
    return out


def matmul_into(out: np.ndarray, a: np.ndarray, b: np.ndarray) -> None:
    """``out = a @ b`` for two matrices (``out`` fresh and C-contiguous): the small-product
    kernel where Note [Small matrix products] says, else ``np.dot(a, b, out=out)``, the same
    bits, with the BLAS call queued on the instruction stream when async execution is on
    (Note [Products on the stream]); the cases np.dot hands elsewhere drain first."""
    if _small(out, a, b):
        return
    gemm = _BLAS_STATE[0] if _BLAS_STATE else _stream_gemm()
    if gemm is not None and gemm(out, a, b):
        return
    sync_stream()  # np.dot reads the operands' values now
    np.dot(a, b, out=out)

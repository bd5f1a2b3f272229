"""Matrix products that can wait on the instruction stream: ``np.dot``'s own BLAS call, made by
the C++ core so that it can be queued (docs/ASYNC.md)."""

from __future__ import annotations

import numpy as np

from ..tensors.tensor import sync_stream

__all__ = ["matmul_into"]


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


def matmul_into(out: np.ndarray, a: np.ndarray, b: np.ndarray) -> None:
    """``np.dot(a, b, out=out)`` for two matrices (``out`` fresh and C-contiguous), the same
    bits, with the BLAS call queued on the instruction stream when async execution is on
    (Note [Products on the stream]); the cases np.dot hands elsewhere drain first."""
    gemm = _BLAS_STATE[0] if _BLAS_STATE else _stream_gemm()
    if gemm is not None and gemm(out, a, b):
        return
    sync_stream()  # np.dot reads the operands' values now
    np.dot(a, b, out=out)

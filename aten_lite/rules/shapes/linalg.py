"""Shape rules of the LAPACK-backed linear algebra ops (Note [Shape rules] in core.py): each
checks that its input is a float32/float64 tensor of (batches of) matrices, square where the
factorisation needs it, with torch's messages, and gives the shapes of the factors.
"""

from __future__ import annotations

import numpy as np

from .core import broadcast_shapes

__all__ = ["linear", "linalg_inv", "linalg_det", "linalg_cholesky", "linalg_solve",
           "linalg_slogdet", "linalg_eigh", "linalg_svd", "linalg_qr", "first_zero_pivot"]

# torch's names of the dtypes, as its linalg messages spell them.
_TORCH_NAMES = {"bool": "Bool", "uint8": "Byte", "int8": "Char", "int16": "Short", "int32": "Int",
                "int64": "Long", "float16": "Half", "bfloat16": "BFloat16", "float32": "Float",
                "float64": "Double"}


def linear(input, weight, bias):
    """`_linear`: (*input.shape[:-1], out_features) in input's dtype."""
    if input._dtype.name not in ("float32", "float64"):
        # The binding checks `dtypes:` on an argument named self only; this op has none.
        raise NotImplementedError(f"al._linear: not implemented for '{input._dtype.name}'; "
                                  "supported: float32, float64")
    if len(input._shape) < 1 or len(weight._shape) != 2 or \
            input._shape[-1] != weight._shape[1]:
        raise RuntimeError(f"_linear: input {list(input._shape)} must be (*, in_features) and "
                           f"weight {list(weight._shape)} (out_features, in_features)")
    for name, t in (("weight", weight), ("bias", bias)):
        if t is not None and t._dtype is not input._dtype:
            raise RuntimeError(f"_linear: {name} must have input's dtype {input._dtype.name}, "
                               f"got {t._dtype.name}")
    if bias is not None and bias._shape != weight._shape[:1]:
        raise RuntimeError(f"_linear: bias must be (out_features,) = {list(weight._shape[:1])}, "
                           f"got {list(bias._shape)}")
    return input._shape[:-1] + weight._shape[:1], input._dtype


def torch_dtype_name(dtype) -> str:
    return _TORCH_NAMES.get(dtype.name, dtype.name)


def check_matrix(name: str, A, arg: str = "A") -> None:
    """A is a float32/float64 tensor with at least 2 dims (torch's three messages)."""
    if len(A._shape) < 2:
        raise RuntimeError(f"{name}: The input tensor {arg} must have at least 2 dimensions.")
    dt = A._dtype.name
    if dt in ("float16", "bfloat16"):
        raise RuntimeError(f"{name}: Low precision dtypes not supported. Got "
                           f"{torch_dtype_name(A._dtype)}")
    if dt not in ("float32", "float64"):
        raise RuntimeError(f"{name}: Expected a floating point or complex tensor as input. Got "
                           f"{torch_dtype_name(A._dtype)}")


def check_square(name: str, A, arg: str = "A") -> None:
    check_matrix(name, A, arg)
    m, n = A._shape[-2:]
    if m != n:
        raise RuntimeError(f"{name}: {arg} must be batches of square matrices, but they are "
                           f"{m} by {n} matrices")


def linalg_inv(A):
    check_square("linalg.inv", A)
    return A._shape, A._dtype


def linalg_det(A):
    check_square("linalg.det", A)
    return A._shape[:-2], A._dtype


def linalg_cholesky(A, upper: bool = False):
    check_square("linalg.cholesky", A)
    return A._shape, A._dtype


def linalg_solve(A, B):
    check_square("linalg.solve", A)
    check_matrix("linalg.solve", B, "B")
    if A._dtype is not B._dtype:
        raise RuntimeError(f"linalg.solve: Expected A and B to have the same dtype, but found "
                           f"A of type {torch_dtype_name(A._dtype)} and B of type "
                           f"{torch_dtype_name(B._dtype)} instead")
    n = A._shape[-1]
    if B._shape[-2] != n:
        raise RuntimeError(f"linalg.solve: Incompatible shapes of A and B for the equation AX = B "
                           f"({n}x{n} and {B._shape[-2]}x{B._shape[-1]})")
    batch = broadcast_shapes(A._shape[:-2], B._shape[:-2])
    return tuple(batch) + tuple(B._shape[-2:]), A._dtype


def linalg_slogdet(A):
    check_square("linalg.slogdet", A)
    return (A._shape[:-2], A._dtype), (A._shape[:-2], A._dtype)


def linalg_eigh(A, upper: bool = False):
    check_square("linalg.eigh", A)
    return (A._shape[:-1], A._dtype), (A._shape, A._dtype)


def linalg_svd(A, full_matrices: bool = True):
    check_matrix("linalg.svd", A)
    *batch, m, n = A._shape
    k = min(m, n)
    batch = tuple(batch)
    u = batch + ((m, m) if full_matrices else (m, k))
    vh = batch + ((n, n) if full_matrices else (k, n))
    return (u, A._dtype), (batch + (k,), A._dtype), (vh, A._dtype)


def linalg_qr(A, complete: bool = False):
    check_matrix("linalg.qr", A)
    *batch, m, n = A._shape
    k = m if complete else min(m, n)
    batch = tuple(batch)
    return (batch + (m, k), A._dtype), (batch + (k, n), A._dtype)


def first_zero_pivot(a: np.ndarray) -> int:
    """The 1-based index of the first exactly-zero pivot of LU with partial pivoting (LAPACK's
    getrf info), 0 when there is none. Runs only on the error path."""
    u = np.array(a, dtype=np.float64)
    n = u.shape[0]
    first = 0
    for j in range(n):
        p = j + int(np.argmax(np.abs(u[j:, j])))
        if u[p, j] == 0:
            first = first or j + 1
            continue
        u[[j, p]] = u[[p, j]]
        u[j + 1:, j:] -= np.outer(u[j + 1:, j] / u[j, j], u[j, j:])
    return first

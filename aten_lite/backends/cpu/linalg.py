"""CPU kernels of the matrix ops: the products mm, bmm and dot (NumPy, which calls the BLAS it
ships with for float32 and float64), the triangular parts tril and triu, and the LAPACK
factorisations and solves behind aten_lite.linalg (numpy.linalg, batched over leading dims),
which raise torch's messages for singular and non-positive-definite inputs.
"""

from __future__ import annotations

import math

import numpy as np

from ...vocab import trace as _trace
from ...vocab.dtype import bfloat16
from ...rules import shapes as rules
from ...tensors.tensor import Tensor, empty_array, sync_stream
from ...rules.kernel_rules import cached_c_kernel as _kernel
from ...rules.stream_products import matmul_into

__all__ = ["mm", "bmm", "dot", "linear_cpu", "tril_cpu", "triu_cpu", "linalg_inv_cpu",
           "linalg_solve_cpu", "linalg_det_cpu", "linalg_slogdet_cpu", "linalg_cholesky_cpu",
           "linalg_eigh_cpu", "linalg_svd_cpu", "linalg_qr_cpu"]

_wrap = Tensor._wrap


# ---- products ----


def _matmul_into(shape, dtype, a, b) -> Tensor:
    product = np.dot if len(shape) == 2 else np.matmul
    if len(shape) == 2 and dtype is not bfloat16:
        out = empty_array(shape, dtype)
        matmul_into(out, a._a, b._a)  # np.dot's call, queued when async execution is on
        if _trace.active is not None:
            _trace.note(dtype.name, None)
        return _wrap(out)
    sync_stream()  # NumPy reads the operands' values
    if dtype is bfloat16:
        # computed in float32 (BLAS, float32 sums) and rounded once, as torch's CPU bfloat16
        # products are: NumPy would otherwise loop over ml_dtypes' scalars
        out = product(a._a.astype(np.float32), b._a.astype(np.float32)).astype(dtype.np)
    else:
        out = empty_array(shape, dtype)
        # NumPy calls the BLAS it ships with for float32/float64; for two matrices np.dot does
        # it with half of np.matmul's fixed cost, which dominates small products.
        product(a._a, b._a, out=out)
    if _trace.active is not None:
        _trace.note(dtype.name, None)  # NumPy ran it: a dtype, but no C++ path code
    return _wrap(out)


def mm(self, mat2):
    shape, dtype = rules.mm(self, mat2)
    return _matmul_into(shape, dtype, self, mat2)


# Note [Stream-safe kernels] in dispatch/dispatcher.py: the product of two matrices may be
# queued (Note [Products on the stream]); every NumPy product drains first.
mm.stream_safe = True


def linear_cpu(input, weight, bias):
    """`_linear`: the product the composed ``input.matmul(weight.t())`` makes (matmul_into on
    input's rows and weight's transposed view), then the bias added in place: the same bits
    (Note [Linear as one op] in aten_lite/nn/functional.py)."""
    shape, dtype = rules.linear(input, weight, bias)
    n, k = weight._shape
    out = empty_array(shape, dtype)
    rows = int(math.prod(shape[:-1]))
    o = out.reshape(rows, n)
    matmul_into(o, input._a.reshape(rows, k), weight._a.T)
    if bias is not None:
        sync_stream()  # the add reads the product now
        # the add op's kernel: the same sums as NumPy's in-place add, in a quarter of its time
        # (a language model's decoder output, (700, 1000) float32: 54 us against 218)
        _kernel("add.Tensor")(dtype.code, o, o, bias._a, 1)
    if _trace.active is not None:
        _trace.note(dtype.name, None)
    return _wrap(out)


def bmm(self, mat2):
    shape, dtype = rules.bmm(self, mat2)
    return _matmul_into(shape, dtype, self, mat2)


def dot(self, tensor):
    shape, dtype = rules.dot(self, tensor)
    out = empty_array(shape, dtype)
    if dtype is bfloat16:  # a float32 sum, rounded once (as _matmul_into)
        out[()] = np.dot(self._a.astype(np.float32), tensor._a.astype(np.float32))
    else:
        out[()] = np.dot(self._a, tensor._a)
    return _wrap(out)


# ---- triangular parts ----


def _diagonal_in_reach(self: Tensor, diagonal: int) -> int:
    """A diagonal past the matrix's corners selects all or nothing, as one just past them does;
    clamped so NumPy never sees an int it cannot hold (tril(x, 2**70))."""
    rows, cols = self._shape[-2:]
    return max(-rows - 1, min(diagonal, cols + 1))


def tril_cpu(self: Tensor, diagonal: int = 0) -> Tensor:
    rules.triangle(self, diagonal)
    diagonal = _diagonal_in_reach(self, diagonal)
    return _wrap(np.ascontiguousarray(np.tril(self._a, diagonal)))


def triu_cpu(self: Tensor, diagonal: int = 0) -> Tensor:
    rules.triangle(self, diagonal)
    diagonal = _diagonal_in_reach(self, diagonal)
    return _wrap(np.ascontiguousarray(np.triu(self._a, diagonal)))


# ---- factorisations and solves (NumPy's LAPACK, batched over the leading dims) ----


def _out(x, dtype) -> Tensor:
    # asarray with order="C", not ascontiguousarray, which makes a 0-d result (det) 1-d
    return _wrap(np.asarray(x, dtype=dtype.name, order="C"))


def _batch_label(batch_shape, flat_index: int) -> str:
    """torch's prefix naming the failing matrix of a batch ('' for a single matrix)."""
    return f"(Batch element {flat_index}): " if batch_shape else ""


def _raise_singular(name: str, a: np.ndarray):
    batch = a.shape[:-2]
    flat = a.reshape((-1,) + a.shape[-2:])
    for i, m in enumerate(flat):
        k = rules.first_zero_pivot(m)
        if k:
            raise RuntimeError(
                f"{name}: {_batch_label(batch, i)}The diagonal element {k} is zero, the inversion "
                f"could not be completed because the input matrix is singular.")
    # LAPACK saw a zero pivot our elimination rounded past: still singular, same wording.
    raise RuntimeError(f"{name}: The diagonal element {a.shape[-1]} is zero, the inversion could "
                       f"not be completed because the input matrix is singular.")


def linalg_inv_cpu(A):
    shape, dtype = rules.linalg_inv(A)
    try:
        x = np.linalg.inv(A._a)
    except np.linalg.LinAlgError:
        _raise_singular("linalg.inv", A._a)
    return _out(x, dtype)


def linalg_solve_cpu(A, B):
    shape, dtype = rules.linalg_solve(A, B)
    a = np.broadcast_to(A._a, shape[:-2] + A._shape[-2:])
    b = np.broadcast_to(B._a, shape)
    try:
        x = np.linalg.solve(a, b)
    except np.linalg.LinAlgError:
        raise RuntimeError("torch.linalg.solve: The solver failed because the input matrix is "
                           "singular.") from None
    return _out(x, dtype)


def linalg_det_cpu(A):
    shape, dtype = rules.linalg_det(A)
    return _out(np.linalg.det(A._a), dtype)


def linalg_slogdet_cpu(A):
    (shape, dtype), _ = rules.linalg_slogdet(A)
    sign, logabsdet = np.linalg.slogdet(A._a)
    return _out(sign, dtype), _out(logabsdet, dtype)


def _raise_not_pd(a: np.ndarray):
    batch = a.shape[:-2]
    flat = a.reshape((-1,) + a.shape[-2:])
    for i, m in enumerate(flat):
        for k in range(1, m.shape[0] + 1):
            try:
                np.linalg.cholesky(m[:k, :k])
            except np.linalg.LinAlgError:
                raise RuntimeError(
                    f"linalg.cholesky: {_batch_label(batch, i)}The factorization could not be "
                    f"completed because the input is not positive-definite (the leading minor of "
                    f"order {k} is not positive-definite).") from None
    raise RuntimeError("linalg.cholesky: The factorization could not be completed because the "
                       "input is not positive-definite.")


def linalg_cholesky_cpu(self, upper: bool = False):
    A = self
    shape, dtype = rules.linalg_cholesky(A)
    try:
        low = np.linalg.cholesky(A._a)  # reads the lower triangle, as torch does
    except np.linalg.LinAlgError:
        _raise_not_pd(A._a)
    return _out(np.swapaxes(low, -1, -2) if upper else low, dtype)


def linalg_eigh_cpu(A, upper: bool = False):
    (_, dtype), _ = rules.linalg_eigh(A, upper)
    w, v = np.linalg.eigh(A._a, UPLO="U" if upper else "L")
    return _out(w, dtype), _out(v, dtype)


def linalg_svd_cpu(A, full_matrices: bool = True):
    (ushape, dtype), (sshape, _), (vhshape, _) = rules.linalg_svd(A, full_matrices)
    if A.numel() == 0:
        u = np.zeros(ushape)
        vh = np.zeros(vhshape)
        # an empty side leaves the other factor an identity, as LAPACK returns it
        if full_matrices:
            u = u + np.eye(ushape[-1]) if ushape[-1] else u
            vh = vh + np.eye(vhshape[-1]) if vhshape[-1] else vh
        return _out(u, dtype), _out(np.zeros(sshape), dtype), _out(vh, dtype)
    u, s, vh = np.linalg.svd(A._a, full_matrices=full_matrices)
    return _out(u, dtype), _out(s, dtype), _out(vh, dtype)


def linalg_qr_cpu(A, complete: bool = False):
    (qshape, dtype), (rshape, _) = rules.linalg_qr(A, complete)
    if A.numel() == 0:
        q = np.zeros(qshape) + (np.eye(qshape[-2], qshape[-1]) if qshape[-1] else 0)
        return _out(q, dtype), _out(np.zeros(rshape), dtype)
    q, r = np.linalg.qr(A._a, mode="complete" if complete else "reduced")
    return _out(q, dtype), _out(r, dtype)

"""The functions of torch.linalg (``al.linalg.inv``, ...) over the LAPACK-backed ops of
native_functions.yaml (linalg_inv, linalg_solve, linalg_det, linalg_slogdet, linalg_cholesky,
_linalg_eigh, _linalg_svd, _linalg_qr), which carry the gradients; everything else here is
written with aten_lite ops, so autograd records it. Real float32/float64 matrices, batched over
the leading dims. docs/LINALG.md lists what is here and where it differs from torch.
"""

from __future__ import annotations

import math
from typing import NamedTuple

import numpy as np

from .._generated import ops as _ops
from ..backends import creation as _creation
from ..rules.shapes.linalg import (check_matrix as _check_matrix, check_square as _check_square,
                                   first_zero_pivot)
from ..tensors.tensor import Tensor

__all__ = ["inv", "det", "slogdet", "solve", "solve_triangular", "cholesky", "qr", "svd",
           "svdvals", "eigh", "eigvalsh", "lstsq", "norm", "vector_norm", "matrix_norm",
           "matrix_rank", "pinv", "cross", "multi_dot", "matrix_power", "inv_ex", "cholesky_ex",
           "solve_ex", "cond", "matrix_exp", "tensorinv", "tensorsolve", "matmul", "diagonal",
           "vecdot", "vander", "LinAlgError"]


class LinAlgError(RuntimeError):
    """torch.linalg.LinAlgError's name: a RuntimeError, as torch's is. aten_lite's LAPACK ops
    raise RuntimeError, which ``except al.linalg.LinAlgError`` does not catch; catch
    RuntimeError to handle both."""


class SlogdetResult(NamedTuple):
    sign: Tensor
    logabsdet: Tensor


class QRResult(NamedTuple):
    Q: Tensor
    R: Tensor


class SVDResult(NamedTuple):
    U: Tensor
    S: Tensor
    Vh: Tensor


class EighResult(NamedTuple):
    eigenvalues: Tensor
    eigenvectors: Tensor


class LstsqResult(NamedTuple):
    solution: Tensor
    residuals: Tensor
    rank: Tensor
    singular_values: Tensor


class InvExResult(NamedTuple):
    inverse: Tensor
    info: Tensor


class CholeskyExResult(NamedTuple):
    L: Tensor
    info: Tensor


class SolveExResult(NamedTuple):
    result: Tensor
    info: Tensor


# ---- inverses, determinants, solves ----


def inv(A: Tensor) -> Tensor:
    """The inverse of each square matrix of A; a singular one raises, naming the zero pivot."""
    return _ops.linalg_inv(A)


def _per_matrix_info(A: Tensor, failed_at) -> np.ndarray:
    """LAPACK's int32 ``info`` of each matrix of A (0: it factorised), from failed_at(matrix),
    which gives the 1-based failing step of one matrix or 0. Runs only after the batched op
    raised, so the common case pays nothing."""
    a = A.detach().numpy()
    flat = a.reshape((-1,) + a.shape[-2:])
    return np.array([failed_at(m) for m in flat], dtype=np.int32).reshape(a.shape[:-2])


def _info_tensor(info: np.ndarray) -> Tensor:
    from ..vocab.dtype import int32
    return _creation.tensor(info, dtype=int32) if info.ndim else _creation.tensor(
        int(info), dtype=int32)


def _on_good_matrices(op, A: Tensor, info: np.ndarray) -> Tensor:
    """op over A with each failed matrix swapped for the identity and its result zeroed, so
    the good matrices keep their values and gradients (torch leaves a failed one's result
    unspecified; zeros say so plainly)."""
    bad = _creation.tensor(info != 0).reshape(tuple(info.shape) + (1, 1))
    eye = _creation.eye(A.shape[-1], dtype=A.dtype)
    out = op(_ops.where(bad, eye, A))
    return _ops.where(bad, _creation.zeros_like(out), out)


def _first_zero_pivot(m: np.ndarray) -> int:
    try:
        np.linalg.inv(m)
    except np.linalg.LinAlgError:
        return first_zero_pivot(m) or m.shape[-1]
    return 0


def _first_bad_minor(m: np.ndarray) -> int:
    for k in range(1, m.shape[0] + 1):
        try:
            np.linalg.cholesky(m[:k, :k])
        except np.linalg.LinAlgError:
            return k
    return 0


def inv_ex(A: Tensor, *, check_errors: bool = False) -> InvExResult:
    """inv with an int32 ``info`` per matrix: 0 when inverted, else the 1-based index of the
    first zero pivot (LAPACK's getrf info), with that matrix's inverse zero-filled. Singular
    input raises only with check_errors=True, as in torch."""
    try:
        out = _ops.linalg_inv(A)
    except RuntimeError:
        if check_errors or A.ndim < 2 or A.shape[-1] != A.shape[-2]:
            raise
        info = _per_matrix_info(A, _first_zero_pivot)
        return InvExResult(_on_good_matrices(_ops.linalg_inv, A, info), _info_tensor(info))
    return InvExResult(out, _creation.zeros(tuple(A.shape[:-2]), dtype=_int32()))


def _int32():
    from ..vocab.dtype import int32
    return int32


def det(A: Tensor) -> Tensor:
    """The determinant of each square matrix; its gradient stays finite at singular matrices."""
    return _ops.linalg_det(A)


def slogdet(A: Tensor) -> SlogdetResult:
    """(sign, log|det|) of each square matrix; sign 0 and logabsdet -inf for a singular one."""
    return SlogdetResult(*_ops.linalg_slogdet(A))


def _is_vector_rhs(A: Tensor, B: Tensor) -> bool:
    """torch's rule: B is (a batch of) vectors when it is 1-D or A's shape less its last dim."""
    return B.ndim == 1 or (B.ndim == A.ndim - 1 and tuple(B.shape) == tuple(A.shape[:-1]))


def solve(A: Tensor, B: Tensor, *, left: bool = True) -> Tensor:
    """X with A @ X = B (X @ A = B when left=False); B may be a vector or a batch of vectors."""
    _check_square("linalg.solve", A)
    if _is_vector_rhs(A, B):
        if not left:
            return _ops.linalg_solve(A.mT, B.unsqueeze(-1)).squeeze(-1)
        return _ops.linalg_solve(A, B.unsqueeze(-1)).squeeze(-1)
    if not left:
        return _ops.linalg_solve(A.mT, B.mT).mT
    return _ops.linalg_solve(A, B)


def solve_ex(A: Tensor, B: Tensor, *, left: bool = True,
             check_errors: bool = False) -> SolveExResult:
    """solve with an int32 ``info`` per matrix of A (0: solved, else the first zero pivot, with
    that system's solution zero-filled). Raises only with check_errors=True, as in torch."""
    _check_square("linalg.solve_ex", A)
    try:
        X = solve(A, B, left=left)
    except RuntimeError:
        if check_errors:
            raise
        info = _per_matrix_info(A, _first_zero_pivot)
        good = _ops.where(_creation.tensor(info != 0).reshape(tuple(info.shape) + (1, 1)),
                          _creation.eye(A.shape[-1], dtype=A.dtype), A)
        X = solve(good, B, left=left)
        bad = _creation.tensor(info != 0).reshape(
            tuple(info.shape) + (1,) * (X.ndim - info.ndim))
        return SolveExResult(_ops.where(bad, _creation.zeros_like(X), X), _info_tensor(info))
    return SolveExResult(X, _creation.zeros(tuple(A.shape[:-2]), dtype=_int32()))


def _triangle(A: Tensor, upper: bool, unitriangular: bool) -> Tensor:
    T = A.triu() if upper else A.tril()
    if unitriangular:
        eye = _creation.eye(A.shape[-1], dtype=A.dtype)
        T = T * (1 - eye) + eye
    return T


def solve_triangular(A: Tensor, B: Tensor, *, upper: bool, left: bool = True,
                     unitriangular: bool = False) -> Tensor:
    """X with T @ X = B (X @ T = B when left=False), T the upper or lower triangle of A (with a
    unit diagonal when unitriangular); the other triangle is never read."""
    _check_square("linalg.solve_triangular", A)
    _check_matrix("linalg.solve_triangular", B, "B")
    T = _triangle(A, upper, unitriangular)
    if not left:
        return _ops.linalg_solve(T.mT, B.mT).mT
    return _ops.linalg_solve(T, B)


# ---- factorisations ----


def cholesky(A: Tensor, *, upper: bool = False) -> Tensor:
    """L with A = L @ L.mT (U with A = U.mT @ U when upper), from A's lower triangle."""
    return _ops.linalg_cholesky(A, upper=upper)


def cholesky_ex(A: Tensor, *, upper: bool = False, check_errors: bool = False) -> CholeskyExResult:
    """cholesky with an int32 ``info`` per matrix: 0 when factorised, else the order of the
    leading minor that is not positive-definite, with that matrix's factor zero-filled.
    Non-positive-definite input raises only with check_errors=True, as in torch."""
    try:
        L = _ops.linalg_cholesky(A, upper=upper)
    except RuntimeError:
        if check_errors or A.ndim < 2 or A.shape[-1] != A.shape[-2]:
            raise
        info = _per_matrix_info(A, _first_bad_minor)
        L = _on_good_matrices(lambda M: _ops.linalg_cholesky(M, upper=upper), A, info)
        return CholeskyExResult(L, _info_tensor(info))
    return CholeskyExResult(L, _creation.zeros(tuple(A.shape[:-2]), dtype=_int32()))


_QR_MODES = ("reduced", "complete", "r")


def qr(A: Tensor, mode: str = "reduced") -> QRResult:
    """Q (orthonormal columns) and R (upper triangular) with A = Q @ R; mode 'complete' makes Q
    square, mode 'r' returns an empty Q."""
    if mode not in _QR_MODES:
        raise RuntimeError(f"qr received unrecognized mode '{mode}' but expected one of "
                           "'reduced' (default), 'r', or 'complete'")
    Q, R = _ops._linalg_qr(A, mode == "complete")
    if mode == "r":
        return QRResult(_creation.empty((0,), dtype=A.dtype), R)
    return QRResult(Q, R)


def svd(A: Tensor, full_matrices: bool = True) -> SVDResult:
    """U, S (descending) and Vh with A = U @ diag(S) @ Vh; U and Vh square when full_matrices.
    Gradients of U and Vh need distinct singular values (inf/nan otherwise, as in torch) and
    ignore the columns a full SVD adds past min(m, n)."""
    return SVDResult(*_ops._linalg_svd(A, full_matrices))


def svdvals(A: Tensor) -> Tensor:
    """The singular values of each matrix, descending; their gradient is always defined."""
    return _ops._linalg_svd(A, False)[1]


def _uplo(UPLO: str) -> bool:
    if UPLO not in ("L", "U"):
        raise RuntimeError(f"Expected UPLO argument to be 'L' or 'U', but got {UPLO}")
    return UPLO == "U"


def eigh(A: Tensor, UPLO: str = "L") -> EighResult:
    """Ascending eigenvalues and orthonormal eigenvectors (columns) of symmetric A, read from its
    lower (UPLO='L') or upper triangle. Eigenvector gradients need distinct eigenvalues."""
    return EighResult(*_ops._linalg_eigh(A, _uplo(UPLO)))


def eigvalsh(A: Tensor, UPLO: str = "L") -> Tensor:
    """The ascending eigenvalues of symmetric A."""
    return _ops._linalg_eigh(A, _uplo(UPLO))[0]


# ---- least squares, rank, pseudo-inverse ----


def _default_rtol(A: Tensor) -> float:
    return float(np.finfo(A.dtype.name).eps) * max(A.shape[-2:])


def _cutoff(S: Tensor, atol, rtol, default_rtol: float) -> Tensor:
    """max(atol, rtol * largest singular value) per matrix, shaped to compare with S."""
    if rtol is None:
        rtol = default_rtol if atol is None else 0.0
    smax = S.amax(-1, keepdim=True) if S.shape[-1] else _creation.zeros(
        tuple(S.shape[:-1]) + (1,), dtype=S.dtype)
    tol = smax.detach() * rtol
    if atol is not None:
        atol_t = atol.unsqueeze(-1) if isinstance(atol, Tensor) else _creation.full(
            tuple(tol.shape), float(atol), dtype=S.dtype)
        tol = _ops.maximum(tol, atol_t)
    return tol


def matrix_rank(A: Tensor, *, atol=None, rtol=None, hermitian: bool = False, tol=None) -> Tensor:
    """The number of singular values (|eigenvalues| when hermitian) above max(atol, rtol * the
    largest), rtol defaulting to eps * max(m, n) when neither is given; int64."""
    _check_matrix("linalg.matrix_rank", A)
    if tol is not None:
        atol, rtol = tol, 0.0
    with _no_grad():
        S = eigvalsh(A).abs() if hermitian else svdvals(A)
        return (S > _cutoff(S, atol, rtol, _default_rtol(A))).sum(-1)


def _no_grad():
    from ..vocab.grad_mode import no_grad
    return no_grad()


def pinv(A: Tensor, *, atol=None, rtol=None, hermitian: bool = False) -> Tensor:
    """The Moore-Penrose pseudo-inverse through the SVD, singular values at or below max(atol,
    rtol * the largest) treated as zero (rtol defaults to eps * max(m, n))."""
    _check_matrix("linalg.pinv", A)
    if hermitian:
        w, V = eigh(A)
        keep = w.abs() > _cutoff(w.abs(), atol, rtol, _default_rtol(A))
        winv = _ops.where(keep, 1 / _ops.where(keep, w, _creation.ones_like(w)),
                          _creation.zeros_like(w))
        return (V * winv.unsqueeze(-2)).matmul(V.mT)
    U, S, Vh = _ops._linalg_svd(A, False)
    keep = S > _cutoff(S, atol, rtol, _default_rtol(A))
    sinv = _ops.where(keep, 1 / _ops.where(keep, S, _creation.ones_like(S)),
                      _creation.zeros_like(S))
    return (Vh.mT * sinv.unsqueeze(-2)).matmul(U.mT)


def lstsq(A: Tensor, B: Tensor, rcond=None, *, driver=None) -> LstsqResult:
    """The least-squares solution X of A @ X ~ B, as torch's CPU default driver 'gelsy' gives it:
    (solution, residuals (empty), rank (int64 per matrix), singular_values (empty)). Full-rank
    A goes through QR (gradients as for qr and solve); rank-deficient A through the
    pseudo-inverse with rcond (default eps * max(m, n)), giving the minimum-norm solution."""
    if driver not in (None, "gelsy"):
        raise RuntimeError(f"torch.linalg.lstsq: driver {driver!r} is not available here; the one "
                           "driver is 'gelsy' (the default, as torch's on CPU)")
    _check_matrix("torch.linalg.lstsq", A)
    vector = B.ndim == A.ndim - 1
    if vector:
        B = B.unsqueeze(-1)
    _check_matrix("torch.linalg.lstsq", B, "B")
    m, n = A.shape[-2:]
    if B.shape[-2] != m:
        raise RuntimeError(f"torch.linalg.lstsq: input.size(-2) should match other.size(-2); got "
                           f"A of {m} rows and B of {B.shape[-2]} rows")
    rank = matrix_rank(A, rtol=rcond if rcond is not None else None)
    if bool((rank == min(m, n)).all()):
        if m >= n:
            Q, R = _ops._linalg_qr(A, False)
            X = _ops.linalg_solve(R, Q.mT.matmul(B))
        else:
            Q, R = _ops._linalg_qr(A.mT, False)
            X = Q.matmul(_ops.linalg_solve(R.mT, B))
    else:
        X = pinv(A, rtol=rcond).matmul(B)
    if vector:
        X = X.squeeze(-1)
    empty = _creation.empty((0,), dtype=A.dtype)
    return LstsqResult(X, empty, rank, _creation.empty((0,), dtype=A.dtype))


# ---- norms ----


def vector_norm(x: Tensor, ord=2, dim=None, keepdim: bool = False, *, dtype=None) -> Tensor:
    """The ord-norm of x over dim (all dims when None): (sum |x|^ord)^(1/ord); inf/-inf the
    largest/smallest |x|; 0 the number of nonzeros."""
    if dtype is not None:
        x = x.to(dtype)
    if isinstance(dim, int):
        dim = [dim]
    if not x.dtype.is_floating_point:
        raise RuntimeError(f"linalg.vector_norm: Expected a floating point or complex tensor as "
                           f"input. Got {_torch_name(x)}")
    return _ops.norm(x, ord, dim, keepdim)


def _torch_name(x: Tensor) -> str:
    from ..rules.shapes.linalg import torch_dtype_name
    return torch_dtype_name(x.dtype)


def _matrix_dims(A: Tensor, dim, name: str) -> tuple[int, int]:
    if len(dim) != 2:
        raise RuntimeError(f"{name}: dim must be a 2-tuple. Got {list(dim)}")
    d0, d1 = (d % A.ndim if -A.ndim <= d < A.ndim else d for d in dim)
    if not (0 <= d0 < A.ndim and 0 <= d1 < A.ndim):
        raise IndexError(f"Dimension out of range (expected to be in range of [{-A.ndim}, "
                         f"{A.ndim - 1}], but got {dim})")
    if d0 == d1:
        raise RuntimeError(f"{name}: dims must be different. Got ({dim[0]}, {dim[1]})")
    return d0, d1


def matrix_norm(A: Tensor, ord="fro", dim=(-2, -1), keepdim: bool = False, *,
                dtype=None) -> Tensor:
    """The matrix norm over the two dims `dim`: 'fro', 'nuc' (sum of singular values), 2/-2
    (largest/smallest singular value), 1/-1 (max/min column abs sum), inf/-inf (rows)."""
    if dtype is not None:
        A = A.to(dtype)
    _check_matrix("linalg.matrix_norm", A)
    d0, d1 = _matrix_dims(A, dim, "linalg.matrix_norm")
    if ord == "fro":
        return _ops.norm(A, 2, [d0, d1], keepdim)
    if ord in ("nuc", 2, -2):
        moved = A.permute(*[d for d in range(A.ndim) if d not in (d0, d1)], d0, d1)
        S = svdvals(moved)
        out = S.sum(-1) if ord == "nuc" else (S.amax(-1) if ord == 2 else S.amin(-1))
        if keepdim:
            for d in sorted((d0, d1)):
                out = out.unsqueeze(d)
        return out
    if ord in (1, -1, math.inf, -math.inf):
        summed, reduced = (d0, d1) if ord in (1, -1) else (d1, d0)
        sums = A.abs().sum(summed, keepdim=True)
        out = sums.amax(reduced, keepdim=True) if ord > 0 else sums.amin(reduced, keepdim=True)
        return out if keepdim else out.squeeze(max(d0, d1)).squeeze(min(d0, d1))
    raise RuntimeError(f"linalg.matrix_norm: Order {ord} not supported.")


def norm(A: Tensor, ord=None, dim=None, keepdim: bool = False, *, dtype=None) -> Tensor:
    """torch.linalg.norm: a vector norm when dim is an int or A is 1-D (or ord and dim are
    None: the 2-norm of all of A flattened), a matrix norm when dim is a pair or A is 2-D."""
    if isinstance(dim, int):
        dim = (dim,)
    if dim is not None:
        if len(dim) == 1:
            return vector_norm(A, 2 if ord is None else ord, dim, keepdim, dtype=dtype)
        return matrix_norm(A, "fro" if ord is None else ord, dim, keepdim, dtype=dtype)
    if ord is None:
        return vector_norm(A, 2, None, keepdim, dtype=dtype)
    if A.ndim == 1:
        return vector_norm(A, ord, None, keepdim, dtype=dtype)
    if A.ndim == 2:
        return matrix_norm(A, ord, (-2, -1), keepdim, dtype=dtype)
    raise RuntimeError(f"linalg.norm: If dim is not specified but ord is, the input must be 1D or "
                       f"2D. Got {A.ndim}D.")


# ---- products ----


def cross(input: Tensor, other: Tensor, *, dim: int = -1) -> Tensor:  # noqa: A002
    """The cross product of 3-vectors along dim, batch dims broadcast."""
    if input.shape[dim] != 3 or other.shape[dim] != 3:
        raise RuntimeError(f"linalg.cross: inputs dimension {dim} must have length 3. Got "
                           f"{input.shape[dim]} and {other.shape[dim]}")
    a = [input.select(dim, i) for i in range(3)]
    b = [other.select(dim, i) for i in range(3)]
    parts = [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]
    nd = max(input.ndim, other.ndim)
    return _ops.stack(parts, dim % nd)


def multi_dot(tensors) -> Tensor:
    """The product of the matrices left to right; the first may be a row vector and the last a
    column vector (1-D), as in torch."""
    tensors = list(tensors)
    if len(tensors) < 2:
        raise RuntimeError(f"multi_dot(): expected at least 2 tensors but got {len(tensors)}")
    for i, t in enumerate(tensors):
        allowed = (1, 2) if i in (0, len(tensors) - 1) else (2,)
        if t.ndim not in allowed:
            kind = "1D or 2D" if len(allowed) == 2 else "2D"
            raise RuntimeError(f"multi_dot(): tensor {i} must be {kind} but got {t.ndim}D")
    out = tensors[0]
    for t in tensors[1:]:
        out = out.matmul(t)
    return out


def matrix_power(A: Tensor, n: int) -> Tensor:
    """A @ A @ ... (n times) by repeated squaring; n = 0 the identity, n < 0 powers of inv(A)."""
    _check_square("linalg.matrix_power", A)
    if n == 0:
        eye = _creation.eye(A.shape[-1], dtype=A.dtype)
        return eye.expand(*A.shape).clone()
    if n < 0:
        A, n = inv(A), -n
    result = None
    base = A
    while n:
        if n & 1:
            result = base if result is None else result.matmul(base)
        n >>= 1
        if n:
            base = base.matmul(base)
    return result


def matmul(input: Tensor, other: Tensor) -> Tensor:  # noqa: A002
    """torch.linalg.matmul: al.matmul."""
    return input.matmul(other)


def diagonal(A: Tensor, *, offset: int = 0, dim1: int = -2, dim2: int = -1) -> Tensor:
    """torch.linalg.diagonal: A.diagonal with the last two dims as the defaults (a view)."""
    return A.diagonal(offset, dim1, dim2)


def vecdot(x: Tensor, y: Tensor, *, dim: int = -1) -> Tensor:
    """The dot product of x and y along dim, the other dims broadcast (real tensors: no
    conjugation to do)."""
    if x.ndim == 0 or y.ndim == 0 or x.shape[dim] != y.shape[dim]:
        raise RuntimeError(f"linalg.vecdot: Expected x and y to have the same size along dim "
                           f"{dim}, got shapes {list(x.shape)} and {list(y.shape)}")
    return (x * y).sum(dim)


def vander(x: Tensor, *, N: int | None = None) -> Tensor:
    """The Vandermonde matrix of x's last dim, increasing powers x**0 ... x**(N-1) (N defaults
    to x's length), built by a cumulative product so its gradient is exact at zero."""
    if x.ndim < 1:
        raise RuntimeError("linalg.vander: x must have at least one dimension")
    n = x.shape[-1] if N is None else N
    if n < 1:
        raise RuntimeError(f"linalg.vander: N must be greater than 1, got N={n}")
    cols = x.unsqueeze(-1).expand(*x.shape, n - 1)
    ones = _creation.ones(tuple(x.shape) + (1,), dtype=x.dtype)
    return _ops.cat([ones, cols], -1).cumprod(-1)


def cond(A: Tensor, p=None) -> Tensor:
    """The condition number of each matrix in norm p: largest over smallest singular value for
    p None or 2 (the reverse for -2; any matrix shape), else norm(A, p) * norm(inv(A), p) for
    'fro', 'nuc', inf, -inf, 1, -1 (square; inf for a singular matrix, as in torch)."""
    _check_matrix("linalg.cond", A)
    if p in (None, 2, -2):
        S = svdvals(A)
        return S.amax(-1) / S.amin(-1) if p != -2 else S.amin(-1) / S.amax(-1)
    if p not in ("fro", "nuc", math.inf, -math.inf, 1, -1):
        raise RuntimeError(f"linalg.cond got an invalid norm type: {p}; valid: None, 2, -2, "
                           "'fro', 'nuc', inf, -inf, 1, -1")
    _check_square("linalg.cond", A)
    inverse, info = inv_ex(A)
    out = matrix_norm(A, p) * matrix_norm(inverse, p)
    singular = _creation.tensor(info.numpy() != 0)
    return _ops.where(singular, _creation.full_like(out, math.inf), out)


def _taylor_exp(X: Tensor, eye: Tensor, degree: int) -> Tensor:
    """I + X (I + X/2 (I + X/3 (...))): the degree-term Taylor polynomial of exp by Horner."""
    out = eye
    for k in range(degree, 0, -1):
        out = eye + X.matmul(out) / k
    return out


def matrix_exp(A: Tensor) -> Tensor:
    """exp of each square matrix by scaling and squaring: A / 2**s has 1-norm at most 1/2, a
    degree-18 Taylor polynomial of it is exact to far below float64's rounding, then s
    squarings. Written with matmuls, so autograd and forward mode record it."""
    _check_square("linalg.matrix_exp", A)
    if A.shape[-1] == 0 or A.numel() == 0:
        return A.clone()
    norm1 = float(A.detach().abs().sum(-2).amax().item())
    s = max(0, math.ceil(math.log2(norm1 / 0.5))) if norm1 > 0.5 and math.isfinite(norm1) else 0
    eye = _creation.eye(A.shape[-1], dtype=A.dtype)
    out = _taylor_exp(A / (2.0 ** s), eye, 18)
    for _ in range(s):
        out = out.matmul(out)
    return out


def _prod(dims) -> int:
    out = 1
    for d in dims:
        out *= d
    return out


def tensorinv(A: Tensor, ind: int = 2) -> Tensor:
    """The inverse of A seen as a linear map from its last dims to its first ind dims: the
    result B satisfies tensordot(B, A, ind) = identity, shape A.shape[ind:] + A.shape[:ind]."""
    if ind <= 0:
        raise RuntimeError(f"linalg.tensorinv: Expected a strictly positive integer for 'ind', "
                           f"but got {ind}")
    rows, cols = _prod(A.shape[:ind]), _prod(A.shape[ind:])
    if rows != cols:
        raise RuntimeError(f"linalg.tensorinv: Expected self to satisfy the requirement "
                           f"prod(self.shape[ind:]) == prod(self.shape[:ind]), but got {cols} != "
                           f"{rows}")
    return inv(A.reshape(rows, cols)).reshape(*A.shape[ind:], *A.shape[:ind])


def tensorsolve(A: Tensor, B: Tensor, dims=None) -> Tensor:
    """X with tensordot(A, X, X.ndim) = B: A's leading dims match B's shape, X takes A's
    remaining dims; dims first moves those dims of A to the end."""
    if dims is not None:
        dims = [d % A.ndim for d in dims]
        rest = [d for d in range(A.ndim) if d not in dims]
        A = A.permute(*rest, *dims)
    rows = _prod(B.shape)
    if tuple(A.shape[:B.ndim]) != tuple(B.shape):
        raise RuntimeError(f"linalg.tensorsolve: Expected A's leading dims {list(A.shape)} to "
                           f"match B's shape {list(B.shape)}")
    x_shape = tuple(A.shape[B.ndim:])
    if _prod(x_shape) != rows:
        raise RuntimeError(f"linalg.tensorsolve: Expected prod(A.shape[B.ndim:]) == B.numel(), "
                           f"got {_prod(x_shape)} != {rows}")
    return _ops.linalg_solve(A.reshape(rows, rows), B.reshape(rows, 1)).reshape(*x_shape)

"""Formula helpers of `_linear` and of the LAPACK-backed linear algebra ops (derivatives.yaml's
linear algebra section calls them): solve, det, cholesky, eigh, svd and qr, for real matrices.

Part of ``formulas.py``'s namespace (it imports and re-exports each name of ``__all__``).
Written with aten_lite ops only, so a backward is itself recorded under ``create_graph``.
The spectral formulas divide by differences of eigenvalues (squared singular values): like
torch's, they are exact for distinct values and give inf/nan gradients of U, V or the
eigenvectors when two coincide (the gradients of the values alone stay finite).
"""

from __future__ import annotations

from ..backends import creation as _creation
from ..rules.kernel_rules import copy_strided as _copy_strided
from ..rules.stream_products import matmul_into as _matmul_into
from ..tensors.tensor import empty_array as _empty_array
from ._formulas_direct import _unobserved
from .._generated import ops as al  # the generated op functions (al.add, ...)
from ..tensors.tensor import Tensor

__all__ = ["linear_input_grad", "linear_weight_grad", "linear_bias_grad",
           "linalg_solve_backward", "linalg_det_backward", "slogdet_backward", "cholesky_backward",
           "eigh_backward", "svd_backward", "qr_backward", "det_jvp", "slogdet_jvp",
           "cholesky_jvp", "eigh_jvp", "svd_jvp", "qr_jvp"]


# `_linear`'s gradients are those of the ops it stands for, input.matmul(weight.t()) + bias: the
# same products on the same arrays (mm's kernel, directly when nothing observes: Note
# [Formulas without dispatch]) and the same sums, so the same bits (Note [Linear as one op] in
# aten_lite/nn/functional.py).
def _rows(t: Tensor) -> Tensor:
    return t if t.ndim == 2 else t.reshape(-1, t.shape[-1])


def _row_arrays(grad: Tensor, other: Tensor):
    """grad's and other's arrays as rows (NumPy views, or copies of strided ones), when a
    formula may compute on them directly; else None."""
    if not (_unobserved(grad, grad) and other._a is not None and other._dtype is grad._dtype
            and other._key is grad._key):
        return None
    return grad._a.reshape(-1, grad._shape[-1]), other._a.reshape(-1, other._shape[-1])


def linear_input_grad(grad: Tensor, weight: Tensor, input_shape) -> Tensor:
    """grad (*, out) @ weight, in input's shape."""
    rows = _row_arrays(grad, weight)
    if rows is not None:
        out = _empty_array((rows[0].shape[0], weight._shape[1]), grad._dtype)
        _matmul_into(out, rows[0], rows[1])  # what mm_mat1_backward's product runs
        return Tensor._wrap(out.reshape(input_shape))
    g = _rows(grad).mm(weight)
    return g if len(input_shape) == 2 else g.reshape(input_shape)


def linear_weight_grad(grad: Tensor, input: Tensor) -> Tensor:
    """(input's rows).T @ (grad's rows), transposed: as mm's and t's formulas give it, laid
    out as the weight (out, in) (Note [Weight gradients in the weight's layout])."""
    rows = _row_arrays(grad, input)
    if rows is not None:
        g, x = rows
        out = _empty_array((g.shape[1], x.shape[1]), grad._dtype)
        if g.dtype.char in "fd" and _either_way(g.shape[0], g.shape[1], x.shape[1],
                                                g.itemsize):
            _matmul_into(out, g.T, x)
            return Tensor._wrap(out)
        product = _empty_array((x.shape[1], g.shape[1]), grad._dtype)
        _matmul_into(product, x.T, g)  # mm_mat2_backward's product, then t()
        _copy_strided(out, product.T, grad._dtype, any_size=True)
        return Tensor._wrap(out)
    return _rows(input).t().mm(_rows(grad)).t()


# Note [Weight gradients in the weight's layout]
# A parameter takes a first gradient laid out as itself as its .grad (Note [Stealing the
# gradient] in engine.py) and copies any other there, which cost 23 us a weight through
# engine.py. So a layer's weight gradient comes (out, in): g.T @ x where that gives x.T @ g's
# bits, transposed, else x.T @ g copied. The small-product kernel (Note [Small matrix
# products] in aten_lite/csrc/small_gemm.cpp) adds each element's terms in order, one fused
# multiply-add each, into registers that carry over from one block of depth to the next,
# except in a last panel narrower than its vectors, which adds its block's partial sum to
# out; so the two orders give the same bits when both sides are whole panels in every
# variant (256 bytes: 64 float32 columns) and the kernel takes both (float32 or float64,
# the same depth and size limits; beyond them OpenBLAS sums in its own order). The benchmark
# GPT's four layers: 0.87-1.03x the time of the product and its copy (best of 5, 3 rounds).
def _either_way(depth: int, m: int, n: int, itemsize: int) -> bool:
    return depth <= 1024 and m * depth * n <= 1 << 26 and \
        m * itemsize % 256 == 0 and n * itemsize % 256 == 0


def linear_bias_grad(grad: Tensor) -> Tensor:
    """grad summed over every dim but the last, as the composed add's gradient is."""
    if grad.ndim < 3:
        return grad.sum(0) if grad.ndim == 2 else grad  # a 1-D input's: nothing to sum
    return grad.sum(list(range(grad.ndim - 1)))


def _eye(n: int, like: Tensor) -> Tensor:
    return _creation.eye(n, dtype=like.dtype, device=like.device)


def _diag_embed(v: Tensor) -> Tensor:
    return v.unsqueeze(-1) * _eye(v.shape[-1], v)


def _diag(m: Tensor) -> Tensor:
    return al.diagonal(m, 0, -2, -1)


def _off_diagonal_inverse(d: Tensor) -> Tensor:
    """1 / d off the diagonal of the last two dims, 0 on it."""
    eye = _eye(d.shape[-1], d)
    return (1 - eye) / (d + eye)


def _read_triangle(G: Tensor, upper: bool) -> Tensor:
    """The gradient with respect to A of f(A) = g(S), S the symmetric matrix made of A's lower
    (upper) triangle, from G = dg/dS (not necessarily symmetric): the kernels read only that
    triangle, so the other gets nothing. Through any symmetric construction (A = X X^T) this
    gives torch's gradients; torch's own, on A itself, is the symmetric G instead."""
    G = G + G.mT
    half = G.triu() if upper else G.tril()
    return half - 0.5 * _diag_embed(_diag(G))


def linalg_solve_backward(grad: Tensor, A: Tensor, result: Tensor):
    """X = A^-1 B: dB = A^-T g, dA = -dB X^T."""
    gB = al.linalg_solve(A.mT, grad)
    return -gB.matmul(result.mT), gB


def linalg_det_backward(grad: Tensor, A: Tensor, result: Tensor) -> Tensor:
    """d det / dA is the cofactor matrix det(U) det(Vh) U diag(prod_{j != i} s_j) Vh, which,
    unlike det(A) A^-T, needs no inverse and so stays finite where A is singular."""
    U, S, Vh = al._linalg_svd(A, False)
    n = S.shape[-1]
    eye = _eye(n, S)
    others = al.prod(S.unsqueeze(-2) * (1 - eye) + eye, -1)  # row i: S with s_i set to 1
    scale = al.linalg_det(U) * al.linalg_det(Vh) * grad
    cof = (U * others.unsqueeze(-2)).matmul(Vh)
    return cof * scale.unsqueeze(-1).unsqueeze(-1)


def slogdet_backward(grads: list, A: Tensor) -> Tensor:
    """d log|det A| / dA = A^-T; the sign is piecewise constant (a zero gradient, which torch
    also gives it, so that it requires grad as torch's does)."""
    g = grads[1]
    if g is None:
        return _creation.zeros_like(A)
    return g.unsqueeze(-1).unsqueeze(-1) * al.linalg_inv(A).mT


def cholesky_backward(grad: Tensor, upper: bool, result: Tensor) -> Tensor:
    """A = L L^T: dA = L^-T Phi(L^T gL) L^-1 (symmetrised, onto the lower triangle), Phi the
    lower triangle with half its diagonal."""
    L, gL = (result.mT, grad.mT) if upper else (result, grad)
    P = L.mT.matmul(gL)
    phi = P.tril() - 0.5 * _diag_embed(_diag(P))
    left = al.linalg_solve(L.mT, phi)  # L^-T Phi
    S = al.linalg_solve(L.mT, left.mT).mT  # (L^-T Phi) L^-1
    return _read_triangle(S, False)  # LAPACK reads the lower triangle


def eigh_backward(grads: list, upper: bool, eigenvalues: Tensor, eigenvectors: Tensor) -> Tensor:
    """A = V diag(w) V^T: dA = V (diag(gw) + (V^T gV) / (w_j - w_i) off the diagonal) V^T."""
    gw, gV = grads
    V = eigenvectors
    inner = None
    if gV is not None:
        gaps = eigenvalues.unsqueeze(-2) - eigenvalues.unsqueeze(-1)  # [i, j] = w_j - w_i
        inner = V.mT.matmul(gV) * _off_diagonal_inverse(gaps)
    if gw is not None:
        inner = _diag_embed(gw) if inner is None else inner + _diag_embed(gw)
    return _read_triangle(V.matmul(inner).matmul(V.mT), upper)


def svd_backward(grads: list, A: Tensor, U: Tensor, S: Tensor, Vh: Tensor) -> Tensor:
    """The reduced SVD's adjoint (Townsend's form); the columns a full SVD adds past min(m, n)
    are not determined by A and get no gradient, as in torch."""
    gU, gS, gVh = grads
    m, n = A.shape[-2:]
    k = min(m, n)
    U = al.narrow(U, -1, 0, k)
    Vh = al.narrow(Vh, -2, 0, k)
    if gU is not None:
        gU = al.narrow(gU, -1, 0, k)
    if gVh is not None:
        gVh = al.narrow(gVh, -2, 0, k)
    inner = _diag_embed(gS) if gS is not None else _creation.zeros_like(U.mT.matmul(U))
    if gU is None and gVh is None:
        return U.matmul(inner).matmul(Vh)
    S2 = S * S
    F = _off_diagonal_inverse(S2.unsqueeze(-2) - S2.unsqueeze(-1))  # 1 / (s_j^2 - s_i^2)
    V = Vh.mT
    out = None
    if gU is not None:
        UtgU = U.mT.matmul(gU)
        inner = inner + (F * (UtgU - UtgU.mT)) * S.unsqueeze(-2)
        if m > k:  # the part of gU outside U's span
            out = (gU - U.matmul(UtgU)) / S.unsqueeze(-2)
            out = out.matmul(Vh)
    if gVh is not None:
        gV = gVh.mT
        VtgV = V.mT.matmul(gV)
        inner = inner + S.unsqueeze(-1) * (F * (VtgV - VtgV.mT))
        if n > k:
            extra = U.matmul(((gV - V.matmul(VtgV)) / S.unsqueeze(-2)).mT)
            out = extra if out is None else out + extra
    core = U.matmul(inner).matmul(Vh)
    return core if out is None else core + out


def _qr_tall(gQ, gR, Q: Tensor, R: Tensor) -> Tensor:
    """m >= n: dA = (gQ + Q copyltu(M)) R^-T with M = R gR^T - gQ^T Q."""
    M = None
    if gR is not None:
        M = R.matmul(gR.mT)
    if gQ is not None:
        M = -gQ.mT.matmul(Q) if M is None else M - gQ.mT.matmul(Q)
    sym = M.tril() + M.tril(-1).mT
    b = Q.matmul(sym) if gQ is None else gQ + Q.matmul(sym)
    return al.linalg_solve(R, b.mT).mT


def qr_backward(grads: list, A: Tensor, Q: Tensor, R: Tensor) -> Tensor:
    gQ, gR = grads
    m, n = A.shape[-2:]
    if Q.shape[-1] > n:
        raise RuntimeError("The QR decomposition is not differentiable when mode='complete' and "
                           f"nrows > ncols (here {m} > {n}); use mode='reduced'")
    if m >= n:
        return _qr_tall(gQ, gR, Q, R)
    # Wide: A = [X | Y] with X = Q U square and Y = Q V, R = [U | V].
    Y = al.narrow(A, -1, m, n - m)
    U = al.narrow(R, -1, 0, m)
    gU = gV = None
    if gR is not None:
        gU = al.narrow(gR, -1, 0, m)
        gV = al.narrow(gR, -1, m, n - m)
    if gV is not None:
        gQ = Y.matmul(gV.mT) if gQ is None else gQ + Y.matmul(gV.mT)
        gY = Q.matmul(gV)
    else:
        gY = _creation.zeros_like(Y)
    gX = _qr_tall(gQ, gU, Q, U)
    return al.cat([gX, gY], -1)


# ---- forward mode (the `result:` formulas) ----


def _right_inverse(X: Tensor, R: Tensor) -> Tensor:
    """X R^-1."""
    return al.linalg_solve(R.mT, X.mT).mT


def _symmetric_from(A_t: Tensor, upper: bool) -> Tensor:
    """The symmetric matrix the read triangle of A_t stands for."""
    half = A_t.triu(1) if upper else A_t.tril(-1)
    return half + half.mT + _diag_embed(_diag(A_t))


def det_jvp(A_t: Tensor, A: Tensor, result: Tensor) -> Tensor:
    cof = linalg_det_backward(_creation.ones_like(result), A, result)
    return (cof * A_t).sum([-2, -1])


def slogdet_jvp(A_t: Tensor, A: Tensor, sign: Tensor):
    return _creation.zeros_like(sign), (al.linalg_inv(A).mT * A_t).sum([-2, -1])


def cholesky_jvp(A_t: Tensor, upper: bool, result: Tensor) -> Tensor:
    """dL = L Phi(L^-1 dA L^-T), dA the symmetric tangent of the lower triangle."""
    L = result.mT if upper else result
    S = _symmetric_from(A_t, False)
    inner = _right_inverse(al.linalg_solve(L, S), L.mT)
    phi = inner.tril() - 0.5 * _diag_embed(_diag(inner))
    L_t = L.matmul(phi)
    return L_t.mT if upper else L_t


def eigh_jvp(A_t: Tensor, upper: bool, eigenvalues: Tensor, eigenvectors: Tensor):
    V = eigenvectors
    P = V.mT.matmul(_symmetric_from(A_t, upper)).matmul(V)
    gaps = eigenvalues.unsqueeze(-2) - eigenvalues.unsqueeze(-1)
    return _diag(P), V.matmul(P * _off_diagonal_inverse(gaps))


def svd_jvp(A_t: Tensor, full_matrices: bool, U: Tensor, S: Tensor, Vh: Tensor):
    m, n = A_t.shape[-2:]
    if full_matrices and m != n:
        raise RuntimeError("linalg.svd: forward mode needs full_matrices=False for a non-square "
                           f"matrix ({m} by {n}): the columns a full SVD adds are not a function "
                           "of A")
    V = Vh.mT
    P = U.mT.matmul(A_t).matmul(V)
    S_t = _diag(P)
    S2 = S * S
    F = _off_diagonal_inverse(S2.unsqueeze(-2) - S2.unsqueeze(-1))
    Srow = S.unsqueeze(-2)
    Scol = S.unsqueeze(-1)
    U_t = U.matmul(F * (P * Srow + Scol * P.mT))
    V_t = V.matmul(F * (Scol * P + P.mT * Srow))
    if m > n:
        U_t = U_t + (A_t.matmul(V) - U.matmul(P)) / Srow
    if n > m:
        V_t = V_t + (A_t.mT.matmul(U) - V.matmul(P.mT)) / Srow
    return U_t, S_t, V_t.mT


def _qr_tall_jvp(A_t: Tensor, Q: Tensor, R: Tensor):
    X = _right_inverse(Q.mT.matmul(A_t), R)
    low = X.tril(-1)
    omega = low - low.mT  # Q^T dQ, skew
    R_t = (X - omega).matmul(R)
    Q_t = _right_inverse(A_t, R) - Q.matmul(X - omega)
    return Q_t, R_t


def qr_jvp(A_t: Tensor, A: Tensor, Q: Tensor, R: Tensor):
    m, n = A.shape[-2:]
    if Q.shape[-1] > n:
        raise RuntimeError("The QR decomposition is not differentiable when mode='complete' and "
                           f"nrows > ncols (here {m} > {n}); use mode='reduced'")
    if m >= n:
        return _qr_tall_jvp(A_t, Q, R)
    X_t = al.narrow(A_t, -1, 0, m)
    Y_t = al.narrow(A_t, -1, m, n - m)
    Y = al.narrow(A, -1, m, n - m)
    Q_t, U_t = _qr_tall_jvp(X_t, Q, al.narrow(R, -1, 0, m))
    V_t = Q_t.mT.matmul(Y) + Q.mT.matmul(Y_t)
    return Q_t, al.cat([U_t, V_t], -1)

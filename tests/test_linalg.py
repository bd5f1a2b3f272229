"""aten_lite.linalg and torch's top-level linear algebra names against torch: values over
batched shapes, gradients (float64 gradcheck and torch's autograd), and torch's errors.
Factors with a sign ambiguity (U, V, Q, eigenvectors) are compared through sign-free uses."""

from __future__ import annotations

import math

import numpy as np
import pytest

import aten_lite as al

torch = pytest.importorskip("torch")

RNG = np.random.default_rng(7)


def rand(*shape):
    return RNG.standard_normal(shape)


def spd(*shape):
    x = rand(*shape)
    return x @ np.swapaxes(x, -1, -2) + shape[-1] * np.eye(shape[-1])


def sym(*shape):
    x = rand(*shape)
    return x + np.swapaxes(x, -1, -2)


def close(ours, theirs, tol=1e-9):
    np.testing.assert_allclose(np.asarray(ours.detach().numpy()), theirs.detach().numpy(),
                               rtol=tol, atol=tol)


def both(fn_al, fn_torch, *arrays, tol=1e-9, grad=True):
    """Values, and gradients with the same random output weights, of al vs torch."""
    ours_in = [al.tensor(a, requires_grad=grad) for a in arrays]
    theirs_in = [torch.tensor(a, requires_grad=grad) for a in arrays]
    ours, theirs = fn_al(*ours_in), fn_torch(*theirs_in)
    close(ours, theirs, tol)
    if grad:
        w = rand(*theirs.shape)
        (ours * al.tensor(w)).sum().backward()
        (theirs * torch.tensor(w)).sum().backward()
        for o, t in zip(ours_in, theirs_in):
            close(o.grad, t.grad, 1e-7)


def gradcheck(fn, *arrays):
    assert al.autograd.gradcheck(fn, tuple(al.tensor(a, requires_grad=True) for a in arrays))


SHAPES = [(3, 3), (2, 4, 4), (2, 1, 3, 3)]


@pytest.mark.parametrize("shape", SHAPES, ids=str)
def test_inverse_det_slogdet_solve(shape):
    a, b = rand(*shape), rand(*shape[:-1], 2)
    both(al.linalg.inv, torch.linalg.inv, a)
    both(al.inverse, torch.inverse, a)
    both(al.linalg.det, torch.linalg.det, a)
    both(al.det, torch.det, a)
    both(lambda x: al.linalg.slogdet(x).logabsdet, lambda x: torch.linalg.slogdet(x).logabsdet, a)
    close(al.linalg.slogdet(al.tensor(a)).sign, torch.linalg.slogdet(torch.tensor(a)).sign)
    both(al.linalg.solve, torch.linalg.solve, a, b)
    both(lambda x, y: al.linalg.solve(x, y, left=False), lambda x, y: torch.linalg.solve(
        x, y, left=False), a, rand(*shape[:-2], 2, shape[-1]))
    both(al.linalg.solve, torch.linalg.solve, a, rand(*shape[:-1]))  # a batch of vectors
    both(al.logdet, torch.logdet, spd(*shape))


def test_solve_broadcasts_batches_and_takes_a_vector():
    a = rand(2, 3, 3)
    both(al.linalg.solve, torch.linalg.solve, a, rand(3, 2))
    both(al.linalg.solve, torch.linalg.solve, a[0], rand(3))


def test_det_gradient_is_finite_at_a_singular_matrix():
    # Rank 2: det's gradient, the cofactor matrix, is not zero (finite differences agree).
    a = np.array([[1.0, 2.0, 3.0], [2.0, 4.0, 6.0], [0.5, 1.0, 2.0]])
    both(al.linalg.det, torch.linalg.det, a, grad=False)
    gradcheck(al.linalg.det, a)
    x = al.tensor(a, requires_grad=True)
    al.linalg.det(x).backward()
    cofactor = np.array([[2.0, -1.0, 0.0], [-1.0, 0.5, 0.0], [0.0, 0.0, 0.0]])
    np.testing.assert_allclose(x.grad.numpy(), cofactor, atol=1e-12)


@pytest.mark.parametrize("upper", [False, True])
def test_cholesky(upper):
    a = spd(2, 3, 3)
    both(lambda x: al.linalg.cholesky(x, upper=upper),
         lambda x: torch.linalg.cholesky(x, upper=upper), a, grad=False)
    x = rand(2, 3, 3)
    eye = np.eye(3)
    # Through a symmetric construction the gradients are torch's.
    both(lambda t: al.linalg.cholesky(t @ t.mT + al.tensor(eye), upper=upper),
         lambda t: torch.linalg.cholesky(t @ t.mT + torch.tensor(eye), upper=upper), x)
    gradcheck(lambda t: al.linalg.cholesky(t, upper=upper), a)
    both(lambda t: al.cholesky(t @ t.mT + al.tensor(eye), upper),
         lambda t: torch.cholesky(t @ t.mT + torch.tensor(eye), upper), x)


def test_cholesky_solve_and_inverse():
    L = np.linalg.cholesky(spd(2, 3, 3))
    b = rand(2, 3, 2)
    U = np.swapaxes(L, -1, -2).copy()
    both(lambda y: al.cholesky_solve(y, al.tensor(L)),
         lambda y: torch.cholesky_solve(y, torch.tensor(L)), b)
    both(lambda y: al.cholesky_solve(y, al.tensor(U), True),
         lambda y: torch.cholesky_solve(y, torch.tensor(U), True), b)
    both(al.cholesky_inverse, torch.cholesky_inverse, L[0], grad=False)
    # The factor's gradient goes onto the triangle that is read (torch's fills both).
    gradcheck(al.cholesky_solve, b, L)
    gradcheck(al.cholesky_inverse, L[0])


@pytest.mark.parametrize("shape", [(4, 3), (3, 5), (2, 3, 3)], ids=str)
def test_qr(shape):
    a = rand(*shape)
    for mode in ("reduced", "complete"):
        Q, R = al.linalg.qr(al.tensor(a), mode)
        Qt, Rt = torch.linalg.qr(torch.tensor(a), mode)
        close(Q @ R, Qt @ Rt)
        assert Q.shape == Qt.shape and R.shape == Rt.shape
        close(Q.abs(), Qt.abs())
    assert al.linalg.qr(al.tensor(a), "r").Q.shape == (0,)
    close(al.qr(al.tensor(a), some=False).R.abs(), torch.qr(torch.tensor(a), some=False).R.abs())
    # numpy's LAPACK and torch's make the same choice of signs for QR (R's diagonal)
    both(lambda x: al.linalg.qr(x).Q, lambda x: torch.linalg.qr(x).Q, a)
    both(lambda x: al.linalg.qr(x).R, lambda x: torch.linalg.qr(x).R, a)
    gradcheck(lambda x: al.linalg.qr(x), a)


@pytest.mark.parametrize("shape", [(4, 3), (3, 5), (2, 3, 3)], ids=str)
def test_svd(shape):
    a = rand(*shape)
    both(al.linalg.svdvals, torch.linalg.svdvals, a)
    for full in (True, False):
        U, S, Vh = al.linalg.svd(al.tensor(a), full_matrices=full)
        Ut, St, Vht = torch.linalg.svd(torch.tensor(a), full_matrices=full)
        assert U.shape == Ut.shape and Vh.shape == Vht.shape
        k = S.shape[-1]
        close((U[..., :k] * S.unsqueeze(-2)) @ Vh[..., :k, :], torch.tensor(a))
    # sign-free uses of U and V: U diag(S) Vh rebuilt, |U|, U U^T
    both(lambda x: al.linalg.svd(x, False).U.abs(), lambda x: torch.linalg.svd(x, False).U.abs(), a)
    both(lambda x: (lambda r: r.U @ r.Vh)(al.linalg.svd(x, False)),
         lambda x: (lambda r: r.U @ r.Vh)(torch.linalg.svd(x, False)), a)
    both(lambda x: al.svd(x).V @ al.svd(x).V.mT, lambda x: torch.svd(x).V @ torch.svd(x).V.mT, a)
    gradcheck(lambda x: al.linalg.svd(x, full_matrices=False), a)


def test_torch_svd_without_uv():
    a = rand(4, 3)
    U, S, V = al.svd(al.tensor(a), compute_uv=False)
    Ut, St, Vt = torch.svd(torch.tensor(a), compute_uv=False)
    close(S, St)
    assert U.shape == Ut.shape and V.shape == Vt.shape and float(U.abs().sum()) == 0


@pytest.mark.parametrize("UPLO", ["L", "U"])
def test_eigh(UPLO):
    a = sym(2, 4, 4)
    both(lambda x: al.linalg.eigvalsh(x + x.mT, UPLO), lambda x: torch.linalg.eigvalsh(
        x + x.mT, UPLO), a)
    both(lambda x: al.linalg.eigh(x + x.mT, UPLO).eigenvectors.abs(),
         lambda x: torch.linalg.eigh(x + x.mT, UPLO).eigenvectors.abs(), a)
    gradcheck(lambda x: al.linalg.eigh(x, UPLO), a)


@pytest.mark.parametrize("shape", [(5, 3), (3, 5), (2, 4, 4)], ids=str)
def test_lstsq_full_rank(shape):
    a, b = rand(*shape), rand(*shape[:-1], 2)
    ours = al.linalg.lstsq(al.tensor(a), al.tensor(b))
    theirs = torch.linalg.lstsq(torch.tensor(a), torch.tensor(b))
    for o, t in zip(ours, theirs):
        assert o.shape == t.shape and o.dtype.name == str(t.dtype).split(".")[1]
    close(ours.rank, theirs.rank)
    both(lambda x, y: al.linalg.lstsq(x, y).solution,
         lambda x, y: torch.linalg.lstsq(x, y).solution, a, b)
    gradcheck(lambda x, y: al.linalg.lstsq(x, y).solution, a, b)


def test_lstsq_rank_deficient_is_the_minimum_norm_solution():
    a = rand(5, 2) @ rand(2, 3)
    b = rand(5, 1)
    ours = al.linalg.lstsq(al.tensor(a), al.tensor(b))
    assert int(ours.rank) == 2
    np.testing.assert_allclose(ours.solution.numpy(), np.linalg.pinv(a) @ b, atol=1e-9)


@pytest.mark.parametrize("ord", [None, "fro", "nuc", 2, -2, 1, -1, math.inf, -math.inf])
def test_matrix_norms(ord):
    a = rand(2, 3, 4)
    both(lambda x: al.linalg.norm(x, ord, dim=(-2, -1)),
         lambda x: torch.linalg.norm(x, ord, dim=(-2, -1)), a)
    both(lambda x: al.linalg.matrix_norm(x, ord or "fro", dim=(0, 2), keepdim=True),
         lambda x: torch.linalg.matrix_norm(x, ord or "fro", dim=(0, 2), keepdim=True), a)
    both(lambda x: al.linalg.norm(x, ord), lambda x: torch.linalg.norm(x, ord), a[0])
    gradcheck(lambda x: al.linalg.matrix_norm(x, ord or "fro"), a)


@pytest.mark.parametrize("ord", [2, 1, 3, 0.5, math.inf, -math.inf])
def test_vector_norms(ord):
    a = rand(2, 3, 4)
    both(lambda x: al.linalg.vector_norm(x, ord, dim=(1, 2)),
         lambda x: torch.linalg.vector_norm(x, ord, dim=(1, 2)), a)
    both(lambda x: al.linalg.norm(x, ord, dim=1, keepdim=True),
         lambda x: torch.linalg.norm(x, ord, dim=1, keepdim=True), a)
    both(lambda x: al.linalg.vector_norm(x, ord), lambda x: torch.linalg.vector_norm(x, ord), a)
    close(al.linalg.vector_norm(al.tensor(a), 0), torch.linalg.vector_norm(torch.tensor(a), 0))


def test_pinv_rank_and_products():
    a = rand(2, 4, 3)
    both(al.linalg.pinv, torch.linalg.pinv, a)
    both(al.pinverse, torch.pinverse, a[0])
    both(lambda x: al.linalg.pinv(x + x.mT, hermitian=True),
         lambda x: torch.linalg.pinv(x + x.mT, hermitian=True), rand(3, 3))
    gradcheck(al.linalg.pinv, a)
    low = rand(2, 4, 2) @ rand(2, 2, 3)
    close(al.linalg.matrix_rank(al.tensor(low)), torch.linalg.matrix_rank(torch.tensor(low)))
    close(al.linalg.matrix_rank(al.tensor(a), atol=1.0),
          torch.linalg.matrix_rank(torch.tensor(a), atol=1.0))
    sq = rand(2, 3, 3)
    for n in (0, 1, 5, -2):
        both(lambda x: al.linalg.matrix_power(x, n), lambda x: torch.linalg.matrix_power(x, n), sq,
             grad=n != 0)
    both(al.linalg.cross, torch.linalg.cross, rand(2, 3), rand(2, 3))
    both(lambda *t: al.linalg.multi_dot(t), lambda *t: torch.linalg.multi_dot(t),
         rand(3), rand(3, 4), rand(4, 2), rand(2))
    both(lambda x, y: al.linalg.solve_triangular(x, y, upper=True),
         lambda x, y: torch.linalg.solve_triangular(x, y, upper=True), sq + 3 * np.eye(3), sq)
    both(lambda x, y: al.linalg.solve_triangular(x, y, upper=False, left=False,
                                                 unitriangular=True),
         lambda x, y: torch.linalg.solve_triangular(x, y, upper=False, left=False,
                                                    unitriangular=True), sq, sq)


def test_float32_values():
    a = rand(3, 3).astype(np.float32)
    for name in ("inv", "det", "svdvals", "pinv"):
        ours = getattr(al.linalg, name)(al.tensor(a))
        theirs = getattr(torch.linalg, name)(torch.tensor(a))
        assert ours.dtype is al.float32
        close(ours, theirs, 1e-4)


# ---- errors, in torch's words ----


def _same_error(fn, *arrays, dtype=None):
    with pytest.raises(RuntimeError) as theirs:
        fn(torch, *[torch.tensor(a) if dtype is None else torch.tensor(a).to(dtype)
                    for a in arrays])
    with pytest.raises(RuntimeError) as ours:
        fn(al, *[al.tensor(a) if dtype is None else al.tensor(a).to(getattr(al, str(dtype)[6:]))
                 for a in arrays])
    assert str(theirs.value) in str(ours.value)


def test_errors_match_torch():
    singular = np.array([[1.0, 2.0], [2.0, 4.0]])
    _same_error(lambda m, x: m.linalg.inv(x), rand(2, 3))
    _same_error(lambda m, x: m.linalg.inv(x), singular)
    _same_error(lambda m, x: m.linalg.inv(x), np.stack([np.eye(2), singular]))
    _same_error(lambda m, x: m.linalg.solve(x, x), singular)
    _same_error(lambda m, x: m.linalg.cholesky(x), np.array([[1.0, 2.0], [2.0, 1.0]]))
    _same_error(lambda m, x: m.linalg.inv(x), np.ones((2, 2)), dtype=torch.int64)
    _same_error(lambda m, x: m.linalg.svd(x), np.ones((2, 2)), dtype=torch.int32)
    _same_error(lambda m, x: m.linalg.det(x), np.ones(3))
    _same_error(lambda m, x: m.linalg.qr(x, mode="economic"), rand(2, 2))
    _same_error(lambda m, x: m.linalg.eigh(x, UPLO="X"), rand(2, 2))
    _same_error(lambda m, x: m.linalg.matrix_norm(x, 3), rand(2, 2))
    _same_error(lambda m, x: m.linalg.norm(x, 2), rand(2, 2, 2))


def test_unsupported_gradients_say_why():
    x = al.tensor(rand(4, 2), requires_grad=True)
    with pytest.raises(RuntimeError, match="mode='complete' and nrows > ncols"):
        al.linalg.qr(x, "complete").Q.sum().backward()


# ---- the rest of torch.linalg's names ----


def test_inv_ex_and_cholesky_ex_report_info_instead_of_raising():
    good, sing = spd(3, 3), np.array([[1.0, 2, 3], [2, 4, 6], [1, 0, 1]])
    notpd = np.diag([1.0, -1.0, 2.0])
    A = np.stack([good, sing])
    ours, theirs = al.linalg.inv_ex(al.tensor(A)), torch.linalg.inv_ex(torch.tensor(A))
    assert ours.info.tolist() == theirs.info.tolist() and ours.info.dtype == al.int32
    close(ours.inverse[0], theirs.inverse[0])
    C = np.stack([good, notpd])
    ours, theirs = al.linalg.cholesky_ex(al.tensor(C)), torch.linalg.cholesky_ex(torch.tensor(C))
    assert ours.info.tolist() == theirs.info.tolist() == [0, 2]
    close(ours.L[0], theirs.L[0])
    with pytest.raises(RuntimeError, match="leading minor of order 2"):
        al.linalg.cholesky_ex(al.tensor(notpd), check_errors=True)
    # a single matrix gives a 0-d info; good matrices keep their gradients
    assert al.linalg.cholesky_ex(al.tensor(notpd)).info.ndim == 0
    x = al.tensor(C, requires_grad=True)
    al.linalg.cholesky_ex(x).L.sum().backward()
    tx = torch.tensor(C, requires_grad=True)
    torch.linalg.cholesky_ex(tx).L[0].sum().backward()
    # ours lands on the lower triangle, torch's is symmetric: the same through sym() (LINALG.md)
    close((x.grad[0] + x.grad[0].mT) / 2, tx.grad[0], 1e-7)
    assert x.grad[1].abs().sum().item() == 0


def test_solve_ex():
    A = np.stack([rand(3, 3) + 3 * np.eye(3), np.zeros((3, 3))])
    B = rand(2, 3, 2)
    ours, theirs = al.linalg.solve_ex(al.tensor(A), al.tensor(B)), torch.linalg.solve_ex(
        torch.tensor(A), torch.tensor(B))
    close(ours.result[0], theirs.result[0])
    assert ours.info.tolist()[0] == 0 and ours.info.tolist()[1] > 0 and theirs.info.tolist()[1] > 0
    both(lambda a, b: al.linalg.solve_ex(a, b).result, lambda a, b: torch.linalg.solve_ex(a, b).result,
         A[0], B[0])


@pytest.mark.parametrize("p", [None, 2, -2, "fro", "nuc", 1, -1, math.inf, -math.inf])
def test_cond(p):
    A = rand(2, 4, 4)
    both(lambda a: al.linalg.cond(a, p), lambda a: torch.linalg.cond(a, p), A, tol=1e-8,
         grad=p in (None, 2, -2))
    if p not in (None, 2, -2):  # torch's cond has no gradient here: its defining formula does
        both(lambda a: al.linalg.cond(a, p),
             lambda a: torch.linalg.matrix_norm(a, p) * torch.linalg.matrix_norm(
                 torch.linalg.inv(a), p), A, tol=1e-8)


def test_cond_of_a_singular_matrix_is_inf_and_bad_p_is_refused():
    sing = np.array([[1.0, 2.0], [2.0, 4.0]])
    assert al.linalg.cond(al.tensor(sing), 1).item() == torch.linalg.cond(
        torch.tensor(sing), 1).item() == math.inf
    with pytest.raises(RuntimeError, match="invalid norm type: 3"):
        al.linalg.cond(al.tensor(sing), 3)


@pytest.mark.parametrize("scale", [0.1, 1.0, 30.0])
def test_matrix_exp(scale):
    both(al.linalg.matrix_exp, torch.linalg.matrix_exp, scale * rand(2, 4, 4), tol=1e-10 * scale ** 2)
    close(al.matrix_exp(al.tensor(np.zeros((3, 3)))), torch.eye(3, dtype=torch.float64))


def test_tensorinv_and_tensorsolve():
    A = np.eye(24).reshape(4, 6, 8, 3) * 5 + rand(4, 6, 8, 3)
    both(lambda a: al.linalg.tensorinv(a, 2), lambda a: torch.linalg.tensorinv(a, 2), A)
    B = rand(4, 6)
    both(al.linalg.tensorsolve, torch.linalg.tensorsolve, A, B)
    # dims moves A's first dim to the end: A is (6, 2, 3) and X has 6 entries
    A3 = np.moveaxis((rand(6, 6) + 6 * np.eye(6)).reshape(2, 3, 6), 2, 0).copy()
    both(lambda a, b: al.linalg.tensorsolve(a, b, dims=(0,)),
         lambda a, b: torch.linalg.tensorsolve(a, b, dims=(0,)), A3, rand(2, 3))
    with pytest.raises(RuntimeError, match="24 != 12"):
        al.linalg.tensorinv(al.tensor(rand(4, 3, 24)), 2)


def test_vander_vecdot_diagonal_matmul():
    x = rand(2, 4)
    x[0, 1] = 0.0  # the gradient at zero stays exact
    both(al.linalg.vander, torch.linalg.vander, x)
    both(lambda a: al.linalg.vander(a, N=6), lambda a: torch.linalg.vander(a, N=6), x)
    both(al.linalg.vecdot, torch.linalg.vecdot, rand(3, 5), rand(5))
    both(lambda a: al.linalg.diagonal(a, offset=1), lambda a: torch.linalg.diagonal(a, offset=1),
         rand(2, 3, 4))
    both(al.linalg.matmul, torch.linalg.matmul, rand(2, 3, 4), rand(4, 5))
    with pytest.raises(RuntimeError, match="same size along dim"):
        al.linalg.vecdot(al.tensor(rand(3)), al.tensor(rand(4)))
    assert issubclass(al.linalg.LinAlgError, RuntimeError)

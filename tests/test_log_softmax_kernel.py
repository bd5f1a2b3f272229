"""The C++ row kernels of log_softmax and its gradient (aten_lite/csrc/log_softmax.h,
log_softmax_backward.h), which `log_softmax` over the last dim runs (cross_entropy's path):
torch and float64 NumPy are the oracles; results do not depend on the thread count or on
where a row sits.
"""

from __future__ import annotations

import re

import numpy as np
import pytest

import aten_lite as al
from aten_lite import _C

RNG = np.random.default_rng(3)


def _log_softmax(x: np.ndarray) -> np.ndarray:
    x = x.astype(np.float64)
    shifted = x - x.max(-1, keepdims=True)
    return shifted - np.log(np.exp(shifted).sum(-1, keepdims=True))


@pytest.mark.parametrize("dim", [1, -1])
@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_log_softmax_of_matrices_any_layout_matches_float64(dim, dtype):
    # Matrices over their last dim (cross_entropy's logits) take a shorter path: a transposed
    # or sliced input must still give its own rows' log_softmax.
    x = (RNG.standard_normal((30, 40)) * 4).astype(dtype)
    tol = 1e-5 if dtype == np.float32 else 1e-12
    for view in (lambda a: a, lambda a: a.T, lambda a: a[::2, 1::3]):
        got = al.log_softmax(view(al.tensor(x)), dim).numpy()
        np.testing.assert_allclose(got, _log_softmax(view(x)), rtol=tol, atol=tol)
    with pytest.raises(IndexError):
        al.log_softmax(al.tensor(x), 2)
    assert al.log_softmax(al.tensor(x), 1, dtype=al.float16).dtype is al.float16


@pytest.mark.parametrize("shape", [(32, 27), (7,), (3, 4, 300), (1, 5000), (2000, 3)])
@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_log_softmax_and_its_gradient_match_float64(shape, dtype):
    x = (RNG.standard_normal(shape) * 4).astype(dtype)
    g = RNG.standard_normal(shape).astype(dtype)
    t = al.tensor(x, requires_grad=True)
    y = al.log_softmax(t, -1)
    tol = 1e-5 if dtype == np.float32 else 1e-12
    np.testing.assert_allclose(y.detach().numpy(), _log_softmax(x), rtol=tol, atol=tol)
    y.backward(al.tensor(g))
    p = np.exp(_log_softmax(x))
    want = g - p * g.astype(np.float64).sum(-1, keepdims=True)
    np.testing.assert_allclose(t.grad.numpy(), want, rtol=tol * 10, atol=tol * 10)


def test_special_values_follow_torch():
    torch = pytest.importorskip("torch")
    x = np.array([[1, np.inf, 2], [np.nan, 1, 2], [-np.inf] * 3, [1, -np.inf, 3],
                  [-0.0, 0.0, 1e30]], np.float32)
    got = al.log_softmax(al.tensor(x), 1).numpy()
    want = torch.log_softmax(torch.tensor(x), 1).numpy()
    np.testing.assert_allclose(got, want, rtol=1e-6, atol=1e-6)  # NaN where torch has NaN


def test_same_rows_same_result_for_any_thread_count_and_offset():
    x = RNG.standard_normal((1000, 300)).astype(np.float32)
    before = _C.get_num_threads()
    outs = []
    try:
        for n in (1, 2):
            _C.set_num_threads(n)
            outs.append(al.log_softmax(al.tensor(x), 1).numpy())
    finally:
        _C.set_num_threads(before)
    assert np.array_equal(outs[0], outs[1])
    # A row alone, from a buffer at another offset, is bitwise the same as within the matrix
    # (Note [One log per row] in aten_lite/csrc/log_softmax.h: a row's log took the scalar path
    # alone and the vector one in a block, which differed for 2 rows in 1000).
    for r in range(1000):
        buf = np.empty(301, np.float32)[1:]
        buf[:] = x[r]
        assert np.array_equal(al.log_softmax(al.from_numpy(buf), 0).numpy(), outs[0][r]), r


def test_the_raw_kernels_check_shapes():
    with pytest.raises(ValueError, match=re.escape(
            "log_softmax: out and self must be 2-D of one shape (rows, classes)")):
        _C.get_kernel("log_softmax")(7, np.empty((2, 3), np.float32), np.ones((3, 2), np.float32))
    with pytest.raises(ValueError, match=re.escape("log_softmax_backward: out, grad_output and "
                                                   "log_probs must be 2-D of one shape")):
        _C.get_kernel("log_softmax_backward")(7, np.empty((2, 3), np.float32),
                                              np.ones((2, 3), np.float32),
                                              np.ones(6, np.float32))


@pytest.mark.parametrize("name", ["softmax", "log_softmax"])
@pytest.mark.parametrize("dtype", [np.float32, np.float64])
@pytest.mark.parametrize("shape", [(5, 1), (7, 33), (40, 65), (3, 1024), (2, 4099)])
def test_softmax_in_outs_rows_gives_the_blocked_paths_bits(shape, dtype, name):
    # Note [Softmax in out's rows]: float32 unit-stride rows are computed from self into out
    # directly, strided ones through the blocked scratch path; the same steps on the same
    # values: the same bits (float64 is blocked either way), and within rounding of float64
    # NumPy. (40, 65): more rows than one block of the direct path, rows shorter than a vector.
    x = (RNG.standard_normal(shape) * 4).astype(dtype)
    x[0, 0] = -np.inf
    if shape[1] > 1:
        x[-1, :] = np.nan if shape[0] > 2 else x[-1, :]
    kernel = _C.get_kernel(name)
    code = al.float32.code if dtype == np.float32 else al.float64.code
    direct = np.empty(shape, dtype)
    kernel(code, direct, x)
    strided_in = np.asfortranarray(x)  # rows of stride > one element: the blocked path
    blocked = np.asfortranarray(np.empty(shape, dtype))
    kernel(code, blocked, strided_in)
    np.testing.assert_array_equal(direct, blocked)
    with np.errstate(invalid="ignore"):  # the NaN row and the row holding -inf
        shifted = x.astype(np.float64) - x.max(axis=1, keepdims=True)
        total = np.exp(shifted).sum(axis=1, keepdims=True)
        want = np.exp(shifted) / total if name == "softmax" else shifted - np.log(total)
    tol = 1e-5 if dtype == np.float32 else 1e-12
    np.testing.assert_allclose(direct, want, rtol=tol, atol=tol, equal_nan=True)

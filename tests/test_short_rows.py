"""Elementwise ops whose innermost dim is short and some operand is broadcast along it (a
column, `x / x.sum(1, keepdim=True)`) or along the rows (a bias row), or is one element: the
rows loop of Note [Short rows with a broadcast operand] in aten_lite/csrc/loops.h, checked
against NumPy at chunk edges, with outer dims, views, in place and on two threads."""

from __future__ import annotations

import numpy as np
import pytest

import aten_lite as al


def _values(shape, dtype, seed):
    rng = np.random.default_rng(seed)
    if dtype == "bool":
        return rng.random(shape) < 0.5
    if dtype.startswith("int") or dtype.startswith("uint"):
        return rng.integers(1, 9, shape).astype(dtype)
    return (rng.standard_normal(shape) + 3).astype(dtype)


# (a's shape, b's shape): b broadcasts into a as a column, a row, one element, or a column of
# an outer dim; cols = a's last dim, from kRowsMinCols (16) to just below kScalarChunk (512)
# and around the chunk. Rows shorter than 16 keep the per-row loop: the last group checks
# that they still give NumPy's values next to it.
SHAPES = [
    ((3000, 27), (3000, 1)),
    ((3000, 27), (27,)),
    ((3000, 27), (1, 1)),
    ((7, 300, 16), (7, 300, 1)),
    ((7, 300, 17), (7, 300, 1)),
    ((7, 300, 17), (7, 1, 17)),
    ((7, 300, 17), (300, 1)),
    ((7, 300, 19), (7, 1, 19)),
    ((7, 300, 31), (300, 1)),
    ((1500, 16), (1500, 1)),
    # the per-row loop (cols < 16)
    ((7, 300, 5), (7, 300, 1)),
    ((1500, 1), (1500, 1)),
    ((40, 511), (40, 1)),
    ((40, 511), (511,)),
    ((1025, 2), (1025, 1)),
    ((1025, 16), (1025, 1)),
    ((2, 700, 3), (1, 700, 1)),
]


@pytest.mark.parametrize("threads", [1, 2])
@pytest.mark.parametrize("shapes", SHAPES, ids=str)
def test_broadcast_rows_match_numpy(shapes, threads):
    before = al.get_num_threads()
    al.set_num_threads(threads)
    try:
        sa, sb = shapes
        for dtype in ("float32", "float64", "int8", "int64"):
            a, b = _values(sa, dtype, 0), _values(sb, dtype, 1)
            ta, tb = al.tensor(a), al.tensor(b)
            np.testing.assert_array_equal((ta * tb).numpy(), a * b)
            np.testing.assert_array_equal((tb - ta).numpy(), b - a)
            np.testing.assert_array_equal((ta < tb).numpy(), a < b)
            if dtype.startswith("float"):
                np.testing.assert_array_equal((ta / tb).numpy(), a / b)
                np.testing.assert_array_equal(al.where(ta < tb, ta, tb).numpy(),
                                              np.where(a < b, a, b))
    finally:
        al.set_num_threads(before)


def test_broadcast_rows_into_views_and_in_place():
    a = _values((600, 40), "float32", 2)
    col = _values((600, 1), "float32", 3)
    # out and a as a strided view whose two inner dims are still contiguous
    big = np.zeros((3, 600, 40), np.float32)
    big[1] = a
    view = al.tensor(big)[1]
    np.testing.assert_array_equal((view + al.tensor(col)).numpy(), a + col)
    # in place: out is exactly the first input
    t = al.tensor(a)
    t /= al.tensor(col)
    np.testing.assert_array_equal(t.numpy(), a / col)
    # the broadcast operand is itself a strided view (every other row of a column)
    cols2 = _values((1200, 1), "float32", 4)
    np.testing.assert_array_equal((al.tensor(a) * al.tensor(cols2)[::2]).numpy(),
                                  a * cols2[::2])


def test_broadcast_rows_gradient_of_normalised_counts():
    # The bigram model's probs = counts / counts.sum(1, keepdim=True), forward and backward,
    # against torch when installed (float64, so both libraries round alike).
    torch = pytest.importorskip("torch")
    c = np.random.default_rng(5).random((2000, 27)) + 0.1
    g = np.random.default_rng(6).standard_normal((2000, 27))
    grads = []
    for lib in (al, torch):
        x = lib.tensor(c, requires_grad=True)
        p = x / x.sum(1, keepdim=True)
        (p * lib.tensor(g)).sum().backward()
        grads.append((p.detach().numpy(), x.grad.numpy()))
    np.testing.assert_allclose(grads[0][0], grads[1][0], rtol=1e-12)
    np.testing.assert_allclose(grads[0][1], grads[1][1], rtol=1e-9, atol=1e-12)


def test_rows_shorter_than_a_vector_keep_torch_bits_for_vector_math():
    # pow runs on libmvec, whose vector and scalar versions may differ in the last bit: rows of
    # 3 stay on the per-row loop (all scalar, as torch runs them), so a polynomial's features
    # equal torch's bit for bit (tests/programs/poly_fit.py's RMSprop fit depends on it).
    torch = pytest.importorskip("torch")
    x = np.linspace(-np.pi, np.pi, 2000).astype(np.float32)
    ours = al.tensor(x).unsqueeze(-1).pow(al.tensor([1, 2, 3])).numpy()
    theirs = torch.tensor(x).unsqueeze(-1).pow(torch.tensor([1, 2, 3])).numpy()
    assert ours.tobytes() == theirs.tobytes()

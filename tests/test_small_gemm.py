"""The small matrix product kernel (aten_lite/csrc/small_gemm.cpp, Note [Small matrix products]):
its values against NumPy in float64, every operand layout, its checks, the same bits at any
thread count, and that eager mm and graph mode's replays choose alike."""

from __future__ import annotations

import re

import numpy as np
import pytest

import aten_lite as al
from aten_lite.rules import stream_products

try:
    from aten_lite import _C
except ImportError:  # not built: these tests skip
    _C = None

RNG = np.random.default_rng(7)
CODE = {np.float32: 7, np.float64: 8}


def gemm():
    if _C is None:
        pytest.skip("the C++ extension aten_lite._C is not built")
    return _C.get_kernel("_gemm")


def operand(shape, dtype, layout):
    """A (rows, cols) array laid out as asked: C order, transposed (Fortran order), every
    other column of a wider array, or with its rows reversed (a negative stride)."""
    rows, cols = shape
    if layout == "c":
        return RNG.standard_normal(shape).astype(dtype)
    if layout == "t":
        return RNG.standard_normal((cols, rows)).astype(dtype).T
    if layout == "step":
        return RNG.standard_normal((rows, 2 * cols)).astype(dtype)[:, ::2]
    return RNG.standard_normal(shape).astype(dtype)[::-1]


SHAPES = [(1, 1, 1), (5, 3, 7), (128, 64, 192), (7, 300, 65), (33, 129, 17), (130, 257, 100),
          (6, 128, 64), (13, 1, 200), (0, 3, 4), (4, 0, 5), (3, 4, 0),
          # fewer than 128 rows: b read where it lies (its last, narrower panel packed), the
          # registers adding into out block after block of depth
          (64, 512, 256), (20, 200, 800), (100, 1024, 48), (127, 130, 33)]


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
@pytest.mark.parametrize("la, lb", [("c", "c"), ("c", "t"), ("t", "c"), ("t", "t"),
                                    ("step", "rev"), ("rev", "step")])
def test_gemm_matches_numpy_for_every_layout(dtype, la, lb):
    for m, k, n in SHAPES:
        a, b = operand((m, k), dtype, la), operand((k, n), dtype, lb)
        out = np.full((m, n), np.nan, dtype)
        assert gemm()(CODE[dtype], out, a, b) == 0
        exact = a.astype(np.float64) @ b.astype(np.float64)
        tol = 1e-5 if dtype == np.float32 else 1e-13
        np.testing.assert_allclose(out, exact, rtol=tol, atol=tol * max(k, 1),
                                   err_msg=f"{m}x{k}x{n} {la}{lb}")


@pytest.mark.parametrize("m, lb", [(300, "t"), (64, "c")])
def test_gemm_gives_the_same_bits_at_any_thread_count(m, lb):
    a, b = operand((m, 200), np.float32, "c"), operand((200, 150), np.float32, lb)
    before = al.get_num_threads()
    results = []
    try:
        for threads in (1, 2, 3):
            al.set_num_threads(threads)
            out = np.empty((m, 150), np.float32)
            gemm()(7, out, a, b)
            results.append(out)
    finally:
        al.set_num_threads(before)
    for other in results[1:]:
        assert np.array_equal(results[0], other)


def test_gemm_refuses_an_output_it_cannot_fill_in_order_and_writes_nothing():
    a, b = np.ones((4, 3)), np.ones((3, 5))
    wide = np.full((4, 10), 9.0)
    assert gemm()(8, wide[:, ::2], a, b) == 1  # not C-contiguous
    assert (wide == 9.0).all()


@pytest.mark.parametrize("args, message", [
    (lambda: (np.empty((2, 2)), np.ones((2, 3)), np.ones((2, 2))),
     "a (m, k) and b (k, n) must match, and out be (m, n)"),
    (lambda: (np.empty((3, 3)), np.ones((2, 3)), np.ones((3, 3))),
     "a (m, k) and b (k, n) must match, and out be (m, n)"),
    (lambda: (np.empty(4), np.ones((2, 2)), np.ones((2, 2))), "out, a and b must be 2-D"),
])
def test_gemm_checks_its_shapes(args, message):
    with pytest.raises(ValueError, match=f"^{re.escape('_gemm: ' + message)}$"):
        gemm()(8, *args())


def test_mm_uses_it_up_to_a_depth_of_1024_and_numpy_beyond():
    gemm()
    for rows, depth, ours in ((256, 48, True), (5, 48, True), (64, 1024, True),
                              (64, 1025, False)):
        a, b = operand((rows, depth), np.float32, "c"), operand((depth, 80), np.float32, "t")
        got = al.tensor(a).mm(al.tensor(b)).numpy()
        out = np.empty((rows, 80), np.float32)
        if ours:
            gemm()(7, out, a, b)
        else:
            np.dot(a, b, out=out)
        assert np.array_equal(got, out), rows
        assert stream_products._small(np.empty((rows, 80), np.float32), a, b) is ours


def test_eager_and_compiled_products_agree_to_the_bit():
    x = al.tensor(operand((256, 64), np.float32, "c"))
    w = al.tensor(operand((96, 64), np.float32, "c"))

    def layer(x, w):
        return (x @ w.t()).relu()

    eager = layer(x, w).numpy()
    compiled = al.compile(layer)
    assert np.array_equal(compiled(x, w).numpy(), eager)
    assert np.array_equal(compiled(x, w).numpy(), eager)  # the replay, not only the capture

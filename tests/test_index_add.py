"""The C++ row adder (aten_lite/csrc/index_add.h) behind `index_add` and an accumulating
`index_put` with one integer index (the gradient of ``x[idx]`` and of `embedding`): NumPy's
``np.add.at`` and torch are the oracles; repeated indices add up in one order whatever the
thread count; a bad index is named and nothing is written.
"""

from __future__ import annotations

import re

import numpy as np
import pytest

import aten_lite as al
from aten_lite import _C

RNG = np.random.default_rng(7)
CODE = {name: code for code, name in enumerate(
    ("bool", "uint8", "int8", "int16", "int32", "int64", "float16", "float32", "float64"))}


def _add_at(x, dim, idx, src):
    want = np.array(x, dtype=np.float64)
    np.add.at(want, (slice(None),) * dim + (idx,), src.astype(np.float64))
    return want


@pytest.mark.parametrize("dtype", ["uint8", "int16", "int64", "float16", "float32", "float64"])
@pytest.mark.parametrize("dim", [0, 1, 2])
def test_index_add_matches_add_at(dtype, dim):
    shape = [4, 5, 6]
    idx = RNG.integers(0, shape[dim], 9)  # repeats
    src_shape = list(shape)
    src_shape[dim] = idx.size
    x = (RNG.integers(0, 4, shape)).astype(dtype)
    src = (RNG.integers(0, 4, src_shape)).astype(dtype)
    got = al.index_add(al.tensor(x), dim, al.tensor(idx), al.tensor(src)).numpy()
    assert got.dtype == np.dtype(dtype)
    np.testing.assert_array_equal(got.astype(np.float64), _add_at(x, dim, idx, src))


def test_index_add_takes_strided_operands_alpha_and_bool():
    x = RNG.standard_normal((6, 8))
    src = RNG.standard_normal((3, 6)).T  # transposed: not contiguous
    idx = al.tensor([7, 0, 7], dtype=al.int32)
    got = al.tensor(x).index_add(1, idx, al.tensor(src), alpha=2.5).numpy()
    np.testing.assert_allclose(got, _add_at(x, 1, idx.numpy(), 2.5 * src), rtol=1e-12)
    b = al.zeros(4, dtype=al.bool).index_add(0, al.tensor([1, 1, 3]), al.tensor([True, False,
                                                                                   True]))
    assert b.tolist() == [False, True, False, True]


def test_index_put_accumulate_matches_torch():
    torch = pytest.importorskip("torch")
    idx = RNG.integers(-27, 27, (32, 3))  # negative indices count from the end
    vals = RNG.standard_normal((32, 3, 10)).astype(np.float32)
    got = al.zeros(27, 10).index_put([al.tensor(idx)], al.tensor(vals), accumulate=True)
    want = torch.zeros(27, 10).index_put([torch.tensor(idx)], torch.tensor(vals),
                                         accumulate=True)
    np.testing.assert_allclose(got.numpy(), want.numpy(), rtol=1e-6, atol=1e-6)
    # A value broadcast over the picked rows, and in place.
    x = al.zeros(5, 2)
    x.index_put_([al.tensor([4, 4, 0])], al.tensor(1.5), accumulate=True)
    assert x.tolist() == [[1.5, 1.5], [0, 0], [0, 0], [0, 0], [3.0, 3.0]]


def test_gradient_of_a_row_lookup_adds_repeats():
    w = al.tensor(RNG.standard_normal((5, 3)), requires_grad=True)
    idx = al.tensor([[1, 4], [1, 1]])
    g = RNG.standard_normal((2, 2, 3))
    (w[idx] * al.tensor(g)).sum().backward()
    np.testing.assert_allclose(w.grad.numpy(), _add_at(np.zeros((5, 3)), 0,
                                                       idx.numpy().reshape(-1),
                                                       g.reshape(-1, 3)), rtol=1e-12)


def test_a_bad_index_is_named_and_nothing_is_written():
    x = al.zeros(3, 2)
    with pytest.raises(IndexError, match=re.escape(
            "index 3 is out of bounds for dimension 0 with size 3")):
        x.index_put_([al.tensor([0, 3])], al.ones(2, 2), accumulate=True)
    assert x.tolist() == [[0, 0]] * 3
    with pytest.raises(IndexError, match=re.escape(
            "index -1 is out of bounds for dimension 1 with size 2")):
        al.index_add(x, 1, al.tensor([0, -1]), al.ones(3, 2))


def test_the_raw_kernel_adds_in_one_order_for_any_thread_count():
    k = _C.get_kernel("index_add")
    idx = RNG.integers(0, 50, 20000)
    src = RNG.standard_normal((3, 20000, 700)).astype(np.float32)
    before = _C.get_num_threads()
    outs = []
    try:
        for n in (1, 2):
            _C.set_num_threads(n)
            out = np.zeros((3, 50, 700), np.float32)
            assert k(CODE["float32"], out, idx, src, False) == idx.size
            outs.append(out)
    finally:
        _C.set_num_threads(before)
    assert np.array_equal(outs[0], outs[1])
    np.testing.assert_allclose(outs[0], _add_at(np.zeros((3, 50, 700)), 1, idx, src),
                               rtol=1e-4, atol=1e-3)


def test_the_raw_kernel_checks_shapes_and_indices_before_writing():
    k = _C.get_kernel("index_add")
    out = np.zeros((1, 4, 2))
    with pytest.raises(ValueError, match=re.escape(
            "index_add: source must be (P, N, K) for out (P, R, K) and an index of length N")):
        k(CODE["float64"], out, np.array([0, 1]), np.ones((1, 3, 2)), False)
    with pytest.raises(ValueError, match="must be 3-D"):
        k(CODE["float64"], out[0], np.array([0, 1]), np.ones((2, 2)), False)
    # The count of leading good indices; out untouched.
    assert k(CODE["float64"], out, np.array([1, 2, 9]), np.ones((1, 3, 2)), False) == 2
    assert k(CODE["float64"], out, np.array([1, -4]), np.ones((1, 2, 2)), False) == 1
    assert not out.any()
    assert k(CODE["float64"], out, np.array([1, -4]), np.ones((1, 2, 2)), True) == 2
    assert out[0, :, 0].tolist() == [1, 1, 0, 0]

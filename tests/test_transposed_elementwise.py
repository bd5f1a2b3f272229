"""Elementwise ops where an input walks the two inner dims in the opposite order to out (the a
of a.T + b): the tiled loop of Note [Packing a transposed tile] in aten_lite/csrc/loops.cpp,
checked against NumPy with tiles that do not divide the sizes, register blocks cut at the
edges, 1-, 4- and 8-byte elements, 3-d permutations, broadcast operands, views and two
threads."""

from __future__ import annotations

import numpy as np
import pytest

import aten_lite as al

TILE = 128  # kTile in aten_lite/csrc/loops.h: the tiled loop takes dims of 2 * TILE and more


def _values(shape, dtype, seed):
    rng = np.random.default_rng(seed)
    if dtype == "bool":
        return rng.random(shape) < 0.5
    if dtype.startswith("int"):
        return rng.integers(-50, 50, shape).astype(dtype)
    return (rng.standard_normal(shape) + 3).astype(dtype)


# (rows, cols) of out: exact tiles, tiles not dividing, a ragged edge shorter than a register
# block (8 floats, 4 doubles), odd sizes.
SHAPES = [(256, 256), (257, 300), (300, 263), (385, 259), (263, 517)]


def _with_threads(n, fn):
    before = al.get_num_threads()
    al.set_num_threads(n)
    try:
        fn()
    finally:
        al.set_num_threads(before)


@pytest.mark.parametrize("threads", [1, 2])
@pytest.mark.parametrize("shape", SHAPES, ids=str)
def test_transposed_operand_matches_numpy(shape, threads):
    r, c = shape

    def check():
        for dtype in ("float32", "float64", "int64", "int8"):
            a, b = _values((c, r), dtype, 0), _values((r, c), dtype, 1)
            ta, tb = al.tensor(a), al.tensor(b)
            np.testing.assert_array_equal((ta.T + tb).numpy(), a.T + b)
            np.testing.assert_array_equal((tb - ta.T).numpy(), b - a.T)
            np.testing.assert_array_equal((ta.T < tb).numpy(), a.T < b)
            # both inputs transposed: out follows their layout, so nothing is packed; a
            # contiguous out given by out= makes both packed
            np.testing.assert_array_equal((ta.T * tb.T.contiguous().T).numpy(), a.T * b)
            out = al.empty(r, c, dtype=getattr(al, dtype))
            al.mul(ta.T, tb.T.contiguous().T.T.T, out=out)
            np.testing.assert_array_equal(out.numpy(), a.T * b)
            if dtype.startswith("float"):
                np.testing.assert_array_equal((ta.T / tb).numpy(), a.T / b)
                np.testing.assert_array_equal(al.where(ta.T < tb, ta.T, tb).numpy(),
                                              np.where(a.T < b, a.T, b))

    _with_threads(threads, check)


def test_transposed_operand_takes_the_strided_path_code():
    a, b = _values((300, 270), "float32", 2), _values((270, 300), "float32", 3)
    ta, tb = al.tensor(a), al.tensor(b)
    with al.trace_dispatch() as trace:
        result = ta.T + tb
    assert [e.path for e in trace if e.op == "add.Tensor"] == [2]
    np.testing.assert_array_equal(result.numpy(), a.T + b)


# (out's shape, the permutation of a's source): a's unit stride on one of out's two inner dims,
# or (the last three) on an outer dim of out
PERMUTED = [((3, 270, 261), (0, 2, 1)), ((3, 270, 261), (2, 1, 0)),
            ((3, 270, 261), (1, 2, 0)), ((3, 270, 261), (2, 0, 1)),
            ((270, 5, 261), (2, 0, 1)), ((259, 2, 3, 300), (3, 0, 1, 2))]


@pytest.mark.parametrize("threads", [1, 2])
@pytest.mark.parametrize("out_shape,perm", PERMUTED, ids=str)
def test_permuted_operand_matches_numpy(out_shape, perm, threads):
    src_shape = tuple(np.array(out_shape)[np.argsort(perm)])

    def check():
        for dtype in ("float32", "float64", "int64"):
            a = _values(src_shape, dtype, 4)
            b = _values(out_shape, dtype, 5)
            pa = a.transpose(perm)
            assert pa.shape == out_shape
            ta = al.tensor(a).permute(*perm)
            np.testing.assert_array_equal((ta + al.tensor(b)).numpy(), pa + b)
            np.testing.assert_array_equal((al.tensor(b) * ta).numpy(), b * pa)

    _with_threads(threads, check)


def test_transposed_operand_with_broadcast_operands():
    r, c = 259, 301
    a = _values((c, r), "float32", 6)
    row, col, one = (_values(s, "float32", 7 + i) for i, s in enumerate([(c,), (r, 1), (1, 1)]))
    ta = al.tensor(a)
    np.testing.assert_array_equal((ta.T + al.tensor(row)).numpy(), a.T + row)
    np.testing.assert_array_equal((ta.T * al.tensor(col)).numpy(), a.T * col)
    np.testing.assert_array_equal((ta.T - al.tensor(one)).numpy(), a.T - one)
    np.testing.assert_array_equal(al.where(ta.T > 3, al.tensor(row), al.tensor(col)).numpy(),
                                  np.where(a.T > 3, row, col))
    # a batch of transposed matrices plus one shared matrix broadcast over the batch
    batch = _values((2, c, r), "float64", 10)
    shared = _values((r, c), "float64", 11)
    np.testing.assert_array_equal((al.tensor(batch).transpose(1, 2) + al.tensor(shared)).numpy(),
                                  batch.transpose(0, 2, 1) + shared)


def test_transposed_views_and_in_place():
    r, c = 300, 280
    big = _values((2 * c, r + 5), "float32", 12)
    b = _values((r, c), "float32", 13)
    # the transposed input is a strided view: every other row, an offset column start
    view = al.tensor(big)[::2, 3:3 + r]
    np.testing.assert_array_equal((view.T + al.tensor(b)).numpy(), big[::2, 3:3 + r].T + b)
    # every other column: the transposed input's rows are not its unit stride (no register
    # transpose)
    wide = _values((c, 2 * r), "float32", 15)
    np.testing.assert_array_equal((al.tensor(wide)[:, ::2].T * al.tensor(b)).numpy(),
                                  wide[:, ::2].T * b)
    # in place into a contiguous out from a transposed input
    t = al.tensor(b)
    t += al.tensor(big)[:c, :r].T
    np.testing.assert_array_equal(t.numpy(), b + big[:c, :r].T)
    # NaN payloads and signed zeros come through the register transpose unchanged
    bits = np.random.default_rng(14).integers(0, 2**32, (c, r), dtype=np.uint64)
    weird = (bits.astype(np.uint32) | np.uint32(0x7F800001)).view(np.float32)
    weird[::7] = -0.0
    got = al.where(al.tensor(b) > 100, al.tensor(b), al.tensor(weird).T).numpy()
    assert got.tobytes() == np.ascontiguousarray(weird.T).tobytes()

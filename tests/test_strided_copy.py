"""Large strided copies (copy_, clone, contiguous) run the C++ loops through the YAML op
`_copy_strided` (Note [Strided copies] in aten_lite/rules/kernel_rules.py): the same bits as
NumPy's copy, NaN payloads and -0.0 included, for every dtype, layout and broadcast."""

from __future__ import annotations

import numpy as np
import pytest

import aten_lite as al
from aten_lite.rules.kernel_rules import copy_strided

DTYPES = ["float32", "float64", "int8", "uint8", "int16", "int32", "int64", "bool"]


def _values(shape, dtype, seed=0):
    rng = np.random.default_rng(seed)
    if dtype == "bool":
        return rng.random(shape) < 0.5
    if dtype.startswith("float"):
        a = rng.standard_normal(shape).astype(dtype)
        flat = a.reshape(-1)
        flat[::97] = -0.0
        flat[5::101] = np.inf
        # a NaN with a payload: it must arrive with the same bits
        bits = flat.view(np.uint32 if dtype == "float32" else np.uint64)
        bits[7::89] = 0x7FC0_1234 if dtype == "float32" else 0x7FF8_0000_0000_1234
        return a
    info = np.iinfo(dtype)
    return rng.integers(info.min, info.max, shape, endpoint=True).astype(dtype)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("threads", [1, 2])
def test_transposed_and_permuted_copies_keep_every_bit(dtype, threads):
    before = al.get_num_threads()
    al.set_num_threads(threads)
    try:
        a = _values((300, 517), dtype)
        t = al.tensor(a)
        want = np.ascontiguousarray(a.T)
        got = t.t().contiguous()
        assert got.is_contiguous() and got.numpy().tobytes() == want.tobytes()
        assert t.t().clone().numpy().tobytes() == want.tobytes()
        z = al.empty(517, 300, dtype=t.dtype)
        assert z.copy_(t.t()) is z and z.numpy().tobytes() == want.tobytes()
        b = _values((6, 130, 90), dtype, 1)
        p = al.tensor(b).permute(2, 0, 1)
        assert p.contiguous().numpy().tobytes() == \
            np.ascontiguousarray(b.transpose(2, 0, 1)).tobytes()
        # into a strided destination: every other column of a wider tensor, from a transpose
        wide = al.tensor(np.zeros((517, 600), dtype))
        wide[:, ::2].copy_(t.t())
        ref = np.zeros((517, 600), dtype)
        ref[:, ::2] = a.T
        assert wide.numpy().tobytes() == ref.tobytes()
    finally:
        al.set_num_threads(before)


def test_a_broadcast_source_is_copied_into_every_row():
    col = _values((700, 1), "float64")
    z = al.empty(700, 300, dtype=al.float64)
    z.copy_(al.tensor(col))
    assert z.numpy().tobytes() == np.broadcast_to(col, (700, 300)).tobytes()


def test_which_copies_take_the_kernel():
    big_t = np.ones((400, 300), np.float32).T
    out = np.empty((300, 400), np.float32)
    assert copy_strided(out, big_t, al.float32) and np.array_equal(out, big_t)
    assert not copy_strided(np.empty((30, 40), np.float32), np.ones((40, 30), np.float32).T,
                            al.float32)  # small: NumPy's call costs less
    assert not copy_strided(np.empty((400, 300)), np.ones((400, 300)), al.float64)  # contiguous
    half = np.ones((400, 300), np.float16).T
    assert not copy_strided(np.empty((300, 400), np.float16), half, al.float16)
    # float16 keeps NumPy's copy: a signalling NaN stays signalling
    h = np.full((400, 300), np.uint16(0x7C01)).view(np.float16)
    got = al.tensor(h).t().contiguous().numpy()
    assert got.view(np.uint16).tolist() == np.ascontiguousarray(h.T).view(np.uint16).tolist()


def test_a_gradient_flows_through_contiguous_of_a_transpose():
    x = al.tensor(np.arange(600.0 * 200).reshape(600, 200), requires_grad=True)
    w = al.tensor(np.linspace(-1, 1, 600 * 200).reshape(200, 600))
    (x.t().contiguous() * w).sum().backward()
    np.testing.assert_array_equal(x.grad.numpy(), w.numpy().T)

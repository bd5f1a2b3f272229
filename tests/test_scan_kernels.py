"""cumsum and cumprod (the C++ scans of csrc/scan.h) agree with torch's CPU scans bit for bit:
every dtype, any dim, strided and transposed views, 0-dim and empty inputs, dtype=, out= and
in place, integer wrap-around, and lines scanned side by side across more than one block.
Oracle: torch, the same call on the same values."""

from __future__ import annotations

import re

import numpy as np
import pytest

import aten_lite as al
from aten_lite.rules.kernel_rules import c_kernel as kernel

torch = pytest.importorskip("torch")

_RNG = np.random.default_rng(7)
OPS = ("cumsum", "cumprod")
DTYPES = ("float32", "float16", "float64", "int64", "int32", "int16", "int8", "uint8", "bool")


def _values(shape, dtype: str, op: str) -> np.ndarray:
    if dtype == "bool":
        return _RNG.random(shape) < (0.9 if op == "cumprod" else 0.5)
    if dtype.startswith(("int", "uint")):
        lo = 0 if dtype == "uint8" else -3
        return _RNG.integers(lo, 4, shape).astype(dtype)
    x = _RNG.uniform(-0.9, 0.9, shape)
    return (1 + x / 50 if op == "cumprod" else x).astype(dtype)


def _same(ours, theirs) -> None:
    assert str(ours.dtype).split(".")[-1] == str(theirs.dtype).split(".")[-1]
    assert tuple(ours.shape) == tuple(theirs.shape)
    np.testing.assert_array_equal(ours.numpy(), theirs.numpy())


def _both(x: np.ndarray):
    return al.tensor(x.copy()), torch.from_numpy(x.copy())


@pytest.mark.parametrize("op", OPS)
@pytest.mark.parametrize("dtype", DTYPES)
def test_random_shapes_and_dims(op, dtype):
    for shape in [(7,), (3000,), (5, 6), (37, 1100), (1100, 3), (2, 3, 4), (3, 1500, 2),
                  (2, 2, 3, 5)]:
        a, t = _both(_values(shape, dtype, op))
        for d in range(-len(shape), len(shape)):
            _same(getattr(al, op)(a, d), getattr(torch, op)(t, d))


@pytest.mark.parametrize("op", OPS)
@pytest.mark.parametrize("dtype", ["float32", "float16", "float64", "int32"])
def test_strided_and_transposed_views(op, dtype):
    a, t = _both(_values((40, 1200), dtype, op))
    for view in (lambda v: v.t(), lambda v: v[:, ::3], lambda v: v[::2, 5:].t(),
                 lambda v: v.reshape(8, 5, 1200).permute(2, 0, 1),
                 lambda v: v.reshape(8, 5, 1200).transpose(0, 2)[::7],
                 lambda v: v[3].expand(4, 1200), lambda v: v.reshape(1200, 40).t(),
                 lambda v: v.reshape(300, 160)[1:].t()):
        va, vt = view(a), view(t)
        for d in range(va.dim()):
            _same(getattr(al, op)(va, d), getattr(torch, op)(vt, d))


@pytest.mark.parametrize("op", OPS)
def test_0_dim_and_empty(op):
    for x in (np.float32(-0.0), np.float16(3.5), np.int32(-4), np.bool_(True)):
        a, t = _both(np.asarray(x))
        _same(getattr(al, op)(a, 0), getattr(torch, op)(t, 0))
        _same(getattr(al, op)(a, -1), getattr(torch, op)(t, -1))
    for shape in [(0,), (3, 0), (0, 4), (2, 0, 3)]:
        for dtype in ("float32", "int8", "bool"):
            a, t = _both(np.zeros(shape, dtype))
            for d in range(len(shape)):
                _same(getattr(al, op)(a, d), getattr(torch, op)(t, d))


def test_signed_zeros_nan_and_inf():
    x = np.array([[-0.0, -0.0, 1.0, np.inf, -np.inf, 2.0],
                  [np.nan, 1.0, -0.0, 0.0, 3e38, 3e38]], np.float32)
    for dtype in (np.float32, np.float16, np.float64):
        with np.errstate(over="ignore"):  # 3e38 is inf in float16, in both libraries
            a, t = _both(x.astype(dtype))
        for op in OPS:
            for d in (0, 1):
                _same(getattr(al, op)(a, d), getattr(torch, op)(t, d))


@pytest.mark.parametrize("op", OPS)
def test_dtype_argument(op):
    for src, dst in [("float32", "float64"), ("float32", "float16"), ("float16", "float32"),
                     ("float64", "float32"), ("int32", "float32"), ("int64", "int32"),
                     ("uint8", "uint8"), ("bool", "int16"), ("float32", "int64")]:
        x = _values((6, 700), src, op) * (3 if src == "float32" and dst == "int64" else 1)
        a, t = _both(x)
        for d in (0, 1):
            _same(getattr(al, op)(a, d, dtype=getattr(al, dst)),
                  getattr(torch, op)(t, d, dtype=getattr(torch, dst)))


def test_integer_results_wrap_as_torchs():
    big = np.array([2**62, 2**62, 2**62, -5, 7], np.int64)
    a, t = _both(big)
    _same(al.cumsum(a, 0), torch.cumsum(t, 0))
    _same(al.cumprod(a, 0), torch.cumprod(t, 0))
    x = np.full(300, 200, np.uint8)
    a, t = _both(x)
    for op in OPS:  # a narrow result dtype wraps like the int64 running value cast to it
        for dt in ("uint8", "int8", "int16", "int32"):
            _same(getattr(al, op)(a, 0, dtype=getattr(al, dt)),
                  getattr(torch, op)(t, 0, dtype=getattr(torch, dt)))


@pytest.mark.parametrize("op", OPS)
def test_out_and_in_place(op):
    x = _values((30, 50), "float32", op)
    a, t = _both(x)
    out_a, out_t = al.empty((30, 50)), torch.empty((30, 50))
    getattr(al, op)(a.t(), 1, out=out_a.t())
    getattr(torch, op)(t.t(), 1, out=out_t.t())
    _same(out_a, out_t)
    _same(getattr(a, op + "_")(0), getattr(t, op + "_")(0))
    _same(a, t)


def test_threads_give_the_same_bits():
    x = _values((64, 70_000), "float32", "cumsum")
    a, t = _both(x)
    before = al.get_num_threads()
    try:
        for n in (1, 2, 4):
            al.set_num_threads(n)
            for d in (0, 1):
                _same(al.cumsum(a, d), torch.cumsum(t, d))
                _same(al.cumsum(a.t(), d), torch.cumsum(t.t(), d))
    finally:
        al.set_num_threads(before)


@pytest.mark.parametrize("name", OPS)
@pytest.mark.parametrize("out, self, message", [
    ((4, 5), (4, 5), "out and self must be 3-D (P, N, K)"),
    ((2, 4, 5), (2, 4, 6), "out and self must have one shape (P, N, K)"),
    ((2, 4, 5), (2, 5, 5), "out and self must have one shape (P, N, K)"),
])
def test_the_scan_kernels_check_their_shapes(name, out, self, message):
    # What keeps a direct caller of _C from reading or writing out of bounds.
    with pytest.raises(ValueError, match=f"^{re.escape(name + ': ' + message)}$"):
        kernel(name)(al.float32.code, np.empty(out, np.float32), np.ones(self, np.float32))

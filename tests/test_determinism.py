"""Same input, same answer: a reduction depends on the shape, dtype and thread count of its
input, never on where the input sits in memory (Note [Lanes follow the logical index] in
aten_lite/csrc/reduce.h)."""

from __future__ import annotations

import numpy as np
import pytest

import aten_lite as al

try:
    from aten_lite import _C
except ImportError:
    _C = None

CODE = {"float16": 6, "float32": 7, "float64": 8}


def at_offsets(values: np.ndarray, offsets=range(16)):
    """The same values placed at each element offset of a fresh buffer: 16 addresses."""
    for k in offsets:
        buf = np.zeros(values.shape[0] + 16, values.dtype)
        buf[k:k + values.shape[0]] = values
        yield buf[k:k + values.shape[0]]


@pytest.mark.parametrize("dtype", ["float32", "float16", "float64"])
@pytest.mark.parametrize("op", ["sum", "mean"])
def test_sum_does_not_depend_on_the_address(dtype, op):
    values = np.random.default_rng(0).standard_normal(100_000).astype(dtype)
    results = {getattr(al.from_numpy(v), op)().item() for v in at_offsets(values)}
    assert len(results) == 1, results


def test_views_at_every_offset_give_one_sum():
    # Offset views into one aten_lite buffer (the case of x[k:].sum()): same values each time.
    values = np.random.default_rng(1).standard_normal(100_000).astype(np.float32)
    sums = set()
    for k in range(16):
        buf = np.zeros(100_016, np.float32)
        buf[k:k + 100_000] = values
        sums.add(al.tensor(buf)[k:k + 100_000].sum().item())
    assert len(sums) == 1, sums


@pytest.mark.parametrize("threads", [1, 2])
def test_raw_kernel_sums_agree_at_every_offset(threads):
    if _C is None:
        pytest.skip("the C++ extension aten_lite._C is not built")
    k = _C.get_kernel("sum")
    before = _C.get_num_threads()
    values = np.random.default_rng(2).standard_normal(300_000).astype(np.float32)
    rows = np.random.default_rng(3).standard_normal((50, 1000)).astype(np.float32)
    try:
        _C.set_num_threads(threads)
        flat, per_row = set(), set()
        for v in at_offsets(values):
            out = np.empty((), np.float32)
            k(CODE["float32"], out, v)
            flat.add(out.item())
        for k_off in range(16):
            buf = np.zeros((50, 1016), np.float32)
            buf[:, k_off:k_off + 1000] = rows
            out = np.empty(50, np.float32)
            k(CODE["float32"], out, buf[:, k_off:k_off + 1000])
            per_row.add(out.tobytes())
    finally:
        _C.set_num_threads(before)
    assert len(flat) == 1, flat
    assert len(per_row) == 1


def test_sum_streamed_from_memory_does_not_depend_on_the_address():
    # Above 32 MB the kernel starts its wide loop at a cache line (rotated lanes); below, it
    # does not peel at all: both must give one answer.
    values = np.random.default_rng(4).standard_normal(9_000_000).astype(np.float32)
    sums = {al.from_numpy(v).sum().item() for v in at_offsets(values, (0, 1, 5, 15))}
    assert len(sums) == 1, sums


def _short_rows(dtype: str, m: int, rows: int = 37) -> np.ndarray:
    """rows x m values of dtype with NaN, infinities and -0.0 in some rows."""
    rng = np.random.default_rng(m)
    if dtype == "bool":
        return rng.random((rows, m)) < 0.5
    if dtype.startswith("int"):
        return rng.integers(-3, 4, (rows, m)).astype(dtype)
    a = (rng.standard_normal((rows, m)) * 3).astype(dtype)
    a[::3, 0] = -0.0
    a[1, -1], a[4, 0], a[5, m // 2] = np.nan, np.inf, -np.inf
    a[7] = -0.0
    return a


@pytest.mark.parametrize("dtype", ["float32", "float64", "float16", "int32", "bool"])
def test_short_rows_reduce_as_each_row_alone(dtype):
    # Note [Short runs fold across outputs] in aten_lite/csrc/reduce.h: rows shorter than the
    # lane count are folded 16 at a time, and must give each row's own result bit for bit
    # (a row alone takes the one-output loop), for every reducer and for the rows after the
    # last group of 16; and on two threads, with enough rows that the outputs are really
    # split between them, the same bits as on one.
    before = al.get_num_threads()
    try:
        for m in (1, 2, 5, 27, 33, 63, 96):
            a = _short_rows(dtype, m)
            big = al.tensor(_short_rows(dtype, m, rows=40_037))
            t = al.tensor(a)
            for op in ("sum", "mean", "prod", "amax", "amin", "all", "any"):
                if op == "mean" and not dtype.startswith("float"):
                    continue
                al.set_num_threads(1)
                together = getattr(t, op)(1).numpy()
                alone = np.stack([getattr(t[r], op)().numpy() for r in range(a.shape[0])])
                assert together.tobytes() == alone.tobytes(), (op, m)
                one = getattr(big, op)(1).numpy()
                al.set_num_threads(2)
                assert getattr(big, op)(1).numpy().tobytes() == one.tobytes(), (op, m)
    finally:
        al.set_num_threads(before)


@pytest.mark.parametrize("dtype", ["float32", "float64", "float16", "int32", "bool"])
def test_rows_reduce_as_each_row_alone(dtype):
    # Rows of at least the lane count: each output is one row's fold (fold_row in
    # aten_lite/csrc/reduce.h, whose merge tree runs in vectors), a row alone the one-output
    # loop (fold_contiguous_parallel, the merges in a plain loop): the same pairs, so the same
    # bits, NaN, infinities and -0.0 included; 4100 is past one block of 4096.
    for m in (64, 100, 1024, 4100):
        a = _short_rows(dtype, m)
        t = al.tensor(a)
        for op in ("sum", "mean", "prod", "amax", "amin", "all", "any"):
            if op == "mean" and not dtype.startswith("float"):
                continue
            together = getattr(t, op)(1).numpy()
            alone = np.stack([getattr(t[r], op)().numpy() for r in range(a.shape[0])])
            assert together.tobytes() == alone.tobytes(), (op, m)


@pytest.mark.parametrize("m", [3, 27, 63])
def test_short_row_sums_match_numpy(m):
    a = np.random.default_rng(5).standard_normal((70_000, m)).astype(np.float32)
    got = al.tensor(a).sum(1, keepdim=True).numpy()
    np.testing.assert_allclose(got, a.astype(np.float64).sum(1, keepdims=True), rtol=1e-6,
                               atol=1e-5)
    assert got.shape == (70_000, 1)


@pytest.mark.parametrize("rows", [1, 3, 4, 5, 8, 13, 100])
def test_sums_over_dim_0_step_through_the_rows_in_order(rows):
    # Loop 1 of aten_lite/csrc/reduce.h folds four rows per pass over its accumulators, each
    # column still stepping through the rows in order: in float32 (products in float64) within
    # a block of 4096 rows, as NumPy's reduction over axis 0 does, so the bits are NumPy's.
    a = np.random.default_rng(rows).standard_normal((rows, 1037)).astype(np.float32)
    t = al.tensor(a)
    assert t.sum(0).numpy().tobytes() == a.sum(0).tobytes()
    assert t.amax(0).numpy().tobytes() == a.max(0).tobytes()
    want = a.astype(np.float64).prod(0).astype(np.float32)
    assert t.prod(0).numpy().tobytes() == want.tobytes()


def _bits(t):
    return np.ascontiguousarray(t.numpy()).view(np.uint8)


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("n", [64, 255, 256, 1024, 4100])
def test_layer_norm_kernels_give_the_composed_ops_bits(dtype, n):
    # Short rows are centred in blocks, rows of 256 and more one at a time from the input
    # itself (Note [Long rows of layer_norm] in aten_lite/csrc/layer_norm.h): both take the
    # steps of the ops layer_norm stands for, so the same bits; and a strided input, which the
    # long path converts first, the same bits as a contiguous one.
    from aten_lite._generated import ops
    from aten_lite.nn import functional as F

    rng = np.random.default_rng(n)
    d = getattr(al, dtype)
    x = al.tensor(rng.standard_normal((7, n)) * 3 + 1).to(d)
    g = al.tensor(rng.standard_normal((7, n))).to(d)
    w, b = (al.tensor(rng.standard_normal(n)).to(d) for _ in range(2))
    m = x.mean(-1, keepdim=True)
    var = ((x - m) * (x - m)).mean(-1, keepdim=True)
    composed = (x - m) * (var + 1e-5).rsqrt() * w + b
    assert np.array_equal(_bits(F.layer_norm(x, (n,), w, b, 1e-5)), _bits(composed))
    xhat = ops._layer_norm(x, al.ones(n, dtype=d), al.zeros(n, dtype=d), 1e-5)
    assert np.array_equal(_bits(ops._layer_norm_weight_grad(g, x, 1e-5)),
                          _bits((g * xhat).sum(0)))
    strided_x = al.tensor(np.repeat(x.numpy(), 2, 1))[:, ::2]
    strided_g = g.t().contiguous().t()
    assert not strided_x.is_contiguous() and not strided_g.is_contiguous()
    grad = ops._layer_norm_backward(g, x, w, 1e-5)
    assert np.array_equal(_bits(ops._layer_norm_backward(strided_g, strided_x, w, 1e-5)),
                          _bits(grad))
    assert np.array_equal(_bits(ops._layer_norm(strided_x, w, b, 1e-5)),
                          _bits(F.layer_norm(x, (n,), w, b, 1e-5)))
    # the gradient itself, against float64 NumPy
    x64, g64, w64 = (t.numpy().astype(np.float64) for t in (x, g, w))
    c = x64 - x64.mean(-1, keepdims=True)
    r = 1 / np.sqrt((c * c).mean(-1, keepdims=True) + 1e-5)
    gw = g64 * w64
    want = r * (gw - gw.mean(-1, keepdims=True) - c * r * (gw * c * r).mean(-1, keepdims=True))
    np.testing.assert_allclose(grad.numpy(), want, rtol=1e-3 if dtype == "float32" else 1e-10,
                               atol=1e-4 if dtype == "float32" else 1e-12)


@pytest.mark.parametrize("threads", [1, 2])
@pytest.mark.parametrize("dtype", ["float32", "float64", "float16"])
@pytest.mark.parametrize("shape", [(16, 32, 64), (3, 5), (1, 7), (9000, 8), (2, 3, 300), (0, 4)])
def test_layer_norm_gradients_from_one_kernel_have_the_three_ops_bits(shape, dtype, threads):
    # LayerNorm's backward takes self's, weight's and bias's gradients from one kernel where it
    # can (Note [Three layer_norm gradients from one kernel] in
    # aten_lite/autograd/_formulas_norm.py): the bits of the three ops it stands for, whatever
    # the thread count, float16 (which takes the three ops) and nn.Parameter weights included.
    from aten_lite._generated import ops
    from aten_lite.autograd import _formulas_norm

    before = al.get_num_threads()
    al.set_num_threads(threads)
    try:
        rng = np.random.default_rng(sum(shape))
        d = getattr(al, dtype)
        x = al.tensor(rng.standard_normal(shape) * 2 + 0.5).to(d).requires_grad_()
        ln = al.nn.LayerNorm(shape[-1]).to(d)
        with al.no_grad():
            ln.weight.copy_(al.tensor(rng.standard_normal(shape[-1])))
        g = al.tensor(rng.standard_normal(shape)).to(d)
        ln(x).backward(g)
        with al.no_grad():
            want = (ops._layer_norm_backward(g, x, ln.weight, 1e-5),
                    ops._layer_norm_weight_grad(g, x, 1e-5), g.reshape(-1, shape[-1]).sum(0))
        for got, ref in zip((x.grad, ln.weight.grad, ln.bias.grad), want):
            assert got.shape == ref.shape
            assert np.array_equal(_bits(got), _bits(ref))
        assert _formulas_norm._last[0] is None  # the bias's gradient released the others
    finally:
        al.set_num_threads(before)


def test_layer_norm_gradients_under_create_graph_differentiate_again():
    # create_graph takes the differentiable ops: the second derivative against torch's.
    torch = pytest.importorskip("torch")
    rng = np.random.default_rng(3)
    xn, wn = rng.standard_normal((4, 6)), rng.standard_normal(6)
    results = []
    for lib in (al, torch):
        x = lib.tensor(xn, requires_grad=True)
        w = lib.tensor(wn, requires_grad=True)
        y = lib.nn.functional.layer_norm(x, (6,), w, lib.zeros(6, dtype=x.dtype))
        (gx,) = lib.autograd.grad((y * y.detach()).sum(), x, create_graph=True)
        (gw,) = lib.autograd.grad((gx * gx).sum(), w)
        results.append(gw.detach().numpy())
    np.testing.assert_allclose(results[0], results[1], rtol=1e-9, atol=1e-12)


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_gelu_tanh_op_gives_the_bits_of_the_ops_it_stands_for(dtype):
    # gelu(approximate="tanh") is one op whose expression takes the seven ops' scalar steps
    # (native_functions.yaml `_gelu_tanh`): the same bits, NaN payloads aside.
    import math

    rng = np.random.default_rng(4)
    vals = np.concatenate([rng.standard_normal(5000) * 3, rng.standard_normal(500) * 60,
                           [0.0, -0.0, np.inf, -np.inf, 1e-30, -1e-30, 88.0, -88.0, 1e10]])
    x = al.tensor(vals).to(getattr(al, dtype))
    inner = (x + x * x * x * 0.044715) * (2 * math.sqrt(2 / math.pi))
    want = (x * inner.sigmoid()).numpy()
    got = al.nn.functional.gelu(x, approximate="tanh").numpy()
    assert np.array_equal(got.view(np.uint8), want.view(np.uint8))

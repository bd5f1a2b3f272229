"""bfloat16 against torch: conversions (round to nearest even, inf, NaN, subnormals), arithmetic,
reductions and products, a float32-master training loop, CPU autocast, promotion, finfo,
checkpoints, DLPack and the errors (docs/BFLOAT16.md)."""

from __future__ import annotations

import io
import math

import numpy as np
import pytest

import aten_lite as al

torch = pytest.importorskip("torch")


def _al(values: np.ndarray, dtype=al.bfloat16):
    return al.tensor(values.astype(np.float32)).to(dtype)


def _th(values: np.ndarray, dtype=torch.bfloat16):
    return torch.tensor(values.astype(np.float32)).to(dtype)


def _bits_al(t) -> np.ndarray:
    """The 16-bit patterns of a bfloat16 tensor (through float32, which holds them exactly)."""
    return (np.array(t.float().tolist(), dtype=np.float32).view(np.uint32) >> 16).astype(np.uint16)


def _bits_th(t) -> np.ndarray:
    return t.view(torch.int16).numpy().view(np.uint16)


def _same(a, t, nan_payload=False):
    """Bit for bit, except that two NaNs of any payload agree unless `nan_payload`."""
    x, y = _bits_al(a), _bits_th(t)
    assert x.shape == y.shape
    if not nan_payload:
        nan = (x & 0x7FFF) > 0x7F80
        assert np.array_equal(nan, (y & 0x7FFF) > 0x7F80)
        x, y = x[~nan], y[~nan]
    np.testing.assert_array_equal(x, y)


def _ulps(a, t) -> int:
    """The largest distance in bfloat16 units between two results (NaN where both are NaN)."""
    x = _bits_al(a).astype(np.int32)
    y = _bits_th(t).astype(np.int32)
    nan = (x & 0x7FFF) > 0x7F80
    assert np.array_equal(nan, (y & 0x7FFF) > 0x7F80)
    x, y = x[~nan], y[~nan]
    # order the sign-magnitude patterns on one line
    x = np.where(x & 0x8000, 0x8000 - (x & 0x7FFF), x + 0x8000)
    y = np.where(y & 0x8000, 0x8000 - (y & 0x7FFF), y + 0x8000)
    return int(np.abs(x - y).max()) if x.size else 0


# ---- conversions ----


def _float32_patterns() -> np.ndarray:
    rng = np.random.default_rng(0)
    random = rng.integers(0, 2 ** 32, 20000, dtype=np.uint64).astype(np.uint32)
    # ties (low half exactly 0x8000) on both parities, one above and below a tie, the largest
    # finite value and what rounds past it, infinities, NaNs (quiet, signalling, negative),
    # subnormals and zeros
    uppers = rng.integers(0, 2 ** 16, 200, dtype=np.uint64).astype(np.uint32) << 16
    edges = np.array([0x3F808000, 0x3F818000, 0x3F807FFF, 0x3F808001, 0x7F7F0000, 0x7F7F8000,
                      0x7F7FFFFF, 0x7F800000, 0xFF800000, 0x7FC00000, 0x7F800001, 0xFFC00001,
                      0x7FBFFFFF, 0x00000001, 0x00008000, 0x00018000, 0x007FFFFF, 0x80000001,
                      0x00000000, 0x80000000, 0x00800000, 0x3F800000], dtype=np.uint32)
    return np.concatenate([random, uppers | 0x8000, uppers | 0x7FFF, edges]).view(np.float32)


def test_float32_to_bfloat16_rounds_to_nearest_even_as_torch():
    values = _float32_patterns()
    _same(al.tensor(values).bfloat16(), torch.from_numpy(values.copy()).bfloat16())


def test_nan_stays_nan_and_overflow_goes_to_inf():
    x = al.tensor(np.array([np.nan, -np.nan, 3.4e38, -3.4e38, np.inf, 1e-45],
                           dtype=np.float32)).bfloat16().float().tolist()
    assert math.isnan(x[0]) and math.isnan(x[1])
    assert x[2:5] == [math.inf, -math.inf, math.inf]
    assert x[5] == 0.0  # the smallest float32 subnormal is below half of bfloat16's smallest


@pytest.mark.parametrize("src", [al.float64, al.float16, al.int64, al.int32, al.uint8, al.bool])
def test_conversions_from_other_dtypes_match_torch(src):
    rng = np.random.default_rng(1)
    values = np.concatenate([rng.normal(0, 1000, 500), rng.integers(-300, 300, 200),
                             [0.0, 1.0, 255.0, 65504.0, 1 / 3, 2 ** 24 + 1.0, 1e30, -1e-40]])
    if src is al.bool:
        values = values > 0
    elif not src.is_floating_point:
        values = np.clip(values, *(np.iinfo(src.np).min, np.iinfo(src.np).max)).astype(src.np)
    else:
        values = values.astype(src.np)
    theirs = torch.from_numpy(np.array(values)).bfloat16()
    _same(al.tensor(values).bfloat16(), theirs)
    assert al.tensor(values).to(al.bfloat16).dtype is al.bfloat16


@pytest.mark.parametrize("dst", [al.float32, al.float64, al.float16, al.int64, al.int8,
                                 al.uint8, al.bool])
def test_conversions_to_other_dtypes_match_torch(dst):
    rng = np.random.default_rng(2)
    values = np.concatenate([rng.normal(0, 50, 500), [0.0, -0.0, 0.5, 1.5, 2.5, -2.5]])
    if not dst.is_floating_point and dst is not al.bool:
        info = np.iinfo(dst.np)
        values = np.clip(values, info.min, info.max)  # torch's out-of-range casts are undefined
    ours = _al(values).to(dst)
    theirs = _th(values).to(getattr(torch, dst.name))
    assert ours.dtype is dst
    np.testing.assert_array_equal(np.array(ours.tolist()), theirs.numpy())


def test_python_numbers_and_factories():
    cases = [[1.0, 2.5, -3.0, 1 / 3, 1e-40, 3.38e38, 1e39], [0.1 * i for i in range(50)]]
    for data in cases:
        _same(al.tensor(data, dtype=al.bfloat16), torch.tensor(data, dtype=torch.bfloat16))
    _same(al.full((3,), 1.3, dtype=al.bfloat16), torch.full((3,), 1.3, dtype=torch.bfloat16))
    _same(al.arange(0, 3, 0.1, dtype=al.bfloat16), torch.arange(0, 3, 0.1, dtype=torch.bfloat16))
    _same(al.linspace(-1, 1, 17, dtype=al.bfloat16),
          torch.linspace(-1, 1, 17, dtype=torch.bfloat16))
    assert al.zeros(2, dtype="bfloat16").dtype is al.bfloat16
    assert al.ones(2).bfloat16().dtype is al.bfloat16
    assert al.BFloat16Tensor([1.5]).dtype is al.bfloat16
    r = al.rand(10000, dtype=al.bfloat16)
    assert r.dtype is al.bfloat16 and 0 <= r.float().min().item() and r.float().max().item() < 1
    assert al.randn(3, dtype=al.bfloat16).dtype is al.bfloat16
    assert al.tensor([2.5], dtype=al.bfloat16).item() == 2.5
    assert type(al.tensor([2.5], dtype=al.bfloat16).item()) is float


def test_printing_matches_torch():
    for data in ([1.0, 2.5, -3.0, float("nan")], [[1e-3, 1e5], [2.0, 3.0]], [1.0, 2.0]):
        ours = repr(al.tensor(data, dtype=al.bfloat16))
        theirs = repr(torch.tensor(data, dtype=torch.bfloat16))
        assert ours == theirs.replace("torch.", "aten_lite."), (ours, theirs)


# ---- arithmetic: computed in float32, rounded back (bit for bit where torch promises it) ----


def _operands(n=4000, seed=3):
    rng = np.random.default_rng(seed)
    a = rng.normal(0, 3, n).astype(np.float32)
    b = rng.normal(0, 3, n).astype(np.float32)
    a[:8] = [0.0, -0.0, np.inf, -np.inf, np.nan, 1e-39, 3e38, 1.0]
    b[:8] = [1.0, 2.0, 1.0, np.inf, 1.0, 1e-39, 3e38, 0.0]
    return a, b


_CALLS = {
    "add": lambda m, x, y: x + y, "sub": lambda m, x, y: x - y,
    "mul": lambda m, x, y: x * y, "div": lambda m, x, y: x / y,
    "maximum": lambda m, x, y: m.maximum(x, y), "minimum": lambda m, x, y: m.minimum(x, y),
    "neg": lambda m, x, y: -x, "abs": lambda m, x, y: x.abs(),
    "eq": lambda m, x, y: x == y, "lt": lambda m, x, y: x < y, "ge": lambda m, x, y: x >= y,
    "where": lambda m, x, y: m.where(x > 0, x, y), "clamp": lambda m, x, y: x.clamp(-1, 2),
    "sqrt": lambda m, x, y: x.abs().sqrt(), "relu": lambda m, x, y: m.relu(x),
}


@pytest.mark.parametrize("op", list(_CALLS))
def test_exact_elementwise_ops_match_torch_bit_for_bit(op):
    a, b = _operands()
    ours, theirs = _CALLS[op](al, _al(a), _al(b)), _CALLS[op](torch, _th(a), _th(b))
    assert ours.dtype.name == str(theirs.dtype).split(".")[1]
    if theirs.dtype == torch.bool:
        np.testing.assert_array_equal(np.array(ours.tolist()), theirs.numpy())
    else:
        _same(ours, theirs)


def test_scalars_and_mixed_dtypes_follow_torch():
    a, b = _operands(500)
    A, TA = _al(a), _th(a)
    # x * 0.1 multiplies by 0.1 as a float32, as torch does (Note [bfloat16 times a number])
    _same(A * 0.1 + 3, TA * 0.1 + 3)
    _same(2.5 - A, 2.5 - TA)
    _same(A / 7, TA / 7)
    _same(A / 0.3, TA / 0.3)
    for other in (al.float32, al.float16, al.int64, al.float64):
        mixed = A + _al(b, other)
        reference = TA + _th(b, getattr(torch, other.name))
        assert mixed.dtype.name == str(reference.dtype).split(".")[1]
        np.testing.assert_array_equal(np.array(mixed.float().tolist()),
                                      reference.float().numpy())
    # in place: the result rounds into bfloat16
    x, tx = A.clone(), TA.clone()
    x.mul_(1.1).add_(A)
    tx.mul_(1.1).add_(TA)
    _same(x, tx)


@pytest.mark.parametrize("op", ["exp", "log", "sin", "cos", "tanh", "sigmoid", "rsqrt",
                                "expm1", "log1p", "pow"])
def test_transcendental_ops_match_torch_to_one_rounding(op):
    # torch's vectorised float32 functions and the C library's differ in float32's last bits;
    # after rounding to bfloat16 that is at most one bfloat16 unit, and almost always none
    a, _ = _operands()
    a = np.abs(a[8:]) + 0.01 if op in ("log", "rsqrt", "log1p", "pow") else a[8:]
    A, TA = _al(a), _th(a)
    ours = A.pow(1.7) if op == "pow" else getattr(A, op)()
    theirs = TA.pow(1.7) if op == "pow" else getattr(TA, op)()
    assert ours.dtype is al.bfloat16
    assert _ulps(ours, theirs) <= 1
    assert (_bits_al(ours) != _bits_th(theirs)).mean() < 0.01


def test_reductions_match_torch():
    rng = np.random.default_rng(4)
    x = rng.normal(1, 2, (64, 300)).astype(np.float32)
    A, T = _al(x), _th(x)
    for name in ("sum", "mean", "amax", "amin"):
        for dim in (None, 0, 1):
            ours = getattr(A, name)() if dim is None else getattr(A, name)(dim)
            theirs = getattr(T, name)() if dim is None else getattr(T, name)(dim)
            assert ours.dtype is al.bfloat16, name
            np.testing.assert_allclose(np.array(ours.float().tolist()),
                                       theirs.float().numpy(), rtol=8e-3, atol=1e-2)
    # max/min are exact; the argmax is the same element
    _same(A.amax(1), T.amax(1))
    np.testing.assert_array_equal(np.array(A.argmax(1).tolist()), T.argmax(1).numpy())
    np.testing.assert_allclose(np.array(A[:4, :6].prod(1).float().tolist()),
                               T[:4, :6].prod(1).float().numpy(), rtol=1e-2)
    np.testing.assert_allclose(np.array(A.cumsum(1).float().tolist()),
                               T.cumsum(1).float().numpy(), rtol=2e-2, atol=0.3)
    np.testing.assert_allclose(np.array(A.softmax(1).float().tolist()),
                               T.softmax(1).float().numpy(), rtol=1e-2, atol=1e-4)
    np.testing.assert_allclose(np.array(A.log_softmax(1).float().tolist()),
                               T.log_softmax(1).float().numpy(), rtol=1e-2, atol=2e-2)
    assert A.sum(dtype=al.float32).dtype is al.float32
    _same(A.sort(1)[0], T.sort(1)[0])


@pytest.mark.parametrize("shapes", [((8, 16), (16, 5)), ((3, 8, 16), (3, 16, 4)),
                                    ((16,), (16, 3)), ((5, 64), (64,))])
def test_products_match_torch(shapes):
    rng = np.random.default_rng(5)
    a = rng.normal(0, 1, shapes[0]).astype(np.float32)
    b = rng.normal(0, 1, shapes[1]).astype(np.float32)
    ours, theirs = _al(a) @ _al(b), _th(a) @ _th(b)
    assert ours.dtype is al.bfloat16
    # both sum in float32 and round once: equal but for summation order, within a unit
    assert _ulps(ours, theirs) <= 1


def test_addmm_baddbmm_linear_and_conv_round_once_as_torch():
    rng = np.random.default_rng(6)
    m, a, b = (rng.normal(0, 1, s).astype(np.float32) for s in ((4, 5), (4, 7), (7, 5)))
    ours = al.addmm(_al(m), _al(a), _al(b), beta=0.5, alpha=-1.3)
    assert _ulps(ours, torch.addmm(_th(m), _th(a), _th(b), beta=0.5, alpha=-1.3)) <= 1
    bm, b1, b2 = (rng.normal(0, 1, s).astype(np.float32)
                  for s in ((2, 4, 5), (2, 4, 7), (2, 7, 5)))
    ours = al.baddbmm(_al(bm), _al(b1), _al(b2), beta=2.0)
    assert _ulps(ours, torch.baddbmm(_th(bm), _th(b1), _th(b2), beta=2.0)) <= 1
    x, w, bias = (rng.normal(0, 1, s).astype(np.float32) for s in ((3, 7), (5, 7), (5,)))
    np.testing.assert_allclose(
        np.array(al.nn.functional.linear(_al(x), _al(w), _al(bias)).float().tolist()),
        torch.nn.functional.linear(_th(x), _th(w), _th(bias)).float().numpy(), rtol=2e-2,
        atol=2e-2)
    img, k = rng.normal(0, 1, (1, 2, 6, 6)), rng.normal(0, 1, (3, 2, 3, 3))
    ours = al.nn.functional.conv2d(_al(img), _al(k))
    assert ours.dtype is al.bfloat16
    np.testing.assert_allclose(np.array(ours.float().tolist()),
                               torch.nn.functional.conv2d(_th(img), _th(k)).float().numpy(),
                               rtol=2e-2, atol=3e-2)


# ---- autograd: a bfloat16 model trained from float32 master weights ----


def _train(lib, steps=25):
    rng = np.random.default_rng(7)
    x = rng.normal(0, 1, (32, 6)).astype(np.float32)
    y = (x @ rng.normal(0, 1, (6, 2))).astype(np.float32)
    w0 = rng.normal(0, 0.3, (2, 6)).astype(np.float32)
    model = lib.nn.Linear(6, 2)
    with lib.no_grad():
        model.weight.copy_(lib.tensor(w0))
        model.bias.zero_()
    model = model.bfloat16()
    masters = [p.detach().float().clone() for p in model.parameters()]
    xb, yb = lib.tensor(x).bfloat16(), lib.tensor(y)
    losses = []
    for _ in range(steps):
        model.zero_grad()
        loss = ((model(xb).float() - yb) ** 2).mean()
        loss.backward()
        losses.append(loss.item())
        with lib.no_grad():
            for p, master in zip(model.parameters(), masters):
                assert p.grad.dtype == lib.bfloat16
                master.sub_(0.1 * p.grad.float())
                p.copy_(master)  # rounded back into the bfloat16 weights
    return losses, [m.tolist() for m in masters]


def test_float32_master_training_of_a_bfloat16_linear_matches_torch():
    (ours, w_ours), (theirs, w_theirs) = _train(al), _train(torch)
    assert ours[-1] < 0.2 * ours[0]
    np.testing.assert_allclose(ours, theirs, rtol=3e-2)
    for a, b in zip(w_ours, w_theirs):
        np.testing.assert_allclose(np.array(a), np.array(b), rtol=3e-2, atol=3e-3)


def test_gradients_of_bfloat16_leaves_are_bfloat16():
    a = al.tensor([0.5, -1.25, 2.0], dtype=al.bfloat16, requires_grad=True)
    t = torch.tensor([0.5, -1.25, 2.0], dtype=torch.bfloat16, requires_grad=True)
    (a.sin() * a).sum().backward()
    (t.sin() * t).sum().backward()
    assert a.grad.dtype is al.bfloat16
    assert _ulps(a.grad, t.grad) <= 1


# ---- CPU autocast ----


def _autocast_outputs(lib, dtype):
    gen = np.random.default_rng(8)
    lin = lib.nn.Linear(4, 3)
    conv = lib.nn.Conv2d(2, 3, 3)
    x = lib.tensor(gen.normal(size=(5, 4)).astype(np.float32), requires_grad=True)
    img = lib.tensor(gen.normal(size=(1, 2, 5, 5)).astype(np.float32))
    d = lib.tensor(gen.normal(size=(3, 3)))  # float64
    target = lib.tensor([0, 1, 2, 0, 1])
    out = {}
    with lib.autocast("cpu", dtype=dtype):
        y = lin(x)
        out["linear"] = y
        out["matmul"] = x @ x.T
        out["mm"] = lib.mm(x, x.T)
        out["bmm"] = lib.bmm(x[None], x.T[None])
        out["addmm"] = lib.addmm(lib.zeros(5, 5), x, x.T)
        out["conv2d"] = conv(img)
        out["float64 matmul"] = d @ d
        out["elementwise"] = y * 2 + 1
        out["sum"] = y.sum()
        out["mse_loss"] = lib.nn.functional.mse_loss(y, lib.zeros(5, 3))
        out["cross_entropy"] = lib.nn.functional.cross_entropy(y, target)
        out["nll_loss"] = lib.nn.functional.nll_loss(y.log_softmax(1), target)
        out["cat"] = lib.cat([y, x[:, :3]])
        out["prod"] = y.prod()
        with lib.autocast("cpu", enabled=False):
            out["disabled inside"] = x @ x.T
    out["after"] = x @ x.T
    out["loss"] = out["linear"].float().sum()
    out["loss"].backward()
    out["weight grad"] = lin.weight.grad
    out["input grad"] = x.grad
    return out


@pytest.mark.parametrize("dtype", ["bfloat16", "float16"])
def test_autocast_cpu_output_dtypes_equal_torch(dtype):
    ours = _autocast_outputs(al, getattr(al, dtype))
    theirs = _autocast_outputs(torch, getattr(torch, dtype))
    got = {k: v.dtype.name for k, v in ours.items()}
    want = {k: str(v.dtype).split(".")[1] for k, v in theirs.items()}
    assert got == want
    assert got["linear"] == dtype and got["mse_loss"] == "float32"


def test_autocast_defaults_and_state():
    assert not al.amp.is_autocast_enabled("cpu")
    with al.autocast("cpu") as region:
        assert al.amp.is_autocast_enabled("cpu")
        assert al.amp.get_autocast_dtype("cpu") is al.bfloat16 is region.fast_dtype
        y = al.ones(2, 3) @ al.ones(3, 2)
        assert y.dtype is al.bfloat16 and y.tolist() == [[3.0, 3.0], [3.0, 3.0]]
    assert not al.amp.is_autocast_enabled("cpu")
    assert (al.ones(2, 3) @ al.ones(3, 2)).dtype is al.float32

    @al.amp.autocast("cpu", dtype=al.bfloat16)
    def f(a):
        return a @ a

    assert f(al.ones(2, 2)).dtype is al.bfloat16
    with pytest.warns(UserWarning, match="target dtype is not supported"):
        region = al.autocast("cpu", dtype=al.float64)
    with region:
        assert (al.ones(2, 2) @ al.ones(2, 2)).dtype is al.float32


def test_autocast_composes_with_trace_dispatch():
    with al.autocast("cpu"), al.trace_dispatch() as trace:
        y = al.ones(2, 3) @ al.ones(3, 2)
    assert y.dtype is al.bfloat16
    assert "matmul" in trace.ops()


# ---- promotion and finfo ----

_ALL = ["bool", "uint8", "int8", "int16", "int32", "int64", "float16", "float32", "float64",
        "bfloat16"]


@pytest.mark.parametrize("other", _ALL)
def test_promotion_with_bfloat16_is_torchs(other):
    assert al.promote_types(al.bfloat16, other).name == \
        str(torch.promote_types(torch.bfloat16, getattr(torch, other))).split(".")[1]
    assert al.promote_types(other, "bfloat16") is al.promote_types(al.bfloat16, other)
    ours = al.ones(2, dtype=al.bfloat16) + al.ones(2).to(other)
    theirs = torch.ones(2, dtype=torch.bfloat16) + torch.ones(2).to(getattr(torch, other))
    assert ours.dtype.name == str(theirs.dtype).split(".")[1]


@pytest.mark.parametrize("operands", [
    lambda lib: (lib.ones(2, dtype=lib.bfloat16), 2.5),
    lambda lib: (lib.ones(2, dtype=lib.bfloat16), 3),
    lambda lib: (lib.ones(2, dtype=lib.int64), lib.tensor(1.0, dtype=lib.bfloat16)),
    lambda lib: (lib.ones(2, dtype=lib.bfloat16), lib.tensor(1.0, dtype=lib.float64)),
    lambda lib: (lib.tensor(1.0, dtype=lib.bfloat16), lib.tensor(1.0, dtype=lib.float16)),
    lambda lib: (lib.ones(2, dtype=lib.float16), lib.ones(2, dtype=lib.bfloat16)),
])
def test_result_type_is_torchs(operands):
    assert al.result_type(*operands(al)).name == \
        str(torch.result_type(*operands(torch))).split(".")[1]


@pytest.mark.parametrize("name", ["bfloat16", "float16", "float32", "float64"])
def test_finfo_matches_torch(name):
    ours, theirs = al.finfo(getattr(al, name)), torch.finfo(getattr(torch, name))
    for field in ("bits", "eps", "max", "min", "tiny", "smallest_normal", "resolution"):
        assert getattr(ours, field) == getattr(theirs, field), field
    assert ours.dtype == theirs.dtype == name
    assert al.finfo().dtype == "float32"
    with pytest.raises(TypeError, match="expected a floating dtype, got int32"):
        al.finfo(al.int32)
    assert (al.iinfo(al.int16).min, al.iinfo(al.int16).max) == (-32768, 32767)


# ---- checkpoints and DLPack ----


def test_torch_save_and_load_roundtrip():
    values = _float32_patterns()[-200:]
    buf = io.BytesIO()
    al.save({"x": al.tensor(values).bfloat16(), "view": al.arange(8.0).bfloat16()[1::3]}, buf)
    buf.seek(0)
    loaded = torch.load(buf)
    assert loaded["x"].dtype == torch.bfloat16
    _same(al.tensor(values).bfloat16(), loaded["x"], nan_payload=True)
    assert loaded["view"].tolist() == [1.0, 4.0, 7.0]
    buf = io.BytesIO()
    model = torch.nn.Linear(3, 2).bfloat16()
    torch.save(model.state_dict(), buf)
    buf.seek(0)
    state = al.load(buf)
    assert state["weight"].dtype is al.bfloat16
    _same(state["weight"], model.weight.detach(), nan_payload=True)
    mine = al.nn.Linear(3, 2).bfloat16()
    mine.load_state_dict(state)
    _same(mine.weight.detach(), model.weight.detach())


def test_safetensors_roundtrip():
    pytest.importorskip("safetensors")
    from safetensors.torch import load as torch_load, save as torch_save
    from aten_lite.serialization import safetensors as st

    x = al.tensor([1.0, -2.5, float("inf"), 1e-39], dtype=al.bfloat16)
    data = st.save({"x": x, "f": al.ones(2)})
    theirs = torch_load(data)
    assert theirs["x"].dtype == torch.bfloat16 and theirs["f"].dtype == torch.float32
    _same(x, theirs["x"])
    back = st.load(torch_save({"y": theirs["x"], "z": torch.ones(1)}))
    assert back["y"].dtype is al.bfloat16 and back["z"].dtype is al.float32
    _same(back["y"], theirs["x"])


def test_dlpack_both_ways_shares_memory():
    x = al.tensor([1.0, 2.5, -3.0], dtype=al.bfloat16)
    t = torch.from_dlpack(x)
    assert t.dtype == torch.bfloat16 and t.tolist() == [1.0, 2.5, -3.0]
    t[0] = 7.0
    assert x[0].item() == 7.0
    src = torch.tensor([[1.5, -2.25], [3.0, 4.0]], dtype=torch.bfloat16).T
    y = al.from_dlpack(src)
    assert y.dtype is al.bfloat16 and y.tolist() == src.tolist()
    y[0, 0] = 9.0
    assert src[0, 0].item() == 9.0
    assert al.from_dlpack(x.__dlpack__()).tolist() == [7.0, 2.5, -3.0]


# ---- errors ----


def test_numpy_is_refused_as_in_torch():
    x = al.ones(2, dtype=al.bfloat16)
    with pytest.raises(TypeError, match="Got unsupported ScalarType BFloat16"):
        x.numpy()
    with pytest.raises(TypeError, match="Got unsupported ScalarType BFloat16"):
        torch.ones(2, dtype=torch.bfloat16).numpy()
    assert x.float().numpy().dtype == np.float32


def test_refusals_name_bfloat16():
    x = al.ones(2, 2, dtype=al.bfloat16)
    with pytest.raises(RuntimeError, match="Low precision dtypes not supported. Got BFloat16"):
        al.linalg.inv(x)
    with pytest.raises((RuntimeError, NotImplementedError), match="bfloat16"):
        x.bitwise_and(x)
    with pytest.raises(RuntimeError, match="result type BFloat16 can't be cast to .* Long"):
        al.ones(2, dtype=al.int64).add_(x)
    with pytest.raises(ValueError, match="unknown dtype 'bf16'.*bfloat16"):
        al.ones(2, dtype="bf16")


# ---- graph mode ----


def test_fused_bfloat16_chain_is_bitwise_eager():
    # a fused kernel rounds to bfloat16 between steps, and multiplies by the number as a
    # float32, as eager does
    fused = pytest.importorskip("test_fused_kernels")
    from aten_lite.compile.kernels import compile_fused

    x = al.tensor(np.linspace(-3, 3, 97).astype(np.float32)).bfloat16()
    steps = [("exp", (("in", 0),)), ("mul.Tensor", (("step", 0), ("const", 1.001))),
             ("sub.Tensor", (("step", 1), ("in", 0), ("const", 0.3)))]
    spec = fused.spec_of([x], steps, (2,))
    got, want = compile_fused(spec)([x])[0], fused.eager_oracle(spec)([x])[0]
    assert got.dtype is want.dtype is al.bfloat16
    np.testing.assert_array_equal(_bits_al(got), _bits_al(want))

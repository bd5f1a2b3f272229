"""The activations of al.nn.functional and al.nn against torch's: values (float32 and
float64, NaN and large values included), float64 gradients and second gradients through
backward, the in-place forms, module reprs, and the errors for bad arguments. rrelu's random
slopes are checked by their statistics and its eval mode, not by torch's random stream."""

from __future__ import annotations

import numpy as np
import pytest

import aten_lite as al
from aten_lite import nn
from aten_lite.nn import functional as F

torch = pytest.importorskip("torch")
TF = torch.nn.functional

# Away from every kink (0, +-lambd, +-3, thresholds), so that gradients are unambiguous.
SMOOTH = np.array([-30.0, -7.5, -3.7, -2.2, -1.3, -0.8, -0.31, 0.17, 0.36, 0.9, 1.45, 2.6,
                   3.4, 6.2, 25.0, 40.0])
EDGES = np.array([-3.0, -1.0, -0.5, 0.0, 0.5, 1.0, 3.0, 6.0, 20.0, np.inf, -np.inf, np.nan])

# (name, call with (F-module, x), call of torch's F with x)
CASES = [
    ("elu", lambda f, x: f.elu(x), lambda x: TF.elu(x)),
    ("elu_alpha", lambda f, x: f.elu(x, 0.7), lambda x: TF.elu(x, 0.7)),
    ("celu", lambda f, x: f.celu(x, 1.9), lambda x: TF.celu(x, 1.9)),
    ("selu", lambda f, x: f.selu(x), lambda x: TF.selu(x)),
    ("hardshrink", lambda f, x: f.hardshrink(x, 0.4), lambda x: TF.hardshrink(x, 0.4)),
    ("softshrink", lambda f, x: f.softshrink(x), lambda x: TF.softshrink(x)),
    ("hardsigmoid", lambda f, x: f.hardsigmoid(x), lambda x: TF.hardsigmoid(x)),
    ("hardswish", lambda f, x: f.hardswish(x), lambda x: TF.hardswish(x)),
    ("hardtanh", lambda f, x: f.hardtanh(x), lambda x: TF.hardtanh(x)),
    ("hardtanh_range", lambda f, x: f.hardtanh(x, -2.0, 0.5),
     lambda x: TF.hardtanh(x, -2.0, 0.5)),
    ("relu6", lambda f, x: f.relu6(x), lambda x: TF.relu6(x)),
    ("logsigmoid", lambda f, x: f.logsigmoid(x), lambda x: TF.logsigmoid(x)),
    ("mish", lambda f, x: f.mish(x), lambda x: TF.mish(x)),
    ("gelu_tanh", lambda f, x: f.gelu(x, approximate="tanh"),
     lambda x: TF.gelu(x, approximate="tanh")),
    ("softplus", lambda f, x: f.softplus(x), lambda x: TF.softplus(x)),
    ("softplus_beta", lambda f, x: f.softplus(x, 2.5, 4.0), lambda x: TF.softplus(x, 2.5, 4.0)),
    ("softsign", lambda f, x: f.softsign(x), lambda x: TF.softsign(x)),
    ("tanhshrink", lambda f, x: f.tanhshrink(x), lambda x: TF.tanhshrink(x)),
    ("threshold", lambda f, x: f.threshold(x, 0.25, -4.0), lambda x: TF.threshold(x, 0.25, -4.0)),
    ("glu", lambda f, x: f.glu(x.reshape(4, 4), 0), lambda x: TF.glu(x.reshape(4, 4), 0)),
    ("glu_last", lambda f, x: f.glu(x.reshape(2, 8)), lambda x: TF.glu(x.reshape(2, 8))),
    ("rrelu_eval", lambda f, x: f.rrelu(x, 0.1, 0.3), lambda x: TF.rrelu(x, 0.1, 0.3)),
    ("leaky_relu", lambda f, x: f.leaky_relu(x, 0.2), lambda x: TF.leaky_relu(x, 0.2)),
]
IDS = [c[0] for c in CASES]
# The ops with a hand-written backward op: their double backward comes from derivatives.yaml
# (torch has none for hardsigmoid).
SECOND_ORDER = {"elu", "elu_alpha", "celu", "selu", "hardswish", "logsigmoid", "mish", "gelu_tanh",
                "softplus", "softplus_beta", "softsign", "tanhshrink", "glu", "glu_last",
                "hardtanh", "softshrink", "threshold"}


def _pair(values, dtype="float64", grad=False):
    ours = al.tensor(values.tolist(), dtype=getattr(al, dtype), requires_grad=grad)
    theirs = torch.tensor(values, dtype=getattr(torch, dtype), requires_grad=grad)
    return ours, theirs


def _np(t):
    return np.asarray(t.detach().numpy() if hasattr(t, "detach") else t)


@pytest.mark.parametrize("name,ours,theirs", CASES, ids=IDS)
@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_values_match_torch(name, ours, theirs, dtype):
    for values in (SMOOTH, np.resize(EDGES, 16)):
        a, t = _pair(values, dtype)
        got, want = ours(F, a), theirs(t)
        assert got.dtype == a.dtype and tuple(got.shape) == tuple(want.shape)
        np.testing.assert_allclose(_np(got), want.numpy(), rtol=1e-6 if dtype == "float64"
                                   else 2e-6, atol=1e-7, equal_nan=True)


@pytest.mark.parametrize("name,ours,theirs", CASES, ids=IDS)
def test_gradients_match_torch(name, ours, theirs):
    rng = np.random.default_rng(7)
    weights = rng.standard_normal(16)
    a, t = _pair(SMOOTH, grad=True)
    (ours(F, a) * al.tensor(weights.reshape(-1)[:ours(F, a).numel()].tolist(),
                            dtype=al.float64).reshape(ours(F, a).shape)).sum().backward()
    out_t = theirs(t)
    (out_t * torch.tensor(weights[:out_t.numel()]).reshape(out_t.shape)).sum().backward()
    np.testing.assert_allclose(_np(a.grad), t.grad.numpy(), rtol=1e-7, atol=1e-10)


@pytest.mark.parametrize("name,ours,theirs", [c for c in CASES if c[0] in SECOND_ORDER],
                         ids=[c for c in IDS if c in SECOND_ORDER])
def test_second_gradients_match_torch(name, ours, theirs):
    a, t = _pair(SMOOTH, grad=True)
    (g,) = al.autograd.grad(ours(F, a).sum(), a, create_graph=True)
    (g * g).sum().backward()
    (gt,) = torch.autograd.grad(theirs(t).sum(), t, create_graph=True)
    (gt * gt).sum().backward()
    np.testing.assert_allclose(_np(g), gt.detach().numpy(), rtol=1e-7, atol=1e-10)
    np.testing.assert_allclose(_np(a.grad), t.grad.numpy(), rtol=1e-6, atol=1e-9)


def test_gradients_at_the_kinks_match_torch():
    """Which side of a kink a gradient takes (torch's choice at 0, +-lambd, +-3, ...)."""
    kinks = np.array([-3.0, -1.0, -0.5, 0.0, 0.5, 1.0, 3.0, 6.0, 20.0])
    for name, ours, theirs in CASES:
        if name.startswith("glu"):
            continue
        a, t = _pair(kinks, grad=True)
        ours(F, a).sum().backward()
        theirs(t).sum().backward()
        np.testing.assert_allclose(_np(a.grad), t.grad.numpy(), rtol=1e-7, atol=1e-12,
                                   err_msg=name)


INPLACE = [
    ("elu_", lambda f, x: f.elu_(x, 0.5), lambda x: TF.elu_(x, 0.5)),
    ("elu_inplace", lambda f, x: f.elu(x, 0.5, inplace=True),
     lambda x: TF.elu(x, 0.5, inplace=True)),
    ("celu_", lambda f, x: f.celu_(x, 2.0), lambda x: TF.celu_(x, 2.0)),
    ("celu_inplace", lambda f, x: f.celu(x, inplace=True), lambda x: TF.celu(x, inplace=True)),
    ("selu_", lambda f, x: f.selu_(x), lambda x: TF.selu_(x)),
    ("selu_inplace", lambda f, x: f.selu(x, True), lambda x: TF.selu(x, True)),
    ("hardtanh_", lambda f, x: f.hardtanh_(x, -0.5, 2.0), lambda x: TF.hardtanh_(x, -0.5, 2.0)),
    ("hardtanh_inplace", lambda f, x: f.hardtanh(x, inplace=True),
     lambda x: TF.hardtanh(x, inplace=True)),
    ("relu6_inplace", lambda f, x: f.relu6(x, True), lambda x: TF.relu6(x, True)),
    ("relu_", lambda f, x: f.relu_(x), lambda x: TF.relu_(x)),
    ("leaky_relu_", lambda f, x: f.leaky_relu_(x, 0.3), lambda x: TF.leaky_relu_(x, 0.3)),
    ("threshold_", lambda f, x: f.threshold_(x, 0.5, 9.0), lambda x: TF.threshold_(x, 0.5, 9.0)),
    ("threshold_inplace", lambda f, x: f.threshold(x, 0.5, 9.0, True),
     lambda x: TF.threshold(x, 0.5, 9.0, True)),
    ("hardsigmoid_inplace", lambda f, x: f.hardsigmoid(x, True),
     lambda x: TF.hardsigmoid(x, True)),
    ("hardswish_inplace", lambda f, x: f.hardswish(x, True), lambda x: TF.hardswish(x, True)),
    ("mish_inplace", lambda f, x: f.mish(x, True), lambda x: TF.mish(x, True)),
    ("rrelu_eval_", lambda f, x: f.rrelu_(x), lambda x: TF.rrelu_(x)),
]


@pytest.mark.parametrize("name,ours,theirs", INPLACE, ids=[c[0] for c in INPLACE])
def test_inplace_forms_write_their_input_and_differentiate(name, ours, theirs):
    a, t = _pair(SMOOTH, grad=True)
    b, u = a * 1.5, t * 1.5  # non-leaf, so an in-place op may write them
    got, want = ours(F, b), theirs(u)
    assert got is b
    np.testing.assert_allclose(_np(b), u.detach().numpy(), rtol=1e-7, atol=1e-12)
    (got * got).sum().backward()
    (want * want).sum().backward()
    np.testing.assert_allclose(_np(a.grad), t.grad.numpy(), rtol=1e-7, atol=1e-10)


def test_integer_inputs_of_threshold_and_hardtanh_follow_torch():
    x = [-5, -1, 0, 2, 7]
    for ours, theirs in ((lambda v: F.threshold(v, 0, 3), lambda v: TF.threshold(v, 0, 3)),
                         (lambda v: F.hardtanh(v, -2, 4), lambda v: TF.hardtanh(v, -2, 4)),
                         (F.relu6, TF.relu6)):
        got, want = ours(al.tensor(x)), theirs(torch.tensor(x))
        assert got.dtype == al.int64 and got.tolist() == want.tolist()


# ---- prelu ----


@pytest.mark.parametrize("shape,wsize", [((2, 3, 4), 3), ((2, 3, 4), 1), ((5,), 1), ((), 1),
                                         ((4, 3), 3), ((2, 3, 2, 2), 3)])
def test_prelu_matches_torch_with_gradients(shape, wsize):
    rng = np.random.default_rng(1)
    x = rng.standard_normal(shape)
    w = rng.uniform(0.05, 0.6, wsize)
    a, t = _pair(x, grad=True)
    wa, wt = _pair(w, grad=True)
    got, want = F.prelu(a, wa), TF.prelu(t, wt)
    assert tuple(got.shape) == tuple(want.shape)
    np.testing.assert_allclose(_np(got), want.detach().numpy(), rtol=1e-12)
    (got * got).sum().backward()
    (want * want).sum().backward()
    np.testing.assert_allclose(_np(a.grad), t.grad.numpy(), rtol=1e-10, atol=1e-12)
    np.testing.assert_allclose(_np(wa.grad), wt.grad.numpy(), rtol=1e-10, atol=1e-12)


def test_prelu_module_matches_torch():
    for args in ((), (3,), (3, 0.1)):
        ours, theirs = nn.PReLU(*args), torch.nn.PReLU(*args)
        assert repr(ours) == repr(theirs)
        np.testing.assert_allclose(_np(ours.weight), theirs.weight.detach().numpy())
        x = np.random.default_rng(2).standard_normal((2, 3, 4)).astype(np.float32)
        np.testing.assert_allclose(_np(ours(al.tensor(x))),
                                   theirs(torch.tensor(x)).detach().numpy(), rtol=1e-6)
        assert [n for n, _ in ours.named_parameters()] == ["weight"]


def test_prelu_errors_name_the_mismatch():
    with pytest.raises(RuntimeError, match="parameter numbers = 3 and channel size = 5"):
        F.prelu(al.ones(2, 5, 3), al.ones(3))
    with pytest.raises(RuntimeError, match="ndim = 2"):
        F.prelu(al.ones(2, 5), al.ones(1, 5))
    with pytest.raises(ValueError, match="num_parameters must be a positive int, got 0"):
        nn.PReLU(0)


# ---- rrelu ----


def test_rrelu_training_draws_slopes_in_range_with_matching_gradient():
    al.manual_seed(0)
    x = al.tensor((-np.linspace(0.5, 3.0, 4000)).tolist(), dtype=al.float64,
                  requires_grad=True)
    y = F.rrelu(x, 0.1, 0.3, training=True)
    slopes = _np(y) / _np(x)
    assert slopes.min() >= 0.1 and slopes.max() < 0.3
    assert abs(slopes.mean() - 0.2) < 0.01 and abs(slopes.std() - 0.2 / np.sqrt(12)) < 0.01
    assert len(np.unique(np.round(slopes, 12))) > 3000  # one draw per element
    y.sum().backward()
    np.testing.assert_allclose(_np(x.grad), slopes, rtol=1e-12)
    pos = al.tensor([0.5, 2.0, 7.0])
    assert F.rrelu(pos, training=True).tolist() == pos.tolist()


def test_rrelu_seeded_draws_repeat_and_inplace_matches():
    x = al.tensor((-np.arange(1.0, 9.0)).tolist())
    al.manual_seed(5)
    first = F.rrelu(x, training=True)
    al.manual_seed(5)
    y = x.clone()
    assert F.rrelu_(y, training=True) is y
    assert y.tolist() == first.tolist()


def test_rrelu_module_uses_random_slopes_in_train_and_the_mean_in_eval():
    m = nn.RReLU(0.1, 0.3)
    x = al.tensor([-1.0] * 1000)
    train = _np(m(x))
    assert len(np.unique(train)) > 900
    m.eval()
    np.testing.assert_allclose(_np(m(x)), -0.2, rtol=1e-6)
    with pytest.raises(RuntimeError, match="lower=0.5, upper=0.1"):
        F.rrelu(x, 0.5, 0.1, training=True)


# ---- errors ----


def test_bad_arguments_raise_naming_the_value():
    x = al.ones(2, 5, 3)
    with pytest.raises(RuntimeError, match="dimension 1 is size 5"):
        F.glu(x, 1)
    with pytest.raises(RuntimeError, match="scalars"):
        F.glu(al.tensor(1.0))
    with pytest.raises(IndexError, match="got 3"):
        F.glu(x, 3)
    with pytest.raises(ValueError, match="min_val=2.0, max_val=1.0"):
        F.hardtanh(x, 2.0, 1.0)
    with pytest.raises(ValueError, match="min_val=2, max_val=1"):
        nn.Hardtanh(2, 1)
    with pytest.raises(RuntimeError, match="-0.5"):
        F.softshrink(x, -0.5)
    with pytest.raises(RuntimeError, match="alpha cannot be 0"):
        F.celu(x, 0.0)
    with pytest.raises(ValueError, match="got 2D"):
        nn.Softmax2d()(al.ones(2, 3))


# ---- modules ----


MODULES = [
    ("CELU", (), {}), ("CELU", (2.0, True), {}), ("ELU", (0.5,), {}), ("SELU", (), {}),
    ("SELU", (True,), {}), ("GLU", (), {}), ("GLU", (0,), {}), ("Hardshrink", (), {}),
    ("Softshrink", (0.3,), {}), ("Hardsigmoid", (), {}), ("Hardswish", (), {}),
    ("Hardtanh", (), {}), ("Hardtanh", (-2.0, 2.0, True), {}), ("ReLU6", (), {}),
    ("ReLU6", (True,), {}), ("LogSigmoid", (), {}), ("Mish", (), {}), ("RReLU", (), {}),
    ("RReLU", (0.1, 0.3, True), {}), ("Softplus", (), {}), ("Softplus", (2, 10), {}),
    ("Softsign", (), {}), ("Tanhshrink", (), {}), ("Threshold", (0.1, 20), {}),
    ("Threshold", (0.1, 20.0, True), {}), ("Softmin", (), {"dim": 1}), ("Softmin", (0,), {}),
    ("Softmax2d", (), {}),
]


@pytest.mark.parametrize("name,args,kwargs", MODULES,
                         ids=[f"{m[0]}{i}" for i, m in enumerate(MODULES)])
def test_modules_match_torch(name, args, kwargs):
    ours, theirs = getattr(nn, name)(*args, **kwargs), getattr(torch.nn, name)(*args, **kwargs)
    assert repr(ours) == repr(theirs)
    ours.eval()
    theirs.eval()  # RReLU: the mean slope
    x = np.random.default_rng(3).standard_normal((2, 4, 3, 2))
    a, t = _pair(x, grad=True)
    got, want = ours(a * 1), theirs(t * 1)
    np.testing.assert_allclose(_np(got), want.detach().numpy(), rtol=1e-7, atol=1e-12)
    got.sum().backward()
    want.sum().backward()
    np.testing.assert_allclose(_np(a.grad), t.grad.numpy(), rtol=1e-7, atol=1e-10)


def test_new_names_are_exported_like_torch():
    import aten_lite.nn.modules.activation as act
    for name in ("CELU", "ELU", "SELU", "GLU", "Hardshrink", "Softshrink", "Hardsigmoid",
                 "Hardswish", "Hardtanh", "ReLU6", "LogSigmoid", "Mish", "PReLU", "RReLU",
                 "Softplus", "Softsign", "Tanhshrink", "Threshold", "Softmin", "Softmax2d"):
        assert getattr(nn, name) is getattr(act, name) and name in nn.__all__
    for name in ("celu", "celu_", "elu", "elu_", "selu", "selu_", "glu", "hardshrink",
                 "softshrink", "hardsigmoid", "hardswish", "hardtanh", "hardtanh_", "relu6",
                 "relu_", "leaky_relu_", "logsigmoid", "mish", "prelu", "rrelu", "rrelu_",
                 "softplus", "softsign", "tanhshrink", "threshold", "threshold_"):
        assert callable(getattr(F, name)) and name in F.__all__


def test_float32_gelu_and_its_gradient_stay_within_ulps_of_exact_and_match_torch():
    # The YAML's float literals compute in the compute type (Note [Literals in the compute type]
    # in tools/codegen/formula.py): float32 gelu is float math, as torch's; each result stays
    # within a few float32 ulps of the float64 value, as torch's float32 results do.
    x = np.random.default_rng(0).standard_normal(20_000).astype(np.float32) * 4
    g = np.random.default_rng(1).standard_normal(20_000).astype(np.float32)
    xa = al.tensor(x, requires_grad=True)
    ours = F.gelu(xa)
    ours.backward(al.tensor(g))
    x64 = torch.tensor(x.astype(np.float64), requires_grad=True)
    exact = TF.gelu(x64)
    exact.backward(torch.tensor(g.astype(np.float64)))
    xt = torch.tensor(x, requires_grad=True)
    theirs = TF.gelu(xt)
    theirs.backward(torch.tensor(g))
    for got, ref, peer in ((ours.detach().numpy(), exact.detach().numpy(), theirs.detach().numpy()),
                           (xa.grad.numpy(), x64.grad.numpy(), xt.grad.numpy())):
        assert got.dtype == np.float32
        ulp = np.spacing(np.abs(ref).astype(np.float32)).astype(np.float64)
        ours_err = np.abs(got - ref) / ulp
        assert ours_err.max() <= max(4.0, np.abs(peer - ref).max() / ulp.min())
        np.testing.assert_allclose(got, peer, rtol=2e-6, atol=1e-6)


def test_float64_gelu_keeps_its_double_literals():
    # float64 computes with the literals as written: equal to torch's float64 to ~1 ulp.
    x = np.linspace(-8, 8, 4001)
    np.testing.assert_allclose(F.gelu(al.tensor(x)).numpy(), TF.gelu(torch.tensor(x)).numpy(),
                               rtol=4e-16, atol=1e-15)

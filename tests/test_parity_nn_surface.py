"""The nn surface training loops call besides layers, against torch: Module.to /
double / float / cpu (in place, parameters kept, integer buffers kept), ReLU(inplace=True),
LeakyReLU, SiLU, Identity, and nn.utils.clip_grad_norm_ / clip_grad_value_."""

from __future__ import annotations

import math

import numpy as np
import pytest

import aten_lite as al

torch = pytest.importorskip("torch")


def _net(lib):
    m = lib.nn.Sequential(lib.nn.Linear(3, 4), lib.nn.BatchNorm1d(4), lib.nn.LeakyReLU(0.2),
                          lib.nn.Linear(4, 4), lib.nn.SiLU(), lib.nn.Identity(),
                          lib.nn.ReLU(inplace=True), lib.nn.Linear(4, 1))
    rng = np.random.default_rng(0)
    with lib.no_grad():
        for p in m.parameters():
            p.copy_(lib.tensor(rng.uniform(-1, 1, tuple(p.shape)), dtype=p.dtype))
    return m


def test_module_conversions_follow_torch():
    x = np.random.default_rng(1).standard_normal((5, 3))
    seen = []
    for lib in (torch, al):
        m = _net(lib)
        w = m[0].weight
        m(lib.tensor(x, dtype=lib.float32)).sum().backward()
        assert m.to("cpu") is m and m.cpu() is m and m.double() is m
        assert m[0].weight is w and w.dtype == lib.float64 and w.grad.dtype == lib.float64
        assert m[1].running_mean.dtype == lib.float64
        assert m[1].num_batches_tracked.dtype == lib.int64
        out64 = m(lib.tensor(x))
        m.to(lib.float32)
        assert w.dtype == lib.float32 and m.state_dict()["1.running_var"].dtype == lib.float32
        m.to(lib.ones(1, dtype=lib.float64))
        assert w.dtype == lib.float64
        m.float()
        seen.append((out64.detach().numpy(), m(lib.tensor(x, dtype=lib.float32)).detach().numpy()))
    for ours, theirs in zip(seen[1], seen[0]):
        np.testing.assert_allclose(ours, theirs, rtol=1e-5, atol=1e-6)
    with pytest.raises(TypeError, match="device 'cuda' is not available"):
        _net(al).to("cuda")


def test_module_to_a_float_dtype_leaves_integer_buffers_exact():
    """torch converts only floating state; int64 values above 2**24 survive m.to(float32)."""
    values = [2**53 + 1, 2**40 + 1, -(2**31) - 3]
    got = []
    for lib in (al, torch):
        m = lib.nn.Linear(2, 2)
        m.register_buffer("ids", lib.tensor(values))
        m.to(lib.float32).double()
        got.append((m.ids.tolist(), str(m.ids.dtype).split(".")[-1]))
    assert got[0][0] == got[1][0] == values
    assert got[0][1] == got[1][1] == "int64"


def test_activation_modules_print_and_compute_as_torchs():
    x = np.linspace(-3, 3, 7)
    for make in (lambda lib: lib.nn.LeakyReLU(0.3), lambda lib: lib.nn.SiLU(),
                 lambda lib: lib.nn.ReLU(inplace=True), lambda lib: lib.nn.Identity(4, k=1)):
        ours, theirs = make(al), make(torch)
        assert repr(ours) == repr(theirs)
        np.testing.assert_allclose(ours(al.tensor(x)).numpy(), theirs(torch.tensor(x)).numpy(),
                                   rtol=1e-12)
    t = al.tensor([-1.0, 2.0])
    assert al.nn.ReLU(inplace=True)(t) is t and t.tolist() == [0.0, 2.0]


@pytest.mark.parametrize("act", ["silu", "leaky_relu", "relu"])
def test_inplace_activations_write_and_differentiate_as_torchs(act):
    """F.<act>(y, inplace=True) on a non-leaf: writes y itself (the YAML in-place op, not a
    copy of the functional result), records torch's node, and the gradient through it is
    torch's."""
    x = np.array([-2.0, -0.5, 0.0, 0.7, 3.0])
    seen = []
    for lib in (al, torch):
        w = lib.tensor(x, requires_grad=True)
        y = w * 1.5
        out = getattr(lib.nn.functional, act)(y, inplace=True)
        assert out is y
        (y * lib.tensor(x)).sum().backward()
        seen.append((y.detach().numpy(), w.grad.numpy(), type(y.grad_fn).__name__))
    np.testing.assert_allclose(seen[0][0], seen[1][0], rtol=1e-12)
    np.testing.assert_allclose(seen[0][1], seen[1][1], rtol=1e-12)
    # (torch numbers leaky_relu_'s own node LeakyReluBackward1; ours is the functional's.)
    assert seen[0][2].rstrip("01") == seen[1][2].rstrip("01")


def test_movedim_of_a_0_dim_tensor_is_a_new_alias_as_torchs():
    x = al.tensor(3.0)
    m = x.movedim(0, -1)
    assert m is not x and m._base is x and m.item() == 3.0
    with pytest.raises(IndexError, match=r"range of \[-1, 0\], but got 1"):
        x.movedim(1, 0)


@pytest.mark.parametrize("norm_type", [2.0, 1.0, 3.0, math.inf])
@pytest.mark.parametrize("max_norm", [0.5, 100.0])
def test_gradient_clipping_follows_torch(norm_type, max_norm):
    results = []
    x = np.random.default_rng(2).standard_normal((6, 3))
    for lib in (torch, al):
        m = _net(lib)
        m(lib.tensor(x, dtype=lib.float32)).square().sum().backward()
        total = lib.nn.utils.clip_grad_norm_(m.parameters(), max_norm, norm_type=norm_type)
        lib.nn.utils.clip_grad_value_(m.parameters(), 0.05)
        results.append([float(total)] + [p.grad.numpy().copy() for p in m.parameters()])
    for ours, theirs in zip(results[1], results[0]):
        np.testing.assert_allclose(ours, theirs, rtol=1e-5, atol=1e-7)


def test_clipping_without_gradients_and_bad_norms():
    p = al.ones(2, requires_grad=True)
    assert al.nn.utils.clip_grad_norm_([p], 1.0).item() == 0.0  # no grads yet: norm 0
    p.grad = al.tensor([math.nan, 1.0])
    with pytest.raises(RuntimeError, match="non-finite"):
        al.nn.utils.clip_grad_norm_(p, 1.0, error_if_nonfinite=True)
    with pytest.raises(ValueError, match="norm_type must be positive or inf, got -1.0"):
        al.nn.utils.clip_grad_norm_(p, 1.0, norm_type=-1)


@pytest.mark.parametrize("init,kwargs,std", [
    ("kaiming_normal_", {"mode": "fan_out", "nonlinearity": "relu"}, math.sqrt(2 / 300)),
    ("kaiming_normal_", {}, math.sqrt(2 / (1 + 0.01 ** 2)) / math.sqrt(400)),
    ("xavier_normal_", {"gain": 2.0}, 2.0 * math.sqrt(2 / 700)),
    ("trunc_normal_", {"std": 0.02, "a": -0.04, "b": 0.04}, None),
])
def test_normal_initialisers_draw_torchs_distributions(init, kwargs, std):
    # Different generators, so the draws are compared by their statistics (240,000 draws).
    al.manual_seed(0)
    torch.manual_seed(0)
    ours = getattr(al.nn.init, init)(al.empty(300, 400), **kwargs).numpy().ravel()
    theirs = getattr(torch.nn.init, init)(torch.empty(300, 400), **kwargs).numpy().ravel()
    assert abs(ours.mean()) < 0.01 * ours.std() * 3
    np.testing.assert_allclose(ours.std(), theirs.std(), rtol=0.01)
    if std is not None:
        np.testing.assert_allclose(ours.std(), std, rtol=0.01)
    else:
        assert ours.min() >= kwargs["a"] and ours.max() <= kwargs["b"]
    with pytest.raises(ValueError, match="too far in the tail"):
        al.nn.init.trunc_normal_(al.empty(100), a=8.0, b=9.0)


@pytest.mark.parametrize("reduction", ["mean", "sum", "none"])
def test_binary_cross_entropy_follows_torch(reduction):
    x = np.array([[0.0, 0.2, 0.5], [0.9, 1.0, 0.3]])
    y = np.array([[0.0, 1.0, 0.5], [1.0, 0.0, 1.0]])
    w = np.array([1.0, 2.0, 0.5])
    got = []
    for lib in (al, torch):
        inp = lib.tensor(x, requires_grad=True)
        loss = lib.nn.BCELoss(weight=lib.tensor(w), reduction=reduction)(inp, lib.tensor(y))
        loss.sum().backward()
        inner = lib.tensor([[0.3, 0.6]], requires_grad=True)
        lib.nn.functional.binary_cross_entropy(inner, lib.tensor([[1.0, 0.0]])).backward()
        got.append([loss.detach().numpy(), inner.grad.numpy()])
    for ours, theirs in zip(*got):
        np.testing.assert_allclose(ours, theirs, rtol=1e-6)
    with pytest.raises(RuntimeError, match="all elements of input should be between 0 and 1"):
        al.nn.functional.binary_cross_entropy(al.tensor([1.5]), al.tensor([1.0]))


def test_normalize_and_unflatten_follow_torch():
    x = np.array([[3.0, 4.0, 0.0], [0.0, 0.0, 0.0]])
    for kwargs in ({}, {"dim": 0}, {"p": 1.0, "dim": 1}):
        ours = al.nn.functional.normalize(al.tensor(x), **kwargs).numpy()
        theirs = torch.nn.functional.normalize(torch.tensor(x), **kwargs).numpy()
        np.testing.assert_allclose(ours, theirs, rtol=1e-12)
    u, tu = al.nn.Unflatten(1, (2, 3)), torch.nn.Unflatten(1, (2, 3))
    assert repr(u) == repr(tu) and tuple(u(al.ones(4, 6)).shape) == (4, 2, 3)

"""al.nn and al.optim against NumPy formulas written out by hand."""

from __future__ import annotations

import numpy as np
import pytest

import aten_lite as al
from aten_lite import nn
from aten_lite.nn import functional as F


def close(t, expected, rtol=1e-5, atol=1e-6):
    np.testing.assert_allclose(np.asarray(t.detach().numpy()), np.asarray(expected),
                               rtol=rtol, atol=atol)


def log_softmax_np(z):
    z = z - z.max(1, keepdims=True)
    return z - np.log(np.exp(z).sum(1, keepdims=True))


# ---- modules ----


def test_linear_init_is_reproducible_and_bounded():
    al.manual_seed(3)
    a = nn.Linear(20, 5)
    al.manual_seed(3)
    b = nn.Linear(20, 5)
    np.testing.assert_array_equal(a.weight.detach().numpy(), b.weight.detach().numpy())
    np.testing.assert_array_equal(a.bias.detach().numpy(), b.bias.detach().numpy())
    bound = 1 / np.sqrt(20)
    w = a.weight.detach().numpy()
    assert w.shape == (5, 20) and a.bias.shape == (5,)
    assert np.all(np.abs(w) <= bound) and w.std() > bound / 3  # uniform, not all zero
    assert a.weight.requires_grad and a.weight.is_leaf and a.weight.dtype == al.float32


def test_linear_forward_and_backward():
    lin = nn.Linear(3, 2)
    x = np.array([[1.0, 2.0, 3.0], [-1.0, 0.5, 0.0]], dtype=np.float32)
    w, b = lin.weight.detach().numpy().copy(), lin.bias.detach().numpy().copy()
    y = lin(al.from_numpy(x))
    close(y, x @ w.T + b)
    y.sum().backward()
    close(lin.weight.grad, np.ones((2, 2)).T @ x)
    close(lin.bias.grad, [2.0, 2.0])


def test_linear_without_bias():
    lin = nn.Linear(3, 2, bias=False)
    assert lin.bias is None and [n for n, _ in lin.named_parameters()] == ["weight"]


def test_linear_shape_error():
    with pytest.raises(RuntimeError) as e:
        nn.Linear(3, 2)(al.ones(4, 5))
    assert str(e.value) == ("linear: input has 5 features (shape [4, 5]) but weight expects 3 "
                            "(shape [2, 3])")


def test_sequential_parameters_modes_and_zero_grad():
    net = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 2))
    names = [n for n, _ in net.named_parameters()]
    assert names == ["0.weight", "0.bias", "2.weight", "2.bias"]
    assert len(list(net.parameters())) == 4 and len(net) == 3
    assert net.training and all(m.training for m in net.modules())
    net.eval()
    assert not net.training and not net[0].training
    net.train()
    assert net[2].training
    net(al.ones(1, 4)).sum().backward()
    assert all(p.grad is not None for p in net.parameters())
    net.zero_grad()
    assert all(p.grad is None for p in net.parameters())


def test_parameter_is_a_tensor_registered_by_module():
    class Scale(nn.Module):
        def __init__(self):
            super().__init__()
            self.k = nn.Parameter(al.tensor([2.0]))
            self.not_a_param = al.tensor([1.0])

        def forward(self, x):
            return x * self.k

    m = Scale()
    assert [n for n, _ in m.named_parameters()] == ["k"]
    assert isinstance(m.k, al.Tensor) and m.k.requires_grad
    m(al.tensor([3.0])).sum().backward()
    close(m.k.grad, [3.0])


def test_module_needs_super_init():
    class Broken(nn.Module):
        def __init__(self):
            self.w = 1

    with pytest.raises(AttributeError) as e:
        Broken()
    assert str(e.value) == ("cannot assign 'w' before Module.__init__() call; call "
                            "super().__init__() first in your module's __init__")


def test_state_dict_round_trip():
    al.manual_seed(0)
    a = nn.Linear(3, 2)
    b = nn.Linear(3, 2)
    b.load_state_dict(a.state_dict())
    close(b.weight, a.weight.detach().numpy())
    with pytest.raises(RuntimeError) as e:
        b.load_state_dict({"weight": a.weight.detach(), "scale": al.ones(1)})
    assert str(e.value) == ('Error(s) in loading state_dict for Linear:\n\tMissing key(s) in '
                            'state_dict: "bias". \n\tUnexpected key(s) in state_dict: "scale". ')
    result = b.load_state_dict({"weight": a.weight.detach()}, strict=False)
    assert result.missing_keys == ["bias"] and result.unexpected_keys == []


# ---- functional ----


def test_softmax_and_log_softmax():
    z = np.array([[1.0, 2.0, 0.5], [-1.0, 0.0, 3.0]], dtype=np.float32)
    close(F.log_softmax(al.from_numpy(z), 1), log_softmax_np(z))
    close(F.softmax(al.from_numpy(z), 1), np.exp(log_softmax_np(z)))
    close(F.relu(al.from_numpy(z)), np.maximum(z, 0))


def test_cross_entropy_value_and_gradient():
    z = np.array([[1.0, 2.0, 0.5], [-1.0, 0.0, 3.0], [0.2, 0.2, 0.2]])
    target = np.array([2, 0, 1])
    logits = al.tensor(z, dtype=al.float64, requires_grad=True)
    loss = F.cross_entropy(logits, al.tensor(target))
    lp = log_softmax_np(z)
    close(loss, -lp[np.arange(3), target].mean())
    loss.backward()
    onehot = np.eye(3)[target]
    close(logits.grad, (np.exp(lp) - onehot) / 3)


def test_cross_entropy_sum_and_none():
    z = al.tensor([[0.0, 1.0]])
    t = al.tensor([1])
    close(F.cross_entropy(z, t, reduction="none"), [np.log1p(np.exp(-1.0))])
    close(F.cross_entropy(z, t, reduction="sum"), np.log1p(np.exp(-1.0)))


def test_cross_entropy_errors():
    z = al.zeros(2, 3)
    with pytest.raises(ValueError) as e:
        F.cross_entropy(z, al.tensor([0.0, 1.0]))
    assert str(e.value) == ("cross_entropy: probability targets must have the input's shape "
                            "[2, 3], got [2]")
    with pytest.raises(ValueError) as e:
        F.cross_entropy(z, al.tensor([0, 1, 2]))
    assert str(e.value) == ("nll_loss: target has shape [3] but input has shape [2, 3]; "
                            "expected target shape [2]")
    with pytest.raises(IndexError) as e:
        F.cross_entropy(z, al.tensor([0, 3]))
    assert str(e.value) == "nll_loss: Target 3 is out of bounds for 3 classes"
    with pytest.raises(ValueError) as e:
        F.cross_entropy(z, al.tensor([0, 1]), reduction="avg")
    assert str(e.value) == "avg is not a valid value for reduction; expected one of none, mean, sum"


def test_mse_loss_value_and_gradient():
    a = np.array([1.0, 2.0, 4.0])
    b = np.array([0.0, 2.5, 1.0])
    x = al.tensor(a, dtype=al.float64, requires_grad=True)
    loss = F.mse_loss(x, al.tensor(b, dtype=al.float64))
    close(loss, ((a - b) ** 2).mean())
    loss.backward()
    close(x.grad, 2 * (a - b) / 3)
    with pytest.raises(ValueError) as e:
        F.mse_loss(x, al.zeros(2))
    assert str(e.value) == ("mse_loss: input has shape [3] but target has shape [2]; they "
                            "must match")


# ---- optim ----


def _sgd_reference(p0, grads, lr, momentum=0.0, weight_decay=0.0, dampening=0.0,
                   nesterov=False):
    p, buf = p0.copy(), None
    for g in grads:
        g = g + weight_decay * p
        if momentum:
            buf = g.copy() if buf is None else momentum * buf + (1 - dampening) * g
            g = g + momentum * buf if nesterov else buf
        p = p - lr * g
    return p


@pytest.mark.parametrize("options", [
    {}, {"momentum": 0.9}, {"momentum": 0.9, "weight_decay": 0.01},
    {"momentum": 0.5, "nesterov": True}, {"momentum": 0.9, "dampening": 0.1},
])
def test_sgd_matches_the_update_rule(options):
    p0 = np.array([1.0, -2.0, 0.5])
    p = al.tensor(p0, dtype=al.float64, requires_grad=True)
    opt = al.optim.SGD([p], lr=0.1, **options)
    grads = []
    for step in range(3):
        opt.zero_grad()
        loss = (p * p * (step + 1)).sum()
        loss.backward()
        grads.append(p.grad.numpy().copy())
        opt.step()
    close(p, _sgd_reference(p0, grads, 0.1, **options))
    assert p.is_leaf and p.requires_grad


@pytest.mark.parametrize("options", [
    {}, {"momentum": 0.9}, {"weight_decay": 0.1}, {"momentum": 0.9, "weight_decay": 0.05},
    {"momentum": 0.5, "dampening": 0.3}, {"momentum": 0.9, "nesterov": True, "weight_decay": 0.01},
])
def test_sgd_matches_torch(options):
    torch = pytest.importorskip("torch")
    p0 = np.random.default_rng(0).standard_normal((3, 2)).astype(np.float32)
    ours = al.tensor(p0, requires_grad=True)
    theirs = torch.tensor(p0, requires_grad=True)
    steps = [(ours, al.optim.SGD([ours], lr=0.05, **options)),
             (theirs, torch.optim.SGD([theirs], lr=0.05, **options))]
    for k in range(5):
        for p, opt in steps:
            opt.zero_grad()
            ((p * p * p).sum() + (p * (k + 1)).sum()).backward()
            opt.step()
    np.testing.assert_allclose(ours.detach().numpy(), theirs.detach().numpy(), rtol=1e-6,
                               atol=1e-7)


@pytest.mark.parametrize("name, kwargs", [
    ("relu", {}), ("softmax", {"dim": 1}), ("log_softmax", {"dim": 0}), ("linear", {}),
    *[(loss, {"reduction": r}) for loss in ("cross_entropy", "mse_loss")
      for r in ("mean", "sum", "none")],
])
def test_functional_matches_torch(name, kwargs):
    """Values and gradients (for every input that takes one) against torch.nn.functional."""
    torch = pytest.importorskip("torch")
    rng = np.random.default_rng(1)
    x = rng.standard_normal((5, 4))
    extra = {"linear": [rng.standard_normal((3, 4)), rng.standard_normal(3)],
             "cross_entropy": [np.array([0, 3, 1, 1, 2])],
             "mse_loss": [rng.standard_normal((5, 4))]}.get(name, [])
    floats = [x] + [a for a in extra if a.dtype.kind == "f"]
    ours_in = [al.tensor(a, requires_grad=True) for a in floats]
    theirs_in = [torch.tensor(a, requires_grad=True) for a in floats]
    ours_args = ours_in + [al.tensor(a) for a in extra if a.dtype.kind != "f"]
    theirs_args = theirs_in + [torch.tensor(a) for a in extra if a.dtype.kind != "f"]
    ours = getattr(F, name)(*ours_args, **kwargs)
    theirs = getattr(torch.nn.functional, name)(*theirs_args, **kwargs)
    close(ours, theirs.detach().numpy(), rtol=1e-10)
    w = rng.standard_normal(tuple(ours.shape))
    ours.backward(al.tensor(w))
    theirs.backward(torch.tensor(w))
    for a, b in zip(ours_in, theirs_in):
        close(a.grad, b.grad.numpy(), rtol=1e-10)


def test_sgd_skips_parameters_without_grad_and_zero_grad_modes():
    a = al.tensor([1.0], requires_grad=True)
    b = al.tensor([2.0], requires_grad=True)
    opt = al.optim.SGD([a, b], lr=1.0)
    (a * 3).sum().backward()
    opt.step()
    close(a, [-2.0])
    close(b, [2.0])
    opt.zero_grad(set_to_none=False)
    close(a.grad, [0.0])
    opt.zero_grad()
    assert a.grad is None


def test_sgd_argument_errors():
    p = al.tensor([1.0], requires_grad=True)
    with pytest.raises(ValueError) as e:
        al.optim.SGD([p], lr=-0.1)
    assert str(e.value) == "Invalid learning rate: -0.1"
    with pytest.raises(ValueError) as e:
        al.optim.SGD([], lr=0.1)
    assert str(e.value) == "optimizer got an empty parameter list"
    with pytest.raises(TypeError) as e:
        al.optim.SGD(p, lr=0.1)
    assert str(e.value) == ("params must be an iterable of Tensors (or of dicts), got a single "
                            "Tensor; wrap it in a list")
    with pytest.raises(ValueError) as e:
        al.optim.SGD([p], lr=0.1, nesterov=True)
    assert str(e.value) == "Nesterov momentum requires a momentum and zero dampening"


def test_training_a_tiny_regression_converges():
    al.manual_seed(0)
    rng = np.random.default_rng(0)
    x = rng.standard_normal((64, 3)).astype(np.float32)
    y = x @ np.array([[1.5], [-2.0], [0.5]], dtype=np.float32) + 0.3
    lin = nn.Linear(3, 1)
    opt = al.optim.SGD(lin.parameters(), lr=0.1, momentum=0.5)
    for _ in range(200):
        opt.zero_grad()
        loss = F.mse_loss(lin(al.from_numpy(x)), al.from_numpy(y))
        loss.backward()
        opt.step()
    assert loss.item() < 1e-4
    close(lin.weight, [[1.5, -2.0, 0.5]], atol=1e-2)
    close(lin.bias, [0.3], atol=1e-2)

"""al.nn and al.optim against torch 2.x (skipped without torch): the same inputs and weights
give the same outputs and gradients; optimizers and schedulers agree step for step."""

from __future__ import annotations

import numpy as np
import pytest

import aten_lite as al
from aten_lite import nn
from aten_lite.nn import functional as F

torch = pytest.importorskip("torch")


def close(ours, theirs, rtol=1e-6, atol=1e-7):
    np.testing.assert_allclose(ours.detach().numpy(), theirs.detach().numpy(), rtol=rtol,
                               atol=atol)


def pair(a: np.ndarray, grad: bool = True):
    return al.tensor(a, requires_grad=grad), torch.tensor(a, requires_grad=grad)


def both_backward(ours, theirs, seed=0):
    w = np.random.default_rng(seed).standard_normal(tuple(theirs.shape))
    ours.backward(al.tensor(w, dtype=ours.dtype))
    theirs.backward(torch.tensor(w, dtype=theirs.dtype))


RNG = np.random.default_rng(7)
X = RNG.standard_normal((6, 5))
T = np.array([4, 0, 2, -100, 1, 2])
W = RNG.random(5)
P = np.exp(RNG.standard_normal((6, 5)))
P = P / P.sum(1, keepdims=True)


@pytest.mark.parametrize("reduction", ["mean", "sum", "none"])
@pytest.mark.parametrize("weight", [False, True])
@pytest.mark.parametrize("smoothing", [0.0, 0.2])
@pytest.mark.parametrize("probs", [False, True])
def test_cross_entropy(reduction, weight, smoothing, probs):
    a, b = pair(X)
    target = P if probs else T
    kw = dict(reduction=reduction, label_smoothing=smoothing)
    wa = al.tensor(W) if weight else None
    wb = torch.tensor(W) if weight else None
    ours = F.cross_entropy(a, al.tensor(target), weight=wa, **kw)
    theirs = torch.nn.functional.cross_entropy(b, torch.tensor(target), weight=wb, **kw)
    close(ours, theirs, rtol=1e-10)
    both_backward(ours, theirs)
    close(a.grad, b.grad, rtol=1e-10, atol=1e-12)


def test_cross_entropy_grad_fn_and_k_dims():
    a, b = pair(RNG.standard_normal((2, 3, 4)))
    t = RNG.integers(0, 3, (2, 4))
    ours = F.cross_entropy(a, al.tensor(t), ignore_index=1)
    theirs = torch.nn.functional.cross_entropy(b, torch.tensor(t), ignore_index=1)
    assert type(F.cross_entropy(al.zeros(2, 3, requires_grad=True),
                                al.tensor([0, 1])).grad_fn).__name__ == "NllLossBackward0"
    close(ours, theirs, rtol=1e-10)
    both_backward(ours, theirs)
    close(a.grad, b.grad, rtol=1e-10)
    none = F.cross_entropy(a, al.tensor(t), reduction="none")
    assert none.shape == (2, 4)


@pytest.mark.parametrize("reduction", ["mean", "sum", "none"])
def test_nll_loss_with_weight(reduction):
    a, b = pair(X)
    ours = F.nll_loss(a, al.tensor(T), al.tensor(W), reduction=reduction)
    theirs = torch.nn.functional.nll_loss(b, torch.tensor(T), torch.tensor(W),
                                          reduction=reduction)
    close(ours, theirs, rtol=1e-10)
    both_backward(ours, theirs)
    close(a.grad, b.grad, rtol=1e-10)


def test_nll_loss_all_ignored_mean_is_nan_and_float32():
    ours = F.nll_loss(al.zeros(2, 3), al.tensor([-100, -100]))
    assert np.isnan(ours.item())
    a, b = pair(X.astype(np.float32))
    close(F.nll_loss(a, al.tensor(T)), torch.nn.functional.nll_loss(b, torch.tensor(T)))
    assert F.nll_loss(a, al.tensor(T)).dtype == al.float32


@pytest.mark.parametrize("name, kwargs", [
    ("mse_loss", {}), ("l1_loss", {}), ("smooth_l1_loss", {}), ("smooth_l1_loss", {"beta": 0.5}),
    ("smooth_l1_loss", {"beta": 0.0}), ("binary_cross_entropy_with_logits", {}),
])
@pytest.mark.parametrize("reduction", ["mean", "sum", "none"])
def test_regression_losses(name, kwargs, reduction):
    a, b = pair(X * 3)
    y = RNG.random(X.shape) if name.startswith("binary") else RNG.standard_normal(X.shape)
    ours = getattr(F, name)(a, al.tensor(y), reduction=reduction, **kwargs)
    theirs = getattr(torch.nn.functional, name)(b, torch.tensor(y), reduction=reduction,
                                                **kwargs)
    close(ours, theirs, rtol=1e-10)
    both_backward(ours, theirs)
    close(a.grad, b.grad, rtol=1e-10, atol=1e-12)


def test_bce_with_logits_weights():
    a, b = pair(X * 30)  # large logits: no overflow
    y = (RNG.random(X.shape) > 0.5).astype(float)
    pw = RNG.random(5) + 0.5
    ours = nn.BCEWithLogitsLoss(weight=al.tensor(W), pos_weight=al.tensor(pw))(a, al.tensor(y))
    theirs = torch.nn.BCEWithLogitsLoss(weight=torch.tensor(W), pos_weight=torch.tensor(pw))(
        b, torch.tensor(y))
    close(ours, theirs, rtol=1e-10)
    both_backward(ours, theirs)
    close(a.grad, b.grad, rtol=1e-10)


@pytest.mark.parametrize("make", [
    lambda m: m.Tanh(), lambda m: m.Sigmoid(), lambda m: m.GELU(),
    lambda m: m.GELU(approximate="tanh"), lambda m: m.Softmax(dim=1),
    lambda m: m.LogSoftmax(dim=0), lambda m: m.Flatten(), lambda m: m.ReLU(),
    lambda m: m.LayerNorm(5, elementwise_affine=False), lambda m: m.Dropout(0.0),
])
def test_activation_modules(make):
    a, b = pair(X.reshape(6, 5))
    ours, theirs = make(nn)(a), make(torch.nn)(b)
    close(ours, theirs, rtol=1e-10)
    both_backward(ours, theirs)
    close(a.grad, b.grad, rtol=1e-9, atol=1e-12)


def _copy_weights(ours, theirs):
    theirs.load_state_dict({k: torch.tensor(v.numpy()) for k, v in ours.state_dict().items()})


def test_layer_norm_affine_and_embedding():
    lo, lt = nn.LayerNorm([2, 3]), torch.nn.LayerNorm([2, 3])
    with al.no_grad():
        lo.weight.copy_(al.tensor(RNG.standard_normal((2, 3)), dtype=al.float32))
    _copy_weights(lo, lt)
    a, b = pair(RNG.standard_normal((4, 2, 3)).astype(np.float32))
    close(lo(a), lt(b), rtol=1e-5, atol=1e-6)
    eo = nn.Embedding(10, 4)
    et = torch.nn.Embedding(10, 4)
    _copy_weights(eo, et)
    idx = RNG.integers(0, 10, (3, 5))
    ours, theirs = eo(al.tensor(idx)), et(torch.tensor(idx))
    close(ours, theirs)
    both_backward(ours, theirs)
    close(eo.weight.grad, et.weight.grad, rtol=1e-5, atol=1e-6)


def test_batchnorm1d_train_eval_and_running_stats():
    bo, bt = nn.BatchNorm1d(3, momentum=0.3), torch.nn.BatchNorm1d(3, momentum=0.3)
    for shape in [(8, 3), (4, 3, 5), (8, 3)]:
        a, b = pair(RNG.standard_normal(shape).astype(np.float32) * 2 + 1)
        ours, theirs = bo(a), bt(b)
        close(ours, theirs, rtol=1e-5, atol=1e-5)
        both_backward(ours, theirs)
        close(a.grad, b.grad, rtol=1e-4, atol=1e-5)
    for key in ("running_mean", "running_var", "num_batches_tracked"):
        close(getattr(bo, key), getattr(bt, key), rtol=1e-5)
    bo.eval(), bt.eval()
    a, b = pair(RNG.standard_normal((5, 3)).astype(np.float32))
    close(bo(a), bt(b), rtol=1e-5, atol=1e-6)
    assert list(bo.state_dict()) == list(bt.state_dict())


def test_dropout_train_and_eval():
    d = nn.Dropout(0.25)
    x = al.ones(1000)
    y = d(x)
    kept = y.numpy() != 0
    assert 650 < kept.sum() < 850
    np.testing.assert_allclose(y.numpy()[kept], 1 / 0.75, rtol=1e-6)
    assert d.eval()(x) is x
    with pytest.raises(ValueError) as e:
        nn.Dropout(1.5)
    assert str(e.value) == "dropout probability has to be between 0 and 1, but got 1.5"


# ---- Module ----


def _mlp(m):
    return m.Sequential(m.Linear(64, 128), m.ReLU(), m.Linear(128, 10))


def test_repr_matches_torch():
    assert repr(_mlp(nn)) == repr(_mlp(torch.nn))
    for make in (lambda m: m.ModuleList([m.Tanh(), m.Embedding(27, 10)]),
                 lambda m: m.ModuleDict({"norm": m.LayerNorm(4),
                                        "bn": m.BatchNorm1d(3, bias=False)}),
                 lambda m: m.Sequential(m.Flatten(), m.Dropout(0.1), m.GELU(), m.Softmax(1))):
        assert repr(make(nn)) == repr(make(torch.nn))


class _Net:
    """The same network class over either library."""

    @staticmethod
    def make(m):
        class Net(m.Module):
            def __init__(self):
                super().__init__()
                self.emb = m.Embedding(5, 3)
                self.blocks = m.ModuleList([m.Linear(3, 4), m.Linear(4, 2, bias=False)])
                self.heads = m.ModuleDict({"a": m.BatchNorm1d(2)})
                self.shared = self.blocks[0]  # the same module twice: listed once

            def forward(self, x):
                return x
        return Net()


def test_module_walks_match_torch():
    ours, theirs = _Net.make(nn), _Net.make(torch.nn)
    names = lambda it: [n for n, _ in it]  # noqa: E731
    assert names(ours.named_parameters()) == names(theirs.named_parameters())
    assert names(ours.named_buffers()) == names(theirs.named_buffers())
    assert names(ours.named_modules()) == names(theirs.named_modules())
    assert names(ours.named_children()) == names(theirs.named_children())
    assert list(ours.state_dict()) == list(theirs.state_dict())
    assert len(list(ours.parameters(recurse=False))) == 0
    assert len(list(ours.blocks.parameters())) == 3
    seen, seen_t = [], []
    ours.apply(lambda m: seen.append(type(m).__name__))
    theirs.apply(lambda m: seen_t.append(type(m).__name__))
    assert seen == seen_t
    ours.eval()
    assert not any(m.training for m in ours.modules())


def test_load_state_dict_errors_match_torch():
    ours, theirs = _mlp(nn), _mlp(torch.nn)
    bad = {k: v for k, v in theirs.state_dict().items() if k != "0.bias"}
    bad["extra"] = torch.zeros(1)
    with pytest.raises(RuntimeError) as e_t:
        theirs.load_state_dict(bad)
    with pytest.raises(RuntimeError) as e_o:
        ours.load_state_dict({k: al.tensor(v.numpy()) for k, v in bad.items()})
    assert str(e_o.value) == str(e_t.value)
    bad = dict(theirs.state_dict(), **{"2.weight": torch.zeros(3, 3)})
    with pytest.raises(RuntimeError) as e_t:
        theirs.load_state_dict(bad)
    with pytest.raises(RuntimeError) as e_o:
        ours.load_state_dict({k: al.tensor(v.numpy()) for k, v in bad.items()})
    assert str(e_o.value) == str(e_t.value)
    _copy_weights(ours, theirs)
    x = RNG.standard_normal((2, 64)).astype(np.float32)
    close(ours(al.tensor(x)), theirs(torch.tensor(x)), rtol=1e-5, atol=1e-6)


def test_init_functions():
    al.manual_seed(0)
    w = al.empty(200, 300)
    nn.init.kaiming_uniform_(w, a=5 ** 0.5)
    bound = 1 / 300 ** 0.5
    assert w.abs().max().item() <= bound and w.abs().max().item() > 0.95 * bound
    nn.init.xavier_uniform_(w)
    assert w.abs().max().item() <= (6 / 500) ** 0.5
    nn.init.normal_(w, 2.0, 0.5)
    assert abs(w.mean().item() - 2.0) < 0.01 and abs(w.numpy().std() - 0.5) < 0.01
    assert nn.init.zeros_(w).abs().sum().item() == 0
    assert nn.init.ones_(w).sum().item() == 60000
    assert nn.init.calculate_gain("tanh") == torch.nn.init.calculate_gain("tanh")


def test_init_old_names_warn_and_do_what_the_new_ones_do():
    import inspect
    old = [n for n in dir(torch.nn.init) if not n.startswith("_") and not n.endswith("_")
           and inspect.isfunction(getattr(torch.nn.init, n)) and hasattr(torch.nn.init, n + "_")]
    assert old and all(hasattr(nn.init, n) for n in old), sorted(set(old) - set(dir(nn.init)))
    w = al.empty(3, 4)
    with pytest.warns(FutureWarning, match="nn.init.constant` is now deprecated in favor of "
                                          "`nn.init.constant_"):
        assert nn.init.constant(w, 2.5) is w
    assert w.sum().item() == 30.0


# ---- optim ----

OPTIMIZERS = [
    ("SGD", {"momentum": 0.9, "nesterov": True}), ("SGD", {"momentum": 0.8, "dampening": 0.2,
                                                           "weight_decay": 0.1}),
    ("Adam", {}), ("Adam", {"weight_decay": 0.1, "amsgrad": True}),
    ("Adam", {"betas": (0.8, 0.9), "maximize": True}), ("AdamW", {}),
    ("AdamW", {"weight_decay": 0.3, "amsgrad": True}), ("RMSprop", {}),
    ("RMSprop", {"momentum": 0.9, "centered": True, "weight_decay": 0.1}),
    ("RMSprop", {"alpha": 0.5}), ("Adagrad", {}),
    ("Adagrad", {"lr_decay": 0.1, "weight_decay": 0.1, "initial_accumulator_value": 0.5}),
]


def _train(lib, opt_name, kwargs, p0, steps=6, sched=None):
    params = [lib.tensor(a, requires_grad=True) for a in p0]
    opt = getattr(lib.optim, opt_name)([{"params": params[:1]},
                                        {"params": params[1:], "lr": 0.02}], lr=0.05, **kwargs)
    scheduler = sched(lib, opt) if sched else None
    lrs = []
    for k in range(steps):
        opt.zero_grad()
        loss = sum((p * p * p).sum() + (p * (k + 1)).sum() for p in params)
        loss.backward()
        opt.step()
        if scheduler:
            scheduler.step()
            lrs.append(scheduler.get_last_lr())
    return params, opt, lrs


@pytest.mark.parametrize("name, kwargs", OPTIMIZERS)
def test_optimizer_matches_torch_step_for_step(name, kwargs):
    p0 = [RNG.standard_normal((3, 2)).astype(np.float32), RNG.standard_normal(4).astype(np.float32)]
    for steps in (1, 3, 7):
        ours, opt_o, _ = _train(al, name, kwargs, p0, steps)
        theirs, opt_t, _ = _train(torch, name, kwargs, p0, steps)
        for a, b in zip(ours, theirs):
            close(a, b, rtol=2e-6, atol=2e-7)
    so, st = opt_o.state_dict(), opt_t.state_dict()
    assert so["param_groups"][1]["params"] == st["param_groups"][1]["params"]
    assert set(so["state"]) == set(st["state"])
    for i in so["state"]:
        for key, value in st["state"][i].items():
            if isinstance(value, torch.Tensor) and value.ndim:
                close(so["state"][i][key], value, rtol=2e-6, atol=2e-7)


def test_optimizer_state_dict_round_trip_resumes_exactly():
    p0 = [RNG.standard_normal((3, 2)).astype(np.float32)]
    full, _, _ = _train(al, "Adam", {}, p0, steps=4)
    params, opt, _ = _train(al, "Adam", {}, p0, steps=2)
    state = opt.state_dict()
    resumed = [al.tensor(params[0].detach().numpy(), requires_grad=True)]
    opt2 = al.optim.Adam(resumed, lr=0.05)
    state["param_groups"] = state["param_groups"][:1]
    opt2.load_state_dict(state)
    for k in range(2, 4):
        opt2.zero_grad()
        ((resumed[0] ** 3).sum() + (resumed[0] * (k + 1)).sum()).backward()
        opt2.step()
    close(resumed[0], full[0].detach())


def test_zero_grad_default_sets_none_and_errors():
    p = al.tensor([1.0], requires_grad=True)
    opt = al.optim.Adam([p])
    (p * 2).sum().backward()
    opt.zero_grad(set_to_none=False)
    assert p.grad is not None and p.grad.item() == 0
    opt.zero_grad()
    assert p.grad is None
    with pytest.raises(ValueError) as e:
        al.optim.Adam([p], betas=(0.9, 1.0))
    assert str(e.value) == "Invalid beta parameter at index 1: 1.0"
    with pytest.raises(ValueError) as e:
        al.optim.RMSprop([p], lr=-1)
    assert str(e.value) == "Invalid learning rate: -1"


@pytest.mark.parametrize("sched", [
    lambda lib, opt: lib.optim.lr_scheduler.StepLR(opt, step_size=2, gamma=0.5),
    lambda lib, opt: lib.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=3, eta_min=0.001),
])
def test_schedulers_match_torch(sched):
    p0 = [RNG.standard_normal((3, 2)).astype(np.float32), RNG.standard_normal(4).astype(np.float32)]
    ours, _, lrs_o = _train(al, "SGD", {"momentum": 0.9}, p0, steps=9, sched=sched)
    theirs, _, lrs_t = _train(torch, "SGD", {"momentum": 0.9}, p0, steps=9, sched=sched)
    assert lrs_o == lrs_t
    for a, b in zip(ours, theirs):
        close(a, b, rtol=2e-6, atol=2e-7)

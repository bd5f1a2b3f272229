"""Every torch.optim optimizer and lr scheduler against torch's own: the same problem, the
same starting parameters, each library computing its own gradients, compared in float64
after every run (optimizers: parameters and a mid-run state_dict resume; LBFGS: with and
without the strong-Wolfe line search; schedulers: the rates, momenta and a resume from
state_dict over 30 steps); plus the errors for bad hyper-parameters."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

import aten_lite as al

torch = pytest.importorskip("torch")

RNG = np.random.default_rng(7)
W0, B0 = RNG.normal(size=(3, 4)), RNG.normal(size=4)
X, Y = RNG.normal(size=(5, 3)), RNG.normal(size=(5, 4))


@pytest.fixture(autouse=True)
def _torch_float64():
    # torch keeps some step scalars (NAdam's mu_product, ASGD's eta) as tensors of the
    # default dtype; float64 makes them the Python floats aten_lite keeps.
    old = torch.get_default_dtype()
    torch.set_default_dtype(torch.float64)
    yield
    torch.set_default_dtype(old)


def _tensor(lib, a, requires_grad=False):
    return lib.tensor(a, dtype=lib.float64, requires_grad=requires_grad)


def _loss(lib, w, b):
    x, y = _tensor(lib, X), _tensor(lib, Y)
    r = x @ w + b - y
    return (r * r).sum() / 5 + (w * w * w).sum() * 0.1 + (b - 0.5).abs().sum()


OPTIMIZERS = [
    ("SGD", dict(lr=0.05)),
    ("SGD", dict(lr=0.05, momentum=0.9, nesterov=True, weight_decay=0.1, foreach=False)),
    ("SGD", dict(lr=0.05, momentum=0.5, dampening=0.3, maximize=True)),
    ("Adam", dict(lr=0.05)),
    ("Adam", dict(lr=0.05, amsgrad=True, weight_decay=0.1, foreach=True)),
    ("Adam", dict(lr=0.05, weight_decay=0.1, decoupled_weight_decay=True, maximize=True)),
    ("Adam", dict(lr=0.05, fused=True, capturable=False)),
    ("AdamW", dict(lr=0.05, amsgrad=True)),
    ("AdamW", dict(lr=0.05, weight_decay=0.3, maximize=True, foreach=False)),
    ("RMSprop", dict(lr=0.01, momentum=0.5, centered=True, weight_decay=0.1)),
    ("Adagrad", dict(lr=0.1, lr_decay=0.01, weight_decay=0.1, initial_accumulator_value=0.2)),
    ("Adadelta", dict()),
    ("Adadelta", dict(lr=0.5, rho=0.8, weight_decay=0.1, maximize=True, foreach=False)),
    ("Adamax", dict(lr=0.05)),
    ("Adamax", dict(lr=0.05, betas=(0.8, 0.9), weight_decay=0.1, maximize=True)),
    ("NAdam", dict(lr=0.05)),
    ("NAdam", dict(lr=0.05, weight_decay=0.1, momentum_decay=0.01)),
    ("NAdam", dict(lr=0.05, weight_decay=0.1, decoupled_weight_decay=True, maximize=True)),
    ("RAdam", dict(lr=0.05)),
    ("RAdam", dict(lr=0.05, betas=(0.9, 0.9), weight_decay=0.1)),
    ("RAdam", dict(lr=0.05, betas=(0.9, 0.9), weight_decay=0.1, decoupled_weight_decay=True)),
    ("ASGD", dict(lr=0.05)),
    ("ASGD", dict(lr=0.05, lambd=0.01, alpha=0.5, t0=3, weight_decay=0.1, maximize=True)),
    ("Rprop", dict()),
    ("Rprop", dict(lr=0.05, etas=(0.3, 1.5), step_sizes=(1e-3, 0.2), maximize=True)),
    ("Adafactor", dict()),
    ("Adafactor", dict(lr=0.05, beta2_decay=-0.5, eps=(1e-20, 1e-2), d=1.5, weight_decay=0.1,
                       maximize=True)),
]


def _run(lib, name, kwargs, steps=10, resume_at=None):
    w, b = _tensor(lib, W0, True), _tensor(lib, B0, True)

    def make():
        return getattr(lib.optim, name)([{"params": [w]}, {"params": [b], "lr": 0.02}],
                                        **kwargs)

    opt = make()
    for i in range(steps):
        if i == resume_at:
            saved = opt.state_dict()
            opt = make()
            opt.load_state_dict(saved)
        opt.zero_grad()
        _loss(lib, w, b).backward()
        opt.step()
    return [np.array(t.detach().tolist()) for t in (w, b)], opt


@pytest.mark.parametrize("name,kwargs", OPTIMIZERS,
                         ids=[f"{n}-{i}" for i, (n, _) in enumerate(OPTIMIZERS)])
def test_optimizer_matches_torch(name, kwargs):
    theirs, topt = _run(torch, name, kwargs)
    for resume_at in (None, 4):
        ours, _ = _run(al, name, kwargs, resume_at=resume_at)
        for a, t in zip(ours, theirs):
            np.testing.assert_allclose(a, t, rtol=1e-10, atol=1e-12)
    assert not np.allclose(theirs[0], W0)  # the run moved


def test_asgd_average_matches_torch():
    kwargs = dict(lr=0.05, lambd=0.01, t0=2)
    _, ours = _run(al, "ASGD", kwargs)
    _, theirs = _run(torch, "ASGD", kwargs)
    for p, q in zip(ours.param_groups[0]["params"], theirs.param_groups[0]["params"]):
        np.testing.assert_allclose(np.array(ours.state[p]["ax"].tolist()),
                                   theirs.state[q]["ax"].numpy(), rtol=1e-10, atol=1e-12)
        assert ours.state[p]["eta"] == pytest.approx(float(theirs.state[q]["eta"]), rel=1e-14)


# ---- Muon: both orthogonalise in bfloat16 ----

def _muon_run(lib, shape, steps=6, **kwargs):
    w = _tensor(lib, np.random.default_rng(5).normal(size=shape), True)
    x = _tensor(lib, np.random.default_rng(6).normal(size=(7, shape[0])))
    opt = lib.optim.Muon([w], lr=0.02, **kwargs)
    for _ in range(steps):
        opt.zero_grad()
        ((x @ w).tanh() ** 2).sum().backward()
        opt.step()
    return np.array(w.detach().tolist())


@pytest.mark.parametrize("shape,kwargs", [
    ((4, 6), dict()), ((6, 3), dict(nesterov=False, adjust_lr_fn="match_rms_adamw")),
    ((5, 5), dict(weight_decay=0.0, momentum=0.5, adjust_lr_fn="original", ns_steps=3))])
def test_muon_matches_torch_up_to_bfloat16(shape, kwargs):
    start = np.random.default_rng(5).normal(size=shape)
    ours, theirs = _muon_run(al, shape, **kwargs), _muon_run(torch, shape, **kwargs)
    moved = np.abs(theirs - start).max()
    assert moved > 0.05
    # both iterate in bfloat16, rounding each addmm once; what differs is the float64
    # momentum's last bits, which a bfloat16 rounding may amplify to one unit (0.4%)
    assert np.abs(ours - theirs).max() < 0.02 * moved


def test_muon_and_adafactor_refusals():
    with pytest.raises(ValueError, match=r"shape \(3,\)"):
        al.optim.Muon([al.zeros(3, requires_grad=True)])
    with pytest.raises(ValueError, match="'cubic'"):
        al.optim.Muon([al.zeros(2, 2, requires_grad=True)], adjust_lr_fn="cubic")
    with pytest.raises(ValueError, match="0.5"):
        al.optim.Adafactor(P, beta2_decay=0.5)
    with pytest.raises(ValueError, match="0.5"):
        al.optim.Adafactor(P, d=0.5)


# ---- SparseAdam: sparse COO gradients set by hand (aten_lite has no sparse embedding) ----

ROWS = [[0, 2, 2, 5], [1, 1, 0, 2]], [[4, 1], [0, 2]], [[0, 5, 3, 3, 1], [2, 1, 0, 0, 2]]


def _sparse_run(lib, steps=9, **kwargs):
    w = _tensor(lib, RNG_SPARSE, True)
    opt = lib.optim.SparseAdam([w], **kwargs)
    for i in range(steps):
        idx = ROWS[i % 3]
        with lib.no_grad():
            vals = w[tuple(lib.tensor(r) for r in idx)] * 2 - 1
        w.grad = lib.sparse_coo_tensor(lib.tensor(idx), vals.detach(), (6, 3))
        opt.step()
    return np.array(w.detach().tolist())


RNG_SPARSE = np.random.default_rng(3).normal(size=(6, 3))


@pytest.mark.parametrize("kwargs", [dict(lr=0.1), dict(lr=0.1, betas=(0.5, 0.8),
                                                        maximize=True)])
def test_sparse_adam_matches_torch(kwargs):
    ours, theirs = _sparse_run(al, **kwargs), _sparse_run(torch, **kwargs)
    np.testing.assert_allclose(ours, theirs, rtol=1e-10, atol=1e-12)
    assert (ours[:, :] == RNG_SPARSE)[5, 0]  # an entry no gradient touched stays put


def test_sparse_adam_refuses_dense_gradients():
    w = _tensor(al, RNG_SPARSE, True)
    opt = al.optim.SparseAdam([w])
    (w * w).sum().backward()
    with pytest.raises(RuntimeError, match="does not support dense gradients"):
        opt.step()


# ---- LBFGS on the extended Rosenbrock function ----

def _rosenbrock_run(lib, calls=3, **kwargs):
    x = _tensor(lib, [-1.2, 1.0, -1.2, 1.0, 0.5], True)
    y = _tensor(lib, [[0.3, -0.4]], True)  # a second parameter, so the flat vector spans two
    opt = lib.optim.LBFGS([x, y], **kwargs)

    def closure():
        opt.zero_grad()
        v = lib.cat([x, y.reshape(-1)])
        loss = (100 * (v[1:] - v[:-1] ** 2) ** 2 + (1 - v[:-1]) ** 2).sum()
        loss.backward()
        return loss

    losses = [float(opt.step(closure)) for _ in range(calls)]
    state = opt.state[x]
    return (np.array(x.detach().tolist() + y.detach().reshape(-1).tolist()), losses,
            state["func_evals"], state["n_iter"])


@pytest.mark.parametrize("kwargs", [
    dict(lr=0.5, max_iter=10),
    dict(lr=1, line_search_fn="strong_wolfe"),
    dict(lr=1, line_search_fn="strong_wolfe", history_size=3, max_iter=15, max_eval=40),
    dict(lr=0.2, history_size=2, tolerance_change=1e-3),
])
def test_lbfgs_matches_torch(kwargs):
    ours, theirs = _rosenbrock_run(al, **kwargs), _rosenbrock_run(torch, **kwargs)
    assert np.isfinite(ours[0]).all()
    assert ours[2:] == theirs[2:]  # the same number of evaluations and iterations
    # Dot products summed in another order differ in the last bits; dozens of iterations
    # on an ill-conditioned valley grow that to ~1e-7 (the decisions stay the same).
    np.testing.assert_allclose(ours[0], theirs[0], rtol=1e-6, atol=1e-9)
    np.testing.assert_allclose(ours[1], theirs[1], rtol=1e-6)


def test_lbfgs_strong_wolfe_solves_rosenbrock():
    x, losses, _, _ = _rosenbrock_run(al, calls=8, line_search_fn="strong_wolfe")
    np.testing.assert_allclose(x, np.ones(7), atol=1e-5)


def test_lbfgs_options():
    x = al.zeros(2, requires_grad=True)
    with pytest.raises(ValueError, match="'armijo'"):
        al.optim.LBFGS([x], line_search_fn="armijo")
    with pytest.raises(ValueError, match="parameter groups"):
        al.optim.LBFGS([{"params": [x]}, {"params": [al.zeros(1, requires_grad=True)]}])


# ---- schedulers ----

def _lr_sched(lib, opt, name):
    L = lib.optim.lr_scheduler
    return {
        "constant": lambda: L.ConstantLR(opt, factor=0.5, total_iters=4),
        "linear": lambda: L.LinearLR(opt, start_factor=0.25, end_factor=0.9, total_iters=7),
        "multiplicative": lambda: L.MultiplicativeLR(opt, lambda e: 0.95 if e % 2 else 1.01),
        "polynomial": lambda: L.PolynomialLR(opt, total_iters=12, power=2.0),
        "warm_restarts": lambda: L.CosineAnnealingWarmRestarts(opt, T_0=4, T_mult=2,
                                                               eta_min=0.001),
        "warm_restarts_1": lambda: L.CosineAnnealingWarmRestarts(opt, T_0=5),
        "cyclic": lambda: L.CyclicLR(opt, 0.01, [0.1, 0.5], step_size_up=4, step_size_down=3),
        "cyclic2": lambda: L.CyclicLR(opt, [0.01, 0.02], 0.2, step_size_up=3,
                                      mode="triangular2", base_momentum=0.7),
        "cyclic_exp": lambda: L.CyclicLR(opt, 0.01, 0.1, step_size_up=5, mode="exp_range",
                                         gamma=0.97, cycle_momentum=False),
        "cyclic_fn": lambda: L.CyclicLR(opt, 0.01, 0.1, step_size_up=2,
                                        scale_fn=lambda x: 1 / (1 + x), scale_mode="iterations"),
        "one_cycle": lambda: L.OneCycleLR(opt, max_lr=[0.5, 1.0], total_steps=31),
        "one_cycle_linear3": lambda: L.OneCycleLR(opt, max_lr=0.5, epochs=4, steps_per_epoch=8,
                                                  anneal_strategy="linear", three_phase=True,
                                                  pct_start=0.25, base_momentum=[0.8, 0.7]),
        "sequential": lambda: L.SequentialLR(opt, [
            L.LinearLR(opt, start_factor=0.1, total_iters=5), L.ExponentialLR(opt, 0.9),
            L.StepLR(opt, 3, 0.5)], milestones=[6, 15]),
        "sequential_cos": lambda: L.SequentialLR(opt, [
            L.ConstantLR(opt, 0.3, 3), L.CosineAnnealingLR(opt, T_max=10, eta_min=0.01)],
            milestones=[4]),
        "chained": lambda: L.ChainedScheduler([
            L.ConstantLR(opt, factor=0.2, total_iters=3), L.ExponentialLR(opt, 0.9),
            L.MultiStepLR(opt, [5, 9], 0.5)]),
    }[name]()


SCHEDULERS = ["constant", "linear", "multiplicative", "polynomial", "warm_restarts",
              "warm_restarts_1", "cyclic", "cyclic2", "cyclic_exp", "cyclic_fn", "one_cycle",
              "one_cycle_linear3", "sequential", "sequential_cos", "chained"]


def _schedule(lib, name, adam=False, resume_at=None):
    p, q = lib.zeros(1, requires_grad=True), lib.zeros(1, requires_grad=True)

    def make_opt():
        groups = [{"params": [p]}, {"params": [q], "lr": 0.3}]
        return (lib.optim.Adam(groups, lr=0.1) if adam
                else lib.optim.SGD(groups, lr=0.1, momentum=0.9))

    opt = make_opt()
    sched = _lr_sched(lib, opt, name)
    seen = []
    for epoch in range(30):
        if epoch == resume_at:
            state, opt_state = sched.state_dict(), opt.state_dict()
            opt = make_opt()
            opt.load_state_dict(opt_state)
            sched = _lr_sched(lib, opt, name)
            sched.load_state_dict(state)
        opt.step()
        sched.step()
        momenta = [g["betas"][0] if adam else g["momentum"] for g in opt.param_groups]
        seen.append(sched.get_last_lr() + [g["lr"] for g in opt.param_groups] + momenta)
    return seen


@pytest.mark.parametrize("name", SCHEDULERS)
def test_scheduler_matches_torch(name):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for resume_at in (None, 13):
            for adam in ((False, True) if name.startswith(("cyclic", "one")) else (False,)):
                ours = _schedule(al, name, adam, resume_at)
                theirs = _schedule(torch, name, adam, resume_at)
                np.testing.assert_allclose(ours, theirs, rtol=1e-13, atol=1e-15)


def _by_epoch(lib, name, epochs):
    opt = lib.optim.SGD([lib.zeros(1, requires_grad=True)], lr=0.1)
    L = lib.optim.lr_scheduler
    sched = {"warm_restarts": lambda: L.CosineAnnealingWarmRestarts(opt, T_0=3, T_mult=2),
             "linear": lambda: L.LinearLR(opt, 0.2, total_iters=6),
             "polynomial": lambda: L.PolynomialLR(opt, 8, 0.5),
             "constant": lambda: L.ConstantLR(opt, 0.4, 3),
             "step": lambda: L.StepLR(opt, 2, 0.7)}[name]()
    out = []
    for e in epochs:
        opt.step()
        sched.step(e)
        out.append(sched.get_last_lr()[0])
    return out


@pytest.mark.parametrize("name", ["warm_restarts", "linear", "polynomial", "constant", "step"])
def test_step_with_epoch_uses_the_closed_form(name):
    epochs = [e / 4 for e in range(40)] if name == "warm_restarts" else [3, 1, 7, 2, 9, 0, 5]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        np.testing.assert_allclose(_by_epoch(al, name, epochs), _by_epoch(torch, name, epochs),
                                   rtol=1e-13)


def test_scheduler_warnings():
    opt = al.optim.SGD([al.zeros(1, requires_grad=True)], lr=0.1)
    sched = al.optim.lr_scheduler.LinearLR(opt)
    with pytest.warns(UserWarning, match="before `optimizer.step"):
        sched.step()
    opt.step()
    with pytest.warns(UserWarning, match="epoch parameter"):
        sched.step(3)


def test_one_cycle_refuses_steps_past_the_end():
    opt = al.optim.SGD([al.zeros(1, requires_grad=True)], lr=0.1, momentum=0.9)
    sched = al.optim.lr_scheduler.OneCycleLR(opt, max_lr=1.0, total_steps=3)
    for _ in range(3):
        opt.step()
        sched.step()
    with pytest.raises(ValueError, match="Tried to step 4 times"):
        sched.step()


# ---- bad hyper-parameters: the error names the value ----

P = [al.zeros(2, requires_grad=True)]
BAD = [
    (lambda: al.optim.Adadelta(P, rho=1.5), ValueError, "1.5"),
    (lambda: al.optim.Adadelta(P, lr=-1.0), ValueError, "-1.0"),
    (lambda: al.optim.Adamax(P, betas=(0.9, 1.0)), ValueError, "index 1: 1.0"),
    (lambda: al.optim.NAdam(P, momentum_decay=-0.1), ValueError, "-0.1"),
    (lambda: al.optim.RAdam(P, eps=-1e-8), ValueError, "-1e-08"),
    (lambda: al.optim.ASGD(P, weight_decay=-0.5), ValueError, "-0.5"),
    (lambda: al.optim.Rprop(P, etas=(1.2, 0.5)), ValueError, "1.2, 0.5"),
    (lambda: al.optim.SparseAdam(P, eps=0.0), ValueError, "0.0"),
    (lambda: al.optim.SparseAdam(P, betas=(-0.1, 0.9)), ValueError, "-0.1"),
    (lambda: al.optim.LBFGS(P, lr=-2), ValueError, "-2"),
    (lambda: al.optim.Adam(P, differentiable=True), NotImplementedError, "differentiable"),
    (lambda: al.optim.lr_scheduler.ConstantLR(al.optim.SGD(P), factor=1.5), ValueError, "1.5"),
    (lambda: al.optim.lr_scheduler.LinearLR(al.optim.SGD(P), start_factor=0), ValueError, "0"),
    (lambda: al.optim.lr_scheduler.CosineAnnealingWarmRestarts(al.optim.SGD(P), T_0=0),
     ValueError, "T_0, but got 0"),
    (lambda: al.optim.lr_scheduler.CyclicLR(al.optim.SGD(P), 0.1, 1.0, mode="square"),
     ValueError, "'square'"),
    (lambda: al.optim.lr_scheduler.CyclicLR(al.optim.Adagrad(P), 0.1, 1.0), ValueError,
     "Adagrad"),
    (lambda: al.optim.lr_scheduler.OneCycleLR(al.optim.SGD(P), 1.0, total_steps=10,
                                              pct_start=1.5), ValueError, "1.5"),
    (lambda: al.optim.lr_scheduler.OneCycleLR(al.optim.SGD(P), [1.0, 2.0], total_steps=10),
     ValueError, "got 2"),
    (lambda: al.optim.lr_scheduler.SequentialLR(
        (o := al.optim.SGD(P)), [al.optim.lr_scheduler.ConstantLR(o)], milestones=[3]),
     ValueError, "1 schedulers and 1 milestones"),
]


@pytest.mark.parametrize("make,error,text", BAD, ids=[str(i) for i in range(len(BAD))])
def test_bad_hyperparameters_are_named(make, error, text):
    with pytest.raises(error, match=text.replace("(", r"\(").replace(".", r"\.")):
        make()


MISSING = set()


def test_every_torch_optimizer_and_scheduler_exists():
    for name in torch.optim.__all__:
        if name[0].isupper() and name not in MISSING:
            assert hasattr(al.optim, name), name
    for name in ("ConstantLR", "LinearLR", "MultiplicativeLR", "PolynomialLR",
                 "CosineAnnealingWarmRestarts", "CyclicLR", "OneCycleLR", "SequentialLR",
                 "ChainedScheduler", "StepLR", "MultiStepLR", "ExponentialLR", "LambdaLR",
                 "CosineAnnealingLR", "ReduceLROnPlateau", "LRScheduler"):
        assert hasattr(al.optim.lr_scheduler, name), name

"""The learning-rate schedulers real training loops use, step for step against torch's:
MultiStepLR, ExponentialLR, LambdaLR and ReduceLROnPlateau (StepLR and
CosineAnnealingLR: tests/test_nn_torch.py), including a resume from state_dict."""

from __future__ import annotations

import math

import pytest

import aten_lite as al

torch = pytest.importorskip("torch")

# A validation loss that improves, stalls, wobbles and improves again.
METRICS = [1.0, 0.9, 0.85, 0.85, 0.86, 0.849, 0.85, 0.85, 0.7, 0.7, 0.7, 0.7, 0.71, 0.7,
           0.69, 0.69, 0.69, 0.69, 0.69, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5]

SCHEDULERS = {
    "multistep": lambda lib, opt: lib.optim.lr_scheduler.MultiStepLR(opt, [3, 7, 7, 12], 0.5),
    "exponential": lambda lib, opt: lib.optim.lr_scheduler.ExponentialLR(opt, gamma=0.9),
    "lambda": lambda lib, opt: lib.optim.lr_scheduler.LambdaLR(
        opt, lambda e: min(1.0, (e + 1) / 5) * 0.95 ** e),
    "lambda_per_group": lambda lib, opt: lib.optim.lr_scheduler.LambdaLR(
        opt, [lambda e: 1 / (1 + e), lambda e: math.cos(e / 10)]),
    "plateau": lambda lib, opt: lib.optim.lr_scheduler.ReduceLROnPlateau(
        opt, factor=0.5, patience=2, cooldown=1, min_lr=0.02),
    "plateau_max_abs": lambda lib, opt: lib.optim.lr_scheduler.ReduceLROnPlateau(
        opt, mode="max", threshold=0.05, threshold_mode="abs", patience=1, min_lr=[0.0, 0.01]),
}


def _rates(lib, name, resume_at=None):
    p, q = lib.zeros(1, requires_grad=True), lib.zeros(1, requires_grad=True)
    opt = lib.optim.SGD([{"params": [p]}, {"params": [q], "lr": 0.3}], lr=0.1)
    sched = SCHEDULERS[name](lib, opt)
    rates = []
    for epoch, metric in enumerate(METRICS):
        if epoch == resume_at:
            state, opt_state = sched.state_dict(), opt.state_dict()
            opt = lib.optim.SGD([{"params": [p]}, {"params": [q], "lr": 0.3}], lr=0.1)
            opt.load_state_dict(opt_state)
            sched = SCHEDULERS[name](lib, opt)
            sched.load_state_dict(state)
        opt.step()
        sched.step(-metric if name.endswith("max_abs") else metric) if "plateau" in name \
            else sched.step()
        rates.append(sched.get_last_lr() + [g["lr"] for g in opt.param_groups])
    return rates


@pytest.mark.parametrize("resume_at", [None, 9])
@pytest.mark.parametrize("name", sorted(SCHEDULERS))
def test_scheduler_rates_follow_torch(name, resume_at):
    ours, theirs = _rates(al, name, resume_at), _rates(torch, name, resume_at)
    flat = [v for row in ours for v in row]
    assert flat == pytest.approx([v for row in theirs for v in row], rel=1e-12, abs=0), name
    assert len({tuple(r) for r in theirs}) > 2  # the schedule does change the rate


def test_scheduler_arguments_are_checked():
    opt = al.optim.SGD([al.zeros(1, requires_grad=True)], lr=0.1)
    with pytest.raises(ValueError, match="Factor should be < 1.0"):
        al.optim.lr_scheduler.ReduceLROnPlateau(opt, factor=1.5)
    with pytest.raises(ValueError, match="mode 'up' is unknown; use 'min' or 'max'"):
        al.optim.lr_scheduler.ReduceLROnPlateau(opt, mode="up")
    with pytest.raises(ValueError, match="Expected 1 lr_lambdas, but got 2"):
        al.optim.lr_scheduler.LambdaLR(opt, [lambda e: 1, lambda e: 2])

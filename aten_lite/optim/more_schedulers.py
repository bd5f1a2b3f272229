"""The rest of torch's learning-rate schedulers, with torch's recurrences (so the rates
agree to the last bit): warm-up and decay shapes (``ConstantLR``, ``LinearLR``,
``MultiplicativeLR``, ``PolynomialLR``), cycles (``CosineAnnealingWarmRestarts``,
``CyclicLR``, ``OneCycleLR``, the last two also cycling momentum or Adam's beta1), and
compositions (``SequentialLR``, ``ChainedScheduler``). Reached as
``aten_lite.optim.lr_scheduler.<name>``.

>>> import aten_lite as al
>>> opt = al.optim.SGD([al.zeros(1, requires_grad=True)], lr=1.0)
>>> sched = al.optim.lr_scheduler.LinearLR(opt, start_factor=0.5, total_iters=2)
>>> for _ in range(2):
...     opt.step(); sched.step()
>>> sched.get_last_lr()
[1.0]
"""

from __future__ import annotations

import math
import types
from bisect import bisect_right

from .optimizer import Optimizer
from .scheduler_base import LRScheduler, lambdas_per_group

__all__ = ["ConstantLR", "LinearLR", "MultiplicativeLR", "PolynomialLR",
           "CosineAnnealingWarmRestarts", "CyclicLR", "OneCycleLR", "SequentialLR",
           "ChainedScheduler"]


def _per_group(name: str, optimizer: Optimizer, value) -> list:
    """One value per param group: a list of that length, or one value for all."""
    n = len(optimizer.param_groups)
    if isinstance(value, (list, tuple)):
        if len(value) != n:
            raise ValueError(f"expected {n} values for {name} (one per param group), got "
                             f"{len(value)}")
        return list(value)
    return [value] * n


def _lrs(optimizer: Optimizer) -> list[float]:
    return [g["lr"] for g in optimizer.param_groups]


class ConstantLR(LRScheduler):
    """The base rate times ``factor`` for the first ``total_iters`` epochs, then the base
    rate."""

    def __init__(self, optimizer: Optimizer, factor: float = 1.0 / 3, total_iters: int = 5,
                 last_epoch: int = -1) -> None:
        if not 0 <= factor <= 1.0:
            raise ValueError(f"ConstantLR: factor must be in [0, 1], got {factor}")
        self.factor, self.total_iters = factor, total_iters
        super().__init__(optimizer, last_epoch)

    def get_lr(self) -> list[float]:
        if self.last_epoch == 0:
            return [lr * self.factor for lr in _lrs(self.optimizer)]
        if self.last_epoch != self.total_iters:
            return _lrs(self.optimizer)
        return [lr * (1.0 / self.factor) for lr in _lrs(self.optimizer)]

    def _get_closed_form_lr(self) -> list[float]:
        done = self.last_epoch >= self.total_iters
        return [b * (self.factor + done * (1 - self.factor)) for b in self.base_lrs]


class LinearLR(LRScheduler):
    """The base rate times a factor going linearly from ``start_factor`` to
    ``end_factor`` over ``total_iters`` epochs."""

    def __init__(self, optimizer: Optimizer, start_factor: float = 1.0 / 3,
                 end_factor: float = 1.0, total_iters: int = 5, last_epoch: int = -1) -> None:
        if not 0 < start_factor <= 1.0:
            raise ValueError(f"LinearLR: start_factor must be in (0, 1], got {start_factor}")
        if not 0 <= end_factor <= 1.0:
            raise ValueError(f"LinearLR: end_factor must be in [0, 1], got {end_factor}")
        self.start_factor, self.end_factor = start_factor, end_factor
        self.total_iters = total_iters
        super().__init__(optimizer, last_epoch)

    def get_lr(self) -> list[float]:
        e, a, b, n = self.last_epoch, self.start_factor, self.end_factor, self.total_iters
        if e == 0:
            return [lr * a for lr in _lrs(self.optimizer)]
        if self._is_initial or e > n:
            return _lrs(self.optimizer)
        ratio = 1.0 + (b - a) / (n * a + (e - 1) * (b - a))
        return [lr * ratio for lr in _lrs(self.optimizer)]

    def _get_closed_form_lr(self) -> list[float]:
        a, b, n = self.start_factor, self.end_factor, self.total_iters
        return [base * (a + (b - a) * min(n, self.last_epoch) / n) for base in self.base_lrs]


class _Lambdas:
    """Per-group functions of the epoch; a checkpoint keeps the attributes of callable
    objects (not plain functions), as torch does."""

    def _set_lambdas(self, optimizer: Optimizer, lr_lambda) -> None:
        self.lr_lambdas = lambdas_per_group(optimizer, lr_lambda)
        for f in self.lr_lambdas:
            if not callable(f):
                raise TypeError(f"lr_lambda should be a function, but got {type(f).__name__}")

    def state_dict(self) -> dict:
        state = {k: v for k, v in self.__dict__.items() if k not in ("optimizer", "lr_lambdas")}
        state["lr_lambdas"] = [None if isinstance(f, types.FunctionType) else dict(f.__dict__)
                               for f in self.lr_lambdas]
        return state

    def load_state_dict(self, state_dict: dict) -> None:
        state = dict(state_dict)
        saved = state.pop("lr_lambdas")
        self.__dict__.update(state)
        for f, attrs in zip(self.lr_lambdas, saved):
            if attrs is not None:
                f.__dict__.update(attrs)


class MultiplicativeLR(_Lambdas, LRScheduler):
    """Each epoch, the rate times ``lr_lambda(epoch)`` (one function or one per group)."""

    def __init__(self, optimizer: Optimizer, lr_lambda, last_epoch: int = -1) -> None:
        self._set_lambdas(optimizer, lr_lambda)
        super().__init__(optimizer, last_epoch)

    def get_lr(self) -> list[float]:
        if self._is_initial:
            return _lrs(self.optimizer)
        return [lr * f(self.last_epoch) for f, lr in zip(self.lr_lambdas, _lrs(self.optimizer))]


class PolynomialLR(LRScheduler):
    """The base rate times ``(1 - epoch / total_iters) ** power``, then 0."""

    def __init__(self, optimizer: Optimizer, total_iters: int = 5, power: float = 1.0,
                 last_epoch: int = -1) -> None:
        self.total_iters, self.power = total_iters, power
        super().__init__(optimizer, last_epoch)

    def get_lr(self) -> list[float]:
        e, n = self.last_epoch, self.total_iters
        if self._is_initial or e > n:
            return _lrs(self.optimizer)
        factor = ((1.0 - e / n) / (1.0 - (e - 1) / n)) ** self.power
        return [lr * factor for lr in _lrs(self.optimizer)]

    def _get_closed_form_lr(self) -> list[float]:
        n = self.total_iters
        return [b * (1.0 - min(n, self.last_epoch) / n) ** self.power for b in self.base_lrs]


class CosineAnnealingWarmRestarts(LRScheduler):
    """Cosine annealing from the base rate to ``eta_min`` over ``T_i`` epochs, then a
    restart; each period is ``T_mult`` times the last (the first is ``T_0``).
    ``step(epoch)`` may take a fractional epoch (e.g. ``epoch + batch / batches``)."""

    def __init__(self, optimizer: Optimizer, T_0: int, T_mult: int = 1, eta_min: float = 0.0,
                 last_epoch: int = -1) -> None:
        if not isinstance(T_0, int) or T_0 <= 0:
            raise ValueError(f"Expected positive integer T_0, but got {T_0}")
        if not isinstance(T_mult, int) or T_mult < 1:
            raise ValueError(f"Expected integer T_mult >= 1, but got {T_mult}")
        if not isinstance(eta_min, (float, int)):
            raise ValueError(f"Expected float or int eta_min, but got {eta_min!r}")
        self.T_0 = self.T_i = T_0
        self.T_mult, self.eta_min = T_mult, eta_min
        self.T_cur = last_epoch
        super().__init__(optimizer, last_epoch)

    def get_lr(self) -> list[float]:
        lo = self.eta_min
        return [lo + (b - lo) * (1 + math.cos(math.pi * self.T_cur / self.T_i)) / 2
                for b in self.base_lrs]

    def step(self, epoch=None) -> None:
        if epoch is None and self.last_epoch < 0:
            epoch = 0
        if epoch is None:
            epoch = self.last_epoch + 1
            self.T_cur += 1
            if self.T_cur >= self.T_i:
                self.T_cur %= self.T_i
                self.T_i *= self.T_mult
        elif epoch < 0:
            raise ValueError(f"Expected non-negative epoch, but got {epoch}")
        elif epoch >= self.T_0:
            if self.T_mult == 1:
                self.T_cur = epoch % self.T_0
            else:  # which period: T_0 * (T_mult**n - 1) / (T_mult - 1) <= epoch
                n = int(math.log(epoch / self.T_0 * (self.T_mult - 1) + 1, self.T_mult))
                self.T_cur = epoch - self.T_0 * (self.T_mult ** n - 1) / (self.T_mult - 1)
                self.T_i = self.T_0 * self.T_mult ** n
        else:
            self.T_i, self.T_cur = self.T_0, epoch
        self.last_epoch = math.floor(epoch)
        for group, lr in zip(self.optimizer.param_groups, self.get_lr()):
            group["lr"] = lr
        self._last_lr = _lrs(self.optimizer)


def _set_momentum(group: dict, value: float, use_beta1: bool) -> None:
    if use_beta1:
        group["betas"] = (value, *group["betas"][1:])
    else:
        group["momentum"] = value


def _momentum_setup(sched, optimizer: Optimizer, base_momentum, max_momentum,
                    last_epoch: int) -> None:
    if "momentum" not in optimizer.defaults and "betas" not in optimizer.defaults:
        raise ValueError(f"optimizer {type(optimizer).__name__} has neither momentum nor "
                         "betas; cycle_momentum=True needs one")
    sched.use_beta1 = "betas" in optimizer.defaults
    bases = _per_group("base_momentum", optimizer, base_momentum)
    tops = _per_group("max_momentum", optimizer, max_momentum)
    if last_epoch == -1:
        for top, base, group in zip(tops, bases, optimizer.param_groups):
            _set_momentum(group, top, sched.use_beta1)
            group["max_momentum"], group["base_momentum"] = top, base
    return bases, tops


class CyclicLR(LRScheduler):
    """Cycle the rate between ``base_lr`` and ``max_lr`` (up over ``step_size_up``
    steps, down over ``step_size_down``), the amplitude scaled per ``mode``
    ('triangular': constant, 'triangular2': halved each cycle, 'exp_range':
    ``gamma**iteration``) or by ``scale_fn``; the momentum (or beta1) cycles the other
    way between ``max_momentum`` and ``base_momentum``. Step it once per batch."""

    def __init__(self, optimizer: Optimizer, base_lr, max_lr, step_size_up: int = 2000,
                 step_size_down: int | None = None, mode: str = "triangular",
                 gamma: float = 1.0, scale_fn=None, scale_mode: str = "cycle",
                 cycle_momentum: bool = True, base_momentum: float = 0.8,
                 max_momentum: float = 0.9, last_epoch: int = -1) -> None:
        if not isinstance(optimizer, Optimizer):
            raise TypeError(f"{type(optimizer).__name__} is not an Optimizer")
        base_lrs = _per_group("base_lr", optimizer, base_lr)
        if last_epoch == -1:
            for lr, group in zip(base_lrs, optimizer.param_groups):
                group["lr"] = lr
        self.max_lrs = _per_group("max_lr", optimizer, max_lr)
        up = float(step_size_up)
        down = float(step_size_down) if step_size_down is not None else up
        self.total_size, self.step_ratio = up + down, up / (up + down)
        if mode not in ("triangular", "triangular2", "exp_range") and scale_fn is None:
            raise ValueError(f"CyclicLR: mode {mode!r} is unknown (use 'triangular', "
                             "'triangular2' or 'exp_range') and no scale_fn is given")
        self.mode, self.gamma = mode, gamma
        self._scale_fn_custom = scale_fn
        self.scale_mode = scale_mode if scale_fn is not None else (
            "iterations" if mode == "exp_range" else "cycle")
        self.cycle_momentum = cycle_momentum
        if cycle_momentum:
            self.base_momentums, self.max_momentums = _momentum_setup(
                self, optimizer, base_momentum, max_momentum, last_epoch)
        super().__init__(optimizer, last_epoch)
        self.base_lrs = base_lrs

    def scale_fn(self, x: float) -> float:
        if self._scale_fn_custom is not None:
            return self._scale_fn_custom(x)
        if self.mode == "triangular":
            return 1.0
        if self.mode == "triangular2":
            return 1 / 2.0 ** (x - 1)
        return self.gamma ** x

    def get_lr(self) -> list[float]:
        e = self.last_epoch
        cycle = math.floor(1 + e / self.total_size)
        x = 1.0 + e / self.total_size - cycle
        frac = x / self.step_ratio if x <= self.step_ratio else (x - 1) / (self.step_ratio - 1)
        scale = self.scale_fn(cycle if self.scale_mode == "cycle" else e)
        lrs = [base + (top - base) * frac * scale
               for base, top in zip(self.base_lrs, self.max_lrs)]
        if self.cycle_momentum:
            for group, base, top in zip(self.optimizer.param_groups, self.base_momentums,
                                        self.max_momentums):
                _set_momentum(group, top - (top - base) * frac * scale, self.use_beta1)
        return lrs

    def state_dict(self) -> dict:
        state = super().state_dict()
        fn = state.pop("_scale_fn_custom")
        state["_scale_fn_custom"] = (None if fn is None or isinstance(fn, types.FunctionType)
                                     else dict(fn.__dict__))
        return state

    def load_state_dict(self, state_dict: dict) -> None:
        state = dict(state_dict)
        fn = state.pop("_scale_fn_custom")
        super().load_state_dict(state)
        if fn is not None:
            self._scale_fn_custom.__dict__.update(fn)


class OneCycleLR(LRScheduler):
    """The 1cycle policy over ``total_steps`` (or ``epochs * steps_per_epoch``) batches:
    from ``max_lr / div_factor`` up to ``max_lr`` over the first ``pct_start`` of the
    steps, then down to ``initial_lr / final_div_factor`` (with ``three_phase``: back
    down to the initial rate symmetrically, then to the minimum), annealing by cosine or
    linearly; momentum (or beta1) moves the opposite way."""

    def __init__(self, optimizer: Optimizer, max_lr, total_steps: int | None = None,
                 epochs: int | None = None, steps_per_epoch: int | None = None,
                 pct_start: float = 0.3, anneal_strategy: str = "cos",
                 cycle_momentum: bool = True, base_momentum=0.85, max_momentum=0.95,
                 div_factor: float = 25.0, final_div_factor: float = 1e4,
                 three_phase: bool = False, last_epoch: int = -1) -> None:
        if not isinstance(optimizer, Optimizer):
            raise TypeError(f"{type(optimizer).__name__} is not an Optimizer")
        if total_steps is not None:
            if not isinstance(total_steps, int) or total_steps <= 0:
                raise ValueError(f"Expected positive integer total_steps, but got {total_steps}")
            self.total_steps = total_steps
        elif epochs is not None and steps_per_epoch is not None:
            for name, v in (("epochs", epochs), ("steps_per_epoch", steps_per_epoch)):
                if not isinstance(v, int) or v <= 0:
                    raise ValueError(f"Expected positive integer {name}, but got {v}")
            self.total_steps = epochs * steps_per_epoch
        else:
            raise ValueError("You must define either total_steps OR (epochs AND steps_per_epoch)")
        if not isinstance(pct_start, float) or not 0 <= pct_start <= 1:
            raise ValueError(f"Expected float between 0 and 1 pct_start, but got {pct_start}")
        if anneal_strategy not in ("cos", "linear"):
            raise ValueError(f"anneal_strategy must be one of 'cos' or 'linear', instead got "
                             f"{anneal_strategy!r}")
        self.anneal_strategy = anneal_strategy
        n, rise = self.total_steps, float(pct_start * self.total_steps)
        # (last step of the phase, group key of its start and end rate, same for momentum)
        if three_phase:
            self._phases = [(rise - 1, "initial_lr", "max_lr", "max_momentum", "base_momentum"),
                            (2 * rise - 2, "max_lr", "initial_lr", "base_momentum",
                             "max_momentum"),
                            (n - 1, "initial_lr", "min_lr", "max_momentum", "max_momentum")]
        else:
            self._phases = [(rise - 1, "initial_lr", "max_lr", "max_momentum", "base_momentum"),
                            (n - 1, "max_lr", "min_lr", "base_momentum", "max_momentum")]
        if last_epoch == -1:
            for top, group in zip(_per_group("max_lr", optimizer, max_lr),
                                  optimizer.param_groups):
                group["initial_lr"] = top / div_factor
                group["max_lr"] = top
                group["min_lr"] = group["initial_lr"] / final_div_factor
        self.cycle_momentum = cycle_momentum
        if cycle_momentum:
            _momentum_setup(self, optimizer, base_momentum, max_momentum, last_epoch)
        super().__init__(optimizer, last_epoch)

    def _anneal(self, start: float, end: float, pct: float) -> float:
        if self.anneal_strategy == "cos":
            return end + (start - end) / 2.0 * (math.cos(math.pi * pct) + 1)
        return (end - start) * pct + start

    def get_lr(self) -> list[float]:
        step = self.last_epoch
        if step > self.total_steps:
            raise ValueError(f"Tried to step {step} times. The specified number of total "
                             f"steps is {self.total_steps}")
        lrs = []
        for group in self.optimizer.param_groups:
            begin = 0.0
            for i, (end, lr_a, lr_b, m_a, m_b) in enumerate(self._phases):
                if step <= end or i == len(self._phases) - 1:
                    pct = (step - begin) / (end - begin)
                    lrs.append(self._anneal(group[lr_a], group[lr_b], pct))
                    if self.cycle_momentum:
                        _set_momentum(group, self._anneal(group[m_a], group[m_b], pct),
                                      self.use_beta1)
                    break
                begin = end
        return lrs


def _check_members(owner: str, optimizer: Optimizer, schedulers) -> None:
    for i, s in enumerate(schedulers):
        if not hasattr(s, "optimizer"):
            raise TypeError(f"{owner}: the scheduler at index {i} ({type(s).__name__}) has no "
                            "`optimizer` attribute")
        if not isinstance(s, LRScheduler):  # ReduceLROnPlateau: its step needs the metric
            raise ValueError(f"{owner} does not support {type(s).__name__} (at index {i}): "
                             "only schedulers whose step() takes no arguments")
        if s.optimizer is not optimizer:
            raise ValueError(f"{owner} expects all schedulers to belong to the same optimizer, "
                             f"but the scheduler at index {i} ({type(s).__name__}) has another")


class _Composite(LRScheduler):
    """Checkpoints of a scheduler made of schedulers: each member's own state_dict."""

    def state_dict(self) -> dict:
        state = {k: v for k, v in self.__dict__.items() if k not in ("optimizer", "_schedulers")}
        state["_schedulers"] = [s.state_dict() for s in self._schedulers]
        return state

    def load_state_dict(self, state_dict: dict) -> None:
        state = dict(state_dict)
        members = state.pop("_schedulers")
        self.__dict__.update(state)
        for s, saved in zip(self._schedulers, members):
            s.load_state_dict(saved)


class SequentialLR(_Composite):
    """Run ``schedulers[i]`` from epoch ``milestones[i-1]`` on; each one after the first
    starts from its epoch 0 (its closed form, where it has one)."""

    def __init__(self, optimizer: Optimizer, schedulers, milestones, last_epoch: int = -1):
        if len(schedulers) < 1:
            raise ValueError("SequentialLR expects at least one scheduler, got none")
        _check_members("SequentialLR", optimizer, schedulers)
        if len(milestones) != len(schedulers) - 1:
            raise ValueError(f"SequentialLR expects one milestone fewer than schedulers, got "
                             f"{len(schedulers)} schedulers and {len(milestones)} milestones")
        self._schedulers, self._milestones = list(schedulers), list(milestones)
        self.last_epoch, self.optimizer = last_epoch + 1, optimizer
        for group in optimizer.param_groups:
            group["lr"] = group["initial_lr"]
        self._undo(self)  # the members' constructors each took a step: take them back
        first = self._schedulers[bisect_right(self._milestones, 0)]
        first._initial_step()
        self._last_lr = first.get_last_lr()

    @staticmethod
    def _undo(sched) -> None:
        if hasattr(sched, "_schedulers"):
            for s in sched._schedulers:
                SequentialLR._undo(s)
        elif hasattr(sched, "last_epoch"):
            sched.last_epoch -= 1

    def step(self) -> None:
        self.last_epoch += 1
        i = bisect_right(self._milestones, self.last_epoch)
        sched = self._schedulers[i]
        if i > 0 and self._milestones[i - 1] == self.last_epoch:
            sched._update_lr(0)
        else:
            sched.step()
        self._last_lr = sched.get_last_lr()


class ChainedScheduler(_Composite):
    """Step every scheduler in ``schedulers`` each time, in order (their factors compose,
    for the chainable ones)."""

    def __init__(self, schedulers, optimizer: Optimizer | None = None) -> None:
        if len(schedulers) < 1:
            raise ValueError("ChainedScheduler expects at least one scheduler, got none")
        optimizer = optimizer or schedulers[0].optimizer
        _check_members("ChainedScheduler", optimizer, schedulers)
        self._schedulers, self.optimizer = list(schedulers), optimizer
        self._last_lr = _lrs(self._schedulers[-1].optimizer)

    def step(self) -> None:
        for s in self._schedulers:
            s.step()
        self._last_lr = _lrs(self._schedulers[-1].optimizer)

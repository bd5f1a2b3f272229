"""``LRScheduler``, the base of the epoch-driven schedulers (lr_scheduler,
more_schedulers): ``initial_lr`` per group, ``last_epoch``, ``step()`` and checkpoints."""

from __future__ import annotations

import warnings

from .optimizer import Optimizer

__all__ = ["LRScheduler"]


class LRScheduler:
    """Base: remembers each group's ``initial_lr`` and counts epochs in ``last_epoch``;
    subclasses give ``get_lr()``, the rates for the current epoch from the previous ones
    (torch's chainable form), and where torch has one ``_get_closed_form_lr()``, the rates
    straight from the epoch, used by ``step(epoch)``."""

    _is_initial = False  # True during the step the constructor takes

    def __init__(self, optimizer: Optimizer, last_epoch: int = -1) -> None:
        if not isinstance(optimizer, Optimizer):
            raise TypeError(f"{type(optimizer).__name__} is not an Optimizer")
        self.optimizer = optimizer
        for i, group in enumerate(optimizer.param_groups):
            if last_epoch == -1:
                group.setdefault("initial_lr", group["lr"])
            elif "initial_lr" not in group:
                raise KeyError(f"param 'initial_lr' is not specified in param_groups[{i}] when "
                               f"resuming a scheduler with last_epoch={last_epoch} (>= 0); "
                               "load the optimizer's state_dict first")
        self.base_lrs = [g["initial_lr"] for g in optimizer.param_groups]
        self.last_epoch = last_epoch
        self._initial_step()

    def _initial_step(self) -> None:
        self._step_count = 0
        self._is_initial = True
        try:
            self.step()
        finally:
            self._is_initial = False

    def get_lr(self) -> list[float]:
        raise NotImplementedError

    def get_last_lr(self) -> list[float]:
        return list(self._last_lr)

    def step(self, epoch: int | None = None) -> None:
        if self._step_count == 1 and not getattr(self.optimizer, "_opt_called", False):
            warnings.warn("Detected call of `lr_scheduler.step()` before `optimizer.step()`: "
                          "call optimizer.step() first, or the first rate of the schedule "
                          "is skipped", UserWarning, stacklevel=2)
        self._step_count += 1
        if epoch is not None:
            warnings.warn("The epoch parameter in `scheduler.step()` is deprecated; call "
                          "`scheduler.step()` (with an epoch, the closed form is used where "
                          "there is one)", UserWarning, stacklevel=2)
        self._update_lr(epoch)

    def _update_lr(self, epoch: int | None = None) -> None:
        if epoch is None:
            self.last_epoch += 1
            values = self.get_lr()
        else:
            self.last_epoch = epoch
            closed = getattr(self, "_get_closed_form_lr", None)
            values = closed() if closed is not None else self.get_lr()
        for group, lr in zip(self.optimizer.param_groups, values):
            group["lr"] = lr
        self._last_lr = [g["lr"] for g in self.optimizer.param_groups]

    def state_dict(self) -> dict:
        return {k: v for k, v in self.__dict__.items() if k != "optimizer"}

    def load_state_dict(self, state_dict: dict) -> None:
        self.__dict__.update(state_dict)


def lambdas_per_group(optimizer, lr_lambda) -> list:
    """``lr_lambda`` for each param group: the list given (one per group), or the one
    function repeated (LambdaLR, MultiplicativeLR)."""
    n = len(optimizer.param_groups)
    if isinstance(lr_lambda, (list, tuple)):
        if len(lr_lambda) != n:
            raise ValueError(f"Expected {n} lr_lambdas, but got {len(lr_lambda)}")
        return list(lr_lambda)
    return [lr_lambda] * n

"""``Optimizer``, the base of the update rules: ``param_groups`` (each a dict with
``params`` and the options), per-parameter ``state``, ``zero_grad`` and ``state_dict`` in
torch's layout (parameters numbered in group order), so schedulers and checkpoints work
the same way.
"""

from __future__ import annotations

import copy
import functools

from ..tensors.tensor import Tensor
from ..vocab import profiling as _profiling
from ..vocab.grad_mode import enable_grad, no_grad
from ..nn.module import zero_grad_

__all__ = ["Optimizer"]


def check_nonnegative(**values) -> None:
    """torch's messages for bad hyper-parameters: ``Invalid learning rate: -0.1``."""
    for name, value in values.items():
        if not isinstance(value, (int, float)) or isinstance(value, bool) or value < 0:
            raise ValueError(f"Invalid {name.replace('_', ' ')}: {value}")


def execution_flags(foreach=None, capturable: bool = False, differentiable: bool = False,
                    fused=None) -> dict:
    """torch's flags that choose how a step runs, not what it computes: ``foreach`` (one
    kernel per list of tensors), ``fused``, ``capturable`` (CUDA graphs) are accepted and
    kept in the param groups, and change nothing here, since every step runs one tensor at
    a time on the CPU with the same arithmetic. ``differentiable=True`` would make the step
    itself part of the autograd graph, which these steps (run under no_grad) are not: it
    is refused rather than ignored."""
    if differentiable:
        raise NotImplementedError("differentiable=True (autograd through optimizer.step) is "
                                  "not supported; pass differentiable=False")
    return dict(foreach=foreach, capturable=capturable, differentiable=False, fused=fused)


def check_betas(betas) -> None:
    for i, b in enumerate(betas):
        if not 0.0 <= b < 1.0:
            raise ValueError(f"Invalid beta parameter at index {i}: {b}")


def _profiled(method):
    """``method`` (an optimizer's ``step`` or ``zero_grad``) named in an open profile as torch
    names it: ``Optimizer.step#AdamW.step``. A subclass's step that calls its base's makes one
    event, the outermost. With no profile open: one global read per call."""
    kind = method.__name__

    @functools.wraps(method)
    def wrapper(self, *args, **kwargs):
        rec = _profiling.active
        if rec is None:
            return method(self, *args, **kwargs)
        top = _profiling.current_op(rec)
        prefix = f"Optimizer.{kind}#"
        if top is not None and top.name.startswith(prefix):
            return method(self, *args, **kwargs)
        event = _profiling.open_event(rec, f"{prefix}{type(self).__name__}.{kind}",
                                      "user_annotation")
        try:
            return method(self, *args, **kwargs)
        finally:
            _profiling.close_event(rec, event)

    wrapper._al_profiled = True
    return wrapper


class Optimizer:
    """Holds ``param_groups`` and ``state`` (parameter -> its dict); subclasses define
    ``_update(group, param, grad, state)``, called under no_grad for each parameter with a
    gradient."""

    def __init_subclass__(cls, **kwargs) -> None:
        super().__init_subclass__(**kwargs)
        for name in ("step", "zero_grad"):
            method = cls.__dict__.get(name)
            if method is not None and not getattr(method, "_al_profiled", False):
                setattr(cls, name, _profiled(method))

    def __init__(self, params, defaults: dict) -> None:
        if isinstance(params, Tensor):
            raise TypeError("params must be an iterable of Tensors (or of dicts), got a "
                            "single Tensor; wrap it in a list")
        groups = list(params)
        if not groups:
            raise ValueError("optimizer got an empty parameter list")
        if not isinstance(groups[0], dict):
            groups = [{"params": groups}]
        self.defaults = defaults
        self.param_groups: list[dict] = []
        self.state: dict = {}  # parameter -> its state (keyed by the tensor, as torch)
        for group in groups:
            self.add_param_group(dict(group))

    def add_param_group(self, group: dict) -> None:
        params = group["params"]
        group["params"] = [params] if isinstance(params, Tensor) else list(params)
        seen = {id(p) for g in self.param_groups for p in g["params"]}
        for i, p in enumerate(group["params"]):
            if not isinstance(p, Tensor):
                raise TypeError(f"optimizer can only optimize Tensors, but parameter {i} is "
                                f"a {type(p).__name__}")
            if not p.is_leaf:
                raise ValueError(f"can't optimize a non-leaf Tensor (parameter {i})")
            if id(p) in seen:
                raise ValueError("some parameters appear in more than one parameter group")
        for key, value in self.defaults.items():
            group.setdefault(key, value)
        self.param_groups.append(group)

    def zero_grad(self, set_to_none: bool = True) -> None:
        """Forget the gradients (set to None, as torch does by default, or to zero)."""
        for group in self.param_groups:
            for p in group["params"]:
                zero_grad_(p, set_to_none)

    def step(self, closure=None):
        """Update every parameter that has a gradient; returns ``closure()`` if given."""
        self._opt_called = True  # lr schedulers warn when stepped before the optimizer
        loss = None
        if closure is not None:
            with enable_grad():
                loss = closure()
        with no_grad():
            for group in self.param_groups:
                for p in group["params"]:
                    if (grad := p._grad) is not None:  # not .grad, which would wait for backward
                        grad = -grad if group.get("maximize") else grad
                        self._update(group, p, grad, self.state.setdefault(p, {}))
        return loss

    def _update(self, group: dict, p: Tensor, grad: Tensor, state: dict) -> None:
        raise NotImplementedError

    # ---- checkpoints ----

    def state_dict(self) -> dict:
        """``{"state": {index: state}, "param_groups": [options + "params": indices]}``."""
        index, groups = {}, []
        for group in self.param_groups:
            ids = []
            for p in group["params"]:
                index.setdefault(id(p), len(index))
                ids.append(index[id(p)])
            groups.append({**{k: v for k, v in group.items() if k != "params"}, "params": ids})
        state = {index[id(p)]: {k: (v.clone() if isinstance(v, Tensor) else v)
                                for k, v in s.items()}
                 for p, s in self.state.items() if id(p) in index}
        return {"state": state, "param_groups": groups}

    def load_state_dict(self, state_dict: dict) -> None:
        groups = state_dict["param_groups"]
        if len(groups) != len(self.param_groups):
            raise ValueError("loaded state dict has a different number of parameter groups")
        for mine, theirs in zip(self.param_groups, groups):
            if len(mine["params"]) != len(theirs["params"]):
                raise ValueError("loaded state dict contains a parameter group that doesn't "
                                 "match the size of optimizer's group")
        params = {}
        for mine, theirs in zip(self.param_groups, groups):
            params.update(zip(theirs["params"], mine["params"]))
            for k, v in theirs.items():
                if k != "params":
                    mine[k] = copy.deepcopy(v)
        self.state = {}
        for i, s in state_dict["state"].items():
            p = params[i]
            self.state[p] = {k: (v.detach().clone().to(p.dtype) if isinstance(v, Tensor)
                                 and v.dtype.is_floating_point else
                                 v.detach().clone() if isinstance(v, Tensor) else v)
                             for k, v in s.items()}

    def __repr__(self) -> str:
        lines = [f"{type(self).__name__} ("]
        for i, group in enumerate(self.param_groups):
            lines.append(f"Parameter Group {i}")
            lines += [f"    {k}: {group[k]}" for k in sorted(group) if k != "params"]
        return "\n".join(lines) + "\n)"


# The base's own methods, as __init_subclass__ wraps each subclass's (profile events).
Optimizer.step = _profiled(Optimizer.step)
Optimizer.zero_grad = _profiled(Optimizer.zero_grad)

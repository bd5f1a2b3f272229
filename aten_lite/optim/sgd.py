"""Stochastic gradient descent, as torch.optim.SGD.

>>> import aten_lite as al
>>> w = al.tensor([1.0, -2.0], requires_grad=True)
>>> opt = SGD([w], lr=0.1)
>>> (w * w).sum().backward()
>>> opt.step()
>>> w
tensor([ 0.8000, -1.6000], requires_grad=True)
"""

from __future__ import annotations

from .._tensor import Tensor
from ..autograd.grad_mode import enable_grad, no_grad

__all__ = ["Optimizer", "SGD"]


class Optimizer:
    """Holds ``param_groups`` (each a dict with ``params`` and the options) and per-parameter
    ``state``; subclasses define ``step``."""

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
        self.state: dict[int, dict] = {}  # id(param) -> its state (e.g. momentum_buffer)
        for group in groups:
            self._add_group(dict(group))

    def _add_group(self, group: dict) -> None:
        params = group["params"]
        group["params"] = [params] if isinstance(params, Tensor) else list(params)
        for i, p in enumerate(group["params"]):
            if not isinstance(p, Tensor):
                raise TypeError(f"optimizer can only optimize Tensors, but parameter {i} is "
                                f"a {type(p).__name__}")
            if not p.is_leaf:
                raise ValueError(f"can't optimize a non-leaf Tensor (parameter {i})")
        for key, value in self.defaults.items():
            group.setdefault(key, value)
        self.param_groups.append(group)

    def zero_grad(self, set_to_none: bool = True) -> None:
        """Forget the gradients (set to None, as torch does by default, or to zero)."""
        for group in self.param_groups:
            for p in group["params"]:
                if p.grad is None:
                    continue
                if set_to_none:
                    p.grad = None
                else:
                    with no_grad():
                        p.grad.zero_()

    def step(self, closure=None):
        raise NotImplementedError


class SGD(Optimizer):
    """``p -= lr * g`` where ``g`` is the gradient plus ``weight_decay * p``, averaged into a
    momentum buffer when ``momentum > 0`` (``buf = momentum * buf + (1 - dampening) * g``;
    with ``nesterov`` the step uses ``g + momentum * buf``)."""

    def __init__(self, params, lr: float = 1e-3, momentum: float = 0.0,
                 dampening: float = 0.0, weight_decay: float = 0.0,
                 nesterov: bool = False) -> None:
        for name, value in (("learning rate", lr), ("momentum value", momentum),
                            ("weight_decay value", weight_decay)):
            if not isinstance(value, (int, float)) or value < 0:
                raise ValueError(f"Invalid {name}: {value}")
        if nesterov and (momentum <= 0 or dampening != 0):
            raise ValueError("Nesterov momentum requires a momentum and zero dampening")
        super().__init__(params, dict(lr=lr, momentum=momentum, dampening=dampening,
                                      weight_decay=weight_decay, nesterov=nesterov))

    @no_grad()
    def step(self, closure=None):
        """Update every parameter that has a gradient; returns ``closure()`` if given."""
        loss = None
        if closure is not None:
            with enable_grad():
                loss = closure()
        for group in self.param_groups:
            lr, momentum = group["lr"], group["momentum"]
            decay, dampening = group["weight_decay"], group["dampening"]
            for p in group["params"]:
                g = p.grad
                if g is None:
                    continue
                if decay:
                    g = g.add(p, alpha=decay)
                if momentum:
                    g = self._momentum(p, g, momentum, dampening, group["nesterov"])
                p.add_(g, alpha=-lr)
        return loss

    def _momentum(self, p: Tensor, g: Tensor, momentum: float, dampening: float,
                  nesterov: bool) -> Tensor:
        state = self.state.setdefault(id(p), {})
        buf = state.get("momentum_buffer")
        if buf is None:
            buf = state["momentum_buffer"] = g.clone()
        else:
            buf.mul_(momentum).add_(g, alpha=1 - dampening)
        return g.add(buf, alpha=momentum) if nesterov else buf


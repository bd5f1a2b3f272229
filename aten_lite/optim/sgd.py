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

from ..tensors.tensor import Tensor
from .optimizer import Optimizer, check_nonnegative, execution_flags

__all__ = ["SGD"]


class SGD(Optimizer):
    """``p -= lr * g`` where ``g`` is the gradient plus ``weight_decay * p``, averaged into a
    momentum buffer when ``momentum > 0`` (``buf = momentum * buf + (1 - dampening) * g``;
    the first step's buffer is ``g``; with ``nesterov`` the step uses
    ``g + momentum * buf``)."""

    def __init__(self, params, lr: float = 1e-3, momentum: float = 0.0,
                 dampening: float = 0.0, weight_decay: float = 0.0,
                 nesterov: bool = False, *, maximize: bool = False, foreach=None,
                 differentiable: bool = False, fused=None) -> None:
        check_nonnegative(learning_rate=lr, momentum_value=momentum,
                          weight_decay_value=weight_decay)
        if nesterov and (momentum <= 0 or dampening != 0):
            raise ValueError("Nesterov momentum requires a momentum and zero dampening")
        super().__init__(params, dict(lr=lr, momentum=momentum, dampening=dampening,
                                      weight_decay=weight_decay, nesterov=nesterov,
                                      maximize=maximize,
                                      **execution_flags(foreach, False, differentiable, fused)))

    def _update(self, group: dict, p: Tensor, g: Tensor, state: dict) -> None:
        if group["weight_decay"]:
            g = g.add(p, alpha=group["weight_decay"])
        momentum = group["momentum"]
        if momentum:
            buf = state.get("momentum_buffer")
            if buf is None:
                buf = state["momentum_buffer"] = g.clone()
            else:
                buf.mul_(momentum).add_(g, alpha=1 - group["dampening"])
            g = g.add(buf, alpha=momentum) if group["nesterov"] else buf
        p.add_(g, alpha=-group["lr"])

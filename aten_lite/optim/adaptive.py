"""Optimizers with per-element step sizes, following torch's update rules step for step
(the single-tensor forms): ``Adam``, ``AdamW``, ``RMSprop``, ``Adagrad``.

>>> import aten_lite as al
>>> w = al.tensor([1.0, -2.0], requires_grad=True)
>>> opt = Adam([w], lr=0.1)
>>> (w * w).sum().backward()
>>> opt.step()
>>> w
tensor([ 0.9000, -1.9000], requires_grad=True)
"""

from __future__ import annotations

import math

from ..backends.creation import zeros_like
from .._generated.ops import _adam_exp_avg_sq_, _adam_param_step_
from .._ops import maximum
from ..tensors.tensor import Tensor
from ..vocab.dtype import float32, float64
from .optimizer import Optimizer, check_betas, check_nonnegative, execution_flags

__all__ = ["Adam", "AdamW", "RMSprop", "Adagrad"]


# Note [Adam in three passes]
# For dense float32/float64 tensors of one dtype, device and shape, Adam's ~10 ops per
# parameter run as 3 passes: exp_avg.lerp_, then _adam_exp_avg_sq_ and _adam_param_step_
# (native_functions.yaml), elementwise expressions doing torch's mul_/addcmul_ and
# mul_/addcdiv_ in torch's order (kernels built without contraction; the op-by-op form rounds
# v's g * g first, an ulp off). Else (amsgrad, half precision, complex, sparse): op by op.
def _fused_update(p: Tensor, g: Tensor, m: Tensor, v: Tensor) -> bool:
    dt = p.dtype
    return (not (p.is_sparse or g.is_sparse) and dt in (float32, float64)
            and g.dtype is dt is m.dtype is v.dtype and g.device == p.device == m.device == v.device
            and g.shape == p.shape == m.shape == v.shape)


class Adam(Optimizer):
    """Adam: moving averages of the gradient (``exp_avg``) and its square
    (``exp_avg_sq``), bias-corrected; ``weight_decay`` adds ``wd * p`` to the gradient
    (with ``decoupled_weight_decay``, as AdamW, it decays the parameter instead)."""

    def __init__(self, params, lr: float = 1e-3, betas=(0.9, 0.999), eps: float = 1e-8,
                 weight_decay: float = 0.0, amsgrad: bool = False, *, foreach=None,
                 maximize: bool = False, capturable: bool = False,
                 differentiable: bool = False, fused=None,
                 decoupled_weight_decay: bool = False) -> None:
        check_nonnegative(learning_rate=lr, epsilon_value=eps, weight_decay_value=weight_decay)
        check_betas(betas)
        super().__init__(params, dict(lr=lr, betas=tuple(betas), eps=eps,
                                      weight_decay=weight_decay, amsgrad=amsgrad,
                                      maximize=maximize,
                                      decoupled_weight_decay=decoupled_weight_decay,
                                      **execution_flags(foreach, capturable, differentiable,
                                                        fused)))

    def _update(self, group: dict, p: Tensor, g: Tensor, state: dict) -> None:
        lr, (beta1, beta2), wd = group["lr"], group["betas"], group["weight_decay"]
        if not state:
            state["step"] = 0
            state["exp_avg"] = zeros_like(p)
            state["exp_avg_sq"] = zeros_like(p)
            if group["amsgrad"]:
                state["max_exp_avg_sq"] = zeros_like(p)
        state["step"] += 1
        step = state["step"]
        decoupled = bool(wd) and group["decoupled_weight_decay"]
        if wd and not decoupled:
            g = g.add(p, alpha=wd)
        m, v = state["exp_avg"], state["exp_avg_sq"]
        m.lerp_(g, 1 - beta1)  # as torch's exp_avg.lerp_
        if not group["amsgrad"] and _fused_update(p, g, m, v):  # AdamW's decay in p's pass
            _adam_exp_avg_sq_(v, g, beta2, 1 - beta2)
            _adam_param_step_(p, m, v,
                              1 - lr * wd if decoupled else 1.0, -lr / (1 - beta1 ** step),
                              math.sqrt(1 - beta2 ** step), group["eps"])
            return
        if decoupled:
            p.mul_(1 - lr * wd)
        v.mul_(beta2).add_(g * g, alpha=1 - beta2)
        if group["amsgrad"]:
            state["max_exp_avg_sq"] = vmax = maximum(state["max_exp_avg_sq"], v)
            v = vmax
        denom = v.sqrt() / math.sqrt(1 - beta2 ** step) + group["eps"]
        p.add_(m / denom, alpha=-lr / (1 - beta1 ** step))


class AdamW(Adam):
    """Adam with decoupled weight decay: ``p *= 1 - lr * weight_decay`` before the step
    (default weight_decay 0.01, as torch)."""

    def __init__(self, params, lr: float = 1e-3, betas=(0.9, 0.999), eps: float = 1e-8,
                 weight_decay: float = 1e-2, amsgrad: bool = False, *,
                 maximize: bool = False, foreach=None, capturable: bool = False,
                 differentiable: bool = False, fused=None) -> None:
        super().__init__(params, lr, betas, eps, weight_decay, amsgrad, maximize=maximize,
                         foreach=foreach, capturable=capturable,
                         differentiable=differentiable, fused=fused,
                         decoupled_weight_decay=True)


class RMSprop(Optimizer):
    """``p -= lr * g / (sqrt(square_avg) + eps)`` with ``square_avg`` a moving average of
    ``g**2`` (minus the squared mean gradient when ``centered``), through a momentum buffer
    when ``momentum > 0``."""

    def __init__(self, params, lr: float = 1e-2, alpha: float = 0.99, eps: float = 1e-8,
                 weight_decay: float = 0.0, momentum: float = 0.0, centered: bool = False,
                 capturable: bool = False, foreach=None, maximize: bool = False,
                 differentiable: bool = False) -> None:
        check_nonnegative(learning_rate=lr, epsilon_value=eps, momentum_value=momentum,
                          weight_decay_value=weight_decay, alpha_value=alpha)
        super().__init__(params, dict(lr=lr, alpha=alpha, eps=eps, weight_decay=weight_decay,
                                      momentum=momentum, centered=centered, maximize=maximize,
                                      **execution_flags(foreach, capturable, differentiable)))

    def _update(self, group: dict, p: Tensor, g: Tensor, state: dict) -> None:
        alpha, momentum = group["alpha"], group["momentum"]
        if not state:
            state["step"] = 0
            state["square_avg"] = zeros_like(p)
            if momentum > 0:
                state["momentum_buffer"] = zeros_like(p)
            if group["centered"]:
                state["grad_avg"] = zeros_like(p)
        state["step"] += 1
        if group["weight_decay"]:
            g = g.add(p, alpha=group["weight_decay"])
        sq = state["square_avg"]
        sq.mul_(alpha).add_(g * g, alpha=1 - alpha)
        if group["centered"]:
            ga = state["grad_avg"]
            ga.add_(g.sub(ga), alpha=1 - alpha)
            avg = (sq - ga * ga).sqrt()
        else:
            avg = sq.sqrt()
        avg = avg + group["eps"]
        if momentum > 0:
            buf = state["momentum_buffer"]
            buf.mul_(momentum).add_(g / avg)
            p.add_(buf, alpha=-group["lr"])
        else:
            p.add_(g / avg, alpha=-group["lr"])


class Adagrad(Optimizer):
    """``p -= clr * g / (sqrt(sum of g**2) + eps)`` with ``clr = lr / (1 + (step - 1) *
    lr_decay)``."""

    def __init__(self, params, lr: float = 1e-2, lr_decay: float = 0.0,
                 weight_decay: float = 0.0, initial_accumulator_value: float = 0.0,
                 eps: float = 1e-10, foreach=None, *, maximize: bool = False,
                 differentiable: bool = False, fused=None) -> None:
        check_nonnegative(learning_rate=lr, lr_decay=lr_decay, weight_decay_value=weight_decay,
                          initial_accumulator_value=initial_accumulator_value,
                          epsilon_value=eps)
        super().__init__(params, dict(lr=lr, lr_decay=lr_decay, weight_decay=weight_decay,
                                      initial_accumulator_value=initial_accumulator_value,
                                      eps=eps, maximize=maximize,
                                      **execution_flags(foreach, False, differentiable, fused)))
        for group in self.param_groups:
            for p in group["params"]:
                self.state[p] = {"step": 0, "sum": zeros_like(p)
                                 + group["initial_accumulator_value"]}

    def _update(self, group: dict, p: Tensor, g: Tensor, state: dict) -> None:
        state["step"] += 1
        if group["weight_decay"]:
            g = g.add(p, alpha=group["weight_decay"])
        clr = group["lr"] / (1 + (state["step"] - 1) * group["lr_decay"])
        state["sum"].add_(g * g)
        p.add_(g / (state["sum"].sqrt() + group["eps"]), alpha=-clr)

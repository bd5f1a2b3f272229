"""The rest of torch.optim's per-parameter update rules, each as torch's single-tensor
form: ``Adadelta``, ``Adamax``, ``NAdam``, ``RAdam``, ``ASGD``, ``Rprop``,
``SparseAdam`` (sparse COO gradients on dense parameters), ``Adafactor`` and ``Muon``. ``LBFGS``, which re-evaluates
the loss, is in ``lbfgs``.

Scalars that torch keeps as 0-d tensors in the state (``step``, NAdam's ``mu_product``,
ASGD's ``eta`` and ``mu``) are Python floats here: with torch's default dtype float64 the
two agree to the last bit; under float32 torch rounds those scalars to float32 each step.

>>> import aten_lite as al
>>> w = al.tensor([1.0, -2.0], requires_grad=True)
>>> opt = Adamax([w], lr=0.1)
>>> (w * w).sum().backward()
>>> opt.step()
>>> w
tensor([ 0.9000, -1.9000], requires_grad=True)
"""

from __future__ import annotations

import math

from .._ops import addmm, maximum, where
from ..backends.creation import full_like, zeros_like
from ..tensors.tensor import Tensor
from ..vocab.dtype import bfloat16
from ..vocab.grad_mode import no_grad
from .optimizer import Optimizer, check_betas, check_nonnegative, execution_flags

__all__ = ["Adadelta", "Adamax", "NAdam", "RAdam", "ASGD", "Rprop", "SparseAdam", "Adafactor",
           "Muon"]


def _decay(group: dict, p: Tensor, g: Tensor) -> Tensor:
    """L2 weight decay added to the gradient, or (``decoupled_weight_decay``) applied to
    the parameter itself, as AdamW."""
    wd = group["weight_decay"]
    if wd and group.get("decoupled_weight_decay"):
        p.mul_(1 - group["lr"] * wd)
        return g
    return g.add(p, alpha=wd) if wd else g


class Adadelta(Optimizer):
    """``delta = sqrt(acc_delta + eps) / sqrt(square_avg + eps) * g``, both averages
    decaying by ``rho``; ``p -= lr * delta``."""

    def __init__(self, params, lr: float = 1.0, rho: float = 0.9, eps: float = 1e-6,
                 weight_decay: float = 0.0, foreach=None, *, capturable: bool = False,
                 maximize: bool = False, differentiable: bool = False) -> None:
        check_nonnegative(learning_rate=lr, epsilon_value=eps, weight_decay_value=weight_decay)
        if not 0.0 <= rho <= 1.0:
            raise ValueError(f"Invalid rho value: {rho} (valid: 0 <= rho <= 1)")
        super().__init__(params, dict(lr=lr, rho=rho, eps=eps, weight_decay=weight_decay,
                                      maximize=maximize,
                                      **execution_flags(foreach, capturable, differentiable)))

    def _update(self, group: dict, p: Tensor, g: Tensor, state: dict) -> None:
        rho, eps = group["rho"], group["eps"]
        if not state:
            state.update(step=0.0, square_avg=zeros_like(p), acc_delta=zeros_like(p))
        state["step"] += 1
        g = _decay(group, p, g)
        sq, acc = state["square_avg"], state["acc_delta"]
        sq.mul_(rho).add_(g * g, alpha=1 - rho)
        delta = (acc + eps).sqrt() / (sq + eps).sqrt() * g
        acc.mul_(rho).add_(delta * delta, alpha=1 - rho)
        p.add_(delta, alpha=-group["lr"])


class Adamax(Optimizer):
    """Adam with the infinity norm: ``exp_inf = max(beta2 * exp_inf, |g| + eps)``,
    ``p -= lr / (1 - beta1**step) * exp_avg / exp_inf``."""

    def __init__(self, params, lr: float = 2e-3, betas=(0.9, 0.999), eps: float = 1e-8,
                 weight_decay: float = 0.0, foreach=None, *, maximize: bool = False,
                 differentiable: bool = False, capturable: bool = False) -> None:
        check_nonnegative(learning_rate=lr, epsilon_value=eps, weight_decay_value=weight_decay)
        check_betas(betas)
        super().__init__(params, dict(lr=lr, betas=tuple(betas), eps=eps,
                                      weight_decay=weight_decay, maximize=maximize,
                                      **execution_flags(foreach, capturable, differentiable)))

    def _update(self, group: dict, p: Tensor, g: Tensor, state: dict) -> None:
        beta1, beta2 = group["betas"]
        if not state:
            state.update(step=0.0, exp_avg=zeros_like(p), exp_inf=zeros_like(p))
        state["step"] += 1
        g = _decay(group, p, g)
        m = state["exp_avg"]
        m.add_(g.sub(m), alpha=1 - beta1)
        state["exp_inf"] = inf = maximum(state["exp_inf"] * beta2, g.abs() + group["eps"])
        p.add_(m / inf, alpha=-group["lr"] / (1 - beta1 ** state["step"]))


class NAdam(Optimizer):
    """Adam with Nesterov momentum whose coefficient ``mu_t = beta1 * (1 - 0.5 *
    0.96**(t * momentum_decay))`` warms up over the steps; ``decoupled_weight_decay``
    gives NAdamW."""

    def __init__(self, params, lr: float = 2e-3, betas=(0.9, 0.999), eps: float = 1e-8,
                 weight_decay: float = 0.0, momentum_decay: float = 4e-3,
                 decoupled_weight_decay: bool = False, *, foreach=None,
                 maximize: bool = False, capturable: bool = False,
                 differentiable: bool = False) -> None:
        check_nonnegative(learning_rate=lr, epsilon_value=eps, weight_decay_value=weight_decay,
                          momentum_decay=momentum_decay)
        check_betas(betas)
        super().__init__(params, dict(lr=lr, betas=tuple(betas), eps=eps,
                                      weight_decay=weight_decay, momentum_decay=momentum_decay,
                                      decoupled_weight_decay=decoupled_weight_decay,
                                      maximize=maximize,
                                      **execution_flags(foreach, capturable, differentiable)))

    def _update(self, group: dict, p: Tensor, g: Tensor, state: dict) -> None:
        lr, (beta1, beta2), decay = group["lr"], group["betas"], group["momentum_decay"]
        if not state:
            state.update(step=0.0, mu_product=1.0, exp_avg=zeros_like(p),
                         exp_avg_sq=zeros_like(p))
        state["step"] += 1
        step = state["step"]
        g = _decay(group, p, g)
        mu = beta1 * (1.0 - 0.5 * 0.96 ** (step * decay))
        mu_next = beta1 * (1.0 - 0.5 * 0.96 ** ((step + 1) * decay))
        state["mu_product"] *= mu
        prod = state["mu_product"]
        m, v = state["exp_avg"], state["exp_avg_sq"]
        m.add_(g.sub(m), alpha=1 - beta1)
        v.mul_(beta2).add_(g * g, alpha=1 - beta2)
        denom = (v / (1 - beta2 ** step)).sqrt() + group["eps"]
        p.add_(g / denom, alpha=-lr * (1.0 - mu) / (1.0 - prod))
        p.add_(m / denom, alpha=-lr * mu_next / (1.0 - prod * mu_next))


class RAdam(Optimizer):
    """Adam whose adaptive step is switched on (and rectified) only once the variance of
    the adaptive rate is tractable (``rho_t > 5``); before that, SGD with momentum."""

    def __init__(self, params, lr: float = 1e-3, betas=(0.9, 0.999), eps: float = 1e-8,
                 weight_decay: float = 0.0, decoupled_weight_decay: bool = False, *,
                 foreach=None, maximize: bool = False, capturable: bool = False,
                 differentiable: bool = False) -> None:
        check_nonnegative(learning_rate=lr, epsilon_value=eps, weight_decay_value=weight_decay)
        check_betas(betas)
        super().__init__(params, dict(lr=lr, betas=tuple(betas), eps=eps,
                                      weight_decay=weight_decay, maximize=maximize,
                                      decoupled_weight_decay=decoupled_weight_decay,
                                      **execution_flags(foreach, capturable, differentiable)))

    def _update(self, group: dict, p: Tensor, g: Tensor, state: dict) -> None:
        lr, (beta1, beta2) = group["lr"], group["betas"]
        if not state:
            state.update(step=0.0, exp_avg=zeros_like(p), exp_avg_sq=zeros_like(p))
        state["step"] += 1
        step = state["step"]
        g = _decay(group, p, g)
        m, v = state["exp_avg"], state["exp_avg_sq"]
        m.add_(g.sub(m), alpha=1 - beta1)
        v.mul_(beta2).add_(g * g, alpha=1 - beta2)
        bc2 = 1 - beta2 ** step
        m_hat = m / (1 - beta1 ** step)
        rho_inf = 2 / (1 - beta2) - 1
        rho_t = rho_inf - 2 * step * beta2 ** step / bc2
        if rho_t > 5.0:
            rect = math.sqrt((rho_t - 4) * (rho_t - 2) * rho_inf
                             / ((rho_inf - 4) * (rho_inf - 2) * rho_t))
            p.add_(m_hat * lr * (bc2 ** 0.5 / (v.sqrt() + group["eps"])) * rect, alpha=-1.0)
        else:
            p.add_(m_hat * lr, alpha=-1.0)


class ASGD(Optimizer):
    """SGD with a step size ``eta = lr / (1 + lambd * lr * step)**alpha`` that also keeps
    ``ax``, the running average of the parameter from step ``t0`` on."""

    def __init__(self, params, lr: float = 1e-2, lambd: float = 1e-4, alpha: float = 0.75,
                 t0: float = 1e6, weight_decay: float = 0.0, foreach=None,
                 maximize: bool = False, differentiable: bool = False,
                 capturable: bool = False) -> None:
        check_nonnegative(learning_rate=lr, weight_decay_value=weight_decay)
        super().__init__(params, dict(lr=lr, lambd=lambd, alpha=alpha, t0=t0,
                                      weight_decay=weight_decay, maximize=maximize,
                                      **execution_flags(foreach, capturable, differentiable)))

    def _update(self, group: dict, p: Tensor, g: Tensor, state: dict) -> None:
        lr, lambd = group["lr"], group["lambd"]
        if not state:
            state.update(step=0.0, eta=lr, mu=1.0, ax=zeros_like(p))
        state["step"] += 1
        g = _decay(group, p, g)
        eta = state["eta"]
        p.mul_(1 - lambd * eta)
        p.add_(g, alpha=-eta)
        ax = state["ax"]
        if state["mu"] != 1:
            ax.add_((p - ax) * state["mu"])
        else:
            ax.copy_(p)
        step = state["step"]
        state["eta"] = lr / (1 + lambd * lr * step) ** group["alpha"]
        state["mu"] = 1 / max(1, step - group["t0"])


class Rprop(Optimizer):
    """Resilient backprop: each element's step size grows by ``etas[1]`` while its gradient
    keeps its sign and shrinks by ``etas[0]`` when it flips (skipping that update), within
    ``step_sizes``; the parameter moves by ``-sign(g) * step_size``."""

    def __init__(self, params, lr: float = 1e-2, etas=(0.5, 1.2), step_sizes=(1e-6, 50), *,
                 capturable: bool = False, foreach=None, maximize: bool = False,
                 differentiable: bool = False) -> None:
        check_nonnegative(learning_rate=lr)
        if not 0.0 < etas[0] < 1.0 < etas[1]:
            raise ValueError(f"Invalid eta values: {etas[0]}, {etas[1]} "
                             "(valid: 0 < etaminus < 1 < etaplus)")
        super().__init__(params, dict(lr=lr, etas=tuple(etas), step_sizes=tuple(step_sizes),
                                      maximize=maximize,
                                      **execution_flags(foreach, capturable, differentiable)))

    def _update(self, group: dict, p: Tensor, g: Tensor, state: dict) -> None:
        (minus, plus), (lo, hi) = group["etas"], group["step_sizes"]
        if not state:
            state.update(step=0.0, prev=zeros_like(p), step_size=full_like(g, group["lr"]))
        state["step"] += 1
        s = (g * state["prev"]).sign()
        factor = where(s > 0, full_like(s, plus), where(s < 0, full_like(s, minus),
                                                         full_like(s, 1.0)))
        state["step_size"] = size = (state["step_size"] * factor).clamp(lo, hi)
        g = where(s < 0, zeros_like(g), g)  # a flipped sign: no step now, nor next compare
        p.add_(-(g.sign() * size))
        state["prev"].copy_(g)


class SparseAdam(Optimizer):
    """Adam for sparse gradients (as from an embedding with ``sparse=True``, or set by
    hand): only the entries present in the gradient have their moments and values
    updated. Dense gradients are refused, as in torch."""

    def __init__(self, params, lr: float = 1e-3, betas=(0.9, 0.999), eps: float = 1e-8,
                 maximize: bool = False) -> None:
        check_nonnegative(learning_rate=lr)
        if not 0.0 < eps:
            raise ValueError(f"Invalid epsilon value: {eps}")
        check_betas(betas)
        super().__init__(params, dict(lr=lr, betas=tuple(betas), eps=eps, maximize=maximize))
        bad = [i for i, p in enumerate(p for g in self.param_groups for p in g["params"])
               if p.is_sparse]
        if bad:
            raise ValueError(f"Sparse params at indices {bad}: SparseAdam requires dense "
                             "parameter tensors")

    def step(self, closure=None):
        for group in self.param_groups:
            for p in group["params"]:
                if p._grad is not None and not p._grad.is_sparse:
                    raise RuntimeError("SparseAdam does not support dense gradients, please "
                                       "consider Adam instead")
        return super().step(closure)

    def _update(self, group: dict, p: Tensor, g: Tensor, state: dict) -> None:
        (beta1, beta2), lr = group["betas"], group["lr"]
        if not state:
            state.update(step=0, exp_avg=zeros_like(p), exp_avg_sq=zeros_like(p))
        state["step"] += 1
        g = g.coalesce()
        where, values = tuple(g._indices()), g._values()
        m, v = state["exp_avg"], state["exp_avg_sq"]
        with no_grad():
            m_old, v_old = m[where], v[where]
            m_new = m_old + (values - m_old) * (1 - beta1)
            v_new = v_old + (values * values - v_old) * (1 - beta2)
            m.index_put_(where, m_new)
            v.index_put_(where, v_new)
            step = state["step"]
            size = lr * math.sqrt(1 - beta2 ** step) / (1 - beta1 ** step)
            p.index_put_(where, m_new / (v_new.sqrt() + group["eps"]) * -size,
                         accumulate=True)


_EPS = {2: 2.0 ** -10, 4: 2.0 ** -23, 8: 2.0 ** -52}  # machine epsilon by float width


class Adafactor(Optimizer):
    """Adam-like steps with a factored second moment: a matrix gradient keeps only its
    row and column mean squares (their outer product, over the row mean, estimates each
    element's); a vector keeps its full average. The decay is ``step**beta2_decay``,
    the rate ``min(lr, 1/sqrt(step))`` times the parameter's RMS (at least ``eps[1]``),
    and an update whose RMS exceeds ``d`` is scaled down to it. ``eps[0]`` (default: the
    dtype's machine epsilon) floors the variance estimate. ``weight_decay`` is decoupled."""

    def __init__(self, params, lr: float = 1e-2, beta2_decay: float = -0.8,
                 eps=(None, 1e-3), d: float = 1.0, weight_decay: float = 0.0, *,
                 foreach=None, maximize: bool = False) -> None:
        check_nonnegative(learning_rate=lr, weight_decay_value=weight_decay,
                          epsilon2=eps[1], **({} if eps[0] is None else {"epsilon1": eps[0]}))
        if beta2_decay > 0:
            raise ValueError(f"beta2_decay should be <= 0 but is: {beta2_decay}")
        if d < 1:
            raise ValueError(f"Clipping threshold d should be >= 1 but is: {d}")
        super().__init__(params, dict(lr=lr, beta2_decay=beta2_decay, eps=tuple(eps), d=d,
                                      weight_decay=weight_decay, maximize=maximize,
                                      foreach=foreach))

    def _update(self, group: dict, p: Tensor, g: Tensor, state: dict) -> None:
        if g.is_sparse:
            raise RuntimeError("Adafactor does not support sparse gradients")
        lr, (eps1, eps2) = group["lr"], group["eps"]
        eps1 = _EPS[p.dtype.itemsize] if eps1 is None else eps1
        if not state:
            state["step"] = 0.0
            if g.dim() > 1:
                state["row_var"] = zeros_like(g.sum(-1, keepdim=True))
                state["col_var"] = zeros_like(g.sum(-2, keepdim=True))
            else:
                state["variance"] = zeros_like(g)
        state["step"] += 1
        step = state["step"]
        keep = step ** group["beta2_decay"]  # weight of the new mean square
        alpha = max(eps2, p.norm(2).item() / p.numel() ** 0.5) * min(lr, 1 / step ** 0.5)
        if group["weight_decay"]:
            p.mul_(1 - lr * group["weight_decay"])
        if g.dim() > 1:
            rows, cols = state["row_var"], state["col_var"]
            rows.add_((g.norm(dim=-1, keepdim=True) ** 2 / g.size(-1)).sub(rows), alpha=keep)
            cols.add_((g.norm(dim=-2, keepdim=True) ** 2 / g.size(-2)).sub(cols), alpha=keep)
            var = (rows @ cols) / rows.mean(dim=-2, keepdim=True).clamp(min=eps1)
        else:
            var = state["variance"]
            var.add_((g * g).sub(var), alpha=keep)
        update = var.clamp(min=eps1 * eps1).rsqrt() * g
        clip = max(1.0, update.norm(2).item() / (update.numel() ** 0.5 * group["d"]))
        p.add_(update, alpha=-alpha / clip)


class Muon(Optimizer):
    """For 2-D parameters: momentum (Nesterov by default) whose update is orthogonalised
    by ``ns_steps`` quintic Newton-Schulz iterations (coefficients ``ns_coefficients``),
    scaled by ``adjust_lr_fn`` (None/'original': ``sqrt(max(1, rows/cols))``,
    'match_rms_adamw': ``0.2 * sqrt(max(rows, cols))``), with decoupled weight decay.
    The iterations run in bfloat16, as torch's do, and the update is cast back to the
    parameter's dtype."""

    def __init__(self, params, lr: float = 1e-3, weight_decay: float = 0.1,
                 momentum: float = 0.95, nesterov: bool = True,
                 ns_coefficients=(3.4445, -4.775, 2.0315), eps: float = 1e-7,
                 ns_steps: int = 5, adjust_lr_fn: str | None = None) -> None:
        check_nonnegative(learning_rate=lr, momentum_value=momentum,
                          weight_decay_value=weight_decay)
        if adjust_lr_fn not in (None, "original", "match_rms_adamw"):
            raise ValueError(f"adjust_lr_fn {adjust_lr_fn!r} is unknown; use None, "
                             "'original' or 'match_rms_adamw'")
        if len(ns_coefficients) != 3 or not 0 <= ns_steps < 100:
            raise ValueError(f"Muon: ns_coefficients must be 3 values and ns_steps in "
                             f"[0, 100), got {tuple(ns_coefficients)} and {ns_steps}")
        super().__init__(params, dict(lr=lr, weight_decay=weight_decay, momentum=momentum,
                                      nesterov=nesterov, ns_coefficients=tuple(ns_coefficients),
                                      eps=eps, ns_steps=ns_steps, adjust_lr_fn=adjust_lr_fn))
        for p in (p for g in self.param_groups for p in g["params"]):
            if p.dim() != 2:
                raise ValueError(f"Muon only supports 2D parameters, got one of shape "
                                 f"{tuple(p.shape)}")

    def _update(self, group: dict, p: Tensor, g: Tensor, state: dict) -> None:
        if g.is_sparse:
            raise RuntimeError("Muon does not support sparse gradients")
        momentum, (a, b, c) = group["momentum"], group["ns_coefficients"]
        buf = state.setdefault("momentum_buffer", zeros_like(g))
        buf.add_(g.sub(buf), alpha=1 - momentum)
        x = g.add(buf.sub(g), alpha=momentum) if group["nesterov"] else buf
        wide = x.t() if x.size(0) > x.size(1) else x  # iterate on the smaller Gram matrix
        x = wide.to(bfloat16)
        x = x / x.norm().clamp(min=group["eps"])
        for _ in range(group["ns_steps"]):
            gram = x @ x.t()
            x = addmm(x, addmm(gram, gram, gram, beta=b, alpha=c), x, beta=a)
        if p.size(0) > p.size(1):
            x = x.t()
        x = x.to(p.dtype)
        rows, cols = p.shape
        fn = group["adjust_lr_fn"]
        ratio = (0.2 * math.sqrt(max(rows, cols)) if fn == "match_rms_adamw"
                 else math.sqrt(max(1, rows / cols)))
        p.mul_(1 - group["lr"] * group["weight_decay"])
        p.add_(x, alpha=-group["lr"] * ratio)

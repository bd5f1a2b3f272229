"""``LBFGS``: limited-memory BFGS over all parameters as one flat vector, with a fixed
step or a strong-Wolfe line search (cubic interpolation, bracketing then zooming), taking
the same decisions as torch.optim.LBFGS so the iterates agree.

>>> import aten_lite as al
>>> x = al.tensor([-1.0, 2.0], dtype=al.float64, requires_grad=True)
>>> opt = LBFGS([x], line_search_fn="strong_wolfe")
>>> def closure():
...     opt.zero_grad()
...     loss = ((x - 3) ** 2).sum()
...     loss.backward()
...     return loss
>>> _ = opt.step(closure)
>>> [round(v, 6) for v in x.tolist()]
[3.0, 3.0]
"""

from __future__ import annotations

from ..backends.creation import zeros
from .._ops import cat
from ..tensors.tensor import Tensor
from ..vocab.grad_mode import enable_grad, no_grad
from .optimizer import Optimizer, check_nonnegative

__all__ = ["LBFGS"]


def _cubic_min(t1: float, f1: float, g1: float, t2: float, f2: float, g2: float,
               bounds: tuple[float, float] | None = None) -> float:
    """The minimiser of the cubic through (t1, f1) and (t2, f2) with slopes g1 and g2,
    clamped to ``bounds`` (default: between the two points); the bounds' middle when the
    cubic has no minimum."""
    lo, hi = bounds if bounds is not None else (min(t1, t2), max(t1, t2))
    d1 = g1 + g2 - 3 * (f1 - f2) / (t1 - t2)
    disc = d1 * d1 - g1 * g2
    if disc < 0:
        return (lo + hi) / 2.0
    d2 = disc ** 0.5
    if t1 <= t2:
        t = t2 - (t2 - t1) * ((g2 + d2 - d1) / (g2 - g1 + 2 * d2))
    else:
        t = t1 - (t1 - t2) * ((g1 + d2 - d1) / (g1 - g2 + 2 * d2))
    return min(max(t, lo), hi)


def _strong_wolfe(evaluate, t: float, d: Tensor, f: float, g: Tensor, gtd: float,
                  c1: float = 1e-4, c2: float = 0.9, tolerance_change: float = 1e-9,
                  max_ls: int = 25):
    """Search for a step ``t`` along ``d`` meeting the strong Wolfe conditions
    (sufficient decrease ``c1``, curvature ``c2``): first widen until the minimum is
    bracketed, then shrink the bracket by cubic interpolation. ``evaluate(t)`` gives the
    loss and flat gradient at ``x + t * d``. Returns (loss, gradient, t, evaluations)."""
    d_norm = float(d.abs().max())
    decrease = lambda t_, f_: f_ > f + c1 * t_ * gtd  # noqa: E731
    curved = lambda gtd_: abs(gtd_) <= -c2 * gtd  # noqa: E731
    f_new, g_new = evaluate(t)
    evals, it = 1, 0
    gtd_new = float(g_new.dot(d))
    prev = (0.0, f, g.clone(), gtd)
    bracket = None  # two (t, f, g, gtd) ends, or one point that already satisfies both
    done = False
    while it < max_ls:
        if decrease(t, f_new) or (it > 1 and f_new >= prev[1]):
            bracket = [prev, (t, f_new, g_new.clone(), gtd_new)]
            break
        if curved(gtd_new):
            bracket, done = [(t, f_new, g_new, gtd_new)], True
            break
        if gtd_new >= 0:  # past the minimum
            bracket = [prev, (t, f_new, g_new.clone(), gtd_new)]
            break
        # extrapolate: beyond t, by at least 1% of the last step and at most tenfold
        t_next = _cubic_min(prev[0], prev[1], prev[3], t, f_new, gtd_new,
                            bounds=(t + 0.01 * (t - prev[0]), t * 10))
        prev = (t, f_new, g_new.clone(), gtd_new)
        t = t_next
        f_new, g_new = evaluate(t)
        evals, it = evals + 1, it + 1
        gtd_new = float(g_new.dot(d))
    if it == max_ls:
        bracket = [(0, f, g, None), (t, f_new, g_new, None)]
    low = 0 if bracket[0][1] <= bracket[-1][1] else 1
    stalled = False
    while not done and it < max_ls:
        (ta, fa, _, ga), (tb, fb, _, gb) = bracket
        if abs(tb - ta) * d_norm < tolerance_change:
            break
        t = _cubic_min(ta, fa, ga, tb, fb, gb)
        top, bottom = max(ta, tb), min(ta, tb)
        margin = 0.1 * (top - bottom)
        # keep the trial point off the bracket's ends, at once if it sits on or past
        # them or if the last trial was close to an end as well
        if min(top - t, t - bottom) < margin:
            if stalled or t >= top or t <= bottom:
                t = top - margin if abs(t - top) < abs(t - bottom) else bottom + margin
                stalled = False
            else:
                stalled = True
        else:
            stalled = False
        f_new, g_new = evaluate(t)
        evals, it = evals + 1, it + 1
        gtd_new = float(g_new.dot(d))
        point = (t, f_new, g_new.clone(), gtd_new)
        high = 1 - low
        if decrease(t, f_new) or f_new >= bracket[low][1]:
            bracket[high] = point
            low = 0 if bracket[0][1] <= bracket[1][1] else 1
        else:
            if curved(gtd_new):
                done = True
            elif gtd_new * (bracket[high][0] - bracket[low][0]) >= 0:
                bracket[high] = bracket[low]
            bracket[low] = point
    t, f_new, g_new, _ = bracket[low]
    return f_new, g_new, t, evals


class LBFGS(Optimizer):
    """Limited-memory BFGS: each ``step(closure)`` runs up to ``max_iter`` iterations
    (``max_eval`` loss evaluations, default ``max_iter * 5 // 4``), stopping when the
    largest gradient entry is at most ``tolerance_grad`` or the step or loss change falls
    under ``tolerance_change``. The direction comes from the last ``history_size``
    curvature pairs; the step is ``lr`` (the first ever: ``min(1, 1/|g|_1) * lr``), or
    from a strong-Wolfe line search with ``line_search_fn='strong_wolfe'``. One parameter
    group only; the closure must recompute the loss and its gradients."""

    def __init__(self, params, lr: float = 1, max_iter: int = 20, max_eval: int | None = None,
                 tolerance_grad: float = 1e-7, tolerance_change: float = 1e-9,
                 history_size: int = 100, line_search_fn: str | None = None) -> None:
        check_nonnegative(learning_rate=lr)
        if line_search_fn not in (None, "strong_wolfe"):
            raise ValueError(f"line_search_fn {line_search_fn!r} is unknown; only "
                             "'strong_wolfe' (or None) is supported")
        if max_eval is None:
            max_eval = max_iter * 5 // 4
        super().__init__(params, dict(lr=lr, max_iter=max_iter, max_eval=max_eval,
                                      tolerance_grad=tolerance_grad,
                                      tolerance_change=tolerance_change,
                                      history_size=history_size,
                                      line_search_fn=line_search_fn))
        if len(self.param_groups) != 1:
            raise ValueError("LBFGS doesn't support per-parameter options (parameter groups)")
        self._params = self.param_groups[0]["params"]

    def _flat_grad(self) -> Tensor:
        parts = []
        for p in self._params:
            if p.grad is None:
                parts.append(zeros(p.numel(), dtype=p.dtype))
            else:
                g = p.grad.to_dense() if p.grad.is_sparse else p.grad
                parts.append(g.reshape(-1))
        return cat(parts, 0)

    def _move(self, t: float, d: Tensor) -> None:
        offset = 0
        for p in self._params:
            n = p.numel()
            p.add_(d[offset:offset + n].view_as(p), alpha=t)
            offset += n

    def _evaluate(self, closure) -> float:
        with enable_grad():
            return float(closure())

    @no_grad()
    def step(self, closure):
        """One call runs a whole minimisation burst; returns the first loss it saw."""
        if closure is None:
            raise RuntimeError("LBFGS.step needs a closure that recomputes the loss")
        self._opt_called = True
        group = self.param_groups[0]
        lr, max_iter, max_eval = group["lr"], group["max_iter"], group["max_eval"]
        tol_grad, tol_change = group["tolerance_grad"], group["tolerance_change"]
        history = group["history_size"]
        state = self.state.setdefault(self._params[0], {})
        state.setdefault("func_evals", 0)
        state.setdefault("n_iter", 0)

        with enable_grad():
            first_loss = closure()
        loss = float(first_loss)
        evals = 1
        state["func_evals"] += 1
        g = self._flat_grad()
        if float(g.abs().max()) <= tol_grad:
            return first_loss
        d, t = state.get("d"), state.get("t")
        dirs, steps, rhos = state.get("old_dirs"), state.get("old_stps"), state.get("ro")
        h_diag, g_prev, loss_prev = state.get("H_diag"), state.get("prev_flat_grad"), \
            state.get("prev_loss")

        it = 0
        while it < max_iter:
            it += 1
            state["n_iter"] += 1
            if state["n_iter"] == 1:
                d, dirs, steps, rhos, h_diag = -g, [], [], [], 1.0
            else:
                y, s = g - g_prev, d * t
                ys = float(y.dot(s))
                if ys > 1e-10:  # keep the pair only where the curvature is positive
                    if len(dirs) == history:
                        dirs.pop(0), steps.pop(0), rhos.pop(0)
                    dirs.append(y), steps.append(s), rhos.append(1.0 / ys)
                    h_diag = ys / float(y.dot(y))
                # two-loop recursion: d = -H g with H from the stored pairs
                q, alphas = -g, [0.0] * len(dirs)
                for i in reversed(range(len(dirs))):
                    alphas[i] = float(steps[i].dot(q)) * rhos[i]
                    q = q.add(dirs[i], alpha=-alphas[i])
                d = q * h_diag
                for i in range(len(dirs)):
                    beta = float(dirs[i].dot(d)) * rhos[i]
                    d = d.add(steps[i], alpha=alphas[i] - beta)
            g_prev, loss_prev = g.clone(), loss
            t = min(1.0, 1.0 / float(g.abs().sum())) * lr if state["n_iter"] == 1 else lr
            gtd = float(g.dot(d))
            if gtd > -tol_change:  # not a descent direction
                break
            used = 0
            if group["line_search_fn"] is not None:
                start = [p.clone() for p in self._params]

                def at(step_len: float):
                    self._move(step_len, d)
                    value = self._evaluate(closure)
                    flat = self._flat_grad()
                    for p, x in zip(self._params, start):
                        p.copy_(x)
                    return value, flat

                loss, g, t, used = _strong_wolfe(at, t, d, loss, g, gtd)
                self._move(t, d)
                converged = float(g.abs().max()) <= tol_grad
            else:
                self._move(t, d)
                converged = False
                if it != max_iter:
                    loss = self._evaluate(closure)
                    g = self._flat_grad()
                    converged = float(g.abs().max()) <= tol_grad
                    used = 1
            evals += used
            state["func_evals"] += used
            if it == max_iter or evals >= max_eval or converged:
                break
            if float((d * t).abs().max()) <= tol_change or abs(loss - loss_prev) < tol_change:
                break

        state.update(d=d, t=t, old_dirs=dirs, old_stps=steps, ro=rhos, H_diag=h_diag,
                     prev_flat_grad=g_prev, prev_loss=loss_prev)
        return first_loss

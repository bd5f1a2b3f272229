"""``torch.nn.utils``: gradient clipping, which training loops call between ``backward()``
and ``step()`` (``clip_grad_norm_`` and ``clip_grad_value_``), and ``rnn``, the padded and
packed batches of sequences the recurrent layers take.

>>> import aten_lite as al
>>> w = al.ones(3, requires_grad=True)
>>> (w * 4).sum().backward()              # grad [4, 4, 4], norm 6.93
>>> round(clip_grad_norm_([w], 1.0).item(), 2), [round(g, 3) for g in w.grad.tolist()]
(6.93, [0.577, 0.577, 0.577])
"""

from __future__ import annotations

import math

from ...backends import creation as _creation
from ... import _ops
from ...vocab.grad_mode import no_grad
from ...tensors.tensor import Tensor
from . import rnn

__all__ = ["clip_grad_norm_", "clip_grad_value_", "rnn"]


def _grads(parameters) -> list[Tensor]:
    if isinstance(parameters, Tensor):
        parameters = [parameters]
    # ``_grad``: the clipping kernels queue behind backward's (a .grad read would wait).
    return [p._grad for p in parameters if p._grad is not None]


def clip_grad_norm_(parameters, max_norm: float, norm_type: float = 2.0,
                    error_if_nonfinite: bool = False, foreach=None) -> Tensor:
    """Scale the gradients of ``parameters`` in place so that their joint ``norm_type``-norm
    (the norm of all of them concatenated) is at most ``max_norm``; return that norm as it
    was before (a 0-dim tensor). ``norm_type`` may be ``inf`` (the largest absolute value)."""
    grads = _grads(parameters)
    norm_type = float(norm_type)
    if not grads:
        return _creation.tensor(0.0)
    with no_grad():
        if math.isinf(norm_type):
            norms = [g.abs().amax() for g in grads]
            total = _ops.stack(norms).amax()
        elif norm_type <= 0:
            raise ValueError(f"clip_grad_norm_: norm_type must be positive or inf, got "
                             f"{norm_type}")
        else:
            sums = [(g.abs() ** norm_type).sum() for g in grads]
            total = _ops.stack(sums).sum() ** (1.0 / norm_type)
        if error_if_nonfinite and not bool(_ops.isfinite(total)):
            raise RuntimeError(
                f"The total norm of order {norm_type} for gradients from `parameters` is "
                "non-finite, so it cannot be clipped. To disable this error and scale the "
                "gradients by the non-finite norm anyway, set `error_if_nonfinite=False`")
        # As torch: multiply by min(max_norm / (total + 1e-6), 1), without a data-dependent
        # branch (a NaN norm makes the gradients NaN, as it does there).
        coef = (max_norm / (total + 1e-6)).clamp(max=1.0)
        for g in grads:
            g.mul_(coef.to(g.dtype))
    return total


def clip_grad_value_(parameters, clip_value: float, foreach=None) -> None:
    """Clamp every gradient of ``parameters`` into ``[-clip_value, clip_value]`` in place."""
    clip_value = float(clip_value)
    with no_grad():
        for g in _grads(parameters):
            g.clamp_(-clip_value, clip_value)

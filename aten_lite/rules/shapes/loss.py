"""Shape rules of the loss ops (Note [Shape rules] in core.py): `nll_loss` and its backward.

Note [nll_loss layout]: as torch's `nll_loss` op, `self` is (N, C), N samples of C classes,
with `target` (N,), or (C,), one sample, with a 0-dim `target`. More dims, (N, C, d1, ...),
are `al.nn.functional.nll_loss`'s business: it moves the classes last and flattens to (M, C).
`reduction` is torch's enum as an int: 0 none, 1 mean, 2 sum. The kernels in
``backends/cpu/losses.py`` rely on these checks.
"""

from __future__ import annotations

from ...vocab.dtype import int64
from .core import softmax

__all__ = ["nll_loss", "nll_loss_backward", "log_softmax_backward", "softmax_backward"]

_REDUCTIONS = {0: "none", 1: "mean", 2: "sum"}


def target_shape(self_shape: tuple) -> tuple:
    """The shape `target` must have for `self` (Note [nll_loss layout])."""
    return self_shape[:-1]


def _check(name: str, self, target, weight, reduction) -> None:
    if not self._dtype.is_floating_point:
        raise RuntimeError(f"{name}: expected a floating-point input, got {self._dtype.name}")
    if len(self._shape) not in (1, 2):
        raise ValueError(f"{name}: expected input of shape (N, C) or (C,), got shape "
                         f"{list(self._shape)}; al.nn.functional.{name.replace('_backward', '')} "
                         "takes (N, C, d1, ...)")
    if target._dtype is not int64:
        raise RuntimeError(f"{name}: expected target of dtype int64 (class indices), got "
                           f"{target._dtype.name}")
    want = target_shape(self._shape)
    if target._shape != want:
        raise ValueError(f"{name}: target has shape {list(target._shape)} but input has shape "
                         f"{list(self._shape)}; expected target shape {list(want)}")
    classes = self._shape[-1]
    if weight is not None and (weight._shape != (classes,) or weight._dtype is not self._dtype):
        raise RuntimeError(
            f"{name}: weight must be a {self._dtype.name} tensor of shape [{classes}] (one "
            f"weight per class), got {weight._dtype.name} of shape {list(weight._shape)}")
    if isinstance(reduction, bool) or reduction not in _REDUCTIONS:
        raise ValueError(f"{name}: reduction must be 0 (none), 1 (mean) or 2 (sum); got "
                         f"{reduction!r}")


def nll_loss(self, target, weight=None, reduction: int = 1, ignore_index: int = -100):
    """Per-sample losses of target's shape (reduction none) or one value."""
    _check("nll_loss", self, target, weight, reduction)
    return (target._shape if reduction == 0 else ()), self._dtype


def nll_loss_backward(grad_output, self, target, weight, reduction: int, ignore_index: int):
    """The gradient with respect to `self`: self's shape and dtype."""
    _check("nll_loss_backward", self, target, weight, reduction)
    want = target._shape if reduction == 0 else ()
    if grad_output._shape != want:
        raise ValueError(f"nll_loss_backward: grad_output has shape {list(grad_output._shape)}; "
                         f"expected {list(want)} for reduction {_REDUCTIONS[reduction]}")
    return self._shape, self._dtype


def _softmax_grad(op: str, name: str, grad_output, y, dim: int):
    """The rule of a softmax-family gradient from the forward's output ``y`` (called ``name``):
    y's shape and dtype; grad_output must match them."""
    if not y._dtype.is_floating_point:
        # The binding checks `dtypes:` on an argument named self only; this op has none.
        raise NotImplementedError(f"al.{op}: not implemented for '{y._dtype.name}'; "
                                  "supported: float16, float32, float64, bfloat16")
    if grad_output._shape != y._shape or grad_output._dtype is not y._dtype:
        raise ValueError(
            f"{op}: grad_output ({grad_output._dtype.name}, shape {list(grad_output._shape)}) "
            f"must match {name} ({y._dtype.name}, shape {list(y._shape)})")
    return softmax(y, dim)


def log_softmax_backward(grad_output, log_probs, dim: int):
    """`_log_softmax_backward`: log_probs' shape and dtype; grad_output must match them."""
    return _softmax_grad("_log_softmax_backward", "log_probs", grad_output, log_probs, dim)


def softmax_backward(grad_output, probs, dim: int):
    """`_softmax_backward`: probs' shape and dtype; grad_output must match them."""
    return _softmax_grad("_softmax_backward", "probs", grad_output, probs, dim)

"""Functions behind the layers and losses, written with aten_lite's generated ops (so they
differentiate through the ops' formulas).

>>> import aten_lite as al
>>> logits = al.tensor([[2.0, 0.0], [0.0, 2.0]])
>>> round(cross_entropy(logits, al.tensor([0, 1])).item(), 4)
0.1269
"""

from __future__ import annotations

from .._creation import arange
from .._tensor import Tensor

__all__ = ["relu", "linear", "softmax", "log_softmax", "cross_entropy", "mse_loss"]

_REDUCTIONS = ("mean", "sum", "none")


def relu(input: Tensor) -> Tensor:
    return input.relu()


def linear(input: Tensor, weight: Tensor, bias: Tensor | None = None) -> Tensor:
    """``input @ weight.T + bias``, with ``weight`` of shape (out_features, in_features)."""
    if input._shape[-1:] != weight._shape[1:]:
        raise RuntimeError(
            f"linear: input has {input._shape[-1] if input._shape else 0} features (shape "
            f"{list(input._shape)}) but weight expects {weight._shape[1]} (shape "
            f"{list(weight._shape)})")
    # mm when the input is a matrix (the common case) skips matmul's case analysis.
    out = input.mm(weight.t()) if input.ndim == 2 else input.matmul(weight.t())
    return out if bias is None else out + bias


def softmax(input: Tensor, dim: int) -> Tensor:
    return input.softmax(dim)


def log_softmax(input: Tensor, dim: int) -> Tensor:
    return input.log_softmax(dim)


def cross_entropy(input: Tensor, target: Tensor, reduction: str = "mean") -> Tensor:
    """Negative log-likelihood of the classes ``target`` (int64, shape (N,)) under the
    logits ``input`` (shape (N, C)): ``-log_softmax(input)[i, target[i]]``, averaged."""
    _check_reduction(reduction)
    if input.ndim != 2:
        raise ValueError(f"cross_entropy: expected logits of shape (N, C), got shape "
                         f"{list(input._shape)}")
    if target._dtype.is_floating_point or target._dtype.name == "bool":
        raise TypeError(f"cross_entropy: target must hold class indices (an integer dtype), "
                        f"got {target._dtype.name}")
    n, c = input._shape
    if target._shape != (n,):
        raise ValueError(f"cross_entropy: target has shape {list(target._shape)} but the "
                         f"logits have shape {list(input._shape)}; expected ({n},)")
    _check_classes(target, c)
    # The picked log-probabilities as a masked sum: a multiply by a constant mask costs less
    # to record and to differentiate than a gather (whose backward scatters).
    picked = input.log_softmax(1) * (target.unsqueeze(1) == arange(c, device=target.device))
    if reduction == "mean":
        return picked.sum() * (-1.0 / n) if n else picked.sum() / 0.0
    if reduction == "sum":
        return -picked.sum()
    return -picked.sum(1)


def _check_classes(target: Tensor, c: int) -> None:
    if target._a is None or target._a.size == 0:
        return  # meta tensors carry no values to check
    lo, hi = int(target._a.min()), int(target._a.max())
    if lo < 0 or hi >= c:
        raise IndexError(f"cross_entropy: Target {lo if lo < 0 else hi} is out of bounds "
                         f"for {c} classes")


def mse_loss(input: Tensor, target: Tensor, reduction: str = "mean") -> Tensor:
    """Mean (or sum) of the squared differences."""
    _check_reduction(reduction)
    if input._shape != target._shape:
        raise ValueError(f"mse_loss: input has shape {list(input._shape)} but target has "
                         f"shape {list(target._shape)}; they must match")
    diff = input - target
    return _reduce(diff * diff, reduction)


def _check_reduction(reduction: str) -> None:
    if reduction not in _REDUCTIONS:
        raise ValueError(f"reduction must be one of {', '.join(_REDUCTIONS)}; got {reduction!r}")


def _reduce(x: Tensor, reduction: str) -> Tensor:
    if reduction == "mean":
        return x.mean()
    if reduction == "sum":
        return x.sum()
    return x

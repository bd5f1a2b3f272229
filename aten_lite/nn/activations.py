"""The activations of ``torch.nn.functional`` beyond relu/leaky_relu/silu/gelu/softmax (which
live in ``nn/functional.py``), re-exported from there.

The pointwise ones are generated ops of native_functions.yaml (``elu``, ``hardtanh``,
``hardsigmoid``, ``hardswish``, ``hardshrink``, ``softshrink``, ``_softplus``, ``log_sigmoid``,
``mish``, ``threshold`` with their in-place forms): one C++ pass forward, one backward, the
gradient from derivatives.yaml. As in torch, ``celu``, ``selu`` and ``relu6`` are ``elu`` and
``hardtanh`` with other constants, and ``glu``, ``softsign``, ``tanhshrink``, ``prelu`` and
``rrelu``'s random slopes are written with other ops (autograd through them).

>>> import aten_lite as al
>>> x = al.tensor([-2.0, 0.5, 4.0])
>>> hardtanh(x).tolist(), relu6(x * 2).tolist()
([-1.0, 0.5, 1.0], [0.0, 1.0, 6.0])
"""

from __future__ import annotations

from .. import _ops
from .._generated.ops import _softplus
from ..frontend import random as _random
from ..tensors.tensor import Tensor

__all__ = [
    "celu", "celu_", "elu", "elu_", "selu", "selu_", "glu", "hardshrink", "softshrink",
    "hardsigmoid", "hardswish", "hardtanh", "hardtanh_", "relu6", "relu_", "leaky_relu_",
    "logsigmoid", "mish", "prelu", "rrelu", "rrelu_", "softplus", "softsign", "tanhshrink",
    "threshold", "threshold_",
]

# SELU's constants (Klambauer et al., 2017): the fixed point of mean 0 and variance 1.
SELU_ALPHA = 1.6732632423543772848170429916717
SELU_SCALE = 1.0507009873554804934193349852946


def elu(input: Tensor, alpha: float = 1.0, inplace: bool = False) -> Tensor:
    """``input`` where positive, else ``alpha * (exp(input) - 1)``."""
    return _ops.elu_(input, alpha) if inplace else _ops.elu(input, alpha)


def elu_(input: Tensor, alpha: float = 1.0) -> Tensor:
    return _ops.elu_(input, alpha)


def celu(input: Tensor, alpha: float = 1.0, inplace: bool = False) -> Tensor:
    """``max(0, x) + min(0, alpha * (exp(x / alpha) - 1))``: elu with input scale
    ``1 / alpha``."""
    if alpha == 0:
        raise RuntimeError("ZeroDivisionError: alpha cannot be 0 for CELU (got alpha=0)")
    op = _ops.elu_ if inplace else _ops.elu
    return op(input, alpha, 1.0, 1.0 / alpha)


def celu_(input: Tensor, alpha: float = 1.0) -> Tensor:
    return celu(input, alpha, inplace=True)


def selu(input: Tensor, inplace: bool = False) -> Tensor:
    """``scale * elu(x, alpha)`` with SELU's fixed constants."""
    op = _ops.elu_ if inplace else _ops.elu
    return op(input, SELU_ALPHA, SELU_SCALE, 1.0)


def selu_(input: Tensor) -> Tensor:
    return selu(input, inplace=True)


def glu(input: Tensor, dim: int = -1) -> Tensor:
    """Split ``input`` in two halves along ``dim``, ``a * sigmoid(b)``."""
    if input.ndim == 0:
        raise RuntimeError("glu does not support scalars because halving size must be even")
    n = input.ndim
    if not -n <= dim < n:
        raise IndexError(f"Dimension out of range (expected to be in range of [{-n}, {n - 1}], "
                         f"but got {dim})")
    size = input._shape[dim]
    if size % 2:
        raise RuntimeError(f"Halving dimension must be even, but dimension {dim % n} is size "
                           f"{size}")
    a, b = input.chunk(2, dim)
    return a * b.sigmoid()


def _check_lambd(name: str, lambd: float) -> None:
    if not lambd >= 0:
        raise RuntimeError(f"{name}: lambda must be non-negative, but found {lambd}")


def hardshrink(input: Tensor, lambd: float = 0.5) -> Tensor:
    """``input`` where ``|input| > lambd``, else 0."""
    return _ops.hardshrink(input, lambd)


def softshrink(input: Tensor, lambd: float = 0.5) -> Tensor:
    """``input`` moved ``lambd`` towards zero, 0 where ``|input| <= lambd``."""
    _check_lambd("softshrink", lambd)
    return _ops.softshrink(input, lambd)


def hardsigmoid(input: Tensor, inplace: bool = False) -> Tensor:
    """``relu6(x + 3) / 6``."""
    return _ops.hardsigmoid_(input) if inplace else _ops.hardsigmoid(input)


def hardswish(input: Tensor, inplace: bool = False) -> Tensor:
    """``x * relu6(x + 3) / 6``."""
    return _ops.hardswish_(input) if inplace else _ops.hardswish(input)


def _as_operand(input: Tensor, value):
    """``value`` as the op takes it for ``input``: a whole float becomes an int for an integer
    input (torch's defaults -1.0/1.0 and relu6's 0/6 then apply to int64 tensors too); any
    other value goes to the op as given, which names it when it does not fit."""
    if isinstance(value, float) and value.is_integer() and \
            not input._dtype.is_floating_point and not input._dtype.is_complex:
        return int(value)
    return value


def hardtanh(input: Tensor, min_val: float = -1.0, max_val: float = 1.0,
             inplace: bool = False) -> Tensor:
    """``input`` clamped to ``[min_val, max_val]``."""
    if min_val > max_val:
        raise ValueError(f"hardtanh: min_val cannot be greater than max_val, got "
                         f"min_val={min_val}, max_val={max_val}")
    lo, hi = _as_operand(input, min_val), _as_operand(input, max_val)
    if input._dtype.name == "uint8":  # the op has no uint8 kernel; torch clamps these
        if lo < 0 or hi < 0:
            raise RuntimeError(f"hardtanh: cannot do hardtanh on an unsigned type with "
                               f"negative limits, got min_val={min_val}, max_val={max_val}")
        return input.clamp_(lo, hi) if inplace else input.clamp(lo, hi)
    return _ops.hardtanh_(input, lo, hi) if inplace else _ops.hardtanh(input, lo, hi)


def hardtanh_(input: Tensor, min_val: float = -1.0, max_val: float = 1.0) -> Tensor:
    return hardtanh(input, min_val, max_val, inplace=True)


def relu6(input: Tensor, inplace: bool = False) -> Tensor:
    """``min(max(0, x), 6)``."""
    return hardtanh(input, 0.0, 6.0, inplace)


def relu_(input: Tensor) -> Tensor:
    return input.relu_()


def leaky_relu_(input: Tensor, negative_slope: float = 0.01) -> Tensor:
    return _ops.leaky_relu_(input, negative_slope)


def logsigmoid(input: Tensor) -> Tensor:
    """``log(sigmoid(x))``, without overflow for large ``|x|``."""
    return _ops.log_sigmoid(input)


def mish(input: Tensor, inplace: bool = False) -> Tensor:
    """``x * tanh(softplus(x))``."""
    return _ops.mish_(input) if inplace else _ops.mish(input)


def softplus(input: Tensor, beta: float = 1.0, threshold: float = 20.0) -> Tensor:
    """``log(1 + exp(beta * x)) / beta``; ``x`` itself where ``beta * x > threshold``."""
    return _softplus(input, beta, threshold)


def softsign(input: Tensor) -> Tensor:
    """``x / (1 + |x|)``."""
    return input / (input.abs() + 1)


def tanhshrink(input: Tensor) -> Tensor:
    """``x - tanh(x)``."""
    return input - input.tanh()


def _threshold(input: Tensor, at, value, inplace: bool) -> Tensor:
    t, v = _as_operand(input, at), _as_operand(input, value)
    return _ops.threshold_(input, t, v) if inplace else _ops.threshold(input, t, v)


def threshold(input: Tensor, threshold: float, value: float, inplace: bool = False) -> Tensor:
    """``input`` where greater than ``threshold``, else ``value``."""
    return _threshold(input, threshold, value, inplace)


def threshold_(input: Tensor, threshold: float, value: float) -> Tensor:
    return _threshold(input, threshold, value, True)


def prelu(input: Tensor, weight: Tensor) -> Tensor:
    """``x`` where positive, else ``weight * x``; ``weight`` has one element, or one per
    channel (dim 1; an input of fewer than 2 dims has one channel)."""
    if weight.ndim > 1:
        raise RuntimeError(f"prelu: Expected `weight` to be a scalar or 1D tensor, but got: "
                           f"ndim = {weight.ndim}")
    channels = input._shape[1] if input.ndim >= 2 else 1
    count = weight.numel()
    if count != 1 and count != channels:
        raise RuntimeError(f"Mismatch of parameter numbers and input channel size. Found "
                           f"parameter numbers = {count} and channel size = {channels}.")
    if count == 1:
        w = weight.reshape(())
    else:
        w = weight.reshape((1, channels) + (1,) * (input.ndim - 2))
    return _ops.where(input > 0, input, w * input)


def _check_rrelu_bounds(lower: float, upper: float) -> None:
    if lower > upper:
        raise RuntimeError(f"rrelu: Lower bound should be less than or equal to the upper "
                           f"bound, got lower={lower}, upper={upper}")


def rrelu(input: Tensor, lower: float = 1.0 / 8, upper: float = 1.0 / 3,
          training: bool = False, inplace: bool = False) -> Tensor:
    """Randomized leaky ReLU: in training each non-positive element is multiplied by its
    own slope drawn uniformly from ``[lower, upper)`` (aten_lite's generator); in eval by
    the mean slope ``(lower + upper) / 2``."""
    _check_rrelu_bounds(lower, upper)
    if not training:
        slope = (lower + upper) / 2
        return leaky_relu_(input, slope) if inplace else _ops.leaky_relu(input, slope)
    if not input._dtype.is_floating_point:
        raise RuntimeError(f"rrelu: expected a floating-point input, got {input._dtype}")
    slopes = _random.rand(*input._shape, dtype=input._dtype) * (upper - lower) + lower
    noise = _ops.where(input > 0, slopes.new_ones(()), slopes)
    return input.mul_(noise) if inplace else input * noise


def rrelu_(input: Tensor, lower: float = 1.0 / 8, upper: float = 1.0 / 3,
           training: bool = False) -> Tensor:
    return rrelu(input, lower, upper, training, inplace=True)


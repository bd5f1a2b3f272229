"""Weight initialisers (``al.nn.init``), in place and without recording autograd; each
draws from aten_lite's generator, so ``al.manual_seed`` makes it reproducible. Fan-in and
fan-out follow torch: ``fan_in = size(1) * receptive field``, ``fan_out = size(0) * ...``.

>>> import aten_lite as al
>>> w = al.empty(3, 4)
>>> _ = zeros_(w); float(w.abs().sum())
0.0
"""

from __future__ import annotations

import math

import numpy as np

from ..backends.creation import as_tensor
from ..frontend.random import rand, randn, randperm
from ..tensors.tensor import Tensor
from ..vocab.dtype import bfloat16
from ..vocab.grad_mode import no_grad

__all__ = ["uniform_", "normal_", "constant_", "zeros_", "ones_", "calculate_gain",
           "kaiming_uniform_", "xavier_uniform_", "kaiming_normal_", "xavier_normal_",
           "trunc_normal_", "eye_", "dirac_", "orthogonal_", "sparse_"]

_GAINS = {"linear": 1.0, "conv1d": 1.0, "conv2d": 1.0, "conv3d": 1.0,
          "conv_transpose1d": 1.0, "conv_transpose2d": 1.0, "conv_transpose3d": 1.0,
          "sigmoid": 1.0, "tanh": 5.0 / 3, "relu": math.sqrt(2.0), "selu": 0.75}


def _fill_from(tensor: Tensor, values: Tensor) -> Tensor:
    with no_grad():
        tensor.copy_(values)
    return tensor


def uniform_(tensor: Tensor, a: float = 0.0, b: float = 1.0, generator=None) -> Tensor:
    """Fill with values drawn uniformly from ``[a, b)``."""
    if a > b:
        raise ValueError(f"uniform_: expects a <= b, got a={a}, b={b}")
    drawn = rand(*tensor._shape, dtype=tensor._dtype, generator=generator)
    return _fill_from(tensor, drawn * (b - a) + a)


def normal_(tensor: Tensor, mean: float = 0.0, std: float = 1.0, generator=None) -> Tensor:
    """Fill with values drawn from N(mean, std**2)."""
    if std < 0:
        raise ValueError(f"normal_: expects std >= 0.0, got {std}")
    drawn = randn(*tensor._shape, dtype=tensor._dtype, generator=generator)
    return _fill_from(tensor, drawn * std + mean)


def constant_(tensor: Tensor, val: float) -> Tensor:
    with no_grad():
        tensor.fill_(val)
    return tensor


def zeros_(tensor: Tensor) -> Tensor:
    return constant_(tensor, 0.0)


def ones_(tensor: Tensor) -> Tensor:
    return constant_(tensor, 1.0)


def calculate_gain(nonlinearity: str, param: float | None = None) -> float:
    """The recommended gain of a nonlinearity (torch's table)."""
    if nonlinearity == "leaky_relu":
        slope = 0.01 if param is None else param
        return math.sqrt(2.0 / (1 + slope ** 2))
    if nonlinearity not in _GAINS:
        raise ValueError(f"Unsupported nonlinearity {nonlinearity}; known: "
                         f"{', '.join(sorted(_GAINS))}, leaky_relu")
    return _GAINS[nonlinearity]


def _fans(tensor: Tensor) -> tuple[int, int]:
    if tensor.ndim < 2:
        raise ValueError("Fan in and fan out can not be computed for tensor with fewer than "
                         f"2 dimensions (got shape {list(tensor._shape)})")
    receptive = math.prod(tensor._shape[2:])
    return tensor._shape[1] * receptive, tensor._shape[0] * receptive


def kaiming_uniform_(tensor: Tensor, a: float = 0.0, mode: str = "fan_in",
                     nonlinearity: str = "leaky_relu", generator=None) -> Tensor:
    """Uniform in ``[-bound, bound)``, ``bound = gain * sqrt(3 / fan)``."""
    if mode not in ("fan_in", "fan_out"):
        raise ValueError(f"Mode {mode} not supported, please use one of fan_in, fan_out")
    fan_in, fan_out = _fans(tensor)
    fan = fan_in if mode == "fan_in" else fan_out
    bound = calculate_gain(nonlinearity, a) * math.sqrt(3.0 / fan) if fan else 0.0
    return uniform_(tensor, -bound, bound, generator)


def xavier_uniform_(tensor: Tensor, gain: float = 1.0, generator=None) -> Tensor:
    """Uniform in ``[-a, a)``, ``a = gain * sqrt(6 / (fan_in + fan_out))``."""
    fan_in, fan_out = _fans(tensor)
    bound = gain * math.sqrt(6.0 / (fan_in + fan_out)) if fan_in + fan_out else 0.0
    return uniform_(tensor, -bound, bound, generator)


def kaiming_normal_(tensor: Tensor, a: float = 0.0, mode: str = "fan_in",
                    nonlinearity: str = "leaky_relu", generator=None) -> Tensor:
    """Normal with ``std = gain / sqrt(fan)``."""
    if mode not in ("fan_in", "fan_out"):
        raise ValueError(f"Mode {mode} not supported, please use one of fan_in, fan_out")
    fan_in, fan_out = _fans(tensor)
    fan = fan_in if mode == "fan_in" else fan_out
    std = calculate_gain(nonlinearity, a) / math.sqrt(fan) if fan else 0.0
    return normal_(tensor, 0.0, std, generator)


def xavier_normal_(tensor: Tensor, gain: float = 1.0, generator=None) -> Tensor:
    """Normal with ``std = gain * sqrt(2 / (fan_in + fan_out))``."""
    fan_in, fan_out = _fans(tensor)
    std = gain * math.sqrt(2.0 / (fan_in + fan_out)) if fan_in + fan_out else 0.0
    return normal_(tensor, 0.0, std, generator)


def trunc_normal_(tensor: Tensor, mean: float = 0.0, std: float = 1.0, a: float = -2.0,
                  b: float = 2.0, generator=None) -> Tensor:
    """N(mean, std**2) restricted to ``[a, b]``: draws outside are drawn again (rejection,
    so the values follow the truncated distribution exactly)."""
    if std < 0 or a > b:
        raise ValueError(f"trunc_normal_: expects std >= 0 and a <= b, got std={std}, a={a}, "
                         f"b={b}")
    values = randn(*tensor._shape, dtype=tensor._dtype, generator=generator) * std + mean
    for _ in range(100):
        outside = (values < a) | (values > b)
        if not bool(outside.any()):
            break
        fresh = randn(*tensor._shape, dtype=tensor._dtype, generator=generator) * std + mean
        values = fresh.where(outside, values)
    else:
        raise ValueError(
            f"trunc_normal_: [a, b] = [{a}, {b}] lies too far in the tail of N({mean}, "
            f"{std}**2) for rejection sampling; move the window nearer the mean")
    return _fill_from(tensor, values)


def eye_(tensor: Tensor) -> Tensor:
    """Fill a 2-D tensor with the identity (ones on the diagonal, also when not square)."""
    if tensor.ndim != 2:
        raise ValueError(f"Only tensors with 2 dimensions are supported (got shape "
                         f"{list(tensor._shape)})")
    return _fill_from(tensor, as_tensor(np.eye(*tensor._shape)))


def dirac_(tensor: Tensor, groups: int = 1) -> Tensor:
    """Fill a 3-, 4- or 5-D convolution weight so that the convolution passes its input
    through: in each of ``groups``, output channel ``d`` holds a 1 at the kernel's centre of
    input channel ``d`` (as many channels as both sides have), zeros elsewhere."""
    if tensor.ndim not in (3, 4, 5):
        raise ValueError(f"Only tensors with 3, 4, or 5 dimensions are supported (got shape "
                         f"{list(tensor._shape)})")
    out_channels = tensor._shape[0]
    if isinstance(groups, bool) or not isinstance(groups, int) or groups < 1 \
            or out_channels % groups:
        raise ValueError(f"dim 0 (size {out_channels}) must be divisible by groups "
                         f"(got groups={groups!r})")
    per_group = out_channels // groups
    values = np.zeros(tensor._shape)
    centre = tuple(k // 2 for k in tensor._shape[2:])
    for g in range(groups):
        for d in range(min(per_group, tensor._shape[1])):
            values[(g * per_group + d, d) + centre] = 1.0
    return _fill_from(tensor, as_tensor(values))


def orthogonal_(tensor: Tensor, gain: float = 1.0, generator=None) -> Tensor:
    """Fill with a (semi-)orthogonal matrix times ``gain``: the tensor seen as
    ``size(0) x (numel / size(0))``, from the QR factorisation of a standard normal draw
    (signs fixed by R's diagonal so the distribution is uniform, as torch)."""
    if tensor.ndim < 2:
        raise ValueError(f"Only tensors with 2 or more dimensions are supported (got shape "
                         f"{list(tensor._shape)})")
    if tensor.numel() == 0:
        return tensor
    rows = tensor._shape[0]
    cols = tensor.numel() // rows
    drawn = _as_numpy(randn(rows, cols, dtype=tensor._dtype, generator=generator))
    wide = rows < cols
    q, r = np.linalg.qr(drawn.T if wide else drawn)
    q = q * np.sign(np.diag(r))
    if wide:
        q = q.T
    return _fill_from(tensor, as_tensor(q.reshape(tensor._shape) * gain))


def _as_numpy(t: Tensor) -> np.ndarray:
    """t's values as an ndarray: bfloat16 (which NumPy lacks) as float32, holding them exactly."""
    return t.float().numpy() if t.dtype is bfloat16 else t.numpy()


def sparse_(tensor: Tensor, sparsity: float, std: float = 0.01, generator=None) -> Tensor:
    """Fill a 2-D tensor from N(0, std**2), then zero ``ceil(sparsity * rows)`` randomly chosen
    entries of each column."""
    if tensor.ndim != 2:
        raise ValueError(f"Only tensors with 2 dimensions are supported (got shape "
                         f"{list(tensor._shape)})")
    if not 0.0 <= sparsity <= 1.0:
        raise ValueError(f"sparse_: sparsity must be in [0, 1], got {sparsity}")
    rows, cols = tensor._shape
    zeros_per_column = int(math.ceil(sparsity * rows))
    values = _as_numpy(randn(rows, cols, dtype=tensor._dtype, generator=generator) * std)
    for c in range(cols):
        values[randperm(rows, generator=generator).numpy()[:zeros_per_column], c] = 0.0
    return _fill_from(tensor, as_tensor(values))


def _deprecated_alias(name: str):
    """torch keeps the initialisers' old names without the trailing underscore, each warning
    once per call that the underscored one replaces it; so do we (same effect, same warning)."""
    new = globals()[name + "_"]

    def alias(*args, **kwargs):
        import warnings
        warnings.warn(f"`nn.init.{name}` is now deprecated in favor of `nn.init.{name}_`.",
                      FutureWarning, stacklevel=2)
        return new(*args, **kwargs)
    alias.__name__ = alias.__qualname__ = name
    alias.__doc__ = f"Deprecated: nn.init.{name}_ under its old name."
    return alias


uniform = _deprecated_alias("uniform")
normal = _deprecated_alias("normal")
constant = _deprecated_alias("constant")
xavier_uniform = _deprecated_alias("xavier_uniform")
xavier_normal = _deprecated_alias("xavier_normal")
kaiming_uniform = _deprecated_alias("kaiming_uniform")
kaiming_normal = _deprecated_alias("kaiming_normal")
eye = _deprecated_alias("eye")
dirac = _deprecated_alias("dirac")
orthogonal = _deprecated_alias("orthogonal")
sparse = _deprecated_alias("sparse")

"""The path of torch.nn.modules.activation: the activation layers, those first written with
the package (``ReLU``, ``GELU``, ``Softmax``, ...) re-exported, the others defined here over
``nn.functional``, and MultiheadAttention (defined in nn/attention.py), which torch files
here too.

>>> import aten_lite as al
>>> al.nn.Hardtanh(-2.0, 2.0)(al.tensor([-3.0, 1.0, 3.0])).tolist()
[-2.0, 1.0, 2.0]
"""

from __future__ import annotations

from ...backends import creation as _creation
from ...tensors.tensor import Tensor
from ..attention import MultiheadAttention
from .. import functional as F
from .. import init
from . import (GELU, LeakyReLU, LogSoftmax, Module, Parameter, ReLU, Sigmoid, SiLU, Softmax,
               Tanh)

__all__ = ["GELU", "LeakyReLU", "LogSoftmax", "ReLU", "Sigmoid", "SiLU", "Softmax", "Tanh",
           "MultiheadAttention", "CELU", "ELU", "SELU", "GLU", "Hardshrink", "Softshrink",
           "Hardsigmoid", "Hardswish", "Hardtanh", "ReLU6", "LogSigmoid", "Mish", "PReLU",
           "RReLU", "Softplus", "Softsign", "Tanhshrink", "Threshold", "Softmin", "Softmax2d"]


def _inplace_repr(text: str, inplace: bool) -> str:
    if not inplace:
        return text
    return f"{text}, inplace=True" if text else "inplace=True"


class _Inplace(Module):
    """An activation whose only setting is ``inplace``."""

    def __init__(self, inplace: bool = False) -> None:
        super().__init__()
        self.inplace = inplace


class ELU(Module):
    """``x`` where positive, else ``alpha * (exp(x) - 1)`` (``F.elu``)."""

    def __init__(self, alpha: float = 1.0, inplace: bool = False) -> None:
        super().__init__()
        self.alpha, self.inplace = alpha, inplace

    def forward(self, x: Tensor) -> Tensor:
        return F.elu(x, self.alpha, self.inplace)

    def extra_repr(self) -> str:
        return _inplace_repr(f"alpha={self.alpha}", self.inplace)


class CELU(ELU):
    """``max(0, x) + min(0, alpha * (exp(x / alpha) - 1))`` (``F.celu``)."""

    def forward(self, x: Tensor) -> Tensor:
        return F.celu(x, self.alpha, self.inplace)


class SELU(_Inplace):
    """``scale * elu(x, alpha)`` with SELU's fixed constants (``F.selu``)."""

    def forward(self, x: Tensor) -> Tensor:
        return F.selu(x, self.inplace)

    def extra_repr(self) -> str:
        return _inplace_repr("", self.inplace)


class GLU(Module):
    """``a * sigmoid(b)`` for the two halves ``a``, ``b`` of the input along ``dim``."""

    def __init__(self, dim: int = -1) -> None:
        super().__init__()
        self.dim = dim

    def forward(self, x: Tensor) -> Tensor:
        return F.glu(x, self.dim)

    def extra_repr(self) -> str:
        return f"dim={self.dim}"


class Hardshrink(Module):
    """``x`` where ``|x| > lambd``, else 0."""

    def __init__(self, lambd: float = 0.5) -> None:
        super().__init__()
        self.lambd = lambd

    def forward(self, x: Tensor) -> Tensor:
        return F.hardshrink(x, self.lambd)

    def extra_repr(self) -> str:
        return f"{self.lambd}"


class Softshrink(Hardshrink):
    """``x`` moved ``lambd`` towards 0, and 0 where ``|x| <= lambd``."""

    def forward(self, x: Tensor) -> Tensor:
        return F.softshrink(x, self.lambd)


class Hardsigmoid(_Inplace):
    """``relu6(x + 3) / 6``."""

    def forward(self, x: Tensor) -> Tensor:
        return F.hardsigmoid(x, self.inplace)


class Hardswish(_Inplace):
    """``x * relu6(x + 3) / 6``."""

    def forward(self, x: Tensor) -> Tensor:
        return F.hardswish(x, self.inplace)


class Hardtanh(Module):
    """``x`` clamped to ``[min_val, max_val]``."""

    def __init__(self, min_val: float = -1.0, max_val: float = 1.0,
                 inplace: bool = False) -> None:
        super().__init__()
        if min_val > max_val:
            raise ValueError(f"Hardtanh: min_val cannot be greater than max_val, got "
                             f"min_val={min_val}, max_val={max_val}")
        self.min_val, self.max_val, self.inplace = min_val, max_val, inplace

    def forward(self, x: Tensor) -> Tensor:
        return F.hardtanh(x, self.min_val, self.max_val, self.inplace)

    def extra_repr(self) -> str:
        return _inplace_repr(f"min_val={self.min_val}, max_val={self.max_val}", self.inplace)


class ReLU6(Hardtanh):
    """``min(max(0, x), 6)``."""

    def __init__(self, inplace: bool = False) -> None:
        super().__init__(0.0, 6.0, inplace)

    def extra_repr(self) -> str:
        return _inplace_repr("", self.inplace)


class LogSigmoid(Module):
    """``log(sigmoid(x))``."""

    def forward(self, x: Tensor) -> Tensor:
        return F.logsigmoid(x)


class Mish(_Inplace):
    """``x * tanh(softplus(x))``."""

    def forward(self, x: Tensor) -> Tensor:
        return F.mish(x, self.inplace)


class PReLU(Module):
    """``x`` where positive, else ``weight * x``, with a learnt ``weight`` of
    ``num_parameters`` elements (1, or the number of channels), started at ``init``."""

    def __init__(self, num_parameters: int = 1, init: float = 0.25, device=None,
                 dtype=None) -> None:
        super().__init__()
        if not isinstance(num_parameters, int) or isinstance(num_parameters, bool) \
                or num_parameters < 1:
            raise ValueError(f"PReLU: num_parameters must be a positive int, got "
                             f"{num_parameters!r}")
        self.num_parameters, self.init = num_parameters, init
        self.weight = Parameter(_creation.empty(num_parameters, dtype=dtype, device=device))
        self.reset_parameters()

    def reset_parameters(self) -> None:
        init.constant_(self.weight, self.init)

    def forward(self, x: Tensor) -> Tensor:
        return F.prelu(x, self.weight)

    def extra_repr(self) -> str:
        return f"num_parameters={self.num_parameters}"


class RReLU(Module):
    """Randomized leaky ReLU (``F.rrelu``): random slopes in ``[lower, upper)`` for the
    non-positive elements in training, their mean in eval."""

    def __init__(self, lower: float = 1.0 / 8, upper: float = 1.0 / 3,
                 inplace: bool = False) -> None:
        super().__init__()
        self.lower, self.upper, self.inplace = lower, upper, inplace

    def forward(self, x: Tensor) -> Tensor:
        return F.rrelu(x, self.lower, self.upper, self.training, self.inplace)

    def extra_repr(self) -> str:
        return _inplace_repr(f"lower={self.lower}, upper={self.upper}", self.inplace)


class Softplus(Module):
    """``log(1 + exp(beta * x)) / beta``, linear past ``threshold``."""

    def __init__(self, beta: float = 1.0, threshold: float = 20.0) -> None:
        super().__init__()
        self.beta, self.threshold = beta, threshold

    def forward(self, x: Tensor) -> Tensor:
        return F.softplus(x, self.beta, self.threshold)

    def extra_repr(self) -> str:
        return f"beta={self.beta}, threshold={self.threshold}"


class Softsign(Module):
    """``x / (1 + |x|)``."""

    def forward(self, x: Tensor) -> Tensor:
        return F.softsign(x)


class Tanhshrink(Module):
    """``x - tanh(x)``."""

    def forward(self, x: Tensor) -> Tensor:
        return F.tanhshrink(x)


class Threshold(Module):
    """``x`` where greater than ``threshold``, else ``value``."""

    def __init__(self, threshold: float, value: float, inplace: bool = False) -> None:
        super().__init__()
        self.threshold, self.value, self.inplace = threshold, value, inplace

    def forward(self, x: Tensor) -> Tensor:
        return F.threshold(x, self.threshold, self.value, self.inplace)

    def extra_repr(self) -> str:
        return _inplace_repr(f"threshold={self.threshold}, value={self.value}", self.inplace)


class Softmin(Module):
    """``softmax(-x, dim)``."""

    def __init__(self, dim: int | None = None) -> None:
        super().__init__()
        self.dim = dim

    def forward(self, x: Tensor) -> Tensor:
        return F.softmin(x, self.dim, _stacklevel=5)

    def extra_repr(self) -> str:
        return f"dim={self.dim}"


class Softmax2d(Module):
    """Softmax over the channels (dim -3) of (N, C, H, W) or (C, H, W) inputs."""

    def forward(self, x: Tensor) -> Tensor:
        if x.ndim not in (3, 4):
            raise ValueError(f"Softmax2d: expected input to be 3D or 4D, got {x.ndim}D "
                             f"(shape {list(x._shape)}) instead")
        return F.softmax(x, -3, _stacklevel=5)

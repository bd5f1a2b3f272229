"""The path of torch.nn.modules.normalization: ``LayerNorm`` (defined in the package),
``GroupNorm``, ``LocalResponseNorm`` and ``RMSNorm``."""

from __future__ import annotations

from ...backends import creation as _creation
from ...tensors.tensor import Tensor
from .. import functional as F
from .. import init
from . import LayerNorm, Module, Parameter

__all__ = ["LayerNorm", "GroupNorm", "LocalResponseNorm", "RMSNorm"]


class GroupNorm(Module):
    """Normalise ``num_groups`` groups of the ``num_channels`` channels of each sample
    (``F.group_norm``), then scale by ``weight`` (ones) and shift by ``bias`` (zeros), one
    per channel, when ``affine``."""

    def __init__(self, num_groups: int, num_channels: int, eps: float = 1e-5,
                 affine: bool = True, device=None, dtype=None, *, bias: bool = True) -> None:
        super().__init__()
        if not isinstance(num_groups, int) or num_groups <= 0 \
                or not isinstance(num_channels, int) or num_channels % num_groups:
            raise ValueError(f"GroupNorm: num_channels must be divisible by num_groups, got "
                             f"num_channels={num_channels!r}, num_groups={num_groups!r}")
        self.num_groups, self.num_channels, self.eps, self.affine = (num_groups, num_channels,
                                                                     eps, affine)
        kw = {"dtype": dtype, "device": device}
        if affine:
            self.weight = Parameter(_creation.ones(num_channels, **kw))
            if bias:
                self.bias = Parameter(_creation.zeros(num_channels, **kw))
            else:
                self.register_parameter("bias", None)
        else:
            self.register_parameter("weight", None)
            self.register_parameter("bias", None)

    def reset_parameters(self) -> None:
        if self.affine:
            init.ones_(self.weight)
            if self.bias is not None:
                init.zeros_(self.bias)

    def forward(self, x: Tensor) -> Tensor:
        return F.group_norm(x, self.num_groups, self.weight, self.bias, self.eps)

    def extra_repr(self) -> str:
        return (f"{self.num_groups}, {self.num_channels}, eps={self.eps}, "
                f"affine={self.affine}, bias={self.bias is not None}")


class LocalResponseNorm(Module):
    """Each channel divided by its neighbours' mean square, ``F.local_response_norm``."""

    def __init__(self, size: int, alpha: float = 1e-4, beta: float = 0.75,
                 k: float = 1.0) -> None:
        super().__init__()
        self.size, self.alpha, self.beta, self.k = size, alpha, beta, k

    def forward(self, x: Tensor) -> Tensor:
        return F.local_response_norm(x, self.size, self.alpha, self.beta, self.k)

    def extra_repr(self) -> str:
        return f"{self.size}, alpha={self.alpha}, beta={self.beta}, k={self.k}"


class RMSNorm(Module):
    """Divide by the root mean square over the trailing ``normalized_shape`` dims
    (``F.rms_norm``), then scale by ``weight`` (ones) when ``elementwise_affine``."""

    def __init__(self, normalized_shape, eps: float | None = None,
                 elementwise_affine: bool = True, device=None, dtype=None) -> None:
        super().__init__()
        shape = ((normalized_shape,) if isinstance(normalized_shape, int)
                 else tuple(normalized_shape))
        self.normalized_shape, self.eps = shape, eps
        self.elementwise_affine = elementwise_affine
        if elementwise_affine:
            self.weight = Parameter(_creation.ones(*shape, dtype=dtype, device=device))
        else:
            self.register_parameter("weight", None)

    def reset_parameters(self) -> None:
        if self.elementwise_affine:
            init.ones_(self.weight)

    def forward(self, x: Tensor) -> Tensor:
        return F.rms_norm(x, self.normalized_shape, self.weight, self.eps)

    def extra_repr(self) -> str:
        return (f"{self.normalized_shape}, eps={self.eps}, "
                f"elementwise_affine={self.elementwise_affine}")

"""The path of torch.nn.modules.linear: ``Linear`` and ``Identity`` (defined in the package)
and ``Bilinear`` and ``LazyLinear`` (defined here).

>>> import aten_lite as al
>>> from aten_lite.nn.modules.linear import Bilinear
>>> Bilinear(3, 4, 5)(al.ones(2, 3), al.ones(2, 4)).shape
aten_lite.Size([2, 5])
"""

from __future__ import annotations

import math

from ...backends import creation as _creation
from ...tensors.tensor import Tensor
from .. import functional as F
from .. import init
from ..module import Module, Parameter
from . import Identity, Linear, _check_size
from .lazy import LazyModuleMixin, UninitializedParameter

__all__ = ["Identity", "Linear", "Bilinear", "LazyLinear"]


class Bilinear(Module):
    """``y = x1 @ weight[o] @ x2 + bias[o]`` for each output o; weight (out_features,
    in1_features, in2_features) and bias start uniform in ``[-1/sqrt(in1_features),
    1/sqrt(in1_features))``, as torch's."""

    def __init__(self, in1_features: int, in2_features: int, out_features: int,
                 bias: bool = True, device=None, dtype=None) -> None:
        super().__init__()
        for name, n in (("in1_features", in1_features), ("in2_features", in2_features),
                        ("out_features", out_features)):
            _check_size("Bilinear", name, n)
        self.in1_features, self.in2_features = in1_features, in2_features
        self.out_features = out_features
        self.weight = Parameter(_creation.empty(out_features, in1_features, in2_features,
                                                dtype=dtype))
        if bias:
            self.bias = Parameter(_creation.empty(out_features, dtype=dtype))
        else:
            self.register_parameter("bias", None)
        self.reset_parameters()

    def reset_parameters(self) -> None:
        bound = 1 / math.sqrt(self.in1_features) if self.in1_features > 0 else 0.0
        init.uniform_(self.weight, -bound, bound)
        if self.bias is not None:
            init.uniform_(self.bias, -bound, bound)

    def forward(self, input1: Tensor, input2: Tensor) -> Tensor:
        return F.bilinear(input1, input2, self.weight, self.bias)

    def extra_repr(self) -> str:
        return (f"in1_features={self.in1_features}, in2_features={self.in2_features}, "
                f"out_features={self.out_features}, bias={self.bias is not None}")


class LazyLinear(LazyModuleMixin, Linear):
    """A Linear whose ``in_features`` is the last dim of its first input; it then becomes a
    ``Linear``, started as one."""

    cls_to_become = Linear

    def __init__(self, out_features: int, bias: bool = True, device=None, dtype=None) -> None:
        super().__init__(0, 0, False)
        _check_size("LazyLinear", "out_features", out_features)
        self.out_features = out_features
        self.weight = UninitializedParameter(dtype=dtype)
        if bias:
            self.bias = UninitializedParameter(dtype=dtype)

    def reset_parameters(self) -> None:
        if not self.has_uninitialized_params() and self.in_features != 0:
            super().reset_parameters()

    def initialize_parameters(self, input: Tensor) -> None:
        if input.ndim == 0:
            raise RuntimeError("LazyLinear: the input must have at least one dim, got a 0-dim "
                               "tensor")
        self.in_features = input.shape[-1]
        self.weight.materialize((self.out_features, self.in_features))
        if self.bias is not None:
            self.bias.materialize((self.out_features,))

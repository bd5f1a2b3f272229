"""The path of torch.nn.modules.linear: ``Linear`` and ``Identity`` (defined in the package)
and ``Bilinear`` (defined here).

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

__all__ = ["Identity", "Linear", "Bilinear"]


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

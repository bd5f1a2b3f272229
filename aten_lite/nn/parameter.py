"""The path of torch.nn.parameter: ``Parameter`` (defined in aten_lite/nn/module.py) and
``UninitializedParameter`` / ``UninitializedBuffer`` (defined in nn/modules/lazy.py)."""

from .module import Parameter
from .modules.lazy import UninitializedBuffer, UninitializedParameter

__all__ = ["Parameter", "UninitializedParameter", "UninitializedBuffer"]

"""The path of torch.nn.parameter: ``Parameter`` (defined in aten_lite/nn/module.py)."""

from .module import Parameter

__all__ = ["Parameter"]

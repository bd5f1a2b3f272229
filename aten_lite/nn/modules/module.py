"""The path of torch.nn.modules.module: ``Module`` (defined in aten_lite/nn/module.py)."""

from ..module import Module

__all__ = ["Module"]

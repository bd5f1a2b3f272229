"""The path of torch.nn.modules.normalization: ``LayerNorm`` (defined in the package)."""

from . import LayerNorm

__all__ = ["LayerNorm"]

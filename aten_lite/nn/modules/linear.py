"""The path of torch.nn.modules.linear: ``Linear`` and ``Identity`` (defined in the package)."""

from . import Identity, Linear

__all__ = ["Identity", "Linear"]

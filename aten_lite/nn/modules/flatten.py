"""The path of torch.nn.modules.flatten: ``Flatten`` and ``Unflatten`` (defined in the package)."""

from . import Flatten, Unflatten

__all__ = ["Flatten", "Unflatten"]

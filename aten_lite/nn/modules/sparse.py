"""The path of torch.nn.modules.sparse: ``Embedding`` (defined in the package)."""

from . import Embedding

__all__ = ["Embedding"]

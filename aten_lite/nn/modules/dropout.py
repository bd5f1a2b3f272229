"""The path of torch.nn.modules.dropout: ``Dropout`` (defined in the package)."""

from . import Dropout

__all__ = ["Dropout"]

"""The path of torch.nn.modules.fold: ``Unfold`` and ``Fold`` (defined in nn/convolution.py)."""

from ..convolution import Fold, Unfold

__all__ = ["Fold", "Unfold"]

"""The path of torch.nn.modules.dropout: ``Dropout`` (defined in the package), the
channel-wise ``Dropout1d/2d/3d`` and the self-normalizing ``AlphaDropout`` and
``FeatureAlphaDropout``; each the identity in eval mode."""

from __future__ import annotations

from ...tensors.tensor import Tensor
from .. import functional as F
from . import Dropout, Module

__all__ = ["Dropout", "Dropout1d", "Dropout2d", "Dropout3d", "AlphaDropout",
           "FeatureAlphaDropout"]


class _DropoutNd(Module):
    """``p`` (checked to be a probability) and ``inplace``, as ``Dropout`` holds them; the
    variants are not ``Dropout`` subclasses, as in torch."""

    def __init__(self, p: float = 0.5, inplace: bool = False) -> None:
        super().__init__()
        if not 0.0 <= p <= 1.0:
            raise ValueError(f"dropout probability has to be between 0 and 1, but got {p}")
        self.p, self.inplace = p, inplace

    def extra_repr(self) -> str:
        return f"p={self.p}, inplace={self.inplace}"


class Dropout1d(_DropoutNd):
    """Zero whole channels of (N, C, L) or (C, L) inputs in training (``F.dropout1d``)."""

    def forward(self, x: Tensor) -> Tensor:
        return F.dropout1d(x, self.p, self.training, self.inplace)


class Dropout2d(_DropoutNd):
    """Zero whole channels of (N, C, H, W) inputs in training (``F.dropout2d``)."""

    def forward(self, x: Tensor) -> Tensor:
        return F.dropout2d(x, self.p, self.training, self.inplace)


class Dropout3d(_DropoutNd):
    """Zero whole channels of (N, C, D, H, W) or (C, D, H, W) inputs in training
    (``F.dropout3d``)."""

    def forward(self, x: Tensor) -> Tensor:
        return F.dropout3d(x, self.p, self.training, self.inplace)


class AlphaDropout(_DropoutNd):
    """Dropout that keeps a SELU network's mean and variance (``F.alpha_dropout``)."""

    def forward(self, x: Tensor) -> Tensor:
        return F.alpha_dropout(x, self.p, self.training, self.inplace)


class FeatureAlphaDropout(_DropoutNd):
    """Alpha dropout of whole channels (``F.feature_alpha_dropout``)."""

    def forward(self, x: Tensor) -> Tensor:
        return F.feature_alpha_dropout(x, self.p, self.training, self.inplace)

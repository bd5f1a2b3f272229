"""Distance modules, as torch.nn.modules.distance: ``CosineSimilarity`` and
``PairwiseDistance``.

>>> import aten_lite as al
>>> al.nn.CosineSimilarity(dim=0)(al.tensor([1.0, 0.0]), al.tensor([1.0, 1.0])).item()
0.7071067690849304
"""

from __future__ import annotations

from ..tensors.tensor import Tensor
from . import functional as F
from .module import Module

__all__ = ["CosineSimilarity", "PairwiseDistance"]


class CosineSimilarity(Module):
    """F.cosine_similarity along `dim`, norms clamped below by `eps`."""

    def __init__(self, dim: int = 1, eps: float = 1e-8) -> None:
        super().__init__()
        self.dim, self.eps = dim, eps

    def forward(self, x1: Tensor, x2: Tensor) -> Tensor:
        return F.cosine_similarity(x1, x2, self.dim, self.eps)


class PairwiseDistance(Module):
    """F.pairwise_distance: the ``p``-norm of ``x1 - x2 + eps`` over the last dim."""

    def __init__(self, p: float = 2.0, eps: float = 1e-6, keepdim: bool = False) -> None:
        super().__init__()
        self.norm, self.eps, self.keepdim = p, eps, keepdim

    def forward(self, x1: Tensor, x2: Tensor) -> Tensor:
        return F.pairwise_distance(x1, x2, self.norm, self.eps, self.keepdim)

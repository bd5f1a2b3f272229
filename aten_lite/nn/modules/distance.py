"""The path of torch.nn.modules.distance: ``CosineSimilarity`` and ``PairwiseDistance``
(defined in nn/distance.py)."""

from ..distance import CosineSimilarity, PairwiseDistance

__all__ = ["CosineSimilarity", "PairwiseDistance"]

"""The path of torch.nn.modules.distance: ``CosineSimilarity`` (defined in nn/distance.py)."""

from ..distance import CosineSimilarity

__all__ = ["CosineSimilarity"]

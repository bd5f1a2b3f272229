"""The path of torch.nn.modules.sparse: ``Embedding`` (defined in the package) and
``EmbeddingBag`` (defined here: sums, means or maxima of bags of embeddings, F.embedding_bag).

>>> import aten_lite as al
>>> from aten_lite.nn.modules.sparse import EmbeddingBag
>>> bag = EmbeddingBag.from_pretrained(al.tensor([[1.0], [2.0], [4.0]]), mode="sum")
>>> bag(al.tensor([0, 1, 2, 2]), al.tensor([0, 2])).tolist()
[[3.0], [8.0]]
"""

from __future__ import annotations

from ...frontend import random as _random
from ...tensors.tensor import Tensor
from .. import functional as F
from ..module import Module, Parameter
from . import Embedding, _check_size, _padding_index

__all__ = ["Embedding", "EmbeddingBag"]


class EmbeddingBag(Module):
    """A table of ``num_embeddings`` vectors of size ``embedding_dim``, started N(0, 1) (the
    ``padding_idx`` row zero); ``bag(input, offsets, per_sample_weights)`` reduces each bag
    of looked-up rows by ``mode`` ('sum', 'mean' or 'max')."""

    def __init__(self, num_embeddings: int, embedding_dim: int, max_norm: float | None = None,
                 norm_type: float = 2.0, scale_grad_by_freq: bool = False, mode: str = "mean",
                 sparse: bool = False, _weight: Tensor | None = None,
                 include_last_offset: bool = False, padding_idx: int | None = None,
                 device=None, dtype=None) -> None:
        super().__init__()
        _check_size("EmbeddingBag", "num_embeddings", num_embeddings)
        _check_size("EmbeddingBag", "embedding_dim", embedding_dim)
        padding_idx = _padding_index("EmbeddingBag", padding_idx, num_embeddings)
        if mode not in ("sum", "mean", "max"):
            raise ValueError(f"mode has to be one of sum, mean or max, got {mode!r}")
        self.num_embeddings, self.embedding_dim = num_embeddings, embedding_dim
        self.max_norm, self.norm_type = max_norm, norm_type
        self.scale_grad_by_freq, self.mode, self.sparse = scale_grad_by_freq, mode, sparse
        self.include_last_offset, self.padding_idx = include_last_offset, padding_idx
        if _weight is None:
            weight = _random.randn(num_embeddings, embedding_dim, dtype=dtype, device=device)
            if padding_idx is not None:
                weight[padding_idx] = 0.0
        else:
            if tuple(_weight.shape) != (num_embeddings, embedding_dim):
                raise AssertionError(f"EmbeddingBag: _weight has shape "
                                     f"{tuple(_weight.shape)}, expected ({num_embeddings}, "
                                     f"{embedding_dim})")
            weight = _weight.detach()
        self.weight = Parameter(weight)

    @classmethod
    def from_pretrained(cls, embeddings: Tensor, freeze: bool = True,
                        max_norm: float | None = None, norm_type: float = 2.0,
                        scale_grad_by_freq: bool = False, mode: str = "mean",
                        sparse: bool = False, include_last_offset: bool = False,
                        padding_idx: int | None = None) -> "EmbeddingBag":
        """An EmbeddingBag whose table is ``embeddings`` (2-D, shared, not copied), frozen
        (no gradient) unless ``freeze=False``."""
        if embeddings.ndim != 2:
            raise ValueError(f"Embeddings parameter is expected to be 2-dimensional, got "
                             f"shape {tuple(embeddings.shape)}")
        rows, cols = embeddings.shape
        bag = cls(rows, cols, max_norm, norm_type, scale_grad_by_freq, mode, sparse,
                  _weight=embeddings, include_last_offset=include_last_offset,
                  padding_idx=padding_idx)
        bag.weight.requires_grad = not freeze
        return bag

    def forward(self, input: Tensor, offsets: Tensor | None = None,
                per_sample_weights: Tensor | None = None) -> Tensor:
        return F.embedding_bag(input, self.weight, offsets, self.max_norm, self.norm_type,
                               self.scale_grad_by_freq, self.mode, self.sparse,
                               per_sample_weights, self.include_last_offset, self.padding_idx)

    def extra_repr(self) -> str:
        text = f"{self.num_embeddings}, {self.embedding_dim}"
        if self.max_norm is not None:
            text += f", max_norm={self.max_norm}"
        if self.norm_type != 2:
            text += f", norm_type={self.norm_type}"
        if self.scale_grad_by_freq is not False:
            text += f", scale_grad_by_freq={self.scale_grad_by_freq}"
        text += f", mode={self.mode!r}"
        if self.padding_idx is not None:
            text += f", padding_idx={self.padding_idx}"
        return text

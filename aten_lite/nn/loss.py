"""Loss modules: each holds its options and calls the function of the same name in
``functional.py``.

>>> import aten_lite as al
>>> al.nn.MSELoss()(al.tensor([1.0, 3.0]), al.tensor([1.0, 1.0])).item()
2.0
"""

from __future__ import annotations

import warnings

from ..tensors.tensor import Tensor
from . import functional as F
from ._functional_losses import _legacy
from .distance import PairwiseDistance
from .module import Module

__all__ = ["MSELoss", "L1Loss", "SmoothL1Loss", "CrossEntropyLoss", "NLLLoss", "BCELoss",
           "BCEWithLogitsLoss", "HuberLoss", "KLDivLoss", "CosineEmbeddingLoss",
           "HingeEmbeddingLoss", "MarginRankingLoss", "SoftMarginLoss", "MultiMarginLoss",
           "MultiLabelMarginLoss", "MultiLabelSoftMarginLoss", "PoissonNLLLoss",
           "GaussianNLLLoss", "TripletMarginLoss", "TripletMarginWithDistanceLoss", "CTCLoss",
           "NLLLoss2d"]


class _Loss(Module):
    def __init__(self, reduction: str = "mean") -> None:
        super().__init__()
        F._reduction(reduction)
        self.reduction = reduction


class _LegacyLoss(_Loss):
    """A loss whose constructor takes torch's deprecated ``size_average`` / ``reduce`` pair
    before ``reduction`` (mapped onto it as torch does, with its warning), so positional
    arguments land where torch puts them."""

    def __init__(self, size_average=None, reduce=None, reduction: str = "mean") -> None:
        super().__init__(_legacy(size_average, reduce, reduction))


class MSELoss(_LegacyLoss):
    def forward(self, input: Tensor, target: Tensor) -> Tensor:
        return F.mse_loss(input, target, self.reduction)


class L1Loss(_LegacyLoss):
    def forward(self, input: Tensor, target: Tensor) -> Tensor:
        return F.l1_loss(input, target, self.reduction)


class SmoothL1Loss(_LegacyLoss):
    def __init__(self, size_average=None, reduce=None, reduction: str = "mean",
                 beta: float = 1.0) -> None:
        super().__init__(size_average, reduce, reduction)
        self.beta = beta

    def forward(self, input: Tensor, target: Tensor) -> Tensor:
        return F.smooth_l1_loss(input, target, self.reduction, self.beta)


class HuberLoss(_Loss):
    def __init__(self, reduction: str = "mean", delta: float = 1.0) -> None:
        super().__init__(reduction)
        self.delta = delta

    def forward(self, input: Tensor, target: Tensor) -> Tensor:
        return F.huber_loss(input, target, self.reduction, self.delta)


class KLDivLoss(Module):
    """F.kl_div as a module; reduction may also be 'batchmean'."""

    def __init__(self, size_average=None, reduce=None, reduction: str = "mean",
                 log_target: bool = False) -> None:
        super().__init__()
        if reduction != "batchmean":
            F._reduction(reduction)
        if size_average is not None or reduce is not None:
            raise ValueError("KLDivLoss: size_average and reduce are deprecated and not "
                             "supported; pass reduction=")
        self.reduction, self.log_target = reduction, log_target

    def forward(self, input: Tensor, target: Tensor) -> Tensor:
        return F.kl_div(input, target, reduction=self.reduction, log_target=self.log_target)


class _Weighted(_LegacyLoss):
    """A loss with per-class weights (a buffer) and an ignored target value."""

    def __init__(self, weight: Tensor | None = None, size_average=None,
                 ignore_index: int = -100, reduce=None, reduction: str = "mean") -> None:
        super().__init__(size_average, reduce, reduction)
        self.register_buffer("weight", weight)
        self.ignore_index = ignore_index


class NLLLoss(_Weighted):
    def forward(self, input: Tensor, target: Tensor) -> Tensor:
        return F.nll_loss(input, target, self.weight, self.ignore_index, self.reduction)


class NLLLoss2d(NLLLoss):
    """NLLLoss under its deprecated name (with torch's warning)."""

    def __init__(self, weight: Tensor | None = None, size_average=None,
                 ignore_index: int = -100, reduce=None, reduction: str = "mean") -> None:
        warnings.warn("`NLLLoss2d` has been deprecated. Please use `NLLLoss` instead as a "
                      "drop-in replacement and see https://pytorch.org/docs/main/nn.html"
                      "#torch.nn.NLLLoss for more details.", FutureWarning, stacklevel=2)
        super().__init__(weight, size_average, ignore_index, reduce, reduction)


class CrossEntropyLoss(_Weighted):
    def __init__(self, weight: Tensor | None = None, size_average=None,
                 ignore_index: int = -100, reduce=None, reduction: str = "mean",
                 label_smoothing: float = 0.0) -> None:
        super().__init__(weight, size_average, ignore_index, reduce, reduction)
        self.label_smoothing = label_smoothing

    def forward(self, input: Tensor, target: Tensor) -> Tensor:
        return F.cross_entropy(input, target, self.weight, self.ignore_index, self.reduction,
                               self.label_smoothing)


class BCELoss(_LegacyLoss):
    def __init__(self, weight: Tensor | None = None, size_average=None, reduce=None,
                 reduction: str = "mean") -> None:
        super().__init__(size_average, reduce, reduction)
        self.register_buffer("weight", weight)

    def forward(self, input: Tensor, target: Tensor) -> Tensor:
        return F.binary_cross_entropy(input, target, self.weight, self.reduction)


class BCEWithLogitsLoss(_LegacyLoss):
    def __init__(self, weight: Tensor | None = None, size_average=None, reduce=None,
                 reduction: str = "mean", pos_weight: Tensor | None = None) -> None:
        super().__init__(size_average, reduce, reduction)
        self.register_buffer("weight", weight)
        self.register_buffer("pos_weight", pos_weight)

    def forward(self, input: Tensor, target: Tensor) -> Tensor:
        return F.binary_cross_entropy_with_logits(input, target, self.weight, self.reduction,
                                                  self.pos_weight)


# ---- the embedding, margin and likelihood losses (functions in _functional_losses.py) ----


class CosineEmbeddingLoss(_LegacyLoss):
    def __init__(self, margin: float = 0.0, size_average=None, reduce=None,
                 reduction: str = "mean") -> None:
        super().__init__(size_average, reduce, reduction)
        self.margin = margin

    def forward(self, input1: Tensor, input2: Tensor, target: Tensor) -> Tensor:
        return F.cosine_embedding_loss(input1, input2, target, margin=self.margin,
                                       reduction=self.reduction)


class HingeEmbeddingLoss(_LegacyLoss):
    def __init__(self, margin: float = 1.0, size_average=None, reduce=None,
                 reduction: str = "mean") -> None:
        super().__init__(size_average, reduce, reduction)
        self.margin = margin

    def forward(self, input: Tensor, target: Tensor) -> Tensor:
        return F.hinge_embedding_loss(input, target, margin=self.margin,
                                      reduction=self.reduction)


class MarginRankingLoss(_LegacyLoss):
    def __init__(self, margin: float = 0.0, size_average=None, reduce=None,
                 reduction: str = "mean") -> None:
        super().__init__(size_average, reduce, reduction)
        self.margin = margin

    def forward(self, input1: Tensor, input2: Tensor, target: Tensor) -> Tensor:
        return F.margin_ranking_loss(input1, input2, target, margin=self.margin,
                                     reduction=self.reduction)


class SoftMarginLoss(_LegacyLoss):
    def forward(self, input: Tensor, target: Tensor) -> Tensor:
        return F.soft_margin_loss(input, target, reduction=self.reduction)


class MultiMarginLoss(_LegacyLoss):
    """F.multi_margin_loss as a module; ``weight`` (per class) is a buffer."""

    def __init__(self, p: int = 1, margin: float = 1.0, weight: Tensor | None = None,
                 size_average=None, reduce=None, reduction: str = "mean") -> None:
        super().__init__(size_average, reduce, reduction)
        if p not in (1, 2):
            raise ValueError(f"only p == 1 and p == 2 supported, got p={p}")
        if weight is not None and weight.ndim != 1:
            raise ValueError(f"MultiMarginLoss: expected weight to be None or 1D tensor, got "
                             f"weight of shape {list(weight.shape)}")
        self.p, self.margin = p, margin
        self.register_buffer("weight", weight)

    def forward(self, input: Tensor, target: Tensor) -> Tensor:
        return F.multi_margin_loss(input, target, p=self.p, margin=self.margin,
                                   weight=self.weight, reduction=self.reduction)


class MultiLabelMarginLoss(_LegacyLoss):
    def forward(self, input: Tensor, target: Tensor) -> Tensor:
        return F.multilabel_margin_loss(input, target, reduction=self.reduction)


class MultiLabelSoftMarginLoss(_LegacyLoss):
    """F.multilabel_soft_margin_loss as a module; ``weight`` (per class) is a buffer."""

    def __init__(self, weight: Tensor | None = None, size_average=None, reduce=None,
                 reduction: str = "mean") -> None:
        super().__init__(size_average, reduce, reduction)
        self.register_buffer("weight", weight)

    def forward(self, input: Tensor, target: Tensor) -> Tensor:
        return F.multilabel_soft_margin_loss(input, target, weight=self.weight,
                                             reduction=self.reduction)


class PoissonNLLLoss(_LegacyLoss):
    def __init__(self, log_input: bool = True, full: bool = False, size_average=None,
                 eps: float = 1e-8, reduce=None, reduction: str = "mean") -> None:
        super().__init__(size_average, reduce, reduction)
        self.log_input, self.full, self.eps = log_input, full, eps

    def forward(self, log_input: Tensor, target: Tensor) -> Tensor:
        return F.poisson_nll_loss(log_input, target, log_input=self.log_input, full=self.full,
                                  eps=self.eps, reduction=self.reduction)


class GaussianNLLLoss(_Loss):
    def __init__(self, *, full: bool = False, eps: float = 1e-6,
                 reduction: str = "mean") -> None:
        super().__init__(reduction)
        self.full, self.eps = full, eps

    def forward(self, input: Tensor, target: Tensor, var) -> Tensor:
        return F.gaussian_nll_loss(input, target, var, full=self.full, eps=self.eps,
                                   reduction=self.reduction)


class TripletMarginLoss(_LegacyLoss):
    def __init__(self, margin: float = 1.0, p: float = 2.0, eps: float = 1e-6,
                 swap: bool = False, size_average=None, reduce=None,
                 reduction: str = "mean") -> None:
        super().__init__(size_average, reduce, reduction)
        if margin <= 0:
            raise ValueError(f"TripletMarginLoss: expected margin to be greater than 0, got "
                             f"{margin} instead")
        self.margin, self.p, self.eps, self.swap = margin, p, eps, swap

    def forward(self, anchor: Tensor, positive: Tensor, negative: Tensor) -> Tensor:
        return F.triplet_margin_loss(anchor, positive, negative, margin=self.margin, p=self.p,
                                     eps=self.eps, swap=self.swap, reduction=self.reduction)


class TripletMarginWithDistanceLoss(_Loss):
    def __init__(self, *, distance_function=None, margin: float = 1.0, swap: bool = False,
                 reduction: str = "mean") -> None:
        super().__init__(reduction)
        if margin <= 0:
            raise ValueError(f"TripletMarginWithDistanceLoss: expected margin to be greater "
                             f"than 0, got {margin} instead")
        self.distance_function = distance_function if distance_function is not None \
            else PairwiseDistance()
        self.margin, self.swap = margin, swap

    def forward(self, anchor: Tensor, positive: Tensor, negative: Tensor) -> Tensor:
        return F.triplet_margin_with_distance_loss(
            anchor, positive, negative, distance_function=self.distance_function,
            margin=self.margin, swap=self.swap, reduction=self.reduction)


class CTCLoss(_Loss):
    """F.ctc_loss as a module."""

    def __init__(self, blank: int = 0, reduction: str = "mean",
                 zero_infinity: bool = False) -> None:
        super().__init__(reduction)
        self.blank, self.zero_infinity = blank, zero_infinity

    def forward(self, log_probs: Tensor, targets: Tensor, input_lengths,
                target_lengths) -> Tensor:
        return F.ctc_loss(log_probs, targets, input_lengths, target_lengths, self.blank,
                          self.reduction, self.zero_infinity)

"""The path of torch.nn.modules.loss: the loss layers (defined in aten_lite/nn/loss.py)."""

from ..loss import (BCELoss, BCEWithLogitsLoss, CosineEmbeddingLoss, CTCLoss, CrossEntropyLoss,
                    GaussianNLLLoss, HingeEmbeddingLoss, HuberLoss, KLDivLoss, L1Loss,
                    MarginRankingLoss, MSELoss, MultiLabelMarginLoss, MultiLabelSoftMarginLoss,
                    MultiMarginLoss, NLLLoss, NLLLoss2d, PoissonNLLLoss, SmoothL1Loss,
                    SoftMarginLoss, TripletMarginLoss, TripletMarginWithDistanceLoss)

__all__ = ["BCELoss", "BCEWithLogitsLoss", "CrossEntropyLoss", "HuberLoss", "KLDivLoss",
           "L1Loss", "MSELoss", "NLLLoss", "SmoothL1Loss", "CosineEmbeddingLoss",
           "GaussianNLLLoss", "HingeEmbeddingLoss", "MarginRankingLoss", "MultiLabelMarginLoss",
           "MultiLabelSoftMarginLoss", "MultiMarginLoss", "PoissonNLLLoss", "SoftMarginLoss",
           "TripletMarginLoss", "TripletMarginWithDistanceLoss", "CTCLoss", "NLLLoss2d"]

"""The path of torch.nn.modules.loss: the loss layers (defined in aten_lite/nn/loss.py)."""

from ..loss import (BCELoss, BCEWithLogitsLoss, CrossEntropyLoss, HuberLoss, KLDivLoss, L1Loss,
                    MSELoss, NLLLoss, SmoothL1Loss)

__all__ = ["BCELoss", "BCEWithLogitsLoss", "CrossEntropyLoss", "HuberLoss", "KLDivLoss",
           "L1Loss", "MSELoss", "NLLLoss", "SmoothL1Loss"]

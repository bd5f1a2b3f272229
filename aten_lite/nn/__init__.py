"""Neural-network building blocks: ``Module`` and ``Parameter``, layers, containers,
losses, ``functional`` and ``init``, named as in ``torch.nn``."""

from . import functional, init
from .containers import ModuleDict, ModuleList, Sequential
from .loss import (BCEWithLogitsLoss, CrossEntropyLoss, L1Loss, MSELoss, NLLLoss,
                   SmoothL1Loss)
from .module import Module, Parameter
from .modules import (GELU, BatchNorm1d, Dropout, Embedding, Flatten, LayerNorm, Linear,
                      LogSoftmax, ReLU, Sigmoid, Softmax, Tanh)

__all__ = [
    "functional", "init", "Module", "Parameter", "Sequential", "ModuleList", "ModuleDict",
    "Linear", "Embedding", "Flatten", "Dropout", "ReLU", "Tanh", "Sigmoid", "GELU", "Softmax",
    "LogSoftmax", "LayerNorm", "BatchNorm1d", "MSELoss", "L1Loss", "SmoothL1Loss",
    "CrossEntropyLoss", "NLLLoss", "BCEWithLogitsLoss",
]

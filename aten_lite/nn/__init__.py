"""Neural-network building blocks: ``Module`` and ``Parameter``, layers, containers,
losses, ``functional`` and ``init``, named as in ``torch.nn``."""

from . import functional, init, utils
from .containers import ModuleDict, ModuleList, Sequential
from .distance import CosineSimilarity
from .loss import (BCELoss, BCEWithLogitsLoss, CrossEntropyLoss, HuberLoss, KLDivLoss, L1Loss,
                   MSELoss, NLLLoss, SmoothL1Loss)
from .module import Module, Parameter
from .padding import *  # noqa: F401,F403 (ZeroPad2d, ReflectionPad1d, ...)
from .padding import __all__ as _padding
from .modules import (GELU, BatchNorm1d, Dropout, Embedding, Flatten, Identity, LayerNorm,
                      LeakyReLU, Linear, LogSoftmax, ReLU, Sigmoid, SiLU, Softmax, Tanh,
                      Unflatten)

__all__ = [
    "functional", "init", "utils", "Module", "Parameter", "Sequential", "ModuleList",
    "ModuleDict", "Linear", "Embedding", "Flatten", "Unflatten", "Dropout", "Identity", "ReLU",
    "LeakyReLU", "SiLU", "Tanh", "Sigmoid", "GELU", "Softmax", "LogSoftmax", "LayerNorm",
    "BatchNorm1d", "MSELoss", "L1Loss", "SmoothL1Loss", "CrossEntropyLoss", "NLLLoss", "BCELoss",
    "BCEWithLogitsLoss", "HuberLoss", "KLDivLoss", "CosineSimilarity", *_padding,
]

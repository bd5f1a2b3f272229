"""Optimizers and ``lr_scheduler``, as in ``torch.optim``: ``SGD``; ``Adam``, ``AdamW``,
``RMSprop``, ``Adagrad`` (adaptive); ``Adadelta``, ``Adamax``, ``NAdam``, ``RAdam``,
``ASGD``, ``Rprop``, ``SparseAdam``, ``Adafactor``, ``Muon`` (more_optimizers); ``LBFGS``."""

from . import lr_scheduler
from .adaptive import Adagrad, Adam, AdamW, RMSprop
from .lbfgs import LBFGS
from .more_optimizers import (ASGD, Adadelta, Adafactor, Adamax, Muon, NAdam, RAdam, Rprop,
                              SparseAdam)
from .optimizer import Optimizer
from .sgd import SGD

__all__ = ["Optimizer", "SGD", "Adam", "AdamW", "RMSprop", "Adagrad", "Adadelta", "Adamax",
           "NAdam", "RAdam", "ASGD", "Rprop", "SparseAdam", "Adafactor", "Muon", "LBFGS",
           "lr_scheduler"]

"""Optimizers and ``lr_scheduler``, as in ``torch.optim``: ``SGD``; ``Adam``, ``AdamW``,
``RMSprop``, ``Adagrad`` (adaptive); ``Adadelta``, ``Adamax``, ``NAdam``, ``RAdam``,
``ASGD``, ``Rprop``, ``SparseAdam`` (more_optimizers); ``LBFGS``."""

from . import lr_scheduler
from .adaptive import Adagrad, Adam, AdamW, RMSprop
from .lbfgs import LBFGS
from .more_optimizers import ASGD, Adadelta, Adamax, NAdam, RAdam, Rprop, SparseAdam
from .optimizer import Optimizer
from .sgd import SGD

__all__ = ["Optimizer", "SGD", "Adam", "AdamW", "RMSprop", "Adagrad", "Adadelta", "Adamax",
           "NAdam", "RAdam", "ASGD", "Rprop", "SparseAdam", "LBFGS", "lr_scheduler"]

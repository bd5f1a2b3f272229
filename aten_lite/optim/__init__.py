"""Optimizers (``SGD``, ``Adam``, ``AdamW``, ``RMSprop``, ``Adagrad``) and
``lr_scheduler``, as in ``torch.optim``."""

from . import lr_scheduler
from .adaptive import Adagrad, Adam, AdamW, RMSprop
from .optimizer import Optimizer
from .sgd import SGD

__all__ = ["Optimizer", "SGD", "Adam", "AdamW", "RMSprop", "Adagrad", "lr_scheduler"]

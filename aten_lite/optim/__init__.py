"""Optimizers: ``SGD`` (with momentum and weight decay)."""

from .sgd import SGD, Optimizer

__all__ = ["SGD", "Optimizer"]

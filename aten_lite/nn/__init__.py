"""Neural-network building blocks: ``Module``, ``Linear``, ``ReLU``, ``Sequential``,
``Parameter``, and ``functional`` (relu, linear, softmax, log_softmax, cross_entropy,
mse_loss)."""

from . import functional
from .modules import Linear, Module, Parameter, ReLU, Sequential

__all__ = ["functional", "Module", "Linear", "ReLU", "Sequential", "Parameter"]

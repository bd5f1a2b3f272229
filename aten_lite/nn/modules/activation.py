"""The path of torch.nn.modules.activation: the activation layers (defined in the package)."""

from . import GELU, LeakyReLU, LogSoftmax, ReLU, Sigmoid, SiLU, Softmax, Tanh

__all__ = ["GELU", "LeakyReLU", "LogSoftmax", "ReLU", "Sigmoid", "SiLU", "Softmax", "Tanh"]

"""The path of torch.nn.modules.activation: the activation layers (defined in the package) and
MultiheadAttention (defined in nn/attention.py), which torch files there too."""

from ..attention import MultiheadAttention
from . import GELU, LeakyReLU, LogSoftmax, ReLU, Sigmoid, SiLU, Softmax, Tanh

__all__ = ["GELU", "LeakyReLU", "LogSoftmax", "ReLU", "Sigmoid", "SiLU", "Softmax", "Tanh",
           "MultiheadAttention"]

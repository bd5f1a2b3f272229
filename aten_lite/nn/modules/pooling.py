"""The path of torch.nn.modules.pooling: the pooling layers (defined in nn/pooling.py)."""

from ..pooling import (AdaptiveAvgPool1d, AdaptiveAvgPool2d, AdaptiveMaxPool1d,
                       AdaptiveMaxPool2d, AvgPool1d, AvgPool2d, MaxPool1d, MaxPool2d,
                       MaxUnpool1d, MaxUnpool2d)

__all__ = ["AdaptiveAvgPool1d", "AdaptiveAvgPool2d", "AdaptiveMaxPool1d", "AdaptiveMaxPool2d",
           "AvgPool1d", "AvgPool2d", "MaxPool1d", "MaxPool2d", "MaxUnpool1d", "MaxUnpool2d"]

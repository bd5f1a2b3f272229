"""The path of torch.nn.modules.pooling: the pooling layers (defined in nn/pooling.py)."""

from ..pooling import (AdaptiveAvgPool1d, AdaptiveAvgPool2d, AdaptiveAvgPool3d,
                       AdaptiveMaxPool1d, AdaptiveMaxPool2d, AdaptiveMaxPool3d, AvgPool1d,
                       AvgPool2d, AvgPool3d, FractionalMaxPool2d, FractionalMaxPool3d,
                       LPPool1d, LPPool2d, LPPool3d, MaxPool1d, MaxPool2d, MaxPool3d,
                       MaxUnpool1d, MaxUnpool2d, MaxUnpool3d)

__all__ = ["AdaptiveAvgPool1d", "AdaptiveAvgPool2d", "AdaptiveAvgPool3d", "AdaptiveMaxPool1d",
           "AdaptiveMaxPool2d", "AdaptiveMaxPool3d", "AvgPool1d", "AvgPool2d", "AvgPool3d",
           "FractionalMaxPool2d", "FractionalMaxPool3d", "LPPool1d", "LPPool2d", "LPPool3d",
           "MaxPool1d", "MaxPool2d", "MaxPool3d", "MaxUnpool1d", "MaxUnpool2d", "MaxUnpool3d"]

"""The path of torch.nn.modules.upsampling: ``Upsample`` (defined in nn/pooling.py)."""

from ..pooling import Upsample

__all__ = ["Upsample"]

"""The path of torch.nn.modules.upsampling: ``Upsample``, ``UpsamplingNearest2d`` and
``UpsamplingBilinear2d`` (defined in nn/pooling.py)."""

from ..pooling import Upsample, UpsamplingBilinear2d, UpsamplingNearest2d

__all__ = ["Upsample", "UpsamplingNearest2d", "UpsamplingBilinear2d"]

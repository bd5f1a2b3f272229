"""The path of torch.nn.modules.channelshuffle: ``ChannelShuffle``, the layer of
F.channel_shuffle (interleave ``groups`` groups of channels).

>>> import aten_lite as al
>>> from aten_lite.nn.modules.channelshuffle import ChannelShuffle
>>> ChannelShuffle(2)(al.arange(4.0).reshape(1, 4, 1)).reshape(-1).tolist()
[0.0, 2.0, 1.0, 3.0]
"""

from __future__ import annotations

from ...tensors.tensor import Tensor
from .. import functional as F
from ..module import Module

__all__ = ["ChannelShuffle"]


class ChannelShuffle(Module):
    """(N, C, *) with C = g k: channel ``i k + j`` moves to ``j g + i``."""

    def __init__(self, groups: int) -> None:
        super().__init__()
        self.groups = groups

    def forward(self, input: Tensor) -> Tensor:
        return F.channel_shuffle(input, self.groups)

    def extra_repr(self) -> str:
        return f"groups={self.groups}"

"""The path of torch.nn.modules.instancenorm: ``InstanceNorm1d/2d/3d``, each channel of each
sample normalised over its spatial dims (``F.instance_norm``); inputs may leave out the
batch dim."""

from __future__ import annotations

import warnings

from ...tensors.tensor import Tensor
from .. import functional as F
from ..norm_base import _NormBase

__all__ = ["InstanceNorm1d", "InstanceNorm2d", "InstanceNorm3d"]


class _InstanceNorm(_NormBase):
    """Unlike batch norm, no affine parameters and no running statistics by default; with
    ``track_running_stats`` the running ones are used in eval."""

    _spatial = 0

    def __init__(self, num_features: int, eps: float = 1e-5, momentum: float | None = 0.1,
                 affine: bool = False, track_running_stats: bool = False, device=None,
                 dtype=None, *, bias: bool = True) -> None:
        super().__init__(num_features, eps, momentum, affine, track_running_stats, device,
                         dtype, bias=bias)

    def forward(self, x: Tensor) -> Tensor:
        batched = self._spatial + 2
        name = type(self).__name__
        if x.ndim not in (batched - 1, batched):
            raise ValueError(f"{name}: expected {batched - 1}D or {batched}D input (got "
                             f"{x.ndim}D input of shape {list(x._shape)})")
        channels = x._shape[x.ndim - self._spatial - 1]
        if channels != self.num_features:
            if self.affine:
                raise ValueError(f"{name}: expected input's size at dim="
                                 f"{x.ndim - self._spatial - 1} to match num_features "
                                 f"({self.num_features}), but got: {channels}.")
            warnings.warn(f"{name}: input has {channels} channels but num_features is "
                          f"{self.num_features}; num_features is unused without affine "
                          f"parameters", stacklevel=2)
        if x.ndim == batched - 1:
            return self._norm(x.unsqueeze(0)).squeeze(0)
        return self._norm(x)

    def _norm(self, x: Tensor) -> Tensor:
        use_input_stats = self.training or not self.track_running_stats
        # As torch: no batch count, and momentum=None leaves the running statistics as
        # they are (no cumulative average here).
        factor = self.momentum if self.momentum is not None else 0.0
        return F.instance_norm(x, self.running_mean, self.running_var, self.weight, self.bias,
                               use_input_stats, factor, self.eps)


class InstanceNorm1d(_InstanceNorm):
    """Instance norm of (N, C, L) or (C, L) inputs."""

    _spatial = 1


class InstanceNorm2d(_InstanceNorm):
    """Instance norm of (N, C, H, W) or (C, H, W) inputs."""

    _spatial = 2


class InstanceNorm3d(_InstanceNorm):
    """Instance norm of (N, C, D, H, W) or (C, D, H, W) inputs."""

    _spatial = 3

"""The path of torch.nn.modules.batchnorm: ``BatchNorm1d`` (defined in the package) and
``BatchNorm2d``/``BatchNorm3d``, the same layer over images and volumes; their base
``_BatchNorm`` is in nn/norm_base.py."""

from ..norm_base import _BatchNorm, _NormBase  # noqa: F401 (torch's names here)
from . import BatchNorm1d

__all__ = ["BatchNorm1d", "BatchNorm2d", "BatchNorm3d"]


class BatchNorm2d(_BatchNorm):
    """Batch norm of (N, C, H, W) inputs: each channel over the batch and both spatial dims."""

    _ranks = (4,)


class BatchNorm3d(_BatchNorm):
    """Batch norm of (N, C, D, H, W) inputs: each channel over the batch and three spatial
    dims."""

    _ranks = (5,)

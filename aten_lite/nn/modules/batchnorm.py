"""The path of torch.nn.modules.batchnorm: ``BatchNorm1d`` (defined in the package, with the
shared ``_NormBase``/``_BatchNorm``) and ``BatchNorm2d``/``BatchNorm3d``, the same layer over
images and volumes."""

from . import BatchNorm1d, _BatchNorm, _NormBase  # noqa: F401 (re-exported)

__all__ = ["BatchNorm1d", "BatchNorm2d", "BatchNorm3d"]


class BatchNorm2d(_BatchNorm):
    """Batch norm of (N, C, H, W) inputs: each channel over the batch and both spatial dims."""

    _ranks = (4,)


class BatchNorm3d(_BatchNorm):
    """Batch norm of (N, C, D, H, W) inputs: each channel over the batch and three spatial
    dims."""

    _ranks = (5,)

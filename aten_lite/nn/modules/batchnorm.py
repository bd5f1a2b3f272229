"""The path of torch.nn.modules.batchnorm: ``BatchNorm1d`` (defined in the package)."""

from . import BatchNorm1d

__all__ = ["BatchNorm1d"]

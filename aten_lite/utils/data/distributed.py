"""The path of torch.utils.data.distributed: ``DistributedSampler``, the sampler that gives
each process of a distributed run its share of the indices (defined with the other samplers
in the package, aten_lite/utils/data/__init__.py)."""

from . import DistributedSampler

__all__ = ["DistributedSampler"]

"""The path of torch.utils.data.sampler: the samplers (defined in the package,
aten_lite/utils/data/__init__.py)."""

from . import (BatchSampler, RandomSampler, Sampler, SequentialSampler, SubsetRandomSampler,
               WeightedRandomSampler)

__all__ = ["BatchSampler", "RandomSampler", "Sampler", "SequentialSampler",
           "SubsetRandomSampler", "WeightedRandomSampler"]

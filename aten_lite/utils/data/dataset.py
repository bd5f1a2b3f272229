"""The path of torch.utils.data.dataset: the datasets and ``random_split`` (defined in the
package, aten_lite/utils/data/__init__.py)."""

from . import ConcatDataset, Dataset, IterableDataset, Subset, TensorDataset, random_split

__all__ = ["ConcatDataset", "Dataset", "IterableDataset", "Subset", "TensorDataset",
           "random_split"]

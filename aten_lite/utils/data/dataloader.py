"""The path of torch.utils.data.dataloader: ``DataLoader`` and its collation functions
(defined in the package, aten_lite/utils/data/__init__.py)."""

from . import DataLoader, default_collate, default_convert, get_worker_info

__all__ = ["DataLoader", "default_collate", "default_convert", "get_worker_info"]

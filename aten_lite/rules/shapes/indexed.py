"""Shape rules of the scans, sorts and index-driven ops (Note [Shape rules] in core.py):
cumsum/cumprod, sort/topk, scatter/index_add, embedding, tril/triu.
"""

from __future__ import annotations

from ...vocab.dtype import int64
from ...tensors.tensor import wrap_dim

__all__ = ["scan", "sort", "topk", "scatter", "index_add", "embedding", "triangle", "one_hot"]


def scan(self, dim: int, dtype=None):
    """cumsum/cumprod: self's shape; bool and integers accumulate in int64, as sum does."""
    wrap_dim(dim, len(self._shape))
    if dtype is None:
        dtype = self._dtype if self._dtype.is_floating_point else int64
    return self._shape, dtype


def sort(self, dim: int = -1, descending: bool = False):
    wrap_dim(dim, len(self._shape))
    return (self._shape, self._dtype), (self._shape, int64)


def topk(self, k: int, dim: int = -1, largest: bool = True, sorted: bool = True):  # noqa: A002
    d = wrap_dim(dim, len(self._shape))
    size = self._shape[d] if self._shape else 1
    if not 0 <= k <= size:
        raise RuntimeError(f"topk: k={k} is out of range for dimension {d} of size {size}")
    shape = self._shape[:d] + (k,) + self._shape[d + 1:] if self._shape else ()
    return (shape, self._dtype), (shape, int64)


def _check_index(name: str, self, dim: int, index) -> int:
    if index._dtype.name not in ("int32", "int64"):
        raise RuntimeError(
            f"{name}(): Expected dtype int32/int64 for index, got {index._dtype.name}")
    return wrap_dim(dim, len(self._shape))


def scatter(self, dim: int, index, src):
    """scatter/scatter_add: index has self's rank and is no larger than self outside dim,
    nor than src (a tensor src) anywhere."""
    d = _check_index("scatter", self, dim, index)
    nd = len(self._shape)
    if len(index._shape) != nd and not (nd <= 1 and len(index._shape) <= 1):
        raise RuntimeError(
            f"Index tensor must have the same number of dimensions as self tensor: index has "
            f"{len(index._shape)} and self {nd}"
        )
    for k, n in enumerate(index._shape):
        if k != d and k < nd and n > self._shape[k]:
            raise RuntimeError(
                f"Expected index {list(index._shape)} to be smaller than self "
                f"{list(self._shape)} apart from dimension {d}"
            )
    if hasattr(src, "_shape"):
        if len(src._shape) != len(index._shape) and not (
                len(src._shape) <= 1 and len(index._shape) <= 1):
            raise RuntimeError(
                f"Index tensor must have the same number of dimensions as src tensor: index "
                f"has {len(index._shape)} and src {len(src._shape)}"
            )
        if any(n > m for n, m in zip(index._shape, src._shape)):
            raise RuntimeError(
                f"Expected index {list(index._shape)} to be smaller than src "
                f"{list(src._shape)}"
            )
        if src._dtype is not self._dtype:
            raise RuntimeError(
                f"scatter(): Expected self.dtype to be equal to src.dtype; got "
                f"{self._dtype.name} and {src._dtype.name}"
            )
    return self._shape, self._dtype


def index_add(self, dim: int, index, source, alpha=1):
    """source has self's shape except for dim, where it has index's length."""
    d = wrap_dim(dim, len(self._shape))
    if index._dtype.is_floating_point or index._dtype.name == "bool":
        raise RuntimeError(
            f"index_add(): Expected dtype int32/int64 for index, got {index._dtype.name}")
    if len(index._shape) > 1:
        raise IndexError(
            f"index_add(): Index is supposed to be a vector, got shape {list(index._shape)}")
    n = index._shape[0] if index._shape else 1
    want = list(self._shape)
    if want:
        want[d] = n
    have = list(source._shape)
    if have != want and not (not want and have in ([], [1])):
        raise RuntimeError(
            f"index_add(): source of shape {have} must have self's shape {list(self._shape)} "
            f"with dimension {d} of the index's length {n}, i.e. {want}"
        )
    if source._dtype is not self._dtype:
        raise RuntimeError(
            f"index_add(): self ({self._dtype.name}) and source ({source._dtype.name}) must "
            "have the same dtype"
        )
    return self._shape, self._dtype


def embedding(weight, indices, padding_idx: int = -1, scale_grad_by_freq: bool = False,
              sparse: bool = False):
    if len(weight._shape) != 2:
        raise RuntimeError(f"'weight' must be 2-D, got shape {list(weight._shape)}")
    if indices._dtype.name not in ("int32", "int64"):
        raise RuntimeError(
            "Expected tensor for argument #1 'indices' to have one of the following scalar "
            f"types: Long, Int; but got {indices._dtype.name} instead")
    return indices._shape + weight._shape[1:], weight._dtype


def triangle(self, diagonal: int = 0):
    if len(self._shape) < 2:
        raise RuntimeError(
            f"tril/triu: input tensor must have at least 2 dimensions, got shape "
            f"{list(self._shape)}")
    return self._shape, self._dtype


def one_hot(self, num_classes: int = -1):
    """The class count must be given where the data cannot be read (meta tensors)."""
    if num_classes < 0:
        raise RuntimeError(
            "one_hot: num_classes=-1 infers the count from the data, which a meta tensor does "
            "not have; pass num_classes")
    return self._shape + (num_classes,), int64

"""Shape rules for the data-movement ops (Note [Shape rules] in core.py): each takes the op's
arguments in schema order and returns ``(shape, dtype)`` after checking everything a kernel
relies on. The CPU kernels in ``backends/cpu/`` allocate from these answers and the
meta kernels return them, so both backends agree. View ops have no rule here: a view needs
strides too, which ``rules/views.py`` computes.
"""

from __future__ import annotations

from ...vocab.dtype import bool_, int32, int64, promote_types
from ...tensors.tensor import wrap_dim
from .core import broadcast_shapes

__all__ = [
    "cat", "stack", "gather", "index_select", "masked_fill", "masked_fill_inplace",
    "advanced_index", "index_put", "same_as_self",
]


def _dtypes_of(tensors):
    # Tensors in a list promote by the plain dtype table, whatever their ndim (torch's cat).
    dtype = tensors[0]._dtype
    for t in tensors[1:]:
        dtype = promote_types(dtype, t._dtype)
    return dtype


def cat(tensors, dim: int = 0):
    """Concatenation along `dim`. 1-D empty tensors are skipped, as torch still allows."""
    if not tensors:
        raise RuntimeError("cat(): expected a non-empty list of Tensors")
    dtype = _dtypes_of(tensors)
    parts = [(i, t) for i, t in enumerate(tensors) if t._shape != (0,)]
    if not parts:
        return (0,), dtype
    first, ref = parts[0]
    for i, t in parts:
        if not t._shape:
            raise RuntimeError(f"zero-dimensional tensor (at position {i}) cannot be concatenated")
    d = wrap_dim(dim, len(ref._shape))
    total = 0
    for i, t in parts:
        if len(t._shape) != len(ref._shape):
            raise RuntimeError(
                f"Tensors must have same number of dimensions: got {len(ref._shape)} "
                f"(tensor number {first}) and {len(t._shape)} (tensor number {i})"
            )
        for k, (m, n) in enumerate(zip(ref._shape, t._shape)):
            if k != d and m != n:
                raise RuntimeError(
                    f"Sizes of tensors must match except in dimension {d}. Expected size {m} "
                    f"but got size {n} for tensor number {i} in the list."
                )
        total += t._shape[d]
    return ref._shape[:d] + (total,) + ref._shape[d + 1:], dtype


def stack(tensors, dim: int = 0):
    """Join equal-shaped tensors along a new dim."""
    if not tensors:
        raise RuntimeError("stack expects a non-empty TensorList")
    shape = tensors[0]._shape
    for i, t in enumerate(tensors):
        if t._shape != shape:
            raise RuntimeError(
                f"stack expects each tensor to be equal size, but got {list(shape)} at entry 0 "
                f"and {list(t._shape)} at entry {i}"
            )
    d = wrap_dim(dim, len(shape) + 1)
    return shape[:d] + (len(tensors),) + shape[d:], _dtypes_of(tensors)


def gather(self, dim: int, index, sparse_grad: bool = False):
    """out[i][j] = self[index[i][j]][j] (for dim 0): the shape is the index's."""
    if index._dtype is not int64 and index._dtype is not int32:  # torch takes both
        raise RuntimeError(
            f"gather(): Expected dtype int32/int64 for index, got {index._dtype.name}")
    ndim = len(self._shape)
    if len(index._shape) != ndim and not (ndim <= 1 and len(index._shape) <= 1):
        raise RuntimeError(
            f"Index tensor must have the same number of dimensions as input tensor: index has "
            f"{len(index._shape)} and input {ndim}"
        )
    d = wrap_dim(dim, ndim)
    for k, (n, m) in enumerate(zip(index._shape, self._shape)):
        if k != d and n > m:
            raise RuntimeError(
                f"Size does not match at dimension {k} expected index {list(index._shape)} to "
                f"be smaller than self {list(self._shape)} apart from dimension {d}"
            )
    return index._shape, self._dtype


def index_select(self, dim: int, index):
    """Entries `index` (a vector) of dimension `dim`."""
    if len(index._shape) > 1:
        raise IndexError(
            f"index_select(): Index is supposed to be a vector, got shape {list(index._shape)}"
        )
    if index._dtype not in (int32, int64):
        raise RuntimeError(
            f"index_select(): Expected dtype int32 or int64 for index, got {index._dtype.name}"
        )
    d = wrap_dim(dim, len(self._shape))
    count = index._shape[0] if index._shape else 1
    if not self._shape:
        if count != 1:
            raise IndexError(
                f"index_select(): a 0-dim tensor takes an index with one element, got {count}"
            )
        return (), self._dtype
    return self._shape[:d] + (count,) + self._shape[d + 1:], self._dtype


def _check_mask(name: str, mask) -> None:
    if mask._dtype is not bool_:
        raise RuntimeError(
            f"{name} only supports boolean masks, but got mask with dtype {mask._dtype.name}"
        )


def masked_fill(self, mask, value):
    """`value` where `mask` is True, else self; self and mask broadcast together."""
    _check_mask("masked_fill", mask)
    shape = self._shape
    return (shape if mask._shape == shape else broadcast_shapes(shape, mask._shape)), self._dtype


def masked_fill_inplace(self, mask, value):
    """In place the mask must broadcast to self's shape, which cannot grow."""
    _check_mask("masked_fill_", mask)
    if broadcast_shapes(self._shape, mask._shape) != self._shape:
        raise RuntimeError(
            f"masked_fill_: mask of shape {list(mask._shape)} cannot be broadcast to self of "
            f"shape {list(self._shape)}"
        )
    return self._shape, self._dtype


def _expand_masks(self, indices):
    """Check the index list against self; return one entry per dim of self: None, or the
    shape of an integer index (a mask of k dims becomes k indices of its true count)."""
    per_dim, dim = [], 0
    for t in indices:
        if t is None:
            per_dim.append(None)
            dim += 1
            continue
        if t._dtype.is_floating_point:
            raise IndexError(
                f"tensors used as indices must be integer or bool tensors, got {t._dtype.name}"
            )
        if t._dtype is bool_:
            k = len(t._shape)
            want = self._shape[dim:dim + k]
            if tuple(t._shape) != tuple(want):
                raise IndexError(
                    f"The shape of the mask {list(t._shape)} at index {dim} does not match the "
                    f"shape of the indexed tensor {list(want)} at index {dim}"
                )
            if t._a is None:
                raise RuntimeError(
                    "indexing with a meta boolean mask: the result's size depends on the "
                    "mask's values, which a meta tensor does not have"
                )
            per_dim.extend([(int(t._a.sum()),)] * k)
            dim += k
        else:
            per_dim.append(t._shape)
            dim += 1
        if dim > len(self._shape):
            break
    if dim > len(self._shape):
        raise IndexError(f"too many indices for tensor of dimension {len(self._shape)}")
    return per_dim + [None] * (len(self._shape) - len(per_dim))


def advanced_index(self, indices):
    """`index.Tensor`: NumPy's rule. The index shapes broadcast together into B; B replaces
    the indexed dims where they are adjacent, else it comes first."""
    per_dim = _expand_masks(self, indices)
    shapes = [s for s in per_dim if s is not None]
    if not shapes:
        return self._shape, self._dtype
    try:
        b = broadcast_shapes(*shapes)
    except RuntimeError:
        listed = ", ".join(str(list(s)) for s in shapes)
        raise IndexError(
            f"shape mismatch: indexing tensors could not be broadcast together with shapes "
            f"{listed}"
        ) from None
    where = [i for i, s in enumerate(per_dim) if s is not None]
    rest = [n for n, s in zip(self._shape, per_dim) if s is None]
    if where[-1] - where[0] + 1 == len(where):
        at = where[0]
        return tuple(rest[:at]) + b + tuple(rest[at:]), self._dtype
    return b + tuple(rest), self._dtype


def index_put(self, indices, values, accumulate: bool = False):
    """`index_put(_)`: values broadcast to the shape `self[indices]` would have."""
    target, _ = advanced_index(self, indices)
    vshape = values._shape
    while len(vshape) > len(target) and vshape[0] == 1:
        vshape = vshape[1:]
    try:
        ok = broadcast_shapes(target, vshape) == tuple(target)
    except RuntimeError:
        ok = False
    if not ok:
        raise RuntimeError(
            f"shape mismatch: value tensor of shape {list(values._shape)} cannot be broadcast "
            f"to indexing result of shape {list(target)}"
        )
    return self._shape, self._dtype


def same_as_self(self, *args, **kwargs):
    """Ops whose result has self's shape and dtype (clone, fill_, zero_, copy_)."""
    return self._shape, self._dtype

"""The geometry of the view ops: each view's result shape, strides (in elements) and storage
offset, computed from (shape, strides) alone, and the layout a copy keeps. The CPU and Meta
view kernels (``backends/cpu/views.py``, ``backends/meta/views.py``) build their results on
it, so the two backends agree by construction.

Note [View geometry]
Each view op first computes its result geometry from (shape, strides) alone, with torch's rules
(including the strides torch gives size-1 dims, which NumPy chooses differently). That one
computation checks the arguments, gives a meta tensor everything it has, and gives the CPU
result its reported strides, so meta and CPU views agree by construction. The CPU kernel then
makes the ndarray with the matching NumPy view operation (transpose, reshape, slicing, ...),
which differs from the geometry at most in the strides of size-1 dims; those never change
which memory an element occupies. Every CPU view sets `Tensor._st` from the geometry, so a
view of a view keeps torch's strides too; only where the array's own strides are exactly the
geometry's (the contiguous fast path of view and reshape in ``backends/cpu/views.py``) is
`_st` left to be read from the array.

>>> import aten_lite as al
>>> x = al.zeros(2, 3)
>>> x.t().stride(), x.unsqueeze(0).stride()
((1, 3), (6, 3, 1))
"""

from __future__ import annotations

import numpy as np

from .kernel_rules import copy_strided
from ..tensors.tensor import (
    Tensor, contiguous_strides, empty_array, is_contiguous_strides, sync_stream, wrap_dim,
)

__all__ = [
    "numel", "preserved_strides", "copy_with_strides", "empty_with_strides", "infer_size",
    "view_strides", "VIEW_HINT", "permutation", "swap_permutation", "t_permutation",
    "expand_geometry", "squeeze_axes", "squeeze_dims_axes", "unsqueeze_geometry", "flat_shape",
    "narrow_geometry", "check_index", "select_geometry", "slice_geometry", "split_sizes_for",
    "diagonal_geometry",
]


def numel(shape) -> int:
    n = 1
    for d in shape:
        n *= d
    return n


# ---- the layout a copy keeps (torch's memory_format=preserve_format) ----


def _dense_without_overlap(shape, strides) -> bool:
    """Whether (shape, strides) covers a block of exactly numel elements, each once, in some
    order of the dims: the dims longer than 1, innermost first, have strides 1, n0, n0*n1...
    (size-1 dims may have any stride). A contiguous one (empty ones are) counts, as in torch."""
    if is_contiguous_strides(shape, strides):
        return True
    if len(shape) == 1:
        return shape[0] < 2 or strides[0] == 1
    dims = sorted(range(len(shape)), key=lambda d: (shape[d] < 2, strides[d] * (shape[d] >= 2)))
    want = 1
    for d in dims:
        if shape[d] == 1:
            continue
        if strides[d] != want:
            return False
        want *= shape[d]
    return True


def _order_for_copy(a: int, b: int, shape, strides) -> int:
    # > 0: dim a belongs outside dim b; < 0: inside; 0: no preference. A broadcast dim
    # (stride 0) has no preference, so it keeps its place in a row-major order.
    sa, sb = strides[a], strides[b]
    if sa == 0 or sb == 0:
        return 0
    if sa != sb:
        return 1 if sa > sb else -1
    return 1 if shape[a] > shape[b] else 0


def preserved_strides(shape, strides) -> tuple[int, ...]:
    """The strides of a copy of (shape, strides) that keeps its layout, as torch's clone and
    *_like give: the same strides when they are dense without overlap, else dense strides
    whose dims are nested in the order of the input's strides (an insertion sort from the
    innermost dim of a row-major order, as torch sorts)."""
    shape, strides = tuple(shape), tuple(strides)
    if _dense_without_overlap(shape, strides):
        return strides
    n = len(shape)
    inner_first = list(range(n - 1, -1, -1))
    for i in range(1, n):
        at = i
        for k in range(i - 1, -1, -1):
            c = _order_for_copy(inner_first[k], inner_first[at], shape, strides)
            if c > 0:
                inner_first[k], inner_first[at] = inner_first[at], inner_first[k]
                at = k
            elif c < 0:
                break
    out = [0] * n
    step = 1
    for d in inner_first:
        out[d] = step
        step *= max(shape[d], 1)
    return tuple(out)


def copy_with_strides(a: np.ndarray, strides, dtype, any_size: bool = False) -> Tensor:
    """A new CPU tensor holding ``a``'s values (of ``dtype``) with ``strides`` (elements;
    dense without overlap), copied by the C++ loops when that pays (Note [Strided copies] in
    aten_lite/rules/kernel_rules.py): clone, contiguous, and a leaf's first gradient laid out as
    the leaf all make their copies here. ``any_size``: by the C++ loops whatever the size, so
    under async execution the copy is queued, not read by NumPy after a drain (the engine's
    gradient layout copy); where the dtype keeps NumPy's copy, the stream is drained first."""
    out = empty_with_strides(a.shape, strides, dtype)
    if not copy_strided(out, a, dtype, any_size=any_size):
        if any_size:
            sync_stream()  # NumPy reads the values
        np.copyto(out, a)
    t = Tensor._wrap(out)
    t._st = tuple(strides)
    return t


def empty_with_strides(shape, strides, dtype) -> np.ndarray:
    """An uninitialised array of `shape` whose dims longer than 1 have `strides` (elements;
    dense without overlap): a row-major array of the dims in stride order, transposed."""
    outer_first = sorted(range(len(shape)), key=lambda d: -strides[d])
    a = empty_array([shape[d] for d in outer_first], dtype)
    # the inverse permutation, as np.argsort gives it, without its ~3.5-4 us a call
    return a.transpose(sorted(range(len(shape)), key=outer_first.__getitem__))


# ---- view / reshape ----


def infer_size(size, numel: int, shape) -> tuple[int, ...]:
    """`size` with its one -1 replaced so the element count is `numel`; errors name `shape`,
    the shape being reshaped."""
    size = tuple(size)
    if size == shape:
        return size  # sizes of a valid shape: nothing to infer or check
    if len(size) == 2 and size[0] == -1 and size[1] > 0 and numel % size[1] == 0:
        return (numel // size[1], size[1])  # x.view(-1, n), the commonest: what the loop gives
    infer = None
    known = 1
    for i, n in enumerate(size):
        if n == -1:
            if infer is not None:
                raise RuntimeError(f"only one dimension can be inferred, got shape {size}")
            infer = i
        elif n < 0:
            raise RuntimeError(f"invalid shape dimension {n} in shape {size}")
        else:
            known *= n
    if infer is None:
        if known == numel:
            return size
    elif known != 0 and numel % known == 0:
        return size[:infer] + (numel // known,) + size[infer + 1:]
    elif known == 0 and numel == 0:
        raise RuntimeError(
            f"cannot reshape tensor of 0 elements into shape {size} because the unspecified "
            "dimension size -1 can be any value and is ambiguous"
        )
    raise RuntimeError(f"cannot reshape tensor of shape {tuple(shape)} into {size}")


def view_strides(shape, strides, new_shape) -> tuple[int, ...] | None:
    """Strides under which `new_shape` addresses the same elements, in the same order, as
    (shape, strides); None when no such strides exist and a copy is needed.

    The old dims split into chunks that are each laid out as one contiguous block (a dim's
    stride is the size times the stride of the dim after it); a view must split the new dims
    at the same element counts, and each new dim inherits its chunk's spacing."""
    if numel(shape) == 0:
        return tuple(strides) if tuple(shape) == tuple(new_shape) else contiguous_strides(new_shape)
    if not shape:
        return (1,) * len(new_shape)
    new_strides = [0] * len(new_shape)
    v = len(new_shape) - 1
    chunk_stride = strides[-1]
    old_count = new_count = 1
    for d in range(len(shape) - 1, -1, -1):
        old_count *= shape[d]
        ends_chunk = d == 0 or (shape[d - 1] != 1 and strides[d - 1] != old_count * chunk_stride)
        if not ends_chunk:
            continue
        while v >= 0 and (new_count < old_count or new_shape[v] == 1):
            new_strides[v] = new_count * chunk_stride
            new_count *= new_shape[v]
            v -= 1
        if new_count != old_count:
            return None
        if d > 0:
            chunk_stride = strides[d - 1]
            old_count = new_count = 1
    return tuple(new_strides) if v == -1 else None


VIEW_HINT = (
    "view size is not compatible with input tensor's size and stride (at least one dimension "
    "spans across two contiguous subspaces). Use .reshape(...) instead."
)


# ---- dimension order ----


def permutation(dims, ndim: int) -> tuple[int, ...]:
    dims = tuple(dims)
    if len(dims) != ndim:
        raise RuntimeError(
            f"permute: dims {dims} must list each of the tensor's {ndim} dimensions once"
        )
    perm = tuple(wrap_dim(d, ndim) for d in dims)
    if len(set(perm)) != ndim:
        raise RuntimeError(f"permute: dims {dims} repeat a dimension; each must appear once")
    return perm


def swap_permutation(ndim: int, dim0: int, dim1: int) -> list[int]:
    perm = list(range(ndim))
    d0, d1 = wrap_dim(dim0, ndim), wrap_dim(dim1, ndim)
    if ndim:  # a 0-dim tensor takes dims -1 and 0 and stays as it is, as in torch
        perm[d0], perm[d1] = perm[d1], perm[d0]
    return perm


def t_permutation(ndim: int) -> list[int]:
    """The dims of t(): a matrix's two swapped; a 0-D or 1-D tensor's as they are."""
    if ndim > 2:
        raise RuntimeError(
            f"t() expects a tensor with <= 2 dimensions, but self is {ndim}D; "
            "use transpose(dim0, dim1) or permute(dims)"
        )
    return [1, 0] if ndim == 2 else list(range(ndim))


# ---- expand ----


def expand_geometry(shape, strides, size, implicit=False):
    size = tuple(size)
    ndim, extra = len(shape), len(size) - len(shape)
    if extra < 0:
        raise RuntimeError(
            f"expand: the number of sizes provided ({len(size)}) must be greater or equal to "
            f"the number of dimensions in the tensor ({ndim})"
        )
    new_shape, new_strides = list(size), [0] * len(size)
    for i, n in enumerate(size):
        j = i - extra  # the matching dim of the tensor, if any
        if j < 0:
            if n < 0:
                raise RuntimeError(
                    f"expand: the expanded size {n} is not allowed in a leading, non-existing "
                    f"dimension {i} (target sizes {size})"
                )
            continue
        if n == -1:
            n = new_shape[i] = shape[j]
        elif n < -1:
            raise RuntimeError(f"expand: invalid size {n} in target sizes {size}")
        if shape[j] == n:
            new_strides[i] = strides[j]
        elif shape[j] != 1:
            raise RuntimeError(
                f"The expanded size of the tensor ({n}) must match the existing size "
                f"({shape[j]}) at non-singleton dimension {i}.  Target sizes: {list(size)}.  "
                f"Tensor sizes: {list(shape)}"
            )
    return tuple(new_shape), tuple(new_strides)


# ---- squeeze / unsqueeze / flatten ----


def squeeze_axes(shape, dim=None) -> tuple[int, ...]:
    """The dims squeeze removes: every size-1 dim (dim None), else dim when its size is 1."""
    if dim is None:
        return tuple(i for i, n in enumerate(shape) if n == 1)
    d = wrap_dim(dim, len(shape))
    return (d,) if shape and shape[d] == 1 else ()


def squeeze_dims_axes(shape, dims) -> tuple[int, ...]:
    """The listed dims of size 1 (squeeze.dims); a dim named twice, however spelled, is an
    error, as in torch."""
    ndim = len(shape)
    seen: set[int] = set()
    for dim in dims:
        d = wrap_dim(dim, ndim)
        if d in seen:
            raise RuntimeError(f"dim {d} appears multiple times in the list of dims")
        seen.add(d)
    return tuple(sorted(d for d in seen if ndim and shape[d] == 1))


def unsqueeze_geometry(shape, strides, dim: int):
    d = wrap_dim(dim, len(shape) + 1)
    # torch's stride for the new dim: the extent of the dim it is inserted before.
    stride = shape[d] * strides[d] if d < len(shape) else 1
    return d, shape[:d] + (1,) + shape[d:], strides[:d] + (stride,) + strides[d:]


def flat_shape(shape, start_dim: int, end_dim: int):
    """The flattened shape, or None when flatten returns the input itself."""
    if not shape:
        return (1,)
    start, end = wrap_dim(start_dim, len(shape)), wrap_dim(end_dim, len(shape))
    if start > end:
        raise RuntimeError(
            f"flatten() has invalid args: start_dim ({start_dim}) cannot come after end_dim "
            f"({end_dim})"
        )
    if start == end:
        return None
    return shape[:start] + (numel(shape[start:end + 1]),) + shape[end + 1:]


# ---- narrow / select / slice / split ----


def narrow_geometry(shape, dim: int, start: int, length: int):
    if not shape:
        raise RuntimeError("narrow() cannot be applied to a 0-dim tensor.")
    d = wrap_dim(dim, len(shape))
    size = shape[d]
    if not -size <= start <= size:
        raise IndexError(
            f"start out of range (expected to be in range of [{-size}, {size}], but got {start})"
        )
    if start < 0:
        start += size
    if length < 0:
        raise RuntimeError(f"narrow(): length must be non-negative, got {length}")
    if start + length > size:
        raise RuntimeError(
            f"start ({start}) + length ({length}) exceeds dimension size ({size})."
        )
    return d, start


def check_index(index: int, size: int, dim: int) -> int:
    """`index` wrapped into [0, size) for dimension `dim`, or torch's IndexError."""
    if not -size <= index < size:
        raise IndexError(f"index {index} is out of bounds for dimension {dim} with size {size}")
    return index + size if index < 0 else index


def select_geometry(shape, dim: int, index: int):
    if not shape:
        raise IndexError("select() cannot be applied to a 0-dim tensor.")
    d = wrap_dim(dim, len(shape))
    return d, check_index(index, shape[d], d)


def slice_geometry(shape, dim: int, start, end, step: int):
    """Python slice semantics on one dim (out-of-range bounds clip), positive steps only, as
    in torch (``flip`` reverses). Returns (dim, start, length)."""
    if not shape:
        raise IndexError("slice() cannot be applied to a 0-dim tensor.")
    if step <= 0:
        raise ValueError("slice step cannot be zero" if step == 0 else
                         "step must be greater than zero")
    d = wrap_dim(dim, len(shape))
    first, stop, step = slice(start, end, step).indices(shape[d])
    return d, first, len(range(first, stop, step))


def split_sizes_for(shape, split_size, dim: int, chunks: int | None = None):
    """(dim, piece lengths) for split (an int: equal pieces, the last may be shorter),
    split with a list of sizes, or chunk (`chunks` pieces at most, as torch.chunk)."""
    if not shape:
        raise RuntimeError("split/chunk expects at least a 1-dimensional tensor")
    d = wrap_dim(dim, len(shape))
    size = shape[d]
    if chunks is not None:
        if chunks <= 0:
            raise RuntimeError(f"chunk expects `chunks` to be greater than 0, got: {chunks}")
        split_size = -(-size // chunks)
        if split_size == 0:
            return d, [0] * chunks
    if isinstance(split_size, list):
        if any(n < 0 for n in split_size) or sum(split_size) != size:
            raise RuntimeError(
                f"split_with_sizes expects split_sizes to sum exactly to {size} (input tensor's "
                f"size at dimension {d}), but got split_sizes={split_size}"
            )
        return d, split_size
    if split_size < 0:
        raise RuntimeError(
            f"split expects split_size be non-negative, but got split_size={split_size}"
        )
    if split_size == 0:
        if size != 0:
            raise RuntimeError(
                f"split_size can only be 0 if dimension size is 0, but got dimension size of "
                f"{size}"
            )
        return d, [0]
    full, rest = divmod(size, split_size)
    return d, [split_size] * full + ([rest] if rest or not full else [])


# ---- diagonal ----


def diagonal_geometry(shape, strides, offset: int, dim1: int, dim2: int):
    """torch.diagonal's view: (result shape, result strides, element offset of the first
    element, d1, d2). The view keeps the dims other than dim1 and dim2 in order and appends
    the diagonal, whose stride is the sum of the two; its first element is
    (max(0, -offset), max(0, offset)) in (dim1, dim2). An offset past the edge gives an empty
    diagonal, as in torch."""
    n = len(shape)
    if n < 2:
        raise RuntimeError(f"diagonal(): expected a tensor of at least 2 dims, got {n}-D; "
                           f"use diag() to build a matrix from a 1-D tensor")
    d1, d2 = wrap_dim(dim1, n), wrap_dim(dim2, n)
    if d1 == d2:
        raise RuntimeError(f"diagonal dimensions cannot be identical {dim1}, {dim2}")
    if offset >= 0:
        length = max(0, min(shape[d1], shape[d2] - offset))
    else:
        length = max(0, min(shape[d1] + offset, shape[d2]))
    start = 0
    if length:
        start = offset * strides[d2] if offset >= 0 else -offset * strides[d1]
    keep = [d for d in range(n) if d not in (d1, d2)]
    out_shape = tuple(shape[d] for d in keep) + (length,)
    out_strides = tuple(strides[d] for d in keep) + (strides[d1] + strides[d2],)
    return out_shape, out_strides, start, d1, d2


# ---- iteration spaces of device kernels (the OpenCL and CUDA kernels, compiled graphs on a device) ----


def broadcast_strides(t: Tensor, shape) -> list[int]:
    """t's strides read over the broadcast ``shape`` (0 where t's size is 1 or missing)."""
    pad = len(shape) - len(t._shape)
    out = [0] * pad
    for n, s, full in zip(t._shape, t._st, shape[pad:]):
        out.append(0 if n == 1 and full != 1 else s)
    return out


def merge_dims(shape, strides_per_operand):
    """(sizes, strides per operand) with size-1 dimensions dropped and neighbours merged
    where every operand walks them as one (the contiguous case becomes one dimension)."""
    dims = [(n, [st[d] for st in strides_per_operand]) for d, n in enumerate(shape) if n != 1]
    merged: list = []
    for n, st in dims:
        if merged:
            pn, pst = merged[-1]
            if all(ps == n * s for ps, s in zip(pst, st)):
                merged[-1] = (pn * n, st)
                continue
        merged.append((n, st))
    return [n for n, _ in merged], [[st[k] for _, st in merged]
                                    for k in range(len(strides_per_operand))]

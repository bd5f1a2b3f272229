"""View ops: the geometry (shape, strides in elements, storage offset) and the CPU and meta
kernels built on it.

Note [View geometry]
Each view op first computes its result geometry from (shape, strides) alone, with torch's rules
(including the strides torch gives size-1 dims, which NumPy chooses differently). That one
computation checks the arguments, gives a meta tensor everything it has, and gives the CPU
result its reported strides, so meta and CPU views agree by construction. The CPU kernel then
makes the ndarray with the matching NumPy view operation (transpose, reshape, slicing, ...),
which differs from the geometry at most in the strides of size-1 dims; those never change
which memory an element occupies. Every CPU view sets `Tensor._st` from the geometry, so a
view of a view keeps torch's strides too; only where the array's own strides are exactly the
geometry's (``_contiguous_view``) is `_st` left to be read from the array.

>>> import aten_lite as al
>>> x = al.zeros(2, 3)
>>> x.t().stride(), x.unsqueeze(0).stride()
((1, 3), (6, 3, 1))
"""

from __future__ import annotations

import numpy as np

from .kernel_rules import copy_strided
from ..tensors.tensor import (
    Tensor, contiguous_strides, empty_array, is_contiguous_strides, wrap_dim,
)

__all__ = [
    "infer_size", "view_strides", "view_cpu", "view_meta", "reshape_cpu", "reshape_meta",
    "t_cpu", "t_meta", "transpose_cpu", "transpose_meta", "permute_cpu", "permute_meta",
    "expand_cpu", "expand_meta", "squeeze_cpu", "squeeze_meta", "squeeze_dim_cpu",
    "squeeze_dim_meta", "squeeze_dims_cpu", "squeeze_dims_meta", "unsqueeze_cpu",
    "unsqueeze_meta", "flatten_cpu", "flatten_meta",
    "narrow_cpu", "narrow_meta", "select_cpu", "select_meta", "slice_cpu", "slice_meta",
    "contiguous_cpu", "contiguous_meta", "check_index", "split_sizes_for",
]


def _numel(shape) -> int:
    n = 1
    for d in shape:
        n *= d
    return n


# ---- building results (Note [View geometry]) ----


def _cpu_view(self: Tensor, a: np.ndarray, strides) -> Tensor:
    t = Tensor._wrap(a, base=self)
    t._st = tuple(strides)
    return t


def _meta_view(self: Tensor, shape, strides, delta: int = 0) -> Tensor:
    return Tensor._meta(shape, self._dtype, strides, base=self, offset=self._offset + delta)


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


def copy_with_strides(a: np.ndarray, strides, dtype) -> Tensor:
    """A new CPU tensor holding ``a``'s values (of ``dtype``) with ``strides`` (elements;
    dense without overlap), copied by the C++ loops when that pays (Note [Strided copies] in
    aten_lite/rules/kernel_rules.py): clone, contiguous, and a leaf's first gradient laid out as
    the leaf all make their copies here."""
    out = empty_with_strides(a.shape, strides, dtype)
    if not copy_strided(out, a, dtype):
        np.copyto(out, a)
    t = Tensor._wrap(out)
    t._st = tuple(strides)
    return t


def empty_with_strides(shape, strides, dtype) -> np.ndarray:
    """An uninitialised array of `shape` whose dims longer than 1 have `strides` (elements;
    dense without overlap): a row-major array of the dims in stride order, transposed."""
    outer_first = sorted(range(len(shape)), key=lambda d: -strides[d])
    a = empty_array([shape[d] for d in outer_first], dtype)
    return a.transpose(np.argsort(outer_first))


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
    if _numel(shape) == 0:
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


_VIEW_HINT = (
    "view size is not compatible with input tensor's size and stride (at least one dimension "
    "spans across two contiguous subspaces). Use .reshape(...) instead."
)


def _reshape_view_array(a: np.ndarray, shape, strides) -> np.ndarray:
    r = a.reshape(shape)
    if r.base is None and r.size:
        # NumPy copied where the geometry says a view exists (never seen, kept for safety).
        itemsize = a.itemsize
        r = np.lib.stride_tricks.as_strided(a, shape, [s * itemsize for s in strides])
    return r


def _cpu_view_strides(self: Tensor, shape):
    # An array NumPy allocated (it owns its memory) has canonical C strides, and such an
    # input views with canonical strides: what view_strides finds, faster.
    a = self._a
    if a.base is None and a.size and a.flags.c_contiguous:
        return contiguous_strides(shape)
    return view_strides(self._shape, self._strides, shape)


def _contiguous_view(self: Tensor, shape) -> Tensor | None:
    """The common case of view and reshape, cheaply: a non-empty C-contiguous array reshapes
    without a copy, and the strides NumPy gives the result (contiguous ones, size-1 dims
    included) are those ``view_strides`` finds, so `_st` can be read from the array when asked
    for. Two exceptions: a last dim of size 1 passes its stride, whatever it is, on to the
    new trailing size-1 dims (that case takes the general path); and NumPy keeps the strides
    of an array reshaped to its own shape (they are then set here)."""
    a = self._a
    if a.size and a.flags.c_contiguous:
        old = self._shape
        if not old or old[-1] != 1 or self._strides[-1] == 1:
            t = Tensor._wrap(a.reshape(shape), self)
            if shape == old:
                t._st = contiguous_strides(shape)
            return t
    return None


def view_cpu(self: Tensor, size) -> Tensor:
    shape = infer_size(size, self._a.size, self._shape)
    fast = _contiguous_view(self, shape)
    if fast is not None:
        return fast
    strides = _cpu_view_strides(self, shape)
    if strides is None:
        raise RuntimeError(_VIEW_HINT)
    return _cpu_view(self, _reshape_view_array(self._a, shape, strides), strides)


def view_meta(self: Tensor, size) -> Tensor:
    shape = infer_size(size, _numel(self._shape), self._shape)
    strides = view_strides(self._shape, self._st, shape)
    if strides is None:
        raise RuntimeError(_VIEW_HINT)
    return _meta_view(self, shape, strides)


def reshape_cpu(self: Tensor, shape) -> Tensor:
    """A view when the geometry allows one, else a contiguous copy."""
    shape = infer_size(shape, self._a.size, self._shape)
    fast = _contiguous_view(self, shape)
    if fast is not None:
        return fast
    strides = _cpu_view_strides(self, shape)
    if strides is None:
        return Tensor._wrap(np.ascontiguousarray(self._a).reshape(shape))
    return _cpu_view(self, _reshape_view_array(self._a, shape, strides), strides)


def reshape_meta(self: Tensor, shape) -> Tensor:
    shape = infer_size(shape, _numel(self._shape), self._shape)
    strides = view_strides(self._shape, self._st, shape)
    if strides is None:
        return Tensor._meta(shape, self._dtype)
    return _meta_view(self, shape, strides)


# ---- dimension order ----


def _permutation(dims, ndim: int) -> tuple[int, ...]:
    dims = tuple(dims)
    if len(dims) != ndim:
        raise RuntimeError(
            f"permute: dims {dims} must list each of the tensor's {ndim} dimensions once"
        )
    perm = tuple(wrap_dim(d, ndim) for d in dims)
    if len(set(perm)) != ndim:
        raise RuntimeError(f"permute: dims {dims} repeat a dimension; each must appear once")
    return perm


def _swap(ndim: int, dim0: int, dim1: int) -> list[int]:
    perm = list(range(ndim))
    d0, d1 = wrap_dim(dim0, ndim), wrap_dim(dim1, ndim)
    if ndim:  # a 0-dim tensor takes dims -1 and 0 and stays as it is, as in torch
        perm[d0], perm[d1] = perm[d1], perm[d0]
    return perm


def _t_perm(self: Tensor) -> list[int]:
    ndim = len(self._shape)
    if ndim > 2:
        raise RuntimeError(
            f"t() expects a tensor with <= 2 dimensions, but self is {ndim}D; "
            "use transpose(dim0, dim1) or permute(dims)"
        )
    return [1, 0] if ndim == 2 else list(range(ndim))


def _permute_cpu(self: Tensor, perm) -> Tensor:
    st = self._strides
    return _cpu_view(self, self._a.transpose(perm), [st[p] for p in perm])


def _permute_meta(self: Tensor, perm) -> Tensor:
    shape, st = self._shape, self._st
    return _meta_view(self, [shape[p] for p in perm], [st[p] for p in perm])


def permute_cpu(self: Tensor, dims) -> Tensor:
    return _permute_cpu(self, _permutation(dims, len(self._shape)))


def permute_meta(self: Tensor, dims) -> Tensor:
    return _permute_meta(self, _permutation(dims, len(self._shape)))


def transpose_cpu(self: Tensor, dim0: int, dim1: int) -> Tensor:
    return _permute_cpu(self, _swap(len(self._shape), dim0, dim1))


def transpose_meta(self: Tensor, dim0: int, dim1: int) -> Tensor:
    return _permute_meta(self, _swap(len(self._shape), dim0, dim1))


def t_cpu(self: Tensor) -> Tensor:
    return _permute_cpu(self, _t_perm(self))


def t_meta(self: Tensor) -> Tensor:
    return _permute_meta(self, _t_perm(self))


# ---- expand ----


def _expand_geometry(shape, strides, size, implicit=False):
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


def expand_cpu(self: Tensor, size, implicit: bool = False) -> Tensor:
    """A read-only view: several elements share one memory location, so writes are refused
    (as torch refuses in-place ops on such tensors)."""
    shape, strides = _expand_geometry(self._shape, self._strides, size)
    a = self._a
    if a.flags.c_contiguous:
        # The geometry's strides address a contiguous array from its first element, so the
        # view is built directly over its buffer: np.broadcast_to costs several times more.
        n = a.itemsize
        r = np.ndarray(shape, a.dtype, a, 0, [s * n for s in strides])
        r.flags.writeable = False
    else:
        r = np.broadcast_to(a, shape)
    return _cpu_view(self, r, strides)


def expand_meta(self: Tensor, size, implicit: bool = False) -> Tensor:
    shape, strides = _expand_geometry(self._shape, self._st, size)
    return _meta_view(self, shape, strides)


# ---- squeeze / unsqueeze / flatten ----


def _squeeze_axes(self: Tensor, dim=None) -> tuple[int, ...]:
    if dim is None:
        return tuple(i for i, n in enumerate(self._shape) if n == 1)
    d = wrap_dim(dim, len(self._shape))
    return (d,) if self._shape and self._shape[d] == 1 else ()


def _squeeze_dims_axes(self: Tensor, dims) -> tuple[int, ...]:
    """The listed dims of size 1 (squeeze.dims); a dim named twice, however spelled, is an
    error, as in torch."""
    ndim = len(self._shape)
    seen: set[int] = set()
    for dim in dims:
        d = wrap_dim(dim, ndim)
        if d in seen:
            raise RuntimeError(f"dim {d} appears multiple times in the list of dims")
        seen.add(d)
    return tuple(sorted(d for d in seen if ndim and self._shape[d] == 1))


def _squeeze_cpu(self: Tensor, axes) -> Tensor:
    st = self._strides
    strides = [s for i, s in enumerate(st) if i not in axes]
    return _cpu_view(self, self._a.squeeze(axes), strides)


def _squeeze_meta(self: Tensor, axes) -> Tensor:
    keep = [i for i in range(len(self._shape)) if i not in axes]
    return _meta_view(self, [self._shape[i] for i in keep], [self._st[i] for i in keep])


def squeeze_cpu(self: Tensor) -> Tensor:
    return _squeeze_cpu(self, _squeeze_axes(self))


def squeeze_meta(self: Tensor) -> Tensor:
    return _squeeze_meta(self, _squeeze_axes(self))


def squeeze_dim_cpu(self: Tensor, dim: int) -> Tensor:
    return _squeeze_cpu(self, _squeeze_axes(self, dim))


def squeeze_dim_meta(self: Tensor, dim: int) -> Tensor:
    return _squeeze_meta(self, _squeeze_axes(self, dim))


def squeeze_dims_cpu(self: Tensor, dim) -> Tensor:
    return _squeeze_cpu(self, _squeeze_dims_axes(self, dim))


def squeeze_dims_meta(self: Tensor, dim) -> Tensor:
    return _squeeze_meta(self, _squeeze_dims_axes(self, dim))


def _unsqueeze_geometry(shape, strides, dim: int):
    d = wrap_dim(dim, len(shape) + 1)
    # torch's stride for the new dim: the extent of the dim it is inserted before.
    stride = shape[d] * strides[d] if d < len(shape) else 1
    return d, shape[:d] + (1,) + shape[d:], strides[:d] + (stride,) + strides[d:]


def unsqueeze_cpu(self: Tensor, dim: int) -> Tensor:
    d, _, strides = _unsqueeze_geometry(self._shape, self._strides, dim)
    return _cpu_view(self, np.expand_dims(self._a, d), strides)


def unsqueeze_meta(self: Tensor, dim: int) -> Tensor:
    _, shape, strides = _unsqueeze_geometry(self._shape, self._st, dim)
    return _meta_view(self, shape, strides)


def _flat_shape(shape, start_dim: int, end_dim: int):
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
    return shape[:start] + (_numel(shape[start:end + 1]),) + shape[end + 1:]


def flatten_cpu(self: Tensor, start_dim: int = 0, end_dim: int = -1) -> Tensor:
    shape = _flat_shape(self._shape, start_dim, end_dim)
    return self if shape is None else reshape_cpu(self, shape)


def flatten_meta(self: Tensor, start_dim: int = 0, end_dim: int = -1) -> Tensor:
    shape = _flat_shape(self._shape, start_dim, end_dim)
    return self if shape is None else reshape_meta(self, shape)


# ---- narrow / select ----


def _narrow_geometry(shape, dim: int, start: int, length: int):
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


def narrow_cpu(self: Tensor, dim: int, start: int, length: int) -> Tensor:
    d, start = _narrow_geometry(self._shape, dim, start, length)
    index = (slice(None),) * d + (slice(start, start + length),)
    return _cpu_view(self, self._a[index], self._strides)


def narrow_meta(self: Tensor, dim: int, start: int, length: int) -> Tensor:
    d, start = _narrow_geometry(self._shape, dim, start, length)
    shape = self._shape[:d] + (length,) + self._shape[d + 1:]
    return _meta_view(self, shape, self._st, start * self._st[d])


def check_index(index: int, size: int, dim: int) -> int:
    """`index` wrapped into [0, size) for dimension `dim`, or torch's IndexError."""
    if not -size <= index < size:
        raise IndexError(f"index {index} is out of bounds for dimension {dim} with size {size}")
    return index + size if index < 0 else index


def _select_geometry(shape, dim: int, index: int):
    if not shape:
        raise IndexError("select() cannot be applied to a 0-dim tensor.")
    d = wrap_dim(dim, len(shape))
    return d, check_index(index, shape[d], d)


def select_cpu(self: Tensor, dim: int, index: int) -> Tensor:
    d, i = _select_geometry(self._shape, dim, index)
    st = self._strides
    # The trailing Ellipsis keeps a 0-dim result an array view (a bare int gives a copy).
    a = self._a[(slice(None),) * d + (i, Ellipsis)]
    return _cpu_view(self, a, st[:d] + st[d + 1:])


def select_meta(self: Tensor, dim: int, index: int) -> Tensor:
    d, i = _select_geometry(self._shape, dim, index)
    shape, st = self._shape, self._st
    return _meta_view(self, shape[:d] + shape[d + 1:], st[:d] + st[d + 1:], i * st[d])


def _slice_geometry(shape, dim: int, start, end, step: int):
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


def slice_cpu(self: Tensor, dim: int = 0, start=None, end=None, step: int = 1) -> Tensor:
    d, _, n = _slice_geometry(self._shape, dim, start, end, step)
    st = self._strides
    a = self._a[(slice(None),) * d + (slice(start, end, step),)]
    return _cpu_view(self, a, st[:d] + (st[d] * step,) + st[d + 1:])


def slice_meta(self: Tensor, dim: int = 0, start=None, end=None, step: int = 1) -> Tensor:
    d, first, n = _slice_geometry(self._shape, dim, start, end, step)
    st = self._st
    shape = self._shape[:d] + (n,) + self._shape[d + 1:]
    return _meta_view(self, shape, st[:d] + (st[d] * step,) + st[d + 1:], first * st[d])


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


# ---- contiguous ----


def contiguous_cpu(self: Tensor) -> Tensor:
    """The tensor itself when already contiguous (as torch), else a contiguous copy."""
    if self._a.flags.c_contiguous:
        return self
    return copy_with_strides(self._a, contiguous_strides(self._shape), self._dtype)


def contiguous_meta(self: Tensor) -> Tensor:
    if self.is_contiguous():
        return self
    return Tensor._meta(self._shape, self._dtype)

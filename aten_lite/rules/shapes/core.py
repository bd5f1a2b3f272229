"""Shape rules for the compute ops: broadcasting, reductions, matrix products.

Note [Shape rules]
A shape rule is a plain function named by an op's YAML `shape:` key. It receives the op's
arguments as the kernel does (schema order, `out=` left off) and returns the result's
``(shape, dtype)``, or a tuple of such pairs for an op with several results. It checks
everything a kernel may rely on and raises the user-facing error (RuntimeError, with the bad
shapes in the message) when the arguments do not fit. The CPU kernel of such an op allocates
its outputs from the rule's answer, and the Meta kernel is the rule alone (``make_from_rule``
in ``backends/meta/from_shape_rules.py``), so CPU and meta agree on shapes and dtypes by
construction.
Ops with `elementwise:` or `reduction:` have no shape rule: every backend takes their shapes
and dtypes from the plans in ``aten_lite/rules/kernel_rules.py`` (``ElementwisePlan``,
``reduction_plan``), built on ``broadcast_shapes`` and ``reduction_dims`` here. Rules never
touch data.
"""

from __future__ import annotations

from ...vocab.dtype import bool_, int64, result_type
from ...tensors.tensor import wrap_dim

__all__ = [
    "broadcast_shapes", "broadcastable", "where", "reduction_dims", "reduced_shape",
    "reduction_with_indices", "arg_reduction", "softmax",
    "mm", "bmm", "matmul", "dot",
]


def _fmt(shape) -> str:
    return str(tuple(shape))


def broadcast_shapes(*shapes: tuple[int, ...]) -> tuple[int, ...]:
    """NumPy/torch broadcasting: right-align, sizes equal or 1.

    >>> broadcast_shapes((2, 1), (3,))
    (2, 3)
    """
    result = list(shapes[0])
    for shape in shapes[1:]:
        if len(shape) > len(result):
            result[:0] = [1] * (len(shape) - len(result))
        off = len(result) - len(shape)
        for i, n in enumerate(shape):
            m = result[off + i]
            if m == n or n == 1:
                continue
            if m == 1:
                result[off + i] = n
                continue
            dim = i - len(shape)
            raise RuntimeError(
                f"shapes {_fmt(result)} and {_fmt(shape)} cannot be broadcast: size {m} and "
                f"size {n} differ in dimension {dim} (sizes must match or be 1)"
            )
    return tuple(result)


def broadcastable(a: tuple[int, ...], b: tuple[int, ...]) -> bool:
    """Whether two shapes broadcast together."""
    return all(m == n or m == 1 or n == 1 for m, n in zip(reversed(a), reversed(b)))


def _shape_of(x) -> tuple[int, ...]:
    # Python numbers ("wrapped numbers") broadcast like 0-dim tensors.
    return getattr(x, "_shape", ())


def where(condition, self, other):
    """`where(condition, self, other)`: three-way broadcast; the dtype promotes self and other.
    The condition must be bool, as in torch."""
    dtype = getattr(condition, "_dtype", None)
    if dtype is None:
        raise TypeError(f"where expected condition to be a boolean tensor, but got "
                        f"{type(condition).__name__}")
    if dtype is not bool_:
        raise RuntimeError(
            f"where expected condition to be a boolean tensor, but got a tensor with dtype "
            f"{dtype.name}"
        )
    c, a, b = condition._shape, _shape_of(self), _shape_of(other)
    shape = c if c == a and c == b else broadcast_shapes(c, a, b)
    dtype = getattr(self, "_dtype", None)
    if dtype is None or dtype is not getattr(other, "_dtype", None):
        dtype = result_type(self, other)  # two tensors of one dtype need no promotion
    return shape, dtype


# ---- reductions ----


def reduction_dims(shape: tuple[int, ...], dim) -> tuple[int, ...]:
    """The sorted, non-negative dims `dim` names (int, list/tuple, or None/[] for all).
    A repeated dim is an error, as in torch."""
    ndim = len(shape)
    if dim is None:
        return tuple(range(ndim))
    if isinstance(dim, int):
        return (wrap_dim(dim, ndim),) if ndim else ()
    if len(dim) == 0:
        return tuple(range(ndim))
    dims = [wrap_dim(d, ndim) for d in dim]
    if ndim == 0:
        return ()
    if len(set(dims)) != len(dims):
        raise RuntimeError(f"dim {dims[0]} appears multiple times in the list of dims {list(dim)}")
    return tuple(sorted(dims))


def reduced_shape(shape, dims, keepdim: bool) -> tuple[int, ...]:
    """`shape` with `dims` removed (or set to 1 when keepdim)."""
    if keepdim:
        return tuple(1 if i in dims else n for i, n in enumerate(shape))
    return tuple(n for i, n in enumerate(shape) if i not in dims)


def _check_nonempty(name: str, shape, dims) -> None:
    for d in dims:
        if shape[d] == 0:
            raise IndexError(
                f"{name}: cannot reduce dimension {d} of size 0 (shape {_fmt(shape)}); "
                "there is no identity for this reduction"
            )


def reduction_with_indices(self, dim: int, keepdim: bool = False):
    """`max.dim`/`min.dim`: (values, indices) over one dim; values keep the dtype, indices
    are int64."""
    dims = reduction_dims(self._shape, dim)
    _check_nonempty("max/min", self._shape, dims)
    shape = reduced_shape(self._shape, dims, keepdim)
    return (shape, self._dtype), (shape, int64)


def arg_reduction(self, dim=None, keepdim: bool = False):
    """`argmax`/`argmin`: int64 indices; dim=None flattens first (keepdim then keeps every
    dim as size 1, as torch does)."""
    dims = reduction_dims(self._shape, dim)
    _check_nonempty("argmax/argmin", self._shape, dims)
    return reduced_shape(self._shape, dims, keepdim), int64


def softmax(self, dim: int, dtype=None):
    """`softmax`/`log_softmax`: self's shape, along a valid dim; the dtype is `dtype=` (self is
    converted to it first) or self's."""
    wrap_dim(dim, len(self._shape))
    return self._shape, dtype if dtype is not None else self._dtype


# ---- linear algebra ----


def _same_dtype(name: str, a, b) -> None:
    if a._dtype is not b._dtype:
        raise RuntimeError(
            f"{name}: expected both tensors to have the same dtype, got {a._dtype.name} and "
            f"{b._dtype.name}"
        )


def _need_ndim(name: str, t, ndim: int, arg: str) -> None:
    if len(t._shape) != ndim:
        raise RuntimeError(
            f"{name}: expected {arg} to be a {ndim}-D tensor, got {len(t._shape)}-D with shape "
            f"{_fmt(t._shape)}"
        )


def mm(self, mat2):
    """(n, k) @ (k, m) -> (n, m)."""
    a, b = self._shape, mat2._shape
    if len(a) == 2 and len(b) == 2 and a[1] == b[0] and self._dtype is mat2._dtype:
        return (a[0], b[1]), self._dtype  # the common case, checked at once
    _need_ndim("mm", self, 2, "self")
    _need_ndim("mm", mat2, 2, "mat2")
    if self._shape[1] != mat2._shape[0]:
        raise RuntimeError(
            f"mm: shapes {_fmt(self._shape)} and {_fmt(mat2._shape)} cannot be multiplied "
            f"({self._shape[1]} != {mat2._shape[0]})"
        )
    _same_dtype("mm", self, mat2)
    return (self._shape[0], mat2._shape[1]), self._dtype


def bmm(self, mat2):
    """(b, n, k) @ (b, k, m) -> (b, n, m); batch sizes must be equal (no broadcasting)."""
    _need_ndim("bmm", self, 3, "self")
    _need_ndim("bmm", mat2, 3, "mat2")
    (b, n, k), (b2, k2, m) = self._shape, mat2._shape
    if b != b2 or k != k2:
        raise RuntimeError(
            f"bmm: shapes {_fmt(self._shape)} and {_fmt(mat2._shape)} cannot be multiplied "
            "(batch sizes must be equal and self.shape[2] must equal mat2.shape[1])"
        )
    _same_dtype("bmm", self, mat2)
    return (b, n, m), self._dtype


def dot(self, tensor):
    """Two 1-D tensors of equal length -> 0-dim."""
    if len(self._shape) != 1 or len(tensor._shape) != 1:
        raise RuntimeError(
            f"dot: 1D tensors expected, but got {len(self._shape)}D and "
            f"{len(tensor._shape)}D tensors"
        )
    if self._shape[0] != tensor._shape[0]:
        raise RuntimeError(
            f"dot: inconsistent tensor size, expected tensor [{self._shape[0]}] and src "
            f"[{tensor._shape[0]}] to have the same number of elements"
        )
    _same_dtype("dot", self, tensor)
    return (), self._dtype


def matmul(self, other):
    """torch.matmul's shapes: 1-D @ 1-D is a dot product; a 1-D operand gains a dim of size 1
    (prepended on the left, appended on the right) that the result drops; dims before the last
    two broadcast as batch dims."""
    a, b = self._shape, other._shape
    if not a or not b:
        raise RuntimeError(
            f"matmul: both arguments need at least 1 dimension, got shapes {_fmt(a)} and {_fmt(b)}"
        )
    _same_dtype("matmul", self, other)
    a2 = (1,) + a if len(a) == 1 else a
    b2 = b + (1,) if len(b) == 1 else b
    if a2[-1] != b2[-2]:
        raise RuntimeError(
            f"matmul: shapes {_fmt(a)} and {_fmt(b)} cannot be multiplied "
            f"({a2[-1]} != {b2[-2]})"
        )
    if not broadcastable(a2[:-2], b2[:-2]):
        raise RuntimeError(
            f"matmul: shapes {_fmt(a)} and {_fmt(b)} cannot be multiplied: their batch dims "
            f"{_fmt(a2[:-2])} and {_fmt(b2[:-2])} do not broadcast"
        )
    batch = broadcast_shapes(a2[:-2], b2[:-2])
    shape = batch + ((a2[-2],) if len(a) > 1 else ()) + ((b2[-1],) if len(b) > 1 else ())
    return shape, self._dtype

"""``Tensor.__getitem__`` and ``Tensor.__setitem__``, as sequences of dispatched ops.

Note [Indexing as ops]
An index is taken apart the way torch does it: integers become ``select``, slices ``slice``
(positive steps, as in torch), ``None`` ``unsqueeze``, and ``...`` stands for the untouched
dims; these give a view. Integer index tensors and boolean masks are then applied together by
one ``index`` call (a copy), with NumPy's placement rule for the new dims (in place when the
tensor indices are adjacent, first otherwise), after the integers have been applied, as in
torch. Assignment builds the same view and writes into it with ``fill_`` (a number), ``copy_``
(a tensor) or ``index_put_`` (tensor indices). Because every step is an op, indexing works on
every backend (meta included), is recorded by autograd, shows in ``trace_dispatch``, and bumps
the version counter through the in-place ops.

>>> import aten_lite as al
>>> x = al.arange(12).reshape(3, 4)
>>> x[1:, ::-2].tolist()
[[7, 5], [11, 9]]
>>> x[x > 9].tolist()
[10, 11]
"""

from __future__ import annotations

import operator
import warnings

import numpy as np

from ..dispatch import dispatcher as _dispatch
from ..backends.creation import tensor
from ..vocab.dtype import int8, int16, int32, int64, uint8
from ..tensors.tensor import Tensor, sync_stream

__all__ = ["getitem", "setitem"]

_handles: dict = {}


_INT_DTYPES = (int64, int32, int16, int8, uint8)  # x[idx] with these takes the short path


def _op(name: str):
    h = _handles.get(name)
    if h is None:
        h = _handles[name] = _dispatch.handle(name)
    return h


def _to_tensor(x, like: Tensor) -> Tensor:
    return tensor(x, device=like._device)


def _index_tensor(seq, like: Tensor) -> Tensor:
    """A list, tuple, range or array used as one index item: an index tensor. An empty one
    selects nothing and is int64 (a float tensor would be refused), as in torch."""
    if isinstance(seq, range):
        seq = list(seq)
    if len(seq) == 0:
        return tensor([], dtype=int64, device=like._device)
    return tensor(seq, device=like._device)


# Note [Sequences as tuples]: torch (2.13, with a deprecation warning) still reads a list that
# is not a tuple as a tuple of index items when it has fewer than 32 items and one of them is
# a slice, None, ..., a tensor or a sequence: x[[0, slice(1, 3)]] is x[0, 1:3] and
# x[[[0, 1], [1, 0]]] is x[[0, 1], [1, 0]]. Arrays and ranges are never read so. Reads and
# writes share this rule (_items), so x[i] = v writes where x[i] reads.
_SEQUENCES = (list, tuple, range, np.ndarray)


def _items(index) -> tuple:
    if type(index) is tuple:
        return index
    if type(index) is list and len(index) < 32 and any(
            v is None or v is Ellipsis or isinstance(v, (slice, Tensor) + _SEQUENCES)
            for v in index):
        warnings.warn(
            "a list of index items (x[[a, b]]) is read as the tuple x[a, b], as torch 2.13 "
            "does (it says this will become one tensor index); write x[tuple(seq)] or "
            "x[al.tensor(seq)] to say which you mean", UserWarning, stacklevel=3)
        return tuple(index)
    return (index,)


def _classify(item, like: Tensor):
    """One index item as (kind, value, dims consumed); kinds: 'int', 'slice', 'none',
    'ellipsis', 'tensor' (integer or bool index tensor)."""
    if item is None:
        return "none", None, 0
    if item is Ellipsis:
        return "ellipsis", None, 0
    if isinstance(item, slice):
        return "slice", tuple(_slice_part(v) for v in (item.start, item.stop, item.step)), 1
    if isinstance(item, (bool, np.bool_)):
        return "tensor", _to_tensor(bool(item), like), 0
    if isinstance(item, Tensor):
        if item._dtype.is_floating_point:
            raise IndexError(
                f"tensors used as indices must be integer or bool tensors, got {item._dtype.name}"
            )
        if item._dtype.name == "bool":
            return "tensor", item, len(item._shape)
        if not item._shape and item._a is not None:
            sync_stream()  # the index's value is read here
            return "int", int(item._a), 1
        return "tensor", item, 1
    if isinstance(item, _SEQUENCES):
        return _classify(_index_tensor(item, like), like)
    try:
        return "int", operator.index(item), 1
    except TypeError:
        raise IndexError(
            "only integers, slices (`:`), ellipsis (`...`), None and integer or bool tensors "
            f"are valid indices (got {type(item).__name__})"
        ) from None


def _slice_part(v):
    if v is None:
        return None
    try:
        return operator.index(v)
    except TypeError:
        raise TypeError(
            f"slice indices must be integers or None, got {type(v).__name__}"
        ) from None


def _parse(self: Tensor, index) -> list:
    items = [_classify(x, self) for x in _items(index)]
    ellipses = sum(1 for kind, _, _ in items if kind == "ellipsis")
    if ellipses > 1:
        raise IndexError("an index can only have a single ellipsis ('...')")
    used = sum(n for _, _, n in items)
    ndim = len(self._shape)
    if used > ndim:
        raise IndexError(f"too many indices for tensor of dimension {ndim}")
    if ellipses:
        at = next(i for i, it in enumerate(items) if it[0] == "ellipsis")
        items[at:at + 1] = [("slice", (None, None, None), 1)] * (ndim - used)
    return items


def _basic_view(self: Tensor, items) -> tuple[Tensor, list]:
    """Apply ints, slices and None as view ops; return the view and the tensor indices
    aligned with its dims (None for a dim they leave alone)."""
    view, dim, indices = self, 0, []
    for kind, value, _ in items:
        if kind == "int":
            view = _op("select.int").call((view, dim, value))
        elif kind == "slice":
            if value != (None, None, None) and value != (None, None, 1):
                start, stop, step = value
                view = _op("slice.Tensor").call((view, dim, start, stop, 1 if step is None else step))
            indices.append(None)
            dim += 1
        elif kind == "none":
            view = _op("unsqueeze").call((view, dim))
            indices.append(None)
            dim += 1
        elif not value._shape and value._dtype.name == "bool":
            # A 0-dim mask (x[True]) adds a dim of size 1 and keeps it or not, as in NumPy.
            view = _op("unsqueeze").call((view, dim))
            indices.append(_op("reshape").call((value, [1])))
            dim += 1
        else:
            indices.append(value)
            n = len(value._shape) if value._dtype.name == "bool" else 1
            indices.extend([None] * (n - 1))
            dim += n
    while indices and indices[-1] is None:
        indices.pop()
    return view, indices


def getitem(self: Tensor, index) -> Tensor:
    # The three commonest indices skip the general parsing: x[i], x[a:b] and x[idx] with an
    # integer tensor of 1 or more dims (a minibatch, an embedding lookup).
    if type(index) is Tensor and index._shape and self._shape and index._dtype in _INT_DTYPES:
        return _op("index.Tensor").call((self, [index]))
    if type(index) is int:
        return _op("select.int").call((self, 0, index))
    if type(index) is slice and self._shape:
        start, stop, step = (_slice_part(v) for v in (index.start, index.stop, index.step))
        return _op("slice.Tensor").call((self, 0, start, stop, 1 if step is None else step))
    view, indices = _basic_view(self, _parse(self, index))
    if indices:
        return _op("index.Tensor").call((view, indices))
    if view is self:
        # x[...], x[:]: a new view object of the same geometry, as in torch.
        return _op("view").call((self, list(self._shape)))
    return view


def setitem(self: Tensor, index, value) -> None:
    view, indices = _basic_view(self, _parse(self, index))
    if indices:
        if not isinstance(value, Tensor):
            value = _to_tensor(value, self)
        _op("index_put_").call((view, indices, value, False))
    elif isinstance(value, Tensor):
        _op("copy_").call((view, _drop_leading_ones(value, view), False))
    elif isinstance(value, (bool, int, float, np.number, np.bool_)):
        _op("fill_.Scalar").call((view, value))
    else:
        _op("copy_").call((view, _to_tensor(value, self), False))


def _drop_leading_ones(value: Tensor, view: Tensor) -> Tensor:
    # A value may carry extra leading dims of size 1 (torch and NumPy accept x[0] = y[None]).
    extra = len(value._shape) - len(view._shape)
    if extra > 0 and all(n == 1 for n in value._shape[:extra]):
        return _op("reshape").call((value, list(value._shape[extra:])))
    return value


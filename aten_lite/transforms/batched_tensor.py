"""The tensor a vmapped function sees: ``BatchedTensor``, a per-sample view of a physical
tensor that holds every sample along one dim.

Note [Batched tensors]
A ``BatchedTensor`` is a ``Tensor`` whose geometry (``shape``, ``dim()``, ``numel()``) is the
logical one, one sample's, and whose data lives in ``_value``: the physical tensor, with the
batch along dim ``_bdim``, for vmap level ``_level``. It has no storage of its own (``_a`` is
None), so every op on it reaches the dispatcher's general path, where the vmap level's dispatch
mode (``vmap.py``) takes the value out, runs a batching rule on it and wraps the result again.
Reading its data (``item``, ``tolist``, ``bool(t)``...) is refused: a per-sample value cannot be
one Python number.

Nested vmaps nest wrappers: the value of a level-``L`` tensor is a tensor of the levels below
``L`` only (a plain tensor at the bottom), so the innermost level's mode always sees its own
wrappers outermost. ``batched`` keeps that order when it wraps a value that is itself batched
at a higher level (which happens when a gradient computed inside an inner vmap is handed back
to an outer one).

Autograd records on the physical tensors: a ``BatchedTensor`` never requires grad itself
(``requires_grad`` reports its value's), and ``al.func``'s transforms differentiate the values
(Note [Gradients under vmap] in vmap.py).
"""

from __future__ import annotations

from ..tensors.tensor import Tensor, contiguous_strides, new_tensor

__all__ = ["BatchedTensor", "batched", "is_batched", "level_of"]


def _refuse_read(what: str):
    raise RuntimeError(
        f"vmap: It looks like you're calling {what} on a Tensor. We don't support vmap over "
        f"calling {what} on a Tensor, please try to rewrite what you're doing with other "
        "operations.")


class BatchedTensor(Tensor):
    """One sample's view of ``_value`` (batch along ``_bdim``) at vmap level ``_level``."""

    __slots__ = ("_value", "_bdim", "_level")

    # ---- what needs the data: refused (Note [Batched tensors]) ----

    def _data_or_raise(self, what: str):
        _refuse_read(what.replace("Tensor", "").strip() or what)

    def item(self):
        _refuse_read(".item()")

    def tolist(self):
        _refuse_read(".tolist()")

    def numpy(self, *, force: bool = False):
        _refuse_read(".numpy()")

    def __bool__(self) -> bool:
        _refuse_read("bool()")

    def data_ptr(self) -> int:
        _refuse_read(".data_ptr()")

    def is_contiguous(self) -> bool:
        return True

    def __repr__(self) -> str:
        return (f"BatchedTensor(lvl={self._level}, bdim={self._bdim}, "
                f"value={self._value!r})")

    def __format__(self, spec: str) -> str:  # a number would need the data
        return format(repr(self), spec)

    # ---- autograd state: the value's (Note [Batched tensors]) ----

    @property
    def requires_grad(self) -> bool:
        return self._value.requires_grad

    @requires_grad.setter
    def requires_grad(self, value: bool) -> None:
        raise RuntimeError(
            "vmap: cannot set requires_grad on a tensor inside vmap; make the input require "
            "grad outside vmap, or differentiate with al.func.grad / al.func.vjp inside it")

    def requires_grad_(self, requires_grad: bool = True):
        self.requires_grad = requires_grad

    def detach(self) -> "BatchedTensor":
        return batched(self._value.detach(), self._bdim, self._level)

    def backward(self, *args, **kwargs):
        raise RuntimeError(
            "vmap: backward() on a tensor inside vmap is not supported (it would accumulate "
            "into .grad once for every sample); use al.func.grad or al.func.vjp inside vmap")


def is_batched(t) -> bool:
    return isinstance(t, BatchedTensor)


def level_of(t) -> int | None:
    return t._level if isinstance(t, BatchedTensor) else None


def batched(value: Tensor, bdim: int, level: int) -> BatchedTensor:
    """``value`` seen per sample along ``bdim`` at ``level``, the wrappers kept in level order
    (Note [Batched tensors])."""
    if isinstance(value, BatchedTensor) and value._level > level:
        # Wrap below the higher level instead: dims counted in the value's own value.
        d2 = value._bdim
        p1 = bdim if bdim < d2 else bdim + 1  # this level's batch dim in value._value
        inner = batched(value._value, p1, level)
        return _make(inner, d2 if d2 < p1 else d2 - 1, value._level)
    if isinstance(value, BatchedTensor) and value._level == level:
        raise RuntimeError(f"vmap: internal error: a tensor batched twice at level {level}")
    return _make(value, bdim, level)


def _make(value: Tensor, bdim: int, level: int) -> BatchedTensor:
    shape = value._shape[:bdim] + value._shape[bdim + 1:]
    t = new_tensor(BatchedTensor, None, shape, contiguous_strides(shape), 0, value._dtype,
                   value._device, value._layout, value._key, None, None)
    t._value = value
    t._bdim = bdim
    t._level = level
    return t

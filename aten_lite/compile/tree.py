"""Flattening a call's arguments and a function's result into tensors plus a structure.

``flatten(obj)`` walks tuples, lists and dicts: it returns the tensors found, in order, and a
``spec`` that ``unflatten(spec, tensors)`` fills back in; every other leaf is kept as is.
``guard_key`` turns the same walk into the hashable key the cache is indexed by.
"""

from __future__ import annotations

from ..tensors.tensor import Tensor

__all__ = ["flatten", "unflatten", "Slot"]


class Slot:
    """Where the i-th tensor goes in a spec."""

    __slots__ = ("i",)

    def __init__(self, i: int) -> None:
        self.i = i

    def __repr__(self) -> str:
        return f"Slot({self.i})"


def flatten(obj):
    tensors: list = []
    spec = _flatten(obj, tensors)
    return tensors, spec


def _flatten(obj, tensors):
    if isinstance(obj, Tensor):
        tensors.append(obj)
        return Slot(len(tensors) - 1)
    if isinstance(obj, (tuple, list)):
        return _same_kind(obj, [_flatten(x, tensors) for x in obj])
    if type(obj) is dict:
        return {k: _flatten(v, tensors) for k, v in obj.items()}
    return obj


def unflatten(spec, tensors):
    if type(spec) is Slot:
        return tensors[spec.i]
    if isinstance(spec, (tuple, list)):
        return _same_kind(spec, [unflatten(x, tensors) for x in spec])
    if type(spec) is dict:
        return {k: unflatten(v, tensors) for k, v in spec.items()}
    return spec


def _same_kind(like, items):
    """A sequence of ``like``'s type holding ``items`` (named tuples take them positionally)."""
    if hasattr(like, "_fields"):
        return type(like)(*items)
    return type(like)(items)

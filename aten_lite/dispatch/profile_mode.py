"""The dispatch mode of an open ``al.profiler.profile()``: one python-lane event per op call.

While a profile is open this mode is set (Note [Dispatch modes] in dispatcher.py), so every
call takes the dispatcher's general path and the mode times the kernel that path chose: the
event holds the op's level-1 key (``"Autograd > CPU"`` when the Autograd kernel recorded the
graph and then ran the CPU one), the kernel's name and, from the kernel's ``trace.note``, the
level-2 dtype branch and path code. With no profile open the mode is not set and the
dispatcher's in-line paths run untouched: the off cost is nothing. The events' home is
``vocab/profiling.py``; the front end is ``aten_lite/profiler/``.
"""

from __future__ import annotations

import sys
from threading import get_ident

from . import dispatcher as _dispatch
from ..tensors.tensor import Tensor
from ..vocab import profiling as _profiling, trace as _trace
from ..vocab.profiling import Event, PYTHON, clock
from ..vocab.user_code import user_line

__all__ = ["ProfileMode", "install", "uninstall"]

_LABELS: dict = {}  # OpHandle -> its event name, 'al::add'


def install(rec: _profiling.Recording) -> "ProfileMode":
    """Make ``rec`` the open recording and set the mode; returns it for ``uninstall``."""
    if _profiling.active is not None:
        raise RuntimeError("al.profiler.profile: a profile is already open; profiles cannot be "
                           "nested (close the outer one first)")
    _profiling.active = rec
    _trace.settle()
    mode = ProfileMode(rec, _dispatch.set_mode(None))
    _dispatch.set_mode(mode)
    return mode


def uninstall(mode: "ProfileMode") -> None:
    _dispatch.set_mode(mode.previous)
    _profiling.active = None
    _trace.settle()


def _shape_of(a):
    if isinstance(a, Tensor):
        return list(a._shape)
    if isinstance(a, (list, tuple)) and a and all(isinstance(x, Tensor) for x in a):
        return [list(x._shape) for x in a]
    return []


def _caller() -> str:
    """The user's file:line that issued the op (Note [The user's frame])."""
    return user_line(sys._getframe(2), full_path=True)


class ProfileMode:
    """Times each dispatch; wraps the mode that was set before it (forward AD's), if any."""

    def __init__(self, rec: _profiling.Recording, previous=None) -> None:
        self.rec = rec
        self.previous = previous

    def note_made_from(self, result, source) -> None:
        note = getattr(self.previous, "note_made_from", None)
        if note is not None:
            note(result, source)

    def run(self, handle, key: str, keys: tuple, args: tuple, below_autograd: bool):
        rec = self.rec
        stack = rec.stack()
        previous = self.previous
        if below_autograd and stack and stack[-1].handle is handle:
            # The backend call below this op's own Autograd kernel: the same call, one event.
            top = stack[-1]
            top.key += " > " + key
            if previous is not None:
                return previous.run(handle, key, keys, args, below_autograd)
            return handle.table[key](*args)
        label = _LABELS.get(handle)
        if label is None:
            label = _LABELS[handle] = "al::" + handle.base
        e = Event(label, "op", PYTHON, get_ident(), 0, None, len(stack),
                  {"backward": True} if _trace._backward_depth > 0 else None)
        e.handle = handle
        e.key = key
        if rec.record_shapes:
            e.shapes = [_shape_of(a) for a in args]
        if rec.with_stack:
            e.extra = dict(e.extra or (), stack=_caller())
        rec.events.append(e)
        stack.append(e)
        e.start = clock()
        try:
            if previous is not None:
                result = previous.run(handle, key, keys, args, below_autograd)
            else:
                result = handle.table[key](*args)
        finally:
            e.end = clock()
            if stack and stack[-1] is e:
                stack.pop()
            elif e in stack:
                del stack[stack.index(e):]
        if rec.profile_memory:
            e.memory = _bytes_of(result)
        return result


def _bytes_of(result) -> int:
    """Bytes of the fresh arrays among an op's results (views own none)."""
    if isinstance(result, Tensor):
        a = result._a
        return a.nbytes if a is not None and a.base is None else 0
    if isinstance(result, (list, tuple)):
        return sum(_bytes_of(r) for r in result)
    return 0

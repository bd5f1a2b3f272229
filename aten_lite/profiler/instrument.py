"""What an open profile puts in the runtime and takes out again: timed C++ entries for the
kernel lane (Note [Timed entries] in rules/kernel_rules.py) and timed ``apply`` methods on the
autograd nodes (Note [Profiling the backward]). With no profile open none of this is installed."""

from __future__ import annotations

from ..autograd.node import Node
from ..rules.kernel_rules import _CACHED, _CELLS, c_kernel
from ..vocab import profiling as _profiling

__all__ = ["time_entries", "restore_entries", "time_nodes", "restore_nodes"]


def time_entries(wrap) -> list:
    """Replace every C++ entry the kernels hold with ``wrap(name, entry)``; returns what
    ``restore_entries`` needs. Entries not looked up yet are looked up now."""
    saved = []
    for cell, name in _CELLS:
        entry = cell[0]
        if entry is None:
            try:
                entry = c_kernel(name)
            except (RuntimeError, AttributeError, KeyError):
                continue  # no C++ entry by that name: the kernel will say so if called
        saved.append((cell, 0, cell[0]))
        cell[0] = wrap(name, entry)
    for name, entry in list(_CACHED.items()):
        saved.append((_CACHED, name, entry))
        _CACHED[name] = wrap(name, entry)
    return saved


def restore_entries(saved: list) -> None:
    for holder, slot, entry in saved:
        holder[slot] = entry

# Note [Profiling the backward]
# The walk is C++ and calls each node's ``apply`` by name; reporting each node from C++ would
# cost every backward a test per node. Instead, while a profile is open, ``time_nodes`` puts a
# timed ``apply`` on every node class (the walk then finds it, as it finds any method) and
# ``restore_nodes`` takes it away: the profile sees one python-lane event per node run
# (category "backward", named as the node: ``MulBackward0``) inside one event for the pass,
# ``autograd::engine::backward``, with the ops the nodes dispatched nested in them; with no
# profile open, nothing is added to the walk.


def _node_classes() -> list:
    seen, todo = [], [Node]
    while todo:
        for sub in todo.pop().__subclasses__():
            if sub not in seen:
                seen.append(sub)
                todo.append(sub)
    return seen


def _timed_apply(apply):
    def timed(self, grads):
        rec = _profiling.active
        if rec is None:
            return apply(self, grads)
        event = _profiling.open_event(rec, type(self).__name__, "backward")
        try:
            return apply(self, grads)
        finally:
            _profiling.close_event(rec, event)

    timed._al_timed = True  # not timed twice
    timed.__doc__ = apply.__doc__
    return timed


def time_nodes() -> list:
    """Give every node class a timed ``apply`` (Note [Profiling the backward]); returns what
    ``restore_nodes`` puts back."""
    saved = []
    for cls in _node_classes():
        apply = cls.__dict__.get("apply")
        if apply is not None and not getattr(apply, "_al_timed", False):
            saved.append((cls, apply))
            cls.apply = _timed_apply(apply)
    return saved


def restore_nodes(saved: list) -> None:
    for cls, apply in saved:
        cls.apply = apply

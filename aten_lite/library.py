"""Register or override an op's kernel for one dispatch key at run time, without codegen.

Try a kernel in Python before writing it in YAML:

>>> import aten_lite as al
>>> @al.library.impl("relu", "CPU")
... def relu_via_maximum(self):
...     return al.maximum(self, 0)
>>> al.relu(al.tensor([-1.0, 2.0]))
tensor([0., 2.])
>>> al.library.restore("relu")  # back to the YAML kernels

``impl(op, key, fn)`` returns a ``Registration``; as a context manager it undoes itself on
exit. Registrations stack: the newest one for an (op, key) runs, and undoing it brings back
the one below, down to the kernel the YAML declared. A kernel takes the op's arguments in
schema order (those of ``al.library.schema(op)``), like every kernel. Keys: CPU, Meta,
SparseCPU, CompositeImplicitAutograd (serves every backend key), and Autograd.

An in-place or out= sibling of an `elementwise:` op calls the C++ kernel itself, so overriding
``add.Tensor`` leaves ``add_`` and ``add(..., out=)`` as they were; override them by name.
"""

from __future__ import annotations

from .dispatch import dispatcher as _dispatch
from .dispatch.dispatcher import OpHandle
from .vocab.dispatch_keys import DispatchKey, key_named

__all__ = ["impl", "Registration", "restore", "schema", "registrations"]


class Registration:
    """One run-time kernel registration; ``undo()`` (or leaving its ``with`` block) removes
    it. Undoing twice is harmless."""

    def __init__(self, handle: OpHandle, key: DispatchKey, entry: tuple) -> None:
        self.handle = handle  # the op overload it applies to
        self.key = key  # the dispatch key
        self.kernel = entry[0]
        self._entry = entry  # the (kernel, name) pair on the handle's stack

    @property
    def active(self) -> bool:
        return any(e is self._entry for e in self.handle.stacks.get(self.key, ()))

    def undo(self) -> None:
        stack = self.handle.stacks.get(self.key, [])
        self.handle.stacks[self.key] = [e for e in stack if e is not self._entry]
        self.handle.rebuild_table()

    def __enter__(self) -> "Registration":
        return self

    def __exit__(self, *exc) -> None:
        self.undo()

    def __repr__(self) -> str:
        state = "active" if self.active else "undone"
        return f"<Registration {self.handle.name} {self.key}: {self._entry[1]} ({state})>"


def _resolve(op: str) -> OpHandle:
    found = _dispatch.handles()
    if op in found:
        return found[op]
    overloads = [name for name in found if name.partition(".")[0] == op]
    if len(overloads) == 1:
        return found[overloads[0]]
    if overloads:
        raise KeyError(f"op {op!r} has several overloads; name one: {', '.join(overloads)}")
    return _dispatch.handle(op)  # raises KeyError with close matches


def schema(op: str) -> str:
    """The schema a kernel for ``op`` implements, e.g. 'relu(Tensor self) -> Tensor'."""
    return _resolve(op).schema


def _register(h: OpHandle, key: DispatchKey, fn) -> Registration:
    if not callable(fn):
        raise TypeError(f"al.library.impl: the kernel must be callable, got {fn!r}")
    name = f"library: {getattr(fn, '__module__', '?')}.{getattr(fn, '__qualname__', repr(fn))}"
    entry = (fn, name)
    h.stacks.setdefault(key, []).append(entry)
    h.rebuild_table()
    return Registration(h, key, entry)


def impl(op: str, key: str, fn=None):
    """Register ``fn`` as the kernel of ``op`` ('relu', or 'add.Tensor' when the name has
    several overloads) for dispatch ``key``. With ``fn`` returns the Registration; without,
    a decorator that registers the function and returns it unchanged."""
    h = _resolve(op)
    try:
        key = key_named(key)  # the key object (Note [Dispatch key objects])
    except ValueError as e:
        raise ValueError(f"al.library.impl: {e}") from None
    if fn is not None:
        return _register(h, key, fn)

    def decorator(f):
        _register(h, key, f)
        return f

    return decorator


def registrations(op: str | None = None) -> list[Registration]:
    """The run-time registrations now active (of one op, or of all)."""
    handles = [_resolve(op)] if op is not None else list(_dispatch.handles().values())
    found = []
    for h in handles:
        for key, stack in h.stacks.items():
            found += [Registration(h, key, e) for e in stack if e[1].startswith("library: ")]
    return found


def restore(op: str, key: str | None = None) -> None:
    """Remove every run-time registration of ``op`` (for one key, or all), restoring the
    kernels the YAML declared."""
    for r in registrations(op):
        if key is None or r.key == key:
            r.undo()

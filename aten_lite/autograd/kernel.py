"""The Autograd dispatch key's kernel: record a node, then run the op below autograd.

The dispatcher calls an op's Autograd kernel only when grad mode is on and some tensor
argument requires grad (Note [The journey of an op] in dispatch/dispatcher.py), so code here never runs
on the common no-grad path. Ops with a derivatives.yaml entry use their generated recorder;
the rest are handled generically below.

Note [Recorders are the kernels]
Each op's Autograd kernel is its generated recorder itself, bound to the op's handle
(``_bind``, called by the dispatcher when it builds the op's table): no wrapper frame and no
look-up of the recorder per call. ``_RECORDERS`` (op name -> ``make(handle)``, the
generated ``RECORDERS`` plus what op libraries install) rebinds the op whenever an entry is
set or removed, so a library loaded later, or a test removing a formula, takes effect at once.
In-place ops keep one wrapper: a write into a view is rebased first (Note [CopySlices]).

Note [Sparse input to a keeps_zero op]
A `keeps_zero: true` op maps the values of a coalesced sparse tensor (backends/sparse/),
but its derivatives.yaml formula is written for dense tensors: tanh's ``1 - result * result``
would need ops that sparse tensors lack. So with a sparse input, the recorder of such an op
(its first line calls node.py's ``through_values``) differentiates the composition coalesce
-> values() -> f -> sparse_coo_tensor (same indices and size), each recorded by its own node:
f's formula then sees dense values, and the input's gradient is sparse with its coalesced
pattern.
"""

from __future__ import annotations

from ..dispatch import dispatcher as _dispatch
from ..vocab.dispatch_keys import AUTOGRAD
from .._generated.autograd_nodes import RECORDERS
from ..tensors.tensor import Tensor
from .copy_slices import inplace_on_view
from .node import NotImplementedBackward, check_inplace, edge, set_history

__all__ = ["autograd_kernel", "install"]


class _Recorders(dict):
    """Op name -> recorder maker; changing an entry rebinds that op (Note [Recorders are the
    kernels])."""

    def __setitem__(self, name, make) -> None:
        super().__setitem__(name, make)
        _rebind(name)

    def __delitem__(self, name) -> None:
        super().__delitem__(name)
        _rebind(name)

    def pop(self, name, *default):
        made = super().pop(name, *default)
        _rebind(name)
        return made

    def popitem(self):
        name, made = super().popitem()
        _rebind(name)
        return name, made

    def setdefault(self, name, make=None):
        if name not in self:
            self[name] = make
        return self[name]

    def update(self, *others, **entries) -> None:
        for name, make in dict(*others, **entries).items():
            self[name] = make

    def __ior__(self, other):
        self.update(other)
        return self

    def clear(self) -> None:
        names = list(self)
        super().clear()
        for name in names:
            _rebind(name)


def _rebind(name: str) -> None:
    h = _dispatch.handles().get(name)
    if h is not None:
        h.rebuild_table()


_RECORDERS = _Recorders()


def install() -> None:
    """Register the kernel with the dispatcher. Called by ``aten_lite/__init__.py`` once the
    ops exist (the generated nodes import them)."""
    dict.update(_RECORDERS, RECORDERS)  # set_autograd_kernel binds every op once, below
    _dispatch.set_autograd_kernel(autograd_kernel)


def autograd_kernel(op, args: tuple):
    """The Autograd kernel of ``op`` called unbound: what a hook set with
    ``set_autograd_kernel`` calls to record as this package does. The dispatcher itself binds
    it once per op (``_bind``); this runs the op's bound entry."""
    kernel = op.table.get(AUTOGRAD)
    if kernel is None or op.stacks.get(AUTOGRAD) or \
            _dispatch.autograd_hook() is not autograd_kernel:
        kernel = _bind(op)  # the table holds another kernel (a library's, a hook's wrapper)
    return kernel(*args)


def _bind(op):
    """The Autograd kernel of one op, taking its arguments in schema order."""
    make = _RECORDERS.get(op.name)
    if make is None:
        def kernel(*args):
            return _without_formula(op, args)
    else:
        kernel = make(op)
    if op.kind == "inplace":
        kernel = _rebasing(op, kernel)
    kernel.__qualname__ = f"autograd_kernel[{op.name}]"
    return kernel


autograd_kernel.bind = _bind  # type: ignore[attr-defined]


def _rebasing(op, record):
    """An in-place op's kernel: a write into a view is recorded on the view and rebases its
    base (Note [CopySlices] in copy_slices.py)."""
    def kernel(*args):
        x = args[0]
        if isinstance(x, Tensor) and x._base is not None:
            return inplace_on_view(op, args, record)
        return record(*args)

    return kernel


def _without_formula(op, args: tuple):
    """An op with no derivative: refuse out=/mutable forms, otherwise run it and, if it has
    floating outputs, give them a node that raises when backward reaches it."""
    if op.kind in ("out", "mutable"):
        raise RuntimeError(
            f"{op.base}(): functions with out=... arguments don't support automatic "
            "differentiation, but one of the arguments requires grad."
            if op.kind == "out" else
            f"{op.base}(): writes its arguments in place and has no derivative, but one of "
            "the arguments requires grad; call it under al.no_grad()"
        )
    tensors = _tensor_args(op, args)
    if op.kind == "inplace":
        check_inplace(op, args[0])
    result = op.redispatch_below_autograd(args)
    outs = result if isinstance(result, (tuple, list)) else (result,)
    if not any(isinstance(t, Tensor) and t._dtype.is_floating_point for t in outs):
        return result  # integer and bool results never require grad
    node = NotImplementedBackward()
    node._next = tuple(edge(t) if t._requires_grad else None for t in tensors)
    node._hooks = None
    node._released = False
    node._op_name = op.name
    for i, t in enumerate(outs):
        if isinstance(t, Tensor):
            set_history(t, node, i)
    return result


def _tensor_args(op, args: tuple) -> list:
    found = []
    for i in op.tensor_pos:
        x = args[i]
        if isinstance(x, Tensor):
            found.append(x)
        elif isinstance(x, (list, tuple)):
            found.extend(t for t in x if isinstance(t, Tensor))
    return found

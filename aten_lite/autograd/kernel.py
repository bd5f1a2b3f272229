"""The Autograd dispatch key's kernel: record a node, then run the op below autograd.

The dispatcher calls ``autograd_kernel(op, args)`` only when grad mode is on and some tensor
argument requires grad (Note [The journey of an op] in _dispatch.py), so code here never runs
on the common no-grad path. Ops with a derivatives.yaml entry use their generated recorder;
the rest are handled generically below.
"""

from __future__ import annotations

from .._tensor import Tensor
from .node import NotImplementedBackward, check_inplace, edge, set_history

__all__ = ["autograd_kernel", "install"]

_RECORDERS: dict = {}


def install() -> None:
    """Register the kernel with the dispatcher. Called by ``aten_lite/__init__.py`` once the
    ops exist (the generated nodes import them)."""
    from .._dispatch import set_autograd_kernel
    from .._generated.autograd_nodes import RECORDERS

    _RECORDERS.update(RECORDERS)
    set_autograd_kernel(autograd_kernel)


def autograd_kernel(op, args: tuple):
    record = _RECORDERS.get(op.name)
    if record is not None:
        return record(op, args)
    return _without_formula(op, args)


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

"""The Autograd dispatch key's kernel: record a node, then run the op below autograd.

The dispatcher calls ``autograd_kernel(op, args)`` only when grad mode is on and some tensor
argument requires grad (Note [The journey of an op] in _dispatch.py), so code here never runs
on the common no-grad path. Ops with a derivatives.yaml entry use their generated recorder;
the rest are handled generically below.

Note [Sparse input to a keeps_zero op]
A `keeps_zero: true` op maps the values of a coalesced sparse tensor (backends/sparse.py),
but its derivatives.yaml formula is written for dense tensors: tanh's ``1 - result * result``
would need ops that sparse tensors lack. So with a sparse input, the recorder of such an op
(``_through_values``) differentiates the composition coalesce -> values() -> f ->
sparse_coo_tensor (same indices and size), each recorded by its own node: f's formula then
sees dense values, and the input's gradient is sparse with its coalesced pattern.
"""

from __future__ import annotations

from .._dispatch import handles, set_autograd_kernel
from .._generated.autograd_nodes import RECORDERS
from .._generated.ops import sparse_coo_tensor
from .._tensor import Tensor
from .copy_slices import inplace_on_view
from .node import NotImplementedBackward, check_inplace, edge, set_history

__all__ = ["autograd_kernel", "install"]

_RECORDERS: dict = {}


def install() -> None:
    """Register the kernel with the dispatcher. Called by ``aten_lite/__init__.py`` once the
    ops exist (the generated nodes import them)."""
    _RECORDERS.update(RECORDERS)
    for name, h in handles().items():
        if h.keeps_zero and h.kind == "functional" and name in _RECORDERS:
            _RECORDERS[name] = _through_values(_RECORDERS[name])
    set_autograd_kernel(autograd_kernel)


def autograd_kernel(op, args: tuple):
    record = _RECORDERS.get(op.name, _without_formula)
    if op.kind == "inplace" and isinstance(args[0], Tensor) and args[0]._base is not None:
        return inplace_on_view(op, args, record)  # Note [CopySlices]
    return record(op, args)


def _bind(op):
    """``autograd_kernel`` for one op (the dispatcher's ``bind``): a functional op's kernel
    looks up its recorder on each call, so recorders an op library installs later apply."""
    if op.kind == "inplace":
        return lambda *args: autograd_kernel(op, args)
    name = op.name

    def kernel(*args):
        return _RECORDERS.get(name, _without_formula)(op, args)

    kernel.__qualname__ = f"autograd_kernel[{name}]"
    return kernel


autograd_kernel.bind = _bind  # type: ignore[attr-defined]


def _through_values(record):
    """The recorder of a keeps_zero op: ``record`` for a dense input, the composition of
    differentiable ops for a sparse one (Note [Sparse input to a keeps_zero op])."""
    def run(op, args: tuple):
        self = args[0]
        if not (isinstance(self, Tensor) and self.is_sparse):
            return record(op, args)
        s = self.coalesce()
        result = op.call((s.values(),) + args[1:])  # the Autograd key again, on dense values
        return sparse_coo_tensor(s._indices(), result, s._shape, is_coalesced=True)

    return run


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

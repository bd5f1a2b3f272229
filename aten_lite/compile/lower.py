"""Array-level replay: the scheduled entries the executor runs on NumPy arrays, not Tensors.

Note [Array-level replay]
Inside a replay nobody sees an intermediate value but the next kernel, and a plan knows every
shape, dtype and broadcast when it is built. So the executor (Note [Replay]) runs the entries
listed here on the arrays themselves: a transpose is ``a.T``, a matrix product is the same
``np.dot(a, b, out=empty)`` the CPU ``mm`` kernel runs (the BLAS gets transposed operands as
flags, no copy), and a built fused kernel is its C++ entry called with the outputs allocated
(or the dead buffer memory planning gave it) and the inputs broadcast as decided now, not per
call. None of them checks shapes or dtypes again: capture computed them with the ops' Meta
rules, the guard keeps every call to those, and the C++ entry of a fused kernel still checks
the arrays it gets. Every other node runs its CPU kernel on Tensors (``_wrap`` of an array,
``._a`` of a result), and the values a graph returns are Tensors. Results equal eager's: the
same kernels run on the same arrays in the same order.
"""

from __future__ import annotations

import numpy as np

from .._tensor import empty_array

try:  # the builder module (branch `fuse`); without it every group runs the reference
    from .kernels import FusedKernel
except ImportError:
    FusedKernel = None

__all__ = ["node_call", "group_call", "NAMESPACE"]

# What the generated lines call, bound in every plan's namespace.
NAMESPACE = {"_dot": np.dot, "_empty": empty_array, "_bcast": np.broadcast_to}

_BLAS = ("float32", "float64")


def node_call(node, const):
    """The source of ``node``'s call on arrays, with ``{0}``, ``{1}``... for its tensor
    arguments' array names, or None when the node runs its kernel on Tensors.
    ``const(value, prefix)`` binds a value in the plan's namespace and returns its name."""
    if node.op == "t" and len(node.outputs) == 1:
        return "{0}.T"
    if node.op == "mm":
        a, b = node.args
        out = node.outputs[0]
        if a.dtype is b.dtype is out.dtype and out.dtype.name in _BLAS:
            return f"_dot({{0}}, {{1}}, _empty({out.shape!r}, {const(out.dtype, 'd')}))"
    return None


def group_call(group, const, outs: list) -> list | None:
    """The source lines running fused ``group`` on arrays: ``ins`` are the array names of
    its inputs (as ``{0}``, ``{1}``...), ``outs`` the array names its outputs get, each with
    the array name of the dead buffer it writes into or None. None when the group runs on
    Tensors (the reference executor, or a reduction)."""
    kernel = group.kernel
    if FusedKernel is None or type(kernel) is not FusedKernel or kernel.spec.reduction is not None:
        return None
    space = tuple(group.space)
    entry = const(kernel._kernel, "fk")
    lines = []
    for (name, buffer), v in zip(outs, group.outputs):
        if buffer is None:
            lines.append(f"{name} = _empty({space!r}, {const(v.dtype, 'd')})")
        else:
            lines.append(f"{name} = {buffer}")
    args = [f"{{{i}}}" if tuple(v.shape) == space else f"_bcast({{{i}}}, {space!r})"
            for i, v in enumerate(group.inputs)]
    lines.append(f"{entry}(0, {', '.join(name for name, _ in outs)}, {', '.join(args)})")
    return lines

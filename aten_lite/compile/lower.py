"""Array-level replay: the scheduled entries the executor runs on NumPy arrays, not Tensors.

Note [Array-level replay]
Inside a replay nobody sees an intermediate value but the next kernel, and a plan knows every
shape, dtype and broadcast when it is built. So the executor (Note [Replay]) runs the entries
listed here on the arrays themselves: a transpose is ``a.T``, a matrix product the CPU ``mm``
kernel's ``matmul_into`` (transposed operands read where they lie), and a built fused kernel
its C++ entry called with the outputs allocated (or the dead buffer memory planning gave it)
and the inputs broadcast as decided now, not per call. None of them checks shapes or dtypes again: capture computed them with the ops' Meta
rules, the guard keeps every call to those, and the C++ entry of a fused kernel still checks
the arrays it gets. Every other node runs its CPU kernel on Tensors (``_wrap`` of an array,
``._a`` of a result), and the values a graph returns are Tensors, except those a forward
graph saves for its backward graph, which pass from one plan to the other as arrays.
Results equal eager's: the same kernels run on the same arrays in the same order.
"""

from __future__ import annotations

import numpy as np

from ..rules.kernel_rules import c_kernel
from ..rules.stream_products import dot_into
from ..tensors.tensor import Tensor, _c_empty
from ..vocab.dispatch_keys import CPU
from .ir import Value
from .symbolic import SymDim, is_symbolic

try:  # the builder module (branch `fuse`); without it every group runs the reference
    from .kernels import FusedKernel
except ImportError:
    FusedKernel = None

__all__ = ["node_call", "group_call", "NAMESPACE"]

_wrap = Tensor._wrap
_empty = _c_empty or np.empty

class _Broadcast:
    """``np.broadcast_to(a, shape)`` of a constant's array (a bias), made again only when the
    constant holds another array: building the view costs more than a small fused kernel.
    The (array, view) pair is replaced whole, so concurrent replays never pair them wrongly."""

    __slots__ = ("shape", "last")

    def __init__(self, shape) -> None:
        self.shape = shape
        self.last = (None, None)

    def __call__(self, a):
        last = self.last
        if last[0] is not a:
            last = self.last = (a, np.broadcast_to(a, self.shape))
        return last[1]


_BLAS = ("float32", "float64")


def node_call(node, const):
    """The source lines of ``node``'s call on arrays, with ``{out}`` for its result's array
    name and ``{0}``, ``{1}``... for its tensor arguments', or None when the node runs its
    kernel on Tensors. ``const(value, prefix)`` binds a value in the plan's namespace and
    returns its name."""
    if node.op == "t" and len(node.outputs) == 1:
        return ["{out} = {0}.T"]
    if node.op == "mm":
        a, b = node.args
        out = node.outputs[0]
        if a.dtype is b.dtype is out.dtype and out.dtype.name in _BLAS:
            dtype = const(out.dtype.np, "d")
            return [f"{{out}} = _dot({{0}}, {{1}}, _empty({out.shape!r}, {dtype}))"]
        return None
    if node.op == "sum":
        return _sum_call(node, const)
    if node.op in ("softmax.int", "log_softmax.int", "_log_softmax_backward"):
        return _rows_call(node, const)
    if node.op in ("nll_loss", "_nll_loss_backward"):
        return _nll_call(node, const)
    return _elementwise_call(node, const)


def _nll_call(node, const):
    """nll_loss (mean or sum, no weight) of a float32/float64 [N, C] matrix and its
    backward: the forward is eager's C++ entry, the backward eager's array steps, without
    their per-call rules. ``ignore_index`` must lie
    outside -C..C-1 (NumPy's valid indices): then an ignored or out-of-range target fails
    the indexing, and that call runs eager's kernel, which ignores the rows or raises its
    error. Other targets index exactly as in eager's kernel."""
    backward = node.op == "_nll_loss_backward"
    args = node.args[1:] if backward else node.args
    x, target, weight, reduction, ignore = args
    if len(x.shape) != 2 or 0 in x.shape or x.dtype.name not in _BLAS or weight is not None \
            or target.shape != x.shape[:1] or target.dtype.name != "int64" \
            or reduction not in (1, 2) or type(ignore) is not int \
            or -x.shape[1] <= ignore < x.shape[1] \
            or (backward and (node.args[0].dtype is not x.dtype or node.args[0].shape != ())):
        return None
    eager = const(node.handle.table[CPU], "k")
    n = x.shape[0]
    # a batch of s0 rows (Note [Shape-generic replays]): the row indices of this call's size
    rows = f"_arange({n!r})" if isinstance(n, SymDim) else const(np.arange(n), "rows")
    if backward:
        scale = f", {n}" if reduction == 1 else ", None"
        return [f"{{out}} = _nll_backward({eager}, {{0}}, {{1}}, {{2}}, {rows}{scale}, "
                f"{(n,) + x.shape[1:]!r}, {reduction}, {ignore})"]
    kernel = const(c_kernel("nll_loss"), "ck")
    return [f"{{out}} = _nll({kernel}, {eager}, {x.dtype.code}, {{0}}, {{1}}, "
            f"{const(x.dtype.np, 'd')}, {reduction}, {ignore})"]


def _nll(kernel, eager, code, x, target, dtype, reduction, ignore):
    """Eager's C++ ``nll_loss`` entry on the arrays (so the loss is eager's bit for bit);
    an ignored row or a bad target: eager's kernel decides (ignores it or raises)."""
    out = _empty((), dtype)
    if kernel(code, out, x, target, ignore, reduction):
        return eager(_wrap(x), _wrap(target), None, reduction, ignore)._a
    return out


def _nll_backward(eager, grad, x, target, rows, divisor, shape, reduction, ignore):
    g = grad[()]  # the loss is 0-dim: its gradient is one number, of the loss's dtype
    if divisor is not None:
        g = g / divisor
    out = np.zeros(shape, x.dtype)
    try:
        out[rows, target.view(np.uint64)] = -g
    except IndexError:  # an ignored row or a bad target: eager's kernel decides
        return eager(_wrap(grad), _wrap(x), _wrap(target), None, reduction, ignore)._a
    return out


def _rows_call(node, const):
    """softmax, log_softmax and log_softmax's backward over the last dim of a float32/float64
    matrix: the one C++ pass per row that eager's kernels run on exactly these arrays."""
    out = node.outputs[0]
    tensors = [a for a in node.args if isinstance(a, Value)]
    dim, extra = (node.args[1], node.args[2:]) if ".int" in node.op else (node.args[2], ())
    if len(out.shape) != 2 or 0 in out.shape or out.dtype.name not in _BLAS \
            or type(dim) is not int or dim not in (1, -1) or extra not in ((), (None,)) \
            or any(v.dtype is not out.dtype or v.shape != out.shape for v in tensors):
        return None
    name = node.op.replace(".int", "").lstrip("_")
    args = "".join(f", {{{i}}}" for i in range(len(tensors)))
    return _into(const, name, out.dtype, out, args)


def _elementwise_call(node, const):
    """A functional ``elementwise:`` op whose tensors all have its float result dtype: the
    C++ entry eager's kernel calls, with that dtype as the compute dtype (what default
    promotion makes of one float dtype), Scalars passed as given, broadcasting in C++."""
    h = node.handle
    if h.kind != "functional" or not h.elementwise or h.type_promotion != "default" \
            or len(node.outputs) != 1 or CPU in h.dispatch:  # a named kernel: not the loop
        return None
    out = node.outputs[0]
    n = len(h.tensor_pos)
    tensors, scalars = node.args[:n], node.args[n:]
    if not out.dtype.is_floating_point or out.dtype.name not in h.dtypes \
            or h.tensor_pos != tuple(range(n)) \
            or any(not isinstance(v, Value) or v.dtype is not out.dtype for v in tensors) \
            or any(type(x) not in (bool, int, float) for x in scalars):
        return None
    args = "".join(f", {{{i}}}" for i in range(n)) + "".join(f", {x!r}" for x in scalars)
    return _into(const, h.name, out.dtype, out, args)


def _sum_call(node, const):
    """``sum(x, dims)`` of a float tensor into its own dtype: eager's reduction kernel's
    plan made once (reduced dims permuted last unless they already are), then its C++ entry."""
    x, dim, keepdim, dtype = node.args
    out = node.outputs[0]
    nd = len(x.shape)
    if dtype is not None or CPU in node.handle.dispatch or x.dtype is not out.dtype \
            or not x.dtype.is_floating_point or not isinstance(dim, (list, tuple)) or not dim \
            or 0 in x.shape or any(type(d) is not int or not -nd <= d < nd for d in dim):
        return None
    dims = sorted({d % nd for d in dim})
    kept = [i for i in range(nd) if i not in dims]
    perm = kept + dims
    src = ", {0}" if perm == list(range(nd)) else ", {0}.T" if perm == [1, 0] else \
        f", {{0}}.transpose({tuple(perm)!r})"
    lines = _into(const, "sum", x.dtype, out, src, tuple(x.shape[i] for i in kept))
    if len(kept) != len(out.shape):  # keepdim
        lines.append(f"{{out}} = {{out}}.reshape({tuple(out.shape)!r})")
    return lines


def _into(const, name: str, compute, out, args: str, shape=None) -> list:
    """Lines allocating ``out`` (of ``shape``, default its own) and running C++ entry
    ``name`` into it in the ``compute`` dtype: ``entry(code, out, *args)``, as eager's
    kernels call it."""
    shape = tuple(out.shape) if shape is None else shape
    return [f"{{out}} = _empty({shape!r}, {const(out.dtype.np, 'd')})",
            f"{const(c_kernel(name), 'ck')}({compute.code}, {{out}}{args})"]


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
            lines.append(f"{name} = _empty({space!r}, {const(v.dtype.np, 'd')})")
        else:
            lines.append(f"{name} = {buffer}")
    args = [f"{{{i}}}" if tuple(v.shape) == space else
            f"{const(_Broadcast(space), 'bc')}({{{i}}})" if v.kind == "const"
            and not is_symbolic(space) else
            f"_bcast({{{i}}}, {space!r})" for i, v in enumerate(group.inputs)]
    lines.append(f"{entry}(0, {', '.join(name for name, _ in outs)}, {', '.join(args)})")
    return lines


_ARANGES: dict = {}  # n -> np.arange(n), read-only: a shape-generic replay's row indices


def _arange(n: int):
    rows = _ARANGES.get(n)
    if rows is None:
        if len(_ARANGES) >= 64:
            _ARANGES.clear()
        rows = _ARANGES[n] = np.arange(n)
        rows.flags.writeable = False
    return rows


# What the generated lines call, bound in every plan's namespace.
# _empty(shape, numpy dtype): what empty_array calls (Note [Large block cache] in
# aten_lite/csrc/allocator.h), one Python call less.
NAMESPACE = {"_dot": dot_into, "_empty": _c_empty or np.empty, "_bcast": np.broadcast_to,
             "_nll": _nll, "_nll_backward": _nll_backward, "_arange": _arange}

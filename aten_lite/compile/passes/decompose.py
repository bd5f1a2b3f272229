"""Decomposition: softmax, log_softmax, their backwards and layer_norm's forward over the last
dim become the elementwise ops and row reductions they are made of, so that row fusion (Note
[Row fusion] in fusion.py) runs them, and the ops around them, as one kernel.

Note [Decomposing softmax]
Eager's ``softmax`` (amax, sub, exp, sum, reciprocal, mul), its backward and ``_layer_norm``
(nn.LayerNorm's op: mean, sub, mul, mean, add, rsqrt, mul, mul, add) are each one C++ pass
(backends/cpu/softmax.py, backends/cpu/normalization.py) computing those ops in that order; a row group
computes the same ops in the same order (the row sums fold as eager's do) in one kernel that
also takes in the elementwise ops around them, so the backward and layer_norm are always
decomposed. ``softmax``, ``log_softmax`` and its backward have faster one-pass kernels (which
replay runs on arrays, lower.py), so they are decomposed only in a chain: when the op making
their input or one reading their result is elementwise (the row kernel then saves a pass);
and the log_softmax ops only for rows of at least _MIN_ONE_PASS_ROW elements (softmax's
are: attention's rows of 32): a row kernel costs ~1 us a row more than the one-pass kernel,
which a row of 16 did not earn back (``log_softmax(x + b, -1)`` on (32768, 16): 33 ms
decomposed against 21 ms; on (512, 1024): 8 ms against 15 ms, one thread).
The result Value keeps its identity (the last new node makes it), so what read or saved the
op's result reads the decomposition's. Only a float32 or float64 op without ``dtype=``, over
the last dim of at least 2 dims, with a row of 2 to fusion._MAX_ROW elements, is decomposed.
"""

from __future__ import annotations

from ...dispatch.dispatcher import handle
from ...tensors.tensor import contiguous_strides
from ..ir import Node, Value

__all__ = ["run"]

_OPS = ("softmax.int", "log_softmax.int", "_log_softmax_backward", "_softmax_backward",
        "_layer_norm")
# Decomposed wherever eligible: eager runs each as one C++ pass computing these very ops in
# this order, so a row group gives its bits and fuses what surrounds it.
_ALWAYS = ("_softmax_backward", "_layer_norm")
_ONE_PASS = ("log_softmax.int", "_log_softmax_backward")  # rows >= _MIN_ONE_PASS_ROW only
_MIN_ONE_PASS_ROW = 128  # Note [Decomposing softmax]


def run(graph, max_row: int) -> int:
    """Decompose the eligible ops of ``graph`` (Note [Decomposing softmax]); returns how many."""
    readers: dict = {}
    for n in graph.nodes:
        for v in n.inputs():
            readers.setdefault(id(v), []).append(n)
    next_id = max((n.id for n in graph.nodes), default=-1) + 1
    done = []
    for node in list(graph.nodes):
        if node.op not in _OPS or not _eligible(node, max_row):
            continue
        if (node.op not in _ALWAYS and not _in_chain(node, readers)) or \
                (node.op in _ONE_PASS and node.outputs[0].shape[-1] < _MIN_ONE_PASS_ROW):
            continue
        made = _expand(graph, node, next_id)
        next_id += len(made)
        at = graph.nodes.index(node)
        graph.nodes[at:at + 1] = made
        done.append(node)
    graph.removed.setdefault("decompose", []).extend(done)
    return len(done)


def _eligible(node, max_row: int) -> bool:
    out = node.outputs[0]
    if node.op == "_layer_norm":
        x, weight, bias, _ = node.args
        nd = len(out.shape)
        return len(node.outputs) == 1 and nd >= 2 and not node.impure and \
            out.dtype.name in ("float32", "float64") and 2 <= out.shape[-1] <= max_row and \
            isinstance(x, Value) and x.shape == out.shape and x.dtype is out.dtype and \
            all(isinstance(t, Value) and t.dtype is out.dtype and t.shape == out.shape[-1:]
                for t in (weight, bias))
    if node.op in ("_log_softmax_backward", "_softmax_backward"):
        tensors, dim, extra = node.args[:2], node.args[2], None
    else:
        tensors, dim, extra = node.args[:1], node.args[1], node.args[2]
    nd = len(out.shape)
    return len(node.outputs) == 1 and extra is None and type(dim) is int and nd >= 2 \
        and -nd <= dim < nd and dim % nd == nd - 1 and out.dtype.name in ("float32", "float64") \
        and all(isinstance(t, Value) and t.dtype is out.dtype and t.shape == out.shape
                for t in tensors) and 2 <= out.shape[-1] <= max_row and not node.impure


def _in_chain(node, readers) -> bool:
    def fusible(n) -> bool:
        return n is not None and n.handle.kind == "functional" and bool(n.handle.elementwise)

    return any(fusible(v.producer) for v in node.inputs()) or \
        any(fusible(r) for r in readers.get(id(node.outputs[0]), ()))


def _expand(graph, node, next_id: int) -> list:
    out = node.outputs[0]
    nd = len(out.shape)
    row = out.shape[:-1] + (1,)
    dims = (nd - 1,)
    made: list = []

    def op(name, args, shape, last=False):
        value = out if last else graph.new_value("node", shape, contiguous_strides(shape),
                                                 out.dtype)
        n = Node(next_id + len(made), name, handle(name), tuple(args), [value], node.where)
        value.producer = n
        made.append(n)
        return value

    if node.op == "_layer_norm":  # Note [Decomposing softmax]; nn.functional.layer_norm's ops
        x, weight, bias, eps = node.args
        mean = op("mean", (x, dims, True, None), row)
        centered = op("sub.Tensor", (x, mean, 1), out.shape)
        squares = op("mul.Tensor", (centered, centered), out.shape)
        var = op("mean", (squares, dims, True, None), row)
        rstd = op("rsqrt", (op("add.Tensor", (var, eps, 1), row),), row)
        normed = op("mul.Tensor", (op("mul.Tensor", (centered, rstd), out.shape), weight),
                    out.shape)
        op("add.Tensor", (normed, bias, 1), out.shape, last=True)
        return made
    if node.op == "_softmax_backward":  # probs * (grad - (grad * probs).sum(-1))
        grad, probs = node.args[:2]
        total = op("sum", (op("mul.Tensor", (grad, probs), out.shape), dims, True, None), row)
        op("mul.Tensor", (probs, op("sub.Tensor", (grad, total, 1), out.shape)), out.shape,
           last=True)
        return made
    if node.op == "_log_softmax_backward":
        grad, result = node.args[:2]
        total = op("sum", (grad, dims, True, None), row)
        p = op("exp", (result,), out.shape)
        q = op("mul.Tensor", (p, total), out.shape)
        op("sub.Tensor", (grad, q, 1), out.shape, last=True)
        return made
    x = node.args[0]
    m = op("amax", (x, dims, True), row)
    s = op("sub.Tensor", (x, m, 1), out.shape)
    e = op("exp", (s,), out.shape)
    total = op("sum", (e, dims, True, None), row)
    if node.op == "softmax.int":  # Note [Softmax scales by the reciprocal] in csrc/softmax.h
        op("mul.Tensor", (e, op("reciprocal", (total,), row)), out.shape, last=True)
    else:
        lg = op("log", (total,), row)
        op("sub.Tensor", (s, lg, 1), out.shape, last=True)
    return made

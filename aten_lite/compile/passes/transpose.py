"""Transpose folding: ``mm(a, b).t()`` becomes ``mm(b.t(), a.t())``, a product laid out row-major.

Note [Folding transposes into products]
A Linear's weight gradient arrives as ``t(mm(t(x), grad))`` (mm's formula, then the weight's
``t``): a transposed view that the autograd engine copies to make ``.grad`` contiguous, as
torch's layout contract asks. Computing ``mm(t(grad), x)`` instead gives the same matrix
already contiguous, with no copy, and the BLAS takes both transposed operands as flags
(Note [Array-level replay]). ``t(t(v))`` is ``v``, so no new transpose survives where one
was folded. The product's own result must have no other reader, or it would be computed
twice. The two orders sum the same terms in different blocks, so the gradients equal
eager's within float rounding, not bit for bit.

>>> import aten_lite as al
>>> g = al.compile(lambda a, b: (a.t() @ b).t()).graph(al.ones(3, 2), al.ones(3, 4))
>>> [n.op for n in g.nodes], [n.op for n in g.removed["transpose"]]
(['t', 'mm'], ['t', 'mm', 't'])
"""

from __future__ import annotations

from ..ir import Node
from ...tensors.tensor import contiguous_strides

__all__ = ["run"]


def run(graph) -> int:
    """Fold every ``t(mm(a, b))`` in ``graph``; returns how many."""
    readers: dict = {}
    for n in graph.nodes:
        for v in n.inputs():
            readers.setdefault(id(v), []).append(n)
    outputs = {id(v) for v in graph.outputs if v is not None}
    next_id = max((n.id for n in graph.nodes), default=-1) + 1
    folded = []
    for t in list(graph.nodes):
        product = t.args[0] if t.op == "t" and t.args else None
        mm = getattr(product, "producer", None)
        if mm is None or mm.op != "mm" or mm not in graph.nodes or id(product) in outputs \
                or len(readers.get(id(product), ())) != 1 or len(product.shape) != 2:
            continue
        a, b = mm.args
        new = []
        left, made = _transposed(graph, b, t, next_id)
        new += made
        right, made = _transposed(graph, a, t, next_id + len(new))
        new += made
        out = t.outputs[0]
        value = graph.new_value("node", out.shape, contiguous_strides(out.shape), out.dtype)
        node = Node(next_id + len(new), mm.op, mm.handle, (left, right), [value], mm.where)
        value.producer = node
        new.append(node)
        next_id += len(new)
        at = graph.nodes.index(mm)
        graph.nodes[at:at] = new
        graph.replace_uses(out, value)
        gone = [n for n in (a.producer, b.producer) if n is not None and n.op == "t"]
        folded.append((t, mm, gone))
    removed = graph.removed.setdefault("transpose", [])
    for t, mm, gone in folded:
        graph.nodes.remove(t)
        graph.nodes.remove(mm)
        read = {id(v) for m in graph.nodes for v in m.inputs()} | outputs
        # A t whose transpose was folded away goes too, unless something else reads it.
        gone = [n for n in gone if n in graph.nodes and id(n.outputs[0]) not in read]
        for n in gone:
            graph.nodes.remove(n)
        removed += gone + [mm, t]
    return len(folded)


def _transposed(graph, v, like: Node, next_id: int):
    """(a Value holding ``v.t()``, the nodes made for it): ``w`` itself when ``v`` is
    ``t(w)``, else a new ``t`` node placed where the product was."""
    p = v.producer
    if p is not None and p.op == "t" and len(p.args[0].shape) == 2:
        return p.args[0], []
    shape, strides = tuple(reversed(v.shape)), tuple(reversed(v.strides))
    value = graph.new_value("node", shape, strides, v.dtype)
    value.root = v.root
    node = Node(next_id, like.op, like.handle, (v,), [value], like.where)
    value.producer = node
    return value, [node]

"""Common-subexpression elimination: a second identical call reuses the first one's outputs.

Two nodes are the same computation when they call the same overload with the same arguments:
the same Values, and equal Python constants of the same type (``1`` and ``1.0`` differ:
they can promote differently). Only nodes that write nothing qualify, and none whose inputs
share storage with a tensor some node writes (the second call could see other values), nor
whose outputs do (``a, _ = x.max(0); b, _ = x.max(0); b.mul_(2)`` must leave ``a`` alone).
Nor are two calls merged when both hand a tensor to the caller (a returned value, or a live
local of a split call's segment): ``return x.sum(0), x.sum(0)`` gives two tensors, as eager
does, which the caller (or the next segment, after a break) may write one at a time.

>>> import aten_lite as al
>>> def f(x):
...     return x.exp() + x.exp()
>>> g = al.compile(f).graph(al.ones(2))
>>> [n.op for n in g.nodes], [n.op for n in g.removed["cse"]]
(['exp', 'add.Tensor'], ['exp'])
"""

from __future__ import annotations

from ..ir import Value

__all__ = ["run"]


def run(graph) -> int:
    """Merge repeated computations in ``graph``; returns how many nodes went."""
    written = {id(v.root) for n in graph.nodes if n.impure for v in n.inputs()}
    escaping = {id(v.root) for v in graph.outputs[:graph.n_user_outputs] if v is not None}
    seen: dict = {}
    kept, dropped = [], []
    for node in graph.nodes:
        key = None if node.impure or any(id(v.root) in written for v in node.outputs) \
            else _key(node, written)
        first = seen.get(key) if key is not None else None
        if first is not None and _escapes(node, escaping) and _escapes(first, escaping):
            first = None  # two tensors the caller gets: both computed (see the docstring)
        if first is None:
            if key is not None:
                seen[key] = node
            kept.append(node)
            continue
        for old, new in zip(node.outputs, first.outputs):
            graph.replace_uses(old, new)
        dropped.append(node)
    graph.nodes = kept
    graph.removed.setdefault("cse", []).extend(dropped)
    return len(dropped)


def _escapes(node, escaping) -> bool:
    return any(id(v.root) in escaping for v in node.outputs)


def _key(node, written):
    try:
        parts = tuple(_part(a, written) for a in node.args)
        return (node.op,) + parts if hash(parts) is not None else None
    except _NoKey:
        return None


class _NoKey(Exception):
    pass


def _part(a, written):
    if isinstance(a, Value):
        if id(a.root) in written:
            raise _NoKey
        return ("v", a.id)
    if isinstance(a, (list, tuple)):
        return (type(a).__name__,) + tuple(_part(x, written) for x in a)
    if isinstance(a, float):
        return ("float", repr(a))  # -0.0 and 0.0 compare equal but are different constants
    try:
        hash(a)
    except TypeError:
        raise _NoKey from None
    return (type(a).__name__, a)

"""Dead-code elimination: drop nodes whose outputs nothing reads.

A node is dead when none of its outputs is a graph output or read by a live node, and it
writes no tensor (``impure``: an in-place or out= op's write may be read through an alias
later). Walking the nodes backwards decides each once, since readers come after producers.

>>> import aten_lite as al
>>> def f(x):
...     unused = x.exp()
...     return x + 1
>>> g = al.compile(f).graph(al.ones(2))
>>> [n.op for n in g.nodes], [n.op for n in g.removed["dce"]]
(['add.Tensor'], ['exp'])
"""

from __future__ import annotations

__all__ = ["run"]


def run(graph) -> int:
    """Remove dead nodes from ``graph``; returns how many."""
    live = {id(v) for v in graph.outputs if v is not None}
    kept, dropped = [], []
    for node in reversed(graph.nodes):
        if node.impure or any(id(v) in live for v in node.outputs):
            kept.append(node)
            live.update(id(v) for v in node.inputs())
        else:
            dropped.append(node)
    kept.reverse()
    graph.nodes = kept
    graph.removed.setdefault("dce", []).extend(reversed(dropped))
    return len(dropped)

"""Graph passes, one module each; ``optimize(graph)`` runs them in order.

Each pass reads and rewrites a ``Graph`` (ir.py) and records what it did on the graph, so the
printed listing explains it: DCE and CSE remove nodes (``graph.removed``), transpose
folding turns ``t(mm(a, b))`` into a row-major product (Note [Folding transposes into
products] in transpose.py), decomposition turns softmax-like ops into the ops row fusion
groups (Note [Decomposing softmax] in decompose.py), fusion groups nodes (``node.group``, ``graph.groups``),
scheduling orders nodes and groups (``graph.schedule``), memory planning decides when
buffers die and which dead buffer a fused kernel writes into (``graph.memory``), and
branches marks independent spans a replay may run on two threads (``graph.branches``).
"""

from __future__ import annotations

from . import branches, cse, dce, decompose, fusion, memory, schedule, transpose

__all__ = ["optimize"]


def optimize(graph, fuse: bool = True) -> None:
    """Run every pass over ``graph`` in place. A device graph keeps its softmax-like ops
    whole (the device has kernels for them, and its fusion makes no row groups), and runs on
    the device's allocator and queue: no memory plan, no threads (Note [Graphs on a device]
    in compile/device_plan.py)."""
    dce.run(graph)
    cse.run(graph)
    dce.run(graph)
    transpose.run(graph)
    device = graph.device is not None
    if fuse:
        if not device:
            decompose.run(graph, fusion._MAX_ROW)
        fusion.run(graph)
    schedule.run(graph)
    if not device:
        memory.run(graph)
        branches.run(graph)

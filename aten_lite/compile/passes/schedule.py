"""Scheduling: the order the executor runs nodes and fused groups in.

The capture order is a topological order (an op runs after the ops making its inputs), so
the schedule is that order with each fused group run once, at the place of its last member:
fusion only groups nodes for which that place still comes before every reader outside the
group (Note [Fusion groups]). Each entry is a Node or a FusedGroup; the listing numbers them.
Independent branches run in this order too; passes/branches.py marks the spans a replay may
run on two threads instead (Note [Concurrent branches]).
"""

from __future__ import annotations

__all__ = ["run"]


def run(graph) -> list:
    """Set and return ``graph.schedule``."""
    last = {}
    for n in graph.nodes:
        if n.group is not None:
            last[n.group] = n
    order = []
    for n in graph.nodes:
        if n.group is None:
            order.append(n)
        elif last[n.group] is n:
            order.append(graph.groups[n.group])
    graph.schedule = order
    return order

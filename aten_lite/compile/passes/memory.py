"""Memory planning: liveness over the schedule, when each buffer dies, which dead buffer a
fused kernel writes into, and the peak bytes of intermediates beside eager's.

Note [Buffer reuse]
A value dies after the last scheduled entry reading it (the executor's ``del``); graph
outputs (returned or saved for backward) never die. A storage is free once every value
viewing it is dead (``Value.root``). A fused group writes dense tensors of its iteration
space, so an output of it may take the storage of a dead buffer of the same shape and dtype
that owns its storage, is contiguous and was allocated by its kernel (an elementwise or
reduction op, or a fused group: never a buffer that might be an input), passed as ``out``; intermediates inside
a group are never allocated at all. The eager figure runs the same nodes one by one, each
result allocated fresh and freed when its storage dies.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...tensors.tensor import contiguous_strides
from ..ir import Node, reads

__all__ = ["run", "MemoryPlan"]

_END = float("inf")


@dataclass
class MemoryPlan:
    dead_after: list = field(default_factory=list)  # per schedule entry: Values to del after it
    reuse: dict = field(default_factory=dict)  # group output Value -> dead Value whose buffer it takes
    peak_bytes: int = 0  # intermediates alive at once, compiled
    eager_peak_bytes: int = 0  # the same graph run eagerly, op by op

    def describe(self) -> str:
        return (f"peak intermediate bytes: compiled {self.peak_bytes:,} vs eager "
                f"{self.eager_peak_bytes:,}; {len(self.reuse)} buffer(s) reused")


def _makes(item) -> list:
    return list(item.outputs)


def _lifetimes(items, outputs):
    last: dict = {}
    for i, item in enumerate(items):
        for v in reads(item):
            last[id(v)] = i
    for v in outputs:
        if v is not None:
            last[id(v)] = _END
    return last


def run(graph) -> MemoryPlan:
    items = graph.schedule
    last = _lifetimes(items, graph.outputs)
    root_last: dict = {}
    made = {}
    for i, item in enumerate(items):
        for v in _makes(item):
            made[id(v)] = i
            end = last.get(id(v), i)
            root_last[id(v.root)] = max(root_last.get(id(v.root), i), end)
    plan = MemoryPlan(dead_after=[[] for _ in items])
    dies = {}
    for i, item in enumerate(items):
        for v in _makes(item):
            end = last.get(id(v), i)
            if end != _END:
                dies[id(v)] = (v, end)
    taken = set()
    for i, item in enumerate(items):
        if isinstance(item, Node):
            continue
        for v in item.outputs:
            if v.shape != item.space:
                continue  # the reduction's result
            for w, end in list(dies.values()):
                if id(w) in taken or not _fresh(w) or w.shape != v.shape \
                        or w.dtype is not v.dtype or root_last.get(id(w), _END) >= i \
                        or made[id(w)] >= i or w.strides != contiguous_strides(w.shape):
                    continue
                taken.add(id(w))
                plan.reuse[v] = w
                dies[id(w)] = (w, i)  # held until the kernel took its buffer
                root_last[id(v)] = max(root_last.get(id(v), i), root_last[id(w)])
                break
    for v, end in dies.values():
        plan.dead_after[end].append(v)
    plan.peak_bytes = _peak(items, root_last, set(map(id, plan.reuse)))
    plan.eager_peak_bytes = _eager_peak(graph)
    graph.memory = plan
    return plan


def _fresh(w) -> bool:
    """Whether ``w``'s kernel always allocates its result: elementwise and reduction kernels
    and fused groups do; a kernel such as ``contiguous`` may hand back its input, whose buffer
    is not ours to overwrite."""
    node = w.producer
    if w.root is not w or node is None:
        return False
    h = node.handle
    return node.group is not None or (h.kind == "functional" and bool(h.elementwise or h.reduction))


def _peak(items, root_last, reusing) -> int:
    live = peak = 0
    frees: dict = {}
    for i, item in enumerate(items):
        for v in _makes(item):
            if v.root is v and id(v) not in reusing:
                live += v.nbytes
                frees.setdefault(root_last.get(id(v), i), []).append(v.nbytes)
        peak = max(peak, live)
        live -= sum(frees.pop(i, ()))
    return peak


def _eager_peak(graph) -> int:
    last = _lifetimes(graph.nodes, graph.outputs)
    root_last: dict = {}
    for i, n in enumerate(graph.nodes):
        for v in n.outputs:
            root_last[id(v.root)] = max(root_last.get(id(v.root), i), last.get(id(v), i))
    return _peak(graph.nodes, root_last, set())

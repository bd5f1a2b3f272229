"""Independent branches: spans of the schedule whose entries fall into independent chains, which
a replay may run on two threads at once.

Note [Concurrent branches]
The schedule is cut into spans at each *join*, an entry reading values made by two or more
chains of the current span (or at an entry after which nothing in the span is independent).
Within a span, entries linked by the values they read form components; components never
read each other's values, so they may run in any interleaving. A span with two or more
components, each with enough work (``MIN_WORK`` elements written), is a ``Branches``: its
components are split into two sets of about equal work, the *helper* set, which a replay
runs on a helper thread, and the *main* set, which the calling thread runs meanwhile; the
entry after the span waits for both. A span is refused when the graph writes in place (a
write orders readers that no value links), or when a fused kernel of one set would write
into a buffer that the other set still reads (Note [Buffer reuse] in
aten_lite/compile/passes/memory.py).
Whether a replay uses the marked spans is decided per call (aten_lite/compile/concurrent.py):
the threads only help when kernels leave cores idle.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..ir import Node, reads

__all__ = ["run", "Branches", "MIN_WORK"]

MIN_WORK = 1 << 20  # elements each set must write for a second thread to pay for itself


@dataclass
class Branches:
    start: int  # the span is schedule[start:end]
    end: int
    helper: list = field(default_factory=list)  # schedule indices run on the helper thread
    main: list = field(default_factory=list)  # schedule indices the calling thread runs
    work: tuple = (0, 0)  # elements written by the helper set and the main set

    def describe(self, schedule) -> str:
        def names(ix):
            return " ".join(_name(schedule[i]) for i in ix)

        return (f"{{{names(self.helper)}}} || {{{names(self.main)}}} "
                f"({self.work[0]:,} || {self.work[1]:,} elements)")


def _name(item) -> str:
    return f"n{item.id}" if isinstance(item, Node) else f"g{item.id}"


def _work(item) -> int:
    """Elements written: a fused group's iteration space, a node's results."""
    shapes = [v.shape for v in item.outputs] if isinstance(item, Node) else [item.space]
    n = 0
    for shape in shapes:
        k = 1
        for d in shape:
            k *= d
        n += k
    return n


def run(graph) -> list:
    """Set and return ``graph.branches`` (Note [Concurrent branches])."""
    graph.branches = []
    if any(n.impure for n in graph.nodes):
        return graph.branches
    items = graph.schedule
    maker = {}  # id(Value) -> schedule index of its maker
    for i, item in enumerate(items):
        for v in item.outputs:
            maker[id(v)] = i
    start, parent = 0, {}

    def find(i):
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for i, item in enumerate(items):
        roots = {find(maker[id(v)]) for v in reads(item)
                 if id(v) in maker and start <= maker[id(v)] < i}
        if len(roots) >= 2:  # a join: the span before it ends here
            _close(graph, start, i, find)
            start, parent = i, {}
            roots = set()
        parent[i] = i
        for r in roots:
            parent[r] = i
    _close(graph, start, len(items), find)
    return graph.branches


def _close(graph, start: int, end: int, find) -> None:
    comps: dict = {}
    for i in range(start, end):
        comps.setdefault(find(i), []).append(i)
    if len(comps) < 2:
        return
    items = graph.schedule
    sized = sorted(((sum(_work(items[i]) for i in ix), ix) for ix in comps.values()),
                   key=lambda p: -p[0])
    sets: list = [[0, []], [0, []]]
    for work, ix in sized:
        light = min(sets, key=lambda s: s[0])
        light[0] += work
        light[1].extend(ix)
    (hw, helper), (mw, main) = sets
    if min(hw, mw) < MIN_WORK or not _reuse_is_safe(graph, set(helper), set(main)):
        return
    graph.branches.append(Branches(start, end, sorted(helper), sorted(main), (hw, mw)))


def _reuse_is_safe(graph, helper: set, main: set) -> bool:
    """No fused kernel of one set writes into a buffer made or read by the other set."""
    memory = graph.memory
    if memory is None or not memory.reuse:
        return True
    items = graph.schedule
    side = {i: 0 for i in helper}
    side.update({i: 1 for i in main})
    touched: dict = {}  # id(root Value) -> the sets making or reading it
    for i in side:
        for v in list(items[i].outputs) + reads(items[i]):
            touched.setdefault(id(v.root), set()).add(side[i])
    for i in side:
        item = items[i]
        if isinstance(item, Node):
            continue
        for v in item.outputs:
            w = memory.reuse.get(v)
            if w is not None and touched.get(id(w.root), set()) - {side[i]}:
                return False
    return True

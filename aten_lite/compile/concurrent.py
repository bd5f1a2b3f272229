"""Replays that run independent branches on two threads (Note [Concurrent branches] in
aten_lite/compile/passes/branches.py).

A graph with marked branches gets a ``ConcurrentPlan``: the serial plan of executor.py plus a
second generated function in which each marked span runs its helper set as a nested function
on a helper thread while the calling thread runs the main set, then waits for it before the
entry after the span. Kernels on large tensors release the GIL (aten_lite/csrc/
kernel_object.cpp, and BLAS for matmul), so the two sets really run at once; the C++ thread
pool serves one kernel at a time, and a kernel started while it is busy runs on its own
thread (Note [Claimed pieces] in aten_lite/csrc/threads.h). That only pays when the kernels
leave cores idle, so a call takes the concurrent function when ``al.get_num_threads()``
threads per kernel use at most half of the machine's cores (``use_threads``); otherwise the
serial one. Inside a span no ``del`` runs: the values the span let die are dropped after it.
"""

from __future__ import annotations

import os
from concurrent.futures import ThreadPoolExecutor

from .. import _C
from ..vocab import profiling as _profiling
from .executor import Plan, _arr
from .ir import reads as ir_reads

__all__ = ["make_plan", "ConcurrentPlan", "use_threads"]

_POOL: list = []  # the helper thread's executor, made on first use


def _submit(fn):
    if not _POOL:
        _POOL.append(ThreadPoolExecutor(max_workers=1, thread_name_prefix="al-branch"))
    return _POOL[0].submit(fn)


def use_threads() -> bool:
    """Whether a replay runs marked branches on two threads now (see the module docstring)."""
    return 2 * _C.get_num_threads() <= (os.cpu_count() or 1)


def make_plan(graph) -> Plan:
    """The plan of ``graph``: a ConcurrentPlan when it has marked branches, a DevicePlan
    when its tensors live on a device (Note [Graphs on a device] in device_plan.py)."""
    if graph.device is not None:
        from .device_plan import DevicePlan
        return DevicePlan(graph)
    return ConcurrentPlan(graph) if getattr(graph, "branches", None) else Plan(graph)


class ConcurrentPlan(Plan):
    """A Plan whose calls run marked branches concurrently when ``use_threads()``."""

    def __init__(self, graph) -> None:
        super().__init__(graph)
        lines = self._concurrent_body()
        self.concurrent_source = "def run(inputs):\n" + "".join(f"    {ln}\n" for ln in lines)
        self.namespace["_submit"] = _submit
        code = compile(self.concurrent_source, f"<compiled {graph.kind} graph, branches>", "exec")
        scope: dict = {}
        exec(code, self.namespace, scope)
        self.run_concurrent = scope["run"]

    def __call__(self, inputs):
        if _profiling.active is not None:
            return self.run_profiled(inputs)  # serially: one lane, its steps in order
        return self.run_concurrent(inputs) if use_threads() else self.run(inputs)

    def _concurrent_body(self) -> list:
        g = self.graph
        memory = g.memory
        reuse = memory.reuse if memory else {}
        spans = {b.start: b for b in g.branches}
        lines = []
        # The serial plan's hand-over (Note [Array-level replay]): a backward graph's saved
        # inputs come as arrays and a forward graph's saved outputs leave as arrays, so either
        # plan of a forward pairs with either plan of its backward.
        raw = set(g.inputs[self._raw_inputs_from():])
        if g.inputs:
            lines.append(", ".join(_arr(v) if v in raw else v.name for v in g.inputs)
                         + ", = inputs")
        lines += self._symbol_lines(raw)
        lines += [f"{v.name} = _wrap({_arr(v)})" for v in g.inputs if v in raw]
        for v in g.consts:
            lines.append(f"{v.name} = {self._const(v.const, 'const')}")
        i = 0
        while i < len(g.schedule):
            span = spans.get(i)
            if span is None:
                lines.append(self._item(g.schedule[i], reuse))
                lines += self._dels(memory, [i])
                i += 1
                continue
            lines += self._span(span, reuse)
            lines += self._dels(memory, range(span.start, span.end), span)
            i = span.end
        saved = self._saved_from()
        outs = ", ".join("None" if v is None else f"{v.name}._a" if i >= saved else v.name
                         for i, v in enumerate(g.outputs))
        lines.append(f"return [{outs}]")
        return lines

    def _span(self, span, reuse) -> list:
        items = self.graph.schedule
        back = [v.name for v in self._leaving(span)]
        n = span.start
        lines = [f"def _branch{n}():"]
        lines += [f"    {self._item(items[i], reuse)}" for i in span.helper]
        lines.append(f"    return ({''.join(name + ', ' for name in back)})")
        lines.append(f"_pending{n} = _submit(_branch{n})")
        lines += [self._item(items[i], reuse) for i in span.main]
        target = "".join(name + ", " for name in back) or "_"
        lines.append(f"{target} = _pending{n}.result()")
        return lines

    def _leaving(self, span) -> list:
        """The helper set's values read after the span or returned."""
        g = self.graph
        made = {id(v): v for i in span.helper for v in g.schedule[i].outputs}
        found: dict = {}
        for item in g.schedule[span.end:]:
            reads = ir_reads(item)
            for v in reads:
                if id(v) in made:
                    found[id(v)] = v
        for v in g.outputs:
            if v is not None and id(v) in made:
                found[id(v)] = v
        return list(found.values())

    def _dels(self, memory, indices, span=None) -> list:
        if memory is None:
            return []
        local = set()
        if span is not None:  # the helper set's values that stay inside its function
            leaving = {id(v) for v in self._leaving(span)}
            local = {id(v) for i in span.helper for v in self.graph.schedule[i].outputs
                     if id(v) not in leaving}
        dead = [v for i in indices for v in memory.dead_after[i] if id(v) not in local]
        return ["del " + ", ".join(v.name for v in dead)] if dead else []

"""The executor: a graph's schedule turned once into straight-line Python, then replayed.

Note [Replay]
A replay must cost little more than the kernels it runs, so nothing is decided per call: the
schedule, which values die where (``del``), which dead buffer a fused kernel writes into, and
every argument's plumbing are fixed when the plan is built, by generating the source of one
function (``run(inputs)``: one line per scheduled node or fused group) and compiling it. Each
line calls the op's **CPU backend kernel** straight from its table: no binding, no dispatch,
no autograd (a compiled function with gradients gets one backward node for the whole graph,
autograd.py); a fused group's line calls its kernel bound to the group's input shapes
(``FusedKernel.bind``: the guard fixes them), so no shape work is redone. Constants live in
the function's namespace: the tensors a graph read from elsewhere are bound by reference
there, so in-place updates (an optimizer step) are seen.
``plan.source`` shows the code.
"""

from __future__ import annotations

from .ir import Graph, Node, Value

__all__ = ["Plan"]

_LITERALS = (bool, int, str, type(None))


class Plan:
    """An executable form of ``graph`` (Note [Replay]): ``plan(inputs) -> outputs``."""

    def __init__(self, graph: Graph) -> None:
        self.graph = graph
        self.namespace: dict = {}
        lines = self._body()
        self.source = "def run(inputs):\n" + "".join(f"    {line}\n" for line in lines)
        code = compile(self.source, f"<compiled {graph.kind} graph>", "exec")
        exec(code, self.namespace)
        self.run = self.namespace["run"]

    def __call__(self, inputs):
        return self.run(inputs)

    # ---- source generation ----

    def _const(self, value, prefix="c") -> str:
        if type(value) in _LITERALS or (type(value) is float and value == value
                                          and value not in (float("inf"), float("-inf"))):
            return repr(value)
        name = f"{prefix}{len(self.namespace)}"
        self.namespace[name] = value
        return name

    def _arg(self, a) -> str:
        if isinstance(a, Value):
            return a.name
        if isinstance(a, list):
            return "[" + ", ".join(self._arg(x) for x in a) + "]"
        if isinstance(a, tuple):
            return "(" + "".join(self._arg(x) + ", " for x in a) + ")"
        return self._const(a)

    def _body(self) -> list:
        g = self.graph
        lines = []
        if g.inputs:
            lines.append(", ".join(v.name for v in g.inputs) + ", = inputs")
        for v in g.consts:
            lines.append(f"{v.name} = {self._const(v.const, 'const')}")
        memory = g.memory
        for i, item in enumerate(g.schedule):
            lines.append(self._item(item, memory.reuse if memory else {}))
            dead = memory.dead_after[i] if memory else []
            if dead:
                lines.append("del " + ", ".join(v.name for v in dead))
        outs = ", ".join("None" if v is None else v.name for v in g.outputs)
        lines.append(f"return [{outs}]")
        return lines

    def _item(self, item, reuse: dict) -> str:
        if isinstance(item, Node):
            kernel = self._const(item.handle.table["CPU"], "k")
            call = f"{kernel}({', '.join(self._arg(a) for a in item.args)})"
            if len(item.outputs) == 1 and not _returns_sequence(item):
                return f"{item.outputs[0].name} = {call}"
            return "".join(v.name + ", " for v in item.outputs) + f"= {call}"
        ins = "[" + ", ".join(v.name for v in item.inputs) + "]"
        targets = "".join(v.name + ", " for v in item.outputs)
        buffers = [reuse.get(v) for v in item.outputs]
        bind = getattr(item.kernel, "bind", None)  # a built kernel, not eager_fused's
        if bind is not None and all(b is None for b in buffers):
            # The guard fixes the inputs' shapes: the call's shape work is done now.
            bound = self._const(bind(tuple(v.shape for v in item.inputs)), "f")
            return f"{targets}= {bound}({ins})"
        kernel = self._const(item.kernel, "f")
        if any(b is not None for b in buffers):
            # Note [Buffer reuse] (passes/memory.py): the kernel writes into dead buffers of
            # the same shape and dtype; outputs without one get fresh buffers first.
            fresh = [f"{self._const(_empty_like_value(v), 'e')}()" if b is None else b.name
                     for v, b in zip(item.outputs, buffers)]
            return f"{targets}= {kernel}({ins}, [{', '.join(fresh)}])"
        return f"{targets}= {kernel}({ins})"


def _returns_sequence(node: Node) -> bool:
    returns = node.handle.returns
    return len(returns) != 1 or returns[0][1].startswith("Tensor[]")


def _empty_like_value(v: Value):
    """A maker of a fresh contiguous CPU tensor of ``v``'s shape and dtype."""
    from .._tensor import Tensor, empty_array

    shape, dtype = v.shape, v.dtype

    def make():
        return Tensor._wrap(empty_array(shape, dtype))

    return make

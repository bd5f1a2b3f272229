"""The executor: a graph's schedule turned once into straight-line Python, then replayed.

Note [Replay]
A replay must cost little more than the kernels it runs, so nothing is decided per call: the
schedule, which values die where (``del``), which dead buffer a fused kernel writes into, and
every argument's plumbing are fixed when the plan is built, by generating the source of one
function (``run(inputs)``: one line per scheduled node or fused group) and compiling it. Each
line calls the op's **CPU backend kernel** straight from its table: no binding, no dispatch,
no autograd (a compiled function with gradients gets one backward node for the whole graph,
autograd.py); a fused reduction's line calls its kernel bound to the group's input shapes
(``FusedKernel.bind``: the guard fixes them), so no shape work is redone. Constants live in
the function's namespace: the tensors a graph read from elsewhere are bound by reference
there, so in-place updates (an optimizer step) are seen. Entries listed in Note [Array-level
replay] (lower.py) run on NumPy arrays instead; each value then has a Tensor (``v3``), an
array (``a3``) or both, made where a reader needs it.
``plan.source`` shows the code.
"""

from __future__ import annotations

from ..tensors.tensor import Tensor
from ..vocab.dispatch_keys import CPU
from . import lower
from .ir import Graph, Node, Value, reads as ir_reads
from .symbolic import SymDim, is_symbolic, symbol_source

__all__ = ["Plan"]

_LITERALS = (bool, int, str, type(None))


class Plan:
    """An executable form of ``graph`` (Note [Replay]): ``plan(inputs) -> outputs``."""

    def __init__(self, graph: Graph) -> None:
        self.graph = graph
        self.namespace: dict = {"_wrap": Tensor._wrap}
        lines = self._body()
        self.source = "def run(inputs):\n" + "".join(f"    {line}\n" for line in lines)
        code = compile(self.source, f"<compiled {graph.kind} graph>", "exec")
        exec(code, self.namespace)
        self.run = self.namespace["run"]

    def __call__(self, inputs):
        return self.run(inputs)

    # ---- source generation ----

    def _const(self, value, prefix="c") -> str:
        if isinstance(value, SymDim):  # Note [Shape-generic replays]: its formula of s0
            return repr(value)
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
        memory = g.memory
        reuse = memory.reuse if memory else {}
        self.namespace.update(lower.NAMESPACE)
        lowered = self._lowered(reuse)
        need_tensor, need_array = self._needs(lowered, reuse)
        self._names: dict = {}  # Value -> the names bound to it (its Tensor's, its array's)
        raw = set(g.inputs[self._raw_inputs_from():])
        # the returned values: a view of one keeps it as its base (alive to the end)
        returned = set(g.outputs[:self._saved_from()])
        lines = []
        if g.inputs:
            lines.append(", ".join(_arr(v) if v in raw else v.name for v in g.inputs)
                         + ", = inputs")
        lines += self._symbol_lines(raw)
        for v in g.consts:
            lines.append(f"{v.name} = {self._const(v.const, 'const')}")
        for v in (*g.inputs, *g.consts):
            if v in raw:
                self._bind(v, _arr(v))
                if v in need_tensor:
                    lines.append(f"{v.name} = _wrap({_arr(v)})")
                    self._bind(v, v.name)
                continue
            self._bind(v, v.name)
            if v in need_array:
                lines.append(f"{_arr(v)} = {v.name}._a")
                self._bind(v, _arr(v))
        for i, item in enumerate(g.schedule):
            if item in lowered:
                lines.extend(lowered[item])
                for v in item.outputs:
                    self._bind(v, _arr(v))
                    if v in need_tensor:
                        # A view of a returned value keeps it as its base, as a kernel's
                        # Tensor result would (Note [Compiled results that are views] in
                        # autograd.py).
                        base = f", base={v.root.name}" if v.root in returned \
                            and _views_a_node(v) else ""
                        lines.append(f"{v.name} = _wrap({_arr(v)}{base})")
                        self._bind(v, v.name)
            else:
                lines.append(self._item(item, reuse))
                for v in item.outputs:
                    self._bind(v, v.name)
                    if v in need_array:
                        lines.append(f"{_arr(v)} = {v.name}._a")
                        self._bind(v, _arr(v))
            dead = memory.dead_after[i] if memory else []
            names = [n for v in dead for n in self._names.get(v, ())]
            if names:
                lines.append("del " + ", ".join(names))
        saved = self._saved_from()
        outs = ", ".join("None" if v is None else _arr(v) if i >= saved else v.name
                         for i, v in enumerate(g.outputs))
        lines.append(f"return [{outs}]")
        return lines

    def _symbol_lines(self, raw) -> list:
        """``s0 = ...``: the batch size of this call, read from an input's shape, when the
        graph has symbolic sizes (Note [Shape-generic replays] in symbolic.py)."""
        found = symbol_source(self.graph, self._raw_inputs_from())
        if found is None:
            return []
        v, d, a, b = found
        src = f"{_arr(v)}.shape[{d}]" if v in raw else f"{v.name}._shape[{d}]"
        return [f"s0 = {src}" if (a, b) == (1, 0) else f"s0 = ({src} - {b}) // {a}"]

    def _saved_from(self) -> int:
        """Where a forward graph's saved values start among its outputs: they go to the
        backward plan as arrays (Note [Array-level replay]); the caller gets Tensors."""
        g = self.graph
        return g.n_user_outputs if g.kind == "forward" and g.backward is not None \
            else len(g.outputs)

    def _raw_inputs_from(self) -> int:
        """Where a backward graph's saved inputs start: the forward plan's arrays."""
        g = self.graph
        return g.n_grad_inputs if g.kind == "backward" else len(g.inputs)

    def _bind(self, v: Value, name: str) -> None:
        names = self._names.setdefault(v, [])
        if name not in names:
            names.append(name)

    def _lowered(self, reuse: dict) -> dict:
        """Schedule entry -> its source lines on arrays (Note [Array-level replay]), for
        the entries that have them. A graph returning a view of an input or a constant
        runs on Tensors throughout: the returned view must share its base's version."""
        g = self.graph
        if any(v is not None and v.root.kind != "node" and v.root is not v
               for v in g.outputs[:g.n_user_outputs]):
            return {}
        found = {}
        for item in g.schedule:
            if isinstance(item, Node):
                lines = lower.node_call(item, self._const)
                if lines is not None:
                    ins = [_arr(v) for v in item.inputs()]
                    out = _arr(item.outputs[0])
                    found[item] = [line.format(*ins, out=out) for line in lines]
                continue
            outs = [(_arr(v), _arr(reuse[v]) if v in reuse else None) for v in item.outputs]
            body = lower.group_call(item, self._const, outs)
            if body is not None:
                ins = [_arr(v) for v in item.inputs]
                found[item] = [line.format(*ins) if "{" in line else line for line in body]
        return found

    def _needs(self, lowered: dict, reuse: dict):
        """(Values some Tensor-level entry or the caller reads, Values some array-level
        entry reads)."""
        g = self.graph
        saved = self._saved_from()
        tensor = {v for v in g.outputs[:saved] if v is not None}
        array = {v for v in g.outputs[saved:] if v is not None}
        for item in g.schedule:
            reads = ir_reads(item)
            taken = [reuse[v] for v in item.outputs if v in reuse]
            (array if item in lowered else tensor).update(reads + taken)
        return tensor, array

    def _item(self, item, reuse: dict) -> str:
        if isinstance(item, Node):
            kernel = self._const(item.handle.table[CPU], "k")
            call = f"{kernel}({', '.join(self._arg(a) for a in item.args)})"
            if len(item.outputs) == 1 and not _returns_sequence(item):
                return f"{item.outputs[0].name} = {call}"
            return "".join(v.name + ", " for v in item.outputs) + f"= {call}"
        ins = "[" + ", ".join(v.name for v in item.inputs) + "]"
        targets = "".join(v.name + ", " for v in item.outputs)
        buffers = [reuse.get(v) for v in item.outputs]
        bind = getattr(item.kernel, "bind", None)  # a built kernel, not eager_fused's
        if bind is not None and all(b is None for b in buffers):
            shapes = tuple(v.shape for v in item.inputs)
            if is_symbolic(shapes):  # bound per call from this call's sizes (cached there)
                kernel = self._const(item.kernel, "f")
                return f"{targets}= {kernel}.bind({shapes!r})({ins})"
            # The guard fixes the inputs' shapes: the call's shape work is done now.
            bound = self._const(bind(shapes), "f")
            return f"{targets}= {bound}({ins})"
        kernel = self._const(item.kernel, "f")
        if any(b is not None for b in buffers):
            # Note [Buffer reuse] (passes/memory.py): the kernel writes into dead buffers of
            # the same shape and dtype; outputs without one get fresh buffers first.
            fresh = [self._fresh(v) if b is None else b.name
                     for v, b in zip(item.outputs, buffers)]
            return f"{targets}= {kernel}({ins}, [{', '.join(fresh)}])"
        return f"{targets}= {kernel}({ins})"


    def _fresh(self, v: Value) -> str:
        """An expression making a fresh contiguous tensor of ``v``'s shape and dtype."""
        if is_symbolic(v.shape):
            return f"_wrap(_empty({v.shape!r}, {self._const(v.dtype.np, 'd')}))"
        return f"{self._const(_empty_like_value(v), 'e')}()"


def _views_a_node(v: Value) -> bool:
    """Whether ``v`` is a view of another node's value (not an in-place op's result, which
    is the tensor it wrote)."""
    return v.root is not v and v.root.kind == "node" and v.producer is not None \
        and not v.producer.handle.write_pos


def _arr(v: Value) -> str:
    """The name of ``v``'s array in generated source (its Tensor is ``v.name``)."""
    return "a" + v.name[1:]


def _returns_sequence(node: Node) -> bool:
    returns = node.handle.returns
    return len(returns) != 1 or returns[0][1].startswith("Tensor[]")


def _empty_like_value(v: Value):
    """A maker of a fresh contiguous CPU tensor of ``v``'s shape and dtype."""
    from ..tensors.tensor import Tensor, empty_array

    shape, dtype = v.shape, v.dtype

    def make():
        return Tensor._wrap(empty_array(shape, dtype))

    return make

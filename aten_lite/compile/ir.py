"""The graph IR: values (tensors flowing through a graph) and nodes (op calls), in capture order.

Note [Graph IR]
A ``Graph`` is a straight-line program over ``Value``s. Its inputs are the tensor arguments of
the captured call (``kind="input"``) and the tensors the function read from elsewhere, e.g.
a module's parameters (``kind="const"``: held by reference, so an optimizer's in-place update
is seen by the next replay). Each ``Node`` is one call of a backend kernel of one op overload,
with its arguments in schema order: a ``Value`` where a tensor went, the Python value itself
otherwise (a list of tensors is a list of ``Value``s). Composite ops never appear: capture
records their parts. ``outputs`` are the values the function returned, then (in a forward
graph that has a backward) the values the backward graph reads (``saved``).

Values carry what capture learnt from the Meta rules (shape, strides, dtype) and ``root``: the
value owning the storage it views (itself unless it is a view), which is what liveness and
in-place safety reason about. Passes annotate nodes (``group``: a fusion group id) and the
graph (``schedule``, ``memory``); they never mutate a value's facts.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

__all__ = ["Value", "Node", "Graph", "values_in", "reads"]


class Value:
    """One tensor in a graph."""

    __slots__ = ("id", "kind", "shape", "strides", "dtype", "root", "producer", "const",
                 "name", "requires_grad")

    def __init__(self, id: int, kind: str, shape, strides, dtype, producer=None, const=None):
        self.id = id  # unique in its graph; the executor's slot
        self.kind = kind  # "input", "const", "node"
        self.shape = tuple(shape)
        self.strides = tuple(strides)
        self.dtype = dtype  # a DType
        self.root: Value = self  # the value owning the storage (Note [Graph IR])
        self.producer = producer  # the Node making it, None for inputs and constants
        self.const = const  # kind "const": the real tensor, held by reference
        self.name = f"v{id}"  # how listings and the executor's source name it
        self.requires_grad = False  # at capture: whether autograd tracked it

    @property
    def nbytes(self) -> int:
        n = self.dtype.itemsize
        for d in self.shape:
            n *= d
        return n

    def describe(self) -> str:
        dims = ", ".join(map(str, self.shape))
        return f"{self.dtype.name}[{dims}]"

    def __repr__(self) -> str:
        return f"<{self.name} {self.describe()}>"


@dataclass(eq=False)
class Node:
    """One op call: ``outputs = op(*args)`` (Note [Graph IR])."""

    id: int
    op: str  # the overload's full name, 'add.Tensor'
    handle: Any  # its OpHandle
    args: tuple  # schema order; Values where tensors go
    outputs: list  # the Values it makes (several for multi-output ops)
    where: str = ""  # the user's source line that called the op, 'step.py:12'
    impure: bool = False  # writes a tensor: passes keep it and its order
    group: int | None = None  # fusion group id, set by passes/fusion.py

    def inputs(self) -> list:
        """The Values it reads, in argument order (duplicates kept)."""
        return list(values_in(self.args))


def reads(item) -> list:
    """The values a schedule entry reads: a node's tensor arguments, a fused group's inputs."""
    return item.inputs() if isinstance(item, Node) else list(item.inputs)


def values_in(args):
    for a in args:
        if isinstance(a, Value):
            yield a
        elif isinstance(a, (list, tuple)):
            yield from (x for x in a if isinstance(x, Value))


@dataclass(eq=False)
class Graph:
    """A captured function body (Note [Graph IR]); ``print(g)`` lists it."""

    inputs: list = field(default_factory=list)  # Values of the call's tensor arguments
    consts: list = field(default_factory=list)  # Values of tensors read from elsewhere
    nodes: list = field(default_factory=list)  # in capture order (a topological order)
    outputs: list = field(default_factory=list)  # returned Values, then saved ones
    n_user_outputs: int = 0  # how many of ``outputs`` the function returned
    n_grad_inputs: int = 0  # backward graph: its first inputs are the output gradients
    # backward graph: per output gradient, the indices of the gradient outputs its history
    # reaches (Note [Absent output gradients] in autograd.py)
    reach: list = field(default_factory=list)
    # backward graph: const Value -> the Value a formula's factory made it from
    # (``zeros_like(grad)``; Note [Absent output gradients] in autograd.py)
    made_from: dict = field(default_factory=dict)
    kind: str = "forward"  # or "backward"
    schedule: list = field(default_factory=list)  # the execution order, set by passes/schedule
    groups: dict = field(default_factory=dict)  # group id -> FusedGroup (passes/fusion)
    memory: Any = None  # passes/memory.MemoryPlan
    branches: list = field(default_factory=list)  # spans to run on two threads (passes/branches)
    removed: dict = field(default_factory=dict)  # pass name -> nodes it removed
    backward: Any = None  # a forward graph's backward graph, if it has one
    # the device type its tensors live on when not the CPU ("opencl"): Note [Graphs on a
    # device] in compile/device_plan.py
    device: Any = None
    _next_id: int = 0

    def new_value(self, kind, shape, strides, dtype, producer=None, const=None) -> Value:
        v = Value(self._next_id, kind, shape, strides, dtype, producer, const)
        self._next_id += 1
        return v

    def uses(self) -> dict:
        """Value -> the nodes reading it, in node order."""
        found: dict = {}
        for n in self.nodes:
            for v in n.inputs():
                found.setdefault(v, [])
                if not found[v] or found[v][-1] is not n:
                    found[v].append(n)
        return found

    def replace_uses(self, old: Value, new: Value) -> None:
        """Make every reader of ``old`` read ``new``. When ``old`` owns its storage, the views
        of it (values whose ``root`` is ``old``) now view ``new``'s: their root follows, or
        liveness would see ``new`` die at its last direct reader while a view of it is still
        read (or is a result), and the memory plan would hand its buffer to another value."""
        for n in self.nodes:
            n.args = _replaced(n.args, old, new)
            if old.root is old:
                for v in n.outputs:
                    if v.root is old and v is not old:
                        v.root = new.root
        self.outputs = [new if v is old else v for v in self.outputs]

    # print(g), g.save_dot(path), g.save_svg(path): attached by render.py, which reads this
    # module's classes (the picture is the front end's business, the IR's data is not).


def _replaced(args, old, new):
    out = []
    for a in args:
        if a is old:
            out.append(new)
        elif isinstance(a, list):
            out.append([new if x is old else x for x in a])
        elif isinstance(a, tuple):
            out.append(tuple(new if x is old else x for x in a))
        else:
            out.append(a)
    return tuple(out)

"""Autograd through a compiled graph: one backward node running the captured backward graph.

Note [Compiled backward]
When a captured call needs gradients, capture traced the derivatives.yaml formulas of its
ops into a backward graph (Note [Capture mode]), whose inputs are the gradients of the
differentiable outputs followed by the forward values the formulas read (``saved``: extra
outputs of the forward graph, so nothing else is kept) and whose outputs are the gradients
of the inputs and constants that require grad. A replay runs the forward plan, then gives
every differentiable output one ``CompiledBackward`` node, whose edges lead to those inputs
and constants as they are at this call (a leaf's ``.grad``, or the eager history of a
non-leaf). ``loss.backward()``, ``al.autograd.grad`` and optimizers therefore work as on any
eager result. The node runs the backward plan once, so its gradients cannot themselves be
differentiated: ``create_graph=True`` through it raises. Inside a dual level (forward mode),
output gradients with tangents give the input gradients tangents (``_tangents_through``).

Note [Absent output gradients]
The engine hands the node None for an output the loss does not reach. Eager's engine never
runs the nodes that only such an output feeds, so their formulas' local derivatives (an
``inf`` of ``rsqrt`` at 0, a ``nan``) never meet a gradient. Filling None with zeros and
running the whole backward graph would multiply them by 0: ``0 * inf`` is ``nan``. So a call
missing some output gradients runs a backward graph specialised to the gradients present
(``specialise``, cached on the entry per pattern): each value of the backward graph that
depends on the output gradients only through absent ones is structurally zero; a node whose
gradient-carrying inputs are all structurally zero is dropped (its result is too: the
backward is linear in the gradients); an ``add`` of a present gradient and a structurally
zero one is the present one (the engine sums what arrived, nothing else); any other node
meeting both gets zeros for the absent part (eager's engine zero-fills the missing outputs of
a node that runs). Whether an input gets a gradient at all is what eager's engine decides: one
that the autograd history of no present output gradient reaches (``reach``, noted at capture)
is None; one that it reaches but whose gradient is structurally zero gets zeros, as eager's
engine runs the nodes on the way (``zero_``'s backward makes zeros with ``zeros_like``, a
constant of the backward graph that no longer depends on the gradient).
Such a constant still stands for its source: eager's node makes it only when that gradient
arrived, and the nodes after it run then, their local derivatives meeting the zeros (log's
``0 / 0`` is ``nan``) and their saved values checked. So capture notes, for each constant a
formula's factory made from a value of the backward graph (``made_from``), that value, and
the constant carries the output gradients where its source does and is structurally zero
where its source is (``_made_from_grads``).

Note [Saved values written in place]
The forward values the backward graph reads are tensors the caller can reach, or arrays
sharing a buffer with them: a result (``tanh`` reads its own) or a view of one, an argument,
or what a split call filled a capture tensor with (``_transplant`` in segments.py gives that
tensor the result's version counter).
As eager's saved variables do, the node notes their versions when the call attaches it and
raises eager's error at backward if one that eager's engine would read for this call's
output gradients (Note [Saved values eager reads]) was written in place since, instead of
differentiating with the new data.

Note [Compiled results that are views]
A result that is a view (of another result, of an argument, or of a value the call made and
did not return: Note [Bases of returned views] in capture.py) has that base, as eager's has.
Eager's view node notes the storage version and the base's ``grad_fn`` when the view is
taken, so that a view whose base is then written in place under autograd (``y.mul_(3)``
after ``v = y.reshape(-1)``) takes its history again from the base's (Note [Stale views] in
aten_lite/autograd/node.py). The call's one node cannot note that per output, so a view
result gets a node of its own, ``CompiledViewBackward``, which passes its gradient on to the
call's node and notes the same two things.
"""

from __future__ import annotations

from ..tensors.tensor import Tensor, in_line
from ..vocab.grad_mode import _state
from ..autograd import forward_ad as _forward_ad
from ..autograd.node import Node as _AutogradNode, _modified_message, edge, set_history
from .ir import Graph, Node, Value

__all__ = ["CompiledBackward", "CompiledViewBackward", "attach", "copy_graph", "specialise"]


class CompiledBackward(_AutogradNode):
    """The backward node of one compiled call (Note [Compiled backward])."""

    __slots__ = ("_entry", "_saved", "_n_out", "_versions")

    def name(self) -> str:
        return "CompiledFunctionBackward"

    def apply(self, grads: list) -> tuple:
        with in_line:  # the compiled backward's kernels run in line (docs/ASYNC.md)
            return self._apply(grads)

    def _apply(self, grads: list) -> tuple:
        if _state.enabled:
            raise RuntimeError("al.compile: the backward of a compiled function cannot be "
                               "differentiated again (create_graph=True); call the function "
                               "without al.compile for higher-order gradients")
        if self._saved is None:
            raise RuntimeError("Trying to backward through the graph of a compiled function a "
                               "second time; its saved tensors were freed. Specify "
                               "retain_graph=True on the first backward call")
        entry = self._entry
        plan = _plan(entry, grads)
        reads = _saved_reads(entry, plan, grads)
        for i, t, counter, version in self._versions:  # Note [Saved values written in place]
            if counter.value != version and reads[i]:
                raise RuntimeError(_modified_message(self, t, version, "a saved value"))
        result = plan(list(grads) + self._saved)
        if _forward_ad._level is not None and _forward_ad._tangents:
            _tangents_through(entry, grads, self._saved, result)
        return tuple(result)

    def release(self) -> None:
        self._saved = None
        self._released = True


def attach(entry, outputs: list, inputs: list, saved: list) -> None:
    """Give the differentiable ``outputs`` (real tensors of this call) one CompiledBackward
    node whose edges lead to ``inputs`` (the call's tensors, then the graph's constants)."""
    node = CompiledBackward()
    node._entry = entry
    node._saved = saved
    node._versions = _versions(saved, inputs + outputs)
    diff = [outputs[i] for i in entry.captured.diff_outputs]
    node._n_out = len(diff)
    node._hooks = None
    node._released = False
    node._next = tuple(edge(t) for t in inputs if t._requires_grad)
    for nr, t in enumerate(diff):
        set_history(t, node, nr)
    for t in diff:  # Note [Compiled results that are views]
        if t._base is not None and t.grad_fn is node:
            view = CompiledViewBackward()
            view._next = ((node, t._output_nr, t._shape, t._dtype),)
            view._hooks = None
            view._released = False
            view._view_version = t._vc.value
            view._view_base_fn = t._base.grad_fn
            t.grad_fn, t._output_nr = view, 0


class CompiledViewBackward(_AutogradNode):
    """The history of a compiled result that is a view: it passes the gradient on to the
    call's node, and notes what eager's view node notes (Note [Compiled results that are
    views])."""

    __slots__ = ("_view_version", "_view_base_fn")

    def apply(self, grads: list) -> tuple:
        return (grads[0],)


def _versions(saved: list, reachable: list) -> list:
    """(index, tensor, its version counter, the version now) for each saved value and each
    tensor the caller can write that shares its storage: the saved tensor itself, arguments
    and results on the same NumPy buffer (views of one another included)."""
    by_buffer: dict = {}
    for t in reachable:
        if isinstance(t, Tensor) and t._a is not None:
            by_buffer.setdefault(id(_buffer(t._a)), []).append(t)
    found = []
    for i, s in enumerate(saved):
        a = s._a if isinstance(s, Tensor) else s
        owners = by_buffer.get(id(_buffer(a)), []) if a is not None else []
        for t in ([s] if isinstance(s, Tensor) else []) + owners:
            counter = t._version_counter
            found.append((i, t, counter, counter.value))
    return found


def _buffer(a):
    """The array owning ``a``'s memory (views of one buffer share it)."""
    while getattr(a, "base", None) is not None:
        a = a.base
    return a


def _saved_reads(entry, plan, grads: list) -> list:
    """Whether eager's engine would read each saved value (the backward graph's inputs after
    the output gradients) for these output gradients: Note [Saved values eager reads]."""
    reads = getattr(plan, "saved_reads", None)
    if reads is None:
        present = tuple(g is not None for g in grads)
        reads = plan.saved_reads = _eager_reads(specialise(entry.backward_source, present))
    return reads


# Note [Saved values eager reads]
# Eager's engine runs the backward node of every op that a present output gradient reaches,
# and each node checks the versions of the values its formulas read, even where the value it
# computes from them goes nowhere (``zero_``'s backward makes ``zeros_like`` of what it got:
# the node before it ran, and read its saved values). The optimised backward plan no longer
# has such dead nodes, so the values checked (Note [Saved values written in place]) are the
# ones read by the nodes of the backward graph before its passes ran, specialised to the
# gradients present (Note [Absent output gradients]): the nodes a gradient flows through,
# the nodes computing from saved values what those read, and what the outputs need.


def _eager_reads(graph: Graph) -> list:
    """For each saved input of the specialised, unoptimised backward ``graph``: whether a
    node eager's engine would run reads it (Note [Saved values eager reads])."""
    carries = {id(v) for v in graph.inputs[:graph.n_grad_inputs]}
    needed = []
    for node in graph.nodes:
        _made_from_grads(graph, node, carries, set())
        if any(id(v) in carries for v in node.inputs()):
            carries.update(id(v) for v in node.outputs)
            needed.append(node)
    stack = list(needed) + [v.producer for v in graph.outputs
                            if v is not None and v.producer is not None]
    seen: set = set()
    read: set = {id(v) for v in graph.outputs if v is not None}
    while stack:
        node = stack.pop()
        if id(node) in seen:
            continue
        seen.add(id(node))
        for v in node.inputs():
            read.add(id(v))
            if v.producer is not None:
                stack.append(v.producer)
    return [id(v) in read for v in graph.inputs[graph.n_grad_inputs:]]


def _plan(entry, grads: list):
    """The backward plan for these output gradients (None where absent)."""
    if all(g is not None for g in grads):
        return entry.backward_plan
    present = tuple(g is not None for g in grads)  # Note [Absent output gradients]
    plan = entry.backward_plans.get(present)
    if plan is None:
        plan = entry.backward_plans[present] = _plan_for(entry, present)
    return plan


def _tangents_through(entry, grads: list, saved: list, result: list) -> None:
    """Forward over reverse (Note [Forward over reverse] in
    aten_lite/autograd/forward_ad.py): the backward graph is linear in the output gradients,
    and the forward values it reads carry no tangent (the call was compiled, so no tangent
    existed then: Note [Compiled functions in forward mode] in aten_lite/compile/api.py), so
    the tangent of each input gradient is the same graph run on the output gradients'
    tangents."""
    tangents = [None if g is None else _forward_ad._get(g) for g in grads]
    if all(t is None for t in tangents):
        return
    out = _plan(entry, tangents)(tangents + saved)
    for g, t in zip(result, out):
        if g is not None and t is not None:
            _forward_ad._set(g, t)


# ---- Note [Absent output gradients] ----


def _plan_for(entry, present: tuple):
    """The backward plan of ``entry`` for calls where only the output gradients marked in
    ``present`` arrived."""
    from .concurrent import make_plan
    from .passes import optimize

    graph = specialise(entry.backward_source, present)
    optimize(graph, entry.fuse)
    return make_plan(graph)


def copy_graph(graph: Graph) -> Graph:
    """A copy of ``graph`` (before passes ran) with its own Values and Nodes, which passes
    run over it may rewrite without touching the original."""
    new = Graph(kind=graph.kind, n_user_outputs=graph.n_user_outputs,
                n_grad_inputs=graph.n_grad_inputs, reach=graph.reach, device=graph.device)
    made: dict = {}

    def value(v):
        if v is None:
            return None
        c = made.get(id(v))
        if c is None:
            c = made[id(v)] = new.new_value(v.kind, v.shape, v.strides, v.dtype, const=v.const)
            c.requires_grad = v.requires_grad
            if v.root is not v:
                c.root = value(v.root)
        return c

    new.inputs = [value(v) for v in graph.inputs]
    new.consts = [value(v) for v in graph.consts]
    for n in graph.nodes:
        args = _mapped(n.args, value)
        node = Node(len(new.nodes), n.op, n.handle, args, [], n.where, n.impure)
        for v in n.outputs:
            c = value(v)
            c.producer = node
            node.outputs.append(c)
        new.nodes.append(node)
    new.outputs = [value(v) for v in graph.outputs]
    new.made_from = {value(c): value(v) for c, v in graph.made_from.items()}
    return new


def _mapped(args, value):
    out = []
    for a in args:
        if isinstance(a, Value):
            out.append(value(a))
        elif isinstance(a, (list, tuple)) and any(isinstance(x, Value) for x in a):
            out.append(type(a)(value(x) if isinstance(x, Value) else x for x in a))
        else:
            out.append(a)
    return tuple(out)


def specialise(source: Graph, present: tuple) -> Graph:
    """A copy of the backward graph ``source`` for the output gradients marked in ``present``
    (the others are None): Note [Absent output gradients]."""
    graph = copy_graph(source)
    grads = graph.inputs[:graph.n_grad_inputs]
    carries = {id(v) for v in grads}  # values that depend on the output gradients
    zero = {id(v) for v, here in zip(grads, present) if not here}
    kept = []
    for node in graph.nodes:
        _made_from_grads(graph, node, carries, zero)
        ins = [v for v in node.inputs() if id(v) in carries]
        if not ins:
            kept.append(node)
            continue
        carries.update(id(v) for v in node.outputs)
        zeros = [v for v in ins if id(v) in zero]
        if not zeros:
            kept.append(node)
        elif len(zeros) == len(ins):
            zero.update(id(v) for v in node.outputs)  # linear in what is all zero: zero
        else:
            other = _sum_with_zero(node, zero)
            if other is not None and not _written_later(graph, node.outputs[0]):
                graph.replace_uses(node.outputs[0], other)
                continue
            written = {id(node.args[i]) for i in node.handle.write_pos}
            if any(id(v) in written for v in zeros):
                raise RuntimeError(f"al.compile: the backward op {node.op} ({node.where}) "
                                   "writes in place into a gradient that did not arrive")
            node.args = _mapped(node.args, lambda v: _zeros_for(graph, v)
                                if id(v) in zero else v)
            kept.append(node)
    graph.nodes = kept
    reached = set()
    for here, to in zip(present, graph.reach):
        if here:
            reached |= to
    outputs = []
    for j, v in enumerate(graph.outputs):
        if v is None or (graph.reach and j not in reached):
            v = None  # no gradient arrives at that input in eager mode either
        elif id(v) in zero:
            # eager's engine runs the nodes on the way, which make zeros (``zeros_like``)
            v = _zeros_for(graph, v) if graph.reach else None
        outputs.append(v)
    graph.outputs = outputs
    return graph


def _made_from_grads(graph: Graph, node: Node, carries: set, zero: set) -> None:
    """A const that a formula's factory made from a value (``zeros_like(grad)``) stands in
    for that value: it carries where the value does, and is structurally zero where the value
    is (the eager node making it runs iff its gradient arrived)."""
    for v in node.inputs():
        source = graph.made_from.get(v)
        if source is None or id(v) in carries:
            continue
        if id(source) in carries:
            carries.add(id(v))
            if id(source) in zero:
                zero.add(id(v))


def _sum_with_zero(node: Node, zero: set):
    """For ``a + b`` where one side is structurally zero: the other, when it is the sum
    itself (same shape and dtype, alpha 1); else None."""
    if node.op != "add.Tensor" or len(node.outputs) != 1:
        return None
    a, b = node.args[0], node.args[1]
    alpha = node.args[2] if len(node.args) > 2 else 1
    out = node.outputs[0]
    if id(a) in zero and alpha == 1:
        other = b
    elif id(b) in zero:
        other = a
    else:
        return None
    if not isinstance(other, Value) or other.shape != out.shape or other.dtype is not out.dtype:
        return None
    return other


def _written_later(graph: Graph, v: Value) -> bool:
    """Whether some node writes in place into ``v`` or a view of its storage."""
    for n in graph.nodes:
        for i in n.handle.write_pos:
            a = n.args[i]
            if isinstance(a, Value) and a.root is v.root:
                return True
    return False


def _zeros_for(graph: Graph, v: Value) -> Value:
    """A const of zeros with ``v``'s shape, strides and dtype, standing for it."""
    import numpy as np

    size = 1 + sum((n - 1) * s for n, s in zip(v.shape, v.strides)) if all(v.shape) else 0
    item = v.dtype.itemsize
    a = np.lib.stride_tricks.as_strided(np.zeros(size, v.dtype.np), v.shape,
                                        [s * item for s in v.strides])
    zeros = Tensor._wrap(a)
    if graph.device is not None:  # a device graph's constants live on its device
        zeros = zeros.to(graph.device)
    c = graph.new_value("const", v.shape, zeros.stride(), v.dtype, const=zeros)
    graph.consts.append(c)
    return c

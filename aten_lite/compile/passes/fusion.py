"""Fusion grouping: chains of ``elementwise:`` ops (plus one trailing reduction) become one kernel.

Note [Fusion groups]
A group is a set of nodes that run as one fused kernel described by a ``FusedSpec``
(fused_spec.py, the contract with the kernel builder). Walking the nodes in order, a node
joins the group of one of its inputs' producers when
  * its op is a functional ``elementwise:`` op (its YAML expression is what the builder
    composes), every argument is a Value or a Python number, and its result has the group's
    shape (the iteration space; inputs may broadcast into it);
  * or it is a ``sum``/``mean``/``amax``/``amin``/``prod`` over the group's last step, over
    all dims or the last ones: the trailing reduction, after which the group is closed;
  * and running the whole group at this node's place keeps every reader of a member's result
    after the group (a reader outside the group that came earlier would read too soon);
  * and none of its inputs shares storage with a tensor some node writes in place.
A group of one elementwise op without a reduction is left as a plain node: fusing one op
saves nothing.

Note [Fused reductions keep to trailing dims]
A fused kernel folds its reduction while it computes the elements, reduced dims innermost
(kernels.py permutes them last). Over the last dims that walks memory in unit strides; over
a leading dim (the bias gradient of a Linear: ``sum(dim=0)`` of a [batch, features] value) it
would walk a column at a time, one scalar at a time: the digits MLP's backward group
relu'-then-sum(0) took 27 us that way against about 8 us for the fused elementwise kernel
followed by eager's row-wise sum. So such a reduction stays a node of its own.

The kernel of a group is the builder's ``compile_fused(spec)`` when the
builder module exists, else the reference ``eager_fused(spec)``; a build error
(``FusionBuildError``) falls back to the reference for that group, and the listing says so.
"""

from __future__ import annotations

from ..eager_fused import eager_fused
from ..fused_spec import FusedReduction, FusedSpec, FusedStep
from ..ir import Value

__all__ = ["run", "FusedGroup", "build_kernel"]

_REDUCTIONS = ("sum", "mean", "amax", "amin", "prod")
_END = float("inf")


class FusedGroup:
    """One fused kernel of a graph (Note [Fusion groups])."""

    def __init__(self, gid: int, first) -> None:
        self.id = gid
        self.nodes = [first]
        self.space = first.outputs[0].shape
        self.closed = False  # a reduction ends a group
        self.spec: FusedSpec | None = None
        self.inputs: list = []  # Values the kernel reads, in spec input order
        self.outputs: list = []  # Values it writes: spec outputs, then the reduction's
        self.kernel = None
        self.note = ""  # why the reference executor runs it, when it does

    @property
    def position_node(self):
        return self.nodes[-1]

    def describe(self) -> str:
        ops = " -> ".join(n.op for n in self.nodes)
        return f"group {self.id}: {ops}" + (f" ({self.note})" if self.note else "")


def run(graph) -> int:
    """Group ``graph``'s nodes (Note [Fusion groups]); returns how many groups it made."""
    pos = {id(n): i for i, n in enumerate(graph.nodes)}
    readers = _readers(graph, pos)
    written = {id(v.root) for n in graph.nodes if n.impure for v in n.inputs()}
    groups: dict = {}
    for node in graph.nodes:
        group = _join(node, groups, readers, pos, written)
        if group is not None:
            group.nodes.append(node)
            node.group = group.id
            if node.handle.reduction:
                group.closed = True
        elif _fusable(node, written):
            gid = len(groups)
            groups[gid] = FusedGroup(gid, node)
            node.group = gid
    kept = {}
    for g in groups.values():
        if len(g.nodes) == 1:
            g.nodes[0].group = None
            continue
        g.id = len(kept)
        for n in g.nodes:
            n.group = g.id
        _make_spec(g, readers, pos)
        g.kernel = build_kernel(g)
        kept[g.id] = g
    graph.groups = kept
    return len(kept)


def _readers(graph, pos) -> dict:
    """id(Value) -> positions of the nodes reading it (inf for a graph output)."""
    found: dict = {}
    for n in graph.nodes:
        for v in n.inputs():
            found.setdefault(id(v), []).append(pos[id(n)])
    for v in graph.outputs:
        if v is not None:
            found.setdefault(id(v), []).append(_END)
    return found


def _fusable(node, written) -> bool:
    h = node.handle
    if not h.elementwise or h.kind != "functional" or len(node.outputs) != 1:
        return False
    for a in node.args:
        if isinstance(a, Value):
            if id(a.root) in written:
                return False
        elif type(a) not in (bool, int, float):
            return False
    return True


def _join(node, groups, readers, pos, written):
    """The open group ``node`` may join, or None."""
    reduction = node.handle.reduction and node.op in _REDUCTIONS and node.handle.kind == "functional"
    if not (reduction or _fusable(node, written)):
        return None
    here = pos[id(node)]
    candidates = []
    for v in (node.inputs()[:1] if reduction else node.inputs()):
        p = v.producer
        if p is None or p.group is None:
            continue
        g = groups[p.group]
        if g.closed or g in candidates:
            continue
        if reduction:
            if g.nodes[-1].outputs[0] is not v or id(v.root) in written:
                continue
            if not _trailing(_dims(node, len(g.space)), len(g.space)):
                continue
        elif node.outputs[0].shape != g.space:
            continue
        candidates.append(g)
    for g in sorted(candidates, key=lambda g: -pos[id(g.nodes[-1])]):
        members = {pos[id(n)] for n in g.nodes}
        if all(r >= here for m in g.nodes for r in readers.get(id(m.outputs[0]), ())
               if r not in members):
            return g
    return None


def _make_spec(g: FusedGroup, readers, pos) -> None:
    members = [n for n in g.nodes if not (n.handle.reduction and n.op in _REDUCTIONS)]
    reduction = g.nodes[-1] if len(members) < len(g.nodes) else None
    step_of = {id(n.outputs[0]): j for j, n in enumerate(members)}
    inputs: list = []
    steps = []
    for n in members:
        args = []
        for a in n.args:
            if isinstance(a, Value):
                if id(a) in step_of:
                    args.append(("step", step_of[id(a)]))
                else:
                    if a not in inputs:
                        inputs.append(a)
                    args.append(("in", inputs.index(a)))
            else:
                args.append(("const", a))
        steps.append(FusedStep(n.op, tuple(args), n.outputs[0].dtype.name))
    inside = {pos[id(n)] for n in g.nodes}
    outputs = [j for j, n in enumerate(members)
               if any(r not in inside for r in readers.get(id(n.outputs[0]), ()))]
    red = None
    if reduction is not None:
        red = FusedReduction(reduction.op, _dims(reduction, len(g.space)),
                             bool(reduction.args[2]), reduction.outputs[0].dtype.name)
    g.spec = FusedSpec(tuple(v.dtype.name for v in inputs), tuple(steps), tuple(outputs), red)
    g.inputs = inputs
    g.outputs = [members[j].outputs[0] for j in outputs] + \
        ([reduction.outputs[0]] if reduction is not None else [])

def _trailing(dims: tuple, ndim: int) -> bool:
    """Whether reducing ``dims`` folds unit-stride runs of the kernel's dense iteration
    space: all dims, or the last ones (Note [Fused reductions keep to trailing dims])."""
    return dims == () or dims == tuple(range(ndim - len(dims), ndim))


def _dims(node, ndim: int) -> tuple:
    dim = node.args[1]
    if dim is None:
        return ()
    dims = [dim] if isinstance(dim, int) else list(dim)
    return tuple(sorted({d % ndim for d in dims})) if ndim else ()


def build_kernel(g: FusedGroup):
    """The group's kernel: the builder's when it exists and builds, else the reference."""
    compile_fused = _builder()
    if compile_fused is None:
        g.note = "reference executor: no kernel builder"
        return eager_fused(g.spec)
    try:
        return compile_fused(g.spec)
    except Exception as e:  # FusionBuildError (a RuntimeError) by contract; any other
        # failure of the builder must not fail the user's call either
        g.note = f"reference executor: {type(e).__name__}: {e}"
        return eager_fused(g.spec)


def _builder():
    """``compile_fused`` of the kernel builder module (branch `fuse`), if it is installed."""
    try:
        from ..kernels import compile_fused
    except ImportError:
        return None
    return compile_fused

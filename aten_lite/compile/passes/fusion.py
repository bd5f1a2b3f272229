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

Note [Row fusion]
A reduction over the last dims (not all of them) whose result is broadcast back into the rows
it came from (softmax's ``x - x.amax(-1, keepdim=True)``, layer_norm's mean and variance) does
not close its group: the group becomes a row group (``rows``: how many trailing dims make a
row), whose kernel handles a row at a time (Note [Row kernels] in
aten_lite/compile/kernels_rows.py). Its values are element-level (the group's shape,
``space``) or row-level (one per row: shaped ``space[:-rows] + (1,) * rows``, keepdim, or
``space[:-rows]``). A node joins a row group when
  * it is such a reduction (a floating sum/mean/amax/amin/prod keeping its dtype, over the
    group's row dims, of a row of at least 2 and at most _MAX_ROW elements) of an
    element-level value of the group, or of a value from outside, which starts a group;
  * or it is elementwise with the group's shape, reading row-level values of the group only
    in their keepdim shape (a value shaped ``space[:-rows]`` would broadcast against the row,
    not along it);
  * or it is elementwise with a row-level shape, reading no element-level value of the group
    (``var + eps``, then ``rsqrt``): it runs once per row;
  * or it is a view moving a row-level value between its two shapes (``unsqueeze(-1)`` after
    ``keepdim=False``, the ``squeeze``/``reshape`` of a backward formula), or ``expand`` of one
    to the group's shape (a ``SumBackward``); such an alias costs nothing in the kernel;
  * and the ordering and in-place conditions above hold.
A group whose only reduction is its last node and reduces the last step, read by nothing in
the group, is an ordinary fused reduction (Note [Fused reductions keep to trailing dims]): that
kernel also splits a long reduction over threads, which a row kernel does not.

The kernel of a group is the builder's ``compile_fused(spec)`` when the
builder module exists, else the reference ``eager_fused(spec)``; a build error
(``FusionBuildError``) falls back to the reference for that group, and the listing says so.
"""

from __future__ import annotations

import numpy as np

from ..eager_fused import eager_fused
from ...tensors.tensor import Tensor
from ..fused_spec import FusedReduction, FusedSpec, FusedStep
from ..ir import Value

__all__ = ["run", "FusedGroup", "build_kernel", "RowGroupKernel"]

_REDUCTIONS = ("sum", "mean", "amax", "amin", "prod")
_ALIASES = ("unsqueeze", "squeeze.dim", "view", "reshape", "expand")
# The longest row a row group handles: a row's inputs stay in L2 between its passes.
_MAX_ROW = 1 << 16
_END = float("inf")


class FusedGroup:
    """One fused kernel of a graph (Note [Fusion groups])."""

    def __init__(self, gid: int, first) -> None:
        self.id = gid
        self.nodes = [first]
        self.space = first.outputs[0].shape
        self.closed = False  # a reduction ends a group (not a row group's)
        self.rows = 0  # row dims of a row group (Note [Row fusion]); 0 for others
        self.row_values: set = set()  # id() of the group's row-level values
        self.alias: dict = {}  # id(alias Value) -> the Value it shows (Note [Row fusion])
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
    """Group ``graph``'s nodes (Note [Fusion groups]); returns how many groups it made. A
    graph on a device makes no row groups, and its groups get the device's kernels (Note
    [Graphs on a device] in compile/device_plan.py)."""
    _NO_ROWS[0] = graph.device is not None
    try:
        return _run(graph)
    finally:
        _NO_ROWS[0] = False


# Whether the graph being grouped is a device graph's: no row groups (Note [Graphs on a
# device] in compile/device_plan.py)
_NO_ROWS = [False]


def _run(graph) -> int:
    pos = {id(n): i for i, n in enumerate(graph.nodes)}
    readers = _readers(graph, pos)
    written = {id(v.root) for n in graph.nodes if n.impure for v in n.inputs()}
    groups: dict = {}
    for node in graph.nodes:
        group = _join(node, groups, readers, pos, written)
        if group is not None:
            group.nodes.append(node)
            node.group = group.id
            _joined(group, node)
        elif _fusable(node, written) or _row_reduction(node, written) is not None:
            gid = len(groups)
            groups[gid] = FusedGroup(gid, node)
            if node.handle.reduction:
                groups[gid].space = node.args[0].shape
                _joined(groups[gid], node)
            node.group = gid
    kept = {}
    for g in groups.values():
        if sum(id(n.outputs[0]) not in g.alias for n in g.nodes) < 2:
            for n in g.nodes:
                n.group = None
            continue
        g.id = len(kept)
        for n in g.nodes:
            n.group = g.id
        if g.rows and _plain_reduction(g):
            g.rows, g.row_values = 0, set()
        if g.rows:
            _make_row_spec(g, readers, pos)
        else:
            _make_spec(g, readers, pos)
        if graph.device is not None:
            from ..device_plan import build_group_kernel
            g.kernel = build_group_kernel(g, graph.device)
            kept[g.id] = g
            continue
        g.kernel = build_kernel(g)
        if g.rows:
            g.kernel = RowGroupKernel(g.kernel, g.prep, g.post)
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


def _row_reduction(node, written):
    """The row dims of ``node`` when it is a reduction a row group may hold (Note [Row
    fusion]), else None."""
    h = node.handle
    if not h.reduction or node.op not in _REDUCTIONS or h.kind != "functional" or _NO_ROWS[0]:
        return None
    v, out = node.args[0], node.outputs[0]
    nd = len(v.shape)
    if not isinstance(v, Value) or id(v.root) in written or nd == 0:
        return None
    if not (v.dtype.is_floating_point and out.dtype is v.dtype) or \
            (node.op != "prod" and node.op not in ("amax", "amin") and node.args[3] is not None) \
            or (node.op == "prod" and len(node.args) > 3 and node.args[3] is not None):
        return None
    if node.args[1] is None:
        return None
    dims = _dims(node, nd)
    k = len(dims)
    if not dims or k == nd or not _trailing(dims, nd):
        return None
    n = 1
    for d in v.shape[nd - k:]:
        n *= d
    return k if 2 <= n <= _MAX_ROW else None


def _row_shapes(g) -> tuple:
    """(keepdim shape, dropped shape) of a row group's row-level values."""
    outer = tuple(g.space[:len(g.space) - g.rows])
    return outer + (1,) * g.rows, outer


def _joined(g, node) -> None:
    """Record what ``node`` adds to ``g`` (Note [Row fusion])."""
    out = node.outputs[0]
    if node.op in _ALIASES:
        src = node.args[0]
        g.alias[id(out)] = g.alias.get(id(src), src)
        if out.shape in _row_shapes(g):
            g.row_values.add(id(out))
        return
    if node.handle.reduction:
        k = _row_reduction(node, set())
        if k is None or (g.rows and g.rows != k):
            g.closed = True  # the trailing reduction of Note [Fusion groups]
            return
        g.rows = k
        g.row_values.add(id(out))
        return
    if g.rows and out.shape != g.space:
        g.row_values.add(id(out))


def _row_fits(node, g, written) -> bool:
    """Whether ``node`` may join row group (or would-be row group) ``g`` (Note [Row fusion])."""
    out = node.outputs[0]
    members = {id(m.outputs[0]) for m in g.nodes}
    if node.op in _ALIASES:
        src = node.args[0]
        if not g.rows or id(src) not in g.row_values or id(out.root) in written:
            return False
        keep, drop = _row_shapes(g)
        return (out.shape in (keep, drop) and node.op != "expand") or \
            (node.op == "expand" and src.shape == keep and out.shape == g.space)
    if node.handle.reduction:
        k = _row_reduction(node, written)
        v = node.args[0]
        return k is not None and (not g.rows or g.rows == k) and v.shape == g.space and \
            id(v) not in g.row_values and id(v) not in g.alias
    if not _fusable(node, written):
        return False
    if not g.rows:
        return out.shape == g.space
    keep, drop = _row_shapes(g)
    inside = [v for v in node.inputs() if id(v) in members]
    if out.shape == g.space:
        return all(id(v) not in g.row_values or v.shape == keep for v in inside)
    if out.shape in (keep, drop):
        return all(id(v) in g.row_values and v.shape == out.shape for v in inside)
    return False


def _join(node, groups, readers, pos, written):
    """The open group ``node`` may join, or None."""
    reduction = node.handle.reduction and node.op in _REDUCTIONS and node.handle.kind == "functional"
    alias = node.op in _ALIASES and len(node.outputs) == 1
    if not (reduction or alias or _fusable(node, written)):
        return None
    here = pos[id(node)]
    candidates = []
    for v in (node.inputs()[:1] if reduction or alias else node.inputs()):
        p = v.producer
        if p is None or p.group is None:
            continue
        g = groups[p.group]
        if g.closed or g in candidates:
            continue
        if _row_fits(node, g, written):
            candidates.append(g)
            continue
        if not reduction or g.rows:
            continue
        if g.nodes[-1].outputs[0] is not v or id(v.root) in written:
            continue
        if not _trailing(_dims(node, len(g.space)), len(g.space)):
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

def _plain_reduction(g) -> bool:
    """Whether row group ``g`` is an ordinary fused reduction (Note [Row fusion]): its one
    reduction is its last node and reduces the step before, and it has no aliases."""
    reductions = [n for n in g.nodes if n.handle.reduction]
    last = g.nodes[-1]
    return len(reductions) == 1 and reductions[0] is last and not g.alias and \
        len(g.nodes) >= 2 and last.args[0] is g.nodes[-2].outputs[0]


def _make_row_spec(g: FusedGroup, readers, pos) -> None:
    """The FusedSpec of row group ``g`` (Note [Row fusion]; the fields in fused_spec.py), and
    how its kernel's inputs and outputs relate to the group's Values: ``g.prep`` (trailing
    ones to add to each input) and ``g.post`` (per output Value: kernel output, shape, and
    whether it is an expand)."""
    keep, drop = _row_shapes(g)
    step_of: dict = {}
    steps: list = []
    inputs: list = []  # (Value, row-level, pad)
    for n in g.nodes:
        out = n.outputs[0]
        if id(out) in g.alias:
            continue
        if n.handle.reduction:
            row, args = False, (n.args[0],)
        else:
            row, args = id(out) in g.row_values, n.args
        pad = g.rows if row and out.shape == drop else 0
        spec_args = []
        for a in args:
            if not isinstance(a, Value):
                spec_args.append(("const", a))
                continue
            src = g.alias.get(id(a), a)
            if id(src) in step_of:
                spec_args.append(("step", step_of[id(src)]))
                continue
            key = next((i for i, (v, r, p) in enumerate(inputs)
                        if v is a and r == row and p == pad), None)
            if key is None:
                key = len(inputs)
                inputs.append((a, row, pad))
            spec_args.append(("in", key))
        step_of[id(out)] = len(steps)
        steps.append(FusedStep(n.op, tuple(spec_args), out.dtype.name))
    inside = {pos[id(n)] for n in g.nodes}
    outputs: list = []
    g.outputs, g.post = [], []
    for n in g.nodes:
        v = n.outputs[0]
        if not any(r not in inside for r in readers.get(id(v), ())):
            continue
        j = step_of[id(g.alias.get(id(v), v))]
        if j not in outputs:
            outputs.append(j)
        g.outputs.append(v)
        g.post.append((outputs.index(j), v.shape, v.shape == g.space and id(v) in g.alias))
    g.spec = FusedSpec(tuple(v.dtype.name for v, _, _ in inputs), tuple(steps),
                       tuple(outputs), None, g.rows,
                       tuple(i for i, (_, r, _) in enumerate(inputs) if r))
    g.inputs = [v for v, _, _ in inputs]
    g.prep = [p for _, _, p in inputs]


class RowGroupKernel:
    """A row group's kernel (the builder's or the reference) as the executor calls a group's:
    ``kernel(inputs, out=None)`` and ``bind(shapes)``, taking and giving the group's Values
    (``g.inputs``, ``g.outputs``): a row-level input shaped ``space[:-rows]`` gets its
    trailing ones, and each output Value is its kernel output reshaped or expanded."""

    def __init__(self, kernel, prep, post) -> None:
        self.kernel = kernel
        self.spec = getattr(kernel, "spec", None)
        self.prep = prep
        self.post = post
        self._bound: dict = {}

    def _ins(self, inputs):
        wrap = Tensor._wrap
        return [t if p == 0 else wrap(t._a.reshape(tuple(t._shape) + (1,) * p))
                for t, p in zip(inputs, self.prep)]

    def _outs(self, results, space):
        """Each output Value from its kernel output: the group's ``space`` for an expand; a
        row value's two shapes differ in rank only (keepdim or not). The shapes come from
        this call's arrays, so a shape-generic graph's kernel serves every batch size (Note
        [Shape-generic replays] in compile/symbolic.py)."""
        wrap = Tensor._wrap
        found = []
        for i, shape, expand in self.post:
            a = results[i]._a
            if expand:
                found.append(wrap(np.broadcast_to(a, space)))
            elif a.ndim > len(shape):
                found.append(wrap(a.reshape(a.shape[:len(shape)])))
            elif a.ndim < len(shape):
                found.append(wrap(a.reshape(a.shape + (1,) * (len(shape) - a.ndim))))
            else:
                found.append(results[i])
        return found

    def _space(self, shapes) -> tuple:
        return tuple(np.broadcast_shapes(*(tuple(s) + (1,) * p
                                           for s, p in zip(shapes, self.prep))))

    def bind(self, shapes):
        bound = self._bound.get(shapes)
        if bound is None:
            if len(self._bound) >= 64:  # a shape-generic graph's kernel meets many sizes
                self._bound.clear()
            inner = getattr(self.kernel, "bind", None)
            padded = tuple(tuple(s) + (1,) * p for s, p in zip(shapes, self.prep))
            call = inner(padded) if inner is not None else self.kernel
            ins, outs, space = self._ins, self._outs, self._space(shapes)
            bound = self._bound[shapes] = lambda inputs: outs(call(ins(inputs)), space)
        return bound

    def __call__(self, inputs, out=None):
        results = self._outs(self.kernel(self._ins(inputs)),
                             self._space([t._shape for t in inputs]))
        if out is None:
            return results
        for o, r in zip(out, results):
            np.copyto(o._a, r._a)
            o._bump_version()
        return list(out)


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

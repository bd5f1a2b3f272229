"""Compiled graphs whose tensors live on a device: fused groups as device kernels.

Note [Graphs on a device]
A compiled call whose tensor arguments all live on one registered device that compiles
kernels from source (its backend has ``launch_fused``: "opencl", and "cuda" through the same
code) is captured as a CPU call is, with capture tensors of that device (Note [Capturing on a
device] in capture.py), and optimised by the same passes, with three differences: the
softmax-like ops stay whole (the device has kernels for them), fusion makes no row groups,
and there is no memory plan or threads (the device's allocator and queue own that).
The replay (``DevicePlan``) runs the schedule on the device's tensors: a node through the
dispatcher with gradients off (the device's kernel, or its CPU fallback, as eagerly: the
same results), a fused group as ONE kernel generated from the YAML expressions of its ops
(``fused_elementwise_source`` in opencl/source.py, which the backend hands over as its
``fused_source``, so graph mode imports no device package; in the backend's dialect), built by the
device compiler at its first launch and cached in memory and on disk by the backend (the
OpenCL program cache; CUDA's cubin cache). A group's trailing reduction (``sum``, ``mean``,
``amax``, ``amin``) runs as the device's reduction kernel on the fused kernel's last value.
A group the generator does not handle (values of two float dtypes, a dtype the device's
fused kernels do not compute, an op without an expression) runs its ops one by one on the
device; the listing (``print(f.graph(...))``) says so per group, in brackets, and
``f.stats["device_fused"]``/``["device_op_by_op"]`` count the groups of the graphs built. A
kernel the device compiler refuses at its first launch (a driver lacking a function an
expression calls) turns its group op by op, with a warning and the listing saying why.
Autograd: the backward graph is captured and fused the same way and runs as a DevicePlan in
the call's one backward node (Note [Compiled backward] in autograd.py).
"""

from __future__ import annotations

import re

from ..backends.devices import backend_of, make_tensor
from ..rules.views import broadcast_strides, merge_dims
from ..vocab.grad_mode import _state
from ..vocab.device import strided as _STRIDED
from . import fusion_entries
from .ir import Graph, Node, Value

__all__ = ["graph_device", "build_group_kernel", "DeviceFusedKernel", "DevicePlan"]

_BACKENDS: dict = {}  # device type -> the backend a graph of it was captured with
_REDUCTIONS = ("sum", "mean", "amax", "amin")
# an integer operator in an expression (&, |, ^, ~, <<, >>, %): bools in a float kernel are
# floats, so such an op stays op by op
_BITS = re.compile(r"(?<![&|])[&|](?![&|])|\^|~|<<|>>|%")


def graph_device(tensors) -> str | None:
    """The device type a graph of ``tensors`` runs on when it is not the CPU: all of them
    strided tensors of one registered device whose backend launches fused kernels; else
    None (the call is not captured: it runs eagerly, where a mix of devices is refused)."""
    types = {t._device.type for t in tensors}
    if len(types) != 1 or any(t._store is None or t._layout is not _STRIDED for t in tensors):
        return None
    backend = backend_of(tensors[0])
    if not callable(getattr(backend, "launch_fused", None)):
        return None
    _BACKENDS[backend.name] = backend
    return backend.name


def build_group_kernel(g, device: str):
    """The kernel of fusion group ``g`` of a graph on ``device``: a DeviceFusedKernel, or
    None when the generator does not handle the group (``g.note`` says why; its nodes then
    run one by one on the device)."""
    backend = _BACKENDS[device]
    try:
        kernel = DeviceFusedKernel(g, backend)
    except _Unfusable as e:
        g.note = f"op by op on {device}: {e}"
        return None
    g.note = f"one kernel on {device}" + \
        (f", then {g.nodes[-1].op} on {device}" if kernel.reduction is not None else "")
    return kernel


class _Unfusable(Exception):
    """Why the device generator does not take a group."""


def _number_ok(v) -> bool:
    return type(v) in (bool, int, float)


class DeviceFusedKernel:
    """A fused group's elementwise steps as one device kernel (Note [Graphs on a device]):
    ``kernel(inputs) -> outputs`` on the device's tensors, in the group's Value order."""

    def __init__(self, g, backend) -> None:
        _source = backend.fused_source  # the device's kernel generator, handed down from above
        spec = g.spec
        if spec.row_dims:
            raise _Unfusable("a row group")
        names = set(spec.inputs) | {s.dtype for s in spec.steps}
        floats = names - {"bool"}
        if len(floats) > 1:
            raise _Unfusable(f"its values have several dtypes ({', '.join(sorted(names))})")
        dtype = next(iter(floats), "bool")
        if dtype not in backend.fused_dtypes():
            raise _Unfusable(f"{dtype} (the device's fused kernels compute in "
                             f"{', '.join(backend.fused_dtypes())}, with bools among them)")
        self.reduction = None
        if spec.reduction is not None:
            last = g.nodes[-1]
            if spec.reduction.op not in _REDUCTIONS or spec.reduction.dtype != dtype:
                raise _Unfusable(f"a trailing {spec.reduction.op} the device does not reduce")
            self.reduction = last
        table = fusion_entries.builtin()
        dialect = backend.fused_dialect
        steps = []
        for step in spec.steps:
            entry = table.get(step.op)
            if entry is None:
                raise _Unfusable(f"{step.op} has no elementwise: expression")
            if dtype != "bool" and _BITS.search(entry.expr):
                raise _Unfusable(f"{step.op} computes on the bits of its operands, which a "
                                 f"{dtype} kernel holds as {dtype}")
            bound = {a: d for a, d in entry.args if d is not None}
            bound.update(zip([a for a, _ in entry.args], step.args))
            exprs = []
            for p in entry.tensors + entry.scalars:
                a = bound.get(p)
                if isinstance(a, str):  # a schema default ('1')
                    try:
                        a = ("const", float(a) if "." in a or "e" in a else int(a))
                    except ValueError:
                        raise _Unfusable(f"{step.op}: default {p}={a}") from None
                if a is None or a[0] == "const" and not _number_ok(a[1]):
                    raise _Unfusable(f"{step.op}: argument {p} is {a!r}")
                kind, v = a
                exprs.append(f"x{v}" if kind == "in" else f"v{v}" if kind == "step"
                             else _source.literal(v, dialect))
            steps.append((entry, tuple(exprs)))
        self.group = g  # its nodes run one by one if the device compiler refuses the kernel
        self.refused = None  # the compiler's complaint, once it refused
        self.backend = backend
        self.device = backend.name
        self.space = tuple(g.space)
        self.written = list(spec.outputs)
        if self.reduction is not None and len(spec.steps) - 1 not in self.written:
            self.written.append(len(spec.steps) - 1)  # the reduced value, not an output
        by_name = {v.dtype.name: v.dtype for v in [*g.inputs, *g.outputs]}
        by_name.update((n.outputs[0].dtype.name, n.outputs[0].dtype) for n in g.nodes)
        self.dtypes = [by_name[spec.steps[j].dtype] for j in self.written]
        self.n_out = len(spec.outputs)
        bool_inputs = tuple(i for i, d in enumerate(spec.inputs) if d == "bool")
        bool_steps = tuple(j for j, s in enumerate(spec.steps) if s.dtype == "bool")
        self._make = lambda ndim: _source.fused_elementwise_source(  # noqa: E731
            steps, _source.ctype(dtype, dialect), len(spec.inputs), self.written, ndim,
            dialect, bool_inputs, bool_steps)
        self._sources: dict = {}  # merged ndim -> source
        self.launches = 0

    def __call__(self, inputs, out=None) -> list:
        if self.refused is not None:
            return self._op_by_op(inputs)
        shape = list(self.space)
        n = 1
        for s in shape:
            n *= s
        outs = [make_tensor(self.backend.alloc(max(n, 1) * d.itemsize), tuple(shape), d,
                            self.device) for d in self.dtypes]
        if n:
            sizes, strides = merge_dims(shape, [broadcast_strides(t, shape) for t in inputs])
            src = self._sources.get(len(sizes))
            fresh = src is None  # its first launch builds it
            if fresh:
                src = self._sources[len(sizes)] = self._make(len(sizes))
            args: list = [o._store for o in outs] + [n]
            for t, st in zip(inputs, strides):
                args += [t._store, t._offset, *st]
            args += sizes
            if fresh:
                try:
                    self.backend.launch_fused(src, n, args)
                except Exception as e:  # the device compiler refused it: op by op
                    return self._refuse(e, inputs)
            else:
                self.backend.launch_fused(src, n, args)
            self.launches += 1
        results = outs[:self.n_out]
        if self.reduction is not None:
            node = self.reduction
            call = tuple(outs[-1] if a is node.args[0] else a for a in node.args)
            results.append(node.handle.call(call))
        return results


    def _refuse(self, e: Exception, inputs) -> list:
        """Run the group op by op from now on, saying why in its listing and in a warning
        (a kernel the generator made that the device's compiler does not build)."""
        import warnings

        first = next((ln.strip() for ln in str(e).splitlines() if "error" in ln),
                     str(e).splitlines()[0] if str(e) else type(e).__name__)
        self.refused = f"{type(e).__name__}: {first}"
        g = self.group
        g.note = f"op by op on {self.device}: the device compiler refused its kernel " \
            f"({self.refused})"
        warnings.warn(f"al.compile: fused group {g.id} ({' -> '.join(n.op for n in g.nodes)}) "
                      f"runs op by op on {self.device}: the device compiler refused its "
                      f"kernel ({self.refused})", RuntimeWarning, stacklevel=2)
        return self._op_by_op(inputs)

    def _op_by_op(self, inputs) -> list:
        g = self.group
        env = {id(v): t for v, t in zip(g.inputs, inputs)}
        for n in g.nodes:
            _run_node(n.handle, n.args, list(n.outputs), env)
        return [env[id(v)] for v in g.outputs]


def _run_node(handle, args, outs, env) -> None:
    """Call ``handle`` on the tensors of ``args`` in ``env``; bind its results to ``outs``."""
    result = handle.call(tuple(_real(a, env) for a in args))
    returns = handle.returns
    one = len(returns) == 1 and not returns[0][1].startswith("Tensor[]")
    for v, r in zip(outs, (result,) if len(outs) == 1 and one else result):
        env[id(v)] = r


def _steps(graph: Graph) -> list:
    """The replay's steps: ("node", handle, args, outputs), ("fused", kernel, inputs,
    outputs) or, for a group the generator did not take, its nodes as "node" steps."""
    out = []
    for item in graph.schedule:
        if isinstance(item, Node):
            out.append(("node", item.handle, item.args, list(item.outputs)))
        elif item.kernel is not None:
            out.append(("fused", item.kernel, list(item.inputs), list(item.outputs)))
        else:
            out += [("node", n.handle, n.args, list(n.outputs)) for n in item.nodes]
    return out


class DevicePlan:
    """The replay of a graph on a device (Note [Graphs on a device]): ``plan(inputs)``."""

    def __init__(self, graph: Graph) -> None:
        self.graph = graph
        self.steps = _steps(graph)
        self.consts = [(v, v.const) for v in graph.consts]
        groups = list(graph.groups.values())
        self.fused = sum(g.kernel is not None for g in groups)
        self.op_by_op = len(groups) - self.fused
        lines = []
        for kind, what, args, outs in self.steps:
            names = ", ".join(v.name for v in outs)
            if kind == "fused":
                lines.append(f"{names} = fused[{graph.device}]"
                             f"({', '.join(v.name for v in args)})")
            else:
                lines.append(f"{names} = {what.name}[{graph.device}](...)")
        self.source = "\n".join(lines)

    def __call__(self, inputs):
        env = {id(v): t for v, t in zip(self.graph.inputs, inputs)}
        for v, t in self.consts:
            env[id(v)] = t
        previous = _state.enabled
        _state.enabled = False  # one backward node for the call (autograd.py), no others
        try:
            for kind, what, args, outs in self.steps:
                if kind == "fused":
                    for v, r in zip(outs, what([env[id(v)] for v in args])):
                        env[id(v)] = r
                else:
                    _run_node(what, args, outs, env)
        finally:
            _state.enabled = previous
        return [None if v is None else env[id(v)] for v in self.graph.outputs]


def _real(a, env):
    if isinstance(a, Value):
        return env[id(a)]
    if isinstance(a, (list, tuple)):
        return type(a)(_real(x, env) for x in a)
    return a


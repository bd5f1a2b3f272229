"""Split calls: a function that breaks its graph runs as compiled graphs around the breaks.

Note [Split calls]
Capture runs a function once on data-less tensors (Note [Capture mode] in capture.py); a
graph break (``.item()``, an op without a Meta kernel, an in-place write into an argument...)
ends that. Instead of running such a call eagerly, whole, it runs *split*, as torch's
LazyTensor does: the function runs on its real arguments under ``_SplitMode``, which records
each op into the pending segment (a forward Graph, as capture does) and hands back capture
tensors with no data. When something needs data, the pending segment is *flushed*:
  * a data read (``.item()``, ``.numpy()``, ``bool(t)``, ``print(t)``: the hook of
    ``Tensor._data_or_raise``, aten_lite/tensors/tensor.py), an op that cannot be recorded (no Meta
    kernel, a write into a tensor with data, a result that is not a tensor; it then runs
    eagerly, on real tensors, with autograd), and the function's return;
  * the segment's outputs are the capture tensors Python still holds (weak references tell,
    with the cycle collector paused for the call, so that the answer is the same each call);
    it is optimised and built like a whole graph (passes, fusion, a Plan, a backward graph
    when an output needs gradients), run on the real tensors it read, and each capture
    tensor is filled in place with its result's data and history (``_transplant``), so the
    function continues on real values and autograd links the segments through their
    ``CompiledFunctionBackward`` nodes;
  * segments are cached by their trace signature (ops, constants, input geometry, which
    outputs are live, grad mode): a later call recording the same trace runs the built plan
    without optimising or building again. A Python number is a constant of the graph (and
    of a fused kernel's C++), so a number read from the data (``k = t.item(); y = x * k``)
    makes a new trace per value: the second time a trace differs from a built one in its
    numbers only, it is built unfused (``_REFUSE_AFTER``), costing no C++ compilation (a
    number that recurs finds its build in the cache, least recently used dropped).
    The Python function itself runs on every split call (its ops are recorded, their Meta
    rules run): that is the price of not rewriting bytecode. It is kept small: a Meta answer
    is reused for the same operand geometry (Note [Meta results] in
    aten_lite/compile/capture.py), a user line is looked up once per code object and line,
    and an op's reasons never to be recorded once per op.
Real tensors met by a segment (the arguments, parameters, earlier segments' results, a
random draw) are its inputs, never constants, so a cached segment serves any later call. The
autograd kernels see each real tensor that requires grad through a capture leaf standing for
it (``leaf_for``), so a segment's backward graph stops at its inputs and never runs the real
history behind them. A segment that cannot be built (its backward cannot be captured) runs
its recorded ops eagerly (``_interpret``), with their own autograd, and so raises an error a
backward formula raised while capturing (a saved tensor modified in place) when and if that
backward runs, as eager does; a capture tensor that is a view of a real input is remade
eagerly from it the same way. Results never differ from eager.
"""

from __future__ import annotations

import contextlib
import gc
import sys
import weakref
from collections import OrderedDict

from ..dispatch import dispatcher as _dispatch
from ..vocab import dtype as _dtype
from ..tensors import tensor as _tensor
from ..vocab.dispatch_keys import AUTOGRAD, CPU, META
from ..vocab.grad_mode import _state
from ..tensors.tensor import Tensor
from ..vocab.device import strided as _STRIDED
from .capture import (Captured, _active, _capture_tensor, _CaptureMode,
                      _is_break, _is_user, _Recorder, _Unsupported, capture_backward,
                      hashable_key, user_line)
from .guards import _NP_SCALARS, np_scalar_token
from .ir import Graph, Value
from .tree import Slot, flatten

__all__ = ["run_split", "SplitGraph", "SegmentCache"]

_SEGMENT_CACHE_SIZE = 64  # segments kept per compiled function, least recently used dropped
_REFUSE_AFTER = 2  # builds of one trace shape with other numbers, after which it is not fused


@contextlib.contextmanager
def _dispatching(mode, data_hook):
    """Run the block with this dispatch mode and data-read hook, then put back the ones that
    were set (the split run's own, or none)."""
    previous = _dispatch.set_mode(mode)
    hook = _tensor.set_data_hook(data_hook)
    try:
        yield
    finally:
        _tensor.set_data_hook(hook)
        _dispatch.set_mode(previous)


class SegmentCache:
    """A compiled function's built segments, by trace signature (least recently used
    dropped), and how many times each trace without its numbers was built."""

    def __init__(self) -> None:
        self.built: OrderedDict = OrderedDict()
        self.shapes: dict = {}


class _SegmentRecorder(_Recorder):
    """Records one segment: real tensors met are inputs (not constants), and the results of
    recorded ops are tracked weakly, to find the ones still alive at the flush."""

    def __init__(self, fill_alias=None) -> None:
        super().__init__(Graph(kind="forward"))
        self.real_inputs: list = []  # the real tensor of each graph input, in order
        self.made: list = []  # weak references to the recorded ops' results
        self.grad_modes: list = []  # grad mode as each node was recorded, for _interpret
        self.fill_alias = fill_alias  # _SplitRun.fill_alias: Note [Detached aliases in splits]

    def value_of(self, t: Tensor):
        if t._a is None and t._base is not None and self.fill_alias is not None:
            self.fill_alias(t)
        return super().value_of(t)

    def _outside(self, t: Tensor):
        v = self._twinned(t, "input")
        self.graph.inputs.append(v)
        self.real_inputs.append(t)
        return v

    def leaf_for(self, t: Tensor) -> Tensor:
        """The capture leaf that autograd records in place of the real tensor ``t``."""
        v = self.value_of(t)
        leaf = self.leaves.get(id(v))
        if leaf is None:
            leaf = self.leaves[id(v)] = _capture_tensor(t._shape, t.stride(), t._dtype, True)
            self.values[id(leaf)] = (leaf, v)
        return leaf

    def record(self, handle, args: tuple, where: str):
        result = super().record(handle, args, where)
        self.grad_modes.append(_state.enabled)
        return result

    def _output(self, r, node, args):
        v = super()._output(r, node, args)
        self.made.append(weakref.ref(r))
        return v

    def live(self) -> list:
        """[(capture tensor, Value)] of the recorded results Python still holds, after
        dropping the recorder's own references to them."""
        node_refs = [(weakref.ref(obj), v) for obj, v in self.values.values() if v.kind == "node"]
        self.values = {k: e for k, e in self.values.items() if e[1].kind != "node"}
        for ref, v in node_refs:
            obj = ref()
            if obj is not None:
                self.values[id(obj)] = (obj, v)
        found: dict = {}
        for ref in self.made:
            t = ref()
            if t is not None and t._a is None and id(t) in self.values and id(t) not in found:
                found[id(t)] = (t, self.values[id(t)][1])
        return list(found.values())


def _static_break(handle) -> str:
    """Why the op can never be recorded, whatever its arguments ('' if it can)."""
    if not handle.stacks.get(META):
        return "no Meta kernel"
    if any(not r[1].startswith("Tensor") for r in handle.returns):
        return "returns a Python value, which depends on the data"
    return ""


# op handle -> _static_break's answer, asked for each op a split call records (a handle's
# kernels and schema stay as they are once registered).
_STATIC_BREAKS: dict = {}


def _would_break(rec: _SegmentRecorder, handle, args: tuple) -> str:
    """Why the op cannot be recorded, checked before its autograd kernel runs ('' if it can)."""
    why = _STATIC_BREAKS.get(handle)
    if why is None:
        why = _STATIC_BREAKS[handle] = _static_break(handle)
    if why:
        return why
    for a in args:
        for t in (a if isinstance(a, (list, tuple)) else (a,)):
            if isinstance(t, Tensor) and (t._layout is not _STRIDED or t._key is not CPU):
                return f"takes a {t._device.type} {t._layout.name} tensor"
    for i in handle.write_pos:
        t = args[i]
        if isinstance(t, Tensor):
            hit = rec.values.get(id(t))
            if t._a is not None or hit is None or hit[1].root.kind != "node":
                return (f"writes in place into '{handle.args[i].name}', a tensor with data "
                        "or a view of one")
    return ""


class _SplitMode:
    """The dispatch mode of a split call (Note [Split calls])."""

    def __init__(self, split: "_SplitRun") -> None:
        self.split = split
        self.current = None

    def run(self, handle, key: str, keys: tuple, args: tuple, below_autograd: bool):
        split = self.split
        if handle.composite:
            return handle.table[key](*args)
        if not below_autograd:  # the op's first entry: decide before autograd records it
            why = _would_break(split.recorder, handle, args)
            if not why and key is AUTOGRAD and not (handle.elementwise or handle.reduction):
                why = split.meta_fails(handle, args)
            if why:
                return split.eager_op(handle, key, args, why, sys._getframe(1))
        if key is AUTOGRAD:
            leaves = split.leaf_args(args)
            result = handle.table[key](*leaves)
            if isinstance(result, Tensor) and leaves is not args:
                # An op handing back its argument (Note [Ops that hand back their argument]
                # in capture.py) hands back the real tensor, not the leaf standing for it.
                for a, leaf in zip(args, leaves):
                    if result is leaf and leaf is not a:
                        return a
            return result
        try:
            return split.recorder.record(handle, args, user_line(sys._getframe(1)))
        except Exception as e:
            if not isinstance(e, _Unsupported) and not _is_break(e):
                raise
            if below_autograd:
                raise RuntimeError(
                    f"al.compile: {handle.name} ({user_line(sys._getframe(1))}) cannot be "
                    f"recorded ({e}) after its gradient was; call the function without "
                    "al.compile") from e
            return split.eager_op(handle, key, args, str(e), sys._getframe(1))


class SplitGraph:
    """What ``compiled.graph(...)`` returns for a call that runs split: its graphs, in order,
    and the breaks between them; ``print()`` lists them."""

    def __init__(self, graphs: list, breaks: list) -> None:
        self.graphs = graphs  # the optimised forward Graph of each segment run
        self.breaks = breaks  # (op, where, reason) of each break, in order

    def summary(self) -> str:
        n, b = len(self.graphs), len(self.breaks)
        at = ", ".join(f"{where} ({op})" for op, where, _ in self.breaks)
        return (f"split call: {n} graph{'s' * (n != 1)}, {b} break{'s' * (b != 1)}"
                + (f" at {at}" if at else ""))

    def __str__(self) -> str:
        lines = [self.summary()]
        for op, where, reason in self.breaks:
            lines.append(f"  break at {where}: {op}: {reason}")
        for i, g in enumerate(self.graphs):
            lines += ["", f"graph {i + 1} of {len(self.graphs)}:", str(g)]
        return "\n".join(lines)


class _SplitRun:
    """One split call: the pending segment, and what was flushed so far."""

    def __init__(self, cache: SegmentCache, make_entry, stats: dict) -> None:
        self.cache = cache
        self.make_entry = make_entry
        self.stats = stats
        self.recorder = _SegmentRecorder(self.fill_alias)
        self.mode = _SplitMode(self)
        self.graphs: list = []
        self.breaks: list = []
        # id(capture root) -> (the root, [(capture tensor, its capture geometry)]) of each
        # capture tensor filled so far: Note [Detached aliases in splits]
        self.filled: dict = {}

    # ---- what the mode calls ----

    def leaf_args(self, args: tuple) -> tuple:
        rec = self.recorder
        out = list(args)
        for i, a in enumerate(args):
            if isinstance(a, Tensor) and a._a is not None and a._requires_grad:
                out[i] = rec.leaf_for(a)
            elif isinstance(a, (list, tuple)) and any(isinstance(x, Tensor) for x in a):
                out[i] = type(a)(rec.leaf_for(x) if isinstance(x, Tensor) and x._a is not None
                                 and x._requires_grad else x for x in a)
        return tuple(out)

    def meta_fails(self, handle, args: tuple) -> str:
        """Run the op's Meta kernel alone: '' when it can be recorded, else why not (an op
        whose result shape depends on the data)."""
        rec = self.recorder
        try:
            for a in args:
                rec._arg(a)
            rec._run_meta(handle, args)
        except Exception as e:
            if isinstance(e, _Unsupported) or _is_break(e):
                return str(e)
            raise
        return ""

    def eager_op(self, handle, key: str, args: tuple, why: str, frame):
        """Flush, then run the op eagerly on the (now real) arguments."""
        self.flush(handle.name, user_line(frame), f"{why}; ran eagerly")
        for a in args:
            for t in (a if isinstance(a, (list, tuple)) else (a,)):
                if isinstance(t, Tensor) and t._a is None and t._base is not None:
                    self.fill_alias(t)
        with _dispatching(None, None):
            return handle.table[key](*args)

    def on_read(self, t: Tensor, what: str) -> None:
        frame, inner = sys._getframe(1), None
        while frame is not None and not _is_user(frame):
            inner, frame = frame.f_code.co_name, frame.f_back  # what the user's line called
        op = f"Tensor.{inner}()" if inner and inner != "<module>" else what
        hooks = what in ("Tensor.register_hook()", "Tensor.retain_grad()")
        self.flush(op, user_line(sys._getframe(1)),
                   "hooks the real autograd history" if hooks else "reads the data")
        if t._a is None and t._base is not None:
            self.fill_alias(t)

    # ---- Note [Detached aliases in splits] ----

    def _note_geometry(self, lazies: list) -> None:
        for t in lazies:
            if t._a is None:
                root = t._base if t._base is not None else t
                known = self.filled.setdefault(id(root), (root, []))
                known[1].append((t, t._shape, t._st, t._offset))

    def fill_alias(self, d: Tensor) -> None:
        """Fill ``d``, a data-less alias of a capture tensor filled at an earlier flush."""
        from ..autograd.node import detached

        known = self.filled.get(id(d._base))
        if known is None or known[0] is not d._base:
            return  # not an alias of a filled tensor: of one still pending, or none
        real = None
        for t, shape, st, offset in known[1]:
            if t._a is not None and (shape, st, offset) == (d._shape, d._st, d._offset):
                real = detached(t)
                break
        if real is None:
            real = _alias_in_root(d, known[0], known[1])
        if real is None:
            raise RuntimeError(
                "al.compile: a detached alias of a tensor computed before a graph break "
                "cannot be filled: the view it aliases was not kept, and its storage is not "
                "laid out as captured; keep the view alive, or call the function without "
                "al.compile")
        d._a, d._st, d._offset, d._base = real._a, real._st, real._offset, real._base
        d._vc = real._vc

    # ---- flushing ----

    def flush(self, op: str | None, where: str = "", reason: str = "") -> None:
        """Run the pending segment and fill its live capture tensors (Note [Split calls]);
        ``op`` names the break (None at the return)."""
        if op is not None:
            self.breaks.append((op, where, reason))
        rec = self.recorder
        if not rec.graph.nodes:
            return
        self.recorder = _SegmentRecorder(self.fill_alias)
        with _dispatching(None, None):
            live = rec.live()
            outs = [t for t, v in live if v.root.kind == "node"]
            views = [(t, v) for t, v in live if v.root.kind != "node"]
            rec.graph.outputs = [rec.values[id(t)][1] for t in outs]
            rec.graph.n_user_outputs = len(outs)
            # The steps remaking the views, taken before building the segment optimises
            # (rewrites) the same graph: its passes drop the view ops no output reads.
            wanted = [v for _, v in views]
            steps = _steps(rec.graph, wanted) if views else []
            self._note_geometry(outs + [t for t, _ in views])
            if outs:
                entry = self._entry(rec, outs)
                _transplant(outs, entry.run(rec.real_inputs), rec.real_inputs)
                if entry.graph is not None:
                    self.graphs.append(entry.graph)
            if views:  # views of real inputs: remade from them, eagerly
                made = _interpret(rec.graph, rec.real_inputs, wanted, steps=steps)
                _transplant([t for t, _ in views], made, rec.real_inputs)

    def _entry(self, rec: _SegmentRecorder, outs: list):
        key = _signature(rec.graph, outs)
        built = self.cache.built
        entry = built.get(key) if key is not None else None
        if entry is not None:
            built.move_to_end(key)
            self.stats["segment_replays"] += 1
            return entry
        shape_key = _signature(rec.graph, outs, numbers=False)
        seen = self.cache.shapes
        seen[shape_key] = builds = seen.get(shape_key, 0) + 1
        entry = _build(rec, outs, self.make_entry, builds < _REFUSE_AFTER)
        self.stats["segment_builds"] += 1
        if len(seen) > _SEGMENT_CACHE_SIZE * 16:
            seen.clear()  # counts of traces long gone; starting them again costs one fused build
        if key is not None and entry.cacheable:
            built[key] = entry
            while len(built) > _SEGMENT_CACHE_SIZE:
                built.popitem(last=False)
        return entry


def _build(rec: _SegmentRecorder, outs: list, make_entry, fuse: bool):
    """The built segment: ``make_entry(captured, fuse)`` (api._Entry: plans, backward), or
    the eager interpreter of its ops when its backward cannot be captured."""
    graph = rec.graph
    backward, diff, targets = None, [], []
    try:
        if any(t._requires_grad for t in outs):  # recorded with grad, whatever the mode now
            mode = _CaptureMode(rec)
            previous = _dispatch.set_mode(mode)
            _active.append(mode)
            try:
                backward, diff, targets = capture_backward(rec, mode, outs)
            finally:
                _active.pop()
                _dispatch.set_mode(previous)
    except Exception as e:
        # A break, or an error of a backward formula (a saved tensor modified in place since):
        # eager raises the latter only if, and when, that backward runs, so the segment runs
        # its ops eagerly, with their own autograd, which raises it then.
        graph.outputs = graph.outputs[:graph.n_user_outputs]
        return _Interpreted(graph, rec.grad_modes, f"{type(e).__name__}: {e}")
    captured = Captured(graph, backward, [Slot(i) for i in range(len(outs))], diff, targets)
    entry = make_entry(captured, fuse)
    entry.cacheable = not graph.consts and (backward is None or not backward.consts)
    return entry


class _Interpreted:
    """A segment run op by op through the dispatcher (autograd included)."""

    def __init__(self, graph: Graph, grad_modes: list, reason: str) -> None:
        self.graph = None  # not compiled: nothing to list
        self.recorded = graph
        self.grad_modes = grad_modes
        self.reason = reason
        self.cacheable = True

    def run(self, inputs: list) -> list:
        g = self.recorded
        return _interpret(g, inputs, g.outputs[:g.n_user_outputs], self.grad_modes)


def _steps(graph: Graph, wanted: list, grad_modes=None) -> list:
    """The ``(handle, args, outputs, grad mode)`` of each node of ``graph`` that ``wanted``
    needs (every node when ``grad_modes`` is given, each in the mode it was recorded in;
    else None: the current mode), in order: a copy the graph passes cannot rewrite."""
    nodes = graph.nodes
    if grad_modes is None:
        needed, stack = set(), [v.producer for v in wanted if v.producer is not None]
        while stack:
            n = stack.pop()
            if id(n) not in needed:
                needed.add(id(n))
                stack.extend(v.producer for v in n.inputs() if v.producer is not None)
        return [(n.handle, n.args, list(n.outputs), None) for n in nodes if id(n) in needed]
    return [(n.handle, n.args, list(n.outputs), mode) for n, mode in zip(nodes, grad_modes)]


def _interpret(graph: Graph, inputs: list, wanted: list, grad_modes=None, steps=None) -> list:
    """Run ``graph``'s nodes eagerly on ``inputs`` (``_steps``: all of them when
    ``grad_modes`` is given, else those ``wanted`` needs; ``steps``: taken earlier); the real
    tensors of ``wanted``."""
    env = {id(v): t for v, t in zip(graph.inputs, inputs)}
    if steps is None:
        steps = _steps(graph, wanted, grad_modes)
    previous = _state.enabled
    for handle, args, outputs, mode in steps:
        if mode is not None:
            _state.enabled = mode
        try:
            result = handle.call(tuple(_real(a, env) for a in args))
        finally:
            _state.enabled = previous
        returns = handle.returns
        one = len(returns) == 1 and not returns[0][1].startswith("Tensor[]")
        results = (result,) if len(outputs) == 1 and one else result
        for v, r in zip(outputs, results):
            env[id(v)] = r
    return [env[id(v)] for v in wanted]


def _real(a, env):
    if hasattr(a, "producer"):  # a Value
        return env[id(a)]
    if isinstance(a, (list, tuple)):
        return type(a)(_real(x, env) for x in a)
    return a


def _alias_in_root(d: Tensor, root: Tensor, geometries: list):
    """The real alias with ``d``'s capture geometry inside ``root``'s storage, when ``root``
    is now a C-contiguous array laid out as it was captured; else None."""
    import numpy as np

    captured = next((g for g in geometries if g[0] is root), None)
    a = root._a
    if captured is None or a is None or root._base is not None or captured[3] != 0 \
            or not a.flags.c_contiguous or captured[2] != _tensor.contiguous_strides(a.shape):
        return None
    flat = a.reshape(-1)[d._offset:]
    item = a.itemsize
    made = np.lib.stride_tricks.as_strided(flat, d._shape, [s * item for s in d._st])
    return Tensor._wrap(made, base=root)


def _transplant(lazies: list, reals: list, inputs: list) -> None:
    """Fill each capture tensor in place with its real result's data and autograd history."""
    owner = {id(r): t for t, r in zip(lazies, reals)}
    given = {id(t) for t in inputs}
    for t, r in zip(lazies, reals):
        if t._a is not None:
            continue
        base = r._base
        if base is None and id(r) in given:
            base = r  # the op handed back its input: an alias of it
        elif base is not None:
            base = owner.get(id(base), base)
        t._a = r._a
        t._st = None
        t._offset = 0
        if base is not None and base is not t:
            t._base = base._base if base._base is not None else base
            t._vc = t._base._version_counter
        else:
            t._base = None
            # r's storage, r's writes: a compiled backward that saved r sees t's too (Note
            # [Saved values written in place] in autograd.py)
            t._vc = r._version_counter
        t._requires_grad = r._requires_grad
        t.grad_fn = r.grad_fn
        t._output_nr = r._output_nr


# Note [Detached aliases in splits]
# ``y.detach()`` (and autograd's saved outputs) make an alias of a capture tensor without
# dispatching: the split run never records it, and the flush that fills ``y`` with data does
# not know it. Each flush notes the capture geometry of the tensors it fills, by their root
# capture tensor (the alias's ``_base``); an alias still without data when an op, a data
# read, an eager op or the return meets it is filled then, as a detached alias of the filled
# tensor of the same geometry (or, when that view was not kept, a view of its root's data).


def _signature(graph: Graph, outs: list, numbers: bool = True):
    """The trace signature a built segment is cached by (Note [Split calls]); None when a
    constant cannot be hashed. ``numbers=False``: Python numbers left out."""
    parts: list = [_state.enabled, _dtype.get_default_dtype()]  # the dtype of Python floats
    parts.append(tuple((v.shape, v.strides, v.dtype, v.requires_grad) for v in graph.inputs))
    for n in graph.nodes:
        parts.append((n.op, _sig(n.args, numbers), tuple([v.id for v in n.outputs])))
    parts.append(tuple([v.id for v in graph.outputs]))
    parts.append(tuple([t._requires_grad for t in outs]))
    return hashable_key(parts)


_NUMBERS = (int, float, bool)


def _sig(a, numbers: bool = True):
    if isinstance(a, Value):
        return ("v", a.id)
    if isinstance(a, (list, tuple)):
        out: list = [type(a)]
        for x in a:
            t = type(x)
            if t is Value:
                out.append(("v", x.id))
            elif t is float:
                out.append((float, repr(x)) if numbers else float)
            elif t is int or t is bool or t is str or x is None:
                out.append((t, x) if numbers or t not in _NUMBERS else t)
            else:
                out.append(_sig(x, numbers))
        return tuple(out)
    if not numbers and type(a) in _NUMBERS:
        return type(a)
    if type(a) is float:
        return (float, repr(a))
    if isinstance(a, _NP_SCALARS):  # np.float64(-0.0) == 0.0: by spelling too
        return np_scalar_token(a) if numbers else type(a)
    return (type(a), a)


def run_split(fn, args: tuple, kwargs: dict, cache: SegmentCache, make_entry, stats: dict):
    """Call ``fn`` split into graphs (Note [Split calls]): (its result, the SplitGraph).
    ``cache`` holds the built segments; ``make_entry(captured, fuse)`` builds one."""
    split = _SplitRun(cache, make_entry, stats)
    # Liveness is read from reference counts; the cycle collector, which runs when it likes,
    # would make it vary from call to call (and the trace signature with it): it waits.
    collecting = gc.isenabled()
    gc.disable()
    _active.append(split.mode)
    try:
        with _dispatching(split.mode, split.on_read):
            result = fn(*args, **kwargs)
            split.flush(None)
            for t in flatten(result)[0]:  # Note [Detached aliases in splits]
                if t._a is None and t._base is not None:
                    split.fill_alias(t)
    except BaseException:
        try:  # leave no data-less tensor behind, then raise what the function raised
            split.flush(None)
        except Exception:
            pass
        raise
    finally:
        _active.pop()
        if collecting:
            gc.enable()
    return result, SplitGraph(split.graphs, split.breaks)

"""Capture: run a function once under a dispatch mode that records each op into a Graph.

Note [Capture mode]
Capture is a dispatch mode (Note [Dispatch modes] in dispatch/dispatcher.py). The function runs on
*capture tensors*: tensors with a meta tensor's geometry and no data, that nevertheless carry
the CPU key and device, so that a tensor the function reads from elsewhere (a module's weight,
a tensor it builds with ``al.zeros``) mixes with them exactly as it would in eager mode. The
dispatcher computes the key as usual and hands every call to the mode, which
  * lets an Autograd kernel run (it records its backward node, on capture tensors, and
    redispatches below autograd, which comes back here), and lets a composite kernel run (its
    parts come back here: graphs hold backend ops only);
  * otherwise records a Node and runs the op's **Meta** kernel on the arguments turned meta for
    the duration of the call: shapes, strides and dtypes come from the YAML's Meta rules and no
    kernel runs. A real tensor met in the arguments becomes a ``const`` input of the graph.
What cannot be captured raises ``GraphBreak`` (reading data: ``.item()``, ``.numpy()``,
``bool(t)``; an op without a Meta kernel; an in-place write into an input or const; random
draws, which the RNG state before and after the capture reveals).

Note [Data read during capture]
A function may read the data of a real tensor while it is captured: ``c.item()``,
``float(c)``, ``c.tolist()`` of a global, closure or attribute ``c``. The value read becomes
part of the trace (a Python number folded into the ops recorded after it), so the graph is
right only while ``c`` is the same tensor with the same contents. Every such read is
recorded (the read hook of tensors/tensor.py: one global test per read outside capture), and
the cache entry guards each tensor read: that the call still reaches the same tensor (its
path, as for the graph's constants, Note [Reads outside the arguments] in guards.py) and that
its version counter (bumped by every in-place write) is unchanged. A rebinding or an in-place
write captures again; the function's own fresh tensors never change after the capture.

The backward graph is captured the same way (``capture_backward``): the autograd engine runs
the recorded backward nodes' derivatives.yaml formulas on capture tensors under the mode, with
capture tensors as the output gradients; a forward value a formula reads becomes an input of
the backward graph and an extra output (``saved``) of the forward graph.
"""

from __future__ import annotations

import os
import sys

from ..dispatch import dispatcher as _dispatch
from ..vocab import dtype as _dtype
from ..frontend import random as _random
from ..vocab.device import cpu as _CPU, device as _device_cls, meta as _META, strided as _STRIDED
from ..tensors.tensor import Tensor, set_read_hook
from ..vocab.dispatch_keys import AUTOGRAD, CPU, META
from ..vocab.user_code import is_user_frame as _is_user, user_line  # Note [The user's frame]
from ..autograd import engine
from ..autograd.node import edge
from .ir import Graph, Node, Value
from .tree import flatten

__all__ = ["GraphBreak", "capture", "capture_backward", "user_line", "capturing"]

# Op kinds that write a tensor argument: their nodes are impure (passes keep them in place).
_IMPURE_KINDS = ("inplace", "out", "mutable")


class GraphBreak(RuntimeError):
    """Something the function did cannot be captured: ``op`` at ``where`` because ``reason``."""

    def __init__(self, op: str, where: str, reason: str) -> None:
        super().__init__(f"{op} at {where}: {reason}")
        self.op, self.where, self.reason = op, where, reason


class _Unsupported(Exception):
    """Raised inside the mode; turned into a GraphBreak with the user's line."""


def _break_from(exc: BaseException, mode) -> GraphBreak:
    """The GraphBreak describing ``exc``, raised while capturing: its op and user line."""
    where, inner = "?", None
    tb = exc.__traceback__
    while tb is not None:
        code = tb.tb_frame.f_code
        if _is_user(tb.tb_frame):
            where = f"{os.path.basename(code.co_filename)}:{tb.tb_lineno}"
            inner = None
        elif inner is None:
            inner = code.co_name  # what the user's line called
        tb = tb.tb_next
    if isinstance(exc, GraphBreak):
        return exc
    op = mode.current if mode.current else f"Tensor.{inner}()" if inner else "?"
    return GraphBreak(op, where, str(exc) or type(exc).__name__)


def _is_break(exc: BaseException) -> bool:
    """Whether ``exc`` comes from capturing (no Meta kernel, data read from a capture tensor,
    a meta tensor met) rather than from the function itself, which eager would raise too."""
    return isinstance(exc, NotImplementedError) or "meta" in str(exc)


# ---- capture tensors ----

# Note [Capturing on a device]
# A call whose tensors live on a registered device that can compile fused kernels ("opencl";
# compile/device_plan.py) is captured with capture tensors carrying that device's key and
# device instead of the CPU's, so that the dispatcher sees what it would see eagerly: a CPU
# tensor met among them is refused by name, as eager refuses it, and a factory asked for the
# device makes a capture tensor of the device. ``_TARGET`` is the (key, device) capture
# tensors get; a real tensor's twin keeps its own tensor's.
_TARGET: list = [CPU, _CPU]


def _capture_tensor(shape, strides, dtype, requires_grad: bool, where=None) -> Tensor:
    t = Tensor._meta(shape, dtype, strides)
    t._key, t._device = where if where is not None else _TARGET
    t._requires_grad = requires_grad
    return t


def _to_meta(t: Tensor) -> None:
    t._key, t._device = META, _META


def _to_capture(t: Tensor, where=None) -> None:
    t._key, t._device = where if where is not None else _TARGET


def _home(t: Tensor) -> tuple:
    """The (key, device) of a real tensor's capture twin: its own (Note [Capturing on a
    device])."""
    return (t._key, t._device) if t._store is not None else (CPU, _CPU)


class _Recorder:
    """Builds one Graph: maps each tensor object met to its Value (Note [Capture mode])."""

    def __init__(self, graph: Graph, parent: "_Recorder | None" = None) -> None:
        self.graph = graph
        self.parent = parent  # the forward recorder, while recording a backward graph
        self.values: dict = {}  # id(tensor) -> (tensor, Value); the tensor keeps the id valid
        self.twins: dict = {}  # id(real tensor) -> its capture twin
        self.saved: list = []  # backward graph: the forward Values it reads, by input order
        # id(Value) -> the capture leaf autograd saw for it, when not the input's own object
        # (a split call's real tensors, Note [Split calls] in aten_lite/compile/segments.py)
        self.leaves: dict = {}
        # backward graph: id(tensor a formula's factory made) -> (it, the tensor it was made
        # from): Note [Absent output gradients] in autograd.py
        self.made_from: dict = {}

    def input(self, t: Tensor, kind: str = "input") -> Tensor:
        """A capture tensor standing for the real tensor ``t``, as a graph input."""
        fake = _capture_tensor(t._shape, t.stride(), t._dtype, t._requires_grad)
        v = self.graph.new_value(kind, t._shape, fake._st, t._dtype)
        v.requires_grad = t._requires_grad
        self.graph.inputs.append(v)
        self.values[id(fake)] = (fake, v)
        return fake

    def value_of(self, t: Tensor) -> Value:
        hit = self.values.get(id(t))
        if hit is not None and hit[0] is t:
            return hit[1]
        if self.parent is not None:
            outer = self.parent.values.get(id(t))
            if outer is not None and outer[0] is t:
                return self._saved(t, outer[1])
        if t._a is None and t._base is not None:
            alias = self._alias_of(t)
            if alias is not None:
                return alias
        if t._layout is not _STRIDED or (t._a is None and t._store is None):
            raise _Unsupported(f"a {t._device.type} {t._layout.name} tensor made outside the "
                               "traced ops (sparse, meta, or a random draw) cannot be captured")
        return self._outside(t)

    def _outside(self, t: Tensor) -> Value:
        """The Value of a real tensor the function read from elsewhere: a const."""
        v = self._twinned(t, "const", const=t)
        self.graph.consts.append(v)
        made = self.made_from.get(id(t))
        if made is not None and made[0] is t:
            source = self.values.get(id(made[1]))
            if source is not None and source[0] is made[1]:
                self.graph.made_from[v] = source[1]
        return v

    def _twinned(self, t: Tensor, kind: str, **facts) -> Value:
        """A new ``kind`` Value standing for the real tensor ``t``, and the capture tensor
        (its twin) that the Meta kernels see in its place; both map to the Value."""
        twin = _capture_tensor(t._shape, t.stride(), t._dtype, t._requires_grad, _home(t))
        v = self.graph.new_value(kind, t._shape, twin._st, t._dtype, **facts)
        v.requires_grad = t._requires_grad
        self.values[id(t)] = (t, v)
        self.values[id(twin)] = (twin, v)
        self.twins[id(t)] = twin
        return v

    def _alias_of(self, t: Tensor):
        """The Value of a known tensor that ``t`` aliases exactly (autograd saves outputs as
        detached aliases: same storage and geometry, another object)."""
        for rec in (self, self.parent):
            if rec is None:
                continue
            for obj, v in list(rec.values.values()):
                if (obj is t._base or obj._base is t._base) and obj._shape == t._shape \
                        and obj._st == t._st and obj._offset == t._offset \
                        and obj._dtype is t._dtype:
                    if rec is self:
                        self.values[id(t)] = (t, v)
                        return v
                    return self._saved(t, v)
        return None

    def _saved(self, t: Tensor, outer: Value) -> Value:
        v = self.graph.new_value("input", outer.shape, outer.strides, outer.dtype)
        self.graph.inputs.append(v)
        self.saved.append(outer)
        self.values[id(t)] = (t, v)
        return v

    def meta_arg(self, t: Tensor) -> Tensor:
        return self.twins.get(id(t), t)

    def record(self, handle, args: tuple, where: str):
        impure = handle.kind in _IMPURE_KINDS
        arg_values = tuple(self._arg(a) for a in args)
        for i in handle.write_pos:
            v = arg_values[i]
            if isinstance(v, Value) and v.root.kind != "node":
                raise _Unsupported(f"writes in place into a graph {v.root.kind} "
                                   f"('{handle.args[i].name}'); compiled functions may not "
                                   "modify their inputs or tensors they read from elsewhere")
            if isinstance(args[i], Tensor) and _expanded(args[i]):
                # The CPU kernels refuse this (check_writable); the Meta rules cannot see it,
                # and a dead write would vanish with DCE: refused here, as eagerly.
                raise RuntimeError("unsupported operation: more than one "
                                   "element of the written-to tensor refers to a single "
                                   "memory location. Please clone() the tensor before "
                                   "performing the operation.")
        result = self._run_meta(handle, args)
        if handle.kind == "functional" and isinstance(result, Tensor):
            given = _handed_back(self, result, args)
            if given is not None:  # Note [Ops that hand back their argument]
                return given
        outs = result if isinstance(result, (tuple, list)) else (result,)
        node = Node(len(self.graph.nodes), handle.name, handle, arg_values, [], where, impure)
        for r in outs:
            if not isinstance(r, Tensor):
                raise _Unsupported(f"returns a Python {type(r).__name__}, which depends on "
                                   "the data")
            if r._layout is not _STRIDED:
                raise _Unsupported(f"makes a {r._layout.name} tensor; graph mode captures "
                                   "strided tensors only")
            node.outputs.append(self._output(r, node, args))
        self.graph.nodes.append(node)
        return result

    def _arg(self, a):
        if isinstance(a, Tensor):
            return self.value_of(a)
        if isinstance(a, (list, tuple)) and any(isinstance(x, Tensor) for x in a):
            return type(a)(self.value_of(x) if isinstance(x, Tensor) else x for x in a)
        return a

    def _root_of(self, base: Tensor, args: tuple) -> Value:
        """The root Value of a view's storage owner ``base``: known here, or shared with an
        argument (a view of a forward value, in a backward graph)."""
        hit = self.values.get(id(base))
        if hit is not None and hit[0] is base:
            return hit[1].root
        for a in args:
            for t in (a if isinstance(a, (list, tuple)) else (a,)):
                if isinstance(t, Tensor) and (t is base or t._base is base):
                    return self.value_of(t).root
        raise _Unsupported("makes a view of a tensor the graph does not know")

    def _run_meta(self, handle, args: tuple):
        key = _meta_key(self, handle, args)
        if key is not None:
            known = _META_RESULTS.get(key)
            if known is not None:  # Note [Meta results]
                made = [_capture_tensor(shape, st, dtype, False) for shape, st, dtype in known[1]]
                return made[0] if known[0] is None else known[0](made)
        result, flipped = self._meta_kernel(handle, args)
        if key is not None:
            outs = result if isinstance(result, (tuple, list)) else (result,)
            given = flipped + list(args)  # a result that is an argument is no answer to keep
            if not any(r is a for r in outs for a in given) and all(isinstance(r, Tensor) and r._a is None and r._base is None
                   and r._layout is _STRIDED and not r._requires_grad for r in outs):
                if len(_META_RESULTS) > 4096:
                    _META_RESULTS.clear()
                _META_RESULTS[key] = (
                    None if outs is not result else type(result),
                    [(r._shape, r._st, r._dtype) for r in outs])
        return result

    def _meta_kernel(self, handle, args: tuple):
        """The op's Meta kernel run on the arguments' meta twins: (its result, the twins)."""
        flipped = []
        margs = list(args)
        for i, a in enumerate(args):
            if isinstance(a, Tensor):
                margs[i] = m = self.meta_arg(a)
                flipped.append(m)
            elif isinstance(a, (list, tuple)) and any(isinstance(x, Tensor) for x in a):
                items = [self.meta_arg(x) if isinstance(x, Tensor) else x for x in a]
                flipped.extend(x for x in items if isinstance(x, Tensor))
                margs[i] = type(a)(items)
        dev = handle.device_pos
        homes = [(t._key, t._device) for t in flipped]
        where = None  # the results' (key, device): the capture's unless made elsewhere
        if dev is not None and (args[dev] is None and not flipped or
                                args[dev] is not None and _device_cls(args[dev]).type == "cpu"):
            margs[dev] = _META  # made on (or moved to) the CPU: on meta while capturing
            where = (CPU, _CPU)
        elif dev is not None and args[dev] is not None and \
                _device_cls(args[dev]).type == _TARGET[1].type:
            margs[dev] = _META  # made on (or moved to) the captured device
        for t in flipped:
            _to_meta(t)
        try:
            result = handle.table[META](*margs)
        finally:
            for t, home in zip(flipped, homes):
                _to_capture(t, home)
        for r in (result if isinstance(result, (tuple, list)) else (result,)):
            if isinstance(r, Tensor) and r._a is None and r._store is None:
                _to_capture(r, where)
        return result, flipped

    def _output(self, r: Tensor, node: Node, args: tuple) -> Value:
        prior = self.values.get(id(r))
        v = self.graph.new_value("node", r._shape, r.stride(), r._dtype, producer=node)
        if prior is not None and prior[0] is r:
            v.root = prior[1].root  # an in-place or identity result: the same storage
        elif r._base is not None:
            v.root = self._root_of(r._base, args)
        self.values[id(r)] = (r, v)
        return v


# Note [Ops that hand back their argument]
# Some functional ops return their argument itself when there is nothing to do: ``to`` and
# ``type_as`` to its own dtype, ``contiguous`` of a contiguous tensor, ``float()`` of a
# float32 tensor. Eager then hands the caller the same object (its history, its ``.grad``).
# Such a call records no node: the Meta rule handed back the argument (or, for a real tensor,
# its capture twin), and the recorder hands back the argument itself. A node would map the
# argument's object to a new Value, losing the input it stands for (the backward graph could
# no longer name that input's gradient), and would return an alias where eager returns the
# object.


def _expanded(t: Tensor) -> bool:
    """Whether several elements of ``t`` share one memory location (an expanded dim)."""
    return any(st == 0 and n > 1 for n, st in zip(t._shape, t.stride()))


def _handed_back(rec: "_Recorder", result: Tensor, args: tuple):
    """The argument ``result`` is (the object, or the real tensor whose twin it is), or None."""
    for a in args:
        if isinstance(a, Tensor) and (result is a or result is rec.twins.get(id(a))):
            return a
    return None


# Note [Meta results]
# Recording an op runs its Meta rule (Note [Capture mode]); a split call records every op of
# the function on every call (Note [Split calls] in aten_lite/compile/segments.py), so the
# rule's answer for a functional elementwise or reduction op, which depends only on its
# operands' shapes, strides and dtypes, its other arguments and the default dtype, is kept
# by those: a new capture tensor of the known geometry is made without running the rule
# again. Ops that make views, write in place or take a device run their rule each time.
_META_RESULTS: dict = {}  # _meta_key -> (result type or None, [(shape, strides, dtype)])


def _meta_key(rec: _Recorder, handle, args: tuple):
    """What a cacheable op's Meta result depends on (Note [Meta results]); None if not
    cacheable."""
    if handle.kind != "functional" or handle.device_pos is not None \
            or not (handle.elementwise or handle.reduction):
        return None
    parts: list = [handle, _dtype.get_default_dtype()]  # the dtype of Python floats
    for a in args:
        if isinstance(a, Tensor):
            m = rec.meta_arg(a)
            if m._layout is not _STRIDED:
                return None
            parts.append((m._shape, m._strides, m._dtype))
        elif isinstance(a, (list, tuple)) and any(isinstance(x, Tensor) for x in a):
            return None
        else:
            parts.append((type(a), a))
    return hashable_key(parts)


def hashable_key(parts: list):
    """``tuple(parts)`` when it can be hashed (a cache key), else None."""
    key = tuple(parts)
    try:
        hash(key)
    except TypeError:
        return None
    return key


class _CaptureMode:
    """The dispatch mode of a capture (Note [Capture mode])."""

    def __init__(self, recorder: _Recorder) -> None:
        self.recorder = recorder
        self.current = None  # the op being recorded, for break messages

    def note_made_from(self, result: Tensor, source: Tensor) -> None:
        """A backward formula's factory made ``result`` from ``source`` (``zeros_like(grad)``):
        if the result becomes a const of the backward graph being captured, the graph notes
        which Value it stands in for (Note [Absent output gradients] in autograd.py)."""
        if self.recorder.parent is not None:
            self.recorder.made_from[id(result)] = (result, source)

    def run(self, handle, key: str, keys: tuple, args: tuple, below_autograd: bool):
        if key is AUTOGRAD or handle.composite:
            return handle.table[key](*args)
        self.current = handle.name
        where = _backward_of(sys._getframe(1)) if self.recorder.parent else user_line(sys._getframe(1))
        try:
            result = self.recorder.record(handle, args, where)
        except _Unsupported as e:
            raise GraphBreak(handle.name, user_line(sys._getframe(1)), str(e)) from None
        self.current = None
        return result


def _backward_of(frame) -> str:
    """'backward of MulBackward0': the autograd node whose formula is running."""
    from ..autograd.node import Node as _AutogradNode

    while frame is not None:
        if frame.f_code.co_name == "apply" and frame.f_code.co_argcount:
            owner = frame.f_locals.get(frame.f_code.co_varnames[0])  # the node (self)
            if isinstance(owner, _AutogradNode):
                return f"backward of {owner.name()}"
        frame = frame.f_back
    return "backward (engine)"  # the engine summing a gradient to its input's shape


_active: list = []  # the capture modes running now (a compiled call inside a capture inlines)


def capturing() -> bool:
    return bool(_active)



class Captured:
    """What capture returns: the forward graph, the backward graph (or None) and the structure
    of the function's result."""

    def __init__(self, forward: Graph, backward, out_spec, diff_outputs: list, grad_targets: list):
        self.forward = forward
        self.backward = backward
        self.out_spec = out_spec
        self.diff_outputs = diff_outputs  # indices into forward.outputs that get gradients
        self.grad_targets = grad_targets  # forward input/const Values whose gradients it makes
        # Note [Outputs without gradients]: indices of the returned tensors that did not
        # require grad at capture.
        self.no_grad_outputs: list = []
        # Note [Data read during capture]: (tensor, its version then) for each real tensor
        # whose data the function read (none for a split call's segments, whose Python runs
        # on every call).
        self.reads: list = []


def capture(fn, tensors: list, rebuild, device=None) -> Captured:
    """Run ``fn`` on capture tensors standing for ``tensors`` (``rebuild(fakes)`` gives the
    call's arguments back); raises GraphBreak. ``device``: the device type the call's tensors
    live on when it is not the CPU (Note [Capturing on a device])."""
    if device is None:
        return _capture(fn, tensors, rebuild, None)
    previous = list(_TARGET)
    _TARGET[:] = [tensors[0]._key, tensors[0]._device]
    try:
        return _capture(fn, tensors, rebuild, device)
    finally:
        _TARGET[:] = previous


def _capture(fn, tensors: list, rebuild, device) -> Captured:
    from ..dispatch.dispatcher import set_mode
    from ..vocab.grad_mode import _state

    rec = _Recorder(Graph(kind="forward", device=device))
    fakes = [rec.input(t) for t in tensors]
    fargs, fkwargs = rebuild(fakes)
    mode = _CaptureMode(rec)
    rng = _random.get_rng_state()
    reads: dict = {}  # Note [Data read during capture]
    previous = set_mode(mode)
    _active.append(mode)
    try:
        try:
            hook = set_read_hook(lambda t: reads.setdefault(id(t), (t, t._version)))
            try:
                result = fn(*fargs, **fkwargs)
            finally:
                set_read_hook(hook)
            outs, out_spec = flatten(result)
            outs = outs + _hidden_bases(rec, outs)
            graph = rec.graph
            graph.outputs = [rec.value_of(t) for t in outs]
            graph.n_user_outputs = len(outs)
            backward = diff = targets = None
            if _state.enabled and any(t._requires_grad for t in outs):
                backward, diff, targets = capture_backward(rec, mode, outs)
        except GraphBreak:
            raise
        except Exception as e:
            if _is_break(e):
                raise _break_from(e, mode) from e
            raise
    finally:
        _active.pop()
        set_mode(previous)
        drew = _random.get_rng_state()._a.tobytes() != rng._a.tobytes()
        if drew:
            _random.set_rng_state(rng)  # so that an eager run after a break draws the same
    if drew:
        raise GraphBreak("random sampling", "?", "the function draws random numbers, which a "
                         "replay would repeat; call it eagerly or pass the samples in")
    captured = Captured(graph, backward, out_spec, diff or [], targets or [])
    captured.no_grad_outputs = [i for i, t in enumerate(outs) if not t._requires_grad]
    captured.reads = list(reads.values())
    return captured


def _reached(root: tuple, targets: list) -> frozenset:
    """The indices of ``targets`` whose edges the autograd history from ``root`` (an edge)
    reaches: where eager's engine delivers a gradient (zeros, perhaps) when this output's
    gradient arrives."""
    keys = {}
    for j, t in enumerate(targets):
        e = edge(t)
        keys.setdefault((id(e[0]), e[1]), []).append(j)
    found: set = set()
    seen: set = set()
    stack = [root]
    while stack:
        e = stack.pop()
        key = (id(e[0]), e[1])
        found.update(keys.get(key, ()))
        if e[1] < 0 or id(e[0]) in seen:
            continue
        seen.add(id(e[0]))
        stack.extend(n for n in e[0]._next if n is not None)
    return frozenset(found)


def _hidden_bases(rec: _Recorder, outs: list) -> list:
    """The bases, made by the function and not returned, of the returned views that require
    grad (Note [Bases of returned views])."""
    found: list = []
    ids = {id(t) for t in outs}
    for t in outs:
        base = t._base
        if base is None or not base._requires_grad or id(base) in ids:
            continue
        hit = rec.values.get(id(base))
        if hit is not None and hit[0] is base and hit[1].kind == "node":
            ids.add(id(base))
            found.append(base)
    return found


# Note [Bases of returned views]
# A returned view (``(x * 2)[1:]``) has, in eager mode, a base with a history of its own: a
# write into the view rebases that base (Note [CopySlices] in
# aten_lite/autograd/copy_slices.py), and the base's other views take their history from it
# again (Note [Stale views] in aten_lite/autograd/node.py). So the base of such a view is an
# output of the graph too, after the returned ones (the result's structure does not name
# it), with a gradient of its own in the backward graph: a replay's view then has a real
# base whose history is the compiled call's, as eager's has.


# Note [Outputs without gradients]
# A returned tensor that did not require grad at capture may stand for a Value whose tensor
# does at replay: a detached alias (``x.detach()``) of an input or constant that requires
# grad is that input's Value, and ``y.detach()`` returned beside ``y`` is ``y``'s Value, whose
# tensor gets the compiled backward's history. A replay hands back a detached alias of such
# an output (api._Entry.run), as eager's ``detach`` does, so no gradient flows through it.


def capture_backward(rec: _Recorder, mode: _CaptureMode, outs: list):
    """Trace the backward formulas of the recorded nodes (Note [Capture mode])."""
    graph = rec.graph
    diff, roots, seen = [], [], set()
    back = _Recorder(Graph(kind="backward", device=graph.device), parent=rec)
    for i, t in enumerate(outs):
        if not t._requires_grad or id(t) in seen:
            continue
        v = graph.outputs[i]
        if v.kind != "node" or v.root.kind != "node":
            raise GraphBreak("return", "?", "returns an input (or a view of one) that requires "
                             "grad; compiled functions with gradients must return new tensors")
        seen.add(id(t))
        diff.append(i)
        g = back.input(_capture_tensor(t._shape, t._st, t._dtype, False))
        roots.append((edge(t), g))
    n_grads = len(back.graph.inputs)
    wanted = [v for v in graph.inputs + graph.consts if v.requires_grad]
    objects: dict = {}  # the Value's own object, met first: not a later (detached) alias
    for obj, v in rec.values.values():
        if v.kind != "node" and not (v.kind == "const" and obj._a is None
                                     and obj._store is None):
            objects.setdefault(id(v), obj)
    targets = [rec.leaves[id(v)] if id(v) in rec.leaves else objects[id(v)] for v in wanted]
    if any(t._hooks for t in targets):
        # The engine would run them on capture tensors, and again on every real backward.
        raise GraphBreak("register_hook", "?", "a tensor the function reads has gradient "
                         "hooks; graph mode does not capture them")
    mode.recorder = back
    try:
        grads = engine.run(roots, keep_graph=False, create_graph=False,
                           targets=[edge(t) for t in targets])
    finally:
        mode.recorder = rec
    back.graph.outputs = [None if g is None else back.value_of(g) for g in grads]
    back.graph.n_user_outputs = len(grads)
    back.graph.n_grad_inputs = n_grads
    back.graph.reach = [_reached(e, targets) for e, _ in roots]
    graph.outputs = graph.outputs + back.saved
    return back.graph, diff, wanted

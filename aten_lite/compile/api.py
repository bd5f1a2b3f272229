"""``al.compile``: capture once per guard, optimise, then replay.

>>> import aten_lite as al
>>> @al.compile
... def f(x, y):
...     return (x * 2 + y).relu().exp().sum()
>>> x, y = al.ones(4), al.zeros(4)
>>> round(f(x, y).item(), 3), round(f(x, y).item(), 3)    # captured, then replayed
(29.556, 29.556)
>>> f.stats["captures"], f.stats["replays"]
(1, 1)

Note [Guards and the cache]
A captured graph is valid for calls that look the same to the ops: the same tensor arguments'
key (device and layout), shapes, strides, dtypes and requires_grad, the same grad mode and
default dtype (what factories and Python floats make), and
the same Python values everywhere else in the arguments (numbers are constants of the graph:
floats and complex numbers by their spelling, so ``-0.0`` is not ``0.0`` and a NaN hits its
own graph; ``True``, ``1`` and ``1.0`` differ by type), and the same tokens of the sources
the function reads besides its arguments (globals, closure cells, ``self``, chains of
attributes and constant subscripts: Note [Reads outside the arguments] in guards.py).
That tuple is the cache key; a call missing it may still replay a shape-generic graph whose
key leaves the batch arguments' leading dim out (Note [Shape-generic replays] in
symbolic.py). Each compiled function keeps at most ``cache_size`` graphs,
dropping the least recently used; a call missing the cache captures again. Tensors the
function reads from elsewhere (module parameters) are held by reference; their shape, dtype
and requires_grad are checked on every call, and so is the path each was reached by
(``self.fc.weight``, a global's name) where one was found: a rebinding recaptures. A call
that cannot be captured (a graph break, Note [Capture mode]) caches "run split" under its key
(Note [Split calls] in segments.py; sparse or meta arguments: "run eagerly"), unless
``fullgraph=True``, which raises instead, naming the op and the line. A capture that fails
for another reason (a bug of graph mode, not of the function: eager runs the call without
error) is remembered the same way: the key's calls run eagerly, and ``fullgraph=True``
raises what failed.

Note [Compiled functions in forward mode]
Forward-mode AD (aten_lite/autograd/forward_ad.py, ``al.func.jvp``, ``jacfwd``, ``hessian``,
``hvp``) is a dispatch mode that carries each dual tensor's tangent through the ops. A graph
runs its kernels without dispatching, so a replay would drop the tangents (and capture sets
its own mode in place of the forward one). While a dual level is active and some tensor has a
tangent, a compiled function is therefore called eagerly, whatever ``fullgraph`` says: the
result carries its tangent as without ``al.compile``. Reverse mode through a call compiled
before the tangents existed stays exact too: a compiled backward that receives gradients with
tangents (forward over reverse) gives its results tangents (Note [Compiled backward]).
"""

from __future__ import annotations

import functools
from collections import OrderedDict

from ..tensors.tensor import Tensor, in_line
from ..vocab.dispatch_keys import CPU
from ..vocab.dtype import _default as _default_dtype
from ..vocab.grad_mode import _state
from ..autograd import forward_ad as _forward_ad
from ..autograd.node import detached
from .autograd import attach, copy_graph
from .capture import GraphBreak, _capture_tensor, capture, capturing, hashable_key
from .concurrent import make_plan
from .device_plan import graph_device
from .guards import _NP_SCALARS, Sources, check_paths, np_scalar_token
from .passes import optimize
from .segments import SegmentCache, run_split
from .symbolic import bad_sizes, expected, fingerprint, fit, symbolise
from .tree import Slot, flatten, unflatten

__all__ = ["compile", "CompiledFunction", "GraphBreakError"]


class GraphBreakError(RuntimeError):
    """``fullgraph=True`` and the function could not be captured whole."""


def compile(fn=None, *, fullgraph: bool = False, cache_size: int = 8, fuse: bool = True,
            dynamic: bool | None = None):
    """Compile ``fn``: its first call per guard captures its ops into a graph, optimises it
    (DCE, CSE, fusion, scheduling, memory planning) and builds it; later calls replay it.
    Usable as ``@al.compile`` or ``al.compile(fn, fullgraph=True)``. ``dynamic=True`` makes
    the first graph shape-generic in the batch size (the arguments' leading dim),
    ``dynamic=None`` does so once a second batch size arrives, ``dynamic=False`` captures
    each shape (Note [Shape-generic replays] in symbolic.py).
    See Note [Guards and the cache] and docs/GRAPH_MODE.md."""
    if fn is None:
        return lambda f: compile(f, fullgraph=fullgraph, cache_size=cache_size, fuse=fuse,
                                 dynamic=dynamic)
    if type(cache_size) is not int or cache_size < 1:
        raise ValueError(f"al.compile: cache_size must be a positive int, got {cache_size!r}")
    if dynamic not in (None, True, False) or type(dynamic) is int:
        raise ValueError(f"al.compile: dynamic must be True, False or None, got {dynamic!r}")
    if isinstance(fn, CompiledFunction):
        if (fn.fullgraph, fn.cache_size, fn.fuse, fn.dynamic) == (fullgraph, cache_size, fuse,
                                                                  dynamic):
            return fn
        fn = fn.fn
    if not callable(fn):
        raise TypeError(f"al.compile: expected a function, got {type(fn).__name__}")
    return CompiledFunction(fn, fullgraph, cache_size, fuse, dynamic)


class CompiledFunction:
    """What ``al.compile(fn)`` returns: call it like ``fn``; ``.graph(*args)`` shows the graph."""

    def __init__(self, fn, fullgraph: bool, cache_size: int, fuse: bool,
                 dynamic: bool | None = None) -> None:
        self.fn = fn
        self.fullgraph = fullgraph
        self.cache_size = cache_size
        self.fuse = fuse
        self.dynamic = dynamic
        self._cache: OrderedDict = OrderedDict()
        # Note [Shape-generic replays]: the shape-generic entries, and the keys of the sizes
        # their check traces admitted (kept apart, so that many sizes evict no graph)
        self._generic: list = []
        self._sized: dict = {}
        self._shapes: set = set()  # the argument shapes of every call that missed the cache
        self._sources = Sources(fn)  # Note [Reads outside the arguments] in guards.py
        self.stats = {"captures": 0, "replays": 0, "eager": 0, "evictions": 0, "split": 0,
                      "segment_builds": 0, "segment_replays": 0, "dynamic_replays": 0,
                      "size_checks": 0, "shapes_seen": 0}
        self._segments = SegmentCache()  # Note [Split calls] in segments.py
        self._name = getattr(fn, "__qualname__", type(fn).__name__)
        functools.update_wrapper(self, fn, updated=())

    def __call__(self, *args, **kwargs):
        # With async execution on, a compiled call drains the stream and runs in line: its
        # kernels were chosen at capture (docs/ASYNC.md, "Graph mode").
        with in_line:
            return self._call(*args, **kwargs)

    def _call(self, *args, **kwargs):
        if capturing():  # called while another compiled function captures: inline it
            return self.fn(*args, **kwargs)
        if _forward_ad._level is not None and _forward_ad._tangents:
            # Note [Compiled functions in forward mode]: tangents exist, so the call runs
            # eagerly, where the forward mode carries them through its ops.
            self.stats["eager"] += 1
            return self.fn(*args, **kwargs)
        entry, fresh, tensors = self._quick_entry(args) if not kwargs else (None, False, None)
        if entry is None:
            tensors, spec = flatten((args, kwargs))
            entry, fresh = self._entry(tensors, spec, None, args, kwargs)
        if entry.graph is None:
            if entry.split:
                return self._split(entry, args, kwargs)
            self.stats["eager"] += 1
            result = self.fn(*args, **kwargs)
            if entry.failed is not None:
                # Eager accepted what capture refused: that is a graph break after all, and
                # this key's calls run eagerly from now on (not captured again each call).
                self._remember(entry)
                if self.fullgraph:
                    raise GraphBreakError(f"al.compile(fullgraph=True): {self._name}: "
                                          f"{entry.reason}") from entry.failed
            return result
        self.stats["captures" if fresh else "replays"] += 1
        if entry.generic is not None and not fresh:
            self.stats["dynamic_replays"] += 1
            try:
                return entry.run(tensors)
            except Exception:
                # A size the generic plan cannot run (a kernel refusing it): that size gets
                # a graph of its own, which raises eager's error if the call is wrong.
                if not self._refuse(entry.generic, tensors):
                    raise
                self.stats["dynamic_replays"] -= 1
                self.stats["replays"] -= 1
                return self(*args, **kwargs)
        return entry.run(tensors)

    def graph(self, *args, **kwargs):
        """The optimised forward Graph for these arguments (its ``.backward`` when gradients
        are needed); captures if needed, runs nothing. For a call that breaks its graph, the
        SplitGraph of the last such call (segments.py), running it once if none ran."""
        tensors, spec = flatten((args, kwargs))
        entry = self._entry(tensors, spec, None, args, kwargs)[0]
        if entry.graph is None and entry.split:
            if entry.split_graph is None:
                self._split(entry, args, kwargs)
            return entry.split_graph
        if entry.graph is None:
            raise GraphBreakError(f"al.compile: {self._name} runs eagerly for these "
                                  f"arguments: {entry.reason}")
        return entry.graph

    def _split(self, entry, args, kwargs):
        """Run the call split into graphs around its breaks (Note [Split calls])."""
        self.stats["split"] += 1
        fuse = self.fuse
        result, entry.split_graph = run_split(self.fn, args, kwargs, self._segments,
                                              lambda c, f: _Entry(c, fuse and f), self.stats)
        return result

    def _quick_entry(self, args):
        """The cache lookup of the commonest call, positional plain tensors and numbers only,
        without flattening: (entry or None, False, the tensors)."""
        parts: list = [_QUICK, _state.enabled, _default_dtype.dtype]
        tensors = []
        for a in args:
            if type(a) is Tensor and a._key is CPU:
                parts.append((a._shape, a._st if a._st is not None else a.stride(), a._dtype,
                              a._requires_grad))
                tensors.append(a)
            elif type(a) in (int, bool):
                parts.append((type(a), a))
            elif type(a) is float:
                # 0.0 == -0.0 and nan != nan: those two go by their spelling
                parts.append((float, a) if a and a == a else (float, repr(a)))
            else:
                return None, False, None
        sources = self._sources
        if not sources.ready:
            sources.find()
        sources.fill(parts, args, None)
        key = tuple(parts)
        entry = self._cache.get(key)
        if entry is None:
            entry = self._sized.get(key)
            if entry is not None and entry.valid(args):
                return entry, False, tensors
            entry = None
            # Capture through the general path, then index the entry by this key too.
            flat, spec = flatten((args, {}))
            entry, fresh = self._entry(flat, spec, key, args)
            return entry, fresh, flat
        if not entry.valid(args):
            self._cache.pop(key)
            return self._quick_entry(args)
        self._cache.move_to_end(key)
        return entry, False, tensors

    def _remember(self, entry) -> None:
        """Cache a failed capture's entry under its key: its calls run eagerly."""
        key, entry.key = entry.key, None
        if key is not None:
            self._cache[key] = entry
            self._cache.move_to_end(key)
            self._trim()

    def _trim(self) -> None:
        while len(self._cache) > self.cache_size:
            self._cache.popitem(last=False)
            self.stats["evictions"] += 1

    def _entry(self, tensors, spec, key=None, args=(), kwargs=None):
        """(the cache entry for this call, whether it was made now)."""
        if key is None:
            key = _guard_key(tensors, spec, self._sources, args, kwargs)
        entry = self._cache.get(key) if key is not None else None
        if entry is not None and entry.valid(args, kwargs):
            self._cache.move_to_end(key)
            return entry, False
        sized = self._sized.get(key) if key is not None else None
        if sized is not None and sized.valid(args, kwargs):
            return sized, False
        if len(self._shapes) < 4096:  # counted up to that many
            self._shapes.add(tuple(t._shape for t in tensors))
            self.stats["shapes_seen"] = len(self._shapes)
        if self.dynamic is not False and key is not None:
            found = self._generic_entry(tensors, spec, key, args, kwargs)
            if found is not None:
                return found
        entry = self._build(tensors, spec)
        if entry.graph is not None:
            entry.guard(self._sources, args, kwargs)
        if entry.failed is not None:
            entry.key = key  # cached once eager mode runs the call (``_remember``)
        elif key is not None:
            if entry.graph is not None and self.dynamic is None:
                entry.signature = _signature(tensors, spec, self._sources, args, kwargs)
            self._cache[key] = entry
            self._cache.move_to_end(key)
            self._trim()
        return entry, True

    # ---- Note [Shape-generic replays] (symbolic.py) ----

    def _generic_entry(self, tensors, spec, key, args, kwargs):
        """(entry, fresh) for a call that missed the cache, when a shape-generic entry
        serves it: one admitting this batch size by a check trace, or one made now
        (``dynamic=True``, or a second batch size of a graph); else None."""
        if not all(t._key is CPU for t in tensors):
            return None
        for g in self._generic:
            s = _batch_size(tensors, g.mask)
            if s is None or g.key != _guard_key(tensors, spec, self._sources, args, kwargs,
                                                g.mask):
                continue
            if not g.entry.valid(args, kwargs):
                continue
            if s in g.refused:
                return None
            self.stats["size_checks"] += 1
            try:
                trace = capture(self.fn, tensors, lambda fakes: unflatten(spec, fakes))
            except Exception:  # the size breaks the graph or fails: capture it on its own
                continue
            if fingerprint(trace) != expected(g.atoms, g.table, s):
                continue  # Python took another path at this size: a graph of its own
            if len(self._sized) >= 256:
                self._sized.clear()
            self._sized[key] = g.entry
            g.keys.setdefault(s, []).append(key)
            g.entry.sizes.add(s)
            return g.entry, False
        for mask, probe in self._generic_candidates(tensors, spec, args, kwargs):
            entry = self._build_generic(tensors, spec, mask, probe, args, kwargs)
            if entry is not None:
                self._cache[key] = entry
                self._cache.move_to_end(key)
                self._trim()
                return entry, True
        return None

    def _refuse(self, g, tensors) -> bool:
        """Take a size whose generic replay failed away from ``g`` (its calls capture per
        shape from now on); False when that size is the captured one: the error is real."""
        s = _batch_size(tensors, g.mask)
        if s is None or s == g.size:
            return False
        g.refused.add(s)
        g.entry.sizes.discard(s)
        for key in g.keys.pop(s, ()):
            self._sized.pop(key, None)
        return True

    def _generic_candidates(self, tensors, spec, args, kwargs):
        """(batch argument indices, probe size) to try: with ``dynamic=True`` the arguments
        whose leading dim is the first argument's (those not requiring grad alone next: a
        weight of as many rows is no batch); with ``dynamic=None`` the arguments whose
        leading dim alone changed since a graph of this function was captured."""
        if self.dynamic:
            first = next((t._shape[0] for t in tensors if t._shape), None)
            if first is None or first < 2:
                return []
            mask = tuple(i for i, t in enumerate(tensors) if _batchable(t, first))
            data = tuple(i for i in mask if not tensors[i]._requires_grad)
            masks = [mask] if mask else []
            if data and data != mask:
                masks.append(data)
            return [(m, first + 1) for m in masks]
        sig = _signature(tensors, spec, self._sources, args, kwargs)
        for entry in reversed(list(self._cache.values())):
            old = entry.signature
            if old is None or old[0] != sig[0] or len(old[1]) != len(sig[1]):
                continue
            changed = [i for i, (a, b) in enumerate(zip(old[1], sig[1])) if a != b]
            if not changed or not all(old[1][i][0] and old[1][i][0][1:] == sig[1][i][0][1:]
                                      and old[1][i][1:] == sig[1][i][1:] for i in changed):
                continue
            sizes = {(old[1][i][0][0], sig[1][i][0][0]) for i in changed}
            if len(sizes) == 1:
                (before, now), = sizes
                if before >= 2 and now >= 2 and all(_batchable(tensors[i], now)
                                                    for i in changed):
                    return [(tuple(changed), before)]
        return []

    def _build_generic(self, tensors, spec, mask, probe, args, kwargs):
        """A shape-generic entry from traces at this call's size and at ``probe``, or None
        where the traces do not fit (Note [Shape-generic replays])."""
        s = tensors[mask[0]]._shape[0]
        rebuild = lambda fakes: unflatten(spec, fakes)  # noqa: E731
        probes = [_capture_tensor((probe,) + t._shape[1:], t.stride(), t._dtype,
                                  t._requires_grad) if i in mask else t
                  for i, t in enumerate(tensors)]
        try:
            here = capture(self.fn, tensors, rebuild)
            there = capture(self.fn, probes, rebuild)
        except Exception:  # a break or an error: the ordinary path captures and reports it
            return None
        atoms = fingerprint(here)
        table = fit(atoms, s, fingerprint(there), probe)
        if table is None:
            return None
        symbolise(here, table)
        bwd = here.backward
        if bad_sizes(here.forward) or bwd is not None and (bad_sizes(bwd)
                                                            or bwd.n_grad_inputs > 1):
            return None  # Note [Shape-generic replays]: what a generic plan cannot size
        try:
            entry = _Entry(here, self.fuse)
        except Exception:  # a pass or the planner refusing a symbolic size: per shape then
            return None
        entry.guard(self._sources, args, kwargs)
        entry.generic = _Generic(entry, mask, atoms, table, s,
                                 _guard_key(tensors, spec, self._sources, args, kwargs, mask))
        entry.sizes = {s}
        self._generic.append(entry.generic)
        if len(self._generic) > self.cache_size:  # the oldest first, as the cache drops
            self._generic.pop(0)
        return entry
    def _build(self, tensors, spec):
        name = self._name
        odd = next((t for t in tensors if t._key is not CPU), None)
        device = None
        try:
            if odd is not None:
                device = graph_device(tensors)
                types = sorted({t._device.type for t in tensors})
                if device is None and len(types) > 1:
                    raise GraphBreak("argument", "?", "tensor arguments on several devices "
                                     f"({', '.join(types)}); a graph runs on one device")
                if device is None:
                    raise GraphBreak("argument", "?", f"a {odd._device.type} "
                                     f"{odd._layout.name} tensor argument; graph mode captures "
                                     "CPU strided tensors, and tensors of one device that "
                                     "compiles fused kernels (docs/OPENCL.md, \"Compiled "
                                     "functions\")")
            captured = capture(self.fn, tensors, lambda fakes: unflatten(spec, fakes), device)
        except GraphBreak as b:
            if self.fullgraph:
                raise GraphBreakError(
                    f"al.compile(fullgraph=True): {name}: graph break at {b.op} ({b.where}): "
                    f"{b.reason}; remove it from the function, or drop fullgraph=True to run "
                    "such calls as graphs split around the break") from b
            entry = _Entry(None, None, reason=f"graph break at {b.op} ({b.where}): {b.reason}")
            # CPU strided arguments: split the call (a device's call runs eagerly)
            entry.split = b.op != "argument" and device is None
            return entry
        except Exception as e:
            # An error eager mode may raise too (bad shapes...): the call runs eagerly, so the
            # user sees eager's own error; nothing is cached unless eager succeeds.
            entry = _Entry(None, None, reason=f"capture failed: {_failure(e)}")
            entry.failed = e
            return entry
        entry = _Entry(captured, self.fuse)
        if device is not None:  # Note [Graphs on a device]: what runs fused there
            plans = [entry.forward_plan] + ([entry.backward_plan]
                                            if captured.backward is not None else [])
            for stat, n in (("device_fused", sum(p.fused for p in plans)),
                            ("device_op_by_op", sum(p.op_by_op for p in plans))):
                self.stats[stat] = self.stats.get(stat, 0) + n
        return entry

    def __repr__(self) -> str:
        return f"<compiled {getattr(self.fn, '__qualname__', self.fn)!s}: {len(self._cache)} graph(s)>"


class _Entry:
    """One cache entry: the plans of a captured call, or "run eagerly" with the reason."""

    def __init__(self, captured, fuse, reason: str = "") -> None:
        self.captured = captured
        self.reason = reason
        self.failed = None  # the exception capture raised, when it was not a graph break
        self.graph = None
        self.split = False  # a break: calls run split into graphs (segments.py)
        self.split_graph = None  # the SplitGraph of the last split call
        self.key = None  # a failed capture's cache key, until eager mode ran the call
        self.generic = None  # a shape-generic entry's _Generic (Note [Shape-generic replays])
        self.sizes: set = set()  # the batch sizes a shape-generic entry served
        self.signature = None  # dynamic=None: what a second batch size is compared with
        if captured is None:
            return
        fwd, bwd = captured.forward, captured.backward
        if bwd is not None:
            # Note [Absent output gradients] in autograd.py: specialised from this copy.
            self.backward_source = copy_graph(bwd)
            self.backward_plans: dict = {}
            self.fuse = fuse
            optimize(bwd, fuse)
            self.backward_plan = make_plan(bwd)
        optimize(fwd, fuse)
        fwd.backward = bwd
        self.forward_plan = make_plan(fwd)
        self.graph = fwd
        self.n_user = fwd.n_user_outputs
        self.consts = [(v.const, v.shape, v.dtype, v.requires_grad) for v in fwd.consts]
        self.const_tensors = [v.const for v in fwd.consts]
        # Note [Data read during capture] in capture.py: the tensors whose data the capture
        # read, and the version of each then.
        self.reads = [(t, v) for t, v in captured.reads]
        self.paths: list = []  # (source, steps, const): Note [Reads outside the arguments]
        # check(args, kwargs): the consts' geometry and the paths to them (guard() makes it)
        self.check = None

    def guard(self, sources, args, kwargs) -> None:
        """Find how the call reached its constants (Note [Reads outside the arguments])."""
        read = [t for t, _ in self.reads]
        self.paths = sources.const_paths(self.const_tensors + read, args, kwargs)
        self.check = check_paths(self.paths, self.consts, self.reads)

    def valid(self, args=(), kwargs=None) -> bool:
        """Note [Guards and the cache]: the constants still look as they did at capture,
        and the paths the call reached them by still lead to them."""
        if self.graph is None:
            return True
        if self.check is not None:  # the same checks, generated (guards.py)
            return self.check(args, kwargs)
        for t, shape, dtype, grad in self.consts:
            if t._shape != shape or t._dtype is not dtype or t._requires_grad != grad:
                return False
        return all(t._version == v for t, v in self.reads)

    def run(self, tensors: list):
        outs = self.forward_plan(tensors)
        user = outs[:self.n_user]
        if self.captured.backward is not None:
            attach(self, user, tensors + self.const_tensors, outs[self.n_user:])
        for i in self.captured.no_grad_outputs:  # Note [Outputs without gradients]
            if user[i]._requires_grad:
                user[i] = detached(user[i])
        return unflatten(self.captured.out_spec, user)


def _failure(e: BaseException) -> str:
    """What capture raised, for messages: the exception's type and text, where it was raised
    (the innermost frame) and the user's line that was running."""
    import os

    from ..vocab.user_code import is_user_frame as _is_user

    text = f"{type(e).__name__}: {e}" if str(e) else type(e).__name__
    tb, inner, user = e.__traceback__, None, None
    while tb is not None:
        code = tb.tb_frame.f_code
        here = f"{os.path.basename(code.co_filename)}:{tb.tb_lineno} in {code.co_name}"
        inner = here
        if _is_user(tb.tb_frame):
            user = here
        tb = tb.tb_next
    if inner is not None:
        text += f" (raised at {inner}"
        text += f", from {user})" if user is not None and user != inner else ")"
    return text


_QUICK = object()  # marks the keys of _quick_entry, which differ from _guard_key's


class _Generic:
    """A shape-generic entry's guard: its batch arguments (``mask``, indices into the
    call's tensors), the fingerprint of its capture, the symbolic ints (``table``) and its
    key with the batch dims left out."""

    __slots__ = ("entry", "mask", "atoms", "table", "size", "key", "keys", "refused")

    def __init__(self, entry, mask, atoms, table, size, key) -> None:
        self.entry, self.mask, self.atoms, self.table, self.key = entry, mask, atoms, table, key
        self.size = size  # the size it was captured at
        self.keys: dict = {}  # size -> the cache keys its check trace admitted
        self.refused: set = set()  # sizes whose replay failed: captured per shape instead


def _batchable(t, size: int) -> bool:
    """Whether ``t`` can be a batch argument of leading dim ``size``: a CPU strided tensor
    whose strides do not depend on that dim (contiguous)."""
    from ..tensors.tensor import contiguous_strides

    return t._key is CPU and bool(t._shape) and t._shape[0] == size and \
        tuple(t.stride()) == tuple(contiguous_strides(t._shape))


def _batch_size(tensors, mask):
    """The one leading dim of the batch arguments ``mask`` (at least 2), or None."""
    if len(tensors) <= max(mask):
        return None
    s = tensors[mask[0]]._shape[0] if tensors[mask[0]]._shape else None
    if s is None or s < 2 or not all(_batchable(tensors[i], s) for i in mask):
        return None
    return s


def _signature(tensors, spec, sources, args, kwargs):
    """(the key with every leading dim left out, each tensor's geometry): what tells a
    second batch size of a captured call (``dynamic=None``)."""
    everything = tuple(i for i, t in enumerate(tensors) if t._shape)
    return (_guard_key(tensors, spec, sources, args, kwargs, everything),
            [(tuple(t._shape), tuple(t.stride()), t._dtype, t._requires_grad)
             for t in tensors])


def _guard_key(tensors, spec, sources=None, args=(), kwargs=None, batch=()):
    """Note [Guards and the cache]; None when an argument cannot be part of a key. The
    default dtype is part of it: it decides what factories and Python floats make. The
    leading dims of the tensors at indices ``batch`` are left out (Note [Shape-generic
    replays])."""
    parts = [_state.enabled, _default_dtype.dtype]
    if sources is not None:
        if not sources.ready:
            sources.find()
        sources.fill(parts, args, kwargs)
    for i, t in enumerate(tensors):
        if batch and i in batch and t._shape:
            parts.append((("batch",) + tuple(t._shape[1:]), t.stride(), t._dtype,
                          t._requires_grad))
        elif t._key is CPU:
            parts.append((t._shape, t.stride(), t._dtype, t._requires_grad))
        elif t._store is not None:  # a device's tensor: a graph of its device's
            parts.append((t._key, t._shape, t.stride(), t._dtype, t._requires_grad))
        else:
            parts.append((t._key, t._shape, t._dtype, t._requires_grad))
    try:
        parts.append(_spec_key(spec))
    except TypeError:  # an unhashable constant in the arguments
        return None
    return hashable_key(parts)


def _spec_key(spec):
    if type(spec) is Slot:
        return Tensor
    if isinstance(spec, (tuple, list)):
        return (type(spec),) + tuple(_spec_key(x) for x in spec)
    if type(spec) is dict:
        return (dict,) + tuple((k, _spec_key(v)) for k, v in spec.items())
    if type(spec) is float or type(spec) is complex:
        return (type(spec), repr(spec))  # 0.0 == -0.0, nan != nan
    if isinstance(spec, _NP_SCALARS):
        return np_scalar_token(spec)  # the same for NumPy's scalars
    hash(spec)
    return (type(spec), spec)

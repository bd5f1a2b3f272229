"""Level 1 dispatch: every op overload is an ``OpHandle`` with a table from key to kernel.

Note [The journey of an op]
1. A generated binding (``generated/ops.py``) matches the Python arguments to one overload
   and calls the handle with the arguments in schema order: ``handle.fast_entry(*args)`` when
   its type guards have seen a plain ``Tensor`` in every tensor argument, else
   ``handle.call(args)``. The binding only chooses the overload; every dispatch decision is
   made here (Note [One dispatch path]).
2. ``handle.dispatch_key(args)`` reads the precomputed ``Tensor._key`` of every tensor argument
   (lists and optional tensors included): all must be on one device; a sparse layout wins over
   strided; ``Autograd`` sits above the backend keys when grad mode is on and an input requires
   grad, and falls through to the backend key while no autograd kernel is registered.
3. ``handle.table[key]`` is the kernel: a function taking the arguments in schema order.
   The table always holds every key, so a key with no kernel finds one that raises the miss
   message instead of a KeyError. Tables are filled as each backend registers its record
   (``register_backend``, Note [Backend records] in ``aten_lite/backends/records.py``; the
   install step in ``aten_lite/__init__.py`` registers CPU, Meta and SparseCPU: the dispatcher
   imports no backend) and changed at run time only through ``aten_lite.library``.
4. The kernel of an ``elementwise:`` or ``reduction:`` op does level 2: it promotes dtypes,
   checks the dtype against the op's ``dtypes:``, allocates the result and calls the C++ entry,
   which switches on the dtype code (``backends/cpu/elementwise.py``).

Note [One dispatch path]
Which path a call takes is one rule, stated here once:
  1. while a dispatch mode is set (Note [Dispatch modes]: ``trace_dispatch``, forward-mode AD,
     graph capture), every call goes through ``call``, which hands the mode the chosen key and
     kernel;
  2. else, when grad mode is on and a tensor argument requires grad, the op's Autograd kernel
     runs (when it has one: a composite op has none), which records the graph and runs the
     op below autograd (``redispatch_below_autograd``);
  3. else the kernel of the arguments' backend key runs, and nothing else sees the call.
A call under 1 or 2 is *observed*. ``observed(*tensors)`` is the rule's one public form: code
outside this module that may do an op's work without dispatching it asks it, and does so only
when the answer is False, since then the dispatcher would run the backend kernel and nothing
could tell the difference (autograd's formulas and engine, Note [Formulas without dispatch];
a composite that decomposes differentiably only when observed, ``clamp``). No module outside
dispatch/ reads the mode itself.

Inside this module the rule is decided in line, on the hot path, by two entries made per
handle from its argument table: ``fast_entry`` (what a binding calls once its class tests have
seen a plain Tensor in every tensor argument) and ``below`` (what an Autograd kernel calls
after recording; ``redispatch_below_autograd`` is the same with the arguments as a tuple). Both
take their in-line case when the test ``_in_line_case`` writes holds (no mode set, every
required tensor argument a plain Tensor on one backend key, every optional one absent); there
``fast_entry`` applies case 2 (the test ``_records`` writes, ``observed`` less its mode test)
and indexes the table, and ``below`` goes straight to the backend kernel. Every other call
takes the general path, ``call`` or ``_below_general``, which scans the arguments (``_scan``:
lists, mixed keys, wrapped numbers) and applies the same rule (``dispatch_key``). The
generated bindings carry none of the decision: they only choose the overload.

Note [Dispatch modes]
A mode sees every dispatch while it is set (``set_mode``): ``trace_dispatch`` is one. With a
mode set, both entries take the general path, which hands the chosen key and kernel to
``mode.run(handle, key, keys, args, below_autograd)``; so a traced call takes exactly the path
an untraced one does, with the mode wrapped around its kernel. A mode may also define
``note_made_from(result, source)``: ``note_made_from`` tells it when a formula's factory made
a tensor from another (graph capture notes that, Note [Absent output gradients] in
aten_lite/compile/autograd.py).

Note [Errors name the op]
Rules and kernels below the dispatcher raise plain messages ("Dimension out of range ...",
"shapes (2,) and (3,) cannot be broadcast ..."): they do not know which op called them. Both
entries (``call`` and ``fast_entry``) catch RuntimeError (NotImplementedError included),
ValueError, IndexError, TypeError and ZeroDivisionError and put ``al.<op>: `` in front of the
message, in place (``e.args``), then re-raise the same exception object: type, traceback,
cause and notes are kept. A ``try`` costs nothing in Python 3.11 until something raises, so
the success path is unchanged. A message that already names this op (``al.add:``, ``add():``,
``add: ``, or with its functional sibling's name for ``add_`` and ``add.out``) is left alone.
One that names another op came from a nested call (a composite calling a second op): the
outer op is put in front of it, so the user reads the op they called first and the op that
failed after it (``al.logsumexp: al.amax: Dimension out of range ...``), since the inner name
alone would point at code they never called.
"""

from __future__ import annotations

import collections
import re

from ..vocab.device import device as _device_cls, sparse_coo as _SPARSE
from ..vocab.dispatch_keys import (AUTOGRAD, BACKEND_KEYS, COMPOSITE, CPU, DEVICE_KEYS,
                                   KEY_PLACES, META, PRIORITY, SPARSE_CPU, key_named)
from ..vocab.registry_record import OpRecord  # what install() reads (Note [Registry records])
from ..tensors.tensor import Tensor
from ..vocab.grad_mode import _state as _grad_state

__all__ = ["ArgSpec", "OpHandle", "add_handle", "autograd_hook", "below_autograd_entry",
           "handle", "handles", "note_made_from", "observed", "remove_handle", "set_mode",
           "set_autograd_kernel", "set_miss_hint", "set_fallback", "miss_kernel",
           "set_stream_wrapper"]

# The active dispatch mode, or None (Note [Dispatch modes]); one global read per call.
_mode = None
# What an entry names the op in (Note [Errors name the op]).
_NAMED_ERRORS = (RuntimeError, ValueError, IndexError, TypeError, ZeroDivisionError)


def set_mode(mode):
    """Set the dispatch mode (None: none); returns the previous one, for restoring it."""
    global _mode
    previous, _mode = _mode, mode
    return previous


def observed(*tensors) -> bool:
    """Whether a call on ``tensors`` is observed (Note [One dispatch path]): a dispatch mode is
    set (trace_dispatch, forward-mode AD, graph capture), or grad mode is on and one of them
    requires grad, so autograd records it. Arguments that are not tensors are skipped; with
    none, the answer is whether a mode is set. False means the dispatcher would run the
    backend kernel and nothing else would see the call."""
    if _mode is not None:
        return True
    if _grad_state.enabled:
        for t in tensors:
            if isinstance(t, Tensor) and t._requires_grad:
                return True
    return False


def note_made_from(result: Tensor, source: Tensor) -> None:
    """Tell the dispatch mode, if it keeps such notes, that a factory made ``result`` from
    ``source`` (a formula's ``zeros_like(grad)``; Note [Dispatch modes])."""
    note = getattr(_mode, "note_made_from", None)
    if note is not None:
        note(result, source)


class ArgSpec:
    """One schema argument as the runtime needs it (the generator wrote it out as data)."""

    __slots__ = ("name", "type", "base", "optional", "list_size", "is_list", "default",
                 "has_default", "kwarg_only", "is_write", "tensor_like")

    _TYPE_RE = re.compile(r"(\w+)(\?)?(?:\[(\d*)\](\?)?)?")

    def __init__(self, name, type_text, has_default, default, kwarg_only, is_write):
        m = self._TYPE_RE.fullmatch(type_text)
        if m is None:
            raise ValueError(f"unsupported argument type {type_text!r} for {name!r}")
        self.name = name  # keyword callers use; also named in error messages
        self.type = type_text  # as written in the schema, for messages
        self.base = m[1]  # Tensor, int, Scalar, ...
        self.is_list = m[3] is not None  # T[] / T[N]
        self.list_size = int(m[3]) if m[3] else None  # N of T[N]: a lone int repeats N times
        # `T?` or `T[]?`; `Tensor?[]` is a list whose *elements* may be None.
        self.optional = bool(m[4]) if self.is_list else bool(m[2])
        self.has_default = has_default
        self.default = default  # the Python value of the schema default
        self.kwarg_only = kwarg_only  # after `*` in the schema
        self.is_write = is_write  # in-place self / out=: the version counter is bumped
        self.tensor_like = self.base == "Tensor"  # takes part in the dispatch key


class OpHandle:
    """One op overload: its schema, YAML facts, and the key -> kernel table.

    >>> import aten_lite as al
    >>> h = al._dispatch.handle("add.Tensor")
    >>> h.registered_keys(), h.loc.startswith("native_functions.yaml:")
    (['CPU', 'Meta'], True)
    """

    __slots__ = (
        "name", "base", "overload", "schema", "loc", "kind", "functional", "args",
        "tensor_pos", "write_pos", "device_pos", "returns", "result_tuple", "dtypes",
        "type_promotion", "elementwise", "reduction", "shape", "int_check", "dispatch",
        "doc", "variants", "tags", "numbers_ok", "composite", "table", "kernel_names",
        "stacks", "plain", "keeps_zero", "fast_entry", "input_pos", "own_prefixes",
        "below",
    )

    def __init__(self, record: OpRecord) -> None:
        self.name = record.name  # 'add.Tensor': tables, messages, C++ kernel registry
        self.base, _, self.overload = self.name.partition(".")
        self.schema = record.schema  # the YAML `func:` text, for error messages
        self.loc = record.loc  # 'native_functions.yaml:42'
        self.kind = record.kind  # functional / inplace / out / mutable
        self.functional = record.functional  # the sibling whose kernel data this one uses
        self.args = tuple(ArgSpec(*a) for a in record.args)
        self.tensor_pos = tuple(i for i, a in enumerate(self.args) if a.tensor_like)
        self.write_pos = tuple(i for i, a in enumerate(self.args) if a.is_write)
        # The tensor arguments an out= op reads (its outputs excluded), for _check_an_input_tensor.
        self.input_pos = tuple(i for i in self.tensor_pos if i not in self.write_pos)
        self.device_pos = next((i for i, a in enumerate(self.args)
                                if a.base == "Device" and a.name == "device"), None)
        self.returns = record.returns  # ((name or None, type text), ...)
        names = [r[0] for r in self.returns]
        # A named tuple class for named multi-returns (max.dim: values, indices), else None.
        self.result_tuple = (collections.namedtuple(self.base, names)
                             if len(names) > 1 and all(names) else None)
        self.dtypes = record.dtypes  # names from `dtypes:` (of the functional sibling)
        self.type_promotion = record.type_promotion
        self.elementwise = record.elementwise  # generic elementwise kernels apply
        self.reduction = record.reduction  # reducer name for generic reduction kernels
        self.shape = record.shape  # shape rule name, or None
        self.int_check = record.int_check  # Note [Integer operand checks] (tools/codegen/vocab.py)
        # f(0) == 0: the sparse backend maps the values (backends/sparse/elementwise.py)
        self.keeps_zero = record.keeps_zero
        # YAML `dispatch:` key -> kernel function name; the keys become the key objects here,
        # once (Note [Dispatch key objects] in aten_lite/vocab/dispatch_keys.py).
        self.dispatch = {key_named(k): name for k, name in record.dispatch.items()}
        self.doc = record.doc
        self.variants = record.variants
        self.tags = record.tags
        # Pointwise ops take Python numbers for Tensor arguments ("wrapped numbers").
        self.numbers_ok = self.elementwise or "pointwise" in self.tags
        self.composite = COMPOSITE in self.dispatch
        self.table: dict = {}  # key -> kernel(*args); always holds every key
        self.kernel_names: dict = {}  # key -> a readable kernel name, for traces and misses
        # key -> [(kernel, name), ...]: YAML kernel first, run-time registrations on top.
        self.stacks: dict = {}
        # No version to bump, no named tuple to make: call() returns as is.
        self.plain = not self.write_pos and self.result_tuple is None
        # Message starts that already name this op (Note [Errors name the op]).
        own = {self.base, self.base.rstrip("_"), (self.functional or self.name).partition(".")[0]}
        # torch's own phrasings name it too: "exp(): functions with out=...", "topk: k=5 ...".
        # (Not "stack expects ...": a first word may be a noun, "index 5 is out of bounds".)
        forms = (("al.", ":"), ("al.", "("), ("", "("), ("", ": "))
        self.own_prefixes = tuple(sorted(f"{p}{n}{s}" for n in own for p, s in forms))
        # The entries, with the rule's in-line case compiled for this op (Note [One dispatch
        # path]). They read `table` when called: it is filled later, and updated in place.
        self.fast_entry = _make_fast_entry(self)  # call(), taking the arguments themselves
        self.below = _make_below_entry(self)  # redispatch_below_autograd(), likewise

    def __repr__(self) -> str:
        return f"<op {self.name} ({self.loc})>"

    # ---- the table ----

    def registered_keys(self) -> list[str]:
        """Backend keys with a real kernel (a composite kernel serves them all)."""
        if self.stacks.get(COMPOSITE):
            return list(BACKEND_KEYS)
        return [k for k in BACKEND_KEYS if self.stacks.get(k)]

    def rebuild_table(self) -> None:
        """Fill ``table`` from the tops of ``stacks``: backend kernel, else composite, else the
        miss kernel. Updates the dict in place: the bindings hold a reference to it."""
        composite = self.stacks.get(COMPOSITE)
        for key in BACKEND_KEYS:
            stack = self.stacks.get(key) or composite
            if stack:
                self.table[key], self.kernel_names[key] = stack[-1]
            elif key in _FALLBACKS:  # a registered device's generic kernels, else its miss
                self.table[key], self.kernel_names[key] = _FALLBACKS[key](self, key)
            else:
                self.table[key], self.kernel_names[key] = _miss_kernel(self, key), "(none)"
            if _stream_wrap is not None and key is not META:
                self.table[key] = _for_stream(self.table[key])
        stack = self.stacks.get(AUTOGRAD)
        if stack and not composite:
            self.table[AUTOGRAD], self.kernel_names[AUTOGRAD] = stack[-1]
            if _stream_wrap is not None:
                self.table[AUTOGRAD] = _for_stream(self.table[AUTOGRAD])
        elif _autograd_hook is not None and not composite:
            self.table[AUTOGRAD] = _hook_kernel(self)
            self.kernel_names[AUTOGRAD] = getattr(_autograd_hook, "__qualname__", "autograd")
        else:
            self.table.pop(AUTOGRAD, None)
            self.kernel_names.pop(AUTOGRAD, None)

    # ---- calling ----

    def dispatch_key(self, args) -> str:
        """The key for these arguments (Note [The journey of an op], step 2)."""
        key, grad = self._scan(args)
        if grad and _grad_state.enabled and AUTOGRAD in self.table:
            return AUTOGRAD
        return key

    def _scan(self, args) -> tuple[str, bool]:
        """(backend key, whether any tensor argument requires grad)."""
        key = None
        first = 0
        grad = False
        for i in self.tensor_pos:
            x = args[i]
            if isinstance(x, Tensor):
                k = x._key
                if key is None:
                    key, first = k, i
                elif k is not key:
                    key = self._merge_keys(key, first, k, i, args)
                grad = grad or x._requires_grad
            elif self.args[i].is_list:
                if x.__class__ is not list and x.__class__ is not tuple:
                    self._not_a_list(i, x)
                for j, t in enumerate(x):  # no generator: x[idx] scans a list of one
                    if not isinstance(t, Tensor):
                        self._check_list_item(i, j, t)  # None in a Tensor?[]; else raises
                        continue
                    k = t._key
                    if key is None:
                        key, first = k, (i, j)
                    elif k is not key:
                        key = self._merge_keys(key, first, k, (i, j), args)
                    grad = grad or t._requires_grad
            elif not (x is None or self.numbers_ok):
                raise TypeError(f"al.{self.base}: argument '{self.args[i].name}' must be a "
                                f"Tensor, not {type(x).__name__}")
            # else: an absent optional tensor, or a wrapped number
        if key is None:
            key = self._key_without_tensors(args)
        elif self.kind == "out" and self.numbers_ok:
            self._check_an_input_tensor(args)
        return key, grad

    def call(self, args: tuple):
        """Dispatch and run; ``args`` are in schema order, already matched to this overload."""
        try:
            key = self.dispatch_key(args)
            if _mode is not None:
                return self._call_in_mode(key, args)
            if self.plain:
                return self.table[key](*args)
            return self._finish(args, self.table[key](*args))
        except _NAMED_ERRORS as e:
            self.name_in(e)
            raise

    def name_in(self, e: BaseException) -> None:
        """Put ``al.<op>: `` in front of ``e``'s message unless it names this op already
        (Note [Errors name the op])."""
        args = e.args
        if len(args) != 1 or type(args[0]) is not str:
            return
        msg = args[0]
        if msg.startswith(self.own_prefixes):
            return
        e.args = (f"al.{self.base}: {msg}",)

    def redispatch_below_autograd(self, args: tuple):
        """Run the backend kernel for ``args``, skipping the Autograd key: what an autograd
        kernel calls after recording the graph (``below`` with the arguments as a tuple)."""
        return self.below(*args)

    def _below_general(self, args: tuple):
        """``below`` outside its in-line case (Note [One dispatch path])."""
        key = self._scan(args)[0]
        if _mode is not None:
            return self._call_in_mode(key, args, below_autograd=True)
        return self.table[key](*args)

    def _finish(self, args, result):
        for i in self.write_pos:
            t = args[i]
            if t is not None:
                t._bump_version()
        if self.result_tuple is not None:
            result = self.result_tuple(*result)
        return result

    def _call_in_mode(self, key, args, below_autograd=False):
        keys = self._candidate_keys(args, below_autograd)
        result = _mode.run(self, key, keys, args, below_autograd)
        return result if below_autograd else self._finish(args, result)

    # ---- key helpers (slow paths) ----

    def _arg_label(self, where) -> str:
        if isinstance(where, tuple):
            i, j = where
            return f"argument '{self.args[i].name}[{j}]'"
        return f"argument '{self.args[where].name}'"

    def _tensor_at(self, args, where) -> Tensor:
        return args[where[0]][where[1]] if isinstance(where, tuple) else args[where]

    def _merge_keys(self, key, first, k, where, args) -> str:
        a, b = self._tensor_at(args, first), self._tensor_at(args, where)
        if a._device is not b._device:
            raise RuntimeError(
                f"expected all tensors on one device, got {a._device.type} "
                f"({self._arg_label(first)}) and {b._device.type} ({self._arg_label(where)})"
            )
        # Same device, different layouts: the sparse kernel handles mixed operands.
        return k if b._layout is _SPARSE else key

    def _not_a_list(self, i, x):
        raise TypeError(f"al.{self.base}: argument '{self.args[i].name}' must be a list of "
                        f"Tensors, not {type(x).__name__}")

    def _check_list_item(self, i, j, t):
        a = self.args[i]
        if not (t is None and a.type == "Tensor?[]"):
            raise TypeError(f"al.{self.base}: argument '{a.name}' must be a list of "
                            f"Tensors, but element {j} is {type(t).__name__}")

    def _check_an_input_tensor(self, args) -> None:
        """A pointwise op writing into a tensor still needs a Tensor among its inputs, as torch
        does: ``al.neg(1.5, out=t)`` is refused, not broadcast from nothing."""
        inputs = self.input_pos
        if inputs and not any(isinstance(args[i], Tensor) for i in inputs):
            names = ", ".join(f"'{self.args[i].name}'" for i in inputs)
            raise TypeError(f"al.{self.base}: expected a Tensor for {names}, got only Python "
                            "numbers; wrap one in al.tensor(...)")

    def _key_without_tensors(self, args) -> str:
        # Only optional tensors and tensor lists may all be absent (a list may be empty).
        if any(not (self.args[i].optional or self.args[i].is_list) for i in self.tensor_pos):
            raise TypeError(f"al.{self.base}: expected at least one Tensor argument, got only "
                            "Python numbers")
        dev = args[self.device_pos] if self.device_pos is not None else None
        if dev is None:
            return CPU
        return DEVICE_KEYS[_device_cls(dev).type]

    def _candidate_keys(self, args, below_autograd) -> tuple[str, ...]:
        found = set()
        grad = False
        for i in self.tensor_pos:
            x = args[i]
            items = x if isinstance(x, (list, tuple)) else (x,)
            for t in items:
                if isinstance(t, Tensor):
                    found.add(t._key)
                    grad = grad or t._requires_grad
        if not found:
            found.add(self._key_without_tensors(args))
        if grad and _grad_state.enabled and not self.composite and not below_autograd:
            found.add(AUTOGRAD)
        return tuple(k for k in PRIORITY if k in found)


def _miss_kernel(h: OpHandle, key: str):
    def miss(*args):
        device, layout = KEY_PLACES[key]
        registered = ", ".join(h.registered_keys()) or "none"
        # Sparse kernels serve both devices, so a sparse miss names only the layout.
        where = f"layout '{layout}'" if key is SPARSE_CPU else \
            f"device '{device}', layout '{layout}'"
        raise NotImplementedError(
            f"al.{h.base}: no kernel for {where}; registered: {registered}{_miss_hint(h, key)}"
        )

    miss.__qualname__ = f"miss[{h.name}, {key}]"
    return miss


def _miss_hint(h: OpHandle, key: str) -> str:
    """What the backend suggests instead ("; exp(0) != 0, call .to_dense() first"), if any."""
    hint = _MISS_HINTS.get(key)
    return f"; {hint(h)}" if hint is not None else ""


# Backend key -> miss_hint(handle) of that backend's module, registered by the install step.
_MISS_HINTS: dict = {}
# Backend key -> fallback(handle, key) -> (kernel, name): what a registered device runs for an
# op it has no kernel of its own for (views, in-place forms, its CPU fallback, else the miss
# kernel; Note [Devices from outside] in aten_lite/backends/devices.py).
_FALLBACKS: dict = {}


def set_fallback(key, fn) -> None:
    """Register ``fn(handle, key) -> (kernel, name)`` as the kernel maker for ops without a
    kernel of ``key``, and rebuild every table so each op gets its kernel for the key."""
    _FALLBACKS[key] = fn
    for h in _HANDLES.values():
        h.rebuild_table()


def miss_kernel(h: OpHandle, key):
    """The kernel that raises the "no kernel for device ..." message of ``h`` and ``key``."""
    return _miss_kernel(h, key)


def set_miss_hint(key: str, fn) -> None:
    """Register ``fn(handle) -> str``, what the backend of ``key`` suggests after its "no
    kernel" message (the install step registers each backend module's ``miss_hint``)."""
    _MISS_HINTS[key] = fn


# ---- asynchronous execution (Note [Stream-safe kernels]) ----

# Note [Stream-safe kernels]
# With async execution on (docs/ASYNC.md), a C++ kernel call queues an instruction and returns
# before its result is written. A Python kernel that reads an array with NumPy (a copy, a cast,
# np.dot, a check of index values) would then read a result not yet written. So while the
# stream is on, every kernel in the tables is wrapped by ``_C.stream_inline``, which drains the
# stream and runs the kernel with every C++ call inside it in line, unless the kernel is marked
# stream-safe: its attribute ``stream_safe`` is True, set by the backend on a kernel whose
# NumPy reads drain first themselves (the generic elementwise and reduction kernels, the
# views, the softmax family, nll_loss, mm). Meta kernels read no data and are never wrapped;
# the Autograd key's recorders read none either (recording and version checks happen at
# issue time), but an Autograd kernel registered through aten_lite.library is wrapped.
_stream_wrap = None


def _for_stream(kernel):
    if getattr(kernel, "stream_safe", False) or getattr(kernel, "__wrapped__", None) is not None \
            and type(kernel).__name__ == "InlineKernel":
        return kernel
    return _stream_wrap(kernel)


def set_stream_wrapper(wrap) -> None:
    """Install ``wrap(kernel) -> kernel`` (``_C.stream_inline``) around every kernel not marked
    stream-safe, or remove it (None), and rebuild every table (Note [Stream-safe kernels])."""
    global _stream_wrap
    _stream_wrap = wrap
    for h in _HANDLES.values():
        h.rebuild_table()


# ---- the autograd hook (Note [The journey of an op], step 2) ----

_autograd_hook = None


def _hook_kernel(h: OpHandle):
    hook = _autograd_hook
    bind = getattr(hook, "bind", None)
    if bind is not None:  # the hook made for this one op: one Python call fewer per op
        return bind(h)

    def autograd_kernel(*args):
        return hook(h, args)

    return autograd_kernel


def set_autograd_kernel(fn) -> None:
    """Install ``fn(handle, args) -> result`` as the Autograd kernel of every op that is not
    composite (composite ops are differentiated through their decomposition). ``fn`` typically
    records a graph node and calls ``handle.redispatch_below_autograd(args)``. When ``fn``
    has a ``bind`` attribute, ``fn.bind(handle)`` gives each op its kernel ``(*args) ->
    result``, doing what ``fn(handle, args)`` does. ``None`` removes it. Kernels registered
    for 'Autograd' through ``aten_lite.library`` take precedence for their op."""
    global _autograd_hook
    _autograd_hook = fn
    for h in _HANDLES.values():
        h.rebuild_table()


def autograd_hook():
    """The function set with ``set_autograd_kernel`` (None when none is)."""
    return _autograd_hook


# ---- the handle registry ----

_HANDLES: dict[str, OpHandle] = {}


def handle(name: str) -> OpHandle:
    """The handle of an op overload by full name ('add.Tensor', 'relu'); KeyError names close
    matches."""
    try:
        return _HANDLES[name]
    except KeyError:
        import difflib

        close = difflib.get_close_matches(name, list(_HANDLES), n=5)
        hint = f"; did you mean {', '.join(close)}?" if close else ""
        raise KeyError(f"no op named {name!r}{hint}") from None


def handles() -> dict[str, OpHandle]:
    """Every op overload, by full name, in YAML order."""
    return dict(_HANDLES)


def add_handle(record: OpRecord) -> OpHandle:
    """Make the handle of ``record`` (with its entries) and register it by name: the install
    step does for every record of the generated registry, an op library for its own. Its
    table stays empty until filled (``register_backend``, ``rebuild_table``): the entries
    read it when called, and it is updated in place. ValueError when the name is taken."""
    taken = _HANDLES.get(record.name)
    if taken is not None:
        raise ValueError(f"op {record.name} ({record.loc}) is already defined by {taken.loc}")
    h = _HANDLES[record.name] = OpHandle(record)
    return h


def remove_handle(name: str) -> None:
    """Forget the handle named ``name`` (an op library's, when it is unloaded); no error if
    there is none."""
    _HANDLES.pop(name, None)


def install(records: tuple[OpRecord, ...]) -> None:
    """Make the handles of the generated registry records (``add_handle``)."""
    for record in records:
        add_handle(record)


# ---- the entries (Note [One dispatch path]) ----


def _in_line_case(h: OpHandle, check_class: bool):
    """The source of the test that an entry's arguments ``a0, a1, ...`` are in the rule's
    in-line case: no dispatch mode set, every required tensor argument on one key (and a plain
    Tensor, when ``check_class``: a binding has checked that before a fast entry, a recorder
    has not), every optional one absent. Also the required tensors' names, the first of which
    gives the key. None when the op has no in-line case: a tensor list, or no required tensor."""
    if any(h.args[i].is_list for i in h.tensor_pos):
        return None
    tensors = [f"a{i}" for i in h.tensor_pos if not h.args[i].optional]
    if not tensors:
        return None
    absent = [f"a{i}" for i in h.tensor_pos if h.args[i].optional]
    tests = ["_mode is None"]
    if check_class:
        tests += [f"{t}.__class__ is Tensor" for t in tensors]
    tests += [f"{tensors[0]}._key is {t}._key" for t in tensors[1:]]
    tests += [f"{t} is None" for t in absent]
    return " and ".join(tests), tensors


def _records(tensors: list) -> str:
    """The source of the rule's second case, given the in-line case: grad mode on and one of
    ``tensors`` requiring grad (``observed`` less its mode test)."""
    return f"({' or '.join(f'{t}._requires_grad' for t in tensors)}) and _grad_state.enabled"


def _compiled(source: str, where: str) -> dict:
    # Made in this module's namespace, so that an entry reads the current `_mode`.
    scope: dict = {}
    exec(compile(source, where, "exec"), globals(), scope)
    return scope


def _make_fast_entry(h: OpHandle):
    """``h.call`` with the rule's in-line case decided in line (Note [One dispatch path]). The
    caller has checked that every tensor argument is a Tensor; the source is made per op, as
    ``collections.namedtuple`` does, so the entry takes plain positional arguments."""
    params = ", ".join(f"a{i}" for i in range(len(h.args)))
    packed = f"({params},)" if h.args else "()"
    case = _in_line_case(h, check_class=False)
    body = [f"return call({packed})"]  # call() names the op in its errors itself
    if case is not None:
        test, tensors = case
        first = tensors[0]
        run = f"kernel({params})"
        # Only the in-line case needs the try: call() handles its own errors.
        body = [f"if {test}:",
                f"    if {_records(tensors)}:",
                f"        kernel = table.get(AUTOGRAD) or table[{first}._key]",
                f"    else:",
                f"        kernel = table[{first}._key]",
                f"    try:",
                f"        return {run if h.plain else f'finish({packed}, {run})'}",
                f"    except _NAMED_ERRORS as e:",
                f"        name_in(e)",
                f"        raise"] + body
    source = "\n".join([f"def make(table, call, finish, name_in):",
                        f"    def fast_entry({params}):",
                        *(f"        {line}" for line in body), "    return fast_entry", ""])
    make = _compiled(source, f"<fast entry of {h.name}>")["make"]
    entry = make(h.table, h.call, h._finish, h.name_in)
    entry.__qualname__ = f"fast_entry[{h.name}]"
    return entry


# The source of a below-autograd entry -> its maker: ops of one argument shape share one.
_BELOW_MAKERS: dict = {}


def _make_below_entry(h: OpHandle):
    """``h.redispatch_below_autograd`` taking the arguments themselves (no tuple), with the
    rule's in-line case decided in line: what a recorder calls after recording its node
    (Note [One dispatch path])."""
    params = ", ".join(f"a{i}" for i in range(len(h.args)))
    packed = f"({params},)" if h.args else "()"
    case = _in_line_case(h, check_class=True)
    body = [f"return general({packed})"]
    if case is not None:
        test, tensors = case
        body = [f"if {test}:", f"    return table[{tensors[0]}._key]({params})"] + body
    source = "\n".join([f"def make(table, general):", f"    def below({params}):",
                        *(f"        {line}" for line in body), "    return below", ""])
    make = _BELOW_MAKERS.get(source)
    if make is None:
        make = _BELOW_MAKERS[source] = _compiled(source, "<below-autograd entry>")["make"]
    entry = make(h.table, h._below_general)
    entry.__qualname__ = f"below_autograd[{h.name}]"
    return entry


def below_autograd_entry(h: OpHandle):
    """The entry a generated recorder calls to run ``h`` below autograd: ``h.below``
    (``redispatch_below_autograd`` taking the arguments themselves)."""
    return h.below

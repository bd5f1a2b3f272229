"""Forward-mode automatic differentiation: dual tensors, as ``torch.autograd.forward_ad``.

>>> import aten_lite as al
>>> import aten_lite.autograd.forward_ad as fwAD
>>> with fwAD.dual_level():
...     x = fwAD.make_dual(al.tensor([0.0, 1.0]), al.tensor([1.0, 1.0]))
...     y = x.sin() * 2
...     print(fwAD.unpack_dual(y).tangent)
tensor([2.0000, 1.0806])

Note [Forward mode]
Inside ``dual_level()`` a dispatch mode (Note [Dispatch modes] in dispatch/dispatcher.py) sees every op.
When some tensor argument carries a tangent, it runs the op with forward mode set aside (so
the kernels and the autograd recorder run exactly as outside), then calls the op's generated
rule (generated/forward_rules.py, Note [Forward rules] in tools/codegen/api_forward.py) on the
arguments, their tangents and the result, again with the mode set aside, and gives the outputs
their tangents, broadcast to their shapes and cast to their dtypes (an op library's ops use
the rules of its own forward_rules.py, generated alike). A composite op passes
through: the ops it is made of carry the tangents. An op without a rule raises, naming the
derivatives.yaml line that would fix it. Outside a dual level no mode is set, so the fast
dispatch path pays nothing.

Tangents live in a table keyed by the tensor (by id, with a weak reference, so a tensor that
dies takes its entry along), with the tensor's storage version when set: a tensor written in
place by something that did not update its tangent (through another view) is refused rather
than read with a stale tangent. Leaving the level drops every tangent. One level at a time,
as in torch today.

Note [Forward over reverse]
A backward pass run inside a dual level is made of ops too, so the tangents flow through the
backward formulas: the gradient of a dual input carries the Hessian-vector product. Formulas
read saved inputs (the tensors themselves) and saved outputs (aliases without history, made
before the tangent existed): the mode gives those aliases the output's tangent as well
(``_saved_outputs`` of each generated node). Reverse over forward needs nothing: the rules are
ordinary ops, recorded by autograd like any other.
"""

from __future__ import annotations

import weakref
from collections import namedtuple

from ..dispatch import dispatcher as _dispatch
from ..tensors.tensor import Tensor
from .formulas import zeros_like

__all__ = ["dual_level", "make_dual", "unpack_dual", "UnpackedDualTensor", "enter_dual_level",
           "exit_dual_level"]

UnpackedDualTensor = namedtuple("UnpackedDualTensor", ["primal", "tangent"])

# The active level (a _ForwardMode) or None; id(tensor) -> (weakref, tangent, storage version).
_level = None
_tangents: dict[int, tuple] = {}
# Tensors made by make_dual: views of their primal whose in-place writes are allowed.
_roots: dict[int, weakref.ref] = {}

_RULES = None  # generated/forward_rules.py, handed over by the install step (install_rules)


class _LibraryRules:
    """The tables of the loaded op libraries' forward_rules modules, merged. Their ops are
    named ``NS::op``, so a name with ``::`` is looked up here and any other in aten_lite's
    module (``_tables``): aten_lite's ops pay one substring test."""

    def __init__(self) -> None:
        self.RULES: dict = {}
        self.ORIGINS: dict = {}
        self.READS: dict = {}
        self.MISSING: dict = {}


_LIBRARY_RULES = _LibraryRules()
_TABLES = ("RULES", "ORIGINS", "READS", "MISSING")


def install_rules(rules) -> None:
    """Take the generated forward rules (``aten_lite/__init__.py`` hands them over: the
    generated module imports this one, so this one cannot import it)."""
    global _RULES
    _RULES = rules


def install_library_rules(rules) -> None:
    """Add an op library's forward_rules module (aten_lite/frontend/oplib.py, when it loads)."""
    for table in _TABLES:
        getattr(_LIBRARY_RULES, table).update(getattr(rules, table))


def uninstall_library_rules(rules) -> None:
    """Remove what ``install_library_rules(rules)`` added (a library unloaded or replaced)."""
    for table in _TABLES:
        mine = getattr(_LIBRARY_RULES, table)
        for op in getattr(rules, table):
            mine.pop(op, None)


def _tables(name: str):
    """The tables that hold op ``name``: an op library's (``NS::op``) or aten_lite's."""
    return _LIBRARY_RULES if "::" in name else _RULES


# ---- levels ----


def enter_dual_level() -> int:
    """Start forward mode (``dual_level()`` is the context manager form); returns the level."""
    global _level
    if _level is not None:
        raise RuntimeError("al.autograd.forward_ad.enter_dual_level: a dual level is already "
                           "active; nested levels are not supported; exit the current one first")
    mode = _ForwardMode(_dispatch.set_mode(None))
    _dispatch.set_mode(mode)
    _level = mode
    return 0


def exit_dual_level(*, level: int | None = None) -> None:
    """End forward mode: every tangent of the level is dropped."""
    global _level
    if _level is None:
        raise RuntimeError("al.autograd.forward_ad.exit_dual_level: no dual level is active")
    if level not in (None, 0):
        raise ValueError(f"al.autograd.forward_ad.exit_dual_level: no level {level}; the "
                         "active level is 0")
    _dispatch.set_mode(_level.previous)
    _level = None
    _tangents.clear()
    _roots.clear()


class dual_level:
    """Context manager of a forward-mode level: dual tensors made inside carry tangents that
    every op propagates; leaving it drops them."""

    def __enter__(self) -> int:
        return enter_dual_level()

    def __exit__(self, *exc) -> None:
        exit_dual_level()


# ---- dual tensors ----


def make_dual(tensor: Tensor, tangent: Tensor, *, level: int | None = None) -> Tensor:
    """A view of ``tensor`` whose tangent is ``tangent`` (same shape, dtype and device)."""
    if _level is None:
        raise RuntimeError("al.autograd.forward_ad.make_dual: no dual level is active; call it "
                           "inside `with al.autograd.forward_ad.dual_level():`")
    for what, t in (("tensor", tensor), ("tangent", tangent)):
        if not isinstance(t, Tensor):
            raise TypeError(f"al.autograd.forward_ad.make_dual: {what} must be a Tensor, not "
                            f"{type(t).__name__}")
    if not tensor._dtype.is_floating_point:
        raise TypeError(f"al.autograd.forward_ad.make_dual: tensor has dtype "
                        f"{tensor._dtype.name}; only floating tensors carry tangents")
    if tangent._shape != tensor._shape:
        raise ValueError(f"al.autograd.forward_ad.make_dual: tangent has shape "
                         f"{list(tangent._shape)} but tensor has {list(tensor._shape)}; give "
                         "a tangent of the tensor's shape")
    if tangent._dtype is not tensor._dtype or tangent._device is not tensor._device:
        raise TypeError(f"al.autograd.forward_ad.make_dual: tangent is {tangent._dtype.name} "
                        f"on {tangent._device.type} but tensor is {tensor._dtype.name} on "
                        f"{tensor._device.type}; convert it with .to(...)")
    if tangent._layout is not tensor._layout:
        raise TypeError(f"al.autograd.forward_ad.make_dual: tangent's layout "
                        f"{tangent._layout} differs from tensor's {tensor._layout}")
    if _get(tensor) is not None:
        raise RuntimeError("al.autograd.forward_ad.make_dual: tensor already has a tangent at "
                           "this level; unpack_dual(t).primal gives one without")
    dual = _outside(_alias, tensor)
    _set(dual, tangent)
    _roots[id(dual)] = weakref.ref(dual)
    return dual


def unpack_dual(tensor, *, level: int | None = None) -> UnpackedDualTensor:
    """``(primal, tangent)``: a view of ``tensor`` without tangent, and its tangent (None
    when it has none, or outside a dual level)."""
    if not isinstance(tensor, Tensor):
        raise TypeError(f"al.autograd.forward_ad.unpack_dual: expected a Tensor, not "
                        f"{type(tensor).__name__}")
    tangent = _get(tensor) if _level is not None else None
    if tangent is None:
        return UnpackedDualTensor(tensor, None)
    return UnpackedDualTensor(_outside(_alias, tensor), tangent)


def _alias(t: Tensor) -> Tensor:
    # A view keeps autograd's history (reverse over forward differentiates through it).
    return t.view(t._shape) if not t.is_sparse else t.coalesce()


def _outside(fn, *args):
    """Call ``fn`` with forward mode set aside (its ops carry no tangents)."""
    mode = _dispatch.set_mode(_level.previous)
    try:
        return fn(*args)
    finally:
        _dispatch.set_mode(mode)


# ---- the tangent table ----


def _version(t: Tensor) -> int:
    vc = t._vc
    return 0 if vc is None else vc.value


def _forget(key: int):
    def gone(ref) -> None:
        entry = _tangents.get(key)
        if entry is not None and entry[0] is ref:
            del _tangents[key]
    return gone


def _set(t: Tensor, tangent: Tensor, version: int | None = None) -> None:
    key = id(t)
    _tangents[key] = (weakref.ref(t, _forget(key)), tangent,
                      _version(t) if version is None else version)


def _get(t: Tensor):
    entry = _tangents.get(id(t))
    if entry is None or entry[0]() is not t:
        return None
    if entry[2] != _version(t):
        raise RuntimeError(
            "al.autograd.forward_ad: a tensor with a tangent was modified in place through "
            "another tensor sharing its memory (a view or its base), so its tangent no longer "
            "matches; take it again after the in-place change, or write in place through the "
            "tensor itself")
    return entry[1]


# ---- helpers the generated rules call ----


def add_tangents(total, term):
    """The sum of a rule's terms (None: no term yet)."""
    return term if total is None else total + term


def filled(tangent, primal):
    """A tangent, zeros where an input has none (for rules that read every tangent)."""
    if isinstance(primal, (list, tuple)):
        tangent = tangent or [None] * len(primal)
        return [filled(t, p) for t, p in zip(tangent, primal)]
    if tangent is not None or not isinstance(primal, Tensor):
        return tangent
    if primal.is_sparse:
        return primal * 0
    return zeros_like(primal)


# ---- the dispatch mode ----


class _ForwardMode:
    """The dispatch mode of a dual level (Note [Forward mode])."""

    __slots__ = ("previous",)

    def __init__(self, previous) -> None:
        self.previous = previous  # the mode it wraps (a trace), or None

    def run(self, h, key: str, keys: tuple, args: tuple, below_autograd: bool):
        if below_autograd or h.composite:
            return self._kernel(h, key, keys, args, below_autograd)
        tangents = _tangents_of(h, args)
        if tangents is None:
            return self._kernel(h, key, keys, args, below_autograd)
        return _with_tangents(self, h, key, keys, args, tangents)

    def _kernel(self, h, key, keys, args, below_autograd):
        prev = self.previous
        if prev is not None:
            return prev.run(h, key, keys, args, below_autograd)
        return h.table[key](*args)


def _tangents_of(h, args: tuple):
    """The tangent of each argument (a list for a Tensor[] one), or None when none has one."""
    found = None
    for i in h.tensor_pos:
        x = args[i]
        if isinstance(x, Tensor):
            t = _get(x) if _tangents else None
        elif isinstance(x, (list, tuple)):
            t = [_get(e) if isinstance(e, Tensor) else None for e in x]
            if all(e is None for e in t):
                t = None
        else:
            continue
        if t is not None:
            if found is None:
                found = [None] * len(args)
            found[i] = t
    return found


def _with_tangents(mode: _ForwardMode, h, key, keys, args: tuple, tangents: list):
    rule, rule_args, rule_tangents = _rule_for(h, args, tangents)
    written = [args[i] for i in h.write_pos if isinstance(args[i], Tensor)]
    if rule is not None and h.kind == "inplace":
        rule_args = _copies_of_read(h, rule_args, written)
    previous = _dispatch.set_mode(mode.previous)
    try:
        result = mode._kernel(h, key, keys, args, False)
        if rule is None:
            _no_rule(h, result)
            return result
        try:
            tangent = rule(rule_args, tuple(rule_tangents), result)
        except Exception as exc:  # the traceback shows generated code: name the YAML line too
            origins = _tables(h.name).ORIGINS
            origin, where = origins.get(h.name) or origins[h.functional]
            if hasattr(exc, "add_note"):  # Python 3.11+
                exc.add_note(f"raised by the forward rule of {h.name} ({origin}, {where})")
            raise
    finally:
        _dispatch.set_mode(previous)
    _attach(h, result, tangent, written)
    return result


def _rule_for(h, args: tuple, tangents: list):
    """(rule or None, its arguments, their tangents): in-place and out= overloads use their
    functional sibling's rule (out= arguments dropped) unless they have their own."""
    rules = _tables(h.name).RULES
    rule = rules.get(h.name)
    if rule is not None or h.kind == "functional":
        return rule, args, tangents
    if h.kind == "inplace":
        return rules.get(h.functional), args, tangents
    if h.kind == "out":
        keep = [i for i in range(len(args)) if i not in h.write_pos]
        return (rules.get(h.functional), tuple(args[i] for i in keep),
                [tangents[i] for i in keep])
    return None, args, tangents


def _copies_of_read(h, args: tuple, written: list) -> tuple:
    """An in-place op overwrites ``self``: a rule that reads its value gets a copy taken
    before (recorded by autograd, so reverse over forward still sees the dependency)."""
    tables = _tables(h.name)
    reads = tables.READS.get(h.name) or tables.READS.get(h.functional) or ()
    if not written or not reads:
        return args
    # Every argument read that shares the written storage: `x.mul_(x)`, `x.mul_(x[0])`.
    storages = [w._base if w._base is not None else w for w in written]
    out = list(args)
    for i, a in enumerate(out):
        if isinstance(a, Tensor) and h.args[i].name in reads and \
                any((a._base if a._base is not None else a) is s for s in storages):
            out[i] = _outside(lambda t: t.clone(), a)
    return tuple(out)


def _no_rule(h, result) -> None:
    """An op without a forward rule, called with a tangent: fine when nothing it returns
    could carry one (integer and bool results), else the error that names the fix."""
    outs = result if isinstance(result, (tuple, list)) else (result,)
    if not any(isinstance(t, Tensor) and t._dtype.is_floating_point for t in outs):
        return
    name = h.name if h.kind == "functional" else h.functional
    tables = _tables(h.name)
    missing = tables.MISSING.get(name) if name is not None else None
    if missing is not None:
        loc, why = missing
        raise NotImplementedError(
            f"al.{h.base}: no forward-mode rule ({why}); add a 'result:' formula over the "
            f"input tangents to its derivatives.yaml entry at {loc}")
    if name is not None and name in tables.ORIGINS:
        raise NotImplementedError(f"al.{h.base}: forward mode does not support the "
                                  f"{h.kind} overload {h.name}; call the functional op")
    # The derivatives.yaml beside the op's native_functions.yaml (an op library's own).
    file = h.loc.rpartition(":")[0].replace("native_functions.yaml", "derivatives.yaml")
    raise NotImplementedError(
        f"al.{h.base}: no forward-mode rule: the op ({h.loc}) has no entry in {file}; add one "
        f"for '{h.schema}' with a 'result:' formula over the input tangents")


def _attach(h, result, tangent, written: list) -> None:
    given: set[int] = set()
    if tangent is None:
        pass
    elif isinstance(result, Tensor):
        _attach_one(h, result, tangent, written, given)
    else:
        for out, t in zip(result, tangent):
            if t is not None and isinstance(out, Tensor):
                _attach_one(h, out, t, written, given)
    for w in written:  # overwritten with a zero tangent (zero_, fill_): it has none now
        if id(w) not in given:
            _tangents.pop(id(w), None)


def _attach_one(h, out: Tensor, tangent, written: list, given: set) -> None:
    if not out._dtype.is_floating_point or not isinstance(tangent, Tensor):
        return
    given.add(id(out))
    if tangent._shape != out._shape or tangent._dtype is not out._dtype:
        tangent = _outside(_fit, tangent, out)
    version = None
    if any(out is w for w in written):
        root = _roots.get(id(out))
        if out._base is not None and (root is None or root() is not out):
            raise NotImplementedError(
                f"al.{h.base}: an in-place op on a view gives it a tangent that its base "
                "would not see; with forward mode, apply the op out of place, or to the base")
        version = _version(out) + 1  # the dispatcher bumps it once the op returns
    _set(out, tangent, version)
    node = out.grad_fn
    for field, nr in getattr(type(node), "_saved_outputs", ()):  # Note [Forward over reverse]
        saved = getattr(node, field, None)
        if isinstance(saved, Tensor) and saved._a is out._a and (nr == out._output_nr):
            _set(saved, tangent, version)


def _fit(tangent: Tensor, out: Tensor) -> Tensor:
    """A rule's tangent as the output's: broadcast terms expanded, promoted dtype cast."""
    if tangent._shape != out._shape:
        tangent = tangent.expand(out._shape).contiguous()
    if tangent._dtype is not out._dtype:
        tangent = tangent.to(out._dtype)
    return tangent

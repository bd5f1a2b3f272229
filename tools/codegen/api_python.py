"""What the Python emitter needs for ``generated/ops.py``: pure functions from the loaded spec
to bindings.

Every decision about the bindings is made here: which overloads one Python name binds and in
what order, the merged Python signature, the type guard of each overload, the fast-entry tier.
The operator dunders are in ``api_operators``, the registry data in ``api_registry`` and the
editor stub in ``api_pyi``; ``emit_python`` and the templates only assemble the text.

Note [Binding tiers]
A generated binding tries its overloads in YAML order. Each overload has a *guard*, a cheap
type test per argument (``isinstance(other, _TN)``, ``alpha.__class__ in _NUM``). When it
passes, the binding calls ``handle.call(args)``; before that, an overload whose tensor
arguments are plain ``Tensor``s has a *fast tier*: when each of them is exactly a ``Tensor``
(a class test; an optional one may also be None), it calls ``handle.fast_entry(*args)``, which the runtime builds and which makes
the dispatch decision (Note [One dispatch path] in aten_lite/dispatch/dispatcher.py); the binding itself
decides nothing but the overload. When no guard passes, the
binding hands everything to ``Binding.parse`` in the runtime, which converts (a lone int or a
list for an int list, NumPy numbers to Python ones, varargs sizes), tries each overload
properly, and raises the TypeError that lists every signature.

The Python names one signature cannot cover (``max(self)`` beside ``max.dim(self, dim)``:
the second positional is `dim` in one and absent in the other) get ``(*args, **kwargs)`` and
go straight to the parser, as do ops taking varargs sizes (``x.view(2, 3)``), except that a
method with one such overload first tries its sizes as plain ints (``_varargs_fast``). Guards
keep YAML order: when an overload's arguments cannot be guarded, it and every later overload
are left to the parser. A guard only accepts values that need no conversion, so a value an earlier
overload would accept after conversion (``np.float32(2)`` for a Scalar) may be taken by a
later overload whose guard accepts it as is; the overloads of one name are expected to agree
on such values (a number is a number).

    >>> from tools.codegen.api_guards import guard
    >>> from tools.codegen.model import FunctionSchema
    >>> guard(FunctionSchema.parse("f(Tensor self, Scalar alpha) -> Tensor").arguments.positional[1], "alpha", False)
    'alpha.__class__ in _NUM'
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from typing import Any, Sequence

from .api_guards import arg_guard, int_list_fast
from .model import Argument, SchemaKind
from .names import template_names
from .spec import NativeFunction, Spec, SpecError


class BindingError(SpecError):
    """A schema the Python bindings cannot express; one ``FILE:LINE: OP: ...`` message."""

    def __init__(self, message: str) -> None:
        super().__init__([message])


# Module-level names of generated/ops.py that bindings read, read from templates/ops.py.j2:
# an argument of the same name would hide them inside its binding.
BINDING_GLOBALS = frozenset(n for n, m in template_names().items() if m == "generated/ops.py")
BINDING_PREFIXES = ("_H_", "_F_", "_G_", "_GM_")  # handles, fast entries, parser groups


def ident(name: str) -> str:
    return name.replace(".", "_")


def _where(nf: Any) -> str:
    """``native_functions.yaml:42: add.Tensor``: the start of a message about ``nf``."""
    return f"{nf.loc}: {nf.func.name}"


def python_default(arg: Argument, where: str) -> Any:
    """The Python value of a schema default (`1`, `None`, `[0,1]`, `'mean'`, `[]`);
    ``where`` (``FILE:LINE: OP``) starts the BindingError raised for any other text."""
    text = arg.default
    if text is None:  # callers ask only for defaults that exist
        raise BindingError(f"{where}: argument '{arg.name}' has no default to convert")
    lst = arg.type.is_list_like()
    if text == "[]":
        return ()
    if text in ("contiguous_format", "strided"):
        return None  # MemoryFormat / Layout defaults: the only value there is
    try:
        value = ast.literal_eval(text)
    except (ValueError, SyntaxError):
        raise BindingError(f"{where}: default '{text}' of argument '{arg.name}' is not a "
                           "Python literal; write a number, True/False, None, a string or a "
                           "list") from None
    if isinstance(value, list):
        return tuple(value)
    if lst is not None and isinstance(value, int) and not isinstance(value, bool):
        return (value,) * (lst.size or 1)
    return value


# ---- bindings ----


@dataclass(frozen=True)
class Param:
    """One parameter of a generated Python function."""

    name: str
    default: str | None  # Python source of the default; None when required
    kwarg_only: bool


@dataclass(frozen=True)
class Candidate:
    """One overload a binding tries, in order (Note [Binding tiers])."""

    op: str  # full op name, for a comment
    outer: str | None  # guards of the non-tensor arguments (None: nothing to test)
    inner: str | None  # guards of the tensor arguments, tested after the fast tier
    handle: str  # generated name of the OpHandle
    args: str  # the schema-order argument tuple, as source text
    fast_condition: str | None  # every tensor argument is a plain Tensor (None: nothing to test) ...
    fast_call: str | None  # ... so return the handle's fast entry (None: no such tier)

    @property
    def lines(self) -> tuple[str, ...]:
        """The statements that try this overload, indented relative to the function body."""
        body: list[str] = []
        if self.fast_call and self.fast_condition:
            body += [f"if {self.fast_condition}:", f"    return {self.fast_call}"]
        elif self.fast_call:  # a method of one plain Tensor: `self` is known to be one
            return ((f"if {self.outer}:  # {self.op}", f"    return {self.fast_call}")
                    if self.outer else (f"# {self.op}", f"return {self.fast_call}"))
        call = f"return {self.handle}.call({self.args})"
        body += [f"if {self.inner}:", f"    {call}"] if self.inner else [call]
        if self.outer:
            return (f"if {self.outer}:  # {self.op}", *(f"    {line}" for line in body))
        return (f"# {self.op}", *body)


@dataclass(frozen=True)
class Binding:
    """One generated Python function: a module function, a Tensor method or an operator."""

    name: str  # the Python name users call: 'add', '__add__'
    pyfunc: str  # the generated function's name ('_m_add' for the method)
    signature: str  # the parameter list, as source text
    candidates: tuple[Candidate, ...]
    fallback: str  # the last statement's expression (parser, NotImplemented, error)
    doc: str  # docstring text
    prelude: str | None = None  # a statement before the candidates (varargs sizes)

    @property
    def lines(self) -> tuple[str, ...]:
        """The body between the docstring and the final ``return fallback``, indented, with a
        blank line after each overload's statements."""
        out = [f"    {self.prelude}"] if self.prelude else []
        for c in self.candidates:
            out += [f"    {line}" for line in c.lines] + [""]
        return tuple(out)


@dataclass(frozen=True)
class Group:
    """The overloads one Python name binds, for the runtime parser."""

    var: str  # generated variable name
    qualname: str  # 'al.add' or 'Tensor.add', for messages
    ops: tuple[str, ...]  # full op names in YAML order
    method: bool


@dataclass(frozen=True)
class _Entry:
    main: Any  # the NativeFunction matched when `out` is not given
    out: Any | None  # its out= sibling, bound through `out=`


def handle_var(name: str) -> str:
    return f"_H_{ident(name)}"


def entry_var(name: str) -> str:
    return f"_F_{ident(name)}"


# Note [Torch's Python names]: torch's Python layer calls a module function's `self` argument
# `input` (al.add(input=x, other=y)), and takes NumPy's `keepdims=` for `keepdim=`. The
# bindings do the same: `py_name` renames a parameter of a module function, and a binding
# with a `keepdim` parameter gets a keyword-only `keepdims` that a prelude moves over. The
# runtime parser (Binding.parse) applies the same two rules to the (*args, **kwargs) path.
KEEPDIMS_PRELUDE = "if keepdims is not _MISSING: keepdim, keepdims = keepdims, _MISSING"


def py_name(name: str, method: bool) -> str:
    """The Python parameter name of schema argument `name` (Note [Torch's Python names])."""
    return "input" if name == "self" and not method else name


def accepts_numbers(nf: NativeFunction) -> bool:
    """Whether the op's Tensor arguments also take Python numbers (wrapped numbers)."""
    return nf.elementwise is not None or "pointwise" in nf.tags


def py_params(nf: NativeFunction, method: bool) -> tuple[list[Argument], list[Argument]]:
    """(positional, keyword-only) parameters of the Python function; a method's `self` first."""
    args = nf.func.arguments
    positional = list(args.positional)
    self_arg = args.self_arg
    if method and self_arg is not None:  # the loader refuses a method without `self`
        positional = [self_arg] + [a for a in positional if a is not self_arg]
    kw = list(args.kwarg_only) + (list(args.out) if nf.func.kind() is SchemaKind.out else [])
    return positional, kw


def pair_out_overloads(nfs: Sequence[Any]) -> list[_Entry]:
    """Pair each out= overload with the functional overload it mirrors."""
    functional = {nf.func.signature(): nf for nf in nfs if nf.func.kind() is not SchemaKind.out}
    paired: dict[int, Any] = {}  # id(functional entry) -> its out= entry
    for nf in nfs:
        if nf.func.kind() is SchemaKind.out:
            main = functional.get(nf.func.signature())
            if main is not None and [a.name for a in nf.func.arguments.out] == ["out"] \
                    and id(main) not in paired:
                paired[id(main)] = nf
    used = set(id(o) for o in paired.values())
    return [_Entry(nf, paired.get(id(nf))) for nf in nfs if id(nf) not in used]


def _varargs(positional: list[Argument], method: bool) -> bool:
    # `x.view(2, 3)`: a required int list last among the positionals takes varargs; so does
    # a required Tensor[] (`al.einsum('ij,jk', a, b)`, as torch's Python layer allows).
    rest = positional[1:] if method else positional
    if not rest:
        return False
    last = rest[-1]
    return (last.default is None and last.type.is_list_like() is not None
            and (not last.type.is_tensor_like() or str(last.type) == "Tensor[]"))


def _merge(entries: list[_Entry], method: bool) -> list[Param] | None:
    """The one Python signature every entry fits, or None when there is none."""
    shapes = [py_params(e.main, method) for e in entries]
    longest = max((p for p, _ in shapes), key=len)
    names = [py_name(a.name, method) for a in longest]
    for positional, _ in shapes:
        if [py_name(a.name, method) for a in positional] != names[: len(positional)]:
            return None
        if _varargs(positional, method):
            return None
    kw_names: list[str] = []
    for _, kw in shapes:
        kw_names += [a.name for a in kw if a.name not in kw_names]
    if set(kw_names) & set(names):
        return None
    params = []
    for name in names + kw_names:
        found = [next((a for a in p + k if py_name(a.name, method) == name), None)
                 for p, k in shapes]
        defaults = {a.default if a is not None else "<absent>" for a in found}
        if len(defaults) == 1 and None in defaults:
            default = None
        elif len(defaults) == 1:  # one default, so every overload has the parameter
            first = next(a for a in found if a is not None)
            default = repr(python_default(first, _where(entries[0].main)))
        else:
            default = "_MISSING"
        params.append(Param(name, default, name in kw_names))
    if any(e.out is not None for e in entries):
        if "out" in names + kw_names:
            return None
        params.append(Param("out", "None", True))
    if "keepdim" in names + kw_names:
        params.append(Param("keepdims", "_MISSING", True))  # Note [Torch's Python names]
    return params


def _signature(params: list[Param]) -> str:
    parts = []
    star = False
    for p in params:
        if p.kwarg_only and not star:
            parts.append("*")
            star = True
        parts.append(p.name if p.default is None else f"{p.name}={p.default}")
    return ", ".join(parts)


def _candidate(nf: NativeFunction, params: list[Param], method: bool, extra: list[str]) -> Candidate | None:
    """The guard and call of one overload within a merged signature; None if unguardable."""
    numbers_ok = accepts_numbers(nf)
    merged = {p.name: p for p in params}
    conditions = list(extra)
    tensor_tests: list[str] = []
    values: dict[str, str] = {}
    for a in nf.func.arguments.flat_all:
        p = merged[py_name(a.name, method)]
        value = p.name
        if p.default == "_MISSING":
            if a.default is None:
                conditions.append(f"{p.name} is not _MISSING")
            else:
                value = f"({python_default(a, _where(nf))!r} if {p.name} is _MISSING else {p.name})"
        fast_list = int_list_fast(a, value) if value == p.name else None
        if fast_list is not None:
            conditions.append(fast_list[0])
            values[a.name] = fast_list[1]
            continue
        values[a.name] = value
        if method and a.name == "self":
            continue
        test = arg_guard(a, value, numbers_ok and not a.is_write)
        if test is None:
            return None
        (tensor_tests if a.type.is_tensor_like() else conditions).append(test)
    present = {py_name(name, method) for name in values}
    for p in params:
        # (keepdims is always _MISSING here: the prelude moved it to keepdim.)
        if p.name not in present and p.name not in ("out", "keepdims"):
            conditions.insert(0, f"{p.name} is _MISSING")
    order = [values[a.name] for a in nf.func.arguments.flat_all]
    args = "(" + ", ".join(order) + ("," if len(order) == 1 else "") + ")"
    fast = fast_path(nf, values, "self" if method else None)
    return Candidate(str(nf.func.name), " and ".join(conditions) or None,
                     " and ".join(tensor_tests) or None, handle_var(str(nf.func.name)),
                     args, *fast)


def fast_path(nf: NativeFunction, values: dict[str, str],
              known_tensor: str | None) -> tuple[str | None, str | None]:
    """Note [Binding tiers]: the guard under which the handle's fast entry may be called (every
    tensor argument a plain ``Tensor``, an optional one None or a plain ``Tensor``) and that
    call. The dispatch decision itself is the runtime's (Note [One dispatch path] in
    aten_lite/dispatch/dispatcher.py)."""
    tensors = [a for a in nf.func.arguments.flat_all if a.type.is_tensor_like()]
    if not tensors or any(a.type.is_list_like() for a in tensors):
        return None, None
    tests = [f"({values[a.name]} is None or {values[a.name]}.__class__ is _T)"
             if a.type.is_nullable() else f"{values[a.name]}.__class__ is _T"
             for a in tensors if values[a.name] != known_tensor]
    args = ", ".join(values[a.name] for a in nf.func.arguments.flat_all)
    return " and ".join(tests) or None, f"{entry_var(str(nf.func.name))}({args})"


def _varargs_fast(entries: list[_Entry],
                  method: bool) -> tuple[str | None, tuple[Candidate, ...]]:
    """The guarded path of a varargs-size method (``x.view(2, 3)``, ``x.expand(n, -1)``):
    one overload whose only positional after `self` is the int list and whose other arguments
    are keyword-only with defaults. ``_b.varargs_ints`` reads the sizes as the parser would
    (varargs, one tuple or list) when they are plain ints and no keyword is given; anything
    else goes to the parser."""
    if not method or len(entries) != 1 or entries[0].out is not None:
        return None, ()
    nf = entries[0].main
    positional, kw = py_params(nf, method)
    if len(positional) != 2 or not _varargs(positional, method) or \
            any(a.default is None for a in kw):
        return None, ()
    sizes = positional[1]
    values = {"self": "self", sizes.name: sizes.name}
    for a in kw:
        values[a.name] = repr(python_default(a, _where(nf)))
    order = [values[a.name] for a in nf.func.arguments.flat_all]
    fast = fast_path(nf, values, "self")
    candidate = Candidate(str(nf.func.name), f"{sizes.name} is not None", None,
                          handle_var(str(nf.func.name)), "(" + ", ".join(order) + ")", *fast)
    prelude = f"{sizes.name} = None if kwargs else _b.varargs_ints(args)"
    return prelude, (candidate,)


def _group_var(pyname: str, method: bool) -> str:
    return f"_G{'M' if method else ''}_{pyname}"


def _doc(nfs: Sequence[NativeFunction]) -> str:
    summary = next((nf.doc for nf in nfs if nf.doc), "")
    lines = [f"    {nf.func}  ({nf.loc})" for nf in nfs]
    head = f"{summary}\n\n" if summary else ""
    return head + "Overloads, tried in this order:\n" + "\n".join(lines)


def binding(pyname: str, nfs: list[Any], method: bool) -> tuple[Binding, Group]:
    """The generated function for one Python name and the parser group behind it."""
    qual = f"Tensor.{pyname}" if method else f"al.{pyname}"
    group = Group(_group_var(pyname, method), qual, tuple(str(nf.func.name) for nf in nfs),
                  method)
    pyfunc = f"_m_{pyname}" if method else pyname
    entries = pair_out_overloads(nfs)
    params = _merge(entries, method)
    doc = _doc(nfs)
    if params is None:
        sig = "self, *args, **kwargs" if method else "*args, **kwargs"
        fallback = f"{group.var}.parse(({'self, ' if method else ''}*args,), kwargs)"
        prelude, candidates = _varargs_fast(entries, method)
        return Binding(pyname, pyfunc, sig, candidates, fallback, doc, prelude), group
    guarded: list[Candidate] = []
    has_out = any(p.name == "out" for p in params)
    for e in entries:
        c = _candidate(e.main, params, method, ["out is None"] if has_out else [])
        if c is None:
            break
        guarded.append(c)
        if e.out is not None:
            c = _candidate(e.out, params, method, [])
            if c is None:
                break
            guarded.append(c)
    positional = [p.name for p in params if not p.kwarg_only]
    keywords = [p.name for p in params if p.kwarg_only]
    pos = "(" + "".join(f"{n}, " for n in positional) + ")"
    kws = "{" + ", ".join(f"{n!r}: {n}" for n in keywords) + "}"
    fallback = f"{group.var}.parse({pos}, {kws})"
    prelude = KEEPDIMS_PRELUDE if "keepdims" in keywords else None
    return Binding(pyname, pyfunc, _signature(params), tuple(guarded), fallback, doc,
                   prelude), group


def bindings(spec: Spec) -> tuple[list[Binding], list[Binding], list[Group]]:
    """(module functions, Tensor methods, parser groups), in YAML order of first appearance."""
    functions: dict[str, list[Any]] = {}
    methods: dict[str, list[Any]] = {}
    for nf in spec.native:
        pyname = str(nf.func.name.name)
        if "function" in nf.variants:
            functions.setdefault(pyname, []).append(nf)
        if "method" in nf.variants and nf.func.kind() is not SchemaKind.out:
            methods.setdefault(pyname, []).append(nf)
    fb: list[Binding] = []
    mb: list[Binding] = []
    groups: list[Group] = []
    for table, out, method in ((functions, fb, False), (methods, mb, True)):
        for pyname, nfs in table.items():
            b, g = binding(pyname, nfs, method)
            out.append(b)
            groups.append(g)
    return fb, mb, groups

"""What the Python emitter needs: pure functions from the loaded spec to bindings and records.

Every decision about ``generated/ops.py``, ``registry.py`` and ``aten_lite.pyi`` is made here:
which overloads one Python name binds and in what order, the merged Python signature, the
type guard of each overload, the inlined fast path, the operator dunders, the registry data.
``emit_python`` and the templates only assemble the text.

Note [Binding tiers]
A generated binding tries its overloads in YAML order. Each overload has a *guard*, a cheap
type test per argument (``isinstance(other, _TN)``, ``alpha.__class__ in _NUM``). When it
passes, the binding calls ``handle.call(args)``; before that, an overload whose tensor
arguments are plain ``Tensor``s has an inlined *fast path*: when all of them are Tensors on
one backend key, none requires grad and no trace records, it calls ``table[key](*args)``
itself, the same decision ``OpHandle.dispatch_key`` would make. When no guard passes, the
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

    >>> from tools.codegen.model import FunctionSchema
    >>> guard(FunctionSchema.parse("f(Tensor self, Scalar alpha) -> Tensor").arguments.positional[1], "alpha", False)
    'alpha.__class__ in _NUM'
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from typing import Any, Sequence

from .formula import cpp_identifiers
from .model import Argument, BaseTy, BaseType, ListType, OptionalType, SchemaKind

# Functions whose integer form divides: a zero divisor must raise before C++ runs.
INTEGER_DIVISION_FUNCTIONS = frozenset(("floor_divide", "remainder", "trunc_divide", "fmod"))

# Python operators -> (Python name of the op they call, operands reflected, kind).
# kind: "binary" (self, other), "unary" (self), "inplace" (self, other), "bool" (binary, but
# only for bool tensors: & | ^ are logical here, there are no bitwise ops).
DUNDERS: dict[str, tuple[str, bool, str]] = {
    "__add__": ("add", False, "binary"), "__radd__": ("add", True, "binary"),
    "__iadd__": ("add_", False, "inplace"),
    "__sub__": ("sub", False, "binary"), "__rsub__": ("sub", True, "binary"),
    "__isub__": ("sub_", False, "inplace"),
    "__mul__": ("mul", False, "binary"), "__rmul__": ("mul", True, "binary"),
    "__imul__": ("mul_", False, "inplace"),
    "__truediv__": ("div", False, "binary"), "__rtruediv__": ("div", True, "binary"),
    "__itruediv__": ("div_", False, "inplace"),
    "__floordiv__": ("floor_divide", False, "binary"),
    "__rfloordiv__": ("floor_divide", True, "binary"),
    "__ifloordiv__": ("floor_divide_", False, "inplace"),
    "__mod__": ("remainder", False, "binary"), "__rmod__": ("remainder", True, "binary"),
    "__imod__": ("remainder_", False, "inplace"),
    "__pow__": ("pow", False, "binary"), "__rpow__": ("pow", True, "binary"),
    "__ipow__": ("pow_", False, "inplace"),
    "__matmul__": ("matmul", False, "binary"), "__rmatmul__": ("matmul", True, "binary"),
    "__eq__": ("eq", False, "binary"), "__ne__": ("ne", False, "binary"),
    "__lt__": ("lt", False, "binary"), "__le__": ("le", False, "binary"),
    "__gt__": ("gt", False, "binary"), "__ge__": ("ge", False, "binary"),
    "__and__": ("logical_and", False, "bool"), "__rand__": ("logical_and", True, "bool"),
    "__or__": ("logical_or", False, "bool"), "__ror__": ("logical_or", True, "bool"),
    "__xor__": ("ne", False, "bool"), "__rxor__": ("ne", True, "bool"),
    "__neg__": ("neg", False, "unary"), "__abs__": ("abs", False, "unary"),
    "__invert__": ("logical_not", False, "bool_unary"),
}

# Types the runtime's argument parser converts (aten_lite/_dispatch.py, ArgSpec).
SUPPORTED_BASES = frozenset((
    BaseTy.Tensor, BaseTy.int, BaseTy.SymInt, BaseTy.float, BaseTy.bool, BaseTy.str,
    BaseTy.Scalar, BaseTy.ScalarType, BaseTy.Layout, BaseTy.Device, BaseTy.Generator,
    BaseTy.MemoryFormat,
))


class BindingError(ValueError):
    """A schema the Python bindings cannot express; the message names the YAML line."""


# ---- registry records ----


@dataclass(frozen=True)
class Record:
    """One op overload as the runtime's OpHandle reads it (generated/registry.py)."""

    name: str  # 'add.Tensor'
    ident: str  # 'add_Tensor': the Python identifier part of generated names
    loc: str  # 'native_functions.yaml:42'
    fields: tuple[tuple[str, str], ...]  # (key, Python literal text), in a fixed order


def ident(name: str) -> str:
    return name.replace(".", "_")


def python_default(arg: Argument, where: str) -> Any:
    """The Python value of a schema default (`1`, `None`, `[0,1]`, `'mean'`, `[]`)."""
    text = arg.default
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


def _check_type(arg: Argument, where: str) -> None:
    base = arg.type.base_type().name
    if base not in SUPPORTED_BASES:
        known = ", ".join(sorted(b.value for b in SUPPORTED_BASES))
        raise BindingError(f"{where}: argument '{arg.name}' has type '{arg.type}', which the "
                           f"Python bindings do not support; use one of {known}")


def _int_division(nf) -> bool:
    if nf.elementwise is None:
        return False
    calls = {i.name for i in cpp_identifiers(nf.elementwise.expr) if i.is_call}
    return bool(calls & INTEGER_DIVISION_FUNCTIONS)


def record(nf, functional_of: dict[str, Any]) -> Record:
    """The registry record of one entry. An inherited entry (in-place/out= sibling) names its
    functional sibling and keeps no `dispatch:` of its own: the runtime derives its kernels."""
    name = str(nf.func.name)
    where = f"{nf.loc}: {name}"
    args = nf.func.arguments
    arg_rows = []
    for a in args.flat_all:
        _check_type(a, where)
        has_default = a.default is not None
        default = python_default(a, where) if has_default else None
        kwarg_only = a not in args.positional
        arg_rows.append((a.name, str(a.type), has_default, default, kwarg_only, a.is_write))
    src = functional_of.get(nf.inherits_from, nf) if nf.inherits_from else nf
    fields = (
        ("name", name),
        ("schema", str(nf.func)),
        ("loc", str(nf.loc)),
        ("kind", nf.func.kind().value),
        ("functional", nf.inherits_from),
        ("variants", tuple(sorted(nf.variants))),
        ("dispatch", {} if nf.inherits_from else dict(sorted(nf.dispatch.items()))),
        ("elementwise", src.elementwise is not None),
        ("reduction", src.reduction),
        ("dtypes", tuple(src.dtypes)),
        ("type_promotion", src.type_promotion),
        ("shape", src.shape),
        ("int_division", _int_division(src)),
        ("keeps_zero", src.keeps_zero),
        ("doc", nf.doc),
        ("tags", tuple(nf.tags)),
        ("args", tuple(arg_rows)),
        ("returns", tuple((r.name, str(r.type)) for r in nf.func.returns)),
    )
    return Record(name, ident(name), str(nf.loc), tuple((k, repr(v)) for k, v in fields))


def records(spec) -> list[Record]:
    by_name = {str(nf.func.name): nf for nf in spec.native}
    return [record(nf, by_name) for nf in spec.native]


# ---- guards (Note [Binding tiers]) ----


def guard(arg: Argument, value: str, numbers_ok: bool) -> str | None:
    """A cheap Python test that ``value`` is acceptable for ``arg`` as it is (no conversion),
    or None when only the full parser can decide."""
    t = arg.type
    optional = isinstance(t, OptionalType)
    inner = t.elem if optional else t
    test = _plain_guard(inner, value, numbers_ok)
    if test is None:
        return f"{value} is None" if optional else None
    return f"({value} is None or {test})" if optional else test


def _plain_guard(t, value: str, numbers_ok: bool) -> str | None:
    if isinstance(t, ListType):
        if t.elem.is_tensor_like():
            return f"{value}.__class__ in _SEQ"  # elements are checked by dispatch_key
        return None  # int lists: the parser converts (a lone int, tuples, lists)
    if isinstance(t, OptionalType):
        return None
    base = t.name
    if base is BaseTy.Tensor:
        return f"isinstance({value}, {'_TN' if numbers_ok else '_T'})"
    return {
        BaseTy.Scalar: f"{value}.__class__ in _NUM",
        BaseTy.int: f"{value}.__class__ is int",
        BaseTy.SymInt: f"{value}.__class__ is int",
        BaseTy.float: f"{value}.__class__ in _FLT",
        BaseTy.bool: f"{value}.__class__ is bool",
        BaseTy.str: f"{value}.__class__ is str",
        BaseTy.ScalarType: f"{value}.__class__ is _DT",
    }.get(base)


def _list_default_guard(arg: Argument, value: str) -> str | None:
    # An int list left at its default: `dim=None` or `dim=[]` passes without the parser.
    if arg.default == "None":
        return f"{value} is None"
    if arg.default == "[]":
        return f"({value}.__class__ is tuple and not {value})"
    return None


def _int_list_fast(arg: Argument, p: str) -> tuple[str, str] | None:
    """(guard, value) for an int list given as one int (``x.sum(0)``), as a tuple or list of
    ints (``x.sum((0, 1))``; ``_d.int_seq`` tests the elements), or left at its default; the
    value expression makes it the tuple the parser would have made."""
    lst = arg.type.is_list_like()
    if lst is None or not isinstance(lst.elem, BaseType) or \
            lst.elem.name not in (BaseTy.int, BaseTy.SymInt):
        return None
    tests = [f"{p}.__class__ is int"]
    if arg.type.is_nullable():
        tests.insert(0, f"{p} is None")
    if (lst.size or 1) == 1:
        # A sized list (int[2]) must have its length checked: the parser does that.
        tests.append(f"_d.int_seq({p})")
        value = f"(({p},) if {p}.__class__ is int else tuple({p}) if {p}.__class__ is list else {p})"
    else:
        if arg.default == "[]":
            tests.append(f"({p}.__class__ is tuple and not {p})")
        value = f"(({p},) * {lst.size} if {p}.__class__ is int else {p})"
    return f"({' or '.join(tests)})", value


def arg_guard(arg: Argument, value: str, numbers_ok: bool) -> str | None:
    test = guard(arg, value, numbers_ok)
    if test is None and arg.type.is_list_like() is not None and not arg.type.is_tensor_like():
        test = _list_default_guard(arg, value)
    return test


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
    inner: str | None  # guards of the tensor arguments, tested after the fast path
    handle: str  # generated name of the OpHandle
    args: str  # the schema-order argument tuple, as source text
    fast_condition: str | None  # inlined fast path: when this holds ...
    fast_call: str | None  # ... return this (the table lookup and kernel call)
    fast_bump: str | None  # in-place: whose version counter the fast path bumps


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


def table_var(name: str) -> str:
    return f"_K_{ident(name)}"


def _numbers_ok(nf) -> bool:
    return nf.elementwise is not None or "pointwise" in nf.tags


def _py_params(nf, method: bool) -> tuple[list[Argument], list[Argument]]:
    args = nf.func.arguments
    positional = list(args.positional)
    if method:
        self_arg = args.self_arg
        positional = [self_arg] + [a for a in positional if a is not self_arg]
    kw = list(args.kwarg_only) + (list(args.out) if nf.func.kind() is SchemaKind.out else [])
    return positional, kw


def _entries(nfs: Sequence[Any]) -> list[_Entry]:
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
    # `x.view(2, 3)`: a required int list last among the positionals takes varargs.
    rest = positional[1:] if method else positional
    if not rest:
        return False
    last = rest[-1]
    return (last.default is None and last.type.is_list_like() is not None
            and not last.type.is_tensor_like())


def _merge(entries: list[_Entry], method: bool) -> list[Param] | None:
    """The one Python signature every entry fits, or None when there is none."""
    shapes = [_py_params(e.main, method) for e in entries]
    longest = max((p for p, _ in shapes), key=len)
    names = [a.name for a in longest]
    for positional, _ in shapes:
        if [a.name for a in positional] != names[: len(positional)]:
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
        found = [next((a for a in p + k if a.name == name), None) for p, k in shapes]
        defaults = {a.default if a is not None else "<absent>" for a in found}
        if len(defaults) == 1 and None in defaults:
            default = None
        elif len(defaults) == 1:
            default = repr(python_default(found[0], str(entries[0].main.loc)))
        else:
            default = "_MISSING"
        params.append(Param(name, default, name in kw_names))
    if any(e.out is not None for e in entries):
        if "out" in names + kw_names:
            return None
        params.append(Param("out", "None", True))
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


def _candidate(nf, params: list[Param], method: bool, extra: list[str]) -> Candidate | None:
    """The guard and call of one overload within a merged signature; None if unguardable."""
    numbers_ok = _numbers_ok(nf)
    merged = {p.name: p for p in params}
    conditions = list(extra)
    tensor_tests = []
    values = {}
    for a in nf.func.arguments.flat_all:
        p = merged[a.name]
        value = p.name
        if p.default == "_MISSING":
            if a.default is None:
                conditions.append(f"{p.name} is not _MISSING")
            else:
                value = f"({python_default(a, str(nf.loc))!r} if {p.name} is _MISSING else {p.name})"
        fast_list = _int_list_fast(a, value) if value == p.name else None
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
    for p in params:
        if p.name not in values and p.name != "out":
            conditions.insert(0, f"{p.name} is _MISSING")
    order = [values[a.name] for a in nf.func.arguments.flat_all]
    args = "(" + ", ".join(order) + ("," if len(order) == 1 else "") + ")"
    fast = _fast_path(nf, values, "self" if method else None)
    return Candidate(str(nf.func.name), " and ".join(conditions) or None,
                     " and ".join(tensor_tests) or None, handle_var(str(nf.func.name)),
                     args, *fast)


def _fast_path(nf, values: dict[str, str], known_tensor: str | None):
    """Note [Binding tiers]: the inlined dispatch, for plain-Tensor ops with one result."""
    kind = nf.func.kind()
    tensors = [a for a in nf.func.arguments.flat_all if a.type.is_tensor_like()]
    returns = nf.func.returns
    if kind is SchemaKind.out or kind is SchemaKind.mutable or not tensors or len(tensors) > 3:
        return None, None, None
    if any(str(a.type) != "Tensor" for a in tensors) or len(returns) != 1 or returns[0].name:
        return None, None, None
    names = [values[a.name] for a in tensors]
    # The class tests make the fast path imply the tensor guards it runs before.
    tests = ["_d.fast"] + [f"{v}.__class__ is _T" for v in names if v != known_tensor]
    first = names[0]
    tests += [f"{first}._key is {v}._key" for v in names[1:]]
    grads = " or ".join(f"{v}._requires_grad" for v in names)
    tests.append(f"not ({grads})" if len(names) > 1 else f"not {grads}")
    args = ", ".join(values[a.name] for a in nf.func.arguments.flat_all)
    call = f"{table_var(str(nf.func.name))}[{first}._key]({args})"
    bump = values["self"] if kind is SchemaKind.inplace else None
    return " and ".join(tests), call, bump


def _varargs_fast(entries: list[_Entry], method: bool) -> tuple[str | None, tuple]:
    """The guarded path of a varargs-size method (``x.view(2, 3)``, ``x.expand(n, -1)``):
    one overload whose only positional after `self` is the int list and whose other arguments
    are keyword-only with defaults. ``_d.varargs_ints`` reads the sizes as the parser would
    (varargs, one tuple or list) when they are plain ints and no keyword is given; anything
    else goes to the parser."""
    if not method or len(entries) != 1 or entries[0].out is not None:
        return None, ()
    nf = entries[0].main
    positional, kw = _py_params(nf, method)
    if len(positional) != 2 or not _varargs(positional, method) or \
            any(a.default is None for a in kw):
        return None, ()
    sizes = positional[1]
    values = {"self": "self", sizes.name: sizes.name}
    for a in kw:
        values[a.name] = repr(python_default(a, str(nf.loc)))
    order = [values[a.name] for a in nf.func.arguments.flat_all]
    fast = _fast_path(nf, values, "self")
    candidate = Candidate(str(nf.func.name), f"{sizes.name} is not None", None,
                          handle_var(str(nf.func.name)), "(" + ", ".join(order) + ")", *fast)
    prelude = f"{sizes.name} = None if kwargs else _d.varargs_ints(args)"
    return prelude, (candidate,)


def _group_var(pyname: str, method: bool) -> str:
    return f"_G{'M' if method else ''}_{pyname}"


def _doc(nfs) -> str:
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
    entries = _entries(nfs)
    params = _merge(entries, method)
    doc = _doc(nfs)
    if params is None:
        sig = "self, *args, **kwargs" if method else "*args, **kwargs"
        fallback = f"{group.var}.parse(({'self, ' if method else ''}*args,), kwargs)"
        prelude, candidates = _varargs_fast(entries, method)
        return Binding(pyname, pyfunc, sig, candidates, fallback, doc, prelude), group
    candidates = []
    has_out = any(p.name == "out" for p in params)
    for e in entries:
        c = _candidate(e.main, params, method, ["out is None"] if has_out else [])
        if c is None:
            break
        candidates.append(c)
        if e.out is not None:
            c = _candidate(e.out, params, method, [])
            if c is None:
                break
            candidates.append(c)
    positional = [p.name for p in params if not p.kwarg_only]
    keywords = [p.name for p in params if p.kwarg_only]
    pos = "(" + "".join(f"{n}, " for n in positional) + ")"
    kws = "{" + ", ".join(f"{n!r}: {n}" for n in keywords) + "}"
    fallback = f"{group.var}.parse({pos}, {kws})"
    return Binding(pyname, pyfunc, _signature(params), tuple(candidates), fallback, doc), group


def bindings(spec) -> tuple[list[Binding], list[Binding], list[Group]]:
    """(module functions, Tensor methods, parser groups), in YAML order of first appearance."""
    functions: dict[str, list[Any]] = {}
    methods: dict[str, list[Any]] = {}
    for nf in spec.native:
        pyname = str(nf.func.name.name)
        if "function" in nf.variants:
            functions.setdefault(pyname, []).append(nf)
        if "method" in nf.variants and nf.func.kind() is not SchemaKind.out:
            methods.setdefault(pyname, []).append(nf)
    fb, mb, groups = [], [], []
    for table, out, method in ((functions, fb, False), (methods, mb, True)):
        for pyname, nfs in table.items():
            b, g = binding(pyname, nfs, method)
            out.append(b)
            groups.append(g)
    return fb, mb, groups


# ---- operators ----


def _operator_target(nfs: list[Any], n_tensors: int) -> Any | None:
    """The first overload an operator can call with `n_tensors` operands and defaults."""
    for nf in nfs:
        args = nf.func.arguments
        if nf.func.kind() is SchemaKind.out:
            continue
        positional = [a for a in args.positional if a.default is None]
        rest = [a for a in args.flat_all if a not in positional]
        if (len(positional) == n_tensors and all(str(a.type) == "Tensor" for a in positional)
                and all(a.default is not None for a in rest)):
            return nf
    return None


def dunder(name: str, spec_by_base: dict[str, list[Any]]) -> Binding | None:
    """The Tensor operator `name` (Note [Binding tiers]); None when its op is not declared."""
    target, reflected, kind = DUNDERS[name]
    unary = kind in ("unary", "bool_unary")
    nf = _operator_target(spec_by_base.get(target, []), 1 if unary else 2)
    if nf is None:
        return None
    args = nf.func.arguments.flat_all
    operands = ["self"] if unary else (["other", "self"] if reflected else ["self", "other"])
    values = {}
    for a in args:
        values[a.name] = operands.pop(0) if a.default is None else repr(
            python_default(a, str(nf.loc)))
    numbers_ok = _numbers_ok(nf)
    outer = None
    inner = None if unary else f"isinstance(other, {'_TN' if numbers_ok else '_T'})"
    if kind == "bool":
        outer = "self._dtype is _BOOL"
        inner = "(other.__class__ is bool or (isinstance(other, _T) and other._dtype is _BOOL))"
    elif kind == "bool_unary":
        outer = "self._dtype is _BOOL"
    order = [values[a.name] for a in args]
    call_args = "(" + ", ".join(order) + ("," if len(order) == 1 else "") + ")"
    fast = _fast_path(nf, values, "self")
    if kind == "bool" and fast[0] is not None:
        fast = (fast[0] + " and other._dtype is _BOOL", *fast[1:])
    candidate = Candidate(str(nf.func.name), outer, inner, handle_var(str(nf.func.name)),
                          call_args, *fast)
    if kind in ("bool", "bool_unary"):
        fallback = f"_d.bool_operator_error({name!r}, self{'' if unary else ', other'})"
    else:
        fallback = "NotImplemented"
    sig = "self" if unary else "self, other"
    doc = f"Python operator for {target}: {nf.func}"
    return Binding(name, f"_op{name}", sig, (candidate,), fallback, doc)


def dunders(spec) -> list[Binding]:
    by_base: dict[str, list[Any]] = {}
    for nf in spec.native:
        by_base.setdefault(str(nf.func.name.name), []).append(nf)
    found = [dunder(name, by_base) for name in DUNDERS]
    return [b for b in found if b is not None]


# ---- the .pyi stub ----


@dataclass(frozen=True)
class Stub:
    """One `def` line of generated/aten_lite.pyi."""

    name: str
    params: str  # annotated parameter list
    returns: str  # return annotation
    overload: bool  # decorated with @overload (the name has several)


_PY_TYPES = {
    BaseTy.Tensor: "Tensor", BaseTy.int: "int", BaseTy.SymInt: "int", BaseTy.float: "float",
    BaseTy.bool: "bool", BaseTy.str: "str", BaseTy.Scalar: "Number", BaseTy.ScalarType: "DType",
    BaseTy.Layout: "Layout", BaseTy.Device: "Device | str", BaseTy.Generator: "Any",
    BaseTy.MemoryFormat: "Any",
}


def py_type(t, numbers_ok: bool = False) -> str:
    """The annotation of a schema type: `int[1]?` -> `int | Sequence[int] | None`."""
    if isinstance(t, OptionalType):
        return f"{py_type(t.elem, numbers_ok)} | None"
    if isinstance(t, ListType):
        elem = py_type(t.elem)
        if t.elem.is_tensor_like():
            return f"Sequence[{elem}]"
        return f"{elem} | Sequence[{elem}]"
    if t.name is BaseTy.Tensor and numbers_ok:
        return "Tensor | Number"
    return _PY_TYPES.get(t.name, "Any")


def _stub_returns(nf) -> str:
    rets = [f"list[{py_type(r.type.elem)}]" if isinstance(r.type, ListType) else py_type(r.type)
            for r in nf.func.returns]
    if not rets:
        return "None"
    return rets[0] if len(rets) == 1 else f"tuple[{', '.join(rets)}]"


def _stub(nf, method: bool, with_out: bool, overload: bool) -> Stub:
    positional, kw = _py_params(nf, method)
    numbers_ok = _numbers_ok(nf)
    parts = []
    for a in positional:
        if method and a is positional[0]:
            parts.append("self")
            continue
        ann = py_type(a.type, numbers_ok and not a.is_write)
        parts.append(f"{a.name}: {ann}" + (" = ..." if a.default is not None else ""))
    if kw or with_out:
        parts.append("*")
    for a in kw:
        ann = py_type(a.type, numbers_ok and not a.is_write)
        parts.append(f"{a.name}: {ann}" + (" = ..." if a.default is not None else ""))
    if with_out:
        parts.append("out: Tensor | None = ...")
    name = str(nf.func.name.name)
    return Stub(name, ", ".join(parts), _stub_returns(nf), overload)


def stubs(spec) -> tuple[list[Stub], list[Stub], list[Stub]]:
    """(module functions, Tensor methods, Tensor operators) for the .pyi."""
    functions: dict[str, list[Any]] = {}
    methods: dict[str, list[Any]] = {}
    for nf in spec.native:
        pyname = str(nf.func.name.name)
        if "function" in nf.variants:
            functions.setdefault(pyname, []).append(nf)
        if "method" in nf.variants and nf.func.kind() is not SchemaKind.out:
            methods.setdefault(pyname, []).append(nf)
    result: tuple[list[Stub], list[Stub]] = ([], [])
    for table, out, method in ((functions, result[0], False), (methods, result[1], True)):
        for pyname, nfs in table.items():
            if pyname.startswith("_"):
                continue
            entries = _entries(nfs)
            for e in entries:
                out.append(_stub(e.main, method, e.out is not None, len(entries) > 1))
    ops = []
    for b in dunders(spec):
        unary = b.signature == "self"
        other = "" if unary else ", other: Tensor | Number"
        ops.append(Stub(b.name, f"self{other}", "Tensor", False))
    return result[0], result[1], ops

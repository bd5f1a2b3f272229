"""What ``generated/registry.py`` needs: one record per op overload, as the runtime's
OpHandle reads it (its schema, kernels, dtypes, argument table).

    >>> [r.name for r in records(spec)][:2]  # doctest: +SKIP
    ['neg', 'neg_']
"""

from __future__ import annotations

import dataclasses
import keyword
from dataclasses import dataclass
from typing import Any

from .api_python import BINDING_GLOBALS, BINDING_PREFIXES, BindingError, ident, python_default
from .model import Argument, BaseTy
from .runtime_data import record_module
from .spec import NativeFunction, Spec, SpecError

RECORD_CLASS = "OpRecord"  # of aten_lite/vocab/registry_record.py (Note [Registry records])


# Types the runtime's argument parser converts (aten_lite/dispatch/binding.py, ArgSpec).
SUPPORTED_BASES = frozenset((
    BaseTy.Tensor, BaseTy.int, BaseTy.SymInt, BaseTy.float, BaseTy.bool, BaseTy.str,
    BaseTy.Scalar, BaseTy.ScalarType, BaseTy.Layout, BaseTy.Device, BaseTy.Generator,
    BaseTy.MemoryFormat,
))


@dataclass(frozen=True)
class Record:
    """One op overload as the runtime's OpHandle reads it (generated/registry.py)."""

    name: str  # 'add.Tensor'
    ident: str  # 'add_Tensor': the Python identifier part of generated names
    loc: str  # 'native_functions.yaml:42'
    # (field, Python literal text), in OpRecord's field order: the keyword arguments of the
    # record's constructor call in generated/registry.py.
    fields: tuple[tuple[str, str], ...]


class RecordMismatch(SpecError):
    """The generator's facts and OpRecord's fields differ: the same for every entry, so it is
    reported once, at the first entry, not collected per entry."""


def _check_type(arg: Argument, where: str) -> None:
    base = arg.type.base_type().name
    if base not in SUPPORTED_BASES:
        known = ", ".join(sorted(b.value for b in SUPPORTED_BASES))
        raise BindingError(f"{where}: argument '{arg.name}' has type '{arg.type}', which the "
                           f"Python bindings do not support; use one of {known}")


def _check_names(nf: NativeFunction, where: str) -> None:
    """The op and its arguments become Python names of generated/ops.py (Note [Binding
    tiers] in api_python.py), so none may be a keyword or a name that module defines itself."""
    base = nf.func.name.name.base
    if keyword.iskeyword(base):
        raise BindingError(f"{where}: the op name '{base}' is a Python keyword, so no Python "
                           "function can have it; rename the op")
    for a in nf.func.arguments.flat_all:
        if keyword.iskeyword(a.name):
            raise BindingError(f"{where}: argument name '{a.name}' is a Python keyword, so no "
                               "Python parameter can have it; rename the argument")
        if a.name in BINDING_GLOBALS or a.name.startswith(BINDING_PREFIXES):
            raise BindingError(f"{where}: argument name '{a.name}' would hide a name of "
                               "generated/ops.py that the binding reads; rename the argument")


def _check_default_order(positional: tuple[Argument, ...], where: str) -> None:
    """A Python signature cannot put a required positional argument after a defaulted one."""
    defaulted = None
    for a in positional:
        if a.default is not None:
            defaulted = defaulted or a
        elif defaulted is not None:
            raise BindingError(f"{where}: positional argument '{a.name}' has no default but "
                               f"follows '{defaulted.name}', which has one, and Python cannot "
                               f"bind that; give '{a.name}' a default, or move it before "
                               f"'{defaulted.name}' or after '*'")


def _int_check(nf: NativeFunction) -> str | None:
    """The integer operand check the YAML declares (Note [Integer operand checks] in vocab.py)."""
    return nf.int_operand


def record(nf: NativeFunction, functional_of: dict[str, NativeFunction]) -> Record:
    """The registry record of one entry. An inherited entry (in-place/out= sibling) names its
    functional sibling and keeps no `dispatch:` of its own: the runtime derives its kernels."""
    name = str(nf.func.name)
    where = f"{nf.loc}: {name}"
    args = nf.func.arguments
    arg_rows = []
    _check_names(nf, where)
    _check_default_order(args.positional, where)
    for a in args.flat_all:
        _check_type(a, where)
        has_default = a.default is not None
        default = python_default(a, where) if has_default else None
        kwarg_only = a not in args.positional
        arg_rows.append((a.name, str(a.type), has_default, default, kwarg_only, a.is_write))
    src = functional_of.get(nf.inherits_from, nf) if nf.inherits_from else nf
    facts: dict[str, Any] = {
        "name": name,
        "schema": str(nf.func),
        "loc": str(nf.loc),
        "kind": nf.func.kind().value,
        "functional": nf.inherits_from,
        "variants": tuple(sorted(nf.variants)),
        "dispatch": {} if nf.inherits_from else dict(sorted(nf.dispatch.items())),
        "elementwise": src.elementwise is not None,
        "reduction": src.reduction,
        "dtypes": tuple(src.dtypes),
        "type_promotion": src.type_promotion,
        "shape": src.shape,
        "int_check": _int_check(src),
        "keeps_zero": src.keeps_zero,
        "doc": nf.doc,
        "tags": tuple(nf.tags),
        "args": tuple(arg_rows),
        "returns": tuple((r.name, str(r.type)) for r in nf.func.returns),
    }
    made = make_record(facts, where)
    fields = tuple((f.name, repr(getattr(made, f.name))) for f in dataclasses.fields(made))
    return Record(name, ident(name), str(nf.loc), fields)


def make_record(facts: dict[str, Any], where: str) -> Any:
    """``OpRecord(**facts)``, refusing facts that are not exactly its fields (Note [Registry
    records]): a record the runtime would read differently is a generator error, reported
    before any file is written."""
    cls = getattr(record_module(), RECORD_CLASS)
    declared = [f.name for f in dataclasses.fields(cls)]
    missing = [k for k in declared if k not in facts]
    unknown = [k for k in facts if k not in declared]
    if missing or unknown:
        what = "; ".join(
            part for part in (f"missing field(s) {', '.join(missing)}" if missing else "",
                              f"unknown field(s) {', '.join(unknown)}" if unknown else "")
            if part)
        raise RecordMismatch([f"{where}: the registry record does not match {RECORD_CLASS} of "
                         f"aten_lite/vocab/registry_record.py: {what}; declare a field there and "
                         f"fill it in tools/codegen/api_registry.py, both or neither"])
    return cls(**facts)


def records(spec: Spec) -> list[Record]:
    """One record per entry; raises one SpecError naming every entry the bindings cannot take."""
    by_name = {str(nf.func.name): nf for nf in spec.native}
    out: list[Record] = []
    problems: list[str] = []
    for nf in spec.native:
        try:
            out.append(record(nf, by_name))
        except RecordMismatch:
            raise
        except SpecError as exc:
            problems.extend(exc.messages)
    if problems:
        raise SpecError(problems)
    return out

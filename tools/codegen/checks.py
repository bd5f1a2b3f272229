"""Rules that span entries: duplicates, in-place/out= siblings, derivatives vs. declarations.

Single-entry rules live next to the data in ``load_native.py`` and ``load_derivatives.py``; everything here compares two or more
entries, so each message names both places (``also at native_functions.yaml:42``).

Note [Sibling inheritance]
An in-place (``neg_``) or out= (``neg.out``) entry usually says only ``func:`` and ``variants:``.
It takes its kernel (``elementwise:``/``reduction:``/``dispatch:``), dtypes, shape rule, type
promotion and ``keeps_zero`` from the functional entry with the same ``FunctionSchema.signature()``
and records that entry's name in ``NativeFunction.inherits_from``; the runtime then runs the
functional kernel and writes the result into ``self``/``out``. An entry with its own kernel key
stands alone (``copy_`` needs no functional twin). Functional and mutable entries must have a
kernel of their own. An in-place entry without ``variants:`` also takes its sibling's variants,
so ``x.relu_()`` exists whenever ``x.relu()`` does (out= entries stay functions: Python spells
them ``al.relu(x, out=y)``).
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Iterable, Mapping

from .suggest import did_you_mean
from .model import FunctionSchema, SchemaKind

if TYPE_CHECKING:
    from .spec import Derivative, Location, NativeFunction

# Keys that give an entry its own kernel; an entry with none of them inherits one.
KERNEL_KEYS = ("elementwise", "reduction", "dispatch")
# Keys that describe the kernel, so they belong with it and are inherited with it.
KERNEL_DETAIL_KEYS = ("dtypes", "shape", "type_promotion", "keeps_zero")

_KIND_WORDS = {SchemaKind.functional: "functional", SchemaKind.inplace: "in-place",
               SchemaKind.out: "out=", SchemaKind.mutable: "mutable"}


class Problems:
    """Collects ``FILE:LINE: OP: what is wrong; what to do`` messages of one run."""

    def __init__(self) -> None:
        self._items: list[tuple[str, int, str]] = []

    def add(self, loc: Location, op: str | None, text: str) -> None:
        """Record one problem; ``op`` is None for file-level ones (YAML syntax)."""
        where = f"{loc}: {op}" if op is not None else str(loc)
        self._items.append((loc.file, loc.line, f"{where}: {text}"))

    def __bool__(self) -> bool:
        return bool(self._items)

    def messages(self) -> list[str]:
        """Each file's messages in line order, files in the order they were first reported."""
        rank: dict[str, int] = {}
        for file, _, _ in self._items:
            rank.setdefault(file, len(rank))
        ordered = sorted(self._items, key=lambda item: (rank[item[0]], item[1]))
        return [text for _, _, text in ordered]


@dataclasses.dataclass(frozen=True)
class Written:
    """One loaded native entry plus what its YAML spelled out (needed to inherit correctly)."""

    nf: NativeFunction
    key_lines: Mapping[str, int]  # the keys written in the entry -> their lines
    broken: bool  # the entry already has an error; skip rules that would only repeat it


def check_native(entries: list[Written], problems: Problems) -> tuple[NativeFunction, ...]:
    """Reject duplicate names, fill in-place/out= entries from their functional sibling."""
    _check_duplicate_names(entries, problems)
    _check_cpp_names(entries, problems)
    groups: dict[FunctionSchema, dict[SchemaKind, Written]] = {}
    for entry in entries:
        _add_to_group(groups.setdefault(entry.nf.func.signature(), {}), entry, problems)
    resolved = {id(e): e.nf for e in entries}
    for signature, kinds in groups.items():
        functional = kinds.get(SchemaKind.functional)
        for kind, entry in kinds.items():
            resolved[id(entry)] = _resolve(entry, kind, functional, signature, problems)
    return tuple(resolved[id(e)] for e in entries)


def _check_duplicate_names(entries: list[Written], problems: Problems) -> None:
    first: dict[str, Written] = {}
    for entry in entries:
        name = str(entry.nf.func.name)
        if name in first:
            problems.add(entry.nf.loc, name, f"declared twice (also at {first[name].nf.loc}); "
                         "give each overload its own name, or delete one")
        else:
            first[name] = entry


def _check_cpp_names(entries: list[Written], problems: Problems) -> None:
    """A `cpp:` kernel is registered in C++ under its own name and written to
    generated/csrc/<name>.cpp: neither may be taken by another `cpp:` or by an op's
    generated kernel (which uses the op's full name, dots as underscores, for its file)."""
    taken: dict[str, NativeFunction] = {}
    for entry in entries:
        nf = entry.nf
        if nf.elementwise is not None or nf.reduction is not None:
            taken.setdefault(str(nf.func.name).replace(".", "_"), nf)
    for entry in entries:
        nf = entry.nf
        if nf.cpp is None or entry.broken:  # a broken entry's error is reported already
            continue
        other = taken.get(nf.cpp)
        if other is not None:
            what = "'cpp:' kernel" if other.cpp == nf.cpp else "generated kernel"
            problems.add(nf.loc.at(entry.key_lines.get("cpp", nf.loc.line)), str(nf.func.name),
                         f"'cpp: {nf.cpp}' is also the name of the {what} of {other.func.name} "
                         f"({other.loc}); give one C++ kernel another name")
        else:
            taken[nf.cpp] = nf


def _add_to_group(kinds: dict[SchemaKind, Written], entry: Written, problems: Problems) -> None:
    kind = entry.nf.func.kind()
    other = kinds.get(kind)
    if other is None:
        kinds[kind] = entry
        return
    if other.broken and not entry.broken:
        kinds[kind] = entry
    if entry.broken or other.broken or entry.nf.func.name == other.nf.func.name:
        return  # already reported (duplicate names are reported above)
    problems.add(entry.nf.loc, str(entry.nf.func.name),
                 f"same signature as {other.nf.func.name} ({other.nf.loc}): both are "
                 f"{_KIND_WORDS[kind]} variants of '{entry.nf.func.signature()}'; "
                 "change the arguments of one, or delete one")


def _resolve(entry: Written, kind: SchemaKind, functional: Written | None,
             signature: FunctionSchema, problems: Problems) -> NativeFunction:
    nf = entry.nf
    op = str(nf.func.name)
    if kind is SchemaKind.inplace and functional is not None and "variants" not in entry.key_lines:
        nf = dataclasses.replace(nf, variants=functional.nf.variants)
    has_kernel = any(k in entry.key_lines for k in KERNEL_KEYS)
    if has_kernel or entry.broken:
        return nf
    if kind in (SchemaKind.functional, SchemaKind.mutable):
        problems.add(nf.loc, op, "has no kernel; add 'elementwise:' (a C++ expression), "
                     "'reduction:' or 'dispatch:' naming its kernels")
        return nf
    if functional is None:
        problems.add(nf.loc, op, "has no kernel and no functional sibling to take one from; "
                     f"declare '- func: {signature}' with its kernel, or give this entry "
                     "a 'dispatch:'")
        return nf
    source = functional.nf
    for key in KERNEL_DETAIL_KEYS:
        if key in entry.key_lines:
            problems.add(nf.loc.at(entry.key_lines[key]), op,
                         f"'{key}:' has no effect here: this entry takes its kernel and "
                         f"{key} from {source.func.name} ({source.loc}); move it there")
    return dataclasses.replace(
        nf, dispatch=dict(source.dispatch), elementwise=source.elementwise,
        reduction=source.reduction, dtypes=source.dtypes, shape=source.shape,
        type_promotion=source.type_promotion, keeps_zero=source.keeps_zero,
        inherits_from=str(source.func.name))


def check_derivatives(derivatives: Iterable[Derivative], native: Iterable[NativeFunction],
                      problems: Problems) -> None:
    """Each derivative names a declared schema exactly, and at most once."""
    by_name = {str(nf.func.name): nf for nf in native}
    schemas = {str(nf.func) for nf in by_name.values()}
    seen: dict[str, Derivative] = {}
    for d in derivatives:
        name, text = str(d.func.name), str(d.func)
        if text in seen:
            problems.add(d.loc, name, f"derivative declared twice (also at {seen[text].loc}); "
                         "keep one")
            continue
        seen[text] = d
        if text in schemas:
            continue
        declared = by_name.get(name)
        if declared is not None:
            problems.add(d.loc, name, f"schema differs from the declaration at "
                         f"{declared.loc} '{declared.func}'; copy the schema from there")
            continue
        close = did_you_mean(name, by_name)
        todo = f"did you mean '{close}'?" if close else "declare the op in native_functions.yaml"
        problems.add(d.loc, name, f"derivative for an op that native_functions.yaml does not "
                     f"declare; {todo}")

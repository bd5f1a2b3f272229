"""Reading one YAML file's entries: the top-level list, the schema key that names each entry,
and the key reader that reports ``FILE:LINE: OP: ...`` (the message form ``load.py``
describes). Shared by ``load_native`` (native_functions.yaml) and ``load_derivatives``.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping, Union

from . import manifest
from .checks import Problems
from .manifest import ManifestError
from .suggest import did_you_mean
from .model import FunctionSchema, SchemaError
from .spec import Location
from .yaml_hints import indentation_hint
from .yaml_lines import KeyReader, YamlSyntaxError, YList, YMap, describe, read_yaml

PathLike = Union[str, "os.PathLike[str]"]


@dataclass(frozen=True)
class Runtime:
    """Names the YAML may refer to in the runtime, from its manifest (Note [The runtime
    manifest] in aten_lite/vocab/manifest.py); None means "do not check"."""

    shape_rules: frozenset[str] | None  # functions of aten_lite/rules/shapes/
    helpers: frozenset[str] | None  # helpers of aten_lite/autograd/formulas.py
    headers: frozenset[str] | None = None  # stems of aten_lite/csrc/*.h, for `cpp:`
    # dispatch key -> functions of aten_lite/backends/<module>.py, for `dispatch:` kernel names
    kernels: Mapping[str, frozenset[str]] | None = None
    # Attributes the runtime's Tensor class has by hand, for `x.method()` in derivative
    # formulas and for `method` ops that would replace one.
    tensor_attrs: frozenset[str] | None = None
    namespace: frozenset[str] | None = None  # names aten_lite defines by hand
    helper_params: Mapping[str, str] = field(default_factory=dict)  # helper -> '(a, b=1)'

    @staticmethod
    def read(root: PathLike | None, problems: Problems) -> Runtime:
        if root is None:
            return Runtime(None, None)
        pkg = Path(root) / "aten_lite"
        headers = frozenset(h.stem for h in (pkg / "csrc").glob("*.h"))
        try:
            m = manifest.read(Path(root))
        except ManifestError as exc:
            problems.add(Location(exc.file, exc.line), None, exc.text)
            m = None
        if m is None:
            return Runtime(None, None, headers)
        return Runtime(m.shape_rules, frozenset(m.helpers) if m.helpers is not None else None,
                       headers, m.kernels, m.tensor_attrs, m.namespace, m.helpers or {})


@dataclass(frozen=True)
class Context:
    """What reading one file needs: its name for messages, the sink, and known names."""

    file: str
    problems: Problems
    runtime: Runtime
    op_names: frozenset[str]  # base names of declared ops, for derivative formulas
    method_names: frozenset[str] = frozenset()  # Tensor methods the bindings generate

    def at(self, line: int) -> Location:
        return Location(self.file, line)


def read_entries(path: PathLike, ctx: Context, read_entry: Any) -> list[Any] | None:
    """Apply ``read_entry(item, line, index, ctx)`` to each item of the file's top-level list;
    None (with the problem reported) when the file is not a readable list of entries."""
    try:
        doc = read_yaml(path)
    except YamlSyntaxError as exc:
        ctx.problems.add(ctx.at(exc.line), None, _syntax_message(path, exc))
        return None
    except OSError as exc:
        ctx.problems.add(ctx.at(1), None, f"cannot read {os.fspath(path)}: {exc.strerror}")
        return None
    if doc is None:  # an empty file declares nothing
        return []
    if not isinstance(doc, YList):
        line = doc.line if isinstance(doc, YMap) else 1
        ctx.problems.add(ctx.at(line), None, f"expected a list of entries, found "
                         f"{describe(doc)}; start each entry with '- '")
        return None
    return [read_entry(item, line, i, ctx)
            for i, (item, line) in enumerate(zip(doc, doc.item_lines), start=1)]


# `key: value` on one line, the value unquoted: the shape of the usual YAML mistake below.
_PLAIN_VALUE = re.compile(r"^\s*(?:-\s+)?(?P<key>\w+):\s+(?P<value>[^'\"\s].*?)\s*$")


def _syntax_message(path: PathLike, exc: YamlSyntaxError) -> str:
    """The YAML error, made specific for the common case: an unquoted value with ': ' in it
    (``elementwise: self > 0 ? self : 0``, ``doc: Note: ...``), which YAML reads as a key."""
    if exc.advice is not None:  # a file we refuse, not a slip of syntax
        return f"{exc.problem}; {exc.advice}"
    try:
        lines = Path(path).read_text(encoding="utf-8").splitlines()
        line = lines[exc.line - 1]
    except (OSError, IndexError, UnicodeDecodeError):
        lines, line = [], ""
    plain = _PLAIN_VALUE.match(line)
    if plain and ": " in plain["value"] and exc.problem.startswith("mapping values are not"):
        key, value = plain["key"], plain["value"]
        quoted = "'" + value.replace("'", "''") + "'"
        return (f"invalid YAML: the value of '{key}:' contains ': ', which YAML reads as "
                f"another key (column {exc.column}); quote the value: {key}: {quoted}")
    indentation = indentation_hint(lines, exc.line, exc.problem)
    if indentation is not None:
        return f"invalid YAML: {exc.problem} (column {exc.column}); {indentation}"
    return (f"invalid YAML: {exc.problem} (column {exc.column}); fix the syntax, quoting "
            "values that contain ': ' or start with a special character")


def not_a_mapping(item: Any, loc: Location, index: int, first_key: str, ctx: Context) -> None:
    ctx.problems.add(loc, f"entry {index}", f"expected a mapping, found {describe(item)}; "
                     f"write '- {first_key}: <schema>' with the entry's keys under it")


def read_schema(item: YMap, key: str, loc: Location, index: int,
                ctx: Context) -> tuple[FunctionSchema | None, str]:
    """Parse ``item[key]``; return (schema or None, the OP text for messages)."""
    func, op = _parse_schema(item, key, loc, index, ctx)
    for line, text in item.problems:  # repeated keys: reported here so every reader does
        ctx.problems.add(ctx.at(line), op, f"{text}; keep one")
    return func, op


def _parse_schema(item: YMap, key: str, loc: Location, index: int,
                  ctx: Context) -> tuple[FunctionSchema | None, str]:
    raw = item.get(key)
    if key not in item:
        ctx.problems.add(loc, f"entry {index}", f"missing '{key}:'; start each entry with "
                         f"'- {key}: <schema>'")
        return None, f"entry {index}"
    if not isinstance(raw, str):
        ctx.problems.add(loc, f"entry {index}", f"'{key}:' must be a schema, found "
                         f"{describe(raw)}; write e.g. '{key}: relu(Tensor self) -> Tensor'")
        return None, f"entry {index}"
    try:
        func = FunctionSchema.parse(raw)
    except SchemaError as exc:
        ctx.problems.add(loc, raw, str(exc))
        return None, raw
    return func, str(func.name)


class Keys(KeyReader):
    """A KeyReader for one entry, reporting as ``FILE:LINE: OP: ...``."""

    def __init__(self, data: YMap, loc: Location, op: str, ctx: Context, schema_key: str):
        super().__init__(data, lambda line, text: ctx.problems.add(loc.at(line), op, text))
        self.loc = loc  # the entry's first line
        self.op = op
        self.ctx = ctx
        self.taken.add(schema_key)  # `read_schema` has read it

    def reject_leftovers(self, allowed: tuple[str, ...]) -> None:
        for key in self.leftovers():
            self.error(key, f"unknown key '{key}'; allowed: {', '.join(allowed)}")


def unknown(what: str, name: str, candidates: Any, otherwise: str, preferred: Any = ()) -> str:
    """``what; did you mean 'x'?`` when a candidate is close (``preferred`` ones first, see
    suggest.py), else ``what; otherwise``."""
    close = did_you_mean(name, candidates, preferred)
    return f"{what}; did you mean '{close}'?" if close else f"{what}; {otherwise}"

"""Load native_functions.yaml and derivatives.yaml into the checked spec the emitters read.

    >>> spec = load("native_functions.yaml", "derivatives.yaml", runtime_root=".")  # doctest: +SKIP
    >>> [str(nf.func.name) for nf in spec.native][:2]                              # doctest: +SKIP
    ['neg', 'neg_']

Every problem becomes one message ``FILE:LINE: OP: what is wrong; what to do`` (LINE is the
offending key's line, or the entry's first line for entry-level problems; OP the op's full
name, or the raw schema text when it does not parse). All messages of a run are collected and
raised together as one ``SpecError``. Each entry is read as "consume, then reject leftovers":
every known key is taken with a type check, and whatever is left is an unknown key. Rules about
one entry are here; rules across entries are in ``checks.py``.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Union

from . import vocab
from .checks import Problems, Written, check_derivatives, check_native
from .formula import (ExpressionError, cpp_identifiers, did_you_mean, module_names,
                      python_free_names)
from .model import FunctionSchema, SchemaError, SchemaKind
from .yaml_lines import KeyReader, YamlSyntaxError, YList, YMap, describe, read_yaml

PathLike = Union[str, "os.PathLike[str]"]

NATIVE_KEYS = ("func", "variants", "dispatch", "elementwise", "reduction", "cpp", "dtypes",
               "shape", "type_promotion", "keeps_zero", "doc", "tags")
# Any other key of a derivatives.yaml entry names the input(s) its formula differentiates.
DERIVATIVE_KEYS = ("name", "output_differentiability", "non_differentiable", "result")


@dataclass(frozen=True)
class Location:
    """Where something was written: ``native_functions.yaml:42``."""

    file: str  # base name of the YAML file, as messages show it
    line: int  # 1-based

    def at(self, line: int) -> Location:
        return Location(self.file, line)

    def __str__(self) -> str:
        return f"{self.file}:{self.line}"


class SpecError(Exception):
    """Everything wrong with the YAML files, one ``FILE:LINE: OP: ...`` message per line."""

    def __init__(self, messages: list[str]) -> None:
        self.messages = tuple(messages)  # in file order, then line order
        super().__init__("\n".join(self.messages))


@dataclass(frozen=True)
class Elementwise:
    """An ``elementwise:`` C++ scalar expression and where it was written (for ``#line``)."""

    expr: str  # the expression over the op's argument names, as written
    loc: Location  # the `elementwise:` key's line


@dataclass(frozen=True)
class NativeFunction:
    """One checked entry of native_functions.yaml (see Note [Sibling inheritance], checks.py)."""

    func: FunctionSchema  # the declared schema
    loc: Location  # the entry's `- func:` line
    variants: frozenset[str]  # {'function'}, {'method'} or both: which Python bindings exist
    dispatch: dict[str, str]  # dispatch key -> kernel function name in aten_lite/backends/
    elementwise: Elementwise | None  # generated CPU/Meta kernels from a C++ expression
    reduction: str | None  # generated reduction kernel, one of vocab.REDUCERS
    dtypes: tuple[str, ...]  # dtypes the kernel covers, expanded from a group, in DTYPES order
    shape: str | None  # name of the shape rule in aten_lite/shape_rules.py
    type_promotion: str  # one of vocab.TYPE_PROMOTION_KINDS
    keeps_zero: bool  # f(0) == 0, so the sparse layout can apply the op to stored values only
    doc: str  # the docstring of the Python binding
    tags: tuple[str, ...]  # free-form labels
    inherits_from: str | None = None  # functional op whose kernel an in-place/out= entry uses
    # A hand-written C++ kernel template aten_lite/csrc/<cpp>.h that gets a generated
    # dtype-switched entry over `dtypes:` (Note [Custom kernels] in aten_lite/csrc/kernel_api.h).
    cpp: str | None = None


@dataclass(frozen=True)
class Formula:
    """One backward formula of derivatives.yaml."""

    inputs: tuple[str, ...]  # the inputs it gives gradients for (a tuple when several)
    expr: str  # the Python expression, as written
    loc: Location  # its key's line
    names: frozenset[str]  # free names it reads: decides what the backward node saves


@dataclass(frozen=True)
class Derivative:
    """One checked entry of derivatives.yaml."""

    func: FunctionSchema  # the schema it differentiates, equal to a native_functions.yaml one
    loc: Location  # the entry's `- name:` line
    formulas: tuple[Formula, ...]  # in the written order
    output_differentiability: tuple[bool, ...] | None  # one flag per return, when given
    non_differentiable: tuple[str, ...]  # inputs that never get a gradient
    result_formula: str | None  # forward-mode formula (`result:`), kept for later use


@dataclass(frozen=True)
class Spec:
    """The whole checked specification, in file order."""

    native: tuple[NativeFunction, ...]
    derivatives: tuple[Derivative, ...]


@dataclass(frozen=True)
class NativeEntry:
    """A native_functions.yaml entry with only its schema checked (see load_native_entries)."""

    func: FunctionSchema
    loc: Location
    data: YMap  # the entry's keys as written, with their lines


def load(native_path: PathLike, derivatives_path: PathLike,
         runtime_root: PathLike | None = None) -> Spec:
    """Load and check both files; raise SpecError listing every problem found.

    ``runtime_root`` is the checkout holding ``aten_lite/``: shape rule names are checked
    against ``aten_lite/shape_rules.py`` and formula names against the helpers in
    ``aten_lite/autograd/formulas.py``. Without it those two checks are skipped.
    """
    problems = Problems()
    runtime = _Runtime.read(runtime_root, problems)
    ctx = _Context(Path(native_path).name, problems, runtime, frozenset())
    written = [w for w in _entries(native_path, ctx, _native_entry) if w is not None]
    native = check_native(written, problems)
    op_names = frozenset(w.nf.func.name.name.base for w in written)
    ctx = _Context(Path(derivatives_path).name, problems, runtime, op_names)
    derivatives = tuple(d for d in _entries(derivatives_path, ctx, _derivative_entry) if d)
    check_derivatives(derivatives, native, problems)
    if problems:
        raise SpecError(problems.messages())
    return Spec(native, derivatives)


def load_native_entries(path: PathLike) -> tuple[NativeEntry, ...]:
    """Read a native_functions.yaml and parse every schema, without our vocabulary rules.

    For foreign files (PyTorch's own, with keys we do not know) and the load benchmark. Raises
    SpecError for YAML errors, entries that are not mappings and schemas that do not parse.
    """
    ctx = _Context(Path(path).name, Problems(), _Runtime(None, None), frozenset())

    def entry(item: Any, line: int, index: int, ctx: _Context) -> NativeEntry | None:
        if not isinstance(item, YMap):
            _not_a_mapping(item, ctx.at(line), index, "func", ctx)
            return None
        func, _ = _schema(item, "func", ctx.at(line), index, ctx)
        return None if func is None else NativeEntry(func, ctx.at(line), item)

    entries = tuple(e for e in _entries(path, ctx, entry) if e is not None)
    if ctx.problems:
        raise SpecError(ctx.problems.messages())
    return entries


# ---- shared reading machinery ----


@dataclass(frozen=True)
class _Runtime:
    """Names the YAML may refer to in the runtime's sources; None means "do not check"."""

    shape_rules: frozenset[str] | None  # top-level names of aten_lite/shape_rules(.py)
    helpers: frozenset[str] | None  # top-level names of aten_lite/autograd/formulas.py
    headers: frozenset[str] | None = None  # stems of aten_lite/csrc/*.h, for `cpp:`

    @staticmethod
    def read(root: PathLike | None, problems: Problems) -> _Runtime:
        if root is None:
            return _Runtime(None, None)
        pkg = Path(root) / "aten_lite"
        return _Runtime(_names(pkg / "shape_rules", problems),
                        _names(pkg / "autograd" / "formulas", problems),
                        frozenset(h.stem for h in (pkg / "csrc").glob("*.h")))


def _names(module: Path, problems: Problems) -> frozenset[str]:
    try:
        return module_names(module)
    except SyntaxError as exc:
        problems.add(Location(Path(exc.filename or module).name, exc.lineno or 1), None,
                     f"cannot read the names it defines: {exc.msg}; fix the Python syntax")
        return frozenset()


@dataclass(frozen=True)
class _Context:
    """What reading one file needs: its name for messages, the sink, and known names."""

    file: str
    problems: Problems
    runtime: _Runtime
    op_names: frozenset[str]  # base names of declared ops, for derivative formulas

    def at(self, line: int) -> Location:
        return Location(self.file, line)


def _entries(path: PathLike, ctx: _Context, read_entry: Any) -> list[Any]:
    """Apply ``read_entry(item, line, index, ctx)`` to each item of the file's top-level list."""
    try:
        doc = read_yaml(path)
    except YamlSyntaxError as exc:
        ctx.problems.add(ctx.at(exc.line), None, f"invalid YAML: {exc.problem} (column "
                         f"{exc.column}); fix the syntax, quoting values that contain ': ' "
                         "or start with a special character")
        return []
    except OSError as exc:
        ctx.problems.add(ctx.at(1), None, f"cannot read {os.fspath(path)}: {exc.strerror}")
        return []
    if doc is None:  # an empty file declares nothing
        return []
    if not isinstance(doc, YList):
        line = doc.line if isinstance(doc, YMap) else 1
        ctx.problems.add(ctx.at(line), None, f"expected a list of entries, found "
                         f"{describe(doc)}; start each entry with '- '")
        return []
    return [read_entry(item, line, i, ctx)
            for i, (item, line) in enumerate(zip(doc, doc.item_lines), start=1)]


def _not_a_mapping(item: Any, loc: Location, index: int, first_key: str, ctx: _Context) -> None:
    ctx.problems.add(loc, f"entry {index}", f"expected a mapping, found {describe(item)}; "
                     f"write '- {first_key}: <schema>' with the entry's keys under it")


def _schema(item: YMap, key: str, loc: Location, index: int,
            ctx: _Context) -> tuple[FunctionSchema | None, str]:
    """Parse ``item[key]``; return (schema or None, the OP text for messages)."""
    func, op = _parse_schema(item, key, loc, index, ctx)
    for line, text in item.problems:  # repeated keys: reported here so every reader does
        ctx.problems.add(ctx.at(line), op, f"{text}; keep one")
    return func, op


def _parse_schema(item: YMap, key: str, loc: Location, index: int,
                  ctx: _Context) -> tuple[FunctionSchema | None, str]:
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


class _Keys(KeyReader):
    """A KeyReader for one entry, reporting as ``FILE:LINE: OP: ...``."""

    def __init__(self, data: YMap, loc: Location, op: str, ctx: _Context, schema_key: str):
        super().__init__(data, lambda line, text: ctx.problems.add(loc.at(line), op, text))
        self.loc = loc  # the entry's first line
        self.op = op
        self.ctx = ctx
        self.taken.add(schema_key)  # `_schema` has read it

    def reject_leftovers(self, allowed: tuple[str, ...]) -> None:
        for key in self.leftovers():
            self.error(key, f"unknown key '{key}'; allowed: {', '.join(allowed)}")


# ---- native_functions.yaml entries ----


def _native_entry(item: Any, line: int, index: int, ctx: _Context) -> Written | None:
    if not isinstance(item, YMap):
        _not_a_mapping(item, ctx.at(line), index, "func", ctx)
        return None
    loc = ctx.at(line)
    func, op = _schema(item, "func", loc, index, ctx)
    keys = _Keys(item, loc, op, ctx, "func")
    variants = _variants(keys, func)
    dispatch = _dispatch(keys)
    elementwise = _elementwise(keys, func)
    reduction = keys.take("reduction", (str,), "the name of a reducer")
    if reduction is not None and reduction not in vocab.REDUCERS:
        keys.error("reduction", f"unknown reduction '{reduction}'; known: "
                   f"{', '.join(vocab.REDUCERS)}")
    cpp = _cpp(keys)
    generated = elementwise is not None or "reduction" in item or cpp is not None
    # Only a functional entry may generate a kernel (else one error says so, not two).
    functional = func is None or func.kind() is SchemaKind.functional
    dtypes = _dtypes(keys, required=generated and functional)
    shape = _shape(keys)
    promotion = keys.take("type_promotion", (str,), "a type promotion kind", "default")
    if promotion not in vocab.TYPE_PROMOTION_KINDS:
        keys.error("type_promotion", f"unknown type_promotion '{promotion}'; known: "
                   f"{', '.join(vocab.TYPE_PROMOTION_KINDS)}")
    keeps_zero = keys.take("keeps_zero", (bool,), "true or false", False)
    doc = keys.take("doc", (str,), "text", "")
    tags = keys.take_texts("tags", "a label or a list of labels")
    keys.reject_leftovers(NATIVE_KEYS)
    if func is None:
        return None
    _check_kind(keys, func)
    _check_kernel_keys(keys, func)
    nf = NativeFunction(func, loc, variants, dispatch, elementwise, reduction, dtypes, shape,
                        promotion, keeps_zero, doc, tags, cpp=cpp)
    return Written(nf, item.key_lines, keys.failed)


def _variants(keys: _Keys, func: FunctionSchema | None) -> frozenset[str]:
    raw = keys.take("variants", (str,), "'function', 'method' or 'function, method'",
                    "function")
    variants = [v.strip() for v in raw.split(",")]
    for v in variants:
        if v not in vocab.VARIANTS:
            keys.error("variants", f"unknown variant '{v}'; known: {', '.join(vocab.VARIANTS)}")
    if "method" in variants and func is not None:
        self_arg = func.arguments.self_arg
        if self_arg is None:
            keys.error("variants", "variant 'method' needs an argument named 'self'; name the "
                       "receiving tensor 'self', or drop 'method'")
        elif not self_arg.type.is_tensor_like() or self_arg.type.is_list_like():
            keys.error("variants", f"variant 'method' needs 'self' to be a Tensor, not "
                       f"'{self_arg.type}'; drop 'method'")
    return frozenset(v for v in variants if v in vocab.VARIANTS)


def _dispatch(keys: _Keys) -> dict[str, str]:
    table = keys.take("dispatch", (dict,), "a mapping from dispatch key to kernel name, e.g. "
                      "'dispatch: {CPU: relu_cpu}'", {})
    out: dict[str, str] = {}
    if not table:
        return out
    for line, text in table.problems:
        keys.error(line, f"dispatch: {text}; keep one")
    for written, kernel in table.items():
        line = table.key_lines[written]
        for key in (k.strip() for k in written.split(",")):  # `CPU, Meta: kernel` is allowed
            if key not in vocab.DISPATCH_KEYS:
                keys.error(line, f"unknown dispatch key '{key}'; known: "
                           f"{', '.join(vocab.DISPATCH_KEYS)}")
            elif key in out:
                keys.error(line, f"dispatch key '{key}' is given twice; keep one kernel per key")
            elif not isinstance(kernel, str) or not kernel.isidentifier():
                keys.error(line, f"dispatch kernel for '{key}' must be a Python function name; "
                           f"found {describe(kernel)}")
            else:
                out[key] = kernel
    return out


def _elementwise(keys: _Keys, func: FunctionSchema | None) -> Elementwise | None:
    expr = keys.take("elementwise", (str,), "a C++ expression (in quotes if it contains ': ')")
    if expr is None:
        return None
    result = Elementwise(expr, keys.loc.at(keys.line("elementwise")))
    try:
        identifiers = cpp_identifiers(expr)
    except ExpressionError as exc:
        keys.error("elementwise", f"'elementwise:' is not one C++ expression: {exc.problem} at "
                   f"column {exc.column} of '{expr.strip()}'; write a single expression over "
                   "the op's arguments")
        return result
    if func is None:
        return result
    args = {a.name: a for a in func.arguments.positional + func.arguments.kwarg_only}
    usable = [n for n, a in args.items() if str(a.type) in vocab.ELEMENTWISE_ARG_TYPES]
    for ident in {(i.name, i.is_call): i for i in identifiers}.values():
        name = ident.name
        if ident.is_call:
            if name not in vocab.ELEMENTWISE_FUNCTIONS:
                keys.error("elementwise", _unknown(
                    f"'elementwise:' calls unknown function '{name}'", name,
                    vocab.ELEMENTWISE_FUNCTIONS,
                    f"available: {', '.join(vocab.ELEMENTWISE_FUNCTIONS)}"))
        elif name in args and name not in usable:
            keys.error("elementwise", f"'elementwise:' uses '{name}', of type "
                       f"'{args[name].type}'; only {', '.join(vocab.ELEMENTWISE_ARG_TYPES)} "
                       "arguments can appear in an elementwise expression")
        elif name not in usable and name not in ("true", "false"):
            keys.error("elementwise", _unknown(
                f"'elementwise:' uses unknown name '{name}'", name, usable,
                f"use the op's arguments ({', '.join(usable)}) or true/false"))
    return result


def _cpp(keys: _Keys) -> str | None:
    """`cpp: sparse_mm`: the kernel template aten_lite/csrc/sparse_mm.h (struct
    al::sparse_mm::Kernel), registered in C++ as 'sparse_mm'."""
    name = keys.take("cpp", (str,), "the name of a kernel header in aten_lite/csrc, e.g. "
                     "'cpp: sparse_mm' for sparse_mm.h")
    if name is None:
        return None
    headers = keys.ctx.runtime.headers
    if not name.isidentifier():
        keys.error("cpp", f"'cpp: {name}' must be a C++ identifier (the header's stem and "
                   "namespace), e.g. 'cpp: sparse_mm'")
    elif headers is not None and name not in headers:
        keys.error("cpp", _unknown(f"no kernel header 'aten_lite/csrc/{name}.h'", name, headers,
                                   f"write it, defining struct al::{name}::Kernel"))
    return name


def _unknown(what: str, name: str, candidates: Any, otherwise: str) -> str:
    """``what; did you mean 'x'?`` when a candidate is close, else ``what; otherwise``."""
    close = did_you_mean(name, candidates)
    return f"{what}; did you mean '{close}'?" if close else f"{what}; {otherwise}"


def _dtypes(keys: _Keys, required: bool) -> tuple[str, ...]:
    default = vocab.DTYPE_GROUPS["all_and_bool"]
    raw = keys.take("dtypes", (str, list), "a dtype group or a list of dtypes")
    groups = ", ".join(vocab.DTYPE_GROUPS)
    if raw is None:
        if required and "dtypes" not in keys.data:
            keys.error(keys.loc.line, "missing 'dtypes:'; say which dtypes the generated kernel "
                       f"covers: a group ({groups}) or a list, e.g. [float32, float64]")
        return default
    if isinstance(raw, str):
        if raw in vocab.DTYPE_GROUPS:
            return vocab.DTYPE_GROUPS[raw]
        if raw in vocab.DTYPES:
            return (raw,)
        keys.error("dtypes", f"unknown dtype group '{raw}'; known groups: {groups}; or list "
                   "dtypes, e.g. [float32, float64]")
        return default
    chosen: set[str] = set()
    for item, line in zip(raw, raw.item_lines):
        if not isinstance(item, str) or item not in vocab.DTYPES:
            shown = f"'{item}'" if isinstance(item, str) else describe(item)
            keys.error(line, f"unknown dtype {shown}; known: {', '.join(vocab.DTYPES)}")
        elif item in chosen:
            keys.error(line, f"dtype '{item}' is listed twice; list it once")
        else:
            chosen.add(item)
    if not raw:
        keys.error("dtypes", f"'dtypes:' lists no dtype; name a group ({groups}) or dtypes")
    # Canonical order: the generated dtype switch and `show` output do not depend on spelling.
    return tuple(d for d in vocab.DTYPES if d in chosen) or default


def _shape(keys: _Keys) -> str | None:
    shape = keys.take("shape", (str,), "the name of a shape rule")
    rules = keys.ctx.runtime.shape_rules
    if shape is not None and rules is not None and shape not in rules:
        keys.error("shape", _unknown(f"unknown shape rule '{shape}'", shape, rules,
                                     f"define 'def {shape}(...)' in aten_lite/shape_rules.py"))
    return shape


def _check_kind(keys: _Keys, func: FunctionSchema) -> None:
    """In-place ops write their first argument; out= overloads have out arguments."""
    if func.kind() is SchemaKind.inplace:
        first = func.arguments.positional[0] if func.arguments.positional else None
        if first is None or str(first.type) != "Tensor" or not first.is_write:
            found = f"'{first}'" if first is not None else "no argument"
            keys.error(keys.loc.line, f"an in-place op's first argument must be 'Tensor(a!)'; "
                       f"found {found}; write e.g. 'Tensor(a!) self'")
    overload = func.name.overload_name
    if (overload == "out" or overload.endswith("_out")) and not func.arguments.out:
        keys.error(keys.loc.line, "out= overload has no out argument; add a keyword-only "
                   "'Tensor(a!) out' after '*'")


def _check_kernel_keys(keys: _Keys, func: FunctionSchema) -> None:
    """Which kernel keys may be combined, and on which kind of entry."""
    if "cpp" in keys.data and func.kind() is not SchemaKind.functional:
        keys.error("cpp", "'cpp:' belongs on a functional op; its C++ kernel serves the "
                   "in-place and out= variants through their functional sibling")
    if "cpp" in keys.data and "dispatch" not in keys.data:
        keys.error("cpp", "'cpp:' names a C++ kernel that a Python kernel calls; add the "
                   "'dispatch:' entry naming that kernel")
    generated = [k for k in ("elementwise", "reduction") if k in keys.data]
    if len(generated) == 2:
        keys.error("reduction", "an entry has 'elementwise:' or 'reduction:', not both; "
                   "keep one")
    if generated and func.kind() is not SchemaKind.functional:
        keys.error(generated[0], f"'{generated[0]}:' belongs on the functional op "
                   f"'{func.signature()}'; in-place and out= entries inherit it")
    table = keys.data.get("dispatch")
    if generated and isinstance(table, YMap):
        for key in table:
            if key.strip() != "SparseCPU":
                keys.error(table.key_lines[key], f"dispatch key '{key}' "
                           f"clashes with '{generated[0]}:', which generates the CPU and Meta "
                           "kernels; remove it (only SparseCPU may be added)")
    if "elementwise" in keys.data and "shape" in keys.data:
        keys.error("shape", "'shape:' does not apply to elementwise ops, whose output shape "
                   "is the broadcast of the inputs; remove it")


# ---- derivatives.yaml entries ----


def _derivative_entry(item: Any, line: int, index: int, ctx: _Context) -> Derivative | None:
    if not isinstance(item, YMap):
        _not_a_mapping(item, ctx.at(line), index, "name", ctx)
        return None
    loc = ctx.at(line)
    func, op = _schema(item, "name", loc, index, ctx)
    keys = _Keys(item, loc, op, ctx, "name")
    args = {a.name: a for a in func.arguments.flat_all} if func is not None else None
    out_diff = _output_differentiability(keys, func)
    non_diff = keys.take_texts("non_differentiable", "an argument name or a list of them")
    for name in non_diff:
        if args is not None and name not in args:
            keys.error("non_differentiable", _unknown(
                f"non_differentiable names '{name}', which is not an argument", name, args,
                f"arguments: {', '.join(args)}"))
    result = keys.take("result", (str,), "a Python expression (forward-mode formula)")
    if result is not None:
        try:
            python_free_names(result)
        except ExpressionError as exc:
            keys.error("result", _bad_python("'result:'", result, exc))
    formulas = _formulas(keys, func, set(non_diff))
    if func is None:
        return None
    return Derivative(func, loc, formulas, out_diff, non_diff, result)


def _output_differentiability(keys: _Keys, func: FunctionSchema | None) -> tuple[bool, ...] | None:
    flags = keys.take("output_differentiability", (list,), "a list of True/False, one per return")
    if flags is None:
        return None
    if not all(isinstance(f, bool) for f in flags):
        keys.error("output_differentiability", "'output_differentiability:' items must be "
                   "True or False")
        return None
    if func is not None and len(flags) != len(func.returns):
        n = len(func.returns)
        keys.error("output_differentiability", f"'output_differentiability:' has "
                   f"{len(flags)} flags but the op returns {n} value{'s' if n != 1 else ''}; "
                   "give one True/False per return")
    return tuple(flags)


def _formulas(keys: _Keys, func: FunctionSchema | None, non_diff: set[str]) -> tuple[Formula, ...]:
    args = {a.name: a for a in func.arguments.flat_all} if func is not None else {}
    names = _formula_names(keys.ctx, func) if func is not None else None
    given: dict[str, int] = {}
    formulas = []
    for key in [k for k in keys.data if k not in DERIVATIVE_KEYS]:
        keys.taken.add(key)
        inputs = tuple(part.strip() for part in key.split(","))
        line = keys.data.key_lines[key]
        if func is not None and not _check_inputs(keys, key, inputs, args, given, non_diff):
            continue
        expr = keys.data[key]
        if not isinstance(expr, str):
            keys.error(key, f"formula for '{key}' must be a Python expression; found "
                       f"{describe(expr)}")
            continue
        try:
            free = python_free_names(expr)
        except ExpressionError as exc:
            keys.error(key, _bad_python(f"formula for '{key}'", expr, exc))
            continue
        for name in free if names is not None else ():
            if name not in names:
                keys.error(key, _unknown(
                    f"formula for '{key}' uses unknown name '{name}'", name, names,
                    f"use grad, grads, result, the op's arguments ({', '.join(args)}), "
                    "aten_lite ops, or a helper defined in aten_lite/autograd/formulas.py"))
        formulas.append(Formula(inputs, expr, keys.loc.at(line), frozenset(free)))
    return tuple(formulas)


def _check_inputs(keys: _Keys, key: str, inputs: tuple[str, ...], args: dict[str, Any],
                  given: dict[str, int], non_diff: set[str]) -> bool:
    """The inputs a formula key names exist, are Tensors, and get only this formula."""
    ok = True
    for name in inputs:
        arg = args.get(name)
        if arg is None:
            keys.error(key, _unknown(
                f"formula for '{name}', which is not an argument of {keys.op}", name,
                [*args, *DERIVATIVE_KEYS], f"arguments: {', '.join(args)}"))
        elif not arg.type.is_tensor_like():
            keys.error(key, f"formula for '{name}', which is '{arg.type}', not a Tensor; only "
                       "Tensor arguments have gradients; remove the formula")
        elif name in given:
            keys.error(key, f"'{name}' already has a formula on line {given[name]}; keep one")
        elif name in non_diff:
            keys.error(key, f"'{name}' has a formula but is listed in non_differentiable; "
                       "remove one of the two")
        else:
            given[name] = keys.data.key_lines[key]
            continue
        ok = False
    return ok


def _formula_names(ctx: _Context, func: FunctionSchema) -> frozenset[str] | None:
    """Every name a formula of ``func`` may read, or None when helpers are unknown."""
    helpers = ctx.runtime.helpers
    if helpers is None:
        return None
    results = [f"result{i}" for i in range(len(func.returns))]
    results += [r.name for r in func.returns if r.name]
    return frozenset(["grad", "grads", "result", *results, *vocab.FORMULA_BUILTINS,
                      *(a.name for a in func.arguments.flat_all), *ctx.op_names, *helpers])


def _bad_python(what: str, expr: str, exc: ExpressionError) -> str:
    return (f"{what} is not valid Python: {exc.problem} at column {exc.column} of "
            f"'{expr.strip()}'; write one Python expression")

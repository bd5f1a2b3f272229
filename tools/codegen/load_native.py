"""Read one native_functions.yaml entry: "consume, then reject leftovers", with the rules
about one entry (the rules across entries are in ``checks.py``).
"""

from __future__ import annotations

import dataclasses
from typing import Any

from . import vocab
from .checks import Written
from .formula import ExpressionError, cpp_identifiers
from .load_entries import Context, Keys, not_a_mapping, read_schema, unknown
from .manifest import MANIFEST_HINT
from .model import Argument, FunctionSchema, Return, SchemaKind
from .spec import Elementwise, NativeFunction
from .yaml_lines import YMap, describe

NATIVE_KEYS = ("func", "variants", "dispatch", "elementwise", "reduction", "cpp", "dtypes",
               "shape", "type_promotion", "keeps_zero", "domain", "int_operand", "doc", "tags")


def native_entry(item: Any, line: int, index: int, ctx: Context) -> Written | None:
    if not isinstance(item, YMap):
        not_a_mapping(item, ctx.at(line), index, "func", ctx)
        return None
    loc = ctx.at(line)
    func, op = read_schema(item, "func", loc, index, ctx)
    keys = Keys(item, loc, op, ctx, "func")
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
    domain = keys.take("domain", (str,), "where the op is smooth", "any")
    if domain not in vocab.DOMAINS:
        keys.error("domain", unknown(f"unknown domain '{domain}'", domain, vocab.DOMAINS,
                                     f"known: {', '.join(vocab.DOMAINS)}"))
    int_operand = _int_operand(keys, elementwise)
    doc = keys.take("doc", (str,), "text", "")
    tags = keys.take_texts("tags", "a label or a list of labels")
    keys.reject_leftovers(NATIVE_KEYS)
    if func is None:
        return None
    _check_kind(keys, func)
    _check_kernel_keys(keys, func)
    if keeps_zero:
        _check_keeps_zero(keys, func)
    nf = NativeFunction(func, loc, variants, dispatch, elementwise, reduction, dtypes, shape,
                        promotion, keeps_zero, doc, tags, cpp=cpp, domain=domain,
                        int_operand=int_operand)
    return Written(nf, item.key_lines, keys.failed)


def _variants(keys: Keys, func: FunctionSchema | None) -> frozenset[str]:
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


def _dispatch(keys: Keys) -> dict[str, str]:
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
                _check_kernel_name(keys, line, key, kernel)
    return out


# Where a missing `dispatch:` kernel goes (Note [One backend, one package] in
# aten_lite/backends/__init__.py); an op library's loader says its kernels.py instead.
KERNEL_HOME_HINT = ("define it in the module of its op family there and list it in that "
                    "module's __all__")


def _check_kernel_name(keys: Keys, line: int, key: str, kernel: str) -> None:
    """A `dispatch:` kernel is one the backend's package registers (as its manifest says)."""
    kernels = keys.ctx.runtime.kernels
    known = kernels.get(key, frozenset()) if kernels is not None else None
    if known is None or kernel in known:
        return
    package = f"aten_lite/backends/{vocab.BACKEND_MODULES[key]}/"
    keys.error(line, unknown(f"dispatch {key} kernel '{kernel}' is not defined in {package}",
                             kernel, known, f"{KERNEL_HOME_HINT}, then {MANIFEST_HINT}"))


def _elementwise(keys: Keys, func: FunctionSchema | None) -> Elementwise | None:
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
                keys.error("elementwise", unknown(
                    f"'elementwise:' calls unknown function '{name}'", name,
                    vocab.ELEMENTWISE_FUNCTIONS,
                    f"available: {', '.join(vocab.ELEMENTWISE_FUNCTIONS)}"))
        elif name in args and name not in usable:
            keys.error("elementwise", f"'elementwise:' uses '{name}', of type "
                       f"'{args[name].type}'; only {', '.join(vocab.ELEMENTWISE_ARG_TYPES)} "
                       "arguments can appear in an elementwise expression")
        elif name not in usable and name not in ("true", "false"):
            keys.error("elementwise", unknown(
                f"'elementwise:' uses unknown name '{name}'", name, usable,
                f"use the op's arguments ({', '.join(usable)}) or true/false"))
    return result


def _cpp(keys: Keys) -> str | None:
    """`cpp: sparse_mm`: the kernel template aten_lite/csrc/sparse_mm.h (struct
    al::sparse_mm::Kernel), registered in C++ as 'sparse_mm'."""
    name: str | None = keys.take("cpp", (str,), "the name of a kernel header in aten_lite/csrc, e.g. "
                     "'cpp: sparse_mm' for sparse_mm.h")
    if name is None:
        return None
    headers = keys.ctx.runtime.headers
    if not name.isidentifier():
        keys.error("cpp", f"'cpp: {name}' must be a C++ identifier (the header's stem and "
                   "namespace), e.g. 'cpp: sparse_mm'")
    elif headers is not None and name not in headers:
        keys.error("cpp", unknown(f"no kernel header 'aten_lite/csrc/{name}.h'", name, headers,
                                  f"write it, defining struct al::{name}::Kernel"))
    return name


def _dtypes(keys: Keys, required: bool) -> tuple[str, ...]:
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


def _shape(keys: Keys) -> str | None:
    shape: str | None = keys.take("shape", (str,), "the name of a shape rule")
    rules = keys.ctx.runtime.shape_rules
    if shape is not None and rules is not None and shape not in rules:
        keys.error("shape", unknown(f"unknown shape rule '{shape}'", shape, rules,
                                    f"define 'def {shape}(...)' in a module of aten_lite/rules/shapes/ "
                                    f"and import it in its __init__.py, then {MANIFEST_HINT}"))
    return shape


def _check_kind(keys: Keys, func: FunctionSchema) -> None:
    """In-place ops write their first argument; out= overloads have out arguments."""
    if func.kind() is SchemaKind.inplace:
        first = func.arguments.positional[0] if func.arguments.positional else None
        if first is None or str(first.type) != "Tensor" or not first.is_write:
            found = f"'{first}'" if first is not None else "no argument"
            keys.error(keys.loc.line, f"an in-place op's first argument must be 'Tensor(a!)'; "
                       f"found {found}; write e.g. 'Tensor(a!) self'")
        else:
            _check_returns_written(keys, func, [first], "an in-place op returns its first "
                                   "argument")
    if func.kind() is SchemaKind.out:
        _check_returns_written(keys, func, list(func.arguments.out), "an out= op returns its "
                               "out arguments")
    overload = func.name.overload_name
    if (overload == "out" or overload.endswith("_out")) and not func.arguments.out:
        keys.error(keys.loc.line, "out= overload has no out argument; add a keyword-only "
                   "'Tensor(a!) out' after '*'")


def _check_returns_written(keys: Keys, func: FunctionSchema, written: list[Argument],
                           what: str) -> None:
    """Each written argument comes back as a return with its alias (``Tensor(a!)``): without
    it, the entry's signature gains an extra return and matches no functional sibling."""
    returned = {r.annotation for r in func.returns if r.annotation is not None}
    if all(a.annotation in returned for a in written):
        return
    fixed = dataclasses.replace(func, returns=tuple(Return(None, a.type, a.annotation)
                                                    for a in written))
    keys.error(keys.loc.line, f"{what}, with the same alias; found '-> "
               f"{_returns_text(func)}'; write '{fixed}'")


def _returns_text(func: FunctionSchema) -> str:
    text = str(func)
    return text[text.rindex(" -> ") + 4:]


def _int_operand(keys: Keys, elementwise: Elementwise | None) -> str | None:
    """`int_operand:` (Note [Integer operand checks] in vocab.py): a known check, on an
    `elementwise:` op, and the one its expression's functions need."""
    check: str | None = keys.take("int_operand", (str,), "an integer operand check", None)
    if check is not None and check not in vocab.INT_OPERAND_CHECKS:
        keys.error("int_operand", f"unknown int_operand '{check}'; known: "
                   f"{', '.join(vocab.INT_OPERAND_CHECKS)}")
        return None
    if elementwise is None:
        if check is not None:
            keys.error("int_operand", "'int_operand:' applies to 'elementwise:' ops (the "
                       "generated kernel runs the check); remove it")
        return None
    try:
        calls = sorted({i.name for i in cpp_identifiers(elementwise.expr) if i.is_call})
    except ExpressionError:
        return check  # the expression's own error is reported at its line already
    needed = {(c, vocab.INT_OPERAND_NEEDED[c]) for c in calls if c in vocab.INT_OPERAND_NEEDED}
    kinds = {k for _, k in needed}
    if len(kinds) > 1:
        keys.error("elementwise", f"'elementwise:' mixes functions whose integer operands need "
                   f"different checks ({', '.join(c for c, _ in sorted(needed))}); split it "
                   "into two ops")
    elif kinds and check not in kinds:
        fn, kind = sorted(needed)[0]
        keys.error("int_operand" if check else "elementwise",
                   f"'elementwise:' calls '{fn}', which has no integer result for some "
                   f"operands; declare 'int_operand: {kind}' so the runtime checks them")
    return check


def _check_keeps_zero(keys: Keys, func: FunctionSchema) -> None:
    """``keeps_zero: true`` gives an `elementwise:` op of one tensor a sparse kernel that maps
    the stored values (backends/sparse/elementwise.py); anywhere else it would be silently
    ignored."""
    if func.kind() is not SchemaKind.functional:
        return  # checks.py reports it on an in-place or out= entry, which inherits it
    tensors = [a.name for a in func.arguments.flat_all
               if a.type.is_tensor_like() and not a.is_write]
    if "elementwise" not in keys.data:
        keys.error("keeps_zero", "'keeps_zero: true' gives an 'elementwise:' op a sparse "
                   "kernel for free, and this op has no 'elementwise:'; remove it, or name its "
                   "sparse kernel under 'dispatch: SparseCPU:'")
    elif len(tensors) != 1:
        keys.error("keeps_zero", f"'keeps_zero: true' gives an 'elementwise:' op of one tensor "
                   f"a sparse kernel for free, and this op takes {len(tensors)} tensors "
                   f"({', '.join(tensors)}); remove it, or name its sparse kernel under "
                   "'dispatch: SparseCPU:'")


def _check_kernel_keys(keys: Keys, func: FunctionSchema) -> None:
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

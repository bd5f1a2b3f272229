"""Read one derivatives.yaml entry: its schema, the backward formulas (parsed with ``ast``,
so unknown names get a "did you mean") and the flags beside them.
"""

from __future__ import annotations

from typing import Any

from . import vocab
from .formula import ExpressionError, python_free_names
from .formula_language import ALLOWED, attributes, check_language
from .load_entries import Context, Keys, not_a_mapping, read_schema, unknown
from .model import FunctionSchema
from .spec import Derivative, Formula
from .yaml_lines import YMap, describe

# Any other key of a derivatives.yaml entry names the input(s) its formula differentiates.
DERIVATIVE_KEYS = ("name", "output_differentiability", "non_differentiable", "result")


def derivative_entry(item: Any, line: int, index: int, ctx: Context) -> Derivative | None:
    if not isinstance(item, YMap):
        not_a_mapping(item, ctx.at(line), index, "name", ctx)
        return None
    loc = ctx.at(line)
    func, op = read_schema(item, "name", loc, index, ctx)
    keys = Keys(item, loc, op, ctx, "name")
    args = {a.name: a for a in func.arguments.flat_all} if func is not None else None
    out_diff = _output_differentiability(keys, func)
    non_diff = keys.take_texts("non_differentiable", "an argument name or a list of them")
    for name in non_diff:
        if args is not None and name not in args:
            keys.error("non_differentiable", unknown(
                f"non_differentiable names '{name}', which is not an argument", name, args,
                f"arguments: {', '.join(args)}"))
    result = keys.take("result", (str,), "a Python expression (forward-mode formula)")
    result_loc = None if result is None else loc.at(item.key_lines["result"])
    if result is not None and _in_language(keys, "result", "'result:'", result):
        _check_attributes(keys, "result", "'result:'", result)
        if func is not None:
            _check_result_names(keys, func, result)
    formulas = _formulas(keys, func, set(non_diff))
    if func is None:
        return None
    return Derivative(func, loc, formulas, out_diff, non_diff, result, result_loc)


def _check_result_names(keys: Keys, func: FunctionSchema, expr: str) -> None:
    """A forward formula reads the tangents ``<arg>_t`` of Tensor arguments, the results and
    the arguments (Note [Forward rules] in api_forward.py), never ``grad``; ``auto_linear`` and
    ``auto_element_wise`` ask the generator to derive the rule."""
    if expr.strip() in vocab.FORWARD_AUTO:
        return
    names = _formula_names(keys.ctx, func)
    if names is None:
        return
    tangents = [f"{a.name}_t" for a in func.arguments.flat_all if a.type.is_tensor_like()]
    allowed = (names - {"grad", "grads"}) | set(tangents)
    for name in python_free_names(expr):
        if name not in allowed:
            keys.error("result", unknown(
                f"'result:' uses unknown name '{name}'", name, allowed,
                f"a forward formula reads the input tangents ({', '.join(tangents) or 'none'}), "
                f"result, the op's arguments, aten_lite ops and helpers, or is one of "
                f"{', '.join(vocab.FORWARD_AUTO)}", preferred=[*tangents, "result"]))


def _output_differentiability(keys: Keys, func: FunctionSchema | None) -> tuple[bool, ...] | None:
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


def _formulas(keys: Keys, func: FunctionSchema | None, non_diff: set[str]) -> tuple[Formula, ...]:
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
        if not _in_language(keys, key, f"formula for '{key}'", expr):
            continue
        free = python_free_names(expr)
        for name in free:
            if names is not None and name not in names:
                keys.error(key, unknown(
                    f"formula for '{key}' uses unknown name '{name}'", name, names,
                    f"use grad, grads, result, the op's arguments ({', '.join(args)}), "
                    "aten_lite ops, or a helper defined in aten_lite/autograd/formulas.py and "
                    "listed in aten_lite/vocab/manifest.py",
                    preferred=["grad", "grads", "result", *args]))
        _check_attributes(keys, key, f"formula for '{key}'", expr)
        formulas.append(Formula(inputs, expr, keys.loc.at(line), frozenset(free)))
    return tuple(formulas)


def _in_language(keys: Keys, key: str, what: str, expr: str) -> bool:
    """The formula is one Python expression inside the formula language (Note [Formulas are
    data, not code] in formula_language.py); else report it and return False."""
    try:
        python_free_names(expr)
    except ExpressionError as exc:
        keys.error(key, _bad_python(what, expr, exc))
        return False
    try:
        check_language(expr)
    except ExpressionError as exc:
        keys.error(key, f"{what} is outside the formula language: {exc.problem} at column "
                   f"{exc.column} of '{_shown(expr)}'; a formula may use {ALLOWED}")
        return False
    return True


def _check_attributes(keys: Keys, key: str, what: str, expr: str) -> None:
    """Every ``.attr`` a formula reads is an attribute Tensors have: a generated method or
    one the runtime defines by hand (its manifest's TENSOR_ATTRIBUTES)."""
    attrs = keys.ctx.runtime.tensor_attrs
    if attrs is None:
        return
    known = attrs | keys.ctx.method_names
    for shown, attr in attributes(expr):
        if attr not in known:
            keys.error(key, unknown(f"{what} reads '{shown}', and Tensor has no attribute "
                                    f"'{attr}'", attr, known,
                                    "use a Tensor method, or an aten_lite op as a function"))


def _check_inputs(keys: Keys, key: str, inputs: tuple[str, ...], args: dict[str, Any],
                  given: dict[str, int], non_diff: set[str]) -> bool:
    """The inputs a formula key names exist, are Tensors, and get only this formula."""
    ok = True
    for name in inputs:
        arg = args.get(name)
        if arg is None:
            keys.error(key, unknown(
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


def _formula_names(ctx: Context, func: FunctionSchema) -> frozenset[str] | None:
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
            f"'{_shown(expr)}'; write one Python expression")


def _shown(expr: str, limit: int = 100) -> str:
    """The formula as a message quotes it: whole, unless it is longer than a line or two."""
    text = expr.strip()
    return text if len(text) <= limit else f"{text[:limit - 20]}...{text[-17:]}"

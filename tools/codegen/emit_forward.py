"""Emit ``generated/forward_rules.py``: one forward-mode rule per derivatives.yaml entry that
has one (Note [Forward rules] in api_forward.py), and the tables the runtime's forward mode
(aten_lite/autograd/forward_ad.py) reads.

Text assembly only: which rule an op gets, and its terms, are decided in ``api_forward``.
"""

from __future__ import annotations

from typing import Any, Callable

from . import api_forward as api
from .templating import ENV as _ENV

PATH = "generated/forward_rules.py"


def emit(spec: Any) -> dict[str, str]:
    rules = api.rules(spec)
    ops = sorted({op for r in rules for op in r.ops_used})
    ops_import = [] if not ops else [
        "from aten_lite._generated.ops import (  # the ops the formulas call",
        *(f"    {op}," for op in ops), ")"]
    return {PATH: render(rules, ops_import)}


def render(rules: list[api.ForwardRule], ops_import: list[str],
           qualify: Callable[[str], str] = str) -> str:
    """The module's text: ``ops_import`` the lines that import the ops the formulas call,
    ``qualify`` the run-time name of an op overload (an op library's ``NS::op``, Note [Op
    library namespaces] in tools/codegen/library.py), which the tables are keyed by and
    auto_linear calls."""
    return _ENV.get_template("forward_rules.py.j2").render(
        ops_import=ops_import,
        rules=[_rule_view(r) for r in rules if _written(r)],
        table=[(qualify(r.op), _table_entry(r, qualify)) for r in rules if r.origin != "none"],
        origins=[(qualify(r.op), r.origin, r.loc) for r in rules],
        reads=[(qualify(r.op), repr(r.reads)) for r in rules if r.reads],
        missing=[(qualify(r.op), repr(r.loc), repr(r.why)) for r in rules if r.origin == "none"],
    )


def locate(spec: Any, nf: Any) -> list[str]:
    """Where the forward rule of one overload was generated, for `aten-lite-gen show`."""
    return [f"{PATH}: {r.function if _written(r) else _table_entry(r, str).split('(')[0]} "
            f"(forward mode, {r.origin}, from {r.loc})"
            for r in api.rules(spec) if r.op == str(nf.func.name) and r.origin != "none"]


def describe(spec: Any) -> dict[str, tuple[str, str, str]]:
    """op -> (origin, loc, why) for `aten-lite-gen show` and `list`."""
    return {r.op: (r.origin, r.loc, r.why) for r in api.rules(spec)}


def _written(r: api.ForwardRule) -> bool:
    """Whether the rule is a function of its own: the ones made of formulas. A `zero` rule is
    the runtime's ``zero_rule``, an `auto_linear` one its ``linear_rule`` for the op."""
    return r.origin not in ("none", "zero") and not r.linear


def _table_entry(r: api.ForwardRule, qualify: Callable[[str], str]) -> str:
    """The rule as RULES holds it: the function's name, or the runtime's shared rule."""
    if r.origin == "zero":
        return "zero_rule"
    if not r.linear:
        return r.function
    positions = tuple(r.args.index(x.name) for x in r.inputs)
    extra = [f"writes_first={r.inplace}"] if r.inplace else []
    if len(r.results) > 1:
        extra.append(f"outputs={tuple(r.differentiable_outputs)!r}")
    return f"linear_rule({', '.join([repr(qualify(r.op)), repr(positions), *extra])})"


def _rule_view(r: api.ForwardRule) -> dict[str, Any]:
    lines = [f"{', '.join(r.args)}{',' if len(r.args) == 1 else ''} = args"]
    if len(r.results) > 1:
        lines.append(f"{', '.join(r.results)} = result")
    tangents = [f"{a}_t" if a in {x.name for x in r.inputs} else "_" for a in r.args]
    lines.append(f"{', '.join(tangents)}{',' if len(tangents) == 1 else ''} = tangents")
    if len(r.terms) == 1 and r.terms[0].tangent is None:
        lines += [f"{x.name}_t = filled({x.name}_t, {x.name})" for x in r.inputs]
        lines.append(f"tangent = {r.terms[0].expr}")
    elif len(r.terms) == 1:  # add_tangents(None, term) is the term
        t = r.terms[0]
        lines.append(f"tangent = None if {t.tangent}_t is None else {t.expr}")
    else:
        lines.append("tangent = None")
        for t in r.terms:
            lines.append(f"if {t.tangent}_t is not None:")
            lines.append(f"    tangent = add_tangents(tangent, {t.expr})")
    lines += _returned(r)
    return {"function": r.function, "loc": r.loc, "origin": r.origin, "lines": lines}


def _returned(r: api.ForwardRule) -> list[str]:
    """The return line: the tangent, placed among the outputs when the op has several."""
    flags = r.differentiable_outputs
    if len(r.results) == 1:
        return ["return tangent"]
    if sum(flags) == 1:  # the formula gives the one differentiable output's tangent
        placed = ", ".join("tangent" if ok else "None" for ok in flags)
        return [f"return ({placed},)"]
    return ["return tangent  # the formula gives one tangent per output"]

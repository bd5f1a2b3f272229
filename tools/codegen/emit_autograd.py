"""Emit ``generated/autograd_nodes.py``: one backward node class per derivatives.yaml entry and
one recorder function per functional or in-place overload that uses it.

Text assembly only: what each node saves and how its formulas read is decided in
``api_autograd``. The lines below are fixed code shapes filled with names from there.

    >>> print(emit(spec)["generated/autograd_nodes.py"])  # doctest: +SKIP
    class MulBackward0(Node): ...
"""

from __future__ import annotations

import re
from typing import Any

from . import api_autograd as api
from .spec import SpecError
from .templating import ENV as _ENV

PATH = "generated/autograd_nodes.py"


def nodes_of(spec: Any) -> tuple[dict[str, api.BackwardNode], list[api.Recorder]]:
    """The node of every derivative (by overload name) and every recorder."""
    names = api.node_class_names(spec.derivatives)
    op_names = frozenset(nf.func.name.name.base for nf in spec.native)
    nodes: dict[str, api.BackwardNode] = {}
    problems: list[str] = []
    for d in spec.derivatives:  # every entry the generator cannot express, in one report
        try:
            nodes[str(d.func.name)] = api.backward_node(d, names[str(d.func.name)], op_names)
        except SpecError as exc:
            problems.extend(exc.messages)
    try:
        recorders = api.recorders(spec.native, spec.derivatives, nodes)
    except SpecError as exc:
        problems.extend(exc.messages)
    if problems:
        raise SpecError(problems)
    return nodes, recorders


def emit(spec: Any) -> dict[str, str]:
    nodes, recorders = nodes_of(spec)
    ops = sorted({op for n in nodes.values() for op in n.ops_used})
    ops_import = [] if not ops else [
        "from aten_lite._generated.ops import (  # the ops the formulas call",
        *(f"    {op}," for op in ops), ")"]
    return {PATH: render(nodes, recorders, ops_import)}


def render(nodes: dict[str, api.BackwardNode], recorders: list[api.Recorder],
           ops_import: list[str]) -> str:
    """The module's text; ``ops_import`` the lines that import the ops the formulas call."""
    makers, table = recorder_views(recorders)
    return _ENV.get_template("autograd_nodes.py.j2").render(
        ops_import=ops_import, nodes=node_views(list(nodes.values())),
        recorders=makers, table=table)


def locate(spec: Any, nf: Any) -> list[str]:
    """Where the autograd code of one overload was generated, for `aten-lite-gen show`."""
    _, recorders = nodes_of(spec)
    makers, _ = recorder_views(recorders)
    shared = {op: m["function"] for m in makers for op in m["ops"]}
    return [f"{PATH}: {r.node.class_name} (recorded by {shared[r.op]})"
            for r in recorders if r.op == str(nf.func.name)]


# Note [Shared recorders]
# Many recorders are the same code but for the node class they make (neg, sign, floor... all
# record a node that saves nothing; log, cos, silu... one that saves `self`). The first such
# op's maker takes the class as a parameter, `record_neg(op, Backward=NegBackward0)`, and the
# others' entries of RECORDERS bind it to their own class with functools.partial: one copy of
# the code, and the recorder runs exactly as its own copy would (the class is a closure
# variable instead of a global).
NODE_PARAM = "Backward"


def recorder_views(recorders: list[api.Recorder]) -> tuple[list[dict[str, Any]], list[str]]:
    """(the maker functions to define, the RECORDERS entries: ``"op": maker`` text), with
    recorders that differ only in their node class sharing one maker (Note [Shared
    recorders])."""
    views = [_recorder_view(r) for r in recorders]
    groups: dict[tuple[str, ...], list[tuple[api.Recorder, dict[str, Any]]]] = {}
    for r, v in zip(recorders, views):
        key = (v["params"], *_with_param(v["lines"], r.node.class_name))
        groups.setdefault(key, []).append((r, v))
    makers, table = [], []
    for r, v in zip(recorders, views):
        group = groups[(v["params"], *_with_param(v["lines"], r.node.class_name))]
        first, first_view = group[0]
        if len(group) == 1:
            makers.append({**v, "head": f"def {v['function']}(op):", "ops": [r.op]})
            table.append(f'"{r.op}": {v["function"]}')
        elif r is first:
            lines = list(_with_param(v["lines"], r.node.class_name))
            head = f"def {v['function']}(op, {NODE_PARAM}={r.node.class_name}):"
            makers.append({**v, "lines": lines, "head": head, "ops": [o.op for o, _ in group]})
            table.append(f'"{r.op}": {v["function"]}')
        else:
            table.append(f'"{r.op}": partial({first_view["function"]}, '
                         f'{NODE_PARAM}={r.node.class_name})')
    return makers, table


def _with_param(lines: list[str], class_name: str) -> tuple[str, ...]:
    """The recorder's lines with its node class read from the maker's parameter."""
    made = f"node = {class_name}()"
    return tuple(f"node = {NODE_PARAM}()" if line == made else line for line in lines)


# ---- the node class ----


# Note [Shared node methods]
# Some nodes differ only in their class data: floor, ceil, round... all have the backward
# `zeros_like(grad)` and save nothing; view, reshape, flatten... save the same shape. Such a
# class takes the first one's methods (`apply = SignBackward0.apply`), a plain function that
# reads the node it is called on, so it runs as its own copy would; what differs is data: the
# class's `_op` and `_formulas`, which messages and formula errors read.
def node_views(nodes: list[api.BackwardNode]) -> list[dict[str, Any]]:
    """Each node's class, as the template renders it: attributes, then methods (its own, or
    the first same-coded class's: Note [Shared node methods])."""
    views = [_node_view(n) for n in nodes]
    first: dict[tuple[str, ...], str] = {}
    for v in views:
        data = [a for a in v["attrs"] if not a.startswith(("_op =", "_formulas ="))]
        key = (v["slots"], *data, *_uncommented(v["methods"]))
        owner = first.setdefault(key, v["class_name"])
        if owner != v["class_name"]:
            v["methods"] = [f"    apply = {owner}.apply"] + (
                [f"    release = {owner}.release"] if v["releases"] else [])
            v["doc"] += f"; the same code as {owner}'s"
    return views


def _uncommented(lines: list[str]) -> tuple[str, ...]:
    """``lines`` without the YAML line comments of the formulas."""
    return tuple(re.sub(r"  # \S+:\d+$", "", line) for line in lines)


def _node_view(n: api.BackwardNode) -> dict[str, Any]:
    slots = []
    for s in n.saved:
        slots.append(s.field)
        if s.kind in ("input", "inputs", "output"):
            slots.append(f"{s.local}_v")
    if n.n_outputs == 0:
        slots.append("_n_out")
    if n.view_of is not None:
        slots += ["_view_version", "_view_base_fn"]
    cleared = [f"node.{f}" for f in slots if not f.startswith(("_n_out", "_view"))]
    methods = ["", "    def apply(node, grads):", *(f"        {line}" for line in _apply_lines(n))]
    # A class that saves nothing keeps Node.release, which does the same.
    if cleared:
        methods += ["", "    def release(node):", "        node._released = True",
                    f"        {' = '.join(cleared)} = None"]
    return {
        "class_name": n.class_name,
        "doc": f"Backward of {n.op} ({n.loc})",
        "slots": ", ".join(f'"{s}"' for s in slots) + ("," if len(slots) == 1 else ""),
        # Class attributes: the op's name, the number of outputs when several, the saved
        # outputs, and where each formula is written (Note [Formula errors name their line]).
        "attrs": [f'_op = "{n.op}"'] + ([f"_n_out = {n.n_outputs}"] if n.n_outputs > 1 else [])
        + _saved_outputs_attr(n) + _formulas_attr(n),
        "methods": methods,  # the class body's lines after the attributes, indented
        "releases": bool(cleared),
    }


def _where(n: api.BackwardNode, f: api.Formula) -> str:
    """``derivatives.yaml:88``: the line of formula ``f`` of node ``n``."""
    return f"{n.loc.split(':')[0]}:{f.line}"


def _formulas_attr(n: api.BackwardNode) -> list[str]:
    """``(where, inputs)`` of each formula, in the order apply() evaluates them: what a
    formula that raises names (Note [Formula errors name their line], autograd/node.py)."""
    rows = [f"({_where(n, f)!r}, {', '.join(f.inputs)!r})" for f in n.formulas]
    return [f"_formulas = ({', '.join(rows)},)"] if rows else []


def _saved_outputs_attr(n: api.BackwardNode) -> list[str]:
    """``(slot, output index)`` of each saved output: forward mode gives the saved alias the
    output's tangent, so a backward run inside a dual level sees it (forward over reverse;
    Note [Forward over reverse] in aten_lite/autograd/forward_ad.py)."""
    outs = [f"({s.field!r}, {s.source})" for s in n.saved if s.kind == "output"]
    return [f"_saved_outputs = ({', '.join(outs)},)"] if outs else []


def _edge_positions(n: api.BackwardNode) -> dict[str, str]:
    """For each input, the Python text selecting its edge(s) in ``need`` (= ``node._next``):
    an index before a ``Tensor[]`` input, a slice for it, an index from the end after it."""
    listed = next((i for i, x in enumerate(n.inputs) if x.is_list), None)
    out = {}
    for i, x in enumerate(n.inputs):
        if listed is None or i < listed:
            out[x.name] = f"need[{i}]"
        elif i == listed:
            after = len(n.inputs) - 1 - i
            if after:
                out[x.name] = f"need[{i}:len(need) - {after}]"
            else:
                out[x.name] = f"need[{i}:]" if i else "need"
        else:
            out[x.name] = f"need[{i - len(n.inputs)}]"
    return out


def _needed(x: api.DiffInput, pos: str) -> str:
    if x.is_list:
        return f"any(e is not None for e in {pos})"
    return f"{pos} is not None"


def _apply_lines(n: api.BackwardNode) -> list[str]:
    # check_alive's and unpack's tests in line, their calls only to raise (Note [Helpers in
    # line] in aten_lite/autograd/node.py).
    lines = ["if node._released:", "    check_alive(node)"]
    lines.append("need, grad = node._next, grads[0]" if n.uses_grad else "need = node._next")
    for s in n.saved:
        lines += _unpack(s)
    pos = _edge_positions(n)
    by_name = {x.name: x for x in n.inputs}
    # The formulas run in one `try`; `at_` tells the handler which one raised when there are
    # several (Note [Formula errors name their line] in aten_lite/autograd/node.py).
    at = api.FORMULA_LOCAL
    several = len(n.formulas) > 1
    if n.formulas:
        lines += [f"{at} = 0"] if several else []
        lines.append("try:")
    for i, f in enumerate(n.formulas):
        xs = [by_name[name] for name in f.inputs if name in by_name]
        lines += [f"    {at} = {i}"] if i else []
        lines.append(f"    {_formula_line(f, xs, pos)}  # {_where(n, f)}")
    if n.formulas:
        lines += [f"except Exception as {api.EXCEPTION_LOCAL}:",
                  f"    formula_failed({api.EXCEPTION_LOCAL}, node, {at if several else 0})",
                  "    raise"]
    for x in n.inputs:
        if x.formula is None:
            lines.append(f"grad_{x.name} = not_implemented(node, {x.name!r}) "
                         f"if {_needed(x, pos[x.name])} else None")
    parts = [f"*grad_{x.name}" if x.is_list else f"grad_{x.name}" for x in n.inputs]
    lines.append(f"return ({', '.join(parts)}{',' if len(parts) == 1 else ''})")
    return lines


def _formula_line(f: api.Formula, xs: list[api.DiffInput], pos: dict[str, str]) -> str:
    """The assignment that evaluates one formula when an input it serves needs a gradient."""
    if len(xs) == 1 and not xs[0].is_list:
        x = xs[0]
        return f"grad_{x.name} = {_paren(f)} if {_needed(x, pos[x.name])} else None"
    if len(xs) == 1:
        x = xs[0]
        return (f"grad_{x.name} = list({f.expr}) if {_needed(x, pos[x.name])} "
                f"else [None] * len({pos[x.name]})")
    targets = ", ".join(f"grad_{x.name}" for x in xs)
    cond = " or ".join(_needed(x, pos[x.name]) for x in xs)
    nones = ", ".join("None" for _ in xs)
    return f"{targets} = {_paren(f)} if {cond} else ({nones})"


def _paren(f: api.Formula) -> str:
    """The formula ready to sit in a conditional expression."""
    return f.expr if f.atomic else f"({f.expr})"


def _unpack(s: api.Saved) -> list[str]:
    if s.kind == "input":
        return [f"{s.local} = node.{s.field}",
                f"if isinstance({s.local}, Tensor) and {s.local}._vc.value != node.{s.local}_v:",
                f"    unpack(node, {s.local}, node.{s.local}_v, {s.local!r})"]
    if s.kind == "inputs":
        return [f"{s.local} = node.{s.field}",
                f"if {s.local} is not None:",
                f"    for t_, v_ in zip({s.local}, node.{s.local}_v):",
                "        if isinstance(t_, Tensor) and t_._vc.value != v_:",
                f"            unpack(node, t_, v_, {s.local!r})"]
    if s.kind == "output":  # the call only to raise, or to give it history (create_graph)
        return [f"{s.local} = node.{s.field}",
                f"if {s.local} is not None and ({s.local}._vc.value != node.{s.local}_v or "
                "_grad_state.enabled):",
                f"    {s.local} = unpack_output(node, {s.local}, node.{s.local}_v, "
                f"{s.source}, {s.local!r})"]
    return [f"{s.local} = node.{s.field}"]


# ---- the recorder ----


def _recorder_view(r: api.Recorder) -> dict[str, Any]:
    n = r.node
    params = ", ".join(r.args)
    below = f"redispatch({params})"
    view = {"function": r.function, "op": r.op, "params": params}
    if not n.inputs or not n.differentiable_outputs:
        # Nothing can carry a gradient (output_differentiability all False): just run it.
        return {**view, "lines": [f"return {below}"]}
    flags = {x.name: f"any(need_{x.name})" if x.is_list else f"need_{x.name}" for x in n.inputs}
    lines = _guard_lines(r, flags, below)
    lines.append(f"node = {n.class_name}()")
    lines += _edges_lines(n)
    lines.append("node._hooks, node._released = None, False")
    if n.view_of is not None:
        # view_base_fn and version in line: a view op runs them on every call (its input is a
        # Tensor here, as it needs a gradient).
        v = n.view_of
        lines.append(f"node._view_base_fn = ({v} if {v}._base is None else {v}._base).grad_fn")
    # Inputs are saved before the op runs (an in-place op may overwrite them), outputs after.
    before: list[str] = []
    after: list[str] = []
    for s in n.saved:
        cond = " or ".join(flags[w] for w in s.when)
        (after if s.kind.startswith("output") else before).extend(_save(s, cond, r))
    lines += before
    lines.append(f"result = {below}")
    if r.aliased is not None:
        lines += [f"if result is {r.aliased}:  # returned unchanged: it keeps its history",
                  "    return result"]
    if n.view_of is not None:  # the counter read directly once made (as the kernel will have)
        lines.append(f"node._view_version = ({n.view_of}._vc or {n.view_of}._version_counter).value")
    lines += _history(n)
    lines += after
    lines.append("return result")
    return {**view, "lines": lines}


def _guard_lines(r: api.Recorder, flags: dict[str, str], below: str) -> list[str]:
    """Find which inputs need a gradient, and run the op unrecorded when none does."""
    lines = []
    if r.sparse_values:  # Note [Sparse input to a keeps_zero op] in aten_lite/autograd/kernel.py
        first = r.args[0]
        lines += [f"if {first}.__class__ is not Tensor and isinstance({first}, Tensor) and "
                  f"{first}.is_sparse:",
                  f"    return through_values(op, ({', '.join(r.args)},))"]
    for x in r.node.inputs:
        if x.is_list:
            lines.append(f"need_{x.name} = [isinstance(t, Tensor) and t._requires_grad "
                         f"for t in {x.name}]")
        else:
            lines.append(f"need_{x.name} = isinstance({x.name}, Tensor) and "
                         f"{x.name}._requires_grad")
    any_flag = " or ".join(flags.values())
    lines.append(f"if not ({any_flag}):" if len(flags) > 1 else f"if not {any_flag}:")
    lines.append(f"    return {below}")
    if r.inplace:
        lines.append(f"check_inplace(op, {r.args[0]})")
    return lines


def _edges_lines(n: api.BackwardNode) -> list[str]:
    if len(n.inputs) == 1 and n.inputs[0].is_list:
        name = n.inputs[0].name
        return [f"node._next = tuple(edge(t) if k else None for t, k in zip({name}, need_{name}))"]
    edges = []
    only = len(n.inputs) == 1  # the guard already knows this one needs a gradient
    for x in n.inputs:
        if x.is_list:
            edges.append(f"*[edge(t) if k else None for t, k in zip({x.name}, need_{x.name})]")
        elif only:
            edges.append(_edge(x.name))
        else:
            edges.append(f"{_edge(x.name)} if need_{x.name} else None")
    if only:
        return [f"node._next = ({edges[0]},)"]
    return ["node._next = (", *(f"    {e}," for e in edges), ")"]


def _edge(name: str) -> str:
    """``edge(name)`` with its leaf case in line (Note [Helpers in line] in
    aten_lite/autograd/node.py)."""
    leaf = f"({name}, -1, {name}._shape, {name}._dtype)"
    return f"({leaf} if {name}.grad_fn is None else edge({name}))"


def _save(s: api.Saved, cond: str, r: api.Recorder) -> list[str]:
    """Lines storing one saved value (Note [What a node saves] in api_autograd.py)."""
    def guarded(value: str, otherwise: str) -> str:
        return f"{value} if {cond} else {otherwise}" if cond else value

    field = f"node.{s.field}"
    if s.kind == "input" and s.local in r.cloned:
        return [f"{field} = {guarded(f'saved_copy({s.source})', 'None')}",
                f"node.{s.local}_v = 0"]
    if s.kind == "input":
        return [f"{field} = {guarded(s.source, 'None')}",
                f"node.{s.local}_v = {guarded(_version(s.source), '0')}"]
    if s.kind == "inputs":
        return [f"{field} = {guarded(f'list({s.source})', 'None')}",
                f"node.{s.local}_v = {guarded(f'[version(t) for t in {s.source}]', 'None')}"]
    if s.kind == "value":
        return [f"{field} = {s.source}"]
    if s.kind == "meta":
        return [f"{field} = {guarded(f'{s.source}.{_attr(s)}', 'None')}"]
    if s.kind == "meta_list":
        return [f"{field} = {guarded(f'[t.{_attr(s)} for t in {s.source}]', 'None')}"]
    out = _output(s.source, r.node)
    if s.kind == "output_meta":
        return [f"{field} = {out}.{_attr(s)}"]
    if s.kind == "output_meta_list":
        return [f"{field} = [t.{_attr(s)} for t in result]"]
    # The dispatcher bumps the version of a written argument after the kernel returns
    # (_dispatch.OpHandle._finish), so an in-place op's output is saved at that version.
    bump = " + 1" if r.inplace else ""
    return [f"{field} = {guarded(f'detached({out})', 'None')}",
            f"node.{s.local}_v = {_version(out)}{bump}"]


def _version(name: str) -> str:
    """``version(name)`` with its case of a Tensor whose counter exists in line (Note [Helpers
    in line] in aten_lite/autograd/node.py)."""
    return f"({name}._vc.value if {name}.__class__ is Tensor and {name}._vc is not None " \
        f"else version({name}))"


def _attr(s: api.Saved) -> str:
    if s.attr is None:  # api_autograd sets it for every meta kind, the only callers
        raise ValueError(f"saved value '{s.local}' of kind '{s.kind}' names no attribute")
    return api.META_SOURCES[s.attr]


def _output(index: str, n: api.BackwardNode) -> str:
    return "result" if n.n_outputs == 1 else f"result[{index}]"


def _history(n: api.BackwardNode) -> list[str]:
    if n.n_outputs == 0:
        return ["node._n_out = len(result)",
                "for i, t in enumerate(result):",
                "    set_history(t, node, i)"]
    if n.n_outputs == 1:  # set_history in line (Note [Helpers in line], autograd/node.py)
        return ["if result._dtype.is_floating_point:",
                "    result._requires_grad, result.grad_fn, result._output_nr = True, node, 0"
                ] if n.differentiable_outputs else []
    return [f"set_history(result[{i}], node, {i})" for i in n.differentiable_outputs]

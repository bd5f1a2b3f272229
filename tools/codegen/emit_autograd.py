"""Emit ``generated/autograd_nodes.py``: one backward node class per derivatives.yaml entry and
one recorder function per functional or in-place overload that uses it.

Text assembly only: what each node saves and how its formulas read is decided in
``api_autograd``. The lines below are fixed code shapes filled with names from there.

    >>> print(emit(spec)["generated/autograd_nodes.py"])  # doctest: +SKIP
    class MulBackward0(Node): ...
"""

from __future__ import annotations

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
    text = _ENV.get_template("autograd_nodes.py.j2").render(
        ops_import=ops_import,
        nodes=[_node_view(n) for n in nodes.values()],
        recorders=[_recorder_view(r) for r in recorders],
    )
    return {PATH: text}


def locate(spec: Any, nf: Any) -> list[str]:
    """Where the autograd code of one overload was generated, for `aten-lite-gen show`."""
    _, recorders = nodes_of(spec)
    return [f"{PATH}: {r.node.class_name} (recorded by {r.function})"
            for r in recorders if r.op == str(nf.func.name)]


# ---- the node class ----


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
    return {
        "class_name": n.class_name,
        "op": n.op,
        "loc": n.loc,
        "slots": ", ".join(f'"{s}"' for s in slots) + ("," if len(slots) == 1 else ""),
        # Class attributes: the op's name, and the number of outputs when several.
        "attrs": [f'_op = "{n.op}"'] + ([f"_n_out = {n.n_outputs}"] if n.n_outputs > 1 else [])
        + _saved_outputs_attr(n),
        "apply_lines": _apply_lines(n),
        "release_lines": [f"node.{f} = None" for f in slots if not f.startswith(("_n_out", "_view"))],
    }


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
    lines = ["if node._released:", "    check_alive(node)", "need = node._next"]
    if n.uses_grad:
        lines.append("grad = grads[0]")
    for s in n.saved:
        lines += _unpack(s)
    pos = _edge_positions(n)
    by_name = {x.name: x for x in n.inputs}
    for f in n.formulas:
        xs = [by_name[name] for name in f.inputs if name in by_name]
        where = f"{n.loc.split(':')[0]}:{f.line}"
        lines.append(f"# {where}")
        lines.append("try:")
        lines.append(f"    {_formula_line(f, xs, pos)}")
        # A formula that raises names its YAML line (Note [Formula errors name their line]).
        lines.append(f"except Exception as {api.EXCEPTION_LOCAL}:")
        lines.append(f"    formula_failed({api.EXCEPTION_LOCAL}, {where!r}, {n.op!r}, "
                     f"{', '.join(f.inputs)!r})")
        lines.append("    raise")
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
    lines += ["node._hooks = None", "node._released = False"]
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
                "    result._requires_grad = True",
                "    result.grad_fn = node",
                "    result._output_nr = 0"] if n.differentiable_outputs else []
    return [f"set_history(result[{i}], node, {i})" for i in n.differentiable_outputs]

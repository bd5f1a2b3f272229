"""Showing a graph: the text listing (``print(g)``), Graphviz DOT (``g.save_dot``) and SVG
(``g.save_svg``: drawn here, so that no Graphviz install is needed).

Every form shows the same facts: one entry per node with its op, result shapes and dtypes,
its fusion group and its step in the schedule; inputs, constants and outputs; and for the
listing, the memory plan and what DCE and CSE removed.
"""

from __future__ import annotations

from html import escape

from .ir import Graph, Node, Value

__all__ = ["listing", "dot", "svg"]

_PALETTE = ("#cfe2ff", "#d1e7dd", "#fff3cd", "#f8d7da", "#e2d9f3", "#d2f4ea", "#ffe5d0")


def _steps(g: Graph) -> dict:
    """id(node) -> its step in the schedule (a fused group's nodes share one)."""
    found = {}
    for i, item in enumerate(g.schedule):
        for n in ([item] if isinstance(item, Node) else item.nodes):
            found[id(n)] = i
    return found


def _arg_text(a) -> str:
    if isinstance(a, Value):
        return a.name
    if isinstance(a, (list, tuple)):
        inner = ", ".join(_arg_text(x) for x in a)
        return f"[{inner}]" if isinstance(a, list) else f"({inner}{',' * (len(a) == 1)})"
    return getattr(a, "name", None) if hasattr(a, "itemsize") else repr(a)


def listing(g: Graph) -> str:
    steps = _steps(g)
    n_groups = len(g.groups)
    lines = [f"{g.kind} graph: {len(g.inputs)} inputs, {len(g.consts)} constants, "
             f"{len(g.nodes)} nodes, {n_groups} fused group{'s' * (n_groups != 1)}, "
             f"{len(g.schedule)} scheduled steps"]
    for v in g.inputs:
        lines.append(f"  input  {v.name}: {v.describe()}" + (" requires_grad" if v.requires_grad else ""))
    for v in g.consts:
        lines.append(f"  const  {v.name}: {v.describe()}" + (" requires_grad" if v.requires_grad else ""))
    rows = [("step", "group", "outputs", "op", "arguments", "line")]
    for n in g.nodes:
        outs = ", ".join(f"{v.name}: {v.describe()}" for v in n.outputs)
        rows.append((str(steps.get(id(n), "-")), "-" if n.group is None else f"g{n.group}",
                     outs, n.op, ", ".join(_arg_text(a) for a in n.args), n.where))
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    for r in rows:
        lines.append("  " + "  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip())
    for gr in g.groups.values():
        ins = ", ".join(v.name for v in gr.inputs)
        outs = ", ".join(v.name for v in gr.outputs)
        red = f", then {gr.spec.reduction.op}" if gr.spec.reduction else ""
        what = f"{len(gr.spec.steps)} elementwise step(s){red}"
        if gr.spec.row_dims:  # Note [Row fusion] in passes/fusion.py
            reds = [s.op for s in gr.spec.steps if s.op in ("sum", "mean", "amax", "amin", "prod")]
            what = (f"row kernel over the last {gr.spec.row_dims} dim(s), "
                    f"{len(gr.spec.steps) - len(reds)} elementwise step(s) and "
                    f"{len(reds)} row reduction(s) ({', '.join(reds)})")
        lines.append(f"  fused g{gr.id}: {what}; reads "
                     f"{ins}; writes {outs}; over {list(gr.space)}"
                     + (f" [{gr.note}]" if gr.note else ""))
    sched = " ".join(f"n{item.id}" if isinstance(item, Node) else f"g{item.id}"
                     for item in g.schedule)
    lines.append(f"  schedule: {sched}")
    for b in g.branches:
        lines.append(f"  branches: {b.describe(g.schedule)}")
    n_user = g.n_user_outputs
    outs = [("None" if v is None else v.name) for v in g.outputs]
    text = f"  outputs: {', '.join(outs[:n_user]) or '-'}"
    if len(outs) > n_user:
        text += f"; saved for backward: {', '.join(outs[n_user:])}"
    lines.append(text)
    if g.memory is not None:
        lines.append(f"  memory: {g.memory.describe()}")
    removed = "; ".join(f"{name}: {', '.join(n.op for n in ns)}" for name, ns in g.removed.items() if ns)
    if removed:
        lines.append(f"  removed: {removed}")
    if g.backward is not None:
        lines.append("")
        lines.append(listing(g.backward))
    return "\n".join(lines)


# ---- DOT ----

def _label(n: Node, steps) -> str:
    outs = ", ".join(v.describe() for v in n.outputs)
    return f"#{steps.get(id(n), '-')} {n.op}\\n{outs}"


def dot(g: Graph) -> str:
    steps = _steps(g)
    lines = ["digraph G {", "  rankdir=TB;", '  node [fontname="monospace", fontsize=10];']
    for v in g.inputs + g.consts:
        lines.append(f'  {v.name} [shape=ellipse, label="{v.kind} {v.name}\\n{v.describe()}"];')
    by_group: dict = {}
    for n in g.nodes:
        by_group.setdefault(n.group, []).append(n)
    for gid, nodes in by_group.items():
        indent = "  "
        if gid is not None:
            lines.append(f"  subgraph cluster_g{gid} {{")
            lines.append(f'    label="fused g{gid}"; style=filled; color="{_PALETTE[gid % len(_PALETTE)]}";')
            indent = "    "
        for n in nodes:
            lines.append(f'{indent}n{n.id} [shape=box, label="{_label(n, steps)}"];')
        if gid is not None:
            lines.append("  }")
    for n in g.nodes:
        for v in dict.fromkeys(n.inputs()):
            src = f"n{v.producer.id}" if v.producer is not None else v.name
            lines.append(f'  {src} -> n{n.id} [label="{v.name}", fontsize=8];')
    for i, v in enumerate(g.outputs):
        if v is None:
            continue
        kind = "output" if i < g.n_user_outputs else "saved"
        lines.append(f'  out{i} [shape=plaintext, label="{kind} {i}"];')
        src = f"n{v.producer.id}" if v.producer is not None else v.name
        lines.append(f"  {src} -> out{i};")
    lines.append("}")
    return "\n".join(lines) + "\n"


# ---- SVG (a layered drawing: each node one row below its deepest input) ----

def svg(g: Graph) -> str:
    steps = _steps(g)
    boxes: list = []  # (key, label lines, fill)
    rank: dict = {}
    for v in g.inputs + g.consts:
        rank[id(v)] = 0
        boxes.append((id(v), [f"{v.kind} {v.name}", v.describe()], "#ffffff"))
    for n in g.nodes:
        r = 1 + max((rank.get(id(v.producer) if v.producer else id(v), 0) for v in n.inputs()),
                    default=0)
        rank[id(n)] = r
        fill = "#eeeeee" if n.group is None else _PALETTE[n.group % len(_PALETTE)]
        group = "" if n.group is None else f"  [g{n.group}]"
        boxes.append((id(n), [f"#{steps.get(id(n), '-')} {n.op}{group}",
                              ", ".join(v.describe() for v in n.outputs)], fill))
    w, h, gap_x, gap_y = 230, 38, 20, 34
    rows: dict = {}
    pos = {}
    for key, _, _ in boxes:
        r = rank[key]
        col = rows.get(r, 0)
        rows[r] = col + 1
        pos[key] = (10 + col * (w + gap_x), 10 + r * (h + gap_y))
    width = 20 + max(rows.values(), default=1) * (w + gap_x)
    height = 20 + (max(rows, default=0) + 1) * (h + gap_y)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           f'font-family="monospace" font-size="11">']
    for n in g.nodes:
        x2, y2 = pos[id(n)]
        for v in dict.fromkeys(n.inputs()):
            x1, y1 = pos[id(v.producer) if v.producer else id(v)]
            out.append(f'<line x1="{x1 + w / 2}" y1="{y1 + h}" x2="{x2 + w / 2}" y2="{y2}" '
                       'stroke="#555" stroke-width="1"/>')
    for key, label, fill in boxes:
        x, y = pos[key]
        out.append(f'<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="4" fill="{fill}" '
                   'stroke="#333"/>')
        for i, text in enumerate(label):
            out.append(f'<text x="{x + 6}" y="{y + 15 + 14 * i}">{escape(text)}</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _save(render):
    def save(g: Graph, path) -> None:
        with open(path, "w", encoding="utf-8") as f:
            f.write(render(g))
    return save


# The Graph's printed and pictured forms, attached here so that ir.py needs no import of this
# module (which imports it): print(g), g.save_dot(path), g.save_svg(path).
Graph.__str__ = listing  # type: ignore[method-assign,assignment]
Graph.save_dot = _save(dot)  # type: ignore[attr-defined]
Graph.save_svg = _save(svg)  # type: ignore[attr-defined]

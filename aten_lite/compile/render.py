"""Showing a graph: the text listing (``print(g)``), Graphviz DOT (``g.save_dot``) and SVG
(``g.save_svg``: laid out by Graphviz's ``dot`` when it is installed, else drawn here, so that
no Graphviz install is needed).

Every form shows the same facts: one entry per node with its op, result shapes and dtypes,
its fusion group and its step in the schedule; inputs, constants and outputs; and for the
listing, the memory plan and what DCE and CSE removed.
"""

from __future__ import annotations

from html import escape

from .ir import Graph, Node, Value

__all__ = ["listing", "dot", "svg", "svg_with"]

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


def _dot_body(g: Graph, p: str, lines: list) -> None:
    """g's nodes and edges into lines, every id prefixed by p (the backward graph is drawn
    beside the forward one, and both number their nodes from 0)."""
    steps = _steps(g)
    for v in g.inputs + g.consts:
        style = ", style=dashed" if v.kind == "const" else ", penwidth=2"
        lines.append(f'  {p}{v.name} [shape=ellipse{style}, label="{v.kind} {v.name}\\n'
                     f'{v.describe()}"];')
    by_group: dict = {}
    for n in g.nodes:
        by_group.setdefault(n.group, []).append(n)
    for gid, nodes in by_group.items():
        indent = "  "
        if gid is not None:
            lines.append(f"  subgraph cluster_{p}g{gid} {{")
            lines.append(f'    label="fused g{gid}"; style=filled; color="{_PALETTE[gid % len(_PALETTE)]}";')
            indent = "    "
        for n in nodes:
            lines.append(f'{indent}{p}n{n.id} [shape=box, label="{_label(n, steps)}"];')
        if gid is not None:
            lines.append("  }")
    for n in g.nodes:
        for v in dict.fromkeys(n.inputs()):
            src = f"{p}n{v.producer.id}" if v.producer is not None else f"{p}{v.name}"
            lines.append(f'  {src} -> {p}n{n.id} [label="{v.name}", fontsize=8];')
    for i, v in enumerate(g.outputs):
        if v is None:
            continue
        kind = "output" if i < g.n_user_outputs else "saved"
        lines.append(f'  {p}out{i} [shape=box, peripheries=2, label="{kind} {i}"];')
        src = f"{p}n{v.producer.id}" if v.producer is not None else f"{p}{v.name}"
        lines.append(f"  {src} -> {p}out{i};")


def dot(g: Graph) -> str:
    """Graphviz DOT of g: inputs as ellipses (constants dashed), nodes as boxes inside their
    fused group's cluster, outputs (and values saved for backward) as double boxes; the
    backward graph, when there is one, as a second cluster beside the forward one."""
    lines = ["digraph G {", "  rankdir=TB;", '  node [fontname="monospace", fontsize=10];']
    if g.backward is None:
        _dot_body(g, "", lines)
    else:
        for p, part, title in (("f_", g, "forward graph"), ("b_", g.backward, "backward graph")):
            lines.append(f'  subgraph cluster_{p}graph {{ label="{title}"; style=solid;')
            _dot_body(part, p, lines)
            lines.append("  }")
    lines.append("}")
    return "\n".join(lines) + "\n"


# ---- SVG ----
#
# Note [Drawing a graph without Graphviz]
# A layered drawing in the manner of Sugiyama's: each box sits one row below its deepest
# input (graph inputs in the top row, outputs in the bottom one); an edge that spans several
# rows gets a narrow dummy slot in every row it crosses, so it runs down through its own
# slots and the gaps between rows and never through a box; a few sweeps order each row by
# the mean position of its neighbours (fewer crossings); the last segment ends in an
# arrowhead on the target's top edge. Graphviz's `dot`, when installed, lays out better
# still: save_svg uses it when it is on PATH (layout="auto") and falls back to this drawing.

_CHAR_W, _BOX_H, _GAP_X, _GAP_Y, _DUMMY_W = 6.7, 38, 18, 40, 10


class _Box:
    def __init__(self, key, lines: list, kind: str, fill: str):
        self.key, self.lines, self.kind, self.fill = key, lines, kind, fill
        self.w = _DUMMY_W if kind == "dummy" else max(90, int(_CHAR_W * max(map(len, lines))) + 14)
        self.rank = 0
        self.x = self.y = 0.0


def _boxes_and_edges(g: Graph):
    steps = _steps(g)
    boxes: dict = {}
    for v in g.inputs + g.consts:
        boxes[id(v)] = _Box(id(v), [f"{v.kind} {v.name}", v.describe()], v.kind, "#ffffff")
    edges = []
    for n in g.nodes:
        fill = "#eeeeee" if n.group is None else _PALETTE[n.group % len(_PALETTE)]
        group = "" if n.group is None else f"  [g{n.group}]"
        box = _Box(id(n), [f"#{steps.get(id(n), '-')} {n.op}{group}",
                           ", ".join(v.describe() for v in n.outputs)], "node", fill)
        srcs = [id(v.producer) if v.producer is not None else id(v)
                for v in dict.fromkeys(n.inputs())]
        box.rank = 1 + max((boxes[s].rank for s in srcs), default=0)
        boxes[id(n)] = box
        edges += [(s, id(n)) for s in srcs]
    bottom = 1 + max((b.rank for b in boxes.values()), default=0)
    for i, v in enumerate(g.outputs):
        if v is None:
            continue
        kind = "output" if i < g.n_user_outputs else "saved for backward"
        key = ("out", i)
        boxes[key] = _Box(key, [f"{kind} {i}", v.describe()], "output", "#ffffff")
        boxes[key].rank = bottom
        edges.append((id(v.producer) if v.producer is not None else id(v), key))
    return boxes, edges


def _layout(boxes: dict, edges: list) -> tuple[list, float, float]:
    """Positions every box (dummies included) and returns each edge as its chain of keys."""
    chains = []
    for a, b in edges:
        chain = [a]
        for r in range(boxes[a].rank + 1, boxes[b].rank):
            key = ("dummy", a, b, r)
            boxes[key] = _Box(key, [], "dummy", "")
            boxes[key].rank = r
            chain.append(key)
        chains.append(chain + [b])
    rows: dict = {}
    for box in boxes.values():
        rows.setdefault(box.rank, []).append(box)
    up: dict = {}
    down: dict = {}
    for chain in chains:
        for a, b in zip(chain, chain[1:]):
            down.setdefault(a, []).append(b)
            up.setdefault(b, []).append(a)
    ranks = sorted(rows)

    def order(neighbours, sweep):
        for r in sweep:
            where = {}
            for rr in (r - 1, r + 1):
                for i, box in enumerate(rows.get(rr, [])):
                    where[box.key] = i
            def centre(box, old):
                ns = [where[k] for k in neighbours.get(box.key, []) if k in where]
                return sum(ns) / len(ns) if ns else old
            rows[r] = [box for _, _, box in sorted(
                (centre(box, i), i, box) for i, box in enumerate(rows[r]))]
    for _ in range(3):
        order(up, ranks[1:])
        order(down, list(reversed(ranks[:-1])))
    widths = {r: sum(b.w for b in rows[r]) + _GAP_X * (len(rows[r]) - 1) for r in ranks}
    width = max(widths.values(), default=0) + 20
    for r in ranks:
        x = 10 + (width - 20 - widths[r]) / 2
        for box in rows[r]:
            box.x, box.y = x, 10 + r * (_BOX_H + _GAP_Y)
            x += box.w + _GAP_X
    height = 20 + (max(ranks, default=0) + 1) * (_BOX_H + _GAP_Y) - _GAP_Y
    return chains, width, height


def _svg_part(g: Graph, dy: float, title: str | None) -> tuple[list, float, float]:
    boxes, edges = _boxes_and_edges(g)
    chains, width, height = _layout(boxes, edges)
    top = dy + (18 if title else 0)
    # each edge enters its target at its own port along the top edge, ordered by where the
    # edge comes from, so that arrowheads into one box do not overlap
    port: dict = {}
    into: dict = {}
    for n, chain in enumerate(chains):
        into.setdefault(chain[-1], []).append(n)
    for key, ns in into.items():
        b = boxes[key]
        ns.sort(key=lambda n: boxes[chains[n][-2]].x)
        for k, n in enumerate(ns):
            port[n] = b.x + b.w * (k + 1) / (len(ns) + 1)
    out = []
    if title:
        out.append(f'<text class="title" x="10" y="{dy + 13}" font-weight="bold">'
                   f'{escape(title)}</text>')
    for n, chain in enumerate(chains):
        pts = []
        for i, key in enumerate(chain):
            b = boxes[key]
            cx = port[n] if i == len(chain) - 1 else b.x + b.w / 2
            if i > 0:
                pts.append((cx, top + b.y))            # enter at the top
            if i < len(chain) - 1:
                pts.append((cx, top + b.y + _BOX_H))   # leave at the bottom
        d = " ".join(f"{'M' if i == 0 else 'L'}{x:.1f},{y:.1f}" for i, (x, y) in enumerate(pts))
        out.append(f'<path class="edge" d="{d}" fill="none" stroke="#555" stroke-width="1" '
                   'marker-end="url(#arrow)"/>')
    for b in boxes.values():
        if b.kind == "dummy":
            continue
        x, y = b.x, top + b.y
        style = {"input": 'rx="16" stroke="#333" stroke-width="2"',
                 "const": 'rx="16" stroke="#333" stroke-dasharray="4 3"',
                 "node": 'rx="4" stroke="#333"',
                 "output": 'rx="4" stroke="#333" stroke-width="3"'}[b.kind]
        out.append(f'<g class="box {b.kind}"><rect x="{x:.1f}" y="{y:.1f}" width="{b.w}" '
                   f'height="{_BOX_H}" fill="{b.fill}" {style}/>')
        for i, text in enumerate(b.lines):
            out.append(f'<text x="{x + 7:.1f}" y="{y + 15 + 14 * i:.1f}">{escape(text)}</text>')
        out.append("</g>")
    return out, width, top + height - dy


def svg(g: Graph) -> str:
    """g drawn by the built-in layout (Note [Drawing a graph without Graphviz]): graph inputs
    as thick rounded boxes (constants dashed), ops filled with their fused group's colour,
    outputs and values saved for backward as thick-bordered boxes in the bottom row, edges
    with arrowheads; the backward graph below the forward one when there is one."""
    parts = [(g, None)] if g.backward is None else [(g, "forward graph"),
                                                     (g.backward, "backward graph")]
    body, width, y = [], 0.0, 0.0
    for part, title in parts:
        out, w, h = _svg_part(part, y, title)
        body += out
        width, y = max(width, w), y + h + 10
    head = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{y:.0f}" '
            'font-family="monospace" font-size="11">',
            '<defs><marker id="arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="7" '
            'markerHeight="7" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" '
            'fill="#555"/></marker></defs>']
    return "\n".join(head + body + ["</svg>"]) + "\n"


_LAYOUTS = ("auto", "dot", "builtin")


def svg_with(g: Graph, layout: str = "auto") -> str:
    """SVG of g laid out by Graphviz's `dot` program (layout='dot'), by the built-in drawing
    ('builtin'), or by dot when it is on PATH and works, else the built-in one ('auto')."""
    if layout not in _LAYOUTS:
        raise ValueError(f"save_svg: layout must be one of {', '.join(map(repr, _LAYOUTS))}; "
                         f"got {layout!r}")
    if layout == "builtin":
        return svg(g)
    import shutil
    import subprocess
    exe = shutil.which("dot")
    if exe is None:
        if layout == "dot":
            raise RuntimeError("save_svg(layout='dot'): Graphviz's dot program is not on PATH; "
                               "install Graphviz, or use layout='builtin' (or 'auto')")
        return svg(g)
    try:
        done = subprocess.run([exe, "-Tsvg"], input=dot(g), capture_output=True, text=True,
                              timeout=60)
        failed = done.returncode != 0 or "<svg" not in done.stdout
        why = done.stderr.strip() or f"exit status {done.returncode}"
    except (OSError, subprocess.TimeoutExpired) as e:
        failed, why = True, str(e)
    if failed:
        if layout == "dot":
            raise RuntimeError(f"save_svg(layout='dot'): {exe} failed: {why}")
        return svg(g)
    return done.stdout


def _save(render):
    def save(g: Graph, path) -> None:
        with open(path, "w", encoding="utf-8") as f:
            f.write(render(g))
    return save


# The Graph's printed and pictured forms, attached here so that ir.py needs no import of this
# module (which imports it): print(g), g.save_dot(path), g.save_svg(path).
Graph.__str__ = listing  # type: ignore[method-assign,assignment]
Graph.save_dot = _save(dot)  # type: ignore[attr-defined]


def _save_svg(g: Graph, path, layout: str = "auto") -> None:
    text = svg_with(g, layout)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


Graph.save_svg = _save_svg  # type: ignore[attr-defined]

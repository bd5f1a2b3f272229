"""The pictures of a compiled graph (``g.save_svg``, ``g.save_dot``): what a reader must find in
them (inputs, outputs, arrowheads, the backward graph), that no edge is drawn through a box,
and that Graphviz's ``dot`` is used when it is on PATH, with the built-in drawing as fallback
(a stand-in ``dot`` program plays Graphviz, so this runs where Graphviz is not installed)."""

from __future__ import annotations

import os
import re
import stat
import xml.etree.ElementTree as ET

import pytest

import aten_lite as al
from aten_lite.compile import render

SVG = "{http://www.w3.org/2000/svg}"


def _mlp(x, w, b, y):
    h = (x @ w + b).relu()
    return al.nn.functional.cross_entropy(h, y) + 0.1 * (h * h).mean()


def _graph(requires_grad=True):
    x = al.randn(8, 16)
    w, b = al.randn(16, 10, requires_grad=requires_grad), al.zeros(10, requires_grad=requires_grad)
    return al.compile(_mlp).graph(x, w, b, al.randint(0, 10, (8,)))


def _drawing(g, tmp_path):
    g.save_svg(tmp_path / "g.svg", layout="builtin")
    return ET.parse(tmp_path / "g.svg").getroot()


def _boxes(root):
    return [(grp.get("class").split()[1], grp.find(f"{SVG}rect"),
             [t.text for t in grp.findall(f"{SVG}text")])
            for grp in root.iter(f"{SVG}g") if "box" in (grp.get("class") or "").split()]


def _points(path):
    return [tuple(map(float, p.split(","))) for p in re.findall(r"[ML]([\d.]+,[\d.]+)", path.get("d"))]


def _crosses(p, q, rect):
    """Whether segment p-q passes through the inside of rect (shrunk by half a pixel, so that
    an edge ending on a box's border does not count)."""
    x0, y0 = float(rect.get("x")) + 0.5, float(rect.get("y")) + 0.5
    x1, y1 = x0 + float(rect.get("width")) - 1, y0 + float(rect.get("height")) - 1
    for k in range(201):  # dense sampling: exact enough for straight segments and boxes
        t = k / 200
        x, y = p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])
        if x0 < x < x1 and y0 < y < y1:
            return True
    return False


def test_svg_marks_inputs_and_outputs_and_draws_arrowheads(tmp_path):
    g = _graph(requires_grad=False)
    root = _drawing(g, tmp_path)
    kinds = [k for k, _, _ in _boxes(root)]
    assert kinds.count("input") == len(g.inputs) == 4
    assert kinds.count("node") == len(g.nodes)
    assert kinds.count("output") == sum(v is not None for v in g.outputs) == 1
    out_box = next(r for k, r, _ in _boxes(root) if k == "output")
    assert float(out_box.get("stroke-width")) > 1   # outputs stand out
    edges = [p for p in root.iter(f"{SVG}path") if p.get("class") == "edge"]
    n_edges = sum(len(dict.fromkeys(n.inputs())) for n in g.nodes) + 1
    assert len(edges) == n_edges
    assert all(e.get("marker-end") == "url(#arrow)" for e in edges)
    assert root.find(f"{SVG}defs/{SVG}marker").get("id") == "arrow"
    # every edge ends on the top border of the box it points into
    tops = {(round(float(r.get("y")), 1), float(r.get("x")), float(r.get("x")) + float(r.get("width")))
            for _, r, _ in _boxes(root)}
    for e in edges:
        x, y = _points(e)[-1]
        assert any(abs(y - ty) < 0.05 and x0 < x < x1 for ty, x0, x1 in tops), (x, y)


def test_no_edge_runs_through_a_box(tmp_path):
    for g in (_graph(), _graph().backward):
        root = _drawing(g, tmp_path)
        rects = [r for _, r, _ in _boxes(root)]
        for e in (p for p in root.iter(f"{SVG}path") if p.get("class") == "edge"):
            pts = _points(e)
            for p, q in zip(pts, pts[1:]):
                hit = [r.attrib for r in rects if _crosses(p, q, r)]
                assert not hit, (e.get("d"), hit)


def test_svg_and_dot_draw_the_backward_graph_too(tmp_path):
    g = _graph()
    assert g.backward is not None
    root = _drawing(g, tmp_path)
    titles = [t.text for t in root.iter(f"{SVG}text") if t.get("class") == "title"]
    assert titles == ["forward graph", "backward graph"]
    ops = " ".join(" ".join(lines) for _, _, lines in _boxes(root))
    assert all(n.op in ops for n in g.backward.nodes)
    assert "saved for backward" in ops
    g.save_dot(tmp_path / "g.dot")
    text = (tmp_path / "g.dot").read_text()
    assert 'label="forward graph"' in text and 'label="backward graph"' in text
    assert text.count("peripheries=2") == sum(v is not None for v in g.outputs) + sum(
        v is not None for v in g.backward.outputs)


def _fake_dot(tmp_path, body: str):
    folder = tmp_path / "bin"
    folder.mkdir(exist_ok=True)
    exe = folder / "dot"
    exe.write_text("#!/bin/sh\n" + body)
    exe.chmod(exe.stat().st_mode | stat.S_IXUSR)
    return folder


def test_graphviz_dot_is_used_when_on_path(tmp_path, monkeypatch):
    seen = tmp_path / "seen.dot"
    folder = _fake_dot(tmp_path, f'[ "$1" = "-Tsvg" ] || exit 2\ncat > {seen}\n'
                                 'echo "<svg xmlns=\\"http://www.w3.org/2000/svg\\">by dot</svg>"\n')
    monkeypatch.setenv("PATH", f"{folder}{os.pathsep}{os.environ['PATH']}")
    g = _graph()
    g.save_svg(tmp_path / "auto.svg")
    assert "by dot" in (tmp_path / "auto.svg").read_text()
    assert seen.read_text() == render.dot(g)
    g.save_svg(tmp_path / "mine.svg", layout="builtin")
    assert "by dot" not in (tmp_path / "mine.svg").read_text()


def test_a_failing_dot_falls_back_or_raises_as_asked(tmp_path, monkeypatch):
    folder = _fake_dot(tmp_path, 'echo "Error: syntax error in line 3" >&2\nexit 1\n')
    monkeypatch.setenv("PATH", f"{folder}{os.pathsep}{os.environ['PATH']}")
    g = _graph()
    g.save_svg(tmp_path / "auto.svg")                 # auto: the built-in drawing instead
    assert 'class="box input"' in (tmp_path / "auto.svg").read_text()
    with pytest.raises(RuntimeError, match="failed: Error: syntax error in line 3"):
        g.save_svg(tmp_path / "dot.svg", layout="dot")
    monkeypatch.setenv("PATH", str(tmp_path / "empty"))
    with pytest.raises(RuntimeError, match="dot program is not on PATH"):
        g.save_svg(tmp_path / "dot.svg", layout="dot")
    with pytest.raises(ValueError, match="layout must be one of 'auto', 'dot', 'builtin'; got 'neato'"):
        g.save_svg(tmp_path / "x.svg", layout="neato")

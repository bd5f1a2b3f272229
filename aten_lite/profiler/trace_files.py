"""The profile as files: a Chrome trace (JSON, for Perfetto and chrome://tracing) and a small
SVG timeline (lanes as rows, events as boxes) a page can show without a viewer."""

from __future__ import annotations

import json
import os
from html import escape

from ..vocab.profiling import KERNEL, LANES, PYTHON, STREAM

__all__ = ["chrome_trace", "timeline_svg"]

_LANE_TITLES = {PYTHON: "python", KERNEL: "kernels", STREAM: "stream"}


def _json_args(args: dict) -> dict:
    return {k: v if isinstance(v, (str, int, float, bool)) or v is None else str(v)
            for k, v in args.items() if not k.startswith("_")}


def _in_order(events: list) -> list:
    """By start; at equal starts the longer (the parent) first, then the order they opened."""
    order = {id(e): i for i, e in enumerate(events)}
    return sorted(events, key=lambda e: (e.start, -e.end, order[id(e)]))


def _lanes(events: list, thread_names: dict) -> dict:
    """(tid, lane) -> (chrome tid, title), in a stable order: each thread's python lane,
    then its kernel lane, then stream lanes."""
    keys = sorted({(e.tid, e.lane) for e in events},
                  key=lambda k: (k[1] == STREAM, k[0], LANES.index(k[1])))
    out = {}
    for n, (tid, lane) in enumerate(keys, start=1):
        if lane == STREAM:
            title = f"stream {tid}"
        else:
            title = f"{_LANE_TITLES[lane]} ({thread_names.get(tid, tid)})"
        out[(tid, lane)] = (n, title)
    return out


def chrome_trace(events: list, thread_names: dict, path) -> None:
    """Write ``events`` as Chrome trace JSON: process and thread names ("M" events), one
    complete ("X") event per interval, microseconds from the first event."""
    events = [e for e in events if e.end is not None]
    pid = os.getpid()
    lanes = _lanes(events, thread_names)
    t0 = min((e.start for e in events), default=0)
    out = [{"ph": "M", "name": "process_name", "pid": pid, "tid": 0,
            "args": {"name": "aten_lite"}}]
    for (tid, lane), (n, title) in lanes.items():
        out.append({"ph": "M", "name": "thread_name", "pid": pid, "tid": n,
                    "args": {"name": title}})
        out.append({"ph": "M", "name": "thread_sort_index", "pid": pid, "tid": n,
                    "args": {"sort_index": n}})
    # Parents before children at equal start, so viewers stack them as they nested.
    for e in _in_order(events):
        args = _json_args(e.args)
        if e.shapes is not None:
            args["Input Dims"] = e.shapes
        if e.memory:
            args["bytes"] = e.memory
        out.append({"ph": "X", "cat": e.cat, "name": e.name, "pid": pid,
                    "tid": lanes[(e.tid, e.lane)][0],
                    "ts": (e.start - t0) / 1000.0, "dur": (e.end - e.start) / 1000.0,
                    "args": args})
    with open(path, "w") as f:
        json.dump({"traceEvents": out, "displayTimeUnit": "ms",
                   "otherData": {"producer": "aten_lite.profiler"}}, f)


_COLORS = {"op": "#4e79a7", "kernel": "#f28e2b", "queue": "#bab0ac", "backward": "#e15759",
           "graph": "#76b7b2", "fused": "#59a14f", "user_annotation": "#b07aa1"}


_LEGEND = {"op": "op (python lane: dispatch, checks, kernel call)", "kernel": "C++ kernel",
           "queue": "queue wait", "backward": "backward node / pass",
           "graph": "graph replay", "fused": "fused kernel",
           "user_annotation": "record_function / optimizer"}


def timeline_svg(events: list, thread_names: dict, path, width: int = 1200,
                 row_height: int = 16, max_depth: int = 4, title: str | None = None) -> None:
    """Draw the events as an SVG picture: one band per lane (a python lane gets one row per
    nesting level, up to ``max_depth``), one box per event, its name inside when it fits."""
    events = [e for e in events if e.end is not None]
    if not events:
        raise ValueError("timeline_svg: the profile has no events to draw")
    lanes = _lanes(events, thread_names)
    t0 = min(e.start for e in events)
    t1 = max(e.end for e in events)
    label_w = 150
    scale = (width - label_w - 10) / max(t1 - t0, 1)
    depth_of = _depths(events)
    rows = {}
    y = 28 if title else 8
    for key, (_, name) in lanes.items():
        levels = 1
        if key[1] == PYTHON:
            levels = min(max_depth, 1 + max((depth_of[id(e)] for e in events
                                             if (e.tid, e.lane) == key), default=0))
        rows[key] = (y, name, levels)
        y += levels * row_height + 8
    axis_y = y + 4
    legend_y = axis_y + 34
    height = legend_y + 8
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
             f'font-family="sans-serif" font-size="10">',
             f'<rect width="{width}" height="{height}" fill="white"/>']
    if title:
        parts.append(f'<text x="8" y="18" font-size="13">{escape(title)}</text>')
    for key, (ry, name, levels) in rows.items():
        parts.append(f'<rect x="0" y="{ry - 2}" width="{width}" '
                     f'height="{levels * row_height + 4}" fill="#f4f4f4"/>')
        parts.append(f'<text x="4" y="{ry + 11}">{escape(name)}</text>')
    for e in _in_order(events):
        ry, _, levels = rows[(e.tid, e.lane)]
        d = depth_of.get(id(e), 0)
        if d >= levels:
            continue
        x = label_w + (e.start - t0) * scale
        w = max((e.end - e.start) * scale, 0.5)
        yy = ry + d * row_height
        color = _COLORS.get(e.cat, "#9c755f")
        tip = f"{e.name} {(e.end - e.start) / 1000.0:.1f} us"
        parts.append(f'<rect x="{x:.2f}" y="{yy}" width="{w:.2f}" height="{row_height - 2}" '
                     f'fill="{color}" stroke="white" stroke-width="0.3">'
                     f'<title>{escape(tip)}</title></rect>')
        text = e.name[4:] if e.name.startswith("al::") else e.name
        if w > 6 * len(text) + 4:
            parts.append(f'<text x="{x + 2:.2f}" y="{yy + 11}" fill="white">'
                         f'{escape(text)}</text>')
    span_us = (t1 - t0) / 1000.0
    parts.append(f'<line x1="{label_w}" y1="{axis_y}" x2="{width - 10}" y2="{axis_y}" '
                 f'stroke="black"/>')
    for i in range(5):
        x = label_w + i * (width - label_w - 10) / 4
        parts.append(f'<line x1="{x:.1f}" y1="{axis_y}" x2="{x:.1f}" y2="{axis_y + 4}" '
                     f'stroke="black"/>')
        parts.append(f'<text x="{x:.1f}" y="{axis_y + 15}" text-anchor="middle">'
                     f'{span_us * i / 4:.0f} us</text>')
    x = label_w
    for cat in sorted({e.cat for e in events} & set(_COLORS), key=list(_COLORS).index):
        parts.append(f'<rect x="{x}" y="{legend_y - 9}" width="10" height="10" '
                     f'fill="{_COLORS[cat]}"/>')
        parts.append(f'<text x="{x + 14}" y="{legend_y}">{_LEGEND[cat]}</text>')
        x += 26 + int(5.2 * len(_LEGEND[cat]))
    parts.append("</svg>")
    with open(path, "w") as f:
        f.write("\n".join(parts) + "\n")


def _depths(events: list) -> dict:
    """id(event) -> its nesting level within its lane (0: outermost)."""
    out = {}
    by_lane: dict = {}
    for e in _in_order(events):
        by_lane.setdefault((e.tid, e.lane), []).append(e)
    for evs in by_lane.values():
        stack = []
        for e in evs:
            while stack and not (e.start >= stack[-1].start and e.end <= stack[-1].end):
                stack.pop()
            out[id(e)] = len(stack)
            stack.append(e)
    return out

"""Timing and reporting shared by the benchmarks: medians, side-by-side peers, targets.

Every benchmark measures aten_lite and its peers (NumPy, and torch when installed) in the same
process, one after another, so a noisy machine moves all of them together.
"""

from __future__ import annotations

import statistics
import time
from dataclasses import dataclass, field
from typing import Callable


def _batch_size(fn: Callable[[], object], target: float) -> int:
    """Calls of ``fn`` that take about ``target`` seconds (at least one)."""
    fn()
    n = 1
    while True:
        t0 = time.perf_counter()
        for _ in range(n):
            fn()
        dt = time.perf_counter() - t0
        if dt > target or n >= 1 << 24:
            return n
        n *= 4 if dt < target / 8 else 2


def compare(fns: dict[str, Callable[[], object]], *, repeat: int = 7,
            budget: float = 0.2) -> dict[str, float]:
    """Median seconds per call of each function, timed in interleaved rounds.

    Round r times one batch of every function before round r + 1 starts, so a burst of load
    from another process on this shared machine hits every library alike instead of the one
    that happened to be running."""
    sizes = {name: _batch_size(fn, budget / repeat) for name, fn in fns.items()}
    times: dict[str, list[float]] = {name: [] for name in fns}
    for _ in range(repeat):
        for name, fn in fns.items():
            n = sizes[name]
            t0 = time.perf_counter()
            for _ in range(n):
                fn()
            times[name].append((time.perf_counter() - t0) / n)
    return {name: statistics.median(ts) for name, ts in times.items()}


def per_call(fn: Callable[[], object], *, repeat: int = 7, budget: float = 0.2) -> float:
    """Median seconds per call of ``fn`` over ``repeat`` timed batches (``budget`` seconds in
    all)."""
    return compare({"fn": fn}, repeat=repeat, budget=budget)["fn"]


@dataclass
class Row:
    case: str  # what was measured
    unit: str  # "us", "GB/s", "GFLOP/s", "ms", "s", "faults"
    ours: float  # aten_lite's figure
    peers: dict[str, float | None] = field(default_factory=dict)  # name -> figure (None: absent)
    target: str = ""  # the bar to meet, e.g. ">= numpy" or "<= 2x torch"
    ok: bool | None = None  # whether the bar is met (None: peer missing, cannot judge)


def judge(ours: float, peer: float | None, *, factor: float, higher_is_better: bool) -> bool | None:
    """ours meets ``factor`` times the peer: higher-is-better ours >= f*peer, else ours <= f*peer."""
    if peer is None:
        return None
    return ours >= factor * peer if higher_is_better else ours <= factor * peer


def _fmt(x: float) -> str:
    """Three significant digits, without exponents for the counts (16,384 faults)."""
    return f"{x:,.0f}" if abs(x) >= 1000 else f"{x:.3g}"


def table(rows: list[Row], peer_names: list[str]) -> str:
    head = ["case", "unit", "aten_lite", *peer_names, "target", "met"]
    body = []
    for r in rows:
        peers = [("-" if r.peers.get(p) is None else _fmt(r.peers[p])) for p in peer_names]
        met = "-" if not r.target else {True: "yes", False: "NO", None: "n/a"}[r.ok]
        body.append([r.case, r.unit, _fmt(r.ours), *peers, r.target, met])
    widths = [max(len(str(x)) for x in col) for col in zip(head, *body)]
    fmt = lambda cells: "| " + " | ".join(str(c).ljust(w) for c, w in zip(cells, widths)) + " |"
    return "\n".join([fmt(head), "|" + "|".join("-" * (w + 2) for w in widths) + "|", *map(fmt, body)])


@dataclass(frozen=True)
class Target:
    """A bar to meet: ours against ``factor`` times ``peer``'s figure."""

    peer: str  # the peer column the bar refers to ("numpy", "torch")
    factor: float = 1.0  # 2.0 in ">= 2x numpy"
    higher_is_better: bool = True  # GB/s: higher; microseconds: lower

    def __str__(self) -> str:
        times = "" if self.factor == 1.0 else f"{self.factor:g}x "
        return f"{'>=' if self.higher_is_better else '<='} {times}{self.peer}"

    def row(self, case: str, unit: str, ours: float, peers: dict[str, float | None]) -> Row:
        ok = judge(ours, peers.get(self.peer), factor=self.factor,
                   higher_is_better=self.higher_is_better)
        return Row(case, unit, ours, peers, str(self), ok)


def steady_heap() -> None:
    """Let glibc's malloc keep freed blocks of up to 64 MB for reuse, as it comes to do in a
    long-running program, so that peers that allocate with malloc (torch, NumPy) are timed in
    their steady state (Note [Peers' heap]). aten_lite's own large-block cache is unaffected.

    Note [Peers' heap]: glibc serves a block of 128 KB or more with a fresh mmap until a free
    of such a block raises that threshold, and gives the top of its heap back once two
    thresholds lie free there. A fresh process therefore page-faults in every multi-MB
    buffer of every call: torch's conv2d step (bench_conv) took 8.6-9.9 ms run alone and
    3.5-4.1 ms after another benchmark had freed a 24 MB block, which is why the two
    harnesses disagreed 2.5x. Setting the thresholds once gives every run the second, the
    speed a training program sees after its first steps."""
    import ctypes
    import ctypes.util

    name = ctypes.util.find_library("c")
    if not name:
        return
    try:
        libc = ctypes.CDLL(name)
        m_trim_threshold, m_mmap_threshold = -1, -3
        libc.mallopt(m_mmap_threshold, 64 << 20)
        libc.mallopt(m_trim_threshold, 256 << 20)
    except (OSError, AttributeError):
        return


def standalone():
    """(aten_lite, torch or None) for a benchmark script run on its own: one thread for each
    (BLAS included, set before either is imported), aten_lite from this checkout."""
    import os
    import sys
    from pathlib import Path

    for var in ("OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
        os.environ[var] = "1"
    steady_heap()
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    import aten_lite

    aten_lite.set_num_threads(1)
    try:
        import torch
    except ImportError:
        return aten_lite, None
    torch.set_num_threads(1)
    return aten_lite, torch

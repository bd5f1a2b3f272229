"""Profile one eager training step of the digits MLP (Linear(64, 128) -> ReLU -> Linear(128,
10), cross_entropy, SGD lr 0.1, batch 64) with ``al.profiler``: prints the key_averages table,
writes the Chrome trace (open it in https://ui.perfetto.dev or chrome://tracing) and draws the
timeline as an SVG (docs/profile_step.svg is the README's picture), and with ``--overhead``
measures what the profiler costs per op (``add`` of one element), with and without a profile
open (docs/PROFILER.md has the figures).

    python benchmarks/profile_step.py
    python benchmarks/profile_step.py --trace /tmp/step.json --svg docs/profile_step.svg
    python benchmarks/profile_step.py --overhead
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")  # tiny matrices: BLAS threads only cost

import numpy as np  # noqa: E402

import aten_lite as al  # noqa: E402
from aten_lite import nn  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
BATCH = 64


def batch():
    """The first batch of the digits (examples/digits.py's split), or random pixels of the
    same shape when scikit-learn is not installed: the ops and shapes are what matter here."""
    sys.path.insert(0, str(ROOT / "examples"))
    try:
        import digits

        data = digits.load_data(0)
        return data.x_train[:BATCH], data.y_train[:BATCH]
    except (ImportError, SystemExit):
        rng = np.random.default_rng(0)
        return rng.random((BATCH, 64), dtype=np.float32), rng.integers(0, 10, BATCH)


def profile_step(steps: int = 3, record_shapes: bool = False):
    al.manual_seed(0)
    model = nn.Sequential(nn.Linear(64, 128), nn.ReLU(), nn.Linear(128, 10))
    opt = al.optim.SGD(model.parameters(), lr=0.1)
    xb, yb = batch()
    x, y = al.from_numpy(xb), al.from_numpy(yb)

    def step():
        with al.profiler.record_function("forward"):
            loss = nn.functional.cross_entropy(model(x), y)
        opt.zero_grad()
        with al.profiler.record_function("backward"):
            loss.backward()
        opt.step()
        return loss

    for _ in range(20):  # warm: caches, first-call lookups
        step()
    with al.profiler.profile(record_shapes=record_shapes) as prof:
        for _ in range(steps):
            step()
    return prof


def span_ns(prof) -> int:
    events = prof.events()
    return max(e.end for e in events) - min(e.start for e in events)


def per_op_ns(profiled: bool, n: int = 10000, repeats: int = 60) -> float:
    """Best-of-``repeats`` time per ``x + y`` on one element, in ns of the thread's CPU time
    (a thread descheduled on a shared machine does not count)."""
    x, y = al.ones(1), al.ones(1)
    best = float("inf")
    for _ in range(repeats):
        if profiled:
            prof = al.profiler.profile()
            prof.start()
        t = time.thread_time_ns()
        for _ in range(n):
            x + y
        best = min(best, (time.thread_time_ns() - t) / n)
        if profiled:
            prof.stop()
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=1, help="training steps to profile")
    parser.add_argument("--trace", default="profile_step.json", help="Chrome trace to write")
    parser.add_argument("--svg", default=None, help="SVG timeline to write (e.g. "
                        "docs/profile_step.svg)")
    parser.add_argument("--rows", type=int, default=15, help="rows of the table")
    parser.add_argument("--best-of", type=int, default=5,
                        help="profiles to take; the quickest is shown")
    parser.add_argument("--overhead", action="store_true",
                        help="also measure the per-op cost with and without a profile open")
    args = parser.parse_args()
    # On a shared machine a step is sometimes descheduled mid-kernel: keep the quickest of
    # --best-of profiles, so the picture shows the program, not the neighbours.
    prof = min((profile_step(args.steps) for _ in range(args.best_of)), key=span_ns)
    print(prof.key_averages().table(sort_by="self_cpu_time_total", row_limit=args.rows))
    prof.export_chrome_trace(args.trace)
    print(f"Chrome trace: {args.trace} (open in https://ui.perfetto.dev or chrome://tracing)")
    if args.svg:
        prof.export_timeline_svg(args.svg, width=1100, max_depth=4,
                                 title="aten_lite.profiler: one eager step of the digits MLP "
                                       "(batch 64, 64-128-10, SGD)")
        print(f"timeline: {args.svg}")
    if args.overhead:
        for _ in range(3):
            off, on = per_op_ns(False), per_op_ns(True)
            print(f"add, 1 element: {off:.0f} ns per call without a profile, {on:.0f} ns with "
                  f"one open (+{on - off:.0f} ns)")


if __name__ == "__main__":
    main()

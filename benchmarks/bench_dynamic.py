"""Shape-generic replays (Note [Shape-generic replays] in aten_lite/compile/symbolic.py): the
first call at a new batch size of an MLP training step (forward and backward), replayed by
the generic graph after its check trace, beside a recapture at that size (``dynamic=False``),
torch.compile with ``dynamic=True`` and torch eager, and the steady replays of each. One
thread; each figure is the median over fresh batch sizes (the range in the printed table).

    python benchmarks/bench_dynamic.py [--sizes 15]   # prints the table
    python benchmarks/run.py --only compile           # writes these rows to RESULTS.md
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time

from harness import Row, Target, standalone, table

PEERS = ["al.compile per shape", "torch", "torch.compile"]
FIRST = (64, 37, 50)  # the batch sizes: one capture for all of them


def _step(F):
    def step(x, w1, b1, w2, b2, y):
        h = (x.view(x.shape[0], -1) @ w1 + b1).relu()
        return F.cross_entropy(h @ w2 + b2, y)

    return step


def _timed(f, lib, params, b: int) -> float:
    """Seconds of one training step (forward, loss, backward) at batch size ``b``."""
    x, y = lib.randn(b, 8, 8), lib.randint(0, 10, (b,))
    start = time.perf_counter()
    loss = f(x, *params, y)
    loss.backward()
    return time.perf_counter() - start


def _figures(f, lib, params, sizes) -> tuple[list, list]:
    """(first call at each fresh size, a second call at each): seconds."""
    for b in FIRST:
        _timed(f, lib, params, b)
    first = [_timed(f, lib, params, b) for b in sizes]
    again = [_timed(f, lib, params, b) for b in sizes]
    return first, again


def measure(al, torch, n: int = 15) -> dict:
    """name -> (first-call seconds, replay seconds, captures or None) over ``n`` fresh sizes."""
    sizes = range(65, 65 + n)
    al.manual_seed(0)
    params = [al.randn(64, 128, requires_grad=True), al.zeros(128, requires_grad=True),
              al.randn(128, 10, requires_grad=True), al.zeros(10, requires_grad=True)]
    found = {}
    for name, dynamic in (("aten_lite", True), ("al.compile per shape", False)):
        f = al.compile(_step(al.nn.functional), dynamic=dynamic, cache_size=8 * n)
        first, again = _figures(f, al, params, sizes)
        found[name] = (first, again, f.stats["captures"])
    if torch is not None:
        torch.manual_seed(0)
        tparams = [torch.randn(64, 128, requires_grad=True), torch.zeros(128, requires_grad=True),
                   torch.randn(128, 10, requires_grad=True), torch.zeros(10, requires_grad=True)]
        step = _step(torch.nn.functional)
        found["torch"] = (*_figures(step, torch, tparams, sizes), None)
        compiled = torch.compile(step, dynamic=True)
        found["torch.compile"] = (*_figures(compiled, torch, tparams, sizes), None)
    return found


def run(al, torch, n: int = 15) -> list[Row]:
    return rows(measure(al, torch, n), n)


def rows(found: dict, n: int) -> list[Row]:
    """The table's rows from ``measure``'s figures."""
    ms = {k: (statistics.median(v[0]) * 1e3, statistics.median(v[1]) * 1e3)
          for k, v in found.items()}
    first = {p: ms[p][0] if p in ms else None for p in PEERS}
    again = {p: ms[p][1] if p in ms else None for p in PEERS}
    captures = found["aten_lite"][2]
    return [Target("al.compile per shape", higher_is_better=False).row(
                "MLP step (64-128-10), first call at a new batch size", "ms",
                ms["aten_lite"][0], first),
            Target("torch", higher_is_better=False).row(
                "MLP step (64-128-10), replay at that batch size", "ms", ms["aten_lite"][1],
                again),
            Row(f"captures of al.compile(dynamic=True) for batch sizes "
                f"{', '.join(map(str, FIRST))} and {n} more", "count", captures, {}, "1",
                captures == 1)]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, default=15, help="fresh batch sizes per figure")
    n = parser.parse_args().sizes
    al, torch = standalone()
    found = measure(al, torch, n)
    print(f"{'MLP step, new batch size':24} {'first call ms':>22} {'replay ms':>22} captures")
    for name, (first, again, captures) in found.items():
        cells = [f"{statistics.median(t) * 1e3:6.2f} ({min(t) * 1e3:.2f}-{max(t) * 1e3:.2f})"
                 for t in (first, again)]
        print(f"{name:24} {cells[0]:>22} {cells[1]:>22} {'' if captures is None else captures}")
    print()
    print(table(rows(found, n), PEERS))
    return 0


if __name__ == "__main__":
    sys.exit(main())

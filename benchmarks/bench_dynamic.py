"""Shape-generic replays (Note [Shape-generic replays] in aten_lite/compile/symbolic.py): the
first call at a new batch size of an MLP training step (forward and backward), replayed by
the generic graph after its check trace, beside a recapture at that size (``dynamic=False``),
and the steady replays of both. One thread; each figure is the median over fresh sizes, with
the range.

    python benchmarks/bench_dynamic.py [--sizes 15]
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
os.environ.setdefault("OMP_NUM_THREADS", "1")

import aten_lite as al  # noqa: E402

F = al.nn.functional


def step(x, w1, b1, w2, b2, y):
    h = (x.view(x.shape[0], -1) @ w1 + b1).relu()
    return F.cross_entropy(h @ w2 + b2, y)


def _call(f, params, b):
    x, y = al.randn(b, 8, 8), al.randint(0, 10, (b,))
    start = time.perf_counter()
    loss = f(x, *params, y)
    loss.backward()
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, default=15, help="fresh batch sizes per figure")
    n = parser.parse_args().sizes
    al.set_num_threads(1)
    al.manual_seed(0)
    params = [al.randn(64, 128, requires_grad=True), al.zeros(128, requires_grad=True),
              al.randn(128, 10, requires_grad=True), al.zeros(10, requires_grad=True)]
    rows = []
    for name, dynamic in (("shape-generic (dynamic=True)", True),
                          ("per-shape (dynamic=False)", False)):
        f = al.compile(step, dynamic=dynamic, cache_size=4 * n)
        _call(f, params, 64)  # the first capture (kernels built or loaded)
        first = [_call(f, params, 65 + i) for i in range(n)]
        again = [_call(f, params, 65 + i) for i in range(n)]
        rows.append((name, first, again, f.stats["captures"]))
    print(f"{'MLP step, new batch size':32} {'first call ms':>22} {'replay ms':>22} captures")
    for name, first, again, captures in rows:
        cells = [f"{statistics.median(t) * 1e3:6.2f} ({min(t) * 1e3:.2f}-{max(t) * 1e3:.2f})"
                 for t in (first, again)]
        print(f"{name:32} {cells[0]:>22} {cells[1]:>22} {captures}")


if __name__ == "__main__":
    main()

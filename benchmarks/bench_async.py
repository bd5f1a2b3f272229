"""Asynchronous execution against running every kernel in its call (docs/ASYNC.md): one eager
SGD step of the digits MLP (batch 64, 64-128-10, cross_entropy), a chain of float32
elementwise ops on 64x128 tensors (per op), and 16M-element ops (per op), plus a check that
the two modes give the same bits.

Each round times a batch in one mode, then the same batch in the other (the async batch ends
with al.synchronize(), so its figure includes the wait for the last kernels); the figures are
medians over rounds, so a burst of load from another process hits both modes alike.

    python benchmarks/bench_async.py [--rounds N] [--threads N]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import aten_lite as al  # noqa: E402


def _mlp(seed: int = 0):
    rng = np.random.default_rng(seed)
    al.manual_seed(seed)
    model = al.nn.Sequential(al.nn.Linear(64, 128), al.nn.ReLU(), al.nn.Linear(128, 10))
    opt = al.optim.SGD(model.parameters(), lr=0.1)
    x = al.tensor(rng.random((64, 64), dtype=np.float32))
    y = al.tensor(rng.integers(0, 10, 64))

    def step():
        loss = al.nn.functional.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        return loss

    return model, step


def _chain(shape, length: int):
    x = al.ones(*shape)
    w = al.full(shape, 0.5)

    def run():
        y = x
        for _ in range(length // 4):
            y = y * w
            y = y + x
            y = y.relu()
            y = y - w
        return y

    return run


def _timed(fn, n: int, on: bool) -> float:
    al.set_async(on)
    try:
        t0 = time.perf_counter()
        for _ in range(n):
            fn()
        al.synchronize()
        return (time.perf_counter() - t0) / n
    finally:
        al.set_async(False)


def _compare(fn, n: int, rounds: int) -> tuple[float, float, list[float], dict]:
    """(sync seconds, async seconds, per-round ratios) per call of fn, and the stream's
    counters over the async rounds (docs/ASYNC.md, "Counters")."""
    fn()
    _timed(fn, 2, True)
    syncs, asyncs, ratios = [], [], []
    counters = dict.fromkeys(al._C.stream_stats(), 0)
    for _ in range(rounds):
        s = _timed(fn, n, False)
        before = al._C.stream_stats()
        a = _timed(fn, n, True)
        for key, value in al._C.stream_stats().items():
            counters[key] += value - before[key]
        syncs.append(s)
        asyncs.append(a)
        ratios.append(a / s)
    return statistics.median(syncs), statistics.median(asyncs), ratios, counters


def _where(c: dict) -> str:
    """Where the async rounds' kernels ran, from the stream's counters."""
    calls = c["issued"] + c["in_call"]
    if not calls:
        return ""
    share = lambda k: f"{100 * c[k] / calls:.0f}%"  # noqa: E731
    return (f"worker {share('run_by_worker')}, caller {share('run_by_caller')} "
            f"(full ring {share('helped')}), in the call {share('in_call')}; "
            f"ring full at {share('full')} of calls, "
            f"waits {c['wait_ns'] / 1e3 / calls:.2f} us per call")


def _identical() -> bool:
    """The MLP's weights after 20 steps, async against sync: the same bits."""
    results = []
    for on in (False, True):
        model, step = _mlp()
        al.set_async(on)
        try:
            for _ in range(20):
                step()
            al.synchronize()
        finally:
            al.set_async(False)
        results.append([p.detach().numpy().copy() for p in model.parameters()])
    return all(np.array_equal(a, b) for a, b in zip(*results))


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--threads", type=int, default=1,
                        help="kernel and BLAS threads (the figures in docs/ASYNC.md use 1)")
    args = parser.parse_args(argv)
    al.set_num_threads(args.threads)
    rows = []
    _, step = _mlp()
    s, a, r, c = _compare(step, 200, args.rounds)
    rows.append(("digits MLP step (batch 64)", s, a, r, 1, "<= 0.8x", c))
    chain_len = 40
    s, a, r, c = _compare(_chain((64, 128), chain_len), 100, args.rounds)
    rows.append(("64x128 float32 elementwise chain, per op", s, a, r, chain_len, "<= 0.7x", c))
    s, a, r, c = _compare(_chain((4096, 4096), 4), 3, max(3, args.rounds // 2))
    rows.append(("16M-element float32 ops, per op", s, a, r, 4, "within 5%", c))
    print(f"{'case':44} {'sync us':>10} {'async us':>10} {'ratio':>7} {'range':>13}  target")
    for case, s, a, ratios, per, target, _ in rows:
        lo, hi = min(ratios), max(ratios)
        print(f"{case:44} {s / per * 1e6:10.2f} {a / per * 1e6:10.2f} {a / s:7.2f} "
              f"{lo:6.2f}-{hi:<6.2f}  {target}")
    print("where the async rounds' kernels ran (stream counters):")
    for case, *_, counters in rows:
        print(f"  {case}: {_where(counters)}")
    print(f"async results bit-identical to sync (MLP, 20 steps): {_identical()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

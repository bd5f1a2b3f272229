"""Graph breaks and concurrent branches, in one process.

1. A compiled function with a data-dependent ``if`` in the middle runs split (Note [Split
   calls] in aten_lite/compile/segments.py): one fused graph before the break, one after;
   beside eager aten_lite, torch eager, torch.compile (which splits at the break too) and
   JAX (two jitted halves around a Python ``if``), one thread.
2. Two independent heavy branches: the compiled plan run serially, and with the branches on
   two threads (Note [Concurrent branches] in aten_lite/compile/passes/branches.py), at one
   and at two kernel threads; torch eager and jax.jit beside them.

    python benchmarks/bench_breaks.py                  # torch.compile takes ~20 s cold
    python benchmarks/bench_breaks.py --no-torch-compile
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
os.environ.setdefault("OMP_NUM_THREADS", "1")
os.environ.setdefault("XLA_FLAGS", "--xla_cpu_multi_thread_eigen=false "
                      "intra_op_parallelism_threads=1")

import numpy as np  # noqa: E402

from bench_compile import _peers  # noqa: E402
from harness import Row, compare, table  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]


def g(x, y):
    a = (x * 2 + y).relu()
    if a.sum() > 0:  # reads data: a graph break
        return (a.exp() * 2).sum()
    return (a - 1).sum()


def bench_split(al, n: int, torch, torch_compile, jax) -> dict:
    rng = np.random.default_rng(0)
    xs = rng.standard_normal(n, dtype=np.float32) * 0.1
    ys = rng.standard_normal(n, dtype=np.float32) * 0.1
    x, y = al.from_numpy(xs), al.from_numpy(ys)
    cg = al.compile(g)
    want = g(x, y).item()
    assert abs(cg(x, y).item() - want) <= 1e-4 * abs(want)
    assert len(cg.graph(x, y).graphs) == 2
    fns = {"aten_lite eager": lambda: g(x, y), "aten_lite split": lambda: cg(x, y)}
    if torch is not None:
        tx, ty = torch.from_numpy(xs), torch.from_numpy(ys)
        fns["torch eager"] = lambda: g(tx, ty)
        if torch_compile is not None:
            tg = torch.compile(g)
            tg(tx, ty)
            fns["torch.compile"] = lambda: tg(tx, ty)
    if jax is not None:
        import jax.numpy as jnp

        first = jax.jit(lambda a, b: jnp.maximum(a * 2 + b, 0))
        taken = jax.jit(lambda a: (jnp.exp(a) * 2).sum())
        other = jax.jit(lambda a: (a - 1).sum())
        jx, jy = jnp.asarray(xs), jnp.asarray(ys)

        def jg():
            a = first(jx, jy)
            return (taken(a) if float(a.sum()) > 0 else other(a)).block_until_ready()

        jg()
        fns["jax.jit halves"] = jg
    return compare(fns, repeat=7, budget=1.0)


def two(x, y):
    return (x * 2 + 1).relu().exp().sum() + (y * 3 - 1).tanh().sigmoid().sum()


def bench_branches(al, threads: int, torch, jax) -> dict:
    """Two independent fused branches of 4M float32 each: the compiled plan run serially and
    with its marked branches on two threads (Note [Concurrent branches]), at ``threads``
    kernel threads."""
    rng = np.random.default_rng(0)
    xs, ys = (rng.standard_normal(4 << 20, dtype=np.float32) * 0.1 for _ in range(2))
    x, y = al.from_numpy(xs), al.from_numpy(ys)
    cf = al.compile(two)
    assert len(cf.graph(x, y).branches) == 1
    plan = next(iter(cf._cache.values())).forward_plan
    al.set_num_threads(threads)
    want = two(x, y).item()
    for run in (plan.run, plan.run_concurrent):
        assert abs(run([x, y])[0].item() - want) <= 1e-5 * abs(want)
    fns = {"aten_lite serial": lambda: plan.run([x, y]),
           "aten_lite branches": lambda: plan.run_concurrent([x, y])}
    if torch is not None:
        torch.set_num_threads(threads)
        tx, ty = torch.from_numpy(xs), torch.from_numpy(ys)
        fns["torch eager"] = lambda: two(tx, ty)
    if jax is not None:
        import jax.numpy as jnp

        jf = jax.jit(lambda a, b: jnp.exp(jnp.maximum(a * 2 + 1, 0)).sum()
                     + jax.nn.sigmoid(jnp.tanh(b * 3 - 1)).sum())
        jx, jy = jnp.asarray(xs), jnp.asarray(ys)
        jf(jx, jy).block_until_ready()
        fns["jax.jit"] = lambda: jf(jx, jy).block_until_ready()
    return compare(fns, repeat=7, budget=1.0)


PEERS = ["aten_lite eager", "aten_lite serial", "torch eager", "torch.compile", "jax.jit"]
NOTE = ("g splits at its data-dependent `if` into two fused graphs with the `if` run eagerly "
        "between them; jax.jit's figure is two jitted halves around the Python `if`. The branch "
        "rows run one compiled plan serially and with its two marked branches on two threads; "
        "al.compile uses the threads only when the kernels use at most half the cores "
        "(here: at 1 kernel thread, not at 2).")


def run(al, torch, *, torch_compile: bool = True) -> list:
    """The rows of RESULTS.md's ``breaks`` section (benchmarks/run.py --only breaks)."""
    try:
        import jax
    except ImportError:
        jax = None
    tc = torch if torch_compile else None
    rows = []
    for n, what in ((4 << 20, "4M"), (256, "256")):
        t = bench_split(al, n, torch, tc, jax)
        ours = t["aten_lite split"]
        scale, unit = (1e3, "ms") if n > 1000 else (1e6, "us")
        peers = {k: t[k] * scale for k in ("aten_lite eager", "torch eager", "torch.compile")
                 if k in t}
        if "jax.jit halves" in t:
            peers["jax.jit"] = t["jax.jit halves"] * scale
        big = n > 1000
        rows.append(Row(f"g with a graph break, {what} float32, split call", unit, ours * scale,
                        peers, "< aten_lite eager" if big else "",
                        ours < t["aten_lite eager"] if big else None))
    threads = al.get_num_threads()
    try:
        for k in (1, 2):
            t = bench_branches(al, k, torch, jax)
            peers = {"aten_lite serial": t["aten_lite serial"] * 1e3,
                     "torch eager": t["torch eager"] * 1e3 if "torch eager" in t else None,
                     "jax.jit": t["jax.jit"] * 1e3 if "jax.jit" in t else None}
            rows.append(Row(f"two independent 4M branches on two threads, {k} kernel "
                            f"thread(s)", "ms", t["aten_lite branches"] * 1e3, peers,
                            "< serial" if k == 1 else "",
                            t["aten_lite branches"] < t["aten_lite serial"] if k == 1 else None))
    finally:
        al.set_num_threads(threads)
        if torch is not None:
            torch.set_num_threads(1)
    return rows


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--no-torch-compile", action="store_true", help="skip torch.compile")
    args = p.parse_args(argv)
    sys.path.insert(0, str(ROOT))
    import aten_lite as al

    al.set_num_threads(1)
    torch = _peers(args.no_torch_compile)[0]
    print("one thread; machine shared with other jobs")
    print(table(run(al, torch, torch_compile=not args.no_torch_compile), PEERS))
    return 0


if __name__ == "__main__":
    sys.exit(main())

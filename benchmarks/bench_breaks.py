"""Graph breaks (issue 10): a compiled function with a data-dependent ``if`` in the middle runs
split (Note [Split calls] in aten_lite/compile/segments.py): one fused graph before the
break, one after. Measured beside eager aten_lite, torch eager, torch.compile (which splits
at the break too) and JAX (two jitted halves around a Python ``if``), in one process, one
thread.

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

from bench_compile import _peers, _show  # noqa: E402
from harness import compare  # noqa: E402

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


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--no-torch-compile", action="store_true", help="skip torch.compile")
    args = p.parse_args(argv)
    sys.path.insert(0, str(ROOT))
    import aten_lite as al

    al.set_num_threads(1)
    torch, torch_compile, jax, _ = _peers(args.no_torch_compile)
    print("one thread; machine shared with other jobs")
    for n, what in ((4 << 20, "4M"), (256, "256")):
        _show(f"g: fused graph, break (if a.sum() > 0), fused graph; {what} float32",
              bench_split(al, n, torch, torch_compile, jax), "aten_lite eager")
    return 0


if __name__ == "__main__":
    sys.exit(main())

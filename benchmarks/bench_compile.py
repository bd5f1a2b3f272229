"""Issue 10's figures: graph mode (al.compile) beside eager aten_lite, torch eager,
torch.compile and jax.jit, measured in one process, one thread.

    python benchmarks/bench_compile.py                 # everything (torch.compile takes ~20 s cold)
    python benchmarks/bench_compile.py --no-torch-compile

1. ``f(x, y) = (x * 2 + y).relu().exp().sum()`` on 4M float32.
2. One training step of the digits MLP (64-128-10, batch 64): forward + loss compiled,
   backward through the compiled graph, SGD.
3. Compile cost of f: the first call in a fresh process, and a recapture in a warm one.
Fused groups run on the kernel builder's kernels when ``aten_lite.compile.kernels`` exists
(branch `fuse`), else on the reference executor; the output says which.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
os.environ.setdefault("OMP_NUM_THREADS", "1")
os.environ.setdefault("XLA_FLAGS", "--xla_cpu_multi_thread_eigen=false "
                      "intra_op_parallelism_threads=1")

import numpy as np  # noqa: E402

from harness import compare  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
N = 4 << 20


def _peers(no_torch_compile: bool):
    try:
        import torch
        torch.set_num_threads(1)
    except ImportError:
        torch = None
    try:
        import jax
        import jax.numpy as jnp
    except ImportError:
        jax = jnp = None
    return torch, (None if no_torch_compile else torch), jax, jnp


def bench_f(al, torch, torch_compile, jax, jnp) -> dict:
    rng = np.random.default_rng(0)
    xs, ys = rng.standard_normal(N, dtype=np.float32) * 0.1, rng.standard_normal(N, dtype=np.float32) * 0.1

    def f(x, y):
        return (x * 2 + y).relu().exp().sum()

    x, y = al.from_numpy(xs), al.from_numpy(ys)
    cf = al.compile(f)
    fns = {"aten_lite eager": lambda: f(x, y), "aten_lite compiled": lambda: cf(x, y)}
    want = f(x, y).item()
    assert abs(cf(x, y).item() - want) <= 1e-4 * abs(want)
    if torch is not None:
        tx, ty = torch.from_numpy(xs), torch.from_numpy(ys)
        fns["torch eager"] = lambda: f(tx, ty)
        if torch_compile is not None:
            tf = torch.compile(f)
            t0 = time.perf_counter()
            tf(tx, ty)
            print(f"  (torch.compile first call: {time.perf_counter() - t0:.1f} s)")
            fns["torch.compile"] = lambda: tf(tx, ty)
    if jax is not None:
        jx, jy = jnp.asarray(xs), jnp.asarray(ys)
        jf = jax.jit(lambda a, b: jnp.exp(jnp.maximum(a * 2 + b, 0)).sum())
        jf(jx, jy).block_until_ready()
        fns["jax.jit"] = lambda: jf(jx, jy).block_until_ready()
    return compare(fns, repeat=7, budget=1.0)


def bench_digits_step(al, torch, torch_compile) -> dict:
    from aten_lite import nn
    from aten_lite.nn import functional as F

    rng = np.random.default_rng(0)
    xb = rng.random((64, 64), dtype=np.float32)
    yb = rng.integers(0, 10, 64)
    al.manual_seed(0)
    model = nn.Sequential(nn.Linear(64, 128), nn.ReLU(), nn.Linear(128, 10))
    opt = al.optim.SGD(model.parameters(), lr=0.01)
    x, y = al.from_numpy(xb), al.from_numpy(yb)

    def loss_of(a, b):
        return F.cross_entropy(model(a), b)

    compiled = al.compile(loss_of)

    def al_step(fn):
        def step():
            loss = fn(x, y)
            opt.zero_grad()
            loss.backward()
            opt.step()
        return step

    fns = {"aten_lite eager": al_step(loss_of), "aten_lite compiled": al_step(compiled)}
    if torch is not None:
        tm = torch.nn.Sequential(torch.nn.Linear(64, 128), torch.nn.ReLU(), torch.nn.Linear(128, 10))
        topt = torch.optim.SGD(tm.parameters(), lr=0.01)
        tx, ty = torch.from_numpy(xb), torch.from_numpy(yb)

        def t_loss(a, b):
            return torch.nn.functional.cross_entropy(tm(a), b)

        def t_step(fn):
            def step():
                loss = fn(tx, ty)
                topt.zero_grad()
                loss.backward()
                topt.step()
            return step

        fns["torch eager"] = t_step(t_loss)
        if torch_compile is not None:
            tc = torch.compile(t_loss)
            t_step(tc)()
            fns["torch.compile"] = t_step(tc)
    return compare(fns, repeat=7, budget=1.0)


_COLD = """
import time, aten_lite as al
x, y = al.ones(1 << 22), al.ones(1 << 22)
t0 = time.perf_counter()
f = al.compile(lambda x, y: (x * 2 + y).relu().exp().sum())
f(x, y)
first = time.perf_counter() - t0
g = al.compile(lambda x, y: (x * 2 + y).relu().exp().sum())
t0 = time.perf_counter()
g.graph(x, y)
print(first, time.perf_counter() - t0)
"""


def bench_compile_cost() -> tuple:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    out = subprocess.run([sys.executable, "-c", _COLD], capture_output=True, text=True,
                         env=env, cwd=ROOT, check=True).stdout.split()
    return float(out[0]), float(out[1])


def _show(title: str, times: dict, base: str) -> None:
    print(title)
    for name, t in times.items():
        print(f"  {name:<20} {t * 1e3:9.3f} ms   {times[base] / t:6.2f}x vs {base}")


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--no-torch-compile", action="store_true", help="skip torch.compile (slow to start)")
    args = p.parse_args(argv)
    sys.path.insert(0, str(ROOT))
    import aten_lite as al

    al.set_num_threads(1)
    torch, torch_compile, jax, jnp = _peers(args.no_torch_compile)
    try:
        import aten_lite.compile.kernels  # noqa: F401
        kernels = "built fused kernels (aten_lite.compile.kernels)"
    except ImportError:
        kernels = "the reference executor (no kernel builder in this checkout)"
    print(f"fused groups run on {kernels}; one thread; machine shared with other jobs")
    _show("f(x, y) = (x * 2 + y).relu().exp().sum(), 4M float32",
          bench_f(al, torch, torch_compile, jax, jnp), "aten_lite eager")
    _show("digits MLP training step (64-128-10, batch 64)",
          bench_digits_step(al, torch, torch_compile), "torch eager" if torch else "aten_lite eager")
    cold, warm = bench_compile_cost()
    print(f"compile cost of f: first call in a fresh process {cold:.3f} s; "
          f"capture + passes + plan of a new compiled function in a warm process {warm * 1e3:.1f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Graph mode's figures: (al.compile) beside eager aten_lite, torch eager,
torch.compile and jax.jit, measured in one process, one thread.

    python benchmarks/bench_compile.py                 # everything (torch.compile takes ~20 s cold)
    python benchmarks/bench_compile.py --no-torch-compile

1. ``f(x, y) = (x * 2 + y).relu().exp().sum()`` on 4M float32, and on 1K float32, where the
   time is the cost of a call (aten_lite's guard check and replay) more than the loop's.
2. One training step of the digits MLP (64-128-10, batch 64): forward + loss compiled,
   backward through the compiled graph, SGD.
3. Compile cost of f: its first call in a fresh process with an empty kernel cache (capture,
   passes, the C++ build of its fused kernel), then in a second fresh process reusing the
   cache on disk (the kernel loads without compiling).
``benchmarks/run.py --only compile`` writes these rows to RESULTS.md.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
os.environ.setdefault("OMP_NUM_THREADS", "1")
os.environ.setdefault("XLA_FLAGS", "--xla_cpu_multi_thread_eigen=false "
                      "intra_op_parallelism_threads=1")

import numpy as np  # noqa: E402

from harness import Row, compare  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
N = 4 << 20
REPEAT, BUDGET = 7, 1.0  # compare()'s rounds and seconds per function
TORCH_COMPILE_FIRST: dict = {}  # case -> seconds of torch.compile's first call


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


def bench_f(al, torch, torch_compile, jax, jnp, n: int = N) -> dict:
    rng = np.random.default_rng(0)
    xs, ys = rng.standard_normal(n, dtype=np.float32) * 0.1, rng.standard_normal(n, dtype=np.float32) * 0.1

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
            tf = torch.compile(f, dynamic=False)  # each size its own static kernel, as ours
            t0 = time.perf_counter()
            tf(tx, ty)
            if n == N:
                TORCH_COMPILE_FIRST["f"] = time.perf_counter() - t0
                print(f"  (torch.compile first call: {TORCH_COMPILE_FIRST['f']:.1f} s)")
            fns["torch.compile"] = lambda: tf(tx, ty)
    if jax is not None:
        jx, jy = jnp.asarray(xs), jnp.asarray(ys)
        jf = jax.jit(lambda a, b: jnp.exp(jnp.maximum(a * 2 + b, 0)).sum())
        jf(jx, jy).block_until_ready()
        fns["jax.jit"] = lambda: jf(jx, jy).block_until_ready()
    return compare(fns, repeat=REPEAT, budget=BUDGET)


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
    return compare(fns, repeat=REPEAT, budget=BUDGET)


_COLD = """
import time
import aten_lite as al
x, y = al.ones(1 << 22), al.ones(1 << 22)
t0 = time.perf_counter()
f = al.compile(lambda x, y: (x * 2 + y).relu().exp().sum())
f(x, y)
first = time.perf_counter() - t0
(group,) = f.graph(x, y).groups.values()
assert type(group.kernel).__name__ == "FusedKernel", group.describe()
print(first, group.kernel.built)
"""


def bench_compile_cost() -> tuple:
    """(seconds of the first call of compiled f in a fresh process with an empty kernel
    cache, the same in a second fresh process reusing that cache): capture, passes, plan and
    the kernel's build or load; the import of aten_lite is not counted."""
    with tempfile.TemporaryDirectory(prefix="al_bench_cache_") as cache:
        env = dict(os.environ, PYTHONPATH=str(ROOT), AL_CACHE_DIR=cache)
        times = []
        for want_built in ("True", "False"):
            out = subprocess.run([sys.executable, "-c", _COLD], capture_output=True, text=True,
                                 env=env, cwd=ROOT, check=True).stdout.split()
            assert out[1] == want_built, out  # the cold run compiled, the warm one loaded
            times.append(float(out[0]))
    return times[0], times[1]


NOTE = ("Compile cost: aten_lite's rows time the first call of compiled f in a fresh process "
        "(import excluded) with an empty kernel cache (it builds the fused kernel), then with "
        "that cache warm on disk. torch.compile's is its first call in this process, with "
        "its own on-disk caches as found (about 20 s when they are empty). The digits step "
        "is forward + loss compiled, backward through the compiled graph, SGD.")
PEERS = ["aten_lite eager", "torch eager", "torch.compile", "jax.jit"]


def run(al, torch, *, repeat: int = 7, budget: float = 1.0, torch_compile: bool = True) -> list:
    """The rows of RESULTS.md's ``compile`` section (benchmarks/run.py --only compile)."""
    global REPEAT, BUDGET
    REPEAT, BUDGET = repeat, budget
    try:
        import jax
        import jax.numpy as jnp
    except ImportError:
        jax = jnp = None
    tc = torch if torch_compile else None
    rows = []
    f = bench_f(al, torch, tc, jax, jnp)
    ours = f["aten_lite compiled"]
    peers = {p: f.get(p) for p in PEERS}
    bars = ("torch.compile", "jax.jit")
    ok = None  # no verdict without the peers the bar names
    if all(f.get(p) is not None for p in bars):
        ok = all(f[p] >= ours for p in bars) and f["aten_lite eager"] >= 3 * ours
    rows.append(Row("f = (x*2+y).relu().exp().sum(), 4M float32", "ms", ours * 1e3,
                    {k: v * 1e3 if v else None for k, v in peers.items()},
                    "<= torch.compile, jax.jit; <= 1/3 eager", ok))
    small = bench_f(al, torch, tc, jax, jnp, n=1024)
    ours = small["aten_lite compiled"]
    rows.append(Row("f on 1K float32 (the cost of a call)", "us", ours * 1e6,
                    {k: small[k] * 1e6 if small.get(k) else None for k in PEERS},
                    "<= torch.compile",
                    None if "torch.compile" not in small else ours <= small["torch.compile"]))
    d = bench_digits_step(al, torch, tc)
    ours = d["aten_lite compiled"]
    ok = None
    if "torch eager" in d:
        ok = ours <= 0.5 * d["torch eager"] and ours < d.get("torch.compile", float("inf"))
    rows.append(Row("digits MLP training step (64-128-10, batch 64)", "ms", ours * 1e3,
                    {p: d[p] * 1e3 if p in d else None for p in PEERS},
                    "<= 0.5x torch eager; < torch.compile", ok))
    cold, warm = bench_compile_cost()
    first = TORCH_COMPILE_FIRST.get("f")
    rows.append(Row("compile cost of f: first call, fresh process, empty cache", "s", cold,
                    {"torch.compile": first}, "<= 3 s", cold <= 3))
    rows.append(Row("compile cost of f: first call, fresh process, warm disk cache", "s", warm,
                    {}, "<= 0.1 s", warm <= 0.1))
    return rows


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
    print("one thread; machine shared with other jobs")
    _show("f(x, y) = (x * 2 + y).relu().exp().sum(), 4M float32",
          bench_f(al, torch, torch_compile, jax, jnp), "aten_lite eager")
    _show("the same f on 1K float32", bench_f(al, torch, torch_compile, jax, jnp, n=1024),
          "aten_lite eager")
    _show("digits MLP training step (64-128-10, batch 64)",
          bench_digits_step(al, torch, torch_compile), "torch eager" if torch else "aten_lite eager")
    cold, warm = bench_compile_cost()
    print(f"compile cost of f (first call in a fresh process): empty kernel cache {cold:.3f} s; "
          f"warm disk cache {warm:.3f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())

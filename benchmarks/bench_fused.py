"""Fused-kernel figures: f(x, y) = (x * 2 + y).relu().exp().sum() on 4M float32, one
thread, as one fused kernel (aten_lite/compile/kernels.py) beside eager aten_lite (four ops and
a sum), NumPy, torch eager, torch.compile and jax.jit, all in this process; and the kernel's
compile cost in fresh processes: cold (empty cache) and warm (the file cached).

    python benchmarks/bench_fused.py            # prints the tables
    python benchmarks/bench_fused.py --quick    # shorter timings, no torch.compile
"""

from __future__ import annotations

import os

# One thread everywhere, set before the libraries start their pools.
for _var in ("OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS", "OMP_NUM_THREADS"):
    os.environ[_var] = "1"
os.environ.setdefault("XLA_FLAGS", "--xla_cpu_multi_thread_eigen=false "
                                   "intra_op_parallelism_threads=1")

import argparse  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
import tempfile  # noqa: E402
import time  # noqa: E402
from pathlib import Path  # noqa: E402

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(ROOT))

import numpy as np  # noqa: E402

from harness import Row, Target, compare, table  # noqa: E402

N = 4 * 1024 * 1024
PEERS = ["eager aten_lite", "numpy", "torch", "torch.compile", "jax.jit"]

# The spec graph mode's fusion pass gives for f (the contract: aten_lite/compile/fused_spec.py).
SPEC_SOURCE = """
from aten_lite.compile.fused_spec import FusedReduction, FusedSpec, FusedStep
SPEC = FusedSpec(
    inputs=("float32", "float32"),
    steps=(FusedStep("mul.Tensor", (("in", 0), ("const", 2)), "float32"),
           FusedStep("add.Tensor", (("step", 0), ("in", 1), ("const", 1)), "float32"),
           FusedStep("relu", (("step", 1),), "float32"),
           FusedStep("exp", (("step", 2),), "float32")),
    outputs=(), reduction=FusedReduction("sum", (), False, "float32"))
"""
_CHILD = SPEC_SOURCE + """
import time
start = time.perf_counter()
from aten_lite.compile.kernels import compile_fused
k = compile_fused(SPEC)
print(k.built, time.perf_counter() - start)
"""


def compile_cost(cache: str) -> tuple[bool, float]:
    """(whether it compiled, seconds of compile_fused) in a fresh process using ``cache``."""
    env = {**os.environ, "AL_CACHE_DIR": cache}
    done = subprocess.run([sys.executable, "-c", "import aten_lite\n" + _CHILD], cwd=ROOT,
                          env=env, capture_output=True, text=True, check=True)
    built, seconds = done.stdout.split()
    return built == "True", float(seconds)


def run(quick: bool = False) -> tuple[list[Row], list[Row]]:
    import aten_lite as al
    from aten_lite.compile.kernels import compile_fused

    namespace: dict = {}
    exec(SPEC_SOURCE, namespace)
    al.set_num_threads(1)
    rng = np.random.default_rng(0)
    xn = rng.standard_normal(N, dtype=np.float32) * 0.5
    yn = rng.standard_normal(N, dtype=np.float32) * 0.5
    x, y = al.tensor(xn), al.tensor(yn)
    kernel = compile_fused(namespace["SPEC"])
    fns = {
        "fused": lambda: kernel([x, y]),
        "eager aten_lite": lambda: (x * 2 + y).relu().exp().sum(),
        "numpy": lambda: np.exp(np.maximum(xn * 2 + yn, 0)).sum(),
    }
    compile_seconds: dict[str, float] = {}
    try:
        import torch

        torch.set_num_threads(1)
        xt, yt = torch.from_numpy(xn), torch.from_numpy(yn)

        def f_torch(a, b):
            return (a * 2 + b).relu().exp().sum()

        fns["torch"] = lambda: f_torch(xt, yt)
        if not quick:
            compiled = torch.compile(f_torch)
            start = time.perf_counter()
            compiled(xt, yt)
            compile_seconds["torch.compile"] = time.perf_counter() - start
            fns["torch.compile"] = lambda: compiled(xt, yt)
    except ImportError:
        pass
    try:
        import jax
        import jax.numpy as jnp

        @jax.jit
        def f_jax(a, b):
            return jnp.exp(jnp.maximum(a * 2 + b, 0)).sum()

        xj, yj = jnp.asarray(xn), jnp.asarray(yn)
        start = time.perf_counter()
        f_jax(xj, yj).block_until_ready()
        compile_seconds["jax.jit"] = time.perf_counter() - start
        fns["jax.jit"] = lambda: f_jax(xj, yj).block_until_ready()
    except ImportError:
        pass
    want = float(fns["eager aten_lite"]().item())
    got = float(kernel([x, y])[0].item())
    assert got == want, f"fused {got} != eager {want}"
    times = compare(fns, repeat=3 if quick else 7, budget=0.3 if quick else 1.0)
    ms = {name: t * 1e3 for name, t in times.items()}
    peers = {p: ms.get(p) for p in PEERS}
    speed = [
        Target("torch.compile", higher_is_better=False).row(
            "f on 4M float32, 1 thread", "ms", ms["fused"], peers),
        Target("jax.jit", higher_is_better=False).row(
            "f on 4M float32, 1 thread", "ms", ms["fused"], peers),
        Target("eager aten_lite", factor=1 / 3, higher_is_better=False).row(
            "f on 4M float32, 1 thread", "ms", ms["fused"], peers),
    ]
    with tempfile.TemporaryDirectory() as cache:
        built, cold = compile_cost(cache)
        assert built
        _, warm = compile_cost(cache)
    cost_peers = {p: compile_seconds.get(p) for p in PEERS}
    cost = [
        Row("compile f, fresh process, empty cache", "s", cold, cost_peers, "<= 3 s", cold <= 3),
        Row("compile f, fresh process, warm cache", "s", warm, {}, "<= 0.1 s", warm <= 0.1),
    ]
    return speed, cost


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="shorter timings, no torch.compile")
    args = parser.parse_args()
    speed, cost = run(args.quick)
    print("fused kernel, time per call; peers measured in the same run")
    print(table(speed, PEERS))
    print()
    print("compile cost (peers: their first call in this process)")
    print(table(cost, PEERS))
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Reductions beside torch, one thread each, in the same process: sum, mean, amax, amin and
prod of 1M and 16M float32 and float64 elements, over everything, over dim 0 and over dim 1 of
a (rows, 1024) matrix. Prints one row per case: milliseconds of each and aten_lite's speed as a
fraction of torch's (>= 1.0: at least as fast), with the CPU capability that ran.

    PYTHONPATH=. python benchmarks/bench_reductions.py [--ops sum,amax] [--sizes 16M]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from harness import compare  # noqa: E402

SIZES = {"1M": 1 << 20, "16M": 1 << 24}
OPS = ("sum", "mean", "amax", "amin", "prod")
DIMS = {"all": None, "dim 0": 0, "dim 1": 1}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--ops", default=",".join(OPS), help="comma-separated: " + ",".join(OPS))
    parser.add_argument("--sizes", default="1M,16M", help="comma-separated: 1M,16M")
    parser.add_argument("--dtypes", default="float32,float64")
    parser.add_argument("--dims", default="all,dim 0,dim 1")
    args = parser.parse_args(argv)
    import torch

    import aten_lite as al

    torch.set_num_threads(1)
    al.set_num_threads(1)
    print(f"CPU capability {al.backends.cpu.get_cpu_capability()}, one thread each")
    print(f"{'case':34s} {'aten_lite ms':>12s} {'torch ms':>9s} {'vs torch':>8s}")
    rng = np.random.default_rng(0)
    for size in args.sizes.split(","):
        n = SIZES[size]
        for dtype in args.dtypes.split(","):
            # prod of values near 1 stays finite; the others read uniform values.
            base = rng.random(n).astype(dtype)
            near_one = (1 + (base - 0.5) * 1e-3).astype(dtype)
            for op in args.ops.split(","):
                data = near_one if op == "prod" else base
                x = data.reshape(n // 1024, 1024)
                ours, theirs = al.from_numpy(x), torch.from_numpy(x)
                for dim_name in args.dims.split(","):
                    dim = DIMS[dim_name]
                    if op == "prod" and dim is None:
                        f_al, f_t = (lambda: ours.prod()), (lambda: theirs.prod())
                    elif op == "prod":
                        f_al, f_t = (lambda d=dim: ours.prod(d)), (lambda d=dim: theirs.prod(d))
                    elif dim is None:
                        f_al, f_t = getattr(ours, op), getattr(theirs, op)
                    else:
                        f_al = (lambda d=dim, o=op: getattr(ours, o)(d))
                        f_t = (lambda d=dim, o=op: getattr(theirs, o)(d))
                    t = compare({"al": f_al, "torch": f_t}, repeat=5, budget=0.15)
                    case = f"{op} {size} {dtype} {dim_name}"
                    print(f"{case:34s} {t['al'] * 1e3:12.3f} {t['torch'] * 1e3:9.3f} "
                          f"{t['torch'] / t['al']:8.2f}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

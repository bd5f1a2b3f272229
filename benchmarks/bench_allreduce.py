"""all_reduce of a float32 tensor (16M elements by default) through aten_lite.distributed
against mpi4py's own Allreduce on a NumPy array of the same size, in the same run, both in
place. Run under the launcher:

    aten-lite-run --nproc 2 benchmarks/bench_allreduce.py [--numel N] [--repeat R]

Rank 0 prints the median time of each and their ratio (aten_lite / mpi4py); the target is
within 1.2x, the cost of reaching the tensor's memory being a few attribute reads.
"""

from __future__ import annotations

import argparse
import statistics
import time

import numpy as np

import aten_lite as al
import aten_lite.distributed as dist


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--numel", type=int, default=16 * 1024 * 1024)
    p.add_argument("--repeat", type=int, default=7)
    args = p.parse_args()
    dist.init_process_group("mpi")
    from mpi4py import MPI
    comm = MPI.COMM_WORLD
    t = al.ones(args.numel)
    a = np.ones(args.numel, np.float32)
    ours, theirs = [], []
    def timed(fn) -> float:
        comm.Barrier()
        start = time.perf_counter()
        fn()
        return time.perf_counter() - start

    def aten_lite_all_reduce():
        dist.all_reduce(t)

    def mpi4py_allreduce():
        comm.Allreduce(MPI.IN_PLACE, a, op=MPI.SUM)
    for i in range(args.repeat + 1):  # interleaved, the order alternating; round 0 a warm-up
        if i % 2:
            x, y = timed(aten_lite_all_reduce), timed(mpi4py_allreduce)
        else:
            y, x = timed(mpi4py_allreduce), timed(aten_lite_all_reduce)
        if i:
            ours.append(x)
            theirs.append(y)
    # every rank's slowest time is what a step waits for
    ours_med = comm.allreduce(statistics.median(ours), op=MPI.MAX)
    theirs_med = comm.allreduce(statistics.median(theirs), op=MPI.MAX)
    expected = float(dist.get_world_size()) ** (args.repeat + 1)
    assert float(t[0]) == expected and a[0] == expected
    if dist.get_rank() == 0:
        mb = args.numel * 4 / 2**20
        print(f"all_reduce {args.numel} float32 ({mb:.0f} MiB) on {dist.get_world_size()} ranks, "
              f"median of {args.repeat}")
        print(f"  aten_lite.distributed.all_reduce  {ours_med * 1e3:8.2f} ms")
        print(f"  mpi4py Allreduce (NumPy)          {theirs_med * 1e3:8.2f} ms")
        print(f"  ratio                             {ours_med / theirs_med:8.3f}x")
    dist.destroy_process_group()


if __name__ == "__main__":
    main()

"""examples/digits.py's network, trained data-parallel: each process takes its share of every
epoch (DistributedSampler), DistributedDataParallel averages the gradients, and all replicas
take the same SGD steps. Written as a torch.distributed program would be.

    aten-lite-run --nproc 2 examples/ddp_digits.py            # 2 processes on this machine
    aten-lite-run --nproc 2 examples/ddp_digits.py --epochs 5
    python examples/ddp_digits.py                             # a world of one works too

The global batch is --batch-size (64) split across the processes, so the run takes the same
steps with any number of them. Needs scikit-learn and the distributed extra
(pip install 'aten_lite[distributed]' scikit-learn).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")  # tiny matrices: BLAS threads only hand off

import aten_lite as al  # noqa: E402
import aten_lite.distributed as dist  # noqa: E402
from aten_lite.nn import functional as F  # noqa: E402
from aten_lite.nn.parallel import DistributedDataParallel  # noqa: E402
from aten_lite.utils.data import DataLoader, DistributedSampler, TensorDataset  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
from digits import accuracy, build_model, load_data  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--epochs", type=int, default=20)
    p.add_argument("--lr", type=float, default=0.1)
    p.add_argument("--batch-size", type=int, default=64, help="the global batch")
    args = p.parse_args(argv)

    dist.init_process_group("mpi")
    rank, world = dist.get_rank(), dist.get_world_size()
    if args.batch_size % world:
        raise SystemExit(f"--batch-size {args.batch_size} must be a multiple of the "
                         f"{world} processes")
    data = load_data()
    train_set = TensorDataset(al.from_numpy(data.x_train), al.from_numpy(data.y_train))
    sampler = DistributedSampler(train_set, shuffle=True, seed=0)
    loader = DataLoader(train_set, batch_size=args.batch_size // world, sampler=sampler)
    model = DistributedDataParallel(build_model(seed=rank))  # rank 0's weights win at wrap
    opt = al.optim.SGD(model.parameters(), lr=args.lr)

    start = time.perf_counter()
    for epoch in range(args.epochs):
        sampler.set_epoch(epoch)  # a new shuffle per epoch, the same on every rank
        total = al.zeros(())
        for x, y in loader:
            opt.zero_grad()
            loss = F.cross_entropy(model(x), y)
            loss.backward()
            opt.step()
            total += loss.detach()
        dist.all_reduce(total, op=dist.ReduceOp.AVG)
        if rank == 0:
            print(f"epoch {epoch + 1:2d}  loss {total.item() / len(loader):.4f}")
    seconds = time.perf_counter() - start
    if rank == 0:
        acc = accuracy(model.module, data.x_test, data.y_test)
        print(f"{world} process(es): test accuracy {acc:.3f}, {seconds:.2f} s")
    dist.destroy_process_group()
    return 0


if __name__ == "__main__":
    sys.exit(main())

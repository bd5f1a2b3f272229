"""What tests/test_distributed.py launches on 2 processes (aten-lite-run --nproc 2): every
collective on known per-rank inputs, send/recv, DistributedDataParallel against one process
on the whole batch, no_sync, and DistributedSampler. Each rank writes its results as JSON to
OUTDIR/rank<r>.json; the test compares them with NumPy and torch."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import numpy as np

import aten_lite as al
import aten_lite.distributed as dist
from aten_lite.distributed import ReduceOp
from aten_lite.nn.parallel import DistributedDataParallel as DDP


def base(rank: int) -> np.ndarray:
    """Rank ``rank``'s input (the test computes the expected results from it)."""
    return np.arange(1, 13, dtype=np.float64).reshape(3, 4) * (rank + 1) + rank


def collectives(r: int, w: int) -> dict:
    out: dict = {}
    for op in ("SUM", "AVG", "MAX", "MIN", "PRODUCT"):
        t = al.tensor(base(r), dtype=al.float32)
        address = t.data_ptr()
        dist.all_reduce(t, op=ReduceOp[op])
        out[f"all_reduce_{op}"] = t.tolist()
        out[f"all_reduce_{op}_same_memory"] = t.data_ptr() == address
    t = al.tensor(base(r), dtype=al.int64)
    dist.all_reduce(t)
    out["all_reduce_int64"] = t.tolist()
    t = al.tensor(base(r), dtype=al.float64)
    work = dist.all_reduce(t, op=ReduceOp.MAX, async_op=True)
    out["async_returns_work"] = work is not None
    out["async_wait"] = work.wait()
    out["async_completed"] = work.is_completed()
    out["all_reduce_async_MAX"] = t.tolist()
    b = al.tensor(np.array([r == 0, False, True]))
    dist.all_reduce(b)  # a sum of bools is their "or"
    out["all_reduce_bool"] = b.tolist()
    t = al.tensor(base(r), dtype=al.float32).t()  # not contiguous: copied and written back
    dist.all_reduce(t)
    out["all_reduce_transposed"] = t.tolist()
    t = al.tensor(base(r), dtype=al.float32)
    dist.broadcast(t, src=1)
    out["broadcast_from_1"] = t.tolist()
    t = al.tensor(base(r), dtype=al.float32)
    dist.reduce(t, dst=0, op=ReduceOp.SUM)
    out["reduce_to_0"] = t.tolist()
    outs = [al.zeros(3, 4) for _ in range(w)]
    dist.all_gather(outs, al.tensor(base(r), dtype=al.float32))
    out["all_gather"] = [o.tolist() for o in outs]
    big = al.zeros(3 * w, 4)
    dist.all_gather_into_tensor(big, al.tensor(base(r), dtype=al.float32))
    out["all_gather_into_tensor"] = big.tolist()
    stacked = al.zeros(w, 3, 4)
    dist.all_gather_into_tensor(stacked, al.tensor(base(r), dtype=al.float32))
    out["all_gather_into_tensor_stacked"] = stacked.tolist()
    mine = al.zeros(3, 4)
    dist.reduce_scatter(mine, [al.tensor(base(r) * (k + 1), dtype=al.float32)
                               for k in range(w)])
    out["reduce_scatter"] = mine.tolist()
    mine = al.zeros(3, 4)
    dist.reduce_scatter_tensor(mine, al.tensor(np.concatenate([base(r)] * w) * 2,
                                               dtype=al.float32), op=ReduceOp.MAX)
    out["reduce_scatter_tensor_MAX"] = mine.tolist()
    # point to point: 0 -> 1 blocking, 1 -> 0 non-blocking
    if r == 0:
        dist.send(al.tensor(base(0), dtype=al.float32), dst=1, tag=7)
        got = al.zeros(3, 4)
        dist.irecv(got, src=1).wait()
        out["recv"] = got.tolist()
    elif r == 1:
        got = al.zeros(3, 4)
        out["recv_from"] = dist.recv(got, src=0, tag=7)
        out["recv"] = got.tolist()
        dist.isend(al.tensor(base(1), dtype=al.float32), dst=0).wait()
    dist.barrier()
    return out


def model(seed: int):
    al.manual_seed(seed)
    return al.nn.Sequential(al.nn.Linear(5, 8), al.nn.Tanh(), al.nn.Linear(8, 3))


class WithUnused(al.nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.used = model(0)
        self.unused = al.nn.Linear(2, 2)  # registered, never called

    def forward(self, x):
        return self.used(x)


def diff(a, b) -> float:
    return max(float((p - q).abs().max()) for p, q in zip(a.parameters(), b.parameters()))


def ddp(r: int, w: int) -> dict:
    out: dict = {}
    rng = np.random.default_rng(0)
    X = al.tensor(rng.standard_normal((8, 5)), dtype=al.float32)
    Y = al.tensor(rng.standard_normal((8, 3)), dtype=al.float32)
    n = 8 // w
    mse = al.nn.functional.mse_loss
    # Replicas start from rank 0's parameters, whatever each rank initialized.
    ref = model(0)
    wrapped = DDP(model(0 if r == 0 else 1234), bucket_cap_mb=1e-4)  # a bucket per parameter
    out["broadcast_at_wrap"] = diff(ref, wrapped.module)
    out["bucket_sizes"] = wrapped.bucket_sizes
    out["has_module"] = isinstance(wrapped.module, al.nn.Sequential)
    started_before_end = []
    finish = wrapped._finish

    def spy():
        started_before_end.append(wrapped._next)
        finish()
    wrapped._finish = spy
    o_ref = al.optim.SGD(ref.parameters(), lr=0.1, momentum=0.9)
    o_ddp = al.optim.SGD(wrapped.parameters(), lr=0.1, momentum=0.9)
    steps = []
    for _ in range(4):
        o_ref.zero_grad()
        mse(ref(X), Y).backward()
        o_ref.step()
        o_ddp.zero_grad()
        mse(wrapped(X[r * n:(r + 1) * n]), Y[r * n:(r + 1) * n]).backward()
        o_ddp.step()
        steps.append(diff(ref, wrapped.module))
    out["sgd_steps_diff"] = steps
    out["started_before_end"] = started_before_end
    out["params_after"] = [p.tolist() for p in wrapped.module.parameters()]
    # One bucket for everything, AdamW: still the whole-batch result.
    ref, wrapped = model(3), DDP(model(3))
    out["one_bucket"] = wrapped.bucket_sizes
    o_ref = al.optim.AdamW(ref.parameters(), lr=0.01)
    o_ddp = al.optim.AdamW(wrapped.parameters(), lr=0.01)
    for _ in range(3):
        o_ref.zero_grad()
        mse(ref(X), Y).backward()
        o_ref.step()
        o_ddp.zero_grad()
        mse(wrapped(X[r * n:(r + 1) * n]), Y[r * n:(r + 1) * n]).backward()
        o_ddp.step()
    out["adamw_diff"] = diff(ref, wrapped.module)
    # no_sync: micro-batch A accumulates locally, B's backward averages A + B over ranks.
    ref, wrapped = model(5), DDP(model(5), bucket_cap_mb=1e-4)
    local = model(5)
    A, B = X[r * n:r * n + n // 2], X[r * n + n // 2:(r + 1) * n]
    YA, YB = Y[r * n:r * n + n // 2], Y[r * n + n // 2:(r + 1) * n]
    with wrapped.no_sync():
        mse(wrapped(A), YA).backward()
    mse(local(A), YA).backward()
    out["no_sync_is_local"] = diff_grads(local, wrapped.module)
    mse(wrapped(B), YB).backward()
    total = sum(mse(ref(X[k * n:k * n + n // 2]), Y[k * n:k * n + n // 2])
                + mse(ref(X[k * n + n // 2:(k + 1) * n]), Y[k * n + n // 2:(k + 1) * n])
                for k in range(w)) / w
    total.backward()
    out["no_sync_then_sync"] = diff_grads(ref, wrapped.module)
    # gradient_as_bucket_view: .grad aliases the bucket and accumulates into it
    ref, wrapped = model(6), DDP(model(6), gradient_as_bucket_view=True)
    for _ in range(2):  # grads accumulate (no zero_grad): twice the averaged gradient
        mse(wrapped(X[r * n:(r + 1) * n]), Y[r * n:(r + 1) * n]).backward()
        mse(ref(X), Y).backward()
    out["bucket_view_diff"] = diff_grads(ref, wrapped.module)
    # A parameter no rank uses gets zeros, not a hang.
    wrapped = DDP(WithUnused())
    mse(wrapped(X[:2]), Y[:2]).backward()
    out["unused_grad"] = [g.abs().sum().item() for g in
                          (p.grad for p in wrapped.module.unused.parameters())]
    return out


def diff_grads(a, b) -> float:
    return max(float((p.grad - q.grad).abs().max()) for p, q in
               zip(a.parameters(), b.parameters()))


def sampler(r: int, w: int) -> dict:
    from aten_lite.utils.data import DistributedSampler
    s = DistributedSampler(range(11), shuffle=False)  # num_replicas, rank from the group
    shuffled = DistributedSampler(range(11), seed=3)
    shuffled.set_epoch(2)
    return {"sampler": list(s), "sampler_len": len(s), "shuffled": list(shuffled)}


def main() -> None:
    outdir = Path(sys.argv[1])
    dist.init_process_group("mpi")
    r, w = dist.get_rank(), dist.get_world_size()
    env = {k: os.environ.get(k) for k in ("RANK", "WORLD_SIZE", "LOCAL_RANK")}
    result = {"rank": r, "world_size": w, "env": env, **collectives(r, w), **ddp(r, w), **sampler(r, w)}
    dist.destroy_process_group()
    result["initialized_after_destroy"] = dist.is_initialized()
    (outdir / f"rank{r}.json").write_text(json.dumps(result))


if __name__ == "__main__":
    main()

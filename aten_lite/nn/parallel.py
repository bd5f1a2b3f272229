"""``DistributedDataParallel``: data-parallel training over aten_lite.distributed, as torch's
``torch.nn.parallel.DistributedDataParallel``.

Every process holds a replica of the model and runs it on its own share of the batch; after
backward each parameter's ``.grad`` is the average of the replicas' gradients, so an optimizer
step keeps the replicas equal. Note [Overlapped reduction] says how the averaging overlaps
backward.

>>> model = DistributedDataParallel(net)        # after dist.init_process_group("mpi")
>>> loss_fn(model(x_shard), y_shard).backward()  # .grad now averaged over ranks
>>> opt.step()
"""

from __future__ import annotations

from contextlib import contextmanager

import numpy as np

from .. import distributed as dist
from ..autograd import engine
from ..tensors.tensor import Tensor, sync_stream
from ..vocab.grad_mode import _state as _grad_mode
from .module import Module

__all__ = ["DistributedDataParallel", "DataParallel"]


# Note [Overlapped reduction]
# At wrap time the parameters that require grad are laid out, last registered first (the
# order backward tends to finish them in), in buckets of at most bucket_cap_mb megabytes, one
# dtype each; every bucket is one flat NumPy buffer. Each parameter has a post-accumulate
# hook, which backward runs as soon as that parameter's .grad is complete (Note [Ready leaves]
# in aten_lite/csrc/engine.cpp), with the rest of the graph still to run. The hook copies
# .grad into its bucket; once a bucket holds all its gradients a non-blocking MPI Iallreduce
# starts on it, so the reduction of the last layers runs while backward computes the first
# ones. Buckets start strictly in their index order, the same on every rank, because MPI
# matches collectives by their order. The first hook of a backward queues a callback at the
# end of the backward (engine.queue_callback): it starts the buckets still waiting (a
# parameter that got no gradient on this rank contributes zeros), waits for all of them,
# divides by the world size and writes each average into its parameter's .grad.


class _Bucket:
    __slots__ = ("buf", "params", "pending", "request")

    def __init__(self, buf: np.ndarray, params: list) -> None:
        self.buf = buf          # flat, one dtype
        self.params = params    # (parameter, offset, numel)
        self.pending = len(params)
        self.request = None


class DistributedDataParallel(Module):
    """Wrap ``module`` for data-parallel training on the initialized process group.

    Parameters and buffers are broadcast from rank 0 at wrap time (and buffers before every
    forward when ``broadcast_buffers``). A backward through the output of a forward averages
    the gradients across ranks (Note [Overlapped reduction]); under ``no_sync()`` they only
    accumulate locally, and the first synchronized backward after it averages the
    accumulated sums. ``device_ids``/``output_device`` must be left out (CPU only). A
    parameter that receives no gradient on some rank counts as zeros there, with or without
    ``find_unused_parameters``; one that receives none on this rank gets the average of the
    other ranks' (zeros when no rank used it) as its ``.grad``."""

    def __init__(self, module: Module, device_ids=None, output_device=None, dim: int = 0,
                 broadcast_buffers: bool = True, process_group=None, bucket_cap_mb: float = 25,
                 find_unused_parameters: bool = False, check_reduction: bool = False,
                 gradient_as_bucket_view: bool = False, static_graph: bool = False) -> None:
        super().__init__()
        if not isinstance(module, Module):
            raise TypeError(f"DistributedDataParallel expects an aten_lite.nn.Module, got "
                            f"{type(module).__name__}")
        if device_ids or output_device is not None:
            raise ValueError(f"DistributedDataParallel: device_ids={device_ids!r}, "
                             f"output_device={output_device!r}; aten_lite runs on the CPU, "
                             f"leave both out")
        if process_group is not None:
            raise ValueError("DistributedDataParallel: process_group must be None (aten_lite has "
                             "only the default group)")
        if not dist.is_initialized():
            raise RuntimeError("DistributedDataParallel: the default process group has not been "
                               "initialized; call aten_lite.distributed.init_process_group('mpi') "
                               "first")
        if not bucket_cap_mb > 0:
            raise ValueError(f"DistributedDataParallel: bucket_cap_mb must be positive, got "
                             f"{bucket_cap_mb!r}")
        self.module = module
        self.dim = dim
        self.broadcast_buffers = broadcast_buffers
        self.find_unused_parameters = find_unused_parameters
        self.gradient_as_bucket_view = gradient_as_bucket_view
        self.bucket_bytes_cap = int(bucket_cap_mb * 1024 * 1024)
        self.require_backward_grad_sync = True
        self._world_size = dist.get_world_size()
        params = list(dict.fromkeys(p for p in module.parameters() if p.requires_grad))
        for p in params:
            if p.is_sparse or p._a is None:
                raise TypeError("DistributedDataParallel: every parameter must be a dense CPU "
                                "tensor")
        # Replicas start equal: rank 0's values everywhere.
        for t in [*module.parameters(), *(b for b in module.buffers() if b is not None)]:
            dist.broadcast(t, 0)
        self._buckets: list[_Bucket] = []
        self._where: dict[int, tuple[_Bucket, int, int]] = {}
        self._build_buckets(params)
        self._next = 0           # the next bucket to start
        self._armed = False      # the last forward asked for a synchronized backward
        self._queued = False     # the end-of-backward callback is queued
        self._handles = [p.register_post_accumulate_grad_hook(self._on_grad) for p in params]

    def _build_buckets(self, params: list) -> None:
        open_: dict = {}  # dtype -> (parameters, bytes) of the bucket being filled
        order: list = []

        def close(dtype) -> None:
            members, _ = open_.pop(dtype)
            order.append((dtype, members))
        for p in reversed(params):
            members, size = open_.get(p._dtype, ([], 0))
            if members and size + p._a.nbytes > self.bucket_bytes_cap:
                close(p._dtype)
                members, size = [], 0
            members.append(p)
            open_[p._dtype] = (members, size + p._a.nbytes)
        for dtype in list(open_):
            close(dtype)
        for dtype, members in order:
            total = sum(p._a.size for p in members)
            buf = np.zeros(total, dtype.np)
            entries, offset = [], 0
            bucket = _Bucket(buf, entries)
            for p in members:
                entries.append((p, offset, p._a.size))
                self._where[id(p)] = (bucket, offset, p._a.size)
                offset += p._a.size
            bucket.pending = len(entries)
            self._buckets.append(bucket)

    @property
    def bucket_sizes(self) -> list[int]:
        """The number of parameters in each bucket, in reduction order."""
        return [len(b.params) for b in self._buckets]

    def forward(self, *args, **kwargs):
        if self.broadcast_buffers and self._world_size > 1:
            for b in self.module.buffers():
                if b is not None:
                    dist.broadcast(b, 0)
        self._armed = bool(self.require_backward_grad_sync and _grad_mode.enabled
                           and self._buckets)
        if self._armed:
            self._reset()
        return self.module(*args, **kwargs)

    @contextmanager
    def no_sync(self):
        """Backward passes of forwards run inside this block accumulate gradients locally; the
        first synchronized backward after it averages the accumulated gradients."""
        old = self.require_backward_grad_sync
        self.require_backward_grad_sync = False
        try:
            yield
        finally:
            self.require_backward_grad_sync = old

    def _reset(self) -> None:
        for b in self._buckets:
            if b.request is not None:  # a backward that failed midway: let MPI finish it
                b.request.Wait()
            b.pending, b.request = len(b.params), None
        self._next = 0
        self._queued = False

    # ---- during backward ----

    def _on_grad(self, p: Tensor) -> None:
        if not self._armed:
            return
        if not self._queued:
            self._queued = True
            engine.queue_callback(self._finish)
        bucket, offset, n = self._where[id(p)]
        g = p._grad
        if g.is_sparse:
            raise RuntimeError("DistributedDataParallel: sparse gradients are not supported")
        view = bucket.buf[offset:offset + n].reshape(g._a.shape)
        sync_stream()  # the bucket copy reads the gradient (docs/ASYNC.md)
        if not np.shares_memory(view, g._a):  # with gradient_as_bucket_view it is the bucket
            np.copyto(view, g._a)
        bucket.pending -= 1
        self._start_ready()

    def _start_ready(self) -> None:
        MPI = dist.collectives._world.MPI
        comm = dist.collectives._world.comm
        while self._next < len(self._buckets) and self._buckets[self._next].pending == 0:
            b = self._buckets[self._next]
            b.request = comm.Iallreduce(MPI.IN_PLACE, b.buf, op=MPI.SUM)
            self._next += 1

    def _finish(self) -> None:
        self._armed = False
        for b in self._buckets[self._next:]:
            if b.pending:  # parameters that got no gradient on this rank count as zeros
                for p, offset, n in b.params:
                    if p._grad is None:
                        b.buf[offset:offset + n] = 0
                b.pending = 0
        self._start_ready()
        MPI = dist.collectives._world.MPI
        MPI.Request.Waitall([b.request for b in self._buckets])
        sync_stream()  # the gradients are overwritten below
        for b in self._buckets:
            b.request = None
            np.divide(b.buf, self._world_size, out=b.buf)
            for p, offset, n in b.params:
                view = b.buf[offset:offset + n].reshape(p._a.shape)
                g = p._grad
                if g is None or self.gradient_as_bucket_view:
                    if g is None or not np.shares_memory(view, g._a):
                        p._grad = Tensor._wrap(view if self.gradient_as_bucket_view
                                               else view.copy())
                    if g is not None:
                        p._grad._bump_version()
                else:
                    np.copyto(g._a, view)
                    g._bump_version()


class DataParallel(Module):
    """torch's single-process data parallelism over GPUs. Without GPUs torch's DataParallel
    runs the wrapped module unchanged, and aten_lite computes on the CPU, so this one does
    the same: ``device_ids`` and ``output_device`` are ignored (``device_ids`` reads [], as
    in torch without GPUs) and the state dict keys start with ``module.``."""

    def __init__(self, module: Module, device_ids=None, output_device=None,
                 dim: int = 0) -> None:
        super().__init__()
        self.module = module
        self.device_ids = []

    def forward(self, *inputs, **kwargs):
        return self.module(*inputs, **kwargs)

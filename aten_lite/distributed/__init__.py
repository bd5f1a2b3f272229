"""Data-parallel training over MPI, named as in ``torch.distributed``.

``collectives`` holds the process group and the collectives (all_reduce, broadcast,
all_gather, reduce_scatter, send/recv, ...); ``run`` the launcher (``aten-lite-run --nproc N
script.py``). ``aten_lite.nn.parallel.DistributedDataParallel`` and
``aten_lite.utils.data.DistributedSampler`` build on them. docs/DISTRIBUTED.md is the guide.

Importing this package never starts MPI: ``init_process_group`` does (mpi4py from the
``distributed`` extra: pip install 'aten_lite[distributed]').
"""

from .collectives import (
    Backend, ReduceOp, Work, all_gather, all_gather_into_tensor, all_reduce, barrier, broadcast,
    destroy_process_group, get_backend, get_rank, get_world_size, init_process_group, irecv,
    is_available, is_initialized, is_mpi_available, isend, recv, reduce, reduce_scatter,
    reduce_scatter_tensor, send,
)

__all__ = [
    "Backend", "ReduceOp", "Work", "is_available", "is_mpi_available", "init_process_group",
    "is_initialized", "destroy_process_group", "get_rank", "get_world_size", "get_backend",
    "barrier", "all_reduce", "reduce", "broadcast", "all_gather", "all_gather_into_tensor",
    "reduce_scatter", "reduce_scatter_tensor", "send", "recv", "isend", "irecv",
]

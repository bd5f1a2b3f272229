"""The process group and its collectives, named as in ``torch.distributed``, over MPI.

One process group exists, the world of the MPI launcher (``aten-lite-run``, ``mpiexec``): its
rank and size are MPI's, and a script started without a launcher is a world of one. Every
collective hands MPI the tensor's own memory (Note [Tensor memory for MPI]).

>>> import aten_lite as al, aten_lite.distributed as dist
>>> dist.init_process_group("mpi")
>>> t = al.ones(3) * (dist.get_rank() + 1)
>>> dist.all_reduce(t)            # every rank now holds the sum over ranks
"""

from __future__ import annotations

import enum

import numpy as np

from ..tensors.tensor import Tensor, sync_stream

__all__ = [
    "Backend", "ReduceOp", "Work", "is_available", "is_mpi_available", "init_process_group",
    "is_initialized", "destroy_process_group", "get_rank", "get_world_size", "get_backend",
    "barrier", "all_reduce", "reduce", "broadcast", "all_gather", "all_gather_into_tensor",
    "reduce_scatter", "reduce_scatter_tensor", "send", "recv", "isend", "irecv",
]

INSTALL_HINT = "install with pip install 'aten_lite[distributed]'"


class Backend:
    """The backends that exist: only ``"mpi"`` (CPU tensors, any MPI library mpi4py is built
    against)."""

    MPI = "mpi"
    ALL = ("mpi",)


class ReduceOp(enum.Enum):
    """How a reducing collective combines the ranks' tensors (torch's names). ``AVG`` is the
    sum divided by the world size, for floating tensors."""

    SUM = "sum"
    AVG = "avg"
    PRODUCT = "product"
    MIN = "min"
    MAX = "max"
    BAND = "band"
    BOR = "bor"
    BXOR = "bxor"


def _mpi():
    """mpi4py's MPI module (importing it initializes MPI), or an ImportError saying how to
    install it."""
    try:
        from mpi4py import MPI
    except ImportError as e:
        raise ImportError(f"aten_lite.distributed needs mpi4py and an MPI library ({e}); "
                          f"{INSTALL_HINT}, or on a cluster install mpi4py built against the "
                          f"cluster's MPI (docs/DISTRIBUTED.md)") from e
    return MPI


def is_available() -> bool:
    """Whether the MPI backend can be used: mpi4py imports."""
    try:
        import mpi4py  # noqa: F401  (imports the package, not MPI: this does not start MPI)
    except ImportError:
        return False
    return True


is_mpi_available = is_available


class _Group:
    """The initialized world: a duplicate of MPI's COMM_WORLD (so aten_lite's messages never
    match another library's), its rank and size."""

    def __init__(self, MPI, comm) -> None:
        self.MPI = MPI
        self.comm = comm
        self.rank = comm.Get_rank()
        self.size = comm.Get_size()


_world: _Group | None = None


def init_process_group(backend: str | None = "mpi", init_method=None, timeout=None,
                       world_size: int = -1, rank: int = -1, store=None,
                       group_name: str = "", pg_options=None, device_id=None) -> None:
    """Join the world of processes the MPI launcher started (one process without a launcher).
    ``world_size`` and ``rank``, when given, must be what the launcher says; ``init_method``,
    ``store`` and ``timeout`` have no role (MPI's launcher does the rendezvous)."""
    global _world
    name = Backend.MPI if backend is None else str(backend).lower()
    if name not in Backend.ALL:
        raise ValueError(f"init_process_group: backend {backend!r} is not available; aten_lite "
                         f"has {', '.join(repr(b) for b in Backend.ALL)} (CPU tensors over MPI; "
                         f"write backend='mpi' where a torch program says 'gloo')")
    if _world is not None:
        raise RuntimeError("init_process_group: the default process group is already "
                           "initialized; call destroy_process_group() first")
    MPI = _mpi()
    comm = MPI.COMM_WORLD.Dup()
    group = _Group(MPI, comm)
    for what, given, real in (("world_size", world_size, group.size), ("rank", rank, group.rank)):
        if given is not None and given != -1 and given != real:
            comm.Free()
            raise ValueError(f"init_process_group: {what}={given} but the MPI launcher started "
                             f"this process with {what} {real}; leave {what} out (the launcher "
                             f"decides it: aten-lite-run --nproc N)")
    _world = group


def is_initialized() -> bool:
    return _world is not None


def destroy_process_group(group=None) -> None:
    """Leave the process group (MPI itself stays up until the process exits, as MPI can start
    only once per process; init_process_group may be called again)."""
    global _world
    _check_group(group, "destroy_process_group")
    if _world is None:
        raise RuntimeError("destroy_process_group: the default process group is not initialized")
    world, _world = _world, None
    world.comm.Free()


def _group(what: str, group=None) -> _Group:
    _check_group(group, what)
    if _world is None:
        raise RuntimeError(f"{what}: the default process group has not been initialized; call "
                           f"aten_lite.distributed.init_process_group('mpi') first")
    return _world


def _check_group(group, what: str) -> None:
    if group is not None:
        raise ValueError(f"{what}: group={group!r}; aten_lite has only the default group (the "
                         f"whole world), passed as group=None")


def get_rank(group=None) -> int:
    return _group("get_rank", group).rank


def get_world_size(group=None) -> int:
    return _group("get_world_size", group).size


def get_backend(group=None) -> str:
    _group("get_backend", group)
    return Backend.MPI


# Note [Tensor memory for MPI]
# A CPU tensor's data is a NumPy array with exactly the tensor's strides (Note [Tensor
# storage] in tensors/tensor.py); when that array is C-contiguous it *is* the tensor's
# elements, one after another, and MPI reads and writes it through the buffer protocol: no
# copy. A tensor that is not contiguous (a transpose, a strided slice) is copied into a
# contiguous buffer first, and when the collective writes to it, the result is copied back
# into the tensor's own elements once the collective completes (for an async_op, at wait()).
# A write bumps the tensor's version counter as an in-place op does, so autograd refuses to
# use a saved tensor that a collective overwrote.

_REDUCE_NAMES = {ReduceOp.SUM: "SUM", ReduceOp.AVG: "SUM", ReduceOp.PRODUCT: "PROD",
                 ReduceOp.MIN: "MIN", ReduceOp.MAX: "MAX", ReduceOp.BAND: "BAND",
                 ReduceOp.BOR: "BOR", ReduceOp.BXOR: "BXOR"}
# MPI has no arithmetic on booleans: as torch does, a sum or max of bools is their "or", a
# product or min their "and".
_BOOL_NAMES = {ReduceOp.SUM: "LOR", ReduceOp.MAX: "LOR", ReduceOp.BOR: "LOR",
               ReduceOp.PRODUCT: "LAND", ReduceOp.MIN: "LAND", ReduceOp.BAND: "LAND",
               ReduceOp.BXOR: "LXOR"}


def _mpi_op(world: _Group, given, t: Tensor, what: str):
    op = given
    if isinstance(given, str):
        op = ReduceOp.__members__.get(given.upper())
    if not isinstance(op, ReduceOp):
        raise ValueError(f"{what}: op={given!r} is not a ReduceOp; use one of "
                         f"{', '.join('ReduceOp.' + o.name for o in ReduceOp)}")
    if op is ReduceOp.AVG and not t._dtype.is_floating_point:
        raise TypeError(f"{what}: ReduceOp.AVG needs a floating tensor, got {t._dtype.name} "
                        f"(use ReduceOp.SUM and divide)")
    if op in (ReduceOp.BAND, ReduceOp.BOR, ReduceOp.BXOR) and t._dtype.is_floating_point:
        raise TypeError(f"{what}: ReduceOp.{op.name} needs an integer or bool tensor, got "
                        f"{t._dtype.name}")
    names = _BOOL_NAMES if t._dtype.name == "bool" else _REDUCE_NAMES
    return op, getattr(world.MPI, names[op])


def _array(t, what: str, name: str = "tensor") -> np.ndarray:
    """The tensor's data array, refusing what MPI cannot address."""
    if not isinstance(t, Tensor):
        raise TypeError(f"{what}: {name} must be an aten_lite Tensor, got {type(t).__name__}")
    if t.is_sparse or t._a is None or t._device.type != "cpu":
        kind = "sparse" if t.is_sparse else f"on device '{t._device}'"
        raise TypeError(f"{what}: {name} must be a CPU strided tensor; got one {kind} "
                        f"(collectives run on dense CPU memory)")
    sync_stream()  # MPI reads and writes the memory itself (docs/ASYNC.md)
    return t._a


def _send_buffer(t, what: str, name: str = "tensor") -> np.ndarray:
    """A buffer MPI reads: the tensor's own array, or a contiguous copy."""
    a = _array(t, what, name)
    return a if a.flags.c_contiguous else np.ascontiguousarray(a)


class _Target:
    """A tensor a collective writes: its own array when contiguous and writable (Note [Tensor
    memory for MPI]), else a contiguous copy that ``finish`` writes back."""

    __slots__ = ("t", "a", "buf")

    def __init__(self, t, what: str, name: str = "tensor") -> None:
        a = _array(t, what, name)
        if not a.flags.writeable:
            raise ValueError(f"{what}: {name} is read-only memory (a tensor over a read-only "
                             f"NumPy array); the collective writes to it")
        self.t, self.a = t, a
        self.buf = a if a.flags.c_contiguous else np.ascontiguousarray(a)

    def finish(self, scale: int | None = None) -> None:
        if scale is not None:
            np.divide(self.buf, scale, out=self.buf)
        if self.buf is not self.a:
            np.copyto(self.a, self.buf)
        self.t._bump_version()


class Work:
    """What a collective called with ``async_op=True`` returns: ``wait()`` blocks until it is
    done (and the tensors hold the result), ``is_completed()`` asks without blocking."""

    __slots__ = ("_request", "_finish", "_done")

    def __init__(self, request, finish=None) -> None:
        self._request = request
        self._finish = finish
        self._done = False

    def _complete(self) -> None:
        self._done = True
        if self._finish is not None:
            finish, self._finish = self._finish, None
            finish()

    def wait(self, timeout=None) -> bool:
        if not self._done:
            if self._request is not None:
                self._request.Wait()
            self._complete()
        return True

    def is_completed(self) -> bool:
        if not self._done and (self._request is None or self._request.Test()):
            self._complete()
        return self._done

    def is_success(self) -> bool:
        return self.is_completed()


def _run(request, finish, async_op: bool):
    """Finish a collective started as ``request``: wait now, or hand back a Work."""
    work = Work(request, finish)
    if async_op:
        return work
    work.wait()
    return None


def barrier(group=None, async_op: bool = False, device_ids=None):
    world = _group("barrier", group)
    return _run(world.comm.Ibarrier(), None, async_op)


def all_reduce(tensor, op=ReduceOp.SUM, group=None, async_op: bool = False):
    """Combine ``tensor`` across ranks with ``op``; every rank's ``tensor`` holds the result."""
    world = _group("all_reduce", group)
    target = _Target(tensor, "all_reduce")
    op, mpi_op = _mpi_op(world, op, tensor, "all_reduce")
    scale = world.size if op is ReduceOp.AVG else None
    if not async_op:  # MPI's blocking collective may pick a faster algorithm
        world.comm.Allreduce(world.MPI.IN_PLACE, target.buf, op=mpi_op)
        target.finish(scale)
        return None
    request = world.comm.Iallreduce(world.MPI.IN_PLACE, target.buf, op=mpi_op)
    return _run(request, lambda: target.finish(scale), async_op)


def reduce(tensor, dst: int, op=ReduceOp.SUM, group=None, async_op: bool = False):
    """Combine ``tensor`` across ranks into rank ``dst``'s ``tensor`` (the others keep theirs)."""
    world = _group("reduce", group)
    _check_rank(world, dst, "reduce", "dst")
    target = _Target(tensor, "reduce")
    op, mpi_op = _mpi_op(world, op, tensor, "reduce")
    MPI = world.MPI
    if world.rank == dst:
        request = world.comm.Ireduce(MPI.IN_PLACE, target.buf, op=mpi_op, root=dst)
        scale = world.size if op is ReduceOp.AVG else None
        return _run(request, lambda: target.finish(scale), async_op)
    request = world.comm.Ireduce(target.buf, None, op=mpi_op, root=dst)
    return _run(request, None, async_op)


def broadcast(tensor, src: int, group=None, async_op: bool = False):
    """Copy rank ``src``'s ``tensor`` into every rank's ``tensor``."""
    world = _group("broadcast", group)
    _check_rank(world, src, "broadcast", "src")
    target = _Target(tensor, "broadcast")
    finish = None if world.rank == src else target.finish
    if not async_op:
        world.comm.Bcast(target.buf, root=src)
        if finish is not None:
            finish()
        return None
    return _run(world.comm.Ibcast(target.buf, root=src), finish, async_op)


def _check_rank(world: _Group, r, what: str, name: str) -> None:
    if not isinstance(r, int) or isinstance(r, bool) or not 0 <= r < world.size:
        raise ValueError(f"{what}: {name}={r!r} is not a rank of this world of {world.size} "
                         f"(0 to {world.size - 1})")


def _check_like(t, ref, what: str, name: str, shape=None) -> None:
    shape = tuple(ref._shape) if shape is None else shape
    if t._dtype is not ref._dtype:
        raise TypeError(f"{what}: {name} has dtype {t._dtype.name} but the input tensor has "
                        f"{ref._dtype.name}; they must match")
    if tuple(t._shape) != shape:
        raise ValueError(f"{what}: {name} has shape {list(t._shape)}, expected {list(shape)}")


def all_gather_into_tensor(output_tensor, input_tensor, group=None, async_op: bool = False):
    """Every rank's ``input_tensor``, concatenated along dim 0 in rank order, into
    ``output_tensor`` (shape (world_size * n, ...), or (world_size, n, ...))."""
    world = _group("all_gather_into_tensor", group)
    src = _send_buffer(input_tensor, "all_gather_into_tensor", "input_tensor")
    _check_gathered(world, output_tensor, input_tensor, "all_gather_into_tensor",
                    "output_tensor")
    target = _Target(output_tensor, "all_gather_into_tensor", "output_tensor")
    request = world.comm.Iallgather(src, target.buf)
    return _run(request, target.finish, async_op)


def _check_gathered(world, big, small, what: str, name: str) -> None:
    if big._dtype is not small._dtype:
        raise TypeError(f"{what}: {name} has dtype {big._dtype.name} but the other tensor has "
                        f"{small._dtype.name}; they must match")
    s = tuple(small._shape)
    stacked = (world.size * s[0],) + s[1:] if s else (world.size,)
    if tuple(big._shape) not in (stacked, (world.size,) + s):
        raise ValueError(f"{what}: {name} has shape {list(big._shape)}; with {world.size} ranks "
                         f"and a tensor of shape {list(s)} it must be {list(stacked)} or "
                         f"{[world.size, *s]}")


def all_gather(tensor_list, tensor, group=None, async_op: bool = False):
    """Every rank's ``tensor`` into ``tensor_list[rank]`` on every rank. MPI gathers into one
    buffer, which is then copied into the list's tensors (``all_gather_into_tensor`` writes
    its output directly)."""
    world = _group("all_gather", group)
    src = _send_buffer(tensor, "all_gather")
    outs = _tensor_list(world, tensor_list, tensor, "all_gather", "tensor_list")
    gathered = np.empty((world.size,) + src.shape, src.dtype)
    request = world.comm.Iallgather(src, gathered)

    def finish():
        for r, t in enumerate(outs):
            np.copyto(t._a, gathered[r])
            t._bump_version()
    return _run(request, finish, async_op)


def _tensor_list(world, tensors, ref, what: str, name: str) -> list:
    if not isinstance(tensors, (list, tuple)) or len(tensors) != world.size:
        got = (f"{len(tensors)} tensors" if isinstance(tensors, (list, tuple))
               else type(tensors).__name__)
        raise ValueError(f"{what}: {name} must be a list of world_size={world.size} tensors, "
                         f"got {got}")
    for i, t in enumerate(tensors):
        _array(t, what, f"{name}[{i}]")
        _check_like(t, ref, what, f"{name}[{i}]")
    return list(tensors)


def reduce_scatter_tensor(output, input, op=ReduceOp.SUM, group=None, async_op: bool = False):
    """Combine ``input`` (world_size blocks along dim 0) across ranks with ``op``; rank r's
    ``output`` gets block r of the result."""
    world = _group("reduce_scatter_tensor", group)
    src = _send_buffer(input, "reduce_scatter_tensor", "input")
    _check_gathered(world, input, output, "reduce_scatter_tensor", "input")
    target = _Target(output, "reduce_scatter_tensor", "output")
    op, mpi_op = _mpi_op(world, op, output, "reduce_scatter_tensor")
    request = world.comm.Ireduce_scatter_block(src, target.buf, op=mpi_op)
    scale = world.size if op is ReduceOp.AVG else None
    return _run(request, lambda: target.finish(scale), async_op)


def reduce_scatter(output, input_list, op=ReduceOp.SUM, group=None, async_op: bool = False):
    """Combine ``input_list[r]`` across ranks with ``op`` into rank r's ``output``. The list is
    copied into one send buffer (``reduce_scatter_tensor`` reads its input directly)."""
    world = _group("reduce_scatter", group)
    target = _Target(output, "reduce_scatter", "output")
    ins = _tensor_list(world, input_list, output, "reduce_scatter", "input_list")
    sync_stream()
    src = np.stack([t._a for t in ins])
    op, mpi_op = _mpi_op(world, op, output, "reduce_scatter")
    request = world.comm.Ireduce_scatter_block(src, target.buf, op=mpi_op)
    scale = world.size if op is ReduceOp.AVG else None
    return _run(request, lambda: target.finish(scale), async_op)


def isend(tensor, dst: int, group=None, tag: int = 0):
    """Send ``tensor`` to rank ``dst`` without waiting; returns a Work."""
    world = _group("isend", group)
    _check_rank(world, dst, "isend", "dst")
    buf = _send_buffer(tensor, "isend")
    return Work(world.comm.Isend(buf, dest=dst, tag=tag))


def send(tensor, dst: int, group=None, tag: int = 0) -> None:
    """Send ``tensor`` to rank ``dst`` (its ``recv`` must expect the same shape and dtype)."""
    world = _group("send", group)
    _check_rank(world, dst, "send", "dst")
    if dst == world.rank:
        raise ValueError(f"send: dst={dst} is this process's own rank; send to another rank")
    world.comm.Send(_send_buffer(tensor, "send"), dest=dst, tag=tag)


def irecv(tensor, src: int | None = None, group=None, tag: int = 0):
    """Receive into ``tensor`` from rank ``src`` (any rank when None) without waiting."""
    world = _group("irecv", group)
    source = _source(world, src, "irecv")
    target = _Target(tensor, "irecv")
    return Work(world.comm.Irecv(target.buf, source=source, tag=tag), target.finish)


def recv(tensor, src: int | None = None, group=None, tag: int = 0) -> int:
    """Receive into ``tensor`` from rank ``src`` (any rank when None); returns the sender's
    rank. A message of another size than ``tensor`` is an error (MPI's truncation error when
    larger)."""
    world = _group("recv", group)
    source = _source(world, src, "recv")
    target = _Target(tensor, "recv")
    status = world.MPI.Status()
    world.comm.Recv(target.buf, source=source, tag=tag, status=status)
    got = status.Get_count(world.MPI.BYTE)
    if got != target.buf.nbytes:
        raise ValueError(f"recv: received {got} bytes from rank {status.Get_source()} but the "
                         f"tensor holds {target.buf.nbytes} ({list(tensor._shape)}, "
                         f"{tensor._dtype.name}); send and recv tensors must match")
    target.finish()
    return status.Get_source()


def _source(world, src, what: str):
    if src is None:
        return world.MPI.ANY_SOURCE
    _check_rank(world, src, what, "src")
    return src

"""A device added from outside aten_lite, with its public API only: memory is one
separate pool (a fixed arena with its own first-fit allocator), every copy between it and
the host is counted, a few ops run on the pool itself, and the rest fall back to the CPU.

    import aten_lite as al
    import pool_device                        # registers device "pool"
    x = al.randn(64, 64, device="pool")
    y = (x @ x).relu()                        # mm and relu run in the pool: no copies
    print(pool_device.POOL.stats())

docs/DEVICES.md reads it line by line.
"""

from __future__ import annotations

import weakref

import numpy as np

import aten_lite as al
from aten_lite.utils.backend_registration import (DeviceBackend, cpu_fallback, impl,
                                                  make_tensor, register_backend, store_of)


class Block:
    """A block of the arena: its byte offset and size, freed when the last tensor on it
    goes."""

    def __init__(self, pool: "PoolBackend", offset: int, nbytes: int):
        self.offset, self.nbytes = offset, nbytes
        weakref.finalize(self, pool.free, offset, nbytes)


class PoolBackend(DeviceBackend):
    name = "pool"
    cpu_fallback = True  # ops without a kernel below run on the CPU, on copies

    def __init__(self, capacity: int = 64 << 20):
        self.arena = np.zeros(capacity, dtype=np.uint8)
        self.holes = [(0, capacity)]  # free (offset, size), sorted by offset
        self.counts = dict(copies_in=0, bytes_in=0, copies_out=0, bytes_out=0, allocs=0)

    # ---- memory: first fit in the arena, 64-byte aligned, neighbours merged when freed ----

    def alloc(self, nbytes: int) -> Block:
        size = (nbytes + 63) // 64 * 64
        for i, (at, room) in enumerate(self.holes):
            if room >= size:
                self.holes[i:i + 1] = [(at + size, room - size)] if room > size else []
                self.counts["allocs"] += 1
                return Block(self, at, size)
        raise MemoryError(f"pool: out of memory: {nbytes} bytes wanted, "
                          f"{sum(r for _, r in self.holes)} free in {len(self.holes)} holes")

    def free(self, at: int, size: int) -> None:
        self.holes.append((at, size))
        self.holes.sort()
        merged = [self.holes[0]]
        for a, r in self.holes[1:]:
            pa, pr = merged[-1]
            merged[-1:] = [(pa, pr + r)] if pa + pr == a else [(pa, pr), (a, r)]
        self.holes = merged

    def bytes(self, block: Block, at: int, nbytes: int) -> np.ndarray:
        return self.arena[block.offset + at:block.offset + at + nbytes]

    # ---- copies: the only way data crosses, so counting them here counts them all ----

    def copy_in(self, block: Block, at: int, data: np.ndarray) -> None:
        self.counts["copies_in"] += 1
        self.counts["bytes_in"] += data.size
        self.bytes(block, at, data.size)[:] = data

    def copy_out(self, block: Block, at: int, nbytes: int) -> np.ndarray:
        self.counts["copies_out"] += 1
        self.counts["bytes_out"] += nbytes
        return self.bytes(block, at, nbytes).copy()

    def copy(self, dst: Block, dst_at: int, src: Block, src_at: int, nbytes: int) -> None:
        self.bytes(dst, dst_at, nbytes)[:] = self.bytes(src, src_at, nbytes)  # stays inside

    def stats(self) -> dict:
        free = sum(r for _, r in self.holes)
        return dict(self.counts, bytes_used=self.arena.size - free)


POOL = PoolBackend()
KEY = register_backend(POOL)  # what CPU, Meta and SparseCPU register with too


# ---- kernels that run in the pool (NumPy over the arena stands in for device code) ----

def array(t: al.Tensor) -> np.ndarray:
    """t's elements as a NumPy view of the arena (no copy)."""
    block, size = store_of(t), t.element_size()
    flat = POOL.arena[block.offset:block.offset + block.nbytes].view(t.dtype.np)
    return np.lib.stride_tricks.as_strided(flat[t.storage_offset():], t.shape,
                                           [s * size for s in t.stride()])


def new(values: np.ndarray) -> al.Tensor:
    """A fresh pool tensor holding values computed in the pool (a copy inside the arena)."""
    block = POOL.alloc(max(values.nbytes, 1))
    out = make_tensor(block, values.shape, al.float32 if values.dtype == np.float32 else
                      al.float64, "pool")
    array(out)[...] = values
    return out


def _pool_floats(self, *others) -> bool:
    """Whether self is a float pool tensor and each other operand a pool tensor of its dtype
    or a Python number: what the kernels below handle (the rest goes to the CPU fallback)."""
    def fits(x):
        return isinstance(x, (int, float)) and not isinstance(x, bool) or isinstance(
            x, al.Tensor) and x.device == "pool" and x.dtype == self.dtype
    return self.device == "pool" and self.dtype in (al.float32, al.float64) and \
        all(fits(x) for x in others)


def _values(x):
    return array(x) if isinstance(x, al.Tensor) else x


def _binary(op: str, fn):
    on_cpu = cpu_fallback(op)

    def kernel(self, other, alpha=1):
        if alpha != 1 or not _pool_floats(self, other):
            return on_cpu(self, other, alpha)
        return new(fn(array(self), _values(other)).astype(array(self).dtype, copy=False))
    impl(op, "pool", kernel)


_binary("add.Tensor", np.add)
_binary("sub.Tensor", np.subtract)


@impl("mul.Tensor", "pool")
def mul(self, other):
    if not _pool_floats(self, other):
        return cpu_fallback("mul.Tensor")(self, other)
    return new((array(self) * _values(other)).astype(array(self).dtype, copy=False))


@impl("relu", "pool")
def relu(self):
    return new(np.maximum(array(self), 0)) if _pool_floats(self) else \
        cpu_fallback("relu")(self)


@impl("mm", "pool")
def mm(self, mat2):
    if not _pool_floats(self, mat2) or self.dim() != 2 or mat2.dim() != 2 or \
            self.shape[1] != mat2.shape[0]:
        return cpu_fallback("mm")(self, mat2)  # the CPU kernel's checks and messages
    return new(array(self) @ array(mat2))

"""Errors that kernels find on the device, raised at the next read (Note [Deferred device
errors]).

Note [Deferred device errors]
The queue is asynchronous: an op enqueues its kernels and returns, and nothing waits until a
value is read (``.item()``, ``.cpu()``, ``print``) or ``al.opencl.synchronize()`` is called.
A check that needs the values (``nll_loss``'s targets in range) therefore runs on the device,
in the kernel that reads them: a kernel that finds a bad value writes a flag and the value
into its slot of the device's status buffer (a few int64 pairs, zeroed once). Each slot is
tied, on the host, to the op that issued it, the line of user code that called it (the first
frame outside aten_lite) and how to word the message. At the next synchronization the queue
is finished and the used slots are read back in one copy; the first flagged slot raises
``al.nll_loss (issued at train.py:42): Target 7 is out of bounds for 3 classes ...`` with the
CPU kernel's exception type, as CUDA reports a device-side assert at the next synchronizing
call. The error sticks to the device until it is reported: it is raised by the first read
after the failing op, whichever tensor is read, and the slots are then zeroed again (later
reads go on; the failing op's result holds unspecified values, as torch's would). When every
slot is in use, issuing one more synchronizes first, so nothing is lost and a long run of
checked ops with no read in between costs one wait per ``SLOTS`` ops.
"""

from __future__ import annotations

import sys

import numpy as np

from ..vocab.user_code import user_line

__all__ = ["DeferredErrors", "SLOTS", "issuing_line"]

SLOTS = 64


def issuing_line() -> str:
    """``file.py:42`` of the user's line that issued the op (Note [The user's frame])."""
    return user_line(sys._getframe(1))


class DeferredErrors:
    """The device's status buffer: ``SLOTS`` pairs (flag, value) of int64, and per used slot
    (op, issuing line, exception type, message(value))."""

    def __init__(self, backend) -> None:
        self.backend = backend
        self.buffer = backend.cl.Buffer(backend.context, backend.cl.mem_flags.READ_WRITE,
                                        size=SLOTS * 16)
        backend.cl.enqueue_fill_buffer(backend.queue, self.buffer, np.int64(0), 0, SLOTS * 16)
        self.pending: list = []

    def slot(self, op: str, error: type, message) -> int:
        """A slot for a check that op ``op`` enqueues now; ``message(value)`` words the error
        raised (as ``error``) when the kernel flags it. Returns the slot's index: the kernel
        writes ``status[2 * slot] = 1`` and ``status[2 * slot + 1] = value``."""
        if len(self.pending) == SLOTS:
            self.backend.synchronize()
        self.pending.append((op, issuing_line(), error, message))
        return len(self.pending) - 1

    def check(self) -> None:
        """Read the used slots (the queue is finished), zero them, and raise the first flagged
        one's error."""
        if not self.pending:
            return
        cl, b = self.backend.cl, self.backend
        n = len(self.pending)
        status = np.empty(2 * n, dtype=np.int64)
        cl.enqueue_copy(b.queue, status, self.buffer, is_blocking=True)
        b.counts["copies_out"] += 1
        b.counts["bytes_out"] += status.nbytes
        pending, self.pending = self.pending, []
        flagged = [i for i in range(n) if status[2 * i]]
        if not flagged:
            return
        cl.enqueue_fill_buffer(b.queue, self.buffer, np.int64(0), 0, n * 16)
        op, line, error, message = pending[flagged[0]]
        raise error(f"al.{op} (issued at {line}): {message(int(status[2 * flagged[0] + 1]))}")

"""``al.trace_dispatch()``: watch each op's journey through the dispatcher.

Each dispatch inside the block adds a ``DispatchRecord``: the op and overload, the key chosen
and the keys it was chosen from, the kernel that ran, the dtype branch the C++ kernel took,
which variant of its code ran (``cpu_capability``: 'default', 'avx2' or 'avx512', see
docs/CPU_CAPABILITY.md), and whether its fast (contiguous) path ran. Ops that a kernel calls (a composite decomposition, or
the backend call below an autograd kernel) appear nested, with a larger ``depth``.

>>> import aten_lite as al
>>> x = al.ones(3)
>>> with al.trace_dispatch() as trace:
...     y = x + x
>>> [(r.op, r.key, r.dtype, r.fast_path) for r in trace]
[('add.Tensor', 'CPU', 'float32', True)]

Tracing is process-wide (one trace at a time). It is a dispatch mode (Note [Dispatch modes] in
dispatch/dispatcher.py): while it records, every call takes the dispatcher's one path, and the trace is
wrapped around the kernel that path chose. Records made while the autograd engine runs a
backward pass have ``backward=True``.

This module is the trace's state, at the vocabulary layer (docs/DESIGN.md, "Layers"): the
kernels write what they did into the open record (``note``) and the engine marks its pass
(``backward_pass``), so neither imports the dispatcher. The mode that opens the records,
``trace_dispatch``, is in ``dispatch/trace_mode.py``, above the dispatcher it plugs into.
"""

from __future__ import annotations

from dataclasses import dataclass

from . import profiling as _profiling

__all__ = ["DispatchTrace", "DispatchRecord"]

# Note [Kernel path codes]: what a C++ entry returns; see aten_lite/csrc/loops.h.
PATHS = {0: "contiguous", 1: "contiguous, one operand a single element", 2: "strided",
         3: "queued"}  # 3: put on the instruction stream (docs/ASYNC.md); the path is not known yet

# The trace recording now, PROFILE_ONLY while only a profile listens, or None. Kernels test
# this before reporting (one global read), so a closed trace and profile cost them nothing more.
active: "DispatchTrace | _ProfileOnly | None" = None


class _ProfileOnly:
    """What ``active`` holds while a profile is open and no trace is: kernels then call
    ``note``, which hands the dtype to the profile (vocab/profiling.py)."""

    _open = ()

    def __repr__(self) -> str:
        return "<no trace; a profile listens>"


PROFILE_ONLY = _ProfileOnly()


def tracing() -> bool:
    """Whether a ``trace_dispatch`` block is open."""
    return active.__class__ is DispatchTrace


def settle() -> None:
    """Set ``active`` for what is open now, after a trace or a profile closed: the open trace
    stays; else ``PROFILE_ONLY`` while a profile is open; else None."""
    global active
    if active.__class__ is not DispatchTrace:
        active = PROFILE_ONLY if _profiling.active is not None else None


@dataclass
class DispatchRecord:
    """One dispatch, as ``trace_dispatch`` saw it."""

    op: str  # full name, 'add.Tensor'
    overload: str  # 'Tensor' ('' for the default overload)
    key: str  # the key whose kernel ran: 'CPU', 'Meta', 'SparseCPU', 'Autograd'
    keys: tuple[str, ...]  # the candidates it was chosen from, highest priority first
    kernel: str  # which kernel ran, e.g. 'elementwise CPU kernel (C++ add.Tensor)'
    depth: int  # 0 for a call from user code, 1 for an op a kernel called, ...
    dtype: str | None = None  # the dtype branch the C++ kernel took (None: no C++ kernel)
    path: int | None = None  # the C++ kernel's path code (Note [Kernel path codes])
    backward: bool = False  # dispatched by the autograd engine's backward pass
    queued: bool = False  # its kernel work went to the instruction stream (docs/ASYNC.md)
    # The variant of the C++ kernel's code that ran ('default', 'avx2', 'avx512'; None: no C++
    # kernel, or one that does not say). Note [CPU capability variants] in aten_lite/csrc/cpu_capability.h.
    cpu_capability: str | None = None

    @property
    def fast_path(self) -> bool | None:
        """True when the C++ kernel ran a contiguous loop; None when no C++ kernel ran."""
        return None if self.path is None or self.path == 3 else self.path in (0, 1)


class DispatchTrace:
    """The records of one ``trace_dispatch`` block; iterable, indexable, printable."""

    def __init__(self) -> None:
        self.records: list[DispatchRecord] = []
        self._open: list[DispatchRecord] = []  # the records whose kernels are running

    def __iter__(self):
        return iter(self.records)

    def __len__(self) -> int:
        return len(self.records)

    def __getitem__(self, i):
        return self.records[i]

    def ops(self) -> list[str]:
        """The op names in call order, nested ones included."""
        return [r.op for r in self.records]

    def __str__(self) -> str:
        head = ("op", "pass", "key", "from keys", "kernel", "dtype", "cpu", "path")
        rows = [head]
        for r in self.records:
            path = "queued" if r.queued else "-" if r.path is None else \
                PATHS.get(r.path, str(r.path))
            rows.append(("  " * r.depth + r.op, "backward" if r.backward else "forward", r.key, ", ".join(r.keys), r.kernel,
                         r.dtype or "-", r.cpu_capability or "-", path))
        widths = [max(len(row[i]) for row in rows) for i in range(len(head))]
        lines = ["  ".join(c.ljust(w) for c, w in zip(row, widths)).rstrip() for row in rows]
        lines.insert(1, "  ".join("-" * w for w in widths))
        return "\n".join(lines)

    def __repr__(self) -> str:
        return f"<DispatchTrace of {len(self.records)} dispatches>"


# How many backward passes are running now (the engine calls enter_backward/exit_backward:
# plain calls, where a context manager would cost a generator per backward).
_backward_depth = 0


def enter_backward() -> None:
    """Marks the dispatches from now on as the backward pass's, until ``exit_backward``."""
    global _backward_depth
    _backward_depth += 1


def exit_backward() -> None:
    global _backward_depth
    _backward_depth -= 1


def open_record(handle, key: str, keys: tuple[str, ...], kernel: str) -> DispatchRecord:
    """Called by the dispatcher before running a kernel."""
    trace = active
    record = DispatchRecord(handle.name, handle.overload, key, keys, kernel, len(trace._open),
                            backward=_backward_depth > 0)
    trace.records.append(record)
    trace._open.append(record)
    return record


def close_record(record: DispatchRecord) -> None:
    trace = active
    if trace is not None and trace._open and trace._open[-1] is record:
        trace._open.pop()


def note(dtype: str, path: int | None, kernel=None, code: int | None = None) -> None:
    """Called by a kernel after its C++ call: the dtype branch and the path code it took
    (None when the work was not a C++ kernel's, e.g. NumPy's matmul); ``kernel`` and ``code``,
    the C++ kernel called and the dtype code it was called with, tell which variant of its code
    ran."""
    trace = active
    if trace is not None and trace._open:
        record = trace._open[-1]
        record.dtype = dtype
        record.path = path
        variant = getattr(kernel, "cpu_capability", None)
        if variant is not None and code is not None:
            record.cpu_capability = variant(code)
    if _profiling.active is not None:
        _profiling.note(dtype, path)

"""The profiler's event record, at the vocabulary layer (docs/DESIGN.md, "Layers").

Everything that reports to ``al.profiler`` (the dispatch mode of a profile, the C++ entries it
times, the autograd engine, graph mode's replays, the optimizers, an instruction stream) writes
here, so none of them imports the profiler's front end (``aten_lite/profiler/``), which reads the
events back into tables and Chrome traces. docs/PROFILER.md is the user's page.

Note [Profiler lanes]
An event is an interval on a *lane* of a thread. Lanes say who spent the time:

* ``"python"``: the issuing thread: ops (with their level-1 dispatch key and the level-2
  dtype branch their kernel took), ``record_function`` blocks, backward nodes, graph-mode
  steps and fused kernels. These nest (a composite op holds the ops it calls).
* ``"kernel"``: the C++ kernel calls, timed around the call on the thread that made it (with no
  instruction stream, that is the issuing thread itself).
* ``"stream"``: reserved for an asynchronous instruction stream's worker, which reports the
  time each instruction waited in its queue (category ``"queue"``) and ran (``"kernel"``).

A kernel or stream event names the op it ran for in ``args["op"]``; the tables add its time
to that op's "Kernel total". Timestamps are integer nanoseconds of ``time.perf_counter_ns``
(CLOCK_MONOTONIC on Linux: the clock of C++'s ``std::chrono::steady_clock``, so a C++ worker's
stamps can be reported as they are).

Cost when no profile is open: the hot paths (the dispatcher, the kernels) carry no test at
all (the profile is a dispatch mode, and the C++ entries are swapped for timed ones only while
it is open); the once-per-call places (a backward pass, a graph replay, an optimizer step)
read ``active`` and find None.
"""

from __future__ import annotations

import threading
import time

__all__ = ["Event", "Recording", "active", "clock", "record_interval", "RecordFunction",
           "open_event", "close_event", "current_op", "note", "PYTHON", "KERNEL", "STREAM"]

PYTHON = "python"
KERNEL = "kernel"
STREAM = "stream"
LANES = (PYTHON, KERNEL, STREAM)

clock = time.perf_counter_ns

# The Recording of the open profile, or None. Read once per backward pass, replay or step.
active: "Recording | None" = None


class Event:
    """One interval (Note [Profiler lanes]). ``end`` is None while it is open.

    Small on purpose (a profile of a training loop holds millions): what only a reader needs
    is derived when read. ``args`` is the event's details as a dict: the op's dispatch key,
    kernel, dtype and path; a kernel interval's op and dtype (from the op it ran under)."""

    __slots__ = ("name", "cat", "lane", "tid", "start", "end", "depth", "extra", "shapes",
                 "memory", "parent", "handle", "key")

    def __init__(self, name, cat, lane, tid, start, end=None, depth=0, extra=None):
        self.name = name  # 'al::add', 'MulBackward0', 'Optimizer.step#SGD.step'
        self.cat = cat  # 'op', 'kernel', 'queue', 'backward', 'graph', 'fused', 'user_annotation'
        self.lane = lane  # PYTHON, KERNEL or STREAM
        self.tid = tid  # the thread's ident (a stream: its own id)
        self.start = start  # ns, time.perf_counter_ns
        self.end = end
        self.depth = depth  # how many python-lane events of its thread were open around it
        self.extra = extra  # dict or None: dtype, path, stack, backward, what a reporter adds
        self.shapes = None  # input shapes (record_shapes)
        self.memory = 0  # bytes of the tensors it returned (profile_memory)
        self.parent = None  # a kernel or stream interval: the python-lane event it ran for
        self.handle = None  # an op: its OpHandle
        self.key = None  # an op: its level-1 dispatch key ('CPU', 'Autograd > CPU')

    @property
    def duration_ns(self) -> int:
        return (self.end if self.end is not None else self.start) - self.start

    @property
    def args(self) -> dict:
        """The details, as the trace shows them (a new dict each time)."""
        out = {}
        if self.key is not None:
            out["key"] = self.key
            if self.handle is not None:
                out["kernel"] = self.handle.kernel_names.get(self.key.rsplit(" > ", 1)[-1], "?")
        parent = self.parent
        if parent is not None:
            out["op"] = parent.name
            if parent.extra and "dtype" in parent.extra:
                out["dtype"] = parent.extra["dtype"]
        if self.extra:
            out.update(self.extra)
        return out

    def __repr__(self) -> str:
        return f"<Event {self.lane}:{self.name} {self.duration_ns} ns>"


class Recording:
    """The events of one profile (a ``profile`` block, or one cycle of its schedule)."""

    def __init__(self, record_shapes: bool = False, with_stack: bool = False,
                 profile_memory: bool = False) -> None:
        self.record_shapes = record_shapes
        self.with_stack = with_stack
        self.profile_memory = profile_memory
        self.events: list[Event] = []  # in the order they opened (appends are atomic)
        self.thread_names: dict[int, str] = {}  # tid -> name, for the trace's lanes
        self._local = threading.local()
        self._lock = threading.Lock()  # only for naming threads; appends need none

    def stack(self) -> list:
        """This thread's open python-lane events, innermost last."""
        local = self._local
        try:
            return local.stack
        except AttributeError:
            local.stack = []
            t = threading.current_thread()
            with self._lock:
                self.thread_names[t.ident] = t.name
            return local.stack


def open_event(rec: Recording, name: str, cat: str, args=None) -> Event:
    """Open a python-lane event on this thread (close it with ``close_event``)."""
    stack = rec.stack()
    e = Event(name, cat, PYTHON, threading.get_ident(), clock(), None, len(stack), args)
    rec.events.append(e)
    stack.append(e)
    return e


def close_event(rec: Recording, event: Event) -> None:
    event.end = clock()
    stack = rec.stack()
    if stack and stack[-1] is event:
        stack.pop()
    elif event in stack:  # closed out of order (an exception unwound past an inner one)
        del stack[stack.index(event):]


def current_op(rec: Recording):
    """The innermost open python-lane event of this thread, or None."""
    stack = rec.stack()
    return stack[-1] if stack else None


def note(dtype: str, path) -> None:
    """A kernel's dtype branch and path code (Note [Kernel path codes] in vocab/trace.py),
    for the innermost open op of this thread; ``trace.note`` forwards here."""
    rec = active
    if rec is not None:
        stack = rec.stack()
        if stack:
            e = stack[-1]
            if e.cat == "op":
                extra = e.extra
                if extra is None:
                    extra = e.extra = {}
                extra["dtype"] = dtype
                if path is not None:
                    extra["path"] = path


def record_interval(lane: str, name: str, start_ns: int, end_ns: int, args: dict | None = None,
                    tid: int | None = None, cat: str | None = None) -> None:
    """Record a finished interval on ``lane`` (Note [Profiler lanes]) when a profile is open;
    nothing otherwise. What an instruction stream calls for each instruction it ran, e.g.
    ``record_interval("stream", "add", t_enqueued, t_started, {"op": "al::add"}, tid=1,
    cat="queue")`` then ``record_interval("stream", "add", t_started, t_done, {"op":
    "al::add", "dtype": "float32"}, tid=1)``. ``tid`` names the lane's thread (default: the
    calling thread); ``cat`` defaults to ``"kernel"`` on the kernel and stream lanes and
    ``"user_annotation"`` on the python lane. Intervals may arrive late and out of order."""
    rec = active
    if rec is None:
        return
    if lane not in LANES:
        raise ValueError(f"record_interval: unknown lane {lane!r}; valid lanes are {LANES}")
    if end_ns < start_ns:
        raise ValueError(f"record_interval: end_ns {end_ns} is before start_ns {start_ns}")
    if cat is None:
        cat = "user_annotation" if lane == PYTHON else "kernel"
    if tid is None:
        tid = threading.get_ident()
        rec.stack()  # names this thread
    extra = dict(args) if args else {}
    e = Event(name, cat, lane, tid, start_ns, end_ns, 0, extra)
    e.parent = extra.pop("_parent", None)
    rec.events.append(e)


class RecordFunction:
    """A named python-lane interval: a context manager, and a decorator. Costs one global read
    when no profile is open. ``al.profiler.record_function`` is this class."""

    __slots__ = ("name", "args", "_event", "_rec")

    def __init__(self, name: str, args: str | None = None) -> None:
        if not isinstance(name, str):
            raise TypeError(f"record_function: name must be a str, got {type(name).__name__}")
        self.name = name
        self.args = args
        self._event = None
        self._rec = None

    def __enter__(self):
        rec = active
        if rec is not None:
            self._rec = rec
            self._event = open_event(rec, self.name, "user_annotation",
                                     {"args": self.args} if self.args else None)
        return self

    def __exit__(self, *exc) -> None:
        event, rec = self._event, self._rec
        if event is not None:
            self._event = self._rec = None
            close_event(rec, event)

    def __call__(self, fn):
        import functools

        name, extra = self.name, self.args

        @functools.wraps(fn)
        def wrapper(*a, **k):
            if active is None:
                return fn(*a, **k)
            with RecordFunction(name, extra):
                return fn(*a, **k)

        return wrapper

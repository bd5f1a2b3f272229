"""``al.profiler.profile``: open a recording, time what runs, read it back (docs/PROFILER.md).

Opening a profile sets three things, and closing it takes them away again, so nothing is
paid while none is open: the profile's dispatch mode (one event per op call,
``dispatch/profile_mode.py``), timed C++ entries in the kernels' cells (the kernel lane, Note
[Timed entries] in rules/kernel_rules.py) and timed ``apply`` methods on the autograd nodes
(Note [Profiling the backward] in autograd/engine.py). Graph-mode replays and optimizer steps
read the open recording themselves. One profile is open at a time, process-wide; the events
carry their thread.
"""

from __future__ import annotations

import enum
from threading import get_ident

from ..autograd import engine as _engine
from ..dispatch import profile_mode as _profile_mode
from ..rules import kernel_rules as _kernel_rules
from ..vocab import profiling as _profiling
from ..vocab.profiling import KERNEL, Event, clock
from . import tables, trace_files

__all__ = ["profile", "schedule", "ProfilerActivity", "ProfilerAction"]


class ProfilerActivity(enum.Enum):
    """What a profile records. CPU: everything aten_lite times. CUDA is accepted, as torch
    code passes both, and records the same: ops on a device tensor are op events with their
    key; a device kernel's own time is not measured (its launch returns before it runs)."""

    CPU = "CPU"
    CUDA = "CUDA"


class ProfilerAction(enum.Enum):
    NONE = 0
    WARMUP = 1
    RECORD = 2
    RECORD_AND_SAVE = 3


_RECORDING = (ProfilerAction.WARMUP, ProfilerAction.RECORD, ProfilerAction.RECORD_AND_SAVE)


def schedule(*, wait: int, warmup: int, active: int, repeat: int = 0, skip_first: int = 0):
    """torch's step schedule: after ``skip_first`` steps, cycles of ``wait`` steps not
    recorded, ``warmup`` steps recorded and thrown away, ``active`` steps recorded (the
    last one saves: ``on_trace_ready`` runs), ``repeat`` cycles (0: no end)."""
    for name, v in (("wait", wait), ("warmup", warmup), ("active", active),
                    ("repeat", repeat), ("skip_first", skip_first)):
        if not isinstance(v, int) or v < 0:
            raise ValueError(f"schedule: {name} must be an int >= 0, got {v!r}")
    if active < 1:
        raise ValueError(f"schedule: active must be >= 1, got {active}")
    cycle = wait + warmup + active

    def action(step: int) -> ProfilerAction:
        if step < skip_first:
            return ProfilerAction.NONE
        step -= skip_first
        if repeat and step >= cycle * repeat:
            return ProfilerAction.NONE
        at = step % cycle
        if at < wait:
            return ProfilerAction.NONE
        if at < wait + warmup:
            return ProfilerAction.WARMUP
        return ProfilerAction.RECORD_AND_SAVE if at == cycle - 1 else ProfilerAction.RECORD

    return action


def _timed_entry(name: str, entry):
    """``entry`` (a C++ kernel) timed on the kernel lane, under the op that called it (its
    dtype is the op's: the kernel's note gives it)."""
    def timed(*args):
        rec = _profiling.active
        if rec is None:
            return entry(*args)
        stack = rec.stack()
        start = clock()
        try:
            return entry(*args)
        finally:
            e = Event(name, "kernel", KERNEL, get_ident(), start, clock())
            if stack:
                e.parent = stack[-1]
            rec.events.append(e)

    return timed


class profile:
    """``with al.profiler.profile() as prof:`` records what runs in the block; then
    ``prof.key_averages().table(sort_by="self_cpu_time_total")`` and
    ``prof.export_chrome_trace(path)``. Arguments as torch.profiler.profile's:
    ``activities`` (ProfilerActivity values), ``record_shapes`` (input shapes of each op; the
    tables group by them with ``group_by_input_shape=True``), ``with_stack`` (the user's
    file:line of each op, in the trace), ``profile_memory`` (bytes each op returned),
    ``schedule`` and ``on_trace_ready`` (with ``prof.step()``). ``with_flops``,
    ``with_modules`` and ``experimental_config`` are accepted and record nothing more."""

    def __init__(self, activities=None, schedule=None, on_trace_ready=None,
                 record_shapes: bool = False, profile_memory: bool = False,
                 with_stack: bool = False, with_flops: bool = False, with_modules: bool = False,
                 experimental_config=None, use_cuda=None, acc_events: bool = False) -> None:
        if activities is None:
            activities = [ProfilerActivity.CPU]
        activities = set(activities)
        for a in activities:
            if not isinstance(a, ProfilerActivity):
                raise ValueError(f"profile: unknown activity {a!r}; valid activities are "
                                 f"ProfilerActivity.CPU and ProfilerActivity.CUDA")
        if schedule is not None and not callable(schedule):
            raise TypeError(f"profile: schedule must be callable (al.profiler.schedule(...)), "
                            f"got {type(schedule).__name__}")
        if on_trace_ready is not None and not callable(on_trace_ready):
            raise TypeError(f"profile: on_trace_ready must be callable, got "
                            f"{type(on_trace_ready).__name__}")
        self.activities = activities
        self.schedule = schedule
        self.on_trace_ready = on_trace_ready
        self.record_shapes = bool(record_shapes)
        self.profile_memory = bool(profile_memory)
        self.with_stack = bool(with_stack)
        self.step_num = 0
        self._action = ProfilerAction.NONE
        self._rec = None  # the Recording while recording
        self._mode = None
        self._saved_entries = self._saved_nodes = None
        self._events: list = []  # the last finished recording's events
        self._thread_names: dict = {}
        self._running = False

    # ---- recording on and off ----

    def _start_recording(self) -> None:
        rec = _profiling.Recording(self.record_shapes, self.with_stack, self.profile_memory)
        self._mode = _profile_mode.install(rec)  # raises if another profile is open
        self._rec = rec
        self._saved_entries = _kernel_rules.time_entries(_timed_entry)
        self._saved_nodes = _engine.time_nodes()

    def _stop_recording(self, keep: bool) -> None:
        rec = self._rec
        if rec is None:
            return
        _profile_mode.uninstall(self._mode)
        _kernel_rules.restore_entries(self._saved_entries)
        _engine.restore_nodes(self._saved_nodes)
        self._rec = self._mode = self._saved_entries = self._saved_nodes = None
        if keep:
            self._events = [e for e in rec.events if e.end is not None]
            self._thread_names = dict(rec.thread_names)

    def _save(self) -> None:
        self._stop_recording(keep=True)
        if self.on_trace_ready is not None:
            self.on_trace_ready(self)

    def start(self) -> None:
        if self._running:
            raise RuntimeError("profile.start: this profile is already running")
        self._running = True
        self.step_num = 0
        self._action = ProfilerAction.RECORD if self.schedule is None else self.schedule(0)
        if self._action in _RECORDING:
            self._start_recording()

    def stop(self) -> None:
        if not self._running:
            return
        self._running = False
        if self._rec is None:
            return
        if self._action is ProfilerAction.WARMUP:
            self._stop_recording(keep=False)
        elif self.schedule is None and self.on_trace_ready is None:
            self._stop_recording(keep=True)
        else:
            self._save()

    def step(self) -> None:
        """The end of one training step: moves the schedule on (starts, discards, saves)."""
        if not self._running:
            raise RuntimeError("profile.step: the profile is not running (use it in a with "
                               "block, or call start())")
        self.step_num += 1
        if self.schedule is None:
            return
        prev, cur = self._action, self.schedule(self.step_num)
        self._action = cur
        if prev is ProfilerAction.RECORD_AND_SAVE:
            self._save()
        elif prev is ProfilerAction.WARMUP and cur is not ProfilerAction.WARMUP:
            self._stop_recording(keep=False)
        elif prev in _RECORDING and cur is ProfilerAction.NONE:
            self._save()
        if cur in _RECORDING and self._rec is None:
            self._start_recording()

    def __enter__(self) -> "profile":
        self.start()
        return self

    def __exit__(self, *exc) -> None:
        self.stop()

    # ---- reading it back ----

    def events(self) -> list:
        """Every recorded event (vocab/profiling.py's ``Event``), in the order they opened."""
        self._check_done()
        return list(self._events)

    def key_averages(self, group_by_input_shape: bool = False, group_by_stack_n: int = 0):
        """One row per event name (and input shapes, with ``group_by_input_shape``; shapes
        are recorded with ``record_shapes=True``): torch's columns, ``.table(...)``."""
        self._check_done()
        if group_by_input_shape and not self.record_shapes:
            raise ValueError("key_averages(group_by_input_shape=True) needs the shapes: "
                             "profile with record_shapes=True")
        return tables.averages(self._events, group_by_input_shape)

    def export_chrome_trace(self, path) -> None:
        """Write the events as Chrome trace JSON (Perfetto, chrome://tracing)."""
        self._check_done()
        trace_files.chrome_trace(self._events, self._thread_names, path)

    def export_timeline_svg(self, path, **kwargs) -> None:
        """Draw the events as an SVG timeline, lanes as rows (``trace_files.timeline_svg``)."""
        self._check_done()
        trace_files.timeline_svg(self._events, self._thread_names, path, **kwargs)

    def _check_done(self) -> None:
        if self._rec is not None:
            raise RuntimeError("the profile is still recording; read its events after the with "
                               "block (or after stop())")

"""``prof.key_averages()`` and its ``table()``: one row per event name (and input shapes),
torch.profiler's columns and sort keys (docs/PROFILER.md)."""

from __future__ import annotations

from ..vocab.profiling import PYTHON, Event

__all__ = ["EventAverage", "EventList", "self_times", "SORT_KEYS"]

# What ``table(sort_by=...)`` accepts: EventAverage attributes, largest first.
SORT_KEYS = ("self_cpu_time_total", "cpu_time_total", "cpu_time", "self_cpu_time", "count",
             "kernel_time_total", "queue_time_total", "cpu_memory_usage",
             "self_cpu_memory_usage")


class EventAverage:
    """One row of ``key_averages()``. Times are in microseconds, as torch's are."""

    def __init__(self, key: str, input_shapes=None) -> None:
        self.key = key  # the event name: 'al::add', 'MulBackward0', 'Optimizer.step#SGD.step'
        self.input_shapes = input_shapes  # with group_by_input_shape, else None
        self.count = 0
        self.cpu_time_total = 0.0  # us, children included
        self.self_cpu_time_total = 0.0  # us, children excluded
        self.kernel_time_total = 0.0  # us of C++ kernel (or stream) intervals it issued
        self.queue_time_total = 0.0  # us its instructions waited in a stream's queue
        self.cpu_memory_usage = 0  # bytes of the tensors it returned (profile_memory)
        self.self_cpu_memory_usage = 0  # the same, less what the ops it called returned
        self.dtypes: set = set()  # level-2 dtype branches seen
        self.keys: set = set()  # level-1 dispatch keys seen

    @property
    def cpu_time(self) -> float:
        """Average CPU time per call, us."""
        return self.cpu_time_total / self.count if self.count else 0.0

    @property
    def self_cpu_time(self) -> float:
        return self.self_cpu_time_total / self.count if self.count else 0.0

    def __repr__(self) -> str:
        return (f"<EventAverage key={self.key!r} count={self.count} "
                f"cpu_time_total={self.cpu_time_total:.3f}us "
                f"self_cpu_time_total={self.self_cpu_time_total:.3f}us>")


def self_times(events: list) -> dict:
    """id(event) -> [self ns, bytes, self bytes] for the python-lane events: its time less its
    direct children's on the same thread (intervals nest, as the events were opened). Bytes:
    an op's are those of the tensors it returned; any other event's (a record_function block,
    a backward node) those of the ops directly inside it; self bytes: less the children's."""
    out = {}
    by_thread: dict = {}
    for e in events:
        if e.lane == PYTHON and e.end is not None:
            by_thread.setdefault(e.tid, []).append(e)
    order = {id(e): i for i, e in enumerate(events)}  # ties: the order they opened
    for evs in by_thread.values():
        evs.sort(key=lambda e: (e.start, -e.end, order[id(e)]))
        stack: list[Event] = []
        parents = []
        for e in evs:
            while stack and not (e.start >= stack[-1].start and e.end <= stack[-1].end):
                stack.pop()
            out[id(e)] = [e.end - e.start, e.memory if e.cat == "op" else 0, 0]
            parent = stack[-1] if stack else None
            parents.append(parent)
            if parent is not None:
                out[id(parent)][0] -= e.end - e.start
            stack.append(e)
        children_bytes: dict = {}
        for e, parent in zip(reversed(evs), reversed(parents)):  # children before parents
            row = out[id(e)]
            inner = children_bytes.get(id(e), 0)
            if e.cat != "op":
                row[1] = inner
            row[2] = row[1] - inner
            if parent is not None:
                children_bytes[id(parent)] = children_bytes.get(id(parent), 0) + row[1]
    return out


class EventList(list):
    """``key_averages()``'s rows; ``table()`` prints them as torch.profiler does."""

    def __init__(self, rows=(), total_self_ns: int = 0, shapes: bool = False) -> None:
        super().__init__(rows)
        self._total_self_ns = total_self_ns
        self._shapes = shapes

    def table(self, sort_by: str | None = None, row_limit: int = 100,
              max_name_column_width: int = 55, header: str | None = None,
              top_level_events_only: bool = False, max_shapes_column_width: int = 80) -> str:
        """The rows as text, sorted by ``sort_by`` (largest first; None keeps first-seen order;
        one of ``SORT_KEYS``), at most ``row_limit`` of them (-1: all)."""
        rows = list(self)
        if sort_by is not None:
            if sort_by not in SORT_KEYS:
                raise ValueError(f"table: unknown sort_by {sort_by!r}; valid keys are "
                                 f"{', '.join(SORT_KEYS)}")
            rows.sort(key=lambda r: getattr(r, sort_by), reverse=True)
        if row_limit is not None and row_limit >= 0:
            rows = rows[:row_limit]
        total = self._total_self_ns / 1000.0
        kernel = any(r.kernel_time_total for r in self)
        queue = any(r.queue_time_total for r in self)
        memory = any(r.cpu_memory_usage for r in self)
        cols = ["Name", "Self CPU %", "Self CPU", "CPU total %", "CPU total", "CPU time avg"]
        if kernel:
            cols += ["Kernel total", "Kernel %"]
        if queue:
            cols += ["Queue wait"]
        if memory:
            cols += ["CPU Mem", "Self CPU Mem"]
        cols += ["# of Calls"]
        if self._shapes:
            cols += ["Input Shapes"]
        kernel_all = sum(r.kernel_time_total for r in self) or 1.0
        body = []
        for r in rows:
            name = r.key if len(r.key) <= max_name_column_width else \
                r.key[:max_name_column_width - 3] + "..."
            cells = [name, _pct(r.self_cpu_time_total, total), _us(r.self_cpu_time_total),
                     _pct(r.cpu_time_total, total), _us(r.cpu_time_total), _us(r.cpu_time)]
            if kernel:
                cells += [_us(r.kernel_time_total), _pct(r.kernel_time_total, kernel_all)]
            if queue:
                cells += [_us(r.queue_time_total)]
            if memory:
                cells += [_bytes(r.cpu_memory_usage), _bytes(r.self_cpu_memory_usage)]
            cells.append(str(r.count))
            if self._shapes:
                s = str(r.input_shapes)
                cells.append(s if len(s) <= max_shapes_column_width else
                             s[:max_shapes_column_width - 3] + "...")
            body.append(cells)
        widths = [max([len(c)] + [len(row[i]) for row in body]) for i, c in enumerate(cols)]
        line = "  ".join("-" * w for w in widths)

        def fmt(cells):
            last = len(cols) - 1 if self._shapes else -1  # shapes read left to right
            return "  ".join(c.ljust(w) if i == last else c.rjust(w)
                             for i, (c, w) in enumerate(zip(cells, widths))).rstrip()

        out = []
        if header:
            out.append(header)
        out += [line, fmt(cols), line] + [fmt(c) for c in body] + [line]
        out.append(f"Self CPU time total: {_us(total)}")
        if kernel:
            out.append(f"Kernel time total: {_us(sum(r.kernel_time_total for r in self))}")
        return "\n".join(out) + "\n"

    def __str__(self) -> str:
        return self.table()


def averages(events: list, group_by_input_shape: bool = False) -> EventList:
    """Rows of the python-lane events by name (and shapes); kernel and stream intervals add
    their time to the event they were issued under (Note [Profiler lanes])."""
    selfs = self_times(events)
    rows: dict = {}
    by_event: dict = {}
    total = 0
    for e in events:
        if e.lane != PYTHON or e.end is None:
            continue
        shapes = None
        if group_by_input_shape:
            shapes = e.shapes if e.shapes is not None else []
        key = (e.name, repr(shapes) if group_by_input_shape else None)
        row = rows.get(key)
        if row is None:
            row = rows[key] = EventAverage(e.name, shapes)
        own_ns, nbytes, own_bytes = selfs[id(e)]
        row.count += 1
        row.cpu_time_total += (e.end - e.start) / 1000.0
        row.self_cpu_time_total += own_ns / 1000.0
        row.cpu_memory_usage += nbytes
        row.self_cpu_memory_usage += own_bytes
        total += own_ns
        if e.extra and "dtype" in e.extra:
            row.dtypes.add(e.extra["dtype"])
        if e.key is not None:
            row.keys.add(e.key)
        by_event[id(e)] = row
    by_name = {}
    for row in rows.values():
        by_name.setdefault(row.key, row)
    for e in events:
        if e.lane == PYTHON or e.end is None:
            continue
        parent = e.parent
        row = by_event.get(id(parent)) if parent is not None else None
        if row is None and e.extra:
            row = by_name.get(e.extra.get("op"))
        if row is None:
            continue
        if e.cat == "queue":
            row.queue_time_total += (e.end - e.start) / 1000.0
        else:
            row.kernel_time_total += (e.end - e.start) / 1000.0
    return EventList(rows.values(), total, group_by_input_shape)


def _us(us: float) -> str:
    if abs(us) >= 1e6:
        return f"{us / 1e6:.3f}s"
    if abs(us) >= 1e3:
        return f"{us / 1e3:.3f}ms"
    return f"{us:.3f}us"


def _pct(part: float, whole: float) -> str:
    return f"{100.0 * part / whole:.2f}%" if whole else "0.00%"


def _bytes(n: int) -> str:
    for unit, size in (("Gb", 1 << 30), ("Mb", 1 << 20), ("Kb", 1 << 10)):
        if abs(n) >= size:
            return f"{n / size:.2f} {unit}"
    return f"{n} b"

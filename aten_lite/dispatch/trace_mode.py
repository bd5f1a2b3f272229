"""``al.trace_dispatch()``: the dispatch mode that records each op's journey (the records and
what they hold are in ``vocab/trace.py``).

>>> import aten_lite as al
>>> with al.trace_dispatch() as trace:
...     y = al.ones(2) * 2
>>> trace.ops()
['mul.Tensor']
"""

from __future__ import annotations

from . import dispatcher as _dispatch
from ..vocab import trace as _trace

__all__ = ["trace_dispatch"]


class trace_dispatch:
    """Context manager recording every dispatch in its block; ``as`` gives the trace."""

    def __enter__(self) -> _trace.DispatchTrace:
        if _trace.tracing():
            raise RuntimeError("trace_dispatch blocks cannot be nested; one trace records at a time")
        self._trace = _trace.DispatchTrace()
        _trace.active = self._trace
        self._previous = _dispatch.set_mode(None)
        _dispatch.set_mode(_RecordingMode(self._previous))
        return self._trace

    def __exit__(self, *exc) -> None:
        _trace.active = None
        _trace.settle()  # a profile open around the trace keeps hearing the kernels' notes
        _dispatch.set_mode(self._previous)


class _RecordingMode:
    """The dispatch mode of a trace: a record around each kernel the dispatcher runs, and
    around the mode that was set before it (forward mode's, in a dual level), if any."""

    def __init__(self, previous=None) -> None:
        self.previous = previous

    def run(self, handle, key: str, keys: tuple[str, ...], args: tuple, below_autograd: bool):
        record = _trace.open_record(handle, key, keys, handle.kernel_names.get(key, "?"))
        issued = _issued()
        try:
            if self.previous is not None:
                return self.previous.run(handle, key, keys, args, below_autograd)
            return handle.table[key](*args)
        finally:
            record.queued = _issued() != issued
            _trace.close_record(record)


def _issued() -> int:
    """Instructions ever put on the stream (docs/ASYNC.md); 0 without the extension."""
    try:
        from .._C import stream_issued  # layer 0; the extension may be unbuilt
    except ImportError:
        return 0
    return stream_issued()

"""``al.profiler``: torch.profiler's habits for aten_lite (docs/PROFILER.md).

>>> import aten_lite as al
>>> x = al.ones(3)
>>> with al.profiler.profile() as prof:
...     with al.profiler.record_function("block"):
...         y = x + x
>>> [r.key for r in prof.key_averages()]
['block', 'al::add']

Events live in ``aten_lite/vocab/profiling.py`` (Note [Profiler lanes]), where every layer can
reach them; ``_record_interval`` is how an instruction stream reports its queue waits and
kernels (``record_interval`` there).
"""

from __future__ import annotations

from ..vocab.profiling import RecordFunction as record_function
from ..vocab.profiling import record_interval as _record_interval
from .session import ProfilerAction, ProfilerActivity, profile, schedule
from .tables import EventAverage, EventList

__all__ = ["profile", "record_function", "schedule", "ProfilerActivity", "ProfilerAction",
           "EventAverage", "EventList"]

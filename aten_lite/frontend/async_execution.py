"""Asynchronous eager execution: ``al.set_async``, ``al.async_execution``, ``al.synchronize``.

With async execution on, every C++ kernel call does its checks and allocates its result on
the calling thread, then queues the kernel on the CPU instruction stream and returns; a worker
thread runs the queue in order (Note [The instruction stream] in
aten_lite/csrc/instruction_stream.h). Reading values (``item``, ``tolist``, ``numpy``,
``print``, ``bool``, ``.grad``, saving, DLPack) waits for the kernels that write them, as does
every Python kernel that reads arrays (Note [Stream-safe kernels] in dispatch/dispatcher.py). A
kernel that fails while queued raises at the next such sync, naming the op and the line that
issued it. docs/ASYNC.md has the whole story and the figures.

>>> import aten_lite as al
>>> with al.async_execution():
...     y = al.ones(3) * 2
...     y.tolist()  # a sync point: waits for the multiplication
[2.0, 2.0, 2.0]

Environment: ``AL_ASYNC=1`` turns it on at import; ``AL_LAUNCH_BLOCKING=1`` keeps it off
whatever the code asks for (every kernel then raises at its call, for debugging).
"""

from __future__ import annotations

import atexit
import contextlib
import os
from pathlib import Path

from ..autograd import tensor_methods as _tensor_methods
from ..dispatch import dispatcher as _dispatch

__all__ = ["set_async", "is_async_enabled", "async_execution", "synchronize",
           "launch_blocking"]

_C = None  # the extension, once async execution has been asked for


def _ext():
    global _C
    if _C is None:
        try:
            from .. import _C as ext  # layer 0; imported late so `import aten_lite` works unbuilt
        except ImportError as error:
            raise RuntimeError(
                "async execution needs aten_lite._C, the C++ extension; run `pip install .` "
                "(or `aten-lite-gen` in a checkout) to build it") from error
        root = Path(__file__).resolve().parents[1]
        # Frames in these files are the library's own: an instruction names the first frame
        # outside them as the line that issued it.
        ext.stream_set_internal_prefixes([str(root) + os.sep,
                                          str(root.parent / "generated") + os.sep])
        _C = ext
        atexit.register(_drain_at_exit)
    return _C


def _drain_at_exit() -> None:
    with contextlib.suppress(Exception):
        _C.stream_synchronize()


def launch_blocking() -> bool:
    """Whether ``AL_LAUNCH_BLOCKING=1`` is set: every kernel runs in its call, so a kernel
    error raises there (async execution stays off)."""
    return os.environ.get("AL_LAUNCH_BLOCKING", "") not in ("", "0")


def set_async(on: bool) -> None:
    """Turn asynchronous execution on or off (off by default). Turning it off first runs
    everything queued (and raises a pending kernel error). Under ``AL_LAUNCH_BLOCKING=1`` it
    stays off."""
    if not isinstance(on, bool):
        raise TypeError(f"set_async: expected a bool, got {type(on).__name__}")
    ext = _ext()
    on = on and not launch_blocking()
    if on == ext.stream_enabled():
        return
    if on:
        _dispatch.set_stream_wrapper(ext.stream_inline)
        ext.stream_set_enabled(True)
        _tensor_methods.set_grad_read_sync(True)
    else:
        try:
            ext.stream_set_enabled(False)  # drains; may raise the sticky error
        finally:
            _dispatch.set_stream_wrapper(None)
            _tensor_methods.set_grad_read_sync(False)


def is_async_enabled() -> bool:
    """Whether kernel calls are queued on the instruction stream now."""
    return _C is not None and _C.stream_enabled()


@contextlib.contextmanager
def async_execution(enabled: bool = True):
    """``with al.async_execution():`` runs the block with async execution on (or off, with
    ``enabled=False``), then restores the previous setting; leaving the block drains the
    stream when it turns async execution off."""
    previous = is_async_enabled()
    set_async(enabled)
    try:
        yield
    finally:
        set_async(previous)


def synchronize() -> None:
    """Wait until every queued kernel has run, as torch.cuda.synchronize(); raises the error of
    a kernel that failed while queued (naming the op and the line that issued it)."""
    if _C is not None:
        _C.stream_synchronize()


def _from_environment() -> None:
    """``AL_ASYNC=1`` at import turns async execution on."""
    value = os.environ.get("AL_ASYNC", "")
    if value in ("", "0"):
        return
    if value != "1":
        raise ValueError(f"AL_ASYNC={value!r}: expected 0 or 1")
    set_async(True)
    slow = os.environ.get("AL_ASYNC_SLOW_US", "")
    if slow:
        # The test hook (docs/ASYNC.md, "Testing"): each instruction waits this long before it
        # runs, and fresh results are marked at issue, so a read that misses its sync sees
        # the mark instead of the right value by luck.
        _C.stream_configure(slow_us=int(slow), poison=True)

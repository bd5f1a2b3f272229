"""How the CPU kernels write large results: streaming stores or plain ones, chosen per CPU
(Note [Streaming stores by CPU] in aten_lite/csrc/stream.h; docs/CPU_CAPABILITY.md)."""

from __future__ import annotations

__all__ = ["get_streaming_stores", "set_streaming_stores"]


def get_streaming_stores() -> bool:
    """Whether large contiguous outputs (16 MB and more) are written with streaming stores,
    which skip reading each cache line before writing it: on by default on AMD CPUs, where
    they measured faster, off elsewhere (Note [Streaming stores by CPU] in
    aten_lite/csrc/stream.h); ``AL_STREAMING_STORES=0|1`` sets it when aten_lite loads.

    >>> import aten_lite as al
    >>> al.backends.cpu.get_streaming_stores() in (True, False)
    True
    """
    from ... import _C  # layer 0, loaded on first use as every kernel does

    return _C.streaming_stores()


def set_streaming_stores(on: bool) -> None:
    """Write large contiguous outputs with streaming stores (True) or plain stores (False).
    Results are the same bits either way; only the speed differs, by CPU."""
    if not isinstance(on, bool):
        raise TypeError(f"set_streaming_stores: expected a bool, got {type(on).__name__}")
    from ... import _C  # layer 0, loaded on first use as every kernel does

    _C.streaming_stores(on)

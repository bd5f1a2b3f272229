"""``al.backends.cudnn``: the cuDNN switches GPU-ready torch code sets (``benchmark``,
``deterministic``, ``allow_tf32``, ``enabled``), with torch's defaults, kept so such code runs on
aten_lite's CPU unchanged. aten_lite has no cuDNN: the flags are read back as set and change
no computation (aten_lite's CPU kernels are deterministic whatever ``deterministic`` says);
``is_available()`` is False and ``version()`` None, as in a CPU build of torch.

>>> import aten_lite as al
>>> al.backends.cudnn.benchmark = True
>>> al.backends.cudnn.benchmark, al.backends.cudnn.is_available()
(True, False)
>>> al.backends.cudnn.benchmark = False
"""

from __future__ import annotations

__all__ = ["enabled", "benchmark", "deterministic", "allow_tf32", "is_available", "version"]

enabled = True
benchmark = False
deterministic = False
allow_tf32 = True


def is_available() -> bool:
    return False


def version() -> None:
    """The cuDNN version: None, there is none."""
    return None

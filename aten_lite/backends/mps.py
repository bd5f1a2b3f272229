"""``al.backends.mps``: what device-choosing torch code asks about Apple's MPS backend
(``if torch.backends.mps.is_available(): ...``). aten_lite runs on the CPU: never available.

>>> import aten_lite as al
>>> al.backends.mps.is_available()
False
"""

from __future__ import annotations

__all__ = ["is_available", "is_built"]


def is_available() -> bool:
    return False


def is_built() -> bool:
    return False

"""Where aten_lite keeps what it builds at run time (layer 1: standard library only).

The cache folder, ``<cache>`` below: ``$AL_CACHE_DIR`` when set, else
``$XDG_CACHE_HOME/aten_lite`` (default ``~/.cache/aten_lite``). Op libraries defined in process
(``al.library.define_yaml``) live under ``<cache>/libraries/<hash>``; the generator's object
cache for library builds is ``<cache>/objects/`` (tools/codegen/library_build.py
computes the same folder: it may not import the runtime). Code is loaded from it only when no
other user could have written it (Note [Private caches] in tools/codegen/private_cache.py).
"""

from __future__ import annotations

import os
from pathlib import Path

__all__ = ["cache_dir"]


def cache_dir(*parts: str) -> Path:
    """The cache folder, and a subfolder of it (not created)."""
    base = os.environ.get("AL_CACHE_DIR")
    if not base:
        xdg = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
        base = os.path.join(xdg, "aten_lite")
    return Path(base, *parts)

"""The ``elementwise:`` entries of loaded op libraries, for fused kernels.

Note [Library ops in fused kernels]
A library op (``myops::mish``) is a functional ``elementwise:`` op like aten_lite's own, so the
fusion pass groups it with them, and its step is rendered the same way (Note [Fused kernels and
the YAML expressions]) from the library's fusion table: the ``<lib>/fusion_table.py`` that
``aten-lite-gen library`` writes into the build from the library's YAML (Note [The fusion table]
in tools/codegen/api_fusion.py), imported as a module of the loaded build. So a fused kernel
computes what the library's own kernel computes even when the source folder has been edited
since, or is gone (a pip-installed library), and graph mode runs no generator for it. The rows
name the YAML as the library's messages do (``<folder>/native_functions.yaml``, the manifest's
NATIVE), so the ``#line`` of the expression, and so the compiler's error, name the library's
file and line. An expression of an ``elementwise:`` op uses only aten_lite's kernel headers (its
own generated kernel includes nothing else), so the library adds nothing to the include path.
The kernel cache key hashes the fusion table of every library a spec uses (``source_files``), as
it hashes aten_lite's.
"""

from __future__ import annotations

import importlib
from pathlib import Path

from ..frontend import oplib as _oplib
from . import fusion_entries

__all__ = ["LibraryEntryError", "library_entry", "source_files", "TABLE"]

TABLE = _oplib.FUSION_TABLE  # the module of a library build that holds its rows

_CACHE: dict[str, dict] = {}  # the build's module name -> its entries


class LibraryEntryError(LookupError):
    """A library op's entry cannot be read; kernels_source.py raises it as FusionBuildError
    (this module does not import it: kernels_source imports this one)."""


def _loaded(op: str):
    """The loaded library of the qualified op ``NS::name``, or None for aten_lite's ops."""
    ns, sep, _ = op.partition("::")
    if not sep:
        return None
    loaded = _oplib._LOADED.get(ns)
    if loaded is None:
        known = ", ".join(sorted(_oplib._LOADED)) or "none"
        raise LibraryEntryError(f"fused kernel: {op!r} names the op library {ns!r}, which is "
                               f"not loaded (loaded: {known}); load it with al.load_library")
    return loaded


def library_entry(op: str):
    """The fusion_entries.Entry of the library op ``op`` if it is a functional
    ``elementwise:`` op, None when it is not; None for an op without a namespace (aten_lite's
    own)."""
    loaded = _loaded(op)
    if loaded is None:
        return None
    if not (loaded.out / TABLE).is_file():
        raise LibraryEntryError(f"fused kernel: the op library {loaded.name!r} at {loaded.out} "
                               f"has no {TABLE} (built by an older aten-lite-gen); rebuild it: "
                               f"aten-lite-gen library <its folder> --name {loaded.name}")
    entries = _CACHE.get(loaded.package)
    if entries is None:
        try:
            table = importlib.import_module(f"{loaded.package}.{TABLE.removesuffix('.py')}")
            entries = fusion_entries.entries(table)
        except (ImportError, LookupError, SyntaxError) as exc:
            raise LibraryEntryError(f"fused kernel: the op library {loaded.name!r} at "
                                   f"{loaded.out}: {exc}") from None
        _CACHE[loaded.package] = entries
    return entries.get(op.partition("::")[2])


def source_files(spec) -> list[Path]:
    """The fusion table of each loaded library whose ops ``spec``'s steps use (for the cache
    key; a library not loaded, or a build without its table, adds nothing: rendering fails)."""
    found = []
    for step in spec.steps:
        ns, sep, _ = step.op.partition("::")
        loaded = _oplib._LOADED.get(ns) if sep else None
        if loaded is not None:
            path = loaded.out / TABLE
            if path.is_file() and path not in found:
                found.append(path)
    return found

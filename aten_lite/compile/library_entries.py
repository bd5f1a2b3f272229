"""The ``elementwise:`` entries of loaded op libraries, for fused kernels.

Note [Library ops in fused kernels]
A library op (``myops::mish``) is a functional ``elementwise:`` op like aten_lite's own, so
the fusion pass groups it with them, and its step is rendered the same way (Note [Fused
kernels and the YAML expressions]) from the entry of the library's YAML. That YAML is the copy
shipped in the loaded build (``aten-lite-gen library`` copies it unchanged into the generated
package), so a fused kernel computes what the library's own kernel computes even when the
source folder has been edited since, or is gone (a pip-installed library). The entry is read
with the generator's library loader under the file name the library's messages use
(``<folder>/native_functions.yaml``, the manifest's NATIVE), so the ``#line`` of the expression,
and so the compiler's error, name the library's file and line. An expression of an
``elementwise:`` op uses only aten_lite's kernel headers (its own generated kernel includes
nothing else), so the library adds nothing to the include path. The kernel cache key hashes
the YAML text of every library a spec uses (``yaml_files``), as it hashes aten_lite's.
"""

from __future__ import annotations

import importlib
from functools import lru_cache
from pathlib import Path

from ..frontend import oplib as _oplib

__all__ = ["LibraryEntryError", "library_entry", "yaml_files"]


class LibraryEntryError(LookupError):
    """A library op's entry cannot be read; kernels_source.py raises it as FusionBuildError
    (this module does not import it: kernels_source imports this one)."""


def _cg(module: str):
    """A module of the generator that aten_lite uses (``_oplib._codegen``'s rule)."""
    return importlib.import_module(f"{_oplib._codegen().__name__}.{module}")


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
    """The NativeFunction of the library op ``op`` if it is a functional ``elementwise:`` op,
    None when it is not; None for an op without a namespace (aten_lite's own)."""
    loaded = _loaded(op)
    if loaded is None:
        return None
    library = _cg("library")
    yaml = loaded.out / library.SHIPPED_NATIVE
    if not yaml.is_file():
        raise LibraryEntryError(f"fused kernel: the op library {loaded.name!r} at {loaded.out} "
                               f"has no {library.SHIPPED_NATIVE} (built by an older "
                               "aten-lite-gen); rebuild it: aten-lite-gen library <its folder> "
                               f"--name {loaded.name}")
    entries = _entries(loaded.out, loaded.name, loaded.native, yaml.read_text(encoding="utf-8"))
    return entries.get(op.partition("::")[2])


def yaml_files(spec) -> list[Path]:
    """The shipped YAML of each loaded library whose ops ``spec``'s steps use (for the cache
    key; a library not loaded, or a build without its YAML, adds nothing: rendering fails)."""
    found = []
    for step in spec.steps:
        ns, sep, _ = step.op.partition("::")
        loaded = _oplib._LOADED.get(ns) if sep else None
        if loaded is not None:
            path = loaded.out / _cg("library").SHIPPED_NATIVE
            if path.is_file() and path not in found:
                found.append(path)
    return found


@lru_cache(maxsize=8)
def _entries(out: Path, name: str, native: str, text: str) -> dict:
    """op name inside the library -> NativeFunction of its functional `elementwise:` ops, read
    from the build at ``out`` whose YAML is ``text`` (the cache key: what the kernel key hashes)."""
    library = _cg("library")
    # The build holds what the library's loader reads (kernels.py, csrc/*.h) beside the YAML.
    display = native.rpartition("/")[0] or name
    lib = library.Library(out, name, out, display)
    root = library.aten_root()
    try:
        spec = library.load_spec(lib, root, library.main_spec(root))
    except _cg("spec").SpecError as exc:
        raise LibraryEntryError(f"fused kernel: the op library {name!r} at {out}: "
                               + "; ".join(exc.messages)) from None
    return {str(nf.func.name): nf for nf in spec.native
            if nf.elementwise is not None and nf.func.kind().name == "functional"}

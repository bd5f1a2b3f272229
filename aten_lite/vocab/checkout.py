"""Running a checkout's own copy of a package that is also installed (layer 1: standard library
only).

aten_lite's generated code (``aten_lite._generated``, from ``generated/``) and its generator
(``aten_lite.codegen``, from ``tools/codegen/``) are installed under those names, but a source
checkout must run its own copies, even while another checkout is installed in editable mode.
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
from pathlib import Path
from types import ModuleType

__all__ = ["load_package", "codegen_module"]


def load_package(name: str, folder: Path | None) -> ModuleType:
    """The package ``folder`` (a folder holding ``__init__.py``) imported as ``name``; the
    installed package of that name when ``folder`` is None or holds no ``__init__.py``."""
    if folder is None or not (folder / "__init__.py").is_file():
        return importlib.import_module(name)
    spec = importlib.util.spec_from_file_location(
        name, folder / "__init__.py", submodule_search_locations=[str(folder)])
    if spec is None or spec.loader is None:
        raise ImportError(f"cannot import {name} from {folder}")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def codegen_module(module: str) -> ModuleType:
    """A module of the generator, ``aten_lite.codegen.<module>``: the checkout's tools/codegen
    beside this package when there is one, else the installed copy (the rule graph mode's
    ``kernels_source.codegen`` follows). Run-time builders read its cache checks from here."""
    name = "aten_lite.codegen"
    if name not in sys.modules:
        load_package(name, Path(__file__).resolve().parents[2] / "tools" / "codegen")
    return importlib.import_module(f"{name}.{module}")

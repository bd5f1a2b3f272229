"""The runtime's pure-data modules, loaded one file at a time, never through ``aten_lite``.

Note [Runtime data files]
The generator never imports the runtime package: its ``__init__`` loads the C++ extension
and the generated code the generator is about to rewrite. Two runtime modules are pure data
(no imports from ``aten_lite``) so that the generator can execute them on their own:
``aten_lite/vocab/registry_record.py`` (the ``OpRecord`` both sides agree on, Note [Registry
records]) and ``aten_lite/vocab/manifest.py`` (the runtime names the YAML may refer to, Note [The
runtime manifest]). The record module is the one shipped beside this generator (in a checkout
``tools/codegen/`` sits beside ``aten_lite/``; installed, it is the package ``aten_lite.codegen``); the
manifest is the one of the runtime a spec is checked against (``runtime_root``).
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

_HERE = Path(__file__).resolve().parent


def runtime_package() -> Path:
    """The ``aten_lite/`` folder shipped with this generator."""
    installed = _HERE.parent  # installed as aten_lite.codegen: its parent is the package
    if (installed / "vocab/registry_record.py").is_file():
        return installed
    return _HERE.parent.parent / "aten_lite"  # tools/codegen/ -> the checkout's aten_lite/


def load_file(path: Path, name: str) -> ModuleType:
    """Execute one Python file as module ``name`` (kept in ``sys.modules``, as dataclasses
    expect of a class's module). Raises OSError or the file's own exceptions."""
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None:
        raise OSError(f"cannot load {path}")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    try:
        spec.loader.exec_module(module)
    except BaseException:
        del sys.modules[name]
        raise
    return module


def record_module() -> ModuleType:
    """``aten_lite/vocab/registry_record.py``, loaded once per process."""
    name = "_aten_lite_codegen_registry_record"
    return sys.modules.get(name) or load_file(runtime_package() / "vocab/registry_record.py", name)

"""Builds the C++ extension aten_lite._C with tools/codegen/build.py (see docs/DESIGN.md,
"Packaging"); everything else about the package is in pyproject.toml.

build.py compiles each source to a cached object in parallel and relinks only what changed, so
`pip install .` and `pip install -e .` share the incremental build `aten-lite-gen` uses. It is
loaded by path: in pip's isolated build environment `tools` is not an importable package.
"""

from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent


def _load_build_module():
    spec = importlib.util.spec_from_file_location("_aten_lite_build",
                                                  ROOT / "tools" / "codegen" / "build.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while it executes
    spec.loader.exec_module(module)
    return module


class BuildWithCodegenBuilder(build_ext):
    """build_ext whose compile step is build.py's incremental build."""

    def build_extension(self, ext: Extension) -> None:
        build = _load_build_module()
        # Compiler processes at once: every core unless AL_BUILD_JOBS says otherwise.
        jobs = int(os.environ.get("AL_BUILD_JOBS", str(os.cpu_count() or 2)))
        output = self.get_ext_fullpath(ext.name)
        try:
            # A clean install compiles the kernels a group per translation unit (Note [Unity
            # objects] in build.py); aten-lite-gen later still rebuilds one op at a time.
            report = build.build_extension(ROOT, output, jobs=jobs, verbose=bool(self.verbose > 1),
                                           unity=True)
        except build.BuildError as exc:
            raise SystemExit(f"error: building {ext.name} failed:\n{exc}") from None
        print(f"aten_lite._C: compiled {len(report.compiled)} file(s), "
              f"{'relinked' if report.linked else 'up to date'} ({report.seconds:.1f} s)")
        # The core's objects ship too (aten_lite/csrc/objects/): an op library built on this
        # machine links them instead of compiling the core again (tools/codegen/library_build.py).
        units, _ = build.compile_objects(ROOT, jobs=jobs)
        shipped = Path(output).parent / "csrc" / "objects"
        shipped.mkdir(parents=True, exist_ok=True)
        for unit in units:
            if unit.source.startswith("aten_lite/csrc/") and unit.level == 0:
                self.copy_file(str(unit.obj), str(shipped / unit.obj.name))


class BuildPyWithSpec(build_py):
    """build_py that also ships aten_lite's own YAML as aten_lite/codegen/spec/: an op library
    built against an installed aten_lite checks its formulas' calls of aten_lite's ops and its
    method names against it (tools/codegen/library.py, main_spec)."""

    def run(self) -> None:
        super().run()
        target = Path(self.build_lib) / "aten_lite" / "codegen" / "spec"
        target.mkdir(parents=True, exist_ok=True)
        for name in ("native_functions.yaml", "derivatives.yaml"):
            self.copy_file(str(ROOT / name), str(target / name))


def _sources() -> list[str]:
    """Listed for setuptools' bookkeeping (sdists, timestamps); build.py finds them itself."""
    found = sorted(ROOT.glob("aten_lite/csrc/*.cpp")) + sorted(ROOT.glob("generated/csrc/*.cpp"))
    return [p.relative_to(ROOT).as_posix() for p in found]


setup(
    ext_modules=[Extension("aten_lite._C", sources=_sources())],
    cmdclass={"build_ext": BuildWithCodegenBuilder, "build_py": BuildPyWithSpec},
)

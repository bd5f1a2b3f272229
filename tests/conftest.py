"""Fixtures shared by the tests that run the generator on a copy of the repository."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def pytest_configure(config) -> None:
    """Where Python writes no bytecode (PYTHONDONTWRITEBYTECODE, as some CI images set), every
    test subprocess would compile aten_lite's modules from source again: ~1.4 s of each one's
    start, over the few hundred the suite runs. Compile them once, on the controller, as a first
    import would have (py_compile writes whatever that setting says; imports still read)."""
    if not sys.dont_write_bytecode or hasattr(config, "workerinput"):
        return
    import compileall

    for name in ("aten_lite", "generated", "tools", "tests"):
        compileall.compile_dir(ROOT / name, quiet=2)


def copy_repo(dest: Path) -> Path:
    """A working copy of the repository (sources, generated code, built extension and the
    object cache, so that only new kernels compile)."""
    ignore = shutil.ignore_patterns("__pycache__", ".git", ".venv", "*.egg-info", ".pytest_cache")
    for name in ("native_functions.yaml", "derivatives.yaml", "pyproject.toml", "setup.py"):
        shutil.copy2(ROOT / name, dest / name)
    for name in ("tools", "aten_lite", "generated"):
        shutil.copytree(ROOT / name, dest / name, ignore=ignore)
    if (ROOT / "build" / "al_objs").is_dir():
        shutil.copytree(ROOT / "build" / "al_objs", dest / "build" / "al_objs")
    return dest


EXAMPLE_LIBRARY = ROOT / "examples" / "myops"


def copy_example_library(dest: Path) -> Path:
    """examples/myops's sources copied to ``dest``: not the build a user who followed
    docs/OP_LIBRARIES.md (`aten-lite-gen library examples/myops`) has beside them, which must
    not stand in for the build a test makes (or change what it finds)."""
    shutil.copytree(EXAMPLE_LIBRARY, dest,
                    ignore=shutil.ignore_patterns("_generated", "__init__.py", "__pycache__"))
    return dest


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    return copy_repo(tmp_path)


def run_gen(repo: Path, *args: str) -> subprocess.CompletedProcess:
    """`python -m tools.codegen ARGS` in ``repo``, as a user runs it."""
    return subprocess.run([sys.executable, "-m", "tools.codegen", *args], cwd=repo,
                          capture_output=True, text=True, timeout=300)


# Lines a test asks to show after the run, under "aten_lite" (test_forward_ad.py reports the
# count of ops with forward mode there).
SUMMARY: list[str] = []


def pytest_terminal_summary(terminalreporter, exitstatus, config) -> None:
    """Lines tests asked to show (SUMMARY), then the size report (tools/size_report.py) after a
    whole-suite run, as CI makes one, so that the largest modules and functions are in front of
    everyone; not after a run of chosen files."""
    if SUMMARY:
        terminalreporter.section("aten_lite")
        for line in dict.fromkeys(SUMMARY):
            terminalreporter.write_line(line)
    if config.args_source is not pytest.Config.ArgsSource.TESTPATHS:
        return
    from tools.size_report import report

    terminalreporter.write_sep("-", "size")
    terminalreporter.write_line(report(ROOT))


def fresh_cache_dir(tmp_path_factory, prefix: str, seed: Path | None = None):
    """Body of a module-scoped fixture: ``$AL_CACHE_DIR`` set to a new folder (aten_lite's
    run-time cache: fused kernels, op library builds) for the module, then restored. With
    ``seed``, the folder starts as a copy of that cache (modes kept: caches are private)."""
    folder = tmp_path_factory.mktemp(prefix)
    if seed is not None:
        shutil.copytree(seed, folder, dirs_exist_ok=True)
    old = os.environ.get("AL_CACHE_DIR")
    os.environ["AL_CACHE_DIR"] = str(folder)
    yield folder
    if old is None:
        os.environ.pop("AL_CACHE_DIR", None)
    else:
        os.environ["AL_CACHE_DIR"] = old


@dataclass(frozen=True)
class BuiltLibrary:
    folder: Path  # the library's folder, its build in folder / "_generated"
    cache: Path  # the cache folder it was built with (the objects of its kernels)


@pytest.fixture(scope="session")
def built_myops(tmp_path_factory) -> BuiltLibrary:
    """examples/myops generated and compiled once for the session, in a cache folder of its
    own: the modules that test a built library (test_library_ext, test_library_forward,
    test_library_fusion) each load this build instead of compiling the same sources again,
    and may start their own cache as a copy of its cache (``fresh_cache_dir``'s seed), as
    when they built it themselves. Tests that change the build work on a copy of it, or put
    back the text they change."""
    from tools.codegen import library_build
    from tools.codegen.library import Library

    cache = fresh_cache_dir(tmp_path_factory, "myops_cache")
    folder = next(cache)
    try:
        where = copy_example_library(tmp_path_factory.mktemp("libs") / "myops")
        report = library_build.generate(Library.at(where, "myops"))
    finally:
        next(cache, None)
    assert report.linked and (where / "_generated" / "manifest.py").is_file()
    return BuiltLibrary(where, folder)


@pytest.fixture(scope="session")
def mypy_cache(tmp_path_factory) -> Path:
    """One mypy cache folder (``--cache-dir``) for the session's mypy runs over the checkout:
    the first run analyses the standard library's stubs and aten_lite, later ones (other
    files, other flags) reuse what did not change, as a user's incremental runs do."""
    return tmp_path_factory.mktemp("mypy_cache")


@pytest.fixture(scope="session")
def installed_site(tmp_path_factory) -> Path:
    """What ``pip install .`` installs, laid out once for the session by ``setup.py build``
    (build_py + build_ext) in a folder of its own, for the tests that run aten_lite from an
    install with no checkout on the path. They read it, never change it."""
    site = tmp_path_factory.mktemp("installed") / "site"
    run = subprocess.run([sys.executable, "setup.py", "-q", "build", "--build-lib", str(site)],
                         cwd=ROOT, capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    return site


@pytest.fixture(scope="module")
def opencl():
    """The OpenCL device for one test module (``pytestmark =
    pytest.mark.usefixtures("opencl")``), unregistered after it, so that the rest of the
    process sees the built-in devices only (its registration on first use armed again)."""
    import aten_lite as al
    if not al.opencl.is_available():
        pytest.skip("no OpenCL device (pyopencl finds no platform with a device)")
    yield al.opencl.init()
    al.opencl._unregister()

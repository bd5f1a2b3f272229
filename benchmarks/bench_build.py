"""Build figures, each in a throw-away copy of the checkout under /tmp:

  - add one elementwise op to native_functions.yaml, then `python -m tools.codegen` and a new
    Python process that calls the op: the time a user waits between saving the YAML and using
    the op. The copy carries the object cache (build/al_objs), as a developer's checkout does,
    so this measures the incremental build: one new translation unit and a relink.
  - (``--install`` only, slow) a clean `pip install -e .` into a fresh virtual environment from
    a copy without any build products, as on a fresh machine (target: under 45 s on 2
    cores), and the C++ build's share of it.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from harness import Row

ROOT = Path(__file__).resolve().parents[1]
# What a checkout holds that the build reads; build/al_objs is the incremental object cache.
TREE = ("aten_lite", "generated", "tools", "native_functions.yaml", "derivatives.yaml",
        "pyproject.toml", "setup.py", "README.md")
NEW_OP = """
- func: bench_cube(Tensor self) -> Tensor
  variants: function, method
  elementwise: self * self * self
  dtypes: all
  doc: self cubed (added by benchmarks/bench_build.py to time a one-op rebuild).
"""
CALL_NEW_OP = ("import aten_lite as al; r = al.bench_cube(al.tensor([2.0, -1.0])); "
               "assert r.tolist() == [8.0, -1.0], r; print('ok')")


def _copy_tree(dest: Path, with_cache: bool) -> None:
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    for name in TREE:
        src = ROOT / name
        if src.is_dir():
            shutil.copytree(src, dest / name, ignore=ignore)
        elif src.exists():
            shutil.copy2(src, dest / name)
    if with_cache and (ROOT / "build" / "al_objs").is_dir():
        shutil.copytree(ROOT / "build" / "al_objs", dest / "build" / "al_objs")
    if not with_cache:
        for so in (dest / "aten_lite").glob("_C*.so"):
            so.unlink()


def _run(args: list[str], cwd: Path) -> str:
    p = subprocess.run(args, cwd=cwd, capture_output=True, text=True)
    if p.returncode != 0:
        raise RuntimeError(f"{' '.join(args)} failed in {cwd} (exit {p.returncode}):\n"
                           f"{p.stdout[-2000:]}{p.stderr[-2000:]}")
    return p.stdout + p.stderr


def one_op_rebuild() -> Row:
    with tempfile.TemporaryDirectory(prefix="al_bench_build_") as tmp:
        repo = Path(tmp)
        _copy_tree(repo, with_cache=True)
        # Make sure the copy is up to date first, so that the timed run builds only the new op.
        _run([sys.executable, "-m", "tools.codegen"], repo)
        with open(repo / "native_functions.yaml", "a") as f:
            f.write(NEW_OP)
        t0 = time.perf_counter()
        _run([sys.executable, "-m", "tools.codegen"], repo)
        _run([sys.executable, "-c", CALL_NEW_OP], repo)
        seconds = time.perf_counter() - t0
    return Row("add one elementwise op: aten-lite-gen + call it in a new process", "s",
               seconds, {}, "< 15 s", seconds < 15.0)


_BUILD_LINE = re.compile(r"aten_lite\._C: compiled (\d+) file\(s\), \w[\w ]*\(([\d.]+) s\)")


def clean_install() -> list[Row]:
    """The README's `pip install -e .` in a fresh copy and a fresh venv, as on a
    fresh machine (PyPI gives pip its build requirements; pip's own cache may hold them). Two
    rows: the whole command, and the C++ build inside it (setup.py prints its time)."""
    with tempfile.TemporaryDirectory(prefix="al_bench_install_") as tmp:
        repo, venv = Path(tmp) / "src", Path(tmp) / "venv"
        repo.mkdir()
        _copy_tree(repo, with_cache=False)
        _run([sys.executable, "-m", "venv", str(venv)], Path(tmp))
        t0 = time.perf_counter()
        out = _run([str(venv / "bin" / "python"), "-m", "pip", "install", "-v", "-e", "."],
                   repo)
        seconds = time.perf_counter() - t0
        _run([str(venv / "bin" / "python"), "-c", "import aten_lite as al; "
              "assert (al.ones(2) + 1).tolist() == [2.0, 2.0]"], Path(tmp))
    cores = os.cpu_count()
    rows = [Row(f"clean `pip install -e .` into a fresh venv ({cores} cores)", "s", seconds,
                {}, "< 45 s", seconds < 45.0)]
    found = _BUILD_LINE.search(out)
    if found:
        rows.append(Row(f"  of which the C++ build ({found.group(1)} source files)", "s",
                        float(found.group(2)), {}))
    return rows


def run(install: bool = False) -> list[Row]:
    rows = [one_op_rebuild()]
    if install:
        rows += clean_install()
    return rows


if __name__ == "__main__":
    from harness import table

    print(table(run("--install" in sys.argv), []))

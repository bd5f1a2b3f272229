"""Issue 3's build figures, each in a throw-away copy of the checkout under /tmp:

  - add one elementwise op to native_functions.yaml, then `python -m tools.codegen` and a new
    Python process that calls the op: the time a user waits between saving the YAML and using
    the op. The copy carries the object cache (build/al_objs), as a developer's checkout does,
    so this measures the incremental build: one new translation unit and a relink.
  - (``--install`` only, slow) a clean `pip install .` into a fresh virtual environment from a
    copy without any build products, as on a fresh machine.
"""

from __future__ import annotations

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


def _run(args: list[str], cwd: Path) -> None:
    p = subprocess.run(args, cwd=cwd, capture_output=True, text=True)
    if p.returncode != 0:
        raise RuntimeError(f"{' '.join(args)} failed in {cwd} (exit {p.returncode}):\n"
                           f"{p.stdout[-2000:]}{p.stderr[-2000:]}")


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


def clean_install() -> Row:
    with tempfile.TemporaryDirectory(prefix="al_bench_install_") as tmp:
        repo, venv = Path(tmp) / "src", Path(tmp) / "venv"
        repo.mkdir()
        _copy_tree(repo, with_cache=False)
        _run([sys.executable, "-m", "venv", str(venv)], Path(tmp))
        t0 = time.perf_counter()
        _run([str(venv / "bin" / "python"), "-m", "pip", "install", "-q", str(repo)], Path(tmp))
        seconds = time.perf_counter() - t0
        _run([str(venv / "bin" / "python"), "-c", "import aten_lite as al; "
              "assert (al.ones(2) + 1).tolist() == [2.0, 2.0]"], Path(tmp))
    return Row("clean `pip install .` into a fresh venv (2 cores)", "s", seconds, {},
               "< 300 s", seconds < 300.0)


def run(install: bool = False) -> list[Row]:
    rows = [one_op_rebuild()]
    if install:
        rows.append(clean_install())
    return rows


if __name__ == "__main__":
    from harness import table

    print(table(run("--install" in sys.argv), []))

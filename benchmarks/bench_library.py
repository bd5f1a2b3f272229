"""Op library figures, in throw-away folders under /tmp:

  - create a one-op library from nothing (a folder with one `elementwise:` op), run
    `aten-lite-gen library` on it and call the op in a new Python process, with an empty user
    cache: the core's objects come from aten_lite's own build (build/ in a checkout; an
    install ships them in aten_lite/csrc/objects/), the op's kernel compiles and the library
    links. Then a second library (its user cache already holds nothing it needs: the same
    work, timed again). Target: under 15 s.
  - `al.library.define_yaml` for an op already in the cache, in a new process (the aten_lite
    import excluded). Target: under 0.3 s. Peer: defining a Python custom op with
    torch.library.custom_op (torch compiles nothing either).
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from harness import Row

ROOT = Path(__file__).resolve().parents[1]
NATIVE = """\
- func: bench_cube(Tensor self) -> Tensor
  variants: function, method
  elementwise: self * self * self
  dtypes: all
"""
CALL = ("import aten_lite as al, benchlib; r = benchlib.bench_cube(al.tensor([2.0, -1.0])); "
        "assert r.tolist() == [8.0, -1.0], r")
CACHED = f"""
import time, aten_lite as al
t0 = time.perf_counter()
ns = al.library.define_yaml({NATIVE!r}, name='benchdef')
seconds = time.perf_counter() - t0
assert ns.bench_cube(al.tensor([3])).item() == 27
print(seconds)
"""
TORCH_DEFINE = """
import time, torch
t0 = time.perf_counter()
@torch.library.custom_op("benchlib::bench_cube", mutates_args=())
def bench_cube(x: torch.Tensor) -> torch.Tensor:
    return x * x * x
@bench_cube.register_fake
def _(x):
    return torch.empty_like(x)
seconds = time.perf_counter() - t0
assert torch.ops.benchlib.bench_cube(torch.tensor([3])).item() == 27
print(seconds)
"""


def _run(args: list[str], cwd: Path, env: dict) -> str:
    p = subprocess.run(args, cwd=cwd, capture_output=True, text=True, env=env)
    if p.returncode != 0:
        raise RuntimeError(f"{' '.join(args)} failed in {cwd} (exit {p.returncode}):\n"
                           f"{p.stdout[-2000:]}{p.stderr[-2000:]}")
    return p.stdout


def _env(cache: Path, extra_path: Path) -> dict:
    return {**os.environ, "AL_CACHE_DIR": str(cache),
            "PYTHONPATH": os.pathsep.join((str(extra_path), str(ROOT)))}


def new_library(cache: Path, work: Path) -> float:
    """Seconds from an unbuilt one-op library to its op's result in a new process."""
    lib = work / "benchlib"
    lib.mkdir()
    (lib / "native_functions.yaml").write_text(NATIVE)
    env = _env(cache, work)
    t0 = time.perf_counter()
    _run([sys.executable, "-m", "tools.codegen", "library", str(lib), "--name", "benchlib"],
         ROOT, env)
    _run([sys.executable, "-c", CALL], work, env)
    return time.perf_counter() - t0


def run() -> list[Row]:
    rows = []
    with tempfile.TemporaryDirectory(prefix="al_bench_lib_") as tmp:
        tmp = Path(tmp)
        cache = tmp / "cache"
        for label, folder in (("first", "a"), ("second", "b")):
            (tmp / folder).mkdir()
            seconds = new_library(cache, tmp / folder)
            rows.append(Row(f"one-op library from nothing + call in a new process ({label})",
                            "s", seconds, {}, "< 15 s", seconds < 15.0))
        env = _env(cache, tmp)
        _run([sys.executable, "-c", CACHED], tmp, env)  # the first run builds
        ours = min(float(_run([sys.executable, "-c", CACHED], tmp, env)) for _ in range(3))
        try:
            import torch  # noqa: F401

            peer = min(float(_run([sys.executable, "-c", TORCH_DEFINE], tmp, env))
                       for _ in range(3))
        except (ImportError, RuntimeError):
            peer = None
        rows.append(Row("define_yaml of an op already in the cache (new process, import excluded)",
                        "s", ours, {"torch.library.custom_op": peer}, "< 0.3 s", ours < 0.3))
    return rows


if __name__ == "__main__":
    for row in run():
        print(row)

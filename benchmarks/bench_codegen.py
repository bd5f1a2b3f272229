"""Generator figures: reading PyTorch's own native_functions.yaml, and --check.

Each figure is the first call in a fresh process after the imports (no warm caches), median of
several processes:
  - aten_lite: load_native_entries() = YAML with line numbers + parse every schema;
  - torchgen (when torch is installed): parse_native_yaml() on the same file;
  - `python -m tools.codegen --check` on our own YAML, as a whole process.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import time
from pathlib import Path

from harness import Row

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT.parent / "shared" / "data" / "pytorch-2.13"

OURS = """
import time, sys
sys.path.insert(0, {root!r})
from tools.codegen.load import load_native_entries
t0 = time.perf_counter()
entries = load_native_entries({path!r})
dt = time.perf_counter() - t0
assert len(entries) == 2584, len(entries)
print(dt)
"""

TORCHGEN = """
import time
from torchgen.gen import parse_native_yaml
t0 = time.perf_counter()
r = parse_native_yaml({path!r}, {tags!r})
dt = time.perf_counter() - t0
# torchgen also synthesises functional variants, so it reports more than the 2,584 entries.
assert len(r.native_functions) >= 2584, len(r.native_functions)
print(dt)
"""


def _in_fresh_process(code: str, runs: int) -> float | None:
    times = []
    for _ in range(runs):
        p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
        if p.returncode != 0:
            return None
        times.append(float(p.stdout.strip().splitlines()[-1]))
    return statistics.median(times)


def _whole_process(args: list[str], runs: int) -> float:
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        subprocess.run(args, capture_output=True, cwd=ROOT, check=True)
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def run(runs: int = 5) -> list[Row]:
    rows = []
    nf = str(CORPUS / "native_functions.yaml")
    if Path(nf).is_file():
        ours = _in_fresh_process(OURS.format(root=str(ROOT), path=nf), runs)
        theirs = _in_fresh_process(TORCHGEN.format(path=nf, tags=str(CORPUS / "tags.yaml")), runs)
        ok = None if theirs is None else ours < theirs
        rows.append(Row("load + parse PyTorch native_functions.yaml (2,584)", "s", ours,
                        {"torchgen": theirs}, "< torchgen", ok))
    check = _whole_process([sys.executable, "-m", "tools.codegen", "--check"], runs)
    rows.append(Row("aten-lite-gen --check (our YAML, whole process)", "s", check, {}, "< 1 s", check < 1.0))
    return rows


if __name__ == "__main__":
    from harness import table

    print(table(run(), ["torchgen"]))

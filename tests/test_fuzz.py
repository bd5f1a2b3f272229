"""Every op of the registry, called with a fixed, seeded set of bad arguments in subprocesses:
a crash, a hang, or an exception outside the documented set (tests/fuzz_worker.py) fails, and
the worst offenders are printed. The bar: no crash reachable from Python."""

from __future__ import annotations

import collections
import concurrent.futures
import inspect
import os
import subprocess
import sys
from pathlib import Path

import pytest

import aten_lite as al

WORKER = Path(__file__).with_name("fuzz_worker.py")
CHUNKS = 4  # subprocesses, two at a time
TIMEOUT = 120  # seconds for one chunk; a hang shows as the op that was running


def _public_ops() -> list[str]:
    names = sorted({h.base for h in al._dispatch.handles().values()})
    return [n for n in names if hasattr(al, n)]


# Methods whose call with bad arguments is not a bad call of the library: they wait for, or
# hand out, something outside it.
_NOT_FUZZED = {"backward", "register_hook", "numpy", "__array__"}


def _methods() -> list[str]:
    """Tensor methods without a module function (which ``_public_ops`` fuzzes), as
    ``Tensor.NAME``: method-only ops (variants: method) and methods that are not ops."""
    ops = {h.base for h in al._dispatch.handles().values() if "method" in h.variants}
    names = []
    for name in dir(al.Tensor):
        attr = inspect.getattr_static(al.Tensor, name)
        if (name.startswith("_") and name not in ops) or name.startswith("__") or \
                name in _NOT_FUZZED or isinstance(attr, property) or \
                callable(getattr(al, name, None)):
            continue
        if callable(attr) or isinstance(attr, (staticmethod, classmethod)):
            names.append(f"Tensor.{name}")
    return names


def _run(names: list[str]) -> tuple[list[str], str | None]:
    """(the offences reported, why the chunk did not finish or None)."""
    # The worker must fuzz the aten_lite this process imported: run as a script, it would
    # otherwise find whichever one the environment installs (another checkout's, say).
    home = str(Path(al.__file__).resolve().parents[1])
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        p for p in (home, os.environ.get("PYTHONPATH")) if p)}
    try:
        done = subprocess.run([sys.executable, str(WORKER), *names], capture_output=True,
                              text=True, timeout=TIMEOUT, cwd=WORKER.parent.parent, env=env)
        out, code = done.stdout, done.returncode
    except subprocess.TimeoutExpired as expired:
        out = expired.stdout.decode() if isinstance(expired.stdout, bytes) else (expired.stdout or "")
        code = "hang"
    lines = out.splitlines()
    bad = [line[4:] for line in lines if line.startswith("bad ")]
    if lines and lines[-1] == "done" and code == 0:
        return bad, None
    started = [line[6:] for line in lines if line.startswith("start ")]
    last = started[-1] if started else "(before the first op)"
    return bad, f"{last}: {'hang' if code == 'hang' else f'exit code {code}'}"


def test_no_op_crashes_hangs_or_raises_outside_the_documented_set():
    methods = _methods()
    method_only = {h.base for h in al._dispatch.handles().values()
                   if "method" in h.variants and not hasattr(al, h.base)}
    assert method_only and {f"Tensor.{n}" for n in method_only} <= set(methods)
    assert {"Tensor.tolist", "Tensor.item", "Tensor.size"} <= set(methods)  # not ops
    names = _public_ops() + methods
    assert len(names) > 100  # the registry, not an empty list
    chunks = [names[k::CHUNKS] for k in range(CHUNKS)]
    with concurrent.futures.ThreadPoolExecutor(2) as pool:
        results = list(pool.map(_run, chunks))
    bad = [b for found, _ in results for b in found]
    broken = [why for _, why in results if why is not None]
    worst = collections.Counter(b.split("|")[0] for b in bad).most_common(10)
    report = "\n".join([f"crashed or hung in {w}" for w in broken] +
                       [f"{n} offences in al.{op}" for op, n in worst] + bad[:30])
    assert not broken and not bad, report


def test_the_worker_reports_an_undocumented_exception(tmp_path):
    # The harness can fail: an op that raises AttributeError is reported by name.
    script = tmp_path / "probe.py"
    script.write_text(
        "import sys, aten_lite as al\n"
        f"sys.path.insert(0, {str(WORKER.parent)!r})\n"
        "import fuzz_worker\n"
        "def broken(*a, **k):\n    raise AttributeError('boom')\n"
        "al.broken = broken\n"
        "fuzz_worker.main(['broken'])\n")
    out = subprocess.run([sys.executable, str(script)], capture_output=True, text=True,
                         timeout=TIMEOUT, cwd=WORKER.parent.parent).stdout
    assert "bad broken|" in out and "AttributeError: boom" in out


@pytest.mark.parametrize("code", ["import os; os.abort()", "while True: pass"])
def test_a_crash_or_hang_names_the_op(tmp_path, monkeypatch, code):
    fake = tmp_path / "fuzz_worker.py"
    fake.write_text(f"import sys\nprint('start', sys.argv[1], flush=True)\n{code}\n")
    monkeypatch.setattr(sys.modules[__name__], "WORKER", fake)
    monkeypatch.setattr(sys.modules[__name__], "TIMEOUT", 3)
    bad, why = _run(["relu"])
    assert bad == [] and why is not None and why.startswith("relu: ")


def test_what_the_fuzz_found_follows_torch():
    x = al.ones(2, 3)
    # A diagonal past the corners keeps all (tril) or nothing (triu), as torch does.
    assert al.tril(x, 2**70).tolist() == x.tolist()
    assert al.triu(x, 2**70).tolist() == [[0.0] * 3] * 2
    assert al.tril(x, -2**70).tolist() == [[0.0] * 3] * 2
    with pytest.raises(RuntimeError, match="Overflow when unpacking long"):
        al.add(2**70, al.tensor([1, 2]))
    with pytest.raises(TypeError, match="al.clamp: argument 'input' must be a Tensor, not float"):
        al.clamp(1.5, x)

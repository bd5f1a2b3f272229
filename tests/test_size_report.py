"""The size report (tools/size_report.py) counts what a reader would count."""

from __future__ import annotations

import inspect
import subprocess
import sys
from pathlib import Path

from tools import size_report
from tools.codegen import model

ROOT = Path(__file__).resolve().parents[1]


def test_module_sizes_are_line_counts():
    sizes = {s.where: s.lines for s in size_report.modules(ROOT)}
    assert sizes["tools/codegen/model.py"] == inspect.getsource(model).count("\n")
    assert "generated/ops.py" not in sizes  # generated code is not ours to trim
    assert list(sizes.values()) == sorted(sizes.values(), reverse=True)


def test_function_sizes_run_from_def_to_the_last_line():
    sizes = {s.where.split(" ", 1)[1]: s.lines for s in size_report.functions(ROOT)
             if s.where.startswith("tools/codegen/model.py:")}
    for name in ("FunctionSchema.parse", "group_siblings", "Argument.parse"):
        obj = model
        for part in name.split("."):
            obj = getattr(obj, part)
        source = inspect.getsource(obj)
        decorators = sum(1 for line in source.splitlines() if line.lstrip().startswith("@"))
        assert sizes[name] == source.count("\n") - decorators, name


def test_the_report_is_short_and_printed_by_its_command():
    run = subprocess.run([sys.executable, "-m", "tools.size_report"], cwd=ROOT,
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    assert lines[1] == "largest modules (lines):" and lines[12] == "largest functions (lines):"
    assert len(lines) == 23

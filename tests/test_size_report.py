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
    assert lines[23].startswith("groups (lines / budget")
    assert len(lines) == 24 + len(size_report.GROUPS) + 1


def test_every_runtime_and_generator_file_is_in_one_group_and_each_group_keeps_its_budget():
    found = size_report.groups(ROOT)
    counted = sorted(f for g in found for f in g.files)
    assert counted == sorted(s.where for s in size_report.modules(ROOT))
    over = [f"{g.name}: {g.lines} lines, budget {g.budget}" for g in found if g.lines > g.budget]
    assert not over, over  # Note [Size budgets]: raise a budget on purpose, or trim


def test_the_core_is_what_one_op_reads():
    core = next(g for g in size_report.groups(ROOT) if g.name == "core")
    assert "aten_lite/dispatch/dispatcher.py" in core.files
    assert "aten_lite/autograd/engine.py" in core.files
    assert size_report.group_of("aten_lite/nn/module.py") == "nn"
    assert size_report.group_of("aten_lite/compile/api.py") == "graph mode"
    assert core.budget <= 6200


def test_generated_lines_per_entry_are_counted_over_the_yaml(tmp_path):
    (tmp_path / "generated" / "csrc").mkdir(parents=True)
    (tmp_path / "generated" / "ops.py").write_text("a\nb\nc\n")
    (tmp_path / "generated" / "csrc" / "k.cpp").write_text("x\n")
    (tmp_path / "native_functions.yaml").write_text("- func: a() -> Tensor\n  x: 1\n"
                                                    "- func: b() -> Tensor\n")
    assert size_report.generated_per_entry(tmp_path) == 2.0

"""mypy over the generator (tools/codegen/), strict as pyproject.toml's [tool.mypy] overrides
set it, the way CI runs it: a type error in the generator fails the suite (skipped without
mypy, which the test extra installs)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def test_the_generator_type_checks(mypy_cache: Path) -> None:
    pytest.importorskip("mypy")
    run = subprocess.run(
        [sys.executable, "-m", "mypy", "--cache-dir", str(mypy_cache), "tools/codegen"],
        cwd=ROOT, capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr
    assert run.stdout.startswith("Success: no issues found")


def test_the_strict_settings_are_in_force(tmp_path: Path) -> None:
    # An unannotated function in a generator module is an error under the project's config:
    # the settings apply to tools.codegen, not only to whatever happens to be annotated.
    pytest.importorskip("mypy")
    probe = tmp_path / "tools" / "codegen"
    probe.mkdir(parents=True)
    for folder in (tmp_path / "tools", probe):
        (folder / "__init__.py").write_text("")
    (probe / "probe.py").write_text("def f(x):\n    return x\n")
    run = subprocess.run(
        [sys.executable, "-m", "mypy", "--cache-dir", str(tmp_path / "cache"),
         "--config-file", str(ROOT / "pyproject.toml"), "tools/codegen/probe.py"],
        cwd=tmp_path, capture_output=True, text=True)
    assert run.returncode == 1
    assert "probe.py:1: error: Function is missing a type annotation  [no-untyped-def]" in run.stdout

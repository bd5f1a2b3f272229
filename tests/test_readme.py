"""README.md and docs/ stay true: CI runs the README's test command, its "Adding an op"
walkthrough works, the functions it lists are the ones `elementwise:` may call, and the
examples of the README and of docs/ run."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import numpy as np
import pytest

from conftest import ROOT, run_gen

README = (ROOT / "README.md").read_text()
DOCS = ROOT / "docs"
HAVE_EXTENSION = any((ROOT / "aten_lite").glob("_C*.so"))


def _blocks(section: str, lang: str) -> list[str]:
    """The ```lang code blocks of one `## section` of the README, in order."""
    assert f"\n## {section}\n" in README, f"README.md has no section '## {section}'"
    body = README.split(f"\n## {section}\n", 1)[1].split("\n## ", 1)[0]
    return [textwrap.dedent(b) for b in re.findall(rf"```{lang}\n(.*?)```", body, re.S)]


def test_ci_runs_the_readme_test_command():
    test_cmd = _blocks("On a fresh machine", "bash")[1].strip()
    assert test_cmd.endswith("-m pytest -n auto --dist loadfile")
    ci = (ROOT / ".ci" / "run").read_text()
    install, _, run = test_cmd.rpartition(" && ")
    assert install in ci and run in ci


def test_the_main_job_command_names_files_that_exist():
    main_cmd = _blocks("On a fresh machine", "bash")[0]
    script = re.search(r"\.venv/bin/python (\S+\.py)", main_cmd).group(1)
    assert (ROOT / script).is_file()
    assert '".[demo]"' in main_cmd


@pytest.mark.skipif(not HAVE_EXTENSION, reason="the C++ extension is not built")
def test_add_an_op_walkthrough_works_as_written(repo: Path):
    op_yaml, grad_yaml = _blocks("Adding an op", "yaml")
    (use,) = _blocks("Adding an op", "python")
    with open(repo / "native_functions.yaml", "a") as f:
        f.write("\n" + op_yaml)
    with open(repo / "derivatives.yaml", "a") as f:
        f.write("\n" + grad_yaml)
    done = run_gen(repo)
    assert done.returncode == 0, done.stderr
    check = (
        "import json\nimport aten_lite as al\n" + use
        + "y = al.tensor([-1.5, 0.0, 2.0], dtype=al.float64, requires_grad=True)\n"
        + "al.softplus(y, beta=2).sum().backward()\n"
        + "print(json.dumps([al.softplus(y.detach(), beta=2).tolist(), y.grad.tolist()]))\n")
    run = subprocess.run([sys.executable, "-c", check], cwd=repo, capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    value, grad = json.loads(run.stdout.strip().splitlines()[-1])
    x = np.array([-1.5, 0.0, 2.0])
    np.testing.assert_allclose(value, np.log1p(np.exp(2 * x)) / 2, rtol=1e-12)
    np.testing.assert_allclose(grad, 1 / (1 + np.exp(-2 * x)), rtol=1e-12)
    shown = run_gen(repo, "show", "softplus")
    assert "generated/csrc/softplus.cpp" in shown.stdout
    assert "self: grad * sigmoid(beta * self)" in shown.stdout


def test_the_error_example_is_the_real_message(repo: Path):
    op_yaml = _blocks("Adding an op", "yaml")[0]
    example = re.search(r"```\n(native_functions\.yaml:\d+: softplus: .*)\n```", README).group(1)
    text = (repo / "native_functions.yaml").read_text()
    bad = op_yaml.replace("log1p(exp(", "log1p(explog(")
    (repo / "native_functions.yaml").write_text(text + "\n" + bad)
    done = run_gen(repo)
    assert done.returncode == 1
    got = done.stderr.strip()
    # The line number depends on where the entry lands; the rest must be word for word.
    assert re.sub(r":\d+:", ":N:", got, count=1) == re.sub(r":\d+:", ":N:", example, count=1)


def test_the_listed_elementwise_functions_are_the_allowed_ones():
    from tools.codegen import vocab

    text = " ".join(README.split("calls of these functions only", 1)[1].split())
    listed = text.split("): ", 1)[1].split(". ", 1)[0].split(", ")
    assert listed == list(vocab.ELEMENTWISE_FUNCTIONS)


def _examples() -> list[tuple[str, str]]:
    """(where, code) for each runnable Python example: the README's tour and PyTorch programs,
    and every ```python block of docs/SPARSE.md and docs/FORWARD_MODE.md (graph mode's runs in
    tests/test_compile.py; op libraries' need a built library, which test_library_ext.py
    makes)."""
    found = [(f"README.md, {s}", code) for s in (
        "A short tour", "PyTorch programs",
        "Watching a run: the profiler and the instruction stream",
        "Interop, checkpoints, several processes")
             for code in _blocks(s, "python")]
    for page in ("SPARSE.md", "FORWARD_MODE.md"):
        blocks = re.findall(r"```python\n(.*?)```", (DOCS / page).read_text(), re.S)
        found += [(f"docs/{page}", textwrap.dedent(b)) for b in blocks]
    return found


def test_the_examples_are_found():
    assert [where for where, _ in _examples()] == [
        "README.md, A short tour", "README.md, PyTorch programs",
        "README.md, Watching a run: the profiler and the instruction stream",
        "README.md, Interop, checkpoints, several processes", "docs/SPARSE.md",
        "docs/FORWARD_MODE.md"]


@pytest.mark.skipif(not HAVE_EXTENSION, reason="the C++ extension is not built")
@pytest.mark.parametrize("where, code", _examples(), ids=[w for w, _ in _examples()])
def test_doc_examples_run(where: str, code: str, tmp_path: Path):
    if "import torch" in code:
        pytest.importorskip("torch")
    if "import aten_lite as al" not in code:
        code = "import aten_lite as al\n" + code
    # in a folder of its own: an example may write files (a checkpoint)
    path = os.pathsep.join(filter(None, (str(ROOT), os.environ.get("PYTHONPATH"))))
    env = {**os.environ, "PYTHONPATH": path}
    run = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True,
                         text=True, env=env)
    assert run.returncode == 0, run.stderr

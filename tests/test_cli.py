"""`aten-lite-gen` as a user runs it: on a copy of the repository, through a real process."""

from __future__ import annotations

import hashlib
import json
import re
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from conftest import run_gen
from tools.codegen import gen as gen_module

ROOT = Path(__file__).resolve().parents[1]
HAVE_EXTENSION = any((ROOT / "aten_lite").glob("_C*.so"))

NEW_OP = """
- func: softplus_test(Tensor self, Scalar beta=1) -> Tensor
  variants: function, method
  elementwise: log1p(exp(beta * self)) / beta
  dtypes: floating
  type_promotion: int_to_float
  doc: Smooth relu, added by tests/test_cli.py.
"""


def tree_digest(folder: Path) -> dict[str, str]:
    return {p.relative_to(folder).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file() and "__pycache__" not in p.parts}


def test_checked_in_generated_code_matches_the_yaml():
    done = run_gen(ROOT, "--check")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("generated/ is up to date")


def test_check_names_stale_files_and_exits_1(repo: Path):
    nf = repo / "native_functions.yaml"
    nf.write_text(nf.read_text().replace("doc: 'max(self, 0), elementwise.'", "doc: 'Rectifier.'"))
    done = run_gen(repo, "--check")
    assert done.returncode == 1
    assert "  generated/ops.py\n" in done.stderr
    assert "run `aten-lite-gen` to regenerate" in done.stderr


def test_every_generated_file_names_its_sources_with_a_hash():
    digest = hashlib.sha256((ROOT / "native_functions.yaml").read_bytes()
                            + (ROOT / "derivatives.yaml").read_bytes()).hexdigest()[:16]
    files = [p for p in (ROOT / "generated").rglob("*") if p.suffix in (".py", ".pyi", ".cpp")]
    assert len(files) > 40
    for p in files:
        first = p.read_text().splitlines()[0]
        assert re.fullmatch(r"(#|//) @generated from native_functions\.yaml and derivatives\.yaml "
                            rf"\(sha256 {digest}\)\.", first), (p, first)


def test_help_shows_examples_and_usage_errors_exit_2(repo: Path):
    done = run_gen(repo, "--help")
    assert done.returncode == 0 and "aten-lite-gen show relu" in done.stdout
    done = run_gen(repo, "show")
    assert done.returncode == 2
    assert "`show` needs an operator name, e.g. `aten-lite-gen show relu`" in done.stderr
    done = run_gen(repo, "frobnicate")
    assert done.returncode == 2 and "invalid choice: 'frobnicate'" in done.stderr


def test_list_shows_variants_keys_dtypes_and_derivative(repo: Path):
    done = run_gen(repo, "list")
    assert done.returncode == 0
    row = next(line for line in done.stdout.splitlines() if line.startswith("relu "))
    assert re.fullmatch(r"relu \(\+ relu_, relu\.out\)\s+function, method\s+CPU, Meta\s+all\s+yes", row)


def test_show_explains_one_op_and_where_it_was_generated(repo: Path):
    done = run_gen(repo, "show", "relu")
    assert done.returncode == 0
    out = done.stdout
    assert "relu_(Tensor(a!) self) -> Tensor(a!)" in out
    assert "elementwise: self > 0 ? self : 0" in out
    assert "self: grad * result.sign()" in out
    assert "generated/csrc/relu.cpp" in out
    assert "generated/autograd_nodes.py: ReluBackward0" in out


def test_show_unknown_op_suggests_a_name(repo: Path):
    done = run_gen(repo, "show", "rellu")
    assert done.returncode == 1
    assert done.stdout.strip() == "no op named 'rellu'; did you mean 'relu'?"


def test_spec_error_reports_file_line_and_leaves_generated_untouched(repo: Path):
    before = tree_digest(repo / "generated")
    nf = repo / "native_functions.yaml"
    lines = nf.read_text().count("\n")
    nf.write_text(nf.read_text() + NEW_OP.replace("log1p(exp(", "log1p(explog("))
    done = run_gen(repo)
    assert done.returncode == 1
    assert done.stderr.strip() == (
        f"native_functions.yaml:{lines + 4}: softplus_test: 'elementwise:' calls unknown "
        "function 'explog'; did you mean 'log'?")
    assert tree_digest(repo / "generated") == before


@pytest.mark.skipif(not HAVE_EXTENSION, reason="the C++ extension is not built")
def test_cpp_error_is_reported_at_the_yaml_line_and_changes_nothing(repo: Path):
    before = tree_digest(repo / "generated")
    so = next((repo / "aten_lite").glob("_C*.so")).read_bytes()
    nf = repo / "native_functions.yaml"
    lines = nf.read_text().count("\n")
    nf.write_text(nf.read_text() + NEW_OP.replace("log1p(exp(beta * self)) / beta", "pow(self)"))
    done = run_gen(repo)
    assert done.returncode == 1, done.stdout
    message = done.stderr.strip()
    assert message.startswith(f"native_functions.yaml:{lines + 4}: softplus_test: C++ error: "), message
    assert "pow" in message and "\n" not in message
    assert tree_digest(repo / "generated") == before
    assert next((repo / "aten_lite").glob("_C*.so")).read_bytes() == so


@pytest.mark.skipif(not HAVE_EXTENSION, reason="the C++ extension is not built")
def test_added_op_is_callable_in_a_new_process(repo: Path):
    nf = repo / "native_functions.yaml"
    nf.write_text(nf.read_text() + NEW_OP)
    done = run_gen(repo)
    assert done.returncode == 0, done.stderr
    assert "wrote generated/csrc/softplus_test.cpp" in done.stdout
    assert "compiled 1 file(s), relinked" in done.stdout
    code = ("import json, aten_lite as al\n"
            "x = al.tensor([-2.0, 0.0, 3.0], dtype=al.float64)\n"
            "print(json.dumps([al.softplus_test(x, beta=2).tolist(), x.softplus_test().tolist()]))")
    run = subprocess.run([sys.executable, "-c", code], cwd=repo, capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    beta2, beta1 = json.loads(run.stdout)
    x = np.array([-2.0, 0.0, 3.0])
    np.testing.assert_allclose(beta2, np.log1p(np.exp(2 * x)) / 2, rtol=1e-12)
    np.testing.assert_allclose(beta1, np.log1p(np.exp(x)), rtol=1e-12)
    assert run_gen(repo, "--check").returncode == 0


def test_removed_op_removes_its_kernel_file(repo: Path):
    nf = repo / "native_functions.yaml"
    text = nf.read_text()
    start = text.index("- func: cos(Tensor self) -> Tensor")
    end = text.index("- func: floor(Tensor self) -> Tensor")
    nf.write_text(text[:start] + text[end:])
    dv = repo / "derivatives.yaml"
    dtext = dv.read_text()
    m = re.search(r"- name: cos\(Tensor self\) -> Tensor\n(  .*\n)+\n?", dtext)
    if m:
        dv.write_text(dtext[:m.start()] + dtext[m.end():])
    done = run_gen(repo, "--no-build")
    assert done.returncode == 0, done.stderr
    assert "removed generated/csrc/cos.cpp" in done.stdout
    assert not (repo / "generated" / "csrc" / "cos.cpp").exists()


def test_generation_is_deterministic():
    first = gen_module.render(ROOT)
    assert first == gen_module.render(ROOT)
    assert len(first) > 40

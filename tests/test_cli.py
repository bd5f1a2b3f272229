"""`aten-lite-gen` as a user runs it: on a copy of the repository, through a real process."""

from __future__ import annotations

import ast
import dataclasses
import hashlib
import itertools
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from conftest import run_gen
from tools.codegen import gen as gen_module
from tools.codegen import report

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


def _own_hash(path: str) -> bool:
    """Whether a generated file's header hashes its own data, not both YAML files (Note
    [Provenance headers] in tools/codegen/gen.py): the kernel files and the fusion table."""
    return path.startswith("generated/csrc/") or path == "generated/fusion_table.py"


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
    n_files = len([p for p in gen_module.render(repo) if not _own_hash(p)])
    done = run_gen(repo, "--check")
    assert done.returncode == 1
    # The doc is in the registry (the bindings' docstrings are made from it at import); the
    # other files generated from the whole YAML differ only in the YAML hash of their header,
    # and are counted rather than listed; the kernel files, generated from one entry each, and
    # the fusion table, which has no docs, do not change.
    assert done.stderr == (
        "generated/ does not match the YAML; stale files:\n"
        "  generated/registry.py\n"
        f"  and {n_files - 1} more whose only difference is the YAML hash in their header\n"
        "run `aten-lite-gen` to regenerate\n")


def test_files_are_written_only_when_their_text_changes(repo: Path):
    files = [p for p in (repo / "generated").rglob("*") if p.is_file()]
    before = {p: p.stat().st_mtime_ns for p in files}
    done = run_gen(repo, "--no-build")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(f"generated/: up to date ({len(gen_module.render(repo))} files)\n")
    assert {p: p.stat().st_mtime_ns for p in files} == before


def test_every_generated_file_names_its_sources_with_a_hash():
    # Note [Provenance headers]: the shared modules hash both YAML files; a kernel file hashes
    # what it is rendered from and names its op.
    digest = hashlib.sha256((ROOT / "native_functions.yaml").read_bytes()
                            + (ROOT / "derivatives.yaml").read_bytes()).hexdigest()[:16]
    files = [p for p in (ROOT / "generated").rglob("*") if p.suffix in (".py", ".pyi", ".cpp")]
    assert len(files) > 40
    for p in files:
        first = p.read_text().splitlines()[0]
        if p.suffix == ".cpp":
            assert re.fullmatch(r"// @generated from native_functions\.yaml: [\w.]+ "
                                r"\(sha256 [0-9a-f]{16}\)\.", first), (p, first)
        elif p.name == "fusion_table.py":
            assert re.fullmatch(r"# @generated from native_functions\.yaml: the elementwise ops "
                                r"\(sha256 [0-9a-f]{16}\)\.", first), (p, first)
        else:
            assert re.fullmatch(r"# @generated from native_functions\.yaml and derivatives\.yaml "
                                rf"\(sha256 {digest}\)\.", first), (p, first)


def test_adding_an_op_changes_only_its_own_files_and_the_shared_tables(repo: Path):
    shared = {path for path in gen_module.render(repo) if not path.startswith("generated/csrc/")}
    nf = repo / "native_functions.yaml"
    nf.write_text(nf.read_text() + NEW_OP)
    plan = gen_module.plan(repo)
    assert set(plan.changed) == shared | {"generated/csrc/softplus_test.cpp"}
    assert len(shared) == 7 and plan.removed == ()
    # An edit inside one op's entry touches that op's kernel, not its neighbours'.
    gen_module.apply(plan)
    nf.write_text(nf.read_text().replace("log1p(exp(beta * self))", "log1p(exp(self * beta))"))
    assert set(gen_module.plan(repo).changed) == shared | {"generated/csrc/softplus_test.cpp"}


def test_help_shows_examples_and_usage_errors_exit_2(repo: Path):
    done = run_gen(repo, "--help")
    assert done.returncode == 0
    assert "examples:\n  aten-lite-gen                 regenerate generated/" in done.stdout
    assert "aten-lite-gen show relu" in done.stdout and "exit codes: 0 ok" in done.stdout


@pytest.mark.parametrize("args, message", [
    (["show"], "`show` needs an operator name, e.g. `aten-lite-gen show relu`"),
    (["frobnicate"], "argument command: invalid choice: 'frobnicate' (choose from 'generate', "
                     "'list', 'show', 'cuda')"),
    (["list", "--arch", "sm_90"], "--arch and --compiler belong to `aten-lite-gen cuda --check`"),
    (["list", "relu"], "unexpected argument 'relu'; only `show` and `cuda` take an operator "
                        "name"),
    (["list", "--check"], "--check compares generated/ with the YAML and cannot be combined "
                          "with `list`; run `aten-lite-gen --check` on its own"),
    (["-j", "0"], "argument -j/--jobs: '0' is not a number of jobs; give 1 or more"),
    (["--root", "aten_lite"], "--root aten_lite: no native_functions.yaml or "
                              "derivatives.yaml there; pass the folder of an aten_lite checkout"),
])
def test_usage_errors_exit_2_with_the_reason(repo: Path, args, message):
    done = run_gen(repo, *args)
    assert done.returncode == 2
    assert done.stderr.splitlines()[-1] == "aten-lite-gen: error: " + message


def test_output_cut_short_by_the_reader_is_not_an_error(repo: Path):
    # `aten-lite-gen list | head -1`: the reader closes the pipe after the first line.
    gen = subprocess.Popen([sys.executable, "-m", "tools.codegen", "list"], cwd=repo,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    gen.stdout.close()
    assert gen.wait(timeout=60) == 0
    assert gen.stderr.read() == b""
    gen.stderr.close()


def test_list_shows_variants_keys_dtypes_and_derivative(repo: Path):
    done = run_gen(repo, "list")
    assert done.returncode == 0
    row = next(line for line in done.stdout.splitlines() if line.startswith("relu "))
    assert re.fullmatch(r"relu \(\+ relu_, relu\.out\)\s+function, method\s+CPU, Meta\s+all\s+yes\s+auto_element_wise", row)


def test_show_explains_one_op_and_where_it_was_generated(repo: Path):
    done = run_gen(repo, "show", "relu")
    assert done.returncode == 0
    out = done.stdout
    assert "relu_(Tensor(a!) self) -> Tensor(a!)" in out
    assert "elementwise: self < 0 ? 0 : self" in out
    assert "self: grad * result.sign()" in out
    assert "generated/csrc/relu.cpp" in out
    assert re.search(r"generated/autograd_nodes\.py:\d+: ReluBackward0", out)


# ---- show: path:line of every piece (Note [Finding hand-written definitions]) ----

_SPEC: list = []


def _show(capsys, op: str) -> str:
    """`aten-lite-gen show OP` in this process, on the checkout (its spec loaded once)."""
    if not _SPEC:
        _SPEC.append(gen_module.load_spec(ROOT))
    assert report.show_op(ROOT, _SPEC[0], op) == 0
    return capsys.readouterr().out


def _line_at(where: str) -> str:
    """The text of ``PATH:LINE`` in the checkout."""
    path, line = where.rsplit(":", 1)
    return (ROOT / path).read_text(encoding="utf-8").splitlines()[int(line) - 1]


def _located(out: str, prefix: str) -> str:
    """The ``PATH:LINE`` printed right after ``prefix`` (a regex) on a line of ``out``."""
    m = re.search(prefix + r"\s+((?:aten_lite|generated)/[\w/.]+:\d+)", out, re.MULTILINE)
    assert m, (prefix, out)
    return m.group(1)


@pytest.mark.parametrize("op, key, kernel", [
    ("cumsum", "CPU", "cumsum_cpu"), ("nonzero", "CPU", "nonzero_cpu"),
    ("index_add", "CPU", "index_add_cpu"), ("mm", "CPU", "mm"), ("mm", "SparseCPU", "mm_sparse"),
    ("sum", "SparseCPU", "sum_sparse"), ("var", "CompositeImplicitAutograd", "var"),
    ("matmul", "CompositeImplicitAutograd", "matmul"), ("softmax", "CPU", "softmax_cpu"),
])
def test_show_prints_where_each_dispatch_kernel_is_defined(capsys, op, key, kernel):
    where = _located(_show(capsys, op), rf"^    {key}\s+-> {kernel}")
    assert where.startswith("aten_lite/backends/")
    assert _line_at(where).startswith(f"def {kernel}("), where


@pytest.mark.parametrize("op, key, factory", [
    ("relu", "CPU", "make_elementwise"), ("relu", "Meta", "make_elementwise"),
    ("relu", "SparseCPU", "make_elementwise"), ("sum", "CPU", "make_reduction"),
    ("sum", "Meta", "make_reduction"), ("cumsum", "Meta", "make_from_rule"),
])
def test_show_prints_the_factory_of_each_generic_kernel(capsys, op, key, factory):
    where = _located(_show(capsys, op), rf"^    {key}\s+-> .*, made by {factory}")
    assert _line_at(where).startswith(f"def {factory}("), where
    # each backend's own factory: the CPU one is not the Meta one
    if key != "SparseCPU":
        assert f"_{key.lower()}_" in where or f"/{key.lower()}" in where, where


def test_show_prints_the_shape_rule_and_the_formula_helpers(capsys):
    out = _show(capsys, "cumsum")
    rule = _located(out, r"^  shape rule: scan")
    assert _line_at(rule).startswith("def scan("), rule
    helper = _located(out, r"^    helpers: reversed_cumsum")
    assert _line_at(helper).startswith("def reversed_cumsum("), helper
    # a helper re-exported from another module says which module the formulas read it from
    assert "(exported by aten_lite/autograd/formulas.py)" in out
    out = _show(capsys, "mm")
    for name in ("mm_mat1_backward", "mm_mat2_backward"):
        where = _located(out, rf"^\s+(?:helpers: )?{name}")
        assert _line_at(where).startswith(f"def {name}("), where
    assert _line_at(_located(out, r"^  shape rule: mm")).startswith("def mm(")


def test_show_follows_a_cpp_kernel_to_its_templates(capsys):
    out = _show(capsys, "cumsum")
    alias = _located(out, r"^    cpp: cumsum ")
    assert alias.startswith("aten_lite/csrc/cumsum.h:")
    assert _line_at(alias).startswith("using Kernel = ::al::scan::Kernel<::al::scan::Sum>")
    chain = re.findall(r"(aten_lite/csrc/scan\.h:\d+): (.*)", out)
    assert [text for _, text in chain] == ["struct Kernel {", "struct Sum {"]
    assert all(_line_at(where).strip() == text for where, text in chain)
    reducer = _located(_show(capsys, "sum"), r"^    reducer ")
    assert "struct SumReducer" in _line_at(reducer)
    loop = _located(_show(capsys, "relu"), r"^    loop ")
    assert re.search(r"\belementwise\(", _line_at(loop))


def test_show_prints_the_line_of_each_generated_definition(capsys):
    out = _show(capsys, "relu")
    expected = {
        r"generated/ops\.py": "def relu(", r"generated/autograd_nodes\.py": "class ReluBackward0",
        r"generated/forward_rules\.py": "def fw_relu(", r"generated/csrc/relu\.cpp": "int entry(",
        r"generated/fusion_table\.py": "'relu':", r"aten_lite/_ops\.pyi": "def relu(",
    }
    for path, text in expected.items():
        m = re.search(rf"^    ({path}:\d+): ", out, re.MULTILINE)
        assert m, (path, out)
        assert text in _line_at(m.group(1)), (m.group(1), _line_at(m.group(1)))
    record = re.search(r"^    (generated/registry\.py:\d+): OPS record 'relu' ", out, re.M)
    line = int(record.group(1).rsplit(":", 1)[1])
    lines = (ROOT / "generated/registry.py").read_text().splitlines()
    assert "'relu'" in "".join(lines[line - 1:line + 2])
    recorder = re.search(r"recorded by record_relu \(line (\d+)\)", out)
    assert recorder and (ROOT / "generated/autograd_nodes.py").read_text().splitlines()[
        int(recorder.group(1)) - 1].startswith("def record_relu(")


def test_show_unknown_op_suggests_a_name(repo: Path):
    done = run_gen(repo, "show", "rellu")
    assert done.returncode == 1
    assert done.stdout == ""
    assert done.stderr == "no op named 'rellu'; did you mean 'relu'?\n"


def test_show_lists_tags_derivative_flags_and_composite_autograd(repo: Path):
    out = run_gen(repo, "show", "max").stdout
    assert ("  derivative: through its decomposition (CompositeImplicitAutograd: autograd "
            "records the ops its kernel calls)\n") in out
    assert "    output_differentiability: [True, False]\n" in out  # max.dim
    out = run_gen(repo, "show", "where").stdout
    assert "  tags:     pointwise\n" in out
    assert "    non-differentiable: condition\n" in out
    rows = {line.split()[0]: line.split()[-2:] for line in run_gen(repo, "list").stdout.splitlines()
            if line and not line.startswith(("-", "op ")) and len(line.split()) > 2}
    assert (rows["max"], rows["relu"], rows["eq.Tensor"]) == (
        ["composite", "composite"], ["yes", "auto_element_wise"], ["-", "-"])
    nf = repo / "native_functions.yaml"
    nf.write_text(nf.read_text() + NEW_OP + "  domain: positive\n")
    out = run_gen(repo, "show", "softplus_test").stdout
    assert "  domain:   positive (where tests/op_table.py's derived row samples)\n" in out


def test_what_the_emitters_cannot_express_is_reported_together(repo: Path):
    before = tree_digest(repo / "generated")
    nf = repo / "native_functions.yaml"
    line = nf.read_text().count("\n") + 2
    nf.write_text(nf.read_text() + (
        "\n- func: frob(Tensor self, Storage s) -> Tensor\n  dispatch: {CPU: mm}\n"
        "\n- func: frob3(Tensor self, MemoryFormat m=channels_last) -> Tensor\n"
        "  dispatch: {CPU: mm}\n"
        "\n- func: frob2(Tensor self, Tensor[] a, Tensor[] b) -> Tensor\n  dispatch: {CPU: mm}\n"
        "\n- func: frob4(Tensor self, int x=1, Tensor y) -> Tensor\n  dispatch: {CPU: mm}\n"
        "\n- func: frob5(Tensor self, int from, int _d) -> Tensor\n  dispatch: {CPU: mm}\n"
        "\n- func: import(Tensor self) -> Tensor\n  dispatch: {CPU: mm}\n"))
    dv = repo / "derivatives.yaml"
    dline = dv.read_text().count("\n") + 2
    dv.write_text(dv.read_text() + "\n- name: frob2(Tensor self, Tensor[] a, Tensor[] b) -> "
                  "Tensor\n  self: grad\n")
    done = run_gen(repo, "--no-build")
    assert done.returncode == 1
    assert done.stderr.splitlines() == [
        f"native_functions.yaml:{line}: frob: argument 's' has type 'Storage', which the Python "
        "bindings do not support; use one of Device, Generator, Layout, MemoryFormat, Scalar, "
        "ScalarType, SymInt, Tensor, bool, float, int, str",
        f"native_functions.yaml:{line + 3}: frob3: default 'channels_last' of argument 'm' is "
        "not a Python literal; write a number, True/False, None, a string or a list",
        f"native_functions.yaml:{line + 9}: frob4: positional argument 'y' has no default but "
        "follows 'x', which has one, and Python cannot bind that; give 'y' a default, or move "
        "it before 'x' or after '*'",
        f"native_functions.yaml:{line + 12}: frob5: argument name 'from' is a Python keyword, "
        "so no Python parameter can have it; rename the argument",
        f"native_functions.yaml:{line + 15}: import: the op name 'import' is a Python keyword, "
        "so no Python function can have it; rename the op",
        f"derivatives.yaml:{dline}: frob2: more than one differentiable Tensor[] argument; the "
        "generator supports one: list the others in non_differentiable"]
    assert tree_digest(repo / "generated") == before


def test_spec_error_reports_file_line_and_leaves_generated_untouched(repo: Path):
    before = tree_digest(repo / "generated")
    nf = repo / "native_functions.yaml"
    lines = nf.read_text().count("\n")
    nf.write_text(nf.read_text() + NEW_OP.replace("log1p(exp(", "log1p(explog("))
    done = run_gen(repo)
    assert done.returncode == 1
    assert done.stderr.strip() == (
        f"native_functions.yaml:{lines + 4}: softplus_test: 'elementwise:' calls unknown "
        "function 'explog'; did you mean 'exp'?")
    assert tree_digest(repo / "generated") == before


@pytest.mark.skipif(not HAVE_EXTENSION, reason="the C++ extension is not built")
def test_cpp_error_is_reported_at_the_yaml_line_and_changes_nothing(repo: Path):
    before = tree_digest(repo / "generated")
    so = next((repo / "aten_lite").glob("_C*.so")).read_bytes()
    nf = repo / "native_functions.yaml"
    lines = nf.read_text().count("\n")
    nf.write_text(nf.read_text() + NEW_OP.replace("log1p(exp(beta * self)) / beta", "maximum(self)"))
    done = run_gen(repo)
    assert done.returncode == 1, done.stdout
    message = done.stderr.strip()
    assert message.startswith(f"native_functions.yaml:{lines + 4}: softplus_test: C++ error: "), message
    assert "maximum" in message and "\n" not in message
    assert tree_digest(repo / "generated") == before
    assert next((repo / "aten_lite").glob("_C*.so")).read_bytes() == so


@pytest.mark.skipif(not HAVE_EXTENSION, reason="the C++ extension is not built")
def test_added_op_is_callable_in_a_new_process(repo: Path):
    nf = repo / "native_functions.yaml"
    line = nf.read_text().count("\n") + 2
    nf.write_text(nf.read_text() + NEW_OP)
    done = run_gen(repo)
    assert done.returncode == 0, done.stderr
    # Not an error: a notice, so the author knows now that backward() will refuse the op.
    assert done.stderr == (
        f"note: native_functions.yaml:{line}: softplus_test returns floating tensors and has "
        "no derivative, so backward() through it raises; add one to derivatives.yaml, or "
        "ignore this if the op is not differentiable\n")
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
    # expm1: no other formula calls it (removing cos would break sin's `self.cos()`).
    start = text.index("- func: expm1(Tensor self) -> Tensor")
    end = text.index("- func: log(Tensor self) -> Tensor")
    nf.write_text(text[:start] + text[end:])
    dv = repo / "derivatives.yaml"
    dtext = dv.read_text()
    m = re.search(r"- name: expm1\(Tensor self\) -> Tensor\n(  .*\n)+\n?", dtext)
    assert m is not None
    dv.write_text(dtext[:m.start()] + dtext[m.end():])
    done = run_gen(repo, "--no-build")
    assert done.returncode == 0, done.stderr
    assert "removed generated/csrc/expm1.cpp" in done.stdout
    assert not (repo / "generated" / "csrc" / "expm1.cpp").exists()


def test_generation_is_deterministic():
    first = gen_module.render(ROOT)
    assert first == gen_module.render(ROOT)
    assert len(first) > 40
    # Also across processes whose set and dict-of-str orders differ (string hash seeds).
    digest = hashlib.sha256(json.dumps(first, sort_keys=True).encode()).hexdigest()
    code = ("import hashlib, json; from pathlib import Path; from tools.codegen import gen; "
            "print(hashlib.sha256(json.dumps(gen.render(Path('.')), sort_keys=True)"
            ".encode()).hexdigest())")
    for seed in ("1", "2"):
        run = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                             text=True, env={**os.environ, "PYTHONHASHSEED": seed})
        assert run.stdout.strip() == digest, run.stderr


def test_an_argument_may_not_hide_a_name_the_bindings_read(repo: Path):
    nf = repo / "native_functions.yaml"
    line = nf.read_text().count("\n") + 2
    nf.write_text(nf.read_text() + "\n- func: frob(Tensor self, int _b) -> Tensor\n"
                  "  dispatch: {CPU: mm}\n")
    done = run_gen(repo, "--no-build")
    assert done.returncode == 1
    assert done.stderr == (f"native_functions.yaml:{line}: frob: argument name '_b' would hide "
                           "a name of generated/ops.py that the binding reads; rename the "
                           "argument\n")


def test_templates_are_strict_and_hold_no_decisions():
    import jinja2

    from tools.codegen import templating

    assert templating.ENV.undefined is jinja2.StrictUndefined
    with pytest.raises(jinja2.UndefinedError, match="'k' is undefined"):
        templating.ENV.get_template("kernel.cpp.j2").render()
    folder = ROOT / "tools" / "codegen" / "templates"
    names = sorted(p.name for p in folder.glob("*.j2"))
    assert names == sorted(templating.ENV.list_templates())
    for name in names:
        # Loops and macros assemble text; an `if` (a statement or `x if c else y`) would be a
        # decision, and decisions are made in the api_*.py modules.
        source = (folder / name).read_text()
        tags = re.findall(r"\{%-?\s*(\w+)", source)
        assert set(tags) <= {"for", "endfor", "macro", "endmacro"}, (name, set(tags))
        for expr in re.findall(r"\{\{(.*?)\}\}", source, re.S):
            assert not re.search(r"\bif\b", expr), (name, expr)


@pytest.mark.skipif(not HAVE_EXTENSION, reason="the C++ extension is not built")
def test_a_formula_that_raises_at_backward_time_names_its_yaml_line(repo: Path):
    dv = repo / "derivatives.yaml"
    text = dv.read_text()
    old = "- name: neg(Tensor self) -> Tensor\n  self: -grad\n"
    assert old in text
    line = text[: text.index(old)].count("\n") + 2
    dv.write_text(text.replace(old, old.replace("-grad", "-grad.reshape(-1, 7)")))
    assert run_gen(repo, "--no-build").returncode == 0
    code = ("import json, aten_lite as al\n"
            "x = al.tensor([1.0, 2.0, 3.0], requires_grad=True)\n"
            "try:\n    al.neg(x).sum().backward()\n"
            "except Exception as e:\n"
            "    print(json.dumps([type(e).__name__, getattr(e, '__notes__', [])]))\n")
    run = subprocess.run([sys.executable, "-c", code], cwd=repo, capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    kind, notes = json.loads(run.stdout)
    assert kind in ("ValueError", "RuntimeError")  # the exception itself is unchanged
    if sys.version_info >= (3, 11):
        assert notes == [f"raised by the derivative formula of neg for 'self' "
                         f"(derivatives.yaml:{line})"]


MISH = """
- func: mish_demo(Tensor self) -> Tensor
  variants: function, method
  elementwise: self * tanh(log1p(exp(self)))
  dtypes: floating
"""
MISH_GRAD = """
- name: mish_demo(Tensor self) -> Tensor
  self: grad * (tanh(log1p(exp(self))) + self * sigmoid(self) * (1 - tanh(log1p(exp(self))) * tanh(log1p(exp(self)))))
"""


@pytest.mark.skipif(not HAVE_EXTENSION, reason="the C++ extension is not built")
def test_a_new_differentiable_op_is_gradchecked_without_a_hand_written_row(repo: Path):
    # Note [Default gradcheck rows]: README's "Adding an op" adds no row to tests/op_table.py,
    # and the suite must still pass, checking the new op's formula.
    shutil.copytree(ROOT / "tests", repo / "tests",
                    ignore=shutil.ignore_patterns("__pycache__"))
    with open(repo / "native_functions.yaml", "a") as f:
        f.write(MISH)
    with open(repo / "derivatives.yaml", "a") as f:
        f.write(MISH_GRAD)
    done = run_gen(repo)
    assert done.returncode == 0, done.stderr
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-rA",
         "tests/test_gradcheck_ops.py", "-k", "mish_demo or every_differentiable_op_has_a_row"],
        cwd=repo, capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stdout + run.stderr
    # gradcheck and gradgradcheck ran on the derived row; torch has no such op to compare.
    passed = re.findall(r"^PASSED (\S+)", run.stdout, re.MULTILINE)
    assert sorted(p.split("::")[1].split("[")[0] for p in passed if "mish_demo" in p) == [
        "test_gradcheck", "test_gradgradcheck"], run.stdout
    assert any(p.endswith("test_every_differentiable_op_has_a_row") for p in passed)
    assert "torch has no op named mish_demo" in run.stdout


@pytest.mark.parametrize("doc", ['Say "hi"', 'ends in two ""', 'four """"', 'back\\slash\\',
                                 'code """); import os; ("""'])
def test_a_doc_is_always_data_never_code(repo: Path, doc: str):
    # The doc is a field of the op's record in registry.py (the binding's docstring is made
    # from it at import, aten_lite/_binding.py's Binding.documents): a string literal there.
    from aten_lite.vocab.registry_record import OpRecord

    nf = repo / "native_functions.yaml"
    quoted = "'" + doc.replace("'", "''") + "'"
    nf.write_text(nf.read_text() + NEW_OP.replace("doc: Smooth relu, added by tests/test_cli.py.",
                                                  f"doc: {quoted}"))
    tree = ast.parse(gen_module.render(repo)["generated/registry.py"])
    (row,) = [n for n in ast.walk(tree) if isinstance(n, ast.Call) and n.args
              and isinstance(n.args[0], ast.Constant) and n.args[0].value == "softplus_test"]
    column = [f.name for f in dataclasses.fields(OpRecord)].index("doc")
    assert ast.literal_eval(row.args[column]) == doc


def test_the_docstring_filter_round_trips_any_quotes_and_backslashes():
    from tools.codegen.api_python import docstring as _docstring

    texts = ["".join(t) for n in range(1, 6) for t in itertools.product('a"\\', repeat=n)]
    assert [t for t in texts if ast.literal_eval(_docstring(t)) != t] == []

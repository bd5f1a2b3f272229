"""Op libraries in graph mode and under a type checker: a library's `elementwise:`
op fuses with aten_lite's own into one JIT kernel (Note [Library ops in fused kernels]), and
its generated stub types its functions and methods (Note [The library's type stub]).

Oracles: eager aten_lite and NumPy for values; the compiler's own error for the located
message; mypy for the stub.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import numpy as np
import pytest

import aten_lite as al
from aten_lite.frontend import oplib as _oplib
from aten_lite.compile import kernels_cache
from aten_lite.compile.fused_spec import FusedSpec, FusedStep
from aten_lite.compile.kernels import FusedKernel, FusionBuildError, compile_fused
from conftest import ROOT
from tools.codegen import library_build
from tools.codegen.library import Library

EXAMPLE = ROOT / "examples" / "myops"
HAVE_CXX = shutil.which(os.environ.get("CXX", "g++")) is not None
pytestmark = pytest.mark.skipif(not HAVE_CXX, reason="needs a C++ compiler")


@pytest.fixture(scope="module", autouse=True)
def cache(tmp_path_factory):
    """One cache (objects, fused kernels) for the module; the libraries leave with it."""
    folder = tmp_path_factory.mktemp("al_cache")
    old = os.environ.get("AL_CACHE_DIR")
    os.environ["AL_CACHE_DIR"] = str(folder)
    before = set(_oplib._LOADED)
    yield folder
    for name in set(_oplib._LOADED) - before:
        _oplib._uninstall(_oplib._LOADED[name])
    if old is None:
        os.environ.pop("AL_CACHE_DIR", None)
    else:
        os.environ["AL_CACHE_DIR"] = old


@pytest.fixture(scope="module")
def myops(built_myops):
    """examples/myops, loaded (built once for the session: conftest.built_myops)."""
    return al.load_library(built_myops.folder)


def _mish(a: np.ndarray) -> np.ndarray:
    return a * np.tanh(np.log1p(np.exp(a)))


def _yaml_line(text: str, needle: str) -> int:
    return next(i + 1 for i, line in enumerate(text.splitlines()) if needle in line)


# ---- graph-mode fusion ----

def test_a_library_op_fuses_with_builtin_ops_into_one_kernel(myops):
    def f(x, y):
        return (al.myops.mish(x * 2) + y).exp().sum(), (x - 1).mish().relu()

    x, y = al.randn(4, 33), al.randn(33)
    cf = al.compile(f)
    g = cf.graph(x, y)
    text = str(g)
    assert "2 fused groups" in text.splitlines()[0] and "reference executor" not in text
    ops = sorted([n.op for n in grp.nodes] for grp in g.groups.values())
    assert ops == [["mul.Tensor", "myops::mish", "add.Tensor", "exp", "sum"],
                   ["sub.Tensor", "myops::mish", "relu"]]
    line = _yaml_line(EXAMPLE.joinpath("native_functions.yaml").read_text(), "elementwise:")
    for grp in g.groups.values():
        assert isinstance(grp.kernel, FusedKernel)  # the JIT kernel, not the reference
        assert f"myops::mish (myops/native_functions.yaml:{line})" in grp.kernel.source.summary
    for _ in range(2):  # capture, then replay
        got_sum, got_relu = cf(x, y)
        want_sum, want_relu = f(x, y)
        np.testing.assert_allclose(got_sum.numpy(), want_sum.numpy(), rtol=1e-5)
        np.testing.assert_allclose(got_relu.numpy(), want_relu.numpy(), rtol=1e-6)
    a, b = x.numpy().astype(np.float64), y.numpy().astype(np.float64)
    np.testing.assert_allclose(got_sum.numpy(), np.exp(_mish(a * 2) + b).sum(), rtol=1e-5)
    np.testing.assert_allclose(got_relu.numpy(), np.maximum(_mish(a - 1), 0), rtol=1e-5,
                               atol=1e-7)
    assert cf.stats["eager"] == 0 and cf.stats["replays"] >= 1


def test_a_define_yaml_op_fuses_too():
    user = al.library.define_yaml("""
- func: cube_plus(Tensor self, Scalar shift=1) -> Tensor
  elementwise: self * self * self + shift
  dtypes: floating
""", name="fuseuser")

    def f(x):
        return user.cube_plus(x.sigmoid(), 0.5).amax()

    x = al.randn(7, 5, dtype=al.float64)
    cf = al.compile(f)
    g = cf.graph(x)
    (group,) = g.groups.values()
    assert [n.op for n in group.nodes] == ["sigmoid", "fuseuser::cube_plus", "amax"]
    assert "fuseuser::cube_plus (fuseuser/native_functions.yaml:3)" in group.kernel.source.summary
    s = 1 / (1 + np.exp(-x.numpy()))
    np.testing.assert_allclose(cf(x).numpy(), (s ** 3 + 0.5).max(), rtol=1e-12)
    np.testing.assert_allclose(cf(x).numpy(), f(x).numpy(), rtol=1e-12)
    # A cached build without a fusion table (an older aten-lite-gen's) is built again.
    table = _oplib._LOADED["fuseuser"].out / "fusion_table.py"
    text = table.read_text()
    table.unlink()
    al.library.define_yaml("""
- func: cube_plus(Tensor self, Scalar shift=1) -> Tensor
  elementwise: self * self * self + shift
  dtypes: floating
""", name="fuseuser")
    assert table.read_text() == text


def test_a_fused_library_kernel_is_the_library_expression_in_float64(myops):
    spec = FusedSpec(("float64",), (FusedStep("myops::mish", (("in", 0),), "float64"),
                                    FusedStep("mul.Tensor", (("step", 0), ("const", 3)),
                                              "float64")), (1,))
    kernel = compile_fused(spec)
    a = np.linspace(-4, 4, 101)
    (out,) = kernel([al.from_numpy(a)])
    np.testing.assert_allclose(out.numpy(), _mish(a) * 3, rtol=1e-13)
    line = _yaml_line(EXAMPLE.joinpath("native_functions.yaml").read_text(), "elementwise:")
    assert f'#line {line} "myops/native_functions.yaml"' in kernel.source.text


def test_a_library_expression_the_compiler_rejects_names_the_library_file_and_line(tmp_path):
    native = """\
    # a comment, so that the expression is not on line 1
    - func: twice(Tensor self) -> Tensor
      elementwise: self * 2
      dtypes: floating
    """
    folder = tmp_path / "fuselib"
    folder.mkdir()
    (folder / "native_functions.yaml").write_text(textwrap.dedent(native))
    library_build.generate(Library.at(folder, "fuselib"))
    al.load_library(folder)
    # The build's fusion table is what fused kernels read: an expression its own kernel was
    # not built from (a hand-edited build) stands for any one the fused kernel's compiler
    # rejects.
    table = folder / "_generated" / "fusion_table.py"
    assert "'self * 2'" in table.read_text()
    table.write_text(table.read_text().replace("'self * 2'", "'self % 2'"))
    spec = FusedSpec(("float32",), (FusedStep("fuselib::twice", (("in", 0),), "float32"),
                                    FusedStep("exp", (("step", 0),), "float32")), (1,))
    with pytest.raises(FusionBuildError) as err:
        compile_fused(spec)
    first = str(err.value).splitlines()[0]
    assert first.startswith("fused kernel fuselib::twice (fuselib/native_functions.yaml:3) -> "
                            "exp (native_functions.yaml:"), first
    assert "C++ error at fuselib/native_functions.yaml:3: " in first
    assert "operator%" in first  # the compiler's own words
    # graph mode runs such a group on the reference executor, and says why
    cf = al.compile(lambda x: al.fuselib.twice(x).exp())
    x = al.randn(5)
    assert "reference executor: FusionBuildError" in str(cf.graph(x))
    np.testing.assert_allclose(cf(x).numpy(), np.exp(x.numpy() * 2), rtol=1e-6)


def test_the_kernel_cache_key_hashes_the_library_fusion_table(myops):
    spec = FusedSpec(("float32",), (FusedStep("myops::mish", (("in", 0),), "float32"),
                                    FusedStep("exp", (("step", 0),), "float32")), (1,))
    build = kernels_cache._cg("build")
    root = kernels_cache.checkout_root()
    tools = build.toolchain(root)
    before = kernels_cache._key(spec, tools, root, build)
    table = Path(myops.__file__).parent / "fusion_table.py"
    text = table.read_text()
    try:
        table.write_text(text + "\n# edited\n")
        assert kernels_cache._key(spec, tools, root, build) != before
    finally:
        table.write_text(text)
    assert kernels_cache._key(spec, tools, root, build) == before
    # The shipped YAML is not what the kernel is rendered from (Note [Library ops in fused
    # kernels]): editing it keeps the key.
    shipped = Path(myops.__file__).parent / "native_functions.yaml"
    text = shipped.read_text()
    try:
        shipped.write_text(text + "\n# edited\n")
        assert kernels_cache._key(spec, tools, root, build) == before
    finally:
        shipped.write_text(text)


def test_a_build_without_its_fusion_table_is_refused_with_what_to_do(myops):
    table = Path(myops.__file__).parent / "fusion_table.py"
    text = table.read_text()
    spec = FusedSpec(("float64",), (FusedStep("myops::mish", (("in", 0),), "float64"),
                                    FusedStep("exp", (("step", 0),), "float64")), (1,))
    try:
        table.unlink()
        with pytest.raises(FusionBuildError, match=r"the op library 'myops' at .* has no "
                           r"fusion_table.py \(built by an older aten-lite-gen\); "
                           r"rebuild it: aten-lite-gen library <its folder> --name myops"):
            compile_fused(spec)
    finally:
        table.write_text(text)
    with pytest.raises(FusionBuildError, match=r"'nolib::op' names the op library 'nolib', "
                       r"which is not loaded \(loaded: .*myops"):
        compile_fused(FusedSpec(("float32",), (FusedStep("nolib::op", (("in", 0),), "float32"),
                                               FusedStep("exp", (("step", 0),), "float32")),
                                (1,)))


# ---- the type stub, as mypy reads it ----

SNIPPET = '''\
from typing import cast

import aten_lite as al
import myops

x = al.randn(3, 4, requires_grad=True)
y = myops.mish(x)
z = y.mish().sum() + myops.peak(x, 0).sum() + myops.scaled_relu(x, 3.0).mean() + y.exp().sum()
w = cast(myops.Tensor, x).mish()
v: al.Tensor = w
reveal_type(y)
reveal_type(w.mish_())
myops.mish(x, 2)
y.mishh()
x.mish()
'''


def test_mypy_types_the_library_functions_and_methods(myops, tmp_path, mypy_cache):
    pytest.importorskip("mypy")
    lib_parent = Path(myops.__file__).parent.parent.parent
    # What the stub says holds at run time (myops.Tensor is aten_lite's Tensor).
    runnable = SNIPPET.split("reveal_type")[0] + "assert myops.Tensor is al.Tensor\n"
    ran = subprocess.run([sys.executable, "-c", runnable], cwd=tmp_path, capture_output=True,
                         text=True, env={**os.environ, "PYTHONPATH": os.pathsep.join(
                             (str(lib_parent), str(ROOT)))})
    assert ran.returncode == 0, ran.stderr
    path = tmp_path / "snippet.py"
    path.write_text(SNIPPET)
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "--cache-dir", str(mypy_cache),
         "--no-error-summary", "--strict", "--warn-unused-ignores", str(path)],
        cwd=ROOT, capture_output=True, text=True, timeout=300,
        env={**os.environ, "MYPYPATH": str(lib_parent)})
    assert done.returncode in (0, 1), done.stdout + done.stderr
    found = []
    for line in done.stdout.splitlines():
        m = re.fullmatch(r"(.+?):(\d+): (?:error|note): (.*)", line)
        assert m, line
        found.append((int(m[2]), m[3]) if Path(m[1]).name == path.name else (0, line))
    at = {text: i + 1 for i, text in enumerate(SNIPPET.splitlines())}
    errors = [(n, re.sub(r'; maybe "[\w"]+(?: or "\w+")?\?', "", m)) for n, m in found
              if not m.startswith(("Revealed type", '"mish" defined in'))]
    assert errors == [
        (at["myops.mish(x, 2)"], 'Too many positional arguments for "mish"  [call-arg]'),
        (at["myops.mish(x, 2)"],
         'Argument 2 to "mish" has incompatible type "int"; expected "Tensor | None"  '
         '[arg-type]'),
        (at["y.mishh()"], '"Tensor" has no attribute "mishh"  [attr-defined]'),
        # aten_lite's Tensor has no library methods for a type checker (Note [The library's
        # type stub]): cast to myops.Tensor, as line `w = ...` does.
        (at["x.mish()"], '"Tensor" has no attribute "mish"  [attr-defined]'),
    ]
    revealed = [(n, m) for n, m in found if m.startswith("Revealed type")]
    assert revealed == [(at["reveal_type(y)"], 'Revealed type is "myops._generated.Tensor"'),
                        (at["reveal_type(w.mish_())"],
                         'Revealed type is "myops._generated.Tensor"')]


def test_the_stub_declares_every_method_the_library_attaches(myops):
    import ast

    stub = Path(myops.__file__).parent / "__init__.pyi"
    tree = ast.parse(stub.read_text())
    cls = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "Tensor")
    methods = {n.name for n in cls.body if isinstance(n, ast.FunctionDef)}
    attached = set(_oplib._LOADED["myops"].methods)
    assert methods == attached == {"mish", "mish_"}
    for name in methods:
        assert getattr(al.Tensor, name) is _oplib._LOADED["myops"].methods[name]


def test_a_library_op_node_shows_the_users_line(myops):
    def f(x):
        return al.myops.mish(x * 2).exp() + x.mish()

    g = al.compile(f).graph(al.randn(3))
    line = f"test_library_fusion.py:{f.__code__.co_firstlineno + 1}"
    assert [n.where for n in g.nodes] == [line] * 5  # not the library's ops.py

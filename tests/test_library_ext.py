"""Op libraries outside the tree: examples/myops built into a temporary folder once
(module fixture), then loaded, called, differentiated, checked and broken.

Oracles: NumPy for values, finite differences (gradcheck) for gradients, and the messages a
library author needs (located errors with the library's file names, clashes naming both files).
"""

from __future__ import annotations

import ast
import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import numpy as np
import pytest

import aten_lite as al
from aten_lite.frontend import oplib as _oplib
from conftest import ROOT, copy_example_library, fresh_cache_dir
from tools.codegen import library_build
from tools.codegen.library import Library
from tools.codegen.spec import SpecError

EXAMPLE = ROOT / "examples" / "myops"
HAVE_CXX = shutil.which(os.environ.get("CXX", "g++")) is not None
pytestmark = pytest.mark.skipif(not HAVE_CXX, reason="needs a C++ compiler")


@pytest.fixture(scope="module", autouse=True)
def unload_after_the_module():
    """Tests elsewhere walk every op handle: the libraries loaded here leave with the module."""
    before = set(_oplib._LOADED)
    yield
    for name in set(_oplib._LOADED) - before:
        _oplib._uninstall(_oplib._LOADED[name])


@pytest.fixture(scope="module")
def cache(tmp_path_factory, built_myops):
    """One object cache for the module: aten_lite's core compiles once. It starts with the
    objects of examples/myops's kernels (conftest.built_myops)."""
    yield from fresh_cache_dir(tmp_path_factory, "al_cache", seed=built_myops.cache)


@pytest.fixture(scope="module")
def myops(built_myops, cache):
    """examples/myops, loaded (built once for the session: conftest.built_myops)."""
    return al.load_library(built_myops.folder)


def _write(folder: Path, native: str, derivatives: str | None = None,
           kernels: str | None = None) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "native_functions.yaml").write_text(textwrap.dedent(native))
    if derivatives is not None:
        (folder / "derivatives.yaml").write_text(textwrap.dedent(derivatives))
    if kernels is not None:
        (folder / "kernels.py").write_text(textwrap.dedent(kernels))
    return folder


def _gen(*args: str, cwd: Path = ROOT, env: dict | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "tools.codegen", "library", *args], cwd=cwd,
                          capture_output=True, text=True, env={**os.environ, **(env or {})})


# ---- using a library ----------------------------------------------------------------------


def test_namespaces_and_values(myops):
    assert al.ops.myops is myops is al.myops
    x = np.linspace(-4, 4, 9)
    want = x * np.tanh(np.log1p(np.exp(x)))
    for dtype in (al.float32, al.float64):
        got = myops.mish(al.tensor(x, dtype=dtype)).numpy()
        np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(al.tensor(x).mish().numpy(), want, rtol=1e-6)  # method variant
    assert myops.mish(al.tensor([1, 2])).dtype == al.float32  # int_to_float
    m = np.array([[3, -1, 7], [2, 9, 0]])
    np.testing.assert_array_equal(myops.peak(al.tensor(m), [1]).numpy(), m.max(1))
    np.testing.assert_array_equal(myops.peak(al.tensor(m)).numpy(), m.max())
    np.testing.assert_allclose(myops.scaled_relu(al.tensor([-1.0, 3.0]), 3.0).numpy(), [0, 9])


def test_inplace_out_and_sparse_siblings(myops):
    x = np.array([-1.0, 0.0, 2.0])
    want = x * np.tanh(np.log1p(np.exp(x)))
    t = al.tensor(x)
    assert t.mish_() is t
    np.testing.assert_allclose(t.numpy(), want)
    out = al.empty(3, dtype=al.float64)
    assert myops.mish(al.tensor(x), out=out) is out
    np.testing.assert_allclose(out.numpy(), want)
    s = al.tensor([[0.0, 2.0], [-1.0, 0.0]]).to_sparse()  # keeps_zero: a sparse kernel for free
    dense = np.array([[0.0, 2.0], [-1.0, 0.0]])
    np.testing.assert_allclose(myops.mish(s).to_dense().numpy(),
                               dense * np.tanh(np.log1p(np.exp(dense))))


def test_autograd_from_the_library_derivatives(myops):
    x = al.tensor([-2.0, -0.5, 0.3, 1.7], dtype=al.float64, requires_grad=True)
    assert al.autograd.gradcheck(myops.mish, (x,))
    y = myops.mish(x)
    assert type(y.grad_fn).__name__ == "MishBackward0"
    # composite: differentiated through the aten_lite ops of kernels.py
    assert al.autograd.gradcheck(lambda t: myops.scaled_relu(t, 1.5), (x,))


def test_meta_and_trace_dispatch(myops):
    m = myops.mish(al.empty(2, 3, device="meta"))
    assert m.device.type == "meta" and tuple(m.shape) == (2, 3) and m.dtype == al.float32
    assert tuple(myops.peak(al.empty(4, 5, device="meta"), [0]).shape) == (5,)
    with al.trace_dispatch() as trace:
        myops.mish(al.ones(3))
    assert "myops::mish" in str(trace) and "C++ myops::mish" in str(trace)


def test_set_num_threads_reaches_the_library_extension(myops):
    from aten_lite.vocab import library_kernels as _library_kernels

    n = al.get_num_threads()
    try:
        al.set_num_threads(1)
        assert _library_kernels._MODULES["myops"].get_num_threads() == 1
    finally:
        al.set_num_threads(n)
    assert _library_kernels._MODULES["myops"].get_num_threads() == n


def test_errors_name_the_namespace(myops):
    with pytest.raises(NotImplementedError, match=r"myops::peak: not implemented for 'bool'"):
        al.ops.myops.peak(al.tensor([True, False]))
    with pytest.raises(AttributeError, match=r"no op library 'nope' is loaded \(loaded: .*myops"):
        al.ops.nope


def test_the_package_has_a_type_stub(myops):
    stub = Path(myops.__file__).parent / "__init__.pyi"
    tree = ast.parse(stub.read_text())
    defs = {n.name: ast.unparse(n.args) for n in tree.body if isinstance(n, ast.FunctionDef)}
    assert set(defs) == set(myops.__all__) == {"mish", "mish_", "peak", "scaled_relu"}
    assert defs["scaled_relu"] == "input: _Tensor, scale: float=..."  # aten_lite's Tensor
    assert (stub.parent / "py.typed").is_file()


def test_a_fresh_process_imports_the_build_without_building(myops, tmp_path):
    """What a pip-installed library does: import it; no generator, no compiler (CXX is false)."""
    lib_parent = Path(myops.__file__).parent.parent.parent
    code = ("import aten_lite as al, myops\n"
            "print(myops.mish(al.tensor([1.0])).item(),"
            " al.ops.myops.peak(al.tensor([4, 9])).item(),"
            " al.tensor([0.0]).mish().item())")
    run = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True,
                         text=True,
                         env={**os.environ, "CXX": "false", "AL_CACHE_DIR": str(tmp_path),
                              "PYTHONPATH": os.pathsep.join((str(lib_parent), str(ROOT)))})
    assert run.returncode == 0, run.stderr
    mish1, peak, zero = run.stdout.split()
    assert float(mish1) == pytest.approx(np.tanh(np.log1p(np.e)), rel=1e-6)
    assert (peak, zero) == ("9", "0.0")
    # --out: a package of its own, importable by its folder's name
    run = _gen(str(lib_parent / "myops"), "--out", str(tmp_path / "pkgs" / "mishpkg"))
    assert run.returncode == 0, run.stderr
    run = subprocess.run([sys.executable, "-c", "import aten_lite as al, mishpkg\n"
                          "print(mishpkg.peak(al.tensor([4, 9])).item(), al.ops.myops.peak)"],
                         cwd=tmp_path, capture_output=True, text=True,
                         env={**os.environ, "CXX": "false",
                              "PYTHONPATH": os.pathsep.join((str(tmp_path / "pkgs"), str(ROOT)))})
    assert run.returncode == 0, run.stderr
    assert run.stdout.startswith("9 <function peak")


# ---- the generator ------------------------------------------------------------------------


def test_check_is_clean_then_names_stale_files(myops, tmp_path):
    folder = Path(myops.__file__).parent.parent
    run = _gen(str(folder), "--check")
    assert run.returncode == 0, run.stderr
    run = _gen(str(folder), "--show", "mish")
    assert run.returncode == 0, run.stderr
    assert run.stdout.startswith("myops::mish    (myops/native_functions.yaml:5)")
    assert "derivative (myops/derivatives.yaml:5)" in run.stdout
    assert "forward mode (auto_element_wise, myops/derivatives.yaml:5)" in run.stdout
    # Each generated definition and hand-written kernel with the line it is at in the files.
    out = Path(myops.__file__).parent

    def line_of(path: Path, prefix: str) -> int:
        return next(i for i, line in enumerate(path.read_text().splitlines(), 1)
                    if line.startswith(prefix))

    fw = line_of(out / "forward_rules.py", "def fw_mish(")
    assert f"myops/_generated/forward_rules.py:{fw}: fw_mish (forward mode" in run.stdout
    entry = line_of(out / "csrc" / "mish.cpp", "int entry(")
    assert f"myops/_generated/csrc/mish.cpp:{entry}: elementwise kernel 'mish'" in run.stdout
    stub = line_of(out / "__init__.pyi", "def mish(")
    assert f"myops/_generated/__init__.pyi:{stub}: mish()  (type stub)" in run.stdout
    run = _gen(str(folder), "--show", "scaled_relu")
    kernel = line_of(folder / "kernels.py", "def scaled_relu(")
    assert f"CompositeImplicitAutograd  -> scaled_relu  {folder.name}/kernels.py:{kernel}" in run.stdout
    copy = tmp_path / "myops"
    shutil.copytree(folder, copy)
    with (copy / "native_functions.yaml").open("a") as f:
        f.write("\n- func: twice(Tensor self) -> Tensor\n  elementwise: self + self\n"
                "  dtypes: all\n")
    run = _gen(str(copy), "--check")
    assert run.returncode == 1
    assert "ops.py" in run.stderr and "_C" in run.stderr and "csrc/twice.cpp" in run.stderr


def test_broken_yaml_is_located_in_the_library_files(cache, tmp_path):
    lib = _write(tmp_path / "brk", """\
        - func: good(Tensor self) -> Tensor
          dispatch:
            CPU: nowhere
        - func: bad(Tensor self) -> Tensor
          elementwise: self * 2
          dtypes: floatin
          colour: red
        """, """\
        - name: good(Tensor self) -> Tensor
          self: grad * sigmoidd(self)
        """, "def somewhere(self):\n    return self\n")
    with pytest.raises(SpecError) as info:
        library_build.generate(Library.at(lib, "brk"))
    text = str(info.value)
    assert "brk/native_functions.yaml:3: good: dispatch CPU kernel 'nowhere' is not defined in " \
           "brk/kernels.py" in text
    assert "brk/native_functions.yaml:6: bad: " in text and "floatin" in text
    assert "brk/native_functions.yaml:7: bad: unknown key 'colour'" in text
    assert not (lib / "_generated").exists()  # nothing written


def test_a_failed_build_keeps_the_previous_one_loadable(cache, tmp_path):
    lib = _write(tmp_path / "keep", """\
        - func: half(Tensor self) -> Tensor
          dispatch:
            CompositeImplicitAutograd: half
        """, kernels="def half(self):\n    return self * 0.5\n")
    library_build.generate(Library.at(lib, "keep"))
    before = (lib / "_generated" / "ops.py").read_text()
    (lib / "native_functions.yaml").write_text(textwrap.dedent("""\
        - func: half(Tensor self) -> Tensor
          elementwise: self % 2.0
          dtypes: floating
        """))
    run = _gen(str(lib), "--name", "keep")
    assert run.returncode == 1
    assert "keep/native_functions.yaml:2: half: C++ error: " in run.stderr
    assert "operator%" in run.stderr
    assert (lib / "_generated" / "ops.py").read_text() == before
    keep = al.load_library(lib)
    np.testing.assert_allclose(keep.half(al.tensor([4.0])).numpy(), [2.0])


def test_a_library_cannot_replace_aten_lite_methods(cache, tmp_path):
    lib = _write(tmp_path / "clash", """\
        - func: relu(Tensor self) -> Tensor
          variants: function, method
          dispatch:
            CompositeImplicitAutograd: relu
        """, kernels="def relu(self):\n    return self\n")
    with pytest.raises(SpecError, match=r"clash/native_functions.yaml:1: relu: as a method, 'relu' "
                                        r"would replace Tensor.relu, aten_lite's op "
                                        r"\(native_functions.yaml:\d+\)"):
        library_build.generate(Library.at(lib, "clash"))


def test_clashes_between_libraries_name_both_files(myops, tmp_path):
    twin = _write(tmp_path / "twin", """\
        - func: mish(Tensor self) -> Tensor
          variants: function, method
          dispatch:
            CompositeImplicitAutograd: mish
        """, kernels="def mish(self):\n    return self\n")
    library_build.generate(Library.at(twin, "myops"))  # the namespace of the loaded one
    with pytest.raises(_oplib.LibraryError,
                       match=r"twin/native_functions.yaml .* declares the op library 'myops', "
                             r"which is already loaded from myops/native_functions.yaml .*, "
                             r"where myops::mish \(twin/native_functions.yaml:1\) is also "
                             r"myops::mish \(myops/native_functions.yaml:5\)"):
        al.load_library(twin)
    library_build.generate(Library.at(twin, "twin"))  # own namespace, same method name
    with pytest.raises(_oplib.LibraryError,
                       match=r"twin::mish \(twin/native_functions.yaml:1\) declares the Tensor "
                             r"method 'mish', which myops::mish \(myops/native_functions.yaml:5\)"):
        al.load_library(twin)
    assert "twin" not in dir(al.ops) and not hasattr(al, "twin")  # nothing left installed


def test_a_build_for_another_aten_lite_is_refused(myops, tmp_path):
    copy = tmp_path / "old"
    shutil.copytree(Path(myops.__file__).parent, copy)
    manifest = copy / "manifest.py"
    manifest.write_text(manifest.read_text().replace("ATEN_LITE_VERSION = '",
                                                     "ATEN_LITE_VERSION = '0.0.0-"))
    with pytest.raises(_oplib.LibraryError,
                       match=r"built for aten_lite 0.0.0-.*but this is aten_lite "
                             r".*rebuild it with this aten_lite"):
        al.load_library(copy)
    original = (Path(myops.__file__).parent / "manifest.py").read_text()
    manifest.write_text(original.replace("\nABI = ", "\nABI = 1000 + "))
    with pytest.raises(_oplib.LibraryError, match=r"\(library ABI 100\d\), but this is aten_lite "
                                                  r"\S+ \(library ABI \d+\)"):
        al.load_library(copy)
    with pytest.raises(_oplib.LibraryError, match="is an op library that is not built"):
        al.load_library(copy_example_library(tmp_path / "unbuilt"))


def test_bad_names_are_refused(tmp_path):
    lib = _write(tmp_path / "n", "- func: f(Tensor self) -> Tensor\n  elementwise: self\n")
    for name in ("my-ops", "_hidden", "aten", "class"):
        with pytest.raises(SpecError, match=repr(name)):
            Library.at(lib, name)


def test_a_cpp_template_of_the_library(cache, tmp_path):
    """`cpp: twice` includes the library's csrc/twice.h; kernels.py calls the entry."""
    lib = _write(tmp_path / "cppl", """\
        - func: twice(Tensor self) -> Tensor
          dispatch:
            CPU: twice_cpu
          cpp: twice
          dtypes: floating
        """, kernels="""\
        import aten_lite as al


        def twice_cpu(self):
            out = al.empty_like(self)
            al.library.cpp_kernel("cppl::twice")(self.dtype.code, out.numpy(), self.numpy())
            return out
        """)
    (lib / "csrc").mkdir()
    shutil.copy(Path(__file__).parent / "data_library" / "twice.h", lib / "csrc" / "twice.h")
    library_build.generate(Library.at(lib, "cppl"))
    cppl = al.load_library(lib)
    np.testing.assert_array_equal(cppl.twice(al.tensor([1.0, -2.5])).numpy(), [2.0, -5.0])
    with pytest.raises(NotImplementedError, match=r"cppl::twice: not implemented for 'int64'"):
        cppl.twice(al.tensor([1]))
    with pytest.raises(ValueError, match="out and self must be 1-D of one length"):
        al.library.cpp_kernel("cppl::twice")(7, al.empty(3).numpy(), al.ones(2).numpy())


# ---- define_yaml --------------------------------------------------------------------------


def test_define_yaml_builds_once_then_loads_from_the_cache(cache, tmp_path):
    native = """\
        - func: cube(Tensor self) -> Tensor
          elementwise: self * self * self
          dtypes: all
        """
    derivatives = "- name: cube(Tensor self) -> Tensor\n  self: grad * 3 * self * self\n"
    ns = al.library.define_yaml(textwrap.dedent(native), derivatives, name="nb")
    x = al.tensor([1.0, -2.0], dtype=al.float64, requires_grad=True)
    assert al.autograd.gradcheck(ns.cube, (x,))
    np.testing.assert_array_equal(al.nb.cube(al.tensor([3])).numpy(), [27])
    # A new process finds the build in the cache: no compiler needed.
    code = (f"import aten_lite as al\nns = al.library.define_yaml({textwrap.dedent(native)!r}, "
            f"{derivatives!r}, name='nb')\nprint(ns.cube(al.tensor([2])).item())")
    run = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                         env={**os.environ, "CXX": "false"})
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == "8"
    # Defining the name again replaces the ops.
    again = al.library.define_yaml("- func: cube(Tensor self) -> Tensor\n"
                                   "  dispatch:\n    CompositeImplicitAutograd: cube\n",
                                   name="nb", kernels="def cube(self):\n    return self + 1\n")
    assert al.nb is again
    np.testing.assert_array_equal(again.cube(al.tensor([3])).numpy(), [4])


def test_define_yaml_in_two_processes_at_once_and_without_a_writable_cache(tmp_path):
    code = ("import warnings, aten_lite as al\n"
            "warnings.simplefilter('error', RuntimeWarning) if %r else None\n"
            "ns = al.library.define_yaml('- func: inc(Tensor self) -> Tensor\\n"
            "  dispatch:\\n    CompositeImplicitAutograd: inc\\n', name='race',"
            " kernels='def inc(self):\\n    return self + 1\\n')\n"
            "print(ns.inc(al.tensor([1])).item())")
    env = {**os.environ, "AL_CACHE_DIR": str(tmp_path / "cache")}
    runs = [subprocess.Popen([sys.executable, "-c", code % True], cwd=ROOT, env=env,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            for _ in range(2)]
    for run in runs:
        out, err = run.communicate(timeout=300)
        assert run.returncode == 0, err
        assert out.strip() == "2"
    (tmp_path / "file").write_text("not a folder")
    run = subprocess.run([sys.executable, "-c", code % False], cwd=ROOT, capture_output=True,
                         text=True, env={**env, "AL_CACHE_DIR": str(tmp_path / "file" / "c")})
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == "2" and "cannot write the cache" in run.stderr


def test_define_yaml_reports_located_errors(cache):
    with pytest.raises(Exception,
                       match=r"nb2/native_functions.yaml:2: cube: unknown key 'colour'") as info:
        al.library.define_yaml("- func: cube(Tensor self) -> Tensor\n  colour: red\n", name="nb2")
    assert type(info.value).__name__ == "SpecError"  # the generator's (aten_lite.codegen.spec)


# ---- what an installed aten_lite must ship ---------------------------------------------------


def test_a_library_builds_and_loads_from_an_installed_aten_lite(cache, tmp_path, installed_site):
    """`setup.py build` lays out what a wheel installs (build_py + build_ext;
    conftest.installed_site): the headers and core sources (and objects) a library's
    extension is built from, the generator with its templates, aten_lite's own YAML. A library
    is then built and imported with only that layout on the path, outside the checkout, as
    after a plain `pip install .`."""
    site = installed_site
    pkg = site / "aten_lite"
    for src in (ROOT / "aten_lite" / "csrc").iterdir():
        assert (pkg / "csrc" / src.name).is_file(), src.name
    for template in (ROOT / "tools" / "codegen" / "templates").iterdir():
        assert (pkg / "codegen" / "templates" / template.name).is_file(), template.name
    for name in ("native_functions.yaml", "derivatives.yaml"):
        assert (pkg / "codegen" / "spec" / name).read_text() == (ROOT / name).read_text()
    work = tmp_path / "work"
    copy_example_library(work / "myops")  # the example library, built by the install
    env = {**os.environ, "PYTHONPATH": str(site)}
    run = subprocess.run([sys.executable, "-m", "aten_lite.codegen", "library", "myops"],
                         cwd=work, capture_output=True, text=True, env=env)
    assert run.returncode == 0, run.stderr
    code = ("import aten_lite as al, myops\n"
            "assert al.__file__.startswith(%r), al.__file__\n"
            "x = al.tensor([0.5], dtype=al.float64, requires_grad=True)\n"
            "myops.mish(x).backward()\n"
            "print(x.detach().mish().item(), x.grad.item(), myops.peak(al.tensor([3, 8])).item(),"
            " myops.scaled_relu(al.tensor([-1.0, 2.0])).tolist())" % str(site))
    run = subprocess.run([sys.executable, "-c", code], cwd=work, capture_output=True, text=True,
                         env={**env, "CXX": "false", "PYTHONPATH": f"{site}{os.pathsep}{work}"})
    assert run.returncode == 0, run.stderr
    mish, grad, peak, scaled = run.stdout.split(maxsplit=3)
    sp = np.log1p(np.exp(0.5))
    assert float(mish) == pytest.approx(0.5 * np.tanh(sp), rel=1e-12)
    sig = 1 / (1 + np.exp(-0.5))
    assert float(grad) == pytest.approx(np.tanh(sp) + 0.5 * sig * (1 - np.tanh(sp) ** 2), rel=1e-12)
    assert (peak, scaled.strip()) == ("8", "[0.0, 4.0]")


def test_runtime_and_generator_agree_on_the_cache_folder(monkeypatch, tmp_path):
    from aten_lite.vocab.jit_cache import cache_dir

    for env in ({"AL_CACHE_DIR": str(tmp_path)}, {"XDG_CACHE_HOME": str(tmp_path)}, {}):
        for key in ("AL_CACHE_DIR", "XDG_CACHE_HOME"):
            monkeypatch.delenv(key, raising=False)
        for key, value in env.items():
            monkeypatch.setenv(key, value)
        assert cache_dir("objects") == library_build.cache_dir("objects")

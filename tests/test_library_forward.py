"""Forward mode of op libraries: a library's derivatives.yaml gets the forward rules a built-in
op's entry gets (Note [Forward rules] in tools/codegen/api_forward.py), so al.func.jvp,
jacfwd, hessian and hvp work on library ops, examples/myops's included.

Oracles: finite differences, closed forms, reverse mode (jacrev, a separate path through the
backward formulas), and torch.func where torch has the op.
"""

from __future__ import annotations

import os
import re
import shutil
import textwrap
from pathlib import Path

import numpy as np
import pytest

import aten_lite as al
import aten_lite.autograd.forward_ad as fwAD
from aten_lite.frontend import oplib as _oplib
from conftest import copy_example_library, fresh_cache_dir
from tools.codegen import library_build
from tools.codegen.library import Library, render
from tools.codegen.spec import SpecError

HAVE_CXX = shutil.which(os.environ.get("CXX", "g++")) is not None
pytestmark = pytest.mark.skipif(not HAVE_CXX, reason="needs a C++ compiler")
RNG = np.random.default_rng(7)


@pytest.fixture(scope="module", autouse=True)
def unload_after_the_module():
    """Tests elsewhere walk every op handle: the libraries loaded here leave with the module."""
    before = set(_oplib._LOADED)
    yield
    for name in set(_oplib._LOADED) - before:
        _oplib._uninstall(_oplib._LOADED[name])


@pytest.fixture(scope="module")
def cache(tmp_path_factory, built_myops):
    """The module's cache, starting with the objects of examples/myops's kernels
    (conftest.built_myops)."""
    yield from fresh_cache_dir(tmp_path_factory, "al_cache", seed=built_myops.cache)


@pytest.fixture(scope="module")
def myops(built_myops, cache):
    """examples/myops, loaded (built once for the session: conftest.built_myops)."""
    return al.load_library(built_myops.folder)


# One op per way a rule comes about, two that use tensor factories in their formulas, one whose
# rule cannot be derived and one without a derivative.
NATIVE = """\
- func: cube(Tensor self) -> Tensor
  elementwise: self * self * self
  dtypes: floating
- func: twice_t(Tensor self) -> Tensor
  dispatch:
    CPU: twice_t
  dtypes: floating
- func: soft_abs(Tensor self, float eps=0.01) -> Tensor
  dispatch:
    CPU: soft_abs
  dtypes: floating
- func: soft_sign(Tensor self) -> Tensor
  elementwise: self / (1 + abs(self))
  dtypes: floating
- func: square_mm(Tensor self) -> Tensor
  dispatch:
    CPU: square_mm
  dtypes: floating
- func: doubled(Tensor self) -> Tensor
  elementwise: self + self
  dtypes: floating
"""

DERIVATIVES = """\
- name: cube(Tensor self) -> Tensor
  self: grad * 3 * self * self
- name: twice_t(Tensor self) -> Tensor
  self: grad.t() * 2
- name: soft_abs(Tensor self, float eps=0.01) -> Tensor
  self: grad * self / result
  result: self_t * self / result + zeros_like(result)
- name: soft_sign(Tensor self) -> Tensor
  self: grad / (ones_like(self) + self.abs()) ** 2
- name: square_mm(Tensor self) -> Tensor
  self: grad.mm(self.t()) + self.t().mm(grad)
"""

KERNELS = """\
def twice_t(self):
    return (self * 2).t().contiguous()


def soft_abs(self, eps):
    return (self * self + eps).sqrt()


def square_mm(self):
    return self.mm(self)
"""


@pytest.fixture(scope="module")
def fwops(tmp_path_factory, cache):
    folder = tmp_path_factory.mktemp("libs") / "fwops"
    folder.mkdir()
    for name, text in (("native_functions.yaml", NATIVE), ("derivatives.yaml", DERIVATIVES),
                       ("kernels.py", KERNELS)):
        (folder / name).write_text(text)
    library_build.generate(Library.at(folder, "fwops"))
    return al.load_library(folder)


def _t(a) -> al.Tensor:
    return al.tensor(np.asarray(a, dtype=np.float64))


def _fd_jvp(f, x: np.ndarray, v: np.ndarray, eps: float = 1e-6) -> np.ndarray:
    """(f(x + eps v) - f(x - eps v)) / 2 eps."""
    return (f(_t(x + eps * v)).numpy() - f(_t(x - eps * v)).numpy()) / (2 * eps)


def _check_all_transforms(f, x: np.ndarray, rtol: float = 1e-6):
    """jvp against finite differences; jacfwd against jacrev; hessian and hvp of f(x).sum()
    against finite differences of the reverse-mode gradient, and reverse over forward (the
    gradient of sum(J v), which is that Hessian times v) against the same."""
    v = RNG.standard_normal(x.shape)
    out, tangent = al.func.jvp(f, (_t(x),), (_t(v),))
    np.testing.assert_allclose(out.numpy(), f(_t(x)).numpy())
    np.testing.assert_allclose(tangent.numpy(), _fd_jvp(f, x, v), rtol=rtol, atol=1e-8)
    np.testing.assert_allclose(al.func.jacfwd(f)(_t(x)).numpy(),
                               al.func.jacrev(f)(_t(x)).numpy(), rtol=1e-12, atol=1e-12)
    loss = lambda u: f(u).sum()  # noqa: E731
    grad = al.func.grad(loss)
    hv = _fd_jvp(grad, x, v, eps=1e-5)
    _, (got,) = al.func.hvp(loss, (_t(x),), (_t(v),))
    np.testing.assert_allclose(got.numpy(), hv, rtol=1e-4, atol=1e-6)
    h = al.func.hessian(loss)(_t(x)).numpy().reshape(x.size, x.size)
    np.testing.assert_allclose(h @ v.reshape(-1), hv.reshape(-1), rtol=1e-4, atol=1e-6)
    over = al.func.grad(lambda u: al.func.jvp(f, (u,), (_t(v),))[1].sum())(_t(x))
    np.testing.assert_allclose(over.numpy(), hv, rtol=1e-4, atol=1e-6)


# ---- examples/myops -------------------------------------------------------------------------


def test_every_example_op_in_forward_mode(myops):
    x = np.array([[-1.7, -0.4, 0.3], [0.9, 2.2, -2.6]])
    _check_all_transforms(myops.mish, x)
    _check_all_transforms(lambda u: u.mish(), x)  # the method variant
    _check_all_transforms(lambda u: myops.peak(u, [1]), x)
    _check_all_transforms(lambda u: myops.peak(u, [0], True), x)
    _check_all_transforms(lambda u: myops.scaled_relu(u, 1.5), x)  # composite: its ops' rules


def test_the_example_matches_torch_func(myops):
    torch = pytest.importorskip("torch")
    tfunc = pytest.importorskip("torch.func")
    x, v = RNG.standard_normal((3, 4)), RNG.standard_normal((3, 4))
    pairs = [
        (myops.mish, torch.nn.functional.mish),
        (lambda u: myops.peak(u, [1]), lambda u: torch.amax(u, 1)),
        (lambda u: myops.scaled_relu(u, 2.5), lambda u: torch.relu(u) * 2.5),
    ]
    for f, g in pairs:
        tx, tv = torch.tensor(x), torch.tensor(v)
        out, tangent = al.func.jvp(f, (_t(x),), (_t(v),))
        tout, ttangent = tfunc.jvp(g, (tx,), (tv,))
        np.testing.assert_allclose(out.numpy(), tout.numpy(), rtol=1e-12)
        np.testing.assert_allclose(tangent.numpy(), ttangent.numpy(), rtol=1e-10, atol=1e-12)
        np.testing.assert_allclose(al.func.jacfwd(f)(_t(x)).numpy(),
                                   tfunc.jacfwd(g)(tx).numpy(), rtol=1e-10, atol=1e-12)
        hess = al.func.hessian(lambda u: f(u).sum())(_t(x)).numpy()
        np.testing.assert_allclose(hess, tfunc.hessian(lambda u: g(u).sum())(tx).numpy(),
                                   rtol=1e-8, atol=1e-10)
        _, (hv,) = al.func.hvp(lambda u: f(u).sum(), (_t(x),), (_t(v),))
        _, thv = torch.autograd.functional.hvp(lambda u: g(u).sum(), tx, tv)
        np.testing.assert_allclose(hv.numpy(), thv.numpy(), rtol=1e-8, atol=1e-10)


def test_in_place_and_out_siblings_carry_the_tangent(myops):
    x, v = np.array([-1.0, 0.5, 2.0]), np.array([1.0, -3.0, 0.5])
    want = _fd_jvp(myops.mish, x, v)
    with fwAD.dual_level():
        d = fwAD.make_dual(_t(x), _t(v))
        d.mish_()
        np.testing.assert_allclose(fwAD.unpack_dual(d).tangent.numpy(), want, rtol=1e-6)
        out = al.empty(3, dtype=al.float64)
        myops.mish(fwAD.make_dual(_t(x), _t(v)), out=out)
        np.testing.assert_allclose(fwAD.unpack_dual(out).tangent.numpy(), want, rtol=1e-6)


def test_the_example_without_its_derivatives_names_the_file_to_add_them_to(cache, tmp_path):
    copy_example_library(tmp_path / "bare")
    (tmp_path / "bare" / "derivatives.yaml").unlink()
    native = tmp_path / "bare" / "native_functions.yaml"  # myops holds the method
    native.write_text(native.read_text().replace("variants: function, method",
                                                 "variants: function"))
    library_build.generate(Library.at(tmp_path / "bare", "bare"))
    bare = al.load_library(tmp_path / "bare")
    with pytest.raises(NotImplementedError) as info:
        al.func.jvp(bare.mish, (al.ones(3),), (al.ones(3),))
    assert str(info.value) == (
        "al.bare::mish: no forward-mode rule: the op (bare/native_functions.yaml:5) has no entry "
        "in bare/derivatives.yaml; add one for 'mish(Tensor self) -> Tensor' with a 'result:' "
        "formula over the input tangents")


# ---- each kind of rule ------------------------------------------------------------------------


def test_a_library_op_of_each_rule_kind(fwops):
    x = np.array([[-1.2, 0.4, 2.0], [0.7, -0.3, 1.5]])
    v = RNG.standard_normal(x.shape)
    closed = {  # the tangent each op's closed-form derivative gives
        fwops.cube: 3 * x * x * v,  # auto_element_wise
        fwops.twice_t: 2 * v.T,  # auto_linear: the op applied to the tangent
        fwops.soft_abs: x / np.sqrt(x * x + 0.01) * v,  # result: (with zeros_like)
        fwops.soft_sign: v / (1 + np.abs(x)) ** 2,  # auto_element_wise (with ones_like)
    }
    for f, want in closed.items():
        _, tangent = al.func.jvp(f, (_t(x),), (_t(v),))
        np.testing.assert_allclose(tangent.numpy(), want, rtol=1e-12, atol=1e-14)
        _check_all_transforms(f, x)
    _check_all_transforms(lambda u: fwops.soft_abs(u, 0.5), x)


def test_graph_mode_runs_the_library_formulas_that_make_tensors(fwops):
    # soft_sign's backward formula calls ones_like, soft_abs's forward one zeros_like.
    x, v = np.array([-1.5, 0.25, 2.0]), np.array([1.0, -2.0, 0.5])
    f = al.compile(lambda u: (fwops.soft_sign(u) * _t(v)).sum(), fullgraph=True, fuse=False)
    for _ in range(2):
        t = al.tensor(x, requires_grad=True)
        f(t).backward()
        np.testing.assert_allclose(t.grad.numpy(), v / (1 + np.abs(x)) ** 2, rtol=1e-12)
    assert f.stats["captures"] == 1, f.stats


def test_factory_calls_in_library_formulas_are_checked_at_the_library_line(tmp_path):
    folder = tmp_path / "badf"
    folder.mkdir()
    (folder / "native_functions.yaml").write_text(NATIVE)
    (folder / "kernels.py").write_text(KERNELS)
    (folder / "derivatives.yaml").write_text(DERIVATIVES.replace(
        "zeros_like(result)", "zeros_like(result, 0)"))
    with pytest.raises(SpecError) as info:
        render(Library.at(folder, "badf"))
    assert list(info.value.messages) == [
        "badf/derivatives.yaml:7: soft_abs: 'result:' calls zeros_like(result, 0), which fits "
        "no overload (zeros_like(input, *, dtype=..., device=...)); pass the arguments one of "
        "them takes"]


def test_show_names_each_rule_and_its_generated_file(fwops):
    lib = Library.at(Path(fwops.__file__).parent.parent, "fwops")
    # A rule made of formulas is a function of its own; an auto_linear one is the runtime's
    # linear_rule, made for the op in RULES.
    for op, line, rule in (
            ("cube", "  forward mode (auto_element_wise, fwops/derivatives.yaml:1):", "fw_cube"),
            ("twice_t", "  forward mode (auto_linear, fwops/derivatives.yaml:3):",
             "linear_rule"),
            ("soft_abs", "  forward mode (result, fwops/derivatives.yaml:7):", "fw_soft_abs")):
        text = library_build.show(lib, op)
        assert line in text.split("\n"), text
        # a rule of its own with the line of its def; the runtime's linear_rule has none there
        m = re.search(rf"fwops/_generated/forward_rules\.py(?::(\d+))?: {rule} \(forward mode",
                      text)
        assert m and bool(m[1]) == (rule != "linear_rule"), text
        if m[1]:
            named = (lib.out / "forward_rules.py").read_text().splitlines()[int(m[1]) - 1]
            assert named.startswith(f"def {rule}("), named


def test_an_op_whose_rule_cannot_be_derived_names_its_entry(fwops):
    with pytest.raises(NotImplementedError) as info:
        al.func.jvp(fwops.square_mm, (al.eye(2),), (al.eye(2),))
    assert str(info.value) == (
        "al.fwops::square_mm: no forward-mode rule (the backward formula for 'self' reads "
        "'self', so it is neither known element-wise nor linear); add a 'result:' formula over "
        "the input tangents to its derivatives.yaml entry at fwops/derivatives.yaml:10")
    with pytest.raises(NotImplementedError) as info:
        al.func.jacfwd(fwops.doubled)(al.ones(2))
    assert str(info.value) == (
        "al.fwops::doubled: no forward-mode rule: the op (fwops/native_functions.yaml:19) has no "
        "entry in fwops/derivatives.yaml; add one for 'doubled(Tensor self) -> Tensor' with a "
        "'result:' formula over the input tangents")


# ---- define_yaml ------------------------------------------------------------------------------


def test_define_yaml_gets_forward_rules_and_drops_them_when_redefined(cache):
    native = textwrap.dedent("""\
        - func: sq(Tensor self) -> Tensor
          elementwise: self * self
          dtypes: floating
        """)
    ns = al.library.define_yaml(native, "- name: sq(Tensor self) -> Tensor\n"
                                "  self: grad * 2 * self\n"
                                "  result: full_like(self, 2) * self * self_t\n", name="fwnb")
    x, v = np.array([1.5, -2.0]), np.array([0.5, 4.0])
    _, tangent = al.func.jvp(ns.sq, (_t(x),), (_t(v),))
    np.testing.assert_allclose(tangent.numpy(), 2 * x * v)
    _check_all_transforms(ns.sq, x)
    again = al.library.define_yaml(native, name="fwnb")  # no derivatives: the rule goes too
    with pytest.raises(NotImplementedError, match=r"al\.fwnb::sq: no forward-mode rule: the op "
                       r"\(fwnb/native_functions.yaml:1\) has no entry in fwnb/derivatives"):
        al.func.jvp(again.sq, (_t(x),), (_t(v),))

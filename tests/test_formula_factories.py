"""Tensor factories in derivatives.yaml formulas (Note [Factories in formulas] in
aten_lite/autograd/formulas.py): ``zeros_like``, ``ones_like``, ``full_like``, ``empty_like``,
``zeros``, ``ones`` and ``full`` are names a backward or forward formula may call, their calls
checked like an op's (located errors), and they work in the generated backward nodes, the
forward rules and graph mode's captured backward graphs.

Oracles: the messages the loader gives for other formula errors, NumPy's closed-form
derivatives, and eager mode for graph mode.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap

from aten_lite.vocab import manifest as _manifest
from conftest import run_gen
from test_forward_rules import _rules
from test_yaml_errors import RELU, errors

FACTORIES = ("zeros_like", "ones_like", "full_like", "empty_like", "zeros", "ones", "full")


def test_the_runtime_offers_every_factory_to_formulas():
    # The generator checks formulas against the manifest; the generated modules star-import
    # the helpers module, so each factory must be both (test_manifest keeps the two equal).
    from aten_lite.autograd import formulas

    assert set(FACTORIES) <= set(_manifest.FORMULA_HELPERS) & set(formulas.__all__)


def test_factory_calls_are_checked_like_op_calls(tmp_path):
    deriv = """\
    - name: relu(Tensor self) -> Tensor
      self: grad * ones_like(self, 2)
      result: self_t * full_like(self_t) + zeros(self_t.shape, requires_grad=True)
    """
    helpers = dict(_manifest.FORMULA_HELPERS)
    assert errors(tmp_path, RELU, deriv, helpers=helpers) == [
        "derivatives.yaml:2: relu: formula for 'self' calls ones_like(self, 2), which fits no "
        "overload (ones_like(input, *, dtype=..., device=...)); pass the arguments one of "
        "them takes",
        "derivatives.yaml:3: relu: 'result:' calls zeros(self_t.shape, requires_grad=True), "
        "which fits no overload (zeros(size, *, dtype=..., device=...)); pass the arguments "
        "one of them takes",
        "derivatives.yaml:3: relu: 'result:' calls full_like(self_t), which fits no overload "
        "(full_like(input, fill_value, *, dtype=..., device=...)); pass the arguments one of "
        "them takes"]


def test_a_misspelt_factory_gets_a_did_you_mean(tmp_path):
    deriv = "- name: relu(Tensor self) -> Tensor\n  self: grad * one_like(self)\n"
    [message] = errors(tmp_path, RELU, deriv, helpers=dict(_manifest.FORMULA_HELPERS))
    assert message.startswith("derivatives.yaml:2: relu: formula for 'self' uses unknown name "
                              "'one_like'; did you mean 'ones_like'?")


def test_a_like_factory_reads_only_the_shape_of_its_argument(tmp_path):
    # `grad * ones_like(self)` does not depend on self's values: the op is linear.
    native = "- func: keep(Tensor self) -> Tensor\n  dispatch: {CPU: keep_cpu}\n"
    derivatives = ("- name: keep(Tensor self) -> Tensor\n"
                   "  self: grad * ones_like(self) + zeros_like(self)\n")
    rule = _rules(tmp_path, native, derivatives)["keep"]
    assert (rule.origin, rule.reads) == ("auto_linear", ())
    derivatives = "- name: keep(Tensor self) -> Tensor\n  self: grad * ones_like(self * self)\n"
    rule = _rules(tmp_path, native, derivatives)["keep"]
    assert rule.origin == "none" and "reads 'self'" in rule.why


# The built-in ops whose entries the copy rewrites with factories, both directions; the
# checks below compare each with its closed form (relu' = [x > 0], neg' = -1,
# sigmoid' = s(1 - s), sigmoid'' = s(1 - s)(1 - 2s)).
REWRITTEN = {
    "- name: neg(Tensor self) -> Tensor\n  self: -grad\n":
        "- name: neg(Tensor self) -> Tensor\n  self: grad * full_like(grad, -1)\n",
    "  self: grad * result.sign()\n":
        "  self: where(self > 0, grad, zeros_like(grad))\n"
        "  result: where(self > 0, self_t, zeros(self_t.shape, dtype=self_t.dtype))\n",
    "  self: grad * result * (1 - result)\n":
        "  self: empty_like(grad).copy_(grad) * result * (ones_like(result) - result)\n"
        "  result: self_t * result * (ones(result.shape, dtype=result.dtype)"
        " - full(result.shape, 1.0, dtype=result.dtype) * result)\n",
}

CHECKS = """\
import numpy as np
import aten_lite as al
from aten_lite._generated import forward_rules
from aten_lite.compile.api import GraphBreakError

assert forward_rules.ORIGINS["relu"][0] == forward_rules.ORIGINS["sigmoid"][0] == "result"
assert forward_rules.ORIGINS["neg"][0] == "auto_element_wise"
x = np.array([-1.5, -0.25, 0.5, 2.0])
v = np.array([1.0, -2.0, 0.5, 3.0])
s = 1 / (1 + np.exp(-x))
want = {"relu": (x > 0) * 1.0, "neg": -np.ones(4), "sigmoid": s * (1 - s)}
second = {"relu": np.zeros(4), "neg": np.zeros(4), "sigmoid": s * (1 - s) * (1 - 2 * s)}
for name, d in want.items():
    f = getattr(al, name)
    t = al.tensor(x, requires_grad=True)
    f(t).backward(al.tensor(v))
    np.testing.assert_allclose(t.grad.numpy(), d * v, rtol=1e-12)       # backward formula
    _, tangent = al.func.jvp(f, (al.tensor(x),), (al.tensor(v),))
    np.testing.assert_allclose(tangent.numpy(), d * v, rtol=1e-12)      # forward formula
    _, (hv,) = al.func.hvp(lambda u: f(u).sum(), (al.tensor(x),), (al.tensor(v),))
    np.testing.assert_allclose(hv.numpy(), second[name] * v, atol=1e-12)  # fwd over bwd
    # Graph mode traces the backward formula; the factories' tensors are its constants.
    # sigmoid's writes into one (empty_like(grad).copy_(grad)): a graph break, as for a
    # function writing into a tensor it made with al.empty; the split graphs still agree.
    inplace = name == "sigmoid"
    cf = al.compile(lambda u: (f(u) * al.tensor(v)).sum(), fullgraph=not inplace, fuse=False)
    for _ in range(2):
        t = al.tensor(x, requires_grad=True)
        cf(t).backward()
        np.testing.assert_allclose(t.grad.numpy(), d * v, rtol=1e-12)
    assert (cf.stats["split"] > 0) if inplace else (cf.stats["captures"] == 1), cf.stats
    if inplace:
        cf = al.compile(lambda u: f(u).sum(), fullgraph=True, fuse=False)
        try:
            cf(al.tensor(x, requires_grad=True))
        except GraphBreakError as exc:
            assert "graph break at copy_" in str(exc), exc
        else:
            raise AssertionError("no graph break")
print("ok")
"""


def test_factories_in_the_formulas_of_built_in_ops(repo):
    path = repo / "derivatives.yaml"
    text = path.read_text()
    for old, new in REWRITTEN.items():
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    path.write_text(text)
    done = run_gen(repo)
    assert done.returncode == 0, done.stdout + done.stderr
    nodes = (repo / "generated" / "autograd_nodes.py").read_text()
    rules = (repo / "generated" / "forward_rules.py").read_text()
    assert "full_like(grad, -1)" in nodes and "self_t * full_like(self_t, -1)" in rules
    run = subprocess.run([sys.executable, "-c", textwrap.dedent(CHECKS)], cwd=repo,
                         capture_output=True, text=True, timeout=600,
                         env={**os.environ, "PYTHONPATH": str(repo)})
    assert run.returncode == 0, run.stdout + run.stderr
    assert run.stdout.strip() == "ok"

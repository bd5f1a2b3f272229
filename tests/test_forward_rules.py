"""The generator's side of forward mode: which rule each derivatives.yaml entry
gets and why (Note [Forward rules] in tools/codegen/api_forward.py), the checks of `result:`
formulas, and what `aten-lite-gen show` / `list` say about forward mode.
"""

from __future__ import annotations

import re
import textwrap
from pathlib import Path

from test_yaml_errors import FORMULA_LANGUAGE, errors  # noqa: F401 (the shared loader helper)
from tools.codegen import api_forward, report
from tools.codegen.load import load

REPO = Path(__file__).resolve().parents[1]

NATIVE = """\
- func: relu(Tensor self) -> Tensor
  elementwise: 'self > 0 ? self : 0'
  dtypes: all
- func: mul.Tensor(Tensor self, Tensor other) -> Tensor
  elementwise: 'self * other'
  dtypes: all
- func: reshape(Tensor(a) self, int[] shape) -> Tensor(a)
  dispatch: {CPU: reshape_cpu}
- func: fill_like(Tensor self, Scalar value) -> Tensor
  dispatch: {CPU: reshape_cpu}
- func: floor(Tensor self) -> Tensor
  elementwise: 'self'
  dtypes: all
- func: square_mm(Tensor self) -> Tensor
  dispatch: {CPU: reshape_cpu}
"""

DERIVATIVES = """\
- name: relu(Tensor self) -> Tensor
  self: grad * result.sign()
- name: mul.Tensor(Tensor self, Tensor other) -> Tensor
  self: grad * other
  other: grad * self
- name: reshape(Tensor(a) self, int[] shape) -> Tensor(a)
  self: grad.reshape(self.shape)
- name: fill_like(Tensor self, Scalar value) -> Tensor
  self: grad.reshape(self.shape)
- name: floor(Tensor self) -> Tensor
  self: zeros_like(grad)
- name: square_mm(Tensor self) -> Tensor
  self: grad.mm(self.t()) + self.t().mm(grad)
"""


def _rules(tmp_path, native=NATIVE, derivatives=DERIVATIVES) -> dict:
    (tmp_path / "native_functions.yaml").write_text(textwrap.dedent(native))
    (tmp_path / "derivatives.yaml").write_text(textwrap.dedent(derivatives))
    # No runtime: the snippet's formulas call methods its few ops do not define.
    spec = load(tmp_path / "native_functions.yaml", tmp_path / "derivatives.yaml")
    return {r.op: r for r in api_forward.rules(spec)}


def test_each_entry_gets_the_first_rule_that_applies(tmp_path):
    rules = _rules(tmp_path)
    summary = {op: (r.origin, r.loc) for op, r in rules.items()}
    assert summary == {
        "relu": ("auto_element_wise", "derivatives.yaml:1"),
        "mul.Tensor": ("auto_element_wise", "derivatives.yaml:3"),
        "reshape": ("auto_linear", "derivatives.yaml:6"),
        "fill_like": ("none", "derivatives.yaml:8"),
        "floor": ("zero", "derivatives.yaml:10"),
        "square_mm": ("none", "derivatives.yaml:12"),
    }
    # The backward formula with grad replaced by each input's tangent, one term per input.
    assert [(t.tangent, t.expr) for t in rules["mul.Tensor"].terms] == [
        ("self", "self_t * other"), ("other", "other_t * self")]
    assert rules["fill_like"].why == ("the Scalar argument 'value' is not read by the backward "
                                      "formulas, so it may add a constant and the op is not "
                                      "known to be linear")
    assert rules["square_mm"].why == ("the backward formula for 'self' reads 'self', so it is "
                                      "neither known element-wise nor linear")


def test_a_written_result_wins_and_splits_into_terms(tmp_path):
    derivatives = DERIVATIVES.replace(
        "  self: zeros_like(grad)\n", "  self: zeros_like(grad)\n  result: auto_linear\n").replace(
        "  self: grad.mm(self.t()) + self.t().mm(grad)\n",
        "  self: grad.mm(self.t()) + self.t().mm(grad)\n  result: self_t.mm(self) + self.mm(self_t)\n")
    rules = _rules(tmp_path, derivatives=derivatives)
    r = rules["square_mm"]
    assert (r.origin, r.loc) == ("result", "derivatives.yaml:15")
    assert [(t.tangent, t.expr) for t in r.terms] == [("self", "self_t.mm(self)"),
                                                      ("self", "self.mm(self_t)")]
    # Asked for by name, a derivation is used even where another would apply.
    assert (rules["floor"].origin, rules["floor"].loc) == ("auto_linear", "derivatives.yaml:12")


def test_result_formula_names_are_checked(tmp_path):
    relu = "- func: relu(Tensor self) -> Tensor\n  elementwise: 'self > 0 ? self : 0'\n  dtypes: all\n"
    deriv = "- name: relu(Tensor self) -> Tensor\n  self: grad * result.sign()\n  result: grad * result.sign()\n"
    assert errors(tmp_path, relu, deriv) == [
        "derivatives.yaml:3: relu: 'result:' uses unknown name 'grad'; a forward formula reads "
        "the input tangents (self_t), result, the op's arguments, aten_lite ops and helpers, "
        "or is one of auto_element_wise, auto_linear"]
    deriv = deriv.replace("result: grad * result.sign()", "result: slf_t * result.sign()")
    assert errors(tmp_path, relu, deriv) == [
        "derivatives.yaml:3: relu: 'result:' uses unknown name 'slf_t'; did you mean 'self_t'?"]


def test_result_formula_calls_are_checked_against_the_schemas(tmp_path):
    native = NATIVE + "- func: sum(Tensor self, int[1]? dim=None, bool keepdim=False) -> Tensor\n" \
        "  variants: function, method\n  reduction: sum\n  dtypes: all\n"
    deriv = "- name: relu(Tensor self) -> Tensor\n  self: grad * result.sign()\n  result: self_t.sum(dims=0)\n"
    assert errors(tmp_path, native, deriv) == [
        "derivatives.yaml:3: relu: 'result:' calls self_t.sum(dims=0), which fits no overload "
        "(Tensor.sum(dim=..., keepdim=...)); pass the arguments one of them takes"]


def test_show_and_list_say_where_forward_mode_comes_from(capsys):
    spec = load(REPO / "native_functions.yaml", REPO / "derivatives.yaml", runtime_root=REPO)
    assert report.show_op(REPO, spec, "sin") == 0
    out = capsys.readouterr().out
    assert "  forward mode (auto_element_wise, derivatives.yaml:" in out
    assert "    self_t * self.cos()\n" in out
    assert re.search(r"generated/forward_rules\.py:\d+: fw_sin \(forward mode, auto_element_wise",
                     out)
    report.show_op(REPO, spec, "mm")
    out = capsys.readouterr().out
    assert "  forward mode (result, derivatives.yaml:" in out
    assert "    self_t.mm(mat2)\n    + self.mm(mat2_t)\n" in out
    report.show_op(REPO, spec, "view")
    assert "    view applied to the tangents (self_t)\n" in capsys.readouterr().out
    listing = report.list_ops(spec)
    assert "with forward mode" in listing
    rows = {line.split()[0]: line.split()[-1] for line in listing.splitlines()[2:] if line.strip()}
    assert (rows["mm"], rows["view"], rows["floor"], rows["argmax"]) == (
        "result", "auto_linear", "zero", "-")


def test_rules_the_generator_cannot_build_are_reported_at_their_line(tmp_path):
    import pytest

    from tools.codegen.spec import SpecError

    native = NATIVE + "- func: where2(Tensor condition, Tensor self) -> Tensor\n" \
        "  dispatch: {CPU: reshape_cpu}\n"
    derivatives = DERIVATIVES.replace(
        "  self: grad.reshape(self.shape)\n", "  self: grad.reshape(self.shape)\n"
        "  result: auto_element_wise\n", 1) + (
        "- name: where2(Tensor condition, Tensor self) -> Tensor\n"
        "  non_differentiable: [condition]\n  self: grad\n  result: self_t * condition_t\n")
    with pytest.raises(SpecError) as info:
        _rules(tmp_path, native, derivatives)
    assert list(info.value.messages) == [
        "derivatives.yaml:8: reshape: 'result: auto_element_wise' needs an element-wise op "
        "(elementwise: or the pointwise tag) with one backward formula per differentiable "
        "input; write the tangent formula instead",
        "derivatives.yaml:18: where2: 'result:' reads 'condition_t', but 'condition' is not "
        "differentiable (non_differentiable); use only the tangents of differentiable inputs"]

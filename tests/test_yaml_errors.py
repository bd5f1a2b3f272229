"""Broken native_functions.yaml / derivatives.yaml snippets and the exact messages they produce.

Every message reads `FILE:LINE: OP: what is wrong; what to do`; each test compares the whole
list of messages of one run, so a wrong line, a missing hint or an extra cascade error fails.
"""

from __future__ import annotations

import ast
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from conftest import copy_repo
from tools.codegen import gen, names, vocab
from tools.codegen.load import SpecError, load
from tools.codegen.suggest import did_you_mean
from tools.codegen.yaml_guard import MAX_BYTES
from tools.codegen.yaml_lines import YamlSyntaxError, read_yaml

REPO = Path(__file__).resolve().parents[1]

RELU = """\
- func: relu(Tensor self) -> Tensor
  variants: function, method
  elementwise: 'self > 0 ? self : 0'
  dtypes: all
"""

ADD = """\
- func: add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor
  variants: function, method
  elementwise: 'self + alpha * other'
  dtypes: all_and_bool
"""

KNOWN_GROUPS = "all, all_and_bool, floating, integral, integral_and_bool, signed"
FORMULA_LANGUAGE = ("names, numbers, word-like strings, arithmetic, comparisons, 'x if c else y', "
                    "calls of ops, helpers and Tensor methods, subscripts and keyword arguments")


MANIFEST_HINT = "list it in aten_lite/vocab/manifest.py (python -m tools.runtime_manifest --write)"


def errors(tmp_path: Path, native: str, derivatives: str = "", *,
           shape_rules: tuple[str, ...] = (), helpers: dict[str, str] | None = None,
           manifest: str = "") -> list[str]:
    """Load the two snippets against a runtime whose manifest (Note [The runtime manifest] in
    aten_lite/vocab/manifest.py) declares these shape rules, formula helpers (name -> parameters)
    and any other lines, and return the messages raised."""
    (tmp_path / "native_functions.yaml").write_text(textwrap.dedent(native))
    (tmp_path / "derivatives.yaml").write_text(textwrap.dedent(derivatives))
    (tmp_path / "aten_lite" / "vocab").mkdir(parents=True, exist_ok=True)
    (tmp_path / "aten_lite" / "vocab/manifest.py").write_text(
        f"SHAPE_RULES = {tuple(shape_rules)!r}\nFORMULA_HELPERS = {helpers or {}!r}\n{manifest}")
    with pytest.raises(SpecError) as info:
        load(tmp_path / "native_functions.yaml", tmp_path / "derivatives.yaml",
             runtime_root=tmp_path)
    assert str(info.value) == "\n".join(info.value.messages)
    return list(info.value.messages)


# ---- keys and value types ----


def test_unknown_dispatch_key_lists_the_known(tmp_path):
    native = """\
    - func: add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor
      dispatch:
        CPU: add_cpu
        CPUU: add_cpu
    """
    assert errors(tmp_path, native) == [
        "native_functions.yaml:4: add.Tensor: unknown dispatch key 'CPUU'; known: CPU, Meta, "
        "SparseCPU, CompositeImplicitAutograd"]


def test_unknown_key_lists_the_allowed(tmp_path):
    assert errors(tmp_path, RELU + "  dispach: {CPU: relu_cpu}\n") == [
        "native_functions.yaml:5: relu: unknown key 'dispach'; allowed: func, variants, "
        "dispatch, elementwise, reduction, cpp, dtypes, shape, type_promotion, keeps_zero, "
        "domain, int_operand, doc, tags"]


def test_wrong_value_type(tmp_path):
    assert errors(tmp_path, RELU + "  keeps_zero: yes please\n") == [
        "native_functions.yaml:5: relu: 'keeps_zero:' must be true or false; found the text "
        "'yes please'"]


def test_dispatch_kernel_must_be_a_function_name(tmp_path):
    native = "- func: f(Tensor self) -> Tensor\n  dispatch: {CPU: 3}\n"
    assert errors(tmp_path, native) == [
        "native_functions.yaml:2: f: dispatch kernel for 'CPU' must be a Python function name; "
        "found the number 3"]


def test_dispatch_kernel_must_be_registered_by_the_backend_package(tmp_path):
    # The manifest says what each backend package registers; a key it leaves out offers nothing.
    HOME = "define it in the module of its op family there and list it in that module's __all__"
    kernels = "KERNELS = {'CPU': ('relu_cpu',), 'CompositeImplicitAutograd': ('clamp',)}\n"
    native = """\
    - func: relu(Tensor self) -> Tensor
      dispatch:
        CPU: relu_cpu
        Meta: relu_meta
    - func: clamp(Tensor self) -> Tensor
      dispatch:
        CompositeImplicitAutograd: clampp
    - func: clamp2(Tensor self) -> Tensor
      dispatch:
        CPU: helper
        CompositeImplicitAutograd: clamp
    """
    assert errors(tmp_path, native, manifest=kernels) == [
        "native_functions.yaml:4: relu: dispatch Meta kernel 'relu_meta' is not defined in "
        f"aten_lite/backends/meta/; {HOME}, then {MANIFEST_HINT}",
        "native_functions.yaml:7: clamp: dispatch CompositeImplicitAutograd kernel 'clampp' is "
        "not defined in aten_lite/backends/composite/; did you mean 'clamp'?",
        "native_functions.yaml:10: clamp2: dispatch CPU kernel 'helper' is not defined in "
        f"aten_lite/backends/cpu/; {HOME}, then {MANIFEST_HINT}"]


def test_repeated_key_in_an_entry(tmp_path):
    assert errors(tmp_path, RELU + "  dtypes: floating\n") == [
        "native_functions.yaml:5: relu: key 'dtypes' repeats the one on line 4; keep one"]


def test_unknown_variant(tmp_path):
    native = RELU.replace("function, method", "function, methd")
    assert errors(tmp_path, native) == [
        "native_functions.yaml:2: relu: unknown variant 'methd'; known: function, method"]


# ---- schemas ----


def test_bad_schema_reports_the_schema_error_under_the_raw_text(tmp_path):
    native = "- func: relu(Tensor self)\n  dispatch: {CPU: relu_cpu}\n"
    assert errors(tmp_path, native) == [
        "native_functions.yaml:1: relu(Tensor self): missing ' -> ' and the return type in "
        "'relu(Tensor self)'; a schema looks like 'name.overload(Type arg, ...) -> Type'"]


def test_duplicate_schema_names_both_lines(tmp_path):
    assert errors(tmp_path, RELU + "\n" + RELU) == [
        "native_functions.yaml:6: relu: declared twice (also at native_functions.yaml:1); give "
        "each overload its own name, or delete one"]


def test_two_functional_overloads_with_one_signature(tmp_path):
    native = RELU + "- func: relu.other(Tensor self) -> Tensor\n  dispatch: {CPU: relu_cpu}\n"
    assert errors(tmp_path, native) == [
        "native_functions.yaml:5: relu.other: same signature as relu (native_functions.yaml:1): "
        "both are functional variants of 'relu(Tensor self) -> Tensor'; change the arguments of "
        "one, or delete one"]


def test_method_variant_needs_self(tmp_path):
    native = "- func: f(Tensor x) -> Tensor\n  variants: method\n  dispatch: {CPU: f_cpu}\n"
    assert errors(tmp_path, native) == [
        "native_functions.yaml:2: f: variant 'method' needs an argument named 'self'; name the "
        "receiving tensor 'self', or drop 'method'"]


def test_inplace_first_argument_must_be_written(tmp_path):
    native = RELU + "- func: relu_(Tensor self) -> Tensor(a!)\n  variants: method\n"
    assert errors(tmp_path, native) == [
        "native_functions.yaml:5: relu_: an in-place op's first argument must be 'Tensor(a!)'; "
        "found 'Tensor self'; write e.g. 'Tensor(a!) self'"]


def test_out_overload_without_out_argument(tmp_path):
    native = RELU + "- func: relu.out(Tensor self, *, Tensor out) -> Tensor\n"
    assert errors(tmp_path, native) == [
        "native_functions.yaml:5: relu.out: out= overload has no out argument; add a "
        "keyword-only 'Tensor(a!) out' after '*'"]


# ---- kernels, dtypes and siblings ----


def test_elementwise_unknown_function_did_you_mean(tmp_path):
    native = "- func: e(Tensor self) -> Tensor\n  elementwise: exq(self)\n  dtypes: floating\n"
    assert errors(tmp_path, native) == [
        "native_functions.yaml:2: e: 'elementwise:' calls unknown function 'exq'; did you mean "
        "'exp'?"]


def test_elementwise_unknown_name_did_you_mean(tmp_path):
    native = ("- func: softplus(Tensor self, Scalar beta=1) -> Tensor\n"
              "  elementwise: log1p(exp(beta * slef)) / beta\n  dtypes: floating\n")
    assert errors(tmp_path, native) == [
        "native_functions.yaml:2: softplus: 'elementwise:' uses unknown name 'slef'; did you "
        "mean 'self'?"]


def test_elementwise_unknown_name_without_a_close_match(tmp_path):
    native = "- func: e(Tensor self) -> Tensor\n  elementwise: self * zzz\n  dtypes: all\n"
    assert errors(tmp_path, native) == [
        "native_functions.yaml:2: e: 'elementwise:' uses unknown name 'zzz'; use the op's "
        "arguments (self) or true/false"]


def test_elementwise_argument_of_unusable_type(tmp_path):
    native = ("- func: e(Tensor self, int[] dim) -> Tensor\n  elementwise: self * dim\n"
              "  dtypes: all\n")
    assert errors(tmp_path, native) == [
        "native_functions.yaml:2: e: 'elementwise:' uses 'dim', of type 'int[]'; only Tensor, "
        "Scalar, int, float, bool arguments can appear in an elementwise expression"]


def test_elementwise_that_is_not_one_expression(tmp_path):
    native = ("- func: e(Tensor self) -> Tensor\n  elementwise: 'self; return 0'\n"
              "  dtypes: all\n")
    assert errors(tmp_path, native) == [
        "native_functions.yaml:2: e: 'elementwise:' is not one C++ expression: unexpected "
        "character ';' at column 5 of 'self; return 0'; write a single expression over the "
        "op's arguments"]


def test_elementwise_clashes_with_cpu_dispatch(tmp_path):
    native = RELU + "  dispatch: {CPU: relu_cpu, SparseCPU: relu_sparse}\n"
    assert errors(tmp_path, native) == [
        "native_functions.yaml:5: relu: dispatch key 'CPU' clashes with 'elementwise:', which "
        "generates the CPU and Meta kernels; remove it (only SparseCPU may be added)"]


def test_elementwise_belongs_on_the_functional_entry(tmp_path):
    native = RELU + ("- func: relu.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)\n"
                     "  elementwise: self\n")
    assert errors(tmp_path, native) == [
        "native_functions.yaml:6: relu.out: 'elementwise:' belongs on the functional op "
        "'relu(Tensor self) -> Tensor'; in-place and out= entries inherit it"]


def test_unknown_dtype_group(tmp_path):
    native = "- func: e(Tensor self) -> Tensor\n  elementwise: exp(self)\n  dtypes: floats\n"
    assert errors(tmp_path, native) == [
        f"native_functions.yaml:3: e: unknown dtype group 'floats'; known groups: {KNOWN_GROUPS}; "
        "or list dtypes, e.g. [float32, float64]"]


def test_unknown_dtype_in_a_list_points_at_its_item(tmp_path):
    native = """\
    - func: e(Tensor self) -> Tensor
      elementwise: exp(self)
      dtypes:
        - float32
        - float128
    """
    assert errors(tmp_path, native) == [
        "native_functions.yaml:5: e: unknown dtype 'float128'; known: bool, uint8, int8, int16, "
        "int32, int64, float16, float32, float64, bfloat16"]


def test_generated_kernel_needs_dtypes(tmp_path):
    native = "- func: e(Tensor self) -> Tensor\n  elementwise: exp(self)\n"
    assert errors(tmp_path, native) == [
        "native_functions.yaml:1: e: missing 'dtypes:'; say which dtypes the generated kernel "
        f"covers: a group ({KNOWN_GROUPS}) or a list, e.g. [float32, float64]"]


def test_unknown_type_promotion_and_reduction(tmp_path):
    native = """\
    - func: e(Tensor self) -> Tensor
      elementwise: exp(self)
      dtypes: floating
      type_promotion: int_to_double
    - func: total(Tensor self) -> Tensor
      reduction: summ
      dtypes: all
    """
    assert errors(tmp_path, native) == [
        "native_functions.yaml:4: e: unknown type_promotion 'int_to_double'; known: default, "
        "int_to_float, always_bool",
        "native_functions.yaml:6: total: unknown reduction 'summ'; known: sum, prod, mean, amax, "
        "amin, all, any"]


def test_unknown_shape_rule_did_you_mean(tmp_path):
    native = """\
    - func: mm(Tensor self, Tensor mat2) -> Tensor
      dispatch: {CPU: mm_cpu}
      shape: matmull
    """
    assert errors(tmp_path, native, shape_rules=("matmul", "reduction")) == [
        "native_functions.yaml:3: mm: unknown shape rule 'matmull'; did you mean 'matmul'?"]


def test_unknown_shape_rule_says_where_rules_live(tmp_path):
    # The hint names a place that exists: the rules are a package.
    native = """\
    - func: mm(Tensor self, Tensor mat2) -> Tensor
      dispatch: {CPU: mm_cpu}
      shape: zzz
    """
    assert errors(tmp_path, native, shape_rules=("matmul",)) == [
        "native_functions.yaml:3: mm: unknown shape rule 'zzz'; define 'def zzz(...)' in a "
        f"module of aten_lite/rules/shapes/ and import it in its __init__.py, then {MANIFEST_HINT}"]
    assert (Path(__file__).parent.parent / "aten_lite/rules/shapes/__init__.py").is_file()


def test_functional_op_without_kernel(tmp_path):
    assert errors(tmp_path, "- func: neg(Tensor self) -> Tensor\n  doc: Negation.\n") == [
        "native_functions.yaml:1: neg: has no kernel; add 'elementwise:' (a C++ expression), "
        "'reduction:' or 'dispatch:' naming its kernels"]


def test_inplace_op_without_functional_sibling(tmp_path):
    assert errors(tmp_path, "- func: neg_(Tensor(a!) self) -> Tensor(a!)\n") == [
        "native_functions.yaml:1: neg_: has no kernel and no functional sibling to take one "
        "from; declare '- func: neg(Tensor self) -> Tensor' with its kernel, or give this entry "
        "a 'dispatch:'"]


def test_kernel_detail_on_an_inheriting_entry(tmp_path):
    native = RELU + "- func: relu_(Tensor(a!) self) -> Tensor(a!)\n  dtypes: floating\n"
    assert errors(tmp_path, native) == [
        "native_functions.yaml:6: relu_: 'dtypes:' has no effect here: this entry takes its "
        "kernel and dtypes from relu (native_functions.yaml:1); move it there"]


# ---- file structure ----


def test_yaml_syntax_error_has_the_line(tmp_path):
    native = RELU + "- func: relu_(Tensor(a!) self) -> Tensor(a!)\n  dtypes: [float32\n"
    assert errors(tmp_path, native) == [
        "native_functions.yaml:7: invalid YAML: did not find expected ',' or ']' (while parsing "
        "a flow sequence) (column 1); fix the syntax, quoting values that contain ': ' or start "
        "with a special character"]


def test_unquoted_value_with_a_colon_says_how_to_quote_it(tmp_path):
    # The C++ conditional operator is the usual way to meet this YAML rule.
    native = "- func: relu(Tensor self) -> Tensor\n  elementwise: self > 0 ? self : 0\n"
    assert errors(tmp_path, native) == [
        "native_functions.yaml:2: invalid YAML: the value of 'elementwise:' contains ': ', "
        "which YAML reads as another key (column 32); quote the value: "
        "elementwise: 'self > 0 ? self : 0'"]
    native = RELU + "- func: relu_(Tensor(a!) self) -> Tensor(a!)\n  doc: Note: it's in place\n"
    assert errors(tmp_path, native) == [
        "native_functions.yaml:6: invalid YAML: the value of 'doc:' contains ': ', which YAML "
        "reads as another key (column 12); quote the value: doc: 'Note: it''s in place'"]


def test_entry_that_is_not_a_mapping(tmp_path):
    assert errors(tmp_path, RELU + "- relu_(Tensor(a!) self) -> Tensor(a!)\n") == [
        "native_functions.yaml:5: entry 2: expected a mapping, found the text "
        "'relu_(Tensor(a!) self) -> Tensor(a!)'; write '- func: <schema>' with the entry's keys "
        "under it"]


def test_file_that_is_not_a_list(tmp_path):
    assert errors(tmp_path, "func: relu(Tensor self) -> Tensor\n") == [
        "native_functions.yaml:1: expected a list of entries, found a mapping; start each entry "
        "with '- '"]


def test_entry_without_func(tmp_path):
    assert errors(tmp_path, "- variants: method\n  dispatch: {CPU: f}\n") == [
        "native_functions.yaml:1: entry 1: missing 'func:'; start each entry with "
        "'- func: <schema>'"]


# ---- derivatives.yaml ----


def test_derivative_for_unknown_op_did_you_mean(tmp_path):
    assert errors(tmp_path, RELU, "- name: rleu(Tensor self) -> Tensor\n  self: grad\n") == [
        "derivatives.yaml:1: rleu: derivative for an op that native_functions.yaml does not "
        "declare; did you mean 'relu'?"]


def test_derivative_schema_differs_from_the_declaration(tmp_path):
    deriv = "- name: relu(Tensor self, int x) -> Tensor\n  self: grad\n"
    assert errors(tmp_path, RELU, deriv) == [
        "derivatives.yaml:1: relu: schema differs from the declaration at "
        "native_functions.yaml:1 'relu(Tensor self) -> Tensor'; copy the schema from there"]


def test_derivative_declared_twice(tmp_path):
    deriv = "- name: relu(Tensor self) -> Tensor\n  self: grad\n" * 2
    assert errors(tmp_path, RELU, deriv) == [
        "derivatives.yaml:3: relu: derivative declared twice (also at derivatives.yaml:1); "
        "keep one"]


def test_formula_unknown_name_did_you_mean(tmp_path):
    deriv = "- name: relu(Tensor self) -> Tensor\n  self: grda * (result > 0)\n"
    assert errors(tmp_path, RELU, deriv) == [
        "derivatives.yaml:2: relu: formula for 'self' uses unknown name 'grda'; did you mean "
        "'grad'?"]


def test_formula_method_must_be_a_tensor_attribute(tmp_path):
    attrs = "TENSOR_ATTRIBUTES = ('_shape', 'shape', 'grad')\n"
    native = RELU + ADD.replace("variants: function, method", "variants: function")
    # Every attribute a formula reads is checked, on a name or on a call's result alike
    # (Note [Formulas are data, not code]); a lambda is refused outright.
    deriv = ("- name: relu(Tensor self) -> Tensor\n  self: grad * result.sgn()\n"
             "- name: add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor\n"
             "  self: grad.rleu().whatever(self.shape, grad.grad, alpha.real)\n"
             "  other: '(lambda other: other.anything)(grad).add(grad._shape)'\n")
    assert errors(tmp_path, native, deriv, manifest=attrs) == [
        "derivatives.yaml:2: relu: formula for 'self' reads 'result.sgn', and Tensor has no "
        "attribute 'sgn'; use a Tensor method, or an aten_lite op as a function",
        "derivatives.yaml:4: add.Tensor: formula for 'self' reads 'grad.rleu', and Tensor "
        "has no attribute 'rleu'; did you mean 'relu'?",
        "derivatives.yaml:4: add.Tensor: formula for 'self' reads 'grad.rleu().whatever', and "
        "Tensor has no attribute 'whatever'; use a Tensor method, or an aten_lite op as a "
        "function",
        "derivatives.yaml:4: add.Tensor: formula for 'self' reads 'alpha.real', and Tensor "
        "has no attribute 'real'; use a Tensor method, or an aten_lite op as a function",
        "derivatives.yaml:5: add.Tensor: formula for 'other' is outside the formula language: "
        "a lambda is not allowed at column 2 of '(lambda other: other.anything)(grad).add("
        "grad._shape)'; a formula may use " + FORMULA_LANGUAGE]


def test_formula_helpers_come_from_the_runtime(tmp_path):
    deriv = ("- name: relu(Tensor self) -> Tensor\n"
             "  self: threshold_backward(grad, result, 0)\n"
             "- name: add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor\n"
             "  self: grad\n"
             "  other: handle_r_to_c(other, grad * alpha)\n")
    helpers = {"threshold_backward": "(grad, result, threshold)"}
    assert errors(tmp_path, RELU + ADD, deriv, helpers=helpers) == [
        "derivatives.yaml:5: add.Tensor: formula for 'other' uses unknown name 'handle_r_to_c'; "
        "use grad, grads, result, the op's arguments (self, other, alpha), aten_lite ops, or a "
        "helper defined in aten_lite/autograd/formulas.py and listed in aten_lite/vocab/manifest.py"]


def test_formula_that_is_not_python_gives_the_column(tmp_path):
    deriv = "- name: relu(Tensor self) -> Tensor\n  self: grad * * result\n"
    assert errors(tmp_path, RELU, deriv) == [
        "derivatives.yaml:2: relu: formula for 'self' is not valid Python: invalid syntax at "
        "column 8 of 'grad * * result'; write one Python expression"]


def test_formula_for_an_argument_the_op_lacks(tmp_path):
    deriv = "- name: relu(Tensor self) -> Tensor\n  selff: grad\n"
    assert errors(tmp_path, RELU, deriv) == [
        "derivatives.yaml:2: relu: formula for 'selff', which is not an argument of relu; did "
        "you mean 'self'?"]


def test_formula_for_a_non_tensor_argument(tmp_path):
    deriv = ("- name: add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor\n"
             "  self, alpha: grad\n")
    assert errors(tmp_path, ADD, deriv) == [
        "derivatives.yaml:2: add.Tensor: formula for 'alpha', which is 'Scalar', not a Tensor; "
        "only Tensor arguments have gradients; remove the formula"]


def test_output_differentiability_needs_one_flag_per_return(tmp_path):
    deriv = ("- name: relu(Tensor self) -> Tensor\n  output_differentiability: [True, False]\n"
             "  self: grad\n")
    assert errors(tmp_path, RELU, deriv) == [
        "derivatives.yaml:2: relu: 'output_differentiability:' has 2 flags but the op returns "
        "1 value; give one True/False per return"]


def test_non_differentiable_names_an_argument(tmp_path):
    deriv = "- name: relu(Tensor self) -> Tensor\n  non_differentiable: [slf]\n"
    assert errors(tmp_path, RELU, deriv) == [
        "derivatives.yaml:2: relu: non_differentiable names 'slf', which is not an argument; "
        "did you mean 'self'?"]


def test_input_both_differentiated_and_non_differentiable(tmp_path):
    deriv = ("- name: add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor\n"
             "  non_differentiable: other\n  self: grad\n  other: grad * alpha\n")
    assert errors(tmp_path, ADD, deriv) == [
        "derivatives.yaml:4: add.Tensor: 'other' has a formula but is listed in "
        "non_differentiable; remove one of the two"]


# ---- all at once ----


def test_every_error_of_a_run_is_reported_together_in_file_and_line_order(tmp_path):
    native = """\
    - func: relu(Tensor self) -> Tensor
      elementwise: 'self > 0 ? self : 0'
      dtypes: floats

    - func: neg(Tensor self) -> Tensor
      dispatch: {CPUU: neg_cpu}

    - func: neg_(Tensor self) -> Tensor(a!)

    - func: exp(Tensor self) -> Tensor
      elementwise: exq(self)
      dtypes: floating
      colour: blue
    """
    deriv = """\
    - name: relu(Tensor self) -> Tensor
      self: grad * * result

    - name: tanh(Tensor self) -> Tensor
      self: grad * (1 - result * result)
    """
    assert errors(tmp_path, native, deriv) == [
        f"native_functions.yaml:3: relu: unknown dtype group 'floats'; known groups: "
        f"{KNOWN_GROUPS}; or list dtypes, e.g. [float32, float64]",
        "native_functions.yaml:6: neg: unknown dispatch key 'CPUU'; known: CPU, Meta, "
        "SparseCPU, CompositeImplicitAutograd",
        "native_functions.yaml:8: neg_: an in-place op's first argument must be 'Tensor(a!)'; "
        "found 'Tensor self'; write e.g. 'Tensor(a!) self'",
        "native_functions.yaml:11: exp: 'elementwise:' calls unknown function 'exq'; did you "
        "mean 'exp'?",
        "native_functions.yaml:13: exp: unknown key 'colour'; allowed: func, variants, dispatch, "
        "elementwise, reduction, cpp, dtypes, shape, type_promotion, keeps_zero, domain, "
        "int_operand, doc, tags",
        "derivatives.yaml:2: relu: formula for 'self' is not valid Python: invalid syntax at "
        "column 8 of 'grad * * result'; write one Python expression",
        "derivatives.yaml:4: tanh: derivative for an op that native_functions.yaml does not "
        "declare; declare the op in native_functions.yaml",
    ]


# ---- the formula language (Note [Formulas are data, not code]) ----

EXPLOIT = ("(lambda g, s=[c for c in ().__class__.__base__.__subclasses__() "
           "if c.__name__ == 'Popen']: g)(grad)")


@pytest.mark.parametrize("formula, problem", [
    (EXPLOIT, "a lambda is not allowed at column 2"),
    ("grad * sum([g for g in grads])", "a list comprehension is not allowed at column 12"),
    ("grad * sum(g for g in grads)", "a generator expression is not allowed at column 11"),
    ("grad * ().__class__", "the attribute '__class__' is not allowed at column 8"),
    ("grad * ().count(1)", "an attribute of a literal ('.count') is not allowed at column 8"),
    ("grad * (1).real", "an attribute of a literal ('.real') is not allowed at column 8"),
    ("grad.__class__", "the attribute '__class__' is not allowed at column 1"),
    ("__import__('os')", "the name '__import__' is not allowed at column 1"),
    ("grad * 'two words'", "the literal 'two words' is not allowed (only numbers and word-like "
     "strings) at column 8"),
    ("mul(*grads)", "'*' unpacking is not allowed at column 5"),
    ("mul(grad, **self)", "'**' unpacking is not allowed at column 11"),
    ("grad * (y := self)", "':=' is not allowed at column 9"),
    ("grad * {1: self}[1]", "a dict display is not allowed at column 8"),
    ("grads[0](self)", "calling the result of an expression is not allowed (call an op or a "
     "method) at column 1"),
])
def test_formula_outside_the_language_is_refused_at_its_line(tmp_path, formula, problem):
    deriv = f"- name: relu(Tensor self) -> Tensor\n  self: \"{formula}\"\n"
    assert errors(tmp_path, RELU, deriv) == [
        f"derivatives.yaml:2: relu: formula for 'self' is outside the formula language: "
        f"{problem} of '{formula}'; a formula may use {FORMULA_LANGUAGE}"]


def test_result_formula_is_held_to_the_same_language(tmp_path):
    deriv = f"- name: relu(Tensor self) -> Tensor\n  self: grad\n  result: \"{EXPLOIT}\"\n"
    assert errors(tmp_path, RELU, deriv) == [
        f"derivatives.yaml:3: relu: 'result:' is outside the formula language: a lambda is "
        f"not allowed at column 2 of '{EXPLOIT}'; a formula may use {FORMULA_LANGUAGE}"]


def test_every_repository_formula_is_inside_the_language():
    # The language is a subset: it must still hold every formula the project has.
    spec = load(REPO / "native_functions.yaml", REPO / "derivatives.yaml", runtime_root=REPO)
    assert sum(len(d.formulas) for d in spec.derivatives) > 90


# ---- "did you mean" only when plausible ----


def test_suggestions_need_a_typo_s_distance_and_prefer_the_op_s_arguments(tmp_path):
    native = "- func: g(Tensor input, Tensor index) -> Tensor\n  dispatch: {CPU: g}\n"
    deriv = ("- name: g(Tensor input, Tensor index) -> Tensor\n"
             "  input: grad * other\n"        # `gather` is not a plausible `other`
             "  index: grad * inptu + indx\n")  # an argument beats an op one edit away
    ops = "- func: gather(Tensor self) -> Tensor\n  dispatch: {CPU: g}\n"
    ops += "- func: inpt(Tensor self) -> Tensor\n  dispatch: {CPU: g}\n"
    messages = errors(tmp_path, native + ops, deriv)
    assert messages == [
        "derivatives.yaml:2: g: formula for 'input' uses unknown name 'other'; use grad, grads, "
        "result, the op's arguments (input, index), aten_lite ops, or a helper defined in "
        "aten_lite/autograd/formulas.py and listed in aten_lite/vocab/manifest.py",
        "derivatives.yaml:3: g: formula for 'index' uses unknown name 'inptu'; did you mean "
        "'input'?",
        "derivatives.yaml:3: g: formula for 'index' uses unknown name 'indx'; did you mean "
        "'index'?"]


@pytest.mark.parametrize("name, candidates, expected", [
    ("other", ["gather", "sum"], None),
    ("input", ["int", "float"], None),
    ("grda", ["grad", "gather"], "grad"),
    ("sigmod", ["sigmoid", "sin"], "sigmoid"),
    ("explog", ["exp", "log", "expm1"], "exp"),
    ("real", ["relu", "reshape"], None),
])
def test_did_you_mean_threshold(name, candidates, expected):
    assert did_you_mean(name, candidates) == expected


# ---- hostile input (Note [Hostile YAML]): one message with a line, exit 1, no traceback ----

BOMB = "".join(f"{a}: &{a} [{', '.join([f'*{b}'] * 9)}]\n"
               for b, a in zip("abcdefgh", "bcdefghi"))
BOMB = "a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n" + BOMB


def gen_in(tmp_path: Path, native: bytes, derivatives: bytes = b"") -> subprocess.CompletedProcess:
    """`python -m tools.codegen --check` on a folder holding only the two files."""
    (tmp_path / "native_functions.yaml").write_bytes(native)
    (tmp_path / "derivatives.yaml").write_bytes(derivatives)
    return subprocess.run([sys.executable, "-m", "tools.codegen", "--check", "--root",
                           str(tmp_path)], cwd=REPO, capture_output=True, text=True,
                          timeout=120)


@pytest.mark.parametrize("native, message", [
    (BOMB.encode(), "native_functions.yaml:2: an alias ('*name') repeats the value anchored "
     "on line 1; aliases are not supported; write the value out where it is needed"),
    (b"- func: " + b"[" * 50_000 + b"]" * 50_000 + b"\n", "native_functions.yaml:1: nesting "
     "deeper than 100 levels; a spec entry nests a few levels; flatten it"),
    (b"- " * 5_000 + b"x\n", "native_functions.yaml:1: nesting deeper than 100 levels; a "
     "spec entry nests a few levels; flatten it"),
    (RELU.encode() + b"\xff\xfe garbage\n", "native_functions.yaml:5: byte 0xff is not UTF-8 "
     "text; save the file as UTF-8"),
    (RELU.encode() + b"  doc: a\0b\n", "native_functions.yaml:5: the file holds a NUL byte, so "
     "it is not text; remove it, or check that this is the right file"),
    (RELU.encode() + b"  doc: a\x01b\n", "native_functions.yaml:5: the control character "
     "U+0001 is not allowed in YAML; remove it, or write it as an escape in a quoted string"),
])
def test_hostile_yaml_is_refused_with_a_line_and_exit_1(tmp_path, native, message):
    done = gen_in(tmp_path, native, b"- name: relu(Tensor self) -> Tensor\n  self: grad\n")
    assert (done.returncode, done.stdout, done.stderr) == (1, "", message + "\n")


def test_file_larger_than_any_spec_is_refused_unread(tmp_path):
    with open(tmp_path / "big.yaml", "wb") as f:
        f.truncate(MAX_BYTES + 1)
    with pytest.raises(YamlSyntaxError) as info:
        read_yaml(tmp_path / "big.yaml")
    assert (info.value.line, info.value.problem, info.value.advice) == (
        1, f"the file has {MAX_BYTES + 1:,} bytes, more than the {MAX_BYTES:,} a spec file "
        "may have", "check that this is the right file")


# ---- a YAML syntax error is reported alone, with an indentation hint when that is why ----


def test_yaml_error_in_native_functions_is_not_followed_by_derivative_errors(tmp_path):
    native = RELU + "- func: neg(Tensor self) -> Tensor\n  variants: function\n   dtypes: all\n"
    deriv = ("- name: relu(Tensor self) -> Tensor\n  self: grad\n"
             "- name: neg(Tensor self) -> Tensor\n  self: -grad\n")
    assert errors(tmp_path, native, deriv) == [
        "native_functions.yaml:7: invalid YAML: mapping values are not allowed in this context "
        "(column 10); line 7 is indented 3 spaces and line 6 above it 2 spaces; the keys of "
        "one mapping line up (an entry's under its first key), and each entry starts with "
        "'- ' at the start of a line"]


@pytest.mark.parametrize("slip, hint", [
    ("- func: neg(Tensor self) -> Tensor\n  variants: function\n dtypes: all\n",
     "(column 2); line 7 is indented 1 space and line 6 above it 2 spaces"),
    ("- func: neg(Tensor self) -> Tensor\n\tvariants: function\n",
     "(column 1); line 6 is indented with a tab; YAML indents with spaces only"),
    ("  - func: neg(Tensor self) -> Tensor\n  dtypes: all\n",
     "(column 3); line 5 starts a new entry with '- ' but is indented like the keys above it"),
    ("- func: neg(Tensor self) -> Tensor\nvariants: function\n",
     "(column 1); line 6 is indented 0 spaces and the key on line 5 above it 2 spaces"),
    ("- func: neg(Tensor self) -> Tensor\n - func: exp(Tensor self) -> Tensor\n",
     "(column 2); line 6 starts an entry indented 1 space and the entry on line 5 0 spaces"),
])
def test_indentation_slips_get_an_indentation_hint(tmp_path, slip, hint):
    (message,) = errors(tmp_path, RELU + slip)
    assert hint in message, message


# ---- names an op may not take (Note [Names an op may not take]) ----


def errors_with_the_runtime(tmp_path: Path, native: str) -> list[str]:
    """Like ``errors``, checked against this checkout's own runtime (aten_lite/)."""
    (tmp_path / "native_functions.yaml").write_text(textwrap.dedent(native))
    (tmp_path / "derivatives.yaml").write_text("")
    with pytest.raises(SpecError) as info:
        load(tmp_path / "native_functions.yaml", tmp_path / "derivatives.yaml",
             runtime_root=REPO)
    return list(info.value.messages)


def elementwise_op(name: str, variants: str = "function") -> str:
    return (f"- func: {name}(Tensor self) -> Tensor\n  variants: {variants}\n"
            "  elementwise: self\n  dtypes: all\n")


def test_op_names_that_would_replace_a_runtime_or_generated_name(tmp_path):
    names = ["Tensor", "Size", "device", "float32", "manual_seed", "_dispatch", "_b", "_T",
             "_NUM", "_MISSING", "Node", "unpack", "sum_to", "__import__"]
    native = "".join(elementwise_op(n) for n in names) + elementwise_op("shape", "method")
    line = {n: 1 + 4 * i for i, n in enumerate(names + ["shape"])}
    ops_py, nodes_py = "generated/ops.py", "generated/autograd_nodes.py"

    def replaces(name):
        return (f"native_functions.yaml:{line[name]}: {name}: the op name '{name}' would "
                f"replace al.{name}, which aten_lite defines by hand; rename the op")

    def uses(name, module):
        return (f"native_functions.yaml:{line[name]}: {name}: the op name '{name}' is a name "
                f"{module} uses for itself; rename the op")

    assert errors_with_the_runtime(tmp_path, native) == [
        *(replaces(n) for n in ["Tensor", "Size", "device", "float32", "manual_seed",
                                "_dispatch"]),
        *(uses(n, ops_py) for n in ["_b", "_T", "_NUM", "_MISSING"]),
        *(uses(n, nodes_py) for n in ["Node", "unpack"]),
        f"native_functions.yaml:{line['sum_to']}: sum_to: the op name 'sum_to' would hide the "
        "formula helper sum_to of aten_lite/autograd/formulas.py; rename the op or the helper",
        f"native_functions.yaml:{line['__import__']}: __import__: the op name '__import__' is "
        "a Python special name; Tensor's operators (__add__...) are generated from the plain "
        "ops they call, so give the op a plain name",
        f"native_functions.yaml:{line['shape']}: shape: the op name 'shape', as a method, would "
        "replace Tensor.shape, which the runtime defines by hand; rename the op, or drop "
        "'method'"]


def test_names_the_generator_derives_from_op_names_are_checked_on_its_output(tmp_path):
    repo = copy_repo(tmp_path)
    nf = repo / "native_functions.yaml"
    line = nf.read_text().count("\n") + 2
    nf.write_text(nf.read_text() + "\n" + elementwise_op("_m_neg") + "\n"
                  + elementwise_op("METHODS"))
    with pytest.raises(SpecError) as info:
        gen.render(repo)
    assert list(info.value.messages) == [
        f"native_functions.yaml:{line}: _m_neg: the op name '_m_neg' is also a name "
        "generated/ops.py defines for its own use; rename the op",
        f"native_functions.yaml:{line + 5}: METHODS: the op name 'METHODS' is also a name "
        "generated/ops.py defines for its own use; rename the op"]


def test_non_ascii_names_are_refused_alike(tmp_path):
    native = ("- func: relü(Tensor self) -> Tensor\n  dispatch: {CPU: f}\n"
              "- func: äbs(Tensor self) -> Tensor\n  dispatch: {CPU: f}\n"
              "- func: f(Tensor sëlf) -> Tensor\n  dispatch: {CPU: f}\n")
    assert errors(tmp_path, native) == [
        "native_functions.yaml:1: relü(Tensor self) -> Tensor: bad operator name 'relü': 'ü' "
        "is not ASCII; a name is ASCII letters, digits and '_'",
        "native_functions.yaml:3: äbs(Tensor self) -> Tensor: bad operator name 'äbs': 'ä' is "
        "not ASCII; a name is ASCII letters, digits and '_'",
        "native_functions.yaml:5: f(Tensor sëlf) -> Tensor: bad argument name 'sëlf': 'ë' is "
        "not ASCII; a name is ASCII letters, digits and '_'"]


# ---- what the C++ kernel ABI can take ----


def test_generated_kernel_over_the_abi_argument_limit_is_refused_at_its_line(tmp_path):
    repo = copy_repo(tmp_path)
    nf = repo / "native_functions.yaml"
    line = nf.read_text().count("\n") + 2
    args = ", ".join(f"Tensor t{i}" for i in range(17))
    nf.write_text(nf.read_text() + f"\n- func: wide({args}) -> Tensor\n"
                  f"  elementwise: '{' + '.join(f't{i}' for i in range(17))}'\n  dtypes: all\n")
    with pytest.raises(SpecError) as info:
        gen.render(repo)
    assert list(info.value.messages) == [
        f"native_functions.yaml:{line}: wide: takes 17 tensor and 0 scalar arguments, more than "
        "the 16 a generated C++ kernel can take (kMaxKernelArgs in aten_lite/csrc/"
        "kernel_api.h); pass the tensors as one 'Tensor[]' with a Python kernel under "
        "'dispatch:', or split the op"]


def test_the_argument_limit_is_the_one_the_cpp_core_declares():
    header = (REPO / "aten_lite" / "csrc" / "kernel_api.h").read_text()
    (declared,) = re.findall(r"constexpr int kMaxKernelArgs = (\d+);", header)
    assert int(declared) == vocab.MAX_KERNEL_ARGS


# ---- schema slips with the fix spelled out ----


def test_inplace_and_out_returns_without_their_alias_get_the_whole_fixed_schema(tmp_path):
    native = RELU + ("- func: relu_(Tensor(a!) self) -> Tensor\n"
                     "- func: relu.out(Tensor self, *, Tensor(a!) out) -> Tensor\n")
    assert errors(tmp_path, native) == [
        "native_functions.yaml:5: relu_: an in-place op returns its first argument, with the "
        "same alias; found '-> Tensor'; write 'relu_(Tensor(a!) self) -> Tensor(a!)'",
        "native_functions.yaml:6: relu.out: an out= op returns its out arguments, with the "
        "same alias; found '-> Tensor'; write 'relu.out(Tensor self, *, Tensor(a!) out) -> "
        "Tensor(a!)'"]


def test_a_type_written_in_the_wrong_case_is_named(tmp_path):
    native = "- func: mish(tensor self) -> Tensor\n  dispatch: {CPU: f}\n"
    assert errors(tmp_path, native) == [
        "native_functions.yaml:1: mish(tensor self) -> Tensor: unknown type 'tensor' in "
        "argument 'tensor self'; types are case-sensitive: write 'Tensor'"]


# ---- formula calls are checked against the schemas they call ----


def test_formula_calls_that_fit_no_overload_are_reported_at_the_formula_line(tmp_path):
    native = RELU + ADD + (
        "- func: sum.dim_IntList(Tensor self, int[1]? dim, bool keepdim=False, *, "
        "ScalarType? dtype=None) -> Tensor\n  variants: function, method\n  reduction: sum\n"
        "  dtypes: all\n"
        "- func: view(Tensor(a) self, SymInt[] size) -> Tensor(a)\n  variants: method\n"
        "  dispatch: {CPU: view}\n")
    deriv = ("- name: relu(Tensor self) -> Tensor\n"
             "  self: grad * relu(self, 2)\n"
             "- name: add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor\n"
             "  self: grad.sum(dims=0) + grad.view(2, 3) + add(grad, other, alpha=alpha)\n"
             "  other: add(grad, other, 2) + grad.sum(0, True, dtype=None)\n")
    assert errors(tmp_path, native, deriv) == [
        "derivatives.yaml:2: relu: formula for 'self' calls relu(self, 2), which fits no "
        "overload (relu(self)); pass the arguments one of them takes",
        "derivatives.yaml:4: add.Tensor: formula for 'self' calls grad.sum(dims=0), which fits "
        "no overload (Tensor.sum(dim, keepdim=..., *, dtype=...)); pass the arguments one of "
        "them takes",
        "derivatives.yaml:5: add.Tensor: formula for 'other' calls add(grad, other, 2), which "
        "fits no overload (add(self, other, *, alpha=...)); pass the arguments one of them "
        "takes"]


def test_unknown_domain_lists_the_known(tmp_path):
    assert errors(tmp_path, RELU + "  domain: postive\n") == [
        "native_functions.yaml:5: relu: unknown domain 'postive'; did you mean 'positive'?"]
    assert errors(tmp_path, RELU + "  domain: everywhere\n") == [
        "native_functions.yaml:5: relu: unknown domain 'everywhere'; known: any, positive, "
        "nonzero, unit"]


@pytest.mark.parametrize("formula, problem", [
    ("-" * 100_000 + "grad", "the expression nests deeper than Python can read (a formula "
     "needs a few levels; the limit here is 100) at column 1"),
    ("grad" + " + grad" * 150, "the expression nests 152 levels deep, more than 100 at "
     "column 1"),
])
def test_formula_nesting_is_bounded_before_anything_recurses_over_it(tmp_path, formula, problem):
    deriv = f"- name: relu(Tensor self) -> Tensor\n  self: {formula}\n"
    shown = formula[:80] + "..." + formula[-17:]
    assert errors(tmp_path, RELU, deriv) == [
        f"derivatives.yaml:2: relu: formula for 'self' is not valid Python: {problem} of "
        f"'{shown}'; write one Python expression"]


def test_formula_calls_of_helpers_are_bound_against_their_definitions(tmp_path):
    helpers = {"threshold_backward": "(grad, result, threshold, *, inclusive=False)"}
    deriv = ("- name: relu(Tensor self) -> Tensor\n"
             "  self: threshold_backward(grad, result) + threshold_backward(grad, result, 0, "
             "inclusive=True)\n")
    assert errors(tmp_path, RELU, deriv, helpers=helpers) == [
        "derivatives.yaml:2: relu: formula for 'self' calls threshold_backward(grad, result), "
        "which fits no overload (threshold_backward(grad, result, threshold, *, "
        "inclusive=...)); pass the arguments one of them takes"]


@pytest.mark.parametrize("module", gen.RENDERED_PYTHON)
def test_the_line_scan_of_generated_modules_finds_what_ast_finds(module):
    # names.rendered_names stands in for parsing the module; it must agree with the parser.
    text = (REPO / module).read_text()
    assert names.rendered_names(text) == names.top_level_names(ast.parse(text))


# ---- int_operand: (Note [Integer operand checks] in tools/codegen/vocab.py) ----


def test_integer_operand_check_must_be_declared(tmp_path):
    native = """\
    - func: remainder.Tensor(Tensor self, Tensor other) -> Tensor
      elementwise: 'remainder(self, other)'
      dtypes: all
    """
    assert errors(tmp_path, native) == [
        "native_functions.yaml:2: remainder.Tensor: 'elementwise:' calls 'remainder', which has "
        "no integer result for some operands; declare 'int_operand: nonzero' so the runtime "
        "checks them"]


def test_integer_operand_check_must_be_the_one_needed_and_known(tmp_path):
    native = """\
    - func: pow.Tensor_Tensor(Tensor self, Tensor exponent) -> Tensor
      elementwise: 'pow(self, exponent)'
      int_operand: nonzero
      dtypes: all
    - func: neg(Tensor self) -> Tensor
      elementwise: -self
      int_operand: positive
      dtypes: all
    - func: mm(Tensor self, Tensor mat2) -> Tensor
      dispatch: {CPU: mm_cpu}
      int_operand: nonzero
    """
    assert errors(tmp_path, native) == [
        "native_functions.yaml:3: pow.Tensor_Tensor: 'elementwise:' calls 'pow', which has no "
        "integer result for some operands; declare 'int_operand: nonnegative' so the runtime "
        "checks them",
        "native_functions.yaml:7: neg: unknown int_operand 'positive'; known: nonzero, "
        "nonnegative",
        "native_functions.yaml:11: mm: 'int_operand:' applies to 'elementwise:' ops (the "
        "generated kernel runs the check); remove it"]

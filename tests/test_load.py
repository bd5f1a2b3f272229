"""Loading the YAML files: the real ones, sibling inheritance, dtype groups, line numbers."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
import yaml

from tools.codegen import vocab
from tools.codegen.formula import ExpressionError, cpp_identifiers, python_free_names
from tools.codegen.load import SpecError, load, load_native_entries
from tools.codegen.spec import Location
from tools.codegen.yaml_lines import YamlSyntaxError, parse_yaml, read_yaml

ROOT = Path(__file__).resolve().parents[1]
PYTORCH = ROOT.parent / "shared" / "data" / "pytorch-2.13"


def load_text(tmp_path: Path, native: str, derivatives: str = "", runtime_root=None):
    (tmp_path / "native_functions.yaml").write_text(textwrap.dedent(native))
    (tmp_path / "derivatives.yaml").write_text(textwrap.dedent(derivatives))
    return load(tmp_path / "native_functions.yaml", tmp_path / "derivatives.yaml",
                runtime_root=runtime_root)


def by_name(spec):
    return {str(nf.func.name): nf for nf in spec.native}


# ---- the repository's own files ----


def test_repository_yaml_loads_cleanly():
    spec = load(ROOT / "native_functions.yaml", ROOT / "derivatives.yaml", runtime_root=ROOT)
    text = (ROOT / "native_functions.yaml").read_text().splitlines()
    # Independent oracle for names and lines: the `- func:` lines of the file itself.
    declared = [(i + 1, line[len("- func: "):]) for i, line in enumerate(text)
                if line.startswith("- func: ")]
    assert [(nf.loc.line, str(nf.func)) for nf in spec.native] == declared
    assert all(nf.loc.file == "native_functions.yaml" for nf in spec.native)
    names = {str(nf.func) for nf in spec.native}
    assert spec.derivatives and all(str(d.func) in names for d in spec.derivatives)


def test_every_repository_entry_has_a_kernel_after_inheritance():
    spec = load(ROOT / "native_functions.yaml", ROOT / "derivatives.yaml", runtime_root=ROOT)
    for nf in spec.native:
        assert nf.elementwise or nf.reduction or nf.dispatch, str(nf.func.name)
        assert set(nf.dtypes) <= set(vocab.DTYPES) and nf.dtypes


# ---- inheritance, defaults, expansion ----

NEG = """\
- func: neg(Tensor self) -> Tensor
  variants: function, method
  elementwise: '-self'
  dtypes: signed
  type_promotion: default
  keeps_zero: true
  doc: Negation.

- func: neg_(Tensor(a!) self) -> Tensor(a!)
  variants: method

- func: neg.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)
"""


def test_inplace_and_out_siblings_inherit_the_functional_kernel(tmp_path):
    ops = by_name(load_text(tmp_path, NEG))
    neg, neg_, neg_out = ops["neg"], ops["neg_"], ops["neg.out"]
    assert neg.inherits_from is None
    for sibling in (neg_, neg_out):
        assert sibling.inherits_from == "neg"
        assert sibling.elementwise == neg.elementwise
        assert sibling.elementwise.loc == Location("native_functions.yaml", 3)
        assert sibling.dtypes == ("int8", "int16", "int32", "int64", "float16", "float32",
                                  "float64", "bfloat16")
        assert sibling.keeps_zero is True
        assert sibling.doc == ""  # docs are per entry, not inherited
    assert neg_.variants == frozenset({"method"})
    assert neg_out.variants == frozenset({"function"})  # the default


def test_a_bare_inplace_entry_takes_its_sibling_s_variants(tmp_path):
    native = """\
    - func: mish(Tensor self) -> Tensor
      variants: function, method
      elementwise: self
      dtypes: floating
    - func: mish_(Tensor(a!) self) -> Tensor(a!)
    - func: mish.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)
    - func: cosh(Tensor self) -> Tensor
      variants: method
      elementwise: cosh(self)
      dtypes: floating
    - func: cosh_(Tensor(a!) self) -> Tensor(a!)
      variants: function
    """
    ops = by_name(load_text(tmp_path, native))
    assert ops["mish_"].variants == frozenset({"function", "method"})
    assert ops["mish.out"].variants == frozenset({"function"})  # al.mish(x, out=y) only
    assert ops["cosh_"].variants == frozenset({"function"})  # written: kept


def test_dispatch_kernels_are_inherited_and_an_own_dispatch_stands_alone(tmp_path):
    native = """\
    - func: clamp(Tensor self, Scalar lo) -> Tensor
      dispatch:
        CPU, Meta: clamp_any
        CompositeImplicitAutograd: clamp_composite
      dtypes: [float64, float32]
      shape: same_as_self
    - func: clamp_(Tensor(a!) self, Scalar lo) -> Tensor(a!)
    - func: clamp.out(Tensor self, Scalar lo, *, Tensor(a!) out) -> Tensor(a!)
      dispatch: {CPU: clamp_out_cpu}
    """
    ops = by_name(load_text(tmp_path, native))
    assert ops["clamp"].dispatch == {"CPU": "clamp_any", "Meta": "clamp_any",
                                     "CompositeImplicitAutograd": "clamp_composite"}
    assert ops["clamp"].dtypes == ("float32", "float64")  # canonical order, not as written
    assert ops["clamp_"].dispatch == ops["clamp"].dispatch
    assert ops["clamp_"].shape == "same_as_self"
    assert ops["clamp_"].inherits_from == "clamp"
    assert ops["clamp.out"].dispatch == {"CPU": "clamp_out_cpu"}
    assert ops["clamp.out"].inherits_from is None


@pytest.mark.parametrize("group", sorted(vocab.DTYPE_GROUPS))
def test_dtype_groups_expand_to_their_members(tmp_path, group):
    native = f"- func: e(Tensor self) -> Tensor\n  elementwise: self\n  dtypes: {group}\n"
    (nf,) = load_text(tmp_path, native).native
    assert nf.dtypes == vocab.DTYPE_GROUPS[group]


def test_dtype_group_members():
    groups = vocab.DTYPE_GROUPS
    assert groups["floating"] == ("float16", "float32", "float64", "bfloat16")
    assert groups["all"] == tuple(d for d in vocab.DTYPES if d != "bool")
    assert groups["all_and_bool"] == vocab.DTYPES


def test_defaults(tmp_path):
    native = """\
    - func: mm(Tensor self, Tensor mat2) -> Tensor
      dispatch: {CPU: mm_cpu}
      tags: pointwise
    """
    (nf,) = load_text(tmp_path, native).native
    assert nf.variants == frozenset({"function"})
    assert nf.dtypes == vocab.DTYPE_GROUPS["all_and_bool"]
    assert nf.type_promotion == "default"
    assert (nf.keeps_zero, nf.doc, nf.tags, nf.shape) == (False, "", ("pointwise",), None)
    assert nf.elementwise is None and nf.reduction is None


def test_shape_rules_are_read_from_the_runtime_manifest(tmp_path):
    (tmp_path / "aten_lite" / "vocab").mkdir(parents=True, exist_ok=True)
    (tmp_path / "aten_lite" / "vocab/manifest.py").write_text("SHAPE_RULES = ('matmul', 'broadcast')\n")
    native = "- func: mm(Tensor self, Tensor mat2) -> Tensor\n  dispatch: {CPU: k}\n"
    spec = load_text(tmp_path, native + "  shape: matmul\n", runtime_root=tmp_path)
    assert spec.native[0].shape == "matmul"
    with pytest.raises(SpecError):
        load_text(tmp_path, native + "  shape: transpose\n", runtime_root=tmp_path)


def test_backend_modules_match_the_runtime():
    backends = pytest.importorskip("aten_lite.backends")
    assert vocab.BACKEND_MODULES == backends.MODULES
    assert vocab.DISPATCH_KEYS == tuple(backends.MODULES)


def test_runtime_checks_are_skipped_without_a_runtime_root(tmp_path):
    native = "- func: mm(Tensor self, Tensor mat2) -> Tensor\n  dispatch: {CPU: k}\n  shape: x\n"
    deriv = "- name: mm(Tensor self, Tensor mat2) -> Tensor\n  self: mm_helper(grad, mat2)\n"
    spec = load_text(tmp_path, native, deriv)
    assert spec.native[0].shape == "x"
    assert spec.derivatives[0].formulas[0].names == {"mm_helper", "grad", "mat2"}


# ---- derivatives ----


def test_derivative_fields(tmp_path):
    native = """\
    - func: max.dim(Tensor self, int dim, bool keepdim=False) -> (Tensor values, Tensor indices)
      dispatch: {CPU: max_dim_cpu}
    - func: atan2(Tensor self, Tensor other) -> Tensor
      dispatch: {CPU: atan2_cpu}
    """
    deriv = """\
    - name: max.dim(Tensor self, int dim, bool keepdim=False) -> (Tensor values, Tensor indices)
      output_differentiability: [True, False]
      self: gather_back(grad, dim, indices, self.shape, keepdim)
      result: self_t.gather(dim, indices)

    - name: atan2(Tensor self, Tensor other) -> Tensor
      non_differentiable: [other]
      self: grad * other / (self * self + other * other)
    """
    (tmp_path / "aten_lite" / "vocab").mkdir(parents=True, exist_ok=True)
    (tmp_path / "aten_lite" / "vocab/manifest.py").write_text(
        "FORMULA_HELPERS = {'gather_back': '(grad, dim, index, shape, keepdim)'}\n")
    spec = load_text(tmp_path, native, deriv, runtime_root=tmp_path)
    mx, atan2 = spec.derivatives
    assert mx.loc == Location("derivatives.yaml", 1)
    assert mx.output_differentiability == (True, False)
    assert mx.result_formula == "self_t.gather(dim, indices)"
    assert mx.result_loc == Location("derivatives.yaml", 4)
    (f,) = mx.formulas
    assert f.inputs == ("self",) and f.loc == Location("derivatives.yaml", 3)
    assert f.names == {"gather_back", "grad", "dim", "indices", "self", "keepdim"}
    assert atan2.non_differentiable == ("other",)
    assert atan2.output_differentiability is None


def test_one_formula_for_several_inputs(tmp_path):
    native = "- func: hypot(Tensor self, Tensor other) -> Tensor\n  dispatch: {CPU: k}\n"
    deriv = ("- name: hypot(Tensor self, Tensor other) -> Tensor\n"
             "  self, other: (grad * self / result, grad * other / result)\n")
    (d,) = load_text(tmp_path, native, deriv, runtime_root=tmp_path).derivatives
    assert d.formulas[0].inputs == ("self", "other")


# ---- PyTorch's file, read without our vocabulary ----


@pytest.mark.skipif(not PYTORCH.is_dir(), reason="PyTorch YAML test data not present")
def test_pytorch_native_functions_entries_and_lines():
    path = PYTORCH / "native_functions.yaml"
    entries = load_native_entries(path)
    reference = yaml.load(path.read_text(), Loader=yaml.CSafeLoader)
    assert len(entries) == len(reference) == 2584
    assert [str(e.func) for e in entries] == [r["func"] for r in reference]
    lines = path.read_text().splitlines()
    for e in entries[:: 97]:
        assert lines[e.loc.line - 1].startswith(f"- func: {e.data['func']}")
        assert e.data == {k: v for k, v in reference[entries.index(e)].items()}


def test_load_native_entries_reports_every_bad_schema(tmp_path):
    path = tmp_path / "native_functions.yaml"
    path.write_text("- func: a(Tensor self) -> Tensor\n- func: b(Tensor self)\n- 3\n"
                    "- func: c(Tensr self) -> Tensor\n  python_module: nn\n")
    with pytest.raises(SpecError) as info:
        load_native_entries(path)
    assert [m.split(":")[1] for m in info.value.messages] == ["2", "3", "4"]


# ---- yaml_lines and formula ----


def test_yaml_values_are_typed_like_safe_load_and_keep_lines():
    text = "- a: yes\n  b: '1'\n  c: [1.5, ~, x]\n  d:\n    k: v\n- plain\n"
    doc = parse_yaml(text)
    assert doc == yaml.safe_load(text)
    assert doc.item_lines == [1, 6]
    assert doc[0].key_lines == {"a": 1, "b": 2, "c": 3, "d": 4}
    assert doc[0]["d"].key_lines == {"k": 5}
    assert doc[0]["c"].item_lines == [3, 3, 3]


def test_repository_yaml_reads_like_safe_load():
    for name in ("native_functions.yaml", "derivatives.yaml"):
        assert read_yaml(ROOT / name) == yaml.safe_load((ROOT / name).read_text())


@pytest.mark.parametrize("text,line", [("a: [1,\n", 2), ("a: b: c\n", 1), ("- &x [*x]\n", 1)])
def test_yaml_syntax_errors_have_lines(text, line):
    with pytest.raises(YamlSyntaxError) as info:
        parse_yaml(text)
    assert info.value.line == line


def test_python_free_names_follow_scoping():
    assert python_free_names("grad.sum(dim=dims).view(self.shape)") == ("grad", "dims", "self")
    assert python_free_names("[g * x for g, x in zip(grads, xs) if g is not None]") == (
        "zip", "grads", "xs")
    assert python_free_names("(lambda t, k=kk: t * k)(grad)") == ("kk", "grad")
    with pytest.raises(ExpressionError) as info:
        python_free_names("grad +")
    assert info.value.column == 7


def test_cpp_identifiers_tell_calls_from_names():
    found = [(i.name, i.column, i.is_call) for i in cpp_identifiers("maximum(self, 0.5f) + x")]
    assert found == [("maximum", 1, True), ("self", 9, False), ("x", 23, False)]
    for bad, column in [("a = b", 3), ("(a", 1), ("a)", 2), ("a, b", 2), ("x[0]", 2)]:
        with pytest.raises(ExpressionError) as info:
            cpp_identifiers(bad)
        assert info.value.column == column, bad


def test_floating_literals_take_the_compute_type_in_the_generated_cpp():
    from tools.codegen.formula import LITERAL_TYPE, typed_literals

    got = typed_literals(" self * 0.5 + 2 * erf(self * 7.1e-1) + 0.5f + 0x10 + .25 ")
    assert got == (f"self * {LITERAL_TYPE}(0.5) + 2 * erf(self * {LITERAL_TYPE}(7.1e-1)) + "
                   f"0.5f + 0x10 + {LITERAL_TYPE}(.25)")
    assert typed_literals("self > 0 ? self : 0") == "self > 0 ? self : 0"

"""The schema model's structure: names, types, annotations, the argument split, kinds, siblings.

Schemas are copied verbatim from PyTorch 2.13's native_functions.yaml so these tests run
without the corpus folder.
"""

import doctest

import pytest

from tools.codegen import model
from tools.codegen.model import (
    Annotation, Argument, Arguments, BaseOperatorName, BaseTy, BaseType, FunctionSchema,
    ListType, OperatorName, OptionalType, Return, SchemaKind, Type, group_siblings,
)

ADD = "add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor"
ADD_ = "add_.Tensor(Tensor(a!) self, Tensor other, *, Scalar alpha=1) -> Tensor(a!)"
ADD_OUT = "add.out(Tensor self, Tensor other, *, Scalar alpha=1, Tensor(a!) out) -> Tensor(a!)"
ABS, ABS_, ABS_OUT = ("abs(Tensor self) -> Tensor", "abs_(Tensor(a!) self) -> Tensor(a!)",
                      "abs.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)")
MAX_DIM = "max.dim(Tensor self, int dim, bool keepdim=False) -> (Tensor values, Tensor indices)"
MAX_DIM_MAX = ("max.dim_max(Tensor self, int dim, bool keepdim=False, *, Tensor(a!) max, "
               "Tensor(b!) max_values) -> (Tensor(a!) values, Tensor(b!) indices)")
SUM = ("sum.dim_IntList(Tensor self, int[1]? dim, bool keepdim=False, *, ScalarType? dtype=None)"
       " -> Tensor")
SUM_OUT = ("sum.IntList_out(Tensor self, int[1]? dim, bool keepdim=False, *, "
           "ScalarType? dtype=None, Tensor(a!) out) -> Tensor(a!)")
ARANGE = ("arange(Scalar end, *, ScalarType? dtype=None, Layout? layout=None, Device? device=None,"
          " bool? pin_memory=None) -> Tensor")
ARANGE_OUT = "arange.out(Scalar end, *, Tensor(a!) out) -> Tensor(a!)"
BERNOULLI_P = "bernoulli.p(Tensor self, float p, *, Generator? generator=None) -> Tensor"
BERNOULLI_ = ("bernoulli_.float(Tensor(a!) self, float p=0.5, *, Generator? generator=None) -> "
              "Tensor(a!)")
AND, IAND = ("__and__.Tensor(Tensor self, Tensor other) -> Tensor",
             "__iand__.Tensor(Tensor(a!) self, Tensor other) -> Tensor(a!)")
FUSED = ("_fused_moving_avg_obs_fq_helper(Tensor self, Tensor observer_on, Tensor fake_quant_on, "
         "Tensor(a!) running_min, Tensor(b!) running_max, Tensor(c!) scale, "
         "Tensor(d!) zero_point, float averaging_const, int quant_min, int quant_max, "
         "int ch_axis, bool per_row_fake_quant=False, bool symmetric_quant=False) -> "
         "(Tensor output, Tensor mask)")
NORMAL_FUNCTIONAL = ("normal_functional(Tensor self, float mean=0, float std=1, *, "
                     "Generator? generator=None) -> Tensor")
NORMAL_ = ("normal_(Tensor(a!) self, float mean=0, float std=1, *, Generator? generator=None) -> "
           "Tensor(a!)")
CHUNK = "chunk(Tensor(a -> *) self, int chunks, int dim=0) -> Tensor(a)[]"
RECORD_STREAM = "record_stream(Tensor(a!) self, Stream s) -> ()"


def parse(text):
    return FunctionSchema.parse(text)


# --- names ----------------------------------------------------------------------------------

@pytest.mark.parametrize("text, base, inplace, dunder", [
    ("add", "add", False, False), ("add_", "add", True, False),
    ("__and__", "and", False, True), ("__iand__", "and", True, True),
    ("__ilshift__", "lshift", True, True), ("_foreach_add_", "_foreach_add", True, False),
])
def test_base_operator_name(text, base, inplace, dunder):
    name = BaseOperatorName.parse(text)
    assert (name.base, name.inplace, name.dunder_method) == (base, inplace, dunder)
    assert str(name) == text


def test_operator_name_prints_no_dot_without_overload():
    assert str(OperatorName.parse("abs")) == "abs"
    assert OperatorName.parse("abs").overload_name == ""
    assert OperatorName.parse("max.dim_max").overload_name == "dim_max"


# --- types ----------------------------------------------------------------------------------

def test_type_structure():
    assert Type.parse("SymInt[1]?") == OptionalType(ListType(BaseType(BaseTy.SymInt), 1))
    assert Type.parse("Tensor?[]") == ListType(OptionalType(BaseType(BaseTy.Tensor)), None)
    assert str(Type.parse("float[]?")) == "float[]?"


@pytest.mark.parametrize("text, tensor_like, nullable, list_size", [
    ("Tensor", True, False, "no list"), ("Tensor?", True, True, "no list"),
    ("Tensor[]", True, False, None), ("Tensor?[]", True, False, None),
    ("int[2]", False, False, 2), ("SymInt[1]?", False, True, 1),
    ("Scalar?", False, True, "no list"),
])
def test_type_helpers(text, tensor_like, nullable, list_size):
    t = Type.parse(text)
    assert t.is_tensor_like() is tensor_like
    assert t.is_nullable() is nullable
    listed = t.is_list_like()
    assert (listed.size if listed is not None else "no list") == list_size


def test_every_base_type_parses():
    for ty in BaseTy:
        assert Type.parse(ty.value) == BaseType(ty)


# --- annotations, arguments, returns --------------------------------------------------------

@pytest.mark.parametrize("text, alias_set, is_write, after", [
    ("a", ("a",), False, ()), ("b!", ("b",), True, ()), ("a -> *", ("a",), False, ("*",)),
    ("a|b! -> a|b", ("a", "b"), True, ("a", "b")),
])
def test_annotation(text, alias_set, is_write, after):
    annotation = Annotation.parse(text)
    assert (annotation.alias_set, annotation.is_write, annotation.alias_set_after) == (
        alias_set, is_write, after)
    assert str(annotation) == text


def test_alias_annotations_in_a_view_schema():
    chunk = parse(CHUNK)
    self_arg = chunk.arguments.self_arg
    assert self_arg.annotation == Annotation(("a",), False, ("*",))
    assert not self_arg.is_write
    assert chunk.returns == (Return(None, ListType(BaseType(BaseTy.Tensor), None),
                                    Annotation(("a",), False, ())),)


@pytest.mark.parametrize("text, default", [
    ("Scalar alpha=1", "1"), ("Tensor? weight=None", "None"), ("bool keepdim=True", "True"),
    ("SymInt[] stride=[]", "[]"), ("int[] dims=[0,1]", "[0,1]"), ("str mode=\"mean\"", '"mean"'),
    ("str interpolation='linear'", "'linear'"), ("int dim=-1", "-1"), ("float eps=1e-05", "1e-05"),
    ("MemoryFormat memory_format=contiguous_format", "contiguous_format"), ("Tensor self", None),
])
def test_defaults_keep_their_source_text(text, default):
    argument = Argument.parse(text)
    assert argument.default == default
    assert str(argument) == text


def test_named_and_unnamed_returns():
    assert [r.name for r in parse(MAX_DIM).returns] == ["values", "indices"]
    assert [r.name for r in parse(ADD).returns] == [None]
    assert parse(RECORD_STREAM).returns == ()
    assert parse("meshgrid(Tensor[] tensors) -> Tensor[]").returns[0].type.is_list_like()


# --- the argument split ---------------------------------------------------------------------

def test_keyword_only_split_of_an_out_schema():
    args = parse(SUM_OUT).arguments
    assert [a.name for a in args.positional] == ["self", "dim", "keepdim"]
    assert [a.name for a in args.kwarg_only] == ["dtype"]
    assert [a.name for a in args.out] == ["out"]
    assert [a.name for a in args.flat_all] == ["self", "dim", "keepdim", "dtype", "out"]
    assert args.flat_positional == args.positional
    assert [a.name for a in args.flat_kwarg_only] == ["dtype", "out"]
    assert args.self_arg.name == "self"
    assert [a.name for a in args.mutable_args()] == ["out"]


def test_arguments_without_self_or_star():
    args = Arguments.parse("Scalar end")
    assert args.self_arg is None and args.kwarg_only == () and args.out == ()
    assert str(Arguments.parse("")) == ""


def test_mutable_positional_arguments():
    args = parse(FUSED).arguments
    assert [a.name for a in args.mutable_args()] == [
        "running_min", "running_max", "scale", "zero_point"]
    assert args.out == ()


def test_string_defaults_with_quotes_and_commas_round_trip():
    # _test_string_default from the corpus, plus a comma inside a string.
    a_default = '"\\"\'\\\\"'  # "\"'\\"
    b_default = "'\"\\'\\\\'"  # '"\'\\'
    text = f'f(Tensor dummy, str a={a_default}, str b={b_default}, str c=", ") -> Tensor'
    schema = parse(text)
    assert [a.default for a in schema.arguments.positional] == [None, a_default, b_default, '", "']
    assert str(schema) == text


# --- kinds and siblings ---------------------------------------------------------------------

@pytest.mark.parametrize("text, kind", [
    (ADD, SchemaKind.functional), (ADD_, SchemaKind.inplace), (ADD_OUT, SchemaKind.out),
    (MAX_DIM_MAX, SchemaKind.out), (IAND, SchemaKind.inplace), (FUSED, SchemaKind.mutable),
    (RECORD_STREAM, SchemaKind.mutable), (CHUNK, SchemaKind.functional),
])
def test_kind(text, kind):
    schema = parse(text)
    assert schema.kind() is kind
    assert schema.is_out_fn() is (kind is SchemaKind.out)


@pytest.mark.parametrize("functional, inplace, out", [
    (ADD, ADD_, ADD_OUT), (ABS, ABS_, ABS_OUT), (MAX_DIM, None, MAX_DIM_MAX),
    (SUM, None, SUM_OUT), (ARANGE, None, ARANGE_OUT), (BERNOULLI_P, BERNOULLI_, None),
    (AND, IAND, None), (NORMAL_FUNCTIONAL, NORMAL_, None),
])
def test_siblings_are_matched_by_signature(functional, inplace, out):
    texts = [t for t in (functional, inplace, out) if t is not None]
    # Decoys with the same base name but other arguments must not join the group.
    decoys = ["add.Scalar(Tensor self, Scalar other, Scalar alpha=1) -> Tensor",
              "max(Tensor self) -> Tensor", "sum(Tensor self, *, ScalarType? dtype=None) -> Tensor"]
    groups = group_siblings(parse(t) for t in texts + decoys)
    group = groups[parse(functional).signature()]
    assert str(group.functional) == functional
    assert (str(group.inplace) if group.inplace else None) == inplace
    assert (str(group.out) if group.out else None) == out
    assert group.mutable is None
    assert len(groups) == 1 + len(decoys)


def test_signature_text():
    assert str(parse(MAX_DIM_MAX).signature()) == (
        "max(Tensor self, int dim, bool keepdim) -> (Tensor, Tensor)")
    assert str(parse(ARANGE_OUT).signature()) == "arange(Scalar end) -> Tensor"
    # Written inputs that no return aliases become returns of the signature.
    assert str(parse(FUSED).signature()).endswith(
        "-> (Tensor, Tensor, Tensor, Tensor, Tensor, Tensor)")


def test_schemas_are_frozen_and_hashable():
    schema = parse(ADD)
    with pytest.raises(AttributeError):
        schema.returns = ()
    assert {schema: 1}[parse(ADD)] == 1


def test_docstring_examples():
    result = doctest.testmod(model)
    assert (result.failed, result.attempted > 10) == (0, True)

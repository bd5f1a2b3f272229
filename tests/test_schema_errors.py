"""Malformed schemas raise SchemaError whose whole message names the bad piece and the fix."""

import pytest

from tools.codegen.model import (
    Annotation, Argument, FunctionSchema, OperatorName, SchemaError, Type, group_siblings,
)

KNOWN = ("Tensor, int, SymInt, SymBool, float, bool, str, Scalar, ScalarType, Layout, Device, "
         "DeviceIndex, MemoryFormat, Generator, Storage, Stream, QScheme, Dimname, DimVector, "
         "ConstQuantizerPtr, GraphModule")
SHAPE = "a schema looks like 'name.overload(Type arg, ...) -> Type'"

SCHEMA_ERRORS = [
    ("add.Tensor(Tensr self, Tensor other) -> Tensor",
     f"unknown type 'Tensr' in argument 'Tensr self'; known types: {KNOWN}"),
    ("add.Tensor(Tensor self, Tensor other, *, alpha=1) -> Tensor",
     "argument 'alpha' has no type; write it as 'Type alpha=1'"),
    ("relu(self) -> Tensor",
     "argument 'self' has no type; write it as 'Type self'"),
    ("add.Tensor(Tensor self, Tensor other -> Tensor",
     "unbalanced parentheses in 'add.Tensor(Tensor self, Tensor other -> Tensor'"),
    ("sum(Tensor self, int[1? dim) -> Tensor",
     "unbalanced brackets in 'sum(Tensor self, int[1? dim) -> Tensor'"),
    ("relu(Tensor self)",
     f"missing ' -> ' and the return type in 'relu(Tensor self)'; {SHAPE}"),
    ("relu -> Tensor",
     f"missing argument list after the operator name in 'relu -> Tensor'; {SHAPE}"),
    ("relu(Tensor self) -> ",
     "missing return type after ' -> '; write '()' when the operator returns nothing"),
    ("1relu(Tensor self) -> Tensor",
     "bad operator name '1relu'; a name is letters, digits and '_', not starting with a digit, "
     "e.g. 'add', 'add_' or '__iadd__'"),
    ("add..Tensor(Tensor self) -> Tensor",
     "bad overload name '.Tensor' in operator name 'add..Tensor'; an overload name is letters, "
     "digits and '_', e.g. 'add.Tensor'"),
    ("add.Tensor(Tensor self,Tensor other) -> Tensor",
     "schema 'add.Tensor(Tensor self,Tensor other) -> Tensor' is not in canonical form; "
     "write 'add.Tensor(Tensor self, Tensor other) -> Tensor'"),
    ("add.Tensor(Tensor self, Tensor other, *, Scalar alpha = 1)->Tensor",
     "schema 'add.Tensor(Tensor self, Tensor other, *, Scalar alpha = 1)->Tensor' is not in "
     "canonical form; write 'add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor'"),
    ("relu(Tensor self) -> (Tensor)",
     "a single return is written without parentheses: write 'Tensor', not '(Tensor)'"),
    ("max.dim(Tensor self, int dim) -> (Tensor values, Tensor indices) extra",
     "malformed returns '(Tensor values, Tensor indices) extra'; write one return, or several "
     "in parentheses: '(Tensor values, Tensor indices)'"),
    ("add.Tensor(Tensor self, , Tensor other) -> Tensor",
     "empty entry in argument list 'Tensor self, , Tensor other'; remove the extra ', '"),
    ("add.Tensor(Tensor self, Tensor self) -> Tensor",
     "duplicate argument name 'self' in argument list 'Tensor self, Tensor self'"),
    ("add.Tensor(Tensor self, *, *, Scalar alpha=1) -> Tensor",
     "'*' appears twice in argument list 'Tensor self, *, *, Scalar alpha=1'; keep the first, "
     "which starts the keyword-only arguments"),
    ("relu(Tensor self, *) -> Tensor",
     "'*' ends argument list 'Tensor self, *'; it must be followed by keyword-only arguments, "
     "or removed"),
    ("add.out(Tensor self, *, Tensor(a!) out, Scalar alpha=1) -> Tensor(a!)",
     "keyword-only argument 'Scalar alpha=1' comes after out argument 'Tensor(a!) out'; out "
     "arguments go last"),
    ("relu_(Tensor(A!) self) -> Tensor(a!)",
     "bad alias annotation '(A!)' in argument 'Tensor(A!) self'; write e.g. (a), (a!), (a|b), "
     "(a -> *) or (a! -> a|b)"),
    ("fill_(Tensor(a!) self, Scalar(b) value) -> Tensor(a!)",
     "alias annotation '(b)' on non-Tensor type 'Scalar' in argument 'Scalar(b) value'; only "
     "Tensor types take alias annotations"),
    ("relu_(Tensor(a!)self) -> Tensor(a!)",
     "malformed argument 'Tensor(a!)self'; write 'Type name' or 'Type name=default', e.g. "
     "'Tensor(a!) self'"),
    ("view(Tensor(a) self, SymInt[x] size) -> Tensor(a)",
     "bad list size 'x' in type 'SymInt[x]' in argument 'SymInt[x] size'; a size is a positive "
     "integer without leading zeros, e.g. 'int[2]'"),
    ("sum(Tensor self, int[1]?? dim) -> Tensor",
     "type 'int[1]??' in argument 'int[1]?? dim' is optional twice; write one '?'"),
    ("sum(Tensor self, int dim=) -> Tensor",
     "argument 'dim' has '=' but no default; write a value after '=' or remove the '='"),
    ("sum(Tensor self, int[] dim=[0, 1]) -> Tensor",
     "bad default '[0, 1]' for argument 'dim'; a default is a number, None, True, False, a "
     "name, a quoted string or a list such as [0,1]"),
    ('pad(Tensor self, str mode="reflect) -> Tensor',
     "unterminated string in 'Tensor self, str mode=\"reflect'; close it with \""),
    ("relu(Tensor self, int 2d) -> Tensor",
     "bad argument name '2d' in argument 'int 2d'; a name is letters, digits and '_', not "
     "starting with a digit"),
    ("max.dim(Tensor self, int dim) -> (Tensor values, Tensor 2)",
     "bad return name '2' in return 'Tensor 2'; a name is letters, digits and '_', not "
     "starting with a digit"),
    ("relu(Tensor self) -> Tensr",
     f"unknown type 'Tensr' in return 'Tensr'; known types: {KNOWN}"),
    ("mish(tensor self) -> Tensor",
     "unknown type 'tensor' in argument 'tensor self'; types are case-sensitive: write 'Tensor'"),
    ("mish(Tensor self, INT n) -> Tensor",
     "unknown type 'INT' in argument 'INT n'; types are case-sensitive: write 'int'"),
    ("relü(Tensor self) -> Tensor",
     "bad operator name 'relü': 'ü' is not ASCII; a name is ASCII letters, digits and '_'"),
    ("relu.Tënsor(Tensor self) -> Tensor",
     "bad overload name 'Tënsor': 'ë' is not ASCII; a name is ASCII letters, digits and '_'"),
    ("max.dim(Tensor self, int dim) -> (Tensor values, Tensor índices)",
     "bad return name 'índices': 'í' is not ASCII; a name is ASCII letters, digits and '_'"),
    ("add_.out(Tensor(a!) self, Tensor other, *, Tensor(b!) out) -> Tensor(a!)",
     "in-place operator 'add_.out' has out arguments (out); an operator is either in-place "
     "(name ends in '_') or out=, not both"),
]


@pytest.mark.parametrize("text, message", SCHEMA_ERRORS, ids=[m[:40] for _, m in SCHEMA_ERRORS])
def test_malformed_schema_message(text, message):
    with pytest.raises(SchemaError) as info:
        FunctionSchema.parse(text)
    assert str(info.value) == message


def test_schema_error_is_a_value_error():
    with pytest.raises(ValueError):
        FunctionSchema.parse("relu(Tensor self)")


@pytest.mark.parametrize("parse, text, message", [
    (Type.parse, "Tensr[]", f"unknown type 'Tensr'; known types: {KNOWN}"),
    (Type.parse, "int[", "malformed type 'int['; a type is a base type followed by '?', '[]' "
                         "or '[N]', e.g. 'int[2]?'"),
    (Type.parse, "int[0]", "bad list size '0' in type 'int[0]'; a size is a positive integer "
                           "without leading zeros, e.g. 'int[2]'"),
    (Annotation.parse, "a -> ", "bad alias annotation '(a -> )'; write e.g. (a), (a!), (a|b), "
                                "(a -> *) or (a! -> a|b)"),
    (Argument.parse, "Scalar alpha=1=2", "bad default '1=2' for argument 'alpha'; a default is "
                                         "a number, None, True, False, a name, a quoted string "
                                         "or a list such as [0,1]"),
    (OperatorName.parse, "add.", "bad overload name '' in operator name 'add.'; an overload "
                                 "name is letters, digits and '_', e.g. 'add.Tensor'"),
])
def test_malformed_piece_message(parse, text, message):
    with pytest.raises(SchemaError) as info:
        parse(text)
    assert str(info.value) == message


def test_two_out_variants_of_one_signature_are_an_error():
    schemas = [FunctionSchema.parse(text) for text in (
        "abs.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)",
        "abs.out2(Tensor self, *, Tensor(a!) result) -> Tensor(a!)",
    )]
    with pytest.raises(SchemaError) as info:
        group_siblings(schemas)
    assert str(info.value) == ("'abs.out' and 'abs.out2' are both out= variants of "
                               "'abs(Tensor self) -> Tensor'; keep one")

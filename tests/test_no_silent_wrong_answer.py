"""No silent wrong answer: the classes of cases where aten_lite's answer differed
from torch's, each tested against torch: NaN and signed zeros, bool operands of sub, values
that do not fit the dtype, 0-dim and zero-size shapes, tensor creation, out= dtypes and
sparse out=. Where aten_lite deliberately differs, the test says so and why.
"""

from __future__ import annotations

import numpy as np
import pytest

import aten_lite as al
from torch_compare import assert_same

torch = pytest.importorskip("torch")


SUB_BOOL = ["lib.tensor([True]) - lib.tensor([False])", "lib.tensor([True]) - 1",
            "1 - lib.tensor([True])", "lib.tensor([2]) - True",
            "lib.tensor([2]) - lib.tensor([True])",
            "lib.sub(lib.tensor([1.5]), lib.tensor([True]))", "lib.tensor([3, 4]).sub_(True)"]


@pytest.mark.parametrize("text", SUB_BOOL)
def test_sub_with_a_bool_operand_raises(text):
    with pytest.raises(RuntimeError):
        eval(text, {"lib": torch})
    with pytest.raises(RuntimeError) as error:
        eval(text, {"lib": al})
    assert str(error.value) == (
        "al.sub: subtraction with a bool operand is not supported; to invert a mask use ~mask "
        "or al.logical_not(mask), to compare two masks use a ^ b or al.logical_xor(a, b)")
    assert "al.logical_xor" in str(error.value) and callable(al.logical_xor)


def test_sub_of_bool_refused_on_meta_too():
    with pytest.raises(RuntimeError, match="subtraction with a bool operand"):
        al.tensor([True]).to("meta") - 1


NAN = float("nan")
NAN_CASES = [
    ("relu", lambda lib: lib.relu(lib.tensor([NAN, -1.0, 2.0, -0.0]))),
    ("relu_", lambda lib: lib.tensor([NAN, -3.0]).relu_()),
    ("maximum", lambda lib: lib.maximum(lib.tensor([NAN, 1.0, 2.0]), lib.tensor([0.0, NAN, 1.0]))),
    ("minimum", lambda lib: lib.minimum(lib.tensor([NAN, 1.0]), lib.tensor([0.0, NAN]))),
    ("clamp", lambda lib: lib.clamp(lib.tensor([NAN, 1.0, -1.0]), -0.5, 0.5)),
    ("clamp nan bound", lambda lib: lib.clamp(lib.tensor([1.0, 2.0]), NAN, 0.5)),
    ("clamp tensor", lambda lib: lib.clamp(lib.tensor([1.0, NAN]), lib.tensor([NAN, 0.0]))),
    ("max", lambda lib: lib.max(lib.tensor([1.0, NAN, 3.0]))),
    ("max dim", lambda lib: lib.max(lib.tensor([[1.0, NAN, 3.0], [2.0, 1.0, 0.0]]), 1)),
    ("min dim", lambda lib: lib.min(lib.tensor([[1.0, NAN], [2.0, 1.0]]), 0)),
    ("amax", lambda lib: lib.amax(lib.tensor([[NAN, 1.0], [0.0, 1.0]]), 0)),
    ("argmax", lambda lib: lib.argmax(lib.tensor([1.0, NAN, 3.0]))),
    ("argmin", lambda lib: lib.argmin(lib.tensor([[1.0, NAN], [2.0, 1.0]]), 1)),
    ("signed zero maximum",
     lambda lib: lib.maximum(lib.tensor([-0.0, 0.0]), lib.tensor([0.0, -0.0]))),
    ("signed zero clamp", lambda lib: lib.clamp(lib.tensor([-0.0, 0.0]), min=0.0)),
    ("signed zero abs/neg", lambda lib: lib.abs(-lib.tensor([0.0, -0.0]))),
    ("signed zero round", lambda lib: lib.round(lib.tensor([-0.4, 0.4, -0.0]))),
    ("sort", lambda lib: lib.sort(lib.tensor([NAN, 1.0, -0.0, 0.0, NAN]), descending=True)[0]),
]


@pytest.mark.parametrize("name, call", NAN_CASES, ids=[c[0] for c in NAN_CASES])
def test_nan_and_signed_zeros_as_torch(name, call):
    assert_same(call(al), call(torch), name)


RAISES = [
    "lib.clamp(lib.tensor([1, 2], dtype=lib.int8), min=1000)",
    "lib.clamp(lib.tensor([1, 2], dtype=lib.int8), max=-129)",
    "lib.clamp(lib.tensor([1, 2], dtype=lib.uint8), min=256)",
    "lib.clamp(lib.tensor([1.0], dtype=lib.float16), max=1e6)",
    "lib.tensor([1, 2], dtype=lib.uint8) ** -1",
    "lib.pow(lib.tensor([1, 2], dtype=lib.int32), -2)",
    "lib.tensor([2], dtype=lib.int8) ** 300", "lib.tensor([2], dtype=lib.uint8).pow_(-256)",
    "lib.where(lib.tensor([True]), lib.tensor([1], dtype=lib.int8), 300)",
    "lib.where(lib.tensor([False]), -129, lib.tensor([1], dtype=lib.int8))",
    "lib.tensor(3.0).size(-1)", "lib.tensor(3.0).stride(0)",
    "lib.tensor(3.0).sum(dim=1)", "lib.tensor(3.0).softmax(2)",
]


@pytest.mark.parametrize("text", RAISES)
def test_raises_as_torch(text):
    with pytest.raises((RuntimeError, IndexError)):
        eval(text, {"lib": torch})
    with pytest.raises((RuntimeError, IndexError)):
        eval(text, {"lib": al})


AGREES = [
    "lib.clamp(lib.tensor([1, 2], dtype=lib.uint8), min=-1)",  # torch wraps -1 into uint8
    "lib.clamp(lib.tensor([1, 2], dtype=lib.int8), min=-128, max=127)",
    "lib.where(lib.tensor([True, False]), lib.tensor([1, 2], dtype=lib.uint8), -1)",
    "lib.tensor([2, 3], dtype=lib.uint8) ** 3", "lib.tensor([1, 2], dtype=lib.int8) + 1000",
    "lib.tensor(3.0).transpose(0, -1)", "lib.tensor(3.0).transpose(-1, 0)",
    "lib.matmul(lib.ones(2, 0), lib.ones(0))", "lib.matmul(lib.ones(3, 2, 0), lib.ones(0, 5))",
    "lib.matmul(lib.ones(0, 2, 3), lib.ones(3, 4))", "lib.matmul(lib.ones(0), lib.ones(0))",
    "lib.mm(lib.ones(2, 0), lib.ones(0, 3))", "lib.bmm(lib.ones(2, 3, 0), lib.ones(2, 0, 4))",
    "lib.ones(5)[7:]", "lib.ones(5)[2:100]", "lib.ones(5).narrow(0, -2, 2)",
    "lib.ones(5).split(10)[0]", "lib.ones(5).chunk(10)[-1]", "lib.ones(0).chunk(3)[0]",
    "lib.all(lib.tensor([1.0, 0.0]))", "lib.any(lib.tensor([0, 2]))",
]


@pytest.mark.parametrize("text", AGREES)
def test_same_answer_as_torch(text):
    assert_same(eval(text, {"lib": al}), eval(text, {"lib": torch}), text)


CREATION = [
    "lib.tensor([np.float64(1), 2])", "lib.tensor([1, np.float16(2)])",
    "lib.tensor([np.int8(1), np.int8(2)])", "lib.tensor([np.float32(1), 2.0])",
    "lib.tensor([[np.float64(1)], [2.0]])", "lib.tensor([np.int32(1), 2.5])",
    "lib.tensor([1.5, -2.7], dtype=lib.int32)", "lib.tensor([-255], dtype=lib.uint8)",
    "lib.tensor(np.array([300]), dtype=lib.uint8)", "lib.tensor([1e300], dtype=lib.float32)",
    "lib.arange(0.5, 5, 1, dtype=lib.int64)", "lib.arange(0, 5.5, 2, dtype=lib.int64)",
    "lib.arange(1.7, 6, 1.5, dtype=lib.int64)", "lib.arange(0, 5, 1.5, dtype=lib.int32)",
    "lib.arange(5, 0.5, -1.5, dtype=lib.int64)", "lib.arange(5, 0.5, -1.5, dtype=lib.int16)",
    "lib.arange(0, 10, 2.5, dtype=lib.int32)", "lib.arange(2.9, dtype=lib.int64)",
]


@pytest.mark.parametrize("text", CREATION)
def test_creation_infers_and_converts_as_torch(text):
    assert_same(eval(text, {"lib": al, "np": np}), eval(text, {"lib": torch, "np": np}), text)


CREATION_RAISES = [
    "lib.tensor([1e40], dtype=lib.int32)", "lib.tensor([300], dtype=lib.uint8)",
    "lib.tensor(300, dtype=lib.uint8)", "lib.tensor([-256], dtype=lib.uint8)",
    "lib.tensor([2**40], dtype=lib.int32)", "lib.tensor([float('nan')], dtype=lib.int32)",
    "lib.tensor([127.9], dtype=lib.int8)", "lib.tensor([2**63])",
    "lib.arange(0, 5, 0.5, dtype=lib.int64)", "lib.arange(0, 3, 0.9, dtype=lib.int64)",
]


@pytest.mark.parametrize("text", CREATION_RAISES)
def test_creation_raises_as_torch(text):
    with pytest.raises((RuntimeError, ValueError)):
        eval(text, {"lib": torch, "np": np})
    with pytest.raises(RuntimeError) as error:
        eval(text, {"lib": al, "np": np})
    assert "int64" in str(error.value) or "overflow" in str(error.value) or \
        "nonzero" in str(error.value)


@pytest.mark.parametrize("call", [
    lambda s: al.relu(al.ones(2, 2), out=s), lambda s: al.add(al.ones(2, 2), 1.0, out=s),
    lambda s: al.mul(al.ones(2, 2), al.ones(2, 2), out=s),
    lambda s: al.sum(al.ones(2, 2), 0, out=s),
    lambda s: al.sub(al.ones(2, 2), al.ones(2, 2), out=s),
], ids=["relu", "add", "mul", "sum", "sub"])
def test_sparse_out_with_strided_inputs_is_a_clear_error(call):
    # The sparse out= alone picked the sparse kernel, which used to fail inside it with
    # "AttributeError: 'Tensor' object has no attribute '_coalesced'".
    s = al.sparse_coo_tensor(al.tensor([[0, 0, 1], [1, 1, 0]]), al.tensor([1.0, -1.0, 2.0]),
                             (2, 2))
    with pytest.raises(RuntimeError, match="out= is a sparse tensor but the inputs are strided"):
        call(s)


OUT_DTYPES = [
    "lib.mm(lib.ones(2, 2), lib.ones(2, 2), out=lib.empty(0, dtype=lib.float64))",
    "lib.tril(lib.ones(2, 2), out=lib.empty(0, dtype=lib.float64))",
    "lib.abs(lib.ones(2, dtype=lib.int32), out=lib.empty(0, dtype=lib.int64))",
    "lib.neg(lib.ones(2, dtype=lib.int8), out=lib.empty(0, dtype=lib.float32))",
    "lib.relu(lib.ones(2), out=lib.empty(0, dtype=lib.float64)) if lib is al else "
    "torch.ops.aten.relu.out(lib.ones(2), out=lib.empty(0, dtype=lib.float64))",
    "lib.bitwise_not(lib.ones(2, dtype=lib.int64), out=lib.empty(0, dtype=lib.float64))",
    "lib.nan_to_num(lib.ones(2), out=lib.empty(0, dtype=lib.float64))",
]


@pytest.mark.parametrize("text", OUT_DTYPES)
def test_out_of_another_dtype_refused_where_torch_refuses(text):
    with pytest.raises(RuntimeError):
        eval(text, {"lib": torch, "torch": torch, "al": al})
    with pytest.raises(RuntimeError, match="writes only into an out= of its result's dtype"):
        eval(text, {"lib": al, "torch": torch, "al": al})


def test_out_of_a_castable_dtype_still_accepted_where_torch_accepts():
    for lib in (al, torch):
        out = lib.empty(0, dtype=lib.float64)
        assert lib.add(lib.ones(2), 1, out=out) is out and out.tolist() == [2.0, 2.0]
        out = lib.empty(0, dtype=lib.float64)
        assert lib.exp(lib.zeros(2, dtype=lib.int64), out=out).tolist() == [1.0, 1.0]


def _message_names():
    """Every `al.<name>` that a string literal of the runtime mentions (error messages and
    their hints), with where it is."""
    import ast
    import re
    from pathlib import Path

    root = Path(al.__file__).parent
    found = []
    for path in sorted(root.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                for name in re.findall(r"\bal\.([A-Za-z_]\w*)", node.value):
                    found.append((name, f"{path.relative_to(root)}:{node.lineno}"))
    return found


def test_every_name_a_message_mentions_exists():
    # "use al.logical_xor" must name something a user can call: a function of aten_lite, a
    # Tensor method when the message names an op by its method (al.sparse_mask: ...), or a
    # private op (a leading underscore) of the generated bindings.
    ops = al._generated.ops
    missing = [f"al.{name} ({where})" for name, where in _message_names()
               if not any(hasattr(home, name) for home in (al, al.Tensor, ops))]
    assert not missing, missing
    assert any(name == "logical_xor" for name, _ in _message_names())

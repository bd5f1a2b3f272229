"""The generated bindings: overload resolution, defaults, keyword-only arguments, conversions,
methods, operators, the failed-match message, and freshness of generated/."""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest

import aten_lite as al
from aten_lite.dispatch import dispatcher as _dispatch

ROOT = Path(__file__).resolve().parent.parent


def test_a_failed_match_lists_every_signature():
    with pytest.raises(TypeError) as caught:
        al.add(al.ones(2), "a")
    assert str(caught.value) == (
        "al.add() got (Tensor, str, alpha=int); no overload matches. Tried in order:\n"
        "  add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor\n"
        "      argument 'other' must be Tensor or a number, not str\n"
        "  add.Tensor_out(Tensor self, Tensor other, *, Scalar alpha=1, Tensor(a!) out) "
        "-> Tensor(a!)\n"
        "      argument 'other' must be Tensor or a number, not str"
    )


def test_method_mismatch_names_the_method_and_the_bad_argument():
    with pytest.raises(TypeError) as caught:
        al.ones(2).sum("a")
    assert str(caught.value) == (
        "Tensor.sum() got (str, bool); no overload matches. Tried in order:\n"
        "  sum(Tensor self, int[1]? dim=None, bool keepdim=False, *, ScalarType? dtype=None) "
        "-> Tensor\n"
        "      argument 'dim' (int[1]?) must be an int or a sequence of ints, not str"
    )


def test_keyword_only_arguments_cannot_be_positional():
    with pytest.raises(TypeError, match="takes 2 positional arguments but 3 were given"):
        al.add(al.ones(1), al.ones(1), 2)
    assert al.add(al.ones(1), al.ones(1), alpha=2).tolist() == [3.0]


def test_defaults_and_keywords():
    x = al.tensor([[1.0, 2.0], [3.0, 4.0]])
    assert al.sum(x).item() == 10.0
    assert al.sum(x, dim=None, keepdim=False).item() == 10.0
    assert al.sum(x, 1, True).tolist() == [[3.0], [7.0]]
    assert al.sum(input=x, dim=[0]).tolist() == [4.0, 6.0]  # torch's name for self
    assert x.sum(dtype=al.float64).dtype == al.float64


@pytest.mark.parametrize("call", [
    lambda lib, x: lib.sum(x, 0, keepdims=True),
    lambda lib, x: x.sum(dim=1, keepdims=True),
    lambda lib, x: lib.amax(x, [0, 1], keepdims=True),
    lambda lib, x: lib.mean(input=x, dim=0, keepdims=True),
    lambda lib, x: lib.max(x, 1, keepdims=True)[0],
    lambda lib, x: x.argmax(dim=0, keepdims=True),
    lambda lib, x: lib.var(x, 1, keepdims=True),
    lambda lib, x: lib.logsumexp(input=x, dim=1, keepdims=True),
    lambda lib, x: lib.add(input=x, other=x, alpha=2),
    lambda lib, x: lib.relu(input=x),
    lambda lib, x: lib.where(x > 2, input=x, other=0.0),
    lambda lib, x: lib.clamp(input=x, min=1.5),
    lambda lib, x: lib.matmul(input=x, other=x),
], ids=range(13))
def test_torch_keyword_names_input_and_keepdims(call):
    torch = pytest.importorskip("torch")
    data = [[1.0, 2.0], [3.0, 4.0]]
    assert call(al, al.tensor(data)).tolist() == call(torch, torch.tensor(data)).tolist()


def test_keepdims_and_keepdim_together_are_refused():
    with pytest.raises(TypeError, match=r"al.max\(\) got both keepdims= and keepdim=; pass one"):
        al.max(al.ones(2, 2), 0, keepdim=True, keepdims=True)


def test_python_and_numpy_numbers_stand_for_tensors_of_pointwise_ops():
    x = al.tensor([1.0, 2.0])
    assert al.add(x, 1).tolist() == [2.0, 3.0]
    assert al.add(x, np.float32(2)).tolist() == [3.0, 4.0]
    assert al.sub(10, x).tolist() == [9.0, 8.0]
    assert x.sum(np.int64(0)).item() == 3.0
    with pytest.raises(TypeError, match="argument 'mat2' must be Tensor, not int"):
        al.mm(al.ones(2, 2), 2)


def test_a_zero_dim_tensor_stands_for_a_scalar_argument():
    # As in torch: alpha=, fill_(), masked_fill() take a 0-dim tensor's value.
    assert al.add(al.ones(2), al.ones(2), alpha=al.tensor(2.0)).tolist() == [3.0, 3.0]
    assert al.zeros(2).fill_(al.tensor(3)).tolist() == [3.0, 3.0]
    mask = al.tensor([True, False])
    assert al.ones(2).masked_fill(mask, al.tensor(-1.0)).tolist() == [-1.0, 1.0]
    # ... but not a longer one, nor one whose gradient the Scalar would silently drop.
    for bad in (al.tensor([2.0]), al.tensor(2.0, requires_grad=True), al.empty((), device="meta")):
        with pytest.raises(TypeError) as e:
            al.add(al.ones(2), al.ones(2), alpha=bad)
        assert ("argument 'alpha' must be a number (bool, int or float), or a 0-dim cpu tensor "
                "that does not require grad, not Tensor") in str(e.value)


def test_int_lists_take_one_int_a_tuple_a_list_or_varargs():
    x = al.ones(2, 3)
    assert x.sum(1).tolist() == x.sum((1,)).tolist() == x.sum([1]).tolist() == [3.0, 3.0]
    assert x.view(3, 2).shape == x.view((3, 2)).shape == x.view([3, 2]).shape == (3, 2)
    assert x.permute(1, 0).shape == (3, 2)


def test_overloads_are_tried_in_yaml_order():
    x = al.tensor([[1.0, 5.0], [7.0, 2.0]])
    assert al.max(x).item() == 7.0  # max
    assert al.max(x, 1).values.tolist() == [5.0, 7.0]  # max.dim
    assert al.max(x, al.tensor(4.0)).tolist() == [[4.0, 5.0], [7.0, 4.0]]  # max.other
    assert al.clamp(x, 2.0, 6.0).tolist() == [[2.0, 5.0], [6.0, 2.0]]  # clamp (Scalar)
    lo = al.tensor([0.0, 6.0])
    assert al.clamp(x, lo).tolist() == [[1.0, 6.0], [7.0, 6.0]]  # clamp.Tensor
    assert al.div(al.tensor([7]), 2).tolist() == [3.5]  # div.Tensor
    assert al.div(al.tensor([7]), 2, rounding_mode="floor").tolist() == [3]  # div.Tensor_mode


def test_methods_follow_variants():
    x = al.ones(2)
    assert hasattr(x, "add") and hasattr(x, "add_") and hasattr(x, "neg_")
    assert not hasattr(al, "add_") and not hasattr(x, "add_out")
    assert not hasattr(x, "sigmoid_")  # declared without an in-place variant
    c = al.tensor([True, False])
    assert x.where(c, al.zeros(2)).tolist() == [1.0, 0.0]  # receiver binds to `self`


def test_out_keyword():
    out = al.empty(0)
    assert al.neg(al.ones(2), out=out) is out and out.tolist() == [-1.0, -1.0]
    with pytest.raises(TypeError, match="argument 'out' must be Tensor, not list"):
        al.neg(al.ones(2), out=[])


OPERATORS = [
    (lambda a, b: a + b, np.add), (lambda a, b: a - b, np.subtract),
    (lambda a, b: a * b, np.multiply), (lambda a, b: a / b, np.true_divide),
    (lambda a, b: a // b, np.floor_divide), (lambda a, b: a % b, np.remainder),
    (lambda a, b: a ** b, np.power), (lambda a, b: a @ b, np.matmul),
    (lambda a, b: a == b, np.equal), (lambda a, b: a != b, np.not_equal),
    (lambda a, b: a < b, np.less), (lambda a, b: a <= b, np.less_equal),
    (lambda a, b: a > b, np.greater), (lambda a, b: a >= b, np.greater_equal),
]


@pytest.mark.parametrize("op,ref", OPERATORS)
def test_python_operators(op, ref):
    a, b = np.array([[1.5, 2.0], [3.0, 4.0]]), np.array([[2.0, 0.5], [1.0, 3.0]])
    x, y = al.from_numpy(a), al.from_numpy(b)
    np.testing.assert_allclose(op(x, y).numpy(), ref(a, b))
    if ref is not np.matmul:
        np.testing.assert_allclose(op(x, 2.0).numpy(), ref(a, 2.0))
        np.testing.assert_allclose(op(2.0, x).numpy(), ref(2.0, a))


def test_unary_operators_and_identity_comparisons():
    x = al.tensor([-1.0, 2.0])
    assert (-x).tolist() == [1.0, -2.0] and abs(x).tolist() == [1.0, 2.0]
    assert (x == None) is False and (x != None) is True  # noqa: E711
    assert x in [x] and len({x, x}) == 1


def test_inplace_operators_keep_the_tensor():
    x = al.tensor([1.0, 2.0])
    y = x
    x += 1
    x -= al.tensor([0.5, 0.5])
    x *= 2
    x /= 4
    x **= 2
    assert x is y and x.tolist() == [0.5625, 1.5625]


def test_bitwise_operators_follow_torch():
    # & | ^ ~ are the bitwise ops: logical on bools, bitwise on integers (torch's rule).
    t, f = al.tensor([True, True]), al.tensor([True, False])
    assert (t & f).tolist() == [True, False] and (t | f).tolist() == [True, True]
    assert (t ^ f).tolist() == [False, True] and (~f).tolist() == [False, True]
    assert (f & True).tolist() == [True, False] and (True ^ f).tolist() == [False, True]
    a, b = al.tensor([12, -3, 5]), al.tensor([10, 6, -1])
    assert (a & b).tolist() == [8, 4, 5] and (a | b).tolist() == [14, -1, -1]
    assert (a ^ b).tolist() == [6, -5, -6] and (~a).tolist() == [-13, 2, -6]
    assert (a & 6).tolist() == [4, 4, 4] and (6 | a).tolist() == [14, -1, 7]
    c = al.tensor([3, 5], dtype=al.uint8)
    c ^= 1
    assert c.tolist() == [2, 4] and (~c).tolist() == [253, 251]
    with pytest.raises(NotImplementedError, match=re.escape(
            "al.bitwise_and: not implemented for 'float32'")):
        al.tensor([1.0]) & al.tensor([1.0])


def test_unsupported_operand_defers_to_python():
    with pytest.raises(TypeError, match="unsupported operand type"):
        al.ones(1) + "a"


def test_fast_path_and_general_path_agree():
    x = al.tensor([1.0, 2.0])
    fast = al.mul(x, x)
    with al.trace_dispatch():  # disables the inlined path
        slow = al.mul(x, x)
    assert fast.tolist() == slow.tolist() == [1.0, 4.0]


# ---- generated files ----


def _spec():
    from tools.codegen.load import load

    return load(ROOT / "native_functions.yaml", ROOT / "derivatives.yaml", runtime_root=ROOT)


def test_generated_python_files_are_fresh():
    from tools.codegen import emit_python

    for path, text in emit_python.emit(_spec()).items():
        on_disk = (ROOT / path).read_text(encoding="utf-8")
        assert on_disk.endswith(text.lstrip("\n")), f"{path} is stale; run aten-lite-gen"


def test_generated_files_name_their_sources():
    for name in ("ops.py", "registry.py", "__init__.py"):
        head = (ROOT / "generated" / name).read_text(encoding="utf-8").splitlines()[0]
        assert re.fullmatch(r"# @generated from native_functions\.yaml and derivatives\.yaml "
                            r"\(sha256 [0-9a-f]{16}\)\.", head), name


def test_every_op_has_a_handle_with_its_yaml_line():
    for name, h in _dispatch.handles().items():
        assert re.fullmatch(r"native_functions\.yaml:\d+", h.loc), name
        assert h.table.keys() >= {"CPU", "Meta", "SparseCPU"}, name

"""Writes whose destination overlaps an input, negative slice steps, and all/any on uint8:
each behaves as torch does (torch is the oracle)."""

import numpy as np
import pytest

import aten_lite as al
from messages import named

torch = pytest.importorskip("torch")

PARTIAL = ("unsupported operation: some elements of the input tensor and the written-to tensor "
           "refer to a single memory location. Please clone() the tensor before performing the "
           "operation.")


def _arange(lib, n=6):
    return lib.arange(float(n))


# Each program writes into memory it also reads; torch refuses some (partial overlap).
WRITES = {
    "add_ shifted": lambda lib, a: a[1:].add_(a[:-1]),
    "add out= shifted": lambda lib, a: lib.add(a[:-1], 1.0, out=a[1:]),
    "neg out= shifted": lambda lib, a: lib.neg(a[:-1], out=a[1:]),
    "mul_ by an element inside": lambda lib, a: a[1:].mul_(a[2]),
    "div out= shifted": lambda lib, a: lib.div(a[1:], 2.0, out=a[:-1]),
    "copy_ shifted": lambda lib, a: a[1:].copy_(a[:-1]),
    "setitem shifted": lambda lib, a: a.__setitem__(slice(1, None), a[:-1]),
    "square add_ transposed": lambda lib, a: a[:4].view(2, 2).add_(a[:4].view(2, 2).t()),
    "transposed dense views": lambda lib, a: a.view(3, 2)[1:].t().mul_(a.view(3, 2)[:2].t()),
    # Composite element-wise ops (tagged overlap_checked or pointwise) refuse it too.
    "clamp_ with tensor bounds shifted": lambda lib, a: a[1:].clamp_(min=a[:-1]),
    "clamp out= with a tensor bound shifted": lambda lib, a: lib.clamp(a[:-1], min=a[1:] * 0,
                                                                      out=a[1:]),
    "nan_to_num out= shifted": lambda lib, a: lib.nan_to_num(a[:-1], out=a[1:]),
    "div floor out= shifted": lambda lib, a: lib.div(a[:-1], 2.0, rounding_mode="floor",
                                                     out=a[1:]),
    # Allowed: the same elements in the same layout, disjoint parts, strided operands.
    "clamp_ with tensor bounds, disjoint": lambda lib, a: a[3:].clamp_(min=a[:3] + 3.5,
                                                                       max=a[:3] + 4),
    "clamp out= with tensor bounds, disjoint": lambda lib, a: lib.clamp(
        a[:3], min=a[3:] - 4, max=a[3:] - 3.5, out=a[3:]),
    "add_ itself": lambda lib, a: a.add_(a),
    "mul_ by a disjoint element": lambda lib, a: a[1:].mul_(a[0]),
    "add_ disjoint halves": lambda lib, a: a[:3].add_(a[3:]),
    "strided columns": lambda lib, a: a.view(3, 2)[:, 1].add_(a.view(3, 2)[:, 0]),
    "copy_ itself": lambda lib, a: a[1:].copy_(a[1:]),
    "out= is an input": lambda lib, a: lib.mul(a, a, out=a),
}


def _outcome(lib, write):
    a = _arange(lib)
    try:
        write(lib, a)
    except RuntimeError as e:
        return "raised", str(e), a.tolist()
    return "ran", None, a.tolist()


@pytest.mark.parametrize("name", list(WRITES))
def test_overlapping_writes_follow_torch(name):
    want, want_msg, want_values = _outcome(torch, WRITES[name])
    got, got_msg, got_values = _outcome(al, WRITES[name])
    assert got == want, (got_msg, want_msg)
    if want == "raised":
        assert want_msg == PARTIAL
        assert named(got_msg, PARTIAL)
    assert got_values == want_values  # a refused write leaves the destination as it was


def test_overlaps_torch_does_not_check_read_a_copy():
    # torch checks overlap only between dense operands; with strided ones it reads elements it
    # has already written. aten_lite reads a copy instead: the answer of the cloned input.
    for write in (lambda a, c: a.view(2, 3)[:, 1:].add_(c(a.view(2, 3)[:, :2])),
                  lambda a, c: a.view(2, 3)[:, :2].add_(c(a.view(2, 3)[:, 1:]))):
        want = torch.arange(6.0)
        write(want, torch.clone)
        got = al.arange(6.0)
        write(got, lambda t: t)
        assert got.tolist() == want.tolist()


@pytest.mark.parametrize("index", [slice(None, None, -1), slice(4, 0, -2),
                                   (slice(None), slice(None, None, -1))])
def test_negative_slice_steps_raise_as_in_torch(index):
    x, t = al.arange(12).view(3, 4), torch.arange(12).view(3, 4)
    with pytest.raises(ValueError) as want:
        t[index]
    for action in (lambda: x[index], lambda: x.__setitem__(index, 0)):
        with pytest.raises(ValueError) as got:
            action()
        assert named(str(got.value), str(want.value))
    assert str(want.value) == "step must be greater than zero"


@pytest.mark.parametrize("op", ["all", "any"])
@pytest.mark.parametrize("dtype", ["uint8", "int8", "bool", "float32"])
@pytest.mark.parametrize("dim, keepdim", [(None, False), (1, False), (0, True), ((), False)])
def test_all_and_any_result_dtype_follows_torch(op, dtype, dim, keepdim):
    data = np.array([[1, 0, 3], [2, 2, 0]])
    args = {} if dim is None else {"dim": dim, "keepdim": keepdim}
    want = getattr(torch, op)(torch.tensor(data).to(getattr(torch, dtype)), **args)
    got = getattr(al, op)(al.tensor(data).to(getattr(al, dtype)), **args)
    assert got.dtype.name == str(want.dtype).removeprefix("torch.")
    np.testing.assert_array_equal(got.numpy(), want.numpy())
    meta = getattr(al, op)(al.empty(2, 3, dtype=getattr(al, dtype), device="meta"), **args)
    assert meta.dtype is got.dtype and meta.shape == got.shape

"""Every op of the table (tests/op_table.py) on every dtype it supports, against NumPy (cpu)
and against the cpu result's shape and dtype (meta); then the dtypes it does not support, and
the semantics shared by all elementwise ops: promotion, in-place, out=, errors."""

from __future__ import annotations

import re
import warnings

import numpy as np
import pytest

import aten_lite as al
from messages import named
from op_table import (ALL_AND_BOOL, CASES, DEVICE, FLOATING, case_id, data, result_dtype,
                      yaml_dtypes)

PARAMS = [pytest.param(c, d, id=case_id(c, d)) for c in CASES for d in c.dtypes]


def tensor_of(x, device: str):
    """A sample argument as the op takes it: arrays (also inside lists) become tensors on
    `device`, DEVICE becomes `device`."""
    if isinstance(x, np.ndarray):
        t = al.from_numpy(x)
        return t if device == "cpu" else t.to("meta")
    if isinstance(x, list):
        return [tensor_of(e, device) for e in x]
    return device if x is DEVICE else x


def run(case, sample, device: str):
    args = [tensor_of(a, device) for a in sample.args]
    kwargs = {k: tensor_of(v, device) for k, v in sample.kwargs.items()}
    return case.fn(*args, **kwargs)


def _tolerance(case, dtype: str) -> tuple[float, float]:
    base = {"float16": 2e-3, "float32": 2e-5, "float64": 1e-10}.get(dtype, 0.0)
    rtol = max(base, case.tol or 0.0) if dtype == "float16" else base
    return rtol, rtol


def _compare(got, want, expected_dtype: str, case, in_dtype: str, note: str) -> None:
    want = np.asarray(want)
    assert got.dtype.name == expected_dtype, f"{note}: dtype {got.dtype.name}"
    assert tuple(got.shape) == want.shape, f"{note}: shape {tuple(got.shape)} != {want.shape}"
    values = (got.to_dense() if got.is_sparse else got).numpy()  # the sparse rows
    if np.dtype(expected_dtype).kind == "f":
        rtol, atol = _tolerance(case, expected_dtype if in_dtype in FLOATING else "float32")
        np.testing.assert_allclose(values.astype(np.float64), want.astype(np.float64),
                                   rtol=rtol, atol=atol, err_msg=note)
    else:
        np.testing.assert_array_equal(values, want.astype(expected_dtype), err_msg=note)


@pytest.mark.parametrize("case,dtype", PARAMS)
def test_forward_cpu_matches_numpy(case, dtype):
    for sample in case.samples(dtype):
        note = f"al.{case.name} {dtype} ({sample.note})"
        got = run(case, sample, "cpu")
        want = case.ref(*sample.args, **sample.kwargs)
        if case.multi:
            assert len(got) == len(want), note
            rules = case.result if isinstance(case.result, tuple) else (case.result,) * len(want)
            for i, (g, w, rule) in enumerate(zip(got, want, rules)):
                _compare(g, w, result_dtype(rule, dtype), case, dtype, f"{note} result {i}")
        else:
            expected = sample.result or result_dtype(case.result, dtype)
            _compare(got, want, expected, case, dtype, note)


@pytest.mark.parametrize("case,dtype", PARAMS)
def test_meta_matches_cpu_shape_and_dtype(case, dtype):
    for sample in case.samples(dtype):
        cpu, meta = run(case, sample, "cpu"), run(case, sample, "meta")
        pairs = zip(cpu, meta) if case.multi else [(cpu, meta)]
        for c, m in pairs:
            assert m.device == "meta" and m.is_meta, sample.note
            assert (tuple(m.shape), m.dtype) == (tuple(c.shape), c.dtype), sample.note


def _handle_for(case):
    if case.op is not None:
        return al._dispatch.handle(case.op)
    return next(h for h in al._dispatch.handles().values()
                if h.base == case.name and h.kind == "functional")


@pytest.mark.parametrize("case", [c for c in CASES if c.dtype_error], ids=case_id)
def test_table_dtypes_are_the_yaml_dtypes(case):
    assert _handle_for(case).dtypes == yaml_dtypes(case.dtypes)


UNSUPPORTED = [pytest.param(c, d, id=case_id(c, d)) for c in CASES if c.dtype_error
               and c.result != "float" for d in ALL_AND_BOOL if d not in c.dtypes]


@pytest.mark.parametrize("case,dtype", UNSUPPORTED)
def test_unsupported_dtype_names_the_supported_ones(case, dtype):
    sample = case.samples(case.dtypes[-1])[0]
    args = [data(a.shape, dtype) if isinstance(a, np.ndarray) and a.dtype != bool
            else a for a in sample.args]
    base = _handle_for(case).base
    supported = ", ".join(yaml_dtypes(case.dtypes))
    message = f"al.{base}: not implemented for '{dtype}'; supported: {supported}"
    for device in ("cpu", "meta"):
        with pytest.raises(NotImplementedError, match=f"^{re.escape(message)}$"):
            case.fn(*[tensor_of(a, device) for a in args], **sample.kwargs)


# ---- promotion ----

PROMOTIONS = [
    # (left dtype, left shape, right: dtype+shape or a number, op, expected dtype)
    ("int64", (2,), 2.5, "add", "float32"),
    ("int32", (2,), ("float64", ()), "add", "float64"),
    ("uint8", (2,), ("int8", (2,)), "add", "int16"),
    ("bool", (2,), ("bool", (2,)), "add", "bool"),
    ("int8", (2,), 1000, "add", "int8"),
    ("float16", (2,), ("float32", ()), "mul", "float16"),
    ("float16", (2,), ("float64", (2,)), "mul", "float64"),
    ("int16", (2,), True, "add", "int16"),
    ("bool", (2,), 3, "add", "int64"),
    ("int64", (2,), ("int32", (2,)), "div", "float32"),
    ("int32", (2,), 2, "eq", "bool"),
    ("int32", (), 2.5, "sub", "float32"),
]


@pytest.mark.parametrize("left,shape,right,op,expected", PROMOTIONS)
def test_type_promotion_follows_torch(left, shape, right, op, expected):
    a = np.ones(shape, left)
    x = al.from_numpy(a)
    if isinstance(right, tuple):
        b = np.full(right[1], 3, right[0])
        y = al.from_numpy(b)
    else:
        b, y = right, right
    got = getattr(al, op)(x, y)
    assert got.dtype.name == expected
    ref = {"add": np.add, "mul": np.multiply, "sub": np.subtract, "div": np.true_divide,
           "eq": np.equal}[op](a.astype(np.float64), np.asarray(b, np.float64))
    if op != "eq" and expected != "int8":
        np.testing.assert_allclose(got.numpy().astype(np.float64),
                                   ref.astype(expected).astype(np.float64), rtol=1e-3)
    meta = getattr(al, op)(x.to("meta"), y.to("meta") if isinstance(y, al.Tensor) else y)
    assert meta.dtype.name == expected


def test_two_tensor_dtypes_promote_by_the_current_default_dtype():
    # The promotion of a pair of dtypes is cached; the default dtype is part of the key.
    a, b = al.tensor([1, 3], dtype=al.int32), al.tensor([2, 4])
    assert al.div(a, b).dtype == al.float32
    al.set_default_dtype(al.float64)
    try:
        assert al.div(a, b).dtype == al.float64 and al.div(a, b).tolist() == [0.5, 0.75]
    finally:
        al.set_default_dtype(al.float32)
    assert al.div(a, b).dtype == al.float32
    x, mask = data((2, 3), "float32"), data((2, 3), "bool")
    got = al.from_numpy(x) * al.from_numpy(mask)
    assert got.dtype == al.float32 and got.tolist() == (x * mask).tolist()
    assert (al.from_numpy(mask) * al.tensor(2.5, dtype=al.float64)).dtype == al.float64


def test_int8_plus_large_number_wraps_like_a_c_cast():
    got = al.add(al.tensor([1], dtype=al.int8), 1000)
    assert got.tolist() == [np.int8(np.int64(1001).astype(np.int8))]


# ---- in-place and out= ----


def test_inplace_writes_self_and_bumps_the_version():
    x = al.tensor([1.0, 2.0, 3.0])
    before = x._version
    y = x.add_(al.tensor([1.0, 1.0, 1.0]), alpha=2)
    assert y is x and x.tolist() == [3.0, 4.0, 5.0]
    assert x._version == before + 1
    x += 1
    x *= al.tensor([2.0])
    assert x.tolist() == [8.0, 10.0, 12.0]


def test_inplace_refuses_a_result_it_cannot_hold():
    x = al.tensor([1, 2])
    with pytest.raises(RuntimeError, match="^al.add_: result type Float can't be cast to the "
                                           "desired output type Long$"):
        x.add_(2.5)
    with pytest.raises(RuntimeError, match="^al.div_: result type Float can't be cast to the "
                                           "desired output type Long$"):
        x /= 2
    assert x.tolist() == [1, 2]


def test_inplace_casts_a_wider_result_of_the_same_kind():
    x = al.tensor([1.5, 2.5], dtype=al.float32)
    x.add_(al.tensor([1.0, 1.0], dtype=al.float64))
    assert x.dtype == al.float32 and x.tolist() == [2.5, 3.5]


def test_inplace_shape_must_hold_the_broadcast():
    x = al.tensor([1.0, 2.0, 3.0])
    with pytest.raises(RuntimeError, match=re.escape(
            "output with shape [3] doesn't match the broadcast shape [2, 3]")):
        x.add_(al.ones(2, 3))


def test_inplace_with_overlapping_views_reads_the_old_values():
    # Dense views that partly overlap are refused, as torch does (tests/test_parity_writes.py);
    # strided ones, which torch does not check, read a copy of the old values.
    a = np.arange(6.0)
    x = al.from_numpy(a.copy())
    with pytest.raises(RuntimeError, match="some elements of the input tensor"):
        x[1:] += x[:-1]
    x.view(2, 3)[:, 1:] += x.view(2, 3)[:, :2]
    a.reshape(2, 3)[:, 1:] += a.reshape(2, 3)[:, :2].copy()
    assert x.tolist() == a.tolist()


def test_inplace_into_an_expanded_tensor_is_refused():
    x = al.ones(3).expand(2, 3)
    with pytest.raises(RuntimeError, match="more than one element of the written-to tensor"):
        x.add_(1.0)


def test_out_writes_casts_and_resizes_an_empty_out():
    x, y = al.tensor([1.0, 2.0]), al.tensor([3.0, 4.0])
    out = al.empty(0, dtype=al.float64)
    result = al.add(x, y, out=out)
    assert result is out and out.dtype == al.float64 and out.tolist() == [4.0, 6.0]
    full = al.zeros(2)
    assert al.exp(al.tensor([0.0, 1.0]), out=full) is full
    np.testing.assert_allclose(full.numpy(), [1.0, np.e], rtol=1e-6)


def test_out_with_other_elements_is_resized_with_a_warning():
    out = al.zeros(5)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        al.mul(al.ones(2), 3.0, out=out)
    assert out.tolist() == [3.0, 3.0]
    assert "An output with one or more elements was resized" in str(caught[0].message)


def test_out_refuses_a_result_it_cannot_hold():
    with pytest.raises(RuntimeError, match="^al.div: result type Float can't be cast to the "
                                           "desired output type Int$"):
        al.div(al.tensor([1, 2]), 2, out=al.zeros(2, dtype=al.int32))


def test_out_into_a_matching_tensor_gives_the_functional_result():
    # Note [Direct out=] in backends/cpu/elementwise.py: same-dtype, same-shape operands go
    # straight into out's array; views, other dtypes and integer divisors take the general
    # path. Every case must give what the functional op gives, and NumPy's values.
    rng = np.random.default_rng(5)
    xn, yn = rng.standard_normal((3, 5)), rng.standard_normal((3, 5))
    x, y = al.tensor(xn, dtype=al.float32), al.tensor(yn, dtype=al.float32)
    out = al.empty(3, 5)
    version = out._version
    assert al.mul(x, y, out=out) is out and out._version > version
    np.testing.assert_array_equal(out.numpy(), al.mul(x, y).numpy())
    np.testing.assert_allclose(out.numpy(), xn.astype(np.float32) * yn.astype(np.float32))
    assert al.add(x, y, alpha=2, out=out) is out
    np.testing.assert_array_equal(out.numpy(), al.add(x, y, alpha=2).numpy())
    assert al.exp(out, out=out) is out  # out is the input itself: read before written
    np.testing.assert_array_equal(out.numpy(), al.exp(al.add(x, y, alpha=2)).numpy())
    wide = al.zeros(3, 10)
    al.sub(x, y, out=wide[:, ::2])  # a view: the general path
    np.testing.assert_array_equal(wide[:, ::2].numpy(), al.sub(x, y).numpy())
    assert wide[:, 1::2].numpy().tolist() == np.zeros((3, 5)).tolist()
    ints = al.tensor([[4, 9]])
    quotient = al.empty(1, 2, dtype=al.int64)
    with pytest.raises(ZeroDivisionError, match="al.floor_divide: integer division by zero"):
        al.floor_divide(ints, al.tensor([[2, 0]]), out=quotient)
    assert al.floor_divide(ints, al.tensor([[2, 4]]), out=quotient).tolist() == [[2, 2]]
    with pytest.raises(RuntimeError, match="Float can't be cast to the desired output type Int"):
        al.exp(x, out=al.empty(3, 5, dtype=al.int32))


def test_reduction_out_and_composite_inplace():
    out = al.empty(0, dtype=al.int64)
    assert al.sum(al.tensor([[1, 2], [3, 4]]), 0, out=out).tolist() == [4, 6]
    x = al.tensor([-2.0, 0.5, 3.0])
    assert x.clamp_(-1.0, 1.0) is x and x.tolist() == [-1.0, 0.5, 1.0]


# ---- errors shared by the elementwise ops ----


def test_incompatible_shapes_name_both():
    with pytest.raises(RuntimeError, match=re.escape(
            "shapes (2, 3) and (4,) cannot be broadcast: size 3 and size 4 differ in "
            "dimension -1 (sizes must match or be 1)")):
        al.add(al.ones(2, 3), al.ones(4))


@pytest.mark.parametrize("op", ["floor_divide", "remainder"])
def test_integer_division_by_zero_raises_before_cpp(op):
    x = al.tensor([4, 5])
    for divisor in (al.tensor([1, 0]), 0):
        with pytest.raises(ZeroDivisionError, match=f"^al.{op}: integer division by zero$"):
            getattr(al, op)(x, divisor)
    assert al.floor_divide(al.tensor([1.0]), 0.0).tolist() == [float("inf")]
    # With no elements to compute, a zero divisor divides nothing (torch returns empty too).
    empty = al.ones(0, 3, dtype=al.int64)
    assert getattr(al, op)(empty, al.tensor([1, 0, 1])).shape == (0, 3)
    assert getattr(al, op)(al.ones(0, dtype=al.int32), 0).shape == (0,)
    assert getattr(empty, op + "_")(al.tensor([1, 0, 1])) is empty


@pytest.mark.parametrize("call", [
    lambda x: al.pow(x, -1), lambda x: x ** al.tensor([1, -2]), lambda x: x.pow_(-1),
    lambda x: al.pow(2, al.tensor([3, -1])),
])
def test_integer_to_negative_integer_power_raises(call):
    x = al.tensor([2, 3])
    with pytest.raises(RuntimeError, match=r"^al\.pow: integers to negative integer powers are "
                       r"not allowed \(exponent -\d\); use a floating point base or exponent$"):
        call(x)
    assert x.tolist() == [2, 3]  # the in-place form refused before writing
    # A float on either side makes it a float power, as in torch and NumPy.
    np.testing.assert_allclose(al.pow(x, -1.0).numpy(), [0.5, 1 / 3], rtol=1e-6)
    assert (x ** al.tensor([0, 2])).tolist() == [1, 9]


def test_inplace_ops_on_empty_tensors():
    # NumPy gives empty arrays zero strides: they must not read as an expanded tensor.
    x = al.ones(0, 3)
    assert x.add_(1) is x and x.mul_(al.ones(3)) is x and x.clamp_(0, 1) is x
    out = al.empty(0, 3)
    assert al.add(al.ones(0, 3), 1, out=out) is out and out.shape == (0, 3)


@pytest.mark.parametrize("make, message", [
    (lambda: al.zeros(1).expand(3),
     "unsupported operation: more than one element of the written-to tensor refers to a "
     "single memory location. Please clone() the tensor before performing the operation."),
    (lambda: _read_only_tensor(),
     "cannot write into this tensor: it shares a read-only NumPy array; clone() it first"),
])
def test_every_write_path_refuses_an_unwritable_destination(make, message):
    # out= of reductions, of named kernels (mm) and of composite ops copy their result into
    # the destination in Python: each must explain, not fail inside NumPy.
    writes = [
        lambda d: d.add_(1.0),
        lambda d: al.add(al.ones(3), 1.0, out=d),
        lambda d: al.sum(al.ones(3, 2), 1, out=d),
        lambda d: al.mm(al.ones(3, 1), al.ones(1, 1), out=d.view(3, 1)),
        lambda d: al.div(al.ones(3), 2, rounding_mode="floor", out=d),
        lambda d: al.clamp(al.ones(3), 0, 1, out=d),
        lambda d: d.div_(2, rounding_mode="trunc"),
        lambda d: d.relu_(),
    ]
    for write in writes:
        dest = make()
        with pytest.raises(RuntimeError) as e:
            write(dest)
        assert named(str(e.value), message)


def _read_only_tensor():
    a = np.zeros(3, np.float32)  # the default dtype: mm takes only an out= of its own dtype
    a.flags.writeable = False
    return al.from_numpy(a)


def test_div_rounding_mode_errors_and_results():
    a, b = al.tensor([-7, 7]), al.tensor([2, 2])
    assert al.div(a, b, rounding_mode="trunc").tolist() == [-3, 3]
    assert al.div(a, b, rounding_mode="floor").tolist() == [-4, 3]
    assert al.div(a, b, rounding_mode=None).tolist() == [-3.5, 3.5]
    with pytest.raises(ValueError, match="^al.div: div expected rounding_mode to be one of None, "
                                         "'trunc', or 'floor' but found 'round'$"):
        al.div(a, b, rounding_mode="round")


def test_div_inplace_takes_a_rounding_mode():
    x = al.tensor([-7, 7])
    assert x.div_(2, rounding_mode="floor") is x and x.tolist() == [-4, 3]
    y = al.tensor([-7.0, 7.0])
    assert y.div_(al.tensor(2.0), rounding_mode="trunc").tolist() == [-3.0, 3.0]
    assert y.div_(2).tolist() == [-1.5, 1.5]
    v = y._version
    y.div_(1, rounding_mode="floor")
    assert y._version > v
    with pytest.raises(RuntimeError, match="^al.div_: result type Float can't be cast to the "
                                           "desired output type Long$"):
        al.tensor([1, 2]).div_(2, rounding_mode=None)
    assert al.empty(2, device="meta").div_(2, rounding_mode="floor").shape == (2,)


# ---- reductions and linear algebra: what the table cannot say ----


def test_reduction_dtypes_and_options():
    x = al.tensor([[1, 2], [3, 4]], dtype=al.int32)
    assert al.sum(x).dtype == al.int64 and al.prod(x).item() == 24
    assert al.sum(x, dtype=al.float64).dtype == al.float64
    assert al.sum(al.tensor([True, True, False])).item() == 2
    assert al.amax(x, (0, 1)).item() == 4 and x.amin(1).tolist() == [1, 3]
    assert np.isnan(al.mean(al.ones(0)).item())


def test_all_and_any_over_no_dims_reduce_nothing():
    # torch and NumPy agree here (unlike sum(x, ()), which torch reads as every dim).
    a = np.array([[1, 0], [1, 1]])
    x = al.from_numpy(a)
    for device in ("cpu", "meta"):
        t = x.to(device)
        assert al.all(t, ()).shape == (2, 2) and al.any(t, [], keepdim=True).shape == (2, 2)
    np.testing.assert_array_equal(al.all(x, ()).numpy(), np.all(a, axis=()))
    np.testing.assert_array_equal(al.any(x.t(), ()).numpy(), np.any(a.T, axis=()))
    assert al.all(x, (0, 1)).item() is False and al.sum(x, ()).item() == 3


def test_empty_reductions_follow_torch():
    assert al.logsumexp(al.ones(0), 0).item() == float("-inf")
    assert al.logsumexp(al.ones(0, 3), 0, keepdim=True).tolist() == [[float("-inf")] * 3]
    assert al.logsumexp(al.ones(0, 3), 1).shape == (0,)
    assert al.logsumexp(al.ones(0, 3, device="meta"), 0).shape == (3,)
    for op in ("max", "min"):
        with pytest.raises(RuntimeError) as e:
            getattr(al.ones(2, 0), op)()
        assert str(e.value) == (
            f"{op}(): Expected reduction dim to be specified for input.numel() == 0. "
            "Specify the reduction dim with the 'dim' argument.")


def test_reduction_errors():
    x = al.ones(2, 3)
    with pytest.raises(NotImplementedError, match=re.escape(
            "al.mean: not implemented for 'int64'; supported: float16, float32, float64")):
        al.mean(al.tensor([1, 2]))
    with pytest.raises(IndexError, match=re.escape(
            "al.amax(): expected reduction dim 0 to have non-zero size (shape (0, 3))")):
        al.amax(al.ones(0, 3), 0)
    with pytest.raises(IndexError, match=re.escape(
            "Dimension out of range (expected to be in range of [-2, 1], but got 2)")):
        al.sum(x, 2)
    with pytest.raises(RuntimeError, match=re.escape(
            "dim 1 appears multiple times in the list of dims [1, -1]")):
        al.sum(x, (1, -1))


def test_int_list_arguments_take_plain_ints_fast_and_the_rest_through_the_parser():
    x = al.ones(2, 3)
    # NumPy ints are converted by the parser; the result is the same.
    assert x.view(np.int64(3), 2).shape == x.view(3, 2).shape == (3, 2)
    assert x.sum((np.int64(1),)).tolist() == x.sum((1,)).tolist() == [3.0, 3.0]
    assert al.ones(3).expand([2, 3]).shape == x.expand(4, 2, 3, implicit=False).shape[1:]
    with pytest.raises(TypeError, match=re.escape("argument 'dim[0]' must be int, not bool")):
        x.sum([True])
    with pytest.raises(TypeError, match=re.escape("argument 'shape[0]' must be int, not float")):
        x.reshape(2.0, 3)
    with pytest.raises(TypeError, match=re.escape("missing argument 'size'")):
        x.view()


def test_softmax_follows_torch_on_infinities_and_dtype():
    inf = float("inf")
    x = al.tensor([[-inf, -inf], [0.0, -inf], [inf, 1.0]])
    got = al.softmax(x, 1).tolist()
    assert np.isnan(got[0]).all() and got[1] == [1.0, 0.0] and np.isnan(got[2]).all()
    assert al.log_softmax(x, 1).tolist()[1] == [0.0, -inf]
    # dtype= converts first, so an integer tensor may be given with a floating dtype.
    probs = al.softmax(al.tensor([1, 2]), 0, dtype=al.float64)
    assert probs.dtype == al.float64
    np.testing.assert_allclose(probs.numpy(), np.exp([1, 2]) / np.exp([1, 2]).sum())
    with pytest.raises(NotImplementedError, match=re.escape(
            "al.log_softmax: not implemented for 'int32'; supported: float16, float32, "
            "float64")):
        al.log_softmax(al.ones(2), 0, dtype=al.int32)
    with pytest.raises(IndexError, match=re.escape(
            "Dimension out of range (expected to be in range of [-2, 1], but got 2)")):
        al.softmax(al.ones(2, 3, device="meta"), 2)


def test_reduction_plans_are_per_shape_dtype_and_options_and_errors_repeat():
    # A reduction plans once per (shape, dtype, dim, keepdim, dtype=): calls differing in
    # any of them must each get their own result, and a refused call is refused again.
    a = np.arange(6, dtype=np.int32).reshape(2, 3)
    x = al.from_numpy(a)
    assert x.sum(1).tolist() == [3, 12] and x.sum(1).dtype == al.int64
    assert x.sum(1, keepdim=True).tolist() == [[3], [12]]
    assert x.sum([1], dtype=al.float64).dtype == al.float64
    assert x.float().sum(1).dtype == al.float32
    assert al.from_numpy(a.T.copy()).sum(1).tolist() == [3, 5, 7]
    for _ in range(2):
        with pytest.raises(IndexError, match=re.escape(
                "al.amax(): expected reduction dim 0 to have non-zero size (shape (0, 3))")):
            al.amax(al.ones(0, 3), 0)


def test_max_returns_values_and_indices_named():
    x = al.tensor([[1.0, 5.0, 5.0], [7.0, 2.0, 0.0]])
    values, indices = al.max(x, 1)
    assert values.tolist() == [5.0, 7.0] and indices.tolist() == [1, 0]
    r = x.min(dim=0, keepdim=True)
    assert r.values.tolist() == [[1.0, 2.0, 0.0]] and r.indices.tolist() == [[0, 1, 1]]
    assert al.max(x).item() == 7.0 and al.max(x, al.tensor(6.0)).tolist()[0] == [6.0, 6.0, 6.0]


def test_linear_algebra_shape_errors():
    with pytest.raises(RuntimeError, match=re.escape(
            "mm: shapes (2, 3) and (2, 3) cannot be multiplied (3 != 2)")):
        al.mm(al.ones(2, 3), al.ones(2, 3))
    with pytest.raises(RuntimeError, match=re.escape(
            "dot: 1D tensors expected, but got 2D and 1D tensors")):
        al.dot(al.ones(2, 2), al.ones(2))
    with pytest.raises(RuntimeError, match=re.escape(
            "matmul: both arguments need at least 1 dimension, got shapes () and (2,)")):
        al.matmul(al.tensor(1.0), al.ones(2))
    with pytest.raises(RuntimeError, match=re.escape(
            "mm: expected both tensors to have the same dtype, got float32 and float64")):
        al.mm(al.ones(2, 2), al.ones(2, 2, dtype=al.float64))


def test_where_and_clamp_errors():
    with pytest.raises(RuntimeError, match=re.escape(
            "where expected condition to be a boolean tensor, but got a tensor with dtype "
            "float32")):
        al.where(al.ones(2), al.ones(2), al.zeros(2))
    with pytest.raises(RuntimeError, match="^clamp: at least one of 'min' or 'max' must not be "
                                           "None$"):
        al.clamp(al.ones(2))
    assert al.where(al.tensor([True, False]), 1.0, al.zeros(2)).tolist() == [1.0, 0.0]
    assert al.clamp(al.tensor([1, 5]), 0.5, 2.5).tolist() == [1.0, 2.5]


@pytest.mark.parametrize("device", ["cpu", "meta"])
def test_float_alpha_is_refused_for_integer_inputs(device):
    x = al.tensor([1, 2], device=device)
    with pytest.raises(RuntimeError, match=re.escape(
            "al.add: alpha=2.5 is a float but the op computes in int64; for integral and bool "
            "inputs pass an int")):
        al.add(x, x, alpha=2.5)
    assert al.add(x, x, alpha=2).dtype == al.int64


def test_matmul_errors_name_matmul():
    with pytest.raises(RuntimeError, match=re.escape(
            "matmul: shapes (2, 3) and (2, 3) cannot be multiplied (3 != 2)")):
        al.ones(2, 3) @ al.ones(2, 3)
    with pytest.raises(RuntimeError, match=re.escape(
            "matmul: shapes (2, 2, 3) and (4, 3, 2) cannot be multiplied: their batch dims (2,) "
            "and (4,) do not broadcast")):
        al.matmul(al.ones(2, 2, 3), al.ones(4, 3, 2))


def _blas_threads() -> list[int]:
    from threadpoolctl import threadpool_info

    return [info["num_threads"] for info in threadpool_info() if info["user_api"] == "blas"]


def test_set_num_threads_also_caps_numpy_blas():
    # matmul runs in NumPy's BLAS, so the thread count must reach it too.
    from threadpoolctl import threadpool_limits

    ours, blas = al.get_num_threads(), _blas_threads()
    assert blas, "NumPy should have loaded a BLAS"
    try:
        for n in (1, 2):
            al.set_num_threads(n)
            assert al.get_num_threads() == n and _blas_threads() == [n] * len(blas)
            x = al.ones(64, 64)
            assert (x @ x).tolist()[0][0] == 64.0
    finally:
        al.set_num_threads(ours)
        threadpool_limits(limits=blas[0], user_api="blas")


def test_float32_exp_is_within_one_ulp_everywhere():
    # al.exp on float32 is our own inlined exp (Note [Float exp] in aten_lite/csrc/scalar_math.h):
    # every 4096th float bit pattern (~1M values, all signs and exponents) plus the edge cases,
    # against NumPy's float64 exp, in units in the last place of the float32 result.
    bits = np.arange(0, 2**32, 4096, dtype=np.uint64).astype(np.uint32) + np.uint32(1234)
    edges = np.array([0.0, -0.0, 1e-45, -1e-45, 1e-8, -1e-8, 0.34657359, -0.34657359, 1.0, -1.0,
                      88.72283, 88.72284, 88.7229, 89.0, 100.0, 120.0, 1e30, -87.33654, -87.34,
                      -100.0, -103.27893, -103.97208, -103.98, -104.0, -120.0, -1e30,
                      np.inf, -np.inf, np.nan], dtype=np.float32)
    x = np.concatenate([bits.view(np.float32), edges])
    x = x[~np.isnan(x)]
    got = al.exp(al.from_numpy(x)).numpy().astype(np.float64)
    with np.errstate(over="ignore"):
        ref = np.minimum(np.exp(x.astype(np.float64)), 2.0**128)  # float32 inf counts as 2^128
    got[np.isinf(got)] = 2.0**128
    _, e = np.frexp(ref)
    ulp = np.ldexp(1.0, np.maximum(e - 24, -149))
    err = np.abs(got - ref) / ulp
    worst = int(np.argmax(err))
    assert err[worst] <= 1.0, f"exp({x[worst]!r}) = {got[worst]!r}, want {ref[worst]!r}"
    special = al.exp(al.tensor([np.nan, np.inf, -np.inf, -0.0, 89.0, -104.0],
                               dtype=al.float32)).tolist()
    assert np.isnan(special[0]) and special[1:] == [np.inf, 0.0, 1.0, np.inf, 0.0]
    assert not np.signbit(special[2]) and not np.signbit(special[5])

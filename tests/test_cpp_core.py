"""The C++ side: aten_lite._C called directly on NumPy arrays (NumPy is the oracle), and the
C++ emitter and incremental build that produce it.

Kernels are called as ``kernel(dtype_code, out, *tensors, *scalars)`` and return the path code
(0 contiguous, 1 scalar operand / row reduction, 2 strided). Kernel tests skip when the
extension has not been built (``pip install -e .`` or ``aten-lite-gen``).
"""

from __future__ import annotations

import re
import shutil
import types
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pytest

from tools.codegen import api_cpp, emit_cpp, vocab
from tools.codegen import build as cpp_build
from tools.codegen.model import FunctionSchema
from tools.codegen.spec import Elementwise, Location, SpecError

try:
    from aten_lite import _C
except ImportError:  # not built: the kernel tests skip, the generator and build tests run
    _C = None

REPO = Path(__file__).resolve().parents[1]
CODE = {name: code for code, name in enumerate(vocab.DTYPES)}
INTEGRAL = ("uint8", "int8", "int16", "int32", "int64")
FLOATING = ("float16", "float32", "float64")
RNG = np.random.default_rng(0)


def core():
    if _C is None:
        pytest.skip("the C++ extension aten_lite._C is not built")
    return _C


def kernel(name: str):
    return core().get_kernel(name)


def sample(shape, dtype, low=-50, high=50):
    """Random values of `dtype`; unsigned and bool stay in range."""
    dtype = np.dtype(dtype)
    if dtype == np.bool_:
        values = RNG.random(shape) < 0.5
    elif dtype.kind == "u":
        values = RNG.integers(0, high, size=shape)
    elif dtype.kind == "i":
        values = RNG.integers(low, high, size=shape)
    else:
        values = RNG.standard_normal(shape) * 10
    return np.asarray(values, dtype)  # an ndarray even for shape ()


def call(name, out_dtype, *inputs, scalars=(), out_shape=None):
    """Runs a kernel into a fresh out; returns (out, path code)."""
    shape = out_shape if out_shape is not None else np.broadcast_shapes(*(x.shape for x in inputs))
    out = np.empty(shape, out_dtype)
    path = kernel(name)(CODE[inputs[0].dtype.name], out, *inputs, *scalars)
    return out, path


@pytest.fixture
def threads():
    """Restores the thread count a test changes."""
    before = core().get_num_threads()
    yield
    _C.set_num_threads(before)


# ---- the registry ------------------------------------------------------------------------

def test_dtype_codes_are_the_vocabulary_order():
    assert core().DTYPE_NAMES == vocab.DTYPES


def test_kernel_describes_itself():
    k = kernel("add.Tensor")
    assert (k.name, k.kind, k.out_kind, k.n_tensors, k.n_scalars) == (
        "add.Tensor", "elementwise", "same", 2, 1)
    assert (k.tensor_names, k.scalar_names) == (("self", "other"), ("alpha",))
    assert kernel("sum").tensor_names == ("self",) and kernel("sum").scalar_names == ()
    assert k.dtypes == tuple(range(10))
    assert repr(k) == ("<aten_lite._C.Kernel add.Tensor: elementwise, 2 tensors, 1 scalars; "
                       "dtypes bool, uint8, int8, int16, int32, int64, float16, float32, float64, "
                       "bfloat16>")
    assert kernel("exp").dtypes == (6, 7, 8, 9)
    assert kernel("eq.Tensor").out_kind == "bool"
    assert (kernel("sum").kind, kernel("sum").out_kind) == ("reduction", "wide_int")


def test_kernel_names_are_sorted_and_include_generated_ops():
    names = core().kernel_names()
    assert names == sorted(names)
    assert {"add.Tensor", "relu", "sum", "eq.Tensor"} <= set(names)


def test_unknown_kernel_lists_the_registered_ones():
    with pytest.raises(KeyError) as info:
        core().get_kernel("nope")
    assert info.value.args[0] == ("no C++ kernel named 'nope'; registered: "
                                  + ", ".join(_C.kernel_names()))


def test_kernel_objects_come_only_from_get_kernel():
    with pytest.raises(TypeError, match="cannot create 'aten_lite._C.Kernel' instances"):
        type(kernel("relu"))()


# ---- elementwise: dtypes, broadcasting, strides -------------------------------------------

@pytest.mark.parametrize("dtype", vocab.DTYPES)
def test_add_every_dtype(dtype):
    a, b = sample((7, 5), dtype), sample((7, 5), dtype)
    alpha = True if dtype == "bool" else 2
    out, path = call("add.Tensor", dtype, a, b, scalars=(alpha,))
    if dtype == "bool":
        expected = a | b  # bool addition is logical or, as in torch
    elif dtype in ("float16", "bfloat16"):  # computed in float, rounded once
        expected = (a.astype(np.float32) + 2 * b.astype(np.float32)).astype(a.dtype)
    else:
        expected = (a + alpha * b).astype(dtype)  # integers wrap
    np.testing.assert_array_equal(out, expected)
    assert path == 0


@pytest.mark.parametrize("shapes", [
    ((3, 1, 5), (4, 5)), ((1,), (2, 3)), ((), (2, 3)), ((5,), ()), ((2, 1), (1, 3)),
    ((4, 1, 1, 3), (1, 2, 5, 1)),
])
def test_broadcasting(shapes):
    a, b = sample(shapes[0], "float64"), sample(shapes[1], "float64")
    out, _ = call("add.Tensor", "float64", a, b, scalars=(1,))
    np.testing.assert_array_equal(out, a + b)


def test_path_codes():
    a, b = sample((64, 32), "float32"), sample((64, 32), "float32")
    add = kernel("add.Tensor")
    out = np.empty((64, 32), np.float32)
    assert add(7, out, a, b, 1) == 0
    assert add(7, out, a, np.array(3.0, np.float32), 1) == 1
    assert add(7, out, a, b[0], 1) == 2  # a row broadcast over the rows
    assert add(7, out, a, b[::-1], 1) == 2
    np.testing.assert_array_equal(out, a + b[::-1])


@pytest.mark.parametrize("view", ["reversed", "step", "transposed", "broadcast", "column"])
def test_any_input_strides(view):
    base = sample((40, 30), "float32")
    x = {"reversed": base[::-1, ::-1], "step": base[::2, 1::3],
         "transposed": base.T, "broadcast": np.broadcast_to(base[:1], (40, 30)),
         "column": base[:, 3:4]}[view]
    y = sample(x.shape, "float32")
    out, _ = call("mul.Tensor", "float32", x, y)
    np.testing.assert_array_equal(out, x * y)


def test_strided_and_transposed_out():
    a, b = sample((20, 30), "int32"), sample((20, 30), "int32")
    holder = np.zeros((30, 40), np.int32)
    out = holder[:, ::2].T  # (20, 30), neither C nor F contiguous
    kernel("sub.Tensor")(CODE["int32"], out, a, b, 3)
    np.testing.assert_array_equal(out, a - 3 * b)
    assert not holder[:, 1::2].any()  # nothing written between the strided columns


def test_transposed_input_takes_the_tiled_loop():
    a, b = sample((300, 270), "float32"), sample((270, 300), "float32")
    out, path = call("add.Tensor", "float32", a.T, b, scalars=(1,))
    np.testing.assert_array_equal(out, a.T + b)
    assert path == 2
    batched = sample((2, 300, 270), "float64")
    out, _ = call("add.Tensor", "float64", batched.transpose(0, 2, 1), b.astype(np.float64),
                  scalars=(1,))
    np.testing.assert_array_equal(out, batched.transpose(0, 2, 1) + b)


def test_in_place_aliasing():
    a = sample((1000,), "float64")
    expected = a + 2 * a
    kernel("add.Tensor")(CODE["float64"], a, a, a, 2)
    np.testing.assert_array_equal(a, expected)


def test_empty_and_zero_dim():
    a = sample((0, 3), "float32")
    out, path = call("add.Tensor", "float32", a, a, scalars=(1,))
    assert out.shape == (0, 3) and path == 0
    x, y = np.array(2.5, np.float32), np.array(-1.0, np.float32)
    out, path = call("add.Tensor", "float32", x, y, scalars=(1,))
    assert out.shape == () and out[()] == 1.5 and path == 0


def test_large_outputs_stream_correctly_from_unaligned_views():
    # 16 MB of output takes the streaming-store loop; offset views start off a cache line.
    n = (16 << 20) // 4 + 101
    a, b = sample((n + 1,), "float32")[1:], sample((n,), "float32")
    out_holder = np.empty(n + 1, np.float32)
    out = out_holder[1:]
    assert kernel("add.Tensor")(CODE["float32"], out, a, b, 1) == 0
    np.testing.assert_array_equal(out, a + b)
    assert kernel("mul.Tensor")(CODE["float32"], out, a, np.array(3, np.float32)) == 1
    np.testing.assert_array_equal(out, a * np.float32(3))


# ---- scalar functions --------------------------------------------------------------------

@pytest.mark.parametrize("dtype", FLOATING)
@pytest.mark.parametrize("op", ["exp", "sigmoid", "tanh", "log1p", "sqrt", "sin"])
def test_unary_floating(op, dtype):
    x = sample((257,), dtype) / 4
    if op in ("log1p", "sqrt"):
        x = np.abs(x)
    ref = {"exp": np.exp, "sigmoid": lambda v: 1 / (1 + np.exp(-v)), "tanh": np.tanh,
           "log1p": np.log1p, "sqrt": np.sqrt, "sin": np.sin}[op]
    out, _ = call(op, dtype, x)
    expected = ref(x.astype(np.float64)).astype(dtype)
    rtol = {"float16": 1e-3, "float32": 1e-6, "float64": 1e-13}[dtype]
    np.testing.assert_allclose(out, expected, rtol=rtol, atol=0)


def test_unary_special_values():
    x = np.array([np.nan, np.inf, -np.inf, 100.0, -200.0, 0.0, -0.0], np.float32)
    out, _ = call("exp", "float32", x)
    with np.errstate(over="ignore"):
        np.testing.assert_array_equal(out, np.exp(x))
    sign, _ = call("sign", "float32", x)
    np.testing.assert_array_equal(sign, [0, 1, -1, 1, -1, 0, 0])  # sign(nan) is 0, as torch


@pytest.mark.parametrize("dtype", INTEGRAL)
def test_integer_unary_wraps_like_torch(dtype):
    info = np.iinfo(dtype)
    x = np.array([info.min, info.max, 0, 1], dtype)
    neg, _ = call("neg", dtype, x)
    np.testing.assert_array_equal(neg, (0 - x.astype(np.int64)).astype(dtype))
    absolute, _ = call("abs", dtype, x)
    np.testing.assert_array_equal(absolute, np.abs(x))  # abs(INT_MIN) stays INT_MIN
    relu, _ = call("relu", dtype, x)
    np.testing.assert_array_equal(relu, np.maximum(x, 0))


@pytest.mark.parametrize("dtype", ["int8", "int32", "int64", "float32", "float64"])
def test_floor_divide_and_remainder_follow_python(dtype):
    a = np.array([7, -7, 7, -7, 0, 5, -6], dtype)
    b = np.array([2, 2, -2, -2, 3, -3, 4], dtype)
    q, _ = call("floor_divide", dtype, a, b)
    r, _ = call("remainder.Tensor", dtype, a, b)
    np.testing.assert_array_equal(q, np.floor_divide(a, b))
    np.testing.assert_array_equal(r, np.remainder(a, b))


@pytest.mark.parametrize("dtype", ["int8", "int64", "uint8"])
def test_integer_division_by_zero_does_not_trap(dtype):
    info = np.iinfo(dtype)
    a = np.array([5, info.min, info.min, 0], dtype)
    b = np.array([0, 0, -1 if info.min else 0, 0], dtype)
    q, _ = call("floor_divide", dtype, a, b)
    r, _ = call("remainder.Tensor", dtype, a, b)
    np.testing.assert_array_equal(q, [0, 0, info.min, 0])  # INT_MIN // -1 wraps
    np.testing.assert_array_equal(r, [0, 0, 0, 0])


def test_float_floor_divide_edge_cases():
    a = np.array([-7.0, 7.0, 5.0, -0.0, 1.0, 0.0], np.float64)
    b = np.array([2.0, -2.0, 0.0, 3.0, 0.1, 0.0], np.float64)
    q, _ = call("floor_divide", "float64", a, b)
    with np.errstate(divide="ignore", invalid="ignore"):
        np.testing.assert_array_equal(q, np.floor_divide(a, b))
    assert np.signbit(q[3])


def test_integer_pow_with_negative_exponents():
    base = np.array([2, -1, -1, 1, 3, 0, -2], np.int64)
    exponent = np.array([-1, -3, -2, -5, 4, 0, 3], np.int64)
    out, _ = call("pow.Tensor_Tensor", "int64", base, exponent)
    np.testing.assert_array_equal(out, [0, -1, 1, 1, 81, 1, -8])


@pytest.mark.parametrize("op", ["maximum", "minimum"])
def test_maximum_minimum_propagate_nan(op):
    a = np.array([1.0, np.nan, 3.0, -np.inf], np.float32)
    b = np.array([np.nan, 2.0, 1.0, 0.0], np.float32)
    out, _ = call(op, "float32", a, b)
    np.testing.assert_array_equal(out, getattr(np, op)(a, b))


def test_round_half_to_even():
    x = np.array([0.5, 1.5, 2.5, -0.5, -1.5, 2.4999, 1e20], np.float64)
    out, _ = call("round", "float64", x)
    np.testing.assert_array_equal(out, np.round(x))


@pytest.mark.parametrize("dtype", ["bool", "int16", "float16", "float64"])
def test_comparison_writes_bool(dtype):
    a, b = sample((6, 4), dtype), sample((1, 4), dtype)
    b[0, 0] = a[0, 0]
    out, _ = call("eq.Tensor", np.bool_, a, b)
    np.testing.assert_array_equal(out, a == b)
    out, _ = call("logical_and", np.bool_, a, b)
    np.testing.assert_array_equal(out, (a != 0) & (b != 0))


# ---- threads ------------------------------------------------------------------------------

def test_thread_count(threads):
    _C.set_num_threads(2)
    assert _C.get_num_threads() == 2
    with pytest.raises(ValueError) as info:
        _C.set_num_threads(0)
    assert str(info.value) == "set_num_threads: expected 1 <= n <= 1024, got 0"
    with pytest.raises(TypeError) as info:
        _C.set_num_threads("2")
    assert str(info.value) == "set_num_threads: expected an int, got str"


def test_results_do_not_depend_on_the_thread_count(threads):
    a = sample((300, 700), "float32")
    b = sample((700,), "float32")
    big = sample((1 << 20,), "float32")
    results = []
    for n in (1, 2):
        _C.set_num_threads(n)
        out, _ = call("add.Tensor", "float32", a, b, scalars=(1,))
        tr, _ = call("mul.Tensor", "float32", a.T.copy(), a.T)
        total, _ = call("sum", "float32", big, out_shape=())
        rows, _ = call("sum", "float32", a.T, out_shape=(700,))
        results.append((out, tr, total, rows))
    for one, two in zip(*results):
        np.testing.assert_array_equal(one, two)
    np.testing.assert_array_equal(results[0][0], a + b)


# ---- reductions ---------------------------------------------------------------------------

def reduce_call(name, x, axes, out_dtype):
    """Moves `axes` last (what the Python runtime does) and reduces them into a fresh out."""
    kept = [d for d in range(x.ndim) if d not in axes]
    permuted = x.transpose(kept + list(axes))
    out = np.empty([x.shape[d] for d in kept], out_dtype)
    path = kernel(name)(CODE[x.dtype.name], out, permuted)
    return out, path


@pytest.mark.parametrize("axes, path", [((2,), 0), ((1, 2), 0), ((0, 1, 2), 0), ((0,), 1),
                                        ((1,), 1), ((0, 2), 2), ((), 2)])
def test_sum_over_dims(axes, path):
    x = sample((6, 5, 40), "float64")
    out, got = reduce_call("sum", x, axes, np.float64)
    np.testing.assert_allclose(out, x.sum(axis=axes), rtol=1e-12)
    assert got == path


def test_sum_of_strided_input():
    x = sample((6, 5, 40), "float32")[:, ::2, ::3]
    out, path = reduce_call("sum", x, (2,), np.float32)
    np.testing.assert_allclose(out, x.sum(axis=2, dtype=np.float64), rtol=1e-5)
    assert path == 2


@pytest.mark.parametrize("dtype", ["bool", "uint8", "int8", "int32", "int64"])
def test_integer_and_bool_sums_are_int64(dtype):
    x = sample((3, 200), dtype, low=-128, high=127)
    out, _ = reduce_call("sum", x, (1,), np.int64)
    np.testing.assert_array_equal(out, x.astype(np.int64).sum(axis=1))
    with pytest.raises(TypeError, match="out has dtype"):
        reduce_call("sum", x, (1,), x.dtype if dtype != "int64" else np.float64)


def test_float32_sum_is_accurate():
    x = (RNG.random(3_000_001) + 1e3).astype(np.float32)
    out, _ = reduce_call("sum", x, (0,), np.float32)
    exact = x.astype(np.float64).sum()
    assert abs(float(out) - exact) <= 2 * np.spacing(np.float32(exact))


def test_float16_mean_and_sum():
    x = sample((4, 300), "float16")
    out, _ = reduce_call("mean", x, (1,), np.float16)
    np.testing.assert_allclose(out, x.astype(np.float64).mean(axis=1), rtol=2e-3, atol=1e-3)
    out, _ = reduce_call("sum", x, (0,), np.float16)
    np.testing.assert_allclose(out, x.astype(np.float64).sum(axis=0), rtol=2e-3, atol=1e-2)


@pytest.mark.parametrize("name, ref", [("amax", np.max), ("amin", np.min), ("prod", np.prod)])
@pytest.mark.parametrize("dtype", ["int16", "float32", "float64"])
def test_other_reducers(name, ref, dtype):
    x = sample((5, 7, 9), dtype, low=-3, high=4)
    if name == "prod" and dtype != "int16":
        x = x / 10 + 1
    out_dtype = np.int64 if name == "prod" and dtype == "int16" else dtype
    for axes in ((2,), (0,), (0, 2)):
        out, _ = reduce_call(name, x, axes, out_dtype)
        np.testing.assert_allclose(out, ref(x, axis=axes).astype(out_dtype), rtol=1e-6)


def test_amax_amin_propagate_nan():
    x = sample((3, 50), "float32")
    x[1, 17] = np.nan
    for name, ref in (("amax", np.max), ("amin", np.min)):
        out, _ = reduce_call(name, x, (1,), np.float32)
        np.testing.assert_array_equal(out, ref(x, axis=1))
        out, _ = reduce_call(name, x, (0, 1), np.float32)
        assert np.isnan(out)


@pytest.mark.parametrize("dtype", ["bool", "int32", "float64"])
def test_all_any(dtype):
    x = sample((4, 9), dtype, low=0, high=3)
    if dtype == "float64":
        x = np.round(x) * (RNG.random((4, 9)) < 0.7)
        x[0, 0] = np.nan  # NaN is truthy
    x[3] = 1
    for name, ref in (("all", np.all), ("any", np.any)):
        for axes in ((1,), (0,), (0, 1)):
            out, _ = reduce_call(name, x, axes, np.bool_)
            np.testing.assert_array_equal(out, ref(x, axis=axes))


def test_empty_reductions_give_the_identity():
    x = np.zeros((3, 0), np.float32)
    assert reduce_call("sum", x, (1,), np.float32)[0].tolist() == [0, 0, 0]
    assert reduce_call("prod", x, (1,), np.float32)[0].tolist() == [1, 1, 1]
    assert np.isnan(reduce_call("mean", x, (1,), np.float32)[0]).all()
    assert reduce_call("all", x, (1,), np.bool_)[0].tolist() == [True] * 3
    assert reduce_call("any", x, (1,), np.bool_)[0].tolist() == [False] * 3
    assert reduce_call("sum", x, (0,), np.float32)[0].shape == (0,)


# ---- errors -------------------------------------------------------------------------------

def raises(exc, message, k, *args, **kwargs):
    with pytest.raises(exc) as info:
        k(*args, **kwargs)
    assert str(info.value) == message


def test_argument_errors():
    add = kernel("add.Tensor")
    a = np.ones((2, 4), np.float32)
    out = np.empty((2, 4), np.float32)
    raises(TypeError, "add.Tensor: expected 5 arguments (dtype code, out, self, other, alpha), "
           "got 3", add, 7, out, a)
    raises(TypeError, "add.Tensor: kernels take no keyword arguments", add, 7, out, a, a,
           alpha=1)
    raises(TypeError, "add.Tensor: the first argument must be an int dtype code, got str",
           add, "float32", out, a, a, 1)
    raises(ValueError, "add.Tensor: dtype code 10 out of range; valid codes are 0..9",
           add, 10, out, a, a, 1)
    raises(TypeError, "add.Tensor: tensor 'other' must be a numpy.ndarray, got list",
           add, 7, out, a, [1.0], 1)
    raises(TypeError, "add.Tensor: tensor 'other' has dtype float64, expected float32",
           add, 7, out, a, a.astype(np.float64), 1)
    raises(TypeError, "add.Tensor: out has dtype int32, expected float32",
           add, 7, np.empty((2, 4), np.int32), a, a, 1)
    raises(TypeError, "add.Tensor: scalar 'alpha' must be a bool, int or float, got str",
           add, 7, out, a, a, "2")
    raises(RuntimeError, "add.Tensor: scalar 'alpha' = 1267650600228229401496703205376 "
           "does not fit in int64", add, 7, out, a, a, 2 ** 100)
    raises(ValueError, "add.Tensor: tensor 'other' of shape (3,) does not broadcast to the out "
           "shape (2, 4)", add, 7, out, a, np.ones(3, np.float32), 1)
    raises(ValueError, "add.Tensor: tensor 'self' of shape (3, 2, 4) does not broadcast to the "
           "out shape (2, 4)", add, 7, out, np.ones((3, 2, 4), np.float32), a, 1)


def test_array_property_errors():
    add = kernel("add.Tensor")
    a = np.ones((2, 4), np.float32)
    frozen = np.empty((2, 4), np.float32)
    frozen.flags.writeable = False
    raises(ValueError, "add.Tensor: out is read-only", add, 7, frozen, a, a, 1)
    raises(ValueError, "add.Tensor: tensor 'self' must be aligned and in native byte order; "
           "pass x.astype(x.dtype.newbyteorder('='))", add, 7, np.empty((2, 4), np.float32),
           a.astype(">f4"), a, 1)


def test_dtype_outside_the_op_is_refused():
    x = np.ones(3, np.bool_)
    raises(TypeError, "exp: not implemented for 'bool'; supported: float16, float32, float64, "
           "bfloat16", kernel("exp"), 0, np.empty(3, np.bool_), x)
    raises(TypeError, "eq.Tensor: out has dtype float32, expected bool", kernel("eq.Tensor"),
           7, np.empty(3, np.float32), x.astype(np.float32), x.astype(np.float32))


def test_reduction_shape_error():
    raises(ValueError, "sum: tensor 'self' of shape (3, 4) must start with the out shape (4,)",
           kernel("sum"), 7, np.empty(4, np.float32), np.ones((3, 4), np.float32))


# ---- the C++ emitter (tools/codegen/api_cpp.py, emit_cpp.py) ------------------------------

@dataclass(frozen=True)
class Entry:
    """The fields of load.NativeFunction that the C++ emitter reads."""

    func: FunctionSchema
    loc: Location
    elementwise: Elementwise | None
    reduction: str | None
    dtypes: tuple[str, ...]
    type_promotion: str


def entry(schema, expr=None, reduction=None, dtypes=("float32",), promotion="default", line=10):
    where = Location("native_functions.yaml", line)
    code = Elementwise(expr, where.at(line + 2)) if expr is not None else None
    return Entry(FunctionSchema.parse(schema), where, code, reduction, dtypes, promotion)


def emit(*entries):
    return emit_cpp.emit(types.SimpleNamespace(native=entries))


ADD = "add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor"


def test_emitted_kernel_points_the_compiler_at_the_yaml():
    files = emit(entry(ADD, "self + alpha * other", dtypes=("int64", "float32")))
    assert list(files) == ["generated/csrc/add_Tensor.cpp"]
    lines = files["generated/csrc/add_Tensor.cpp"].split("\n")
    at = lines.index('#line 12 "native_functions.yaml"')
    assert lines[at + 1] == "    return self + alpha * other;"
    # The next directive renumbers the rest of the file with its true line numbers.
    assert lines[at + 2] == f'#line {at + 4} "generated/csrc/add_Tensor.cpp"'
    text = "\n".join(lines)
    assert "  AlCompute alpha;" in text
    assert "auto operator()(AlCompute self, AlCompute other) const" in text
    # The functor over 2 tensors with 1 scalar, switched over int64 (code 5) and float32
    # (code 7): the entry's mask and the registered one.
    assert "return ::al::dtype_entry<::al::Elementwise<Functor, 2, 1>, 0x0a0>(dtype, t, s);" \
        in text
    assert "2, 1, 0x0a0, ::al::OutKind::kSame," in text


def test_emitted_always_bool_and_reduction_kernels():
    files = emit(entry("eq.Tensor(Tensor self, Tensor other) -> Tensor", "self == other",
                       promotion="always_bool"),
                 entry("sum(Tensor self, int[1]? dim=None, bool keepdim=False) -> Tensor",
                       reduction="sum", dtypes=("bool", "float64")))
    eq, total = files["generated/csrc/eq_Tensor.cpp"], files["generated/csrc/sum.cpp"]
    assert "::al::dtype_entry<::al::Elementwise<Functor, 2, 0, true>, " in eq  # bool out
    assert "::al::OutKind::kBool" in eq
    # The bool (code 0) and float64 (code 8) cases of the sum reduction.
    assert "::al::dtype_entry<::al::Reduction<::al::SumReducer>, 0x101>(dtype, t, s)" in total
    assert "1, 0, 0x101, ::al::OutKind::kWideInt, ::al::KernelKind::kReduction" in total


def test_emitter_skips_inherited_entries_and_is_deterministic():
    entries = (entry("relu(Tensor self) -> Tensor", "self > 0 ? self : 0"),
               entry("relu_(Tensor(a!) self) -> Tensor(a!)", "self > 0 ? self : 0"))
    assert list(emit(*entries)) == ["generated/csrc/relu.cpp"]
    assert emit(*entries) == emit(*entries)


def test_emitter_errors_name_the_yaml_line():
    with pytest.raises(SpecError) as info:
        emit(entry("bad(Tensor self, Scalar new) -> Tensor", "self + new"),
             entry("red(Tensor self, Tensor other) -> Tensor", reduction="sum", line=20))
    assert str(info.value) == (
        "native_functions.yaml:10: bad: argument name 'new' is reserved in the generated C++; "
        "rename it\n"
        "native_functions.yaml:20: red: a reduction kernel takes exactly one Tensor argument; "
        "found 2 (self, other)")


# ---- the incremental build (tools/codegen/build.py) ---------------------------------------

def scratch_repo(tmp_path):
    """A repository with the core headers but no core sources: only kernels compile."""
    shutil.copytree(REPO / "aten_lite" / "csrc", tmp_path / "aten_lite" / "csrc",
                    ignore=shutil.ignore_patterns("*.cpp"))
    (tmp_path / "generated" / "csrc").mkdir(parents=True)
    return tmp_path


def write(root, files):
    for path, text in files.items():
        (root / path).write_text(text)


def test_build_reports_cpp_errors_at_the_yaml_line(tmp_path):
    root = scratch_repo(tmp_path)
    write(root, emit(entry("bad_mod(Tensor self, Tensor other) -> Tensor", "self % other",
                           line=7)))
    with pytest.raises(cpp_build.BuildError) as info:
        cpp_build.build_extension(root, root / "out.so", jobs=1)
    assert str(info.value) == ("native_functions.yaml:9: bad_mod: C++ error: invalid operands "
                               "of types 'float' and 'float' to binary 'operator%'")
    assert cpp_build.stale_objects(root) == ("generated/csrc/bad_mod.cpp",)
    assert not (root / "out.so").exists()


def test_build_recompiles_only_what_changed(tmp_path):
    root = scratch_repo(tmp_path)
    relu = entry("relu(Tensor self) -> Tensor", "self > 0 ? self : 0", line=30)
    write(root, emit(relu))
    first = cpp_build.build_extension(root, root / "out.so", jobs=1)
    assert (first.compiled, first.linked) == (("generated/csrc/relu.cpp",), True)
    again = cpp_build.build_extension(root, root / "out.so", jobs=1)
    assert (again.compiled, again.linked) == ((), False)
    # Ops added above move the YAML line and the provenance header: no recompilation.
    moved = emit(entry("relu(Tensor self) -> Tensor", "self > 0 ? self : 0", line=90))
    write(root, {p: "// @generated (sha256 0123)\n" + t for p, t in moved.items()})
    assert cpp_build.stale_objects(root) == ()
    write(root, emit(entry("relu(Tensor self) -> Tensor", "self > 1 ? self : 0", line=30)))
    assert cpp_build.stale_objects(root) == ("generated/csrc/relu.cpp",)


def test_every_elementwise_function_compiles_for_every_dtype(tmp_path):
    # vocab.ELEMENTWISE_FUNCTIONS is a promise that scalar_math.h defines each for every dtype.
    binary = {"floor_divide", "fmod", "maximum", "minimum", "pow", "remainder", "trunc_divide"}
    expr = " + ".join(f"{name}(self, other)" if name in binary else f"{name}(self)"
                      for name in vocab.ELEMENTWISE_FUNCTIONS)
    root = scratch_repo(tmp_path)
    write(root, emit(entry("every(Tensor self, Tensor other) -> Tensor", expr,
                           dtypes=vocab.DTYPES)))
    report = cpp_build.build_extension(root, root / "out.so", jobs=1)
    assert report.compiled == ("generated/csrc/every.cpp",)

"""dtypes: the vocabulary shared with the generator, parsing, and PyTorch's promotion rules."""

import pickle

import numpy as np
import pytest

import aten_lite as al
from aten_lite.vocab import dtype as _dtype
from tools.codegen import vocab

ALL = _dtype.DTYPES
INTEGRAL = [al.uint8, al.int8, al.int16, al.int32, al.int64]
FLOATING = [al.float16, al.float32, al.float64, al.bfloat16]


def test_names_order_and_groups_match_the_generator():
    assert tuple(d.name for d in ALL) == vocab.DTYPES
    assert [d.code for d in ALL] == list(range(len(vocab.DTYPES)))
    assert {g: tuple(d.name for d in ds) for g, ds in _dtype.DTYPE_GROUPS.items()} == vocab.DTYPE_GROUPS


@pytest.mark.parametrize("d", ALL, ids=lambda d: d.name)
def test_attributes_follow_numpy(d):
    ref = np.dtype(d.name)
    assert d.np == ref
    assert d.itemsize == ref.itemsize
    # bfloat16's NumPy dtype is ml_dtypes' (kind 'V'): a signed float all the same
    assert d.is_floating_point == (ref.kind == "f" or d.name == "bfloat16")
    assert d.is_signed == (ref.kind in "if" or d.name == "bfloat16")
    assert repr(d) == f"aten_lite.{d.name}"
    assert pickle.loads(pickle.dumps(d)) is d


def test_public_names_and_aliases():
    assert al.bool is _dtype.bool_ and al.bool.name == "bool"
    assert (al.float, al.double, al.half, al.long, al.int, al.short) == (
        al.float32, al.float64, al.float16, al.int64, al.int32, al.int16)
    from aten_lite.vocab.dtype import bool as b, float as f  # served by the module __getattr__

    assert (b, f) == (al.bool, al.float32)


def test_parse_accepts_every_spelling():
    assert _dtype.parse(al.int8) is al.int8
    assert _dtype.parse("float16") is al.float16
    assert _dtype.parse("long") is al.int64
    assert _dtype.parse(np.float64) is al.float64
    assert _dtype.parse(np.dtype("uint8")) is al.uint8
    assert (_dtype.parse(float), _dtype.parse(int), _dtype.parse(bool)) == (al.float64, al.int64, al.bool)


def test_parse_errors_list_the_valid_names():
    with pytest.raises(ValueError) as e:
        _dtype.parse("flaot32")
    assert str(e.value) == ("unknown dtype 'flaot32'; valid: bool, uint8, int8, int16, int32, "
                            "int64, float16, float32, float64, bfloat16")
    with pytest.raises(TypeError) as e:
        _dtype.parse(3)
    assert str(e.value) == "expected a dtype (e.g. aten_lite.float32 or 'float32'), got 3"


def test_from_numpy_refuses_unsupported_dtypes():
    with pytest.raises(TypeError) as e:
        _dtype.from_numpy(np.complex64)
    assert str(e.value) == ("unsupported numpy dtype complex64; supported: bool, uint8, int8, "
                            "int16, int32, int64, float16, float32, float64, bfloat16")
    with pytest.raises(TypeError) as e:
        _dtype.from_numpy(np.dtype(">f4"))
    assert str(e.value) == ("numpy dtype '>f4' has non-native byte order; convert it first with "
                            "a.astype(a.dtype.newbyteorder('='))")


@pytest.mark.parametrize("a", ALL, ids=lambda d: d.name)
@pytest.mark.parametrize("b", ALL, ids=lambda d: d.name)
def test_promote_types_table(a, b):
    got = _dtype.promote_types(a, b)
    cat = {al.bool: 0, **{d: 1 for d in INTEGRAL}, **{d: 2 for d in FLOATING}}
    if al.bfloat16 in (a, b) and a is not b and cat[a] == cat[b]:
        # float16 and bfloat16 hold neither each other: float32 (torch's table); a wider
        # float holds bfloat16
        other = b if a is al.bfloat16 else a
        assert got is (al.float32 if other is al.float16 else other)
    elif cat[a] == cat[b]:
        # Within a category torch and NumPy agree (uint8 with int8 -> int16, ...).
        assert got.name == np.promote_types(a.np, b.np).name
    else:
        # Across categories the higher category's dtype wins unchanged (int64 + float16 ->
        # float16), where NumPy would widen.
        assert got is (a if cat[a] > cat[b] else b)
    assert _dtype.promote_types(b, a) is got


def _t(dtype, ndim=1):
    return al.zeros(*([2] * ndim), dtype=dtype)


@pytest.mark.parametrize("operands, expected", [
    ((lambda: _t(al.int64), 2.5), al.float32),
    ((lambda: _t(al.int32), lambda: _t(al.float64, 0)), al.float64),
    ((lambda: _t(al.uint8), lambda: _t(al.int8)), al.int16),
    ((lambda: _t(al.float16), lambda: _t(al.float32)), al.float32),
    ((lambda: _t(al.bool), 1), al.int64),
    ((lambda: _t(al.int8), 1000), al.int8),
    ((lambda: _t(al.int8), lambda: _t(al.int64, 0)), al.int8),
    ((lambda: _t(al.bool), lambda: _t(al.int32, 0)), al.int32),
    ((lambda: _t(al.float16), 2.5), al.float16),
    ((lambda: _t(al.uint8), True), al.uint8),
    ((lambda: _t(al.float32, 0), lambda: _t(al.float64, 0)), al.float64),
    ((lambda: _t(al.int64, 0), 2.5), al.float32),
    ((2, 3), al.int64),
    ((2, 3.5), al.float32),
    ((True, False), al.bool),
])
def test_result_type_follows_pytorch(operands, expected):
    args = [x() if callable(x) else x for x in operands]
    assert _dtype.result_type(*args) is expected


def test_result_type_uses_the_default_dtype_for_python_floats():
    _dtype.set_default_dtype(al.float64)
    try:
        assert _dtype.result_type(_t(al.int64), 2.5) is al.float64
        assert _dtype.result_type(_t(al.float16), 2.5) is al.float16
    finally:
        _dtype.set_default_dtype(al.float32)
    assert al.get_default_dtype() is al.float32


def test_result_type_errors():
    with pytest.raises(TypeError) as e:
        _dtype.result_type(_t(al.int64), "x")
    assert str(e.value) == "result_type: expected Tensors or Python bool/int/float, got str 'x'"
    with pytest.raises(TypeError) as e:
        _dtype.result_type()
    assert str(e.value) == "result_type: expected at least one Tensor or number"


def test_set_default_dtype_refuses_integers():
    with pytest.raises(TypeError) as e:
        _dtype.set_default_dtype(al.int64)
    assert str(e.value) == ("only floating-point types are supported as the default type, got "
                            "int64; choose one of float16, bfloat16, float32, float64")


@pytest.mark.parametrize("src, dst, ok", [
    (al.float32, al.int64, False), (al.float16, al.uint8, False), (al.float64, al.bool, False),
    (al.int32, al.bool, False), (al.uint8, al.bool, False),
    (al.int64, al.float16, True), (al.float64, al.float16, True), (al.int64, al.int8, True),
    (al.bool, al.uint8, True), (al.bool, al.float32, True), (al.bool, al.bool, True),
    (al.uint8, al.int8, True), (al.float32, al.float32, True),
])
def test_can_cast_follows_pytorch(src, dst, ok):
    assert _dtype.can_cast(src, dst) is ok

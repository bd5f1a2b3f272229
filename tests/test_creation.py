"""Creating tensors: dtype inference from data, sharing with NumPy, factories against NumPy,
random numbers (ranges, moments, reproducibility), *_like, and meta factories."""

import numpy as np
import pytest

import aten_lite as al

# ---- tensor(data) ----


@pytest.mark.parametrize("data, dtype, shape", [
    ([1.0, 2.0], al.float32, (2,)),
    ([1, 2], al.int64, (2,)),
    ([True, False], al.bool, (2,)),
    ([[1, 2.5], [3, 4]], al.float32, (2, 2)),
    ([True, 2], al.int64, (2,)),
    (3.5, al.float32, ()),
    (7, al.int64, ()),
    (False, al.bool, ()),
    ([], al.float32, (0,)),
    ([[], []], al.float32, (2, 0)),
    (((1, 2), (3, 4)), al.int64, (2, 2)),
    (np.array([1, 2], dtype=np.int32), al.int32, (2,)),
    (np.array([[1.5]]), al.float64, (1, 1)),
    (np.float16(2.5), al.float16, ()),
    (np.array([1.0, 2.0], dtype=">f8"), al.float64, (2,)),
    (range(3), al.int64, (3,)),
])
def test_tensor_infers_dtype_like_torch(data, dtype, shape):
    t = al.tensor(data)
    assert (t.dtype, t.shape, t.device) == (dtype, shape, "cpu")
    np.testing.assert_array_equal(t.numpy(), np.asarray(data, dtype=dtype.np))


def test_tensor_copies():
    a = np.zeros(3)
    t = al.tensor(a)
    a[0] = 1
    assert t.tolist() == [0.0, 0.0, 0.0]
    u = al.tensor(t)
    t.fill_(2.0)
    assert u.tolist() == [0.0, 0.0, 0.0]


def test_tensor_options():
    t = al.tensor([1.9, -1.9], dtype=al.int32)
    assert t.dtype is al.int32 and t.tolist() == [1, -1]
    assert al.tensor([1, 2], dtype="float16").dtype is al.float16
    m = al.tensor([[1, 2], [3, 4]], device="meta")
    assert (m.device, m.shape, m.dtype) == ("meta", (2, 2), al.int64)
    r = al.tensor([1.0], requires_grad=True)
    assert r.requires_grad and r.is_leaf


def test_tensor_follows_the_default_dtype():
    al.set_default_dtype(al.float64)
    try:
        assert al.tensor([1.0]).dtype is al.float64 and al.zeros(1).dtype is al.float64
    finally:
        al.set_default_dtype(al.float32)


@pytest.mark.parametrize("data, exc, message", [
    ([[1, 2], [3]], ValueError, "expected sequence of length 2 at dim 1 (got 1)"),
    ([[1, 2], 3], ValueError, "expected sequence of length 2 at dim 1 (got a number)"),
    ([[[1], [2]], [[1], [2, 3]]], ValueError, "expected sequence of length 1 at dim 2 (got 2)"),
    ([[[1], [2]], [[1, 2], [3, 4]]], ValueError, "expected sequence of length 1 at dim 2 (got 2)"),
    ([1, [2]], ValueError, "expected a number at dim 1 (got a sequence of length 1)"),
    (["a"], TypeError, "tensor(): could not infer dtype of str"),
    ("abc", TypeError, "tensor(): could not infer dtype of str"),
    ({1: 2}, TypeError, "tensor(): could not infer dtype of dict"),
    ([2**64], RuntimeError, "tensor(): integer 18446744073709551616 does not fit in int64"),
    ([2**63], RuntimeError, "tensor(): an integer in the data does not fit in int64"),
    (np.array([1 + 2j]), TypeError,
     "unsupported numpy dtype complex128; supported: bool, uint8, int8, int16, int32, int64, "
     "float16, float32, float64, bfloat16"),
])
def test_tensor_errors(data, exc, message):
    with pytest.raises(exc) as e:
        al.tensor(data)
    assert str(e.value) == message


def test_requires_grad_needs_a_floating_dtype():
    with pytest.raises(RuntimeError) as e:
        al.tensor([1, 2], requires_grad=True)
    assert str(e.value) == "only Tensors of floating point dtype can require gradients, got int64"
    with pytest.raises(RuntimeError) as e:
        al.zeros(2, dtype=al.int32, requires_grad=True)
    assert str(e.value) == "only Tensors of floating point dtype can require gradients, got int32"


# ---- from_numpy / as_tensor ----


def test_from_numpy_shares_memory_both_ways():
    a = np.arange(6, dtype=np.int16).reshape(2, 3)
    t = al.from_numpy(a)
    a[0, 0] = 100
    t[1, 2] = -5
    assert t.tolist() == [[100, 1, 2], [3, 4, -5]] and a[1, 2] == -5


def test_from_numpy_errors():
    with pytest.raises(TypeError) as e:
        al.from_numpy([1, 2])
    assert str(e.value) == "from_numpy(): expected np.ndarray (got list)"
    with pytest.raises(TypeError) as e:
        al.from_numpy(np.zeros(2, dtype=">i4"))
    assert str(e.value) == ("numpy dtype '>i4' has non-native byte order; convert it first with "
                            "a.astype(a.dtype.newbyteorder('='))")
    with pytest.raises(TypeError) as e:
        al.from_numpy(np.zeros(2, dtype=np.uint16))
    assert str(e.value).startswith("unsupported numpy dtype uint16; supported: bool, uint8")
    packed = np.zeros(4, dtype=[("a", np.int8), ("b", np.int32)])["b"]
    with pytest.raises(ValueError) as e:
        al.from_numpy(packed)
    assert str(e.value) == ("from_numpy(): strides (5,) are not multiples of the element size 4; "
                            "copy the array first (np.ascontiguousarray)")
    # Misaligned data (a buffer read at an odd offset): the C++ kernels could not read it.
    odd = np.ndarray((3,), np.float64, buffer=np.zeros(32, np.uint8).data, offset=1)
    with pytest.raises(ValueError) as e:
        al.from_numpy(odd)
    assert str(e.value) == (f"from_numpy(): the array's data (address {odd.ctypes.data:#x}) is "
                            "not aligned to its float64 elements; copy the array first (a.copy())")
    assert al.as_tensor(odd).tolist() == [0.0] * 3  # as_tensor copies what it cannot share


def test_as_tensor_avoids_copies():
    a = np.arange(3.0)
    t = al.as_tensor(a)
    assert np.shares_memory(t.numpy(), a) and al.as_tensor(t) is t
    assert not np.shares_memory(al.as_tensor(a, dtype=al.float32).numpy(), a)
    assert al.as_tensor([1, 2]).dtype is al.int64
    assert al.as_tensor(t, device="meta").device == "meta"


# ---- filled factories ----


@pytest.mark.parametrize("factory, fill", [(al.zeros, 0), (al.ones, 1)])
def test_zeros_ones(factory, fill):
    for size in [(2, 3), ((2, 3),), ([4],), ()]:
        t = factory(*size)
        shape = size[0] if size and isinstance(size[0], (tuple, list)) else size
        np.testing.assert_array_equal(t.numpy(), np.full(tuple(shape), fill, np.float32))
        assert t.is_contiguous() and t.dtype is al.float32
    assert factory(2, dtype=al.int8).tolist() == [fill, fill]


def test_empty_and_meta_factories():
    t = al.empty(3, 4, dtype=al.float64)
    assert (t.shape, t.dtype, t.stride()) == ((3, 4), al.float64, (4, 1))
    for make in (al.empty, al.zeros, al.ones, al.rand, al.randn):
        m = make(2, 3, device="meta")
        assert (m.device, m.shape, m.stride(), m._a) == ("meta", (2, 3), (3, 1), None)


def test_full_infers_from_the_value():
    assert al.full((2,), 3).dtype is al.int64
    assert al.full((2,), 2.5).dtype is al.float32
    assert al.full((2,), True).dtype is al.bool
    np.testing.assert_array_equal(al.full([2, 2], 7.5, dtype=al.float64).numpy(), np.full((2, 2), 7.5))
    with pytest.raises(RuntimeError) as e:
        al.full((2,), 300, dtype=al.uint8)
    assert str(e.value) == "full: value 300 cannot be converted to type uint8 without overflow"


def test_size_errors():
    with pytest.raises(RuntimeError) as e:
        al.zeros(2, -1)
    assert str(e.value) == "zeros(): Trying to create tensor with negative dimension -1: [2, -1]"
    with pytest.raises(TypeError) as e:
        al.ones(2, 1.5)
    assert str(e.value) == ("ones(): argument 'size' must be a sequence of ints, but found element "
                            "of type float at pos 1")


def test_eye():
    np.testing.assert_array_equal(al.eye(3).numpy(), np.eye(3, dtype=np.float32))
    np.testing.assert_array_equal(al.eye(2, 4, dtype=al.int64).numpy(), np.eye(2, 4, dtype=np.int64))


# ---- ranges ----


@pytest.mark.parametrize("args, dtype", [
    ((5,), al.int64), ((2, 9, 3), al.int64), ((10, 0, -3), al.int64), ((0.0, 1.0, 0.1), al.float32),
    ((1, 2.5, 0.5), al.float32), ((-1.0, -3.0, -0.5), al.float32), ((3, 3), al.int64),
])
def test_arange_matches_numpy(args, dtype):
    t = al.arange(*args)
    ref = np.arange(*args)
    assert t.dtype is dtype and t.shape == ref.shape
    np.testing.assert_allclose(t.numpy(), ref.astype(dtype.np), rtol=1e-6)


def test_arange_dtype_and_errors():
    assert al.arange(4, dtype=al.float64).tolist() == [0.0, 1.0, 2.0, 3.0]
    with pytest.raises(RuntimeError) as e:
        al.arange(0, 5, 0)
    assert str(e.value) == "arange(): step must be nonzero"
    with pytest.raises(RuntimeError) as e:
        al.arange(0, 5, -1)
    assert str(e.value) == ("arange(): upper bound and larger bound inconsistent with step sign "
                            "(start=0, end=5, step=-1)")


@pytest.mark.parametrize("start, end, steps", [(0, 1, 5), (-2.5, 2.5, 11), (3, -3, 4), (1, 1, 1), (0, 1, 0)])
def test_linspace_matches_numpy(start, end, steps):
    t = al.linspace(start, end, steps)
    assert t.dtype is al.float32
    np.testing.assert_allclose(t.numpy(), np.linspace(start, end, steps), rtol=1e-6, atol=1e-7)
    assert al.linspace(0, 10, 4, dtype=al.int64).tolist() == [0, 3, 6, 10]


# ---- random numbers ----


def test_manual_seed_makes_draws_reproducible():
    al.manual_seed(123)
    first = [al.rand(5).tolist(), al.randn(3, dtype=al.float64).tolist(), al.randint(0, 10, (4,)).tolist()]
    al.manual_seed(123)
    again = [al.rand(5).tolist(), al.randn(3, dtype=al.float64).tolist(), al.randint(0, 10, (4,)).tolist()]
    assert first == again and al.initial_seed() == 123
    al.manual_seed(124)
    assert al.rand(5).tolist() != first[0]


def test_meta_factories_draw_no_numbers():
    al.manual_seed(5)
    expected = al.rand(3).tolist()
    al.manual_seed(5)
    al.rand(100, device="meta")
    assert al.rand(3).tolist() == expected


@pytest.mark.parametrize("dtype", [al.float16, al.float32, al.float64])
def test_rand_and_randn_distributions(dtype):
    al.manual_seed(0)
    u = al.rand(200_000, dtype=dtype).numpy().astype(np.float64)
    assert u.min() >= 0.0 and u.max() < 1.0
    assert abs(u.mean() - 0.5) < 0.005 and abs(u.var() - 1 / 12) < 0.002
    n = al.randn(200_000, dtype=dtype).numpy().astype(np.float64)
    assert abs(n.mean()) < 0.01 and abs(n.std() - 1.0) < 0.01


def test_randint_bounds_and_forms():
    al.manual_seed(1)
    x = al.randint(3, 7, (1000,))
    assert x.dtype is al.int64 and x.min().item() >= 3 and x.max().item() == 6
    assert set(al.randint(2, (100,)).tolist()) == {0, 1}
    assert al.randint(5, size=(2, 2), dtype=al.float32).dtype is al.float32
    with pytest.raises(RuntimeError) as e:
        al.randint(5, 5, (2,))
    assert str(e.value) == "random_ expects 'from' to be less than 'to', but got from=5 >= to=5"
    with pytest.raises(TypeError) as e:
        al.rand(2, dtype=al.int64)
    assert str(e.value) == "rand(): expected a floating dtype, got int64; use randint for integers"


def test_randint_minibatch_form_draws_the_general_forms_stream():
    # randint(low, high, (n,)) takes a shorter path (a minibatch's indices every step): it must
    # draw exactly what the keyword form draws from the same seed, keep the int64 bounds
    # exact and refuse what the general path refuses.
    for low, high in ((0, 200_000), (-2**63, 2**63), (-3, -1), (5, 6)):
        al.manual_seed(7)
        fast = [al.randint(low, high, (32,)).tolist() for _ in range(3)]
        al.manual_seed(7)
        general = [al.randint(low, high, size=[32]).tolist() for _ in range(3)]
        assert fast == general
        assert all(low <= v < high for row in fast for v in row)
    assert al.randint(0, 3, (0,)).shape == (0,)
    with pytest.raises(RuntimeError, match="out of bounds for int64"):
        al.randint(0, 2**63 + 1, (2,))
    with pytest.raises(RuntimeError, match="from=4 >= to=4"):
        al.randint(4, 4, (2,))
    with pytest.raises((TypeError, ValueError, RuntimeError)):
        al.randint(0, 3, (-1,))


@pytest.mark.parametrize("low, high, dtype, message", [
    (0, 1000, "int8", "randint(): to - 1 = 999 is out of bounds for int8 (valid: -128..127)"),
    (-5, 3, "uint8", "randint(): from = -5 is out of bounds for uint8 (valid: 0..255)"),
    (0, 3, "bool", "randint(): to - 1 = 2 is out of bounds for bool (valid: 0..1)"),
    (0, 2**40, "float16",
     "randint(): to - 1 = 1099511627775 is out of bounds for float16 (valid: -2048..2048)"),
])
def test_randint_refuses_bounds_the_dtype_cannot_hold(low, high, dtype, message):
    # Values would otherwise wrap around (or round) silently.
    with pytest.raises(RuntimeError) as e:
        al.randint(low, high, (4,), dtype=getattr(al, dtype))
    assert str(e.value) == message
    x = al.randint(-128, 128, (2000,), dtype=al.int8)
    assert x.min().item() >= -128 and x.max().item() <= 127


# ---- *_like ----


def test_like_factories_copy_shape_dtype_device():
    x = al.zeros(2, 3, dtype=al.float64).t()
    for make in (al.empty_like, al.zeros_like, al.ones_like, al.rand_like, al.randn_like):
        y = make(x)
        # x's layout is kept, as torch's preserve_format keeps it (tests/test_views.py)
        assert (y.shape, y.dtype, y.device, y.stride()) == ((3, 2), al.float64, "cpu", (1, 3))
    assert al.zeros_like(x).tolist() == [[0.0] * 2] * 3
    assert al.ones_like(x, dtype=al.int8).tolist() == [[1] * 2] * 3
    assert al.full_like(x, 4).tolist() == [[4.0] * 2] * 3
    m = al.zeros_like(al.empty(4, device="meta"))
    assert m.device == "meta" and m.shape == (4,)
    assert al.ones_like(x, device="meta").device == "meta"
    assert al.zeros_like(x, requires_grad=True).requires_grad


def test_randint_like_takes_high_or_low_and_high():
    x = al.zeros(2, 3, dtype=al.int8)
    y = al.randint_like(x, 5)
    assert (y.shape, y.dtype) == ((2, 3), al.int8) and 0 <= y.min().item() <= y.max().item() < 5
    z = al.randint_like(x, 3, 5, dtype=al.float32)
    assert z.dtype is al.float32 and set(z.tolist()[0]) <= {3.0, 4.0}
    assert al.randint_like(al.empty(4, device="meta"), 2).device == "meta"


def test_tensor_with_a_dtype_does_not_round_through_the_default_dtype():
    # Python floats are float64; asking for float64 must keep them exactly, as torch does.
    assert al.tensor([1.45, 0.1], dtype=al.float64).tolist() == [1.45, 0.1]
    assert al.tensor(0.1, dtype=al.float64).item() == 0.1
    assert al.tensor([[1e-300]], dtype="float64").tolist() == [[1e-300]]
    # Without a dtype the default (float32) still applies.
    assert al.tensor([1.45]).tolist() == [float(np.float32(1.45))]

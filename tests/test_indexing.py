"""__getitem__ / __setitem__ against NumPy: basic indexing gives views, tensor indices and
masks give copies, assignment writes through; meta tensors get the same shapes."""

import numpy as np
import pytest

import aten_lite as al
from aten_lite.tensors.tensor import Tensor
from messages import named

A = np.arange(2 * 3 * 4 * 5, dtype=np.float32).reshape(2, 3, 4, 5)

BASIC = [
    0, -1, (1, 2), (slice(None), 1), slice(1, None), slice(None, None, 3),
    (slice(None), slice(None, None, 2), slice(0, 3, 2)), (Ellipsis, 2), (0, Ellipsis, -1),
    None, (slice(None), None, 1), (None, Ellipsis, None), (1, slice(5, 10)), (slice(-2, None),),
    (), Ellipsis, (slice(None),) * 4, (1, -2, 3, 4),
]


def _meta(t):
    return Tensor._meta(t.shape, t.dtype, t.stride())


@pytest.mark.parametrize("index", BASIC, ids=repr)
def test_basic_indexing_is_a_numpy_view(index):
    x = al.from_numpy(A)
    y = x[index]
    ref = A[index]
    np.testing.assert_array_equal(y.numpy(), ref)
    assert y.shape == ref.shape and y is not x
    assert y._base is x and y._version_counter is x._version_counter
    if y.numel():
        assert np.shares_memory(y.numpy(), A)
    for n, s, ns in zip(y.shape, y.stride(), ref.strides):
        if n > 1:
            assert s * 4 == ns
    m = _meta(x)[index]
    assert (m.shape, m.stride(), m.device) == (y.shape, y.stride(), "meta")


ADVANCED = [
    lambda: al.tensor([1, 0, 1]),
    lambda: (slice(None), al.tensor([2, 0])),
    lambda: (Ellipsis, al.tensor([[0, 4], [1, 1]])),
    lambda: (al.tensor([0, 1]), slice(None), al.tensor([3, 2])),  # not adjacent: dims go first
    lambda: (slice(None), al.tensor([0, 2]), al.tensor([1, 3])),  # adjacent: in place
    lambda: [1, 0],
    lambda: (slice(None), [-1, -3]),
    lambda: al.from_numpy(A > 50),
    lambda: (1, al.from_numpy(A[1, :, :, 0] % 2 == 0)),
    lambda: (al.from_numpy(np.array([True, False])), slice(1, None)),
    lambda: (slice(None, None, 2), None, al.tensor([1, 2])),
]


def _np_index(index):
    items = index if isinstance(index, tuple) else (index,)
    return tuple(x.numpy() if isinstance(x, Tensor) else x for x in items)


@pytest.mark.parametrize("make", ADVANCED, ids=range(len(ADVANCED)))
def test_advanced_indexing_copies_like_numpy(make):
    index = make()
    x = al.from_numpy(A)
    y = x[index]
    ref = A[_np_index(index)]
    np.testing.assert_array_equal(y.numpy(), ref)
    assert y.is_contiguous() and y._base is None
    if y.numel():
        assert not np.shares_memory(y.numpy(), A)


def test_integers_apply_before_tensor_indices_as_in_torch():
    # x[0, :, idx]: torch selects first, so idx's dim stays in place: (3, 2, 5). NumPy would
    # treat the 0 as a tensor index too and move the new dim first: (2, 3, 5).
    x = al.from_numpy(A)
    y = x[0, :, al.tensor([0, 2])]
    assert y.shape == (3, 2, 5)
    np.testing.assert_array_equal(y.numpy(), A[0][:, [0, 2]])


def test_zero_dim_masks_and_index_tensors():
    x = al.arange(3)
    assert x[True].shape == (1, 3) and x[False].shape == (0, 3)
    assert x[al.tensor(2)].tolist() == 2 and x[al.tensor(2)]._base is x
    assert x[np.int64(1)].tolist() == 1


def test_meta_tensor_indexing():
    m = al.empty(2, 3, 4, device="meta")
    assert m[al.zeros(5, 2, dtype=al.int64, device="meta")].shape == (5, 2, 3, 4)
    assert m[:, al.zeros(2, dtype=al.int64, device="meta"), 1].shape == (2, 2)
    assert m[al.tensor(1, device="meta")].shape == (3, 4)  # a 0-dim index drops the dim
    with pytest.raises(RuntimeError) as e:
        m[al.zeros(2, 3, 4, dtype=al.bool, device="meta")]
    assert str(e.value) == ("al.index: indexing with a meta boolean mask: the result's size "
                            "depends on the mask's values, which a meta tensor does not have")


@pytest.mark.parametrize("index, exc, message", [
    (5, IndexError, "index 5 is out of bounds for dimension 0 with size 2"),
    ((0, -4), IndexError, "index -4 is out of bounds for dimension 0 with size 3"),
    ((0, 0, 0, 0, 0), IndexError, "too many indices for tensor of dimension 4"),
    ((Ellipsis, 0, Ellipsis), IndexError, "an index can only have a single ellipsis ('...')"),
    (slice(None, None, 0), ValueError, "slice step cannot be zero"),
    ("a", IndexError, "only integers, slices (`:`), ellipsis (`...`), None and integer or bool "
                      "tensors are valid indices (got str)"),
    (1.5, IndexError, "only integers, slices (`:`), ellipsis (`...`), None and integer or bool "
                      "tensors are valid indices (got float)"),
    (slice(0.5, None), TypeError, "slice indices must be integers or None, got float"),
])
def test_index_errors(index, exc, message):
    with pytest.raises(exc) as e:
        al.from_numpy(A)[index]
    assert named(str(e.value), message)


@pytest.mark.parametrize("make, exc, message", [
    (lambda: al.tensor([0, 5]), IndexError, "index 5 is out of bounds for dimension 0 with size 2"),
    (lambda: (0, al.tensor([-4])), IndexError, "index -4 is out of bounds for dimension 0 with size 3"),
    (lambda: al.tensor([1.0]), IndexError, "tensors used as indices must be integer or bool tensors, got float32"),
    (lambda: al.tensor([True, False, True]), IndexError,
     "The shape of the mask [3] at index 0 does not match the shape of the indexed tensor [2] at index 0"),
    (lambda: (al.tensor([0, 1]), al.tensor([0, 1, 2])), IndexError,
     "shape mismatch: indexing tensors could not be broadcast together with shapes [2], [3]"),
])
def test_index_tensor_errors(make, exc, message):
    with pytest.raises(exc) as e:
        al.from_numpy(A)[make()]
    assert named(str(e.value), message)


# ---- assignment ----


SET_CASES = [
    (0, lambda: 7.0),
    ((slice(None), 1), lambda: al.tensor([1.0, 2.0, 3.0, 4.0, 5.0])),  # broadcast over rows
    ((Ellipsis, slice(None, None, 2)), lambda: al.tensor(3, dtype=al.int64)),
    ((1, None), lambda: al.ones(1, 1, 3, 4, 5)),  # extra leading ones are dropped
    (lambda: al.tensor([1, 0]), lambda: al.zeros(3, 4, 5)),
    (lambda: (slice(None), al.tensor([0, 2]), 1), lambda: -1.5),
    (lambda: al.from_numpy(A > 60), lambda: 0.0),
    (lambda: (al.tensor([0, 1]), slice(None), al.tensor([3, 2])), lambda: al.tensor([9.0] * 5)),
]


@pytest.mark.parametrize("index, value", SET_CASES, ids=range(len(SET_CASES)))
def test_setitem_matches_numpy_and_bumps_the_version(index, value):
    index = index() if callable(index) else index
    v = value()
    a = A.copy()
    x = al.from_numpy(a.copy())
    view = x[1:]  # a view sees the write and shares the version counter
    before = x._version
    x[index] = v
    ref = a.copy()
    ref[_np_index(index)] = v.numpy() if isinstance(v, Tensor) else v
    np.testing.assert_array_equal(x.numpy(), ref)
    np.testing.assert_array_equal(view.numpy(), ref[1:])
    assert x._version > before and view._version == x._version


def test_setitem_converts_the_value_dtype():
    x = al.zeros(4, dtype=al.int32)
    x[1:3] = al.tensor([1.7, -2.2])
    x[0] = 3.9
    assert x.tolist() == [3, 1, -2, 0]


def test_setitem_with_repeated_indices_keeps_the_last_write():
    x = al.zeros(3)
    x[al.tensor([0, 0, 2])] = al.tensor([1.0, 2.0, 3.0])
    assert x.tolist() == [2.0, 0.0, 3.0]


def test_index_put_accumulate_adds_repeats():
    x = al.zeros(3)
    y = al.index_put(x, [al.tensor([0, 0, 2])], al.tensor([1.0, 2.0, 3.0]), True)
    assert y.tolist() == [3.0, 0.0, 3.0] and x.tolist() == [0.0, 0.0, 0.0]


def test_setitem_errors():
    x = al.zeros(2, 3)
    with pytest.raises(RuntimeError) as e:
        x[0] = al.zeros(2)
    assert str(e.value) == "copy_: source of shape [2] cannot be broadcast to the destination's shape [3]"
    with pytest.raises(RuntimeError) as e:
        x[al.tensor([0, 1])] = al.zeros(4)
    assert str(e.value) == ("al.index_put_: shape mismatch: value tensor of shape [4] cannot be broadcast to "
                            "indexing result of shape [2, 3]")
    with pytest.raises(IndexError) as e:
        x[2] = 1.0
    assert str(e.value) == "al.select: index 2 is out of bounds for dimension 0 with size 2"
    with pytest.raises(RuntimeError) as e:
        x.expand(2, 2, 3)[0] = 1.0
    assert str(e.value).startswith("al.fill_: unsupported operation: more than one element of the written-to")


def test_setitem_on_meta_checks_shapes_only():
    m = al.empty(2, 3, device="meta")
    m[0] = 1.0
    m[:, 1] = al.empty(2, device="meta")
    with pytest.raises(RuntimeError) as e:
        m[0] = al.empty(2, device="meta")
    assert str(e.value) == "copy_: source of shape [2] cannot be broadcast to the destination's shape [3]"

"""View ops and data movement, against NumPy: values, shapes, strides, shared memory, the
version counter, meta tensors (same geometry as CPU), and whole error messages."""

import itertools
import random

import numpy as np
import pytest

import aten_lite as al
from messages import named


def _strided_inputs():
    """(name, ndarray) pairs: contiguous, transposed, sliced with steps, reversed, 0-dim,
    empty, and with size-1 dims."""
    base = np.arange(2 * 3 * 4, dtype=np.float32).reshape(2, 3, 4)
    return [
        ("contiguous", base),
        ("transposed", base.transpose(2, 0, 1)),
        ("stepped", np.arange(96, dtype=np.int64).reshape(4, 6, 4)[::2, 1::2, ::3]),
        ("reversed", base[:, ::-1]),
        ("ones", np.arange(6.0).reshape(1, 6, 1)),
        ("empty", np.zeros((0, 3), np.int32)),
        ("scalar", np.array(5.0)),
    ]


def _viewable(a, shape):
    try:
        np.reshape(a, shape, copy=False)
    except ValueError:
        return False
    return True


def _meta_like(t):
    # A meta tensor with exactly t's geometry: expand a contiguous meta buffer the same way.
    from aten_lite.tensors.tensor import Tensor

    return Tensor._meta(t.shape, t.dtype, t.stride())


def _check_view(x, y, expected, meta_y):
    """y = op(x) must be a view of x with NumPy's values; meta_y its meta counterpart."""
    np.testing.assert_array_equal(y.numpy(), expected)
    assert y.shape == expected.shape
    assert y._base is (x._base if x._base is not None else x)
    assert y._version_counter is x._version_counter
    if y.numel() and x.numel():
        assert np.shares_memory(y.numpy(), x.numpy())
    # Strides agree with NumPy wherever they matter (dims longer than 1 of a tensor with
    # elements: NumPy gives empty arrays zero strides, torch and aten_lite contiguous ones) ...
    for n, s, ns in zip(y.shape, y.stride(), expected.strides):
        if n > 1 and y.numel():
            assert s * y.element_size() == ns
    # ... and meta gives exactly the CPU geometry.
    assert (meta_y.shape, meta_y.stride(), meta_y.dtype) == (y.shape, y.stride(), y.dtype)
    assert meta_y.device == "meta" and meta_y.is_contiguous() == y.is_contiguous()


VIEW_CASES = [
    ("t", lambda x: x.t(), lambda a: a.T, lambda a: a.ndim <= 2),
    ("transpose", lambda x: x.transpose(0, -1), lambda a: np.swapaxes(a, 0, -1), lambda a: a.ndim >= 1),
    ("permute", lambda x: x.permute(list(range(x.ndim))[::-1]), lambda a: a.transpose(), None),
    ("unsqueeze0", lambda x: x.unsqueeze(0), lambda a: a[None], None),
    ("unsqueeze_last", lambda x: x.unsqueeze(-1), lambda a: a[..., None], None),
    ("squeeze", lambda x: x.squeeze(), lambda a: a.squeeze(), None),
    ("squeeze_dim", lambda x: x.squeeze(-1), lambda a: a.squeeze(-1) if a.ndim and a.shape[-1] == 1 else a, None),
    ("squeeze_dims", lambda x: x.squeeze((0, -1)),
     lambda a: a.squeeze(tuple({d % a.ndim for d in (0, -1) if a.shape[d] == 1})), lambda a: a.ndim >= 1),
    ("narrow", lambda x: x.narrow(-1, 1, x.shape[-1] - 1), lambda a: a[..., 1:], lambda a: a.ndim >= 1 and a.shape[-1] >= 1),
    ("select", lambda x: x.select(0, -1), lambda a: a[-1], lambda a: a.ndim >= 1 and a.shape[0] >= 1),
    ("expand", lambda x: x.unsqueeze(0).expand(3, *x.shape), lambda a: np.broadcast_to(a, (3,) + a.shape), None),
    ("flatten", lambda x: x.flatten(), lambda a: a.reshape(-1), lambda a: _viewable(a, (-1,))),
    ("view_minus_one", lambda x: x.view(-1), lambda a: a.reshape(-1), lambda a: a.flags.c_contiguous),
    ("reshape_view", lambda x: x.reshape([1, -1, 1]), lambda a: a.reshape(1, -1, 1), lambda a: a.flags.c_contiguous),
]


@pytest.mark.parametrize("name, op, ref, applies", VIEW_CASES, ids=[c[0] for c in VIEW_CASES])
@pytest.mark.parametrize("input_name, a", _strided_inputs(), ids=[n for n, _ in _strided_inputs()])
def test_view_ops_match_numpy_and_meta(name, op, ref, applies, input_name, a):
    if applies is not None and not applies(a):
        pytest.skip("op does not apply to this input")
    x = al.from_numpy(a)
    _check_view(x, op(x), ref(a), op(_meta_like(x)))


def test_views_write_through():
    x = al.zeros(3, 4)
    x.t()[1].fill_(2.0)
    x.unsqueeze(0)[0, 2].fill_(5.0)
    x.narrow(1, 3, 1).fill_(7.0)
    expected = np.zeros((3, 4), np.float32)
    expected[:, 1] = 2
    expected[2] = 5
    expected[:, 3] = 7
    np.testing.assert_array_equal(x.numpy(), expected)


def test_torch_strides_for_size_one_dims():
    # The stride of an inserted dim is the extent of the dim it precedes (torch), where
    # NumPy would put 0 or another value; meta and CPU agree.
    x = al.zeros(2, 3)
    assert x.unsqueeze(0).stride() == (6, 3, 1)
    assert x.unsqueeze(1).stride() == (3, 3, 1)
    assert x.unsqueeze(2).stride() == (3, 1, 1)
    assert x[:, None].stride() == (3, 3, 1)
    assert x.t().unsqueeze(0).stride() == (3, 1, 3)
    assert x.view(2, 1, 3).stride() == (3, 3, 1)


def _random_view_cases(seed=0, count=300):
    rng = random.Random(seed)
    for _ in range(count):
        shape = [rng.choice([1, 1, 2, 3, 4]) for _ in range(rng.randint(0, 4))]
        big = np.arange(int(np.prod([2 * s for s in shape]))).reshape([2 * s for s in shape])
        steps = tuple(slice(None, None, 2) if rng.random() < 0.5 else slice(0, s) for s in shape)
        a = big[steps + (Ellipsis,)]  # the Ellipsis keeps a 0-dim result an array
        a = a.transpose(rng.sample(range(len(shape)), len(shape)))
        n = a.size
        targets = [t for k in range(4) for t in itertools.product([1, 2, 3, 4, 6, 8], repeat=k)
                   if int(np.prod(t)) == n]
        yield a, rng.choice(targets) if targets else (n,)


def test_view_is_possible_exactly_when_numpy_reshapes_without_copy():
    for a, target in _random_view_cases():
        x = al.from_numpy(a)
        try:
            ref = np.reshape(a, target, copy=False)
        except ValueError:
            ref = None
        if ref is None:
            with pytest.raises(RuntimeError) as e:
                x.view(list(target))
            assert str(e.value).startswith("al.view: view size is not compatible with input "
                                           "tensor's size")
            y = x.reshape(list(target))  # copies instead
            assert y._base is None and y.is_contiguous()
            np.testing.assert_array_equal(y.numpy(), a.reshape(target))
            continue
        y = x.view(list(target))
        _check_view(x, y, ref, _meta_like(x).view(list(target)))


def test_reshape_of_meta_follows_cpu_when_a_copy_is_needed():
    x = al.zeros(3, 4).t()
    y, m = x.reshape([12]), _meta_like(x).reshape([12])
    assert y._base is None and m._base is None and m.stride() == y.stride() == (1,)


def test_flatten_ranges():
    x = al.arange(24).reshape(2, 3, 4)
    assert x.flatten(1).shape == (2, 12) and x.flatten(0, 1).shape == (6, 4)
    assert x.flatten(1, 1) is x
    assert al.tensor(3).flatten().shape == (1,)
    with pytest.raises(RuntimeError) as e:
        x.flatten(2, 0)
    assert str(e.value) == "flatten() has invalid args: start_dim (2) cannot come after end_dim (0)"


def test_expand_details():
    x = al.tensor([[1], [2]])
    y = x.expand(2, -1, 3)
    assert y.shape == (2, 2, 3) and y.stride() == (0, 1, 0)
    assert y.tolist() == [[[1, 1, 1], [2, 2, 2]]] * 2


def test_contiguous():
    x = al.zeros(2, 3)
    assert x.contiguous() is x
    y = x.t().contiguous()
    assert y.is_contiguous() and y._base is None and y.shape == (3, 2)
    m = _meta_like(x.t())
    assert m.contiguous().stride() == (2, 1)


@pytest.mark.parametrize("call, exc, message", [
    (lambda: al.zeros(2, 3).reshape(4), RuntimeError,
     "cannot reshape tensor of shape (2, 3) into (4,)"),
    (lambda: al.zeros(2, 3).view(-1, 4), RuntimeError,
     "cannot reshape tensor of shape (2, 3) into (-1, 4)"),
    (lambda: al.zeros(2, 3).view(-1, -1), RuntimeError,
     "only one dimension can be inferred, got shape (-1, -1)"),
    (lambda: al.zeros(0, 3).reshape(-1, 0), RuntimeError,
     "cannot reshape tensor of 0 elements into shape (-1, 0) because the unspecified dimension size -1 can be any value and is ambiguous"),
    (lambda: al.zeros(2, 3).t().view(6), RuntimeError,
     "view size is not compatible with input tensor's size and stride (at least one dimension spans across two contiguous subspaces). Use .reshape(...) instead."),
    (lambda: al.zeros(2, 3).transpose(0, 2), IndexError,
     "Dimension out of range (expected to be in range of [-2, 1], but got 2)"),
    (lambda: al.zeros(2, 3).permute(0, 0), RuntimeError,
     "permute: dims (0, 0) repeat a dimension; each must appear once"),
    (lambda: al.zeros(2, 3).permute(0), RuntimeError,
     "permute: dims (0,) must list each of the tensor's 2 dimensions once"),
    (lambda: al.zeros(2, 3, 4).t(), RuntimeError,
     "t() expects a tensor with <= 2 dimensions, but self is 3D; use transpose(dim0, dim1) or permute(dims)"),
    (lambda: al.zeros(2, 3).expand(2, 4), RuntimeError,
     "The expanded size of the tensor (4) must match the existing size (3) at non-singleton dimension 1.  Target sizes: [2, 4].  Tensor sizes: [2, 3]"),
    (lambda: al.zeros(2, 3).expand(3), RuntimeError,
     "expand: the number of sizes provided (1) must be greater or equal to the number of dimensions in the tensor (2)"),
    (lambda: al.zeros(3).expand(-1, 3), RuntimeError,
     "expand: the expanded size -1 is not allowed in a leading, non-existing dimension 0 (target sizes (-1, 3))"),
    (lambda: al.zeros(2, 3).narrow(1, 2, 2), RuntimeError,
     "start (2) + length (2) exceeds dimension size (3)."),
    (lambda: al.zeros(2, 3).narrow(1, 5, 0), IndexError,
     "start out of range (expected to be in range of [-3, 3], but got 5)"),
    (lambda: al.tensor(1.0).narrow(0, 0, 1), RuntimeError,
     "narrow() cannot be applied to a 0-dim tensor."),
    (lambda: al.zeros(3).select(0, 5), IndexError,
     "index 5 is out of bounds for dimension 0 with size 3"),
    (lambda: al.zeros(2, 3).unsqueeze(3), IndexError,
     "Dimension out of range (expected to be in range of [-3, 2], but got 3)"),
    (lambda: al.zeros(2, 3).squeeze(2), IndexError,
     "Dimension out of range (expected to be in range of [-2, 1], but got 2)"),
    (lambda: al.zeros(1, 3).squeeze((0, 2)), IndexError,
     "Dimension out of range (expected to be in range of [-2, 1], but got 2)"),
    (lambda: al.zeros(1, 3).squeeze((0, -2)), RuntimeError,
     "dim 0 appears multiple times in the list of dims"),
    (lambda: al.empty(1, 3, device="meta").squeeze([1, 1]), RuntimeError,
     "dim 1 appears multiple times in the list of dims"),
    (lambda: al.tensor(1.0).squeeze((1,)), IndexError,
     "Dimension out of range (expected to be in range of [-1, 0], but got 1)"),
])
def test_view_errors(call, exc, message):
    with pytest.raises(exc) as e:
        call()
    assert named(str(e.value), message)


# ---- split / chunk ----


def _np_pieces(a, sizes, axis):
    return np.split(a, np.cumsum(sizes)[:-1], axis=axis)


@pytest.mark.parametrize("size, split, expected", [(7, 3, [3, 3, 1]), (6, 3, [3, 3]), (2, 5, [2]), (0, 2, [0])])
def test_split_by_size(size, split, expected):
    a = np.arange(size * 2).reshape(2, size)
    x = al.from_numpy(a)
    pieces = x.split(split, 1)
    assert [p.shape[1] for p in pieces] == expected
    for p, ref in zip(pieces, _np_pieces(a, expected, 1)):
        _check_view(x, p, ref, _meta_like(p))
    assert [p.shape for p in _meta_like(x).split(split, 1)] == [p.shape for p in pieces]


def test_split_with_sizes_and_chunk():
    x = al.arange(10)
    assert [p.tolist() for p in x.split([2, 5, 3])] == [[0, 1], [2, 3, 4, 5, 6], [7, 8, 9]]
    assert [p.tolist() for p in x.chunk(3)] == [[0, 1, 2, 3], [4, 5, 6, 7], [8, 9]]
    assert [p.shape[0] for p in al.arange(7).chunk(3)] == [3, 3, 1]
    assert [p.shape for p in al.zeros(0).chunk(3)] == [(0,), (0,), (0,)]
    assert [p.shape for p in al.empty(5, 2, device="meta").chunk(2, 0)] == [(3, 2), (2, 2)]
    with pytest.raises(RuntimeError) as e:
        x.split([2, 2])
    assert str(e.value) == ("al.split: split_with_sizes expects split_sizes to sum exactly to 10 (input tensor's "
                            "size at dimension 0), but got split_sizes=[2, 2]")
    with pytest.raises(RuntimeError) as e:
        x.chunk(0)
    assert str(e.value) == "al.chunk: chunk expects `chunks` to be greater than 0, got: 0"
    with pytest.raises(RuntimeError) as e:
        x.split(0)
    assert str(e.value) == ("al.split: split_size can only be 0 if dimension size is 0, but got "
                            "dimension size of 10")


# ---- cat / stack ----


def test_cat_matches_numpy_and_promotes():
    a = np.arange(6, dtype=np.int32).reshape(2, 3)
    b = np.arange(4.0, dtype=np.float16).reshape(2, 2)
    y = al.cat([al.from_numpy(a), al.from_numpy(b)], 1)
    assert y.dtype is al.float16
    np.testing.assert_array_equal(y.numpy(), np.concatenate([a, b], 1).astype(np.float16))
    t = al.from_numpy(a).t()  # non-contiguous input
    np.testing.assert_array_equal(al.cat([t, t], -1).numpy(), np.concatenate([a.T, a.T], -1))
    # 1-D empty tensors are skipped (legacy torch behaviour).
    assert al.cat([al.tensor([], dtype=al.int32), al.from_numpy(a)]).shape == (2, 3)
    m = al.cat([al.empty(2, 3, device="meta"), al.empty(4, 3, device="meta")])
    assert (m.shape, m.device) == ((6, 3), "meta")


def test_stack_matches_numpy():
    arrays = [np.arange(6.0).reshape(2, 3) + i for i in range(3)]
    for dim in (0, 1, 2, -1):
        y = al.stack([al.from_numpy(a) for a in arrays], dim)
        np.testing.assert_array_equal(y.numpy(), np.stack(arrays, dim))
    assert al.stack([al.empty(2, device="meta")] * 3, 1).shape == (2, 3)


@pytest.mark.parametrize("call, message", [
    (lambda: al.cat([]), "cat(): expected a non-empty list of Tensors"),
    (lambda: al.cat([al.zeros(2, 3), al.zeros(2, 2)]),
     "Sizes of tensors must match except in dimension 0. Expected size 3 but got size 2 for tensor number 1 in the list."),
    (lambda: al.cat([al.zeros(2, 3), al.zeros(3)]),
     "Tensors must have same number of dimensions: got 2 (tensor number 0) and 1 (tensor number 1)"),
    (lambda: al.cat([al.tensor(1.0)]), "zero-dimensional tensor (at position 0) cannot be concatenated"),
    (lambda: al.stack([al.zeros(2, 3), al.zeros(2, 2)]),
     "stack expects each tensor to be equal size, but got [2, 3] at entry 0 and [2, 2] at entry 1"),
    (lambda: al.stack([]), "stack expects a non-empty TensorList"),
])
def test_join_errors(call, message):
    with pytest.raises(RuntimeError) as e:
        call()
    assert named(str(e.value), message)


# ---- gather / index_select / masked_fill ----


def test_gather_matches_take_along_axis():
    rng = np.random.default_rng(0)
    a = rng.standard_normal((4, 5)).astype(np.float32)
    for dim in (0, 1):
        idx = rng.integers(0, a.shape[dim], size=(4, 5))
        y = al.gather(al.from_numpy(a), dim, al.from_numpy(idx))
        np.testing.assert_array_equal(y.numpy(), np.take_along_axis(a, idx, dim))
    # An index smaller than self in the other dims reads the leading part.
    idx = np.array([[1, 0]])
    y = al.from_numpy(a).gather(1, al.from_numpy(idx))
    np.testing.assert_array_equal(y.numpy(), [[a[0, 1], a[0, 0]]])
    assert al.empty(4, 5, device="meta").gather(0, al.empty(2, 5, dtype=al.int64, device="meta")).shape == (2, 5)


def test_index_select_matches_take():
    a = np.arange(20).reshape(4, 5)
    for dim, idx in [(0, [3, 0, 3]), (1, [4]), (-1, [])]:
        y = al.index_select(al.from_numpy(a), dim, al.tensor(idx, dtype=al.int64))
        np.testing.assert_array_equal(y.numpy(), np.take(a, idx, axis=dim))
    assert al.from_numpy(a).index_select(0, al.tensor([1], dtype=al.int32)).tolist() == [[5, 6, 7, 8, 9]]


def test_masked_fill():
    a = np.arange(6.0).reshape(2, 3)
    mask = np.array([True, False, True])
    y = al.from_numpy(a).masked_fill(al.from_numpy(mask), -1.0)
    np.testing.assert_array_equal(y.numpy(), np.where(mask, -1.0, a))
    x = al.from_numpy(a.copy())
    v = x._version
    assert x.masked_fill_(al.from_numpy(mask), 9) is x and x._version == v + 1
    np.testing.assert_array_equal(x.numpy(), np.where(mask, 9.0, a))
    # Out of place, self and mask broadcast together.
    assert al.zeros(3).masked_fill(al.tensor([[True], [False]]), 1.0).tolist() == [[1, 1, 1], [0, 0, 0]]


@pytest.mark.parametrize("call, exc, message", [
    (lambda: al.zeros(3).gather(0, al.tensor([5])), IndexError,
     "index 5 is out of bounds for dimension 0 with size 3"),
    (lambda: al.zeros(3).gather(0, al.tensor([1.0])), RuntimeError,
     "gather(): Expected dtype int32/int64 for index, got float32"),
    (lambda: al.zeros(2, 3).gather(1, al.tensor([1])), RuntimeError,
     "Index tensor must have the same number of dimensions as input tensor: index has 1 and input 2"),
    (lambda: al.zeros(2, 3).gather(0, al.zeros(2, 4, dtype=al.int64)), RuntimeError,
     "Size does not match at dimension 1 expected index [2, 4] to be smaller than self [2, 3] apart from dimension 0"),
    (lambda: al.zeros(3).index_select(0, al.tensor([-1])), IndexError,
     "index -1 is out of bounds for dimension 0 with size 3"),
    (lambda: al.zeros(3).index_select(0, al.tensor([[0]])), IndexError,
     "index_select(): Index is supposed to be a vector, got shape [1, 1]"),
    (lambda: al.zeros(3).index_select(0, al.tensor([0.0])), RuntimeError,
     "index_select(): Expected dtype int32 or int64 for index, got float32"),
    (lambda: al.zeros(3).masked_fill(al.tensor([1, 0, 1]), 1.0), RuntimeError,
     "masked_fill only supports boolean masks, but got mask with dtype int64"),
    (lambda: al.zeros(3).masked_fill_(al.tensor([[True], [False]]), 1.0), RuntimeError,
     "masked_fill_: mask of shape [2, 1] cannot be broadcast to self of shape [3]"),
    (lambda: al.zeros(3, dtype=al.int8).masked_fill(al.tensor([True] * 3), 200), RuntimeError,
     "masked_fill: value 200 cannot be converted to type int8 without overflow"),
])
def test_data_movement_errors(call, exc, message):
    with pytest.raises(exc) as e:
        call()
    assert named(str(e.value), message)


def test_squeeze_dims_matches_torch():
    torch = pytest.importorskip("torch")
    for shape in [(1, 2, 1, 3), (1,), (), (2, 1, 1), (1, 0, 1)]:
        n = max(len(shape), 1)
        for k in range(3):
            for dims in itertools.combinations(range(-n, n), k):
                if len({d % n for d in dims}) < k:
                    continue
                for device in ("cpu", "meta"):
                    y = al.zeros(shape, device=device).squeeze(dims)
                    ref = torch.zeros(shape, device=device).squeeze(dims)
                    got = (tuple(y.shape), y.stride())
                    assert got == (tuple(ref.shape), ref.stride()), (shape, dims)
                    y = al.squeeze(al.zeros(shape), dim=list(dims))
                    assert tuple(y.shape) == tuple(ref.shape)


# ---- copies keep the layout (torch's memory_format=preserve_format) ----


def test_clone_and_like_keep_dense_strides():
    x = al.arange(12.0).reshape(3, 4)
    cases = [
        (x.t(), (1, 4)),  # dense without overlap: the same strides
        (x[:, ::2], (2, 1)),  # gaps: dense strides in the same order
        (x.unsqueeze(0).expand(2, 3, 4), (12, 4, 1)),  # overlap: broadcast dim materialised
        (al.zeros(2, 3, 5)[:, ::2].transpose(0, 2), (1, 5, 10)),
        (al.zeros(0, 3).t(), (1, 3)),
    ]
    for t, strides in cases:
        for make in (lambda t: t.clone(), al.empty_like, al.zeros_like, al.ones_like,
                     al.rand_like, al.randn_like, lambda t: al.full_like(t, 2),
                     lambda t: al.randint_like(t, 3)):
            y = make(t)
            assert (y.shape, y.stride()) == (t.shape, strides)
        c = t.clone()
        np.testing.assert_array_equal(c.numpy(), t.numpy())
        assert not np.shares_memory(c.numpy(), t.numpy())
        assert c.is_contiguous() == (strides == al.empty(t.shape).stride() or t.numel() == 0)
    assert al.ones_like(x.t()).numpy().tolist() == np.ones((4, 3)).tolist()
    assert al.full_like(x[:, ::2], 7, requires_grad=True).requires_grad


def test_clone_keeps_layout_on_meta():
    m = al.empty(3, 4, device="meta")
    for view, strides in [(m.t(), (1, 4)), (m[:, ::2], (2, 1)), (m.unsqueeze(1), (4, 4, 1)),
                          (m.unsqueeze(0).expand(2, 3, 4), (12, 4, 1))]:
        for make in (lambda t: t.clone(), al.empty_like, al.zeros_like,
                     lambda t: al.full_like(t, 1.5)):
            y = make(view)
            assert (y.device.type, y.shape, y.stride()) == ("meta", view.shape, strides)


def _layout_cases(rng, count):
    for _ in range(count):
        shape = [rng.choice([0, 1, 2, 3]) if rng.random() < 0.1 else rng.choice([1, 2, 3, 4])
                 for _ in range(rng.randint(0, 4))]
        steps = tuple(slice(None, None, 2) if rng.random() < 0.5 else slice(0, s) for s in shape)
        perm = rng.sample(range(len(shape)), len(shape))
        k = rng.randint(0, len(shape)) if rng.random() < 0.3 else None
        yield shape, steps, perm, k


def _make_layout(lib, shape, steps, perm, k, device):
    big = [2 * s for s in shape]
    t = lib.zeros(big, device=device) if device == "meta" else \
        lib.arange(float(np.prod(big))).reshape(big)
    t = t[steps].permute(perm)
    if k is not None:
        size = [-1] * (t.ndim + 1)
        size[k] = 3
        t = t.unsqueeze(k).expand(*size)
    return t


def test_copies_keep_layout_as_torch():
    torch = pytest.importorskip("torch")
    rng = random.Random(1)
    makers = [("clone", lambda lib, t: t.clone()), ("empty_like", lambda lib, t: lib.empty_like(t)),
              ("zeros_like", lambda lib, t: lib.zeros_like(t)),
              ("full_like", lambda lib, t: lib.full_like(t, 2)),
              ("randint_like", lambda lib, t: lib.randint_like(t, 5))]
    # torch's CPU layouts are the reference on meta too (torch's meta *_like give a 1-D
    # tensor of one element stride 1 where its CPU ones keep the input's stride; here meta
    # and CPU agree).
    for case in _layout_cases(rng, 200):
        a = _make_layout(torch, *case, "cpu")
        for device in ("cpu", "meta"):
            x = _make_layout(al, *case, device)
            assert x.stride() == a.stride()
            for name, make in makers:
                y, r = make(al, x), make(torch, a)
                assert (y.stride(), y.is_contiguous()) == (r.stride(), r.is_contiguous()), \
                    (name, device, case)
                if name == "clone" and device == "cpu":
                    np.testing.assert_array_equal(y.numpy(), r.numpy())


# ---- to(other) / type_as ----


def test_to_other_and_type_as_take_dtype_and_device_of_other():
    x = al.arange(6.0).reshape(2, 3)
    d, i = al.zeros(1, dtype=al.float64), al.zeros(2, dtype=al.int32)
    assert x.to(d).dtype is al.float64 and x.type_as(i).tolist() == [[0, 1, 2], [3, 4, 5]]
    assert x.to(x) is x and x.type_as(x) is x and x.to(x, copy=True) is not x
    m = al.empty(2, device="meta", dtype=al.int8)
    y = al.empty(3, device="meta").to(m)
    assert (y.device.type, y.dtype) == ("meta", al.int8)
    g = al.ones(2, dtype=al.float64, requires_grad=True)
    g.to(al.zeros(1)).sum().backward()
    assert g.grad.dtype is al.float64 and g.grad.tolist() == [1.0, 1.0]
    with pytest.raises(TypeError) as e:
        x.type_as(3)
    assert str(e.value) == ("Tensor.type_as() got (int); no overload matches. Tried in order:\n"
                            "  type_as(Tensor self, Tensor other) -> Tensor\n"
                            "      argument 'other' must be Tensor, not int")

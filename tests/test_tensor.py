"""The Tensor object: geometry, conversions, autograd slots, repr, devices, and the
dtype/device conversions and copies (to, clone, copy_, fill_, zero_)."""

import re

import numpy as np
import pytest

import aten_lite as al
from aten_lite.tensors.tensor import Tensor, empty_array

DTYPES = ["bool", "uint8", "int8", "int16", "int32", "int64", "float16", "float32", "float64"]


def _sample(dtype, shape=(3, 4)):
    a = np.arange(int(np.prod(shape))).reshape(shape) % 7
    return a.astype(dtype)


# ---- wrapping NumPy ----


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("view", ["plain", "transposed", "strided", "reversed", "zero_dim"])
def test_from_numpy_keeps_geometry_and_shares_memory(dtype, view):
    base = _sample(dtype, (4, 6))
    a = {"plain": base, "transposed": base.T, "strided": base[::2, 1::3],
         "reversed": base[::-1, ::-2], "zero_dim": base[1, 2, ...]}[view]
    t = al.from_numpy(a)
    assert t.dtype.name == dtype and t.device == "cpu" and t.layout is al.strided
    assert t.shape == a.shape and isinstance(t.shape, al.Size)
    assert t.stride() == tuple(s // a.itemsize for s in a.strides)
    assert t.ndim == t.dim() == a.ndim and t.numel() == a.size
    assert t.is_contiguous() == a.flags.c_contiguous
    assert t.element_size() == a.itemsize
    assert t.data_ptr() == a.__array_interface__["data"][0]
    assert t.numpy() is a
    assert np.shares_memory(np.asarray(t), a)
    np.testing.assert_array_equal(t.tolist(), a.tolist())


def test_size_and_stride_of_one_dim():
    t = al.from_numpy(np.zeros((2, 3, 4), np.float32)[:, ::-1])
    assert (t.size(0), t.size(-1), t.stride(1), t.stride(-3)) == (2, 4, -4, 12)
    with pytest.raises(IndexError) as e:
        t.size(3)
    assert str(e.value) == "Dimension out of range (expected to be in range of [-3, 2], but got 3)"


def test_size_type():
    s = al.zeros(2, 3).shape
    assert s == (2, 3) and repr(s) == "aten_lite.Size([2, 3])"
    assert s.numel() == 6 and isinstance(s[1:], al.Size) and s[0] == 2


def test_tensor_legacy_constructor_follows_torch():
    # torch's legacy constructor, as old programs call it: sizes give an uninitialised tensor of
    # the default dtype, data gives a copy in the default dtype.
    torch = pytest.importorskip("torch")
    assert Tensor(2, 3).shape == torch.Tensor(2, 3).shape == (2, 3)
    assert Tensor().shape == (0,) and Tensor(al.Size([4])).shape == (4,)
    assert Tensor([1, 2]).tolist() == torch.Tensor([1, 2]).tolist()
    assert Tensor([1, 2]).dtype is al.float32
    with pytest.raises(TypeError) as e:
        Tensor(2.5)
    assert str(e.value) == "Tensor(): data must be a sequence or an int size, got float 2.5"


def test_slots_no_dict():
    t = al.zeros(2)
    assert not hasattr(t, "__dict__")
    with pytest.raises(AttributeError):
        t.something_else = 1


def test_every_constructor_sets_every_slot_and_no_history():
    # Note [Tensor slots]: each constructor is made from one table of slots.
    from aten_lite.tensors.tensor import Tensor, _constructor
    from aten_lite.tensors.sparse_tensor import SparseTensor
    x = al.ones(2, 3, requires_grad=True)
    (x * x).sum().backward()
    made = [Tensor._wrap(np.ones(3)), Tensor._meta((2, 3), al.float32), x.detach(), x[0],
            x.t().detach(), al.ones(2, 2).to_sparse(), x.to_sparse().detach(),
            al.nn.Parameter(x, requires_grad=False)]
    for t in made:
        for slot in Tensor.__slots__ + (SparseTensor.__slots__ if t.is_sparse else ()):
            if slot != "__weakref__":
                getattr(t, slot)  # set: reading an unset slot raises AttributeError
        if t is not made[3]:  # x[0] is a view recorded by autograd
            assert (t._requires_grad, t._grad, t.grad_fn, t._retains_grad, t._hooks,
                    t._output_nr) == (False, None, None, False, None, 0)
    view = Tensor._wrap(x._a[0], base=x[1:])
    assert view._base is x and view._vc is x._version_counter
    p = made[-1]
    assert p._a is x._a and p._vc is x._version_counter and p.grad is None
    with pytest.raises(TypeError, match=re.escape("storage slots missing ['_base', '_store', '_vc']")):
        _constructor("f(a)", "", [], a="a", shape="()", st="None", offset="0", dtype="None",
                     device="None", layout="None", key="None")


def test_empty_array_allocates_c_contiguous():
    a = empty_array((3, 5), al.float16)
    assert a.shape == (3, 5) and a.dtype == np.float16 and a.flags.c_contiguous


def test_storage_offset():
    x = al.arange(12).reshape(3, 4)
    assert x[1:, 2:].storage_offset() == 6
    assert al.empty(3, 4, device="meta")[1:, 2:].storage_offset() == 6


# ---- conversion to Python ----


def test_item_and_python_numbers():
    assert al.tensor([[2.5]]).item() == 2.5
    assert isinstance(al.tensor(3).item(), int)
    assert float(al.tensor(1.5)) == 1.5 and int(al.tensor(7.9)) == 7
    assert [10, 20, 30][al.tensor(1)] == 20
    assert bool(al.tensor([True])) is True and bool(al.tensor(0.0)) is False
    assert f"{al.tensor(3.14159):.2f}" == "3.14"


def test_item_errors():
    with pytest.raises(ValueError) as e:
        al.zeros(3).item()
    assert str(e.value) == "a Tensor with 3 elements cannot be converted to Scalar"
    with pytest.raises(RuntimeError) as e:
        al.zeros(1, device="meta").item()
    assert str(e.value) == "Tensor.item(): meta tensors have no data"
    with pytest.raises(RuntimeError) as e:
        bool(al.zeros(2))
    assert str(e.value) == "Boolean value of Tensor with more than one value is ambiguous"
    with pytest.raises(RuntimeError) as e:
        bool(al.zeros(0))
    assert str(e.value) == "Boolean value of Tensor with no values is ambiguous"
    with pytest.raises(TypeError) as e:
        [1, 2][al.tensor(1.0)]
    assert str(e.value) == "only integer tensors of a single element can be converted to an index"


def test_len_and_iteration():
    x = al.arange(6).reshape(3, 2)
    assert len(x) == 3
    rows = list(x)
    assert [r.tolist() for r in rows] == [[0, 1], [2, 3], [4, 5]]
    assert rows[1]._base is x._base is not None  # views of the storage's owner
    with pytest.raises(TypeError) as e:
        len(al.tensor(1))
    assert str(e.value) == "len() of a 0-d tensor"
    with pytest.raises(TypeError) as e:
        iter(al.tensor(1)).__next__()
    assert str(e.value) == "iteration over a 0-d tensor"


def test_hash_is_identity():
    a, b = al.zeros(2), al.zeros(2)
    assert len({a, b, a}) == 2 and hash(a) == id(a)


def test_numpy_refused_for_meta_and_requires_grad():
    with pytest.raises(RuntimeError) as e:
        al.zeros(2, device="meta").numpy()
    assert str(e.value) == "Tensor.numpy(): meta tensors have no data"
    x = al.zeros(2, requires_grad=True)
    with pytest.raises(RuntimeError) as e:
        x.numpy()
    assert str(e.value) == ("Can't call numpy() on Tensor that requires grad. "
                            "Use tensor.detach().numpy() instead.")
    assert x.numpy(force=True) is x._a


def test_array_protocol():
    x = al.tensor([1, 2, 3], dtype=al.int32)
    a = np.asarray(x)
    assert a.dtype == np.int32 and np.shares_memory(a, x.numpy())
    assert np.asarray(x, dtype=np.float64).dtype == np.float64
    assert not np.shares_memory(np.array(x, copy=True), x.numpy())


def test_operators_with_numpy_operands_stay_tensors():
    # Note [NumPy operands]: NumPy must not turn `t * np.float32(2)` into an ndarray (which
    # would also drop autograd); as in torch, the NumPy value joins the tensor op.
    x = al.tensor([1.0, 2.0], requires_grad=True)
    for result, want in [(x * np.float32(2), [2.0, 4.0]), (np.float32(2) * x, [2.0, 4.0]),
                         (x - np.int64(1), [0.0, 1.0]), (np.float64(3) - x, [2.0, 1.0]),
                         (x / np.float32(2), [0.5, 1.0]), (x ** np.int32(2), [1.0, 4.0])]:
        assert isinstance(result, Tensor) and result.dtype is al.float32
        assert result.grad_fn is not None and result.tolist() == want
    y = al.tensor([1.0, 2.0])
    assert (y < np.float32(1.5)).tolist() == [True, False]
    assert (np.float32(1.5) < y).tolist() == [False, True]
    assert (y == np.float32(2)).tolist() == [False, True]
    for result in (y + np.ones(2), np.ones(2) + y):  # an array joins as a float64 tensor
        assert isinstance(result, Tensor) and result.dtype is al.float64
        assert result.tolist() == [2.0, 3.0]
    assert (y @ np.ones((2, 2), np.float32)).tolist() == [3.0, 3.0]
    assert (al.tensor([7, 8]) // np.int64(2)).tolist() == [3, 4]
    # Other ufuncs still compute in NumPy on the data, and arrays stay arrays.
    e = np.exp(y)
    assert isinstance(e, np.ndarray) and np.allclose(e, np.exp([1.0, 2.0]))
    a = np.zeros(2, np.float32)
    a += y
    assert a.tolist() == [1.0, 2.0]


def test_unary_plus_returns_the_tensor():
    x = al.tensor([1.0, -2.0])
    assert (+x) is x
    with pytest.raises(RuntimeError) as e:
        +al.tensor([True])
    assert str(e.value) == "The `+` operator, on a bool tensor is not supported."


def test_empty_tensors_report_contiguous_strides():
    # NumPy gives an empty array zero strides; torch reports the contiguous ones, and views
    # of an empty tensor derive theirs from them.
    assert al.empty(0, 3).stride() == (3, 1) and al.zeros(2, 0, 3).stride() == (3, 3, 1)
    assert al.empty(0, 3).t().stride() == (1, 3) and al.ones(4, 3)[:0].stride() == (3, 1)
    assert al.empty(0, 3).is_contiguous()
    assert al.empty(0, 3, device="meta").stride() == (3, 1)


# ---- autograd slots ----


def test_autograd_slots_defaults():
    x = al.zeros(2)
    assert (x.requires_grad, x.grad, x.grad_fn, x.is_leaf) == (False, None, None, True)
    assert x.requires_grad_() is x and x.requires_grad


@pytest.mark.parametrize("dtype", ["bool", "uint8", "int32", "int64"])
def test_only_floating_tensors_require_grad(dtype):
    x = al.zeros(2, dtype=al._dtype.parse(dtype))
    with pytest.raises(RuntimeError) as e:
        x.requires_grad = True
    assert str(e.value) == f"only Tensors of floating point dtype can require gradients, got {dtype}"


# ---- devices and layouts ----


def test_device_values():
    cpu, meta = al.device("cpu"), al.device("meta")
    assert cpu == "cpu" and meta == "meta" and cpu != meta and cpu != "meta"
    assert al.device("cpu") is cpu and al.device(meta) is meta and al.device("cpu:0") is cpu
    assert repr(cpu) == "device(type='cpu')" and str(meta) == "meta" and meta.type == "meta"
    assert hash(cpu) == hash("cpu")
    assert al.zeros(1).device is cpu and al.zeros(1, device="meta").device is meta


def test_device_errors():
    with pytest.raises(ValueError) as e:
        al.device("mps")
    assert str(e.value) == ("device 'mps' is not available: aten_lite runs on the CPU only "
                            "(al.cuda.is_available() is False); available devices: 'cpu', 'meta'")
    if not al.cuda.is_available():  # tests/test_cuda.py checks the message's content
        with pytest.raises(ValueError, match="device 'cuda' is not available: "):
            al.device("cuda")
    with pytest.raises(ValueError) as e:
        al.device("gpu")
    assert str(e.value) == "unknown device 'gpu'; valid: 'cpu', 'meta'"
    with pytest.raises(TypeError) as e:
        al.device(0)
    assert str(e.value) == "device: expected a string such as 'cpu' or 'meta', got 0"


def test_layouts_and_keys():
    assert repr(al.strided) == "aten_lite.strided" and repr(al.sparse_coo) == "aten_lite.sparse_coo"
    assert al.zeros(1)._key == "CPU" and al.zeros(1, device="meta")._key == "Meta"
    assert al.zeros(1, device="meta").is_meta and not al.zeros(1).is_meta


# ---- repr (expected strings are what torch 2.13 prints, with its dtype prefix) ----

INF, NAN = float("inf"), float("nan")


@pytest.mark.parametrize("make, expected", [
    (lambda: al.tensor([[1.0, 2.5], [3.0, 4.0]]), "tensor([[1.0000, 2.5000],\n        [3.0000, 4.0000]])"),
    (lambda: al.tensor([1, 2, 3]), "tensor([1, 2, 3])"),
    (lambda: al.tensor([True, False]), "tensor([ True, False])"),
    (lambda: al.tensor([1.5, 2.0], dtype=al.float64), "tensor([1.5000, 2.0000], dtype=aten_lite.float64)"),
    (lambda: al.tensor([1e-5, 1.0]), "tensor([1.0000e-05, 1.0000e+00])"),
    (lambda: al.tensor([1e9, 1.0]), "tensor([1.0000e+09, 1.0000e+00])"),
    (lambda: al.tensor([1.0, 10000.0]), "tensor([1.0000e+00, 1.0000e+04])"),
    (lambda: al.tensor([NAN, INF, -INF, 1.5]), "tensor([   nan,    inf,   -inf, 1.5000])"),
    (lambda: al.tensor([NAN, 1.0, 2.0]), "tensor([nan, 1., 2.])"),
    (lambda: al.tensor(3.5), "tensor(3.5000)"),
    (lambda: al.tensor(3), "tensor(3)"),
    (lambda: al.tensor([]), "tensor([])"),
    (lambda: al.zeros(0, 3), "tensor([], size=(0, 3))"),
    (lambda: al.tensor([], dtype=al.int64), "tensor([], dtype=aten_lite.int64)"),
    (lambda: al.empty(2, 3, device="meta"), "tensor(..., device='meta', size=(2, 3))"),
    (lambda: al.empty(2, dtype=al.int64, device="meta"),
     "tensor(..., device='meta', size=(2,), dtype=aten_lite.int64)"),
    (lambda: al.empty((), device="meta"), "tensor(..., device='meta', size=())"),
    (lambda: al.tensor([1.0, 2.0], requires_grad=True), "tensor([1., 2.], requires_grad=True)"),
    (lambda: al.tensor([1, 2], dtype=al.uint8), "tensor([1, 2], dtype=aten_lite.uint8)"),
    (lambda: al.tensor([1.5, 2.25], dtype=al.float16), "tensor([1.5000, 2.2500], dtype=aten_lite.float16)"),
    (lambda: al.tensor([-1.0, 2.5]), "tensor([-1.0000,  2.5000])"),
    (lambda: al.arange(30), "tensor([ 0,  1,  2,  3,  4,  5,  6,  7,  8,  9, 10, 11, 12, 13, 14, 15, 16, 17,\n"
                            "        18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29])"),
    (lambda: al.arange(8.0).reshape(2, 2, 2), "tensor([[[0., 1.],\n         [2., 3.]],\n\n        [[4., 5.],\n         [6., 7.]]])"),
    (lambda: al.arange(2000.0), "tensor([0.0000e+00, 1.0000e+00, 2.0000e+00,  ..., 1.9970e+03, 1.9980e+03,\n"
                                "        1.9990e+03])"),
    (lambda: al.arange(3000).reshape(30, 100),
     "tensor([[   0,    1,    2,  ...,   97,   98,   99],\n"
     "        [ 100,  101,  102,  ...,  197,  198,  199],\n"
     "        [ 200,  201,  202,  ...,  297,  298,  299],\n"
     "        ...,\n"
     "        [2700, 2701, 2702,  ..., 2797, 2798, 2799],\n"
     "        [2800, 2801, 2802,  ..., 2897, 2898, 2899],\n"
     "        [2900, 2901, 2902,  ..., 2997, 2998, 2999]])"),
    (lambda: al.zeros(3), "tensor([0., 0., 0.])"),
])
def test_repr_like_torch(make, expected):
    assert repr(make()) == expected


# ---- the version counter ----


def test_views_share_the_version_counter_and_base():
    x = al.zeros(3, 4)
    v = x.t()[1:]
    assert v._base is x and x._base is None
    assert v._version_counter is x._version_counter
    before = x._version
    v.fill_(1.0)
    assert x._version == before + 1
    x._bump_version()
    assert v._version == before + 2
    assert x.clone()._version_counter is not x._version_counter


# ---- to / clone / copy_ / fill_ / zero_ ----


@pytest.mark.parametrize("src", DTYPES)
@pytest.mark.parametrize("dst", DTYPES)
def test_to_dtype_converts_like_numpy(src, dst):
    a = (np.arange(-3, 9).reshape(3, 4) * 1.5).astype(src)
    y = al.from_numpy(a).to(al._dtype.parse(dst))
    assert y.dtype.name == dst and y.is_contiguous()
    np.testing.assert_array_equal(y.numpy(), a.astype(dst))


def test_to_returns_self_unless_something_changes():
    x = al.zeros(2)
    assert x.to(al.float32) is x and x.to("cpu") is x
    y = x.to(al.float32, copy=True)
    assert y is not x and not np.shares_memory(y.numpy(), x.numpy())


def test_conversion_methods():
    x = al.tensor([1.7, -2.2])
    assert [x.float().dtype, x.double().dtype, x.half().dtype, x.long().dtype, x.int().dtype,
            x.bool().dtype, x.short().dtype, x.byte().dtype, x.char().dtype] == [
        al.float32, al.float64, al.float16, al.int64, al.int32, al.bool, al.int16, al.uint8, al.int8]
    assert x.long().tolist() == [1, -2]


def test_to_meta_and_back():
    x = al.arange(6).reshape(2, 3)
    m = x.to("meta")
    assert (m.device, m.shape, m.dtype, m.stride()) == ("meta", (2, 3), al.int64, (3, 1))
    assert x.to("meta", al.float16).dtype is al.float16
    assert m.to(al.float64).device == "meta"
    with pytest.raises(RuntimeError) as e:
        m.to("cpu")
    assert str(e.value) == ("al.to: cannot copy a meta tensor to 'cpu': meta tensors have no data; "
                            "create the tensor on 'cpu' instead")


def test_clone_is_a_copy_with_the_same_layout():
    x = al.arange(12.0).reshape(3, 4).t()
    y = x.clone()
    # torch's preserve_format: dense strides are kept (tests/test_views.py compares with torch)
    assert y.stride() == (1, 4) and not y.is_contiguous() and y._base is None
    np.testing.assert_array_equal(y.numpy(), x.numpy())
    assert not np.shares_memory(y.numpy(), x.numpy())
    e = al.arange(3).expand(2, 3).clone()
    e[0, 0] = 9
    assert e.tolist() == [[9, 1, 2], [0, 1, 2]]
    m = al.empty(3, 4, device="meta").t().clone()
    assert m.device == "meta" and m.stride() == (1, 4)


def test_copy_broadcasts_and_converts():
    x = al.zeros(2, 3, dtype=al.int32)
    src = al.tensor([1.9, -2.5, 3.0])
    assert x.copy_(src) is x
    np.testing.assert_array_equal(x.numpy(), np.broadcast_to(np.array([1.9, -2.5, 3.0]).astype(np.int32), (2, 3)))
    with pytest.raises(RuntimeError) as e:
        x.copy_(al.zeros(4))
    assert str(e.value) == "copy_: source of shape [4] cannot be broadcast to the destination's shape [2, 3]"


def test_copy_into_a_view_writes_through():
    x = al.zeros(3, 3)
    x.t()[0].copy_(al.tensor([1.0, 2.0, 3.0]))
    np.testing.assert_array_equal(x.numpy()[:, 0], [1, 2, 3])


def test_fill_and_zero():
    x = al.ones(2, 3, dtype=al.int16)
    assert x.fill_(2.7) is x and x.tolist() == [[2, 2, 2], [2, 2, 2]]
    assert al.fill_(x, 5).tolist() == [[5] * 3] * 2
    x[:, 1:].zero_()
    assert x.tolist() == [[5, 0, 0], [5, 0, 0]]
    with pytest.raises(RuntimeError) as e:
        al.zeros(2, dtype=al.uint8).fill_(300)
    assert str(e.value) == "fill_: value 300 cannot be converted to type uint8 without overflow"
    with pytest.raises(RuntimeError) as e:
        al.zeros(2, dtype=al.int32).fill_(float("nan"))
    assert str(e.value) == "fill_: value nan cannot be converted to type int32 without overflow"


def test_writing_into_an_expanded_tensor_is_refused():
    x = al.zeros(3).expand(2, 3)
    with pytest.raises(RuntimeError) as e:
        x.fill_(1.0)
    assert str(e.value) == (
        "al.fill_: unsupported operation: more than one element of the written-to tensor refers to a "
        "single memory location. Please clone() the tensor before performing the operation.")


def test_in_place_ops_on_meta_check_and_return_self():
    m = al.empty(2, 3, device="meta")
    assert m.fill_(1.0) is m and m.zero_() is m and m.copy_(al.empty(3, device="meta")) is m
    with pytest.raises(RuntimeError) as e:
        m.copy_(al.empty(2, device="meta"))
    assert str(e.value) == "copy_: source of shape [2] cannot be broadcast to the destination's shape [2, 3]"

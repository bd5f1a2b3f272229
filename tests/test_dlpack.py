"""DLPack and the array protocols: aten_lite tensors to and from torch, NumPy and JAX without
copies (backends/dlpack.py, docs/INTEROP.md). Values are checked against NumPy arrays built
independently; sharing is checked by writing through one side and reading the other."""

from __future__ import annotations

import ctypes
import gc
import sys
import threading
import weakref

import numpy as np
import pytest

import aten_lite as al

torch = pytest.importorskip("torch")

DTYPES = ["bool", "uint8", "int8", "int16", "int32", "int64", "float16", "float32", "float64"]

_api = ctypes.pythonapi
_api.PyCapsule_GetName.restype = ctypes.c_char_p
_api.PyCapsule_GetName.argtypes = [ctypes.py_object]
_api.PyCapsule_GetPointer.restype = ctypes.c_void_p
_api.PyCapsule_GetPointer.argtypes = [ctypes.py_object, ctypes.c_char_p]
READ_ONLY, IS_COPIED = 1, 2


def _versioned_header(capsule):
    """(major, minor), flags of a "dltensor_versioned" capsule (read here independently of
    aten_lite's own reader)."""
    assert _api.PyCapsule_GetName(capsule) == b"dltensor_versioned"
    p = _api.PyCapsule_GetPointer(capsule, b"dltensor_versioned")
    version = tuple((ctypes.c_uint32 * 2).from_address(p))
    return version, ctypes.c_uint64.from_address(p + 24).value


def _values(dtype: str, shape) -> np.ndarray:
    """Distinct values of `dtype` for `shape` (the oracle), made by NumPy alone."""
    n = int(np.prod(shape)) if shape else 1
    if dtype == "bool":
        a = np.arange(n) % 3 == 1
    elif dtype.startswith("uint"):
        a = (np.arange(n) * 7 + 3).astype(dtype)
    else:
        a = ((np.arange(n) - n // 2) * 3).astype(dtype)
    return a.reshape(shape)


def _layouts(dtype: str):
    """(name, numpy oracle, matching aten_lite tensor): contiguous, transposed, stepped slice,
    broadcast (0 strides) and 0-dim."""
    base = _values(dtype, (4, 6))
    x = al.tensor(base)
    yield "contiguous", base, x
    yield "transposed", base.T, x.t()
    yield "stepped", base[1:, ::2], x[1:, ::2]
    yield "broadcast", np.broadcast_to(base[0], (3, 6)), x[0][None].expand(3, 6)
    yield "0-dim", _values(dtype, ()), al.tensor(_values(dtype, ()))


def _torch_dtype(name):
    return getattr(torch, name)


# ---- torch ----


@pytest.mark.parametrize("dtype", DTYPES)
def test_torch_round_trip_every_dtype_and_layout_keeps_values_strides_and_memory(dtype):
    for name, oracle, x in _layouts(dtype):
        t = torch.from_dlpack(x)
        assert t.dtype == _torch_dtype(dtype), name
        assert t.shape == oracle.shape and tuple(t.stride()) == tuple(x.stride()), name
        assert t.data_ptr() == x.data_ptr(), name
        np.testing.assert_array_equal(t.numpy(), oracle, err_msg=name)
        back = al.from_dlpack(t)
        assert back.dtype == getattr(al, dtype if dtype != "bool" else "bool"), name
        assert back.shape == oracle.shape and back.stride() == x.stride(), name
        assert back.data_ptr() == x.data_ptr(), name
        np.testing.assert_array_equal(back.numpy(), oracle, err_msg=name)


@pytest.mark.parametrize("dtype", DTYPES)
def test_torch_tensors_import_into_aten_lite_every_dtype(dtype):
    oracle = _values(dtype, (3, 5))
    t = torch.from_numpy(oracle.copy()).t()[::2]
    x = al.from_dlpack(t)
    assert x.data_ptr() == t.data_ptr()
    np.testing.assert_array_equal(x.numpy(), oracle.T[::2])


def test_writes_show_through_both_ways_with_torch():
    x = al.zeros(2, 3)
    t = torch.from_dlpack(x)
    t[1, 2] = 5.0
    assert x.tolist() == [[0.0, 0.0, 0.0], [0.0, 0.0, 5.0]]
    x.add_(1.0)
    assert t.tolist() == [[1.0, 1.0, 1.0], [1.0, 1.0, 6.0]]
    src = torch.zeros(4)
    y = al.from_dlpack(src)
    y[2] = 3.0
    assert src.tolist() == [0.0, 0.0, 3.0, 0.0]


def test_torch_as_tensor_shares_and_torch_tensor_copies_including_0_dim():
    x = al.tensor([1.0, 2.0, 3.0])
    shared = torch.as_tensor(x)
    copied = torch.tensor(x)
    x[0] = 9.0
    assert shared.tolist() == [9.0, 2.0, 3.0] and copied.tolist() == [1.0, 2.0, 3.0]
    s = al.tensor(2.5, dtype=al.float64)
    assert torch.tensor(s).shape == () and torch.tensor(s).item() == 2.5
    assert torch.as_tensor(s).dtype == torch.float64 and torch.from_dlpack(s).item() == 2.5
    assert torch.as_tensor(al.tensor(7)).item() == 7


def test_aten_lite_tensor_and_as_tensor_take_torch_tensors():
    t = torch.tensor([[1.0, 2.0], [3.0, 4.0]])
    shared, copied = al.as_tensor(t), al.tensor(t)
    t[0, 0] = -1.0
    assert shared.tolist() == [[-1.0, 2.0], [3.0, 4.0]]
    assert copied.tolist() == [[1.0, 2.0], [3.0, 4.0]]
    assert al.tensor(torch.tensor(3, dtype=torch.int16)).dtype == al.int16
    assert al.tensor(torch.tensor(3.5)).item() == 3.5 and al.tensor(torch.tensor(3.5)).dim() == 0
    assert al.tensor(t, dtype=al.float64).dtype == al.float64
    assert al.as_tensor(t, dtype=al.float64).tolist() == [[-1.0, 2.0], [3.0, 4.0]]


def test_aten_lite_tensor_takes_objects_with_only_array_protocol():
    class OnlyArray:
        def __init__(self, a):
            self.a = a

        def __array__(self, dtype=None, copy=None):
            return self.a

    a = np.arange(6, dtype=np.int32).reshape(2, 3)
    shared, copied = al.as_tensor(OnlyArray(a)), al.tensor(OnlyArray(a))
    a[0, 0] = 40
    assert shared.tolist() == [[40, 1, 2], [3, 4, 5]] and shared.dtype == al.int32
    assert copied.tolist() == [[0, 1, 2], [3, 4, 5]]


# ---- NumPy ----


@pytest.mark.parametrize("dtype", DTYPES)
def test_numpy_round_trip_every_dtype_and_layout(dtype):
    for name, oracle, x in _layouts(dtype):
        a = np.from_dlpack(x)
        assert a.dtype == np.dtype(dtype) and a.strides == x.numpy().strides, name
        assert a.ctypes.data == x.data_ptr(), name
        np.testing.assert_array_equal(a, oracle, err_msg=name)
        np.testing.assert_array_equal(np.asarray(x), oracle, err_msg=name)
        back = al.from_dlpack(a)
        assert back.data_ptr() == x.data_ptr() and back.stride() == x.stride(), name
        np.testing.assert_array_equal(back.numpy(), oracle, err_msg=name)


def test_numpy_writes_show_through_and_0_dim_converts():
    x = al.zeros(3, dtype=al.int64)
    np.from_dlpack(x)[1] = 8
    np.asarray(x)[2] = 9
    assert x.tolist() == [0, 8, 9]
    a = np.zeros(2)
    al.from_dlpack(a).fill_(4.0)
    assert a.tolist() == [4.0, 4.0]
    z = np.asarray(al.tensor(1.25, dtype=al.float64))
    assert z.shape == () and z.dtype == np.float64 and float(z) == 1.25


def test_numpy_dtypes_aten_lite_lacks_are_refused_naming_them():
    with pytest.raises(TypeError, match=r"DLPack dtype uint16.*supported: bool, uint8"):
        al.from_dlpack(np.zeros(2, np.uint16))
    with pytest.raises(TypeError, match=r"DLPack dtype complex128"):
        al.from_dlpack(np.zeros(2, np.complex128))


# ---- JAX ----


@pytest.fixture
def jax_x64():
    jax = pytest.importorskip("jax")
    previous = jax.config.read("jax_enable_x64")
    jax.config.update("jax_enable_x64", True)  # int64/float64 stay 64-bit
    yield jax
    jax.config.update("jax_enable_x64", previous)


@pytest.mark.parametrize("dtype", DTYPES)
def test_jax_round_trip_every_dtype_and_layout(jax_x64, dtype):
    jnp = jax_x64.numpy
    for name, oracle, x in _layouts(dtype):
        if name == "stepped":
            # JAX takes only compact strides (a permutation of row-major, or broadcasts, which
            # it copies): it raises for a stepped slice, so a caller passes x.contiguous().
            with pytest.raises(Exception, match="striding"):
                jnp.from_dlpack(x)
            x = x.contiguous()
        j = jnp.from_dlpack(x)
        assert j.dtype == np.dtype(dtype), name
        np.testing.assert_array_equal(np.asarray(j), oracle, err_msg=name)
        back = al.from_dlpack(j)
        np.testing.assert_array_equal(back.numpy(), oracle, err_msg=name)
    j = jax_x64.dlpack.from_dlpack(al.tensor(_values(dtype, (5,))))
    np.testing.assert_array_equal(np.asarray(j), _values(dtype, (5,)))


def test_jax_imports_share_memory(jax_x64):
    jnp = jax_x64.numpy
    j = jnp.arange(12.0).reshape(3, 4)
    x = al.from_dlpack(j)
    assert x.data_ptr() == j.unsafe_buffer_pointer()
    np.testing.assert_array_equal(x.numpy(), np.arange(12.0).reshape(3, 4))
    # JAX shares 64-byte aligned, row-major data (it copies anything else): a large result
    # comes from aten_lite's block cache, which is page aligned.
    big = al.arange(float(1 << 18))
    assert big.data_ptr() % 64 == 0
    assert jnp.from_dlpack(big).unsafe_buffer_pointer() == big.data_ptr()


# ---- lifetime ----


def test_producer_deleted_before_consumer_keeps_data_until_consumer_goes():
    x = al.arange(1000.0)
    storage = weakref.ref(x._a)
    t = torch.from_dlpack(x)
    del x
    gc.collect()
    assert storage() is not None
    np.testing.assert_array_equal(t.numpy(), np.arange(1000.0, dtype=np.float32))
    del t
    gc.collect()
    assert storage() is None


def test_imported_storage_lives_while_the_aten_lite_tensor_does():
    a = np.arange(10.0)
    storage = weakref.ref(a)
    x = al.from_dlpack(a)[2:5]
    del a
    gc.collect()
    assert storage() is not None and x.tolist() == [2.0, 3.0, 4.0]
    del x
    gc.collect()
    assert storage() is None


def test_unconsumed_capsule_is_freed_by_its_destructor():
    for max_version in (None, (1, 0)):
        x = al.ones(5)
        storage = weakref.ref(x._a)
        capsule = x.__dlpack__(max_version=max_version)
        del x
        gc.collect()
        assert storage() is not None
        del capsule
        gc.collect()
        assert storage() is None, max_version


def test_deleter_runs_once_per_export_and_import():
    # A deleter that ran twice would drop the array's count below where it started, one that
    # never ran would leave it above.
    a = np.arange(4.0)
    start = sys.getrefcount(a)
    for _ in range(20):
        x = al.from_dlpack(a)
        t = torch.from_dlpack(x)
        c = x.__dlpack__(max_version=(1, 0))
        del x, t, c
    gc.collect()
    assert sys.getrefcount(a) == start


def test_consumer_dropped_on_another_thread_frees_the_storage():
    x = al.arange(100.0)
    storage = weakref.ref(x._a)
    box = [torch.from_dlpack(x)]
    del x

    def drop():
        assert box.pop().sum().item() == sum(range(100))
        gc.collect()

    worker = threading.Thread(target=drop)
    worker.start()
    worker.join()
    gc.collect()
    assert storage() is None


# ---- the protocol's arguments ----


def test_capsule_kinds_follow_max_version():
    x = al.arange(3.0)
    assert _api.PyCapsule_GetName(x.__dlpack__()) == b"dltensor"
    assert _api.PyCapsule_GetName(x.__dlpack__(max_version=(0, 8))) == b"dltensor"
    version, flags = _versioned_header(x.__dlpack__(max_version=(1, 0)))
    assert version[0] == 1 and flags == 0
    version, flags = _versioned_header(x.__dlpack__(max_version=(1, 3)))
    assert version == (1, 0)  # at most what the consumer reads, and what aten_lite writes
    assert x.__dlpack_device__() == (1, 0)


def test_copy_true_copies_and_says_so():
    x = al.arange(4.0)
    capsule = x.__dlpack__(max_version=(1, 0), copy=True)
    assert _versioned_header(capsule)[1] & IS_COPIED
    y = al.from_dlpack(capsule)
    assert y.data_ptr() != x.data_ptr() and y.tolist() == [0.0, 1.0, 2.0, 3.0]
    y[0] = 7.0
    assert x[0].item() == 0.0
    legacy = al.from_dlpack(x.__dlpack__(copy=True))
    assert legacy.data_ptr() != x.data_ptr()
    assert al.from_dlpack(x.__dlpack__(copy=False)).data_ptr() == x.data_ptr()


def test_read_only_tensors_export_read_only_or_copied():
    frozen = np.arange(3.0)
    frozen.setflags(write=False)
    r = al.from_numpy(frozen)
    capsule = r.__dlpack__(max_version=(1, 0))
    assert _versioned_header(capsule)[1] == READ_ONLY
    imported = al.from_dlpack(capsule)
    assert imported.data_ptr() == r.data_ptr() and imported.tolist() == [0.0, 1.0, 2.0]
    with pytest.raises(RuntimeError, match="read-only"):
        imported.add_(1.0)
    e = al.arange(3.0)[None].expand(2, 3)  # over a read-only broadcast array
    assert _versioned_header(e.__dlpack__(max_version=(1, 0)))[1] & READ_ONLY
    # A legacy capsule cannot say read-only: a copy, or BufferError when copies are forbidden.
    legacy = al.from_dlpack(e.__dlpack__())
    assert legacy.data_ptr() != e.data_ptr() and legacy.tolist() == [[0.0, 1.0, 2.0]] * 2
    with pytest.raises(BufferError, match=r"read-only.*copy=False"):
        e.__dlpack__(copy=False)


def test_dl_device_and_stream_are_checked():
    x = al.ones(2)
    assert al.from_dlpack(x.__dlpack__(dl_device=(1, 0))).data_ptr() == x.data_ptr()
    with pytest.raises(BufferError, match=r"dl_device \(2, 0\) \(kDLCUDA\)"):
        x.__dlpack__(dl_device=(2, 0))
    with pytest.raises(ValueError, match="stream must be None.*got 1"):
        x.__dlpack__(stream=1)
    with pytest.raises(ValueError, match="copy must be None, True or False, got 'yes'"):
        x.__dlpack__(copy="yes")


# ---- refusals ----


def test_requires_grad_is_refused_with_torchs_wording():
    x = al.ones(3, requires_grad=True)
    with pytest.raises(RuntimeError, match=r"Can't export tensors that require gradient, "
                                           r"use tensor.detach\(\)"):
        torch.from_dlpack(x)
    assert torch.from_dlpack(x.detach()).tolist() == [1.0, 1.0, 1.0]


def test_sparse_and_meta_tensors_are_refused_naming_layout_and_device():
    s = al.tensor([[0.0, 1.0], [2.0, 0.0]]).to_sparse()
    with pytest.raises(BufferError, match="layout .*sparse_coo.*to_dense"):
        s.__dlpack__()
    with pytest.raises(BufferError, match="sparse_coo"):
        torch.from_dlpack(s)
    m = al.empty(2, 3, device="meta")
    with pytest.raises(BufferError, match="device 'meta'"):
        m.__dlpack__()
    with pytest.raises(BufferError, match="device 'meta'"):
        np.from_dlpack(m)


def test_capsule_reuse_is_refused():
    capsule = al.arange(3.0).__dlpack__(max_version=(1, 0))
    first = al.from_dlpack(capsule)
    assert first.tolist() == [0.0, 1.0, 2.0]
    with pytest.raises(ValueError, match="already consumed.*'used_dltensor_versioned'"):
        al.from_dlpack(capsule)
    legacy = torch.arange(2).__dlpack__()
    al.from_dlpack(legacy)
    with pytest.raises(ValueError, match="already consumed.*'used_dltensor'"):
        al.from_dlpack(legacy)


def test_foreign_devices_and_dtypes_are_refused_naming_them():
    class OnGpu:
        def __dlpack__(self, **kwargs):
            raise AssertionError("no capsule should be asked for")

        def __dlpack_device__(self):
            return (2, 1)

    with pytest.raises(BufferError, match=r"device \(2, 1\) \(kDLCUDA\).*CPU"):
        al.from_dlpack(OnGpu())
    with pytest.raises(TypeError, match=r"torch.Tensor has DLPack dtype uint16.*bfloat16"):
        al.from_dlpack(torch.ones(2, dtype=torch.uint16))
    with pytest.raises(TypeError, match="DLPack dtype complex64"):
        al.tensor(torch.ones(2, dtype=torch.complex64))
    with pytest.raises(TypeError, match="expected an object with __dlpack__.*got list"):
        al.from_dlpack([1.0, 2.0])
    with pytest.raises(ValueError, match="not a DLPack capsule"):
        al.from_dlpack(_other_capsule())


def _other_capsule():
    new = ctypes.pythonapi.PyCapsule_New
    new.restype = ctypes.py_object
    new.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_void_p]
    return new(ctypes.c_void_p(id(DTYPES)).value, b"not_dlpack", None)


def test_legacy_producers_get_the_call_without_arguments():
    calls = []

    class Legacy:
        def __init__(self, a):
            self.a = a

        def __dlpack__(self, stream=None):  # the protocol before max_version
            calls.append(stream)
            return self.a.__dlpack__()

        def __dlpack_device__(self):
            return (1, 0)

    a = np.arange(3, dtype=np.int16)
    x = al.from_dlpack(Legacy(a))
    assert calls == [None] and x.data_ptr() == a.ctypes.data and x.tolist() == [0, 1, 2]


def test_aten_lite_to_aten_lite_shares_and_keeps_dtype():
    for dtype in DTYPES:
        x = al.tensor(_values(dtype, (2, 3))).t()
        y = al.from_dlpack(x)
        assert y.dtype == x.dtype and y.stride() == x.stride() and y.data_ptr() == x.data_ptr()
        np.testing.assert_array_equal(y.numpy(), _values(dtype, (2, 3)).T)

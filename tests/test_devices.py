"""Devices registered from outside aten_lite (Note [Devices from outside] in
aten_lite/backends/devices.py), through examples/pool_device.py, which uses the public API
only: factories and copies, views sharing the device's memory, the device's own kernels
running without copies, the CPU fallback, autograd and an optimizer giving the CPU's numbers,
and the errors (a device that lacks an op, mixed devices, bad registrations)."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import numpy as np
import pytest

import aten_lite as al
from aten_lite.backends.devices import unregister_device
from aten_lite.utils.backend_registration import (DeviceBackend, impl, make_tensor,
                                                  register_device, store_of, write_host)

POOL = STRICT_KEY = None  # set by the fixture below

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


@pytest.fixture(scope="module", autouse=True)
def devices():
    """The example's device "pool" and this file's "strict", registered for this module's
    tests only: unregistered after, so no other test sees them (device lists, key tables)."""
    global POOL, STRICT_KEY
    sys.path.insert(0, str(EXAMPLES))
    try:
        sys.modules.pop("pool_device", None)
        import pool_device  # registers device "pool"
    finally:
        sys.path.remove(str(EXAMPLES))
    POOL = pool_device.POOL
    STRICT_KEY = register_device(_Strict())
    yield
    sys.modules.pop("pool_device", None)
    unregister_device("pool")
    unregister_device("strict")


def counts():
    return dict(POOL.counts)


def moved(before):
    return {k: POOL.counts[k] - before[k] for k in ("copies_in", "copies_out")}


def test_factories_copies_and_printing():
    x = al.arange(6.0, device="pool").reshape(2, 3)
    assert x.device == "pool" and x.device == al.device("pool") and x.shape == (2, 3)
    assert repr(x) == "tensor([[0., 1., 2.],\n        [3., 4., 5.]], device='pool')"
    assert x.tolist() == [[0, 1, 2], [3, 4, 5]] and x[1, 2].item() == 5.0
    assert f"{x.sum():.1f}" == "15.0"
    np.testing.assert_array_equal(x.cpu().numpy(), np.arange(6.0).reshape(2, 3))
    z = al.zeros(2, 2, dtype=al.float64, device="pool")
    assert z.dtype == al.float64 and z.cpu().tolist() == [[0, 0], [0, 0]]
    assert al.ones_like(z).device == "pool" and al.randn(3, device="pool").device == "pool"
    assert x.to("meta").device == "meta" and x.to("cpu").device == "cpu"
    assert x.to("pool") is x and x.to("pool", copy=True) is not x
    assert x.to(al.float64).dtype == al.float64 and x.to(al.float64).device == "pool"
    with pytest.raises(TypeError, match="can't convert pool device type tensor to numpy. "
                                        "Use Tensor.cpu()"):
        x.numpy()
    y = al.tensor([1.5, 2.5], device="pool")
    assert y.device == "pool" and y.tolist() == [1.5, 2.5]


def test_views_share_the_devices_memory_without_copies():
    x = al.arange(12.0, device="pool").reshape(3, 4)
    before = counts()
    v = x.t()[1:]                        # transpose and slice: geometry only
    assert moved(before) == {"copies_in": 0, "copies_out": 0}
    assert store_of(v) is store_of(x) and v.stride() == (1, 4) and v.storage_offset() == 1
    v.mul_(10)                           # an in-place op through the view (CPU fallback)
    assert x.cpu().numpy()[:, 1:].tolist() == (np.arange(12.0).reshape(3, 4)[:, 1:] * 10).tolist()
    assert x._version == v._version == 1
    parts = x.view(12).split(5)         # list-returning views too
    assert all(store_of(p) is store_of(x) for p in parts) and parts[2].tolist() == [100, 110]
    # contiguous() of a transposed view copies (its Meta kernel makes no view)
    c = x.t().contiguous()
    assert store_of(c) is not store_of(x)
    np.testing.assert_array_equal(c.cpu().numpy(), x.cpu().numpy().T)


def test_the_devices_own_kernels_run_without_copies():
    al.manual_seed(0)
    a, b = al.randn(32, 16, device="pool"), al.randn(16, 8, device="pool")
    before = counts()
    y = (a @ b).relu() + al.ones(32, 8, device="pool") * 2
    assert moved(before) == {"copies_in": 1, "copies_out": 0}  # the ones, made on the host
    ha, hb = a.cpu().numpy(), b.cpu().numpy()
    np.testing.assert_allclose(y.cpu().numpy(), np.maximum(ha @ hb, 0) + 2, rtol=1e-6)
    with al.trace_dispatch() as t:
        a @ b
        a.exp()
    text = str(t)
    assert "Pool" in text and "pool_device.mm" in text, text
    assert "Pool: CPU fallback" in text, text


def test_the_cpu_fallback_counts_its_copies():
    x = al.randn(100, device="pool")
    before = counts()
    y = x.exp()                          # no kernel of the pool: out, compute, back in
    assert moved(before) == {"copies_in": 1, "copies_out": 1}
    np.testing.assert_allclose(y.cpu().numpy(), np.exp(x.cpu().numpy()), rtol=1e-6)


def _train(device):
    al.manual_seed(1)
    model = al.nn.Sequential(al.nn.Linear(8, 16), al.nn.ReLU(), al.nn.Linear(16, 3)).to(device)
    opt = al.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    g = np.random.default_rng(0)
    X = al.tensor(g.standard_normal((32, 8)).astype(np.float32), device=device)
    Y = al.tensor(g.integers(0, 3, 32), device=device)
    losses = []
    for _ in range(15):
        opt.zero_grad()
        loss = al.nn.functional.cross_entropy(model(X), Y)
        loss.backward()
        opt.step()
        losses.append(loss.item())
    return losses, [p.detach().cpu().numpy() for p in model.parameters()], model


def test_training_on_the_device_gives_the_cpus_numbers():
    cpu_losses, cpu_params, _ = _train("cpu")
    pool_losses, pool_params, model = _train("pool")
    assert all(p.device == "pool" and p.grad.device == "pool" for p in model.parameters())
    assert pool_losses[-1] < pool_losses[0]
    np.testing.assert_allclose(pool_losses, cpu_losses, rtol=1e-5)
    for a, b in zip(pool_params, cpu_params):
        np.testing.assert_allclose(a, b, rtol=1e-5, atol=1e-6)


def test_device_memory_returns_to_the_pool():
    used = POOL.stats()["bytes_used"]
    x = al.empty(1 << 16, device="pool")
    assert POOL.stats()["bytes_used"] == used + (1 << 18)
    del x
    assert POOL.stats()["bytes_used"] == used


class _Strict(DeviceBackend):
    """A device without the CPU fallback: its memory is NumPy buffers."""

    name = "strict"

    def alloc(self, nbytes):
        return np.empty(nbytes, np.uint8)

    def copy_in(self, store, at, data):
        store[at:at + data.size] = data

    def copy_out(self, store, at, n):
        return store[at:at + n].copy()


def test_an_op_the_device_lacks_says_so():
    x = al.ones(3, device="strict")
    with pytest.raises(NotImplementedError, match=r"al\.exp: no kernel for device 'strict', "
                                                  r"layout 'strided'; registered: CPU, Meta"):
        x.exp()
    assert x.view(3, 1).t().shape == (1, 3)      # views need no kernel of the device
    with pytest.raises(NotImplementedError, match="no kernel for device 'strict'"):
        x.add_(1)                                # nor does add_, while add has none

    @impl("add.Tensor", "strict")
    def add(self, other, alpha=1):
        values = self.cpu().numpy() + alpha * other.cpu().numpy()
        out = make_tensor(_Strict().alloc(values.nbytes), values.shape, self.dtype, "strict")
        write_host(out, values)
        return out
    try:
        assert (x + x).tolist() == [2, 2, 2]
        x.add_(x)                                # now derived from add + a copy
        assert x.tolist() == [2, 2, 2] and x._version == 1
    finally:
        al.library.restore("add.Tensor", str(STRICT_KEY))


def test_unregistering_leaves_no_trace():
    from aten_lite.dispatch import dispatcher
    from aten_lite.vocab.dispatch_keys import BACKEND_KEYS

    class Brief(_Strict):
        name = "brief"
    keys = list(BACKEND_KEYS)
    key = register_device(Brief())
    assert al.zeros(1, device="brief").device == "brief"
    unregister_device("brief")
    assert BACKEND_KEYS == keys
    assert all(key not in h.table for h in dispatcher.handles().values())
    with pytest.raises(ValueError, match="unknown device 'brief'"):
        al.device("brief")
    assert "Brief" not in al.utils.backend_registration.registered_backends()
    register_device(Brief())           # the name is free again
    assert "Brief" in al.utils.backend_registration.registered_backends()
    unregister_device("brief")


def test_the_built_in_backends_register_through_the_public_api():
    """CPU, Meta and SparseCPU are records of the class a device package subclasses, registered
    by the install step with the function the example calls, and listed with the devices."""
    from aten_lite import backends
    from aten_lite.backends import cpu, meta, sparse
    from aten_lite.utils import backend_registration as public
    from aten_lite.vocab.dispatch_keys import CPU, META, SPARSE_CPU

    found = public.registered_backends()
    assert list(found)[:3] == ["CPU", "Meta", "SparseCPU"]
    assert found["Pool"] is POOL and found["Strict"].key is STRICT_KEY
    assert public.DeviceBackend is public.Backend is backends.Backend
    assert public.register_device is public.register_backend
    for spelling, key, package, place in [("CPU", CPU, cpu, ("cpu", "strided")),
                                          ("Meta", META, meta, ("meta", "strided")),
                                          ("SparseCPU", SPARSE_CPU, sparse, ("cpu", "sparse_coo"))]:
        record = found[spelling]
        assert type(record) is public.Backend and isinstance(POOL, type(record))
        assert record is package.BACKEND and record.key is key
        assert (record.name, record.layout) == place and record.kernels is package.KERNELS
    assert found["Meta"].make_from_rule is not None and found["CPU"].make_from_rule is None
    assert found["SparseCPU"].miss_hint is sparse.miss_hint
    # the host backends' memory is NumPy bytes; meta holds none
    block = found["CPU"].alloc(8)
    found["CPU"].copy_in(block, 2, np.arange(3, dtype=np.uint8))
    assert found["CPU"].copy_out(block, 2, 3).tolist() == [0, 1, 2]
    assert found["Meta"].alloc(8) is None
    with pytest.raises(RuntimeError, match="meta tensors have no data to copy out"):
        found["Meta"].copy_out(None, 0, 4)
    # the records are the tables' source: CPU's named kernel of mm is its record's
    from aten_lite.dispatch import dispatcher
    mm = dispatcher.handle("mm")
    fn, name = mm.stacks[CPU][0]
    assert getattr(fn, "__wrapped__", fn) is found["CPU"].kernels[name.partition(".")[2]]
    with pytest.raises(ValueError, match="backend 'CPU' is registered already"):
        public.register_backend(public.Backend(name="cpu", key="CPU"))
    # a machine with a GPU has registered the CUDA (and OpenCL) device too, before Pool
    outside = ", ".join(k for k in public.registered_backends()
                        if k not in ("CPU", "Meta", "SparseCPU"))
    assert outside.endswith("Pool, Strict")
    with pytest.raises(ValueError, match="'cpu' is aten_lite's own backend, which stays "
                                         f"registered \\(registered from outside: {outside}"):
        public.unregister_backend("cpu")
    with pytest.raises(TypeError, match="Backend: unknown field 'allocate'; the fields are "
                                         "name, key, layout"):
        public.Backend(name="x", allocate=None)


def test_an_outside_backend_of_keywords_dispatches_and_names_what_is_registered():
    """A record filled with keywords, as the built-in ones are, with a generic-kernel factory
    (its neg runs on the device); an op it lacks names the keys that have the op's kernel
    and how to add one; unregistering removes it from the list, and the name is free again."""
    from aten_lite.utils.backend_registration import (Backend, from_host, register_backend,
                                                      registered_backends, to_host,
                                                      unregister_backend)
    made = []

    def make_elementwise(h, src):
        if h is not src or src.name != "neg":  # neg_ and neg.out: derived from it
            return None
        made.append(h.name)
        return lambda x: from_host(-to_host(x), "kw")

    record = Backend(name="kw", key="KeyWords", make_elementwise=make_elementwise,
                     alloc=lambda n: np.empty(n, np.uint8),
                     copy_in=lambda store, at, data: store.__setitem__(
                         slice(at, at + data.size), data),
                     copy_out=lambda store, at, n: store[at:at + n].copy())
    key = register_backend(record)
    try:
        assert key == "KeyWords" and record.key is key
        assert registered_backends()["KeyWords"] is record
        assert made == ["neg"]
        x = al.tensor([1.0, -2.0], device="kw")
        with al.trace_dispatch() as t:
            y = -x
        assert y.device == "kw" and y.tolist() == [-1.0, 2.0]
        assert "KeyWords: elementwise, C++ neg" in str(t), str(t)
        y.neg_()                           # the in-place form: neg and a copy
        assert y.tolist() == [1.0, -2.0] and y._version == 1
        with pytest.raises(NotImplementedError) as info:
            x.exp()
        # (on a machine with a GPU, its devices' keys follow Meta: "CPU, Meta, CUDA; ...")
        assert re.fullmatch(
            r"al\.exp: no kernel for device 'kw', layout 'strided'; registered: CPU, Meta"
            r"(, CUDA|, OpenCL)*; give it one with al\.utils\.backend_registration\.impl\('exp', "
            r"'kw', fn\), or set cpu_fallback = True on the backend", str(info.value)), \
            str(info.value)
    finally:
        unregister_backend(record)
    assert "KeyWords" not in registered_backends()
    with pytest.raises(ValueError, match="unknown device 'kw'"):
        al.device("kw")
    with pytest.raises(ValueError, match="'kw' is not a registered backend"):
        unregister_backend("kw")
    register_backend(record := Backend(name="kw", alloc=lambda n: np.empty(n, np.uint8)))
    assert registered_backends()["Kw"] is record
    unregister_backend("Kw")


def test_data_leaves_the_device_only_when_asked():
    import io
    x = al.ones(3, device="pool")
    with pytest.raises(TypeError, match="cannot save a 'pool' tensor in torch's format"):
        al.save(x, io.BytesIO())
    with pytest.raises(BufferError, match="cannot export a tensor on device 'pool'.*call "
                                          r"\.cpu\(\) first"):
        x.__dlpack__()
    with pytest.raises(BufferError, match="device 'pool'"):
        x.__dlpack_device__()
    buf = io.BytesIO()
    al.save(x.cpu(), buf)
    buf.seek(0)
    assert al.load(buf).tolist() == [1, 1, 1]


def test_mixed_devices_and_bad_registrations_are_refused():
    with pytest.raises(RuntimeError, match="expected all tensors on one device, got cpu "
                                           r"\(argument 'self'\) and pool"):
        al.ones(2) + al.ones(2, device="pool")
    with pytest.raises(ValueError, match="device 'pool' exists already"):
        register_device(type("Again", (_Strict,), {"name": "pool"})())
    with pytest.raises(ValueError, match="lower-case letters.*got 'My Dev'"):
        register_device(type("Bad", (_Strict,), {"name": "My Dev"})())
    with pytest.raises(TypeError, match=r"expected a Backend \(DeviceBackend\), got object"):
        register_device(object())
    with pytest.raises(ValueError, match="'nowhere' is not a registered device"):
        impl("exp", "nowhere")
    with pytest.raises(ValueError, match="unknown device 'nowhere'; valid: 'cpu', 'meta', "
                                         "('cuda', |'opencl', )*'pool', 'strict'"):
        al.zeros(2, device="nowhere")


def test_a_lazy_device_registers_on_first_mention_and_retries_after_a_failure():
    """add_lazy_device_type (what device "opencl" uses, so import aten_lite loads no driver):
    the first mention runs the registration; a registration that raises is tried again on the
    next mention, and the error is the registration's."""
    from aten_lite.vocab import device as device_mod

    class Arena(DeviceBackend):
        name = "lazy_arena"
        cpu_fallback = True

        def alloc(self, nbytes):
            return np.empty(nbytes, np.uint8)

        def copy_in(self, store, at, data):
            store[at:at + data.size] = data

        def copy_out(self, store, at, n):
            return store[at:at + n].copy()

    calls = []

    def register():
        calls.append(1)
        if len(calls) == 1:
            raise RuntimeError("lazy_arena: driver missing")
        register_device(Arena())

    device_mod.add_lazy_device_type("lazy_arena", register)
    try:
        assert "lazy_arena" not in device_mod.DEVICE_TYPES
        with pytest.raises(RuntimeError, match="driver missing"):
            al.zeros(2, device="lazy_arena")
        x = al.ones(3, device="lazy_arena")
        assert x.device == "lazy_arena" and len(calls) == 2
        np.testing.assert_array_equal((x + x).cpu().numpy(), [2.0, 2.0, 2.0])
        al.zeros(1, device="lazy_arena")
        assert len(calls) == 2  # registered: no second registration
        with pytest.raises(ValueError, match="exists already"):
            device_mod.add_lazy_device_type("cpu", register)
    finally:
        device_mod._LAZY_TYPES.pop("lazy_arena", None)
        if "lazy_arena" in device_mod.DEVICE_TYPES:
            unregister_device("lazy_arena")

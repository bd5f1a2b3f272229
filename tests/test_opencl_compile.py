"""``al.compile`` on the OpenCL device (Note [Graphs on a device] in
aten_lite/compile/device_plan.py): fused groups run as one generated device kernel each,
against eager on the device and the CPU; a group the generator does not take runs op by op
and says so; gradients through a compiled function; a small MLP's compiled training step
against the CPU's; mixed devices refused by name. Runs on PoCL's CPU driver where no other
OpenCL device exists; skips without pyopencl or a device."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("pyopencl")

import aten_lite as al  # noqa: E402


pytestmark = pytest.mark.usefixtures("opencl")  # tests/conftest.py


def _dev(a):
    return al.from_numpy(np.ascontiguousarray(a, dtype=np.float32)).to("opencl")


def _np(t):
    return t.cpu().numpy()


def _rng():
    return np.random.default_rng(7)


def test_an_elementwise_chain_is_one_device_kernel_per_call(opencl):
    rng = _rng()
    a, b = rng.standard_normal((64, 33)), rng.standard_normal(33)

    def chain(x, y):
        return ((x * 2 + y).relu().exp() - 1.0) * y

    f = al.compile(chain)
    x, y = _dev(a), _dev(b)
    first = f(x, y)
    before = opencl.counts["kernels"]
    again = f(x, y)
    assert opencl.counts["kernels"] - before == 1  # the whole chain: one launch
    assert f.stats["captures"] == 1 and f.stats["replays"] == 1
    assert f.stats["device_fused"] >= 1 and f.stats["device_op_by_op"] == 0
    assert again.device == "opencl" and again.shape == (64, 33)
    eager = chain(x, y)
    cpu = chain(al.from_numpy(a.astype(np.float32)), al.from_numpy(b.astype(np.float32)))
    # the same expressions in the same compute type, no contraction: eager's bits
    np.testing.assert_array_equal(_np(again), _np(eager))
    np.testing.assert_allclose(_np(first), cpu.numpy(), rtol=1e-6, atol=1e-6)
    listing = str(f.graph(x, y))
    assert "[one kernel on opencl]" in listing, listing


def test_a_fused_kernel_is_built_once_and_kept_on_disk(opencl):
    import os

    f = al.compile(lambda x: (x * 1.0625 + 0.375).tanh().neg())  # numbers no other test uses
    x = _dev(np.linspace(-2, 2, 50))
    before = opencl.stats()
    f(x)
    after = opencl.stats()
    # the capture ran no kernel; the replay's one kernel was built, or loaded from the disk
    # cache a previous run of this test stored it in
    made = (after["builds"] - before["builds"]) + (after["disk_hits"] - before["disk_hits"])
    assert made == 1 and after["programs"] == before["programs"] + 1
    if after["builds"] > before["builds"] and os.environ.get("AL_OPENCL_CACHE", "1") != "0":
        assert after["disk_stores"] == before["disk_stores"] + 1
    f(x)
    assert opencl.stats()["programs"] == after["programs"]  # kept in the process
    np.testing.assert_allclose(_np(f(x)), -np.tanh(np.linspace(-2, 2, 50) * 1.0625 + 0.375),
                               rtol=1e-6, atol=1e-6)


@pytest.mark.parametrize("dtype", ["float64", "int64"])
def test_float64_fuses_where_the_device_has_it_and_integers_run_op_by_op(opencl, dtype):
    f = al.compile(lambda x: (x * 3 + 1) * x - 2)
    a = np.arange(-20, 20)
    x = al.from_numpy(a.astype(dtype)).to("opencl")
    got = f(x)
    assert got.dtype == getattr(al, dtype) and got.device == "opencl"
    np.testing.assert_allclose(_np(got), (a * 3 + 1) * a - 2, rtol=1e-12)
    if dtype == "float64" and opencl.fp64:
        assert f.stats["device_fused"] == 1
    else:
        assert f.stats["device_op_by_op"] == 1
        assert f"op by op on opencl: {dtype} (the device's fused kernels compute in float32" \
            in str(f.graph(x))


def test_strided_and_broadcast_inputs_and_several_outputs(opencl):
    rng = _rng()
    a, b = rng.standard_normal((17, 40)), rng.standard_normal((40, 1))

    def two(x, y):
        u = (x.t() * 0.5 + y).sigmoid()  # x transposed: strided; y broadcast along rows
        return u, (u * u).neg()

    f = al.compile(two)
    x, y = _dev(a), _dev(b)
    got = f(x, y)
    want = two(al.from_numpy(a.astype(np.float32)), al.from_numpy(b.astype(np.float32)))
    for g, w in zip(got, want):
        assert g.device == "opencl"
        np.testing.assert_allclose(_np(g), w.numpy(), rtol=1e-6, atol=1e-6)
    assert f.stats["device_fused"] == 1


@pytest.mark.parametrize("dim", [None, -1])
def test_a_trailing_reduction_runs_after_the_fused_kernel(opencl, dim):
    rng = _rng()
    a = rng.standard_normal((32, 50))

    def reduced(x):
        return (x * x + 1.0).log().sum(dim)

    f = al.compile(reduced)
    x = _dev(a)
    got = f(x)
    want = reduced(al.from_numpy(a.astype(np.float32)))
    np.testing.assert_allclose(_np(got), want.numpy(), rtol=1e-5, atol=1e-5)
    assert f.stats["device_fused"] == 1
    assert ", then sum on opencl]" in str(f.graph(x))


def test_comparisons_and_bools_fuse_with_their_float_operands(opencl):
    rng = _rng()
    a, b = rng.standard_normal(100), rng.standard_normal(100)
    a[:3] = np.nan  # a NaN compares false, and is true as a bool

    def masked(x, y):
        keep = al.logical_and(x * 2 > y, y.exp() > 1.0)
        return keep, (x * keep + y).neg(), al.logical_or(x, y < 0)

    f = al.compile(masked)
    x, y = _dev(a), _dev(b)
    got = f(x, y)
    want = masked(al.from_numpy(a.astype(np.float32)), al.from_numpy(b.astype(np.float32)))
    assert [g.dtype for g in got] == [al.bool, al.float32, al.bool]
    for g, w in zip(got, want):
        np.testing.assert_array_equal(_np(g), w.numpy())
    assert f.stats["device_fused"] >= 1 and f.stats["device_op_by_op"] == 0


def test_a_group_of_two_float_dtypes_runs_op_by_op_and_says_so(opencl):
    if not opencl.fp64:
        pytest.skip("the device has no float64")
    rng = _rng()
    a, b = rng.standard_normal(100), rng.standard_normal(100)

    def mixed(x, y):
        return (x * 2 + y).exp()  # float32 * 2, then float64: promoted

    f = al.compile(mixed)
    x, y = _dev(a), al.from_numpy(b).to("opencl")
    got = f(x, y)
    assert got.dtype == al.float64 and got.device == "opencl"
    np.testing.assert_allclose(_np(got), _np(mixed(x, y)), rtol=1e-12)
    assert f.stats["device_op_by_op"] == 1
    assert "op by op on opencl: its values have several dtypes (float32, float64)" in \
        str(f.graph(x, y))


def test_gradients_through_a_compiled_function_on_the_device(opencl):
    rng = _rng()
    a, b = rng.standard_normal((8, 12)), rng.standard_normal(12)

    def g(x, w):
        return ((x * w).tanh() * 3.0 + x).square().mean()

    grads = []
    for compiled in (False, True):
        x = _dev(a).requires_grad_()
        w = _dev(b).requires_grad_()
        fn = al.compile(g) if compiled else g
        for _ in range(2):  # capture, then replay
            x.grad = w.grad = None
            loss = fn(x, w)
            loss.backward()
        assert x.grad.device == "opencl"
        grads.append((loss.item(), _np(x.grad), _np(w.grad)))
        if compiled:
            assert fn.stats["replays"] == 1 and fn.stats["device_fused"] >= 2  # both ways
    (l0, gx0, gw0), (l1, gx1, gw1) = grads
    assert abs(l0 - l1) <= 1e-5 * abs(l0)
    np.testing.assert_allclose(gx1, gx0, rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(gw1, gw0, rtol=1e-5, atol=1e-6)


def _mlp(seed=0):
    al.manual_seed(seed)
    return al.nn.Sequential(al.nn.Linear(20, 32), al.nn.GELU(), al.nn.Linear(32, 5))


def test_a_compiled_training_step_on_the_device_matches_the_cpu(opencl):
    rng = _rng()
    data = rng.standard_normal((64, 20)).astype(np.float32)
    labels = rng.integers(0, 5, 64)
    losses = {}
    for where in ("cpu", "opencl"):
        model = _mlp().to(where)
        opt = al.optim.SGD(model.parameters(), lr=0.1)
        x = al.from_numpy(data).to(where)
        t = al.tensor(labels).to(where)

        @al.compile
        def step(x, t):
            return al.nn.functional.cross_entropy(model(x), t)

        curve = []
        for _ in range(5):
            opt.zero_grad()
            loss = step(x, t)
            loss.backward()
            opt.step()
            curve.append(loss.item())
        losses[where] = curve
        assert step.stats["captures"] == 1 and step.stats["replays"] == 4
        if where == "opencl":
            assert all(p.device == "opencl" for p in model.parameters())
            assert step.stats["device_fused"] >= 1
    np.testing.assert_allclose(losses["opencl"], losses["cpu"], rtol=1e-4, atol=1e-5)
    assert losses["opencl"][-1] < losses["opencl"][0]


def test_mixing_devices_names_both(opencl):
    f = al.compile(lambda x, y: (x + y).exp())
    with pytest.raises(RuntimeError) as e:
        f(al.ones(3, device="opencl"), al.ones(3))
    assert "expected all tensors on one device, got opencl" in str(e.value)
    assert "cpu" in str(e.value)
    strict = al.compile(lambda x, y: (x + y).exp(), fullgraph=True)
    from aten_lite.compile.api import GraphBreakError

    with pytest.raises(GraphBreakError) as e:
        strict(al.ones(3, device="opencl"), al.ones(3))
    assert "tensor arguments on several devices (cpu, opencl)" in str(e.value)
    w = al.ones(3)  # a CPU tensor the function reads from elsewhere
    g = al.compile(lambda x: (x * w).exp())
    with pytest.raises(RuntimeError) as e:
        g(al.ones(3, device="opencl"))
    assert "opencl" in str(e.value) and "cpu" in str(e.value)


def test_a_fused_kernel_build_error_names_the_yaml_line(opencl):
    import dataclasses

    from aten_lite.compile.fusion_entries import builtin
    from aten_lite.opencl import source

    entry = builtin()["exp"]
    broken = dataclasses.replace(entry, expr="no_such_function(self)")
    steps = [(builtin()["mul.Tensor"], ("x0", "x0")), (broken, ("v0",))]
    src = source.fused_elementwise_source(steps, "float", 1, [1], 1)
    with pytest.raises(opencl.BuildError) as e:
        opencl.program(src)
    assert f"native_functions.yaml:{entry.line}" in str(e.value)
    assert "no_such_function" in str(e.value)


def test_a_kernel_the_device_compiler_refuses_runs_op_by_op_with_a_warning(opencl, monkeypatch):
    import dataclasses

    from aten_lite.compile import fusion_entries

    table = dict(fusion_entries.builtin())
    table["exp"] = dataclasses.replace(table["exp"], expr="no_such_function(self)")
    monkeypatch.setattr(fusion_entries, "builtin", lambda: table)
    f = al.compile(lambda x: (x * 2.5).exp() + 0.125)  # numbers no other test uses
    x = _dev(np.linspace(-1, 1, 30))
    with pytest.warns(RuntimeWarning, match="runs op by op on opencl: the device compiler "
                                            "refused its kernel"):
        got = f(x)
    np.testing.assert_allclose(_np(got), np.exp(np.linspace(-1, 1, 30) * 2.5) + 0.125,
                               rtol=1e-6)
    assert "[op by op on opencl: the device compiler refused its kernel (BuildError" in \
        str(f.graph(x))
    np.testing.assert_allclose(_np(f(x)), _np(got))  # the replay: op by op, no new warning

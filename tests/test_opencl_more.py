"""Device "opencl" beyond the float elementwise ops of test_opencl.py: its disk cache of built
programs, errors found by kernels and raised at the next read, the selection kernels (cat,
where, index_select, embedding, argmax, softmax) and the integer and bool dtypes of the
elementwise ops, each against the CPU kernels."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("pyopencl")

import aten_lite as al  # noqa: E402
from aten_lite.dispatch import dispatcher as _dispatch  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent


pytestmark = pytest.mark.usefixtures("opencl")  # tests/conftest.py


def _same(dev, cpu, what=""):
    assert dev.device == "opencl", what
    assert dev.dtype == cpu.dtype and dev.shape == cpu.shape, what
    np.testing.assert_array_equal(dev.cpu().numpy(), cpu.numpy(), err_msg=what)


def _on_device(opencl, fn):
    """fn()'s result and whether it ran kernels and copied nothing in or out (no fallback)."""
    before = opencl.stats()
    out = fn()
    after = opencl.stats()
    own = after["kernels"] > before["kernels"] and after["copies_in"] == before["copies_in"] \
        and after["copies_out"] == before["copies_out"]
    return out, own


# ---- the disk cache of built programs ----

_BUILD = """
import sys, aten_lite as al
x = al.arange(6.0, device="opencl")
y = (x * 3).sum()  # a few programs: each one PoCL builds costs about a second
print(round(y.item(), 4))
s = al.opencl.init().stats()
print(s["builds"], s["disk_hits"], s["disk_stores"])
"""


def _run(code: str, cache: Path, **env) -> subprocess.CompletedProcess:
    environ = dict(os.environ, AL_CACHE_DIR=str(cache), POCL_KERNEL_CACHE="0", **env)
    return subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                          text=True, timeout=300, env=environ)


def test_a_second_process_loads_programs_from_the_disk_cache(tmp_path):
    first = _run(_BUILD, tmp_path)
    assert first.returncode == 0, first.stderr
    value, counts = first.stdout.split("\n")[:2]
    builds, hits, stores = map(int, counts.split())
    assert builds > 0 and hits == 0 and stores == builds
    folder = tmp_path / "opencl"
    files = sorted(folder.glob("*.bin"))
    assert len(files) == builds
    assert oct(folder.stat().st_mode & 0o777) == "0o700"
    assert all(f.stat().st_mode & 0o777 == 0o600 for f in files)
    second = _run(_BUILD, tmp_path)
    assert second.returncode == 0, second.stderr
    assert second.stdout.split("\n")[0] == value
    assert second.stdout.split("\n")[1].split() == ["0", str(builds), "0"]  # nothing built


def test_a_damaged_or_exposed_binary_is_built_again_never_loaded(tmp_path):
    assert _run(_BUILD, tmp_path).returncode == 0
    files = sorted((tmp_path / "opencl").glob("*.bin"))
    files[0].write_bytes(files[0].read_bytes()[:-7])  # truncated: its trailer does not match
    again = _run(_BUILD, tmp_path)
    assert again.returncode == 0, again.stderr
    assert again.stdout.split("\n")[1].split()[0] == "1"  # that one program rebuilt
    os.chmod(tmp_path / "opencl", 0o777)  # others could have replaced the binaries
    exposed = _run(_BUILD, tmp_path)
    assert exposed.returncode == 0, exposed.stderr
    assert "refusing to use" in exposed.stderr and "chmod go-w" in exposed.stderr
    builds, hits, _ = map(int, exposed.stdout.split("\n")[1].split())
    assert hits == 0 and builds == len(files)  # all built from source
    os.chmod(tmp_path / "opencl", 0o700)


def test_the_cache_can_be_turned_off(tmp_path):
    done = _run(_BUILD, tmp_path, AL_OPENCL_CACHE="0")
    assert done.returncode == 0, done.stderr
    assert not (tmp_path / "opencl").exists()


# ---- errors found by kernels, raised at the next read ----

def test_an_out_of_range_target_raises_at_the_next_read_naming_the_line(opencl):
    x = al.randn(4, 3, device="opencl")
    loss = al.nn.functional.nll_loss(al.log_softmax(x, 1), al.tensor([0, 7, 1, 2]).to("opencl"))
    line = sys._getframe().f_lineno - 1
    y = (x * 2).sum()  # other work goes on being queued: nothing has waited yet
    with pytest.raises(IndexError) as info:
        y.item()  # any read reports it, whichever tensor it reads
    assert f"al.nll_loss (issued at test_opencl_more.py:{line}): Target 7 is out of bounds " \
           "for 3 classes" in str(info.value)
    assert np.isfinite(y.item())  # reported once: later reads go on
    assert loss.shape == ()


def test_gathers_check_their_indices_on_the_device(opencl):
    w = al.randn(5, 3)
    dw = w.to("opencl")
    bad = al.embedding(dw, al.tensor([[0, 9], [1, 2]]).to("opencl"))
    with pytest.raises(IndexError, match=r"al\.embedding \(issued at test_opencl_more\.py:\d+\): "
                       "index 9 is out of range for weight with 5 rows"):
        bad.cpu()
    sel = al.index_select(dw, 1, al.tensor([0, -1]).to("opencl"))
    with pytest.raises(IndexError, match="al.index_select .*index -1 is out of bounds for "
                       "dimension 1 with size 3"):
        al.opencl.synchronize()
    assert sel.shape == (5, 2)


def test_more_checked_ops_than_slots_lose_no_error(opencl):
    from aten_lite.opencl.deferred import SLOTS
    w = al.randn(3, 2, device="opencl")
    good = al.tensor([0, 2]).to("opencl")
    for _ in range(SLOTS + 5):
        al.embedding(w, good)
    al.embedding(w, al.tensor([3]).to("opencl"))
    with pytest.raises(IndexError, match="index 3 is out of range"):
        al.opencl.synchronize()


def test_mixing_devices_names_both():
    d, c = al.ones(3, device="opencl"), al.ones(3)
    with pytest.raises(RuntimeError, match="expected all tensors on one device, got opencl "
                       r"\(argument 'self'\) and cpu \(argument 'other'\)"):
        d + c
    with pytest.raises(RuntimeError, match=r"got opencl \(argument 'tensors\[0\]'\) and cpu "
                       r"\(argument 'tensors\[1\]'\)"):
        al.cat([d, c])


# ---- the selection kernels ----

DTYPES = ["float32", "float64", "int32", "int64", "bool"]


def _values(rng, shape, dtype):
    if dtype == "bool":
        return al.from_numpy(rng.integers(0, 2, shape).astype(bool))
    if dtype.startswith("int"):
        return al.from_numpy(rng.integers(-9, 10, shape).astype(dtype))
    return al.from_numpy(rng.standard_normal(shape).astype(dtype))


@pytest.mark.parametrize("dtype", DTYPES)
def test_cat_where_and_gathers_match_the_cpu_in_every_dtype(dtype, opencl):
    if dtype == "float64" and not opencl.fp64:
        pytest.skip("the device has no cl_khr_fp64")
    rng = np.random.default_rng(7)
    a, b = _values(rng, (4, 5), dtype), _values(rng, (4, 3), dtype)
    da, db = a.to("opencl"), b.to("opencl")
    cond = al.from_numpy(rng.integers(0, 2, (4, 1)).astype(bool))
    idx = al.tensor([3, 0, 3, 1])
    cases = [
        (lambda x, y, c, i: al.cat([x, y], 1), "cat along dim 1"),
        (lambda x, y, c, i: al.cat([x.t(), y.t(), x[:, :2].t()]), "cat of transposes"),
        (lambda x, y, c, i: al.cat([x, al.zeros(0, dtype=x.dtype).to(x.device)]),
         "cat with a 1-d empty tensor"),
        (lambda x, y, c, i: al.where(c, x[:, :3], y), "where, broadcast condition"),
        (lambda x, y, c, i: al.where(c.t()[:, :1], x.t(), y[:1, :1]), "where, strided"),
        (lambda x, y, c, i: al.index_select(x, 1, i), "index_select dim 1"),
        (lambda x, y, c, i: al.index_select(x.t(), 0, i[::2]), "index_select strided"),
        (lambda x, y, c, i: al.embedding(x, i.view(2, 2)), "embedding"),
    ]
    dc, di = cond.to("opencl"), idx.to("opencl")
    for fn, what in cases:
        cpu = fn(a, b, cond, idx)
        dev, own = _on_device(opencl, lambda: fn(da, db, dc, di))
        _same(dev, cpu, f"{what} ({dtype})")
        assert own or "empty" in what, f"{what} ({dtype}) took the CPU fallback"


@pytest.mark.parametrize("dtype", ["float32", "float64", "int32", "int64"])
def test_argmax_and_argmin_match_the_cpu(dtype, opencl):
    if dtype == "float64" and not opencl.fp64:
        pytest.skip("the device has no cl_khr_fp64")
    rng = np.random.default_rng(8)
    x = _values(rng, (6, 700, 3), dtype)
    d = x.to("opencl")
    for op in ("argmax", "argmin"):
        for args, kw in [((), {}), ((1,), {}), ((0,), {"keepdim": True}), ((-1,), {})]:
            cpu = getattr(x, op)(*args, **kw)
            dev, own = _on_device(opencl, lambda: getattr(d, op)(*args, **kw))
            assert own, f"{op}{args} ran the CPU fallback"
            _same(dev, cpu, f"{op}{args}{kw} ({dtype})")
        _same(getattr(d.transpose(0, 2)[:, ::3], op)(1),
              getattr(x.transpose(0, 2)[:, ::3], op)(1), f"{op} of a strided view")
    ties = al.tensor([[3, 1, 3, 1], [2, 2, 2, 2]])
    _same(ties.to("opencl").argmax(1), ties.argmax(1), "ties: the first index")
    _same(ties.to("opencl").argmin(1), ties.argmin(1), "ties: the first index")


def test_argmax_takes_the_first_nan_as_the_cpu():
    x = al.tensor([[1.0, float("nan"), 3.0, float("nan")], [-1.0, 0.0, float("inf"), 2.0]])
    _same(x.to("opencl").argmax(1), x.argmax(1))
    _same(x.to("opencl").argmin(1), x.argmin(1))


def test_softmax_and_its_gradient_run_on_the_device(opencl):
    rng = np.random.default_rng(9)
    x = al.from_numpy(rng.standard_normal((7, 300)).astype(np.float32)).requires_grad_()
    dx = x.detach().to("opencl").requires_grad_()
    weights = al.arange(300.0)
    cpu = al.softmax(x, -1)
    dev, own = _on_device(opencl, lambda: al.softmax(dx, -1))
    assert own
    np.testing.assert_allclose(dev.detach().cpu().numpy(), cpu.detach().numpy(), rtol=1e-6,
                               atol=1e-7)
    (cpu * weights).sum().backward()
    (dev * weights.to("opencl")).sum().backward()
    np.testing.assert_allclose(dx.grad.cpu().numpy(), x.grad.numpy(), rtol=1e-5, atol=1e-5)
    # another dim takes the CPU fallback, correctly
    np.testing.assert_allclose(al.softmax(dx.detach(), 0).cpu().numpy(),
                               al.softmax(x.detach(), 0).numpy(), rtol=1e-6)


# ---- integer and bool dtypes of the elementwise ops ----

# Scalar arguments as integers (the ops that take them with integer tensors)
INT_SCALARS = {"alpha": 2, "negative_slope": 1, "weight": 1, "nan": 0, "posinf": 1000,
               "neginf": -1000, "scale": 1, "input_scale": 1, "min_val": -1, "max_val": 1,
               "lambd": 1, "beta": 1, "threshold": 1, "value": -2, "decay": 1,
               "step": -1, "bias_correction2_sqrt": 1, "eps": 1}


def _int_cases():
    from aten_lite.opencl import kernels
    out = []
    for op, entry in sorted(kernels.elementwise_ops().items()):
        out += [(op, dt) for dt in ("int32", "int64", "bool") if dt in entry.dtypes]
    return out


@pytest.mark.parametrize("op,dtype", _int_cases())
def test_integer_and_bool_elementwise_ops_match_the_cpu(op, dtype, opencl):
    from aten_lite.opencl import kernels
    entry = kernels.elementwise_ops()[op]
    rng = np.random.default_rng(len(op))
    args = []
    for name, _ in entry.args:
        if name in entry.tensors:
            v = _values(rng, (65,), dtype)
            if entry.int_operand is not None and dtype != "bool":  # a divisor: no zero
                v = al.where(v == 0, al.ones_like(v), v)
            args.append(v)
        else:
            args.append(INT_SCALARS[name])
    on_dev = tuple(a.to("opencl") if isinstance(a, al.Tensor) else a for a in args)
    try:
        cpu = _dispatch.handle(op).call(tuple(args))
    except (RuntimeError, TypeError, NotImplementedError, ZeroDivisionError) as exc:
        with pytest.raises(type(exc)):  # refused on the device as on the CPU
            _dispatch.handle(op).call(on_dev)
        return
    dev, own = _on_device(opencl, lambda: _dispatch.handle(op).call(on_dev))
    _same(dev, cpu, f"{op} ({dtype})")
    if entry.int_operand is None:
        assert own, f"{op} ({dtype}) took the CPU fallback"


def test_bool_sums_are_zero_or_one_and_integer_numbers_stay_integers():
    t = al.tensor([True, True, False])
    _same(t.to("opencl") + t.to("opencl"), t + t, "true + true is true")
    i = al.tensor([-7, 7, 3], dtype=al.int32)
    _same(i.to("opencl") * 3 - 1, i * 3 - 1, "int32 with Python ints")
    _same(al.remainder(i.to("opencl"), 3), al.remainder(i, 3), "Python's remainder")
    _same(i.to("opencl") * 0.5, i * 0.5, "a float number promotes (the CPU's)")


def test_the_pool_reuses_freed_blocks(opencl):
    x = al.randn(1 << 16, device="opencl")
    y = x + 1
    held = opencl.pool.held_blocks
    del y
    assert opencl.pool.held_blocks == held + 1  # kept, not handed back
    z = x + 2
    assert opencl.pool.held_blocks == held  # and used again
    al.opencl.empty_cache()
    assert opencl.pool.held_blocks == 0
    assert z.shape == x.shape


# ---- op libraries ----

def test_an_op_library_elementwise_op_gets_a_device_kernel(built_myops, opencl):
    """myops::mish (examples/myops) is generated for the device from the library's YAML
    expression when the library loads, though the device registered before it."""
    import shutil

    from aten_lite.frontend import oplib
    if shutil.which(os.environ.get("CXX", "g++")) is None:
        pytest.skip("needs a C++ compiler to build the library")
    before = set(oplib._LOADED)
    al.load_library(built_myops.folder)
    try:
        rng = np.random.default_rng(10)
        x = al.from_numpy(rng.standard_normal((5, 33)).astype(np.float32))
        d = x.to("opencl")
        dev, own = _on_device(opencl, lambda: al.myops.mish(d.t()))
        assert own, "myops::mish took the CPU fallback"
        np.testing.assert_allclose(dev.cpu().numpy(), al.myops.mish(x.t()).numpy(),
                                   rtol=2e-6, atol=1e-7)
        # its reduction (peak: amax) has no generated kernel here: the CPU fallback, correct
        np.testing.assert_array_equal(al.myops.peak(d, [1]).cpu().numpy(),
                                      al.myops.peak(x, [1]).numpy())
    finally:
        for name in set(oplib._LOADED) - before:
            oplib._uninstall(oplib._LOADED[name])


def test_a_number_too_large_for_the_dtype_gets_the_cpus_error():
    x = al.arange(4).to("opencl")
    for _ in range(2):  # the second call takes the planned path
        with pytest.raises(RuntimeError, match="al.add: Overflow when unpacking long: the Python "
                                               "int 1180591620717411303424 does not fit in 64 bits"):
            x + 2 ** 70
    assert (x + 3).cpu().tolist() == [3, 4, 5, 6]
    assert (al.ones(2, device="opencl") + 2 ** 70).cpu().tolist() == [2.0 ** 70] * 2

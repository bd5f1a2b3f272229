"""Device "opencl" (aten_lite/opencl/, docs/OPENCL.md) against the CPU: every elementwise op
of native_functions.yaml, broadcasting and strided operands, reductions, matrix products,
autograd, and the digits MLP training on the device. Runs on PoCL's CPU driver where no other
OpenCL device exists (the `test` extra installs it); skips without pyopencl or a device."""

from __future__ import annotations

import dataclasses
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


def _kernels():
    from aten_lite.opencl import kernels
    return kernels


# Scalar arguments of the expressions, and the ops whose inputs must be positive.
SCALARS = {"alpha": 2, "negative_slope": 0.1, "weight": 0.3, "nan": 0.0, "posinf": 1e3,
           "neginf": -1e3, "scale": 1.05, "input_scale": 0.9, "min_val": -1.0, "max_val": 1.0,
           "lambd": 0.5, "beta": 1.5, "threshold": 0.3, "value": -2.0,
           "decay": 0.99, "step": -0.01, "bias_correction2_sqrt": 0.5, "eps": 1e-8}
POSITIVE = {"log", "log10", "log2", "log1p", "sqrt", "rsqrt", "pow.Tensor_Tensor",
            "_adam_param_step"}
# The agreement with the CPU kernels (docs/OPENCL.md): OpenCL's transcendental functions differ
# by a few ulp (float32 within 4e-7 relative); where an expression cancels (1 + erf(x) of gelu
# for x << 0, 1 - tanh^2 of _mish_backward) that last-bit difference is relative to the
# operands' size, not the result's, so an absolute term of the same size is allowed too.
RTOL = {np.float32: 1e-6, np.float64: 1e-12}


def _call(op, args):
    return _dispatch.handle(op).call(tuple(args))


def _ops():
    """The ops to parametrize over, listed without registering the device (collection must
    not leave "opencl" registered for the other modules' tests)."""
    return sorted(_kernels().elementwise_ops())


def _inputs(op, entry, dt, rng, shape=(257,)):
    args = []
    for name, _ in entry.args:
        if name in entry.tensors:
            a = rng.uniform(-3, 3, shape).astype(dt)
            if op in POSITIVE:
                a = np.abs(a) + 0.05
            a[:3] = (0.0, -0.0, 1.0) if op not in POSITIVE else a[:3]
            args.append(a)
        elif name in SCALARS:
            args.append(SCALARS[name])
        else:
            raise AssertionError(f"{op}: pick a value for its Scalar argument {name!r} in "
                                 "SCALARS")
    return args


def _compare(cpu, dev, dt):
    c, g = cpu.numpy(), dev.cpu().numpy()
    assert dev.device == "opencl" and c.dtype == g.dtype and c.shape == g.shape
    if c.dtype == np.bool_:
        np.testing.assert_array_equal(g, c)
    else:
        np.testing.assert_allclose(g, c, rtol=RTOL[dt], atol=RTOL[dt], equal_nan=True)


@pytest.mark.parametrize("dt", [np.float32, np.float64], ids=["float32", "float64"])
@pytest.mark.parametrize("op", _ops())
def test_every_elementwise_op_matches_the_cpu(op, dt, opencl):
    if dt is np.float64 and not opencl.fp64:
        pytest.skip("the device has no cl_khr_fp64")
    entry = _kernels().elementwise_ops()[op]
    if np.dtype(dt).name not in entry.dtypes:
        pytest.skip(f"{op} takes no {np.dtype(dt).name} (test_opencl_more.py: integer dtypes)")
    rng = np.random.default_rng(abs(hash(op)) % 1000)
    args = _inputs(op, entry, dt, rng)
    cpu = _call(op, [al.from_numpy(a) if isinstance(a, np.ndarray) else a for a in args])
    before = opencl.stats()["kernels"]
    dev = _call(op, [al.from_numpy(a).to("opencl") if isinstance(a, np.ndarray) else a
                     for a in args])
    assert opencl.stats()["kernels"] == before + 1  # its own kernel, not the CPU fallback
    _compare(cpu, dev, dt)


def test_broadcasting_numbers_and_strided_operands():
    rng = np.random.default_rng(1)
    a = al.from_numpy(rng.standard_normal((4, 1, 6)).astype(np.float32))
    b = al.from_numpy(rng.standard_normal((5, 1)).astype(np.float32))
    big = al.from_numpy(rng.standard_normal((6, 10, 8)).astype(np.float32))
    da, db, dbig = a.to("opencl"), b.to("opencl"), big.to("opencl")
    cases = [
        (lambda x, y, z: x + y, "broadcast (4,1,6) + (5,1)"),
        (lambda x, y, z: al.add(x, y, alpha=-1.5), "alpha"),
        (lambda x, y, z: x * 2.5 - 1, "numbers"),
        (lambda x, y, z: 3.0 / (y.abs() + 1), "a number as self"),
        (lambda x, y, z: z.transpose(0, 2).exp(), "transposed"),
        (lambda x, y, z: z[::2, 1:9:3].tanh(), "sliced with steps"),
        (lambda x, y, z: z.permute(1, 2, 0)[:, 2:5] * x[0, 0, :], "permuted times a row"),
        (lambda x, y, z: al.maximum(z[:, :5, :5], y[:, 0]), "maximum with a broadcast row"),
        (lambda x, y, z: z.expand(2, 6, 10, 8) > 0, "expanded, bool result"),
        (lambda x, y, z: z.t() if z.dim() == 2 else z[:, 0].t().relu(), "relu of a transpose"),
    ]
    for fn, what in cases:
        cpu, dev = fn(a, b, big), fn(da, db, dbig)
        assert dev.device == "opencl", what
        np.testing.assert_allclose(dev.cpu().numpy(), cpu.numpy(), rtol=1e-6, err_msg=what)


def test_in_place_and_views_write_device_memory():
    x = al.arange(12.0).reshape(3, 4)
    d = x.to("opencl")
    d.t()[1:].mul_(10)  # in place through a view: its base sees it
    x.t()[1:].mul_(10)
    np.testing.assert_array_equal(d.cpu().numpy(), x.numpy())
    d.add_(1.5)
    np.testing.assert_array_equal(d.cpu().numpy(), (x + 1.5).numpy())


@pytest.mark.parametrize("op", ["sum", "mean", "amax", "amin"])
def test_reductions_over_all_and_over_dims(op):
    rng = np.random.default_rng(2)
    x64 = al.from_numpy(rng.standard_normal((4, 9)))
    np.testing.assert_allclose(getattr(x64.to("opencl"), op)(1).cpu().numpy(),
                               getattr(x64, op)(1).numpy(), rtol=1e-12)
    x = al.from_numpy(rng.standard_normal((7, 300, 5)).astype(np.float32))
    d = x.to("opencl")
    variants = [((), {}), (([1],), {}), (([0, 2],), {"keepdim": True}), (([-1],), {}),
                (([0, 1, 2],), {})]
    for args, kw in variants:
        cpu, dev = getattr(x, op)(*args, **kw), getattr(d, op)(*args, **kw)
        assert dev.shape == cpu.shape and dev.device == "opencl"
        np.testing.assert_allclose(dev.cpu().numpy(), cpu.numpy(), rtol=2e-5, atol=1e-5,
                                   err_msg=f"{op}{args}{kw}")
    # few results of many elements: split over work-groups, then a second pass
    big = al.from_numpy(rng.standard_normal((2, 100_003)).astype(np.float32))
    for args in ((), (1,), (0,)):
        np.testing.assert_allclose(getattr(big.to("opencl"), op)(*args).cpu().numpy(),
                                   getattr(big, op)(*args).numpy(), rtol=1e-4, atol=1e-4,
                                   err_msg=f"{op}{args} of {list(big.shape)}")
    # a strided input and a reduction of no elements
    cpu, dev = getattr(x.transpose(0, 1)[::3], op)(0), getattr(d.transpose(0, 1)[::3], op)(0)
    np.testing.assert_allclose(dev.cpu().numpy(), cpu.numpy(), rtol=2e-5, atol=1e-5)
    if op in ("sum", "mean"):
        empty = al.zeros(0, 3)
        np.testing.assert_array_equal(getattr(empty.to("opencl"), op)(0).cpu().numpy(),
                                      getattr(empty, op)(0).numpy())


def test_amax_propagates_nan_as_the_cpu():
    x = al.tensor([[1.0, float("nan"), 3.0], [4.0, 5.0, -1.0]])
    np.testing.assert_array_equal(x.to("opencl").amax(1).cpu().numpy(), x.amax(1).numpy())


def test_matrix_products():
    rng = np.random.default_rng(3)
    f = np.float32
    a = al.from_numpy(rng.standard_normal((33, 17)).astype(f))
    b = al.from_numpy(rng.standard_normal((17, 29)).astype(f))
    c = al.from_numpy(rng.standard_normal((29,)).astype(f))
    p = al.from_numpy(rng.standard_normal((3, 20, 9)).astype(f))
    q = al.from_numpy(rng.standard_normal((3, 9, 18)).astype(f))
    da, db, dc, dp, dq = (t.to("opencl") for t in (a, b, c, p, q))
    pairs = [
        (a @ b, da @ db, "mm"),
        (b.t() @ a.t(), db.t() @ da.t(), "mm of transposes"),
        (al.addmm(c, a, b), al.addmm(dc, da, db), "addmm, broadcast bias"),
        (al.addmm(c, a, b, beta=0.5, alpha=-2), al.addmm(dc, da, db, beta=0.5, alpha=-2),
         "addmm beta alpha"),
        (al.bmm(p, q), al.bmm(dp, dq), "bmm"),
        (al.bmm(q.transpose(1, 2), p.transpose(1, 2)),
         al.bmm(dq.transpose(1, 2), dp.transpose(1, 2)), "bmm of transposes"),
        (a[:, :0] @ b[:0], da[:, :0] @ db[:0], "k = 0"),
    ]
    if al.opencl.init().fp64:
        a64, b64 = a.double(), b.t().double()
        pairs.append((a64 @ b64.t(), a64.to("opencl") @ b64.to("opencl").t(), "float64"))
    for cpu, dev, what in pairs:
        assert dev.device == "opencl" and dev.shape == cpu.shape, what
        np.testing.assert_allclose(dev.cpu().numpy(), cpu.numpy(), rtol=1e-5, atol=1e-5,
                                   err_msg=what)
    with pytest.raises(RuntimeError, match="mat1 and mat2|cannot be multiplied|shape"):
        da @ da


def _mlp(device):
    al.manual_seed(0)
    model = al.nn.Sequential(al.nn.Linear(8, 16), al.nn.ReLU(), al.nn.Linear(16, 3))
    return model.to(device)


def test_autograd_through_a_small_mlp():
    rng = np.random.default_rng(4)
    x = al.from_numpy(rng.standard_normal((10, 8)).astype(np.float32))
    y = al.from_numpy(rng.integers(0, 3, 10))
    grads = {}
    for device in ("cpu", "opencl"):
        model = _mlp(device)
        loss = al.nn.functional.cross_entropy(model(x.to(device)), y.to(device))
        loss.backward()
        grads[device] = [p.grad.cpu().numpy() for p in model.parameters()] + [loss.item()]
    for g_cpu, g_dev in zip(grads["cpu"], grads["opencl"]):
        np.testing.assert_allclose(g_dev, g_cpu, rtol=1e-5, atol=1e-6)


def test_cross_entropy_kernels_run_on_the_device(opencl):
    """A training step of an MLP copies no weight: after the first step, only the loss's
    item() and the status of the targets' bounds check (made on the device) leave it, and
    only backward's seed (a
    one-element ones_like, which factories make on the host) goes in."""
    rng = np.random.default_rng(5)
    model = _mlp("opencl")
    opt = al.optim.SGD(model.parameters(), lr=0.1)
    x = al.from_numpy(rng.standard_normal((32, 8)).astype(np.float32)).to("opencl")
    y = al.from_numpy(rng.integers(0, 3, 32)).to("opencl")

    def step():
        loss = al.nn.functional.cross_entropy(model(x), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        return loss.item()

    step()
    before = opencl.stats()
    step()
    after = opencl.stats()
    assert after["copies_in"] - before["copies_in"] <= 1
    assert after["bytes_in"] - before["bytes_in"] <= 4
    assert after["copies_out"] - before["copies_out"] <= 2
    bad = al.nn.functional.cross_entropy(model(x), al.full((32,), 7).to("opencl"))
    with pytest.raises(IndexError, match=r"al\.nll_loss \(issued at test_opencl\.py:\d+\): "
                       "Target 7 is out of bounds for 3 classes"):
        bad.item()  # checked on the device, raised at the next read


def test_digits_mlp_trains_on_the_device_as_on_the_cpu():
    pytest.importorskip("sklearn")
    sys.path.insert(0, str(ROOT / "examples"))
    try:
        import digits
    finally:
        sys.path.pop(0)
    data = digits.load_data()
    losses = {}
    for device in ("cpu", "opencl"):
        model = digits.build_model().to(device)
        opt = al.optim.SGD(model.parameters(), lr=0.1)
        run = []
        for b in range(8):
            xb = al.from_numpy(data.x_train[b * 64:(b + 1) * 64]).to(device)
            yb = al.from_numpy(data.y_train[b * 64:(b + 1) * 64]).to(device)
            loss = al.nn.functional.cross_entropy(model(xb), yb)
            opt.zero_grad()
            loss.backward()
            opt.step()
            run.append(loss.item())
        losses[device] = run
    np.testing.assert_allclose(losses["opencl"], losses["cpu"], rtol=1e-5)
    assert losses["opencl"][-1] < losses["opencl"][0]


def test_a_build_error_names_the_yaml_line(opencl):
    from aten_lite.opencl import source
    from aten_lite.opencl.runtime import BuildError
    entry = _kernels().elementwise_ops()["add.Tensor"]
    broken = dataclasses.replace(entry, expr="self + alpha * no_such_function(other)")
    src = source.elementwise_source(broken, "float", "float", (False, False), 1)
    with pytest.raises(BuildError) as info:
        opencl.program(src)
    assert f"native_functions.yaml:{entry.line}" in str(info.value)
    assert "no_such_function" in str(info.value)


def test_other_dtypes_fall_back_to_the_cpu():
    x = al.arange(6).reshape(2, 3)
    d = x.to("opencl")
    np.testing.assert_array_equal((d * 3 + d).cpu().numpy(), (x * 3 + x).numpy())
    np.testing.assert_array_equal(d.sum(1).cpu().numpy(), x.sum(1).numpy())  # the CPU's
    np.testing.assert_array_equal((d * 2.5).cpu().numpy(), (x * 2.5).numpy())  # promotes


def test_the_device_registers_on_first_use_not_on_import():
    code = ("import sys, aten_lite as al\n"
            "assert 'pyopencl' not in sys.modules, 'import aten_lite loaded pyopencl'\n"
            "x = al.ones(3, device='opencl')\n"
            "assert 'pyopencl' in sys.modules\n"
            "print((x + x).sum().item(), al.opencl.device_count())\n")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["6.0", "1"]


def test_a_link_time_error_without_a_location_still_names_the_yaml_line():
    """NVIDIA's OpenCL compiler reports an unknown function only when it links, with no line
    (its log, seen on an H200: ``ptxas fatal   : Unresolved extern function 'name'``); the
    error then names the expression's YAML line from the source's ``#line``."""
    from aten_lite.opencl import source
    entry = _kernels().elementwise_ops()["add.Tensor"]
    broken = dataclasses.replace(entry, expr="self + alpha * no_such_function(other)")
    src = source.elementwise_source(broken, "float", "float", (False, False), 1)
    log = ("clBuildProgram failed: BUILD_PROGRAM_FAILURE\n"
           "ptxas fatal   : Unresolved extern function 'no_such_function'\n")
    assert source.locate_unresolved(log, src) == [
        f"{entry.file}:{entry.line}: 'no_such_function', which the device compiler could "
        "not resolve"]
    assert source.locate_unresolved("ptxas fatal   : Unresolved extern function 'f'\n", src) == []


def test_every_generated_kernel_declares_the_types_of_its_arguments():
    """Launches set by-value arguments by declared type (Note [Typed kernel arguments]): an
    untyped launch cost 167 us against 15 us. Every kernel the generators make must parse,
    or it would silently take the slow path."""
    import re

    from aten_lite.compile.fusion_entries import builtin
    from aten_lite.opencl import select_kernels as sel
    from aten_lite.opencl import source
    from aten_lite.opencl.runtime import scalar_arg_dtypes
    add = _kernels().elementwise_ops()["add.Tensor"]
    table = builtin()
    sources = [source.elementwise_source(add, "float", "float", (False, True), 2),
               source.elementwise_source(add, "float", "half", (False, False), 1),
               source.reduction_source("mean", "float", 1, 2),
               source.matmul_source("float", True), source.log_softmax_source("double"),
               source.nll_loss_source("float"),
               source.fused_elementwise_source([(table["exp"], ("x0",))], "float", 1, [0], 2),
               sel.copy_source("uint", 2), sel.where_source("uint", 1),
               sel.gather_source("uint", "long"), sel.arg_reduce_source("float", True, 1, 1),
               sel.softmax_source("float")]
    for src in sources:
        for name in re.findall(r"__kernel\s+void\s+(\w+)", src):
            assert scalar_arg_dtypes(src, name) is not None, (name, src[-600:])
    types = scalar_arg_dtypes(sources[0], "al_elementwise")
    assert types[:5] == [None, np.int64, None, np.int64, np.int64] and types[-1] == np.float32
    assert scalar_arg_dtypes("__kernel void k(__global float* o, const mystery x) {}", "k") is None


def test_float32_division_and_sqrt_round_as_the_cpu(opencl):
    """Programs are built with -cl-fp32-correctly-rounded-divide-sqrt wherever the device
    offers it: NVIDIA's OpenCL divides approximately by default (Note in runtime.py)."""
    import pyopencl as cl
    offered = bool(opencl.device.single_fp_config
                   & cl.device_fp_config.CORRECTLY_ROUNDED_DIVIDE_SQRT)
    assert ("-cl-fp32-correctly-rounded-divide-sqrt" in opencl.build_options) == offered
    rng = np.random.default_rng(7)
    x = rng.uniform(-50, 50, 4096).astype(np.float32)
    y = rng.uniform(0.1, 9, 4096).astype(np.float32)
    dx, dy = al.from_numpy(x).to("opencl"), al.from_numpy(y).to("opencl")
    if offered:
        assert np.array_equal((dx / dy).cpu().numpy(), x / y)
        assert np.array_equal(dy.sqrt().cpu().numpy(), np.sqrt(y))

"""float16 on device "opencl" against the CPU's float16 (docs/OPENCL.md, "float16 and
float64"): every elementwise op, reductions, products, the row kernels, copies and picks,
autograd through a small MLP, transfers, and the refusal of float64 on a device without double
precision (a simulated device record). float16 needs no cl_khr_fp16: the kernels store half
with vload_half/vstore_half and compute in float, as the CPU does (Note [float16 on the
devices] in aten_lite/opencl/source.py). Skips without pyopencl or an OpenCL device."""

from __future__ import annotations

import re
import types
import zlib

import numpy as np
import pytest

pytest.importorskip("pyopencl")

import aten_lite as al  # noqa: E402
from aten_lite.dispatch import dispatcher as _dispatch  # noqa: E402

H = np.float16


pytestmark = pytest.mark.usefixtures("opencl")  # tests/conftest.py


def _kernels():
    from aten_lite.opencl import kernels
    return kernels


def _half_ops():
    return sorted(op for op, e in _kernels().elementwise_ops().items() if "float16" in e.dtypes)


# Scalar arguments of the expressions, and the ops whose inputs must be positive (as in
# test_opencl.py).
SCALARS = {"alpha": 2, "negative_slope": 0.1, "weight": 0.3, "nan": 0.0, "posinf": 1e3,
           "neginf": -1e3, "scale": 1.05, "input_scale": 0.9, "min_val": -1.0, "max_val": 1.0,
           "lambd": 0.5, "beta": 1.5, "threshold": 0.3, "value": -2.0,
           "decay": 0.99, "step": -0.01, "bias_correction2_sqrt": 0.5, "eps": 1e-8}
POSITIVE = {"log", "log10", "log2", "log1p", "sqrt", "rsqrt", "pow.Tensor_Tensor",
            "_adam_param_step"}
# An expression calling one of these is computed by the OpenCL library's float function,
# which may differ from the CPU's by a few float32 ulp: after the rounding to float16 that
# is at most one float16 ulp, and rare (2 of 4096 values for mish and _mish_backward on
# PoCL). Every other expression is the CPU's float computation, so its bits are the CPU's.
LIBRARY = re.compile(r"\b(exp|expm1|log|log1p|log2|log10|tanh|sinh|cosh|sin|cos|tan|pow|erf|"
                     r"erfc|sigmoid|atan|asin|acos)\s*\(")


def _call(op, args):
    return _dispatch.handle(op).call(tuple(args))


def _inputs(op, entry, rng, shape=(1024,)):
    args = []
    for name, _ in entry.args:
        if name in entry.tensors:
            a = rng.uniform(-3, 3, shape).astype(H)
            if op in POSITIVE:
                a = np.abs(a) + H(0.05)
            else:  # infinity only where no library function sees it: PoCL's float tanh(x)
                # for x > 9 is 1 - 2**-24, not 1, so _mish_backward(inf) is inf, not NaN
                a[:4] = (0.0, -0.0, 1.0, 2.0 if LIBRARY.search(entry.expr) else np.inf)
            args.append(a)
        else:
            args.append(SCALARS[name])
    return args


def _ulps(c: np.ndarray, d: np.ndarray) -> np.ndarray:
    """How many float16 values lie between c and d (0 where both are NaN)."""
    def ordered(x):
        i = x.view(np.int16).astype(np.int32)
        return np.where(i < 0, -32768 - i, i)
    return np.where(np.isnan(c) & np.isnan(d), 0, np.abs(ordered(c) - ordered(d)))


def _host(t) -> np.ndarray:
    return t.cpu().numpy() if t.device == "opencl" else t.numpy()


def _same_bits(cpu, dev):
    c, g = _host(cpu), _host(dev)
    assert dev.device == "opencl" and c.dtype == g.dtype and c.shape == g.shape
    np.testing.assert_array_equal(g.view(np.uint16) if g.dtype == H else g,
                                  c.view(np.uint16) if c.dtype == H else c)


def _same_values(cpu, dev):
    """The CPU's float16 values (NaN where it has NaN, whatever the payload)."""
    c, g = _host(cpu), _host(dev)
    assert dev.device == "opencl" and c.dtype == g.dtype and c.shape == g.shape
    if c.dtype == H:
        assert _ulps(c, g).max() == 0
    else:
        np.testing.assert_array_equal(g, c)


def _close(cpu, dev, rtol=2e-3, atol=1e-3):
    c, g = _host(cpu), _host(dev)
    assert dev.device == "opencl" and c.dtype == g.dtype == H and c.shape == g.shape
    np.testing.assert_allclose(g.astype(np.float32), c.astype(np.float32), rtol=rtol,
                               atol=atol, equal_nan=True)


@pytest.mark.parametrize("op", _half_ops())
def test_every_elementwise_op_in_float16_matches_the_cpu(op, opencl):
    entry = _kernels().elementwise_ops()[op]
    rng = np.random.default_rng(zlib.crc32(op.encode()))
    args = _inputs(op, entry, rng)
    cpu = _call(op, [al.from_numpy(a) if isinstance(a, np.ndarray) else a for a in args])
    before = opencl.stats()["kernels"]
    dev = _call(op, [al.from_numpy(a).to("opencl") if isinstance(a, np.ndarray) else a
                     for a in args])
    assert opencl.stats()["kernels"] == before + 1  # its own kernel, not the CPU fallback
    c, g = cpu.numpy(), dev.cpu().numpy()
    assert c.dtype == g.dtype and c.shape == g.shape
    if c.dtype != H:  # comparisons: bool
        np.testing.assert_array_equal(g, c)
    elif LIBRARY.search(entry.expr):
        assert _ulps(c, g).max() <= 1, f"{op}: more than one float16 ulp from the CPU"
    else:  # the CPU's values (a NaN's payload may differ: 0 / 0 on another path)
        assert _ulps(c, g).max() == 0, f"{op}: not the CPU's float16 values"


def test_numbers_scalars_broadcasting_and_strides_round_as_the_cpu():
    rng = np.random.default_rng(1)
    a = al.from_numpy(rng.standard_normal((4, 1, 6)).astype(H))
    b = al.from_numpy(rng.standard_normal((5, 1)).astype(H))
    big = al.from_numpy(rng.standard_normal((6, 10, 8)).astype(H))
    da, db, dbig = a.to("opencl"), b.to("opencl"), big.to("opencl")
    cases = [
        lambda x, y, z: x + y,
        lambda x, y, z: x * 0.1 - 1.3,  # numbers are rounded to float16 first, as on the CPU
        lambda x, y, z: 3.7 / (y.abs() + 1),
        lambda x, y, z: al.add(x, y, alpha=0.1),  # a Scalar is a float, not a float16
        lambda x, y, z: al.lerp(x, y.reshape(1, 5, 1), 0.3),
        lambda x, y, z: z.transpose(0, 2) * 1.5,
        lambda x, y, z: z[::2, 1:9:3] / 3,
        lambda x, y, z: z.permute(1, 2, 0)[:, 2:5] * x[0, 0, :],
        lambda x, y, z: z.expand(2, 6, 10, 8) > 0.25,
        lambda x, y, z: z * 1e5,  # overflows to inf on the store, as the CPU's
    ]
    for case in cases:
        _same_values(case(a, b, big), case(da, db, dbig))


@pytest.mark.parametrize("op", ["sum", "mean", "amax", "amin"])
def test_reductions_in_float16(op):
    rng = np.random.default_rng(2)
    x = al.from_numpy(rng.standard_normal((6, 37, 5)).astype(H))
    long = al.from_numpy(rng.uniform(0, 1, 200_000).astype(H))  # split over work-groups
    d, dlong = x.to("opencl"), long.to("opencl")
    exact = op in ("amax", "amin")  # picks, not sums
    for cpu, dev in [(getattr(x, op)(), getattr(d, op)()), (getattr(x, op)(1), getattr(d, op)(1)),
                     (getattr(x, op)((0, 2), keepdim=True), getattr(d, op)((0, 2), keepdim=True)),
                     (getattr(x.transpose(0, 1), op)(0), getattr(d.transpose(0, 1), op)(0)),
                     (getattr(long, op)(), getattr(dlong, op)())]:
        # sums add in float on both sides, in other orders: they agree to float16 rounding
        _same_values(cpu, dev) if exact else _close(cpu, dev)


def test_products_and_row_kernels_in_float16():
    rng = np.random.default_rng(3)
    a = al.from_numpy(rng.standard_normal((9, 70)).astype(H))
    b = al.from_numpy(rng.standard_normal((70, 13)).astype(H))
    c = al.from_numpy(rng.standard_normal(13).astype(H))
    ba = al.from_numpy(rng.standard_normal((3, 5, 7)).astype(H))
    bb = al.from_numpy(rng.standard_normal((3, 7, 4)).astype(H))
    da, db, dc, dba, dbb = (t.to("opencl") for t in (a, b, c, ba, bb))
    # float accumulation on both sides (NumPy's float16 dot sums in float): within rounding
    _close(a @ b, da @ db, rtol=5e-3, atol=5e-3)
    _close(a @ b[:, :1].t().t(), da @ db[:, :1].t().t(), rtol=5e-3, atol=5e-3)
    _close(al.bmm(ba, bb), al.bmm(dba, dbb), rtol=5e-3, atol=5e-3)
    _close(al.addmm(c, a, b, beta=0.5, alpha=2), al.addmm(dc, da, db, beta=0.5, alpha=2),
           rtol=5e-3, atol=1e-2)
    for f in (lambda x: x.log_softmax(1), lambda x: x.softmax(-1)):
        _close(f(a), f(da))
    t = al.from_numpy(rng.integers(0, 70, 9))
    for reduction in ("mean", "sum", "none"):
        _close(al.nn.functional.nll_loss(a.log_softmax(1), t, reduction=reduction),
               al.nn.functional.nll_loss(da.log_softmax(1), t.to("opencl"),
                                         reduction=reduction))


def test_copies_and_picks_in_float16_are_exact(opencl):
    rng = np.random.default_rng(4)
    xa = rng.standard_normal((5, 6)).astype(H)
    xa[0, 0] = np.nan  # argmax takes the first NaN, as the CPU
    x = al.from_numpy(xa)
    y = al.from_numpy(rng.standard_normal((5, 6)).astype(H))
    idx = al.from_numpy(np.array([4, 0, 2, 2]))
    d, dy, didx = x.to("opencl"), y.to("opencl"), idx.to("opencl")
    before = opencl.stats()["kernels"]
    pairs = [(al.cat([x, y], 1), al.cat([d, dy], 1)), (al.where(x > y, x, y),
                                                       al.where(d > dy, d, dy)),
             (x.index_select(0, idx), d.index_select(0, didx)),
             (al.nn.functional.embedding(idx, y), al.nn.functional.embedding(didx, dy)),
             (x.argmax(1), d.argmax(1)), (y.argmin(), dy.argmin()),
             (x.t().contiguous(), d.t().contiguous())]
    for cpu, dev in pairs:
        _same_bits(cpu, dev)
    assert opencl.stats()["kernels"] > before + len(pairs)  # each ran on the device


def test_transfers_keep_every_bit():
    bits = np.array([0x0000, 0x8000, 0x0001, 0x03ff, 0x7bff, 0xfbff, 0x7c00, 0xfc00, 0x7e00,
                     0x7d01, 0xfe37, 0x3c00, 0x3555], dtype=np.uint16)  # NaN payloads too
    x = al.from_numpy(bits.view(H))
    d = x.to("opencl")
    assert d.dtype == al.float16 and d.device == "opencl"
    np.testing.assert_array_equal(d.cpu().numpy().view(np.uint16), bits)
    np.testing.assert_array_equal(d[2:9:3].cpu().numpy().view(np.uint16), bits[2:9:3])
    np.testing.assert_array_equal(al.ones(3, dtype=al.float16, device="opencl").cpu().numpy(),
                                  np.ones(3, H))


def _mlp(device):
    al.manual_seed(0)
    model = al.nn.Sequential(al.nn.Linear(12, 32), al.nn.ReLU(), al.nn.Linear(32, 4))
    return model.to(dtype=al.float16).to(device)


def test_a_float16_mlp_trains_on_the_device_as_on_the_cpu(opencl):
    rng = np.random.default_rng(5)
    x = al.from_numpy(rng.standard_normal((48, 12)).astype(H))
    y = al.from_numpy(rng.integers(0, 4, 48))
    runs = {}
    for device in ("cpu", "opencl"):
        model = _mlp(device)
        opt = al.optim.SGD(model.parameters(), lr=0.2)
        xd, yd = x.to(device), y.to(device)
        losses = []
        for _ in range(4):
            loss = al.nn.functional.cross_entropy(model(xd), yd)
            opt.zero_grad()
            loss.backward()
            opt.step()
            losses.append(loss.item())
        runs[device] = (losses, [p.detach().cpu().numpy() for p in model.parameters()],
                        [p.grad.cpu().numpy() for p in model.parameters()])
        assert all(p.dtype == al.float16 and p.device == device for p in model.parameters())
    (lc, pc, gc), (ld, pd, gd) = runs["cpu"], runs["opencl"]
    # float16 rounds to 1e-3: four steps of sums in other orders stay within a few of it
    np.testing.assert_allclose(ld, lc, rtol=5e-3)
    for p_cpu, p_dev in zip(pc + gc, pd + gd):
        np.testing.assert_allclose(p_dev.astype(np.float32), p_cpu.astype(np.float32),
                                   rtol=2e-2, atol=2e-3)
    assert ld[-1] < ld[0]


# ---- float64: asked of the device, refused where it has none ----

def _record(extensions: str, double_fp_config=0):
    """A simulated OpenCL device record: what has_float64 and the refusal read of it."""
    return types.SimpleNamespace(name="Simulated GPU ", extensions=extensions,
                                 double_fp_config=double_fp_config,
                                 platform=types.SimpleNamespace(name="Simulated Platform"))


class _NoQuery:
    """A record whose CL_DEVICE_DOUBLE_FP_CONFIG query fails, as pyopencl's does where the
    driver does not know it."""
    name = "Old GPU"
    extensions = "cl_khr_byte_addressable_store"
    platform = types.SimpleNamespace(name="Old Platform")

    @property
    def double_fp_config(self):
        raise RuntimeError("clGetDeviceInfo failed: INVALID_VALUE")


def test_float64_support_is_asked_of_the_device(opencl):
    from aten_lite.opencl.runtime import has_float64
    assert has_float64(_record("cl_khr_fp64 cl_khr_fp16")) is True
    assert has_float64(_record("cl_khr_fp16", double_fp_config=63)) is True  # OpenCL 3.0
    assert has_float64(_record("cl_khr_fp16 cl_khr_int64_base_atomics")) is False
    assert has_float64(_NoQuery()) is False
    assert opencl.fp64 == has_float64(opencl.device)


def test_float64_is_refused_by_name_on_a_device_without_it(opencl, monkeypatch):
    x = al.from_numpy(np.array([[1.5, -2.0], [0.25, 4.0]]))
    d = x.to("opencl")  # moving the bytes needs no double precision
    monkeypatch.setattr(opencl, "device", _record("cl_khr_fp16 cl_khr_byte_addressable_store"))
    monkeypatch.setattr(opencl, "fp64", False)
    message = (r"device 'opencl' \(Simulated GPU on Simulated Platform\) has no double "
               r"precision .* float64 kernels cannot run there; the float dtypes it computes "
               r"are float32 and float16")
    for f in (lambda t: t.exp(), lambda t: t + t, lambda t: t.sum(), lambda t: t @ t,
              lambda t: t.log_softmax(1), lambda t: t.argmax()):
        with pytest.raises(TypeError, match=message):
            f(d)
    np.testing.assert_array_equal(d.cpu().numpy(), x.numpy())  # and moving them back
    monkeypatch.undo()
    np.testing.assert_array_equal((d.float() * 2).cpu().numpy(), x.numpy() * 2)  # the fix

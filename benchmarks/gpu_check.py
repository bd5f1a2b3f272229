"""One prepared check of the devices on a GPU machine (docs/CUDA.md, "On a GPU"): for "cuda" and
"opencl", every generated elementwise op x dtype and the reductions against the CPU kernels
(and torch.cuda where installed), autograd through a small MLP against the CPU, a fused
al.compile function, add on 16M float32 against the device's copy bandwidth, a deferred kernel
error, and compute-sanitizer's memcheck on a subset when it is installed. Prints one table per
device; a device that is absent gets one line saying so. Stops starting new sections after
--budget seconds (default 450: the whole run stays under 8 minutes).

    python benchmarks/gpu_check.py [--devices cuda,opencl] [--budget 450]
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import aten_lite as al  # noqa: E402
from aten_lite.dispatch import dispatcher as _dispatch  # noqa: E402
from aten_lite.opencl.kernels import elementwise_ops  # noqa: E402

SCALARS = {"alpha": 2, "negative_slope": 0.1, "weight": 0.3, "nan": 0.0, "posinf": 1e3,
           "neginf": -1e3, "scale": 1.05, "input_scale": 0.9, "min_val": -1.0, "max_val": 1.0,
           "lambd": 0.5, "beta": 1.5, "threshold": 0.3, "value": -2.0, "decay": 0.999,
           "step": 1e-3, "bias_correction2_sqrt": 0.9, "eps": 1e-8}
POSITIVE_ARGS = {"exp_avg_sq"}  # tensors an op takes the square root of
POSITIVE = {"log", "log10", "log2", "log1p", "sqrt", "rsqrt", "pow.Tensor_Tensor"}
TOL = {"float32": 2e-5, "float64": 1e-11, "float16": 4e-3}
NP = {"float32": np.float32, "float64": np.float64, "float16": np.float16}


class Table:
    def __init__(self, device: str) -> None:
        self.device, self.rows = device, []

    def add(self, check: str, result: str, detail: str = "") -> None:
        self.rows.append((check, result, detail))
        print(f"  [{self.device}] {check}: {result} {detail}".rstrip(), flush=True)

    def show(self) -> None:
        w = max([len(c) for c, _, _ in self.rows] + [10])
        print(f"\n== {self.device} ==")
        print(f"{'check':<{w}}  {'result':<10}  detail")
        for c, r, d in self.rows:
            print(f"{c:<{w}}  {r:<10}  {d}")


def _available(device: str) -> tuple[bool, str]:
    mod = getattr(al, device)
    try:
        mod.init()
    except (RuntimeError, ValueError) as exc:
        return False, str(exc)
    return True, mod.get_device_name()


def _sync(device: str) -> None:
    if device != "cpu":
        getattr(al, device).synchronize()


def _dtypes(device: str) -> list[str]:
    if device == "cuda":
        return ["float32", "float64", "float16"]
    b = al.opencl.init()
    return ["float32", "float16"] + (["float64"] if b.fp64 else [])  # float16 on every device


def _inputs(op, entry, dt, rng, shape=(129, 65)):
    args = []
    for name, _ in entry.args:
        if name in entry.tensors:
            a = rng.uniform(-3, 3, shape)
            if op in POSITIVE or name in POSITIVE_ARGS:
                a = np.abs(a) + 0.05
            args.append(a.astype(NP[dt]))
        else:
            args.append(SCALARS[name])
    return args


def _close(dev, cpu, dt) -> float:
    """The largest error relative to max(1, |cpu|); inf when shapes or NaNs differ."""
    g, c = dev.cpu().numpy().astype(np.float64), cpu.numpy().astype(np.float64)
    if g.shape != c.shape or not np.array_equal(np.isnan(g), np.isnan(c)):
        return float("inf")
    ok = ~np.isnan(c)
    if not ok.any():
        return 0.0
    return float(np.max(np.abs(g[ok] - c[ok]) / np.maximum(1.0, np.abs(c[ok]))))


def check_ops(t: Table, device: str, deadline: float) -> None:
    torch = _torch_cuda() if device == "cuda" else None
    rng = np.random.default_rng(0)
    done = bad = 0
    worst: dict = {}
    failures = []
    vs_torch = []
    for dt in _dtypes(device):
        for op, entry in sorted(elementwise_ops().items()):
            if dt not in entry.dtypes:
                continue
            if time.perf_counter() > deadline:
                t.add("ops x dtypes", "partial", f"stopped at the budget after {done}")
                return
            args = _inputs(op, entry, dt, rng)
            h = _dispatch.handle(op)
            try:
                cpu = h.call(tuple(al.from_numpy(a) if isinstance(a, np.ndarray) else a
                                   for a in args))
                # the first operand as a transposed view: the strided path
                dev_args = [al.from_numpy(np.ascontiguousarray(a.T)).to(device).t()
                            if isinstance(a, np.ndarray) else a for a in args]
                dev = h.call(tuple(dev_args))
                err = _close(dev, cpu, dt)
            except Exception as exc:  # a check reports every failure, it does not stop
                err, failures = float("inf"), failures + [f"{op}[{dt}]: {exc}"[:160]]
            done += 1
            worst[dt] = max(worst.get(dt, 0.0), err)
            if err > TOL[dt]:
                bad += 1
                if err != float("inf"):
                    failures.append(f"{op}[{dt}] error {err:.2e}")
            if torch is not None and dt != "float16" and err <= TOL[dt]:
                vs_torch.append((op, dt, _torch_compare(torch, op, args, dev)))
    t.add("ops x dtypes vs CPU", "ok" if not bad else "FAIL",
          f"{done - bad}/{done} within tolerance; worst " +
          ", ".join(f"{d} {e:.1e}" for d, e in worst.items()))
    for f in failures[:10]:
        t.add("  failure", "", f)
    for kind in ("sum", "mean", "amax", "amin"):
        errs = []
        for dt in _dtypes(device):
            x = rng.standard_normal((300, 1000)).astype(NP[dt])
            for dim in (None, 0, 1):
                cpu = getattr(al.from_numpy(x), kind)(dim) if dim is not None else \
                    getattr(al.from_numpy(x), kind)()
                d = al.from_numpy(x).to(device)
                dev = getattr(d, kind)(dim) if dim is not None else getattr(d, kind)()
                errs.append(_close(dev, cpu, dt) / (30 if kind in ("sum", "mean") else 1))
        t.add(f"reduce {kind}", "ok" if max(errs) <= 1e-3 else "FAIL",
              f"worst scaled error {max(errs):.1e} (block trees: order differs from the CPU)")
    if torch is not None:
        off = [f"{o}[{d}] by {e:.1e}" for o, d, e in vs_torch if e is not None and e > TOL[d]]
        t.add("ops vs torch.cuda", "ok" if not off else "differs",
              f"{len(vs_torch) - len(off)}/{len(vs_torch)} agree" +
              (f"; differ: {', '.join(off[:8])}" if off else ""))


def _torch_cuda():
    try:
        import torch
    except ImportError:
        return None
    return torch if torch.cuda.is_available() else None


def _torch_compare(torch, op, args, dev):
    name = op.split(".")[0]
    fn = getattr(torch, name, None) or getattr(torch.nn.functional, name, None)
    if fn is None:
        return None
    try:
        targs = [torch.from_numpy(a).cuda() if isinstance(a, np.ndarray) else a for a in args]
        ref = fn(*targs).cpu().numpy().astype(np.float64)
    except Exception:
        return None
    g = dev.cpu().numpy().astype(np.float64)
    if g.shape != ref.shape:
        return None
    ok = ~np.isnan(ref)
    return float(np.max(np.abs(g[ok] - ref[ok]) / np.maximum(1.0, np.abs(ref[ok])))) \
        if ok.any() else 0.0


def check_mlp(t: Table, device: str) -> None:
    rng = np.random.default_rng(1)
    x = rng.standard_normal((64, 32)).astype(np.float32)
    y = rng.integers(0, 10, 64)
    ws = [rng.standard_normal(s).astype(np.float32) * 0.2 for s in ((32, 48), (48,), (48, 10),
                                                                     (10,))]
    results = {}
    for dev in ("cpu", device):
        params = [al.from_numpy(w).to(dev).requires_grad_() for w in ws]
        xs, ys = al.from_numpy(x).to(dev), al.from_numpy(y).to(dev)
        h = al.relu(xs @ params[0] + params[1])
        loss = al.nn.functional.cross_entropy(h @ params[2] + params[3], ys)
        loss.backward()
        results[dev] = [loss.item()] + [p.grad.cpu().numpy() for p in params]
    errs = [abs(results["cpu"][0] - results[device][0])] + [
        float(np.max(np.abs(a - b))) for a, b in zip(results["cpu"][1:], results[device][1:])]
    t.add("MLP autograd vs CPU", "ok" if max(errs) < 1e-4 else "FAIL",
          f"loss {results[device][0]:.6f} (CPU {results['cpu'][0]:.6f}); max grad diff "
          f"{max(errs[1:]):.1e}")


def check_compile(t: Table, device: str) -> None:
    def fn(a, b):
        return (al.sigmoid(a) * b + 1.0).tanh()

    rng = np.random.default_rng(2)
    a, b = (rng.standard_normal(1000).astype(np.float32) for _ in range(2))
    want = fn(al.from_numpy(a), al.from_numpy(b)).numpy()
    backend = getattr(al, device).init()
    try:
        compiled = al.compile(fn)
        da, db = al.from_numpy(a).to(device), al.from_numpy(b).to(device)
        compiled(da, db)  # the first call captures and builds
        before = backend.counts["kernels"]
        got = compiled(da, db)
        launched = backend.counts["kernels"] - before
        err = float(np.max(np.abs(got.cpu().numpy() - want)))
        fused = "fused: 1 kernel" if launched == 1 else \
            f"not fused on the device: {launched} kernels, one per op (eager)"
        t.add("al.compile fn", "FAIL" if err >= 1e-5 or got.device != device else
              ("ok" if launched == 1 else "not fused"),
              f"result on {got.device}, max diff {err:.1e}; {fused}")
    except Exception as exc:
        t.add("al.compile fn", "not supported", f"{type(exc).__name__}: {exc}"[:150])


def _timed(fn, device: str, sync=None) -> float:
    """Best of 3 batches, each of enough calls to take ~50 ms, so that launch and
    synchronization latency do not count (a GPU runs a 16M add in ~60 us; PoCL in ~30 ms).
    ``sync``: how to wait for the device, when not aten_lite's (torch.cuda.synchronize)."""
    sync = sync or (lambda: _sync(device))
    fn()
    sync()
    t0 = time.perf_counter()
    fn()
    sync()
    reps = max(3, min(500, int(0.05 / max(time.perf_counter() - t0, 1e-6))))
    best = float("inf")
    for _ in range(3):
        t0 = time.perf_counter()
        for _ in range(reps):
            fn()
        sync()
        best = min(best, (time.perf_counter() - t0) / reps)
    return best


def check_bandwidth(t: Table, device: str) -> None:
    n = 16 * 1024 * 1024
    a = al.from_numpy(np.ones(n, np.float32)).to(device)
    b = al.from_numpy(np.ones(n, np.float32)).to(device)
    t_add = _timed(lambda: a + b, device)
    t_copy = _timed(lambda: a.clone(), device)  # the device's own copy
    add_bw, copy_bw = 3 * 4 * n / t_add / 1e9, 2 * 4 * n / t_copy / 1e9
    ratio = add_bw / copy_bw
    t.add("add 16M float32", "ok" if ratio >= 0.8 else "slow",
          f"{t_add * 1e3:.2f} ms = {add_bw:.0f} GB/s; copy {copy_bw:.0f} GB/s; "
          f"{ratio:.0%} of copy bandwidth (target >= 80%)")
    torch = _torch_cuda()
    if torch is not None:
        ta, tb = torch.ones(n, device="cuda"), torch.ones(n, device="cuda")

        t_torch = _timed(lambda: ta + tb, device, torch.cuda.synchronize)
        t.add("add 16M beside torch.cuda", "", f"{device} {t_add * 1e3:.3f} ms, torch.cuda "
              f"{t_torch * 1e3:.3f} ms (same run)")
    cpu_a, cpu_b = al.ones(n), al.ones(n)
    t_cpu = _timed(lambda: cpu_a + cpu_b, "cpu") if device == "opencl" else None
    if t_cpu:
        t.add("add 16M vs CPU backend", "", f"device {t_add * 1e3:.1f} ms, CPU "
              f"{t_cpu * 1e3:.1f} ms")


_DEFERRED = textwrap.dedent("""
    import aten_lite as al
    from aten_lite.utils.backend_registration import make_tensor, store_of
    small = al.ones(4, device="cuda")
    bad = make_tensor(store_of(small), (1 << 28,), al.float32, "cuda")  # 1 GiB past 16 B
    y = bad.exp()   # queued; the error is deferred
    try:
        al.cuda.synchronize()
        print("NO ERROR")
    except Exception as exc:
        print("DEFERRED", type(exc).__name__, exc)
""")


def check_deferred(t: Table, device: str) -> None:
    if device != "cuda":
        t.add("deferred error", "skipped", "an out-of-bounds kernel on a CPU OpenCL driver can "
              "crash the process; docs/OPENCL.md covers the OpenCL queue's errors")
        return
    proc = subprocess.run([sys.executable, "-c", _DEFERRED], capture_output=True, text=True,
                          timeout=120, cwd=ROOT, env=dict(os.environ, PYTHONPATH=str(ROOT)))
    out = (proc.stdout + proc.stderr).strip().splitlines()
    line = next((ln for ln in out if ln.startswith("DEFERRED")), out[-1] if out else "")
    ok = line.startswith("DEFERRED") and "<string>:6" in line  # the line that queued it
    t.add("deferred error at sync", "ok" if ok else "FAIL", line[:200])


_SUBSET = textwrap.dedent("""
    import aten_lite as al
    x = al.randn(1000, 33, device="cuda")
    w = al.randn(33, 10, device="cuda")
    y = (x.t().exp() * 2).t().sigmoid() @ w
    print(float(y.sum().item()), float(al.log_softmax(y, 1).amax().item()))
    al.cuda.synchronize()
""")


def check_sanitizer(t: Table, device: str) -> None:
    if device != "cuda":
        return
    tool = shutil.which("compute-sanitizer") or next(
        (str(p) for p in Path("/usr/local").glob("cuda*/bin/compute-sanitizer")), None)
    if tool is None:
        t.add("compute-sanitizer memcheck", "skipped", "compute-sanitizer is not installed")
        return
    proc = subprocess.run([tool, "--tool", "memcheck", sys.executable, "-c", _SUBSET],
                          capture_output=True, text=True, timeout=150, cwd=ROOT,
                          env=dict(os.environ, PYTHONPATH=str(ROOT)))
    summary = next((ln for ln in (proc.stdout + proc.stderr).splitlines()
                    if "ERROR SUMMARY" in ln), f"exit {proc.returncode}")
    t.add("compute-sanitizer memcheck", "ok" if "0 errors" in summary else "FAIL", summary)


def run_device(device: str, deadline: float) -> Table | None:
    t = Table(device)
    ok, what = _available(device)
    if not ok:
        print(f"no {device.upper() if device == 'cuda' else 'OpenCL'} device: {what}")
        return None
    t.add("device", "", what)
    for section in (lambda: check_ops(t, device, deadline), lambda: check_mlp(t, device),
                    lambda: check_compile(t, device), lambda: check_bandwidth(t, device),
                    lambda: check_sanitizer(t, device), lambda: check_deferred(t, device)):
        if time.perf_counter() > deadline:
            t.add("(budget)", "stopped", "the time budget ran out before this section")
            break
        try:
            section()
        except Exception as exc:
            t.add("section error", "FAIL", f"{type(exc).__name__}: {exc}"[:200])
    return t


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--devices", default="cuda,opencl")
    p.add_argument("--budget", type=float, default=450.0, help="seconds for all devices")
    args = p.parse_args(argv)
    start = time.perf_counter()
    devices = [d for d in args.devices.split(",") if d]
    tables = []
    for i, device in enumerate(devices):
        share = (args.budget - (time.perf_counter() - start)) / (len(devices) - i)
        table = run_device(device, time.perf_counter() + share)
        if table is not None:
            tables.append(table)
    for table in tables:
        table.show()
    print(f"\ndone in {time.perf_counter() - start:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""OpenCL figures (docs/OPENCL.md, "Measured figures"): add and exp of 16M float32 on the
device beside aten_lite's CPU kernels, a digits MLP training step on both, a 5-op chain
compiled on the device against eager there and compiled on the CPU, and what the disk cache of
built programs saves a second process.

    python benchmarks/bench_opencl.py            # ops and the digits step
    python benchmarks/bench_opencl.py cache      # second-process build times
    python benchmarks/bench_opencl.py compiled   # the al.compile row only

Times are the best and the worst of several runs (the machine may be shared: report ranges);
the device's times include ``al.opencl.synchronize()``.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # run from a checkout with the extension built in place


def _range(fn, sync, repeat=5) -> str:
    fn()
    sync()
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        sync()
        times.append(time.perf_counter() - t0)
    return f"{min(times) * 1e3:.1f}-{max(times) * 1e3:.1f} ms"


def ops() -> None:
    import aten_lite as al

    x = al.randn(16 * 1024 * 1024)
    d = x.to("opencl")
    none = lambda: None  # noqa: E731
    print(f"device: {al.opencl.get_device_name()}")
    print(f"{'operation':32} {'CPU':>16} {'OpenCL':>16}")
    for name, fn in [("add, 16M float32 (x + x)", lambda t: t + t),
                     ("exp, 16M float32", lambda t: t.exp())]:
        print(f"{name:32} {_range(lambda: fn(x), none):>16} "
              f"{_range(lambda: fn(d), al.opencl.synchronize):>16}")
    sys.path.insert(0, str(ROOT / "examples"))
    import digits

    data = digits.load_data()
    row = []
    for device in ("cpu", "opencl"):
        model = digits.build_model().to(device)
        opt = al.optim.SGD(model.parameters(), lr=0.1)
        xb = al.from_numpy(data.x_train[:64]).to(device)
        yb = al.from_numpy(data.y_train[:64]).to(device)

        def step():
            loss = al.nn.functional.cross_entropy(model(xb), yb)
            opt.zero_grad()
            loss.backward()
            opt.step()
            loss.item()
        row.append(_range(step, none, repeat=20))
    print(f"{'digits MLP step (batch 64, SGD)':32} {row[0]:>16} {row[1]:>16}")
    compiled()


def chain(x, y):
    """The 5-op elementwise chain of the compiled row (and of ``aten-lite-gen cuda --check``'s
    first fused group): mul, add, relu, exp, sub."""
    if not hasattr(x, "relu"):  # NumPy arrays: the same five steps
        import numpy as np
        return np.exp(np.maximum(x * np.float32(2) + y, np.float32(0))) - np.float32(1)
    return (x * 2 + y).relu().exp() - 1.0


def compiled() -> None:
    """The chain on 4M float32: al.compile on the CPU (one fused C++ kernel), eager on the
    device (five kernels, five 16 MB results), al.compile on the device (one generated
    OpenCL kernel: Note [Graphs on a device] in aten_lite/compile/device_plan.py)."""
    import aten_lite as al

    x, y = al.randn(4 * 1024 * 1024), al.randn(4 * 1024 * 1024)
    dx, dy = x.to("opencl"), y.to("opencl")
    none = lambda: None  # noqa: E731
    on_cpu, on_device = al.compile(chain), al.compile(chain)
    sync = al.opencl.synchronize
    a, b = x.numpy(), y.numpy()
    cells = [_range(lambda: chain(a, b), none), _range(lambda: on_cpu(x, y), none),
             _range(lambda: chain(dx, dy), sync), _range(lambda: on_device(dx, dy), sync)]
    assert on_device.stats["device_fused"] == 1, on_device.stats
    print(f"{'5-op chain, 4M float32':24} {'NumPy':>14} {'CPU compiled':>14} "
          f"{'OpenCL eager':>14} {'OpenCL compiled':>16}")
    print(f"{'':24} {cells[0]:>14} {cells[1]:>14} {cells[2]:>14} {cells[3]:>16}")


_FIRST_STEP = """
import sys, time
sys.path.insert(0, "examples")
import aten_lite as al, digits
data = digits.load_data()
t0 = time.perf_counter()
model = digits.build_model().to("opencl")
opt = al.optim.Adam(model.parameters())
x = al.from_numpy(data.x_train[:64]).to("opencl")
y = al.from_numpy(data.y_train[:64]).to("opencl")
loss = al.nn.functional.cross_entropy(al.softmax(model(x), 1).log(), y)
opt.zero_grad(); loss.backward(); opt.step(); loss.item()
s = al.opencl.init().stats()
print(f"{time.perf_counter() - t0:.3f} {s['programs']} {s['builds']} {s['disk_hits']}")
"""


def cache() -> None:
    """The first digits step of a process (device start, every program it needs, the step),
    with the programs built from source, or loaded from aten_lite's disk cache, or built from
    source with PoCL's own cache warm."""
    def run(env) -> str:
        out = subprocess.run([sys.executable, "-c", _FIRST_STEP], cwd=ROOT, text=True,
                             capture_output=True, env=dict(os.environ, **env), timeout=600)
        if out.returncode:
            raise SystemExit(out.stderr)
        return out.stdout.split()

    with tempfile.TemporaryDirectory() as folder:
        cases = [
            ("no cache (aten_lite's off, PoCL's off)",
             dict(AL_OPENCL_CACHE="0", POCL_KERNEL_CACHE="0")),
            ("aten_lite's disk cache (PoCL's off)",
             dict(AL_CACHE_DIR=folder, POCL_KERNEL_CACHE="0")),
            ("PoCL's own cache only", dict(AL_OPENCL_CACHE="0")),
            ("both caches", dict(AL_CACHE_DIR=folder)),
        ]
        run(dict(AL_CACHE_DIR=folder))  # fills both caches
        print(f"{'first digits step of a second process':40} {'seconds':>16} programs/built/"
              "loaded")
        for what, env in cases:
            results = [run(env) for _ in range(3)]
            secs = sorted(float(r[0]) for r in results)
            print(f"{what:40} {secs[0]:7.2f}-{secs[-1]:.2f} s   {'/'.join(results[0][1:])}")


if __name__ == "__main__":
    {"cache": cache, "compiled": compiled}.get(sys.argv[1] if sys.argv[1:] else "", ops)()

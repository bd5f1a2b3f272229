"""The CUDA device without a GPU: its kernels generated from the YAML compile (NVRTC or nvcc,
`aten-lite-gen cuda --check`), a failure names the YAML line, and with no driver the device is
absent and a request for it fails at once naming what to install (docs/CUDA.md)."""

from __future__ import annotations

import dataclasses
import subprocess
import sys
from pathlib import Path

import pytest

import aten_lite as al
from aten_lite.compile import fusion_entries
from aten_lite.cuda import check, compiler
from aten_lite.opencl import source

ROOT = Path(__file__).resolve().parents[1]
CC = compiler.find_compiler()
needs_compiler = pytest.mark.skipif(CC is None, reason="neither NVRTC nor nvcc is installed")


def test_one_generator_renders_both_dialects_from_the_same_expression():
    e = fusion_entries.builtin()["sigmoid"]
    cl = source.elementwise_source(e, "float", "float", (False,), 1, "opencl")
    cu = source.elementwise_source(e, "al_half", "al_half", (False,), 1, "cuda")
    for src in (cl, cu):
        assert f'#line {e.line} "{e.file}"\n{e.expr}\n' in src
    assert "__kernel void al_elementwise" in cl and "#pragma OPENCL" in cl
    assert '#define __kernel extern "C" __global__' in cu and "typedef float T;" in cu
    assert "typedef al_half S;" in cu and "__global const S* a0" in cu
    assert source.ctype("float16", "cuda") == "al_half" and source.ctype("float16") == "half"
    with pytest.raises(ValueError, match="unknown device source dialect 'hip'; valid: opencl, cuda"):
        source.reduction_source("sum", "float", 1, 1, "hip")


def test_every_float_op_has_a_kernel_in_each_dtype():
    entries = fusion_entries.builtin()
    names = {k.name for k in check.kernel_sources(entries)}
    for op, e in entries.items():
        for d in check.FLOATS:
            assert (f"{op}[{d}]" in names) == (d in e.dtypes)
    for kind in ("sum", "mean", "amax", "amin"):
        assert {f"reduce:{kind}[{d}]" for d in check.FLOATS} <= names


def test_ptxas_report_is_parsed():
    log = """ptxas info    : Compiling entry function 'al_reduce' for 'sm_90'
ptxas info    : Function properties for al_reduce
ptxas         .     0 bytes stack frame, 8 bytes spill stores, 12 bytes spill loads
ptxas info    : Used 40 registers, used 1 barriers"""
    assert compiler.registers(log) == {"al_reduce": (40, 8, 12)}
    assert compiler.yaml_errors('native_functions.yaml(57): error: identifier "x" is undefined') \
        == [("native_functions.yaml", 57, 'error: identifier "x" is undefined')]


@needs_compiler
def test_kernels_compile_with_registers_reported():
    entries = {op: e for op, e in fusion_entries.builtin().items()
               if op in ("add.Tensor", "sigmoid", "eq.Tensor")}
    lines = []
    assert check.run_check(entries, ("sm_80", "sm_90"), CC, out=lines.append,
                           err=lines.append) == 0
    assert lines[-1].startswith(f"ok: {len(check.kernel_sources(entries))} kernels x 2 archs")
    row = next(ln for ln in lines if "add.Tensor[float16]" in ln)
    assert "sm_80 al_elementwise" in row and "sm_90 al_elementwise" in row and " regs" in row


@needs_compiler
def test_a_broken_expression_names_its_yaml_line():
    e = fusion_entries.builtin()["sigmoid"]
    bad = {"sigmoid": dataclasses.replace(e, expr="sigmoid(self) + softplux(self)")}
    lines = []
    assert check.run_check(bad, ("sm_90",), CC, out=lines.append, err=lines.append) == 1
    want = f'{e.file}:{e.line}: sigmoid: error: identifier "softplux" is undefined'
    assert any(ln.startswith(want) for ln in lines), lines
    assert lines[-1].startswith("3 failure(s)")  # float32, float64, float16


@needs_compiler
def test_cli_cuda_check_compiles_one_ops_kernels():
    # Every kernel, for sm_80 and sm_90, is .ci/run's own step (`aten-lite-gen cuda --check`);
    # here the CLI's narrowing to one op, an overload and a fused group, and its refusal.
    every = check.kernel_sources(fusion_entries.builtin())
    for op in ("relu", "add.Tensor", "gelu+tanh+mul"):
        proc = subprocess.run([sys.executable, "-m", "tools.codegen", "cuda", "--check", op,
                               "--arch", "sm_90", "-j", "2"], cwd=ROOT, capture_output=True,
                              text=True, timeout=600)
        assert proc.returncode == 0, proc.stderr[-3000:]
        n = len(check.only_op(every, op))
        assert n >= 3 and f"ok: {n} kernels x 1 archs compiled" in proc.stdout, proc.stdout
    bad = subprocess.run([sys.executable, "-m", "tools.codegen", "cuda", "relux"], cwd=ROOT,
                         capture_output=True, text=True, timeout=600)
    assert bad.returncode == 2 and "no CUDA kernel for 'relux'; did you mean relu" in bad.stderr


@needs_compiler
def test_fused_kernels_of_compiled_graphs_compile():
    kernels = check.fused_sources(fusion_entries.builtin())
    assert {k.name for k in kernels} >= {f"fused:{name}[{d}]" for name, _, _ in check.FUSED
                                         for d in check.FLOATS}
    for k in kernels:
        built = CC.compile(k.source, "sm_90", f"{k.name}.cu", check.OPTIONS)
        assert built.cubin
        if not built.log and al.cuda.is_available():
            continue  # NVRTC 13.0 reports nothing once the driver is loaded (seen on an H200)
        regs = compiler.registers(built.log)
        assert set(regs) == {"al_fused"} and regs["al_fused"][1:] == (0, 0), \
            (k.name, regs, CC, built.log[:600])


def test_a_fused_float16_group_rounds_each_step_to_half_as_eager_does():
    # float16 is computed in float on CUDA; eager rounds every op's result to float16, so the
    # fused kernel must round between its steps too, or compiled and eager would differ
    from aten_lite.opencl import source
    table = fusion_entries.builtin()
    steps = [(table["mul.Tensor"], ("x0", "x0")), (table["exp"], ("v0",))]
    half = source.fused_elementwise_source(steps, "al_half", 1, [1], 1, "cuda")
    assert "const T v0 = (T)(S)(" in half and "const T v1 = (T)(S)(" in half
    single = source.fused_elementwise_source(steps, "float", 1, [1], 1, "cuda")
    assert "(T)(S)(" not in single


def test_cli_cuda_rejects_a_bad_arch():
    proc = subprocess.run([sys.executable, "-m", "tools.codegen", "cuda", "--check", "--arch",
                           "volta"], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 2 and "--arch 'volta' is not a GPU architecture" in proc.stderr


no_driver = pytest.mark.skipif(al.cuda.is_available(), reason="a CUDA GPU is present")


@no_driver
def test_without_a_driver_cuda_is_absent_and_says_what_to_install():
    assert al.cuda.is_available() is False and al.cuda.device_count() == 0
    x = al.ones(2)
    assert x.is_cuda is False
    for call in (lambda: al.device("cuda"), x.cuda, lambda: al.zeros(2, device="cuda:0"),
                 al.cuda.synchronize):
        with pytest.raises(al.cuda.CUDAUnavailableError) as e:
            call()
        msg = str(e.value)
        assert msg.startswith("device 'cuda' is not available: ")
        assert "libcuda.so.1" in msg and "pip install 'aten_lite[cuda]'" in msg
        assert "available devices: 'cpu', 'meta'" in msg
    assert isinstance(al.cuda.CUDAUnavailableError("x"), ValueError)


# ---- the device's host side without a GPU: every launch against its kernel's signature ----

import collections  # noqa: E402
import ctypes  # noqa: E402
import re  # noqa: E402

import numpy as np  # noqa: E402

from aten_lite.cuda import runtime  # noqa: E402


def _params(src: str, name: str) -> list[str]:
    m = re.search(rf"__kernel void {name}\((.*?)\)\s*{{", src, re.S)
    assert m, f"no kernel {name} in its source"
    return [p.strip() for p in m.group(1).split(",")]


def _expect(param: str, compute: str):
    if "*" in param:
        return runtime.Memory
    kind = param.replace("const ", "").split()[0]
    return {"long": ctypes.c_int64, "int": ctypes.c_int32,
            "T": ctypes.c_double if compute == "double" else ctypes.c_float}[kind]


class _SignatureChecked(runtime.CUDABackend):
    """CUDABackend with host memory and no driver: ``launch`` checks each argument's type
    against the rendered kernel's parameter, and the launch geometry; nothing computes."""

    def __init__(self) -> None:  # noqa: D401 (no driver to open)
        self.count, self.device_name, self.arch, self.max_group = 1, "signature check", \
            "sm_90", 1024
        self.fp64 = self.fp16 = True
        self.compiler = None
        self.cublas = _CheckedBlas()
        self._pool, self._functions = {}, {}
        self._launches = collections.deque(maxlen=8)
        self.counts = collections.Counter()
        self.host: dict = {}
        self.launched: list = []

    def alloc(self, nbytes):
        ptr = 4096 * (len(self.host) + 1)
        self.host[ptr] = np.zeros(max(nbytes, 1), np.uint8)
        return runtime.Memory(ptr, nbytes, None)

    def copy_in(self, store, at, data):
        self.host[store.ptr][at:at + data.size] = data

    def copy_out(self, store, at, n):
        return self.host[store.ptr][at:at + n].copy()

    def copy(self, dst, dst_at, src, src_at, n):
        self.host[dst.ptr][dst_at:dst_at + n] = self.host[src.ptr][src_at:src_at + n]

    def synchronize(self):
        pass

    def function(self, src, name):
        return (src, name)

    def launch(self, fn, label, grid, block, shared, args):
        src, name = fn
        compute = re.search(r"typedef (\w+) T;", src).group(1)
        params = _params(src, name)
        assert len(params) == len(args), (label, params, args)
        for p, a in zip(params, args):
            assert isinstance(a, _expect(p, compute)), (label, p, type(a).__name__)
        threads = int(np.prod(block))
        assert 1 <= threads <= 1024 and all(g >= 1 for g in grid), (label, grid, block)
        if "al_smem" in src:
            assert shared >= threads * (8 if compute == "double" else 4), (label, shared)
        self.launched.append(label)


class _CheckedBlas:
    N, T = 0, 1

    def __init__(self) -> None:
        self.calls = []

    def gemm(self, double, ta, tb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc, batch=1,
             sa=0, sb=0, sc=0):
        # column-major: op(A) is m x k, op(B) k x n, C m x n
        assert lda >= max(1, m if ta == self.N else k), ("lda", ta, m, k, lda)
        assert ldb >= max(1, k if tb == self.N else n), ("ldb", tb, k, n, ldb)
        assert ldc >= max(1, m) and batch >= 1
        self.calls.append((ta, tb, m, n, k, batch))


@pytest.fixture
def checked_cuda():
    if al.cuda.is_available():
        pytest.skip("a CUDA GPU is present: gpu_check.py runs the real device")
    from aten_lite.backends.devices import register_device
    from aten_lite.cuda import kernels
    b = _SignatureChecked()
    register_device(b)
    kernels.install(b)
    al.cuda._state["backend"] = b
    try:
        yield b
    finally:
        al.cuda._unregister()


def test_every_launch_matches_its_kernel_signature(checked_cuda):
    b = checked_cuda
    rng = np.random.default_rng(0)
    x = al.from_numpy(rng.standard_normal((6, 5)).astype(np.float32)).cuda()
    assert x.is_cuda and x.device == "cuda" and x.cuda() is x
    row = al.from_numpy(rng.standard_normal(6).astype(np.float32)).to("cuda")
    half = x.to(dtype=al.float16)
    for out in (x + 1.5, x.t() * row, al.add(x, x, alpha=2), x > 0, half.exp(), half * 2,
                x.to(dtype=al.float64).sigmoid(), x.sum(), x.mean(1), x.amax(0),
                half.sum(0), al.ones(40000, device="cuda").sum(), x.t().clone()):
        assert out.device == "cuda"
    w = al.from_numpy(rng.standard_normal((5, 3)).astype(np.float32)).cuda().requires_grad_()
    target = al.tensor([0, 2, 1, 0, 2, 1]).cuda()
    loss = al.nn.functional.cross_entropy(x @ w, target)
    loss.backward()
    assert w.grad.device == "cuda"
    al.bmm(x.reshape(2, 3, 5), w.detach().t().reshape(1, 3, 5).expand(2, 3, 5).transpose(1, 2))
    al.addmm(row[:3], x.t(), x[:, :3])
    for label in ("add.Tensor", "gt.Tensor", "exp", "sigmoid", "reduce:sum", "reduce:mean",
                  "reduce:amax", "log_softmax", "nll_loss", "_log_softmax_backward",
                  "_nll_loss_backward", "_copy_strided"):
        assert label in b.launched, (label, sorted(set(b.launched)))
    assert b.cublas.calls and any(c[5] == 2 for c in b.cublas.calls)  # mm, and bmm batched


class _FakeLib:
    """The driver calls a launch and a wait make, answered without a GPU: the launch's
    parameter array is read back; the wait reports an illegal address, as a bad kernel's."""

    def __init__(self) -> None:
        self.params = None

    def cuCtxSetCurrent(self, ctx):
        return 0

    def cuLaunchKernel(self, fn, gx, gy, gz, bx, by, bz, shared, stream, params, extra):
        self.params = (ctypes.c_uint64.from_address(params[0]).value,
                       ctypes.c_int64.from_address(params[1]).value,
                       ctypes.c_float.from_address(params[2]).value, (gx, gy, gz, bx, by, bz))
        return 0

    def cuStreamSynchronize(self, stream):
        return 700


class _FakeDriver:
    def __init__(self) -> None:
        self.lib = _FakeLib()

    def call(self, name, *args):
        assert getattr(self.lib, name)(*args) == 0

    def error(self, status, what):
        return runtime._driver.CudaError(f"{what}: an illegal memory access was encountered "
                                         f"(CUDA_ERROR_ILLEGAL_ADDRESS)", status)


def test_launch_packs_parameters_and_a_deferred_error_names_the_issuing_line():
    b = runtime.CUDABackend.__new__(runtime.CUDABackend)
    b.drv, b.ctx, b.stream = _FakeDriver(), None, None
    b._launches = collections.deque(maxlen=8)
    b.counts = collections.Counter()
    import threading
    b._thread = threading.local()
    mem = runtime.Memory(0xABC000, 512, None)
    b.launch("fn", "exp", (3,), (256,), 0, [mem, ctypes.c_int64(-5), ctypes.c_float(2.5)])
    line = sys._getframe().f_lineno - 1
    assert b.drv.lib.params == (0xABC000, -5, 2.5, (3, 1, 1, 256, 1, 1))
    with pytest.raises(runtime._driver.CudaError) as e:
        b.synchronize()
    msg = str(e.value)
    assert msg.startswith("cuStreamSynchronize: an illegal memory access was encountered")
    assert f"exp from {__file__}:{line}" in msg and e.value.code == 700
    b.drv.lib.cuStreamSynchronize = lambda stream: 0
    b.synchronize()  # the launches were reported once


def test_a_deferred_error_skips_the_dispatchers_generated_entries():
    """The dispatcher's fast entries are code made at run time (``<fast entry of exp>``) in its
    own module's globals: the line named is the user's call, not the entry (seen on an H200)."""
    b = runtime.CUDABackend.__new__(runtime.CUDABackend)
    b.drv, b.ctx, b.stream = _FakeDriver(), None, None
    b._launches = collections.deque(maxlen=8)
    b.counts = collections.Counter()
    import threading
    b._thread = threading.local()
    from aten_lite.dispatch import dispatcher
    entry = {"__name__": dispatcher.__name__}
    exec(compile("def entry(launch, *a):\n    launch(*a)\n", "<fast entry of exp>", "exec"), entry)
    mem = runtime.Memory(0xABC000, 512, None)
    entry["entry"](b.launch, "fn", "exp", (3,), (256,), 0, [mem, ctypes.c_int64(1), ctypes.c_float(1)])
    line = sys._getframe().f_lineno - 1
    with pytest.raises(runtime._driver.CudaError) as e:
        b.synchronize()
    assert f"exp from {__file__}:{line}" in str(e.value)


def test_a_compiled_function_launches_one_fused_kernel_per_group(checked_cuda):
    b = checked_cuda
    rng = np.random.default_rng(1)
    x = al.from_numpy(rng.standard_normal((6, 5)).astype(np.float32)).cuda()
    row = al.from_numpy(rng.standard_normal(5).astype(np.float32)).cuda()

    def chain(x, y):
        return ((x.t() * 2 + y[:, None]).relu().exp() - 1.0).sum(-1), (x * y).sigmoid() * (x > 0)

    f = al.compile(chain)
    for dtype in (al.float32, al.float64, al.float16):
        b.launched.clear()
        out = f(x.to(dtype=dtype), row.to(dtype=dtype))
        assert all(o.device == "cuda" and o.dtype == dtype for o in out)
        # three groups (the comparison's bool among its float operands), each one kernel,
        # the first's sum after it; every launch's signature is checked
        assert b.launched.count("fused") == 3 and "reduce:sum" in b.launched, b.launched
    assert f.stats["device_fused"] == 9 and f.stats["device_op_by_op"] == 0
    assert "[one kernel on cuda, then sum on cuda]" in str(f.graph(x, row))


def test_a_second_cuda_device_is_refused_by_name(checked_cuda):
    assert al.device("cuda:0") is al.device("cuda")
    with pytest.raises(ValueError) as e:
        al.device("cuda:1")
    assert str(e.value).startswith("device 'cuda:1' is not available: aten_lite computes on one "
                                   "CUDA device, 'cuda' (or 'cuda:0'); available devices: ")


def test_a_module_moves_to_the_device(checked_cuda):
    m = al.nn.Sequential(al.nn.Linear(5, 3), al.nn.ReLU())
    assert m.cuda() is m and all(p.is_cuda for p in m.parameters())
    before = len(checked_cuda.cublas.calls)
    out = m(al.ones(2, 5).cuda())
    assert out.device == "cuda" and len(checked_cuda.cublas.calls) == before + 1  # the addmm


class _CountingCompiler:
    name = "fake NVRTC 0.0"

    def __init__(self) -> None:
        self.calls = 0

    def compile(self, source, arch, filename, options):
        self.calls += 1
        return compiler.Compiled(b"CUBIN:" + source.encode() + arch.encode(), "")


def _cache_backend():
    b = runtime.CUDABackend.__new__(runtime.CUDABackend)
    b.arch, b.compiler = "sm_90", _CountingCompiler()
    b.counts = collections.Counter()
    return b


def test_cubins_are_cached_on_disk_privately_by_content_hash(tmp_path, monkeypatch):
    import os
    import stat
    monkeypatch.setenv("AL_CACHE_DIR", str(tmp_path / "cache"))
    first = _cache_backend()
    cubin = first._cubin("kernel source")
    assert cubin == b"CUBIN:kernel sourcesm_90" and first.compiler.calls == 1
    folder = tmp_path / "cache" / "cuda"
    (path,) = folder.glob("*.cubin")
    assert stat.S_IMODE(os.stat(folder).st_mode) == 0o700
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600
    again = _cache_backend()  # another process: loaded from disk, not compiled
    assert again._cubin("kernel source") == cubin and again.compiler.calls == 0
    assert again.counts["cache_hits"] == 1
    other = _cache_backend()
    other.arch = "sm_80"  # another arch (or source, compiler, options): another file
    other._cubin("kernel source")
    assert other.compiler.calls == 1 and len(list(folder.glob("*.cubin"))) == 2
    path.write_bytes(path.read_bytes()[:-3])  # truncated: compiled again, never loaded
    damaged = _cache_backend()
    assert damaged._cubin("kernel source") == cubin and damaged.compiler.calls == 1
    os.chmod(folder, 0o777)  # others could have written it: refused, naming the folder
    with pytest.raises(Exception, match="aten_lite CUDA kernel cache") as e:
        _cache_backend()._cubin("kernel source")
    assert str(folder) in str(e.value)

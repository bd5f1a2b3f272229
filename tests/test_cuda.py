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
def test_cli_cuda_check_compiles_every_kernel():
    proc = subprocess.run([sys.executable, "-m", "tools.codegen", "cuda", "--check", "--arch",
                           "sm_90", "-j", "2"], cwd=ROOT, capture_output=True, text=True,
                          timeout=600)
    assert proc.returncode == 0, proc.stderr[-3000:]
    n = len(check.kernel_sources(fusion_entries.builtin()))
    assert f"ok: {n} kernels x 1 archs compiled" in proc.stdout


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

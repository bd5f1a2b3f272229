"""Compiling CUDA C++ kernels: NVRTC through ctypes (the ``nvidia-cuda-nvrtc`` wheel of the
``cuda`` extra, or a CUDA toolkit's libnvrtc), else the toolkit's ``nvcc`` (Note [CUDA
compilers]).

Note [CUDA compilers]
Both compile one translation unit for one ``sm_XX`` into a cubin and return ptxas's verbose
report beside it (``--ptxas-options=-v``: registers, spill stores and loads per kernel), which
``registers`` parses. Neither needs a GPU or a driver: ``aten-lite-gen cuda --check`` runs on
any machine with one of them, and the device compiles with the same call at first use.
Diagnostics carry the ``#line`` locations the generator writes, so an error in an
``elementwise:`` expression reads ``native_functions.yaml(412): error: ...``; ``yaml_errors``
turns those into ``native_functions.yaml:412: error: ...`` lines.
"""

from __future__ import annotations

import ctypes
import glob
import os
import re
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

__all__ = ["CompileError", "Compiled", "find_compiler", "registers", "yaml_errors",
           "wheel_library", "MISSING"]

MISSING = ("pip install 'aten_lite[cuda]' (NVRTC, the CUDA runtime and cuBLAS wheels), or "
           "put a CUDA toolkit's nvcc on PATH")


class CompileError(RuntimeError):
    """A CUDA kernel did not compile; ``log`` is the compiler's output."""

    def __init__(self, message: str, log: str) -> None:
        super().__init__(message)
        self.log = log


@dataclass(frozen=True)
class Compiled:
    cubin: bytes
    log: str  # ptxas's verbose report (and any warnings)


def wheel_library(stem: str) -> str | None:
    """The path of ``lib<stem>.so.*`` from NVIDIA's pip wheels (``nvidia/cu*/lib`` or
    ``nvidia/<pkg>/lib`` on sys.path), else None."""
    for base in sys.path:
        for pattern in (f"nvidia/cu*/lib/lib{stem}.so*", f"nvidia/*/lib/lib{stem}.so*"):
            hits = sorted(p for p in glob.glob(os.path.join(base or ".", pattern))
                          if re.search(rf"lib{stem}\.so(\.\d+)*$", p))
            if hits:
                return hits[-1]
    return None


def _toolkit_dirs() -> list[Path]:
    dirs = [os.environ.get("CUDA_HOME"), os.environ.get("CUDA_PATH"), "/usr/local/cuda"]
    return [Path(d) for d in dirs if d] + sorted(Path("/usr/local").glob("cuda-*"), reverse=True)


class Nvrtc:
    """NVRTC loaded with ctypes from ``path``."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.lib = ctypes.CDLL(path)
        major, minor = ctypes.c_int(), ctypes.c_int()
        self.lib.nvrtcVersion(ctypes.byref(major), ctypes.byref(minor))
        self.version = f"{major.value}.{minor.value}"
        self.lib.nvrtcGetErrorString.restype = ctypes.c_char_p

    @property
    def name(self) -> str:
        return f"NVRTC {self.version} ({self.path})"

    def compile(self, source: str, arch: str, filename: str = "kernel.cu",
                options: tuple[str, ...] = ()) -> Compiled:
        lib = self.lib
        prog = ctypes.c_void_p()
        self._ok(lib.nvrtcCreateProgram(ctypes.byref(prog), source.encode(), filename.encode(),
                                        0, None, None), "nvrtcCreateProgram")
        try:
            opts = [f"--gpu-architecture={arch}", "--ptxas-options=-v", "--std=c++17",
                    *options]
            arr = (ctypes.c_char_p * len(opts))(*[o.encode() for o in opts])
            status = lib.nvrtcCompileProgram(prog, len(opts), arr)
            size = ctypes.c_size_t()
            lib.nvrtcGetProgramLogSize(prog, ctypes.byref(size))
            buf = ctypes.create_string_buffer(size.value)
            lib.nvrtcGetProgramLog(prog, buf)
            log = buf.value.decode(errors="replace")
            if status != 0:
                raise CompileError(f"NVRTC could not compile {filename} for {arch}", log)
            self._ok(lib.nvrtcGetCUBINSize(prog, ctypes.byref(size)), "nvrtcGetCUBINSize")
            cubin = ctypes.create_string_buffer(size.value)
            self._ok(lib.nvrtcGetCUBIN(prog, cubin), "nvrtcGetCUBIN")
            return Compiled(cubin.raw, log)
        finally:
            lib.nvrtcDestroyProgram(ctypes.byref(prog))

    def _ok(self, status: int, what: str) -> None:
        if status != 0:
            raise CompileError(f"{what} failed: {self.lib.nvrtcGetErrorString(status).decode()}",
                               "")


class Nvcc:
    """A CUDA toolkit's ``nvcc`` (``nvcc -cubin -Xptxas -v``)."""

    def __init__(self, path: str) -> None:
        self.path = path
        out = subprocess.run([path, "--version"], capture_output=True, text=True).stdout
        m = re.search(r"release ([\d.]+)", out)
        self.version = m.group(1) if m else "?"

    @property
    def name(self) -> str:
        return f"nvcc {self.version} ({self.path})"

    def compile(self, source: str, arch: str, filename: str = "kernel.cu",
                options: tuple[str, ...] = ()) -> Compiled:
        with tempfile.TemporaryDirectory(prefix="al-nvcc-") as tmp:
            src = Path(tmp, Path(filename).name)
            src.write_text(source)
            out = Path(tmp, "k.cubin")
            opts = [o.replace("--fmad=false", "-fmad=false") for o in options]
            proc = subprocess.run([self.path, "-cubin", f"-arch={arch}", "-Xptxas", "-v",
                                   "-std=c++17", *opts, "-o", str(out), str(src)],
                                  capture_output=True, text=True)
            log = proc.stdout + proc.stderr
            if proc.returncode != 0:
                raise CompileError(f"nvcc could not compile {filename} for {arch}", log)
            return Compiled(out.read_bytes(), log)


def find_compiler(prefer: str | None = None):
    """An Nvrtc (the wheel's, else a toolkit's) or an Nvcc, else None. ``prefer``: "nvrtc"
    or "nvcc" to take only that one."""
    if prefer not in (None, "nvrtc", "nvcc"):
        raise ValueError(f"unknown CUDA compiler {prefer!r}; valid: nvrtc, nvcc")
    if prefer in (None, "nvrtc"):
        candidates = [wheel_library("nvrtc")]
        for d in _toolkit_dirs():
            candidates += sorted(glob.glob(str(d / "lib64" / "libnvrtc.so*")))
        for path in candidates:
            if path and os.path.exists(path):
                try:
                    return Nvrtc(path)
                except OSError:
                    continue
    if prefer in (None, "nvcc"):
        found = shutil.which("nvcc")
        if not found:
            found = next((str(d / "bin" / "nvcc") for d in _toolkit_dirs()
                          if (d / "bin" / "nvcc").exists()), None)
        if found:
            return Nvcc(found)
    return None


_FUNCTION = re.compile(r"(?:Compiling entry function|Function properties for) '?(\w+)'?")
_SPILL = re.compile(r"(\d+) bytes spill stores, (\d+) bytes spill loads")
_REGS = re.compile(r"Used (\d+) registers")


def registers(log: str) -> dict[str, tuple[int, int, int]]:
    """kernel name -> (registers, spill store bytes, spill load bytes) from ptxas -v."""
    out: dict = {}
    current = None
    spills = (0, 0)
    for line in log.splitlines():
        m = _FUNCTION.search(line)
        if m:
            current = m.group(1)
            continue
        m = _SPILL.search(line)
        if m:
            spills = (int(m.group(1)), int(m.group(2)))
            continue
        m = _REGS.search(line)
        if m and current:
            out[current] = (int(m.group(1)), *spills)
            spills = (0, 0)
    return out


_DIAGNOSTIC = re.compile(r'^"?(?P<file>[^"\s(]+\.yaml)"?\((?P<line>\d+)\): (?P<msg>.*)$',
                         re.MULTILINE)


def yaml_errors(log: str) -> list[tuple[str, int, str]]:
    """(file, line, message) of each diagnostic in ``log`` located in a YAML file (the
    ``#line`` of a generated expression)."""
    return [(m.group("file"), int(m.group("line")), m.group("msg").strip())
            for m in _DIAGNOSTIC.finditer(log)]

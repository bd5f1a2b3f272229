"""Every CUDA kernel the device can generate, compiled ahead of time without a GPU: what
``aten-lite-gen cuda --check`` runs (docs/CUDA.md, "Checking the kernels").

The kernels are those of the OpenCL device's generator in its CUDA dialect (Note [One
generator, two dialects] in aten_lite/opencl/source.py): each functional ``elementwise:`` op
of the fusion table in each of its floating dtypes (float32, float64, float16 as ``al_half``),
over two strided dimensions (the broadcasting path), the four reductions as block trees, and
the log_softmax, nll_loss and matrix-product kernels, and a few fused groups of compiled
graphs (``FUSED``). Each is compiled for every requested
``sm_XX``; a failure is reported at the YAML line of the expression when the compiler's
diagnostic lies there (``native_functions.yaml:412: softplus: error: ...``), else at the
generated source's line.
"""

from __future__ import annotations

import dataclasses
import time
from concurrent.futures import ThreadPoolExecutor

from ..opencl import source as _source
from . import compiler as _compiler

__all__ = ["KernelSource", "kernel_sources", "fused_sources", "run_check", "ARCHS", "FLOATS",
           "FUSED"]

ARCHS = ("sm_80", "sm_90")
FLOATS = ("float32", "float64", "float16")
# nvcc and NVRTC contract a * b + c into an fma by default; the CPU kernels do not, and neither
# does the OpenCL source (FP_CONTRACT OFF): keep the devices' roundings alike
OPTIONS = ("--fmad=false",)


@dataclasses.dataclass(frozen=True)
class KernelSource:
    name: str  # "softplus[float32]", "reduce:sum[float16]"
    loc: str  # where it comes from: "native_functions.yaml:412" or "aten_lite/opencl/source.py"
    op: str
    source: str


def _result_type(entry, dtype: str) -> str:
    return "bool" if entry.type_promotion == "always_bool" else dtype


def kernel_sources(entries: dict, floats=FLOATS) -> list[KernelSource]:
    """The CUDA source of every kernel the device generates (entries: op -> fusion Entry)."""
    out = []
    for op, e in entries.items():
        for d in floats:
            if d not in e.dtypes:
                continue
            t = _source.ctype(d, "cuda")
            r = _source.ctype(_result_type(e, d), "cuda")
            src = _source.elementwise_source(e, t, r, (False,) * len(e.tensors), 2, "cuda")
            out.append(KernelSource(f"{op}[{d}]", e.loc, op, src))
    here = "aten_lite/opencl/source.py"
    for kind in ("sum", "mean", "amax", "amin"):
        for d in floats:
            t = _source.ctype(d, "cuda")
            out.append(KernelSource(f"reduce:{kind}[{d}]", here, kind,
                                    _source.reduction_source(kind, t, 1, 1, "cuda")))
    for d in ("float32", "float64"):
        t = _source.ctype(d, "cuda")
        out.append(KernelSource(f"log_softmax[{d}]", here, "log_softmax",
                                _source.log_softmax_source(t, "cuda")))
        out.append(KernelSource(f"nll_loss[{d}]", here, "nll_loss",
                                _source.nll_loss_source(t, "cuda")))
        out.append(KernelSource(f"matmul[{d}]", here, "mm",
                                _source.matmul_source(t, True, "cuda")))
    out += fused_sources(entries, floats)
    return out


# Fused groups as al.compile makes them on a device (Note [Fused device kernels] in
# aten_lite/opencl/source.py): (name, steps as (op, its arguments: ("in", i), ("step", j) or
# a number), the steps written out). The first is benchmarks/bench_opencl.py's chain.
FUSED = (
    ("mul+add+relu+exp+sub", (("mul.Tensor", (("in", 0), 2)),
                              ("add.Tensor", (("step", 0), ("in", 1), 1)),
                              ("relu", (("step", 1),)), ("exp", (("step", 2),)),
                              ("sub.Tensor", (("step", 3), 1.0, 1))), (4,)),
    ("gelu+tanh+mul", (("gelu", (("in", 0),)), ("tanh", (("step", 0),)),
                       ("mul.Tensor", (("step", 1), ("in", 1)))), (0, 2)),
    ("sub+sigmoid+mul+add", (("sub.Tensor", (("in", 0), ("in", 1), 1)),
                         ("sigmoid", (("step", 0),)),
                         ("mul.Tensor", (("step", 1), float("inf"))),
                         ("add.Tensor", (("step", 2), float("nan"), 1))), (3,)),
    ("gt+logical_and+mul", (("gt.Tensor", (("in", 0), ("in", 1))),
                            ("logical_and", (("step", 0), ("in", 0))),
                            ("mul.Tensor", (("step", 1), ("in", 1)))), (1, 2)),
)


def fused_sources(entries: dict, floats=FLOATS, ndim: int = 2) -> list[KernelSource]:
    """The CUDA source of the ``FUSED`` groups whose ops are all in ``entries``, in each
    float dtype, over ``ndim`` strided dimensions."""
    out = []
    for name, steps, written in FUSED:
        if not all(op in entries for op, _ in steps):
            continue
        rendered = []
        for op, args in steps:
            e = entries[op]
            exprs = tuple(f"x{a[1]}" if isinstance(a, tuple) and a[0] == "in" else
                          f"v{a[1]}" if isinstance(a, tuple) else _source.literal(a, "cuda")
                          for a in args)
            rendered.append((e, exprs))
        ninputs = 1 + max(a[1] for _, args in steps for a in args
                          if isinstance(a, tuple) and a[0] == "in")
        bools = tuple(j for j, (op, _) in enumerate(steps)
                      if entries[op].type_promotion == "always_bool")
        for d in floats:
            src = _source.fused_elementwise_source(rendered, _source.ctype(d, "cuda"),
                                                   ninputs, written, ndim, "cuda", (), bools)
            out.append(KernelSource(f"fused:{name}[{d}]", entries[steps[0][0]].loc,
                                    name, src))
    return out


def only_op(kernels: list[KernelSource], op: str) -> list[KernelSource]:
    """The kernels of one op: ``relu``, ``add`` (every overload) or ``add.Tensor``; a fused
    group by its name (``gelu+tanh+mul``). Empty when none matches."""
    return [k for k in kernels if k.op == op or k.op.split(".")[0] == op]


def _failure(k: KernelSource, arch: str, err: _compiler.CompileError) -> list[str]:
    located = _compiler.yaml_errors(err.log)
    if located:
        return [f"{f}:{line}: {k.op}: {msg} [{k.name}, {arch}]" for f, line, msg in located]
    first = next((ln for ln in err.log.splitlines() if "error" in ln), str(err))
    return [f"{k.loc}: {k.op}: {first.strip()} [{k.name}, {arch}]"]


def run_check(entries: dict, archs=ARCHS, compiler=None, jobs: int = 2, out=print,
              err=print, kernels: list[KernelSource] | None = None) -> int:
    """Compile every kernel (or ``kernels``) for every arch, print one line per kernel
    (registers and spills per arch) and a summary; 0 when all compiled, 1 naming each
    failure's YAML line, 2 when no compiler is found."""
    cc = compiler or _compiler.find_compiler()
    if cc is None:
        err(f"aten-lite-gen cuda: no CUDA compiler found (neither NVRTC nor nvcc); "
            f"{_compiler.MISSING}")
        return 2
    kernels = kernel_sources(entries) if kernels is None else kernels
    out(f"compiling {len(kernels)} CUDA kernels for {', '.join(archs)} with {cc.name}")
    t0 = time.perf_counter()
    jobs_list = [(k, a) for k in kernels for a in archs]

    def build(job):
        k, arch = job
        try:
            return job, cc.compile(k.source, arch, f"{k.name}.cu", OPTIONS), None
        except _compiler.CompileError as exc:
            return job, None, exc

    with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        results = list(pool.map(build, jobs_list))
    failures: list[str] = []
    rows: dict = {}
    for (k, arch), compiled, exc in results:
        if exc is not None:
            failures += _failure(k, arch, exc)
            continue
        regs = _compiler.registers(compiled.log)
        # NVRTC 13.0 leaves the ptxas report empty once the CUDA driver is loaded in the
        # process (seen on an H200): the kernel compiled, its registers are unknown
        rows.setdefault(k.name, []).append(
            f"{arch} " + (", ".join(f"{fn} {r} regs, spill {s}/{ld} B" for fn, (r, s, ld)
                                    in sorted(regs.items())) or "no ptxas report"))
    for k in kernels:
        if k.name in rows:
            out(f"  {k.name:<40} {'; '.join(rows[k.name])}")
    spilled = sum(1 for (k, a), c, e in results if c is not None and
                  any(s or ld for _, s, ld in _compiler.registers(c.log).values()))
    took = time.perf_counter() - t0
    if failures:
        for line in failures:
            err(line)
        err(f"{len(failures)} failure(s); {len(kernels)} kernels x {len(archs)} archs "
            f"({took:.1f} s)")
        return 1
    out(f"ok: {len(kernels)} kernels x {len(archs)} archs compiled ({len(jobs_list)} "
        f"cubins, {spilled} with spills) in {took:.1f} s")
    return 0

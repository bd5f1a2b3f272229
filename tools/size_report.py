"""The largest modules and functions of the runtime and the generator, so that growth stays
visible (house style: modules around 400 lines, functions around 40). Printed at the end of
every whole-suite pytest run (``tests/conftest.py``) and by ``python -m tools.size_report``.

    >>> print(report(Path("."), top=1))  # doctest: +SKIP
    size report (aten_lite/, tools/codegen/; style: modules ~400 lines, functions ~40)
    largest modules (lines):
       728  tools/codegen/model.py
    largest functions (lines):
       101  aten_lite/backends/cpu/elementwise.py:46 make_elementwise
"""

from __future__ import annotations

import ast
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

TREES = ("aten_lite", "tools/codegen")  # hand-written Python; generated/ is not ours to trim
TOP = 10

# Note [Size budgets]
# The runtime in groups, each with a budget of lines. The core is what one dense op's journey
# reads (docs/READING.md): the vocabulary, Tensor, the kernel rules and core shape rules,
# dispatch, the CPU kernels of the elementwise and reduction families, and the autograd engine
# with its nodes and formulas. Views, copies, the factories, printing and the Meta backend are
# the next read ("more ops"), not the core. The other groups are optional: a reader of the
# core can skip them, and each could go without the core changing. A file belongs to the first
# group whose pattern matches it (a folder pattern ends in '/'); a group over its budget is
# flagged in the report and fails tests/test_size_report.py, so growth is a decision.
GROUPS: tuple[tuple[str, int, tuple[str, ...]], ...] = (
    # Observing a run, and running kernels behind the caller: both optional, both off by default.
    ("the profiler (events, tables, Chrome traces)", 1200, (
        "aten_lite/profiler/", "aten_lite/vocab/profiling.py",
        "aten_lite/dispatch/profile_mode.py")),
    ("asynchronous execution (the instruction stream and its Python switch)", 1400, (
        "aten_lite/frontend/async_execution.py", "aten_lite/rules/stream_products.py",
        "aten_lite/csrc/instruction_stream.cpp",
        "aten_lite/csrc/instruction_stream.h")),
    ("core", 6200, (
        "aten_lite/__init__.py", "aten_lite/_ops.py",
        "aten_lite/vocab/__init__.py", "aten_lite/vocab/dtype.py", "aten_lite/vocab/device.py",
        "aten_lite/vocab/grad_mode.py", "aten_lite/vocab/trace.py",
        "aten_lite/vocab/registry_record.py", "aten_lite/vocab/dispatch_keys.py",
        "aten_lite/tensors/__init__.py", "aten_lite/tensors/tensor.py",
        "aten_lite/rules/__init__.py", "aten_lite/rules/kernel_rules.py",
        "aten_lite/rules/shapes/__init__.py", "aten_lite/rules/shapes/core.py",
        "aten_lite/dispatch/",
        "aten_lite/backends/__init__.py", "aten_lite/backends/cpu/__init__.py",
        "aten_lite/backends/cpu/elementwise.py", "aten_lite/backends/cpu/reductions.py",
        "aten_lite/autograd/__init__.py", "aten_lite/autograd/engine.py",
        "aten_lite/autograd/node.py", "aten_lite/autograd/kernel.py",
        "aten_lite/autograd/formulas.py", "aten_lite/autograd/_formulas_direct.py", "aten_lite/autograd/grad_mode.py",
        "aten_lite/frontend/__init__.py", "aten_lite/frontend/tensor_surface.py",
    )),
    ("sparse", 1600, ("aten_lite/tensors/sparse_tensor.py", "aten_lite/backends/sparse/",
                      "aten_lite/backends/coo.py", "aten_lite/sparse.py")),
    ("forward mode and func", 900, ("aten_lite/autograd/forward_ad.py", "aten_lite/func.py")),
    ("function transforms (vmap and its batching rules, autograd.functional)", 1500, (
        "aten_lite/transforms/",)),
    ("op libraries", 1100, ("aten_lite/frontend/oplib.py", "aten_lite/library.py",
                            "aten_lite/vocab/library_kernels.py", "aten_lite/vocab/jit_cache.py",
                            "aten_lite/vocab/checkout.py", "aten_lite/vocab/manifest.py")),
    # +160 for the fused attention op (its kernels' Python side, shape rules and formulas);
    # +30 for the recurrent layers' products through mm's choice of kernel (_dot)
    # +40: attention's packed gradients joined by split's backward as a view (joined_view),
    # an LSTM's two weight gradients from one product (_beside_previous)
    ("layers beyond the MLP (convolution, pooling, recurrent, attention)", 4270, (
        "aten_lite/nn/convolution.py", "aten_lite/nn/pooling.py", "aten_lite/nn/attention.py",
        "aten_lite/nn/transformer.py", "aten_lite/backends/cpu/convolution.py",
        "aten_lite/rules/shapes/conv.py", "aten_lite/nn/recurrent.py",
        "aten_lite/nn/utils/rnn.py", "aten_lite/backends/cpu/attention.py",
        "aten_lite/rules/shapes/attention.py", "aten_lite/autograd/_formulas_attention.py")),
    ("checkpoints", 1600, ("aten_lite/serialization/",)),
    ("linear algebra (LAPACK factorisations and solves)", 1200, (
        "aten_lite/linalg/", "aten_lite/rules/shapes/linalg.py",
        "aten_lite/autograd/_formulas_linalg.py")),
    ("probability distributions (torch.distributions)", 1800, ("aten_lite/distributions/",)),
    ("data parallel", 1000, ("aten_lite/distributed/", "aten_lite/nn/parallel.py")),
    # The layers of nn/modules/{activation,batchnorm,dropout,normalization}.py are defined
    # there (not re-exported shims), so they count here, not in torch's surface below.
    ("activations, normalizations and dropouts of torch.nn", 1200, (
        "aten_lite/nn/activations.py", "aten_lite/nn/normalization.py",
        "aten_lite/nn/dropout.py", "aten_lite/nn/norm_base.py",
        "aten_lite/nn/modules/instancenorm.py",
        *(f"aten_lite/nn/modules/{m}.py" for m in (
            "activation", "batchnorm", "dropout", "normalization")))),
    ("the CUDA device (NVRTC, the driver API, cuBLAS, kernels from the YAML's expressions)", 1100, (
        *(f"aten_lite/cuda/{m}.py" for m in ("__init__", "check", "compiler", "driver",
                                              "kernels", "runtime")),)),
    ("torch's surface for GPU-ready programs (amp, CUDA switches, torch's import paths)", 700, (
        "aten_lite/amp/", "aten_lite/cuda/", "aten_lite/backends/cuda.py",
        "aten_lite/backends/cudnn.py", "aten_lite/backends/mps.py", "aten_lite/nn/parameter.py",
        *(f"aten_lite/utils/data/{m}.py" for m in ("dataloader", "dataset", "sampler",
                                                    "distributed")),
        *(f"aten_lite/nn/modules/{m}.py" for m in (
            "container", "distance", "flatten", "fold", "module", "padding", "pooling",
            "upsampling")))),
    # The rest of torch.nn's breadth: the losses beyond the MLP's, the shuffles, grids,
    # embedding bags, bilinear and lazy layers, and the modules defined with them.
    ("losses, shuffles, grids, embedding bags and lazy layers of torch.nn", 2200, (
        "aten_lite/nn/_functional_losses.py", "aten_lite/nn/_functional_layers.py",
        "aten_lite/nn/_functional_grids.py", "aten_lite/nn/_functional_more.py",
        "aten_lite/nn/loss.py",
        *(f"aten_lite/nn/modules/{m}.py" for m in (
            "conv", "linear", "loss", "sparse", "pixelshuffle", "channelshuffle", "adaptive",
            "lazy")))),
    ("nn", 2100, ("aten_lite/nn/",)),
    ("optimizers and schedulers beyond SGD/Adam (the rest of torch.optim, LBFGS)", 1300, (
        "aten_lite/optim/more_optimizers.py", "aten_lite/optim/more_schedulers.py",
        "aten_lite/optim/lbfgs.py")),
    ("optim", 730, ("aten_lite/optim/",)),  # Adam's fused update path
    # The backend API: the record every backend registers, CPU's as a device package's.
    ("the backend API (every backend's record; devices registered from outside)", 720, (
        "aten_lite/backends/records.py", "aten_lite/backends/devices.py",
        "aten_lite/utils/backend_registration.py")),
    # the host side of the generated kernels that CUDA shares (opencl/device_kernels.py) is here;
    # +100 for what the GPU run asked for: typed launch arguments, planned elementwise calls,
    # link-time errors located at their YAML line
    ("the OpenCL device (kernels generated from the YAML's expressions)", 2330, (
        "aten_lite/opencl/",)),
    ("data", 500, ("aten_lite/utils/",)),
    ("graph mode's pictures and shape-generic replays", 1000, (
        "aten_lite/compile/render.py", "aten_lite/compile/symbolic.py")),
    # +50 for the remembered toolchain: a warm first call runs no compiler (Note [Remembered
    # toolchains] in compile/kernels_cache.py); +30 for vocab/user_code.py, the one rule for
    # the user's line that graph mode, the devices and the profiler each walked frames for
    ("graph mode", 7480, ("aten_lite/compile/", "aten_lite/vocab/user_code.py")),
    # +50: layer_norm's shape rules moved out of the core (rules/shapes/normalization.py), with
    # the weight gradient's op beside them; +20: `_linear`'s kernel (nn.functional.linear as one
    # op); +120: layer_norm's three gradients from one kernel (the formula helper, the op's CPU
    # function and shape rule: a transformer's LayerNorm backward in ~0.7x the time)
    ("more ops (other families, views, factories, Meta, indexing, random)", 7250, ("aten_lite/",)),
    ("generator", 9500, ("tools/codegen/",)),
)


@dataclass(frozen=True)
class Group:
    name: str
    budget: int
    lines: int
    files: tuple[str, ...]


def group_of(path: str) -> str:
    """The name of the group ``path`` (relative to the root, with '/') belongs to."""
    for name, _, patterns in GROUPS:
        if any(path.startswith(p) if p.endswith("/") else path == p for p in patterns):
            return name
    raise ValueError(f"{path}: in no group of tools/size_report.py's GROUPS")


def groups(root: Path) -> list[Group]:
    """Every group of GROUPS with the lines of its files, in GROUPS' order."""
    files: dict[str, list[Sized]] = {name: [] for name, _, _ in GROUPS}
    for s in modules(root):
        files[group_of(s.where)].append(s)
    return [Group(name, budget, sum(s.lines for s in files[name]),
                  tuple(s.where for s in files[name])) for name, budget, _ in GROUPS]


@dataclass(frozen=True)
class Sized:
    lines: int
    where: str  # 'tools/codegen/model.py', or 'aten_lite/dispatch/dispatcher.py:80 OpHandle.__init__'


def modules(root: Path) -> list[Sized]:
    """Every ``.py`` file of the trees with its line count, largest first."""
    found = [Sized(len(path.read_text(encoding="utf-8").splitlines()),
                   path.relative_to(root).as_posix()) for path in _files(root)]
    return sorted(found, key=lambda s: (-s.lines, s.where))


def functions(root: Path) -> list[Sized]:
    """Every function and method of the trees (nested ones too) with its line count, from
    ``def`` (decorators excluded) to its last line, largest first."""
    found = []
    for path in _files(root):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        rel = path.relative_to(root).as_posix()
        for qualname, node in _defs(tree.body, ""):
            end = node.end_lineno or node.lineno
            found.append(Sized(end - node.lineno + 1, f"{rel}:{node.lineno} {qualname}"))
    return sorted(found, key=lambda s: (-s.lines, s.where))


def _files(root: Path) -> list[Path]:
    return sorted(p for tree in TREES for p in (root / tree).rglob("*.py")
                  if "__pycache__" not in p.parts)


def _defs(body: list[ast.stmt],
          prefix: str) -> Iterator[tuple[str, ast.FunctionDef | ast.AsyncFunctionDef]]:
    for node in body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            yield prefix + node.name, node
            yield from _defs(node.body, f"{prefix}{node.name}.")
        elif isinstance(node, ast.ClassDef):
            yield from _defs(node.body, f"{prefix}{node.name}.")
        else:  # defs inside if/try/with blocks at any level
            for field in ("body", "orelse", "finalbody", "handlers"):
                inner = getattr(node, field, None)
                if isinstance(inner, list):
                    stmts = [s for s in inner if isinstance(s, ast.stmt)]
                    stmts += [s for h in inner if isinstance(h, ast.ExceptHandler)
                              for s in h.body]
                    yield from _defs(stmts, prefix)


def report(root: Path, top: int = TOP) -> str:
    lines = [f"size report ({', '.join(t + '/' for t in TREES)}; style: modules ~400 lines, "
             "functions ~40)", "largest modules (lines):"]
    lines += [f"  {s.lines:>4}  {s.where}" for s in modules(root)[:top]]
    lines.append("largest functions (lines):")
    lines += [f"  {s.lines:>4}  {s.where}" for s in functions(root)[:top]]
    lines.append("groups (lines / budget, Note [Size budgets]):")
    for g in groups(root):
        flag = "  OVER BUDGET" if g.lines > g.budget else ""
        lines.append(f"  {g.lines:>5} / {g.budget:>5}  {g.name}{flag}")
    lines.append(f"  generated: {generated_per_entry(root):.1f} lines per YAML entry")
    return "\n".join(lines)


def generated_per_entry(root: Path) -> float:
    """All of generated/ (Python and C++) over the number of `- func:` entries of the YAML."""
    total = sum(len(p.read_text(encoding="utf-8").splitlines())
                for p in sorted((root / "generated").rglob("*")) if p.is_file()
                and "__pycache__" not in p.parts and p.suffix in (".py", ".cpp", ".h"))
    native = (root / "native_functions.yaml").read_text(encoding="utf-8")
    entries = sum(1 for line in native.splitlines() if line.startswith("- func:"))
    return total / max(entries, 1)


if __name__ == "__main__":
    print(report(Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parents[1]))

"""Run aten_lite's benchmarks next to NumPy and torch and write benchmarks/RESULTS.md.

    python benchmarks/run.py                  # every section (about 2 minutes)
    python benchmarks/run.py --quick          # shorter timings, for a smoke test
    python benchmarks/run.py --only ops       # one section: codegen, ops, build, autograd, sparse,
                                              # nn, func, library, compile, breaks, interop
    python benchmarks/run.py --only ops --match "sum"   # the rows whose case mentions "sum"
    python benchmarks/run.py --install        # also time a clean `pip install -e .` (slow)

Everything runs on one thread unless a row says otherwise: OPENBLAS_NUM_THREADS=1 is set before
NumPy loads its BLAS, and aten_lite and torch are told set_num_threads(1). glibc's malloc is
set to keep freed blocks, so peers are timed in their steady state (Note [Peers' heap] in
harness.py; sections measured before 2026-11-29 ran without it). Each table has the peers
measured in the same run, the target each row must meet and whether it does. A full
run rewrites RESULTS.md; ``--only`` replaces just that section there; ``--match`` and
``--quick`` print without writing (partial or rough figures should not stand as the results).
"""

from __future__ import annotations

import os

# Before NumPy (and torch) load their BLAS and thread pools.
for _var in ("OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ[_var] = "1"

import argparse  # noqa: E402
import datetime  # noqa: E402
import platform  # noqa: E402
import re  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402
import traceback  # noqa: E402
from pathlib import Path  # noqa: E402

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(ROOT))  # the checkout's aten_lite, not an installed copy

import numpy as np  # noqa: E402

from harness import steady_heap, table  # noqa: E402

steady_heap()  # Note [Peers' heap] in harness.py

SECTIONS = ("codegen", "ops", "build", "autograd", "sparse", "nn", "func", "library",
            "compile", "breaks", "interop")
RESULTS = HERE / "RESULTS.md"
SECTION_RE = r"<!-- section: {name} -->\n.*?<!-- end: {name} -->\n"


def _torch():
    try:
        import torch
    except ImportError:
        return None
    torch.set_num_threads(1)
    return torch


def _machine() -> str:
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return f"{cpu}, {os.cpu_count()} cores, {platform.system()} {platform.release()}"


# The instruction-set words of /proc/cpuinfo's flags that decide which kernel variant runs
# (docs/CPU_CAPABILITY.md) and how fast the peers' vector code is.
_SIMD_FLAGS = re.compile(r"sse4_2|avx|avx2|fma|f16c|avx512\w*|amx\w*|asimd\w*|sve\w*")


def _cpu(al) -> str:
    """The kernel variant this run measures and the CPU's vector instruction sets, e.g.
    ``CPU capability avx2 (CPU flags: avx avx2 fma f16c sse4_2)``."""
    words: list[str] = []
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith(("flags", "Features")):
                words = sorted(w for w in line.split(":", 1)[1].split() if _SIMD_FLAGS.fullmatch(w))
                break
    except OSError:
        pass
    capability = al.backends.cpu.get_cpu_capability()
    return f"CPU capability {capability} (CPU flags: {' '.join(words) or 'unknown'})"


def _versions(torch) -> str:
    tv = torch.__version__ if torch is not None else "not installed"
    return f"Python {platform.python_version()}, NumPy {np.__version__}, torch {tv}"


def run_section(name: str, args, al, torch) -> list[tuple[str, str]]:
    """[(title, markdown table)] for one section."""
    repeat, budget = (3, 0.05) if args.quick else (9, 0.3)
    if name == "codegen":
        import bench_codegen

        return [("generator: reading YAML and --check",
                 table(bench_codegen.run(2 if args.quick else 5), ["torchgen"]))]
    if name == "ops":
        import bench_ops

        tables = bench_ops.run(al, torch, repeat=repeat, budget=budget, match=args.match,
                               fault_calls=5 if args.quick else 20)
        return [(t, table(rows, bench_ops.PEERS)) for t, rows in tables.items()]
    if name == "build":
        import bench_build

        return [("build: adding an op (and a clean install, with --install)",
                 table(bench_build.run(args.install), []))]
    if name == "autograd":
        import bench_autograd

        tables = bench_autograd.run(al, torch, repeat=repeat, budget=budget,
                                    digits_runs_=1 if args.quick else 5, match=args.match)
        return [(t, table(rows, bench_autograd.PEERS)) for t, rows in tables.items()]
    if name == "nn":
        import bench_charmlp
        import bench_conv
        import bench_gpt
        import bench_lstm

        return [("makemore training steps: character-level MLP and bigram",
                 table(bench_charmlp.run(al, torch, repeat=repeat, budget=budget),
                       bench_charmlp.PEERS)),
                ("convolution: conv2d forward + backward",
                 table(bench_conv.run(al, torch, repeat=repeat, budget=budget),
                       bench_conv.PEERS)),
                ("a small GPT's training step (attention, LayerNorm, GELU, AdamW)",
                 table(bench_gpt.run(al, torch, repeat=repeat, budget=budget),
                       bench_gpt.PEERS)),
                ("a word-level LSTM language model's training step (nn.LSTM)",
                 table(bench_lstm.run(al, torch, repeat=repeat, budget=budget),
                       bench_lstm.PEERS))]
    if name == "func":
        import bench_func

        return [("forward mode and al.func",
                 table(bench_func.run(al, torch, repeat=repeat, budget=budget), bench_func.PEERS))]
    if name == "library":
        import bench_library

        return [("op libraries outside the tree",
                 table(bench_library.run(), ["torch.library.custom_op"]))]
    if name == "compile":
        import bench_compile

        import bench_dynamic
        import bench_gpt_compiled
        import bench_row_fusion

        rows = bench_compile.run(al, torch, repeat=repeat, budget=3 * budget)
        return [("graph mode: al.compile with fused kernels",
                 table(rows, bench_compile.PEERS) + "\n\n" + bench_compile.NOTE),
                ("graph mode: rows reduced and broadcast back in one kernel",
                 table(bench_row_fusion.run(al, torch, args.quick, repeat=repeat, budget=budget),
                       bench_row_fusion.PEERS)),
                ("graph mode: one capture for every batch size (dynamic=True)",
                 table(bench_dynamic.run(al, torch, 6 if args.quick else 15),
                       bench_dynamic.PEERS)),
                ("graph mode: a small GPT's training step compiled",
                 table(bench_gpt_compiled.run(al, torch, repeat=repeat, budget=budget),
                       bench_gpt_compiled.PEERS))]
    if name == "breaks":
        import bench_breaks

        rows = bench_breaks.run(al, torch)
        return [("graph breaks and concurrent branches",
                 table(rows, bench_breaks.PEERS) + "\n\n" + bench_breaks.NOTE)]
    if name == "interop":
        import bench_interop

        return [("DLPack interop: 16M float32 elements, zero copy",
                 table(bench_interop.run(al, torch, repeat=repeat, budget=budget),
                       bench_interop.PEERS))]
    import bench_sparse

    rows = bench_sparse.run(repeat=repeat, budget=budget)
    return [("sparse @ dense and coalesce", table(rows, bench_sparse.PEERS))]


def _block(name: str, parts: list[tuple[str, str]], seconds: float, cpu: str) -> str:
    body = "".join(f"### {title}\n\n{text}\n\n" for title, text in parts)
    return (f"<!-- section: {name} -->\n## {name}\n\n{body}"
            f"_measured {datetime.datetime.now():%Y-%m-%d %H:%M} in {seconds:.0f} s; {cpu}_\n"
            f"<!-- end: {name} -->\n")


def write_results(blocks: dict[str, str], header: str) -> None:
    if RESULTS.exists() and len(blocks) < len(SECTIONS):
        text = RESULTS.read_text()
        text = re.sub(r"\A.*?(?=<!-- section:)", lambda _: header, text, flags=re.S)
        for name, block in blocks.items():
            pattern = re.compile(SECTION_RE.format(name=name), re.S)
            text, n = pattern.subn(lambda _: block, text)
            if n == 0:
                text += "\n" + block
    else:
        text = header + "\n".join(blocks[n] for n in SECTIONS if n in blocks)
    RESULTS.write_text(text)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                formatter_class=argparse.RawDescriptionHelpFormatter,
                                epilog=__doc__.split("\n\n", 1)[1])
    p.add_argument("--quick", action="store_true", help="fewer, shorter timings")
    p.add_argument("--only", choices=SECTIONS, action="append",
                   help="run this section (repeatable)")
    p.add_argument("--match", default="", help="ops/autograd rows whose case contains this")
    p.add_argument("--install", action="store_true", help="also time a clean pip install")
    p.add_argument("--no-write", action="store_true", help="print only")
    args = p.parse_args(argv)

    import aten_lite as al

    al.set_num_threads(1)
    torch = _torch()
    cpu = _cpu(al)
    header = (f"# aten_lite benchmark results\n\n"
              f"{datetime.datetime.now().strftime('%Y-%m-%d %H:%M')}; {_machine()}; {cpu}; "
              f"{_versions(torch)}. One thread unless a row says otherwise; medians of "
              f"interleaved rounds; peers measured in the same run. Regenerate with "
              f"`python benchmarks/run.py`.\n\n")
    print(header)
    blocks = {}
    failed = []
    for name in args.only or SECTIONS:
        t0 = time.perf_counter()
        try:
            parts = run_section(name, args, al, torch)
        except Exception as error:  # one broken section must not hide the others' figures
            traceback.print_exc()
            failed.append(name)
            parts = [("failed", f"`{type(error).__name__}: {error}`")]
        blocks[name] = _block(name, parts, time.perf_counter() - t0, cpu)
        print(blocks[name], flush=True)
    if not (args.no_write or args.quick or args.match):
        write_results(blocks, header)
        print(f"written to {RESULTS.relative_to(ROOT)}")
    if failed:
        print(f"sections that failed: {', '.join(failed)}", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

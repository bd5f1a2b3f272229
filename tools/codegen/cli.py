"""`aten-lite-gen`: regenerate, check, list and explain operators.

Exit codes: 0 ok, 1 spec error / stale files / build error, 2 usage error.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
import tempfile
import time
from pathlib import Path

from . import gen, report
from .suggest import close_names
from .build import BuildError
from .spec import SpecError

EXAMPLES = """\
examples:
  aten-lite-gen                 regenerate generated/ and rebuild the C++ extension
  aten-lite-gen --check         exit 1 and name stale files if generated/ lags the YAML
  aten-lite-gen list            every op: variants, dispatch keys, dtypes, derivative
  aten-lite-gen show relu       everything about one op, and where its code was generated
  aten-lite-gen show add.Tensor one overload
  aten-lite-gen library DIR --name NS   build an op library outside the tree (--check, --out)
  aten-lite-gen cuda --check    compile every CUDA kernel for sm_80 and sm_90 (NVRTC or nvcc):
                                registers and spills per kernel, the YAML line of a failure
  aten-lite-gen cuda            list the CUDA kernels and the YAML line each comes from
  aten-lite-gen cuda --check relu   the same for one op's kernels (an op, an overload or a
                                fused group's name)
  python -m tools.codegen ...   the same CLI, from a checkout

exit codes: 0 ok, 1 spec error, stale files or C++ build error, 2 usage error
"""


def find_root(start: Path) -> Path | None:
    """The nearest folder at or above ``start`` holding both YAML files and tools/codegen."""
    for d in (start, *start.parents):
        if (d / gen.NATIVE).is_file() and (d / gen.DERIVATIVES).is_file() and (d / "tools" / "codegen").is_dir():
            return d
    return None


def _jobs(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        n = 0
    if n < 1:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of jobs; give 1 or more")
    return n


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="aten-lite-gen",
        description="Generate aten_lite's bindings, autograd nodes and C++ kernels from "
        "native_functions.yaml and derivatives.yaml.",
        epilog=EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("command", nargs="?", choices=("generate", "list", "show", "cuda"),
                   default="generate", help="what to do (default: generate)")
    p.add_argument("op", nargs="?", help="operator name for `show` (relu, add, add.Tensor), "
                   "or for `cuda` to take only that op's kernels")
    p.add_argument("--check", action="store_true", help="only check that generated/ is up to date")
    p.add_argument("--root", type=Path, help="repository root (default: found from the current folder)")
    p.add_argument("--no-build", action="store_true", help="write generated/ but skip the C++ build")
    p.add_argument("-j", "--jobs", type=_jobs, default=2, help="parallel C++ compile jobs (default 2)")
    p.add_argument("-v", "--verbose", action="store_true", help="print compiler commands")
    p.add_argument("--arch", action="append", metavar="SM",
                   help="`cuda --check`: an sm_XX to compile for (repeatable; default sm_80 "
                   "and sm_90)")
    p.add_argument("--compiler", choices=("nvrtc", "nvcc"),
                   help="`cuda --check`: the CUDA compiler (default: NVRTC if found, else nvcc)")
    return p


def _generate(root: Path, args: argparse.Namespace) -> int:
    from . import build

    t0 = time.perf_counter()
    spec = gen.load_spec(root)
    plan = gen.plan(root, spec)
    if args.no_build:
        gen.apply(plan)
    else:
        # Compile the new C++ sources from a staging copy first (Note [Generation is all or
        # nothing] in gen.py): a C++ error leaves generated/ and the extension untouched.
        (root / "build").mkdir(exist_ok=True)
        with tempfile.TemporaryDirectory(prefix="al-stage-", dir=root / "build") as tmp:
            staged = gen.stage(plan, Path(tmp))
            units, compiled = build.compile_objects(root, staged / "csrc", jobs=args.jobs,
                                                    verbose=args.verbose)
        gen.apply(plan)
        units, _ = build.compile_objects(root, jobs=args.jobs, verbose=args.verbose)
        built = build.link_extension(root, units, verbose=args.verbose)
    n = len(plan.changed) + len(plan.removed)
    what = "up to date" if n == 0 else f"{len(plan.changed)} written, {len(plan.removed)} removed"
    print(f"generated/: {what} ({len(plan.files)} files)")
    for path in plan.changed:
        if path not in plan.header_only:
            print(f"  wrote {path}")
    if plan.header_only:
        print(f"  (and the new YAML hash into the header of {len(plan.header_only)} other "
              "file(s))")
    for path in plan.removed:
        print(f"  removed {path}")
    if not args.no_build:
        done = f"compiled {len(compiled)} file(s), relinked" if built else "up to date"
        print(f"extension: {done}")
        note = report.install_note(root)
        if note:
            print(note)
    for note in report.missing_derivative_notes(spec):
        print(note, file=sys.stderr)
    print(f"done in {time.perf_counter() - t0:.2f} s")
    return 0


def _check(root: Path) -> int:
    plan = gen.plan(root)
    stale = list(plan.changed) + list(plan.removed)
    if not stale:
        print(f"generated/ is up to date ({len(plan.files)} files)")
        return 0
    print("generated/ does not match the YAML; stale files:", file=sys.stderr)
    for path in plan.changed:
        if path not in plan.header_only:
            print(f"  {path}", file=sys.stderr)
    for path in plan.removed:
        print(f"  {path} (no longer generated)", file=sys.stderr)
    if plan.header_only:
        print(f"  and {len(plan.header_only)} more whose only difference is the YAML hash in "
              "their header", file=sys.stderr)
    print("run `aten-lite-gen` to regenerate", file=sys.stderr)
    return 1


def _cuda(root: Path, args: argparse.Namespace) -> int:
    """`cuda`: the CUDA kernels of the YAML's elementwise ops (read from the YAML at ``root``,
    not from generated/), listed, or compiled with `--check` (aten_lite/cuda/check.py)."""
    from aten_lite.compile.fusion_entries import Entry
    from aten_lite.cuda import check, compiler

    from . import api_fusion

    spec = gen.load_spec(root)
    entries = {op: Entry(op, *row) for op, row in api_fusion.rows(spec).items()}
    kernels = check.kernel_sources(entries)
    if args.op:
        chosen = check.only_op(kernels, args.op)
        if not chosen:
            ops = sorted({k.op.split(".")[0] for k in kernels})
            close = close_names(args.op, ops, 3)
            hint = f"; did you mean {', '.join(close)}?" if close else \
                "; `aten-lite-gen cuda` lists every kernel"
            print(f"aten-lite-gen cuda: no CUDA kernel for {args.op!r}{hint}", file=sys.stderr)
            return 2
        kernels = chosen
    if not args.check:
        for k in kernels:
            print(f"{k.name:<40} {k.loc}")
        return 0
    cc = compiler.find_compiler(args.compiler)
    if cc is None:
        which = args.compiler or "NVRTC or nvcc"
        print(f"aten-lite-gen cuda --check: no CUDA compiler found ({which}); "
              f"{compiler.MISSING}", file=sys.stderr)
        return 1
    err = lambda line: print(line, file=sys.stderr)  # noqa: E731
    return check.run_check(entries, tuple(args.arch or check.ARCHS), cc, jobs=args.jobs,
                           err=err, kernels=kernels)


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["library"]:  # an op library outside the tree (library_build.py)
        from . import library_build

        try:
            return library_build.main(argv[1:])
        except BrokenPipeError:  # as below
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            return 0
    parser = _parser()
    # intermixed: an op may follow the options (`cuda --check relu`)
    args = parser.parse_intermixed_args(argv)
    if args.command == "show" and not args.op:
        parser.error("`show` needs an operator name, e.g. `aten-lite-gen show relu`")
    if args.command not in ("show", "cuda") and args.op:
        parser.error(f"unexpected argument {args.op!r}; only `show` and `cuda` take an "
                     "operator name")
    if (args.arch or args.compiler) and args.command != "cuda":
        parser.error("--arch and --compiler belong to `aten-lite-gen cuda --check`")
    if args.arch:
        bad = [a for a in args.arch if not re.fullmatch(r"sm_\d{2,3}[a-z]?", a)]
        if bad:
            parser.error(f"--arch {bad[0]!r} is not a GPU architecture; give sm_80, sm_90, ...")
    if args.check and args.command not in ("generate", "cuda"):
        parser.error(f"--check compares generated/ with the YAML and cannot be combined with "
                     f"`{args.command}`; run `aten-lite-gen --check` on its own")
    root = (args.root or find_root(Path.cwd()))
    if root is None:
        parser.error(f"no {gen.NATIVE} with tools/codegen/ found in {Path.cwd()} or above; "
                     "run inside an aten_lite checkout or pass --root")
    missing = [name for name in (gen.NATIVE, gen.DERIVATIVES) if not (root / name).is_file()]
    if missing:
        parser.error(f"--root {root}: no {' or '.join(missing)} there; pass the folder of an "
                     "aten_lite checkout")
    root = root.resolve()
    try:
        return _run(root, args)
    except BrokenPipeError:
        # The reader stopped early (`aten-lite-gen list | head`): not an error. Point stdout
        # at /dev/null so that the flush at exit does not fail again.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


def _run(root: Path, args: argparse.Namespace) -> int:
    try:
        if args.command == "cuda":
            return _cuda(root, args)
        if args.check:
            return _check(root)
        if args.command == "list":
            print(report.list_ops(gen.load_spec(root)))
            return 0
        if args.command == "show":
            return report.show_op(root, gen.load_spec(root), args.op)
        return _generate(root, args)
    except (SpecError, BuildError) as e:  # a C++ error is reported like a spec error
        print(e, file=sys.stderr)
        return 1


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())

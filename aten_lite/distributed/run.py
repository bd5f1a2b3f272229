"""The launcher: ``aten-lite-run --nproc N SCRIPT [args]`` (or ``python -m
aten_lite.distributed.run``) starts N copies of the training script SCRIPT under MPI's
launcher, ``mpiexec -n N python SCRIPT args``, as torchrun starts N workers.

Each process also gets torchrun's environment variables, RANK, LOCAL_RANK, WORLD_SIZE and
LOCAL_WORLD_SIZE (from MPI's own per-process variables, set once the process starts: see
``_export_rank_env``), though aten_lite itself reads rank and size from MPI.

mpiexec is looked for beside the Python running this (the ``mpich`` wheel installs it into the
environment's bin/), then on PATH; ``--mpiexec PATH`` or $ATEN_LITE_MPIEXEC names another.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
from pathlib import Path

__all__ = ["main", "find_mpiexec", "command"]


def find_mpiexec(explicit: str | None = None) -> str:
    """The mpiexec to run: ``explicit``, $ATEN_LITE_MPIEXEC, the one beside this Python, or
    the one on PATH; a FileNotFoundError saying how to get one otherwise."""
    explicit = explicit or os.environ.get("ATEN_LITE_MPIEXEC")
    if explicit:
        found = shutil.which(explicit)
        if found is None:
            raise FileNotFoundError(f"aten-lite-run: the mpiexec given ({explicit!r}) does not "
                                    f"exist or is not executable")
        return found
    for folder in (Path(sys.executable).parent, Path(sys.prefix) / "bin"):
        candidate = folder / "mpiexec"
        if candidate.is_file() and os.access(candidate, os.X_OK):
            return str(candidate)
    found = shutil.which("mpiexec")
    if found is None:
        raise FileNotFoundError(
            "aten-lite-run: no mpiexec found beside this Python or on PATH; install one with "
            "pip install 'aten_lite[distributed]' (the mpich wheel provides mpiexec), load your "
            "cluster's MPI module, or name it with --mpiexec PATH")
    return found


def command(nproc: int, script: list[str], mpiexec: str, module: bool = False) -> list[str]:
    """The command line that starts ``nproc`` processes of ``script`` (its path and args)."""
    runner = [sys.executable, "-m", "aten_lite.distributed.run", "--_worker"]
    if module:
        runner.append("-m")
    return [mpiexec, "-n", str(nproc), *runner, *script]


# MPI launchers' per-process variables: rank, size, local rank, local size (MPICH's Hydra,
# Open MPI, Slurm's srun).
_RANK_VARS = (("PMI_RANK", "PMI_SIZE", "MPI_LOCALRANKID", "MPI_LOCALNRANKS"),
              ("OMPI_COMM_WORLD_RANK", "OMPI_COMM_WORLD_SIZE", "OMPI_COMM_WORLD_LOCAL_RANK",
               "OMPI_COMM_WORLD_LOCAL_SIZE"),
              ("SLURM_PROCID", "SLURM_NTASKS", "SLURM_LOCALID", "SLURM_NTASKS_PER_NODE"))


def _export_rank_env() -> None:
    """Set torchrun's RANK, WORLD_SIZE, LOCAL_RANK, LOCAL_WORLD_SIZE from the MPI launcher's
    variables (a script may read them as under torchrun)."""
    for rank, size, local, local_size in _RANK_VARS:
        if rank in os.environ and size in os.environ:
            env = os.environ
            env["RANK"], env["WORLD_SIZE"] = env[rank], env[size]
            env["LOCAL_RANK"] = env.get(local, env[rank])
            env["LOCAL_WORLD_SIZE"] = env.get(local_size, env[size])
            break
    else:
        for name, value in (("RANK", "0"), ("WORLD_SIZE", "1"), ("LOCAL_RANK", "0"),
                            ("LOCAL_WORLD_SIZE", "1")):
            os.environ.setdefault(name, value)
    os.environ.setdefault("MASTER_ADDR", "127.0.0.1")
    os.environ.setdefault("MASTER_PORT", "29500")


def _worker(argv: list[str]) -> None:
    """Inside one launched process: set the environment, then run the script (or ``-m
    module``) as ``python script.py`` would."""
    import runpy
    _export_rank_env()
    if argv and argv[0] == "-m":
        sys.argv = argv[1:]
        runpy.run_module(argv[1], run_name="__main__", alter_sys=True)
    else:
        sys.argv = argv
        sys.path.insert(0, str(Path(argv[0]).resolve().parent))
        runpy.run_path(argv[0], run_name="__main__")


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="aten-lite-run",
        description="Start N processes of a training script under MPI (mpiexec -n N python "
                    "script.py args), as torchrun does.")
    p.add_argument("--nproc", "--nproc-per-node", "--nproc_per_node", dest="nproc", type=int,
                   default=1, help="how many processes to start (default 1)")
    p.add_argument("--mpiexec", default=None,
                   help="the MPI launcher to use (default: beside this Python, then on PATH)")
    p.add_argument("-m", "--module", action="store_true",
                   help="run the script argument as a module, as python -m does")
    p.add_argument("--dry-run", action="store_true", help="print the command, do not run it")
    p.add_argument("script", help="the training script (or module with -m)")
    p.add_argument("args", nargs=argparse.REMAINDER, help="the script's arguments")
    return p


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    if argv[:1] == ["--_worker"]:
        _worker(argv[1:])
        return 0
    opts = _parser().parse_args(argv)
    if opts.nproc < 1:
        raise SystemExit(f"aten-lite-run: --nproc must be at least 1, got {opts.nproc}")
    try:
        mpiexec = find_mpiexec(opts.mpiexec)
    except FileNotFoundError as e:
        raise SystemExit(str(e)) from None
    cmd = command(opts.nproc, [opts.script, *opts.args], mpiexec, opts.module)
    if opts.dry_run:
        print(" ".join(cmd))
        return 0
    import subprocess
    return subprocess.call(cmd)


if __name__ == "__main__":
    sys.exit(main())

"""Incremental build of the C++ extension ``aten_lite._C``.

    >>> report = build_extension(".", "aten_lite/_C" + ext_suffix(), jobs=2)  # doctest: +SKIP
    >>> report.compiled, report.linked                                         # doctest: +SKIP
    (('generated/csrc/relu.cpp',), True)

Each ``aten_lite/csrc/*.cpp`` and ``generated/csrc/*.cpp`` compiles to its own object file,
for the portable baseline (x86-64-v2 on x86-64), and the kernel loops (VARIANT_SOURCES) to one
more per wider capability, AVX2 and AVX-512, that the module picks from at import (Note [CPU
capability variants] in aten_lite/csrc/cpu_capability.h); objects are
cached under ``build/al_objs/`` by a hash of what decides their content (Note [Object cache key]);
sources run through the compiler in parallel, and the shared library is relinked only when the
set of objects changed, into a temporary name moved over the old one, so a failed or
interrupted build never leaves a broken module.

Note [Unity objects]
A clean build (``pip install``: setup.py passes ``unity=True``) has every kernel to compile, and
each kernel file spends a good part of its time parsing the same headers. So the missing kernel
objects are compiled a few at a time: ``unity-<hash>.cpp`` in the object folder includes a
group of kernel sources and compiles to ``unity-<hash>.o``, beside ``unity-<hash>.txt`` listing
the object names of its members (each names its source and key). Any later build links a group
object in place of its members for as long as every member's key is current; once one member
changes, the group is dropped and its members compile one by one, so ``aten-lite-gen`` keeps
one translation unit per op and adding an op still compiles one file. A group that fails to
compile is retried one file at a time, so its error is reported at the op's YAML line.

Note [Build API]
Three builders compile C++ with the project's toolchain, and share this module's public
functions (nothing private): the extension build here; op libraries
(tools/codegen/library_build.py: aten_lite's core sources and a library's kernels, objects
cached in the user's cache); fused kernels (aten_lite/compile/kernels_cache.py: one generated
source per shared object). ``toolchain(root)`` gives compiler, flags and fingerprint;
``object_key``, ``local_headers`` and ``normalized_text`` make Note [Object cache key]'s key;
``compile_units`` compiles the units whose object is missing, in parallel, raising BuildError
with every failure located; ``compile_file`` compiles one file (extra flags allowed: a
precompiled header) and raises CompileError carrying the compiler's output for a caller that
locates errors itself, ``compile_command`` being its words; ``link_library`` links objects into
a shared library and ``library_key`` is what that link depends on. Every output is written
under a name private to the process and thread and renamed into place: concurrent builders of
one file each leave a complete one.

Note [Sanitizer builds]
``AL_SANITIZE=address,undefined`` (any list ``-fsanitize=`` takes) compiles and links with that
sanitizer, at -O1 with frame pointers so its reports have usable stacks; ``AL_EXTRA_CFLAGS`` and
``AL_EXTRA_LDFLAGS`` add any other words to the compile and link commands. Such a build keeps
its objects in a folder of its own (``build/al_objs-<hash of the extra flags>``), so it neither
reuses nor prunes the normal build's objects, and is meant for a separate output path:
``python tools/codegen/build.py --output DIR/_C.so`` (``.ci/run`` builds one into a copy of
the tree and runs the C++-heavy tests under it). Python is not built with ASan, so the
process needs the runtime preloaded: ``LD_PRELOAD=$(g++ -print-file-name=libasan.so)``.

This file imports nothing outside the standard library (and NumPy, for its headers): setup.py
loads it by path inside pip's isolated build, where ``tools`` is not a package.

Note [Object cache key]
An object is reused when the hash of (source text, the text of every local header it includes,
compiler and its version, flags, the Python and NumPy versions) matches. Include paths are left
out: pip's isolated build sees the same NumPy headers under a new temporary path every time.
Comment-only lines and the numbers of ``#line`` directives are left out of the hash: they do not
change the object code (no ``-g``, no ``__LINE__``), and they are exactly what moves when an op
is added to the YAML above others (the provenance header's YAML digest, the YAML line of each
expression). So adding one op recompiles one file.

Note [Native flags in cache keys]
``-march=native`` (or ``-mtune=``/``-mcpu=native``) means a different target on every CPU, so
its words alone must not key a cache: a cache folder shared between machines (a network home,
a copied ``AL_CACHE_DIR``) would hand one CPU objects built for another, which die there with
an illegal instruction. When the flags hold such a word, the toolchain's fingerprint, part of
every key built from it (object cache, op libraries, fused kernels and their precompiled
header), also holds ``native_target(cxx).key``: the digest of what the compiler resolves
``-march=native`` to, read from ``CXX -march=native -Q --help=target`` (its -march value and
every target option; about 30 ms, once per process and compiler), or, for a compiler that does
not print it, of the first processor of /proc/cpuinfo (vendor, family, model, flag words).
Two CPUs that resolve alike share objects; any difference in the target gives new keys.
"""

from __future__ import annotations

import concurrent.futures
import fnmatch
import functools
import hashlib
import os
import platform
import re
import shlex
import subprocess
import sys
import sysconfig
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

SOURCE_DIRS = ("aten_lite/csrc", "generated/csrc")
OBJECT_DIR = "build/al_objs"
# Note [CPU capability variants] (aten_lite/csrc/cpu_capability.h): the sources compiled once
# per capability (the kernel loops); every other source is compiled once, for the baseline.
VARIANT_SOURCES = ("generated/csrc/*.cpp", "aten_lite/csrc/lstm_recurrence.cpp",
                   "aten_lite/csrc/small_gemm.cpp")
# Kernel loops that run no faster with wider vectors, compiled for the baseline only (every
# capability then runs their default code). all/any: a byte-wide test and and/or per element,
# bound by memory; on the AVX-512 machine of benchmarks/RESULTS.md, all() of 16M float32 took
# 9.3 ms in the default variant, 13.7 in avx2, 10.3 in avx512, and their four floating dtypes
# in two variants cost ~22 CPU seconds of a clean build.
BASELINE_ONLY_SOURCES = ("generated/csrc/all.cpp", "generated/csrc/any.cpp")
# x86-64: the baseline every object is compiled for, and each wider capability's flags (its
# code, AL_CPU_*_CODE in cpu_capability.h, is its index + 1). Other architectures compile for
# the compiler's default target only (aarch64: NEON is part of it).
X86_BASELINE = ("-march=x86-64-v2",)
X86_VARIANTS = (("avx2", ("-march=x86-64-v3",)),
                ("avx512", ("-march=x86-64-v4", "-mprefer-vector-width=256")))
# Note [One vector width]: GCC's vector math (libmvec) has a 256-bit and a 512-bit tanhf, expf,
# ... that round differently. ``-march=native`` on AVX-512 CPUs tunes for 256-bit vectors
# (cascadelake, icelake) and ``x86-64-v4`` for 512, so a fused kernel and the eager avx512
# kernel it must match bit for bit called different ones. Every AVX-512 build, the avx512
# variant and native builds alike, therefore asks for 256-bit vectors. (512 bits everywhere
# was measured too: the inline float exp, Note [Float exp], runs 1.3-1.6x faster in 16 lanes,
# but a 512-bit loop's tail then runs in 8 lanes or scalar, and libmvec's 512-bit tanhf
# rounds differently from those, so a fused kernel, whose loop splits elsewhere, lost eager's
# bits: tests/test_compile_dynamic.py caught it.) Fused kernels that call no libmvec function
# do use 512 bits: Note [Wide vectors in fused kernels] in aten_lite/compile/kernels_source.py.
X86_NATIVE_WIDTH = ("-mprefer-vector-width=256",)
# Note [Unity objects]: below this many missing kernel objects, each compiles alone; groups per
# compiler process otherwise (a few, so that unequal groups still balance).
UNITY_MIN = 8
UNITY_GROUPS_PER_JOB = 2
YAML_NAME = "native_functions.yaml"

_INCLUDE = re.compile(r'^\s*#\s*include\s*"([^"]+)"', re.MULTILINE)
_LINE_DIRECTIVE = re.compile(r"^(\s*#\s*line\s+)\d+", re.MULTILINE)
_COMMENT_LINE = re.compile(r"^\s*//.*\n", re.MULTILINE)
_YAML_LINE = re.compile(r'^\s*#\s*line\s+(\d+)\s+"([^"]+\.yaml)"', re.MULTILINE)
_OP_LINE = re.compile(r"^// op: (\S+)", re.MULTILINE)
# A flag whose meaning is the build machine's CPU (Note [Native flags in cache keys]).
_NATIVE_FLAG = re.compile(r"-m(arch|tune|cpu)=native")
# The instruction-set options of `-Q --help=target` (not -m64, -mfentry, -mred-zone, ...).
_ISA_OPTION = re.compile(r"(avx|sse|fma|f16c|bmi|lzcnt|popcnt|movbe|aes|pclmul|sha|vpclmulqdq|"
                         r"gfni|vaes|adx|rdrnd|rdseed|xsave|amx|cx16|sahf|prfchw|clflushopt|"
                         r"clwb|rtm|hle)[a-z0-9_.]*")
_ERROR = re.compile(r"^(?P<file>[^:\n]+):(?P<line>\d+):(?:\d+:)? (?:fatal )?error: (?P<msg>.*)$",
                    re.MULTILINE)


class BuildError(Exception):
    """The extension could not be built; the message says where and why, briefly."""


@dataclass(frozen=True)
class Toolchain:
    """How every object is compiled and the library linked."""

    cxx: tuple[str, ...]  # compiler command (CXX may hold several words)
    cflags: tuple[str, ...]  # compile flags, include paths and defines included
    ldflags: tuple[str, ...]  # link flags and libraries
    fingerprint: str  # compiler version and NumPy version: part of every object's key
    objdir: str = OBJECT_DIR  # object cache, relative to the root (Note [Sanitizer builds])


@dataclass(frozen=True)
class Unit:
    """One source file and the object it compiles to."""

    source: str  # path relative to the repository root: names the object and its messages
    file: Path  # where the text is read from now: the source itself, or its staged copy
    obj: Path  # cached object file (absolute)
    flags: tuple[str, ...] = ()  # compile flags of its capability variant, after the toolchain's
    level: int = 0  # its capability's code: the link takes objects in increasing level


@dataclass(frozen=True)
class BuildReport:
    """What one build did."""

    compiled: tuple[str, ...]  # sources compiled this time (relative paths)
    linked: bool  # whether the library was relinked
    seconds: float
    # With ``times=True``: (what was compiled, user + system CPU seconds of its compiler) per
    # compiler run, a unity group named by its members' stems (Note [Build times]).
    cpu_times: tuple[tuple[str, float], ...] = ()


def ext_suffix() -> str:
    """``.cpython-311-x86_64-linux-gnu.so``: the file name suffix of an extension module."""
    return sysconfig.get_config_var("EXT_SUFFIX") or ".so"


def default_output(repo_root: str | os.PathLike[str]) -> Path:
    """The in-tree location of the module: ``<repo>/aten_lite/_C<EXT_SUFFIX>``."""
    return Path(repo_root).resolve() / "aten_lite" / f"_C{ext_suffix()}"


def build_extension(repo_root: str | os.PathLike[str], output_path: str | os.PathLike[str],
                    jobs: int = 2, verbose: bool = False, unity: bool = False,
                    times: bool = False) -> BuildReport:
    """Compile what changed and relink ``output_path`` if needed; raise BuildError on failure.
    ``unity``: compile many missing kernels in groups (Note [Unity objects]). ``times``: record
    each compiler run's CPU seconds (Note [Build times])."""
    global _cpu_times
    start = time.perf_counter()
    _cpu_times = [] if times else None
    try:
        units, compiled = compile_objects(repo_root, jobs=jobs, verbose=verbose, unity=unity)
        recorded = tuple(_cpu_times or ())
    finally:
        _cpu_times = None
    linked = link_extension(repo_root, units, output_path, verbose=verbose)
    return BuildReport(compiled, linked, time.perf_counter() - start, recorded)


# Note [Build times]
# ``python tools/codegen/build.py --times`` prints the user + system CPU seconds of every
# compiler run of the build (read from the child's resource usage, os.wait4), the total, and
# how long two jobs would take on an idle machine if each run's wall time were its CPU time
# (the longest-first schedule the build uses). CPU seconds, unlike wall time, barely move when
# the machine is shared, so they compare builds measured at different times. A clean build:
# ``--times --unity`` on a copy without build/.
_cpu_times: list[tuple[str, float]] | None = None
_cpu_times_lock = threading.Lock()


def _run_compiler(cmd: list[str], root: Path, env: dict[str, str]) -> tuple[int, str, float]:
    """(exit status, stderr then stdout, CPU seconds of the child) of one compiler run."""
    if not hasattr(os, "wait4"):
        done = subprocess.run(cmd, cwd=root, capture_output=True, text=True, env=env,
                              check=False)
        return done.returncode, done.stderr + done.stdout, 0.0
    with subprocess.Popen(cmd, cwd=root, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          text=True, env=env) as proc:
        output = proc.stdout.read() if proc.stdout else ""
        _, status, usage = os.wait4(proc.pid, 0)
        proc.returncode = os.waitstatus_to_exitcode(status)
    return proc.returncode, output, usage.ru_utime + usage.ru_stime


def schedule_seconds(durations: Sequence[float], jobs: int) -> float:
    """When ``jobs`` workers finish tasks of these durations, taken largest first, each by the
    worker free first (how the build orders a clean build's tasks)."""
    free = [0.0] * max(1, jobs)
    for d in sorted(durations, reverse=True):
        i = free.index(min(free))
        free[i] += d
    return max(free)


def compile_objects(repo_root: str | os.PathLike[str],
                    generated_csrc: str | os.PathLike[str] | None = None, jobs: int = 2,
                    verbose: bool = False,
                    unity: bool = False) -> tuple[list[Unit], tuple[str, ...]]:
    """Compile every source whose object is not cached; return all units and the compiled ones.

    ``generated_csrc`` reads the generated kernels from a staged folder instead of
    ``generated/csrc`` (Note [Generation is all or nothing] in gen.py). Objects are keyed by
    the path the file will have in the repository, so moving the staged files in place later
    finds every object already built. ``unity``: Note [Unity objects].
    """
    root = Path(repo_root).resolve()
    tools = extension_toolchain(root)
    staged = Path(generated_csrc).resolve() if generated_csrc is not None else None
    units = _units(root, tools, staged)
    _, covered = _groups(root / tools.objdir, units)
    todo = [u for u in units if u.obj.name not in covered and not u.obj.exists()]
    kernels = [u for u in todo if u.source.startswith("generated/")]
    # Note [Unity objects]: a group holds kernels of one capability variant (one set of flags).
    variants = sorted({u.flags for u in kernels})
    grouped = [[u for u in kernels if u.flags == f] for f in variants]
    grouped = [g for g in grouped if unity and len(g) >= UNITY_MIN]
    if grouped:
        groups = [g for members in grouped
                  for g in _plan_groups(members, max(1, jobs) * UNITY_GROUPS_PER_JOB)]
        in_groups = {u.obj for members in grouped for u in members}
        singles = [u for u in todo if u.obj not in in_groups]
        # The largest tasks first, so the last ones to finish are short (a clean build's wall
        # time is the longest job's).
        tasks: list[Unit | tuple[Unit, ...]] = [*groups, *singles]
        tasks.sort(key=lambda task: -_task_size(task))
        failed = _compile_all(root, tools, tasks, jobs, verbose, raise_errors=False)
        retry = [u for task in failed for u in (task if isinstance(task, tuple) else (task,))]
        _compile_all(root, tools, retry, jobs, verbose)
    else:
        _compile_all(root, tools, todo, jobs, verbose)
    return units, _sources(todo)


def _sources(units: Sequence[Unit]) -> tuple[str, ...]:
    """The sources of ``units``, each once (a source has an object per capability variant)."""
    return tuple(dict.fromkeys(u.source for u in units))


def _task_size(task: Unit | tuple[Unit, ...]) -> int:
    """Source bytes of a compile task, standing in for its time; a wider variant compiles
    fewer dtypes (AL_CPU_DTYPES in cpu_capability.h), counted as half."""
    members = task if isinstance(task, tuple) else (task,)
    return sum(u.file.stat().st_size // (2 if u.level else 1) for u in members)


def link_extension(repo_root: str | os.PathLike[str], units: list[Unit],
                   output_path: str | os.PathLike[str] | None = None,
                   verbose: bool = False) -> bool:
    """Link ``units`` into the module unless the same objects were linked there last time."""
    root = Path(repo_root).resolve()
    output = Path(output_path).resolve() if output_path is not None else default_output(root)
    tools = extension_toolchain(root)
    stamp = _stamp_path(root, tools, output)
    objects = _link_objects(root / tools.objdir, units)
    key = library_key(tools, objects)
    linked = not output.exists() or _read(stamp) != key
    if linked:
        link_library(tools, objects, output, verbose)
        stamp.parent.mkdir(parents=True, exist_ok=True)
        stamp.write_text(key)
    _prune(root, tools, objects)
    return linked


def stale_objects(repo_root: str | os.PathLike[str]) -> tuple[str, ...]:
    """The sources a build would compile now (relative paths); nothing is written."""
    root = Path(repo_root).resolve()
    tools = extension_toolchain(root)
    units = _units(root, tools)
    _, covered = _groups(root / tools.objdir, units)
    return _sources([u for u in units if u.obj.name not in covered and not u.obj.exists()])


def extension_toolchain(root: Path) -> Toolchain:
    """The toolchain of the extension ``aten_lite._C`` and of the core objects op libraries
    link: compiled for the baseline (x86-64-v2 on x86-64, the compiler's default elsewhere),
    never for this machine's CPU, so the extension runs on every CPU of its architecture; its
    kernel loops get wider variants on top (``capability_variants``, Note [CPU capability
    variants] in aten_lite/csrc/cpu_capability.h)."""
    return toolchain(root, native=False)


def capability_variants(cxx: Sequence[str]) -> tuple[tuple[str, int, tuple[str, ...]], ...]:
    """(name, code, extra compile flags) of each wider variant of the kernel loops the
    compiler ``cxx`` targets: avx2 (x86-64-v3) and avx512 (x86-64-v4) on x86-64, none on
    other architectures."""
    if not target_is_x86(cxx):
        return ()
    return tuple((name, code, (*flags, f"-DAL_CPU_CAPABILITY={name}",
                               f"-DAL_CPU_CAPABILITY_CODE={code}"))
                 for code, (name, flags) in enumerate(X86_VARIANTS, start=1))


def target_is_x86(cxx: Sequence[str]) -> bool:
    """Whether the compiler ``cxx`` compiles for x86-64 (its ``-dumpmachine``; a cross
    compiler answers for its target, not this machine)."""
    return _target_machine(tuple(cxx)).startswith(("x86_64", "amd64"))


@functools.lru_cache(maxsize=None)
def _target_machine(cxx: tuple[str, ...]) -> str:
    try:
        done = subprocess.run([*cxx, "-dumpmachine"], capture_output=True, text=True,
                              check=False, stdin=subprocess.DEVNULL)
    except OSError:
        return platform.machine().lower()
    return (done.stdout.strip() or platform.machine()).lower()


def baseline_flags(cxx: Sequence[str]) -> tuple[str, ...]:
    """The -march words of the portable baseline: x86-64-v2 on x86-64, none elsewhere."""
    return X86_BASELINE if target_is_x86(cxx) else ()


def toolchain(root: Path, native: bool | None = None) -> Toolchain:
    """Compiler and flags from the environment: CXX (default g++). ``native``: compile for this
    machine's CPU (-march=native), as op libraries' kernels and fused kernels are, which run
    where they are compiled; None reads AL_NATIVE (on unless AL_NATIVE=0, which builds for the
    portable baseline, e.g. a library copied to another machine). The extension passes False
    (``extension_toolchain``).

    Note [No contraction]: GCC's default for C++ is -ffp-contract=fast, which under
    -march=native turns ``a * b + c`` into one fused multiply-add, rounded once. A fused kernel
    of ``x * 3 + 1`` then differed from eager's ``mul`` then ``add`` (two roundings) in the
    last bit of about one element in six. With contraction off every YAML expression rounds
    each operation as written, in eager kernels and fused kernels alike, so a compiled graph
    gives eager's bits and the expression's meaning does not depend on the flags."""
    import numpy  # a build requirement: its headers describe the ndarray struct

    cxx = tuple(shlex.split(os.environ.get("CXX", "g++")))
    flags = ["-O3", "-std=c++17", "-fPIC", "-pthread", "-fwrapv", "-fno-math-errno",
             "-fno-trapping-math", "-fvisibility=hidden", "-fno-semantic-interposition",
             "-fdiagnostics-color=never", "-fmax-errors=5",
             # Each operation rounds on its own (Note [No contraction]).
             "-ffp-contract=off"]
    if native is None:
        native = os.environ.get("AL_NATIVE", "1") != "0"
    flags += ["-march=native"] if native else baseline_flags(cxx)
    if native and target_is_x86(cxx):
        flags += X86_NATIVE_WIDTH  # Note [One vector width]
    libs = ["-pthread"]  # the kernels' own thread pool (csrc/threads.h); no OpenMP
    if target_is_x86(cxx) and _have_libmvec():
        flags.append("-DAL_HAVE_MVEC=1")
        libs.append("-lmvec")
    extra_c, extra_ld = extra_flags()
    flags += [*extra_c, "-I" + str(root), "-I" + sysconfig.get_paths()["include"],
              "-I" + numpy.get_include()]
    fingerprint = (f"{_compiler_version(cxx)}|python {sys.version}|numpy {numpy.__version__}"
                   f"|{sysconfig.get_platform()}")
    if any(_NATIVE_FLAG.fullmatch(f) for f in flags):  # Note [Native flags in cache keys]
        fingerprint += f"|cpu {native_target(cxx).key}"
    objdir = OBJECT_DIR
    if extra_c or extra_ld:
        tag = hashlib.sha256("\0".join((*extra_c, "|", *extra_ld)).encode()).hexdigest()[:10]
        objdir = f"{OBJECT_DIR}-{tag}"
    return Toolchain(cxx, tuple(flags), ("-shared", *libs, *extra_ld), fingerprint, objdir)


@dataclass(frozen=True)
class NativeTarget:
    """What ``-march=native`` resolves to on this CPU with this compiler."""

    arch: str  # the -march value the compiler picked ("cascadelake"), or the CPU's model name
    features: tuple[str, ...]  # instruction-set options it enabled ("avx2", "avx512f", ...)
    key: str  # digest of everything it resolved to: what cache keys hold


def native_target(cxx: Sequence[str]) -> NativeTarget:
    """The target ``-march=native`` means here (Note [Native flags in cache keys]), computed
    once per process and compiler."""
    return _native_target(tuple(cxx))


@functools.lru_cache(maxsize=None)
def _native_target(cxx: tuple[str, ...]) -> NativeTarget:
    env = {**os.environ, "LC_ALL": "C", "LANG": "C"}
    try:
        done = subprocess.run([*cxx, "-march=native", "-Q", "--help=target"], capture_output=True,
                              text=True, env=env, check=False, stdin=subprocess.DEVNULL)
    except OSError:
        done = None
    values: dict[str, str] = {}
    if done is not None and done.returncode == 0:
        for line in done.stdout.splitlines():
            words = line.split()
            if len(words) == 2 and words[0].startswith("-m"):
                values[words[0]] = words[1]
    if "-march=" in values:
        features = tuple(sorted(name[2:] for name, value in values.items()
                                if value == "[enabled]" and _ISA_OPTION.fullmatch(name[2:])))
        text = "\n".join(f"{name} {value}" for name, value in sorted(values.items()))
        return NativeTarget(values["-march="], features, _digest(text))
    # A compiler that does not print its resolved target (clang): the CPU's own description.
    return _cpu_description()


def _cpu_description() -> NativeTarget:
    """The CPU as the operating system describes it: /proc/cpuinfo's first processor
    (vendor, family, model, its name and its flag words), else ``platform``'s words."""
    fields: dict[str, str] = {}
    try:
        with open("/proc/cpuinfo", encoding="utf-8", errors="replace") as f:
            for line in f:
                if not line.strip():
                    break  # the first processor's block
                name, _, value = line.partition(":")
                fields[name.strip()] = value.strip()
    except OSError:
        pass
    keep = ("vendor_id", "cpu family", "model", "model name", "flags", "Features",
            "CPU implementer", "CPU architecture", "CPU variant", "CPU part", "isa", "uarch")
    text = "\n".join(f"{k}={fields[k]}" for k in keep if k in fields) or \
        f"{platform.machine()}|{platform.processor()}"
    words = (fields.get("flags") or fields.get("Features") or "").split()
    arch = fields.get("model name") or platform.processor() or platform.machine()
    return NativeTarget(arch, tuple(sorted(words)), _digest(text))


def cpu_description_key() -> str:
    """A digest of the CPU as the operating system describes it (``_cpu_description``), read
    without running the compiler: what remembered compiler probes are keyed by."""
    return _cpu_description().key


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def extra_flags() -> tuple[list[str], list[str]]:
    """(compile, link) words from AL_SANITIZE, AL_EXTRA_CFLAGS and AL_EXTRA_LDFLAGS (Note
    [Sanitizer builds])."""
    cflags = shlex.split(os.environ.get("AL_EXTRA_CFLAGS", ""))
    ldflags = shlex.split(os.environ.get("AL_EXTRA_LDFLAGS", ""))
    sanitize = os.environ.get("AL_SANITIZE", "").strip()
    if sanitize:
        if not re.fullmatch(r"[a-z-]+(,[a-z-]+)*", sanitize):
            raise BuildError(f"AL_SANITIZE={sanitize!r}: expected a comma-separated list of "
                             "sanitizers, e.g. AL_SANITIZE=address,undefined")
        words = [f"-fsanitize={sanitize}", "-fno-sanitize-recover=all"]
        cflags = ["-O1", "-fno-omit-frame-pointer", *words, *cflags]
        ldflags = [*words, *ldflags]
    return cflags, ldflags


def _have_libmvec() -> bool:
    """glibc >= 2.35 on x86-64 has every vector function scalar_math.h declares (the caller
    checks that the compiler targets x86-64)."""
    try:
        found = os.confstr("CS_GNU_LIBC_VERSION")  # None where the system does not say
    except (ValueError, OSError, AttributeError):  # AttributeError: no confstr (Windows)
        return False
    try:
        name, version = (found or "").split()
    except ValueError:
        return False
    major, minor = (int(x) for x in version.split(".")[:2])
    return name == "glibc" and (major, minor) >= (2, 35)


def _compiler_version(cxx: tuple[str, ...]) -> str:
    try:
        out = subprocess.run([*cxx, "--version"], capture_output=True, text=True, check=False)
    except FileNotFoundError:
        raise BuildError(f"C++ compiler '{cxx[0]}' not found; install g++ or set CXX") from None
    return out.stdout.split("\n", 1)[0]


# ---- the object cache ------------------------------------------------------------------

def _units(root: Path, tools: Toolchain, staged: Path | None = None) -> list[Unit]:
    """Every source's default object, and for the kernel loops (VARIANT_SOURCES) one object
    per wider capability variant (``<stem>.avx2-<key>.o``)."""
    objdir = root / tools.objdir
    wider = capability_variants(tools.cxx)
    units = []
    for d in SOURCE_DIRS:
        folder = staged if (staged is not None and d == "generated/csrc") else root / d
        for src in sorted(folder.glob("*.cpp")):
            rel = f"{d}/{src.name}"
            stem = rel[:-4].replace("/", "__")
            units.append(Unit(rel, src, objdir / f"{stem}-{object_key(root, src, rel, tools)}.o"))
            if is_variant_source(rel):
                for name, code, flags in wider:
                    digest = object_key(root, src, rel, tools, extra=flags)
                    units.append(Unit(rel, src, objdir / f"{stem}.{name}-{digest}.o", flags, code))
    return units


def is_variant_source(rel: str) -> bool:
    """Whether the source ``rel`` (relative to the root) is compiled per capability."""
    return (any(fnmatch.fnmatchcase(rel, pattern) for pattern in VARIANT_SOURCES)
            and rel not in BASELINE_ONLY_SOURCES)


def object_key(root: Path, src: Path, rel: str, tools: Toolchain, headers: bool = True,
               extra: Sequence[str] = ()) -> str:
    """``headers=False``: the key of the source alone (an op library adds its own headers'
    part, tools/codegen/library_build.py). ``extra``: flags added for this object (a
    capability variant's)."""
    h = hashlib.sha256()
    for part in (tools.fingerprint, *tools.cxx, *tools.cflags, *extra):
        if not part.startswith("-I"):  # where the headers are does not matter, their version does
            h.update(part.encode() + b"\0")
    h.update(rel.encode() + b"\0")
    h.update(normalized_text(src.read_text()).encode() + b"\0")
    for path in sorted(local_headers(root, src)) if headers else ():
        h.update(path.relative_to(root).as_posix().encode() + b"\0")
        h.update(normalized_text(path.read_text()).encode() + b"\0")
    return h.hexdigest()[:20]


def normalized_text(text: str) -> str:
    """The text with what cannot change the object removed (Note [Object cache key])."""
    return _LINE_DIRECTIVE.sub(r"\1N", _COMMENT_LINE.sub("", text))


def local_headers(root: Path, src: Path) -> set[Path]:
    """Every file reachable through #include "..." from src, resolved as the compiler does
    (the including file's folder first, then the repository root)."""
    seen: set[Path] = set()
    stack = [src]
    while stack:
        current = stack.pop()
        for name in _INCLUDE.findall(current.read_text()):
            for base in (current.parent, root):
                candidate = (base / name).resolve()
                if candidate.is_file():
                    if candidate not in seen:
                        seen.add(candidate)
                        stack.append(candidate)
                    break
    return seen


def _prune(root: Path, tools: Toolchain, objects: list[Path]) -> None:
    """Remove cached objects the link did not use (old versions of edited files, groups with a
    changed member) and the files that describe dropped groups."""
    keep = {o.name for o in objects}
    for obj in (root / tools.objdir).glob("*.o"):
        if obj.name not in keep:
            obj.unlink(missing_ok=True)
    for path in (*(root / tools.objdir).glob("unity-*.txt"),
                 *(root / tools.objdir).glob("unity-*.cpp")):
        if path.with_suffix(".o").name not in keep:
            path.unlink(missing_ok=True)


# ---- unity groups (Note [Unity objects]) ------------------------------------------------

def _groups(objdir: Path, units: list[Unit]) -> tuple[list[Path], set[str]]:
    """The group objects whose members are all current units (each unit in one group at
    most), and the object names of the members they stand for."""
    current = {u.obj.name for u in units}
    chosen: list[Path] = []
    covered: set[str] = set()
    for listing in sorted(objdir.glob("unity-*.txt")):
        members = set(listing.read_text().split())
        obj = listing.with_suffix(".o")
        if members and members <= current and not members & covered and obj.exists():
            chosen.append(obj)
            covered |= members
    return chosen, covered


def _link_objects(objdir: Path, units: list[Unit]) -> list[Path]:
    """The objects to link, the default variant's first and each wider one after: the linker
    keeps the first copy of an inline function several objects define, which must not be
    wider than any of its callers (Note [CPU capability variants] in aten_lite/csrc/cpu_capability.h)."""
    chosen, covered = _groups(objdir, units)
    level = {u.obj.name: u.level for u in units}
    ranked = [(max(level.get(m, 0) for m in g.with_suffix(".txt").read_text().split()), g)
              for g in chosen]
    ranked += [(u.level, u.obj) for u in units if u.obj.name not in covered]
    return [obj for _, obj in sorted(ranked, key=lambda pair: pair[0])]


def _plan_groups(units: list[Unit], count: int) -> list[tuple[Unit, ...]]:
    """``units`` dealt into ``count`` groups of about equal work, the source size standing in
    for compile time (largest first, each to the lightest group)."""
    count = min(count, len(units))
    groups: list[list[Unit]] = [[] for _ in range(count)]
    load = [0] * count
    for u in sorted(units, key=lambda u: (-u.file.stat().st_size, u.source)):
        i = load.index(min(load))
        groups[i].append(u)
        load[i] += u.file.stat().st_size
    return [tuple(sorted(g, key=lambda u: u.source)) for g in groups if g]


def _group_paths(root: Path, tools: Toolchain, group: tuple[Unit, ...]) -> tuple[Path, Path]:
    """(unity source, its object) for a group: named by its members' object names."""
    digest = hashlib.sha256("\0".join(u.obj.name for u in group).encode()).hexdigest()[:20]
    obj = root / tools.objdir / f"unity-{digest}.o"
    return obj.with_suffix(".cpp"), obj


# ---- the build API (Note [Build API]) ---------------------------------------------------

class CompileError(BuildError):
    """One source did not compile. ``output`` is what the compiler said, for a caller that
    locates errors its own way (a fused kernel names its ops' YAML lines)."""

    def __init__(self, source: str, output: str) -> None:
        super().__init__(_failed(source, output))
        self.output = output


def compile_units(root: Path, tools: Toolchain, units: Sequence[Unit], jobs: int = 2,
                  verbose: bool = False) -> tuple[str, ...]:
    """Compile every unit whose object file does not exist yet, ``jobs`` at a time; return
    their sources. Raises BuildError naming every source that failed (a generated kernel at
    its YAML line); the objects that did compile stay cached."""
    todo = [u for u in units if not u.obj.exists()]
    _compile_all(root, tools, todo, jobs, verbose)
    return _sources(todo)


def compile_command(tools: Toolchain, file: Path,
                    extra_cflags: Sequence[str] = ()) -> list[str]:
    """The compiler's words for ``file`` (run in the repository root), without ``-o``."""
    return [*tools.cxx, *tools.cflags, *extra_cflags, "-c", str(file)]


def compile_file(root: Path, tools: Toolchain, file: Path, obj: Path,
                 extra_cflags: Sequence[str] = (), verbose: bool = False) -> str:
    """Compile ``file`` into ``obj``, atomically (a complete file under that name, or none);
    return the compiler's warnings. Raises CompileError with its output when it fails."""
    tmp = obj.with_name(f"{obj.name}.{os.getpid()}-{threading.get_ident()}.tmp")
    cmd = [*compile_command(tools, file, extra_cflags), "-o", str(tmp)]
    if verbose:
        print(" ".join(cmd), file=sys.stderr)
    # C locale: plain ASCII quotes in messages, which BuildError passes on.
    env = {**os.environ, "LC_ALL": "C", "LANG": "C"}
    status, output, cpu = _run_compiler(cmd, root, env)
    if _cpu_times is not None:
        with _cpu_times_lock:
            _cpu_times.append((file.name, cpu))
    if status != 0:
        tmp.unlink(missing_ok=True)
        raise CompileError(file.name, output)
    os.replace(tmp, obj)
    return output


def link_library(tools: Toolchain, objects: Sequence[Path], output: Path,
                 verbose: bool = False) -> None:
    """Link ``objects`` into the shared library ``output``, atomically; BuildError with the
    linker's messages when it fails."""
    output.parent.mkdir(parents=True, exist_ok=True)
    tmp = output.with_name(f".{output.name}.{os.getpid()}-{threading.get_ident()}.tmp")
    cmd = [*tools.cxx, *(str(o) for o in objects), "-o", str(tmp), *tools.ldflags]
    if verbose:
        print(" ".join(cmd), file=sys.stderr)
    done = subprocess.run(cmd, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        tmp.unlink(missing_ok=True)
        raise BuildError(f"linking {output.name} failed:\n{(done.stderr + done.stdout).strip()}")
    os.replace(tmp, output)


def library_key(tools: Toolchain, objects: Sequence[Path]) -> str:
    """What a link of ``objects`` depends on (linker, flags, the objects' content-keyed
    names): a builder keeps it beside the library and relinks when it differs."""
    h = hashlib.sha256()
    for part in (*tools.cxx, *tools.ldflags, *(o.name for o in objects)):
        h.update(part.encode() + b"\0")
    return h.hexdigest()


# ---- compiling and linking -------------------------------------------------------------

def _compile_all(root: Path, tools: Toolchain, todo: Sequence[Unit | tuple[Unit, ...]],
                 jobs: int, verbose: bool, raise_errors: bool = True) -> list[Unit | tuple[Unit, ...]]:
    """Compile each task (a Unit, or a group of them: a tuple) in parallel. Failed tasks raise
    BuildError, or with ``raise_errors=False`` are returned (a failed group is then retried
    one unit at a time by the caller)."""
    if not todo:
        return []
    (root / tools.objdir).mkdir(parents=True, exist_ok=True)
    errors: list[str] = []
    failed: list[Unit | tuple[Unit, ...]] = []
    with concurrent.futures.ThreadPoolExecutor(max(1, jobs)) as pool:
        for task, error in zip(todo, pool.map(lambda t: _compile_task(root, tools, t, verbose),
                                              todo)):
            if error is not None:
                failed.append(task)
                if not isinstance(task, tuple):
                    errors.append(_explain(root, task, error))
    if errors and raise_errors:
        # A source's capability variants fail alike: each message once.
        raise BuildError("\n".join(dict.fromkeys(errors)))
    return failed


def _compile_task(root: Path, tools: Toolchain, task: Unit | tuple[Unit, ...],
                  verbose: bool) -> str | None:
    if not isinstance(task, tuple):
        return _compile(root, tools, task.file, task.obj, verbose, task.flags)
    source, obj = _group_paths(root, tools, task)
    source.write_text("".join(f'#include "{u.file.resolve()}"\n' for u in task))
    error = _compile(root, tools, source, obj, verbose, task[0].flags)
    if error is None:  # written last: the listing is what makes the object count
        listing = obj.with_suffix(".txt")
        tmp = listing.with_name(f"{listing.name}.{os.getpid()}.tmp")
        tmp.write_text("".join(f"{u.obj.name}\n" for u in task))
        os.replace(tmp, listing)
    return error


def _compile(root: Path, tools: Toolchain, file: Path, obj: Path, verbose: bool,
             flags: Sequence[str] = ()) -> str | None:
    """Compiles one file; returns the compiler's output on failure, else None."""
    try:
        compile_file(root, tools, file, obj, flags, verbose=verbose)
    except CompileError as exc:
        return exc.output
    return None


def _explain(root: Path, unit: Unit, output: str) -> str:
    """One line for a generated kernel (``native_functions.yaml:LINE: OP: C++ error: ...``),
    else the compiler's first error lines."""
    first = _ERROR.search(output)
    source = unit.file.read_text()
    op = _OP_LINE.search(source)
    if unit.source.startswith("generated/") and first and op:
        if first.group("file").endswith(".yaml"):
            file, line = Path(first.group("file")).name, first.group("line")
        else:
            where = _YAML_LINE.search(source)
            file, line = (where.group(2), where.group(1)) if where else (YAML_NAME, "?")
        return f"{file}:{line}: {op.group(1)}: C++ error: {first.group('msg').strip()}"
    return _failed(unit.source, output)


def _failed(source: str, output: str) -> str:
    """``SOURCE: compilation failed:`` and the compiler's first error lines (its first lines
    when none reads as an error)."""
    lines = [m.group(0) for m in _ERROR.finditer(output)][:3] or output.strip().splitlines()[:5]
    return f"{source}: compilation failed:\n  " + "\n  ".join(lines)


def _describe_task(objdir: Path, name: str) -> str:
    """A compiled file's name, or for a unity group its variant and members' names."""
    listing = (objdir / name).with_suffix(".txt")
    if not name.startswith("unity-") or not listing.is_file():
        return name
    members = [m.split("-")[0].rsplit("__", 1)[-1] for m in listing.read_text().split()]
    variant = members[0].rsplit(".", 1)[1] if "." in members[0] else "default"
    stems = " ".join(m.split(".")[0] for m in members)
    return f"group {variant}, {len(members)} files: {stems}"


def _stamp_path(root: Path, tools: Toolchain, output: Path) -> Path:
    tag = hashlib.sha256(str(output).encode()).hexdigest()[:16]
    return root / tools.objdir / f"link-{tag}.stamp"


def _read(path: Path) -> str | None:
    try:
        return path.read_text()
    except FileNotFoundError:
        return None


def main(argv: list[str] | None = None) -> int:
    """``python tools/codegen/build.py [--root DIR] [--output FILE] [--jobs N]``: build the
    extension of the checkout at DIR into FILE (default: in place), e.g. a sanitizer build
    into a copy (Note [Sanitizer builds])."""
    import argparse

    parser = argparse.ArgumentParser(description=main.__doc__)
    parser.add_argument("--root", default=".", help="repository root (default: .)")
    parser.add_argument("--output", help="the module file to write (default: in the tree)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 2,
                        help="compiler processes at once (default: every core)")
    parser.add_argument("--unity", action="store_true",
                        help="compile many missing kernels in groups (Note [Unity objects])")
    parser.add_argument("--times", action="store_true",
                        help="print each compiler run's CPU seconds (Note [Build times])")
    args = parser.parse_args(argv)
    output = args.output or default_output(args.root)
    try:
        report = build_extension(args.root, output, jobs=args.jobs, unity=args.unity,
                                 times=args.times)
    except BuildError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    if args.times:
        objdir = Path(args.root).resolve() / extension_toolchain(Path(args.root).resolve()).objdir
        for name, cpu in sorted(report.cpu_times, key=lambda pair: -pair[1]):
            print(f"{cpu:8.2f}  {_describe_task(objdir, name)}")
        seconds = [cpu for _, cpu in report.cpu_times]
        print(f"{sum(seconds):8.2f}  CPU seconds in {len(seconds)} compiler runs; with "
              f"{args.jobs} jobs on an idle machine about "
              f"{schedule_seconds(seconds, args.jobs):.0f} s")
    print(f"{output}: compiled {len(report.compiled)} file(s), "
          f"{'relinked' if report.linked else 'up to date'} ({report.seconds:.1f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Building fused kernels into shared objects, and the disk cache that keeps them.

Note [Fused kernel cache]
A kernel's file is ``<key>.so`` in ``<cache>/kernels/``, where ``<cache>`` is aten_lite's
run-time cache (``vocab/jit_cache.py``: ``$AL_CACHE_DIR`` when set, else
``$XDG_CACHE_HOME/aten_lite``, else ``~/.cache/aten_lite``), beside op libraries' builds. The
key hashes
what decides the object code, as the extension's object cache does (Note [Object cache key]
in tools/codegen/build.py: the source, every header it includes, the compiler and its version,
the flags), so a second process, or the next run, loads the file without compiling, and an
edited header or another compiler builds a new one. The source is not rendered to compute the
key: what it is rendered from is hashed instead (the spec, the fusion tables of its ops,
aten_lite's and each library's, the renderer kernels_source.py with fusion_entries.py and the
template), so a YAML edit that changes no fusion-table row (a doc, a derivative, another
kind of op) keeps every kernel.
* Writes are atomic: the object and the library are built under names private to the process
  (build.py's own temporary names) and renamed into place, so processes building the same
  kernel at once each rename a complete file; the last one wins, and both are valid.
* Each file ends with a trailer (a magic word, the file's key, and the SHA-256 of the key and
  of what precedes it; the dynamic loader ignores bytes after the ELF sections). A file whose
  trailer does not match (truncated, overwritten, or another kernel's file under this name:
  two swapped files) is rebuilt, never loaded: a kernel of another signature loaded under this
  key would make every call of it fail, in every later process.
* The cache is private (Note [Private caches] in tools/codegen/private_cache.py): its folders
  are made 0700 and its libraries 0700 whatever the umask, and a folder or library that
  another user owns or that group or others can write is refused with UnsafeCacheError
  (naming it and the fix), never loaded: loading a library runs its code. The refusal is also
  warned, once per message and process: graph mode runs a group whose kernel cannot be had on
  the reference executor, and the user must still learn why, and how to fix the cache.
* A cache directory that cannot be written (read-only, not creatable) is replaced, once per
  process and with one warning, by a private temporary directory (``tempfile.mkdtemp``);
  kernels already in the read-only directory are still loaded from it, when it is private.
* Builds read a precompiled header of the kernels' common includes (Note [Fused kernel PCH] in
  aten_lite/compile/kernels_pch.py); ``load_or_build_many`` builds many kernels at once, in
  parallel, after it.
"""

from __future__ import annotations

import concurrent.futures
import ctypes
import dataclasses
import functools
import hashlib
import json
import os
import re
import shlex
import shutil
import sys
import sysconfig
import threading
import warnings
from pathlib import Path

import numpy

from ..vocab import jit_cache as _jit_cache
from . import fusion_entries, kernels_pch
from .kernels_source import WIDE_PRAGMA, FusedSource, FusionBuildError, _cg, checkout_root

__all__ = ["cache_dir", "load_or_build", "load_or_build_many"]

_MAGIC = b"\0ALFUSED2"
_KEY_BYTES = 16  # the file name's key (32 hex digits), in the trailer
_TRAILER = len(_MAGIC) + _KEY_BYTES + 32
_WHAT = "aten_lite fused kernel cache"
_ERROR = re.compile(r"^(?P<file>[^:\n]+):(?P<line>\d+):(?:\d+:)? (?:fatal )?error: (?P<msg>.*)$",
                    re.MULTILINE)


class _State:
    """Process-wide facts: a loaded library stays mapped for the life of the process (its
    KernelInfo backs every Kernel object made from it), and the fallback directory is chosen
    once."""

    libraries: dict = {}  # path of a loaded .so -> ctypes.CDLL, so that it is never unloaded
    fallback: Path | None = None  # the temporary directory used instead of a read-only cache
    refused: set = set()  # the UnsafeCacheError messages already warned
    toolchains: dict = {}  # (root, the environment build.toolchain reads) -> Toolchain


def cache_dir() -> Path:
    """Where fused kernels are kept (Note [Fused kernel cache]): ``kernels/`` of aten_lite's
    one run-time cache folder (``$AL_CACHE_DIR``, else the XDG cache; ``vocab/jit_cache.py``)."""
    return _jit_cache.cache_dir("kernels")


def _private():
    """tools/codegen/private_cache.py (Note [Private caches])."""
    return _cg("private_cache")


def _root_of(d: Path) -> Path:
    """The folder whose chain of owners ``d``'s check starts from: aten_lite's cache root for
    the cache, the temporary folder itself for the fallback."""
    return d if d == _State.fallback else _jit_cache.cache_dir()


def _writable_dir() -> Path:
    """The cache directory, or the process's temporary one when it cannot be written. Raises
    UnsafeCacheError when the cache directory is not private (Note [Private caches])."""
    if _State.fallback is not None:
        return _State.fallback
    d = cache_dir()
    try:
        _private().make_dir(d, _jit_cache.cache_dir(), _WHAT)
        probe = d / f".probe-{os.getpid()}-{threading.get_ident()}"  # builders run in threads
        probe.write_bytes(b"")
        probe.unlink()
        return d
    except OSError as exc:
        _State.fallback = _private().fallback_folder(
            "aten_lite_kernels_",
            f"aten_lite: the kernel cache {d} cannot be written ({exc.strerror or exc}); "
            "fused kernels are built in {folder} for this process only. "
            "Set AL_CACHE_DIR to a writable directory to keep them.", stacklevel=4)
        return _State.fallback


def _key(spec, tools, root: Path, build) -> str:
    """The hash of everything that decides the kernel's object code, computed without
    rendering it (Note [Fused kernel cache]): a cached kernel loads without the YAML being
    read or the template rendered."""
    from ..vocab import dtype as _dtype
    from .library_entries import source_files as library_tables

    h = hashlib.sha256()
    for part in (tools.fingerprint, *tools.cxx, *tools.cflags, *tools.ldflags,
                 repr(spec), _dtype.get_default_dtype().name):
        if not part.startswith("-I"):  # where headers are does not matter, their text does
            h.update(part.encode() + b"\0")
    here = Path(__file__).resolve().parent
    template = here / "jit" / "fused.cpp.j2"
    # The fusion tables hold every fact of the ops the source is rendered from (Note [The
    # fusion table] in tools/codegen/api_fusion.py): their expressions, YAML lines, arguments
    # and storage types; a YAML edit that changes no row keeps every key.
    files = [fusion_entries.builtin_file(), here / "kernels_source.py",
             here / "fusion_entries.py", template, here / "kernels_rows.py",
             here / "jit" / "fused_rows.cpp.j2",
             *sorted(build.local_headers(root, template)), *library_tables(spec)]
    for path in files:
        h.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    return h.hexdigest()[:32]


def _trailer(key: str, body: bytes) -> bytes:
    """What ends the library of ``key`` whose bytes are ``body`` (Note [Fused kernel cache])."""
    k = bytes.fromhex(key)
    return _MAGIC + k + hashlib.sha256(k + body).digest()


def _valid(path: Path, key: str) -> bool:
    """Whether ``path`` is a complete library this module wrote for ``key`` (its trailer
    matches: not truncated, not another kernel's file)."""
    try:
        data = path.read_bytes()
    except OSError:
        return False
    return len(data) > _TRAILER and data[-_TRAILER:] == _trailer(key, data[:-_TRAILER])


def _warn_refusals(fn):
    """``fn``, warning each UnsafeCacheError it raises once per process before raising it."""
    @functools.wraps(fn)
    def wrapper(*args):
        try:
            return fn(*args)
        except _private().UnsafeCacheError as exc:
            if str(exc) not in _State.refused:
                _State.refused.add(str(exc))
                warnings.warn(str(exc), RuntimeWarning, stacklevel=3)
            raise
    return wrapper


@_warn_refusals
def load_or_build(spec, render):
    """The ``_C`` Kernel object of ``spec``: from the cache, else rendered with
    ``render(spec) -> FusedSource``, compiled and cached. Returns (kernel, source), where
    source is None when the kernel came from the cache (the compiler did not run)."""
    job = _Job(spec, _toolchain())
    kernel = job.cached()
    if kernel is not None:
        return kernel, None
    folder = _writable_dir()
    flags = kernels_pch.compile_flags(folder, job.tools, job.root, job.cg,
                                      start=_holds_a_kernel(folder))
    return job.build(render, flags)


@_warn_refusals
def load_or_build_many(specs, render, jobs: int) -> list:
    """``load_or_build`` of every spec, the kernels not in the cache compiled ``jobs`` at a
    time after the precompiled header they share (Note [Fused kernel PCH]). Returns, per
    spec, (kernel, source) or the FusionBuildError that load_or_build would raise."""
    setup = _toolchain()
    work = [_Job(spec, setup) for spec in specs]
    results: list = [None] * len(work)
    todo: dict = {}  # file name -> job: equal kernels are built once
    for i, job in enumerate(work):
        kernel = job.cached()
        if kernel is not None:
            results[i] = (kernel, None)
        else:
            todo.setdefault(job.name, job)
    todo = list(todo.values())
    flags: tuple[str, ...] = ()
    if len(todo) > 1:
        flags = kernels_pch.ensure(_writable_dir(), todo[0].tools, todo[0].root, todo[0].cg)

    def one(job):
        try:
            return job.build(render, flags)
        except FusionBuildError as exc:
            return exc

    with concurrent.futures.ThreadPoolExecutor(max(1, jobs)) as pool:
        built = dict(zip((job.name for job in todo), pool.map(one, todo)))
    for i, job in enumerate(work):
        if results[i] is None:
            results[i] = built[job.name]
    return results


class _Job:
    """One spec's kernel: its key and file name, found in the cache or built."""

    def __init__(self, spec, setup) -> None:
        self.spec = spec
        self.cg, self.root, self.tools = setup
        self.key = _key(spec, self.tools, self.root, self.cg)
        self.name = f"fused-{self.key}.so"

    def cached(self):
        """The kernel from the cache, or None. Raises UnsafeCacheError for a folder or file
        that another user could have written (Note [Private caches])."""
        for d in dict.fromkeys((cache_dir(), _writable_dir())):
            path = d / self.name
            if path not in _State.libraries:
                if not path.exists():
                    continue
                _private().check(path, _root_of(d), _WHAT)
                if not _valid(path, self.key):
                    continue
            kernel = _load(path)
            if kernel is not None:
                return kernel
        return None

    def build(self, render, flags: tuple[str, ...]):
        """(kernel, source): rendered, compiled with ``flags`` (the PCH's), cached, loaded."""
        source = render(self.spec)
        path = _writable_dir() / self.name
        _compile(source, self.tools, path, self.cg, self.root, flags, self.key)
        kernel = _load(path)
        if kernel is None:
            raise FusionBuildError(f"fused kernel {source.summary}: the library {path} was "
                                   "built but does not load")
        return kernel, source


def _toolchain() -> tuple:
    """(build module, root, toolchain) of kernel builds. The toolchain runs the compiler to
    learn its version, so it is kept per process for the environment it was made in, and on
    disk for the next process (Note [Remembered toolchains])."""
    build = _cg("build")
    root = checkout_root()
    env = tuple(os.environ.get(v) for v in ("CXX", "AL_NATIVE", "AL_SANITIZE",
                                            "AL_EXTRA_CFLAGS", "AL_EXTRA_LDFLAGS", "PATH"))
    tools = _State.toolchains.get((root, env))
    if tools is None:
        memo = _toolchain_memo(build, root, env)
        tools = _recall_toolchain(build, memo)
        if tools is None:
            tools = build.toolchain(root)
            # Every symbol resolved at link time: a kernel that needs one the core does not
            # forward (Note [Fused kernel ABI]) fails to build, instead of failing to load.
            tools = dataclasses.replace(tools, ldflags=(*tools.ldflags, "-Wl,-z,defs"))
            _remember_toolchain(tools, memo)
        _State.toolchains[(root, env)] = tools
    return build, root, tools


# Note [Remembered toolchains]
# Learning the toolchain runs the compiler three times (target, version, what -march=native
# resolves to): ~10 ms of CPU and ~25 ms of wall time, a third of a warm first call of a
# compiled function. So it is kept in the kernel cache as ``toolchain-<key>.json``, keyed by
# all it was learnt from: build.py's text, the environment it reads, the checkout, Python,
# NumPy, glibc, the compiler's executable (resolved path, inode, size, mtime: an upgrade
# replaces it) and the CPU as /proc/cpuinfo describes it (a folder shared by two kinds of
# machine keeps one file per CPU; Note [Native flags in cache keys] in build.py). It decides every
# kernel's flags, so it is private like the kernels: one that fails the owner and mode check
# is learnt afresh and rewritten, never read.

def _toolchain_memo(build, root: Path, env: tuple) -> Path | None:
    """Where the toolchain of this environment is remembered; None for a compiler not found."""
    try:
        found = shutil.which((shlex.split(os.environ.get("CXX", "g++")) or [""])[0])
        exe = os.path.realpath(found) if found else None
        st = os.stat(exe) if exe else None
    except (OSError, ValueError):
        return None
    if st is None:
        return None
    what = [str(root), *map(str, env), sys.version, numpy.__version__, numpy.get_include(),
            sysconfig.get_paths()["include"], os.confstr("CS_GNU_LIBC_VERSION") or "", exe,
            str(st.st_ino), str(st.st_size), str(st.st_mtime_ns), build.cpu_description_key()]
    h = hashlib.sha256("\0".join(what).encode())
    h.update(Path(build.__file__).read_bytes())  # the code that chooses the flags
    key = h.hexdigest()[:32]
    return cache_dir() / f"toolchain-{key}.json"


def _recall_toolchain(build, memo: Path | None):
    """The toolchain remembered at ``memo``, or None (none there, unreadable or not private)."""
    try:
        if memo is None or not memo.is_file():
            return None
        _private().check(memo, _jit_cache.cache_dir(), _WHAT)
        d = json.loads(memo.read_text())
        return build.Toolchain(tuple(d["cxx"]), tuple(d["cflags"]), tuple(d["ldflags"]),
                               d["fingerprint"], d["objdir"])
    except (OSError, ValueError, KeyError, TypeError, _private().UnsafeCacheError):
        return None


def _remember_toolchain(tools, memo: Path | None) -> None:
    try:  # not in a read-only cache's fallback folder, which dies with the process
        if memo is not None and _writable_dir() == memo.parent:
            _private().write_file(memo, json.dumps(dataclasses.asdict(tools)).encode())
    except OSError:
        pass


def _holds_a_kernel(folder: Path) -> bool:
    try:
        with os.scandir(folder) as it:
            return any(e.name.startswith("fused-") and e.name.endswith(".so") for e in it)
    except OSError:
        return False


def _load(path: Path):
    from .. import _C

    lib = _State.libraries.get(path)
    if lib is None:
        try:
            lib = ctypes.CDLL(str(path), mode=os.RTLD_NOW | os.RTLD_LOCAL)
        except OSError:
            return None
        _State.libraries[path] = lib
    init = lib.al_fused_init
    init.restype = ctypes.c_void_p
    init.argtypes = [ctypes.c_void_p]
    address = init(_C._jit_runtime())
    if not address:  # another ABI version (Note [Fused kernel ABI] in csrc/jit_api.h)
        return None
    return _C._kernel_at(address)


def _compile(source: FusedSource, tools, path: Path, build, root: Path,
             flags: tuple[str, ...], key: str) -> None:
    """Compile and link ``source`` into ``path`` atomically, its trailer naming ``key`` and its
    mode 0700 whatever the umask (Note [Fused kernel cache]), with
    the precompiled header's ``flags``, or without them when they are the fault (Note [Fused
    kernel PCH])."""
    work = path.parent
    # Names private to this process and thread (two threads may build one kernel).
    me = f"{os.getpid()}-{threading.get_ident()}"
    src = work / f"{path.stem}.{me}.cpp"
    src.write_text(source.text)
    obj = work / f"{path.stem}.{me}.o"
    try:
        try:
            kernels_pch.blame(flags, build.compile_file(root, tools, src, obj, flags))
        except build.CompileError as exc:
            if not flags:
                raise FusionBuildError(_explain(source, exc.output)) from None
            try:
                build.compile_file(root, tools, src, obj)
            except build.CompileError as plain:
                raise FusionBuildError(_explain(source, plain.output)) from None
            kernels_pch.blame(flags, None)
        tmp = work / f".{path.name}.{me}.link"
        try:
            build.link_library(tools, [obj], tmp)
        except build.BuildError as exc:
            raise FusionBuildError(f"fused kernel {source.summary}: {exc}") from None
        data = tmp.read_bytes()
        if b"_ZGVe" in data and WIDE_PRAGMA in source.text:
            # a 512-bit libmvec function after all (Note [Wide vectors in fused kernels]):
            # compiled again at the width eager's kernels use
            tmp.unlink(missing_ok=True)
            narrow = dataclasses.replace(source, text=source.text.replace(WIDE_PRAGMA + "\n", ""))
            return _compile(narrow, tools, path, build, root, flags, key)
        with open(tmp, "ab") as f:
            f.write(_trailer(key, data))
        os.chmod(tmp, 0o700)
        os.replace(tmp, path)
    finally:
        src.unlink(missing_ok=True)
        obj.unlink(missing_ok=True)


def _explain(source: FusedSource, output: str) -> str:
    """The op group, the YAML line the compiler points at (a step's expression), and its
    first error lines."""
    lines = [m.group(0) for m in _ERROR.finditer(output)][:3] or output.strip().splitlines()[:5]
    first = _ERROR.search(output)
    where = ""
    if first and first.group("file").endswith(".yaml"):
        # A library's YAML is named with its folder, as its #line says (myops/...yaml).
        file = first.group("file")
        name = file if "/" in file and not Path(file).is_absolute() else Path(file).name
        where = f" at {name}:{first.group('line')}"
    return (f"fused kernel {source.summary}: C++ error{where}: "
            f"{first.group('msg').strip() if first else 'compilation failed'}\n  " +
            "\n  ".join(lines))

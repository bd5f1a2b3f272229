"""Generate and build an op library (``aten-lite-gen library DIR --name NS``), or check it.

Note [Library builds]
A library's extension module ``_C`` is linked from aten_lite's core sources
(``aten_lite/csrc/*.cpp``: the registry, the kernel object, the thread pool) and the library's
generated kernels, compiled with the flags and headers of the aten_lite that runs the
generator (build.py's toolchain), so it depends on nothing but what an installed aten_lite
ships. Objects are cached by build.py's content key in the user cache (``cache_dir()``), so
the core compiles once per machine and an edited library recompiles only its changed kernels.
The object cache is private (Note [Private caches] in private_cache.py): its folder is made
0700 and the objects compiled into it 0600, and an object or folder there that another user
owns or that group or others can write is refused before it is linked into a library.

A build is all or nothing, like the main tree's (Note [Generation is all or nothing] in
gen.py): the package is rendered, compiled and linked in a staging folder beside the output,
and only a complete one replaces the output folder. A YAML error, a C++ error or an
interrupted build leaves the previous build in place, loadable.
"""

from __future__ import annotations

import argparse
import atexit
import dataclasses
import hashlib
import os
import re
import shutil
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from . import build, private_cache, report, runtime_source
from .library import Library, LibraryError, aten_root, load_spec, main_spec, render
from .spec import Spec, SpecError

STAMP = ".build_key"  # in the output: what the extension was linked from
_WHAT = "aten-lite-gen library: the object cache"
_FALLBACK: dict[str, Path] = {}  # objects' tag -> this process's private temporary folder


def cache_dir(*parts: str) -> Path:
    """``$AL_CACHE_DIR`` or ``$XDG_CACHE_HOME/aten_lite`` (default ``~/.cache/aten_lite``),
    and a subfolder of it."""
    base = os.environ.get("AL_CACHE_DIR")
    if not base:
        xdg = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
        base = os.path.join(xdg, "aten_lite")
    return Path(base, *parts)


@dataclass(frozen=True)
class LibraryReport:
    """What one ``aten-lite-gen library`` run did."""

    out: Path  # the generated package
    written: tuple[str, ...]  # files whose text changed (paths inside out)
    compiled: tuple[str, ...]  # C++ sources compiled (the rest came from the object cache)
    linked: bool  # whether the extension was relinked
    seconds: float


def _core_toolchain(root: Path, tools: build.Toolchain) -> build.Toolchain:
    """What aten_lite's core sources compile with in a library: the extension's own toolchain
    (the portable baseline, Note [CPU capability variants] in aten_lite/csrc/cpu_capability.h),
    so their objects are the extension build's; kept in ``tools``' object folder."""
    return dataclasses.replace(build.extension_toolchain(root), objdir=tools.objdir)


def _units(root: Path, tools: build.Toolchain, kernels: Path) -> list[build.Unit]:
    """aten_lite's core sources (compiled as the extension's default objects) and the
    library's kernels (compiled with ``tools``: for this machine), core first: the link keeps
    the first copy of an inline function several objects define, which must be the baseline's
    (Note [CPU capability variants]). Objects are in the user cache."""
    objdir = Path(tools.objdir)
    core_tools = _core_toolchain(root, tools)
    # The objects' tag (al_objs, or al_objs-<flags>): the cache folder's name, or the one a
    # private fallback folder stands in for, whose own name is a temporary one.
    tag = next((t for t, d in _FALLBACK.items() if d == objdir), objdir.name)
    units = []
    # Kernels are named as in the main tree (generated/csrc/), which is what lets build.py
    # report a C++ error at the YAML line of the expression.
    for folder, rel in ((root / "aten_lite" / "csrc", "aten_lite/csrc"),
                        (kernels, "generated/csrc")):
        for src in sorted(folder.glob("*.cpp")):
            name = f"{rel}/{src.name}"
            key = _object_key(root, src, name, core_tools if rel == "aten_lite/csrc" else tools)
            obj = f"{name[:-4].replace('/', '__')}-{key}.o"
            # aten_lite's own build has compiled the core under the same key: in a checkout
            # into build/, in an install into the package (setup.py ships them).
            found = objdir / obj
            if rel == "aten_lite/csrc":
                for there in (root / Path(build.OBJECT_DIR).parent / tag / obj,
                              root / "aten_lite" / "csrc" / "objects" / obj):
                    if there.is_file():
                        found = there
                        break
            units.append(build.Unit(name, src, found))
    return units


def _object_key(root: Path, src: Path, rel: str, tools: build.Toolchain) -> str:
    """build.py's object key (Note [Object cache key]), where a header may also sit beside the
    source, outside aten_lite (a library's `cpp:` template): it is named relative to it."""
    headers = sorted(build.local_headers(root, src))
    if all(path.is_relative_to(root) for path in headers):
        return build.object_key(root, src, rel, tools)  # the main build's key, for the core
    h = hashlib.sha256(build.object_key(root, src, rel, tools, headers=False).encode())
    for path in headers:
        where = path.relative_to(root) if path.is_relative_to(root) else \
            Path("<library>") / path.relative_to(src.parent)
        h.update(where.as_posix().encode() + b"\0" + build.normalized_text(path.read_text()).encode())
    return h.hexdigest()[:20]


def _toolchain(root: Path) -> build.Toolchain:
    tools = build.toolchain(root)
    tag = Path(tools.objdir).name  # al_objs, or al_objs-<flags> for a sanitizer build
    objdir = _FALLBACK.get(tag)
    if objdir is None:
        try:
            objdir = private_cache.make_dir(cache_dir("objects", tag), cache_dir(), _WHAT)
        except OSError:  # a read-only cache: build without one rather than fail, in a folder
            # of this process's own (never a fixed path in the shared temporary directory)
            objdir = _FALLBACK[tag] = Path(tempfile.mkdtemp(prefix=f"aten_lite-{tag}-"))
            atexit.register(shutil.rmtree, objdir, ignore_errors=True)
    return dataclasses.replace(tools, objdir=str(objdir))


def _cached(tools: build.Toolchain, units: list[build.Unit]) -> list[build.Unit]:
    """The units whose objects are kept in the cache folder (not the installed aten_lite's own
    core objects)."""
    return [u for u in units if u.obj.parent == Path(tools.objdir)]


def _make_private(units: list[build.Unit]) -> None:
    """The objects this process compiled for ``units`` (those there now) made 0600."""
    for u in units:
        if u.obj.exists():
            private_cache.make_private(u.obj)


def _check_objects(tools: build.Toolchain, units: list[build.Unit]) -> None:
    """Refuse any object of the cache folder that another user could have written (Note
    [Private caches]): it would be linked into the library."""
    objdir = Path(tools.objdir)
    root = objdir if objdir in _FALLBACK.values() else cache_dir()
    for u in _cached(tools, units):
        private_cache.check(u.obj, root, _WHAT)


def _build_key(tools: build.Toolchain, units: list[build.Unit]) -> str:
    return build.library_key(tools, [u.obj for u in units])


def generate(lib: Library, jobs: int = 2, verbose: bool = False, root: Path | None = None,
             main: Spec | None = None, private: bool = False) -> LibraryReport:
    """Render, compile and link the library into ``lib.out`` (Note [Library builds]).
    ``private``: the output is a cache entry (al.library.define_yaml's), made 0700/0600
    whatever the umask (Note [Private caches]); else it follows the umask, as a user's build
    folder does."""
    t0 = time.perf_counter()
    root = root if root is not None else aten_root()
    files = render(lib, root, main)  # raises SpecError before anything is touched
    tools = _toolchain(root)
    out = lib.out
    if out.exists() and not (out / "manifest.py").is_file() and any(out.iterdir()):
        raise LibraryError(f"{out}: exists and is not a generated library (no manifest.py); "
                           "choose an empty or new --out folder")
    written = tuple(p for p, text in files.items() if _read(out / p) != text)
    out.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{out.name}.staging-", dir=out.parent))
    replaced = False  # the staging folder became `out`: nothing left to remove
    if not private:
        umask = os.umask(0)
        os.umask(umask)
        staging.chmod(0o777 & ~umask)  # mkdtemp's 0700 would make the package private
    try:
        for path, text in files.items():
            target = staging / path
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text, encoding="utf-8", newline="\n")
        units = _units(root, tools, staging / "csrc")
        fresh = [u for u in _cached(tools, units) if not u.obj.exists()]
        try:
            core = [u for u in units if u.source.startswith("aten_lite/csrc/")]
            compiled = build.compile_units(root, _core_toolchain(root, tools), core, jobs, verbose)
            compiled += build.compile_units(root, tools, [u for u in units if u not in core],
                                            jobs, verbose)
        except build.BuildError as exc:
            # build.py names the YAML file of a kernel's expression by its base name; a
            # library's messages name its folder too (Note [Op library namespaces]).
            raise build.BuildError(_located(lib, str(exc))) from None
        finally:
            _make_private(fresh)
        _check_objects(tools, units)
        key = _build_key(tools, units)
        module = out / f"_C{build.ext_suffix()}"
        linked = _read(out / STAMP) != key or not module.is_file() or bool(
            set(files) ^ _generated_files(out))
        if not linked and not written:
            return LibraryReport(out, (), (), False, time.perf_counter() - t0)
        if linked:
            build.link_library(tools, [u.obj for u in units], staging / module.name, verbose)
        else:
            shutil.copy2(module, staging / module.name)
        (staging / STAMP).write_text(key)
        if private:
            private_cache.make_private(staging)
        _replace(staging, out)
        replaced = True
    finally:
        if not replaced:
            shutil.rmtree(staging, ignore_errors=True)
    if lib.out == lib.folder / "_generated":
        _write_package_init(lib)
    return LibraryReport(out, written, compiled, linked,
                         time.perf_counter() - t0)


def _located(lib: Library, message: str) -> str:
    lines = message.split("\n")
    for i, line in enumerate(lines):
        for name in ("native_functions.yaml:", "derivatives.yaml:"):
            if line.startswith(name):
                lines[i] = f"{lib.display}/{line}"
    return "\n".join(lines)


def _generated_files(out: Path) -> set[str]:
    if not out.is_dir():
        return set()
    return {p.relative_to(out).as_posix() for p in out.rglob("*")
            if p.is_file() and "__pycache__" not in p.parts and p.suffix in (".py", ".pyi", ".cpp", ".h", ".typed", ".yaml")}


def _replace(staging: Path, out: Path) -> None:
    """Put the complete staged package where the output was (two renames). When another
    process building the same sources got there first, its complete build stays."""
    old = None
    if out.exists():
        old = out.with_name(f".{out.name}.old-{os.getpid()}")
        try:
            os.replace(out, old)
        except FileNotFoundError:
            old = None
    try:
        os.replace(staging, out)
    except OSError:
        if not (out / "manifest.py").is_file():
            raise
        shutil.rmtree(staging, ignore_errors=True)
    if old is not None:
        shutil.rmtree(old, ignore_errors=True)


_INIT_MARK = "# @generated by aten-lite-gen library"


def _write_package_init(lib: Library) -> None:
    """``<folder>/__init__.py`` so that ``import myops`` loads the library; a hand-written
    one is left alone."""
    init = lib.folder / "__init__.py"
    text = (f"{_INIT_MARK} (op library '{lib.name}'); a hand-written __init__.py replaces it.\n"
            f'"""The op library \'{lib.name}\': importing it loads its build, _generated/."""\n\n'
            "from ._generated import *  # noqa: F401,F403\n"
            "from ._generated import __all__  # noqa: F401\n")
    current = _read(init)
    if current is None or current.startswith(_INIT_MARK):
        if current != text:
            init.write_text(text, encoding="utf-8")


def check(lib: Library, root: Path | None = None) -> list[str]:
    """The generated files (and the extension) that lag the library's sources; [] when up
    to date. Raises SpecError for a broken library."""
    root = root if root is not None else aten_root()
    files = render(lib, root)
    stale = [p for p, text in files.items() if _read(lib.out / p) != text]
    stale += [f"{p} (no longer generated)" for p in sorted(_generated_files(lib.out) - set(files))]
    tools = _toolchain(root)
    module = lib.out / f"_C{build.ext_suffix()}"
    with tempfile.TemporaryDirectory() as tmp:
        for path, text in files.items():
            if path.startswith("csrc/"):
                (Path(tmp) / path).parent.mkdir(parents=True, exist_ok=True)
                (Path(tmp) / path).write_text(text, encoding="utf-8")
        key = _build_key(tools, _units(root, tools, Path(tmp) / "csrc"))
    if not module.is_file() or _read(lib.out / STAMP) != key:
        stale.append(f"{module.name} (not built from these sources)")
    return stale


def _read(path: Path) -> str | None:
    try:
        return path.read_text(encoding="utf-8")
    except (FileNotFoundError, NotADirectoryError):
        return None


# ---- aten-lite-gen library --show OP ------------------------------------------------------


class _LibraryRuntime(runtime_source.RuntimeSource):
    """aten_lite's runtime source, with the library's kernels.py first for the kernels its
    ``dispatch:`` entries name."""

    def __init__(self, package: Path, lib: Library) -> None:
        super().__init__(package)
        self.lib = lib

    def kernel(self, key: str, name: str) -> runtime_source.Definition | None:
        path = self.lib.folder / "kernels.py"
        tree = report._parsed(path)
        line = report._def_line(tree.body, [name]) if tree is not None else None
        if line is not None:
            return runtime_source.Definition(name, f"{path.parent.name}/{path.name}", line, "def")
        return super().kernel(key, name)


class _LibraryCpp(runtime_source.CppSource):
    """The library's generated C++ (``generated/`` is its out folder) and its own ``csrc/``
    headers (which a ``cpp:`` kernel names as ``aten_lite/csrc/<name>.h``, Note [Library
    builds]), then aten_lite's headers."""

    def __init__(self, root: Path, lib: Library) -> None:
        super().__init__(root)
        self.lib = lib

    def path(self, rel: str) -> Path:
        if rel.startswith("generated/csrc/"):
            return self.lib.out / "csrc" / rel.removeprefix("generated/csrc/")
        own = self.lib.folder / "csrc" / Path(rel).name
        if rel.startswith("aten_lite/csrc/") and own.is_file():
            return own
        return super().path(rel)


class _LibraryWhere(report._Where):
    """``path:line`` for a library's report: generated files in its out folder, tests under
    its folder, hand-written kernels in its kernels.py and csrc/ before aten_lite's."""

    def __init__(self, lib: Library, package: Path) -> None:
        runtime = _LibraryRuntime(package, lib)
        super().__init__(lib.folder, runtime)
        self.cpp = _LibraryCpp(runtime.base, lib)
        self.lib = lib

    def generated(self, text: str) -> str:
        """As for aten_lite's files, in the library's: ``generated/<file>`` is ``<out>/<file>``, the
        type stub its ``__init__.pyi``, and records are keyed by ``NS::op``."""
        path, sep, rest = text.partition(": ")
        if not sep:
            return text
        if path == "aten_lite/_ops.pyi":
            file = self.lib.out / "__init__.pyi"
        elif path.startswith("generated/"):
            file = self.lib.out / path.removeprefix("generated/")
        else:
            return text
        line = report._generated_line(file, re.sub(r"'([^']+)'", rf"'{self.lib.name}::\1'", rest, 1))
        line = line or report._generated_line(file, rest)
        return f"{path}:{line}: {report._secondary_lines(file, rest)}" if line else text


def show(lib: Library, query: str) -> str | None:
    """`aten-lite-gen show` for a library's op: the main tree's report, with the library's
    names, generated paths and the ``path:line`` of each definition; None when the library
    has no such op."""
    root = aten_root()
    spec = load_spec(lib, root, main_spec(root))
    query = query.removeprefix(f"{lib.name}::")
    groups = report._matching(spec, query)
    if not groups:
        return None
    derivs = report._derivatives(spec)
    package = root / "aten_lite" if (root / "aten_lite").is_dir() else runtime_source.source().package
    where = _LibraryWhere(lib, package)
    out = os.path.relpath(lib.out, lib.folder.parent)
    texts = []
    for group in groups:
        text = report._show_group(spec, group, derivs, where)
        text = f"{lib.name}::" + text  # the run-time name (Note [Op library namespaces])
        text = text.replace("generated/", f"{out}/").replace("(al.", f"(al.{lib.name}.")
        for header in sorted((lib.folder / "csrc").glob("*.h")):
            text = text.replace(f"aten_lite/csrc/{header.name}", f"{lib.display}/csrc/{header.name}")
        text = re.sub(r"aten_lite/_ops\.pyi(:\d+)?: ([^,\n]*?)(?:, TensorOps\.\w+(?: \(line \d+\))?)?"
                      r"  \(type stub\)", rf"{out}/__init__.pyi\1: \2  (type stub)", text)
        text = re.sub(r"TensorOps\.\w+  \(type stub\)", "", text)
        texts.append("\n".join(line for line in text.split("\n")
                               if not line.rstrip().endswith("__init__.pyi:")))
    return "\n".join(texts)


# ---- aten-lite-gen library ------------------------------------------------------------------

USAGE = """\
examples:
  aten-lite-gen library myops/ --name myops        generate + build into myops/_generated
  aten-lite-gen library myops/ --out build/myops   into another folder (a package of its own)
  aten-lite-gen library myops/ --check             exit 1 and name stale files
  aten-lite-gen library myops/ --show mish         one op: schemas, kernels, derivative, files
"""


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(
        prog="aten-lite-gen library", epilog=USAGE,
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description="Generate and build an op library: a folder with its own "
        "native_functions.yaml (and derivatives.yaml, kernels.py, csrc/*.h), loaded with "
        "al.load_library or `import NAME`.")
    p.add_argument("folder", help="the library's folder")
    p.add_argument("--name", help="its namespace (default: the folder's name)")
    p.add_argument("--out", help="the generated package (default: FOLDER/_generated)")
    p.add_argument("--check", action="store_true", help="only check that the build is current")
    p.add_argument("--show", metavar="OP", help="show one op of the library, as `aten-lite-gen "
                   "show` does for aten_lite's")
    p.add_argument("-j", "--jobs", type=int, default=2, help="parallel C++ compile jobs")
    p.add_argument("-v", "--verbose", action="store_true", help="print compiler commands")
    args = p.parse_args(argv)
    try:
        lib = Library.at(args.folder, args.name, args.out)
        if args.show:
            text = show(lib, args.show)
            if text is None:
                print(f"no op named {args.show!r} in {lib.file('native_functions.yaml')}",
                      file=sys.stderr)
                return 1
            print(text)
            return 0
        if args.check:
            stale = check(lib)
            if not stale:
                print(f"{lib.out}: up to date")
                return 0
            print(f"{lib.out} does not match {lib.display}; stale:", file=sys.stderr)
            for path in stale:
                print(f"  {path}", file=sys.stderr)
            print(f"run `aten-lite-gen library {lib.display} --name {lib.name}`", file=sys.stderr)
            return 1
        report = generate(lib, jobs=max(1, args.jobs), verbose=args.verbose)
    except (SpecError, build.BuildError) as exc:
        print(exc, file=sys.stderr)
        return 1
    what = f"{len(report.written)} file(s) written" if report.written else "up to date"
    built = (f"compiled {len(report.compiled)} file(s), linked" if report.linked
             else "extension up to date")
    print(f"{report.out}: {what}; {built} ({report.seconds:.2f} s)")
    print(f"load it: al.load_library({os.fspath(report.out)!r}) -> al.ops.{lib.name}")
    return 0


__all__ = ["Library", "LibraryReport", "cache_dir", "check", "generate", "main_spec"]

"""Op libraries: ``al.load_library``, the ``al.ops`` namespaces and
``al.library.define_yaml``. A front-end module: it installs a built library into the layers
below through their extension points (handles and kernel tables, the autograd recorders,
Tensor methods, Note [Library kernels] in vocab/library_kernels.py).

    >>> import aten_lite as al
    >>> al.load_library("myops")          # doctest: +SKIP  (built by aten-lite-gen library)
    >>> al.ops.myops.mish(x), x.mish()    # doctest: +SKIP  (aten_lite.myops is al.ops.myops)

Note [The library ABI]
A built library (``aten-lite-gen library``, tools/codegen/library_build.py) is a folder,
``<lib>``: its ``<lib>/manifest.py``, the generated ``<lib>/registry.py``, ``<lib>/ops.py``,
``<lib>/autograd_nodes.py``, ``<lib>/forward_rules.py``, its ``<lib>/kernels.py`` and its own
extension ``_C`` (aten_lite's core sources and headers plus the library's kernels). The
generated Python reads aten_lite's runtime (handles, the binding parser, autograd nodes, forward
mode) and the registry records follow the generator's format, so a build is loadable only by the
aten_lite it was built against: the manifest's ``ATEN_LITE_VERSION`` and ``ABI``
(``ABI_VERSION`` of vocab/library_kernels.py, bumped when the C++ kernel ABI, the record format
or the generated autograd code's protocol changes) must equal this runtime's, or loading raises
before anything is installed, saying how to rebuild. Loading never runs the generator or a
compiler.

Note [Loading a library]
Loading installs, in order: the extension (so that kernel tables can find its entries), one
``OpHandle`` per record under its qualified name ``NS::op`` with its kernel table (generic
kernels as for aten_lite's ops; ``dispatch:`` names functions of the library's kernels.py),
the bindings (ops.py), the autograd recorders, the forward-mode rules (forward_rules.py,
derived as for aten_lite's ops), the Tensor methods, and the namespace ``al.ops.NS``, also
the attribute NS of aten_lite. Every clash is refused before the first install: a namespace
already loaded from another build, a method another library or aten_lite defines (naming
both YAML lines). A failure midway uninstalls what was installed.
"""

from __future__ import annotations

import importlib
import importlib.util
import os
import sys
import types
from dataclasses import dataclass, field
from pathlib import Path

from ..dispatch import dispatcher as _dispatch
from ..vocab import library_kernels as _library_kernels
from ..vocab.dispatch_keys import COMPOSITE
from .. import backends
from .. import library as _library
from ..vocab.jit_cache import cache_dir
from ..tensors.tensor import Tensor
from .tensor_api import __version__
from ..autograd import forward_ad as _forward_ad, kernel as _autograd_kernel

__all__ = ["load_library", "ops", "define_yaml", "LibraryError"]

_PACKAGE = "aten_lite._libraries"  # the parent of every loaded library's modules
# The build's module of its elementwise ops' rows, which graph mode fuses them from (Note
# [Library ops in fused kernels] in compile/library_entries.py).
FUSION_TABLE = "fusion_table.py"
_FRONT = __package__.rpartition(".")[0]  # aten_lite itself: libraries become its attributes


class LibraryError(ImportError):
    """An op library that cannot be loaded: not built, built for another aten_lite, or
    clashing with what is loaded."""


@dataclass
class _Loaded:
    """One loaded library: what it installed, so that it can be uninstalled."""

    name: str
    out: Path
    digest: str
    native: str  # its native_functions.yaml, as messages name it
    module: types.ModuleType | None = None  # al.ops.NS
    handles: list = field(default_factory=list)
    methods: dict = field(default_factory=dict)  # name -> function attached to Tensor
    recorders: list = field(default_factory=list)
    forward: types.ModuleType | None = None  # its forward_rules, installed in forward mode
    define_yaml: bool = False  # made by define_yaml: may be replaced by a later definition
    package: str = ""  # the module name its generated files are imported under


_LOADED: dict[str, _Loaded] = {}
_METHOD_OWNERS: dict[str, str] = {}  # Tensor method -> the library op that defines it (its loc)


class _Ops:
    """``al.ops``: one attribute per loaded library namespace (``al.ops.myops.mish``)."""

    def __getattr__(self, name: str):
        loaded = _LOADED.get(name)
        if loaded is None or loaded.module is None:
            known = ", ".join(sorted(_LOADED)) or "none"
            raise AttributeError(f"al.ops: no op library {name!r} is loaded (loaded: {known}); "
                                 "load one with al.load_library(path) or import its package")
        return loaded.module

    def __dir__(self):
        return sorted(_LOADED)

    def __repr__(self) -> str:
        return f"<al.ops: op libraries {sorted(_LOADED)}>"


ops = _Ops()


def _package_dir(path) -> Path:
    """The generated package: ``path`` itself, or ``path/_generated`` for a library folder."""
    p = Path(path).resolve()
    for candidate in (p, p / "_generated"):
        if (candidate / "manifest.py").is_file():
            return candidate
    if (p / "native_functions.yaml").is_file():
        raise LibraryError(f"al.load_library: {path} is an op library that is not built; run "
                           f"`aten-lite-gen library {path} --name {p.name}` first")
    raise LibraryError(f"al.load_library: no built op library at {path} (no manifest.py there "
                       "or in its _generated/); give the folder aten-lite-gen library wrote")


def _manifest(out: Path) -> dict:
    scope: dict = {}
    text = (out / "manifest.py").read_text(encoding="utf-8")
    exec(compile(text, str(out / "manifest.py"), "exec"), scope)
    missing = [k for k in ("NAMESPACE", "ATEN_LITE_VERSION", "ABI", "SOURCE_DIGEST", "NATIVE")
               if k not in scope]
    if missing:
        raise LibraryError(f"al.load_library: {out}/manifest.py lacks {', '.join(missing)}; "
                           "rebuild the library with this aten_lite's aten-lite-gen library")
    return scope


def _check_abi(m: dict, out: Path) -> None:
    """Note [The library ABI]."""
    if m["ATEN_LITE_VERSION"] != __version__ or m["ABI"] != _library_kernels.ABI_VERSION:
        raise LibraryError(
            f"al.load_library: the op library {m['NAMESPACE']!r} at {out} was built for "
            f"aten_lite {m['ATEN_LITE_VERSION']} (library ABI {m['ABI']}), but this is aten_lite "
            f"{__version__} (library ABI {_library_kernels.ABI_VERSION}); rebuild it with this "
            f"aten_lite: aten-lite-gen library <its folder> --name {m['NAMESPACE']}")


def load_library(path) -> types.ModuleType:
    """Load the op library built at ``path`` (its folder, or the folder ``aten-lite-gen
    library --out`` wrote) and return its namespace, also reachable as ``al.ops.NS`` and as
    the attribute NS of aten_lite. Loading the same build again returns the same namespace."""
    out = _package_dir(path)
    m = _manifest(out)
    name = m["NAMESPACE"]
    _check_abi(m, out)
    before = _LOADED.get(name)
    if before is not None:
        if before.out == out and before.digest == m["SOURCE_DIGEST"]:
            return before.module
        if not before.define_yaml:
            raise LibraryError(
                f"al.load_library: {m['NATIVE']} ({out}) declares the op library {name!r}, "
                f"which is already loaded from {before.native} ({before.out}){_same_ops(out)}; "
                "two libraries cannot share a namespace: rebuild one with another --name")
    return _install(name, out, m)


def _same_ops(out: Path) -> str:
    """", where op NS::x (FILE:LINE) is also NS::x (FILE:LINE)" for the first op both define."""
    scope: dict = {}
    try:  # registry.py is plain data
        exec(compile((out / "registry.py").read_text(encoding="utf-8"), "registry.py", "exec"),
             scope)
    except (OSError, SyntaxError):
        return ""
    loaded = _dispatch.handles()
    for record in scope.get("OPS", ()):
        there = loaded.get(record.name)
        if there is not None:
            return f", where {record.name} ({record.loc}) is also {there.name} ({there.loc})"
    return ""


def _import(module: str, what: str, out: Path):
    try:
        return importlib.import_module(module)
    except ModuleNotFoundError as exc:
        if exc.name == module:
            raise LibraryError(f"al.load_library: {out} has no {what}; rebuild the library "
                               "with aten-lite-gen library") from None
        raise


def _parent_package() -> types.ModuleType:
    parent = sys.modules.get(_PACKAGE)
    if parent is None:
        parent = types.ModuleType(_PACKAGE, "The modules of loaded op libraries (frontend/oplib.py).")
        parent.__path__ = []
        sys.modules[_PACKAGE] = parent
    return parent


def _install(name: str, out: Path, m: dict, define_yaml: bool = False) -> types.ModuleType:
    # A fresh module name for each build, so that a library redefined by define_yaml in one
    # process never finds the modules of its previous build.
    pkg_name = f"{_PACKAGE}.{name}_{m['SOURCE_DIGEST']}"
    _parent_package()
    pkg = types.ModuleType(pkg_name)
    pkg.__path__ = [str(out)]
    pkg.__file__ = str(out / "__init__.py")
    sys.modules[pkg_name] = pkg
    ext = _import(f"{pkg_name}._C", "extension module _C (the build did not finish)", out)
    registry = _import(f"{pkg_name}.registry", "registry.py", out)
    records = registry.OPS
    methods = _methods_of(records)
    previous = _LOADED.get(name)
    _check_clashes(name, m, methods, previous)
    kernels = None
    if (out / "kernels.py").is_file():
        kernels = _import(f"{pkg_name}.kernels", "kernels.py", out)
    if previous is not None:
        _uninstall(previous)
    loaded = _Loaded(name, out, m["SOURCE_DIGEST"], m["NATIVE"], define_yaml=define_yaml,
                     package=pkg_name)
    _LOADED[name] = loaded
    try:
        _library_kernels.register(name, ext)
        ext.set_num_threads(_library_kernels.num_threads())
        _install_handles(loaded, records, kernels, out)
        ops_module = _import(f"{pkg_name}.ops", "ops.py", out)
        nodes = _import(f"{pkg_name}.autograd_nodes", "autograd_nodes.py", out)
        _install_recorders(loaded, nodes.RECORDERS)
        loaded.forward = _import(f"{pkg_name}.forward_rules", "forward_rules.py", out)
        _forward_ad.install_library_rules(loaded.forward)
        for method, fn in ops_module.METHODS.items():
            setattr(Tensor, method, fn)
            loaded.methods[method] = fn
            _METHOD_OWNERS[method] = methods[method]
        loaded.module = _namespace(name, out, ops_module)
        setattr(sys.modules[_FRONT], name, loaded.module)
    except BaseException:
        _uninstall(loaded)
        raise
    return loaded.module


def _methods_of(records) -> dict[str, str]:
    """Tensor method name -> 'NS::op (FILE:LINE)' for the library's method variants."""
    out = {}
    for r in records:
        if "method" in r.variants and r.kind != "out":
            out[r.name.partition("::")[2].partition(".")[0]] = f"{r.name} ({r.loc})"
    return out


def _check_clashes(name: str, m: dict, methods: dict, previous) -> None:
    front = sys.modules[_FRONT]
    if previous is None and hasattr(front, name):
        raise LibraryError(f"al.load_library: the library name {name!r} ({m['NATIVE']}) is "
                           f"already an attribute of aten_lite; rebuild the library "
                           "with another --name")
    mine = set(previous.methods) if previous is not None else set()
    for method, where in methods.items():
        owner = _METHOD_OWNERS.get(method)
        if method in mine:
            continue
        if owner is not None:
            raise LibraryError(f"al.load_library: {where} declares the Tensor method "
                               f"{method!r}, which {owner} already defines; drop 'method' from "
                               "one of them (functions stay apart in their namespaces)")
        if hasattr(Tensor, method):
            mine_op = _dispatch.handles().get(method)
            there = f" ({mine_op.loc})" if mine_op is not None else ""
            raise LibraryError(f"al.load_library: {where} declares the Tensor method "
                               f"{method!r}, which aten_lite defines{there}; a library cannot "
                               "replace aten_lite's ops: drop 'method', or override that op's "
                               "kernel with al.library.impl")


def _install_handles(loaded: _Loaded, records, kernels, out: Path) -> None:
    """One OpHandle per record, kernel tables as _dispatch.install builds them, but with the
    `dispatch:` kernels taken from the library's kernels.py."""
    made = []
    for record in records:
        try:
            h = _dispatch.add_handle(record)
        except ValueError as e:  # qualified names: only a namespace clash could do it
            raise LibraryError(f"al.load_library: {e}") from None
        loaded.handles.append(h.name)
        made.append(h)
    handles = _dispatch.handles()
    for h in sorted(made, key=lambda h: h.functional is not None):
        named, h.dispatch = h.dispatch, {}
        # the generic kernels (elementwise, reduction, derived) of every registered backend
        backends.build_table(h, handles)
        h.dispatch = named
        src = handles[h.functional] if h.functional else h
        for key, fname in named.items():
            fn = getattr(kernels, fname, None) if kernels is not None else None
            if fn is None:
                raise LibraryError(f"al.load_library: {h.loc}: {h.name}: dispatch {key}: no "
                                   f"function {fname!r} in {out / 'kernels.py'}; rebuild the "
                                   "library")
            if key is not COMPOSITE:
                fn = backends.dtype_guard(src, fn)
            h.stacks[key] = [(fn, f"{loaded.name}.kernels.{fname}")]
        h.composite = COMPOSITE in h.stacks
        h.rebuild_table()


def _install_recorders(loaded: _Loaded, recorders: dict) -> None:
    for op, make in recorders.items():
        name = f"{loaded.name}::{op}"
        _autograd_kernel._RECORDERS[name] = make  # binds the op (Note [Recorders are the kernels])
        loaded.recorders.append(name)


def _namespace(name: str, out: Path, ops_module) -> types.ModuleType:
    module = types.ModuleType(f"aten_lite.ops.{name}",
                              f"The ops of the op library {name!r}, built at {out}.")
    for fn_name in ops_module.__all__:
        setattr(module, fn_name, getattr(ops_module, fn_name))
    module.__all__ = list(ops_module.__all__)
    module.__file__ = str(out / "ops.py")
    return module


def _uninstall(loaded: _Loaded) -> None:
    """Remove what ``loaded`` installed (a failed load, or a define_yaml redefinition)."""
    for name in loaded.handles:
        _dispatch.remove_handle(name)
    for name in loaded.recorders:
        _autograd_kernel._RECORDERS.pop(name, None)
    if loaded.forward is not None:
        _forward_ad.uninstall_library_rules(loaded.forward)
    for method, fn in loaded.methods.items():
        if Tensor.__dict__.get(method) is fn:
            delattr(Tensor, method)
        _METHOD_OWNERS.pop(method, None)
    front = sys.modules[_FRONT]
    if loaded.module is not None and getattr(front, loaded.name, None) is loaded.module:
        delattr(front, loaded.name)
    _library_kernels.unregister(loaded.name)
    if _LOADED.get(loaded.name) is loaded:
        del _LOADED[loaded.name]
    # Its Python modules go too: loading the same build again must bind fresh handles (whose
    # tables see the devices registered since), not the unloaded ones. The extension stays
    # imported: Python cannot unload it, and a new import of that build returns it anyway.
    for module in [m for m in sys.modules if m.startswith(loaded.package + ".")]:
        if module != f"{loaded.package}._C":
            del sys.modules[module]


# ---- define_yaml: a library from YAML text, in process -----------------------------------------


def _codegen():
    """aten_lite's generator: the checkout's tools/codegen beside this package, else the one
    installed as aten_lite.codegen (the same rule as aten_lite/__init__.py's for generated/)."""
    name = f"{_FRONT}.codegen"
    if name in sys.modules:
        return sys.modules[name]
    folder = Path(__file__).resolve().parents[2] / "tools" / "codegen"
    if not (folder / "__init__.py").is_file():
        return importlib.import_module(name)
    spec = importlib.util.spec_from_file_location(name, folder / "__init__.py",
                                                  submodule_search_locations=[str(folder)])
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def _digest(*parts: str) -> str:
    import hashlib

    h = hashlib.sha256()
    for part in parts:
        h.update(part.encode("utf-8") + b"\0")
    return h.hexdigest()[:20]


def define_yaml(native_yaml: str, derivatives: str | None = None, *, name: str = "user",
                kernels: str | None = None) -> types.ModuleType:
    """Define ops from YAML text in this process, as an op library named ``name``: generate,
    build (cached by content in ``$AL_CACHE_DIR``, default ``~/.cache/aten_lite``) and load.
    ``kernels`` is the source of its kernels.py. Returns the namespace (``al.ops.<name>``).
    Defining ``name`` again replaces the ops an earlier define_yaml gave it.

    >>> import aten_lite as al
    >>> user = al.library.define_yaml('''
    ... - func: mish(Tensor self) -> Tensor
    ...   elementwise: self * tanh(log1p(exp(self)))
    ...   dtypes: floating
    ... ''')                                                  # doctest: +SKIP
    >>> user.mish(al.tensor([1.0]))                          # doctest: +SKIP
    tensor([0.8651])
    """
    for text, what in ((native_yaml, "native_yaml"), (derivatives, "derivatives"),
                       (kernels, "kernels")):
        if text is not None and not isinstance(text, str):
            raise TypeError(f"al.library.define_yaml: {what} must be YAML text (a str), got "
                            f"{type(text).__name__}")
    key = _digest(name, native_yaml, derivatives or "", kernels or "", __version__,
                  str(_library_kernels.ABI_VERSION))
    folder, root = _writable(key, name)
    out = folder / "_generated"
    loaded = _LOADED.get(name)
    if loaded is not None and not loaded.define_yaml:
        raise LibraryError(f"al.library.define_yaml: {name!r} is the op library loaded from "
                           f"{loaded.native}; choose another name=")
    private = _private()
    # Its manifest is executed and its modules and extension loaded: only a tree that nobody
    # else could have written (Note [Private caches]). A tree already there is checked before
    # anything is decided from it, so that another user's entry is refused, not built over.
    if out.exists():
        private.check(folder, root, _WHAT)
        private.check_tree(out, root, _WHAT)
    # A build an older aten-lite-gen left in the cache lacks the fusion table: build again.
    if not ((out / "manifest.py").is_file() and (out / FUSION_TABLE).is_file()):
        _build(folder, name, native_yaml, derivatives, kernels)
        private.check(folder, root, _WHAT)
        private.check_tree(out, root, _WHAT)
    m = _manifest(out)
    if loaded is not None and loaded.out == out:
        return loaded.module
    _check_abi(m, out)
    return _install(name, out, m, define_yaml=True)


_WHAT = "al.library.define_yaml: the op library cache"


class _Fallback:
    """The private temporary folder (``tempfile.mkdtemp``: 0700, an unguessable name) that
    define_yaml builds in when the cache cannot be written; one per process, never a fixed
    path under the shared temporary directory, where another user could plant a library
    whose manifest.py would run as the caller (Note [Private caches])."""

    folder: Path | None = None


def _private():
    """tools/codegen/private_cache.py (Note [Private caches])."""
    return importlib.import_module(f"{_codegen().__name__}.private_cache")


def _writable(key: str, name: str) -> tuple[Path, Path]:
    """(the library's folder ``libraries/<key>/<name>`` of the cache, made private, and the
    root its check starts from), or the same under this process's private temporary folder
    when the cache cannot be written. Raises UnsafeCacheError when the cache folder is not
    private."""
    private = _private()
    root = cache_dir()
    folder = cache_dir("libraries", key, name)
    if _Fallback.folder is None:
        try:
            return private.make_dir(folder, root, _WHAT), root
        except OSError as exc:
            _Fallback.folder = private.fallback_folder(
                "aten_lite-libraries-",
                f"al.library.define_yaml: cannot write the cache {folder} "
                f"({exc.strerror or exc}); building in {{folder}} for this process only "
                "(set AL_CACHE_DIR to a writable folder to keep builds)", stacklevel=3)
    root = _Fallback.folder
    return private.make_dir(root / key / name, root, _WHAT), root


def _build(folder: Path, name: str, native_yaml: str, derivatives, kernels) -> None:
    codegen = _codegen()
    library_build = importlib.import_module(f"{codegen.__name__}.library_build")
    for file, text in (("native_functions.yaml", native_yaml),
                       ("derivatives.yaml", derivatives), ("kernels.py", kernels)):
        path = folder / file
        if text is None:
            path.unlink(missing_ok=True)
        else:  # whole or not at all: another process may be building the same text
            _private().write_file(path, text.encode("utf-8"))
    lib = library_build.Library.at(folder, name)
    library_build.generate(lib, jobs=os.cpu_count() or 2, private=True)
    _private().make_private(folder)


# al.library.define_yaml: the runtime-registration module (layer 5) offers it, but it lives
# here, above the dispatcher, since it runs the generator and the loader.
_library.define_yaml = define_yaml
# The C++ entry of a library's `cpp:` template, for its kernels.py: cpp_kernel("myops::name").
_library.cpp_kernel = _library_kernels.get_kernel
